"""The fixed integer encodings (morpyam.encoding, morpyam.yahtzee.encoding): ids round-trip.

Expected counts come from counting by hand: 31 keep masks (the subsets of
five dice but the whole) × 8 call options, plus one id per cell and pass;
the sorted throws of k dice are C(k + 5, 5): 6 + 21 + 56 + 126 + 252 = 461.
"""

from __future__ import annotations

import itertools
import math
import random
from typing import TypeVar

import attrs
import numpy as np
import pytest

import morpyam as mp
import morpyam.yahtzee as yz
from morpyam.encoding import (
    CALLS,
    CHANCE_FACES,
    Encoding,
    GameEncoding,
    chance_faces_id,
    check_id,
    keep_from_mask,
    keep_mask,
)
from morpyam.game import GameState
from morpyam.rules import PRESETS
from morpyam.testing import check_encoding
from morpyam.yahtzee.encoding import Encoding as YahtzeeEncoding

MORPYAM_ENCODING: GameEncoding[mp.State, mp.Action] = Encoding(mp.Rules.classic())
S = TypeVar("S", bound=GameState)
A = TypeVar("A")

YAHTZEE_ENCODING: GameEncoding[yz.State, yz.Action] = YahtzeeEncoding(yz.Rules.hasbro())


def test_sizes_counted_by_hand() -> None:
    assert len(CHANCE_FACES) == sum(math.comb(k + 5, 5) for k in range(1, 6)) == 461
    assert len(CALLS) == 8  # no call, six callable figures (R-CALL-2), SEC
    classic = Encoding(mp.Rules.classic())
    assert classic.num_actions == 31 * 8 + 36 + 1 == 285
    assert classic.num_chance_outcomes == 461
    plus = Encoding(mp.Rules.plus(players=4))
    # R-VAR-PLUS: 15 labels (13 figures, SEC, CALL) can be laid on each of the 36 cells.
    assert plus.num_actions == 285 + 15 * 36
    assert plus.num_chance_outcomes == 461 + 15
    small = mp.Layout.parse("MOR 4K STR\nMIN MAX FUL\nSEC STR 4K", shape=None)
    assert (
        Encoding(mp.Rules(tokens_per_player=4, layout=small, ko_length=3)).num_actions
        == 248 + 9 + 1
    )
    assert YahtzeeEncoding(yz.Rules.megawuerfel()).num_actions == 31 + 13


def test_every_throw_has_exactly_one_chance_id() -> None:
    for k in range(1, 6):
        seen = set()
        for throw in itertools.product(range(1, 7), repeat=k):
            index = chance_faces_id(tuple(sorted(throw)))
            assert CHANCE_FACES[index] == tuple(sorted(throw))
            seen.add(index)
        assert len(seen) == math.comb(k + 5, 5)
    encoding = Encoding(mp.Rules.plus())
    for index in range(encoding.num_chance_outcomes):
        assert encoding.chance_id(encoding.chance_action(index)) == index


def test_keep_masks_keep_the_leftmost_dice_of_a_face() -> None:
    dice = (2, 3, 3, 5, 6)
    assert keep_mask(dice, (3, 6)) == 0b10010
    assert keep_from_mask(dice, 0b10010) == (3, 6)
    with pytest.raises(ValueError, match="not an encoded keep"):
        keep_from_mask(dice, 0b10100)  # the second 3 and the 6: the same keep as 0b10010
    with pytest.raises(ValueError, match="cannot be kept"):
        keep_mask(dice, (4,))
    assert keep_mask(None, ()) == 0
    with pytest.raises(ValueError, match="not an encoded keep"):
        keep_from_mask(None, 1)
    with pytest.raises(ValueError, match="sorted throw"):
        chance_faces_id((7,))


def _check_state(encoding: GameEncoding[S, A], state: S) -> None:
    legal = list(encoding.legal_actions(state))
    ids = encoding.legal_ids(state)
    assert ids == sorted(ids)
    assert len(set(ids)) == len(legal)
    mask = encoding.legal_mask(state)
    assert mask.shape == (encoding.num_actions,)
    if state.is_chance:
        assert not mask.any()
        for action in legal:
            index = encoding.chance_id(action)
            assert 0 <= index < encoding.num_chance_outcomes
            assert encoding.chance_action(index) == action
    else:
        assert set(np.flatnonzero(mask)) == set(ids)
        for action in legal:
            index = encoding.action_id(state, action)
            assert 0 <= index < encoding.num_actions
            assert encoding.action(state, index) == action
    for player in range(encoding.players):
        vector = encoding.observation(state, player)
        assert vector.shape == (encoding.layout.size,)
        assert vector.dtype == np.float32
        assert (vector >= 0).all()
        assert (vector <= encoding.layout.high()).all()


