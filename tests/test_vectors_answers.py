"""Another implementation's answers checked against the committed corpus: each disagreement is
reported with its case, its rule IDs and the rule's text."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from fitted import unfitted

from morpyam.cli import main
from morpyam.vectors import check_answers, read_lines

CORPUS = Path(__file__).parent / "data" / "vectors"
STRAIGHT = "morpyam/classic-2p/straight-on-the-first-roll"
AIR = "morpyam/classic-2p/first-roll-in-the-air"


def _corpus_line(name: str, line_id: str) -> dict[str, Any]:
    found: list[dict[str, Any]] = [
        line for _, line in read_lines(CORPUS / name) if line["id"] == line_id
    ]
    return found[0]


def _answers(tmp_path: Path, *answers: Any) -> Path:
    path = tmp_path / "answers.jsonl"
    path.write_text("".join(json.dumps(a) + "\n" for a in answers), encoding="utf-8")
    return path


def _honest_case(case: dict[str, Any]) -> dict[str, Any]:
    """What an implementation that agrees with the corpus answers for a case."""
    probes: dict[str, Any] = {}
    for probe in case["probes"]:
        if "refused" in probe:
            probes[probe["action"]] = {"refused": probe["refused"]}
        else:
            probes[probe["action"]] = {"after": {**case["state"], **probe["after"]}}
    return {
        "id": case["id"],
        "legal": sorted(case["legal"]),  # a set: any order
        "chance": dict(zip(case["legal"], case["chance"])),
        "probes": probes,
        "scores": case["scores"],
        "winners": case["winners"],
        "node": case["node"],
        "current_player": case["current_player"],
    }


def test_answers_that_agree_are_clean(tmp_path: Path) -> None:
    cases = [case for _, case in read_lines(CORPUS / "morpyam.jsonl")][:12]
    counts = [line for _, line in read_lines(CORPUS / "counts.jsonl")]
    tables = [line for _, line in read_lines(CORPUS / "tables.jsonl")]
    answers = [
        *map(_honest_case, cases),
        *({"id": c["id"], "counts": c["counts"], "divide": c["divide"]} for c in counts),
        *({"id": t["id"], "rows": t["rows"][::-1]} for t in tables),  # rows in any order
    ]
    report = check_answers(CORPUS, _answers(tmp_path, *answers))
    assert report.mismatches == ()
    assert (report.cases, report.counts, report.tables) == (12, len(counts), len(tables))


def test_each_disagreement_names_the_case_and_the_rule(tmp_path: Path) -> None:
    straight = _honest_case(_corpus_line("morpyam.jsonl", STRAIGHT))
    straight["legal"].remove("place c3")
    straight["legal"].append("place f6")
    straight["probes"]["place d3"] = {"refused": "R-CELL-1"}  # R-CELL-3 in the rule book
    straight["probes"]["place c3"]["after"]["player"] = 0
    straight["scores"] = [1, 0]
    air = {"id": AIR, "chance": {"dice 1 1 1 1 1": "1/7000"}}
    report = check_answers(CORPUS, _answers(tmp_path, straight, air))
    whats = [(m.line, m.case, m.what, m.rule) for m in report.mismatches]
    assert whats == [
        (1, STRAIGHT, "legal in the corpus, not in the answers: `place c3`", None),
        (1, STRAIGHT, "legal in the answers, not in the corpus: `place f6`", None),
        (1, STRAIGHT, "scores: [0, 0] in the corpus, [1, 0] in the answers", None),
        (1, STRAIGHT, "after `place c3`: player: 1 in the corpus, 0 in the answers", None),
        (
            1,
            STRAIGHT,
            '`place d3` is refused with R-CELL-3 in the corpus, with "R-CELL-1" in the answers',
            "R-CELL-3",
        ),
        (
            2,
            AIR,
            "`dice 1 1 1 1 1` has probability 1/7776 in the corpus, 1/7000 in the answers",
            None,
        ),
    ]
    assert "R-CELL-2" in report.mismatches[0].rule_ids  # the case's rules, for the reader


def test_a_refusal_without_a_rule_and_a_legal_action_refused(tmp_path: Path) -> None:
    straight = {
        "id": STRAIGHT,
        "probes": {"place d3": {"refused": True}, "place c3": {"refused": True}},
    }
    (mismatch,) = check_answers(CORPUS, _answers(tmp_path, straight)).mismatches
    assert mismatch.what == "`place c3` is legal in the corpus, refused in the answers"


def test_counts_and_divide_disagreements(tmp_path: Path) -> None:
    answer = {
        "id": "morpyam/classic-turn-start",
        "counts": [{"depth": 1, "paths": 8}, {"depth": 3, "paths": 225_781}],
        "divide": [{"action": "roll", "paths": 28_000}],
    }
    whats = [m.what for m in check_answers(CORPUS, _answers(tmp_path, answer)).mismatches]
    # counted by hand in test_vectors_counts: 8, 2016, 225,780; the no-call roll's subtree
    assert whats[0] == "depth 3: paths 225780 in the corpus, 225781 in the answers"
    assert whats[1].startswith("after `roll`: paths ")
    assert whats[1].endswith(" in the corpus, 28000 in the answers")


def test_table_disagreements_name_the_roll_and_the_rule(tmp_path: Path) -> None:
    figures = {
        "id": "morpyam/figures/classic",
        "rows": [["2 3 4 5 6", ["small-straight"], False]],  # no straight: R-FIG-3
    }
    judge = {
        "id": "myrummy/judge/classic",
        "rows": [["gn9 gn10 J bk1", "", False, "play [J gn9 gn10]", None]],  # 27 points
    }
    report = check_answers(CORPUS, _answers(tmp_path, figures, judge))
    first, second = report.mismatches
    assert first.what.startswith("`2 3 4 5 6`: figures ")
    assert first.rule == "R-FIG-3"
    assert second.what == (
        "`play [J gn9 gn10]` on the rack gn9 gn10 J bk1 and the table (empty): refused with "
        "R-RUM-OPEN-1 in the corpus, legal in the answers"
    )
    assert second.rule == "R-RUM-OPEN-1"


@pytest.mark.parametrize(
    ("line", "what"),
    [
        ({"id": "chess/e4"}, "no such id in the corpus"),
        ([1], "an answer is an object with an 'id'"),
        ({"id": STRAIGHT, "legal": "place c3"}, "the answer is malformed: 'legal' is a list"),
        ({"id": STRAIGHT, "probes": {"place c3": {}}}, "has 'refused' or 'after'"),
        ({"id": "morpyam/figures/classic", "rows": 3}, "'rows' is a list of rows"),
        ({"id": AIR, "chance": {"dice 1 1 1 1 1": "2/15552"}}, "not in lowest terms"),
    ],
)
def test_malformed_answers_are_reported(tmp_path: Path, line: Any, what: str) -> None:
    (mismatch,) = check_answers(CORPUS, _answers(tmp_path, line)).mismatches
    assert what in mismatch.what


def test_an_id_answered_twice_and_a_line_not_json(tmp_path: Path) -> None:
    path = _answers(tmp_path, {"id": STRAIGHT}, {"id": STRAIGHT})
    path.write_text(path.read_text() + "{\n", encoding="utf-8")
    shown = [str(m) for m in check_answers(CORPUS, path).mismatches]
    assert shown[0] == f"answers.jsonl:2: {STRAIGHT}: line 1 answers it too"
    assert shown[1].startswith("answers.jsonl:3: ?: the line is not read: ")


def test_the_command_line_quotes_the_rule(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    answer = {
        "id": "yahtzee/boxes/hasbro-empty",
        "rows": [["1 2 3 4 6", 1, 2, 3, 4, 0, 6, 0, 0, 0, 0, 0, 0, 16]],  # Y-BOX-5
    }
    path = _answers(tmp_path, answer)
    assert main(["vectors", "check", str(CORPUS), "--answers", str(path)]) == 1
    out = capsys.readouterr().out.splitlines()
    assert out == [
        "answers.jsonl:1: yahtzee/boxes/hasbro-empty: `1 2 3 4 6`: small-straight 30 in the "
        "corpus, 0 in the answers",
        "    Y-BOX-5: Small straight scores 30 for four faces in a row (3-4-5-6-3); large "
        "straight 40 for five (1-2-3-4-5 or 2-3-4-5-6).",
        f"Checked the answers of {path} to 0 cases, 0 path counts and 1 tables against the "
        "corpus written by morpyam 0.1.0: 1 disagreement.",
    ]
    path.write_text(json.dumps({**answer, "rows": answer["rows"][:0]}) + "\n")
    assert main(["vectors", "check", str(CORPUS), "--answers", str(path)]) == 0
    assert capsys.readouterr().out.endswith(": no disagreement.\n")
    assert main(["vectors", "check", str(CORPUS), "--answers", str(tmp_path / "none")]) == 2
    assert "none: " in unfitted(capsys.readouterr().err)


# --- the bugs an implementer makes, each caught with the roll or the case ---------------------


def _figures_with(bug: str) -> Any:
    """The rule book's figures (tests/test_vectors_tables.py), with one plausible bug."""
    from test_vectors_tables import figures

    def wrong(dice: tuple[int, ...]) -> set[str]:
        shown = figures(dice)
        faces = set(dice)
        if bug == "small straight of five" and "straight" not in shown:
            shown.discard("small-straight")
        if bug == "no 3-4-5-6" and not ({1, 2, 3, 4} <= faces or {2, 3, 4, 5} <= faces):
            shown.discard("small-straight")
        if bug == "no 2-3-4-5-6" and sorted(dice) == [2, 3, 4, 5, 6]:
            shown.discard("straight")
        if bug == "no Brelan of fours":
            shown.discard("three-fours")
        return shown

    return wrong


