"""Score sheets and the state of a game: frozen values with no history inside."""

from __future__ import annotations

from typing import Any

import attrs

from morpyam.errors import shown as _shown
from morpyam.yahtzee.rules import BOXES, Box, Rules, _as_box

__all__ = ["FULL", "Sheet", "State"]

FULL = (1 << len(BOXES)) - 1
"""`Sheet.filled` of a full sheet: one bit per box."""

_EMPTY: tuple[int | None, ...] = (None,) * len(BOXES)


def _check_boxes(instance: Sheet, attribute: attrs.Attribute[Any], boxes: Any) -> None:
    if (
        type(boxes) is not tuple
        or len(boxes) != len(BOXES)
        or not all(v is None or (type(v) is int and v >= 0) for v in boxes)
    ):
        raise ValueError(
            f"Y-BOX-1: a sheet holds {len(BOXES)} boxes, each None or points >= 0, got {_shown(boxes)}"
        )


def _check_points(instance: Sheet, attribute: attrs.Attribute[Any], value: Any) -> None:
    if type(value) is not int or value < 0:
        raise ValueError(f"Sheet.{attribute.name} must be an int >= 0, got {_shown(value)}")


@attrs.frozen
class Sheet:
    """One player's column for one game: the 13 boxes and the bonuses earned (Y-BOX-1).

    ``sheet[box]`` is the points written in ``box`` (a `Box`
    or its name, as in `Score`), or ``None`` while it
    is empty; a name that is no box raises
    `IllegalActionError` (Y-BOX-1).

    Examples:
        >>> sheet = Sheet()
        >>> sheet[Box.CHANCE] is None, sheet["chance"] is None, sheet.total
        (True, True, 0)
    """

    boxes: tuple[int | None, ...] = attrs.field(default=_EMPTY, validator=_check_boxes)
    """Points per box in sheet order (`BOXES`); ``None``: empty."""
    upper_bonus: int = attrs.field(default=0, validator=_check_points)
    """The upper bonus once the upper sum has earned it (Y-BONUS-1), else 0."""
    yahtzee_bonus: int = attrs.field(default=0, validator=_check_points)
    """Points of the extra-Yahtzee bonuses earned so far (Y-BONUS-2)."""

    filled: int = attrs.field(init=False, eq=False, repr=False)
    """One bit per filled box (bit ``box.index``); `FULL` when full."""
    upper_sum: int = attrs.field(init=False, eq=False, repr=False)
    """The sum of the upper boxes (ones to sixes) filled so far (Y-BONUS-1)."""

    def __attrs_post_init__(self) -> None:
        filled = 0
        for index, points in enumerate(self.boxes):
            if points is not None:
                filled |= 1 << index
        object.__setattr__(self, "filled", filled)
        object.__setattr__(self, "upper_sum", sum(p for p in self.boxes[:6] if p is not None))

    @classmethod
    def _unchecked(
        cls,
        boxes: tuple[int | None, ...],
        upper_bonus: int,
        yahtzee_bonus: int,
        filled: int,
        upper_sum: int,
    ) -> Sheet:
        """The engine's fast path: a sheet whose derived fields it computed itself."""
        sheet = object.__new__(cls)
        setattr_ = object.__setattr__
        setattr_(sheet, "boxes", boxes)
        setattr_(sheet, "upper_bonus", upper_bonus)
        setattr_(sheet, "yahtzee_bonus", yahtzee_bonus)
        setattr_(sheet, "filled", filled)
        setattr_(sheet, "upper_sum", upper_sum)
        return sheet

    def __getitem__(self, box: Box | str) -> int | None:
        return self.boxes[(box if type(box) is Box else _as_box(box)).index]

    @property
    def is_full(self) -> bool:
        """Whether every box is filled: this sheet's game is over for its player."""
        return self.filled == FULL

    @property
    def open_boxes(self) -> tuple[Box, ...]:
        """The empty boxes, in sheet order."""
        return tuple(box for box, points in zip(BOXES, self.boxes) if points is None)

    @property
    def lower_sum(self) -> int:
        """The sum of the lower boxes filled so far."""
        return sum(p for p in self.boxes[6:] if p is not None)

    @property
    def total(self) -> int:
        """Everything the sheet scores so far: both halves and both bonuses (Y-END-1)."""
        return self.upper_sum + self.lower_sum + self.upper_bonus + self.yahtzee_bonus


@attrs.frozen(repr=False)
class State:
    """A position of a game, made by `new_game` and
    `apply`.

    It is a *chance node* (`is_chance`)
    while dice are in the air; otherwise
    `current_player` decides. Equal
    positions compare and hash equal however they were reached.

    ``str(state)`` draws the sheet of the game being played and what happens
    next (`morpyam.yahtzee.text`); ``repr(state)`` is
    one short line.
    """

    rules: Rules
    """The rules of the sheets."""
    sheets: tuple[tuple[Sheet, ...], ...]
    """``sheets[player][game]``: every player's column for every game of the sheet (Y-SET-1)."""
    player: int
    """Whose turn it is, also while their dice are in the air; the last to play once the game is over."""
    game: int
    """The game of the sheet being played, from 0 (Y-END-1)."""
    rolls: int
    """Rolls completed this turn, 0 to 3 (Y-TURN-1)."""
    dice: tuple[int, ...] | None
    """The five dice showing, sorted; ``None`` before the turn's first roll and while dice are in the air."""
    kept: tuple[int, ...]
    """While dice are in the air: the faces kept; otherwise ``()``."""
    in_air: bool
    """Whether dice are in the air (a chance node)."""

    @property
    def players(self) -> int:
        """Number of players: ``rules.players`` (Y-SET-1)."""
        return len(self.sheets)

    @property
    def games(self) -> int:
        """Number of games on the sheet, 1 to 6 (Y-END-1)."""
        return len(self.sheets[0])

    @property
    def sheet(self) -> Sheet:
        """The column being played: the current player's sheet for the current game."""
        return self.sheets[self.player][self.game]

    @property
    def is_terminal(self) -> bool:
        """Whether the game is over: every sheet is full (Y-END-1)."""
        return self.sheets[self.player][self.game].filled == FULL

    @property
    def is_chance(self) -> bool:
        """Whether the next action is a chance outcome (`RollResult`)."""
        return self.in_air

    @property
    def current_player(self) -> int | None:
        """The player to decide, or ``None`` at a chance node or when the game is over."""
        if self.in_air or self.sheets[self.player][self.game].filled == FULL:
            return None
        return self.player

    @property
    def totals(self) -> tuple[int, ...]:
        """Per player: the grand total of their sheets so far (Y-END-1)."""
        return tuple(sum(sheet.total for sheet in games) for games in self.sheets)

    @property
    def winners(self) -> frozenset[int]:
        """The players with the highest grand total once the game is over; empty until then."""
        if not self.is_terminal:
            return frozenset()
        totals = self.totals
        best = max(totals)
        return frozenset(player for player, total in enumerate(totals) if total == best)

    def __str__(self) -> str:
        from morpyam.yahtzee.text import render

        return render(self)

    def __repr__(self) -> str:
        from morpyam.yahtzee.text import short_repr

        return short_repr(self)
