"""The three games speak with one voice about bad input.

A sibling game's state is named, with the function that takes it; text passed
as an action gets the same help in every game and every state; a number or a
text a caller passed is echoed short; figures are named as players write them;
MyRummy's readers refuse what is no action with their documented errors.
"""

from __future__ import annotations

import contextlib
import importlib.util
import random
import re
import sys
from collections import Counter
from collections.abc import Callable
from pathlib import Path
from typing import Any

import attrs
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from hypothesis_profiles import examples

import morpyam as mp
import morpyam.myrummy as mr
import morpyam.yahtzee as yz
from morpyam.notation import NotationError

HUGE = 10**4000  # 4,001 digits
HUGE_TEXT = "x" * 5000


def _yahtzee_over() -> yz.State:
    """A one-player Yahtzee sheet played to the end: 13 turns, one roll each, a box each."""
    state = yz.new_game(yz.Rules())
    rng = random.Random(3)
    while not state.is_terminal:
        state = yz.apply(state, yz.sample_chance(state, rng) if state.is_chance else yz.Roll())
        if not state.is_chance and state.dice is not None:
            state = yz.apply(state, yz.Score(yz.allowed_boxes(state)[0]))
    return state


def _plus_laying() -> mp.State:
    """A Morpyam Plus game whose 36 tiles are dealt: player 0 lays them out."""
    state = mp.new_game(mp.Rules.plus(2), first_player=0)
    rng = random.Random(1)
    while state.is_chance:
        state = mp.apply(state, mp.sample_chance(state, rng))
    return state


MORPYAM = mp.new_game(mp.Rules.classic(), first_player=0)
YAHTZEE = yz.new_game(yz.Rules())
MYRUMMY = mr.new_game(mr.Rules.classic(), first_player=0)
STATES: dict[str, Any] = {
    "morpyam": mp.apply(mp.apply(MORPYAM, mp.Roll()), mp.RollResult((1, 4, 4, 4, 6))),
    "morpyam start roll": mp.new_game(mp.Rules.classic()),
    "morpyam in the air": mp.apply(MORPYAM, mp.Roll()),
    "morpyam plus deal": mp.new_game(mp.Rules.plus(2), first_player=0),
    "morpyam plus laying": _plus_laying(),
    "morpyam over": mp.resign(MORPYAM, 1),
    "yahtzee": YAHTZEE,
    "yahtzee in the air": yz.apply(YAHTZEE, yz.Roll()),
    "yahtzee over": _yahtzee_over(),
    "myrummy": mr.position(mr.Rules.classic(), racks=[[mr.JOKER], [mr.JOKER]]),
    "myrummy lot": mr.new_game(mr.Rules.classic()),
    "myrummy deal": MYRUMMY,
    "myrummy over": mr.resign(MYRUMMY, 1),
}
GAMES = {"morpyam": (mp, "Morpyam"), "yahtzee": (yz, "Yahtzee"), "myrummy": (mr, "MyRummy")}
MODULES = {"morpyam": "morpyam", "yahtzee": "morpyam.yahtzee", "myrummy": "morpyam.myrummy"}
FUNCTIONS = ["apply", "legal_actions", "chance_outcomes", "sample_chance", "scores"]


def _call(module: Any, function: str, state: Any) -> object:
    if function == "apply":
        return module.apply(state, module.Roll() if hasattr(module, "Roll") else module.Draw())
    if function == "sample_chance":
        return module.sample_chance(state, random.Random(0))
    return getattr(module, function)(state)


