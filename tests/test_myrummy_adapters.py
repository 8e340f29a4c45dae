"""MyRummy in OpenSpiel, PettingZoo and Gymnasium: the frameworks' own checkers, and no leak.

The checkers ask for a mask at every state, and a MyRummy mask asks the solver, so the runs
are short: OpenSpiel's matches are cut off after 150 decisions, PettingZoo's checks run few
cycles, and the whole matches are played by an eager player that lays as soon as it can.
"""

from __future__ import annotations

import warnings
from collections.abc import Iterator
from typing import Any

import attrs
import numpy as np
import pytest

pyspiel = pytest.importorskip("pyspiel")
gymnasium = pytest.importorskip("gymnasium")
pytest.importorskip("pettingzoo")

from gymnasium.utils.env_checker import check_env  # noqa: E402
from pettingzoo.test import api_test, render_test, seed_test  # noqa: E402

import morpyam.gymnasium as mg  # noqa: E402
import morpyam.myrummy as mr  # noqa: E402
import morpyam.openspiel as mos  # noqa: E402
import morpyam.pettingzoo as mpz  # noqa: E402
from morpyam.encoding import MAX_DECISIONS  # noqa: E402
from morpyam.myrummy.core._tiles import KINDS  # noqa: E402
from morpyam.myrummy.encoding import DRAW, LAY, Encoding, Turn, rules_from  # noqa: E402


@pytest.fixture
def _dict_observations() -> Iterator[None]:
    """api_test advises Box observations for its own envs only (see test_pettingzoo)."""
    with warnings.catch_warnings():
        warnings.filterwarnings("ignore", message="Observation space for each agent probably")
        warnings.filterwarnings("ignore", message="Observation is not a NumPy array")
        yield


def test_openspiel_game_type() -> None:
    game = pyspiel.load_game(mos.MYRUMMY)
    kind = game.get_type()
    assert kind.information == pyspiel.GameType.Information.IMPERFECT_INFORMATION
    assert kind.chance_mode == pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC
    assert kind.utility == pyspiel.GameType.Utility.GENERAL_SUM
    assert kind.provides_information_state_string
    assert (game.num_distinct_actions(), game.max_chance_outcomes()) == (56, 55)
    assert game.max_game_length() == MAX_DECISIONS
    # every tile of the game on one rack, Handrummy doubled: 2 * (4 * 91 + 25) * 2 (R-RUM-END-2)
    assert (game.min_utility(), game.max_utility()) == (-1556.0, 1556.0)


# three and four players: the checker at every player count, in the slow session
THREE_AND_FOUR = [pytest.param(n, marks=pytest.mark.slow) for n in (3, 4)]


@pytest.mark.parametrize("players", [2, *THREE_AND_FOUR])
def test_openspiel_random_sim_test(players: int) -> None:
    # R-RUM-SET-2, R-RUM-TURN-1: the lot, the deal, draws and lays through ids; the match is
    # cut off after 150 decisions (a whole random match asks the solver for ~900 masks)
    game = pyspiel.load_game(mos.MYRUMMY, {"players": players, "max_game_length": 150})
    assert game.num_players() == players
    assert game.max_chance_outcomes() == KINDS + players  # the tiles, then the lot's seats
    pyspiel.random_sim_test(game, num_sims=1, serialize=False, verbose=False)


@pytest.mark.slow
@pytest.mark.parametrize("players", [2, 3])
def test_openspiel_random_sim_test_plays_whole_matches(players: int) -> None:
    # R-RUM-END-1, R-RUM-END-3: OpenSpiel's checker with its defaults plays a whole match of
    # the classic rules through every mask, to its end (its random ids are seeded)
    game = pyspiel.load_game(mos.MYRUMMY, {"players": players})
    pyspiel.random_sim_test(game, num_sims=1, serialize=False, verbose=False)


def test_openspiel_chance_is_exact_and_the_knobs_reach_the_rules() -> None:
    game = pyspiel.load_game(
        mos.MYRUMMY,
        {"rules": "rummikub", "players": 3, "rounds": 2, "rack_size": 10, "opening_points": 25},
    )
    rules = game.encoding.rules
    assert (rules.players, rules.rounds, rules.rack_size, rules.opening_points) == (3, 2, 10, 25)
    assert rules.min_stay is None  # the rummikub preset
    assert not rules.handrummy
    assert pyspiel.load_game(mos.MYRUMMY, {"min_stay": 0}).encoding.rules.min_stay is None
    assert pyspiel.load_game(mos.MYRUMMY, {"min_stay": 4}).encoding.rules.min_stay == 4
    assert pyspiel.load_game(mos.MYRUMMY).encoding.rules == mr.Rules.classic()
    state = game.new_initial_state()
    # R-RUM-SET-2: the lot names the first player with equal odds (chance ids 53 + seat)
    assert state.chance_outcomes() == [(KINDS + seat, 1 / 3) for seat in range(3)]
    state.apply_action(KINDS)
    # then the first tile dealt: 52 kinds twice and two jokers of 106 tiles, 1/53 each
    outcomes = state.chance_outcomes()
    assert [index for index, _ in outcomes] == list(range(KINDS))
    assert all(share == pytest.approx(2 / 106) for _, share in outcomes)
    with pytest.raises(ValueError, match="rules must be one of"):
        pyspiel.load_game(mos.MYRUMMY, {"rules": "official"})
    with pytest.raises(ValueError, match="R-RUM-SET-1"):
        pyspiel.load_game(mos.MYRUMMY, {"players": 5})


