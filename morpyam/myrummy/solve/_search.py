"""A best play within a time limit, for apps and servers that must answer by a deadline.

`best_play` is exact and answers late-game decisions within about a second
on a 2-core machine, but a rare position takes far longer; an app's hint
button or a server's move clock needs an answer by a deadline, whatever the
position. `search` gives one, in three steps that share the time:

1. the bound: the optimum of the solver's relaxation (the rules without those
   that tie a tile to where it lay, see `morpyam.myrummy.solve._relaxation`), which no legal
   play beats. It is found as `best_play` finds its plays (module
   `morpyam.myrummy.solve._methods`): the dynamic program on a small rack, within a
   budget and the deadline; else, where scipy is installed, the integer
   program, whose relaxation is a little looser around table jokers (still an
   upper bound); else the dynamic program until the deadline. If even that
   runs out of time, the bound is the whole rack.
2. the quick play, found at once: the player's own new combinations from the
   rack alone (the table left as it lies), within a budget of states
   (`QUICK_BUDGET`), then single tiles laid off at the ends of the table's runs
   and into its groups; every step is put to the judge `apply` uses, so the
   play is legal. It is proven best when it reaches the bound.
3. the exact solver, `best_play`'s, until the deadline: its play when it
   finishes, else the quick play.
"""

from __future__ import annotations

import math
import time
from collections import Counter
from collections.abc import Sequence

import attrs

from morpyam.errors import IllegalActionError
from morpyam.errors import shown as _shown
from morpyam.myrummy.core._actions import Play
from morpyam.myrummy.core._judge import judge_play
from morpyam.myrummy.core._melds import Group, Meld, Run, sort_table
from morpyam.myrummy.core._rules import Rules
from morpyam.myrummy.core._state import State
from morpyam.myrummy.core._tiles import JOKER_INDEX, KINDS, Tile, counts
from morpyam.myrummy.solve import _ilp as ilp
from morpyam.myrummy.solve import _methods as best
from morpyam.myrummy.solve import _relaxation as dp
from morpyam.myrummy.solve._plays import best_play_by

__all__ = ["QUICK_BUDGET", "SearchResult", "search"]

QUICK_BUDGET = 2_000
"""The states and search nodes the quick play's program may visit (the rack's own
combinations); past it, the quick play only lays tiles off."""

Score = tuple[int, int]
"""(rack tiles laid, their penalty points), a joker counting ``Rules.joker_penalty``."""


@attrs.frozen
class SearchResult:
    """What `search` found.

    Attributes:
        play: the best legal play found, or ``None`` (none found; when ``proven``, no
            legal play lays a tile).
        proven: whether ``play`` is a best play: the exact solver finished, or the play
            reaches ``bound``.
        score: what ``play`` lays: (rack tiles, their penalty points), ``(0, 0)`` for
            ``None``.
        bound: an upper bound of what any legal play lays, in the objective's order (most
            tiles then points, or with ``points_first`` most points then tiles): the
            relaxation's optimum (see the module), or the whole rack where even that could
            not be had in time; ``None`` when the relaxation lays nothing.
    """

    play: Play | None
    proven: bool
    score: Score
    bound: Score | None

    def __str__(self) -> str:
        laid = _amount(self.score)
        if self.proven:
            if self.play is None:
                return "no play (no legal play lays a tile)"
            return f"{self.play} (a best play: {laid})"
        limit = "nothing" if self.bound is None else _amount(self.bound)
        if self.play is None:
            return f"no play found (not proven: the bound is {limit})"
        return f"{self.play} ({laid}; not proven best: the bound is {limit})"


def _amount(score: Score) -> str:
    tiles, points = score
    return f"{tiles} tile{'' if tiles == 1 else 's'}, {points} point{'' if points == 1 else 's'}"


def search(
    state: State, *, time_limit: float | None = None, points_first: bool = False
) -> SearchResult:
    """The best play of the player on turn that can be found within ``time_limit`` seconds.

    With ``time_limit=None`` the play is `best_play`'s, proven. With a limit,
    it is `best_play`'s too whenever the exact solver finishes in time (so the
    answer does not depend on the limit then); otherwise the quick play (see
    the module), ``proven`` only when it reaches the bound. The objective is
    `best_play`'s: the most rack tiles, then the most penalty points; with
    ``points_first``, the other way round (`best_play` takes the same ``points_first``).

    The time spent may pass the limit by a few milliseconds (the solver looks at
    the clock between steps), by the quick play's budget, and by the integer
    program where it gives the bound (it cannot be interrupted; where scipy is
    missing, the dynamic program stops at the deadline instead). At a chance node
    or the end of the match there is no play to find: ``None``, proven.

    Examples:
        >>> import morpyam.myrummy as mr
        >>> state = mr.position(
        ...     mr.Rules.classic(),
        ...     racks=[mr.parse_tiles("gn10 gn11 gn12 pu1"), mr.parse_tiles("J")],
        ... )
        >>> found = mr.search(state, time_limit=1.0)
        >>> str(found)
        'play [gn10 gn11 gn12] (a best play: 3 tiles, 33 points)'
        >>> found.proven, found.score, found.bound
        (True, (3, 33), (3, 33))

    Raises:
        ValueError: for a ``state`` that is not a ``State``, a ``time_limit`` that is not
            a positive number of seconds, or a ``points_first`` that is not a bool.
    """
    if not isinstance(state, State):
        kind = type(state)
        where = f" from {kind.__module__}" if kind.__name__ == "State" else ""
        raise ValueError(f"expected a myrummy State, got {kind.__name__}{where}")
    if time_limit is not None and (
        isinstance(time_limit, bool)
        or not isinstance(time_limit, (int, float))
        or not math.isfinite(time_limit)
        or time_limit <= 0
    ):
        raise ValueError(
            f"time_limit is a positive number of seconds or None, got {_shown(time_limit)}"
        )
    if not isinstance(points_first, bool):
        raise ValueError(f"points_first is True or False, got {_shown(points_first)}")
    if state.current_player is None:
        return SearchResult(None, True, (0, 0), None)
    deadline = None if time_limit is None else time.perf_counter() + time_limit
    bound = _bound(state, points_first, deadline)
    if bound is None:
        return SearchResult(None, True, (0, 0), None)
    quick = None if deadline is None else _quick_play(state, points_first)
    try:
        play = best_play_by(state, points_first, deadline)
    except dp.OutOfTimeError:
        score = _score(state, quick)
        reached = _ranked(score, points_first) >= _ranked(bound, points_first)
        return SearchResult(quick, reached, score, bound)
    return SearchResult(play, True, _score(state, play), bound)


