"""A position as JSON (``"format": "morpyam-state/1"``), read back exactly and checked.

An app that saves a game in progress, a server that sends positions to its
clients or a notebook that keeps an interesting position needs a
`State` as plain data. Every field of the state is
written (`state_to_dict`), and
`state_from_dict` gives back an equal
state.

A state read from a file is untrusted: besides the types and shapes of every
field, `check_state` checks that the
fields agree with each other and with the rules the way every position that
play reaches does (tokens conserved, owners and players in range, sorted
dice, a call that could stand, a finished game with the winners its end rule
gives, and so on; its docstring lists them). A state that fails is an
`InvalidStateError`.

Examples:
    >>> import morpyam as mp
    >>> state = mp.apply(mp.new_game(mp.Rules.classic(), first_player=1), mp.Roll())
    >>> state_from_json(state_to_json(state)) == state
    True
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Mapping
from typing import Any

from morpyam.engine import legal_actions
from morpyam.errors import FileFormatError, InvalidStateError
from morpyam.errors import shown as _shown
from morpyam.figures import FACES, Figure, Label, Special, classify, parse_label
from morpyam.files import (
    LAYOUT_FORMAT,
    RULES_FORMAT,
    layout_from_dict,
    layout_to_dict,
    rules_from_dict,
    rules_to_dict,
)
from morpyam.kit.fields import check_fields, read_ints, require_format, require_state
from morpyam.kit.fields import field_at as _at
from morpyam.kit.fields import inside as _inside
from morpyam.kit.fields import json_document as _json_document
from morpyam.kit.fields import parse_json as _parse_json
from morpyam.kit.fields import read_bool as _bool
from morpyam.kit.fields import read_int as _int
from morpyam.kit.fields import read_list as _list
from morpyam.kit.fields import read_str as _str
from morpyam.kit.fields import read_table as _table
from morpyam.kit.fields import short_text as _short
from morpyam.layouts import Cell, Layout
from morpyam.rules import Rules
from morpyam.scoring import is_ko, points, winners_on_points
from morpyam.state import State
from morpyam.tiles import LABEL_ORDER, Setup

__all__ = [
    "END_RULES",
    "STATE_FORMAT",
    "InvalidStateError",
    "check_state",
    "state_from_dict",
    "state_from_json",
    "state_to_dict",
    "state_to_json",
]

STATE_FORMAT = "morpyam-state/1"
"""The ``format`` of a state document; a reader refuses any other."""

END_RULES = ("R-END-1", "R-END-2", "R-MOR-3", "R-END-4")
"""The rules that can end a game, the values of ``State.end_rule``."""

_FIELDS = (
    "format",
    "rules",
    "layout",
    "board",
    "tokens_left",
    "player",
    "rolls",
    "dice",
    "kept",
    "in_air",
    "call",
    "roll_off",
    "roll_off_faces",
    "daversa_armed",
    "resigned",
    "winners",
    "end_rule",
    "setup",
)
_SETUP_FIELDS = ("first", "bag", "hands", "tiles")
_RANK = {label: rank for rank, label in enumerate(LABEL_ORDER)}
_TURN_OVER = "a finished game keeps no turn in progress"


# ---------------------------------------------------------------------------
# Writing


def _names(labels: Iterable[Label]) -> list[str]:
    return [label.name for label in labels]


def state_to_dict(state: State) -> dict[str, Any]:
    """Every field of ``state`` as plain data.

    The rules and the grid are written as `rules_to_dict`
    and `layout_to_dict` write them (without
    their own ``format``); the board as a table from cell (``"c4"``) to owner;
    labels by name; sets of players as sorted lists; the Plus set-up, when
    one is going on, as a table of its own.

    Raises:
        FileFormatError: for rules or a grid no file can hold.
    """
    rules = rules_to_dict(state.rules)
    del rules["format"]
    layout = layout_to_dict(state.layout)
    del layout["format"]
    cells = state.layout.cells
    setup = state.setup
    data = {
        "format": STATE_FORMAT,
        "rules": rules,
        "layout": layout,
        "board": {
            str(cells[i]): owner for i, owner in enumerate(state.owners) if owner is not None
        },
        "tokens_left": list(state.tokens_left),
        "player": state.player,
        "rolls": state.rolls,
        "dice": None if state.dice is None else list(state.dice),
        "kept": list(state.kept),
        "in_air": state.in_air,
        "call": None if state.call is None else state.call.name,
        "roll_off": list(state.roll_off),
        "roll_off_faces": list(state.roll_off_faces),
        "daversa_armed": list(state.daversa_armed),
        "resigned": sorted(state.resigned),
        "winners": sorted(state.winners),
        "end_rule": state.end_rule,
        "setup": None
        if setup is None
        else {
            "first": setup.first,
            "bag": _names(setup.bag),
            "hands": [_names(hand) for hand in setup.hands],
            "tiles": {
                str(cells[i]): tile.name for i, tile in enumerate(setup.tiles) if tile is not None
            },
        },
    }
    if state.seen:  # only rules that track a turn's figures have them
        data["seen"] = _names(sorted(state.seen, key=_RANK.__getitem__))
    return data


def state_to_json(state: State) -> str:
    """``state`` as a JSON document (`state_to_dict`)."""
    return _json_document(state_to_dict(state))


# ---------------------------------------------------------------------------
# Reading


def _faces(value: object, where: str) -> tuple[int, ...]:
    faces = read_ints(value, where, 1, 6)
    if list(faces) != sorted(faces):
        raise FileFormatError(where, f"faces are written sorted, got {list(faces)}")
    return faces


def _label(value: object, where: str) -> Label:
    text = _str(value, where)
    try:
        return parse_label(text)
    except ValueError:
        raise FileFormatError(where, f"unknown label {_short(text)}") from None


def _labels(value: object, where: str) -> tuple[Label, ...]:
    items = _list(value, where)
    labels = tuple(_label(item, f"{where}[{i}]") for i, item in enumerate(items))
    if list(labels) != sorted(labels, key=_RANK.__getitem__):
        raise FileFormatError(where, "labels are written in the order of Figure, then SEC, CALL")
    return labels


def _figures(value: object, where: str) -> frozenset[Figure]:
    labels = _labels(value, where)
    if not all(isinstance(label, Figure) for label in labels):
        raise FileFormatError(where, "the figures the turn's rolls showed are Figures")
    return frozenset(labels)  # type: ignore[arg-type]


def _player_set(value: object, where: str, players: int) -> frozenset[int]:
    members = read_ints(value, where, 0, players - 1)
    if list(members) != sorted(set(members)):
        raise FileFormatError(where, f"players are written sorted, once each, got {list(members)}")
    return frozenset(members)


def _cell_table(value: object, where: str, layout: Layout) -> dict[int, Any]:
    """A table keyed by cells of ``layout`` (``"c4"``): cell index to the value."""
    out: dict[int, Any] = {}
    for key, item in _table(value, where).items():
        at = _at(where, key)
        try:
            cell = Cell.parse(key)
        except ValueError:
            raise FileFormatError(at, "a key is a cell, like c4") from None
        if str(cell) != key:
            raise FileFormatError(at, f"write the cell as {str(cell)!r}")
        if cell not in layout:
            raise FileFormatError(at, f"{cell} is off the {layout.width}×{layout.height} grid")
        out[layout.index(cell)] = item
    return out


def _setup(value: object, rules: Rules, layout: Layout) -> Setup | None:
    if value is None:
        return None
    table = _table(value, "setup")
    check_fields(table, _SETUP_FIELDS, "setup", required=_SETUP_FIELDS)
    players = rules.players
    first = table["first"]
    if first is not None:
        first = _int(first, "setup.first")
        if not 0 <= first < players:
            raise FileFormatError("setup.first", f"expected 0 to {players - 1}, got {first}")
    hands = _list(table["hands"], "setup.hands")
    if len(hands) != players:
        raise FileFormatError("setup.hands", f"one hand per player: {players}, got {len(hands)}")
    tiles: list[Label | None] = [None] * len(layout)
    for index, name in _cell_table(table["tiles"], "setup.tiles", layout).items():
        tiles[index] = _label(name, f"setup.tiles.{layout.cells[index]}")
    return Setup(
        first,
        _labels(table["bag"], "setup.bag"),
        tuple(_labels(hand, f"setup.hands[{i}]") for i, hand in enumerate(hands)),
        tuple(tiles),
    )


def state_from_dict(data: Mapping[str, Any]) -> State:
    """Read a state from plain data, such as `state_to_dict` writes.

    Every field is required (``null`` where the state holds ``None``).

    Raises:
        FileFormatError: saying where: a missing or unknown field, a wrong
            type, a number out of range, unsorted dice, bad rules or grid.
        InvalidStateError: for fields that disagree
            (`check_state`).
    """
    table = _table(data, "document")
    others = {"morpyam/1": "a game record", RULES_FORMAT: "a rules file"}
    require_format(table, STATE_FORMAT, "a state", {**others, LAYOUT_FORMAT: "a layout file"})
    for key in table:
        if key not in _FIELDS and key != "seen":
            raise FileFormatError(
                _at("document", key), f"unknown field; the fields are {', '.join(_FIELDS)}"
            )
    for key in _FIELDS:
        if key not in table:
            raise FileFormatError(key, "missing")
    try:
        rules = rules_from_dict(_table(table["rules"], "rules"))
    except FileFormatError as error:
        raise _inside("rules", error) from None
    shape = (rules.layout.height, rules.layout.width)
    try:
        layout = layout_from_dict(_table(table["layout"], "layout"), shape=shape)
    except FileFormatError as error:
        raise _inside("layout", error) from None
    players = rules.players
    owners: list[int | None] = [None] * len(layout)
    for index, owner in _cell_table(table["board"], "board", layout).items():
        at = f"board.{layout.cells[index]}"
        number = _int(owner, at)
        owners[index] = number
        if not 0 <= number < players:
            raise FileFormatError(at, f"an owner is a player, 0 to {players - 1}, got {owner}")
    tokens_left = read_ints(table["tokens_left"], "tokens_left", 0, rules.tokens_per_player)
    player = _int(table["player"], "player")
    if not 0 <= player < players:
        raise FileFormatError("player", f"expected 0 to {players - 1}, got {player}")
    rolls = _int(table["rolls"], "rolls")
    if not 0 <= rolls <= 3:
        raise FileFormatError("rolls", f"R-TURN-1: 0 to 3 rolls in a turn, got {rolls}")
    dice = None if table["dice"] is None else _faces(table["dice"], "dice")
    call = None if table["call"] is None else _label(table["call"], "call")
    end_rule = table["end_rule"]
    if end_rule is not None:
        end_rule = _str(end_rule, "end_rule")
        if end_rule not in END_RULES:
            raise FileFormatError(
                "end_rule",
                f"expected null or one of {', '.join(END_RULES)}, got {_short(end_rule)}",
            )
    armed = _list(table["daversa_armed"], "daversa_armed")
    state = State(
        rules,
        layout,
        tuple(owners),
        tokens_left,
        player,
        rolls,
        dice,
        _faces(table["kept"], "kept"),
        _bool(table["in_air"], "in_air"),
        call,
        read_ints(table["roll_off"], "roll_off", 0, players - 1),
        read_ints(table["roll_off_faces"], "roll_off_faces", 1, 6),
        tuple(_bool(flag, f"daversa_armed[{i}]") for i, flag in enumerate(armed)),
        _player_set(table["resigned"], "resigned", players),
        _player_set(table["winners"], "winners", players),
        end_rule,
        _setup(table["setup"], rules, layout),
        _figures(table.get("seen", []), "seen"),
    )
    check_state(state)
    return state


def state_from_json(text: str) -> State:
    """Read a state from a JSON document (`state_from_dict`).

    Raises:
        FileFormatError: for a text over `MAX_TEXT_SIZE`,
            a syntax error (``where`` is ``"line L, column C"``) or bad content;
            an `InvalidStateError` for
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


