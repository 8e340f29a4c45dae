"""Hostile input: every reader refuses it with its documented error, in bounded memory.

Memory is measured with tracemalloc peaks (allocations made while reading);
the input itself is made before tracing starts. No timings are asserted.
"""

from __future__ import annotations

import io
import json
import os
import tracemalloc
import zipfile
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

import morpyam as mp
from morpyam import bots, layouts
from morpyam import myrummy as mr
from morpyam import yahtzee as yz
from morpyam.files import (
    MAX_TEXT_SIZE,
    FileFormatError,
    layout_to_json,
    layout_to_text,
    layout_to_toml,
    load_layout,
    load_rules,
    rules_to_json,
    rules_to_toml,
)
from morpyam.notation import MAX_ACTION_LENGTH, NotationError
from morpyam.records import GameRecord, load_record, parse_entry
from morpyam.state_json import InvalidStateError, state_from_dict, state_to_dict

MB = 1024 * 1024


def peak_of(read: Callable[[], object], error: type[BaseException]) -> int:
    """The peak memory (bytes) allocated while ``read`` runs; it must raise ``error``."""
    tracemalloc.start()
    try:
        with pytest.raises(error):
            read()
        return tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()


# --- grids ------------------------------------------------------------------------------------------


def test_a_tall_grid_text_is_refused_in_bounded_memory() -> None:
    # 40 KB of text once took 883 MB (the rays of a 10,000-cell line were quadratic)
    text = "3x1\n" * 10_000
    peak = peak_of(lambda: mp.Layout.parse(text, shape=None), mp.LayoutError)
    assert peak < 1 * MB


