"""MyRummy at the terminal as a person meets it: hand-overs, numbers that stay, replays, colours."""

from __future__ import annotations

import io
import json
import re
from pathlib import Path

import attrs
import pytest

import morpyam.myrummy as mr
from morpyam.cli import main
from morpyam.cli.console import colour_tiles
from morpyam.cli.myrummy import arrange, play_terminal
from morpyam.cli.play import STEP_PROMPT
from morpyam.myrummy.notation._records import Resign

T, M = mr.parse_tiles, mr.parse_meld
SMALL = attrs.evolve(mr.Rules.classic(), rack_size=6)


def test_two_humans_see_each_rack_only_after_its_hand_over() -> None:
    # R-RUM-SET-2: racks are face down; a hot seat hands the terminal over before each rack
    log: list[str] = []
    answers = iter(["", "draw", "", "draw", "", "draw", "", "quit"])

    def read(prompt: str) -> str:
        log.append(f"<prompt {prompt}>")
        return next(answers)

    state = play_terminal(
        SMALL,
        ["human", "human"],
        seed=4,
        input=read,
        output=log.append,
        names=["Anne", "Bob"],
        clear=lambda: log.append("<clear>"),
    )
    holder = None
    racks_seen = 0
    for index, entry in enumerate(log):
        handed = re.match(r"<prompt Pass the terminal to (\w+), then press Enter\. >", entry)
        if handed:
            if holder is not None:  # the screen is cleared before it is handed on
                assert log[index - 1] == "<clear>"
            holder = handed.group(1)
        for who in re.findall(r"Your rack \((\w+)\)", entry):
            assert who == holder  # no rack is shown to another player
            racks_seen += 1
        for who in re.findall(r"^  (\w+) drew ", entry):
            assert who == holder  # the tile drawn, told only to the one who drew it
    assert racks_seen >= 3
    assert log.count("<clear>") == racks_seen - 1  # before each hand-over but the first
    other = {"Anne": "Bob", "Bob": "Anne"}
    # what happened while the other player held the terminal is told after the hand-over
    assert "Meanwhile:" in log
    assert "  Anne: draws" in log or "  Bob: draws" in log
    for rack, name in zip(state.racks, ("Anne", "Bob")):
        shown = [e for e in log if f"Your rack ({other[name]})" in e]
        assert all(" ".join(map(str, rack)) not in e for e in shown if len(rack) > 3)
    assert log[-1] == "Game stopped."


def test_the_table_keeps_its_order_between_turns_and_says_what_moved() -> None:
    # R-RUM-RE-1: a join empties combination 2; 3 and 4 close up, and the line says so
    texts = ("[pu4 pu5 pu6 pu7]", "[pu8 pu9 pu10]", "[gy9 gy10 gy11]", "{bk7 gn7 gy7}")
    order = tuple(M(m) for m in texts)
    moves = [mr.parse_move("join 1 2"), mr.parse_move("add gy12 to 3")]
    after = (M("[pu4 pu5 pu6 pu7 pu8 pu9 pu10]"), M("[gy9 gy10 gy11 gy12]"), M("{bk7 gn7 gy7}"))
    shown, moved = arrange(order, moves, T("gy12 bk1"), mr.Play(after).table)
    assert shown == after
    assert moved == {3: 2, 4: 3}
    # at the table: the play told as moves, the renumbering said, the next turn drawn so
    state = mr.position(
        SMALL, racks=[T("gy12 bk1 bk2 bk3 gn1"), T("bk13")], table=order, opened=[0, 1]
    )
    assert [str(meld) for meld in state.table] == [str(meld) for meld in order]
    typed = iter(["join 1 2; add gy12 to 3; lay bk1 bk2 bk3", "done", "quit"])
    lines: list[str] = []
    play_terminal(
        SMALL,
        ["human", "greedy"],
        seed=1,
        input=lambda _: next(typed),
        output=lines.append,
        state=state,
    )
    # told as its record tells it (the moves typed, in the order the record writes them)
    told = lines.index("player 0: add gy12 to 3; lay bk1 bk2 bk3; join 1 2")
    assert (
        mr.play_text(state, mr.Play((*after, M("[bk1 bk2 bk3]"))), order=order)
        == (lines[told].partition(": ")[2])
    )
    assert lines[told + 1] == "  (combinations renumbered: 3\N{EN DASH}5 are now 2\N{EN DASH}4)"
    again = next(line for line in lines[told:] if line.startswith("Table:"))
    table = [line.split("  ")[-1] for line in again.splitlines()[1:5]]
    assert table == [  # as the screen showed them, the new run last: not the engine's order
        "[pu4 pu5 pu6 pu7 pu8 pu9 pu10]",
        "[gy9 gy10 gy11 gy12]",
        "{bk7 gn7 gy7}",
        "[bk1 bk2 bk3]",
    ]


