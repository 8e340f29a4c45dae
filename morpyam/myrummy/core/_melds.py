"""Combinations on the table: runs (Reihen) and groups (Sätze), with jokers (R-RUM-MELD-*, R-RUM-JOK-1).

A `Run` keeps its tiles in order, lowest value
first, a joker where the tile it stands for would lie; it may be given its
tiles in any order (``[gy9 gy8 gy7]`` is ``[gy7 gy8 gy9]``), as long as the
order does not leave a joker's place open. A
`Group` keeps its tiles sorted (colour order,
jokers last), so two groups of the same tiles are equal. A meld that breaks the rules cannot be built: the
constructor raises `IllegalActionError`
naming the rule.

``str(meld)`` is its notation, ``[gn4 gn5 J]`` for a run and
``{gn7 bk7 J}`` for a group; `parse_meld`
reads it back.
"""

from __future__ import annotations

import contextlib
import itertools
from collections import Counter
from collections.abc import Iterable, Sequence
from typing import Any

import attrs

from morpyam.errors import IllegalActionError
from morpyam.errors import shown as _shown
from morpyam.myrummy.core._tiles import COLOURS, JOKER, Colour, Tile, parse_tile, sort_tiles

__all__ = [
    "MAX_GROUP",
    "MIN_MELD",
    "Group",
    "Meld",
    "Run",
    "misfit",
    "parse_meld",
    "sort_table",
]

MIN_MELD = 3
"""A combination has at least three tiles (R-RUM-MELD-1, R-RUM-MELD-2)."""
MAX_GROUP = len(COLOURS)
"""A group has at most four tiles, one per colour (R-RUM-MELD-1)."""


def _as_tiles(tiles: Iterable[Tile]) -> tuple[Tile, ...]:
    if isinstance(tiles, (str, bytes)) or not isinstance(tiles, Iterable):
        raise IllegalActionError(
            "R-RUM-SET-1", f"a combination is a sequence of tiles, not {_shown(tiles)}"
        )
    found = tuple(tiles)
    if len(found) > 13 or not all(type(tile) is Tile for tile in found):
        raise IllegalActionError(
            "R-RUM-SET-1", f"a combination is 3 to 13 Tile values, got {_shown(found)}"
        )
    return found


def _in_order(tiles: tuple[Tile, ...]) -> bool:
    """Whether ``tiles`` are a run as a run keeps them: at least three, of one colour, values
    up by one, each joker at its place, within 1 to 13."""
    start = colour = None
    for place, tile in enumerate(tiles):
        if tile.colour is not None:
            if start is None:
                start, colour = tile.value - place, tile.colour
            elif tile.value - place != start or tile.colour is not colour:
                return False
    size = len(tiles)
    return size >= MIN_MELD and start is not None and start >= 1 and start + size - 1 <= 13


def _as_run(tiles: Iterable[Tile]) -> tuple[Tile, ...]:
    """The tiles of a run in its canonical order, from any order they are given in.

    Tiles already in order (lowest value first, each joker at the place of the
    tile it stands for) are kept as given; so are tiles in exactly the reverse
    order. Otherwise the tiles are sorted by value, a joker filling each value
    missing between the lowest and the highest tile; a joker left over goes
    below the lowest tile or above the highest, where it fits within 1 to 13.
    If it fits at both ends (``[gy8 J gy9]``: gy7 or gy10), the order given
    does not say which tile it stands for, and the run is refused (R-RUM-MELD-2).
    """
    found = _as_tiles(tiles)
    if _in_order(found):
        return found
    backwards = found[::-1]
    if _in_order(backwards):
        return backwards
    if len(found) < MIN_MELD:
        raise IllegalActionError(
            "R-RUM-MELD-2", f"a run has at least {MIN_MELD} tiles, not {len(found)}"
        )
    real = sorted((tile for tile in found if tile.colour is not None), key=_value)
    if not real:
        raise IllegalActionError("R-RUM-MELD-2", "a run needs at least one tile that is no joker")
    if len({tile.colour for tile in real}) > 1:
        raise IllegalActionError("R-RUM-MELD-2", "the tiles of a run are all of one colour")
    for lower, upper in itertools.pairwise(real):
        if lower.value == upper.value:
            raise IllegalActionError(
                "R-RUM-MELD-2", f"a run holds each value once: {_text(found)} has {lower} twice"
            )
    low, high = real[0].value, real[-1].value
    jokers = len(found) - len(real)
    gaps = high - low + 1 - len(real)
    if gaps > jokers:
        fillers = f"only {_count(jokers, 'joker')}" if jokers else "no joker"
        raise IllegalActionError(
            "R-RUM-MELD-2",
            f"a run's values follow each other: {_text(found)} has {_count(gaps, 'value')} "
            f"missing between {real[0]} and {real[-1]}, and {fillers} to fill "
            f"{'it' if gaps == 1 else 'them'}",
        )
    spare = jokers - gaps
    by_value = {tile.value: tile for tile in real}
    middle = tuple(by_value.get(value, JOKER) for value in range(low, high + 1))
    choices = [
        (*(JOKER,) * below, *middle, *(JOKER,) * (spare - below))
        for below in range(spare + 1)
        if low - below >= 1 and high + spare - below <= 13
    ]
    assert choices  # at most 13 tiles: some place for the spare jokers lies within 1 to 13
    if len(choices) == 1:
        return choices[0]
    options = " or ".join(f"[{_text(choice)}]" for choice in choices)
    where = "the joker lies" if spare == 1 else "the jokers lie"
    raise IllegalActionError(
        "R-RUM-MELD-2",
        f"the order of {_text(found)} does not say where {where} ({options}): "
        "write the run lowest value first, each joker where its tile would be",
    )