def _ko_players(state: State) -> set[int]:
    """The players with a line of ``ko_length`` or more tokens (R-END-1)."""
    length = state.rules.ko_length
    if length is None:
        return set()
    owners = state.owners
    return {
        owner
        for index, owner in enumerate(owners)
        if owner is not None and is_ko(state.layout, owners, index, length, state.rules.diagonals)
    }


def check_state(state: State) -> None:
    """Check that the fields of ``state`` agree, as in every position play reaches.

    Checked, in this order:

    - the types and sizes of every field against the rules: one owner per
      cell and one count per player, players, owners and faces in range,
      dice and kept dice sorted, at most 3 rolls and 4 kept dice;
    - the grid is the rules' grid, or (given to ``new_game``, or built in the
      Plus set-up) a grid of the same tiles; while the set-up lasts it is
      still the rules' grid;
    - tokens are conserved: each player's tokens on the board plus their
      tokens left make ``tokens_per_player``;
    - ``winners`` and ``end_rule`` are both empty or both set; a resigned
      player never wins; a finished game keeps no turn in progress;
    - a finished game's winners are those of its end rule: a KO line for
      R-END-1 (and for nobody else), an armed D'Aversa for R-MOR-3 (so a
      winner with two tokens on the board at least), the points
      of R-END-3 after the last token for R-END-2, the last player left for
      R-END-4; only a finisher has no token left;
    - a game that goes on: two players or more still in, the player to move
      still in, nobody without tokens, no KO line on the board;
    - D'Aversa flags only under a D'Aversa rule, never for a resigned player,
      and in the ``"replay"`` reading only for the player to move;
    - the start roll: two players or more still in it, in seat order, the
      one to roll next is the player to move, nothing played yet;
    - the Plus set-up: only under ``tile_setup``; bag, hands and laid tiles
      together are the tiles of the rules' grid; no tile is laid before the
      deal ends; the player laying tiles is the one whose turn it is to lay;
    - a turn: dice in the air have no dice showing and come before a 4th
      roll, with nothing kept on a first roll; a call is callable in the
      rules and needs a free CALL cell, is SEC only on the first roll, and
      after the roll stays only if it came up or missed on the 3rd roll;
    - a game that goes on has a legal action.

    Not checked, since a state holds no history: whether the turns taken fit
    the token counts, whether the dice kept were among the dice before, whether
    a call broke R-CALL-8, and whether D'Aversa flags in the
    ``"consecutive_turns"`` reading match the last turns.

    Raises:
        InvalidStateError: naming the first field that disagrees.
    """
    _check_types(state)
    _check_layout(state)
    _check_tokens(state)
    if state.winners or state.end_rule is not None:
        _check_over(state)
    else:
        _check_going_on(state)
    _check_armed(state)
    if state.winners:
        return
    if state.roll_off:
        _check_roll_off(state)
    elif state.setup is not None:
        _check_setup(state)
    else:
        _check_turn(state)
    require_state(bool(legal_actions(state)), "document", "the game cannot go on: no legal action")


