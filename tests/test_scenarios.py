"""Rule scenarios: one or more short games per rule ID of sections 1 and 3 to 7 of the rule book.

Every position is reached through the public API only (``new_game``, ``apply``,
``resign``), and every expected value comes from the rule text or is counted
by hand on the classic grid of R-GRID-2 (columns a-f, rows 1-6 from the top)::

    1:  3×1  3×2  3×3  3×4  3×5  3×6
    2:  3×4  MOR  4K   STR  MIN  3×3
    3:  3×6  FUL  SEC  CAL  MAX  SS
    4:  SS   MAX  CAL  SEC  FUL  3×5
    5:  3×1  MIN  STR  4K   MOR  3×2
    6:  3×6  3×5  3×4  3×3  3×2  3×1

The other readings of the texts (knobs), R-END-5 among them, have their scenarios in
test_readings.py.
"""

from __future__ import annotations

from typing import Any

import attrs
import pytest

import morpyam as mp

F = mp.Figure
SEC = mp.Special.SEC
CALL = mp.Special.CALL

# Dice with no figure at all: no three alike, no 1-2-3-4 / 2-3-4-5 / 3-4-5-6
# (the 3 is missing), sum 18 (neither <= 8 nor >= 27).
NOTHING = (1, 2, 4, 5, 6)

# First-roll dice that cover a label (hand-checked against R-FIG-*); none of
# them is a Morpyam except the MORPYAM entry.
COVER: dict[mp.Label, tuple[int, ...]] = {
    F.THREE_ONES: (1, 1, 1, 5, 6),  # sum 14
    F.THREE_TWOS: (2, 2, 2, 5, 6),  # sum 17
    F.THREE_THREES: (1, 3, 3, 3, 6),  # sum 16
    F.THREE_FOURS: (1, 2, 4, 4, 4),  # sum 15
    F.THREE_FIVES: (1, 2, 5, 5, 5),  # sum 18
    F.THREE_SIXES: (1, 2, 6, 6, 6),  # sum 21
    F.SMALL_STRAIGHT: (1, 2, 3, 4, 6),
    F.STRAIGHT: (1, 2, 3, 4, 5),
    F.FULL_HOUSE: (2, 2, 3, 3, 3),
    F.FOUR_OF_A_KIND: (2, 3, 3, 3, 3),
    F.MINI: (1, 1, 1, 2, 3),  # sum 8
    F.MAXI: (4, 5, 6, 6, 6),  # sum 27
    F.MORPYAM: (3, 3, 3, 3, 3),
    SEC: (1, 2, 3, 4, 5),  # a straight on the first roll is a Sec
}

# The SEC figures of R-CELL-2, each as a first roll.
SEC_ROLLS = [
    pytest.param((4, 4, 4, 4, 4), id="morpyam"),
    pytest.param((2, 3, 3, 3, 3), id="four_of_a_kind"),
    pytest.param((4, 5, 6, 6, 6), id="maxi"),
    pytest.param((1, 1, 1, 2, 3), id="mini"),
    pytest.param((2, 3, 4, 5, 6), id="straight"),
    pytest.param((2, 2, 3, 3, 3), id="full_house"),
]
READINGS = ["replay", "consecutive_turns"]


# --- helpers -----------------------------------------------------------------


def cell(text: str) -> mp.Cell:
    return mp.Cell.parse(text)


def place(text: str) -> mp.Place:
    return mp.Place(mp.Cell.parse(text))


def rules(players: int = 2, **knobs: Any) -> mp.Rules:
    return attrs.evolve(mp.Rules.classic(players), **knobs)


def start(players: int = 2, first_player: int = 0, **knobs: Any) -> mp.State:
    return mp.new_game(rules(players, **knobs), first_player=first_player)


def roll(
    state: mp.State,
    faces: tuple[int, ...],
    keep: tuple[int, ...] = (),
    call: mp.Label | None = None,
) -> mp.State:
    """One roll: the Roll (checked legal), then its chance outcome (checked legal)."""
    state = accepted(state, mp.Roll(keep=keep, call=call))
    assert state.is_chance
    return accepted(state, mp.RollResult(faces))


def accepted(state: mp.State, action: mp.Action) -> mp.State:
    """``action`` is listed by legal_actions and apply accepts it."""
    assert action in mp.legal_actions(state), f"{action} should be legal"
    return mp.apply(state, action)


def rejected(state: mp.State, action: mp.Action, rule: str) -> None:
    """``action`` is not listed and apply rejects it naming ``rule``."""
    assert action not in mp.legal_actions(state), f"{action} should not be legal"
    with pytest.raises(mp.IllegalActionError) as info:
        mp.apply(state, action)
    assert info.value.rule == rule
    assert str(info.value).startswith(rule)


def turn(
    state: mp.State,
    faces: tuple[int, ...],
    where: str,
    call: mp.Label | None = None,
) -> mp.State:
    """A one-roll turn: roll ``faces`` (with ``call``) and place on ``where``."""
    return accepted(roll(state, faces, call=call), place(where))


def cover(state: mp.State, where: str) -> mp.State:
    """The player to move covers ``where`` on their first roll (a Morpyam for MOR: replay)."""
    label = state.layout[cell(where)]
    if label is CALL:
        return turn(state, COVER[F.STRAIGHT], where, call=F.STRAIGHT)
    return turn(state, COVER[label], where)


def pass_turn(state: mp.State) -> mp.State:
    """Roll dice showing nothing, then pass."""
    return accepted(roll(state, NOTHING), mp.Pass())


def placements(state: mp.State) -> set[str]:
    return {str(a.cell) for a in mp.legal_actions(state) if isinstance(a, mp.Place)}


def calls(state: mp.State) -> set[mp.Label | None]:
    return {a.call for a in mp.legal_actions(state) if isinstance(a, mp.Roll)}


def can_roll(state: mp.State) -> bool:
    return any(isinstance(a, mp.Roll) for a in mp.legal_actions(state))


def can_pass(state: mp.State) -> bool:
    return mp.Pass() in mp.legal_actions(state)


def is_fresh_turn_of(state: mp.State, player: int) -> bool:
    return (
        state.current_player == player
        and state.rolls == 0
        and state.dice is None
        and not state.is_terminal
    )


# --- 1. Material and set-up ----------------------------------------------------


def test_set1_grid_of_36_cells_and_five_dice() -> None:
    # R-SET-1
    state = start()
    assert len(state.layout.cells) == 36
    assert (state.layout.height, state.layout.width) == (6, 6)
    assert all(isinstance(state.layout[c], (mp.Figure, mp.Special)) for c in state.layout.cells)
    in_air = accepted(state, mp.Roll())
    outcomes = mp.legal_actions(in_air)
    assert all(isinstance(a, mp.RollResult) and len(a.faces) == 5 for a in outcomes)
    # multisets of 5 faces among 6: C(6 + 5 - 1, 5) = 252
    assert len(outcomes) == 252
    assert mp.RollResult((1, 2, 3, 4)) not in outcomes
    with pytest.raises(mp.IllegalActionError) as info:
        mp.apply(in_air, mp.RollResult((1, 2, 3, 4)))
    assert info.value.rule == "R-TURN-1"  # the first roll throws all 5 dice


def test_set1_no_face_seven_and_no_cell_off_the_grid() -> None:
    # R-SET-1
    with pytest.raises(ValueError, match="R-SET-1"):
        mp.RollResult((1, 2, 3, 4, 7))
    state = roll(start(), (1, 1, 1, 5, 6))
    rejected(state, place("g1"), "R-SET-1")
    rejected(state, place("a7"), "R-SET-1")


