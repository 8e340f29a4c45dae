"""The vector engine plays the scalar engine's game: a differential test, and its own errors."""

from __future__ import annotations

from typing import Any

import attrs
import numpy as np
import pytest
from hypothesis_profiles import examples

import morpyam as mp
from morpyam import vector
from morpyam.encoding import CALLS, Encoding, win_rewards
from morpyam.figures import Figure
from morpyam.rules import PRESETS as PRESETS_BY_NAME
from morpyam.vector import END_RULES, VectorEngine, unsupported

PRESETS = [(name, players) for name in ("classic", "official", "flash") for players in (2, 3, 4)]
KNOBS: list[dict[str, Any]] = [
    {"voluntary_pass": False},  # R-TURN-4
    {"morpyam_at_once": True},  # R-MOR-1
    {"missed_call_voids": "any_roll"},  # R-CALL-6
    {"called_morpyam_cells": "call_or_morpyam"},  # R-CALL-5
    {"sec_call_morpyam_replays": True, "called_morpyam_replays": False},  # R-MOR-2
    {"call_needs_free_cell": False},  # R-CALL-4
    {"morpyam_is_full": False},  # R-FIG-4
    {"diagonals": "long", "ko_length": 4},  # R-LINE-1, R-END-1
    {"tie_break": "fewest_tokens_left", "end_bonus": 0},  # R-END-3, R-END-2
    {"daversa": "replay"},  # R-MOR-3
    {"daversa": "consecutive_turns", "ko_length": None},  # R-MOR-3, R-END-1
    {"forbid_calling_shown_figure": True, "run_points": ((3, 1),)},  # R-CALL-8, R-LINE-2
    {"callable": frozenset({Figure.MINI, Figure.MAXI}), "sec_figures": frozenset({Figure.MINI})},
    {"call_miss_loses": "earlier_figures"},  # R-CALL-7
    {"forbid_calling_shown_figure": True, "shown_figure_means": "kept"},  # R-CALL-8
    {"call_miss_loses": "earlier_figures", "missed_call_voids": "any_roll"},  # R-CALL-6, R-CALL-7
    {"daversa": "consecutive_turns", "daversa_counts": "rolled"},  # R-MOR-3
    {"daversa": "replay", "daversa_counts": "rolled", "ko_length": None},  # R-MOR-3
]


def play_both(rules: mp.Rules, games: int, seed: int, observe: bool) -> int:
    """Random games in both engines with the same dice, compared at every step; the steps played."""
    rng = np.random.default_rng(seed)
    engine = VectorEngine(rules, games, rng=np.random.default_rng(seed + 1))
    encoding = Encoding(rules)
    states = [mp.new_game(rules, first_player=int(engine.player[i])) for i in range(games)]
    steps = 0
    while not engine.done.all():
        masks = engine.legal_mask()
        views = engine.observation() if observe else None
        for i, state in enumerate(states):
            assert engine.state(i) == state
            assert np.array_equal(masks[i], encoding.legal_mask(state))
            if views is not None:
                assert np.array_equal(views[i], encoding.observation(state, state.player))
        actions = engine.sample_actions()
        was_over = [state.is_terminal for state in states]
        dice = rng.integers(1, 7, size=(games, 5))
        for i, state in enumerate(states):
            if state.is_terminal:
                continue
            assert masks[i, actions[i]] == 1
            after = mp.apply(state, encoding.action(state, int(actions[i])))
            if after.is_chance:
                thrown = tuple(sorted(int(face) for face in dice[i, : 5 - len(after.kept)]))
                after = mp.apply(after, mp.RollResult(thrown))
            states[i] = after
        rewards, ended = engine.step(actions, dice)
        steps += 1
        for i, state in enumerate(states):
            assert ended[i] == (state.is_terminal and not was_over[i])
        for game in np.flatnonzero(ended):
            state = states[game]
            assert tuple(rewards[game]) == win_rewards(state.winners, rules.players)
            assert END_RULES[engine.end_rule[game]] == state.end_rule
    scores = engine.scores()
    for i, state in enumerate(states):
        assert engine.state(i) == state
        assert tuple(scores[i]) == mp.scores(state)
    return steps


@pytest.mark.parametrize(("preset", "players"), PRESETS)
def test_presets_play_the_scalar_game(preset: str, players: int) -> None:
    # every rule the presets read (R-SET to R-END), compared step by step with the scalar engine
    rules = PRESETS_BY_NAME[preset](players)
    assert play_both(rules, examples(8), seed=players, observe=True) > 20


