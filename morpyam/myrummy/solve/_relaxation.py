"""The exact best play as a dynamic program over values, extended to jokers and this game's rules.

The dynamic program of van Rijn, Takes and Vis ("The complexity of
Rummikub problems", 2015) takes the values 1 to 13 in order (here 1 to the set's
highest value, `Rules.values`, so a run closes by then, jokers included; a group
holds at most `Rules.colours` tiles, R-RUM-SET-1, R-RUM-MELD-1/2). Its state after
a value is, per colour, the lengths of the runs still open (capped at 3: a
run of 3 or more may stop, a shorter one must go on); at each value it
chooses how many copies of each tile to use (every table copy, any rack
copies), which open runs each copy or joker extends, which start new runs,
and how the rest form groups of that value. Here the state also counts the
jokers placed so far (every table joker must be placed, rack jokers may be)
and, for an opening, the points laid so far (capped at the points needed).

The rules that tie a tile to where it lay before do not fit a state that
forgets origins, so the program solves a *relaxation* and a search makes it
exact:

- R-RUM-JOK-3 enters the relaxation as a condition at the value of each table
  joker: a joker lies where the table joker could have stayed (in a run of
  its colour at its value, not starting there if it ended its old run; in a
  group of its value that lacks a colour it stood for and holds a colour of
  its old group), or a right tile (R-RUM-JOK-2) lies on the table (see
  ``_Condition``). A table joker with no right tile anywhere needs a joker of
  its own at its value, so the state keeps one for it. Every legal play
  meets all this.
- R-RUM-RE-2 ("three must stay", for the joker's old combination with the
  right tile in its place too) and the rest of R-RUM-JOK-3 (a joker that
  stays lies with a tile of its old combination) are left to the judge
  `apply` uses.

The program's optimum from each state is then an exact bound, and a depth
first search over actual tables, children best bound first, cut when the
bound cannot beat the best legal table found, judges each complete table; a
partial table is dropped as soon as an old combination without a joker that
lies wholly at the values done has broken R-RUM-RE-2, and where the old table
splits between two values, a state whose rest was refuted before is not
searched again (see ``Solver.cut``).
The first table judged legal usually has the relaxation's optimum and ends
the search at once; otherwise the search goes on until no branch can beat
the best legal table, so the play returned is optimal, but refuting a whole
score level this way can take long: `morpyam.myrummy.solve._methods` gives the search a
budget and lets the program that follows every copy (`morpyam.myrummy.solve._copies`)
decide past it, with this program's bounds as its estimates.

Before laying out, the table is left as it is and only the rack is solved,
with the opening's points in the state (a joker at the value it stands for,
R-RUM-OPEN-1); with Handrummy (R-RUM-VAR-HAND) a rack that can be laid whole
needs no points. ``Rules.lay_off_in_opening_turn`` (an opening that also
lays off) does not fit either: `best_play`
then uses the older exhaustive branch and bound.
"""

from __future__ import annotations

import time
from collections.abc import Sequence
from functools import lru_cache
from itertools import combinations, product
from typing import cast

import attrs

from morpyam.errors import IllegalActionError
from morpyam.myrummy.core._judge import judge_play, rearrangement_allowed
from morpyam.myrummy.core._melds import Group, Meld, Run, sort_table
from morpyam.myrummy.core._rules import Rules
from morpyam.myrummy.core._state import State
from morpyam.myrummy.core._tiles import JOKER_INDEX, KINDS, TILES, Tile, counts

__all__ = [
    "JUDGE_UNITS",
    "OutOfTimeError",
    "OverBudgetError",
    "Solver",
    "Weights",
    "best_table",
    "best_table_within",
    "objective_weights",
    "relaxed_optimum",
]

_J = JOKER_INDEX
_NEG = -(1 << 60)
_COLOURS = 4
_TOP = 13
Lens = tuple[int, ...]
"""The open runs of one colour: their lengths, capped at 3, sorted."""
Units = tuple[int, ...]
"""An open run as the kinds it holds so far (``JOKER_INDEX`` for a joker)."""
Weights = tuple[int, int]
"""What a rack tile of value 1 adds to the score, and what each further point adds: the score
of a tile of value ``v`` is ``weights[0] + v * weights[1]``."""


JUDGE_UNITS = 20
"""What asking the judge counts against a budget: a state or a search node counts 1 (about
50 µs late in a game), a judge's verdict on a partial or whole table about 20 times as much."""


class OutOfTimeError(Exception):
    """The deadline a caller set has passed (see `morpyam.myrummy.solve._search`)."""


def check_deadline(deadline: float | None) -> None:
    """Raise `OutOfTimeError` if ``deadline`` (a ``time.perf_counter`` reading) has passed."""
    if deadline is not None and time.perf_counter() > deadline:
        raise OutOfTimeError


