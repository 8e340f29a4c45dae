"""Structure-aware fuzzing: edit one value inside a valid document; only documented errors come out.

The documents are written by the library (records of short random games,
positions along them, presets, grids, actions). One edit replaces a value,
deletes an entry, renames a key or changes one word; the reader must then
either read the document or raise the error it documents, never anything
else. (The atheris harnesses in ``fuzz/`` do the same with raw bytes.)
"""

from __future__ import annotations

import contextlib
import json
import pathlib
import random
import tempfile
from collections.abc import Callable
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from hypothesis_profiles import examples

import morpyam as mp
from morpyam import files, records, state_json, vectors
from morpyam import myrummy as mr
from morpyam import yahtzee as yz
from morpyam.bots import RandomBot
from morpyam.notation import NotationError


def _games() -> list[records.GameRecord]:
    rng = random.Random(15)
    games = []
    for rules in (mp.Rules.classic(), mp.Rules.official(3), mp.Rules.plus(2), mp.Rules.flash(4)):
        state = mp.new_game(rules)
        entries: list[records.Entry] = []
        for _ in range(70):
            if state.is_terminal:
                break
            action = (
                mp.sample_chance(state, rng)
                if state.is_chance
                else rng.choice(mp.legal_actions(state))
            )
            entries.append(action)
            state = mp.apply(state, action)
        if not state.is_terminal:
            entries.append(records.Resign(0))
        games.append(records.GameRecord(rules, entries, event="Club night"))
    return games


def _sibling_states() -> tuple[list[mr.State], list[yz.State]]:
    """Positions along short MyRummy matches and score-sheet games, chance nodes included."""
    rng = random.Random(15)
    rummy: list[mr.State] = []
    for rules in (mr.Rules.classic(), mr.Rules.rummikub(3)):
        state = mr.new_game(rules)
        for step in range(120):
            if state.is_terminal:
                break
            if step % 12 == 0:
                rummy.append(state)
            if state.is_chance:
                action: mr.Action = mr.sample_chance(state, rng)
            else:
                action = mr.best_play(state) or mr.legal_actions(state)[0]
            state = mr.apply(state, action)
        rummy.append(mr.resign(state, 0) if not state.is_terminal else state)
    sheets: list[yz.State] = []
    sheet = yz.new_game(yz.Rules.hasbro(players=2), games=2)
    for step in range(200):
        if step % 15 == 0:
            sheets.append(sheet)
        move = (
            yz.sample_chance(sheet, rng) if sheet.is_chance else rng.choice(yz.legal_actions(sheet))
        )
        sheet = yz.apply(sheet, move)
    return rummy, sheets


GAMES = _games()
MATCHES = [
    mr.play_match(mr.Rules.classic(), [mr.GreedyBot(), mr.RandomBot()], seed=seed, max_actions=80)
    for seed in (1, 2)
]
RUMMY_STATES, SHEET_STATES = _sibling_states()
SHEET_MATCHES = [
    yz.play_match(
        yz.Rules.hasbro(players=2), [RandomBot(game=yz)] * 2, seed=1, names=["Ann", "Bo"]
    ),
    yz.play_match(yz.Rules.megawuerfel(), [RandomBot(game=yz)], seed=2, games=2),
]
STATES = [state for record in GAMES for state in list(records.positions(record))[::10]]
LAYOUTS = [mp.Layout.classic(), mp.Layout.flash(), mp.Layout.parse("MOR SS\nCAL SEC", shape=None)]


def _replayed(record: records.GameRecord) -> None:
    records.replay(record)


VECTORS = pathlib.Path(__file__).parent / "data" / "vectors"
VECTOR_CASES = {
    "morpyam/classic-2p/straight-on-the-first-roll",
    "morpyam/classic-2p/call-came-up",
    "morpyam/plus-2p/plus-laying",
    "yahtzee/hasbro-1p/second-yahtzee",
    "myrummy/classic-2p/joker-exchange",
    "myrummy/classic-2p/deal-begins",
    "yahtzee/hasbro-second-roll",  # path counts
    "myrummy/classic-lot",
}


def _vector_lines() -> list[str]:
    """A few lines of the committed test vectors, cases and path counts, cheap to check."""
    return [
        line
        for path in sorted(VECTORS.glob("*.jsonl"))
        for line in path.read_text(encoding="utf-8").splitlines()
        if json.loads(line)["id"] in VECTOR_CASES
    ]


