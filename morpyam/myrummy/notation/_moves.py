"""A turn told as moves, the way people at a table say it: lay, add, move, split, join, swap.

The engine judges a `Play` by the whole table
after it. People do not think in whole tables: they lay a run, add a tile to a
combination, take a tile from one combination to another. This module gives
those moves as values, a `Turn` that they change
(the table being rearranged and the tiles still in hand) with
`apply_move`, and
`moves_between`, which tells a play as
a short list of moves (to show what a bot or another player did).

The moves only build a table; they judge nothing. A table in the middle of a
turn may hold anything (two tiles, a broken run): only the table at the end is
judged, by `apply`, the one truth
(`judge_turn` hands it over). A move that cannot be made at all (a tile that is not on the rack or not
in that combination, a combination that is not there) raises
`MoveError`.

Combinations are numbered from 1 in the order of ``turn.table``, and a number
never changes during a turn: ``lay``, ``move ... to new`` and ``split`` put the
new combination last, and a combination left empty by a move (or the second of
a ``join``) stays in its place as an empty slot, ``()``, until the turn ends
(`Turn.play` leaves it out). ``add`` and ``move`` put each tile where it fits a
run, at the end, else at the start; ``at start`` or ``at end`` says which end
(``add J to 1 at start``: the joker before the run's first tile).

| move | notation |
| --- | --- |
| `Lay(tiles)` | ``lay gn8 gn9 gn10``: rack tiles as a new combination |
| `Add(tiles, to)` | ``add gn7 to 3``: rack tiles onto combination 3 (``add J to 3 at start``) |
| `Move(tiles, source, to)` | ``move gn4 from 2 to 5`` (``to new``: a new combination; ``at start``, ``at end``) |
| `Split(combination, at)` | ``split 4 at gn7``: ``gn7`` and the tiles after it become a new combination |
| `Join(first, second)` | ``join 2 3``: combination 3 goes into combination 2 |
| `Swap(tile, combination)` | ``swap gn6 for J in 1``: ``gn6`` from the rack takes the joker's place, the joker goes to the hand |

Examples:
    >>> import morpyam.myrummy as mr
    >>> state = mr.position(
    ...     mr.Rules.classic(),
    ...     racks=[mr.parse_tiles("gn7 bk7 gy7 pu1"), mr.parse_tiles("J")],
    ...     table=[mr.parse_meld("[gn8 gn9 gn10]")],
    ...     opened=[0],
    ... )
    >>> turn = mr.Turn.start(state)
    >>> for text in ("add gn7 to 1", "lay bk7 gy7", "move gn7 from 1 to 2"):
    ...     turn = mr.apply_move(turn, mr.parse_move(text))
    >>> print(turn)  # a group lies sorted, as groups keep their tiles
    Table:
       1  [gn8 gn9 gn10]
       2  {bk7 gn7 gy7}
    In hand: pu1
    >>> [str(move) for move in turn.undo().moves]  # the last move taken back
    ['add gn7 to 1', 'lay bk7 gy7']
    >>> str(turn.play())
    'play [gn8 gn9 gn10] {bk7 gn7 gy7}'
"""

from __future__ import annotations

import contextlib
import itertools
import re
from collections import Counter
from collections.abc import Iterable, Iterator, Sequence
from typing import Any, Literal

import attrs

from morpyam.errors import IllegalActionError, MoveError, NotationError
from morpyam.errors import shown as _shown
from morpyam.kit.texts import ascii_lower as _ascii_lower
from morpyam.myrummy.core._actions import Play
from morpyam.myrummy.core._engine import apply
from morpyam.myrummy.core._melds import (
    MIN_MELD,
    Group,
    Meld,
    Run,
    _in_order_run,
    _likes_groups,
)
from morpyam.myrummy.core._melds import _laid_as_run as _as_run
from morpyam.myrummy.core._melds import _read_meld as _meld
from morpyam.myrummy.core._observe import Observation
from morpyam.myrummy.core._state import State
from morpyam.myrummy.core._tiles import JOKER, Tile, parse_tile, sort_tiles

__all__ = [
    "MAX_NUMBER",
    "Add",
    "Combination",
    "End",
    "Join",
    "Lay",
    "Move",
    "MoveError",
    "Split",
    "Swap",
    "TableMove",
    "Turn",
    "apply_move",
    "judge_turn",
    "moves_between",
    "parse_move",
]

Combination = tuple[Tile, ...]
"""The tiles of one combination on a table being rearranged, in the order they lie."""


def _tiles(value: Any) -> tuple[Tile, ...]:
    if isinstance(value, (str, bytes)) or not isinstance(value, Iterable):
        raise MoveError(f"a move names tiles, not {value!r}")
    tiles = tuple(value)
    if not tiles or len(tiles) > 13 or not all(type(tile) is Tile for tile in tiles):
        raise MoveError(f"a move names 1 to 13 tiles, got {tiles!r}")
    return tiles


MAX_NUMBER = 99
"""The highest combination number of a turn: the 35 combinations 106 tiles can make at most, and
the new ones a long turn numbers after them (an emptied combination keeps its number)."""


def _number(instance: object, attribute: attrs.Attribute[Any], value: Any) -> None:
    if type(value) is not int or not 1 <= value <= MAX_NUMBER:
        raise MoveError(
            f"combinations are numbered 1 to {MAX_NUMBER}; {attribute.name} is {value!r}"
        )


End = Literal["start", "end"]
"""Which end of a combination tiles go to: before its first tile, or after its last."""


