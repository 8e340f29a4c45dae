"""Colour, tables and progress bars for the commands: `rich` when it can, plain text otherwise.

The commands look their best with the ``cli`` extra (``pip install
"morpyam[cli]"``, which brings [rich](https://rich.readthedocs.io)) on a
terminal. Their output stays plain text, the same with or without rich,
when it goes to a pipe or a file, when ``NO_COLOR`` is set
(<https://no-color.org>) or ``TERM=dumb``, and when rich is not installed.
"""

from __future__ import annotations

import contextlib
import importlib.util
import os
import re
import time
from collections.abc import Callable, Iterator, Sequence
from typing import TextIO

__all__ = [
    "PLAYER_STYLES",
    "TILE_STYLES",
    "Column",
    "colour_line",
    "colour_players",
    "colour_tiles",
    "fancy",
    "print_table",
    "progress",
    "progress_bar",
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
    """Write ``text`` and a newline to ``stream``, players' marks (``X0``, ``O1``...) in colour
    when fancy (and ``colour``: ``--no-color`` turns it off)."""
    _paint(
        text,
        stream,
        colour,
        [(match, PLAYER_STYLES[int(match.group(2))]) for match in _MARK.finditer(text)],
    )


def colour_line(text: str, stream: TextIO, style: str | None, colour: bool = True) -> None:
    """Write ``text`` and a newline to ``stream``, the whole line in ``style`` when fancy (and
    ``colour``); ``None``: plain."""
    spans = [] if style is None else [(match, style) for match in re.finditer(r".+", text)]
    _paint(text, stream, colour, spans)


TILE_STYLES = {"pu": "magenta", "bk": "bold", "gn": "green", "gy": "bright_black", "J": "bold red"}
"""The colour of MyRummy's tiles on a terminal that shows colour, by colour code (rich styles):
purple, black (the terminal's own colour, bold), green, grey, and the joker."""

_TILE = re.compile(r"(?<![\w*])(pu|bk|gn|gy)(1[0-3]|[1-9])(?!\w)|(?<![\w'])J(?![\w'])")


def colour_tiles(text: str, stream: TextIO, *, colour: bool = True) -> None:
    """Write ``text`` and a newline to ``stream``, MyRummy's tiles (``gn7``, ``J``) in their
    colours when fancy (and ``colour``)."""
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
