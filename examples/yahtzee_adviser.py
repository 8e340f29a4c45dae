"""A score-sheet adviser: the optimal keep or box for a position of the Yahtzee-style sheet.

What it shows: the exact solver of `morpyam.yahtzee` (``solve``, which needs
numpy: ``pip install "morpyam[solver]"``), saved to a file once and loaded after
(solving takes seconds, loading a fraction of one); positions read from the
JSON that ``state_to_json`` writes; the advice (`Solution.best_action`) and the
expected final total of the sheet (`Solution.value`).

    python examples/yahtzee_adviser.py position.json    # advise on a saved position
    python examples/yahtzee_adviser.py --demo --seed 3  # a solitaire game played by the advice

``--solution FILE.npz`` keeps the solution between runs (default
``yahtzee-RULES.npz`` in the current folder).
"""

from __future__ import annotations

import argparse
import random
import sys
from pathlib import Path

import attrs

import morpyam.yahtzee as yz

RULES = {
    "hasbro": yz.Rules.hasbro(),
    "megawuerfel": yz.Rules.megawuerfel(),
    # the sheet without the Yahtzee bonus and its joker: the quickest to solve
    "plain": attrs.evolve(yz.Rules.hasbro(), yahtzee_bonus=0, joker="none"),
}


def solution_for(rules: yz.Rules, path: Path) -> yz.Solution:
    """The solution saved at ``path`` if it is one of ``rules``; else solve them, and save it."""
    if path.exists():
        solution = yz.Solution.load(path)
        if solution.rules == rules:
            return solution
        print(f"{path} holds the solution of other rules: solving again.")
    print("Solving (a few seconds)...")
    solution = yz.solve(rules)
    solution.save(path)
    return solution


def advise(solution: yz.Solution, state: yz.State) -> yz.Action:
    """Print the advice for ``state`` and, for solitaire, the next best choices; return it."""
    best = solution.best_action(state)
    print(f"best: {best} (expected final total {solution.value(state):.2f})")
    if state.players == 1:  # after a box is scored the sheet stays the mover's
        others = sorted(
            (
                (solution.value(yz.apply(state, action)), str(action))
                for action in yz.legal_actions(state)
            ),
            reverse=True,
        )
        for value, text in others[1:4]:
            print(f"  then: {text} ({value:.2f})")
    return best


def demo(solution: yz.Solution, seed: int) -> int:
    """Play a solitaire game by the advice, dice from a seeded generator; the final total."""
    rng = random.Random(seed)
    state = yz.new_game(attrs.evolve(solution.rules, players=1))  # a game alone
    while not state.is_terminal:
        if state.is_chance:
            state = yz.apply(state, yz.sample_chance(state, rng))
        elif state.dice is None:
            state = yz.apply(state, yz.Roll())  # the turn's first roll: nothing to advise
        else:
            print(f"dice {' '.join(map(str, state.dice))}, roll {state.rolls}")
            state = yz.apply(state, advise(solution, state))
    print(state)
    (total,) = yz.scores(state)
    print(f"final total {total}")
    return total


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n", 1)[0])
    parser.add_argument(
        "position", nargs="?", type=Path, help="a position written by state_to_json"
    )
    parser.add_argument("--demo", action="store_true", help="play a solitaire game by the advice")
    parser.add_argument("--rules", choices=sorted(RULES), default="hasbro", help="for --demo")
    parser.add_argument("--seed", type=int, default=1, help="for --demo")
    parser.add_argument("--solution", type=Path, help="the solution file to read or write")
    args = parser.parse_args(argv)
    if (args.position is None) == (not args.demo):
        parser.error("give a position file or --demo")
    if args.demo:
        rules = RULES[args.rules]
    else:
        state = yz.state_from_json(args.position.read_text(encoding="utf-8"))
        rules = state.rules
    name = next((key for key, value in RULES.items() if value == rules), "custom")
    solution = solution_for(rules, args.solution or Path(f"yahtzee-{name}.npz"))
    if args.demo:
        demo(solution, args.seed)
        return 0
    print(state)
    if state.is_terminal or state.is_chance or state.dice is None:
        print("nothing to advise: the game is over, or the dice are to be thrown")
        return 0
    advise(solution, state)
    return 0


if __name__ == "__main__":
    sys.exit(main())