def _end(instance: object, attribute: attrs.Attribute[Any], value: Any) -> None:
    if value not in (None, "start", "end"):
        raise MoveError(f"end is None, 'start' or 'end', not {value!r}")


def _at(end: End | None) -> str:
    return "" if end is None else f" at {end}"


def _tile(instance: object, attribute: attrs.Attribute[Any], value: Any) -> None:
    if type(value) is not Tile:
        raise MoveError(f"{attribute.name} is a tile, not {value!r}")


def _text(tiles: Iterable[Tile]) -> str:
    return " ".join(map(str, tiles))


@attrs.frozen
class Lay:
    """Lay tiles from the rack as a new combination, numbered last."""

    tiles: tuple[Tile, ...] = attrs.field(converter=_tiles)
    """The rack tiles, in the order they are to lie."""

    def __str__(self) -> str:
        return f"lay {_text(self.tiles)}"


@attrs.frozen
class Add:
    """Add tiles from the rack to a combination on the table (laying off, R-RUM-LAY-1)."""

    tiles: tuple[Tile, ...] = attrs.field(converter=_tiles)
    """The rack tiles; each goes where it fits a run (at the end, else the start), else last."""
    to: int = attrs.field(validator=_number)
    """The combination's number, from 1."""
    end: End | None = attrs.field(default=None, validator=_end, kw_only=True)
    """``"start"``: the tiles go before the first tile, in their order (a joker before a run);
    ``"end"``: after the last; ``None``: each where it fits."""

    def __str__(self) -> str:
        return f"add {_text(self.tiles)} to {self.to}{_at(self.end)}"


def _optional_number(instance: object, attribute: attrs.Attribute[Any], value: Any) -> None:
    if value is not None:
        _number(instance, attribute, value)


@attrs.frozen
class Move:
    """Move tiles from one combination on the table to another (rearranging, R-RUM-RE-1)."""

    tiles: tuple[Tile, ...] = attrs.field(converter=_tiles)
    """The table tiles that move."""
    source: int = attrs.field(validator=_number)
    """The number of the combination they leave; left empty, it stays as an empty slot."""
    to: int | None = attrs.field(validator=_optional_number)
    """The number of the combination they join, or ``None`` for a new one, numbered last."""
    end: End | None = attrs.field(default=None, validator=_end, kw_only=True)
    """Which end of ``to`` the tiles go to, as in `Add`."""

    def __attrs_post_init__(self) -> None:
        if self.source == self.to:
            raise MoveError(f"a move goes from one combination to another, not {self.to} to itself")
        if self.to is None and self.end is not None:
            raise MoveError("tiles moved to a new combination go to no end of another")

    def __str__(self) -> str:
        return f"move {_text(self.tiles)} from {self.source} to {self.to or 'new'}{_at(self.end)}"


@attrs.frozen
class Split:
    """Cut a combination in two: ``at`` and the tiles after it become a new combination, last."""

    combination: int = attrs.field(validator=_number)
    """The combination's number."""
    at: Tile = attrs.field(validator=_tile)
    """The first tile of the second part (not the combination's first tile)."""

    def __str__(self) -> str:
        return f"split {self.combination} at {self.at}"


@attrs.frozen
class Join:
    """Put two combinations together: ``second``'s tiles go into ``first``, and ``second`` is left
    empty (its number stays, as an empty slot, until the turn ends)."""

    first: int = attrs.field(validator=_number)
    """The number of the combination that stays."""
    second: int = attrs.field(validator=_number)
    """The number of the combination that goes into it."""

    def __attrs_post_init__(self) -> None:
        if self.first == self.second:
            raise MoveError(f"join two different combinations, not {self.first} with itself")

    def __str__(self) -> str:
        return f"join {self.first} {self.second}"


@attrs.frozen
class Swap:
    """Put a rack tile in a joker's place; the joker goes to the hand (R-RUM-JOK-2).

    The joker must be laid again in the same turn (R-RUM-JOK-3): a play that
    leaves it in the hand takes a table tile away, which the judge refuses.
    """

    tile: Tile = attrs.field(validator=_tile)
    """The rack tile that replaces the joker (the tile the joker stands for)."""
    combination: int = attrs.field(validator=_number)
    """The number of the combination that holds the joker."""

    def __attrs_post_init__(self) -> None:
        if self.tile.is_joker:
            raise MoveError("swap a joker for the tile it stands for, not for another joker")

    def __str__(self) -> str:
        return f"swap {self.tile} for J in {self.combination}"


TableMove = Lay | Add | Move | Split | Join | Swap
"""One move of a turn: lay, add, move, split, join or swap."""


def _combination(value: Any) -> Combination:
    tiles = value.tiles if isinstance(value, (Run, Group)) else value
    if isinstance(tiles, (str, bytes)) or not isinstance(tiles, Iterable):
        raise MoveError(f"a combination is a meld or a sequence of tiles, not {value!r}")
    found = tuple(tiles)
    if len(found) > 30 or not all(type(tile) is Tile for tile in found):
        raise MoveError(f"a combination is at most 30 tiles, got {value!r}")
    return found


def _table(value: Any) -> tuple[Combination, ...]:
    if isinstance(value, (str, bytes)) or not isinstance(value, Iterable):
        raise MoveError(f"a table is a sequence of combinations, not {value!r}")
    table = tuple(_combination(item) for item in value)
    if len(table) > MAX_NUMBER:
        raise MoveError(f"a turn numbers at most {MAX_NUMBER} combinations, got {len(table)}")
    return table


