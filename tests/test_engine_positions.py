"""Every field of the positions outside a turn, and more facts mutation testing found unchecked.

The start roll (R-SET-3), the Plus set-up (R-VAR-PLUS) and the first turn
after it are positions with no turn in progress: nothing rolled, showing,
kept, in the air or called, nobody has won, the board is empty and every
player has all their tokens (R-SET-2). The other tests pin the D'Aversa flag
at the end of a turn without a token (R-MOR-3), where a call that came up
goes (R-CALL-5), the grids of two shapes in one process, and the words of some
refusals (CONTRIBUTING.md, "Mutation testing"). Expected values come from the
rule text, docs/rules.md, and counts by hand.
"""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

import attrs
import pytest
from scripted import play, refusal, roll, start

import morpyam as mp

F, S = mp.Figure, mp.Special
PLAYERS = (2, 3, 4)


def assert_no_turn(state: mp.State) -> None:
    """R-TURN-1: no turn in progress: no roll made, no dice showing, kept or in the air, no call."""
    assert state.rolls == 0
    assert state.dice is None
    assert state.kept == ()
    assert state.in_air is False
    assert state.call is None


def assert_untouched(state: mp.State, resigned: frozenset[int] = frozenset()) -> None:
    """Before the first token: an empty board, all tokens left (R-SET-2), nobody won or armed."""
    rules = state.rules
    assert state.owners == (None,) * 36
    assert state.tokens_left == (rules.tokens_per_player,) * rules.players
    assert state.daversa_armed == (False,) * rules.players
    assert state.resigned == resigned
    assert state.winners == frozenset()
    assert state.end_rule is None


# --- R-SET-3: the start roll ----------------------------------------------------------------------


@pytest.mark.parametrize("players", PLAYERS)
@pytest.mark.parametrize("plus", [False, True])
def test_the_positions_of_the_start_roll(players: int, plus: bool) -> None:
    # R-SET-3: one die each in seat order; players 0 and 1 tie on 6 and roll again, 0 wins
    rules = mp.Rules.plus(players) if plus else mp.Rules.classic(players)
    state = mp.new_game(rules)
    faces = [6, 6, *range(1, players - 1), 5, 2]
    seen: list[int] = []
    expected_roll_off = tuple(range(players))
    for face in faces:
        assert state.is_chance
        assert_no_turn(state)
        assert_untouched(state)
        assert state.roll_off == expected_roll_off
        assert state.roll_off_faces == tuple(seen)
        assert state.player == expected_roll_off[len(seen)]
        assert (state.setup is not None) == plus
        state = mp.apply(state, mp.RollResult((face,)))
        seen.append(face)
        if len(seen) == len(expected_roll_off) and expected_roll_off == tuple(range(players)):
            expected_roll_off, seen = (0, 1), []  # the tie on 6: a new round for 0 and 1
    assert state.roll_off == ()
    assert state.roll_off_faces == ()
    assert state.player == 0  # the 5 beats the 2
    assert_no_turn(state)
    assert_untouched(state)


# --- R-VAR-PLUS: the deal, the laying and the first turn ----------------------------------------


def check_set_up(state: mp.State, resigned: frozenset[int] = frozenset()) -> None:
    assert state.setup is not None
    assert_no_turn(state)
    assert_untouched(state, resigned)
    assert state.roll_off == ()
    assert state.roll_off_faces == ()
    assert state.layout == mp.Layout.classic()  # the rules' grid until the tiles are laid


def lay_to_the_end(state: mp.State, rng: random.Random, resigned: frozenset[int]) -> mp.State:
    while state.setup is not None:
        check_set_up(state, resigned)
        state = mp.apply(state, rng.choice(mp.legal_actions(state)))
    return state


def check_first_turn(state: mp.State, first: int, resigned: frozenset[int]) -> None:
    # R-VAR-PLUS: play starts on the grid built, with the first player of the start roll
    assert state.setup is None
    assert state.player == first
    assert state.current_player == first
    assert_no_turn(state)
    assert_untouched(state, resigned)
    assert state.roll_off == ()
    assert state.roll_off_faces == ()
    assert Counter(state.layout.labels) == Counter(mp.Layout.classic().labels)
    # the game goes on: five ones go on a MORPYAM cell or, on a first roll, a SEC cell (R-MOR-1)
    rolled = roll(state, (1, 1, 1, 1, 1))
    places = {a.cell for a in mp.legal_actions(rolled) if isinstance(a, mp.Place)}
    built = state.layout
    assert places == {
        cell for cell, label in zip(built.cells, built.labels) if label in (F.MORPYAM, S.SEC)
    }
    placed = mp.apply(rolled, mp.Place(min(places)))
    assert placed.tokens_left[first] == state.rules.tokens_per_player - 1


