"""Morpyam, the French dice-and-grid game, as an exact and fast rules library.

The game itself: rules, grids, states, actions and the engine. Everything around
it (records, files, odds, bots, the adapters, the sibling games) is in a
submodule imported by name; see the API reference.

Here Morpyam's package differs from its two siblings, whose packages also export
their records, picture, positions as JSON and matches: `morpyam` exports the game
alone, and its records (`morpyam.records`), picture (`morpyam.text.render`),
positions as JSON (`morpyam.state_json`), presets (`morpyam.rules.PRESETS`) and
simulation (`morpyam.simulation`) keep their modules, so that a program that only
plays loads the game and nothing else.

Examples:
    >>> import morpyam as mp
    >>> state = mp.new_game(mp.Rules.classic(players=2), first_player=0)
    >>> state = mp.apply(state, mp.Roll())
    >>> state.is_chance
    True
    >>> state = mp.apply(state, mp.RollResult((6, 6, 6, 2, 5)))
    >>> mp.Place(mp.Cell.parse("f1")) in mp.legal_actions(state)
    True
"""

from morpyam.actions import (
    Action,
    DealTile,
    LoseTurn,
    Pass,
    Place,
    PlaceTile,
    Roll,
    RollResult,
)
from morpyam.engine import (
    apply,
    chance_outcomes,
    legal_actions,
    new_game,
    resign,
    sample_chance,
    scores,
)
from morpyam.errors import IllegalActionError
from morpyam.figures import Figure, Label, Special, classify
from morpyam.layouts import Cell, Layout, LayoutError
from morpyam.notation import NotationError, parse_action
from morpyam.rules import Rules
from morpyam.state import Board, State
from morpyam.tiles import Setup

__all__ = [
    "Action",
    "Board",
    "Cell",
    "DealTile",
    "Figure",
    "IllegalActionError",
    "Label",
    "Layout",
    "LayoutError",
    "LoseTurn",
    "NotationError",
    "Pass",
    "Place",
    "PlaceTile",
    "Roll",
    "RollResult",
    "Rules",
    "Setup",
    "Special",
    "State",
    "apply",
    "chance_outcomes",
    "classify",
    "legal_actions",
    "new_game",
    "parse_action",
    "resign",
    "sample_chance",
    "scores",
]

__version__ = "1.0.0"