def _value(tile: Tile) -> int:
    return tile.value


def _count(number: int, noun: str) -> str:
    return f"{number} {noun}" if number == 1 else f"{number} {noun}s"


@attrs.frozen(repr=False)
class Run:
    """A run (Reihe): three or more tiles of one colour, values ascending by one (R-RUM-MELD-2).

    A joker sits where the tile it stands for would (R-RUM-JOK-1): in
    ``Run((g4, JOKER, g6))`` the joker is green 5.

    The canonical order, the one ``tiles`` keeps and ``str`` writes, is
    lowest value first, each joker at the place of the tile it stands for.
    Tiles may be given in any order:

    - in the canonical order, or exactly reversed (``[gy9 gy8 J]``, read
      from the right), they are kept so: a joker stands where it was put
      (``[J gy8 gy9]`` and ``[gy9 gy8 J]``: gy7; ``[gy8 gy9 J]`` and
      ``[J gy9 gy8]``: gy10);
    - otherwise they are sorted by value, a joker filling each value missing
      between the lowest tile and the highest (``[gy9 gy7 J]``: gy8); a
      joker left over goes to the one end where it fits within 1 to 13
      (``[J gy12 gy13]`` in any order: gy11);
    - when a left-over joker would fit at either end and the order given
      says neither (``[gy8 J gy9]``: gy7 or gy10?), the run is refused with
      an `IllegalActionError` naming
      R-RUM-MELD-2 and both readings, rather than guessed.

    Examples:
        >>> run = parse_meld("[gn4 J gn6]")
        >>> run.start, run.points, run.stands_for(1)
        (4, 15, frozenset({Tile(gn5)}))
        >>> parse_meld("[gy9 gy8 gy7]"), parse_meld("[gy9 gy8 J]"), parse_meld("[gy9 J gy7]")
        (Run([gy7 gy8 gy9]), Run([J gy8 gy9]), Run([gy7 J gy9]))
    """

    tiles: tuple[Tile, ...] = attrs.field(converter=_as_run)
    """The tiles in order, lowest value first, each joker at the place of the tile it stands for."""

    @property
    def colour(self) -> Colour:
        """The run's colour."""
        for tile in self.tiles:
            if tile.colour is not None:
                return tile.colour
        raise AssertionError("unreachable: a run has a tile that is no joker")

    @property
    def start(self) -> int:
        """The value of the first tile (or of the tile the joker there stands for)."""
        for place, tile in enumerate(self.tiles):
            if tile.colour is not None:
                return tile.value - place
        raise AssertionError("unreachable: a run has a tile that is no joker")

    @property
    def points(self) -> int:
        """The sum of the values, a joker at the value it stands for (R-RUM-OPEN-1)."""
        start, size = self.start, len(self.tiles)
        return size * start + size * (size - 1) // 2

    def stands_for(self, place: int, colours: int = len(COLOURS)) -> frozenset[Tile]:
        """The tiles that may lie at ``place``: the one tile of that colour and value
        (``colours`` is there for groups; a run's place names one tile in any set)."""
        return frozenset((Tile(self.colour, self.start + place),))

    @property
    def key(self) -> tuple[int, ...]:
        """A sort key: runs before groups, then by tiles."""
        return (0, *(tile.index for tile in self.tiles))

    def __str__(self) -> str:
        return f"[{_text(self.tiles)}]"

    def __repr__(self) -> str:
        return f"Run({self})"