def _hand(value: Any) -> tuple[Tile, ...]:
    if isinstance(value, (str, bytes)) or not isinstance(value, Iterable):
        raise MoveError(f"a hand is a sequence of tiles, not {value!r}")
    tiles = tuple(value)
    if len(tiles) > 106 or not all(type(tile) is Tile for tile in tiles):
        raise MoveError(f"a hand is at most 106 tiles, got {value!r}")
    return sort_tiles(tiles)


def _fit(combination: Combination, tile: Tile) -> Combination:
    """The combination with ``tile`` added where it keeps a run in order: at the end, else at
    the start, else inside; where nothing keeps a run, last."""
    size = len(combination)
    for place in (size, 0, *range(1, size)):
        candidate = (*combination[:place], tile, *combination[place:])
        if _in_order_run(candidate):
            return candidate
    return (*combination, tile)


def _arranged(tiles: Sequence[Tile]) -> Combination:
    """New tiles as they are to lie: as typed when that is a run or no run can be made of them,
    else sorted into a run."""
    return _as_run(tiles) or tuple(tiles)


def _tidy(tiles: Combination) -> Combination:
    """A combination as it is to lie: a run in its order (or put in order when its tiles are
    out of it, jokers in the gaps), a group sorted as a group keeps it."""
    if len(tiles) >= MIN_MELD:
        run = _as_run(tiles)
        if run is not None:
            return run
    try:
        return Group(tiles).tiles
    except IllegalActionError:
        return tiles


def _check_swap(tiles: Combination, move: Swap) -> None:
    """Refuse a swap for a tile no joker of a combination (that is a meld) stands for.

    Raises:
        MoveError: naming the tiles the joker stands for (R-RUM-JOK-2).
    """
    try:
        meld = _meld(tiles)
    except IllegalActionError:
        return  # no meld yet, mid-turn: the judge says what is wrong at the end
    right = sorted(
        {
            tile
            for place, joker in enumerate(meld.tiles)
            if joker.is_joker
            for tile in meld.stands_for(place)
        }
    )
    if move.tile not in right:
        names = " or ".join(map(str, right))
        raise MoveError(
            f"the joker in combination {move.combination} stands for {names}, not {move.tile}"
        )


def _forms(tiles: Combination) -> list[Meld]:
    """Every meld the tiles make: a group, and runs with the spare jokers at either end."""
    forms: list[Meld] = []
    with contextlib.suppress(IllegalActionError):
        forms.append(Group(tiles))
    run = _as_run(tiles)
    if run is None:
        return forms
    start = next(tile.value - place for place, tile in enumerate(run) if not tile.is_joker)
    lead = next(place for place, tile in enumerate(run) if not tile.is_joker)
    trail = next(place for place, tile in enumerate(reversed(run)) if not tile.is_joker)
    body = run[lead : len(run) - trail]
    for before in range(lead + trail + 1):
        after = lead + trail - before
        if start + lead - before >= 1 and start + lead + len(body) - 1 + after <= 13:
            forms.append(Run((JOKER,) * before + body + (JOKER,) * after))
    return forms


def judge_turn(state: State, turn: Turn) -> Play:
    """The play a finished turn makes in ``state``: its first reading that ``apply`` allows.

    ``apply`` stays the judge: this only chooses, among the readings of the same
    combinations (where the jokers lie), one the rules allow, as a player at a table
    would say which tile a joker stands for.

    Raises:
        IllegalActionError: the error of the first reading when ``apply`` allows none
            (a combination that is no meld names its number).
    """
    first: IllegalActionError | None = None
    for play in turn.readings(state.table):
        try:
            apply(state, play)
        except IllegalActionError as error:
            first = first or error
            continue
        return play
    assert first is not None
    raise first


def _remove(source: Sequence[Tile], tiles: Iterable[Tile], where: str) -> tuple[Tile, ...]:
    """``source`` without ``tiles`` (each once, the first found).

    Raises:
        MoveError: naming a tile that is not in ``source`` (``where`` says where that is:
            ``"on your rack"``, ``"in combination 3"``).
    """
    tiles = tuple(tiles)
    left = list(source)
    for tile in tiles:
        if tile not in left:
            have = sum(1 for other in source if other == tile)
            if have:
                wanted = sum(1 for other in tiles if other == tile)
                raise MoveError(
                    f"{wanted} × {tile} named, but there is only {_times(have)} {where}"
                )
            raise MoveError(f"{tile} is not {where}")
        left.remove(tile)
    return tuple(left)


def _times(count: int) -> str:
    return "one" if count == 1 else str(count)


def _from_hand(turn: Turn, tiles: Iterable[Tile]) -> tuple[Tile, ...]:
    """The hand without ``tiles``; a tile of the rack laid earlier this turn is said to be so.

    Raises:
        MoveError: naming a tile that is not in hand: already laid this turn, or not on the rack.
    """
    tiles = tuple(tiles)
    try:
        return _remove(turn.hand, tiles, "on your rack")
    except MoveError:
        start = Counter(turn.reset().hand)
        hand = Counter(turn.hand)
        for tile, wanted in Counter(tiles).items():
            if hand[tile] < wanted and hand[tile] < start[tile]:
                where = [
                    number
                    for number, combination in enumerate(turn.table, 1)
                    if tile in combination
                ]
                place = f" (in combination {where[-1]})" if where else ""
                more = "" if wanted <= start[tile] else f", and your rack had {_times(start[tile])}"
                raise MoveError(
                    f"{tile} is already laid this turn{place}{more}: undo to take it back"
                ) from None
        raise


