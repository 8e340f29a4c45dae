"""The three terminal games keep one table manner: the options and the voice of docs/terminal.md."""

from __future__ import annotations

import io
import re
from pathlib import Path

import pytest
from fitted import unfitted

from morpyam.cli import main
from morpyam.cli.manner import TABLE_OPTIONS

DOCS = Path(__file__).resolve().parent.parent / "docs"
GAMES = {
    "`morpyam play`": ["play"],
    "`morpyam yahtzee play`": ["yahtzee", "play"],
    "`morpyam myrummy play`": ["myrummy", "play"],
}


def options_table() -> dict[str, dict[str, str]]:
    """docs/terminal.md's table of options: option -> game -> ``yes`` or the reason it has none."""
    page = (DOCS / "terminal.md").read_text(encoding="utf-8")
    section = page.split("## The options\n", 1)[1].split("\n## ", 1)[0]
    rows = [
        [cell.strip() for cell in line.strip("|").split("|")]
        for line in section.splitlines()
        if line.startswith("| ")
    ]
    header, rows = rows[0], rows[2:]
    return {row[0].strip("`"): dict(zip(header[1:], row[1:])) for row in rows}


def help_of(argv: list[str], capsys: pytest.CaptureFixture[str]) -> str:
    with pytest.raises(SystemExit):
        main([*argv, "--help"])
    return capsys.readouterr().out


def test_the_options_are_those_the_page_says(capsys: pytest.CaptureFixture[str]) -> None:
    table = options_table()
    assert list(table) == list(TABLE_OPTIONS)
    for game, argv in GAMES.items():
        text = help_of(argv, capsys)
        options = set(re.findall(r"^  (--[a-z-]+)", text, re.MULTILINE))
        options |= set(re.findall(r", (--[a-z-]+)", text))  # --seat, --seats
        said = " ".join(text.split())
        for option, cells in table.items():
            cell = cells[game]
            if cell == "yes":
                assert option in options, (game, option)
            else:  # no such option, and the help says why, in the page's words
                assert option not in options, (game, option)
                assert f"No {option}: {cell}." in said, (game, option)
        assert "--seats" in options  # the plural too, with lists
        assert "(human,greedy)" in said


def test_the_presets_are_offered_in_one_order(capsys: pytest.CaptureFixture[str]) -> None:
    for argv in GAMES.values():
        text = " ".join(help_of(argv, capsys).split())
        choices = re.search(r"--rules \{([a-z,]+)\}", text)
        assert choices is not None
        names = choices.group(1).split(",")
        assert names == sorted(names)


