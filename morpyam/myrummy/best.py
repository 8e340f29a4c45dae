"""The best table: the dynamic program where it is quick, the integer program where it is not.

Both solve the same relaxation of the rules (free rearranging, with the
opening's points and the table jokers' conditions, see
`morpyam.myrummy.dp`), so the optimum of either is an upper bound of every
legal play. The dynamic program is fastest on small problems (a few rack
tiles late in a game) and grows with the copies on hand; the integer program
(`morpyam.myrummy.ilp`, HiGHS through scipy) costs about 15 ms to set up and
stays fast at every size. So, where scipy is installed, the dynamic program
runs first on a rack of up to `SMALL_RACK` tiles, within a budget of states
and search nodes (`BUDGET`); past it, or on a bigger rack, the integer
program finds an optimal table, of its optima one that keeps the
most old combinations whole. When the judge accepts that table, it is a best
play. When it does not (R-RUM-RE-2 or the part of R-RUM-JOK-3 that the
relaxation leaves out), after one more try that avoids the pieces "three
must stay" forbids, or when HiGHS cannot settle, the dynamic program answers
with no limit. The result is exact on every path (a budget only chooses the
method, never the answer); only the arrangement of an optimal table may
differ between the paths, never its score. Without scipy the dynamic program
answers alone.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from morpyam.errors import IllegalActionError
from morpyam.myrummy import dp, ilp
from morpyam.myrummy.judge import judge_play
from morpyam.myrummy.melds import Meld, sort_table
from morpyam.myrummy.state import State
from morpyam.myrummy.tiles import JOKER_INDEX, KINDS, counts

__all__ = ["BUDGET", "SMALL_RACK", "best_table", "best_table_within"]

_Found = tuple[list[int], tuple[Meld, ...]] | None
_Solve = Callable[[int | None, int | None], _Found]
"""The program of one position, given ``stay`` and ``at_least`` (see `ilp.best_melds`)."""


SMALL_RACK = 10
"""Up to this many rack tiles the dynamic program is tried first (where scipy is installed):
late in a real game, with a few tiles on the rack, it mostly answers in a few milliseconds,
where the integer program's setting up alone takes about 15; its states grow with the copies
on hand, so bigger racks go to the integer program first."""
BUDGET = 1_000
"""The states and search nodes the dynamic program may visit, tried first, before the
integer program is tried (about 50 µs each late in a game, up to 0.5 ms where search
nodes ask the judge)."""


def best_table(state: State, *, points_first: bool = False) -> tuple[Meld, ...] | None:
    """As `morpyam.myrummy.dp.best_table`, the same optimum: for a rack of up to
    `SMALL_RACK` tiles the dynamic program within `BUDGET` first; then the integer program;
    then the dynamic program without a limit."""
    if ilp.available():
        try:
            if len(state.racks[state.player]) <= SMALL_RACK:
                return dp.best_table(state, points_first=points_first, budget=BUDGET)
        except dp.OverBudgetError:
            pass
        fast = _fast_table(state, points_first)
        if fast is not _UNSETTLED:
            return fast  # type: ignore[return-value]
    return dp.best_table(state, points_first=points_first)


def best_table_within(
    state: State, must: Sequence[int], may: Sequence[int]
) -> tuple[Meld, ...] | None:
    """As `morpyam.myrummy.dp.best_table_within`, the same optimum, found as `best_table`
    finds it."""
    if ilp.available():
        try:
            if sum(must) + sum(may) <= SMALL_RACK:
                return dp.best_table_within(state, must, may, budget=BUDGET)
        except dp.OverBudgetError:
            pass
        fast = _fast_within(state, must, may)
        if fast is not _UNSETTLED:
            return fast  # type: ignore[return-value]
    return dp.best_table_within(state, must, may)


_UNSETTLED = object()
"""The fast path's answer when the dynamic program must decide."""


def _scores(state: State, points_first: bool) -> list[int]:
    """What laying a copy of each kind is worth, as in the dynamic program (tiles, then points;
    or the other way round)."""
    penalty = state.rules.joker_penalty
    if points_first:
        return [1 + 200 * (penalty if k == JOKER_INDEX else k % 13 + 1) for k in range(KINDS)]
    return [10_000 + (penalty if k == JOKER_INDEX else k % 13 + 1) for k in range(KINDS)]


def _fast_table(state: State, points_first: bool) -> object:
    rack = counts(state.racks[state.player])
    scores = _scores(state, points_first)
    if state.opened[state.player]:
        return _laid_out(state, [0] * KINDS, rack, scores, lay_none=False)
    return _opening(state, [0] * KINDS, rack, scores, lay_none=False)


def _fast_within(state: State, must: Sequence[int], may: Sequence[int]) -> object:
    scores = _scores(state, False)
    if state.opened[state.player]:
        return _laid_out(state, must, may, scores, lay_none=any(must))
    return _opening(state, must, may, scores, lay_none=any(must))


def _opening(
    state: State, must: Sequence[int], may: Sequence[int], scores: list[int], lay_none: bool
) -> object:
    """The program for a player who has not laid out: new combinations only, the opening's
    points, or with Handrummy the whole rack (R-RUM-OPEN-1, R-RUM-VAR-HAND)."""
    rules = state.rules
    rack = counts(state.racks[state.player])
    if rules.handrummy and all(a + b == c for a, b, c in zip(must, may, rack)):
        whole = _judged(
            state,
            lambda stay, floor: ilp.best_melds(rack, [0] * KINDS, scores),
            scores,
            keep=state.table,
            lay_none=True,
        )
        if whole is not None:
            return whole
    return _judged(
        state,
        lambda stay, floor: ilp.best_melds(must, may, scores, opening=rules.opening_points),
        scores,
        keep=state.table,
        lay_none=lay_none,
    )


def _laid_out(
    state: State, must: Sequence[int], may: Sequence[int], scores: list[int], lay_none: bool
) -> object:
    """The program for a player who has laid out: every table copy and those of ``must``
    placed, any of ``may``."""
    table = counts(tile for meld in state.table for tile in meld.tiles)
    need = [a + b for a, b in zip(table, must)]
    return _judged(
        state,
        lambda stay, floor: ilp.best_melds(
            need, may, scores, before=state.table, prefer=_kept(state), stay=stay, at_least=floor
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
