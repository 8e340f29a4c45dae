"""Print one side-by-side table of random-playout speeds, all measured in this run.

Rows: this library's scalar engine (``morpyam.apply``), its vector engine
(``morpyam.vector``) at several N, and OpenSpiel as installed from PyPI: the
C++ ``yacht`` and the pure-Python ``python_tic_tac_toe``, both driven through
``pyspiel`` from Python. A *step* is one action applied, chance outcomes
included (a roll and its dice are two steps), as in ``bench_engine.py``; the
vector engine's decisions per second are shown as well. Run with
``nox -s bench`` or ``python benchmarks/bench_compare.py [--seconds S]``.
"""

from __future__ import annotations

import argparse
import platform
import random
import time
from collections.abc import Callable

import numpy as np

import morpyam as mp
from morpyam.encoding import CALLS, KEEP_MASKS
from morpyam.vector import VectorEngine

SIZES = (1, 100, 1_000, 10_000, 100_000)


def timed(play: Callable[[], tuple[int, int]], seconds: float) -> tuple[float, float]:
    """Run ``play`` (one batch: steps, games) for about ``seconds``: (steps/s, games/s)."""
    steps = games = 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        more_steps, more_games = play()
        steps += more_steps
        games += more_games
    elapsed = time.perf_counter() - start
    return steps / elapsed, games / elapsed


def scalar(rules: mp.Rules, seed: int) -> Callable[[], tuple[int, int]]:
    """One random game of the scalar engine per call."""
    rng = random.Random(seed)

    def play() -> tuple[int, int]:
        state = mp.new_game(rules)
        steps = 0
        while not state.winners:
            if state.is_chance:
                state = mp.apply(state, mp.sample_chance(state, rng))
            else:
                state = mp.apply(state, rng.choice(mp.legal_actions(state)))
            steps += 1
        return steps, 1

    return play


def vectorized(
    rules: mp.Rules, games: int, seed: int
) -> tuple[Callable[[], tuple[int, int]], list[int]]:
    """Ten steps of ``games`` at once per call; the second value counts decisions."""
    engine = VectorEngine(rules, games, rng=np.random.default_rng(seed), autoreset=True)
    rolls_below = KEEP_MASKS * len(CALLS)
    decisions = [0]

    def play() -> tuple[int, int]:
        steps = ended = 0
        for _ in range(10):
            actions = engine.sample_actions()
            steps += games + int(np.count_nonzero(actions < rolls_below))
            _, done = engine.step(actions)
            ended += int(np.count_nonzero(done))
        decisions[0] += 10 * games
        return steps, ended

    return play, decisions


def openspiel(name: str, seed: int) -> Callable[[], tuple[int, int]]:
    """One random game of an OpenSpiel game per call.

    OpenSpiel's ``yacht`` lists the 7,776 ordered throws of five dice at each
    chance node, all equally likely; ``chance_outcomes()`` builds that list of
    pairs in about a millisecond, so a throw is drawn uniformly from
    ``legal_actions()`` instead (a third of the cost), as a fast loop would.
    """
    import pyspiel

    if name.startswith("python_"):
        import open_spiel.python.games  # noqa: F401  (registers the Python games)
    game = pyspiel.load_game(name)
    rng = random.Random(seed)
    first = game.new_initial_state()
    if first.is_chance_node():
        odds = {probability for _, probability in first.chance_outcomes()}
        assert len(odds) == 1, f"{name}: chance outcomes are not equally likely"

    def play() -> tuple[int, int]:
        state = game.new_initial_state()
        steps = 0
        while not state.is_terminal():
            state.apply_action(rng.choice(state.legal_actions()))
            steps += 1
        return steps, 1

    return play


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--seconds", type=float, default=3.0, help="time per row")
    parser.add_argument("--seed", type=int, default=2026)
    args = parser.parse_args()
    rules = mp.Rules.classic()
    print(
        f"morpyam {mp.__version__}, NumPy {np.__version__}, "
        f"Python {platform.python_version()}, {platform.machine()}"
    )
    rows: list[tuple[str, float, float, str]] = []
    steps, games = timed(scalar(rules, args.seed), args.seconds)
    rows.append(("morpyam, scalar engine (classic, 2 players)", steps, games, ""))
    for size in SIZES:
        play, decisions = vectorized(rules, size, args.seed)
        start = time.perf_counter()
        steps, games = timed(play, args.seconds)
        per_second = decisions[0] / (time.perf_counter() - start)
        rows.append(
            (f"morpyam.vector, N = {size:,}", steps, games, f"{per_second:,.0f} decisions/s")
        )
    try:
        for name, label in (
            ("yacht", "OpenSpiel yacht (C++, via pyspiel)"),
            ("python_tic_tac_toe", "OpenSpiel python_tic_tac_toe (Python)"),
        ):
            steps, games = timed(openspiel(name, args.seed), args.seconds)
            rows.append((label, steps, games, ""))
    except ImportError:
        rows.append(("OpenSpiel: not installed (pip install open_spiel)", 0.0, 0.0, ""))
    print()
    print("| random playouts | steps/s | games/s | note |")
    print("| --- | ---: | ---: | --- |")
    for label, steps, games, note in rows:
        print(f"| {label} | {steps:,.0f} | {games:,.1f} | {note} |")


if __name__ == "__main__":
    main()
