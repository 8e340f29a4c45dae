"""Figures, labels and the classifier (section 2 of the rule book).

A roll of five dice *shows* every figure it satisfies; figures are never
exclusive. The classifier is a table built once at import over the 7,776
ordered rolls, so `classify` is a single look-up.
"""

from __future__ import annotations

import enum
import itertools
from collections import Counter
from collections.abc import Iterable

from morpyam.errors import _shown

__all__ = ["FACES", "Figure", "Label", "Special", "classify", "parse_label", "shown"]

FACES = (1, 2, 3, 4, 5, 6)
"""The faces of a die (R-SET-1)."""


class Figure(enum.Enum):
    """A dice figure: a pattern that five dice can show (R-FIG-1 to R-FIG-8).

    | member | `code` (grids) | `notation` (actions) | the dice show |
    | --- | --- | --- | --- |
    | `THREE_ONES` … `THREE_SIXES` | `3×1` … `3×6` | `three-ones` … `three-sixes` | at least 3 of one face (R-FIG-1) |
    | `SMALL_STRAIGHT` | `SS` | `small-straight` | 1-2-3-4, 2-3-4-5 or 3-4-5-6 (R-FIG-2) |
    | `STRAIGHT` | `STR` | `straight` | exactly 1-2-3-4-5 or 2-3-4-5-6 (R-FIG-3) |
    | `FULL_HOUSE` | `FUL` | `full-house` | three of one face and two of another, or five of a kind (R-FIG-4) |
    | `FOUR_OF_A_KIND` | `4K` | `four-of-a-kind` | at least 4 of one face (R-FIG-5) |
    | `MINI` | `MIN` | `mini` | a sum of at most 8 (R-FIG-6) |
    | `MAXI` | `MAX` | `maxi` | a sum of at least 27 (R-FIG-7) |
    | `MORPYAM` | `MOR` | `morpyam` | five of one face (R-FIG-8) |
    """

    THREE_ONES = "3×1"
    THREE_TWOS = "3×2"
    THREE_THREES = "3×3"
    THREE_FOURS = "3×4"
    THREE_FIVES = "3×5"
    THREE_SIXES = "3×6"
    SMALL_STRAIGHT = "SS"
    STRAIGHT = "STR"
    FULL_HOUSE = "FUL"
    FOUR_OF_A_KIND = "4K"
    MINI = "MIN"
    MAXI = "MAX"
    MORPYAM = "MOR"

    @property
    def code(self) -> str:
        """The short code used in text grids (R-GRID-2), e.g. ``"4K"``."""
        return self.value

    @property
    def notation(self) -> str:
        """The name in action notation, e.g. ``"full-house"``."""
        return self.name.lower().replace("_", "-")

    @property
    def brelan_face(self) -> int | None:
        """The face of a Brelan (``THREE_FOURS.brelan_face == 4``), else ``None``."""
        return _BRELAN_FACE.get(self)

    def __str__(self) -> str:
        return self.name

    # members are unique objects compared by identity: hash them as such, in C,
    # rather than with Enum's hash of the name in Python (the engine's hot path)
    __hash__ = object.__hash__


class Special(enum.Enum):
    """A grid label that is not a dice figure (R-CELL-2, R-CELL-3).

    | member | `code` (grids) | `notation` (actions) | the cell is covered by |
    | --- | --- | --- | --- |
    | `SEC` | `SEC` | `sec` | a first roll showing one of `Rules.sec_figures` (R-CELL-2) |
    | `CALL` | `CAL` | `call` | a call that comes up (R-CELL-3) |
    """

    SEC = "SEC"
    CALL = "CAL"

    @property
    def code(self) -> str:
        """The short code used in text grids (R-GRID-2)."""
        return self.value

    @property
    def notation(self) -> str:
        """The name in action notation: ``"sec"`` or ``"call"``."""
        return self.name.lower()

    def __str__(self) -> str:
        return self.name

    __hash__ = object.__hash__  # as Figure's


Label = Figure | Special
"""What a grid cell shows: a figure or a special label."""

_BRELANS = (
    Figure.THREE_ONES,
    Figure.THREE_TWOS,
    Figure.THREE_THREES,
    Figure.THREE_FOURS,
    Figure.THREE_FIVES,
    Figure.THREE_SIXES,
)
_BRELAN_FACE = {figure: face for face, figure in zip(FACES, _BRELANS)}


def _figures_of(dice: tuple[int, ...]) -> frozenset[Figure]:
    """The figures five sorted faces show, straight from section 2 of the rule book."""
    counts = Counter(dice)
    most = max(counts.values())
    distinct = set(dice)
    total = sum(dice)
    shown = {figure for face, figure in zip(FACES, _BRELANS) if counts[face] >= 3}
    if any({s, s + 1, s + 2, s + 3} <= distinct for s in (1, 2, 3)):
        shown.add(Figure.SMALL_STRAIGHT)
    if distinct in ({1, 2, 3, 4, 5}, {2, 3, 4, 5, 6}):
        shown.add(Figure.STRAIGHT)
    if sorted(counts.values()) == [2, 3] or most == 5:
        shown.add(Figure.FULL_HOUSE)
    if most >= 4:
        shown.add(Figure.FOUR_OF_A_KIND)
    if total <= 8:
        shown.add(Figure.MINI)
    if total >= 27:
        shown.add(Figure.MAXI)
    if most == 5:
        shown.add(Figure.MORPYAM)
    return frozenset(shown)


_BY_SORTED: dict[tuple[int, ...], frozenset[Figure]] = {
    dice: _figures_of(dice) for dice in itertools.combinations_with_replacement(FACES, 5)
}
_BY_ORDERED: dict[tuple[int, ...], frozenset[Figure]] = {
    roll: _BY_SORTED[tuple(sorted(roll))] for roll in itertools.product(FACES, repeat=5)
}


def classify(dice: Iterable[int]) -> frozenset[Figure]:
    """Return every figure that five dice show, in any order.

    Examples:
        >>> sorted(f.name for f in classify((6, 6, 6, 6, 6)))
        ['FOUR_OF_A_KIND', 'FULL_HOUSE', 'MAXI', 'MORPYAM', 'THREE_SIXES']

    Raises:
        ValueError: unless ``dice`` holds exactly five faces, ints from 1 to 6.
    """
    try:
        key = dice if type(dice) is tuple else tuple(dice)
        figures = _BY_ORDERED[key]
    except (KeyError, TypeError):
        raise ValueError(f"R-SET-1: a roll is five faces from 1 to 6, got {_shown(dice)}") from None
    for face in key:
        if type(face) is not int:
            raise ValueError(f"R-SET-1: a die shows an int from 1 to 6, not {_shown(face)}")
    return figures


def shown(dice: tuple[int, ...]) -> frozenset[Figure]:
    """The figures of five *sorted, valid* faces, unchecked: the engine's own look-up."""
    return _BY_SORTED[dice]


_BY_TEXT: dict[str, Label] = {}
for _label in (*Figure, *Special):
    _BY_TEXT[_label.code.lower()] = _label
    _BY_TEXT[_label.name.lower()] = _label
    _BY_TEXT[_label.code.lower().replace("×", "x")] = _label
    _BY_TEXT[_label.notation] = _label


def parse_label(text: str) -> Label:
    """Read a label from its grid code (``"4K"``, ``"3x1"``), name (``"MINI"``) or notation (``"full-house"``).

    Raises:
        ValueError: for text that names no label.
    """
    try:
        return _BY_TEXT[text.strip().lower()]
    except (KeyError, AttributeError):
        raise ValueError(f"unknown label {_shown(text)}") from None
