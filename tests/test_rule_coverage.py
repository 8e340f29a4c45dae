"""Every rule of RULES.md sections 1 to 8 is named by a test that checks it."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

TESTS = Path(__file__).parent
RULE_BOOK = TESTS.parent.parent / "shared" / "RULES.md"

# The IDs of RULES.md sections 1 to 8 (R-END-5 says what is not modelled).
CORE_RULES = [
    *(f"R-SET-{n}" for n in range(1, 5)),
    *(f"R-FIG-{n}" for n in range(1, 10)),
    *(f"R-TURN-{n}" for n in range(1, 6)),
    *(f"R-CELL-{n}" for n in range(1, 4)),
    *(f"R-CALL-{n}" for n in range(1, 9)),
    *(f"R-MOR-{n}" for n in range(1, 4)),
    "R-LINE-1",
    "R-LINE-2",
    *(f"R-END-{n}" for n in range(1, 5)),
    "R-GRID-1",
    "R-GRID-2",
    "R-VAR-FLASH",
    "R-VAR-PLUS",
    "R-VAR-2025",
]


def test_the_list_matches_the_rule_book() -> None:
    if not RULE_BOOK.exists():
        pytest.skip("shared/RULES.md is not beside this checkout")
    text = RULE_BOOK.read_text(encoding="utf-8")
    rules = text[: text.index("## 9.")]
    listed = set(re.findall(r"^- (R-[A-Z]+-[0-9A-Z]+)", rules, flags=re.MULTILINE))
    assert listed - {"R-END-5"} == set(CORE_RULES)


@pytest.mark.parametrize("rule", CORE_RULES)
def test_rule_is_named_in_a_test_comment(rule: str) -> None:
    pattern = re.compile(rf"#.*\b{re.escape(rule)}(?![-\w])")
    named = [
        path.name
        for path in TESTS.glob("test_*.py")
        if path.name != Path(__file__).name and pattern.search(path.read_text(encoding="utf-8"))
    ]
    assert named, f"no test names {rule} in a comment"
