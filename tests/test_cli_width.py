"""Every line the terminal games print for a person fits 80 columns when the output is no
terminal, wrapped at spaces by one helper; data written to standard output is not wrapped."""

from __future__ import annotations

import contextlib
import io
import json
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from morpyam.cli import main
from morpyam.cli.console import WIDTH, fit
from morpyam.records import load_record

LONG_NAMES = ["--name", "Anne-Sophie de la Fontaine", "--name", "Bartholomew Montgomery"]


def printed(
    argv: list[str],
    typed: str,
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
) -> list[str]:
    """The lines ``morpyam ARGV`` prints, reading ``typed``, each checked to fit 80 columns."""
    monkeypatch.setattr("sys.stdin", io.StringIO(typed))
    with contextlib.suppress(SystemExit):  # --help
        main(argv)
    out = capsys.readouterr().out
    # prompts are written without a newline by input(): what follows one starts a line
    lines = out.replace("> ", ">\n").splitlines()
    # a word longer than a line (a file's path) stands alone on its line, whole
    too_long = [line for line in lines if len(line) > WIDTH and " " in line.strip()]
    assert not too_long, too_long
    return lines


@pytest.mark.parametrize(
    ("argv", "typed"),
    [
        ([], ""),
        (["--seed", "1"], ""),
        (["--players", "4", "--narrate", "--bot", "greedy"], ""),
        (
            ["play", *LONG_NAMES],
            "help\nboard\nlegal\njump\nplace z9\nroll keep 7 call nothing\nroll call sec\nquit\n",
        ),
        (["play", "--manual-dice", "--first-player", "0"], "help\nthrow\n9 9\nquit\n"),
        (["play", "--seats", "greedy,odds,random,greedy", "--seed", "4"], ""),
        (["play", "--help"], ""),
        (
            ["yahtzee", "play", "--seat", "human", "--seat", "greedy", *LONG_NAMES],
            "help\nsheet\nlegal\nnonsense\nresign\n\nkeep 7\nlegal\nquit\n",
        ),
        (["yahtzee", "play", "--seats", "greedy,greedy,greedy,greedy,greedy,greedy"], ""),
        (["yahtzee", "play", "--seat", "human", "--manual-dice"], "\nseven\n7 7\n1 2 3\nquit\n"),
        (
            ["myrummy", "play", *LONG_NAMES, "--seed", "3"],
            "help\ntable\ndance\nlay pu1 pu2 pu3 pu4 pu5 pu6 pu7\npass\ndone\ndraw\nresign\n",
        ),
        (["myrummy", "play", "--seats", "greedy,points,greedy", "--rack-size", "8"], ""),
        (["myrummy", "play", "--help"], ""),
    ],
    ids=[
        "demo",
        "demo-seed-1",
        "demo-narrated",
        "morpyam-human",
        "morpyam-real-dice",
        "morpyam-bots",
        "morpyam-help",
        "yahtzee-human",
        "yahtzee-bots",
        "yahtzee-real-dice",
        "myrummy-human",
        "myrummy-bots",
        "myrummy-help",
    ],
)
def test_every_line_fits_80_columns(
    argv: list[str],
    typed: str,
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    lines = printed(argv, typed, capsys, monkeypatch)
    assert len(lines) > 3  # something was played or shown


def test_replays_fit_80_columns_and_records_on_standard_output_are_not_wrapped(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    game = tmp_path / "game.json"
    seats = ["--seats", "greedy,odds", "--seed", "2", *LONG_NAMES]
    printed(["play", *seats, "--record", str(game)], "", capsys, monkeypatch)
    printed(["replay", "--no-wait", str(game)], "", capsys, monkeypatch)
    lines = printed(["replay", str(game)], "\nv\n7\nb\ne\nq\n", capsys, monkeypatch)
    assert any(line.startswith("Step 7 of ") for line in lines)
    match = tmp_path / "match.json"
    rummy = ["--seats", "greedy,greedy", "--seed", "3", *LONG_NAMES, "--record", str(match)]
    printed(["myrummy", "play", *rummy], "", capsys, monkeypatch)
    printed(["myrummy", "replay", "--no-wait", str(match)], "", capsys, monkeypatch)
    printed(["myrummy", "replay", str(match)], "\nv\n5\nb\ne\nq\n", capsys, monkeypatch)
    sheet = tmp_path / "sheet.json"
    yahtzee = ["--seats", "greedy,random", "--seed", "4", *LONG_NAMES, "--record", str(sheet)]
    printed(["yahtzee", "play", *yahtzee], "", capsys, monkeypatch)
    printed(["yahtzee", "replay", "--no-wait", str(sheet)], "", capsys, monkeypatch)
    lines = printed(["yahtzee", "replay", str(sheet)], "\nv\n9\nb\ne\nq\n", capsys, monkeypatch)
    assert any(line.startswith("Step 9 of ") for line in lines)
    # the record written to standard output is data: its lines are as long as they are
    monkeypatch.setattr("sys.stdin", io.StringIO(""))
    assert main(["play", *seats, "--record", "-"]) == 0
    out = capsys.readouterr().out
    assert out.endswith(load_record(game).to_text())  # the same game, as the file holds it
    assert main(["show", str(game), "--svg", "-"]) == 0
    picture = capsys.readouterr().out
    assert picture.startswith("<svg") or picture.startswith("<?xml")
    assert max(map(len, picture.splitlines())) > WIDTH  # not wrapped
    assert json.loads(match.read_text(encoding="utf-8"))["names"][0] == "Anne-Sophie de la Fontaine"


def test_fit_wraps_long_lines_at_spaces_and_leaves_the_others() -> None:
    grid = "    a    b    c\n 1  X0  3×2   O1"
    assert fit(grid) == grid  # lines that fit keep their columns
    line = "Turn 1 · player 0 X: " + "; ".join(["roll keep 3 3 → 3 3 4 5 6 (roll 2)"] * 4)
    wrapped = fit(line).splitlines()
    # a list of steps breaks after a ';', each step whole, the lines after indented two spaces
    assert wrapped[0].endswith(";")
    assert all(part.startswith("  roll keep 3 3 → ") for part in wrapped[1:])
    assert fit("  " + "word " * 30).splitlines()[1].startswith("    word")
    long_word = "x" * 100
    assert fit(f"a {long_word} b").splitlines() == ["a", f"  {long_word}", "  b"]  # left whole


@given(
    st.lists(
        st.text(st.characters(codec="ascii", exclude_characters="\n\r\t\x0b\x0c "), min_size=1),
        max_size=40,
    ),
    st.integers(20, 120),
    st.sampled_from([" ", "; "]),
)
def test_fit_keeps_every_word_and_each_line_within_the_width(
    words: list[str], columns: int, joint: str
) -> None:
    text = joint.join(words)
    fitted = fit(text, columns)
    assert fitted.split() == text.split()  # the words, in order, none cut
    for line in fitted.splitlines():
        assert len(line) <= columns or " " not in line.strip()  # only a word alone is longer
