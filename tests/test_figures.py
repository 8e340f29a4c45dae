"""The classifier against an oracle written from the rule text (section 2 of the rule book)."""

from __future__ import annotations

import itertools

import pytest

import morpyam as mp
from morpyam.figures import parse_label

F = mp.Figure
ORDERED = list(itertools.product(range(1, 7), repeat=5))


def oracle(roll: tuple[int, ...]) -> set[mp.Figure]:
    """section 2 of the rule book, read literally, with no shared code or tables."""
    shown = set()
    brelans = [
        F.THREE_ONES,
        F.THREE_TWOS,
        F.THREE_THREES,
        F.THREE_FOURS,
        F.THREE_FIVES,
        F.THREE_SIXES,
    ]
    for face, figure in zip(range(1, 7), brelans):
        if roll.count(face) >= 3:  # R-FIG-1
            shown.add(figure)
    faces = set(roll)
    for run in ({1, 2, 3, 4}, {2, 3, 4, 5}, {3, 4, 5, 6}):
        if run <= faces:  # R-FIG-2
            shown.add(F.SMALL_STRAIGHT)
    if sorted(roll) in ([1, 2, 3, 4, 5], [2, 3, 4, 5, 6]):  # R-FIG-3
        shown.add(F.STRAIGHT)
    counts = sorted(roll.count(face) for face in faces)
    if counts in ([2, 3], [5]):  # R-FIG-4: a five of a kind is also a Full
        shown.add(F.FULL_HOUSE)
    if max(roll.count(face) for face in faces) >= 4:  # R-FIG-5
        shown.add(F.FOUR_OF_A_KIND)
    if sum(roll) <= 8:  # R-FIG-6
        shown.add(F.MINI)
    if sum(roll) >= 27:  # R-FIG-7
        shown.add(F.MAXI)
    if len(faces) == 1:  # R-FIG-8
        shown.add(F.MORPYAM)
    return shown


def test_classify_matches_the_oracle_on_every_ordered_roll() -> None:
    # R-FIG-1 R-FIG-2 R-FIG-3 R-FIG-4 R-FIG-5 R-FIG-6 R-FIG-7 R-FIG-8
    for roll in ORDERED:
        assert mp.classify(roll) == oracle(roll), roll
        assert mp.classify(list(roll)) == mp.classify(roll)


def test_reference_counts() -> None:
    # R-FIG-9: counts over the 7,776 ordered rolls, as printed in the rules
    expected = {F.SMALL_STRAIGHT: 1200, F.STRAIGHT: 240, F.FULL_HOUSE: 306}
    expected |= {F.FOUR_OF_A_KIND: 156, F.MINI: 56, F.MAXI: 56, F.MORPYAM: 6}
    expected |= {figure: 276 for figure in F if figure.brelan_face}
    counts = {figure: sum(figure in mp.classify(roll) for roll in ORDERED) for figure in F}
    assert counts == expected
    sec = mp.Rules.classic().sec_figures
    assert sum(not sec.isdisjoint(mp.classify(roll)) for roll in ORDERED) == 736


def test_figures_are_not_exclusive() -> None:
    # R-FIG-1, R-FIG-2, R-FIG-4: a Morpyam of sixes is also a Brelan, a Carré, a Full, a Maxi
    assert mp.classify((6, 6, 6, 6, 6)) == {
        F.THREE_SIXES,
        F.FOUR_OF_A_KIND,
        F.FULL_HOUSE,
        F.MAXI,
        F.MORPYAM,
    }
    assert mp.classify((2, 3, 4, 5, 6)) == {F.SMALL_STRAIGHT, F.STRAIGHT}
    assert mp.classify((1, 1, 2, 2, 2)) == {F.THREE_TWOS, F.FULL_HOUSE, F.MINI}


@pytest.mark.parametrize(
    "bad",
    [(1, 2, 3, 4), (1, 2, 3, 4, 5, 6), (0, 1, 2, 3, 4), (1, 2, 3, 4, 7), ("1", 2, 3, 4, 5), None],
)
def test_classify_refuses_what_is_not_five_dice(bad: object) -> None:
    # R-SET-1: five six-sided dice
    with pytest.raises(ValueError, match="R-SET-1"):
        mp.classify(bad)  # type: ignore[arg-type]


def test_labels_read_codes_and_names() -> None:
    assert parse_label("3x4") is F.THREE_FOURS
    assert parse_label("3×4") is F.THREE_FOURS
    assert parse_label("full_house") is F.FULL_HOUSE
    assert parse_label("CAL") is mp.Special.CALL
    with pytest.raises(ValueError, match="unknown label"):
        parse_label("5K")
