"""Checking a line of ``tables.jsonl``: every row recomputed from its inputs."""

from __future__ import annotations

from typing import Any

from morpyam import myrummy as mr
from morpyam import yahtzee as yz
from morpyam.vectors._kits import KITS
from morpyam.vectors._report import Mismatch, cut, named, short
from morpyam.vectors._tables import (
    JUDGE_ROWS,
    ROLLS,
    TABLES,
    box_row,
    columns,
    dice_text,
    figure_row,
    judge_row,
)

__all__ = ["BOX_RULE", "FIGURE_RULE", "check_table"]


_TABLE_KINDS = {"morpyam": "figures", "yahtzee": "boxes", "myrummy": "judge"}


def check_table(file: str, line: int, data: Any) -> list[Mismatch]:
    """One line of ``tables.jsonl``: every row recomputed from its inputs."""
    table_id = data.get("id") if isinstance(data, dict) else None
    name = table_id if isinstance(table_id, str) else "?"
    raw = data.get("rule_ids") if isinstance(data, dict) else None
    rule_ids = tuple(r for r in raw if isinstance(r, str)) if isinstance(raw, list) else ()
    found: list[Mismatch] = []

    def mismatch(what: str, rule: str | None = None) -> None:
        found.append(Mismatch(file, line, name, rule_ids, what, rule))

    if not isinstance(data, dict):
        mismatch("the line is malformed: not an object")
        return found
    game, kind, rows = data.get("game"), data.get("kind"), data.get("rows")
    if (
        not isinstance(game, str)
        or game not in KITS
        or not isinstance(table_id, str)
        or kind != _TABLE_KINDS[game]
        or not isinstance(data.get("note"), str)
        or not isinstance(raw, list)
        or not isinstance(data.get("state"), dict)
        or not isinstance(rows, list)
        or not all(isinstance(row, list) for row in rows)
    ):
        mismatch(
            "the line is malformed: it needs 'id', 'game', 'kind' (the game's), 'note', "
            "'rule_ids', 'state', 'columns' and 'rows' (a list of lists)"
        )
        return found
    known = {table.id: table for table in TABLES[game]}
    if table_id in known:
        table = known[table_id]
        if data["note"] != table.note:
            mismatch(f"the note is {short(table.note)} in the library")
        if data["rule_ids"] != sorted(table.rule_ids):
            mismatch(f"the rule IDs are {', '.join(sorted(table.rule_ids))} in the library")
    if data.get("columns") != columns(kind):
        mismatch(f"the columns are {short(columns(kind))} in the library")
    try:
        state = KITS[game].from_dict(data["state"])
    except ValueError as error:
        mismatch(f"the library refuses the table's state: {error}")
        return found
    if kind == "judge":
        expected = [list(row) for row in JUDGE_ROWS] if table_id in known else None
        _judge_rows(state.rules, rows, expected, mismatch)
    else:
        _roll_rows(kind, state, rows, mismatch)
    return found


def _roll_rows(kind: str, state: Any, rows: list[list[Any]], mismatch: Any) -> None:
    """The rows of a table of every roll: each roll once, each row what the library says."""
    rolls = {dice_text(dice): dice for dice in ROLLS}
    seen: set[str] = set()
    for row in rows:
        if not row or not isinstance(row[0], str) or row[0] not in rolls or row[0] in seen:
            mismatch(f"a row is not a sorted roll of five dice given once: {short(row[:1])}")
            continue
        seen.add(row[0])
        dice = rolls[row[0]]
        if kind == "figures":
            library = figure_row(state.rules, dice)
            if row != library:
                given = row[1] if len(row) > 1 and isinstance(row[1], list) else []
                wrong = set(library[1]) ^ {f for f in given if isinstance(f, str)}
                rules = sorted({FIGURE_RULE[f] for f in wrong if f in FIGURE_RULE})
                mismatch(
                    f"`{row[0]}` shows {short(library[1:])} in the library (figures, SEC), "
                    f"{short(row[1:])} in the corpus",
                    ", ".join(rules) or None,
                )
        elif state.in_air and len(state.kept) == 0:
            library = box_row(state, dice)
            if row != library:
                differ = [
                    f"{box.value} {library[i + 1]}"
                    for i, box in enumerate(yz.BOXES)
                    if row[i + 1 : i + 2] != library[i + 1 : i + 2]
                ]
                boxes = [
                    box.value
                    for i, box in enumerate(yz.BOXES)
                    if row[i + 1 : i + 2] != library[i + 1 : i + 2]
                ]
                mismatch(
                    f"`{row[0]}` scores {', '.join(differ)} in the library; the corpus says "
                    f"{short(row[1:])}",
                    BOX_RULE.get(boxes[0]) if boxes else None,
                )
    if len(seen) != len(rows) or seen != set(rolls):
        missing = [text for text in rolls if text not in seen]
        if missing:
            mismatch(f"rolls missing from the table: {named(missing)}")
    if kind == "boxes" and not (state.in_air and len(state.kept) == 0):
        mismatch("the table's state is not five dice in the air")


BOX_RULE = {
    **dict.fromkeys(("ones", "twos", "threes", "fours", "fives", "sixes"), "Y-BOX-2"),
    "three-of-a-kind": "Y-BOX-3",
    "four-of-a-kind": "Y-BOX-3",
    "full-house": "Y-BOX-4",
    "small-straight": "Y-BOX-5",
    "large-straight": "Y-BOX-5",
    "yahtzee": "Y-BOX-6",
    "chance": "Y-BOX-7",
}
"""The rule of each box's score."""

FIGURE_RULE = {
    **{
        f"three-{face}": "R-FIG-1" for face in ("ones", "twos", "threes", "fours", "fives", "sixes")
    },
    "small-straight": "R-FIG-2",
    "straight": "R-FIG-3",
    "full-house": "R-FIG-4",
    "four-of-a-kind": "R-FIG-5",
    "mini": "R-FIG-6",
    "maxi": "R-FIG-7",
    "morpyam": "R-FIG-8",
}


def _judge_rows(
    rules: mr.Rules, rows: list[list[Any]], expected: list[list[Any]] | None, mismatch: Any
) -> None:
    inputs = []
    for row in rows:
        kinds = [type(value) for value in row]
        if kinds[:5] != [str, str, bool, str, kinds[4]] or len(row) != 5:
            mismatch(f"a row is not [rack, table, opened, play, verdict]: {short(row)}")
            continue
        inputs.append(row[:4])
        try:
            library = judge_row(rules, *row[:4])
        except ValueError as error:
            mismatch(f"the library refuses the row {short(row[:4])}: {error}")
            continue
        if library[4] != row[4]:
            said = "accepts it" if library[4] is None else f"refuses it with {library[4]}"
            corpus = "accepts it" if row[4] is None else f"refuses it with {short(row[4])}"
            mismatch(
                f"`{cut(row[3])}` on the rack {row[0]} and the table {row[1] or '(empty)'}"
                f"{'' if row[2] else ', not laid out'}: the library {said}, the corpus {corpus}",
                library[4] or (row[4] if isinstance(row[4], str) else None),
            )
    if expected is not None:
        missing = [row[3] for row in expected if row[:4] not in inputs]
        if missing:
            mismatch(f"rows missing from the table: {named(missing)}")
