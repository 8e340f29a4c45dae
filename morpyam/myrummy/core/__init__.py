"""The game itself: tiles, combinations, rules, positions, actions, the judge of a play, the engine,
what a player sees, and the picture of a position.

Everything else in `morpyam.myrummy` rests on this layer, and it imports none of them.

Examples:
    >>> from morpyam.myrummy import core
    >>> core.new_game(core.Rules.classic()).rules.rack_size
    14
"""

from morpyam.myrummy.core._actions import (
    Action,
    Draw,
    FirstPlayer,
    Pass,
    Play,
    TimeOut,
    parse_action,
)
from morpyam.myrummy.core._engine import (
    apply,
    chance_outcomes,
    legal_actions,
    new_game,
    position,
    rack_points,
    resign,
    sample_chance,
    scores,
    scores_if_blocked,
    time_out,
)
from morpyam.myrummy.core._judge import judge_play
from morpyam.myrummy.core._melds import (
    MAX_GROUP,
    MIN_MELD,
    Group,
    Meld,
    Run,
    misfit,
    parse_meld,
    sort_table,
)
from morpyam.myrummy.core._observe import Observation, determinise, observe, unseen
from morpyam.myrummy.core._rules import (
    EMPTY_POOL_ENDINGS,
    MAX_PLAYERS,
    MIN_PLAYERS,
    PRESETS,
    EmptyPool,
    Rules,
)
from morpyam.myrummy.core._state import State
from morpyam.myrummy.core._text import (
    TurnInProgress,
    combination_text,
    render,
    render_status,
    render_table,
    render_turn,
    rules_text,
)
from morpyam.myrummy.core._tiles import (
    COLOURS,
    COPIES,
    JOKER,
    JOKER_INDEX,
    KINDS,
    TILE_COUNT,
    TILES,
    VALUES,
    Colour,
    Tile,
    counts,
    parse_tile,
    parse_tiles,
    sort_tiles,
    tiles_text,
)

__all__ = [
    "COLOURS",
    "COPIES",
    "EMPTY_POOL_ENDINGS",
    "JOKER",
    "JOKER_INDEX",
    "KINDS",
    "MAX_GROUP",
    "MAX_PLAYERS",
    "MIN_MELD",
    "MIN_PLAYERS",
    "PRESETS",
    "TILES",
    "TILE_COUNT",
    "VALUES",
    "Action",
    "Colour",
    "Draw",
    "EmptyPool",
    "FirstPlayer",
    "Group",
    "Meld",
    "Observation",
    "Pass",
    "Play",
    "Rules",
    "Run",
    "State",
    "Tile",
    "TimeOut",
    "TurnInProgress",
    "apply",
    "chance_outcomes",
    "combination_text",
    "counts",
    "determinise",
    "judge_play",
    "legal_actions",
    "misfit",
    "new_game",
    "observe",
    "parse_action",
    "parse_meld",
    "parse_tile",
    "parse_tiles",
    "position",
    "rack_points",
    "render",
    "render_status",
    "render_table",
    "render_turn",
    "resign",
    "rules_text",
    "sample_chance",
    "scores",
    "scores_if_blocked",
    "sort_table",
    "sort_tiles",
    "tiles_text",
    "time_out",
    "unseen",
]
