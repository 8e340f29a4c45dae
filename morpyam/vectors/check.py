"""Replaying a corpus against the library: every mismatch, named by its case and rule IDs.

`check_corpus` reads a corpus folder (written by this version or another)
and, for each case, asks the library again what the case records: the legal
actions and their order, the chance outcomes' probabilities, each probe's
state after or rule of refusal, the scores and winners; for MyRummy the
listed plays and the best play's score; and the path counts of
``counts.jsonl``. A rules change shows as a list of mismatches.

Every member the corpus publishes is checked, the rule IDs a case names
included (those the library finds in the position and its probes, and a
scenario's own), and nothing can go missing unnoticed: each file's digest
and line count are the manifest's, the files the format requires are there,
ids are unique across the corpus, and a corpus written by this very version
holds every scenario this version writes.

The folder is untrusted input: files and lines are refused by their size
before they are read (`CorpusError`), a malformed case is reported as a
mismatch (as is a line that is not JSON, a missing file, or a corpus file
the manifest leaves out) and the check goes on, and the work per line is
bounded by measures that do not depend on the machine: a path count
expands at most `COUNT_LIMIT` positions and does at most `COUNT_WORK` units
of work, each MyRummy decision it reaches held to
`morpyam.vectors.counts.RUMMY_ARRANGE` tiles to arrange; MyRummy's plays
and best play are recomputed only on small positions.
"""

from __future__ import annotations

import json
import os
import random
import re
from collections.abc import Iterator, Mapping
from fractions import Fraction
from pathlib import Path
from typing import Any

import attrs

import morpyam
from morpyam import myrummy as mr
from morpyam import yahtzee as yz
from morpyam.errors import IllegalActionError
from morpyam.notation import NotationError
from morpyam.vectors import corpus as corpus_module
from morpyam.vectors.cases import Probe, Scenario, fraction_text, node_of, plain
from morpyam.vectors.corpus import (
    COUNTS_FILE,
    MANIFEST,
    MAX_CASES,
    SOURCES,
    CorpusError,
    digest,
    game_file,
    play_note,
    read_manifest,
    read_values,
    required_files,
    scenarios_by_id,
)
from morpyam.vectors.counts import (
    COUNT_POSITIONS,
    MAX_DEPTH,
    CountLimitError,
    divide_paths,
)
from morpyam.vectors.kits import GAMES, KITS, Kit, resign_text
from morpyam.vectors.myrummy_cases import best_score
from morpyam.vectors.rule_book import RULE_TEXTS
from morpyam.vectors.tables import (
    JUDGE_ROWS,
    ROLLS,
    TABLES,
    TABLES_FILE,
    box_row,
    columns,
    dice_text,
    figure_row,
    judge_row,
)

__all__ = ["COUNT_LIMIT", "COUNT_WORK", "CheckReport", "Mismatch", "check_corpus"]

COUNT_LIMIT = 20_000
"""The most positions the check expands for one line of path counts."""
COUNT_WORK = 500_000
"""The most units of work the check does for one line of path counts (a position expanded or
an action listed is a unit; see `morpyam.vectors.counts.RUMMY_PLAY_WORK` for MyRummy's)."""
_SHOWN = 5
"""The most legal actions named per case and kind of difference; the rest are counted."""


@attrs.frozen
class Mismatch:
    """One difference between the corpus and the library, or a case the check cannot read."""

    file: str
    line: int
    """The line of the case, from 1; 0 for a difference of a whole file."""
    case: str
    """The case's id (or ``"?"`` when it has none)."""
    rule_ids: tuple[str, ...]
    """The rule IDs the case exercises, as the corpus names them."""
    what: str
    """What differs, in words; a refusal names its rule IDs."""
    rule: str | None = None
    """The rule ID the difference is about, when there is one: the library's refusal, else the
    corpus's."""

    def __str__(self) -> str:
        """``file:line: case: what``, then the case's rule IDs unless ``what`` names the rule;
        ``file: what`` for a difference of a whole file (line 0)."""
        if self.line == 0:
            return f"{self.file}: {self.what}"
        text = f"{self.file}:{self.line}: {self.case}: {self.what}"
        if self.rule is None and self.rule_ids:
            text += f" (the case exercises {', '.join(self.rule_ids)})"
        return text


