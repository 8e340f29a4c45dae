"""Morpyam and the score sheet as OpenSpiel games: OpenSpiel's own conformance test, and MCTS."""

from __future__ import annotations

import random
from typing import Any

import numpy as np
import pytest

pyspiel = pytest.importorskip("pyspiel")

import morpyam as mp  # noqa: E402
import morpyam.openspiel as mos  # noqa: E402
from morpyam.bots import OddsBot  # noqa: E402
from morpyam.encoding import MAX_DECISIONS, Encoding  # noqa: E402
from morpyam.rules import PRESETS  # noqa: E402


@pytest.mark.slow
@pytest.mark.parametrize("players", [2, 3, 4])
@pytest.mark.parametrize("preset", sorted(PRESETS))
def test_random_sim_test_morpyam(preset: str, players: int) -> None:
    game = pyspiel.load_game(mos.MORPYAM, {"rules": preset, "players": players})
    assert game.num_players() == players
    assert game.num_distinct_actions() == Encoding(PRESETS[preset](players)).num_actions
    pyspiel.random_sim_test(game, num_sims=1, serialize=True, verbose=False)


@pytest.mark.parametrize(("players", "games"), [(1, 1), (2, 1), (1, 2), (3, 1)])
@pytest.mark.parametrize("preset", ["megawuerfel", "hasbro"])
def test_random_sim_test_yahtzee(preset: str, players: int, games: int) -> None:
    game = pyspiel.load_game(mos.YAHTZEE, {"rules": preset, "players": players, "games": games})
    # Y-TURN-1: 3 rolls and a score a turn, 13 boxes a sheet; OpenSpiel counts decisions only.
    assert game.max_game_length() == 4 * 13 * players * games
    pyspiel.random_sim_test(game, num_sims=2, serialize=True, verbose=False)


def test_chance_probabilities_are_exact() -> None:
    game = pyspiel.load_game(mos.MORPYAM)
    state = game.new_initial_state()
    assert state.is_chance_node()
    # R-SET-3: the start roll is one die: six faces, 1/6 each.
    assert state.chance_outcomes() == [(face, 1 / 6) for face in range(6)]
    state.apply_action(5)  # player 0 throws a 6
    state.apply_action(0)  # player 1 throws a 1: player 0 starts
    assert state.current_player() == 0
    state.apply_action(0)  # Roll(): five dice in the air
    outcomes = state.chance_outcomes()
    assert len(outcomes) == 252
    assert sum(p for _, p in outcomes) == pytest.approx(1)
    five_sixes = Encoding(mp.Rules.classic()).chance_id(mp.RollResult((6, 6, 6, 6, 6)))
    assert dict(outcomes)[five_sixes] == pytest.approx(1 / 6**5)


def test_a_cut_off_game_scores_on_points() -> None:
    game = pyspiel.load_game(mos.MORPYAM, {"max_game_length": 2})
    assert game.max_game_length() == 2
    state = game.new_initial_state()
    for action in (5, 0, 0):  # the start roll (two chance outcomes), then a first decision
        state.apply_action(action)
    state.apply_action(state.chance_outcomes()[0][0])  # the throw: a chance outcome
    assert not state.is_terminal()  # one decision so far: chance outcomes are not counted
    state.apply_action(0)  # a second roll of all five dice: the second decision
    assert state.is_terminal()
    assert not state.game_state.is_terminal  # cut off, not over by the rules
    assert state.returns() == [0.5, 0.5]  # no token yet: 0 points each, the win is shared
    with pytest.raises(ValueError, match="max_game_length"):
        mos.MorpyamGame({"max_game_length": 0})
    with pytest.raises(ValueError, match="rules must be one of"):
        mos.MorpyamGame({"rules": "chess"})
    with pytest.raises(ValueError, match="rules must be one of"):
        mos.YahtzeeGame({"rules": "chess"})


