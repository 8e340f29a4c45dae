"""Game records: the rules, every action from ``new_game``, resignations and metadata.

A `GameRecord` is what a score sheet holds: the
rules, the first player if it was not decided by the start roll, and every
entry of the game in order, chance outcomes (``dice 3 3 5 1 2``,
``deal mini``) included, so that `replay` gives back
exactly the position the table reached. A resignation (R-END-4) is not a move
of the game but it is part of its story, so a record keeps it where it
happened as a `Resign` entry.

A record is written two ways, both read back exactly:

- **JSON** (``"format": "morpyam/1"``), for programs:
  `GameRecord.to_json` and
  `GameRecord.from_json`;
- **text**, for people who keep score by hand: ``key: value`` header lines,
  then one action per line in notation
  (`GameRecord.to_text` and
  `GameRecord.from_text`).

Reading is safe for untrusted input: texts over
`MAX_TEXT_SIZE` are refused before parsing,
nothing is evaluated, every value is checked, and every problem is a
`FileFormatError` saying where it is. Whether
the actions are legal is `replay`'s question: it
names the first illegal entry by its index.

Examples:
    >>> import morpyam as mp
    >>> record = GameRecord(mp.Rules.classic(), [mp.Roll(), mp.RollResult((1, 1, 1, 2, 3))],
    ...                     first_player=0)
    >>> record = record.appended(mp.Place(mp.Cell.parse("a1")), Resign(1))
    >>> GameRecord.from_json(record.to_json()) == record
    True
    >>> replay(record).winners
    frozenset({0})
"""

from __future__ import annotations

import datetime
import json
import os
import re
from collections import deque
from collections.abc import Callable, Iterable, Iterator, Mapping
from pathlib import Path
from typing import Any

import attrs

from morpyam.actions import (
    Action,
    DealTile,
    LoseTurn,
    Pass,
    Place,
    PlaceTile,
    Roll,
    RollResult,
)
from morpyam.engine import apply, new_game, resign
from morpyam.errors import FileFormatError, IllegalActionError, NotationError, ReplayError
from morpyam.errors import shown as _shown
from morpyam.files import (
    RULES_FIELDS,
    RULES_PRESETS,
    _read_typed,
    layout_from_dict,
    layout_to_dict,
    rules_from_dict,
    rules_to_dict,
)
from morpyam.kit.fields import check_fields
from morpyam.kit.fields import check_size as _check_size
from morpyam.kit.fields import describe as _describe
from morpyam.kit.fields import inside as _inside
from morpyam.kit.fields import json_document as _json_document
from morpyam.kit.fields import parse_json as _parse_json
from morpyam.kit.fields import read_int as _int
from morpyam.kit.fields import read_list as _list
from morpyam.kit.fields import read_str as _str
from morpyam.kit.fields import read_table as _table
from morpyam.kit.fields import short_text as _short
from morpyam.kit.paths import STDIN as _STDIN
from morpyam.kit.paths import read_text as _read
from morpyam.kit.paths import write_text as _write
from morpyam.kit.records import MAX_PLAYERS, Resign, parse_resign
from morpyam.kit.texts import (
    MAX_TEXT_LENGTH,
    check_name_count,
    check_player_names,
    name_count_problem,
    player_names,
    refuse_long,
    text_problem,
)
from morpyam.layouts import Cell, Layout
from morpyam.notation import parse_action
from morpyam.rules import Rules
from morpyam.state import State

__all__ = [
    "MAX_PLAYERS",
    "MAX_TEXT_LENGTH",
    "RECORD_FORMAT",
    "Entry",
    "GameRecord",
    "ReplayError",
    "Resign",
    "load_record",
    "parse_entry",
    "positions",
    "replay",
    "save_record",
]

# The names these helpers had here before they moved to the kit (other modules import them).
_check_name_count = check_name_count
_check_names = check_player_names
_name_count_problem = name_count_problem
_names = player_names
_text_problem = text_problem

RECORD_FORMAT = "morpyam/1"
"""The ``format`` of a game record, in JSON and in text; a reader refuses any other."""


_ACTION_TYPES = (Roll, RollResult, Place, Pass, LoseTurn, DealTile, PlaceTile)
_VERBS = ("roll", "dice", "place", "pass", "lose-turn", "deal", "lay", "resign")
_DATE = re.compile(r"[0-9]{4}-[0-9]{2}-[0-9]{2}")
_BARE_WORD = re.compile(r"[A-Za-z_][A-Za-z0-9_-]*")
_JSON_WORDS = ("true", "false", "null")
_RECORD_FIELDS = ("format", "rules", "first_player", "layout", "names", "event", "site", "date")
_ALL_FIELDS = (*_RECORD_FIELDS, "actions")