@pytest.mark.parametrize(("players", "tokens"), [(2, 17), (3, 11), (4, 8)])
def test_set2_tokens_per_player(players: int, tokens: int) -> None:
    # R-SET-2
    preset = mp.Rules.classic(players)
    assert preset.players == players
    assert preset.tokens_per_player == tokens
    assert mp.new_game(preset, first_player=0).tokens_left == (tokens,) * players


def test_set2_two_to_four_players_and_tokens_knob() -> None:
    # R-SET-2
    for players in (1, 5):
        with pytest.raises(ValueError, match="R-SET-2"):
            mp.Rules.classic(players)
    with pytest.raises(ValueError, match="R-SET-2"):  # 3 × 17 = 51 tokens > 36 cells
        rules(3, tokens_per_player=17)
    state = start(tokens_per_player=3)
    assert state.tokens_left == (3, 3)
    state = cover(state, "a1")
    assert state.tokens_left == (2, 3)


def test_set3_start_roll_highest_starts() -> None:
    # R-SET-3
    state = mp.new_game(mp.Rules.classic(2))
    assert state.is_chance
    assert state.current_player is None
    # every start-roll outcome is one die
    assert mp.legal_actions(state) == tuple(mp.RollResult((face,)) for face in range(1, 7))
    rejected(state, mp.Roll(), "R-SET-3")
    rejected(state, mp.RollResult((5, 6)), "R-SET-3")
    state = accepted(state, mp.RollResult((2,)))  # player 0
    assert state.is_chance
    state = accepted(state, mp.RollResult((5,)))  # player 1
    assert is_fresh_turn_of(state, 1)
    state = cover(state, "a1")
    assert is_fresh_turn_of(state, 0)  # seat order, wrapping


def test_set3_two_players_tie_roll_again() -> None:
    # R-SET-3
    state = mp.new_game(mp.Rules.classic(2))
    state = accepted(state, mp.RollResult((4,)))
    state = accepted(state, mp.RollResult((4,)))
    assert state.is_chance  # tied on the highest: roll again
    state = accepted(state, mp.RollResult((6,)))  # player 0
    state = accepted(state, mp.RollResult((1,)))  # player 1
    assert is_fresh_turn_of(state, 0)


def test_set3_three_players_only_the_tied_roll_again() -> None:
    # R-SET-3
    state = mp.new_game(mp.Rules.classic(3))
    for face in (6, 2, 6):  # players 0, 1, 2
        state = accepted(state, mp.RollResult((face,)))
    assert state.is_chance
    # players 0 and 2 roll again, in seat order; player 1 (who rolled 2) is out:
    # two dice decide it.
    state = accepted(state, mp.RollResult((1,)))  # player 0
    assert state.is_chance
    state = accepted(state, mp.RollResult((3,)))  # player 2
    assert is_fresh_turn_of(state, 2)
    # seat order from the first player: 2, 0, 1, 2
    state = pass_turn(state)
    assert is_fresh_turn_of(state, 0)
    state = pass_turn(state)
    assert is_fresh_turn_of(state, 1)
    state = pass_turn(state)
    assert is_fresh_turn_of(state, 2)


def test_set3_three_players_tie_again_in_the_roll_off() -> None:
    # R-SET-3
    state = mp.new_game(mp.Rules.classic(3))
    for face in (5, 5, 3):  # players 0, 1, 2: players 0 and 1 tied
        state = accepted(state, mp.RollResult((face,)))
    for face in (4, 4):  # players 0 and 1 tie again
        state = accepted(state, mp.RollResult((face,)))
    assert state.is_chance
    state = accepted(state, mp.RollResult((2,)))  # player 0
    state = accepted(state, mp.RollResult((6,)))  # player 1
    assert is_fresh_turn_of(state, 1)


def test_set4_a_cell_holds_one_token_forever() -> None:
    # R-SET-4
    state = cover(start(), "a1")  # player 0 on a1 (3×1)
    state = roll(state, (1, 1, 1, 5, 6))  # player 1: a Brelan of 1s
    # 3×1 cells are a1, a5, f6; a1 is taken
    assert placements(state) == {"a5", "f6"}
    rejected(state, place("a1"), "R-SET-4")
    state = accepted(state, place("a5"))
    state = pass_turn(state)
    state = pass_turn(state)
    assert state.board[cell("a1")] == 0
    assert state.board[cell("a5")] == 1
    assert len(state.board) == 2


# --- 3. A turn -------------------------------------------------------------------


def test_turn1_first_roll_throws_all_five() -> None:
    # R-TURN-1
    state = start()
    assert {a.keep for a in mp.legal_actions(state) if isinstance(a, mp.Roll)} == {()}
    rejected(state, mp.Roll(keep=(6,)), "R-TURN-1")


def test_turn1_keep_zero_to_four_and_reroll_the_rest() -> None:
    # R-TURN-1
    state = roll(start(), NOTHING)
    keeps = {a.keep for a in mp.legal_actions(state) if isinstance(a, mp.Roll)}
    # five distinct faces: every subset of 0 to 4 of them, 2**5 - 1 = 31 keeps
    assert len(keeps) == 31
    assert () in keeps
    assert (1, 2, 4, 5) in keeps
    rejected(state, mp.Roll(keep=(3,)), "R-TURN-1")  # no 3 showing
    rejected(state, mp.Roll(keep=(6, 6)), "R-TURN-1")  # only one 6 showing
    with pytest.raises(ValueError, match="R-TURN-1"):  # five kept dice: nothing rerolled
        mp.apply(state, mp.Roll(keep=(1, 2, 4, 5, 6)))
    in_air = accepted(state, mp.Roll(keep=(5, 6)))
    outcomes = mp.legal_actions(in_air)
    # 3 dice rerolled: C(6 + 3 - 1, 3) = 56 outcomes of 3 faces
    assert len(outcomes) == 56
    assert all(isinstance(a, mp.RollResult) and len(a.faces) == 3 for a in outcomes)
    rejected(in_air, mp.RollResult((1, 2, 3, 4, 5)), "R-TURN-1")
    state = accepted(in_air, mp.RollResult((6, 6, 5)))
    assert state.dice == (5, 5, 6, 6, 6)


def test_turn1_at_most_three_rolls() -> None:
    # R-TURN-1
    state = roll(start(), NOTHING)
    assert state.rolls == 1
    state = roll(state, NOTHING)
    assert state.rolls == 2
    assert can_roll(state)
    state = roll(state, NOTHING)
    assert state.rolls == 3
    assert not can_roll(state)
    rejected(state, mp.Roll(), "R-TURN-1")
    rejected(state, mp.Roll(keep=(6,)), "R-TURN-1")


@pytest.mark.parametrize("rolls", [1, 2, 3])
def test_turn2_place_after_any_roll(rolls: int) -> None:
    # R-TURN-2
    state = start()
    for _ in range(rolls - 1):
        state = roll(state, NOTHING)
    state = roll(state, (1, 1, 1, 5, 6))
    assert placements(state) == {"a1", "a5", "f6"}  # the three 3×1 cells
    assert can_roll(state) == (rolls < 3)  # or roll again if rolls remain
    state = accepted(state, place("a5"))
    assert state.board[cell("a5")] == 0
    assert is_fresh_turn_of(state, 1)


def test_turn2_no_token_before_a_roll() -> None:
    # R-TURN-2
    state = start()
    assert placements(state) == set()
    rejected(state, place("a1"), "R-TURN-2")


