"""The terminal game, driven through stdin: ``morpyam play``, ``replay`` and ``show``."""

from __future__ import annotations

import io
import json
import random
import re
import xml.etree.ElementTree as ET
from collections.abc import Iterator
from pathlib import Path

import attrs
import pytest
from fitted import unfitted
from hypothesis import given, settings
from hypothesis import strategies as st
from hypothesis_profiles import examples

import morpyam as mp
from morpyam import cli
from morpyam.bots import RandomBot
from morpyam.cli import play as terminal
from morpyam.cli.play import SEATS, TABLE_HELP, play_game, step_through
from morpyam.records import GameRecord, Resign, load_record, replay, save_record
from morpyam.state_json import state_to_json


@pytest.fixture(autouse=True)
def _commands(monkeypatch: pytest.MonkeyPatch) -> None:
    """The subcommands, as ``morpyam.cli`` will list them."""
    monkeypatch.setattr(
        cli,
        "COMMANDS",
        [terminal.register_play, terminal.register_replay, terminal.register_show],
    )


def run(
    args: list[str], stdin: str, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> tuple[int, str, str]:
    """``morpyam ARGS`` with ``stdin`` typed in: the exit status, stdout and stderr."""
    monkeypatch.setattr("sys.stdin", io.StringIO(stdin))
    status = cli.main(args)
    captured = capsys.readouterr()
    return status, captured.out, unfitted(captured.err)


def scripted_game(rules: mp.Rules, seed: int) -> list[mp.Action]:
    """The actions of a whole game with a simple policy: place on the first cell, else roll or pass."""
    rng = random.Random(seed)
    state = mp.new_game(rules, first_player=0)
    actions: list[mp.Action] = []
    while not state.is_terminal:
        if state.is_chance:
            action: mp.Action = mp.sample_chance(state, rng)
        else:
            legal = mp.legal_actions(state)
            places = [a for a in legal if isinstance(a, (mp.Place, mp.PlaceTile))]
            rolls = [a for a in legal if isinstance(a, mp.Roll) and a.call is None]
            action = places[0] if places else rolls[-1] if rolls else legal[0]
        actions.append(action)
        state = mp.apply(state, action)
    return actions


def test_two_humans_play_a_whole_game_with_real_dice(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    rules = mp.Rules.classic()
    actions = scripted_game(rules, seed=4)
    lines = [str(action) for action in actions]
    # a cell alone places a token; dice may be typed without the verb
    place = next(i for i, a in enumerate(actions) if isinstance(a, mp.Place))
    lines[place] = lines[place].removeprefix("place ")
    # actions[0] is player 0's roll, actions[1] the dice, actions[2] player 0's next decision.
    # Mistakes a person makes, each answered with a message and a new prompt:
    at_the_table = ["6 6 6 6 6 6", "place a1", "deal mini", "help"]
    at_the_player = ["help", "jump c4", "roll keep 7", "place z9", "dice 1 2 3 4 5", "resign 1", ""]
    lines = [lines[0], *at_the_table, lines[1].removeprefix("dice "), *at_the_player, *lines[2:]]
    path = tmp_path / "game.json"
    status, out, err = run(
        [
            "play",
            "--seat",
            "human",
            "--seat",
            "human",
            "--manual-dice",
            "--first-player",
            "0",
            "--record",
            str(path),
            "--name",
            "Ann",
            "--name",
            "Bob",
        ],
        "\n".join(lines) + "\n",
        monkeypatch,
        capsys,
    )
    assert (status, err) == (0, "")
    assert "Traceback" not in out
    expected = GameRecord(rules, actions, first_player=0, names=("Ann", "Bob"))
    assert load_record(path) == expected
    end = replay(expected)
    assert end.is_terminal
    for message in [
        "  jump c4\n  ^ 'jump' is not a command; type 'help' for the commands",
        "'7' is not a die face",
        "Not allowed: R-SET-1: z9 is off the 6×6 grid",
        "Dice and tiles come after your action",
        "You can resign only for yourself",
        "Allowed now:",
        "Type the dice thrown",
        "1 to 5 dice are thrown",
        "Not allowed: R-TURN-1: the dice are in the air",
        "The program does not throw the dice",
    ]:
        assert message in out, message
    totals = mp.scores(end)
    for player in (0, 1):
        assert f"{('Ann', 'Bob')[player]} {'XO'[player]}: {totals[player]} point" in out
    winners = " and ".join(("Ann", "Bob")[p] for p in sorted(end.winners))
    assert "won by player" not in out  # the final position names the players too
    assert f"Winner: {winners}." in out
    assert "Record saved to" in out
    assert str(path) in out
    # the grid is drawn at the start and again after each placement, at least
    placements = sum(isinstance(action, mp.Place) for action in actions)
    assert out.count("    a    b    c    d    e    f") >= placements + 1
    # the final picture, every player called by name: the tokens left and the result
    grid = str(end).rsplit("\n", 1)[0]  # the final grid, without the library's result line
    assert grid.replace("player 0", "Ann").replace("player 1", "Bob") in out


def test_a_human_resigns_against_a_random_bot(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "game.txt"
    status, out, _ = run(
        [
            "play",
            "--seat",
            "random",
            "--seat",
            "human",
            "--seed",
            "5",
            "--first-player",
            "0",
            "--record",
            str(path),
        ],
        "legal\nboard\nresign\n",
        monkeypatch,
        capsys,
    )
    assert status == 0
    record = load_record(path)
    assert record.actions[-1] == Resign(1)
    assert all(not isinstance(a, Resign) for a in record.actions[:-1])
    end = replay(record)
    # R-END-4: with two players, the other one wins
    assert (end.winners, end.end_rule) == (frozenset({0}), "R-END-4")
    assert "Game over (by forfeit, R-END-4). Winner: player 0." in out
    assert "Allowed now:" in out


def test_bots_play_to_the_end_and_the_record_replays(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "game.json"
    args = [
        "play",
        "--rules",
        "flash",
        "--seat",
        "random",
        "--seat",
        "random",
        "--seat",
        "random",
        "--seed",
        "11",
        "--record",
        str(path),
    ]
    status, out, _ = run(args, "", monkeypatch, capsys)
    assert status == 0
    record = load_record(path)
    assert record.rules == mp.Rules.flash(players=3)
    assert record.first_player is None  # R-SET-3: the start roll decides
    end = replay(record)
    assert end.is_terminal
    winners = " and ".join(f"player {p}" for p in sorted(end.winners))
    assert f"Winner: {winners}." in out
    # the same seed plays the same game (--force: the record of the first one is there)
    assert run([*args, "--force"], "", monkeypatch, capsys)[0] == 0
    assert load_record(path) == record


def test_input_that_ends_stops_the_game_and_keeps_the_record(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "game.json"
    status, out, _ = run(
        ["play", "--seed", "1", "--first-player", "0", "--record", str(path)],
        "roll\n",
        monkeypatch,
        capsys,
    )
    assert status == 1
    assert "Game stopped." in out
    record = load_record(path)
    assert record.actions[0] == mp.Roll()
    assert isinstance(record.actions[1], mp.RollResult)
    assert len(record.actions) == 2
    status, out, _ = run(
        ["play", "--seed", "1", "--first-player", "0"], "quit\n", monkeypatch, capsys
    )
    assert (status, "Game stopped." in out) == (1, True)


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["play", "--seat", "human"], "--seat: give one per player, 2 to 4 of them; got 1"),
        (["play", "--seat", "genius"], "--seat: 'genius' is not a seat; the seats are human,"),
        (
            ["play", "--record", "game.pgn"],
            "--record game.pgn: a record file ends in .json or .txt",
        ),
        (
            ["play", "--first-player", "2"],
            "morpyam play: error: --first-player: a seat 0 to 1, not 2",
        ),
        (["play", "--name", "Ann"], "--name: give one per seat, or none; got 1 for 2 seats"),
        (["play", "--name", "Ann", "--name", "B\tb"], "--name: a name is 1 to 40 printable"),
        (["play", "--rules-file", "nowhere.toml"], "nowhere.toml: No such file"),
        # R-LINE-1: a knob's refusal names its rule, in a player's words
        (
            ["play", "--rule", "diagonals=wide"],
            '--rule diagonals: R-LINE-1: expected one of "all", "long", got the string',
        ),
        (
            ["play", "--rule", "end_bonus=1.5"],
            "--rule end_bonus: R-END-2: expected a whole number, got the float 1.5",
        ),
        (
            ["play", "--record", "no-such-folder/game.json"],
            "cannot write no-such-folder/game.json: No such file",
        ),
    ],
)
def test_bad_play_options(
    args: list[str],
    message: str,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:
    status, out, err = run(args, "", monkeypatch, capsys)
    assert status == 2
    assert message in err
    assert "Traceback" not in out + err


def test_rules_files_and_unknown_seats(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    rules_file = tmp_path / "rules.json"
    rules_file.write_text('{"preset": "classic", "players": 3, "tokens_per_player": 2}')
    status, _, err = run(["play", "--rules-file", str(rules_file)], "", monkeypatch, capsys)
    assert (status, "is for 3 players, not 2 seats" in err) == (2, True)
    path = tmp_path / "g.json"
    args = ["play", "--rules-file", str(rules_file), "--record", str(path), "--seed", "2"]
    status, _, _ = run([*args, *["--seat", "random"] * 3], "", monkeypatch, capsys)
    assert status == 0
    assert load_record(path).rules.tokens_per_player == 2
    status, _, err = run(["play", "--seats", "random,odds"], "", monkeypatch, capsys)
    assert status == 0  # a list of seats, as in the other games
    assert err == ""


def test_the_seat_registry_takes_new_bots(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    class Passer:
        """Rolls once a turn, then passes."""

        def choose(self, state: mp.State, rng: random.Random) -> mp.Action:
            return mp.Pass() if mp.Pass() in mp.legal_actions(state) else mp.Roll()

    monkeypatch.setitem(SEATS, "passer", Passer)
    status, out, _ = run(
        ["play", "--seat", "passer", "--seat", "human", "--seed", "3", "--first-player", "0"],
        "quit\n",
        monkeypatch,
        capsys,
    )
    assert status == 1
    assert "player 0 X: roll\n" in out
    assert "player 0 X: pass\n" in out


@settings(max_examples=examples(40))
@given(lines=st.lists(st.text(max_size=30), max_size=12))
def test_whatever_a_human_types_gets_a_prompt_not_a_traceback(lines: list[str]) -> None:
    typed = iter([line.replace("\n", " ").replace("\r", " ") for line in lines])
    said: list[str] = []

    def ask(prompt: str) -> str:
        said.append(prompt)
        return next(typed, "quit")

    record = play_game(
        mp.Rules.classic(),
        [None, RandomBot()],
        random.Random(0),
        first_player=0,
        input=ask,
        output=said.append,
    )
    replay(record)  # whatever was accepted was legal
    assert said[-1] in ("Game stopped.",) or "Winner" in said[-1]


def test_step_through_a_record(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    actions: list[mp.Action | Resign] = [
        mp.Roll(),
        mp.RollResult((1, 1, 1, 2, 3)),
        mp.Place(mp.Cell.parse("a1")),
        Resign(1),
    ]
    record = GameRecord(mp.Rules.classic(), actions, first_player=0, event="Demo")
    path = tmp_path / "game.txt"
    save_record(record, path)
    status, out, _ = run(["replay", str(path), "--no-wait"], "", monkeypatch, capsys)
    assert status == 0
    assert "format:" not in out  # the file's own header line is no news to the reader
    # the header told as a game's first line: the rules, the players and their marks, facts
    assert out.splitlines()[0] == (
        "Morpyam, classic rules: player 0 X, player 1 O; first player: 0; event: Demo."
    )
    # one line a step, saying who did what, as the game said it
    told = [
        "Step 1 of 4 · player 0 X: roll",
        "Step 2 of 4 · player 0 X: dice 1 1 1 2 3 (roll 1)",
        "Step 3 of 4 · player 0 X: place a1 (three-ones)",
        "Step 4 of 4 · player 1 O: resigns",
    ]
    for line in told:
        assert line in out.splitlines()
    assert out.count("    a    b") == 1  # the grid: at the end only, without waiting
    assert "Game over (by forfeit, R-END-4). Winner: player 0." in out
    # stepping: next, next, back, go to 3, past the end, a wrong command, view, end, quit
    said: list[str] = []
    typed = iter(["", "n", "b", "3", "9", "9" * 5000, "what", "v", "e", "q"])
    assert step_through(record, input=lambda prompt: next(typed), output=said.append) == 0
    shown = [line.split(" · ")[0] for line in said if line.startswith("Step")]
    assert shown == [f"Step {n} of 4" for n in (0, 1, 2, 1, 3, 4)]
    assert "That is the end of the record." in said
    assert "Type Enter, n, b, v, s, e, q or a step number." in said
    # the grid only on request (v) and at a step gone to by number or e
    grids = [i for i, line in enumerate(said) if line.startswith("    a    b")]
    assert len(grids) == 3
    assert said[grids[0] - 1].startswith("Step 3 of 4")

    # Ctrl-C stops the replay as it stops a game: on a line of its own, status 1
    def interrupt(prompt: str) -> str:
        raise KeyboardInterrupt

    said.clear()
    assert step_through(record, input=interrupt, output=said.append) == 1
    assert said[-2:] == ["", "Replay stopped."]


def test_replay_reports_an_illegal_entry(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    record = GameRecord(mp.Rules.classic(), [mp.Roll(), mp.Pass()], first_player=0)
    path = tmp_path / "bad.json"
    save_record(record, path)
    status, out, _ = run(["replay", str(path), "--no-wait"], "", monkeypatch, capsys)
    assert status == 1
    assert "The next entry is illegal: entry 1 (pass): R-TURN-1:" in out
    status, _, err = run(["show", str(path)], "", monkeypatch, capsys)
    assert (status, "entry 1 (pass)" in err) == (1, True)


def svg_tokens(path: Path) -> list[ET.Element]:
    root = ET.fromstring(path.read_text(encoding="utf-8"))
    return [e for e in root.iter() if e.get("class") == "token"]


def test_show_writes_the_picture(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    actions = scripted_game(mp.Rules.classic(), seed=8)
    record = GameRecord(mp.Rules.classic(), actions, first_player=0)
    path = tmp_path / "game.json"
    save_record(record, path)
    picture = tmp_path / "end.svg"
    status, out, _ = run(["show", str(path), "--svg", str(picture)], "", monkeypatch, capsys)
    assert status == 0
    end = replay(record)
    assert str(end).rsplit("\n", 1)[0] in out  # the grid and the tokens left
    assert "game over (" not in out  # the result is said once, by the last line
    assert "Game over (by KO, R-END-1). Winner: player 0." in out.splitlines()
    assert len(svg_tokens(picture)) == len(end.board)
    # --at: the position after that many entries, with the last placement highlighted
    first_place = next(i for i, a in enumerate(actions) if isinstance(a, mp.Place))
    status, out, _ = run(
        ["show", str(path), "--svg", str(picture), "--at", str(first_place + 1)],
        "",
        monkeypatch,
        capsys,
    )
    assert status == 0
    assert len(svg_tokens(picture)) == 1
    root = ET.fromstring(picture.read_text(encoding="utf-8"))
    highlighted = [
        e
        for e in root.iter()
        if e.get("class") == "cell" and any(c.get("class") == "highlight" for c in e)
    ]
    place = actions[first_place]
    assert isinstance(place, mp.Place)
    assert [e.get("data-cell") for e in highlighted] == [str(place.cell)]
    status, _, err = run(["show", str(path), "--at", "99999"], "", monkeypatch, capsys)
    assert (status, "--at must be 0 to" in err) == (2, True)


def test_show_a_saved_state(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    state = replay(
        GameRecord(mp.Rules.classic(), scripted_game(mp.Rules.classic(), 2)[:40], first_player=0)
    )
    path = tmp_path / "state.json"
    path.write_text(state_to_json(state), encoding="utf-8")
    picture = tmp_path / "state.svg"
    status, out, _ = run(["show", str(path), "--svg", str(picture)], "", monkeypatch, capsys)
    assert status == 0
    assert str(state) in out
    assert len(svg_tokens(picture)) == len(state.board)
    status, _, err = run(["replay", str(path)], "", monkeypatch, capsys)
    assert (status, "use 'morpyam show'" in err) == (2, True)


def bad_files(tmp_path: Path) -> Iterator[tuple[Path, str]]:
    good = json.loads(GameRecord(mp.Rules.classic()).to_json())
    cases = {
        "missing.json": None,
        "truncated.json": '{"format": "morpyam/1", "rules"',
        "version.json": json.dumps({**good, "format": "morpyam/2"}),
        "notation.txt": "format: morpyam/1\nrules: classic\nplayers: 2\n\nplace c44 now\n",
        "record.pgn": "1. e4",
        "state.json": '{"format": "morpyam-state/1"}',
    }
    for name, text in cases.items():
        path = tmp_path / name
        if text is not None:
            path.write_text(text, encoding="utf-8")
        yield (
            path,
            {
                "missing.json": "No such file",
                "truncated.json": "line 1, column 32",
                "version.json": "unsupported version",
                "notation.txt": "line 5, column 11: unexpected 'now'",
                "record.pgn": "unknown file type '.pgn'",
                "state.json": "rules: missing",
            }[name],
        )


@pytest.mark.parametrize("command", ["replay", "show"])
def test_bad_files_get_a_message_not_a_traceback(
    command: str,
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:
    for path, message in bad_files(tmp_path):
        status, out, err = run([command, str(path)], "", monkeypatch, capsys)
        assert status == 2, path
        assert err.startswith(f"morpyam {command}: error: {path}: "), err
        assert message in err, (path, err)
        assert "Traceback" not in out + err


def test_a_line_that_is_not_text_gets_a_new_prompt() -> None:
    lines = iter(["roll", None, "quit"])
    shown: list[str] = []

    def read(prompt: str) -> str:
        line = next(lines)
        if line is None:
            raise UnicodeDecodeError("utf-8", b"\xff", 0, 1, "invalid start byte")
        return line

    record = play_game(
        mp.Rules.classic(), [None, RandomBot()], random.Random(1), first_player=0,
        input=read, output=shown.append,
    )  # fmt: skip
    assert any("could not be read as text" in line for line in shown)
    assert [str(entry) for entry in record.actions][:1] == ["roll"]


def test_bots_are_told_in_one_line_each_and_calls_say_how_they_went() -> None:
    said: list[str] = []
    bots = [SEATS["odds"](), SEATS["odds"]()]
    end = play_game(mp.Rules.classic(), bots, random.Random(1), output=said.append).start()
    assert end.rules == mp.Rules.classic()
    text = "\n".join(said)
    # no human plays: the grid is drawn at the start and after each turn (a token placed or a
    # pass, R-TURN-1), but the last, so that the game can be watched
    turns = sum(": place " in line or line.endswith(": pass") for line in said)
    assert text.count("    a    b    c    d    e    f") == 1 + (turns - 1) + 1  # and the end
    assert text.count("Key: tokens X0 player 0, O1 player 1; cells ") == 1
    # R-CALL-6: a missed call is told with the dice, a call in its notation
    assert "call straight missed)" in text
    assert "call straight came up)" in text
    assert "(roll 1)" in text  # each roll with its number
    assert "STRAIGHT" not in text
    # a die thrown again is told with the five dice it makes
    assert any(" → " in line and line.count(" ") > 6 for line in said if ": dice " in line)
    assert any(line.endswith("(straight)") for line in said if ": place " in line)


def test_a_human_sees_the_grid_only_when_its_tokens_changed() -> None:
    rng = random.Random(3)
    said: list[str] = []
    typed = iter(["roll", "roll", "roll", "pass", *["quit"] * 3])
    play_game(
        mp.Rules.classic(),
        [None, RandomBot()],
        rng,
        first_player=0,
        input=lambda prompt: next(typed),
        output=said.append,
    )
    grids = sum(line.startswith("    a    b") for line in said)
    placed = sum(": place " in line for line in said)
    # the start, then once per token placed since the human last looked
    assert grids <= placed + 1
    # each roll is told once: on the line of the player, not again in a status line
    dice = [line for line in said if ": dice " in line and line.startswith("player 0")]
    assert dice
    assert all(line.startswith("player 0 X: dice ") for line in dice)
    assert any(line == "player 0 to roll" for line in said)  # the status line at a turn's start


def test_words_offered_after_a_mistake_are_the_ones_that_work() -> None:
    said: list[str] = []
    typed = iter(["jump", "quit"])
    play_game(
        mp.Rules.classic(),
        [None, RandomBot()],
        random.Random(1),
        first_player=0,
        input=lambda prompt: next(typed),
        output=said.append,
    )
    # the answer of every game to a word that is no command
    assert "  jump\n  ^ 'jump' is not a command; type 'help' for the commands" in said
    said.clear()
    typed = iter(["roll", "toss 3 3", "throw", "quit"])
    play_game(
        mp.Rules.classic(),
        [None, RandomBot()],
        random.Random(1),
        first_player=0,
        manual_dice=True,
        input=lambda prompt: next(typed),
        output=said.append,
    )
    # at the prompt of the real dice too, and the help there lists its words
    assert "  throw\n  ^ 'throw' is not a command; type 'help' for the commands" in said
    assert "  toss 3 3\n  ^ 'toss' is not a command; type 'help' for the commands" in said
    assert "auto" in TABLE_HELP
    assert "quit" in TABLE_HELP


def test_players_are_told_apart_by_colour_on_a_terminal(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    pytest.importorskip("rich")

    class Terminal(io.StringIO):
        def isatty(self) -> bool:
            return True

    monkeypatch.delenv("NO_COLOR", raising=False)
    monkeypatch.setenv("TERM", "xterm")
    screen = Terminal()
    monkeypatch.setattr("sys.stdout", screen)
    monkeypatch.setattr("sys.stdin", io.StringIO(""))
    assert cli.main(["play", "--seat", "odds", "--seat", "odds", "--seed", "1"]) == 0
    assert "\x1b[1;31mX0\x1b[0m" in screen.getvalue()  # player 0 in bold red
    assert "\x1b[1;34mO1\x1b[0m" in screen.getvalue()  # player 1 in bold blue


def run_binary_stdin(
    args: list[str],
    stdin: bytes,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> tuple[int, str, str]:
    """``morpyam ARGS`` reading ``stdin`` as bytes, as from a pipe."""
    monkeypatch.setattr("sys.stdin", io.TextIOWrapper(io.BytesIO(stdin), encoding="utf-8"))
    status = cli.main(args)
    captured = capsys.readouterr()
    return status, captured.out, unfitted(captured.err)


def test_a_dash_reads_standard_input_and_writes_standard_output(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    actions = scripted_game(mp.Rules.classic(), seed=8)
    record = GameRecord(mp.Rules.classic(), actions, first_player=0)
    for text in (record.to_text(), record.to_json()):
        status, out, _ = run_binary_stdin(["replay", "-"], text.encode(), monkeypatch, capsys)
        assert status == 0
        assert f"Step {len(actions)} of {len(actions)} · " in out  # no waiting for keys
        status, out, _ = run_binary_stdin(
            ["show", "-", "--svg", "-"], text.encode(), monkeypatch, capsys
        )
        assert status == 0
        tokens = [e for e in ET.fromstring(out).iter() if e.get("class") == "token"]
        assert len(tokens) == len(replay(record).board)
    state = mp.apply(mp.new_game(mp.Rules.classic(), first_player=0), mp.Roll())
    status, out, _ = run_binary_stdin(
        ["show", "-"], state_to_json(state).encode(), monkeypatch, capsys
    )
    assert (status, "dice in the air" in out) == (0, True)
    status, _, err = run_binary_stdin(["show", "-"], b"\xff\xfe", monkeypatch, capsys)
    assert (status, err) == (2, "morpyam show: error: standard input: not UTF-8 text (byte 0)\n")
    status, _, err = run_binary_stdin(
        ["show", "-"], b" " * (mp.files.MAX_TEXT_SIZE + 1), monkeypatch, capsys
    )
    assert status == 2
    assert "bigger than" in err
    status, out, _ = run(
        ["play", "--seat", "random", "--seat", "random", "--seed", "2", "--record", "-"],
        "",
        monkeypatch,
        capsys,
    )
    assert status == 0
    printed = GameRecord.from_text(out[out.index("# Morpyam game record") :])
    assert replay(printed).is_terminal


def test_ctrl_c_stops_the_game_on_a_line_of_its_own() -> None:
    def interrupted(prompt: str) -> str:
        raise KeyboardInterrupt

    said: list[str] = []
    record = play_game(
        mp.Rules.classic(),
        [None, RandomBot()],
        random.Random(1),
        first_player=0,
        input=interrupted,
        output=said.append,
    )
    assert said[-2:] == ["", "Game stopped."]
    assert record.actions == ()


@pytest.mark.parametrize(("is_full", "told"), [(True, True), (False, False)])
def test_a_called_full_house_is_told_as_the_rules_read_five_of_a_kind(
    is_full: bool, told: bool
) -> None:
    # R-FIG-4: five of a kind is a Full only where the rules say so, and the call is told so
    from morpyam.cli.play import _came_up

    rules = attrs.evolve(mp.Rules.classic(), morpyam_is_full=is_full)
    state = mp.apply(mp.new_game(rules, first_player=0), mp.Roll())
    state = mp.apply(state, mp.RollResult((1, 2, 4, 5, 6)))
    before = mp.apply(state, mp.Roll(call=mp.Figure.FULL_HOUSE))
    after = mp.apply(before, mp.RollResult((3, 3, 3, 3, 3)))
    assert _came_up(before, after) is told


def test_an_unwritable_record_is_refused_before_the_first_move(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    # R-END-2: a game's record is checked before the game, so a finished game is never lost
    folder = tmp_path / "folder.json"
    folder.mkdir()
    status, out, err = run(["play", "--record", str(folder)], "roll\n", monkeypatch, capsys)
    assert status == 2
    assert out == ""  # no banner, no prompt: the game did not start
    assert err.startswith(f"morpyam play: error: cannot write {folder}: ")
    kept = tmp_path / "kept.json"
    kept.write_text("old")
    missing = tmp_path / "new.json"
    from morpyam.cli.play import check_writable

    check_writable(str(kept))
    check_writable(str(missing))
    assert kept.read_text() == "old"  # appending opens it without emptying it
    assert not missing.exists()  # the check leaves no file behind


def test_the_key_links_each_short_name_on_the_grid_to_the_name_typed() -> None:
    # R-GRID-2: a cell shows a short code; the key names each with the name a player types,
    # and either name reads as the same label
    from morpyam.cli.play import legend
    from morpyam.figures import parse_label

    state = mp.new_game(mp.Rules.classic())
    key = legend(state, ["Anne", "Bob"])
    assert key.startswith("Key: tokens X0 Anne, O1 Bob; cells ")
    pairs = re.findall(r"(?:, |cells )(\S+) ([a-z-]+)", key)
    codes = {label.code for label in state.layout.labels}
    brelans = {code for code in codes if code.startswith("3×")}
    assert {code for code, _ in pairs} | brelans == codes | {"3×1...3×6"}
    for code, name in pairs:
        if code != "3×1...3×6":
            assert parse_label(code) == parse_label(name), (code, name)
