"""Game records and positions as JSON and text: exact round trips, replay, and every refusal."""

from __future__ import annotations

import datetime
import json
import pickle
import random
from collections.abc import Callable
from pathlib import Path
from typing import Any

import attrs
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from hypothesis_profiles import examples

import morpyam as mp
from morpyam.files import MAX_TEXT_SIZE, FileFormatError
from morpyam.records import (
    RECORD_FORMAT,
    GameRecord,
    ReplayError,
    Resign,
    load_record,
    parse_entry,
    positions,
    replay,
    save_record,
)
from morpyam.state_json import (
    STATE_FORMAT,
    InvalidStateError,
    check_state,
    state_from_dict,
    state_from_json,
    state_to_dict,
    state_to_json,
)
from morpyam.testing import random_action

F, S = mp.Figure, mp.Special
Entry = mp.Action | Resign
PRESETS = [mp.Rules.classic, mp.Rules.official, mp.Rules.flash, mp.Rules.plus]


@st.composite
def rule_sets(draw: st.DrawFn) -> mp.Rules:
    """Presets with random knobs; few tokens now and then, so that games stay short."""
    players = draw(st.sampled_from([2, 3, 4]))
    rules = draw(st.sampled_from(PRESETS))(players)
    return attrs.evolve(
        rules,
        tokens_per_player=draw(st.just(rules.tokens_per_player) | st.sampled_from([1, 2, 4])),
        ko_length=draw(st.sampled_from([5, 3, None])),
        voluntary_pass=draw(st.booleans()),
        called_morpyam_replays=draw(st.booleans()),
        forbid_calling_shown_figure=draw(st.booleans()),
        daversa=draw(st.sampled_from([None, "replay", "consecutive_turns"])),
    )


def play(
    rules: mp.Rules, rng: random.Random, *, resign_rate: float = 0.0, max_steps: int = 4000
) -> tuple[int | None, list[Entry], list[mp.State]]:
    """A random game: the first player, its entries and every position from the start."""
    first = rng.choice([None, *range(rules.players)])
    state = mp.new_game(rules, first_player=first)
    entries: list[Entry] = []
    states = [state]
    for _ in range(max_steps):
        if state.is_terminal:
            break
        entry: Entry
        if rng.random() < resign_rate:
            entry = Resign(rng.choice([p for p in range(rules.players) if p not in state.resigned]))
            state = mp.resign(state, entry.player)
        else:
            if state.is_chance:
                entry = mp.sample_chance(state, rng)
            else:
                legal = mp.legal_actions(state)
                places = [a for a in legal if isinstance(a, mp.Place)]
                entry = rng.choice(places if places and rng.random() < 0.7 else legal)
            state = mp.apply(state, entry)
        entries.append(entry)
        states.append(state)
    return first, entries, states


one_line = st.text(
    st.characters(exclude_categories=["Cc", "Cf", "Cs", "Zl", "Zp"]), min_size=1, max_size=30
).filter(lambda text: text == text.strip())
dates = st.dates(datetime.date(1, 1, 1), datetime.date(9999, 12, 31))


@settings(max_examples=examples(40))
@given(
    rules=rule_sets(),
    seed=st.integers(0, 2**32 - 1),
    resign_rate=st.sampled_from([0.0, 0.003, 0.05]),
    named=st.booleans(),
    names=st.lists(one_line, min_size=4, max_size=4),
    event=st.none() | one_line,
    site=st.none() | one_line,
    date=st.none() | dates,
)
def test_records_round_trip_and_replay_exactly(
    rules: mp.Rules,
    seed: int,
    resign_rate: float,
    named: bool,
    names: list[str],
    event: str | None,
    site: str | None,
    date: datetime.date | None,
) -> None:
    rng = random.Random(seed)
    first, entries, states = play(rules, rng, resign_rate=resign_rate)
    record = GameRecord(
        rules,
        entries,
        first,
        names=names[: rules.players] if named else (),
        event=event,
        site=site,
        date=date,
    )
    for entry in entries:
        assert parse_entry(str(entry)) == entry
    assert GameRecord.from_json(record.to_json()) == record
    assert GameRecord.from_text(record.to_text()) == record
    assert json.loads(record.to_json())["format"] == RECORD_FORMAT
    assert replay(record) == states[-1]
    assert list(positions(record)) == states
    for state in rng.sample(states, min(len(states), 8)):
        assert state_from_json(state_to_json(state)) == state
        check_state(state)


