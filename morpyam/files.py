"""Rules and grids as files: TOML, JSON and grid text (rules are data).

A table that plays a house variant, an app that offers custom grids or a
research run that records its settings needs `Rules`
and `Layout` values as plain files that people can
write by hand and programs can read safely. This module reads and writes
them:

- a **rules file** holds every knob of `Rules` (``format = "morpyam-rules/1"``),
  or names a preset, the number of players and only the knobs that differ;
- a **layout file** holds one grid (``format = "morpyam-layout/1"``), in TOML
  or JSON, or as the grid text of R-GRID-2 (``.txt``).

Files are untrusted input. Reading never evaluates anything (JSON goes
through ``json.loads``, TOML through ``tomllib``), refuses texts bigger than
`MAX_TEXT_SIZE` before parsing them, and checks
every value: an unknown field, a wrong type, an unknown label, a grid of the
wrong shape or a set of knobs that `Rules` itself refuses is a
`FileFormatError` that says where the problem
is. A read gives a whole value or an error, never part of one.

Examples:
    >>> from morpyam import Rules
    >>> rules = rules_from_toml('preset = "classic"\\nplayers = 3\\nvoluntary_pass = false\\n')
    >>> rules.tokens_per_player, rules.voluntary_pass
    (11, False)
    >>> rules_from_toml(rules_to_toml(rules)) == rules
    True
"""

from __future__ import annotations

import importlib
import json
import os
import re
import sys
from collections.abc import Callable, Mapping, Sequence
from pathlib import Path
from types import MappingProxyType
from typing import Any

import attrs

from morpyam.errors import FileFormatError
from morpyam.figures import Figure, Label, Special, parse_label
from morpyam.kit.fields import (
    MAX_NESTING,
    MAX_TEXT_SIZE,
    check_fields,
    check_size,
    describe,
    field_at,
    inside,
    json_document,
    json_object,
    number_error,
    parse_json,
    read_bool,
    read_int,
    read_list,
    read_str,
    read_table,
    short_text,
    text_position,
    too_deep,
)
from morpyam.kit.paths import STDIN as _STDIN
from morpyam.kit.paths import read_text as _read
from morpyam.kit.paths import write_text as _write
from morpyam.layouts import Layout, LayoutError
from morpyam.rules import (
    CALL_MISS_LOSSES,
    CALLED_MORPYAM_CELLS,
    DAVERSA_COUNTS,
    DAVERSA_READINGS,
    DIAGONALS,
    MISSED_CALL_VOIDS,
    PRESETS,
    SHOWN_FIGURE_READINGS,
    TIE_BREAKS,
    Daversa,
    Rules,
)

__all__ = [
    "LAYOUT_FORMAT",
    "LAYOUT_PRESETS",
    "MAX_GRID_SIDE",
    "MAX_TEXT_SIZE",
    "OFF",
    "RULES_FIELDS",
    "RULES_FORMAT",
    "RULES_PRESETS",
    "FileFormatError",
    "layout_from_dict",
    "layout_from_json",
    "layout_from_text",
    "layout_from_toml",
    "layout_to_dict",
    "layout_to_json",
    "layout_to_text",
    "layout_to_toml",
    "load_layout",
    "load_rules",
    "rules_from_dict",
    "rules_from_json",
    "rules_from_toml",
    "rules_to_dict",
    "rules_to_json",
    "rules_to_toml",
    "rules_with",
    "save_layout",
    "save_rules",
]

# The names these helpers had here before they moved to the kit (other modules import them).
_check_fields = check_fields
_check_size = check_size
_describe = describe
_at = field_at
_inside = inside
_json_document = json_document
_json_object = json_object
_number_error = number_error
_parse_json = parse_json
_bool = read_bool
_int = read_int
_list = read_list
_str = read_str
_table = read_table
_short = short_text
_position = text_position

RULES_FORMAT = "morpyam-rules/1"
"""The ``format`` value of a rules file (optional when reading)."""
LAYOUT_FORMAT = "morpyam-layout/1"
"""The ``format`` value of a layout file (optional when reading)."""

MAX_GRID_SIDE = 26
"""The most rows, and the most columns, of a grid in a file.

Columns are named by the letters a to z; rows get the same bound so that a
hostile file cannot make a grid whose tables take minutes to build.
"""

