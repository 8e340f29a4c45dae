"""The test vectors: the committed corpus checks clean, names every rule ID, and edits are caught.

The committed corpus, ``tests/data/vectors``, is written by one command
(CONTRIBUTING.md, "Test vectors"): ``python -m morpyam vectors export
tests/data/vectors --cases 2``. When a change of the rules or of the library
makes it fail, regenerate it and name the changed cases in the changelog.
"""

from __future__ import annotations

import json
import math
import shutil
import subprocess
import sys
from collections import Counter
from fractions import Fraction
from pathlib import Path
from typing import Any

import pytest
from fitted import unfitted
from test_rule_coverage import checked_rules

import morpyam as mp
from morpyam.cli import main
from morpyam.testing import check_vectors, export_vectors
from morpyam.vectors import CorpusError, check_corpus, count_paths, export_corpus, read_lines
from morpyam.vectors import _corpus as corpus_module
from morpyam.vectors import _counts as counts_module
from morpyam.vectors._corpus import SOURCES, digest, required_files
from morpyam.vectors._counts import COUNT_POSITIONS, CountLimitError, divide_paths
from morpyam.vectors._kits import KITS

CORPUS = Path(__file__).parent / "data" / "vectors"
HOSTILE = Path(__file__).parent / "data" / "vectors-hostile"
"""A corpus whose one count line keeps an unbounded check busy for hours (see its README)."""
REGENERATE = "python -m morpyam vectors export tests/data/vectors --cases 2"


def committed_cases() -> list[dict[str, Any]]:
    """Every case of the committed corpus."""
    return [
        case
        for game in ("morpyam", "yahtzee", "myrummy")
        for _, case in read_lines(CORPUS / f"{game}.jsonl")
    ]


def test_the_committed_corpus_checks_clean() -> None:
    report = check_corpus(CORPUS)
    shown = "\n".join(map(str, report.mismatches[:30]))
    assert report.ok, (
        f"the library no longer agrees with the committed test vectors:\n{shown}\n"
        f"If the change is meant, regenerate them ({REGENERATE}) and name the changed cases "
        "in CHANGELOG.md"
    )
    assert report.cases == len(committed_cases()) > 100
    assert report.counts == sum(len(positions) for positions in COUNT_POSITIONS.values())


def test_the_committed_corpus_is_small() -> None:
    size = sum(path.stat().st_size for path in CORPUS.iterdir())
    assert size < 1_000_000  # the cases, the tables of every roll, the counts and their divide
    manifest = json.loads((CORPUS / "manifest.json").read_text(encoding="utf-8"))
    assert (manifest["cases"], manifest["seed"]) == (2, 0)  # what REGENERATE writes


def test_every_rule_id_of_the_book_is_in_at_least_three_cases() -> None:
    # every rule ID of the rule book is exercised by cases; none is left out as a mere
    # description (R-FIG-9's counts are the 5-dice probabilities, R-END-5's lost turns a knob)
    named = Counter(rule for case in committed_cases() for rule in set(case["rule_ids"]))
    rules = checked_rules()
    assert {rule: named[rule] for rule in rules if named[rule] < 3} == {}
    assert set(named) <= set(rules), "a case names a rule ID the book does not have"


def test_every_case_names_the_rules_of_its_refusals() -> None:
    for case in committed_cases():
        refused = {probe["refused"] for probe in case["probes"] if "refused" in probe}
        assert refused <= set(case["rule_ids"]), case["id"]


def test_the_scenarios_are_reached_as_their_notes_say() -> None:
    # a few cases read against the rule book's own examples (docs/rules.md)
    cases = {case["id"]: case for case in committed_cases()}
    sec = cases["morpyam/classic-2p/straight-on-the-first-roll"]
    places = [action for action in sec["legal"] if action.startswith("place")]
    assert places == ["place d2", "place c3", "place f3", "place a4", "place d4", "place c5"]
    probes = {probe["action"]: probe for probe in sec["probes"]}
    assert probes["place d3"]["refused"] == "R-CELL-3"  # R-CELL-3
    air = cases["morpyam/classic-2p/first-roll-in-the-air"]
    assert len(air["legal"]) == 252  # sorted outcomes of five dice: C(10, 5)
    # five different faces: 5! of the 6**5 ordered rolls
    straight = Fraction(math.factorial(5), 6**5)
    assert (
        dict(zip(air["legal"], air["chance"]))["dice 1 2 3 4 5"]
        == f"{straight.numerator}/{straight.denominator}"
    )
    # R-LINE-2: with three or four players a run of four scores 3, not two runs of three (2)
    assert cases["morpyam/classic-3p/run-of-four"]["scores"] == [3, 0, 0]
    assert cases["morpyam/classic-2p/run-of-four"]["scores"] == [2, 0]
    rummy = cases["myrummy/classic-2p/three-must-stay"]
    judged = {probe["action"]: probe.get("refused") for probe in rummy["probes"]}
    assert judged["play [gn3 gn4 gn5] {bk6 gn6 gy6} {bk7 gn7 gy7}"] == "R-RUM-RE-2"
    free = cases["myrummy/rummikub-2p/three-must-stay"]
    judged = {probe["action"]: probe.get("refused") for probe in free["probes"]}
    assert judged["play [gn3 gn4 gn5] {bk6 gn6 gy6} {bk7 gn7 gy7}"] is None


