"""Actions refuse values no action can hold when they are built (R-SET-1, R-TURN-1, R-CALL-1)."""

from __future__ import annotations

import pytest

import morpyam as mp


@pytest.mark.parametrize(
    ("build", "rule"),
    [
        (lambda: mp.Roll(keep=5), "R-SET-1"),  # type: ignore[arg-type]
        (lambda: mp.Roll(keep=(0,)), "R-SET-1"),
        (lambda: mp.Roll(keep=(1, 1, 1, 1, 1)), "R-TURN-1"),  # one die at least is rerolled
        (lambda: mp.Roll(call="MINI"), "R-CALL-1"),  # type: ignore[arg-type]
        (lambda: mp.RollResult(()), "R-SET-1"),
        (lambda: mp.RollResult((7,)), "R-SET-1"),
        (lambda: mp.RollResult((True, 2)), "R-SET-1"),
        (lambda: mp.Place("z99x"), "R-SET-1"),
        (lambda: mp.Place(3), "R-SET-1"),  # type: ignore[arg-type]
        (lambda: mp.DealTile("MINI"), "R-VAR-PLUS"),  # type: ignore[arg-type]
        (lambda: mp.PlaceTile(mp.Figure.MINI, (0, 0)), "R-SET-1"),  # type: ignore[arg-type]
    ],
)
def test_values_no_action_can_hold(build: object, rule: str) -> None:
    with pytest.raises(mp.IllegalActionError) as caught:
        build()  # type: ignore[operator]
    assert caught.value.rule == rule


def test_faces_are_stored_sorted() -> None:
    # R-SET-1: dice are a multiset; the order they are given in does not matter
    assert mp.RollResult((3, 1, 2)) == mp.RollResult([1, 2, 3])
    assert mp.Roll(keep=[5, 2]) == mp.Roll(keep=(2, 5))
    assert mp.Place("c4") == mp.Place(mp.Cell(3, 2))