OFF = "off"
"""How a file writes ``None`` for ``ko_length`` and ``daversa``: TOML has no null."""

RULES_FIELDS: tuple[str, ...] = (
    "players",
    "tokens_per_player",
    "layout",
    "run_points",
    "ko_length",
    "end_bonus",
    "sec_figures",
    "callable",
    "voluntary_pass",
    "called_morpyam_replays",
    "forbid_calling_shown_figure",
    "daversa",
    "tile_setup",
    "call_miss_loses",
    "missed_call_voids",
    "morpyam_at_once",
    "called_morpyam_cells",
    "sec_call_morpyam_replays",
    "lost_turns",
    "shown_figure_means",
    "diagonals",
    "call_needs_free_cell",
    "morpyam_is_full",
    "daversa_counts",
    "tie_break",
)
"""The fields of a rules file besides ``format`` and ``preset``: every knob of `Rules`.

A file without a preset gives every field up to ``tile_setup``; the readings
after it (``call_miss_loses`` on) may be left out, keeping the library's
reading, so that files written before they existed still read the same.
"""
_REQUIRED_FIELDS = RULES_FIELDS[: RULES_FIELDS.index("tile_setup") + 1]

RULES_PRESETS: Mapping[str, Callable[[int], Rules]] = PRESETS
"""The names a rules file may give as ``preset``, with the `Rules` preset each one calls."""

LAYOUT_PRESETS: Mapping[str, Callable[[], Layout]] = MappingProxyType(
    {"classic": Layout.classic, "flash": Layout.flash}
)
"""The names a rules file may give as its ``layout`` instead of rows."""

_TOML_NAME = "tomllib" if sys.version_info >= (3, 11) else "tomli"
_TOML_POSITION = re.compile(r"\s*\(at (?:line (\d+), column (\d+)|end of document)\)\s*$")
_LENGTH_KEY = re.compile(r"[1-9][0-9]{0,17}")
_BARE_KEY = re.compile(r"[A-Za-z0-9_-]+")
_TOML_ESCAPES = {
    '"': '\\"',
    "\\": "\\\\",
    "\b": "\\b",
    "\t": "\\t",
    "\n": "\\n",
    "\f": "\\f",
    "\r": "\\r",
}
_LABEL_NAMES = ", ".join(label.name for label in (*Figure, *Special))
# Rules' own refusals (ValueError) name a rule ID or a field; this says which
# field of the file each one is about. Anything else is about the whole "rules".
_RULE_FIELD = {
    "R-CALL-2": "callable",
    "R-CELL-2": "sec_figures",
    "R-CELL-3": "callable",
    "R-END-1": "ko_length",
    "R-LINE-2": "run_points",
    "R-MOR-3": "daversa",
}

# The rule each field is a knob of, named with a refusal the reader makes itself.
_FIELD_RULE = {
    "players": "R-SET-2",
    "tokens_per_player": "R-SET-2",
    "layout": "R-GRID-1",
    "run_points": "R-LINE-2",
    "ko_length": "R-END-1",
    "end_bonus": "R-END-2",
    "sec_figures": "R-CELL-2",
    "callable": "R-CALL-2",
    "voluntary_pass": "R-TURN-4",
    "called_morpyam_replays": "R-CALL-5",
    "forbid_calling_shown_figure": "R-CALL-8",
    "daversa": "R-MOR-3",
    "tile_setup": "R-VAR-PLUS",
    "call_miss_loses": "R-CALL-7",
    "missed_call_voids": "R-CALL-6",
    "morpyam_at_once": "R-MOR-1",
    "called_morpyam_cells": "R-CALL-5",
    "sec_call_morpyam_replays": "R-MOR-2",
    "lost_turns": "R-END-5",
    "shown_figure_means": "R-CALL-8",
    "diagonals": "R-LINE-1",
    "call_needs_free_cell": "R-CALL-4",
    "morpyam_is_full": "R-FIG-4",
    "daversa_counts": "R-MOR-3",
    "tie_break": "R-END-3",
}


# ---------------------------------------------------------------------------
# Checking values read from a file


def _int_or_off(value: object, where: str) -> int | None:
    if isinstance(value, str) and value == OFF:
        return None
    if type(value) is not int:
        hint = f' (write "{OFF}" to turn it off)' if value is None else ""
        raise FileFormatError(
            where, f'expected an integer or "{OFF}", got {_describe(value)}{hint}'
        )
    return _int(value, where)


