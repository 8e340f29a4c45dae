"""The best table by the quickest exact method: the relaxation's search, the integer program, or
the program that follows every copy.

Three methods solve the same problem exactly, two of them through the same
relaxation of the rules (free rearranging, with the opening's points and
the table jokers' conditions, see `morpyam.myrummy.solve._relaxation`), whose optimum is an
upper bound of every legal play:

- the relaxation's depth-first search over actual tables, each judged by the
  judge `apply` uses: fastest where the relaxation's optimum is legal, which
  is almost always, on small racks (a few tiles late in a game);
- the integer program (`morpyam.myrummy.solve._ilp`, HiGHS through scipy, the
  ``myrummy-ilp`` extra): about 15 ms to set up, but fast at every size;
  its optimal table, judged, is a best play when the judge accepts it;
- the program that follows every copy (`morpyam.myrummy.solve._copies`): exact by
  construction where the rules tie tiles to where they lay ("three must
  stay", R-RUM-RE-2, and the joker rules, R-RUM-JOK-3), so it decides what
  the relaxation cannot, refuting a score level without listing its tables.

So for a player who has laid out, with "three must stay" on or a joker on
the table, a rack of up to `SMALL_RACK` tiles tries the relaxation's search
within `BUDGET` first; then the integer program, and the program that
follows every copy decides when neither answered (the relaxation's bounds,
computed once, serve all three). The integer program comes before the copy
program even on a small rack: beside a long table of groups (80 tiles and
more, as random play builds) the relaxation's bounds alone take seconds,
where the integer program's table is mostly legal and found in a fraction of
one. Elsewhere (an opening, or free rearranging
with no table joker) the relaxation is exact as it is: its search within the
budget, then the integer program, then its search without a limit. Without
scipy the integer program is left out. A budget only chooses the method,
never the answer; only the arrangement of an optimal table may differ
between the methods, never its score.

With ``Rules.joker_from_rack`` the relaxation and the integer program know
that a table joker none of whose right tiles the play may lay can only stay;
beyond that, like the program that follows every copy, they let a table tile
replace a joker. Their tables are judged by the stricter reading like any
other, and where the judge refuses one the relaxation's search decides
(slower there, still exact: what is legal under the stricter reading is legal
under the looser one, so their bounds and refutations hold).
"""

from __future__ import annotations

import time
from collections.abc import Callable, Iterator, Sequence

from morpyam.errors import IllegalActionError
from morpyam.myrummy.core._judge import judge_play
from morpyam.myrummy.core._melds import Meld, sort_table
from morpyam.myrummy.core._state import State
from morpyam.myrummy.core._tiles import JOKER_INDEX, KINDS, counts
from morpyam.myrummy.solve import _copies as copies
from morpyam.myrummy.solve import _ilp as ilp
from morpyam.myrummy.solve import _relaxation as dp

__all__ = ["BUDGET", "SMALL_RACK", "best_table", "best_table_within"]

_Found = tuple[list[int], tuple[Meld, ...]] | None
_Solve = Callable[[int | None, int | None], _Found]
"""The program of one position, given ``stay`` and ``at_least`` (see `ilp.best_melds`)."""


SMALL_RACK = 10
"""Up to this many rack tiles the relaxation's search is tried first: late in a real game,
with a few tiles on the rack, it mostly answers in a few milliseconds, where the integer
program's setting up alone takes about 15; its states grow with the copies on hand, so
bigger racks go to the integer program first (where scipy is installed)."""
BUDGET = 1_000
"""The work the relaxation's search may do before another method is tried: a state or a
search node counts 1 (about 50 µs late in a game), a verdict of the judge
`morpyam.myrummy.solve._relaxation.JUDGE_UNITS`."""


