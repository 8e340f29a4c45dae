"""Runs, points, the KO and the winners (section 7 of the rule book)."""

from __future__ import annotations

import functools
from collections.abc import Collection

from morpyam.layouts import Layout, Rays
from morpyam.rules import Diagonals, Rules, TieBreak

__all__ = ["is_ko", "lines", "points", "winners_on_points"]


@functools.lru_cache(maxsize=64)
def _long_only(layout: Layout) -> tuple[tuple[tuple[int, ...], ...], Rays]:
    """The lines of ``layout`` without the short diagonals, and the rays along them."""
    cells = layout.cells
    last = layout.width - 1
    kept = []
    for line in layout.lines:
        first, second = cells[line[0]], cells[line[1]]
        diagonal = first.row != second.row and first.col != second.col
        corner = first.row == 0 and first.col in (0, last)
        if not diagonal or corner:
            kept.append(line)
    rays: list[list[tuple[tuple[int, ...], int]]] = [[] for _ in cells]
    for through in kept:
        for pos, index in enumerate(through):
            rays[index].append((through, pos))
    return tuple(kept), tuple(tuple(r) for r in rays)


def lines(layout: Layout, diagonals: Diagonals = "all") -> tuple[tuple[int, ...], ...]:
    """The lines that count (R-LINE-1), as cell indices: every row, column and diagonal
    of 3 cells or more, or with ``diagonals="long"`` only the two corner-to-corner diagonals.

    Examples:
        >>> len(lines(Layout.classic())), len(lines(Layout.classic(), "long"))
        (26, 14)
    """
    return layout.lines if diagonals == "all" else _long_only(layout)[0]


def points(rules: Rules, layout: Layout, owners: tuple[int | None, ...]) -> list[int]:
    """Each player's points from maximal runs along every line (R-LINE-1, R-LINE-2)."""
    totals = [0] * rules.players
    for line in lines(layout, rules.diagonals):
        run_owner: int | None = None
        length = 0
        for index in (*line, None):
            owner = owners[index] if index is not None else None
            if owner is not None and owner == run_owner:
                length += 1
                continue
            if run_owner is not None:
                totals[run_owner] += rules.run_value(length)
            run_owner, length = owner, 1
    return totals


def is_ko(
    layout: Layout,
    owners: tuple[int | None, ...],
    index: int,
    length: int,
    diagonals: Diagonals = "all",
) -> bool:
    """Whether the token on cell ``index`` makes ``length`` in a row for its owner (R-END-1),
    along the lines ``diagonals`` counts (R-LINE-1)."""
    player = owners[index]
    rays = layout._rays if diagonals == "all" else _long_only(layout)[1]
    for line, pos in rays[index]:
        start = pos
        while start > 0 and owners[line[start - 1]] == player:
            start -= 1
        end = pos + 1
        while end < len(line) and owners[line[end]] == player:
            end += 1
        if end - start >= length:
            return True
    return False


def winners_on_points(
    totals: list[int],
    finisher: int | None,
    resigned: Collection[int],
    tie_break: TieBreak = "shared",
    tokens_left: tuple[int, ...] = (),
) -> frozenset[int]:
    """R-END-3: the highest total among players still in.

    A tie goes to the finisher if tied; otherwise the tied players share the
    win, or with ``tie_break="fewest_tokens_left"`` the tied players with the
    fewest ``tokens_left`` do.
    """
    best = max(total for player, total in enumerate(totals) if player not in resigned)
    tied = {
        player for player, total in enumerate(totals) if total == best and player not in resigned
    }
    if finisher in tied:
        return frozenset({finisher})
    if tie_break == "fewest_tokens_left" and tokens_left:
        fewest = min(tokens_left[player] for player in tied)
        return frozenset(player for player in tied if tokens_left[player] == fewest)
    return frozenset(tied)