def test_turn3_after_third_roll_place_if_possible() -> None:
    # R-TURN-3
    state = roll(roll(roll(start(), NOTHING), NOTHING), (1, 1, 1, 5, 6))
    assert not can_roll(state)
    assert placements(state) == {"a1", "a5", "f6"}
    state = accepted(state, place("f6"))
    assert state.board[cell("f6")] == 0
    assert is_fresh_turn_of(state, 1)


def test_turn3_after_third_roll_nothing_fits_the_turn_passes() -> None:
    # R-TURN-3
    state = roll(roll(roll(start(), NOTHING), NOTHING), NOTHING)
    assert mp.legal_actions(state) == (mp.Pass(),)
    state = accepted(state, mp.Pass())
    assert is_fresh_turn_of(state, 1)
    assert state.tokens_left == (17, 17)


def test_turn4_voluntary_pass_after_a_roll() -> None:
    # R-TURN-4
    state = start()
    rejected(state, mp.Pass(), "R-TURN-4")  # not before a roll
    state = roll(state, (1, 1, 1, 5, 6))  # 3×1 cells could take it
    state = accepted(state, mp.Pass())
    assert is_fresh_turn_of(state, 1)
    assert state.tokens_left == (17, 17)
    assert len(state.board) == 0


def test_turn4_no_voluntary_pass_knob() -> None:
    # R-TURN-4
    state = start(voluntary_pass=False)
    rejected(state, mp.Pass(), "R-TURN-4")
    state = roll(state, NOTHING)
    rejected(state, mp.Pass(), "R-TURN-4")  # rolls remain
    state = roll(state, NOTHING)
    rejected(state, mp.Pass(), "R-TURN-4")
    placeable = roll(state, (1, 1, 1, 5, 6))  # 3rd roll, a placement is possible
    rejected(placeable, mp.Pass(), "R-TURN-4")
    assert placements(placeable) == {"a1", "a5", "f6"}
    stuck = roll(state, NOTHING)  # 3rd roll, nothing fits
    assert mp.legal_actions(stuck) == (mp.Pass(),)
    assert is_fresh_turn_of(accepted(stuck, mp.Pass()), 1)


def test_turn5_placing_ends_the_turn() -> None:
    # R-TURN-5
    state = roll(start(), (2, 2, 2, 5, 6))
    state = accepted(state, place("b1"))
    assert is_fresh_turn_of(state, 1)
    assert state.tokens_left == (16, 17)
    state = roll(state, (2, 2, 2, 5, 6))
    state = accepted(state, place("f5"))
    assert is_fresh_turn_of(state, 0)
    assert state.tokens_left == (16, 16)


def test_turn5_except_after_a_morpyam() -> None:
    # R-TURN-5 (and R-MOR-2)
    state = turn(start(), (2, 2, 2, 2, 2), "b2")
    assert is_fresh_turn_of(state, 0)


# --- 4. Which cell a roll may cover --------------------------------------------------


def test_cell1_every_shown_figure_can_be_covered() -> None:
    # R-CELL-1
    state = roll(start(), (2, 2, 2, 3, 3))
    # shows 3×2 (b1, f5, e6) and FULL_HOUSE (b3, e4); a Full on the first roll
    # is a Sec (c3, d4); sum 12 is neither MINI nor MAXI
    assert placements(state) == {"b1", "f5", "e6", "b3", "e4", "c3", "d4"}
    rejected(state, place("a1"), "R-CELL-1")  # 3×1
    rejected(state, place("c2"), "R-CELL-1")  # FOUR_OF_A_KIND
    rejected(state, place("e2"), "R-CELL-1")  # MINI
    state = accepted(state, place("e4"))
    assert state.board[cell("e4")] == 0


def test_cell1_four_of_a_kind_is_also_a_brelan() -> None:
    # R-CELL-1 (with R-FIG-1, R-FIG-5)
    state = roll(start(), NOTHING)
    state = roll(state, (1, 4, 4, 4), keep=(4,))  # 2nd roll: 1 4 4 4 4, sum 17
    assert state.dice == (1, 4, 4, 4, 4)
    # 3×4: d1, a2, c6; FOUR_OF_A_KIND: c2, d5; no SEC on the 2nd roll
    assert placements(state) == {"d1", "a2", "c6", "c2", "d5"}
    rejected(state, place("b3"), "R-CELL-1")  # not a Full (4 + 1)


def test_cell2_sec_on_the_first_roll() -> None:
    # R-CELL-2
    state = roll(start(), (1, 2, 3, 4, 5))
    # STRAIGHT: d2, c5; SMALL_STRAIGHT: f3, a4; a straight on roll 1 is a Sec: c3, d4
    assert placements(state) == {"d2", "c5", "f3", "a4", "c3", "d4"}
    state = accepted(state, place("d4"))
    assert state.board[cell("d4")] == 0


@pytest.mark.parametrize("faces", SEC_ROLLS)
def test_cell2_every_sec_figure(faces: tuple[int, ...]) -> None:
    # R-CELL-2
    state = roll(start(), faces)
    assert {"c3", "d4"} <= placements(state)
    after = accepted(state, place("c3"))
    assert after.board[cell("c3")] == 0


@pytest.mark.parametrize(
    "faces",
    [
        pytest.param((1, 3, 3, 3, 6), id="brelan"),
        pytest.param((1, 2, 3, 4, 6), id="small_straight"),
        pytest.param(NOTHING, id="nothing"),
    ],
)
def test_cell2_brelan_or_small_straight_is_not_a_sec(faces: tuple[int, ...]) -> None:
    # R-CELL-2
    state = roll(start(), faces)
    assert not {"c3", "d4"} & placements(state)
    rejected(state, place("c3"), "R-CELL-2")
    rejected(state, place("d4"), "R-CELL-2")


def test_cell2_no_sec_after_the_first_roll() -> None:
    # R-CELL-2
    state = roll(roll(start(), NOTHING), (1, 2, 3, 4, 5))  # a straight on roll 2
    assert placements(state) == {"d2", "c5", "f3", "a4"}
    rejected(state, place("c3"), "R-CELL-2")
    state = roll(state, (1, 2, 3, 4, 5))  # again on roll 3
    rejected(state, place("d4"), "R-CELL-2")


def test_cell2_sec_figures_knob() -> None:
    # R-CELL-2
    state = mp.new_game(rules(sec_figures=frozenset({F.STRAIGHT})), first_player=0)
    full = roll(state, (2, 2, 3, 3, 3))
    rejected(full, place("c3"), "R-CELL-2")
    straight = roll(state, (1, 2, 3, 4, 5))
    assert {"c3", "d4"} <= placements(straight)


def test_cell3_a_sec_never_covers_the_call_cell() -> None:
    # R-CELL-3
    state = roll(start(), (1, 2, 3, 4, 5))  # a Sec
    assert not {"d3", "c4"} & placements(state)
    rejected(state, place("d3"), "R-CELL-3")
    rejected(state, place("c4"), "R-CELL-3")
    morpyam = roll(start(), (5, 5, 5, 5, 5))
    rejected(morpyam, place("c4"), "R-CELL-3")


# --- 5. The call -------------------------------------------------------------------


def test_call1_a_call_before_each_roll() -> None:
    # R-CALL-1
    state = start()
    assert F.FULL_HOUSE in calls(state)  # before the 1st roll
    state = roll(state, NOTHING)
    assert F.FULL_HOUSE in calls(state)  # before the 2nd roll
    state = roll(state, NOTHING)
    assert F.FULL_HOUSE in calls(state)  # before the 3rd roll
    state = roll(state, NOTHING)
    assert calls(state) == set()  # no roll left