def best_table(
    state: State, *, points_first: bool = False, deadline: float | None = None
) -> tuple[Meld, ...] | None:
    """As `morpyam.myrummy.solve._relaxation.best_table`, the same optimum, by the quickest exact path (see
    the module). ``deadline``: a ``time.perf_counter`` reading past which it stops with
    `morpyam.myrummy.solve._relaxation.OutOfTimeError`."""
    rack = counts(state.racks[state.player])
    return _best(state, [0] * KINDS, rack, points_first, 0, deadline)


def best_table_within(
    state: State, must: Sequence[int], may: Sequence[int]
) -> tuple[Meld, ...] | None:
    """As `morpyam.myrummy.solve._relaxation.best_table_within`, the same optimum, found as `best_table`
    finds it."""
    return _best(state, must, may, False, -1 if any(must) else 0, None)


def _best(
    state: State,
    must: Sequence[int],
    may: Sequence[int],
    points_first: bool,
    floor: int,
    deadline: float | None,
) -> tuple[Meld, ...] | None:
    """The best table of the player on turn laying the copies ``must`` and any of ``may``,
    scoring more than ``floor``: see the module for the paths."""
    small = sum(must) + sum(may) <= SMALL_RACK
    if _copies_help(state):
        return _tied(state, must, may, points_first, floor, deadline, small)
    if small and ilp.available():
        try:
            return _dp(state, must, may, points_first, BUDGET, deadline)
        except dp.OverBudgetError:
            pass
    if ilp.available():
        dp.check_deadline(deadline)
        fast = _fast(state, must, may, points_first, deadline)
        if fast is not _UNSETTLED:
            return fast  # type: ignore[return-value]
    return _dp(state, must, may, points_first, None, deadline)


def _tied(
    state: State,
    must: Sequence[int],
    may: Sequence[int],
    points_first: bool,
    floor: int,
    deadline: float | None,
    small: bool,
) -> tuple[Meld, ...] | None:
    """`_best` for a player who has laid out where the rules tie tiles to where they lay: the
    relaxation's search within `BUDGET` on a small rack, then the integer program, then the
    program that follows every copy (the relaxation's bounds, computed once, serve
    all three); the relaxation's search without a limit only if the judge refuses that
    program's table."""
    weights, joker_score = dp.objective_weights(state.rules, points_first)
    table = counts(tile for meld in state.table for tile in meld.tiles)
    need = [a + b for a, b in zip(table, must)]
    relaxation = dp.Solver(state.rules, need, may, state.table, weights, joker_score, 0)
    relaxation.deadline = deadline
    rack = state.racks[state.player]
    if small:
        relaxation.budget = BUDGET
        try:
            return relaxation.best(state.table, rack, True, (), floor=floor)
        except dp.OverBudgetError:
            relaxation.budget = None
    if ilp.available():
        dp.check_deadline(deadline)
        fast = _fast(state, must, may, points_first, deadline)
        if fast is not _UNSETTLED:
            return fast  # type: ignore[return-value]
    dp.check_deadline(deadline)
    exact = _copies_table(state, must, may, points_first, floor, deadline, relaxation)
    if exact is not _UNSETTLED:
        return exact  # type: ignore[return-value]
    relaxation.budget = None
    return relaxation.best(state.table, rack, True, (), floor=floor)


def _dp(
    state: State,
    must: Sequence[int],
    may: Sequence[int],
    points_first: bool,
    budget: int | None,
    deadline: float | None,
) -> tuple[Meld, ...] | None:
    if any(must) or may != counts(state.racks[state.player]):
        return dp.best_table_within(state, must, may, budget=budget, deadline=deadline)
    return dp.best_table(state, points_first=points_first, budget=budget, deadline=deadline)


def _fast(
    state: State,
    must: Sequence[int],
    may: Sequence[int],
    points_first: bool,
    deadline: float | None = None,
) -> object:
    if any(must) or may != counts(state.racks[state.player]):
        return _fast_within(state, must, may, deadline)
    return _fast_table(state, points_first, deadline)


def _seconds_left(deadline: float | None) -> float | None:
    """What HiGHS may take before ``deadline`` (at least a millisecond), or ``None``."""
    return None if deadline is None else max(deadline - time.perf_counter(), 0.001)


