"""Cells and grids (R-SET-1, R-LINE-1, R-GRID-1, R-GRID-2).

A `Layout` is a frozen rectangle of labels.
Everything the engine asks of a grid (which cells a roll can cover, the lines
through a cell) is computed once when the layout is made, so play is table
look-ups.
"""

from __future__ import annotations

import functools
import re
import string
from collections.abc import Iterable, Iterator
from typing import Any

import attrs

from morpyam.dice import OUTCOMES
from morpyam.errors import LayoutError, _shown
from morpyam.figures import Figure, Label, Special, classify, parse_label

__all__ = ["MAX_PARSE_TEXT", "MAX_SIDE", "MIN_LINE", "Cell", "Layout", "LayoutError"]

MIN_LINE = 3
"""A line is a row, column or diagonal of at least three cells (R-LINE-1)."""

MAX_SIDE = 26
"""The most columns of any layout (they are named a to z), and the most rows
`Layout.parse` reads."""

MAX_PARSE_TEXT = 1024 * 1024
"""The longest text `Layout.parse` reads
(characters, 1 MiB); longer text is refused before it is parsed."""

_COLUMNS = string.ascii_lowercase
_CELL_TEXT = re.compile(r"([a-z])([1-9][0-9]*)")


def _non_negative(instance: object, attribute: attrs.Attribute[int], value: int) -> None:
    if type(value) is not int or value < 0:
        raise ValueError(f"Cell.{attribute.name} must be an int >= 0, got {_shown(value)}")


@attrs.frozen(order=True)
class Cell:
    """A grid position, 0-based: ``Cell(0, 2)`` is ``c1`` (column c, top row).

    Its text form is the column letter (``a`` on the left) and the row number
    (``1`` at the top), as on the printed grid.

    Examples:
        >>> Cell.parse("c4")
        Cell(row=3, col=2)
        >>> str(Cell(row=3, col=2))
        'c4'
    """

    row: int = attrs.field(validator=_non_negative)
    col: int = attrs.field(validator=_non_negative)

    def __attrs_post_init__(self) -> None:
        if self.col >= len(_COLUMNS):
            raise ValueError(f"columns go from a to z, got column index {self.col}")

    def __str__(self) -> str:
        return f"{_COLUMNS[self.col]}{self.row + 1}"

    @classmethod
    def parse(cls, text: str) -> Cell:
        """Read a cell from its text form, such as ``"c4"``.

        Raises:
            ValueError: for anything else.
        """
        match = _CELL_TEXT.fullmatch(text.strip().lower()) if isinstance(text, str) else None
        if match is None:
            raise ValueError(
                f"a cell is a column letter and a row number, like c4: got {_shown(text)}"
            )
        return cls(row=int(match[2]) - 1, col=_COLUMNS.index(match[1]))


def _key_cell(key: object) -> Cell:
    """The cell a text key names; a key that names no cell is a missing key (`KeyError`)."""
    try:
        return Cell.parse(key)  # type: ignore[arg-type]
    except ValueError:
        raise KeyError(
            f"{_shown(key)} names no cell: a cell is a column letter and a row number, like c4"
        ) from None


_DIRECTIONS = ((0, 1), (1, 0), (1, 1), (1, -1))

# The 252 outcomes show few distinct sets of figures: a grid finds the cells of each set once.
_GROUPS: dict[frozenset[Figure], list[tuple[int, ...]]] = {}
for _dice in OUTCOMES:
    _GROUPS.setdefault(classify(_dice), []).append(_dice)
_OUTCOMES_SHOWING = tuple((figures, tuple(outcomes)) for figures, outcomes in _GROUPS.items())
del _GROUPS, _dice

_CLASSIC = """
1:  3×1  3×2  3×3  3×4  3×5  3×6
2:  3×4  MOR  4K   STR  MIN  3×3
3:  3×6  FUL  SEC  CAL  MAX  SS
4:  SS   MAX  CAL  SEC  FUL  3×5
5:  3×1  MIN  STR  4K   MOR  3×2
6:  3×6  3×5  3×4  3×3  3×2  3×1
"""

