"""Reading actions from their text notation: ``parse_action(str(action)) == action``.

The notation, one action per line, words separated by spaces, any case:

| action | notation |
| --- | --- |
| `Roll()` | ``roll`` |
| `Roll(keep=(3, 3), call=Figure.FULL_HOUSE)` | ``roll keep 3 3 call full-house`` |
| `RollResult((1, 2, 5))` | ``dice 1 2 5`` |
| `Place(Cell.parse("c4"))` | ``place c4`` |
| `Pass()` | ``pass`` |
| `LoseTurn()` | ``lose-turn`` |
| `DealTile(Figure.MINI)` | ``deal mini`` |
| `PlaceTile(Figure.MINI, Cell.parse("c4"))` | ``lay mini c4`` |

Labels are written in notation (``three-ones``, ``small-straight``, ``sec``);
their grid codes (``3x1``, ``4K``) and names (``FULL_HOUSE``) are read too.
"""

from __future__ import annotations

import re

from morpyam.actions import (
    Action,
    DealTile,
    LoseTurn,
    Pass,
    Place,
    PlaceTile,
    Roll,
    RollResult,
)
from morpyam.errors import IllegalActionError, NotationError, _shown
from morpyam.figures import Label, parse_label
from morpyam.kit.texts import MAX_ACTION_LENGTH, ascii_lower, refuse_long
from morpyam.layouts import Cell

__all__ = ["MAX_ACTION_LENGTH", "NotationError", "parse_action"]

_refuse_long = refuse_long  # its name here before it moved to the kit


_VERBS = ("roll", "dice", "place", "pass", "lose-turn", "deal", "lay")


class _Words:
    """The words of a line with their columns, read from left to right."""

    def __init__(self, text: str) -> None:
        self.text = text
        self.words = [(m.start() + 1, ascii_lower(m.group())) for m in re.finditer(r"\S+", text)]
        self.position = 0

    def error(self, reason: str, at: int | None = None) -> NotationError:
        index = self.position if at is None else at
        column = self.words[index][0] if index < len(self.words) else len(self.text.rstrip()) + 1
        return NotationError(reason, self.text, column)

    def peek(self) -> str | None:
        return self.words[self.position][1] if self.position < len(self.words) else None

    def take(self, what: str) -> str:
        word = self.peek()
        if word is None:
            raise self.error(f"{what} expected after {_shown(self.words[-1][1])}")
        self.position += 1
        return word

    def faces(self) -> tuple[int, ...]:
        faces = []
        while (word := self.peek()) is not None and word.isdigit():
            if word not in ("1", "2", "3", "4", "5", "6"):
                raise self.error(f"{_shown(word)} is not a die face (1 to 6)")
            faces.append(int(word))
            self.position += 1
        return tuple(faces)

    def label(self) -> Label:
        word = self.take("a label")
        try:
            return parse_label(word)
        except ValueError:
            raise self.error(f"{_shown(word)} is not a label", self.position - 1) from None

    def cell(self) -> Cell:
        word = self.take("a cell")
        try:
            return Cell.parse(word)
        except ValueError:
            raise self.error(f"{_shown(word)} is not a cell like c4", self.position - 1) from None

    def end(self) -> None:
        if self.peek() is not None:
            raise self.error(f"unexpected {_shown(self.peek())}")


def parse_action(text: str) -> Action:
    """Read one action from its notation (see the module).

    Examples:
        >>> parse_action("roll keep 3 3 call full-house")
        Roll(keep=(3, 3), call=<Figure.FULL_HOUSE: 'FUL'>)

    Raises:
        NotationError: naming the column of the first wrong word. Values no
            action can hold (five kept dice, a face of 7) are refused here too,
            and so is a text over `MAX_ACTION_LENGTH`
            characters, before it is read.
    """
    if not isinstance(text, str):
        raise NotationError(f"an action is text, not {type(text).__name__}", repr(text), 1)
    _refuse_long(text)
    words = _Words(text)
    verb = words.peek()
    if verb is None:
        raise words.error("an action is expected: " + ", ".join(_VERBS))
    words.position += 1
    try:
        action = _read(verb, words)
    except IllegalActionError as error:
        raise NotationError(error.reason, text, words.words[0][0]) from None
    words.end()
    return action


def _read(verb: str, words: _Words) -> Action:
    if verb == "roll":
        keep: tuple[int, ...] = ()
        call: Label | None = None
        if words.peek() == "keep":
            words.position += 1
            keep = words.faces()
            if not keep:
                raise words.error("faces to keep expected after 'keep'")
        if words.peek() == "call":
            words.position += 1
            call = words.label()
        return Roll(keep, call)
    if verb == "dice":
        faces = words.faces()
        if not faces:
            raise words.error("die faces expected after 'dice'")
        return RollResult(faces)
    if verb == "place":
        return Place(words.cell())
    if verb == "pass":
        return Pass()
    if verb == "lose-turn":
        return LoseTurn()
    if verb == "deal":
        return DealTile(words.label())
    if verb == "lay":
        label = words.label()
        return PlaceTile(label, words.cell())
    raise words.error(f"{_shown(verb)} is not an action; use one of: {', '.join(_VERBS)}", 0)
