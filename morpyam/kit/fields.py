"""Reading the fields of a JSON document, the same way in every reader of the three games.

The state, observation, record, rules and layout readers of Morpyam, the
score sheet and MyRummy all read untrusted text. They share these readers so
that a document is refused the same way whichever game wrote it: text over
`MAX_TEXT_SIZE` before parsing, a key given twice, a number of thousands of
digits, an integer outside 64 bits or outside its range, a member no reader
knows. Each raises a `FileFormatError` whose ``where`` names the field
(``"rules.players"``, ``"racks[1][3]"``).

Examples:
    >>> table = read_table(parse_json('{"players": 2}'), "document")
    >>> read_int(table["players"], "players", 1, 4)
    2
    >>> parse_json('{"players": 2, "players": 3}')["players"]
    3
    >>> read_table(parse_json('{"players": 2, "players": 3}'), "document")
    Traceback (most recent call last):
    ...
    morpyam.errors.FileFormatError: players: given more than once
"""

from __future__ import annotations

import json
import re
from collections.abc import Collection, Mapping, Sequence
from typing import Any, TypeVar

import attrs

from morpyam.errors import FileFormatError, InvalidStateError

__all__ = [
    "MAX_NESTING",
    "MAX_TEXT_SIZE",
    "check_fields",
    "check_size",
    "describe",
    "field_at",
    "inside",
    "json_document",
    "json_object",
    "number_error",
    "parse_json",
    "read_attrs",
    "read_bool",
    "read_int",
    "read_ints",
    "read_list",
    "read_str",
    "read_table",
    "require_format",
    "require_state",
    "short_text",
    "text_position",
    "too_deep",
]

MAX_TEXT_SIZE = 1024 * 1024
"""The largest text read: characters of a ``str``, bytes of a file (1 MiB).

Anything bigger is refused before it is parsed. A rules file is about 1 KiB.
"""

MAX_NESTING = 32
"""The deepest nesting of arrays and objects read (the documents of the three games need
at most 5); deeper text is refused before it is parsed, whatever Python's own limits."""

_INT_MIN, _INT_MAX = -(2**63), 2**63 - 1  # TOML's integer range, and every file's
_BARE_KEY = re.compile(r"[A-Za-z0-9_-]+")
_T = TypeVar("_T")


class _Repeated(dict[str, Any]):
    """A JSON object that gave ``key`` more than once (JSON allows it; we do not)."""

    key: str = ""


