"""The terminal game: ``morpyam play``, ``morpyam replay FILE`` and ``morpyam show FILE``.

``morpyam play`` seats any mix of humans and bots (``--seat human --seat
random``). Humans type actions in notation (``roll keep 3 3 call full-house``,
``place c4`` or just ``c4``, ``pass``, ``lay mini c4``), ``help`` for the
commands and the legal actions, ``resign`` or ``quit``. The grid is redrawn
after each action, the score is given at the end, and ``--record game.json``
(or ``game.txt``) saves the game record. Dice are thrown by the program with
a seeded ``random.Random``, or typed in from real dice with ``--manual-dice``.

``morpyam replay FILE`` steps through a record; ``morpyam show FILE --svg
out.svg`` prints a record's final position (or a saved state) and writes
its picture.

The loops take ``input`` and ``output`` functions, so that a program (or a
test) can drive them without a terminal. Input a human can get wrong gets a
message and a new prompt, never a traceback.

Bots are objects with a ``choose(state, rng) -> Action`` method, made by
the factories of `SEATS` by name.
"""

from __future__ import annotations

import argparse
import contextlib
import random
import re
import sys
import time
from collections import deque
from collections.abc import Callable, Mapping, Sequence
from pathlib import Path
from typing import Any, TextIO

import attrs

from morpyam.actions import Action, DealTile, Pass, Place, PlaceTile, Roll, RollResult
from morpyam.bots import BOTS, Bot
from morpyam.cli.console import colour_players, game_over, not_a_command, say
from morpyam.cli.manner import (
    HELP_LINE,
    HUMAN,
    RECORD_GAMES,
    add_table_options,
    banner,
    cannot_read,
    cannot_write,
    caret,
    check_first_player,
    check_players,
    check_players_rule,
    check_record_file,
    check_writable,
    fresh_seed,
    in_words,
    keep_record,
    label,
    prompt,
    read_names,
    read_seats,
    record_aside,
    record_game,
    refusal,
    replay_waits,
)
from morpyam.engine import apply, legal_actions, resign, sample_chance, scores
from morpyam.errors import IllegalActionError
from morpyam.figures import Figure, Label, Special
from morpyam.files import MAX_TEXT_SIZE, FileFormatError, load_rules, rules_with
from morpyam.kit.fields import parse_json
from morpyam.kit.paths import read_text
from morpyam.layouts import Cell
from morpyam.notation import NotationError
from morpyam.records import (
    RECORD_FORMAT,
    GameRecord,
    ReplayError,
    Resign,
    load_record,
    parse_entry,
    positions,
    save_record,
)
from morpyam.rules import PRESETS as RULE_PRESETS
from morpyam.rules import Rules
from morpyam.state import State
from morpyam.state_json import STATE_FORMAT, state_from_dict
from morpyam.text import PLAYER_MARKS, render

__all__ = [
    "DEFAULT_OPPONENT",
    "HUMAN",
    "PRESETS",
    "SEATS",
    "STEP_PROMPT",
    "Bot",
    "add_delay_option",
    "add_replay_options",
    "call_came_up",
    "check_writable",
    "legend",
    "play_game",
    "read_stdin",
    "register_play",
    "register_replay",
    "register_show",
    "step_loop",
    "step_through",
]

Input = Callable[[str], str]
Output = Callable[[str], object]


SEATS: dict[str, Callable[[], Bot]] = dict(BOTS)
"""Bot seats by name: a factory that makes the bot for one seat.

``morpyam play --seat NAME`` offers ``human`` and every name here, read when
the command line is built; add a bot with ``SEATS["greedy"] = GreedyBot``.
"""

PRESETS: Mapping[str, Callable[[int], Rules]] = RULE_PRESETS
"""The rule presets ``morpyam play --rules`` offers."""

DEFAULT_PRESET = "classic"
"""The preset ``morpyam play`` plays when neither --rules nor --rules-file is given."""

DEFAULT_OPPONENT = "greedy"
"""The bot that sits beside a person when no ``--seat`` is given, in all three games: one
that plays sensibly (it takes the best cell it can), not at random."""

