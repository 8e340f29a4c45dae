"""Score-sheet positions people and programs can read: str/repr, the sheet renderer, state JSON, strategies."""

from __future__ import annotations

import json
from typing import Any

import attrs
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from hypothesis_profiles import examples

import morpyam.yahtzee as yz
from morpyam.files import FileFormatError
from morpyam.yahtzee import strategies as yst
from morpyam.yahtzee.state_json import (
    STATE_FORMAT,
    InvalidStateError,
    check_state,
    state_from_dict,
    state_to_dict,
)
from morpyam.yahtzee.text import render, render_sheets, render_status, rules_text

B = yz.Box


def _full_house(rules: yz.Rules | None = None, **game: int) -> yz.State:
    # player 0 rolls 2 2 6 6 6 and scores it as a full house: 25 points (Y-BOX-4)
    state = yz.new_game(attrs.evolve(rules or yz.Rules.megawuerfel(), players=2), **game)
    state = yz.apply(state, yz.Roll())
    state = yz.apply(state, yz.RollResult((2, 2, 6, 6, 6)))
    return yz.apply(state, yz.Score(B.FULL_HOUSE))


def _solitaire_of_ones() -> yz.State:
    # thirteen turns of 1 1 1 1 1, one box each, in sheet order (Y-BOX-2 to Y-BOX-8):
    # ones 5, three and four of a kind 5 each, yahtzee 50, chance 5, the rest 0: 70
    state = yz.new_game(yz.Rules.megawuerfel())
    for box in yz.BOXES:
        state = yz.apply(state, yz.Roll())
        state = yz.apply(state, yz.RollResult((1, 1, 1, 1, 1)))
        state = yz.apply(state, yz.Score(box))
    return state


# --- str, repr and the renderer ---------------------------------------------------------------------


def test_str_is_the_sheet_and_the_status() -> None:
    # a label column 15 wide (three-of-a-kind), a column 8 wide per player ("player 0");
    # no Yahtzee bonus row (the Megawürfel sheet has none) and no grand total (one game)
    assert str(_full_house()).splitlines() == [
        "game 1          player 0 player 1",
        "ones",
        "twos",
        "threes",
        "fours",
        "fives",
        "sixes",
        "upper sum              0        0",
        "upper bonus            0        0",
        "three-of-a-kind",
        "four-of-a-kind",
        "full-house            25",
        "small-straight",
        "large-straight",
        "yahtzee",
        "chance",
        "total                 25        0",
        "Player 1 to roll",
    ]


def test_names_and_the_rows_of_other_rules() -> None:
    state = _full_house(yz.Rules.hasbro(), games=2)
    lines = render(state, names=["Ann", "Bo"]).splitlines()
    assert lines[0] == "game 1             Ann     Bo"
    assert "yahtzee bonus        0      0" in lines  # Y-BONUS-2: Hasbro gives 100 an extra one
    assert "grand total         25      0" in lines
    assert lines[-1] == "Bo to roll (game 1 of 2)"  # the names call the players here too
    with pytest.raises(ValueError, match="one string per player"):
        render_sheets(state, names=["Ann"])
    with pytest.raises(ValueError, match="yahtzee State"):
        render_sheets("sheet")  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="yahtzee State"):
        render_status("sheet")  # type: ignore[arg-type]


def test_every_stage_has_its_status_line() -> None:
    state = yz.new_game(yz.Rules.megawuerfel())
    assert render_status(state) == "Player 0 to roll"
    state = yz.apply(state, yz.Roll())
    assert render_status(state) == "Player 0: dice in the air for roll 1, kept nothing"
    state = yz.apply(state, yz.RollResult((6, 2, 6, 2, 6)))
    assert render_status(state) == "Player 0: dice 2 2 6 6 6 after roll 1 of 3"
    state = yz.apply(state, yz.Roll((6, 6, 6)))
    assert render_status(state) == "Player 0: dice in the air for roll 2, kept 6 6 6"
    assert render_status(_solitaire_of_ones()) == "Game over: won by player 0; totals 70"


def test_a_short_one_line_repr() -> None:
    assert repr(_full_house()) == (
        "<State Rules.megawuerfel(players=2); 2 players; totals 25, 0; player 1 to roll>"
    )
    assert repr(yz.new_game(yz.Rules.hasbro(), games=3)) == (
        "<State Rules.hasbro(players=1); 1 player, 3 games; totals 0; player 0 to roll (game 1 of 3)>"
    )


