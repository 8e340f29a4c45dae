"""Score-sheet records (morpyam.yahtzee.records): written, read back, replayed, refused when hostile."""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

import attrs
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from hypothesis_profiles import examples

import morpyam.yahtzee as yz
from morpyam.bots import RandomBot
from morpyam.files import MAX_TEXT_SIZE, FileFormatError
from morpyam.kit import MatchResult
from morpyam.yahtzee import strategies as yst
from morpyam.yahtzee.records import MAX_ACTIONS, RECORD_FORMAT

B = yz.Box
RANDOM = RandomBot(game=yz)


def _full_house_record() -> yz.GameRecord:
    # one turn of the Megawürfel sheet: 2 2 6 6 6 scored as a full house, 25 points (Y-BOX-4)
    return yz.GameRecord(
        yz.Rules.megawuerfel(players=2),
        [yz.Roll(), yz.RollResult((2, 2, 6, 6, 6)), yz.Score(B.FULL_HOUSE)],
        names=("Ann", "Bo"),
    )


def test_the_documented_schema() -> None:
    record = _full_house_record()
    data = json.loads(record.to_json())
    assert data == {
        "format": "yahtzee/1",
        "rules": attrs.asdict(yz.Rules.megawuerfel(players=2)),
        "games": 1,
        "names": ["Ann", "Bo"],
        "actions": ["roll", "dice 2 2 6 6 6", "score full-house"],
    }
    assert RECORD_FORMAT == "yahtzee/1"
    assert yz.GameRecord.from_json(record.to_json()) == record
    # no names: no field
    assert "names" not in attrs.evolve(record, names=()).to_dict()


def test_replay_and_positions_rebuild_the_game() -> None:
    # Y-BOX-4: the full house scores 25; Y-END-1: player 1 is next, to roll
    record = _full_house_record()
    seen = list(yz.positions(record))
    assert len(seen) == 4
    assert seen[0] == yz.new_game(yz.Rules.megawuerfel(players=2))
    assert seen[1].is_chance
    assert seen[2].dice == (2, 2, 6, 6, 6)
    end = yz.replay(record)
    assert end == seen[-1]
    assert end.sheets[0][0][B.FULL_HOUSE] == 25
    assert (end.player, end.rolls, end.totals) == (1, 0, (25, 0))


def test_an_illegal_action_is_named_by_its_number() -> None:
    # Y-TURN-2: a box is scored after a roll; the second action comes before any dice
    record = yz.GameRecord(yz.Rules.hasbro(), [yz.Roll(), yz.Score(B.CHANCE)])
    with pytest.raises(yz.IllegalActionError, match=r"action 2 \(score chance\)"):
        yz.replay(record)
    positions = yz.positions(record)
    assert next(positions) == yz.new_game(yz.Rules.hasbro())
    assert next(positions).is_chance
    with pytest.raises(yz.IllegalActionError) as caught:
        next(positions)
    assert caught.value.rule.startswith("Y-")


def _count(record: yz.GameRecord, kind: type) -> int:
    return sum(isinstance(action, kind) for action in record.actions)


@settings(max_examples=examples(25), deadline=None)
@given(rules=yst.rules(), games=st.integers(1, 2), seed=st.integers(0, 2**32))
def test_a_played_match_round_trips_and_replays(rules: yz.Rules, games: int, seed: int) -> None:
    record = yz.play_match(rules, [RANDOM] * rules.players, seed=seed, games=games)
    assert yz.GameRecord.from_json(record.to_json()) == record
    assert yz.GameRecord.from_dict(json.loads(record.to_json())) == record
    end = yz.replay(record)
    assert end.is_terminal
    assert (end.players, end.games) == (rules.players, games)
    # Y-BOX-1, Y-END-1: every box of every sheet is scored once, one box a turn
    turns = 13 * rules.players * games
    assert _count(record, yz.Score) == turns
    # Y-TURN-1: 1 to 3 rolls a turn, each followed by its dice
    rolls = _count(record, yz.Roll)
    assert turns <= rolls <= 3 * turns
    assert _count(record, yz.RollResult) == rolls
    assert len(record.actions) == turns + 2 * rolls
    assert len(list(yz.positions(record))) == len(record.actions) + 1


