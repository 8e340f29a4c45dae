"""Text in and out: turns written as moves, the play text, positions and observations as JSON,
and game records.

This layer reads and writes what `morpyam.myrummy.core` holds; the solver and the bots
sit above it.
"""

from morpyam.myrummy.notation._moves import (
    Add,
    Join,
    Lay,
    Move,
    MoveError,
    Split,
    Swap,
    TableMove,
    Turn,
    apply_move,
    judge_turn,
    moves_between,
    parse_move,
)
from morpyam.myrummy.notation._observation_json import observation_from_json, observation_to_json
from morpyam.myrummy.notation._play_text import parse_play, play_text
from morpyam.myrummy.notation._records import (
    GameRecord,
    load_record,
    parse_entry,
    positions,
    replay,
    save_record,
)
from morpyam.myrummy.notation._state_json import state_from_json, state_to_json

__all__ = [
    "Add",
    "GameRecord",
    "Join",
    "Lay",
    "Move",
    "MoveError",
    "Split",
    "Swap",
    "TableMove",
    "Turn",
    "apply_move",
    "judge_turn",
    "load_record",
    "moves_between",
    "observation_from_json",
    "observation_to_json",
    "parse_entry",
    "parse_move",
    "parse_play",
    "play_text",
    "positions",
    "replay",
    "save_record",
    "state_from_json",
    "state_to_json",
]
