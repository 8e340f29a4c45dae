"""Print the bots' speed, simulated games per second, and OddsBot's strength.

- Decisions per second of each bot on decision nodes met in classic games
  (OddsBot "warm": in game order, where the decisions of a turn share one
  plan; "cold": the plan rebuilt at every decision), and of ``advise``.
- Games per second of ``simulate`` with random and with odds bots, in this
  process and with 2 worker processes (``ProcessPoolExecutor``).
- Strength: OddsBot against RandomBot and against GreedyBot over 2,000
  two-player classic games each, the first player alternating, with 95%
  Wilson intervals (targets: at least 95% and 60% of the games won).

Run with ``python benchmarks/bench_bots.py [--strength-games N] [--workers W]``.
"""

from __future__ import annotations

import argparse
import platform
import random
import time
import timeit
from collections.abc import Callable
from concurrent.futures import ProcessPoolExecutor

import morpyam as mp
from morpyam import bots as bots_module
from morpyam.advice import advise
from morpyam.bots import Bot, GreedyBot, OddsBot, RandomBot
from morpyam.simulation import SimulationResult, simulate


def decision_states(count: int, seed: int) -> list[mp.State]:
    """Decision nodes (no set-up) met in classic games between OddsBot and GreedyBot, in order."""
    rng = random.Random(seed)
    players: list[Bot] = [OddsBot(), GreedyBot()]
    states: list[mp.State] = []
    while len(states) < count:
        state = mp.new_game(mp.Rules.classic(), first_player=len(states) % 2)
        while not state.is_terminal:
            if state.is_chance:
                state = mp.apply(state, mp.sample_chance(state, rng))
                continue
            states.append(state)
            state = mp.apply(state, players[state.player].choose(state, rng))
    return states[:count]


def rate(fn: Callable[[], object], items: int) -> float:
    """Items per second, best of 3 runs."""
    return items / min(timeit.repeat(fn, number=1, repeat=3))


def games_per_second(
    bots: list[str], games: int, workers: int, seed: int
) -> tuple[float, SimulationResult]:
    start = time.perf_counter()
    if workers > 1:
        with ProcessPoolExecutor(max_workers=workers) as executor:
            result = simulate(mp.Rules.classic(), bots, games, seed, executor)
    else:
        result = simulate(mp.Rules.classic(), bots, games, seed)
    return games / (time.perf_counter() - start), result


def strength(opponent: str, games: int, workers: int, seed: int, target: float) -> None:
    speed, result = games_per_second(["odds", opponent], games, workers, seed)
    low, high = result.win_interval(0)
    opp_low, opp_high = result.win_interval(1)
    verdict = "met" if result.win_rates[0] >= target else "NOT met"
    print(
        f"odds vs {opponent}: {games} games (first player alternating), odds won "
        f"{result.wins[0]} ({result.win_rates[0]:.1%}, 95% interval {low:.1%}–{high:.1%}), "
        f"{opponent} won {result.wins[1]} ({result.win_rates[1]:.1%}, {opp_low:.1%}–{opp_high:.1%}), "
        f"shared {result.shared_wins[0]}; target {target:.0%}: {verdict}"
    )
    print(
        f"    mean points {result.mean_points[0]:.2f} vs {result.mean_points[1]:.2f}, "
        f"{result.mean_turns:.1f} turns a game, ended by {dict(result.end_rules)}, "
        f"{speed:.1f} games/s with {workers} workers"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--decisions", type=int, default=2000, help="decision nodes to time")
    parser.add_argument(
        "--speed-games", type=int, default=400, help="odds games for games/s (5× random games)"
    )
    parser.add_argument("--strength-games", type=int, default=2000, help="0 to skip")
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--seed", type=int, default=2026)
    args = parser.parse_args()
    print(f"morpyam {mp.__version__}, Python {platform.python_version()}, {platform.machine()}")

    states = decision_states(args.decisions, args.seed)
    rng = random.Random(args.seed)
    for name, bot in (("random", RandomBot()), ("greedy", GreedyBot()), ("odds", OddsBot())):
        speed = rate(lambda bot=bot: [bot.choose(s, rng) for s in states], len(states))  # type: ignore[misc]
        label = f"{name} (warm, game order)" if name == "odds" else name
        print(f"decisions per second, {label}: {speed:,.0f}")
    odds = OddsBot()
    sample = states[:300]

    def cold() -> None:
        for state in sample:
            bots_module._PLANS.clear()
            odds.choose(state, rng)

    print(f"decisions per second, odds (cold, plan rebuilt): {rate(cold, len(sample)):,.0f}")
    print(
        f"advise calls per second (game order): "
        f"{rate(lambda: [advise(s) for s in sample], len(sample)):,.0f}"
    )

    for bots, games in (
        (["random", "random"], 5 * args.speed_games),
        (["odds", "odds"], args.speed_games),
    ):
        for workers in (1, args.workers):
            speed, result = games_per_second(bots, games, workers, args.seed)
            print(
                f"games per second, {' vs '.join(bots)}, {workers} process"
                f"{'es' if workers > 1 else ''}: {speed:,.1f} "
                f"({games} games, {result.mean_turns:.0f} turns a game)"
            )

    if args.strength_games:
        strength("random", args.strength_games, args.workers, args.seed, 0.95)
        strength("greedy", args.strength_games, args.workers, args.seed, 0.60)


if __name__ == "__main__":
    main()
