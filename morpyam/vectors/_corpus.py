"""The corpus on disk: its files, writing them (`export_corpus`), and reading them back safely.

A corpus is a folder::

    manifest.json     the format, the library that wrote it, the arguments, the files
                      (each with its lines and SHA-256 digest), the files the format requires
    morpyam.jsonl     one case per line (JSON Lines), for each game exported
    yahtzee.jsonl
    myrummy.jsonl
    counts.jsonl      the path counts from fixed positions, one position per line
    tables.jsonl      every roll's figures and box scores, the judge's verdicts, a table a line

Everything is written deterministically: the same library version and the
same arguments write the same bytes (seeded ``random.Random``, sorted keys,
``\\n`` line ends, UTF-8). The format is documented member by member on the
documentation's page "Checking another implementation".

Reading is for untrusted folders: a file over `MAX_FILE_SIZE` or a line over
`MAX_LINE_SIZE` is refused by its size before it is parsed, and anything
malformed is a `CorpusError` naming the file, the line and the member.
"""

from __future__ import annotations

import hashlib
import json
import os
import random
import re
from collections.abc import Iterable, Iterator, Mapping
from pathlib import Path
from typing import Any

import morpyam
from morpyam.vectors._cases import Scenario, Source, build_case, scenario_state
from morpyam.vectors._counts import COUNT_POSITIONS, count_line
from morpyam.vectors._kits import GAMES, KITS
from morpyam.vectors._morpyam_cases import SOURCE as MORPYAM_SOURCE
from morpyam.vectors._myrummy_cases import SOURCE as MYRUMMY_SOURCE
from morpyam.vectors._tables import TABLES_FILE, table_lines
from morpyam.vectors._yahtzee_cases import SOURCE as YAHTZEE_SOURCE

__all__ = [
    "COUNTS_FILE",
    "DEFAULT_CASES",
    "FORMAT",
    "MANIFEST",
    "MAX_CASES",
    "MAX_FILE_SIZE",
    "MAX_LINE_SIZE",
    "SOURCES",
    "CorpusError",
    "digest",
    "export_corpus",
    "game_file",
    "play_note",
    "read_lines",
    "read_manifest",
    "read_values",
    "required_files",
    "scenarios_by_id",
]

FORMAT = "morpyam-vectors/1"
"""The format a corpus declares in its manifest; a reader refuses any other."""
MANIFEST = "manifest.json"
COUNTS_FILE = "counts.jsonl"
DEFAULT_CASES = 10
"""Positions drawn from seeded play for each (preset, players) group of a game, by default."""
MAX_CASES = 1000
"""The most positions from play `export_corpus` draws for each group."""
MAX_FILE_SIZE = 64 * 1024 * 1024
"""The largest corpus file read (64 MiB): a bigger one is refused before it is opened for reading."""
MAX_LINE_SIZE = 1024 * 1024
"""The longest line read (1 MiB, as the state readers' limit): a longer one is refused unread."""

SOURCES: Mapping[str, Source] = {
    "morpyam": MORPYAM_SOURCE,
    "yahtzee": YAHTZEE_SOURCE,
    "myrummy": MYRUMMY_SOURCE,
}
"""Where each game's cases come from."""


class CorpusError(ValueError):
    """A corpus folder or file that cannot be read, and where: ``where`` (a file, a line, a member)
    and ``reason``.

    Examples:
        >>> str(CorpusError("morpyam.jsonl, line 3", "not JSON"))
        'morpyam.jsonl, line 3: not JSON'
    """

    def __init__(self, where: str, reason: str) -> None:
        super().__init__(f"{where}: {reason}")
        self.where = where
        self.reason = reason


def game_file(game: str) -> str:
    """The file of ``game``'s cases.

    Examples:
        >>> game_file("yahtzee")
        'yahtzee.jsonl'
    """
    return f"{game}.jsonl"


