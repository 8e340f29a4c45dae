"""Print ``best_play`` beside rummikub-solver, the public integer-programming solver, on the same positions.

Each position is a table of valid runs and groups drawn at random from the
106 tiles, and a rack drawn from the rest, both players laid out, with free
rearranging (``Rules.rummikub()``, no "three must stay"): the game both
solvers model. Per size (rack tiles × table tiles) the script prints, for
each solver, the median, 90th and 99th percentile and the slowest time of a
position (wall time, one process, ``time.perf_counter``), and how many tiles
each lays.

Where no joker lies on the table, the two answer the same question and must
lay the same number of tiles; a position where they differ is printed, and
the run ends with a failure status. With jokers on the table they may
differ, for two documented reasons counted apart:

- rummikub-solver moves a table joker that no tile has replaced (it sees
  only counts of tiles, not where a joker lay), which R-RUM-JOK-3 forbids:
  it may lay more;
- rummikub-solver leaves out runs longer than three that end with a joker
  and groups of four with a joker (its "redundant joker" rule): it may lay
  fewer.

rummikub-solver (with the HiGHS backend) is a benchmark-only dependency,
installed by ``nox -s peers`` or by hand: ``pip install 'rummikub-solver[highs]'``
(Python 3.11 or newer); the library never imports it. The first call of
each solver builds its integer program once and is left out of the timings.
``best_play`` takes the integer program of the ``myrummy-ilp`` extra on big
racks when scipy is installed, and the program that follows every copy where
a joker on the table ties it to its place (the script says which); without
scipy, the relaxation's search and the copy program.

Run with ``python benchmarks/bench_myrummy_peers.py [--positions N] [--seed S]
[--sizes 14x20,20x40] [--jokers none|table|both]``.
"""

from __future__ import annotations

import argparse
import platform
import random
import statistics
import sys
import time
from collections import Counter
from collections.abc import Callable, Sequence

import attrs

import morpyam.myrummy as mr
from morpyam.myrummy.solve import _ilp as ilp

SIZES = tuple((rack, table) for rack in (14, 20, 30) for table in (20, 40, 60))
"""The default sizes: racks of 14, 20 and 30 tiles, tables of 20, 40 and 60."""


@attrs.frozen
class Position:
    """A rack, the table it plays onto, and the other player's one-tile rack."""

    rack: tuple[mr.Tile, ...]
    table: tuple[mr.Meld, ...]
    other: mr.Tile


def random_meld(pool: Counter[mr.Tile], rng: random.Random, joker: bool) -> mr.Meld | None:
    """A random run or group whose tiles ``pool`` holds, taken from it (one joker in it when
    ``joker``), or None when 50 tries found none."""
    colours = list(mr.Colour)
    for _ in range(50):
        is_run = rng.random() < 0.5
        if is_run:
            colour = rng.choice(colours)
            length = rng.choice((3, 3, 4, 5, 6))
            start = rng.randint(1, 14 - length)
            tiles = [mr.Tile(colour, value) for value in range(start, start + length)]
        else:
            value = rng.randint(1, 13)
            tiles = [mr.Tile(colour, value) for colour in rng.sample(colours, rng.choice((3, 4)))]
        if joker:
            tiles[rng.randrange(len(tiles))] = mr.JOKER
        need = Counter(tiles)
        if all(pool[tile] >= count for tile, count in need.items()):
            pool.subtract(need)
            text = " ".join(str(tile) for tile in tiles)
            return mr.parse_meld(f"[{text}]" if is_run else f"{{{text}}}")
    return None


def position(rack_size: int, table_size: int, rng: random.Random, table_jokers: int) -> Position:
    """A random position: a table of about ``table_size`` tiles, a rack of ``rack_size``."""
    while True:
        pool: Counter[mr.Tile] = Counter(dict.fromkeys(mr.TILES, 2))
        table: list[mr.Meld] = []
        placed = 0
        jokers_left = table_jokers
        while placed < table_size:
            meld = random_meld(pool, rng, joker=jokers_left > 0)
            if meld is None:
                break
            jokers_left -= sum(tile.is_joker for tile in meld.tiles)
            table.append(meld)
            placed += len(meld.tiles)
        if placed < table_size or jokers_left > 0:
            continue
        rest = list(pool.elements())
        rng.shuffle(rest)
        return Position(rack=tuple(rest[:rack_size]), table=tuple(table), other=rest[rack_size])


def morpyam_best(spot: Position) -> tuple[mr.State, mr.Play | None]:
    """The position as a state, and ``best_play`` on it (the call the script times)."""
    state = mr.position(
        mr.Rules.rummikub(), racks=[spot.rack, (spot.other,)], table=spot.table, opened=[0, 1]
    )
    return state, mr.best_play(state)


def tiles_laid(state: mr.State, play: mr.Play | None) -> int:
    """How many rack tiles ``play`` lays (0 for no play); ``apply`` checks it."""
    if play is None:
        return 0
    after = mr.apply(state, play)
    return len(state.racks[0]) - len(after.racks[0])


