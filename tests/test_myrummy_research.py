"""MyRummy for information-set search in OpenSpiel: resampling, ISMCTS, cut-off returns, refusals."""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

import numpy as np
import pytest

pyspiel = pytest.importorskip("pyspiel")

import morpyam.myrummy as mr  # noqa: E402
import morpyam.openspiel as mos  # noqa: E402
from morpyam.myrummy.core._tiles import tiles_text  # noqa: E402
from morpyam.myrummy.encoding import Choose, EncodedState, Encoding  # noqa: E402

SMALL = {"rack_size": 6, "opening_points": 10, "max_game_length": 40}


def _tile_counts(state: mr.State) -> Counter[str]:
    """Every tile of the match by name: racks, table and pool together."""
    tiles: Counter[str] = Counter()
    for rack in state.racks:
        tiles.update(map(str, rack))
    for meld in state.table:
        tiles.update(map(str, meld.tiles))
    for tile in mr.TILES:
        tiles[str(tile)] += state.pool[tile.index]
    return tiles


def _random_decision(game: Any, seed: int, decisions: int) -> Any:
    """A state of a seeded random match after ``decisions`` player decisions (or its end)."""
    rng = random.Random(seed)
    state = game.new_initial_state()
    made = 0
    while not state.is_terminal():
        if state.is_chance_node():
            ids, shares = zip(*state.chance_outcomes())
            state.apply_action(rng.choices(ids, shares)[0])
        elif made == decisions:
            break
        else:
            state.apply_action(rng.choice(state.legal_actions()))
            made += 1
    return state


@pytest.mark.parametrize("seed", range(6))
def test_a_resampled_state_keeps_the_information_state_and_the_tiles(seed: int) -> None:
    # R-RUM-SET-2: racks are face down; a resample deals only what the player cannot see
    game = pyspiel.load_game(mos.MYRUMMY, SMALL)
    state = _random_decision(game, seed, decisions=3 + seed)
    assert not state.is_terminal()
    before = state.game_state.state
    full = Counter({str(tile): 2 for tile in mr.TILES[:-1]} | {"J": 2})
    assert _tile_counts(before) == full  # 4 colours x 13 values x 2, and 2 jokers (R-RUM-SET-1)
    for player in range(game.num_players()):
        other = 1 - player
        racks_seen = set()
        for draw in range(8):
            sampler = pyspiel.UniformProbabilitySampler(0.0, 1.0)
            resampled = state.resample_from_infostate(player, sampler)
            after = resampled.game_state.state
            assert resampled.information_state_string(player) == (
                state.information_state_string(player)
            ), draw
            assert resampled.observation_tensor(player) == state.observation_tensor(player)
            assert after.racks[player] == before.racks[player]
            assert len(after.racks[other]) == len(before.racks[other])
            assert after.table == before.table
            assert _tile_counts(after) == full
            if player == state.current_player():
                assert resampled.legal_actions() == state.legal_actions()
            racks_seen.add(after.racks[other])
        # the hidden rack is dealt afresh: eight draws of six or more tiles from ~90 repeat rarely
        assert len(racks_seen) > 1
    assert state.game_state.state == before  # the state resampled from is unchanged
    with pytest.raises(ValueError, match="seat 0 to 1"):
        state.resample_from_infostate(2, pyspiel.UniformProbabilitySampler(0.0, 1.0))


def test_a_seeded_sampler_resamples_the_same_state() -> None:
    game = pyspiel.load_game(mos.MYRUMMY, SMALL)
    state = _random_decision(game, 1, decisions=2)
    player = state.current_player()
    draws = [
        state.resample_from_infostate(1 - player, pyspiel.UniformProbabilitySampler(seed, 0.0, 1.0))
        for seed in (7, 7, 8)
    ]
    views = [draw.game_state.state for draw in draws]
    assert views[0] == views[1]
    assert views[0] != views[2]


