"""Another implementation's answers checked against the committed corpus: each disagreement is
reported with its case, its rule IDs and the rule's text."""

from __future__ import annotations

import json
import re
from fractions import Fraction
from pathlib import Path
from typing import Any

import pytest
from fitted import unfitted

from morpyam.cli import main
from morpyam.vectors import check_answers, read_lines

CORPUS = Path(__file__).parent / "data" / "vectors"
STRAIGHT = "morpyam/classic-2p/straight-on-the-first-roll"
AIR = "morpyam/classic-2p/first-roll-in-the-air"
OPENING = "myrummy/classic-opening"


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


def _reworded(text: str) -> str:
    """The same action written otherwise: a MyRummy play's melds, and a group's colours, in
    reverse order; the dice rolled or kept reversed. The notation reads both alike."""
    if text.startswith("play "):
        melds = re.findall(r"\[[^]]*\]|\{[^}]*\}", text)
        melds = ["{" + " ".join(m[1:-1].split()[::-1]) + "}" if m[0] == "{" else m for m in melds]
        return "play " + " ".join(melds[::-1])
    words = text.split()
    dice = [i for i, word in enumerate(words) if word.isdigit()]
    if words[0] in ("dice", "roll") and "resign" not in words:
        for i, j in zip(dice, dice[::-1]):
            words[i] = text.split()[j]
    return " ".join(words)


def _whole_weight(text: str) -> str:
    """``"28/1"`` as ``"28"``, ``"1/6"`` as ``"2/12"``: the same fraction, written otherwise."""
    value = Fraction(text)
    return (
        str(value.numerator)
        if value.denominator == 1
        else f"{2 * value.numerator}/{2 * value.denominator}"
    )


@pytest.mark.slow  # every action of the committed corpus reworded and checked
def test_actions_are_compared_by_meaning_and_weights_as_fractions(tmp_path: Path) -> None:
    # the notation reads a meld's tiles and a play's melds in any order (R-RUM-TURN-1), and
    # the dice kept or rolled as a multiset; "1", "1/1" and "2/2" are one weight
    assert _reworded("play [gn4 gn5 gn6 gn7] {pu9 bk9 gn9 gy9}") == (
        "play {gy9 gn9 bk9 pu9} [gn4 gn5 gn6 gn7]"
    )
    assert _reworded("roll keep 1 6 call mini") == "roll keep 6 1 call mini"
    counts = [line for _, line in read_lines(CORPUS / "counts.jsonl")]
    tables = [line for _, line in read_lines(CORPUS / "tables.jsonl")]
    cases = [
        case for name in ("morpyam.jsonl", "myrummy.jsonl") for _, case in read_lines(CORPUS / name)
    ]
    answers: list[dict[str, Any]] = []
    reworded = 0
    for line in counts:
        divide = [
            {**row, "action": _reworded(row["action"]), "weight": _whole_weight(row["weight"])}
            for row in line["divide"]
        ]
        reworded += sum(a["action"] != b["action"] for a, b in zip(divide, line["divide"]))
        counts_ = [{**row, "weight": _whole_weight(row["weight"])} for row in line["counts"]]
        answers.append({"id": line["id"], "counts": counts_, "divide": divide[::-1]})
    for case in cases:
        honest = _honest_case(case)
        honest["legal"] = [_reworded(action) for action in case["legal"]]
        honest["chance"] = {
            _reworded(outcome): _whole_weight(p) for outcome, p in honest["chance"].items()
        }
        honest["probes"] = {_reworded(a): result for a, result in honest["probes"].items()}
        if case.get("plays") is not None:
            honest["plays"] = [_reworded(play) for play in case["plays"]]
        if case.get("best") is not None:
            best = case["best"]
            honest["best"] = {**best, "play": best["play"] and _reworded(best["play"])}
        reworded += sum(_reworded(a) != a for a in [*case["legal"], *(case.get("plays") or [])])
        answers.append(honest)
    for table in tables:
        rows = table["rows"]
        if table["kind"] == "judge":
            rows = [
                [
                    " ".join(r[0].split()[::-1]),
                    r[1] and _reworded(f"play {r[1]}")[5:],
                    r[2],
                    _reworded(r[3]),
                    *r[4:],
                ]
                for r in rows
            ]
        answers.append({"id": table["id"], "rows": rows})
    assert reworded > 100
    report = check_answers(CORPUS, _answers(tmp_path, *answers))
    assert [str(m) for m in report.mismatches] == []
    assert (report.cases, report.counts) == (len(cases), len(counts))