def _melds(value: Any) -> tuple[Meld, ...]:
    if isinstance(value, (str, bytes)) or not isinstance(value, Iterable):
        raise MoveError(f"before is a sequence of melds, not {value!r}")
    melds = tuple(value)
    if len(melds) > MAX_NUMBER or not all(isinstance(meld, (Run, Group)) for meld in melds):
        raise MoveError(f"before is a sequence of melds (Run, Group), got {value!r}")
    return melds


@attrs.frozen
class Turn:
    """A turn in progress: the table being rearranged, the tiles in hand, and the moves made.

    Start one with `Turn.start` from a state and a seat; `apply_move` makes a move,
    `undo` takes it back, `play` gives the table to judge (`judge_turn`). Combination
    numbers never change during a turn: a combination emptied by a move stays as an
    empty slot, ``()``, and new ones are numbered last. ``str(turn)`` draws the table
    with its numbers and the hand.

    ``hand`` is the rack less the tiles laid so far, plus any joker taken from
    the table by a `Swap` and not laid again. Two turns with the same table, hand and
    ``before`` are equal, whatever moves led to them.
    """

    table: tuple[Combination, ...] = attrs.field(converter=_table)
    """The combinations, numbered from 1 in this order (``()`` for one emptied this turn);
    melds are taken as their tiles."""
    hand: tuple[Tile, ...] = attrs.field(converter=_hand)
    """The tiles in hand, sorted."""
    before: tuple[Meld, ...] = attrs.field(default=(), converter=_melds)
    """The table at the start of the turn, as melds (`play` reads a combination that is
    one of them again as that meld); empty for a turn not started from a state."""
    previous: Turn | None = attrs.field(default=None, eq=False, repr=False)
    """The turn before the last move (`undo` goes back to it), or ``None`` at the start."""
    move: TableMove | None = attrs.field(default=None, eq=False, repr=False)
    """The last move made, or ``None`` at the start."""

    @classmethod
    def start(
        cls,
        position: State | Observation,
        seat: int | None = None,
        *,
        order: Iterable[Meld] | None = None,
    ) -> Turn:
        """The start of a turn of ``seat`` in ``position``: its table, and that seat's rack in hand.

        ``seat`` is the player on turn by default; an `Observation` gives only the
        observer's rack. ``order`` lists the table's melds in the order to number them (as
        a screen showed them last); by default they are numbered in the table's order.

        Examples:
            >>> import morpyam.myrummy as mr
            >>> state = mr.position(
            ...     mr.Rules.classic(),
            ...     racks=[mr.parse_tiles("gn7"), mr.parse_tiles("J")],
            ...     table=[mr.parse_meld("[gn4 gn5 gn6]"), mr.parse_meld("{bk9 gn9 gy9}")],
            ...     opened=[0],
            ... )
            >>> mr.Turn.start(state).hand
            (Tile(gn7),)
            >>> print(mr.Turn.start(state, order=reversed(state.table)))
            Table:
               1  {bk9 gn9 gy9}
               2  [gn4 gn5 gn6]
            In hand: gn7

        Raises:
            ValueError: for a ``position`` that is neither, a seat out of range (or, for an
                observation, another player's), or an ``order`` that is not the table's
                melds.
        """
        if isinstance(position, Observation):
            seat = position.player if seat is None else seat
            if seat != position.player:
                raise ValueError(f"player {position.player} sees only their own rack")
            rack = position.rack
        elif isinstance(position, State):
            seat = position.player if seat is None else seat
            if type(seat) is not int or not 0 <= seat < position.players:
                raise ValueError(f"seat is a seat 0 to {position.players - 1}, got {_shown(seat)}")
            rack = position.racks[seat]
        else:
            raise ValueError(
                f"expected a myrummy State or Observation, got {type(position).__name__}"
            )
        table = position.table
        if order is not None:
            if isinstance(order, (str, bytes)) or not isinstance(order, Iterable):
                raise ValueError(f"order lists the table's melds, not {_shown(order)}")
            ordered = tuple(order)
            if len(ordered) != len(table) or Counter(ordered) != Counter(table):
                raise ValueError("order lists the melds of the table, each once, in another order")
            table = ordered
        return cls(table, rack, table)

    def combination(self, number: int) -> Combination:
        """The combination numbered ``number`` (from 1).

        Raises:
            MoveError: when there is no such combination, or it was emptied this turn.
        """
        if type(number) is int and 1 <= number <= len(self.table):
            if not self.table[number - 1]:
                raise MoveError(
                    f"combination {number} is empty: its tiles went elsewhere this turn"
                )
            return self.table[number - 1]
        if not self.table:
            raise MoveError(f"there is no combination {number}: the table is empty")
        raise MoveError(
            f"there is no combination {number}: the table has 1 to {len(self.table)}"
            if len(self.table) > 1
            else f"there is no combination {number}: the table has only 1"
        )

    def play(self, before: Iterable[Meld] | None = None) -> Play:
        """The table as a `Play`, for ``apply`` to judge; the emptied combinations are left out.

        A combination with the tiles of a meld of ``before`` (the table at the start
        of the turn: ``self.before`` unless given) is that meld again, so a joker keeps what it stood for (``{gy11 J J}``
        stays a group, though ``[gy11 J J]`` is a run too); each other combination
        becomes a run (in its order, or sorted into one) or else a group. One tile and
        jokers, which make both, make what the meld of ``before`` they share most
        tiles with was.

        Raises:
            IllegalActionError: for a combination that is neither, naming its number and the rule.
        """
        before_melds = self.before if before is None else tuple(before)
        old: dict[tuple[Tile, ...], list[Meld]] = {}
        for meld in before_melds:
            old.setdefault(sort_tiles(meld.tiles), []).append(meld)
        melds = []
        for number, tiles in enumerate(self.table, 1):
            if not tiles:
                continue
            same = old.get(sort_tiles(tiles))
            if same:
                melds.append(same.pop())
                continue
            try:
                melds.append(_meld(tiles, _likes_groups(tiles, before_melds)))
            except IllegalActionError as error:
                raise IllegalActionError(
                    error.rule, f"combination {number} ({_text(tiles)}): {error.reason}"
                ) from None
        return Play(melds)

    def readings(self, before: Iterable[Meld] | None = None) -> Iterator[Play]:
        """Every way to read the table as melds, ``play(before)`` first.

        A combination with jokers may be read more ways than one: ``[J J gn8]`` is also
        ``[gn8 J J]`` or ``{gn8 J J}``, and the judge may allow one and not another (a
        joker from the table must keep standing for the same tile, R-RUM-JOK-3). The
        combinations of ``before`` are kept as they were. With two jokers in the game there
        are at most nine readings: a group and up to three places of the jokers in a run.

        Raises:
            IllegalActionError: as ``play`` does, when the first reading is no play.
        """
        before_melds = self.before if before is None else tuple(before)
        first = self.play(before_melds)
        yield first
        kept = Counter(first.table) & Counter(before_melds)
        choices: list[list[Meld]] = []
        for meld in first.table:
            if kept[meld] > 0 or JOKER not in meld.tiles:
                kept[meld] -= 1
                choices.append([meld])
                continue
            others = [other for other in _forms(meld.tiles) if other != meld]
            choices.append([meld, *others])
        for count, melds in enumerate(itertools.product(*choices)):
            if count:  # the first is ``first``
                yield Play(melds)

    @property
    def moves(self) -> tuple[TableMove, ...]:
        """The moves made this turn, in order."""
        made: list[TableMove] = []
        turn: Turn | None = self
        while turn is not None and turn.move is not None:
            made.append(turn.move)
            turn = turn.previous
        return tuple(reversed(made))

    def undo(self) -> Turn:
        """The turn before the last move.

        Raises:
            MoveError: at the start of the turn, with nothing to take back.
        """
        if self.previous is None:
            raise MoveError("nothing to take back: no move has been made this turn")
        return self.previous

    def reset(self) -> Turn:
        """The turn at its start, every move taken back."""
        turn = self
        while turn.previous is not None:
            turn = turn.previous
        return turn

    def __str__(self) -> str:
        from morpyam.myrummy.core._text import render_turn

        return render_turn(self)


