"""MyRummy's bots, matches, records and terminal game."""

from __future__ import annotations

import io
import random
import re
from collections import Counter
from collections.abc import Callable
from pathlib import Path

import attrs
import pytest
from clocks import clock
from fitted import unfitted

import morpyam.myrummy as mr
from morpyam.cli import main
from morpyam.cli import myrummy as cli
from morpyam.cli.console import fit
from morpyam.cli.myrummy import HELP, complete, play_terminal, render, rules_help
from morpyam.myrummy.core._tiles import tiles_text
from morpyam.myrummy.play import _bots as bots
from morpyam.myrummy.play._bots import (
    BOTS,
    GameRecord,
    GreedyBot,
    PointsBot,
    RandomBot,
    play_match,
    replay,
    simulate,
)
from morpyam.myrummy.solve import _ilp as ilp
from morpyam.myrummy.solve import _plays as solver

SMALL = attrs.evolve(mr.Rules.classic(), rack_size=6)


def test_bots_choose_legal_actions() -> None:
    # R-RUM-TURN-1: every bot lays a legal play or draws
    state = mr.position(
        mr.Rules.classic(),
        racks=[mr.parse_tiles("gn10 gn11 gn12 J pu1"), mr.parse_tiles("bk1")],
    )
    rng = random.Random(0)
    for bot in (RandomBot(), GreedyBot(), PointsBot()):
        for _ in range(4):
            mr.apply(state, bot.choose(state, rng))
    assert GreedyBot().choose(state, rng) == mr.parse_action("play [gn10 gn11 gn12 J]")
    assert set(BOTS) == {"random", "greedy", "points"}


def test_points_objective_prefers_the_joker() -> None:
    # R-RUM-JOK-1 / R-RUM-END-2: a joker on the rack costs 25, so the points bot lays it
    state = mr.position(
        mr.Rules.classic(),
        racks=[mr.parse_tiles("gn1 gn2 gn3 gn4 J bk13 gy13"), mr.parse_tiles("bk1")],
        table=(mr.parse_meld("[pu5 pu6 pu7]"),),
        opened=[0],
    )
    tiles = mr.best_play(state)
    points = mr.best_play(state, points_first=True)
    assert tiles is not None
    assert points is not None
    rack_after = mr.apply(state, points).racks[0]
    assert mr.JOKER not in rack_after
    with pytest.raises(ValueError, match="points_first"):
        mr.best_play(state, points_first="points")  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="objective"):
        mr.best_play(state, objective="fun")  # type: ignore[arg-type]


def test_objective_is_the_deprecated_spelling_of_points_first() -> None:
    # R-RUM-JOK-1 / R-RUM-END-2: objective="points" still works for one minor release, with a
    # DeprecationWarning naming points_first, and answers as points_first=True. By hand: the
    # joker makes [gn1 gn2 J gn4] (4 tiles, 32 points) or {bk13 gy13 J} (3 tiles, 51 points),
    # not both; pu8 goes on the table's run either way
    state = mr.position(
        mr.Rules.classic(),
        racks=[mr.parse_tiles("gn1 gn2 J gn4 bk13 gy13 pu8"), mr.parse_tiles("bk1")],
        table=(mr.parse_meld("[pu5 pu6 pu7]"),),
        opened=[0],
    )
    assert str(mr.best_play(state)) == "play [pu5 pu6 pu7 pu8] [gn1 gn2 J gn4]"
    assert str(mr.best_play(state, points_first=True)) == "play [pu5 pu6 pu7 pu8] {bk13 gy13 J}"
    for objective, points_first in (("tiles", False), ("points", True)):
        expected = mr.best_play(state, points_first=points_first)
        with pytest.warns(DeprecationWarning, match="points_first"):
            assert mr.best_play(state, objective=objective) == expected  # type: ignore[arg-type]
        with pytest.warns(DeprecationWarning, match="points_first"):
            assert bots.guarded_play(state, objective=objective) == expected  # type: ignore[arg-type]
    # the laid-out player's additive and local plays answer the same both ways
    with pytest.warns(DeprecationWarning, match="points_first"):
        assert bots.additive_play(state, objective="points") == bots.additive_play(
            state, points_first=True
        )
    with pytest.warns(DeprecationWarning, match="points_first"):
        assert bots.local_play(state, 50, objective="points") == bots.local_play(
            state, 50, points_first=True
        )
    with (
        pytest.warns(DeprecationWarning, match="points_first"),
        pytest.raises(ValueError, match="disagree"),
    ):
        mr.best_play(state, points_first=True, objective="tiles")
    # best_play_by took the objective in the place of points_first
    with pytest.warns(DeprecationWarning, match="points_first"):
        assert solver.best_play_by(state, "points", None) == solver.best_play_by(state, True, None)


