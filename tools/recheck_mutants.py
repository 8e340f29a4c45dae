"""Figures of a mutation run: ``python tools/recheck_mutants.py [NAME_PATTERN ...]``.

Run it after ``mutmut run``, from the repository root (``nox -s mutants``
runs both). For the mutants whose names match the patterns (fnmatch, such as
``"morpyam.dice.*"``; all when none is given) it

1. sets apart the survivors listed in ``tools/equivalent_mutants.toml``: an
   entry names the function and the lines the mutant removes and adds, so
   mutmut's numbering does not matter, and an entry whose code changed simply
   stops matching (the mutant then counts as surviving until looked at again);
2. re-checks every other survivor in a new process: mutmut switches mutants
   on at call time in processes forked after the package was imported, so a
   mutant in code that runs at import (the dice and figure tables, the
   classic grid) is never exercised and is scored a survivor. The mutation
   test selection of ``pyproject.toml`` runs once per such mutant (in
   ``mutants/``, with ``MUTANT_UNDER_TEST`` set before the import), after
   a quick run of the tests mutmut saw calling the mutated function;
3. prints one row per module: mutants run, killed (by mutmut, by a timeout or
   by the fresh run), equivalent, surviving, not run; then the diff of every
   mutant that survives.

The exit status is 1 when a mutant survives that is not listed as equivalent.
``python tools/recheck_mutants.py --entry NAME ...`` prints the entries to
add for mutants found equivalent (write their reason in ``why``).
"""

from __future__ import annotations

import ast
import difflib
import fnmatch
import importlib
import json
import os
import subprocess
import sys
from collections import Counter
from pathlib import Path

tomllib = importlib.import_module("tomllib" if sys.version_info >= (3, 11) else "tomli")

__all__ = ["main"]

EQUIVALENTS = Path("tools/equivalent_mutants.toml")
"""The equivalent mutants left alive, each with its reason (CONTRIBUTING.md shows them)."""
KILLED = frozenset({"killed", "timeout", "caught by type check", "segfault"})
"""mutmut's statuses of a mutant that the tests (or the type checker) told apart."""
RECHECKED = frozenset({"survived", "check was interrupted by user", "suspicious"})
"""The statuses re-checked (an import broken by a mutant is "interrupted" for mutmut)."""
NOT_RUN = frozenset({"not checked", "no tests", "skipped"})
"""The statuses of a mutant no test ran against."""
TIMEOUT = 600
"""Seconds a test run may take; a mutant that makes it longer counts as killed, as in mutmut."""


def _statuses(patterns: list[str]) -> dict[str, str]:
    """mutmut's status of every mutant whose name matches one of ``patterns``."""
    out = subprocess.run(
        ["mutmut", "results", "--all", "true"], capture_output=True, text=True, check=True
    )
    found = {}
    for line in out.stdout.splitlines():
        name, _, status = line.strip().rpartition(": ")
        if name and any(fnmatch.fnmatchcase(name, pattern) for pattern in patterns):
            found[name] = status
    return found


def _split(name: str) -> tuple[str, str]:
    """``morpyam.engine.x__places__mutmut_2`` → (``morpyam.engine``, ``x__places__mutmut_2``)."""
    head, _, tail = name.rpartition(".x")
    return head, "x" + tail


class _Sources:
    """The functions of the mutated copies in ``mutants/``, by name, parsed once per module."""

    def __init__(self) -> None:
        self._functions: dict[str, dict[str, list[str]]] = {}

    def function(self, module: str, name: str) -> list[str]:
        if module not in self._functions:
            path = Path("mutants", *module.split(".")).with_suffix(".py")
            text = path.read_text(encoding="utf-8")
            lines = text.splitlines()
            self._functions[module] = {
                node.name: lines[node.lineno - 1 : node.end_lineno]
                for node in ast.walk(ast.parse(text))
                if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef)
            }
        return self._functions[module].get(name, [])


def change(sources: _Sources, name: str) -> tuple[str, str, str]:
    """(function, lines removed, lines added) of mutant ``name``, lines stripped and joined."""
    module, mutant = _split(name)
    function = mutant.rpartition("__mutmut_")[0]
    original = sources.function(module, f"{function}__mutmut_orig")[1:]  # without the def line
    mutated = sources.function(module, mutant)[1:]
    removed, added = [], []
    for line in difflib.ndiff(original, mutated):
        if line.startswith("- "):
            removed.append(line[2:].strip())
        elif line.startswith("+ "):
            added.append(line[2:].strip())
    return f"{module}.{function}", "\n".join(removed), "\n".join(added)


