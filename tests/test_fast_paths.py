"""The engine's fast constructor makes ordinary, frozen States (issue 12)."""

from __future__ import annotations

import copy
import pickle
import random
from typing import Any

import attrs
import pytest

import morpyam as mp
from morpyam.state import State, _build_state


def _states() -> list[State]:
    """States of every kind from random games of each preset, made by the engine."""
    rng = random.Random(12)
    states = []
    for rules in (mp.Rules.classic(), mp.Rules.official(3), mp.Rules.flash(4), mp.Rules.plus()):
        state = mp.new_game(rules)
        while not state.winners:
            states.append(state)
            if state.is_chance:
                state = mp.apply(state, mp.sample_chance(state, rng))
            else:
                state = mp.apply(state, rng.choice(mp.legal_actions(state)))
        states.append(state)
    return states


def test_engine_states_equal_states_built_by_attrs() -> None:
    for state in _states():
        values = attrs.astuple(state, recurse=False)
        twin = State(*values)
        assert type(state) is State
        assert state == twin
        assert hash(state) == hash(twin)
        assert _build_state(*values) == twin


def test_built_states_are_frozen_and_copy_like_any_state() -> None:
    state = mp.apply(mp.new_game(mp.Rules.classic(), first_player=0), mp.Roll())
    with pytest.raises(attrs.exceptions.FrozenInstanceError):
        state.player = 1  # type: ignore[misc]
    with pytest.raises(AttributeError):
        state.extra = 1  # type: ignore[attr-defined]
    assert pickle.loads(pickle.dumps(state)) == state
    assert copy.deepcopy(state) == state
    assert attrs.evolve(state, rolls=2).rolls == 2
    assert state.rolls == 0


def test_build_state_takes_every_attribute_in_order() -> None:
    names: list[Any] = [field.name for field in attrs.fields(State)]
    state = _build_state(*names)
    assert [getattr(state, name) for name in names] == names
    with pytest.raises(TypeError):
        _build_state(*names[:-1])


def test_every_attribute_of_an_engine_state_is_set() -> None:
    # the hot transitions write their stores out: none may be forgotten
    names = [field.name for field in attrs.fields(State)]
    for state in _states():
        missing = [name for name in names if not hasattr(state, name)]
        assert missing == []


def test_a_warm_rules_value_pickles_to_its_knobs_only() -> None:
    rules = mp.Rules.classic()
    fresh = len(pickle.dumps(rules))
    rng = random.Random(3)
    state = mp.new_game(rules)
    while not state.winners:
        if state.is_chance:
            state = mp.apply(state, mp.sample_chance(state, rng))
        else:
            state = mp.apply(state, rng.choice(mp.legal_actions(state)))
    assert rules._roll_tails  # the engine's memo is warm
    assert len(pickle.dumps(rules)) == fresh
    again = pickle.loads(pickle.dumps(state))
    assert again == state
    assert again.rules._roll_tails == {}
    assert mp.legal_actions(again) == ()


def test_the_memo_answers_like_a_fresh_rules_value() -> None:
    # one warm Rules against an equal Rules with an empty memo, state by state
    for state in _states():
        if state.is_chance or state.winners:
            continue
        cold = attrs.evolve(state, rules=attrs.evolve(state.rules))
        assert mp.legal_actions(state) == mp.legal_actions(cold)


def test_a_resignation_keeps_the_figures_of_the_turn_in_play() -> None:
    # R-END-4 with R-CALL-7 read as "the figures obtained before" (call_miss_loses):
    # player 2 leaves while player 0 is on a missed third call; the ones of the
    # earlier rolls stay lost to player 0
    rules = attrs.evolve(mp.Rules.classic(3), call_miss_loses="earlier_figures")
    state = mp.new_game(rules, first_player=0)
    state = mp.apply(mp.apply(state, mp.Roll()), mp.RollResult((1, 1, 1, 5, 6)))
    state = mp.apply(mp.apply(state, mp.Roll((1, 1, 1, 5))), mp.RollResult((6,)))
    call = mp.Roll((1, 1, 1), mp.Figure.FOUR_OF_A_KIND)
    state = mp.apply(mp.apply(state, call), mp.RollResult((3, 3)))
    after = mp.resign(state, 2)
    assert after.seen == state.seen
    assert mp.Figure.THREE_ONES in after.seen
    assert mp.legal_actions(after) == mp.legal_actions(state)


def test_hand_made_unsorted_dice_get_a_value_error() -> None:
    state = mp.apply(mp.new_game(mp.Rules.classic(), first_player=0), mp.Roll())
    state = mp.apply(state, mp.RollResult((1, 2, 3, 3, 3)))
    unsorted = attrs.evolve(state, dice=(3, 3, 3, 2, 1))
    with pytest.raises(ValueError, match="R-SET-1"):
        mp.apply(unsorted, mp.Roll((3,)))
    in_air = attrs.evolve(mp.apply(state, mp.Roll((3, 3, 3))), kept=(3, 1))
    with pytest.raises(ValueError, match="R-TURN-1"):
        mp.apply(in_air, mp.RollResult((2, 2, 2)))
