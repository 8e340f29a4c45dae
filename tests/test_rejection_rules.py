"""Every rejection of the engine names the rule that forbids the action, and why.

One row per place in ``engine.py`` that raises ``IllegalActionError``: the
position, the action, the rule ID the rule text gives for it, and a word of
the reason. The IDs come from the rule book, docs/rules.md, not from the code.
"""

from __future__ import annotations

import random
import re
from collections.abc import Callable
from typing import Any

import attrs
import pytest

import morpyam as mp
from morpyam.state_json import state_from_dict, state_to_dict

F, S = mp.Figure, mp.Special
C = mp.Cell.parse


def play(state: mp.State, *actions: mp.Action) -> mp.State:
    for action in actions:
        state = mp.apply(state, action)
    return state


def with_board(rules: mp.Rules, board: dict[str, int], **changes: Any) -> mp.State:
    """A position of a fresh game with tokens on ``board`` (tokens conserved), read from JSON."""
    data = state_to_dict(mp.new_game(rules, first_player=0))
    data["board"] = board
    data["tokens_left"] = [
        rules.tokens_per_player - list(board.values()).count(p) for p in range(rules.players)
    ]
    data.update(changes)
    return state_from_dict(data)


def classic() -> mp.State:
    return mp.new_game(mp.Rules.classic(), first_player=0)


def showing(dice: tuple[int, ...], rules: mp.Rules | None = None, call: Any = None) -> mp.State:
    state = mp.new_game(rules or mp.Rules.classic(), first_player=0)
    return play(state, mp.Roll(call=call), mp.RollResult(dice))


def third_roll(dice: tuple[int, ...], call: Any = None) -> mp.State:
    state = showing((1, 2, 3, 4, 6))
    return play(
        state, mp.Roll(), mp.RollResult((1, 2, 3, 4, 6)), mp.Roll(call=call), mp.RollResult(dice)
    )


def ko_win() -> mp.State:
    # R-END-1: five of player 0 in row 1
    return with_board(
        mp.Rules.classic(),
        {"a1": 0, "b1": 0, "c1": 0, "d1": 0, "e1": 0, "a6": 1},
        winners=[0],
        end_rule="R-END-1",
        player=0,
    )


def dealing() -> mp.State:
    return mp.new_game(mp.Rules.plus(), first_player=0)


def laying() -> mp.State:
    state = dealing()
    rng = random.Random(1)
    while state.is_chance:
        state = mp.apply(state, mp.sample_chance(state, rng))
    return state


def laying_after_one_tile() -> mp.State:
    state = laying()
    assert state.setup is not None
    return mp.apply(state, mp.PlaceTile(state.setup.hands[0][0], C("a1")))


def not_in_hand() -> tuple[mp.State, mp.Action]:
    state = laying()
    assert state.setup is not None
    missing = next(label for label in state.setup.hands[1] if label not in state.setup.hands[0])
    return state, mp.PlaceTile(missing, C("a1"))


Case = tuple[Callable[[], mp.State], Callable[[mp.State], object], str, str]