@pytest.mark.parametrize("players", PLAYERS)
def test_the_positions_of_the_plus_set_up(players: int) -> None:
    first = players - 1
    rng = random.Random(players)
    state = mp.new_game(mp.Rules.plus(players), first_player=first)
    while state.setup is not None and state.setup.bag:
        check_set_up(state)
        assert state.is_chance
        state = mp.apply(state, mp.sample_chance(state, rng))
    state = lay_to_the_end(state, rng, frozenset())
    check_first_turn(state, first, frozenset())


@pytest.mark.parametrize("players", [3, 4])
@pytest.mark.parametrize("leaver", ["the first player", "another player"])
def test_the_first_turn_after_a_resignation_in_the_set_up(players: int, leaver: str) -> None:
    # R-END-4 during the laying: the leaver stays out of the game that follows; when the
    # first player left, the next player still in starts (R-VAR-PLUS)
    first = 1
    rng = random.Random(players)
    state = mp.new_game(mp.Rules.plus(players), first_player=first)
    while state.setup is not None and state.setup.bag:
        state = mp.apply(state, mp.sample_chance(state, rng))
    for _ in range(4):
        state = mp.apply(state, rng.choice(mp.legal_actions(state)))
    out = first if leaver == "the first player" else 0
    state = mp.resign(state, out)
    state = lay_to_the_end(state, rng, frozenset({out}))
    check_first_turn(state, first + 1 if out == first else first, frozenset({out}))


# --- grids of two shapes in one process ----------------------------------------------------------


def test_grids_of_two_shapes_place_on_their_own_cells() -> None:
    # R-MOR-1, R-CELL-2 on a first roll of five twos: MORPYAM and SEC cells
    small = mp.Layout.parse("MOR 4K STR\nMIN MAX FUL\nSEC STR 4K\n3x1 3x2 CAL", shape=None)
    rules = attrs.evolve(mp.Rules.classic(), layout=small, tokens_per_player=3, ko_length=None)
    for layout, cells in (
        (mp.Layout.classic(), {"b2", "e5", "c3", "d4"}),  # R-GRID-2: MOR b2 e5, SEC c3 d4
        (small, {"a1", "a3"}),
        (mp.Layout.classic(), {"b2", "e5", "c3", "d4"}),
    ):
        game_rules = rules if layout is small else mp.Rules.classic()
        state = roll(mp.new_game(game_rules, first_player=0), (2, 2, 2, 2, 2))
        places = {str(a.cell) for a in mp.legal_actions(state) if isinstance(a, mp.Place)}
        assert places == cells


# --- R-MOR-3: the flag at the end of a turn without a token --------------------------------------


def test_no_flag_without_a_daversa_rule() -> None:
    # R-MOR-3 off (the classic rules) while the turn's figures are kept for R-CALL-7: a
    # Morpyam rolled and rolled away, then a pass, arms nothing
    state = roll(start(call_miss_loses="earlier_figures"), (3, 3, 3, 3, 3))
    state = roll(state, (1,), keep=(3, 3, 3, 3))
    state = play(state, mp.Pass())
    assert state.daversa_armed == (False, False)
    assert state.current_player == 1


def test_a_morpyam_rolled_then_a_lost_turn_in_the_placed_reading() -> None:
    # R-MOR-3 counting Morpyams placed (the default), R-END-5: a lost turn places nothing
    state = roll(start(mp.Rules.official, lost_turns=True), (4, 4, 4, 4, 4))
    state = play(state, mp.LoseTurn())
    assert state.daversa_armed == (False, False)


def test_a_morpyam_rolled_then_a_lost_turn_in_the_rolled_reading() -> None:
    # R-MOR-3 with daversa_counts="rolled": a Morpyam rolled in the turn counts; one rolled
    # in the player's next turn wins at once
    state = roll(start(mp.Rules.official, daversa_counts="rolled", lost_turns=True), (4,) * 5)
    state = play(state, mp.LoseTurn())
    assert state.daversa_armed == (True, False)
    state = play(roll(state, (1, 2, 4, 5, 6)), mp.Pass())  # player 1: nothing, a pass
    won = roll(state, (6, 6, 6, 6, 6))
    assert won.winners == {0}
    assert won.end_rule == "R-MOR-3"


