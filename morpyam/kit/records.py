"""What a game record of any of the games holds besides the game's own actions: a resignation.

Morpyam's and MyRummy's records write a player leaving the game the same way,
``resign 2``; a record's players are numbered 0 to ``MAX_PLAYERS - 1``.

Examples:
    >>> str(Resign(2))
    'resign 2'
    >>> Resign(4)
    Traceback (most recent call last):
    ...
    ValueError: R-END-4: a player is 0 to 3, not 4
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Iterator
from typing import Any, TypeVar

import attrs

from morpyam.errors import IllegalActionError, NotationError, shown

__all__ = ["MAX_PLAYERS", "Resign", "parse_resign", "replayed"]

MAX_PLAYERS = 4
"""Players are numbered 0 to ``MAX_PLAYERS - 1`` (R-SET-2)."""


def _check_player(instance: object, attribute: attrs.Attribute[Any], value: Any) -> None:
    if type(value) is not int or not 0 <= value < MAX_PLAYERS:
        raise ValueError(f"R-END-4: a player is 0 to {MAX_PLAYERS - 1}, not {shown(value)}")


@attrs.frozen
class Resign:
    """A record entry: ``player`` resigned here (R-END-4); its notation is ``resign 2``.

    It is not an action of any game (each game's ``apply`` refuses it): a
    game's ``replay`` calls its ``resign`` (Morpyam's and MyRummy's records hold it).

    Raises:
        ValueError: for a player that is not an int from 0 to 3.
    """

    player: int = attrs.field(validator=_check_player)

    def __str__(self) -> str:
        return f"resign {self.player}"


def parse_resign(text: str) -> Resign:
    """Read the record entry ``resign N``: the word ``resign`` (any case) and a player number.

    Morpyam's and MyRummy's records read a resignation with it, so both accept and
    refuse the same texts.

    Examples:
        >>> parse_resign("resign 1")
        Resign(player=1)

    Raises:
        NotationError: naming the column of the first wrong word.
    """
    words = [(match.start() + 1, match.group()) for match in re.finditer(r"\S+", text)]
    if not words or words[0][1].lower() != "resign":
        raise NotationError("'resign' and a player number expected", text, 1)
    if len(words) == 1:
        raise NotationError("a player number expected after 'resign'", text, len(text.rstrip()) + 1)
    if len(words) > 2:
        raise NotationError(f"unexpected {shown(words[2][1])}", text, words[2][0])
    column, number = words[1]
    if not (number.isascii() and number.isdigit() and len(number) == 1):
        raise NotationError(
            f"{shown(number)} is not a player (0 to {MAX_PLAYERS - 1})", text, column
        )
    try:
        return Resign(int(number))
    except ValueError as error:
        raise NotationError(str(error).partition(": ")[2], text, column) from None


S = TypeVar("S")
A = TypeVar("A")


def replayed(state: S, actions: Iterable[A], step: Callable[[S, A], S]) -> Iterator[S]:
    """``state``, then the state after each action in turn (``step`` applies one): a record's
    positions.

    Raises:
        IllegalActionError: for an action the rules refuse where it stands, its reason saying
            which action it is (counted from 1).
    """
    yield state
    for number, action in enumerate(actions, 1):
        try:
            state = step(state, action)
        except IllegalActionError as error:
            raise IllegalActionError(
                error.rule, f"action {number} ({action}): {error.reason}"
            ) from None
        yield state