APPLY = mp.apply
CASES: dict[str, Case] = {
    # R-END-*: nothing is played once the game is over; the end rule is named
    "apply after a forfeit": (
        lambda: mp.resign(classic(), 1),
        lambda s: APPLY(s, mp.Roll()),
        "R-END-4",
        "over",
    ),
    "apply after a KO": (ko_win, lambda s: APPLY(s, mp.Roll()), "R-END-1", "over"),
    "sample after a forfeit": (
        lambda: mp.resign(classic(), 0),
        lambda s: mp.sample_chance(s, random.Random(0)),
        "R-END-4",
        "over",
    ),
    "sample after a KO": (
        ko_win,
        lambda s: mp.sample_chance(s, random.Random(0)),
        "R-END-1",
        "over",
    ),
    # R-TURN-1: chance only with dice in the air
    "sample at a decision": (
        classic,
        lambda s: mp.sample_chance(s, random.Random(0)),
        "R-TURN-1",
        "no dice",
    ),
    # R-SET-3: the start roll comes first, one die each
    "a roll during the start roll": (
        lambda: mp.new_game(mp.Rules.classic()),
        lambda s: APPLY(s, mp.Roll()),
        "R-SET-3",
        "start roll",
    ),
    "two dice in the start roll": (
        lambda: mp.new_game(mp.Rules.classic()),
        lambda s: APPLY(s, mp.RollResult((3, 4))),
        "R-SET-3",
        "one die",
    ),
    # R-TURN-1: dice in the air land before anything else; results only for dice in the air
    "a placement with dice in the air": (
        lambda: play(classic(), mp.Roll()),
        lambda s: APPLY(s, mp.Place(C("a1"))),
        "R-TURN-1",
        "in the air",
    ),
    "four dice for five in the air": (
        lambda: play(classic(), mp.Roll()),
        lambda s: APPLY(s, mp.RollResult((1, 2, 3, 4))),
        "R-TURN-1",
        "5",
    ),
    "a result with no dice in the air": (
        classic,
        lambda s: APPLY(s, mp.RollResult((1, 2, 3, 4, 5))),
        "R-TURN-1",
        "roll first",
    ),
    # R-VAR-PLUS: tiles only in the Plus set-up
    "a tile deal in a classic game": (
        classic,
        lambda s: APPLY(s, mp.DealTile(F.MINI)),
        "R-VAR-PLUS",
        "set-up",
    ),
    "a tile laid in a classic game": (
        classic,
        lambda s: APPLY(s, mp.PlaceTile(F.MINI, C("a1"))),
        "R-VAR-PLUS",
        "set-up",
    ),
    # R-TURN-1: at most three rolls, all five dice first, kept dice among those showing
    "a fourth roll": (
        lambda: third_roll((1, 2, 3, 4, 6)),
        lambda s: APPLY(s, mp.Roll()),
        "R-TURN-1",
        "at most 3",
    ),
    "keeping dice on the first roll": (
        classic,
        lambda s: APPLY(s, mp.Roll(keep=(6,))),
        "R-TURN-1",
        "all 5 dice",
    ),
    "keeping dice not showing": (
        lambda: showing((1, 2, 3, 4, 6)),
        lambda s: APPLY(s, mp.Roll(keep=(5,))),
        "R-TURN-1",
        "among the dice",
    ),
    # R-CALL-5: a call that came up binds the token to a CALL cell
    "a roll after a call came up": (
        lambda: showing((1, 1, 1, 2, 3), call=F.MINI),
        lambda s: APPLY(s, mp.Roll()),
        "R-CALL-5",
        "CALL cell",
    ),
    "a pass after a call came up": (
        lambda: showing((1, 1, 1, 2, 3), call=F.MINI),
        lambda s: APPLY(s, mp.Pass()),
        "R-CALL-5",
        "CALL cell",
    ),
    "a placement off CALL after a call came up": (
        lambda: showing((1, 1, 1, 2, 3), call=F.MINI),
        lambda s: APPLY(s, mp.Place(C("b5"))),
        "R-CALL-5",
        "CALL cell",
    ),
    # R-CALL-2, R-CALL-4, R-CALL-3, R-CALL-8: what may be called
    "a call the rules do not allow": (
        lambda: mp.new_game(
            attrs.evolve(mp.Rules.classic(), callable=frozenset({F.MORPYAM})), first_player=0
        ),
        lambda s: APPLY(s, mp.Roll(call=F.MINI)),
        "R-CALL-2",
        "cannot be called",
    ),
    "a call on a grid without CALL cells": (
        lambda: mp.new_game(mp.Rules.flash(), first_player=0),
        lambda s: APPLY(s, mp.Roll(call=F.MINI)),
        "R-CALL-4",
        "has none",
    ),
    "a call with both CALL cells covered": (
        lambda: with_board(mp.Rules.classic(), {"d3": 0, "c4": 1}),
        lambda s: APPLY(s, mp.Roll(call=F.MINI)),
        "R-CALL-4",
        "none is left",
    ),
    "a SEC call before the second roll": (
        lambda: showing((1, 2, 3, 4, 6)),
        lambda s: APPLY(s, mp.Roll(call=S.SEC)),
        "R-CALL-3",
        "first roll",
    ),
    "calling a figure the dice show": (
        lambda: showing((1, 1, 1, 2, 3), mp.Rules.official()),
        lambda s: APPLY(s, mp.Roll(keep=(1, 1), call=F.MINI)),
        "R-CALL-8",
        "already show",
    ),
    # R-TURN-4, R-MOR-1: when a turn may end without a token
    "a pass before any roll": (classic, lambda s: APPLY(s, mp.Pass()), "R-TURN-4", "after a roll"),
    "a pass with a Morpyam showing": (
        lambda: showing((4, 4, 4, 4, 4)),
        lambda s: APPLY(s, mp.Pass()),
        "R-MOR-1",
        "Morpyam",
    ),
    "a pass before the third roll without voluntary passes": (
        lambda: showing((1, 2, 3, 4, 6), attrs.evolve(mp.Rules.classic(), voluntary_pass=False)),
        lambda s: APPLY(s, mp.Pass()),
        "R-TURN-4",
        "3rd roll",
    ),
    # placements: R-SET-1, R-TURN-2, R-SET-4, R-CALL-7, R-CELL-3, R-CELL-2, R-CELL-1, R-MOR-1
    "a placement off the grid": (
        lambda: showing((1, 1, 1, 2, 3)),
        lambda s: APPLY(s, mp.Place(mp.Cell(6, 0))),
        "R-SET-1",
        "off the 6×6 grid",
    ),
    "a placement before a roll": (
        classic,
        lambda s: APPLY(s, mp.Place(C("a1"))),
        "R-TURN-2",
        "after a roll",
    ),
    "a placement on a covered cell": (
        lambda: play(
            with_board(mp.Rules.classic(), {"a1": 1}), mp.Roll(), mp.RollResult((1, 1, 1, 2, 3))
        ),
        lambda s: APPLY(s, mp.Place(C("a1"))),
        "R-SET-4",
        "already covered",
    ),
    "a placement after a missed third-roll call": (
        lambda: third_roll((1, 1, 1, 5, 6), call=F.MINI),
        lambda s: APPLY(s, mp.Place(C("a1"))),
        "R-CALL-7",
        "no token",
    ),
    "the CALL cell without a call": (
        lambda: showing((1, 1, 1, 2, 3)),
        lambda s: APPLY(s, mp.Place(C("d3"))),
        "R-CELL-3",
        "successful call",
    ),
    "the SEC cell on the second roll": (
        lambda: play(showing((1, 2, 3, 4, 6)), mp.Roll(), mp.RollResult((1, 1, 1, 2, 3))),
        lambda s: APPLY(s, mp.Place(C("c3"))),
        "R-CELL-2",
        "first roll",
    ),
    "the SEC cell without a Sec figure": (
        lambda: showing((1, 1, 1, 2, 6)),
        lambda s: APPLY(s, mp.Place(C("c3"))),
        "R-CELL-2",
        "none of the figures",
    ),
    "a figure the dice do not show": (
        lambda: showing((1, 1, 1, 2, 6)),
        lambda s: APPLY(s, mp.Place(C("b1"))),
        "R-CELL-1",
        "do not show",
    ),
    "a Brelan cell with a Morpyam showing": (
        lambda: showing((4, 4, 4, 4, 4)),
        lambda s: APPLY(s, mp.Place(C("d1"))),
        "R-MOR-1",
        "must go on",
    ),
    # R-VAR-PLUS: the deal, then the laying, in order
    "laying a tile during the deal": (
        dealing,
        lambda s: APPLY(s, mp.PlaceTile(F.MINI, C("a1"))),
        "R-VAR-PLUS",
        "dealt",
    ),
    "a roll during the deal": (dealing, lambda s: APPLY(s, mp.Roll()), "R-VAR-PLUS", "DealTile"),
    "dealing a tile no longer in the bag": (
        lambda: play(dealing(), mp.DealTile(F.MORPYAM), mp.DealTile(F.MORPYAM)),
        lambda s: APPLY(s, mp.DealTile(F.MORPYAM)),
        "R-VAR-PLUS",
        "no morpyam tile is left",
    ),
    "a deal while the tiles are laid": (
        laying,
        lambda s: APPLY(s, mp.DealTile(F.MINI)),
        "R-VAR-PLUS",
        "laying out",
    ),
    "a tile off the grid": (
        laying,
        lambda s: APPLY(s, mp.PlaceTile(s.setup.hands[0][0], mp.Cell(0, 6))),  # type: ignore[union-attr]
        "R-SET-1",
        "off the 6×6 grid",
    ),
    "a tile on a tile": (
        laying_after_one_tile,
        lambda s: APPLY(s, mp.PlaceTile(s.setup.hands[0][0], C("a1"))),  # type: ignore[union-attr]
        "R-VAR-PLUS",
        "already holds",
    ),
    "a tile not in hand": (
        lambda: not_in_hand()[0],
        lambda s: APPLY(s, not_in_hand()[1]),
        "R-VAR-PLUS",
        "has no",
    ),
    # R-END-4: who may resign
    "resigning after the end": (
        lambda: mp.resign(classic(), 1),
        lambda s: mp.resign(s, 0),
        "R-END-4",
        "already over",
    ),
    "resigning for nobody": (classic, lambda s: mp.resign(s, 2), "R-END-4", "no player 2"),
    "resigning twice": (
        lambda: mp.resign(mp.new_game(mp.Rules.classic(3), first_player=0), 1),
        lambda s: mp.resign(s, 1),
        "R-END-4",
        "already resigned",
    ),
}