@pytest.mark.parametrize("function", FUNCTIONS)
@pytest.mark.parametrize(
    ("game", "other"),
    [(game, other) for game in GAMES for other in STATES if not other.startswith(game)],
)
def test_a_sibling_games_state_is_named(game: str, other: str, function: str) -> None:
    # each entry point raised AttributeError for a sibling's state, or answered for it:
    # morpyam.legal_actions(finished sibling) was (), yahtzee.scores(MyRummy state) its totals
    module, _ = GAMES[game]
    owner = other.split(maxsplit=1)[0]
    name = GAMES[owner][1]
    expected = f"expected a {game} State; this is a {name} state: use {MODULES[owner]}.{function}"
    with pytest.raises(ValueError, match=r"^expected a \w+ State; this is a ") as caught:
        _call(module, function, STATES[other])
    assert str(caught.value) == expected
    assert not isinstance(caught.value, mp.IllegalActionError)


def test_a_state_for_a_function_the_sibling_lacks() -> None:
    # Yahtzee has no resign, MyRummy no allowed_boxes: the module is named instead
    with pytest.raises(
        ValueError, match=r"^expected a morpyam State; .* the functions of morpyam\.yahtzee$"
    ):
        mp.resign(YAHTZEE, 0)  # type: ignore[arg-type]
    with pytest.raises(
        ValueError, match=r"^expected a yahtzee State; .* the functions of morpyam\.myrummy$"
    ):
        yz.allowed_boxes(MYRUMMY)  # type: ignore[arg-type]
    with pytest.raises(ValueError, match=r"^expected a morpyam State, got str$"):
        mp.resign("state", 0)  # type: ignore[arg-type]


# --- text and other non-actions ------------------------------------------------

TEXTS = {"morpyam": "place a1", "yahtzee": "score chance", "myrummy": "draw"}


@pytest.mark.parametrize("state_name", sorted(STATES))
def test_text_passed_as_an_action_gets_one_help(state_name: str) -> None:
    # whatever the game and the state (start roll, deal, game over), text is read first
    game = state_name.split(maxsplit=1)[0]
    module, _ = GAMES[game]
    text = TEXTS[game]
    with pytest.raises(ValueError, match=r"^apply takes an action, not the text") as caught:
        module.apply(STATES[state_name], text)
    assert str(caught.value) == (
        f"apply takes an action, not the text {text!r}: "
        f"read it first with {MODULES[game]}.parse_action({text!r})"
    )
    assert not isinstance(caught.value, mp.IllegalActionError)
    # the advice works: the text read is an action of the game
    assert module.parse_action(text) is not None


@pytest.mark.parametrize("state_name", sorted(STATES))
@pytest.mark.parametrize("value", [3, None, object], ids=["int", "None", "type"])
def test_what_is_no_action_is_a_value_error_not_a_rule(state_name: str, value: object) -> None:
    game = state_name.split(maxsplit=1)[0]
    module, _ = GAMES[game]
    with pytest.raises(ValueError, match=r"^apply takes an action \(.*\), not \w+ ") as caught:
        module.apply(STATES[state_name], value)
    assert not isinstance(caught.value, mp.IllegalActionError)


def test_a_sibling_games_action_is_no_action() -> None:
    # mp.Pass and yz.Roll are other games' values: not actions here, whatever the state
    with pytest.raises(
        ValueError, match=r"^apply takes an action \(Roll, RollResult or Score\), not Pass"
    ):
        yz.apply(YAHTZEE, mp.Pass())  # type: ignore[arg-type]
    with pytest.raises(ValueError, match=r"not Roll Roll\(keep=\(\)\)$"):
        mr.apply(MYRUMMY, yz.Roll())  # type: ignore[arg-type]
    with pytest.raises(ValueError, match=r"LoseTurn, DealTile or PlaceTile\), not Draw"):
        mp.apply(MORPYAM, mr.Draw())  # type: ignore[arg-type]


# --- short echoes ------------------------------------------------------------------