def test_passing_self_play_is_cut_off_after_the_default_decisions() -> None:
    """Players who pass whenever they may never place a token (R-TURN-4): only the cut-off ends
    their game, after MAX_DECISIONS decisions, chance outcomes not counted."""
    game = pyspiel.load_game(mos.MORPYAM)
    assert game.max_game_length() == mos.MAX_GAME_LENGTH == MAX_DECISIONS == 3000
    pass_id = Encoding(mp.Rules.classic()).pass_id
    rng = random.Random(0)
    state = game.new_initial_state()
    decisions = 0
    while not state.is_terminal():
        if state.is_chance_node():
            actions, probabilities = zip(*state.chance_outcomes())
            state.apply_action(rng.choices(actions, probabilities)[0])
        else:
            legal = state.legal_actions()
            state.apply_action(pass_id if pass_id in legal else legal[0])
            decisions += 1
    assert decisions == MAX_DECISIONS
    assert not state.game_state.is_terminal
    assert len(state.history()) > decisions  # the throws were played, and not counted
    assert state.returns() == [0.5, 0.5]


def test_strings_and_observations() -> None:
    game = pyspiel.load_game(mos.MORPYAM, {"players": 3})
    state = game.new_initial_state()
    for action in (5, 0, 1):
        state.apply_action(action)
    assert state.current_player() == 0
    assert state.action_to_string(0, 0) == "roll"
    assert state.action_to_string(0, 8) == "action 8"  # a keep while no dice show
    assert state.action_to_string(pyspiel.PlayerId.CHANCE, 460) == "dice 6 6 6 6 6"
    assert state.observation_string(1) == str(state.game_state)
    tensor = np.asarray(state.observation_tensor(1))
    expected = Encoding(mp.Rules.classic(players=3)).observation(state.game_state, 1)
    assert np.array_equal(tensor, expected)
    assert str(state) == str(state.game_state)
    # No information state: OpenSpiel's is the perfect-recall history; the observation is
    # the whole position, a compact key.
    assert not game.get_type().provides_information_state_string
    assert not game.get_type().provides_information_state_tensor
    with pytest.raises(ValueError, match=r"no information state.*observation_string"):
        state.information_state_string(0)
    with pytest.raises(ValueError, match="no information state"):
        state.information_state_tensor(0)
    with pytest.raises(ValueError, match="no information state"):
        game.make_py_observer(pyspiel.IIGObservationType(perfect_recall=True))
    private = game.make_py_observer(
        pyspiel.IIGObservationType(
            perfect_recall=False, public_info=False, private_info=pyspiel.PrivateInfoType.NONE
        )
    )
    assert not isinstance(private, mos.Observer)
    with pytest.raises(ValueError, match="not supported"):
        mos.Observer(Encoding(mp.Rules.classic()), {"x": 1})
    yahtzee = pyspiel.load_game(mos.YAHTZEE, {"players": 2})
    state = yahtzee.new_initial_state()
    assert state.returns() == [0.0, 0.0]
    with pytest.raises(ValueError, match="python_morpyam_yahtzee provides no information state"):
        state.information_state_string(1)
    assert "game 1/1" in state.observation_string(0)


class PointsEvaluator:
    """An MCTS evaluator without rollouts: the winner by points so far (cheap, for the test)."""

    def evaluate(self, state: Any) -> Any:
        if state.is_terminal():
            return np.array(state.returns())
        points = mp.scores(state.game_state)
        best = max(points)
        leaders = [player for player, value in enumerate(points) if value == best]
        return np.array([1 / len(leaders) if p in leaders else 0.0 for p in range(len(points))])

    def prior(self, state: Any) -> Any:
        if state.is_chance_node():
            return state.chance_outcomes()
        legal = state.legal_actions()
        return [(action, 1 / len(legal)) for action in legal]


def test_mcts_plays_a_full_game_against_odds_bot() -> None:
    from open_spiel.python.algorithms import mcts

    game = pyspiel.load_game(mos.MORPYAM)
    bot = mcts.MCTSBot(
        game,
        uct_c=2.0,
        max_simulations=8,
        evaluator=PointsEvaluator(),
        random_state=np.random.RandomState(7),
    )
    odds = OddsBot()
    encoding = Encoding(mp.Rules.classic())
    rng = random.Random(7)
    state = game.new_initial_state()
    while not state.is_terminal():
        if state.is_chance_node():
            actions, probabilities = zip(*state.chance_outcomes())
            state.apply_action(rng.choices(actions, probabilities)[0])
        elif state.current_player() == 0:
            state.apply_action(bot.step(state))
        else:
            choice = odds.choose(state.game_state, rng)
            state.apply_action(encoding.action_id(state.game_state, choice))
    assert state.game_state.is_terminal  # the game ended by the rules, not by the cut-off
    assert sum(state.returns()) == pytest.approx(1)