# The whole reason, read against each position by hand: what a player is told.
REASONS = {
    "a Brelan cell with a Morpyam showing": "with a Morpyam showing the token must go on b2, c3, d4, e5",
    "a SEC call before the second roll": "SEC can be called only before the first roll; this is the 2nd roll",
    "a call on a grid without CALL cells": "a call needs a free CALL cell, and this grid has none",
    "a call the rules do not allow": "mini cannot be called in these rules",
    "a call with both CALL cells covered": "a call needs a free CALL cell, and none is left",
    "a deal while the tiles are laid": "player 0 is laying out their tiles: the next action is a PlaceTile",
    "a figure the dice do not show": "the dice 1 1 1 2 6 do not show three-twos (b1)",
    "a fourth roll": "a turn has at most 3 rolls",
    "a pass after a call came up": "the called mini came up: the token must go on a free CALL cell",
    "a pass before any roll": "a turn can end without a token only after a roll",
    "a pass before the third roll without voluntary passes": "passing is allowed only after the 3rd roll, when no cell can take a token",
    "a pass with a Morpyam showing": "with a Morpyam showing the token must go on b2, c3, d4, e5",
    "a placement after a missed third-roll call": "the call on the 3rd roll missed: no token this turn",
    "a placement before a roll": "a token is placed after a roll",
    "a placement off CALL after a call came up": "the called mini came up: the token must go on a free CALL cell",
    "a placement off the grid": "a7 is off the 6×6 grid",
    "a placement on a covered cell": "a1 is already covered by player 1",
    "a placement with dice in the air": "the dice are in the air: the next action is their RollResult",
    "a result with no dice in the air": "no dice are in the air: roll first",
    "a roll after a call came up": "the called mini came up: the token must go on a free CALL cell",
    "a roll during the deal": "the tiles are being dealt: the next action is a DealTile",
    "a roll during the start roll": "the start roll comes first: the next action is a die's RollResult",
    "a tile deal in a classic game": "tiles are dealt and laid only in the Plus set-up",
    "a tile laid in a classic game": "tiles are dealt and laid only in the Plus set-up",
    "a tile not in hand": "player 0 has no straight tile to lay",
    "a tile off the grid": "g1 is off the 6×6 grid",
    "a tile on a tile": "a1 already holds a three-ones tile",
    "apply after a KO": "the game is over",
    "apply after a forfeit": "the game is over",
    "calling a figure the dice show": "the dice already show mini: it cannot be called before the 2nd roll",
    "dealing a tile no longer in the bag": "no morpyam tile is left to deal",
    "four dice for five in the air": "5 dice are in the air, the result has 4 faces",
    "keeping dice not showing": "kept dice must be among the dice showing (1 2 3 4 6), not 5",
    "keeping dice on the first roll": "the first roll of a turn throws all 5 dice",
    "laying a tile during the deal": "the tiles are being dealt: the next action is a DealTile",
    "resigning after the end": "the game is already over",
    "resigning for nobody": "there is no player 2",
    "resigning twice": "player 1 has already resigned",
    "sample after a KO": "the game is over",
    "sample after a forfeit": "the game is over",
    "sample at a decision": "no dice are in the air",
    "the CALL cell without a call": "the CALL cell d3 is covered only by a successful call",
    "the SEC cell on the second roll": "the SEC cell needs the first roll of the turn; this is roll 2",
    "the SEC cell without a Sec figure": "the dice 1 1 1 2 6 show none of the figures that make a Sec",
    "two dice in the start roll": "the start roll throws one die, not 2",
}