_END_WORDS = {
    "R-END-1": "by KO",
    "R-END-2": "on points",
    "R-MOR-3": "by KO R. D'Aversa",
    "R-END-4": "by forfeit",
}
_CELL_WORD = re.compile(r"[a-z][1-9][0-9]?", re.IGNORECASE)
_FACES_WORDS = re.compile(r"[1-6](\s+[1-6])*")

HELP = """\
Commands (any case):
  roll                            throw the dice (the first roll throws all 5)
  roll keep 3 3                   keep these faces, throw the others
  roll call full-house            call a figure before rolling (sec: first roll)
  roll keep 3 3 call full-house   both
  place c4   (or just: c4)        put a token on c4
  pass                            end the turn without a token
  lay mini c4                     Plus set-up: lay your tile mini on c4
  legal                           list the actions allowed now
  board                           draw the grid again, with its key
  resign                          resign the game: the others win (R-END-4)
  quit                            stop (--record saves the game so far)
  help                            this text
A figure is typed by its name or by its short name on the grid (the key below)."""

TABLE_HELP = """\
The program does not throw the dice: type what the real dice show.
  dice 3 3 5 1 2   (or just: 3 3 5 1 2)   the faces of the dice thrown
  deal mini        (or just: mini)        the Morpyam Plus tile dealt
  auto                                    the program throws or deals, this once
  board, help, quit"""


class _StopGameError(Exception):
    """The person at the keyboard stopped the game."""


# ---------------------------------------------------------------------------
# Playing


def _mark(player: int) -> str:
    return PLAYER_MARKS[player % len(PLAYER_MARKS)]


_SAID = {
    Figure.MINI: "a low sum",
    Figure.MAXI: "a high sum",
    Figure.MORPYAM: "five of a kind",
    Special.SEC: "a figure on the turn's first roll",
    Special.CALL: "a figure called before the roll",
}


def legend(state: State, names: Sequence[str] = ()) -> str:
    """The key of the grid: each player's mark, and each short name on the grid with the name
    a player types, help lists and refusals say (``SS small-straight``).

    Only the labels of ``state``'s grid are named, in the order of `Figure` and `Special`.
    """
    marks = ", ".join(f"{_mark(p)}{p} {label(p, names)}" for p in range(state.rules.players))
    present = set(state.layout.labels)
    brelans = [figure for figure in Figure if figure.brelan_face is not None]
    parts = []
    if all(figure in present for figure in brelans):
        parts.append(f"{brelans[0].code}...{brelans[-1].code} three-ones...three-sixes")
    else:
        parts.extend(f"{figure.code} {figure.notation}" for figure in brelans if figure in present)
    labels: list[Label] = [*Figure, *Special]
    for each in labels:
        if each in present and each not in brelans:
            said = f" ({_SAID[each]})" if each in _SAID else ""
            parts.append(f"{each.code} {each.notation}{said}")
    empty = "; · a position with no tile yet (Plus set-up)" if state.setup is not None else ""
    return f"Key: tokens {marks}; cells " + ", ".join(parts) + empty + "."


def _options(state: State) -> str:
    """The legal actions in a few lines: placements and passes, then the rolls in short."""
    legal = legal_actions(state)
    places = [str(action.cell) for action in legal if isinstance(action, Place)]
    lines = []
    if places:
        lines.append("place on: " + " ".join(places))
    if Pass() in legal:
        lines.append("pass")
    rolls = [action for action in legal if isinstance(action, Roll)]
    if rolls:
        if state.dice is None:
            lines.append("roll (the first roll throws all 5 dice)")
        else:
            lines.append(f"roll, keeping any 0 to 4 of the dice {' '.join(map(str, state.dice))}")
        calls = sorted({action.call.notation for action in rolls if action.call is not None})
        if calls:
            lines.append("call before the roll: " + ", ".join(calls))
        else:
            lines.append("no call can be made now")
    lays = [action for action in legal if isinstance(action, PlaceTile)]
    if lays:
        hand = sorted({action.label.notation for action in lays})
        free = sorted({str(action.cell) for action in lays}, key=Cell.parse)
        lines.append("lay a tile of your hand: " + ", ".join(hand))
        lines.append("on a free position: " + " ".join(free))
    if not lines:
        return "nothing is allowed now"
    return "Allowed now:\n  " + "\n  ".join(lines)


def _explain(text: str, error: NotationError) -> str:
    if error.column == 1 and "is not an action" in error.reason:  # the first word is no command
        return not_a_command(text)
    return caret(text, error.column, error.reason)


