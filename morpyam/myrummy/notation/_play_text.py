"""A play's short text, made of its moves: ``lay gn10 gn11 gn12; add pu9 to 1``.

A `Play` names the whole table after it (``play [gn4 gn5 gn6 gn7] [gn10 gn11
gn12] {bk7 gn7 gy7}``): exact, but long, and a reader has to find what changed.
People tell a turn by its moves, as chess players write ``Nf3`` rather than the
board. `play_text` writes a play as its moves (`moves_between`), separated by
``;``, numbering the combinations as the table before the play lists them (or
as ``order`` lists them, the way a screen showed them); `parse_play` reads such
a text back, against the same position, to the very same play. A text is
typeable: it is what a player types at the terminal, move after move.

Where the moves alone would read back as another play (the same tiles, a joker
standing for another tile), the moves say which end a joker goes to (``add J to
1 at start``); where no moves read back exactly (a combination of one tile and
two jokers that is a group, a joker that stays in its run but stands for another
tile after the play), the text is the whole table, ``play [..] {..}``, which
`parse_play` reads too: 5 of 1,840 plays of bot matches. Records keep plays in this form
(`morpyam.myrummy.notation._records`).

A screen that keeps combination numbers still between turns (the terminal's) lists
the table in its own order: `keep_order` is that order after a play, the same for
the screen, for a record written in it and for the replay that reads it.

Examples:
    >>> import morpyam.myrummy as mr
    >>> state = mr.position(
    ...     mr.Rules.classic(),
    ...     racks=[mr.parse_tiles("gn10 gn11 gn12 pu9 bk1"), mr.parse_tiles("J")],
    ...     table=[mr.parse_meld("[pu5 pu6 pu7 pu8]")],
    ...     opened=[0],
    ... )
    >>> play = mr.parse_action("play [pu5 pu6 pu7 pu8 pu9] [gn10 gn11 gn12]")
    >>> text = mr.play_text(state, play)
    >>> text
    'add pu9 to 1; lay gn10 gn11 gn12'
    >>> mr.parse_play(state, text) == play
    True
"""

from __future__ import annotations

import itertools
from collections import Counter
from collections.abc import Iterable, Iterator, Sequence

import attrs

from morpyam.errors import IllegalActionError, NotationError
from morpyam.kit.texts import ascii_lower as _ascii_lower
from morpyam.myrummy.core._actions import Play, parse_action
from morpyam.myrummy.core._melds import Meld
from morpyam.myrummy.core._state import State
from morpyam.myrummy.core._tiles import JOKER, Tile
from morpyam.myrummy.notation._moves import (
    Add,
    Move,
    MoveError,
    TableMove,
    Turn,
    apply_move,
    judge_turn,
    moves_between,
    parse_move,
)

__all__ = ["MOVE_WORDS", "arrange", "is_moves_text", "keep_order", "parse_play", "play_text"]

MOVE_WORDS = ("lay", "add", "move", "split", "join", "swap")
"""The first words of the moves a play's text is made of."""

_MAX_TEXT = 2000
_ENDS: tuple[str | None, ...] = (None, "start", "end")


def is_moves_text(text: str) -> bool:
    """Whether ``text`` is written as moves (it starts with one of `MOVE_WORDS`)."""
    words = text[:20].split(maxsplit=1)
    return bool(words) and _ascii_lower(words[0]) in MOVE_WORDS


def _turn(state: State, order: Iterable[Meld] | None) -> Turn:
    if not isinstance(state, State):
        raise ValueError(f"expected a myrummy State, got {type(state).__name__}")
    if state.current_player is None:
        raise IllegalActionError("R-RUM-TURN-1", "no one is on turn here: a play needs a turn")
    return Turn.start(state, order=order)


def parse_play(state: State, text: str, *, order: Iterable[Meld] | None = None) -> Play:
    """The play ``text`` makes in ``state``: moves separated by ``;`` (`play_text`), or the
    whole table (``play [..] {..}``).

    The moves are made from the start of the turn of the player on turn, the
    combinations numbered as ``state.table`` lists them (or ``order``, the same melds in
    the order a screen showed them); the table they build is read as `judge_turn` reads
    it, the first reading the rules allow.

    Raises:
        NotationError: for a move that is no move (its column counted in ``text``).
        MoveError: for a move that cannot be made (a tile not on the rack).
        IllegalActionError: for a table the rules refuse, or a ``state`` where no one is
            on turn.
        ValueError: for a ``state`` that is not a ``State``, or an ``order`` that is not
            the table's melds.
    """
    if not isinstance(text, str):
        raise NotationError(f"a play is text, not {type(text).__name__}", repr(text), 1)
    if len(text) > _MAX_TEXT:
        raise NotationError(f"a play is at most {_MAX_TEXT} characters", text[:40], 1)
    if not is_moves_text(text):
        action = parse_action(text)
        if not isinstance(action, Play):
            raise NotationError(f"{str(action)!r} is no play: write moves or play [..]", text, 1)
        return action
    turn = _turn(state, order)
    offset = 0
    for part in text.split(";"):
        try:
            move = parse_move(part)
        except NotationError as error:  # the column in the whole text
            raise NotationError(error.reason, text, offset + error.column) from None
        offset += len(part) + 1
        turn = apply_move(turn, move)
    return judge_turn(state, turn)


