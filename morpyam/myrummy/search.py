"""A best play within a time limit, for apps and servers that must answer by a deadline.

`best_play` is exact and, late in real games, answers within a second on a
2-core machine; but an app's hint button or a server's move clock may need an
answer sooner, whatever the position. `search` gives one: the exact solver's
play when it finishes in time (``proven``), otherwise the best legal play
found so far, and in every case the relaxation's optimum, an upper bound of
what any legal play can lay, so that a caller can say how far from proven the
answer may be.

The play found before the exact solver finishes is a quick one: the
player's own new combinations from the rack alone (the table left as it
lies), then single tiles laid off at the ends of the table's runs and into
its groups; every such play is judged like any other. It is proven too when
it reaches the bound.
"""

from __future__ import annotations

import math
import time
from collections import Counter

import attrs

from morpyam.errors import IllegalActionError, _shown
from morpyam.myrummy import dp
from morpyam.myrummy.actions import Play
from morpyam.myrummy.judge import judge_play
from morpyam.myrummy.melds import Group, Meld, Run, sort_table
from morpyam.myrummy.rules import Rules
from morpyam.myrummy.solver import Objective, best_play_by
from morpyam.myrummy.state import State
from morpyam.myrummy.tiles import KINDS, Tile, counts

__all__ = ["SearchResult", "search"]

QUICK_BUDGET = 2_000
"""The states the quick play's program may visit (the rack's own combinations)."""


@attrs.frozen
class SearchResult:
    """What `search` found.

    Attributes:
        play: the best legal play found, or ``None`` (none found, or none exists when
            ``proven``).
        proven: whether ``play`` is a best play (``None`` proven: no legal play lays a tile).
        score: what ``play`` lays: (rack tiles, their penalty points), ``(0, 0)`` for ``None``.
        bound: the relaxation's optimum (tiles, points), which no legal play beats in the
            objective's order; ``None`` when even the relaxation lays nothing.
    """

    play: Play | None
    proven: bool
    score: tuple[int, int]
    bound: tuple[int, int] | None

    def __str__(self) -> str:
        found = "no play" if self.play is None else str(self.play)
        if self.proven:
            return f"{found} (best)"
        bound = (
            "nothing" if self.bound is None else f"{self.bound[0]} tiles, {self.bound[1]} points"
        )
        return f"{found} (not proven best; at most {bound})"


def search(
    state: State, *, time_limit: float | None = None, points_first: bool = False
) -> SearchResult:
    """The best play of the player on turn that can be found within ``time_limit`` seconds.

    With ``time_limit=None`` it is `best_play` (``proven``). With a limit, the
    exact solver runs until the deadline; if it has not finished, the answer is
    the best legal play found before it (see the module), ``proven`` only when it
    reaches the bound. The time spent may pass the limit by a few milliseconds (the
    solver looks at the clock between steps), and by what the quick play costs.

    Examples:
        >>> import morpyam.myrummy as mr
        >>> state = mr.position(
        ...     mr.Rules.classic(),
        ...     racks=[mr.parse_tiles("gn10 gn11 gn12 pu1"), mr.parse_tiles("J")],
        ... )
        >>> found = mr.search(state, time_limit=1.0)
        >>> str(found.play), found.proven, found.score, found.bound
        ('play [gn10 gn11 gn12]', True, (3, 33), (3, 33))

    Raises:
        ValueError: for a ``state`` that is not a ``State``, or a ``time_limit`` that is not
            a positive number of seconds.
    """
    if not isinstance(state, State):
        raise ValueError(f"expected a myrummy State, got {type(state).__name__}")
    if time_limit is not None and (
        isinstance(time_limit, bool)
        or not isinstance(time_limit, (int, float))
        or not math.isfinite(time_limit)
        or time_limit <= 0
    ):
        raise ValueError(
            f"time_limit is a positive number of seconds or None, got {_shown(time_limit)}"
        )
    objective: Objective = "points" if points_first else "tiles"
    if state.current_player is None:
        return SearchResult(None, True, (0, 0), None)
    deadline = None if time_limit is None else time.perf_counter() + time_limit
    bound = dp.relaxed_optimum(state, points_first=points_first)
    if bound is None:
        return SearchResult(None, True, (0, 0), None)
    quick = None if deadline is None else _quick_play(state, points_first)
    try:
        play = best_play_by(state, objective, deadline)
    except dp.OutOfTimeError:
        score = _score(state, quick)
        reached = _ranked(score, points_first) >= _ranked(bound, points_first)
        return SearchResult(quick, reached, score, bound)
    return SearchResult(play, True, _score(state, play), bound)