def test_tiles_another_player_chose_are_not_kept_in_a_resample() -> None:
    # the others' chosen tiles are not seen (information_state); the resample has none chosen
    encoding = Encoding(mr.Rules.classic())
    state = mr.position(
        encoding.rules, racks=[mr.parse_tiles("gn10 gn11 gn12 bk9"), mr.parse_tiles("pu1 pu2")]
    )
    turn = encoding.apply(EncodedState(state), Choose(mr.parse_tile("gn10")))
    assert any(turn.chosen)
    for_other = encoding.resample(turn, 1, random.Random(0))
    assert not any(for_other.chosen)
    assert encoding.information_state(for_other, 1) == encoding.information_state(turn, 1)
    for_mover = encoding.resample(turn, 0, random.Random(0))
    assert for_mover.chosen == turn.chosen
    assert encoding.information_state(for_mover, 0) == encoding.information_state(turn, 0)
    with pytest.raises(ValueError, match="seat 0 to 1"):
        encoding.resample(turn, 2, random.Random(0))
    with pytest.raises(ValueError, match=r"random\.Random"):
        encoding.resample(turn, 1, 3)  # type: ignore[arg-type]


def test_ismcts_plays_myrummy_as_shipped() -> None:
    ismcts = pytest.importorskip("open_spiel.python.algorithms.ismcts")
    mcts = pytest.importorskip("open_spiel.python.algorithms.mcts")
    game = pyspiel.load_game(mos.MYRUMMY, SMALL)
    evaluator = mcts.RandomRolloutEvaluator(1, np.random.RandomState(1))
    bot = ismcts.ISMCTSBot(game, evaluator, 2.0, 4, random_state=np.random.RandomState(2))
    state = _random_decision(game, 3, decisions=0)
    for _ in range(3):
        action = bot.step(state)
        assert action in state.legal_actions()
        state.apply_action(action)
        while state.is_chance_node():
            state.apply_action(state.chance_outcomes()[0][0])


def test_a_cut_off_match_scores_the_round_as_blocked() -> None:
    # R-RUM-END-3 with R-RUM-END-2: the lowest rack wins the others' points; a tie scores minus
    rules = mr.Rules.classic()
    low = mr.position(rules, racks=[mr.parse_tiles("gn5 bk2"), mr.parse_tiles("J bk3")])
    assert mr.scores_if_blocked(low) == (25 + 3, -(25 + 3))
    tie = mr.position(rules, racks=[mr.parse_tiles("gn5 bk2"), mr.parse_tiles("pu7")])
    assert mr.scores_if_blocked(tie) == (-7, -7)
    assert Encoding(rules).returns(EncodedState(low)) == (28.0, -28.0)
    assert mr.scores(low) == (0, 0)  # the rounds finished: none
    game = pyspiel.load_game(mos.MYRUMMY, {"max_game_length": 1})
    state = _random_decision(game, 0, decisions=0)
    state.apply_action(state.legal_actions()[-1])  # the first decision: a draw
    while state.is_chance_node():
        state.apply_action(state.chance_outcomes()[0][0])
    assert state.is_terminal()
    points = [mr.rack_points(rules, rack) for rack in state.game_state.state.racks]
    winner = points.index(min(points))
    assert points.count(min(points)) == 1
    expected = [-value for value in points]
    expected[winner] = sum(points) - points[winner]
    assert state.returns() == expected


def test_ids_openspiel_would_refuse_are_value_errors() -> None:
    game = pyspiel.load_game(mos.MYRUMMY, SMALL)
    state = _random_decision(game, 0, decisions=0)
    before = str(state)
    for action in (-1, 99, 1.5, True, "3"):
        with pytest.raises(ValueError, match=r"whole number from 0|out of range"):
            state.apply_action(action)
    with pytest.raises(mr.IllegalActionError, match="R-RUM-TURN-1"):
        state.apply_action(55)  # a pass with tiles left in the pool
    state.apply_action(np.int64(state.legal_actions()[0]))  # NumPy's ints are ids too
    assert str(state) != before


def test_the_information_state_tensor_is_sized_by_the_cut_off() -> None:
    # mini: 10 tiles; a match cut off after 50 decisions sees at most the lot, 10 tiles dealt
    # or drawn and 50 decisions: 61 rows of 2 seats + 6 kinds of event + 10 tile ids
    game = pyspiel.load_game(mos.MYRUMMY, {"rules": "mini", "max_game_length": 50})
    assert game.get_type().provides_information_state_tensor
    assert game.information_state_tensor_size() == game.observation_tensor_size() + 61 * 18
    assert game.information_state_tensor_shape() == [game.information_state_tensor_size()]
    pyspiel.random_sim_test(game, num_sims=3, serialize=False, verbose=False)


