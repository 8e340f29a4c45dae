"""The table manner: what the three terminal games do alike (docs/terminal.md says it in words).

``morpyam play``, ``morpyam yahtzee play`` and ``morpyam myrummy play`` seat
people and bots at one table, and a person who knows one knows the others:

- the same options where the idea is the same (`TABLE_OPTIONS`): ``--seat``
  (or ``--seats``, comma lists too), ``--name``, ``--rules``, ``--rules-file``,
  ``--rule``, ``--first-player``, ``--seed``, ``--record``, ``--no-color``; a
  game without one says why in its help (`without`);
- one banner line with the seed (`banner`), one prompt (`prompt`), one way of
  naming players (`label`: the ``--name`` given, else ``player N``);
- one refusal voice: the rule ID and the reason (`refusal`), a caret under an
  unknown word (`caret`);
- one wording per kind of command-line error, with no API names, every argument
  and missing extra checked before the game starts (status 2, `fail`).

The three ``replay`` commands share their manner too: each names the command that
replays a record of another game (`other_game`), and none waits for keys when the
record came from standard input (`replay_waits`).
"""

from __future__ import annotations

import argparse
import contextlib
import errno
import os
import random
import re
import stat
import sys
from collections.abc import Callable, Iterable, Mapping, Sequence
from pathlib import PurePath
from typing import Any, TextIO

import attrs

from morpyam.cli.console import say
from morpyam.files import FileFormatError, _int
from morpyam.kit.fields import parse_json
from morpyam.kit.paths import STDIN

__all__ = [
    "HELP_LINE",
    "HUMAN",
    "RECORD_GAMES",
    "STDOUT",
    "TABLE_OPTIONS",
    "RecordGame",
    "add_table_options",
    "banner",
    "cannot_read",
    "cannot_write",
    "caret",
    "check_first_player",
    "check_players",
    "check_players_rule",
    "check_record",
    "check_record_file",
    "check_writable",
    "closest_preset",
    "fail",
    "fresh_seed",
    "in_words",
    "keep_record",
    "knob_word",
    "label",
    "other_game",
    "prompt",
    "read_names",
    "read_seats",
    "record_aside",
    "record_game",
    "refusal",
    "replay_waits",
    "rule_settings",
    "without",
]

HUMAN = "human"
"""The seat of a person at the keyboard, in every game."""

TABLE_OPTIONS = (
    "--seat",
    "--name",
    "--rules",
    "--rules-file",
    "--rule",
    "--first-player",
    "--seed",
    "--record",
    "--no-color",
)
"""The options every game's ``play`` has where the idea is the same (docs/terminal.md)."""

HELP_LINE = "Type 'help' for the commands, 'quit' to stop."
"""What the banner's second line tells a person at the keyboard, in every game."""


def add_table_options(
    parser: argparse.ArgumentParser,
    *,
    seats: Sequence[str],
    default_seats: Sequence[str],
    presets: Iterable[str],
    default_preset: str,
    seed_of: str,
    record: str | None,
    first_player: bool,
    rule_example: str,
) -> None:
    """Add the options of `TABLE_OPTIONS` that a game has, each with the same words in every
    game (``record``: what the record holds, ``None`` for a game that keeps none;
    ``first_player``: whether a seat can be named to start)."""
    parser.add_argument(
        "--seat",
        "--seats",
        dest="seats",
        action="append",
        metavar="SEAT",
        help=f"who plays the next seat, one of {', '.join(seats)}: give it once per player, "
        f"or as a list (human,greedy) (default: {', '.join(default_seats)})",
    )
    parser.add_argument(
        "--name",
        dest="names",
        action="append",
        metavar="NAME",
        help="a player's name, in seat order: give one per seat, or none (player 0, player 1...)",
    )
    parser.add_argument(
        "--rules",
        dest="preset",
        choices=sorted(presets),
        default=default_preset,
        help=f"rule preset (default {default_preset})",
    )
    parser.add_argument(
        "--rule",
        dest="rule_settings",
        action="append",
        metavar="FIELD=VALUE",
        help=f"change one knob of the rules (repeat), e.g. {rule_example}",
    )
    if first_player:
        parser.add_argument(
            "--first-player",
            type=int,
            metavar="SEAT",
            help="this seat starts (0 is the first seat); by default the rules draw who starts",
        )
    parser.add_argument(
        "--seed",
        type=int,
        metavar="SEED",
        help=f"seed of {seed_of} and the bots, to play a game again (default: a fresh one, "
        "printed at the start)",
    )
    if record is not None:
        parser.add_argument("--record", metavar="FILE", help=record)
        parser.add_argument(
            "--force", action="store_true", help="let --record replace a file that exists"
        )
    parser.add_argument(
        "--no-color",
        action="store_true",
        help="plain text, no colours (as the NO_COLOR environment variable does)",
    )


