"""Another implementation's answers, checked against a corpus: every disagreement, with its rule.

An implementation that cannot run this library writes what it computed for
the corpus's cases, path counts and tables into an answers file (JSON Lines,
one object a line, each naming the ``id`` it answers; the documentation's
page "Checking another implementation" gives the format), and
`check_answers` compares them with the corpus. Every member of an answer is
optional: an implementation answers what it models, and a member left out is
not checked. Each disagreement is a `Mismatch` of the answers file, naming
the case and its rule IDs; `morpyam.vectors._rule_book.rule_text` gives each
rule's text.

Actions are compared by what they mean, not by their text: both the corpus's
and the answer's are read with the game's own notation reader, so the melds
of a MyRummy play, a group's colours or the dice kept may come in any order.
Weights and probabilities are compared as fractions (``"1"``, ``"1/1"`` and
``"2/2"`` are one value).

The answers file and the corpus are untrusted input, read as `check_corpus`
reads a corpus: refused by size before they are read, a line that is not
JSON reported and skipped.
"""

from __future__ import annotations

import json
import os
import re
from collections.abc import Callable, Hashable, Mapping
from fractions import Fraction
from pathlib import Path
from typing import Any

import attrs

from morpyam.kit.texts import MAX_ACTION_LENGTH
from morpyam.vectors._check import Files
from morpyam.vectors._check_tables import BOX_RULE, FIGURE_RULE
from morpyam.vectors._corpus import (
    COUNTS_FILE,
    CorpusError,
    game_file,
    read_manifest,
    read_values,
)
from morpyam.vectors._kits import GAMES, KITS, Kit, resign_text
from morpyam.vectors._report import CheckReport, MalformedError, Mismatch, named, short
from morpyam.vectors._tables import TABLES_FILE

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


def _meaning(kit: Kit, text: str) -> Hashable:
    """What an action's notation means in ``kit``'s game, as a value two writings of one action
    share (the melds of a MyRummy play, a group's colours, the dice kept in any order); text
    the game's reader refuses (a meld the rules forbid) is compared by its words, with its
    melds and a group's tiles in any order.

    Examples:
        >>> rummy = KITS["myrummy"]
        >>> _meaning(rummy, "play [gn4 gn5 gn6] {bk9 gn9 gy9}") == _meaning(
        ...     rummy, "play {gy9 gn9 bk9} [gn4 gn5 gn6]")
        True
        >>> _meaning(KITS["morpyam"], "resign 1") == _meaning(KITS["morpyam"], "place a1")
        False
    """
    seat = resign_text(text)
    if seat is not None:
        return ("resign", seat)
    if len(text) > MAX_ACTION_LENGTH:
        return ("text", text)
    try:
        return ("action", kit.parse_action(text))
    except ValueError:  # NotationError, or a meld the rules forbid (IllegalActionError)
        pass
    # a meld the reader refuses still has its tiles in any order: its words, then each
    # bracketed meld (a group's tiles sorted), the melds sorted
    melds = _BRACKETED.findall(text)
    sets = (
        "{" + " ".join(sorted(m[1:-1].split())) + "}" if m[0] == "{" else " ".join(m.split())
        for m in melds
    )
    return ("written", tuple(_BRACKETED.sub(" ", text).split()), tuple(sorted(sets)))


_BRACKETED = re.compile(r"\[[^\]]*\]|\{[^}]*\}", re.ASCII)


def _meanings(kit: Kit, texts: Any, where: str) -> dict[Hashable, str]:
    """Each action of ``texts`` by its meaning, with its text."""
    if not isinstance(texts, list) or not all(isinstance(t, str) for t in texts):
        raise MalformedError(f"{where} is a list of text")
    return {_meaning(kit, text): text for text in texts}


_WEIGHT = re.compile(r"(0|[1-9][0-9]{0,30})(?:/([1-9][0-9]{0,30}))?", re.ASCII)


def _weight(value: object, where: str) -> Fraction:
    """A weight or a probability, read exactly as a fraction: ``"1/6"``, ``"2/12"``, ``"1"``
    or a whole number, so that two writings of one value compare equal.

    Examples:
        >>> _weight("1", "w") == _weight("1/1", "w") == _weight(1, "w") == _weight("3/3", "w")
        True

    Raises:
        MalformedError: for anything else, naming ``where``.
    """
    if type(value) is int and 0 <= value < 10**31:
        return Fraction(value)
    match = _WEIGHT.fullmatch(value) if isinstance(value, str) else None
    if match is None:
        raise MalformedError(f'{where}: {short(value)} is not a fraction such as "1/6"')
    return Fraction(int(match[1]), int(match[2] or 1))


