"""MyRummy game records: a match as its rules and every action, in JSON, with replay.

A document says ``"format": "myrummy/1"`` (`RECORD_FORMAT`); one written before the
format was named, with ``"game": "myrummy"`` instead, reads the same. A record holds the
rules and every action from ``new_game`` on, chance
outcomes (the lot, each tile dealt or drawn) included, so that
`replay` rebuilds every position exactly.
Actions are written in their notation (``draw``, ``bk7``, ``play [gn4 gn5 gn6]``),
plays as their moves (``lay gn10 gn11 gn12; add pu9 to 1``). The moves number the
combinations as the engine lists the table, or, in a record whose ``numbering`` is
``"kept"`` (`NUMBERINGS`), as the terminal shows it, numbers held still between
turns (`morpyam.myrummy.notation._play_text.keep_order`): such a record says what the screen said.
What is no move of the game is kept where it happened, as in Morpyam's records:
a time-out (`TimeOut`, ``timeout``) and a resignation (`Resign`, ``resign 1``);
replaying calls `time_out` and `resign` for them.
The Morpyam records of `morpyam.records` have the same
shape of API: ``to_json``/``from_json``, ``replay``, ``positions``,
``load_record``/``save_record``.

Reading is for untrusted text: a document over ``files.MAX_TEXT_SIZE``
(1 MiB), nested deeper than ``MAX_NESTING``, or with more than
``MAX_ACTIONS`` actions is refused before it is parsed (see the Untrusted
input page).

Examples:
    >>> import morpyam.myrummy as mr
    >>> record = mr.play_match(mr.Rules.classic(), [mr.GreedyBot(), mr.GreedyBot()], seed=3, max_actions=60)
    >>> mr.GameRecord.from_json(record.to_json()) == record
    True
    >>> mr.replay(record).players
    2
"""

from __future__ import annotations

import json
import os
import re
from collections import Counter
from collections.abc import Iterator
from typing import Any, Literal

import attrs

from morpyam.errors import FileFormatError, IllegalActionError
from morpyam.kit.fields import check_fields, read_attrs, read_table, require_format
from morpyam.kit.fields import check_size as _check_size
from morpyam.kit.fields import parse_json as _parse_json
from morpyam.kit.fields import short_text as _short
from morpyam.kit.paths import read_text, write_text
from morpyam.kit.records import Resign, parse_resign, replayed
from morpyam.kit.texts import check_name_count as _check_name_count
from morpyam.kit.texts import check_player_names, player_names
from morpyam.myrummy.core._actions import _VERBS, Action, Play, TimeOut, _read_action
from morpyam.myrummy.core._engine import apply, new_game, resign, time_out
from morpyam.myrummy.core._melds import Meld
from morpyam.myrummy.core._rules import Rules
from morpyam.myrummy.core._state import State
from morpyam.myrummy.notation._play_text import is_moves_text, keep_order, parse_play, play_text

__all__ = [
    "MAX_ACTIONS",
    "MAX_NESTING",
    "NUMBERINGS",
    "RECORD_FORMAT",
    "Entry",
    "GameRecord",
    "Resign",
    "load_record",
    "parse_entry",
    "positions",
    "replay",
    "save_record",
]

RECORD_FORMAT = "myrummy/1"
"""The ``format`` member of the records this library writes and reads."""

_FIELDS = ("format", "game", "rules", "names", "numbering", "actions")

Numbering = Literal["table", "kept"]
NUMBERINGS: tuple[Numbering, ...] = ("table", "kept")
"""How a record's plays number the combinations: ``"table"`` (the default, and every record
without a ``numbering`` member), as the engine lists the table before the play;
``"kept"``, as the terminal shows it, each combination keeping its number from turn to
turn and new ones last (`morpyam.myrummy.notation._play_text.keep_order`)."""
_RULES_FIELDS = tuple(field.name for field in attrs.fields(Rules))  # each may be left out