Entry = Action | Resign
"""One line of a record: an action of the game or a resignation."""


def parse_entry(text: str) -> Entry:
    """Read a record entry: an action's notation (`parse_action`) or ``resign N``.

    Examples:
        >>> parse_entry("resign 1")
        Resign(player=1)
        >>> parse_entry("place c4")
        Place(cell=Cell(row=3, col=2))

    Raises:
        NotationError: naming the column of the first wrong word, or for a
            text over `MAX_ACTION_LENGTH`
            characters, before it is read.
    """
    if not isinstance(text, str):
        raise NotationError(f"an entry is text, not {type(text).__name__}", repr(text), 1)
    refuse_long(text, "an entry")
    words = [(match.start() + 1, match.group()) for match in re.finditer(r"\S+", text)]
    if not words:
        raise NotationError("an entry is expected: " + ", ".join(_VERBS), text, 1)
    column, verb = words[0]
    verb = verb.lower()
    if verb not in _VERBS:
        raise NotationError(
            f"{_shown(verb)} is not an action; use one of: {', '.join(_VERBS)}", text, column
        )
    if verb != "resign":
        return parse_action(text)
    return parse_resign(text)


# ---------------------------------------------------------------------------
# The record


def _entries(value: Iterable[Entry]) -> tuple[Entry, ...]:
    if isinstance(value, (str, bytes)) or not isinstance(value, Iterable):
        raise ValueError(f"actions must be a sequence of actions, got {_shown(value)}")
    return tuple(value)


def _check_entries(
    instance: GameRecord, attribute: attrs.Attribute[Any], value: tuple[Entry, ...]
) -> None:
    for index, entry in enumerate(value):
        if not isinstance(entry, (*_ACTION_TYPES, Resign)):
            raise ValueError(f"actions[{index}] is not an action or a Resign: {_shown(entry)}")


def _check_text(instance: object, attribute: attrs.Attribute[Any], value: Any) -> None:
    if value is None:
        return
    if not isinstance(value, str):
        raise ValueError(f"GameRecord.{attribute.name} must be text or None, got {_shown(value)}")
    problem = _text_problem(value)
    if problem:
        raise ValueError(f"GameRecord.{attribute.name}: one line of text, not {problem}")


def _check_date(instance: object, attribute: attrs.Attribute[Any], value: Any) -> None:
    if value is not None and type(value) is not datetime.date:
        raise ValueError(f"GameRecord.date must be a datetime.date or None, got {_shown(value)}")


