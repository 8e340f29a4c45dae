"""Morpyam and the score sheet as PettingZoo AEC environments: PettingZoo's own checks, and more."""

from __future__ import annotations

import warnings
from collections.abc import Callable, Iterator

import numpy as np
import pytest

pytest.importorskip("pettingzoo")

from pettingzoo.test import api_test, render_test, seed_test

import morpyam as mp
import morpyam.pettingzoo as mpz
import morpyam.yahtzee as yz
from morpyam.encoding import MAX_DECISIONS, Encoding, win_rewards


@pytest.fixture(autouse=True)
def _dict_observations() -> Iterator[None]:
    """api_test advises Box observations, and only its own dict-observation envs are exempt
    by name: these two advices are expected for the "observation"/"action_mask" dicts."""
    with warnings.catch_warnings():
        warnings.filterwarnings("ignore", message="Observation space for each agent probably")
        warnings.filterwarnings("ignore", message="Observation is not a NumPy array")
        yield


@pytest.mark.slow
@pytest.mark.parametrize("players", [2, 3, 4])
@pytest.mark.parametrize("rules", ["classic", "official", "flash", "plus"])
def test_api_and_seed_tests(rules: str, players: int) -> None:
    api_test(mpz.env(rules, players=players), num_cycles=1000)
    seed_test(lambda: mpz.env(rules, players=players), num_cycles=300)


@pytest.mark.parametrize("players", [1, 2, 3])
def test_yahtzee_api_and_seed_tests(players: int) -> None:
    api_test(mpz.yahtzee_env(players=players, games=2), num_cycles=1000)
    seed_test(lambda: mpz.yahtzee_env("megawuerfel", players=players), num_cycles=300)


def _play_out(game: mpz.AECGameEnv) -> dict[str, float]:
    """Random legal play to the end; the final cumulative rewards."""
    rng = np.random.default_rng(0)
    final: dict[str, float] = {}
    for agent in game.agent_iter():
        observation, reward, terminated, truncated, _ = game.last()
        if terminated or truncated:
            final[agent] = reward
            game.step(None)
            continue
        legal = np.flatnonzero(observation["action_mask"])
        game.step(int(rng.choice(legal)))
    return final


def test_a_finished_game_rewards_the_winners() -> None:
    game = mpz.env(players=3)
    game.reset(seed=5)
    final = _play_out(game)
    expected = win_rewards(game.game_state.winners, 3)
    assert final == {f"player_{seat}": expected[seat] for seat in range(3)}
    assert sorted(final.values()) in ([-1.0, -1.0, 1.0], [-1.0, 0.0, 0.0], [0.0, 0.0, 0.0])


def test_yahtzee_rewards_are_points() -> None:
    game = mpz.yahtzee_env(players=1)
    game.reset(seed=2)
    total = 0.0
    for _agent in game.agent_iter():
        observation, reward, terminated, truncated, _ = game.last()
        total += reward
        if terminated or truncated:
            game.step(None)
            continue
        game.step(int(np.flatnonzero(observation["action_mask"])[-1]))  # always the last id
    assert total == game.game_state.totals[0]


def test_a_replay_selects_the_same_agent() -> None:
    rules = mp.Rules.classic()
    game = mpz.env(rules)
    game.reset(seed=0)
    state = mp.new_game(rules, first_player=1)
    state = mp.apply(state, mp.Roll())
    state = mp.apply(state, mp.RollResult((4, 4, 4, 4, 4)))
    game.game_state = state
    game.agent_selection = "player_1"
    place = Encoding(rules).action_id(state, mp.Place("b2"))  # b2 is the MOR cell
    game.step(place)
    # R-MOR-2: a Morpyam placed on its cell earns another turn.
    assert game.agent_selection == "player_1"
    assert game.game_state.board[mp.Cell.parse("b2")] == 1
    observation = game.observe("player_0")
    assert not observation["action_mask"].any()
    # A fresh turn: the first roll, with no call or one of the 7 calls of R-CALL-2.
    assert game.observe("player_1")["action_mask"].sum() == 8