def _check_vectors(text: str) -> None:
    """The line as every file of a corpus folder, checked against the library."""
    names = [*(f"{game}.jsonl" for game in vectors.GAMES), "counts.jsonl"]
    with tempfile.TemporaryDirectory() as folder:
        for name in names:
            pathlib.Path(folder, name).write_text(text + "\n", encoding="utf-8")
        manifest = {"format": vectors.FORMAT, "files": {name: {"lines": 1} for name in names}}
        pathlib.Path(folder, "manifest.json").write_text(json.dumps(manifest), encoding="utf-8")
        vectors.check_corpus(folder)


JSON_READERS: dict[str, tuple[list[str], Callable[[str], object], tuple[type[Exception], ...]]] = {
    "record": (
        [record.to_json() for record in GAMES],
        lambda text: _replayed(records.GameRecord.from_json(text)),
        (files.FileFormatError, records.ReplayError),
    ),
    "state": (
        [state_json.state_to_json(state) for state in STATES],
        state_json.state_from_json,
        (files.FileFormatError,),
    ),
    "rules": (
        [
            files.rules_to_json(preset(players))
            for preset in mp.rules.PRESETS.values()
            for players in (2, 3)
        ],
        files.rules_from_json,
        (files.FileFormatError,),
    ),
    "myrummy state": (
        [mr.state_to_json(state) for state in RUMMY_STATES],
        mr.state_from_json,
        (files.FileFormatError,),
    ),
    "myrummy observation": (
        [
            mr.observation_to_json(mr.observe(state, seat))
            for state in RUMMY_STATES
            for seat in range(state.players)
        ],
        mr.observation_from_json,
        (files.FileFormatError,),
    ),
    "yahtzee state": (
        [yz.state_to_json(state) for state in SHEET_STATES],
        yz.state_from_json,
        (files.FileFormatError,),
    ),
    "grid": (
        [files.layout_to_json(layout) for layout in LAYOUTS],
        files.layout_from_json,
        (files.FileFormatError,),
    ),
    "myrummy record": (
        [match.to_json() for match in MATCHES],
        lambda text: mr.replay(mr.GameRecord.from_json(text)),
        (ValueError,),  # documented: ValueError (IllegalActionError, NotationError among them)
    ),
    "yahtzee record": (
        [match.to_json() for match in SHEET_MATCHES],
        lambda text: yz.replay(yz.GameRecord.from_json(text)),
        (files.FileFormatError, mp.IllegalActionError),
    ),
    "test vectors": (_vector_lines(), _check_vectors, (vectors.CorpusError,)),
}

TEXT_READERS: dict[str, tuple[list[str], Callable[[str], object], tuple[type[Exception], ...]]] = {
    "record text": (
        [record.to_text() for record in GAMES],
        lambda text: _replayed(records.GameRecord.from_text(text)),
        (files.FileFormatError, records.ReplayError),
    ),
    "grid text": (
        [files.layout_to_text(layout) for layout in LAYOUTS],
        files.layout_from_text,
        (files.FileFormatError,),
    ),
    "layout parse": (
        [str(layout) for layout in LAYOUTS],
        lambda text: mp.Layout.parse(text, shape=None),
        (mp.LayoutError,),
    ),
    "notation": (
        sorted(
            {
                str(entry)
                for record in GAMES
                for entry in record.actions
                if not isinstance(entry, records.Resign)
            }
        ),
        mp.parse_action,
        (NotationError,),
    ),
    "entry": (
        sorted({str(entry) for record in GAMES for entry in record.actions}),
        records.parse_entry,
        (NotationError,),
    ),
    "yahtzee notation": (
        ["roll", "roll keep 6 6", "dice 1 2 3 4 5", "score chance", "score full-house"],
        yz.parse_action,
        (NotationError,),
    ),
    "myrummy notation": (
        sorted({str(action) for match in MATCHES for action in match.actions} | {"first 1"}),
        mr.parse_action,
        (NotationError, mp.IllegalActionError),  # a bare ValueError is a bug
    ),
    "myrummy move": (
        [
            "lay gn8 gn9 gn10",
            "add gn7 J to 3",
            "move gn4 gn5 from 2 to new",
            "split 4 at gn7",
            "join 2 3",
            "swap gn6 for J in 1",
        ],
        mr.parse_move,
        (NotationError,),  # a bare ValueError is a bug
    ),
    "myrummy entry": (
        sorted(
            {str(action) for match in MATCHES for action in match.actions}
            | {"timeout", "timeout [gn4 gn5 gn6]", "resign 1"}
        ),
        mr.notation.parse_entry,
        (NotationError, mp.IllegalActionError),
    ),
}