def required_files(games: Iterable[str]) -> list[str]:
    """The files format 1 requires of a corpus of ``games``: each game's file and the counts.

    Examples:
        >>> required_files(["yahtzee"])
        ['yahtzee.jsonl', 'counts.jsonl', 'tables.jsonl']
    """
    chosen = set(games)
    return [game_file(game) for game in GAMES if game in chosen] + [COUNTS_FILE, TABLES_FILE]


def scenarios_by_id(game: str) -> dict[str, Scenario]:
    """The scenarios of ``game`` this library writes, by the id of their case."""
    return {
        f"{game}/{scenario.preset}-{scenario.players}p/{scenario.name}": scenario
        for scenario in SOURCES[game].scenarios()
    }


def play_note(preset: str, players: int) -> str:
    """The note of a case drawn from seeded play."""
    return f"A position of a seeded game ({preset} rules, {players} players)."


def digest(path: str | os.PathLike[str]) -> str:
    """The SHA-256 digest of a file, in hexadecimal, as the manifest gives it."""
    found = hashlib.sha256()
    with open(path, "rb") as file:
        for block in iter(lambda: file.read(1 << 20), b""):
            found.update(block)
    return found.hexdigest()


_DOCUMENTS = frozenset({"state", "after"})
"""Members that hold a state document, whose members keep the order the library writes them in
(the score sheet's boxes are in sheet order): every other object's keys are sorted."""


def _sorted(value: Any, key: str = "") -> Any:
    if isinstance(value, dict):
        if key in _DOCUMENTS:
            return value
        return {k: _sorted(value[k], k) for k in sorted(value)}
    if isinstance(value, list):
        return [_sorted(item, key) for item in value]
    return value


def _line(data: Mapping[str, Any]) -> str:
    """One line of JSON Lines: keys sorted (but inside state documents), no spaces, UTF-8."""
    return json.dumps(_sorted(data), ensure_ascii=False, separators=(",", ":")) + "\n"


def _write(path: Path, lines: Iterable[str]) -> int:
    """Write ``lines`` through a temporary file; returns how many."""
    temporary = path.with_name(f".{path.name}.tmp")
    count = 0
    with open(temporary, "w", encoding="utf-8", newline="\n") as file:
        for line in lines:
            file.write(line)
            count += 1
    os.replace(temporary, path)
    return count


def _cases(game: str, cases: int, seed: int) -> Iterator[dict[str, Any]]:
    kit = KITS[game]
    source = SOURCES[game]
    seen: set[str] = set()

    def named(case_id: str) -> str:
        if case_id in seen:
            raise AssertionError(f"two cases are named {case_id}")
        seen.add(case_id)
        return case_id

    for case_id, scenario in scenarios_by_id(game).items():
        named(case_id)
        yield build_case(
            kit,
            source,
            case_id=case_id,
            preset=scenario.preset,
            players=scenario.players,
            origin="scenario",
            note=scenario.note,
            state=scenario_state(kit, scenario),
            rule_ids=scenario.rule_ids,
            forced=scenario.probes,
            rng=random.Random(f"{seed}/{case_id}"),
        )
    for preset, players in source.groups:
        group = f"{preset}-{players}p"
        rng = random.Random(f"{seed}/{game}/{group}")
        for name, state in source.positions(preset, players, rng, cases):
            case_id = named(f"{game}/{group}/{name}")
            yield build_case(
                kit,
                source,
                case_id=case_id,
                preset=preset,
                players=players,
                origin="play",
                note=play_note(preset, players),
                state=state,
                rng=random.Random(f"{seed}/{case_id}"),
            )