@attrs.frozen
class GameRecord:
    """A game as a score sheet: rules, first player, every entry from ``new_game``, metadata.

    ``actions`` lists every action applied from
    ``new_game(rules, first_player=first_player, layout=layout)``, chance outcomes
    included, with `Resign` entries where players resigned. The
    record does not check that they are legal: `replay` does.

    ``names`` is empty or names every player, in seat order. ``event``,
    ``site`` and each name are one line of text without spaces at either end,
    at most `MAX_TEXT_LENGTH` characters.

    Raises:
        ValueError: for values of the wrong type, a first player or a built
            ``layout`` that ``new_game`` refuses, or names that do not fit.
    """

    rules: Rules
    """The rules of the game."""
    actions: tuple[Entry, ...] = attrs.field(
        default=(), converter=_entries, validator=_check_entries
    )
    """Every entry in order, from ``new_game``."""
    first_player: int | None = None
    """The first player, or ``None`` when the game starts with the start roll (R-SET-3)."""
    layout: Layout | None = None
    """The grid given to ``new_game``: a Morpyam Plus grid built before the record starts."""
    names: tuple[str, ...] = attrs.field(
        default=(), converter=player_names, validator=check_player_names
    )
    """The players' names in seat order, or ``()``."""
    event: str | None = attrs.field(default=None, validator=_check_text)
    """The event, such as a club night or a tournament round."""
    site: str | None = attrs.field(default=None, validator=_check_text)
    """Where the game was played."""
    date: datetime.date | None = attrs.field(default=None, validator=_check_date)
    """When the game was played."""

    def __attrs_post_init__(self) -> None:
        if not isinstance(self.rules, Rules):
            raise ValueError(f"GameRecord.rules must be a Rules value, got {_shown(self.rules)}")
        new_game(self.rules, first_player=self.first_player, layout=self.layout)
        _check_name_count(self.names, self.rules.players)

    def start(self) -> State:
        """The position before the first entry."""
        return new_game(self.rules, first_player=self.first_player, layout=self.layout)

    def appended(self, *entries: Entry) -> GameRecord:
        """This record with ``entries`` added at the end (a record never changes)."""
        return attrs.evolve(self, actions=(*self.actions, *entries))

    def last_placement(self) -> Cell | None:
        """The cell of the last token placed (or Plus tile laid), to highlight in a picture.

        Examples:
            >>> import morpyam as mp
            >>> GameRecord(mp.Rules.classic(), [mp.Roll(), mp.RollResult((1, 1, 1, 2, 3)),
            ...            mp.Place(mp.Cell.parse("a1")), mp.Roll()], first_player=0).last_placement()
            Cell(row=0, col=0)
        """
        for entry in reversed(self.actions):
            if isinstance(entry, (Place, PlaceTile)):
                return entry.cell
        return None

    # -- JSON ----------------------------------------------------------------

    def to_dict(self) -> dict[str, Any]:
        """The record as plain data (see the "Records and notation" page for the schema).

        The rules are written whole, as
        `rules_to_dict` writes them; actions as
        their notation; optional fields only when they are set, except
        ``first_player``, which is ``null`` for a start roll.

        Raises:
            FileFormatError: for rules no file can hold (an integer beyond 64 bits).
        """
        rules = rules_to_dict(self.rules)
        del rules["format"]
        data: dict[str, Any] = {
            "format": RECORD_FORMAT,
            "rules": rules,
            "first_player": self.first_player,
        }
        if self.layout is not None:
            layout = layout_to_dict(self.layout)
            del layout["format"]
            data["layout"] = layout
        if self.names:
            data["names"] = list(self.names)
        for field in ("event", "site"):
            if getattr(self, field) is not None:
                data[field] = getattr(self, field)
        if self.date is not None:
            data["date"] = self.date.isoformat()
        data["actions"] = [str(entry) for entry in self.actions]
        return data

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> GameRecord:
        """Read a record from plain data, checking every value.

        Raises:
            FileFormatError: saying where: a missing or unknown field, a wrong
                type or format, bad rules (``where`` starts with ``rules``), an
                entry that is not notation (``"actions[12]"``).
        """
        table = _table(data, "document")
        if table.get("game") == "myrummy":
            raise FileFormatError(
                "game",
                "this is a MyRummy record: read it with morpyam.myrummy.GameRecord.from_json "
                "or morpyam.myrummy.load_record",
            )
        if "format" not in table:
            raise FileFormatError(
                "format", f'missing; a game record says "format": "{RECORD_FORMAT}"'
            )
        _check_format(table["format"])
        check_fields(table, _ALL_FIELDS, required=("rules", "actions"))
        rules = _read_rules(table["rules"])
        entries = []
        for index, item in enumerate(_list(table["actions"], "actions")):
            at = f"actions[{index}]"
            try:
                entries.append(parse_entry(_str(item, at)))
            except NotationError as error:
                raise FileFormatError(at, f"column {error.column}: {error.reason}") from None
        first = table.get("first_player")
        first = None if first is None else _int(first, "first_player")
        layout = None
        if table.get("layout") is not None:
            shape = (rules.layout.height, rules.layout.width)
            try:
                layout = layout_from_dict(_table(table["layout"], "layout"), shape=shape)
            except FileFormatError as error:
                raise _inside("layout", error) from None
        names = () if table.get("names") is None else _list(table["names"], "names")
        values: dict[str, Any] = {
            "names": tuple(_str(name, f"names[{i}]") for i, name in enumerate(names))
        }
        for field in ("event", "site"):
            if table.get(field) is not None:
                values[field] = _str(table[field], field)
        if table.get("date") is not None:
            values["date"] = _read_date(_str(table["date"], "date"), "date")
        return _build(
            {"first_player": "first_player", "layout": "layout", "names": "names"},
            rules,
            tuple(entries),
            first,
            layout,
            values,
        )

    def to_json(self) -> str:
        """The record as a JSON document (`to_dict`)."""
        return _json_document(self.to_dict())

    @classmethod
    def from_json(cls, text: str) -> GameRecord:
        """Read a record from a JSON document, such as `to_json` writes.

        Raises:
            FileFormatError: for a text over `MAX_TEXT_SIZE`,
                a syntax error (``where`` is ``"line L, column C"``) or bad content.
        """
        return cls.from_dict(_parse_json(text))

    # -- text ----------------------------------------------------------------

    def to_text(self) -> str:
        """The record as text: ``key: value`` header lines, a blank line, one entry per line.

        The rules are written as the preset they differ least from, with the
        knobs that differ (values in JSON; simple words unquoted).

        Raises:
            FileFormatError: for rules no file can hold (an integer beyond 64 bits).
        """
        lines = [
            "# Morpyam game record: header lines, then one action per line",
            f"format: {RECORD_FORMAT}",
        ]
        lines += _rules_header(self.rules)
        if self.layout is not None:
            lines.append(f"grid: {_value_text(layout_to_dict(self.layout)['rows'])}")
        if self.first_player is not None:
            lines.append(f"first player: {self.first_player}")
        for field in ("event", "site"):
            if getattr(self, field) is not None:
                lines.append(f"{field}: {getattr(self, field)}")
        if self.date is not None:
            lines.append(f"date: {self.date.isoformat()}")
        lines += [f"name {player}: {name}" for player, name in enumerate(self.names)]
        lines.append("")
        lines += [str(entry) for entry in self.actions]
        return "\n".join(lines) + "\n"

    @classmethod
    def from_text(cls, text: str) -> GameRecord:
        """Read a record from its text form (see the "Records and notation" page).

        Blank lines and lines starting with ``#`` are skipped; an entry may
        end with a ``#`` comment. Header lines (``key: value``) come before
        the first entry.

        Raises:
            FileFormatError: ``where`` is ``"line L"`` or ``"line L, column C"``.
        """
        return _from_text(text)


