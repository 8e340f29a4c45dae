"""A score-sheet position as JSON (``"format": "yahtzee-state/1"``), read back exactly and checked.

An app that saves a game in progress or a server that keeps its players'
sheets needs a `State` as plain data.
`state_to_dict` writes every
field (each sheet as a table from box name to points, only the boxes
filled), and `state_from_dict`
gives back an equal state.

A document is untrusted input, read as Morpyam's state documents are
(`morpyam.state_json`): refused over
`MAX_TEXT_SIZE` before it is parsed, every
field checked for its type and range (a
`FileFormatError` saying where), then
`check_state` checks that the
fields agree the way every position of play does (an
`InvalidStateError`). A read gives
a whole state or an error, never part of one.

Examples:
    >>> import morpyam.yahtzee as yz
    >>> state = yz.apply(yz.new_game(yz.Rules.hasbro(players=2)), yz.Roll())
    >>> state = yz.apply(state, yz.RollResult((2, 2, 2, 5, 5)))
    >>> state = yz.apply(state, yz.Score(yz.Box.FULL_HOUSE))
    >>> state_from_json(state_to_json(state)) == state
    True
    >>> state_to_dict(state)["sheets"][0][0]["boxes"]
    {'full-house': 25}
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import attrs

from morpyam.dice import OUTCOMES
from morpyam.errors import FileFormatError, InvalidStateError
from morpyam.figures import FACES
from morpyam.kit.fields import check_fields, read_attrs, read_int, require_format, require_state
from morpyam.kit.fields import field_at as _at
from morpyam.kit.fields import inside as _inside
from morpyam.kit.fields import json_document as _json_document
from morpyam.kit.fields import parse_json as _parse_json
from morpyam.kit.fields import read_bool as _bool
from morpyam.kit.fields import read_list as _list
from morpyam.kit.fields import read_table as _table
from morpyam.kit.fields import short_text as _short
from morpyam.yahtzee.engine import MAX_GAMES, legal_actions
from morpyam.yahtzee.rules import BOXES, PLAYER_LIMIT, YAHTZEE_POINTS, Box, Rules, box_scores
from morpyam.yahtzee.state import FULL, Sheet, State

__all__ = [
    "STATE_FORMAT",
    "InvalidStateError",
    "check_state",
    "state_from_dict",
    "state_from_json",
    "state_to_dict",
    "state_to_json",
]

STATE_FORMAT = "yahtzee-state/1"
"""The ``format`` of a score-sheet state document; a reader refuses any other."""

_FIELDS = ("format", "rules", "sheets", "player", "game", "rolls", "dice", "kept", "in_air")
_SHEET_FIELDS = ("boxes", "upper_bonus", "yahtzee_bonus")
_RULES_FIELDS = tuple(field.name for field in attrs.fields(Rules))
_BY_NAME = {box.notation: box for box in BOXES}
_POSSIBLE: tuple[frozenset[int], ...] = tuple(
    frozenset({0, *(box_scores(dice)[box.index] for dice in OUTCOMES)}) for box in BOXES
)
"""What each box can hold: 0 (any box may take a 0, Y-BOX-8) or what some roll scores there.

