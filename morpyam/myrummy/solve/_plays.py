"""Every legal play, and an exact best play.

Both rest on one exhaustive enumeration of the tables a play can leave: every
partition of the table's tiles (all of which must be used, R-RUM-RE-3) and
any sub-multiset of the rack's tiles into runs and groups. The enumeration
takes the lowest tile not yet placed (in ``Tile.index`` order) and either
leaves it on the rack (only when no copy is needed for the table) or puts one
copy into a combination in which it is the lowest tile that is no joker: a
run of its colour starting at it (after 0 to 2 jokers) or a group of its
value with higher colours and jokers; only combinations that fit the tile set
(`Rules.colours`, `Rules.values`: a run ends at the set's last value, its
jokers included, a group has at most one tile per colour of the set). Every
partition is reached exactly once (combinations holding the same lowest tile are taken in order), so the
enumeration is complete and without repeats.

Each table reached is then put to the judge that
`apply` uses
(`judge_play`): the opening's 30 points
and Handrummy (R-RUM-OPEN-*, R-RUM-VAR-HAND), "three must stay"
(R-RUM-RE-2) and the joker rules (R-RUM-JOK-2, R-RUM-JOK-3). So ``plays``
yields exactly the plays ``apply`` accepts, and ``best_play`` is exact.

The objective of `best_play`: the most
rack tiles laid (so it goes out whenever going out is possible), then the
most penalty points taken off the rack (a joker counting
``rules.joker_penalty``). It is found by the dynamic program over values of
`morpyam.myrummy.solve._relaxation`. The enumeration here serves
``plays`` and, as a branch and bound (a branch is cut when even laying every
rack tile it has not yet given up could not beat the best play found), the
one case the program does not cover: an opening that may also lay off
(``Rules.lay_off_in_opening_turn``). Before laying out, the table cannot be
touched (unless that knob is set) and the search is over the rack alone.
"""

from __future__ import annotations

import warnings
from collections.abc import Iterable, Iterator
from typing import Literal

from morpyam.errors import IllegalActionError
from morpyam.errors import shown as _shown
from morpyam.myrummy.core._actions import Play
from morpyam.myrummy.core._judge import judge_play
from morpyam.myrummy.core._melds import Group, Meld, Run, sort_table
from morpyam.myrummy.core._state import State
from morpyam.myrummy.core._tiles import JOKER_INDEX, KINDS, TILES, Tile, counts
from morpyam.myrummy.solve._methods import best_table, best_table_within
from morpyam.myrummy.solve._relaxation import check_deadline
from morpyam.myrummy.solve._tidy import tidy

__all__ = [
    "OBJECTIVES",
    "Objective",
    "best_play",
    "best_play_by",
    "best_play_within",
    "plays",
    "tables",
]

Objective = Literal["tiles", "points"]
OBJECTIVES: tuple[Objective, ...] = ("tiles", "points")
"""What `best_play` maximises first: tiles laid or points (deprecated spelling: the solver
takes ``points_first``)."""


def _points_first(points_first: object, objective: object, *, stacklevel: int = 3) -> bool:
    """The one spelling of the objective, ``points_first``, from a caller that may still pass
    the deprecated ``objective="tiles"``/``"points"`` (a `DeprecationWarning` says so).

    Raises:
        ValueError: for a ``points_first`` that is not a bool, an unknown objective, or both
            spellings given and disagreeing.
    """
    if not isinstance(points_first, bool):
        raise ValueError(f"points_first is True or False, got {_shown(points_first)}")
    if objective is None:
        return points_first
    if objective not in OBJECTIVES:
        raise ValueError(f"objective is one of {OBJECTIVES}, got {_shown(objective)}")
    warnings.warn(
        "objective= is deprecated and goes in the next minor release: pass points_first=True "
        'for objective="points", nothing (points_first=False) for objective="tiles"',
        DeprecationWarning,
        stacklevel=stacklevel,
    )
    if points_first and objective == "tiles":
        raise ValueError('points_first=True and objective="tiles" disagree: pass points_first')
    return objective == "points"


_J = JOKER_INDEX
MeldKey = tuple[int, ...]
"""A combination during the search: 0 (run) or 1 (group), then its tiles' kinds in order."""