def _ranked(score: tuple[int, int], points_first: bool) -> tuple[int, int]:
    return (score[1], score[0]) if points_first else score


def _score(state: State, play: Play | None) -> tuple[int, int]:
    """(rack tiles, their penalty points) that ``play`` lays."""
    if play is None:
        return (0, 0)
    before = counts(tile for meld in state.table for tile in meld.tiles)
    after = counts(tile for meld in play.table for tile in meld.tiles)
    laid = Counter({kind: a - b for kind, (a, b) in enumerate(zip(after, before)) if a > b})
    tiles = sum(laid.values())
    penalty = state.rules.joker_penalty
    points = sum(
        (penalty if kind == KINDS - 1 else kind % 13 + 1) * count for kind, count in laid.items()
    )
    return tiles, points


def _quick_play(state: State, points_first: bool) -> Play | None:
    """A legal play found at once (see the module), or ``None``."""
    rules = state.rules
    player = state.player
    rack = state.racks[player]
    opened = state.opened[player]
    weights, joker_score = dp.objective_weights(rules, points_first)
    opening = 0 if opened else rules.opening_points
    own = dp.Solver(
        rules, [0] * KINDS, counts(rack), (), weights, joker_score, opening, QUICK_BUDGET
    )
    try:
        melds = own.best(state.table, rack, opened, state.table) or state.table
    except dp.OverBudgetError:
        melds = state.table
    if opened:
        melds = _laid_off(rules, state.table, rack, melds)
    if melds == state.table:
        return None
    try:
        judge_play(rules, state.table, rack, opened, melds)
    except IllegalActionError:
        return None
    return Play(melds)


def _laid_off(
    rules: Rules, table: tuple[Meld, ...], rack: tuple[Tile, ...], melds: tuple[Meld, ...]
) -> tuple[Meld, ...]:
    """``melds`` with the rack tiles they leave laid off one at a time where they fit: at either
    end of a run, or into a group (a table joker keeps its place: R-RUM-LAY-1, R-RUM-JOK-3)."""
    left = Counter(rack)
    left.subtract(Counter(tile for meld in melds for tile in meld.tiles))
    left.update(Counter(tile for meld in table for tile in meld.tiles))
    current = list(melds)
    changed = True
    while changed:
        changed = False
        for tile in sorted(left.elements(), key=lambda t: t.index):
            if left[tile] <= 0:
                continue
            for place, meld in enumerate(current):
                grown = _grown(meld, tile)
                if grown is None:
                    continue
                trial = sort_table([*current[:place], grown, *current[place + 1 :]])
                try:
                    judge_play(rules, table, rack, True, trial)
                except IllegalActionError:
                    continue
                current[place] = grown
                left[tile] -= 1
                changed = True
                break
    return sort_table(current)


def _grown(meld: Meld, tile: Tile) -> Meld | None:
    """``meld`` with ``tile`` added at an end of a run or into a group, or ``None``."""
    options = (
        [(*meld.tiles, tile), (tile, *meld.tiles)]
        if isinstance(meld, Run)
        else [(*meld.tiles, tile)]
    )
    kind = Run if isinstance(meld, Run) else Group
    for tiles in options:
        try:
            return kind(tiles)
        except IllegalActionError:
            continue
    return None