def test_truncation_render_and_errors() -> None:
    game = mpz.env(max_steps=2, render_mode="ansi")
    game.reset(seed=1)
    for _ in range(2):
        game.step(int(np.flatnonzero(game.observe(game.agent_selection)["action_mask"])[0]))
    assert all(game.truncations.values())
    text = game.render()
    assert text == str(game.game_state)
    assert mpz.env().render() is None
    live = mpz.env()
    live.reset(seed=0)
    with pytest.raises(ValueError, match="must act"):
        live.step(None)
    with pytest.raises(ValueError, match="rules must be"):
        mpz.env("chess")
    with pytest.raises(ValueError, match="rules must be"):
        mpz.env(yz.Rules.hasbro())  # a score-sheet Rules: refused at run time
    with pytest.raises(ValueError, match="rules must be one of"):
        mpz.yahtzee_env("chess")
    with pytest.raises(ValueError, match="render_mode"):
        mpz.env(render_mode="rgb_array")
    with pytest.raises(ValueError, match="max_steps"):
        mpz.env(max_steps=0)
    assert mpz.env(mp.Rules.flash(players=4)).num_agents == 4


def test_human_render_prints(capsys: pytest.CaptureFixture[str]) -> None:
    game = mpz.yahtzee_env(yz.Rules.megawuerfel(), players=1, render_mode="human")
    game.reset(seed=3)
    assert "game 1/1" in capsys.readouterr().out  # printed at reset
    game.step(0)  # Roll(): the first roll of the turn
    assert "game 1/1" in capsys.readouterr().out  # and after each step
    assert game.render() is None  # human mode prints; PettingZoo wants None back
    assert capsys.readouterr().out == game.encoding.text(game.game_state, 0) + "\n"
    game.close()


@pytest.mark.parametrize("make", [mpz.env, mpz.yahtzee_env])
def test_render_test(
    make: Callable[..., mpz.AECGameEnv], capsys: pytest.CaptureFixture[str]
) -> None:
    render_test(make)
    assert capsys.readouterr().out  # the human mode printed


def test_passing_agents_are_truncated_by_default() -> None:
    """Agents that pass whenever they may (R-TURN-4) never place a token, so the game never
    ends by the rules: the default cut-off truncates it after MAX_DECISIONS steps."""
    game = mpz.env()
    assert game.max_steps == MAX_DECISIONS == mpz.yahtzee_env().max_steps
    game.reset(seed=0)
    pass_id = Encoding(mp.Rules.classic()).pass_id
    steps = 0
    while not any(game.truncations.values()) and steps <= MAX_DECISIONS:
        mask = game.observe(game.agent_selection)["action_mask"]
        game.step(pass_id if mask[pass_id] else int(np.flatnonzero(mask)[0]))
        steps += 1
    assert steps == MAX_DECISIONS
    assert all(game.truncations.values())
    assert not any(game.terminations.values())
    assert not game.game_state.is_terminal
    assert set(game.rewards.values()) == {0.0}  # a truncated game gives no reward
    assert mpz.env(max_steps=None).max_steps is None


def test_yahtzee_max_steps_truncates() -> None:
    game = mpz.yahtzee_env(players=2, max_steps=3)
    game.reset(seed=1)
    for _ in range(3):
        assert not any(game.truncations.values())
        game.step(int(np.flatnonzero(game.observe(game.agent_selection)["action_mask"])[0]))
    assert all(game.truncations.values())


def test_an_illegal_id_raises_and_changes_nothing() -> None:
    game = mpz.env()
    game.reset(seed=2)
    before, agent = game.game_state, game.agent_selection
    assert not game.observe(agent)["action_mask"][8]  # keep mask 1 while no dice show
    with pytest.raises(ValueError, match="keep mask 1"):
        game.step(8)
    # R-TURN-4: no pass before the turn's first roll.
    with pytest.raises(mp.IllegalActionError, match="R-TURN-4"):
        game.step(Encoding(mp.Rules.classic()).pass_id)
    assert (game.game_state, game.agent_selection) == (before, agent)
    assert not any(game.terminations.values())
    assert not any(game.truncations.values())
