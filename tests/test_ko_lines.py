"""The KO check (R-END-1) against a brute-force count along every line of the grid."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st
from hypothesis_profiles import examples

import morpyam as mp
from morpyam.scoring import is_ko

CLASSIC = mp.Layout.classic()
TALL = mp.Layout([[mp.Figure.THREE_ONES]] * 9)


def longest_run_through(layout: mp.Layout, owners: tuple[int | None, ...], index: int) -> int:
    """R-LINE-1: the longest run of the owner's tokens through ``index``, line by line."""
    best = 0
    for line in layout.lines:
        if index not in line:
            continue
        runs: list[list[int]] = [[]]
        for cell in line:
            if owners[cell] == owners[index]:
                runs[-1].append(cell)
            else:
                runs.append([])
        best = max(best, *(len(run) for run in runs if index in run))
    return best


@settings(max_examples=examples(300), deadline=None)
@given(
    st.sampled_from([CLASSIC, TALL]).flatmap(
        lambda layout: st.tuples(
            st.just(layout),
            st.lists(st.sampled_from([None, 0, 1]), min_size=len(layout), max_size=len(layout)),
            st.integers(0, len(layout) - 1),
            st.integers(3, 7),
        )
    )
)
def test_is_ko_agrees_with_a_count_along_the_lines(
    case: tuple[mp.Layout, list[int | None], int, int],
) -> None:
    # R-END-1: a KO is `length` or more consecutive tokens of one player on a line
    layout, owners, index, length = case
    owners[index] = 0
    board = tuple(owners)
    assert is_ko(layout, board, index, length) == (
        longest_run_through(layout, board, index) >= length
    )


def test_a_run_completed_at_either_end() -> None:
    # R-END-1 on row 1: the token that completes five may be at the left end, the right end
    # or inside; a token of the same player at the far end of the line is not in the run
    row = [CLASSIC.index(mp.Cell.parse(f"{col}1")) for col in "abcdef"]
    for placed in row[:5]:
        owners: list[int | None] = [None] * len(CLASSIC)
        for index in row[:5]:
            owners[index] = 0
        assert is_ko(CLASSIC, tuple(owners), placed, 5)
    owners = [None] * len(CLASSIC)
    for index in (row[0], row[1], row[2], row[3], row[5]):
        owners[index] = 0
    assert not is_ko(CLASSIC, tuple(owners), row[0], 5)  # a b c d . f: four, not five
    owners = [None] * len(CLASSIC)
    for index in (row[1], row[2], row[3], row[4], row[5]):
        owners[index] = 0
    assert is_ko(CLASSIC, tuple(owners), row[1], 5)  # b to f, from its left end
    assert not is_ko(CLASSIC, tuple(owners), row[1], 6)