def _check_types(state: State) -> None:
    rules = state.rules
    require_state(isinstance(rules, Rules), "rules", f"expected a Rules value, got {_shown(rules)}")
    require_state(isinstance(state.layout, Layout), "layout", "expected a Layout")
    players = rules.players
    cells = len(state.layout)
    owners = state.owners
    require_state(
        isinstance(owners, tuple) and len(owners) == cells,
        "board",
        f"one owner or None per cell: {cells} expected",
    )
    for cell, owner in zip(state.layout.cells, owners):
        require_state(
            owner is None or (type(owner) is int and 0 <= owner < players),
            f"board.{cell}",
            f"an owner is a player, 0 to {players - 1}, got {_shown(owner)}",
        )
    left = state.tokens_left
    require_state(
        isinstance(left, tuple) and len(left) == players,
        "tokens_left",
        f"one count per player: {players} expected, got {_shown(left)}",
    )
    require_state(
        type(state.player) is int and 0 <= state.player < players,
        "player",
        f"expected 0 to {players - 1}, got {_shown(state.player)}",
    )
    require_state(
        type(state.rolls) is int and 0 <= state.rolls <= 3,
        "rolls",
        f"R-TURN-1: 0 to 3 rolls in a turn, got {_shown(state.rolls)}",
    )
    require_state(
        state.dice is None or _is_faces(state.dice, 5, 5),
        "dice",
        f"R-SET-1: None or 5 sorted faces from 1 to 6, got {_shown(state.dice)}",
    )
    require_state(
        _is_faces(state.kept, 0, 4),
        "kept",
        f"R-TURN-1: 0 to 4 sorted faces, got {_shown(state.kept)}",
    )
    require_state(type(state.in_air) is bool, "in_air", "expected True or False")
    require_state(
        state.call is None or isinstance(state.call, (Figure, Special)),
        "call",
        f"None or a label, got {_shown(state.call)}",
    )
    armed = state.daversa_armed
    require_state(
        isinstance(armed, tuple)
        and len(armed) == players
        and all(type(flag) is bool for flag in armed),
        "daversa_armed",
        f"one flag per player: {players} expected",
    )
    for name in ("resigned", "winners"):
        value = getattr(state, name)
        require_state(
            isinstance(value, frozenset)
            and all(type(p) is int and 0 <= p < players for p in value),
            name,
            f"a set of players 0 to {players - 1}, got {_shown(value)}",
        )
    require_state(
        state.end_rule is None or state.end_rule in END_RULES,
        "end_rule",
        f"None or one of {', '.join(END_RULES)}, got {_shown(state.end_rule)}",
    )
    require_state(
        state.setup is None or isinstance(state.setup, Setup),
        "setup",
        "None or a Setup",
    )