MAX_NESTING = 4
"""The deepest nesting of JSON arrays and objects a record may have (it needs 2)."""
MAX_ACTIONS = 20_000
"""The most actions a record may hold (a match of 100 rounds needs far fewer)."""


def _nesting(text: str) -> int:
    """The deepest nesting of brackets outside strings, read in one pass that stops once it
    is deeper than ``MAX_NESTING`` (the answer is then ``MAX_NESTING + 1``)."""
    depth = deepest = 0
    inside = escaped = False
    for char in text:
        if inside:
            if escaped:
                escaped = False
            elif char == "\\":
                escaped = True
            elif char == '"':
                inside = False
        elif char == '"':
            inside = True
        elif char in "[{":
            depth += 1
            if depth > deepest:
                deepest = depth
                if deepest > MAX_NESTING:
                    break
        elif char in "]}":
            depth -= 1
    return deepest


def _fail(reason: str) -> FileFormatError:
    return FileFormatError("document", f"not a MyRummy record: {reason}")


Entry = Action | TimeOut | Resign
"""One entry of a record: an action of the game, a time-out or a resignation."""

_ENTRY_VERBS = (*_VERBS[:-1], "timeout", "resign", _VERBS[-1])
_RESIGN = re.compile(r"\s*resign(\s|$)", re.IGNORECASE)


def parse_entry(text: str) -> Entry:
    """Read a record entry: an action's notation (`parse_action`), ``timeout`` or ``resign N``.

    Examples:
        >>> parse_entry("timeout")
        TimeOut(table=None)
        >>> parse_entry("resign 1")
        Resign(player=1)

    Raises:
        NotationError: for text that is no entry (a ``ValueError``), naming the column of
            the wrong word; melds the rules forbid raise their `IllegalActionError`.
    """
    if isinstance(text, str) and _RESIGN.match(text[:20]):
        return parse_resign(text)
    return _read_action(text, _ENTRY_VERBS)


def _step(state: State, entry: Entry) -> State:
    """The state after one entry: ``apply``, or `time_out` and `resign` beside it."""
    if isinstance(entry, TimeOut):
        return time_out(state, entry.table)
    if isinstance(entry, Resign):
        return resign(state, entry.player)
    return apply(state, entry)


