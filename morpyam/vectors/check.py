"""Replaying a corpus against the library: every mismatch, named by its case and rule IDs.

`check_corpus` reads a corpus folder (written by this version or another)
and, for each case, asks the library again what the case records: the legal
actions and their order, the chance outcomes' probabilities, each probe's
state after or rule of refusal, the scores and winners; for MyRummy the
listed plays and the best play's score; and the path counts of
``counts.jsonl``. A rules change shows as a list of mismatches.

The folder is untrusted input: files and lines are refused by their size
before they are read (`CorpusError`), a malformed case is reported as a
mismatch (as is a line that is not JSON, an id given twice, a line count
other than the manifest's, or a corpus file the manifest leaves out) and the
check goes on, and the work per line is bounded (the path
counts expand at most `COUNT_LIMIT` positions; MyRummy's plays and best play
are recomputed only on small positions).
"""

from __future__ import annotations

import json
import os
import re
from collections.abc import Iterator, Mapping
from fractions import Fraction
from itertools import islice
from pathlib import Path
from typing import Any

import attrs

import morpyam
from morpyam import myrummy as mr
from morpyam.errors import IllegalActionError
from morpyam.notation import NotationError
from morpyam.vectors.cases import fraction_text, node_of, plain
from morpyam.vectors.corpus import COUNTS_FILE, CorpusError, game_file, read_manifest, read_values
from morpyam.vectors.counts import MAX_DEPTH, count_paths
from morpyam.vectors.kits import GAMES, KITS, Kit, resign_text
from morpyam.vectors.myrummy_cases import (
    BEST_RACK,
    BEST_TABLE,
    PLAYS_LISTED,
    best_score,
    small,
    solvable,
)

__all__ = ["COUNT_LIMIT", "CheckReport", "Mismatch", "check_corpus"]

COUNT_LIMIT = 20_000
"""The most positions the check expands for one line of path counts."""
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

    def __init__(self, kit: Kit, file: str, line: int, data: Mapping[str, Any]) -> None:
        self.kit = kit
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
        if kit.name == "myrummy":
            self._rummy(state)

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

    def _rummy(self, state: mr.State) -> None:
        listed = self.data.get("plays")
        best = self.data.get("best")
        if listed is None and best is None:
            return
        if not solvable(state):
            self.report(
                f"plays are checked only at a decision with at most {BEST_TABLE} table tiles "
                f"and {BEST_RACK} rack tiles"
            )
            return
        if listed is not None:
            plays = _texts(self.data, "plays")
            if not small(state):
                self.report("plays are listed only for small positions (see the format)")
            else:
                found = list(islice(mr.plays(state), PLAYS_LISTED + 1))
                library = {str(play) for play in found}
                if len(found) > PLAYS_LISTED:
                    self.report(f"the library has more than {PLAYS_LISTED} plays here")
                else:
                    self._compare_plays(library, set(plays))
        if best is not None:
            self._best(state, _get(self.data, "best", dict))

    def _compare_plays(self, library: set[str], corpus: set[str]) -> None:
        missing = sorted(corpus - library)
        extra = sorted(library - corpus)
        if missing:
            self.report(f"plays not legal in the library, listed in the corpus: {_named(missing)}")
        if extra:
            self.report(f"plays legal in the library, not listed in the corpus: {_named(extra)}")

    def _best(self, state: mr.State, best: dict[str, Any]) -> None:
        tiles = _get(best, "tiles", int)
        points = _get(best, "points", int)
        found = best_score(state, mr.best_play(state))
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


