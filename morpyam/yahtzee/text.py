"""Plain-text pictures of a score-sheet game, for terminals, logs and apps.

`render_sheets` draws the sheet of
the game being played, one column per player, with the upper sum and
bonuses; `render` adds a line on what happens
next (the dice, the rolls, or the result). ``str(state)`` is
``render(state)``.

Examples:
    >>> from morpyam.yahtzee import Box, Roll, RollResult, Rules, Score, apply, new_game
    >>> state = apply(apply(new_game(Rules.megawuerfel(players=2)), Roll()), RollResult((6, 6, 6, 2, 2)))
    >>> render_status(state)
    'Player 0: dice 2 2 6 6 6 after roll 1 of 3'
    >>> state = apply(state, Score(Box.FULL_HOUSE))
    >>> print(render_sheets(state).splitlines()[11])
    full-house            25
"""

from __future__ import annotations

from collections.abc import Sequence

from morpyam.kit.deprecations import old_spellings
from morpyam.kit.texts import seat_labels
from morpyam.yahtzee.rules import BOXES, Box, Rules
from morpyam.yahtzee.state import State

__all__ = ["render", "render_sheets", "render_status", "rules_text", "short_repr"]


def _check(state: object) -> State:
    if not isinstance(state, State):
        raise ValueError(f"expected a yahtzee State, got {type(state).__name__}")
    return state


@old_spellings(positional=("names",))
def render_sheets(state: State, *, names: Sequence[str] | None = None) -> str:
    """The score sheet of the game being played as a text table: one column per player.

    ``names`` heads the columns (``player 0``, ``player 1``, ... by default, as the table
    calls players), keyword-only as in `render` and `render_status`; given by position,
    as ``render_sheets(state, names)``, it still works, with a `DeprecationWarning`, until
    the next major release (2.0). Empty boxes
    are blank; the upper sum and bonus follow ``sixes``, the Yahtzee bonus
    shows when the rules have one, and a grand total when the sheet holds
    several games.

    Raises:
        ValueError: for a ``state`` that is not a `State`,
            or ``names`` that are not one string per player.
    """
    state = _check(state)
    names = seat_labels(names, state.players)
    sheets = [games[state.game] for games in state.sheets]
    width = max(6, *(len(name) for name in names))
    label = max(len(box.notation) for box in BOXES)

    def row(title: str, cells: Sequence[object]) -> str:
        return (f"{title:<{label}} " + " ".join(f"{c!s:>{width}}" for c in cells)).rstrip()

    lines = [row(f"game {state.game + 1}", names)]
    for box in BOXES:
        lines.append(row(box.notation, ["" if s[box] is None else s[box] for s in sheets]))
        if box is Box.SIXES:
            lines.append(row("upper sum", [s.upper_sum for s in sheets]))
            lines.append(row("upper bonus", [s.upper_bonus for s in sheets]))
    if state.rules.yahtzee_bonus:
        lines.append(row("yahtzee bonus", [s.yahtzee_bonus for s in sheets]))
    lines.append(row("total", [s.total for s in sheets]))
    if state.games > 1:
        lines.append(row("grand total", list(state.totals)))
    return "\n".join(lines)


def render_status(state: State, *, names: Sequence[str] | None = None) -> str:
    """One line on what happens next: whose turn, the dice and the rolls, or the result.

    ``names`` calls the players, as in `render`.

    Raises:
        ValueError: for a ``state`` that is not a `State`, or ``names`` that are not one
            string per player.
    """
    state = _check(state)
    called = seat_labels(names, state.players)
    if state.is_terminal:
        winners = ", ".join(called[p] for p in sorted(state.winners))
        totals = ", ".join(map(str, state.totals))
        return f"Game over: won by {winners}; totals {totals}"
    games = f" (game {state.game + 1} of {state.games})" if state.games > 1 else ""
    who = called[state.player] if names is not None else f"Player {state.player}"
    if state.in_air:
        kept = " ".join(map(str, state.kept)) or "nothing"
        return f"{who}: dice in the air for roll {state.rolls + 1}, kept {kept}"
    if state.dice is None:
        return f"{who} to roll{games}"
    dice = " ".join(map(str, state.dice))
    return f"{who}: dice {dice} after roll {state.rolls} of 3{games}"


@old_spellings(positional=("names",))
def render(state: State, *, names: Sequence[str] | None = None) -> str:
    """The sheet (`render_sheets`), then the status line (`render_status`).

    ``names`` calls the players, one string each, as `morpyam.text.render` and
    `morpyam.myrummy.render` take them: it heads the sheet's columns and names whose turn
    it is (default ``player 0``, ``player 1``, ...). Given by position, as
    ``render(state, names)``, it still works, with a `DeprecationWarning`, until
    the next major release (2.0).

    Raises:
        ValueError: for a ``state`` that is not a `State`, or ``names`` that are not one
            string per player.
    """
    return f"{render_sheets(state, names=names)}\n{render_status(state, names=names)}"


def rules_text(rules: Rules) -> str:
    """``repr(rules)``: the Python that makes them, a preset or ``attrs.evolve`` of the nearest one.

    The name from before `Rules` had this ``repr``, kept so that code calling it
    goes on working; `Rules.describe` says the rules in words.

    Examples:
        >>> import attrs
        >>> rules_text(Rules.hasbro())
        'Rules.hasbro(players=1)'
        >>> rules_text(attrs.evolve(Rules.megawuerfel(), max_players=2))
        'attrs.evolve(Rules.megawuerfel(players=1), max_players=2)'
    """
    return repr(rules)


def short_repr(state: State) -> str:
    """``repr(state)``: one line with the rules, the players and games, the totals and the status."""
    status = render_status(state)
    players = f"{state.players} player{'s' if state.players > 1 else ''}"
    games = f", {state.games} games" if state.games > 1 else ""
    totals = ", ".join(map(str, state.totals))
    return (
        f"<State {state.rules!r}; {players}{games}; totals {totals}; "
        f"{status[0].lower()}{status[1:]}>"
    )
