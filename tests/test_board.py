"""The views of a state: the board, a read-only mapping of covered cells to owners (R-SET-4), its text and its pictures."""

from __future__ import annotations

import attrs
import pytest

import morpyam as mp


def test_an_uncovered_or_off_grid_cell_is_a_missing_key() -> None:
    # R-SET-4: only covered cells are on the board; a Mapping names the missing key
    state = mp.new_game(mp.Rules.classic(), first_player=0)
    for key in (mp.Cell.parse("a1"), mp.Cell(6, 0), mp.Cell(0, 9), "a1"):
        with pytest.raises(KeyError) as info:
            state.board[key]
        assert info.value.args == (key,)
        assert state.board.get(key) is None


def _covered_a1_b1_f6() -> mp.State:
    # player 0 covers a1 and b1 (cells 0 and 1 of the 6×6 grid), player 1 covers f6 (cell 35)
    state = mp.new_game(mp.Rules.classic(), first_player=0)
    owners = (0, 0, *(None,) * 33, 1)
    return attrs.evolve(state, owners=owners, tokens_left=(15, 16))


@pytest.mark.parametrize(("text", "owner"), [("a1", 0), ("b1", 0), ("f6", 1), (" F6 ", 1)])
def test_a_covered_cell_answers_by_its_text_as_by_its_cell(text: str, owner: int) -> None:
    # R-SET-4: a covered cell named by its text (as Place takes it) is covered, never free
    board = _covered_a1_b1_f6().board
    cell = mp.Cell.parse(text)
    assert board[cell] == board[text] == owner
    assert board.get(cell) == board.get(text) == owner
    assert board.get(text, 7) == owner
    assert cell in board
    assert text in board  # type: ignore[comparison-overlap]


@pytest.mark.parametrize(
    "key",
    [
        "c3",  # free
        "g1",  # off the 6×6 grid: column g
        "a7",  # off the grid: row 7
        "z0",  # not a cell: no row 0
        "",
        "place a1",
        "a1b1",
        mp.Cell(6, 0),  # off the grid
        5,  # neither a Cell nor text
        None,
        ("a", 1),
    ],
)
def test_a_key_that_names_no_covered_cell_is_missing(key: object) -> None:
    # R-SET-4: only covered cells are on the board, whatever the key names
    board = _covered_a1_b1_f6().board
    with pytest.raises(KeyError) as info:
        board[key]  # type: ignore[index]
    assert info.value.args == (key,)
    assert board.get(key) is None  # type: ignore[call-overload]
    assert board.get(key, "free") == "free"  # type: ignore[call-overload]
    assert key not in board


def test_the_board_iterates_over_cells_and_compares_with_a_dict_of_cells() -> None:
    # R-SET-4: three covered cells, keys are Cell values whatever key found them
    board = _covered_a1_b1_f6().board
    assert list(board) == [mp.Cell(0, 0), mp.Cell(0, 1), mp.Cell(5, 5)]
    assert len(board) == 3
    assert board == {mp.Cell(0, 0): 0, mp.Cell(0, 1): 0, mp.Cell(5, 5): 1}


def test_a_repr_lists_each_players_cells() -> None:
    # R-SET-4: player 0 covers a1 and b1 (cells 0 and 1 of the 6×6 grid), player 1 covers f6
    state = mp.new_game(mp.Rules.classic(), first_player=0)
    owners = (0, 0, *(None,) * 33, 1)
    state = attrs.evolve(state, owners=owners, tokens_left=(15, 16))
    assert dict(state.board) == {
        mp.Cell.parse("a1"): 0,
        mp.Cell.parse("b1"): 0,
        mp.Cell.parse("f6"): 1,
    }
    assert "; X0 a1 b1; O1 f6; tokens left 15, 16; " in repr(state)


def test_a_state_shows_as_text_and_as_a_picture() -> None:
    # R-SET-3: player 0 was chosen to start, nothing is placed yet
    state = mp.new_game(mp.Rules.classic(), first_player=0)
    text = str(state)
    assert text.splitlines()[-1] == "player 0 to roll"
    assert "3×1" in text  # the label of a1 on the classic grid (R-GRID-2)
    svg = state._repr_svg_()
    assert svg.startswith("<svg")
    assert svg.rstrip().endswith("</svg>")