def export_corpus(
    directory: str | os.PathLike[str],
    *,
    games: Iterable[str] | None = None,
    cases: int = DEFAULT_CASES,
    seed: int = 0,
) -> dict[str, int]:
    """Write a corpus of ``games`` (default: all three) into ``directory``; returns the lines per file.

    Each game's file holds its scenarios (positions built for the rule IDs
    they exercise) and ``cases`` positions drawn from seeded play for each
    (preset, players) group; ``counts.jsonl`` the path counts of the games'
    fixed positions; ``tables.jsonl`` their tables (`morpyam.vectors._tables`);
    the manifest the files' lines and digests. The folder is made if missing;
    corpus files of games not exported are removed, other files are left
    alone. The same library version and arguments write the same bytes.

    Examples:
        >>> import tempfile
        >>> with tempfile.TemporaryDirectory() as folder:
        ...     written = export_corpus(folder, games=["yahtzee"], cases=1)
        >>> sorted(written)
        ['counts.jsonl', 'manifest.json', 'tables.jsonl', 'yahtzee.jsonl']

    Raises:
        ValueError: for an unknown game, ``cases`` outside 0 to `MAX_CASES`, or a
            ``seed`` that is not an int.
    """
    chosen = list(GAMES) if games is None else list(dict.fromkeys(games))
    unknown = [game for game in chosen if game not in GAMES]
    if unknown or not chosen:
        raise ValueError(f"games are some of {', '.join(GAMES)}; got {unknown or 'none'}")
    chosen = [game for game in GAMES if game in chosen]
    if type(cases) is not int or not 0 <= cases <= MAX_CASES:
        raise ValueError(f"cases must be an int from 0 to {MAX_CASES}, got {cases!r}")
    if type(seed) is not int:
        raise ValueError(f"seed must be an int, got {seed!r}")
    folder = Path(directory)
    folder.mkdir(parents=True, exist_ok=True)
    written: dict[str, int] = {}
    for game in chosen:
        name = game_file(game)
        written[name] = _write(folder / name, map(_line, _cases(game, cases, seed)))
    for game in GAMES:
        if game not in chosen and (folder / game_file(game)).exists():
            (folder / game_file(game)).unlink()
    counted = (count_line(game, *position) for game in chosen for position in COUNT_POSITIONS[game])
    written[COUNTS_FILE] = _write(folder / COUNTS_FILE, map(_line, counted))
    written[TABLES_FILE] = _write(folder / TABLES_FILE, map(_line, table_lines(chosen)))
    manifest = {
        "format": FORMAT,
        "library": f"morpyam {morpyam.__version__}",
        "games": chosen,
        "cases": cases,
        "seed": seed,
        "files": {
            name: {"lines": count, "sha256": digest(folder / name)}
            for name, count in sorted(written.items())
        },
        "required": required_files(chosen),
    }
    text = json.dumps(manifest, sort_keys=True, ensure_ascii=False, indent=2) + "\n"
    written[MANIFEST] = _write(folder / MANIFEST, [text])
    return dict(sorted(written.items()))


# --- reading -------------------------------------------------------------------------------


