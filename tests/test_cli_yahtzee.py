"""The ``morpyam yahtzee`` commands, run through ``morpyam.cli.main`` with the command registered."""

from __future__ import annotations

import importlib.util
import io
import re
from pathlib import Path

import pytest
from fitted import unfitted

import morpyam.cli
import morpyam.yahtzee as yz
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
            render_sheets(state, names)  # type: ignore[arg-type]
    assert render_sheets(yz.new_game(yz.Rules.hasbro()), "Ann").split()[:3] == ["game", "1", "Ann"]
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
    picture = render_sheets(yz.apply(state, yz.Score(B.TWOS)), ["Ann"])
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
