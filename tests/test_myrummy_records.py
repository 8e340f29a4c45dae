"""MyRummy game records: JSON round trip, replay, files, and untrusted text refused early."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from fitted import unfitted
from hypothesis import given, settings
from hypothesis import strategies as st

import morpyam.myrummy as mr
import morpyam.records
from morpyam.files import FileFormatError
from morpyam.kit.records import Resign
from morpyam.myrummy.notation._play_text import is_moves_text
from morpyam.myrummy.notation._records import MAX_ACTIONS, MAX_NESTING, _nesting, positions


@settings(max_examples=25, deadline=None)
@given(
    seed=st.integers(0, 10**6),
    length=st.integers(0, 160),
    preset=st.sampled_from(sorted(mr.PRESETS)),
    players=st.integers(2, 4),
)
def test_round_trip_is_exact(seed: int, length: int, preset: str, players: int) -> None:
    # R-RUM-SET-2, R-RUM-TURN-1: a record of lots, deals, draws and plays reads back equal and
    # replays to the same position as the game that made it
    if preset in ("mini", "tiny") and players == 4:
        players = 3  # R-RUM-SET-2: ten (or nine) tiles deal at most three racks of three
    rules = mr.PRESETS[preset](players)
    record = mr.play_match(rules, [mr.RandomBot()] * players, seed=seed, max_actions=length)
    text = record.to_json()
    again = mr.GameRecord.from_json(text)
    assert again == record
    assert again.to_json() == text
    kept = record.to_json(numbering="kept")  # numbered as the terminal's screen
    assert mr.GameRecord.from_json(kept) == record
    state = mr.new_game(rules)
    for action in record.actions:
        assert not isinstance(action, (mr.TimeOut, Resign))  # bots only act
        state = mr.apply(state, action)
    assert mr.replay(again) == state
    assert list(positions(again))[-1] == state
    assert len(list(positions(again))) == len(record.actions) + 1


def test_files_round_trip(tmp_path: Path) -> None:
    # R-RUM-END-1: a whole match saved and loaded replays to the same end
    record = mr.play_match(mr.Rules.classic(), [mr.GreedyBot(30), mr.GreedyBot(30)], seed=2)
    path = tmp_path / "match.json"
    mr.save_record(record, path)
    loaded = mr.load_record(path)
    assert loaded == record
    assert mr.replay(loaded).is_terminal


def test_a_bad_action_is_named_by_its_number() -> None:
    # R-RUM-TURN-1: replay says which action the rules refuse
    record = mr.play_match(mr.Rules.classic(), [mr.RandomBot()] * 2, seed=1, max_actions=40)
    data = json.loads(record.to_json())
    data["actions"].append("play [gn1 gn2 gn3]")
    bad = mr.GameRecord.from_json(json.dumps(data))
    with pytest.raises(mr.IllegalActionError, match="action 41 \\(play \\[gn1 gn2 gn3\\]\\)"):
        mr.replay(bad)


@pytest.mark.parametrize(
    ("text", "reason"),
    [
        ("[" * 100_000, f"nested deeper than {MAX_NESTING}"),
        ('{"game": "myrummy", "rules": {}, "actions": [[[[["draw"]]]]]}', "nested deeper"),
        (
            json.dumps({"game": "myrummy", "rules": {}, "actions": ["pass"] * (MAX_ACTIONS + 1)}),
            "more than 20,000 actions",
        ),
        ('{"game": "myrummy", "rules": {}, "actions": [1]}', "every action is a text"),
        ('{"game": "myrummy", "rules": {"nope": 1}, "actions": []}', "nope"),
        ('{"game": "morpyam"}', '"format": "myrummy/1"'),
        (" " * (1024 * 1024 + 1), "at most 1,048,576"),
    ],
    ids=["brackets", "deep", "long", "number", "field", "game", "big"],
)
def test_untrusted_text_is_refused_before_work(text: str, reason: str) -> None:
    # R-RUM-SET-1: what is no record is refused with a ValueError saying why
    with pytest.raises(ValueError, match="not a MyRummy record") as caught:
        mr.GameRecord.from_json(text)
    assert reason in str(caught.value)


def test_strings_do_not_count_as_nesting() -> None:
    # R-RUM-SET-1: brackets inside the texts of actions are no nesting
    record = mr.play_match(mr.Rules.classic(), [mr.GreedyBot()] * 2, seed=4, max_actions=80)
    assert any("[" in str(action) for action in record.actions)
    assert mr.GameRecord.from_json(record.to_json()) == record
    assert _nesting('{"a": ["\\"[[[[[", "]]{{"]}') == 2


def test_the_morpyam_reader_points_to_the_myrummy_one(tmp_path: Path) -> None:
    # R-RUM-SET-1: a MyRummy record given to the Morpyam reader says where it belongs
    record = mr.play_match(mr.Rules.classic(), [mr.RandomBot()] * 2, seed=1, max_actions=10)
    with pytest.raises(FileFormatError, match=r"morpyam\.myrummy\.load_record"):
        morpyam.records.GameRecord.from_json(record.to_json())


def test_command_line_records_and_replays(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    # R-RUM-END-1: `morpyam myrummy play --record` writes the match; `replay` checks it and
    # prints its plays, the chance outcomes only with --all
    from morpyam.cli import main

    path = tmp_path / "match.json"
    assert (
        main(
            [
                "myrummy",
                "play",
                "--seat",
                "greedy",
                "--seat",
                "random",
                "--seed",
                "2",
                "--record",
                str(path),
            ]
        )
        == 0
    )
    printed = capsys.readouterr().out
    played = printed.split("\nRecord saved to")[0].splitlines()[-1]
    assert str(path) in printed.split("\nRecord saved to")[1]
    record = mr.load_record(path)
    assert mr.replay(record).is_terminal
    assert main(["myrummy", "replay", "--no-wait", str(path)]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[-1].startswith(played)  # the match's end, as the game told it
    # a step a turn, numbered from the start (0) to the last
    turns = sum(not isinstance(action, (mr.Tile, mr.FirstPlayer)) for action in record.actions)
    steps = [line for line in lines if line.startswith("Step ")]
    assert [line.split(" · ")[0] for line in steps] == [
        f"Step {n} of {turns}" for n in range(turns + 1)
    ]
    assert main(["myrummy", "replay", "--no-wait", "--all", str(path)]) == 0
    steps = [line for line in capsys.readouterr().out.splitlines() if line.startswith("Step ")]
    assert len(steps) == len(record.actions) + 1
    data = json.loads(path.read_text())
    data["actions"][40] = "play [gn1 gn2 gn3]"
    path.write_text(json.dumps(data))
    assert (
        main(["myrummy", "replay", "--no-wait", str(path)]) == 1
    )  # an illegal action, as morpyam replay reports one
    assert "action 41 (play [gn1 gn2 gn3])" in unfitted(capsys.readouterr().err)
    path.write_text("[[[[[[")
    assert main(["myrummy", "replay", str(path)]) == 2
    assert "nested deeper" in unfitted(capsys.readouterr().err)
    assert main(["myrummy", "replay", str(tmp_path / "none.json")]) == 2
    assert unfitted(capsys.readouterr().err).endswith("none.json: No such file or directory\n")
    folder = tmp_path / "folder.json"
    folder.mkdir()
    assert (
        main(["myrummy", "play", "--seat", "greedy", "--seat", "greedy", "--record", str(folder)])
        == 2
    )
    assert "cannot write" in unfitted(capsys.readouterr().err)


def test_reader_edges(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    # R-RUM-SET-1: bytes are no record; a file over the size limit is refused; an unfinished
    # record replays to where it stopped
    from morpyam.cli import main

    with pytest.raises(ValueError, match="a record is text, not bytes"):
        mr.GameRecord.from_json(b"{}")  # type: ignore[arg-type]
    big = tmp_path / "big.json"
    big.write_bytes(b" " * (1024 * 1024 + 1))
    with pytest.raises(FileFormatError, match="bigger than 1,048,576 bytes"):  # as every reader
        mr.load_record(big)
    short = tmp_path / "short.json"
    mr.save_record(
        mr.play_match(mr.Rules.classic(), [mr.RandomBot()] * 2, seed=1, max_actions=40), short
    )
    assert main(["myrummy", "replay", "--no-wait", str(short)]) == 0
    assert (
        capsys.readouterr().out.splitlines()[-1].startswith("End of the record: the match goes on")
    )


def test_names_are_kept_read_back_and_checked() -> None:
    # R-RUM-SET-1: a record may name every player, in seat order, as Morpyam's records do
    record = mr.play_match(mr.Rules.classic(), [mr.RandomBot()] * 2, seed=4, max_actions=30)
    assert record.names == ()
    assert "names" not in record.to_dict()
    named = mr.GameRecord(record.rules, record.actions, ("Anne", "Bob"))
    data = json.loads(named.to_json())
    assert list(data) == ["format", "rules", "names", "actions"]
    assert data["names"] == ["Anne", "Bob"]
    assert mr.GameRecord.from_json(named.to_json()) == named
    assert mr.GameRecord.from_json(named.to_json(moves=False)) == named
    with pytest.raises(ValueError, match="3 names for 2 players; name every player or none"):
        mr.GameRecord(record.rules, record.actions, ("Anne", "Bob", "Cleo"))
    with pytest.raises(ValueError, match="names must be a sequence of texts"):
        mr.GameRecord(record.rules, record.actions, "Anne")


@pytest.mark.parametrize(
    ("names", "reason"),
    [
        ("Anne", "names is a list of texts"),
        (["Anne"], "names: 1 name for 2 players"),
        (["Anne", 7], r"names\[1\] must be text, got 7"),
        (["Anne", " Bob"], r"names\[1\]: one line of text, not spaces at either end"),
        (["Anne", "B\nob"], r"names\[1\]: one line of text, not the control character U\+000A"),
        (["Anne", "x" * 201], r"names\[1\]: one line of text, not 201 characters"),
    ],
)
def test_names_from_untrusted_text_are_refused(names: object, reason: str) -> None:
    # R-RUM-SET-1: names read from a file are checked as those given in code
    record = mr.play_match(mr.Rules.classic(), [mr.RandomBot()] * 2, seed=4, max_actions=10)
    data = record.to_dict()
    data["names"] = names
    with pytest.raises(ValueError, match=rf"not a MyRummy record: {reason}"):
        mr.GameRecord.from_json(json.dumps(data))


def test_the_reader_refuses_a_record_as_every_reader_refuses_a_document() -> None:
    # R-RUM-SET-1: the kit's field readers, as in the state and observation readers
    record = mr.play_match(mr.Rules.classic(), [mr.RandomBot()] * 2, seed=4, max_actions=10)
    text = record.to_json()
    twice = text.replace(
        '"format": "myrummy/1",', '"format": "myrummy/1", "names": [], "names": [],', 1
    )
    assert twice != text
    with pytest.raises(ValueError, match="not a MyRummy record: names: given more than once"):
        mr.GameRecord.from_json(twice)
    data = record.to_dict()
    with pytest.raises(ValueError, match="not a MyRummy record: event: unknown field"):
        mr.GameRecord.from_json(json.dumps({**data, "event": "club night"}))
    rules = dict(data["rules"])
    with pytest.raises(ValueError, match=r"not a MyRummy record: rules\.colour: unknown field"):
        mr.GameRecord.from_json(json.dumps({**data, "rules": {**rules, "colour": 4}}))
    with pytest.raises(ValueError, match=r"rules\.rounds: integer out of range"):
        mr.GameRecord.from_json(json.dumps({**data, "rules": {**rules, "rounds": 2**64}}))
    # a record written before a field of Rules existed reads it at its default
    del rules["jokers"]
    assert mr.GameRecord.from_json(json.dumps({**data, "rules": rules})) == record


def _watched_match(seed: int) -> tuple[mr.GameRecord, mr.State, list[str]]:
    """A match of two greedy bots at the terminal: its record, last state and screen lines."""
    from morpyam.cli.myrummy import play_terminal

    rules = mr.Rules.classic()
    entries: list[mr.notation._records.Entry] = []
    lines: list[str] = []
    last = play_terminal(
        rules, ["greedy", "greedy"], seed=seed, record=entries, output=lines.append
    )
    return mr.GameRecord(rules, tuple(entries)), last, lines


def test_a_record_numbered_as_the_screen_says_what_the_screen_said() -> None:
    # R-RUM-RE-1: the table is rearranged; the screen keeps each combination's number from
    # turn to turn, and a record written with numbering="kept" tells every play in the words
    # the screen used, where the engine's sorted order would number them otherwise
    record, last, lines = _watched_match(0)
    told = [line.partition(": ")[2] for line in lines if line.startswith("player ")]
    told = [text for text in told if text not in ("draws", "passes")]
    kept = json.loads(record.to_json(numbering="kept"))
    plays = [word for word in kept["actions"] if is_moves_text(word)]
    assert kept["numbering"] == "kept"
    assert plays == told[: len(plays)]
    assert len(plays) == len(told)
    # the engine's numbering says some of them otherwise: the test tells the two apart
    table = [w for w in json.loads(record.to_json())["actions"] if is_moves_text(w)]
    assert len(table) == len(plays)
    assert table != plays
    # read back: the same entries, and the same positions the match went through
    again = mr.GameRecord.from_json(record.to_json(numbering="kept"))
    assert again == record
    assert again.to_json(numbering="kept") == record.to_json(numbering="kept")
    assert mr.replay(again) == last


def test_a_record_without_numbering_keeps_its_meaning() -> None:
    # R-RUM-RE-1: a record with no "numbering" member numbers as the engine lists the table,
    # as every record did before; read with the screen's numbering it would be another game
    record, _, _ = _watched_match(0)
    data = json.loads(record.to_json())
    assert "numbering" not in data
    assert mr.GameRecord.from_json(json.dumps(data)) == record
    data["numbering"] = "kept"  # the same words, read with the other numbering
    try:
        misread = mr.GameRecord.from_json(json.dumps(data))
    except ValueError:  # a move that cannot be made there, or a table the rules refuse
        misread = None
    assert misread != record
    data["numbering"] = "screen"
    with pytest.raises(ValueError, match="numbering is one of 'table', 'kept'"):
        mr.GameRecord.from_json(json.dumps(data))
    with pytest.raises(ValueError, match="numbering is one of"):
        record.to_json(numbering="screen")  # type: ignore[arg-type]


def test_the_terminal_writes_the_screens_numbering_and_replays_it(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    # R-RUM-MATCH-1: `--record` writes the plays as the screen told them; the replay tells
    # each step in the same words and reaches the same end
    from morpyam.cli import main

    path = tmp_path / "match.json"
    argv = ["myrummy", "play", "--seats", "greedy,greedy", "--seed", "0", "--no-color"]
    assert main([*argv, "--record", str(path)]) == 0
    played = [line for line in capsys.readouterr().out.splitlines() if line.startswith("player ")]
    data = json.loads(path.read_text(encoding="utf-8"))
    assert data["numbering"] == "kept"
    record = mr.load_record(path)
    assert mr.replay(record) == _watched_match(0)[1]
    assert main(["myrummy", "replay", "--no-wait", str(path)]) == 0
    steps = [
        line.partition(" · ")[2]
        for line in capsys.readouterr().out.splitlines()
        if line.startswith("Step ") and " · player " in line
    ]
    short = [line for line in played if len(line) < 60]  # lines left whole, in a step too
    assert short
    assert all(line in steps for line in short)


def test_a_record_says_its_format_and_one_written_before_still_reads() -> None:
    # a record names its format, as the other games' records do; a document written before
    # the format was named ("game": "myrummy") reads as the same record
    record = mr.play_match(mr.Rules.mini(), [mr.RandomBot()] * 2, seed=4, max_actions=30)
    data = json.loads(record.to_json())
    assert data["format"] == "myrummy/1" == mr.notation.RECORD_FORMAT
    assert "game" not in data
    del data["format"]
    older = {"game": "myrummy", **data}
    assert mr.GameRecord.from_json(json.dumps(older)) == record
    both = {"format": "myrummy/1", "game": "myrummy", **data}
    assert mr.GameRecord.from_json(json.dumps(both)) == record


@pytest.mark.parametrize(
    ("document", "where", "reason"),
    [
        (
            {"format": "myrummy/2", "rules": {}, "actions": []},
            "format",
            "unsupported version 'myrummy/2'; this library reads 'myrummy/1'",
        ),
        (
            {"format": "myrummy/1", "game": "morpyam", "rules": {}, "actions": []},
            "game",
            "'morpyam' in a MyRummy record, not \"myrummy\"",
        ),
        (
            {"format": "yahtzee/1", "rules": {}, "actions": []},
            "document",
            'not a MyRummy record: no "format": "myrummy/1" object',
        ),
    ],
    ids=["later-version", "other-game", "other-format"],
)
def test_a_record_of_another_format_is_refused_by_name(
    document: object, where: str, reason: str
) -> None:
    # a later version, or another game's record, is refused as every reader refuses a
    # document (FileFormatError, naming the member), saying what this library reads
    with pytest.raises(FileFormatError) as caught:
        mr.GameRecord.from_json(json.dumps(document))
    assert caught.value.where == where
    assert caught.value.reason == reason