def without(reasons: Mapping[str, str]) -> str:
    """The help's sentence on the options of `TABLE_OPTIONS` a game has not, and why."""
    return " ".join(f"No {option}: {why}." for option, why in reasons.items())


def fail(args: argparse.Namespace, message: str, status: int = 2) -> int:
    """Tell ``message`` as the command's error on standard error; returns ``status``: 2 for a
    command line (or a file it names) that cannot be used, 1 for a failure once the work has
    begun."""
    say(f"{args.command_parser.prog}: error: {message}", sys.stderr)
    return status


def cannot_read(path: str, error: Exception) -> str:
    """The words for a file that cannot be read: ``FILE: reason``, as most commands say it."""
    reason = error.strerror or str(error) if isinstance(error, OSError) else str(error)
    return f"{path}: {reason}"


def cannot_write(path: str, error: OSError) -> str:
    """The words for a file that cannot be written: ``cannot write FILE: reason``."""
    return f"cannot write {path}: {error.strerror or error}"


def read_seats(
    given: Sequence[str] | None, choices: Sequence[str], low: int, high: int, default: Sequence[str]
) -> list[str] | str:
    """The seats named by ``--seat`` (repeated, or lists with commas), or the error's words."""
    seats = [seat.strip() for words in given for seat in words.split(",")] if given else []
    seats = seats or list(default)
    for seat in seats:
        if seat not in choices:
            return f"--seat: {seat!r} is not a seat; the seats are {', '.join(choices)}"
    if not low <= len(seats) <= high:
        return f"--seat: give one per player, {low} to {high} of them; got {len(seats)}"
    return seats


def read_names(names: Sequence[str] | None, seats: int) -> list[str] | str:
    """The names given by ``--name``, one per seat or none, or the error's words."""
    if not names:
        return []
    if len(names) != seats:
        return f"--name: give one per seat, or none; got {len(names)} for {seats} seats"
    for name in names:
        if not name.strip() or len(name) > 40 or not name.isprintable():
            return f"--name: a name is 1 to 40 printable characters, not {name[:40]!r}"
    given = [name.strip() for name in names]
    for seat, name in enumerate(given):
        if name.casefold() in (other.casefold() for other in given[:seat]):
            return f"--name: {name!r} is given twice; each seat needs its own name"
    return given


STDOUT = "-"
"""The ``--record`` file that means standard output, in every game."""


def record_aside(args: argparse.Namespace, play: Callable[[TextIO], int]) -> int:
    """Run ``play``, a game that writes its record to the stream it is given when ``--record``
    is `STDOUT`; then every line for a person goes to standard error, so that standard
    output holds the record alone, to be piped into a replay or a file."""
    data = sys.stdout
    if args.record != STDOUT:
        return play(data)
    with contextlib.redirect_stdout(sys.stderr):
        return play(data)


def check_record(path: str, suffixes: Sequence[str], *, force: bool = False) -> str | None:
    """The error's words for a ``--record`` file that cannot be used, or ``None``.

    ``-`` is standard output. A file's name must end as a record's; a file that exists is
    replaced only with ``force`` (``--force``), and only when it is a regular file (writing
    to a named pipe would wait for a reader).
    """
    if path == STDOUT:
        return None
    if PurePath(path).suffix.lower() not in suffixes:
        return f"--record {path}: a record file ends in {' or '.join(suffixes)}"
    try:
        mode = os.stat(path).st_mode
    except OSError:
        return None  # nothing there: writing it will tell
    if stat.S_ISDIR(mode):
        return None  # a folder: writing it will tell, as for a file in no folder
    if not stat.S_ISREG(mode):
        return f"--record {path}: not a regular file; give a new file's name"
    if not force:
        return f"--record {path}: the file exists; give --force to replace it"
    return None