@pytest.mark.parametrize("name", sorted(CASES))
def test_every_rejection_names_its_rule(name: str) -> None:
    make, attempt, rule, words = CASES[name]
    state = make()
    with pytest.raises(mp.IllegalActionError) as caught:
        attempt(state)
    assert caught.value.rule == rule, caught.value
    assert words in caught.value.reason, caught.value
    assert caught.value.reason == REASONS[name]
    assert str(caught.value).startswith(f"{rule}: ")


def test_what_is_not_a_state_or_an_rng_is_named() -> None:
    # bad input to the engine's entry points is a ValueError that says what was given
    for call in (
        lambda: mp.apply("a state", mp.Roll()),  # type: ignore[arg-type]
        lambda: mp.sample_chance("a state", random.Random(0)),  # type: ignore[arg-type]
    ):
        with pytest.raises(ValueError, match=r"^expected a morpyam State, got str$"):
            call()
    with pytest.raises(ValueError, match=r"^rng must be a random\.Random, got 7$"):
        mp.sample_chance(classic(), 7)  # type: ignore[arg-type]


def test_a_cell_is_read_from_text_only() -> None:
    for value in (5, None, b"c4"):
        with pytest.raises(ValueError, match="a cell is a column letter and a row number"):
            mp.Cell.parse(value)  # type: ignore[arg-type]
    assert mp.Cell.parse("Z26") == mp.Cell(25, 25)


