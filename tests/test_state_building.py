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