def test_match_record_round_trip_and_replay() -> None:
    # R-RUM-MATCH-1: a record replays to the same match
    record = play_match(SMALL, [GreedyBot(), RandomBot()], seed=4, max_actions=60)
    state = replay(record)
    assert len(record.actions) == 60
    assert (
        state.pool_size
        + sum(len(rack) for rack in state.racks)
        + sum(len(meld.tiles) for meld in state.table)
        == 106
    )
    assert GameRecord.from_json(record.to_json()) == record
    for bad in (
        "{}",
        "[1]",
        '{"game": "myrummy"}',
        "not json",
        "[" * 100_000,
        '{"game": "myrummy", "rules": {}, "actions": "draw"}',
        '{"game": "myrummy", "rules": {"colors": 4}, "actions": []}',
        '{"game": "myrummy", "rules": {}, "actions": [1]}',
        " " * 20_000_000,
    ):
        with pytest.raises(ValueError, match="MyRummy record"):
            GameRecord.from_json(bad)
    with pytest.raises(ValueError, match="bots"):
        play_match(SMALL, [GreedyBot()], seed=1)


def test_simulation_counts_wins() -> None:
    # R-RUM-END-1 / R-RUM-MATCH-1: every match has at least one winner
    result = simulate(SMALL, [GreedyBot(), RandomBot()], games=3, seed=2, max_actions=40)
    assert result.games == 3
    assert result.actions == 3 * 40  # no match ends within 40 actions: the deal takes 12
    assert result.wins == (0, 0)
    quick = attrs.evolve(SMALL, rack_size=1, empty_pool="ends")
    result = simulate(quick, [GreedyBot(), GreedyBot()], games=2, seed=1, max_actions=2)
    assert result.actions == 4


def test_terminal_shows_only_the_own_rack() -> None:
    # R-RUM-SET-2: a human seat never sees another rack
    lines: list[str] = []
    typed = iter(["hint", "play [xx]", "pass", "draw", "quit"])  # 'play' is no command now
    with clock(passes_after=None):  # the hint's search finishes
        state = play_terminal(
            SMALL, ["human", "greedy"], seed=3, input=lambda _: next(typed), output=lines.append
        )
    shown = "\n".join(lines)
    assert "Your rack (player 0)" in shown
    assert "Your rack (player 1)" not in shown
    assert tiles_text(state.racks[1]) not in shown
    assert lines[-1] == "Game stopped."
    assert "  hint: draw (nothing can be laid)" in shown
    # R-RUM-TURN-1: a pass is refused while the pool has tiles, as every refusal
    refused = "  Not allowed: R-RUM-TURN-1: a player who does not lay takes a tile from the pool"
    assert refused in lines
    seen = mr.observe(state, 0)
    assert "pool" in render(seen)


def test_terminal_between_bots_to_the_end() -> None:
    # R-RUM-END-1: a match between bots runs to its end
    lines: list[str] = []
    start = mr.position(
        SMALL,
        racks=[mr.parse_tiles("gn7"), mr.parse_tiles("bk1 bk2")],
        table=(mr.parse_meld("[gn4 gn5 gn6]"),),
        opened=[0, 1],
    )
    state = play_terminal(SMALL, ["greedy", "points"], seed=5, output=lines.append, state=start)
    assert state.is_terminal
    assert any(line.startswith("Game over (") for line in lines)
    # bots only: the table after each turn but the last, to watch the match
    turns = sum(bool(re.match(r"player [01]: ", line)) for line in lines)
    assert sum(line.startswith("Racks: ") for line in "\n".join(lines).splitlines()) == turns - 1


def test_terminal_seats_a_rollout_bot(capsys: pytest.CaptureFixture[str]) -> None:
    # R-RUM-END-1: the terminal's rollout seat plays with the terminal's bound and goes out
    from morpyam.cli.myrummy import BOT_MAX_TABLE, SEATS

    assert SEATS["rollout"](max_table=BOT_MAX_TABLE) == mr.RolloutBot(max_table=60)
    start = mr.position(
        SMALL,
        racks=[mr.parse_tiles("gn7 gn8"), mr.parse_tiles("bk1 bk2")],
        table=(mr.parse_meld("[gn4 gn5 gn6]"),),
        opened=[0, 1],
    )
    lines: list[str] = []
    state = play_terminal(SMALL, ["rollout", "greedy"], seed=5, output=lines.append, state=start)
    assert state.winners == {0}
    assert "player 0: add gn7 gn8 to 1" in lines
    with pytest.raises(SystemExit):
        main(["myrummy", "play", "--help"])
    assert "human, greedy, points, random, rollout" in " ".join(capsys.readouterr().out.split())