def _copies_help(state: State) -> bool:
    """Whether the relaxation can miss the rules here, so that the program that follows every
    copy is worth trying: the player has laid out, and "three must stay" is on or a joker lies
    on the table (R-RUM-RE-2, R-RUM-JOK-3)."""
    if not state.opened[state.player]:
        return False
    stay = state.rules.min_stay
    if stay is not None and stay >= 3:
        return True
    return any(tile.is_joker for meld in state.table for tile in meld.tiles)


def _copies_table(
    state: State,
    must: Sequence[int],
    may: Sequence[int],
    points_first: bool,
    floor: int,
    deadline: float | None = None,
    relaxation: dp.Solver | None = None,
) -> object:
    """The best table by the program that follows every copy (`morpyam.myrummy.solve._copies`), for
    a player who has laid out: every table copy and those of ``must`` placed, any of ``may``,
    scoring more than ``floor``. ``_UNSETTLED`` if the judge refuses its table (a reading the
    program takes loosely, where two table jokers share a combination).

    The relaxation's optimum from each state bounds what it can still gain, so the program
    first looks only at states that can reach the relaxation's optimum, then at those that can
    reach each lower level in turn: the first level that holds a legal table holds the best.
    """
    rules = state.rules
    weights, joker_score = dp.objective_weights(rules, points_first)
    table = counts(tile for meld in state.table for tile in meld.tiles)
    need = [a + b for a, b in zip(table, must)]
    if relaxation is None:
        relaxation = dp.Solver(rules, need, may, state.table, weights, joker_score, 0)
    relaxation.deadline = deadline
    program = copies.CopySolver(rules, state.table, need, may, weights, joker_score)
    program.deadline = deadline

    bound = relaxation.bound

    def potential(v: int, lens: tuple[tuple[int, ...], ...], jokers: int) -> int:
        return bound(v, lens, jokers, 0)

    root = relaxation.bound(1, ((),) * 4, 0, 0)
    found = program.best(floor, _levels(root, floor, weights), potential)
    if found is None:
        return None
    after = sort_table(program.table(found[1]))
    return after if _legal(state, (), after) else _UNSETTLED


def _levels(root: int, floor: int, weights: tuple[int, int]) -> Iterator[int]:
    """Scores from ``root`` down to ``floor + 1``, each lower than the last: the relaxation's
    optimum, then each number of tiles below it (most tiles first), or with points first ever
    wider steps of points."""
    if root <= floor:
        return
    yield root
    tiles_first = weights[0] > weights[1]
    step = weights[0] if tiles_first else weights[1] * 8
    level = root - root % step
    while level > floor + 1:
        if level < root:
            yield level
        level -= step
        if not tiles_first:
            step *= 2
    if root > floor + 1:
        yield floor + 1


_UNSETTLED = object()
"""The fast path's answer when the dynamic program must decide."""


def _scores(state: State, points_first: bool) -> list[int]:
    """What laying a copy of each kind is worth, as in the dynamic program (tiles, then points;
    or the other way round)."""
    penalty = state.rules.joker_penalty
    if points_first:
        return [1 + 200 * (penalty if k == JOKER_INDEX else k % 13 + 1) for k in range(KINDS)]
    return [10_000 + (penalty if k == JOKER_INDEX else k % 13 + 1) for k in range(KINDS)]


def _fast_table(state: State, points_first: bool, deadline: float | None = None) -> object:
    rack = counts(state.racks[state.player])
    scores = _scores(state, points_first)
    if state.opened[state.player]:
        return _laid_out(state, [0] * KINDS, rack, scores, False, deadline)
    return _opening(state, [0] * KINDS, rack, scores, False, deadline)


def _fast_within(
    state: State, must: Sequence[int], may: Sequence[int], deadline: float | None = None
) -> object:
    scores = _scores(state, False)
    if state.opened[state.player]:
        return _laid_out(state, must, may, scores, any(must), deadline)
    return _opening(state, must, may, scores, any(must), deadline)


