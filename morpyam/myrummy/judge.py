"""Judging a play: is the table after it one the rules allow from the table before?

A [`Play`][morpyam.myrummy.actions.Play] names only the table after; the
tiles laid are the difference of the two tables as multisets. Equal tiles
(two copies of each) make the history ambiguous: which copy of green 5 stayed
and which came from the rack cannot be seen. The judge therefore searches
for *some* matching of the old table's tiles to the new table's that makes
the play legal, and rejects the play only when none does (R-RUM-RE-2,
R-RUM-JOK-3); the error then names the rule the first matching broke.

How "stay" is read (R-RUM-RE-2, ``Rules.min_stay = m``): for each combination
of the old table, let *k* be the largest number of its tiles that lie together
in one combination of the new table. The combination is left whole
(*k* = all its tiles), taken in part with at least *m* staying (*k* ≥ *m*),
or taken wholly, its tiles scattered (*k* ≤ 1). Exactly two (or, for larger
*m*, from 2 to *m* - 1) lying together means it was taken in part with too
few left behind, which the rule forbids.

How a table joker moves (R-RUM-JOK-3): a joker stays when it lies with other
tiles of its old combination, standing for a tile it could stand for before.
Otherwise it moved, and then a right tile (R-RUM-JOK-2: the tile it stood for;
in a group, any missing colour) that was not part of its old combination must
now lie with tiles of that combination: the joker was replaced first.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Sequence
from itertools import permutations

from morpyam.errors import IllegalActionError
from morpyam.myrummy.melds import Meld, Run
from morpyam.myrummy.rules import Rules
from morpyam.myrummy.tiles import JOKER_INDEX, KINDS, TILES, Tile, counts

__all__ = [
    "MAX_CHECKS",
    "extends",
    "judge_play",
    "min_cost_assignment",
    "opening_points",
    "rearrangement_error",
]

Slot = tuple[int, int]
"""A tile's place on a table: (meld number, place in the meld)."""


def _tiles(table: Sequence[Meld]) -> list[Tile]:
    return [tile for meld in table for tile in meld.tiles]


def judge_play(
    rules: Rules,
    table: tuple[Meld, ...],
    rack: tuple[Tile, ...],
    opened: bool,
    after: tuple[Meld, ...],
) -> tuple[tuple[Tile, ...], bool]:
    """Check a play and return the rack after it and whether it is a Handrummy.

    Raises:
        IllegalActionError: naming the rule the play breaks.
    """
    before_counts = counts(_tiles(table))
    after_counts = counts(_tiles(after))
    rack_counts = counts(rack)
    laid = [0] * KINDS
    for kind in range(KINDS):
        difference = after_counts[kind] - before_counts[kind]
        if difference < 0:
            raise IllegalActionError(
                "R-RUM-RE-3",
                f"{TILES[kind]} lay on the table and is missing after the play: "
                "every table tile stays on the table",
            )
        if difference > rack_counts[kind]:
            have = rack_counts[kind]
            raise IllegalActionError(
                "R-RUM-TURN-1",
                f"the play lays {difference} × {TILES[kind]} and your rack has {have}",
            )
        laid[kind] = difference
    total = sum(laid)
    if total == 0:
        raise IllegalActionError(
            "R-RUM-TURN-1", "a play lays at least one tile from your rack; otherwise draw"
        )
    remaining = list(rack_counts)
    for kind, count in enumerate(laid):
        remaining[kind] -= count
    rest = tuple(tile for tile, count in zip(TILES, remaining) for _ in range(count))
    handrummy = False
    if not opened:
        value, new_only = opening_points(rules, table, after)
        handrummy = rules.handrummy and not rest and new_only
        if value < rules.opening_points and not handrummy:
            raise IllegalActionError(
                "R-RUM-OPEN-1",
                f"the opening lays {value} points; it needs {rules.opening_points}",
            )
    else:
        error = rearrangement_error(rules, table, after)
        if error is not None:
            raise error
    return rest, handrummy


def extends(old: Meld, new: Meld) -> bool:
    """Whether ``new`` is ``old`` with tiles laid on (R-RUM-LAY-1): every old tile in its place."""
    if type(old) is not type(new):
        return False
    if isinstance(old, Run):
        assert isinstance(new, Run)
        offset = old.start - new.start
        if old.colour is not new.colour or offset < 0 or offset + len(old.tiles) > len(new.tiles):
            return False
        return new.tiles[offset : offset + len(old.tiles)] == old.tiles
    return not Counter(old.tiles) - Counter(new.tiles)