@settings(max_examples=examples(25), deadline=None)
@given(rules=yst.rules(), seed=st.integers(0, 2**32), data=st.data())
def test_a_game_in_progress_round_trips(rules: yz.Rules, seed: int, data: st.DataObject) -> None:
    whole = yz.play_match(rules, [RANDOM] * rules.players, seed=seed)
    cut = data.draw(st.integers(0, len(whole.actions)))
    record = attrs.evolve(whole, actions=whole.actions[:cut])
    assert yz.GameRecord.from_json(record.to_json()) == record
    assert yz.replay(record) == list(yz.positions(whole))[cut]


def test_play_match_is_reproducible_from_its_seed() -> None:
    rules = yz.Rules.hasbro(players=2)
    one = yz.play_match(rules, [RANDOM, RANDOM], seed=5, names=["Ann", "Bo"])
    assert one == yz.play_match(rules, [RANDOM, RANDOM], seed=5, names=["Ann", "Bo"])
    assert one.names == ("Ann", "Bo")
    assert one.actions != yz.play_match(rules, [RANDOM, RANDOM], seed=6).actions


def test_play_match_checks_its_arguments() -> None:
    with pytest.raises(ValueError, match="2 players need 2 bots, got 1"):
        yz.play_match(yz.Rules.hasbro(players=2), [RANDOM], seed=1)
    with pytest.raises(ValueError, match="seed must be an int"):
        yz.play_match(yz.Rules.hasbro(), [RANDOM], seed="1")  # type: ignore[arg-type]

    class Cheat:
        def choose(self, state: yz.State, rng: random.Random) -> yz.Action:
            return yz.Score(B.CHANCE)  # before any roll: Y-TURN-2

    with pytest.raises(yz.IllegalActionError, match="the bot in seat 0 chose"):
        yz.play_match(yz.Rules.hasbro(), [Cheat()], seed=1)


def test_play_match_refuses_bad_names_before_the_match() -> None:
    class Never:
        def choose(self, state: yz.State, rng: random.Random) -> yz.Action:
            raise AssertionError("the match was played")

    for names in (["Ann"], ["Ann", "Bo", "Cy"], ["Ann", "two\nlines"]):
        with pytest.raises(ValueError, match="name"):
            yz.play_match(yz.Rules.hasbro(players=2), [Never(), Never()], seed=1, names=names)


def test_save_and_load(tmp_path: Path) -> None:
    record = _full_house_record()
    path = tmp_path / "game.json"
    yz.save_record(record, path)
    assert yz.load_record(path) == record
    (tmp_path / "big.json").write_text(" " * (MAX_TEXT_SIZE + 1), encoding="utf-8")
    with pytest.raises(FileFormatError, match="bigger than"):
        yz.load_record(tmp_path / "big.json")


def test_a_record_checks_its_values() -> None:
    rules = yz.Rules.hasbro()
    with pytest.raises(ValueError, match="needs a yahtzee Rules"):
        yz.GameRecord("hasbro")  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="Y-END-1: a sheet holds 1 to 6 games"):
        yz.GameRecord(rules, games=7)
    with pytest.raises(ValueError, match=r"actions\[1\] must be a Roll"):
        yz.GameRecord(rules, [yz.Roll(), "dice 1 2 3 4 5"])  # type: ignore[list-item]
    with pytest.raises(ValueError, match="names"):
        yz.GameRecord(rules, names=("Ann", "Bo"))  # one player, two names
    with pytest.raises(ValueError, match="names"):
        yz.GameRecord(rules, names=("Ann\nBo",))


def _document(**changes: Any) -> dict[str, Any]:
    data = _full_house_record().to_dict()
    data.update(changes)
    return data