@pytest.mark.parametrize("argv", list(GAMES.values()), ids=lambda argv: argv[0])
def test_one_wording_per_kind_of_error(
    argv: list[str], capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr("sys.stdin", io.StringIO(""))
    prog = "morpyam " + " ".join(argv)
    too_many = ",".join(["random"] * 7)
    assert main([*argv, "--seats", too_many]) == 2
    out, err = capsys.readouterr()
    err = unfitted(err)
    assert out == ""  # nothing of the game before the error
    assert re.fullmatch(
        rf"{prog}: error: --seat: give one per player, \d to \d of them; got 7\n", err
    )
    assert main([*argv, "--seat", "chess"]) == 2
    err = unfitted(capsys.readouterr().err)
    assert re.fullmatch(rf"{prog}: error: --seat: 'chess' is not a seat; the seats are .*\n", err)
    assert "human" in err
    assert main([*argv, "--seats", "random,random", "--name", "Anne"]) == 2
    assert unfitted(capsys.readouterr().err) == (
        f"{prog}: error: --name: give one per seat, or none; got 1 for 2 seats\n"
    )
    assert main([*argv, "--seats", "random,random", "--rule", "nonsense=1"]) == 2
    err = unfitted(capsys.readouterr().err)
    assert err.startswith(f"{prog}: error: --rule 'nonsense': unknown field; the fields are ")
    assert main([*argv, "--seats", "random,random", "--rule", "players"]) == 2
    assert (
        unfitted(capsys.readouterr().err)
        == f"{prog}: error: --rule 'players': expected FIELD=VALUE\n"
    )
    assert main([*argv, "--seats", "random,random", "--name", "Anne", "--name", " anne"]) == 2
    assert unfitted(capsys.readouterr().err) == (
        f"{prog}: error: --name: 'anne' is given twice; each seat needs its own name\n"
    )


@pytest.mark.parametrize(
    ("argv", "settings"),
    [
        (["play"], ["players=4", "tokens_per_player=8"]),
        (["myrummy", "play"], ["players=3"]),
    ],
    ids=["morpyam", "myrummy"],
)
def test_the_seats_give_the_number_of_players(
    argv: list[str],
    settings: list[str],
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # R-SET-2, R-RUM-SET-1: rules for more players than seats would seat a player no one plays
    monkeypatch.setattr("sys.stdin", io.StringIO("quit\n"))
    rules = [word for setting in settings for word in ("--rule", setting)]
    assert main([*argv, "--seats", "human,random", *rules]) == 2
    out, err = capsys.readouterr()
    err = unfitted(err)
    assert out == ""
    players = settings[0].split("=")[1]
    assert err == (
        f"morpyam {' '.join(argv)}: error: --rule players={players}: the game has one player "
        f"per --seat, and there are 2; give {players} --seat options instead\n"
    )


def test_a_knob_that_cannot_be_off_quotes_the_word_typed(
    capsys: pytest.CaptureFixture[str],
) -> None:
    # R-RUM-OPEN-1: the opening needs a number of points; "off" is not one, and None is no word
    assert main(["myrummy", "play", "--rule", "opening_points=off"]) == 2
    assert unfitted(capsys.readouterr().err) == (
        "morpyam myrummy play: error: --rule opening_points: R-RUM-OPEN-1: "
        "opening_points is a whole number from 0 to 500, not 'off'\n"
    )


def test_a_preset_and_a_rules_file_are_not_given_together(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    rules = tmp_path / "rules.toml"
    rules.write_text('preset = "classic"\n', encoding="utf-8")
    assert main(["play", "--rules", "classic", "--rules-file", str(rules)]) == 2
    out, err = capsys.readouterr()
    err = unfitted(err)
    assert out == ""
    assert (
        err == "morpyam play: error: --rules and --rules-file: give one, a preset or a rules file\n"
    )


@pytest.mark.parametrize(
    ("argv", "first"),
    [
        (["play", "--seats", "human,random"], "Morpyam, classic rules: Anne X (human), "),
        (["yahtzee", "play", "--seats", "human,random"], "Yahtzee, hasbro rules ("),
        (["myrummy", "play", "--seats", "human,random"], "MyRummy, classic rules, 1 round: "),
    ],
    ids=["morpyam", "yahtzee", "myrummy"],
)
def test_one_banner_one_prompt_one_stop(
    argv: list[str], first: str, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr("sys.stdin", io.StringIO("nonsense\nquit\n"))
    assert main([*argv, "--seed", "11", "--name", "Anne", "--name", "Bob"]) == 1
    lines = capsys.readouterr().out.splitlines()
    assert max(map(len, lines)) <= 80  # fitted to 80 columns, with no terminal
    helped = lines.index("Type 'help' for the commands, 'quit' to stop.")
    banner = " ".join(line.strip() for line in lines[:helped])  # the first line, wrapped
    assert banner.startswith(first)
    assert "Anne" in banner
    assert banner.endswith("; seed 11 (--seed 11 plays it again).")
    text = "\n".join(lines)
    assert re.search(r"^Anne( X)?> ", text, re.MULTILINE)  # the prompt: the name, and >
    assert "  nonsense\n  ^ 'nonsense' is not a command" in text  # a caret under the word
    assert lines[-1].endswith("Game stopped.")


class _CtrlC(io.StringIO):
    """Standard input where the person presses Ctrl-C at the first prompt."""

    def readline(self, size: int | None = -1) -> str:  # type: ignore[override]
        raise KeyboardInterrupt


@pytest.mark.parametrize(
    "argv",
    [
        ["play", "--seats", "human,greedy"],
        ["yahtzee", "play", "--seats", "human,greedy"],
        ["myrummy", "play", "--seats", "human,greedy"],
    ],
    ids=["morpyam", "yahtzee", "myrummy"],
)
def test_ctrl_c_at_the_table_stops_every_game_alike(
    argv: list[str], capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    # the exit statuses of docs/terminal.md: a game stopped is 1, in the three games
    monkeypatch.setattr("sys.stdin", _CtrlC())
    assert main([*argv, "--seed", "4"]) == 1
    out = capsys.readouterr().out
    assert out.endswith("\nGame stopped.\n")
    assert "Traceback" not in out
