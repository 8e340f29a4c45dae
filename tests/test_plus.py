"""Morpyam Plus: the tiles are dealt and laid out before play (R-VAR-PLUS)."""

from __future__ import annotations

import random
from collections import Counter
from fractions import Fraction

import pytest

import morpyam as mp

F, S = mp.Figure, mp.Special


def deal_all(state: mp.State, rng: random.Random) -> tuple[mp.State, list[int]]:
    """Deal every tile; return the state and who received each tile, in order."""
    receivers = []
    while state.setup is not None and state.setup.bag:
        assert state.is_chance
        assert state.current_player is None
        receivers.append(state.player)
        state = mp.apply(state, mp.sample_chance(state, rng))
    return state, receivers


def lay_all(state: mp.State, rng: random.Random) -> tuple[mp.State, list[int | None]]:
    """Lay every tile at random; return the state and who laid each tile, in order."""
    layers = []
    while state.setup is not None:
        assert not state.is_chance
        layers.append(state.current_player)
        state = mp.apply(state, rng.choice(mp.legal_actions(state)))
    return state, layers


@pytest.mark.parametrize(("players", "each"), [(2, 18), (3, 12), (4, 9)])
def test_deal_counts_and_order(players: int, each: int) -> None:
    # R-VAR-PLUS: dealt one at a time round the table from the first player: 18/12/9 each
    first = players - 1
    state = mp.new_game(mp.Rules.plus(players), first_player=first)
    state, receivers = deal_all(state, random.Random(players))
    assert len(receivers) == 36
    assert receivers == [(first + i) % players for i in range(36)]
    assert state.setup is not None
    assert [len(hand) for hand in state.setup.hands] == [each] * players
    dealt = Counter(label for hand in state.setup.hands for label in hand)
    assert dealt == Counter(mp.Layout.classic().labels)  # the classic grid's 36 labels


def test_first_deal_probabilities() -> None:
    # R-VAR-PLUS: tiles dealt at random from the 36 labels of R-GRID-1 / R-GRID-2
    state = mp.new_game(mp.Rules.plus(), first_player=0)
    outcomes = dict(mp.chance_outcomes(state))
    expected: dict[mp.Action, Fraction] = {
        mp.DealTile(f): Fraction(3, 36) for f in F if f.brelan_face
    }
    expected[mp.DealTile(F.SMALL_STRAIGHT)] = Fraction(2, 36)
    for label in (
        F.MORPYAM,
        F.FOUR_OF_A_KIND,
        F.FULL_HOUSE,
        F.STRAIGHT,
        F.MINI,
        F.MAXI,
        S.SEC,
        S.CALL,
    ):
        expected[mp.DealTile(label)] = Fraction(2, 36)
    assert outcomes == expected
    assert tuple(outcomes) == mp.legal_actions(state)
    assert sum(outcomes.values()) == 1


def test_deal_probabilities_follow_the_bag() -> None:
    state = mp.new_game(mp.Rules.plus(), first_player=0)
    for _ in range(3):
        state = mp.apply(state, mp.DealTile(F.THREE_ONES))
    # R-VAR-PLUS: the three Brelan-of-ones tiles are gone; 33 tiles are left
    outcomes = dict(mp.chance_outcomes(state))
    assert mp.DealTile(F.THREE_ONES) not in outcomes
    assert outcomes[mp.DealTile(F.MINI)] == Fraction(2, 33)
    with pytest.raises(mp.IllegalActionError, match="R-VAR-PLUS: no three-ones tile is left"):
        mp.apply(state, mp.DealTile(F.THREE_ONES))


def test_laying_order_and_the_built_grid() -> None:
    # R-VAR-PLUS: the first player lays all their tiles, then each other player in seat order;
    # then play starts with the same first player on the grid built
    rng = random.Random(11)
    state = mp.new_game(mp.Rules.plus(3), first_player=1)
    state, _ = deal_all(state, rng)
    state, layers = lay_all(state, rng)
    assert layers == [1] * 12 + [2] * 12 + [0] * 12
    assert state.setup is None
    assert state.current_player == 1
    assert state.rolls == 0
    assert state.dice is None
    assert Counter(state.layout.labels) == Counter(mp.Layout.classic().labels)
    assert state.rules.layout == mp.Layout.classic()


def test_lay_actions_are_every_tile_in_hand_on_every_empty_cell() -> None:
    rng = random.Random(5)
    state, _ = deal_all(mp.new_game(mp.Rules.plus(2), first_player=0), rng)
    assert state.setup is not None
    hand = state.setup.hands[0]
    legal = mp.legal_actions(state)
    assert len(legal) == len(set(hand)) * 36
    state = mp.apply(state, legal[0])
    assert len(mp.legal_actions(state)) == len(set(state.setup.hands[0])) * 35  # type: ignore[union-attr]


def test_set_up_refuses_what_does_not_fit() -> None:
    rng = random.Random(3)
    dealing = mp.new_game(mp.Rules.plus(2), first_player=0)
    with pytest.raises(mp.IllegalActionError, match="R-VAR-PLUS"):
        mp.apply(dealing, mp.Roll())
    state, _ = deal_all(dealing, rng)
    assert state.setup is not None
    mine = state.setup.hands[0][0]
    missing = next(label for label in [*F, *S] if label not in state.setup.hands[0])
    with pytest.raises(mp.IllegalActionError, match="R-VAR-PLUS: player 0 has no"):
        mp.apply(state, mp.PlaceTile(missing, "a1"))
    with pytest.raises(mp.IllegalActionError, match="R-VAR-PLUS"):
        mp.apply(state, mp.DealTile(mine))
    with pytest.raises(mp.IllegalActionError, match="R-VAR-PLUS"):
        mp.apply(state, mp.Roll())
    with pytest.raises(mp.IllegalActionError, match="R-SET-1"):
        mp.apply(state, mp.PlaceTile(mine, "g1"))
    laid = mp.apply(state, mp.PlaceTile(mine, "a1"))
    again = laid.setup.hands[0][0]  # type: ignore[union-attr]
    with pytest.raises(mp.IllegalActionError, match="R-VAR-PLUS: a1 already holds"):
        mp.apply(laid, mp.PlaceTile(again, "a1"))


