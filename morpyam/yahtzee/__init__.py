"""The sibling dice game: a Yahtzee-style score sheet on Morpyam's dice core.

Five dice, three rolls a turn, 13 boxes to fill (section 9 of the rule
book): the Megawürfel sheet and Hasbro's rules are presets of one
`Rules` value. The API has the shape of the
Morpyam engine (``new_game``, ``legal_actions``, ``apply``,
``chance_outcomes``, ``sample_chance``, ``scores``), and
`solve` computes the optimal solitaire
strategy (with the ``solver`` extra: numpy), a `GameRecord` keeps a game
to replay (`morpyam.yahtzee.records`), `play_match` and `simulate` play bots
against each other, and `render` draws the sheet as text.

Examples:
    >>> import morpyam.yahtzee as yz
    >>> state = yz.new_game(yz.Rules.megawuerfel())
    >>> state = yz.apply(state, yz.Roll())
    >>> state = yz.apply(state, yz.RollResult((4, 4, 6, 6, 6)))
    >>> yz.box_points(state, yz.Box.FULL_HOUSE)
    25
    >>> state = yz.apply(state, yz.Score(yz.Box.FULL_HOUSE))
    >>> yz.scores(state)
    (25,)
"""

from morpyam.errors import IllegalActionError
from morpyam.yahtzee.actions import Action, Roll, RollResult, Score, parse_action
from morpyam.yahtzee.engine import (
    MAX_GAMES,
    MAX_PLAYERS,
    allowed_boxes,
    apply,
    box_points,
    chance_outcomes,
    legal_actions,
    new_game,
    sample_chance,
    scores,
)
from morpyam.yahtzee.records import (
    GameRecord,
    load_record,
    play_match,
    positions,
    replay,
    save_record,
    simulate,
)
from morpyam.yahtzee.rules import BOXES, JOKERS, PRESETS, Box, Rules, base_score
from morpyam.yahtzee.solver import Solution, solve
from morpyam.yahtzee.state import Sheet, State
from morpyam.yahtzee.state_json import state_from_json, state_to_json
from morpyam.yahtzee.text import render

__all__ = [
    "BOXES",
    "JOKERS",
    "MAX_GAMES",
    "MAX_PLAYERS",
    "PRESETS",
    "Action",
    "Box",
    "GameRecord",
    "IllegalActionError",
    "Roll",
    "RollResult",
    "Rules",
    "Score",
    "Sheet",
    "Solution",
    "State",
    "allowed_boxes",
    "apply",
    "base_score",
    "box_points",
    "chance_outcomes",
    "legal_actions",
    "load_record",
    "new_game",
    "parse_action",
    "play_match",
    "positions",
    "render",
    "replay",
    "sample_chance",
    "save_record",
    "scores",
    "simulate",
    "solve",
    "state_from_json",
    "state_to_json",
]
