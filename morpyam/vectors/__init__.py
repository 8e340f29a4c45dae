"""Test vectors: the three games' rules as a corpus that any implementation can check itself against.

A corpus is a folder of JSON Lines files (`morpyam.vectors._corpus`): for
each game, positions chosen to cover every rule ID of the rule book and
positions from seeded play, each with its legal actions, its chance
outcomes with exact probabilities, actions tried on it (the state after, or
the rule ID of the refusal) and its scores; and path counts from fixed
positions (`morpyam.vectors._counts`). `export_corpus` writes one,
`check_corpus` replays one against this library and reports every
mismatch, and `check_answers` compares another implementation's answers
with a corpus. The documentation's page "Checking another implementation"
describes the format member by member.

Examples:
    >>> import tempfile
    >>> with tempfile.TemporaryDirectory() as folder:
    ...     written = export_corpus(folder, games=["yahtzee"], cases=1)
    ...     report = check_corpus(folder)
    >>> report.ok, report.mismatches
    (True, ())
"""

from morpyam.vectors._answers import check_answers
from morpyam.vectors._check import CheckReport, Mismatch, check_corpus
from morpyam.vectors._corpus import (
    FORMAT,
    CorpusError,
    export_corpus,
    read_lines,
    read_manifest,
    read_values,
)
from morpyam.vectors._counts import PathCount, count_paths
from morpyam.vectors._kits import GAMES

__all__ = [
    "FORMAT",
    "GAMES",
    "CheckReport",
    "CorpusError",
    "Mismatch",
    "PathCount",
    "check_answers",
    "check_corpus",
    "count_paths",
    "export_corpus",
    "read_lines",
    "read_manifest",
    "read_values",
]