def test_terminal_tells_a_human_the_tile_drawn() -> None:
    # R-RUM-TURN-1: the tile a human takes from the pool is named to them, never a bot's
    lines: list[str] = []
    start = mr.position(SMALL, racks=[mr.parse_tiles("gn7"), mr.parse_tiles("bk1 bk5")])
    typed = iter(["draw", "quit"])
    state = play_terminal(
        SMALL,
        ["human", "greedy"],
        seed=2,
        input=lambda _: next(typed),
        output=lines.append,
        state=start,
    )
    drawn = [line for line in lines if "drew" in line]
    assert len(drawn) == 1  # the human's draw; the bot's draw that follows is not named
    new = [tile for tile in state.racks[0] if tile != mr.parse_tile("gn7")]
    assert drawn[0] == f"  player 0 drew {new[0]}"  # R-RUM-TURN-1: the drawer sees the tile


def test_terminal_end_of_input() -> None:
    # R-RUM-TURN-1: end of input stops the game
    def closed(prompt: str) -> str:
        raise EOFError

    lines: list[str] = []
    play_terminal(SMALL, ["human", "greedy"], seed=3, input=closed, output=lines.append)
    assert lines[-1] == "Game stopped."


def test_command_line(capsys: pytest.CaptureFixture[str]) -> None:
    # R-RUM-SET-1: 2 to 4 seats; R-RUM-MATCH-1, R-RUM-SET-2: the knobs, said without API names
    assert main(["myrummy", "play", "--seat", "human"]) == 2
    assert unfitted(capsys.readouterr().err) == (
        "morpyam myrummy play: error: --seat: give one per player, 2 to 4 of them; got 1\n"
    )
    assert main(["myrummy", "play", "--seat", "human", "--seat", "chess"]) == 2
    assert "--seat: 'chess' is not a seat; the seats are human, greedy" in unfitted(
        capsys.readouterr().err
    )
    assert main(["myrummy", "play", "--seats", "human,greedy", "--rack-size", "0"]) == 2
    assert unfitted(capsys.readouterr().err) == (
        "morpyam myrummy play: error: --rack-size: R-RUM-SET-2: rack_size is a whole number "
        "from 1 to 20, got 0\n"
    )
    assert main(["myrummy", "play", "--rounds", "0"]) == 2
    err = unfitted(capsys.readouterr().err)
    assert "--rounds: R-RUM-MATCH-1: rounds is a whole number from 1 to 100, got 0" in err
    assert "Rules." not in err
    assert main(["myrummy", "play", "--rule", "min_stay=1"]) == 2
    assert "--rule min_stay: R-RUM-RE-2: min_stay is off or 2 to 13" in unfitted(
        capsys.readouterr().err
    )
    assert main(["myrummy", "play", "--rule", "colors=4"]) == 2
    assert "--rule 'colors': unknown field; the fields are players, " in unfitted(
        capsys.readouterr().err
    )
    assert main(["myrummy", "play", "--first-player", "2"]) == 2
    assert "--first-player: a seat 0 to 1, not 2" in unfitted(capsys.readouterr().err)
    assert main(["myrummy", "play", "--name", "Anne"]) == 2
    assert "--name: give one per seat, or none; got 1 for 2 seats" in unfitted(
        capsys.readouterr().err
    )
    assert main(["myrummy"]) == 0  # its help, on standard output
    assert "replay" in capsys.readouterr().out