def _play(encoding: GameEncoding[S, A], seed: int) -> int:
    rng = random.Random(seed)
    state = encoding.new_state()
    steps = 0
    while True:
        _check_state(encoding, state)
        if state.is_terminal:
            return steps
        if state.is_chance:
            action = encoding.sample_chance(state, rng)
        else:
            action = rng.choice(list(encoding.legal_actions(state)))
        state = encoding.apply(state, action)
        steps += 1


@pytest.mark.slow
@pytest.mark.parametrize("players", [2, 3, 4])
@pytest.mark.parametrize("preset", sorted(PRESETS))
def test_ids_round_trip_over_random_games(preset: str, players: int) -> None:
    encoding = Encoding(PRESETS[preset](players))
    assert _play(encoding, seed=players) > 0


@pytest.mark.parametrize("preset", sorted(PRESETS))
def test_a_lost_turn_has_the_last_id(preset: str) -> None:
    # R-END-5: with lost turns on, LoseTurn is one more action, legal at every decision
    rules = attrs.evolve(PRESETS[preset](2), lost_turns=True)
    encoding = Encoding(rules)
    plain = Encoding(PRESETS[preset](2))
    assert encoding.num_actions == plain.num_actions + 1
    assert plain.lose_turn_id is None
    state = mp.new_game(rules, first_player=0)
    assert encoding.action_id(state, mp.LoseTurn()) == encoding.lose_turn_id == plain.num_actions
    assert encoding.action(state, plain.num_actions) == mp.LoseTurn()
    with pytest.raises(ValueError, match="not a player's action"):
        plain.action_id(state, mp.LoseTurn())
    assert _play(encoding, seed=5) > 0


@pytest.mark.parametrize("players", [1, 2, 3])
@pytest.mark.parametrize("preset", sorted(yz.PRESETS))
def test_yahtzee_ids_round_trip_over_random_games(preset: str, players: int) -> None:
    encoding = YahtzeeEncoding(yz.PRESETS[preset](), players=players, games=2)
    # Y-END-1: 13 turns of at least a roll, a throw and a score per sheet.
    assert _play(encoding, seed=players) >= 13 * 3 * players * 2


def test_morpyam_observation_fields() -> None:
    rules = mp.Rules.classic(players=3)
    encoding = Encoding(rules)
    state = mp.new_game(rules, first_player=1)
    state = mp.apply(state, mp.Roll(call=mp.Figure.MINI))
    view = encoding.layout.views(encoding.observation(state, 0))
    assert view["call"][CALLS.index(mp.Figure.MINI)] == 1
    assert view["in_air"][0] == 1
    assert view["to_move"].tolist() == [0, 1, 0]  # player 1, one seat after observer 0
    state = mp.apply(state, mp.RollResult((6, 6, 6, 2, 5)))
    state = mp.apply(state, mp.Place("f1"))  # R-CELL-1: three sixes on the 3×6 cell f1
    for observer, plane in ((0, 1), (1, 0), (2, 2)):
        view = encoding.layout.views(encoding.observation(state, observer))
        f1 = rules.layout.index(mp.Cell.parse("f1"))
        assert view["owners"][plane, f1] == 1
        assert view["owners"][:, f1].sum() == 1
        assert view["owners"][3].sum() == 35  # the other cells are empty
    assert view["labels"][list(mp.Figure).index(mp.Figure.THREE_ONES), 0] == 1  # a1 is 3×1
    assert view["tokens_left"].tolist() == [11, 11, 10]  # observer 2: seats 2, 0, 1
    state = mp.apply(state, mp.Roll())
    state = mp.apply(state, mp.RollResult((1, 2, 3, 4, 5)))
    view = encoding.layout.views(encoding.observation(state, 2))
    assert view["dice"].tolist() == [1, 1, 1, 1, 1, 0]
    assert view["rolls"].tolist() == [0, 1, 0, 0]
    shown = {f for f, bit in zip(mp.Figure, view["figures"]) if bit}
    assert shown == {mp.Figure.SMALL_STRAIGHT, mp.Figure.STRAIGHT}  # R-FIG-2, R-FIG-3; sum 15 > 8
    state = mp.apply(state, mp.Roll(keep=(1, 2)))
    view = encoding.layout.views(encoding.observation(state, 2))
    assert view["kept"].tolist() == [1, 1, 0, 0, 0, 0]
    assert encoding.text(state, 0) == str(state)


