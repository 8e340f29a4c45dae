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

`parse_action` lives with the actions, in `morpyam.actions`, as the score
sheet's and MyRummy's do in theirs; this module gives it, with the error it
raises and the longest text it reads, under the name it has always had.
"""

from __future__ import annotations

from morpyam.actions import parse_action
from morpyam.errors import NotationError
from morpyam.kit.texts import MAX_ACTION_LENGTH, refuse_long

__all__ = ["MAX_ACTION_LENGTH", "NotationError", "parse_action"]

_refuse_long = refuse_long  # its name here before it moved to the kit
