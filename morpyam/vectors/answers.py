"""Another implementation's answers, checked against a corpus: every disagreement, with its rule.

An implementation that cannot run this library writes what it computed for
the corpus's cases, path counts and tables into an answers file (JSON Lines,
one object a line, each naming the ``id`` it answers; the documentation's
page "Checking another implementation" gives the format), and
`check_answers` compares them with the corpus. Every member of an answer is
optional: an implementation answers what it models, and a member left out is
not checked. Each disagreement is a `Mismatch` of the answers file, naming
the case and its rule IDs; `morpyam.vectors.rule_book.rule_text` gives each
rule's text.

The answers file and the corpus are untrusted input, read as `check_corpus`
reads a corpus: refused by size before they are read, a line that is not
JSON reported and skipped.
"""

from __future__ import annotations

import os
from collections.abc import Callable, Mapping
from pathlib import Path
from typing import Any

import attrs

from morpyam.vectors.check import Files
from morpyam.vectors.check_tables import BOX_RULE, FIGURE_RULE
from morpyam.vectors.corpus import (
    COUNTS_FILE,
    CorpusError,
    game_file,
    read_manifest,
    read_values,
)
from morpyam.vectors.kits import GAMES, KITS
from morpyam.vectors.report import CheckReport, MalformedError, Mismatch, fraction, short
from morpyam.vectors.tables import TABLES_FILE

__all__ = ["check_answers"]


@attrs.frozen
class _Entry:
    """A line of the corpus an answer may name: its kind, its data, its rule IDs."""

    kind: str
    """``"case"``, ``"counts"`` or ``"table"``."""
    data: Mapping[str, Any]
    rule_ids: tuple[str, ...]


def _corpus(directory: Path, found: list[Mismatch]) -> tuple[Mapping[str, Any], dict[str, _Entry]]:
    manifest = read_manifest(directory)
    files = Files(directory, manifest)
    entries: dict[str, _Entry] = {}
    names = [(game_file(game), "case") for game in GAMES]
    names += [(COUNTS_FILE, "counts"), (TABLES_FILE, "table")]
    for name, kind in names:
        if name not in files.files or not files.present(name):
            continue
        for _, data in files.lines(name):
            if isinstance(data, dict) and isinstance(data.get("id"), str):
                raw = data.get("rule_ids")
                rules = tuple(r for r in raw if isinstance(r, str)) if isinstance(raw, list) else ()
                entries.setdefault(data["id"], _Entry(kind, data, rules))
    found += files.found
    return manifest, entries


def check_answers(
    directory: str | os.PathLike[str], answers: str | os.PathLike[str]
) -> CheckReport:
    """Compare the answers of another implementation (a JSON Lines file) with the corpus in
    ``directory``; every disagreement is a `Mismatch` of the answers file.

    ``CheckReport.cases``, ``counts`` and ``tables`` count the answers of each kind; the
    corpus's own soundness (its files, digests and ids) is checked too.

    Examples:
        >>> import json, tempfile
        >>> from pathlib import Path
        >>> from morpyam.vectors import export_corpus
        >>> with tempfile.TemporaryDirectory() as folder:
        ...     written = export_corpus(folder, games=["yahtzee"], cases=0)
        ...     answer = {"id": "yahtzee/boxes/hasbro-empty", "rows": [["1 2 3 4 6", 1, 2, 3,
        ...         4, 0, 6, 0, 0, 0, 0, 0, 0, 16]]}  # no small straight: a bug
        ...     _ = (Path(folder) / "answers.jsonl").write_text(json.dumps(answer) + "\\n")
        ...     report = check_answers(folder, Path(folder) / "answers.jsonl")
        >>> report.tables, [m.what for m in report.mismatches]
        (1, ['`1 2 3 4 6`: small-straight 30 in the corpus, 0 in the answers'])

    Raises:
        CorpusError: for a corpus folder without a readable manifest, or a file or line too
            big to be read.
    """
    found: list[Mismatch] = []
    manifest, entries = _corpus(Path(directory), found)
    path = Path(answers)
    name = path.name
    kinds = {"case": 0, "counts": 0, "table": 0}
    seen: dict[str, int] = {}
    for line, data in read_values(path, name):
        if isinstance(data, CorpusError):
            found.append(Mismatch(name, line, "?", (), f"the line is not read: {data.reason}"))
            continue
        answer_id = data.get("id") if isinstance(data, dict) else None
        if not isinstance(data, dict) or not isinstance(answer_id, str):
            found.append(Mismatch(name, line, "?", (), "an answer is an object with an 'id'"))
            continue
        entry = entries.get(answer_id)
        if entry is None:
            found.append(Mismatch(name, line, answer_id[:80], (), "no such id in the corpus"))
            continue
        if answer_id in seen:
            found.append(
                Mismatch(name, line, answer_id, (), f"line {seen[answer_id]} answers it too")
            )
            continue
        seen[answer_id] = line
        kinds[entry.kind] += 1
        answer = _Answer(name, line, answer_id, entry)
        try:
            _CHECKS[entry.kind](answer, data)
        except MalformedError as error:
            answer.report(f"the answer is malformed: {error}")
        found += answer.found
    library = manifest.get("library")
    return CheckReport(
        corpus=library if isinstance(library, str) else "?",
        library=name,
        cases=kinds["case"],
        counts=kinds["counts"],
        tables=kinds["table"],
        mismatches=tuple(found),
    )


