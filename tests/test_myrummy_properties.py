"""Invariants of MyRummy over random games: tiles conserved, table valid, no leaks, no mutation."""

from __future__ import annotations

import random
from collections import Counter

import attrs
from hypothesis import given, settings
from hypothesis import strategies as st
from hypothesis_profiles import examples

import morpyam.myrummy as mr

RULES = [
    attrs.evolve(mr.Rules.classic(2), rack_size=8),
    attrs.evolve(mr.Rules.classic(3), rack_size=5, rounds=2),
    attrs.evolve(mr.Rules.rummikub(4), rack_size=5, timeout_penalty=1),
]


def all_tiles(state: mr.State) -> Counter[mr.Tile]:
    found: Counter[mr.Tile] = Counter()
    for rack in state.racks:
        found.update(rack)
    for meld in state.table:
        found.update(meld.tiles)
    found.update(state.pool_tiles)
    return found


def step(state: mr.State, rng: random.Random) -> mr.State:
    if state.is_chance:
        return mr.apply(state, mr.sample_chance(state, rng))
    roll = rng.random()
    size = sum(len(meld.tiles) for meld in state.table)
    if roll < 0.5 and size < 30:  # keeps the solver's work small
        small = size < 20  # plays() is exhaustive
        play = next(iter(mr.plays(state)), None) if small and roll < 0.25 else mr.best_play(state)
        if play is not None:
            return mr.apply(state, play)
    actions = mr.legal_actions(state)
    return mr.apply(state, actions[0] if roll < 0.97 else rng.choice(actions))


@settings(max_examples=examples(5), deadline=None)
@given(st.integers(0, 10**6), st.sampled_from(RULES))
def test_invariants_over_random_games(seed: int, rules: mr.Rules) -> None:
    rng = random.Random(seed)
    state = mr.new_game(rules)
    full = Counter(dict.fromkeys(mr.TILES, 2))
    for _ in range(150):
        if state.is_terminal:
            break
        # R-RUM-SET-1: the 106 tiles are all somewhere
        assert all_tiles(state) == full
        assert (
            sum(len(rack) for rack in state.racks)
            + state.pool_size
            + sum(len(meld.tiles) for meld in state.table)
            == 106
        )
        # R-RUM-MELD-1 / R-RUM-MELD-2: the table is valid at every node
        for meld in state.table:
            assert type(meld)(meld.tiles) == meld
        # R-RUM-SET-2: an observation does not depend on the other racks
        for player in range(state.players):
            seen = mr.observe(state, player)
            other = mr.determinise(seen, rng)
            assert mr.observe(other, player) == seen
            assert all_tiles(other) == full
        frozen = attrs.evolve(state)
        after = step(state, rng)
        assert state == frozen  # apply never mutates
        state = after
    assert all_tiles(state) == full or state.is_terminal
