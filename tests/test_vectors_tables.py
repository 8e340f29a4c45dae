"""The tables of the test vectors against the rule book: every roll's figures and box scores,
and the judge's verdicts, each written here from the rule text without asking the library.

A table of the committed corpus (``tests/data/vectors/tables.jsonl``) that disagrees with the
rule book names the roll or the play it is wrong on. Then a figure bug of an implementation,
put into the corpus's table, is reported by ``vectors check`` with the roll.
"""

from __future__ import annotations

import json
import shutil
from collections import Counter
from itertools import combinations_with_replacement
from pathlib import Path
from typing import Any

import pytest

from morpyam.vectors import check_corpus, read_lines
from morpyam.vectors._corpus import digest
from morpyam.vectors._tables import JUDGE_ROWS

CORPUS = Path(__file__).parent / "data" / "vectors"
ROLLS = list(combinations_with_replacement(range(1, 7), 5))
FACES = ("ones", "twos", "threes", "fours", "fives", "sixes")


def committed_tables() -> dict[str, dict[str, Any]]:
    return {line["id"]: line for _, line in read_lines(CORPUS / "tables.jsonl")}


# --- Morpyam's figures: R-FIG-1 to R-FIG-8, read from the rule book ---------------------------


def figures(dice: tuple[int, ...], *, morpyam_is_full: bool = True) -> set[str]:
    counts = Counter(dice)
    faces = set(dice)
    shown = {f"three-{FACES[face - 1]}" for face, n in counts.items() if n >= 3}  # R-FIG-1
    if any(set(run) <= faces for run in ((1, 2, 3, 4), (2, 3, 4, 5), (3, 4, 5, 6))):
        shown.add("small-straight")  # R-FIG-2
    if sorted(dice) in ([1, 2, 3, 4, 5], [2, 3, 4, 5, 6]):
        shown.add("straight")  # R-FIG-3
    if sorted(counts.values()) == [2, 3] or (len(counts) == 1 and morpyam_is_full):
        shown.add("full-house")  # R-FIG-4, and its knob
    if max(counts.values()) >= 4:
        shown.add("four-of-a-kind")  # R-FIG-5
    if sum(dice) <= 8:
        shown.add("mini")  # R-FIG-6
    if sum(dice) >= 27:
        shown.add("maxi")  # R-FIG-7
    if len(counts) == 1:
        shown.add("morpyam")  # R-FIG-8
    return shown


SEC = {"straight", "full-house", "four-of-a-kind", "mini", "maxi", "morpyam"}
"""R-CELL-2: the classic SEC figures."""


@pytest.mark.parametrize(
    ("name", "full", "sec"),
    [
        ("classic", True, SEC),
        ("morpyam-is-not-full", False, SEC),
        ("sec-without-straight-and-mini", True, SEC - {"straight", "mini"}),
    ],
)
def test_every_roll_s_figures_are_the_rule_book_s(name: str, full: bool, sec: set[str]) -> None:
    table = committed_tables()[f"morpyam/figures/{name}"]
    assert table["columns"] == ["dice", "figures", "sec"]
    expected = [
        [" ".join(map(str, dice)), sorted(shown), bool(shown & sec)]
        for dice in ROLLS
        for shown in [figures(dice, morpyam_is_full=full)]
    ]
    wrong = [row[0] for row, want in zip(table["rows"], expected) if row != want]
    assert wrong == []
    assert len(table["rows"]) == 252
    rules = table["state"]["rules"]
    assert rules.get("morpyam_is_full", True) is full


def test_the_figure_counts_are_r_fig_9_s() -> None:
    # R-FIG-9: the reference counts over the 7,776 ordered rolls
    rows = committed_tables()["morpyam/figures/classic"]["rows"]
    weight = {row[0]: _orderings(tuple(map(int, row[0].split()))) for row in rows}
    count: Counter[str] = Counter()
    for row in rows:
        for figure in row[1]:
            count[figure] += weight[row[0]]
        count["sec"] += weight[row[0]] * row[2]
    assert count["three-ones"] == 276
    assert count["three-sixes"] == 276
    assert (count["small-straight"], count["straight"], count["full-house"]) == (1200, 240, 306)
    assert (count["four-of-a-kind"], count["mini"], count["maxi"], count["morpyam"]) == (
        156,
        56,
        56,
        6,
    )
    assert count["sec"] == 736


def _orderings(dice: tuple[int, ...]) -> int:
    total = 120
    for n in Counter(dice).values():
        for k in range(2, n + 1):
            total //= k
    return total


# --- the sheet's boxes: Y-BOX-2 to Y-BOX-8 and Y-JOKER-1 --------------------------------------