class OverBudgetError(Exception):
    """The program visited more states and search nodes than its budget: the caller takes
    another exact method (see `morpyam.myrummy.solve._methods`)."""


LensMove = tuple[Lens, int, int, int, int]
"""One colour at one value: (open run lengths after, copies used, copies left for groups,
jokers that extend a run, jokers that start one)."""
ActualMove = tuple[tuple[Units, ...], tuple[Units, ...]]
"""The same on actual runs: (open runs after, runs closed)."""


@lru_cache(maxsize=8192)
def _moves(
    runs: tuple[Units, ...], kind: int, low: int, high: int, jokers: int, starts: int
) -> dict[LensMove, list[ActualMove]]:
    """Every way one colour's open ``runs`` take ``low`` to ``high`` copies of ``kind`` and at
    most ``jokers`` jokers, by the move they make on the lengths.

    ``starts``: 0 if no run may start here, 1 if only a copy may start one, 2 if a joker
    may too (a run needs a tile that is no joker within its first three places).
    """
    found: dict[LensMove, set[ActualMove]] = {}
    for fates in product((0, 1, 2), repeat=len(runs)):
        closed = []
        grown = []
        real = extend = 0
        for run, fate in zip(runs, fates):
            if fate == 0:
                if len(run) < 3:
                    break
                closed.append(run)
            elif fate == 1:
                grown.append((*run, kind))
                real += 1
            else:
                grown.append((*run, _J))
                extend += 1
        else:
            if real > high or extend > jokers:
                continue
            lens = [min(len(run), 3) for run in grown]
            for used in range(max(low, real), high + 1):
                for start in range(jokers - extend + 1 if starts == 2 else 1):
                    for new in range(used - real + 1 if starts else 1):
                        after = tuple(sorted(grown + [(kind,)] * new + [(_J,)] * start))
                        move = (
                            tuple(sorted(lens + [1] * (new + start))),
                            used,
                            used - real - new,
                            extend,
                            start,
                        )
                        found.setdefault(move, set()).add((after, tuple(sorted(closed))))
    return {move: sorted(actual) for move, actual in found.items()}


@lru_cache(maxsize=8192)
def _splittable(left: tuple[int, ...], jokers: int, colours: int = _COLOURS) -> tuple[int, ...]:
    """How many of at most ``jokers`` jokers can join the copies ``left`` in groups of one value
    (a group of at most ``colours`` tiles, `Rules.colours`)."""
    return tuple(k for k in range(jokers + 1) if _group_splits(left, k, colours))


Split = tuple[tuple[int, int], ...]
"""Groups of one value: each as (bit mask of its colours, jokers in it)."""


@lru_cache(maxsize=8192)
def _group_splits(left: tuple[int, ...], jokers: int, colours: int = _COLOURS) -> tuple[Split, ...]:
    """Every way to make groups of exactly the copies ``left`` (per colour) and ``jokers`` jokers,
    each group of at most ``colours`` tiles, jokers included (the set's colours, `Rules.colours`:
    a group's joker stands for a colour of the set that the group lacks, R-RUM-MELD-1)."""
    found: set[Split] = set()

    def split(left: list[int], jokers: int, groups: list[tuple[int, int]]) -> None:
        lowest = next((c for c in range(_COLOURS) if left[c]), None)
        if lowest is None:
            if not jokers:
                found.add(tuple(sorted(groups)))
            return
        others = [c for c in range(lowest + 1, _COLOURS) if left[c]]
        for size in range(len(others) + 1):
            for chosen in combinations(others, size):
                members = (lowest, *chosen)
                mask = sum(1 << c for c in members)
                for extra in range(min(jokers, colours - len(members)) + 1):
                    if len(members) + extra < 3:
                        continue
                    for c in members:
                        left[c] -= 1
                    split(left, jokers - extra, [*groups, (mask, extra)])
                    for c in members:
                        left[c] += 1

    split(list(left), jokers, [])
    return tuple(sorted(found))


def _within(
    per_colour: Sequence[dict[LensMove, list[ActualMove]]], jokers: int
) -> list[tuple[LensMove, ...]]:
    """The product of the colours' moves, in its order, without the choices that place more
    than ``jokers`` jokers in all."""
    fitting: list[list[list[LensMove]]] = [
        [[move for move in moves if move[3] + move[4] <= k] for k in range(jokers + 1)]
        for moves in per_colour
    ]
    first, second, third, fourth = fitting
    return [
        (a, b, e, d)
        for a in first[jokers]
        for b in second[jokers - a[3] - a[4]]
        for e in third[jokers - a[3] - a[4] - b[3] - b[4]]
        for d in fourth[jokers - a[3] - a[4] - b[3] - b[4] - e[3] - e[4]]
    ]