@attrs.frozen
class CheckReport:
    """What `check_corpus` found."""

    corpus: str
    """The library that wrote the corpus, as its manifest says (``"morpyam 0.1.0"``)."""
    library: str
    """The library that checked it."""
    cases: int
    """Cases replayed."""
    counts: int
    """Lines of path counts replayed."""
    mismatches: tuple[Mismatch, ...]
    tables: int = 0
    """Tables (lines of ``tables.jsonl``) replayed."""

    @property
    def ok(self) -> bool:
        """Whether the corpus and the library agree everywhere."""
        return not self.mismatches


class _MalformedError(Exception):
    """A member of a case that is missing or of the wrong type."""


def _get(case: Mapping[str, Any], key: str, kind: type | tuple[type, ...]) -> Any:
    value = case.get(key)
    if not isinstance(value, kind) or (isinstance(value, bool) and kind is int):
        raise _MalformedError(f"the member {key!r} is missing or not {_kind(kind)}")
    return value


def _kind(kind: type | tuple[type, ...]) -> str:
    names = {str: "text", int: "a number", list: "a list", dict: "an object", type(None): "null"}
    kinds = kind if isinstance(kind, tuple) else (kind,)
    return " or ".join(names.get(k, k.__name__) for k in kinds)


def _texts(case: Mapping[str, Any], key: str) -> list[str]:
    values: list[Any] = _get(case, key, list)
    if not all(isinstance(value, str) for value in values):
        raise _MalformedError(f"the member {key!r} holds something that is not text")
    return values


def _ints(case: Mapping[str, Any], key: str) -> list[int]:
    values: list[Any] = _get(case, key, list)
    if not all(type(value) is int for value in values):
        raise _MalformedError(f"the member {key!r} holds something that is not a whole number")
    return values


_FRACTION = re.compile(r"(0|[1-9][0-9]{0,30})/([1-9][0-9]{0,30})", re.ASCII)


def _fraction(text: object, where: str) -> Fraction:
    match = _FRACTION.fullmatch(text) if isinstance(text, str) else None
    if match is None:
        raise _MalformedError(f'{where}: {_short(text)} is not a fraction such as "1/6"')
    value = Fraction(int(match[1]), int(match[2]))
    if fraction_text(value) != text:
        raise _MalformedError(
            f"{where}: {_short(text)} is not in lowest terms (the corpus writes "
            f"{_short(fraction_text(value))})"
        )
    return value


def _short(value: object) -> str:
    text = json.dumps(value, ensure_ascii=False, sort_keys=True)
    return text if len(text) <= 80 else text[:77] + "…"


def _cut(text: str) -> str:
    """``text`` for a message: at most 100 characters."""
    return text if len(text) <= 100 else text[:99] + "…"


def _named(actions: list[str]) -> str:
    shown = ", ".join(f"`{_cut(action)}`" for action in actions[:_SHOWN])
    more = len(actions) - _SHOWN
    return shown + (f" and {more} more" if more > 0 else "")


