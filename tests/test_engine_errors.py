"""Bad input to the engine's entry points gets a clear error, never a wrong state."""

from __future__ import annotations

import random
from collections.abc import Callable

import pytest

import morpyam as mp
from morpyam.records import Resign


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


@pytest.mark.parametrize(
    "call",
    [
        lambda: mp.Layout(5),  # type: ignore[arg-type]
        lambda: mp.Layout(None),  # type: ignore[arg-type]
        lambda: mp.Layout([5]),  # type: ignore[list-item]
        lambda: mp.Layout("3x1 3x2"),  # type: ignore[arg-type]
        lambda: mp.Layout.parse(None),  # type: ignore[arg-type]
        lambda: mp.Layout.parse("3x1 3x1", shape=(1,)),  # type: ignore[arg-type]
        lambda: mp.Rules.classic([2]),  # type: ignore[arg-type]
        lambda: mp.Rules(callable=[[1]]),
        lambda: mp.Rules(sec_figures=[[1]]),
        lambda: mp.apply("x", mp.Roll()),  # type: ignore[arg-type]
        lambda: mp.legal_actions(None),  # type: ignore[arg-type]
        lambda: mp.chance_outcomes(None),  # type: ignore[arg-type]
        lambda: mp.scores(None),  # type: ignore[arg-type]
        lambda: mp.sample_chance(None, random.Random(1)),  # type: ignore[arg-type]
        lambda: mp.sample_chance(mp.new_game(mp.Rules.classic()), None),  # type: ignore[arg-type]
        lambda: mp.classify((1.0, 2, 3, 4, 5)),  # type: ignore[arg-type]
        lambda: mp.classify((True, 1, 1, 1, 1)),
        lambda: mp.RollResult(frozenset([6, 6, 6])),  # a set would drop two of the sixes
        lambda: mp.RollResult({1: 2}),
        lambda: mp.Roll(keep=b"\x01"),
    ],
)
def test_bad_input_is_a_value_error(call: Callable[[], object]) -> None:
    with pytest.raises(ValueError):  # noqa: PT011 - each case has its own message
        call()


def test_dice_tables_refuse_what_is_not_sorted_dice() -> None:
    from morpyam import dice

    with pytest.raises(ValueError, match="sorted tuple"):
        dice.keep_options((2, 1, 1, 1, 1))
    with pytest.raises(ValueError, match="sorted tuple"):
        dice.is_sub_multiset((1,), (2, 1, 1, 1, 1))
    with pytest.raises(ValueError, match="R-SET-1"):
        dice.multisets(7)
    with pytest.raises(ValueError, match="R-TURN-1"):
        dice.merge((1, 2), (3,))


def play(state: mp.State, *texts: str) -> mp.State:
    for text in texts:
        state = mp.apply(state, mp.parse_action(text))
    return state


def test_messages_say_what_is_wrong_here() -> None:
    start = mp.new_game(mp.Rules.classic(), first_player=0)
    third = play(start, "roll", "dice 1 2 3 4 6", "roll", "dice 1 2 3 4 6", "roll call mini")
    hit = play(third, "dice 1 1 1 2 3")
    with pytest.raises(mp.IllegalActionError, match=r"R-TURN-1: a turn has at most 3 rolls$"):
        mp.apply(hit, mp.Roll())
    one_die = play(start, "roll", "dice 1 2 3 4 6", "roll keep 1 2 3 4")
    with pytest.raises(mp.IllegalActionError, match="1 die is in the air"):
        mp.apply(one_die, mp.RollResult((1, 2)))
    # R-CALL-4 on a grid with no CALL cell at all (R-VAR-FLASH)
    flash = mp.new_game(mp.Rules.flash(), first_player=0)
    with pytest.raises(mp.IllegalActionError, match=r"R-CALL-4: .* this grid has none"):
        mp.apply(flash, mp.Roll(call=mp.Figure.MINI))
    with pytest.raises(mp.IllegalActionError, match="R-VAR-PLUS: tiles are dealt and laid only"):
        mp.apply(start, mp.DealTile(mp.Figure.MINI))
    over = mp.resign(start, 1)
    with pytest.raises(mp.IllegalActionError, match="R-END-4: the game is over"):
        mp.sample_chance(over, random.Random(1))


def test_a_built_grid_is_for_plus_rules_only() -> None:
    # R-VAR-PLUS: other rules change their grid with attrs.evolve(rules, layout=...)
    with pytest.raises(ValueError, match="only to Plus rules"):
        mp.new_game(mp.Rules.classic(), layout=mp.Layout.classic())


def test_a_finished_game_has_no_daversa_pending() -> None:
    # R-MOR-3, R-END-4: two games that end alike compare equal
    official = mp.Rules.official(2)
    start = mp.new_game(official, first_player=0)
    armed = play(start, "roll", "dice 3 3 3 3 3", "place b2", "roll", "dice 1 2 4 5 6", "pass")
    assert armed.daversa_armed == (False, False)
    armed = play(start, "roll", "dice 3 3 3 3 3", "place b2")
    assert armed.daversa_armed == (True, False)
    assert mp.resign(armed, 1).daversa_armed == (False, False)


def test_apply_refuses_what_is_not_an_action() -> None:
    state = mp.new_game(mp.Rules.classic(), first_player=0)
    # a type mistake, not a rule: the message points to parse_action
    with pytest.raises(
        ValueError,
        match=r"not the text 'place c3': read it first with morpyam\.parse_action\('place c3'\)",
    ) as caught:
        mp.apply(state, "place c3")  # type: ignore[arg-type]
    assert not isinstance(caught.value, mp.IllegalActionError)
    with pytest.raises(ValueError, match=r"apply takes an action .*, not int 3"):
        mp.apply(state, 3)  # type: ignore[arg-type]
    # a record's Resign entry is not an action either: mp.resign is the function
    with pytest.raises(
        ValueError, match=r"LoseTurn, DealTile or PlaceTile\), not Resign"
    ) as resigned:
        mp.apply(state, Resign(1))  # type: ignore[arg-type]
    assert not isinstance(resigned.value, mp.IllegalActionError)