def _daversa(value: object, where: str) -> Daversa | None:
    text = _str(value, where)
    if text == OFF:
        return None
    for reading in DAVERSA_READINGS:
        if text == reading:
            return reading
    choices = ", ".join(f'"{choice}"' for choice in (OFF, *DAVERSA_READINGS))
    raise FileFormatError(where, f"expected one of {choices}, got {_describe(value)}")


def _choice(choices: tuple[str, ...]) -> Callable[[object, str], str]:
    def read(value: object, where: str) -> str:
        text = _str(value, where)
        if text not in choices:
            listed = ", ".join(f'"{choice}"' for choice in choices)
            raise FileFormatError(where, f"expected one of {listed}, got {_describe(value)}")
        return text

    return read


def _labels(value: object, where: str) -> frozenset[Label]:
    seen: dict[Label, int] = {}
    for index, item in enumerate(_list(value, where)):
        at = f"{where}[{index}]"
        text = _str(item, at)
        try:
            label = parse_label(text)
        except ValueError:
            raise FileFormatError(
                at, f"unknown label {_short(text)}; the labels are {_LABEL_NAMES}"
            ) from None
        if label in seen:
            raise FileFormatError(at, f"{label.name} is listed twice (also at [{seen[label]}])")
        seen[label] = index
    return frozenset(seen)


def _run_points(value: object, where: str) -> dict[int, int]:
    points: dict[int, int] = {}
    for key, worth in _table(value, where).items():
        at = _at(where, key)
        if not _LENGTH_KEY.fullmatch(key):
            raise FileFormatError(
                at, 'a key is a run length: a whole number from 1, in digits, like "3"'
            )
        points[int(key)] = _int(worth, at)
    return points


def _shape(value: object, where: str) -> tuple[int, int]:
    items = _list(value, where)
    if len(items) != 2:
        raise FileFormatError(where, f"expected [rows, columns], got a list of {len(items)}")
    rows, columns = (_int(item, f"{where}[{index}]") for index, item in enumerate(items))
    for index, side in enumerate((rows, columns)):
        if not 1 <= side <= MAX_GRID_SIDE:
            raise FileFormatError(f"{where}[{index}]", f"expected 1 to {MAX_GRID_SIDE}, got {side}")
    return rows, columns


def _grid_text(text: str, where: str, shape: tuple[int, int] | None) -> Layout:
    """A grid written as one text (R-GRID-2), as ``Layout.parse`` reads it."""
    prefix = f"{where}, " if where else ""
    content = 0
    for number, line in enumerate(text.splitlines(), 1):
        stripped = line.strip()
        if stripped and not stripped.startswith("#"):
            content += 1
            if content > MAX_GRID_SIDE:
                raise FileFormatError(
                    f"{prefix}line {number}", f"more than {MAX_GRID_SIDE} rows in a grid"
                )
    try:
        return Layout.parse(text, shape=shape)
    except LayoutError as error:
        raise FileFormatError(
            f"{prefix}line {error.line}, column {error.column}", error.reason
        ) from None
    except ValueError as error:  # Layout's own refusals, such as more than 26 columns
        raise FileFormatError(where or "document", str(error)) from None


def _grid_rows(value: Sequence[Any], where: str, shape: tuple[int, int] | None) -> Layout:
    """A grid written as a list of row strings of labels."""
    if not value:
        raise FileFormatError(where, "a grid needs at least one row")
    if len(value) > MAX_GRID_SIDE:
        raise FileFormatError(where, f"{len(value)} rows; a grid has at most {MAX_GRID_SIDE}")
    if shape is not None and len(value) != shape[0]:
        raise FileFormatError(where, f"{len(value)} rows, expected {shape[0]}")
    for number, row in enumerate(value, 1):
        at = f"{where}, row {number}"
        text = _str(row, at)
        if len(f"{text}.".splitlines()) > 1:  # "." so that a final line break counts too
            raise FileFormatError(at, "a row is one line of labels")
        if not text.strip():
            raise FileFormatError(at, "a row without labels")
        if text.lstrip().startswith("#"):
            raise FileFormatError(at, "a row is labels, not a # comment")
    # One row per line, so Layout.parse's line numbers are row numbers.
    try:
        return Layout.parse("\n".join(value), shape=shape)
    except LayoutError as error:
        raise FileFormatError(
            f"{where}, row {error.line}, column {error.column}", error.reason
        ) from None
    except ValueError as error:
        raise FileFormatError(where, str(error)) from None