def test_laid_tiles_are_said_so_and_the_rack_count_follows_the_turn() -> None:
    # R-RUM-TURN-1: a tile laid this turn is no longer on the rack, and the count says so
    state = mr.position(SMALL, racks=[T("pu4 pu5 pu6 gy1"), T("bk13")], table=(), opened=[0])
    typed = iter(["lay pu4 pu5 pu6", "lay pu4", "quit"])
    lines: list[str] = []
    play_terminal(
        SMALL,
        ["human", "greedy"],
        seed=1,
        input=lambda _: next(typed),
        output=lines.append,
        state=state,
    )
    assert "Racks: player 0: 4 tiles (laid out)" in lines[0]
    assert "Racks: player 0: 1 tile (laid out)" in lines[1]  # three laid this turn
    assert "  pu4 is already laid this turn (in combination 1): undo to take it back" in lines


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


def test_a_replay_is_told_as_moves_with_the_players_and_steps(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    # R-RUM-MATCH-1: a record replays turn by turn, each told as moves, as morpyam replay steps
    path = tmp_path / "match.json"
    argv = ["myrummy", "play", "--seats", "greedy,points", "--seed", "3", "--rack-size", "8"]
    assert main([*argv, "--record", str(path), "--no-color"]) == 0
    played = unfit(capsys.readouterr().out.splitlines())
    monkeypatch.setattr("sys.stdin", io.StringIO("\n\nb\n5\ne\nq\n"))
    assert main(["myrummy", "replay", str(path)]) == 0
    out = capsys.readouterr().out
    lines = out.split("> ")  # each answer to the prompt
    out = out.replace("quit> ", "quit>\n")
    total = re.search(r"Step 0 of (\d+)", out)
    assert total is not None
    # the first line says the match as the game's first line does: rules, rounds, players
    # (the --rack-size given is the knob that differs from the classic preset)
    assert lines[0] == (
        "MyRummy, classic rules (rack_size 8), 1 round: player 0, player 1.\n"
        f"Step 0 of {total[1]} · start of the match\n{STEP_PROMPT.removesuffix('> ')}"
    )
    steps = re.findall(r"^Step (\d+) of (\d+) · (.*)$", out, re.MULTILINE)
    last = int(steps[0][1])
    # Enter, Enter, back, 5, end: the step numbers are those typed, counted from 0 to the last
    assert [int(number) for number, _, _ in steps] == [0, 1, 2, 1, 5, last]
    assert {int(total) for _, total, _ in steps} == {last}
    # the table is drawn at a step gone to by number (5, e), not at each step
    assert out.count("Racks: ") == 2
    plays = [told for line in played if (told := line.partition(": ")[2]) and line[:6] == "player"]
    # the last step is the end, with the plays told as at the table
    unfitted = unfit(out.splitlines())
    end = next(line for line in unfitted if line.startswith(f"Step {last} of "))
    assert end.partition(" · ")[2].partition(": ")[2] in plays
    assert re.search(r" · player [01]: ", end)
    assert "Game over (" in out
    assert re.search(r"^Totals: player 0 ", out, re.MULTILINE)
    # every play of the record is a step told as moves, never as the whole table
    assert main(["myrummy", "replay", "--no-wait", str(path)]) == 0
    replayed = capsys.readouterr().out.splitlines()
    assert max(map(len, replayed)) <= 80
    entries = [line for line in unfit(replayed) if line.startswith("Step ")]
    assert not any(" play [" in line for line in entries)
    assert sum(bool(re.search(r": (lay|add|move|split|join|swap) ", line)) for line in entries) > 2
    assert sum(line.startswith("Racks: ") for line in replayed) == 1  # the end only


def test_a_replay_names_the_players_and_counts_each_drawn_tile(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    # R-RUM-TURN-1: a draw takes one tile from the pool; the replay shows the rack after it,
    # and calls the players by the names given at the table
    path = tmp_path / "named.json"
    argv = ["myrummy", "play", "--seats", "greedy,greedy", "--name", "Anne", "--name", "Bob"]
    assert main([*argv, "--seed", "3", "--record", str(path), "--no-color"]) == 0
    capsys.readouterr()
    assert json.loads(path.read_text(encoding="utf-8"))["names"] == ["Anne", "Bob"]
    assert main(["myrummy", "replay", "--no-wait", "--no-color", str(path)]) == 0
    lines = capsys.readouterr().out.splitlines()
    told = [line for line in lines if line.startswith("Step ")]
    # stepping with v after each step shows the racks after it
    keys = "\n".join(["v"] + ["\n".join(["", "v"])] * (len(told) - 1) + ["q"]) + "\n"
    monkeypatch.setattr("sys.stdin", io.StringIO(keys))
    assert main(["myrummy", "replay", "--no-color", str(path)]) == 0
    lines = capsys.readouterr().out.replace("> ", ">\n").splitlines()
    racks = [
        {who: int(size) for who, size in re.findall(r"(\w+): (\d+) tiles?", line.split(";")[0])}
        for line in lines
        if line.startswith("Racks: ")
    ]
    assert len(racks) == len(told)
    assert racks[0] == {"Anne": 14, "Bob": 14}  # the deal, R-RUM-SET-2
    pools = [int(m[1]) for line in lines if (m := re.search(r"pool: (\d+) tiles", line))]
    draws = 0
    for index, line in enumerate(told[1:], 1):
        if line.endswith(": draws"):
            who = line.split(" · ")[1].partition(":")[0]
            assert racks[index][who] == racks[index - 1][who] + 1
            assert pools[index] == pools[index - 1] - 1
            draws += 1
    assert draws > 2
    assert not any("player 0" in line or "player 1" in line for line in lines)
    assert any(". Winner: " in line for line in lines)


def test_a_match_with_a_chosen_first_player_replays(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    # R-RUM-SET-3: --first-player decides the lot; the record keeps it as its first entry
    path = tmp_path / "first.json"
    argv = ["myrummy", "play", "--seats", "greedy,greedy", "--first-player", "1", "--seed", "4"]
    assert main([*argv, "--rack-size", "4", "--record", str(path), "--no-color"]) == 0
    capsys.readouterr()
    actions = json.loads(path.read_text(encoding="utf-8"))["actions"]
    assert actions[0] == "first 1"
    assert main(["myrummy", "replay", "--no-wait", str(path)]) == 0
    assert "Game over (" in capsys.readouterr().out


class _Terminal(io.StringIO):
    def isatty(self) -> bool:
        return True


@pytest.mark.parametrize("colour", [True, False])
def test_tiles_in_their_colours_unless_asked_not_to(
    colour: bool, monkeypatch: pytest.MonkeyPatch
) -> None:
    pytest.importorskip("rich")
    monkeypatch.delenv("NO_COLOR", raising=False)
    monkeypatch.setenv("TERM", "xterm-256color")
    stream = _Terminal()
    colour_tiles("player 1: lay gn7 gy7 J; add pu9 to 2", stream, colour=colour)
    text = stream.getvalue()
    assert ("\x1b[" in text) is colour
    assert re.sub(r"\x1b\[[0-9;]*m", "", text) == "player 1: lay gn7 gy7 J; add pu9 to 2\n"
    monkeypatch.setenv("NO_COLOR", "1")
    stream = _Terminal()
    colour_tiles("lay gn7", stream)
    assert stream.getvalue() == "lay gn7\n"


def test_a_person_resigns_and_the_record_keeps_it(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    # resign ends the match at once, every other player winning (as R-END-4 in Morpyam)
    path = tmp_path / "resigned.json"
    monkeypatch.setattr("sys.stdin", io.StringIO("resign\n"))
    argv = ["myrummy", "play", "--name", "Anne", "--name", "Bob", "--first-player", "0"]
    assert main([*argv, "--seed", "3", "--record", str(path), "--no-color"]) == 0  # over
    out = capsys.readouterr().out
    assert "Anne: resigns\n" in out
    assert "Game over (a player resigned). Winner: Bob.\n" in out
    record = mr.load_record(path)
    assert record.actions[-1] == Resign(0)
    assert mr.replay(record).winners == {1}


@pytest.mark.parametrize(
    "argv",
    [
        ["play", "--seats", "greedy,greedy", "--rules", "flash"],
        ["yahtzee", "play", "--seats", "greedy,greedy"],
        ["myrummy", "play", "--seats", "greedy,greedy", "--rack-size", "6"],
    ],
    ids=["morpyam", "yahtzee", "myrummy"],
)
def test_bots_are_paced_by_delay(
    argv: list[str], capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    waits: list[float] = []
    monkeypatch.setattr("time.sleep", waits.append)
    assert main([*argv, "--seed", "2", "--delay", "0.25", "--no-color"]) == 0
    out = capsys.readouterr().out
    assert waits
    assert set(waits) == {0.25}
    # one wait after each turn but the last, each after the position it lets people watch
    assert len(waits) >= 3
    with pytest.raises(SystemExit) as refused:
        main([*argv, "--seed", "2", "--delay", "-1"])
    assert refused.value.code == 2
    assert "argument --delay: seconds from 0 to 60, not -1" in capsys.readouterr().err
    assert "Game over (" in out
