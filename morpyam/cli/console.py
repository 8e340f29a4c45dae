"""Colour, tables and progress bars for the commands: `rich` when it can, plain text otherwise.

The commands look their best with the ``cli`` extra (``pip install
"morpyam[cli]"``, which brings [rich](https://rich.readthedocs.io)) on a
terminal. Their output stays plain text, the same with or without rich,
when it goes to a pipe or a file, when ``NO_COLOR`` is set
(<https://no-color.org>) or ``TERM=dumb``, and when rich is not installed.
"""

from __future__ import annotations

import argparse
import contextlib
import importlib.util
import os
import re
import sys
import textwrap
import time
from collections.abc import Callable, Iterator, Sequence
from typing import NoReturn, TextIO

__all__ = [
    "PLAYER_STYLES",
    "TILE_STYLES",
    "WIDTH",
    "Column",
    "colour_line",
    "colour_players",
    "colour_tiles",
    "fancy",
    "fit",
    "game_over",
    "not_a_command",
    "print_table",
    "progress",
    "progress_bar",
    "say",
    "width",
]

PLAYER_STYLES = ("bold red", "bold blue", "bold green", "bold magenta")
"""The colour of each player's marks on a terminal that shows colour (rich style names)."""

Column = tuple[str, str]
"""A table column: its heading and its justification (``"left"`` or ``"right"``)."""

_MARK = re.compile(r"([XO△□])([0-3])")


def _terminal(stream: TextIO) -> bool:
    try:
        return bool(stream.isatty())
    except (AttributeError, ValueError):  # no isatty, or a closed stream
        return False


WIDTH = 80
"""The width of the lines written for a person when the output is no terminal (a pipe, a
file, a test): 80 columns."""


def width(stream: TextIO) -> int:
    """The columns a line for a person may take on ``stream``: the terminal's width, or
    `WIDTH` when ``stream`` is no terminal (or does not say)."""
    if not _terminal(stream):
        return WIDTH
    try:
        columns = os.get_terminal_size(stream.fileno()).columns
    except (AttributeError, OSError, ValueError):
        return WIDTH
    return columns if columns >= 20 else WIDTH


def fit(text: str, columns: int = WIDTH) -> str:
    """``text`` with each line longer than ``columns`` wrapped, the lines it makes indented
    two spaces more than the line they continue.

    The one way every game wraps what it tells a person, so that no line of the terminal
    games breaks inside a word. A line of three short steps or more (``roll → 1 2 3 4 5;
    roll keep 3 3 → 3 3 3 4 6; place c4``, MyRummy's moves) breaks after a ``;`` where it
    can, so that a step stays whole; other lines break at a space.
    Lines that fit are left as they are (a grid keeps its columns); a word longer than a
    line is left whole.
    """
    lines = []
    for line in text.split("\n"):
        if len(line) <= columns:
            lines.append(line)
            continue
        indent = line[: len(line) - len(line.lstrip(" "))]
        more = indent + "  " if len(indent) + 2 <= columns // 2 else indent
        pieces = [line]
        steps = line.split("; ")
        # a list of steps (three or more, each short), not sentences with a semicolon
        if len(steps) >= 3 and all(len(more) + len(step) < columns for step in steps):
            pieces = []
            current, *rest = steps
            for part in rest:
                if len(current) + 2 + len(part) < columns:
                    current += "; " + part
                else:
                    pieces.append(current + ";")
                    current = more + part
            pieces.append(current)
        for piece in pieces:
            if len(piece) <= columns:
                lines.append(piece)
                continue
            lines.extend(
                textwrap.wrap(
                    piece,
                    columns,
                    subsequent_indent=more,
                    break_long_words=False,
                    break_on_hyphens=False,
                )
            )
    return "\n".join(lines)


class Parser(argparse.ArgumentParser):
    """argparse's parser, whose error line is fitted to the width of standard error as every
    line for a person is (its commands' parsers are made of this class too)."""

    def error(self, message: str) -> NoReturn:
        self.print_usage(sys.stderr)
        self.exit(2, fit(f"{self.prog}: error: {message}", width(sys.stderr)) + "\n")


def say(text: str, stream: TextIO | None = None) -> None:
    """Write ``text`` and a newline for a person, fitted to the width of ``stream`` (default
    standard output): the plain lines of the commands, beside their coloured ones."""
    out = sys.stdout if stream is None else stream
    out.write(fit(text, width(out)) + "\n")


def not_a_command(text: str) -> str:
    """The answer of every game to a line whose first word is no command: the line, a caret
    under the word, and where the commands are."""
    shown = text.strip()
    first = shown.split(maxsplit=1)[0] if shown else shown
    return f"  {shown}\n  ^ {first!r} is not a command; type 'help' for the commands"


def game_over(how: str, winners: Sequence[str], points: str = "") -> str:
    """The last line of every game: how it ended and who won (``points``: what they won
    with, said after the name).

    ``Game over (by KO, R-END-1). Winner: Anne.``; with a tie, ``Winners: Anne and Bob.``;
    with nobody, ``No winner.``
    """
    if not winners:
        return f"Game over ({how}). No winner."
    who = "Winner" if len(winners) == 1 else "Winners"
    return f"Game over ({how}). {who}: {' and '.join(winners)}{points}."


def fancy(stream: TextIO) -> bool:
    """Whether output to ``stream`` gets rich's colours, tables and bars.

    Only on a terminal, with rich installed, and neither ``NO_COLOR`` nor ``TERM=dumb`` set.
    """
    if os.environ.get("NO_COLOR") or os.environ.get("TERM") == "dumb":
        return False
    return _terminal(stream) and importlib.util.find_spec("rich") is not None


