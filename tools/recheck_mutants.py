"""Re-check mutmut's survivors afresh: ``python tools/recheck_mutants.py [NAME_PATTERN ...]``.

mutmut switches mutants on at call time, so a mutant in code that runs at
import (the dice and figure tables, the classic grid) is never exercised and
is scored a survivor; one that breaks the import is scored "interrupted".
This script applies each such mutant (``mutmut show``) to a copy of the
repository, runs the mutation test selection of ``pyproject.toml`` there in a
new process, and prints which are killed and which truly survive, with
their diffs. Run it after ``mutmut run``, from the repository root; name
patterns (``"morpyam.dice.*"``) restrict it to some mutants.
"""

from __future__ import annotations

import fnmatch
import importlib
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

tomllib = importlib.import_module("tomllib" if sys.version_info >= (3, 11) else "tomli")

__all__ = ["main"]

RECHECKED = ("survived", "check was interrupted by user")


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


def main() -> None:
    """Re-check every unsettled mutant and print the figures."""
    config = tomllib.loads(Path("pyproject.toml").read_text(encoding="utf-8"))["tool"]["mutmut"]
    selection = config["pytest_add_cli_args_test_selection"]
    patterns = sys.argv[1:] or ["*"]
    unsettled = [
        (name, status)
        for name, status in _unsettled()
        if any(fnmatch.fnmatchcase(name, pattern) for pattern in patterns)
    ]
    survivors = []
    with tempfile.TemporaryDirectory() as folder:
        copy = Path(folder)
        for part in ("morpyam", "tests", "pyproject.toml"):
            source = Path(part)
            if source.is_dir():
                shutil.copytree(source, copy / part)
            else:
                shutil.copy(source, copy / part)
        for name, status in unsettled:
            diff = subprocess.run(
                ["mutmut", "show", name], capture_output=True, text=True, check=False
            ).stdout
            patch = diff[diff.index("---") :]
            target = copy / patch.splitlines()[0].split()[1]
            original = target.read_bytes()
            subprocess.run(["patch", "-s", "-p0"], input=patch, text=True, cwd=copy, check=True)
            run = subprocess.run(
                [sys.executable, "-m", "pytest", "-x", "-q", "-p", "no:cacheprovider", *selection],
                cwd=copy,
                capture_output=True,
                check=False,
            )
            target.write_bytes(original)
            verdict = "killed" if run.returncode != 0 else "SURVIVED"
            print(f"{name}: mutmut said {status!r}; fresh run: {verdict}", flush=True)
            if run.returncode == 0:
                survivors.append((name, patch))
    print(
        f"\n{len(unsettled)} re-checked, {len(unsettled) - len(survivors)} killed, "
        f"{len(survivors)} survive"
    )
    for name, patch in survivors:
        print(f"\n{name}\n{patch}")


if __name__ == "__main__":
    main()
