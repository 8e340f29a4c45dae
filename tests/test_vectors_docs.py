"""The pages about the test vectors say what the library does: checking.md's figures are the
export's, and state-json.md describes every member of each game's state JSON."""

from __future__ import annotations

import random
import re
from pathlib import Path

from morpyam.vectors import read_lines
from morpyam.vectors._corpus import DEFAULT_CASES, SOURCES, game_file
from morpyam.vectors._counts import COUNT_POSITIONS
from morpyam.vectors._kits import GAMES
from morpyam.vectors._tables import TABLES

DOCS = Path(__file__).parent.parent / "docs"
CORPUS = Path(__file__).parent / "data" / "vectors"


def _default_lines() -> dict[str, int]:
    """The lines of each file `morpyam vectors export` writes with the default arguments,
    counted from the sources (scenarios, and positions drawn as the export draws them)."""
    lines = {}
    for game in GAMES:
        source = SOURCES[game]
        drawn = sum(
            sum(
                1
                for _ in source.positions(
                    preset, players, random.Random(f"0/{game}/{preset}-{players}p"), DEFAULT_CASES
                )
            )
            for preset, players in source.groups
        )
        lines[game_file(game)] = len(list(source.scenarios())) + drawn
    lines["counts.jsonl"] = sum(len(positions) for positions in COUNT_POSITIONS.values())
    lines["tables.jsonl"] = sum(len(tables) for tables in TABLES.values())
    return lines


def test_checking_md_gives_the_export_s_figures() -> None:
    page = (DOCS / "checking.md").read_text(encoding="utf-8")
    lines = _default_lines()
    files = ", ".join(f"{name} {count}" for name, count in sorted(lines.items()))
    assert f"Wrote the corpus to vectors/: lines per file: {files}.\n" in page
    cases = sum(count for name, count in lines.items() if name.startswith(GAMES))
    assert (
        f"Checked {cases} cases, {lines['counts.jsonl']} path counts and "
        f"{lines['tables.jsonl']} tables written by morpyam " in page
    )


def _counts(line_id: str) -> list[int]:
    (line,) = [line for _, line in read_lines(CORPUS / "counts.jsonl") if line["id"] == line_id]
    return [count["paths"] for count in line["counts"]]


def test_checking_md_gives_the_counts_of_the_corpus() -> None:
    page = " ".join((DOCS / "checking.md").read_text(encoding="utf-8").split())
    turn = _counts("morpyam/classic-turn-start")
    assert f"{turn[0]} actions (a roll with no call, or with one of the 7 callable labels)" in page
    assert (
        f"then {turn[1]} sequences of two (each roll has 252 outcomes), then {turn[2]:,} of three"
        in page
    )
    laid = _counts("myrummy/classic-laid-out")
    assert (
        f"has {laid[0]} actions (the draw and {laid[0] - 1} plays), then {laid[1]} sequences of two and {laid[2]} of three"
        in page
    )


def _section(page: str, title: str) -> str:
    start = page.index(f"## {title}")
    end = page.find("\n## ", start + 1)
    return page[start : end if end > 0 else None]


def test_state_json_md_describes_every_member() -> None:
    page = (DOCS / "state-json.md").read_text(encoding="utf-8")
    titles = {"morpyam": "Morpyam", "yahtzee": "The score sheet", "myrummy": "MyRummy"}
    for game in GAMES:
        written: set[str] = set()
        for _, case in read_lines(CORPUS / game_file(game)):
            written |= set(case["state"])
        described = set(
            re.findall(r"^\| `([a-z_]+)` \|", _section(page, titles[game]), re.MULTILINE)
        )
        assert described == written, game
