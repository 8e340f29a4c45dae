"""Every program in examples/ runs as a user runs it: a fresh Python, from its own file.

Each runs as a subprocess in a temporary folder (the files it writes go there),
with this tree's ``morpyam`` first on the path, and with the spawn start method
for processes (the default on macOS and Windows), so a pool started outside the
main guard fails here too.
"""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
from pathlib import Path

import attrs
import pytest

import morpyam.myrummy as mr
import morpyam.yahtzee as yz
from morpyam.records import load_record

ROOT = Path(__file__).resolve().parent.parent
EXAMPLES = ROOT / "examples"

_RUN_AS_MAIN = """\
import multiprocessing, runpy, sys
multiprocessing.set_start_method("spawn")
path = sys.argv[1]
sys.argv = sys.argv[1:]
runpy.run_path(path, run_name="__main__")
"""


def run(
    name: str, *args: str, cwd: Path, stdin: str = "", status: int = 0
) -> subprocess.CompletedProcess[str]:
    """Run ``examples/NAME`` with ``args`` in ``cwd``; check its exit status."""
    env = {
        **os.environ,
        "PYTHONPATH": os.pathsep.join([str(ROOT), os.environ.get("PYTHONPATH", "")]),
    }
    done = subprocess.run(
        [sys.executable, "-c", _RUN_AS_MAIN, str(EXAMPLES / name), *args],
        input=stdin,
        capture_output=True,
        text=True,
        cwd=cwd,
        env=env,
        timeout=300,
        check=False,
    )
    assert done.returncode == status, done.stdout + done.stderr
    return done


def test_every_example_is_tested_and_says_what_it_shows() -> None:
    names = sorted(path.name for path in EXAMPLES.glob("*.py"))
    tested = re.findall(r'run\(\s*"([a-z_]+\.py)"', Path(__file__).read_text(encoding="utf-8"))
    assert names == sorted(set(tested))
    for name in names:
        text = (EXAMPLES / name).read_text(encoding="utf-8")
        assert text.startswith('"""'), name
        assert "What it shows:" in text.split('"""')[1], name
        assert 'if __name__ == "__main__":' in text, name


def test_the_score_keeper_records_a_game_typed_in_and_resumes_it(tmp_path: Path) -> None:
    first = "roll\ndice 4 4 4 4 2\nplace c3\nplace c4\nroll call full-house\n"
    done = run("score_keeper.py", "game.txt", "--first-player", "0", cwd=tmp_path, stdin=first)
    # R-TURN-2: a second token without a roll is refused, and not kept
    assert "not kept: R-TURN-2" in done.stdout
    record = load_record(tmp_path / "game.txt")
    assert [str(entry) for entry in record.actions] == [
        "roll",
        "dice 2 4 4 4 4",
        "place c3",
        "roll call full-house",
    ]
    assert record.first_player == 0
    # resumed: the call misses (R-CALL-6 forgets it), player 1 takes it back, then resigns
    more = "undo\nroll\ndice 1 1 1 4 6\nplace a1\nresign 0\n"
    done = run("score_keeper.py", "game.txt", cwd=tmp_path, stdin=more)
    assert "Resuming game.txt: 4 entries." in done.stdout
    assert "game over (R-END-4): won by player 1" in done.stdout  # R-END-4: two players
    record = load_record(tmp_path / "game.txt")
    assert [str(entry) for entry in record.actions][3:] == [
        "roll",
        "dice 1 1 1 4 6",
        "place a1",
        "resign 0",
    ]


def test_the_score_keeper_takes_json_and_refuses_another_suffix(tmp_path: Path) -> None:
    run("score_keeper.py", "game.json", "--players", "3", cwd=tmp_path, stdin="dice 6\nquit\n")
    data = json.loads((tmp_path / "game.json").read_text(encoding="utf-8"))
    assert data["actions"] == ["dice 6"]  # R-SET-3: the start roll, one die a player
    assert data["rules"]["players"] == 3
    done = run("score_keeper.py", "game.csv", cwd=tmp_path, status=2)
    assert ".txt or .json" in done.stderr


