"""Every error a reader or a rule of the three games raises, and the words they share for bad input.

This is the one home of the package's error classes: the rules' `IllegalActionError`
(and a record's `ReplayError`), the notation's `NotationError` (and MyRummy's
`MoveError`), the files' `FileFormatError`, the states' `InvalidStateError`, the
grids' `LayoutError`, the play loop's `SimulationError`, and the errors of Morpyam's
odds, advice and bots (`OddsError`, `AdviceError`, `BotError`, `UnknownBotError`).
Each stays importable from the module that raised it first
(``morpyam.notation.NotationError`` is this `NotationError`), so one ``except``
clause names the same class wherever it is imported.
"""

from __future__ import annotations

import importlib
import reprlib
import sys

__all__ = [
    "AdviceError",
    "BotError",
    "FileFormatError",
    "IllegalActionError",
    "InvalidStateError",
    "LayoutError",
    "MoveError",
    "NotationError",
    "OddsError",
    "ReplayError",
    "SimulationError",
    "UnknownBotError",
    "not_an_action",
    "shown",
    "wrong_state",
]


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


class ReplayError(IllegalActionError):
    """An entry of a record that the rules do not allow where it stands.

    ``index`` is its position in ``record.actions`` (from 0), ``entry`` the
    entry; ``rule`` and ``reason`` are the engine's, as in
    `IllegalActionError`.
    """

    def __init__(self, index: int, entry: object, rule: str, reason: str) -> None:
        super().__init__(rule, reason)
        self.args = (f"entry {index} ({entry}): {rule}: {reason}",)
        self.index = index
        self.entry = entry

    def __reduce__(self) -> tuple[type[ReplayError], tuple[int, object, str, str]]:  # type: ignore[override]
        return type(self), (self.index, self.entry, self.rule, self.reason)


class NotationError(ValueError):
    """Text that is not an action, with the word that is wrong (``column`` is 1-based)."""

    def __init__(self, reason: str, text: str, column: int) -> None:
        super().__init__(f"column {column}: {reason} (in {text!r})")
        self.reason = reason
        self.text = text
        self.column = column

    def __reduce__(self) -> tuple[type[NotationError], tuple[str, str, int]]:
        return type(self), (self.reason, self.text, self.column)


class MoveError(ValueError):
    """A move that cannot be made: a tile that is not where the move takes it from, or a
    combination number that is not on the table. (A move that can be made but leaves the table
    wrong is no ``MoveError``: the play is judged as a whole at the end of the turn.)"""


class FileFormatError(ValueError):
    """A rules or layout file (or text, or dict) that cannot be read, and where.

    ``where`` locates the problem: a field (``"ko_length"``), a key in a table
    (``"run_points.4"``), an item of a list (``"callable[2]"``, counted from
    0), a place in a grid (``"layout, row 3, column 5"``; a grid written as
    one text string says ``line`` instead of ``row``), a place in the text
    (``"line 7, column 3"`` for a TOML or JSON syntax error), ``"rules"`` for
    a combination of knobs that `Rules` refuses, or ``"document"`` for the
    whole text. ``reason`` says what is wrong.

    Examples:
        >>> error = FileFormatError("run_points.4", "expected an integer, got the string '2'")
        >>> str(error)
        "run_points.4: expected an integer, got the string '2'"
    """

    def __init__(self, where: str, reason: str) -> None:
        super().__init__(f"{where}: {reason}")
        self.where = where
        self.reason = reason

    def __reduce__(self) -> tuple[type[FileFormatError], tuple[str, str]]:
        return (type(self), (self.where, self.reason))


class InvalidStateError(FileFormatError):
    """A state whose fields disagree, so that no game reaches it.

    ``where`` names the field (``"tokens_left[1]"``, ``"board.c4"``,
    ``"setup.hands"``) and ``reason`` says what is wrong, with the rule ID when
    one applies. It is a `FileFormatError`,
    so one ``except`` clause catches every problem of a state file. The
    MyRummy and score-sheet readers
    (`morpyam.myrummy.notation._state_json`,
    `morpyam.yahtzee.state_json`) raise it too.
    """


class LayoutError(ValueError):
    """A grid text that cannot be read, with where it went wrong (1-based)."""

    def __init__(self, reason: str, line: int, column: int) -> None:
        super().__init__(f"line {line}, column {column}: {reason}")
        self.reason = reason
        self.line = line
        self.column = column

    def __reduce__(self) -> tuple[type[LayoutError], tuple[str, int, int]]:
        return type(self), (self.reason, self.line, self.column)


class SimulationError(ValueError):
    """A simulation that cannot run: bad arguments, or a bot that breaks the rules."""


class OddsError(ValueError):
    """A question the odds cannot answer: dice that are not five faces 1-6, rolls out of range, a bad target."""


class AdviceError(ValueError):
    """Advice asked for where no player decides (a chance node, the end of the game) or for no state."""


class BotError(ValueError):
    """A bot asked to move where no player decides, or given no State or no random generator."""


class UnknownBotError(BotError):
    """A bot name that is not in `morpyam.bots.BOTS`."""


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


def shown(value: object) -> str:
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
    "morpyam.myrummy.core._state": ("MyRummy", "morpyam.myrummy"),
}


def wrong_state(value: object, game: str, function: str) -> ValueError:
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


def not_an_action(action: object, module: str, kinds: str) -> ValueError:
    """The error every game's ``apply`` raises for a value that is no action of the game.

    Text gets the same help in every game: read it with the game's
    ``parse_action`` first. ``module`` is the game's module as a user imports
    it (``morpyam``, ``morpyam.yahtzee``), ``kinds`` the game's action types.
    """
    if isinstance(action, str):
        text = shown(action)
        return ValueError(
            f"apply takes an action, not the text {text}: "
            f"read it first with {module}.parse_action({text})"
        )
    name = type(action).__name__
    message = f"apply takes an action ({kinds}), not {name} {shown(action)}"
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


# The names these helpers had before the kit made them public, for the modules that import them.
_shown = shown
_wrong_state = wrong_state
_not_an_action = not_an_action
