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

from gymnasium.error import ResetNeeded  # noqa: E402
from gymnasium.utils.env_checker import check_env  # noqa: E402

import morpyam as mp  # noqa: E402
import morpyam.gymnasium as mg  # noqa: E402
from morpyam.bots import GreedyBot, RandomBot  # noqa: E402
from morpyam.encoding import MAX_DECISIONS, Encoding, win_rewards  # noqa: E402
from morpyam.gymnasium_vector import MorpyamVectorEnv  # noqa: E402

ROOT = Path(__file__).resolve().parent.parent


@pytest.mark.parametrize("opponent", ["odds", "greedy", "random"])
def test_check_env_morpyam(opponent: str) -> None:
    check_env(gymnasium.make(mg.MORPYAM_ID, opponent=opponent).unwrapped)


def test_check_env_other_rules_and_yahtzee() -> None:
    check_env(gymnasium.make(mg.MORPYAM_ID, rules="plus", players=3, seat=2).unwrapped)
    check_env(gymnasium.make(mg.MORPYAM_ID, rules="official", render_mode="ansi").unwrapped)
    check_env(gymnasium.make(mg.YAHTZEE_ID).unwrapped)
    check_env(gymnasium.make(mg.YAHTZEE_ID, rules="megawuerfel", games=2).unwrapped)


@pytest.mark.parametrize("env_id", [mg.MORPYAM_ID, mg.YAHTZEE_ID])
def test_check_env_renders_human(env_id: str, capsys: pytest.CaptureFixture[str]) -> None:
    """The same render modes as the PettingZoo envs; check_env tries every declared mode."""
    assert mg.GameEnv.metadata["render_modes"] == ["ansi", "human"]
    env = gymnasium.make(env_id, render_mode="human").unwrapped
    check_env(env)
    assert capsys.readouterr().out  # check_env's resets and steps printed
    env.reset(seed=0)
    assert capsys.readouterr().out == env.encoding.text(env.game_state, 0) + "\n"
    assert env.render() is None  # human mode prints, and returns None
    assert capsys.readouterr().out
    env.step(int(np.flatnonzero(env.action_masks())[0]))
    assert capsys.readouterr().out  # printed after each step


def test_the_registered_default_gives_a_learner_a_signal() -> None:
    """The registered default plays against the random bot: a learner from scratch (here a
    uniformly random agent) wins some games, so its rewards are not all -1."""
    env = gymnasium.make(mg.MORPYAM_ID)
    assert env.unwrapped.opponent == RandomBot()
    assert env.unwrapped.max_decisions == MAX_DECISIONS
    rng = np.random.default_rng(0)
    rewards = []
    for seed in range(8):
        _, info = env.reset(seed=seed)
        done = False
        while not done:
            action = int(rng.choice(np.flatnonzero(info["action_mask"])))
            _, reward, terminated, truncated, info = env.step(action)
            done = terminated or truncated
        rewards.append(reward)
    assert 1.0 in rewards


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


def test_an_illegal_action_ends_the_episode_for_good() -> None:
    env = mg.MorpyamEnv(illegal_reward=-5)
    env.reset(seed=0)
    before = env.game_state
    illegal = int(np.flatnonzero(~env.action_masks())[0])
    _, reward, terminated, truncated, info = env.step(illegal)
    assert (reward, terminated, truncated, info["illegal_action"]) == (-5.0, True, False, True)
    assert env.game_state == before  # the illegal id changed nothing
    assert not env.action_masks().any()
    assert not info["action_mask"].any()
    with pytest.raises(ResetNeeded, match="reset"):
        env.step(int(np.flatnonzero(env.encoding.legal_mask(before))[0]))  # not played on
    env.reset(seed=0)
    _, reward, terminated, _, _ = env.step(10_000)  # not even in the action space
    assert (reward, terminated) == (-5.0, True)
    _, info = env.reset(seed=1)
    assert info["action_mask"].any()  # a new game


