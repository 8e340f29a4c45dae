"""Print how long ``best_play`` and the first item of ``plays()`` take late in real games.

The positions are those of self-play: greedy bots (each lays ``best_play``)
play whole games with ``Rules.classic()`` (``"three must stay"``, the joker
rules, the opening's 30 points), and every decision of a player on turn whose
table holds 40 to 80 tiles is kept. On each, the script times ``best_play``
and ``next(plays(state))`` (wall time, one process, ``time.perf_counter``)
and prints the median, 90th and 99th percentile and the slowest, how many
decisions took over a second, and the slowest positions (game seed and
decision number). With scipy (the ``myrummy-ilp`` extra) ``best_play`` tries
the dynamic program on small racks within its budget and the integer program
on big ones; without scipy the dynamic program alone; either way the program
that follows every copy decides where the rules tie tiles to where they lay.

``--positions DIR`` times the JSON files of a folder instead, each an object
whose ``state`` member is a state as ``morpyam.myrummy.state_to_json`` writes
it (and, where it has a ``play`` member, says whether ``best_play`` lays as
many tiles and points as that play).

Run with ``python benchmarks/bench_myrummy_late.py [--games N] [--seed S]
[--players P] [--no-scipy] [--positions DIR]``; ``--no-scipy`` hides scipy, to
time the pure-Python path (plays of the same score may be arranged
differently, so the games may differ).
"""

from __future__ import annotations

import argparse
import json
import platform
import statistics
import sys
import time
from collections import Counter
from collections.abc import Sequence
from pathlib import Path

import morpyam.myrummy as mr
from morpyam.myrummy.notation._records import positions
from morpyam.myrummy.play._bots import GreedyBot, play_match, table_size
from morpyam.myrummy.solve import _ilp as ilp

LATE = range(40, 81)
"""Table sizes (tiles) of the positions kept."""

Named = tuple[str, mr.State, "mr.Play | None"]
"""A position, where it came from, and a play recorded with it (or ``None``)."""


def late_positions(games: int, seed: int, players: int) -> list[Named]:
    """The decisions with 40 to 80 table tiles of ``games`` greedy self-play games."""
    rules = mr.Rules.classic(players)
    found: list[Named] = []
    for game in range(games):
        record = play_match(rules, [GreedyBot()] * players, seed=seed + game)
        for number, state in enumerate(positions(record)):
            decision = state.current_player is not None and not state.is_chance
            if decision and table_size(state) in LATE:
                found.append((f"seed {seed + game} #{number}", state, None))
    return found


def folder_positions(folder: Path) -> list[Named]:
    """The positions of the JSON files in ``folder`` (see the module)."""
    found: list[Named] = []
    for path in sorted(folder.glob("*.json")):
        data = json.loads(path.read_text(encoding="utf-8"))
        play = data.get("play")
        action = mr.parse_action(play) if isinstance(play, str) else None
        recorded = action if isinstance(action, mr.Play) else None
        found.append((path.name, mr.state_from_json(data["state"]), recorded))
    return found


def percentile(times: Sequence[float], fraction: float) -> float:
    """The ``fraction`` quantile of ``times`` (nearest rank), in milliseconds."""
    ordered = sorted(times)
    return ordered[min(len(ordered) - 1, round(fraction * (len(ordered) - 1)))] * 1000


def figures(times: Sequence[float]) -> str:
    """Median, 90th and 99th percentile and maximum of ``times`` (seconds), in milliseconds,
    and how many took over a second."""
    median = statistics.median(times) * 1000
    p90, p99 = percentile(times, 0.9), percentile(times, 0.99)
    over = sum(took > 1 for took in times)
    return (
        f"median {median:.1f}  p90 {p90:.1f}  p99 {p99:.1f}  max {max(times) * 1000:.1f} ms;"
        f" over 1 s: {over} of {len(times)}"
    )


def laid(state: mr.State, play: mr.Play | None) -> tuple[int, int]:
    """(rack tiles, their points) that ``play`` lays."""
    if play is None:
        return (0, 0)
    after = mr.apply(state, play)
    rest = after.racks[state.player] if after.round == state.round else ()
    gone = Counter(state.racks[state.player]) - Counter(rest)
    return sum(gone.values()), mr.rack_points(state.rules, gone.elements())


def main(argv: Sequence[str] | None = None) -> int:
    """Find the positions, then time both calls on each."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=200, help="self-play games (200)")
    parser.add_argument("--seed", type=int, default=1, help="the first game's seed (1)")
    parser.add_argument("--players", type=int, default=2, help="players per game (2)")
    parser.add_argument(
        "--no-scipy", action="store_true", help="hide scipy: time the pure-Python paths"
    )
    parser.add_argument("--positions", type=Path, help="time the JSON positions of a folder")
    args = parser.parse_args(argv)
    if args.no_scipy:
        sys.modules["scipy"] = None  # type: ignore[assignment]
    path = "integer program on big racks" if ilp.available() else "no scipy"
    print(f"Python {platform.python_version()} on {platform.machine()}; best_play: {path}")
    start = time.perf_counter()
    if args.positions is not None:
        named = folder_positions(args.positions)
        print(f"{len(named)} positions read from {args.positions}")
    else:
        named = late_positions(args.games, args.seed, args.players)
        print(
            f"{args.games} games of Rules.classic({args.players}) played in "
            f"{time.perf_counter() - start:.0f} s; {len(named)} decisions with 40-80 table tiles"
        )
    if not named:
        return 1
    best: list[float] = []
    first: list[float] = []
    slowest: list[tuple[float, str]] = []
    differ = 0
    for name, state, recorded in named:
        began = time.perf_counter()
        play = mr.best_play(state)
        took = time.perf_counter() - began
        best.append(took)
        slowest.append((took, name))
        began = time.perf_counter()
        next(mr.plays(state), None)
        first.append(time.perf_counter() - began)
        if args.positions is not None and laid(state, play) != laid(state, recorded):
            differ += 1
            print(
                f"  {name}: best_play lays {laid(state, play)}, the record {laid(state, recorded)}"
            )
    print(f"  best_play          {figures(best)}")
    print(f"  first of plays()   {figures(first)}")
    slowest.sort(reverse=True)
    print(
        "  slowest best_play: "
        + ", ".join(f"{name} {took * 1000:.0f} ms" for took, name in slowest[:5])
    )
    if args.positions is not None:
        print(
            f"  best_play lays as much as the recorded play on {len(named) - differ} of {len(named)}"
        )
    states = [state for _, state, _ in named]
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