def check_writable(path: str) -> None:
    """Check, before a game starts, that a record can be written to ``path``, so that a
    player never loses the record of a game just played to a wrong path.

    The file is opened for appending (which keeps what it holds) and, if it was not
    there before, removed again.

    Raises:
        OSError: when it cannot be written (no such folder, a folder, no permission, or
            what is not a regular file: opening a named pipe would wait for a reader).
    """
    existed = os.path.lexists(path)
    if os.path.exists(path) and not (os.path.isfile(path) or os.path.isdir(path)):
        raise OSError(errno.EINVAL, "not a regular file", path)
    with open(path, "a", encoding="utf-8"):
        pass
    if not existed:
        os.remove(path)


def check_record_file(args: argparse.Namespace, suffixes: Sequence[str]) -> str | None:
    """The error's words for the ``--record`` of ``args`` that cannot be used, or ``None``,
    checked before the game in every game: the file's name (`check_record`), a file that
    exists without ``--force``, and whether it can be written (`check_writable`)."""
    path = getattr(args, "record", None)
    if path is None:
        return None
    wrong = check_record(path, suffixes, force=args.force)
    if wrong is not None or path == STDOUT:
        return wrong
    try:
        check_writable(path)
    except OSError as error:
        return cannot_write(path, error)
    return None


def keep_record(
    args: argparse.Namespace, data: TextIO, text: str, save: Callable[[str], object]
) -> int:
    """Write a game's record where ``--record`` says, in every game: ``text`` to ``data``
    for `STDOUT`, else ``save(path)``; returns 0, or 1 when the file cannot be written
    (the game was played: the record is then printed, to copy by hand)."""
    path = getattr(args, "record", None)
    if path is None:
        return 0
    if path == STDOUT:
        data.write(text if text.endswith("\n") else f"{text}\n")
        return 0
    try:
        save(path)
    except (OSError, FileFormatError) as error:
        reason = error.reason if isinstance(error, FileFormatError) else error.strerror or error
        fail(args, f"cannot write {path}: {reason}", 1)
        say("The record, to copy by hand:")
        print(text)
        return 1
    say(f"Record saved to {path}")
    return 0


@attrs.frozen
class RecordGame:
    """A game whose records the terminal replays: its name, as a sentence says "a ... record",
    and the command that replays them."""

    name: str
    replay: str

    def pointer(self) -> str:
        """What a replay of another game answers for a record of this game."""
        return f"a {self.name} record: replay it with '{self.replay}'"


RECORD_GAMES: Mapping[str, RecordGame] = {
    "morpyam/1": RecordGame("Morpyam", "morpyam replay"),
    "yahtzee/1": RecordGame("score-sheet", "morpyam yahtzee replay"),
    "myrummy/1": RecordGame("MyRummy", "morpyam myrummy replay"),
}
"""The game of a record by the ``format`` it says (each game's ``RECORD_FORMAT``)."""


def record_game(document: object) -> RecordGame | None:
    """The game of a record, by what its parsed JSON ``document`` says: its ``format``, or
    ``"game": "myrummy"`` without one (a MyRummy record written before the format was
    named); ``None`` for what says neither."""
    if not isinstance(document, Mapping):
        return None
    kind = document.get("format")
    if kind is None and document.get("game") == "myrummy":
        kind = "myrummy/1"
    return RECORD_GAMES.get(kind) if isinstance(kind, str) else None


def _text_format(text: str) -> str | None:
    """The ``format:`` header line of a text record (Morpyam's), or ``None``."""
    for line in text.splitlines():
        words = line.split("#", 1)[0].strip()
        if not words:
            continue
        key, colon, value = words.partition(":")
        if not colon:  # the entries begin, and no header line said a format
            return None
        if " ".join(key.lower().split()) == "format":
            return value.strip()
    return None


def other_game(text: str, own: str) -> str | None:
    """What a replay of the game whose record ``format`` is ``own`` answers for ``text``,
    the record of another game: ``a MyRummy record: replay it with 'morpyam myrummy
    replay'``; ``None`` for a record of its own game or of none (its reader then says
    what is wrong).

    ``text`` is a JSON document (`record_game`) or a text record with a ``format:``
    header line. Every replay says it with status 2, as a file that cannot be used.
    """
    if text.lstrip().startswith("{"):
        try:
            game = record_game(parse_json(text))
        except FileFormatError:
            return None
    else:
        game = RECORD_GAMES.get(_text_format(text) or "")
    if game is None or game == RECORD_GAMES.get(own):
        return None
    return game.pointer()


