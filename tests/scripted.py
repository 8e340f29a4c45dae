"""Helpers for tests that script a game: a start with knobs, legal plays, rolls, refusals."""

from __future__ import annotations

from typing import Any

import attrs
import pytest

import morpyam as mp


def start(base: Any = mp.Rules.classic, players: int = 2, **knobs: Any) -> mp.State:
    """A game of the preset ``base`` with ``knobs`` changed, player 0 to move."""
    return mp.new_game(attrs.evolve(base(players), **knobs), first_player=0)


def play(state: mp.State, *actions: mp.Action) -> mp.State:
    """Apply ``actions``, each of which must be listed as legal."""
    for action in actions:
        assert action in mp.legal_actions(state), f"{action} should be legal"
        state = mp.apply(state, action)
    return state


def roll(
    state: mp.State, faces: tuple[int, ...], keep: tuple[int, ...] = (), call: Any = None
) -> mp.State:
    """Roll (keeping ``keep``, calling ``call``) and throw ``faces``."""
    return play(state, mp.Roll(keep=keep, call=call), mp.RollResult(faces))


def refusal(state: mp.State, action: mp.Action) -> mp.IllegalActionError:
    """The error ``apply`` raises for ``action``, which must not be listed as legal."""
    assert action not in mp.legal_actions(state)
    with pytest.raises(mp.IllegalActionError) as info:
        mp.apply(state, action)
    return info.value
