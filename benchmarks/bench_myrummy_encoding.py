"""Print what MyRummy's encoding costs: the legal mask along greedy self-play.

Self-play through the ids; every chance node samples. ``--policy greedy``
(the default): at each decision the greedy bot's play (``best_play``) is
taken as its ids (``Encoding.play_ids``: its tiles, then ``LAY``), or
``DRAW`` / ``PASS``. ``--policy random``: a random legal id at each step
(draw or pass only one time in five when another id is legal), as an
untrained agent explores; ``--policy uniform``: a uniformly random legal id,
as the random seat of the Gymnasium env plays (it draws often, so the
racks and the table grow long); ``--max-steps`` bounds a match. At every step
of a decision the mask is computed and timed in CPU time:

- the *first* mask of a turn (nothing chosen; the turn's solver answers not
  yet cached: what a training loop pays once per turn),
- the *later* masks of the turn (tiles chosen, answers of the turn cached),
- the whole turn: every mask of the turn and the ``LAY``;
- *late* masks: every mask (first or later) while the table holds 40 tiles
  or more, as search pays it late in a game (the 95th percentile printed too);
- the whole match: its CPU time from the lot to the end (chance, masks and
  steps), median and slowest over the matches, with the seed of the slowest.

Median, 90th and 99th percentile, worst and the count over 1 s of each, and
the number of solver queries per turn. Match ``n`` (from 0) draws with
``random.Random(seed + n)``, so ``--seed S --games 1`` replays one match alone.
Run with ``python benchmarks/bench_myrummy_encoding.py [--games N] [--seed S] [--policy P]``.
"""

from __future__ import annotations

import argparse
import platform
import random
import statistics
import time

import numpy as np
import numpy.typing as npt

import morpyam.myrummy as mr
from morpyam.myrummy import encoding as enc

LATE_TABLE = 40
"""A mask counts as late from this many tiles on the table."""


def _figures(name: str, seconds: list[float]) -> str:
    if not seconds:
        return f"{name}: none"
    ordered = sorted(seconds)
    p90, p95, p99 = (
        ordered[min(len(ordered) - 1, int(q * len(ordered)))] for q in (0.9, 0.95, 0.99)
    )
    over = sum(took > 1 for took in ordered)
    return (
        f"{name}: {len(seconds)} samples, median {statistics.median(ordered) * 1000:.1f} ms, "
        f"90% {p90 * 1000:.1f} ms, 95% {p95 * 1000:.1f} ms, 99% {p99 * 1000:.1f} ms, "
        f"worst {ordered[-1] * 1000:.1f} ms, over 1 s: {over}"
    )


LAST = ([enc.LAY], [enc.DRAW], [enc.PASS])


def _random_id(mask: npt.NDArray[np.int8], policy: str, rng: random.Random) -> int:
    """A legal id of ``mask`` as ``policy`` (``random`` or ``uniform``) picks it."""
    legal = [int(i) for i in mask.nonzero()[0]]
    lays = [i for i in legal if i not in (enc.DRAW, enc.PASS)]
    if policy == "uniform" or not lays or rng.random() >= 0.8:
        lays = legal
    return rng.choice(lays)


def run(games: int, seed: int, players: int, policy: str, max_steps: int) -> None:
    """Play ``games`` matches through the encoding and print the mask's cost."""
    rules = mr.Rules.classic(players=players)
    first: list[float] = []
    later: list[float] = []
    late: list[tuple[float, int, int]] = []
    turns: list[float] = []
    queries: list[int] = []
    matches: list[tuple[float, int, int]] = []
    for game in range(games):
        rng = random.Random(seed + game)
        encoding = enc.Encoding(rules)
        turn = encoding.new_state()
        steps = 0
        began = time.process_time()
        while not turn.is_terminal and steps < max_steps:
            steps += 1
            if turn.is_chance:
                turn = encoding.apply(turn, encoding.sample_chance(turn, rng))
                continue
            ids: list[int] = []
            if policy == "greedy":
                play = mr.best_play(turn.state)
                ids = (
                    [enc.DRAW if turn.state.pool_size else enc.PASS]
                    if play is None
                    else encoding.play_ids(turn, play)
                )
            spent = 0.0
            position = 0
            while position < len(ids) or (policy != "greedy" and ids[-1:] not in LAST):
                start = time.process_time()
                mask = encoding.legal_mask(turn)
                took = time.process_time() - start
                spent += took
                (later if position else first).append(took)
                if sum(len(meld.tiles) for meld in turn.state.table) >= LATE_TABLE:
                    late.append((took, seed + game, steps))
                if policy != "greedy":
                    ids.append(_random_id(mask, policy, rng))
                action_id = ids[position]
                position += 1
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
        matches.append((time.process_time() - began, seed + game, steps))
        print(f"match seed {seed + game}: {matches[-1][0]:.2f} s, {steps} steps", flush=True)
    print(
        f"python {platform.python_version()} on {platform.machine()}, "
        f"{games} {policy} games of {players} players"
    )
    _report(first, later, turns, late, matches, queries)


def _report(
    first: list[float],
    later: list[float],
    turns: list[float],
    late: list[tuple[float, int, int]],
    matches: list[tuple[float, int, int]],
    queries: list[int],
) -> None:
    """Print the figures of a run."""
    print(_figures("first mask of a turn", first))
    print(_figures("later masks of a turn", later))
    print(_figures("whole turn (masks and lay)", turns))
    print(_figures(f"late masks (table of {LATE_TABLE}+ tiles)", [took for took, *_ in late]))
    if late:
        took, where, step = max(late)
        print(f"  slowest late mask: {took * 1000:.1f} ms, seed {where}, step {step}")
    times = [took for took, *_ in matches]
    took, where, step = max(matches)
    print(
        f"whole match CPU time: {len(matches)} matches, median {statistics.median(times):.2f} s, "
        f"slowest {took:.2f} s (seed {where}, {step} steps)"
    )
    if queries:
        print(f"solver queries a turn: median {statistics.median(queries)}, worst {max(queries)}")


def main() -> None:
    """Parse the arguments and run."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=3)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--policy", choices=("greedy", "random", "uniform"), default="greedy")
    parser.add_argument("--max-steps", type=int, default=5000)
    args = parser.parse_args()
    run(args.games, args.seed, args.players, args.policy, args.max_steps)


if __name__ == "__main__":
    main()