@attrs.frozen
class GameRecord:
    """A match as its rules and every entry from ``new_game``: actions (chance outcomes
    included), time-outs and resignations.

    Examples:
        >>> from morpyam.myrummy import GreedyBot, Rules, play_match
        >>> record = play_match(Rules.classic(), [GreedyBot(), GreedyBot()], seed=1, max_actions=40)
        >>> GameRecord.from_json(record.to_json()) == record
        True
        >>> replay(record).players
        2
    """

    rules: Rules
    """The rules of the match."""
    actions: tuple[Entry, ...]
    """Every entry in order, in their notation when written out."""
    names: tuple[str, ...] = attrs.field(
        default=(), converter=player_names, validator=check_player_names
    )
    """The players' names in seat order, or ``()``: each one line of text without spaces at
    either end, at most 200 characters (``morpyam.records.MAX_TEXT_LENGTH``)."""

    def __attrs_post_init__(self) -> None:
        _check_name_count(self.names, self.rules.players)

    def to_dict(self, *, moves: bool = True, numbering: Numbering = "table") -> dict[str, Any]:
        """The record as plain JSON values: ``game``, ``rules`` (every field), ``names`` (when
        the players are named), ``numbering`` (when ``"kept"``) and ``actions``.

        With ``moves`` (the default) each play is written as its moves (`play_text`: ``lay
        gn10 gn11 gn12; add pu9 to 1``), and read back to the same play; without, as the
        whole table after it (``play [..] {..}``). Plays after an entry the rules refuse
        are written whole. The moves number the combinations as ``numbering`` says
        (`NUMBERINGS`): as the table before the play lists them, or as the terminal kept
        them on the screen.

        Raises:
            ValueError: for a ``numbering`` that is none of `NUMBERINGS`.
        """
        if numbering not in NUMBERINGS:
            raise ValueError(
                f"numbering is one of {', '.join(map(repr, NUMBERINGS))}, not {numbering!r}"
            )
        data: dict[str, Any] = {"format": RECORD_FORMAT, "rules": attrs.asdict(self.rules)}
        if self.names:
            data["names"] = list(self.names)
        texts = self._texts(moves, numbering == "kept")
        if numbering == "kept" and any(map(is_moves_text, texts)):
            data["numbering"] = numbering
        data["actions"] = texts
        return data

    def _texts(self, moves: bool, kept: bool) -> list[str]:
        if not moves or not any(isinstance(entry, Play) for entry in self.actions):
            return [str(entry) for entry in self.actions]
        texts = []
        state: State | None = new_game(self.rules)
        order: tuple[Meld, ...] | None = None
        for entry in self.actions:
            text = str(entry)
            if state is not None and isinstance(entry, Play) and state.current_player is not None:
                text = play_text(state, entry, order=order if kept else None)
            texts.append(text)
            if state is not None:
                before = state
                try:
                    state = _step(state, entry)
                except IllegalActionError:
                    state = None
                if kept and state is not None:
                    order = _kept(before, entry, text, state, order)
        return texts

    def to_json(self, *, moves: bool = True, numbering: Numbering = "table") -> str:
        """The record as a JSON document (actions in their notation; plays as moves numbered
        as ``numbering`` says, see `to_dict`)."""
        return json.dumps(self.to_dict(moves=moves, numbering=numbering))

    @classmethod
    def from_json(cls, text: str) -> GameRecord:
        """Read a record written by `to_json`: plays as moves or as whole tables.

        The text is untrusted: it is refused by size, nesting and number of
        actions before any action is read. A play written as moves is read against
        the position before it (`parse_play`), so a record that has one is replayed as
        it is read.

        Raises:
            FileFormatError: (a ``ValueError``) for text that is no MyRummy record, as the
                other games' record readers do, or a later version of the format.
            ValueError: an ``IllegalActionError`` or ``NotationError`` for an action that
                is no action, or a play written as moves that cannot be read where it
                stands (naming its number).
        """
        if not isinstance(text, str):
            raise _fail(f"a record is text, not {type(text).__name__}")
        try:
            _check_size(text)  # first: the nesting is counted in Python, one character at a time
            if _nesting(text) > MAX_NESTING:
                raise _fail(f"nested deeper than {MAX_NESTING}")
            data = _parse_json(text)
        except FileFormatError as error:
            raise _fail(str(error)) from None
        if not isinstance(data, dict) or not _is_myrummy(data):
            raise _fail(f'no "format": "{RECORD_FORMAT}" object')
        fields, words = data.get("rules"), data.get("actions")
        if not isinstance(fields, dict) or not isinstance(words, list):
            raise _fail("it needs a rules object and a list of actions")
        if len(words) > MAX_ACTIONS:
            raise _fail(f"more than {MAX_ACTIONS:,} actions")
        if not all(isinstance(word, str) for word in words):
            raise _fail("every action is a text")
        try:  # as every reader: no key given twice, no unknown member, 64-bit integers
            check_fields(read_table(data, "document"), _FIELDS)
            rules = read_attrs(fields, "rules", Rules, optional=_RULES_FIELDS)
        except FileFormatError as error:
            raise _fail(str(error)) from None
        names = data.get("names", [])
        if not isinstance(names, list):
            raise _fail("names is a list of texts")
        try:
            named = cls(rules, (), tuple(names))
        except ValueError as error:
            raise _fail(str(error)) from None
        numbering = data.get("numbering", "table")
        if numbering not in NUMBERINGS:
            raise _fail(f"numbering is one of {', '.join(map(repr, NUMBERINGS))}")
        if not any(is_moves_text(word) for word in words):
            return attrs.evolve(named, actions=tuple(parse_entry(word) for word in words))
        return attrs.evolve(named, actions=_read_entries(rules, words, numbering == "kept"))