def test_a_group_s_colours_in_another_order_are_the_same_play(tmp_path: Path) -> None:
    # R-RUM-MELD-1: a group is a set of colours; the corpus writes {pu9 bk9 gn9 gy9}
    case = _corpus_line("myrummy.jsonl", "myrummy/classic-2p/joker-in-a-group")
    play = "play [bk11 bk12 J] {pu9 bk9 gn9 gy9}"
    assert play in case["plays"]
    answer: dict[str, Any] = {
        "id": case["id"],
        "plays": [p.replace("{pu9 bk9 gn9 gy9}", "{bk9 gn9 gy9 pu9}") for p in case["plays"]],
        "best": {"tiles": 4, "points": 41, "play": "play {bk9 gn9 gy9 pu9} [bk11 bk12 J]"},
    }
    assert check_answers(CORPUS, _answers(tmp_path, answer)).mismatches == ()
    answer["plays"] = answer["plays"][1:]
    answer["best"] = {"tiles": 4, "points": 40, "play": "play [bk11 bk12 J]"}
    whats = [m.what for m in check_answers(CORPUS, _answers(tmp_path, answer)).mismatches]
    assert whats == [
        f"a play in the corpus, not in the answers: `{case['plays'][0]}`",
        "best points: 41 in the corpus, 40 in the answers",
        "best play `play [bk11 bk12 J]` is no legal play of the corpus",
    ]


def test_a_divide_lacking_a_first_action_is_reported(tmp_path: Path) -> None:
    line = _corpus_line("counts.jsonl", OPENING)
    draw = line["divide"][0]
    assert draw["action"] == "draw"
    answer = {"id": OPENING, "divide": [draw, {"action": "pass", "paths": 1}]}
    whats = [m.what for m in check_answers(CORPUS, _answers(tmp_path, answer)).mismatches]
    others = [row["action"] for row in line["divide"][1:]]  # in the corpus's order
    assert whats == [
        "after `pass`: not in the corpus",
        f"a first action in the corpus, not in the answers: `{others[0]}`, `{others[1]}`, "
        f"`{others[2]}`, `{others[3]}`, `{others[4]}` and {len(others) - 5} more",
    ]


def test_a_weight_differs_by_its_value_not_its_writing(tmp_path: Path) -> None:
    # the opening's divide: drawing is one path of weight 1 (R-RUM-TURN-1)
    answer: dict[str, Any] = {"id": OPENING}
    answer["counts"] = [{"depth": 1, "paths": 28, "weight": "28"}]
    answer["divide"] = [
        {"action": row["action"], "weight": "1" if row["weight"] == "1/1" else row["weight"]}
        for row in _corpus_line("counts.jsonl", OPENING)["divide"]
    ]
    assert check_answers(CORPUS, _answers(tmp_path, answer)).mismatches == ()
    answer["divide"][0]["weight"] = "1/2"
    (mismatch,) = check_answers(CORPUS, _answers(tmp_path, answer)).mismatches
    assert mismatch.what == 'after `draw`: weight 1/1 in the corpus, "1/2" in the answers'


def test_each_disagreement_names_the_case_and_the_rule(tmp_path: Path) -> None:
    straight = _honest_case(_corpus_line("morpyam.jsonl", STRAIGHT))
    straight["legal"].remove("place c3")
    straight["legal"].append("place f6")
    straight["probes"]["place d3"] = {"refused": "R-CELL-1"}  # R-CELL-3 in the rule book
    straight["probes"]["place c3"]["after"]["player"] = 0
    straight["scores"] = [1, 0]
    air = _honest_case(_corpus_line("morpyam.jsonl", AIR))
    air = {"id": AIR, "chance": {**air["chance"], "dice 1 1 1 1 1": "1/7000"}}
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
        ({"id": AIR, "chance": {"dice 1 1 1 1 1": "1/0"}}, 'is not a fraction such as "1/6"'),
        ({"id": OPENING, "divide": [{"action": ["draw"]}]}, "each with its 'action'"),
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
        "corpus written by morpyam 1.0.0: 1 disagreement.",
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