def replay_waits(args: argparse.Namespace) -> bool:
    """Whether a replay steps at the keyboard, waiting at a prompt after each step: not with
    ``--no-wait``, nor when its record (``args.file``) came from standard input, where the
    keys would be read from; it then tells every step, as ``--no-wait`` does."""
    return not args.no_wait and args.file != STDIN


def closest_preset(
    rules: Any, presets: Mapping[str, Callable[[int], Any]], same: Sequence[str] = ("players",)
) -> tuple[str, list[str]]:
    """The preset closest to ``rules`` (an attrs value with a ``players`` field) and the
    fields that differ from it, ``same`` left out: how a replay's first line names the rules
    of a record, as the game's first line named them (``("", [])`` when no preset takes
    that many players)."""
    fields = attrs.asdict(rules, recurse=False)
    best: tuple[int, str, list[str]] = (len(fields) + 1, "", [])
    for name in sorted(presets):
        try:
            preset = attrs.asdict(presets[name](rules.players), recurse=False)
        except ValueError:  # a preset for fewer players
            continue
        differ = [key for key in fields if key not in same and fields[key] != preset[key]]
        if len(differ) < best[0]:
            best = (len(differ), name, differ)
    return best[1], best[2]


def knob_word(value: object) -> str:
    """A knob's value as a replay's first line says it: ``off``, ``on``, or the value."""
    if value is None:
        return "off"
    if isinstance(value, bool):
        return "on" if value else "off"
    return str(value)


def check_players_rule(
    settings: Sequence[str] | None, seats: int, option: str = "--seat"
) -> str | None:
    """The error's words for a ``--rule players=N`` that is not the number of seats, checked
    before the rules are made (their other knobs are made for the seats), or ``None``.
    ``option`` is the option that seats the players: ``--seat`` (one per player),
    ``--bot`` (one per player) or ``--players`` (their number)."""
    for setting in settings or ():
        field, equals, text = (part.strip() for part in setting.partition("="))
        if field == "players" and equals and _NUMBER.fullmatch(text) and len(text) <= 20:
            return check_players(int(text), seats, option)
    return None


def check_players(players: int, seats: int, option: str = "--seat") -> str | None:
    """The error's words for rules made for another number of players than there are seats,
    seated by ``option`` (see `check_players_rule`)."""
    if players == seats:
        return None
    if option == "--players":
        return (
            f"--rule players={players}: the players are counted by --players, "
            f"{seats} here; give --players {players} instead"
        )
    return (
        f"--rule players={players}: the game has one player per {option}, and there are "
        f"{seats}; give {players} {option} options instead"
    )


def check_first_player(value: int | None, seats: int) -> str | None:
    """The error's words for a ``--first-player`` that is no seat, or ``None``."""
    if value is None or 0 <= value < seats:
        return None
    return f"--first-player: a seat 0 to {seats - 1}, not {value}"


def fresh_seed(seed: int | None) -> int:
    """``seed``, or a fresh one when none was given."""
    return seed if seed is not None else random.SystemRandom().randrange(2**32)


def label(seat: int, names: Sequence[str] = ()) -> str:
    """How a player is called at the table: the name given, else ``player N``."""
    return names[seat] if seat < len(names) else f"player {seat}"


def prompt(who: str) -> str:
    """The prompt of a person at the keyboard, in every game: ``player 0> ``, ``Anne> ``."""
    return f"{who}> "


def banner(game: str, rules: str, seats: Sequence[tuple[str, str]], seed: int) -> str:
    """The first line of every game: its rules, who sits where, and the seed to play it again."""
    sitting = ", ".join(f"{who} ({kind})" for who, kind in seats)
    return f"{game}, {rules}: {sitting}; seed {seed} (--seed {seed} plays it again)."


def refusal(error: Exception) -> str:
    """An action the rules refuse, in every game: the rule ID and the reason."""
    return f"  Not allowed: {error}"


def caret(text: str, column: int, reason: str) -> str:
    """A typed line that goes wrong at ``column`` (from 1), a caret under it, and why."""
    shown = text.strip()
    column -= len(text) - len(text.lstrip())
    return f"  {shown}\n  {' ' * max(column - 1, 0)}^ {reason}"