# ---------------------------------------------------------------------------
# Replaying


def _step(state: State, entry: Entry) -> State:
    if isinstance(entry, Resign):
        return resign(state, entry.player)
    return apply(state, entry)


def positions(record: GameRecord) -> Iterator[State]:
    """The position before the first entry, then the position after each entry.

    Raises:
        ReplayError: at the first entry the rules do not allow, after the
            positions before it.
    """
    state = record.start()
    yield state
    for index, entry in enumerate(record.actions):
        try:
            state = _step(state, entry)
        except IllegalActionError as error:
            raise ReplayError(index, entry, error.rule, error.reason) from None
        yield state


def replay(record: GameRecord) -> State:
    """Apply every entry of ``record`` from ``new_game``; the position it reaches.

    Examples:
        >>> import morpyam as mp
        >>> record = GameRecord(mp.Rules.classic(), [mp.Roll(), mp.Pass()], first_player=0)
        >>> replay(record)
        Traceback (most recent call last):
        ...
        morpyam.errors.ReplayError: entry 1 (pass): R-TURN-1: the dice are in the air: the next action is their RollResult

    Raises:
        ReplayError: naming the first entry the rules do not allow, by its index.
    """
    return deque(positions(record), maxlen=1)[0]


# ---------------------------------------------------------------------------
# Files


def _suffix(path: str | os.PathLike[str]) -> str:
    suffix = Path(path).suffix.lower()
    if suffix not in (".json", ".txt"):
        raise FileFormatError(
            os.fspath(path), f"unknown file type {suffix or '(no suffix)'!r}; use .json or .txt"
        )
    return suffix


def load_record(path: str | os.PathLike[str]) -> GameRecord:
    """Read a record from a ``.json`` file or a ``.txt`` file in the text form (UTF-8).

    Only a regular file is opened, or standard input for ``-`` (JSON when it starts
    with ``{``, else the text form); at most ``files.MAX_TEXT_SIZE`` bytes are read.

    Raises:
        FileFormatError: for another suffix or what is not a regular file, such as
            a named pipe or a folder (``where`` is the path), or a bad file.
        OSError: when the file cannot be read.
    """
    if os.fspath(path) == _STDIN:
        text, suffix = _read_typed(path, (".json", ".txt"), ".txt")
    else:
        suffix = _suffix(path)
        text = _read(path)
    return GameRecord.from_json(text) if suffix == ".json" else GameRecord.from_text(text)


def save_record(record: GameRecord, path: str | os.PathLike[str]) -> None:
    """Write ``record`` to a ``.json`` or ``.txt`` file (UTF-8), replacing it.

    Raises:
        FileFormatError: for another suffix, or rules no file can hold.
        OSError: when the file cannot be written.
    """
    suffix = _suffix(path)
    _write(path, record.to_json() if suffix == ".json" else record.to_text())


