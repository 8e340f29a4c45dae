"""OpenSpiel's exact CFR+ on MyRummy's Leduc-sized game: the exploitability curve.

The game is ``python_morpyam_myrummy`` with ``{"rules": "tiny", "deal": "rack", "returns":
"zero_sum"}`` (nine tiles, two racks of three, each rack one chance outcome, returns a
player's total less the mean of the totals), and ``cache_states`` so that each state's
children, legal actions and information states are computed once, not every iteration.
OpenSpiel's own ``CFRPlusSolver`` and ``exploitability`` run on it as shipped.

Each line: the iteration, the CPU seconds of that CFR+ iteration, the CPU seconds of the
exploitability computed after it, and the exploitability of the average policy, in points
(the returns' unit: a tile's face value; OpenSpiel's exploitability, the mean over the
players of what a best response gains against the policy). The run stops once the
exploitability is below ``--target`` or after ``--iterations``; the last lines give the
median and the slowest iteration.

Usage::

    nice -n 10 python benchmarks/bench_myrummy_cfr.py --target 0.01
    python benchmarks/bench_myrummy_cfr.py --rack-size 2 --iterations 20  # a smaller tree
"""

from __future__ import annotations

import argparse
import statistics
import time
from collections.abc import Sequence
from typing import Any

import pyspiel
from open_spiel.python.algorithms import cfr, exploitability

import morpyam.openspiel
from morpyam.openspiel import MYRUMMY


def load(rack_size: int, cache_states: int) -> Any:
    """The game: ``tiny`` dealt a rack at a time, zero-sum returns, the states remembered."""
    params: dict[str, Any] = {
        "rules": "tiny",
        "deal": "rack",
        "returns": "zero_sum",
        "cache_states": cache_states,
    }
    if rack_size != -1:
        params["rack_size"] = rack_size
    return pyspiel.load_game(MYRUMMY, params)


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--iterations", type=int, default=200, help="the most CFR+ iterations")
    parser.add_argument("--target", type=float, default=0.01, help="stop below this exploitability")
    parser.add_argument("--every", type=int, default=1, help="the exploitability every so many")
    parser.add_argument("--rack-size", type=int, default=-1, help="tiles per rack (-1: 3)")
    parser.add_argument("--cache-states", type=int, default=2_000_000)
    args = parser.parse_args(argv)
    assert morpyam.openspiel.MYRUMMY == MYRUMMY
    game = load(args.rack_size, args.cache_states)
    print(f"game: {game}")
    start = time.process_time()
    solver = cfr.CFRPlusSolver(game)
    print(f"CFR+ set up: {time.process_time() - start:.1f} s CPU", flush=True)
    start = time.process_time()
    uniform = exploitability.exploitability(game, solver.average_policy())
    print(f"uniform random: exploitability {uniform:.4f} ({time.process_time() - start:.1f} s)")
    print("iteration  CFR+ s  exploitability s  exploitability", flush=True)
    seconds: list[float] = []
    for iteration in range(1, args.iterations + 1):
        start = time.process_time()
        solver.evaluate_and_update_policy()
        seconds.append(time.process_time() - start)
        if iteration % args.every and iteration != args.iterations:
            print(f"{iteration:9d}  {seconds[-1]:6.1f}", flush=True)
            continue
        start = time.process_time()
        value = exploitability.exploitability(game, solver.average_policy())
        spent = time.process_time() - start
        print(f"{iteration:9d}  {seconds[-1]:6.1f}  {spent:16.1f}  {value:14.5f}", flush=True)
        if value < args.target:
            break
    print(
        f"CFR+ iteration: median {statistics.median(seconds):.1f} s, slowest {max(seconds):.1f} s"
    )


if __name__ == "__main__":
    main()
