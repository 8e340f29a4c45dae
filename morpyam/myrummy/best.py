"""The best table: the integer program first where scipy is installed, the dynamic program else.

Both solve the same relaxation of the rules (free rearranging, with the
opening's points and the table jokers' conditions, see
`morpyam.myrummy.dp`), so the optimum of either is an upper bound of every
legal play. The integer program (`morpyam.myrummy.ilp`, HiGHS through scipy)
finds an optimal table fast at every size; of its optima it takes one that
keeps the most old combinations whole. When the judge accepts that table, it
is a best play. When it does not (R-RUM-RE-2 or the part of R-RUM-JOK-3 that
the relaxation leaves out), or HiGHS cannot settle, the dynamic program's
exact search answers. So the result is exact either way; only the
arrangement of an optimal table may differ between the two paths, never its
score.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from morpyam.errors import IllegalActionError
from morpyam.myrummy import dp, ilp
from morpyam.myrummy.judge import judge_play
from morpyam.myrummy.melds import Meld, sort_table
from morpyam.myrummy.state import State
from morpyam.myrummy.tiles import JOKER_INDEX, KINDS, counts

__all__ = ["best_table", "best_table_within"]

_Found = tuple[list[int], tuple[Meld, ...]] | None
_Solve = Callable[[int | None, int | None], _Found]
"""The program of one position, given ``stay`` and ``at_least`` (see `ilp.best_melds`)."""


def best_table(state: State, *, points_first: bool = False) -> tuple[Meld, ...] | None:
    """As `morpyam.myrummy.dp.best_table`, the same optimum, found by the integer program
    when it can be."""
    fast = _fast_table(state, points_first) if ilp.available() else _UNSETTLED
    if fast is not _UNSETTLED:
        return fast  # type: ignore[return-value]
    return dp.best_table(state, points_first=points_first)


def best_table_within(
    state: State, must: Sequence[int], may: Sequence[int]
) -> tuple[Meld, ...] | None:
    """As `morpyam.myrummy.dp.best_table_within`, the same optimum, found by the integer
    program when it can be."""
    fast = _fast_within(state, must, may) if ilp.available() else _UNSETTLED
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
    rules = state.rules
    rack = counts(state.racks[state.player])
    scores = _scores(state, points_first)
    if state.opened[state.player]:
        table = counts(tile for meld in state.table for tile in meld.tiles)
        return _judged(
            state,
            lambda stay, floor: ilp.best_melds(
                table,
                rack,
                scores,
                before=state.table,
                prefer=_kept(state),
                stay=stay,
                at_least=floor,
            ),
            scores,
            keep=(),
            lay_none=False,
        )
    nothing = [0] * KINDS
    if rules.handrummy:
        whole = _judged(
            state,
            lambda stay, floor: ilp.best_melds(nothing, rack, scores, whole_rack=True),
            scores,
            keep=state.table,
            lay_none=False,
        )
        if whole is not None:
            return whole
    return _judged(
        state,
        lambda stay, floor: ilp.best_melds(nothing, rack, scores, opening=rules.opening_points),
        scores,
        keep=state.table,
        lay_none=False,
    )


def _fast_within(state: State, must: Sequence[int], may: Sequence[int]) -> object:
    rules = state.rules
    scores = _scores(state, False)
    lay_none = any(must)
    if state.opened[state.player]:
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
            ),
            scores,
            keep=(),
            lay_none=lay_none,
        )
    rack = counts(state.racks[state.player])
    if rules.handrummy and all(a + b == c for a, b, c in zip(must, may, rack)):
        nothing = [0] * KINDS
        whole = _judged(
            state,
            lambda stay, floor: ilp.best_melds(rack, nothing, scores),
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