class _Answer:
    def __init__(self, file: str, line: int, answer_id: str, entry: _Entry) -> None:
        self.file = file
        self.line = line
        self.id = answer_id
        self.entry = entry
        self.found: list[Mismatch] = []

    def report(self, what: str, rule: str | None = None) -> None:
        self.found.append(Mismatch(self.file, self.line, self.id, self.entry.rule_ids, what, rule))


def _text_list(data: Mapping[str, Any], key: str) -> list[str] | None:
    value = data.get(key)
    if value is None:
        return None
    if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
        raise MalformedError(f"{key!r} is a list of text")
    return value


def _case(answer: _Answer, data: Mapping[str, Any]) -> None:
    case = answer.entry.data
    kit = KITS[str(case.get("game"))]
    legal = _text_list(data, "legal")
    if legal is not None:
        corpus = set(case.get("legal", ()))
        missing = sorted(corpus - set(legal))
        extra = sorted(set(legal) - corpus)
        if missing:
            answer.report(f"legal in the corpus, not in the answers: {_listed(missing)}")
        if extra:
            answer.report(f"legal in the answers, not in the corpus: {_listed(extra)}")
    chance = data.get("chance")
    if chance is not None:
        if not isinstance(chance, dict):
            raise MalformedError("'chance' is an object: outcome to probability")
        given = dict(zip(case.get("legal", ()), case.get("chance", ())))
        for outcome, probability in chance.items():
            value = fraction(probability, f"chance of {outcome}")
            if outcome not in given or fraction(given[outcome], outcome) != value:
                said = given.get(outcome, "no outcome")
                answer.report(
                    f"`{outcome}` has probability {said} in the corpus, {probability} in the answers"
                )
    for key in ("node", "current_player", "scores", "winners"):
        if key in data and data[key] != case.get(key):
            answer.report(
                f"{key}: {short(case.get(key))} in the corpus, {short(data[key])} in the answers"
            )
    probes = data.get("probes")
    if probes is None:
        return
    if not isinstance(probes, dict):
        raise MalformedError("'probes' is an object: action to its result")
    corpus_probes = {p.get("action"): p for p in case.get("probes", ()) if isinstance(p, dict)}
    for action, result in probes.items():
        probe = corpus_probes.get(action)
        if probe is None:
            answer.report(f"`{action}` is no probe of the case")
            continue
        _probe(answer, kit.absent, case.get("state", {}), action, probe, result)