def test_the_dice_tables_name_what_is_not_sorted_dice() -> None:
    # R-SET-1: five dice, given sorted
    from morpyam import dice

    for ask in (
        lambda: dice.keep_options((2, 1, 1, 1, 1)),
        lambda: dice.is_sub_multiset((1,), (2, 1, 1, 1, 1)),
    ):
        with pytest.raises(ValueError, match=r"^R-SET-1: .* got \(2, 1, 1, 1, 1\)$"):
            ask()


def test_what_a_layout_or_a_roll_is_not_is_said() -> None:
    # R-SET-1: a grid is rows of labels; a roll is five int faces (a list will do)
    cases: list[tuple[Any, str]] = [
        ("3x1 3x2", "a layout is rows of labels; use Layout.parse for text"),
        (5, "a layout is rows of labels, got 5"),
        ((), "a layout needs at least one row and one column"),
        ([[F.MINI] * 27], "a layout has at most 26 columns, got 27"),
    ]
    for value, message in cases:
        with pytest.raises(ValueError, match=f"^{re.escape(message)}$"):
            mp.Layout(value)
    with pytest.raises(ValueError, match=r"^R-SET-1: a die shows an int from 1 to 6, not 5\.0$"):
        mp.classify((1, 2, 3, 4, 5.0))  # type: ignore[arg-type]
    assert mp.classify([1, 2, 3, 4, 5]) == mp.classify((5, 4, 3, 2, 1))