def _read_line(read: Input, prompt: str, output: Output) -> str | None:
    """One line typed at ``prompt``; ``None`` for a line that is not text. End of input stops the game."""
    try:
        return read(prompt)
    except EOFError:
        output("")
        raise _StopGameError from None
    except UnicodeDecodeError:
        output("That line could not be read as text; type it again.")
        return None


def _who(player: int, names: Sequence[str]) -> str:
    """A player as the table calls them, with their mark on the grid: ``player 0 X``, ``Anne X``."""
    return f"{label(player, names)} {_mark(player)}"


def _ask_human(
    state: State, player: int, read: Input, output: Output, names: Sequence[str] = ()
) -> Action | Resign:
    """Ask the player at the keyboard until they give an allowed action."""
    asked = prompt(_who(player, names))
    while True:
        line = _read_line(read, asked, output)
        if line is None:
            continue
        text = line.strip()
        word = text.lower()
        if not text:
            continue
        if word in ("help", "?", "h"):
            output(HELP)
            output(legend(state, names))
            output(_options(state))
            continue
        if word in ("legal", "moves", "options"):
            output(_options(state))
            continue
        if word in ("board", "show"):
            output(_picture(state, names))
            output(legend(state, names))
            continue
        if word in ("quit", "exit", "q"):
            raise _StopGameError
        if word == "resign":
            return Resign(player)
        if _CELL_WORD.fullmatch(text):
            text = f"place {text}"
        try:
            entry = parse_entry(text)
        except NotationError as error:
            output(_explain(text, error))
            continue
        if isinstance(entry, Resign):
            if entry.player == player:
                return entry
            output(
                f"  You can resign only for yourself: type 'resign' (you are {label(player, names)})."
            )
            continue
        if isinstance(entry, (RollResult, DealTile)):
            output("  Dice and tiles come after your action, not instead: type your action.")
            continue
        try:
            apply(state, entry)
        except IllegalActionError as error:
            output(refusal(error))
            output("  Type 'legal' for the actions allowed now.")
            continue
        return entry


def _ask_table(
    state: State, rng: random.Random, read: Input, output: Output, names: Sequence[str] = ()
) -> Action:
    """Ask for the real dice (or the tile dealt) until the answer fits."""
    who = label(state.player, names)
    if state.roll_off:
        prompt = f"start roll, die of {who}> "
    elif state.setup is not None and state.setup.bag and not state.in_air:
        prompt = f"tile dealt to {who}> "
    else:
        prompt = f"dice for {who} ({5 - len(state.kept)} thrown)> "
    while True:
        line = _read_line(read, prompt, output)
        if line is None:
            continue
        text = line.strip()
        word = text.lower()
        if not text:
            continue
        if word in ("help", "?", "h"):
            output(TABLE_HELP)
            continue
        if word in ("board", "show"):
            output(_picture(state, names))
            output(legend(state, names))
            continue
        if word in ("quit", "exit", "q"):
            raise _StopGameError
        if word == "auto":
            return sample_chance(state, rng)
        alone = False  # a word alone, read as a tile
        if _FACES_WORDS.fullmatch(text):
            text = f"dice {text}"
        elif " " not in text and not text.lower().startswith(("dice", "deal")):
            text, alone = f"deal {text}", True
        try:
            entry = parse_entry(text)
        except NotationError as error:
            # a word alone that is no tile is no command either
            output(not_a_command(line) if alone else _explain(text, error))
            continue
        if not isinstance(entry, (RollResult, DealTile)):
            output("  Type the dice thrown (dice 3 3 5 1 2) or the tile dealt (deal mini).")
            continue
        try:
            apply(state, entry)
        except IllegalActionError as error:
            output(refusal(error))
            continue
        return entry


def call_came_up(rules: Rules, call: Label, after: State) -> bool:
    """Whether ``call`` came up on the roll that led to ``after`` (R-CALL-5), as ``rules`` read the dice."""
    assert after.dice is not None
    shown = rules.shows(after.dice)
    if call is Special.SEC:
        return after.rolls == 1 and not rules.sec_figures.isdisjoint(shown)
    return call in shown


