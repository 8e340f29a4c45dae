"""Invariants of the engine over random reachable states (Hypothesis drives random legal play)."""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

import attrs
import pytest
from hypothesis import event, given, settings
from hypothesis import strategies as st
from hypothesis_profiles import examples

import morpyam as mp
from morpyam.testing import EngineCheckError, check_engine, play_checked

ALL_LABELS: list[mp.Label] = [*mp.Figure, *mp.Special]


@st.composite
def rule_sets(draw: st.DrawFn) -> mp.Rules:
    """Presets, knob settings and readings of sections 1 to 8 of the rule book, for 2 to 4 players."""
    players = draw(st.sampled_from([2, 3, 4]))
    preset = draw(
        st.sampled_from([mp.Rules.classic, mp.Rules.official, mp.Rules.flash, mp.Rules.plus])
    )
    rules = preset(players)
    return attrs.evolve(
        rules,
        tokens_per_player=draw(st.just(rules.tokens_per_player) | st.integers(1, 17 // players)),
        ko_length=draw(st.sampled_from([5, 3, 6, None])),
        voluntary_pass=draw(st.booleans()),
        called_morpyam_replays=draw(st.booleans()),
        forbid_calling_shown_figure=draw(st.booleans()),
        daversa=draw(st.sampled_from([None, "replay", "consecutive_turns"])),
        **draw(st.just({}) | readings()),
    )


@st.composite
def readings(draw: st.DrawFn) -> dict[str, Any]:
    """A random combination of the readings of the rule texts (the fields after ``tile_setup``)."""
    return {
        "call_miss_loses": draw(st.sampled_from(["everything", "earlier_figures"])),
        "missed_call_voids": draw(st.sampled_from(["third_roll", "any_roll"])),
        "morpyam_at_once": draw(st.booleans()),
        "called_morpyam_cells": draw(st.sampled_from(["call", "call_or_morpyam"])),
        "sec_call_morpyam_replays": draw(st.booleans()),
        "lost_turns": draw(st.booleans()),
        "shown_figure_means": draw(st.sampled_from(["dice", "kept"])),
        "diagonals": draw(st.sampled_from(["all", "long"])),
        "call_needs_free_cell": draw(st.booleans()),
        "morpyam_is_full": draw(st.booleans()),
        "daversa_counts": draw(st.sampled_from(["placed", "rolled"])),
        "tie_break": draw(st.sampled_from(["shared", "fewest_tokens_left"])),
    }


def play(rules: mp.Rules, rng: random.Random, *, resign_rate: float = 0.0) -> mp.State:
    """A random game with every invariant checked at every step (morpyam.testing)."""
    return play_checked(rules, rng, resign_rate=resign_rate)


@settings(max_examples=examples(80))
@given(rules=rule_sets(), seed=st.integers(0, 2**64))
def test_random_games_keep_every_invariant(rules: mp.Rules, seed: int) -> None:
    end = play(rules, random.Random(seed))
    event(f"ended by {end.end_rule}")
    event(
        f"{sum(rules.tokens_per_player - left for left in end.tokens_left) // 5 * 5}+ tokens placed"
    )
    assert end.end_rule in {"R-END-1", "R-END-2", "R-MOR-3"}
    if end.end_rule == "R-END-2":
        assert 0 in end.tokens_left


@settings(max_examples=examples(25), deadline=None)
@given(
    preset=st.sampled_from([mp.Rules.classic, mp.Rules.official, mp.Rules.flash, mp.Rules.plus]),
    players=st.sampled_from([2, 3, 4]),
    knobs=readings(),
    seed=st.integers(0, 2**64),
)
def test_random_games_under_random_readings_keep_every_invariant(
    preset: Callable[[int], mp.Rules], players: int, knobs: dict[str, Any], seed: int
) -> None:
    # R-CALL-4 to R-CALL-8, R-FIG-4, R-MOR-1 to R-MOR-3, R-LINE-1, R-END-3, R-END-5: legal
    # actions are exactly those accepted, tokens are conserved, every game ends
    rules = attrs.evolve(preset(players), **knobs)
    end = play(rules, random.Random(seed))
    assert end.is_terminal
    assert check_engine(rules, games=1, seed=seed % 1000)[0].is_terminal


@settings(max_examples=examples(15), deadline=None)
@given(rules=rule_sets(), seed=st.integers(0, 2**64))
def test_random_games_with_resignations(rules: mp.Rules, seed: int) -> None:
    # R-END-4: resigned players never win and take no more turns
    end = play(rules, random.Random(seed), resign_rate=0.01)
    assert end.winners.isdisjoint(end.resigned)


@settings(max_examples=examples(50))
@given(seed=st.integers(0, 2**32 - 1))
def test_sample_chance_is_reproducible(seed: int) -> None:
    state = mp.apply(mp.new_game(mp.Rules.classic(), first_player=0), mp.Roll())
    assert mp.sample_chance(state, random.Random(seed)) == mp.sample_chance(
        state, random.Random(seed)
    )


def test_sample_chance_follows_the_exact_distribution() -> None:
    # the frequency of one outcome of 5 dice against its exact probability, within 5 sigma
    state = mp.apply(mp.new_game(mp.Rules.classic(), first_player=0), mp.Roll())
    rng = random.Random(7)
    draws = 60_000
    hits = sum(mp.sample_chance(state, rng) == mp.RollResult((1, 2, 3, 4, 5)) for _ in range(draws))
    expected = draws * 120 / 7776  # 5! orders of 1-2-3-4-5
    assert abs(hits - expected) < 5 * (expected**0.5)


def test_equal_positions_are_equal_however_reached() -> None:
    rules = mp.Rules.classic()
    start = mp.new_game(rules, first_player=0)
    called = mp.apply(mp.apply(start, mp.Roll(call=mp.Figure.MAXI)), mp.RollResult((1, 1, 2, 3, 5)))
    plain = mp.apply(mp.apply(start, mp.Roll()), mp.RollResult((5, 3, 2, 1, 1)))
    # R-CALL-6: a missed call on the first roll leaves the turn as if none was made
    assert called == plain
    assert hash(called) == hash(plain)

    def turn(state: mp.State, faces: tuple[int, ...], cell: str) -> mp.State:
        state = mp.apply(mp.apply(state, mp.Roll()), mp.RollResult(faces))
        return mp.apply(state, mp.Place(mp.Cell.parse(cell)))

    one = turn(
        turn(turn(start, (1, 1, 1, 2, 3), "a1"), (6, 6, 6, 2, 3), "f1"), (3, 3, 3, 2, 4), "c1"
    )
    two = turn(
        turn(turn(start, (3, 3, 3, 2, 4), "c1"), (6, 6, 6, 2, 3), "f1"), (1, 1, 1, 2, 3), "a1"
    )
    assert one == two
    assert hash(one) == hash(two)
    assert one != turn(
        turn(turn(start, (3, 3, 3, 2, 4), "c1"), (6, 6, 6, 2, 3), "a6"), (1, 1, 1, 2, 3), "a1"
    )


def test_board_is_a_read_only_mapping() -> None:
    # R-SET-4: one token per cell; the board maps covered cells to their owner
    state = mp.new_game(mp.Rules.classic(), first_player=1)
    assert state.board == {}
    state = mp.apply(mp.apply(state, mp.Roll()), mp.RollResult((2, 2, 2, 5, 6)))
    state = mp.apply(state, mp.Place(mp.Cell.parse("b1")))
    assert state.board == {mp.Cell.parse("b1"): 1}
    assert mp.Cell.parse("b1") in state.board
    assert mp.Cell.parse("a1") not in state.board
    assert mp.Cell(9, 9) not in state.board
    assert len(state.board) == 1


PRESETS = [mp.Rules.classic, mp.Rules.official, mp.Rules.flash, mp.Rules.plus]


@pytest.mark.parametrize("players", [2, 3, 4])
@pytest.mark.parametrize("preset", PRESETS, ids=lambda preset: preset.__name__)
@settings(max_examples=examples(4))
@given(seed=st.integers(0, 2**64))
def test_every_preset_plays_to_the_end(
    preset: Callable[[int], mp.Rules], players: int, seed: int
) -> None:
    # R-SET-2 (2 to 4 players), R-VAR-2025, R-VAR-FLASH, R-VAR-PLUS: complete games through the API
    end = play(preset(players), random.Random(seed))
    assert end.is_terminal
    assert end.setup is None


@st.composite
def small_grids(draw: st.DrawFn) -> mp.Rules:
    """Rules on a random rectangle of labels: the engine reads sizes and lines from the layout."""
    height = draw(st.integers(3, 7))
    width = draw(st.integers(3, 7))
    labels = st.sampled_from(ALL_LABELS)
    grid = draw(
        st.lists(st.lists(labels, min_size=width, max_size=width), min_size=height, max_size=height)
    )
    layout = mp.Layout(grid)
    players = draw(st.integers(2, 4))
    tokens = draw(st.integers(1, len(layout) // players))
    longest = max(height, width)
    return attrs.evolve(
        mp.Rules.classic(players),
        layout=layout,
        tokens_per_player=tokens,
        ko_length=draw(st.sampled_from([None, *range(3, longest + 1)])),
        **draw(st.just({}) | readings()),
    )


@settings(max_examples=examples(40))
@given(rules=small_grids(), seed=st.integers(0, 2**64))
def test_games_on_other_grids_keep_every_invariant(rules: mp.Rules, seed: int) -> None:
    # R-SET-1, R-LINE-1: any rectangle given as data is played with its own lines
    end = play(rules, random.Random(seed))
    assert end.is_terminal


def test_check_engine_finds_a_broken_engine(monkeypatch: pytest.MonkeyPatch) -> None:
    """The conformance check can fail: an engine that lists a Pass it refuses is caught."""
    from morpyam import testing

    assert all(end.is_terminal for end in check_engine(mp.Rules.classic(2), games=2, seed=3))

    def listing_an_extra_pass(state: mp.State) -> tuple[mp.Action, ...]:
        legal = mp.legal_actions(state)
        if state.is_chance or state.is_terminal or mp.Pass() in legal:
            return legal
        return (*legal, mp.Pass())

    monkeypatch.setattr(testing, "legal_actions", listing_an_extra_pass)
    with pytest.raises(EngineCheckError, match="was refused"):
        check_engine(mp.Rules.classic(2), games=3, seed=3)
    with pytest.raises(ValueError, match="games"):
        check_engine(mp.Rules.classic(2), games=0)
