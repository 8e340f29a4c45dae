"""Judging a play: is the table after it one the rules allow from the table before?

A `Play` names only the table after; the
tiles laid are the difference of the two tables as multisets. Equal tiles
(two copies of each) make the history ambiguous: which copy of green 5 stayed
and which came from the rack cannot be seen. The judge therefore searches
for *some* matching of the old table's tiles to the new table's that makes
the play legal, and rejects the play only when none does (R-RUM-RE-2,
R-RUM-JOK-3); the error then names an old combination that no matching can
save on its own, where there is one, else the first contradiction the search met.

How "stay" is read (R-RUM-RE-2, ``Rules.min_stay = m``): for each combination
of the old table, let *k* be the largest number of its tiles that lie together
in one combination of the new table. The combination is left whole
(*k* = all its tiles), taken in part with at least *m* staying (*k* ≥ *m*),
or taken wholly, its tiles scattered (*k* ≤ 1). Exactly two (or, for larger
*m*, from 2 to *m* - 1) lying together means it was taken in part with too
few left behind, which the rule forbids.

How a table joker moves (R-RUM-JOK-3): a joker stays when it lies with
another tile of its old combination, standing for a tile it could stand for
before. Otherwise it moved, and a right tile (R-RUM-JOK-2: the tile it stood
for; in a group, any missing colour; two replacing the jokers of one group
differ) lies somewhere on the new table: it replaced the joker first. The old
combination with the right tile in the joker's place is then an ordinary
combination: R-RUM-RE-2 applies to it, the right tile counted where it lies
now (so it may have moved on, even to replace another joker). With
``Rules.joker_from_rack`` the right tile is one laid from the rack this turn,
a copy of its own for each joker replaced.

The search, complete and without a budget: each tile kind with one copy on
the old table and two on the new in different combinations, or with copies
in two old and two new combinations, is one two-way choice (at most 52); the
table jokers (at most two) are decided first, by trying each way they can
have gone. Then each old combination is a constraint on the choices of its
tiles; a choice that would make one unsatisfiable is forced the other way
(checked exactly per combination: reaching *m* together, or scattering
being a matching of tiles to new combinations), the constraints left are
split into parts that share no choice, each part is searched alone and its
verdict remembered, branching in the combination that failed most often
relative to its open choices. With ``min_stay=None`` only the combinations
with a joker have constraints. The search is exponential in the number of
choices in principle (2^52 bounds it); measured, the hardest plays we built
or drew at random are decided in under 0.1 s (``benchmarks/bench_myrummy_judge.py``).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator, Sequence
from itertools import combinations, product
from typing import cast

from morpyam.errors import IllegalActionError
from morpyam.myrummy.core._melds import Group, Meld, Run, misfit
from morpyam.myrummy.core._rules import Rules
from morpyam.myrummy.core._tiles import COLOURS, COPIES, JOKER_INDEX, KINDS, TILES, Tile, counts

__all__ = [
    "extends",
    "judge_play",
    "min_cost_assignment",
    "opening_points",
    "rearrangement_allowed",
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
    for meld in after:
        misfit_reason = misfit(meld, rules.colours, rules.values)
        if misfit_reason is not None:
            rule = "R-RUM-MELD-2" if isinstance(meld, Run) else "R-RUM-MELD-1"
            raise IllegalActionError(rule, misfit_reason)
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
            "R-RUM-TURN-2",
            "rearranging the table alone is no play: lay at least one tile from your rack, or draw",
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
            counted = (
                ""
                if new_only
                else " in new combinations (tiles laid onto the table's combinations do not count)"
            )
            raise IllegalActionError(
                "R-RUM-OPEN-1",
                f"the opening lays {value} points{counted}; it needs {rules.opening_points}",
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
    and a joker on them exchanged for its right tile and laid again
    (R-RUM-JOK-2 uses the text's words for laying off, "bereits ausgelegt",
    so it follows the same knob). The new combinations are then counted as
    generously as a matching of old to new allows. Only rack tiles count
    (R-RUM-OPEN-1): a new combination counts its points less the value of a
    table joker laid in it.

    Raises:
        IllegalActionError: R-RUM-OPEN-3 when the play changes the table in a way
            the opening may not; R-RUM-JOK-2 when, without the knob, it
            exchanges a joker of the table.
    """
    new = Counter(after)
    new.subtract(table)
    if all(count >= 0 for count in new.values()):
        return sum(meld.points * count for meld, count in new.items()), True
    if rules.lay_off_in_opening_turn:
        best = _best_extension(table, after)
        if best is not None:
            return best, False
        raise IllegalActionError(
            "R-RUM-OPEN-3",
            "in the turn you lay out you may add tiles to the table's combinations "
            "(or exchange a joker there), not rearrange them",
        )
    for meld in table:
        jokers = _joker_places(meld)
        if jokers and meld not in after:
            for exchanged in _subsets(jokers):
                if exchanged and any(_extends_exchanging(meld, n, exchanged) for n in after):
                    raise IllegalActionError(
                        "R-RUM-JOK-2",
                        "only a player who has laid out may exchange a joker on the table",
                    )
    raise IllegalActionError(
        "R-RUM-OPEN-3",
        "before you have laid out you may not lay off onto or rearrange the table's combinations",
    )


