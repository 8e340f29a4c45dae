"""Print the speed of the score-sheet game on this machine: playouts, per-call costs, solve time.

A playout is a random solitaire game through the public API of
``morpyam.yahtzee``: ``legal_actions`` + ``apply`` at each decision (a uniform
choice), ``sample_chance`` + ``apply`` at each chance node. The solve time is
that of ``morpyam.yahtzee.solve`` (needs numpy, the ``solver`` extra), wall and
process CPU time; the first is a first solve in a fresh process. Run with
``python benchmarks/bench_yahtzee.py [--seconds S] [--no-solve]``.
"""

from __future__ import annotations

import argparse
import importlib.util
import platform
import random
import time
import timeit
from collections.abc import Callable

import attrs

import morpyam as mp
import morpyam.yahtzee as yz


def playouts(rules: yz.Rules, seconds: float, seed: int) -> tuple[int, int, float]:
    """Uniform random solitaire games for about ``seconds``: (steps, games, elapsed)."""
    rng = random.Random(seed)
    legal_actions, apply, sample_chance, new_game = (
        yz.legal_actions,
        yz.apply,
        yz.sample_chance,
        yz.new_game,
    )
    choice = rng.choice
    steps = games = 0
    start = time.perf_counter()
    deadline = start + seconds
    while time.perf_counter() < deadline:
        state = new_game(rules)
        while not state.is_terminal:
            if state.in_air:
                state = apply(state, sample_chance(state, rng))
            else:
                state = apply(state, choice(legal_actions(state)))
            steps += 1
        games += 1
    return steps, games, time.perf_counter() - start


def sample_states(rules: yz.Rules, count: int, seed: int) -> tuple[list[yz.State], list[yz.State]]:
    """Decision and chance states met in random play."""
    rng = random.Random(seed)
    decisions: list[yz.State] = []
    chances: list[yz.State] = []
    while len(decisions) < count or len(chances) < count:
        state = yz.new_game(rules)
        while not state.is_terminal:
            if state.in_air:
                chances.append(state)
                state = yz.apply(state, yz.sample_chance(state, rng))
            else:
                decisions.append(state)
                state = yz.apply(state, rng.choice(yz.legal_actions(state)))
    return decisions[:count], chances[:count]


def per_call(fn: Callable[[], object], calls: int) -> float:
    """Best of 5 runs, in µs per call."""
    return min(timeit.repeat(fn, number=calls, repeat=5)) / calls * 1e6


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--seconds", type=float, default=5.0, help="time for the playouts")
    parser.add_argument("--seed", type=int, default=2026)
    parser.add_argument("--no-solve", action="store_true", help="skip the solver's timings")
    args = parser.parse_args()
    print(f"morpyam {mp.__version__}, Python {platform.python_version()}, {platform.machine()}")

    for name, rules in (("megawuerfel", yz.Rules.megawuerfel()), ("hasbro", yz.Rules.hasbro())):
        steps, games, elapsed = playouts(rules, args.seconds / 2, args.seed)
        print(
            f"random solitaire playouts, {name:11}: {games / elapsed:8,.0f} games/s, "
            f"{steps / elapsed:10,.0f} steps/s ({steps / games:.1f} steps per game, {games} games)"
        )

    rules = yz.Rules.hasbro()
    decisions, chances = sample_states(rules, 2000, args.seed)
    rng = random.Random(args.seed)
    pairs = [(s, rng.choice(yz.legal_actions(s))) for s in decisions]
    outcomes = [(s, yz.sample_chance(s, rng)) for s in chances]
    fresh = yz.apply(yz.new_game(rules), yz.Roll())
    two = yz.apply(yz.apply(fresh, yz.RollResult((1, 2, 3, 6, 6))), yz.Roll((1, 2, 3)))
    n = len(decisions)

    def legal() -> None:
        for state in decisions:
            yz.legal_actions(state)

    def apply_decisions() -> None:
        for state, action in pairs:
            yz.apply(state, action)

    def apply_outcomes() -> None:
        for state, action in outcomes:
            yz.apply(state, action)

    figures = {
        "legal_actions (decision nodes)": per_call(legal, 20) / n,
        "apply (decision actions)": per_call(apply_decisions, 20) / n,
        "apply (chance outcomes)": per_call(apply_outcomes, 20) / n,
        "chance_outcomes (5 dice)": per_call(lambda: yz.chance_outcomes(fresh), 100_000),
        "chance_outcomes (2 dice)": per_call(lambda: yz.chance_outcomes(two), 100_000),
        "sample_chance (5 dice)": per_call(lambda: yz.sample_chance(fresh, rng), 100_000),
    }
    for name, micro in figures.items():
        print(f"{name:32} {micro:8.3f} µs per call")

    if args.no_solve:
        return
    if importlib.util.find_spec("numpy") is None:
        print("solve: skipped, numpy is not installed (pip install 'morpyam[solver]')")
        return
    hasbro = yz.Rules.hasbro()
    variants = {
        "hasbro (forced joker)": hasbro,
        "hasbro, free-choice joker": attrs.evolve(hasbro, joker="free"),
        "no Yahtzee bonus, no joker": attrs.evolve(hasbro, yahtzee_bonus=0, joker="none"),
        "megawuerfel": yz.Rules.megawuerfel(),
    }
    for name, variant in variants.items():
        start, cpu = time.perf_counter(), time.process_time()
        solution = yz.solve(variant)
        elapsed, cpu = time.perf_counter() - start, time.process_time() - cpu
        print(
            f"solve {name:28} {elapsed:6.2f} s ({cpu:.2f} s CPU), "
            f"expected score {solution.expected_score:.6f}"
        )
    solution = yz.solve(hasbro)
    bot_rng = random.Random(args.seed)
    games = 0
    start = time.perf_counter()
    while time.perf_counter() - start < args.seconds / 2:
        state = yz.new_game(hasbro)
        while not state.is_terminal:
            if state.in_air:
                state = yz.apply(state, yz.sample_chance(state, bot_rng))
            else:
                state = yz.apply(state, solution.best_action(state))
        games += 1
    elapsed = time.perf_counter() - start
    print(f"optimal bot, hasbro: {games / elapsed:,.0f} games/s ({games} games)")


if __name__ == "__main__":
    main()