def _came_up(before: State, after: State) -> bool:
    """Whether the call on the roll that led from ``before`` to ``after`` came up (R-CALL-5)."""
    assert before.call is not None
    return call_came_up(before.rules, before.call, after)


def _told(before: State, entry: Action | Resign, after: State) -> str:
    """An entry as the players hear it: the roll's number and a call's outcome with its dice,
    a cell with its label."""
    if isinstance(entry, RollResult) and before.roll_off:
        return f"{entry} (start roll)"
    if isinstance(entry, RollResult) and before.in_air:
        told = str(entry)
        if before.kept and after.dice is not None:
            told += f" → {' '.join(map(str, after.dice))}"
        notes = [f"roll {after.rolls}"] if after.rolls else []
        if before.call is not None:
            outcome = "came up" if _came_up(before, after) else "missed"
            notes.append(f"call {before.call.notation} {outcome}")
        return told + (f" ({', '.join(notes)})" if notes else "")
    if isinstance(entry, Place) and entry.cell in before.layout:
        return f"{entry} ({before.layout[entry.cell].notation})"
    if isinstance(entry, Resign):
        return "resigns"  # the player is named before it, as in the other games
    return str(entry)


def _summary(state: State, names: Sequence[str] = ()) -> list[str]:
    """The score and the result, one line each."""
    rules = state.rules
    totals = scores(state)
    lines = []
    for player, total in enumerate(totals):
        placed = rules.tokens_per_player - state.tokens_left[player]
        note = " (resigned)" if player in state.resigned else ""
        lines.append(
            f"{_who(player, names)}: {total} point{'' if total == 1 else 's'}, "
            f"{placed} token{'' if placed == 1 else 's'} placed{note}"
        )
    if state.is_terminal:
        winners = [label(p, names) for p in sorted(state.winners)]
        how = _END_WORDS.get(state.end_rule or "", "")
        lines.append(game_over(f"{how}, {state.end_rule}", winners))
    return lines


def _picture(state: State, names: Sequence[str] = ()) -> str:
    """The grid and the tokens left, with whose turn it is; once the game is over, without
    `render`'s own line on the result, which the summary tells."""
    picture = render(state, names=names or None)
    if state.is_terminal:
        picture = picture.rsplit("\n", 1)[0]
    return picture


def play_game(
    rules: Rules,
    seats: Sequence[Bot | None],
    rng: random.Random,
    *,
    first_player: int | None = None,
    manual_dice: bool = False,
    names: Sequence[str] = (),
    input: Input = input,
    output: Output = print,
    delay: float = 0.0,
) -> GameRecord:
    """Play one game in the terminal and return its record (complete or not).

    ``seats`` has one entry per player: a `Bot`, or
    ``None`` for a human who types actions at the prompt. Dice are thrown
    with ``rng``, or asked for with ``manual_dice``. The grid and its key
    (`legend`) are shown at the start. Each action is told as
    it happens, the position is drawn again whenever a player is to decide
    (so after each move, and after the dice of each roll), and the score is
    given at the end. With bots only (a game to watch), the position is drawn
    after each turn, and ``delay`` seconds pass before the next one, so that
    a person can follow. The game stops early when a human
    types ``quit`` or the input ends; the record then holds the game so far.

    Raises:
        ValueError: for a number of seats that is not ``rules.players``.
    """
    if len(seats) != rules.players:
        raise ValueError(f"{len(seats)} seats for {rules.players} players")
    record = GameRecord(rules, (), first_player, names=tuple(names))
    state = record.start()
    entries: list[Action | Resign] = []
    shown: tuple[int | None, ...] | None = None  # the tokens of the grid last drawn

    def show(state: State, entry: Action | Resign | None = None) -> None:
        """The grid when its tokens changed since it was last drawn, else the status line (not
        after a roll: its dice were just told)."""
        nonlocal shown
        picture = render(state, names=names or None)
        if state.owners != shown or state.setup is not None:
            output(picture)
            shown = state.owners
        elif not isinstance(entry, RollResult):
            output(picture.rsplit("\n", 1)[1])

    watched = all(seat is not None for seat in seats)
    show(state)
    output(legend(state, names))
    try:
        while not state.is_terminal:
            player = state.player
            if state.is_chance:
                entry: Action | Resign = (
                    _ask_table(state, rng, input, output, names)
                    if manual_dice
                    else sample_chance(state, rng)
                )
            else:
                seat = seats[player]
                if seat is None:
                    entry = _ask_human(state, player, input, output, names)
                else:
                    entry = seat.choose(state, rng)
            before = state
            state = (
                resign(state, entry.player) if isinstance(entry, Resign) else apply(state, entry)
            )
            entries.append(entry)
            output(f"{_who(player, names)}: {_told(before, entry, state)}")
            if state.is_terminal:
                continue
            if not state.is_chance and seats[state.player] is None:
                show(state, entry)  # a person decides next: show them the position
            elif watched and not before.is_chance and state.player != player:
                output(_picture(state, names))  # a turn is over: the watchers see the grid
                if delay > 0:
                    time.sleep(delay)
    except (_StopGameError, KeyboardInterrupt) as stop:
        if isinstance(stop, KeyboardInterrupt):
            output("")  # the line of the prompt where Ctrl-C was pressed
        output("Game stopped.")
        return attrs.evolve(record, actions=entries)
    output(_picture(state, names))
    output("")
    for line in _summary(state, names):
        output(line)
    return attrs.evolve(record, actions=entries)