def _check_layout(state: State) -> None:
    grid, played = state.rules.layout, state.layout
    require_state(
        (played.height, played.width) == (grid.height, grid.width),
        "layout",
        f"the grid must be {grid.width}×{grid.height} like the rules' layout",
    )
    require_state(
        Counter(played.labels) == Counter(grid.labels),
        "layout",
        "R-VAR-PLUS: the grid must be made of the tiles of the rules' layout",
    )
    if not state.rules.tile_setup:
        require_state(played == grid, "layout", "only Plus rules play on a grid of their own")
    if state.setup is not None:
        require_state(
            played == grid, "layout", "R-VAR-PLUS: during the set-up the grid is the rules' layout"
        )


def _check_tokens(state: State) -> None:
    rules = state.rules
    counts = Counter(owner for owner in state.owners if owner is not None)
    for player, left in enumerate(state.tokens_left):
        require_state(
            type(left) is int and 0 <= left <= rules.tokens_per_player,
            f"tokens_left[{player}]",
            f"R-SET-2: 0 to {rules.tokens_per_player} tokens, got {_shown(left)}",
        )
        require_state(
            counts[player] + left == rules.tokens_per_player,
            f"tokens_left[{player}]",
            f"tokens are not conserved: player {player} has {counts[player]} on the board "
            f"and {left} left, not {rules.tokens_per_player} in all",
        )