# ---------------------------------------------------------------------------
# Reading helpers


def _check_format(value: object) -> None:
    text = _str(value, "format")
    if text == RECORD_FORMAT:
        return
    if text.startswith("morpyam/"):
        raise FileFormatError(
            "format", f"unsupported version {_short(text)}; this library reads {RECORD_FORMAT!r}"
        )
    raise FileFormatError(
        "format", f"{_short(text)} is not a game record; this reads {RECORD_FORMAT!r}"
    )


def _read_rules(value: object) -> Rules:
    try:
        return rules_from_dict(_table(value, "rules"))
    except FileFormatError as error:
        raise _inside("rules", error) from None


def _read_date(text: str, where: str) -> datetime.date:
    if _DATE.fullmatch(text):
        try:
            return datetime.date.fromisoformat(text)
        except ValueError:
            pass
    raise FileFormatError(where, f"expected a date like 2025-03-14, got {_describe(text)}")


def _build(
    where: Mapping[str, str],
    rules: Rules,
    entries: tuple[Entry, ...],
    first: int | None,
    layout: Layout | None,
    values: dict[str, Any],
) -> GameRecord:
    """The record, with `GameRecord`'s refusals located at ``where`` (field to place)."""
    if first is not None and not 0 <= first < rules.players:
        raise FileFormatError(
            where["first_player"],
            f"R-SET-3: the first player is 0 to {rules.players - 1}, not {first}",
        )
    problem = _name_count_problem(values.get("names", ()), rules.players)
    if problem:
        raise FileFormatError(where["names"], problem)
    try:
        return GameRecord(rules, entries, first, layout, **values)
    except ValueError as error:
        message = str(error)
        match = re.match(r"(?:GameRecord\.)?(names\[\d+\]|event|site|date)", message)
        if match:
            field = match[1]
            place = where.get(field, field)
            raise FileFormatError(place, message.partition(": ")[2] or message) from None
        raise FileFormatError(where["layout"], message) from None


# ---------------------------------------------------------------------------
# The text form


def _value_text(value: object) -> str:
    """A knob's value on a header line: JSON, or a bare word for a simple string."""
    if isinstance(value, str) and _BARE_WORD.fullmatch(value) and value not in _JSON_WORDS:
        return value
    return json.dumps(value, ensure_ascii=False, separators=(", ", ": "))


def _value_of(text: str, where: str) -> Any:
    if _BARE_WORD.fullmatch(text) and text not in _JSON_WORDS:
        return text
    try:
        return _parse_json(text)
    except FileFormatError as error:
        raise FileFormatError(where, f"a value in JSON or a simple word: {error.reason}") from None


def _rules_header(rules: Rules) -> list[str]:
    """``rules:`` (the closest preset), ``players:`` and one line per knob that differs."""
    data = rules_to_dict(rules)
    best: tuple[int, str, list[str]] | None = None
    for name, preset in RULES_PRESETS.items():
        base = rules_to_dict(preset(rules.players))
        differ = [field for field in RULES_FIELDS if data[field] != base[field]]
        if best is None or len(differ) < best[0]:
            best = (len(differ), name, differ)
    assert best is not None
    _, name, differ = best
    lines = [f"rules: {name}", f"players: {rules.players}"]
    lines += [f"{field}: {_value_text(data[field])}" for field in differ]
    return lines


_HEADER_LINE = re.compile(r"([A-Za-z][A-Za-z0-9_ ]*?)\s*:\s*(.*)")
_NAME_KEY = re.compile(r"name ([0-9]+)")


def _from_text(text: str) -> GameRecord:
    if not isinstance(text, str):
        raise FileFormatError("document", f"expected text, got {_describe(text)}")
    _check_size(text)
    header: dict[str, tuple[int, str]] = {}
    entries: list[Entry] = []
    first_entry_line = 0
    for number, line in enumerate(text.splitlines(), 1):
        stripped = line.strip()
        if not stripped or stripped.startswith("#"):
            continue
        match = _HEADER_LINE.fullmatch(stripped)
        if match and ":" in stripped.split("#", 1)[0]:
            if entries:
                raise FileFormatError(
                    f"line {number}",
                    f"header line after the entries (the first entry is on line {first_entry_line})",
                )
            key = " ".join(match[1].lower().split())
            if key in header:
                raise FileFormatError(
                    f"line {number}", f"{_shown(key)} given twice (also on line {header[key][0]})"
                )
            header[key] = (number, match[2])
            continue
        body = line.split("#", 1)[0]
        try:
            entry = parse_entry(body)
        except NotationError as error:
            hint = ""
            if not entries and not header:
                hint = f' (a record starts with the header line "format: {RECORD_FORMAT}")'
            raise FileFormatError(
                f"line {number}, column {error.column}", error.reason + hint
            ) from None
        if not entries:
            first_entry_line = number
        entries.append(entry)
    return _read_header(header, tuple(entries), len(text.splitlines()) + 1)