def json_object(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    """The ``object_pairs_hook`` of `parse_json`: a table, marked when a key came twice,
    so that `read_table` refuses it where it stands."""
    table = dict(pairs)
    if len(table) == len(pairs):
        return table
    repeated = _Repeated(table)
    seen: set[str] = set()
    for key, _ in pairs:
        if key in seen:
            repeated.key = key
            break
        seen.add(key)
    return repeated


def short_text(text: str) -> str:
    """``repr(text)``, cut short so that an error message stays readable."""
    return repr(text) if len(text) <= 40 else repr(text[:37] + "...")


def describe(value: object) -> str:
    """A value in file words: "the string '5'", "a table", "the boolean true"."""
    if value is None:
        return "null"
    if isinstance(value, bool):
        return f"the boolean {'true' if value else 'false'}"
    if isinstance(value, int):
        return f"the integer {value}" if value.bit_length() <= 64 else "a huge integer"
    if isinstance(value, float):
        return f"the float {value!r}"
    if isinstance(value, str):
        return f"the string {short_text(value)}"
    if isinstance(value, Mapping):
        return "a table"
    if isinstance(value, (list, tuple)):
        return "a list"
    return f"a value of type {type(value).__name__}"


def field_at(where: str, key: str) -> str:
    """The location of ``key`` inside the table at ``where`` (an odd or long key is quoted)."""
    shown = key if _BARE_KEY.fullmatch(key) and len(key) <= 40 else short_text(key)
    return shown if where == "document" else f"{where}.{shown}"


def read_table(value: object, where: str) -> Mapping[str, Any]:
    """A table whose keys are strings, none of them given twice."""
    if not isinstance(value, Mapping):
        raise FileFormatError(where, f"expected a table, got {describe(value)}")
    for key in value:
        if not isinstance(key, str):
            raise FileFormatError(where, f"keys must be strings, got {describe(key)}")
    if isinstance(value, _Repeated):
        raise FileFormatError(field_at(where, value.key), "given more than once")
    return value


def read_list(value: object, where: str) -> Sequence[Any]:
    """A list."""
    if not isinstance(value, (list, tuple)):
        raise FileFormatError(where, f"expected a list, got {describe(value)}")
    return value


def read_int(value: object, where: str, low: int | None = None, high: int | None = None) -> int:
    """An integer that a file can hold (64 bits; a boolean is none), from ``low`` to ``high``
    when both are given."""
    if type(value) is not int:  # a bool is not an int here
        raise FileFormatError(where, f"expected an integer, got {describe(value)}")
    if not _INT_MIN <= value <= _INT_MAX:
        raise FileFormatError(where, "integer out of range: files hold 64-bit integers")
    if low is not None and high is not None and not low <= value <= high:
        raise FileFormatError(where, f"expected {low} to {high}, got {value}")
    return value


def read_ints(value: object, where: str, low: int, high: int) -> tuple[int, ...]:
    """A list of integers from ``low`` to ``high``; an item out of range is named by its index."""
    return tuple(
        read_int(item, f"{where}[{index}]", low, high)
        for index, item in enumerate(read_list(value, where))
    )


def read_bool(value: object, where: str) -> bool:
    """``true`` or ``false`` (an integer is no boolean here)."""
    if type(value) is not bool:  # an int is not a bool here
        raise FileFormatError(where, f"expected true or false, got {describe(value)}")
    return value


def read_str(value: object, where: str) -> str:
    """A string."""
    if not isinstance(value, str):
        raise FileFormatError(where, f"expected a string, got {describe(value)}")
    return value


def check_fields(
    table: Mapping[str, Any],
    known: Sequence[str],
    where: str = "document",
    *,
    required: Sequence[str] = (),
) -> None:
    """Refuse a member of ``table`` (the table at ``where``) that is not ``known``, naming the
    known ones, then a ``required`` member that is missing."""
    for key in table:
        if key not in known:
            raise FileFormatError(
                field_at(where, key), f"unknown field; the fields are {', '.join(known)}"
            )
    for key in required:
        if key not in table:
            raise FileFormatError(key if where == "document" else f"{where}.{key}", "missing")


def read_attrs(value: object, where: str, kind: type[_T], *, optional: Collection[str] = ()) -> _T:
    """A ``kind`` value (an attrs class, a game's ``Rules``) from the table of its fields at
    ``where``: each field given but the ``optional`` ones (read at their default), no other
    member, integers within 64 bits; what ``kind`` itself refuses is said at ``where``."""
    names = tuple(field.name for field in attrs.fields(kind))  # type: ignore[arg-type]
    table = read_table(value, where)
    check_fields(table, names, where)
    for key in names:
        if key not in table and key not in optional:
            raise FileFormatError(f"{where}.{key}", "missing")
        item = table.get(key)
        if type(item) is int:
            read_int(item, f"{where}.{key}")  # 64-bit, as every file
    try:
        return kind(**table)
    except ValueError as error:
        raise FileFormatError(where, str(error)) from None


def require_format(
    table: Mapping[str, Any], expected: str, what: str, others: Mapping[str, str] | None = None
) -> None:
    """Refuse a document whose ``format`` is missing or not ``expected``; ``what`` names the
    document (``"a MyRummy state"``), ``others`` what another format is (``"a game record"``)."""
    if "format" not in table:
        raise FileFormatError("format", f'missing; {what} says "format": "{expected}"')
    given = read_str(table["format"], "format")
    if given != expected and given.partition("/")[0] == expected.partition("/")[0]:
        raise FileFormatError(
            "format", f"unsupported version {short_text(given)}; this library reads {expected!r}"
        )
    if given != expected:
        this = (others or {}).get(given, f"the format {short_text(given)}")
        raise FileFormatError("format", f"this is {this}, not {what} ({expected!r})")


def require_state(condition: bool, where: str, reason: str) -> None:
    """Refuse a state whose fields disagree: an `InvalidStateError` at ``where`` unless ``condition``."""
    if not condition:
        raise InvalidStateError(where, reason)


def inside(prefix: str, error: FileFormatError) -> FileFormatError:
    """``error`` about a value nested at ``prefix`` (said once, however deep)."""
    if error.where in ("document", prefix):
        return FileFormatError(prefix, error.reason)
    if error.where.startswith(f"{prefix}.") or error.where.startswith(f"{prefix}, "):
        return error
    return FileFormatError(f"{prefix}.{error.where}", error.reason)


def check_size(text: str) -> None:
    """Refuse anything but a ``str`` of at most `MAX_TEXT_SIZE` characters, before any work."""
    if not isinstance(text, str):
        raise FileFormatError("document", f"expected text (str), got {type(text).__name__}")
    if len(text) > MAX_TEXT_SIZE:
        raise FileFormatError(
            "document", f"{len(text):,} characters; at most {MAX_TEXT_SIZE:,} are read"
        )


def text_position(text: str, index: int) -> str:
    """Where ``index`` is in ``text``, as ``"line 3, column 7"`` (from 1)."""
    line = text.count("\n", 0, index) + 1
    column = index - (text.rfind("\n", 0, index) + 1) + 1
    return f"line {line}, column {column}"


def number_error(text: str, error: ValueError) -> FileFormatError:
    """Python refuses to read integers of thousands of digits: say which one."""
    runs = list(re.finditer(r"[0-9]+", text))
    if not runs:
        return FileFormatError("document", str(error))
    longest = max(runs, key=lambda run: run.end() - run.start())
    digits = longest.end() - longest.start()
    return FileFormatError(
        text_position(text, longest.start()), f"a number of {digits:,} digits is not read"
    )


_JSON_STRING = re.compile(r'"(?:[^"\\]|\\.)*"', re.DOTALL)
_BRACKET = re.compile(r"[\[\]{}]")


def too_deep(text: str, limit: int) -> bool:
    """Whether the JSON ``text`` nests arrays and objects deeper than ``limit``, outside its
    strings; read in one pass that stops at the first bracket too deep.

    Examples:
        >>> too_deep('[[1], {"a": [2]}]', 2), too_deep('[[1], {"a": [2]}]', 3)
        (True, False)
        >>> too_deep('["[[[[", 1]', 1)
        False
    """
    if text.count("[") + text.count("{") <= limit:
        return False
    depth = 0
    for bracket in _BRACKET.finditer(_JSON_STRING.sub('""', text)):
        if bracket.group() in "[{":
            depth += 1
            if depth > limit:
                return True
        else:
            depth -= 1
    return False


def parse_json(text: str) -> Any:
    """A JSON text, read safely: sized first, each table marked if it gave a key twice,
    a syntax error, nesting deeper than `MAX_NESTING` or a huge number refused with
    where it is."""
    check_size(text)
    if too_deep(text, MAX_NESTING):
        raise FileFormatError("document", "nested too deeply")
    try:
        return json.loads(text, object_pairs_hook=json_object)
    except json.JSONDecodeError as error:
        raise FileFormatError(f"line {error.lineno}, column {error.colno}", error.msg) from None
    except RecursionError:
        raise FileFormatError("document", "nested too deeply") from None
    except ValueError as error:
        raise number_error(text, error) from None


def json_document(data: Mapping[str, object]) -> str:
    """``data`` as every document of the package is written: indented, UTF-8, a final newline."""
    return json.dumps(data, indent=2, ensure_ascii=False, allow_nan=False) + "\n"