class _Case:
    """The check of one case: collects its mismatches."""

    def __init__(
        self,
        kit: Kit,
        file: str,
        line: int,
        data: Mapping[str, Any],
        scenarios: Mapping[str, Scenario],
    ) -> None:
        self.kit = kit
        self.scenarios = scenarios
        self.tried: list[Probe] = []
        self.file = file
        self.line = line
        self.data = data
        case_id = data.get("id")
        self.id = case_id if isinstance(case_id, str) else "?"
        rule_ids = data.get("rule_ids")
        self.rule_ids = (
            tuple(rule for rule in rule_ids if isinstance(rule, str))
            if isinstance(rule_ids, list)
            else ()
        )
        self.found: list[Mismatch] = []

    def report(self, what: str, rule: str | None = None) -> None:
        self.found.append(Mismatch(self.file, self.line, self.id, self.rule_ids, what, rule))

    def run(self) -> list[Mismatch]:
        try:
            self._check()
        except _MalformedError as error:
            self.report(f"the case is malformed: {error}")
        return self.found

    def _check(self) -> None:
        kit = self.kit
        data = self.data
        _get(data, "id", str)
        self.rule_ids = tuple(_texts(data, "rule_ids"))
        state_data = _get(data, "state", dict)
        try:
            state = kit.from_dict(state_data)
        except ValueError as error:
            self.report(f"the library refuses the case's state: {error}")
            return
        self._about(state)
        self._node(state)
        self._legal(state, _texts(data, "legal"), _texts(data, "chance"))
        probes = _get(data, "probes", list)
        before = plain(kit.to_dict(state))
        for number, probe in enumerate(probes):
            if not isinstance(probe, dict):
                raise _MalformedError(f"probe {number} is not an object")
            self._probe(state, before, probe, number)
        scores = _ints(data, "scores")
        if list(kit.scores(state)) != scores:
            self.report(
                f"the scores are {list(kit.scores(state))} in the library, {scores} in the corpus"
            )
        winners = _ints(data, "winners")
        if sorted(state.winners) != winners:
            self.report(
                f"the winners are {sorted(state.winners)} in the library, {winners} in the corpus"
            )
        found = SOURCES[kit.name].tags(state, self.tried)
        if kit.name == "myrummy":
            found |= self._rummy(state)
        self._rule_ids(found)

    def _about(self, state: Any) -> None:
        """The members that say what the case is: its preset, players, origin and note."""
        data = self.data
        preset: str = _get(data, "preset", str)
        players: int = _get(data, "players", int)
        origin = _get(data, "origin", str)
        note = _get(data, "note", str)
        seats = len(self.kit.scores(state))
        if players != seats:
            self.report(f"the state has {seats} players, the case says {players}")
        parts = self.id.split("/")
        if len(parts) != 3 or parts[0] != self.kit.name or parts[1] != f"{preset}-{players}p":
            self.report(
                f"the id is not {self.kit.name}/{_cut(preset)}-{players}p/NAME, as its preset "
                "and players say"
            )
        scenario = self.scenarios.get(self.id)
        if origin == "play":
            if scenario is not None:
                self.report("the library writes this case as a scenario, the corpus as play")
            if note != play_note(preset, players):
                self.report(
                    f"the note of a position from play is {_short(play_note(preset, players))}"
                )
        elif origin != "scenario":
            self.report(f'the origin is "scenario" or "play", not {_short(origin)}')
        elif scenario is not None and note != scenario.note:
            self.report(
                f"the note is {_short(scenario.note)} in the library, {_short(note)} in the corpus"
            )

    def _rule_ids(self, found: set[str]) -> None:
        """The rule IDs the case names against those the library finds (and a scenario's own)."""
        named = list(self.rule_ids)
        if named != sorted(set(named)):
            self.report("the rule IDs are not sorted, or one is named twice")
        unknown = [rule for rule in named if rule not in RULE_TEXTS]
        if unknown:
            self.report(f"no rule ID of the rule book: {', '.join(map(_cut, unknown[:_SHOWN]))}")
        scenario = self.scenarios.get(self.id)
        if scenario is not None:
            found = found | set(scenario.rule_ids)
        missing = sorted(found - set(named))
        if missing:
            self.report(
                f"the library finds {', '.join(missing)} in the case, the corpus does not name "
                f"{'it' if len(missing) == 1 else 'them'}"
            )
        # a scenario this library does not write may name rules it was built for
        known = scenario is not None or self.data.get("origin") == "play"
        extra = sorted(set(named) - found - set(unknown))
        if extra and known:
            self.report(
                f"the corpus names {', '.join(extra)}, which the library does not find in the case"
            )

    def _node(self, state: Any) -> None:
        node = self.data.get("node")
        if node is not None and node != node_of(state):
            self.report(
                f"the position is a {node_of(state)} node in the library, {_short(node)} in the corpus"
            )
        if "current_player" in self.data and self.data["current_player"] != state.current_player:
            self.report(
                f"player {state.current_player} decides in the library, "
                f"{_short(self.data['current_player'])} in the corpus"
            )

    def _legal(self, state: Any, legal: list[str], chance: list[str]) -> None:
        library = [str(action) for action in self.kit.legal_actions(state)]
        known = set(library)
        listed = set(legal)
        missing = [action for action in legal if action not in known]
        extra = [action for action in library if action not in listed]
        if missing:
            self.report(f"not legal in the library, listed in the corpus: {_named(missing)}")
        if extra:
            self.report(f"legal in the library, not listed in the corpus: {_named(extra)}")
        if not missing and not extra and library != legal:
            self.report("the legal actions are listed in another order in the library")
        if not chance and not state.is_chance:
            return
        if not chance or not state.is_chance:
            where = ("the corpus", "the library") if chance else ("the library", "the corpus")
            self.report(f"{where[0]} gives chance outcomes here, {where[1]} does not")
            return
        if len(chance) != len(legal):
            raise _MalformedError("'chance' does not give one probability per legal action")
        given = {action: _fraction(p, f"chance of {action}") for action, p in zip(legal, chance)}
        for action, p in self.kit.chance_outcomes(state):
            text = str(action)
            if text in given and given[text] != p:
                self.report(
                    f"`{_cut(text)}` has probability {fraction_text(p)} in the library, "
                    f"{fraction_text(given[text])} in the corpus"
                )

    def _probe(
        self, state: Any, before: dict[str, Any], probe: dict[str, Any], number: int
    ) -> None:
        text: str = _get(probe, "action", str)
        shown_text = _cut(text)
        refused = probe.get("refused")
        after = probe.get("after")
        if not (
            (isinstance(refused, str) and after is None)
            or (refused is None and isinstance(after, dict))
        ):
            raise _MalformedError(
                f"probe {number} ({shown_text}) needs either 'refused' (text) or 'after' (an object)"
            )
        kit = self.kit
        seat = resign_text(text)
        try:
            if seat is not None:
                if kit.resign is None:
                    raise _MalformedError(f"probe {number}: {kit.name} has no resignation")
                result = kit.resign(state, seat)
            else:
                result = kit.apply(state, kit.parse_action(text))
        except IllegalActionError as error:
            self.tried.append(Probe(text, None, error.rule, error.reason))
            reason = probe.get("reason")
            if refused == error.rule and reason != error.reason:
                self.report(
                    f"`{shown_text}` is refused by the library for {_short(error.reason)}, the "
                    f"corpus says {_short(reason)}",
                    error.rule,
                )
            if refused is None:
                self.report(
                    f"`{shown_text}` is refused by the library with {error.rule} ({error.reason}); "
                    "the corpus gives the state after it",
                    error.rule,
                )
            elif error.rule != refused:
                self.report(
                    f"`{shown_text}` is refused by the library with {error.rule}, "
                    f"the corpus says {refused[:60]}",
                    error.rule,
                )
            return
        except (NotationError, ValueError) as error:
            self.report(f"`{shown_text}` is no action of {kit.name} for the library: {error}")
            return
        self.tried.append(Probe(text, result))
        if refused is not None:
            self.report(
                f"`{shown_text}` is accepted by the library, the corpus says it is refused with "
                f"{refused[:60]}",
                refused,
            )
            return
        assert isinstance(after, dict)
        expected = {**before, **after}
        actual = plain(kit.to_dict(result))
        differ = [
            key
            for key in sorted(expected.keys() | actual.keys())
            if expected.get(key, kit.absent.get(key)) != actual.get(key, kit.absent.get(key))
        ]
        if differ:
            shown = "; ".join(
                f"{key}: {_short(actual.get(key, kit.absent.get(key)))} in the library, "
                f"{_short(expected.get(key, kit.absent.get(key)))} in the corpus"
                for key in differ[:3]
            )
            self.report(f"after `{shown_text}`: {shown}")

    def _rummy(self, state: mr.State) -> set[str]:
        """MyRummy's own members, ``plays`` and ``best``, recomputed as the export does; returns
        the rule IDs they exercise."""
        expected: dict[str, Any] = {}
        extra = SOURCES["myrummy"].extra
        assert extra is not None
        tags = extra(state, expected)
        for key in ("plays", "best"):
            if key not in self.data:
                raise _MalformedError(f"the member {key!r} is missing")
            if (self.data[key] is None) != (expected[key] is None):
                where = ("the library", "the corpus")
                if expected[key] is None:
                    where = where[::-1]
                self.report(f"{where[0]} gives {key!r} here, {where[1]} does not (see the format)")
        if expected["plays"] is not None and self.data["plays"] is not None:
            self._compare_plays(set(expected["plays"]), set(_texts(self.data, "plays")))
        if expected["best"] is not None and self.data["best"] is not None:
            self._best(state, expected["best"], _get(self.data, "best", dict))
        return tags

    def _compare_plays(self, library: set[str], corpus: set[str]) -> None:
        missing = sorted(corpus - library)
        extra = sorted(library - corpus)
        if missing:
            self.report(f"plays not legal in the library, listed in the corpus: {_named(missing)}")
        if extra:
            self.report(f"plays legal in the library, not listed in the corpus: {_named(extra)}")

    def _best(self, state: mr.State, found: dict[str, Any], best: dict[str, Any]) -> None:
        tiles = _get(best, "tiles", int)
        points = _get(best, "points", int)
        if (found["tiles"], found["points"]) != (tiles, points):
            self.report(
                f"the best play lays {found['tiles']} tiles worth {found['points']} points in the "
                f"library ({found['play']}), {tiles} tiles worth {points} in the corpus"
            )
        play = best.get("play")
        if play is None:
            return
        if not isinstance(play, str):
            raise _MalformedError("the best play is not text")
        try:
            action = mr.parse_action(play)
            mr.apply(state, action)
        except IllegalActionError as error:
            self.report(
                f"the corpus's best play `{_cut(play)}` is refused with {error.rule}", error.rule
            )
            return
        except ValueError as error:
            self.report(f"the corpus's best play `{_cut(play)}` is no play: {error}")
            return
        if not isinstance(action, mr.Play):
            self.report(f"the corpus's best play `{_cut(play)}` is no play")
        elif (best_score(state, action)["tiles"], best_score(state, action)["points"]) != (
            tiles,
            points,
        ):
            self.report(f"the corpus's best play `{_cut(play)}` does not lay what the corpus says")