def box_points(
    dice: tuple[int, ...], joker: str, yahtzee_filled: bool, upper_filled: bool
) -> list[int]:
    """The 13 boxes in sheet order, the sheet's other boxes empty but as said."""
    counts = sorted(Counter(dice).values())
    faces = set(dice)
    five = counts == [5]
    # Y-JOKER-1: a five of a kind with the Yahtzee box filled is a joker, but with "none";
    # with "free", only once the matching upper box is filled
    acts = five and yahtzee_filled and (joker == "forced" or (joker == "free" and upper_filled))
    upper = [face * dice.count(face) for face in range(1, 7)]  # Y-BOX-2
    small = any(set(run) <= faces for run in ((1, 2, 3, 4), (2, 3, 4, 5), (3, 4, 5, 6)))
    large = faces in ({1, 2, 3, 4, 5}, {2, 3, 4, 5, 6})
    return [
        *upper,
        sum(dice) if counts[-1] >= 3 else 0,  # Y-BOX-3
        sum(dice) if counts[-1] >= 4 else 0,
        25 if counts == [2, 3] or acts else 0,  # Y-BOX-4
        30 if small or acts else 0,  # Y-BOX-5
        40 if large or acts else 0,
        50 if five else 0,  # Y-BOX-6
        sum(dice),  # Y-BOX-7
    ]


@pytest.mark.parametrize(
    ("name", "joker", "filled", "sixes"),
    [
        ("megawuerfel-empty", "none", False, False),
        ("megawuerfel-yahtzee-filled", "none", True, False),
        ("hasbro-empty", "forced", False, False),
        ("hasbro-yahtzee-filled", "forced", True, False),
        ("free-joker-yahtzee-filled", "free", True, False),
        ("free-joker-sixes-filled", "free", True, True),
    ],
)
def test_every_roll_s_box_scores_are_the_rule_book_s(
    name: str, joker: str, filled: bool, sixes: bool
) -> None:
    table = committed_tables()[f"yahtzee/boxes/{name}"]
    assert table["columns"][1:] == [
        *FACES,
        "three-of-a-kind",
        "four-of-a-kind",
        "full-house",
        "small-straight",
        "large-straight",
        "yahtzee",
        "chance",
    ]
    assert table["state"]["rules"]["joker"] == joker
    wrong = []
    for row, dice in zip(table["rows"], ROLLS):
        upper_filled = sixes and dice[0] == 6  # the free joker's matching upper box
        want = box_points(dice, joker, filled, upper_filled)
        if row != [" ".join(map(str, dice)), *want]:
            wrong.append(row[0])
    assert wrong == []
    assert len(table["rows"]) == 252


# --- MyRummy's judge: section 10 of the rule book -----------------------------------------

VERDICTS = [
    None,  # a run of 3 (R-RUM-MELD-2)
    "R-RUM-MELD-2",  # a run of 2
    "R-RUM-MELD-2",  # 12 13 1: no wrap
    "R-RUM-MELD-2",  # a run of one colour
    None,  # R-RUM-JOK-1: a joker in the middle
    None,  # 12 13 and a joker: the joker is the 11 (no 14)
    None,  # the same, written with the joker first
    None,  # a joker before 1 2: the joker is the 3 (no 0)
    None,  # two jokers in a run
    None,  # two jokers and one tile
    None,  # a group of 3 (R-RUM-MELD-1)
    "R-RUM-MELD-1",  # a colour twice
    "R-RUM-MELD-1",  # a group of 5
    None,  # a group of 4
    "R-RUM-MELD-1",  # two values
    None,  # a group with a joker
    None,  # a group with two jokers
    None,  # R-RUM-OPEN-1: 10 + 11 + 12 = 33 points
    "R-RUM-OPEN-1",  # 1 + 2 + 3 = 6 points
    None,  # 9 + 10 + the joker as 11 = 30 points
    "R-RUM-OPEN-1",  # the joker as 8, then 9 + 10 = 27 points
    None,  # a group of 10s with a joker = 30 points
    "R-RUM-OPEN-3",  # an opening that also lays off on the table
    None,  # an opening beside the table, untouched
    "R-RUM-OPEN-3",  # laying off before laying out (13 points, but the table first)
    None,  # R-RUM-LAY-1: laying off after laying out
    None,  # laying off at the low end
    "R-RUM-MELD-2",  # [gn10 gn11]: the meld is wrong before the tile taken away is
    None,  # R-RUM-JOK-2: the joker exchanged and used again in the same turn
    "R-RUM-RE-3",  # the joker taken off the table, to no meld: it left the table
    "R-RUM-JOK-2",  # an exchange before laying out
    "R-RUM-MELD-2",  # the joker moved without its tile put in its place leaves a gap
    "R-RUM-MELD-2",  # a run split into one of 2
    None,  # R-RUM-RE-1, R-RUM-RE-2: split 3-6 and extend, three stay
    None,  # R-RUM-RE-4: purple 2-6 split with a 4 into 2-3-4 and 4-5-6 (in green)
    None,  # R-RUM-RE-4: black 6 laid on 2-5 and its 2 taken into a group of 2s
    "R-RUM-RE-3",  # a table tile left out of the table
    "R-RUM-TURN-1",  # one tile laid twice: a player lays the tiles of the rack
]


