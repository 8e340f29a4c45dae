"""The 106 tiles of MyRummy (R-RUM-SET-1): four colours, values 1 to 13, two of each, two jokers.

Tiles are values: the two copies of a tile are equal, so racks, the pool and
the table are multisets. Every tile has an ``index`` (0 to 52, the joker
last) that orders it and indexes count vectors such as
`State.pool`.
"""

from __future__ import annotations

import enum
from collections.abc import Iterable
from typing import Any

import attrs

from morpyam.errors import IllegalActionError
from morpyam.errors import shown as _shown
from morpyam.kit.texts import ascii_lower as _ascii_lower

__all__ = [
    "COLOURS",
    "COPIES",
    "JOKER",
    "JOKER_INDEX",
    "KINDS",
    "TILES",
    "TILE_COUNT",
    "VALUES",
    "Colour",
    "Tile",
    "counts",
    "parse_tile",
    "parse_tiles",
    "sort_tiles",
    "tiles_text",
]

VALUES = range(1, 14)
"""The values printed on the tiles, 1 to 13 (R-RUM-SET-1)."""
COPIES = 2
"""Two copies of every tile, jokers included (R-RUM-SET-1)."""


class Colour(enum.Enum):
    """The four colours (R-RUM-SET-1); the value is the colour's short name in notation."""

    PURPLE = "pu"
    BLACK = "bk"
    GREEN = "gn"
    GREY = "gy"

    @property
    def german(self) -> str:
        """The colour's name in the German rule text (lila, schwarz, grün, grau)."""
        return _GERMAN[self]


_GERMAN = {
    Colour.PURPLE: "lila",
    Colour.BLACK: "schwarz",
    Colour.GREEN: "grün",
    Colour.GREY: "grau",
}
COLOURS: tuple[Colour, ...] = tuple(Colour)
"""The colours in the order tiles are sorted."""
_COLOUR_RANK = {colour: rank for rank, colour in enumerate(COLOURS)}
JOKER_INDEX = len(COLOURS) * len(VALUES)
"""The joker's ``index``: 52, after every coloured tile."""
KINDS = JOKER_INDEX + 1
"""Number of different tiles: 52 coloured and the joker."""


def _check_tile(instance: Tile, attribute: attrs.Attribute[Any], value: Any) -> None:
    colour = instance.colour
    if colour is None:
        if value != 0 or type(value) is not int:
            raise IllegalActionError("R-RUM-SET-1", f"a joker has no value, got {_shown(value)}")
        return
    if type(colour) is not Colour:
        raise IllegalActionError("R-RUM-SET-1", f"{_shown(colour)} is not a colour")
    if type(value) is not int or not 1 <= value <= 13:
        raise IllegalActionError("R-RUM-SET-1", f"tile values are 1 to 13, got {_shown(value)}")


@attrs.frozen(order=False, repr=False)
class Tile:
    """One tile: a colour and a value 1 to 13, or the joker (`JOKER`).

    ``str(tile)`` is its notation (``gn5`` for green 5, ``J`` for the joker),
    which `parse_tile` reads back.

    Examples:
        >>> Tile(Colour.GREEN, 5)
        Tile(gn5)
        >>> Tile(Colour.GREEN, 5) == parse_tile("gn5"), JOKER.is_joker
        (True, True)
    """

    colour: Colour | None
    """The colour; ``None`` for the joker."""
    value: int = attrs.field(validator=_check_tile)
    """The printed value 1 to 13; 0 for the joker."""
    index: int = attrs.field(init=False, eq=False, repr=False)
    """The tile's place in sort order: colour by colour, value by value, the joker last (52)."""

    def __attrs_post_init__(self) -> None:
        colour = self.colour
        index = JOKER_INDEX if colour is None else _COLOUR_RANK[colour] * 13 + self.value - 1
        object.__setattr__(self, "index", index)

    @property
    def is_joker(self) -> bool:
        """Whether this is a joker (R-RUM-JOK-1)."""
        return self.colour is None

    def __hash__(self) -> int:
        return self.index

    def __str__(self) -> str:
        colour = self.colour
        return "J" if colour is None else f"{colour.value}{self.value}"

    def __repr__(self) -> str:
        return f"Tile({self})"

    def __lt__(self, other: Tile) -> bool:
        if not isinstance(other, Tile):
            return NotImplemented
        return self.index < other.index


JOKER = Tile(None, 0)
"""The joker (R-RUM-JOK-1): stands for any tile."""
TILES: tuple[Tile, ...] = (
    *(Tile(colour, value) for colour in COLOURS for value in VALUES),
    JOKER,
)
"""The 53 different tiles, ``TILES[tile.index] == tile``."""
TILE_COUNT = KINDS * COPIES
"""The 106 tiles of a set (R-RUM-SET-1)."""
_BY_TEXT = {str(tile): tile for tile in TILES}


def sort_tiles(tiles: Iterable[Tile]) -> tuple[Tile, ...]:
    """The tiles as a sorted tuple: the form racks keep (a multiset)."""
    return tuple(sorted(tiles, key=_index))


def _index(tile: Tile) -> int:
    return tile.index


def counts(tiles: Iterable[Tile]) -> list[int]:
    """How many of each tile, indexed by `Tile.index`."""
    found = [0] * KINDS
    for tile in tiles:
        found[tile.index] += 1
    return found


def parse_tile(text: str) -> Tile:
    """Read a tile from its notation (``gn5``, ``pu13``, ``J``), any case.

    Raises:
        IllegalActionError: naming R-RUM-SET-1 for text that is no tile.
    """
    if isinstance(text, str):
        tile = _BY_TEXT.get(_ascii_lower(text.strip())) or (
            JOKER if text.strip() in ("j", "J") else None
        )
        if tile is not None and text.strip():
            return tile
    raise IllegalActionError(
        "R-RUM-SET-1",
        f"{_shown(text)} is not a tile: write a colour (pu, bk, gn, gy) and a value 1-13, or J",
    )


def tiles_text(tiles: Iterable[Tile]) -> str:
    """Tiles in notation, separated by spaces (``"nothing"`` for none)."""
    return " ".join(map(str, tiles)) or "nothing"


def parse_tiles(text: str) -> tuple[Tile, ...]:
    """Read tiles separated by spaces (``"gn5 gn6 J"``), sorted as a rack keeps them.

    Raises:
        IllegalActionError: naming R-RUM-SET-1 for a word that is no tile.
    """
    if not isinstance(text, str) or len(text) > 1000:
        raise IllegalActionError(
            "R-RUM-SET-1", f"tiles are text of at most 1000 characters, not {_shown(text)}"
        )
    return sort_tiles(parse_tile(word) for word in text.split())