def _replace(table: tuple[Combination, ...], number: int, tiles: Combination) -> list[Combination]:
    changed = list(table)
    changed[number - 1] = tiles
    return changed


def apply_move(turn: Turn, move: TableMove) -> Turn:
    """The turn after ``move``; a combination that is a group lies sorted as groups are.

    Numbers stay: a combination emptied by the move is left as an empty slot, and a new
    one is numbered last. The turn returned remembers ``turn`` (`Turn.undo`).

    Raises:
        MoveError: for a move that cannot be made: a tile not in hand (``lay``, ``add``,
            ``swap``) or not in the combination named (``move``, ``split``), a combination that
            is not on the table or was emptied this turn, a ``swap`` in a combination with no
            joker, a ``split`` at the first tile, a table of more than `MAX_NUMBER`
            combinations.
    """
    if not isinstance(turn, Turn):
        raise MoveError(f"apply_move takes a Turn, not {type(turn).__name__}")
    table, hand = _moved(turn, move)
    if len(table) > MAX_NUMBER:
        raise MoveError(
            f"a turn numbers at most {MAX_NUMBER} combinations: undo, or reset and start again"
        )
    return Turn(tuple(map(_tidy, table)), hand, turn.before, turn, move)


def _placed(target: Combination, tiles: Sequence[Tile], end: End | None) -> Combination:
    if end == "start":
        return (*tiles, *target)
    if end == "end":
        return (*target, *tiles)
    for tile in tiles:
        target = _fit(target, tile)
    return target


def _moved(turn: Turn, move: TableMove) -> tuple[Sequence[Combination], Sequence[Tile]]:
    table = turn.table
    if isinstance(move, Lay):
        hand = _from_hand(turn, move.tiles)
        return (*table, _arranged(move.tiles)), hand
    if isinstance(move, Add):
        target = turn.combination(move.to)
        hand = _from_hand(turn, move.tiles)
        return _replace(table, move.to, _placed(target, move.tiles, move.end)), hand
    if isinstance(move, Move):
        source = turn.combination(move.source)
        left = _remove(source, move.tiles, f"in combination {move.source}")
        if move.to is None:
            changed = [*table, _arranged(move.tiles)]
        else:
            target = turn.combination(move.to)
            changed = _replace(table, move.to, _placed(target, move.tiles, move.end))
        changed[move.source - 1] = left
        return changed, turn.hand
    if isinstance(move, Split):
        tiles = turn.combination(move.combination)
        places = [place for place, tile in enumerate(tiles) if tile == move.at and place > 0]
        if not places:
            if move.at in tiles:
                raise MoveError(
                    f"{move.at} is the first tile of combination {move.combination}: "
                    "split at a tile with tiles before it"
                )
            raise MoveError(f"{move.at} is not in combination {move.combination}")
        place = places[0]
        changed = _replace(table, move.combination, tiles[:place])
        return [*changed, tiles[place:]], turn.hand
    if isinstance(move, Join):
        first, second = turn.combination(move.first), turn.combination(move.second)
        joined = first + second
        if not _in_order_run(joined) and _in_order_run(second + first):
            joined = second + first
        changed = _replace(table, move.first, _arranged(joined))
        changed[move.second - 1] = ()
        return changed, turn.hand
    if isinstance(move, Swap):
        tiles = turn.combination(move.combination)
        hand = _from_hand(turn, (move.tile,))
        jokers = [place for place, tile in enumerate(tiles) if tile.is_joker]
        if not jokers:
            raise MoveError(f"there is no joker in combination {move.combination}")
        _check_swap(tiles, move)
        place = jokers[0]
        for joker in jokers:  # in a run, the joker where the tile belongs
            if _in_order_run((*tiles[:joker], move.tile, *tiles[joker + 1 :])):
                place = joker
                break
        swapped = (*tiles[:place], move.tile, *tiles[place + 1 :])
        return _replace(table, move.combination, swapped), (*hand, JOKER)
    raise MoveError(f"{move!r} is not a move (Lay, Add, Move, Split, Join or Swap)")