@settings(max_examples=examples(15))
@given(rules=rule_sets(), seed=st.integers(0, 2**32 - 1), data=st.data())
def test_replay_names_the_first_illegal_entry(
    rules: mp.Rules, seed: int, data: st.DataObject
) -> None:
    rng = random.Random(seed)
    first, entries, states = play(rules, rng)
    index = data.draw(st.integers(0, len(entries)), label="index")
    before = states[index]
    legal = set(mp.legal_actions(before))
    wrong: Entry = random_action(before, rng)
    while wrong in legal:
        wrong = random_action(before, rng)
    if before.is_terminal:
        wrong = Resign(0)  # nothing is allowed after the end, a resignation neither (R-END-4)
    record = GameRecord(rules, [*entries[:index], wrong, *entries[index:]], first)
    with pytest.raises(ReplayError) as caught:
        replay(record)
    assert caught.value.index == index
    assert caught.value.entry == wrong
    assert caught.value.rule.startswith("R-")
    assert str(caught.value).startswith(f"entry {index} ({wrong}): R-")
    assert isinstance(caught.value, mp.IllegalActionError)
    seen: list[mp.State] = []
    with pytest.raises(ReplayError):
        seen.extend(positions(record))
    assert seen == states[: index + 1]


def test_replay_error_pickles() -> None:
    error = ReplayError(3, mp.Pass(), "R-TURN-4", "no")
    copy = pickle.loads(pickle.dumps(error))
    assert (copy.index, copy.entry, copy.rule, copy.reason) == (3, mp.Pass(), "R-TURN-4", "no")
    assert str(copy) == "entry 3 (pass): R-TURN-4: no"


def test_a_resignation_is_an_entry_where_it_happened() -> None:
    # R-END-4: with three players the one who resigns leaves; the game goes on
    rules = mp.Rules.classic(players=3)
    record = GameRecord(
        rules,
        [mp.Roll(), mp.RollResult((1, 1, 1, 4, 5)), Resign(1), mp.Place(mp.Cell.parse("a1"))],
        first_player=0,
    )
    state = replay(record)
    assert state.resigned == {1}
    assert state.board == {mp.Cell.parse("a1"): 0}
    assert state.current_player == 2  # player 1 is skipped
    assert "resign 1" in record.to_text().splitlines()
    assert json.loads(record.to_json())["actions"][2] == "resign 1"
    with pytest.raises(ReplayError) as caught:
        replay(record.appended(Resign(1)))
    assert (caught.value.index, caught.value.rule) == (4, "R-END-4")


@pytest.mark.parametrize(
    ("text", "column", "reason"),
    [
        ("resign", 7, "a player number expected"),
        ("resign x", 8, "'x' is not a player"),
        ("resign 4", 8, "a player is 0 to 3"),
        ("resign 12", 8, "'12' is not a player"),
        ("resign 1 now", 10, "unexpected 'now'"),
        ("surrender 1", 1, "'surrender' is not an action"),
        ("", 1, "an entry is expected"),
        ("place 4c", 7, "'4c' is not a cell"),
    ],
)
def test_entry_errors_point_at_the_word(text: str, column: int, reason: str) -> None:
    with pytest.raises(mp.NotationError) as caught:
        parse_entry(text)
    assert (caught.value.column, reason in caught.value.reason) == (column, True)


def test_entries_read_in_any_case() -> None:
    assert parse_entry("  RESIGN 2 ") == Resign(2)
    assert parse_entry("Roll Keep 3 3 Call Full-House") == mp.Roll((3, 3), F.FULL_HOUSE)
    with pytest.raises(ValueError, match="0 to 3"):
        Resign(True)


# ---------------------------------------------------------------------------
# The text form, as a person writes it


HAND_WRITTEN = """\
# Club night, table 2
Format: morpyam/1
rules: official
players: 3
voluntary_pass: false
run_points: {"3": 1, "4": 3, "5": 5}
ko_length: off
event: Club night: round 2
date: 2025-03-14
name 0: Anne-Marie
name 1: Bruno
name 2: Chloé #1
first player: 2
roll call full-house     # Chloé calls
dice 3 3 3 5 5

place d3                 # the CALL cell
ROLL
dice 6 6 6 6 6
place b2
resign 0
"""


