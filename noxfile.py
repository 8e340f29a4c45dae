#!/usr/bin/env python3
# /// script
# dependencies = ["nox[uv]>=2025.2.9"]
# ///
"""Development sessions: ``nox -s tests``, ``slow``, ``coverage``, ``lint``, ``typecheck``, ``docs``,
``package``, ``review``, ``vectors``, ``bench``, ``fuzz``, ``mutants`` (CONTRIBUTING.md says what
each runs)."""

from __future__ import annotations

import os
import re
import shutil
import zipfile
from pathlib import Path

import nox

nox.needs_version = ">=2025.2.9"
# uv (``pip install "nox[uv]"``) makes and fills the environments in seconds from its
# cache; without it nox falls back to venv and pip. An environment is kept between runs
# (its installs are checked again each time), so a second ``nox -s tests`` starts at once.
nox.options.default_venv_backend = "uv|venv"
nox.options.reuse_venv = "yes"

PYPROJECT = nox.project.load_toml("pyproject.toml")


CORE_MODULES = [
    f"morpyam/{name}.py"
    for name in ("figures", "dice", "layouts", "rules", "state", "engine", "scoring", "tiles")
]


TEST_EXTRAS = "cli,numpy,openspiel,pettingzoo,gymnasium,myrummy-ilp,solver"
"""Every extra: the adapters run OpenSpiel's, PettingZoo's and Gymnasium's own checkers."""


def install_for_tests(session: nox.Session) -> None:
    """Install the package (editable) with every extra, and the ``test`` dependency group."""
    session.install("-e", f".[{TEST_EXTRAS}]", *nox.project.dependency_groups(PYPROJECT, "test"))


@nox.session
def tests(session: nox.Session) -> None:
    """Run the test suite but its slow families, on every core (pytest-xdist), without coverage.

    Hypothesis runs its quick profile unless ``HYPOTHESIS_PROFILE=ci`` (or ``CI``) is set.
    Arguments go to pytest: ``nox -s tests -- tests/test_dice.py -n 0``.
    """
    install_for_tests(session)
    session.run("pytest", "-n", "auto", *session.posargs)


OTHER_PYTHONS = ["3.10", "3.12", "3.13"]
"""The Pythons the classifiers claim besides the one the other sessions run on (3.11 on CI)."""


@nox.session(python=OTHER_PYTHONS, default=False)
def pythons(session: nox.Session) -> None:
    """Run the suite but its slow families on each other Python the classifiers claim.

    ``nox -s pythons`` needs ``python3.10``, ``python3.12`` and ``python3.13`` on the PATH
    (pyenv's ``versions/*/bin`` folders, for instance).
    """
    install_for_tests(session)
    session.run("pytest", "-n", "auto", "-p", "no:cacheprovider", *session.posargs)


@nox.session
def slow(session: nox.Session) -> None:
    """Run only the slow families (tests marked ``slow``), on every core."""
    install_for_tests(session)
    session.run("pytest", "-n", "auto", "-m", "slow", *session.posargs)


@nox.session
def coverage(session: nox.Session) -> None:
    """Run the suite but its slow families, with branch coverage and its gates.

    100% on the core modules, 95% overall; on every core (pytest-xdist). CI runs it after
    ``slow``: the slow families are long cross-checks of code the others already cover, so
    tracing them again would only cost time.
    """
    install_for_tests(session)
    session.run("pytest", "-n", "auto", "--cov", "--cov-report=", *session.posargs)
    session.run("coverage", "report")
    session.run("coverage", "report", "--fail-under=100", "--include", ",".join(CORE_MODULES))


@nox.session
def lint(session: nox.Session) -> None:
    """Check style and formatting with ruff, and the import contracts with import-linter."""
    session.install(*nox.project.dependency_groups(PYPROJECT, "lint"))
    session.run("ruff", "check", ".")
    session.run("ruff", "format", "--check", ".")
    # import-linter reads the package's source from the checkout (the current directory).
    session.run("lint-imports", env={"PYTHONPATH": str(Path(__file__).parent)})


@nox.session
def typecheck(session: nox.Session) -> None:
    """Type-check the package, tests and scripts with mypy --strict."""
    session.install(
        ".[numpy,openspiel,pettingzoo,gymnasium,myrummy-ilp]",
        "nox",
        *nox.project.dependency_groups(PYPROJECT, "typecheck"),
    )
    session.run("mypy")