def _count_rows(counts: list[Any], key: str) -> list[tuple[Any, int, Fraction]]:
    """The rows of ``counts`` or ``divide``: (depth or action, paths, weight)."""
    rows: list[tuple[Any, int, Fraction]] = []
    for row in counts:
        if not isinstance(row, dict):
            raise _MalformedError(f"a row of {key!r} is not an object")
        name, paths = row.get("depth" if key == "counts" else "action"), row.get("paths")
        if key == "counts" and (type(name) is not int or not 1 <= name <= MAX_DEPTH):
            raise _MalformedError(f"each count has a depth 1 to {MAX_DEPTH} and paths")
        if key == "divide" and not isinstance(name, str):
            raise _MalformedError("each row of 'divide' has an action and paths")
        if type(paths) is not int:
            raise _MalformedError(f"each count has a depth 1 to {MAX_DEPTH} and paths")
        rows.append((name, paths, _fraction(row.get("weight"), f"{key} {_cut(str(name))}")))
    return rows


def _check_counts(file: str, line: int, data: Any) -> list[Mismatch]:
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
    except _MalformedError as error:
        return mismatch(f"the line is malformed: {error}")
    depths = [depth for depth, _, _ in rows]
    if depths != sorted(set(depths)):
        return mismatch("the line is malformed: the counts' depths are not in increasing order")
    found_mismatches: list[Mismatch] = []
    known = {f"{game}/{position[0]}": position[1] for position in COUNT_POSITIONS[game]}
    if case_id in known and known[case_id] != note:
        found_mismatches += mismatch(f"the note is {_short(known[case_id])} in the library")
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
        found_mismatches += mismatch(
            f"divide: not a first action in the library: {_named(missing)}"
        )
    if extra:
        found_mismatches += mismatch(
            f"divide: first actions the corpus leaves out: {_named(extra)}"
        )
    if not missing and not extra and list(library) != list(listed):
        found_mismatches += mismatch(
            "divide: the first actions are in another order in the library"
        )
    for action, (paths, weight) in listed.items():
        part = library.get(action)
        if part is not None and (part.paths, part.weight) != (paths, weight):
            found_mismatches += mismatch(
                f"depth {depths[-1]} after `{_cut(action)}`: {part.paths} paths of weight "
                f"{fraction_text(part.weight)} in the library, {paths} of weight "
                f"{fraction_text(weight)} in the corpus"
            )
    return found_mismatches