def _set_of_actions(
    answer: _Answer, kit: Kit, corpus: Any, given: Any, what: str, where: str
) -> None:
    """Report the actions of the corpus the answer lacks, and those it adds."""
    want = _meanings(kit, corpus, f"the corpus's {where}")
    got = _meanings(kit, given, repr(where))
    missing = sorted(text for key, text in want.items() if key not in got)
    extra = sorted(text for key, text in got.items() if key not in want)
    if missing:
        answer.report(f"{what} in the corpus, not in the answers: {named(missing)}")
    if extra:
        answer.report(f"{what} in the answers, not in the corpus: {named(extra)}")


def _case(answer: _Answer, data: Mapping[str, Any]) -> None:
    case = answer.entry.data
    kit = KITS[str(case.get("game"))]
    legal = _text_list(data, "legal")
    if legal is not None:
        _set_of_actions(answer, kit, case.get("legal", []), legal, "legal", "legal")
    if data.get("plays") is not None and case.get("plays") is not None:
        _set_of_actions(answer, kit, case["plays"], data["plays"], "a play", "plays")
    chance = data.get("chance")
    if chance is not None:
        if not isinstance(chance, dict):
            raise MalformedError("'chance' is an object: outcome to probability")
        _chance(answer, kit, case, chance)
    for key in ("node", "current_player", "scores", "winners"):
        if key in data and data[key] != case.get(key):
            answer.report(
                f"{key}: {short(case.get(key))} in the corpus, {short(data[key])} in the answers"
            )
    best = data.get("best")
    if best is not None:
        _best(answer, kit, case, best)
    probes = data.get("probes")
    if probes is None:
        return
    if not isinstance(probes, dict):
        raise MalformedError("'probes' is an object: action to its result")
    corpus_probes = {
        _meaning(kit, p["action"]): p
        for p in case.get("probes", ())
        if isinstance(p, dict) and isinstance(p.get("action"), str)
    }
    for action, result in probes.items():
        probe = corpus_probes.get(_meaning(kit, action))
        if probe is None:
            answer.report(f"`{action}` is no probe of the case")
            continue
        _probe(answer, kit.absent, case.get("state", {}), action, probe, result)


def _chance(answer: _Answer, kit: Kit, case: Mapping[str, Any], chance: dict[str, Any]) -> None:
    outcomes = case.get("legal", [])
    _meanings(kit, outcomes, "the corpus's legal")
    given = {_meaning(kit, o): (o, p) for o, p in zip(outcomes, case.get("chance", []))}
    answered = set()
    for outcome, probability in chance.items():
        value = _weight(probability, f"chance of {outcome}")
        key = _meaning(kit, outcome)
        answered.add(key)
        text, said = given.get(key, (outcome, "no outcome"))
        if key not in given or _weight(said, text) != value:
            answer.report(
                f"`{outcome}` has probability {said} in the corpus, {probability} in the answers"
            )
    missing = sorted(text for key, (text, _) in given.items() if key not in answered)
    if missing:
        answer.report(f"an outcome in the corpus, not in the answers: {named(missing)}")


def _best(answer: _Answer, kit: Kit, case: Mapping[str, Any], best: Any) -> None:
    """MyRummy's best play: its tiles and points compared; its play, when given, must be a
    legal play the corpus lists (another arrangement of the same score is as good)."""
    want = case.get("best")
    if not isinstance(best, dict):
        raise MalformedError("'best' is an object with 'tiles' and 'points'")
    if not isinstance(want, dict):
        answer.report("best: no best play in the corpus for this case")
        return
    for key in ("tiles", "points"):
        if key in best and best[key] != want.get(key):
            answer.report(
                f"best {key}: {short(want.get(key))} in the corpus, {short(best[key])} in the "
                "answers"
            )
    play = best.get("play")
    plays = case.get("plays")
    if (
        isinstance(play, str)
        and isinstance(plays, list)
        and _meaning(kit, play) not in _meanings(kit, plays, "the corpus's plays")
    ):
        answer.report(f"best play `{play}` is no legal play of the corpus")


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
    kit = KITS[str(line.get("game"))]
    given = data.get("counts")
    if given is not None:
        corpus = {row.get("depth"): row for row in line.get("counts", ()) if isinstance(row, dict)}
        for row in _rows(given, "counts", "depth", int):
            want = corpus.get(row["depth"])
            label = f"depth {row['depth']}"
            if want is None:
                answer.report(f"{label}: not in the corpus")
                continue
            _paths_and_weight(answer, label, want, row)
    given = data.get("divide")
    if given is None:
        return
    corpus = {
        _meaning(kit, row["action"]): row
        for row in line.get("divide", ())
        if isinstance(row, dict) and isinstance(row.get("action"), str)
    }
    answered = set()
    for row in _rows(given, "divide", "action", str):
        key = _meaning(kit, row["action"])
        want = corpus.get(key)
        label = f"after `{row['action']}`"
        if want is None:
            answer.report(f"{label}: not in the corpus")
            continue
        answered.add(key)
        _paths_and_weight(answer, label, want, row)
    missing = [row["action"] for key, row in corpus.items() if key not in answered]
    if missing:
        answer.report(f"a first action in the corpus, not in the answers: {named(missing)}")


