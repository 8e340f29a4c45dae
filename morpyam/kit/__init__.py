"""The kit under the three games: what Morpyam, the score sheet and MyRummy share.

Each game imports these by their public names: the errors a reader or a rule
raises (`morpyam.errors`), the readers of a JSON document's fields
(`morpyam.kit.fields`), the reading and writing of a file a user names
(`morpyam.kit.paths`), the words of a record's header and of typed actions
(`morpyam.kit.texts`),
one way to name a game's rules (`rules_from`), a record's resignation (`Resign`),
the game protocol with the loop that plays any game between choosers
(`morpyam.game`), and what a run of matches gives back (`morpyam.kit.matches`). Each game declares itself to the adapters in a description
(`morpyam.kit.descriptions`). Nothing here names a game.
"""

from __future__ import annotations

from morpyam.errors import (
    AdviceError,
    BotError,
    FileFormatError,
    IllegalActionError,
    InvalidStateError,
    LayoutError,
    MoveError,
    NotationError,
    OddsError,
    ReplayError,
    SimulationError,
    UnknownBotError,
    not_an_action,
    shown,
    wrong_state,
)
from morpyam.game import Chooser, Game, GameState, bot_name, play_out
from morpyam.kit.deprecations import old_spellings
from morpyam.kit.fields import (
    MAX_TEXT_SIZE,
    check_fields,
    check_size,
    describe,
    field_at,
    inside,
    json_document,
    json_object,
    number_error,
    parse_json,
    read_attrs,
    read_bool,
    read_int,
    read_ints,
    read_list,
    read_str,
    read_table,
    require_format,
    require_state,
    short_text,
    text_position,
)
from morpyam.kit.matches import MatchResult
from morpyam.kit.paths import STDIN, read_bytes, read_text, write_text
from morpyam.kit.presets import rules_from
from morpyam.kit.records import MAX_PLAYERS, Resign, replayed
from morpyam.kit.texts import (
    MAX_ACTION_LENGTH,
    MAX_TEXT_LENGTH,
    ascii_lower,
    check_name_count,
    check_player_names,
    name_count_problem,
    player_names,
    refuse_long,
    seat_labels,
    text_problem,
)

__all__ = [
    "MAX_ACTION_LENGTH",
    "MAX_PLAYERS",
    "MAX_TEXT_LENGTH",
    "MAX_TEXT_SIZE",
    "STDIN",
    "AdviceError",
    "BotError",
    "Chooser",
    "FileFormatError",
    "Game",
    "GameState",
    "IllegalActionError",
    "InvalidStateError",
    "LayoutError",
    "MatchResult",
    "MoveError",
    "NotationError",
    "OddsError",
    "ReplayError",
    "Resign",
    "SimulationError",
    "UnknownBotError",
    "ascii_lower",
    "bot_name",
    "check_fields",
    "check_name_count",
    "check_player_names",
    "check_size",
    "describe",
    "field_at",
    "inside",
    "json_document",
    "json_object",
    "name_count_problem",
    "not_an_action",
    "number_error",
    "old_spellings",
    "parse_json",
    "play_out",
    "player_names",
    "read_attrs",
    "read_bool",
    "read_bytes",
    "read_int",
    "read_ints",
    "read_list",
    "read_str",
    "read_table",
    "read_text",
    "refuse_long",
    "replayed",
    "require_format",
    "require_state",
    "rules_from",
    "seat_labels",
    "short_text",
    "shown",
    "text_position",
    "text_problem",
    "write_text",
    "wrong_state",
]
