"""Cells, the classic grid and the grid text format (R-SET-1, R-LINE-1, R-GRID-1, R-GRID-2)."""

from __future__ import annotations

from collections import Counter

import pytest

import morpyam as mp

F, S = mp.Figure, mp.Special
CLASSIC = mp.Layout.classic()


def test_cell_text() -> None:
    assert str(mp.Cell(row=3, col=2)) == "c4"
    assert mp.Cell.parse("c4") == mp.Cell(3, 2)
    assert mp.Cell.parse(" A1 ") == mp.Cell(0, 0)
    for bad in ("4c", "c0", "c", "", "cc4"):
        with pytest.raises(ValueError, match="column letter"):
            mp.Cell.parse(bad)
    with pytest.raises(ValueError, match="int >= 0"):
        mp.Cell(-1, 0)
    with pytest.raises(ValueError, match="int >= 0"):
        mp.Cell(True, 0)


def test_classic_grid_is_six_by_six() -> None:
    # R-SET-1: 36 cells, 6×6, each with one label
    assert (CLASSIC.height, CLASSIC.width, len(CLASSIC.cells)) == (6, 6, 36)
    assert CLASSIC.cells[0] == mp.Cell(0, 0)
    assert CLASSIC.cells[-1] == mp.Cell(5, 5)
    assert list(CLASSIC) == list(CLASSIC.cells)


def test_classic_grid_counts() -> None:
    # R-GRID-1: the border has three Brelans of each face and 2 small straights;
    # the centre two cells of each hard label
    border = [c for c in CLASSIC.cells if c.row in (0, 5) or c.col in (0, 5)]
    centre = [c for c in CLASSIC.cells if c not in border]
    assert len(border) == 20
    assert len(centre) == 16
    on_border = Counter(CLASSIC[c] for c in border)
    assert on_border == {**{f: 3 for f in F if f.brelan_face}, F.SMALL_STRAIGHT: 2}
    hard = [F.MORPYAM, F.FOUR_OF_A_KIND, F.FULL_HOUSE, F.STRAIGHT, F.MINI, F.MAXI, S.SEC, S.CALL]
    assert Counter(CLASSIC[c] for c in centre) == dict.fromkeys(hard, 2)


def test_classic_arrangement() -> None:
    # R-GRID-2, cells read off the printed table by hand
    expected = {
        "a1": F.THREE_ONES,
        "f1": F.THREE_SIXES,
        "b2": F.MORPYAM,
        "e5": F.MORPYAM,
        "c3": S.SEC,
        "d4": S.SEC,
        "d3": S.CALL,
        "c4": S.CALL,
        "f3": F.SMALL_STRAIGHT,
        "a4": F.SMALL_STRAIGHT,
        "b4": F.MAXI,
        "e2": F.MINI,
        "f6": F.THREE_ONES,
    }
    for text, label in expected.items():
        assert CLASSIC[mp.Cell.parse(text)] is label
    assert CLASSIC.cells_with(S.CALL) == (mp.Cell.parse("d3"), mp.Cell.parse("c4"))


def test_lines() -> None:
    # R-LINE-1: 6 rows, 6 columns and, per diagonal direction, the 7 diagonals of 3 to 6 cells
    lengths = Counter(len(line) for line in CLASSIC.lines)
    assert lengths == {6: 6 + 6 + 2, 5: 4, 4: 4, 3: 4}
    assert len(CLASSIC.lines) == 26
    assert len(set(CLASSIC.lines)) == 26
    a1_diagonal = (0, 7, 14, 21, 28, 35)
    assert a1_diagonal in CLASSIC.lines
    assert (2, 9, 16, 23) in CLASSIC.lines  # c1-d2-e3-f4
    assert (2, 7, 12) in CLASSIC.lines  # c1-b2-a3, a diagonal of 3 cells
    assert (1, 6) not in CLASSIC.lines  # b1-a2: 2 cells, not a line


def test_off_grid_cells() -> None:
    assert mp.Cell(6, 0) not in CLASSIC
    with pytest.raises(KeyError, match="off the"):
        CLASSIC[mp.Cell(0, 6)]


def test_text_round_trip() -> None:
    assert mp.Layout.parse(str(CLASSIC)) == CLASSIC
    assert eval(repr(CLASSIC), {"Layout": mp.Layout}) == CLASSIC
    assert mp.Layout.flash() != CLASSIC


