"""MyRummy (Schmidt MyRummy Classic): the Rummikub-style tile game, exact and immutable.

106 tiles, racks of 14, runs and groups, an opening of 30 points, jokers,
rearranging with the "three must stay" rule (section 10 of the rule book). The API has
the shape of the other games (``new_game``, ``legal_actions``, ``apply``,
``chance_outcomes``, ``sample_chance``, ``scores``); plays, too many to list,
come from `plays` and the exact solver
`best_play`.

Examples:
    >>> import morpyam.myrummy as mr
    >>> state = mr.position(
    ...     mr.Rules.classic(),
    ...     racks=[mr.parse_tiles("gn10 gn11 gn12 bk1"), mr.parse_tiles("J")],
    ... )
    >>> state = mr.apply(state, mr.parse_action("play [gn10 gn11 gn12]"))
    >>> state.racks[0], state.opened
    ((Tile(bk1),), (True, False))
"""

from morpyam.errors import IllegalActionError
from morpyam.myrummy.actions import Action, Draw, FirstPlayer, Pass, Play, TimeOut, parse_action
from morpyam.myrummy.bots import GreedyBot, PointsBot, RandomBot, play_match, simulate
from morpyam.myrummy.engine import (
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
from morpyam.myrummy.melds import Group, Meld, Run, misfit, parse_meld
from morpyam.myrummy.moves import (
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
from morpyam.myrummy.observation_json import observation_from_json, observation_to_json
from morpyam.myrummy.observe import Observation, determinise, observe
from morpyam.myrummy.play_text import parse_play, play_text
from morpyam.myrummy.records import GameRecord, load_record, replay, save_record
from morpyam.myrummy.rollouts import RolloutBot, WatcherBot
from morpyam.myrummy.rules import PRESETS, Rules
from morpyam.myrummy.search import SearchResult, search
from morpyam.myrummy.solver import best_play, plays
from morpyam.myrummy.state import State
from morpyam.myrummy.state_json import state_from_json, state_to_json
from morpyam.myrummy.text import render, render_table
from morpyam.myrummy.tiles import JOKER, TILES, Colour, Tile, parse_tile, parse_tiles

__all__ = [
    "JOKER",
    "PRESETS",
    "TILES",
    "Action",
    "Add",
    "Colour",
    "Draw",
    "FirstPlayer",
    "GameRecord",
    "GreedyBot",
    "Group",
    "IllegalActionError",
    "Join",
    "Lay",
    "Meld",
    "Move",
    "MoveError",
    "Observation",
    "Pass",
    "Play",
    "PointsBot",
    "RandomBot",
    "RolloutBot",
    "Rules",
    "Run",
    "SearchResult",
    "Split",
    "State",
    "Swap",
    "TableMove",
    "Tile",
    "TimeOut",
    "Turn",
    "WatcherBot",
    "apply",
    "apply_move",
    "best_play",
    "chance_outcomes",
    "determinise",
    "judge_turn",
    "legal_actions",
    "load_record",
    "misfit",
    "moves_between",
    "new_game",
    "observation_from_json",
    "observation_to_json",
    "observe",
    "parse_action",
    "parse_meld",
    "parse_move",
    "parse_play",
    "parse_tile",
    "parse_tiles",
    "play_match",
    "play_text",
    "plays",
    "position",
    "rack_points",
    "render",
    "render_table",
    "replay",
    "resign",
    "sample_chance",
    "save_record",
    "scores",
    "scores_if_blocked",
    "search",
    "simulate",
    "state_from_json",
    "state_to_json",
    "time_out",
]
