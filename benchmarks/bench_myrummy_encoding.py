"""Print what MyRummy's encoding costs: the legal mask along greedy self-play.

Greedy self-play through the ids: at each decision the greedy bot's play
(``best_play``) is taken as its ids (``Encoding.play_ids``: its tiles, then
``LAY``), or ``DRAW`` / ``PASS``; every chance node samples. At every step
of a decision the mask is computed and timed in CPU time:

- the *first* mask of a turn (nothing chosen; the turn's solver answers not
  yet cached: what a training loop pays once per turn),
- the *later* masks of the turn (tiles chosen, answers of the turn cached),
- the whole turn: every mask of the turn and the ``LAY``.

Median, 90th percentile and worst of each, and the number of solver queries
per turn. Run with ``python benchmarks/bench_myrummy_encoding.py [--games N] [--seed S]``.
"""

from __future__ import annotations

import argparse
import platform
import random
import statistics
import time

import morpyam.myrummy as mr
from morpyam.myrummy import encoding as enc


def _figures(name: str, seconds: list[float]) -> str:
    if not seconds:
        return f"{name}: none"
    ordered = sorted(seconds)
    p90 = ordered[min(len(ordered) - 1, int(0.9 * len(ordered)))]
    return (
        f"{name}: {len(seconds)} samples, median {statistics.median(ordered) * 1000:.1f} ms, "
        f"90% {p90 * 1000:.1f} ms, worst {ordered[-1] * 1000:.1f} ms"
    )


def run(games: int, seed: int, players: int) -> None:
    """Play ``games`` greedy matches through the encoding and print the mask's cost."""
    rules = mr.Rules.classic(players=players)
    rng = random.Random(seed)
    first: list[float] = []
    later: list[float] = []
    turns: list[float] = []
    queries: list[int] = []
    for _ in range(games):
        encoding = enc.Encoding(rules)
        turn = encoding.new_state()
        steps = 0
        while not turn.is_terminal and steps < 5000:
            steps += 1
            if turn.is_chance:
                turn = encoding.apply_id(turn, encoding.sample_chance(turn, rng))
                continue
            play = mr.best_play(turn.state)
            ids = (
                [enc.DRAW if turn.state.pool_size else enc.PASS]
                if play is None
                else encoding.play_ids(turn, play)
            )
            spent = 0.0
            for position, action_id in enumerate(ids):
                start = time.process_time()
                mask = encoding.legal_mask(turn)
                took = time.process_time() - start
                spent += took
                (later if position else first).append(took)
                assert mask[action_id], (str(turn.state.table), action_id)
                start = time.process_time()
                after = encoding.apply_id(turn, action_id)
                spent += time.process_time() - start
                if action_id in (enc.LAY, enc.DRAW, enc.PASS):
                    known = encoding._memo.get(turn.state)
                    if known is not None:
                        queries.append(len(known.witnesses) + len(known.dead))
                turn = after
            turns.append(spent)
    print(f"python {platform.python_version()} on {platform.machine()}, {games} greedy games")
    print(_figures("first mask of a turn", first))
    print(_figures("later masks of a turn", later))
    print(_figures("whole turn (masks and lay)", turns))
    if queries:
        print(f"solver queries a turn: median {statistics.median(queries)}, worst {max(queries)}")


def main() -> None:
    """Parse the arguments and run."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=3)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--players", type=int, default=2)
    args = parser.parse_args()
    run(args.games, args.seed, args.players)


if __name__ == "__main__":
    main()