def _is_myrummy(data: dict[str, Any]) -> bool:
    """Whether ``data`` says it is a MyRummy record: its ``format``, or, written before the
    format was named, ``"game": "myrummy"`` and no ``format``."""
    given = data.get("format")
    if given is None:
        return data.get("game") == "myrummy"
    if not isinstance(given, str) or not given.startswith("myrummy/"):
        return False
    require_format(data, RECORD_FORMAT, "a MyRummy record")  # a later version, refused as such
    if data.get("game", "myrummy") != "myrummy":
        raise FileFormatError("game", f'{_short(data["game"])} in a MyRummy record, not "myrummy"')
    return True


def _kept(
    before: State, entry: Entry, text: str, after: State, order: tuple[Meld, ...] | None
) -> tuple[Meld, ...] | None:
    """The table's order as the terminal keeps it after ``entry`` (``None``: the engine's)."""
    if after.round != before.round or after.is_terminal:
        return None  # a new round starts in the engine's order
    if isinstance(entry, Play) and before.current_player is not None:
        return keep_order(before, text, after.table, order)[0]
    if order is not None and Counter(order) != Counter(after.table):
        return None  # a time-out took tiles back: the engine's order
    return order


def _read_entries(rules: Rules, words: list[str], kept: bool = False) -> tuple[Entry, ...]:
    """The entries of a record with plays written as moves, each read where it stands.

    Raises:
        IllegalActionError: for an entry the rules refuse, when a play written as moves
            follows it (that play cannot be read without the position), naming its number
            as `positions` does.
        ValueError: for a play written as moves that is no play.
    """
    entries: list[Entry] = []
    state: State | None = new_game(rules)
    order: tuple[Meld, ...] | None = None
    refused: IllegalActionError | None = None
    for number, word in enumerate(words, 1):
        if not is_moves_text(word):
            entry: Entry = parse_entry(word)
        elif state is None:
            assert refused is not None
            raise refused
        else:
            try:
                entry = parse_play(state, word, order=order if kept else None)
            except IllegalActionError as error:
                raise IllegalActionError(
                    error.rule, f"action {number} ({word}): {error.reason}"
                ) from None
            except ValueError as error:
                raise _fail(f"action {number} ({_short(word)}): {error}") from None
        entries.append(entry)
        if state is not None:
            before = state
            try:
                state = _step(state, entry)
            except IllegalActionError as error:
                state = None
                refused = IllegalActionError(
                    error.rule, f"action {number} ({entry}): {error.reason}"
                )
            if kept and state is not None:
                order = _kept(before, entry, word, state, order)
    return tuple(entries)


def positions(record: GameRecord) -> Iterator[State]:
    """Every position of the record in order: ``new_game(record.rules)``, then one per action.

    Raises:
        IllegalActionError: for an action the rules do not allow where it
            stands; the reason says which action (counted from 1).
    """
    return replayed(new_game(record.rules), record.actions, _step)


def replay(record: GameRecord) -> State:
    """The state the record's actions lead to from ``new_game(record.rules)``.

    Raises:
        IllegalActionError: for an action the rules do not allow where it
            stands; the reason says which action (counted from 1).
    """
    state = new_game(record.rules)
    for state in positions(record):  # noqa: B007 - the last one is the answer
        pass
    return state


def load_record(path: str | os.PathLike[str]) -> GameRecord:
    """Read a record from a ``.json`` file (UTF-8, at most ``files.MAX_TEXT_SIZE`` bytes).

    Only a regular file is opened, or standard input for ``-``.

    Raises:
        FileFormatError: (a ``ValueError``) for a file that is no MyRummy record, or what
            is not a regular file, such as a named pipe or a folder (``where`` is the path).
        OSError: when the file cannot be read.
    """
    return GameRecord.from_json(read_text(path))


def save_record(record: GameRecord, path: str | os.PathLike[str]) -> None:
    """Write ``record`` to a JSON file (UTF-8), replacing it.

    Raises:
        OSError: when the file cannot be written.
    """
    write_text(path, record.to_json())