def test_step_needs_a_reset_before_the_first_game_and_after_an_end() -> None:
    env = mg.YahtzeeEnv()
    with pytest.raises(ResetNeeded):
        env.step(0)
    _episode(env, seed=3)
    assert env.game_state.is_terminal
    with pytest.raises(ResetNeeded):
        env.step(0)


class CountingBot:
    """GreedyBot that counts its decisions."""

    def __init__(self) -> None:
        self.calls = 0

    def choose(self, state: mp.State, rng: Any) -> mp.Action:
        self.calls += 1
        return GreedyBot().choose(state, rng)


def test_the_cut_off_truncates_after_every_seat_s_decisions() -> None:
    """A passing agent (R-TURN-4) and a greedy bot: the game is cut off after 41 decisions,
    counted here as the agent's steps plus the bot's choices."""
    env = mg.MorpyamEnv(opponent="greedy", max_decisions=41)
    bot = CountingBot()
    env.opponent = bot
    pass_id = Encoding(mp.Rules.classic()).pass_id
    _, info = env.reset(seed=2)
    steps = 0
    while True:
        mask = info["action_mask"]
        _, reward, terminated, truncated, info = env.step(
            pass_id if mask[pass_id] else int(np.flatnonzero(mask)[0])
        )
        steps += 1
        if terminated or truncated:
            break
    assert (terminated, truncated, reward) == (False, True, 0.0)
    assert steps + bot.calls == 41
    assert not env.game_state.is_terminal
    with pytest.raises(ResetNeeded):
        env.step(0)
    assert mg.YahtzeeEnv().max_decisions == MAX_DECISIONS
    assert mg.MorpyamEnv(max_decisions=None).max_decisions is None
    with pytest.raises(ValueError, match="max_decisions"):
        mg.MorpyamEnv(max_decisions=0)


def test_a_cut_off_shorter_than_a_turn_still_hands_the_agent_its_turn() -> None:
    """At reset the bots play on to the agent's first decision whatever the cut-off (Gymnasium's
    reset cannot report a truncation); the cut-off then fires at the agent's first step."""
    env = mg.MorpyamEnv(opponent="greedy", max_decisions=1)
    bot = CountingBot()
    env.opponent = bot
    for seed in range(20):
        _, info = env.reset(seed=seed)
        if bot.calls:  # the bot started (R-SET-3) and made its turn's decisions
            break
    assert bot.calls > 1  # more decisions than the cut-off allows, before the agent's turn
    assert info["action_mask"].any()
    _, reward, terminated, truncated, _ = env.step(int(np.flatnonzero(info["action_mask"])[0]))
    assert (terminated, truncated, reward) == (False, True, 0.0)


def test_make_vec_plays_on_the_numpy_engine() -> None:
    envs = gymnasium.make_vec("morpyam.gymnasium:morpyam/Morpyam-v0", num_envs=3)
    assert isinstance(envs, MorpyamVectorEnv)
    assert envs.num_envs == 3
    assert envs.opponent is None
    envs = gymnasium.make_vec(mg.MORPYAM_ID, num_envs=2, opponent="greedy", seat=1)
    assert isinstance(envs, MorpyamVectorEnv)
    assert (envs.seat, envs.opponent) == (1, GreedyBot())
    _, info = envs.reset(seed=0)
    assert np.array_equal(info["action_mask"], envs.action_masks())
    with pytest.raises(ValueError, match='vectorization_mode="sync"'):
        gymnasium.make_vec(mg.MORPYAM_ID, num_envs=2, rules="plus")
    plus = gymnasium.make_vec(mg.MORPYAM_ID, num_envs=2, rules="plus", vectorization_mode="sync")
    assert isinstance(plus, gymnasium.vector.SyncVectorEnv)
    plus.close()
    # The score sheet has no NumPy engine: its single envs, stepped one by one.
    sheets = gymnasium.make_vec(mg.YAHTZEE_ID, num_envs=2)
    assert isinstance(sheets, gymnasium.vector.SyncVectorEnv)
    sheets.close()


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
        mg.MorpyamEnv(render_mode="rgb_array")
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