def _as_group(tiles: Iterable[Tile]) -> tuple[Tile, ...]:
    return sort_tiles(_as_tiles(tiles))


def _check_group(instance: Group, attribute: attrs.Attribute[Any], tiles: tuple[Tile, ...]) -> None:
    if not MIN_MELD <= len(tiles) <= MAX_GROUP:
        raise IllegalActionError(
            "R-RUM-MELD-1", f"a group has {MIN_MELD} or {MAX_GROUP} tiles, not {len(tiles)}"
        )
    real = [tile for tile in tiles if tile.colour is not None]
    if not real:
        raise IllegalActionError("R-RUM-MELD-1", "a group needs at least one tile that is no joker")
    if len({tile.value for tile in real}) > 1:
        raise IllegalActionError("R-RUM-MELD-1", f"a group's tiles have one value: {_text(tiles)}")
    if len({tile.colour for tile in real}) < len(real):
        raise IllegalActionError(
            "R-RUM-MELD-1", f"a group's colours are all different: {_text(tiles)}"
        )


@attrs.frozen(repr=False)
class Group:
    """A group (Satz): three or four tiles of one value in different colours (R-RUM-MELD-1).

    The tiles are kept sorted, so any order makes the same group. A joker
    stands for any colour the group lacks (R-RUM-JOK-2: in a group of three,
    either missing colour).

    Examples:
        >>> group = parse_meld("{J gy8 gn8}")
        >>> str(group), group.points, sorted(map(str, group.stands_for(2)))
        ('{gn8 gy8 J}', 24, ['bk8', 'pu8'])
    """

    tiles: tuple[Tile, ...] = attrs.field(converter=_as_group, validator=_check_group)
    """The tiles, sorted: colour order, jokers last."""

    @property
    def value(self) -> int:
        """The value every tile has (or stands for)."""
        return self.tiles[0].value

    @property
    def points(self) -> int:
        """The value times the number of tiles (R-RUM-OPEN-1)."""
        return self.tiles[0].value * len(self.tiles)

    def stands_for(self, place: int, colours: int = len(COLOURS)) -> frozenset[Tile]:
        """The tiles that may lie at ``place``: for a joker, each colour the group lacks among
        the set's first ``colours`` (`Rules.colours`; the box's four by default)."""
        tile = self.tiles[place]
        if tile.colour is not None:
            return frozenset((tile,))
        present = {t.colour for t in self.tiles}
        value = self.tiles[0].value
        return frozenset(Tile(c, value) for c in COLOURS[:colours] if c not in present)

    @property
    def key(self) -> tuple[int, ...]:
        """A sort key: runs before groups, then by tiles."""
        return (1, *(tile.index for tile in self.tiles))

    def __str__(self) -> str:
        return "{" + _text(self.tiles) + "}"

    def __repr__(self) -> str:
        return f"Group({self})"


Meld = Run | Group
"""A combination: a run or a group."""


def _text(tiles: Iterable[Tile]) -> str:
    return " ".join(map(str, tiles))


# Reading the tiles of a combination as a meld: the move notation (`morpyam.myrummy.notation._moves`)
# and the pictures (`morpyam.myrummy.core._text`) read them the same way, from here.


def _in_order_run(tiles: Sequence[Tile]) -> bool:
    """Whether the tiles, in this order, could be part of one run: one colour, values following
    each other from left to right within 1 to 13, jokers in the gaps (any length)."""
    colours = {tile.colour for tile in tiles if tile.colour is not None}
    starts = {tile.value - place for place, tile in enumerate(tiles) if tile.colour is not None}
    if len(colours) > 1 or len(starts) > 1:
        return False
    start = starts.pop() if starts else 1
    return start >= 1 and start + len(tiles) - 1 <= 13