ECHOES: dict[str, Callable[[], object]] = {
    "morpyam Roll": lambda: mp.Roll(keep=(HUGE,)),
    "morpyam Roll call": lambda: mp.Roll(call=HUGE),  # type: ignore[arg-type]
    "morpyam RollResult": lambda: mp.RollResult((HUGE,)),
    "morpyam Place": lambda: mp.Place(HUGE),  # type: ignore[arg-type]
    "morpyam Place text": lambda: mp.Place(HUGE_TEXT),
    "morpyam DealTile": lambda: mp.DealTile(HUGE),  # type: ignore[arg-type]
    "morpyam resign": lambda: mp.resign(MORPYAM, HUGE),
    "morpyam Rules": lambda: mp.Rules.classic(HUGE),
    "morpyam new_game": lambda: mp.new_game(mp.Rules.classic(), first_player=HUGE),
    "morpyam apply": lambda: mp.apply(MORPYAM, HUGE),  # type: ignore[arg-type]
    "morpyam apply text": lambda: mp.apply(MORPYAM, HUGE_TEXT),  # type: ignore[arg-type]
    "morpyam sample_chance": lambda: mp.sample_chance(MORPYAM, HUGE),  # type: ignore[arg-type]
    "yahtzee Roll": lambda: yz.Roll((HUGE,)),
    "yahtzee Score": lambda: yz.Score(HUGE),  # type: ignore[arg-type]
    "yahtzee Score text": lambda: yz.Score(HUGE_TEXT),
    "yahtzee players": lambda: yz.Rules.hasbro(players=HUGE),
    "yahtzee games": lambda: yz.new_game(yz.Rules(), games=HUGE),
    "yahtzee apply": lambda: yz.apply(YAHTZEE, HUGE),  # type: ignore[arg-type]
    "yahtzee Rules": lambda: attrs.evolve(yz.Rules(), yahtzee_bonus=HUGE * -1),
    "myrummy FirstPlayer": lambda: mr.FirstPlayer(HUGE),
    "myrummy Tile": lambda: mr.Tile(mr.Colour.GREEN, HUGE),
    "myrummy new_game": lambda: mr.new_game(mr.Rules.classic(), first_player=HUGE),
    "myrummy Rules": lambda: mr.Rules.classic(players=HUGE),
    "myrummy resign": lambda: mr.resign(MYRUMMY, HUGE),
    "myrummy position": lambda: mr.position(mr.Rules.classic(), racks=[[HUGE], []]),  # type: ignore[list-item]
    "myrummy apply": lambda: mr.apply(MYRUMMY, HUGE),  # type: ignore[arg-type]
    "myrummy Run": lambda: mr.Run(HUGE),  # type: ignore[arg-type]
    "myrummy Group text": lambda: mr.Group(HUGE_TEXT),  # type: ignore[arg-type]
    "myrummy parse_tiles": lambda: mr.parse_tiles("gn1 " * 400),
    "myrummy first": lambda: mr.parse_action("first " + "9" * 1990),
}


@pytest.mark.parametrize("name", sorted(ECHOES))
def test_a_huge_value_is_echoed_short(name: str) -> None:
    # the message says what was given, not all of it: no 4,000 digits, no 5,000 x's
    with pytest.raises(ValueError, match=r"\S") as caught:
        ECHOES[name]()
    message = str(caught.value)
    assert len(message) < 250, message
    for char in "90x":
        assert char * 100 not in message
    assert "…" in message or "..." in message, message


def test_a_short_value_is_echoed_whole() -> None:
    with pytest.raises(mp.IllegalActionError, match=r"^R-END-4: there is no player 7$"):
        mp.resign(MORPYAM, 7)
    with pytest.raises(
        mp.IllegalActionError, match=r"^R-RUM-SET-1: tile values are 1 to 13, got 14$"
    ):
        mr.Tile(mr.Colour.GREEN, 14)
    # a number of thousands of digits is counted, not written (4,001 here)
    with pytest.raises(mp.IllegalActionError, match=r"got 100000000000… \(4,001 digits\)$"):
        mr.FirstPlayer(HUGE)
    # past the limit Python puts on writing numbers, the message still comes
    limit = sys.get_int_max_str_digits()
    with pytest.raises(ValueError, match=f"a number of more than {limit:,} digits"):
        mp.resign(MORPYAM, 10 ** (limit + 10))