def test_parse_accepts_codes_names_and_comments() -> None:
    text = """
    # a 3×3 practice grid
    3x1 MORPYAM sec
    4K  FUL     CAL
    SS  STR     3×6
    """
    layout = mp.Layout.parse(text, shape=(3, 3))
    assert layout[mp.Cell.parse("b1")] is F.MORPYAM
    assert layout[mp.Cell.parse("c1")] is S.SEC
    assert layout[mp.Cell.parse("c3")] is F.THREE_SIXES
    assert mp.Layout.parse(text, shape=None) == layout


@pytest.mark.parametrize(
    ("text", "line", "column", "reason"),
    [
        ("3x1 3x2 3x3\n4K BAD FUL\nSS STR MOR", 2, 4, "unknown label 'BAD'"),
        ("3x1 3x2 3x3\n4K FUL\nSS STR MOR", 2, 7, "2 labels in this row, expected 3"),
        ("3x1 3x2 3x3\n4K FUL MIN MAX\nSS STR MOR", 2, 12, "4 labels in this row, expected 3"),
        ("3x1 3x2 3x3\n4K FUL MIN", 3, 1, "2 rows, expected 3"),
        ("3x1 3x2 3x3\n4K FUL MIN\nSS STR MOR\nSS STR MOR", 4, 1, "more than 3 rows"),
        ("1: 3x1 3x2 3x3\n3: 4K FUL MIN\nSS STR MOR", 2, 1, "row number '3'"),
        ("", 1, 1, "no rows"),
    ],
)
def test_parse_errors_name_line_and_column(text: str, line: int, column: int, reason: str) -> None:
    with pytest.raises(mp.LayoutError) as caught:
        mp.Layout.parse(text, shape=(3, 3))
    error = caught.value
    assert (error.line, error.column) == (line, column)
    assert reason in error.reason
    assert isinstance(error, ValueError)
    assert str(error).startswith(f"line {line}, column {column}: ")


def test_layout_values_are_checked() -> None:
    with pytest.raises(ValueError, match="row 2 has 1 cells"):
        mp.Layout([[F.MINI, F.MAXI], [F.MINI]])
    with pytest.raises(ValueError, match="not a Figure"):
        mp.Layout([["MIN"]])  # type: ignore[list-item]
    with pytest.raises(ValueError, match="at least one row"):
        mp.Layout([])


def test_flash_grid() -> None:
    # R-VAR-FLASH: no MINI, MAXI, SEC or CALL; each replaced as documented
    flash = mp.Layout.flash()
    assert not {F.MINI, F.MAXI, S.SEC, S.CALL} & set(flash.labels)
    swaps = {F.MINI: F.FULL_HOUSE, F.MAXI: F.FOUR_OF_A_KIND, S.SEC: F.SMALL_STRAIGHT}
    swaps[S.CALL] = F.STRAIGHT
    for cell in CLASSIC.cells:
        assert flash[cell] is swaps.get(CLASSIC[cell], CLASSIC[cell])


def test_repr_round_trips_for_any_shape() -> None:
    small = mp.Layout.parse("MOR 4K SEC\nCAL SS 3x1", shape=None)
    assert eval(repr(small), {"Layout": mp.Layout}) == small


def test_the_classic_grid_prints_as_the_rule_book_draws_it() -> None:
    # R-GRID-2: the arrangement as RULES.md draws it, labels left-aligned in columns,
    # no space at the end of a line
    assert str(mp.Layout.classic()) == (
        "1:  3×1  3×2  3×3  3×4  3×5  3×6\n"
        "2:  3×4  MOR  4K   STR  MIN  3×3\n"
        "3:  3×6  FUL  SEC  CAL  MAX  SS\n"
        "4:  SS   MAX  CAL  SEC  FUL  3×5\n"
        "5:  3×1  MIN  STR  4K   MOR  3×2\n"
        "6:  3×6  3×5  3×4  3×3  3×2  3×1"
    )


def test_a_cells_text_is_a_key_of_the_layout() -> None:
    # R-SET-1: the grid's cells, named as players name them ("f1" is the 3×6 of the classic grid).
    layout = mp.Layout.classic()
    assert layout["f1"] is layout[mp.Cell.parse("f1")] is mp.Figure.THREE_SIXES
    assert layout[" F1 "] is mp.Figure.THREE_SIXES
    for key in ("f1", " a6 ", mp.Cell.parse("a6")):
        assert key in layout
    for missing in ("g1", "a7", "z0", "", 3, mp.Cell(6, 0)):
        assert missing not in layout
    with pytest.raises(KeyError, match="off the 6×6 grid"):
        layout["a7"]
    with pytest.raises(KeyError, match="names no cell"):
        layout["z0"]
    with pytest.raises(KeyError, match="names no cell"):
        layout[3]  # type: ignore[index]