@nox.session
def docs(session: nox.Session) -> None:
    """Build the documentation site strictly (offline), then check it for stray backticks."""
    session.install(".", *nox.project.dependency_groups(PYPROJECT, "docs"))
    session.run("mkdocs", "build", "--strict", "--site-dir", "site")
    session.run("python", "tools/check_site.py", "site")


@nox.session
def package(session: nox.Session) -> None:
    """Build the sdist and wheel, check them, and try the wheel alone in a new environment.

    twine and check-wheel-contents check the files; then the wheel, installed by itself
    (with ``attrs``) into a fresh virtual environment outside the checkout, must report
    the version that ``morpyam/__init__.py`` holds and run the README's quickstart and
    its demo (``python -m morpyam --seed 1``).
    """
    # With uv, build fills its isolated build environment with uv too (seconds, not a minute).
    installer = ["--installer", "uv"] if session.venv_backend == "uv" else []
    session.install("build[uv]" if installer else "build", "twine", "check-wheel-contents")
    shutil.rmtree("dist", ignore_errors=True)
    session.run("python", "-m", "build", "--outdir", "dist", *installer)
    session.run("twine", "check", "--strict", *sorted(str(p) for p in Path("dist").glob("*")))
    (wheel,) = Path("dist").glob("morpyam-*.whl")
    session.run("check-wheel-contents", str(wheel))
    with zipfile.ZipFile(wheel) as archive:
        names = archive.namelist()
    if "morpyam/py.typed" not in names:
        session.error(f"{wheel.name} has no morpyam/py.typed")
    if any(name.startswith(("tests/", "docs/", "benchmarks/")) for name in names):
        session.error(f"{wheel.name} holds more than the package")
    try_the_wheel(session, wheel.resolve())


def try_the_wheel(session: nox.Session, wheel: Path) -> None:
    """Install ``wheel`` alone in a new environment and run what a newcomer runs first."""
    folder = Path(session.create_tmp()).resolve() / "fresh"
    shutil.rmtree(folder, ignore_errors=True)
    folder.mkdir(parents=True)
    session.run("python", "-m", "venv", str(folder / "venv"))
    python = str(folder / "venv" / ("Scripts" if os.name == "nt" else "bin") / "python")
    session.run(python, "-m", "pip", "install", "--quiet", str(wheel), external=True)
    line = VERSION_LINE.search(Path("morpyam/__init__.py").read_text(encoding="utf-8"))
    if line is None:
        session.error("morpyam/__init__.py has no __version__ line")
    version = line.group(1)
    quickstart = folder / "quickstart.py"
    quickstart.write_text(readme_quickstart(Path("README.md").read_text(encoding="utf-8")))
    # Outside the checkout, so that the installed wheel is what is imported.
    with session.chdir(folder):
        reported = str(
            session.run(python, "-m", "morpyam", "--version", external=True, silent=True)
        )
        if reported.strip() != f"morpyam {version}":
            session.error(
                f"the installed wheel reports {reported.strip()!r}, not morpyam {version}"
            )
        session.run(python, str(quickstart), external=True)
        session.run(python, "-m", "morpyam", "--seed", "1", external=True)


VERSION_LINE = re.compile(r'^__version__ = "([^"]+)"$', re.MULTILINE)
"""The one line that holds the version, in ``morpyam/__init__.py``."""


def readme_quickstart(readme: str) -> str:
    """The first Python block under the README's heading that starts with "Quickstart"."""
    section = readme.split("\n## Quickstart", 1)[1]
    return section.split("```python\n", 1)[1].split("```", 1)[0]


@nox.session
def review(session: nox.Session) -> None:
    """Run repo-review (sp-repo-review) on the repository."""
    session.install("sp-repo-review[cli]")
    session.run("repo-review", ".")


VECTOR_CASES = "30"
"""Positions from seeded play per group in the corpus ``nox -s vectors`` writes (about 2 MB)."""


