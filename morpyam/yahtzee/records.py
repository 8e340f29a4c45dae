"""Score-sheet game records: the rules, the number of games and every action, in JSON, with replay.

A record holds the rules, how many games the sheet plays, the players'
names if given, and every action from ``new_game`` on, the dice thrown
(``dice 2 2 6 6 6``) included, so that `replay` gives back exactly the
position the table reached. Actions are written in their notation
(``roll``, ``roll keep 6 6``, ``score full-house``). The records of
`morpyam.records` and `morpyam.myrummy.notation._records` have the same shape of API:
``to_json``/``from_json``, ``replay``, ``positions``,
``load_record``/``save_record``.

Where the score sheet cannot follow that pattern: it has no resignation (its
engine has no ``resign``), so a record holds actions only; and the number of
games is a field of the record, since it is an argument of
`new_game`, not a field of `Rules`.

A document says ``"format": "yahtzee/1"`` (`RECORD_FORMAT`). Reading is for
untrusted text: a document over ``files.MAX_TEXT_SIZE`` (1 MiB) is refused
before it is parsed, one with more than `MAX_ACTIONS` actions before any
action is read; every field is checked, and every problem is a
`FileFormatError` saying where. Whether the actions are legal is `replay`'s
question: it names the first illegal one by its number.

Examples:
    >>> import random
    >>> import morpyam.yahtzee as yz
    >>> from morpyam.bots import RandomBot
    >>> record = yz.play_match(yz.Rules.hasbro(players=2), [RandomBot(game=yz)] * 2, seed=1)
    >>> yz.GameRecord.from_json(record.to_json()) == record
    True
    >>> yz.replay(record).is_terminal
    True
"""

from __future__ import annotations

import json
import os
import random
from collections.abc import Iterable, Iterator, Sequence
from typing import Any

import attrs

from morpyam.errors import FileFormatError, IllegalActionError, NotationError, shown
from morpyam.game import Chooser
from morpyam.kit.fields import (
    check_fields,
    check_size,
    parse_json,
    read_attrs,
    read_int,
    read_list,
    read_str,
    read_table,
    require_format,
)
from morpyam.kit.paths import read_text, write_text
from morpyam.kit.records import replayed
from morpyam.kit.texts import check_name_count, check_player_names, player_names
from morpyam.yahtzee.actions import Action, Roll, RollResult, Score, parse_action
from morpyam.yahtzee.engine import MAX_GAMES, apply, new_game, sample_chance
from morpyam.yahtzee.rules import BOXES, PLAYER_LIMIT, Rules
from morpyam.yahtzee.state import State

__all__ = [
    "MAX_ACTIONS",
    "RECORD_FORMAT",
    "GameRecord",
    "load_record",
    "play_match",
    "positions",
    "replay",
    "save_record",
]

RECORD_FORMAT = "yahtzee/1"
"""The ``format`` of a score-sheet game record; a reader refuses any other."""

MAX_ACTIONS = PLAYER_LIMIT * MAX_GAMES * len(BOXES) * 7
"""The most actions a record may hold: the longest game there is, `PLAYER_LIMIT` players on
six games, each turn three rolls, their dice and a score (Y-TURN-1)."""

_FIELDS = ("format", "rules", "games", "names", "actions")
_REQUIRED = ("format", "rules", "games", "actions")
_ACTION_TYPES = (Roll, RollResult, Score)


def _actions(value: Iterable[Action]) -> tuple[Action, ...]:
    if isinstance(value, (str, bytes)) or not isinstance(value, Iterable):
        raise ValueError(f"actions must be a sequence of actions, got {shown(value)}")
    return tuple(value)


def _check_actions(instance: object, attribute: attrs.Attribute[Any], value: Any) -> None:
    if len(value) > MAX_ACTIONS:
        raise ValueError(f"a record holds at most {MAX_ACTIONS:,} actions, got {len(value):,}")
    for index, action in enumerate(value):
        if not isinstance(action, _ACTION_TYPES):
            raise ValueError(
                f"actions[{index}] must be a Roll, RollResult or Score, got {shown(action)}"
            )