def opening_points(
    rules: Rules, table: tuple[Meld, ...], after: tuple[Meld, ...]
) -> tuple[int, bool]:
    """The points of a first laying out and whether it laid only new combinations.

    The old table must stay as it was (R-RUM-OPEN-3); with
    ``rules.lay_off_in_opening_turn`` its combinations may also be extended,
    and the new combinations are then counted as generously as a matching of
    old to new allows. Only new combinations count: they are rack tiles only
    (R-RUM-OPEN-1).

    Raises:
        IllegalActionError: R-RUM-OPEN-3 (or R-RUM-JOK-2 for a joker taken) when
            the play changes the table in a way the opening may not.
    """
    new = Counter(after)
    new.subtract(table)
    if all(count >= 0 for count in new.values()):
        return sum(meld.points * count for meld, count in new.items()), True
    if rules.lay_off_in_opening_turn:
        best = _best_extension(table, after)
        if best is not None:
            return best, False
    for meld in table:
        if any(tile.colour is None for tile in meld.tiles) and meld not in after:
            raise IllegalActionError(
                "R-RUM-JOK-2", "only a player who has laid out may exchange a joker on the table"
            )
    if rules.lay_off_in_opening_turn:
        raise IllegalActionError(
            "R-RUM-OPEN-3",
            "in the turn you lay out you may add tiles to the table's combinations, "
            "not rearrange them",
        )
    raise IllegalActionError(
        "R-RUM-OPEN-3",
        "before you have laid out you may not lay off onto or rearrange the table's combinations",
    )


def _best_extension(table: tuple[Meld, ...], after: tuple[Meld, ...]) -> int | None:
    """The most points new combinations can have when each old meld maps to one extending it.

    A minimum-cost assignment of old melds to distinct new ones (the cost of
    a new meld is its points), solved by the Hungarian method in
    O(old² × new) steps: polynomial, whatever the table (hostile plays included).
    """
    allowed = [[extends(old, new) for new in after] for old in table]
    costs = [meld.points for meld in after]
    assignment = min_cost_assignment(allowed, costs)
    if assignment is None:
        return None
    return sum(costs) - sum(costs[j] for j in assignment)


def min_cost_assignment(
    allowed: Sequence[Sequence[bool]], costs: Sequence[int]
) -> list[int] | None:
    """Distinct columns for the rows, each ``allowed[row][column]``, of least total ``costs``;
    ``None`` when no such assignment exists.

    The Hungarian method with potentials (Kuhn 1955, Munkres 1957), one
    shortest augmenting path per row. A forbidden pair costs more than every
    allowed assignment together, so it is used only when nothing else works.
    """
    rows, columns = len(allowed), len(costs)
    if rows == 0:
        return []
    if rows > columns:
        return None
    forbidden = sum(costs) + 1
    row_potential = [0] * (rows + 1)
    column_potential = [0] * (columns + 1)
    owner = [0] * (columns + 1)
    way = [0] * (columns + 1)
    for row in range(1, rows + 1):
        owner[0] = row
        column = 0
        slack = [float("inf")] * (columns + 1)
        used = [False] * (columns + 1)
        while True:
            used[column] = True
            current = owner[column]
            delta = float("inf")
            nearest = 0
            for j in range(1, columns + 1):
                if used[j]:
                    continue
                cost = costs[j - 1] if allowed[current - 1][j - 1] else forbidden
                reduced = cost - row_potential[current] - column_potential[j]
                if reduced < slack[j]:
                    slack[j] = reduced
                    way[j] = column
                if slack[j] < delta:
                    delta = slack[j]
                    nearest = j
            for j in range(columns + 1):
                if used[j]:
                    row_potential[owner[j]] += int(delta)
                    column_potential[j] -= int(delta)
                else:
                    slack[j] -= delta
            column = nearest
            if owner[column] == 0:
                break
        while column:
            previous = way[column]
            owner[column] = owner[previous]
            column = previous
    result = [0] * rows
    for j in range(1, columns + 1):
        if owner[j]:
            result[owner[j] - 1] = j - 1
    if not all(allowed[row][result[row]] for row in range(rows)):
        return None
    return result