def rule_settings(
    rules: Any,
    settings: Sequence[str] | None,
    *,
    set_by: Mapping[str, str] | None = None,
    check: Callable[[Any], object] | None = None,
) -> Any:
    """``rules`` (an attrs value) with knobs changed by ``FIELD=VALUE`` texts, as ``--rule``.

    A value is read by the field's value in ``rules``: ``true``/``false`` for a switch, a
    whole number for a number, a word for a word; ``off`` (or ``none``) turns off a knob
    that can be off. Values are read as a file's: a field given twice is refused, as a
    repeated key, and a number must hold in 64 bits. ``set_by`` maps a field to the option
    that already set it (``{"rounds": "--rounds 2"}``): a ``--rule`` of that field is a
    clash. The knobs are changed together, then ``check`` (such as starting a game with
    the seats given) is called on the rules: a refusal that the rules without the
    ``--rule`` changes pass is said as the ``--rule`` options'.

    Raises:
        ValueError: in a player's words, naming the option (``--rule rounds: ...``).
    """
    fields = [field.name for field in attrs.fields(type(rules))]
    changes: dict[str, object] = {}
    typed: dict[str, str] = {}
    for setting in settings or ():
        field, equals, text = (part.strip() for part in setting.partition("="))
        if not equals:
            raise ValueError(f"--rule {setting[:40]!r}: expected FIELD=VALUE")
        if field not in fields:
            raise ValueError(
                f"--rule {field[:40]!r}: unknown field; the fields are {', '.join(fields)}"
            )
        if field in changes:  # as a repeated key of a file
            raise ValueError(f"--rule {field}: given more than once")
        if set_by and field in set_by:
            raise ValueError(
                f"--rule {field}={text[:40]} and {set_by[field]}: both set {field}; give one"
            )
        changes[field] = _value(getattr(rules, field), text, field)
        typed[field] = text
    try:
        changed = attrs.evolve(rules, **changes) if changes else rules
    except (ValueError, TypeError) as error:
        raise ValueError(_refused(rules, changes, typed, error)) from None
    if check is not None:
        try:
            check(changed)
        except ValueError as error:
            if not changes:
                raise
            try:
                check(rules)
            except ValueError:
                raise error from None  # not the --rule options' doing: the caller says it
            named = ", ".join(f"--rule {field}={typed[field][:40]}" for field in changes)
            raise ValueError(f"{named}: {in_words(error)}") from None
    return changed


def _refused(
    rules: Any, changes: Mapping[str, object], typed: Mapping[str, str], error: Exception
) -> str:
    """The words for ``--rule`` changes the rules refuse: the one refused alone, else all."""
    for field, value in changes.items():
        try:
            attrs.evolve(rules, **{field: value})
        except (ValueError, TypeError) as alone:
            reason = in_words(alone)
            if value is None:  # "off" read as None: say the word typed, not None
                reason = f"{reason.rpartition(', got ')[0]}, not {typed[field][:40]!r}"
            return f"--rule {field}: {reason}"
    named = ", ".join(f"--rule {field}={typed[field][:40]}" for field in changes)
    return f"{named}: {in_words(error)}"


_NUMBER = re.compile(r"-?[0-9]+")


def _value(current: object, text: str, field: str) -> object:
    word = text.lower()
    if word in ("off", "none") and not isinstance(current, str):
        return None
    if isinstance(current, bool) or word in ("true", "false"):
        return {"true": True, "false": False}.get(word, text)
    if (isinstance(current, int) or current is None) and _NUMBER.fullmatch(text):
        digits = len(text.lstrip("-"))
        if digits > 4300:  # Python's own limit, as a file's reader says it
            raise ValueError(f"--rule {field}: a number of {digits:,} digits is not read")
        try:
            return _int(int(text), field)  # 64 bits, as a file's integers
        except FileFormatError as error:
            raise ValueError(f"--rule {field}: {error.reason}") from None
    return text


def in_words(error: Exception | str) -> str:
    """A rules error in a player's words: no ``Rules.`` prefix, no Python type names."""
    return (
        str(error)
        .replace("Rules.", "")
        .replace("must be None or", "is off or")
        .replace("must be one of", "is one of")
        .replace("must be an int", "is a whole number")
        .replace("must be True or False", "is true or false")
        .replace("is None or", "is off or")
        .replace("an integer", "a whole number")
        .replace(" an int ", " a whole number ")
    )