_TABLE_KINDS = {"morpyam": "figures", "yahtzee": "boxes", "myrummy": "judge"}


def _check_table(file: str, line: int, data: Any) -> list[Mismatch]:
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
            mismatch(f"the note is {_short(table.note)} in the library")
        if data["rule_ids"] != sorted(table.rule_ids):
            mismatch(f"the rule IDs are {', '.join(sorted(table.rule_ids))} in the library")
    if data.get("columns") != columns(kind):
        mismatch(f"the columns are {_short(columns(kind))} in the library")
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
            mismatch(f"a row is not a sorted roll of five dice given once: {_short(row[:1])}")
            continue
        seen.add(row[0])
        dice = rolls[row[0]]
        if kind == "figures":
            library = figure_row(state.rules, dice)
            if row != library:
                given = row[1] if len(row) > 1 and isinstance(row[1], list) else []
                wrong = set(library[1]) ^ {f for f in given if isinstance(f, str)}
                rules = sorted({_FIGURE_RULE[f] for f in wrong if f in _FIGURE_RULE})
                mismatch(
                    f"`{row[0]}` shows {_short(library[1:])} in the library (figures, SEC), "
                    f"{_short(row[1:])} in the corpus",
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
                    f"{_short(row[1:])}",
                    _BOX_RULE.get(boxes[0]) if boxes else None,
                )
    if len(seen) != len(rows) or seen != set(rolls):
        missing = [text for text in rolls if text not in seen]
        if missing:
            mismatch(f"rolls missing from the table: {_named(missing)}")
    if kind == "boxes" and not (state.in_air and len(state.kept) == 0):
        mismatch("the table's state is not five dice in the air")