# ---------------------------------------------------------------------------
# Notation

_MOVE_WORDS = "lay, add, move, split, join, swap"


def _read_tiles(words: Sequence[str], text: str, column: int) -> tuple[Tile, ...]:
    tiles = []
    for word in words:
        try:
            tiles.append(parse_tile(word))
        except IllegalActionError:
            where = _ascii_lower(text).find(_ascii_lower(word), column - 1) + 1
            odd = next((char for char in word if not char.isascii()), None)
            why = "" if odd is None else f" (U+{ord(odd):04X} is no letter a-z)"
            raise NotationError(
                f"{word!r} is not a tile{why}: a colour (pu, bk, gn, gy) and a value 1-13, or J",
                text,
                where or column,
            ) from None
    if not tiles:
        raise NotationError("name at least one tile, such as gn7", text, column)
    return tuple(tiles)


def _column(text: str, index: int) -> int:
    """The column (from 1) of the word ``index`` of ``text`` (negative: from the end)."""
    spans = [match.start() + 1 for match in re.finditer(r"\S+", text)]
    return spans[index]


def _read_number(word: str, text: str) -> int:
    if not (word.isascii() and word.isdigit()) or not 1 <= int(word) <= 40:  # not "²" nor "٣"
        where = _ascii_lower(text).rfind(_ascii_lower(word)) + 1 if word else len(text) + 1
        raise NotationError(
            f"{word or 'nothing'!r} is no combination number (1, 2, ...)", text, where
        )
    return int(word)


def parse_move(text: str) -> TableMove:
    """Read one move from its notation (see the module), any case.

    Examples:
        >>> parse_move("add gn7 to 3")
        Add(tiles=(Tile(gn7),), to=3, end=None)
        >>> str(parse_move("MOVE gn4 gn5 from 2 to new"))
        'move gn4 gn5 from 2 to new'

    Raises:
        NotationError: for text that is no move (a ``ValueError``), with the column of the
            word that is wrong.
    """
    if not isinstance(text, str):
        raise NotationError(f"a move is text, not {type(text).__name__}", repr(text), 1)
    if len(text) > 200:
        raise NotationError("a move is at most 200 characters", text[:40], 1)
    words = _ascii_lower(text).split()
    verb = words[0] if words else ""
    rest = words[1:]
    start = len(text) - len(text.lstrip()) + len(verb) + 2
    shapes = {
        "lay": "lay gn8 gn9 gn10",
        "add": "add gn7 to 3 (or add J to 3 at start)",
        "move": "move gn4 from 2 to 5 (or to new; at start, at end)",
        "split": "split 4 at gn7",
        "join": "join 2 3",
        "swap": "swap gn6 for J in 1",
    }
    if verb not in shapes:
        raise NotationError(f"{verb!r} is not a move; use one of: {_MOVE_WORDS}", text, 1)

    def wrong() -> NotationError:
        return NotationError(f"write it as: {shapes[verb]}", text, start)

    if verb == "lay":
        return Lay(_read_tiles(rest, text, start))
    end: End | None = None
    if verb in ("add", "move") and len(rest) >= 2 and rest[-2] == "at":
        if rest[-1] not in ("start", "end"):
            raise NotationError(
                "after 'at', write start or end (add J to 1 at start)", text, _column(text, -1)
            )
        end = "start" if rest[-1] == "start" else "end"
        rest = rest[:-2]
    if verb == "add":
        if len(rest) < 3 or rest[-2] != "to":
            raise wrong()
        return Add(_read_tiles(rest[:-2], text, start), _read_number(rest[-1], text), end=end)
    if verb == "move":
        if len(rest) < 5 or rest[-2] != "to" or rest[-4] != "from":
            raise wrong()
        to = None if rest[-1] == "new" else _read_number(rest[-1], text)
        source = _read_number(rest[-3], text)
        if source == to:
            raise NotationError(
                "a move goes from one combination to another",
                text,
                _ascii_lower(text).rfind("to") + 1,
            )
        if to is None and end is not None:
            raise NotationError(
                "a new combination has no end to add to: write move ... to new",
                text,
                _ascii_lower(text).rfind(" at ") + 2,
            )
        return Move(_read_tiles(rest[:-4], text, start), source, to, end=end)
    if verb == "split":
        if len(rest) != 3 or rest[1] != "at":
            raise wrong()
        return Split(_read_number(rest[0], text), _read_tiles(rest[2:], text, start)[0])
    if verb == "join":
        if len(rest) != 2:
            raise wrong()
        first, second = _read_number(rest[0], text), _read_number(rest[1], text)
        if first == second:
            raise NotationError("join two different combinations", text, start)
        return Join(first, second)
    if len(rest) != 5 or rest[1] != "for" or rest[2] != "j" or rest[3] != "in":
        raise wrong()
    tile = _read_tiles(rest[:1], text, start)[0]
    if tile.is_joker:
        raise NotationError("swap the tile the joker stands for, such as gn6, for J", text, start)
    return Swap(tile, _read_number(rest[4], text))