def _joker_places(meld: Meld) -> tuple[int, ...]:
    return tuple(p for p, tile in enumerate(meld.tiles) if tile.colour is None)


def _subsets(places: tuple[int, ...]) -> list[tuple[int, ...]]:
    return [sub for size in range(len(places) + 1) for sub in combinations(places, size)]


def _extends_exchanging(old: Meld, new: Meld, exchanged: tuple[int, ...]) -> bool:
    """Whether ``new`` is ``old`` with its jokers at ``exchanged`` replaced by right tiles
    (R-RUM-JOK-2; two replacing the jokers of one group differ) and tiles laid on."""
    if not exchanged:
        return extends(old, new)
    rights = [sorted(old.stands_for(p), key=_index) for p in exchanged]
    for chosen in product(*rights):
        if len(set(chosen)) < len(chosen):
            continue
        tiles = list(old.tiles)
        for p, tile in zip(exchanged, chosen):
            tiles[p] = tile
        replaced = Run(tiles) if isinstance(old, Run) else Group(tiles)
        if extends(replaced, new):
            return True
    return False


def _index(tile: Tile) -> int:
    return tile.index


def _best_extension(table: tuple[Meld, ...], after: tuple[Meld, ...]) -> int | None:
    """The most points new combinations can have when each old meld maps to one extending it,
    ``None`` when none does.

    A meld with a joker may map to one that extends it with jokers exchanged;
    the jokers freed then lie in joker places the old melds do not hold, and
    one in a new combination takes its value off that combination (it is no
    rack tile). The melds with a joker (two at most) are matched by trying
    each way, the rest by a minimum-cost assignment (the cost of a new meld is
    its points): the Hungarian method in O(old² × new) steps per way,
    polynomial whatever the table (hostile plays included).
    """
    fixed = [i for i, meld in enumerate(table) if _joker_places(meld)]
    plain = [i for i in range(len(table)) if i not in fixed]
    options = [
        [
            (j, exchanged)
            for j, new in enumerate(after)
            for exchanged in _subsets(_joker_places(table[i]))
            if _extends_exchanging(table[i], new, exchanged)
        ]
        for i in fixed
    ]
    joker_slots = [
        (j, q)
        for j, meld in enumerate(after)
        for q, tile in enumerate(meld.tiles)
        if tile.colour is None
    ]
    best: int | None = None
    for choice in product(*options):
        taken = [j for j, _ in choice]
        if len(set(taken)) < len(taken):
            continue
        kept: set[Slot] = set()
        for i, (j, exchanged) in zip(fixed, choice):
            kept |= _kept_jokers(table[i], after[j], j, exchanged, joker_slots)
        freed = sum(len(exchanged) for _, exchanged in choice)
        spare = [slot for slot in joker_slots if slot not in kept]
        for laid in combinations(spare, freed):
            costs = [meld.points for meld in after]
            for j, q in laid:
                costs[j] -= next(iter(after[j].stands_for(q))).value
            columns = [j for j in range(len(after)) if j not in taken]
            allowed = [[extends(table[i], after[j]) for j in columns] for i in plain]
            assignment = min_cost_assignment(allowed, [costs[j] for j in columns])
            if assignment is None:
                continue
            matched = set(taken) | {columns[k] for k in assignment}
            total = sum(costs[j] for j in range(len(after)) if j not in matched)
            best = total if best is None else max(best, total)
    return best


