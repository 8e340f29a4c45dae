"""An integer program for the solver's relaxation: `best_play`'s fast path and its cross-check
(needs scipy, the ``myrummy-ilp`` extra).

The classic formulation (den Hertog and Hulshof, 2006): one integer
variable per combination pattern, how many times it lies on the table after
the play (0 to 2), and one per tile kind, how many copies the rack lays.
Every table tile is used, no more copies than exist: for each kind, the
patterns holding it add up to the table's copies plus those laid. Runs of 3
to 5 tiles suffice (a longer run splits into such runs, each with a tile
that is no joker); jokers appear in patterns at any place. The objective is
the solver's: the most tiles laid, then the most penalty points.

`optimum` adds what the dynamic program of
`morpyam.myrummy.solve._relaxation` knows of the rules, written
independently as linear constraints, so the two can be checked against each
other:

- openings: only new combinations, at least ``opening`` points; with
  Handrummy (R-RUM-VAR-HAND), a rack that can be laid whole needs no points;
- table jokers (R-RUM-JOK-3), relaxed as the program relaxes them: for each,
  some pattern on the table must hold a joker where it may stay or a right
  tile where it may have replaced it (see ``_Condition`` in the program's
  module). Runs holding a joker are patterns of any length, so that "the
  joker extends a run" is a property of one pattern.

Under a smaller tile set (`Rules.colours`, `Rules.values`, R-RUM-SET-1) the
program keeps only the pattern columns that fit it (a run within 1 to
``values``, its jokers included; a group of at most ``colours`` tiles; see
`morpyam.myrummy.core._melds.misfit`), a mask built once per set, and a table
joker stands for the colours its group lacks among the set's.

R-RUM-RE-2 and the parts of R-RUM-JOK-3 that need to know which copy is which
are left out, as in the program's bound: where they bite, the optimum here is
an upper bound of the best legal play. Install with the ``myrummy-ilp`` extra.

`best_melds` returns an optimum as combinations, for `best_play`
(`morpyam.myrummy.solve._methods`): the judge then decides whether that table is legal.
It keeps to runs of 3 to 5 tiles and reads "the joker extends a run" a little
more loosely than `optimum` (a joker that starts one of those pieces counts
too, since a longer run is cut into pieces), a weaker relaxation that is
still an upper bound and solves several times faster; of the optima it
prefers one that keeps old combinations whole, so that the judge accepts it
more often. HiGHS runs without its presolve, which on these programs took
most of the time (a 900-column program: 0.4 s of presolve, then solved at
the root).
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import combinations
from typing import Any

from morpyam.myrummy.core._melds import Group, Meld, Run
from morpyam.myrummy.core._tiles import COLOURS, JOKER_INDEX, KINDS, TILES

__all__ = ["UnsettledError", "available", "best_melds", "free_optimum", "optimum", "patterns"]

Pattern = tuple[tuple[int, ...], int]
"""The kinds a combination holds (jokers as ``JOKER_INDEX``) and its points."""

_PATTERNS: list[Pattern] = []
_ALL: list[Pattern] = []
_BOX = (len(COLOURS), 13)
"""The box's tile set, (colours, values): every pattern fits it."""
_FITTING: dict[tuple[bool, int, int], list[bool]] = {}
_SET_PATTERNS: dict[tuple[bool, int, int], list[Pattern]] = {}


def patterns(
    long_joker_runs: bool = False, colours: int = len(COLOURS), values: int = 13
) -> list[Pattern]:
    """Every run of 3 to 5 tiles and every group, with 0 to 2 jokers, and its points; with
    ``long_joker_runs``, also the runs of 6 to 13 tiles that hold a joker.

    ``colours`` and ``values``: only the patterns that fit a set of that many colours and
    values 1 to ``values`` (`Rules.colours`, `Rules.values`; see `misfit`): a run within
    1 to ``values``, its jokers included, a group of at most ``colours`` tiles
    (R-RUM-SET-1, R-RUM-MELD-1, R-RUM-MELD-2). The box's set keeps them all."""
    if (colours, values) != _BOX:
        key = (long_joker_runs, colours, values)
        found = _SET_PATTERNS.get(key)
        if found is None:
            every = patterns(long_joker_runs)
            fits = _fitting(long_joker_runs, colours, values)
            found = _SET_PATTERNS[key] = [p for p, fit in zip(every, fits) if fit]
        return found
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
                for chosen in combinations(range(len(COLOURS)), size - jokers):
                    kinds = (*(c * 13 + value - 1 for c in chosen), *(JOKER_INDEX,) * jokers)
                    _PATTERNS.append((kinds, value * size))
    return _PATTERNS


