"""Hypothesis strategies for property-testing programs that use morpyam.

They need Hypothesis (``pip install hypothesis``), which morpyam itself does
not depend on. Draw rolls, labels, grids and rules, and **reachable** states
(made by random legal play from ``new_game``, never built by hand), then the
actions that are or are not legal there:

```python
from hypothesis import given
import morpyam as mp
from morpyam import strategies as mst

@given(mst.states())
def test_my_app_shows_every_position(state: mp.State) -> None:
    assert my_app.render(state)  # your code
```
"""

from __future__ import annotations

import random
from collections.abc import Callable

import attrs

try:
    from hypothesis import strategies as st
except ModuleNotFoundError as missing:  # pragma: no cover - tested in a subprocess
    raise ModuleNotFoundError(
        "morpyam.strategies needs Hypothesis, which morpyam does not install: "
        "pip install hypothesis",
        name=missing.name,
    ) from None

from morpyam.actions import Action
from morpyam.description import random_action
from morpyam.engine import apply, legal_actions, new_game, sample_chance
from morpyam.figures import Figure, Label, Special
from morpyam.layouts import Cell, Layout
from morpyam.rules import PRESETS as RULE_PRESETS
from morpyam.rules import Rules
from morpyam.state import State

__all__ = [
    "cells",
    "dice",
    "figures",
    "illegal_actions",
    "labels",
    "layouts",
    "legal_actions_of",
    "rules",
    "states",
]

PRESETS: tuple[Callable[[int], Rules], ...] = tuple(RULE_PRESETS.values())


def dice() -> st.SearchStrategy[tuple[int, int, int, int, int]]:
    """Five faces from 1 to 6, in any order (an ordered roll)."""
    face = st.integers(1, 6)
    return st.tuples(face, face, face, face, face)


def figures() -> st.SearchStrategy[Figure]:
    """Any dice figure."""
    return st.sampled_from(Figure)


def labels() -> st.SearchStrategy[Label]:
    """Any grid label: a figure, SEC or CALL."""
    return st.sampled_from([*Figure, *Special])


def cells(layout: Layout | None = None) -> st.SearchStrategy[Cell]:
    """A cell of ``layout`` (the classic grid by default)."""
    grid = layout or Layout.classic()
    return st.sampled_from(grid.cells)


def layouts(min_side: int = 3, max_side: int = 7) -> st.SearchStrategy[Layout]:
    """A rectangle of random labels, ``min_side`` to ``max_side`` cells a side."""

    @st.composite
    def build(draw: st.DrawFn) -> Layout:
        height = draw(st.integers(min_side, max_side))
        width = draw(st.integers(min_side, max_side))
        row = st.lists(labels(), min_size=width, max_size=width)
        return Layout(draw(st.lists(row, min_size=height, max_size=height)))

    return build()


@st.composite
def _rules(draw: st.DrawFn, players: int | None, knobs: bool) -> Rules:
    count = players if players is not None else draw(st.sampled_from([2, 3, 4]))
    preset = draw(st.sampled_from(PRESETS))(count)
    if not knobs:
        return preset
    return attrs.evolve(
        preset,
        tokens_per_player=draw(
            st.just(preset.tokens_per_player) | st.integers(1, preset.tokens_per_player)
        ),
        ko_length=draw(st.sampled_from([5, None, 3, 4, 6])),
        voluntary_pass=draw(st.booleans()),
        called_morpyam_replays=draw(st.booleans()),
        forbid_calling_shown_figure=draw(st.booleans()),
        daversa=draw(st.sampled_from([None, "replay", "consecutive_turns"])),
    )


def rules(*, players: int | None = None, knobs: bool = True) -> st.SearchStrategy[Rules]:
    """A preset for ``players`` (2 to 4 when ``None``), with valid random knobs unless ``knobs`` is false."""
    return _rules(players, knobs)


@st.composite
def _states(draw: st.DrawFn, rules_strategy: st.SearchStrategy[Rules], max_steps: int) -> State:
    game_rules = draw(rules_strategy)
    steps = draw(st.integers(0, max_steps))
    rng = random.Random(draw(st.integers(0, 2**32 - 1)))
    first = draw(st.none() | st.integers(0, game_rules.players - 1))
    state = new_game(game_rules, first_player=first)
    for _ in range(steps):
        if state.is_terminal:
            break
        if state.is_chance:
            state = apply(state, sample_chance(state, rng))
        else:
            state = apply(state, rng.choice(legal_actions(state)))
    return state


def states(rules: Rules | None = None, *, max_steps: int = 300) -> st.SearchStrategy[State]:
    """A state reached by up to ``max_steps`` random legal steps from ``new_game``.

    ``rules`` fixes the rules; by default they are drawn from `rules`.
    Terminal states and chance nodes are drawn too: filter with
    ``.filter(lambda s: s.current_player is not None)`` for decision nodes.
    """
    return _states(st.just(rules) if rules is not None else _rules(None, True), max_steps)


def legal_actions_of(state: State) -> st.SearchStrategy[Action]:
    """One of the legal actions at ``state`` (which must not be over)."""
    legal = legal_actions(state)
    if not legal:
        raise ValueError("the game is over: there is no legal action")
    return st.sampled_from(legal)


def illegal_actions(state: State) -> st.SearchStrategy[Action]:
    """A well-formed action that ``apply`` refuses at ``state``."""
    legal = set(legal_actions(state))
    seeds = st.integers(0, 2**32 - 1)
    return seeds.map(lambda seed: random_action(state, random.Random(seed))).filter(
        lambda action: action not in legal
    )
