"""Pictures of a position as SVG, for notebooks, web pages and documents.

`board` draws the grid with each cell's label, the
tokens, the dice and the players, as one self-contained SVG document (no
script, no external font or image). Jupyter shows a state as this picture
through ``State._repr_svg_``, which imports this module only when a notebook
asks for it.

Tokens are told apart by colour **and** by shape, so the picture reads in
greyscale and for colour-blind players: the colours are from the Okabe-Ito
palette and the shapes follow the marks of the text pictures
(`PLAYER_MARKS`: a cross, a disc, a triangle, a
square).

Examples:
    >>> import morpyam as mp
    >>> state = mp.apply(mp.new_game(mp.Rules.classic(), first_player=0), mp.Roll())
    >>> state = mp.apply(mp.apply(state, mp.RollResult((6, 6, 6, 2, 5))), mp.Place(mp.Cell.parse("f1")))
    >>> picture = board(state, highlight=["f1"])
    >>> picture.startswith("<svg") and picture.count('class="token"')
    1
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence
from xml.sax.saxutils import escape, quoteattr

from morpyam.engine import scores
from morpyam.errors import _shown
from morpyam.figures import Special
from morpyam.layouts import Cell
from morpyam.state import State
from morpyam.text import PLAYER_MARKS

__all__ = ["HIGHLIGHT_COLOUR", "PLAYER_COLOURS", "PLAYER_SHAPES", "board"]

PLAYER_COLOURS: tuple[str, ...] = ("#0072B2", "#E69F00", "#009E73", "#CC79A7")
"""Token colours of players 0 to 3: blue, orange, bluish green, reddish purple (Okabe-Ito)."""

PLAYER_SHAPES: tuple[str, ...] = ("cross", "disc", "triangle", "square")
"""Token shapes of players 0 to 3, the marks ``X``, ``O``, ``△``, ``□`` of the text pictures."""

HIGHLIGHT_COLOUR = "#F0E442"
"""The fill of highlighted cells (Okabe-Ito yellow), drawn with a thick black border too."""

_CELL = 64
_DIE = 36
_GAP = 8
_LINE = 22
_FONT = "font-family='DejaVu Sans, Verdana, Arial, sans-serif'"
_PIPS = {
    1: ((0, 0),),
    2: ((-1, -1), (1, 1)),
    3: ((-1, -1), (0, 0), (1, 1)),
    4: ((-1, -1), (1, -1), (-1, 1), (1, 1)),
    5: ((-1, -1), (1, -1), (0, 0), (-1, 1), (1, 1)),
    6: ((-1, -1), (1, -1), (-1, 0), (1, 0), (-1, 1), (1, 1)),
}
_END_WORDS = {
    "R-END-1": "by KO",
    "R-END-2": "on points",
    "R-MOR-3": "by KO R. D'Aversa",
    "R-END-4": "by forfeit",
}


def _number(value: float) -> str:
    """A coordinate, without trailing zeros."""
    return f"{value:.2f}".rstrip("0").rstrip(".")


def _shape(player: int, cx: float, cy: float, radius: float) -> str:
    """The marker of ``player``, centred on (cx, cy), filled with their colour."""
    colour = PLAYER_COLOURS[player % len(PLAYER_COLOURS)]
    paint = f'fill="{colour}" stroke="#000000" stroke-width="1.5" stroke-linejoin="round"'
    kind = PLAYER_SHAPES[player % len(PLAYER_SHAPES)]
    if kind == "disc":
        return f'<circle cx="{_number(cx)}" cy="{_number(cy)}" r="{_number(radius)}" {paint}/>'
    if kind == "square":
        side = radius * 1.6
        return (
            f'<rect x="{_number(cx - side / 2)}" y="{_number(cy - side / 2)}" '
            f'width="{_number(side)}" height="{_number(side)}" {paint}/>'
        )
    if kind == "triangle":
        points = [
            (cx + radius * math.cos(math.radians(a)), cy - radius * math.sin(math.radians(a)))
            for a in (90, 210, 330)
        ]
        shift = radius * 0.15  # centre the triangle's area on the cell
        text = " ".join(f"{_number(x)},{_number(y + shift)}" for x, y in points)
        return f'<polygon points="{text}" {paint}/>'
    # a cross: a plus sign of arms half as wide as long, turned by 45 degrees
    arm = radius * 0.32
    outline = [
        (-arm, -radius),
        (arm, -radius),
        (arm, -arm),
        (radius, -arm),
        (radius, arm),
        (arm, arm),
        (arm, radius),
        (-arm, radius),
        (-arm, arm),
        (-radius, arm),
        (-radius, -arm),
        (-arm, -arm),
    ]
    turn = math.sqrt(0.5)
    text = " ".join(
        f"{_number(cx + (x - y) * turn)},{_number(cy + (x + y) * turn)}" for x, y in outline
    )
    return f'<polygon points="{text}" {paint}/>'


def _die(x: float, y: float, face: int | None, kept: bool) -> str:
    """One die: its pips, or a dashed outline while it is in the air."""
    if face is None:
        return (
            f'<g class="die in-air"><rect x="{_number(x)}" y="{_number(y)}" width="{_DIE}" '
            f'height="{_DIE}" rx="6" fill="none" stroke="#555555" stroke-dasharray="4 3"/>'
            f'<text x="{_number(x + _DIE / 2)}" y="{_number(y + _DIE / 2 + 6)}" '
            f'text-anchor="middle" font-size="16" fill="#555555" {_FONT}>?</text></g>'
        )
    parts = [
        f'<g class="die" data-face="{face}"{" data-kept=" + quoteattr("true") if kept else ""}>',
        f'<rect x="{_number(x)}" y="{_number(y)}" width="{_DIE}" height="{_DIE}" rx="6" '
        f'fill="#FFFFFF" stroke="#222222" stroke-width="1.5"/>',
    ]
    step = _DIE * 0.27
    for dx, dy in _PIPS[face]:
        parts.append(
            f'<circle class="pip" cx="{_number(x + _DIE / 2 + dx * step)}" '
            f'cy="{_number(y + _DIE / 2 + dy * step)}" r="3.4" fill="#222222"/>'
        )
    parts.append("</g>")
    return "".join(parts)


def _status(state: State) -> str:
    """One line on what happens next, or how the game ended."""
    if state.winners:
        names = " and ".join(f"player {p}" for p in sorted(state.winners))
        verb = "wins" if len(state.winners) == 1 else "share the win"
        how = _END_WORDS.get(state.end_rule or "", "")
        return f"Game over: {names} {verb} {how} ({state.end_rule})"
    if state.roll_off:
        return f"Start roll: player {state.player} rolls one die"
    if state.setup is not None:
        left = len(state.setup.bag)
        if left:
            return f"Plus set-up: {left} tiles to deal, next to player {state.player}"
        return f"Plus set-up: player {state.player} lays out their tiles"
    if state.in_air:
        return f"Player {state.player}: dice in the air"
    if state.dice is None:
        return f"Player {state.player} to roll"
    return f"Player {state.player} to play"


def _cells(highlight: Iterable[Cell | str], state: State) -> set[int]:
    indices = set()
    for item in highlight:
        try:
            cell = Cell.parse(item) if isinstance(item, str) else item
        except ValueError as error:
            raise ValueError(f"highlight: {error}") from None
        if not isinstance(cell, Cell) or cell not in state.layout:
            raise ValueError(
                f"highlight: {_shown(item)} is not a cell of the "
                f"{state.layout.width}×{state.layout.height} grid"
            )
        indices.add(state.layout.index(cell))
    return indices


def board(
    state: State,
    *,
    highlight: Iterable[Cell | str] = (),
    size: int | None = None,
    coordinates: bool = True,
) -> str:
    """The position as an SVG document.

    Drawn: the grid with each cell's label (during the Morpyam Plus set-up,
    the tiles laid so far), one token element (``class="token"``) per token
    in its owner's colour and shape, the cells of ``highlight`` (for example
    the last placement), the dice and the roll count, the call, and one line
    per player with their tokens left and points.

    Args:
        state: the position.
        highlight: cells to mark, as `Cell` values or text like ``"c4"``.
        size: the width of the picture in pixels; by default 64 pixels a cell.
        coordinates: whether to write column letters and row numbers.

    Raises:
        ValueError: for a highlighted cell that is not on the grid, or a
            ``size`` that is not a positive int.
    """
    if size is not None and (type(size) is not int or size <= 0):
        raise ValueError(f"size must be a positive int or None, got {_shown(size)}")
    marked = _cells(highlight, state)
    layout = state.layout
    players = state.rules.players
    margin = 26 if coordinates else 10
    grid_width = layout.width * _CELL
    grid_height = layout.height * _CELL
    width = max(grid_width + 2 * margin, 5 * _DIE + 4 * _GAP + 210 + 2 * margin, 420)
    left = margin + (width - 2 * margin - grid_width) / 2
    top = margin
    dice_top = top + grid_height + 16
    # the game over, no dice are drawn and their band is left out
    text_top = dice_top + (_DIE + 28 if not state.winners else 12)
    height = text_top + _LINE * (players + 1) + 6
    shown = f'width="{size}" height="{_number(size * height / width)}"' if size else ""
    if not shown:
        shown = f'width="{_number(width)}" height="{_number(height)}"'
    status = _status(state)
    out = [
        f'<svg xmlns="http://www.w3.org/2000/svg" version="1.1" {shown} '
        f'viewBox="0 0 {_number(width)} {_number(height)}">',
        f"<title>{escape('Morpyam position. ' + status)}</title>",
        f'<rect class="background" width="{_number(width)}" height="{_number(height)}" '
        'fill="#FFFFFF"/>',
    ]
    if coordinates:
        for col in range(layout.width):
            x = left + col * _CELL + _CELL / 2
            out.append(
                f'<text class="coordinate" x="{_number(x)}" y="{_number(top - 8)}" '
                f'text-anchor="middle" font-size="14" fill="#444444" {_FONT}>'
                f"{chr(ord('a') + col)}</text>"
            )
        for row in range(layout.height):
            y = top + row * _CELL + _CELL / 2 + 5
            out.append(
                f'<text class="coordinate" x="{_number(left - 8)}" y="{_number(y)}" '
                f'text-anchor="end" font-size="14" fill="#444444" {_FONT}>{row + 1}</text>'
            )
    out += _grid(state, marked, left, top)
    if not state.winners:
        out += _dice(state, margin, dice_top)
    out.append(
        f'<text class="status" x="{margin}" y="{_number(text_top)}" font-size="15" '
        f'font-weight="bold" fill="#000000" {_FONT}>{escape(status)}</text>'
    )
    out += _legend(state, margin, text_top)
    out.append("</svg>")
    return "\n".join(out) + "\n"


def _grid(state: State, marked: set[int], left: float, top: float) -> list[str]:
    layout = state.layout
    setup = state.setup
    out = ['<g class="grid">']
    for index, (cell, label) in enumerate(zip(layout.cells, layout.labels)):
        x = left + cell.col * _CELL
        y = top + cell.row * _CELL
        shown = label if setup is None else setup.tiles[index]
        special = isinstance(shown, Special)
        fill = "#E8E8E8" if special else "#FFFFFF"
        name = "" if shown is None else f" data-label={quoteattr(shown.name)}"
        out.append(f'<g class="cell" data-cell="{cell}"{name}>')
        dash = ' stroke-dasharray="4 3"' if shown is None else ""
        out.append(
            f'<rect x="{_number(x)}" y="{_number(y)}" width="{_CELL}" height="{_CELL}" '
            f'fill="{fill}" stroke="#555555" stroke-width="1"{dash}/>'
        )
        if index in marked:
            out.append(
                f'<rect class="highlight" x="{_number(x + 2)}" y="{_number(y + 2)}" '
                f'width="{_CELL - 4}" height="{_CELL - 4}" fill="{HIGHLIGHT_COLOUR}" '
                'fill-opacity="0.7" stroke="#000000" stroke-width="3"/>'
            )
        if shown is not None:
            out.append(
                f'<text class="label" x="{_number(x + _CELL / 2)}" y="{_number(y + 16)}" '
                f'text-anchor="middle" font-size="13" fill="#222222" {_FONT}>'
                f"{escape(shown.code)}</text>"
            )
        owner = state.owners[index]
        if owner is not None:
            out.append(
                f'<g class="token" data-player="{owner}" data-cell="{cell}">'
                f"<title>player {owner} {escape(PLAYER_MARKS[owner % len(PLAYER_MARKS)])}</title>"
                f"{_shape(owner, x + _CELL / 2, y + 40, 15)}</g>"
            )
        out.append("</g>")
    out.append("</g>")
    return out


def _dice(state: State, left: float, top: float) -> list[str]:
    """The five dice, the kept ones while the others are in the air, and the roll count."""
    faces: Sequence[int | None]
    if state.in_air:
        faces = (*state.kept, *([None] * (5 - len(state.kept))))
    elif state.dice is not None:
        faces = state.dice
    else:
        faces = ()
    out = ['<g class="dice">']
    for number, face in enumerate(faces):
        out.append(_die(left + number * (_DIE + _GAP), top, face, state.in_air))
    words = []
    setup = state.setup
    if state.roll_off:
        pass
    elif setup is not None:
        if setup.bag:
            words.append(f"{len(setup.bag)} tiles to deal")
        else:
            hand = [label.code for label in setup.hands[state.player]]
            lines = [f"Hand of player {state.player}:"]
            lines += [" ".join(hand[start : start + 12]) for start in range(0, len(hand), 12)]
            for number, line in enumerate(lines):
                out.append(
                    f'<text class="hand" x="{_number(left)}" y="{_number(top + 12 + 15 * number)}" '
                    f'font-size="13" fill="#222222" {_FONT}>{escape(line)}</text>'
                )
    elif faces:
        words.append(f"roll {state.rolls + 1 if state.in_air else state.rolls} of 3")
    else:
        words.append("no roll yet")
    if state.call is not None:
        words.append(f"call {state.call.notation}")
    if words:
        x = left + 5 * (_DIE + _GAP) + 6 if faces else left
        out.append(
            f'<text class="rolls" x="{_number(x)}" y="{_number(top + _DIE / 2 + 5)}" '
            f'font-size="14" fill="#222222" {_FONT}>{escape(", ".join(words))}</text>'
        )
    out.append("</g>")
    return out


def _legend(state: State, left: float, top: float) -> list[str]:
    """One line per player: their marker, tokens left, points, and whether they resigned or won."""
    totals = scores(state)
    out = ['<g class="players">']
    for player in range(state.rules.players):
        y = top + _LINE * (player + 1)
        words = [
            f"Player {player}",
            f"{state.tokens_left[player]} tokens left",
            f"{totals[player]} point{'' if totals[player] == 1 else 's'}",
        ]
        if player in state.resigned:
            words.append("resigned")
        if player in state.winners:
            words.append("winner")
        turn = state.current_player == player or (
            not state.winners and state.player == player and state.is_chance
        )
        weight = ' font-weight="bold"' if turn else ""
        out.append(f'<g class="player" data-player="{player}">')
        out.append(_shape(player, left + 9, y - 5, 8))
        out.append(
            f'<text x="{_number(left + 24)}" y="{_number(y)}" font-size="14"{weight} '
            f'fill="#000000" {_FONT}>{escape(" · ".join(words))}</text>'
        )
        out.append("</g>")
    out.append("</g>")
    return out