def _fitting(long_joker_runs: bool, colours: int, values: int) -> list[bool]:
    """Per pattern of ``patterns(long_joker_runs)``: whether it fits the set of ``colours``
    colours and values 1 to ``values`` (built once per set)."""
    key = (long_joker_runs, colours, values)
    found = _FITTING.get(key)
    if found is None:
        found = _FITTING[key] = [
            _fits(kinds, points, colours, values) for kinds, points in patterns(long_joker_runs)
        ]
    return found


def _fits(kinds: tuple[int, ...], points: int, colours: int, values: int) -> bool:
    """Whether a pattern lies in the set: its tiles among the set's colours, a run ending at
    ``values`` at the latest (a joker included, R-RUM-MELD-2), a group of at most ``colours``
    tiles (R-RUM-MELD-1)."""
    if any(kind // 13 >= colours for kind in kinds if kind != JOKER_INDEX):
        return False
    is_run, first = _shape(kinds, points)
    if is_run:
        return first + len(kinds) - 1 <= values
    return first <= values and len(kinds) <= colours


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
    table: list[int],
    rack: list[int],
    joker_penalty: int,
    opening: int | None = None,
    *,
    colours: int = len(COLOURS),
    values: int = 13,
) -> tuple[int, int] | None:
    """The most (tiles, penalty points) the rack can lay with free rearranging, or ``None``
    when the table cannot be kept (or the opening not reached) whatever is laid.

    ``table`` and ``rack`` count the copies of each kind (53 entries). With
    ``opening`` set, only new combinations are built (``table`` must be all
    zeros) and they must total at least ``opening`` points. ``colours`` and ``values``:
    the tile set (`Rules.colours`, `Rules.values`), whose combinations alone are built
    (see `patterns`).

    Raises:
        ImportError: when scipy is missing, with how to install it.
    """
    return optimum(table, rack, joker_penalty, opening=opening, colours=colours, values=values)


def optimum(
    table: list[int],
    rack: list[int],
    joker_penalty: int,
    *,
    opening: int | None = None,
    handrummy: bool = False,
    before: Sequence[Meld] = (),
    colours: int = len(COLOURS),
    values: int = 13,
) -> tuple[int, int] | None:
    """The most (tiles, penalty points) the rack can lay, or ``None`` as for ``free_optimum``.

    ``opening`` as for ``free_optimum``; ``handrummy``: an opening that lays the
    whole rack needs no points (R-RUM-VAR-HAND). ``before``: the table as melds,
    whose jokers bring their conditions (R-RUM-JOK-3, relaxed as the module says).
    ``colours`` and ``values``: the tile set, as for `free_optimum`.

    Raises:
        ImportError: when scipy is missing, with how to install it.
    """
    tile_set = (colours, values)
    if opening is not None and handrummy:
        whole = _solve(table, rack, joker_penalty, None, before, True, tile_set)
        if whole is not None:
            return whole
    return _solve(table, rack, joker_penalty, opening, before, False, tile_set)


Condition = tuple[int, int, bool, bool, bool, int, bool]
"""A table joker's condition, see ``_conditions``."""


