"""Bad input to the engine's entry points gets a clear error, never a wrong state."""

from __future__ import annotations

import random

import pytest

import morpyam as mp


@pytest.mark.parametrize("first", [2, -1, "0", True, 1.0])
def test_new_game_refuses_a_player_who_does_not_exist(first: object) -> None:
    # R-SET-3: the first player is one of the players, or the start roll decides
    with pytest.raises(ValueError, match="R-SET-3: first_player"):
        mp.new_game(mp.Rules.classic(2), first_player=first)  # type: ignore[arg-type]


def test_new_game_refuses_what_is_not_rules_or_a_layout() -> None:
    with pytest.raises(ValueError, match="needs a Rules value"):
        mp.new_game("classic")  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="must be a Layout"):
        mp.new_game(mp.Rules.plus(), layout="classic")  # type: ignore[arg-type]


def test_sample_chance_needs_dice_in_the_air() -> None:
    state = mp.new_game(mp.Rules.classic(), first_player=0)
    with pytest.raises(mp.IllegalActionError, match="R-TURN-1: no dice are in the air"):
        mp.sample_chance(state, random.Random(1))


def test_resigning_outside_a_narrowed_start_roll() -> None:
    # R-SET-3 and R-END-4: players 0 and 2 tie and roll again; player 1 resigns meanwhile
    state = mp.new_game(mp.Rules.classic(3))
    for face in (5, 1, 5):
        state = mp.apply(state, mp.RollResult((face,)))
    assert state.roll_off == (0, 2)
    state = mp.resign(state, 1)
    assert state.resigned == {1}
    assert state.roll_off == (0, 2)
    assert state.is_chance


def test_cells_and_grid_rows_out_of_range() -> None:
    with pytest.raises(ValueError, match="columns go from a to z"):
        mp.Cell(0, 26)
    with pytest.raises(mp.LayoutError, match="a row without labels"):
        mp.Layout.parse("1:\n", shape=None)
