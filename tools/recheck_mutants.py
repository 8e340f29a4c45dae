"""Re-check mutmut's survivors afresh: ``python tools/recheck_mutants.py [NAME_PATTERN ...]``.

mutmut switches mutants on at call time in processes forked after the
package was imported, so a mutant in code that runs at import (the dice and
figure tables, the classic grid) is never exercised and is scored a
survivor. This script runs the mutation test selection of ``pyproject.toml``
once per such mutant in a new process (in ``mutants/``, with
``MUTANT_UNDER_TEST`` set before the import), and prints which are killed
and which truly survive, with their diffs. Run it after ``mutmut run``,
from the repository root; name patterns (``"morpyam.dice.*"``) restrict it
to some mutants.
"""

from __future__ import annotations

import fnmatch
import importlib
import os
import subprocess
import sys
from pathlib import Path

tomllib = importlib.import_module("tomllib" if sys.version_info >= (3, 11) else "tomli")

__all__ = ["main"]

RECHECKED = ("survived", "check was interrupted by user")
"""The statuses re-checked (an import broken by a mutant is "interrupted" for mutmut)."""
TIMEOUT = 600
"""Seconds a test run may take; a mutant that makes it longer counts as killed, as in mutmut."""


def _unsettled() -> list[tuple[str, str]]:
    """(mutant, mutmut's status) for every mutant whose status is re-checked."""
    out = subprocess.run(
        ["mutmut", "results", "--all", "true"], capture_output=True, text=True, check=False
    )
    found = []
    for line in out.stdout.splitlines():
        name, _, status = line.strip().rpartition(": ")
        if status in RECHECKED:
            found.append((name, status))
    return found


def _verdict(name: str, selection: list[str]) -> str:
    """Run the selection with mutant ``name`` switched on from the start."""
    try:
        run = subprocess.run(
            [sys.executable, "-m", "pytest", "-x", "-q", "-p", "no:cacheprovider", *selection],
            cwd="mutants",
            env={**os.environ, "MUTANT_UNDER_TEST": name},
            capture_output=True,
            check=False,
            timeout=TIMEOUT,
        )
    except subprocess.TimeoutExpired:
        return "killed (timeout)"
    return "killed" if run.returncode != 0 else "SURVIVED"


def main() -> None:
    """Re-check every unsettled mutant matching the patterns and print the figures."""
    config = tomllib.loads(Path("pyproject.toml").read_text(encoding="utf-8"))["tool"]["mutmut"]
    selection = config["pytest_add_cli_args_test_selection"]
    patterns = sys.argv[1:] or ["*"]
    unsettled = [
        (name, status)
        for name, status in _unsettled()
        if any(fnmatch.fnmatchcase(name, pattern) for pattern in patterns)
    ]
    survivors = []
    for name, status in unsettled:
        verdict = _verdict(name, selection)
        print(f"{name}: mutmut said {status!r}; fresh run: {verdict}", flush=True)
        if verdict == "SURVIVED":
            survivors.append(name)
    print(
        f"\n{len(unsettled)} re-checked, {len(unsettled) - len(survivors)} killed, "
        f"{len(survivors)} survive"
    )
    for name in survivors:
        diff = subprocess.run(["mutmut", "show", name], capture_output=True, text=True, check=False)
        print(f"\n{diff.stdout}")


if __name__ == "__main__":
    main()