def test_a_hand_written_record() -> None:
    record = GameRecord.from_text(HAND_WRITTEN)
    rules = attrs.evolve(
        mp.Rules.official(players=3),
        voluntary_pass=False,
        run_points={3: 1, 4: 3, 5: 5},
        ko_length=None,
    )
    expected = GameRecord(
        rules,
        [
            mp.Roll(call=F.FULL_HOUSE),
            mp.RollResult((3, 3, 3, 5, 5)),
            mp.Place(mp.Cell.parse("d3")),
            mp.Roll(),
            mp.RollResult((6, 6, 6, 6, 6)),
            mp.Place(mp.Cell.parse("b2")),
            Resign(0),
        ],
        first_player=2,
        names=("Anne-Marie", "Bruno", "Chloé #1"),
        event="Club night: round 2",
        date=datetime.date(2025, 3, 14),
    )
    assert record == expected
    states = list(positions(record))
    # R-CALL-5 then R-MOR-2: the call came up on the CALL cell; player 0's Morpyam replays
    assert states[3].board == {mp.Cell.parse("d3"): 2}
    assert states[6].board == {mp.Cell.parse("d3"): 2, mp.Cell.parse("b2"): 0}
    assert states[6].current_player == 0
    # R-END-4: with three players the one who resigns leaves, and the next plays
    assert states[7].resigned == {0}
    assert states[7].current_player == 1
    assert GameRecord.from_text(record.to_text()) == record


@pytest.mark.parametrize(
    ("text", "where", "reason"),
    [
        ("rules: classic\nplayers: 2\n", "line 1", "missing the header line 'format: morpyam/1'"),
        ("format: morpyam/2\nrules: classic\nplayers: 2\n", "line 1", "unsupported version"),
        (
            "format: morpyam/1\nplayers: 2\n",
            "line 1",
            "missing the header line 'rules:' (such as 'rules: classic')",
        ),
        (
            "format: morpyam/1\nrules: classic\n",
            "line 1",
            "missing the header line 'players:' (such as 'players: 2')",
        ),
        ("format: morpyam/1\nrules: chess\nplayers: 2\n", "line 2", "unknown preset"),
        ("format: morpyam/1\nrules: classic\nplayers: 5\n", "line 3", "2 to 4 players"),
        ("format: morpyam/1\nrules: classic\nplayers: two\n", "line 3", "small whole number"),
        ("format: morpyam/1\nrules: classic\nplayers: 99999999999\n", "line 3", "small whole"),
        (
            "format: morpyam/1\nrules: classic\nplayers: 2\nvoluntary_pass: maybe\n",
            "line 4",
            "true",
        ),
        ("format: morpyam/1\nrules: classic\nplayers: 2\nko_length: [5\n", "line 4", "JSON"),
        (
            "format: morpyam/1\nrules: classic\nplayers: 2\ncolour: red\n",
            "line 4",
            "unknown header",
        ),
        ("format: morpyam/1\nrules: classic\nplayers: 2\nrules: flash\n", "line 4", "twice"),
        ("format: morpyam/1\nrules: classic\nplayers: 2\n\nroll\nevent: x\n", "line 6", "after"),
        (
            "format: morpyam/1\nrules: classic\nplayers: 2\n\nroll keep 9\n",
            "line 5, column 11",
            "face",
        ),
        (
            "format: morpyam/1\nrules: classic\nplayers: 2\n\nplace c4 c5\n",
            "line 5, column 10",
            "unexpected",
        ),
        (
            "format: morpyam/1\nrules: classic\nplayers: 2\nname 1: Bob\n",
            "line 4",
            "'name 0' is missing",
        ),
        (
            "format: morpyam/1\nrules: classic\nplayers: 2\nname 0: A\nname 1: B\nname 2: C\n",
            "line 4",
            "no player 2",
        ),
        ("format: morpyam/1\nrules: classic\nplayers: 2\nfirst player: 2\n", "line 4", "0 to 1"),
        ("format: morpyam/1\nrules: classic\nplayers: 2\ndate: 2025-02-30\n", "line 4", "a date"),
        ('format: morpyam/1\nrules: classic\nplayers: 2\ngrid: ["MOR"]\n', "line 4", "rows"),
        ("roll\n", "line 1", "missing the header line 'format: morpyam/1'"),
    ],
)
def test_text_errors_say_where(text: str, where: str, reason: str) -> None:
    with pytest.raises(FileFormatError) as caught:
        GameRecord.from_text(text)
    assert (caught.value.where, reason in caught.value.reason) == (where, True), caught.value


