"""The Gymnasium VectorEnv on the vector engine: spaces, seeding, rewards, illegal ids."""

from __future__ import annotations

import random
from typing import Any

import numpy as np
import numpy.typing as npt
import pytest

import morpyam as mp
from morpyam.bots import GreedyBot, OddsBot
from morpyam.encoding import MAX_DECISIONS, Encoding
from morpyam.gymnasium_vector import MorpyamVectorEnv


def random_ids(mask: npt.NDArray[np.bool_], rng: np.random.Generator) -> npt.NDArray[np.int64]:
    return np.array([rng.choice(np.flatnonzero(row)) for row in mask])


def test_games_run_in_their_spaces_and_end_with_win_rewards() -> None:
    env = MorpyamVectorEnv(6, "official", players=3)
    observations, info = env.reset(seed=4)
    assert env.observation_space.contains(observations)
    rng = np.random.default_rng(0)
    ended = 0
    for _ in range(1_500):
        observations, rewards, terminated, truncated, info = env.step(
            random_ids(info["action_mask"], rng)
        )
        assert env.observation_space.contains(observations)
        assert not truncated.any()
        assert (rewards[~terminated] == 0).all()
        assert set(rewards[terminated].tolist()) <= {-1.0, 0.0, 1.0}  # R-END-3: win, share, loss
        if terminated.any():
            assert info["_final_obs"].tolist() == terminated.tolist()
        ended += int(terminated.sum())
        # seat 0 is to move in every game the env hands back (its own seat, R-TURN-1)
        assert info["action_mask"].any(axis=1).all()
    assert ended > 6


def test_same_seed_same_games() -> None:
    runs = []
    for _ in range(2):
        env = MorpyamVectorEnv(4)
        observations, info = env.reset(seed=11)
        seen = [observations]
        for step in range(200):
            observations, *_, info = env.step(
                np.array([np.flatnonzero(row)[step % row.sum()] for row in info["action_mask"]])
            )
            seen.append(observations)
        runs.append(np.stack(seen))
    assert np.array_equal(runs[0], runs[1])


def test_an_illegal_id_ends_the_game_with_its_reward() -> None:
    env = MorpyamVectorEnv(3, illegal_reward=-5.0)
    _, info = env.reset(seed=0)
    legal = np.array([np.flatnonzero(row)[0] for row in info["action_mask"]])
    legal[1] = 10_000
    _, rewards, terminated, _, info = env.step(legal)
    assert rewards[1] == -5.0
    assert terminated.tolist() == [False, True, False]
    assert info["_final_obs"].tolist() == [False, True, False]
    observations, info = env.reset()  # no seed: the same generator goes on
    assert env.observation_space.contains(observations)
    assert info["action_mask"].any(axis=1).all()


def test_rules_it_cannot_play_are_refused() -> None:
    with pytest.raises(ValueError, match="tile_setup"):
        MorpyamVectorEnv(2, mp.Rules.plus())
    with pytest.raises(ValueError, match="num_envs"):
        MorpyamVectorEnv(0)


def test_action_masks_are_the_info_masks() -> None:
    env = MorpyamVectorEnv(4, seat=1)
    _, info = env.reset(seed=3)
    rng = np.random.default_rng(3)
    for _ in range(30):
        assert np.array_equal(env.action_masks(), info["action_mask"])
        assert env.action_masks().dtype == np.bool_
        # R-TURN-1: the agent's seat is to move in every game handed back
        assert env.action_masks().any(axis=1).all()
        _, _, _, _, info = env.step(random_ids(env.action_masks(), rng))


class SpyBot:
    """GreedyBot recording the states it is asked at."""

    def __init__(self) -> None:
        self.asked: list[mp.State] = []

    def choose(self, state: mp.State, rng: Any) -> mp.Action:
        assert isinstance(rng, random.Random)
        self.asked.append(state)
        return GreedyBot().choose(state, rng)


def test_scalar_opponents_move_every_other_seat() -> None:
    """greedy and odds are the scalar bots, asked at each state where another seat decides."""
    env = MorpyamVectorEnv(3, "official", players=3, opponent="greedy", seat=2)
    assert env.opponent == GreedyBot()
    spy = SpyBot()
    env.opponent = spy
    _, info = env.reset(seed=5)
    rng = np.random.default_rng(5)
    for _ in range(40):
        _, _, _, _, info = env.step(random_ids(info["action_mask"], rng))
    assert spy.asked
    assert {state.current_player for state in spy.asked} == {0, 1}
    assert all(not state.is_terminal for state in spy.asked)
    assert isinstance(MorpyamVectorEnv(2, opponent="odds").opponent, OddsBot)


def test_the_cut_off_truncates_after_every_seat_s_decisions() -> None:
    """One game, an agent that passes when it may (R-TURN-4) and a counting greedy bot: the
    game is truncated, with no reward, after 25 decisions, and a new one starts."""
    env = MorpyamVectorEnv(1, opponent="greedy", max_decisions=25)
    spy = SpyBot()
    env.opponent = spy
    pass_id = Encoding(mp.Rules.classic()).pass_id
    _, info = env.reset(seed=1)
    steps = 0
    while True:
        mask = info["action_mask"][0]
        action = pass_id if mask[pass_id] else int(np.flatnonzero(mask)[0])
        _, rewards, terminated, truncated, info = env.step(np.array([action]))
        steps += 1
        if terminated[0] or truncated[0]:
            break
    assert (terminated[0], truncated[0], rewards[0]) == (False, True, 0.0)
    assert steps + len(spy.asked) == 25
    assert info["_final_obs"].tolist() == [True]
    assert info["action_mask"].any()  # the new game
    assert MorpyamVectorEnv(1).max_decisions == MAX_DECISIONS
    uncut = MorpyamVectorEnv(2, max_decisions=None)
    _, info = uncut.reset(seed=1)
    rng = np.random.default_rng(1)
    for _ in range(30):
        *_, truncated, info = uncut.step(random_ids(info["action_mask"], rng))
        assert not truncated.any()


def test_render_and_bad_options() -> None:
    env = MorpyamVectorEnv(2, render_mode="ansi")
    env.reset(seed=0)
    texts = env.render()
    assert texts is not None
    assert len(texts) == 2
    assert all(text.endswith("player 0 to roll") for text in texts)  # the agent's turn begins
    assert MorpyamVectorEnv(1).render() is None
    with pytest.raises(ValueError, match="opponent must be one of random, greedy, odds"):
        MorpyamVectorEnv(2, opponent="alphazero")
    with pytest.raises(ValueError, match="seat"):
        MorpyamVectorEnv(2, seat=2)
    with pytest.raises(ValueError, match="render_mode"):
        MorpyamVectorEnv(2, render_mode="human")
    with pytest.raises(ValueError, match="max_decisions"):
        MorpyamVectorEnv(2, max_decisions=0)


def test_a_cut_off_shorter_than_a_turn_still_hands_the_agent_its_turn() -> None:
    """The other seats play on to the agent's first decision whatever the cut-off: with a
    cut-off of one decision, every game is truncated at the agent's first step, and none
    is handed back where the agent has no legal id."""
    env = MorpyamVectorEnv(8, max_decisions=1)
    _, info = env.reset(seed=2)
    assert info["action_mask"].any(axis=1).all()
    rng = np.random.default_rng(2)
    for _ in range(3):
        _, rewards, terminated, truncated, info = env.step(random_ids(info["action_mask"], rng))
        assert truncated.all()
        assert not terminated.any()  # no game ended, and no id was illegal
        assert (rewards == 0).all()
        assert info["action_mask"].any(axis=1).all()
