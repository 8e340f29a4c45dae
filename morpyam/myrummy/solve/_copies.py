"""The best legal table by a dynamic program over values that knows which copy is which.

The program of `morpyam.myrummy.solve._relaxation` solves a relaxation: it forgets where a
tile lay before, so "three must stay" (R-RUM-RE-2) and the joker's ties to
its old combination (R-RUM-JOK-3) are left to a search that judges actual
tables. When the relaxation's optimum is legal that search ends at once;
when it is not, the search must refute every table at that score, which can
take minutes. This program has no such gap. It takes the values 1 to 13 (to
the set's highest value, `Rules.values`; groups of at most `Rules.colours`
tiles) in order as the relaxation does, but it places *copies*, each labelled with the
old combination it lay in, and its state carries what the rules ask of
those labels:

- per open run, how many places of each old run of its colour it holds
  (reaching the number that must stay settles that old run), the old runs
  whose joker in it still waits for a tile of its old run beside it, and the
  old runs with a joker it holds a tile of;
- per old run not yet settled, whether a finished combination already holds
  more than one but too few of its places.

An old group lies at one value, so it is judged within that value's step. A
table joker is decided at the value it stands for: it stays (it lies there
with a tile of its old combination, standing for a tile it stood for), or it
moves (a right tile lies there, the joker's place counts where that tile
lies, and the joker is free to go anywhere). These are the judge's readings
(`morpyam.myrummy.core._judge`), so the optimum is the best legal play's score and
the table built from the program's choices is legal. One reading is looser:
where two table jokers share an old combination, a joker that stays is
taken to have its witness (the judge lets the other joker be it, wherever
that one lies). There the optimum is an upper bound, and the caller judges
the table (`morpyam.myrummy.solve._methods` does, and has an exact method behind it).

The work grows with the copies and open runs of each colour at a value,
not with the number of tables: partial tables that the rest of the play
cannot tell apart are one state.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from itertools import combinations, product

from morpyam.myrummy.core._melds import Group, Meld, Run
from morpyam.myrummy.core._rules import Rules
from morpyam.myrummy.core._tiles import JOKER_INDEX, TILES, Tile
from morpyam.myrummy.solve._relaxation import _group_splits, check_deadline

__all__ = ["CopySolver"]

_J = JOKER_INDEX
_COLOURS = 4
_TOP = 13
_PEND = 1
"""An old run that a finished combination holds more than one but too few places of."""
_OK = 2
"""An old run with enough places together in one combination."""
_MOVES = 0
_STAYS = 1
_BESIDE = 2
"""A table joker's fate at its value: it moves; it stays; it stays where only the other joker
of its old combination can be its witness (so that one moves and lies beside it)."""
_NEG = -(1 << 60)
_FATE = 10_000
"""The status key ``_FATE + old`` of an old run with two jokers: bits 0 and 1, that joker
moved; 2 and 3, that it must move (it is the witness of the other, lying as a plain joker in
its run); 4 and 5, that it stayed."""

Record = tuple[int, tuple[tuple[int, int], ...], tuple[int, ...], tuple[int, ...], int]
"""An open run: its length (capped at 3), the places it holds of each old run not settled
(as ``(old, count)``), the old runs whose joker in it waits for a witness, the old runs with
a joker that it holds a place of, and (where two jokers share an old run) its plain jokers
(capped at 2)."""
Status = tuple[tuple[int, int], ...]
"""Per colour: the old runs not settled that are ``_PEND`` or ``_OK``."""
ColourState = tuple[tuple[Record, ...], Status]
Key = tuple[tuple[ColourState, ...], int]
"""The program's state between two values: each colour's, and the jokers placed."""

Unit = int
"""What an open run takes at a value: ``_CLOSE``, ``_JOKER``, a joker of the table that stays
(``_STAY + joker``), or a copy with its label (``label``, -1 for none)."""
_CLOSE = -3
_JOKER = -2
_STAY = 1000


def _is_copy(unit: Unit) -> bool:
    return -1 <= unit < _STAY


class ColourMove:
    """One colour at one value: the runs' fates, in order, and the copies left."""

    __slots__ = (
        "after",
        "bit",
        "cross",
        "fates",
        "in_run",
        "jokers",
        "laid",
        "lens",
        "order",
        "pool",
        "short",
        "special",
        "starts",
        "to_group",
    )

    def __init__(
        self,
        fates: tuple[Unit, ...],
        starts: tuple[Unit, ...],
        pool: tuple[int, ...],
        jokers: int,
        laid: int,
        in_run: bool,
    ) -> None:
        self.fates = fates
        """Per open run (in the state's order): what it takes, or ``_CLOSE``."""
        self.starts = starts
        """The units that start new runs."""
        self.pool = pool
        """The labels of the copies that go to groups."""
        self.jokers = jokers
        self.laid = laid
        self.in_run = in_run
        self.after: ColourState = ((), ())
        """The colour's state after the move."""
        self.cross: tuple[int, ...] = ()
        """Table jokers of an old group (that shares them) that stay in a run here."""
        self.to_group: tuple[int, ...] = ()
        """Table jokers of an old run here (that shares them) that stay in a group."""
        self.bit = 0
        """The colour's bit if a copy went into a run, else 0."""
        self.special = False
        """Whether ``cross`` or ``to_group`` holds a joker."""
        self.lens: tuple[int, ...] = ()
        """The lengths (capped at 3) of the colour's open runs after the move, sorted."""
        self.short = 0
        """How many jokers at least the colour's short runs need at the next two values."""
        self.order: tuple[Record, ...] = ()
        """The open runs after the move in the order of ``fates`` then ``starts``."""


Bucket = tuple[tuple[int, ...], int, int, tuple[int, ...], tuple[int, ...], list["ColourMove"]]
"""Moves of one colour that the groups' step cannot tell apart: (copies left for groups,
jokers placed, the colour's bit if group jokers need it, jokers staying across, jokers going
to groups, the moves)."""


