"""Combinations on the table: runs (Reihen) and groups (Sätze), with jokers (R-RUM-MELD-*, R-RUM-JOK-1).

A [`Run`][morpyam.myrummy.melds.Run] keeps its tiles in order, a joker where
the tile it stands for would lie; a [`Group`][morpyam.myrummy.melds.Group]
keeps its tiles sorted (colour order, jokers last), so two groups of the same
tiles are equal. A meld that breaks the rules cannot be built: the
constructor raises [`IllegalActionError`][morpyam.errors.IllegalActionError]
naming the rule.

``str(meld)`` is its notation, ``[gn4 gn5 J]`` for a run and
``{gn7 bk7 J}`` for a group; [`parse_meld`][morpyam.myrummy.melds.parse_meld]
reads it back.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

import attrs

from morpyam.errors import IllegalActionError
from morpyam.myrummy.tiles import COLOURS, Colour, Tile, parse_tile, sort_tiles

__all__ = ["MAX_GROUP", "MIN_MELD", "Group", "Meld", "Run", "parse_meld", "sort_table"]

MIN_MELD = 3
"""A combination has at least three tiles (R-RUM-MELD-1, R-RUM-MELD-2)."""
MAX_GROUP = len(COLOURS)
"""A group has at most four tiles, one per colour (R-RUM-MELD-1)."""


def _as_tiles(tiles: Iterable[Tile]) -> tuple[Tile, ...]:
    if isinstance(tiles, (str, bytes)) or not isinstance(tiles, Iterable):
        raise IllegalActionError(
            "R-RUM-SET-1", f"a combination is a sequence of tiles, not {tiles!r}"
        )
    found = tuple(tiles)
    if len(found) > 13 or not all(type(tile) is Tile for tile in found):
        raise IllegalActionError(
            "R-RUM-SET-1", f"a combination is 3 to 13 Tile values, got {found!r}"
        )
    return found


def _check_run(instance: Run, attribute: attrs.Attribute[Any], tiles: tuple[Tile, ...]) -> None:
    if len(tiles) < MIN_MELD:
        raise IllegalActionError(
            "R-RUM-MELD-2", f"a run has at least {MIN_MELD} tiles, not {len(tiles)}"
        )
    colours = {tile.colour for tile in tiles if tile.colour is not None}
    if not colours:
        raise IllegalActionError("R-RUM-MELD-2", "a run needs at least one tile that is no joker")
    if len(colours) > 1:
        raise IllegalActionError("R-RUM-MELD-2", "the tiles of a run are all of one colour")
    starts = {tile.value - place for place, tile in enumerate(tiles) if tile.colour is not None}
    if len(starts) > 1:
        raise IllegalActionError(
            "R-RUM-MELD-2", f"a run's values follow each other upwards: {_text(tiles)} do not"
        )
    start = starts.pop()
    if start < 1 or start + len(tiles) - 1 > 13:
        raise IllegalActionError(
            "R-RUM-MELD-2",
            f"{_text(tiles)} would run outside 1 to 13 (there is no wrap from 13 to 1)",
        )


@attrs.frozen(repr=False)
class Run:
    """A run (Reihe): three or more tiles of one colour, values ascending by one (R-RUM-MELD-2).

    A joker sits where the tile it stands for would (R-RUM-JOK-1): in
    ``Run((g4, JOKER, g6))`` the joker is green 5.

    Examples:
        >>> run = parse_meld("[gn4 J gn6]")
        >>> run.start, run.points, run.stands_for(1)
        (4, 15, frozenset({Tile(gn5)}))
    """

    tiles: tuple[Tile, ...] = attrs.field(converter=_as_tiles, validator=_check_run)
    """The tiles in order, lowest value first."""

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

    def stands_for(self, place: int) -> frozenset[Tile]:
        """The tiles that may lie at ``place``: the one tile of that colour and value."""
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

    def stands_for(self, place: int) -> frozenset[Tile]:
        """The tiles that may lie at ``place``: for a joker, each colour the group lacks."""
        tile = self.tiles[place]
        if tile.colour is not None:
            return frozenset((tile,))
        present = {t.colour for t in self.tiles}
        value = self.tiles[0].value
        return frozenset(Tile(c, value) for c in COLOURS if c not in present)

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


def _meld_key(meld: Meld) -> tuple[int, ...]:
    return meld.key


def sort_table(melds: Iterable[Meld]) -> tuple[Meld, ...]:
    """The melds in their canonical order (runs, then groups, by tiles): the form tables keep.

    Raises:
        IllegalActionError: for something that is not a ``Run`` or ``Group`` (R-RUM-RE-3).
    """
    if isinstance(melds, (str, bytes)) or not isinstance(melds, Iterable):
        raise IllegalActionError("R-RUM-RE-3", f"a table is a sequence of melds, not {melds!r}")
    found = []
    for meld in melds:
        if type(meld) not in (Run, Group):
            raise IllegalActionError("R-RUM-RE-3", f"{meld!r} is not a Run or a Group")
        found.append(meld)
        if len(found) > 36:
            raise IllegalActionError("R-RUM-SET-1", "106 tiles make at most 35 combinations")
    return tuple(sorted(found, key=_meld_key))


def parse_meld(text: str) -> Meld:
    """Read a meld: ``[gn4 gn5 J]`` is a run, ``{gn7 bk7 J}`` a group.

    Raises:
        IllegalActionError: for text that is no meld, or a meld the rules forbid.
    """
    if not isinstance(text, str):
        raise IllegalActionError("R-RUM-MELD-1", f"a meld is text, not {type(text).__name__}")
    body = text.strip()
    if len(body) > 200 or len(body) < 2 or (body[0], body[-1]) not in (("[", "]"), ("{", "}")):
        raise IllegalActionError(
            "R-RUM-MELD-1",
            f"write a run as [gn4 gn5 gn6] and a group as {{gn7 bk7 J}}, not {text!r}",
        )
    tiles = [parse_tile(word) for word in body[1:-1].split()]
    return Run(tiles) if body[0] == "[" else Group(tiles)
