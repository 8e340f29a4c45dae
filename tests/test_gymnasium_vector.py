"""The Gymnasium VectorEnv on the vector engine: spaces, seeding, rewards, illegal ids."""

from __future__ import annotations

import numpy as np
import numpy.typing as npt
import pytest

import morpyam as mp
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