def test_knobs_that_are_words_and_a_built_grid() -> None:
    # R-VAR-PLUS: a Plus table that built its grid before the record started
    rules = attrs.evolve(mp.Rules.plus(), daversa="replay", callable=[F.MINI, S.SEC])
    grid = mp.Layout(tuple(reversed(mp.Layout.classic().grid)))
    record = GameRecord(rules, [mp.RollResult((6,)), mp.RollResult((2,))], layout=grid)
    text = record.to_text()
    assert "daversa: replay" in text.splitlines()
    assert 'callable: ["MINI", "SEC"]' in text.splitlines()
    assert GameRecord.from_text(text) == record
    assert GameRecord.from_json(record.to_json()) == record
    assert replay(record).layout == grid
    assert replay(record).current_player == 0  # R-SET-3: the highest die starts


# ---------------------------------------------------------------------------
# JSON: malformed and hostile documents


def _record_dict() -> dict[str, Any]:
    record = GameRecord(
        mp.Rules.classic(),
        [mp.Roll(), mp.RollResult((1, 2, 3, 4, 5)), mp.Pass()],
        first_player=1,
        names=("Ann", "Bob"),
        date=datetime.date(2025, 1, 2),
    )
    return record.to_dict()


def _with(**changes: Any) -> str:
    data = _record_dict()
    for key, value in changes.items():
        if value is _DROP:
            del data[key]
        else:
            data[key] = value
    return json.dumps(data)


_DROP = object()


@pytest.mark.parametrize(
    ("text", "where", "reason"),
    [
        ('{"format": "morpyam/1", "rules": {', "line 1, column 35", "Expecting property name"),
        ("", "line 1, column 1", "Expecting value"),
        ("[]", "document", "expected a table"),
        (_with(format=_DROP), "format", "missing"),
        (_with(format="morpyam/2"), "format", "unsupported version 'morpyam/2'"),
        (_with(format="morpyam-state/1"), "format", "is not a game record"),
        (_with(format=1), "format", "expected a string"),
        (_with(actions=_DROP), "actions", "missing"),
        (_with(actions="roll"), "actions", "expected a list"),
        (_with(actions=["roll", 5]), "actions[1]", "expected a string"),
        (_with(actions=["roll", "dice 1 2 3 4 7"]), "actions[1]", "column 14: '7' is not a die"),
        (_with(first_player="1"), "first_player", "expected an integer"),
        (_with(first_player=True), "first_player", "expected an integer"),
        (_with(first_player=2), "first_player", "R-SET-3"),
        (_with(first_player=10**30), "first_player", "integer out of range"),
        (_with(first_player=-1), "first_player", "R-SET-3"),
        (_with(first_player=1.0), "first_player", "expected an integer"),
        (_with(colour="red"), "colour", "unknown field"),
        (_with(rules=_DROP), "rules", "missing"),
        (_with(rules=[]), "rules", "expected a table"),
        (_with(rules={"preset": "classic"}), "rules.players", "missing"),
        (_with(rules={"preset": "classic", "players": 2, "speed": 1}), "rules.speed", "unknown"),
        (_with(rules={"preset": "classic", "players": 9}), "rules.players", "R-SET-2"),
        (_with(names=["Ann"]), "names", "1 name for 2 players"),
        (_with(names="Ann"), "names", "expected a list"),
        (_with(names=["Ann", 7]), "names[1]", "expected a string"),
        (_with(names=["Ann", "B\nb"]), "names[1]", "control character U+000A"),
        (_with(names=["Ann", " Bob"]), "names[1]", "spaces at either end"),
        (_with(names=["Ann", ""]), "names[1]", "an empty text"),
        (_with(names=["Ann", "x" * 201]), "names[1]", "at most 200"),
        (_with(event=["x"]), "event", "expected a string"),
        (_with(date="14/03/2025"), "date", "a date like 2025-03-14"),
        (_with(date="2025-13-01"), "date", "a date like"),
        (_with(layout={"rows": ["MOR"]}), "layout.rows", "1 rows, expected 6"),
        (_with(layout={"rows": ["3×1 " * 6] * 6}), "layout", "R-VAR-PLUS"),
        (_with(first_player=12345).replace("12345", "9" * 5000), "line 1", "digits is not read"),
    ],
)
def test_json_errors_say_where(text: str, where: str, reason: str) -> None:
    with pytest.raises(FileFormatError) as caught:
        GameRecord.from_json(text)
    assert caught.value.where.startswith(where), caught.value
    assert reason in caught.value.reason, caught.value