@pytest.mark.parametrize("rules", ["mini", "classic"])
def test_the_information_state_tensor_is_a_key_of_the_information_state(rules: str) -> None:
    # equal information states give equal tensors (a resample's too), different ones differ
    game = pyspiel.load_game(mos.MYRUMMY, {"rules": rules, "max_game_length": 60})
    keys: dict[tuple[int, bytes], str] = {}
    for seed in range(3 if rules == "mini" else 1):
        for number, state in enumerate(_states_along(game, seed, 2, 25)):
            for player in range(2):
                tensor = np.asarray(state.information_state_tensor(player), np.float32)
                string = state.information_state_string(player)
                assert keys.setdefault((player, tensor.tobytes()), string) == string
                sampler = pyspiel.UniformProbabilitySampler(number, 0.0, 1.0)
                other = state.resample_from_infostate(player, sampler)
                assert np.array_equal(other.information_state_tensor(player), tensor)
    assert len(set(keys.values())) == len(keys) > 40


def test_scaled_returns_divide_the_points_by_their_bound() -> None:
    # mini: 3 colours of 1 to 3 and a joker of 5 on one rack, Handrummy doubled: 2 * 23 = 46
    points = pyspiel.load_game(mos.MYRUMMY, {"rules": "mini"})
    scaled = pyspiel.load_game(mos.MYRUMMY, {"rules": "mini", "returns": "scaled"})
    assert (points.min_utility(), points.max_utility()) == (-46.0, 46.0)
    assert (scaled.min_utility(), scaled.max_utility()) == (-1.0, 1.0)
    totals = []
    for seed in range(5):
        ends = [_random_decision(game, seed, decisions=10_000) for game in (points, scaled)]
        assert ends[0].history() == ends[1].history()
        totals += ends[0].returns()
        assert ends[1].returns() == pytest.approx([total / 46 for total in ends[0].returns()])
    assert any(totals)
    with pytest.raises(ValueError, match="returns_unit is one of points, scaled"):
        pyspiel.load_game(mos.MYRUMMY, {"returns": "wins"})


def test_a_game_of_perfect_information_resamples_to_itself() -> None:
    game = pyspiel.load_game(mos.MORPYAM)
    state = game.new_initial_state()
    state.apply_action(state.chance_outcomes()[0][0])
    again = state.resample_from_infostate(0, pyspiel.UniformProbabilitySampler(0.0, 1.0))
    assert str(again) == str(state)
    assert again.game_state == state.game_state


def _full(rules: mr.Rules) -> Counter[str]:
    return Counter({str(tile): count for tile, count in zip(mr.TILES, rules.full_pool) if count})


@pytest.mark.parametrize("preset", ["mini", "midi"])
@pytest.mark.parametrize("seed", range(4))
def test_resampling_on_the_small_sets_keeps_the_information_state(preset: str, seed: int) -> None:
    # R-RUM-SET-1, R-RUM-SET-2: a resample deals the unseen tiles of the preset's own set
    game = pyspiel.load_game(mos.MYRUMMY, {"rules": preset})
    state = _random_decision(game, seed, decisions=2 + seed)
    if state.is_terminal():
        return
    rules = state.game_state.state.rules
    assert _tile_counts(state.game_state.state) == _full(rules)
    for player in range(game.num_players()):
        for draw in range(4):
            sampler = pyspiel.UniformProbabilitySampler(draw, 0.0, 1.0)
            resampled = state.resample_from_infostate(player, sampler)
            after = resampled.game_state.state
            assert resampled.information_state_string(player) == (
                state.information_state_string(player)
            )
            assert after.racks[player] == state.game_state.state.racks[player]
            assert _tile_counts(after) == _full(rules)
            if player == state.current_player():
                assert resampled.legal_actions() == state.legal_actions()


def test_ismcts_plays_whole_matches_of_the_mini_set() -> None:
    # R-RUM-END-1 / R-RUM-END-3: matches of the ten-tile set end, under the search as shipped
    ismcts = pytest.importorskip("open_spiel.python.algorithms.ismcts")
    mcts = pytest.importorskip("open_spiel.python.algorithms.mcts")
    game = pyspiel.load_game(mos.MYRUMMY, {"rules": "mini"})
    assert game.num_distinct_actions() == 10 + 3  # 3 colours x 3 values and the joker, then 3
    evaluator = mcts.RandomRolloutEvaluator(1, np.random.RandomState(1))
    bot = ismcts.ISMCTSBot(game, evaluator, 2.0, 10, random_state=np.random.RandomState(2))
    rng = random.Random(3)
    for _ in range(2):
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                ids, shares = zip(*state.chance_outcomes())
                state.apply_action(rng.choices(ids, shares)[0])
            elif state.current_player() == 0:
                action = bot.step(state)
                assert action in state.legal_actions()
                state.apply_action(action)
            else:
                state.apply_action(rng.choice(state.legal_actions()))
        assert state.game_state.state.is_terminal  # ended by the rules, not the cut-off
        assert sum(state.returns()) <= 0  # R-RUM-END-2: the winner takes the others' minus


