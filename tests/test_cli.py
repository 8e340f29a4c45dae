"""The ``morpyam`` command and ``python -m morpyam``."""

from __future__ import annotations

import io
import os
import subprocess
import sys
from pathlib import Path

import pytest

import morpyam as mp
from morpyam.bots import OddsBot
from morpyam.cli import main, play_demo


def test_demo_is_reproducible_and_reports_the_result(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["--seed", "3", "--players", "3", "--narrate"]) == 0
    first = capsys.readouterr().out
    assert main(["--seed", "3", "--players", "3", "--narrate"]) == 0
    assert capsys.readouterr().out == first
    lines: list[str] = []
    seats = [OddsBot() for _ in range(3)]
    end = play_demo(mp.Rules.classic(players=3), 3, lines.append, seats=seats, narrate=True)
    assert first.splitlines()[1:] == "\n".join(lines).splitlines()
    assert end.is_terminal
    winners = " and ".join(f"player {p}" for p in sorted(end.winners))
    assert lines[-1].startswith(f"Winner: {winners} (")
    assert lines[-1].endswith(f"{end.end_rule})")
    totals = mp.scores(end)
    for player in range(3):
        assert any(
            line.startswith(f"Player {player} ") and f": {totals[player]} point" in line
            for line in lines
        )
    assert "Start roll: player 0 rolls" in first  # R-SET-3: the start roll is shown
    assert "Turn 1 · player" in first


@pytest.mark.parametrize("preset", ["classic", "official", "flash"])
def test_every_preset_plays(preset: str, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["--rules", preset, "--players", "4", "--seed", "5"]) == 0
    assert "Winner: player" in capsys.readouterr().out