def peer_solver() -> Callable[[Position], int]:
    """rummikub-solver's tile-count mode, as a function of a position (its tiles laid)."""
    import rummikub_solver as rks

    ruleset = rks.RuleSet(solver_backend=rks.MILPSolver.HIGHS)
    numbers = {
        (tile.colour, tile.value): tile for tile in ruleset.tiles if isinstance(tile, rks.Number)
    }
    (joker,) = (tile for tile in ruleset.tiles if isinstance(tile, rks.Joker))
    colour_of = dict(zip(mr.Colour, list(rks.Colour)[:4], strict=True))

    def peer(tile: mr.Tile) -> object:
        return joker if tile.is_joker else numbers[colour_of[tile.colour], tile.value]

    def solve(spot: Position) -> int:
        state = ruleset.new_game()
        state.initial = False
        state.add_rack(*(peer(tile) for tile in spot.rack))
        state.add_table(*(peer(tile) for meld in spot.table for tile in meld.tiles))
        solution = ruleset.solve(state, rks.SolverMode.TILE_COUNT)
        return 0 if solution is None else len(solution.tiles)

    return solve


def percentile(times: Sequence[float], fraction: float) -> float:
    """The ``fraction`` quantile of ``times`` (nearest rank), in milliseconds."""
    ordered = sorted(times)
    return ordered[min(len(ordered) - 1, round(fraction * (len(ordered) - 1)))] * 1000


def figures(times: Sequence[float]) -> str:
    """Median, 90th, 99th percentile and maximum of ``times`` (seconds), in milliseconds."""
    return " ".join(
        f"{value:8.1f}"
        for value in (
            statistics.median(times) * 1000,
            percentile(times, 0.9),
            percentile(times, 0.99),
            max(times) * 1000,
        )
    )


def main(argv: Sequence[str] | None = None) -> int:
    """Run the comparison and print one block of figures per size and joker setting."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--positions", type=int, default=30, help="positions per size (30)")
    parser.add_argument("--seed", type=int, default=1, help="the positions' seed (1)")
    parser.add_argument(
        "--sizes",
        default=",".join(f"{rack}x{table}" for rack, table in SIZES),
        help="RACKxTABLE sizes, comma-separated (all nine of 14/20/30 x 20/40/60)",
    )
    parser.add_argument(
        "--jokers",
        choices=("none", "table", "both"),
        default="both",
        help="positions without a table joker, with one, or both (both)",
    )
    args = parser.parse_args(argv)
    sizes = [tuple(int(part) for part in size.split("x")) for size in args.sizes.split(",")]
    settings = {"none": (0,), "table": (1,), "both": (0, 1)}[args.jokers]
    solve_peer = peer_solver()
    rng = random.Random(args.seed)
    print(f"Python {platform.python_version()} on {platform.machine()}; seed {args.seed}")
    path = (
        "relaxation's search on small racks within its budget, else integer program (scipy),"
        " then the copy program where a joker lies on the table"
        if ilp.available()
        else "relaxation's search, then the copy program where a joker lies on the table (no scipy)"
    )
    print(f"morpyam's path: {path}")
    print("wall time per position in ms: median, p90, p99, max")
    disagreements = 0
    for table_jokers in settings:
        for rack_size, table_size in sizes:
            spots = [
                position(rack_size, table_size, rng, table_jokers) for _ in range(args.positions)
            ]
            solve_peer(spots[0])  # the first calls build the integer programs
            morpyam_best(spots[0])
            ours: list[float] = []
            theirs: list[float] = []
            more = fewer = 0
            for spot in spots:
                start = time.perf_counter()
                state, play = morpyam_best(spot)
                ours.append(time.perf_counter() - start)
                laid = tiles_laid(state, play)
                start = time.perf_counter()
                peer_laid = solve_peer(spot)
                theirs.append(time.perf_counter() - start)
                if peer_laid != laid:
                    if table_jokers == 0:
                        disagreements += 1
                        print(
                            f"  DISAGREE rack {spot.rack} table {spot.table}: {laid} vs {peer_laid}"
                        )
                    elif peer_laid > laid:
                        more += 1
                    else:
                        fewer += 1
            label = f"rack {rack_size:2} table {table_size:2} {'joker on table' if table_jokers else 'no table joker'}"
            print(f"{label}: {len(spots)} positions")
            print(f"  morpyam best_play      {figures(ours)}")
            print(f"  rummikub-solver HiGHS  {figures(theirs)}")
            print(
                f"  median ratio {statistics.median(ours) / statistics.median(theirs):.2f}x; "
                f"p99 ratio {percentile(ours, 0.99) / percentile(theirs, 0.99):.2f}x"
                + (
                    f"; peer lays more {more} (moves an unreplaced joker), fewer {fewer}"
                    if table_jokers
                    else ""
                )
            )
            sys.stdout.flush()
    if disagreements:
        print(f"{disagreements} positions without a table joker where the two disagree")
        return 1
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