def _ranked(score: Score, points_first: bool) -> Score:
    return (score[1], score[0]) if points_first else score


# The bound


def _bound(state: State, points_first: bool, deadline: float | None) -> Score | None:
    """The relaxation's optimum by the quickest way (see the module), or the whole rack when
    the deadline passes first; ``None`` when the relaxation lays nothing."""
    numeric = ilp.available()
    if len(state.racks[state.player]) <= best.SMALL_RACK or not numeric:
        try:
            return _relaxed(state, points_first, best.BUDGET if numeric else None, deadline)
        except dp.OverBudgetError:
            pass
        except dp.OutOfTimeError:
            if not numeric:
                return _counted(state.rules, counts(state.racks[state.player]))
    try:
        return _integer_bound(state, points_first)
    except ilp.UnsettledError:
        pass
    try:
        return _relaxed(state, points_first, None, deadline)
    except dp.OutOfTimeError:
        return _counted(state.rules, counts(state.racks[state.player]))


def _relaxed(
    state: State, points_first: bool, budget: int | None, deadline: float | None
) -> Score | None:
    return dp.relaxed_optimum(state, points_first=points_first, budget=budget, deadline=deadline)


def _integer_bound(state: State, points_first: bool) -> Score | None:
    """The optimum of the integer program's relaxation (`morpyam.myrummy.solve._ilp.best_melds`): an
    opening that may also lay off is bounded as a player who has laid out, as
    `morpyam.myrummy.solve._relaxation.relaxed_optimum` bounds it."""
    rules = state.rules
    player = state.player
    rack = counts(state.racks[player])
    weights, joker_score = dp.objective_weights(rules, points_first)
    scores = [weights[0] + (kind % 13 + 1) * weights[1] for kind in range(JOKER_INDEX)]
    scores.append(joker_score)
    colours, values = rules.colours, rules.values  # R-RUM-SET-1: the set's combinations only
    if state.opened[player] or rules.lay_off_in_opening_turn:
        found = ilp.best_melds(
            _table_counts(state), rack, scores, before=state.table, colours=colours, values=values
        )
    else:
        nothing = [0] * KINDS
        # R-RUM-VAR-HAND: a rack laid whole needs no opening's points (its copies asked as
        # table copies are: HiGHS prints to the terminal on ``whole_rack=True``)
        if (
            rules.handrummy
            and ilp.best_melds(rack, nothing, scores, colours=colours, values=values) is not None
        ):
            return _counted(rules, rack)
        found = ilp.best_melds(
            nothing, rack, scores, opening=rules.opening_points, colours=colours, values=values
        )
    return None if found is None else _counted(rules, found[0])


def _table_counts(state: State) -> list[int]:
    return counts(tile for meld in state.table for tile in meld.tiles)


def _counted(rules: Rules, laid: Sequence[int]) -> Score | None:
    """(tiles, penalty points) of the copies ``laid`` per kind; ``None`` for none."""
    tiles = sum(laid)
    if not tiles:
        return None
    points = sum(
        count * (rules.joker_penalty if kind == JOKER_INDEX else kind % 13 + 1)
        for kind, count in enumerate(laid)
    )
    return tiles, points


def _score(state: State, play: Play | None) -> Score:
    """(rack tiles, their penalty points) that ``play`` lays."""
    if play is None:
        return (0, 0)
    before = _table_counts(state)
    after = counts(tile for meld in play.table for tile in meld.tiles)
    return _counted(state.rules, [a - b for a, b in zip(after, before)]) or (0, 0)


# The quick play


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
    except IllegalActionError:  # pragma: no cover - each step was judged
        return None
    return Play(melds)


def _laid_off(
    rules: Rules, table: tuple[Meld, ...], rack: tuple[Tile, ...], melds: tuple[Meld, ...]
) -> tuple[Meld, ...]:
    """``melds`` with the rack tiles they leave laid off one at a time where the judge allows
    it: at either end of a run, or into a group (a table joker keeps its place: R-RUM-LAY-1,
    R-RUM-JOK-3). Each trial is judged once."""
    left = Counter(rack)
    left.subtract(Counter(tile for meld in melds for tile in meld.tiles))
    left.update(Counter(tile for meld in table for tile in meld.tiles))
    current = list(melds)
    refused: set[Meld] = set()
    changed = True
    while changed:
        changed = False
        for tile in sorted(left.elements(), key=lambda t: t.index):
            if left[tile] <= 0:
                continue
            for place, meld in enumerate(current):
                grown = _grown(meld, tile)
                if grown is None or grown in refused:
                    continue
                trial = sort_table([*current[:place], grown, *current[place + 1 :]])
                try:
                    judge_play(rules, table, rack, True, trial)
                except IllegalActionError:
                    refused.add(grown)
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