def test_start_roll_and_plus_fields() -> None:
    rules = mp.Rules.plus(players=2)
    encoding = Encoding(rules)
    state = encoding.new_state()
    view = encoding.layout.views(encoding.observation(state, 1))
    assert view["start_roll"][0].tolist() == [1, 1]  # R-SET-3: both players roll
    assert view["bag"].sum() == 36  # R-VAR-PLUS: the 36 tiles of the grid
    state = mp.apply(state, mp.RollResult((5,)))
    view = encoding.layout.views(encoding.observation(state, 1))
    assert view["start_roll"][1].tolist() == [0, 5]  # player 0 threw 5, seat +1 from observer 1
    state = mp.apply(state, mp.RollResult((2,)))
    state = mp.apply(state, mp.DealTile(mp.Figure.MORPYAM))
    view = encoding.layout.views(encoding.observation(state, 0))
    assert view["hands"][0, list(mp.Figure).index(mp.Figure.MORPYAM)] == 1
    assert view["bag"].sum() == 35


def test_bad_values_are_refused() -> None:
    encoding = Encoding(mp.Rules.classic())
    state = mp.new_game(mp.Rules.classic(), first_player=0)
    for bad in (-1, 285, True, 1.0, "3"):
        with pytest.raises(ValueError, match="id"):
            encoding.action(state, bad)  # type: ignore[arg-type]
    assert check_id(np.int64(3), 5) == 3
    with pytest.raises(ValueError, match="not a player's action"):
        encoding.action_id(state, mp.RollResult((1,)))
    with pytest.raises(ValueError, match="not a player's action"):
        encoding.action_id(state, mp.PlaceTile(mp.Figure.MINI, "a1"))
    with pytest.raises(ValueError, match="never be called"):
        encoding.action_id(state, mp.Roll(call=mp.Figure.THREE_ONES))  # R-CALL-2
    with pytest.raises(ValueError, match="off the grid"):
        encoding.action_id(state, mp.Place(mp.Cell(7, 0)))
    with pytest.raises(ValueError, match="not a chance outcome"):
        encoding.chance_id(mp.DealTile(mp.Figure.MINI))
    with pytest.raises(ValueError, match="Rules"):
        Encoding("classic")  # type: ignore[arg-type]
    yahtzee = YahtzeeEncoding(yz.Rules.hasbro())
    with pytest.raises(ValueError, match="not a player's action"):
        yahtzee.action_id(yahtzee.new_state(), yz.RollResult((1,)))
    with pytest.raises(ValueError, match="not a chance outcome"):
        yahtzee.chance_id(yz.Roll())
    for bad_players in (0, 7):
        with pytest.raises(ValueError, match="players"):
            YahtzeeEncoding(yz.Rules.hasbro(), players=bad_players)
    with pytest.raises(ValueError, match="games"):
        YahtzeeEncoding(yz.Rules.hasbro(), games=0)
    with pytest.raises(ValueError, match="Rules"):
        YahtzeeEncoding(mp.Rules.classic())  # type: ignore[arg-type]


def test_yahtzee_observation_fields() -> None:
    encoding = YahtzeeEncoding(yz.Rules.megawuerfel(), players=2)
    state = encoding.new_state()
    state = yz.apply(state, yz.Roll())
    state = yz.apply(state, yz.RollResult((4, 4, 6, 6, 6)))
    view = encoding.layout.views(encoding.observation(state, 0))
    assert view["box_points"][yz.Box.FULL_HOUSE.index] == 25  # Y-BOX-*: a full house scores 25
    assert view["box_points"][yz.Box.SIXES.index] == 18
    assert view["box_points"][yz.Box.CHANCE.index] == 26
    state = yz.apply(state, yz.Score(yz.Box.FULL_HOUSE))
    view = encoding.layout.views(encoding.observation(state, 1))
    assert view["filled"][1, yz.Box.FULL_HOUSE.index] == 1  # player 0 sits one seat after 1
    assert view["points"][1, yz.Box.FULL_HOUSE.index] == 25
    assert view["totals"].tolist() == [0, 25]
    assert view["to_move"].tolist() == [1, 0]
    assert "p0 25" in encoding.text(state, 0)
    state = yz.apply(state, yz.Roll())
    assert "in the air" in encoding.text(state, 0)
    assert encoding.game is yz
    assert MORPYAM_ENCODING.game is mp


def test_both_encodings_pass_the_encoding_check() -> None:
    """What the adapters rely on, returns and bounds included (morpyam.testing.check_encoding)."""
    for end in check_encoding(Encoding(PRESETS["classic"](2)), games=1, seed=4):
        assert end.is_terminal
    sheet = YahtzeeEncoding(yz.Rules.hasbro(), players=2)
    for end in check_encoding(sheet, games=1, seed=4):
        assert sheet.returns(end) == tuple(map(float, end.totals))  # Y-END-1