def test_call1_the_call_belongs_to_its_roll_second_roll() -> None:
    # R-CALL-1
    state = roll(start(), NOTHING)
    state = roll(state, (2, 3, 3, 2), keep=(2,), call=F.FULL_HOUSE)  # 2 2 2 3 3
    assert mp.legal_actions(state) == (place("d3"), place("c4"))
    state = accepted(state, place("d3"))
    assert state.board[cell("d3")] == 0
    assert is_fresh_turn_of(state, 1)


def test_call1_the_call_belongs_to_its_roll_third_roll() -> None:
    # R-CALL-1
    state = roll(roll(start(), NOTHING), (1, 2, 3, 4), keep=(6,))  # 1 2 3 4 6
    state = roll(state, (5,), keep=(2, 3, 4, 6), call=F.STRAIGHT)  # 2 3 4 5 6
    assert mp.legal_actions(state) == (place("d3"), place("c4"))
    state = accepted(state, place("c4"))
    assert state.board[cell("c4")] == 0


def test_call1_an_earlier_call_does_not_carry_over() -> None:
    # R-CALL-1 (with R-CALL-6)
    state = roll(start(), NOTHING, call=F.FULL_HOUSE)  # missed
    state = roll(state, (2, 2, 3, 3, 3))  # a Full on the 2nd roll, no call
    # no obligation: the FULL_HOUSE cells and 3×3 cells (c1, f2, d6); no CALL
    assert placements(state) == {"b3", "e4", "c1", "f2", "d6"}
    assert can_pass(state)
    assert can_roll(state)


def test_call2_what_can_be_called() -> None:
    # R-CALL-2
    state = start()
    assert calls(state) == {
        None,
        F.MORPYAM,
        F.FOUR_OF_A_KIND,
        F.MAXI,
        F.MINI,
        F.STRAIGHT,
        F.FULL_HOUSE,
        SEC,
    }


@pytest.mark.parametrize(
    "label",
    [
        F.THREE_ONES,
        F.THREE_TWOS,
        F.THREE_THREES,
        F.THREE_FOURS,
        F.THREE_FIVES,
        F.THREE_SIXES,
        F.SMALL_STRAIGHT,
        CALL,
    ],
)
def test_call2_brelans_and_small_straight_never_callable(label: mp.Label) -> None:
    # R-CALL-2
    state = start()
    rejected(state, mp.Roll(call=label), "R-CALL-2")
    rejected(roll(state, NOTHING), mp.Roll(call=label), "R-CALL-2")


def test_call2_callable_knob() -> None:
    # R-CALL-2
    state = mp.new_game(rules(callable=frozenset({F.STRAIGHT})), first_player=0)
    assert calls(state) == {None, F.STRAIGHT}
    rejected(state, mp.Roll(call=F.MINI), "R-CALL-2")
    rejected(state, mp.Roll(call=SEC), "R-CALL-2")


def test_call3_sec_only_before_the_first_roll() -> None:
    # R-CALL-3
    state = start()
    assert SEC in calls(state)
    state = roll(state, NOTHING)
    assert SEC not in calls(state)
    rejected(state, mp.Roll(call=SEC), "R-CALL-3")
    state = roll(state, NOTHING)
    rejected(state, mp.Roll(call=SEC), "R-CALL-3")


@pytest.mark.parametrize("faces", SEC_ROLLS)
def test_call3_sec_call_hit_by_any_sec_figure(faces: tuple[int, ...]) -> None:
    # R-CALL-3 (with R-CALL-5)
    state = roll(start(), faces, call=SEC)
    # must go on a CALL cell: d3 (row 3) then c4 (row 4); no pass, no roll
    assert mp.legal_actions(state) == (place("d3"), place("c4"))
    state = accepted(state, place("c4"))
    assert state.board[cell("c4")] == 0
    assert is_fresh_turn_of(state, 1)  # a Sec never replays, even a Morpyam (R-MOR-2)


@pytest.mark.parametrize(
    "faces",
    [
        pytest.param((1, 2, 3, 4, 6), id="small_straight"),
        pytest.param((1, 3, 3, 3, 6), id="brelan"),
    ],
)
def test_call3_sec_call_missed(faces: tuple[int, ...]) -> None:
    # R-CALL-3 (with R-CALL-6)
    state = roll(start(), faces, call=SEC)
    assert not {"d3", "c4", "c3", "d4"} & placements(state)
    assert placements(state)  # the small straight / brelan cells
    assert can_pass(state)
    assert can_roll(state)
    rejected(state, place("d3"), "R-CELL-3")


def test_call4_no_call_without_a_free_call_cell() -> None:
    # R-CALL-4
    state = start()
    state = cover(state, "d3")  # player 0, a called straight
    assert F.MINI in calls(state)  # c4 is still free
    state = cover(state, "c4")  # player 1, a called straight
    assert calls(state) == {None}
    rejected(state, mp.Roll(call=F.MINI), "R-CALL-4")
    rejected(state, mp.Roll(call=F.MORPYAM), "R-CALL-4")
    assert SEC not in calls(state)
    state = roll(state, NOTHING)
    assert calls(state) == {None}
    rejected(state, mp.Roll(call=F.FULL_HOUSE), "R-CALL-4")


def test_call4_sec_call_without_a_free_call_cell_names_call4() -> None:
    # R-CALL-4
    state = cover(cover(start(), "d3"), "c4")
    assert state.rolls == 0  # before the first roll: R-CALL-3 allows a SEC call here
    # R-CALL-4 forbids it, not R-CALL-3 (the committed engine named R-CALL-3 here)
    rejected(state, mp.Roll(call=SEC), "R-CALL-4")


def test_call5_a_hit_must_go_on_a_call_cell() -> None:
    # R-CALL-5
    state = roll(start(), (2, 3, 3, 3, 3), call=F.FOUR_OF_A_KIND)
    assert mp.legal_actions(state) == (place("d3"), place("c4"))
    rejected(state, mp.Pass(), "R-CALL-5")
    rejected(state, place("c2"), "R-CALL-5")  # a FOUR_OF_A_KIND cell
    rejected(state, place("c1"), "R-CALL-5")  # a 3×3 cell
    rejected(state, place("c3"), "R-CALL-5")  # a Sec cell (4K on roll 1)
    rejected(state, mp.Roll(keep=(3, 3, 3, 3)), "R-CALL-5")
    state = accepted(state, place("d3"))
    assert state.board[cell("d3")] == 0
    assert is_fresh_turn_of(state, 1)  # the turn ends


def test_call5_only_the_free_call_cell() -> None:
    # R-CALL-5
    state = cover(start(), "d3")
    state = roll(state, (1, 1, 1, 1, 3), call=F.MINI)  # sum 7
    assert mp.legal_actions(state) == (place("c4"),)
    rejected(state, place("d3"), "R-SET-4")
    state = accepted(state, place("c4"))
    assert dict(state.board) == {cell("d3"): 0, cell("c4"): 1}


def test_call5_hit_on_the_third_roll() -> None:
    # R-CALL-5
    state = roll(roll(start(), NOTHING), NOTHING)
    state = roll(state, (6, 6, 6), keep=(5, 6), call=F.MAXI)  # 5 6 6 6 6, sum 29
    assert mp.legal_actions(state) == (place("d3"), place("c4"))
    rejected(state, place("e3"), "R-CALL-5")  # a MAXI cell