def test_the_tournament_runs_on_a_process_pool_under_spawn(tmp_path: Path) -> None:
    done = run("tournament.py", "--games", "4", "--workers", "2", cwd=tmp_path)
    lines = done.stdout.splitlines()
    assert len([line for line in lines if " against " in line]) == 6  # 4 bots: 4 × 3 / 2 pairs
    wins = {
        name: int(count)
        for name, count in re.findall(r"(\w+) (\d+)", lines[-1].removeprefix("wins:"))
    }
    assert set(wins) == {"random", "greedy", "odds", "centre"}
    assert sum(wins.values()) <= 6 * 4  # a shared win is nobody's win alone


def test_the_adviser_plays_a_game_by_its_advice_then_advises_on_a_saved_position(
    tmp_path: Path,
) -> None:
    solution = tmp_path / "plain.npz"
    done = run(
        "yahtzee_adviser.py",
        "--demo",
        "--rules",
        "plain",
        "--solution",
        str(solution),
        cwd=tmp_path,
    )
    assert solution.is_file()
    assert (
        done.stdout.count("best: ") >= 13
    )  # at least one decision a box: 13 boxes (Y-BOX-1, Y-END-1)
    total = int(done.stdout.rsplit("final total ", 1)[1])
    (sheet_total,) = re.findall(r"^total +(\d+)$", done.stdout, re.MULTILINE)
    assert int(sheet_total) == total

    # the first turn's third roll shows five sixes: the 50 of the yahtzee box beats the 30 of sixes
    rules = attrs.evolve(yz.Rules.hasbro(), yahtzee_bonus=0, joker="none")
    state = yz.apply(yz.new_game(rules), yz.Roll())
    state = yz.apply(state, yz.RollResult((1, 2, 3, 4, 5)))
    for _ in range(2):
        state = yz.apply(state, yz.Roll())
        state = yz.apply(state, yz.RollResult((6, 6, 6, 6, 6)))
    (tmp_path / "position.json").write_text(yz.state_to_json(state), encoding="utf-8")
    done = run("yahtzee_adviser.py", "position.json", "--solution", str(solution), cwd=tmp_path)
    assert "Solving" not in done.stdout  # the saved solution is loaded
    assert "best: score yahtzee" in done.stdout


def test_the_hint_finds_the_best_play_within_its_deadline(tmp_path: Path) -> None:
    # by hand: gn5 gn6 gn7 and the joker lie (as a run of four, or the joker on the grey run);
    # bk9 fits nowhere (no black 8 or 10, no other 9), so four tiles is the most
    done = run(
        "myrummy_hint.py",
        "--rack",
        "gn5 gn6 gn7 bk9 J",
        "--table",
        "[gy5 gy6 gy7]",
        "--opened",
        "--time-limit",
        "1",
        cwd=tmp_path,
    )
    hint, answered = done.stdout.splitlines()
    assert "(4 tiles, " in hint
    assert hint.endswith(": a best play)")
    assert float(answered.split()[2]) < 1.5

    # R-RUM-OPEN-1: before laying out, three tiles worth 18 points do not open (30 needed)
    state = mr.position(
        mr.Rules.classic(), racks=[mr.parse_tiles("gn5 gn6 gn7 bk9"), mr.parse_tiles("bk3")]
    )
    (tmp_path / "position.json").write_text(mr.state_to_json(state), encoding="utf-8")
    done = run("myrummy_hint.py", "--state", "position.json", cwd=tmp_path)
    assert done.stdout.startswith("draw: no play")

    done = run("myrummy_hint.py", "--rack", "zz9", cwd=tmp_path, status=2)
    assert "'zz9' is not a tile" in done.stderr


def test_the_learning_run_prints_a_mean_a_block(tmp_path: Path) -> None:
    pytest.importorskip("gymnasium")
    done = run("gymnasium_learning.py", "--episodes", "40", "--block", "20", cwd=tmp_path)
    means = [float(mean) for mean in re.findall(r"mean total +([0-9.]+)", done.stdout)]
    assert len(means) == 2
    # a sheet scores at least 0 and at most 375 without Yahtzee bonuses + 13 × 100 with them
    assert all(0 <= mean <= 1675 for mean in means)
    assert done.stdout.splitlines()[-1].startswith("first block ")
