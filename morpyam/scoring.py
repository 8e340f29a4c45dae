"""Runs, points, the KO and the winners (RULES.md section 7)."""

from __future__ import annotations

from collections.abc import Collection

from morpyam.layouts import Layout
from morpyam.rules import Rules

__all__ = ["is_ko", "points", "winners_on_points"]


def points(rules: Rules, layout: Layout, owners: tuple[int | None, ...]) -> list[int]:
    """Each player's points from maximal runs along every line (R-LINE-1, R-LINE-2)."""
    totals = [0] * rules.players
    for line in layout.lines:
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


def is_ko(layout: Layout, owners: tuple[int | None, ...], index: int, length: int) -> bool:
    """Whether the token on cell ``index`` makes ``length`` in a row for its owner (R-END-1)."""
    player = owners[index]
    for line, pos in layout._rays[index]:
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
    totals: list[int], finisher: int | None, resigned: Collection[int]
) -> frozenset[int]:
    """R-END-3: the highest total among players still in.

    A tie goes to the finisher if tied, otherwise the tied players share the win.
    """
    best = max(total for player, total in enumerate(totals) if player not in resigned)
    tied = {
        player for player, total in enumerate(totals) if total == best and player not in resigned
    }
    if finisher in tied:
        return frozenset({finisher})
    return frozenset(tied)
