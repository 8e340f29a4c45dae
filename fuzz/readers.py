"""The readers of untrusted input, with the errors each documents, and their seed corpus.

Shared by the atheris harness (``fuzz/harness.py``) and the corpus maker
(``fuzz/make_corpus.py``). Each reader takes the raw bytes of one input;
anything it raises that is not among its documented errors is a bug.
"""

from __future__ import annotations

import json
import os
import random
import tempfile
from collections.abc import Callable, Iterator
from pathlib import Path

import attrs

import morpyam as mp
from morpyam import files, records, state_json, vectors
from morpyam import myrummy as mr
from morpyam import yahtzee as yz
from morpyam.bots import RandomBot
from morpyam.myrummy.notation import _records as rummy_records
from morpyam.myrummy.play import _bots as rummy_bots
from morpyam.notation import NotationError

__all__ = ["READERS", "Reader", "seeds"]


def _text(data: bytes) -> str:
    """Bytes as text, as a file reader would decode them (invalid UTF-8 replaced)."""
    return data.decode("utf-8", errors="replace")


def _records_json(data: bytes) -> None:
    record = records.GameRecord.from_json(_text(data))
    records.replay(record)


def _records_text(data: bytes) -> None:
    record = records.GameRecord.from_text(_text(data))
    records.replay(record)


def _solution(data: bytes) -> None:
    with tempfile.TemporaryDirectory() as folder:
        path = os.path.join(folder, "solution.npz")
        with open(path, "wb") as file:
            file.write(data)
        yz.Solution.load(path)


_CORPUS_FILES = (*(f"{game}.jsonl" for game in vectors.GAMES), "counts.jsonl")


def _vectors(data: bytes) -> None:
    """The bytes as every file of a test-vector corpus, checked against the library."""
    with tempfile.TemporaryDirectory() as folder:
        for name in _CORPUS_FILES:
            Path(folder, name).write_bytes(data)
        manifest = {
            "format": vectors.FORMAT,
            "files": {name: {"lines": 1} for name in _CORPUS_FILES},
        }
        Path(folder, "manifest.json").write_text(json.dumps(manifest), encoding="utf-8")
        vectors.check_corpus(folder)


@attrs.frozen
class Reader:
    """One reader: what it does with the bytes, and the errors it may raise."""

    read: Callable[[bytes], object]
    errors: tuple[type[Exception], ...]


READERS: dict[str, Reader] = {
    "records_json": Reader(_records_json, (files.FileFormatError, records.ReplayError)),
    "records_text": Reader(_records_text, (files.FileFormatError, records.ReplayError)),
    "state_json": Reader(
        lambda data: state_json.state_from_json(_text(data)), (files.FileFormatError,)
    ),
    "rules_json": Reader(lambda data: files.rules_from_json(_text(data)), (files.FileFormatError,)),
    "rules_toml": Reader(lambda data: files.rules_from_toml(_text(data)), (files.FileFormatError,)),
    "grid_json": Reader(lambda data: files.layout_from_json(_text(data)), (files.FileFormatError,)),
    "grid_toml": Reader(lambda data: files.layout_from_toml(_text(data)), (files.FileFormatError,)),
    "grid_text": Reader(lambda data: files.layout_from_text(_text(data)), (files.FileFormatError,)),
    "layout_parse": Reader(
        lambda data: mp.Layout.parse(_text(data), shape=None), (mp.LayoutError,)
    ),
    "notation": Reader(lambda data: mp.parse_action(_text(data)), (NotationError,)),
    "record_entry": Reader(lambda data: records.parse_entry(_text(data)), (NotationError,)),
    "yahtzee_notation": Reader(lambda data: yz.parse_action(_text(data)), (NotationError,)),
    "solution": Reader(_solution, (ValueError,)),
    "myrummy_record": Reader(
        lambda data: rummy_bots.GameRecord.from_json(_text(data)), (ValueError,)
    ),
    "myrummy_notation": Reader(
        lambda data: mr.parse_action(_text(data)), (NotationError, mp.IllegalActionError)
    ),
    "myrummy_entry": Reader(
        lambda data: rummy_records.parse_entry(_text(data)), (NotationError, mp.IllegalActionError)
    ),
    "myrummy_move": Reader(lambda data: mr.parse_move(_text(data)), (NotationError,)),
    "myrummy_state_json": Reader(
        lambda data: mr.state_from_json(_text(data)), (files.FileFormatError,)
    ),
    "myrummy_observation_json": Reader(
        lambda data: mr.observation_from_json(_text(data)), (files.FileFormatError,)
    ),
    "yahtzee_state_json": Reader(
        lambda data: yz.state_from_json(_text(data)), (files.FileFormatError,)
    ),
    "yahtzee_record": Reader(
        lambda data: yz.replay(yz.GameRecord.from_json(_text(data))),
        (files.FileFormatError, mp.IllegalActionError),
    ),
    "vectors": Reader(_vectors, (vectors.CorpusError,)),
}
"""Every reader of untrusted input, by name."""


_MOVES = (
    "lay gn8 gn9 gn10",
    "add gn7 J to 3",
    "move gn4 gn5 from 2 to new",
    "split 4 at gn7",
    "join 2 3",
    "swap gn6 for J in 1",
)
"""One move of each kind, in the notation of `morpyam.myrummy.parse_move`."""


