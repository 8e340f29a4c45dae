"""The three games' options checked together before a game, and the files they name.

Every refusal is one line on standard error that names the option, with status 2, and
comes before the banner: nothing of a game is printed.
"""

from __future__ import annotations

import contextlib
import io
import os
import threading
from pathlib import Path

import attrs
import pytest
from fitted import unfitted

import morpyam.myrummy as mr
from morpyam import cli
from morpyam.records import GameRecord, load_record, replay

MORPYAM = ["play", "--seat", "random", "--seat", "random", "--seed", "3"]
YAHTZEE = ["yahtzee", "play", "--seat", "greedy", "--seat", "greedy", "--seed", "3"]
MYRUMMY = ["myrummy", "play", "--seat", "greedy", "--seat", "greedy", "--seed", "3"]
DEEP = "[" * 5000
DIGITS = "1" * 5000


def refused(
    args: list[str], monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> str:
    """The one line of error that ``morpyam ARGS`` ends with, checked to be alone (status 2,
    no game printed)."""
    monkeypatch.setattr("sys.stdin", io.StringIO(""))
    status = cli.main(args)
    out, err = capsys.readouterr()
    err = unfitted(err)  # its lines, fitted to 80 columns, joined
    assert (status, out) == (2, ""), (status, out, err)
    assert err.endswith("\n"), err
    assert err.count("\n") == 1, err
    return err.rstrip("\n")


# ---------------------------------------------------------------------------
# --rule values are read as a file's


@pytest.mark.parametrize(
    "command", [MORPYAM, ["--seed", "1"], ["simulate", "--games", "1"]], ids=["play", "demo", "sim"]
)
def test_a_deeply_nested_rule_value_is_one_line(
    command: list[str], monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    # it ended in a RecursionError traceback
    assert refused([*command, "--rule", f"ko_length={DEEP}"], monkeypatch, capsys).endswith(
        ": error: --rule ko_length: nested too deeply"
    )


@pytest.mark.parametrize(
    ("setting", "reason"),
    [
        ('run_points={"3": 1, "3": 2}', "--rule run_points.3: R-LINE-2: given more than once"),
        (f"end_bonus={DIGITS}", "--rule end_bonus: a number of 5,000 digits is not read"),
        (
            "end_bonus=99999999999999999999999",
            "--rule end_bonus: R-END-2: integer out of range: files hold 64-bit integers",
        ),
    ],
)
def test_a_morpyam_rule_value_is_read_as_in_a_rules_file(
    setting: str, reason: str, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    assert refused([*MORPYAM, "--rule", setting], monkeypatch, capsys).endswith(f"error: {reason}")


@pytest.mark.parametrize(
    ("command", "field"),
    [(MORPYAM, "end_bonus"), (YAHTZEE, "upper_bonus"), (MYRUMMY, "rounds")],
    ids=["morpyam", "yahtzee", "myrummy"],
)
def test_a_field_given_twice_is_refused_as_a_repeated_key(
    command: list[str],
    field: str,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:
    args = [*command, "--rule", f"{field}=2", "--rule", f"{field}=3"]
    assert refused(args, monkeypatch, capsys).endswith(f"--rule {field}: given more than once")


@pytest.mark.parametrize(
    ("command", "field"),
    [(YAHTZEE, "upper_bonus"), (MYRUMMY, "rounds")],
    ids=["yahtzee", "myrummy"],
)
def test_integers_are_bounded_as_in_a_file(
    command: list[str],
    field: str,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:
    # a 5,000-digit value printed Python's own limit; 23 digits were a Yahtzee upper bonus
    digits = refused([*command, "--rule", f"{field}={DIGITS}"], monkeypatch, capsys)
    assert digits.endswith(f"error: --rule {field}: a number of 5,000 digits is not read")
    huge = refused([*command, "--rule", f"{field}=99999999999999999999999"], monkeypatch, capsys)
    assert huge.endswith(f"--rule {field}: integer out of range: files hold 64-bit integers")
    # the limits themselves: a file's integers are those of 64 bits, signed
    past = refused([*command, "--rule", f"{field}={2**63}"], monkeypatch, capsys)
    assert past.endswith("integer out of range: files hold 64-bit integers")
    below = refused([*command, "--rule", f"{field}={-(2**63) - 1}"], monkeypatch, capsys)
    assert below.endswith("integer out of range: files hold 64-bit integers")


def test_the_largest_64_bit_integer_is_read() -> None:
    import morpyam.yahtzee as yz
    from morpyam.cli.manner import rule_settings

    rules = rule_settings(yz.Rules(), [f"upper_bonus={2**63 - 1}", "bonus_threshold=63"])
    assert (rules.upper_bonus, rules.bonus_threshold) == (2**63 - 1, 63)
    with pytest.raises(ValueError, match="--rule upper_bonus: Y-BONUS-1"):
        rule_settings(yz.Rules(), [f"upper_bonus={-(2**63)}"])


# ---------------------------------------------------------------------------
# Options that clash


def test_morpyam_players_against_the_seats_names_the_clash(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    # R-SET-2: the number of players is the number of seats; it said "3 players x 17 tokens
    # do not fit on 36 cells", the tokens of two players' rules
    assert refused([*MORPYAM, "--rule", "players=3"], monkeypatch, capsys).endswith(
        "error: --rule players=3: the game has one player per --seat, and there are 2; "
        "give 3 --seat options instead"
    )


@pytest.mark.parametrize(
    ("args", "told"),
    [
        (
            ["--rule", "players=3"],
            "--rule players=3: the players are counted by --players, 2 here; "
            "give --players 3 instead",
        ),
        (
            ["simulate", "--games", "1", "--rule", "players=3"],
            "--rule players=3: the game has one player per --bot, and there are 2; "
            "give 3 --bot options instead",
        ),
        (
            ["advise", "1,2,3,4,5", "--players", "3", "--rule", "players=2"],
            "--rule players=2: the players are counted by --players, 3 here; "
            "give --players 2 instead",
        ),
    ],
    ids=["demo", "simulate", "advise"],
)
def test_the_demo_and_simulate_name_the_players_clash(
    args: list[str],
    told: str,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:
    # R-SET-2: the players are those seated; it said "--rule rules: R-SET-2: 3 players x 17
    # tokens do not fit on 36 cells", the tokens of two players' rules
    assert refused(args, monkeypatch, capsys).endswith(f"error: {told}")


def test_argparse_errors_fit_the_width(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    # an unknown option's line is argparse's, fitted to 80 columns like every other line
    words = ["--an-option-nobody-gave-before", "--another-one-of-them", "--and-a-third-one"]
    monkeypatch.setattr("sys.stdin", io.StringIO(""))
    with pytest.raises(SystemExit) as stop:
        cli.main([*YAHTZEE, *words])
    assert stop.value.code == 2
    err = capsys.readouterr().err
    assert err.startswith("usage: morpyam yahtzee play ")
    assert max(map(len, err.splitlines())) <= 80
    assert unfitted(err).endswith(
        f"morpyam yahtzee play: error: unrecognized arguments: {' '.join(words)}\n"
    )
    assert len(f"morpyam yahtzee play: error: unrecognized arguments: {' '.join(words)}") > 80


def test_myrummy_players_against_the_seats_names_the_clash(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    assert refused([*MYRUMMY, "--rule", "players=3"], monkeypatch, capsys).endswith(
        "error: --rule players=3: the game has one player per --seat, and there are 2; "
        "give 3 --seat options instead"
    )


@pytest.mark.parametrize(
    ("args", "told"),
    [
        (
            [*YAHTZEE, "--joker", "free", "--rule", "joker=none"],
            "--rule joker=none and --joker free",
        ),
        ([*MYRUMMY, "--rounds", "2", "--rule", "rounds=3"], "--rule rounds=3 and --rounds 2"),
        (
            [*MYRUMMY, "--rack-size", "9", "--rule", "rack_size=9"],
            "--rule rack_size=9 and --rack-size 9",
        ),
    ],
)
def test_an_option_and_a_rule_of_the_same_knob_clash(
    args: list[str], told: str, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    # --rounds 2 --rule rounds=3 played 3 rounds without a word
    field = told.split()[1].partition("=")[0]
    assert refused(args, monkeypatch, capsys).endswith(f"{told}: both set {field}; give one")


def test_a_word_none_is_a_word_where_the_knob_is_words(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    # Y-JOKER-1: "none" is one of the joker rules, not "off"; it said "not 'none'"
    monkeypatch.setattr("sys.stdin", io.StringIO("quit\n"))
    args = ["yahtzee", "play", "--seat", "human", "--rules", "hasbro", "--rule", "joker=none"]
    cli.main([*args, "--seed", "1"])
    assert "joker none" in capsys.readouterr().out.splitlines()[0]


def test_a_player_count_the_rules_refuse_names_the_rule_option(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    # Y-SET-1: 2 seats and at least 3 players; it said "3 to 6 players, got 2" alone
    assert refused([*YAHTZEE, "--rule", "min_players=3"], monkeypatch, capsys).endswith(
        "error: --rule min_players: Y-SET-1: 3 to 6 players, got 2"
    )
    assert refused([*YAHTZEE, "--rule", "max_players=1"], monkeypatch, capsys).endswith(
        "error: --rule max_players: Y-SET-1: 1 to 1 players, got 2"
    )
    monkeypatch.setattr("sys.stdin", io.StringIO(""))
    args = [*YAHTZEE, "--games", "1", "--rule", "min_players=2", "--rule", "max_players=2"]
    assert cli.main(args) == 0


# ---------------------------------------------------------------------------
# --record: never over a file unless told, - for standard output


@pytest.mark.parametrize(
    ("command", "name"),
    [(MORPYAM, "game.json"), (MYRUMMY, "match.json")],
    ids=["morpyam", "myrummy"],
)
def test_a_record_does_not_replace_a_file_unless_forced(
    command: list[str],
    name: str,
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:
    path = tmp_path / name
    path.write_text("a letter, not a record")
    args = [*command, "--record", str(path)]
    assert refused(args, monkeypatch, capsys).endswith(
        f"error: --record {path}: the file exists; give --force to replace it"
    )
    assert path.read_text() == "a letter, not a record"
    monkeypatch.setattr("sys.stdin", io.StringIO(""))
    assert cli.main([*args, "--force"]) in (0, 1)
    assert path.read_text().startswith("{")


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="named pipes are POSIX")
def test_a_record_into_a_named_pipe_is_refused_even_forced(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    pipe = tmp_path / "game.json"
    os.mkfifo(pipe)
    err = within(5, [*MORPYAM, "--record", str(pipe), "--force"], pipe, monkeypatch, capsys)
    assert err.endswith(f"error: --record {pipe}: not a regular file; give a new file's name")


def test_a_myrummy_record_to_standard_output(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    # it was refused: "a record file ends in .json"
    monkeypatch.setattr("sys.stdin", io.StringIO(""))
    assert cli.main([*MYRUMMY, "--record", "-", "--rounds", "1"]) == 0
    out, err = capsys.readouterr()
    # standard output holds the record alone, to pipe into a replay; the game is told aside
    record = mr.GameRecord.from_json(out)
    assert mr.replay(record).is_terminal
    assert "Game over (" in err
    assert not (Path.cwd() / "-").exists()


def test_a_morpyam_record_to_standard_output(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setattr("sys.stdin", io.StringIO(""))
    assert cli.main([*MORPYAM, "--record", "-"]) == 0
    out, err = capsys.readouterr()
    # standard output holds the record alone, to pipe into a replay; the game is told aside
    assert out.startswith("# Morpyam game record")
    assert replay(GameRecord.from_text(out)).is_terminal
    assert "Game over (" in err


# ---------------------------------------------------------------------------
# Files named on the command line: a regular file or -, never a wait


def within(
    seconds: float,
    args: list[str],
    pipe: Path,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> str:
    """The one line of error of ``morpyam ARGS``, which must come within ``seconds``; a command
    that blocks on ``pipe`` fails the test, and is then set free by a writer or a reader."""
    monkeypatch.setattr("sys.stdin", io.StringIO(""))
    status: list[int] = []
    thread = threading.Thread(target=lambda: status.append(cli.main(args)), daemon=True)
    thread.start()
    thread.join(seconds)
    if thread.is_alive():
        for end in (os.O_WRONLY, os.O_RDONLY):  # whichever end the command waits at
            with contextlib.suppress(OSError):
                os.close(os.open(pipe, end | os.O_NONBLOCK))
        thread.join(seconds)
        pytest.fail(f"morpyam {' '.join(args)} waited on a named pipe for {seconds} s")
    out, err = capsys.readouterr()
    err = unfitted(err)
    assert (status, out) == ([2], ""), (status, out, err)
    assert err.count("\n") == 1, err
    return err.rstrip("\n")


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="named pipes are POSIX")
@pytest.mark.parametrize(
    ("command", "name"),
    [
        (["play", "--rules-file"], "rules.toml"),
        (["replay", "--no-wait"], "game.json"),
        (["replay", "--no-wait"], "game.txt"),
        (["show"], "position.json"),
        (["myrummy", "replay", "--no-wait"], "match.json"),
    ],
)
def test_a_named_pipe_is_refused_in_one_line_without_waiting(
    command: list[str],
    name: str,
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:
    # each waited for ever for a writer
    pipe = tmp_path / name
    os.mkfifo(pipe)
    err = within(5, [*command, str(pipe)], pipe, monkeypatch, capsys)
    assert f"{pipe}: " in err
    assert "a named pipe, not a regular file" in err


def test_rules_are_read_from_standard_input(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    from morpyam import Rules
    from morpyam.files import rules_to_json

    text = rules_to_json(Rules.flash())
    monkeypatch.setattr("sys.stdin", io.TextIOWrapper(io.BytesIO(text.encode())))
    path = tmp_path / "game.json"
    assert cli.main([*MORPYAM, "--rules-file", "-", "--record", str(path)]) == 0
    assert load_record(path).rules == Rules.flash()
    assert "rules of -" in capsys.readouterr().out


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="named pipes are POSIX")
@pytest.mark.parametrize(
    ("command", "name"),
    [(["yahtzee", "solve", "--output"], "solution.npz"), (["show", "--svg"], "board.svg")],
)
def test_a_named_pipe_to_write_is_refused_without_waiting(
    command: list[str],
    name: str,
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:
    # checking that the file could be written opened the pipe, which waited for a reader
    from morpyam import Rules, new_game
    from morpyam.state_json import state_to_json

    position = tmp_path / "position.json"
    position.write_text(state_to_json(new_game(Rules.classic())))
    pipe = tmp_path / name
    os.mkfifo(pipe)
    args = [*command, str(pipe)] + ([str(position)] if command[0] == "show" else [])
    assert within(5, args, pipe, monkeypatch, capsys).endswith("not a regular file")


def test_the_check_runs_without_rule_options_too() -> None:
    import morpyam.yahtzee as yz
    from morpyam.cli.manner import rule_settings

    def seven_seats(rules: yz.Rules) -> object:
        return yz.new_game(attrs.evolve(rules, players=7))

    # Y-SET-1: seven seats are too many for any rules; no --rule is to blame
    for settings in ([], ["upper_bonus=40"]):
        with pytest.raises(ValueError, match="Y-SET-1") as caught:
            rule_settings(yz.Rules(), settings, check=seven_seats)
        assert "--rule" not in str(caught.value)
