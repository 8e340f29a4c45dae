"""What a check finds: `Mismatch` and `CheckReport`, and the readers of a case's members that
report a malformed one; shared by the checks of cases, counts, tables and answers."""

from __future__ import annotations

import json
import re
from collections.abc import Mapping
from fractions import Fraction
from typing import Any

import attrs

from morpyam.vectors._cases import fraction_text

__all__ = [
    "SHOWN",
    "CheckReport",
    "MalformedError",
    "Mismatch",
    "cut",
    "fraction",
    "get",
    "ints",
    "named",
    "short",
    "texts",
]

SHOWN = 5
"""The most legal actions named per case and kind of difference; the rest are counted."""


@attrs.frozen
class Mismatch:
    """One difference between the corpus and the library, or a case the check cannot read."""

    file: str
    line: int
    """The line of the case, from 1; 0 for a difference of a whole file."""
    case: str
    """The case's id (or ``"?"`` when it has none)."""
    rule_ids: tuple[str, ...]
    """The rule IDs the case exercises, as the corpus names them."""
    what: str
    """What differs, in words; a refusal names its rule IDs."""
    rule: str | None = None
    """The rule ID the difference is about, when there is one: the library's refusal, else the
    corpus's."""

    def __str__(self) -> str:
        """``file:line: case: what``, then the case's rule IDs unless ``what`` names the rule;
        ``file: what`` for a difference of a whole file (line 0)."""
        if self.line == 0:
            return f"{self.file}: {self.what}"
        text = f"{self.file}:{self.line}: {self.case}: {self.what}"
        if self.rule is None and self.rule_ids:
            text += f" (the case exercises {', '.join(self.rule_ids)})"
        return text


@attrs.frozen
class CheckReport:
    """What `check_corpus` found."""

    corpus: str
    """The library that wrote the corpus, as its manifest says (``"morpyam 1.0.0"``)."""
    library: str
    """The library that checked it."""
    cases: int
    """Cases replayed."""
    counts: int
    """Lines of path counts replayed."""
    mismatches: tuple[Mismatch, ...]
    tables: int = 0
    """Tables (lines of ``tables.jsonl``) replayed."""

    @property
    def ok(self) -> bool:
        """Whether the corpus and the library agree everywhere."""
        return not self.mismatches


class MalformedError(Exception):
    """A member of a case that is missing or of the wrong type."""


def get(case: Mapping[str, Any], key: str, kind: type | tuple[type, ...]) -> Any:
    """The member ``key`` of ``case``, of type ``kind``.

    Raises:
        MalformedError: when it is missing or of another type.
    """
    value = case.get(key)
    if not isinstance(value, kind) or (isinstance(value, bool) and kind is int):
        raise MalformedError(f"the member {key!r} is missing or not {kind_name(kind)}")
    return value


def kind_name(kind: type | tuple[type, ...]) -> str:
    names = {str: "text", int: "a number", list: "a list", dict: "an object", type(None): "null"}
    kinds = kind if isinstance(kind, tuple) else (kind,)
    return " or ".join(names.get(k, k.__name__) for k in kinds)


def texts(case: Mapping[str, Any], key: str) -> list[str]:
    """The member ``key`` of ``case``, a list of text.

    Raises:
        MalformedError: when it is missing or holds something else.
    """
    values: list[Any] = get(case, key, list)
    if not all(isinstance(value, str) for value in values):
        raise MalformedError(f"the member {key!r} holds something that is not text")
    return values


def ints(case: Mapping[str, Any], key: str) -> list[int]:
    """The member ``key`` of ``case``, a list of whole numbers.

    Raises:
        MalformedError: when it is missing or holds something else.
    """
    values: list[Any] = get(case, key, list)
    if not all(type(value) is int for value in values):
        raise MalformedError(f"the member {key!r} holds something that is not a whole number")
    return values


_FRACTION = re.compile(r"(0|[1-9][0-9]{0,30})/([1-9][0-9]{0,30})", re.ASCII)


def fraction(text: object, where: str) -> Fraction:
    """A probability as the corpus writes it (``"1/6"``, in lowest terms), read exactly.

    Raises:
        MalformedError: for anything else, naming ``where``.
    """
    match = _FRACTION.fullmatch(text) if isinstance(text, str) else None
    if match is None:
        raise MalformedError(f'{where}: {short(text)} is not a fraction such as "1/6"')
    value = Fraction(int(match[1]), int(match[2]))
    if fraction_text(value) != text:
        raise MalformedError(
            f"{where}: {short(text)} is not in lowest terms (the corpus writes "
            f"{short(fraction_text(value))})"
        )
    return value


def short(value: object) -> str:
    """``value`` as JSON for a message: at most 80 characters."""
    text = json.dumps(value, ensure_ascii=False, sort_keys=True)
    return text if len(text) <= 80 else text[:77] + "…"


def cut(text: str) -> str:
    """``text`` for a message: at most 100 characters."""
    return text if len(text) <= 100 else text[:99] + "…"


def named(actions: list[str]) -> str:
    """Actions for a message: the first few in backquotes, and how many more."""
    shown = ", ".join(f"`{cut(action)}`" for action in actions[:SHOWN])
    more = len(actions) - SHOWN
    return shown + (f" and {more} more" if more > 0 else "")
