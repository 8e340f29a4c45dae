"""Plain-text pictures of a position, for terminals and logs."""

from __future__ import annotations

from collections.abc import Sequence

from morpyam.kit.texts import seat_labels
from morpyam.state import State

__all__ = ["PLAYER_MARKS", "render", "render_grid"]

PLAYER_MARKS = ("X", "O", "△", "□")
"""The mark of each player's tokens in text pictures: not colour alone."""


def render_grid(state: State) -> str:
    """The grid with column letters and row numbers; a covered cell shows its owner.

    During the Morpyam Plus set-up it shows the tiles laid so far (``·`` for none).
    """
    layout = state.layout
    width = max(4, *(len(label.code) for label in layout.labels))
    header = "   " + " ".join(chr(ord("a") + c).center(width) for c in range(layout.width))
    lines = [header.rstrip()]
    for row in range(layout.height):
        texts = []
        for col in range(layout.width):
            index = row * layout.width + col
            owner = state.owners[index]
            if state.setup is not None:
                tile = state.setup.tiles[index]
                text = "·" if tile is None else tile.code
            elif owner is None:
                text = layout.labels[index].code
            else:
                text = f"{PLAYER_MARKS[owner]}{owner}"
            texts.append(text.center(width))
        lines.append(f"{row + 1:>2} " + " ".join(texts).rstrip())
    return "\n".join(lines)


def render(state: State, *, names: Sequence[str] | None = None) -> str:
    """The grid, then one line on whose turn it is and the dice, or the result.

    ``names`` calls the players, one string each, as `morpyam.yahtzee.render` and
    `morpyam.myrummy.render` take them (default ``player 0``, ``player 1``, ...); the grid
    shows each token by its mark and seat (``X0``), which the tokens' line names.

    Raises:
        ValueError: for ``names`` that are not one string per player.
    """
    called = seat_labels(names, state.rules.players)
    grid = render_grid(state)
    tokens = "  ".join(
        f"{called[p]} {PLAYER_MARKS[p]}: {left} left"
        + (" (resigned)" if p in state.resigned else "")
        for p, left in enumerate(state.tokens_left)
    )
    who = called[state.player]
    if state.winners:
        winners = ", ".join(called[p] for p in sorted(state.winners))
        status = f"game over ({state.end_rule}): won by {winners}"
    elif state.roll_off:
        status = f"start roll: {who} rolls one die"
    elif state.setup is not None:
        left = len(state.setup.bag)
        status = (
            f"Plus set-up: {left} tiles to deal, next to {who}"
            if left
            else f"Plus set-up: {who} lays out their tiles"
        )
    elif state.in_air:
        kept = " ".join(map(str, state.kept)) or "nothing"
        status = f"{who}: dice in the air, kept {kept}"
    elif state.dice is None:
        status = f"{who} to roll"
    else:
        dice = " ".join(map(str, state.dice))
        status = f"{who}: dice {dice} after roll {state.rolls}"
        if state.call is not None:
            status += f", call {state.call.notation}"
    return f"{grid}\n{tokens}\n{status}"