def _check_rules(instance: object, attribute: attrs.Attribute[Any], value: Any) -> None:
    if not isinstance(value, Rules):
        raise ValueError(f"a record needs a yahtzee Rules value, got {shown(value)}")


def _check_games(instance: object, attribute: attrs.Attribute[Any], value: Any) -> None:
    if type(value) is not int or not 1 <= value <= MAX_GAMES:
        raise ValueError(f"Y-END-1: a sheet holds 1 to {MAX_GAMES} games, got {shown(value)}")


@attrs.frozen
class GameRecord:
    """A game of the score sheet as its rules, its number of games and every action from
    `new_game` (the dice thrown included).

    Raises:
        ValueError: for rules that are not a `Rules`, games outside 1 to 6, an entry that is
            no action of the game, more than `MAX_ACTIONS` actions, or names that are not
            one line of text for each player.
    """

    rules: Rules = attrs.field(validator=_check_rules)
    """The rules of the game, with its number of players (``rules.players``)."""
    actions: tuple[Action, ...] = attrs.field(
        default=(), converter=_actions, validator=_check_actions
    )
    """Every action in order, chance outcomes (`RollResult`) included."""
    games: int = attrs.field(default=1, validator=_check_games, kw_only=True)
    """How many games the sheet plays, one after the other (Y-END-1)."""
    names: tuple[str, ...] = attrs.field(
        default=(), converter=player_names, validator=check_player_names, kw_only=True
    )
    """The players' names in seat order, or ``()``: each one line of text without spaces at
    either end, at most 200 characters (``morpyam.records.MAX_TEXT_LENGTH``)."""

    def __attrs_post_init__(self) -> None:
        check_name_count(self.names, self.rules.players)

    def appended(self, *actions: Action) -> GameRecord:
        """The record with ``actions`` added at the end."""
        return attrs.evolve(self, actions=(*self.actions, *actions))

    def to_dict(self) -> dict[str, Any]:
        """The record as plain JSON values: ``format``, ``rules`` (every field), ``games``,
        ``names`` (when the players are named) and ``actions`` (their notation)."""
        data: dict[str, Any] = {
            "format": RECORD_FORMAT,
            "rules": attrs.asdict(self.rules),
            "games": self.games,
        }
        if self.names:
            data["names"] = list(self.names)
        data["actions"] = [str(action) for action in self.actions]
        return data

    def to_json(self) -> str:
        """The record as a JSON document (`to_dict`)."""
        return json.dumps(self.to_dict(), ensure_ascii=False)

    @classmethod
    def from_dict(cls, data: Any) -> GameRecord:
        """Read a record from plain data, such as `to_dict` writes.

        Raises:
            FileFormatError: saying where: a missing or unknown field, another format,
                a wrong type, rules that ``Rules`` refuses, more than `MAX_ACTIONS`
                actions, an action that is no action (its number named), names that
                are not one per player.
        """
        table = read_table(data, "document")
        require_format(table, RECORD_FORMAT, "a score-sheet record")
        check_fields(table, _FIELDS, required=_REQUIRED)
        words = read_list(table["actions"], "actions")
        if len(words) > MAX_ACTIONS:
            raise FileFormatError("actions", f"more than {MAX_ACTIONS:,} actions")
        rules = _read_rules(table["rules"])
        games = read_int(table["games"], "games")
        names = read_list(table.get("names", []), "names")
        try:
            named = cls(rules, games=games, names=tuple(names))
        except ValueError as error:
            where = "games" if "Y-END-1" in str(error) else "names"
            raise FileFormatError(where, str(error)) from None
        actions = []
        for index, word in enumerate(words):
            where = f"actions[{index}]"
            try:
                actions.append(parse_action(read_str(word, where)))
            except NotationError as error:
                raise FileFormatError(where, str(error)) from None
        return attrs.evolve(named, actions=tuple(actions))

    @classmethod
    def from_json(cls, text: str) -> GameRecord:
        """Read a record written by `to_json`.

        The text is untrusted: it is refused by size before it is parsed, and by
        its number of actions before any action is read.

        Raises:
            FileFormatError: for a text over ``files.MAX_TEXT_SIZE``, nested too deeply, a
                syntax error (``where`` is ``"line L, column C"``) or bad content
                (`from_dict`).
        """
        check_size(text)
        return cls.from_dict(parse_json(text))