def test_bad_options_are_refused(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as caught:
        main(["--players", "5"])
    assert caught.value.code == 2
    assert "invalid choice" in capsys.readouterr().err


def test_python_dash_m() -> None:
    done = subprocess.run(
        [sys.executable, "-m", "morpyam", "--seed", "1"],
        capture_output=True,
        text=True,
        check=True,
        timeout=60,
    )
    assert done.stdout.startswith("Morpyam, classic rules, 2 players (odds bots), seed 1")
    assert "Winner: player" in done.stdout


def test_the_demo_is_a_short_game_told_turn_by_turn(capsys: pytest.CaptureFixture[str]) -> None:
    assert main([]) == 0
    lines = capsys.readouterr().out.splitlines()
    turns = [line for line in lines if line.startswith("Turn ")]
    assert len(lines) < 60
    # one line per turn: its rolls, then a token or a pass
    assert turns
    assert all(line.endswith(("pass", ")")) for line in turns)
    assert all("; place " in line or line.endswith("pass") for line in turns[:-1] if "roll" in line)
    assert any("(missed)" in line or "(came up)" in line for line in turns)  # calls are told
    assert "FULL_HOUSE" not in "\n".join(lines)
    assert lines[-1].startswith("Winner: player")


def test_narration_tells_every_action_and_draws_the_grid(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert main(["--narrate", "--bot", "random", "--seed", "2"]) == 0
    out = capsys.readouterr().out
    assert "\n  pass\n" in out or "\n  place " in out
    # the grid's column header, drawn after every placement and at the end
    assert out.count("    a    b    c    d    e    f") > 2


def test_demo_options_before_a_command_are_refused(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as caught:
        main(["--players", "3", "play", "--seat", "random", "--seat", "random"])
    assert caught.value.code == 2
    err = capsys.readouterr().err
    assert "--players is an option of the demo game" in err
    with pytest.raises(SystemExit):
        main(["--seed", "4", "--rules", "flash", "odds"])
    assert "--seed, --rules are options of the demo game" in capsys.readouterr().err
    # a seed of 0 is given too, though it is falsy
    with pytest.raises(SystemExit):
        main(["--seed", "0", "odds"])
    assert "--seed is an option of the demo game" in capsys.readouterr().err


def test_version(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as caught:
        main(["--version"])
    assert caught.value.code == 0
    assert capsys.readouterr().out == f"morpyam {mp.__version__}\n"


def run_with_closed_stdout(*args: str) -> tuple[int, str]:
    """Run ``python -m morpyam ARGS`` writing into a pipe nobody reads: ``| head -0``.

    Every write fails with a broken pipe, whatever the timing, unlike a reader
    that reads a line and closes (``| head -1``), which may close too late.
    Returns the exit status and the standard error.
    """
    read_end, write_end = os.pipe()
    os.close(read_end)
    try:
        done = subprocess.run(
            [sys.executable, "-m", "morpyam", *args],
            stdout=write_end,
            stderr=subprocess.PIPE,
            stdin=subprocess.DEVNULL,
            text=True,
            timeout=120,
            check=False,
        )
    finally:
        os.close(write_end)
    return done.returncode, done.stderr


@pytest.mark.parametrize(
    "args",
    [
        [],
        ["--seed", "1", "--narrate", "--bot", "random"],
        ["odds"],
        ["odds", "--exact"],
        ["advise", "33512", "--top", "0"],
        ["simulate", "--games", "20", "--quiet"],
        ["yahtzee", "play", "--seat", "greedy"],
    ],
)
def test_a_reader_that_stops_early_ends_the_command_quietly(args: list[str]) -> None:
    status, err = run_with_closed_stdout(*args)
    assert status == 0
    assert "Traceback" not in err
    assert "BrokenPipeError" not in err


def test_ctrl_c_ends_without_a_traceback(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    def interrupted(*args: object, **kwargs: object) -> int:
        raise KeyboardInterrupt

    monkeypatch.setattr("morpyam.cli.simulate.turn_table", interrupted)
    assert main(["odds"]) == 130
    assert capsys.readouterr().err == "\nInterrupted.\n"


def test_text_picture_of_the_plus_set_up() -> None:
    # R-VAR-PLUS: while tiles are laid, the picture shows them, not the rules' grid
    state = mp.new_game(mp.Rules.plus(2), first_player=0)
    assert "36 tiles to deal, next to player 0" in str(state)
    for label in [mp.Figure.MINI] * 2 + [mp.Figure.MAXI] * 34:
        if mp.DealTile(label) in mp.legal_actions(state):
            state = mp.apply(state, mp.DealTile(label))
        else:
            state = mp.apply(state, mp.legal_actions(state)[0])
    assert "player 0 lays out their tiles" in str(state)
    state = mp.apply(state, mp.PlaceTile(mp.Figure.MINI, "c2"))
    rows = str(state).splitlines()
    assert rows[2].split() == ["2", "·", "·", "MIN", "·", "·", "·"]
    assert rows[1].split() == ["1", "·", "·", "·", "·", "·", "·"]


def test_demo_of_a_plus_game_shows_the_built_grid() -> None:
    # R-VAR-PLUS: the start roll, then the tiles, then play on the grid built
    lines: list[str] = []
    end = play_demo(mp.Rules.plus(2), 4, lines.append)
    text = "\n".join(lines)
    assert "The tiles are dealt, and the players lay them out." in text
    built = text.split("The players have laid out their tiles:\n", 1)[1].splitlines()[:6]
    assert "\n".join(built) == str(end.layout)


def test_replay_into_a_closed_pipe(tmp_path: Path) -> None:
    path = tmp_path / "game.txt"
    assert (
        main(["play", "--seat", "random", "--seat", "random", "--seed", "3", "--record", str(path)])
        == 0
    )
    status, err = run_with_closed_stdout("replay", str(path), "--no-wait")
    assert (status, err) == (0, "")


def test_a_broken_pipe_points_standard_output_at_the_null_device(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    def broken(*args: object, **kwargs: object) -> int:
        raise BrokenPipeError

    monkeypatch.setattr("morpyam.cli.simulate.turn_table", broken)
    with (tmp_path / "out.txt").open("w") as stdout:
        monkeypatch.setattr("sys.stdout", stdout)
        assert main(["odds"]) == 0
        stdout.write("after")  # goes to the null device now, not into the file
        stdout.flush()
    assert (tmp_path / "out.txt").read_text() == ""
    monkeypatch.setattr("sys.stdout", io.StringIO())  # no file descriptor: nothing to point
    assert main(["odds"]) == 0


def test_shell_completion_with_the_cli_extra(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    pytest.importorskip("shtab")
    with pytest.raises(SystemExit) as caught:
        main(["--print-completion", "bash"])
    assert caught.value.code == 0
    script = capsys.readouterr().out
    for command in ("play", "replay", "show", "simulate", "odds", "advise", "yahtzee"):
        assert command in script
    monkeypatch.setitem(sys.modules, "shtab", None)  # not installed: no such option
    with pytest.raises(SystemExit) as caught:
        main(["--print-completion", "bash"])
    assert caught.value.code == 2
