"""The error every rejected move raises, and the words the three games share for bad input."""

from __future__ import annotations

import importlib
import reprlib
import sys

__all__ = ["IllegalActionError"]


class IllegalActionError(ValueError):
    """An action the rules do not allow here, or a value no action can hold.

    The message starts with the rule ID that forbids it (``rule``) and says
    why in a player's words (``reason``), for example
    ``R-CELL-2: the SEC cell needs the first roll of the turn; this is roll 2``.
    """

    def __init__(self, rule: str, reason: str) -> None:
        super().__init__(f"{rule}: {reason}")
        self.rule = rule
        self.reason = reason

    def __reduce__(self) -> tuple[type[IllegalActionError], tuple[str, str]]:
        return type(self), (self.rule, self.reason)


# --- the words the three games share for bad input ---------------------------

_SHOWN_LENGTH = 60
"""The most characters of a value an error message echoes (then an ellipsis)."""


class _ShortRepr(reprlib.Repr):
    """``reprlib`` with an integer rule: a number of thousands of digits is not written out."""

    def repr_int(self, x: int, level: int) -> str:
        limit = sys.get_int_max_str_digits()
        if limit and x.bit_length() > limit * 4:  # surely over the limit str() refuses
            return f"a number of more than {limit:,} digits"
        try:
            text = str(x)
        except ValueError:  # over the limit of str(): it is not written out
            return f"a number of more than {limit:,} digits"
        digits = len(text.lstrip("-"))
        if digits > 20:
            return f"{text[: 12 + (x < 0)]}… ({digits:,} digits)"
        return text


_SHORT = _ShortRepr()
_SHORT.maxstring = _SHORT.maxother = _SHOWN_LENGTH
_SHORT.maxlong = 40


def _shown(value: object) -> str:
    """``repr(value)`` for an error message, shortened: at most about 60 characters, a long
    text or list cut with an ellipsis, a number of thousands of digits not written out.

    Every message that echoes what a caller passed uses it, so a hostile value (a
    4,000-digit number, a megabyte of text) makes a short message, quickly.
    """
    text = _SHORT.repr(value)
    if len(text) > _SHOWN_LENGTH + 20:
        text = text[:_SHOWN_LENGTH] + "…"
    return text


_GAMES = {
    "morpyam.state": ("Morpyam", "morpyam"),
    "morpyam.yahtzee.state": ("Yahtzee", "morpyam.yahtzee"),
    "morpyam.myrummy.state": ("MyRummy", "morpyam.myrummy"),
}


def _wrong_state(value: object, game: str, function: str) -> ValueError:
    """The error for a ``value`` passed as a ``game`` state (``"morpyam"``, ``"yahtzee"``,
    ``"myrummy"``) to ``function``: a sibling game's state is named, with the function that
    takes it (``this is a MyRummy state: use morpyam.myrummy.apply``)."""
    kind = type(value)
    sibling = _GAMES.get(kind.__module__) if kind.__name__ == "State" else None
    if sibling is not None:
        name, module = sibling
        has = hasattr(importlib.import_module(module), function)
        where = f"{module}.{function}" if has else f"the functions of {module}"
        return ValueError(f"expected a {game} State; this is a {name} state: use {where}")
    return ValueError(f"expected a {game} State, got {kind.__name__}")


def _not_an_action(action: object, module: str, kinds: str) -> ValueError:
    """The error every game's ``apply`` raises for a value that is no action of the game.

    Text gets the same help in every game: read it with the game's
    ``parse_action`` first. ``module`` is the game's module as a user imports
    it (``morpyam``, ``morpyam.yahtzee``), ``kinds`` the game's action types.
    """
    if isinstance(action, str):
        text = _shown(action)
        return ValueError(
            f"apply takes an action, not the text {text}: "
            f"read it first with {module}.parse_action({text})"
        )
    name = type(action).__name__
    message = f"apply takes an action ({kinds}), not {name} {_shown(action)}"
    beside = _BESIDE_APPLY.get(name)
    if beside is not None and hasattr(importlib.import_module(module), beside[1]):
        what, function, arguments = beside
        message += f": {what} is no move of the game; call {module}.{function}({arguments})"
    return ValueError(message)


_BESIDE_APPLY = {
    "Resign": ("a resignation", "resign", "state, player"),
    "TimeOut": ("a time-out", "time_out", "state"),
}
"""What a record keeps that is no move of the game, and the function beside ``apply`` that does
it, by the name of its type (a record entry handed to ``apply`` is told where to go)."""
