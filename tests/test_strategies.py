"""The public Hypothesis strategies produce what they promise."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from hypothesis_profiles import examples

import morpyam as mp
from morpyam import strategies as mst


@given(mst.dice())
def test_dice_are_five_faces(roll: tuple[int, ...]) -> None:
    # R-SET-1
    assert len(roll) == 5
    assert all(1 <= face <= 6 for face in roll)
    mp.classify(roll)


@given(mst.layouts(3, 5))
def test_layouts_have_the_asked_sides(layout: mp.Layout) -> None:
    assert 3 <= layout.height <= 5
    assert 3 <= layout.width <= 5


@given(mst.rules(players=3))
def test_rules_have_the_asked_players(rules: mp.Rules) -> None:
    # R-SET-2
    assert rules.players == 3
    assert rules.tokens_per_player <= 11


@settings(max_examples=examples(30))
@given(st.data())
def test_states_are_reachable_and_actions_split_by_legality(data: st.DataObject) -> None:
    state = data.draw(mst.states(max_steps=120))
    assert isinstance(state, mp.State)
    if state.is_terminal:
        with pytest.raises(ValueError, match="over"):
            mst.legal_actions_of(state)
        return
    legal = data.draw(mst.legal_actions_of(state))
    assert legal in mp.legal_actions(state)
    mp.apply(state, legal)
    illegal = data.draw(mst.illegal_actions(state))
    assert illegal not in mp.legal_actions(state)
    with pytest.raises(mp.IllegalActionError):
        mp.apply(state, illegal)


@settings(max_examples=examples(10))
@given(mst.states(mp.Rules.plus(2), max_steps=40))
def test_states_with_fixed_rules(state: mp.State) -> None:
    assert state.rules == mp.Rules.plus(2)


def test_from_type_through_the_entry_point() -> None:
    # installing morpyam registers the strategies (morpyam._hypothesis_hook); registering
    # again is harmless
    from morpyam._hypothesis_hook import _hypothesis_setup_hook

    _hypothesis_setup_hook()

    @settings(max_examples=examples(5))
    @given(st.from_type(mp.State), st.from_type(mp.Cell))
    def check(state: mp.State, cell: mp.Cell) -> None:
        assert isinstance(state, mp.State)
        assert cell in mp.Layout.classic()

    check()
