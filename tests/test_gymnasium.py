"""Single-agent Gymnasium environments: Gymnasium's own checker, registration, rewards, masks."""

from __future__ import annotations

import importlib.metadata
import subprocess
import sys
from pathlib import Path
from typing import Any

import numpy as np
import pytest

gymnasium = pytest.importorskip("gymnasium")

from gymnasium.utils.env_checker import check_env  # noqa: E402

import morpyam.gymnasium as mg  # noqa: E402
from morpyam.encoding import win_rewards  # noqa: E402

ROOT = Path(__file__).resolve().parent.parent


@pytest.mark.parametrize("opponent", ["odds", "greedy", "random"])
def test_check_env_morpyam(opponent: str) -> None:
    check_env(gymnasium.make(mg.MORPYAM_ID, opponent=opponent).unwrapped)


def test_check_env_other_rules_and_yahtzee() -> None:
    check_env(gymnasium.make(mg.MORPYAM_ID, rules="plus", players=3, seat=2).unwrapped)
    check_env(gymnasium.make(mg.MORPYAM_ID, rules="official", render_mode="ansi").unwrapped)
    check_env(gymnasium.make(mg.YAHTZEE_ID).unwrapped)
    check_env(gymnasium.make(mg.YAHTZEE_ID, rules="megawuerfel", games=2).unwrapped)


def _episode(env: Any, seed: int) -> tuple[list[int], float, Any]:
    """Masked random play to the end: the actions, the total reward, the last info."""
    rng = np.random.default_rng(seed)
    _, info = env.reset(seed=seed)
    actions: list[int] = []
    total = 0.0
    while True:
        assert np.array_equal(info["action_mask"], env.action_masks())
        action = int(rng.choice(np.flatnonzero(env.action_masks())))
        actions.append(action)
        _, reward, terminated, truncated, info = env.step(action)
        total += float(reward)
        if terminated or truncated:
            return actions, total, info


def test_a_game_against_odds_bot_ends_with_the_win_reward() -> None:
    env = mg.MorpyamEnv(opponent="odds", seat=1)
    _, total, info = _episode(env, seed=4)
    assert env.game_state.is_terminal
    assert total == win_rewards(env.game_state.winners, 2)[1]
    assert not info["action_mask"].any()


def test_the_same_seed_plays_the_same_game() -> None:
    first = _episode(mg.MorpyamEnv(opponent="greedy"), seed=9)[0]
    second = _episode(mg.MorpyamEnv(opponent="greedy"), seed=9)[0]
    assert first == second


def test_yahtzee_rewards_add_up_to_the_total() -> None:
    env = mg.YahtzeeEnv()
    _, total, _ = _episode(env, seed=1)
    # Y-END-1: a sheet of 13 filled boxes; the rewards are the points as they were written.
    assert env.game_state.sheets[0][0].is_full
    assert total == env.game_state.totals[0]


def test_an_illegal_action_ends_the_episode_with_the_penalty() -> None:
    env = mg.MorpyamEnv(illegal_reward=-5)
    env.reset(seed=0)
    illegal = int(np.flatnonzero(~env.action_masks())[0])
    _, reward, terminated, truncated, info = env.step(illegal)
    assert (reward, terminated, truncated, info["illegal_action"]) == (-5.0, True, False, True)
    _, reward, terminated, _, _ = env.step(10_000)  # not even in the action space
    assert (reward, terminated) == (-5.0, True)


def test_render_and_bad_options() -> None:
    env = mg.MorpyamEnv(render_mode="ansi")
    assert env.render() is None  # no game yet
    env.reset(seed=0)
    assert env.render() == str(env.game_state)
    assert mg.YahtzeeEnv().render() is None
    with pytest.raises(ValueError, match="opponent"):
        mg.MorpyamEnv(opponent="alphazero")
    with pytest.raises(ValueError, match="seat"):
        mg.MorpyamEnv(seat=2)
    with pytest.raises(ValueError, match="render_mode"):
        mg.MorpyamEnv(render_mode="human")
    with pytest.raises(ValueError, match="rules must be one of"):
        mg.YahtzeeEnv("chess")


def test_make_without_importing_morpyam_first() -> None:
    code = (
        "import sys, gymnasium\n"
        "assert 'morpyam' not in sys.modules\n"
        "env = gymnasium.make('morpyam.gymnasium:morpyam/Morpyam-v0', opponent='random')\n"
        "observation, info = env.reset(seed=1)\n"
        "assert info['action_mask'].any()\n"
        "assert gymnasium.make('morpyam/Yahtzee-v0').reset(seed=1)[0].shape\n"
    )
    subprocess.run([sys.executable, "-c", code], cwd=ROOT, check=True, timeout=120)


def test_the_entry_point_registers_the_envs() -> None:
    pyproject = (ROOT / "pyproject.toml").read_text(encoding="utf-8")
    section = pyproject.split('[project.entry-points."gymnasium.envs"]\n', 1)[1].split("\n[", 1)[0]
    assert 'morpyam = "morpyam.gymnasium:register_envs"' in section.splitlines()
    # Installed (as in the nox session), the package's metadata holds it too.
    for entry_point in importlib.metadata.entry_points(group="gymnasium.envs"):
        if entry_point.name == "morpyam":
            assert entry_point.load() is mg.register_envs
    mg.register_envs()  # a second call changes nothing
    assert mg.MORPYAM_ID in gymnasium.registry
    assert mg.YAHTZEE_ID in gymnasium.registry