class _Condition:
    """R-RUM-JOK-3 at a table joker's value, relaxed to what one value shows: the joker stays
    (a joker where it may stand with a tile of its old combination) or a right tile lies on the
    table (the joker was replaced and moved; the rule book lets the right tile move on too).

    For a joker from a run (colour *c*, value *v*): a joker extends a run of *c* at *v* (or
    starts one, unless *v* ended the old run: then no old tile lies with it), or a copy of
    *c v* lies anywhere. For a joker from a group: a group at *v* holds a colour of the old
    group and a joker for a colour the joker stood for, or a right tile lies anywhere. A
    combination with two jokers is judged loosely: a right tile anywhere, or a joker at *v*
    where it could stand for one. Every legal play meets these conditions (they only forget
    which copy is which).
    """

    __slots__ = ("at_end", "colours", "group", "lax", "stayed_with")

    def __init__(self, meld: Meld, place: int, jokers_in_meld: int, colours: int) -> None:
        was = meld.stands_for(place, colours)
        self.colours = sum(1 << _colour(tile) for tile in was)
        self.lax = jokers_in_meld > 1
        self.group = isinstance(meld, Group)
        self.at_end = isinstance(meld, Run) and place == len(meld.tiles) - 1
        self.stayed_with = sum(1 << _colour(tile) for tile in meld.tiles if not tile.is_joker)

    def met(self, choice: Sequence[LensMove], split: Split) -> bool:
        colours = self.colours
        if self.lax:
            for c in range(_COLOURS):
                if colours >> c & 1 and (choice[c][1] or choice[c][3] or choice[c][4]):
                    return True
            return any(jokers and colours & ~mask for mask, jokers in split)
        for c in range(_COLOURS):
            if colours >> c & 1:
                _, used, _, extend, start = choice[c]
                if used:
                    return True  # a right tile on the table: the joker may have moved
                if not self.group and (extend or (start and not self.at_end)):
                    return True
        stayed_with = self.stayed_with
        return any(
            self.group and jokers and colours & ~mask and mask & stayed_with
            for mask, jokers in split
        )


def _met(conditions: list[_Condition], choice: Sequence[LensMove], split: Split) -> bool:
    return all(condition.met(choice, split) for condition in conditions)


_STUBS = {length: (-1,) * length for length in (1, 2, 3)}
"""A stand-in open run of each capped length, for the bound (which forgets what runs hold)."""
Entry = tuple[int, tuple[tuple[Lens, ...], int, int], tuple[LensMove, ...], tuple["Split", ...]]
"""A move at one value: what it lays (scored), the state after, each colour's move, the groups."""


def _joker_places(
    v: int, runs: tuple[tuple[Units, ...], ...], melds: list[Meld]
) -> tuple[object, ...]:
    """The open runs before ``v`` by length (capped) and the values of their jokers, and the
    finished combinations that hold a joker: all of a partial table that the rest depends on
    at a split of the old table."""
    shape = tuple(
        tuple(
            sorted(
                (min(len(run), 3), tuple(v - len(run) + i for i, k in enumerate(run) if k == _J))
                for run in colour
            )
        )
        for colour in runs
    )
    jokered = tuple(sorted(m.key for m in melds if any(t.is_joker for t in m.tiles)))
    return shape, jokered


def _last(meld: Meld) -> int:
    """The highest value a combination holds (or a joker in it stands for)."""
    return meld.start + len(meld.tiles) - 1 if isinstance(meld, Run) else meld.value


def _colour(tile: Tile) -> int:
    return tile.index // _TOP


class _Partial:
    """An open run during the search, for the judge's matching: its tiles, and what a joker in
    it stands for (the run is open at value ``end`` in colour ``colour``)."""

    __slots__ = ("colour", "first", "tiles")

    def __init__(self, run: Units, colour: int, end: int) -> None:
        self.tiles = tuple(TILES[k] for k in run)
        self.colour = colour
        self.first = end - len(run) + 1

    def stands_for(self, place: int, colours: int = 4) -> frozenset[Tile]:
        return frozenset((TILES[self.colour * _TOP + self.first + place - 1],))


def _replacing(
    rules: Rules, table: Sequence[int], rack: Sequence[int], before: tuple[Meld, ...]
) -> list[int]:
    """Per kind: the copies that may take a table joker's place, of the copies ``table`` the
    play must place and ``rack`` it may lay; with ``Rules.joker_from_rack`` only those the play
    lays (R-RUM-JOK-2)."""
    if not rules.joker_from_rack:
        return [a + b for a, b in zip(table, rack)]
    old = counts(tile for meld in before for tile in meld.tiles)
    return [max(a - o, 0) + b for a, o, b in zip(table, old, rack)]