# ---------------------------------------------------------------------------
# Stepping through a record


def _header(record: GameRecord) -> list[str]:
    """The record's header as the reader wants it, one sentence as a game's first line: the
    rules (the closest preset and the knobs that differ), the players with their marks, and
    the other fields (event, date...); not the line that names the file format."""
    preset, knobs, facts = "", [], []
    for line in record.to_text().splitlines()[2:]:  # the comment, the format
        if not line:
            break
        key, _, value = line.partition(": ")
        if key == "rules":
            preset = value
        elif key in _FACTS:
            facts.append(f"{key}: {value}")
        elif key != "players" and not key.startswith("name "):
            knobs.append(f"{key} {value}")
    rules = f"{preset} rules" + (f" ({', '.join(knobs)})" if knobs else "")
    players = ", ".join(_who(p, record.names) for p in range(record.rules.players))
    return [f"Morpyam, {rules}: {players}" + "".join(f"; {fact}" for fact in facts) + "."]


_FACTS = ("grid", "first player", "event", "site", "date")
"""The header fields of a record that are no knob of its rules."""


STEP_PROMPT = "[Enter] next, b back, v view, N go to step N, s start, e end, q quit> "
"""The prompt of every replay (``morpyam replay``, ``morpyam myrummy replay``)."""

_STEP_WORDS = "Type Enter, n, b, v, s, e, q or a step number."


def _target(word: str, index: int, last: int) -> int | str:
    """The step a stepping command goes to, or why it goes nowhere."""
    if word in ("", "n", "next"):
        target = index + 1
    elif word in ("b", "back", "p"):
        target = index - 1
    elif word in ("s", "start"):
        target = 0
    elif word in ("e", "end"):
        target = last
    elif word.isdigit() and word.isascii():
        target = int(word) if len(word) <= 9 else last + 1
    else:
        return _STEP_WORDS
    if target > last:
        return "That is the end of the record."
    if target < 0:
        return "That is the start."
    return target


def step_loop(
    last: int,
    tell: Callable[[int, bool], None],
    view: Callable[[int], None],
    *,
    input: Input = input,
    output: Output = print,
) -> int:
    """Step through steps 0 to ``last`` at the keyboard, as every replay does; returns 0, or 1
    when Ctrl-C stops it ("Replay stopped.", as a game stopped in play).

    ``tell(step, drawn)`` says one step in a line, with the position after it drawn when
    ``drawn`` (after a jump: ``N``, ``s``, ``e``); ``view(step)`` draws it on ``v``. Enter (or ``n``) goes to the next step and
    ``b`` back; ``q`` or the end of the input stop.
    """
    index = 0
    tell(index, False)
    while True:
        try:
            line = input(STEP_PROMPT)
        except EOFError:
            output("")
            return 0
        except KeyboardInterrupt:
            output("")
            output("Replay stopped.")
            return 1
        except UnicodeDecodeError:
            output("That line could not be read as text; type it again.")
            continue
        word = line.strip().lower()
        if word in ("q", "quit", "exit"):
            return 0
        if word in ("v", "view", "board", "table", "grid"):
            view(index)
            continue
        target = _target(word, index, last)
        if isinstance(target, str):
            output(target)
            continue
        index = target
        tell(index, word not in ("", "n", "next", "b", "back", "p"))