def test_hostile_json() -> None:
    deep = "[" * 100_000 + "]" * 100_000
    with pytest.raises(FileFormatError, match="nested too deeply"):
        GameRecord.from_json(deep)
    repeated = '{"format": "morpyam/1", "format": "morpyam/1"}'
    with pytest.raises(FileFormatError) as caught:
        GameRecord.from_json(repeated)
    assert (caught.value.where, caught.value.reason) == ("format", "given more than once")
    padded = _with() + " " * MAX_TEXT_SIZE
    with pytest.raises(FileFormatError) as caught:
        GameRecord.from_json(padded)
    assert caught.value.where == "document"
    for text in ("NaN", '{"format": Infinity}'):
        with pytest.raises(FileFormatError):
            GameRecord.from_json(text)


def test_records_refuse_bad_values() -> None:
    rules = mp.Rules.classic()
    with pytest.raises(ValueError, match="Rules"):
        GameRecord("classic")  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="R-SET-3"):
        GameRecord(rules, first_player=2)
    with pytest.raises(ValueError, match=r"actions\[1\]"):
        GameRecord(rules, [mp.Roll(), "dice 1 2 3 4 5"])  # type: ignore[list-item]
    with pytest.raises(ValueError, match="name every player"):
        GameRecord(rules, names=("Ann",))
    with pytest.raises(ValueError, match="event"):
        GameRecord(rules, event="two\nlines")
    with pytest.raises(ValueError, match="date"):
        GameRecord(rules, date="2025-01-01")  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="sequence"):
        GameRecord(rules, "roll")  # type: ignore[arg-type]


def test_record_files(tmp_path: Path) -> None:
    record = GameRecord(mp.Rules.flash(), [mp.RollResult((3,)), mp.RollResult((5,))], site="Lyon")
    for name in ("game.json", "game.txt", "GAME.JSON"):
        save_record(record, tmp_path / name)
        assert load_record(tmp_path / name) == record
    assert (tmp_path / "game.json").read_text(encoding="utf-8").startswith("{")
    with pytest.raises(FileFormatError) as caught:
        save_record(record, tmp_path / "game.pgn")
    assert "unknown file type '.pgn'" in caught.value.reason
    (tmp_path / "big.txt").write_bytes(b"#" * (MAX_TEXT_SIZE + 1))
    with pytest.raises(FileFormatError, match="bigger than"):
        load_record(tmp_path / "big.txt")
    (tmp_path / "latin.txt").write_bytes("format: morpyam/1\nevent: caf\xe9\n".encode("latin-1"))
    with pytest.raises(FileFormatError, match="not UTF-8"):
        load_record(tmp_path / "latin.txt")


# ---------------------------------------------------------------------------
# States as JSON


def _midgame() -> mp.State:
    state = mp.new_game(mp.Rules.classic(), first_player=0)
    actions: list[mp.Action] = [
        mp.Roll(),
        mp.RollResult((1, 1, 1, 2, 3)),
        mp.Place(mp.Cell.parse("a1")),
        mp.Roll(call=F.FULL_HOUSE),
        mp.RollResult((2, 2, 5, 5, 5)),
    ]
    for action in actions:
        state = mp.apply(state, action)
    return state


def test_state_json_example() -> None:
    state = _midgame()
    data = state_to_dict(state)
    # the documented schema, field by field
    assert data["format"] == STATE_FORMAT
    assert data["board"] == {"a1": 0}
    assert data["tokens_left"] == [16, 17]
    assert (data["player"], data["rolls"], data["dice"]) == (1, 1, [2, 2, 5, 5, 5])
    assert (data["call"], data["in_air"], data["kept"]) == ("FULL_HOUSE", False, [])
    assert (data["setup"], data["winners"], data["end_rule"]) == (None, [], None)
    assert state_from_dict(data) == state
    # R-CALL-5: the call that came up is kept, and the token must go on the CALL cell
    assert mp.legal_actions(state_from_dict(data)) == (
        mp.Place(mp.Cell.parse("d3")),
        mp.Place(mp.Cell.parse("c4")),
    )


def _state_with(**changes: Any) -> str:
    data = state_to_dict(_midgame())
    for key, value in changes.items():
        if value is _DROP:
            del data[key]
        else:
            data[key] = value
    return json.dumps(data)


