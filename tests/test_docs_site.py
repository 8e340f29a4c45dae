"""What the documentation site shows, checked without building it."""

from __future__ import annotations

import argparse
import importlib
import importlib.util
import re
from pathlib import Path

import morpyam as mp
from morpyam.cli import COMMANDS

ROOT = Path(__file__).resolve().parent.parent
DOCS = ROOT / "docs"


def test_scripts_in_docs_are_not_copied_into_the_site() -> None:
    config = (ROOT / "mkdocs.yml").read_text(encoding="utf-8")
    block = config.split("exclude_docs: |\n", 1)[1]
    excluded = set()
    for line in block.splitlines():
        if not line.startswith("  "):
            break
        excluded.add(line.strip())
    scripts = {path.name for path in DOCS.glob("*.py")}
    assert scripts
    assert scripts <= excluded


def test_figure_and_special_list_their_members() -> None:
    # the API reference renders these tables instead of one empty stub per member
    for label_type in (mp.Figure, mp.Special):
        doc = label_type.__doc__ or ""
        for label in label_type:
            if isinstance(label, mp.Figure) and label.brelan_face not in (None, 1, 6):
                continue  # THREE_TWOS to THREE_FIVES are the "…" of the first row
            assert f"`{label.name}`" in doc, label
            assert f"`{label.code}`" in doc, label
            assert f"`{label.notation}`" in doc, label


def test_the_reference_documents_every_module_it_lists() -> None:
    page = (DOCS / "reference.md").read_text(encoding="utf-8")
    linked = set(re.findall(r"\]\(#(morpyam\.[a-z_]+)\)", page))
    documented = set(re.findall(r"^::: (morpyam\.[a-z_]+)$", page, re.MULTILINE))
    assert linked
    assert linked <= documented
    assert "documented at the end" not in page


def reference_rows(heading: str) -> list[tuple[str, str]]:
    """The rows of the table under ``heading`` in the API reference, as (first, second) cells."""
    page = (DOCS / "reference.md").read_text(encoding="utf-8")
    section = page.split(f"## {heading}\n", 1)[1].split("\n## ", 1)[0]
    rows = [line.split(" | ") for line in section.splitlines() if line.startswith("| ")]
    return [(cells[0][2:], cells[1]) for cells in rows[2:]]


def names_in(cell: str) -> list[str]:
    """The Python names a reference cell lists in backticks (not the extras it names)."""
    return re.findall(r"(?<!extra )`([A-Za-z_]\w*)`", cell)


def test_the_reference_lists_exactly_what_the_package_exports() -> None:
    listed: list[str] = []
    for names, module_cell in reference_rows("The game: `import morpyam as mp`"):
        (module_name,) = re.findall(r"\(#(morpyam\.[a-z_.]+)\)", module_cell)
        module = importlib.import_module(module_name)
        for name in names_in(names):
            assert getattr(module, name) is getattr(mp, name), (name, module_name)
            listed.append(name)
    assert sorted(listed) == sorted(mp.__all__)


def test_every_name_the_reference_lists_in_a_submodule_is_importable_from_it() -> None:
    rows = reference_rows("Around the game: import the submodule")
    assert len(rows) > 10
    for module_cell, names in rows:
        (module_name,) = re.findall(r"\(#(morpyam\.[a-z_.]+)\)", module_cell)
        module = importlib.import_module(module_name)
        for name in names_in(names):
            assert name in module.__all__, (name, module_name)


def _check_site() -> object:
    spec = importlib.util.spec_from_file_location("check_site", ROOT / "tools" / "check_site.py")
    assert spec is not None
    assert spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_the_site_check_finds_a_code_span_that_did_not_render() -> None:
    # nox -s docs runs tools/check_site.py on the built pages: a docstring with mismatched
    # backticks (as GameRecord's had) leaves a backtick in the text of the page
    check = _check_site().stray_backticks  # type: ignore[attr-defined]
    garbled = "<p>every action applied from <code>new_game</code>`(rules) does.</p>"
    assert check(garbled) == ["every action applied from `(rules) does."]  # the code left out
    fine = "<p>from <code>new_game(rules)</code>; <pre><code>x = `1`</code></pre></p>"
    assert check(fine) == []
    assert check("<script>let a = `x`;</script><p>plain</p>") == []


def test_the_reference_lists_each_games_entry_in_every_adapter() -> None:
    # an adapter's entry for a game (MyRummyGame, myrummy_env, MyRummyEnv…) is a main name
    checked = 0
    for module_cell, names in reference_rows("Around the game: import the submodule"):
        (module_name,) = re.findall(r"\(#(morpyam\.[a-z_.]+)\)", module_cell)
        module = importlib.import_module(module_name)
        for name in module.__all__:
            if re.search("morpyam|yahtzee|myrummy", name, re.IGNORECASE) and callable(
                getattr(module, name)
            ):
                assert name in names_in(names), (name, module_name)
                checked += 1
    assert checked >= 9  # three games in OpenSpiel and Gymnasium, two in PettingZoo, one vector env


def cli_commands() -> list[str]:
    """The subcommands of ``morpyam``, in the order ``morpyam --help`` lists them."""
    subparsers = argparse.ArgumentParser().add_subparsers()
    for add in COMMANDS:
        add(subparsers)
    return list(subparsers.choices)


def test_the_home_page_lists_every_command() -> None:
    page = (DOCS / "index.md").read_text(encoding="utf-8")
    listed = page.split("`morpyam --help` lists the commands:", 1)[1].split(")", 1)[0]
    commands = cli_commands()
    assert "vectors" in commands
    assert "myrummy" in commands
    assert re.findall(r"`([a-z]+)`", listed) == commands


def test_the_reference_names_every_module_of_commands() -> None:
    # one module of morpyam.cli a family of commands: play (play, replay, show), simulate, …
    page = (DOCS / "reference.md").read_text(encoding="utf-8")
    listed = page.split("one module a family of\ncommands (", 1)[1].split(")", 1)[0]
    families = {add.__module__.rsplit(".", 1)[1] for add in COMMANDS}
    assert {"play", "simulate", "yahtzee", "myrummy", "vectors"} <= families
    assert set(re.findall(r"`([a-z]+)`", listed)) == families