SEC = {"straight", "full-house", "four-of-a-kind", "mini", "maxi", "morpyam"}


@pytest.mark.parametrize(
    ("bug", "roll"),
    [
        ("small straight of five", "1 1 2 3 4"),
        ("no 3-4-5-6", "1 3 4 5 6"),
        ("no 2-3-4-5-6", "2 3 4 5 6"),
        ("no Brelan of fours", "1 1 4 4 4"),
    ],
)
def test_a_figure_bug_fails_the_corpus_on_its_roll(tmp_path: Path, bug: str, roll: str) -> None:
    table = _corpus_line("tables.jsonl", "morpyam/figures/classic")
    wrong = _figures_with(bug)
    rows = []
    for row in table["rows"]:
        shown = wrong(tuple(int(face) for face in row[0].split()))
        rows.append([row[0], sorted(shown), bool(shown & SEC)])
    report = check_answers(CORPUS, _answers(tmp_path, {"id": table["id"], "rows": rows}))
    rolls = [m.what.split("`")[1] for m in report.mismatches]
    assert rolls[0] == roll  # the first roll, in the table's order, that the bug gets wrong
    assert all(m.case == "morpyam/figures/classic" for m in report.mismatches)


def test_a_run_of_four_scored_as_two_runs_of_three_fails_the_corpus(tmp_path: Path) -> None:
    # R-LINE-2: three players, a run of four is worth 3; two runs of three would make 2
    case_id = "morpyam/classic-3p/run-of-four"
    (mismatch,) = check_answers(
        CORPUS, _answers(tmp_path, {"id": case_id, "scores": [2, 0, 0]})
    ).mismatches
    assert mismatch.case == case_id
    assert mismatch.what == "scores: [3, 0, 0] in the corpus, [2, 0, 0] in the answers"
    assert "R-LINE-2" in mismatch.rule_ids
