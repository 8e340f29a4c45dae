"""Print how long the MyRummy judge takes on plays built to be slow, and how far it searches.

A play names only the table after it, so the judge must find which copy of
each duplicated tile went where (R-RUM-RE-2, R-RUM-JOK-3). The plays here are
built so that many duplicated kinds could have gone to two places:

- ``independent``: four colours, each two identical runs of 1 to 13 (or 1 to
  6) rearranged, under ``min_stay=4``; the last colour (in table order)
  has no legal matching. A search over all matchings at once tries the product of the
  colours' matchings (2^13 × 2^13 × 2^13 × 2^6); the judge searches each
  independent part alone.
- ``exhausting``: two identical runs of 1 to 13 cut into [1-6] [7-13] twice
  under ``min_stay=13``: none of the 2^13 matchings is legal.
- ``wide``: 20 duplicated kinds linked through a group, legal.
- ``linked``: 26 duplicated kinds in one part; the group that breaks the rule
  comes last in tile order (2^26 matchings in that order).
- ``joker61``: a 61-tile table whose joker is replaced and moved while every
  run and group is cut anew (legal; a search that decides the joker's
  combination last needs 2^21 steps to see it).
- ``random``: the slowest of many random full tables (two copies of every
  tile; half of them with both jokers) re-cut into other runs and groups,
  legal or not.

Run with ``PYTHONPATH=. python benchmarks/bench_myrummy_judge.py``.
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable

import attrs

import morpyam.myrummy as mr
from morpyam.myrummy.core._judge import _Judge
from morpyam.myrummy.core._melds import sort_table

Case = tuple[mr.Rules, tuple[mr.Meld, ...], tuple[mr.Meld, ...]]


def runs(colour: str, *spans: tuple[int, int]) -> list[mr.Meld]:
    """Runs of ``colour`` over the given (first, last) values."""
    return [
        mr.parse_meld("[" + " ".join(f"{colour}{v}" for v in range(a, b + 1)) + "]")
        for a, b in spans
    ]


def independent() -> Case:
    """Three satisfiable colours, then one that is not."""
    rules = attrs.evolve(mr.Rules.classic(), min_stay=4)
    before: list[mr.Meld] = []
    after: list[mr.Meld] = []
    for colour in ("pu", "bk", "gn"):
        before += runs(colour, (1, 13), (1, 13))
        after += runs(colour, (1, 13), (1, 13))
    before += runs("gy", (1, 6), (1, 6))
    after += runs("gy", (1, 3), (4, 7), (1, 3), (4, 6))
    return rules, tuple(before), tuple(after)


def exhausting() -> Case:
    """One part of 13 duplicated kinds, no legal matching."""
    rules = attrs.evolve(mr.Rules.classic(), min_stay=13)
    return (
        rules,
        tuple(runs("bk", (1, 13), (1, 13))),
        (*runs("bk", (1, 6), (7, 13), (1, 6), (7, 13)), *runs("gn", (1, 3))),
    )


def wide() -> Case:
    """20 duplicated kinds linked through a group."""
    rules = mr.Rules.classic()
    before = (
        *runs("bk", (1, 13), (1, 9)),
        *runs("gn", (1, 13), (1, 9)),
        mr.parse_meld("{bk10 gn10 gy10}"),
    )
    after = (
        *runs("bk", (1, 5), (1, 5), (6, 10), (6, 10), (11, 13)),
        *runs("gn", (1, 5), (1, 5), (6, 10), (6, 10), (11, 13)),
        mr.parse_meld("{gy10 pu10 J}"),
    )
    return rules, before, after


def linked() -> Case:
    """26 duplicated kinds in one part; the small group that breaks R-RUM-RE-2 is placed last
    by tile order, so a search in that order tries all 2^26 matchings of the runs first."""
    rules = mr.Rules.classic()
    before = (
        *runs("bk", (1, 13), (1, 12)),
        *runs("gn", (1, 13), (1, 12)),
        mr.parse_meld("{bk13 gn13 gy13 pu13}"),
    )
    after = (
        *runs("bk", (1, 13), (1, 12)),
        *runs("gn", (1, 13), (1, 12)),
        mr.parse_meld("{bk13 gn13 J}"),
        mr.parse_meld("{gy13 pu13 J}"),
    )
    return rules, before, after


def joker61() -> Case:
    """The 61-tile table: pu1 replaces the joker of [J pu2 .. pu13], which goes to [gy1 gy2 J]."""
    parse = mr.parse_meld
    before = (
        parse("[J " + " ".join(f"pu{v}" for v in range(2, 14)) + "]"),
        *runs("pu", (2, 4)),
        *[parse(f"{{pu{v} bk{v} gn{v}}}") for v in range(5, 14)],
        *runs("bk", (5, 13)),
        *runs("gn", (5, 13)),
    )
    after = (
        *runs("pu", (1, 3), (2, 13), (4, 13)),
        *runs("bk", (5, 13), (5, 13)),
        *runs("gn", (5, 13), (5, 13)),
        parse("[gy1 gy2 J]"),
    )
    return mr.Rules.classic(), before, after


def random_table(rng: random.Random) -> tuple[mr.Meld, ...]:
    """All 106 tiles as runs and groups: two copies of every tile, both jokers."""
    colours = ("pu", "bk", "gn", "gy")
    while True:
        melds: list[mr.Meld] = []
        left = {(c, v): 2 for c in colours for v in range(1, 14)}
        for value in range(1, 14):
            for _ in range(rng.randint(0, 2)):
                chosen = [c for c in rng.sample(colours, rng.choice((3, 4))) if left[(c, value)]]
                if len(chosen) >= 3:
                    for c in chosen:
                        left[(c, value)] -= 1
                    melds.append(mr.Group([mr.parse_tile(f"{c}{value}") for c in chosen]))
        ok = True
        for c in colours:
            for _ in range(2):
                values = [v for v in range(1, 14) if left[(c, v)]]
                # the copies left of a colour become runs; a gap of one takes a joker
                pieces: list[list[int]] = []
                for v in values:
                    if pieces and v == pieces[-1][-1] + 1:
                        pieces[-1].append(v)
                    else:
                        pieces.append([v])
                for piece in pieces:
                    if len(piece) < 3:
                        ok = False
                        break
                    for v in piece:
                        left[(c, v)] -= 1
                    melds.append(mr.Run([mr.parse_tile(f"{c}{v}") for v in piece]))
        if ok and not any(left.values()):
            return tuple(melds)


def recut(rng: random.Random, table: tuple[mr.Meld, ...]) -> tuple[mr.Meld, ...]:
    """The same tiles cut into other runs and groups (not necessarily a legal play)."""
    while True:
        other = random_table(rng)
        if sorted(t.index for m in other for t in m.tiles) == sorted(
            t.index for m in table for t in m.tiles
        ):
            return other


def with_jokers(
    rng: random.Random, before: tuple[mr.Meld, ...], after: tuple[mr.Meld, ...]
) -> tuple[tuple[mr.Meld, ...], tuple[mr.Meld, ...]]:
    """Both tables with one copy of each of two tiles drawn at random made a joker, in each
    table a copy of its own choosing (the tile counts still agree)."""
    for kind in rng.sample(range(52), 2):
        tables = []
        for table in (before, after):
            places = [
                (i, p)
                for i, m in enumerate(table)
                for p, t in enumerate(m.tiles)
                if t.index == kind
            ]
            i, p = rng.choice(places)
            tiles = list(table[i].tiles)
            tiles[p] = mr.JOKER
            meld = type(table[i])(tiles)
            tables.append((*table[:i], meld, *table[i + 1 :]))
        before, after = tables
    return before, after


def timed(name: str, case: Case) -> float:
    """Judge one case, print the verdict, the CPU time and the nodes searched; return seconds."""
    rules, before, after = case
    start = time.process_time()
    judge = _Judge(rules.min_stay, sort_table(before), sort_table(after))
    error = judge.error()
    elapsed = time.process_time() - start
    verdict = "legal" if error is None else str(error)[:72]
    print(f"{name}: {elapsed * 1000:.1f} ms CPU, {judge.search.nodes:,} nodes: {verdict}")
    return elapsed


CASES: dict[str, Callable[[], Case]] = {
    "independent": independent,
    "exhausting": exhausting,
    "wide": wide,
    "linked": linked,
    "joker61": joker61,
}


def random_worst(tables: int, seed: int = 1) -> None:
    """Judge ``tables`` random full tables re-cut (half of them with both jokers), under
    min_stay 3, 4 and None; print the slowest and the share judged legal."""
    rng = random.Random(seed)
    worst = (0.0, 0, "")
    legal = judged = 0
    for number in range(tables):
        before = random_table(rng)
        after = recut(rng, before)
        if number % 2:
            before, after = with_jokers(rng, before, after)
        for min_stay in (3, 4, None):
            start = time.process_time()
            judge = _Judge(min_stay, sort_table(before), sort_table(after))
            error = judge.error()
            elapsed = time.process_time() - start
            judged += 1
            legal += error is None
            if elapsed > worst[0]:
                worst = (
                    elapsed,
                    judge.search.nodes,
                    f"min_stay={min_stay}, legal: {error is None}",
                )
    print(
        f"random ({tables} full tables re-cut, {legal} of {judged} verdicts legal): slowest "
        f"{worst[0] * 1000:.1f} ms CPU, {worst[1]:,} nodes ({worst[2]})"
    )


def main() -> None:
    """Measure and print."""
    for name, case in CASES.items():
        timed(name, case())
    random_worst(300)


if __name__ == "__main__":
    main()