@pytest.mark.parametrize(
    ("data", "where", "reason"),
    [
        ("not a table", "document", "table"),
        ({"rules": {}}, "format", "missing"),
        (_document(format="morpyam/1"), "format", "not a score-sheet record"),
        (_document(notes="x"), "notes", "unknown field"),
        ({k: v for k, v in _document().items() if k != "games"}, "games", "missing"),
        (_document(games=0), "games", "Y-END-1"),
        (_document(games="1"), "games", "integer"),
        (_document(names=["Ann"]), "names", "names"),
        (_document(actions="roll"), "actions", "list"),
        (_document(actions=["roll", "dice 7"]), "actions[1]", "not a die face"),
        (_document(actions=["roll", 5]), "actions[1]", "expected a string"),
        (_document(rules={**attrs.asdict(yz.Rules()), "dice": 6}), "rules.dice", "unknown field"),
        (_document(rules={"players": 2}), "rules.upper_bonus", "missing"),
        (_document(rules={**attrs.asdict(yz.Rules()), "players": 7}), "rules", "Y-SET-1"),
        (
            _document(rules={**attrs.asdict(yz.Rules()), "upper_bonus": 2**70}),
            "rules.upper_bonus",
            "",
        ),
    ],
)
def test_errors_say_where(data: Any, where: str, reason: str) -> None:
    with pytest.raises(FileFormatError) as caught:
        yz.GameRecord.from_dict(data)
    assert caught.value.where == where, caught.value
    assert reason in caught.value.reason, caught.value


def test_hostile_text_is_refused_before_work() -> None:
    with pytest.raises(FileFormatError, match="at most"):
        yz.GameRecord.from_json(" " * (MAX_TEXT_SIZE + 1))
    with pytest.raises(FileFormatError, match="expected text"):
        yz.GameRecord.from_json(b"{}")  # type: ignore[arg-type]
    with pytest.raises(FileFormatError, match="nested too deeply"):
        yz.GameRecord.from_json("[" * 200_000 + "]" * 200_000)
    with pytest.raises(FileFormatError, match="line 1, column"):
        yz.GameRecord.from_json('{"format": ')
    # more actions than the longest game has: refused before any action is read (the words
    # here are no actions at all)
    many = json.dumps(_document(actions=["x"] * (MAX_ACTIONS + 1)))
    assert len(many) <= MAX_TEXT_SIZE
    with pytest.raises(FileFormatError, match="more than 54,600 actions"):
        yz.GameRecord.from_json(many)


def test_max_actions_is_the_longest_game() -> None:
    # Y-SET-1, Y-END-1, Y-TURN-1: 100 players (PLAYER_LIMIT), 6 games of 13 turns, each turn at
    # most three rolls, their dice and a score
    assert MAX_ACTIONS == 100 * 6 * 13 * 7
    assert yz.GameRecord(yz.Rules.hasbro(), [yz.Roll()] * MAX_ACTIONS).actions[0] == yz.Roll()
    with pytest.raises(ValueError, match="at most 54,600 actions"):
        yz.GameRecord(yz.Rules.hasbro(), [yz.Roll()] * (MAX_ACTIONS + 1))


class _LongBot:
    """Rolls three times keeping four dice when it can, then scores the longest box name."""

    def choose(self, state: yz.State, rng: random.Random) -> yz.Action:
        legal = yz.legal_actions(state)
        rolls = [action for action in legal if isinstance(action, yz.Roll)]
        return max(rolls or legal, key=lambda action: len(str(action)))


@pytest.mark.slow
def test_the_longest_game_is_read_back_within_the_limits() -> None:
    # Y-SET-1, Y-END-1, Y-TURN-1: 100 players on six games, three rolls every turn: exactly
    # MAX_ACTIONS actions, and the document stays under the size every reader refuses
    rules = attrs.evolve(yz.Rules.hasbro(), players=100, max_players=100)
    record = yz.play_match(rules, [_LongBot()] * 100, seed=1, games=6)
    assert len(record.actions) == MAX_ACTIONS
    text = record.to_json()
    assert len(text.encode("utf-8")) <= MAX_TEXT_SIZE
    assert yz.GameRecord.from_json(text) == record


