"""One way to name a game's rules: a `Rules` value, a preset's name, or ``None`` for the default.

The adapters, the command line and the game descriptions take the rules of
every game in these three forms; `rules_from` reads them the same way for all
three games, from the game's own presets.

Examples:
    >>> from morpyam.rules import PRESETS, Rules
    >>> rules_from("flash", PRESETS, Rules, players=3).players
    3
    >>> rules_from(None, PRESETS, Rules) == Rules.classic()
    True
    >>> rules_from("chess", PRESETS, Rules)
    Traceback (most recent call last):
    ...
    ValueError: rules must be one of classic, official, flash, plus (or a Rules value), got 'chess'
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any, TypeVar

from morpyam.errors import shown

__all__ = ["rules_from"]

R = TypeVar("R")


def rules_from(
    rules: object,
    presets: Mapping[str, Callable[..., R]],
    kind: type[R],
    *,
    players: int | None = None,
    default: str = "classic",
    game: str = "",
) -> R:
    """``rules`` itself when it is a ``kind`` value, the preset of that name (for ``players``
    when given, else the preset's own count), or the ``default`` preset for ``None``.

    ``game`` names the game in the messages (``"MyRummy "`` says "a MyRummy Rules").

    Raises:
        ValueError: for a name that is no preset, or a value that is neither a ``kind``,
            a name nor ``None``; or the preset's own refusal of ``players``.
    """
    if rules is None:
        rules = default
    if isinstance(rules, str):
        if rules not in presets:
            names = ", ".join(presets)
            raise ValueError(
                f"rules must be one of {names} (or a {game}Rules value), got {shown(rules)}"
            )
        preset: Callable[..., Any] = presets[rules]
        made: R = preset() if players is None else preset(players)
        return made
    if not isinstance(rules, kind):
        raise ValueError(f"rules must be a {game}Rules, a preset name or None, got {shown(rules)}")
    return rules