class _Old:
    """A combination of the table before the play, as the program needs it."""

    __slots__ = ("colour", "jokers", "last", "run", "target", "value")

    def __init__(self, meld: Meld, target: int) -> None:
        self.run = isinstance(meld, Run)
        self.target = target
        """How many places must lie together for the combination to count as kept (0: the
        rule is off)."""
        self.jokers = sum(tile.is_joker for tile in meld.tiles)
        real = next(tile for tile in meld.tiles if not tile.is_joker)
        self.colour = real.index // _TOP if self.run else -1
        self.last = meld.start + len(meld.tiles) - 1 if isinstance(meld, Run) else real.value
        self.value = real.value


class _TableJoker:
    """A joker of the table before the play: its old combination and what it stood for there
    (a colour bit mask, at one value)."""

    __slots__ = ("colours", "old", "shared", "value")

    def __init__(self, old: int, meld: Meld, place: int, colours: int) -> None:
        was = meld.stands_for(place, colours)
        self.old = old
        self.value = next(iter(was)).value
        self.colours = sum(1 << (tile.index // _TOP) for tile in was)
        self.shared = sum(tile.is_joker for tile in meld.tiles) > 1


class CopySolver:
    """One position's program with copy labels, for a player who has laid out.

    ``need`` and ``may`` count copies per ``Tile.index``: ``need`` every copy the
    new table must hold (the table's, and any rack copies the caller requires),
    ``may`` the rack copies it may hold. ``before`` is the table before the play.
    A rack copy laid scores ``weights[0] + value * weights[1]``, a joker beyond
    those of ``need`` ``joker_score``.
    """

    def __init__(
        self,
        rules: Rules,
        before: tuple[Meld, ...],
        need: Sequence[int],
        may: Sequence[int],
        weights: tuple[int, int],
        joker_score: int,
    ) -> None:
        self.before = before
        self.top = rules.values
        """The highest value of the set (`Rules.values`): the program walks the values 1 to
        ``top``, so every run closes by then, its jokers included (R-RUM-MELD-2)."""
        self.colours = rules.colours
        """The set's colours (`Rules.colours`): a group holds at most so many tiles, jokers
        included, and a group's joker stands for a missing colour among them (R-RUM-MELD-1)."""
        self._read(rules, before, need, may)
        self.mandatory_jokers = need[_J]
        self.total_jokers = need[_J] + may[_J]
        self.tile_score = [weights[0] + v * weights[1] for v in range(_TOP + 1)]
        self.joker_score = joker_score
        self._place_jokers()
        self._place_olds(before)
        self._colour_cache: dict[tuple[object, ...], list[ColourMove]] = {}
        self._group_cache: dict[tuple[object, ...], tuple[int, ...]] = {}
        self._bucket_cache: dict[tuple[object, ...], list[Bucket]] = {}
        self.deadline: float | None = None
        """A ``time.perf_counter`` reading past which the search stops with
        `morpyam.myrummy.solve._relaxation.OutOfTimeError`."""

    def _read(
        self, rules: Rules, before: tuple[Meld, ...], need: Sequence[int], may: Sequence[int]
    ) -> None:
        """The old combinations and table jokers, and per value and colour the labelled copies
        the table must hold and the rack copies it may."""
        stay = rules.min_stay
        self.olds: list[_Old] = []
        self.jokers: list[_TableJoker] = []
        table = [0] * len(need)
        labels: list[list[list[int]]] = [[[] for _ in range(_COLOURS)] for _ in range(_TOP + 1)]
        for number, meld in enumerate(before):
            target = min(stay, len(meld.tiles)) if stay is not None and stay >= 3 else 0
            old = _Old(meld, target)
            self.olds.append(old)
            for place, tile in enumerate(meld.tiles):
                table[tile.index] += 1
                if tile.is_joker:
                    self.jokers.append(_TableJoker(number, meld, place, rules.colours))
                else:
                    label = number if target or old.jokers else -1
                    labels[tile.value][tile.index // _TOP].append(label)
        for index in range(_J):
            colour, value = divmod(index, _TOP)
            labels[value + 1][colour] += [-1] * (need[index] - table[index])
        self.labels = [[tuple(sorted(ls)) for ls in per] for per in labels]
        """Per value and colour: the labels of the copies the new table must hold (-1: no
        old combination the rules look at)."""
        self.may = [[0] * _COLOURS] + [
            [may[c * _TOP + v - 1] for c in range(_COLOURS)] for v in range(1, _TOP + 1)
        ]
        self.any = [
            [len(self.labels[v][c]) + self.may[v][c] for c in range(_COLOURS)]
            for v in range(_TOP + 1)
        ] + [[0] * _COLOURS] * 2

    def _place_jokers(self) -> None:
        """Where each table joker is decided: at its value, in its colour's runs (an old run's)
        or in the groups (an old group's)."""
        self.run_jokers: list[list[tuple[int, ...]]] = [
            [() for _ in range(_COLOURS)] for _ in range(_TOP + 1)
        ]
        """Per value and colour: the table jokers of old runs that stand there."""
        self.group_jokers: list[tuple[int, ...]] = [() for _ in range(_TOP + 1)]
        """Per value: the table jokers of old groups of that value."""
        for number, joker in enumerate(self.jokers):
            old = self.olds[joker.old]
            if old.run:
                self.run_jokers[joker.value][old.colour] += (number,)
            else:
                self.group_jokers[joker.value] += (number,)

    def _place_olds(self, before: tuple[Meld, ...]) -> None:
        """Where each old combination is judged, which are alike, which share two jokers."""
        self.ending: list[list[tuple[int, ...]]] = [
            [() for _ in range(_COLOURS)] for _ in range(_TOP + 1)
        ]
        """Per value and colour: the old runs the program follows that end there."""
        self.groups_at: list[tuple[int, ...]] = [() for _ in range(_TOP + 1)]
        """Per value: the old groups the program follows there."""
        for number, old in enumerate(self.olds):
            if old.target or old.jokers:
                if old.run:
                    self.ending[old.last][old.colour] += (number,)
                else:
                    self.groups_at[old.value] += (number,)
        self.twins: list[tuple[tuple[int, int], ...]] = [() for _ in range(_COLOURS)]
        """Per colour: pairs of old runs with the same tiles and no joker. Swapping the labels
        of such a pair changes nothing the rest of the play can tell, so a state is kept with
        the labels that sort first."""
        seen: dict[tuple[Tile, ...], int] = {}
        for number, meld in enumerate(before):
            old = self.olds[number]
            if old.run and old.target and not old.jokers:
                if meld.tiles in seen:
                    self.twins[old.colour] += ((seen.pop(meld.tiles), number),)
                else:
                    seen[meld.tiles] = number
        self.witnessed = frozenset(
            number for number, old in enumerate(self.olds) if old.run and old.jokers
        )
        """Old runs with a joker: a run the joker stays in must hold another of their places."""
        self.pairs: dict[int, tuple[int, int]] = {}
        """Old combinations with two jokers: the two. A joker that stays may have the other
        beside it as its witness, wherever that one went (a joker of a group may so stay in a
        run, a joker of a run in a group), so the program follows the plain jokers in runs and
        the fates of these two."""
        for number, old in enumerate(self.olds):
            if old.jokers == 2:
                first, second = (j for j, joker in enumerate(self.jokers) if joker.old == number)
                self.pairs[number] = (first, second)
        self.run_stays: list[list[tuple[int, ...]]] = [
            [
                self.run_jokers[v][c]
                + tuple(
                    j
                    for j in self.group_jokers[v]
                    if self.jokers[j].shared and self.jokers[j].colours >> c & 1
                )
                for c in range(_COLOURS)
            ]
            for v in range(_TOP + 1)
        ]
        """Per value and colour: the table jokers that may stay in a run there."""
        self.plain_later = [
            [
                any(
                    joker in self.pairs.get(self.jokers[joker].old, ())
                    for w in range(v + 1, _TOP + 1)
                    for joker in self.run_stays[w][c]
                )
                for c in range(_COLOURS)
            ]
            for v in range(_TOP + 1)
        ]
        """Per value and colour: whether a joker of a shared old combination may stay in a run
        of that colour at a later value (its witness may be a plain joker already there)."""

    # One colour at one value.

    def colour_moves(self, v: int, c: int, state: ColourState, free: int) -> list[ColourMove]:
        """Every way colour ``c``'s open runs and copies at value ``v`` can go, with at most
        ``free`` jokers in runs, the rules checked on what they settle; of moves that leave the
        same state, the same copies for groups and place as many jokers, the one that lays the
        most rack copies. Fewest jokers first."""
        key = (v, c, state, free)
        found = self._colour_cache.get(key)
        if found is not None:
            return found
        best: dict[object, ColourMove] = {}
        for move in self._moves(v, c, state, free):
            group_pool = tuple(sorted(self._group_label(label) for label in move.pool))
            dedup = (move.after, group_pool, move.jokers, move.in_run, move.cross, move.to_group)
            kept = best.get(dedup)
            if kept is None or kept.laid < move.laid:
                move.pool = group_pool
                move.bit = 1 << c if move.in_run else 0
                move.special = bool(move.cross or move.to_group)
                move.lens = tuple(sorted(run[0] for run in move.after[0]))
                move.short = self._short(v, c, move.lens)
                best[dedup] = move
        found = sorted(best.values(), key=lambda move: move.jokers)
        self._colour_cache[key] = found
        return found

    def _group_label(self, label: int) -> int:
        """A label as the groups see it: an old group's number, else -1 (a group holds one
        place of an old run at most)."""
        return label if label >= 0 and not self.olds[label].run else -1

    def _moves(self, v: int, c: int, state: ColourState, free: int) -> Iterator[ColourMove]:
        runs = state[0]
        labels = self.labels[v][c]
        optional = self.may[v][c]
        if v > self.top - 2:
            starts = 0
        elif self.any[v + 1][c] or self.any[v + 2][c]:
            starts = 2
        else:
            starts = 1
        here = self.run_jokers[v][c]
        stayable = self.run_stays[v][c]
        for fates, left, optional_left, jokers_left, stays in _fates(
            runs, labels, optional, free, stayable
        ):
            for start, pool, laid_at_start, jokers_started, started_stays in _starts(
                left, optional_left, jokers_left, starts, stayable, stays
            ):
                all_stays = stays + started_stays
                cross = tuple(sorted(j for j in all_stays if j not in here))
                rest = [j for j in here if j not in all_stays]
                in_run = any(map(_is_copy, fates)) or any(map(_is_copy, start))
                laid = optional - optional_left + laid_at_start
                used = free - jokers_left + jokers_started
                for to_group in _every_subset([j for j in rest if self.jokers[j].shared]):
                    moving = tuple(j for j in rest if j not in to_group)
                    move = ColourMove(fates, start, pool, used, laid, in_run)
                    move.cross, move.to_group = cross, to_group
                    for counted in self._designations(moving, fates, start, pool):
                        after = self._after(v, c, state, move, counted)
                        if after is None or not self._can_finish(v, c, after[0][0], free - used):
                            continue
                        done = ColourMove(fates, start, pool, used, laid, in_run)
                        done.cross, done.to_group = cross, to_group
                        done.after, done.order = after
                        yield done

    def _short(self, v: int, c: int, lens: tuple[int, ...]) -> int:
        """The jokers the short runs of ``lens`` (after value ``v``) need at least: copies at
        the next value for each, at the one after for a run of one."""
        ones = lens.count(1)
        twos = lens.count(2)
        if (not ones and not twos) or v >= self.top:
            return 0
        return max(0, ones + twos - self.any[v + 1][c]) + max(0, ones - self.any[v + 2][c])

    def _can_finish(self, v: int, c: int, runs: tuple[Record, ...], jokers: int) -> bool:
        """Whether the colour's short runs after value ``v`` can still be finished: each needs
        a copy or a joker at the next value, a run of one at the one after too (``jokers``: the
        jokers not placed yet)."""
        ones = sum(1 for run in runs if run[0] == 1)
        twos = sum(1 for run in runs if run[0] == 2)
        if not ones and not twos:
            return True
        if v >= self.top:
            return False
        if ones + twos > self.any[v + 1][c] + jokers:
            return False
        return ones <= self.any[v + 2][c] + jokers

    def _designations(
        self,
        moving: tuple[int, ...],
        fates: tuple[Unit, ...],
        start: tuple[Unit, ...],
        pool: tuple[int, ...],
    ) -> Iterator[tuple[int, ...]]:
        """For each table joker here that moves, where its place counts: the index (in fates,
        then starts) of a run that took a copy here, or -1 for a copy that went to a group."""
        took = [i for i, unit in enumerate((*fates, *start)) if _is_copy(unit)]
        options = ([-1] if pool else []) + took
        yield from product(options, repeat=len(moving))

    def _after(
        self,
        v: int,
        c: int,
        state: ColourState,
        move: ColourMove,
        counted: tuple[int, ...],
    ) -> tuple[ColourState, tuple[Record, ...]] | None:
        """The colour's state after value ``v`` and its open runs in the move's order, or
        ``None`` when the move breaks a rule that is settled now."""
        runs, status = state
        olds = self.olds
        here = self.run_jokers[v][c]
        units = (*move.fates, *move.starts)
        marks = dict(status)
        extra: dict[int, list[int]] = {}
        moving = [j for j in here if _STAY + j not in units and j not in move.to_group]
        for joker, where in zip(moving, counted):
            if where >= 0:
                extra.setdefault(where, []).append(self.jokers[joker].old)
        for joker in here:
            fate = _MOVES if joker in moving else _BESIDE if joker in move.to_group else _STAYS
            if not self._decide(marks, joker, fate):
                return None
        for joker in move.cross:
            if not self._decide(marks, joker, _BESIDE):
                return None
            old = self.jokers[joker].old
            other = 1 - self.pairs[old].index(joker)
            marks[_FATE + old] |= 1 << other  # the groups' step has it move
        after: list[Record] = []
        sources = (*runs, *((0, (), (), (), 0),) * len(move.starts))
        for index, (run, unit) in enumerate(zip(sources, units)):
            if unit == _CLOSE:
                if not self._close(run, marks):
                    return None
                continue
            grown = self._grow(run, unit)
            for old in extra.get(index, ()):
                if olds[old].target:
                    grown = (grown[0], _bump(grown[1], old), *grown[2:])
            after.append(grown)
        for run in after:
            for old, n in run[1]:
                if n >= olds[old].target:
                    marks[old] = _OK
                elif n >= 2 and marks.get(old) != _OK:
                    marks[old] = _PEND  # two together: the old run can no longer be scattered
        settled = {old for old, mark in marks.items() if mark == _OK}
        ending = self.ending[v][c]
        for old in ending:
            mark = marks.pop(old, 0)
            if mark == _PEND:
                return None
            if mark != _OK and any(o == old and n >= 2 for run in after for o, n in run[1]):
                return None
        if ending and any(o in ending and o not in self.pairs for run in after for o in run[2]):
            return None  # a joker that stayed lies with no tile of its old run
        if settled or ending:
            after = [_forget(run, settled.union(ending), ending) for run in after]
        if self.pairs:
            after = self._plain_kept(v, c, after, marks)
        twins = self.twins[c]
        if not twins:
            return (tuple(sorted(after)), tuple(sorted(marks.items()))), tuple(after)
        return min(
            (
                (tuple(sorted(_relabel(run, swap) for run in after)), _marks(marks, swap)),
                tuple(_relabel(run, swap) for run in after),
            )
            for swap in _swaps(twins)
        )

    def _plain_kept(
        self, v: int, c: int, after: list[Record], marks: dict[int, int]
    ) -> list[Record]:
        """Forget what only a later witness could need: the plain jokers of a run that no joker
        of a shared old combination waits in and none can stay in later, and the fates of a
        shared old combination's jokers once both are known and no run waits on them; the two
        jokers of one old group are alike, so their fates are kept in one order."""
        later = self.plain_later[v][c]
        waited = {o for run in after for o in run[2]}
        kept = [
            run if run[4] == 0 or later or any(o in self.pairs for o in run[2]) else (*run[:4], 0)
            for run in after
        ]
        for key in [key for key in marks if key >= _FATE]:
            old = key - _FATE
            fate = marks[key]
            known = (fate | fate >> 4) & 3
            if known == 3 and old not in waited:
                del marks[key]
            elif not self.olds[old].run:
                first, second = fate & 0b010101, fate >> 1 & 0b010101
                marks[key] = max(first << 1 | second, second << 1 | first)
        return kept

    def _decide(self, marks: dict[int, int], joker: int, fate: int) -> bool:
        """Note the fate of a joker that shares its old combination with the other joker;
        ``False`` when that contradicts what is known: it stays though the other needs it to
        have moved, or it stays with the other as its witness (``_BESIDE``: a joker of a group
        in a run, a joker of a run in a group) though the other stayed."""
        old = self.jokers[joker].old
        pair = self.pairs.get(old)
        if pair is None:
            return True
        k = pair.index(joker)
        other = 1 - k
        marks_now = marks.get(_FATE + old, 0)
        if fate == _MOVES:
            marks[_FATE + old] = marks_now | 1 << k
            return True
        if marks_now >> (2 + k) & 1:
            return False
        marks_now |= 1 << (4 + k)
        if fate == _BESIDE:
            if marks_now >> (4 + other) & 1:
                return False
            if not marks_now >> other & 1:
                marks_now |= 1 << (2 + other)
        marks[_FATE + old] = marks_now
        return True

    def _close(self, run: Record, marks: dict[int, int]) -> bool:
        """Close ``run``: its places of old runs counted (R-RUM-RE-2); ``False`` when a joker
        that stayed in it has no witness there (R-RUM-JOK-3). Where two jokers share an old
        run, a joker that moved lying in the run (a plain joker) is one: it must then move."""
        for old in run[2]:
            pair = self.pairs.get(old)
            if pair is None or not run[4]:
                return False
            fate = marks.get(_FATE + old, 0)
            stayed = [k for k in (0, 1) if fate >> (4 + k) & 1]
            if len(stayed) != 1:
                return False  # both stayed: neither lies here as a plain joker
            other = 1 - stayed[0]
            if not fate >> other & 1:
                marks[_FATE + old] = fate | 1 << (2 + other)
        for old, n in run[1]:
            if n >= 2 and marks.get(old) != _OK:
                marks[old] = _PEND
        return True

    def _grow(self, run: Record, unit: Unit) -> Record:
        length, counts, waiting, holds, plain = run
        length = min(length + 1, 3)
        if unit == _JOKER:
            return length, counts, waiting, holds, min(plain + 1, 2) if self.pairs else 0
        if unit >= _STAY:
            joker = self.jokers[unit - _STAY]
            old = joker.old
            if self.olds[old].run and self.olds[old].target:
                counts = _bump(counts, old)
            if old in holds:
                waiting = tuple(o for o in waiting if o != old)
            else:
                waiting = tuple(sorted((*waiting, old)))
                if old in self.pairs:
                    holds = tuple(sorted((*holds, old)))
            return length, counts, waiting, holds, plain
        if unit >= 0:
            if self.olds[unit].run and self.olds[unit].target:
                counts = _bump(counts, unit)
            if unit in self.witnessed:
                waiting = tuple(o for o in waiting if o != unit)
                if unit not in holds:
                    holds = tuple(sorted((*holds, unit)))
        return length, counts, waiting, holds, plain

    # Groups at one value.

    def group_jokers_fit(
        self,
        v: int,
        pools: tuple[tuple[int, ...], ...],
        free: int,
        in_run: int,
        cross: tuple[int, ...] = (),
        beside: tuple[int, ...] = (),
    ) -> tuple[int, ...]:
        """How many jokers (at most ``free``) can join the copies left for groups at ``v``
        (labels per colour) so that they make groups the rules allow. ``in_run``: the colours
        of which a copy went into a run at ``v`` (a right tile of a group's joker there);
        ``cross``: jokers of an old group that stay in a run; ``beside``: jokers of an old run
        that stay in a group (see `ColourMove`)."""
        relevant = in_run if self.group_jokers[v] else 0
        key = (v, pools, free, relevant, cross, beside)
        found = self._group_cache.get(key)
        if found is None:
            found = tuple(
                jokers
                for jokers in range(free + 1)
                if next(self._groupings(v, pools, jokers, relevant, cross, beside), None)
                is not None
            )
            self._group_cache[key] = found
        return found

    def _groupings(
        self,
        v: int,
        pools: tuple[tuple[int, ...], ...],
        jokers: int,
        in_run: int,
        cross: tuple[int, ...] = (),
        beside: tuple[int, ...] = (),
    ) -> Iterator[list[tuple[int, int, list[int]]]]:
        """Each way to make groups of exactly the copies left and ``jokers`` jokers that the
        rules allow: each group as (colour mask, jokers in it, labels of its copies)."""
        left = tuple(len(pool) for pool in pools)
        for split in _group_splits(left, jokers, self.colours):
            holders = [[g for g, (mask, _) in enumerate(split) if mask >> c & 1] for c in range(4)]
            per_colour = []
            for c in range(_COLOURS):
                pool = pools[c]
                if len(set(pool)) <= 1:
                    per_colour.append([pool])
                else:
                    per_colour.append(sorted(set(_orders(pool))))
            for orders in product(*per_colour):
                groups: list[tuple[int, int, list[int]]] = [
                    (mask, count, []) for mask, count in split
                ]
                for c in range(_COLOURS):
                    for g, label in zip(holders[c], orders[c]):
                        groups[g][2].append(label)
                if self._groups_allowed(v, groups, in_run, cross, beside):
                    yield groups

    def _groups_allowed(
        self,
        v: int,
        groups: list[tuple[int, int, list[int]]],
        in_run: int,
        cross: tuple[int, ...],
        beside: tuple[int, ...],
    ) -> bool:
        """Whether some fate of the table jokers at ``v`` that the groups decide keeps the rules.

        A joker of an old group stays (in a group with a joker place for a colour it stood
        for, beside a tile of its old group, or beside the other joker of it, staying there or
        moved there) or moves (a right tile lies in a run or a group; two jokers of one group
        that move are replaced by tiles of different colours); one that stayed in a run
        (``cross``) has the other move. A joker of an old run in ``beside`` stays in a group that
        lacks its colour, the other joker of its run moved there beside it. And the old groups'
        places lie together as R-RUM-RE-2 asks.
        """
        jokers = [j for j in self.group_jokers[v] if j not in cross]
        must_move = {self._other(j) for j in cross}
        options: list[list[tuple[int, int]]] = []
        for number in jokers:
            joker = self.jokers[number]
            choices = []
            if number not in must_move:
                choices += [
                    (-1, g)
                    for g, (mask, count, _) in enumerate(groups)
                    if count and joker.colours & ~mask & 0xF
                ]
            for c in range(_COLOURS):
                if joker.colours >> c & 1:
                    if in_run >> c & 1:
                        choices.append((c, -1))
                    choices += [(c, g) for g, (mask, _, _) in enumerate(groups) if mask >> c & 1]
            options.append(choices)
        for number in beside:
            bit = 1 << self.olds[self.jokers[number].old].colour
            options.append(
                [
                    (-1, g)
                    for g, (mask, count, _) in enumerate(groups)
                    if count >= 2 and not mask & bit
                ]
            )
        everyone = (*jokers, *beside)
        for fates in product(*options):
            if self._fates_fit(fates, everyone, groups) and self._places_fit(
                v, fates, jokers, groups
            ):
                return True
        return False

    def _other(self, joker: int) -> int:
        pair = self.pairs[self.jokers[joker].old]
        return pair[1 - pair.index(joker)]

    def _fates_fit(
        self,
        fates: tuple[tuple[int, int], ...],
        jokers: tuple[int, ...],
        groups: list[tuple[int, int, list[int]]],
    ) -> bool:
        """The jokers that stay fit the groups' joker places, with a place left for each other
        joker that moved and is a witness there; each has its witness; two jokers of one old
        group that move are replaced by tiles of different colours."""
        fate_of = dict(zip(jokers, fates))
        used = [0] * len(groups)
        replaced: dict[int, set[int]] = {}
        for number, (colour, g) in zip(jokers, fates):
            joker = self.jokers[number]
            if colour >= 0:
                if colour in replaced.setdefault(joker.old, set()):
                    return False
                replaced[joker.old].add(colour)
                continue
            used[g] += 1
            if joker.old in groups[g][2]:
                continue  # a tile of its old group beside it
            if not joker.shared:
                return False
            other_fate = fate_of.get(self._other(number))
            if other_fate == (-1, g):
                continue  # both stay in one group: each the other's witness
            if other_fate is not None and other_fate[0] < 0:
                return False  # the other stayed elsewhere
            used[g] += 1  # the other moved and lies here
        return all(count <= group[1] for count, group in zip(used, groups))

    def _places_fit(
        self,
        v: int,
        fates: tuple[tuple[int, int], ...],
        jokers: list[int],
        groups: list[tuple[int, int, list[int]]],
    ) -> bool:
        """Whether each old group at ``v`` keeps at least its share together or is scattered
        (R-RUM-RE-2), its jokers counted where they stay or where their right tile lies."""
        olds = self.olds
        places = [list(labels) for _, _, labels in groups]
        for number, (_, g) in zip(jokers, fates):
            if g >= 0:
                places[g].append(self.jokers[number].old)
        return all(
            self._kept_or_scattered(old, places) for old in self.groups_at[v] if olds[old].target
        )

    def _kept_or_scattered(self, old: int, places: list[list[int]]) -> bool:
        most = max((labels.count(old) for labels in places), default=0)
        return most <= 1 or most >= self.olds[old].target

    # The program.

    def best(
        self,
        floor: int,
        levels: Iterator[int],
        potential: Callable[[int, tuple[tuple[int, ...], ...], int], int],
    ) -> tuple[int, list[Key]] | None:
        """The best score of a legal table above ``floor`` and the states it passes through
        after each value, or ``None`` when no table scores more.

        A depth-first search over the program's states, children with the best ``potential``
        first (an upper bound of what a state can still gain, the relaxation's optimum from
        there), remembering per state what its rest can gain at most, or exactly once it is
        known. It looks for a score of at least each of ``levels`` in turn (descending, the
        first the relaxation's optimum), or of what the last search proved unreachable if
        that is lower: a feasible level ends the search at its first tables, an infeasible one
        leaves bounds that make the next level quick to search.
        """
        start: Key = (tuple(((), ()) for _ in range(_COLOURS)), 0)
        self.bounds: dict[tuple[int, Key], tuple[bool, int]] = {}
        self.ranked: dict[tuple[int, Key], list[tuple[int, int, Key]]] = {}
        self.choice: dict[tuple[int, Key], tuple[Key, int]] = {}
        self.potential = potential
        upper = -_NEG
        for level in levels:
            need = min(level, upper) - 1
            if need < floor:
                return None
            found = self._search(1, start, need)
            if found > need:
                path = [start]
                for v in range(1, self.top + 1):
                    path.append(self.choice[(v, path[-1])][0])
                return found, path
            upper = found  # what the search proved no table reaches
        return None

    def _search(self, v: int, key: Key, need: int) -> int:
        """What the rest of the play from state ``key`` before value ``v`` can gain: exactly,
        if more than ``need``; else an upper bound of it, at most ``need``."""
        if v > self.top:
            final = self._final(key, 0)
            return _NEG if final is None else final
        known = self.bounds.get((v, key))
        if known is not None and (known[0] or known[1] <= need):
            return known[1]
        if self.deadline is not None:
            check_deadline(self.deadline)
        ranked = self.ranked.get((v, key))
        if ranked is None:
            ranked = self.ranked[(v, key)] = self._ranked(v, key)
        best = _NEG
        upper = _NEG
        chosen: tuple[Key, int] | None = None
        for estimate, step, child in ranked:
            floor = need if need > best else best
            if estimate <= floor:
                upper = max(upper, estimate)
                break
            found = step + self._search(v + 1, child, floor - step)
            if found > best:
                best = found
                if found > floor:
                    chosen = (child, step)
            upper = max(upper, found)
        if best > need:
            self.bounds[(v, key)] = (True, best)
            assert chosen is not None
            self.choice[(v, key)] = chosen
            return best
        self.bounds[(v, key)] = (False, upper)
        return upper

    def _ranked(self, v: int, key: Key) -> list[tuple[int, int, Key]]:
        """The states after value ``v`` from ``key``, each with the most the step to it lays
        and that plus its potential (the estimate), best estimate first: kept per state, so
        that a state searched again at a lower level is not expanded again."""
        children: dict[Key, tuple[int, tuple[tuple[int, ...], ...]]] = {}
        for child, step, (a, b, e, d), _ in self._steps(v, key):
            known_step = children.get(child)
            if known_step is None or known_step[0] < step:
                children[child] = (step, (a.lens, b.lens, e.lens, d.lens))
        bound = self.potential
        return sorted(
            (
                (step + bound(v + 1, lens, child[1]), step, child)
                for child, (step, lens) in children.items()
            ),
            key=lambda entry: entry[0],
            reverse=True,
        )

    def _final(self, key: Key, gain: int) -> int | None:
        colours, jokers = key
        if jokers < self.mandatory_jokers:
            return None
        for runs, status in colours:
            marks = dict(status)
            for run in runs:
                if run[0] < 3 or not self._close(run, marks):
                    return None
            if any(mark == _PEND for old, mark in marks.items() if old < _FATE):
                return None
            for old, fate in marks.items():
                if old >= _FATE and fate >> 2 & ~fate & 3:
                    return None  # a joker promised to move that stayed
        return gain + (jokers - self.mandatory_jokers) * self.joker_score

    def _buckets(self, v: int, c: int, state: ColourState, free: int) -> list[Bucket]:
        """`colour_moves` by what the groups' step sees of them (copies left for groups, jokers
        placed, and where group jokers stand at ``v`` whether a copy went into a run, and the
        jokers that stay across), fewest jokers first: so the groups are checked once per
        bucket, not once per combination of moves."""
        key = (v, c, state, free)
        found = self._bucket_cache.get(key)
        if found is not None:
            return found
        plain = not self.group_jokers[v]
        grouped: dict[
            tuple[tuple[int, ...], int, int, tuple[int, ...], tuple[int, ...]], list[ColourMove]
        ] = {}
        for move in self.colour_moves(v, c, state, free):
            bit = 0 if plain else move.bit
            where = (move.pool, move.jokers, bit, move.cross, move.to_group)
            grouped.setdefault(where, []).append(move)
        for moves in grouped.values():
            moves.sort(key=lambda move: move.short)
        found = sorted(
            ((*where, moves) for where, moves in grouped.items()), key=lambda bucket: bucket[1]
        )
        self._bucket_cache[key] = found
        return found

    def _steps(self, v: int, key: Key) -> Iterator[tuple[Key, int, tuple[ColourMove, ...], int]]:
        """Each state after value ``v`` from ``key``, what it lays, the colours' moves and the
        jokers in groups."""
        colours, placed = key
        free = self.total_jokers - placed
        first, second, third, fourth = (
            self._buckets(v, c, colours[c], free) for c in range(_COLOURS)
        )
        score = self.tile_score[v]
        fit = self.group_jokers_fit
        for pa, ja, ba, ca, ta, ma in first:
            for pb, jb, bb, cb, tb, mb in second:
                jab = ja + jb
                if jab > free:
                    break
                for pe, je, be, ce, te, me in third:
                    jabe = jab + je
                    if jabe > free:
                        break
                    for pd, jd, bd, cd, td, md in fourth:
                        used = jabe + jd
                        if used > free:
                            break
                        cross = ca + cb + ce + cd
                        if cross:
                            cross = tuple(sorted(cross))
                            if len(set(cross)) < len(cross):
                                continue  # one joker stays in two runs
                        most = max(len(pa), len(pb), len(pe), len(pd))
                        if most and len(pa) + len(pb) + len(pe) + len(pd) + free - used < 3 * most:
                            continue  # too few tiles and jokers for the groups the copies need
                        fitting = fit(
                            v,
                            (pa, pb, pe, pd),
                            free - used,
                            ba | bb | be | bd,
                            cross,
                            ta + tb + te + td,
                        )
                        if not fitting:
                            continue
                        spare = free - used - fitting[0]
                        for a in ma:
                            if a.short > spare:
                                break
                            for b in mb:
                                sab = a.short + b.short
                                if sab > spare:
                                    break
                                for e in me:
                                    sabe = sab + e.short
                                    if sabe > spare:
                                        break
                                    laid = (a.laid + b.laid + e.laid) * score
                                    for d in md:
                                        short = sabe + d.short
                                        if short > spare:
                                            break
                                        after = (a.after, b.after, e.after, d.after)
                                        gain = laid + d.laid * score
                                        for grouped in fitting:
                                            if short > free - used - grouped:
                                                break
                                            yield (
                                                (after, placed + used + grouped),
                                                gain,
                                                (a, b, e, d),
                                                grouped,
                                            )

    # The table.

    def table(self, path: list[Key]) -> tuple[Meld, ...]:
        """The combinations of a table that follows ``path`` (the states `best` returns)."""
        melds: list[Meld] = []
        open_runs: list[list[tuple[Record, list[int]]]] = [[] for _ in range(_COLOURS)]
        for v in range(1, self.top + 1):
            key, target = path[v - 1], path[v]
            gained = self.choice[(v, key)][1]
            for child, gain, moves, grouped in self._steps(v, key):  # noqa: B007
                if child == target and gain == gained:
                    break
            else:
                raise AssertionError("unreachable: a state of the path has no step to the next")
            for c, move in enumerate(moves):
                open_runs[c] = self._follow(v, c, open_runs[c], move, melds)
            pools = tuple(move.pool for move in moves)
            in_run = sum(1 << c for c, m in enumerate(moves) if m.in_run)
            cross = tuple(sorted(j for move in moves for j in move.cross))
            beside = tuple(j for move in moves for j in move.to_group)
            relevant = in_run if self.group_jokers[v] else 0
            groups = next(self._groupings(v, pools, grouped, relevant, cross, beside))
            for mask, jokers, _ in groups:
                tiles = [TILES[c * _TOP + v - 1] for c in range(_COLOURS) if mask >> c & 1]
                melds.append(Group(tiles + [TILES[_J]] * jokers))
        for runs in open_runs:
            melds += [Run([TILES[k] for k in tiles]) for _, tiles in runs]
        return tuple(melds)

    def _follow(
        self,
        v: int,
        c: int,
        runs: list[tuple[Record, list[int]]],
        move: ColourMove,
        melds: list[Meld],
    ) -> list[tuple[Record, list[int]]]:
        """The colour's open runs with their tiles after ``move``; runs it closes go to
        ``melds``. The state's runs are sorted records; ``runs`` keeps them in that order."""
        kind = c * _TOP + v - 1
        grown: list[list[int]] = []
        for (_, tiles), unit in zip(runs, move.fates):
            if unit == _CLOSE:
                melds.append(Run([TILES[k] for k in tiles]))
            else:
                grown.append([*tiles, kind if _is_copy(unit) else _J])
        grown += [[kind if _is_copy(unit) else _J] for unit in move.starts]
        paired = sorted(zip(move.order, grown), key=lambda pair: pair[0])
        return [(record, tiles) for record, tiles in paired]


def _bump(counts: tuple[tuple[int, int], ...], old: int) -> tuple[tuple[int, int], ...]:
    found = dict(counts)
    found[old] = found.get(old, 0) + 1
    return tuple(sorted(found.items()))


def _forget(run: Record, settled: set[int], ended: tuple[int, ...]) -> Record:
    """The run without the counts of old runs settled or ended, and without what it holds of
    old runs ended (a joker of a settled old run may still need that witness)."""
    length, counts, waiting, holds, plain = run
    return (
        length,
        tuple(item for item in counts if item[0] not in settled),
        waiting,
        tuple(o for o in holds if o not in ended),
        plain,
    )


def _swaps(twins: tuple[tuple[int, int], ...]) -> Iterator[dict[int, int]]:
    """Every relabelling that swaps some of the pairs ``twins``."""
    for chosen in _every_subset(range(len(twins))):
        swap: dict[int, int] = {}
        for index in chosen:
            a, b = twins[index]
            swap[a], swap[b] = b, a
        yield swap


def _relabel(run: Record, swap: dict[int, int]) -> Record:
    if not swap:
        return run
    length, counts, waiting, holds, plain = run
    return (
        length,
        tuple(sorted((swap.get(old, old), n) for old, n in counts)),
        waiting,
        holds,
        plain,
    )


def _marks(marks: dict[int, int], swap: dict[int, int]) -> Status:
    return tuple(sorted((swap.get(old, old), mark) for old, mark in marks.items()))


def _every_subset(items: Sequence[int]) -> Iterator[tuple[int, ...]]:
    for size in range(len(items) + 1):
        yield from combinations(items, size)


def _orders(pool: tuple[int, ...]) -> Iterator[tuple[int, ...]]:
    """The orders of a colour's labels (two copies at most) that differ."""
    if len(pool) == 2:
        yield pool
        yield pool[::-1]
    else:
        yield pool


def _fates(
    runs: tuple[Record, ...],
    labels: tuple[int, ...],
    optional: int,
    free: int,
    here: tuple[int, ...],
) -> Iterator[tuple[tuple[Unit, ...], list[int], int, int, tuple[int, ...]]]:
    """Each way the open runs go on: closed (a run of 3 or more), or a copy (by label), a rack
    copy, a joker or a table joker that stays added. Yields (fates, table copies left, rack
    copies left, jokers left, the table jokers that stayed)."""
    count = len(runs)

    def go(
        i: int,
        fates: tuple[Unit, ...],
        left: list[int],
        optional_left: int,
        jokers_left: int,
        stays: tuple[int, ...],
    ) -> Iterator[tuple[tuple[Unit, ...], list[int], int, int, tuple[int, ...]]]:
        if i == count:
            yield fates, left, optional_left, jokers_left, stays
            return
        if runs[i][0] >= 3:
            yield from go(i + 1, (*fates, _CLOSE), left, optional_left, jokers_left, stays)
        for label in sorted(set(left)):
            rest = list(left)
            rest.remove(label)
            yield from go(i + 1, (*fates, label), rest, optional_left, jokers_left, stays)
        if optional_left:
            yield from go(i + 1, (*fates, -1), left, optional_left - 1, jokers_left, stays)
        if jokers_left:
            yield from go(i + 1, (*fates, _JOKER), left, optional_left, jokers_left - 1, stays)
            for joker in here:
                if joker not in stays:
                    yield from go(
                        i + 1,
                        (*fates, _STAY + joker),
                        left,
                        optional_left,
                        jokers_left - 1,
                        (*stays, joker),
                    )

    yield from go(0, (), list(labels), optional, free, ())


def _starts(
    left: list[int],
    optional_left: int,
    jokers_left: int,
    starts: int,
    here: tuple[int, ...],
    stays: tuple[int, ...],
) -> Iterator[tuple[tuple[Unit, ...], tuple[int, ...], int, int, tuple[int, ...]]]:
    """The copies left after the open runs: each table copy starts a run or goes to a group,
    each rack copy also may stay on the rack; jokers may start runs (``starts``: 0 no run may
    start, 1 a copy may start one, 2 a joker too). Yields (units that start runs, labels for
    groups, rack copies laid, jokers that start runs, table jokers that stay in them)."""
    distinct = sorted(set(left))
    counts = [left.count(label) for label in distinct]
    spans = [range(n + 1) if starts else range(1) for n in counts]
    free_jokers = [j for j in here if j not in stays]
    for started in product(*spans):
        pool = tuple(label for label, n, s in zip(distinct, counts, started) for _ in range(n - s))
        copies = tuple(label for label, s in zip(distinct, started) for _ in range(s))
        for rack_started in range(optional_left + 1 if starts else 1):
            for rack_pooled in range(optional_left - rack_started + 1):
                for jokers in range(jokers_left + 1 if starts == 2 else 1):
                    for size in range(min(jokers, len(free_jokers)) + 1):
                        for staying in combinations(free_jokers, size):
                            units = (
                                *copies,
                                *(-1,) * rack_started,
                                *(_STAY + j for j in staying),
                                *(_JOKER,) * (jokers - size),
                            )
                            yield (
                                units,
                                (*pool, *(-1,) * rack_pooled),
                                rack_started + rack_pooled,
                                jokers,
                                staying,
                            )