def _deal(game: Any, tile_for_one: int) -> Any:
    """A 2-player OpenSpiel match dealt up to player 0's first decision: player 0 starts, every
    tile dealt is the lowest kind left, except that player 1's first tile is ``tile_for_one``."""
    state = game.new_initial_state()
    state.apply_action(KINDS)  # the lot: player 0 starts
    given = False
    while state.is_chance_node():
        receiving = state.game_state.state.player
        ids = [index for index, _ in state.chance_outcomes()]
        if receiving == 1 and not given:
            assert tile_for_one in ids
            state.apply_action(tile_for_one)
            given = True
        else:
            state.apply_action(ids[0])
    return state


def test_no_leak_another_players_rack_changes_nothing_a_player_sees() -> None:
    # R-RUM-SET-2: racks are face down; only what a player saw enters their view
    game = pyspiel.load_game(mos.MYRUMMY)
    one = _deal(game, tile_for_one=40)
    other = _deal(game, tile_for_one=41)
    assert one.current_player() == other.current_player() == 0
    assert one.game_state.state.racks[1] != other.game_state.state.racks[1]
    assert one.game_state.state.racks[0] == other.game_state.state.racks[0]
    for first, second in [(one, other), (_after(one, DRAW), _after(other, DRAW))]:
        assert first.information_state_string(0) == second.information_state_string(0)
        assert first.observation_string(0) == second.observation_string(0)
        assert first.observation_tensor(0) == second.observation_tensor(0)
        # player 1 does tell them apart: the test can fail
        assert first.information_state_string(1) != second.information_state_string(1)
        assert first.observation_tensor(1) != second.observation_tensor(1)
    encoding = game.encoding
    env_views = [encoding.observation(state.game_state, 0) for state in (one, other)]
    np.testing.assert_array_equal(*env_views)  # what PettingZoo and Gymnasium hand seat 0


def _after(state: Any, action: int) -> Any:
    after = state.child(action)
    while after.is_chance_node():
        after.apply_action(after.chance_outcomes()[0][0])
    return after


def test_no_leak_at_any_position() -> None:
    # R-RUM-SET-2: two positions that differ only in player 1's rack look the same to player 0
    encoding = Encoding(mr.Rules.classic())
    table = [mr.parse_meld("[gn5 gn6 gn7]")]
    one, other = (
        Turn(mr.position(encoding.rules, racks=[mr.parse_tiles("gn8 bk9"), mr.parse_tiles(r)],
                         table=table, opened=[0]))
        for r in ("pu1 pu2", "J bk13")
    )  # fmt: skip
    assert encoding.information_state(one, 0) == encoding.information_state(other, 0)
    assert encoding.text(one, 0) == encoding.text(other, 0)
    np.testing.assert_array_equal(encoding.observation(one, 0), encoding.observation(other, 0))
    assert encoding.text(one, 1) != encoding.text(other, 1)


@pytest.mark.usefixtures("_dict_observations")
@pytest.mark.parametrize("players", [2, *THREE_AND_FOUR])
def test_pettingzoo_api_and_seed_tests(players: int) -> None:
    api_test(mpz.myrummy_env(players=players), num_cycles=40)
    seed_test(lambda: mpz.myrummy_env(players=players), num_cycles=15)


@pytest.mark.usefixtures("_dict_observations")
def test_pettingzoo_render_test(capsys: pytest.CaptureFixture[str]) -> None:
    render_test(mpz.myrummy_env)
    assert "rack" in capsys.readouterr().out  # the human mode printed player 0's view


def _eager(mask: Any) -> int:
    """Lay as soon as the tiles chosen can be laid, else choose the lowest tile, else draw or
    pass: a quick player (a whole random match asks the solver for ~900 masks)."""
    legal = np.flatnonzero(mask)
    return LAY if mask[LAY] else int(legal[0])


