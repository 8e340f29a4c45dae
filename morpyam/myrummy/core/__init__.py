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
from morpyam.myrummy.core._melds import Group, Meld, Run, misfit, parse_meld
from morpyam.myrummy.core._observe import Observation, determinise, observe
from morpyam.myrummy.core._rules import PRESETS, Rules
from morpyam.myrummy.core._state import State
from morpyam.myrummy.core._text import render, render_table
from morpyam.myrummy.core._tiles import JOKER, TILES, Colour, Tile, parse_tile, parse_tiles

__all__ = [
    "JOKER",
    "PRESETS",
    "TILES",
    "Action",
    "Colour",
    "Draw",
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
    "apply",
    "chance_outcomes",
    "determinise",
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
    "render_table",
    "resign",
    "sample_chance",
    "scores",
    "scores_if_blocked",
    "time_out",
]