def _check_over(state: State) -> None:
    rules = state.rules
    winners, rule = state.winners, state.end_rule
    require_state(bool(winners), "winners", f"a game ended by {rule} has winners")
    require_state(rule is not None, "end_rule", "a game with winners says which rule ended it")
    require_state(winners.isdisjoint(state.resigned), "winners", "R-END-4: a resigned player won")
    for name, value, empty in (
        ("rolls", state.rolls, 0),
        ("dice", state.dice, None),
        ("kept", state.kept, ()),
        ("in_air", state.in_air, False),
        ("call", state.call, None),
        ("roll_off", state.roll_off, ()),
        ("roll_off_faces", state.roll_off_faces, ()),
    ):
        require_state(value == empty, name, _TURN_OVER)
    require_state(
        state.setup is None or rule == "R-END-4",
        "setup",
        "only resignations can end a game during the Plus set-up",
    )
    require_state(
        not any(state.daversa_armed), "daversa_armed", "a finished game has no D'Aversa pending"
    )
    finished = [p for p, left in enumerate(state.tokens_left) if left == 0]
    kos = _ko_players(state)
    if rule == "R-END-1":
        require_state(rules.ko_length is not None, "end_rule", "R-END-1: the rules have no KO")
        require_state(
            len(winners) == 1 and kos == set(winners),
            "winners",
            f"R-END-1: the winner is the one player with {rules.ko_length} in a line",
        )
    else:
        require_state(
            not kos, "board", f"R-END-1: a KO line on the board, yet the game ended by {rule}"
        )
    if rule in ("R-END-1", "R-MOR-3"):
        require_state(
            len(winners) == 1 and set(finished) <= set(winners),
            "tokens_left",
            f"{rule}: one winner, and only they may have placed their last token",
        )
    if rule == "R-MOR-3":
        require_state(rules.daversa is not None, "end_rule", "R-MOR-3: the rules have no D'Aversa")
        (winner,) = winners
        require_state(
            rules.tokens_per_player - state.tokens_left[winner] >= 2,
            "winners",
            "R-MOR-3: the winner placed with a Morpyam showing in two turns, "
            f"yet player {winner} has fewer than two tokens on the board",
        )
    if rule == "R-END-2":
        require_state(
            len(finished) == 1,
            "tokens_left",
            "R-END-2: exactly one player placed their last token",
        )
        (finisher,) = finished
        require_state(finisher not in state.resigned, "resigned", "R-END-2: the finisher resigned")
        totals = points(rules, state.layout, state.owners)
        totals[finisher] += rules.end_bonus
        expected = winners_on_points(
            totals, finisher, state.resigned, rules.tie_break, state.tokens_left
        )
        require_state(
            winners == expected,
            "winners",
            f"R-END-3: the points {totals} make {sorted(expected)} the winners",
        )
    if rule == "R-END-4":
        left = set(range(rules.players)) - state.resigned
        require_state(
            len(left) == 1 and winners == left,
            "winners",
            "R-END-4: the winner of a forfeit is the last player left",
        )
        require_state(not finished, "tokens_left", "R-END-2: a player placed their last token")


