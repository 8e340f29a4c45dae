"""The sibling games import what they share by public names: no underscore name from outside.

A module of ``morpyam/yahtzee/`` or ``morpyam/myrummy/`` may import a private
name of its own package, never one of Morpyam's modules, of the kit or of the
other game (the kit, ``morpyam.kit`` and ``morpyam.errors``, exports what they
share). The one-way direction of imports is ``lint-imports``' job (``nox -s lint``).
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

PACKAGE = Path(__file__).resolve().parent.parent / "morpyam"
GAMES = ("yahtzee", "myrummy")

ALLOWED: set[tuple[str, str, str]] = set()


def private_imports(game: str, source: str, path: str) -> list[tuple[str, str, str]]:
    """Each ``(path, module, name)`` that ``source``, a module of ``game``, imports privately
    from outside ``morpyam.<game>``."""
    found = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            module = node.module
            if not module.startswith("morpyam") or module.startswith(f"morpyam.{game}"):
                continue
            for alias in node.names:
                if alias.name.startswith("_") or any(
                    part.startswith("_") for part in module.split(".")
                ):
                    found.append((path, module, alias.name))
        elif isinstance(node, ast.Import):
            for alias in node.names:
                parts = alias.name.split(".")
                outside = parts[0] == "morpyam" and not alias.name.startswith(f"morpyam.{game}")
                if outside and any(part.startswith("_") for part in parts):
                    found.append((path, alias.name, ""))
    return found


@pytest.mark.parametrize("game", GAMES)
def test_no_private_import_from_outside_the_game(game: str) -> None:
    found = []
    for file in sorted((PACKAGE / game).rglob("*.py")):
        path = file.relative_to(PACKAGE).as_posix()
        found += private_imports(game, file.read_text(encoding="utf-8"), path)
    unexpected = [item for item in found if item not in ALLOWED]
    assert not unexpected, "import these by their public names (morpyam.kit): " + ", ".join(
        f"{path}: from {module} import {name}" for path, module, name in unexpected
    )


def test_the_check_sees_a_private_import() -> None:
    source = (
        "from morpyam.files import _parse_json, rules_to_json\n"
        "from morpyam.yahtzee.rules import _players\n"
        "from morpyam.myrummy._solution import table\n"
        "from morpyam.kit.fields import parse_json as _parse_json\n"
        "def f():\n    from morpyam.errors import _shown\n"
    )
    assert private_imports("yahtzee", source, "x.py") == [
        ("x.py", "morpyam.files", "_parse_json"),
        ("x.py", "morpyam.myrummy._solution", "table"),
        ("x.py", "morpyam.errors", "_shown"),
    ]
