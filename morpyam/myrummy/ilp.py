"""An integer program for the free-rearranging optimum: the solver's cross-check (needs scipy).

The classic formulation (den Hertog and Hulshof, 2006): one integer
variable per combination pattern, how many times it lies on the table after
the play (0 to 2), and one per tile kind, how many copies the rack lays.
Every table tile is used, no more copies than exist: for each kind, the
patterns holding it add up to the table's copies plus those laid. Runs of 3
to 5 tiles suffice (a longer run splits into such runs, each with a tile
that is no joker); jokers appear in patterns at any place. The objective is
the solver's: the most tiles laid, then the most penalty points.

It knows nothing of R-RUM-RE-2 or R-RUM-JOK-3, so it gives the optimum of
positions where those rules cannot bite (``min_stay=None``, no joker on the
table), and of openings (with ``opening`` set: the new combinations must
total at least that many points). Install with the ``myrummy-ilp`` extra.
"""

from __future__ import annotations

from itertools import combinations

from morpyam.myrummy.tiles import COLOURS, JOKER_INDEX, KINDS

__all__ = ["free_optimum", "patterns"]

Pattern = tuple[tuple[int, ...], int]
"""The kinds a combination holds (jokers as ``JOKER_INDEX``) and its points."""

_PATTERNS: list[Pattern] = []


def patterns() -> list[Pattern]:
    """Every run of 3 to 5 tiles and every group, with 0 to 2 jokers, and its points."""
    if _PATTERNS:
        return _PATTERNS
    for colour in range(len(COLOURS)):
        for length in (3, 4, 5):
            for start in range(1, 15 - length):
                places = range(length)
                for jokers in (0, 1, 2):
                    for joker_places in combinations(places, jokers):
                        kinds = tuple(
                            JOKER_INDEX
                            if place in joker_places
                            else colour * 13 + start + place - 1
                            for place in places
                        )
                        points = length * start + length * (length - 1) // 2
                        _PATTERNS.append((kinds, points))
    for value in range(1, 14):
        for size in (3, 4):
            for jokers in (0, 1, 2):
                for colours in combinations(range(len(COLOURS)), size - jokers):
                    kinds = (*(c * 13 + value - 1 for c in colours), *(JOKER_INDEX,) * jokers)
                    _PATTERNS.append((kinds, value * size))
    return _PATTERNS


def free_optimum(
    table: list[int], rack: list[int], joker_penalty: int, opening: int | None = None
) -> tuple[int, int] | None:
    """The most (tiles, penalty points) the rack can lay with free rearranging, or ``None``
    when the table cannot be kept (or the opening not reached) whatever is laid.

    ``table`` and ``rack`` count the copies of each kind (53 entries). With
    ``opening`` set, only new combinations are built (``table`` must be all
    zeros) and they must total at least ``opening`` points.

    Raises:
        ImportError: when scipy is missing, with how to install it.
    """
    try:
        import numpy as np
        from scipy.optimize import (  # type: ignore[import-untyped]
            Bounds,
            LinearConstraint,
            milp,
        )
    except ImportError as error:  # pragma: no cover - the extra is installed in the tests
        raise ImportError(
            "the MyRummy ILP check needs scipy: pip install 'morpyam[myrummy-ilp]'"
        ) from error
    found = patterns()
    n = len(found)
    size = n + KINDS
    a = np.zeros((KINDS, size))
    for column, (kinds, _) in enumerate(found):
        for kind in kinds:
            a[kind, column] += 1
    for kind in range(KINDS):
        a[kind, n + kind] = -1
    constraints = [LinearConstraint(a, np.array(table, float), np.array(table, float))]
    if opening is not None:
        row = np.zeros(size)
        row[:n] = [points for _, points in found]
        constraints.append(LinearConstraint(row.reshape(1, -1), opening, np.inf))
    worth = [joker_penalty if kind == JOKER_INDEX else kind % 13 + 1 for kind in range(KINDS)]
    cost = np.zeros(size)
    cost[n:] = [-(10_000 + w) for w in worth]
    upper = np.concatenate([np.full(n, 2.0), np.array(rack, float)])
    result = milp(
        cost,
        constraints=constraints,
        integrality=np.ones(size),
        bounds=Bounds(np.zeros(size), upper),
    )
    if result.x is None:
        return None
    laid = [round(value) for value in result.x[n:]]
    return sum(laid), sum(count * w for count, w in zip(laid, worth))