def test_call6_missed_call_on_first_roll_is_forgotten() -> None:
    # R-CALL-6
    state = roll(start(), (1, 1, 1, 5, 6), call=F.MAXI)  # sum 14: missed
    assert placements(state) == {"a1", "a5", "f6"}
    assert can_pass(state)
    assert F.MAXI in calls(state)  # may call again
    assert None in calls(state)  # or roll without a call
    rejected(state, place("d3"), "R-CELL-3")
    rejected(state, place("c4"), "R-CELL-3")
    # call again before the 2nd roll, and hit
    state = roll(state, (1, 2), keep=(1, 1, 1), call=F.FOUR_OF_A_KIND)  # 1 1 1 1 2
    assert mp.legal_actions(state) == (place("d3"), place("c4"))


def test_call6_missed_call_on_second_roll_is_forgotten() -> None:
    # R-CALL-6
    state = roll(start(), NOTHING)
    state = roll(state, (1, 1, 5), keep=(1, 6), call=F.STRAIGHT)  # 1 1 1 5 6: missed
    assert placements(state) == {"a1", "a5", "f6"}
    assert can_roll(state)
    assert can_pass(state)
    state = accepted(state, place("a5"))
    assert is_fresh_turn_of(state, 1)


def test_call6_missed_call_with_a_morpyam_follows_the_morpyam_rule() -> None:
    # R-CALL-6 (with R-MOR-1)
    state = roll(start(), (2, 2, 2, 2, 2), call=F.STRAIGHT)  # missed, but a Morpyam
    # MORPYAM cells b2, e5, or the SEC cells c3, d4 on the first roll
    assert placements(state) == {"b2", "e5", "c3", "d4"}
    rejected(state, mp.Pass(), "R-MOR-1")


def test_call7_missed_call_on_third_roll_places_nothing() -> None:
    # R-CALL-7
    state = roll(roll(start(), NOTHING), NOTHING)
    state = roll(state, (1, 1, 1, 5, 6), call=F.STRAIGHT)
    assert mp.legal_actions(state) == (mp.Pass(),)
    rejected(state, place("a1"), "R-CALL-7")  # 3×1 would otherwise fit
    state = accepted(state, mp.Pass())
    assert is_fresh_turn_of(state, 1)
    assert state.tokens_left == (17, 17)


def test_call7_even_with_a_morpyam() -> None:
    # R-CALL-7 (precedence over R-MOR-1)
    state = roll(roll(start(), NOTHING), NOTHING)
    state = roll(state, (6, 6, 6, 6, 6), call=F.STRAIGHT)
    assert mp.legal_actions(state) == (mp.Pass(),)
    rejected(state, place("b2"), "R-CALL-7")
    rejected(state, place("e5"), "R-CALL-7")
    state = accepted(state, mp.Pass())
    assert is_fresh_turn_of(state, 1)  # no token, no replay
    assert len(state.board) == 0


def test_call8_no_calling_a_shown_figure() -> None:
    # R-CALL-8
    state = start(forbid_calling_shown_figure=True)
    assert F.FULL_HOUSE in calls(state)  # no dice yet: no restriction before the 1st roll
    state = roll(state, (2, 2, 3, 3, 3))  # shows FULL_HOUSE (and 3×3)
    assert F.FULL_HOUSE not in calls(state)
    rejected(state, mp.Roll(keep=(3, 3, 3), call=F.FULL_HOUSE), "R-CALL-8")
    assert F.FOUR_OF_A_KIND in calls(state)  # not shown
    state = roll(state, (2, 3), keep=(2, 3, 3), call=F.FOUR_OF_A_KIND)  # 2 2 3 3 3: missed
    # before the 3rd roll: the dice still show a Full
    rejected(state, mp.Roll(keep=(2, 2), call=F.FULL_HOUSE), "R-CALL-8")
    state = roll(state, (3, 3, 3, 3), keep=(2,), call=F.FOUR_OF_A_KIND)  # 2 3 3 3 3: hit
    assert mp.legal_actions(state) == (place("d3"), place("c4"))


def test_call8_off_in_the_classic_rules() -> None:
    # R-CALL-8
    state = roll(start(), (2, 2, 3, 3, 3))
    assert F.FULL_HOUSE in calls(state)
    state = roll(state, (2, 2), keep=(3, 3, 3), call=F.FULL_HOUSE)  # 2 2 3 3 3 again
    assert mp.legal_actions(state) == (place("d3"), place("c4"))


def test_call8_in_the_official_preset() -> None:
    # R-CALL-8 (R-VAR-2025)
    state = mp.new_game(mp.Rules.official(2), first_player=0)
    state = roll(state, (4, 5, 6, 6, 6))  # MAXI (sum 27), 3×6
    rejected(state, mp.Roll(keep=(6, 6, 6), call=F.MAXI), "R-CALL-8")


# --- 6. Morpyam ------------------------------------------------------------------


def test_mor1_morpyam_on_first_roll_goes_on_morpyam_or_sec() -> None:
    # R-MOR-1
    state = roll(start(), (3, 3, 3, 3, 3))
    # b2, e5 (MORPYAM) or c3, d4 (SEC, first roll only); not 3×3, FUL, 4K
    assert placements(state) == {"b2", "e5", "c3", "d4"}
    assert not can_pass(state)
    rejected(state, mp.Pass(), "R-MOR-1")
    rejected(state, place("c1"), "R-MOR-1")  # 3×3
    rejected(state, place("b3"), "R-MOR-1")  # FULL_HOUSE
    rejected(state, place("c2"), "R-MOR-1")  # FOUR_OF_A_KIND
    assert can_roll(state)  # may roll again instead
    assert accepted(state, place("c3")).board[cell("c3")] == 0


def test_mor1_morpyam_on_a_later_roll_no_sec() -> None:
    # R-MOR-1
    state = roll(roll(start(), NOTHING), (1, 1, 1, 1), keep=(1,))  # 1 1 1 1 1 on roll 2
    assert placements(state) == {"b2", "e5"}
    rejected(state, place("c3"), "R-CELL-2")
    rejected(state, place("a1"), "R-MOR-1")  # 3×1
    rejected(state, place("e2"), "R-MOR-1")  # MINI
    rejected(state, mp.Pass(), "R-MOR-1")


def test_mor1_obligation_binds_only_when_the_turn_ends() -> None:
    # R-MOR-1
    state = roll(start(), (3, 3, 3, 3, 3))
    state = roll(state, (1,), keep=(3, 3, 3, 3))  # 1 3 3 3 3: no Morpyam any more
    assert can_pass(state)
    assert placements(state) == {"c1", "f2", "d6", "c2", "d5"}  # 3×3 and 4K cells
    assert is_fresh_turn_of(accepted(state, mp.Pass()), 1)


def test_mor1_one_morpyam_cell_left() -> None:
    # R-MOR-1
    state = cover(start(), "b2")  # player 0 replays
    state = roll(state, (5, 5, 5, 5, 5))
    assert placements(state) == {"e5", "c3", "d4"}
    rejected(state, place("b2"), "R-SET-4")
    rejected(state, place("e1"), "R-MOR-1")  # 3×5


def test_mor1_no_morpyam_cell_left_any_cell_the_dice_satisfy() -> None:
    # R-MOR-1
    state = cover(start(), "b2")  # player 0 replays
    state = cover(state, "e5")  # player 0 replays
    state = pass_turn(state)
    first = roll(state, (6, 6, 6, 6, 6))  # player 1
    # 3×6: f1, a3, a6; FUL: b3, e4; 4K: c2, d5; MAXI: e3, b4; SEC: c3, d4
    expected = {"f1", "a3", "a6", "b3", "e4", "c2", "d5", "e3", "b4"}
    assert placements(first) == expected | {"c3", "d4"}
    rejected(first, mp.Pass(), "R-MOR-1")
    rejected(first, place("a1"), "R-CELL-1")  # 3×1
    later = roll(roll(state, NOTHING), (6, 6, 6, 6), keep=(6,))  # on roll 2
    assert placements(later) == expected
    rejected(later, mp.Pass(), "R-MOR-1")


