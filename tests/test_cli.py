"""The ``morpyam`` command and ``python -m morpyam``."""

from __future__ import annotations

import subprocess
import sys

import pytest

import morpyam as mp
from morpyam.cli import main, play_demo


def test_demo_is_reproducible_and_reports_the_result(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["--seed", "3", "--players", "3"]) == 0
    first = capsys.readouterr().out
    assert main(["--seed", "3", "--players", "3"]) == 0
    assert capsys.readouterr().out == first
    lines: list[str] = []
    end = play_demo(mp.Rules.classic(players=3), 3, lines.append)
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
    assert done.stdout.startswith("Morpyam, classic rules, 2 players, seed 1")
    assert "Winner: player" in done.stdout


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