class Solver:
    """One position's program: the exact bound by value, and the search for the best legal table.

    ``table`` and ``rack`` count copies per ``Tile.index``; ``before`` is the
    table as melds (for the judge and the joker conditions, empty when the
    table is left as it is); ``opening`` the points the new combinations need
    (0: none).
    """

    def __init__(
        self,
        rules: Rules,
        table: Sequence[int],
        rack: Sequence[int],
        before: tuple[Meld, ...],
        weights: Weights,
        joker_score: int,
        opening: int,
        budget: int | None = None,
        deadline: float | None = None,
    ) -> None:
        self.rules = rules
        self.pruning_rules = (
            attrs.evolve(rules, joker_from_rack=False) if rules.joker_from_rack else rules
        )
        """The rules the half-built tables are judged by: a joker's right tile from anywhere,
        looser than ``Rules.joker_from_rack`` (which needs the whole table to tell rack copies
        from table ones), so a table it refuses breaks the rules either way; whole tables
        are judged by the rules themselves."""
        self.deadline = deadline
        """A ``time.perf_counter`` reading past which the program stops with `OutOfTimeError`."""
        self.budget = budget
        """The most states and search nodes to visit before `OverBudgetError` (``None``: no
        limit); a caller with another exact method at hand sets it."""
        self.work = 0
        self.top, self.colours = rules.values, rules.colours
        """The set's highest value and its colours (`Rules.values`, `Rules.colours`): the
        program walks the values 1 to ``top``, so every run closes by then, its jokers included
        (R-RUM-MELD-2); a group holds at most ``colours`` tiles, jokers included, and a group's
        joker stands for a missing colour among them (R-RUM-MELD-1)."""
        self.need = [[0] * _COLOURS] + [
            [table[c * _TOP + v - 1] for c in range(_COLOURS)] for v in range(1, _TOP + 1)
        ]
        self.extra = [[0] * _COLOURS] + [
            [rack[c * _TOP + v - 1] for c in range(_COLOURS)] for v in range(1, _TOP + 1)
        ]
        self.table_jokers = table[_J]
        self.jokers = table[_J] + rack[_J]
        self._drop_unplaceable()
        self.tile_score = [weights[0] + v * weights[1] for v in range(_TOP + 1)]
        self.joker_score = joker_score
        self.opening = opening
        self.any = [[a + b for a, b in zip(*pair)] for pair in zip(self.need, self.extra)]
        self.any += [[0] * _COLOURS] * 2
        self.conditions: list[list[_Condition]] = [[] for _ in range(_TOP + 2)]
        mandatory = [0] * (_TOP + 2)
        replacing = _replacing(rules, table, rack, before)
        for meld in before:
            jokers = sum(tile.is_joker for tile in meld.tiles)
            for place, tile in enumerate(meld.tiles):
                if not tile.is_joker:
                    continue
                was = meld.stands_for(place, rules.colours)
                value = next(iter(was)).value
                self.conditions[value].append(_Condition(meld, place, jokers, rules.colours))
                if not any(replacing[right.index] for right in was):
                    mandatory[value] += 1  # only a joker where it may stay can meet it
        self.mandatory = [sum(mandatory[v:]) for v in range(_TOP + 2)]
        """Per value: the table jokers from there on that only a joker can satisfy."""
        self.memo: dict[tuple[int, tuple[Lens, ...], int, int], int] = {}
        ends = [
            (_last(meld), meld)
            for meld in before
            if rules.min_stay is not None or any(tile.is_joker for tile in meld.tiles)
        ]
        plain = [(end, meld) for end, meld in ends if not any(t.is_joker for t in meld.tiles)]
        self.settled = [any(end == v for end, _ in plain) for v in range(_TOP + 1)]
        """Per value: whether a combination of the old table without a joker ends there."""
        self.done = [tuple(meld for end, meld in plain if end <= v) for v in range(_TOP + 1)]
        self.settled_all = [any(end == v for end, _ in ends) for v in range(_TOP + 1)]
        """Per value: the same for every combination the judge checks, jokers or not."""
        self.done_all = [tuple(meld for end, meld in ends if end <= v) for v in range(_TOP + 1)]
        self.cut = [False] * (_TOP + 2)
        """Per value ``v``: whether the old table splits before ``v`` (no old run holds both
        ``v - 1`` and ``v``, no old combination with a joker lies before ``v``). Then, every
        old combination before ``v`` checked (R-RUM-RE-2), what can still be laid legally
        depends only on the program's state at ``v`` and where the jokers placed so far lie:
        the judge's matching splits in two, the tiles before ``v`` and those from ``v`` on,
        tied only by the old jokers (all from ``v`` on) that may be matched to jokers placed
        before."""
        if rules.min_stay is not None or any(tile.is_joker for m in before for tile in m.tiles):
            for v in range(2, _TOP + 1):
                self.cut[v] = not any(
                    (isinstance(m, Run) and m.start < v <= m.start + len(m.tiles) - 1)
                    or (any(t.is_joker for t in m.tiles) and _last(m) < v)
                    for m in before
                )
        self.refuted: dict[tuple[object, ...], int] = {}
        """Per state at a split: the most a legal rest of the play can add (the search below
        it found no better)."""
        self.colour_moves: dict[
            tuple[int, int, Lens, int], list[tuple[Lens, int, int, int, int]]
        ] = {}

    def _drop_unplaceable(self) -> None:
        """Leave out rack copies that lie in no run or group of the tiles at hand: no play lays them."""
        extra = self.extra
        changed = True
        while changed:
            changed = False
            for v in range(1, self.top + 1):
                for c in range(_COLOURS):
                    if extra[v][c] and not self._fits(v, c):
                        extra[v][c] = 0
                        changed = True

    def _fits(self, v: int, c: int) -> bool:
        need, extra, jokers = self.need, self.extra, self.jokers
        colours = sum(1 for d in range(_COLOURS) if need[v][d] + extra[v][d])
        if colours + min(jokers, self.colours - colours) >= 3:
            return True
        for first in range(max(1, v - 2), min(v, self.top - 2) + 1):
            missing = sum(1 for w in range(first, first + 3) if not need[w][c] + extra[w][c])
            if missing <= jokers:
                return True
        return False

    # The bound: the relaxation's optimum from a state on.

    def bound(self, v: int, lens: tuple[Lens, ...], jokers: int, points: int) -> int:
        """The best score from value ``v`` on (``_NEG``: no way to finish)."""
        if v > self.top:
            if any(length < 3 for runs in lens for length in runs) or points < self.opening:
                return _NEG
            if not self.table_jokers <= jokers <= self.jokers:
                return _NEG
            return (jokers - self.table_jokers) * self.joker_score
        raw = (v, lens, jokers, points)
        found = self.memo.get(raw)
        if found is not None:
            return found
        canonical = self._canonical(v, lens, self.jokers - jokers)
        if canonical is None:
            self.memo[raw] = _NEG
            return _NEG
        lens = canonical
        key = (v, lens, jokers, points)
        found = self.memo.get(key)
        if found is not None:
            self.memo[raw] = found
            return found
        best = _NEG
        bound = self.bound
        if self.conditions[v]:
            children: dict[tuple[tuple[Lens, ...], int, int], int] = {}
            runs = tuple(tuple(_STUBS[length] for length in colour) for colour in lens)
            for gain, after, _, _ in self._entries(v, runs, jokers, points)[0]:
                if children.get(after, _NEG) < gain:
                    children[after] = gain
        else:
            children = self._plain_children(v, lens, jokers, points)
        for after, gain in children.items():
            rest = bound(v + 1, *after)
            if rest != _NEG and gain + rest > best:
                best = gain + rest
        self.memo[key] = self.memo[raw] = best
        self._spend()
        return best

    def _colour_moves(
        self, v: int, c: int, lens: Lens, free: int
    ) -> list[tuple[Lens, int, int, int, int]]:
        """One colour's moves at ``v`` for the bound: (lengths after, copies left for groups,
        jokers placed, copies used (for an opening's points), what the rack copies laid
        score), the best of each, fewest jokers first."""
        key = (v, c, lens, free)
        found = self.colour_moves.get(key)
        if found is not None:
            return found
        need = self.need[v][c]
        if v > self.top - 2:
            starts = 0
        elif self.any[v + 1][c] or self.any[v + 2][c]:
            starts = 2
        else:
            starts = 1
        stubs = tuple(_STUBS[length] for length in lens)
        best: dict[tuple[Lens, int, int, int], int] = {}
        for after, used, left, extend, start in _moves(
            stubs, c * _TOP + v - 1, need, need + self.extra[v][c], free, starts
        ):
            move = (after, left, extend + start, used if self.opening else 0)
            laid = (used - need) * self.tile_score[v]
            if best.get(move, _NEG) < laid:
                best[move] = laid
        found = sorted(((*move, laid) for move, laid in best.items()), key=lambda m: m[2])
        self.colour_moves[key] = found
        return found

    def _plain_children(
        self, v: int, lens: tuple[Lens, ...], jokers: int, points: int
    ) -> dict[tuple[tuple[Lens, ...], int, int], int]:
        """The states after value ``v`` (no table joker's condition there) and the best gain to each."""
        free = self.jokers - jokers
        spare = self.jokers - self.mandatory[v + 1] - jokers
        budget = min(free, spare)
        opening = self.opening
        colour_moves = self._colour_moves
        m0 = colour_moves(v, 0, lens[0], free)
        m1 = colour_moves(v, 1, lens[1], free)
        m2 = colour_moves(v, 2, lens[2], free)
        m3 = colour_moves(v, 3, lens[3], free)
        splits = _splittable
        colours = self.colours
        children: dict[tuple[tuple[Lens, ...], int, int], int] = {}
        get = children.get
        for l0, g0, j0, u0, s0 in m0:
            if j0 > budget:
                break
            for l1, g1, j1, u1, s1 in m1:
                j01 = j0 + j1
                if j01 > budget:
                    break
                s01 = s0 + s1
                for l2, g2, j2, u2, s2 in m2:
                    j012 = j01 + j2
                    if j012 > budget:
                        break
                    s012 = s01 + s2
                    for l3, g3, j3, u3, s3 in m3:
                        placed = j012 + j3
                        if placed > budget:
                            break
                        gain = s012 + s3
                        lens_after = (l0, l1, l2, l3)
                        if not (opening or g0 or g1 or g2 or g3):
                            after = (lens_after, jokers + placed, 0)
                            if get(after, _NEG) < gain:
                                children[after] = gain
                            continue
                        for in_groups in splits((g0, g1, g2, g3), budget - placed, colours):
                            total = placed + in_groups
                            if opening:
                                gained = points + v * (u0 + u1 + u2 + u3 + total)
                                gained = min(gained, opening)
                            else:
                                gained = 0
                            after = (lens_after, jokers + total, gained)
                            if get(after, _NEG) < gain:
                                children[after] = gain
        return children

    def _canonical(self, v: int, lens: tuple[Lens, ...], free: int) -> tuple[Lens, ...] | None:
        """The open runs before value ``v`` with the runs of 3 that cannot all go on left out,
        or ``None`` when the short runs cannot all be finished with ``free`` jokers.

        A short run needs a tile at ``v`` (and a run of one at ``v + 1``); runs of 3 beyond the
        copies and jokers left at ``v`` must stop, so they change nothing.
        """
        here, after = self.any[v], self.any[v + 1]
        short_of = 0
        result = []
        for c, runs in enumerate(lens):
            ones = twos = threes = 0
            for length in runs:
                if length == 1:
                    ones += 1
                elif length == 2:
                    twos += 1
                else:
                    threes += 1
            units = here[c] + free
            missing = ones + twos - here[c]
            if missing > 0:
                short_of += missing
            if ones > after[c]:
                short_of += ones - after[c]
            keep = units - ones - twos
            if threes > keep:
                result.append((1,) * ones + (2,) * twos + (3,) * max(keep, 0))
            else:
                result.append(runs)
        if short_of > free:
            return None
        return tuple(result)

    def _entries(
        self, v: int, runs: tuple[tuple[Units, ...], ...], jokers: int, points: int
    ) -> tuple[list[Entry], list[dict[LensMove, list[ActualMove]]]]:
        """The moves at value ``v`` from open ``runs``: per colour, then combined with groups."""
        need, extra = self.need[v], self.extra[v]
        free = self.jokers - jokers
        per_colour = []
        for c in range(_COLOURS):
            if v > self.top - 2:
                starts = 0
            elif self.any[v + 1][c] or self.any[v + 2][c]:
                starts = 2
            else:
                starts = 1
            per_colour.append(
                _moves(runs[c], c * _TOP + v - 1, need[c], need[c] + extra[c], free, starts)
            )
        conditions = self.conditions[v]
        score = self.tile_score[v]
        spare = self.jokers - self.mandatory[v + 1]
        entries: list[Entry] = []
        for choice in _within(per_colour, free):
            a, b, e, d = choice
            jokers_used = a[3] + a[4] + b[3] + b[4] + e[3] + e[4] + d[3] + d[4]
            left = (a[2], b[2], e[2], d[2])
            used = a[1] + b[1] + e[1] + d[1]
            laid = (used - need[0] - need[1] - need[2] - need[3]) * score
            lens = (a[0], b[0], e[0], d[0])
            for in_groups in range(free - jokers_used + 1):
                total = jokers + jokers_used + in_groups
                if total > spare:
                    break
                splits = _group_splits(left, in_groups, self.colours)
                if conditions and splits:
                    splits = tuple(split for split in splits if _met(conditions, choice, split))
                if splits:
                    gained = points + v * (used + jokers_used + in_groups)
                    after = (lens, total, gained if gained < self.opening else self.opening)
                    entries.append((laid, after, choice, splits))
        return entries, per_colour

    # The search over actual tables.

    def best(
        self,
        state_table: tuple[Meld, ...],
        rack: tuple[Tile, ...],
        opened: bool,
        keep: tuple[Meld, ...],
        *,
        floor: int = 0,
    ) -> tuple[Meld, ...] | None:
        """The best table the judge accepts that lays at least one tile and scores more than
        ``floor``, or ``None``. ``floor=-1`` also accepts a table that scores nothing: one that
        lays only the copies the program must place (see
        `best_table_within`)."""
        self.limit = floor
        self.found: tuple[Meld, ...] | None = None
        self.before = (state_table, rack, opened, keep)
        empty: tuple[tuple[Units, ...], ...] = ((),) * _COLOURS
        if self.bound(1, empty, 0, 0) > self.limit:  # type: ignore[arg-type]
            self._search(1, empty, 0, 0, 0, [])
        return self.found

    def _spend(self, units: int = 1) -> None:
        self.work += units
        if self.budget is not None and self.work > self.budget:
            raise OverBudgetError(self.work)
        if self.deadline is not None:
            check_deadline(self.deadline)

    def _search(
        self,
        v: int,
        runs: tuple[tuple[Units, ...], ...],
        jokers: int,
        points: int,
        gain: int,
        melds: list[Meld],
    ) -> None:
        self._spend()
        if v > self.top:
            closed = [Run([TILES[k] for k in run]) for colour in runs for run in colour]
            self._judge([*melds, *closed], gain + (jokers - self.table_jokers) * self.joker_score)
            return
        key = None
        if self.cut[v]:
            key = (v, jokers, points, _joker_places(v, runs, melds))
            if gain + self.refuted.get(key, 1 << 60) <= self.limit:
                return
        self._expand(v, runs, jokers, points, gain, melds)
        if key is not None:
            self.refuted[key] = min(self.refuted.get(key, 1 << 60), self.limit - gain)

    def _expand(
        self,
        v: int,
        runs: tuple[tuple[Units, ...], ...],
        jokers: int,
        points: int,
        gain: int,
        melds: list[Meld],
    ) -> None:
        entries, per_colour = self._entries(v, runs, jokers, points)
        ranked = []
        for laid, after, choice, splits in entries:
            rest = self.bound(v + 1, *after)
            if rest != _NEG and gain + laid + rest > self.limit:
                ranked.append((gain + laid + rest, laid, after, choice, splits))
        ranked.sort(key=lambda entry: entry[0], reverse=True)
        for total, laid, after, choice, splits in ranked:
            if total <= self.limit:
                return
            variants = [per_colour[c][move] for c, move in enumerate(choice)]
            for actual in product(*variants):
                closed = [Run([TILES[k] for k in run]) for _, ended in actual for run in ended]
                runs_after = tuple(open_runs for open_runs, _ in actual)
                for split in splits:
                    if total <= self.limit:
                        return
                    groups = [
                        Group(
                            [TILES[c * _TOP + v - 1] for c in range(_COLOURS) if mask >> c & 1]
                            + [TILES[_J]] * jokers_in
                        )
                        for mask, jokers_in in split
                    ]
                    made = [*melds, *closed, *groups]
                    if self._breaks_rules(v, jokers, after[1], made, runs_after):
                        continue
                    self._search(v + 1, runs_after, after[1], after[2], gain + laid, made)

    def _breaks_rules(
        self,
        v: int,
        jokers_before: int,
        jokers: int,
        made: list[Meld],
        runs: tuple[tuple[Units, ...], ...],
    ) -> bool:
        """Whether the combinations of the old table that lie wholly at values up to ``v``
        already break R-RUM-RE-2 or R-RUM-JOK-3, whatever comes after: every copy of their
        tiles has its place by now, in a finished combination or an open run. A combination
        with a joker is judged only once every joker lies on the table (until then, its joker
        may still go where a later joker lies)."""
        if jokers == self.jokers:
            if not (self.settled_all[v] or (jokers_before < jokers and self.done_all[v])):
                return False
            old = self.done_all[v]
        elif self.settled[v]:
            old = self.done[v]
        else:
            return False
        self._spend(JUDGE_UNITS)
        partial: list[object] = list(made)
        partial += [_Partial(run, c, v) for c, colour in enumerate(runs) for run in colour]
        return not rearrangement_allowed(
            self.pruning_rules, old, cast(tuple[Meld, ...], tuple(partial))
        )

    def _judge(self, melds: list[Meld], score: int) -> None:
        self._spend(JUDGE_UNITS)
        state_table, rack, opened, keep = self.before
        after = sort_table((*keep, *melds))
        try:
            judge_play(self.rules, state_table, rack, opened, after)
        except IllegalActionError:
            return
        self.found = after
        self.limit = score


