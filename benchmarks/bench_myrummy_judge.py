"""Print how long the MyRummy judge takes on hostile plays built to be slow.

A play names only the table after it, so the judge must find which copy of
each duplicated tile went where (R-RUM-RE-2, R-RUM-JOK-3). The plays here are
built so that many duplicated kinds could have gone to two places:

- ``independent``: four colours, each two identical runs of 1 to 13 (or 1 to
  6) rearranged, under ``min_stay=4``; the last colour (in table order)
  has no legal matching. A search over all matchings at once tries the product of the
  colours' matchings (2^13 × 2^13 × 2^13 × 2^6); the judge searches each
  linked part alone (their sum).
- ``exhausting``: two identical runs of 1 to 13 cut into [1-6] [7-13] twice
  under ``min_stay=13``: all 2^13 = 8,192 matchings are tried and fail.
- ``refused``: 20 duplicated kinds linked in one part (2^20 matchings), more
  than ``judge.MAX_CHECKS``: refused before any search.

Run with ``PYTHONPATH=. python benchmarks/bench_myrummy_judge.py``.
"""

from __future__ import annotations

import time

import attrs

import morpyam.myrummy as mr
from morpyam.myrummy.judge import MAX_CHECKS, _Matcher
from morpyam.myrummy.melds import sort_table


def runs(colour: str, *spans: tuple[int, int]) -> list[mr.Meld]:
    """Runs of ``colour`` over the given (first, last) values."""
    return [
        mr.parse_meld("[" + " ".join(f"{colour}{v}" for v in range(a, b + 1)) + "]")
        for a, b in spans
    ]


def independent() -> tuple[mr.Rules, tuple[mr.Meld, ...], tuple[mr.Meld, ...]]:
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


def exhausting() -> tuple[mr.Rules, tuple[mr.Meld, ...], tuple[mr.Meld, ...]]:
    """One part of 13 duplicated kinds, no legal matching."""
    rules = attrs.evolve(mr.Rules.classic(), min_stay=13)
    return (
        rules,
        tuple(runs("bk", (1, 13), (1, 13))),
        (*runs("bk", (1, 6), (7, 13), (1, 6), (7, 13)), *runs("gn", (1, 3))),
    )


def wide() -> tuple[mr.Rules, tuple[mr.Meld, ...], tuple[mr.Meld, ...]]:
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


def linked() -> tuple[mr.Rules, tuple[mr.Meld, ...], tuple[mr.Meld, ...]]:
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


def timed(name: str, case: tuple[mr.Rules, tuple[mr.Meld, ...], tuple[mr.Meld, ...]]) -> float:
    """Judge one case, print the verdict, the CPU time and the checks; return seconds per check."""
    rules, before, after = case
    start = time.process_time()
    matcher = _Matcher(rules.min_stay, sort_table(before), sort_table(after))
    error = matcher.search()
    elapsed = time.process_time() - start
    verdict = "legal" if error is None else str(error)[:72]
    print(f"{name}: {elapsed * 1000:.1f} ms CPU, {matcher.checks:,} checks: {verdict}")
    return elapsed / max(1, matcher.checks)


def main() -> None:
    """Measure and print."""
    print(f"judge.MAX_CHECKS = {MAX_CHECKS:,}")
    timed("independent", independent())
    per_check = timed("exhausting", exhausting())
    timed("wide", wide())
    timed("linked", linked())
    print(f"worst case at the limit: about {per_check * MAX_CHECKS:.2f} s CPU")


if __name__ == "__main__":
    main()
