"""The state of a game: one frozen value, with no history inside."""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from typing import Any, TypeVar, overload

import attrs

from morpyam.figures import Figure, Label
from morpyam.layouts import Cell, Layout
from morpyam.rules import Rules
from morpyam.tiles import Setup

__all__ = ["Board", "State"]

_T = TypeVar("_T")


@attrs.frozen(eq=False)
class Board(Mapping[Cell, int]):
    """A read-only view of the covered cells: ``board[cell]`` is the owner (R-SET-4).

    A cell's text (as `Place` takes it) is a key as good as the `Cell`: ``board["c3"]``,
    ``board.get("c3")`` and ``"c3" in board`` answer as they do for
    ``Cell.parse("c3")``, so a covered cell never looks free because it was
    named by its text. A key that names no covered cell (a free cell, a cell
    off the grid, text that is not a cell such as ``"z0"``) is a missing key:
    ``board[key]`` raises `KeyError` naming it, ``board.get(key)`` is ``None``
    and ``key in board`` is ``False``. Iteration yields `Cell` values.

    It compares equal to any mapping with the same items, a ``dict`` included.
    """

    layout: Layout
    owners: tuple[int | None, ...]

    def __getitem__(self, cell: Cell | str) -> int:
        owner = self.owners[self.layout.index(cell)] if cell in self.layout else None
        if owner is None:
            raise KeyError(cell)
        return owner

    @overload
    def get(self, key: Cell | str, /) -> int | None: ...
    @overload
    def get(self, key: Cell | str, /, default: int | _T) -> int | _T: ...
    def get(self, key: Cell | str, /, default: object = None) -> object:
        """The owner of ``key`` (a `Cell` or its text), or ``default`` if it is not covered."""
        try:
            return self[key]
        except KeyError:
            return default

    def __iter__(self) -> Iterator[Cell]:
        return (cell for cell, owner in zip(self.layout.cells, self.owners) if owner is not None)

    def __len__(self) -> int:
        return len(self.owners) - self.owners.count(None)