def _solver(
    state: State, points_first: bool, budget: int | None = None, deadline: float | None = None
) -> tuple[Solver, bool, tuple[Meld, ...]]:
    """The program for the player on turn (who may touch the table only once laid out): the
    solver, whether they have laid out, and the table kept as it is."""
    rules = state.rules
    player = state.player
    rack = state.racks[player]
    rack_counts = counts(rack)
    weights, joker_score = objective_weights(rules, points_first)
    if state.opened[player]:
        table_counts = counts(tile for meld in state.table for tile in meld.tiles)
        solver = Solver(
            rules, table_counts, rack_counts, state.table, weights, joker_score, 0, budget, deadline
        )
        return solver, True, ()
    nothing = [0] * KINDS
    if rules.handrummy:
        solver = Solver(rules, nothing, rack_counts, (), weights, joker_score, 0, budget, deadline)
        whole = sum(solver.tile_score[tile.value] for tile in rack if not tile.is_joker)
        whole += rack_counts[_J] * joker_score
        if solver.bound(1, _EMPTY, 0, 0) == whole:
            return solver, False, state.table
    opening = rules.opening_points
    return (
        Solver(rules, nothing, rack_counts, (), weights, joker_score, opening, budget, deadline),
        False,
        state.table,
    )


_EMPTY: tuple[Lens, ...] = ((),) * _COLOURS