def _read_rules(value: object) -> Rules:
    return read_attrs(value, "rules", Rules)


def positions(record: GameRecord) -> Iterator[State]:
    """Every position of the record in order: ``new_game(record.rules, games=record.games)``,
    then one per action.

    Raises:
        IllegalActionError: for an action the rules do not allow where it
            stands; the reason says which action (counted from 1).
    """
    return replayed(new_game(record.rules, games=record.games), record.actions, apply)


def replay(record: GameRecord) -> State:
    """The state the record's actions lead to from ``new_game``.

    Raises:
        IllegalActionError: for an action the rules do not allow where it
            stands; the reason says which action (counted from 1).
    """
    for state in positions(record):  # noqa: B007 - the last one is the answer
        pass
    return state


def load_record(path: str | os.PathLike[str]) -> GameRecord:
    """Read a record from a JSON file (UTF-8, at most ``files.MAX_TEXT_SIZE`` bytes).

    Raises:
        FileFormatError: for a file that is no score-sheet record.
        OSError: when the file cannot be read.
    """
    return GameRecord.from_json(read_text(path))


def save_record(record: GameRecord, path: str | os.PathLike[str]) -> None:
    """Write ``record`` to a JSON file (UTF-8), replacing it.

    Raises:
        OSError: when the file cannot be written.
    """
    write_text(path, record.to_json())


def play_match(
    rules: Rules,
    bots: Sequence[Chooser[State, Action]],
    *,
    seed: int,
    games: int = 1,
    names: Sequence[str] = (),
) -> GameRecord:
    """Play a whole sheet of ``games`` between ``bots`` (seat ``i`` is ``bots[i]``) and
    return its record, reproducible from ``seed``.

    The dice are thrown with ``random.Random(seed)`` and the bots choose with a stream of
    their own, so a bot's use of randomness does not change the dice of the others' next
    throw. Any `Chooser` plays: ``RandomBot(game=morpyam.yahtzee)``, a bot of your own.

    Raises:
        ValueError: when the number of bots is not ``rules.players``, ``seed`` is not an
            int, or a bot chooses an illegal action (an `IllegalActionError` naming it).
    """
    if not isinstance(rules, Rules):
        raise ValueError(f"play_match needs a yahtzee Rules value, got {shown(rules)}")
    if len(bots) != rules.players:
        raise ValueError(f"{rules.players} players need {rules.players} bots, got {len(bots)}")
    if type(seed) is not int:
        raise ValueError(f"seed must be an int, got {shown(seed)}")
    dice = random.Random(seed)
    choices = random.Random(f"bots {seed}")
    state = new_game(rules, games=games)
    actions: list[Action] = []
    while not state.is_terminal:
        if state.is_chance:
            action: Action = sample_chance(state, dice)
        else:
            player = state.current_player
            assert player is not None  # neither over nor chance: a player decides
            action = bots[player].choose(state, choices)
            try:
                state = apply(state, action)
            except IllegalActionError as error:
                raise IllegalActionError(
                    error.rule, f"the bot in seat {player} chose {shown(action)}: {error.reason}"
                ) from None
            except ValueError as error:  # not an action of the game at all
                raise ValueError(
                    f"the bot in seat {player} chose {shown(action)}: {error}"
                ) from None
            actions.append(action)
            continue
        state = apply(state, action)
        actions.append(action)
    return GameRecord(rules, actions, games=games, names=names)
