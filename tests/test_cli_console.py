"""Colour, tables and progress bars: rich on a terminal, plain text everywhere else."""

from __future__ import annotations

import io

import pytest

from morpyam.cli import console


class Terminal(io.StringIO):
    """A text stream that says it is a terminal."""

    def isatty(self) -> bool:
        return True


@pytest.fixture
def colours(monkeypatch: pytest.MonkeyPatch) -> None:
    pytest.importorskip("rich")
    monkeypatch.delenv("NO_COLOR", raising=False)
    monkeypatch.setenv("TERM", "xterm-256color")


@pytest.mark.usefixtures("colours")
def test_fancy_only_on_a_terminal_without_no_color(monkeypatch: pytest.MonkeyPatch) -> None:
    assert console.fancy(Terminal())
    assert not console.fancy(io.StringIO())
    closed = io.StringIO()
    closed.close()  # isatty raises ValueError
    assert not console.fancy(closed)
    monkeypatch.setenv("NO_COLOR", "1")
    assert not console.fancy(Terminal())
    monkeypatch.delenv("NO_COLOR")
    monkeypatch.setenv("TERM", "dumb")
    assert not console.fancy(Terminal())


def test_without_rich_the_output_is_plain(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("NO_COLOR", raising=False)
    monkeypatch.setattr("importlib.util.find_spec", lambda name: None)  # rich not installed
    screen = Terminal()
    assert not console.fancy(screen)
    console.print_table([("a", "left"), ("bb", "right")], [["xyz", "1"]], screen, title="T")
    assert screen.getvalue() == "T\na    bb\nxyz   1\n"
    untitled = io.StringIO()
    console.print_table([("a", "left")], [["x"]], untitled)
    assert untitled.getvalue() == "a\nx\n"


@pytest.mark.usefixtures("colours")
def test_players_marks_in_colour() -> None:
    screen = Terminal()
    console.colour_players(" 1  X0  3×2   O1", screen)
    text = screen.getvalue()
    assert "\x1b[" in text
    assert text.count("\x1b[0m") == 2  # two marks coloured, the label left alone
    plain = io.StringIO()
    console.colour_players(" 1  X0  3×2   O1", plain)
    assert plain.getvalue() == " 1  X0  3×2   O1\n"


@pytest.mark.usefixtures("colours")
def test_rich_progress_bar_on_a_terminal() -> None:
    screen = Terminal()
    with console.progress(screen) as show:
        for done in range(1, 4):
            show(done, 3)
    assert "3/3" in screen.getvalue()


def test_plain_progress_bar_with_no_color(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("NO_COLOR", "1")
    screen = Terminal()
    with console.progress(screen) as show:
        for done in range(1, 5):
            show(done, 4)
    last = screen.getvalue().split("\r")[-1]
    assert last.startswith("[" + "#" * 30 + "] 4/4 games ")
    assert last.endswith("games/s)\n")
    nothing = io.StringIO()
    with console.progress(nothing) as show:
        show(1, 1)
    assert nothing.getvalue() == ""


def test_plain_progress_bar_of_one_game() -> None:
    screen = io.StringIO()
    show = console.progress_bar(screen, width=4)
    show(0, 1)
    show(0, 1)  # same percentage: not drawn again
    show(1, 1)
    assert screen.getvalue().count("\r") == 2
    assert "[####] 1/1 game " in screen.getvalue()