def test_shown_by_hand() -> None:
    # repr, cut: at most about 60 characters, an ellipsis where it is cut
    from morpyam.errors import _shown

    assert _shown(7) == "7"
    assert _shown("c4") == "'c4'"
    assert _shown(-(10**30)) == "-100000000000… (31 digits)"
    assert _shown(10 ** (sys.get_int_max_str_digits() * 2)).startswith("a number of more than")
    long_texts = _shown(["y" * 50] * 5)
    assert len(long_texts) == 61
    assert long_texts.endswith("…")


# --- figures by their players' names ------------------------------------------------

ENUM_NAME = re.compile(
    r"\b(" + "|".join(f.name for f in mp.Figure if f is not mp.Figure.MORPYAM) + r")\b"
)


@settings(max_examples=examples(60), deadline=None)
@given(seed=st.integers(0, 10**6), steps=st.integers(0, 60))
def test_rejections_name_figures_as_players_write_them(seed: int, steps: int) -> None:
    # R-CELL-1, R-CALL-2, R-CALL-5, R-CALL-8, R-VAR-PLUS: every refusal of a placement, a call
    # or a tile at a random position of a random preset says three-ones, never THREE_ONES
    rng = random.Random(seed)
    rules = rng.choice([mp.Rules.classic(), mp.Rules.official(2), mp.Rules.plus(2)])
    state = mp.new_game(rules)
    for _ in range(steps):
        if state.is_terminal:
            break
        state = mp.apply(
            state,
            mp.sample_chance(state, rng)
            if state.is_chance
            else rng.choice(mp.legal_actions(state)),
        )
    attempts: list[mp.Action] = [mp.Place(cell) for cell in state.layout.cells]
    attempts += [mp.Roll(call=label) for label in (*mp.Figure, *mp.Special)]
    attempts += [mp.DealTile(label) for label in (*mp.Figure, *mp.Special)]
    attempts += [mp.PlaceTile(label, state.layout.cells[0]) for label in (*mp.Figure, *mp.Special)]
    reasons = []
    for action in attempts:
        try:
            mp.apply(state, action)
        except mp.IllegalActionError as error:
            reasons.append(error.reason)
    assert attempts
    for reason in reasons:
        assert not ENUM_NAME.search(reason), reason


def test_the_r_cell_1_message_of_the_issue() -> None:
    # R-CELL-1: the dice 1 4 4 4 6 show three-fours, not three-ones (a1 on the classic grid)
    state = mp.new_game(mp.Rules.classic(), first_player=0)
    state = mp.apply(mp.apply(state, mp.Roll()), mp.RollResult((1, 4, 4, 4, 6)))
    with pytest.raises(mp.IllegalActionError) as caught:
        mp.apply(state, mp.Place("a1"))
    assert str(caught.value) == "R-CELL-1: the dice 1 4 4 4 6 do not show three-ones (a1)"


# --- MyRummy's notation: ASCII digits; its fuzz reader -------------------------------


@pytest.mark.parametrize(
    "text", ["first ²", "first ٣", "first ３", "first", "first 1 2", "first -1"]
)
def test_first_takes_ascii_digits_only(text: str) -> None:
    # R-RUM-SET-3: "²".isdigit() and "٣".isdigit() are true; int("²") raised a bare
    # ValueError and "٣" read as seat 3
    with pytest.raises(NotationError, match="after first, write the seat in the digits 0-9"):
        mr.parse_action(text)


def test_first_reads_a_seat() -> None:
    # R-RUM-SET-3: seats 0 to 3; a seat beyond is the rule's refusal
    assert [mr.parse_action(f"first {seat}") for seat in "0123"] == [
        mr.FirstPlayer(seat) for seat in range(4)
    ]
    with pytest.raises(mr.IllegalActionError, match="R-RUM-SET-3"):
        mr.parse_action("first 4")


