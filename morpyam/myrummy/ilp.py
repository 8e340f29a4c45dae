"""An integer program for the free-rearranging optimum: the solver's cross-check (needs scipy).

The classic formulation (den Hertog and Hulshof, 2006): one integer
variable per combination pattern, how many times it lies on the table after
the play (0 to 2), and one per tile kind, how many copies the rack lays.
Every table tile is used, no more copies than exist: for each kind, the
patterns holding it add up to the table's copies plus those laid. Runs of 3
to 5 tiles suffice (a longer run splits into such runs, each with a tile
that is no joker); jokers appear in patterns at any place. The objective is
the solver's: the most tiles laid, then the most penalty points.

`optimum` adds what the dynamic program of
`morpyam.myrummy.dp` knows of the rules, written
independently as linear constraints, so the two can be checked against each
other:

- openings: only new combinations, at least ``opening`` points; with
  Handrummy (R-RUM-VAR-HAND), a rack that can be laid whole needs no points;
- table jokers (R-RUM-JOK-3), relaxed as the program relaxes them: for each,
  some pattern on the table must hold a joker where it may stay or a right
  tile where it may have replaced it (see ``_Condition`` in the program's
  module). Runs holding a joker are patterns of any length, so that "the
  joker extends a run" is a property of one pattern.

R-RUM-RE-2 and the parts of R-RUM-JOK-3 that need to know which copy is which
are left out, as in the program's bound: where they bite, the optimum here is
an upper bound of the best legal play. Install with the ``myrummy-ilp`` extra.
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import combinations

from morpyam.myrummy.melds import Group, Meld, Run
from morpyam.myrummy.tiles import COLOURS, JOKER_INDEX, KINDS

__all__ = ["free_optimum", "optimum", "patterns"]

Pattern = tuple[tuple[int, ...], int]
"""The kinds a combination holds (jokers as ``JOKER_INDEX``) and its points."""

_PATTERNS: list[Pattern] = []
_ALL: list[Pattern] = []


def patterns(long_joker_runs: bool = False) -> list[Pattern]:
    """Every run of 3 to 5 tiles and every group, with 0 to 2 jokers, and its points; with
    ``long_joker_runs``, also the runs of 6 to 13 tiles that hold a joker."""
    if long_joker_runs:
        if not _ALL:
            _ALL.extend(patterns())
            _ALL.extend(_runs(range(6, 14), (1, 2)))
        return _ALL
    if _PATTERNS:
        return _PATTERNS
    _PATTERNS.extend(_runs((3, 4, 5), (0, 1, 2)))
    for value in range(1, 14):
        for size in (3, 4):
            for jokers in (0, 1, 2):
                for colours in combinations(range(len(COLOURS)), size - jokers):
                    kinds = (*(c * 13 + value - 1 for c in colours), *(JOKER_INDEX,) * jokers)
                    _PATTERNS.append((kinds, value * size))
    return _PATTERNS


def _runs(lengths: Sequence[int], joker_counts: Sequence[int]) -> list[Pattern]:
    found = []
    for colour in range(len(COLOURS)):
        for length in lengths:
            for start in range(1, 15 - length):
                places = range(length)
                for jokers in joker_counts:
                    for joker_places in combinations(places, jokers):
                        kinds = tuple(
                            JOKER_INDEX
                            if place in joker_places
                            else colour * 13 + start + place - 1
                            for place in places
                        )
                        points = length * start + length * (length - 1) // 2
                        found.append((kinds, points))
    return found


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
    return optimum(table, rack, joker_penalty, opening=opening)


def optimum(
    table: list[int],
    rack: list[int],
    joker_penalty: int,
    *,
    opening: int | None = None,
    handrummy: bool = False,
    before: Sequence[Meld] = (),
) -> tuple[int, int] | None:
    """The most (tiles, penalty points) the rack can lay, or ``None`` as for ``free_optimum``.

    ``opening`` as for ``free_optimum``; ``handrummy``: an opening that lays the
    whole rack needs no points (R-RUM-VAR-HAND). ``before``: the table as melds,
    whose jokers bring their conditions (R-RUM-JOK-3, relaxed as the module says).

    Raises:
        ImportError: when scipy is missing, with how to install it.
    """
    if opening is not None and handrummy:
        whole = _solve(table, rack, joker_penalty, None, before, whole_rack=True)
        if whole is not None:
            return whole
    return _solve(table, rack, joker_penalty, opening, before, whole_rack=False)


def _satisfies(
    kinds: tuple[int, ...],
    is_run: bool,
    first: int,
    condition: tuple[int, int, bool, bool, bool, int],
) -> bool:
    """Whether a pattern (a run from value ``first``, or a group of value ``first``) meets a
    table joker's condition (see ``_conditions``)."""
    value, colours, lax, group, at_end, stayed_with = condition
    real = [kind for kind in kinds if kind != JOKER_INDEX]
    if is_run:
        colour = real[0] // 13
        if not colours >> colour & 1 or not first <= value < first + len(kinds):
            return False
        if kinds[value - first] != JOKER_INDEX:
            return True  # a right tile in a run
        return lax or (not group and (not at_end or first < value))
    if first != value:
        return False
    jokers = len(kinds) - len(real)
    mask = sum(1 << (kind // 13) for kind in real)
    if lax:
        return bool(mask & colours) or bool(jokers and colours & ~mask)
    if mask & colours:
        return True  # a right tile in a group: the joker may have moved
    return bool(group and jokers and colours & ~mask and mask & stayed_with)


def _shape(kinds: tuple[int, ...], points: int) -> tuple[bool, int]:
    """Whether a pattern is a run, and its first value (a run) or its value (a group): a group
    lists its jokers last, and a group of ``n`` tiles of value ``v`` has ``n * v`` points, a
    run from ``v`` more (``[J bk9 J]`` has the points of a group of 9s, but a joker first)."""
    real = [(place, kind) for place, kind in enumerate(kinds) if kind != JOKER_INDEX]
    place, kind = real[0]
    first = kind % 13 + 1 - place
    size = len(kinds)
    if len(real) > 1 and real[1][1] // 13 != kind // 13:
        return False, kind % 13 + 1
    if len(real) == 1 and place == 0 and points == size * (kind % 13 + 1):
        return False, kind % 13 + 1
    return True, first


def _right_tiles(before: Sequence[Meld]) -> list[tuple[int, list[int]]]:
    """Per table joker (in the order of ``_conditions``): its value and the kinds it stood for."""
    return [
        (
            meld.stands_for(place).__iter__().__next__().value,
            [t.index for t in meld.stands_for(place)],
        )
        for meld in before
        for place, tile in enumerate(meld.tiles)
        if tile.is_joker
    ]


def _jokers_up_to(kinds: tuple[int, ...], points: int, value: int) -> int:
    """How many jokers a pattern places at values up to ``value``."""
    is_run, first = _shape(kinds, points)
    if not is_run:
        return kinds.count(JOKER_INDEX) if first <= value else 0
    return sum(
        1 for place, kind in enumerate(kinds) if kind == JOKER_INDEX and first + place <= value
    )


def _conditions(before: Sequence[Meld]) -> list[tuple[int, int, bool, bool, bool, int]]:
    """Per table joker: (its value, bit mask of the colours it stands for, two jokers in its
    combination, from a group, ended its run, bit mask of its combination's other colours)."""
    found = []
    for meld in before:
        jokers = sum(tile.is_joker for tile in meld.tiles)
        for place, tile in enumerate(meld.tiles):
            if not tile.is_joker:
                continue
            was = meld.stands_for(place)
            found.append(
                (
                    next(iter(was)).value,
                    sum(1 << (right.index // 13) for right in was),
                    jokers > 1,
                    isinstance(meld, Group),
                    isinstance(meld, Run) and place == len(meld.tiles) - 1,
                    sum(1 << (t.index // 13) for t in meld.tiles if not t.is_joker),
                )
            )
    return found


def _solve(
    table: list[int],
    rack: list[int],
    joker_penalty: int,
    opening: int | None,
    before: Sequence[Meld],
    whole_rack: bool,
) -> tuple[int, int] | None:
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
    conditions = _conditions(before)
    found = patterns(long_joker_runs=bool(conditions))
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
    for condition in conditions:
        row = np.zeros(size)
        row[:n] = [
            1.0 if _satisfies(kinds, *_shape(kinds, points), condition) else 0.0
            for kinds, points in found
        ]
        constraints.append(LinearConstraint(row.reshape(1, -1), 1, np.inf))
    mandatory = [0] * 15
    for value, colours in _right_tiles(before):
        if not any(table[kind] + rack[kind] for kind in colours):
            mandatory[value] += 1  # no right tile at all: this table joker needs a joker to stay
    jokers = table[JOKER_INDEX] + rack[JOKER_INDEX]
    for value in range(1, 13):
        later = sum(mandatory[value + 1 :])
        if later:
            row = np.zeros(size)
            row[:n] = [_jokers_up_to(kinds, points, value) for kinds, points in found]
            constraints.append(LinearConstraint(row.reshape(1, -1), -np.inf, jokers - later))
    worth = [joker_penalty if kind == JOKER_INDEX else kind % 13 + 1 for kind in range(KINDS)]
    cost = np.zeros(size)
    cost[n:] = [-(10_000 + w) for w in worth]
    upper = np.concatenate([np.full(n, 2.0), np.array(rack, float)])
    lower = np.array(rack, float) if whole_rack else np.zeros(KINDS)
    result = milp(
        cost,
        constraints=constraints,
        integrality=np.ones(size),
        bounds=Bounds(np.concatenate([np.zeros(n), lower]), upper),
    )
    if result.x is None:
        return None
    laid = [round(value) for value in result.x[n:]]
    return sum(laid), sum(count * w for count, w in zip(laid, worth))
