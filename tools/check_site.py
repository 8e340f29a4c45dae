"""Fail on stray backticks in the built documentation site: Markdown or a docstring that did not render.

A backtick left in a page's text (outside code) is a code span that did not
close, such as ``new_game```(rules)`` in a docstring, which the API reference
shows garbled. ``nox -s docs`` runs this after ``mkdocs build``::

    python tools/check_site.py site

It prints each page and the text around each stray backtick, and exits with
status 1 when there is one.
"""

from __future__ import annotations

import sys
from html.parser import HTMLParser
from pathlib import Path

__all__ = ["stray_backticks"]

_SKIPPED = {"code", "pre", "script", "style", "kbd", "samp", "textarea"}


class _Text(HTMLParser):
    """The text of a page outside code, scripts and styles, with where each piece starts."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.depth = 0
        self.pieces: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag in _SKIPPED:
            self.depth += 1

    def handle_endtag(self, tag: str) -> None:
        if tag in _SKIPPED and self.depth:
            self.depth -= 1

    def handle_data(self, data: str) -> None:
        if not self.depth:
            self.pieces.append(data)


def stray_backticks(html: str) -> list[str]:
    """The text around each backtick of ``html`` that lies outside code: empty when none."""
    parser = _Text()
    parser.feed(html)
    parser.close()
    text = " ".join(" ".join(parser.pieces).split())
    found = []
    start = 0
    while (at := text.find("`", start)) >= 0:
        found.append(text[max(at - 40, 0) : at + 40])
        start = at + 1
    return found


def main(site: str) -> int:
    bad = 0
    for page in sorted(Path(site).rglob("*.html")):
        for context in stray_backticks(page.read_text(encoding="utf-8")):
            print(f"{page}: a stray backtick: ...{context}...")
            bad += 1
    if bad:
        print(f"{bad} stray backtick{'' if bad == 1 else 's'}: a code span that did not render")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1] if len(sys.argv) > 1 else "site"))