_FLASH_SWAP: dict[Label, Label] = {
    Figure.MINI: Figure.FULL_HOUSE,
    Figure.MAXI: Figure.FOUR_OF_A_KIND,
    Special.SEC: Figure.SMALL_STRAIGHT,
    Special.CALL: Figure.STRAIGHT,
}


Rays = tuple[tuple[tuple[tuple[int, ...], int], ...], ...]
"""Per cell index, each line through the cell and the cell's position on it."""


@functools.lru_cache(maxsize=16)
def _geometry(
    height: int, width: int
) -> tuple[tuple[Cell, ...], tuple[tuple[int, ...], ...], Rays]:
    """The cells, the lines and, per cell, the lines through it with its position on each.

    Linear in the number of cells (each cell is on at most four lines, which
    are shared, not copied), and only a few shapes are kept.
    """
    cells = tuple(Cell(row, col) for row in range(height) for col in range(width))
    lines = _lines(height, width)
    rays: list[list[tuple[tuple[int, ...], int]]] = [[] for _ in cells]
    for through in lines:
        for pos, index in enumerate(through):
            rays[index].append((through, pos))
    return cells, lines, tuple(tuple(r) for r in rays)


def _lines(height: int, width: int) -> tuple[tuple[int, ...], ...]:
    """Every row, column and diagonal of at least MIN_LINE cells, as cell indices."""
    lines = []
    for dr, dc in _DIRECTIONS:
        for row in range(height):
            for col in range(width):
                if 0 <= row - dr < height and 0 <= col - dc < width:
                    continue  # not the first cell of its line
                line = []
                r, c = row, col
                while 0 <= r < height and 0 <= c < width:
                    line.append(r * width + c)
                    r, c = r + dr, c + dc
                if len(line) >= MIN_LINE:
                    lines.append(tuple(line))
    return tuple(lines)


def _tokens(line: str) -> list[tuple[int, str]]:
    """The words of a grid line with their 1-based columns; past MAX_SIDE + 2 words, one more.

    (A row number, MAX_SIDE labels and one too many are enough to say what is wrong.)
    """
    tokens = []
    for match in re.finditer(r"\S+", line):
        tokens.append((match.start() + 1, match.group()))
        if len(tokens) == MAX_SIDE + 3:
            break
    return tokens


def _to_grid(rows: Iterable[Iterable[Label]]) -> tuple[tuple[Label, ...], ...]:
    if isinstance(rows, (str, bytes)):
        raise ValueError("a layout is rows of labels; use Layout.parse for text")
    try:
        return tuple(tuple(row) for row in rows)
    except TypeError:
        raise ValueError(f"a layout is rows of labels, got {_shown(rows)}") from None


def _check_grid(
    instance: Layout, attribute: attrs.Attribute[Any], grid: tuple[tuple[Label, ...], ...]
) -> None:
    if not grid or not grid[0]:
        raise ValueError("a layout needs at least one row and one column")
    width = len(grid[0])
    if width > MAX_SIDE:
        raise ValueError(f"a layout has at most {MAX_SIDE} columns, got {width}")
    for number, row in enumerate(grid, 1):
        if len(row) != width:
            raise ValueError(f"row {number} has {len(row)} cells, row 1 has {width}")
        for label in row:
            if not isinstance(label, (Figure, Special)):
                raise ValueError(f"row {number}: {_shown(label)} is not a Figure or Special label")


