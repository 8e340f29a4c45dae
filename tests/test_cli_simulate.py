"""The ``simulate``, ``odds`` and ``advise`` subcommands (morpyam.cli.simulate)."""

from __future__ import annotations

import io
import re

import pytest
from fitted import unfitted

import morpyam as mp
from morpyam import cli
from morpyam.cli.simulate import position, register_advise, register_odds, register_simulate


@pytest.fixture(autouse=True)
def commands(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(cli, "COMMANDS", [register_simulate, register_odds, register_advise])


class Terminal(io.StringIO):
    """A text stream that says it is a terminal."""

    def isatty(self) -> bool:
        return True


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    status = cli.main(list(argv))
    out, err = capsys.readouterr()
    err = unfitted(err)
    return status, out, err


def test_odds_prints_the_table(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = run(capsys, "odds")
    assert status == 0
    rows = {line.split()[0]: line.split()[-3:] for line in out.splitlines()[2:]}
    # R-FIG-9: 1,200 of 7,776 rolls show a small straight, 6 a Morpyam
    assert rows["small-straight"][0] == f"{1200 / 7776:.3%}"
    assert rows["morpyam"][0] == f"{6 / 7776:.3%}"
    # the published 4.6029% for five of a kind within three rolls
    assert rows["morpyam"][2] == "4.603%"
    # R-CELL-2: a Sec is made on the first roll only, 736 of 7,776 rolls
    assert rows["sec"] == [f"{736 / 7776:.3%}"] * 3
    assert len(rows) == 14


def test_odds_exact(capsys: pytest.CaptureFixture[str]) -> None:
    _, out, _ = run(capsys, "odds", "--exact")
    assert "347897/7558272" in out
    assert "23/243" in out  # 736/7776
    # each fraction sits in its own column, right-aligned under its heading
    lines = out.splitlines()[1:]
    heading = lines[0]
    ends = [heading.index(word) + len(word) for word in ("1 roll", "2 rolls", "3 rolls")]
    ends += [match.end() for match in re.finditer("exactly", heading)]
    for line in lines[1:]:
        for end in ends:
            assert line[end - 1] != " "
            assert end == len(line) or line[end] == " "


def test_odds_on_a_terminal_is_a_rich_table(monkeypatch: pytest.MonkeyPatch) -> None:
    pytest.importorskip("rich")
    monkeypatch.delenv("NO_COLOR", raising=False)
    monkeypatch.delenv("TERM", raising=False)
    screen = Terminal()
    monkeypatch.setattr("sys.stdout", screen)
    assert cli.main(["odds"]) == 0
    assert "│ sec (1st roll) │ SEC  │" in screen.getvalue()
    monkeypatch.setenv("NO_COLOR", "1")
    plain = Terminal()
    monkeypatch.setattr("sys.stdout", plain)
    assert cli.main(["odds"]) == 0
    assert plain.getvalue().splitlines()[1].split()[:2] == ["figure", "code"]
    assert "\x1b[" not in plain.getvalue()


def test_advise_ranks_the_actions(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = run(capsys, "advise", "dice 3 3 5 1 2", "--rolls-left", "2")
    assert status == 0
    lines = out.splitlines()
    assert lines[0].startswith("Dice 1 2 3 3 5, 2 rolls left, classic grid")
    assert "  1. roll" in out
    assert "more and 75 calls that cannot hit on this roll (--top 0 lists them all)" in out
    # a pair of threes kept for the Brelan: 1 - (125/216)**2 = 66.5%
    assert "3×3 66.5%" in out
    assert lines[1].startswith("Value: what the odds bot expects")
    # a straight needs five different faces: with 3 3 kept, calling it is left out
    assert "call straight" not in out


def test_advise_puts_calls_that_cannot_hit_last_of_their_value(
    capsys: pytest.CaptureFixture[str],
) -> None:
    status, out, _ = run(capsys, "advise", "33512", "--rolls-left", "2", "--top", "0")
    assert status == 0
    ranked = [
        line.split(". ", 1)[1].split("  (")[0] for line in out.splitlines() if ". roll" in line
    ]
    # a straight needs five different faces: with 3 3 kept it cannot hit
    dead = ranked.index("roll keep 3 3 call straight")
    assert ranked.index("roll keep 3 3") < dead
    assert "call straight: cannot hit on this roll (0%)" in out


def test_advise_reads_dice_in_several_ways(capsys: pytest.CaptureFixture[str]) -> None:
    outputs = [
        run(capsys, "advise", text, "--rolls-left", "0")[1]
        for text in (
            "66666",
            "6 6 6 6 6",
            "dice 6 6 6 6 6",
            "6,6,6,6,6",
            "dice 6,6,6,6,6",
            "Dice 6, 6, 6, 6, 6",
            "dice 66666",
        )
    ]
    assert all(output == outputs[0] for output in outputs)
    # R-MOR-1: a Morpyam on the last roll goes on a Morpyam cell; R-CELL-2: no SEC any more
    assert "place b2" in outputs[0]
    assert "place e5" in outputs[0]
    assert "place c3" not in outputs[0]
    assert "pass" not in outputs[0]


def test_advise_refuses_bad_dice(capsys: pytest.CaptureFixture[str]) -> None:
    for text in ("3 3 5 1 7", "3 3 5 1", "dice 3 3", "three", "dice 9", "dice", "dice 3,3,5,1,7"):
        status, _, err = run(capsys, "advise", text)
        assert status == 2
        assert "advise: error:" in err
    with pytest.raises(SystemExit) as caught:
        cli.main(["advise", "33512", "--rolls-left", "3"])
    assert caught.value.code == 2
    assert "invalid choice" in unfitted(capsys.readouterr().err)


def test_position_reaches_the_asked_rolls_left() -> None:
    for rolls_left in (0, 1, 2):
        state = position(mp.Rules.plus(), (1, 2, 3, 3, 5), rolls_left)
        assert state.rolls == 3 - rolls_left
        assert state.dice == (1, 2, 3, 3, 5)
        assert state.current_player == 0
    with pytest.raises(ValueError, match="rolls_left"):
        position(mp.Rules.classic(), (1, 2, 3, 3, 5), 3)


def test_simulate_prints_a_summary_and_a_progress_bar(capsys: pytest.CaptureFixture[str]) -> None:
    argv = [
        "simulate",
        "--games",
        "6",
        "--players",
        "3",
        "--bot",
        "odds",
        "--bot",
        "greedy",
        "--bot",
        "random",
    ]
    status, out, err = run(capsys, *argv, "--seed", "4")
    assert status == 0
    assert "6 games, 3 players, seed 4" in out
    for bot in ("odds", "greedy", "random"):
        assert f"  {bot} " in out
    assert err == ""  # no progress bar when standard error is not a terminal
    # reproducible, and the same with two worker processes
    again = run(capsys, *argv, "--seed", "4", "--workers", "2", "--quiet")
    assert again[1] == out
    assert again[2] == ""


def test_simulate_defaults_and_start_roll(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = run(capsys, "simulate", "--games", "2", "--quiet", "--start-roll")
    assert status == 0
    assert "odds (seat 0) vs random (seat 1)" in out
    status, out, _ = run(
        capsys, "simulate", "--games", "2", "--quiet", "--bot", "greedy", "--bot", "greedy"
    )
    assert "2 games, 2 players" in out


def test_simulate_refuses_bad_options(capsys: pytest.CaptureFixture[str]) -> None:
    status, _, err = run(capsys, "simulate", "--players", "3", "--bot", "odds", "--bot", "random")
    assert status == 2
    assert "3 players need 3 --bot options, got 2" in err
    # R-SET-2: 2 to 4 players; one or five --bot options is a wrong number of players
    for count in (1, 5):
        status, _, err = run(capsys, "simulate", *["--bot", "odds"] * count)
        assert status == 2
        plural = "s" if count != 1 else ""
        assert f"a game has 2 to 4 players, one --bot each: got {count} --bot option{plural}" in err
        assert "players need" not in err
    status, _, err = run(capsys, "simulate", "--players", "4", *["--bot", "odds"] * 5)
    assert status == 2
    assert "4 players need 4 --bot options, got 5" in err
    status, out, _ = run(capsys, "simulate", "--games", "1", "--quiet")
    assert "1 game, 2 players" in out
    assert ": 1 game, odds" in out
    for argv in (["--games", "0"], ["--bot", "perfect"], ["--workers", "0"], ["--games", "x"]):
        with pytest.raises(SystemExit) as caught:
            cli.main(["simulate", *argv])
        assert caught.value.code == 2
    err = unfitted(capsys.readouterr().err)
    assert "must be at least 1, got 0" in err
    assert "invalid choice: 'perfect'" in err


def test_simulate_on_a_terminal_is_a_rich_table(monkeypatch: pytest.MonkeyPatch) -> None:
    pytest.importorskip("rich")
    monkeypatch.delenv("NO_COLOR", raising=False)
    monkeypatch.setenv("TERM", "xterm")
    screen, bar = Terminal(), Terminal()
    monkeypatch.setattr("sys.stdout", screen)
    monkeypatch.setattr("sys.stderr", bar)
    assert cli.main(["simulate", "--games", "3", "--seed", "2"]) == 0
    out = screen.getvalue()
    assert "95% interval" in out
    assert "│ odds " in out
    assert "ended by: " in out
    assert "3/3" in bar.getvalue()
