"""Every ```python example in README.md and docs/*.md runs.

The blocks of one file run in order in one fresh namespace, so a later block
can use the names an earlier one made. A block whose first line is
``# doctest: skip`` is not run. A block with a main guard
(``if __name__ == "__main__":``, as code that starts processes needs) is a
script: it runs alone, as ``__main__`` in a fresh Python with the spawn start
method (the default on macOS and Windows), so it must make its own imports.
An example fails the test by raising, so the examples carry their own
``assert`` statements.
"""

from __future__ import annotations

import os
import re
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
"""The repository root: this file is ``tests/test_docs_examples.py``."""

SKIP_MARK = "# doctest: skip"

MAIN_GUARD = 'if __name__ == "__main__":'

_RUN_AS_MAIN = """\
import multiprocessing, runpy, sys
multiprocessing.set_start_method("spawn")
runpy.run_path(sys.argv[1], run_name="__main__")
"""
"""Runs a file as ``__main__`` whose processes start by spawn, as on macOS and Windows."""

_FENCE = re.compile(r"^(?P<indent>[ \t]*)(?P<fence>`{3,}|~{3,})[ \t]*(?P<info>[^\n`]*)$")
_PYTHON = {"python", "py"}


def _doc_files() -> list[str]:
    """README.md (even when absent: its test is then skipped) and docs/*.md, relative to ROOT."""
    docs = sorted(path.relative_to(ROOT).as_posix() for path in (ROOT / "docs").glob("*.md"))
    return ["README.md", *docs]


def python_blocks(text: str) -> list[tuple[int, str]]:
    """The ```python fenced blocks of a Markdown text as ``(first code line, code)``.

    Line numbers are 1-based. A block may be indented (in a list or an
    admonition): its code is dedented by the indent of its opening fence.
    """
    blocks: list[tuple[int, str]] = []
    lines = text.splitlines()
    number = 0
    while number < len(lines):
        match = _FENCE.match(lines[number])
        number += 1
        if match is None:
            continue
        indent, fence = match["indent"], match["fence"]
        words = match["info"].strip().lstrip("{").split()
        language = words[0].lstrip(".").lower() if words else ""
        start = number
        body: list[str] = []
        while number < len(lines):
            line = lines[number]
            number += 1
            closing = line.strip()
            if closing.startswith(fence[0] * len(fence)) and not closing.strip(fence[0]):
                break
            body.append(line[len(indent) :] if line.startswith(indent) else line.lstrip())
        if language in _PYTHON:
            blocks.append((start + 1, textwrap.dedent("\n".join(body)) + "\n"))
    return blocks


def test_python_blocks_parser() -> None:
    text = "\n".join(
        [
            "# Title",
            "```python",
            "x = 1",
            "```",
            "```bash",
            "pip install morpyam",
            "```",
            "!!! note",
            "    ```python",
            "    y = x + 1",
            "    ```",
            "````python",
            "s = '```'",
            "````",
        ]
    )
    assert python_blocks(text) == [(3, "x = 1\n"), (10, "y = x + 1\n"), (13, "s = '```'\n")]


def is_script(code: str) -> bool:
    """Whether a block has a main guard, so runs as a script of its own."""
    return any(line.rstrip() == MAIN_GUARD for line in code.splitlines())


def test_a_block_with_a_main_guard_is_a_script() -> None:
    assert is_script(f"import os\n\n{MAIN_GUARD}\n    print(1)\n")
    assert not is_script("x = 1\nif x:\n    print(x)\n")


def run_script(path: Path, source: str) -> None:
    """Run ``source`` as the script ``path`` in a fresh Python; fail with its output if it fails."""
    path.write_text(source, encoding="utf-8")
    env = {
        **os.environ,
        "PYTHONPATH": os.pathsep.join([str(ROOT), os.environ.get("PYTHONPATH", "")]),
    }
    done = subprocess.run(
        [sys.executable, "-c", _RUN_AS_MAIN, str(path)],
        capture_output=True,
        text=True,
        env=env,
        timeout=300,
        check=False,
    )
    assert done.returncode == 0, done.stderr


def test_a_script_runs_as_main_with_the_spawn_start_method(tmp_path: Path) -> None:
    script = (
        "import multiprocessing\n"
        f"{MAIN_GUARD}\n"
        '    assert multiprocessing.get_start_method() == "spawn"\n'
    )
    run_script(tmp_path / "spawned.py", script)
    with pytest.raises(AssertionError, match="ZeroDivisionError"):
        run_script(tmp_path / "failing.py", f"{MAIN_GUARD}\n    1 / 0\n")


@pytest.mark.parametrize("name", _doc_files())
def test_examples_run(name: str, tmp_path: Path) -> None:
    path = ROOT / name
    if not path.is_file():
        pytest.skip(f"{name} does not exist")
    blocks = python_blocks(path.read_text(encoding="utf-8"))
    if not blocks:
        pytest.skip(f"{name} has no python examples")
    namespace: dict[str, object] = {"__name__": f"docs_example_{path.stem}"}
    ran = 0
    for first_line, code in blocks:
        if code.lstrip().partition("\n")[0].strip() == SKIP_MARK:
            continue
        # Pad with blank lines so a traceback points at the line in the Markdown file.
        source = "\n" * (first_line - 1) + code
        if is_script(code):
            run_script(tmp_path / f"{path.stem}_line_{first_line}.py", source)
        else:
            exec(compile(source, str(path), "exec"), namespace)
        ran += 1
    if not ran:
        pytest.skip(f"every python example of {name} is marked {SKIP_MARK!r}")