@attrs.frozen(repr=False)
class Layout:
    """A grid of labels, row by row from the top (R-SET-1).

    ``layout[cell]`` is the label a cell shows, and a cell's text is a key as
    good as the `Cell` (``layout["c3"]``, ``"c3" in layout``); a key that names
    no cell of the grid raises `KeyError`. ``layout.cells`` lists the
    cells row by row. Any rectangle of labels is a layout; the game is played
    on 6×6 grids such as `classic`.
    """

    grid: tuple[tuple[Label, ...], ...] = attrs.field(converter=_to_grid, validator=_check_grid)

    cells: tuple[Cell, ...] = attrs.field(init=False, eq=False, repr=False)
    """Every cell, row by row from the top, left to right."""
    labels: tuple[Label, ...] = attrs.field(init=False, eq=False, repr=False)
    """The label of each cell, in the order of `cells`."""
    lines: tuple[tuple[int, ...], ...] = attrs.field(init=False, eq=False, repr=False)
    """Every line of at least `MIN_LINE` cells, as indices (R-LINE-1)."""
    # Engine tables: per cell index, each line through it and its position on
    # that line; per sorted outcome, the figure cells it covers.
    _rays: Rays = attrs.field(init=False, eq=False, repr=False)
    _covered_by: dict[tuple[int, ...], tuple[int, ...]] = attrs.field(
        init=False, eq=False, repr=False
    )
    _where: dict[Label, tuple[int, ...]] = attrs.field(init=False, eq=False, repr=False)

    def __attrs_post_init__(self) -> None:
        labels = tuple(label for row in self.grid for label in row)
        indices: dict[Label, list[int]] = {label: [] for label in (*Figure, *Special)}
        for i, label in enumerate(labels):
            indices[label].append(i)
        where = {label: tuple(found) for label, found in indices.items()}
        covered_by = {}
        for figures, outcomes in _OUTCOMES_SHOWING:
            showing = tuple(sorted(i for figure in figures for i in where[figure]))
            for dice in outcomes:
                covered_by[dice] = showing
        cells, lines, rays = _geometry(len(self.grid), len(self.grid[0]))
        object.__setattr__(self, "cells", cells)
        object.__setattr__(self, "labels", labels)
        object.__setattr__(self, "lines", lines)
        object.__setattr__(self, "_rays", rays)
        object.__setattr__(self, "_covered_by", covered_by)
        object.__setattr__(self, "_where", where)

    @property
    def height(self) -> int:
        """Number of rows."""
        return len(self.grid)

    @property
    def width(self) -> int:
        """Number of columns."""
        return len(self.grid[0])

    def __getitem__(self, cell: Cell | str) -> Label:
        return self.labels[self.index(cell)]

    def __contains__(self, cell: object) -> bool:
        if isinstance(cell, str):
            try:
                cell = Cell.parse(cell)
            except ValueError:
                return False
        return isinstance(cell, Cell) and cell.row < self.height and cell.col < self.width

    def __iter__(self) -> Iterator[Cell]:
        return iter(self.cells)

    def __len__(self) -> int:
        return len(self.cells)

    def index(self, cell: Cell | str) -> int:
        """The position of ``cell`` (a `Cell` or its text) in `cells`.

        Raises:
            KeyError: for a cell off the grid, or text that names no cell.
        """
        if not isinstance(cell, Cell):
            cell = _key_cell(cell)
        if cell not in self:
            raise KeyError(f"{cell} is off the {self.width}×{self.height} grid")
        return cell.row * self.width + cell.col

    def cells_with(self, label: Label) -> tuple[Cell, ...]:
        """The cells that show ``label``, row by row."""
        return tuple(cell for cell, shown in zip(self.cells, self.labels) if shown is label)

    def __repr__(self) -> str:
        for name in ("classic", "flash"):
            if self == getattr(Layout, name)():
                return f"Layout.{name}()"
        if (self.height, self.width) == (6, 6):
            return f"Layout.parse({str(self)!r})"
        return f"Layout.parse({str(self)!r}, shape=None)"

    def __str__(self) -> str:
        width = max(len(label.code) for label in self.labels)
        return "\n".join(
            f"{number}:  " + "  ".join(label.code.ljust(width) for label in row).rstrip()
            for number, row in enumerate(self.grid, 1)
        )

    @classmethod
    def parse(cls, text: str, *, shape: tuple[int, int] | None = (6, 6)) -> Layout:
        """Read a grid written as in R-GRID-2, one row per line.

        A row may start with its number and a colon (``"2:"``); labels are
        codes (``3×1`` or ``3x1``, ``SS``, ``STR``, ``FUL``, ``4K``, ``MIN``,
        ``MAX``, ``MOR``, ``SEC``, ``CAL``) or names (``FULL_HOUSE``), separated
        by spaces. Blank lines and lines starting with ``#`` are skipped.
        ``shape`` is the expected ``(rows, columns)``; ``None`` accepts any
        rectangle of at most `MAX_SIDE` rows and
        columns.

        Text longer than `MAX_PARSE_TEXT` is
        refused before it is read; reading stops at the first row too many,
        so time and memory stay linear in the text.

        Raises:
            LayoutError: naming the line and column of the first problem.
        """
        if not isinstance(text, str):
            raise LayoutError(f"a grid is text, not {type(text).__name__}", 1, 1)
        if len(text) > MAX_PARSE_TEXT:
            raise LayoutError(
                f"{len(text):,} characters; at most {MAX_PARSE_TEXT:,} are read", 1, 1
            )
        if shape is not None and not (
            isinstance(shape, tuple)
            and len(shape) == 2
            and all(type(side) is int and 1 <= side <= MAX_SIDE for side in shape)
        ):
            raise ValueError(
                f"shape must be None or (rows, columns) of ints 1 to {MAX_SIDE}, got {_shown(shape)}"
            )
        grid: list[list[Label]] = []
        last_line = 0
        for line_number, line in enumerate(text.splitlines(), 1):
            stripped = line.strip()
            if not stripped or stripped.startswith("#"):
                continue
            last_line = line_number
            if len(grid) == (shape[0] if shape else MAX_SIDE):
                raise LayoutError(f"more than {len(grid)} rows", line_number, 1)
            tokens = _tokens(line)
            column, first = tokens[0]
            if first.endswith(":"):
                expected = len(grid) + 1
                if first[:-1] != str(expected):
                    raise LayoutError(
                        f"row number {_shown(first[:-1])} where row {expected} was expected",
                        line_number,
                        column,
                    )
                tokens = tokens[1:]
            if not tokens:
                raise LayoutError("a row without labels", line_number, column)
            row: list[Label] = []
            for column, token in tokens:
                try:
                    row.append(parse_label(token))
                except ValueError:
                    raise LayoutError(
                        f"unknown label {_shown(token)}", line_number, column
                    ) from None
            width = shape[1] if shape else len(grid[0]) if grid else min(len(row), MAX_SIDE)
            if len(row) != width:
                count = str(len(row)) if len(row) <= MAX_SIDE + 1 else f"more than {MAX_SIDE + 1}"
                raise LayoutError(
                    f"{count} labels in this row, expected {width}",
                    line_number,
                    tokens[width][0] if len(row) > width else len(line.rstrip()) + 1,
                )
            grid.append(row)
        if not grid:
            raise LayoutError("no rows", 1, 1)
        if shape and len(grid) != shape[0]:
            raise LayoutError(f"{len(grid)} rows, expected {shape[0]}", last_line + 1, 1)
        return cls(grid)

    @classmethod
    def classic(cls) -> Layout:
        """The default classic grid (R-GRID-1, R-GRID-2): a documented reconstruction."""
        return _CLASSIC_LAYOUT

    @classmethod
    def flash(cls) -> Layout:
        """The Morpyam Flash grid (R-VAR-FLASH): the classic one with no counting or calling.

        MINI becomes FULL_HOUSE, MAXI FOUR_OF_A_KIND, SEC SMALL_STRAIGHT and
        CALL STRAIGHT (a documented reconstruction).
        """
        return _FLASH_LAYOUT


_CLASSIC_LAYOUT = Layout.parse(_CLASSIC)
_FLASH_LAYOUT = Layout(
    tuple(_FLASH_SWAP.get(label, label) for label in row) for row in _CLASSIC_LAYOUT.grid
)