def test_a_grid_text_over_the_limit_is_refused_before_it_is_read() -> None:
    text = "3x1 " * (layouts.MAX_PARSE_TEXT // 4 + 1)
    with pytest.raises(mp.LayoutError, match="characters; at most") as caught:
        mp.Layout.parse(text, shape=None)
    assert (caught.value.line, caught.value.column) == (1, 1)
    spaces = " " * 10 * MB
    peak = peak_of(lambda: mp.Layout.parse(spaces), mp.LayoutError)
    assert peak < 1 * MB


def test_a_long_grid_line_is_refused_in_bounded_memory() -> None:
    line = "3x1 " * 250_000  # 1 MB, one row of 250,000 labels
    peak = peak_of(
        lambda: mp.Layout.parse(line[: layouts.MAX_PARSE_TEXT], shape=None), mp.LayoutError
    )
    assert peak < 1 * MB


def test_more_than_26_columns_is_a_layout_error() -> None:
    # a plain ValueError before; columns are named a to z
    with pytest.raises(mp.LayoutError, match="more than 27 labels in this row, expected 26"):
        mp.Layout.parse(" ".join(["SS"] * 40), shape=None)
    with pytest.raises(mp.LayoutError, match="27 labels in this row, expected 26") as caught:
        mp.Layout.parse(" ".join(["SS"] * 27), shape=None)
    assert caught.value.column == 26 * 3 + 1  # the 27th label
    with pytest.raises(mp.LayoutError, match="more than 26 rows") as caught:
        mp.Layout.parse("SS\n" * 27, shape=None)
    assert caught.value.line == 27
    assert mp.Layout.parse("\n".join([" ".join(["SS"] * 26)] * 26), shape=None).width == 26


def test_a_shape_beyond_the_limits_is_refused() -> None:
    with pytest.raises(ValueError, match="ints 1 to 26"):
        mp.Layout.parse("SS", shape=(1, 27))


def test_a_tall_layout_value_takes_linear_memory() -> None:
    grid = [[mp.Figure.THREE_ONES]] * 3000
    tracemalloc.start()
    try:
        layout = mp.Layout(grid)
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    assert len(layout) == 3000
    # quadratic rays held 3000 * 3000 references (72 MB); linear ones are a few hundred bytes a cell
    assert peak < 8 * MB


def test_the_grid_caches_are_bounded() -> None:
    # 20 tall grids parsed and dropped once held 628 MB in an unbounded cache
    for height in range(40, 80):
        layout = mp.Layout([[mp.Figure.THREE_ONES]] * height)
        assert layout.height == height
        bots._geometry(layout.lines, len(layout), 5)
    for cache in (layouts._geometry, bots._geometry):
        info = cache.cache_info()
        assert info.maxsize is not None
        assert info.currsize <= info.maxsize < 40


def test_ko_on_a_tall_line_with_linear_rays() -> None:
    # R-END-1: five in a row on a 1-wide, 12-tall grid, found from any of its cells
    layout = mp.Layout([[mp.Figure.THREE_ONES]] * 12)
    owners: tuple[int | None, ...] = (None, 0, 0, 0, 0, 0, None, 1, 1, 1, 1, None)
    assert [mp.scoring.is_ko(layout, owners, i, 5) for i in range(1, 6)] == [True] * 5
    assert not any(mp.scoring.is_ko(layout, owners, i, 5) for i in range(7, 11))
    assert mp.scoring.is_ko(layout, owners, 7, 4)  # four of player 1: a KO of length 4


# --- actions and entries ----------------------------------------------------------------------------


READERS: list[tuple[str, Callable[[str], object]]] = [
    ("parse_action", mp.parse_action),
    ("yahtzee.parse_action", yz.parse_action),
    ("parse_entry", parse_entry),
]


@pytest.mark.parametrize(("name", "read"), READERS)
def test_a_10_mb_action_is_refused_before_it_is_read(
    name: str, read: Callable[[str], object]
) -> None:
    # 10 MB once took about 1 GB and 2.8 s before it was refused
    text = "roll keep " + "1 " * (5 * MB)
    peak = peak_of(lambda: read(text), NotationError)
    assert peak < 64 * 1024
    with pytest.raises(NotationError, match=r"characters; an? \w+ has at most 1,000") as caught:
        read(text)
    assert len(str(caught.value)) < 200  # the message quotes only the start


@pytest.mark.parametrize(("name", "read"), READERS)
def test_an_action_at_the_limit_is_read(name: str, read: Callable[[str], object]) -> None:
    text = "roll" + " " * (MAX_ACTION_LENGTH - 4)
    assert len(text) == MAX_ACTION_LENGTH
    assert read(text) == (yz.Roll() if name.startswith("yahtzee") else mp.Roll())
    with pytest.raises(NotationError, match="1,001 characters"):
        read(text + " ")


def test_a_record_text_with_a_long_entry_is_refused_in_bounded_memory() -> None:
    text = "format: morpyam/1\nrules: classic\n\ndice " + "1 " * 500_000
    peak = peak_of(lambda: GameRecord.from_text(text), FileFormatError)
    assert peak < 8 * MB
    with pytest.raises(FileFormatError, match="has at most 1,000") as caught:
        GameRecord.from_text(text)
    assert caught.value.where == "line 4, column 1"


# --- state files ------------------------------------------------------------------------------------


def test_an_impossible_daversa_finish_is_refused() -> None:
    # R-MOR-3: the winner placed with a Morpyam in two turns, so has two tokens on the board;
    # an official new game "won" by player 1 with no token was read back before
    data = state_to_dict(mp.new_game(mp.Rules.official(), first_player=0))
    data.update(winners=[1], end_rule="R-MOR-3")
    with pytest.raises(InvalidStateError, match="R-MOR-3") as caught:
        state_from_dict(json.loads(json.dumps(data)))
    assert caught.value.where == "winners"


def test_a_daversa_finish_with_two_tokens_is_read() -> None:
    # R-MOR-3: two placements with a Morpyam showing, nothing else on the board
    rules = mp.Rules.official()
    state = mp.new_game(rules, first_player=0)
    data = state_to_dict(state)
    data.update(winners=[0], end_rule="R-MOR-3")
    data["tokens_left"] = [rules.tokens_per_player - 2, rules.tokens_per_player]
    data["board"] = {"b2": 0, "e5": 0}  # the two MORPYAM cells
    read = state_from_dict(json.loads(json.dumps(data)))
    assert read.winners == frozenset({0})
    assert read.end_rule == "R-MOR-3"


# --- MyRummy and score-sheet state files ----------------------------------------------------------

SIBLING_STATES: list[tuple[str, Callable[[str], object], str]] = [
    ("myrummy", mr.state_from_json, mr.state_to_json(mr.new_game(mr.Rules.classic()))),
    ("yahtzee", yz.state_from_json, yz.state_to_json(yz.new_game(yz.Rules.hasbro()))),
]


@pytest.mark.parametrize(("name", "read", "good"), SIBLING_STATES)
def test_an_oversized_sibling_state_is_refused_before_it_is_parsed(
    name: str, read: Callable[[str], object], good: str
) -> None:
    # a valid document padded past the limit: refused by its size, before json.loads
    text = good + " " * (MAX_TEXT_SIZE + 1 - len(good))
    peak = peak_of(lambda: read(text), FileFormatError)
    assert peak < 64 * 1024
    with pytest.raises(FileFormatError) as caught:
        read(text)
    assert caught.value.where == "document"
    assert "1,048,577 characters; at most 1,048,576 are read" in caught.value.reason
    assert read(good + " " * (MAX_TEXT_SIZE - len(good)))  # at the limit it is read


@pytest.mark.parametrize(("name", "read", "good"), SIBLING_STATES)
@pytest.mark.parametrize(
    ("text", "where", "reason"),
    [
        ("[" * 100_000 + "]" * 100_000, "document", "nested too deeply"),
        ('{"format": ' * 50_000 + "1" + "}" * 50_000, "document", "nested too deeply"),
        ("null", "document", "expected a table, got null"),
        ("[]", "document", "expected a table, got a list"),
        ('"text"', "document", "expected a table, got the string"),
        ('{"format": 1' + "0" * 5000 + "}", "line 1, column 12", "5,001 digits"),
        ('{"format": "x", "format": "x"}', "format", "given more than once"),
        ("{", "line 1, column 2", "Expecting property name"),
        ("{}", "format", "missing"),
    ],
)
def test_a_hostile_sibling_state_gets_the_documented_error(
    name: str, read: Callable[[str], object], good: str, text: str, where: str, reason: str
) -> None:
    with pytest.raises(FileFormatError) as caught:
        read(text)
    assert (caught.value.where, reason in caught.value.reason) == (where, True), caught.value


@pytest.mark.parametrize(("name", "read", "good"), SIBLING_STATES)
def test_a_sibling_state_of_another_version_or_game_is_refused(
    name: str, read: Callable[[str], object], good: str
) -> None:
    data = json.loads(good)
    for other, refusal in (
        (f"{name}-state/2", f"unsupported version '{name}-state/2'"),
        ("morpyam-state/1", "not a"),
        ("morpyam/1", "not a"),
    ):
        data["format"] = other
        with pytest.raises(FileFormatError, match=refusal) as caught:
            read(json.dumps(data))
        assert caught.value.where == "format"
    with pytest.raises(FileFormatError, match="expected text"):
        read(good.encode())  # type: ignore[arg-type]


def test_a_myrummy_state_that_makes_tiles_is_refused() -> None:
    # R-RUM-SET-1: a third joker on a rack, the two of the set still in the pool
    data = json.loads(mr.state_to_json(mr.position(mr.Rules.classic(), racks=[(), ()])))
    data["racks"][0] = ["J"]
    with pytest.raises(InvalidStateError, match="R-RUM-SET-1") as caught:
        mr.state_from_json(json.dumps(data))
    assert caught.value.where == "pool"


def test_a_sheet_with_points_no_roll_scores_is_refused() -> None:
    # Y-BOX-4: a full house scores 25 or nothing
    data = json.loads(yz.state_to_json(yz.new_game(yz.Rules.hasbro())))
    data["sheets"][0][0]["boxes"] = {"full-house": 26}
    with pytest.raises(InvalidStateError, match="Y-BOX-1") as caught:
        yz.state_from_json(json.dumps(data))
    assert caught.value.where == "sheets[0][0].boxes.full-house"


# --- Yahtzee solution files -------------------------------------------------------------------------


np = pytest.importorskip("numpy")

FORMAT = "morpyam.yahtzee.solution/1"
PLAIN_RULES = json.dumps({"upper_bonus": 35})


def npy(array: Any) -> bytes:
    stream = io.BytesIO()
    np.lib.format.write_array(stream, np.asarray(array), allow_pickle=False)
    return stream.getvalue()


def zip_of(members: dict[str, bytes], compression: int = zipfile.ZIP_DEFLATED) -> bytes:
    stream = io.BytesIO()
    with zipfile.ZipFile(stream, "w", compression) as archive:
        for name, body in members.items():
            archive.writestr(name, body)
    return stream.getvalue()


def solution_members(values: Any, rules: str = PLAIN_RULES) -> dict[str, bytes]:
    return {
        "format.npy": npy(np.array(FORMAT)),
        "rules.npy": npy(np.array(rules)),
        "values.npy": npy(values),
    }


@pytest.fixture
def shape() -> tuple[int, ...]:
    from morpyam.yahtzee.solver import _shape

    return _shape(yz.Rules(**json.loads(PLAIN_RULES)))


def write(tmp_path: Path, data: bytes) -> Path:
    path = tmp_path / "solution.npz"
    path.write_bytes(data)
    return path


def load_error(path: Path) -> ValueError:
    with pytest.raises(ValueError, match="solution") as caught:
        yz.Solution.load(path)
    return caught.value


def test_a_good_file_is_read(tmp_path: Path, shape: tuple[int, ...]) -> None:
    values = np.arange(np.prod(shape), dtype=np.float64).reshape(shape)
    solution = yz.Solution.load(write(tmp_path, zip_of(solution_members(values))))
    assert (solution.values == values).all()
    stored = yz.Solution.load(write(tmp_path, zip_of(solution_members(values), zipfile.ZIP_STORED)))
    assert stored.expected_score == 0.0


BROKEN: dict[str, Callable[[bytes], bytes]] = {
    "empty": lambda good: b"",  # EOFError before
    "truncated": lambda good: good[: len(good) // 2],  # zipfile.BadZipFile before
    "not a zip": lambda good: b"PK\x03\x04" + b"\x00" * 100,
    "bad deflate data": lambda good: good.replace(good[200:260], bytes(60)),  # zlib.error
}


@pytest.mark.parametrize("how", sorted(BROKEN))
def test_a_broken_file_is_a_value_error(tmp_path: Path, shape: tuple[int, ...], how: str) -> None:
    good = zip_of(solution_members(np.zeros(shape)))
    load_error(write(tmp_path, BROKEN[how](good)))


def test_a_header_claiming_ten_billion_values_is_refused(
    tmp_path: Path, shape: tuple[int, ...]
) -> None:
    # numpy's MemoryError before: the array was allocated from the header's shape
    members = solution_members(np.zeros(shape))
    stream = io.BytesIO()
    header = {"descr": "<f8", "fortran_order": False, "shape": (10**10,)}
    np.lib.format.write_array_header_1_0(stream, header)
    members["values.npy"] = stream.getvalue() + bytes(24)
    path = write(tmp_path, zip_of(members))
    peak = peak_of(lambda: yz.Solution.load(path), ValueError)
    assert peak < 1 * MB
    assert "expected <f8 values of shape" in str(load_error(path))


def test_a_zip_bomb_is_refused_from_the_directory(tmp_path: Path, shape: tuple[int, ...]) -> None:
    # a 1 MB file once decompressed to 1 GB before the shape check; here 64 MB of zeros
    members = solution_members(np.zeros(shape))
    members["values.npy"] = bytes(64 * MB)
    path = write(tmp_path, zip_of(members))
    assert path.stat().st_size < 1 * MB
    peak = peak_of(lambda: yz.Solution.load(path), ValueError)
    assert peak < 4 * MB
    assert "at most" in str(load_error(path))


def test_a_directory_that_lies_about_sizes_is_cut_off(
    tmp_path: Path, shape: tuple[int, ...]
) -> None:
    members = solution_members(np.zeros(shape))
    members["rules.npy"] = npy(np.array(" " * 100_000))
    data = zip_of(members)
    # the central directory says the rules member is 100 bytes; its data inflate to 400 KB
    fake = bytearray(data)
    entry = fake.find(b"PK\x01\x02")
    while fake[entry + 46 : entry + 55] != b"rules.npy":
        entry = fake.find(b"PK\x01\x02", entry + 4)
    fake[entry + 24 : entry + 28] = (100).to_bytes(4, "little")  # its uncompressed size
    load_error(write(tmp_path, bytes(fake)))


def test_deeply_nested_rules_are_refused(tmp_path: Path, shape: tuple[int, ...]) -> None:
    # a rules member of 100,000 brackets raised RecursionError before
    for depth in (3_000, 100_000):
        rules = "[" * depth + "]" * depth
        load_error(write(tmp_path, zip_of(solution_members(np.zeros(shape), rules))))


def test_nan_values_are_refused(tmp_path: Path, shape: tuple[int, ...]) -> None:
    # an all-NaN array was accepted (expected_score was nan)
    for bad in (np.nan, np.inf, -1.0):
        path = write(tmp_path, zip_of(solution_members(np.full(shape, bad))))
        assert "finite and not negative" in str(load_error(path))


@pytest.mark.parametrize(
    "members",
    [
        {"format.npy": b"", "rules.npy": b"", "values.npy": b""},
        {"format.npy": b""},
        {"format.npy": b"", "rules.npy": b"", "values.npy": b"", "extra.npy": b""},
    ],
)
def test_other_members_are_refused(tmp_path: Path, members: dict[str, bytes]) -> None:
    load_error(write(tmp_path, zip_of(members)))


def test_members_that_are_not_plain_strings_and_floats(
    tmp_path: Path, shape: tuple[int, ...]
) -> None:
    cases = [
        dict(solution_members(np.zeros(shape)), **{"format.npy": npy(np.array([1, 2]))}),
        dict(solution_members(np.zeros(shape)), **{"rules.npy": npy(np.array(["{}", "{}"]))}),
        dict(solution_members(np.zeros(shape)), **{"values.npy": npy(np.zeros(shape, np.float32))}),
        dict(solution_members(np.zeros(shape)), **{"values.npy": npy(np.zeros(shape).T)}),
        dict(solution_members(np.zeros(shape)), **{"values.npy": npy(np.zeros(shape))[:-8]}),
        dict(solution_members(np.zeros(shape)), **{"format.npy": npy(np.array(FORMAT))[:-4]}),
        dict(solution_members(np.zeros(shape)), **{"values.npy": b"\x93NUMPY\x01\x00{'descr'"}),
        dict(solution_members(np.zeros(shape)), **{"values.npy": b"not numpy at all"}),
        dict(solution_members(np.zeros(shape), "[1, 2]")),
        dict(solution_members(np.zeros(shape), "{not json")),
        dict(solution_members(np.zeros(shape), '{"upper_bonus": "35"}')),
    ]
    for members in cases:
        load_error(write(tmp_path, zip_of(members)))


def test_an_invalid_code_point_is_refused(tmp_path: Path, shape: tuple[int, ...]) -> None:
    # numpy turns U+110000 into a broken str (or a SystemError when printed)
    members = solution_members(np.zeros(shape))
    body = members["format.npy"]
    members["format.npy"] = body[:-4] + (0x110000).to_bytes(4, "little")
    assert "format: not text" in str(load_error(write(tmp_path, zip_of(members))))


def test_an_unknown_compression_is_refused(tmp_path: Path, shape: tuple[int, ...]) -> None:
    path = write(tmp_path, zip_of(solution_members(np.zeros(shape)), zipfile.ZIP_BZIP2))
    assert "compressed in an unknown way" in str(load_error(path))


def test_an_oversized_file_is_refused_before_it_is_read(tmp_path: Path) -> None:
    from morpyam.yahtzee import _solution_file

    path = tmp_path / "big.npz"
    with open(path, "wb") as file:
        file.truncate(_solution_file.MAX_FILE_SIZE + 1)  # sparse: no disk used
    peak = peak_of(lambda: yz.Solution.load(path), ValueError)
    assert peak < 1 * MB


def test_only_regular_files_are_read(tmp_path: Path) -> None:
    assert "directory" in str(load_error(tmp_path)).lower()
    with pytest.raises(FileNotFoundError):
        yz.Solution.load(tmp_path / "missing.npz")


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="named pipes are POSIX")
def test_a_named_pipe_is_refused_without_waiting(tmp_path: Path) -> None:
    # a named pipe with no writer made load() wait for ever
    pipe = tmp_path / "pipe.npz"
    os.mkfifo(pipe)
    assert "not a regular file" in str(load_error(pipe))


@pytest.fixture
def no_reading(monkeypatch: pytest.MonkeyPatch) -> None:
    """Opening any file fails with a permission error."""

    def refuse(path: str, flags: int) -> int:
        raise PermissionError(13, "Permission denied", path)

    from morpyam.yahtzee import _solution_file

    monkeypatch.setattr(_solution_file, "_opener", refuse)


@pytest.mark.usefixtures("no_reading")
def test_an_unreadable_file_is_a_value_error(tmp_path: Path) -> None:
    path = write(tmp_path, b"")
    assert "Permission denied" in str(load_error(path))


def test_the_grid_limits_are_exact() -> None:
    # R-GRID-2 text: a text of exactly MAX_PARSE_TEXT characters is read; shapes 1 to 26
    row = "MOR SS\n"
    text = row + "#" * (layouts.MAX_PARSE_TEXT - len(row))
    assert len(text) == layouts.MAX_PARSE_TEXT
    assert mp.Layout.parse(text, shape=(1, 2)).width == 2
    assert mp.Layout.parse("MOR", shape=(1, 1)).height == 1
    square = "\n".join([" ".join(["SS"] * 26)] * 26)
    assert len(mp.Layout.parse(square, shape=(26, 26))) == 26 * 26
    for shape in ((0, 2), (2, 0), (27, 1), (1, 27)):
        with pytest.raises(ValueError, match="ints 1 to 26"):
            mp.Layout.parse("SS", shape=shape)
    with pytest.raises(mp.LayoutError, match="more than 2 rows") as caught:
        mp.Layout.parse("SS SS SS\n" * 3, shape=(2, 3))
    assert (caught.value.line, caught.value.column) == (3, 1)


def test_a_grid_that_is_not_text_is_a_layout_error() -> None:
    with pytest.raises(mp.LayoutError) as caught:
        mp.Layout.parse(5)  # type: ignore[arg-type]
    error = caught.value
    assert (error.reason, error.line, error.column) == ("a grid is text, not int", 1, 1)


@pytest.mark.parametrize(
    ("text", "shape", "where", "reason"),
    [
        ("10: SS", None, (1, 1), "row number '10' where row 1 was expected"),
        ("  1:", None, (1, 3), "a row without labels"),
        ("SS SS\nSS SS", (2, 3), (1, 6), "2 labels in this row, expected 3"),
        ("SS SS\nSS", None, (2, 3), "1 labels in this row, expected 2"),
        ("SS " * 25 + "\n" + "SS " * 26, None, (2, 76), "26 labels in this row, expected 25"),
        ("SS " * 27, None, (1, 79), "27 labels in this row, expected 26"),
        ("SS " * 28, None, (1, 79), "more than 27 labels in this row, expected 26"),
        ("# only a comment", None, (1, 1), "no rows"),
        ("SS SS SS", (2, 3), (2, 1), "1 rows, expected 2"),
    ],
)
def test_each_grid_text_error_is_exact(
    text: str, shape: tuple[int, int] | None, where: tuple[int, int], reason: str
) -> None:
    # R-GRID-2: the rows of a grid text, each with its labels; the error says where
    with pytest.raises(mp.LayoutError) as caught:
        mp.Layout.parse(text, shape=shape)
    assert (caught.value.reason, (caught.value.line, caught.value.column)) == (reason, where)


# ---------------------------------------------------------------------------
# Readers of files: a regular file or standard input, nothing that blocks

FILE_READERS: dict[str, Callable[[Path], object]] = {
    "rules.toml": load_rules,
    "rules.json": load_rules,
    "grid.txt": load_layout,
    "grid.toml": load_layout,
    "game.json": load_record,
    "game.txt": load_record,
    "match.json": mr.load_record,
}


def refusal_within(seconds: float, read: Callable[[], object], pipe: Path) -> ValueError:
    """The ValueError that ``read()`` raises, which must come within ``seconds``; a reader that
    blocks on ``pipe`` fails the test and is then set free by a writer opened without waiting."""
    import threading

    caught: list[BaseException] = []

    def run() -> None:
        try:
            read()
        except BaseException as error:  # handed to the test
            caught.append(error)

    thread = threading.Thread(target=run, daemon=True)
    thread.start()
    thread.join(seconds)
    if thread.is_alive():
        os.close(os.open(pipe, os.O_WRONLY | os.O_NONBLOCK))  # the reader opens, reads nothing
        thread.join(seconds)
        pytest.fail(f"the reader waited on the named pipe {pipe.name} for {seconds} s")
    assert caught, "a named pipe was read as a file"
    assert isinstance(caught[0], ValueError), caught[0]
    return caught[0]


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="named pipes are POSIX")
@pytest.mark.parametrize("name", FILE_READERS)
def test_every_reader_refuses_a_named_pipe_without_waiting(tmp_path: Path, name: str) -> None:
    # a named pipe with no writer made the reader wait for ever
    pipe = tmp_path / name
    os.mkfifo(pipe)
    error = refusal_within(5, lambda: FILE_READERS[name](pipe), pipe)
    assert "a named pipe, not a regular file" in str(error)
    if isinstance(error, FileFormatError):
        assert error.where == str(pipe)


