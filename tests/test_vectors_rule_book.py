"""The rule book the package ships for the test vectors is the documentation's, word for word.

``morpyam.vectors._rule_book`` holds the text of every rule ID of
docs/rules.md, so that a disagreement found by ``morpyam vectors check``
can quote the rule. When the rule book changes, write the module again::

    python tests/test_vectors_rule_book.py && ruff format morpyam/vectors/_rule_book.py
"""

from __future__ import annotations

import re
from pathlib import Path

from test_rule_coverage import checked_rules

from morpyam.vectors._rule_book import RULE_TEXTS, rule_text

BOOK = Path(__file__).parent.parent / "docs" / "rules.md"
MODULE = Path(__file__).parent.parent / "morpyam" / "vectors" / "rule_book.py"
_RULE = re.compile(r"^- \*\*([RY]-[A-Z0-9]+(?:-[A-Z0-9]+)+)\*\*:?(.*(?:\n  .*)*)", re.MULTILINE)


def book_texts() -> dict[str, str]:
    """Every rule of docs/rules.md with its text on one line, in book order."""
    text = BOOK.read_text(encoding="utf-8")
    return {
        match[1]: " ".join(line.strip() for line in match[2].splitlines()).strip()
        for match in _RULE.finditer(text)
    }


def render() -> str:
    """The module ``morpyam/vectors/_rule_book.py`` as it should be."""
    entries = "".join(f"    {rule!r}: {text!r},\n" for rule, text in book_texts().items())
    return (
        '"""The rule book\'s text of every rule ID, as shipped with the package for the test vectors.\n'
        "\n"
        "Written from docs/rules.md by ``python tests/test_vectors_rule_book.py``; a\n"
        "test keeps the two in step. A check of another implementation's answers\n"
        "quotes the rule it names from here.\n"
        '"""\n'
        "\n"
        "from collections.abc import Mapping\n"
        "\n"
        '__all__ = ["RULE_TEXTS", "rule_text"]\n'
        "\n"
        "RULE_TEXTS: Mapping[str, str] = {\n"
        f"{entries}"
        "}\n"
        '"""Each rule ID of the rule book, in book order, with its text (Markdown, on one line)."""\n'
        "\n"
        "\n"
        "def rule_text(rule: str) -> str:\n"
        '    """The text of ``rule``, or a sentence saying the rule book has no such ID.\n'
        "\n"
        "    Examples:\n"
        '        >>> rule_text("R-FIG-3")\n'
        "        '`STRAIGHT`: the dice are exactly 1-2-3-4-5 or 2-3-4-5-6.'\n"
        '        >>> rule_text("R-FIG-99")\n'
        "        'R-FIG-99 is no rule ID of the rule book'\n"
        '    """\n'
        '    return RULE_TEXTS.get(rule, f"{rule} is no rule ID of the rule book")\n'
    )


def test_the_shipped_rule_book_is_the_documentation_s() -> None:
    assert dict(RULE_TEXTS) == book_texts(), "run: python tests/test_vectors_rule_book.py"
    assert list(RULE_TEXTS) == list(book_texts())


def test_every_checked_rule_has_its_text() -> None:
    assert set(checked_rules()) <= set(RULE_TEXTS)
    # by hand, from the rule book
    assert rule_text("R-FIG-3") == "`STRAIGHT`: the dice are exactly 1-2-3-4-5 or 2-3-4-5-6."
    assert rule_text("R-FIG-6") == "`MINI`: the sum of the dice is at most 8."


if __name__ == "__main__":
    MODULE.write_text(render(), encoding="utf-8")
    print(f"wrote {MODULE}")