def step_through(
    record: GameRecord,
    *,
    wait: bool = True,
    input: Input = input,
    output: Output = print,
) -> int:
    """Tell a record one step (one entry) a line; returns 0, or 1 when an entry is illegal
    (or Ctrl-C stops the replay).

    Each step says who did what, as the game said it when it was played
    (``Step 3 of 40 · player 1 O: place c4 (small-straight)``); the grid is
    drawn on request. With ``wait``, a prompt after each step reads: Enter
    (or ``n``) for the next, ``b`` for the one before, ``v`` to draw the
    grid, a number to go to that step (and draw it), ``s`` for the start,
    ``e`` for the end, ``q`` to stop. Without, every step is told and the
    last position drawn.
    """
    for line in _header(record):
        output(line)
    states: list[State] = []
    error: ReplayError | None = None
    try:
        for state in positions(record):
            states.append(state)
    except ReplayError as failure:
        error = failure
    last = len(states) - 1
    names = record.names
    total = len(record.actions)

    def tell(index: int, drawn: bool) -> None:
        if index == 0:
            output(f"Step 0 of {total} · start of the game")
        else:
            entry = record.actions[index - 1]
            before = states[index - 1]
            player = entry.player if isinstance(entry, Resign) else before.player
            said = _told(before, entry, states[index])
            output(f"Step {index} of {total} · {_who(player, names)}: {said}")
        if drawn:
            view(index)
        if index == last:
            if error is not None:
                output(f"The next entry is illegal: {error}")
            elif states[index].is_terminal:
                for line in _summary(states[index], names):
                    output(line)
            else:
                output("End of the record: the game goes on.")

    keyed: list[bool] = []

    def view(index: int) -> None:
        output(_picture(states[index], names))
        if not keyed:  # the grid's key, with the first grid drawn
            output(legend(states[index], names))
            keyed.append(True)

    if not wait:
        for index in range(len(states)):
            tell(index, index == last)
        return 1 if error else 0
    stopped = step_loop(last, tell, view, input=input, output=output)
    return 1 if error or stopped else 0


# ---------------------------------------------------------------------------
# The subcommands


def _fail(args: argparse.Namespace, message: str, status: int = 2) -> int:
    """Tell ``message`` as the command's error; returns ``status``: 2 for a command line
    (or a file it names) that cannot be used, 1 for a failure once the work has begun."""
    say(f"{args.command}: error: {message}", sys.stderr)
    return status


def _file_error(
    args: argparse.Namespace, path: str, error: Exception, status: int = 2, *, writing: bool = False
) -> int:
    """A file that cannot be read (``FILE: reason``) or written (``cannot write FILE: reason``)."""
    where = "standard input" if path == STDIO else path
    if writing and isinstance(error, OSError):
        return _fail(args, cannot_write(where, error), status)
    if isinstance(error, FileFormatError) and error.where == path:
        return _fail(args, f"{where}: {error.reason}", status)
    return _fail(args, cannot_read(where, error), status)


STDIO = "-"
"""The file name that means standard input (or output), as in most commands."""


def read_stdin() -> str:
    """Standard input as text, refused past the size any file may have."""
    data = sys.stdin.buffer.read(MAX_TEXT_SIZE + 1)
    if len(data) > MAX_TEXT_SIZE:
        raise FileFormatError(STDIO, f"bigger than {MAX_TEXT_SIZE:,} bytes")
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError as error:
        raise FileFormatError(STDIO, f"not UTF-8 text (byte {error.start})") from None


def _load(path: str) -> GameRecord | State:
    """A game record (``.json`` or ``.txt``), or a state (``.json`` in the state format).

    ``-`` reads standard input, JSON when it starts with ``{``, else a text record.
    """
    if path == STDIO:
        text = read_stdin()
        if not text.lstrip().startswith("{"):
            return GameRecord.from_text(text)
        data = parse_json(text)
    elif Path(path).suffix.lower() == ".json":
        data = parse_json(read_text(path))
    else:
        return load_record(path)
    if isinstance(data, dict) and data.get("format") == STATE_FORMAT:
        return state_from_dict(data)
    game = record_game(data)
    if game is not None and game != RECORD_GAMES[RECORD_FORMAT]:
        raise FileFormatError(path, game.pointer())
    return GameRecord.from_dict(data)


