"""The exact best play as a dynamic program over values, extended to jokers and this game's rules.

The dynamic program of van Rijn, Takes and Vis ("The complexity of
Rummikub problems", 2015) takes the values 1 to 13 in order. Its state after
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
  joker: either a right tile (the tile it stood for, R-RUM-JOK-2) is on the
  table after the play, or a joker lies where the table joker could have
  stayed (in a run of its colour at its value, not starting there if it ended
  its old run; in a group of its value that lacks a colour it stood for and
  holds a colour of its old group). Every legal play meets it.
- R-RUM-RE-2 ("three must stay") and the rest of R-RUM-JOK-3 (the right tile
  lies with tiles of the joker's old combination, the joker stays with one)
  are left to the judge [`apply`][morpyam.myrummy.engine.apply] uses.

The program's optimum from each state is then an exact bound, and a depth
first search over actual tables, children best bound first, cut when the
bound cannot beat the best legal table found, judges each complete table.
The first table judged legal usually has the relaxation's optimum and ends
the search at once; otherwise the search goes on (the exact fallback) until
no branch can beat the best legal table. So the play returned is optimal.

Before laying out, the table is left as it is and only the rack is solved,
with the opening's points in the state (a joker at the value it stands for,
R-RUM-OPEN-1); with Handrummy (R-RUM-VAR-HAND) a rack that can be laid whole
needs no points. ``Rules.lay_off_in_opening_turn`` (an opening that also
lays off) does not fit either: [`best_play`][morpyam.myrummy.solver.best_play]
then uses the older exhaustive branch and bound.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache
from itertools import combinations, product

from morpyam.errors import IllegalActionError
from morpyam.myrummy.judge import judge_play
from morpyam.myrummy.melds import Group, Meld, Run, sort_table
from morpyam.myrummy.rules import Rules
from morpyam.myrummy.tiles import JOKER_INDEX, TILES, Tile

__all__ = ["Solver", "Weights"]

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


Split = tuple[tuple[int, int], ...]
"""Groups of one value: each as (bit mask of its colours, jokers in it)."""


@lru_cache(maxsize=8192)
def _group_splits(left: tuple[int, ...], jokers: int) -> tuple[Split, ...]:
    """Every way to make groups of exactly the copies ``left`` (per colour) and ``jokers`` jokers."""
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
                for extra in range(min(jokers, _COLOURS - len(members)) + 1):
                    if len(members) + extra < 3:
                        continue
                    for c in members:
                        left[c] -= 1
                    split(left, jokers - extra, [*groups, (mask, extra)])
                    for c in members:
                        left[c] += 1

    split(list(left), jokers, [])
    return tuple(sorted(found))


class _Condition:
    """R-RUM-JOK-3 at a table joker's value: a right tile on the table, or a joker where it may stay."""

    __slots__ = ("at_end", "colours", "group", "lax", "stayed_with")

    def __init__(self, meld: Meld, place: int, jokers_in_meld: int) -> None:
        was = meld.stands_for(place)
        self.colours = sum(1 << _colour(tile) for tile in was)
        self.lax = jokers_in_meld > 1
        self.group = isinstance(meld, Group)
        self.at_end = isinstance(meld, Run) and place == len(meld.tiles) - 1
        self.stayed_with = sum(1 << _colour(tile) for tile in meld.tiles if not tile.is_joker)

    def met(self, used: Sequence[int], extend: Sequence[int], start: Sequence[int], split: Split) -> bool:
        colours = self.colours
        for c in range(_COLOURS):
            if colours >> c & 1 and used[c]:
                return True  # a right tile is on the table
        if self.lax or not self.group:
            for c in range(_COLOURS):
                if colours >> c & 1 and (extend[c] or (start[c] and (self.lax or not self.at_end))):
                    return True
        if self.lax or self.group:
            for mask, jokers in split:
                if jokers and colours & ~mask and (self.lax or mask & self.stayed_with):
                    return True
        return False


def _met(conditions: list[_Condition], choice: Sequence[LensMove], split: Split) -> bool:
    used = [move[1] for move in choice]
    extend = [move[3] for move in choice]
    start = [move[4] for move in choice]
    return all(condition.met(used, extend, start, split) for condition in conditions)


_STUBS = {length: (-1,) * length for length in (1, 2, 3)}
"""A stand-in open run of each capped length, for the bound (which forgets what runs hold)."""
Entry = tuple[int, tuple[tuple[Lens, ...], int, int], tuple[LensMove, ...], tuple["Split", ...]]
"""A move at one value: what it lays (scored), the state after, each colour's move, the groups."""


