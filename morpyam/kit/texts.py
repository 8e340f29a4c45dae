"""The texts a player writes, checked the same way in every game: actions and a record's names.

A typed action is refused by its length before it is read (`refuse_long`); a
name, an event or a site of a game record is one line of at most
`MAX_TEXT_LENGTH` printable characters (`text_problem`), and a record names
every player or none (`check_name_count`).

Examples:
    >>> text_problem("Ana")
    >>> text_problem(" Ana")
    'spaces at either end'
    >>> check_name_count(("Ana", "Bo"), 3)
    Traceback (most recent call last):
    ...
    ValueError: names: 2 names for 3 players; name every player or none
"""

from __future__ import annotations

import unicodedata
from collections.abc import Iterable, Sequence
from typing import Any

import attrs

from morpyam.errors import NotationError, shown

__all__ = [
    "MAX_ACTION_LENGTH",
    "MAX_TEXT_LENGTH",
    "ascii_lower",
    "check_name_count",
    "check_player_names",
    "name_count_problem",
    "player_names",
    "refuse_long",
    "seat_labels",
    "text_problem",
]

_ASCII_LOWER = str.maketrans("ABCDEFGHIJKLMNOPQRSTUVWXYZ", "abcdefghijklmnopqrstuvwxyz")


def ascii_lower(text: str) -> str:
    """``text`` with the letters A to Z in lower case, and nothing else changed.

    What a player types is compared in ASCII: ``str.lower`` turns the Kelvin sign
    into ``k`` and ``İ`` into two characters, so a word written with them would read
    as another word, and the columns of an error would shift.

    Examples:
        >>> ascii_lower("Place C3")
        'place c3'
        >>> ascii_lower("b\u212a5") == "b\u212a5"
        True
    """
    return text.translate(_ASCII_LOWER)


MAX_ACTION_LENGTH = 1000
"""The longest text read as one action (characters); longer text is refused before it is read.

The longest action written by the library is under 40 characters.
"""

MAX_TEXT_LENGTH = 200
"""The longest name, event or site a record holds, in characters."""


def refuse_long(text: str, what: str = "an action") -> None:
    """Refuse a text over `MAX_ACTION_LENGTH` before any work.

    Raises:
        NotationError: quoting only the start of the text.
    """
    if len(text) > MAX_ACTION_LENGTH:
        raise NotationError(
            f"{len(text):,} characters; {what} has at most {MAX_ACTION_LENGTH:,}",
            text[:40] + "...",
            1,
        )


def text_problem(value: str) -> str | None:
    """Why ``value`` cannot be a name, an event or a site, or ``None``."""
    if not value:
        return "an empty text"
    if len(value) > MAX_TEXT_LENGTH:
        return f"{len(value):,} characters; at most {MAX_TEXT_LENGTH} are kept"
    if value != value.strip():
        return "spaces at either end"
    for char in value:
        category = unicodedata.category(char)
        if category in ("Cc", "Cs", "Zl", "Zp"):
            return f"the control character U+{ord(char):04X}"
        if category == "Cf":  # invisible, or turning the text right to left
            return f"the format character U+{ord(char):04X}"
    return None


def player_names(value: Iterable[str]) -> tuple[str, ...]:
    """The players' names of a record as a tuple (an attrs converter); a lone text is refused."""
    if isinstance(value, (str, bytes)) or not isinstance(value, Iterable):
        raise ValueError(f"names must be a sequence of texts, got {shown(value)}")
    return tuple(value)


def check_player_names(instance: object, attribute: attrs.Attribute[Any], value: Any) -> None:
    """An attrs validator: each name is one line of text (`text_problem`)."""
    for index, name in enumerate(value):
        if not isinstance(name, str):
            raise ValueError(f"names[{index}] must be text, got {shown(name)}")
        problem = text_problem(name)
        if problem:
            raise ValueError(f"names[{index}]: one line of text, not {problem}")


def name_count_problem(names: Sequence[str], players: int) -> str | None:
    """Why these names cannot be the players', by their count; ``None`` when they can."""
    if names and len(names) != players:
        count = f"{len(names)} name{'' if len(names) == 1 else 's'}"
        return f"{count} for {players} players; name every player or none"
    return None


def check_name_count(names: Sequence[str], players: int) -> None:
    """Refuse names that are not one per player (none at all is fine)."""
    problem = name_count_problem(names, players)
    if problem:
        raise ValueError(f"names: {problem}")


def seat_labels(names: Sequence[str] | None, players: int) -> tuple[str, ...]:
    """How a picture of a position calls each player, in every game's ``render``: the
    ``names`` given, one string per player, or ``player 0``, ``player 1``, ... for ``None``.

    Examples:
        >>> seat_labels(None, 2)
        ('player 0', 'player 1')
        >>> seat_labels(["Ann", "Bo"], 2)
        ('Ann', 'Bo')

    Raises:
        ValueError: for names that are not one string per player.
    """
    if names is None:
        return tuple(f"player {seat}" for seat in range(players))
    given = [names] if isinstance(names, str) else list(names)
    if len(given) != players or not all(isinstance(name, str) for name in given):
        raise ValueError(f"names are one string per player ({players}), got {shown(names)}")
    return tuple(given)
