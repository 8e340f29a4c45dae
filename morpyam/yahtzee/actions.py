"""The moves of the score-sheet game: frozen, hashable values with a short text form.

``str(action)`` is the action's notation, which
`parse_action` reads back:

| action | notation |
| --- | --- |
| `Roll()` | ``roll`` |
| `Roll(keep=(3, 3))` | ``roll keep 3 3`` |
| `RollResult((1, 2, 5))` | ``dice 1 2 5`` |
| `Score(Box.FULL_HOUSE)` | ``score full-house`` |

Faces are stored sorted, so ``RollResult((3, 1, 2)) == RollResult((1, 2, 3))``.
A value that can never be valid (a face of 7, five kept dice, a box that does
not exist) is refused when the action is built, with an
`IllegalActionError` naming the rule.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from typing import Any

import attrs

from morpyam.actions import faces_text, sorted_faces
from morpyam.dice import DICE, MAX_KEEP
from morpyam.errors import IllegalActionError, NotationError
from morpyam.errors import shown as _shown
from morpyam.kit.texts import refuse_long as _refuse_long
from morpyam.yahtzee.rules import Box, _as_box

__all__ = ["Action", "Roll", "RollResult", "Score", "parse_action"]


def _sorted_faces(faces: Iterable[int]) -> tuple[int, ...]:
    return sorted_faces(faces, "Y-SET-1")


def _check_keep(instance: Roll, attribute: attrs.Attribute[Any], keep: tuple[int, ...]) -> None:
    if len(keep) > MAX_KEEP:
        raise IllegalActionError(
            "Y-TURN-1",
            f"at most {MAX_KEEP} dice can be kept when rolling; to keep all five, score a box",
        )


@attrs.frozen
class Roll:
    """Throw the dice not kept (Y-TURN-1).

    ``keep`` lists the faces kept from the current dice: a sub-multiset of
    them, 0 to 4 faces, and nothing before the turn's first roll.
    """

    keep: tuple[int, ...] = attrs.field(default=(), converter=_sorted_faces, validator=_check_keep)

    def __str__(self) -> str:
        return f"roll keep {faces_text(self.keep)}" if self.keep else "roll"


def _check_result(
    instance: RollResult, attribute: attrs.Attribute[Any], faces: tuple[int, ...]
) -> None:
    if not 1 <= len(faces) <= DICE:
        raise IllegalActionError("Y-SET-1", f"1 to {DICE} dice are thrown, not {len(faces)}")


@attrs.frozen
class RollResult:
    """A chance outcome: the faces of the dice just thrown, stored sorted."""

    faces: tuple[int, ...] = attrs.field(converter=_sorted_faces, validator=_check_result)

    def __str__(self) -> str:
        return f"dice {faces_text(self.faces)}"


@attrs.frozen
class Score:
    """End the turn by filling ``box`` with the current dice (Y-TURN-2); ``"chance"`` is read as a box."""

    box: Box = attrs.field(converter=_as_box)

    def __str__(self) -> str:
        return f"score {self.box.notation}"


Action = Roll | RollResult | Score
"""Any move of the game."""

_VERBS = ("roll", "dice", "score")


def parse_action(text: str) -> Action:
    """Read one action from its notation (see the module); any case, words separated by spaces.

    Examples:
        >>> parse_action("roll keep 6 6")
        Roll(keep=(6, 6))
        >>> parse_action("score topscore")
        Score(box=<Box.YAHTZEE: 'yahtzee'>)

    Raises:
        NotationError: naming the column of the first wrong word (a
            ``ValueError``). Values no action can hold (five kept dice, a face
            of 7) are refused here too, and so is a text over
            `MAX_ACTION_LENGTH` characters,
            before it is read.
    """
    if not isinstance(text, str):
        raise NotationError(f"an action is text, not {type(text).__name__}", repr(text), 1)
    _refuse_long(text)
    found = [(match.start() + 1, match.group().lower()) for match in re.finditer(r"\S+", text)]
    words = [word for _, word in found]

    def error(reason: str, index: int) -> NotationError:
        column = found[index][0] if index < len(found) else len(text.rstrip()) + 1
        return NotationError(reason, text, column)

    if not words:
        raise error("an action is expected: " + ", ".join(_VERBS), 0)
    verb = words[0]
    if verb in ("roll", "dice"):
        first = 1
        if verb == "roll" and len(words) > 1:
            if words[1] != "keep":
                raise error("'keep' expected before the faces to keep", 1)
            first = 2
            if len(words) == 2:
                raise error("faces to keep expected after 'keep'", 2)
        if verb == "dice" and len(words) == 1:
            raise error("die faces expected after 'dice'", 1)
        for index in range(first, len(words)):
            if words[index] not in ("1", "2", "3", "4", "5", "6"):
                raise error(f"{_shown(words[index])} is not a die face (1 to 6)", index)
        faces = tuple(int(word) for word in words[first:])
        try:
            return Roll(faces) if verb == "roll" else RollResult(faces)
        except IllegalActionError as caught:
            raise error(caught.reason, 0) from None
    if verb == "score":
        if len(words) == 1:
            raise error("a box expected after 'score'", 1)
        try:
            return Score(Box.parse("-".join(words[1:])))
        except ValueError:
            raise error(f"{_shown(' '.join(words[1:]))} is not a box", 1) from None
    raise error(f"{_shown(verb)} is not an action; use one of: {', '.join(_VERBS)}", 0)