def test_command_line_checks_the_record_path_before_the_first_move(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    # R-RUM-MATCH-1: a record that cannot be written is refused before the match, not after it
    monkeypatch.setattr("sys.stdin", io.StringIO("quit\n"))
    (tmp_path / "folder.json").mkdir()
    for bad in (tmp_path / "no" / "match.json", tmp_path / "folder.json"):
        assert main(["myrummy", "play", "--record", str(bad)]) == 2
        out, err = capsys.readouterr()
        err = unfitted(err)
        assert out == ""  # no banner, no deal: nothing was played
        assert err.startswith(f"morpyam myrummy play: error: cannot write {bad}: ")
    # a MyRummy record is JSON: a name that promises text, or no file type, is refused
    for bad in (tmp_path / "match.txt", tmp_path):
        assert main(["myrummy", "play", "--record", str(bad)]) == 2
        out, err = capsys.readouterr()
        err = unfitted(err)
        assert out == ""
        assert err == f"morpyam myrummy play: error: --record {bad}: a record file ends in .json\n"
    good = tmp_path / "match.json"
    assert main(["myrummy", "play", "--record", str(good), "--seed", "5"]) == 1  # stopped
    out = capsys.readouterr().out
    assert "player 0> Game stopped.\nRecord saved to" in out
    assert str(good) in out
    assert mr.load_record(good).actions  # the deal so far


def test_command_line_draws_a_fresh_seed_and_prints_it(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    # R-RUM-SET-2: every match deals afresh unless --seed repeats one; quit stops with status 1
    # (the human starts: a greedy first player could lay its whole rack of 6 and end the match)
    command = ["myrummy", "play", "--rack-size", "6", "--first-player", "0"]
    seeds = []
    for _ in range(2):
        monkeypatch.setattr("sys.stdin", io.StringIO("quit\n"))
        assert main(command) == 1
        out = capsys.readouterr().out
        first, *rest = out.split("\nType 'help'")[0].splitlines()
        banner = " ".join([first, *(line.strip() for line in rest)])
        rest = out.splitlines()
        assert banner.startswith(
            "MyRummy, classic rules, 1 round: player 0 (human), player 1 (greedy)"
        )
        seed = int(banner.partition("; seed ")[2].split()[0])
        assert f"(--seed {seed} plays it again)." in banner
        assert rest[-1] == "player 0> Game stopped."  # after the prompt input() wrote
        seeds.append((seed, out))
    assert seeds[0][0] != seeds[1][0]  # two draws of 2**32 seeds: equal once in 4 billion
    seed, out = seeds[0]
    monkeypatch.setattr("sys.stdin", io.StringIO("quit\n"))
    assert main([*command, "--seed", str(seed)]) == 1
    assert capsys.readouterr().out == out  # the same deal again


def test_complete_offers_words() -> None:
    # R-RUM-TURN-1: Tab offers the words of a move, the tiles in hand or on the table
    turn = mr.Turn([mr.parse_meld("[gn1 gn2 gn3]")], mr.parse_tiles("gn12 gy5 J"))
    assert complete("s", "s") == ["split", "swap"]
    assert complete("", "") == list(cli.WORDS)
    assert complete("a", "lay gn12; a") == ["add"]  # a new move after ";"
    assert complete("g", "add g", turn) == ["gn12", "gy5"]  # the tiles in hand
    assert complete("g", "move g", turn) == ["gn1", "gn2", "gn3"]  # the tiles on the table
    assert complete("gn1", "add gn1", turn) == ["gn12"]
    assert complete("gy1", "move gy1", turn) == ["gy1", "gy10", "gy11", "gy12", "gy13"]
    assert complete("t", "add gn1 t", turn) == ["to"]
    assert complete("s", "add J to 1 at s", turn) == ["start"]
    assert complete("J", "lay J", turn) == ["J"]
    assert complete("J", "lay J") == ["J"]


def test_terminal_help_and_unknown_words() -> None:
    # R-RUM-TURN-1: a player draws or plays; the prompt explains its words and offers no chance
    # words, no time-out (there is no clock) and skips empty lines
    answers = iter(["help", "?", "", "   ", "dance", "first 1", "timeout", "add gn5 to", "exit"])
    lines: list[str] = []
    play_terminal(
        SMALL, ["human", "greedy"], seed=3, input=lambda _: next(answers), output=lines.append
    )
    assert lines.count(HELP) == 2
    assert lines.count(rules_help(SMALL)) == 2
    assert "timeout" not in HELP
    (unknown,) = (line for line in lines if "'dance'" in line)
    assert unknown == "  dance\n  ^ 'dance' is not a command; type 'help' for the commands"
    assert "  first 1\n  ^ 'first' is not a command; type 'help' for the commands" in lines
    assert "  timeout\n  ^ 'timeout' is not a command; type 'help' for the commands" in lines
    assert "  add gn5 to\n      ^ write it as: add gn7 to 3 (or add J to 3 at start)" in lines
    assert not any("''" in line for line in lines)  # the empty lines were skipped
    assert lines[-1] == "Game stopped."


def test_help_explains_the_codes_combinations_opening_and_jokers() -> None:
    # R-RUM-SET-1, R-RUM-MELD-1/2, R-RUM-OPEN-1/3, R-RUM-RE-2, R-RUM-JOK-2/3, R-RUM-END-2:
    # what a newcomer needs, from the rules in play
    text = " ".join(rules_help(mr.Rules.classic()).split())  # wrapped at 88 columns
    for words in (
        "pu purple, bk black, gn green, gy grey",
        "J is a joker",
        "A run [gn4 gn5 gn6]: three or more tiles of one colour in a row",
        "A group {gn7 bk7 gy7}: three or four tiles of one value, all colours different",
        "at least 30 points from your rack",
        "nor add to it in the opening turn",
        "at least 3 tiles stay together",
        "swap a table joker for the tile it stands for",
        "lay the joker again in the same turn",
        "(a joker 25)",
    ):
        assert words in text
    free = " ".join(
        rules_help(attrs.evolve(mr.Rules.rummikub(), lay_off_in_opening_turn=True)).split()
    )
    # one line a rule, fitted to the screen when shown: at 80 columns, no word is cut
    shown = fit(rules_help(mr.Rules.classic()))
    assert max(map(len, shown.splitlines())) <= 80
    assert shown.split() == rules_help(mr.Rules.classic()).split()
    assert "any part of a combination may be taken" in free
    assert "nor add to it" not in free
    for word in ("lay", "add", "move", "split", "join", "swap", "undo", "reset", "done", "draw"):
        assert f"  {word}" in HELP


def _typed(answers: list[str], prompts: list[str]) -> Callable[[str], str]:
    queue = iter(answers)

    def read(prompt: str) -> str:
        prompts.append(prompt)
        return next(queue)

    return read


def test_a_turn_typed_as_moves_with_undo_a_swap_and_a_refused_play() -> None:
    # R-RUM-JOK-2 / R-RUM-JOK-3 / R-RUM-MELD-2 / R-RUM-END-1: steps build the table, undo takes
    # one back, done hands the play to the judge, which refuses a broken combination with its
    # rule; the corrected play lays the last tile and ends the match
    start = mr.position(
        SMALL,
        racks=[mr.parse_tiles("gy5 gn11 pu1 pu2 pu3"), mr.parse_tiles("bk1 bk5 gy12")],
        table=(mr.parse_meld("[gy4 J gy6]"), mr.parse_meld("[gn8 gn9 gn10]")),
        opened=[0, 1],
    )
    answers = [
        "lay pu1 pu2",
        "done",  # pu1 pu2 is no combination
        "add pu3 to 3",
        "swap gy5 for J in 2",
        "add gn11 to 1",
        "undo",
        "add gn11 J to 1",
        "done",
    ]
    lines: list[str] = []
    prompts: list[str] = []
    state = play_terminal(
        SMALL,
        ["human", "greedy"],
        seed=1,
        input=_typed(answers, prompts),
        output=lines.append,
        state=start,
    )
    text = "\n".join(lines)
    assert prompts == ["player 0> "] * len(answers)
    assert (
        "  Not allowed: R-RUM-MELD-2: combination 3 (pu1 pu2): a run or a group has at least 3 "
        "tiles, not 2" in lines
    )
    assert "   1  [gn8 gn9 gn10]\n   2  [gy4 gy5 gy6]\n   3  [pu1 pu2 pu3]" in text
    assert "In hand from the table: J (lay it again this turn)" in text
    assert "   1  [gn8 gn9 gn10 gn11 J]" in text
    assert "Your rack (player 0): pu1* pu2* pu3* gn11* gy5*  (* laid this turn: 5)" in text
    # the play is told as its record tells it: moves that can be typed again as they are
    (told,) = (line for line in lines if line.startswith("player 0: "))
    assert told == "player 0: swap gy5 for J in 2; add gn11 J to 1; lay pu1 pu2 pu3"
    again = mr.parse_play(start, told.partition(": ")[2])
    assert sorted(map(str, again.table)) == sorted(map(str, state.table))
    assert {str(meld) for meld in state.table} == {
        "[gy4 gy5 gy6]",
        "[gn8 gn9 gn10 gn11 J]",
        "[pu1 pu2 pu3]",
    }
    assert state.winners == {0}
    # R-RUM-END-2: what each player had left, and its count (1 + 5 + 12, by hand)
    assert lines[-5:] == [
        "Round over: player 0 wins 18 points. Left on the racks:",
        "  player 0: nothing",
        "  player 1: bk1 bk5 gy12 (18 points)",
        "Totals: player 0 18, player 1 \N{MINUS SIGN}18",
        "Game over (a player laid their last tile, R-RUM-END-1). Winner: player 0.",
    ]


def test_a_whole_match_typed_as_the_hints_give_it(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    # R-RUM-TURN-1 / R-RUM-END-1 / R-RUM-MATCH-1: a match from the deal to its end, every
    # human turn typed back exactly as the hint gave it, then done; the first play is first
    # tried wrong (a tile laid alone: refused) and taken back
    rules = attrs.evolve(mr.Rules.classic(), rack_size=8, rounds=2)
    typed: list[str] = []
    lines: list[str] = []
    hints: list[str] = []

    phase = ["try"]

    def typist(prompt: str) -> str:
        last = lines[-1].splitlines()[-1]  # the table is drawn as one text
        if len(typed) > 3000:  # a hint that does not work would loop: stop
            answer = "quit"
        elif phase[0] == "try" and last.startswith("Your rack"):
            phase[0] = "done"
            answer = f"lay {last.split(': ')[1].split()[0]}"
        elif phase[0] in ("done", "undo"):
            answer = phase[0]
            phase[0] = "undo" if answer == "done" else "play"
        elif last.startswith(("  hint: draw", "  hint: pass")):
            answer = last.split()[1]
        elif last.startswith("  hint: "):
            hints.append(last.removeprefix("  hint: "))
            answer = hints[-1]
        elif typed and hints and typed[-1] == hints[-1]:
            answer = "done"
        else:
            answer = "hint"
        typed.append(answer)
        return answer

    with clock(passes_after=None):  # every hint's search finishes: each is a best play
        state = play_terminal(rules, ["human", "greedy"], seed=7, input=typist, output=lines.append)
    assert state.is_terminal
    assert hints  # plays typed back from the hints, as they were given
    said = [line.removeprefix("player 0: ") for line in lines if line.startswith("player 0: ")]
    assert any(hint in said for hint in hints)  # the play told is the hint typed
    refused = [line for line in lines if "Not allowed" in line]
    assert refused[0].startswith("  Not allowed: R-RUM-MELD-")
    assert "a run or a group has at least 3 tiles, not 1" in refused[0]
    rounds = [line for line in lines if line.startswith("Round over: ")]
    assert len(rounds) == 2
    assert lines[-1].startswith("Game over (")
    # the end lines are words: no Python tuples or lists
    for line in (*rounds, lines[-1]):
        assert "[" not in line
        assert "Tile(" not in line
    # the same lines typed on standard input play the same match through the command
    monkeypatch.setattr("sys.stdin", io.StringIO("".join(f"{line}\n" for line in typed)))
    argv = ["myrummy", "play", "--rack-size", "8", "--rounds", "2", "--seed", "7"]
    with clock(passes_after=None):
        assert main(argv) == 0
    out = capsys.readouterr().out
    assert out.rstrip("\n").endswith(lines[-1])
    assert out.count("Round over: ") == 2


def _hinted(start: mr.State, answers: list[str], passes_after: int | None) -> list[str]:
    """What the terminal shows for ``answers`` typed from ``start``, with the clock of the
    hint's search past its deadline after ``passes_after`` readings (``None``: never)."""
    lines: list[str] = []
    with clock(passes_after=passes_after):
        play_terminal(
            start.rules,
            ["human", "greedy"],
            seed=1,
            input=_typed(answers, []),
            output=lines.append,
            state=start,
        )
    return lines


def test_a_hint_is_a_best_play_or_says_that_a_better_one_may_exist(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # R-RUM-RE-2 / R-RUM-LAY-1: the best play takes gn8 from the run into a group with the
    # rack's 8s ([gn5 gn6 gn7] stays: 2 tiles); when the search runs out of time the hint is
    # the quick play, gn9 added to the run, and says that a play of up to 3 tiles may exist
    # (without scipy the relaxation runs out of time too, so the bound is the whole rack)
    table = [mr.parse_meld("[gn5 gn6 gn7 gn8]")]
    bk1 = mr.parse_tiles("bk1")
    start = mr.position(
        SMALL, racks=[mr.parse_tiles("bk8 gy8 gn9"), bk1], table=table, opened=[0, 1]
    )
    best = "lay bk8 gy8; move gn8 from 1 to 2"
    answers = ["add gn9 to 1", "hint", "reset", "hint", best, "done", "quit"]
    lines = _hinted(start, answers, None)
    assert f"  hint from the start of the turn (type reset first): {best}" in lines
    assert f"  hint: {best}" in lines
    assert f"player 0: {best}" in lines
    monkeypatch.setattr(ilp, "available", lambda: False)
    lines = _hinted(start, ["hint", "add gn9 to 1", "done", "quit"], 0)
    assert (
        "  hint: add gn9 to 1\n  (the best found in 2 s; a better play may exist: at most 3 tiles)"
    ) in lines
    assert "player 0: add gn9 to 1" in lines
    without_gn9 = mr.position(
        SMALL, racks=[mr.parse_tiles("bk8 gy8"), bk1], table=table, opened=[0, 1]
    )
    lines = _hinted(without_gn9, ["hint", "quit"], 0)
    assert "  hint: draw (no play found in 2 s; one of up to 2 tiles may exist)" in lines


def test_a_hint_to_pass() -> None:
    # R-RUM-END-3: with the pool empty (player 1 holds every other tile) and nothing to lay,
    # the hint is to pass
    rack = mr.parse_tiles("pu1 bk5")
    others = Counter(dict.fromkeys(mr.TILES, 2))
    others.subtract(rack)
    start = mr.position(SMALL, racks=[rack, list(others.elements())])
    assert start.pool_size == 0
    lines = _hinted(start, ["hint", "quit"], None)
    assert "  hint: pass (the pool is empty; nothing can be laid)" in lines


def test_a_hint_through_the_command_when_the_search_runs_out_of_time(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    # R-RUM-OPEN-1: the rack's best opening is gy5 gy6 gy7 and {pu12 gn12 J} (6 tiles, 18 +
    # 12 + 12 + 25 = 67 penalty points; [gn10 J gn12] or [bk4 J bk6] instead lay fewer
    # points), which the quick play finds too; without scipy the relaxation runs out of time
    # as well, so the bound is the whole rack of 14
    monkeypatch.setattr("sys.stdin", io.StringIO("hint\nquit\n"))
    monkeypatch.setattr(ilp, "available", lambda: False)
    argv = ["myrummy", "play", "--seat", "human", "--seat", "greedy", "--seed", "3"]
    with clock(passes_after=0):
        assert main([*argv, "--no-color"]) == 1  # stopped, not over
    out = capsys.readouterr().out
    assert "Your rack (player 0): pu1 pu5 pu9 pu12 bk4 bk6 gn3 gn10 gn12 gy2 gy5 gy6 gy7 J" in out
    assert (
        "player 0>   hint: lay gy5 gy6 gy7; lay pu12 gn12 J\n"
        "  (the best found in 2 s; a better play may exist: at most 14 tiles)\n"
    ) in out


def test_terminal_bots_bound_their_search(monkeypatch: pytest.MonkeyPatch) -> None:
    # R-RUM-LAY-1: on a big table the terminal's bot lays off without solving the whole table
    from morpyam.cli.myrummy import BOT_MAX_TABLE
    from morpyam.myrummy.solve._plays import best_play as exact

    runs = [
        f"[{c}1 {c}2 {c}3 {c}4 {c}5 {c}6 {c}7 {c}8 {c}9 {c}10 {c}11]"
        for c in ("pu", "bk", "gn", "gy")
    ] + [f"[{c}1 {c}2 {c}3 {c}4 {c}5]" for c in ("pu", "bk", "gn", "gy")]
    table = tuple(mr.parse_meld(text) for text in runs)
    assert sum(len(meld.tiles) for meld in table) > BOT_MAX_TABLE
    start = mr.position(
        SMALL,
        racks=[mr.parse_tiles("gn12 bk13"), mr.parse_tiles("pu13 gy13")],
        table=table,
        opened=[0, 1],
    )
    solved: list[int] = []

    def watched(state: mr.State, **options: object) -> mr.Play | None:
        if state.opened[state.player]:  # else the table is out of the solver's reach
            solved.append(sum(len(meld.tiles) for meld in state.table))
        return exact(state, **options)  # type: ignore[arg-type]

    monkeypatch.setattr("morpyam.myrummy.play._bots.best_play", watched)
    lines: list[str] = []
    state = play_terminal(SMALL, ["greedy", "greedy"], seed=1, output=lines.append, state=start)
    assert solved
    assert max(solved) <= BOT_MAX_TABLE
    first = GreedyBot(max_table=BOT_MAX_TABLE).choose(start, random.Random(1))
    assert isinstance(first, mr.Play)
    after = Counter(tile for meld in first.table for tile in meld.tiles)
    after.subtract(tile for meld in table for tile in meld.tiles)
    assert list(after.elements()) == [mr.parse_tile("gn12")]
    assert state.is_terminal


def test_bounded_bots_open_without_searching_a_big_table(monkeypatch: pytest.MonkeyPatch) -> None:
    # R-RUM-OPEN-3: where the opening may lay off, a bounded bot above its bound opens with new
    # combinations only, which the rules allow, instead of searching the whole table
    from morpyam.myrummy.solve._plays import best_play as exact

    runs = [
        f"[{c}1 {c}2 {c}3 {c}4 {c}5 {c}6 {c}7 {c}8 {c}9 {c}10 {c}11]"
        for c in ("pu", "bk", "gn", "gy")
    ]
    rules = attrs.evolve(mr.Rules.classic(), lay_off_in_opening_turn=True)
    rack = "gn12 bk12 gy12 pu12 gn13 bk13 J pu1 bk2 gy3 gn4 gy5 pu6 bk9"
    start = mr.position(
        rules,
        racks=[mr.parse_tiles(rack), mr.parse_tiles("pu13")],
        table=tuple(mr.parse_meld(text) for text in runs),
        opened=[1],
    )
    searched: list[bool] = []

    def watched(state: mr.State, **options: object) -> mr.Play | None:
        searched.append(state.rules.lay_off_in_opening_turn)
        if state.rules.lay_off_in_opening_turn:
            raise AssertionError("the bot searched the whole table for its opening")
        return exact(state, **options)  # type: ignore[arg-type]

    monkeypatch.setattr("morpyam.myrummy.play._bots.best_play", watched)
    play = GreedyBot(max_table=40).choose(start, random.Random(0))
    assert searched == [False]
    assert isinstance(play, mr.Play)
    after = mr.apply(start, play)
    # the 12s as a group of four and gn13 bk13 J as a group of 13s: 48 + 39 points, 7 tiles
    assert len(after.racks[0]) == 7
    assert all(meld in play.table for meld in start.table)
    assert RandomBot(max_table=40).choose(start, random.Random(0)) is not None


def test_terminal_words_that_take_nothing_back_and_an_empty_pool() -> None:
    # R-RUM-END-3 / R-RUM-TURN-1: with the pool empty a player passes (draw is refused), and
    # with empty_pool="ends" the first pass ends the round; equal racks: nobody wins it
    full = [
        mr.parse_meld(f"[{c}1 {c}2 {c}3 {c}4 {c}5 {c}6 {c}7 {c}8 {c}9 {c}10 {c}11 {c}12 {c}13]")
        for c in ("pu", "bk", "gn", "gy")
    ] * 2
    rules = attrs.evolve(mr.Rules.classic(), empty_pool="ends")
    start = mr.position(rules, racks=[(mr.JOKER,), (mr.JOKER,)], table=full, opened=[0, 1])
    answers = ["undo", "done", "table", "add gn5 to 1", "lay gn5", "lay J", "draw", "pass"]
    lines: list[str] = []
    state = play_terminal(
        rules,
        ["human", "greedy"],
        seed=1,
        input=_typed(answers, []),
        output=lines.append,
        state=start,
    )
    racks = "Racks: player 0: 1 tile (laid out), player 1: 1 tile (laid out); pool: 0 tiles"
    assert racks in "\n".join(lines)
    assert "  nothing to take back: this turn has no steps yet" in lines
    refused = "nothing is laid yet: lay or add tiles from your rack, or draw"
    assert f"  Not allowed: R-RUM-TURN-2: {refused}" in lines
    assert "  gn5 is not on your rack" in lines
    assert "  Not allowed: R-RUM-END-3: the pool is empty: lay tiles or pass" in lines
    assert "  (your steps of this turn are taken back)" in lines
    assert "player 0: passes" in lines
    m = "\N{MINUS SIGN}"
    assert lines[-5:] == [
        "Round over: nobody wins (a tie). Left on the racks:",
        "  player 0: J (25 points)",
        "  player 1: J (25 points)",
        f"Totals: player 0 {m}25, player 1 {m}25",
        "Game over (the pool ran out, R-RUM-END-3). Winners: player 0 and player 1.",
    ]
    assert state.is_terminal


def test_terminal_ctrl_c_and_three_players(monkeypatch: pytest.MonkeyPatch) -> None:
    # R-RUM-MATCH-1: Ctrl-C stops the game like quit; three players' totals are listed
    def interrupted(prompt: str) -> str:
        raise KeyboardInterrupt

    lines: list[str] = []
    play_terminal(SMALL, ["human", "greedy"], seed=3, input=interrupted, output=lines.append)
    assert lines[-2:] == ["", "Game stopped."]
    three = attrs.evolve(mr.Rules.classic(3), rack_size=3)
    start = mr.position(
        three,
        racks=[mr.parse_tiles("gn7"), mr.parse_tiles("bk1 bk2"), mr.parse_tiles("gy13")],
        table=(mr.parse_meld("[gn4 gn5 gn6]"),),
        opened=[0, 1, 2],
    )
    lines.clear()
    play_terminal(three, ["greedy", "greedy", "greedy"], seed=1, output=lines.append, state=start)
    assert lines[0] == "player 0: add gn7 to 1"
    m = "\N{MINUS SIGN}"
    assert lines[-6:-1] == [
        "Round over: player 0 wins 16 points. Left on the racks:",
        "  player 0: nothing",
        "  player 1: bk1 bk2 (3 points)",
        "  player 2: gy13 (13 points)",
        f"Totals: player 0 16, player 1 {m}3, player 2 {m}13",
    ]


def test_command_line_says_when_the_record_cannot_be_written_at_the_end(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    # R-RUM-MATCH-1: a record that the checked path refuses at the end is reported as an error
    def full_disk(path: object, text: object) -> None:
        raise OSError(28, "No space left on device")

    monkeypatch.setattr("morpyam.cli.myrummy.write_text", full_disk)
    path = tmp_path / "match.json"
    argv = ["myrummy", "play", "--seats", "greedy,greedy", "--rack-size", "2", "--seed", "1"]
    assert (
        main([*argv, "--record", str(path)]) == 1
    )  # after the match: a failure, not a usage error
    assert unfitted(capsys.readouterr().err) == (
        f"morpyam myrummy play: error: cannot write {path}: No space left on device\n"
    )