def test_a_tile_is_one_j_not_two() -> None:
    # R-RUM-SET-1: "jJ" was read as a joker ("jJ" in "jJ")
    assert mr.parse_tile("J") == mr.parse_tile(" j ") == mr.JOKER
    with pytest.raises(mr.IllegalActionError, match="R-RUM-SET-1"):
        mr.parse_tile("jJ")
    with pytest.raises(NotationError):
        mr.parse_action("jJ")


def _fuzz_readers() -> Any:
    path = Path(__file__).parent.parent / "fuzz" / "readers.py"
    spec = importlib.util.spec_from_file_location("fuzz_readers", path)
    assert spec is not None
    assert spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_the_myrummy_notation_fuzz_reader_fails_on_a_bare_value_error() -> None:
    # the harness suppresses only the documented errors: a bare ValueError is a crash
    reader = _fuzz_readers().READERS["myrummy_notation"]
    assert ValueError not in reader.errors
    assert set(reader.errors) == {NotationError, mp.IllegalActionError}
    for text in ("first ²", "first ٣", "first 9", "jJ", "play [gy9 J gy8]", "\x00"):
        with pytest.raises(reader.errors):
            reader.read(text.encode())


@settings(max_examples=examples(200), deadline=None)
@given(
    text=st.text(max_size=30)
    | st.sampled_from(["first ", "play [", "timeout {"]).flatmap(
        lambda head: st.text(max_size=20).map(lambda tail: head + tail)
    )
)
def test_myrummy_notation_raises_only_its_documented_errors(text: str) -> None:
    # any other exception (a bare ValueError from int("²")) fails the test
    with contextlib.suppress(NotationError, mr.IllegalActionError):
        mr.parse_action(text)


# --- MyRummy records: the size first ----------------------------------------------


def test_a_huge_myrummy_record_is_refused_by_its_size_first() -> None:
    # 10 MB of "[" was scanned for nesting (1 MiB of it, in Python) before the size was checked
    with pytest.raises(ValueError, match=r"10,000,000 characters; at most 1,048,576 are read"):
        mr.GameRecord.from_json("[" * 10_000_000)
    # within the size, nesting is refused as before
    with pytest.raises(ValueError, match="nested deeper than 4"):
        mr.GameRecord.from_json("[" * 1_000_000)


# --- a run in any order ---------------------------------------------------------------


def _canonical_runs(tiles: tuple[mr.Tile, ...]) -> list[tuple[mr.Tile, ...]]:
    """Every run, lowest value first, made of exactly these tiles: by brute force over starts."""
    real = [tile for tile in tiles if not tile.is_joker]
    if not real or len({tile.colour for tile in real}) > 1 or len(tiles) < 3:
        return []
    found = []
    for start in range(1, 14 - len(tiles) + 1):
        values = range(start, start + len(tiles))
        if Counter(tile.value for tile in real) <= Counter(values):
            by_value = {tile.value: tile for tile in real}
            found.append(tuple(by_value.get(value, mr.JOKER) for value in values))
    return found


RUN_TILES = st.builds(
    lambda colour, start, size, jokers, data: (colour, start, size, jokers, data),
    st.sampled_from(list(mr.Colour)),
    st.integers(1, 11),
    st.integers(3, 6),
    st.integers(0, 2),
    st.randoms(use_true_random=False),
)