@pytest.mark.parametrize(
    ("text", "where", "reason"),
    [
        (_state_with(format="morpyam/1"), "format", "a game record"),
        (_state_with(format="morpyam-state/9"), "format", "unsupported version 'morpyam-state/9'"),
        (_state_with(dice=_DROP), "dice", "missing"),
        (_state_with(speed=3), "speed", "unknown field"),
        (_state_with(dice=[5, 5, 5, 2, 2]), "dice", "sorted"),
        (_state_with(dice=[2, 2, 5, 5, 7]), "dice[4]", "1 to 6"),
        (_state_with(dice="22555"), "dice", "expected a list"),
        (_state_with(rolls=4), "rolls", "R-TURN-1"),
        (_state_with(rolls=2**70), "rolls", "out of range"),
        (_state_with(player=2), "player", "0 to 1"),
        (_state_with(board={"C1": 0}), "board.C1", "'c1'"),
        (_state_with(board={"a9": 0}), "board.a9", "off the 6×6 grid"),
        (_state_with(board={"a1": 2}), "board.a1", "0 to 1"),
        (_state_with(board={"a1": "0"}), "board.a1", "expected an integer"),
        (_state_with(board={"here": 0}), "board.here", "a cell"),
        (_state_with(call="FULLHOUSE"), "call", "unknown label"),
        (_state_with(tokens_left=[16, 18]), "tokens_left[1]", "0 to 17"),
        (_state_with(in_air=0), "in_air", "true or false"),
        (_state_with(resigned=[1, 1]), "resigned", "once each"),
        (_state_with(end_rule="R-END-9"), "end_rule", "expected null or one of"),
        (_state_with(setup={"first": 0}), "setup.bag", "missing"),
        (_state_with(tokens_left=[16]), "tokens_left", "2 expected"),
        (_state_with(layout={"rows": ["MOR"]}), "layout.rows", "expected 6"),
    ],
)
def test_state_json_errors_say_where(text: str, where: str, reason: str) -> None:
    with pytest.raises(FileFormatError) as caught:
        state_from_json(text)
    assert caught.value.where.startswith(where), caught.value
    assert reason in caught.value.reason, caught.value


def _play_to(rules: mp.Rules, actions: list[str], first: int | None = 0) -> mp.State:
    state = mp.new_game(rules, first_player=first)
    for text in actions:
        entry = parse_entry(text)
        state = (
            mp.resign(state, entry.player) if isinstance(entry, Resign) else mp.apply(state, entry)
        )
    return state


TURN = ["roll", "dice 1 1 1 2 3", "place a1"]
CLASSIC = mp.Rules.classic()


def _plus_setup() -> mp.Setup:
    setup = _play_to(mp.Rules.plus(), ["deal mini"]).setup
    assert setup is not None
    return setup


def _over_by_points() -> mp.State:
    # one token each: the first placement ends the game (R-END-2)
    return _play_to(attrs.evolve(CLASSIC, tokens_per_player=1), TURN)


def _ko() -> mp.State:
    return _play_to(
        attrs.evolve(CLASSIC, ko_length=3),
        [*TURN, *_turn("f1"), *_turn("b1"), *_turn("f6"), *_turn("c1")],
    )


def _turn(cell: str) -> list[str]:
    """A turn that covers ``cell`` with a roll that shows every figure it might need."""
    label = CLASSIC.layout[mp.Cell.parse(cell)]
    faces = {
        F.THREE_ONES: "1 1 1 2 3",
        F.THREE_TWOS: "2 2 2 1 3",
        F.THREE_THREES: "3 3 3 1 2",
        F.THREE_FIVES: "5 5 5 1 2",
        F.THREE_SIXES: "6 6 6 1 2",
    }[label]  # type: ignore[index]
    return ["roll", f"dice {faces}", f"place {cell}"]