def _grid(value: object, where: str, shape: tuple[int, int] | None) -> Layout:
    if isinstance(value, str):
        return _grid_text(value, where, shape)
    if isinstance(value, (list, tuple)):
        return _grid_rows(value, where, shape)
    raise FileFormatError(
        where, f"expected a list of row strings or a grid text, got {_describe(value)}"
    )


def _rules_layout(value: object, where: str) -> Layout:
    if isinstance(value, str) and len(value.splitlines()) <= 1:
        if value in LAYOUT_PRESETS:
            return LAYOUT_PRESETS[value]()
        names = ", ".join(f'"{name}"' for name in LAYOUT_PRESETS)
        raise FileFormatError(
            where,
            f"unknown layout {_short(value)}: give {names}, a list of row strings "
            "or a grid text of several lines",
        )
    return _grid(value, where, None)


_READERS: dict[str, Callable[[object, str], Any]] = {
    "players": _int,
    "tokens_per_player": _int,
    "layout": _rules_layout,
    "run_points": _run_points,
    "ko_length": _int_or_off,
    "end_bonus": _int,
    "sec_figures": _labels,
    "callable": _labels,
    "voluntary_pass": _bool,
    "called_morpyam_replays": _bool,
    "forbid_calling_shown_figure": _bool,
    "daversa": _daversa,
    "tile_setup": _bool,
    "call_miss_loses": _choice(CALL_MISS_LOSSES),
    "missed_call_voids": _choice(MISSED_CALL_VOIDS),
    "morpyam_at_once": _bool,
    "called_morpyam_cells": _choice(CALLED_MORPYAM_CELLS),
    "sec_call_morpyam_replays": _bool,
    "lost_turns": _bool,
    "shown_figure_means": _choice(SHOWN_FIGURE_READINGS),
    "diagonals": _choice(DIAGONALS),
    "call_needs_free_cell": _bool,
    "morpyam_is_full": _bool,
    "daversa_counts": _choice(DAVERSA_COUNTS),
    "tie_break": _choice(TIE_BREAKS),
}


def _check_format(table: Mapping[str, Any], expected: str, other: str) -> None:
    if "format" not in table:
        return
    value = _str(table["format"], "format")
    if value == expected:
        return
    if value == other:
        raise FileFormatError("format", f"this is a {other} file, not a {expected} file")
    raise FileFormatError("format", f"unknown format {_short(value)}; this reads {expected!r}")


def _rules_where(message: str) -> str:
    """The field a ``ValueError`` of `Rules` is about, from the rule ID or field it names."""
    match = re.search(r"Rules\.(\w+)", message)
    if match and match[1] in RULES_FIELDS:
        return match[1]
    match = re.match(r"(R-[A-Z0-9]+-\d+)", message)
    return _RULE_FIELD.get(match[1], "rules") if match else "rules"


# ---------------------------------------------------------------------------
# Dicts


def rules_to_dict(rules: Rules) -> dict[str, Any]:
    """Every knob of ``rules`` as plain data that JSON and TOML can both hold.

    Labels are written by name; sets as lists sorted by name; ``run_points``
    as a table from run length (a string: TOML keys are strings) to points;
    ``None`` (no KO, no KO R. D'Aversa) as ``"off"``; the layout as a list of
    row strings of grid codes.

    Raises:
        FileFormatError: for a value no file can hold: an integer beyond 64
            bits or a grid side beyond `MAX_GRID_SIDE`.
    """
    data: dict[str, Any] = {
        "format": RULES_FORMAT,
        "players": rules.players,
        "tokens_per_player": rules.tokens_per_player,
        "layout": _layout_rows(rules.layout, "layout"),
        "run_points": {str(length): points for length, points in rules.run_points},
        "ko_length": OFF if rules.ko_length is None else rules.ko_length,
        "end_bonus": rules.end_bonus,
        "sec_figures": sorted(label.name for label in rules.sec_figures),
        "callable": sorted(label.name for label in rules.callable),
        "voluntary_pass": rules.voluntary_pass,
        "called_morpyam_replays": rules.called_morpyam_replays,
        "forbid_calling_shown_figure": rules.forbid_calling_shown_figure,
        "daversa": OFF if rules.daversa is None else rules.daversa,
        "tile_setup": rules.tile_setup,
    }
    for field in RULES_FIELDS[len(_REQUIRED_FIELDS) :]:
        data[field] = getattr(rules, field)
    # Rules bounds every integer by the grid but these two: keep them in TOML's range.
    _int(rules.end_bonus, "end_bonus")
    for length, points in rules.run_points:
        _int(length, "run_points")
        _int(points, f"run_points.{length}")
    return data


