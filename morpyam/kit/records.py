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

from collections.abc import Callable, Iterable, Iterator
from typing import Any, TypeVar

import attrs

from morpyam.errors import IllegalActionError, shown

__all__ = ["MAX_PLAYERS", "Resign", "replayed"]

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
