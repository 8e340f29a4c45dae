"""Hypothesis strategies for property-testing programs that use the score-sheet game.

They need Hypothesis (``pip install hypothesis``), which morpyam itself does
not depend on. Draw dice, boxes, rules, sheets filled by play, and
**reachable** states (made by random legal play from ``new_game``, never
built by hand), then the legal actions there:

```python
from hypothesis import given
import morpyam.yahtzee as yz
from morpyam.yahtzee import strategies as yst

@given(yst.states())
def test_my_app_shows_every_sheet(state: yz.State) -> None:
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
        "morpyam.yahtzee.strategies needs Hypothesis, which morpyam does not install: "
        "pip install hypothesis",
        name=missing.name,
    ) from None

from morpyam.yahtzee.actions import Action
from morpyam.yahtzee.engine import MAX_GAMES, apply, legal_actions, new_game, sample_chance
from morpyam.yahtzee.rules import BOXES, COMPARISONS, JOKERS, PRESETS, Box, Rules
from morpyam.yahtzee.state import Sheet, State

__all__ = ["boxes", "dice", "legal_actions_of", "rules", "sheets", "states"]


def dice() -> st.SearchStrategy[tuple[int, int, int, int, int]]:
    """Five faces from 1 to 6, in any order (an ordered roll)."""
    face = st.integers(1, 6)
    return st.tuples(face, face, face, face, face)


def boxes() -> st.SearchStrategy[Box]:
    """Any of the 13 boxes."""
    return st.sampled_from(BOXES)


@st.composite
def _rules(draw: st.DrawFn, knobs: bool) -> Rules:
    make: Callable[[int], Rules] = draw(st.sampled_from(list(PRESETS.values())))
    preset = make(draw(st.integers(1, 4)))
    if not knobs:
        return preset
    return attrs.evolve(
        preset,
        upper_bonus=draw(st.sampled_from([35, 0, 50])),
        bonus_threshold=draw(st.sampled_from([63, 1, 40, 105])),
        bonus_comparison=draw(st.sampled_from(COMPARISONS)),
        yahtzee_bonus=draw(st.sampled_from([0, 100, 50])),
        joker=draw(st.sampled_from(JOKERS)),
        zero_only_when_nothing_fits=draw(st.booleans()),
    )


def rules(*, knobs: bool = True) -> st.SearchStrategy[Rules]:
    """A preset for 1 to 4 players, with valid random knobs (bonuses, joker rule, Y-BOX-8
    reading) unless ``knobs`` is false."""
    return _rules(knobs)


def _step(state: State, rng: random.Random) -> State:
    if state.is_chance:
        return apply(state, sample_chance(state, rng))
    return apply(state, rng.choice(legal_actions(state)))


@st.composite
def _states(
    draw: st.DrawFn,
    rules_strategy: st.SearchStrategy[Rules],
    players: int | None,
    games: int | None,
    max_steps: int,
) -> State:
    game_rules = draw(rules_strategy)
    if players is not None and players != game_rules.players:
        game_rules = attrs.evolve(game_rules, players=players)
    columns = games if games is not None else draw(st.sampled_from([1, 1, 2, MAX_GAMES]))
    steps = draw(st.integers(0, max_steps))
    rng = random.Random(draw(st.integers(0, 2**32 - 1)))
    state = new_game(game_rules, games=columns)
    for _ in range(steps):
        if state.is_terminal:
            break
        state = _step(state, rng)
    return state


def states(
    rules: Rules | None = None,
    *,
    players: int | None = None,
    games: int | None = None,
    max_steps: int = 400,
) -> st.SearchStrategy[State]:
    """A state reached by up to ``max_steps`` random legal steps from ``new_game``.

    ``rules`` fixes the rules (by default drawn from
    `rules`, 1 to 4 players), ``players`` and ``games``
    the size of the game (by default the rules' ``players``, and 1, 2 or 6 games). A turn takes 2 to 6 steps, so a solitaire game of
    one sheet ends within 13 × 6 steps; terminal states and chance nodes are
    drawn too: filter with ``.filter(lambda s: s.current_player is not None)``
    for decisions.
    """
    strategy = st.just(rules) if rules is not None else _rules(True)
    return _states(strategy, players, games, max_steps)


@st.composite
def _sheets(draw: st.DrawFn, rules_strategy: st.SearchStrategy[Rules]) -> Sheet:
    game_rules = draw(rules_strategy)
    filled = draw(st.integers(0, len(BOXES)))
    rng = random.Random(draw(st.integers(0, 2**32 - 1)))
    state = new_game(game_rules)
    while state.sheet.filled.bit_count() < filled:
        state = _step(state, rng)
    return state.sheet


def sheets(rules: Rules | None = None) -> st.SearchStrategy[Sheet]:
    """A sheet with 0 to 13 boxes filled by random legal play under ``rules`` (drawn by
    default), bonuses included: every sheet drawn is one a game can reach."""
    return _sheets(st.just(rules) if rules is not None else _rules(True))


def legal_actions_of(state: State) -> st.SearchStrategy[Action]:
    """One of the legal actions at ``state`` (which must not be over).

    Raises:
        ValueError: once the game is over.
    """
    legal = legal_actions(state)
    if not legal:
        raise ValueError("the game is over: there is no legal action")
    return st.sampled_from(legal)