@nox.session
def vectors(session: nox.Session) -> None:
    """Write the test vectors twice, compare them byte for byte, and check them against the library.

    Each export runs in a process of its own (``morpyam vectors export``), so the
    comparison also catches an order that depends on hashing; ``morpyam vectors
    check`` then replays the corpus. The committed corpus is checked by the tests.
    """
    session.install(".[myrummy-ilp]")
    folder = Path(session.create_tmp())
    written = [folder / "vectors-1", folder / "vectors-2"]
    for target in written:
        shutil.rmtree(target, ignore_errors=True)
        session.run("morpyam", "vectors", "export", str(target), "--cases", VECTOR_CASES)
    first, second = written
    names = sorted(path.name for path in first.iterdir())
    differ = [name for name in names if (first / name).read_bytes() != (second / name).read_bytes()]
    if differ or names != sorted(path.name for path in second.iterdir()):
        session.error(f"two exports of the same corpus differ: {', '.join(differ) or 'the files'}")
    session.run("morpyam", "vectors", "check", str(first))


@nox.session(default=False)
def bench(session: nox.Session) -> None:
    """Print the speed figures on this machine (engine, odds, bots; the bots' strength runs take minutes)."""
    session.install(".[solver,openspiel,pettingzoo,gymnasium]")
    session.run("python", "benchmarks/bench_engine.py", *session.posargs)
    session.run("python", "benchmarks/bench_adapters.py")
    session.run("python", "benchmarks/bench_yahtzee.py")
    session.run("python", "benchmarks/bench_odds.py")
    session.run("python", "benchmarks/bench_bots.py")
    session.run("python", "benchmarks/bench_hostile.py")
    session.run("python", "benchmarks/bench_vector.py")
    session.run("python", "benchmarks/bench_compare.py")
    session.run("python", "benchmarks/bench_myrummy.py")
    session.run("python", "benchmarks/bench_myrummy_judge.py")


@nox.session(default=False)
def fuzz(session: nox.Session) -> None:
    """Fuzz every reader of untrusted input with atheris, 60 s each (fuzz/README.md).

    ``nox -s fuzz -- -max_total_time=10`` runs shorter; the seed corpus is
    written by the library itself into the session's temporary folder.
    """
    session.install(".[solver]", "atheris")
    corpus = Path(session.create_tmp()) / "corpus"
    session.run("python", "fuzz/make_corpus.py", str(corpus))
    flags = session.posargs or ["-max_total_time=60"]
    listing = str(session.run("python", "fuzz/harness.py", "--list", silent=True))
    (names,) = (line for line in listing.splitlines() if line.startswith("readers:"))
    for reader in names.split()[1:]:
        session.log(f"fuzzing {reader}")
        session.run(
            "python",
            "fuzz/harness.py",
            reader,
            str(corpus / reader),
            "-rss_limit_mb=2048",
            "-timeout=10",
            "-print_final_stats=1",
            *flags,
        )


MUTANTS_DEFAULT = ["morpyam.dice.*", "morpyam.figures.*", "morpyam.scoring.*"]
"""What ``nox -s mutants`` runs with no argument: about 200 mutants, 10-20 minutes on 2 cores."""


@nox.session(default=False)
def mutants(session: nox.Session) -> None:
    """Mutation testing (mutmut 3) of the core modules, with a table of figures per module.

    ``nox -s mutants -- "morpyam.engine.x_resign*" "morpyam.layouts.*"`` runs the mutants
    whose names match (fnmatch); with no argument, those of dice, figures and scoring
    (``MUTANTS_DEFAULT``); ``nox -s mutants -- "*"`` runs all 2,800 or so, hours on two
    cores. One child process unless ``MUTANTS_CHILDREN`` says more. Survivors are
    re-checked afresh and compared with the equivalent mutants of
    ``tools/equivalent_mutants.toml`` (tools/recheck_mutants.py); the session fails
    when a mutant survives that is not listed there. Configured in pyproject.toml
    ``[tool.mutmut]``; CONTRIBUTING.md has the figures so far.
    """
    session.install("-e", ".", "mutmut>=3,<4", *nox.project.dependency_groups(PYPROJECT, "test"))
    patterns = session.posargs or MUTANTS_DEFAULT
    children = os.environ.get("MUTANTS_CHILDREN", "1")
    # mutmut draws a progress line per mutant; its figures are the table printed after
    session.run("mutmut", "run", "--max-children", children, *patterns, silent=True)
    session.run("python", "tools/recheck_mutants.py", *patterns)


if __name__ == "__main__":
    nox.main()