def _copy(folder: Path, *games: str) -> Path:
    """A copy of the committed corpus of ``games`` alone, with their counts, in ``folder``, its
    manifest saying so."""
    folder.mkdir()
    manifest = json.loads((CORPUS / "manifest.json").read_text(encoding="utf-8"))
    names = [f"{game}.jsonl" for game in games]
    for name in names:
        shutil.copy(CORPUS / name, folder)
    manifest["games"] = list(games)
    manifest["required"] = required_files(games)
    manifest["files"] = {name: manifest["files"][name] for name in names}
    _write_manifest(folder, manifest)
    for name in ("counts.jsonl", "tables.jsonl"):
        lines = (CORPUS / name).read_text(encoding="utf-8").splitlines()
        kept = [line for line in lines if json.loads(line)["game"] in games]
        (folder / name).write_text("".join(line + "\n" for line in kept), encoding="utf-8")
        _seal(folder, name)
    return folder


def _write_manifest(folder: Path, manifest: dict[str, Any]) -> None:
    (folder / "manifest.json").write_text(json.dumps(manifest), encoding="utf-8")


def _seal(folder: Path, name: str) -> None:
    """Write the digest and line count of ``name`` into the manifest, as an export would."""
    manifest = json.loads((folder / "manifest.json").read_text(encoding="utf-8"))
    lines = (folder / name).read_text(encoding="utf-8").splitlines()
    manifest["files"][name] = {"lines": len(lines), "sha256": digest(folder / name)}
    _write_manifest(folder, manifest)


def _edit(folder: Path, game: str, case_id: str, edit: Any, *, seal: bool = True) -> None:
    """Edit one case of ``game``'s file; its digest is written in the manifest too (a corpus
    edited on purpose) unless ``seal`` is false."""
    path = folder / f"{game}.jsonl"
    lines = path.read_text(encoding="utf-8").splitlines()
    for number, line in enumerate(lines):
        case = json.loads(line)
        if case["id"] == case_id:
            edit(case)
            lines[number] = json.dumps(case, ensure_ascii=False)
            break
    else:
        raise AssertionError(f"no case {case_id}")
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    if seal:
        _seal(folder, path.name)


def _refusal(probes: list[dict[str, Any]], action: str, rule: str) -> None:
    (probe,) = [probe for probe in probes if probe["action"] == action]
    probe["refused"] = rule