def rules_from_dict(data: Mapping[str, Any]) -> Rules:
    """Build `Rules` from plain data, checking every value.

    ``data`` holds every field of `RULES_FIELDS`
    (as `rules_to_dict` writes them), or a
    ``preset`` (a name of `RULES_PRESETS`), the
    number of ``players`` and any fields that differ from the preset.
    ``format`` may be left out. Labels may be names or grid codes. ``layout``
    may also be a preset name (``"classic"``, ``"flash"``) or a grid text of
    several lines (as `Layout.parse` reads it,
    any rectangle).

    Raises:
        FileFormatError: saying where: unknown or missing fields, wrong types,
            unknown labels or presets, a ragged grid, or knobs that `Rules`
            refuses (its message, with the rule ID).
    """
    table = _table(data, "document")
    _check_format(table, RULES_FORMAT, LAYOUT_FORMAT)
    _check_fields(table, ("format", "preset", *RULES_FIELDS))
    # Every field given: the classic preset is only a start that every field replaces.
    preset: Callable[[int], Rules] = Rules.classic
    if "preset" in table:
        name = _str(table["preset"], "preset")
        if name not in RULES_PRESETS:
            names = ", ".join(f'"{known}"' for known in RULES_PRESETS)
            raise FileFormatError("preset", f"unknown preset {_short(name)}; use {names}")
        preset = RULES_PRESETS[name]
        if "players" not in table:
            raise FileFormatError("players", "missing; a preset needs the number of players")
    else:
        missing = [field for field in _REQUIRED_FIELDS if field not in table]
        if missing:
            raise FileFormatError(
                missing[0],
                f"missing; give every field or a preset (missing: {', '.join(missing)})",
            )
    values = {field: _read_field(field, table[field]) for field in RULES_FIELDS if field in table}
    players = _int(values.pop("players"), "players")
    try:
        base = preset(players)
    except ValueError as error:  # R-SET-2: the presets know the player counts
        raise FileFormatError("players", str(error)) from None
    try:
        return attrs.evolve(base, **values)
    except ValueError as error:
        raise FileFormatError(_rules_where(str(error)), str(error)) from None


def _read_field(field: str, value: object) -> Any:
    """A field's value as read from the file, its refusal naming the rule of the field."""
    try:
        return _READERS[field](value, field)
    except FileFormatError as error:
        if error.reason.startswith("R-"):
            raise
        raise FileFormatError(error.where, f"{_FIELD_RULE[field]}: {error.reason}") from None


def _setting_value(text: str, where: str) -> object:
    """A command-line value: JSON when it reads as JSON, else a word; commas make a list.

    The JSON is read as a file's: within `MAX_TEXT_SIZE`, no repeated key (the field's
    reader refuses it), no nesting too deep, no number of thousands of digits; a refusal
    names ``where``, the field.
    """
    _check_size(text)
    if too_deep(text, MAX_NESTING):  # counted, not left to the interpreter's recursion
        raise FileFormatError(where, "nested too deeply")
    try:
        return json.loads(text, object_pairs_hook=_json_object)
    except json.JSONDecodeError:
        pass  # not JSON: a word
    except ValueError as error:  # Python's own limit on the digits of an integer
        raise FileFormatError(where, _number_error(text, error).reason) from None
    if "," in text:
        return [item.strip() for item in text.split(",") if item.strip()]
    return text


