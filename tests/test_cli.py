"""The ``morpyam`` command and ``python -m morpyam``."""

from __future__ import annotations

import io
import json
import os
import subprocess
import sys
from pathlib import Path

import attrs
import pytest
from fitted import unfitted

import morpyam as mp
import morpyam.myrummy as mr
import morpyam.yahtzee as yz
from morpyam.bots import OddsBot, RandomBot
from morpyam.cli import main, play_demo
from morpyam.cli.console import fit
from morpyam.records import GameRecord, save_record


def unfit(lines: list[str]) -> list[str]:
    """Lines wrapped to fit the width, joined again: a line that starts with two spaces more
    than the one before continues it."""
    joined: list[str] = []
    for line in lines:
        indent = len(line) - len(line.lstrip(" "))
        if joined and line.strip() and indent == len(joined[-1]) - len(joined[-1].lstrip(" ")) + 2:
            joined[-1] += " " + line.strip()
        else:
            joined.append(line)
    return joined


def test_demo_is_reproducible_and_reports_the_result(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["--seed", "3", "--players", "3", "--narrate"]) == 0
    first = capsys.readouterr().out
    assert main(["--seed", "3", "--players", "3", "--narrate"]) == 0
    assert capsys.readouterr().out == first
    lines: list[str] = []
    seats = [OddsBot() for _ in range(3)]
    end = play_demo(mp.Rules.classic(players=3), 3, lines.append, seats=seats, narrate=True)
    told = fit("\n".join(lines)).splitlines()  # the lines as fitted to 80 columns
    assert first.splitlines()[-len(told) :] == told
    assert end.is_terminal
    winners = " and ".join(f"player {p}" for p in sorted(end.winners))
    assert lines[-1].startswith("Game over (")
    assert lines[-1].endswith(
        f"{end.end_rule}). Winner{'s' if len(end.winners) > 1 else ''}: {winners}."
    )
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
    assert "invalid choice" in unfitted(capsys.readouterr().err)


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
    assert max(map(len, done.stdout.splitlines())) <= 80


def test_the_demo_is_a_short_game_told_turn_by_turn(capsys: pytest.CaptureFixture[str]) -> None:
    assert main([]) == 0
    printed = capsys.readouterr().out.splitlines()
    assert len(printed) < 60
    assert max(map(len, printed)) <= 80  # wrapped, with no terminal, at 80 columns
    lines = unfit(printed)
    turns = [line for line in lines if line.startswith("Turn ")]
    # one line per turn: its rolls, then a token or a pass
    assert turns
    assert all(line.endswith(("pass", ")")) for line in turns)
    assert all("; place " in line or line.endswith("pass") for line in turns[:-1] if "roll" in line)
    assert any("(missed)" in line or "(came up)" in line for line in turns)  # calls are told
    assert "FULL_HOUSE" not in "\n".join(lines)
    assert lines[-1].startswith("Game over (")
    assert ". Winner: player" in lines[-1]


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
    err = unfitted(capsys.readouterr().err)
    assert "--players is an option of the demo game" in err
    with pytest.raises(SystemExit):
        main(["--seed", "4", "--rules", "flash", "odds"])
    assert "--seed, --rules are options of the demo game" in unfitted(capsys.readouterr().err)
    # a seed of 0 is given too, though it is falsy
    with pytest.raises(SystemExit):
        main(["--seed", "0", "odds"])
    assert "--seed is an option of the demo game" in unfitted(capsys.readouterr().err)


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
    assert unfitted(capsys.readouterr().err) == "\nInterrupted.\n"


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
    monkeypatch.setitem(sys.modules, "shtab", None)  # not installed: the option names the extra
    with pytest.raises(SystemExit) as caught:
        main(["--print-completion", "bash"])
    assert caught.value.code == 2
    err = unfitted(capsys.readouterr().err)
    assert "morpyam: error: --print-completion needs shtab" in err
    assert "pip install 'morpyam[cli]'" in err
    assert "invalid choice" not in err