@settings(max_examples=examples(300), deadline=None)
@given(case=RUN_TILES)
def test_a_run_in_any_order(case: tuple[Any, int, int, int, random.Random]) -> None:
    # R-RUM-MELD-2, R-RUM-JOK-1: the tiles of a run in any order are that run; the order given
    # settles a joker's place when it is the run's order or its reverse; otherwise a joker goes
    # where only it fits, and a joker that fits at both ends is refused, never guessed
    colour, start, size, jokers, rng = case
    size = min(size, 14 - start)
    run = [mr.Tile(colour, value) for value in range(start, start + size)]
    for place in rng.sample(range(size), min(jokers, size - 1)):
        run[place] = mr.JOKER
    given_order = tuple(rng.sample(run, size))
    candidates = _canonical_runs(given_order)
    assert tuple(run) in candidates
    if given_order in candidates:
        expected: tuple[mr.Tile, ...] | None = given_order
    elif given_order[::-1] in candidates:
        expected = given_order[::-1]
    elif len(candidates) == 1:
        expected = candidates[0]
    else:
        expected = None
    if expected is None:
        with pytest.raises(
            mr.IllegalActionError, match=r"R-RUM-MELD-2: the order of .* does not say"
        ):
            mr.Run(given_order)
    else:
        assert mr.Run(given_order).tiles == expected
        assert mr.parse_meld("[" + " ".join(map(str, given_order)) + "]").tiles == expected


@pytest.mark.parametrize(
    ("text", "canonical"),
    [
        ("[gy9 gy8 gy7]", "[gy7 gy8 gy9]"),  # typed backwards
        ("[gy8 gy7 gy9]", "[gy7 gy8 gy9]"),
        ("[J gy8 gy9]", "[J gy8 gy9]"),  # as given: the joker is gy7
        ("[gy8 gy9 J]", "[gy8 gy9 J]"),  # as given: gy10
        ("[gy9 gy8 J]", "[J gy8 gy9]"),  # backwards: gy7
        ("[J gy9 gy8]", "[gy8 gy9 J]"),  # backwards: gy10
        ("[gy9 J gy7]", "[gy7 J gy9]"),  # the gap: gy8
        ("[gy9 gy7 J]", "[gy7 J gy9]"),  # the gap, in no order: gy8
        ("[gy13 J gy12]", "[J gy12 gy13]"),  # only gy11 fits
    ],
)
def test_runs_read_by_hand(text: str, canonical: str) -> None:
    # R-RUM-MELD-2, R-RUM-JOK-1
    assert str(mr.parse_meld(text)) == canonical


@pytest.mark.parametrize(
    ("text", "reason"),
    [
        ("[gy8 J gy9]", "does not say where the joker lies ([gy8 gy9 J] or [J gy8 gy9])"),
        ("[gy9 J gy8]", "does not say where the joker lies ([gy8 gy9 J] or [J gy8 gy9])"),
        ("[gy8 gy7 gy9 J J]", "does not say where the jokers lie"),
        ("[gy9 gy9 gy8]", "a run holds each value once: gy9 gy9 gy8 has gy9 twice"),
        ("[gy9 gy5 J]", "has 3 values missing between gy5 and gy9, and only 1 joker to fill them"),
        ("[gn9 bk8 gn7]", "the tiles of a run are all of one colour"),
        ("[J J J]", "a run needs at least one tile that is no joker"),
        ("[gn5 J]", "a run has at least 3 tiles, not 2"),
    ],
)
def test_runs_refused_by_hand(text: str, reason: str) -> None:
    # R-RUM-MELD-2
    with pytest.raises(mr.IllegalActionError) as caught:
        mr.parse_meld(text)
    assert caught.value.rule == "R-RUM-MELD-2"
    assert reason in caught.value.reason


def test_a_play_with_a_run_typed_backwards() -> None:
    # R-RUM-TURN-1, R-RUM-MELD-2: the play is judged on the run the tiles make
    state = mr.position(
        mr.Rules.classic(),
        racks=[mr.parse_tiles("gy9 gy8 gy7 pu1"), mr.parse_tiles("bk1")],
        opened=[0, 1],
    )
    after = mr.apply(state, mr.parse_action("play [gy9 gy8 gy7]"))
    assert [str(meld) for meld in after.table] == ["[gy7 gy8 gy9]"]
    assert [str(tile) for tile in after.racks[0]] == ["pu1"]
