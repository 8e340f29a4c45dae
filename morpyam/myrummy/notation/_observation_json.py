"""What one player sees, as JSON (``"format": "myrummy-observation/1"``), read back exactly and checked.

A server sends each player the view the rules allow them (`observe`), not the
state: the racks are face down (R-RUM-SET-2). This is that view's wire form,
with the guarantees of the state's (`morpyam.myrummy.notation._state_json`):
`observation_to_dict` writes every field of an `Observation`, tiles and
combinations in their notation, and `observation_from_dict` gives back an
equal observation. It holds the observer's own rack and no other: the other
racks only by their sizes, the pool only by its size, so that two states that
differ only in what the observer cannot see give the same document.

A document is untrusted input, read as the state's: refused over
`MAX_TEXT_SIZE` before it is parsed, every field checked for its type and
range (a `FileFormatError` saying where), then `check_observation` checks that
the fields agree the way every observation of a position of play does (an
`InvalidStateError`). A read gives a whole observation or an error, never part
of one.

Examples:
    >>> import morpyam.myrummy as mr
    >>> state = mr.position(mr.Rules.classic(), racks=[mr.parse_tiles("gn5 J"), mr.parse_tiles("bk3")])
    >>> seen = mr.observe(state, 1)
    >>> mr.observation_from_json(mr.observation_to_json(seen)) == seen
    True
    >>> observation_to_dict(seen)["rack"], observation_to_dict(seen)["rack_sizes"]
    (['bk3'], [2, 1])
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import attrs

from morpyam.errors import FileFormatError, InvalidStateError
from morpyam.kit.fields import check_fields, read_int, require_format, require_state
from morpyam.kit.fields import inside as _inside
from morpyam.kit.fields import json_document as _json_document
from morpyam.kit.fields import parse_json as _parse_json
from morpyam.kit.fields import read_bool as _bool
from morpyam.kit.fields import read_list as _list
from morpyam.kit.fields import read_str as _str
from morpyam.kit.fields import read_table as _table
from morpyam.kit.fields import short_text as _short
from morpyam.myrummy.core._engine import rack_points
from morpyam.myrummy.core._melds import Group, Run, misfit, sort_table
from morpyam.myrummy.core._observe import Observation
from morpyam.myrummy.core._rules import Rules
from morpyam.myrummy.core._tiles import TILES, Tile, counts
from morpyam.myrummy.notation._state_json import (
    _MAX_TILES,
    END_RULES,
    _is_int,
    _is_points,
    _melds,
    _points,
    _rules,
    _seat_or_none,
    _tiles,
)

__all__ = [
    "OBSERVATION_FORMAT",
    "InvalidStateError",
    "check_observation",
    "observation_from_dict",
    "observation_from_json",
    "observation_to_dict",
    "observation_to_json",
]

OBSERVATION_FORMAT = "myrummy-observation/1"
"""The ``format`` of a document of what one player sees; a reader refuses any other."""

_FIELDS = (
    "format",
    "rules",
    "player",
    "rack",
    "table",
    "rack_sizes",
    "pool_size",
    "opened",
    "totals",
    "last_round",
    "turn",
    "first",
    "deal_left",
    "draws_left",
    "passes",
    "round",
    "end_rule",
    "resigned",
)


def observation_to_dict(observation: Observation) -> dict[str, Any]:
    """Every field of ``observation`` as plain data: the observer's rack as a sorted list of
    tiles in notation, the table as its combinations in notation, the rules as a table of
    every field, the rest as it is (``null`` for ``None``).

    Raises:
        ValueError: for an ``observation`` that is not an `Observation` (a ``State`` is
            told to go through `observe`).
    """
    if not isinstance(observation, Observation):
        hint = (
            ": send a player observe(state, player), not the state with every rack"
            if type(observation).__name__ == "State"
            else ""
        )
        raise ValueError(f"expected an Observation, got {type(observation).__name__}{hint}")
    return {
        "format": OBSERVATION_FORMAT,
        "rules": attrs.asdict(observation.rules),
        "player": observation.player,
        "rack": [str(tile) for tile in observation.rack],
        "table": [str(meld) for meld in observation.table],
        "rack_sizes": list(observation.rack_sizes),
        "pool_size": observation.pool_size,
        "opened": list(observation.opened),
        "totals": list(observation.totals),
        "last_round": None if observation.last_round is None else list(observation.last_round),
        "turn": observation.turn,
        "first": observation.first,
        "deal_left": observation.deal_left,
        "draws_left": observation.draws_left,
        "passes": observation.passes,
        "round": observation.round,
        "end_rule": observation.end_rule,
        "resigned": observation.resigned,
    }


def observation_to_json(observation: Observation) -> str:
    """``observation`` as a JSON document (`observation_to_dict`)."""
    return _json_document(observation_to_dict(observation))


def observation_from_dict(data: Mapping[str, Any]) -> Observation:
    """Read an observation from plain data, such as `observation_to_dict` writes.

    Every field is required (``null`` where the observation holds ``None``), and written
    in its canonical form (tiles sorted, the table in its order).

    Raises:
        FileFormatError: saying where: a missing or unknown field, a wrong type, a
            number out of range, a tile or combination that is none, tiles or
            combinations out of order, rules that ``Rules`` refuses.
        InvalidStateError: for fields that disagree (`check_observation`).
    """
    table = _table(data, "document")
    require_format(table, OBSERVATION_FORMAT, "what a MyRummy player sees")
    check_fields(table, _FIELDS, required=_FIELDS)
    try:
        rules = _rules(table["rules"])
    except FileFormatError as error:
        raise _inside("rules", error) from None
    players = rules.players
    sizes = _list(table["rack_sizes"], "rack_sizes")
    if len(sizes) != players:
        raise FileFormatError(
            "rack_sizes", f"one size per player: {players} expected, got {len(sizes)}"
        )
    opened = _list(table["opened"], "opened")
    if len(opened) != players:
        raise FileFormatError(
            "opened", f"one flag per player: {players} expected, got {len(opened)}"
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
    observation = Observation(
        rules,
        read_int(table["player"], "player", 0, players - 1),
        _tiles(table["rack"], "rack"),
        _melds(table["table"]),
        tuple(read_int(size, f"rack_sizes[{i}]", 0, _MAX_TILES) for i, size in enumerate(sizes)),
        read_int(table["pool_size"], "pool_size", 0, _MAX_TILES),
        tuple(_bool(flag, f"opened[{i}]") for i, flag in enumerate(opened)),
        _points(table["totals"], "totals", players),
        None if last_round is None else _points(last_round, "last_round", players),
        read_int(table["turn"], "turn", 0, players - 1),
        _seat_or_none(table["first"], "first", players),
        read_int(table["deal_left"], "deal_left", 0, deal),
        read_int(table["draws_left"], "draws_left", 0, _MAX_TILES),
        read_int(table["passes"], "passes", 0, players - 1),
        read_int(table["round"], "round", 0, rules.rounds - 1),
        end_rule,
        _seat_or_none(table["resigned"], "resigned", players),
    )
    check_observation(observation)
    return observation


def observation_from_json(text: str) -> Observation:
    """Read an observation from a JSON document (`observation_from_dict`).

    Raises:
        FileFormatError: for a text over `MAX_TEXT_SIZE` (refused before it is parsed),
            nested too deeply, a syntax error (``where`` is ``"line L, column C"``) or
            bad content; an `InvalidStateError` for fields that disagree.
    """
    return observation_from_dict(_parse_json(text))


def check_observation(observation: Observation) -> None:
    """Check that the fields of ``observation`` agree, as in what a player sees of a position
    that play or ``position`` makes.

    The checks of `check_state` that need only what the observer sees: types and
    sizes; the observer's rack of its size; no more of a tile in the rack and on the
    table than the rules' set has, combinations that fit the set, and the set's tiles
    in all (the box's 106), racks and pool counted by their sizes (R-RUM-SET-1);
    ``resigned`` exactly when the match ended by resignation; the lot, the deal (each rack's size, round the table from the first player, R-RUM-SET-2),
    draws and passes (R-RUM-END-3); the points (R-RUM-END-2, R-RUM-MATCH-1); and a
    match over by its rules in its last round, its winner's rack empty, the observer's
    own points of the last round what their rack left counts when they did not win.

    Raises:
        InvalidStateError: naming the first field that disagrees.
    """
    _check_types(observation)
    rules, players, seen = observation.rules, len(observation.rack_sizes), observation
    require_state(
        seen.rack_sizes[seen.player] == len(seen.rack),
        "rack_sizes",
        f"player {seen.player}'s rack holds {len(seen.rack)} tiles",
    )
    used = counts(seen.rack)
    for meld in seen.table:
        for tile in meld.tiles:
            used[tile.index] += 1
    for kind, (count, have) in enumerate(zip(used, rules.full_pool)):
        require_state(
            count <= have,
            "table",
            f"R-RUM-SET-1: the set has {have} × {TILES[kind]}: {count} in the rack and on the table",
        )
    for number, meld in enumerate(seen.table):
        reason = misfit(meld, rules.colours, rules.values)
        require_state(reason is None, f"table[{number}]", f"R-RUM-SET-1: {reason}")
    on_table = sum(len(meld.tiles) for meld in seen.table)
    total = sum(seen.rack_sizes) + on_table + seen.pool_size
    require_state(
        total == rules.tile_count,
        "pool_size",
        f"R-RUM-SET-1: the set has {rules.tile_count} tiles: the racks, the table and the pool "
        f"hold {total}",
    )
    require_state(
        (seen.resigned is not None) == (seen.end_rule == "resign"),
        "resigned",
        "a player resigned exactly when the match ended by resignation",
    )
    if seen.first is None:
        _check_lot(seen, rules)
    elif seen.deal_left:
        _check_deal(seen, rules)
    else:
        _check_turn(seen, rules)
    if seen.round == 0 and (seen.end_rule is None or seen.end_rule == "resign"):
        require_state(
            seen.last_round is None and not any(seen.totals),
            "totals",
            "R-RUM-MATCH-1: no round is finished before the first one ends",
        )
    else:
        require_state(
            seen.last_round is not None,
            "last_round",
            "R-RUM-MATCH-1: once a round is finished, its points are kept",
        )
    if seen.last_round is not None:
        require_state(
            sum(seen.last_round) <= 0,
            "last_round",
            "R-RUM-END-2: the winner scores the others' minus points, no more",
        )
    require_state(
        sum(seen.totals) <= 0, "totals", "R-RUM-END-2: no round scores more plus than minus"
    )
    if seen.end_rule is not None and seen.end_rule != "resign":
        _check_over(seen, rules, players)


def _check_types(seen: Observation) -> None:
    rules = seen.rules
    require_state(
        isinstance(rules, Rules), "rules", f"expected a myrummy Rules value, got {rules!r}"
    )
    players = rules.players
    require_state(
        isinstance(seen.rack_sizes, tuple)
        and len(seen.rack_sizes) == players
        and all(_is_int(size, 0, _MAX_TILES) for size in seen.rack_sizes),
        "rack_sizes",
        f"one size per player: {players} expected",
    )
    require_state(_is_int(seen.player, 0, players - 1), "player", f"a seat 0 to {players - 1}")
    require_state(
        isinstance(seen.rack, tuple)
        and all(type(tile) is Tile for tile in seen.rack)
        and list(seen.rack) == sorted(seen.rack),
        "rack",
        "a rack is a sorted tuple of tiles",
    )
    require_state(
        isinstance(seen.table, tuple)
        and all(type(meld) in (Run, Group) for meld in seen.table)
        and sort_table(seen.table) == seen.table,
        "table",
        "the table is a tuple of Run and Group values, in the table's order",
    )
    require_state(_is_int(seen.pool_size, 0, _MAX_TILES), "pool_size", "a count of tiles")
    for name in ("turn", "first", "resigned"):
        value = getattr(seen, name)
        require_state(
            (value is None and name != "turn") or _is_int(value, 0, players - 1),
            name,
            f"a seat 0 to {players - 1}, got {value!r}",
        )
    require_state(
        isinstance(seen.opened, tuple)
        and len(seen.opened) == players
        and all(type(flag) is bool for flag in seen.opened),
        "opened",
        f"one flag per player: {players} expected",
    )
    require_state(
        _is_int(seen.deal_left, 0, players * rules.rack_size),
        "deal_left",
        f"R-RUM-SET-2: 0 to {players * rules.rack_size} tiles to deal, got {seen.deal_left!r}",
    )
    for name in ("draws_left", "passes"):
        value = getattr(seen, name)
        require_state(_is_int(value, 0, _MAX_TILES), name, f"a count, got {value!r}")
    require_state(
        _is_int(seen.round, 0, rules.rounds - 1),
        "round",
        f"R-RUM-MATCH-1: rounds 0 to {rules.rounds - 1}, got {seen.round!r}",
    )
    require_state(_is_points(seen.totals, players), "totals", "one whole number per player")
    require_state(
        seen.last_round is None or _is_points(seen.last_round, players),
        "last_round",
        "None or one whole number per player",
    )
    require_state(
        seen.end_rule is None or seen.end_rule in END_RULES,
        "end_rule",
        f"None or one of {', '.join(END_RULES)}, got {seen.end_rule!r}",
    )


def _nothing_played(seen: Observation, why: str) -> None:
    require_state(not seen.table, "table", f"{why}: the table is empty")
    require_state(not any(seen.opened), "opened", f"{why}: nobody has laid out")
    require_state(seen.draws_left == 0, "draws_left", f"{why}: nobody draws")
    require_state(seen.passes == 0, "passes", f"{why}: nobody has passed")


def _check_lot(seen: Observation, rules: Rules) -> None:
    why = "R-RUM-SET-3: the lot comes before the deal"
    _nothing_played(seen, why)
    require_state(
        seen.round == 0, "round", "R-RUM-MATCH-1: later rounds start with the next player"
    )
    require_state(not any(seen.rack_sizes), "rack_sizes", f"{why}: the racks are empty")
    players = len(seen.rack_sizes)
    require_state(
        seen.deal_left == players * rules.rack_size,
        "deal_left",
        f"{why}: every tile is still to deal",
    )
    require_state(seen.turn == 0, "turn", f"{why}: nobody receives a tile yet (player 0)")


def _check_deal(seen: Observation, rules: Rules) -> None:
    why = "R-RUM-SET-2: the tiles are being dealt"
    _nothing_played(seen, why)
    first = seen.first
    assert first is not None
    players = len(seen.rack_sizes)
    dealt = players * rules.rack_size - seen.deal_left
    for offset in range(players):
        seat = (first + offset) % players
        size = dealt // players + (offset < dealt % players)
        require_state(
            seen.rack_sizes[seat] == size,
            f"rack_sizes[{seat}]",
            f"{why} one at a time from player {first}: after {dealt}, player {seat} holds {size}",
        )
    receiver = (first + dealt) % players
    require_state(seen.turn == receiver, "turn", f"{why}: the next tile goes to player {receiver}")


def _check_turn(seen: Observation, rules: Rules) -> None:
    most = max(rules.timeout_penalty, 1)
    require_state(
        seen.draws_left <= min(most, seen.pool_size),
        "draws_left",
        f"R-RUM-TURN-1, R-RUM-TIME-1: at most {most} tiles to draw, and no more than the pool "
        f"holds ({seen.pool_size})",
    )
    if seen.passes:
        require_state(
            rules.empty_pool == "passes" and seen.pool_size == 0 and seen.draws_left == 0,
            "passes",
            "R-RUM-END-3: players pass only with the pool empty, under empty_pool='passes'",
        )
        require_state(
            seen.passes < len(seen.rack_sizes),
            "passes",
            "R-RUM-END-3: the round ends once every player has passed in a row",
        )


def _check_over(seen: Observation, rules: Rules, players: int) -> None:
    rule = seen.end_rule
    require_state(
        seen.round == rules.rounds - 1,
        "round",
        f"R-RUM-MATCH-1: a match of {rules.rounds} rounds ends in its last one",
    )
    require_state(
        seen.first is not None and seen.deal_left == 0 and seen.draws_left == 0,
        "end_rule",
        f"{rule}: a round ends on a turn, not during the lot, the deal or a draw",
    )
    assert seen.last_round is not None
    if rule == "R-RUM-END-3":
        require_state(
            seen.pool_size == 0, "pool_size", "R-RUM-END-3: the round ended on an empty pool"
        )
        return
    require_state(
        rule != "R-RUM-VAR-HAND" or rules.handrummy,
        "end_rule",
        "R-RUM-VAR-HAND: these rules play no Handrummy",
    )
    winner = seen.turn
    require_state(
        seen.rack_sizes[winner] == 0,
        f"rack_sizes[{winner}]",
        f"{rule}: player {winner} won the round by laying their last tile",
    )
    if seen.player != winner:
        factor = rules.handrummy_factor if rule == "R-RUM-VAR-HAND" else 1
        minus = -factor * rack_points(rules, seen.rack)
        require_state(
            seen.last_round[seen.player] == minus,
            "last_round",
            f"R-RUM-END-2: player {seen.player}'s rack left makes their points of the round "
            f"{minus}",
        )
    others = sum(points for seat, points in enumerate(seen.last_round) if seat != winner)
    require_state(
        seen.last_round[winner] == -others,
        "last_round",
        "R-RUM-END-2: the winner scores the sum of the others' minus points",
    )