def test_rules_text_is_python_that_makes_the_rules() -> None:
    # the old name of repr(rules), kept as an alias
    assert rules_text(yz.Rules.hasbro()) == "Rules.hasbro(players=1)"
    for rules in (
        yz.Rules(),
        attrs.evolve(yz.Rules.hasbro(), joker="free", max_players=2),
        yz.Rules.megawuerfel(players=4),
    ):
        assert rules_text(rules) == repr(rules)
        assert eval(rules_text(rules), {"attrs": attrs, "Rules": yz.Rules}) == rules
    # Rules() differs from the Megawürfel preset only in the bonus comparison (Y-BONUS-1)
    assert rules_text(yz.Rules()) == (
        "attrs.evolve(Rules.megawuerfel(players=1), bonus_comparison='>=')"
    )


# --- state JSON ---------------------------------------------------------------------------------------


def test_the_documented_schema() -> None:
    state = _full_house()
    data = state_to_dict(state)
    assert data["format"] == STATE_FORMAT == "yahtzee-state/1"
    assert data["rules"] == attrs.asdict(yz.Rules.megawuerfel(players=2))
    assert data["rules"]["players"] == 2  # Y-SET-1
    assert data["sheets"] == [
        [{"boxes": {"full-house": 25}, "upper_bonus": 0, "yahtzee_bonus": 0}],
        [{"boxes": {}, "upper_bonus": 0, "yahtzee_bonus": 0}],
    ]
    assert (data["player"], data["game"], data["rolls"]) == (1, 0, 0)
    assert (data["dice"], data["kept"], data["in_air"]) == (None, [], False)
    assert state_from_dict(data) == state
    assert yz.state_from_json(yz.state_to_json(state)) == state
    with pytest.raises(ValueError, match="yahtzee State"):
        state_to_dict("state")  # type: ignore[arg-type]


@settings(max_examples=examples(100), deadline=None)
@given(yst.states())
def test_states_reached_by_play_round_trip(state: yz.State) -> None:
    text = yz.state_to_json(state)
    back = yz.state_from_json(text)
    assert back == state
    assert yz.state_to_json(back) == text
    check_state(state)


def _edited(state: yz.State, edit: Any) -> dict[str, Any]:
    data = state_to_dict(state)
    if callable(edit):
        edit(data)
    else:
        data.update(edit)
    loaded: dict[str, Any] = json.loads(json.dumps(data))
    return loaded


def _sheet(**boxes: int) -> dict[str, Any]:
    return {"boxes": boxes, "upper_bonus": 0, "yahtzee_bonus": 0}


RULES = attrs.asdict(yz.Rules.megawuerfel())
EMPTY = _sheet()


@pytest.mark.parametrize(
    ("edit", "where", "reason"),
    [
        ({"format": "myrummy-state/1"}, "format", "not a score-sheet state"),
        (lambda d: d.pop("format"), "format", "missing"),
        (lambda d: d.pop("dice"), "dice", "missing"),
        ({"speed": 1}, "speed", "unknown field"),
        ({"rules": {**RULES, "joker": "wild"}}, "rules", "Y-JOKER-1"),
        ({"rules": {**RULES, "speed": 1}}, "rules.speed", "unknown field"),
        ({"rules": {k: v for k, v in RULES.items() if k != "joker"}}, "rules.joker", "missing"),
        ({"rules": {**RULES, "upper_bonus": 2**70}}, "rules.upper_bonus", "out of range"),
        ({"sheets": []}, "sheets", "Y-SET-1"),
        ({"sheets": [[EMPTY]] * 7}, "sheets", "2 players, got 7"),
        ({"sheets": [[EMPTY] * 7] * 2}, "sheets[0]", "Y-END-1"),
        ({"sheets": [[EMPTY], [EMPTY, EMPTY]]}, "sheets[1]", "the same 1 games"),
        ({"sheets": [[_sheet(fullhouse=25)], [EMPTY]]}, "sheets[0][0].boxes.fullhouse", "no box"),
        ({"sheets": [[_sheet(chance=51)], [EMPTY]]}, "sheets[0][0].boxes.chance", "0 to 50"),
        (
            {"sheets": [[_sheet(chance=5, ones=1)], [EMPTY]]},
            "sheets[0][0].boxes",
            "sheet order",
        ),
        ({"sheets": [[{"boxes": {}}], [EMPTY]]}, "sheets[0][0].upper_bonus", "missing"),
        ({"sheets": [[{**EMPTY, "notes": ""}], [EMPTY]]}, "sheets[0][0].notes", "unknown"),
        ({"sheets": [["sheet"], [EMPTY]]}, "sheets[0][0]", "expected a table"),
        ({"player": 2}, "player", "0 to 1"),
        ({"game": 1}, "game", "0 to 0"),
        ({"rolls": 4}, "rolls", "0 to 3"),
        ({"dice": [6, 6, 6, 2, 2]}, "dice", "sorted"),
        ({"dice": [1, 2, 3, 4, 5, 6]}, "dice", "5 to 5 faces"),
        ({"dice": [0, 2, 3, 4, 5]}, "dice[0]", "1 to 6"),
        ({"kept": [1, 1, 1, 1, 1]}, "kept", "0 to 4 faces"),
        ({"in_air": 0}, "in_air", "true or false"),
    ],
)
def test_errors_say_where(edit: Any, where: str, reason: str) -> None:
    with pytest.raises(FileFormatError) as caught:
        state_from_dict(_edited(_full_house(), edit))
    assert caught.value.where == where, caught.value
    assert reason in caught.value.reason, caught.value


