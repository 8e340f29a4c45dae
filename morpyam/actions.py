"""The moves of a game: frozen, hashable values with a short text form.

``str(action)`` is the action's notation (``roll keep 3 3 call full-house``,
``dice 1 2``, ``place c4``, ``pass``, ``lose-turn``, ``deal mini``, ``lay mini c4``), which
`parse_action` reads back: an action's text form is kept with the action, here as in the
score sheet's and MyRummy's actions modules (`morpyam.notation` tables it).

Faces are stored sorted, so actions that mean the same compare equal:
``RollResult((3, 1, 2)) == RollResult((1, 2, 3))``. A value that can never
be valid (a face of 7, five kept dice) is refused when the action is built.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping
from typing import Any

import attrs

from morpyam.dice import DICE, MAX_KEEP
from morpyam.errors import IllegalActionError, NotationError, _shown
from morpyam.figures import FACES, Figure, Label, Special, parse_label
from morpyam.kit.texts import ascii_lower, refuse_long
from morpyam.layouts import Cell

__all__ = [
    "Action",
    "DealTile",
    "LoseTurn",
    "Pass",
    "Place",
    "PlaceTile",
    "Roll",
    "RollResult",
    "faces_text",
    "parse_action",
    "sorted_faces",
]


def sorted_faces(faces: Iterable[int], rule: str = "R-SET-1") -> tuple[int, ...]:
    """Faces of dice as a sorted tuple, checked: each an int from 1 to 6.

    Shared by the actions of every game on these dice; ``rule`` is the ID an
    error names.

    Raises:
        IllegalActionError: for anything else (a set or a mapping would lose
            or invent dice, so they are refused too).
    """
    if isinstance(faces, (str, bytes, set, frozenset, Mapping)):
        raise IllegalActionError(
            rule, f"faces must be a sequence of dice (a tuple or list), got {_shown(faces)}"
        )
    try:
        values = tuple(faces)
    except TypeError:
        raise IllegalActionError(
            rule, f"faces must be a sequence of dice, got {_shown(faces)}"
        ) from None
    for face in values:
        if type(face) is not int or face not in FACES:
            raise IllegalActionError(rule, f"a die shows 1 to 6, not {_shown(face)}")
    return tuple(sorted(values))


def faces_text(faces: tuple[int, ...]) -> str:
    """Faces in notation: ``"1 3 3"``."""
    return " ".join(map(str, faces))


def _check_keep(instance: Roll, attribute: attrs.Attribute[Any], keep: tuple[int, ...]) -> None:
    if len(keep) > MAX_KEEP:
        raise IllegalActionError(
            "R-TURN-1", f"at most {MAX_KEEP} dice can be kept, one at least is rerolled"
        )


def _check_call(instance: Roll, attribute: attrs.Attribute[Any], call: Any) -> None:
    if call is not None and not isinstance(call, (Figure, Special)):
        raise IllegalActionError("R-CALL-1", f"a call names a figure or SEC, not {_shown(call)}")


@attrs.frozen
class Roll:
    """Throw the dice not kept, after announcing ``call`` if any (R-TURN-1, R-CALL-1).

    ``keep`` lists the faces kept from the current dice (a sub-multiset of
    them, 0 to 4 faces; nothing before the turn's first roll).
    """

    keep: tuple[int, ...] = attrs.field(default=(), converter=sorted_faces, validator=_check_keep)
    call: Label | None = attrs.field(default=None, validator=_check_call)

    def __str__(self) -> str:
        text = "roll"
        if self.keep:
            text += f" keep {faces_text(self.keep)}"
        if self.call is not None:
            text += f" call {self.call.notation}"
        return text


def _check_result(
    instance: RollResult, attribute: attrs.Attribute[Any], faces: tuple[int, ...]
) -> None:
    if not 1 <= len(faces) <= DICE:
        raise IllegalActionError("R-SET-1", f"1 to {DICE} dice are thrown, not {len(faces)}")


@attrs.frozen
class RollResult:
    """A chance outcome: the faces of the dice just thrown, stored sorted."""

    faces: tuple[int, ...] = attrs.field(converter=sorted_faces, validator=_check_result)

    def __str__(self) -> str:
        return f"dice {faces_text(self.faces)}"


def _to_cell(value: Cell | str) -> Cell:
    if isinstance(value, Cell):
        return value
    if isinstance(value, str):
        try:
            return Cell.parse(value)
        except ValueError as error:
            raise IllegalActionError("R-SET-1", str(error)) from None
    raise IllegalActionError("R-SET-1", f"a cell is a Cell or text like 'c4', not {_shown(value)}")


@attrs.frozen
class Place:
    """Put a token on ``cell`` with the current dice (R-TURN-2); ``"c4"`` is read as a cell."""

    cell: Cell = attrs.field(converter=_to_cell)

    def __str__(self) -> str:
        return f"place {self.cell}"


@attrs.frozen
class Pass:
    """End the turn without a token (R-TURN-3, R-TURN-4)."""

    def __str__(self) -> str:
        return "pass"


@attrs.frozen
class LoseTurn:
    """The player loses the rest of their turn, with no token (R-END-5).

    What a real table does after a collision or dice off the track (the German
    text: "verliert der Spieler seinen Zug und legt keine Spielsteine ab");
    legal at every decision of a turn, a forced placement included, when
    `Rules.lost_turns` is on.
    """

    def __str__(self) -> str:
        return "lose-turn"


def _check_label(instance: object, attribute: attrs.Attribute[Any], label: Any) -> None:
    if not isinstance(label, (Figure, Special)):
        raise IllegalActionError(
            "R-VAR-PLUS", f"a tile shows a Figure or Special label, not {_shown(label)}"
        )


@attrs.frozen
class DealTile:
    """A chance outcome of the Morpyam Plus set-up: the tile dealt next shows ``label`` (R-VAR-PLUS)."""

    label: Label = attrs.field(validator=_check_label)

    def __str__(self) -> str:
        return f"deal {self.label.notation}"


@attrs.frozen
class PlaceTile:
    """Lay a tile of one's hand on an empty grid position in the Morpyam Plus set-up (R-VAR-PLUS)."""

    label: Label = attrs.field(validator=_check_label)
    cell: Cell = attrs.field(converter=_to_cell)

    def __str__(self) -> str:
        return f"lay {self.label.notation} {self.cell}"


Action = Roll | RollResult | Place | Pass | LoseTurn | DealTile | PlaceTile
"""Any move of the game."""


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
    """Read one action from its notation, as ``str(action)`` writes it (`morpyam.notation`
    tables it).

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
    refuse_long(text)
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