WORDS = st.sampled_from(
    ["", "0", "-1", "7", "99", "1e9", "9" * 30, "null", "MOR", "SEC", "CAL", "3x1", "c4", "z99",
     "a0", "roll", "keep", "call", "dice", "place", "lay", "resign", "#", ":", "format:",
     "morpyam/1", "\u200f", "\x00", "é", "²", "٣", "J", "jJ", "[gy9", "gy8]", "gn5",
     "[gn4 gn5 gn6]", "{bk7 gn7 J}", "R-RUM-END-1", "full-house", "yahtzee"]
)  # fmt: skip

SCALARS = (
    st.none()
    | st.booleans()
    | st.integers(-(2**70), 2**70)
    | st.integers(-3, 40)
    | st.floats()
    | st.text(max_size=12)
    | WORDS
)
VALUES = st.recursive(
    SCALARS,
    lambda inner: (
        st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner, max_size=4)
    ),
    max_leaves=8,
)

Path = tuple[str | int, ...]


def _paths(value: Any, path: Path = ()) -> list[Path]:
    """Every place in a JSON tree: the root, then each member and element, depth first."""
    found = [path]
    if isinstance(value, dict):
        for key, member in value.items():
            found += _paths(member, (*path, key))
    elif isinstance(value, list):
        for index, member in enumerate(value):
            found += _paths(member, (*path, index))
    return found


def _edit(tree: Any, path: Path, how: str, value: Any) -> Any:
    """``tree`` with the value at ``path`` replaced, deleted or (in an object) renamed."""
    if not path:
        return value
    parent = tree
    for step in path[:-1]:
        parent = parent[step]
    last = path[-1]
    if how == "replace":
        parent[last] = value
    elif how == "delete":
        del parent[last]
    elif isinstance(parent, dict):
        parent[str(value)[:10]] = parent.pop(last)
    else:
        parent.insert(last, value)
    return tree


def _read(read: Callable[[str], object], errors: tuple[type[Exception], ...], text: str) -> None:
    with contextlib.suppress(*errors):
        read(text)


FUZZ = settings(
    max_examples=examples(150), deadline=None, suppress_health_check=[HealthCheck.too_slow]
)


@pytest.mark.parametrize("kind", sorted(JSON_READERS))
@FUZZ
@given(data=st.data())
def test_one_edited_json_value(kind: str, data: st.DataObject) -> None:
    documents, read, errors = JSON_READERS[kind]
    tree = json.loads(data.draw(st.sampled_from(documents)))
    path = data.draw(st.sampled_from(_paths(tree)))
    how = data.draw(st.sampled_from(["replace", "delete", "rename"]))
    edited = _edit(tree, path, how, data.draw(VALUES))
    _read(read, errors, json.dumps(edited))


@pytest.mark.parametrize("kind", sorted(TEXT_READERS))
@FUZZ
@given(data=st.data())
def test_one_edited_word(kind: str, data: st.DataObject) -> None:
    documents, read, errors = TEXT_READERS[kind]
    lines = data.draw(st.sampled_from(documents)).split("\n")
    number = data.draw(st.integers(0, len(lines) - 1))
    words = lines[number].split(" ")
    at = data.draw(st.integers(0, len(words)))
    new = data.draw(WORDS | st.text(max_size=8))
    how = data.draw(st.sampled_from(["replace", "insert", "delete", "line"]))
    if how == "line":
        lines.insert(number, new)
    elif how == "insert" or at == len(words):
        words.insert(at, new)
    elif how == "replace":
        words[at] = new
    else:
        del words[at]
    if how != "line":
        lines[number] = " ".join(words)
    _read(read, errors, "\n".join(lines))


def test_the_documents_are_read_unedited() -> None:
    # the fuzz starts from valid documents: each reads back as written
    for documents, read, _ in (*JSON_READERS.values(), *TEXT_READERS.values()):
        for document in documents:
            read(document)
    assert len(STATES) > 10
    assert len(RUMMY_STATES) > 10
    assert len(SHEET_STATES) > 10