def test_mor1_no_cell_can_take_it_the_turn_passes() -> None:
    # R-MOR-1
    state = start()
    # every cell a Morpyam of 6s satisfies, SEC aside (see the test above)
    for where in ("b2", "e5", "f1", "a3", "a6", "b3", "e4", "c2", "d5", "e3", "b4"):
        state = cover(state, where)
    assert not state.is_terminal
    assert len(state.board) == 11
    mover = state.current_player
    assert mover is not None
    # on the first roll only the SEC cells remain
    first = roll(state, (6, 6, 6, 6, 6))
    assert placements(first) == {"c3", "d4"}
    rejected(first, mp.Pass(), "R-MOR-1")
    # on the 3rd roll nothing can take it: the turn passes
    state = roll(roll(roll(state, NOTHING), NOTHING), (6, 6, 6, 6), keep=(6,))
    assert mp.legal_actions(state) == (mp.Pass(),)
    state = accepted(state, mp.Pass())
    assert is_fresh_turn_of(state, 1 - mover)


def test_mor2_replay_after_placing_a_morpyam() -> None:
    # R-MOR-2
    state = roll(start(), (4, 4, 4, 4, 4))
    state = accepted(state, place("e5"))
    assert is_fresh_turn_of(state, 0)  # a new turn of the same player
    assert state.tokens_left == (16, 17)
    # a turn of its own: three rolls again
    state = roll(roll(roll(state, NOTHING), NOTHING), (1, 1, 1, 5, 6))
    assert placements(state) == {"a1", "a5", "f6"}
    state = accepted(state, place("a1"))
    assert is_fresh_turn_of(state, 1)


def test_mor2_replay_after_a_morpyam_on_another_cell() -> None:
    # R-MOR-2
    state = cover(cover(start(), "b2"), "e5")  # player 0, two replays
    state = pass_turn(state)
    state = turn(state, (6, 6, 6, 6, 6), "e3")  # player 1, MAXI cell (no MORPYAM cell left)
    assert is_fresh_turn_of(state, 1)


def test_mor2_no_replay_on_the_sec_cell() -> None:
    # R-MOR-2
    state = turn(start(), (4, 4, 4, 4, 4), "d4")
    assert is_fresh_turn_of(state, 1)


def test_mor2_no_replay_after_a_sec_call_hit() -> None:
    # R-MOR-2
    state = turn(start(), (4, 4, 4, 4, 4), "d3", call=SEC)
    assert state.board[cell("d3")] == 0
    assert is_fresh_turn_of(state, 1)


@pytest.mark.parametrize("called", [F.FOUR_OF_A_KIND, F.MORPYAM, F.FULL_HOUSE])
def test_mor2_replay_after_another_successful_call(called: mp.Figure) -> None:
    # R-MOR-2 (with R-CALL-5)
    state = turn(start(), (5, 5, 5, 5, 5), "c4", call=called)
    assert state.board[cell("c4")] == 0
    assert is_fresh_turn_of(state, 0)


def test_mor2_called_morpyam_replays_knob_off() -> None:
    # R-MOR-2 (with R-CALL-5)
    state = start(called_morpyam_replays=False)
    state = turn(state, (5, 5, 5, 5, 5), "c4", call=F.FOUR_OF_A_KIND)
    assert is_fresh_turn_of(state, 1)
    state = turn(state, (2, 2, 2, 2, 2), "b2")  # no call: the replay is still there
    assert is_fresh_turn_of(state, 1)


def test_mor2_no_replay_once_the_game_has_ended() -> None:
    # R-MOR-2 (with R-END-2)
    state = turn(start(tokens_per_player=1), (2, 2, 2, 2, 2), "b2")
    assert state.is_terminal
    assert state.end_rule == "R-END-2"
    assert state.winners == {0}
    assert state.current_player is None
    assert mp.legal_actions(state) == ()


@pytest.mark.parametrize("reading", READINGS)
@pytest.mark.parametrize("second", ["e5", "c3"])
def test_mor3_two_morpyams_in_the_replay_win(reading: str, second: str) -> None:
    # R-MOR-3 (both readings: the replay is the player's next own turn)
    state = turn(start(daversa=reading), (2, 2, 2, 2, 2), "b2")
    assert is_fresh_turn_of(state, 0)
    state = turn(state, (6, 6, 6, 6, 6), second)  # any cell, the SEC cell included
    assert state.is_terminal
    assert state.end_rule == "R-MOR-3"
    assert state.winners == {0}


@pytest.mark.parametrize("reading", READINGS)
def test_mor3_second_morpyam_after_the_others_played(reading: str) -> None:
    # R-MOR-3: "consecutive_turns" counts the next regular turn, "replay" does not
    state = turn(start(daversa=reading), (2, 2, 2, 2, 2), "c3")  # SEC: no replay
    assert is_fresh_turn_of(state, 1)
    state = pass_turn(state)
    state = turn(state, (6, 6, 6, 6, 6), "b2")
    if reading == "consecutive_turns":
        assert state.is_terminal
        assert state.end_rule == "R-MOR-3"
        assert state.winners == {0}
    else:
        assert is_fresh_turn_of(state, 0)  # just the replay


def test_mor3_consecutive_turns_streak_survives_other_players_morpyams() -> None:
    # R-MOR-3 (daversa="consecutive_turns")
    state = start(3, daversa="consecutive_turns")
    state = turn(state, (2, 2, 2, 2, 2), "c3")  # player 0: Morpyam on SEC
    state = turn(state, (3, 3, 3, 3, 3), "d4")  # player 1: a first Morpyam, SEC
    assert is_fresh_turn_of(state, 2)
    state = turn(state, (1, 1, 1, 5, 6), "a1")  # player 2
    state = turn(state, (5, 5, 5, 5, 5), "e5")  # player 0: second in a row
    assert state.end_rule == "R-MOR-3"
    assert state.winners == {0}


def test_mor3_consecutive_turns_a_pass_breaks_the_streak() -> None:
    # R-MOR-3 (daversa="consecutive_turns")
    state = turn(start(daversa="consecutive_turns"), (2, 2, 2, 2, 2), "c3")
    state = pass_turn(state)  # player 1
    state = pass_turn(state)  # player 0: a turn without a Morpyam placed
    state = pass_turn(state)  # player 1
    state = turn(state, (6, 6, 6, 6, 6), "b2")
    assert not state.is_terminal
    assert is_fresh_turn_of(state, 0)  # an ordinary replay


@pytest.mark.parametrize("reading", READINGS)
def test_mor3_a_placement_without_morpyam_breaks_the_streak(reading: str) -> None:
    # R-MOR-3
    state = turn(start(daversa=reading), (2, 2, 2, 2, 2), "b2")
    state = turn(state, (1, 1, 1, 5, 6), "a1")  # the replay, no Morpyam
    state = pass_turn(state)  # player 1
    state = turn(state, (6, 6, 6, 6, 6), "e5")
    assert not state.is_terminal
    assert is_fresh_turn_of(state, 0)


@pytest.mark.parametrize("reading", READINGS)
def test_mor3_a_pass_in_the_replay_breaks_the_streak(reading: str) -> None:
    # R-MOR-3
    state = turn(start(daversa=reading), (2, 2, 2, 2, 2), "b2")
    state = pass_turn(state)  # the replay ends with no token
    state = pass_turn(state)  # player 1
    state = turn(state, (6, 6, 6, 6, 6), "e5")
    assert not state.is_terminal