# ---------------------------------------------------------------------------
# Telling a play as moves


def _as_table(value: Any, what: str) -> tuple[Combination, ...]:
    try:
        return _table(value)
    except MoveError as error:
        raise MoveError(f"{what}: {error}") from None


def moves_between(
    before: Iterable[Meld | Sequence[Tile]],
    after: Iterable[Meld | Sequence[Tile]],
    rack: Iterable[Tile],
) -> tuple[TableMove, ...]:
    """A short list of moves that turns the table ``before`` into ``after``, with tiles of ``rack``.

    The moves number the combinations as ``before`` lists them (the table as a
    player saw it; an empty slot keeps its number), and new ones after them, as
    `apply_move` does. Replaying them from ``Turn(before, rack)`` gives a table
    with the combinations of ``after`` (each as a multiset of tiles, in some order),
    and empty slots where combinations were emptied. A combination of ``before`` that
    ``after`` holds again is left alone; each other one of ``after`` is built on the
    combination of ``before`` it shares the most tiles with, two at least (so a
    laid-off tile reads as ``add gn7 to 3``), or else made new (``lay``, ``split``,
    ``move ... to new``) and filled with all its tiles in a row; a rack tile that
    takes the place of a joker which moves on reads as ``swap``. The moves are few,
    not always the fewest (at most one per tile of a combination that changed).
    Whether the play is legal is not asked: that is the judge's work.

    Examples:
        >>> import morpyam.myrummy as mr
        >>> before = [mr.parse_meld("[gn8 gn9 gn10]")]
        >>> after = [mr.parse_meld("[gn7 gn8 gn9 gn10]"), mr.parse_meld("{bk7 gy7 pu7}")]
        >>> [str(move) for move in mr.moves_between(before, after, mr.parse_tiles("gn7 bk7 gy7 pu7 pu1"))]
        ['add gn7 to 1', 'lay pu7 bk7 gy7']

    Raises:
        MoveError: when ``after`` is not reachable at all: a tile of ``before`` is missing
            from it, or it needs tiles ``rack`` does not hold.
    """
    old = _as_table(before, "before")
    new = tuple(tiles for tiles in _as_table(after, "after") if tiles)
    rack_tiles = _hand(rack)
    old_count = Counter(tile for tiles in old for tile in tiles)
    new_count = Counter(tile for tiles in new for tile in tiles)
    missing = old_count - new_count
    if missing:
        raise MoveError(
            f"{_text(sorted(missing.elements()))} lay on the table before and not after: "
            "no move takes a tile off the table"
        )
    laid = new_count - old_count
    lacking = laid - Counter(rack_tiles)
    if lacking:
        raise MoveError(f"the play needs {_text(sorted(lacking.elements()))}, not on the rack")
    return _Planner(old, new, rack_tiles).moves()


