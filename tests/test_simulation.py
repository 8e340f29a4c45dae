"""Simulation (morpyam.simulation): reproducible for a seed whatever the executor."""

from __future__ import annotations

import random
from collections import Counter
from concurrent.futures import ProcessPoolExecutor, ThreadPoolExecutor

import pytest

import morpyam as mp
from morpyam.bots import Bot, GreedyBot, OddsBot, RandomBot, UnknownBotError
from morpyam.simulation import (
    SimulationError,
    SimulationResult,
    simulate,
    simulate_game,
    wilson_interval,
)

CLASSIC = mp.Rules.classic()


def test_the_same_seed_gives_the_same_games() -> None:
    first = simulate(CLASSIC, ["greedy", "random"], games=6, seed=3)
    again = simulate(CLASSIC, [GreedyBot(), RandomBot()], games=6, seed=3)
    assert first == again
    other = simulate(CLASSIC, ["greedy", "random"], games=6, seed=4)
    assert [g.scores for g in other.results] != [g.scores for g in first.results]


def test_results_do_not_depend_on_the_executor_or_the_chunks() -> None:
    bots: list[Bot] = [OddsBot(), GreedyBot(), RandomBot()]
    rules = mp.Rules.classic(3)
    alone = simulate(rules, bots, games=7, seed=9)
    assert simulate(rules, bots, games=7, seed=9, chunk=1) == alone
    assert simulate(rules, bots, games=7, seed=9, chunk=3) == alone
    with ThreadPoolExecutor(max_workers=3) as threads:
        assert simulate(rules, bots, games=7, seed=9, executor=threads, chunk=2) == alone
    with ProcessPoolExecutor(max_workers=2) as processes:
        assert simulate(rules, bots, games=7, seed=9, executor=processes, chunk=2) == alone


def test_the_first_player_goes_round_the_table() -> None:
    rules = mp.Rules.classic(3)
    rotating = simulate(rules, ["random"] * 3, games=6, seed=1)
    assert [g.first_player for g in rotating.results] == [0, 1, 2, 0, 1, 2]
    assert [g.number for g in rotating.results] == list(range(6))
    # R-SET-3: without rotation the start roll decides
    rolled = simulate(rules, ["greedy"] * 3, games=12, seed=1, rotate=False)
    assert len({g.first_player for g in rolled.results}) > 1


def test_the_summaries_add_up() -> None:
    result = simulate(mp.Rules.classic(3), ["odds", "greedy", "random"], games=8, seed=2)
    assert result.games == 8
    assert result.bots == ("odds", "greedy", "random")
    assert sum(result.wins) + sum(1 for g in result.results if len(g.winners) > 1) == result.games
    assert result.win_rates == tuple(w / 8 for w in result.wins)
    for seat in range(3):
        low, high = result.win_interval(seat)
        assert low <= result.win_rates[seat] <= high
        assert result.mean_points[seat] == sum(g.scores[seat] for g in result.results) / 8
    assert result.mean_turns == sum(g.turns for g in result.results) / 8
    assert sum(result.end_rules.values()) == 8
    assert set(result.end_rules) <= {"R-END-1", "R-END-2", "R-MOR-3"}
    # every token placed is counted once by label and once by cell, under the cell's label
    labels = result.label_counts()
    cells = result.cell_counts()
    assert sum(labels.values()) == sum(cells.values()) > 0
    by_label: Counter[mp.Label] = Counter()
    for cell, count in cells.items():
        by_label[CLASSIC.layout[cell]] += count
    assert by_label == labels
    assert Counter(result.label_counts(0)) + Counter(result.label_counts(1)) + Counter(
        result.label_counts(2)
    ) == Counter(labels)
    text = result.summary()
    assert "8 games, 3 players, seed 2" in text
    assert "odds" in text
    assert "95% interval" in text


def test_progress_is_reported_until_the_end() -> None:
    seen: list[tuple[int, int]] = []
    simulate(
        CLASSIC, ["greedy", "greedy"], games=5, seed=1, chunk=2, progress=lambda *a: seen.append(a)
    )
    assert seen == [(2, 5), (4, 5), (5, 5)]


def test_wilson_interval_closed_forms() -> None:
    z = 1.959963984540054
    # no success in n trials: the upper bound is z²/(n + z²); all successes: n/(n + z²)
    assert wilson_interval(0, 10) == pytest.approx((0.0, z * z / (10 + z * z)))
    assert wilson_interval(10, 10) == pytest.approx((10 / (10 + z * z), 1.0))
    low, high = wilson_interval(50, 100)
    assert low == pytest.approx(1 - high)
    with pytest.raises(SimulationError):
        wilson_interval(3, 2)
    with pytest.raises(SimulationError):
        wilson_interval(0, 0)


@pytest.mark.parametrize(
    ("successes", "trials", "z"),
    [(1.5, 3, 1.96), ("1", 3, 1.96), (1, 3.0, 1.96), (True, 3, 1.96), (1, None, 1.96)]
    + [(5, 10, z) for z in (-2, 0, float("inf"), float("nan"), "2", None)],
)
def test_wilson_interval_refuses_bad_numbers(successes: object, trials: object, z: object) -> None:
    # whole counts only, and z > 0: a negative z used to give an inverted interval
    with pytest.raises(SimulationError):
        wilson_interval(successes, trials, z)  # type: ignore[arg-type]