MUTATIONS: list[tuple[str, Callable[[], mp.State], dict[str, Any], str, str]] = [
    ("tokens", _midgame, {"tokens_left": (17, 17)}, "tokens_left[0]", "not conserved"),
    ("owner", _midgame, {"owners": (5, *_midgame().owners[1:])}, "board.a1", "0 to 1"),
    ("cells", _midgame, {"owners": (None,) * 35}, "board", "36 expected"),
    ("rolls", _midgame, {"rolls": 4}, "rolls", "R-TURN-1"),
    ("dice sorted", _midgame, {"dice": (5, 2, 2, 5, 5)}, "dice", "sorted"),
    ("dice count", _midgame, {"dice": (2, 2, 5, 5)}, "dice", "5 sorted faces"),
    ("missed call", _midgame, {"dice": (1, 2, 4, 5, 6)}, "call", "R-CALL-6"),
    ("call not callable", _midgame, {"call": F.THREE_ONES}, "call", "R-CALL-2"),
    ("kept after roll", _midgame, {"kept": (2, 2)}, "kept", "in the air"),
    ("winners", _midgame, {"winners": frozenset({0})}, "end_rule", "says which rule"),
    ("end rule", _midgame, {"end_rule": "R-END-2"}, "winners", "has winners"),
    ("resigned mover", _midgame, {"resigned": frozenset({1})}, "resigned", "one player left"),
    ("armed", _midgame, {"daversa_armed": (True, False)}, "daversa_armed[0]", "no D'Aversa"),
    ("roll off", _midgame, {"roll_off_faces": (3,)}, "roll_off_faces", "over"),
    ("setup", _midgame, {"setup": mp.Setup.new(CLASSIC.layout, 2)}, "setup", "no set-up"),
    ("grid", _midgame, {"layout": mp.Layout.flash()}, "layout", "R-VAR-PLUS"),
    ("in air", _midgame, {"in_air": True}, "dice", "in the air"),
    ("first roll keeps", lambda: _play_to(CLASSIC, ["roll"]), {"kept": (3,)}, "kept", "first roll"),
    ("in air 4th", lambda: _play_to(CLASSIC, ["roll"]), {"rolls": 3}, "rolls", "at most 3"),
    ("before roll", lambda: _play_to(CLASSIC, []), {"rolls": 1}, "rolls", "dice show"),
    ("end by points", _over_by_points, {"winners": frozenset({1})}, "winners", "R-END-3"),
    ("two finishers", _over_by_points, {"end_rule": "R-END-4"}, "winners", "R-END-4"),
    ("over keeps turn", _over_by_points, {"dice": (1, 1, 1, 2, 3)}, "dice", "finished game"),
    ("resigned winner", _over_by_points, {"resigned": frozenset({0})}, "winners", "resigned"),
    ("KO winner", _ko, {"winners": frozenset({1})}, "winners", "R-END-1"),
    ("KO going on", _ko, {"winners": frozenset(), "end_rule": None}, "board", "R-END-1"),
    (
        "forfeit",
        lambda: _play_to(CLASSIC, ["resign 0"]),
        {"winners": frozenset({0, 1})},
        "winners",
        "resigned",
    ),
    (
        "roll-off order",
        lambda: _play_to(mp.Rules.classic(players=3), [], first=None),
        {"roll_off": (2, 1, 0)},
        "roll_off",
        "seat order",
    ),
    (
        "roll-off mover",
        lambda: _play_to(mp.Rules.classic(players=3), ["dice 4"], first=None),
        {"player": 0},
        "player",
        "player 1 rolls next",
    ),
    (
        "roll-off board",
        lambda: _play_to(mp.Rules.classic(players=3), ["dice 4"], first=None),
        {"tokens_left": (10, 11, 11), "owners": (0, *(None,) * 35)},
        "board",
        "no token",
    ),
    (
        "plus tiles",
        lambda: _play_to(mp.Rules.plus(), ["deal mini"]),
        {"setup": attrs.evolve(_plus_setup(), bag=())},
        "setup",
        "tiles of the rules' grid",
    ),
    (
        "plus early lay",
        lambda: _play_to(mp.Rules.plus(), ["deal mini"]),
        {
            "setup": attrs.evolve(
                _plus_setup(),
                hands=((), ()),
                tiles=(F.MINI, *(None,) * 35),
            )
        },
        "setup.tiles",
        "all dealt",
    ),
    (
        "plus in classic",
        lambda: _play_to(mp.Rules.plus(), ["deal mini"]),
        {"rules": CLASSIC},
        "setup",
        "no set-up",
    ),
    (
        "replay armed",
        lambda: _play_to(attrs.evolve(CLASSIC, daversa="replay"), []),
        {"daversa_armed": (False, True)},
        "daversa_armed[1]",
        "only the player in their replay",
    ),
]


