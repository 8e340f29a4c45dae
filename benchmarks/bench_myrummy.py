"""Print the speed of MyRummy on this machine: self-play, the solver, memory per state.

- Random self-play: at each decision, with even odds, a random one of the
  first 8 plays ``plays`` yields (when there is one), else the draw (or the
  pass once the pool is empty); at each chance node ``sample_chance``; full
  matches through the public API, steps/s and games/s in CPU time. Above 30
  table tiles the plays are the rack's alone (the table left as it is):
  enumerating a big table's rearrangements can take seconds.
- ``best_play`` CPU time per position: decision positions taken from greedy
  self-play once the table holds at least ``--min-table`` tiles (mid-game, the
  game left once its table passes 60 tiles), median and 99th percentile; then
  end-game tables of 49 tiles and more (``--end-positions`` of them).
- Memory per state: tracemalloc over states made by ``apply`` from a dealt game.

Run with ``python benchmarks/bench_myrummy.py [--seconds S] [--positions N] [--end-positions N]``.
"""

from __future__ import annotations

import argparse
import platform
import random
import statistics
import time
import tracemalloc
from itertools import islice

import attrs

import morpyam.myrummy as mr


def random_plays(state: mr.State, breadth: int, max_table: int) -> list[mr.Play]:
    """The first ``breadth`` plays ``plays`` yields, bounded in time.

    Enumerating the rearrangements of a big table can take seconds when few of
    them are legal, so above ``max_table`` table tiles the plays are those of
    the rack alone (new combinations, the table left as it is), enumerated
    with ``plays`` on the same position with the table set aside.
    """
    player = state.player
    if not state.opened[player] or sum(len(m.tiles) for m in state.table) <= max_table:
        return list(islice(mr.plays(state), breadth))
    rack_only = attrs.evolve(
        state,
        rules=attrs.evolve(state.rules, opening_points=0, handrummy=False),
        opened=tuple(seat != player and seen for seat, seen in enumerate(state.opened)),
    )
    return list(islice(mr.plays(rack_only), breadth))


def self_play(
    seconds: float, seed: int, breadth: int = 8, max_table: int = 30
) -> tuple[int, int, int, float]:
    """Random matches for about ``seconds`` of CPU time: (steps, plays laid, games, elapsed).

    At a decision the player takes, with even odds, a random one of the first
    ``breadth`` plays (see ``random_plays``; when there is one) or the first of
    ``legal_actions`` (a draw, or a pass once the pool is empty); at a chance
    node ``sample_chance``.
    """
    rng = random.Random(seed)
    rules = mr.Rules.classic(2)
    steps = laid = games = 0
    start = time.process_time()
    while time.process_time() - start < seconds:
        state = mr.new_game(rules)
        while not state.is_terminal:
            if state.is_chance:
                action: mr.Action = mr.sample_chance(state, rng)
            else:
                found = random_plays(state, breadth, max_table) if rng.random() < 0.5 else []
                action = rng.choice(found) if found else mr.legal_actions(state)[0]
                laid += bool(found)
            state = mr.apply(state, action)
            steps += 1
        games += 1
    return steps, laid, games, time.process_time() - start


def mid_game_positions(
    count: int, min_table: int, seed: int, max_table: int = 60
) -> list[mr.State]:
    """Decision positions of greedy self-play with ``min_table`` to ``max_table`` tiles on the
    table (the game is left once its table grows past ``max_table``)."""
    rng = random.Random(seed)
    found: list[mr.State] = []
    while len(found) < count:
        state = mr.new_game(mr.Rules.classic(2))
        while not state.is_terminal and len(found) < count:
            if state.is_chance:
                state = mr.apply(state, mr.sample_chance(state, rng))
                continue
            if sum(len(meld.tiles) for meld in state.table) >= min_table:
                found.append(state)
            play = mr.best_play(state)
            state = mr.apply(state, play if play is not None else mr.legal_actions(state)[0])
            if sum(len(meld.tiles) for meld in state.table) > max_table:
                break
    return found


def solver_times(positions: list[mr.State]) -> list[float]:
    """CPU seconds per ``best_play`` call (``time.process_time``: the machine is shared)."""
    times = []
    for state in positions:
        start = time.process_time()
        mr.best_play(state)
        times.append(time.process_time() - start)
    return times


def summary(name: str, positions: list[mr.State], times: list[float]) -> str:
    """Median, 99th percentile and maximum of ``times``, with the tables' sizes."""
    times = sorted(times)
    p99 = times[min(len(times) - 1, round(0.99 * (len(times) - 1)))]
    tables = [sum(len(m.tiles) for m in s.table) for s in positions]
    return (
        f"best_play over {len(times)} {name} positions (table {min(tables)}-{max(tables)} tiles): "
        f"median {statistics.median(times) * 1000:.1f} ms, p99 {p99 * 1000:.1f} ms, "
        f"max {times[-1] * 1000:.1f} ms"
    )


def memory_per_state(count: int = 150) -> float:
    """Bytes allocated per state made by ``apply`` (draws after a deal)."""
    rng = random.Random(1)
    state = mr.new_game(mr.Rules.classic(2), first_player=0)
    while state.is_chance:
        state = mr.apply(state, mr.sample_chance(state, rng))
    tracemalloc.start()
    before = tracemalloc.get_traced_memory()[0]
    kept = []
    for _ in range(count):
        if state.is_terminal:
            break
        if state.is_chance:
            state = mr.apply(state, mr.sample_chance(state, rng))
        else:
            state = mr.apply(state, mr.legal_actions(state)[0])
        kept.append(state)
    after = tracemalloc.get_traced_memory()[0]
    tracemalloc.stop()
    return (after - before) / len(kept)


def main() -> None:
    """Measure and print."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=5.0)
    parser.add_argument("--positions", type=int, default=60)
    parser.add_argument("--min-table", type=int, default=20)
    parser.add_argument("--end-positions", type=int, default=20)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    print(f"Python {platform.python_version()} on {platform.machine()}")
    steps, laid, games, elapsed = self_play(args.seconds, args.seed)
    print(
        f"random self-play ({games} matches, {steps:,} steps, {laid:,} plays laid, CPU time): "
        f"{steps / elapsed:,.0f} steps/s, {games / elapsed:,.2f} games/s"
    )
    positions = mid_game_positions(args.positions, args.min_table, args.seed)
    print(summary("mid-game", positions, solver_times(positions)))
    ends = mid_game_positions(args.end_positions, 49, args.seed, max_table=106)
    print(summary("end-game", ends, solver_times(ends)))
    print(f"memory per state: {memory_per_state():,.0f} bytes")


if __name__ == "__main__":
    main()