@pytest.mark.parametrize("name", FILE_READERS)
def test_every_reader_refuses_a_folder_as_not_a_file(tmp_path: Path, name: str) -> None:
    folder = tmp_path / name
    folder.mkdir()
    with pytest.raises(ValueError, match="a folder, not a regular file"):
        FILE_READERS[name](folder)


@pytest.mark.skipif(not os.path.exists("/dev/zero"), reason="no /dev/zero here")
@pytest.mark.parametrize("name", FILE_READERS)
def test_a_device_without_end_is_refused_before_it_is_read(tmp_path: Path, name: str) -> None:
    # /dev/zero under a file's name: read up to the limit, it would never be text
    device = tmp_path / name
    device.symlink_to("/dev/zero")
    peak = peak_of(lambda: FILE_READERS[name](device), ValueError)
    assert peak < 1 * MB
    with pytest.raises(ValueError, match="a device, not a regular file"):
        FILE_READERS[name](device)


def stdin_of(monkeypatch: pytest.MonkeyPatch, data: bytes) -> None:
    monkeypatch.setattr("sys.stdin", io.TextIOWrapper(io.BytesIO(data)))


@pytest.mark.parametrize(
    ("read", "text", "expected"),
    [
        (load_rules, rules_to_toml(mp.Rules.flash()), mp.Rules.flash()),
        (load_rules, rules_to_json(mp.Rules.flash(3)), mp.Rules.flash(3)),
        (load_layout, layout_to_text(mp.Layout.flash()), mp.Layout.flash()),
        (load_layout, layout_to_toml(mp.Layout.flash()), mp.Layout.flash()),
        (load_layout, layout_to_json(mp.Layout.flash()), mp.Layout.flash()),
    ],
)
def test_a_dash_reads_standard_input(
    monkeypatch: pytest.MonkeyPatch, read: Callable[[str], object], text: str, expected: object
) -> None:
    stdin_of(monkeypatch, text.encode())
    assert read("-") == expected


def test_a_record_is_read_from_standard_input(monkeypatch: pytest.MonkeyPatch) -> None:
    first = mp.legal_actions(mp.new_game(mp.Rules.classic()))[0]
    record = GameRecord(mp.Rules.classic(), [first], 0)
    for text in (record.to_json(), record.to_text()):
        stdin_of(monkeypatch, text.encode())
        assert load_record("-") == record
    match = mr.play_match(mr.Rules.classic(), [mr.RandomBot()] * 2, seed=1, max_actions=10)
    stdin_of(monkeypatch, match.to_json().encode())
    assert mr.load_record("-") == match


@pytest.mark.parametrize("read", [load_rules, load_layout, load_record])
def test_standard_input_has_the_size_bound_of_a_file(
    monkeypatch: pytest.MonkeyPatch, read: Callable[[str], object]
) -> None:
    stdin_of(monkeypatch, b" " * MAX_TEXT_SIZE + b"{}")
    with pytest.raises(FileFormatError, match="bigger than 1,048,576 bytes"):
        read("-")
    stdin_of(monkeypatch, b" " * MAX_TEXT_SIZE + b"{}")
    with pytest.raises(ValueError, match="bigger than 1,048,576 bytes"):
        mr.load_record("-")