def test_outcome_sampling_mccfr_runs_on_the_mini_set() -> None:
    # OpenSpiel's MCCFR walks sampled paths of the ten-tile game; its policy is a distribution
    mccfr = pytest.importorskip("open_spiel.python.algorithms.outcome_sampling_mccfr")
    game = pyspiel.load_game(mos.MYRUMMY, {"rules": "mini"})
    np.random.seed(4)
    solver = mccfr.OutcomeSamplingSolver(game)
    for _ in range(60):
        solver.iteration()
    assert len(solver._infostates) > 60  # every path meets new information states
    policy = solver.average_policy()
    state = _random_decision(game, 5, decisions=0)
    probabilities = policy.action_probabilities(state)
    assert set(probabilities) == set(state.legal_actions())
    assert sum(probabilities.values()) == pytest.approx(1.0)


def _states_along(game: Any, seed: int, every: int, most: int) -> list[Any]:
    """States of one seeded random match at every ``every``-th step, chance included, up to
    ``most`` of them: positions of every depth, mid-deal and mid-turn among them."""
    rng = random.Random(seed)
    state = game.new_initial_state()
    found: list[Any] = []
    step = 0
    while not state.is_terminal() and len(found) < most:
        if step % every == every - 1:
            found.append(state.clone())
        if state.is_chance_node():
            ids, shares = zip(*state.chance_outcomes())
            state.apply_action(rng.choices(ids, shares)[0])
        else:
            state.apply_action(rng.choice(state.legal_actions()))
        step += 1
    return found


def _named_less_laid(information_state: str, seat: int) -> Counter[str]:
    """The tiles ``seat``'s own information state names as drawn, less those they laid, where
    that is more than nothing (R-RUM-SET-2: a player sees their own draws; R-RUM-RE-3: laid
    tiles stay on the table; the deal is named by the rack alone)."""
    held: Counter[str] = Counter()
    for line in information_state.splitlines():
        if line.startswith(f"{seat} gets ") and line != f"{seat} gets a tile":
            held[line.removeprefix(f"{seat} gets ")] += 1
        elif line.startswith(f"{seat} lays "):
            held.subtract(line.removeprefix(f"{seat} lays ").split())
    return +held


def _check_resamples_leak_nothing(game: Any, states: list[Any], seed: int) -> int:
    """Resample each state for each player; check it against a replay of its own history."""
    checked = 0
    for number, state in enumerate(states):
        for player in range(game.num_players()):
            sampler = pyspiel.UniformProbabilitySampler(seed * 1000 + number, 0.0, 1.0)
            resampled = state.resample_from_infostate(player, sampler)
            assert resampled.information_state_string(player) == (
                state.information_state_string(player)
            )
            replay = game.new_initial_state()
            for action in resampled.history():
                replay.apply_action(action)  # every id checked legal on the way
            assert replay.game_state == resampled.game_state
            assert replay.history() == resampled.history()
            after = resampled.game_state.state
            for seat in range(game.num_players()):
                seen = resampled.information_state_string(seat)
                assert seen == replay.information_state_string(seat)
                assert resampled.observation_tensor(seat) == replay.observation_tensor(seat)
                # the tiles each player's history says they drew and kept are on the rack
                # resampled
                rack = Counter(map(str, after.racks[seat]))
                if after.round == 0:  # the log names the draws of every round
                    assert _named_less_laid(seen, seat) <= rack
                assert f"rack {tiles_text(after.racks[seat])};" in seen
            checked += 1
    return checked


def test_a_resampled_state_leaks_nothing_of_the_tiles_dealt_afresh() -> None:
    # R-RUM-SET-2: every player's history of a resample holds the tiles dealt afresh; with
    # three players and two rounds too (R-RUM-MATCH-1: the rounds played are kept as dealt)
    for params, seeds in (
        ({"rules": "mini"}, range(4)),
        ({"rules": "mini", "players": 3, "rounds": 2}, range(2)),
        ({"rules": "classic"}, range(1)),
        ({"rules": "tiny", "deal": "rack"}, range(4)),  # each rack dealt whole
        ({"rules": "mini", "deal": "rack", "players": 3, "rounds": 2}, range(2)),
    ):
        game = pyspiel.load_game(mos.MYRUMMY, params)
        checked = sum(
            _check_resamples_leak_nothing(game, _states_along(game, seed, 3, 8), seed)
            for seed in seeds
        )
        assert checked >= 12


