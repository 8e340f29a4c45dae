"""Development sessions: ``nox -s tests``, ``lint``, ``typecheck``, ``docs``, ``bench``."""

from __future__ import annotations

import nox

nox.options.default_venv_backend = "venv"
nox.options.sessions = ["tests", "lint", "typecheck", "docs"]

PYPROJECT = nox.project.load_toml("pyproject.toml")


CORE_MODULES = [
    f"morpyam/{name}.py"
    for name in ("figures", "dice", "layouts", "rules", "state", "engine", "scoring", "tiles")
]


@nox.session
def tests(session: nox.Session) -> None:
    """Run the test suite with branch coverage: 100% on the core modules, 95% overall."""
    session.install("-e", ".", *nox.project.dependency_groups(PYPROJECT, "test"))
    session.run("pytest", "--cov", "--cov-report=", *session.posargs)
    session.run("coverage", "report")
    session.run("coverage", "report", "--fail-under=100", "--include", ",".join(CORE_MODULES))


@nox.session
def lint(session: nox.Session) -> None:
    """Check style and formatting with ruff."""
    session.install(*nox.project.dependency_groups(PYPROJECT, "lint"))
    session.run("ruff", "check", ".")
    session.run("ruff", "format", "--check", ".")


@nox.session
def typecheck(session: nox.Session) -> None:
    """Type-check the package, tests and scripts with mypy --strict."""
    session.install(".", "nox", *nox.project.dependency_groups(PYPROJECT, "typecheck"))
    session.run("mypy")


@nox.session
def docs(session: nox.Session) -> None:
    """Build the documentation site strictly (offline)."""
    session.install(".", *nox.project.dependency_groups(PYPROJECT, "docs"))
    session.run("mkdocs", "build", "--strict", "--site-dir", "site")


@nox.session
def bench(session: nox.Session) -> None:
    """Print the engine's speed figures on this machine."""
    session.install(".")
    session.run("python", "benchmarks/bench_engine.py", *session.posargs)
