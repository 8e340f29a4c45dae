"""Print what each reader of untrusted input spends on a 10 MB hostile input: time and memory.

Every reader must refuse such an input with its documented error, quickly
and in bounded memory. Memory is the peak of Python's allocations while the
reader runs (tracemalloc; numpy's arrays are traced too), not counting the
input itself. Run with ``python benchmarks/bench_hostile.py`` (``nox -s bench``
runs it too). The figures are in docs/performance.md.
"""

from __future__ import annotations

import contextlib
import io
import os
import platform
import tempfile
import time
import tracemalloc
import zipfile
from collections.abc import Callable

import morpyam as mp
from morpyam import files, records, state_json
from morpyam import myrummy as mr
from morpyam import yahtzee as yz

SIZE = 10 * 1024 * 1024
"""The size of each hostile input: 10 MiB."""


def measure(read: Callable[[], object]) -> tuple[float, int, str]:
    """Seconds (untraced), peak bytes (a second, traced call) and the error's type name."""
    start = time.perf_counter()
    try:
        read()
        outcome = "read"
    except Exception as error:  # a benchmark reports whatever comes out
        outcome = type(error).__name__
    elapsed = time.perf_counter() - start
    tracemalloc.start()
    with contextlib.suppress(Exception):  # the same outcome as above
        read()
    peak = tracemalloc.get_traced_memory()[1]
    tracemalloc.stop()
    return elapsed, peak, outcome


def _zip_bomb() -> bytes:
    """A small zip whose values member inflates to 1 GiB of zeros (claimed in its directory)."""
    stream = io.BytesIO()
    chunk = bytes(1024 * 1024)
    with (
        zipfile.ZipFile(stream, "w", zipfile.ZIP_DEFLATED) as archive,
        archive.open("values.npy", "w", force_zip64=True) as member,
    ):
        for _ in range(1024):
            member.write(chunk)
    return stream.getvalue()


def cases(folder: str) -> list[tuple[str, str, Callable[[], object]]]:
    """(reader, input, call) for every reader, each on a 10 MiB input (files written in ``folder``)."""
    brackets = "[" * SIZE
    words = "1 " * (SIZE // 2)
    labels = "3x1\n" * (SIZE // 4)
    record_text = "format: morpyam/1\n\n" + "pass\n" * (SIZE // 5)
    faces = "dice " + words
    keeps = "roll keep " + words

    def file_of(name: str, data: bytes) -> str:
        path = os.path.join(folder, name)
        with open(path, "wb") as file:
            file.write(data)
        return path

    noise = file_of("noise.npz", os.urandom(SIZE))
    bomb = file_of("bomb.npz", _zip_bomb())
    big_text = file_of("big.json", brackets.encode())
    return [
        ("GameRecord.from_json", "10 MiB of [", lambda: records.GameRecord.from_json(brackets)),
        (
            "GameRecord.from_text",
            "10 MiB of pass lines",
            lambda: records.GameRecord.from_text(record_text),
        ),
        ("load_record", "a 10 MiB .json file", lambda: records.load_record(big_text)),
        ("state_from_json", "10 MiB of [", lambda: state_json.state_from_json(brackets)),
        ("myrummy.state_from_json", "10 MiB of [", lambda: mr.state_from_json(brackets)),
        ("yahtzee.state_from_json", "10 MiB of [", lambda: yz.state_from_json(brackets)),
        ("rules_from_json", "10 MiB of [", lambda: files.rules_from_json(brackets)),
        ("rules_from_toml", "10 MiB of [", lambda: files.rules_from_toml(brackets)),
        ("load_rules", "a 10 MiB .json file", lambda: files.load_rules(big_text)),
        ("layout_from_json", "10 MiB of [", lambda: files.layout_from_json(brackets)),
        ("layout_from_text", "10 MiB of 3x1 rows", lambda: files.layout_from_text(labels)),
        ("Layout.parse", "10 MiB of 3x1 rows", lambda: mp.Layout.parse(labels, shape=None)),
        ("parse_action", "dice + 10 MiB of faces", lambda: mp.parse_action(faces)),
        ("parse_entry", "dice + 10 MiB of faces", lambda: records.parse_entry(faces)),
        (
            "yahtzee.parse_action",
            "roll keep + 10 MiB",
            lambda: yz.parse_action(keeps),
        ),
        ("Solution.load", "10 MiB of random bytes", lambda: yz.Solution.load(noise)),
        (
            "Solution.load",
            f"zip bomb ({os.path.getsize(bomb):,} B to 1 GiB)",
            lambda: yz.Solution.load(bomb),
        ),
    ]


def near_limits() -> list[tuple[str, str, Callable[[], object]]]:
    """The costliest inputs just under the size limits: read in full before the error."""
    limit = files.MAX_TEXT_SIZE
    nested = "[" * limit
    header = records.GameRecord(mp.Rules.classic(), [], first_player=0).to_text()
    entries = header + "roll\n" * ((limit - len(header)) // 5)
    comments = "#\n" * (mp.layouts.MAX_PARSE_TEXT // 2 - 8) + "MOR SS\n"
    rummy = mr.state_to_json(mr.new_game(mr.Rules.classic()))
    extra = (limit - len(rummy)) // 5
    pool = rummy.replace('"pool": [', '"pool": [' + '"J", ' * extra, 1)
    return [
        ("GameRecord.from_json", "1 MiB of [", lambda: records.GameRecord.from_json(nested)),
        (
            "GameRecord.from_text",
            f"{entries.count('roll'):,} entries (1 MiB)",
            lambda: records.GameRecord.from_text(entries),
        ),
        (
            "replay",
            "the same record",
            lambda: records.replay(records.GameRecord.from_text(entries)),
        ),
        ("Layout.parse", "1 MiB of comment lines", lambda: mp.Layout.parse(comments, shape=None)),
        (
            "myrummy.state_from_json",
            f"{extra:,} more pool tiles (1 MiB)",
            lambda: mr.state_from_json(pool),
        ),
    ]


def main() -> None:
    """Measure every case and print one row each."""
    print(f"Python {platform.python_version()} on {platform.machine()}, {platform.system()}")
    import numpy  # imported by the first Solution.load: not a cost of reading

    del numpy
    print(f"{'reader':<22} {'hostile input':<34} {'ms':>8} {'peak MiB':>9}  outcome")
    with tempfile.TemporaryDirectory() as folder:
        for reader, what, read in [*cases(folder), *near_limits()]:
            elapsed, peak, outcome = measure(read)
            print(f"{reader:<22} {what:<34} {elapsed * 1000:8.1f} {peak / 2**20:9.2f}  {outcome}")


if __name__ == "__main__":
    main()