def _rows(given: Any, key: str, name: str, kind: type) -> list[dict[str, Any]]:
    if not isinstance(given, list) or not all(
        isinstance(r, dict) and type(r.get(name)) is kind for r in given
    ):
        raise MalformedError(f"{key!r} is a list of objects, each with its {name!r}")
    return given


def _paths_and_weight(
    answer: _Answer, label: str, want: Mapping[str, Any], row: Mapping[str, Any]
) -> None:
    if "paths" in row and row["paths"] != want.get("paths"):
        answer.report(
            f"{label}: paths {want.get('paths')} in the corpus, {short(row['paths'])} in the "
            "answers"
        )
    if "weight" in row and _weight(row["weight"], f"{label}: weight") != _weight(
        want.get("weight"), f"the corpus's {label}: weight"
    ):
        answer.report(
            f"{label}: weight {want.get('weight')} in the corpus, {short(row['weight'])} in the "
            "answers"
        )


def _table(answer: _Answer, data: Mapping[str, Any]) -> None:
    table = answer.entry.data
    rows = data.get("rows")
    if not isinstance(rows, list) or not all(isinstance(r, list) and r for r in rows):
        raise MalformedError("'rows' is a list of rows")
    columns = table.get("columns", [])
    judge = table.get("kind") == "judge"
    kit = KITS[str(table.get("game"))]
    key = _judge_key(kit) if judge else _roll_key
    corpus = {key(row): row for row in table.get("rows", ())}
    for row in rows:
        want = corpus.get(key(row))
        if want is None:
            answer.report(f"no row {short(row[:4] if judge else row[0])} in the table")
            continue
        start = 4 if judge else 1
        differ = [
            f"{columns[i] if i < len(columns) else i} {short(want[i])} in the corpus, "
            f"{short(row[i]) if i < len(row) else 'nothing'} in the answers"
            for i in range(start, len(want))
            if not _same_cell(row[i] if i < len(row) else None, want[i])
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
                if not _same_cell(row[i] if i < len(row) else None, want[i])
            ]
            rule = BOX_RULE.get(boxes[0]) if boxes else None
        answer.report(f"`{row[0]}`: {'; '.join(differ)}", rule)


def _roll_key(row: list[Any]) -> Hashable:
    """A table row's roll, its faces in any order."""
    if not isinstance(row[0], str):
        raise MalformedError("a row starts with its roll, as text")
    return tuple(sorted(row[0].split()))


def _judge_key(kit: Kit) -> Callable[[list[Any]], Hashable]:
    """A judge row's rack (its tiles in any order), table and play (by meaning), and whether
    the player has opened."""

    def key(row: list[Any]) -> Hashable:
        if len(row) < 4 or not all(isinstance(row[i], str) for i in (0, 1, 3)):
            raise MalformedError("a judge row has its rack, table, opened and play")
        table = _meaning(kit, f"play {row[1]}") if row[1] else ()
        return (tuple(sorted(row[0].split())), table, row[2] is True, _meaning(kit, row[3]))

    return key


def _same_cell(given: Any, want: Any) -> bool:
    """Whether a table's cell is answered: a list (the figures a roll shows) in any order."""
    if isinstance(given, list) and isinstance(want, list):
        return sorted(map(json.dumps, given)) == sorted(map(json.dumps, want))
    return bool(given == want)


_CHECKS: dict[str, Callable[[_Answer, Mapping[str, Any]], None]] = {
    "case": _case,
    "counts": _counts,
    "table": _table,
}