def _console(stream: TextIO) -> object:
    from rich.console import Console

    return Console(file=stream, highlight=False, soft_wrap=True)


def colour_players(text: str, stream: TextIO, *, colour: bool = True) -> None:
    """Write ``text`` and a newline to ``stream``, fitted to its width (`fit`), players' marks
    (``X0``, ``O1``...) in colour when fancy (and ``colour``: ``--no-color`` turns it off)."""
    text = fit(text, width(stream))
    _paint(
        text,
        stream,
        colour,
        [(match, PLAYER_STYLES[int(match.group(2))]) for match in _MARK.finditer(text)],
    )


def colour_line(text: str, stream: TextIO, style: str | None, colour: bool = True) -> None:
    """Write ``text`` and a newline to ``stream``, fitted to its width (`fit`), the whole line
    in ``style`` when fancy (and ``colour``); ``None``: plain."""
    text = fit(text, width(stream))
    spans = [] if style is None else [(match, style) for match in re.finditer(r".+", text)]
    _paint(text, stream, colour, spans)


TILE_STYLES = {"pu": "magenta", "bk": "bold", "gn": "green", "gy": "bright_black", "J": "bold red"}
"""The colour of MyRummy's tiles on a terminal that shows colour, by colour code (rich styles):
purple, black (the terminal's own colour, bold), green, grey, and the joker."""

_TILE = re.compile(r"(?<![\w*])(pu|bk|gn|gy)(1[0-3]|[1-9])(?!\w)|(?<![\w'])J(?![\w'])")


def colour_tiles(text: str, stream: TextIO, *, colour: bool = True) -> None:
    """Write ``text`` and a newline to ``stream``, fitted to its width (`fit`), MyRummy's tiles
    (``gn7``, ``J``) in their colours when fancy (and ``colour``)."""
    text = fit(text, width(stream))
    _paint(
        text,
        stream,
        colour,
        [(match, TILE_STYLES[match.group(1) or "J"]) for match in _TILE.finditer(text)],
    )


def _paint(
    text: str, stream: TextIO, colour: bool, spans: Sequence[tuple[re.Match[str], str]]
) -> None:
    if not (colour and fancy(stream)):
        stream.write(text + "\n")
        return
    from rich.console import Console
    from rich.text import Text

    styled = Text(text)
    for match, style in spans:
        styled.stylize(style, match.start(), match.end())
    console = _console(stream)
    assert isinstance(console, Console)
    console.print(styled)


def _plain_table(columns: Sequence[Column], rows: Sequence[Sequence[str]]) -> list[str]:
    widths = [
        max([len(heading), *(len(row[index]) for row in rows)])
        for index, (heading, _) in enumerate(columns)
    ]

    def line(cells: Sequence[str]) -> str:
        return "  ".join(
            cell.ljust(width) if justify == "left" else cell.rjust(width)
            for cell, width, (_, justify) in zip(cells, widths, columns)
        ).rstrip()

    return [line([heading for heading, _ in columns]), *(line(row) for row in rows)]


def print_table(
    columns: Sequence[Column],
    rows: Sequence[Sequence[str]],
    stream: TextIO,
    *,
    title: str | None = None,
) -> None:
    """Write a table of text cells: a rich table when fancy, aligned plain columns otherwise."""
    if not fancy(stream):
        if title is not None:
            stream.write(title + "\n")
        stream.write("\n".join(_plain_table(columns, rows)) + "\n")
        return
    from rich.console import Console
    from rich.table import Table

    table = Table(title=title, title_justify="left")
    for heading, justify in columns:
        table.add_column(heading, justify="left" if justify == "left" else "right")
    for row in rows:
        table.add_row(*row)
    console = _console(stream)
    assert isinstance(console, Console)
    console.print(table)


def progress_bar(stream: TextIO, width: int = 30) -> Callable[[int, int], None]:
    """A plain-text progress bar on ``stream``, redrawn in place: call it with ``(done, total)``."""
    start = time.perf_counter()
    drawn = [-1]

    def show(done: int, total: int) -> None:
        percent = done * 100 // total
        if percent == drawn[0] and done < total:
            return
        drawn[0] = percent
        filled = done * width // total
        elapsed = time.perf_counter() - start
        rate = done / elapsed if elapsed > 0 else 0.0
        stream.write(
            f"\r[{'#' * filled}{'.' * (width - filled)}] {done}/{total} "
            f"game{'' if total == 1 else 's'} {elapsed:.1f} s ({rate:.0f} games/s)"
        )
        if done >= total:
            stream.write("\n")
        stream.flush()

    return show


@contextlib.contextmanager
def progress(stream: TextIO, what: str = "games") -> Iterator[Callable[[int, int], None]]:
    """A progress bar on ``stream`` for the ``with`` block: rich's when fancy, else a plain one.

    The block calls the function it gets with ``(done, total)``. A stream that
    is not a terminal (a log file, a pipe) gets no bar at all.
    """
    if not _terminal(stream):
        yield lambda done, total: None
        return
    if not fancy(stream):
        yield progress_bar(stream)
        return
    from rich.console import Console
    from rich.progress import (
        BarColumn,
        MofNCompleteColumn,
        Progress,
        TextColumn,
        TimeElapsedColumn,
        TimeRemainingColumn,
    )

    console = _console(stream)
    assert isinstance(console, Console)
    columns = (
        TextColumn(what),
        BarColumn(),
        MofNCompleteColumn(),
        TimeElapsedColumn(),
        TextColumn("left"),
        TimeRemainingColumn(),
    )
    with Progress(*columns, console=console) as bar:
        task = bar.add_task(what, total=None)

        def show(done: int, total: int) -> None:
            bar.update(task, completed=done, total=total)

        yield show