def _satisfies(
    kinds: tuple[int, ...],
    is_run: bool,
    first: int,
    condition: Condition,
) -> bool:
    """Whether a pattern (a run from value ``first``, or a group of value ``first``) meets a
    table joker's condition (see ``_conditions``)."""
    value, colours, lax, group, at_end, stayed_with, replaceable = condition
    real = [kind for kind in kinds if kind != JOKER_INDEX]
    if is_run:
        colour = real[0] // 13
        if not colours >> colour & 1 or not first <= value < first + len(kinds):
            return False
        if kinds[value - first] != JOKER_INDEX:
            return replaceable  # a right tile in a run
        return lax or (not group and (not at_end or first < value))
    if first != value:
        return False
    jokers = len(kinds) - len(real)
    mask = sum(1 << (kind // 13) for kind in real)
    if lax:
        return bool(replaceable and mask & colours) or bool(jokers and colours & ~mask)
    if replaceable and mask & colours:
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


def _right_tiles(
    before: Sequence[Meld], colours: int = len(COLOURS)
) -> list[tuple[int, list[int]]]:
    """Per table joker (in the order of ``_conditions``): its value and the kinds it stood for
    among the set's ``colours`` colours."""
    return [
        (
            meld.stands_for(place, colours).__iter__().__next__().value,
            [t.index for t in meld.stands_for(place, colours)],
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


def _conditions(
    before: Sequence[Meld], laid: Sequence[int] | None = None, colours: int = len(COLOURS)
) -> list[Condition]:
    """Per table joker: (its value, bit mask of the colours it stands for (among the set's
    ``colours``, `Group.stands_for`), two jokers in its
    combination, from a group, ended its run, bit mask of its combination's other colours,
    whether a right tile may replace it). ``laid``: the copies per kind the play may lay, when
    only those may replace a joker (``Rules.joker_from_rack``); a joker none of whose right
    tiles is among them can only stay."""
    found = []
    for meld in before:
        jokers = sum(tile.is_joker for tile in meld.tiles)
        for place, tile in enumerate(meld.tiles):
            if not tile.is_joker:
                continue
            was = meld.stands_for(place, colours)
            found.append(
                (
                    next(iter(was)).value,
                    sum(1 << (right.index // 13) for right in was),
                    jokers > 1,
                    isinstance(meld, Group),
                    isinstance(meld, Run) and place == len(meld.tiles) - 1,
                    sum(1 << (t.index // 13) for t in meld.tiles if not t.is_joker),
                    laid is None or any(laid[right.index] for right in was),
                )
            )
    return found


class UnsettledError(Exception):
    """HiGHS stopped without proving an optimum or that there is none (a limit, a numerical
    failure): the caller falls back to the dynamic program."""


def _numerics() -> tuple[Any, Any, Any, Any]:
    try:
        import numpy as np
        from scipy.optimize import (  # type: ignore[import-untyped]
            Bounds,
            LinearConstraint,
            milp,
        )
    except ImportError as error:  # pragma: no cover - the extra is installed in the tests
        raise ImportError(
            "the MyRummy integer program needs scipy: pip install 'morpyam[myrummy-ilp]'"
        ) from error
    return np, Bounds, LinearConstraint, milp


def available() -> bool:
    """Whether scipy (the ``myrummy-ilp`` extra) can be imported, so that `best_play` may use
    the integer program as its fast path."""
    try:
        _numerics()
    except ImportError:
        return False
    return True


_MATRICES: dict[bool, tuple[Any, tuple[Meld, ...], Any]] = {}


def _matrix(long_joker_runs: bool) -> tuple[Any, tuple[Meld, ...], Any]:
    """The patterns as a 53-row matrix of copies, as combinations, and their points (built once
    per pattern set)."""
    found = _MATRICES.get(long_joker_runs)
    if found is None:
        np = _numerics()[0]
        listed = patterns(long_joker_runs)
        copies = np.zeros((KINDS, len(listed)), dtype=np.int8)
        melds = []
        for column, (kinds, points) in enumerate(listed):
            for kind in kinds:
                copies[kind, column] += 1
            is_run, _ = _shape(kinds, points)
            tiles = [TILES[kind] for kind in kinds]
            melds.append(Run(tiles) if is_run else Group(tiles))
        found = copies, tuple(melds), np.array([points for _, points in listed], dtype=float)
        _MATRICES[long_joker_runs] = found
    return found


_MASKS: dict[tuple[bool, int, int], Any] = {}


def _mask(long_joker_runs: bool, colours: int, values: int) -> Any:
    """Per column of ``_matrix(long_joker_runs)``: whether its pattern fits the set (a numpy
    mask, built once per set)."""
    key = (long_joker_runs, colours, values)
    found = _MASKS.get(key)
    if found is None:
        np = _numerics()[0]
        found = _MASKS[key] = np.array(_fitting(long_joker_runs, colours, values), dtype=bool)
    return found


def _columns(copies: Any, have: Any, long_joker_runs: bool, tile_set: tuple[int, int]) -> Any:
    """The columns whose pattern the copies at hand ``have`` can fill and that fit the set
    ``tile_set`` (colours, values)."""
    np = _numerics()[0]
    usable = (copies <= have[:, None]).all(axis=0)
    if tile_set != _BOX:
        usable &= _mask(long_joker_runs, *tile_set)
    return np.flatnonzero(usable)


_ROWS: dict[tuple[bool, object], Any] = {}
_SHAPES: dict[bool, tuple[Any, Any, Any, Any, Any]] = {}


def _shapes(long_joker_runs: bool) -> tuple[Any, Any, Any, Any, Any]:
    """Per pattern, as arrays: whether it is a run, its first and last value, its colour (of
    its first tile that is no joker), and whether it holds a joker (built once)."""
    found = _SHAPES.get(long_joker_runs)
    if found is None:
        np = _numerics()[0]
        listed = patterns(long_joker_runs)
        shapes = [_shape(kinds, points) for kinds, points in listed]
        runs = np.array([is_run for is_run, _ in shapes])
        first = np.array([start for _, start in shapes])
        last = np.array(
            [start + (len(k) - 1 if r else 0) for (k, _), (r, start) in zip(listed, shapes)]
        )
        colour = np.array([next(x for x in k if x != JOKER_INDEX) // 13 for k, _ in listed])
        jokered = np.array([JOKER_INDEX in kinds for kinds, _ in listed])
        found = runs, first, last, colour, jokered
        _SHAPES[long_joker_runs] = found
    return found


def _condition_row(long_joker_runs: bool, condition: Condition) -> Any:
    """Per pattern: 1 where it meets a table joker's condition (see ``_satisfies``); only a run
    of a colour it stood for through its value, or a group of its value, can."""
    key = (long_joker_runs, condition)
    row = _ROWS.get(key)
    if row is None:
        np = _numerics()[0]
        listed = patterns(long_joker_runs)
        runs, first, last, colour, _ = _shapes(long_joker_runs)
        value, colours = condition[0], condition[1]
        near = (
            runs & ((colours >> colour) & 1).astype(bool) & (first <= value) & (value <= last)
        ) | (~runs & (first == value))
        row = np.zeros(len(listed))
        for column in np.flatnonzero(near):
            kinds, points = listed[column]
            row[column] = float(_satisfies(kinds, *_shape(kinds, points), condition))
        _ROWS[key] = row
    return row


def _jokers_row(long_joker_runs: bool, value: int) -> Any:
    """Per pattern: how many jokers it places at values up to ``value``."""
    key = (long_joker_runs, value)
    row = _ROWS.get(key)
    if row is None:
        np = _numerics()[0]
        listed = patterns(long_joker_runs)
        row = np.zeros(len(listed))
        for column in np.flatnonzero(_shapes(long_joker_runs)[4]):
            kinds, points = listed[column]
            row[column] = float(_jokers_up_to(kinds, points, value))
        _ROWS[key] = row
    return row


def _kinds(meld: Meld) -> tuple[int, ...]:
    """A combination's kinds as the patterns list them (a group's jokers last)."""
    if isinstance(meld, Group):
        real = [tile.index for tile in meld.tiles if not tile.is_joker]
        return (*real, *(JOKER_INDEX,) * (len(meld.tiles) - len(real)))
    return tuple(tile.index for tile in meld.tiles)


def _solve(
    table: list[int],
    rack: list[int],
    joker_penalty: int,
    opening: int | None,
    before: Sequence[Meld],
    whole_rack: bool,
    tile_set: tuple[int, int] = _BOX,
) -> tuple[int, int] | None:
    worth = [joker_penalty if kind == JOKER_INDEX else kind % 13 + 1 for kind in range(KINDS)]
    scores = [10_000 + w for w in worth]
    solved = _program(
        table, rack, scores, opening, before, whole_rack, (), True, None, None, tile_set=tile_set
    )
    if solved is None:
        return None
    laid, _ = solved
    return sum(laid), sum(count * w for count, w in zip(laid, worth))


def best_melds(
    table: Sequence[int],
    rack: Sequence[int],
    scores: Sequence[int],
    *,
    opening: int | None = None,
    before: Sequence[Meld] = (),
    whole_rack: bool = False,
    prefer: Sequence[Meld] = (),
    stay: int | None = None,
    at_least: int | None = None,
    time_limit: float | None = None,
    joker_from_rack: bool = False,
    colours: int = len(COLOURS),
    values: int = 13,
) -> tuple[list[int], tuple[Meld, ...]] | None:
    """An optimum of the relaxation as combinations: the copies laid per kind and the melds
    (``None`` when no table keeps every table copy).

    ``scores[k]``: what laying a copy of kind ``k`` is worth. ``opening``,
    ``before`` and ``whole_rack`` as for `optimum` (``whole_rack``: every rack
    copy is laid). Of the optima, one that keeps the most of the combinations
    ``prefer`` whole (the old table, so that "three must stay" and the joker
    rules are likely met as they are); with ``stay`` (a ``min_stay``), one that
    also uses the fewest combinations holding from 2 to ``stay - 1`` tiles of
    a combination of ``before`` but not all of it, the pieces "three must stay"
    forbids. ``at_least``: only plays whose laid copies are worth that much
    (``None`` when there is none). ``time_limit``: seconds HiGHS may take (past them,
    `UnsettledError`). ``joker_from_rack``: a table joker none of whose right tiles
    the play may lay can only stay (``Rules.joker_from_rack``). ``colours`` and ``values``:
    the tile set (`Rules.colours`, `Rules.values`): only combinations that fit it are built,
    and a table joker stands for the colours a group lacks among the set's.

    Raises:
        UnsettledError: when HiGHS proved neither an optimum nor that there is none.
        ImportError: when scipy is missing, with how to install it.
    """
    return _program(
        table,
        rack,
        scores,
        opening,
        before,
        whole_rack,
        prefer,
        False,
        stay,
        at_least,
        time_limit,
        joker_from_rack,
        (colours, values),
    )


def _program(
    table: Sequence[int],
    rack: Sequence[int],
    scores: Sequence[int],
    opening: int | None,
    before: Sequence[Meld],
    whole_rack: bool,
    prefer: Sequence[Meld],
    long_runs: bool,
    stay: int | None,
    at_least: int | None,
    time_limit: float | None = None,
    joker_from_rack: bool = False,
    tile_set: tuple[int, int] = _BOX,
) -> tuple[list[int], tuple[Meld, ...]] | None:
    np, bounds_type, constraint_type, milp = _numerics()
    laid = None
    if joker_from_rack:
        old = [0] * KINDS
        for meld in before:
            for tile in meld.tiles:
                old[tile.index] += 1
        laid = [max(need - was, 0) + may for need, was, may in zip(table, old, rack)]
    conditions = _conditions(before, laid, tile_set[0])
    if not long_runs:
        conditions = [
            (v, c, lax, group, False, stayed, right)
            for v, c, lax, group, _, stayed, right in conditions
        ]
    long_runs = long_runs and bool(conditions)
    copies, melds, points = _matrix(long_runs)
    have = np.array(table, dtype=np.int64) + np.array(rack, dtype=np.int64)
    columns = _columns(copies, have, long_runs, tile_set)
    extra = sorted(set(prefer), key=lambda meld: meld.key)
    bonus = [sum(1 for meld in prefer if meld == wanted) for wanted in extra]
    n = len(columns) + len(extra)
    a = np.zeros((KINDS, n + KINDS))
    a[:, : len(columns)] = copies[:, columns]
    for place, meld in enumerate(extra, start=len(columns)):
        for tile in meld.tiles:
            a[tile.index, place] += 1
    a[np.arange(KINDS), n + np.arange(KINDS)] = -1
    target = np.array(table, dtype=float)
    constraints = [constraint_type(a, target, target)]
    if opening is not None:
        meld_points = [*points[columns], *(meld.points for meld in extra), *[0] * KINDS]
        constraints.append(constraint_type(np.array([meld_points]), opening, np.inf))
    rows = _joker_rows(table, rack, before, conditions, long_runs, columns, extra, n, tile_set)
    constraints += [constraint_type(row, low, high) for row, low, high in rows]
    cost = np.zeros(n + KINDS)
    cost[len(columns) : n] = -1.0
    kept_whole = 1 + sum(bonus)  # the least weight that outweighs every old combination kept
    worst = 0
    if stay is not None and before:
        risk = _risk(a[:, :n], before, stay)
        cost[:n] += kept_whole * risk
        worst = kept_whole * int(risk.max(initial=0)) * (sum(table) + sum(rack)) // 3
    cost[n:] = [-(kept_whole + worst) * score for score in scores]
    if at_least is not None:
        row = np.concatenate([np.zeros(n), np.array(scores, dtype=float)])
        constraints.append(constraint_type(row.reshape(1, -1), at_least, np.inf))
    upper = np.concatenate([np.full(len(columns), 2.0), bonus, np.array(rack, float)])
    lower = np.concatenate([np.zeros(n), np.array(rack, float) if whole_rack else np.zeros(KINDS)])
    result = milp(
        cost,
        constraints=constraints,
        integrality=np.ones(n + KINDS),
        bounds=bounds_type(lower, upper),
        options={"mip_rel_gap": 0.0, "presolve": False}
        | ({} if time_limit is None else {"time_limit": time_limit}),
    )
    if result.status == 2:
        return None
    if result.status != 0 or result.x is None:
        raise UnsettledError(result.message)
    used = [round(value) for value in result.x]
    chosen = [*(melds[column] for column in columns), *extra]
    after = tuple(meld for meld, times in zip(chosen, used) for _ in range(times))
    return used[n:], after


def _joker_rows(
    table: Sequence[int],
    rack: Sequence[int],
    before: Sequence[Meld],
    conditions: list[Condition],
    long_runs: bool,
    columns: Any,
    extra: list[Meld],
    n: int,
    tile_set: tuple[int, int] = _BOX,
) -> list[tuple[Any, float, float]]:
    """The table jokers' rows (R-RUM-JOK-3 as relaxed), each with its bounds: one per joker,
    and a cap on the jokers placed up to a value where later jokers need one of their own."""
    np = _numerics()[0]
    extra_kinds = [(_kinds(meld), meld.points) for meld in extra]

    def row_of(per_pattern: Any, per_extra: list[float]) -> Any:
        row = np.zeros(n + KINDS)
        row[: len(columns)] = per_pattern[columns]
        row[len(columns) : n] = per_extra
        return row.reshape(1, -1)

    rows = []
    for condition in conditions:
        met = [1.0 if _satisfies(k, *_shape(k, p), condition) else 0.0 for k, p in extra_kinds]
        rows.append((row_of(_condition_row(long_runs, condition), met), 1.0, np.inf))
    mandatory = [0] * 15
    colours, values = tile_set
    for (value, right), condition in zip(_right_tiles(before, colours), conditions):
        if not condition[6] or not any(table[kind] + rack[kind] for kind in right):
            mandatory[value] += 1  # no right tile to take its place: it needs a joker to stay
    jokers = table[JOKER_INDEX] + rack[JOKER_INDEX]
    for value in range(1, values):  # past the set's last value no joker is placed
        later = sum(mandatory[value + 1 :])
        if later:
            placed = [float(_jokers_up_to(k, p, value)) for k, p in extra_kinds]
            rows.append((row_of(_jokers_row(long_runs, value), placed), -np.inf, jokers - later))
    return rows


def _risk(copies: Any, before: Sequence[Meld], stay: int) -> Any:
    """Per column: how many old combinations it holds 2 to ``stay - 1`` tiles of, not all."""
    np = _numerics()[0]
    risk = np.zeros(copies.shape[1])
    for meld in before:
        held = np.zeros(KINDS, dtype=np.int8)
        for tile in meld.tiles:
            held[tile.index] += 1
        shared = np.minimum(copies, held[:, None]).sum(axis=0)
        risk += (shared >= 2) & (shared < stay) & (shared < len(meld.tiles))
    return risk
