"""Print the engine's speed on this machine: random playouts and per-call costs.

A step is ``legal_actions`` + ``apply`` at a decision node, or
``sample_chance`` + ``apply`` at a chance node. Run with ``nox -s bench`` or
``python benchmarks/bench_engine.py [--seconds S] [--runs N]``. Speeds are in
process CPU time, the best of ``--runs`` runs: on a shared machine that is the
figure least disturbed by the other processes.
"""

from __future__ import annotations

import argparse
import platform
import random
import time
import timeit
import tracemalloc
from collections.abc import Callable

import morpyam as mp


def playouts(rules: mp.Rules, seconds: float, seed: int) -> tuple[int, int, float]:
    """Uniform random games for about ``seconds`` of CPU time: (steps, games, CPU seconds).

    Process CPU time, not wall time: on a shared machine the wall clock also
    counts the time other processes hold the cores.
    """
    rng = random.Random(seed)
    legal_actions, apply, sample_chance, new_game = (
        mp.legal_actions,
        mp.apply,
        mp.sample_chance,
        mp.new_game,
    )
    choice = rng.choice
    steps = games = 0
    start = time.process_time()
    deadline = start + seconds
    while time.process_time() < deadline:
        state = new_game(rules)
        while not state.winners:
            if state.is_chance:
                state = apply(state, sample_chance(state, rng))
            else:
                state = apply(state, choice(legal_actions(state)))
            steps += 1
        games += 1
    return steps, games, time.process_time() - start


def best_playouts(rules: mp.Rules, seconds: float, seed: int, runs: int) -> tuple[int, int, float]:
    """The fastest of ``runs`` playout runs of ``seconds / runs`` each (least disturbed)."""
    results = [playouts(rules, seconds / runs, seed + run) for run in range(runs)]
    return max(results, key=lambda result: result[0] / result[2])


def bytes_per_state(rules: mp.Rules, count: int, seed: int) -> float:
    """Memory held per state, over ``count`` states of random games kept alive (tracemalloc)."""
    rng = random.Random(seed)
    tracemalloc.start()
    start = tracemalloc.get_traced_memory()[0]
    held: list[mp.State] = []
    while len(held) < count:
        state = mp.new_game(rules)
        while not state.winners and len(held) < count:
            if state.is_chance:
                state = mp.apply(state, mp.sample_chance(state, rng))
            else:
                state = mp.apply(state, rng.choice(mp.legal_actions(state)))
            held.append(state)
    used = tracemalloc.get_traced_memory()[0] - start
    tracemalloc.stop()
    return used / count


def sample_states(rules: mp.Rules, count: int, seed: int) -> tuple[list[mp.State], list[mp.State]]:
    """Decision and chance states met in random play."""
    rng = random.Random(seed)
    decisions: list[mp.State] = []
    chances: list[mp.State] = []
    while len(decisions) < count or len(chances) < count:
        state = mp.new_game(rules)
        while not state.is_terminal:
            if state.is_chance:
                chances.append(state)
                state = mp.apply(state, mp.sample_chance(state, rng))
            else:
                decisions.append(state)
                state = mp.apply(state, rng.choice(mp.legal_actions(state)))
    return decisions[:count], chances[:count]


def per_call(fn: Callable[[], object], calls: int) -> float:
    """Best of 5 runs, in µs per call."""
    return min(timeit.repeat(fn, number=calls, repeat=5)) / calls * 1e6


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--seconds", type=float, default=5.0, help="time for the playouts")
    parser.add_argument("--seed", type=int, default=2026)
    parser.add_argument("--runs", type=int, default=3, help="playout runs, the best reported")
    args = parser.parse_args()
    rules = mp.Rules.classic(players=2)
    print(f"morpyam {mp.__version__}, Python {platform.python_version()}, {platform.machine()}")

    steps, games, elapsed = best_playouts(rules, args.seconds, args.seed, args.runs)
    print(
        f"random playouts, classic, 2 players: {steps / elapsed:,.0f} steps/s, "
        f"{games / elapsed:,.1f} games/s ({steps / games:,.0f} steps per game, {games} games; "
        f"CPU time, best of {args.runs} runs)"
    )
    presets = {
        "classic": mp.Rules.classic,
        "official": mp.Rules.official,
        "flash": mp.Rules.flash,
        "plus": mp.Rules.plus,
    }
    for name, preset in presets.items():
        for players in (2, 3, 4):
            steps, games, elapsed = best_playouts(
                preset(players), args.seconds / 4, args.seed, args.runs
            )
            print(
                f"  {name:8} {players} players: {steps / elapsed:10,.0f} steps/s "
                f"{games / elapsed:8,.1f} games/s ({steps / games:,.0f} steps per game)"
            )

    held = bytes_per_state(rules, 10_000, args.seed)
    print(f"memory: {held:,.0f} bytes per state held (10,000 states of random games)")

    decisions, chances = sample_states(rules, 2000, args.seed)
    rng = random.Random(args.seed)
    pairs = [(s, rng.choice(mp.legal_actions(s))) for s in decisions]
    outcomes = [(s, mp.sample_chance(s, rng)) for s in chances]
    fresh = mp.apply(mp.new_game(rules, first_player=0), mp.Roll())
    dice = [tuple(rng.randint(1, 6) for _ in range(5)) for _ in range(2000)]
    n = len(decisions)

    def legal() -> None:
        for state in decisions:
            mp.legal_actions(state)

    def apply_decisions() -> None:
        for state, action in pairs:
            mp.apply(state, action)

    def apply_outcomes() -> None:
        for state, action in outcomes:
            mp.apply(state, action)

    def classify() -> None:
        for roll in dice:
            mp.classify(roll)

    figures = {
        "legal_actions (decision nodes)": per_call(legal, 20) / n,
        "apply (decision actions)": per_call(apply_decisions, 20) / n,
        "apply (chance outcomes)": per_call(apply_outcomes, 20) / n,
        "chance_outcomes (5 dice)": per_call(lambda: mp.chance_outcomes(fresh), 100_000),
        "sample_chance (5 dice)": per_call(lambda: mp.sample_chance(fresh, rng), 100_000),
        "classify (5 faces, any order)": per_call(classify, 50) / len(dice),
    }
    for name, micro in figures.items():
        print(f"{name:32} {micro:8.3f} µs per call")


if __name__ == "__main__":
    main()