def rules_with(rules: Rules, settings: Sequence[str]) -> Rules:
    """``rules`` with knobs changed by ``FIELD=VALUE`` texts, as the command line's ``--rule``.

    A value is read as JSON when it can be (``true``, ``4``, ``{"3": 1}``),
    otherwise as a word (``long``, ``off``); a value with commas is a list of
    labels (``MAXI,MINI``). Each field is read and checked as in a rules file.

    Examples:
        >>> from morpyam import Rules
        >>> rules = rules_with(Rules.classic(), ["diagonals=long", "lost_turns=true"])
        >>> rules.diagonals, rules.lost_turns
        ('long', True)

    Raises:
        FileFormatError: for a text without ``=``, an unknown field, a field given
            twice, or a value the field refuses (read as in a file: no repeated key,
            no nesting too deep, 64-bit integers); ``where`` names the field.
    """
    data = rules_to_dict(rules)
    given: set[str] = set()
    for setting in settings:
        field, equals, value = setting.partition("=")
        field = field.strip()
        if not equals:
            raise FileFormatError(_short(setting), "expected FIELD=VALUE")
        if field not in RULES_FIELDS:
            raise FileFormatError(
                _short(field), f"unknown field; the fields are {', '.join(RULES_FIELDS)}"
            )
        if field in given:  # as a repeated key of a rules file
            raise FileFormatError(field, "given more than once")
        given.add(field)
        data[field] = _setting_value(value.strip(), field)
    return rules_from_dict(data)


def _layout_rows(layout: Layout, where: str) -> list[str]:
    if layout.height > MAX_GRID_SIDE:
        raise FileFormatError(
            where, f"{layout.height} rows; a grid file holds at most {MAX_GRID_SIDE}"
        )
    width = max(len(label.code) for label in layout.labels)
    return [" ".join(label.code.ljust(width) for label in row).rstrip() for row in layout.grid]


def layout_to_dict(layout: Layout) -> dict[str, Any]:
    """A grid as plain data: its ``shape`` ``[rows, columns]`` and its rows of grid codes.

    Raises:
        FileFormatError: for a grid of more than
            `MAX_GRID_SIDE` rows.
    """
    rows = _layout_rows(layout, "rows")
    return {"format": LAYOUT_FORMAT, "shape": [layout.height, layout.width], "rows": rows}


def layout_from_dict(data: Mapping[str, Any], *, shape: tuple[int, int] | None = None) -> Layout:
    """Build a `Layout` from plain data, checking every value.

    ``data`` has ``rows``: a list of row strings of labels (codes such as
    ``3×1`` or ``3x1``, or names), or one grid text of several lines; an
    optional ``shape`` ``[rows, columns]`` that the grid must have; and an
    optional ``format``. Without a shape, any rectangle of up to
    `MAX_GRID_SIDE` rows and columns is read.
    The caller's ``shape`` is a further demand (``(6, 6)`` for a game grid).

    Raises:
        FileFormatError: saying where, such as ``"rows, row 3, column 5"``.
    """
    table = _table(data, "document")
    _check_format(table, LAYOUT_FORMAT, RULES_FORMAT)
    _check_fields(table, ("format", "shape", "rows"))
    if "rows" not in table:
        raise FileFormatError("rows", "missing; a layout file gives its rows")
    if "shape" in table:
        given = _shape(table["shape"], "shape")
        if shape is not None and given != shape:
            raise FileFormatError(
                "shape", f"the grid is {given[0]}×{given[1]}, expected {shape[0]}×{shape[1]}"
            )
        shape = given
    return _grid(table["rows"], "rows", shape)


# ---------------------------------------------------------------------------
# Texts


def _toml_module() -> Any:
    try:
        return importlib.import_module(_TOML_NAME)
    except ImportError:
        raise FileFormatError(
            "document", "reading TOML needs Python 3.11 or newer, or the tomli package"
        ) from None


def _parse_toml(text: str) -> Any:
    _check_size(text)
    toml = _toml_module()
    try:
        return toml.loads(text)
    except toml.TOMLDecodeError as error:
        message = str(error)
        match = _TOML_POSITION.search(message)
        reason = getattr(error, "msg", None) or (message[: match.start()] if match else message)
        line, column = getattr(error, "lineno", None), getattr(error, "colno", None)
        if line is not None and column is not None:
            where = f"line {line}, column {column}"
        elif match and match[1]:
            where = f"line {match[1]}, column {match[2]}"
        elif match:
            where = _position(text, len(text))
        else:
            where = "document"
        raise FileFormatError(where, reason) from None
    except RecursionError:
        raise FileFormatError("document", "nested too deeply") from None
    except ValueError as error:
        raise _number_error(text, error) from None


