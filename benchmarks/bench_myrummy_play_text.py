"""Print how a MyRummy play's short text (its moves) fares over bot matches.

For every play of bot matches (greedy, random and greedy seats, bounded at 60
table tiles as at the terminal; the classic rules for two players and
Rummikub's for three, one match per seed), ``play_text`` writes the play and
``parse_play`` reads it back, which must give the very same play. It prints
how many plays there were, how many were written as the whole table (no moves
read back exactly), the time a text takes, and the median length of the texts
against the whole table's.

Run with ``PYTHONPATH=. python benchmarks/bench_myrummy_play_text.py [GAMES]``
(GAMES per rules, default 40).
"""

from __future__ import annotations

import random
import statistics
import sys
import time

import morpyam.myrummy as mr
from morpyam.myrummy.play._bots import Bot, GreedyBot, RandomBot


def main(games: int) -> None:
    plays = whole = 0
    spent = 0.0
    lengths: list[tuple[int, int]] = []
    for rules in (mr.Rules.classic(2), mr.Rules.rummikub(3)):
        for seed in range(games):
            rng = random.Random(seed)
            bots: list[Bot] = [GreedyBot(max_table=60), RandomBot(max_table=60)]
            bots.append(GreedyBot(max_table=60))
            state = mr.new_game(rules)
            for _ in range(600):
                if state.is_terminal:
                    break
                if state.is_chance:
                    state = mr.apply(state, mr.sample_chance(state, rng))
                    continue
                action = bots[state.player].choose(state, rng)
                if isinstance(action, mr.Play):
                    start = time.perf_counter()
                    text = mr.play_text(state, action)
                    spent += time.perf_counter() - start
                    plays += 1
                    if mr.parse_play(state, text) != action:
                        raise AssertionError(f"{text!r} does not read back as {action}")
                    whole += text.startswith("play")
                    lengths.append((len(text), len(str(action))))
                state = mr.apply(state, action)
    print(f"{plays} plays of {2 * games} matches; {whole} written as the whole table")
    print(f"a text: {1000 * spent / max(plays, 1):.1f} ms on average")
    moves = statistics.median(length for length, _ in lengths)
    tables = statistics.median(length for _, length in lengths)
    print(f"median length: {moves:.0f} characters as moves, {tables:.0f} as the whole table")


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 40)