def rearrangement_error(
    rules: Rules, table: tuple[Meld, ...], after: tuple[Meld, ...]
) -> IllegalActionError | None:
    """Why going from ``table`` to ``after`` breaks R-RUM-RE-2 or R-RUM-JOK-3, or ``None``.

    The tile counts must already agree (every old tile is in ``after``).
    """
    left = Counter(table)
    left.subtract(after)
    if all(count <= 0 for count in left.values()):
        return None
    has_joker = any(tile.colour is None for meld in table for tile in meld.tiles)
    if rules.min_stay is None and not has_joker:
        return None
    return _Matcher(rules.min_stay, table, after).search()


MAX_CHECKS = 100_000
"""The most combination checks the judge makes for one play (R-RUM-RE-2, R-RUM-JOK-3).

Telling equal tiles apart is a search that a hostile play can make
exponential; past this many checks the judge stops and refuses the play with
an ``IllegalActionError`` that says so, so every play is judged in bounded
time (about a second here). Plays from real games stay far below it (see the
Untrusted input page)."""


class _TooLongError(Exception):
    """The search made more than ``MAX_CHECKS`` checks."""


class _Matcher:
    """The search for a matching of old tile slots to new ones that keeps the rules.

    Each tile kind whose old copies could map to the new ones in more than one
    way that matters is a *choice*: a non-joker is told apart by the new
    combination it lands in (its place there never matters), a joker by its
    new place. Choices link the old combinations holding their copies; the
    linked parts of the table are searched one after another, each part
    depth first with a combination checked as soon as all its tiles are placed.
    """

    def __init__(self, min_stay: int | None, table: tuple[Meld, ...], after: tuple[Meld, ...]):
        self.min_stay = min_stay
        self.table = table
        self.after = after
        new_slots: dict[int, list[Slot]] = {}
        for j, meld in enumerate(after):
            for q, tile in enumerate(meld.tiles):
                new_slots.setdefault(tile.index, []).append((j, q))
        old_slots: dict[int, list[Slot]] = {}
        for i, meld in enumerate(table):
            for p, tile in enumerate(meld.tiles):
                old_slots.setdefault(tile.index, []).append((i, p))
        self.assigned: dict[Slot, Slot] = {}
        choices: list[tuple[list[Slot], list[tuple[Slot, ...]]]] = []
        for kind, olds in old_slots.items():
            news = new_slots[kind]
            if len(news) == 1 or (kind != JOKER_INDEX and len({j for j, _q in news}) == 1):
                self.assigned.update(zip(olds, news))
                continue
            joker = kind == JOKER_INDEX
            distinct: dict[tuple[object, ...], tuple[Slot, ...]] = {}
            for option in permutations(new_slots[kind], len(olds)):
                key = tuple(option) if joker else tuple(j for j, _q in option)
                distinct.setdefault(key, option)
            options = list(distinct.values())
            if len(options) == 1:
                self.assigned.update(zip(olds, options[0]))
            else:
                choices.append((olds, options))
        self.untouched, self.parts = _parts(len(table), choices)
        self.checks = 0
        self.first_fault: Callable[[], IllegalActionError] | None = None
        self.with_joker = {i for i, _p in old_slots.get(JOKER_INDEX, ())}

    def search(self) -> IllegalActionError | None:
        for i in self.untouched:
            fault = self._meld_fault(i)
            if fault is not None:
                return fault()
        for part in self.parts:
            try:
                found = self._search(part, _checks(part), 0)
            except _TooLongError:
                return IllegalActionError(
                    "R-RUM-RE-2",
                    f"the judge gave up after {MAX_CHECKS:,} checks of which copy of each equal "
                    "tile went where; rearrange fewer duplicated tiles at once",
                )
            if not found:
                return None if self.first_fault is None else self.first_fault()
        return None

    def _search(
        self,
        part: list[tuple[list[Slot], list[tuple[Slot, ...]]]],
        checks: list[list[int]],
        step: int,
    ) -> bool:
        self.checks += len(checks[step])
        if self.checks > MAX_CHECKS:
            raise _TooLongError
        for i in checks[step]:
            fault = self._meld_fault(i)
            if fault is not None:
                if self.first_fault is None:
                    self.first_fault = fault
                return False
        if step == len(part):
            return True
        olds, options = part[step]
        for option in options:
            self.assigned.update(zip(olds, option))
            if self._search(part, checks, step + 1):
                return True
        return False

    def _meld_fault(self, i: int) -> Callable[[], IllegalActionError] | None:
        """``None`` when old combination ``i`` keeps the rules under the matching so far, else
        what makes the error (formatted only for the error reported: the search tries many)."""
        meld = self.table[i]
        tiles = meld.tiles
        assigned = self.assigned
        if i not in self.with_joker:
            if self.min_stay is None:
                return None
            together: dict[int, int] = {}
            for p in range(len(tiles)):
                j = assigned[(i, p)][0]
                together[j] = together.get(j, 0) + 1
            most = max(together.values())
        else:
            places = [assigned[(i, p)] for p in range(len(tiles))]
            together = Counter(j for j, _ in places)
            images = set(places)
            staying = Counter(together)
            for p, tile in enumerate(tiles):
                if tile.colour is not None:
                    continue
                j, q = places[p]
                was = meld.stands_for(p)
                if together[j] >= 2 and was & self.after[j].stands_for(q):
                    continue
                replaced_in = self._replaced(was, together, images)
                if replaced_in is None:
                    return lambda: _joker_error(meld, was)
                staying[j] -= 1
                staying[replaced_in] += 1
            most = max(staying.values())
        min_stay = self.min_stay
        if min_stay is not None and 1 < most < min(min_stay, len(tiles)):
            return lambda: IllegalActionError(
                "R-RUM-RE-2",
                f"of {meld}, only {most} tiles stay together; a combination taken in part "
                f"keeps at least {min_stay}",
            )
        return None

    def _replaced(
        self, was: frozenset[Tile], together: dict[int, int], images: set[Slot]
    ) -> int | None:
        for j in together:
            for q, tile in enumerate(self.after[j].tiles):
                if tile in was and (j, q) not in images:
                    return j
        return None