def _toml_string(text: str) -> str:
    """``text`` as a TOML basic string, escaped as the TOML spec requires."""
    out = ['"']
    for char in text:
        if char in _TOML_ESCAPES:
            out.append(_TOML_ESCAPES[char])
        elif char < " " or char == "\x7f":
            out.append(f"\\u{ord(char):04X}")
        else:
            out.append(char)
    out.append('"')
    return "".join(out)


def _toml_key(key: str) -> str:
    return key if _BARE_KEY.fullmatch(key) else _toml_string(key)


def _toml_value(value: object) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int):
        return str(value)
    if isinstance(value, str):
        return _toml_string(value)
    if isinstance(value, list):
        if value and all(isinstance(item, str) for item in value):
            return "[\n" + "".join(f"    {_toml_string(item)},\n" for item in value) + "]"
        return "[" + ", ".join(_toml_value(item) for item in value) + "]"
    raise TypeError(f"no TOML form for {value!r}")  # pragma: no cover - our dicts only


def _toml_document(data: Mapping[str, object]) -> str:
    """A flat TOML document: keys with plain values first, then one section per table."""
    lines: list[str] = []
    tables: list[tuple[str, Mapping[str, object]]] = []
    for key, value in data.items():
        if isinstance(value, Mapping):
            tables.append((key, value))
        else:
            lines.append(f"{_toml_key(key)} = {_toml_value(value)}")
    for key, table in tables:
        lines += ["", f"[{_toml_key(key)}]"]
        lines += [f"{_toml_key(name)} = {_toml_value(value)}" for name, value in table.items()]
    return "\n".join(lines) + "\n"


def rules_to_json(rules: Rules) -> str:
    """``rules`` as a JSON document (`rules_to_dict`)."""
    return _json_document(rules_to_dict(rules))


def rules_from_json(text: str) -> Rules:
    """Read `Rules` from a JSON document (`rules_from_dict`).

    Raises:
        FileFormatError: for a syntax error (``where`` is ``"line L, column C"``),
            a text over `MAX_TEXT_SIZE` or bad content.
    """
    return rules_from_dict(_parse_json(text))


def rules_to_toml(rules: Rules) -> str:
    """``rules`` as a TOML document (`rules_to_dict`).

    Writing TOML needs no library; reading it back needs Python 3.11 or ``tomli``.
    """
    return _toml_document(rules_to_dict(rules))


def rules_from_toml(text: str) -> Rules:
    """Read `Rules` from a TOML document (`rules_from_dict`).

    Raises:
        FileFormatError: for a syntax error (``where`` is ``"line L, column C"``),
            a text over `MAX_TEXT_SIZE`, bad content,
            or on Python 3.10 without the ``tomli`` package.
    """
    return rules_from_dict(_parse_toml(text))


def layout_to_json(layout: Layout) -> str:
    """``layout`` as a JSON document (`layout_to_dict`)."""
    return _json_document(layout_to_dict(layout))


def layout_from_json(text: str, *, shape: tuple[int, int] | None = None) -> Layout:
    """Read a `Layout` from a JSON document (`layout_from_dict`).

    Raises:
        FileFormatError: for a syntax error, a text too big or bad content.
    """
    return layout_from_dict(_parse_json(text), shape=shape)


def layout_to_toml(layout: Layout) -> str:
    """``layout`` as a TOML document (`layout_to_dict`)."""
    return _toml_document(layout_to_dict(layout))


def layout_from_toml(text: str, *, shape: tuple[int, int] | None = None) -> Layout:
    """Read a `Layout` from a TOML document (`layout_from_dict`).

    Raises:
        FileFormatError: for a syntax error, a text too big, bad content, or on
            Python 3.10 without the ``tomli`` package.
    """
    return layout_from_dict(_parse_toml(text), shape=shape)


def layout_to_text(layout: Layout) -> str:
    """``layout`` as grid text (R-GRID-2), ``str(layout)`` with a final newline.

    Raises:
        FileFormatError: for a grid of more than
            `MAX_GRID_SIDE` rows.
    """
    _layout_rows(layout, "document")
    return f"{layout}\n"