def test_pettingzoo_plays_a_match_to_its_points() -> None:
    # R-RUM-END-2: the rewards of a match add up to its totals, per agent
    game = mpz.myrummy_env(players=2)
    game.reset(seed=4)
    totals = dict.fromkeys(game.possible_agents, 0.0)
    for agent in game.agent_iter():
        _, reward, terminated, truncated, _ = game.last()
        totals[agent] += reward
        if terminated or truncated:
            game.step(None)
            continue
        mask = game.observe(agent)["action_mask"]
        chosen = game.game_state.chosen
        # a draw or a pass, never both (R-RUM-END-3), and only before a tile is chosen
        assert mask[LAY + 1 :].sum() == (0 if any(chosen) else 1)
        game.step(_eager(mask))
    assert game.game_state.is_terminal
    assert tuple(totals.values()) == game.encoding.returns(game.game_state)
    assert sum(map(abs, totals.values())) > 0  # someone scored


@pytest.mark.parametrize("players", [2, 3, 4])
def test_gymnasium_check_env(players: int) -> None:
    check_env(gymnasium.make(mg.MYRUMMY_ID, players=players, seat=players - 1).unwrapped)


def test_gymnasium_check_env_against_greedy_with_ansi() -> None:
    env = gymnasium.make(mg.MYRUMMY_ID, opponent="greedy", render_mode="ansi")
    check_env(env.unwrapped)
    env.reset(seed=2)
    assert "rack" in env.render()


@pytest.mark.parametrize("opponent", ["random", "greedy"])
def test_gymnasium_match_against_the_opponents(opponent: str) -> None:
    # R-RUM-END-2, R-RUM-MATCH-1: the reward at the end of the match is the agent's total.
    # Racks of 10 keep the table small: late in a random match on a big table one mask may
    # take the solver seconds to minutes, which belongs to the solver's own benchmarks.
    rules = attrs.evolve(mr.Rules.classic(), rack_size=10)
    env = mg.MyRummyEnv(rules, players=2, opponent=opponent, seat=1)
    _, info = env.reset(seed=5)
    total, terminated, truncated = 0.0, False, False
    while not (terminated or truncated):
        action = _eager(info["action_mask"])
        _, reward, terminated, truncated, info = env.step(action)
        total += float(reward)
    assert terminated
    assert not truncated
    assert total == env.game_state.state.totals[1]
    totals = env.game_state.state.totals
    assert totals[0] == -total or max(totals) <= 0  # zero-sum, or a tie of lowest racks


def test_gymnasium_cut_off_truncates() -> None:
    env = mg.MyRummyEnv(max_decisions=5)
    env.reset(seed=1)
    truncated = terminated = False
    steps = 0
    while not (terminated or truncated):
        _, reward, terminated, truncated, _ = env.step(DRAW)
        steps += 1
    assert truncated
    assert not terminated
    assert reward == 0.0
    assert steps <= 5


def test_the_options_are_checked() -> None:
    with pytest.raises(ValueError, match="opponent must be one of random, greedy"):
        mg.MyRummyEnv(opponent="odds")
    with pytest.raises(ValueError, match="rules must be a MyRummy Rules or one of"):
        mpz.myrummy_env("classicc")
    with pytest.raises(ValueError, match="a preset name or None"):
        rules_from(3)  # type: ignore[arg-type]
    assert rules_from(None, 3) == mr.Rules.classic(3)
    rules = mr.Rules.rummikub(4)
    assert rules_from(rules) is rules


@pytest.mark.usefixtures("_dict_observations")
@pytest.mark.parametrize("preset", ["mini", "midi"])
def test_the_frameworks_checkers_pass_on_the_small_sets(preset: str) -> None:
    # R-RUM-SET-1: the ids, chance outcomes and observations are sized by the preset's set
    game = pyspiel.load_game(mos.MYRUMMY, {"rules": preset})
    rules = mr.PRESETS[preset](2)
    kinds = sum(1 for count in rules.full_pool if count)
    assert game.num_distinct_actions() == kinds + 3
    assert game.max_chance_outcomes() == kinds + 2
    pyspiel.random_sim_test(game, num_sims=3, serialize=False, verbose=False)
    check_env(gymnasium.make(mg.MYRUMMY_ID, rules=preset, opponent="greedy").unwrapped)
    api_test(mpz.myrummy_env(rules=preset), num_cycles=40)


def test_a_reset_starts_at_a_decision_even_when_the_bot_could_win_at_once() -> None:
    # R-RUM-END-1: with racks of three, the greedy opponent often lays its rack in its first
    # turn; such a game is dealt again, so every episode starts with a legal id to choose
    env = gymnasium.make(mg.MYRUMMY_ID, rules="mini", opponent="greedy")
    rng = np.random.default_rng(0)
    for seed in range(60):
        _, info = env.reset(seed=seed)
        assert info["action_mask"].any()
        env.step(int(rng.choice(np.flatnonzero(info["action_mask"]))))