def _joker_error(meld: Meld, was: frozenset[Tile]) -> IllegalActionError:
    names = " or ".join(sorted(map(str, was)))
    return IllegalActionError(
        "R-RUM-JOK-3", f"the joker in {meld} moves only once {names} has taken its place there"
    )


Choice = tuple[list[Slot], list[tuple[Slot, ...]]]
"""The old slots of one tile kind and the distinct ways they can map to new slots."""


def _parts(melds: int, choices: list[Choice]) -> tuple[list[int], list[list[Choice]]]:
    """The old combinations no choice touches, and the choices split into independent parts
    (two choices are linked when copies of both lie in one old combination)."""
    parent = list(range(melds))

    def root(i: int) -> int:
        while parent[i] != i:
            parent[i] = parent[parent[i]]
            i = parent[i]
        return i

    for olds, _ in choices:
        first = root(olds[0][0])
        for i, _p in olds[1:]:
            parent[root(i)] = first
    touched = {i for olds, _ in choices for i, _p in olds}
    parts: dict[int, list[Choice]] = {}
    for choice in choices:
        parts.setdefault(root(choice[0][0][0]), []).append(choice)
    untouched = [i for i in range(melds) if i not in touched]
    return untouched, [_ordered(part) for part in parts.values()]


def _ordered(part: list[Choice]) -> list[Choice]:
    """The part's choices, those of the old combination with the fewest still open first, so
    that small combinations are checked (and a hopeless branch cut) early."""
    if len(part) == 1:
        return part
    by_meld: dict[int, list[int]] = {}
    for number, (olds, _) in enumerate(part):
        for i, _p in olds:
            by_meld.setdefault(i, []).append(number)
    order: list[int] = []
    taken: set[int] = set()
    while len(order) < len(part):
        meld = min(
            (i for i, numbers in by_meld.items() if any(n not in taken for n in numbers)),
            key=lambda i: (sum(n not in taken for n in by_meld[i]), i),
        )
        for number in by_meld[meld]:
            if number not in taken:
                taken.add(number)
                order.append(number)
    return [part[number] for number in order]


def _checks(part: list[Choice]) -> list[list[int]]:
    """Per step of a part's search, the old combinations whose last tile that step places."""
    last: dict[int, int] = {}
    for step, (olds, _) in enumerate(part):
        for i, _p in olds:
            last[i] = step + 1
    checks: list[list[int]] = [[] for _ in range(len(part) + 1)]
    for i, step in last.items():
        checks[step].append(i)
    return checks
