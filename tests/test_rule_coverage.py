"""Every rule of the rule book (docs/rules.md) whose game the library has is named by a test."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

TESTS = Path(__file__).parent
RULE_BOOK = TESTS.parent / "docs" / "rules.md"

# The sections of the rule book whose game exists, with the prefix of their IDs:
# Morpyam (1 to 8), the score sheet of morpyam.yahtzee (9) and MyRummy (10).
CHECKED_SECTIONS = {
    "1": "R-SET-",
    "2": "R-FIG-",
    "3": "R-TURN-",
    "4": "R-CELL-",
    "5": "R-CALL-",
    "6": "R-MOR-",
    "7": "R-",
    "8": "R-",
    "9": "Y-",
    "10": "R-RUM-",
}

_SECTION = re.compile(r"^## (\d+)\. ", flags=re.MULTILINE)
_RULE = re.compile(r"^- \*\*([RY]-[A-Z0-9]+(?:-[A-Z0-9]+)+)\*\*", flags=re.MULTILINE)


def sections(text: str) -> dict[str, str]:
    """The numbered sections of the rule book (``## 7. …``), by number, each up to the next ``## ``."""
    found: dict[str, str] = {}
    for match in _SECTION.finditer(text):
        rest = text[match.end() :]
        end = rest.find("\n## ")
        found[match[1]] = rest if end < 0 else rest[:end]
    return found


def checked_rules() -> list[str]:
    """The IDs the rule book lists in the checked sections, in book order."""
    book = sections(RULE_BOOK.read_text(encoding="utf-8"))
    return [rule for number in CHECKED_SECTIONS for rule in _RULE.findall(book.get(number, ""))]


def test_every_checked_section_lists_its_rules() -> None:
    book = sections(RULE_BOOK.read_text(encoding="utf-8"))
    for number, prefix in CHECKED_SECTIONS.items():
        rules = _RULE.findall(book.get(number, ""))
        assert rules, f"section {number} of the rule book lists no rule"
        assert all(rule.startswith(prefix) for rule in rules), (number, rules)
    rules = checked_rules()
    assert len(rules) == len(set(rules)), "a rule ID is listed twice"
    # the rule book as the engine knows it: a few IDs by hand, from every checked section
    for rule in ("R-SET-4", "R-FIG-9", "R-CALL-8", "R-MOR-3", "R-END-5", "R-VAR-2025", "Y-END-1"):
        assert rule in rules


@pytest.mark.parametrize("rule", checked_rules())
def test_rule_is_named_in_a_test_comment(rule: str) -> None:
    pattern = re.compile(rf"#.*\b{re.escape(rule)}(?![-\w])")
    named = [
        path.name
        for path in TESTS.glob("test_*.py")
        if path.name != Path(__file__).name and pattern.search(path.read_text(encoding="utf-8"))
    ]
    assert named, f"no test names {rule} in a comment"
