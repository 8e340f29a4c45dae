"""Plain-text pictures of a MyRummy position, for terminals, logs and apps.

The table is listed with its combinations numbered from 1, as a player
would point at them ("lay the gn7 on 2"), then every rack's size, the pool's
size and what happens next. Racks are face down (R-RUM-SET-2): a picture of
a `State` shows only the racks it is asked to
show, and a picture of an `Observation`
shows the observer's own rack and no other. ``str(state)`` is
``render(state)``: no rack at all.

Examples:
    >>> from morpyam.myrummy import Rules, observe, parse_meld, parse_tiles, position
    >>> state = position(
    ...     Rules.classic(),
    ...     racks=[parse_tiles("gn5 J"), parse_tiles("bk1 bk2 bk3")],
    ...     table=[parse_meld("[gn6 gn7 gn8]")],
    ...     opened=[0],
    ... )
    >>> print(render(state))
    Table:
       1  [gn6 gn7 gn8]
    Racks: player 0: 2 tiles (laid out), player 1: 3 tiles; pool: 98 tiles
    Player 0 to play
    >>> print(render(observe(state, 1)).splitlines()[-1])
    Your rack (player 1): bk1 bk2 bk3
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Protocol

from morpyam.errors import IllegalActionError, MoveError
from morpyam.myrummy.core._melds import Group, Meld, Run, _meld_of
from morpyam.myrummy.core._observe import Observation
from morpyam.myrummy.core._rules import Rules
from morpyam.myrummy.core._state import State
from morpyam.myrummy.core._tiles import Tile, tiles_text

__all__ = [
    "TurnInProgress",
    "combination_text",
    "render",
    "render_status",
    "render_table",
    "render_turn",
    "rules_text",
    "short_repr",
]


class TurnInProgress(Protocol):
    """What `render_turn` reads of a turn in progress: `morpyam.myrummy.notation._moves.Turn` is one.

    The pictures take the turn by these three attributes, not by its class, so that they sit
    below the move notation and do not import it.
    """

    @property
    def table(self) -> Sequence[Sequence[Tile]]:
        """The combinations of the table as they lie now, a meld or the tiles of one."""

    @property
    def hand(self) -> Sequence[Tile]:
        """The tiles in hand: taken from the rack or the table and not yet laid."""

    @property
    def before(self) -> Sequence[Meld]:
        """The table at the start of the turn."""


def combination_text(combination: Meld | Sequence[Tile], before: Sequence[Meld] = ()) -> str:
    """One combination as players write it: ``[gn4 gn5 gn6]`` for a run, ``{bk7 gn7 gy7}`` for
    a group, and for the tiles of a turn in progress (`Turn`) that make neither yet, the
    tiles and a note; ``(empty)`` for a combination emptied this turn.

    A turn's tiles that are a meld of ``before`` (the table at the start of the turn) are
    written as that meld was.

    Examples:
        >>> from morpyam.myrummy.core._tiles import parse_tiles
        >>> combination_text(parse_tiles("gn7 bk7 gy7")), combination_text(parse_tiles("gn5 bk6"))
        ('{bk7 gn7 gy7}', 'bk6 gn5  (not a run or a group yet)')
    """
    if isinstance(combination, (Run, Group)):
        return str(combination)
    tiles = tuple(combination)
    if not tiles:
        return "(empty)"
    if len(tiles) > 30 or not all(type(tile) is Tile for tile in tiles):
        raise MoveError(f"a combination is at most 30 tiles, got {combination!r}")
    try:
        meld = _meld_of(tiles, tuple(before))
    except IllegalActionError:
        return f"{tiles_text(tiles)}  (not a run or a group yet)"
    return "{" + tiles_text(tiles) + "}" if isinstance(meld, Group) else f"[{tiles_text(tiles)}]"


def render_table(table: Sequence[Meld | Sequence[Tile]], before: Sequence[Meld] = ()) -> str:
    """The combinations of a table, numbered from 1, one a line (``Table: empty`` for none).

    ``table`` holds melds (``state.table``) or the combinations of a turn in progress
    (``turn.table``), written by `combination_text`.

    Examples:
        >>> from morpyam.myrummy.core._melds import parse_meld
        >>> print(render_table([parse_meld("[gy5 gy6 gy7]"), (), parse_meld("{bk7 gn7 gy7}")]))
        Table:
           1  [gy5 gy6 gy7]
           2  (empty)
           3  {bk7 gn7 gy7}
    """
    if not table:
        return "Table: empty"
    width = max(2, len(str(len(table))))  # the numbers stay in place as the table grows
    return "\n".join(
        [
            "Table:",
            *(
                f"  {number:>{width}}  {combination_text(combination, before)}"
                for number, combination in enumerate(table, 1)
            ),
        ]
    )


def render_turn(turn: TurnInProgress) -> str:
    """A turn in progress: its table, numbered, and the tiles in hand (``str(turn)``)."""
    hand = tiles_text(turn.hand) or "nothing"
    return f"{render_table(turn.table, turn.before)}\nIn hand: {hand}"


def _seats(show: int | Iterable[int], players: int) -> list[int]:
    seats = [show] if isinstance(show, int) else list(show)
    for seat in seats:
        if type(seat) is not int or not 0 <= seat < players:
            raise ValueError(f"show names seats 0 to {players - 1}, got {seat!r}")
    return sorted(set(seats))


def render_status(position: State | Observation) -> str:
    """One line on what happens next: the lot, the deal, a draw, whose turn, or the result."""
    status = _status(position)
    return status[0].upper() + status[1:]


def _status(position: State | Observation) -> str:
    players = len(position.totals)
    turn = position.turn if isinstance(position, Observation) else position.player
    rounds = position.rules.rounds
    prefix = f"Round {position.round + 1} of {rounds}: " if rounds > 1 else ""
    if position.end_rule is not None:
        totals = ", ".join(map(str, position.totals))
        if position.resigned is not None:
            others = [p for p in range(players) if p != position.resigned]
            how = f"player {position.resigned} resigned; won by " + _names(others)
        else:
            best = max(position.totals)
            how = f"{position.end_rule}; won by " + _names(
                [p for p, total in enumerate(position.totals) if total == best]
            )
        return f"Match over ({how}); totals {totals}"
    if position.first is None:
        return f"{prefix}the lot for the first player (R-RUM-SET-3)"
    if position.deal_left:
        return f"{prefix}dealing: {position.deal_left} tiles to deal, the next to player {turn}"
    if position.draws_left:
        tiles = "a tile" if position.draws_left == 1 else f"{position.draws_left} tiles"
        return f"{prefix}player {turn} draws {tiles} from the pool"
    status = f"{prefix}player {turn} to play"
    if position.passes:
        status += f" ({position.passes} passed in a row, the pool is empty)"
    return status


def _names(players: Iterable[int]) -> str:
    return ", ".join(f"player {p}" for p in players)


def render(position: State | Observation, *, show: int | Iterable[int] = ()) -> str:
    """The table with numbered combinations, the rack sizes and pool size, then what happens next.

    ``position`` is a ``State`` or what one player sees of it (an
    ``Observation``, from `observe`). A
    state's racks are shown only for the seats in ``show`` (one seat or
    several; ``range(state.players)`` for all, as a referee would); an
    observation shows its own rack, and ``show`` must name no other seat.

    Raises:
        ValueError: for a ``position`` that is neither, or ``show`` naming a seat
            out of range (or, for an observation, another player's seat).
    """
    if not isinstance(position, (State, Observation)):
        raise ValueError(f"expected a myrummy State or Observation, got {type(position).__name__}")
    if isinstance(position, Observation):
        seats = _seats(show, len(position.rack_sizes))
        if any(seat != position.player for seat in seats):
            raise ValueError(f"player {position.player} sees only their own rack")
        sizes = position.rack_sizes
        pool = position.pool_size
    else:
        seats = _seats(show, position.players)
        sizes = tuple(len(rack) for rack in position.racks)
        pool = position.pool_size
    lines = [render_table(position.table)]
    racks = ", ".join(
        f"player {p}: {size} tile{'' if size == 1 else 's'}"
        + (" (laid out)" if position.opened[p] else "")
        for p, size in enumerate(sizes)
    )
    lines.append(f"Racks: {racks}; pool: {pool} tile{'' if pool == 1 else 's'}")
    lines.append(render_status(position))
    if isinstance(position, Observation):
        lines.append(f"Your rack (player {position.player}): {tiles_text(position.rack)}")
    else:
        lines += [f"Rack of player {p}: {tiles_text(position.racks[p])}" for p in seats]
    return "\n".join(lines)


def rules_text(rules: Rules) -> str:
    """``repr(rules)``: the Python that makes them, a preset or ``attrs.evolve`` of the nearest one.

    The name from before `Rules` had this ``repr``, kept so that code calling it
    goes on working; `Rules.describe` says the rules in words.

    Examples:
        >>> import attrs
        >>> rules_text(Rules.rummikub(players=3))
        'Rules.rummikub(players=3)'
        >>> rules_text(attrs.evolve(Rules.classic(), rounds=3))
        'attrs.evolve(Rules.classic(players=2), rounds=3)'
    """
    return repr(rules)


def short_repr(state: State) -> str:
    """``repr(state)``: one line with the rules, the table's size, the rack sizes and the status."""
    melds = len(state.table)
    tiles = sum(len(meld.tiles) for meld in state.table)
    racks = ", ".join(str(len(rack)) for rack in state.racks)
    return (
        f"<State {state.rules!r}; table {melds} combination"
        f"{'' if melds == 1 else 's'} ({tiles} tiles); racks {racks}; pool {state.pool_size}; "
        f"{_status(state)}>"
    )