def _commands() -> list[list[str]]:
    """Every command of the tree as the words that call it, found by walking the parsers.

    The walk asks argparse itself (``--help`` of each group lists its commands), so a
    command added later is covered without a change here.
    """
    found: list[list[str]] = []
    todo: list[list[str]] = [[]]
    while todo:
        words = todo.pop()
        found.append(words)
        out = io.StringIO()
        with pytest.MonkeyPatch.context() as patch:
            patch.setattr("sys.stdout", out)
            with pytest.raises(SystemExit):
                main([*words, "--help"])
        listed = out.getvalue().partition("\ncommands:\n")[2]
        for line in listed.splitlines()[1:]:
            if line.startswith("    ") and not line.startswith("     "):
                todo.append([*words, line.split()[0]])
    return found


COMMAND_LINES = _commands()


def test_the_walk_finds_every_command() -> None:
    # counted by hand from the registered commands: the demo; play, replay, show, simulate,
    # odds, advise; yahtzee and its play, replay, solve; myrummy and its play, replay; vectors
    # and its export, check
    assert len(COMMAND_LINES) == 17
    assert ["yahtzee", "solve"] in COMMAND_LINES
    assert ["myrummy", "replay"] in COMMAND_LINES
    assert ["vectors", "check"] in COMMAND_LINES


@pytest.mark.parametrize("words", COMMAND_LINES, ids=" ".join)
def test_help_is_on_standard_output_with_status_0(
    words: list[str], capsys: pytest.CaptureFixture[str]
) -> None:
    with pytest.raises(SystemExit) as caught:
        main([*words, "--help"])
    assert caught.value.code == 0
    out, err = capsys.readouterr()
    err = unfitted(err)
    assert out.startswith(f"usage: {' '.join(['morpyam', *words])} ")
    assert err == ""


@pytest.mark.parametrize("words", COMMAND_LINES, ids=" ".join)
def test_an_unknown_option_gets_the_commands_own_usage(
    words: list[str], capsys: pytest.CaptureFixture[str]
) -> None:
    prog = " ".join(["morpyam", *words])
    with pytest.raises(SystemExit) as caught:
        main([*words, "--bogus"])
    assert caught.value.code == 2
    out, err = capsys.readouterr()
    err = unfitted(err)
    assert out == ""
    assert err.startswith(f"usage: {prog} ")
    assert f"\n{prog}: error: " in err