def _probe(
    answer: _Answer,
    absent: Mapping[str, Any],
    state: Mapping[str, Any],
    action: str,
    probe: Mapping[str, Any],
    result: Any,
) -> None:
    if not isinstance(result, dict) or not (("refused" in result) ^ ("after" in result)):
        raise MalformedError(f"the result of {action!r} has 'refused' or 'after'")
    refused = probe.get("refused")
    if "refused" in result:
        if refused is None:
            answer.report(f"`{action}` is legal in the corpus, refused in the answers")
        elif result["refused"] not in (True, refused):
            answer.report(
                f"`{action}` is refused with {refused} in the corpus, with "
                f"{short(result['refused'])} in the answers",
                refused,
            )
        return
    if refused is not None:
        answer.report(
            f"`{action}` is refused with {refused} in the corpus, legal in the answers", refused
        )
        return
    after = result["after"]
    if not isinstance(after, dict):
        raise MalformedError(f"the state after {action!r} is an object")
    expected = {**state, **probe.get("after", {})}
    differ = [key for key in sorted(after) if after[key] != expected.get(key, absent.get(key))]
    for key in differ[:3]:
        answer.report(
            f"after `{action}`: {key}: {short(expected.get(key, absent.get(key)))} in the "
            f"corpus, {short(after[key])} in the answers"
        )


def _counts(answer: _Answer, data: Mapping[str, Any]) -> None:
    line = answer.entry.data
    for key, name in (("counts", "depth"), ("divide", "action")):
        given = data.get(key)
        if given is None:
            continue
        if not isinstance(given, list) or not all(isinstance(r, dict) for r in given):
            raise MalformedError(f"{key!r} is a list of objects")
        corpus = {row.get(name): row for row in line.get(key, ()) if isinstance(row, dict)}
        for row in given:
            want = corpus.get(row.get(name))
            label = f"depth {row.get(name)}" if key == "counts" else f"after `{row.get(name)}`"
            if want is None:
                answer.report(f"{label}: not in the corpus")
                continue
            for member in ("paths", "weight"):
                if member in row and row[member] != want.get(member):
                    answer.report(
                        f"{label}: {member} {want.get(member)} in the corpus, "
                        f"{short(row[member])} in the answers"
                    )


def _table(answer: _Answer, data: Mapping[str, Any]) -> None:
    table = answer.entry.data
    rows = data.get("rows")
    if not isinstance(rows, list) or not all(isinstance(r, list) and r for r in rows):
        raise MalformedError("'rows' is a list of rows")
    columns = table.get("columns", [])
    judge = table.get("kind") == "judge"
    key: Callable[[list[Any]], Any] = (lambda r: tuple(r[:4])) if judge else (lambda r: r[0])
    corpus = {key(row): row for row in table.get("rows", ())}
    for row in rows:
        want = corpus.get(key(row))
        if want is None:
            answer.report(f"no row {short(key(row))} in the table")
            continue
        differ = [
            f"{columns[i] if i < len(columns) else i} {short(want[i])} in the corpus, "
            f"{short(row[i]) if i < len(row) else 'nothing'} in the answers"
            for i in range(1, len(want))
            if (row[i] if i < len(row) else None) != want[i]
        ]
        if not differ:
            continue
        if judge:
            told = row[4] if len(row) > 4 else None
            said = "legal" if want[4] is None else f"refused with {want[4]}"
            answered = "legal" if told is None else f"refused with {short(told)}"
            answer.report(
                f"`{row[3]}` on the rack {row[0]} and the table {row[1] or '(empty)'}: {said} in "
                f"the corpus, {answered} in the answers",
                want[4] if isinstance(want[4], str) else (told if isinstance(told, str) else None),
            )
            continue
        rule = None
        if table.get("kind") == "figures" and len(row) > 1 and isinstance(row[1], list):
            wrong = sorted(set(want[1]) ^ {f for f in row[1] if isinstance(f, str)})
            rule = next((FIGURE_RULE[f] for f in wrong if f in FIGURE_RULE), None)
        if table.get("kind") == "boxes":
            boxes = [
                str(columns[i])
                for i in range(1, min(len(want), len(columns)))
                if (row[i] if i < len(row) else None) != want[i]
            ]
            rule = BOX_RULE.get(boxes[0]) if boxes else None
        answer.report(f"`{row[0]}`: {'; '.join(differ)}", rule)


def _listed(actions: list[str]) -> str:
    shown = ", ".join(f"`{a}`" for a in actions[:5])
    return shown + (f" and {len(actions) - 5} more" if len(actions) > 5 else "")


_CHECKS: dict[str, Callable[[_Answer, Mapping[str, Any]], None]] = {
    "case": _case,
    "counts": _counts,
    "table": _table,
}
