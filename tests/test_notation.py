"""Action notation: ``parse_action(str(action)) == action`` and errors that point at the word."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

import morpyam as mp

F = mp.Figure
LABELS = st.sampled_from([*mp.Figure, *mp.Special])
FACES = st.integers(1, 6)
CELLS = st.builds(mp.Cell, st.integers(0, 25), st.integers(0, 25))
ACTIONS = st.one_of(
    st.builds(mp.Roll, st.lists(FACES, max_size=4).map(tuple), st.none() | LABELS),
    st.builds(mp.RollResult, st.lists(FACES, min_size=1, max_size=5).map(tuple)),
    st.builds(mp.Place, CELLS),
    st.just(mp.Pass()),
    st.builds(mp.DealTile, LABELS),
    st.builds(mp.PlaceTile, LABELS, CELLS),
)


@given(ACTIONS)
def test_round_trip(action: mp.Action) -> None:
    text = str(action)
    assert mp.parse_action(text) == action
    assert mp.parse_action(f"  {text.upper()}  ") == action


def test_examples() -> None:
    assert str(mp.Roll((5, 3, 3), F.FULL_HOUSE)) == "roll keep 3 3 5 call full-house"
    assert mp.parse_action("roll keep 3 3 5 call full-house") == mp.Roll((3, 3, 5), F.FULL_HOUSE)
    assert mp.parse_action("roll call sec") == mp.Roll(call=mp.Special.SEC)
    assert mp.parse_action("roll call 4K") == mp.Roll(call=F.FOUR_OF_A_KIND)
    assert mp.parse_action("dice 3 3 5 1 2") == mp.RollResult((1, 2, 3, 3, 5))
    assert mp.parse_action("place c4") == mp.Place(mp.Cell(3, 2))
    assert mp.parse_action("pass") == mp.Pass()
    assert mp.parse_action("deal three-ones") == mp.DealTile(F.THREE_ONES)
    assert mp.parse_action("lay small-straight f3") == mp.PlaceTile(F.SMALL_STRAIGHT, "f3")


@pytest.mark.parametrize(
    ("text", "column", "reason"),
    [
        ("", 1, "an action is expected"),
        ("jump c4", 1, "'jump' is not an action"),
        ("roll keep 3 7", 13, "'7' is not a die face"),
        ("roll keep call mini", 11, "faces to keep expected"),
        ("roll call", 10, "a label expected"),
        ("roll call fullhouse", 11, "'fullhouse' is not a label"),
        ("roll keep 1 2 3 4 5", 1, "at most 4 dice can be kept"),
        ("dice", 5, "die faces expected"),
        ("dice 1 2 3 4 5 6", 1, "1 to 5 dice are thrown"),
        ("place", 6, "a cell expected"),
        ("place 4c", 7, "'4c' is not a cell"),
        ("place c4 now", 10, "unexpected 'now'"),
        ("pass please", 6, "unexpected 'please'"),
        ("lay mini", 9, "a cell expected"),
    ],
)
def test_errors_point_at_the_word(text: str, column: int, reason: str) -> None:
    with pytest.raises(mp.NotationError) as caught:
        mp.parse_action(text)
    assert caught.value.column == column
    assert reason in caught.value.reason
    assert isinstance(caught.value, ValueError)


def test_not_text() -> None:
    with pytest.raises(mp.NotationError, match="an action is text"):
        mp.parse_action(None)  # type: ignore[arg-type]
