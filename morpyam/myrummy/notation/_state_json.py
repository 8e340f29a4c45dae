"""A MyRummy position as JSON (``"format": "myrummy-state/1"``), read back exactly and checked.

An app that saves a match in progress, a server that keeps positions or a
notebook that keeps an interesting table needs a
`State` as plain data.
`state_to_dict` writes every
field (every rack too: this is the referee's view, not a player's; send a
player `observe` instead), tiles and
combinations in their notation (``gn5``, ``J``, ``[gn4 gn5 J]``,
``{bk7 gn7 gy7}``), and
`state_from_dict` gives back
an equal state.

A document is untrusted input, read as Morpyam's state documents are
(`morpyam.state_json`): refused over
`MAX_TEXT_SIZE` before it is parsed, every
field checked for its type and range (a
`FileFormatError` saying where), then
`check_state` checks that the
fields agree the way every position of play or of
`position` does (an
`InvalidStateError`). A read gives
a whole state or an error, never part of one.

Examples:
    >>> import morpyam.myrummy as mr
    >>> state = mr.position(mr.Rules.classic(), racks=[mr.parse_tiles("gn5 J"), mr.parse_tiles("bk3")])
    >>> state_from_json(state_to_json(state)) == state
    True
    >>> state_to_dict(state)["racks"]
    [['gn5', 'J'], ['bk3']]
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

import attrs

from morpyam.errors import FileFormatError, InvalidStateError
from morpyam.kit.fields import check_fields, read_attrs, read_int, require_format, require_state
from morpyam.kit.fields import inside as _inside
from morpyam.kit.fields import json_document as _json_document
from morpyam.kit.fields import parse_json as _parse_json
from morpyam.kit.fields import read_bool as _bool
from morpyam.kit.fields import read_list as _list
from morpyam.kit.fields import read_str as _str
from morpyam.kit.fields import read_table as _table
from morpyam.kit.fields import short_text as _short
from morpyam.myrummy.core._melds import Group, Meld, Run, misfit, parse_meld, sort_table
from morpyam.myrummy.core._rules import Rules
from morpyam.myrummy.core._state import State
from morpyam.myrummy.core._tiles import COPIES, KINDS, TILES, Tile, counts, parse_tile

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

STATE_FORMAT = "myrummy-state/1"
"""The ``format`` of a MyRummy state document; a reader refuses any other."""

END_RULES = ("R-RUM-END-1", "R-RUM-VAR-HAND", "R-RUM-END-3", "resign")
"""What can end a match, the values of ``State.end_rule``."""

_FIELDS = (
    "format",
    "rules",
    "racks",
    "table",
    "pool",
    "player",
    "first",
    "opened",
    "deal_left",
    "draws_left",
    "passes",
    "round",
    "totals",
    "last_round",
    "end_rule",
    "resigned",
)
_RULES_FIELDS = tuple(field.name for field in attrs.fields(Rules))
_LATER_FIELDS = frozenset({"joker_from_rack", "colours", "values", "copies", "jokers"})
"""Fields of `Rules` added after documents of this format were first written: a document
without one reads it at its default."""
_MAX_TILES = KINDS * COPIES
_MAX_MELDS = 36
# beyond any total: 100 rounds, each at most 10 × 928 (every tile, the jokers at 100)
_POINTS = 1_000_000


# ---------------------------------------------------------------------------
# Writing


def state_to_dict(state: State) -> dict[str, Any]:
    """Every field of ``state`` as plain data.

    The rules as a table of every field of `Rules`;
    racks and the pool as sorted lists of tiles in notation, the table as its
    combinations in notation, in the table's order; everything else as it is
    in the state (``null`` for ``None``).

    Raises:
        ValueError: for a ``state`` that is not a MyRummy ``State``.
    """
    if not isinstance(state, State):
        hint = (
            ": what a player sees is written by observation_to_json"
            if type(state).__name__ == "Observation"
            else ""
        )
        raise ValueError(f"expected a myrummy State, got {type(state).__name__}{hint}")
    return {
        "format": STATE_FORMAT,
        "rules": attrs.asdict(state.rules),
        "racks": [[str(tile) for tile in rack] for rack in state.racks],
        "table": [str(meld) for meld in state.table],
        "pool": [str(tile) for tile in state.pool_tiles],
        "player": state.player,
        "first": state.first,
        "opened": list(state.opened),
        "deal_left": state.deal_left,
        "draws_left": state.draws_left,
        "passes": state.passes,
        "round": state.round,
        "totals": list(state.totals),
        "last_round": None if state.last_round is None else list(state.last_round),
        "end_rule": state.end_rule,
        "resigned": state.resigned,
    }


def state_to_json(state: State) -> str:
    """``state`` as a JSON document (`state_to_dict`)."""
    return _json_document(state_to_dict(state))


# ---------------------------------------------------------------------------
# Reading


def _seat_or_none(value: object, where: str, players: int) -> int | None:
    return None if value is None else read_int(value, where, 0, players - 1)


def _rules(value: object) -> Rules:
    return read_attrs(value, "rules", Rules, optional=_LATER_FIELDS)


def _tile(value: object, where: str) -> Tile:
    text = _str(value, where)
    try:
        tile = parse_tile(text)
    except ValueError:
        raise FileFormatError(where, f"{_short(text)} is no tile (gn5, pu13, J)") from None
    if str(tile) != text:
        raise FileFormatError(where, f"write the tile as {str(tile)!r}")
    return tile


def _tiles(value: object, where: str) -> tuple[Tile, ...]:
    items = _list(value, where)
    if len(items) > _MAX_TILES:
        raise FileFormatError(where, f"{len(items)} tiles; the set has {_MAX_TILES}")
    tiles = tuple(_tile(item, f"{where}[{i}]") for i, item in enumerate(items))
    if list(tiles) != sorted(tiles):
        raise FileFormatError(where, "tiles are written sorted: colour by colour, the jokers last")
    return tiles


def _meld(value: object, where: str) -> Meld:
    text = _str(value, where)
    try:
        meld = parse_meld(text)
    except ValueError as error:  # an IllegalActionError names the rule the meld breaks
        raise FileFormatError(where, str(error)) from None
    if str(meld) != text:
        raise FileFormatError(where, f"write the combination as {str(meld)!r}")
    return meld


def _melds(value: object) -> tuple[Meld, ...]:
    items = _list(value, "table")
    if len(items) > _MAX_MELDS:
        raise FileFormatError("table", f"{len(items)} combinations; 106 tiles make at most 35")
    melds = tuple(_meld(item, f"table[{i}]") for i, item in enumerate(items))
    if sort_table(melds) != melds:
        raise FileFormatError(
            "table", "combinations are written in the table's order: runs, then groups, by tiles"
        )
    return melds


def _points(value: object, where: str, players: int) -> tuple[int, ...]:
    items = _list(value, where)
    if len(items) != players:
        raise FileFormatError(where, f"one number per player: {players} expected, got {len(items)}")
    return tuple(read_int(item, f"{where}[{i}]", -_POINTS, _POINTS) for i, item in enumerate(items))


def state_from_dict(data: Mapping[str, Any]) -> State:
    """Read a state from plain data, such as `state_to_dict` writes.

    Every field is required (``null`` where the state holds ``None``), and
    written in its canonical form (tiles sorted, the table in its order), so
    that a document and a state correspond one to one.

    Raises:
        FileFormatError: saying where: a missing or unknown field, a wrong
            type, a number out of range, a tile or combination that is none,
            tiles or combinations out of order, rules that ``Rules`` refuses.
        InvalidStateError: for fields that disagree
            (`check_state`).
    """
    table = _table(data, "document")
    require_format(table, STATE_FORMAT, "a MyRummy state")
    check_fields(table, _FIELDS, required=_FIELDS)
    try:
        rules = _rules(table["rules"])
    except FileFormatError as error:
        raise _inside("rules", error) from None
    players = rules.players
    racks = _list(table["racks"], "racks")
    if len(racks) != players:
        raise FileFormatError("racks", f"one rack per player: {players} expected, got {len(racks)}")
    opened = _list(table["opened"], "opened")
    if len(opened) != players:
        raise FileFormatError(
            "opened", f"one flag per player: {players} expected, got {len(opened)}"
        )
    pool = counts(_tiles(table["pool"], "pool"))
    if max(pool) > COPIES:
        kind = max(range(KINDS), key=pool.__getitem__)
        raise FileFormatError(
            "pool", f"the set has {COPIES} × {TILES[kind]}, the pool {pool[kind]}"
        )
    end_rule = table["end_rule"]
    if end_rule is not None:
        end_rule = _str(end_rule, "end_rule")
        if end_rule not in END_RULES:
            raise FileFormatError(
                "end_rule",
                f"expected null or one of {', '.join(END_RULES)}, got {_short(end_rule)}",
            )
    last_round = table["last_round"]
    deal = players * rules.rack_size
    state = State(
        rules,
        tuple(_tiles(rack, f"racks[{i}]") for i, rack in enumerate(racks)),
        _melds(table["table"]),
        tuple(pool),
        read_int(table["player"], "player", 0, players - 1),
        _seat_or_none(table["first"], "first", players),
        tuple(_bool(flag, f"opened[{i}]") for i, flag in enumerate(opened)),
        read_int(table["deal_left"], "deal_left", 0, deal),
        read_int(table["draws_left"], "draws_left", 0, _MAX_TILES),
        read_int(table["passes"], "passes", 0, players - 1),
        read_int(table["round"], "round", 0, rules.rounds - 1),
        _points(table["totals"], "totals", players),
        None if last_round is None else _points(last_round, "last_round", players),
        end_rule,
        _seat_or_none(table["resigned"], "resigned", players),
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


def _is_int(value: object, low: int, high: int) -> bool:
    return type(value) is int and low <= value <= high


def _is_points(value: object, players: int) -> bool:
    return (
        isinstance(value, tuple)
        and len(value) == players
        and all(_is_int(v, -_POINTS, _POINTS) for v in value)
    )


def _rack_points(rules: Rules, rack: Sequence[Tile]) -> int:
    """R-RUM-END-2: the values on a rack, a joker ``joker_penalty``."""
    return sum(rules.joker_penalty if tile.colour is None else tile.value for tile in rack)


def _round_points(state: State, winner: int | None) -> tuple[int, ...]:
    """The points of a round that ends on ``state``'s racks (R-RUM-END-2, R-RUM-VAR-HAND).

    Each player who did not win scores minus their rack (twice under a
    Handrummy), the winner plus the sum of those; when the pool ran out
    (``winner`` is ``None``) the lowest rack wins, and equal lowest racks
    share the win, each scoring only their minus points (R-RUM-END-3).
    """
    minus = [_rack_points(state.rules, rack) for rack in state.racks]
    if winner is None:
        low = min(minus)
        lowest = [p for p, points in enumerate(minus) if points == low]
        if len(lowest) > 1:
            return tuple(-points for points in minus)
        winner = lowest[0]
    factor = state.rules.handrummy_factor if state.end_rule == "R-RUM-VAR-HAND" else 1
    points = [-factor * m for m in minus]
    points[winner] = -sum(points[p] for p in range(len(points)) if p != winner)
    return tuple(points)


def check_state(state: State) -> None:
    """Check that the fields of ``state`` agree, as in every position play or ``position`` makes.

    Checked, in this order:

    - types and sizes: ``Rules``, one sorted rack of ``Tile`` values per
      player, the table's ``Run`` and ``Group`` values in the table's order,
      a count from 0 to 2 per tile kind in the pool, seats in range, one flag
      and one total per player, a round below ``rules.rounds``;
    - the tiles are conserved (R-RUM-SET-1): racks, table and pool hold the
      rules' set (`Rules.full_pool`; the box's 106 tiles, two of each), and
      every combination fits the set (`misfit`);
    - ``resigned`` is set exactly when the match ended by resignation;
    - while the lot is open (``first`` is ``None``, R-RUM-SET-3): the first
      round, nothing dealt, nobody to seat but player 0;
    - while tiles are dealt (R-RUM-SET-2): an empty table, nobody laid out,
      each rack holding the tiles dealt to it so far, round the table from
      the first player, and the next tile going to the player whose turn it
      is;
    - after the deal: tiles to draw only from a pool that has them, and
      within ``max(timeout_penalty, 1)``; passes in a row only with the pool
      empty under ``empty_pool="passes"``, fewer than the players
      (R-RUM-END-3);
    - the points: no round finished before the first round ends (totals 0,
      no ``last_round``), a ``last_round`` after it; no round scores more
      plus than minus points (R-RUM-END-2);
    - a match over by its rules (not by resignation): in its last round,
      after the deal and the draws; a round won by laying the last tile has
      that player's rack empty, Handrummy only under ``rules.handrummy``, an
      empty-pool ending an empty pool; and ``last_round`` is what the racks
      left count (R-RUM-END-2, R-RUM-VAR-HAND, R-RUM-END-3).

    Not checked, since a state holds no history: whether the players who
    have laid out are those whose tiles lie on the table (``position`` takes
    any), and how the totals of earlier rounds came about.

    Raises:
        InvalidStateError: naming the first field that disagrees.
    """
    _check_types(state)
    rules, players = state.rules, state.players
    used = counts(tile for rack in state.racks for tile in rack)
    for meld in state.table:
        for tile in meld.tiles:
            used[tile.index] += 1
    for kind, (count, left, have) in enumerate(zip(used, state.pool, rules.full_pool)):
        require_state(
            count + left == have,
            "pool",
            f"R-RUM-SET-1: the set has {have} × {TILES[kind]}: {count} in the racks and on "
            f"the table, {left} in the pool ({rules.set_text})",
        )
    for number, meld in enumerate(state.table):
        reason = misfit(meld, rules.colours, rules.values)
        require_state(reason is None, f"table[{number}]", f"R-RUM-SET-1: {reason}")
    require_state(
        (state.resigned is not None) == (state.end_rule == "resign"),
        "resigned",
        "a player resigned exactly when the match ended by resignation",
    )
    if state.first is None:
        _check_lot(state)
    elif state.deal_left:
        _check_deal(state)
    else:
        _check_turn(state)
    if state.round == 0 and (state.end_rule is None or state.end_rule == "resign"):
        require_state(
            state.last_round is None and not any(state.totals),
            "totals",
            "R-RUM-MATCH-1: no round is finished before the first one ends",
        )
    else:
        require_state(
            state.last_round is not None,
            "last_round",
            "R-RUM-MATCH-1: once a round is finished, its points are kept",
        )
    if state.last_round is not None:
        require_state(
            sum(state.last_round) <= 0,
            "last_round",
            "R-RUM-END-2: the winner scores the others' minus points, no more",
        )
    require_state(
        sum(state.totals) <= 0, "totals", "R-RUM-END-2: no round scores more plus than minus"
    )
    if state.end_rule is not None and state.end_rule != "resign":
        _check_over(state, rules, players)


def _check_types(state: State) -> None:
    rules = state.rules
    require_state(
        isinstance(rules, Rules), "rules", f"expected a myrummy Rules value, got {rules!r}"
    )
    players = rules.players
    racks = state.racks
    require_state(
        isinstance(racks, tuple) and len(racks) == players,
        "racks",
        f"one rack per player: {players} expected",
    )
    for seat, rack in enumerate(racks):
        require_state(
            isinstance(rack, tuple)
            and all(type(tile) is Tile for tile in rack)
            and list(rack) == sorted(rack),
            f"racks[{seat}]",
            "a rack is a sorted tuple of tiles",
        )
    table = state.table
    require_state(
        isinstance(table, tuple) and all(type(meld) in (Run, Group) for meld in table),
        "table",
        "the table is a tuple of Run and Group values",
    )
    require_state(
        sort_table(table) == table,
        "table",
        "the table keeps its combinations in order: runs, then groups, by tiles",
    )
    require_state(
        isinstance(state.pool, tuple)
        and len(state.pool) == KINDS
        and all(_is_int(count, 0, COPIES) for count in state.pool),
        "pool",
        f"a count from 0 to {COPIES} for each of the {KINDS} tiles",
    )
    for name in ("player", "first", "resigned"):
        value = getattr(state, name)
        require_state(
            (value is None and name != "player") or _is_int(value, 0, players - 1),
            name,
            f"a seat 0 to {players - 1}, got {value!r}",
        )
    require_state(
        isinstance(state.opened, tuple)
        and len(state.opened) == players
        and all(type(flag) is bool for flag in state.opened),
        "opened",
        f"one flag per player: {players} expected",
    )
    require_state(
        _is_int(state.deal_left, 0, players * rules.rack_size),
        "deal_left",
        f"R-RUM-SET-2: 0 to {players * rules.rack_size} tiles to deal, got {state.deal_left!r}",
    )
    for name in ("draws_left", "passes"):
        value = getattr(state, name)
        require_state(_is_int(value, 0, _MAX_TILES), name, f"a count, got {value!r}")
    require_state(
        _is_int(state.round, 0, rules.rounds - 1),
        "round",
        f"R-RUM-MATCH-1: rounds 0 to {rules.rounds - 1}, got {state.round!r}",
    )
    require_state(_is_points(state.totals, players), "totals", "one whole number per player")
    require_state(
        state.last_round is None or _is_points(state.last_round, players),
        "last_round",
        "None or one whole number per player",
    )
    require_state(
        state.end_rule is None or state.end_rule in END_RULES,
        "end_rule",
        f"None or one of {', '.join(END_RULES)}, got {state.end_rule!r}",
    )


def _nothing_played(state: State, why: str) -> None:
    require_state(not state.table, "table", f"{why}: the table is empty")
    require_state(not any(state.opened), "opened", f"{why}: nobody has laid out")
    require_state(state.draws_left == 0, "draws_left", f"{why}: nobody draws")
    require_state(state.passes == 0, "passes", f"{why}: nobody has passed")


def _check_lot(state: State) -> None:
    why = "R-RUM-SET-3: the lot comes before the deal"
    _nothing_played(state, why)
    require_state(
        state.round == 0, "round", "R-RUM-MATCH-1: later rounds start with the next player"
    )
    require_state(not any(state.racks), "racks", f"{why}: the racks are empty")
    require_state(
        state.deal_left == state.players * state.rules.rack_size,
        "deal_left",
        f"{why}: every tile is still to deal",
    )
    require_state(state.player == 0, "player", f"{why}: nobody receives a tile yet (player 0)")


def _check_deal(state: State) -> None:
    why = "R-RUM-SET-2: the tiles are being dealt"
    _nothing_played(state, why)
    first = state.first
    assert first is not None
    players = state.players
    dealt = players * state.rules.rack_size - state.deal_left
    for offset in range(players):
        seat = (first + offset) % players
        size = dealt // players + (offset < dealt % players)
        require_state(
            len(state.racks[seat]) == size,
            f"racks[{seat}]",
            f"{why} one at a time from player {first}: after {dealt}, player {seat} holds {size}",
        )
    receiver = (first + dealt) % players
    require_state(
        state.player == receiver,
        "player",
        f"{why}: the next tile goes to player {receiver}",
    )


def _check_turn(state: State) -> None:
    rules = state.rules
    pool = sum(state.pool)
    most = max(rules.timeout_penalty, 1)
    require_state(
        state.draws_left <= min(most, pool),
        "draws_left",
        f"R-RUM-TURN-1, R-RUM-TIME-1: at most {most} tiles to draw, and no more than the pool "
        f"holds ({pool})",
    )
    if state.passes:
        require_state(
            rules.empty_pool == "passes" and pool == 0 and state.draws_left == 0,
            "passes",
            "R-RUM-END-3: players pass only with the pool empty, under empty_pool='passes'",
        )
        require_state(
            state.passes < state.players,
            "passes",
            "R-RUM-END-3: the round ends once every player has passed in a row",
        )


def _check_over(state: State, rules: Rules, players: int) -> None:
    rule = state.end_rule
    require_state(
        state.round == rules.rounds - 1,
        "round",
        f"R-RUM-MATCH-1: a match of {rules.rounds} rounds ends in its last one",
    )
    require_state(
        state.first is not None and state.deal_left == 0 and state.draws_left == 0,
        "end_rule",
        f"{rule}: a round ends on a turn, not during the lot, the deal or a draw",
    )
    winner: int | None = None
    if rule == "R-RUM-END-3":
        require_state(sum(state.pool) == 0, "pool", "R-RUM-END-3: the round ended on an empty pool")
    else:
        require_state(
            rule != "R-RUM-VAR-HAND" or rules.handrummy,
            "end_rule",
            "R-RUM-VAR-HAND: these rules play no Handrummy",
        )
        winner = state.player
        require_state(
            not state.racks[winner],
            f"racks[{winner}]",
            f"{rule}: player {winner} won the round by laying their last tile",
        )
    expected = _round_points(state, winner)
    require_state(
        state.last_round == expected,
        "last_round",
        f"R-RUM-END-2: the racks left make the round's points {list(expected)}",
    )