class _Planner:
    """Plans the moves of ``moves_between``: pairs combinations, routes tiles, then replays."""

    def __init__(
        self, old: tuple[Combination, ...], new: tuple[Combination, ...], rack: tuple[Tile, ...]
    ) -> None:
        self.old, self.new = old, new
        self.turn = Turn(old, rack)
        self.home: dict[int, int] = {}  # new combination -> the old one it is built from
        self._pair()
        # labels[k]: what working combination k is: ("old", i) or ("new", j)
        self.labels: list[tuple[str, int]] = [("old", i) for i in range(len(old))]
        self.done: list[TableMove] = []

    def _pair(self) -> None:
        old_sets = [Counter(tiles) for tiles in self.old]
        new_sets = [Counter(tiles) for tiles in self.new]
        free_old = set(range(len(self.old)))
        free_new = set(range(len(self.new)))
        for j in range(len(self.new)):  # combinations left as they were
            for i in sorted(free_old):
                if old_sets[i] == new_sets[j]:
                    self.home[j] = i
                    free_old.discard(i)
                    free_new.discard(j)
                    break
        shared = sorted(
            (
                (-sum((old_sets[i] & new_sets[j]).values()), j, i)
                for i in free_old
                for j in free_new
            ),
        )
        for negative, j, i in shared:  # one tile in common is no reason to build on it
            if negative <= -2 and i in free_old and j in free_new:
                self.home[j] = i
                free_old.discard(i)
                free_new.discard(j)

    def _routes(self) -> dict[tuple[str, int], dict[int, list[Tile]]]:
        """For each source (``("rack", 0)`` or ``("old", i)``), the tiles it gives each new
        combination beyond what that combination keeps of its home."""
        owner = {i: j for j, i in self.home.items()}
        supply: dict[tuple[str, int], Counter[Tile]] = {("rack", 0): Counter()}
        for i, tiles in enumerate(self.old):
            kept = Counter(self.new[owner[i]]) if i in owner else Counter()
            supply[("old", i)] = Counter(tiles) - kept
        laid = Counter(t for tiles in self.new for t in tiles) - Counter(
            t for tiles in self.old for t in tiles
        )
        supply[("rack", 0)] = laid
        routes: dict[tuple[str, int], dict[int, list[Tile]]] = {}
        for j, tiles in enumerate(self.new):
            kept = Counter(self.old[self.home[j]]) if j in self.home else Counter()
            need = Counter(tiles) - kept
            while need:
                # the source that gives the most of what is still needed
                source = max(
                    supply,
                    key=lambda s: (sum((supply[s] & need).values()), s[0] == "old", -s[1]),
                )
                given = supply[source] & need
                supply[source] -= given
                need -= given
                # in the order the tiles lie in the new combination
                order = list(given.elements())
                order.sort(key=list(tiles).index)
                routes.setdefault(source, {}).setdefault(j, []).extend(order)
        return routes

    def _where(self, label: tuple[str, int]) -> int:
        """The number the combination ``label`` has now."""
        return self.labels.index(label) + 1

    def _target(self, j: int) -> tuple[str, int] | None:
        """The working label of new combination ``j``: its home, or itself once made."""
        if j in self.home:
            return ("old", self.home[j])
        label = ("new", j)
        return label if label in self.labels else None

    def _do(self, move: TableMove, labels: list[tuple[str, int]]) -> None:
        self.turn = apply_move(self.turn, move)
        self.labels = labels
        self.done.append(move)
        assert len(self.labels) == len(self.turn.table)

    def moves(self) -> tuple[TableMove, ...]:
        routes = self._routes()
        from_rack = routes.pop(("rack", 0), {})
        transfers = [
            (source, j, tiles)
            for source, givings in sorted(routes.items())
            for j, tiles in sorted(givings.items())
        ]
        transfers = self._swaps(transfers, from_rack)
        for j, tiles in sorted(from_rack.items()):  # laying off onto old combinations
            if j in self.home:
                self._add(j, tiles)
        # a piece of two or more tiles cut from an end starts a new combination
        left = [
            (source, j, tiles)
            for source, j, tiles in transfers
            if not (self._target(j) is None and len(tiles) > 1 and self._split(source, j, tiles))
        ]
        # then each new combination, and each old one, gets all its tiles in a row
        order = sorted(range(len(self.new)), key=lambda j: (j in self.home, j not in from_rack, j))
        for j in order:  # the new combinations laid from the rack first
            if j not in self.home and j in from_rack:
                self._add(j, from_rack[j])
            for source, k, tiles in left:
                if k == j:
                    self._give(source, j, tiles)
        return tuple(self.done)

    def _swaps(
        self,
        transfers: list[tuple[tuple[str, int], int, list[Tile]]],
        from_rack: dict[int, list[Tile]],
    ) -> list[tuple[tuple[str, int], int, list[Tile]]]:
        """Swap each joker that leaves its combination for the rack tile it stood for, when
        that tile comes into the same combination; the joker, in hand, is then laid like a
        rack tile. Returns the transfers left."""
        owner = {i: j for j, i in self.home.items()}
        left = []
        for source, j, tiles in transfers:
            i = source[1]
            if JOKER not in tiles or i not in owner or not from_rack.get(owner[i]):
                left.append((source, j, tiles))
                continue
            try:
                meld = _meld(self.old[i])
            except IllegalActionError:
                left.append((source, j, tiles))
                continue
            right = {
                tile
                for place, tile in enumerate(meld.tiles)
                if tile.is_joker
                for tile in meld.stands_for(place)
            }
            coming = [tile for tile in from_rack[owner[i]] if tile in right]
            if not coming:
                left.append((source, j, tiles))
                continue
            number = self._where(source)
            self._do(Swap(coming[0], number), self.labels)
            from_rack[owner[i]].remove(coming[0])
            if not from_rack[owner[i]]:
                del from_rack[owner[i]]
            order = list(self.new[j]).index
            from_rack[j] = sorted([*from_rack.get(j, []), JOKER], key=order)
            rest = list(tiles)
            rest.remove(JOKER)
            if rest:
                left.append((source, j, rest))
        return left

    def _add(self, j: int, tiles: list[Tile]) -> None:
        label = self._target(j)
        if label is None:
            self._do(Lay(tiles), [*self.labels, ("new", j)])
            return
        where = self._where(label)
        self._do(Add(tiles, where), self.labels)

    def _split(self, source: tuple[str, int], j: int, tiles: list[Tile]) -> bool:
        """Make new combination ``j`` by splitting ``tiles`` off an end of ``source``, if they
        lie there; whether it did."""
        number = self._where(source)
        held = self.turn.table[number - 1]
        size = len(tiles)
        if size >= len(held):  # pragma: no cover - a source wholly given to a new
            return False  # combination shares two tiles with it, so it is its home
        made = ("new", j)
        if Counter(held[-size:]) == Counter(tiles) and held[-size] not in held[1:-size]:
            self._do(Split(number, held[-size]), [*self.labels, made])
            return True
        if Counter(held[:size]) == Counter(tiles) and held[size] not in held[1:size]:
            labels = [*self.labels, source]  # the tail goes last; the head stays, as ``j``
            labels[number - 1] = made
            self._do(Split(number, held[size]), labels)
            return True
        return False

    def _give(self, source: tuple[str, int], j: int, tiles: list[Tile]) -> None:
        number = self._where(source)
        held = self.turn.table[number - 1]
        label = self._target(j)
        drained = Counter(held) == Counter(tiles)
        if label is None:
            if len(tiles) > 1 and self._split(source, j, tiles):
                return
            self._do(Move(tuple(tiles), number, None), [*self.labels, ("new", j)])
            return
        where = self._where(label)
        if drained and source[0] == "old" and Counter(held) == Counter(self.old[source[1]]):
            self._do(Join(where, number), self.labels)  # a combination taken whole into another
            return
        self._do(Move(tuple(tiles), number, where), self.labels)