def _games(rng: random.Random) -> Iterator[records.GameRecord]:
    """A few short games of each preset, with resignations, as records."""
    for rules in (
        mp.Rules.classic(),
        mp.Rules.official(3),
        mp.Rules.plus(2),
        mp.Rules.flash(4),
    ):
        for length in (0, 7, 60):
            state = mp.new_game(rules)
            entries: list[records.Entry] = []
            for _ in range(length):
                if state.is_terminal:
                    break
                if state.is_chance:
                    action: mp.Action = mp.sample_chance(state, rng)
                else:
                    action = rng.choice(mp.legal_actions(state))
                entries.append(action)
                state = mp.apply(state, action)
            if not state.is_terminal and length == 60:
                entries.append(records.Resign(1))
            yield records.GameRecord(
                rules, entries, names=("Ada", "Bo", "Cy", "Di")[: rules.players]
            )


def seeds() -> dict[str, list[bytes]]:
    """A seed corpus per reader, every input written by the library itself."""
    rng = random.Random(15)
    games = list(_games(rng))
    corpus: dict[str, list[bytes]] = {name: [] for name in READERS}
    for record in games:
        corpus["records_json"].append(record.to_json().encode())
        corpus["records_text"].append(record.to_text().encode())
        for index, state in enumerate(records.positions(record)):
            if index % 9 == 0:
                corpus["state_json"].append(state_json.state_to_json(state).encode())
        for entry in record.actions[:30]:
            corpus["record_entry"].append(str(entry).encode())
            if not isinstance(entry, records.Resign):
                corpus["notation"].append(str(entry).encode())
    for preset in mp.rules.PRESETS.values():
        for players in (2, 4):
            rules = preset(players)
            corpus["rules_json"].append(files.rules_to_json(rules).encode())
            corpus["rules_toml"].append(files.rules_to_toml(rules).encode())
    for layout in (
        mp.Layout.classic(),
        mp.Layout.flash(),
        mp.Layout.parse("MOR SS\nCAL SEC", shape=None),
    ):
        corpus["grid_json"].append(files.layout_to_json(layout).encode())
        corpus["grid_toml"].append(files.layout_to_toml(layout).encode())
        corpus["grid_text"].append(files.layout_to_text(layout).encode())
        corpus["layout_parse"].append(str(layout).encode())
    sheet = yz.new_game(yz.Rules())
    for _ in range(40):
        if sheet.is_terminal:
            break
        move = (
            yz.sample_chance(sheet, rng) if sheet.is_chance else rng.choice(yz.legal_actions(sheet))
        )
        corpus["yahtzee_notation"].append(str(move).encode())
        sheet = yz.apply(sheet, move)
        corpus["yahtzee_state_json"].append(yz.state_to_json(sheet).encode())
    for seed in (1, 2):
        sheet_match = yz.play_match(yz.Rules.hasbro(players=2), [RandomBot(game=yz)] * 2, seed=seed)
        corpus["yahtzee_record"].append(sheet_match.to_json().encode())
    corpus["solution"] = list(_solutions())
    corpus["vectors"] = list(_vector_lines())
    bots: list[rummy_bots.Bot] = [rummy_bots.GreedyBot(), rummy_bots.RandomBot()]
    corpus["myrummy_entry"] += [b"timeout", b"timeout [gn4 gn5 gn6]", b"resign 1"]
    corpus["myrummy_move"] += [text.encode() for text in _MOVES]
    for seed in (1, 2):
        match = rummy_bots.play_match(mr.Rules.classic(), bots, seed=seed, max_actions=60)
        corpus["myrummy_record"].append(match.to_json().encode())
        corpus["myrummy_notation"] += [str(action).encode() for action in match.actions[-20:]]
        corpus["myrummy_entry"] += [str(action).encode() for action in match.actions[-20:]]
        for index, position in enumerate(rummy_records.positions(match)):
            if index % 10 == 0:
                corpus["myrummy_state_json"].append(mr.state_to_json(position).encode())
                seen = mr.observe(position, index % position.players)
                corpus["myrummy_observation_json"].append(mr.observation_to_json(seen).encode())
    return corpus


def _vector_lines() -> Iterator[bytes]:
    """The lines of a corpus of test vectors (the scenarios, and the path counts)."""
    with tempfile.TemporaryDirectory() as folder:
        written = vectors.export_corpus(folder, cases=0)
        for name in written:
            if name.endswith(".jsonl"):
                yield from Path(folder, name).read_bytes().splitlines(keepends=True)


def _solutions() -> Iterator[bytes]:
    """Saved solutions of two rule sets (zero values: only the file's form matters here)."""
    try:
        import numpy as np
    except ImportError:  # the solution reader needs numpy; without it, no seeds
        return
    from morpyam.yahtzee.solver import _shape

    for rules in (yz.Rules(), yz.Rules.hasbro()):
        solution = yz.Solution(rules, np.zeros(_shape(rules)))
        with tempfile.TemporaryDirectory() as folder:
            path = os.path.join(folder, "solution.npz")
            solution.save(path)
            with open(path, "rb") as file:
                yield file.read()