def _line_editing() -> None:
    """Arrow keys and history at the prompt, where the platform has ``readline``."""
    if sys.stdin.isatty():  # pragma: no cover - only at a real terminal
        with contextlib.suppress(ImportError):
            import readline  # noqa: F401


def _run_play(args: argparse.Namespace) -> int:
    return record_aside(args, lambda data: _play(args, data))


def _play(args: argparse.Namespace, data: TextIO) -> int:
    """``morpyam play``, its record written to ``data`` with ``--record -``."""
    kinds = read_seats(args.seats, [HUMAN, *SEATS], 2, 4, [HUMAN, DEFAULT_OPPONENT])
    if isinstance(kinds, str):
        return _fail(args, kinds)
    names = read_names(args.names, len(kinds))
    if isinstance(names, str):
        return _fail(args, names)
    wrong = check_record_file(args, (".json", ".txt"))
    if wrong is not None:
        return _fail(args, wrong)
    if args.rules_file is not None:
        if args.preset is not None:
            return _fail(args, "--rules and --rules-file: give one, a preset or a rules file")
        try:
            rules = load_rules(args.rules_file)
        except (FileFormatError, OSError) as error:
            return _file_error(args, args.rules_file, error)
        if rules.players != len(kinds):
            return _fail(
                args, f"{args.rules_file} is for {rules.players} players, not {len(kinds)} seats"
            )
        told = f"rules of {args.rules_file}"
    else:
        preset = args.preset or DEFAULT_PRESET
        rules = PRESETS[preset](len(kinds))
        told = f"{preset} rules"
    wrong = check_players_rule(args.rule_settings, len(kinds))
    if wrong is not None:
        return _fail(args, wrong)
    try:
        rules = rules_with(rules, args.rule_settings or ())
    except FileFormatError as error:
        where = "" if error.where == "rules" else f" {error.where}"  # knobs that clash
        return _fail(args, f"--rule{where}: {in_words(error.reason)}")
    wrong = check_players(rules.players, len(kinds)) or check_first_player(
        args.first_player, len(kinds)
    )
    if wrong is not None:
        return _fail(args, wrong)
    seed = fresh_seed(args.seed)
    seats = [None if kind == HUMAN else SEATS[kind]() for kind in kinds]
    _line_editing()
    say(banner("Morpyam", told, [(_who(p, names), kind) for p, kind in enumerate(kinds)], seed))
    if HUMAN in kinds:
        say(HELP_LINE)
    colour = not args.no_color
    try:
        record = play_game(
            rules,
            seats,
            random.Random(seed),
            first_player=args.first_player,
            manual_dice=args.manual_dice,
            names=names,
            output=lambda text: colour_players(text, sys.stdout, colour=colour),
            delay=args.delay,
        )
    except ValueError as error:  # names that a record cannot hold
        return _fail(args, str(error))
    finished = deque(positions(record), maxlen=1)[0].is_terminal
    kept = keep_record(args, data, record.to_text(), lambda path: save_record(record, path))
    return kept or (0 if finished else 1)


def _run_replay(args: argparse.Namespace) -> int:
    try:
        loaded = _load(args.file)
    except (FileFormatError, OSError) as error:
        return _file_error(args, args.file, error)
    if isinstance(loaded, State):
        return _fail(args, f"{args.file} holds a position, not a game record: use 'morpyam show'")
    colour = not args.no_color
    return step_through(
        loaded,
        wait=replay_waits(args),
        output=lambda text: colour_players(text, sys.stdout, colour=colour),
    )