def test_start_roll_comes_before_the_deal() -> None:
    # R-VAR-PLUS: the start roll (R-SET-3) first, then the deal from the player it chose
    state = mp.new_game(mp.Rules.plus(2))
    assert state.roll_off == (0, 1)
    state = mp.apply(mp.apply(state, mp.RollResult((2,))), mp.RollResult((5,)))
    assert state.roll_off == ()
    assert state.setup is not None
    assert state.setup.first == 1
    assert state.player == 1
    assert state.is_chance
    assert isinstance(mp.legal_actions(state)[0], mp.DealTile)


def test_a_built_grid_can_be_given() -> None:
    # R-VAR-PLUS: replaying a real table from the grid it built
    grid = mp.Layout.parse(
        """
        MOR  4K   3×5  3×5  STR  FUL
        MIN  MAX  CAL  FUL  3×6  3×4
        MIN  3×1  3×2  3×4  SEC  MAX
        3×3  CAL  3×6  SEC  3×1  3×5
        3×3  3×4  3×1  3×2  4K   3×6
        SS   SS   STR  3×2  3×3  MOR
        """
    )
    state = mp.new_game(mp.Rules.plus(2), first_player=0, layout=grid)
    assert state.setup is None
    assert state.layout == grid
    assert state.current_player == 0
    state = mp.apply(mp.apply(state, mp.Roll()), mp.RollResult((1, 1, 1, 1, 1)))
    # R-MOR-1 on the built grid: the MORPYAM cells are a1 and f6 here, and on the
    # first roll the SEC cells e3 and d4
    assert {str(a.cell) for a in mp.legal_actions(state) if isinstance(a, mp.Place)} == {
        "a1",
        "f6",
        "e3",
        "d4",
    }
    with pytest.raises(ValueError, match="tiles"):
        mp.new_game(mp.Rules.plus(2), layout=mp.Layout.flash())
    with pytest.raises(ValueError, match="6×6"):
        mp.new_game(mp.Rules.plus(2), layout=mp.Layout.parse("MOR 4K", shape=None))


def test_resigning_in_the_set_up_hands_the_tiles_on() -> None:
    # R-END-4: during the Plus set-up, their unplaced tiles are placed by the next player still in
    rng = random.Random(8)
    state, _ = deal_all(mp.new_game(mp.Rules.plus(3), first_player=0), rng)
    for _ in range(5):
        state = mp.apply(state, mp.legal_actions(state)[0])
    assert state.setup is not None
    hands = state.setup.hands
    assert len(hands[0]) == 7
    left = mp.resign(state, 0)
    assert left.setup is not None
    assert left.setup.hands[0] == ()
    assert Counter(left.setup.hands[1]) == Counter(hands[1]) + Counter(hands[0])
    assert left.current_player == 1
    done, layers = lay_all(left, rng)
    assert layers == [1] * 19 + [2] * 12
    assert done.current_player == 1  # the first player left; the next one still in starts


def test_resigning_while_dealing_skips_the_player() -> None:
    # R-END-4 in the deal: the resigned player gets no more tiles; theirs pass on
    state = mp.new_game(mp.Rules.plus(3), first_player=0)
    state = mp.apply(state, mp.DealTile(F.MINI))  # to player 0
    state = mp.resign(state, 1)  # player 1 was to receive the next tile
    assert state.player == 2
    state, receivers = deal_all(state, random.Random(2))
    assert set(receivers) == {0, 2}
    assert state.setup is not None
    assert [len(hand) for hand in state.setup.hands] == [18, 0, 18]


def test_the_player_laying_is_not_interrupted() -> None:
    # R-END-4 during the laying out: the tiles of a player who resigns pass to the next
    # player still in, who lays them when the player laying now has finished
    rng = random.Random(4)
    state, _ = deal_all(mp.new_game(mp.Rules.plus(3), first_player=0), rng)
    for _ in range(12 + 1):  # player 0 lays all 12 tiles, player 1 lays one
        state = mp.apply(state, mp.legal_actions(state)[0])
    assert state.current_player == 1
    state = mp.resign(state, 2)
    assert state.setup is not None
    assert [len(hand) for hand in state.setup.hands] == [12, 11, 0]
    assert state.current_player == 1  # player 1 goes on
    done, layers = lay_all(state, rng)
    assert layers == [1] * 11 + [0] * 12
    assert done.setup is None


def test_a_game_that_ends_in_the_set_up_keeps_its_tiles() -> None:
    # R-END-4 with 2 players during the Plus set-up: the other wins; the laid tiles stay
    rng = random.Random(6)
    state, _ = deal_all(mp.new_game(mp.Rules.plus(2), first_player=0), rng)
    state = mp.apply(state, mp.legal_actions(state)[0])
    over = mp.resign(state, 0)
    assert over.winners == {1}
    assert over.setup is not None
    assert sum(tile is not None for tile in over.setup.tiles) == 1
