"""Print how long ``best_play`` and the first item of ``plays()`` take late in real games.

The positions are those of self-play: greedy bots (each lays ``best_play``)
play whole games with ``Rules.classic()`` (``"three must stay"``, the joker
rules, the opening's 30 points), and every decision of a player on turn whose
table holds 40 to 80 tiles is kept. On each, the script times ``best_play``
and ``next(plays(state))`` (wall time, one process, ``time.perf_counter``)
and prints the median, 90th and 99th percentile and the slowest, and which
paths ``best_play`` had: with scipy (the ``myrummy-ilp`` extra) the dynamic
program on small racks within its budget and the integer program past it,
without scipy the dynamic program alone.

Run with ``python benchmarks/bench_myrummy_late.py [--games N] [--seed S]
[--players P] [--no-scipy]``; ``--no-scipy`` hides scipy, to time the pure-Python
path (plays of the same score may be arranged differently, so the games may differ).
"""

from __future__ import annotations

import argparse
import platform
import statistics
import sys
import time
from collections.abc import Sequence

import morpyam.myrummy as mr
from morpyam.myrummy import ilp
from morpyam.myrummy.bots import GreedyBot, play_match, table_size
from morpyam.myrummy.records import positions

LATE = range(40, 81)
"""Table sizes (tiles) of the positions kept."""


def late_positions(games: int, seed: int, players: int) -> list[mr.State]:
    """The decisions with 40 to 80 table tiles of ``games`` greedy self-play games."""
    rules = mr.Rules.classic(players)
    found = []
    for game in range(games):
        record = play_match(rules, [GreedyBot()] * players, seed=seed + game)
        for state in positions(record):
            decision = state.current_player is not None and not state.is_chance
            if decision and table_size(state) in LATE:
                found.append(state)
    return found


def percentile(times: Sequence[float], fraction: float) -> float:
    """The ``fraction`` quantile of ``times`` (nearest rank), in milliseconds."""
    ordered = sorted(times)
    return ordered[min(len(ordered) - 1, round(fraction * (len(ordered) - 1)))] * 1000


def figures(times: Sequence[float]) -> str:
    """Median, 90th and 99th percentile and maximum of ``times`` (seconds), in milliseconds."""
    median = statistics.median(times) * 1000
    p90, p99 = percentile(times, 0.9), percentile(times, 0.99)
    return f"median {median:.1f}  p90 {p90:.1f}  p99 {p99:.1f}  max {max(times) * 1000:.1f} ms"


def main(argv: Sequence[str] | None = None) -> int:
    """Play the games, then time both calls on every late position."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=200, help="self-play games (200)")
    parser.add_argument("--seed", type=int, default=1, help="the first game's seed (1)")
    parser.add_argument("--players", type=int, default=2, help="players per game (2)")
    parser.add_argument(
        "--no-scipy", action="store_true", help="hide scipy: time the dynamic program"
    )
    args = parser.parse_args(argv)
    if args.no_scipy:
        sys.modules["scipy"] = None  # type: ignore[assignment]
    path = (
        "dynamic program on small racks within its budget, else integer program (scipy)"
        if ilp.available()
        else "dynamic program (no scipy)"
    )
    print(f"Python {platform.python_version()} on {platform.machine()}; best_play's path: {path}")
    start = time.perf_counter()
    states = late_positions(args.games, args.seed, args.players)
    print(
        f"{args.games} games of Rules.classic({args.players}) played in "
        f"{time.perf_counter() - start:.0f} s; {len(states)} decisions with 40-80 table tiles"
    )
    if not states:
        return 1
    best: list[float] = []
    first: list[float] = []
    for state in states:
        began = time.perf_counter()
        mr.best_play(state)
        best.append(time.perf_counter() - began)
        began = time.perf_counter()
        next(mr.plays(state), None)
        first.append(time.perf_counter() - began)
    print(f"  best_play          {figures(best)}")
    print(f"  first of plays()   {figures(first)}")
    print(f"  best_play over 1 s on {sum(took > 1 for took in best)} of {len(best)} decisions")
    sizes = [table_size(state) for state in states]
    racks = [len(state.racks[state.player]) for state in states]
    print(
        f"  table tiles {min(sizes)}-{max(sizes)} (median {statistics.median(sizes):.0f}); "
        f"rack tiles {min(racks)}-{max(racks)} (median {statistics.median(racks):.0f})"
    )
    sys.stdout.flush()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