# --- simulate: many matches, the seats turned round, counted per bot -------------------------


class _FirstLegal:
    """A deterministic bot: the first legal action; it notes each seat it plays in, once for
    a run of turns in the same seat (so once a match: a bot keeps its seat through a match)."""

    def __init__(self) -> None:
        self.seats: list[int] = []

    def choose(self, state: yz.State, rng: random.Random) -> yz.Action:
        assert state.current_player is not None
        if not self.seats or self.seats[-1] != state.current_player:
            self.seats.append(state.current_player)
        return yz.legal_actions(state)[0]


def test_simulate_turns_the_seats_and_counts_per_bot() -> None:
    rules = yz.Rules.hasbro(players=2)
    ann, bo = _FirstLegal(), _FirstLegal()
    result = yz.simulate(rules, [ann, bo], games=4, seed=3)
    # match k seats bots[(i + k) % 2] in seat i: Ann plays seat 0, 1, 0, 1 and Bo the others
    assert ann.seats == [0, 1, 0, 1]
    assert bo.seats == [1, 0, 1, 0]
    # the same counts worked out independently from the documented matches: match k is
    # play_match with the seed 3 * 1_000_003 + k, each bot's seat as above
    wins, points, actions = [0, 0], [0, 0], 0
    for match in range(4):
        record = yz.play_match(rules, [_FirstLegal(), _FirstLegal()], seed=3 * 1_000_003 + match)
        final = yz.replay(record)
        actions += len(record.actions)
        for bot in (0, 1):
            seat = (bot - match) % 2
            points[bot] += final.totals[seat]
            wins[bot] += seat in final.winners
    assert result == MatchResult(4, tuple(wins), tuple(points), actions)
    # the same bot in both seats: every match has a winner, a tie counting for both
    assert sum(result.wins) >= 4


def test_simulate_alone_at_the_table() -> None:
    # one player wins every match (Y-END-1: the highest total, alone); the points are the
    # totals of the records replayed
    rules = yz.Rules.megawuerfel()
    result = yz.simulate(rules, [RANDOM], 3, seed=8)
    finals = [
        yz.replay(yz.play_match(rules, [RANDOM], seed=8 * 1_000_003 + match)) for match in range(3)
    ]
    assert result.games == 3
    assert result.wins == (3,)
    assert result.points == (sum(yz.scores(final)[0] for final in finals),)
    assert yz.simulate(rules, [RANDOM], 0) == MatchResult(0, (0,), (0,), 0)


def test_simulate_is_reproducible_from_its_seed() -> None:
    rules = yz.Rules.hasbro(players=3)
    one = yz.simulate(rules, [RANDOM] * 3, 3, seed=11)
    assert one == yz.simulate(rules, [RANDOM] * 3, 3, seed=11)
    assert one != yz.simulate(rules, [RANDOM] * 3, 3, seed=12)
    assert one.games == 3
    assert len(one.wins) == len(one.points) == 3


def test_simulate_checks_its_arguments() -> None:
    rules = yz.Rules.hasbro(players=2)
    with pytest.raises(ValueError, match="2 players need 2 bots, got 1"):
        yz.simulate(rules, [RANDOM], 1)
    with pytest.raises(ValueError, match="games must be an int >= 0"):
        yz.simulate(rules, [RANDOM] * 2, -1)
    with pytest.raises(ValueError, match="games must be an int >= 0"):
        yz.simulate(rules, [RANDOM] * 2, 2.0)  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="seed must be an int"):
        yz.simulate(rules, [RANDOM] * 2, 1, seed="1")  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="yahtzee Rules"):
        yz.simulate("hasbro", [RANDOM] * 2, 1)  # type: ignore[arg-type]


def test_the_games_share_one_match_result() -> None:
    import morpyam.myrummy.play

    assert morpyam.myrummy.play.MatchResult is MatchResult
    assert yz.simulate.__annotations__["return"] in ("MatchResult", MatchResult)