def test_mor3_off_in_the_classic_rules() -> None:
    # R-MOR-3 (daversa=None)
    state = turn(start(), (2, 2, 2, 2, 2), "b2")
    state = turn(state, (6, 6, 6, 6, 6), "e5")
    assert not state.is_terminal
    assert is_fresh_turn_of(state, 0)
    assert mp.Rules.official(2).daversa == "consecutive_turns"  # R-VAR-2025


# --- 7. Lines, points and the end -------------------------------------------------------


def test_line1_short_diagonal_down_right_counts() -> None:
    # R-LINE-1: d1-e2-f3 is a diagonal of exactly 3 cells
    state = start()
    state = cover(state, "d1")
    state = pass_turn(state)
    state = cover(state, "e2")
    state = pass_turn(state)
    assert mp.scores(state) == (0, 0)
    state = cover(state, "f3")
    assert mp.scores(state) == (1, 0)


def test_line1_short_diagonal_down_left_counts() -> None:
    # R-LINE-1: c1-b2-a3 is an anti-diagonal of exactly 3 cells
    state = cover(start(), "b2")  # Morpyam: replay
    state = cover(state, "c1")
    state = pass_turn(state)
    state = cover(state, "a3")
    assert mp.scores(state) == (1, 0)


def test_line1_rows_columns_and_no_wrapping() -> None:
    # R-LINE-1
    state = start()
    for where in ("e1", "f1", "a2"):  # consecutive in reading order, not on a line
        state = pass_turn(cover(state, where))
    assert mp.scores(state) == (0, 0)
    state = pass_turn(cover(state, "a1"))  # column a: a1-a2, a run of 2
    assert mp.scores(state) == (0, 0)
    state = cover(state, "a3")  # column a: a1-a2-a3
    assert mp.scores(state) == (1, 0)


def test_line1_ko_on_a_long_diagonal() -> None:
    # R-LINE-1 (with R-END-1): a5-b4-c3-d2-e1, up-right
    state = start()
    for where in ("a5", "b4", "c3", "d2"):
        state = pass_turn(cover(state, where))
    assert not state.is_terminal
    state = cover(state, "e1")
    assert state.end_rule == "R-END-1"
    assert state.winners == {0}


def _row_one(players: int, length: int, **knobs: Any) -> mp.State:
    """Player 0 covers a1, b1, … (``length`` cells of row 1); the others pass."""
    state = start(players, **knobs)
    for where in ("a1", "b1", "c1", "d1", "e1", "f1")[:length]:
        state = cover(state, where)
        if not state.is_terminal:
            for _ in range(players - 1):
                state = pass_turn(state)
    return state


@pytest.mark.parametrize(
    ("players", "length", "expected"),
    [
        (2, 2, 0),  # shorter than 3: nothing
        (2, 3, 1),
        (2, 4, 2),  # one maximal run of 4, not two runs of 3
        (3, 3, 1),
        (3, 4, 3),
        (4, 4, 3),
    ],
)
def test_line2_run_points(players: int, length: int, expected: int) -> None:
    # R-LINE-2
    state = _row_one(players, length)
    assert mp.scores(state) == (expected,) + (0,) * (players - 1)


@pytest.mark.parametrize(("players", "expected"), [(2, 2), (3, 3)])
def test_line2_run_longer_than_listed_scores_as_the_longest(players: int, expected: int) -> None:
    # R-LINE-2 (KO off): a run of 6 scores as a run of 4
    state = _row_one(players, 6, ko_length=None)
    assert not state.is_terminal
    assert mp.scores(state)[0] == expected


def test_line2_runs_are_maximal_and_broken_by_others() -> None:
    # R-LINE-2
    state = start()
    state = cover(state, "a1")  # player 0
    state = cover(state, "c1")  # player 1 breaks row 1
    state = cover(state, "b1")  # player 0: a1-b1, a run of 2
    state = pass_turn(state)
    for where in ("d1", "e1"):
        state = pass_turn(cover(state, where))
    assert mp.scores(state) == (0, 0)
    state = cover(state, "f1")  # d1-e1-f1
    assert mp.scores(state) == (1, 0)


def test_line2_crossing_runs_each_count() -> None:
    # R-LINE-2: row a1-b1-c1 and column a1-a2-a3 share a1: two runs of 3
    state = start()
    for where in ("a1", "b1", "c1", "a2"):
        state = pass_turn(cover(state, where))
    assert mp.scores(state) == (1, 0)
    state = cover(state, "a3")
    assert mp.scores(state) == (2, 0)


def test_end1_five_in_a_row_wins_at_once() -> None:
    # R-END-1
    state = _row_one(2, 4)
    assert not state.is_terminal
    state = cover(state, "e1")
    assert state.is_terminal
    assert state.end_rule == "R-END-1"
    assert state.winners == {0}
    assert mp.legal_actions(state) == ()
    with pytest.raises(mp.IllegalActionError):
        mp.apply(state, mp.Roll())


@pytest.mark.parametrize(
    ("before", "last"),
    [
        pytest.param(("a1", "b1", "d1", "e1"), "c1", id="five_joined_in_the_middle"),
        pytest.param(("a1", "b1", "c1", "e1", "f1"), "d1", id="six_in_a_row"),
    ],
)
def test_end1_ko_counts_both_sides_and_more_than_five(before: tuple[str, ...], last: str) -> None:
    # R-END-1: 5 or more consecutive tokens, the last one placed anywhere in the run
    state = start()
    for where in before:
        state = pass_turn(cover(state, where))
    assert not state.is_terminal
    state = cover(state, last)
    assert state.end_rule == "R-END-1"
    assert state.winners == {0}


def test_end1_ko_with_the_last_token_is_a_ko() -> None:
    # R-END-1 (before R-END-2)
    state = _row_one(2, 5, tokens_per_player=5)
    assert state.tokens_left == (0, 5)
    assert state.end_rule == "R-END-1"
    assert state.winners == {0}


def test_end1_ko_length_knob() -> None:
    # R-END-1
    assert _row_one(2, 4, ko_length=4).end_rule == "R-END-1"
    off = _row_one(2, 6, ko_length=None)
    assert not off.is_terminal
    assert off.winners == frozenset()


def test_end1_ko_is_checked_before_daversa() -> None:
    # R-END-1 (before R-MOR-3)
    state = start(ko_length=3, daversa="consecutive_turns")
    state = pass_turn(cover(state, "b1"))  # player 0 (3×2)
    state = pass_turn(cover(state, "b3"))  # player 0 (FULL_HOUSE)
    state = turn(state, (1, 1, 1, 1, 1), "e5")  # player 0: Morpyam, replay
    assert is_fresh_turn_of(state, 0)
    # a second Morpyam in a row (R-MOR-3) that also makes b1-b2-b3 (a KO of 3)
    state = turn(state, (2, 2, 2, 2, 2), "b2")
    assert state.end_rule == "R-END-1"
    assert state.winners == {0}


def test_end2_last_token_ends_the_game_with_the_bonus() -> None:
    # R-END-2
    state = start(tokens_per_player=2)
    state = pass_turn(state)  # player 0
    state = cover(state, "a1")  # player 1
    state = pass_turn(state)  # player 0
    assert mp.scores(state) == (0, 0)
    state = cover(state, "f6")  # player 1's last token
    assert state.is_terminal
    assert state.end_rule == "R-END-2"
    assert mp.scores(state) == (0, 1)  # no runs; +1 end bonus
    assert state.winners == {1}
    rejected(state, mp.Roll(), "R-END-2")


