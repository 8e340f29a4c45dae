"""MyRummy's bots, matches, records and terminal game."""

from __future__ import annotations

import random
from collections import Counter

import attrs
import pytest

import morpyam.myrummy as mr
from morpyam.cli import main
from morpyam.myrummy.bots import (
    BOTS,
    GameRecord,
    GreedyBot,
    PointsBot,
    RandomBot,
    play_match,
    replay,
    simulate,
)
from morpyam.myrummy.cli import HELP, play_terminal, render
from morpyam.myrummy.tiles import tiles_text

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
    points = mr.best_play(state, objective="points")
    assert tiles is not None
    assert points is not None
    rack_after = mr.apply(state, points).racks[0]
    assert mr.JOKER not in rack_after
    with pytest.raises(ValueError, match="objective"):
        mr.best_play(state, objective="fun")  # type: ignore[arg-type]


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
        '{"game": "myrummy", "rules": {"colours": 9}, "actions": []}',
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
    typed = iter(["hint", "play [xx]", "pass", "draw", "quit"])
    state = play_terminal(
        SMALL, ["human", "greedy"], seed=3, input=lambda _: next(typed), output=lines.append
    )
    shown = "\n".join(lines)
    assert "Your rack (player 0)" in shown
    assert "Your rack (player 1)" not in shown
    assert tiles_text(state.racks[1]) not in shown
    assert "Stopped." in shown
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
    assert any(line.startswith("Match over") for line in lines)


def test_terminal_seats_a_rollout_bot(capsys: pytest.CaptureFixture[str]) -> None:
    # R-RUM-END-1: the terminal's rollout seat plays with the terminal's bound and goes out
    from morpyam.myrummy.cli import BOT_MAX_TABLE, SEATS

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
    assert "Player 0 (rollout): play [gn4 gn5 gn6 gn7 gn8]" in lines
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
    assert drawn[0] == f"  you drew {new[0]}"


def test_terminal_end_of_input() -> None:
    # R-RUM-TURN-1: end of input stops the game
    def closed(prompt: str) -> str:
        raise EOFError

    lines: list[str] = []
    play_terminal(SMALL, ["human", "greedy"], seed=3, input=closed, output=lines.append)
    assert lines[-1] == "Stopped."


def test_command_line(capsys: pytest.CaptureFixture[str]) -> None:
    # R-RUM-SET-1: 2 to 4 seats
    assert main(["myrummy", "play", "--seat", "human"]) == 2
    assert "give 2 to 4 --seat options" in capsys.readouterr().err
    assert main(["myrummy", "play", "--seat", "human", "--seat", "chess"]) == 2
    assert "got human, chess" in capsys.readouterr().err
    assert main(["myrummy", "play", "--seats", "human,greedy", "--rack-size", "0"]) == 2
    assert capsys.readouterr().err.startswith("morpyam myrummy play: error: ")
    assert main(["myrummy"]) == 2


def test_terminal_help_and_unknown_words() -> None:
    # R-RUM-TURN-1: a player draws or plays; the prompt explains its words and offers no chance words
    answers = iter(["help", "?", "dance", "first 1", "exit"])
    lines: list[str] = []
    play_terminal(
        SMALL, ["human", "greedy"], seed=3, input=lambda _: next(answers), output=lines.append
    )
    assert lines.count(HELP) == 2
    (unknown,) = (line for line in lines if "'dance'" in line)
    assert unknown == "  column 1: 'dance' is not an action; type help"
    assert any("not possible now" in line for line in lines)
    assert lines[-1] == "Stopped."


def test_terminal_bots_bound_their_search(monkeypatch: pytest.MonkeyPatch) -> None:
    # R-RUM-LAY-1: on a big table the terminal's bot lays off without solving the whole table
    from morpyam.myrummy.cli import BOT_MAX_TABLE
    from morpyam.myrummy.solver import best_play as exact

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

    monkeypatch.setattr("morpyam.myrummy.bots.best_play", watched)
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
    from morpyam.myrummy.solver import best_play as exact

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

    monkeypatch.setattr("morpyam.myrummy.bots.best_play", watched)
    play = GreedyBot(max_table=40).choose(start, random.Random(0))
    assert searched == [False]
    assert isinstance(play, mr.Play)
    after = mr.apply(start, play)
    # the 12s as a group of four and gn13 bk13 J as a group of 13s: 48 + 39 points, 7 tiles
    assert len(after.racks[0]) == 7
    assert all(meld in play.table for meld in start.table)
    assert RandomBot(max_table=40).choose(start, random.Random(0)) is not None
