"""Fixed-seed random games, recorded once and replayed by tests/test_seeded_games.py.

The engine is optimised over time; these games pin what it plays. A game is
uniform random play driven by one ``random.Random(seed)``: ``sample_chance``
at chance nodes, ``rng.choice(legal_actions(state))`` elsewhere, as in
benchmarks/bench_engine.py. So a game depends on the random stream of
``sample_chance``, on the order of ``legal_actions`` and on ``apply``.

Run ``python tests/seeded_games.py`` to write tests/data/seeded_games.json
(only when a change of the game itself is intended, and say so).
"""

from __future__ import annotations

import hashlib
import json
import random
from pathlib import Path
from typing import Any

import attrs

import morpyam as mp
from morpyam.rules import PRESETS

__all__ = [
    "FIXTURE",
    "KNOBS",
    "SEEDS",
    "configurations",
    "digest",
    "full_games",
    "key",
    "play",
    "record",
    "rules_for",
]

FIXTURE = Path(__file__).parent / "data" / "seeded_games.json"

KNOBS: dict[str, dict[str, Any]] = {
    "default": {},
    "earlier_figures": {"call_miss_loses": "earlier_figures"},
    "any_roll": {"missed_call_voids": "any_roll"},
    "morpyam_at_once": {"morpyam_at_once": True},
    "call_or_morpyam": {"called_morpyam_cells": "call_or_morpyam"},
    "sec_call_replays": {"sec_call_morpyam_replays": True, "called_morpyam_replays": False},
    "lost_turns": {"lost_turns": True},
    "kept": {"forbid_calling_shown_figure": True, "shown_figure_means": "kept"},
    "long_diagonals": {"diagonals": "long", "ko_length": 4},
    "no_free_cell": {"call_needs_free_cell": False},
    "morpyam_not_full": {"morpyam_is_full": False},
    "rolled_replay": {"daversa": "replay", "daversa_counts": "rolled"},
    "rolled_turns": {
        "daversa": "consecutive_turns",
        "daversa_counts": "rolled",
        "call_miss_loses": "earlier_figures",
    },
    "strict": {
        "voluntary_pass": False,
        "tie_break": "fewest_tokens_left",
        "ko_length": None,
        "end_bonus": 3,
    },
}
SEEDS = (0, 1, 2)


def rules_for(preset: str, players: int, knobs: str) -> mp.Rules:
    """The rules of one recorded configuration."""
    return attrs.evolve(PRESETS[preset](players), **KNOBS[knobs])


def play(rules: mp.Rules, seed: int, first_player: int | None = None) -> list[str]:
    """One uniform random game: its actions as text, then how it ended."""
    rng = random.Random(seed)
    state = mp.new_game(rules, first_player=first_player)
    moves: list[str] = []
    while not state.winners:
        if state.is_chance:
            action: mp.Action = mp.sample_chance(state, rng)
        else:
            action = rng.choice(mp.legal_actions(state))
        moves.append(str(action))
        state = mp.apply(state, action)
    moves.append(f"end {state.end_rule} {sorted(state.winners)} {list(mp.scores(state))}")
    return moves


def digest(moves: list[str]) -> str:
    """A short digest of a game's text."""
    return hashlib.sha256("\n".join(moves).encode()).hexdigest()[:16]


def configurations() -> list[tuple[str, int, str, int, int | None]]:
    """(preset, players, knobs, seed, first_player) of every recorded game."""
    games: list[tuple[str, int, str, int, int | None]] = []
    for preset in PRESETS:
        for players in (2, 3, 4):
            for knobs in KNOBS:
                for seed in SEEDS:
                    first = None if seed != 2 else players - 1
                    games.append((preset, players, knobs, seed, first))
    return games


def key(preset: str, players: int, knobs: str, seed: int, first: int | None) -> str:
    """The fixture key of one game."""
    return f"{preset}/{players}/{knobs}/{seed}/{first}"


def full_games() -> list[tuple[str, int, str, int, int | None]]:
    """The games recorded move by move (the others by digest)."""
    return [(preset, 2, "default", 0, None) for preset in PRESETS]


def record() -> dict[str, Any]:
    """Play every configuration with the engine as it is."""
    digests = {}
    for game in configurations():
        preset, players, knobs, seed, first = game
        digests[key(*game)] = digest(play(rules_for(preset, players, knobs), seed, first))
    moves = {
        key(*game): play(rules_for(game[0], game[1], game[2]), game[3], game[4])
        for game in full_games()
    }
    return {"digests": digests, "moves": moves}


if __name__ == "__main__":
    FIXTURE.write_text(json.dumps(record(), indent=0, sort_keys=True) + "\n")
    print(f"wrote {FIXTURE}")