def _laid_as_run(tiles: Sequence[Tile]) -> tuple[Tile, ...] | None:
    """The tiles laid out as a run, jokers in the gaps and then at the end (at the start when
    the end would pass 13); ``None`` when no order of them is a run. A run already in order keeps
    its order, so a joker keeps the tile it stands for."""
    if _in_order_run(tiles):
        return tuple(tiles)
    real = sorted((tile for tile in tiles if not tile.is_joker), key=lambda tile: tile.value)
    jokers = len(tiles) - len(real)
    if not real or len({tile.colour for tile in real}) > 1:
        return None
    if len({tile.value for tile in real}) < len(real):
        return None
    gaps = real[-1].value - real[0].value + 1 - len(real)
    if gaps > jokers:
        return None
    laid: list[Tile] = []
    previous = None
    for tile in real:
        if previous is not None:
            laid.extend([JOKER] * (tile.value - previous - 1))
        laid.append(tile)
        previous = tile.value
    extra = jokers - gaps
    after = min(extra, 13 - real[-1].value)
    before = extra - after
    if before > real[0].value - 1:
        return None
    return (JOKER,) * before + tuple(laid) + (JOKER,) * after


def _read_meld(tiles: tuple[Tile, ...], group_first: bool = False) -> Meld:
    """The combination as a meld: a run in its order (or sorted into one), else a group;
    a group first when ``group_first`` and the tiles make one.

    Raises:
        IllegalActionError: naming the rule it breaks, when it is neither.
    """
    if len(tiles) < MIN_MELD:
        rule = "R-RUM-MELD-1" if _could_group(tiles) else "R-RUM-MELD-2"
        raise IllegalActionError(
            rule, f"a run or a group has at least {MIN_MELD} tiles, not {len(tiles)}"
        )
    if group_first:
        with contextlib.suppress(IllegalActionError):
            return Group(tiles)
    if len(tiles) >= MIN_MELD:
        run = _laid_as_run(tiles)
        if run is not None:
            return Run(run)
    try:
        return Group(tiles)
    except IllegalActionError:
        real = [tile for tile in tiles if not tile.is_joker]
        colours, values = len({tile.colour for tile in real}), len({tile.value for tile in real})
        if colours > 1 and values > 1:
            raise IllegalActionError(
                "R-RUM-MELD-1" if len(tiles) <= MAX_GROUP else "R-RUM-MELD-2",
                "neither a run (one colour, values in a row) nor a group "
                f"(one value, colours all different): {_text(tiles)}",
            ) from None
        if colours != 1 or values < 2:
            raise
    return Run(tiles)  # one colour, several values: a run, whose rule says what is wrong


def _could_group(tiles: tuple[Tile, ...]) -> bool:
    """Whether the tiles could be part of a group: one value, different colours."""
    real = [tile for tile in tiles if not tile.is_joker]
    return len({tile.value for tile in real}) <= 1 and len({tile.colour for tile in real}) == len(
        real
    )


def _likes_groups(tiles: tuple[Tile, ...], before: Sequence[Meld]) -> bool:
    """Whether one tile and jokers (a run and a group at once) share the most tiles with a
    group of ``before``: then they stay a group, so its jokers keep what they stood for."""
    if sum(1 for tile in tiles if not tile.is_joker) != 1:
        return False
    have = Counter(tiles)
    best: Meld | None = None
    most = 0
    for meld in before:
        shared = sum((have & Counter(meld.tiles)).values())
        if shared > most:
            best, most = meld, shared
    return isinstance(best, Group)


def _meld_of(tiles: tuple[Tile, ...], before: Sequence[Meld] = ()) -> Meld:
    """The meld one combination of a turn makes, as `morpyam.myrummy.notation._moves.Turn.play` reads
    it: the meld of ``before`` (the table at the start of the turn) with the same tiles, else
    a run or a group (`_read_meld`, a group first where one tile and jokers share the most
    tiles with a group of ``before``).

    Raises:
        IllegalActionError: naming the rule it breaks, when it is neither.
    """
    key = sort_tiles(tiles)
    for meld in reversed(before):
        if sort_tiles(meld.tiles) == key:
            return meld
    return _read_meld(tiles, _likes_groups(tiles, before))


