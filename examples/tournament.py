"""A bot tournament for Morpyam: every pair of bots plays a seeded match on a process pool.

What it shows: `morpyam.simulation.simulate` on a ``ProcessPoolExecutor``
started under the main guard (needed wherever processes start by *spawn*, as
on macOS and Windows, or *forkserver*, Linux's default from Python 3.14); a bot of your own written as a
class at the top level of a module, so that it pickles to the workers; and the
built-in bots by name. The results depend on the seed only, not on the number
of workers.

    python examples/tournament.py --games 200 --workers 4
"""

from __future__ import annotations

import argparse
import itertools
import os
import random
import sys
from concurrent.futures import ProcessPoolExecutor

import morpyam as mp
from morpyam.bots import Bot, make_bot
from morpyam.simulation import simulate


class CentreBot:
    """Covers the free cell nearest the centre of the grid as soon as it can; else rolls again.

    A bot is any value with ``choose(state, rng)``; defined at the top level of a
    module, it pickles, so a process pool can run it.
    """

    def choose(self, state: mp.State, rng: random.Random) -> mp.Action:
        legal = mp.legal_actions(state)
        places = [action for action in legal if isinstance(action, mp.Place)]
        if places:
            middle_row, middle_col = (state.layout.height - 1) / 2, (state.layout.width - 1) / 2
            return min(
                places,
                key=lambda place: (
                    (place.cell.row - middle_row) ** 2 + (place.cell.col - middle_col) ** 2
                ),
            )
        rolls = [action for action in legal if isinstance(action, mp.Roll) and action.call is None]
        return rolls[0] if rolls else rng.choice(legal)  # keep nothing; or pass at the end


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n", 1)[0])
    parser.add_argument("--games", type=int, default=200, help="games per pair (default 200)")
    parser.add_argument("--workers", type=int, default=os.cpu_count() or 1)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args(argv)

    bots: dict[str, Bot] = {name: make_bot(name) for name in ("random", "greedy", "odds")}
    bots["centre"] = CentreBot()
    rules = mp.Rules.classic(players=2)
    wins = dict.fromkeys(bots, 0)
    with ProcessPoolExecutor(max_workers=args.workers) as executor:
        for first, second in itertools.combinations(bots, 2):
            result = simulate(
                rules, [bots[first], bots[second]], args.games, args.seed, executor=executor
            )
            rates = result.win_rates
            print(f"{first:>7} against {second:<7} {rates[0]:6.1%} to {rates[1]:6.1%}")
            wins[first] += result.wins[0]
            wins[second] += result.wins[1]
    print(
        "wins:",
        ", ".join(
            f"{name} {count}" for name, count in sorted(wins.items(), key=lambda item: -item[1])
        ),
    )
    return 0


if __name__ == "__main__":  # the workers import this file again: start them only here
    sys.exit(main())