def best_table(
    state: State,
    *,
    points_first: bool = False,
    budget: int | None = None,
    deadline: float | None = None,
) -> tuple[Meld, ...] | None:
    """The table after a best play of the player on turn (most tiles, then most points; with
    ``points_first`` the other way round), or ``None`` when no play is legal.

    The state must be a decision of a player who may lay (laid out, or an opening that only
    lays new combinations: not ``Rules.lay_off_in_opening_turn`` before laying out).
    """
    solver, opened, keep = _solver(state, points_first, budget, deadline)
    return solver.best(state.table, state.racks[state.player], opened, keep)


def best_table_within(
    state: State,
    must: Sequence[int],
    may: Sequence[int],
    *,
    budget: int | None = None,
    deadline: float | None = None,
) -> tuple[Meld, ...] | None:
    """The table after a best play (most tiles, then most points) of the player on turn among
    the plays that lay every rack copy counted by ``must`` and no others but copies counted by
    ``may`` (counts per ``Tile.index``, ``must[k] + may[k]`` at most the rack's), or ``None``
    when no such play is legal.

    The copies of ``must`` enter the program as table copies do (each must be placed) and those
    of ``may`` as rack copies (each may be); the judge still sees the real table and rack, so
    every table returned is legal. Before laying out, the opening's points count every copy
    laid (all are rack tiles, R-RUM-OPEN-1), and with Handrummy (R-RUM-VAR-HAND) a play that
    lays the whole rack needs none: that case is solved apart, with every rack copy a must.
    The state must be one `best_table` takes.
    """
    rules = state.rules
    player = state.player
    rack = state.racks[player]
    weights, joker_score = (10_000, 1), 10_000 + rules.joker_penalty
    floor = -1 if any(must) else 0  # with nothing a must, a table that scores 0 lays nothing
    if state.opened[player]:
        table_counts = counts(tile for meld in state.table for tile in meld.tiles)
        need = [a + b for a, b in zip(table_counts, must)]
        solver = Solver(rules, need, may, state.table, weights, joker_score, 0, budget, deadline)
        return solver.best(state.table, rack, True, (), floor=floor)
    rack_counts = counts(rack)
    if rules.handrummy and all(a + b == c for a, b, c in zip(must, may, rack_counts)):
        whole = Solver(
            rules, rack_counts, [0] * KINDS, (), weights, joker_score, 0, budget, deadline
        )
        found = whole.best(state.table, rack, False, state.table, floor=-1)
        if found is not None:
            return found
    opening = rules.opening_points
    solver = Solver(rules, must, may, (), weights, joker_score, opening, budget, deadline)
    return solver.best(state.table, rack, False, state.table, floor=floor)