def _run_show(args: argparse.Namespace) -> int:
    from morpyam.svg import board

    if args.svg not in (None, STDIO):
        try:
            check_writable(args.svg)
        except OSError as error:
            return _file_error(args, args.svg, error)
    try:
        loaded = _load(args.file)
    except (FileFormatError, OSError) as error:
        return _file_error(args, args.file, error)
    highlight: list[Cell] = []
    if isinstance(loaded, State):
        if args.at is not None:
            return _fail(args, "--at needs a game record; this file holds one position")
        state = loaded
    else:
        entries = loaded.actions
        at = len(entries) if args.at is None else args.at
        if not 0 <= at <= len(entries):
            return _fail(args, f"--at must be 0 to {len(entries)}, the number of entries")
        part = attrs.evolve(loaded, actions=entries[:at])
        try:
            state = deque(positions(part), maxlen=1)[0]
        except ReplayError as error:  # an illegal entry, as replay finds it: status 1
            return _fail(args, f"{args.file}: {error}", 1)
        cell = part.last_placement()
        if cell is not None and state.setup is None and cell in state.layout:
            highlight.append(cell)
    picture = board(state, highlight=highlight)
    if args.svg == STDIO:
        print(picture)
        return 0
    names = () if isinstance(loaded, State) else loaded.names
    say(_picture(state, names))
    if state.is_terminal:
        for line in _summary(state, names):
            say(line)
    if args.svg is not None:
        try:
            Path(args.svg).write_text(picture, encoding="utf-8")
        except OSError as error:
            return _file_error(args, args.svg, error, 1)
        say(f"Picture written to {args.svg}")
    return 0


def _seconds(text: str) -> float:
    """A ``--delay``: seconds from 0 to 60."""
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a number of seconds") from None
    if not 0 <= value <= 60:
        raise argparse.ArgumentTypeError(f"seconds from 0 to 60, not {text}")
    return value


def add_delay_option(parser: argparse.ArgumentParser) -> None:
    """``--delay SECONDS``, the pace of a game between bots, as every game has it."""
    parser.add_argument(
        "--delay",
        type=_seconds,
        default=0.0,
        metavar="SECONDS",
        help="with bots only: wait this long after each turn, to watch (0 to 60; default 0)",
    )


def add_replay_options(parser: argparse.ArgumentParser) -> None:
    """The options of every replay: ``--no-wait`` and ``--no-color``."""
    parser.add_argument(
        "--no-wait",
        action="store_true",
        help="tell every step without waiting, and draw the last position",
    )
    parser.add_argument("--no-color", action="store_true", help="plain text, no colours")


def register_play(subparsers: Any) -> None:
    """Add ``morpyam play`` to the command line (an item of ``morpyam.cli.COMMANDS``)."""
    parser = subparsers.add_parser(
        "play",
        help="play a game in the terminal",
        description="Play Morpyam in the terminal: humans type actions in notation "
        "(type 'help' at the prompt), bots play at once.",
    )
    add_table_options(
        parser,
        seats=[HUMAN, *SEATS],
        default_seats=[HUMAN, DEFAULT_OPPONENT],
        presets=PRESETS,
        default_preset=DEFAULT_PRESET,
        seed_of="the dice",
        record="save the game record to this .json or .txt file (-: print it as text); "
        "the path is checked before the game",
        first_player=True,
        rule_example="diagonals=long (as in a rules file)",
    )
    parser.add_argument(
        "--rules-file", metavar="FILE", help="a rules file (.toml or .json) instead of a preset"
    )
    parser.add_argument(
        "--manual-dice", action="store_true", help="type in the real dice instead of throwing them"
    )
    add_delay_option(parser)
    # None, not the preset, so that a --rules given beside --rules-file is seen
    parser.set_defaults(run=_run_play, command=parser.prog, preset=None)


def register_replay(subparsers: Any) -> None:
    """Add ``morpyam replay FILE`` to the command line."""
    parser = subparsers.add_parser(
        "replay",
        help="step through a game record",
        description="Step through a game record (.json or .txt), one line a step that says "
        "who did what; the grid is drawn on request (v) and at a step chosen by its number.",
    )
    parser.add_argument("file", help="the record (-: read it from standard input)")
    add_replay_options(parser)
    parser.set_defaults(run=_run_replay, command=parser.prog)


def register_show(subparsers: Any) -> None:
    """Add ``morpyam show FILE`` to the command line."""
    parser = subparsers.add_parser(
        "show",
        help="show a position from a record or a state file",
        description="Print the final position of a game record (or a saved state) "
        "and optionally write its SVG picture.",
    )
    parser.add_argument(
        "file", help="a game record (.json, .txt) or a state (.json); -: standard input"
    )
    parser.add_argument("--svg", help="write the picture to this SVG file (-: standard output)")
    parser.add_argument("--at", type=int, help="the position after this many entries")
    parser.set_defaults(run=_run_show, command=parser.prog)