def _read_header(
    header: dict[str, tuple[int, str]], entries: tuple[Entry, ...], end: int
) -> GameRecord:
    def line(key: str) -> str:
        return f"line {header[key][0]}" if key in header else f"line {end}"

    if "format" not in header:
        raise FileFormatError("line 1", f"missing the header line 'format: {RECORD_FORMAT}'")
    try:
        _check_format(header["format"][1])
    except FileFormatError as error:
        raise FileFormatError(line("format"), error.reason) from None
    names: dict[int, str] = {}
    knobs: dict[str, Any] = {}
    values: dict[str, Any] = {}
    first: int | None = None
    layout_rows: Any = None
    for key, (number, value) in header.items():
        where = f"line {number}"
        if key in ("format", "rules", "players"):
            continue
        if key in RULES_FIELDS:
            knobs[key] = _value_of(value, where)
        elif key == "first player":
            first = _small_int(value, where, "the first player")
        elif key in ("event", "site"):
            values[key] = value
        elif key == "date":
            values["date"] = _read_date(value, where)
        elif key == "grid":
            layout_rows = _value_of(value, where)
        elif (match := _NAME_KEY.fullmatch(key)) and len(match[1]) == 1:
            names[int(match[1])] = value
        else:
            known = "format, rules, players, a knob of the rules, grid, first player, "
            known += "event, site, date, name 0 to name 3"
            raise FileFormatError(where, f"unknown header {_short(key)}; the headers are {known}")
    rules = _header_rules(header, knobs, line)
    layout = None
    if layout_rows is not None:
        shape = (rules.layout.height, rules.layout.width)
        try:
            layout = layout_from_dict({"rows": layout_rows}, shape=shape)
        except FileFormatError as error:
            raise FileFormatError(line("grid"), f"{error.where}: {error.reason}") from None
    if names:
        values["names"] = _header_names(header, names, rules.players)
    places = {
        "first_player": line("first player"),
        "layout": line("grid"),
        "names": line("name 0"),
        "event": line("event"),
        "site": line("site"),
        "date": line("date"),
    }
    places.update({f"names[{p}]": line(f"name {p}") for p in names})
    return _build(places, rules, entries, first, layout, values)


def _header_rules(
    header: dict[str, tuple[int, str]], knobs: dict[str, Any], line: Callable[[str], str]
) -> Rules:
    """The rules from the ``rules:`` and ``players:`` lines and the knob lines."""
    for key, example in (("rules", "rules: classic"), ("players", "players: 2")):
        if key not in header:
            raise FileFormatError(
                line("format"), f"missing the header line '{key}:' (such as '{example}')"
            )
    players = _small_int(header["players"][1], line("players"), "the number of players")
    data = {"preset": header["rules"][1], "players": players, **knobs}
    try:
        return rules_from_dict(data)
    except FileFormatError as error:
        field = error.where.split(".")[0].split(",")[0].split("[")[0]
        key = "rules" if field in ("preset", "rules", "document") else field
        raise FileFormatError(line(key), f"{error.where}: {error.reason}") from None


def _header_names(
    header: dict[str, tuple[int, str]], names: dict[int, str], players: int
) -> tuple[str, ...]:
    """The ``name N:`` lines, one for every player."""
    if sorted(names) != list(range(players)):
        missing = [p for p in range(players) if p not in names]
        extra = [p for p in names if p >= players]
        reason = (
            f"no player {extra[0]} with {players} players"
            if extra
            else f"name every player or none: 'name {missing[0]}' is missing"
        )
        first_name = min(header[f"name {p}"][0] for p in names)
        raise FileFormatError(f"line {first_name}", reason)
    return tuple(names[p] for p in range(players))


def _small_int(text: str, where: str, what: str) -> int:
    if not (text.isascii() and text.isdigit() and len(text) <= 2):
        raise FileFormatError(where, f"{what} is a small whole number, not {_short(text)}")
    return int(text)