def _bonus(data: dict[str, Any]) -> None:
    data["sheets"][0][0]["upper_bonus"] = 35


def _hand_sheet(**boxes: int) -> Any:
    def edit(data: dict[str, Any]) -> None:
        data["sheets"][0][0]["boxes"] = boxes

    return edit


INVALID = [
    # (the state, the edit, where, the rule or words of the reason)
    ("full house", _hand_sheet(**{"full-house": 24}), "sheets[0][0].boxes.full-house", "Y-BOX-1"),
    ("full house", _hand_sheet(ones=6), "sheets[0][0].boxes.ones", "Y-BOX-1"),
    ("full house", _hand_sheet(chance=4), "sheets[0][0].boxes.chance", "Y-BOX-1"),
    ("full house", _bonus, "sheets[0][0].upper_bonus", "Y-BONUS-1"),
    ("full house", {"player": 0}, "sheets[1][0]", "Y-END-1"),
    ("full house", {"in_air": True, "dice": [1, 2, 3, 4, 5]}, "dice", "in the air"),
    ("full house", {"in_air": True, "rolls": 3}, "rolls", "Y-TURN-1"),
    ("full house", {"in_air": True, "kept": [6]}, "kept", "Y-TURN-1"),
    ("full house", {"kept": [6]}, "kept", "in the air"),
    ("full house", {"dice": [1, 2, 3, 4, 5]}, "dice", "Y-TURN-1"),
    ("full house", {"rolls": 1}, "dice", "Y-TURN-1"),
    ("two games", {"game": 1}, "sheets[0][0]", "Y-END-1: game 1 is over"),
    ("two games", lambda d: d["sheets"][1][1]["boxes"].update(ones=1), "sheets[1][1]", "Y-END-1"),
    ("ones", {"rolls": 1, "dice": [1, 1, 1, 1, 1]}, "rolls", "Y-END-1"),
    (
        "ones",
        lambda d: (d["sheets"].append([EMPTY]), d["rules"].update(players=2)),
        "player",
        "Y-END-1",
    ),
]


def test_a_document_written_before_rules_had_players_still_reads() -> None:
    # Y-SET-1: yahtzee-state/1 documents had no rules.players; the sheets say how many play
    state = _full_house(games=2)
    data = state_to_dict(state)
    assert data["rules"]["players"] == 2
    del data["rules"]["players"]
    assert state_from_dict(data) == state
    assert yz.state_from_json(json.dumps(data)).rules == yz.Rules.megawuerfel(players=2)


def test_players_and_sheets_must_agree() -> None:
    # Y-SET-1: one list of sheets per player of the rules
    data = state_to_dict(_full_house())
    data["rules"]["players"] = 3
    with pytest.raises(FileFormatError) as caught:
        state_from_dict(data)
    assert caught.value.where == "sheets"
    assert "3 players, got 2" in caught.value.reason
    data["rules"]["players"] = 7  # more than max_players: the rules refuse it
    with pytest.raises(FileFormatError, match="Y-SET-1"):
        state_from_dict(data)
    state = _full_house()
    with pytest.raises(InvalidStateError, match="Y-SET-1: one tuple of sheets per player, 3"):
        check_state(attrs.evolve(state, rules=attrs.evolve(state.rules, players=3)))


def _state(which: str) -> yz.State:
    if which == "ones":
        return _solitaire_of_ones()
    return _full_house(games=2) if which == "two games" else _full_house()


@pytest.mark.parametrize(("which", "edit", "where", "reason"), INVALID)
def test_invalid_states_are_refused(which: str, edit: Any, where: str, reason: str) -> None:
    data = _edited(_state(which), edit)
    with pytest.raises(InvalidStateError) as caught:
        state_from_dict(data)
    assert caught.value.where == where, caught.value
    assert reason in caught.value.reason, caught.value