class Illegal:
    """A bot that always places on a1, legal or not."""

    name = "illegal"

    def choose(self, state: mp.State, rng: random.Random) -> mp.Action:
        return mp.Place("a1")


class Stubborn:
    """A bot that rolls once and then passes whenever it may: the game can last forever."""

    def choose(self, state: mp.State, rng: random.Random) -> mp.Action:
        legal = mp.legal_actions(state)
        if mp.Pass() in legal:
            return mp.Pass()
        places = [a for a in legal if isinstance(a, mp.Place)]
        return places[0] if places else legal[-1] if state.setup else legal[0]


def test_bad_simulations_are_refused() -> None:
    assert issubclass(SimulationError, ValueError)
    with pytest.raises(SimulationError, match="games must be an int >= 1"):
        simulate(CLASSIC, ["random", "random"], games=0, seed=1)
    with pytest.raises(SimulationError, match="2 players need 2 bots, got 3"):
        simulate(CLASSIC, ["random"] * 3, games=1, seed=1)
    with pytest.raises(UnknownBotError, match="unknown bot 'perfect'"):
        simulate(CLASSIC, ["random", "perfect"], games=1, seed=1)
    with pytest.raises(SimulationError, match="Rules"):
        simulate("classic", ["random", "random"], games=1, seed=1)  # type: ignore[arg-type]
    with pytest.raises(SimulationError, match="seed"):
        simulate(CLASSIC, ["random", "random"], games=1, seed="x")  # type: ignore[arg-type]
    with pytest.raises(SimulationError, match="choose"):
        simulate(CLASSIC, ["random", object()], games=1, seed=1)  # type: ignore[list-item]
    with pytest.raises(SimulationError, match=r"illegal in seat 0 chose Place.*R-TURN-2"):
        simulate(CLASSIC, [Illegal(), "random"], games=1, seed=1)
    with pytest.raises(SimulationError, match="more than 300 steps"):
        simulate_game(CLASSIC, [Stubborn(), Stubborn()], seed=1, max_steps=300)
    with pytest.raises(SimulationError, match="sequence of bots"):
        simulate(CLASSIC, None, games=1, seed=1)  # type: ignore[arg-type]
    with pytest.raises(SimulationError, match="sequence of bots"):
        simulate(CLASSIC, "odds", games=1, seed=1)


def test_bad_single_games_are_refused() -> None:
    bots = [RandomBot(), RandomBot()]
    with pytest.raises(SimulationError, match="Rules"):
        simulate_game(None, bots, seed=1)  # type: ignore[arg-type]
    with pytest.raises(SimulationError, match=r"choose.*make_bot"):
        simulate_game(CLASSIC, ["random", "random"], seed=1)  # type: ignore[list-item]
    # R-SET-2: one bot per player
    with pytest.raises(SimulationError, match="2 players need 2 bots, got 1"):
        simulate_game(CLASSIC, [RandomBot()], seed=1)
    with pytest.raises(SimulationError, match="sequence of bots"):
        simulate_game(CLASSIC, None, seed=1)  # type: ignore[arg-type]
    with pytest.raises(SimulationError, match="seed"):
        simulate_game(CLASSIC, bots, seed="x")  # type: ignore[arg-type]
    with pytest.raises(SimulationError, match="number"):
        simulate_game(CLASSIC, bots, seed=1, number=-1)
    with pytest.raises(SimulationError, match="max_steps"):
        simulate_game(CLASSIC, bots, seed=1, max_steps=0)
    # R-SET-3: the first player is a seat (new_game's own ValueError)
    with pytest.raises(ValueError, match="R-SET-3"):
        simulate_game(CLASSIC, bots, seed=1, first_player=5)
    result = simulate(CLASSIC, ["random", "random"], games=1, seed=1)
    for seat in (2, -1, "0", None):
        with pytest.raises(SimulationError, match="seat is 0 to 1"):
            result.win_interval(seat)  # type: ignore[arg-type]


def test_a_result_is_a_value() -> None:
    result = simulate(CLASSIC, ["greedy", "greedy"], games=2, seed=8)
    assert isinstance(result, SimulationResult)
    game = result.results[0]
    assert len(game.scores) == 2
    assert game.winners <= {0, 1}
    assert game.turns > 0


def test_every_game_simulates_with_the_same_first_parameters() -> None:
    import inspect

    import morpyam.myrummy as mr

    first = ["rules", "bots", "games", "seed"]
    for function in (simulate, mr.simulate):
        parameters = list(inspect.signature(function).parameters.values())[:4]
        assert [parameter.name for parameter in parameters] == first
        assert parameters[3].default == 0
        assert all(parameter.kind is parameter.POSITIONAL_OR_KEYWORD for parameter in parameters)
    # the seed's default is 0: the same games as seed=0
    assert simulate(CLASSIC, ["greedy", "random"], 2) == simulate(
        CLASSIC, ["greedy", "random"], 2, seed=0
    )