def _check_counts(file: str, line: int, data: Any) -> list[Mismatch]:
    case_id = data.get("id") if isinstance(data, dict) else None
    name = case_id if isinstance(case_id, str) else "?"

    def mismatch(what: str) -> list[Mismatch]:
        return [Mismatch(file, line, name, (), what)]

    if not isinstance(data, dict):
        return mismatch("the line is malformed: not an object")
    game = data.get("game")
    counts = data.get("counts")
    state_data = data.get("state")
    if (
        not isinstance(game, str)
        or game not in KITS
        or not isinstance(counts, list)
        or not isinstance(state_data, dict)
    ):
        return mismatch("the line is malformed: it needs 'game', 'state' (an object) and 'counts'")
    rows: list[tuple[int, int, Fraction]] = []
    for row in counts:
        if not isinstance(row, dict):
            return mismatch("the line is malformed: a count is not an object")
        depth, paths = row.get("depth"), row.get("paths")
        if type(depth) is not int or not 1 <= depth <= MAX_DEPTH or type(paths) is not int:
            return mismatch(
                f"the line is malformed: each count has a depth 1 to {MAX_DEPTH} and paths"
            )
        try:
            weight = _fraction(row.get("weight"), f"depth {depth}")
        except _MalformedError as error:
            return mismatch(f"the line is malformed: {error}")
        rows.append((depth, paths, weight))
    if not rows:
        return []
    kit = KITS[game]
    try:
        state = kit.from_dict(state_data)
        found = {
            c.depth: c for c in count_paths(game, state, max(r[0] for r in rows), limit=COUNT_LIMIT)
        }
    except ValueError as error:
        return mismatch(f"the library cannot count from this position: {error}")
    found_mismatches = []
    for depth, paths, weight in rows:
        have = found[depth]
        if (have.paths, have.weight) != (paths, weight):
            found_mismatches += mismatch(
                f"depth {depth}: {have.paths} paths of weight {fraction_text(have.weight)} in the "
                f"library, {paths} of weight {fraction_text(weight)} in the corpus"
            )
    return found_mismatches


def _lines(folder: Path, name: str, lines: int, found: list[Mismatch]) -> Iterator[tuple[int, Any]]:
    """The JSON values of one file with their line numbers; what is wrong with the file itself
    goes to ``found``: a line that is not JSON, an id given twice, a line count other than the
    manifest's."""
    seen: dict[str, int] = {}
    read = 0
    for line, data in read_values(folder / name, name):
        read += 1
        if isinstance(data, CorpusError):
            found.append(Mismatch(name, line, "?", (), f"the line is not read: {data.reason}"))
            continue
        case_id = data.get("id") if isinstance(data, dict) else None
        if isinstance(case_id, str):
            if case_id in seen:
                found.append(
                    Mismatch(name, line, case_id[:80], (), f"line {seen[case_id]} has this id too")
                )
            seen.setdefault(case_id, line)
        yield line, data
    if read != lines:
        found.append(
            Mismatch(name, 0, "?", (), f"{read} lines in the file, {lines} in the manifest")
        )


def check_corpus(directory: str | os.PathLike[str]) -> CheckReport:
    """Replay the corpus in ``directory`` against this library; every difference is a `Mismatch`.

    Raises:
        CorpusError: for a folder without a readable manifest of this format, a file that
            cannot be opened, or a file or line too big to be read. A line that is not JSON
            is a mismatch, and the check goes on.
    """
    folder = Path(directory)
    manifest = read_manifest(folder)
    found: list[Mismatch] = []
    cases = counts = 0
    files = manifest["files"]
    for game in GAMES:
        name = game_file(game)
        if name not in files:
            continue
        for line, data in _lines(folder, name, files[name]["lines"], found):
            if not isinstance(data, dict):
                found.append(
                    Mismatch(name, line, "?", (), "the case is malformed: not a JSON object")
                )
            elif data.get("game") != game:
                case_id = str(data.get("id", "?"))[:80]
                found.append(Mismatch(name, line, case_id, (), f"the case is not a {game} case"))
            else:
                found += _Case(KITS[game], name, line, data).run()
                cases += 1
    if COUNTS_FILE in files:
        for line, data in _lines(folder, COUNTS_FILE, files[COUNTS_FILE]["lines"], found):
            counts += 1
            found += _check_counts(COUNTS_FILE, line, data)
    for name in [game_file(game) for game in GAMES] + [COUNTS_FILE]:
        if name not in files and (folder / name).exists():
            found.append(
                Mismatch(name, 0, "?", (), "the file is not in the manifest, so it was not checked")
            )
    library = manifest.get("library")
    return CheckReport(
        corpus=library if isinstance(library, str) else "?",
        library=f"morpyam {morpyam.__version__}",
        cases=cases,
        counts=counts,
        mismatches=tuple(found),
    )
