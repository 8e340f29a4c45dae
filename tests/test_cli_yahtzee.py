"""The ``morpyam yahtzee`` commands, run through ``morpyam.cli.main`` with the command registered."""

from __future__ import annotations

import importlib.util
import io
import json
import re
from pathlib import Path

import attrs
import pytest
from fitted import unfitted

import morpyam as mp
import morpyam.cli
import morpyam.records as mp_records
import morpyam.yahtzee as yz
from morpyam.cli.play import register_replay
from morpyam.cli.yahtzee import greedy_action, play, register_yahtzee
from morpyam.yahtzee.text import render_sheets

B = yz.Box


@pytest.fixture(autouse=True)
def registered(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(morpyam.cli, "COMMANDS", [register_yahtzee])


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    status = morpyam.cli.main(["yahtzee", *argv])
    captured = capsys.readouterr()
    return status, captured.out, unfitted(captured.err)


def test_bots_play_a_reproducible_game(capsys: pytest.CaptureFixture[str]) -> None:
    argv = ("play", "--seats", "greedy,random", "--seed", "4", "--rules", "megawuerfel")
    status, out, _ = run(capsys, *argv)
    assert status == 0
    assert run(capsys, *argv)[1] == out
    lines = out.splitlines()
    assert max(map(len, lines)) <= 80
    assert lines[0].startswith("Yahtzee, megawuerfel rules (upper bonus 35 at > 63")
    assert "Turn 13 · player 1" in out
    banner = " ".join(line.strip() for line in lines[:3])
    assert "player 0 (greedy), player 1 (random); seed 4 (--seed 4 plays it again)." in banner
    # Y-TURN-2, Y-BOX-1: each turn scores one box, told with its player's name
    scored = [line for line in lines if re.match(r"  player [01]: score ", line)]
    assert len(scored) == 2 * 13
    played = lines[lines.index("Game 1 of 1") :]
    assert all(re.match(r"  player [01]: ", line) for line in played if line.startswith("  "))
    assert lines[-1].startswith("Game over (every box filled, Y-END-1). Winner: player ")
    # bots only: the sheet is shown after each turn, to watch the game
    assert sum(line.startswith("total ") for line in lines) == 2 * 13


def test_several_games_on_one_sheet(capsys: pytest.CaptureFixture[str]) -> None:
    # Y-END-1: games one after the other, with a grand total
    status, out, _ = run(capsys, "play", "--seats", "greedy", "--games", "2", "--seed", "1")
    assert status == 0
    assert out.count("Game 1 of 2") == 1
    assert out.count("Game 2 of 2") == 1
    assert out.count("grand total") == 2 * 13  # a sheet to watch after each turn


def human_lines(*first_turn: str) -> str:
    """A solitaire human: the given inputs for turn 1, then each box in sheet order but chance."""
    lines = ["", *first_turn]
    for box in yz.BOXES:
        if box is not B.CHANCE:
            lines += ["", box.notation]
    return "\n".join(lines) + "\n"


def test_a_human_seat(capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    script = human_lines("?", "sheet", "nonsense", "keep 7", "chance")
    monkeypatch.setattr("sys.stdin", io.StringIO(script))
    status, out, _ = run(capsys, "play", "--seats", "human", "--seed", "2")
    assert status == 0
    assert re.search(r"\nAllowed now:\n  score: ones \d+, twos \d+, ", out)
    assert "roll, keeping any 0 to 4 of the dice" in out  # one line, not 30 forms of roll keep
    assert "roll keep 6 6        keep these faces" in out
    assert "game 1" in out  # the sheet
    assert "  nonsense\n  ^ 'nonsense' is not a command; type 'help' for the commands" in out
    assert "  keep 7\n       ^ '7' is not a die face (1 to 6)" in out  # the caret under the 7
    assert len(re.findall(r"  player 0: score [a-z-]+: \d+ point", out)) == 13
    assert out.splitlines()[-1].startswith(
        "Game over (every box filled, Y-END-1). Winner: player 0 with "
    )


def test_a_human_is_told_why_an_action_is_refused(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    # Y-BOX-1: a filled box is refused, and the human is asked again
    lines = ["", "chance", "", "chance", "ones"]
    lines += [line for box in yz.BOXES[1:12] for line in ("", box.notation)]
    monkeypatch.setattr("sys.stdin", io.StringIO("\n".join(lines) + "\n"))
    status, out, _ = run(capsys, "play", "--seats", "human", "--rules", "megawuerfel")
    assert status == 0
    assert "Y-BOX-1: the chance box is already filled" in out


def test_enter_at_a_decision_is_not_a_roll(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    # Y-TURN-1: only a typed roll throws the dice again; Enter (or blanks) asks again
    monkeypatch.setattr("sys.stdin", io.StringIO(human_lines("", "   ", "chance")))
    status, out, _ = run(capsys, "play", "--seats", "human", "--seed", "2")
    assert status == 0
    assert out.count("  Enter rolls only at the start of a turn") == 2
    assert "(roll 2)" not in out  # every turn scores after its first roll
    assert "  player 0: roll keep" not in out
    assert out.count("  player 0: score ") == 13


def test_real_dice(capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    # Y-SET-1: human seats may type the faces of real dice
    first = ["", "7 1 2 3 4", "1 2 3", "1,2,3,4,5", "large straight"]
    rest = [
        line
        for box in yz.BOXES
        if box is not B.LARGE_STRAIGHT
        for line in ("", "6 6 6 6 1", box.notation)
    ]
    monkeypatch.setattr("sys.stdin", io.StringIO("\n".join(first + rest) + "\n"))
    status, out, _ = run(
        capsys, "play", "--seat", "human", "--manual-dice", "--rules", "megawuerfel"
    )
    assert status == 0
    assert "  Not allowed: Y-SET-1: a die shows 1 to 6, not 7" in out  # as every refusal
    assert "  Type the faces of the 5 dice thrown, 1 to 6 each." in out
    assert "  player 0: score large-straight: 40 points" in out  # Y-BOX-5
    assert "  player 0: score sixes: 24 points" in out  # Y-BOX-2
    assert "Winner: player 0 with " in out


def test_end_of_input_stops_the_game(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr("sys.stdin", io.StringIO(""))
    status, out, _ = run(capsys, "play", "--seat", "human", "--seat", "greedy")
    assert status == 1
    assert "Game stopped." in out
    assert "Traceback" not in out


@pytest.mark.parametrize("word", ["quit", "exit", "q", "QUIT"])
@pytest.mark.parametrize("prompt", ["first", "decision", "dice"])
def test_quit_stops_the_game_at_any_prompt(
    word: str, prompt: str, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    typed = {"first": [word], "decision": ["", word], "dice": ["", word]}[prompt]
    monkeypatch.setattr("sys.stdin", io.StringIO("\n".join(typed) + "\n"))
    extra = ["--manual-dice"] if prompt == "dice" else []
    status, out, _ = run(capsys, "play", "--seat", "human", *extra)
    assert status == 1
    assert out.rstrip().endswith("Game stopped.")
    assert "not an action" not in out


def test_ctrl_c_stops_the_game_without_a_traceback(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    def interrupted(prompt: str) -> str:
        raise KeyboardInterrupt

    monkeypatch.setattr("builtins.input", interrupted)
    lines: list[str] = []
    end = play(yz.Rules.hasbro(), ["human"], read=interrupted, out=lines.append)
    assert lines[-1] == "Game stopped."
    assert not end.is_terminal


def test_help_at_the_first_prompt_does_not_roll(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    # Y-TURN-1: only Enter or roll throws the dice at the start of a turn
    monkeypatch.setattr("sys.stdin", io.StringIO("?\nhelp\nlegal\nsheet\nwhat\nquit\n"))
    status, out, _ = run(capsys, "play", "--seat", "human")
    assert status == 1
    assert out.count("quit (or exit, q)    stop the game") == 2
    assert "\nAllowed now:\n  roll (the first roll throws all 5 dice)" in out
    assert "  what\n  ^ 'what' is not a command; type 'help' for the commands" in out
    assert "(roll 1)" not in out  # no dice were thrown


def test_same_option_names_as_morpyam_play(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    # --seat once per player, as `morpyam play`; the old comma list still works
    new = run(capsys, "play", "--seat", "greedy", "--seat", "random", "--seed", "3")
    old = run(capsys, "play", "--seats", "greedy,random", "--seed", "3")
    assert new == old
    assert new[0] == 0
    script = "\n".join(["", "1 2 3 4 5", "quit"]) + "\n"
    monkeypatch.setattr("sys.stdin", io.StringIO(script))
    status, out, _ = run(capsys, "play", "--seat", "human", "--manual-dice")
    assert status == 1
    assert "  player 0: roll → 1 2 3 4 5 (roll 1)\n  player 0 may score: " in out  # told once


def test_bad_command_lines(capsys: pytest.CaptureFixture[str]) -> None:
    status, _, err = run(capsys, "play", "--seat", "human", "--seat", "robot")
    assert status == 2
    assert err == (
        "morpyam yahtzee play: error: --seat: 'robot' is not a seat; the seats are "
        "human, optimal, greedy, random\n"
    )
    status, _, err = run(capsys, "play", "--seats", ",".join(["greedy"] * 7))  # Y-SET-1
    assert status == 2
    assert err.endswith("error: --seat: give one per player, 1 to 6 of them; got 7\n")
    status, _, err = run(capsys, "play", "--seat", "greedy", "--rule", "min_players=2")
    assert status == 2  # Y-SET-1: refused before the game, with no API names
    assert "Rules." not in err
    assert "play: error: " in err
    status, _, err = run(capsys, "play", "--seat", "greedy", "--name", "Ann", "--name", "Bo")
    assert err.endswith("error: --name: give one per seat, or none; got 2 for 1 seats\n")
    status, out, _ = run(capsys)
    assert status == 0  # the command's help, on standard output
    assert "play" in out
    assert "solve" in out
    with pytest.raises(SystemExit):
        morpyam.cli.main(["yahtzee", "play", "--games", "7"])


@pytest.mark.parametrize(
    "argv", [("play", "--seats", "greedy"), ("solve",)], ids=lambda argv: argv[0]
)
def test_a_bad_rule_option_is_an_error_line(
    capsys: pytest.CaptureFixture[str], argv: tuple[str, ...]
) -> None:
    # Y-BONUS-2: the Yahtzee bonus is 0 or more points; no traceback, exit status 2
    status, out, err = run(capsys, *argv, "--yahtzee-bonus", "-5")
    assert status == 2
    assert out == ""
    assert err == (
        f"morpyam yahtzee {argv[0]}: error: --yahtzee-bonus: "
        "Y-BONUS-2: yahtzee_bonus is a whole number >= 0, got -5\n"
    )


def test_bad_arguments_to_the_helpers() -> None:
    state = yz.new_game(yz.Rules.hasbro(players=2))
    for bad in (None, yz.Sheet()):
        with pytest.raises(ValueError, match="expected a yahtzee State"):
            greedy_action(bad)  # type: ignore[arg-type]
        with pytest.raises(ValueError, match="expected a yahtzee State"):
            render_sheets(bad)  # type: ignore[arg-type]
    for names in (["Ann"], ["Ann", 2], ["A", "B", "C"]):
        with pytest.raises(ValueError, match=r"names are one string per player \(2\)"):
            render_sheets(state, names=names)  # type: ignore[arg-type]
    assert render_sheets(yz.new_game(yz.Rules.hasbro()), names="Ann").split()[:3] == [
        "game",
        "1",
        "Ann",
    ]
    for seats in (None, 3, "greedy"):
        with pytest.raises(ValueError, match="seats are a sequence of seat kinds"):
            play(yz.Rules.hasbro(), seats)  # type: ignore[arg-type]


def test_without_numpy(capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(importlib.util, "find_spec", lambda name: None)
    with pytest.raises(ImportError, match=r"pip install 'morpyam\[solver\]'"):
        yz.solve(yz.Rules.hasbro())
    status, out, err = run(capsys, "solve")
    assert (status, out) == (2, "")  # a missing extra: refused before the work
    assert err == (
        "morpyam yahtzee solve: error: solve needs numpy, which is not installed: "
        "pip install 'morpyam[solver]'\n"
    )
    status, out, err = run(capsys, "play", "--seats", "optimal")
    assert (status, out) == (2, "")  # before the banner
    assert "--seat optimal needs numpy, which is not installed" in err


@pytest.fixture(scope="module")
def saved(tmp_path_factory: pytest.TempPathFactory) -> Path:
    pytest.importorskip("numpy")
    path = tmp_path_factory.mktemp("solutions") / "megawuerfel.npz"
    yz.solve(yz.Rules.megawuerfel()).save(path)
    return path


@pytest.mark.slow
def test_solve_command(capsys: pytest.CaptureFixture[str], saved: Path, tmp_path: Path) -> None:
    output = tmp_path / "plain.npz"
    status, out, _ = run(
        capsys, "solve", "--joker", "none", "--yahtzee-bonus", "0", "--output", str(output)
    )
    assert status == 0
    assert "joker none" in out
    assert "Expected score with optimal solitaire play: 245.87" in out  # Glenn 2006
    assert f"Saved to {output}" in out
    assert yz.Solution.load(output).rules.yahtzee_bonus == 0


@pytest.mark.slow
def test_the_optimal_seat(capsys: pytest.CaptureFixture[str], saved: Path) -> None:
    argv = ("play", "--rules", "megawuerfel", "--seats", "optimal,greedy", "--seed", "9")
    status, out, _ = run(capsys, *argv, "--solution", str(saved))
    assert status == 0
    assert "Turn 13 · player 0" in out
    status, _, err = run(capsys, "play", "--seats", "optimal", "--solution", str(saved))
    assert status == 2
    assert "solves other rules" in err
    status, out, _ = run(capsys, *argv, "--bonus-comparison", ">")
    assert status == 0
    assert "Solving the rules for the optimal bot" in out


def test_play_needs_a_solution_for_an_optimal_seat() -> None:
    with pytest.raises(ValueError, match="an optimal seat needs a Solution"):
        play(yz.Rules.hasbro(), ["optimal"])
    with pytest.raises(ValueError, match="a seat is one of"):
        play(yz.Rules.hasbro(), ["robot"])


def test_greedy_bot_and_sheet_picture() -> None:
    state = yz.new_game(yz.Rules.hasbro(players=2))
    assert greedy_action(state) == yz.Roll()
    state = yz.apply(yz.apply(state, yz.Roll()), yz.RollResult((2, 3, 4, 5, 5)))
    assert greedy_action(state) == yz.Score(B.SMALL_STRAIGHT)  # 30 points at once
    state = yz.apply(
        yz.apply(yz.new_game(yz.Rules.hasbro()), yz.Roll()), yz.RollResult((1, 2, 2, 5, 6))
    )
    assert greedy_action(state) == yz.Roll((2, 2))  # chase the most frequent face
    picture = render_sheets(yz.apply(state, yz.Score(B.TWOS)), names=["Ann"])
    assert picture.splitlines()[0].split() == ["game", "1", "Ann"]
    assert "twos" in picture
    assert picture.splitlines()[-1].split() == ["total", "4"]


def test_a_fresh_seed_unless_one_is_given(capsys: pytest.CaptureFixture[str]) -> None:
    # Y-TURN-1: each game throws fresh dice; the seed is printed so that --seed repeats the game
    outs = [run(capsys, "play", "--seats", "greedy")[1] for _ in range(2)]
    found = [re.search(r"seed (\d+)\s+\(--seed\s+\1\s+plays\s+it\s+again\)", out) for out in outs]
    seeds = [int(match[1]) for match in found if match is not None]
    assert len(seeds) == 2
    assert seeds[0] != seeds[1]  # two draws of 2**32 seeds: equal once in 4 billion
    assert run(capsys, "play", "--seats", "greedy", "--seed", str(seeds[0]))[1] == outs[0]


def test_a_yahtzee_bonus_is_told_with_the_box_scored(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    # Y-BONUS-2: a second Yahtzee, with one scored 50, earns the bonus (100 in hasbro rules);
    # Y-JOKER-1 (forced): it fills the upper box of its face, fives, 5 × 5 = 25 points
    script = ["", "5 5 5 5 5", "yahtzee", "", "5 5 5 5 5", "fives", "quit"]
    monkeypatch.setattr("sys.stdin", io.StringIO("\n".join(script) + "\n"))
    status, out, _ = run(capsys, "play", "--seat", "human", "--manual-dice", "--name", "Anne")
    assert status == 1  # stopped before the sheet is full
    assert "  Anne: score yahtzee: 50 points\n" in out
    assert "  Anne: score fives: 25 points, and a Yahtzee bonus of 100 (Y-BONUS-2)\n" in out
    assert out.count("Yahtzee bonus of") == 1


# ---------------------------------------------------------------------------
# Records: --record FILE (- for standard output, --force to replace) and replay


def test_a_record_of_a_game_stopped_by_quit(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    # Y-BONUS-2, Y-JOKER-1: the bonus game above, typed by hand and kept in a record
    path = tmp_path / "sheet.json"
    script = ["", "5 5 5 5 5", "yahtzee", "", "5 5 5 5 5", "fives", "quit"]
    monkeypatch.setattr("sys.stdin", io.StringIO("\n".join(script) + "\n"))
    argv = ("play", "--seat", "human", "--manual-dice", "--name", "Anne", "--record", str(path))
    status, out, _ = run(capsys, *argv)
    assert status == 1  # stopped: the record holds the game so far
    assert f"Record saved to {path}" in unfitted(out)
    data = json.loads(path.read_text(encoding="utf-8"))
    assert data["format"] == "yahtzee/1"
    assert data["names"] == ["Anne"]
    assert data["actions"] == [
        "roll",
        "dice 5 5 5 5 5",
        "score yahtzee",
        "roll",
        "dice 5 5 5 5 5",
        "score fives",
    ]
    status, out, _ = run(capsys, "replay", "--no-wait", str(path))
    assert status == 0
    lines = unfitted(out).splitlines()
    assert lines[0] == "Yahtzee, hasbro rules, 1 game: Anne."
    steps = [line for line in lines if line.startswith("Step ")]
    assert steps == [  # a roll told with its dice, as the game told it
        "Step 0 of 4 · start of the game",
        "Step 1 of 4 · Anne: roll → 5 5 5 5 5 (roll 1)",
        "Step 2 of 4 · Anne: score yahtzee: 50 points",
        "Step 3 of 4 · Anne: roll → 5 5 5 5 5 (roll 1)",
        "Step 4 of 4 · Anne: score fives: 25 points, and a Yahtzee bonus of 100 (Y-BONUS-2)",
    ]
    assert lines[-1] == "End of the record: the game goes on, Anne to play."
    assert any(line.split() == ["fives", "25"] for line in lines)  # the sheet, drawn at the end


def test_bots_play_a_recorded_sheet_that_replays_to_the_same_totals(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    # Y-END-1: two games on one sheet; the record replays to the end the game told
    path = tmp_path / "sheet.json"
    argv = ("play", "--seats", "greedy,random", "--seed", "5", "--games", "2")
    status, out, _ = run(capsys, *argv, "--record", str(path))
    assert status == 0
    record = yz.load_record(path)
    end = yz.replay(record)
    assert end.is_terminal
    best = max(end.totals)
    assert unfitted(out).splitlines()[-2].endswith(f" with {best} points.")  # then "Record saved"
    status, replayed, _ = run(capsys, "replay", "--no-wait", str(path))
    assert status == 0
    replayed = unfitted(replayed)
    steps = [line for line in replayed.splitlines() if line.startswith("Step ")]
    # a step per roll and per box: every action but the dice thrown
    decisions = [a for a in record.actions if not isinstance(a, yz.RollResult)]
    assert len(steps) == 1 + len(decisions)
    assert all(f" of {len(decisions)} · " in step for step in steps)
    assert sum("score" in step for step in steps) == 2 * 2 * 13  # two players, two games
    assert sum("; end of game 1 of 2" in step for step in steps) == 1
    assert replayed.splitlines()[-1] == unfitted(out).splitlines()[-2]  # the game's last line


def test_a_record_to_standard_output_holds_the_record_alone(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    status = morpyam.cli.main(
        ["yahtzee", "play", "--seats", "greedy", "--seed", "2", "--record", "-"]
    )
    out, err = capsys.readouterr()
    assert status == 0
    record = yz.GameRecord.from_json(out)  # nothing else on standard output
    assert yz.replay(record).is_terminal
    assert "Game over (" in err  # the game is told aside, to standard error
    monkeypatch.setattr("sys.stdin", io.TextIOWrapper(io.BytesIO(out.encode()), encoding="utf-8"))
    status, replayed, _ = run(capsys, "replay", "-")  # piped in: no keys to wait for
    assert status == 0
    assert replayed.splitlines()[-1].startswith("Game over (every box filled, Y-END-1)")


def test_a_record_file_is_checked_before_the_game(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    bots = ("play", "--seats", "greedy", "--seed", "1")
    status, out, err = run(capsys, *bots, "--record", str(tmp_path / "sheet.txt"))
    assert (status, out) == (2, "")  # the score sheet's records are JSON only
    assert (
        err
        == f"morpyam yahtzee play: error: --record {tmp_path / 'sheet.txt'}: a record file ends in .json\n"
    )
    kept = tmp_path / "kept.json"
    kept.write_text("mine", encoding="utf-8")
    status, out, err = run(capsys, *bots, "--record", str(kept))
    assert (status, out) == (2, "")
    assert err.endswith(f"--record {kept}: the file exists; give --force to replace it\n")
    assert kept.read_text(encoding="utf-8") == "mine"
    status, _, err = run(capsys, *bots, "--record", str(tmp_path / "no" / "sheet.json"))
    assert status == 2
    assert f"cannot write {tmp_path / 'no' / 'sheet.json'}: " in err
    assert run(capsys, *bots, "--record", str(kept), "--force")[0] == 0
    assert yz.replay(yz.load_record(kept)).is_terminal


def test_a_record_that_cannot_be_written_at_the_end_is_printed(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    def full_disk(record: object, path: object) -> None:
        raise OSError(28, "No space left on device")

    monkeypatch.setattr("morpyam.cli.yahtzee.save_record", full_disk)
    path = tmp_path / "sheet.json"
    status, out, err = run(
        capsys, "play", "--seats", "greedy", "--seed", "1", "--record", str(path)
    )
    assert status == 1  # the game was played: a failure, not a usage error
    assert err == f"morpyam yahtzee play: error: cannot write {path}: No space left on device\n"
    copy = out.split("The record, to copy by hand:\n")[1]
    assert yz.replay(yz.GameRecord.from_json(copy)).is_terminal


def test_replay_steps_at_the_keyboard(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    path = tmp_path / "sheet.json"
    run(capsys, "play", "--seats", "greedy", "--seed", "1", "--name", "Ann", "--record", str(path))
    monkeypatch.setattr("sys.stdin", io.StringIO("\nv\n3\nb\nx\ne\n"))
    status, out, _ = run(capsys, "replay", str(path))
    assert status == 0
    told = [line.split("> ")[-1] for line in out.splitlines() if "Step " in line]
    last = told[0].split(" · ")[0].split()[-1]  # Step 0 of M
    # Enter, then 3, b and e; v draws, x is no command
    assert [line.split()[1] for line in told] == ["0", "1", "3", "2", last]
    assert "Type Enter, n, b, v, s, e, q or a step number." in out
    assert out.count("game 1 ") >= 3  # drawn on v, and after the jumps to 3 and the end
    assert out.rstrip().splitlines()[-2].startswith("Game over (every box filled, Y-END-1)")


def test_replay_of_an_illegal_or_foreign_record(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    # Y-BOX-1: a box scored twice is illegal; the replay tells the steps before it, then why
    path = tmp_path / "sheet.json"
    words = ["roll", "dice 1 2 3 4 6", "score chance", "roll", "dice 1 1 2 2 3", "score chance"]
    data = {"format": "yahtzee/1", "rules": attrs.asdict(yz.Rules.hasbro()), "games": 1}
    path.write_text(json.dumps({**data, "actions": words}), encoding="utf-8")
    status, out, _ = run(capsys, "replay", "--no-wait", str(path))
    assert status == 1
    out = unfitted(out)
    assert "Step 3 of 3 · player 0: roll → 1 1 2 2 3 (roll 1)" in out
    assert out.splitlines()[-1].startswith("The next action is illegal: Y-BOX-1: action 6 ")
    path.write_text(json.dumps({**data, "actions": ["dance"]}), encoding="utf-8")
    status, out, err = run(capsys, "replay", str(path))
    assert (status, out) == (2, "")
    assert err.startswith(f"morpyam yahtzee replay: error: {path}: actions[0]: ")
    status, _, err = run(capsys, "replay", str(tmp_path / "none.json"))
    assert (
        err
        == f"morpyam yahtzee replay: error: {tmp_path / 'none.json'}: No such file or directory\n"
    )
    # a record of the other games names the command that replays it, both ways
    monkeypatch.setattr(morpyam.cli, "COMMANDS", [register_yahtzee, register_replay])
    game = tmp_path / "game.json"
    game.write_text(mp_records.GameRecord(mp.Rules.classic(), ()).to_json(), encoding="utf-8")
    status, _, err = run(capsys, "replay", str(game))
    assert status == 2
    assert err.endswith(f"{game}: a Morpyam record: replay it with 'morpyam replay'\n")
    path.write_text(json.dumps({**data, "actions": words[:3]}), encoding="utf-8")
    assert morpyam.cli.main(["replay", str(path)]) == 2
    err = unfitted(capsys.readouterr().err)
    assert err.endswith(f"{path}: a score-sheet record: replay it with 'morpyam yahtzee replay'\n")