@pytest.mark.parametrize(
    ("group", "command"), [("yahtzee", "play"), ("myrummy", "play"), ("vectors", "export")]
)
def test_a_group_without_its_command_prints_its_help(
    group: str, command: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main([group]) == 0
    out, err = capsys.readouterr()
    err = unfitted(err)
    assert out.startswith(f"usage: morpyam {group} ")
    assert command in out
    assert err == ""


@pytest.mark.parametrize(
    "argv",
    [
        ["--seed", "2", "--narr"],  # --narr is not --narrate
        ["simulate", "--game", "3"],  # nor --game --games
        ["yahtzee", "play", "--seed", "1", "--seat", "greedy", "--solu", "x"],
    ],
)
def test_no_option_is_taken_for_an_abbreviation(
    argv: list[str], capsys: pytest.CaptureFixture[str]
) -> None:
    with pytest.raises(SystemExit) as caught:
        main(argv)
    assert caught.value.code == 2
    assert "unrecognized arguments: " in unfitted(capsys.readouterr().err)


def test_advise_takes_rule_settings_as_the_other_commands(
    capsys: pytest.CaptureFixture[str],
) -> None:
    # --rule as play and simulate take it (R-LINE-1's variant), not refused as --rules
    assert main(["advise", "12345", "--rule", "diagonals=long", "--top", "1"]) == 0
    assert "1. " in capsys.readouterr().out
    assert main(["advise", "12345", "--rule", "diagonals=wide"]) == 2
    assert "morpyam advise: error: --rule diagonals: " in unfitted(capsys.readouterr().err)


def test_each_replay_points_to_the_other_for_the_other_games_record(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    rummy = tmp_path / "match.json"
    argv = ["myrummy", "play", "--seats", "greedy,greedy", "--rack-size", "2", "--seed", "1"]
    assert main([*argv, "--record", str(rummy)]) == 0
    capsys.readouterr()
    for command in (["replay"], ["show"]):
        assert main([*command, str(rummy)]) == 2
        err = unfitted(capsys.readouterr().err)
        assert "a MyRummy record: replay it with 'morpyam myrummy replay'" in err
    dice = tmp_path / "game.json"
    save_record(GameRecord(mp.Rules.classic(), [mp.Roll()], first_player=0), dice)
    assert main(["myrummy", "replay", str(dice)]) == 2
    err = unfitted(capsys.readouterr().err)
    assert err == (
        f"morpyam myrummy replay: error: {dice}: a Morpyam record: replay it with 'morpyam replay'\n"
    )
    dice.write_text("{}")  # neither game's record: the MyRummy reader's own reason
    assert main(["myrummy", "replay", str(dice)]) == 2
    assert "Morpyam record" not in unfitted(capsys.readouterr().err)


REPLAYS = {
    "morpyam": ["replay"],
    "yahtzee": ["yahtzee", "replay"],
    "myrummy": ["myrummy", "replay"],
}
"""Each game's replay command, by game."""

CALLED = {
    "morpyam": "a Morpyam record: replay it with 'morpyam replay'",
    "yahtzee": "a score-sheet record: replay it with 'morpyam yahtzee replay'",
    "myrummy": "a MyRummy record: replay it with 'morpyam myrummy replay'",
}
"""What every other replay answers for a game's record (docs/terminal.md, Replays)."""


def write_record(game: str, path: Path) -> None:
    """A record of ``game`` in ``path``, written by the game's own library."""
    if game == "morpyam":
        save_record(GameRecord(mp.Rules.classic(), [mp.Roll()], first_player=0), path)
    elif game == "yahtzee":
        yz.save_record(yz.play_match(yz.Rules.hasbro(), [RandomBot(game=yz)], seed=1), path)
    else:
        rules = attrs.evolve(mr.Rules.classic(), rack_size=2)
        bots = [mr.GreedyBot(), mr.GreedyBot()]
        mr.save_record(mr.play_match(rules, bots, seed=1, max_actions=30), path)


@pytest.mark.parametrize("source", ["file", "standard input"])
@pytest.mark.parametrize(
    ("replay", "game"), [(replay, game) for replay in REPLAYS for game in REPLAYS if replay != game]
)
def test_every_replay_names_the_command_for_another_games_record(
    replay: str,
    game: str,
    source: str,
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:
    path = tmp_path / f"{game}.json"
    write_record(game, path)
    if source == "file":
        where = str(path)
    else:
        monkeypatch.setattr("sys.stdin", io.TextIOWrapper(io.BytesIO(path.read_bytes())))
        where = "-"
    assert main([*REPLAYS[replay], where]) == 2  # a file that cannot be used, as in all three
    captured = capsys.readouterr()
    assert captured.out == ""
    command = " ".join(["morpyam", *REPLAYS[replay]])
    told = str(path) if source == "file" else source
    assert unfitted(captured.err) == f"{command}: error: {told}: {CALLED[game]}\n"


@pytest.mark.parametrize("replay", ["morpyam", "yahtzee"])
def test_an_old_myrummy_record_is_named_too(
    replay: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    # written before the format was named: "game": "myrummy", and no "format"
    path = tmp_path / "old.json"
    write_record("myrummy", path)
    document = json.loads(path.read_text(encoding="utf-8"))
    del document["format"]
    path.write_text(json.dumps({"game": "myrummy", **document}), encoding="utf-8")
    assert main(["myrummy", "replay", "--no-wait", str(path)]) == 0  # its own replay reads it
    capsys.readouterr()
    assert main([*REPLAYS[replay], str(path)]) == 2
    assert unfitted(capsys.readouterr().err).endswith(f"{path}: {CALLED['myrummy']}\n")


def test_the_record_formats_are_the_games_own() -> None:
    from morpyam.cli.manner import RECORD_GAMES
    from morpyam.myrummy.notation import RECORD_FORMAT as MYRUMMY
    from morpyam.records import RECORD_FORMAT as MORPYAM
    from morpyam.yahtzee.records import RECORD_FORMAT as YAHTZEE

    named = {kind: game.pointer() for kind, game in RECORD_GAMES.items()}
    assert named == {
        MORPYAM: CALLED["morpyam"],
        YAHTZEE: CALLED["yahtzee"],
        MYRUMMY: CALLED["myrummy"],
    }


@pytest.mark.parametrize("game", list(REPLAYS))
def test_every_replay_says_a_dash_reads_standard_input(
    game: str, capsys: pytest.CaptureFixture[str]
) -> None:
    with pytest.raises(SystemExit) as caught:
        main([*REPLAYS[game], "--help"])
    assert caught.value.code == 0
    help_text = " ".join(capsys.readouterr().out.split())  # as argparse wrapped it, unwrapped
    assert "-: read it from standard input" in help_text


PLAYS = {
    "morpyam": ["play", "--seat", "greedy,greedy"],
    "yahtzee": ["yahtzee", "play", "--seat", "greedy"],
    "myrummy": ["myrummy", "play", "--seat", "greedy,greedy", "--rack-size", "2"],
}
"""A game between bots in each game, to record to standard output."""


@pytest.mark.parametrize("game", list(REPLAYS))
def test_a_record_piped_into_a_replay_is_told_whole(
    game: str, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    # play --record - | replay -: the step prompt cannot read keys from the pipe that held
    # the record, so every step is told, as --no-wait tells them
    monkeypatch.setattr("sys.stdin", io.StringIO(""))
    assert main([*PLAYS[game], "--seed", "1", "--record", "-"]) == 0
    record = capsys.readouterr().out
    monkeypatch.setattr("sys.stdin", io.TextIOWrapper(io.BytesIO(record.encode())))
    assert main([*REPLAYS[game], "-"]) == 0
    out = unfitted(capsys.readouterr().out)
    assert "> " not in out  # no step prompt
    steps = [line for line in out.splitlines() if line.startswith("Step ")]
    last = int(steps[0].split(" · ")[0].split(" of ")[1])
    assert last > 1
    assert [step.split(" · ")[0] for step in steps] == [
        f"Step {n} of {last}" for n in range(last + 1)
    ]


def test_files_on_the_command_line_are_checked_before_any_work(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    missing = tmp_path / "no such folder" / "x.svg"
    record = tmp_path / "game.json"
    save_record(GameRecord(mp.Rules.classic(), [mp.Roll()], first_player=0), record)
    assert main(["show", str(record), "--svg", str(missing)]) == 2
    out, err = capsys.readouterr()
    err = unfitted(err)
    assert out == ""  # the position is not printed before the picture is refused
    assert err.startswith(f"morpyam show: error: {missing}: ")
    # the Yahtzee solver's file: never ignored, checked before the banner
    seats = ["--seat", "greedy", "--seed", "1"]
    assert main(["yahtzee", "play", *seats, "--solution", str(tmp_path / "x.npz")]) == 2
    out, err = capsys.readouterr()
    err = unfitted(err)
    assert out == ""
    assert "--solution is for the optimal bot, and no seat is optimal" in err
    assert main(["yahtzee", "solve", "--output", str(tmp_path / "no such folder" / "s.npz")]) == 2
    out, err = capsys.readouterr()
    err = unfitted(err)
    assert out == ""  # refused before solving
    assert "morpyam yahtzee solve: error: cannot write " in err
    pytest.importorskip("numpy")
    nothing = tmp_path / "nothing.npz"
    assert main(["yahtzee", "play", "--seat", "optimal", "--solution", str(nothing)]) == 2
    out, err = capsys.readouterr()
    err = unfitted(err)
    assert out == ""
    assert err.startswith(f"morpyam yahtzee play: error: {nothing}: ")


def test_a_solution_that_cannot_be_saved_after_solving_is_a_failure(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    pytest.importorskip("numpy")

    class Unsaved:
        expected_score = 254.5

        def save(self, path: object) -> None:
            raise OSError(28, "No space left on device")

    monkeypatch.setattr("morpyam.yahtzee.solver.solve", lambda rules: Unsaved())
    output = tmp_path / "s.npz"
    assert main(["yahtzee", "solve", "--output", str(output)]) == 1  # the work was done
    out, err = capsys.readouterr()
    err = unfitted(err)
    assert "254.5" in out
    assert err == f"morpyam yahtzee solve: error: cannot write {output}: No space left on device\n"


def test_a_failure_once_the_work_began_is_status_1(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    record = tmp_path / "game.json"
    bots = ["play", "--seat", "random", "--seat", "greedy", "--seed", "1"]

    def full_disk(record: object, path: object) -> None:
        raise OSError(28, "No space left on device")

    with monkeypatch.context() as patch:
        patch.setattr("morpyam.cli.play.save_record", full_disk)
        assert main([*bots, "--record", str(record)]) == 1  # the game was played
    out, err = capsys.readouterr()
    err = unfitted(err)
    assert "The record, to copy by hand:" in out
    assert err == f"morpyam play: error: cannot write {record}: No space left on device\n"
    assert main([*bots, "--record", str(record)]) == 0
    capsys.readouterr()
    folder = tmp_path / "picture.svg"
    folder.mkdir()  # checked below as if it were a file, so that the writing fails after
    monkeypatch.setattr("morpyam.cli.play.check_writable", lambda path: None)
    assert main(["show", str(record), "--svg", str(folder)]) == 1
    out, err = capsys.readouterr()
    err = unfitted(err)
    assert "Picture written" not in out
    assert err.startswith(f"morpyam show: error: {folder}: ")


def test_a_solution_file_without_numpy_names_the_extra(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    import importlib.util

    monkeypatch.setattr(importlib.util, "find_spec", lambda name: None)
    solution = tmp_path / "s.npz"
    assert main(["yahtzee", "play", "--seat", "optimal", "--solution", str(solution)]) == 2
    out, err = capsys.readouterr()
    err = unfitted(err)
    assert out == ""  # a missing extra is refused before the game, as a bad argument
    assert "pip install 'morpyam[solver]'" in err


def test_the_demo_explains_every_code_its_grid_shows() -> None:
    # R-CELL-1, R-CELL-2, R-CALL-5: a newcomer reads the codes of the final grid in its legend
    out: list[str] = []
    play_demo(mp.Rules.classic(players=3), seed=4, out=out.append)
    grid_at = next(i for i, text in enumerate(out) if text.split("\n")[0].split() == list("abcdef"))
    rows = out[grid_at].split("\n")[1:]
    legend = out[grid_at + 1]
    assert legend.startswith("Key: tokens X0 player 0, O1 player 1, △2 player 2; cells ")
    tokens = {"X0", "O1", "△2"}
    shown = {code for row in rows for code in row.split()[1:]}
    assert shown & tokens  # the game placed tokens
    # each code with the name a player types (R-GRID-2), the Brelans as one range
    names = {"SS": "small-straight", "STR": "straight", "FUL": "full-house"}
    names |= {"4K": "four-of-a-kind", "MIN": "mini", "MAX": "maxi", "MOR": "morpyam"}
    names |= {"SEC": "sec", "CAL": "call"}
    for code in shown - tokens:
        if code.startswith("3×"):
            assert "3×1...3×6 three-ones...three-sixes" in legend
        else:
            assert f"{code} {names[code]}" in legend, (code, legend)