def _object(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    table = dict(pairs)
    if len(table) != len(pairs):
        keys = [key for key, _ in pairs]
        repeated = next(key for key in keys if keys.count(key) > 1)
        raise ValueError(f"the member {repeated[:40]!r} is given twice")
    return table


def _constant(name: str) -> Any:
    raise ValueError(f"{name} is not a number JSON allows")


def _json(text: str, where: str, *, multiline: bool = False) -> Any:
    try:
        return json.loads(text, object_pairs_hook=_object, parse_constant=_constant)
    except json.JSONDecodeError as error:
        line = f", line {error.lineno}" if multiline else ""
        raise CorpusError(f"{where}{line}, column {error.colno}", error.msg) from None
    except RecursionError:
        raise CorpusError(where, "nested too deeply") from None
    except ValueError as error:  # a repeated member, NaN, a number of thousands of digits
        raise CorpusError(where, str(error)[:200]) from None


def _open(path: Path, name: str) -> Any:
    try:
        size = path.stat().st_size
    except OSError as error:
        raise CorpusError(name, f"cannot be read ({error.strerror or error})") from None
    if not path.is_file():
        raise CorpusError(name, "is not a regular file")
    if size > MAX_FILE_SIZE:
        raise CorpusError(name, f"{size:,} bytes; at most {MAX_FILE_SIZE:,} are read")
    try:
        return open(path, "rb")
    except OSError as error:
        raise CorpusError(name, f"cannot be read ({error.strerror or error})") from None


def read_manifest(directory: str | os.PathLike[str]) -> dict[str, Any]:
    """The manifest of the corpus in ``directory``, checked: its format and its list of files.

    Raises:
        CorpusError: for a missing, oversized or malformed manifest, another format, or a
            file name that is not one of a corpus's files.
    """
    folder = Path(directory)
    if not folder.is_dir():
        raise CorpusError(os.fspath(directory), "is not a folder")
    with _open(folder / MANIFEST, MANIFEST) as file:
        data = file.read(MAX_LINE_SIZE + 1)
    if len(data) > MAX_LINE_SIZE:
        raise CorpusError(MANIFEST, f"bigger than {MAX_LINE_SIZE:,} bytes")
    manifest = _json(_decode(data, MANIFEST), MANIFEST, multiline=True)
    if not isinstance(manifest, dict):
        raise CorpusError(MANIFEST, "expected a JSON object")
    if manifest.get("format") != FORMAT:
        shown = json.dumps(manifest.get("format"))[:60]
        raise CorpusError(f"{MANIFEST}, format", f"expected {FORMAT!r}, got {shown}")
    files = manifest.get("files")
    known = {game_file(game) for game in GAMES} | {COUNTS_FILE, TABLES_FILE}
    if not isinstance(files, dict) or not set(files) <= known:
        raise CorpusError(
            f"{MANIFEST}, files", f"expected an object naming some of {sorted(known)}"
        )
    for name, entry in files.items():
        lines = entry.get("lines") if isinstance(entry, dict) else None
        if type(lines) is not int or lines < 0:
            raise CorpusError(
                f"{MANIFEST}, files, {name}", "expected an object whose 'lines' is a whole number"
            )
        sha = entry.get("sha256")
        if sha is not None and not (isinstance(sha, str) and _SHA256.fullmatch(sha)):
            raise CorpusError(
                f"{MANIFEST}, files, {name}, sha256", "expected 64 hexadecimal digits (lower case)"
            )
    for key, names in (("games", GAMES), ("required", known)):
        listed = manifest.get(key)
        if listed is not None and not (
            isinstance(listed, list) and all(isinstance(n, str) and n in names for n in listed)
        ):
            raise CorpusError(f"{MANIFEST}, {key}", f"expected a list of some of {sorted(names)}")
    return manifest


_SHA256 = re.compile(r"[0-9a-f]{64}", re.ASCII)


def _decode(data: bytes, where: str) -> str:
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as error:
        raise CorpusError(where, f"not UTF-8 text (byte 0x{data[error.start]:02x})") from None


def read_lines(path: str | os.PathLike[str], name: str | None = None) -> Iterator[tuple[int, Any]]:
    """The JSON values of a JSON Lines file, one per line, with their line numbers (from 1).

    Blank lines are skipped. ``name`` is how errors name the file (default: its path).

    Raises:
        CorpusError: for a file over `MAX_FILE_SIZE`, a line over `MAX_LINE_SIZE`
            (refused unread), or a line that is not JSON, naming the line.
    """
    for number, value in read_values(path, name):
        if isinstance(value, CorpusError):
            raise value
        yield number, value


def read_values(path: str | os.PathLike[str], name: str | None = None) -> Iterator[tuple[int, Any]]:
    """As `read_lines`, but a line that is not UTF-8 or not JSON gives its `CorpusError` in
    place of a value, and the reading goes on.

    Raises:
        CorpusError: for a file over `MAX_FILE_SIZE` or a line over `MAX_LINE_SIZE`.
    """
    name = os.fspath(path) if name is None else name
    with _open(Path(path), name) as file:
        number = 0
        while True:
            data = file.readline(MAX_LINE_SIZE + 1)
            if not data:
                return
            number += 1
            where = f"{name}, line {number}"
            if len(data) > MAX_LINE_SIZE:
                raise CorpusError(where, f"longer than {MAX_LINE_SIZE:,} bytes")
            try:
                text = _decode(data, where)
                value = _json(text, where) if text.strip() else _BLANK
            except CorpusError as error:
                value = error
            if value is not _BLANK:
                yield number, value


_BLANK = object()
"""What a blank line reads as: nothing to yield."""