def test_a_corpus_edited_by_hand_is_reported_with_the_case_and_the_rule(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    folder = _copy(tmp_path / "vectors", "morpyam")
    straight = "morpyam/classic-2p/straight-on-the-first-roll"
    air = "morpyam/classic-2p/first-roll-in-the-air"
    _edit(folder, "morpyam", straight, lambda case: case["legal"].remove("place c3"))
    _edit(
        folder, "morpyam", straight, lambda case: _refusal(case["probes"], "place d3", "R-CELL-1")
    )
    _edit(folder, "morpyam", air, lambda case: case["chance"].__setitem__(0, "1/7000"))
    report = check_vectors(folder)
    assert len(report.mismatches) == 3
    legal, refusal = (m for m in report.mismatches if m.case == straight)
    (chance,) = (m for m in report.mismatches if m.case == air)
    assert "legal in the library, not listed in the corpus: `place c3`" in legal.what
    assert "R-CELL-2" in legal.rule_ids  # the case names the SEC rule it exercises
    assert refusal.rule == "R-CELL-3"
    assert "refused by the library with R-CELL-3, the corpus says R-CELL-1" in refusal.what
    assert (
        chance.what
        == "`dice 1 1 1 1 1` has probability 1/7776 in the library, 1/7000 in the corpus"
    )
    assert "R-FIG-9" in chance.rule_ids
    assert main(["vectors", "check", str(folder)]) == 1
    out = capsys.readouterr().out
    assert out.count(straight) == 2
    assert f"morpyam.jsonl:{refusal.line}: {straight}: `place d3` is refused by " in out
    assert f"{chance.what} (the case exercises R-FIG-9, R-SET-1, R-TURN-1)" in out
    assert out.rstrip().endswith("3 mismatches.")


def test_edited_plays_and_best_play_are_reported(tmp_path: Path) -> None:
    folder = _copy(tmp_path / "vectors", "myrummy")
    joker = "myrummy/classic-2p/joker-exchange"
    stay = "myrummy/classic-2p/three-must-stay"
    _edit(folder, "myrummy", joker, lambda case: case["plays"].pop(0))
    _edit(folder, "myrummy", joker, lambda case: case["best"].__setitem__("tiles", 2))
    _edit(
        folder,
        "myrummy",
        stay,
        lambda case: _refusal(
            case["probes"], "play [gn3 gn4 gn5] {bk6 gn6 gy6} {bk7 gn7 gy7}", "R-RUM-RE-3"
        ),
    )
    report = check_corpus(folder)
    whats = sorted(m.what for m in report.mismatches)
    assert len(whats) == 4
    assert whats[0].startswith("`play [gn3 gn4 gn5]")
    assert "with R-RUM-RE-2, the corpus says R-RUM-RE-3" in whats[0]
    assert whats[1].startswith("plays legal in the library, not listed in the corpus: `play ")
    assert whats[2].startswith("the best play lays 3 tiles")  # gn7, bk10, bk11
    assert whats[3].endswith("does not lay what the corpus says")  # its play lays 3


def _probe(case: dict[str, Any], action: str) -> dict[str, Any]:
    probes: list[dict[str, Any]] = case["probes"]
    (probe,) = [probe for probe in probes if probe["action"] == action]
    return probe


def _swap_first_two(values: list[str]) -> None:
    values[0], values[1] = values[1], values[0]


STRAIGHT = "morpyam/classic-2p/straight-on-the-first-roll"
EDITS: list[tuple[str, str, Any, str]] = [
    ("morpyam", STRAIGHT, lambda c: c.update(node="chance"), "a decision node in the library, "),
    ("morpyam", STRAIGHT, lambda c: c.update(current_player=1), "player 0 decides in the library"),
    ("morpyam", STRAIGHT, lambda c: _swap_first_two(c["legal"]), "listed in another order"),
    (
        "morpyam",
        STRAIGHT,
        lambda c: c.update(scores=[1, 0]),
        "the scores are [0, 0] in the library",
    ),
    ("morpyam", STRAIGHT, lambda c: c.update(winners=[0]), "the winners are [] in the library"),
    (
        "morpyam",
        STRAIGHT,
        lambda c: _probe(c, "place d3").update(after={}, refused=None),
        "`place d3` is refused by the library with R-CELL-3 (the CALL cell d3 is covered only by "
        "a successful call); the corpus gives the state after it",
    ),
    (
        "morpyam",
        STRAIGHT,
        lambda c: _probe(c, "place c3").update(after=None, refused="R-CELL-2"),
        "`place c3` is accepted by the library, the corpus says it is refused with R-CELL-2",
    ),
    (
        "morpyam",
        STRAIGHT,
        lambda c: _probe(c, "place c3")["after"].update(player=0),
        "after `place c3`: player: 1 in the library, 0 in the corpus",
    ),
    (
        "morpyam",
        STRAIGHT,
        lambda c: _probe(c, "place c3").update(action="place here"),
        "`place here` is no action of morpyam for the library: ",
    ),
    (
        "yahtzee",
        "yahtzee/megawuerfel-1p/start",
        lambda c: c["probes"].append({"action": "resign 0", "refused": "Y-SET-1"}),
        ": yahtzee has no resignation",
    ),
    (
        "myrummy",
        "myrummy/classic-2p/empty-pool-passes",
        lambda c: c.update(plays=[]),
        "the corpus gives 'plays' here, the library does not (see the format)",
    ),
    (
        "myrummy",
        "myrummy/classic-2p/joker-exchange",
        lambda c: c["best"].update(play="play [gn5 gn6 gn7]"),
        "the corpus's best play `play [gn5 gn6 gn7]` is refused with R-RUM-RE-3",
    ),
    (
        "myrummy",
        "myrummy/classic-2p/joker-exchange",
        lambda c: c["best"].update(play="draw"),
        "the corpus's best play `draw` is no play",
    ),
    (
        "myrummy",
        "myrummy/classic-2p/joker-exchange",
        lambda c: c["best"].update(play="play [gn5"),
        "the corpus's best play `play [gn5` is no play: ",
    ),
]


@pytest.mark.parametrize(("game", "case_id", "edit", "what"), EDITS)
def test_every_kind_of_difference_is_reported(
    tmp_path: Path, game: str, case_id: str, edit: Any, what: str
) -> None:
    folder = _copy(tmp_path / "vectors", game)
    _edit(folder, game, case_id, edit)
    (mismatch,) = check_corpus(folder).mismatches
    assert mismatch.case == case_id
    assert what in mismatch.what


@pytest.mark.slow  # a corpus copied and checked whole, twice over
def test_lines_deleted_or_repeated_and_files_left_out_are_reported(tmp_path: Path) -> None:
    folder = _copy(tmp_path / "vectors", "yahtzee", "morpyam")
    lines = (folder / "yahtzee.jsonl").read_text(encoding="utf-8").splitlines(keepends=True)
    first = json.loads(lines[0])["id"]
    second = json.loads(lines[1])["id"]
    (folder / "yahtzee.jsonl").write_text("".join(lines[1:] + lines[1:2]), encoding="utf-8")
    manifest = json.loads((folder / "manifest.json").read_text(encoding="utf-8"))
    del manifest["files"]["morpyam.jsonl"]
    _write_manifest(folder, manifest)
    shown = [str(m) for m in check_corpus(folder).mismatches]
    assert shown == [
        "morpyam.jsonl: the file is required, and the manifest does not list it",
        "yahtzee.jsonl: the file's SHA-256 digest is "
        f"{digest(folder / 'yahtzee.jsonl')[:12]}…, the manifest's "
        f"{manifest['files']['yahtzee.jsonl']['sha256'][:12]}…: the file changed after it was "
        "written",
        f"yahtzee.jsonl:{len(lines)}: {second}: yahtzee.jsonl:1 has this id too",
        f"yahtzee.jsonl: {first} is missing: this library writes it",
        "morpyam.jsonl: the file is not in the manifest, so it was not checked",
    ]
    # a line deleted with the manifest's count: the digest, and the missing case, tell
    (folder / "yahtzee.jsonl").write_text("".join(lines[1:]), encoding="utf-8")
    manifest["files"]["yahtzee.jsonl"]["lines"] = len(lines) - 1
    _write_manifest(folder, manifest)
    shown = [str(m) for m in check_corpus(folder).mismatches]
    assert "the file changed after it was written" in shown[1]
    assert shown[2] == f"yahtzee.jsonl: {first} is missing: this library writes it"
    # ... and with the digest too: the case is still missing
    _seal(folder, "yahtzee.jsonl")
    assert f"yahtzee.jsonl: {first} is missing: this library writes it" in [
        str(m) for m in check_corpus(folder).mismatches
    ]


def test_a_case_from_play_deleted_with_its_count_and_digest_is_reported(tmp_path: Path) -> None:
    folder = _copy(tmp_path / "vectors", "yahtzee")
    lines = (folder / "yahtzee.jsonl").read_text(encoding="utf-8").splitlines(keepends=True)
    played = [n for n, line in enumerate(lines) if json.loads(line)["origin"] == "play"]
    gone = json.loads(lines[played[-1]])["id"]
    del lines[played[-1]]
    (folder / "yahtzee.jsonl").write_text("".join(lines), encoding="utf-8")
    _seal(folder, "yahtzee.jsonl")
    assert [str(m) for m in check_corpus(folder).mismatches] == [
        f"yahtzee.jsonl: {gone} is missing: this library writes it"
    ]


@pytest.mark.slow  # a corpus copied and checked whole, twice over
def test_a_file_deleted_with_its_manifest_entry_is_reported(tmp_path: Path) -> None:
    folder = _copy(tmp_path / "vectors", "yahtzee", "morpyam")
    manifest = json.loads((folder / "manifest.json").read_text(encoding="utf-8"))
    (folder / "morpyam.jsonl").unlink()
    del manifest["files"]["morpyam.jsonl"]
    _write_manifest(folder, manifest)
    assert [str(m) for m in check_corpus(folder).mismatches] == [
        "morpyam.jsonl: the file is required, and the manifest does not list it"
    ]
    manifest["required"].remove("morpyam.jsonl")
    _write_manifest(folder, manifest)
    assert [str(m) for m in check_corpus(folder).mismatches] == [
        "manifest.json: morpyam.jsonl is required by the format and the games exported, the "
        "manifest does not require it",
        "morpyam.jsonl: the file is required, and the manifest does not list it",
    ]
    manifest["files"]["morpyam.jsonl"] = {"lines": 68}  # listed, but not there
    _write_manifest(folder, manifest)
    assert "morpyam.jsonl: the file is missing: the manifest lists it" in [
        str(m) for m in check_corpus(folder).mismatches
    ]


def test_the_same_id_in_two_files_is_reported(tmp_path: Path) -> None:
    folder = _copy(tmp_path / "vectors", "yahtzee", "morpyam")
    _edit(folder, "yahtzee", "yahtzee/megawuerfel-1p/start", lambda case: case.update(id=STRAIGHT))
    shown = [str(m) for m in check_corpus(folder).mismatches]
    (again,) = [text for text in shown if "has this id too" in text]
    assert again.startswith(f"yahtzee.jsonl:1: {STRAIGHT}: morpyam.jsonl:")


def test_the_rule_ids_of_a_case_are_checked(tmp_path: Path) -> None:
    # R-FIG-3: the dice 1 2 3 4 5 show a straight; the case must say so, and nothing else
    folder = _copy(tmp_path / "vectors", "morpyam")

    def rename(case: dict[str, Any]) -> None:
        case["rule_ids"] = sorted({*case["rule_ids"], "R-FIG-5"} - {"R-FIG-3"})

    _edit(folder, "morpyam", STRAIGHT, rename)
    shown = sorted(m.what for m in check_corpus(folder).mismatches)
    assert shown == [
        "the corpus names R-FIG-5, which the library does not find in the case",
        "the library finds R-FIG-3 in the case, the corpus does not name it",
    ]
    _edit(folder, "morpyam", STRAIGHT, lambda case: case["rule_ids"].remove("R-FIG-2"))
    assert "the library finds R-FIG-2, R-FIG-3 in the case, the corpus does not name them" in [
        m.what for m in check_corpus(folder).mismatches
    ]
    _edit(folder, "morpyam", STRAIGHT, lambda case: case["rule_ids"].append("R-FIG-99"))
    assert "no rule ID of the rule book: R-FIG-99" in [
        m.what for m in check_corpus(folder).mismatches
    ]


@pytest.mark.slow  # the Morpyam file checked whole once per member
@pytest.mark.parametrize(
    ("edit", "what"),
    [
        (lambda c: c.update(players=3), "the state has 2 players, the case says 3"),
        (lambda c: c.update(preset="official"), "the id is not morpyam/official-2p/NAME"),
        (lambda c: c.update(origin="play"), "the library writes this case as a scenario"),
        (lambda c: c.update(origin="dream"), 'the origin is "scenario" or "play"'),
        (lambda c: c.update(note="A note."), "the note is "),
        (
            lambda c: _probe(c, "place d3").update(reason="no"),
            "`place d3` is refused by the library for ",
        ),
    ],
)
def test_every_member_of_a_case_is_checked(tmp_path: Path, edit: Any, what: str) -> None:
    folder = _copy(tmp_path / "vectors", "morpyam")
    _edit(folder, "morpyam", STRAIGHT, edit)
    whats = [m.what for m in check_corpus(folder).mismatches]
    assert any(text.startswith(what) for text in whats), whats


def test_a_probability_not_in_lowest_terms_is_reported(tmp_path: Path) -> None:
    folder = _copy(tmp_path / "vectors", "morpyam")
    air = "morpyam/classic-2p/first-roll-in-the-air"
    _edit(folder, "morpyam", air, lambda case: case["chance"].__setitem__(0, "2/15552"))
    (mismatch,) = check_corpus(folder).mismatches
    assert mismatch.case == air
    assert mismatch.what.endswith('"2/15552" is not in lowest terms (the corpus writes "1/7776")')


def test_a_check_cut_short_by_its_reader_keeps_its_status(tmp_path: Path) -> None:
    folder = _copy(tmp_path / "vectors", "morpyam")
    _edit(folder, "morpyam", STRAIGHT, lambda case: case["legal"].remove("place c3"))
    _edit(folder, "morpyam", STRAIGHT, lambda case: case.update(winners=[0]))
    command = [sys.executable, "-m", "morpyam", "vectors", "check", str(folder)]
    with subprocess.Popen(command, stdout=subprocess.PIPE) as process:
        assert process.stdout is not None
        first = process.stdout.readline()
        process.stdout.close()  # as `| head -1` does
        assert process.wait(timeout=120) == 1
    assert STRAIGHT.encode() in first


@pytest.mark.slow
def test_a_fresh_export_of_every_game_checks_clean(tmp_path: Path) -> None:
    written = export_corpus(tmp_path, cases=2, seed=1)
    assert sorted(written) == [
        "counts.jsonl",
        "manifest.json",
        "morpyam.jsonl",
        "myrummy.jsonl",
        "tables.jsonl",
        "yahtzee.jsonl",
    ]
    report = check_corpus(tmp_path)
    assert report.ok, "\n".join(map(str, report.mismatches[:20]))
    named = Counter(
        rule
        for game in ("morpyam", "yahtzee", "myrummy")
        for _, case in read_lines(tmp_path / f"{game}.jsonl")
        for rule in set(case["rule_ids"])
    )
    assert all(named[rule] >= 3 for rule in checked_rules())


def test_export_is_deterministic(tmp_path: Path) -> None:
    # the whole corpus is exported twice and compared by `nox -s vectors`; here, one game
    first = export_corpus(tmp_path / "a", games=["yahtzee"], cases=3, seed=5)
    second = export_vectors(tmp_path / "b", games=["yahtzee", "yahtzee"], cases=3, seed=5)
    assert first == second
    for name in first:
        assert (tmp_path / "a" / name).read_bytes() == (tmp_path / "b" / name).read_bytes()
    export_corpus(tmp_path / "c", games=["yahtzee"], cases=3, seed=6)
    assert (tmp_path / "c" / "yahtzee.jsonl").read_bytes() != (
        tmp_path / "a" / "yahtzee.jsonl"
    ).read_bytes()
    assert check_corpus(tmp_path / "c").ok


def test_export_removes_the_files_of_games_not_exported(tmp_path: Path) -> None:
    (tmp_path / "morpyam.jsonl").write_text("{}\n")  # from an earlier export
    (tmp_path / "notes.txt").write_text("mine")
    export_corpus(tmp_path, games=["yahtzee"], cases=0)
    assert sorted(path.name for path in tmp_path.iterdir()) == [
        "counts.jsonl",
        "manifest.json",
        "notes.txt",
        "tables.jsonl",
        "yahtzee.jsonl",
    ]


@pytest.mark.parametrize(
    ("arguments", "message"),
    [
        ({"games": ["chess"]}, "games are some of"),
        ({"games": []}, "games are some of"),
        ({"cases": -1}, "cases must be"),
        ({"cases": 1001}, "cases must be"),
        ({"seed": "1"}, "seed must be an int"),
    ],
)
def test_export_refuses_bad_arguments(
    tmp_path: Path, arguments: dict[str, Any], message: str
) -> None:
    with pytest.raises(ValueError, match=message):
        export_corpus(tmp_path, **arguments)
    assert not any(tmp_path.iterdir())  # refused before any file is written


# --- untrusted folders -----------------------------------------------------------------------


def _folder(tmp_path: Path, name: str, text: str | bytes) -> Path:
    """A corpus folder with one file, ``name``, holding ``text`` (and the counts, empty, when
    ``name`` is a game's file); the manifest counts its lines and gives its digest."""
    data = text.encode() if isinstance(text, str) else text
    games = [] if name == "counts.jsonl" else [name.removesuffix(".jsonl")]
    (tmp_path / name).write_bytes(data)
    for other in required_files(games):
        if other != name:
            (tmp_path / other).write_bytes(b"")
    files = {
        file: {
            "lines": sum(1 for line in (tmp_path / file).read_bytes().splitlines() if line.strip()),
            "sha256": digest(tmp_path / file),
        }
        for file in required_files(games)
    }
    manifest = {
        "format": "morpyam-vectors/1",
        "library": "morpyam 0.0.1",  # another version: the corpus need not hold every scenario
        "games": games,
        "required": required_files(games),
        "files": files,
    }
    (tmp_path / "manifest.json").write_text(json.dumps(manifest), encoding="utf-8")
    return tmp_path


@pytest.mark.parametrize(
    ("text", "reason"),
    [
        ("{", "Expecting property name"),
        ('{"id": 1, "id": 2}', "the member 'id' is given twice"),
        ('{"x": NaN}', "NaN is not a number JSON allows"),
        ("[" * 100_000, "nested too deeply"),
        ('{"x": ' + "9" * 5000 + "}", "digits"),
        (b'{"x": "\xff"}', "not UTF-8 text (byte 0xff)"),
    ],
)
def test_a_line_that_is_not_json_is_reported_with_where_and_the_check_goes_on(
    tmp_path: Path, text: str | bytes, reason: str
) -> None:
    good = (CORPUS / "yahtzee.jsonl").read_bytes().splitlines()[0]
    bad = text.encode() if isinstance(text, str) else text
    folder = _folder(tmp_path, "yahtzee.jsonl", b"\n" + bad + b"\n" + good + b"\n")
    report = check_corpus(folder)
    (mismatch,) = report.mismatches
    assert (mismatch.file, mismatch.line) == ("yahtzee.jsonl", 2)
    assert mismatch.what.startswith("the line is not read: ")
    assert reason in mismatch.what
    assert report.cases == 1  # the good line after it is replayed
    with pytest.raises(CorpusError, match=r"yahtzee\.jsonl, line 2") as caught:
        list(read_lines(folder / "yahtzee.jsonl", "yahtzee.jsonl"))
    assert reason in caught.value.reason


def test_oversized_files_and_lines_are_refused_before_they_are_read(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    folder = _folder(tmp_path, "morpyam.jsonl", "x" * 5000 + "\n")
    monkeypatch.setattr(corpus_module, "MAX_LINE_SIZE", 1000)
    with pytest.raises(CorpusError, match=r"morpyam.jsonl, line 1: longer than 1,000 bytes"):
        check_corpus(folder)
    monkeypatch.setattr(corpus_module, "MAX_FILE_SIZE", 4000)
    with pytest.raises(CorpusError, match=r"morpyam.jsonl: 5,001 bytes; at most 4,000 are read"):
        check_corpus(folder)
    (folder / "manifest.json").write_text("{" + " " * 2000 + "}")
    with pytest.raises(CorpusError, match=r"manifest\.json: bigger than 1,000 bytes"):
        check_corpus(folder)


@pytest.mark.parametrize(
    ("manifest", "where"),
    [
        (None, "manifest.json"),
        ("[]", "manifest.json"),
        ('{"format": "morpyam-vectors/2", "files": {}}', "manifest.json, format"),
        ('{"format": "morpyam-vectors/1", "files": {"../x.jsonl": {}}}', "manifest.json, files"),
        ('{"format": "morpyam-vectors/1"}', "manifest.json, files"),
        (
            '{"format": "morpyam-vectors/1", "files": {"yahtzee.jsonl": {"lines": "2"}}}',
            "manifest.json, files, yahtzee.jsonl",
        ),
        ('{\n  "format": "morpyam-vectors/1",\n  "files": {\n}', "manifest.json, line 4, column 2"),
    ],
)
def test_a_folder_without_a_good_manifest_is_refused(
    tmp_path: Path, manifest: str | None, where: str
) -> None:
    if manifest is not None:
        (tmp_path / "manifest.json").write_text(manifest)
    with pytest.raises(CorpusError) as caught:
        check_corpus(tmp_path)
    assert caught.value.where == where
    with pytest.raises(CorpusError, match="is not a folder"):
        check_corpus(tmp_path / "manifest.json")


def test_a_malformed_case_is_reported_and_the_check_goes_on(tmp_path: Path) -> None:
    good = (CORPUS / "yahtzee.jsonl").read_text(encoding="utf-8").splitlines()[0]
    broken = json.loads(good)
    del broken["legal"]
    cases = [
        json.dumps(broken),
        good,
        "[1, 2]",
        json.dumps({**json.loads(good), "game": "morpyam"}),
        json.dumps({**json.loads(good), "probes": [{"action": "roll"}]}),
        json.dumps({**json.loads(good), "chance": ["1/2"]}),
        json.dumps({**json.loads(good), "legal": ["roll", "dice 1"], "chance": ["1/2", "x"]}),
        json.dumps({**json.loads(good), "state": {"format": "yahtzee-state/1"}}),
    ]
    report = check_corpus(_folder(tmp_path, "yahtzee.jsonl", "\n".join(cases) + "\n"))
    whats = [(m.line, m.what) for m in report.mismatches if not m.what.endswith("id too")]
    assert whats[0] == (1, "the case is malformed: the member 'legal' is missing or not a list")
    assert [line for line, _ in whats] == [1, 3, 4, 5, 6, 7, 7, 8]
    assert "not a JSON object" in whats[1][1]
    assert "not a yahtzee case" in whats[2][1]
    assert "needs either 'refused' (text) or 'after' (an object)" in whats[3][1]
    assert whats[4][1] == "the corpus gives chance outcomes here, the library does not"
    assert whats[5][1] == "not legal in the library, listed in the corpus: `dice 1`"
    assert whats[6][1] == whats[4][1]
    assert whats[7][1].startswith("the library refuses the case's state: ")


def test_path_counts_of_an_untrusted_line_are_bounded(tmp_path: Path) -> None:
    start = next(line for line in read_lines(CORPUS / "counts.jsonl"))[1]
    deep = {**start, "counts": [{"depth": 4, "paths": 1, "weight": "1/1"}]}
    wrong = {**start, "counts": [{"depth": 1, "paths": 9, "weight": "9/1"}]}
    wrong["divide"] = [{**part, "paths": 1, "weight": "1/1"} for part in start["divide"]]
    rummy = json.loads(json.dumps(start))
    rummy.update(game="myrummy", state=_big_rummy_state(), divide=[])
    rummy["counts"] = [{"depth": 1, "paths": 1, "weight": "1/1"}]
    lines = "\n".join(json.dumps(line) for line in (deep, wrong, rummy, [1])) + "\n"
    report = check_corpus(_folder(tmp_path, "counts.jsonl", lines))
    whats = [m.what for m in report.mismatches if not m.what.endswith("id too")]
    assert whats[0] == "the line is malformed: each count has a depth 1 to 3 and paths"
    assert (
        whats[1] == "depth 1: 8 paths of weight 8/1 in the library, 9 of weight 9/1 in the corpus"
    )
    assert whats[2].startswith("the count is stopped: MyRummy paths are counted through ")
    assert whats[2].endswith("this one has 14")
    assert whats[3] == "the line is malformed: not an object"


def test_the_hostile_count_line_is_stopped(tmp_path: Path) -> None:
    # a line of the allowed size whose expansions each list thousands of plays: the position
    # reached after a play has 23 tiles to arrange, and the count stops there
    (hostile,) = [line for _, line in read_lines(HOSTILE / "counts.jsonl")]
    report = check_corpus(HOSTILE)
    assert "the line is malformed" in report.mismatches[-1].what  # as written: no 'divide'
    hostile.update(note="", divide=[])
    report = check_corpus(_folder(tmp_path, "counts.jsonl", json.dumps(hostile) + "\n"))
    (mismatch,) = report.mismatches
    assert mismatch.what.startswith("the count is stopped: ")
    assert "at most 12 tiles to arrange" in mismatch.what
    assert mismatch.what.endswith("this one has 17")  # 8 in the rack, 9 on the table
    # the same line held only by the work budget: stopped by it, whatever the machine
    state = KITS["myrummy"].from_dict(hostile["state"])
    with pytest.MonkeyPatch.context() as patch:  # the bound on tiles lifted, the work kept
        patch.setattr(counts_module, "RUMMY_ARRANGE", 99)
        with pytest.raises(CountLimitError, match="more than 50,000 units of work"):
            divide_paths("myrummy", state, 2, work=50_000)


def _big_rummy_state() -> dict[str, Any]:
    from morpyam import myrummy as mr
    from morpyam.myrummy.notation._state_json import state_to_dict

    state = mr.new_game(mr.Rules.classic(), first_player=0)
    for tile in list(mr.TILES)[:28]:
        state = mr.apply(state, tile)
    return state_to_dict(state)


def test_count_paths_refuses_what_it_cannot_count() -> None:
    with pytest.raises(ValueError, match="game is one of"):
        count_paths("chess", None, 1)
    state = mp.new_game(mp.Rules.classic(), first_player=0)
    for depth in (0, 4, 1.0):
        with pytest.raises(ValueError, match="depth must be an int from 1 to 3"):
            count_paths("morpyam", state, depth)  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="more than 10 positions"):
        count_paths("morpyam", state, 3, limit=10)
    assert [c.paths for c in count_paths("morpyam", state, 2, limit=10)] == [8, 2016]


# --- the command line --------------------------------------------------------------------------


def test_export_and_check_from_the_command_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    folder = tmp_path / "new" / "vectors"
    assert main(["vectors", "export", str(folder), "--game", "yahtzee", "--cases", "1"]) == 0
    out = capsys.readouterr().out
    source = SOURCES["yahtzee"]
    cases = len(list(source.scenarios())) + len(source.groups)  # one position of each group
    assert out == (
        f"Wrote the corpus to {folder}: lines per file: counts.jsonl 4, tables.jsonl 6, "
        f"yahtzee.jsonl {cases}.\n"
    )
    assert main(["vectors", "check", str(folder)]) == 0
    out = capsys.readouterr().out
    assert out.startswith(f"Checked {cases} cases, 4 path counts and 6 tables written by morpyam ")
    assert out.endswith(": no mismatch.\n")


def test_the_command_line_refuses_folders_it_cannot_use(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    file = tmp_path / "file.txt"
    file.write_text("x")
    assert main(["vectors", "export", str(file)]) == 2
    assert (
        unfitted(capsys.readouterr().err)
        == f"morpyam vectors export: error: {file}: exists and is not a folder\n"
    )
    assert main(["vectors", "check", str(tmp_path)]) == 2
    err = unfitted(capsys.readouterr().err)
    assert err.startswith(f"morpyam vectors check: error: {tmp_path / 'manifest.json'}: ")
    with pytest.raises(SystemExit) as caught:
        main(["vectors", "export", str(tmp_path), "--cases", "-2"])
    assert caught.value.code == 2
    assert "--cases: must be 0 to 1000, got -2" in unfitted(capsys.readouterr().err)


# --- a count line's divide edited ------------------------------------------------------------


def _count_line(count_id: str) -> dict[str, Any]:
    lines: list[dict[str, Any]] = [line for _, line in read_lines(CORPUS / "counts.jsonl")]
    (line,) = [line for line in lines if line["id"] == count_id]
    return line


def _part(line: dict[str, Any], action: str) -> dict[str, Any]:
    parts: list[dict[str, Any]] = line["divide"]
    (part,) = [part for part in parts if part["action"] == action]
    return part


FOUR_ONES = "morpyam/classic-four-ones"
LAID_OUT = "myrummy/classic-laid-out"
LAID_OUT_PLAY = "play [gn4 gn5 gn6 gn7] {bk9 gn9 gy9}"
DIVIDE_EDITS: list[tuple[str, Any, str]] = [
    (  # one figure: the paths below a roll keeping the four ones (6 outcomes of one die)
        FOUR_ONES,
        lambda line: _part(line, "roll keep 1 1 1 1").update(paths=7),
        "depth 2 after `roll keep 1 1 1 1`: 6 paths of weight 1/1 in the library, 7 of weight "
        "1/1 in the corpus",
    ),
    (  # one weight: a placement ends the turn, the next one has 8 openings, each certain
        FOUR_ONES,
        lambda line: _part(line, "place a1").update(weight="7/1"),
        "depth 2 after `place a1`: 8 paths of weight 8/1 in the library, 8 of weight 7/1 in the "
        "corpus",
    ),
    (  # a play's subtree: player 1 draws, then any of the 53 kinds of tile
        LAID_OUT,
        lambda line: _part(line, LAID_OUT_PLAY).update(paths=52),
        f"depth 3 after `{LAID_OUT_PLAY}`: 53 paths of weight 1/1 in the library, 52 of weight "
        "1/1 in the corpus",
    ),
    (
        FOUR_ONES,
        lambda line: line["divide"].remove(_part(line, "place a1")),
        "divide: first actions the corpus leaves out: `place a1`",
    ),
    (  # R-CELL-3: the CALL cell d3 takes no figure shown
        FOUR_ONES,
        lambda line: line["divide"].append({"action": "place d3", "paths": 8, "weight": "8/1"}),
        "divide: not a first action in the library: `place d3`",
    ),
    (  # R-RUM-TURN-1: gn8 is not on the rack
        LAID_OUT,
        lambda line: line["divide"].append(
            {"action": "play [gn4 gn5 gn6 gn7 gn8] {bk9 gn9 gy9}", "paths": 53, "weight": "1/1"}
        ),
        "divide: not a first action in the library: `play [gn4 gn5 gn6 gn7 gn8] {bk9 gn9 gy9}`",
    ),
    (
        LAID_OUT,
        lambda line: _swap_first_two(line["divide"]),
        "divide: the first actions are in another order in the library",
    ),
]


@pytest.mark.parametrize(
    ("count_id", "edit", "what"),
    DIVIDE_EDITS,
    ids=["paths", "weight", "play-paths", "removed", "added", "added-play", "order"],
)
def test_a_divide_edited_is_reported_with_its_first_action(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], count_id: str, edit: Any, what: str
) -> None:
    line = _count_line(count_id)
    assert sum(part["paths"] for part in line["divide"]) == line["counts"][-1]["paths"]
    edit(line)
    folder = _folder(tmp_path, "counts.jsonl", json.dumps(line) + "\n")
    (mismatch,) = check_corpus(folder).mismatches
    assert (mismatch.case, mismatch.line) == (count_id, 1)
    assert mismatch.what == what
    assert main(["vectors", "check", str(folder)]) == 1
    assert f"counts.jsonl:1: {count_id}: {what}" in capsys.readouterr().out