def _check_going_on(state: State) -> None:
    rules = state.rules
    left = set(range(rules.players)) - state.resigned
    require_state(len(left) >= 2, "resigned", "R-END-4: with one player left the game is over")
    require_state(
        state.player not in state.resigned,
        "player",
        f"R-END-4: player {state.player} resigned and takes no turn",
    )
    for player, tokens in enumerate(state.tokens_left):
        require_state(
            tokens > 0,
            f"tokens_left[{player}]",
            f"R-END-2: player {player} placed their last token, so the game is over",
        )
    kos = _ko_players(state)
    require_state(
        not kos,
        "board",
        f"R-END-1: player {min(kos) if kos else 0} has {rules.ko_length} in a line, "
        "so the game is over",
    )


def _check_armed(state: State) -> None:
    daversa = state.rules.daversa
    for player, flag in enumerate(state.daversa_armed):
        if not flag:
            continue
        where = f"daversa_armed[{player}]"
        require_state(daversa is not None, where, "R-MOR-3: no D'Aversa in these rules")
        require_state(
            player not in state.resigned, where, "R-END-4: a resigned player is not armed"
        )
        if not state.winners:
            require_state(
                daversa != "replay" or player == state.player,
                where,
                "R-MOR-3: in the 'replay' reading only the player in their replay is armed",
            )
            require_state(
                not state.roll_off and state.setup is None,
                where,
                "R-MOR-3: nobody is armed before play starts",
            )


def _not_started(state: State) -> None:
    """Before the first turn: an empty board, no dice, no call."""
    require_state(state.owners.count(None) == len(state.owners), "board", "no token before play")
    for name, value, empty in (
        ("rolls", state.rolls, 0),
        ("dice", state.dice, None),
        ("kept", state.kept, ()),
        ("in_air", state.in_air, False),
        ("call", state.call, None),
    ):
        require_state(value == empty, name, "nobody rolls for a turn before play starts")


def _check_roll_off(state: State) -> None:
    contenders = state.roll_off
    faces = state.roll_off_faces
    require_state(
        len(contenders) >= 2 and list(contenders) == sorted(set(contenders)),
        "roll_off",
        "R-SET-3: two players or more, in seat order, roll for the start",
    )
    require_state(
        state.resigned.isdisjoint(contenders),
        "roll_off",
        "R-END-4: a player who resigned leaves the start roll",
    )
    require_state(
        len(faces) < len(contenders) and all(face in FACES for face in faces),
        "roll_off_faces",
        "R-SET-3: a face from 1 to 6 for each player who rolled, and one to roll at least",
    )
    require_state(
        state.player == contenders[len(faces)],
        "player",
        f"R-SET-3: player {contenders[len(faces)]} rolls next in the start roll",
    )
    _not_started(state)
    setup = state.setup
    if setup is not None:
        require_state(state.rules.tile_setup, "setup", "R-VAR-PLUS: no set-up in these rules")
        require_state(
            setup.first is None
            and Counter(setup.bag) == Counter(state.rules.layout.labels)
            and not any(setup.hands)
            and setup.tiles.count(None) == len(setup.tiles),
            "setup",
            "R-VAR-PLUS: the tiles are dealt after the start roll",
        )
        require_state(
            list(setup.bag) == sorted(setup.bag, key=_RANK.__getitem__), "setup.bag", "sorted"
        )