@pytest.mark.slow
@pytest.mark.parametrize(("rules", "every"), [("mini", 1), ("classic", 6)])
def test_resampled_states_of_every_depth_leak_nothing(rules: str, every: int) -> None:
    # R-RUM-SET-2 over 200 states and more, from the deal to late in a match
    game = pyspiel.load_game(mos.MYRUMMY, {"rules": rules})
    states = [
        state
        for seed in range(20)
        for state in _states_along(game, 100 + seed, every + seed % 4, 12)
    ]
    assert len(states) >= 100
    depths = {len(state.history()) for state in states}
    assert max(depths) >= 4 * min(depths) + 20  # from the deal to later turns
    assert _check_resamples_leak_nothing(game, states, 7) >= 200


def test_a_resample_no_longer_names_the_true_tiles_of_another_player() -> None:
    # the other player's information state in a resample names the rack dealt afresh
    game = pyspiel.load_game(mos.MYRUMMY, {"rules": "classic"})
    state = _random_decision(game, 2, decisions=4)
    truth = state.game_state.state.racks[1]
    differ = 0
    for draw in range(5):
        resampled = state.resample_from_infostate(
            0, pyspiel.UniformProbabilitySampler(draw, 0.0, 1.0)
        )
        rack = resampled.game_state.state.racks[1]
        seen = resampled.information_state_string(1)
        assert _named_less_laid(seen, 1) <= Counter(map(str, rack))
        assert f"rack {tiles_text(rack)};" in seen
        differ += rack != truth
    assert differ >= 4  # fourteen tiles or more from about ninety: a repeat is rare


def test_ismcts_with_a_seeded_resampler_plays_the_same_again() -> None:
    ismcts = pytest.importorskip("open_spiel.python.algorithms.ismcts")
    mcts = pytest.importorskip("open_spiel.python.algorithms.mcts")
    game = pyspiel.load_game(mos.MYRUMMY, {"rules": "mini"})

    def match() -> list[int]:
        evaluator = mcts.RandomRolloutEvaluator(1, np.random.RandomState(1))
        bot = ismcts.ISMCTSBot(game, evaluator, 2.0, 8, random_state=np.random.RandomState(2))
        resampling = random.Random(3)
        bot.set_resampler(
            lambda state, player: state.resample_from_infostate(player, resampling.random)
        )
        rng = random.Random(4)
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                ids, shares = zip(*state.chance_outcomes())
                state.apply_action(rng.choices(ids, shares)[0])
            else:
                state.apply_action(bot.step(state))
        return list(state.history())

    first = match()
    assert len(first) > 12  # the lot, a deal of six tiles and the decisions after
    assert match() == first


def test_zero_sum_returns_add_up_to_zero_blocked_tied_or_cut_off() -> None:
    # R-RUM-END-2, R-RUM-END-3: each total less the mean; with two players half the difference
    zero_sum = {"rules": "mini", "jokers": 0, "returns": "zero_sum"}
    game = pyspiel.load_game(mos.MYRUMMY, zero_sum)
    points = pyspiel.load_game(mos.MYRUMMY, {"rules": "mini", "jokers": 0})
    assert game.get_type().utility == pyspiel.GameType.Utility.ZERO_SUM
    assert game.num_distinct_actions() == 9 + 3  # nine plain tiles, lay, draw, pass
    # the nine tiles 1 to 3 in three colours on one rack, 18 points, Handrummy doubled: 36
    assert (points.min_utility(), points.max_utility()) == (-36.0, 36.0)
    assert (game.min_utility(), game.max_utility()) == (-36.0, 36.0)
    for cut in (3, 3000):
        pair = [
            pyspiel.load_game(mos.MYRUMMY, {**params, "max_game_length": cut})
            for params in (zero_sum, {"rules": "mini", "jokers": 0})
        ]
        for seed in range(30):
            zero, totals = (_random_decision(one, seed, decisions=10_000) for one in pair)
            assert zero.is_terminal()
            assert zero.history() == totals.history()
            first, second = totals.returns()
            assert zero.returns() == [(first - second) / 2, (second - first) / 2]