def _colour(tile: Tile) -> int:
    return tile.index // _TOP


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
    ) -> None:
        self.rules = rules
        self.need = [[table[c * _TOP + v - 1] for c in range(_COLOURS)] for v in range(_TOP + 1)]
        self.extra = [[rack[c * _TOP + v - 1] for c in range(_COLOURS)] for v in range(_TOP + 1)]
        self.table_jokers = table[_J]
        self.jokers = table[_J] + rack[_J]
        self.tile_score = [weights[0] + v * weights[1] for v in range(_TOP + 1)]
        self.joker_score = joker_score
        self.opening = opening
        self.conditions: list[list[_Condition]] = [[] for _ in range(_TOP + 2)]
        for meld in before:
            jokers = sum(tile.is_joker for tile in meld.tiles)
            for place, tile in enumerate(meld.tiles):
                if tile.is_joker:
                    value = next(iter(meld.stands_for(place))).value
                    self.conditions[value].append(_Condition(meld, place, jokers))
        self.any = [[need + more for need, more in zip(*pair)] for pair in zip(self.need, self.extra)]
        self.any += [[0] * _COLOURS] * 2
        self.memo: dict[tuple[int, tuple[Lens, ...], int, int], int] = {}

    # The bound: the relaxation's optimum from a state on.

    def bound(self, v: int, lens: tuple[Lens, ...], jokers: int, points: int) -> int:
        """The best score from value ``v`` on (``_NEG``: no way to finish)."""
        if v > _TOP:
            if any(length < 3 for runs in lens for length in runs) or points < self.opening:
                return _NEG
            if not self.table_jokers <= jokers <= self.jokers:
                return _NEG
            return (jokers - self.table_jokers) * self.joker_score
        key = (v, lens, jokers, points)
        found = self.memo.get(key)
        if found is not None:
            return found
        best = _NEG
        runs = tuple(tuple(_STUBS[length] for length in colour) for colour in lens)
        for gain, after, _, _ in self._entries(v, runs, jokers, points)[0]:
            rest = self.bound(v + 1, *after)
            if rest != _NEG and gain + rest > best:
                best = gain + rest
        self.memo[key] = best
        return best

    def _entries(
        self, v: int, runs: tuple[tuple[Units, ...], ...], jokers: int, points: int
    ) -> tuple[list[Entry], list[dict[LensMove, list[ActualMove]]]]:
        """The moves at value ``v`` from open ``runs``: per colour, then combined with groups."""
        need, extra = self.need[v], self.extra[v]
        free = self.jokers - jokers
        per_colour = []
        for c in range(_COLOURS):
            if v > _TOP - 2:
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
        entries: list[Entry] = []
        for choice in product(*per_colour):
            jokers_used = 0
            for move in choice:
                jokers_used += move[3] + move[4]
            if jokers_used > free:
                continue
            left = (choice[0][2], choice[1][2], choice[2][2], choice[3][2])
            laid = placed = 0
            for c, move in enumerate(choice):
                laid += move[1] - need[c]
                placed += move[1] + move[3] + move[4]
            lens = (choice[0][0], choice[1][0], choice[2][0], choice[3][0])
            for in_groups in range(free - jokers_used + 1):
                splits = _group_splits(left, in_groups)
                if conditions and splits:
                    splits = tuple(split for split in splits if _met(conditions, choice, split))
                if splits:
                    after = (
                        lens,
                        jokers + jokers_used + in_groups,
                        min(self.opening, points + v * (placed + in_groups)),
                    )
                    entries.append((laid * score, after, choice, splits))
        return entries, per_colour

    # The search over actual tables.

    def best(
        self, state_table: tuple[Meld, ...], rack: tuple[Tile, ...], opened: bool, keep: tuple[Meld, ...]
    ) -> tuple[Meld, ...] | None:
        """The best table the judge accepts that lays at least one tile, or ``None``."""
        self.limit = 0
        self.found: tuple[Meld, ...] | None = None
        self.judged: set[tuple[Meld, ...]] = set()
        self.before = (state_table, rack, opened, keep)
        empty: tuple[tuple[Units, ...], ...] = ((),) * _COLOURS
        if self.bound(1, empty, 0, 0) > self.limit:  # type: ignore[arg-type]
            self._search(1, empty, 0, 0, 0, [])
        return self.found

    def _search(
        self,
        v: int,
        runs: tuple[tuple[Units, ...], ...],
        jokers: int,
        points: int,
        gain: int,
        melds: list[Meld],
    ) -> None:
        if v > _TOP:
            closed = [Run([TILES[k] for k in run]) for colour in runs for run in colour]
            self._judge([*melds, *closed], gain + (jokers - self.table_jokers) * self.joker_score)
            return
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
                    self._search(
                        v + 1, runs_after, after[1], after[2], gain + laid, [*melds, *closed, *groups]
                    )

    def _judge(self, melds: list[Meld], score: int) -> None:
        if score <= self.limit:
            return
        state_table, rack, opened, keep = self.before
        after = sort_table((*keep, *melds))
        if after in self.judged:
            return
        self.judged.add(after)
        try:
            judge_play(self.rules, state_table, rack, opened, after)
        except IllegalActionError:
            return
        self.found = after
        self.limit = score
