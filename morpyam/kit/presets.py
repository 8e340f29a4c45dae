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

import attrs

from morpyam.errors import shown

__all__ = ["preset_repr", "rules_from"]

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


def preset_repr(rules: Any, presets: Mapping[str, Callable[..., Any]]) -> str:
    """The Python that makes ``rules`` (an attrs value with a ``players`` field), short and
    exact: the preset it is (``Rules.classic(players=2)``), or the nearest preset with the
    fields that differ (``attrs.evolve(Rules.classic(players=2), ko_length=None)``). A
    preset that refuses the number of players starts from its own count, the players then
    being one of the fields that differ.

    Examples:
        >>> from morpyam.rules import PRESETS, Rules
        >>> preset_repr(Rules.flash(players=3), PRESETS)
        'Rules.flash(players=3)'
        >>> preset_repr(attrs.evolve(Rules.classic(), ko_length=None), PRESETS)
        'attrs.evolve(Rules.classic(players=2), ko_length=None)'
    """
    best: tuple[str, list[str]] | None = None
    for name, preset in presets.items():
        try:
            base, made = preset(rules.players), f"Rules.{name}(players={rules.players})"
        except ValueError:
            base, made = preset(), f"Rules.{name}()"
        changed = [
            f"{field.name}={getattr(rules, field.name)!r}"
            for field in attrs.fields(type(rules))
            if field.init and getattr(rules, field.name) != getattr(base, field.name)
        ]
        if best is None or len(changed) < len(best[1]):
            best = (made, changed)
    if best is None:
        raise ValueError("preset_repr needs at least one preset")
    made, changed = best
    return f"attrs.evolve({made}, {', '.join(changed)})" if changed else made