def relaxed_optimum(
    state: State,
    *,
    points_first: bool = False,
    budget: int | None = None,
    deadline: float | None = None,
) -> tuple[int, int] | None:
    """The relaxation's optimum (tiles laid, their points) for the player on turn: the bound
    the search starts from, an upper bound of the best legal play (most tiles, then points; or
    with ``points_first`` most points, then tiles); ``None`` when it lays nothing.

    An opening that may also lay off (``Rules.lay_off_in_opening_turn``) is bounded as if the
    player had laid out (the table free to rearrange), which allows every such opening.
    ``budget`` and ``deadline`` as for `Solver` (`OverBudgetError`, `OutOfTimeError`).
    """
    player = state.player
    if not state.opened[player] and state.rules.lay_off_in_opening_turn:
        table = counts(tile for meld in state.table for tile in meld.tiles)
        weights, joker_score = objective_weights(state.rules, points_first)
        rack = counts(state.racks[player])
        solver = Solver(
            state.rules, table, rack, state.table, weights, joker_score, 0, budget, deadline
        )
    else:
        solver, _, _ = _solver(state, points_first, budget, deadline)
    root = solver.bound(1, _EMPTY, 0, 0)
    if root <= 0:
        return None
    if points_first:
        points, tiles = divmod(root, 200)
    else:
        tiles, points = divmod(root, 10_000)
    return tiles, points


def objective_weights(rules: Rules, points_first: bool) -> tuple[Weights, int]:
    """The score of a rack tile (see `Weights`) and of a joker, for either objective."""
    if points_first:
        return (1, 200), 1 + 200 * rules.joker_penalty
    return (10_000, 1), 10_000 + rules.joker_penalty