_BOX_RULE = {
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

_FIGURE_RULE = {
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
            mismatch(f"a row is not [rack, table, opened, play, verdict]: {_short(row)}")
            continue
        inputs.append(row[:4])
        try:
            library = judge_row(rules, *row[:4])
        except ValueError as error:
            mismatch(f"the library refuses the row {_short(row[:4])}: {error}")
            continue
        if library[4] != row[4]:
            said = "accepts it" if library[4] is None else f"refuses it with {library[4]}"
            corpus = "accepts it" if row[4] is None else f"refuses it with {_short(row[4])}"
            mismatch(
                f"`{_cut(row[3])}` on the rack {row[0]} and the table {row[1] or '(empty)'}"
                f"{'' if row[2] else ', not laid out'}: the library {said}, the corpus {corpus}",
                library[4] or (row[4] if isinstance(row[4], str) else None),
            )
    if expected is not None:
        missing = [row[3] for row in expected if row[:4] not in inputs]
        if missing:
            mismatch(f"rows missing from the table: {_named(missing)}")


def _played_ids(game: str, manifest: Mapping[str, Any]) -> list[str]:
    """The ids of the cases from play that this version writes with the manifest's ``cases``
    and ``seed`` (none when they are not what an export takes)."""
    cases, seed = manifest.get("cases"), manifest.get("seed")
    if type(cases) is not int or not 0 <= cases <= MAX_CASES or type(seed) is not int:
        return []
    ids = []
    for preset, players in SOURCES[game].groups:
        group = f"{preset}-{players}p"
        rng = random.Random(f"{seed}/{game}/{group}")
        for name, _ in SOURCES[game].positions(preset, players, rng, cases):
            ids.append(f"{game}/{group}/{name}")
    return ids


class _Files:
    """The files of one check: what is wrong with them goes to ``found``; ids are tracked
    across the whole corpus."""

    def __init__(self, folder: Path, manifest: Mapping[str, Any]) -> None:
        self.folder = folder
        self.files: Mapping[str, Any] = manifest["files"]
        self.found: list[Mismatch] = []
        self.seen: dict[str, str] = {}

    def whole(self, name: str, what: str, case: str = "?") -> None:
        self.found.append(Mismatch(name, 0, case, (), what))

    def present(self, name: str) -> bool:
        """Whether ``name``, listed in the manifest, is there, and its digest is the manifest's."""
        path = self.folder / name
        if not path.exists():
            self.whole(name, "the file is missing: the manifest lists it")
            return False
        if not path.is_file():
            raise CorpusError(name, "is not a regular file")
        expected = self.files[name].get("sha256")
        if expected is None:
            self.whole(name, "the manifest gives no SHA-256 digest of the file")
        else:
            actual = digest(path) if path.stat().st_size <= corpus_module.MAX_FILE_SIZE else None
            if actual is not None and actual != expected:
                self.whole(
                    name,
                    f"the file's SHA-256 digest is {actual[:12]}…, the manifest's {expected[:12]}…:"
                    " the file changed after it was written",
                )
        return True

    def lines(self, name: str) -> Iterator[tuple[int, Any]]:
        """The JSON values of one file with their line numbers; a line that is not JSON, an id
        given twice in the corpus or a line count other than the manifest's is reported."""
        read = 0
        for line, data in read_values(self.folder / name, name):
            read += 1
            if isinstance(data, CorpusError):
                self.found.append(
                    Mismatch(name, line, "?", (), f"the line is not read: {data.reason}")
                )
                continue
            case_id = data.get("id") if isinstance(data, dict) else None
            if isinstance(case_id, str):
                where = f"{name}:{line}"
                if case_id in self.seen:
                    self.found.append(
                        Mismatch(
                            name, line, case_id[:80], (), f"{self.seen[case_id]} has this id too"
                        )
                    )
                self.seen.setdefault(case_id, where)
            yield line, data
        lines = self.files[name]["lines"]
        if read != lines:
            self.whole(name, f"{read} lines in the file, {lines} in the manifest")


def _required(files: _Files, manifest: Mapping[str, Any]) -> None:
    """The files format 1 requires: those of the games exported, and the counts."""
    games = manifest.get("games")
    if not isinstance(games, list):
        files.whole(MANIFEST, "the manifest does not list the games exported")
        games = [game for game in GAMES if game_file(game) in files.files]
    needed = required_files(games)
    listed = manifest.get("required")
    if not isinstance(listed, list):
        files.whole(MANIFEST, "the manifest does not list the files the format requires")
    else:
        for name in needed:
            if name not in listed:
                files.whole(
                    MANIFEST,
                    f"{name} is required by the format and the games exported, "
                    "the manifest does not require it",
                )
        needed = list(dict.fromkeys([*needed, *listed]))
    for name in needed:
        if name not in files.files:
            files.whole(name, "the file is required, and the manifest does not list it")


def check_corpus(directory: str | os.PathLike[str]) -> CheckReport:
    """Replay the corpus in ``directory`` against this library; every difference is a `Mismatch`.

    Besides each case and count, the corpus itself is checked: every file the
    format requires is there, with the digest and the line count of the
    manifest; no id is given twice; and a corpus written by this very version
    holds every scenario this version writes.

    Raises:
        CorpusError: for a folder without a readable manifest of this format, a file that
            cannot be opened, or a file or line too big to be read. A line that is not JSON
            is a mismatch, and the check goes on.
    """
    folder = Path(directory)
    manifest = read_manifest(folder)
    files = _Files(folder, manifest)
    _required(files, manifest)
    found = files.found
    cases = counts = tables = 0
    library = f"morpyam {morpyam.__version__}"
    for game in GAMES:
        name = game_file(game)
        if name not in files.files or not files.present(name):
            continue
        scenarios = scenarios_by_id(game)
        for line, data in files.lines(name):
            if not isinstance(data, dict):
                found.append(
                    Mismatch(name, line, "?", (), "the case is malformed: not a JSON object")
                )
            elif data.get("game") != game:
                case_id = str(data.get("id", "?"))[:80]
                found.append(Mismatch(name, line, case_id, (), f"the case is not a {game} case"))
            else:
                found += _Case(KITS[game], name, line, data, scenarios).run()
                cases += 1
        if manifest.get("library") == library:
            for case_id, scenario in scenarios.items():
                if case_id not in files.seen:
                    found.append(
                        Mismatch(
                            name,
                            0,
                            case_id,
                            scenario.rule_ids,
                            f"{case_id} is missing: this library writes it",
                        )
                    )
            for case_id in _played_ids(game, manifest):
                if case_id not in files.seen:
                    files.whole(name, f"{case_id} is missing: this library writes it", case_id)
    if COUNTS_FILE in files.files and files.present(COUNTS_FILE):
        for line, data in files.lines(COUNTS_FILE):
            counts += 1
            found += _check_counts(COUNTS_FILE, line, data)
        if manifest.get("library") == library:
            for game in manifest.get("games") or ():
                for position in COUNT_POSITIONS.get(game, ()):
                    if f"{game}/{position[0]}" not in files.seen:
                        files.whole(
                            COUNTS_FILE,
                            f"{game}/{position[0]} is missing: this library writes it",
                        )
    if TABLES_FILE in files.files and files.present(TABLES_FILE):
        for line, data in files.lines(TABLES_FILE):
            tables += 1
            found += _check_table(TABLES_FILE, line, data)
        if manifest.get("library") == library:
            for game in manifest.get("games") or ():
                for table in TABLES.get(game, ()):
                    if table.id not in files.seen:
                        files.whole(TABLES_FILE, f"{table.id} is missing: this library writes it")
    for name in [game_file(game) for game in GAMES] + [COUNTS_FILE, TABLES_FILE]:
        if name not in files.files and (folder / name).exists():
            found.append(
                Mismatch(name, 0, "?", (), "the file is not in the manifest, so it was not checked")
            )
    written = manifest.get("library")
    return CheckReport(
        corpus=written if isinstance(written, str) else "?",
        library=library,
        cases=cases,
        counts=counts,
        tables=tables,
        mismatches=tuple(found),
    )
