"""Print the vector engine's speed: random playouts of N games at once, for several N.

A *decision* is one action of one game (``VectorEngine.step`` plays one per
game). The scalar engine counts a roll and its dice as two steps, so the
*engine steps* column counts them that way too, to compare with
``bench_engine.py``. Games restart as they end (``autoreset``), so every step
plays N decisions. Run with ``nox -s bench`` or
``python benchmarks/bench_vector.py [--seconds S] [--sizes 1 100 ...]``.
"""

from __future__ import annotations

import argparse
import platform
import time

import numpy as np

import morpyam as mp
from morpyam.encoding import CALLS, KEEP_MASKS
from morpyam.vector import VectorEngine

SIZES = (1, 100, 1_000, 10_000, 100_000)


def playouts(rules: mp.Rules, games: int, seconds: float, seed: int) -> tuple[int, int, int, float]:
    """Random play of ``games`` at once for about ``seconds``: (decisions, rolls, games ended, elapsed)."""
    engine = VectorEngine(rules, games, rng=np.random.default_rng(seed), autoreset=True)
    rolls_below = KEEP_MASKS * len(CALLS)
    decisions = rolls = ended = 0
    start = time.perf_counter()
    deadline = start + seconds
    while time.perf_counter() < deadline:
        for _ in range(10):
            actions = engine.sample_actions()
            rolls += int(np.count_nonzero(actions < rolls_below))
            _, done = engine.step(actions)
            ended += int(np.count_nonzero(done))
        decisions += 10 * games
    return decisions, rolls, ended, time.perf_counter() - start


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--seconds", type=float, default=3.0, help="time per size")
    parser.add_argument("--sizes", type=int, nargs="+", default=list(SIZES))
    parser.add_argument("--seed", type=int, default=2026)
    args = parser.parse_args()
    print(
        f"morpyam {mp.__version__}, NumPy {np.__version__}, "
        f"Python {platform.python_version()}, {platform.machine()}"
    )
    for name, rules in (("classic", mp.Rules.classic()), ("official", mp.Rules.official(4))):
        print(f"random playouts, {name}, {rules.players} players:")
        for games in args.sizes:
            decisions, rolls, ended, elapsed = playouts(rules, games, args.seconds, args.seed)
            print(
                f"  N = {games:>7,}: {decisions / elapsed:12,.0f} decisions/s "
                f"{(decisions + rolls) / elapsed:12,.0f} engine steps/s "
                f"{ended / elapsed:10,.1f} games/s"
            )


if __name__ == "__main__":
    main()