def test_every_judge_verdict_is_the_rule_book_s() -> None:
    table = committed_tables()["myrummy/judge/classic"]
    assert table["columns"] == ["rack", "table", "opened", "play", "verdict"]
    assert len(VERDICTS) == len(JUDGE_ROWS) == len(table["rows"])
    wrong = [(row[3], row[4], want) for row, want in zip(table["rows"], VERDICTS) if row[4] != want]
    assert wrong == []
    assert [row[:4] for row in table["rows"]] == [list(row) for row in JUDGE_ROWS]


# --- a bug shows as the row it is wrong on ----------------------------------------------------


def _corpus(tmp_path: Path) -> Path:
    folder = tmp_path / "vectors"
    shutil.copytree(CORPUS, folder)
    return folder


def _edit_table(folder: Path, table_id: str, edit: Any) -> None:
    path = folder / "tables.jsonl"
    lines = [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines()]
    (line,) = [line for line in lines if line["id"] == table_id]
    edit(line["rows"])
    path.write_text("".join(json.dumps(line) + "\n" for line in lines), encoding="utf-8")
    manifest = json.loads((folder / "manifest.json").read_text(encoding="utf-8"))
    manifest["files"]["tables.jsonl"]["sha256"] = digest(path)
    (folder / "manifest.json").write_text(json.dumps(manifest), encoding="utf-8")


def _only_tables(folder: Path) -> None:
    """Keep the tables alone, so that the check is quick."""
    manifest = json.loads((folder / "manifest.json").read_text(encoding="utf-8"))
    manifest["games"] = []
    manifest["required"] = ["counts.jsonl", "tables.jsonl"]
    (folder / "counts.jsonl").write_text("")
    manifest["files"] = {
        "tables.jsonl": manifest["files"]["tables.jsonl"],
        "counts.jsonl": {"lines": 0, "sha256": digest(folder / "counts.jsonl")},
    }
    manifest["library"] = "morpyam 0.0.1"
    for name in ("morpyam.jsonl", "yahtzee.jsonl", "myrummy.jsonl"):
        (folder / name).unlink()
    (folder / "manifest.json").write_text(json.dumps(manifest), encoding="utf-8")


def _row(rows: list[list[Any]], first: str) -> list[Any]:
    (row,) = [row for row in rows if row[0] == first]
    return row


def test_a_straight_bug_shows_as_its_roll(tmp_path: Path) -> None:
    # an implementation whose straight misses 2-3-4-5-6 (R-FIG-3), put into the table
    folder = _corpus(tmp_path)
    _only_tables(folder)

    def bug(rows: list[list[Any]]) -> None:
        row = _row(rows, "2 3 4 5 6")
        row[1].remove("straight")
        row[2] = False

    _edit_table(folder, "morpyam/figures/classic", bug)
    (mismatch,) = check_corpus(folder).mismatches
    assert mismatch.case == "morpyam/figures/classic"
    assert mismatch.what.startswith("`2 3 4 5 6` shows ")
    assert mismatch.rule == "R-FIG-3"


def test_a_box_bug_and_a_judge_bug_show_as_their_row(tmp_path: Path) -> None:
    folder = _corpus(tmp_path)
    _only_tables(folder)
    # a small straight that needs five in a row (Y-BOX-5): 1 2 3 4 6 scores 0
    _edit_table(
        folder,
        "yahtzee/boxes/hasbro-empty",
        lambda rows: _row(rows, "1 2 3 4 6").__setitem__(10, 0),
    )
    # a judge that lets a run wrap from 13 to 1 (R-RUM-MELD-2)
    _edit_table(
        folder,
        "myrummy/judge/classic",
        lambda rows: rows[2].__setitem__(4, None),
    )
    first, second = check_corpus(folder).mismatches
    assert first.what.startswith("`1 2 3 4 6` scores small-straight 30 in the library")
    assert second.what.startswith("`play [gn12 gn13 gn1]` on the rack gn1 gn2 gn12 gn13")
    assert second.rule == "R-RUM-MELD-2"
    assert "the library refuses it with R-RUM-MELD-2, the corpus accepts it" in second.what
