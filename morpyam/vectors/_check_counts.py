"""Checking a line of path counts: recounted by the library, its work bounded."""

from __future__ import annotations

from fractions import Fraction
from typing import Any

from morpyam.vectors._cases import fraction_text
from morpyam.vectors._counts import COUNT_POSITIONS, MAX_DEPTH, CountLimitError, divide_paths
from morpyam.vectors._kits import KITS
from morpyam.vectors._report import MalformedError, Mismatch, cut, fraction, named, short

__all__ = ["COUNT_LIMIT", "COUNT_WORK", "check_counts"]

COUNT_LIMIT = 20_000
"""The most positions the check expands for one line of path counts."""
COUNT_WORK = 500_000
"""The most units of work the check does for one line of path counts (a position expanded or
an action listed is a unit; see `morpyam.vectors._counts.RUMMY_PLAY_WORK` for MyRummy's)."""


def _count_rows(counts: list[Any], key: str) -> list[tuple[Any, int, Fraction]]:
    """The rows of ``counts`` or ``divide``: (depth or action, paths, weight)."""
    rows: list[tuple[Any, int, Fraction]] = []
    for row in counts:
        if not isinstance(row, dict):
            raise MalformedError(f"a row of {key!r} is not an object")
        name, paths = row.get("depth" if key == "counts" else "action"), row.get("paths")
        if key == "counts" and (type(name) is not int or not 1 <= name <= MAX_DEPTH):
            raise MalformedError(f"each count has a depth 1 to {MAX_DEPTH} and paths")
        if key == "divide" and not isinstance(name, str):
            raise MalformedError("each row of 'divide' has an action and paths")
        if type(paths) is not int:
            raise MalformedError(f"each count has a depth 1 to {MAX_DEPTH} and paths")
        rows.append((name, paths, fraction(row.get("weight"), f"{key} {cut(str(name))}")))
    return rows


def check_counts(file: str, line: int, data: Any) -> list[Mismatch]:
    """The mismatches of one line of ``counts.jsonl`` (line ``line`` of ``file``): its counts
    and divided counts recounted, within `COUNT_LIMIT` positions and `COUNT_WORK` units of work."""
    case_id = data.get("id") if isinstance(data, dict) else None
    name = case_id if isinstance(case_id, str) else "?"

    def mismatch(what: str) -> list[Mismatch]:
        return [Mismatch(file, line, name, (), what)]

    if not isinstance(data, dict):
        return mismatch("the line is malformed: not an object")
    game = data.get("game")
    counts = data.get("counts")
    divide = data.get("divide")
    state_data = data.get("state")
    note = data.get("note")
    if (
        not isinstance(game, str)
        or game not in KITS
        or not isinstance(case_id, str)
        or not isinstance(note, str)
        or not isinstance(counts, list)
        or not isinstance(divide, list)
        or not isinstance(state_data, dict)
    ):
        return mismatch(
            "the line is malformed: it needs 'id', 'game', 'note' (text), 'state' (an object), "
            "'counts' and 'divide' (lists)"
        )
    try:
        rows = _count_rows(counts, "counts")
        divided = _count_rows(divide, "divide")
    except MalformedError as error:
        return mismatch(f"the line is malformed: {error}")
    depths = [depth for depth, _, _ in rows]
    if depths != sorted(set(depths)):
        return mismatch("the line is malformed: the counts' depths are not in increasing order")
    found_mismatches: list[Mismatch] = []
    known = {f"{game}/{position[0]}": position[1] for position in COUNT_POSITIONS[game]}
    if case_id in known and known[case_id] != note:
        found_mismatches += mismatch(f"the note is {short(known[case_id])} in the library")
    if not rows:
        return found_mismatches + mismatch("the line gives no count")
    kit = KITS[game]
    try:
        state = kit.from_dict(state_data)
    except ValueError as error:
        return found_mismatches + mismatch(f"the library refuses the line's state: {error}")
    try:
        have, parts = divide_paths(game, state, depths[-1], limit=COUNT_LIMIT, work=COUNT_WORK)
    except CountLimitError as error:
        return found_mismatches + mismatch(f"the count is stopped: {error}")
    except ValueError as error:
        return found_mismatches + mismatch(f"the library cannot count from this position: {error}")
    for depth, paths, weight in rows:
        count = have[depth - 1]
        if (count.paths, count.weight) != (paths, weight):
            found_mismatches += mismatch(
                f"depth {depth}: {count.paths} paths of weight {fraction_text(count.weight)} in "
                f"the library, {paths} of weight {fraction_text(weight)} in the corpus"
            )
    library = {part.action: part for part in parts}
    listed = {action: (paths, weight) for action, paths, weight in divided}
    missing = [action for action in listed if action not in library]
    extra = [part.action for part in parts if part.action not in listed]
    if missing:
        found_mismatches += mismatch(f"divide: not a first action in the library: {named(missing)}")
    if extra:
        found_mismatches += mismatch(f"divide: first actions the corpus leaves out: {named(extra)}")
    if not missing and not extra and list(library) != list(listed):
        found_mismatches += mismatch(
            "divide: the first actions are in another order in the library"
        )
    for action, (paths, weight) in listed.items():
        part = library.get(action)
        if part is not None and (part.paths, part.weight) != (paths, weight):
            found_mismatches += mismatch(
                f"depth {depths[-1]} after `{cut(action)}`: {part.paths} paths of weight "
                f"{fraction_text(part.weight)} in the library, {paths} of weight "
                f"{fraction_text(weight)} in the corpus"
            )
    return found_mismatches