@pytest.mark.parametrize("knobs", KNOBS, ids=",".join)
def test_knobs_play_the_scalar_game(knobs: dict[str, Any]) -> None:
    seed = KNOBS.index(knobs)
    rules = attrs.evolve(mp.Rules.classic(2 + seed % 3), **knobs)
    assert play_both(rules, examples(4), seed=seed, observe=False) > 20


def test_unsupported_rules_are_refused_by_name() -> None:
    refused = {
        "tile_setup": mp.Rules.plus(),
        "lost_turns": attrs.evolve(mp.Rules.classic(), lost_turns=True),
        "cells": attrs.evolve(
            mp.Rules.classic(), layout=mp.Layout([[Figure.MINI] * 8] * 8), ko_length=None
        ),
    }
    for name, rules in refused.items():
        assert len(unsupported(rules)) == 1
        with pytest.raises(ValueError, match=name if name != "cells" else "64 cells"):
            VectorEngine(rules, 2, rng=np.random.default_rng(0))
    assert unsupported(mp.Rules.official(4)) == []


def test_bad_arguments_are_refused() -> None:
    rng = np.random.default_rng(0)
    with pytest.raises(ValueError, match="Rules"):
        VectorEngine("classic", 2, rng=rng)  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="num_games"):
        VectorEngine(mp.Rules.classic(), 0, rng=rng)
    with pytest.raises(ValueError, match="Generator"):
        VectorEngine(mp.Rules.classic(), 2, rng=np.random.RandomState(0))  # type: ignore[arg-type]
    engine = VectorEngine(mp.Rules.classic(), 2, rng=rng)
    with pytest.raises(ValueError, match="integer ids"):
        engine.step(np.zeros(3, dtype=np.int64))
    with pytest.raises(ValueError, match="integer ids"):
        engine.step(np.zeros(2))
    with pytest.raises(ValueError, match="dice must be"):
        engine.step(np.zeros(2, dtype=np.int64), np.ones((2, 4), dtype=np.int64))
    with pytest.raises(ValueError, match="1 to 6"):
        engine.step(np.zeros(2, dtype=np.int64), np.zeros((2, 5), dtype=np.int64))
    with pytest.raises(ValueError, match="first_player"):
        engine.reset(first_player=2)  # R-SET-3
    with pytest.raises(ValueError, match="player must be"):
        engine.observation(player=2)
    with pytest.raises(ValueError, match="game must be"):
        engine.state(2)


def test_an_illegal_action_applies_nothing() -> None:
    engine = VectorEngine(mp.Rules.classic(), 3, rng=np.random.default_rng(0))
    engine.reset(first_player=[0, 1, 0])
    before = [engine.state(i) for i in range(3)]
    place = Encoding(mp.Rules.classic()).place_base
    for bad in (place, place + 36, 5 * len(CALLS), -1, 10_000):  # R-TURN-2, R-TURN-4, R-TURN-1
        with pytest.raises(ValueError, match="illegal actions in 1 games") as error:
            engine.step(np.array([0, bad, 0]))
        assert "game 1" in str(error.value)
        assert [engine.state(i) for i in range(3)] == before


def test_first_roll_throws_the_dice_given() -> None:
    # R-TURN-1: a roll with no dice kept throws all five; the supplied faces, sorted, show
    engine = VectorEngine(mp.Rules.classic(), 2, rng=np.random.default_rng(0))
    engine.reset(first_player=1)
    engine.step(np.array([0, 0]), np.array([[6, 1, 5, 2, 4], [3, 3, 3, 3, 3]]))
    assert engine.dice.tolist() == [[1, 2, 4, 5, 6], [3, 3, 3, 3, 3]]
    assert engine.state(1).dice == (3, 3, 3, 3, 3)
    assert engine.rolls.tolist() == [1, 1]
    assert engine.player.tolist() == [1, 1]
    # keeping the three 3s (mask 0b00111) and throwing two dice reads the first two faces
    keep = 0b00111 * len(CALLS)
    engine.step(np.array([0, keep]), np.array([[1, 1, 1, 1, 1], [6, 6, 1, 1, 1]]))
    assert engine.dice[1].tolist() == [3, 3, 3, 6, 6]


def test_first_players_are_drawn_evenly() -> None:
    # R-SET-3: the start roll is symmetric, so each of 4 players starts a quarter of the games
    engine = VectorEngine(mp.Rules.classic(4), 40_000, rng=np.random.default_rng(3))
    counts = np.bincount(engine.player, minlength=4)
    assert all(9_500 < count < 10_500 for count in counts)


