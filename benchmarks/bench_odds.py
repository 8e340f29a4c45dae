"""Print how fast the exact odds are built and queried; optionally draw the odds chart.

The table build is timed in fresh processes, so every table starts cold:
the 13 single-figure tables (every figure × every sorted outcome × rolls left
0 to 2), then the same as 9,828 `Fraction` values through ``hit_probability``.
Run with ``python benchmarks/bench_odds.py [--repeat N] [--svg docs/odds-chart.svg]``.
"""

from __future__ import annotations

import argparse
import platform
import random
import statistics
import subprocess
import sys
import timeit
from fractions import Fraction

import morpyam as mp
from morpyam.odds import best_keep, hit_probability, turn_probability, turn_table

_COLD = """
import time
t0 = time.perf_counter()
import morpyam.odds as odds
from morpyam import Figure
from morpyam.dice import OUTCOMES
t1 = time.perf_counter()
for figure in Figure:
    odds.hit_probability((1, 2, 3, 4, 6), figure, 2)
t2 = time.perf_counter()
for figure in Figure:
    for dice in OUTCOMES:
        for rolls_left in (0, 1, 2):
            odds.hit_probability(dice, figure, rolls_left)
t3 = time.perf_counter()
print(t1 - t0, t2 - t1, t3 - t1)
"""


def cold_builds(repeat: int) -> list[tuple[float, float, float]]:
    """(import, 13 tables, full table as Fractions) in seconds, each in a fresh process."""
    runs = []
    for _ in range(repeat):
        out = subprocess.run(
            [sys.executable, "-c", _COLD], capture_output=True, text=True, check=True
        ).stdout
        first, second, third = (float(x) for x in out.split())
        runs.append((first, second, third))
    return runs


def per_call(fn: object, calls: int) -> float:
    """Best of 5 runs, in µs per call."""
    return min(timeit.repeat(fn, number=calls, repeat=5)) / calls * 1e6  # type: ignore[arg-type]


# --- the chart -----------------------------------------------------------------------------

_COLOURS = ("#9ecae1", "#4292c6", "#08519c")


def odds_svg() -> str:
    """A bar chart of ``turn_table()``: per label, the chance within 1, 2 and 3 rolls."""
    table = turn_table()
    bar, gap, left, top, width = 9, 8, 150, 40, 420
    scale = 70  # percent at the right end of the axis: the highest chance is 61.5%
    height = top + len(table) * (3 * bar + gap) + 30
    parts = [
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{left + width + 70}" '
        f'height="{height}" font-family="sans-serif" font-size="11">',
        "<title>Chance of showing each figure within 1, 2 and 3 rolls of a turn</title>",
        f'<rect width="{left + width + 70}" height="{height}" fill="white"/>',
    ]
    for n, colour in enumerate(_COLOURS):
        key = left + n * 110
        parts.append(f'<rect x="{key}" y="12" width="12" height="12" fill="{colour}"/>')
        parts.append(f'<text x="{key + 16}" y="22">{n + 1} roll{"s" if n else ""}</text>')
    for tick in range(0, scale + 1, 10):
        x = left + width * tick / scale
        parts.append(
            f'<line x1="{x:.1f}" y1="{top - 4}" x2="{x:.1f}" y2="{height - 26}" stroke="#ddd"/>'
        )
        parts.append(f'<text x="{x:.1f}" y="{height - 12}" text-anchor="middle">{tick}%</text>')
    for row, (label, chances) in enumerate(table):
        y = top + row * (3 * bar + gap)
        name = label.name if isinstance(label, mp.Figure) else "SEC (1st roll only)"
        parts.append(
            f'<text x="{left - 6}" y="{y + 1.5 * bar + 4}" text-anchor="end">{name}</text>'
        )
        for n, (chance, colour) in enumerate(zip(chances, _COLOURS)):
            length = width * float(chance) * 100 / scale
            parts.append(
                f'<rect x="{left}" y="{y + n * bar}" width="{length:.1f}" height="{bar - 1}" '
                f'fill="{colour}"/>'
            )
            parts.append(
                f'<text x="{left + length + 3:.1f}" y="{y + n * bar + bar - 1.5}" '
                f'font-size="8">{float(chance):.1%}</text>'
            )
    parts.append("</svg>")
    return "\n".join(parts) + "\n"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--repeat", type=int, default=7, help="fresh processes for the build")
    parser.add_argument("--svg", help="write the odds chart to this file and stop")
    args = parser.parse_args()
    if args.svg:
        with open(args.svg, "w", encoding="utf-8") as file:
            file.write(odds_svg())
        print(f"wrote {args.svg}")
        return
    print(f"morpyam {mp.__version__}, Python {platform.python_version()}, {platform.machine()}")
    runs = cold_builds(args.repeat)
    for name, column in (
        ("import morpyam.odds", 0),
        ("13 single-figure tables (integers), cold", 1),
        ("full table as 9,828 Fractions (figure × outcome × rolls left 0-2), cold", 2),
    ):
        values = [run[column] * 1e3 for run in runs]
        print(
            f"{name}: best {min(values):.1f} ms, median {statistics.median(values):.1f} ms "
            f"({args.repeat} fresh processes)"
        )

    rng = random.Random(2026)
    positions = [tuple(rng.randint(1, 6) for _ in range(5)) for _ in range(1000)]
    figures = [rng.choice(list(mp.Figure)) for _ in range(1000)]
    pairs = list(zip(positions, figures))

    def hits() -> None:
        for dice, figure in pairs:
            hit_probability(dice, figure, 2)

    def keeps() -> None:
        for dice, figure in pairs:
            best_keep(dice, figure, 2)

    print(f"hit_probability (warm): {per_call(hits, 5) / len(pairs):.2f} µs per call")
    print(f"best_keep (warm): {per_call(keeps, 5) / len(pairs):.2f} µs per call")
    sets = [frozenset(rng.sample(list(mp.Figure), 4)) for _ in range(200)]
    start = timeit.default_timer()
    for target in sets:
        turn_probability(target)
    elapsed = timeit.default_timer() - start
    print(
        f"a new 4-figure target table: {elapsed / len(sets) * 1e3:.2f} ms "
        f"({len(set(sets))} distinct targets, most of them cold)"
    )
    yahtzee = turn_probability(mp.Figure.MORPYAM)
    assert yahtzee == Fraction(347897, 7558272)
    print(f"check: five of a kind within 3 rolls = {yahtzee} = {float(yahtzee):.4%}")


if __name__ == "__main__":
    main()