def _equivalents() -> set[tuple[str, str, str]]:
    entries = tomllib.loads(EQUIVALENTS.read_text(encoding="utf-8"))["equivalent"]
    return {(e["function"], e["removed"].strip(), e["added"].strip()) for e in entries}


def _tests_by_function() -> dict[str, list[str]]:
    """The tests mutmut saw calling each function (``mutants/mutmut-stats.json``)."""
    stats = json.loads(Path("mutants/mutmut-stats.json").read_text(encoding="utf-8"))
    return {name: sorted(tests) for name, tests in stats["tests_by_mangled_function_name"].items()}


def _fails(name: str, tests: list[str]) -> bool:
    """Whether ``tests`` fail with mutant ``name`` switched on from the start, in a new process."""
    try:
        run = subprocess.run(
            [sys.executable, "-m", "pytest", "-x", "-q", "-p", "no:cacheprovider", *tests],
            cwd="mutants",
            env={**os.environ, "MUTANT_UNDER_TEST": name},
            capture_output=True,
            check=False,
            timeout=TIMEOUT,
        )
    except subprocess.TimeoutExpired:
        return True
    return run.returncode != 0


def _fresh_verdict(name: str, selection: list[str], callers: list[str]) -> str:
    """The tests that call the mutated function first (quick), then the whole selection."""
    if callers and _fails(name, callers):
        return "killed"
    return "killed" if _fails(name, selection) else "survived"


def _table(verdicts: dict[str, str]) -> str:
    counts: dict[str, Counter[str]] = {}
    for name, verdict in verdicts.items():
        counts.setdefault(_split(name)[0], Counter())[verdict] += 1
    rows = ["| module | run | killed | equivalent | surviving | not run |", "| --- " * 6 + "|"]
    total: Counter[str] = Counter()
    for module, count in sorted(counts.items()):
        total += count
        rows.append(_row(module, count))
    rows.append(_row("all", total))
    return "\n".join(rows)


def _row(module: str, count: Counter[str]) -> str:
    run = count["killed"] + count["equivalent"] + count["survived"]
    figures = (run, count["killed"], count["equivalent"], count["survived"], count["not run"])
    return f"| {module} | " + " | ".join(map(str, figures)) + " |"


def _quoted(text: str) -> str:
    return (
        '"""' + text.replace("\\", "\\\\") + '"""' if "\n" in text or '"' in text else f'"{text}"'
    )


def _entries(names: list[str]) -> int:
    sources = _Sources()
    for name in names:
        function, removed, added = change(sources, name)
        print(f"[[equivalent]]\nfunction = {_quoted(function)}")
        print(f'removed = {_quoted(removed)}\nadded = {_quoted(added)}\nwhy = ""\n')
    return 0


def main() -> int:
    """Settle every mutant matching the patterns, print the figures; 1 if one truly survives."""
    if sys.argv[1:2] == ["--entry"]:
        return _entries(sys.argv[2:])
    config = tomllib.loads(Path("pyproject.toml").read_text(encoding="utf-8"))["tool"]["mutmut"]
    selection = config["pytest_add_cli_args_test_selection"]
    statuses = _statuses(sys.argv[1:] or ["*"])
    equivalents = _equivalents()
    sources = _Sources()
    tests_by_function = _tests_by_function()
    verdicts: dict[str, str] = {}
    for name, status in sorted(statuses.items()):
        if status in KILLED:
            verdicts[name] = "killed"
        elif status in NOT_RUN:
            verdicts[name] = "not run"
        elif change(sources, name) in equivalents:
            verdicts[name] = "equivalent"
        else:
            callers = tests_by_function.get(name.rpartition("__mutmut_")[0], [])
            verdicts[name] = _fresh_verdict(name, selection, callers)
            print(f"{name}: mutmut said {status!r}; fresh run: {verdicts[name]}", flush=True)
    print()
    print(_table(verdicts))
    survivors = [name for name, verdict in verdicts.items() if verdict == "survived"]
    for name in survivors:
        function, removed, added = change(sources, name)
        print(f"\n# {name} ({function}) survives:")
        print("\n".join([*(f"- {line}" for line in removed.splitlines())]))
        print("\n".join([*(f"+ {line}" for line in added.splitlines())]))
    return 1 if survivors else 0


if __name__ == "__main__":
    sys.exit(main())