def _opening(
    state: State,
    must: Sequence[int],
    may: Sequence[int],
    scores: list[int],
    lay_none: bool,
    deadline: float | None = None,
) -> object:
    """The program for a player who has not laid out: new combinations only, the opening's
    points, or with Handrummy the whole rack (R-RUM-OPEN-1, R-RUM-VAR-HAND)."""
    rules = state.rules
    rack = counts(state.racks[state.player])
    if rules.handrummy and all(a + b == c for a, b, c in zip(must, may, rack)):
        whole = _judged(
            state,
            lambda stay, floor: ilp.best_melds(
                rack,
                [0] * KINDS,
                scores,
                time_limit=_seconds_left(deadline),
                colours=rules.colours,
                values=rules.values,
            ),
            scores,
            keep=state.table,
            lay_none=True,
        )
        if whole is not None:
            return whole
    return _judged(
        state,
        lambda stay, floor: ilp.best_melds(
            must,
            may,
            scores,
            opening=rules.opening_points,
            time_limit=_seconds_left(deadline),
            colours=rules.colours,
            values=rules.values,
        ),
        scores,
        keep=state.table,
        lay_none=lay_none,
    )


def _laid_out(
    state: State,
    must: Sequence[int],
    may: Sequence[int],
    scores: list[int],
    lay_none: bool,
    deadline: float | None = None,
) -> object:
    """The program for a player who has laid out: every table copy and those of ``must``
    placed, any of ``may``."""
    rules = state.rules
    table = counts(tile for meld in state.table for tile in meld.tiles)
    need = [a + b for a, b in zip(table, must)]
    return _judged(
        state,
        lambda stay, floor: ilp.best_melds(
            need,
            may,
            scores,
            before=state.table,
            prefer=_kept(state),
            stay=stay,
            at_least=floor,
            time_limit=_seconds_left(deadline),
            joker_from_rack=rules.joker_from_rack,
            colours=rules.colours,
            values=rules.values,
        ),
        scores,
        keep=(),
        lay_none=lay_none,
    )


def _kept(state: State) -> tuple[Meld, ...]:
    """The old combinations worth keeping whole: all of them where "three must stay" ties
    tiles to where they lay, else those with a joker (R-RUM-JOK-3 ties it to its place)."""
    if state.rules.min_stay is not None:
        return state.table
    return tuple(meld for meld in state.table if any(tile.is_joker for tile in meld.tiles))


def _judged(
    state: State,
    solve: _Solve,
    scores: list[int],
    keep: tuple[Meld, ...],
    lay_none: bool,
) -> object:
    """The program's optimal table if the judge accepts it; ``None`` if the program proves that
    nothing can be laid (``lay_none``: a table that lays only required copies counts); else
    ``_UNSETTLED``.

    A table the judge refuses for "three must stay" gets one more try: the same optimum,
    the pieces that rule forbids avoided where the program can (still judged).
    """
    try:
        found = solve(None, None)
    except ilp.UnsettledError:
        return _UNSETTLED
    if found is None:
        return None
    laid, melds = found
    if not lay_none and not any(laid):
        return None
    if _legal(state, keep, melds):
        return sort_table((*keep, *melds))
    stay = state.rules.min_stay
    if stay is None or keep or not state.table:  # an opening leaves the table as it was
        return _UNSETTLED
    worth = sum(count * score for count, score in zip(laid, scores))
    try:
        again = solve(stay, worth)
    except ilp.UnsettledError:
        return _UNSETTLED
    if again is not None and _legal(state, keep, again[1]):
        return sort_table((*keep, *again[1]))
    return _UNSETTLED


def _legal(state: State, keep: tuple[Meld, ...], melds: tuple[Meld, ...]) -> bool:
    player = state.player
    after = sort_table((*keep, *melds))
    try:
        judge_play(state.rules, state.table, state.racks[player], state.opened[player], after)
    except IllegalActionError:
        return False
    return True