@attrs.frozen(repr=False, weakref_slot=False)
class State:
    """A position of a game, made by `new_game` and `apply`.

    A state holds only what decides the rest of the game, so equal positions
    compare and hash equal however they were reached. It is a *chance node*
    (`is_chance`) while dice are in the air,
    during the start roll included; otherwise
    `current_player` decides.
    """

    rules: Rules
    """The rules of this game."""
    layout: Layout
    """The grid in play."""
    owners: tuple[int | None, ...]
    """Per cell of `Layout.cells`: the owner of its token, or ``None``."""
    tokens_left: tuple[int, ...]
    """Tokens each player has still to place."""
    player: int
    """Whose turn it is, also while their dice are in the air; in the start roll, who rolls next."""
    rolls: int
    """Rolls completed this turn, 0 to 3 (R-TURN-1)."""
    dice: tuple[int, ...] | None
    """The five dice showing, sorted.

    ``None`` before the turn's first roll and while dice are in the air.
    """
    kept: tuple[int, ...]
    """While dice are in the air: the faces kept; otherwise ``()``."""
    in_air: bool
    """Whether dice of the turn are in the air (a chance node)."""
    call: Label | None
    """The call on the roll in the air.

    After the roll it stays only if it came up (R-CALL-5) or missed on the
    3rd roll (R-CALL-7); a miss on the 1st or 2nd roll is forgotten (R-CALL-6).
    The label called stays part of the position while it lasts, so two such
    positions that differ only in the figure called compare unequal.
    """
    roll_off: tuple[int, ...]
    """Players still rolling one die to decide who starts (R-SET-3); ``()`` once decided."""
    roll_off_faces: tuple[int, ...]
    """The start-roll faces of this round so far, in the order of ``roll_off``."""
    daversa_armed: tuple[bool, ...]
    """Per player: whether a placement with a Morpyam showing this turn wins at once (R-MOR-3)."""
    resigned: frozenset[int]
    """Players who resigned (R-END-4)."""
    winners: frozenset[int]
    """The winners; empty until the game ends."""
    end_rule: str | None
    """The rule that ended the game (``"R-END-1"``, ``"R-END-2"``, ``"R-MOR-3"``, ``"R-END-4"``)."""
    setup: Setup | None = None
    """The Morpyam Plus set-up while it lasts (R-VAR-PLUS); ``None`` once the grid is built."""
    seen: frozenset[Figure] = frozenset()
    """The figures the turn's earlier rolls showed (before the current dice).

    Kept only for rules that need it (``call_miss_loses="earlier_figures"``,
    R-CALL-7; ``daversa_counts="rolled"``, R-MOR-3); otherwise always empty.
    """

    @property
    def is_terminal(self) -> bool:
        """Whether the game is over."""
        return bool(self.winners)

    @property
    def is_chance(self) -> bool:
        """Whether the next action is a chance outcome (`RollResult`)."""
        if self.in_air:  # dice are never in the air in a finished game
            return True
        if self.winners:
            return False
        if self.roll_off:
            return True
        setup = self.setup
        return setup is not None and len(setup.bag) > 0

    @property
    def current_player(self) -> int | None:
        """The player to decide, or ``None`` at a chance node or when the game is over."""
        return None if self.winners or self.is_chance else self.player

    @property
    def board(self) -> Board:
        """Who owns each covered cell: a read-only mapping of `Cell` (or its text) to player."""
        return Board(self.layout, self.owners)

    def __str__(self) -> str:
        from morpyam.text import render

        return render(self)

    def __repr__(self) -> str:
        # one line: the rules, each player's tokens by cell, the tokens left, what happens next
        from morpyam.text import PLAYER_MARKS, render

        tokens = "; ".join(
            f"{PLAYER_MARKS[player]}{player} "
            + (" ".join(str(cell) for cell, owner in self.board.items() if owner == player) or "-")
            for player in range(self.rules.players)
        )
        left = ", ".join(map(str, self.tokens_left))
        status = render(self).rsplit("\n", 1)[1]
        return f"<State {self.rules!r}; {tokens}; tokens left {left}; {status}>"

    def _repr_svg_(self) -> str:
        """The position as an SVG picture, which Jupyter shows (`board`)."""
        from morpyam.svg import board

        return board(self)


class _Building:
    """A mutable twin of `State`'s memory layout (the same slots)."""

    __slots__ = tuple(attrs.fields_dict(State))


_allocate = object.__new__


def _build_state(
    rules: Rules,
    layout: Layout,
    owners: tuple[int | None, ...],
    tokens_left: tuple[int, ...],
    player: int,
    rolls: int,
    dice: tuple[int, ...] | None,
    kept: tuple[int, ...],
    in_air: bool,
    call: Label | None,
    roll_off: tuple[int, ...],
    roll_off_faces: tuple[int, ...],
    daversa_armed: tuple[bool, ...],
    resigned: frozenset[int],
    winners: frozenset[int],
    end_rule: str | None,
    setup: Setup | None,
    seen: frozenset[Figure],
) -> State:
    """Make a `State` from all its attributes, in order: the engine's constructor.

    The engine makes a state per step. attrs builds a frozen instance with one
    ``object.__setattr__`` call per attribute; here they are plain stores on an
    unfrozen twin, which then becomes a `State` by assigning its class (allowed
    between classes with the same slots). The result is an ordinary, frozen
    `State`; nothing is checked.
    """
    state: Any = _allocate(_Building)
    state.rules = rules
    state.layout = layout
    state.owners = owners
    state.tokens_left = tokens_left
    state.player = player
    state.rolls = rolls
    state.dice = dice
    state.kept = kept
    state.in_air = in_air
    state.call = call
    state.roll_off = roll_off
    state.roll_off_faces = roll_off_faces
    state.daversa_armed = daversa_armed
    state.resigned = resigned
    state.winners = winners
    state.end_rule = end_rule
    state.setup = setup
    state.seen = seen
    state.__class__ = State
    return state  # type: ignore[no-any-return]