def _check_setup(state: State) -> None:
    rules = state.rules
    setup = state.setup
    assert setup is not None
    require_state(rules.tile_setup, "setup", "R-VAR-PLUS: no set-up in these rules")
    require_state(not state.roll_off_faces, "roll_off_faces", "the start roll is over")
    require_state(
        setup.first is not None and type(setup.first) is int and 0 <= setup.first < rules.players,
        "setup.first",
        "R-VAR-PLUS: the start roll has decided the first player",
    )
    require_state(len(setup.hands) == rules.players, "setup.hands", "one hand per player")
    require_state(len(setup.tiles) == len(state.layout), "setup.tiles", "one place per cell")
    for where, labels in (
        ("setup.bag", setup.bag),
        *((f"setup.hands[{p}]", hand) for p, hand in enumerate(setup.hands)),
    ):
        require_state(
            all(isinstance(label, (Figure, Special)) for label in labels)
            and list(labels) == sorted(labels, key=_RANK.__getitem__),
            where,
            "labels in the order of Figure, then SEC, CALL",
        )
    everything = Counter(setup.bag)
    for hand in setup.hands:
        everything.update(hand)
    everything.update(tile for tile in setup.tiles if tile is not None)
    require_state(
        everything == Counter(rules.layout.labels),
        "setup",
        "R-VAR-PLUS: the bag, the hands and the laid tiles are the tiles of the rules' grid",
    )
    for player in state.resigned:
        require_state(
            not setup.hands[player],
            f"setup.hands[{player}]",
            "R-END-4: the tiles of a player who resigned pass to the next player",
        )
    _not_started(state)
    if setup.bag:
        require_state(
            setup.tiles.count(None) == len(setup.tiles),
            "setup.tiles",
            "R-VAR-PLUS: the tiles are laid once they are all dealt",
        )
        if not state.resigned and setup.first is not None:
            dealt = len(setup.tiles) - len(setup.bag)
            receiver = (setup.first + dealt) % state.rules.players
            require_state(
                state.player == receiver,
                "player",
                f"R-VAR-PLUS: tiles go round the table from the first player: "
                f"the next one is player {receiver}'s",
            )
    else:
        placer = setup.placer(state.resigned, state.player)
        require_state(
            placer is not None, "setup", "R-VAR-PLUS: every tile is laid: the set-up is over"
        )
        require_state(
            state.player == placer,
            "player",
            f"R-VAR-PLUS: player {placer} lays their tiles now",
        )


def _check_turn(state: State) -> None:
    rules = state.rules
    require_state(not state.roll_off_faces, "roll_off_faces", "the start roll is over")
    call = state.call
    free_call = any(
        owner is None and label is Special.CALL
        for owner, label in zip(state.owners, state.layout.labels)
    )
    if call is not None:
        require_state(call in rules.callable, "call", f"R-CALL-2: {call} cannot be called here")
        require_state(
            free_call or not rules.call_needs_free_cell,
            "call",
            "R-CALL-4: a call needs a free CALL cell",
        )
    if state.in_air:
        require_state(state.dice is None, "dice", "no dice show while they are in the air")
        require_state(state.rolls <= 2, "rolls", "R-TURN-1: a turn has at most 3 rolls")
        require_state(
            state.rolls > 0 or not state.kept,
            "kept",
            "R-TURN-1: the first roll of a turn throws all 5 dice",
        )
        require_state(
            call is not Special.SEC or state.rolls == 0,
            "call",
            "R-CALL-3: SEC is called only before the first roll",
        )
        return
    require_state(not state.kept, "kept", "dice are kept only while the others are in the air")
    if state.dice is None:
        require_state(state.rolls == 0, "rolls", "R-TURN-1: after a roll, dice show")
        require_state(call is None, "call", "R-CALL-1: a call belongs to a roll")
        return
    require_state(state.rolls >= 1, "rolls", "R-TURN-1: dice show only after a roll")
    if call is not None:
        if call is Special.SEC:
            hit = state.rolls == 1 and not rules.sec_figures.isdisjoint(classify(state.dice))
        else:
            hit = call in rules.shows(state.dice)
        voids = (state.rolls == 3 and call is not Special.SEC) or (
            rules.missed_call_voids == "any_roll" and (call is not Special.SEC or state.rolls == 1)
        )
        require_state(
            hit or voids,
            "call",
            "R-CALL-6: a call that missed on the 1st or 2nd roll is forgotten",
        )
