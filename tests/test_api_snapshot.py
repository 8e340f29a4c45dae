"""The public API is the committed snapshot: a change of a public name or signature shows here.

``tests/data/public_api.txt`` lists the names and signatures of the ``__all__``
of the three games' packages and of every module the design names
(``tools/api_snapshot.py``). When this test fails, the difference it prints is
the API change: if it is meant, write the snapshot again with
``python tools/api_snapshot.py`` and name the change in CHANGELOG.md.
"""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path
from types import ModuleType

import pytest

TOOL = Path(__file__).resolve().parent.parent / "tools" / "api_snapshot.py"


def load_tool() -> ModuleType:
    spec = importlib.util.spec_from_file_location("api_snapshot", TOOL)
    assert spec is not None
    assert spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules.setdefault("api_snapshot", module)
    spec.loader.exec_module(module)
    return module


tool = load_tool()
COMMITTED = tool.sections(tool.SNAPSHOT.read_text(encoding="utf-8"))
HOW = (
    "The public API differs from tests/data/public_api.txt. If the change is meant, write the "
    "snapshot again with `python tools/api_snapshot.py` and name the change in CHANGELOG.md.\n"
)


def test_the_snapshot_covers_the_design_modules() -> None:
    assert sorted(COMMITTED) == sorted(tool.MODULES), HOW


@pytest.mark.parametrize("module", tool.MODULES)
def test_the_api_matches_the_snapshot(module: str) -> None:
    if module in tool.OPTIONAL:
        pytest.importorskip(tool.OPTIONAL[module])
    actual = "\n".join(tool.module_lines(module)) + "\n"
    diff = tool.difference(COMMITTED.get(module, ""), actual)
    assert not diff, HOW + diff


def test_a_changed_signature_shows_as_a_diff() -> None:
    before = "[m]\nf: function(x: 'int') -> 'int'\n"
    after = "[m]\nf: function(x: 'int', y: 'int' = 0) -> 'int'\n"
    diff = tool.difference(before, after)
    assert "-f: function(x: 'int') -> 'int'" in diff
    assert "+f: function(x: 'int', y: 'int' = 0) -> 'int'" in diff
    assert tool.difference(before, before) == ""


def test_a_set_default_is_written_sorted() -> None:
    def f(x: frozenset[str] = frozenset({"b", "c", "a"})) -> None:
        """A function with a set default."""

    assert tool._signature(f) == "(x: 'frozenset[str]' = frozenset({'a', 'b', 'c'})) -> 'None'"


def test_every_module_is_public_or_private_by_its_name() -> None:
    # A module not in the snapshot's list is private by its name (it, or a package above
    # it, starts with an underscore), or is the command line's program (docs/stability.md).
    import pkgutil

    import morpyam

    unlisted = [
        info.name
        for info in pkgutil.walk_packages(morpyam.__path__, "morpyam.")
        if info.name not in tool.MODULES
        and not any(part.startswith("_") for part in info.name.split("."))
        and not (info.name == "morpyam.cli" or info.name.startswith("morpyam.cli."))
    ]
    assert unlisted == [], f"public by name but not in tools/api_snapshot.py's MODULES: {unlisted}"