def misfit(meld: Meld, colours: int = len(COLOURS), values: int = 13) -> str | None:
    """Why ``meld`` cannot lie in a set of ``colours`` colours and values 1 to ``values``
    (`Rules.colours`, `Rules.values`), in a player's words; ``None`` when it can.

    A run ends at the set's highest value, a joker included (R-RUM-MELD-2); a group has
    at most one tile per colour of the set (R-RUM-MELD-1); and no tile the set lacks
    (R-RUM-SET-1, refused where tiles enter too: deal, position, file).

    Examples:
        >>> misfit(parse_meld("[gn2 gn3 J]"), 3, 3)
        'the values end at 3, so [gn2 gn3 J] cannot lie: the joker is gn1, [J gn2 gn3]'
        >>> misfit(parse_meld("{gn2 pu2 bk2 J}"), 3, 3), misfit(parse_meld("[J gn2 gn3]"), 3, 3)
        ('a group has at most 3 tiles, one per colour, not 4: {pu2 bk2 gn2 J}', None)
    """
    size = len(meld.tiles)
    for tile in meld.tiles:
        if tile.colour is not None and (
            COLOURS.index(tile.colour) >= colours or tile.value > values
        ):
            return f"the set has no {tile}: {meld} cannot lie"
    if isinstance(meld, Group):
        if size > colours:
            return f"a group has at most {colours} tiles, one per colour, not {size}: {meld}"
        return None
    if meld.start + size - 1 <= values:
        return None
    if size > values:
        return (
            f"the values end at {values}, so a run has at most {values} tiles, not {size}: {meld}"
        )
    by_value = {tile.value: tile for tile in meld.tiles if not tile.is_joker}
    fits = Run(tuple(by_value.get(value, JOKER) for value in range(values - size + 1, values + 1)))
    places = [place for place, tile in enumerate(fits.tiles) if tile.is_joker]
    lowest = ", ".join(str(t) for place in places for t in fits.stands_for(place))
    joker = "the joker is" if len(places) == 1 else "the jokers are"
    return f"the values end at {values}, so {meld} cannot lie: {joker} {lowest}, {fits}"


def _meld_key(meld: Meld) -> tuple[int, ...]:
    return meld.key


def sort_table(melds: Iterable[Meld]) -> tuple[Meld, ...]:
    """The melds in their canonical order (runs, then groups, by tiles): the form tables keep.

    Raises:
        IllegalActionError: for something that is not a ``Run`` or ``Group`` (R-RUM-RE-3).
    """
    if isinstance(melds, (str, bytes)) or not isinstance(melds, Iterable):
        raise IllegalActionError(
            "R-RUM-RE-3", f"a table is a sequence of melds, not {_shown(melds)}"
        )
    found = []
    for meld in melds:
        if type(meld) not in (Run, Group):
            raise IllegalActionError("R-RUM-RE-3", f"{_shown(meld)} is not a Run or a Group")
        found.append(meld)
        if len(found) > 36:
            raise IllegalActionError("R-RUM-SET-1", "106 tiles make at most 35 combinations")
    return tuple(sorted(found, key=_meld_key))


def parse_meld(text: str) -> Meld:
    """Read a meld: ``[gn4 gn5 J]`` is a run, ``{gn7 bk7 J}`` a group.

    The tiles may be written in any order; a run is put in its canonical
    order, lowest value first, a joker at the place of the tile it stands
    for: as written when the tiles are in that order or its reverse, else
    where it fits (see `Run`). A run whose
    order leaves a joker free to stand at either end is refused.

    Examples:
        >>> parse_meld("[gn6 gn4 gn5]"), parse_meld("{J gy8 gn8}")
        (Run([gn4 gn5 gn6]), Group({gn8 gy8 J}))

    Raises:
        IllegalActionError: for text that is no meld, or a meld the rules forbid.
    """
    if not isinstance(text, str):
        raise IllegalActionError("R-RUM-MELD-1", f"a meld is text, not {type(text).__name__}")
    body = text.strip()
    if len(body) > 200 or len(body) < 2 or (body[0], body[-1]) not in (("[", "]"), ("{", "}")):
        raise IllegalActionError(
            "R-RUM-MELD-1",
            f"write a run as [gn4 gn5 gn6] and a group as {{gn7 bk7 J}}, not {_shown(text)}",
        )
    tiles = [parse_tile(word) for word in body[1:-1].split()]
    return Run(tiles) if body[0] == "[" else Group(tiles)