def layout_from_text(text: str, *, shape: tuple[int, int] | None = None) -> Layout:
    """Read a `Layout` from grid text, as `Layout.parse` does.

    Unlike ``Layout.parse``, any rectangle is read unless ``shape`` is given,
    the size is limited and errors are `FileFormatError`\\ s.

    Raises:
        FileFormatError: ``where`` is ``"line L, column C"``.
    """
    _check_size(text)
    return _grid_text(text, "", shape)


# ---------------------------------------------------------------------------
# Files


def _suffix(path: str | os.PathLike[str], suffixes: Sequence[str]) -> str:
    suffix = Path(path).suffix.lower()
    if suffix not in suffixes:
        raise FileFormatError(
            os.fspath(path),
            f"unknown file type {suffix or '(no suffix)'!r}; use {', '.join(suffixes)}",
        )
    return suffix


_TOML_LAYOUT = re.compile(r"^[ \t]*(?:format|shape|rows)[ \t]*=", re.MULTILINE)


def _read_typed(
    path: str | os.PathLike[str], suffixes: Sequence[str], other: str
) -> tuple[str, str]:
    """The text of a file and its type, by its suffix; on standard input, by its look: JSON
    when it starts with ``{``, TOML when it sets a layout file's field, else ``other``."""
    if os.fspath(path) != _STDIN:
        suffix = _suffix(path, suffixes)
        return _read(path), suffix
    text = _read(path)
    if text.lstrip().startswith("{"):
        return text, ".json"
    if other == ".txt" and _TOML_LAYOUT.search(text[:MAX_TEXT_SIZE]):
        return text, ".toml"
    return text, other


def load_rules(path: str | os.PathLike[str]) -> Rules:
    """Read `Rules` from a ``.toml`` or ``.json`` file (UTF-8), or ``-``: standard input.

    Only a regular file is opened (or standard input), and at most
    `MAX_TEXT_SIZE` bytes are read. Standard input is JSON when it starts with ``{``,
    else TOML.

    Raises:
        FileFormatError: for another suffix or what is not a regular file, such as
            a named pipe or a folder (``where`` is the path), or a bad file.
        OSError: when the file cannot be read.
    """
    text, suffix = _read_typed(path, (".toml", ".json"), ".toml")
    return rules_from_toml(text) if suffix == ".toml" else rules_from_json(text)


def save_rules(rules: Rules, path: str | os.PathLike[str]) -> None:
    """Write ``rules`` to a ``.toml`` or ``.json`` file (UTF-8), replacing it.

    Raises:
        FileFormatError: for another suffix, or rules no file can hold.
        OSError: when the file cannot be written.
    """
    suffix = _suffix(path, (".toml", ".json"))
    _write(path, rules_to_toml(rules) if suffix == ".toml" else rules_to_json(rules))


def load_layout(path: str | os.PathLike[str], *, shape: tuple[int, int] | None = None) -> Layout:
    """Read a `Layout` from a ``.toml``, ``.json`` or ``.txt`` (grid text) file, or ``-``.

    Only a regular file is opened, or standard input for ``-`` (JSON when it starts
    with ``{``, TOML when it sets ``rows``, ``shape`` or ``format``, else grid text);
    at most `MAX_TEXT_SIZE` bytes are read.

    Raises:
        FileFormatError: for another suffix or what is not a regular file, such as
            a named pipe or a folder (``where`` is the path), or a bad file.
        OSError: when the file cannot be read.
    """
    text, suffix = _read_typed(path, (".toml", ".json", ".txt"), ".txt")
    if suffix == ".toml":
        return layout_from_toml(text, shape=shape)
    if suffix == ".json":
        return layout_from_json(text, shape=shape)
    return layout_from_text(text, shape=shape)


def save_layout(layout: Layout, path: str | os.PathLike[str]) -> None:
    """Write ``layout`` to a ``.toml``, ``.json`` or ``.txt`` (grid text) file, replacing it.

    Raises:
        FileFormatError: for another suffix, or a grid no file can hold.
        OSError: when the file cannot be written.
    """
    suffix = _suffix(path, (".toml", ".json", ".txt"))
    if suffix == ".toml":
        text = layout_to_toml(layout)
    elif suffix == ".json":
        text = layout_to_json(layout)
    else:
        text = layout_to_text(layout)
    _write(path, text)