_MELDS: dict[MeldKey, Meld] = {}
_OUTER = [(i % 4) * 13 + i // 4 for i in range(_J)] + [_J]
"""The search numbers tiles value by value (``4 * (value - 1) + colour``), so that a
combination only reaches a few numbers ahead; ``_OUTER`` maps them to ``Tile.index``."""
_MAX_RUN = 5
"""The bound builds runs of at most 5 tiles: a longer run splits into such runs."""


def _inner(counts_by_index: list[int]) -> list[int]:
    return [counts_by_index[_OUTER[i]] for i in range(KINDS)]


def _meld(key: MeldKey) -> Meld:
    meld = _MELDS.get(key)
    if meld is None:
        tiles = [TILES[_OUTER[k]] for k in key[1:]]
        meld = _MELDS[key] = Run(tiles) if key[0] == 0 else Group(tiles)
    return meld


def _candidates(
    k: int, avail: list[int], longest: int = 13, colours: int = 4, values: int = 13
) -> Iterator[MeldKey]:
    """Every combination whose lowest tile that is no joker is number ``k``, from ``avail``,
    runs of at most ``longest`` tiles, in a set of ``colours`` colours and values 1 to
    ``values`` (`Rules.colours`, `Rules.values`): a run ends at ``values`` at the latest, its
    jokers included (R-RUM-MELD-2), a group has at most ``colours`` tiles (R-RUM-MELD-1).

    ``avail[k]`` does not count the copy of ``k`` itself.
    """
    value, colour = divmod(k, 4)
    jokers = avail[_J]
    last = 4 * (values - 1) + colour
    for lead in range(min(jokers, value) + 1):
        prefix = (0,) + (_J,) * lead + (k,)
        yield from _runs(prefix, k + 4, last, jokers - lead, avail, longest + 1)
    others = [k2 for k2 in range(k + 1, value * 4 + 4) if avail[k2]]
    yield from _groups((1, k), others, 0, jokers, avail, min(colours, 4))


def _runs(
    prefix: MeldKey, nxt: int, last: int, jokers: int, avail: list[int], limit: int
) -> Iterator[MeldKey]:
    if len(prefix) >= 4:
        yield prefix
    if nxt > last or len(prefix) >= limit:
        return
    if avail[nxt]:
        yield from _runs((*prefix, nxt), nxt + 4, last, jokers, avail, limit)
    if jokers:
        yield from _runs((*prefix, _J), nxt + 4, last, jokers - 1, avail, limit)


def _groups(
    prefix: MeldKey, others: list[int], at: int, jokers: int, avail: list[int], biggest: int = 4
) -> Iterator[MeldKey]:
    """The groups from ``prefix`` with some of ``others`` from ``at`` on and jokers, of 3 to
    ``biggest`` tiles (the set's colours)."""
    size = len(prefix) - 1
    if at == len(others):
        for extra in range(min(jokers, biggest - size) + 1):
            if 3 <= size + extra <= biggest:
                yield (*prefix, *(_J,) * extra)
        return
    yield from _groups(prefix, others, at + 1, jokers, avail, biggest)
    if size < biggest:
        yield from _groups((*prefix, others[at]), others, at + 1, jokers, avail, biggest)


def _worth(kind: int, joker_penalty: int) -> int:
    return joker_penalty if kind == _J else kind // 4 + 1


Score = tuple[int, int]
"""(rack tiles laid, their penalty points)."""
_NONE: Score = (-1, -1)


class _Search:
    """The enumeration of partitions, with the free-rearranging optimum as an exact bound.

    ``avail[k]`` counts the copies of kind ``k`` not yet placed or given up,
    ``deficit[k]`` the table copies still to place; a copy placed while the
    deficit is 0 comes from the rack and gains ``(1, its points)``. A move at
    the lowest kind ``k`` left is ``None`` (give up the copies of ``k`` left:
    they stay on the rack) or a meld key. ``colours`` and ``values``: the tile set
    (`Rules.colours`, `Rules.values`), whose combinations alone are built.
    """

    def __init__(
        self,
        need: list[int],
        avail: list[int],
        joker_penalty: int,
        colours: int = 4,
        values: int = 13,
    ) -> None:
        self.colours = colours
        self.values = values
        self.avail = list(avail)
        self.deficit = list(need)
        self.worth = [_worth(k, joker_penalty) for k in range(KINDS)]
        self.melds: list[MeldKey] = []
        self.gain: Score = (0, 0)
        self.points_first = False
        self.limit: Score | None = None
        self.memo: dict[tuple[int, tuple[int, ...], tuple[int, ...]], Score] = {}

    def _take(self, key: MeldKey) -> tuple[Score, list[int]]:
        avail, deficit, worth = self.avail, self.deficit, self.worth
        tiles = points = 0
        from_table = []
        for kind in key[1:]:
            avail[kind] -= 1
            if deficit[kind]:
                deficit[kind] -= 1
                from_table.append(kind)
            else:
                tiles += 1
                points += worth[kind]
        return ((points, tiles) if self.points_first else (tiles, points)), from_table

    def _put_back(self, key: MeldKey, from_table: list[int]) -> None:
        avail, deficit = self.avail, self.deficit
        for kind in key[1:]:
            avail[kind] += 1
        for kind in from_table:
            deficit[kind] += 1

    def _options(
        self, k: int, floor: MeldKey | None, longest: int
    ) -> list[tuple[Score, MeldKey | None]]:
        """Each move at ``k`` with the best total gain below it (moves that cannot finish left out)."""
        avail = self.avail
        options: list[tuple[Score, MeldKey | None]] = []
        if not self.deficit[k]:
            saved = avail[k]
            avail[k] = 0
            rest = self.bound(k + 1)
            avail[k] = saved
            if rest != _NONE:
                options.append((rest, None))
        avail[k] -= 1
        keys = list(_candidates(k, avail, longest, self.colours, self.values))
        avail[k] += 1
        for key in keys:
            if floor is not None and key < floor:
                continue
            gained, from_table = self._take(key)
            rest = self.bound(k)
            self._put_back(key, from_table)
            if rest != _NONE:
                options.append(((gained[0] + rest[0], gained[1] + rest[1]), key))
        return options

    def _lowest(self, k: int) -> int:
        avail = self.avail
        while k < _J and not avail[k]:
            k += 1
        return k

    def bound(self, k: int) -> Score:
        """The best gain from here on under free rearranging (``_NONE``: the table cannot be
        completed): a dynamic program over the kinds, memoised on what is left."""
        k = self._lowest(k)
        if k == _J:
            return (0, 0) if not self.deficit[_J] else _NONE
        state = (k, tuple(self.avail[k:]), tuple(self.deficit[k:]))
        found = self.memo.get(state)
        if found is None:
            found = max((score for score, _ in self._options(k, None, _MAX_RUN)), default=_NONE)
            self.memo[state] = found
        return found

    def run(self, k: int, floor: MeldKey | None) -> Iterator[tuple[MeldKey, ...]]:
        """Every partition below this node, each once, best bound first, cut by ``limit``."""
        if not self.avail[k]:
            floor = None
            k = self._lowest(k)
        if k == _J:
            if not self.deficit[_J]:
                yield tuple(self.melds)
            return
        options = self._options(k, floor, 13)
        options.sort(key=lambda option: option[0], reverse=True)
        base = self.gain
        avail = self.avail
        for (tiles, points), key in options:
            if self.limit is not None and (base[0] + tiles, base[1] + points) <= self.limit:
                break
            if key is None:
                saved = avail[k]
                avail[k] = 0
                yield from self.run(k + 1, None)
                avail[k] = saved
                continue
            gained, from_table = self._take(key)
            self.gain = (base[0] + gained[0], base[1] + gained[1])
            self.melds.append(key)
            yield from self.run(k, key)
            self.melds.pop()
            self.gain = base
            self._put_back(key, from_table)


def tables(
    need: list[int], avail: list[int], *, colours: int = 4, values: int = 13
) -> Iterator[tuple[Meld, ...]]:
    """Every partition into melds of a multiset that holds at least ``need`` and at most
    ``avail`` of each tile (counts indexed by ``Tile.index``, ``need[k] <= avail[k]``), each once.

    ``colours`` and ``values``: the tile set (`Rules.colours`, `Rules.values`): only melds
    that fit it (`morpyam.myrummy.core._melds.misfit`): runs within 1 to ``values``, a joker
    included, groups of at most ``colours`` tiles (R-RUM-MELD-1, R-RUM-MELD-2).

    Examples:
        >>> from morpyam.myrummy.core._tiles import counts, parse_tiles
        >>> found = tables([0] * 53, counts(parse_tiles("pu1 pu2 pu3 pu4")))
        >>> sorted(" ".join(map(str, table)) for table in found)
        ['', '[pu1 pu2 pu3 pu4]', '[pu1 pu2 pu3]', '[pu2 pu3 pu4]']
        >>> found = tables([0] * 53, counts(parse_tiles("pu2 pu3 J")), values=3)
        >>> sorted(" ".join(map(str, table)) for table in found)
        ['', '[J pu2 pu3]']
    """
    search = _Search(_inner(need), _inner(avail), 0, colours, values)
    for keys in search.run(0, None):
        yield tuple(_meld(key) for key in keys)


def _setup(state: State, points_first: bool = False) -> tuple[_Search, tuple[Meld, ...]] | None:
    """The search for the player on turn, and the table kept as it is (before laying out)."""
    if state.current_player is None:
        return None
    rules = state.rules
    player = state.player
    rack = counts(state.racks[player])
    if state.opened[player] or rules.lay_off_in_opening_turn:
        need = counts(tile for meld in state.table for tile in meld.tiles)
        avail = [a + b for a, b in zip(need, rack)]
        kept: tuple[Meld, ...] = ()
    else:
        need = [0] * KINDS
        avail = rack
        kept = state.table
    search = _Search(_inner(need), _inner(avail), rules.joker_penalty, rules.colours, rules.values)
    search.points_first = points_first
    return search, kept


def _judged(state: State, kept: tuple[Meld, ...], melds: tuple[MeldKey, ...]) -> Play | None:
    after = sort_table((*kept, *(_meld(key) for key in melds)))
    player = state.player
    try:
        judge_play(state.rules, state.table, state.racks[player], state.opened[player], after)
    except IllegalActionError:
        return None
    return Play(after)


def plays(state: State) -> Iterator[Play]:
    """Every legal play of the player on turn, lazily, each once; none at a chance node or the end.

    The first is `best_play`'s (as fast as it is); the rest follow in the
    enumeration's order. The number of plays can be huge on a full table:
    take what you need.

    Raises:
        ValueError: for a ``state`` that is not a ``State``.
    """
    if not isinstance(state, State):
        raise ValueError(f"expected a myrummy State, got {type(state).__name__}")
    return _plays(state)


def _plays(state: State) -> Iterator[Play]:
    setup = _setup(state)
    if setup is None:
        return
    first = best_play(state)
    if first is None:
        return
    yield first
    search, kept = setup
    seen: set[tuple[Meld, ...]] = {first.table}
    for melds in search.run(0, None):
        play = _judged(state, kept, melds)
        if play is not None and play.table not in seen:
            seen.add(play.table)
            yield play


def best_play(
    state: State, *, points_first: bool = False, objective: Objective | None = None
) -> Play | None:
    """An exact best play of the player on turn, or ``None`` when no play is legal (or it is
    no one's turn).

    By default (see the module): the most rack tiles laid, then the most
    penalty points; ``points_first=True``: the most penalty points taken off the
    rack, then the most tiles (`search` spells it the same way). ``objective``
    (``"tiles"`` or ``"points"``) is the deprecated spelling of the same choice:
    it still works, with a `DeprecationWarning`, until the next minor release. The quickest of three exact
    methods finds it (`morpyam.myrummy.solve._methods`: the relaxation's search, the
    integer program, the program that follows every copy); an opening that may
    also lay off (``Rules.lay_off_in_opening_turn``) is left to the exhaustive
    branch and bound of this module. The table returned is tidied
    (`tidy`): of the tables that lay the same
    tiles, one that changes the old table little (pieces of a run joined,
    old groups kept).

    Examples:
        >>> import morpyam.myrummy as mr
        >>> state = mr.position(
        ...     mr.Rules.classic(),
        ...     racks=[mr.parse_tiles("gn10 gn11 gn12 gn13 bk13 gy13 pu2"), mr.parse_tiles("J")],
        ... )
        >>> str(best_play(state))
        'play [gn10 gn11 gn12] {bk13 gn13 gy13}'

    Raises:
        ValueError: for a ``state`` that is not a ``State``, a ``points_first`` that is not a
            bool, or an unknown objective.
    """
    if not isinstance(state, State):
        raise ValueError(f"expected a myrummy State, got {type(state).__name__}")
    first = _points_first(points_first, objective)
    return best_play_by(state, first, None)


def best_play_by(
    state: State, points_first: bool | Objective, deadline: float | None
) -> Play | None:
    """`best_play` for a checked ``state`` and ``points_first``, stopping with
    `morpyam.myrummy.solve._relaxation.OutOfTimeError` once ``deadline`` (a ``time.perf_counter`` reading)
    has passed. An objective (``"tiles"``, ``"points"``) in place of ``points_first`` is the
    deprecated spelling: it still works, with a `DeprecationWarning`, until the next minor
    release."""
    if isinstance(points_first, str):
        points_first = _points_first(False, points_first)
    if state.current_player is None:
        return None
    rules = state.rules
    player = state.player
    opened = state.opened[player]
    if not opened and rules.lay_off_in_opening_turn:
        found = _branch_and_bound(state, points_first, deadline)
        after = None if found is None else found.table
    else:
        after = best_table(state, points_first=points_first, deadline=deadline)
    return None if after is None else Play(_tidied(state, after))


def best_play_within(state: State, must: Iterable[Tile], may: Iterable[Tile] = ()) -> Play | None:
    """A best play (most rack tiles, then most points) of the player on turn among those that
    lay every rack tile of ``must`` and no other rack tiles but some of ``may``; ``None`` when
    there is none (or it is no one's turn).

    So ``best_play_within(state, tiles)`` answers whether the rack tiles ``tiles`` can be laid
    as they are, and with ``may`` the rest of the rack, whether some legal play lays them and
    maybe more. The opening's rules hold as in ``apply``: 30 points of rack tiles, or the whole
    rack with Handrummy (R-RUM-OPEN-1, R-RUM-VAR-HAND). The program of
    `best_table_within` solves it, or the exhaustive
    branch and bound for an opening that may also lay off; the table is tidied as in
    `best_play`, so the answer is a function of the state,
    ``must`` and ``may`` alone.

    Examples:
        >>> import morpyam.myrummy as mr
        >>> state = mr.position(
        ...     mr.Rules.classic(),
        ...     racks=[mr.parse_tiles("gn10 gn11 gn12 gn13 bk13 gy13"), mr.parse_tiles("J")],
        ... )
        >>> str(best_play_within(state, mr.parse_tiles("gn10 gn11 gn12")))
        'play [gn10 gn11 gn12]'
        >>> best_play_within(state, mr.parse_tiles("gn10 gn11")) is None
        True
        >>> str(best_play_within(state, mr.parse_tiles("gn13"), state.rack))
        Traceback (most recent call last):
        ...
        ValueError: must and may together hold 2 × gn13; the rack has 1

    Raises:
        ValueError: for a ``state`` that is not a ``State``, or ``must`` and ``may`` that
            together hold more of a tile than the rack.
    """
    if not isinstance(state, State):
        raise ValueError(f"expected a myrummy State, got {type(state).__name__}")
    must_counts = counts(must)
    may_counts = counts(may)
    if state.current_player is None:
        return None
    rack = counts(state.racks[state.player])
    for kind in range(KINDS):
        if must_counts[kind] + may_counts[kind] > rack[kind]:
            raise ValueError(
                f"must and may together hold {must_counts[kind] + may_counts[kind]} × "
                f"{TILES[kind]}; the rack has {rack[kind]}"
            )
    if not state.opened[state.player] and state.rules.lay_off_in_opening_turn:
        after = _within_branch_and_bound(state, must_counts, may_counts)
    else:
        after = best_table_within(state, must_counts, may_counts)
    return None if after is None else Play(_tidied(state, after))


def _within_branch_and_bound(
    state: State, must: list[int], may: list[int]
) -> tuple[Meld, ...] | None:
    """``best_play_within`` for an opening that may also lay off: the exhaustive search with the
    tiles of ``must`` needed as the table's are."""
    table = counts(tile for meld in state.table for tile in meld.tiles)
    need = [a + b for a, b in zip(table, must)]
    avail = [a + b for a, b in zip(need, may)]
    rules = state.rules
    search = _Search(_inner(need), _inner(avail), rules.joker_penalty, rules.colours, rules.values)
    best: tuple[Meld, ...] | None = None
    for melds in search.run(0, None):
        play = _judged(state, (), melds)
        if play is not None:
            best = play.table
            search.limit = search.gain
    return best


def _tidied(state: State, after: tuple[Meld, ...]) -> tuple[Meld, ...]:
    """The solver's table ``after`` tidied (see `tidy`) as the judge
    allows: fully; else with the pieces of old runs left apart (joining them can bring two
    tiles of an old combination together, R-RUM-RE-2: rare, seen with ``min_stay=4``); else
    as it is. A tidied table must also keep a Handrummy a Handrummy (R-RUM-VAR-HAND)."""
    player = state.player
    opened = state.opened[player]
    handrummy: bool | None = None
    for rejoin in (True, False):
        tidied = tidy(state.table, after, opened=opened, rejoin=rejoin)
        if tidied == after:
            return after
        try:
            _, tidied_handrummy = judge_play(
                state.rules, state.table, state.racks[player], opened, tidied
            )
        except IllegalActionError:
            continue
        if handrummy is None:
            _, handrummy = judge_play(state.rules, state.table, state.racks[player], opened, after)
        if tidied_handrummy == handrummy:
            return tidied
    return after


def _branch_and_bound(
    state: State, points_first: bool, deadline: float | None = None
) -> Play | None:
    """The exhaustive search's best play: the exact fallback where the program does not fit."""
    setup = _setup(state, points_first)
    if setup is None:  # pragma: no cover - best_play checks the turn first
        return None
    search, kept = setup
    best: Play | None = None
    for melds in search.run(0, None):
        check_deadline(deadline)
        play = _judged(state, kept, melds)
        if play is not None:
            best = play
            search.limit = search.gain
    return best