def test_finished_games_wait_or_restart() -> None:
    rules = mp.Rules.classic()
    engine = VectorEngine(rules, 64, rng=np.random.default_rng(5))
    ended_once = np.zeros(64, dtype=np.bool_)
    while not engine.done.all():
        _, ended = engine.step(engine.sample_actions())
        assert not (ended & ended_once).any()
        ended_once |= ended
    assert ended_once.all()
    assert not engine.legal_mask().any()
    frozen = [engine.state(i) for i in range(64)]
    engine.step(engine.sample_actions())
    assert [engine.state(i) for i in range(64)] == frozen
    assert engine.winners.any(axis=1).all()

    restarting = VectorEngine(rules, 64, rng=np.random.default_rng(5), autoreset=True)
    finished = 0
    for _ in range(2_000):
        rewards, ended = restarting.step(restarting.sample_actions())
        finished += int(ended.sum())
        assert (rewards[~ended] == 0).all()
        assert (np.sort(rewards[ended], axis=1)[:, -1] >= 0).all()  # a winner in each
    assert finished > 64
    assert not restarting.done.any()
    assert restarting.legal_mask().sum(axis=1).min() > 0


def test_observation_from_a_fixed_seat() -> None:
    rules = mp.Rules.classic(3)
    engine = VectorEngine(rules, 5, rng=np.random.default_rng(2))
    encoding = Encoding(rules)
    for _ in range(30):
        engine.step(engine.sample_actions())
    views = engine.observation(player=2)
    for i in range(5):
        assert np.array_equal(views[i], encoding.observation(engine.state(i), 2))


def test_popcount_without_numpy_2(monkeypatch: pytest.MonkeyPatch) -> None:
    values = np.array([0, 1, 2**63 - 1, 0b1011_0000_0001], dtype=np.uint64)
    monkeypatch.setattr(vector, "_BITWISE_COUNT", None)
    assert vector._popcount(values).tolist() == [0, 1, 63, 4]


def test_a_second_morpyam_rolled_wins_on_the_roll() -> None:
    # R-MOR-3 counting Morpyams rolled: a Morpyam placed arms the player, whose replay
    # (their next own turn) wins at once when its roll shows another Morpyam
    rules = attrs.evolve(mp.Rules.official(), daversa_counts="rolled")
    engine = VectorEngine(rules, 1, rng=np.random.default_rng(0))
    engine.reset(first_player=0)
    base = Encoding(rules).place_base
    morpyam_cell = rules.layout.labels.index(Figure.MORPYAM)
    engine.step(np.array([0]), np.array([[1, 1, 1, 1, 1]]))
    engine.step(np.array([base + morpyam_cell]))
    assert engine.player.tolist() == [0]  # R-MOR-2: the Morpyam placed replays
    assert engine.daversa_armed.tolist() == [[True, False]]
    rewards, ended = engine.step(np.array([0]), np.array([[2, 2, 2, 2, 2]]))
    assert ended.tolist() == [True]
    assert rewards.tolist() == [[1.0, -1.0]]
    state = engine.state(0)
    assert (state.winners, state.end_rule, state.owners.count(0)) == (frozenset({0}), "R-MOR-3", 1)


def test_some_games_restart_or_sit_out() -> None:
    engine = VectorEngine(mp.Rules.classic(), 3, rng=np.random.default_rng(9))
    engine.reset(first_player=0)
    engine.step(np.zeros(3, dtype=np.int64), playing=np.array([True, False, True]))
    assert engine.rolls.tolist() == [1, 0, 1]  # R-TURN-1: game 1 sat out
    engine.reset(first_player=[1], games=[2])
    assert engine.rolls.tolist() == [1, 0, 0]
    assert engine.player.tolist() == [0, 0, 1]
    with pytest.raises(ValueError, match="games must be"):
        engine.reset(games=[3])
    with pytest.raises(ValueError, match="playing must be"):
        engine.step(np.zeros(3, dtype=np.int64), playing=np.array([1, 0, 1]))


def test_sampled_actions_are_uniform_over_the_legal_ids() -> None:
    # the scalar benchmark's random player: each legal id equally likely (checked by counts)
    games = 20_000
    engine = VectorEngine(mp.Rules.classic(), games, rng=np.random.default_rng(8))
    engine.reset(first_player=0)
    for dice in ([3, 3, 3, 5, 5], None):  # a full house shown after the first roll, then start
        if dice is None:
            engine.reset(first_player=0)
        else:
            engine.step(np.zeros(games, dtype=np.int64), np.tile(dice, (games, 1)))
        legal = np.flatnonzero(engine.legal_mask()[0])
        counts = np.bincount(engine.sample_actions(), minlength=engine.encoding.num_actions)
        expected = games / len(legal)
        assert counts.sum() == counts[legal].sum() == games
        assert np.abs(counts[legal] - expected).max() < 5 * np.sqrt(expected)
