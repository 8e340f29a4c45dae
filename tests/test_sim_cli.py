"""The ``simulate``, ``odds`` and ``advise`` subcommands (morpyam.sim_cli)."""

from __future__ import annotations

import pytest

import morpyam as mp
from morpyam import cli
from morpyam.sim_cli import position, register_advise, register_odds, register_simulate


@pytest.fixture(autouse=True)
def commands(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(cli, "COMMANDS", [register_simulate, register_odds, register_advise])


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    status = cli.main(list(argv))
    out, err = capsys.readouterr()
    return status, out, err


def test_odds_prints_the_table(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = run(capsys, "odds")
    assert status == 0
    rows = {line.split()[0]: line.split()[-3:] for line in out.splitlines()[2:]}
    # R-FIG-9: 1,200 of 7,776 rolls show a small straight, 6 a Morpyam
    assert rows["SMALL_STRAIGHT"][0] == f"{1200 / 7776:.3%}"
    assert rows["MORPYAM"][0] == f"{6 / 7776:.3%}"
    # the published 4.6029% for five of a kind within three rolls
    assert rows["MORPYAM"][2] == "4.603%"
    # R-CELL-2: a Sec is made on the first roll only, 736 of 7,776 rolls
    assert rows["SEC"] == [f"{736 / 7776:.3%}"] * 3
    assert len(rows) == 14


def test_odds_exact(capsys: pytest.CaptureFixture[str]) -> None:
    _, out, _ = run(capsys, "odds", "--exact")
    assert "347897/7558272" in out
    assert "23/243" in out  # 736/7776


def test_advise_ranks_the_actions(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = run(capsys, "advise", "dice 3 3 5 1 2", "--rolls-left", "2")
    assert status == 0
    lines = out.splitlines()
    assert lines[0].startswith("Dice 1 2 3 3 5, 2 rolls left, classic grid")
    assert "  1. roll" in out
    assert "more (--top 0 lists them all)" in out
    # a pair of threes kept for the Brelan: 1 - (125/216)**2 = 66.5%
    assert "3×3 66.5%" in out


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
    assert "invalid choice" in capsys.readouterr().err


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
    assert "[" + "#" * 30 + "] 6/6 games" in err
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
    for argv in (["--games", "0"], ["--bot", "perfect"], ["--workers", "0"], ["--games", "x"]):
        with pytest.raises(SystemExit) as caught:
            cli.main(["simulate", *argv])
        assert caught.value.code == 2
    err = capsys.readouterr().err
    assert "must be at least 1, got 0" in err
    assert "invalid choice: 'perfect'" in err