def _kept_jokers(
    old: Meld, new: Meld, j: int, exchanged: tuple[int, ...], joker_slots: list[Slot]
) -> set[Slot]:
    """The joker places of new meld ``j`` that ``old``'s jokers not exchanged keep."""
    keep = [p for p in _joker_places(old) if p not in exchanged]
    if isinstance(old, Run):
        offset = old.start - new.start  # type: ignore[union-attr]
        return {(j, offset + p) for p in keep}
    return set([slot for slot in joker_slots if slot[0] == j][: len(keep)])


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

    Exact: ``None`` exactly when some matching of the old tiles to the new
    places keeps the rules (see the module); the search always ends with a
    verdict. ``after`` may hold more tiles than ``table`` (those laid).

    Raises:
        ValueError: when a tile of ``table`` has fewer copies in ``after``, or a
            table more than two copies of a tile.
    """
    left = Counter(table)
    left.subtract(after)
    if all(count <= 0 for count in left.values()):
        return None
    has_joker = any(tile.colour is None for meld in table for tile in meld.tiles)
    if rules.min_stay is None and not has_joker:
        return None
    return _Judge(rules.min_stay, table, after, rules.joker_from_rack, rules.colours).error()


def rearrangement_allowed(rules: Rules, table: tuple[Meld, ...], after: tuple[Meld, ...]) -> bool:
    """Whether going from ``table`` to ``after`` keeps R-RUM-RE-2 and R-RUM-JOK-3: what
    `rearrangement_error` decides, without the work of saying why not."""
    left = Counter(table)
    left.subtract(after)
    if all(count <= 0 for count in left.values()):
        return True
    has_joker = any(tile.colour is None for meld in table for tile in meld.tiles)
    if rules.min_stay is None and not has_joker:
        return True
    return _Judge(rules.min_stay, table, after, rules.joker_from_rack, rules.colours).allowed()


class _Judge:
    """The matching of an old table's tiles to a new table's, as choices and constraints.

    A tile kind with one copy on the old table and two on the new, in two
    combinations, or two copies in two old combinations and two new ones, is
    a two-way *choice*; every other copy's new combination is known. Table
    jokers are decided first, by enumeration (two at most): each takes a new
    joker's place and either stays or names the right tile that replaced it.
    What is left is a search over the choices (see ``_Search``).
    """

    def __init__(
        self,
        min_stay: int | None,
        table: tuple[Meld, ...],
        after: Sequence[Meld],
        from_rack: bool = False,
        colours: int = len(COLOURS),
    ):
        self.min_stay = min_stay
        self.colours = colours
        self.from_rack = from_rack
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
        self.new_slots = new_slots
        self.old_slots = old_slots
        self.place: dict[Slot, Place] = {}
        choices = 0
        for kind, olds in old_slots.items():
            news = new_slots.get(kind, [])
            if len(olds) > len(news) or len(news) > COPIES:
                raise ValueError(
                    f"{TILES[kind]}: {len(olds)} on the table before, {len(news)} after; "
                    f"the set has {COPIES} (judge tables whose tile counts agree)"
                )
            if kind == JOKER_INDEX:
                continue
            where = [j for j, _ in news]
            if len(set(where)) == 1:
                for old in olds:
                    self.place[old] = (-1, where[0], where[0])
            elif len(olds) == 1:
                self.place[olds[0]] = (choices, where[0], where[1])
                choices += 1
            else:  # two old combinations (a combination holds one copy of a tile at most)
                self.place[olds[0]] = (choices, where[0], where[1])
                self.place[olds[1]] = (choices, where[1], where[0])
                choices += 1
        self.choices = choices
        self.old_jokers = old_slots.get(JOKER_INDEX, [])

    def allowed(self) -> bool:
        """Whether some matching keeps the rules."""
        search = _Search(self.choices)
        self.search = search
        modes = [self._modes(slot) for slot in self.old_jokers]
        if any(not stays and not moves for stays, moves in modes):
            return False
        return any(search.solve(self._constraints(config)) for config in self._configs(modes))

    def error(self) -> IllegalActionError | None:
        """``None`` when some matching keeps the rules, else why none does.

        The error names the first old combination that no matching can save even
        judged on its own, where there is one; else the first contradiction the
        search met.
        """
        if self.allowed():
            return None
        modes = [self._modes(slot) for slot in self.old_jokers]
        for slot, (stays, moves) in zip(self.old_jokers, modes):
            if not stays and not moves:
                i, p = slot
                return _joker_error(
                    self.table[i], self.table[i].stands_for(p, self.colours), self.from_rack
                )
        lost = self._lost_alone(modes)
        if lost is not None:
            return lost
        search = self.search  # the joint search's first contradiction
        if search.conflict is None:  # no way for the jokers at all: two want one place
            i, p = self.old_jokers[0]
            return _joker_error(
                self.table[i], self.table[i].stands_for(p, self.colours), self.from_rack
            )
        constraint, most = search.conflict
        return constraint.error(most)

    def _lost_alone(
        self, modes: list[tuple[list[Slot], list[tuple[int, int]]]]
    ) -> IllegalActionError | None:
        """The error of the first old combination that no matching keeps legal, judged on
        its own (its jokers going any way they can, whatever the others need), or ``None``."""
        configs = list(self._configs(modes, alone=True))
        for i, meld in enumerate(self.table):
            own = configs if any(t.colour is None for t in meld.tiles) else configs[:1]
            conflict = None
            for config in own:
                search = _Search(self.choices)
                if search.solve([c for c in self._constraints(config) if c.key[1] == i]):
                    break
                conflict = search.conflict
            else:
                if conflict is not None:
                    constraint, most = conflict
                    return constraint.error(most)
        return None

    def _modes(self, slot: Slot) -> tuple[list[Slot], list[tuple[int, int]]]:
        """For an old joker: the new joker places where it may stay (standing for a tile it
        stood for), and its right tiles on the new table as (new combination, kind)."""
        i, p = slot
        was = self.table[i].stands_for(p, self.colours)
        stays = [
            (j, q)
            for j, q in self.new_slots.get(JOKER_INDEX, [])
            if was & self.after[j].stands_for(q, self.colours)
        ]
        moves = sorted(
            {
                (j, tile.index)
                for tile in was
                if not self.from_rack or self._laid(tile.index)
                for j, _ in self.new_slots.get(tile.index, [])
            }
        )
        return stays, moves

    def _laid(self, kind: int) -> int:
        """How many copies of ``kind`` came from the rack."""
        return len(self.new_slots.get(kind, ())) - len(self.old_slots.get(kind, ()))

    def _configs(
        self, modes: list[tuple[list[Slot], list[tuple[int, int]]]], alone: bool = False
    ) -> Iterator[list[tuple[Slot | None, tuple[int, int] | None]]]:
        """Every way the table jokers went that matters: per joker its new place if it stays,
        else its right tile (new combination, kind) and, only where its place is a witness for
        the other joker of its combination, its place; jokers that stay first. ``alone``: two
        jokers of different old combinations may take one place (each judged on its own)."""
        news = self.new_slots.get(JOKER_INDEX, [])
        per_joker: list[list[tuple[Slot | None, tuple[int, int] | None]]] = []
        for (stays, moves), (i, _) in zip(modes, self.old_jokers):
            options: list[tuple[Slot | None, tuple[int, int] | None]] = [(s, None) for s in stays]
            seen = set()
            for j, kind in moves:
                key = (j, kind) if self._shared(i) or self.from_rack else (j, -1)
                if key not in seen:
                    seen.add(key)
                    options.append((None, (j, kind)))
            per_joker.append(options)
        for config in product(*per_joker):
            if len(config) == 2:
                (slot_a, move_a), (slot_b, move_b) = config
                if (
                    self.from_rack
                    and not alone
                    and move_a is not None
                    and move_b is not None
                    and move_a[1] == move_b[1]
                    and (move_a[0] == move_b[0] or self._laid(move_a[1]) < 2)
                ):
                    continue  # each joker replaced takes a rack copy of its own
                shared = self._shared(self.old_jokers[0][0])
                if slot_a is not None and slot_a == slot_b and not (alone and not shared):
                    continue
                if shared:
                    if move_a is not None and move_b is not None:
                        if move_a[1] == move_b[1] and isinstance(
                            self.table[self.old_jokers[0][0]], Group
                        ):
                            continue  # two right tiles of one kind cannot fill one group
                    elif move_a is not None or move_b is not None:
                        taken = slot_a if slot_b is None else slot_b
                        for slot in news:
                            if slot != taken:
                                yield [
                                    (slot_a or slot, move_a),
                                    (slot_b or slot, move_b),
                                ]
                        continue
            yield list(config)

    def _shared(self, i: int) -> bool:
        """Whether both table jokers lie in old combination ``i``."""
        return len(self.old_jokers) == 2 and all(m == i for m, _ in self.old_jokers)

    def _constraints(
        self, config: list[tuple[Slot | None, tuple[int, int] | None]]
    ) -> list[_Constraint]:
        """The constraints of every old combination once the jokers went as ``config`` says."""
        joker_at = dict(zip(self.old_jokers, config))
        found = []
        min_stay = self.min_stay
        for i, meld in enumerate(self.table):
            size = len(meld.tiles)
            jokers = [p for p, tile in enumerate(meld.tiles) if tile.colour is None]
            if min_stay is not None and min(min_stay, size) >= 3:
                places = []
                for p in range(size):
                    if p in jokers:
                        slot, move = joker_at[(i, p)]
                        where = move[0] if move is not None else slot[0]  # type: ignore[index]
                        places.append((-1, where, where))
                    else:
                        places.append(self.place[(i, p)])
                found.append(_Constraint((0, i), meld, places, min(min_stay, size)))
            for p in jokers:
                slot, move = joker_at[(i, p)]
                if move is not None and self.from_rack:
                    found += self._from_rack(i, p, move)
                if move is not None or slot is None:
                    continue
                j = slot[0]
                others = []
                for other in range(size):
                    if other == p:
                        continue
                    if other in jokers:
                        other_slot = joker_at[(i, other)][0]
                        assert other_slot is not None  # set by _configs where it matters
                        others.append((-1, other_slot[0], other_slot[0]))
                    else:
                        others.append(self.place[(i, other)])
                was = meld.stands_for(p, self.colours)
                found.append(_Constraint((1, i, p, j), meld, others, 1, j, was))
        return found

    def _from_rack(self, i: int, p: int, move: tuple[int, int]) -> list[_Constraint]:
        """With ``from_rack``: the right tile of the joker at ``(i, p)`` in new combination
        ``move[0]`` is a rack copy, so a table copy of its kind lies in the other place."""
        j, kind = move
        olds = self.old_slots.get(kind, [])
        if not olds:
            return []
        choice, first, second = self.place[olds[0]]
        if choice < 0:  # both copies in one combination: the rack's lies there too
            return []
        other = second if j == first else first
        meld = self.table[i]
        return [
            _Constraint(
                (2, i, p, j),
                meld,
                [(choice, first, second)],
                1,
                other,
                meld.stands_for(p, self.colours),
                True,
            )
        ]


_SAT = 0
_OPEN = 1
_FORCE = 2
_CONFLICT = 3

Place = tuple[int, int, int]
"""Where one tile of an old combination went: (choice, new combination if the choice is 0,
new combination if it is 1); choice -1 for a place already known (both the same)."""


class _Constraint:
    """One thing an old combination asks of the matching.

    ``within < 0``: R-RUM-RE-2 on ``places`` (the combination, a moved joker
    counted where its right tile lies): the most of them in one new
    combination is at least ``target`` or at most 1. ``within >= 0``: a joker
    that stays needs another tile of its old combination (``places``) in new
    combination ``within`` (R-RUM-JOK-3); with ``from_rack``, the table copy of a
    moved joker's right tile (``places``) lies in ``within``, away from the rack copy.
    """

    __slots__ = ("from_rack", "key", "meld", "places", "target", "was", "within")

    def __init__(
        self,
        key: tuple[int, ...],
        meld: Meld,
        places: list[Place],
        target: int,
        within: int = -1,
        was: frozenset[Tile] = frozenset(),
        from_rack: bool = False,
    ) -> None:
        self.from_rack = from_rack
        self.key = key
        self.meld = meld
        self.places = places
        self.target = target
        self.within = within
        self.was = was

    def status(self, value: list[int]) -> tuple[int, object]:
        """``(_SAT, None)``, ``(_CONFLICT, most)``, ``(_FORCE, [(choice, value), ...])`` or
        ``(_OPEN, choices)`` under the choices made so far in ``value``."""
        lo: dict[int, int] = {}
        open_: list[Place] = []
        for place in self.places:
            choice, first, second = place
            if choice < 0:
                lo[first] = lo.get(first, 0) + 1
                continue
            made = value[choice]
            if made < 0:
                open_.append(place)
            else:
                where = second if made else first
                lo[where] = lo.get(where, 0) + 1
        within = self.within
        if within >= 0:
            if lo.get(within, 0):
                return _SAT, None
            could = [place for place in open_ if within in (place[1], place[2])]
            if not could:
                return _CONFLICT, 0
            if len(could) == 1:
                choice, first, _ = could[0]
                return _FORCE, [(choice, 0 if first == within else 1)]
            return _OPEN, [place[0] for place in could]
        target = self.target
        if max(lo.values(), default=0) >= target:
            return _SAT, None
        hi = dict(lo)
        for _, first, second in open_:
            hi[first] = hi.get(first, 0) + 1
            hi[second] = hi.get(second, 0) + 1
        if max(hi.values(), default=0) <= 1:
            return _SAT, None
        if not _feasible(lo, open_, target):
            return _CONFLICT, max(hi.values())
        forced = []
        for number, (choice, first, second) in enumerate(open_):
            rest = open_[:number] + open_[number + 1 :]
            lo[first] = lo.get(first, 0) + 1
            to_first = _feasible(lo, rest, target)
            lo[first] -= 1
            lo[second] = lo.get(second, 0) + 1
            to_second = _feasible(lo, rest, target)
            lo[second] -= 1
            if not to_first:
                forced.append((choice, 1))
            elif not to_second:
                forced.append((choice, 0))
        if forced:
            return _FORCE, forced
        return _OPEN, [place[0] for place in open_]

    def error(self, most: object) -> IllegalActionError:
        if self.within >= 0:
            return _joker_error(self.meld, self.was, self.from_rack)
        return IllegalActionError(
            "R-RUM-RE-2",
            f"of {self.meld}, only {most} tiles stay together; a combination taken in part "
            f"keeps at least {self.target}",
        )


class _Search:
    """A complete search over the two-way choices (which copy of a tile went where).

    Forced choices are propagated, the constraints left are split into
    independent parts (no choice in common), each part is searched alone,
    branching on a choice of its most constrained combination, and the
    verdict on each part is memoised on what the part still depends on.
    """

    def __init__(self, choices: int) -> None:
        self.value = [-1] * choices
        self.trail: list[int] = []
        self.memo: dict[object, bool] = {}
        self.conflict: tuple[_Constraint, object] | None = None
        self.weight: dict[tuple[int, ...], int] = {}
        self.nodes = 0

    def _propagate(
        self, constraints: list[_Constraint]
    ) -> list[tuple[_Constraint, list[int]]] | None:
        """Make every forced choice; the constraints still open with their open choices, or
        ``None`` on a contradiction."""
        value = self.value
        users: dict[int, list[_Constraint]] = {}
        for constraint in constraints:
            for choice, _, _ in constraint.places:
                if choice >= 0:
                    users.setdefault(choice, []).append(constraint)
        queue = list(reversed(constraints))
        queued = {id(c) for c in constraints}
        settled: set[int] = set()
        while queue:
            constraint = queue.pop()
            queued.discard(id(constraint))
            status, data = constraint.status(value)
            if status == _SAT:
                settled.add(id(constraint))
            elif status == _CONFLICT:
                if self.conflict is None:
                    self.conflict = (constraint, data)
                self.weight[constraint.key] = self.weight.get(constraint.key, 0) + 1
                return None
            elif status == _FORCE:
                for choice, made in data:  # type: ignore[attr-defined]
                    value[choice] = made  # open when forced: one constraint, distinct choices
                    self.trail.append(choice)
                    for other in users[choice]:  # the constraint itself among them
                        if id(other) not in queued and id(other) not in settled:
                            queued.add(id(other))
                            queue.append(other)
        found: list[tuple[_Constraint, list[int]]] = []
        for constraint in constraints:
            if id(constraint) in settled:
                continue
            status, data = constraint.status(value)
            if status == _OPEN:
                found.append((constraint, cast(list[int], data)))
        return found

    def solve(self, constraints: list[_Constraint]) -> bool:
        """Whether some completion of the choices made keeps every constraint."""
        self.nodes += 1
        mark = len(self.trail)
        open_ = self._propagate(constraints)
        ok = open_ is not None
        if open_:
            weight = self.weight
            parts = _components(open_)
            parts.sort(key=lambda part: -max(weight.get(c.key, 0) for c, _ in part))
            for part in parts:
                if not self._solve_part(part):
                    ok = False
                    break
        while len(self.trail) > mark:
            self.value[self.trail.pop()] = -1
        return ok

    def _solve_part(self, part: list[tuple[_Constraint, list[int]]]) -> bool:
        value = self.value
        free = sorted({choice for _, choices in part for choice in choices})
        key = (
            tuple(free),
            tuple(
                sorted(
                    (constraint.key, tuple(sorted(_counts(constraint, value).items())))
                    for constraint, _ in part
                )
            ),
        )
        known = self.memo.get(key)
        if known is not None:
            return known
        weight = self.weight
        constraint, choices = min(
            part,
            key=lambda item: (-(1 + weight.get(item[0].key, 0)) / len(item[1]), item[0].key),
        )
        choice = choices[0]
        first = next(place for place in constraint.places if place[0] == choice)
        counts_now = _counts(constraint, value)
        order = (1, 0) if counts_now.get(first[2], 0) > counts_now.get(first[1], 0) else (0, 1)
        constraints = [c for c, _ in part]
        found = False
        for made in order:
            value[choice] = made
            self.trail.append(choice)
            mark = len(self.trail) - 1
            found = self.solve(constraints)
            while len(self.trail) > mark:
                value[self.trail.pop()] = -1
            if found:
                break
        self.memo[key] = found
        return found


def _feasible(lo: dict[int, int], open_: list[Place], target: int) -> bool:
    """Whether the places still open can go so that the most in one new combination is at
    least ``target`` or at most 1, with ``lo`` already in each.

    At least ``target``: some combination reaches it when every open place that may go there
    does. At most 1: each open place takes one of its two combinations that holds none yet,
    no two the same; the places are edges between combinations, and that works when no
    connected set of combinations has more edges than combinations.
    """
    reach = dict(lo)
    for _, first, second in open_:
        reach[first] = reach.get(first, 0) + 1
        reach[second] = reach.get(second, 0) + 1
    if max(reach.values(), default=0) >= target:
        return True
    if max(lo.values(), default=0) >= 2:
        return False
    parent: dict[int, int] = {}

    def root(j: int) -> int:
        parent.setdefault(j, j)
        while parent[j] != j:
            parent[j] = parent[parent[j]]
            j = parent[j]
        return j

    edges: list[int] = []
    for _, first, second in open_:
        free = [j for j in (first, second) if not lo.get(j, 0)]
        if not free:
            return False
        a = root(free[0])
        if len(free) == 2:
            b = root(free[1])
            if a != b:
                parent[b] = a
        edges.append(free[0])
    nodes: dict[int, int] = {}
    for j in parent:
        nodes[root(j)] = nodes.get(root(j), 0) + 1
    used: dict[int, int] = {}
    for j in edges:
        r = root(j)
        used[r] = used.get(r, 0) + 1
        if used[r] > nodes[r]:
            return False
    return True


def _counts(constraint: _Constraint, value: list[int]) -> dict[int, int]:
    """How many of the constraint's places lie in each new combination by the choices made."""
    lo: dict[int, int] = {}
    for choice, first, second in constraint.places:
        if choice < 0:
            where = first
        elif value[choice] < 0:
            continue
        else:
            where = second if value[choice] else first
        lo[where] = lo.get(where, 0) + 1
    return lo


def _components(
    open_: list[tuple[_Constraint, list[int]]],
) -> list[list[tuple[_Constraint, list[int]]]]:
    """The open constraints split into parts that share no open choice."""
    parent = list(range(len(open_)))

    def root(i: int) -> int:
        while parent[i] != i:
            parent[i] = parent[parent[i]]
            i = parent[i]
        return i

    owner: dict[int, int] = {}
    for i, (_, choices) in enumerate(open_):
        for choice in choices:
            if choice in owner:
                parent[root(i)] = root(owner[choice])
            else:
                owner[choice] = i
    parts: dict[int, list[tuple[_Constraint, list[int]]]] = {}
    for i, item in enumerate(open_):
        parts.setdefault(root(i), []).append(item)
    return list(parts.values())


def _joker_error(meld: Meld, was: frozenset[Tile], from_rack: bool = False) -> IllegalActionError:
    names = " or ".join(sorted(map(str, was)))
    source = " from your rack" if from_rack else ""
    return IllegalActionError(
        "R-RUM-JOK-3",
        f"the joker in {meld} moves only once {names}{source} has taken its place there",
    )