The joker values (Y-JOKER-1) are the full house's and the straights' own
values, so they are among them."""
_MAX_POINTS = 1 << 62


# ---------------------------------------------------------------------------
# Writing


def _sheet_to_dict(sheet: Sheet) -> dict[str, Any]:
    return {
        "boxes": {
            box.notation: points for box, points in zip(BOXES, sheet.boxes) if points is not None
        },
        "upper_bonus": sheet.upper_bonus,
        "yahtzee_bonus": sheet.yahtzee_bonus,
    }


def state_to_dict(state: State) -> dict[str, Any]:
    """Every field of ``state`` as plain data.

    The rules as a table of every field of `Rules`;
    ``sheets[player][game]`` as a table with ``boxes`` (box name to points,
    the filled boxes in sheet order), ``upper_bonus`` and ``yahtzee_bonus``;
    the dice as lists of faces.

    Raises:
        ValueError: for a ``state`` that is not a score-sheet ``State``.
    """
    if not isinstance(state, State):
        raise ValueError(f"expected a yahtzee State, got {type(state).__name__}")
    return {
        "format": STATE_FORMAT,
        "rules": attrs.asdict(state.rules),
        "sheets": [[_sheet_to_dict(sheet) for sheet in games] for games in state.sheets],
        "player": state.player,
        "game": state.game,
        "rolls": state.rolls,
        "dice": None if state.dice is None else list(state.dice),
        "kept": list(state.kept),
        "in_air": state.in_air,
    }


def state_to_json(state: State) -> str:
    """``state`` as a JSON document (`state_to_dict`)."""
    return _json_document(state_to_dict(state))


# ---------------------------------------------------------------------------
# Reading


def _faces(value: object, where: str, low: int, high: int) -> tuple[int, ...]:
    items = _list(value, where)
    if not low <= len(items) <= high:
        raise FileFormatError(where, f"{low} to {high} faces, got {len(items)}")
    faces = tuple(read_int(item, f"{where}[{i}]", 1, 6) for i, item in enumerate(items))
    if list(faces) != sorted(faces):
        raise FileFormatError(where, f"faces are written sorted, got {list(faces)}")
    return faces


def _rules(value: object, players: int) -> Rules:
    table = dict(_table(value, "rules"))
    table.setdefault("players", players)  # written before Rules had it: one per list of sheets
    return read_attrs(table, "rules", Rules)


def _sheet(value: object, where: str) -> Sheet:
    table = _table(value, where)
    check_fields(table, _SHEET_FIELDS, where, required=_SHEET_FIELDS)
    boxes: list[int | None] = [None] * len(BOXES)
    filled = _table(table["boxes"], f"{where}.boxes")
    for name, points in filled.items():
        at = _at(f"{where}.boxes", name)
        box = _BY_NAME.get(name)
        if box is None:
            raise FileFormatError(at, f"no box is called {_short(name)}")
        boxes[box.index] = read_int(points, at, 0, YAHTZEE_POINTS)
    if list(filled) != [box.notation for box in BOXES if boxes[box.index] is not None]:
        raise FileFormatError(f"{where}.boxes", "boxes are written in sheet order")
    return Sheet(
        tuple(boxes),
        read_int(table["upper_bonus"], f"{where}.upper_bonus", 0, _MAX_POINTS),
        read_int(table["yahtzee_bonus"], f"{where}.yahtzee_bonus", 0, _MAX_POINTS),
    )


def state_from_dict(data: Mapping[str, Any]) -> State:
    """Read a state from plain data, such as `state_to_dict` writes.

    Every field is required (``null`` where the state holds ``None``), but for
    ``rules.players``, which documents written before `Rules` had it lack: it
    is then the number of lists of sheets.

    Raises:
        FileFormatError: saying where: a missing or unknown field, a wrong
            type, a number out of range, a box that does not exist, unsorted
            dice, rules that ``Rules`` refuses.
        InvalidStateError: for fields that disagree
            (`check_state`).
    """
    table = _table(data, "document")
    require_format(table, STATE_FORMAT, "a score-sheet state")
    check_fields(table, _FIELDS, required=_FIELDS)
    players = _list(table["sheets"], "sheets")
    try:
        rules = _rules(table["rules"], len(players))
    except FileFormatError as error:
        raise _inside("rules", error) from None
    if len(players) != rules.players:
        raise FileFormatError(
            "sheets",
            f"Y-SET-1: one list of sheets per player, {rules.players} players, got {len(players)}",
        )
    sheets = []
    games = None
    for p, item in enumerate(players):
        column = _list(item, f"sheets[{p}]")
        if games is None:
            games = len(column)
            if not 1 <= games <= MAX_GAMES:
                raise FileFormatError(
                    f"sheets[{p}]", f"Y-END-1: 1 to {MAX_GAMES} games on a sheet, got {games}"
                )
        elif len(column) != games:
            raise FileFormatError(
                f"sheets[{p}]", f"every player plays the same {games} games, got {len(column)}"
            )
        sheets.append(tuple(_sheet(sheet, f"sheets[{p}][{g}]") for g, sheet in enumerate(column)))
    assert games is not None  # at least one player (min_players >= 1)
    dice = table["dice"]
    state = State(
        rules,
        tuple(sheets),
        read_int(table["player"], "player", 0, len(sheets) - 1),
        read_int(table["game"], "game", 0, games - 1),
        read_int(table["rolls"], "rolls", 0, 3),
        None if dice is None else _faces(dice, "dice", 5, 5),
        _faces(table["kept"], "kept", 0, 4),
        _bool(table["in_air"], "in_air"),
    )
    check_state(state)
    return state


def state_from_json(text: str) -> State:
    """Read a state from a JSON document (`state_from_dict`).

    Raises:
        FileFormatError: for a text over `MAX_TEXT_SIZE`
            (refused before it is parsed), nested too deeply, a syntax error
            (``where`` is ``"line L, column C"``) or bad content; an
            `InvalidStateError` for
            fields that disagree.
    """
    return state_from_dict(_parse_json(text))


# ---------------------------------------------------------------------------
# Consistency


def _is_faces(value: object, low: int, high: int) -> bool:
    return (
        isinstance(value, tuple)
        and low <= len(value) <= high
        and all(type(face) is int and face in FACES for face in value)
        and list(value) == sorted(value)
    )


def _filled(sheet: Sheet) -> int:
    return bin(sheet.filled).count("1")


def check_state(state: State) -> None:
    """Check that the fields of ``state`` agree, as in every position play reaches.

    Checked, in this order:

    - types and sizes: ``Rules``, ``rules.players`` players with the same
      1 to 6 games each (Y-SET-1, Y-END-1), ``Sheet`` values, the player and game in range, 0 to 3
      rolls, five sorted dice or none, 0 to 4 sorted kept dice;
    - each sheet: every box holds 0 or what some roll scores there (Y-BOX-1
      to Y-BOX-8); the upper bonus is earned exactly when the upper sum
      reaches the rules' target (Y-BONUS-1); the Yahtzee bonus is a multiple
      of the rules' bonus, only with 50 in the Yahtzee box, and at most one
      per box filled after it (Y-BONUS-2);
    - the order of play (Y-END-1): the games before the current one are
      full for everyone, the games after it empty; in the current game the
      players before the one to move have filled one box more than the rest;
      a finished game has every sheet full, the last player last to move;
    - the turn (Y-TURN-1): dice in the air show no dice, come before a 4th
      roll and keep nothing on a first roll; otherwise nothing is kept and
      dice show exactly after a roll; a finished game has no turn going on;
    - a game that goes on has a legal action.

    Not checked, since a state holds no history: which rolls filled the
    boxes (a box's points are checked against every roll, not against the
    sheet's other boxes).

    Raises:
        InvalidStateError: naming the first field that disagrees.
    """
    rules = state.rules
    require_state(
        isinstance(rules, Rules), "rules", f"expected a yahtzee Rules value, got {rules!r}"
    )
    sheets = state.sheets
    require_state(
        isinstance(sheets, tuple)
        and len(sheets) == rules.players <= PLAYER_LIMIT
        and all(isinstance(games, tuple) for games in sheets),
        "sheets",
        f"Y-SET-1: one tuple of sheets per player, {rules.players} players",
    )
    games = len(sheets[0])
    require_state(
        1 <= games <= MAX_GAMES and all(len(column) == games for column in sheets),
        "sheets",
        f"Y-END-1: every player plays the same 1 to {MAX_GAMES} games",
    )
    for p, column in enumerate(sheets):
        for g, sheet in enumerate(column):
            _check_sheet(rules, sheet, f"sheets[{p}][{g}]")
    players = len(sheets)
    require_state(
        type(state.player) is int and 0 <= state.player < players,
        "player",
        f"expected 0 to {players - 1}, got {state.player!r}",
    )
    require_state(
        type(state.game) is int and 0 <= state.game < games,
        "game",
        f"expected 0 to {games - 1}, got {state.game!r}",
    )
    require_state(
        type(state.rolls) is int and 0 <= state.rolls <= 3,
        "rolls",
        f"Y-TURN-1: 0 to 3 rolls in a turn, got {state.rolls!r}",
    )
    require_state(
        state.dice is None or _is_faces(state.dice, 5, 5),
        "dice",
        f"Y-SET-1: None or 5 sorted faces from 1 to 6, got {state.dice!r}",
    )
    require_state(
        _is_faces(state.kept, 0, 4), "kept", f"Y-TURN-1: 0 to 4 sorted faces, got {state.kept!r}"
    )
    require_state(type(state.in_air) is bool, "in_air", "expected True or False")
    _check_order(state, players, games)
    _check_turn(state)


def _check_sheet(rules: Rules, sheet: object, where: str) -> None:
    require_state(isinstance(sheet, Sheet), where, "expected a Sheet")
    assert isinstance(sheet, Sheet)
    for box, points in zip(BOXES, sheet.boxes):
        require_state(
            points is None or points in _POSSIBLE[box.index],
            f"{where}.boxes.{box.notation}",
            f"Y-BOX-1: no roll scores {points} in the {box} box",
        )
    earned = rules.upper_bonus if sheet.upper_sum >= rules.bonus_target else 0
    require_state(
        sheet.upper_bonus == earned,
        f"{where}.upper_bonus",
        f"Y-BONUS-1: an upper sum of {sheet.upper_sum} earns {earned}",
    )
    bonus = sheet.yahtzee_bonus
    if bonus:
        unit = rules.yahtzee_bonus
        require_state(unit > 0, f"{where}.yahtzee_bonus", "Y-BONUS-2: these rules give no bonus")
        require_state(
            sheet[Box.YAHTZEE] == YAHTZEE_POINTS,
            f"{where}.yahtzee_bonus",
            f"Y-BONUS-2: a bonus needs {YAHTZEE_POINTS} in the yahtzee box",
        )
        require_state(
            bonus % unit == 0 and bonus // unit <= _filled(sheet) - 1,
            f"{where}.yahtzee_bonus",
            f"Y-BONUS-2: {unit} for each further five of a kind, each scored in a box of its own",
        )


def _check_order(state: State, players: int, games: int) -> None:
    sheets, player, game = state.sheets, state.player, state.game
    for g in range(games):
        for p in range(players):
            sheet = sheets[p][g]
            where = f"sheets[{p}][{g}]"
            if g < game:
                require_state(
                    sheet.filled == FULL, where, f"Y-END-1: game {g + 1} is over, its sheets full"
                )
            elif g > game:
                require_state(
                    sheet.filled == 0,
                    where,
                    f"Y-END-1: game {g + 1} has not started, no box filled",
                )
    if sheets[player][game].filled == FULL:
        require_state(
            player == players - 1 and game == games - 1,
            "player",
            "Y-END-1: once every sheet is full, the last player of the last game moved last",
        )
        for p in range(players):
            require_state(
                sheets[p][game].filled == FULL,
                f"sheets[{p}][{game}]",
                "Y-END-1: the last game ends with every sheet full",
            )
        return
    count = _filled(sheets[player][game])
    for p in range(players):
        expected = count + 1 if p < player else count
        require_state(
            _filled(sheets[p][game]) == expected,
            f"sheets[{p}][{game}]",
            f"Y-END-1: players fill one box a turn in seat order: player {player} is to move "
            f"with {count} boxes filled, so player {p} has {expected}",
        )


def _check_turn(state: State) -> None:
    if state.in_air:
        require_state(state.dice is None, "dice", "no dice show while they are in the air")
        require_state(state.rolls <= 2, "rolls", "Y-TURN-1: a turn has at most 3 rolls")
        require_state(
            state.rolls > 0 or not state.kept,
            "kept",
            "Y-TURN-1: the first roll of a turn throws all five dice",
        )
    else:
        require_state(not state.kept, "kept", "dice are kept only while the others are in the air")
        require_state(
            (state.dice is None) == (state.rolls == 0),
            "dice",
            "Y-TURN-1: dice show exactly after a roll",
        )
    if state.is_terminal:
        require_state(
            state.rolls == 0 and not state.in_air,
            "rolls",
            "Y-END-1: a finished game has no turn going on",
        )
    else:
        require_state(
            bool(legal_actions(state)), "document", "the game cannot go on: no legal action"
        )