def test_the_bonuses_must_match_the_sheet() -> None:
    # Y-BONUS-2 (Hasbro: 100 an extra five of a kind): a bonus needs 50 in the yahtzee box and
    # a box scored after it for each bonus
    hasbro = yz.new_game(yz.Rules.hasbro())
    good = state_to_dict(hasbro)
    good["sheets"][0][0] = {
        "boxes": {"sixes": 30, "yahtzee": 50},
        "upper_bonus": 0,
        "yahtzee_bonus": 100,
    }
    good["player"] = 0
    read = state_from_dict(good)
    assert read.sheets[0][0].total == 180
    for boxes, bonus, reason in [
        ({"sixes": 30, "yahtzee": 0}, 100, "needs 50 in the yahtzee box"),
        ({"sixes": 30, "yahtzee": 50}, 200, "each scored in a box of its own"),
        ({"sixes": 30, "yahtzee": 50}, 150, "100 for each further"),
    ]:
        data = json.loads(json.dumps(good))
        data["sheets"][0][0].update(boxes=boxes, yahtzee_bonus=bonus)
        with pytest.raises(InvalidStateError, match=reason):
            state_from_dict(data)
    none = json.loads(json.dumps(good))
    none["rules"] = RULES  # the Megawürfel sheet gives no Yahtzee bonus
    with pytest.raises(InvalidStateError, match="these rules give no bonus"):
        state_from_dict(none)
    # Y-BONUS-1: an upper sum of 63 earns 35 under Hasbro (63 or more), not on the Megawürfel
    # sheet (above 63)
    upper = {"ones": 3, "twos": 6, "threes": 9, "fours": 12, "fives": 15, "sixes": 18}
    assert sum(upper.values()) == 63
    for rules, bonus in ((attrs.asdict(yz.Rules.hasbro()), 35), (RULES, 0)):
        data = json.loads(json.dumps(good))
        data["rules"] = rules
        data["sheets"][0][0] = {"boxes": upper, "upper_bonus": bonus, "yahtzee_bonus": 0}
        assert state_from_dict(data).sheets[0][0].upper_bonus == bonus
        data["sheets"][0][0]["upper_bonus"] = 35 - bonus
        with pytest.raises(InvalidStateError, match="Y-BONUS-1"):
            state_from_dict(data)


def test_check_state_refuses_values_no_document_makes() -> None:
    good = _full_house()
    cases: list[tuple[dict[str, Any], str]] = [
        ({"rules": "hasbro"}, "rules"),
        ({"sheets": ()}, "sheets"),
        ({"sheets": ((), ())}, "sheets"),
        ({"sheets": (("sheet",), (yz.Sheet(),))}, "sheets[0][0]"),
        ({"player": "1"}, "player"),
        ({"game": 1}, "game"),
        ({"rolls": 4}, "rolls"),
        ({"dice": (6, 6, 6, 2, 2)}, "dice"),
        ({"kept": [6]}, "kept"),
        ({"in_air": 1}, "in_air"),
    ]
    for changes, where in cases:
        with pytest.raises(InvalidStateError) as caught:
            check_state(attrs.evolve(good, **changes))
        assert caught.value.where == where, (changes, caught.value)


# --- strategies ---------------------------------------------------------------------------------------


@settings(max_examples=examples(100), deadline=None)
@given(yst.rules(), yst.dice(), yst.boxes(), yst.rules(knobs=False), st.data())
def test_sheets_dice_boxes_and_rules(
    rules: yz.Rules, dice: tuple[int, ...], box: yz.Box, preset: yz.Rules, data: st.DataObject
) -> None:
    assert len(dice) == 5
    assert all(1 <= face <= 6 for face in dice)
    assert box in yz.BOXES
    assert 1 <= preset.players <= 4
    assert preset in (yz.Rules.megawuerfel(preset.players), yz.Rules.hasbro(preset.players))
    # a sheet of play is one a state can hold: a solitaire game with it, player 0 to move
    sheet = data.draw(yst.sheets(rules))
    solitaire = attrs.evolve(rules, players=1)
    check_state(attrs.evolve(yz.new_game(solitaire), sheets=((sheet,),)))


@settings(max_examples=examples(100), deadline=None)
@given(yst.states(players=2, games=1), st.data())
def test_states_and_their_legal_actions(state: yz.State, data: st.DataObject) -> None:
    assert (state.players, state.games) == (2, 1)
    if state.is_terminal:
        with pytest.raises(ValueError, match="over"):
            yst.legal_actions_of(state)
        return
    action = data.draw(yst.legal_actions_of(state))
    check_state(yz.apply(state, action))


def test_strategies_refuse_what_has_no_answer() -> None:
    with pytest.raises(ValueError, match="the game is over"):
        yst.legal_actions_of(_solitaire_of_ones())