def test_end2_end_bonus_knob() -> None:
    # R-END-2
    state = cover(start(tokens_per_player=1, end_bonus=3), "a1")
    assert state.end_rule == "R-END-2"
    assert mp.scores(state) == (3, 0)


# Player 0's scattered cells: no two of them adjacent on any line, so no runs.
SCATTERED = ("a6", "f6", "a3", "f2", "c6")


def test_end3_highest_total_wins() -> None:
    # R-END-3: player 1 has a run of 4 (2 points), player 0 finishes with 0 + 1
    state = start(tokens_per_player=5)
    for mine, theirs in zip(SCATTERED, ("a1", "b1", "c1", "d1", None)):
        state = cover(state, mine)
        if theirs is not None:
            state = cover(state, theirs)
    assert state.end_rule == "R-END-2"
    assert mp.scores(state) == (1, 2)
    assert state.winners == {1}


def test_end3_the_finisher_wins_a_tie() -> None:
    # R-END-3: 1 (bonus) against 1 (a run of 3)
    state = start(tokens_per_player=4)
    for mine, theirs in zip(SCATTERED, ("a1", "b1", "c1", None)):
        state = cover(state, mine)
        if theirs is not None:
            state = cover(state, theirs)
    assert state.end_rule == "R-END-2"
    assert mp.scores(state) == (1, 1)
    assert state.winners == {0}


@pytest.mark.parametrize(("bonus", "winners"), [(0, {1, 2}), (1, {0})])
def test_end3_tie_without_the_finisher_is_shared(bonus: int, winners: set[int]) -> None:
    # R-END-3: players 1 and 2 each have a run of 3; player 0 finishes with no run
    state = start(3, tokens_per_player=4, end_bonus=bonus)
    # player 0's cells: no two of them adjacent on any line
    mine = ("a3", "f2", "a5", "f4")
    ones = ("a1", "b1", "c1")
    twos = ("b6", "c6", "d6")
    for k in range(3):
        state = cover(state, mine[k])
        state = cover(state, ones[k])
        state = cover(state, twos[k])
    state = cover(state, mine[3])
    assert state.end_rule == "R-END-2"
    assert mp.scores(state) == (bonus, 1, 1)
    assert state.winners == winners


def test_end4_two_players_the_other_wins() -> None:
    # R-END-4
    state = roll(start(), NOTHING)
    after = mp.resign(state, 1)  # not their turn
    assert after.is_terminal
    assert after.end_rule == "R-END-4"
    assert after.winners == {0}
    assert mp.legal_actions(after) == ()
    with pytest.raises(mp.IllegalActionError) as info:
        mp.resign(after, 0)
    assert info.value.rule == "R-END-4"
    in_air = mp.apply(state, mp.Roll(keep=(6,)))  # at any time, dice in the air too
    assert mp.resign(in_air, 0).winners == {1}


def test_end4_two_players_resign_in_the_start_roll() -> None:
    # R-END-4
    state = mp.new_game(mp.Rules.classic(2))
    state = accepted(state, mp.RollResult((6,)))
    after = mp.resign(state, 0)
    assert after.end_rule == "R-END-4"
    assert after.winners == {1}


def test_end4_three_players_the_game_goes_on_without_them() -> None:
    # R-END-4
    state = start(3, first_player=0)
    state = cover(state, "a1")  # player 0
    state = cover(state, "c1")  # player 1
    state = pass_turn(state)  # player 2
    state = cover(state, "b1")  # player 0
    assert is_fresh_turn_of(state, 1)
    state = mp.resign(state, 1)  # on their own turn
    assert is_fresh_turn_of(state, 2)
    assert state.board[cell("c1")] == 1  # their token stays
    state = pass_turn(state)  # player 2
    assert is_fresh_turn_of(state, 0)
    probe = roll(state, (1, 3, 3, 3, 6))
    # 3×3 cells c1, f2, d6: c1 stays blocked by the resigned player
    assert placements(probe) == {"f2", "d6"}
    rejected(probe, place("c1"), "R-SET-4")
    state = cover(state, "d1")  # player 0: a1-b1, then player 1's c1, then d1: no run
    assert mp.scores(state) == (0, 0, 0)
    assert is_fresh_turn_of(state, 2)  # player 1 is skipped
    state = pass_turn(state)
    assert is_fresh_turn_of(state, 0)


def test_end4_three_players_resigned_cannot_win() -> None:
    # R-END-4 (with R-END-3)
    state = start(3, tokens_per_player=5)
    theirs = ("a6", "f6", "a3", "f2", "c6")  # player 2, scattered
    for k in range(4):
        state = pass_turn(state)  # player 0
        state = cover(state, ("a1", "b1", "c1", "d1")[k])  # player 1
        state = cover(state, theirs[k])  # player 2
    assert mp.scores(state) == (0, 3, 0)  # a run of 4 with 3 players
    state = mp.resign(state, 1)  # during player 0's turn
    assert is_fresh_turn_of(state, 0)
    state = pass_turn(state)
    assert is_fresh_turn_of(state, 2)  # player 1 is skipped
    state = cover(state, theirs[4])  # player 2's last token
    assert state.end_rule == "R-END-2"
    assert mp.scores(state) == (0, 3, 1)
    assert state.winners == {2}


def test_end4_three_players_the_last_left_wins() -> None:
    # R-END-4
    state = _row_one(3, 3)  # player 0: 1 point
    state = mp.resign(state, 1)
    assert not state.is_terminal
    state = mp.resign(state, 0)  # the current player, with the most points
    assert state.is_terminal
    assert state.end_rule == "R-END-4"
    assert state.winners == {2}


def test_end4_three_players_resign_with_dice_in_the_air() -> None:
    # R-END-4
    state = accepted(start(3), mp.Roll())
    assert state.is_chance
    state = mp.resign(state, 0)
    assert is_fresh_turn_of(state, 1)
    with pytest.raises(mp.IllegalActionError) as info:
        mp.resign(state, 0)  # already out
    assert info.value.rule == "R-END-4"


def test_end4_resign_during_the_start_roll_leaves_the_roll_off() -> None:
    # R-END-4 (with R-SET-3)
    state = mp.new_game(mp.Rules.classic(3))
    state = accepted(state, mp.RollResult((5,)))  # player 0
    state = accepted(state, mp.RollResult((6,)))  # player 1
    # player 1 leaves: their 6 no longer counts; player 2 still rolls
    left = mp.resign(state, 1)
    assert left.is_chance
    left = accepted(left, mp.RollResult((3,)))  # player 2
    assert is_fresh_turn_of(left, 0)
    left = pass_turn(left)
    assert is_fresh_turn_of(left, 2)  # player 1 skipped
    # player 2 leaves before rolling: player 1's 6 is highest of the rest
    other = mp.resign(state, 2)
    assert is_fresh_turn_of(other, 1)
    other = pass_turn(other)
    assert is_fresh_turn_of(other, 0)


def test_end4_resign_in_a_start_reroll_leaves_one_contender() -> None:
    # R-END-4 (with R-SET-3)
    state = mp.new_game(mp.Rules.classic(3))
    for face in (6, 6, 2):  # players 0 and 1 tie
        state = accepted(state, mp.RollResult((face,)))
    state = accepted(state, mp.RollResult((3,)))  # player 0's reroll
    state = mp.resign(state, 1)  # player 1 leaves before rerolling
    assert is_fresh_turn_of(state, 0)


def test_end4_only_players_in_the_game_can_resign() -> None:
    # R-END-4
    state = start(3)
    for player in (-1, 3):
        with pytest.raises(mp.IllegalActionError) as info:
            mp.resign(state, player)
        assert info.value.rule == "R-END-4"
