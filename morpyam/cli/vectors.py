"""The ``morpyam vectors`` commands: write the test-vector corpus, and check one against the library.

``register_vectors`` adds them to the parser of ``morpyam.cli.main`` (see
``morpyam.cli.COMMANDS``)::

    morpyam vectors export DIR [--game GAME ...] [--cases N] [--seed SEED]
    morpyam vectors check DIR [--answers FILE]
"""

from __future__ import annotations

import argparse
import os
import sys
from typing import Any

from morpyam.cli.console import say
from morpyam.vectors import (
    GAMES,
    CorpusError,
    Mismatch,
    check_answers,
    check_corpus,
    export_corpus,
)
from morpyam.vectors._corpus import DEFAULT_CASES, MAX_CASES
from morpyam.vectors._rule_book import rule_text

__all__ = ["register_vectors"]


def _cases(text: str) -> int:
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected a whole number, got {text!r}") from None
    if not 0 <= value <= MAX_CASES:
        raise argparse.ArgumentTypeError(f"must be 0 to {MAX_CASES}, got {value}")
    return value


def register_vectors(subparsers: Any) -> None:
    """Add ``morpyam vectors`` with its ``export`` and ``check`` commands."""
    parser = subparsers.add_parser(
        "vectors",
        help="the rules as test vectors, for checking another implementation",
        description="The three games' rules as a corpus of test vectors (JSON Lines) that any "
        "implementation can check itself against: write one, or check one against this library.",
    )
    parser.set_defaults(run=lambda args: _usage(parser))
    commands = parser.add_subparsers(title="commands", metavar="COMMAND")
    export = commands.add_parser(
        "export",
        help="write a corpus into a folder",
        description="Write the corpus into DIR: for each game, positions built for every rule ID "
        "and positions from seeded play, with their legal actions, chance outcomes, probed "
        "actions and scores; and path counts from fixed positions. The same version and "
        "arguments write the same bytes.",
    )
    export.add_argument("directory", metavar="DIR", help="the folder to write (made if missing)")
    export.add_argument(
        "--game",
        dest="games",
        action="append",
        choices=GAMES,
        help="a game to export (repeat; default: all three)",
    )
    export.add_argument(
        "--cases",
        type=_cases,
        default=DEFAULT_CASES,
        metavar="N",
        help=f"positions from seeded play for each group of a preset and a number of players "
        f"(default {DEFAULT_CASES})",
    )
    export.add_argument("--seed", type=int, default=0, help="seed of the played games (default 0)")
    export.set_defaults(run=_run_export)
    check = commands.add_parser(
        "check",
        help="replay a corpus against this library and report every mismatch",
        description="Replay the corpus in DIR against this library: every legal action, "
        "probability, probed action, score, path count and table row that differs is reported "
        "with its case and rule IDs. With --answers, compare another implementation's answers "
        "with the corpus instead, and quote the rule of each disagreement. Exit status 1 when "
        "anything differs.",
    )
    check.add_argument("directory", metavar="DIR", help="a folder written by 'vectors export'")
    check.add_argument(
        "--answers",
        metavar="FILE",
        help="another implementation's answers (JSON Lines, see 'Checking another "
        "implementation') to compare with the corpus",
    )
    check.set_defaults(run=_run_check)


def _usage(parser: argparse.ArgumentParser) -> int:
    """``morpyam vectors`` without a command: its help, on standard output."""
    parser.print_help(sys.stdout)
    return 0


def _fail(command: str, message: object, status: int = 2) -> int:
    say(f"morpyam vectors {command}: error: {message}", sys.stderr)
    return status


def _run_export(args: argparse.Namespace) -> int:
    directory: str = args.directory
    if os.path.exists(directory) and not os.path.isdir(directory):
        return _fail("export", f"{directory}: exists and is not a folder")
    try:
        os.makedirs(directory, exist_ok=True)
    except OSError as error:
        return _fail("export", f"{directory}: {error.strerror or error}")
    try:
        written = export_corpus(directory, games=args.games, cases=args.cases, seed=args.seed)
    except OSError as error:
        return _fail("export", f"{directory}: {error.strerror or error}", 1)
    files = ", ".join(
        f"{name} {lines}" for name, lines in written.items() if name.endswith(".jsonl")
    )
    print(f"Wrote the corpus to {directory}: lines per file: {files}.")
    return 0


def _run_check(args: argparse.Namespace) -> int:
    answers: str | None = args.answers
    try:
        if answers is None:
            report = check_corpus(args.directory)
        else:
            report = check_answers(args.directory, answers)
    except CorpusError as error:
        where = error.where
        if where not in (args.directory, answers):
            where = os.path.join(args.directory, where)
        return _fail("check", f"{where}: {error.reason}")
    except OSError as error:  # the answers file cannot be opened
        return _fail("check", f"{answers}: {error.strerror or error}")
    args.status_if_cut = 0 if report.ok else 1  # the status when a reader closes the pipe
    for mismatch in report.mismatches:
        print(mismatch)
        if answers is not None:
            for rule in _quoted(mismatch):
                print(f"    {rule}: {_cut(rule_text(rule))}")
    count = len(report.mismatches)
    if answers is None:
        summary = (
            f"Checked {report.cases} cases, {report.counts} path counts and {report.tables} "
            f"tables written by {report.corpus} against {report.library}: "
        )
    else:
        summary = (
            f"Checked the answers of {answers} to {report.cases} cases, {report.counts} path "
            f"counts and {report.tables} tables against the corpus written by {report.corpus}: "
        )
    if report.ok:
        print(summary + ("no mismatch." if answers is None else "no disagreement."))
        return 0
    noun = ("mismatch", "mismatches") if answers is None else ("disagreement", "disagreements")
    print(summary + f"{count} {noun[0] if count == 1 else noun[1]}.")
    return 1


def _quoted(mismatch: Mismatch) -> tuple[str, ...]:
    """The rules whose text follows a disagreement: its own rule, else the case's."""
    return (mismatch.rule,) if mismatch.rule is not None else mismatch.rule_ids


def _cut(text: str, size: int = 200) -> str:
    return text if len(text) <= size else text[: size - 1] + "…"
