"""The text picture of a position says whose turn it is and what the dice show."""

from __future__ import annotations

import morpyam as mp


def last_line(state: mp.State) -> str:
    return str(state).splitlines()[-1]


def test_every_moment_of_a_turn_is_described() -> None:
    state = mp.new_game(mp.Rules.classic(2))
    assert last_line(state) == "start roll: player 0 rolls one die"
    state = mp.new_game(mp.Rules.classic(2), first_player=1)
    assert last_line(state) == "player 1 to roll"
    state = mp.apply(state, mp.Roll(call=mp.Figure.MINI))
    assert last_line(state) == "player 1: dice in the air, kept nothing"
    state = mp.apply(state, mp.RollResult((1, 1, 1, 2, 3)))
    # R-CALL-5: the called MINI came up, and the call is shown
    assert last_line(state) == "player 1: dice 1 1 1 2 3 after roll 1, call mini"
    state = mp.apply(state, mp.Place(mp.Cell.parse("d3")))
    state = mp.apply(mp.apply(state, mp.Roll()), mp.RollResult((2, 2, 4, 5, 6)))
    state = mp.apply(state, mp.Roll(keep=(2, 2)))
    assert last_line(state) == "player 0: dice in the air, kept 2 2"
    grid = str(state).splitlines()
    assert grid[0].split() == ["a", "b", "c", "d", "e", "f"]
    assert grid[3].split()[4] == "O1"  # d3 holds player 1's token
    assert "player 0 X: 17 left  player 1 O: 16 left" in str(state)


def test_the_end_and_resignations_are_described() -> None:
    state = mp.resign(mp.new_game(mp.Rules.classic(3), first_player=0), 1)
    assert "player 1 O: 11 left (resigned)" in str(state)
    state = mp.resign(state, 2)
    assert last_line(state) == "game over (R-END-4): won by player 0"
