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
from collections.abc import Sequence
from itertools import permutations

from morpyam.errors import IllegalActionError
from morpyam.myrummy.melds import Meld, Run
from morpyam.myrummy.rules import Rules
from morpyam.myrummy.tiles import KINDS, TILES, Tile, counts

__all__ = ["extends", "judge_play", "opening_points", "rearrangement_error"]

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
    """The most points new combinations can have when each old meld maps to one extending it."""
    options = [[j for j, new in enumerate(after) if extends(old, new)] for old in table]
    order = sorted(range(len(table)), key=lambda i: len(options[i]))
    total = sum(meld.points for meld in after)
    best: int | None = None
    used: set[int] = set()

    def search(at: int, matched: int) -> None:
        nonlocal best
        if at == len(order):
            value = total - matched
            if best is None or value > best:
                best = value
            return
        for j in options[order[at]]:
            if j not in used:
                used.add(j)
                search(at + 1, matched + after[j].points)
                used.discard(j)

    search(0, 0)
    return best


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


class _Matcher:
    """The search for a matching of old tile slots to new ones that keeps the rules."""

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
        self.choices: list[tuple[list[Slot], list[tuple[Slot, ...]]]] = []
        for kind, olds in old_slots.items():
            options = list(dict.fromkeys(permutations(new_slots[kind], len(olds))))
            if len(options) == 1:
                self.assigned.update(zip(olds, options[0]))
            else:
                self.choices.append((olds, options))
        last: dict[int, int] = {}
        for step, (olds, _) in enumerate(self.choices):
            for i, _p in olds:
                last[i] = step
        self.check_after: list[list[int]] = [[] for _ in range(len(self.choices) + 1)]
        for i in range(len(table)):
            self.check_after[last.get(i, -1) + 1].append(i)
        self.first_error: IllegalActionError | None = None

    def search(self) -> IllegalActionError | None:
        return None if self._search(0) else self.first_error

    def _search(self, step: int) -> bool:
        for i in self.check_after[step]:
            error = self._meld_error(i)
            if error is not None:
                if self.first_error is None:
                    self.first_error = error
                return False
        if step == len(self.choices):
            return True
        olds, options = self.choices[step]
        for option in options:
            self.assigned.update(zip(olds, option))
            if self._search(step + 1):
                return True
        return False

    def _meld_error(self, i: int) -> IllegalActionError | None:
        meld = self.table[i]
        places = [self.assigned[(i, p)] for p in range(len(meld.tiles))]
        together = Counter(j for j, _ in places)
        images = set(places)
        staying = Counter(together)
        for p, tile in enumerate(meld.tiles):
            if tile.colour is not None:
                continue
            j, q = places[p]
            was = meld.stands_for(p)
            if together[j] >= 2 and was & self.after[j].stands_for(q):
                continue
            replaced_in = self._replaced(was, together, images)
            if replaced_in is None:
                names = " or ".join(sorted(map(str, was)))
                return IllegalActionError(
                    "R-RUM-JOK-3",
                    f"the joker in {meld} moves only once {names} has taken its place there",
                )
            staying[j] -= 1
            staying[replaced_in] += 1
        most = max(staying.values())
        if self.min_stay is not None and 1 < most < min(self.min_stay, len(meld.tiles)):
            return IllegalActionError(
                "R-RUM-RE-2",
                f"of {meld}, only {most} tiles stay together; a combination taken in part "
                f"keeps at least {self.min_stay}",
            )
        return None

    def _replaced(
        self, was: frozenset[Tile], together: Counter[int], images: set[Slot]
    ) -> int | None:
        for j in together:
            for q, tile in enumerate(self.after[j].tiles):
                if tile in was and (j, q) not in images:
                    return j
        return None