@pytest.mark.parametrize(
    ("make", "changes", "where", "reason"),
    [case[1:] for case in MUTATIONS],
    ids=[case[0] for case in MUTATIONS],
)
def test_inconsistent_states_are_refused(
    make: Callable[[], mp.State], changes: dict[str, Any], where: str, reason: str
) -> None:
    good = make()
    check_state(good)  # the state itself is fine: only the change breaks it
    assert state_from_json(state_to_json(good)) == good
    if not changes:
        return
    bad = attrs.evolve(good, **changes)
    with pytest.raises(InvalidStateError) as caught:
        check_state(bad)
    assert (caught.value.where, reason in caught.value.reason) == (where, True), caught.value
    assert isinstance(caught.value, (FileFormatError, ValueError))
    try:
        text = state_to_json(bad)
    except (AttributeError, IndexError, KeyError, TypeError, ValueError):
        return  # some broken values cannot even be written
    with pytest.raises(FileFormatError):
        state_from_json(text)


def test_a_call_that_missed_on_the_third_roll_stays() -> None:
    # R-CALL-7: the call stays after a miss on the 3rd roll, and nothing can be placed
    state = _play_to(
        CLASSIC,
        ["roll", "dice 1 2 2 4 6", "roll", "dice 1 2 2 4 6", "roll call maxi", "dice 1 1 2 3 4"],
    )
    assert state.call is F.MAXI
    check_state(state)
    assert state_from_json(state_to_json(state)) == state
    with pytest.raises(InvalidStateError, match="R-CALL-3"):
        check_state(attrs.evolve(state, call=S.SEC, rolls=1, in_air=True, dice=None))


def _play(state: mp.State, *texts: str) -> mp.State:
    for text in texts:
        state = mp.apply(state, mp.parse_action(text))
    return state


def test_a_daversa_win_reads_back() -> None:
    # R-MOR-3: a finished game keeps no D'Aversa flag, yet its end rule says how it was won
    start = mp.new_game(mp.Rules.official(), first_player=0)
    end = _play(start, "roll", "dice 1 1 1 1 1", "place b2", "roll", "dice 5 5 5 5 5", "place e5")
    assert end.end_rule == "R-MOR-3"
    assert state_from_json(state_to_json(end)) == end


def test_a_plus_set_up_after_a_resignation_reads_back() -> None:
    # R-END-4, R-VAR-PLUS: the player laying goes on after receiving nothing; the tiles of
    # the player who resigned wait for the next player still in
    state = mp.new_game(mp.Rules.plus(players=3), first_player=0)
    while state.setup is not None and (state.setup.bag or state.player == 0):
        state = mp.apply(state, mp.legal_actions(state)[0])
    state = mp.resign(mp.apply(state, mp.legal_actions(state)[0]), 2)
    assert state.current_player == 1
    assert state_from_json(state_to_json(state)) == state


def test_positions_no_game_reaches_are_refused() -> None:
    classic = mp.new_game(mp.Rules.classic(), first_player=0)
    data = json.loads(state_to_json(classic))
    data["layout"]["rows"] = data["layout"]["rows"][::-1]  # the same tiles, moved
    with pytest.raises(FileFormatError, match="only Plus rules play on a grid of their own"):
        state_from_json(json.dumps(data))
    # R-VAR-PLUS: tiles go round the table from the first player
    dealing = mp.apply(mp.new_game(mp.Rules.plus(), first_player=0), mp.DealTile(mp.Figure.MINI))
    data = json.loads(state_to_json(dealing))
    assert data["player"] == 1
    data["player"] = 0
    with pytest.raises(FileFormatError, match="the next one is player 1's"):
        state_from_json(json.dumps(data))


def test_errors_inside_the_rules_are_located_once() -> None:
    text = '{"format": "morpyam/1", "rules": {"preset": "classic", "players": 2, "players": 2}, "actions": []}'
    with pytest.raises(FileFormatError) as caught:
        GameRecord.from_json(text)
    assert caught.value.where == "rules.players"


@pytest.mark.parametrize("reader", [GameRecord.from_json, state_from_json])
def test_text_readers_refuse_what_is_not_text(reader: Callable[[str], object]) -> None:
    with pytest.raises(FileFormatError, match="expected text"):
        reader(None)  # type: ignore[arg-type]
    with pytest.raises(FileFormatError, match="expected text"):
        reader(b"{}")  # type: ignore[arg-type]


@pytest.mark.parametrize("name", ["\u202eAnne", "\u200b", "An\u00adne"])
def test_names_hold_no_invisible_or_right_to_left_characters(name: str) -> None:
    with pytest.raises(ValueError, match="format character"):
        GameRecord(rules=mp.Rules.classic(), names=(name, "Bruno"))