def play_text(state: State, play: Play, *, order: Iterable[Meld] | None = None) -> str:
    """``play`` in ``state`` as its moves, separated by ``;``, which `parse_play` reads back
    to ``play`` exactly; the whole table (``str(play)``) where no moves do.

    The combinations are numbered as ``state.table`` lists them, or as ``order`` does.

    Raises:
        ValueError: for a ``state`` that is not a ``State``, a ``play`` that is not a
            ``Play``, or an ``order`` that is not the table's melds.
        IllegalActionError: in a ``state`` where no one is on turn.
    """
    if not isinstance(play, Play):
        raise ValueError(f"expected a Play, got {type(play).__name__}")
    melds = None if order is None else tuple(order)
    start = _turn(state, melds)
    try:
        moves = moves_between(start.table, play.table, start.hand)
    except MoveError:  # a play no moves make: tiles taken off the table
        return str(play)
    for variant in _variants(moves):
        text = "; ".join(map(str, variant))
        if _reads_back(state, text, melds, play):
            return text
    return str(play)


def _variants(moves: Sequence[TableMove]) -> Iterator[tuple[TableMove, ...]]:
    """The moves as told, then with each move that carries a joker onto a combination sent
    to one end or the other (at most three such moves are varied)."""
    yield tuple(moves)
    varied = [
        index
        for index, move in enumerate(moves)
        if isinstance(move, (Add, Move)) and move.to is not None and JOKER in move.tiles
    ][:3]
    for ends in itertools.product(_ENDS, repeat=len(varied)):
        if not any(ends):
            continue
        changed = list(moves)
        for index, end in zip(varied, ends):
            changed[index] = attrs.evolve(changed[index], end=end)  # type: ignore[arg-type]
        yield tuple(changed)


def _reads_back(state: State, text: str, order: Sequence[Meld] | None, play: Play) -> bool:
    try:
        return parse_play(state, text, order=order) == play
    except ValueError:  # a move that cannot be made, or a reading the rules refuse
        return False


def arrange(
    order: Sequence[Meld], moves: Sequence[TableMove], rack: Sequence[Tile], table: Sequence[Meld]
) -> tuple[tuple[Meld, ...], dict[int, int]]:
    """The table after a play, in the order a screen that keeps numbers still shows it, and
    the numbers that moved (old to new).

    ``order`` is the table before the play as it was shown, ``moves`` the play told as
    moves numbered by it, ``table`` the table after (as the engine keeps it). The
    combinations stay in their places, new ones last; the places the play emptied are
    closed up. Where the moves do not make ``table``, the answer is ``table`` as it is.

    Raises:
        MoveError: for a move that cannot be made on ``order`` with ``rack``.
    """
    turn = Turn(order, rack)
    for move in moves:
        turn = apply_move(turn, move)
    left = Counter(table)
    by_tiles: dict[tuple[Tile, ...], list[Meld]] = {}
    for meld in table:
        by_tiles.setdefault(tuple(sorted(meld.tiles)), []).append(meld)
    shown: list[Meld] = []
    moved: dict[int, int] = {}
    for number, tiles in enumerate(turn.table, 1):
        if not tiles:
            continue
        found = by_tiles.get(tuple(sorted(tiles)))
        if not found:  # the moves do not make the table: show it as the engine keeps it
            return tuple(table), {}
        meld = found.pop()
        left[meld] -= 1
        shown.append(meld)
        if number != len(shown):
            moved[number] = len(shown)
    if +left:
        return tuple(table), {}
    return tuple(shown), moved


def keep_order(
    state: State, text: str, table: Sequence[Meld], order: Sequence[Meld] | None = None
) -> tuple[tuple[Meld, ...], dict[int, int]]:
    """The table ``table`` after the play told as ``text`` in ``state``, in the order a screen
    that keeps numbers still shows it (`arrange`), and the numbers that moved.

    ``order`` is the table of ``state`` as the screen showed it (``state.table`` when
    ``None``, or when it holds other melds: a new round starts in the engine's order).
    A play told as moves keeps the order by those moves; a play told as the whole
    table (``play [..]``) by the moves from one table to the other.
    """
    before = _shown(state, order)
    try:
        if is_moves_text(text):
            moves: Sequence[TableMove] = tuple(parse_move(part) for part in text.split(";"))
        else:
            moves = moves_between(before, _table_of(text), state.rack)
        return arrange(before, moves, state.rack, table)
    except (MoveError, NotationError):  # not the play of this table: the engine's order
        return tuple(table), {}


def _shown(state: State, order: Sequence[Meld] | None) -> tuple[Meld, ...]:
    if order is None or Counter(order) != Counter(state.table):
        return state.table
    return tuple(order)


def _table_of(text: str) -> tuple[Meld, ...]:
    action = parse_action(text)
    if not isinstance(action, Play):
        raise NotationError(f"{str(action)!r} is no play", text, 1)
    return action.table
