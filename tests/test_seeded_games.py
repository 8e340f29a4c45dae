"""Seeded games play as they did before the engine was optimised.

tests/data/seeded_games.json was written by tests/seeded_games.py with the
engine before the speed work: digests of 504 games (every preset, 2 to 4
players, 14 settings of the rule knobs, 3 seeds, one with a chosen first
player) and the move lists of four of them. The
expected moves come from that earlier engine, not from the code under test.
"""

from __future__ import annotations

import json

import pytest
from seeded_games import (
    FIXTURE,
    configurations,
    digest,
    full_games,
    key,
    play,
    rules_for,
)

RECORDED = json.loads(FIXTURE.read_text())


def test_every_configuration_is_recorded() -> None:
    assert sorted(RECORDED["digests"]) == sorted(key(*game) for game in configurations())
    assert len(RECORDED["digests"]) == 4 * 3 * 14 * 3


@pytest.mark.parametrize("game", full_games(), ids=lambda game: game[0])
def test_full_games_play_move_for_move(game: tuple[str, int, str, int, int | None]) -> None:
    preset, players, knobs, seed, first = game
    moves = play(rules_for(preset, players, knobs), seed, first)
    recorded = RECORDED["moves"][key(*game)]
    for step, (now, then) in enumerate(zip(moves, recorded)):
        assert now == then, f"step {step}: {now!r} played, {then!r} recorded"
    assert len(moves) == len(recorded)


@pytest.mark.parametrize("preset", ["classic", "official", "flash", "plus"])
def test_seeded_games_are_unchanged(preset: str) -> None:
    changed = []
    for game in configurations():
        if game[0] != preset:
            continue
        _, players, knobs, seed, first = game
        if (
            digest(play(rules_for(preset, players, knobs), seed, first))
            != RECORDED["digests"][key(*game)]
        ):
            changed.append(key(*game))
    assert changed == []