def test_four_alike_then_a_lost_turn_arm_nothing() -> None:
    # R-MOR-3 with daversa_counts="rolled": four alike are no Morpyam (R-FIG-8)
    state = roll(
        start(mp.Rules.official, daversa_counts="rolled", lost_turns=True), (1, 2, 2, 2, 2)
    )
    assert play(state, mp.LoseTurn()).daversa_armed == (False, False)


def test_a_turn_lost_before_any_roll_arms_nothing() -> None:
    # R-END-5: a turn lost before its first roll; R-MOR-3 in the rolled reading: no dice, no flag
    state = start(mp.Rules.official, daversa_counts="rolled", lost_turns=True)
    state = play(state, mp.LoseTurn())
    assert state.daversa_armed == (False, False)
    assert state.current_player == 1


# --- R-CALL-5: where a call that came up goes, in the words of the refusal -----------------------


def test_a_called_morpyam_goes_on_a_call_cell() -> None:
    # R-CALL-5 (called_morpyam_cells="call", the default): a CALL cell only
    state = roll(start(), (4, 4, 4, 4, 4), call=F.MORPYAM)
    error = refusal(state, mp.Roll())
    assert error.rule == "R-CALL-5"
    assert error.reason.endswith("the token must go on a free CALL cell")


def test_a_called_morpyam_may_go_on_a_morpyam_cell_in_the_other_reading() -> None:
    # R-CALL-5 (called_morpyam_cells="call_or_morpyam"): a CALL or a MORPYAM cell; any other
    # call still goes on a CALL cell
    rules: dict[str, Any] = {"called_morpyam_cells": "call_or_morpyam"}
    state = roll(start(**rules), (4, 4, 4, 4, 4), call=F.MORPYAM)
    error = refusal(state, mp.Roll())
    assert error.rule == "R-CALL-5"
    assert error.reason.endswith("the token must go on a free CALL or MORPYAM cell")
    state = roll(start(**rules), (1, 1, 1, 2, 3), call=F.MINI)  # sum 8: a MINI (R-FIG-6)
    error = refusal(state, mp.Roll())
    assert error.reason.endswith("the token must go on a free CALL cell")


def test_a_sec_call_that_came_up_binds_the_placement() -> None:
    # R-CALL-5: a SEC call that came up on the 1st roll (a straight, R-CELL-2): the token goes
    # on a CALL cell, not on the STRAIGHT cell d2 (R-GRID-2) the dice also show
    state = roll(start(), (1, 2, 3, 4, 5), call=S.SEC)
    error = refusal(state, mp.Place(mp.Cell.parse("d2")))
    assert error.rule == "R-CALL-5"


# --- words of refusals ---------------------------------------------------------------------------


def test_a_built_grid_refused_names_its_rule() -> None:
    # R-VAR-PLUS: a built grid only for Plus rules, made of the rules' tiles
    with pytest.raises(ValueError, match=r"^R-VAR-PLUS: ") as info:
        mp.new_game(mp.Rules.classic(), layout=mp.Layout.classic())
    assert str(info.value) == (
        "R-VAR-PLUS: a built grid is given only to Plus rules (tile_setup); "
        "to play on another grid, use attrs.evolve(rules, layout=...)"
    )
    with pytest.raises(ValueError, match=r"^R-VAR-PLUS: ") as info:
        mp.new_game(mp.Rules.plus(2), layout=mp.Layout.flash())
    assert str(info.value) == "R-VAR-PLUS: the grid must be made of the tiles of the rules' layout"


def test_scores_of_something_else() -> None:
    with pytest.raises(ValueError, match=r"^expected a morpyam State, got str$"):
        mp.scores("a1")  # type: ignore[arg-type]


def test_a_sec_call_that_came_up_allows_no_pass_when_a_miss_loses_earlier_figures() -> None:
    # R-CALL-5 with call_miss_loses="earlier_figures" (R-CALL-7) and voluntary passes (R-TURN-4):
    # the SEC call came up on the 1st roll, so the token must go on a CALL cell
    state = roll(start(call_miss_loses="earlier_figures"), (1, 2, 3, 4, 5), call=S.SEC)
    error = refusal(state, mp.Pass())
    assert error.rule == "R-CALL-5"
