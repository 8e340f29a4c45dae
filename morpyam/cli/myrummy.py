"""The ``morpyam myrummy play`` command: MyRummy at the terminal against bots.

A human seat sees only its own rack (and what everyone sees: the table,
rack sizes, the pool's size), never another rack. A turn is typed as moves,
the way people at a table say them (``lay gn8 gn9 gn10``, ``add gn7 to 3``,
``move gn4 from 2 to 5``, ``split 4 at gn7``, ``join 2 3``,
``swap gn6 for J in 1``, see `morpyam.myrummy.moves`),
with ``undo`` and ``reset``; the table is drawn again after each, and
``done`` hands the whole play to the engine's judge. ``draw`` takes a tile
instead, ``hint`` shows the greedy bot's play as moves, ``quit`` stops. Every
play, a bot's too, is told as moves.
"""

from __future__ import annotations

import argparse
import random
import sys
import textwrap
from collections import Counter
from collections.abc import Callable, Sequence
from typing import Any

import attrs

from morpyam.cli.play import check_writable
from morpyam.errors import IllegalActionError
from morpyam.myrummy.actions import Action, Draw, FirstPlayer, Pass, Play
from morpyam.myrummy.bots import BOTS, Bot, guarded_play
from morpyam.myrummy.engine import apply, legal_actions, new_game, sample_chance, scores
from morpyam.myrummy.melds import Group, Meld
from morpyam.myrummy.moves import (
    Add,
    Combination,
    Join,
    Lay,
    Move,
    MoveError,
    Split,
    Swap,
    TableMove,
    Turn,
    apply_move,
    judge_turn,
    moves_between,
    parse_move,
)
from morpyam.myrummy.observe import Observation, observe
from morpyam.myrummy.records import GameRecord, load_record, positions, save_record
from morpyam.myrummy.rollouts import RolloutBot
from morpyam.myrummy.rules import PRESETS, Rules
from morpyam.myrummy.state import State
from morpyam.myrummy.tiles import TILES, Tile, tiles_text
from morpyam.notation import NotationError

__all__ = [
    "BOT_MAX_TABLE",
    "HELP",
    "SEATS",
    "WORDS",
    "complete",
    "play_terminal",
    "register_myrummy",
    "render",
    "rules_help",
    "tell",
]

Input = Callable[[str], str]
Output = Callable[[str], object]

_MINUS = "\N{MINUS SIGN}"


def _combination_text(tiles: Combination, before: Sequence[Meld] = (), note: bool = True) -> str:
    """A combination of a table being built, its tiles in the order they lie: ``[..]`` for a
    run, ``{..}`` for a group (as the meld of ``before`` with its tiles was), bare tiles for
    what is no combination yet."""
    if not tiles:
        return "(empty)"
    text = tiles_text(tiles)
    try:
        meld = Turn([tiles], ()).play(before).table[0]
    except IllegalActionError:
        return f"{text}  (not a run or a group yet)" if note else f"({text})"
    return "{" + text + "}" if isinstance(meld, Group) else f"[{text}]"


def render(seen: Observation, turn: Turn | None = None) -> str:
    """What a player sees, as text: the table with numbered combinations, the rack sizes, the
    pool and their own rack; with ``turn`` (a turn in progress), its table and the rack tiles
    laid in it marked ``*``."""
    table = [meld.tiles for meld in seen.table] if turn is None else turn.table
    lines = ["Table:" if table else "Table: empty"]
    for number, tiles in enumerate(table, 1):
        lines.append(f"  {number:>2}  {_combination_text(tiles, seen.table)}")
    sizes = ", ".join(
        f"player {p}: {size} tile{'' if size == 1 else 's'}{' (laid out)' if seen.opened[p] else ''}"
        for p, size in enumerate(seen.rack_sizes)
    )
    lines.append(f"Racks: {sizes}; pool: {seen.pool_size} tile{'' if seen.pool_size == 1 else 's'}")
    if turn is None:
        lines.append(f"Your rack (player {seen.player}): {tiles_text(seen.rack)}")
        return "\n".join(lines)
    left = Counter(turn.hand)
    marked = []
    for tile in seen.rack:
        if left[tile] > 0:
            left[tile] -= 1
            marked.append(str(tile))
        else:
            marked.append(f"{tile}*")
    laid = sum(word.endswith("*") for word in marked)
    note = f"  (* laid this turn: {laid})" if laid else ""
    lines.append(f"Your rack (player {seen.player}): {' '.join(marked) or 'nothing'}{note}")
    left = +left  # tiles in hand not from the rack: a joker taken by a swap
    if left:
        lines.append(
            f"In hand from the table: {tiles_text(sorted(left.elements()))} "
            "(lay it again this turn)"
        )
    return "\n".join(lines)


HELP = """\
Your turn, step by step (combinations are numbered as the table shows them):
  lay gn8 gn9 gn10        lay tiles from your rack as a new combination
  add gn7 to 3            add tiles from your rack to combination 3
  move gn4 from 2 to 5    move tiles between combinations ('to new': a new one)
  split 4 at gn7          cut combination 4 in two: gn7 and the tiles after it go apart
  join 2 3                put combination 3 into combination 2
  swap gn6 for J in 1     gn6 from your rack takes the joker's place in 1;
                          the joker comes to your hand, to lay again this turn
  undo                    take back the last step
  reset                   take back every step of this turn
  done                    end the turn: the whole play is checked now
Instead of laying:
  draw                    take a tile from the pool (ends the turn)
  pass                    with the pool empty: end the turn without laying
Any time:
  table                   draw the table again
  hint                    the play the greedy bot would make, as steps
  help, ?                 this text and the rules
  quit                    stop the game"""
"""The commands of the terminal game, as ``help`` prints them (then ``rules_help``)."""

WORDS = (
    "lay",
    "add",
    "move",
    "split",
    "join",
    "swap",
    "undo",
    "reset",
    "done",
    "draw",
    "pass",
    "table",
    "hint",
    "help",
    "quit",
)
"""The first words of the terminal game's commands (``complete`` offers them)."""

_JOINING = ("to", "from", "at", "for", "in", "new")


def rules_help(rules: Rules) -> str:
    """The rules a newcomer needs, in a few lines, as ``help`` prints them for ``rules``.

    Not `morpyam.myrummy.text.rules_text`, which
    writes the rules as the Python that makes them.
    """
    stay = (
        "any part of a combination may be taken"
        if rules.min_stay is None
        else f"of a combination you take from, at least {rules.min_stay} tiles stay together "
        "(or take it all)"
    )
    opening = (
        f"Your first play (the opening) lays at least {rules.opening_points} points from your "
        "rack in new combinations (a joker counts as the tile it stands for); before it you may "
        "not touch the table"
        + ("." if rules.lay_off_in_opening_turn else ", nor add to it in the opening turn.")
    )
    lines = [
        "Tiles: a colour and a value 1 to 13: pu purple, bk black, gn green, gy grey "
        "(gn7 is green 7); J is a joker.",
        "A run [gn4 gn5 gn6]: three or more tiles of one colour in a row (13 is not followed "
        "by 1).",
        "A group {gn7 bk7 gy7}: three or four tiles of one value, all colours different.",
        opening,
        f"Then you may add to the table and rearrange it: {stay}; at the end of your turn "
        "every table tile lies in a correct combination, and you have laid a tile from your "
        "rack.",
        "A joker stands for any tile. After your opening you may swap a table joker for the "
        "tile it stands for (in a group of three, either missing colour); lay the joker "
        "again in the same turn.",
        "No tile to lay, or no wish to: draw. Whoever lays their last tile wins the round; "
        f"the others lose the points left on their racks (a joker {rules.joker_penalty}).",
    ]
    return "\n".join(textwrap.fill(line, 88, subsequent_indent="  ") for line in lines)


BOT_MAX_TABLE = 60
"""The ``max_table`` bound of the terminal game's bots: above this many table tiles, the
greedy and points bots solve only the part of the table near their rack
(``bots.guarded_play``) and the random bot looks only at plays from its rack, so that the
table a bot searches stays small whatever the rules. A lower bound costs the bots much of
their strength: greedy bounded at 40 loses about three matches in four to greedy bounded at
60 (docs/myrummy.md, with the time a decision takes)."""

SEATS: dict[str, Callable[..., Bot]] = {**BOTS, "rollout": RolloutBot}
"""The bots a seat of the terminal game may name: `BOTS` and
``rollout``, the `RolloutBot`, which near the end of
a round may think a few seconds a turn. Each is made with ``max_table=BOT_MAX_TABLE``."""


class _Teller:
    """Tells moves in words, naming each combination of the table before the play as it lay
    there (what a watcher saw) and each new one by its tiles at the time."""

    def __init__(self, before: Sequence[Meld], rack: Sequence[Tile]) -> None:
        self.before = before
        self.turn = Turn(before, rack)
        self.labels: list[int | None] = list(range(len(before)))  # None: a new combination

    def name(self, number: int) -> str:
        label = self.labels[number - 1]
        if label is not None:
            return str(self.before[label])
        return _combination_text(self.turn.combination(number), note=False)

    def step(self, move: TableMove) -> None:
        self.turn = apply_move(self.turn, move)
        if isinstance(move, (Lay, Split)) or (isinstance(move, Move) and move.to is None):
            self.labels.append(None)

    def taken(self, move: Move) -> str:
        return f"{tiles_text(move.tiles)} from {self.name(move.source)}"

    def said(self, move: Add | Move | Split | Join | Swap) -> str:
        """One move that makes no new combination, in words."""
        if isinstance(move, Add):
            return f"adds {tiles_text(move.tiles)} to {self.name(move.to)}"
        if isinstance(move, Move):
            assert move.to is not None  # a move to a new combination is told with it
            return f"moves {self.taken(move)} to {self.name(move.to)}"
        if isinstance(move, Split):
            return f"splits {self.name(move.combination)} before {move.at}"
        if isinstance(move, Join):
            return f"joins {self.name(move.second)} to {self.name(move.first)}"
        return f"swaps {move.tile} for the joker in {self.name(move.combination)}"


def _and(parts: Sequence[str]) -> str:
    return " and ".join(parts) if len(parts) < 3 else f"{', '.join(parts[:-1])} and {parts[-1]}"


def tell(before: Sequence[Meld], after: Sequence[Meld], rack: Sequence[Tile]) -> str:
    """A play in words, as moves (``lays [gn8 gn9 gn10]; adds gn7 to [gn8 gn9 gn10]``), from
    `moves_between`. A combination of ``before`` is named
    as it lay there; a new combination that takes tiles from the table is told once, whole:
    ``lays [gn3 gn4 gn5] with gn4 from {pu4 bk4 gn4 gy4}``."""
    teller = _Teller(before, rack)
    moves = list(moves_between(before, after, rack))
    said = []
    while moves:
        move = moves.pop(0)
        if isinstance(move, (Add, Split, Join, Swap)) or (
            isinstance(move, Move) and move.to is not None
        ):
            said.append(teller.said(move))
            teller.step(move)
            continue
        parts = [teller.taken(move)] if isinstance(move, Move) else []
        teller.step(move)
        new = len(teller.turn.table)
        while moves and isinstance(moves[0], Move) and moves[0].to == new:
            taken = moves.pop(0)
            assert isinstance(taken, Move)
            parts.append(teller.taken(taken))
            teller.step(taken)
        made = _combination_text(teller.turn.table[new - 1], note=False)
        if isinstance(move, Lay):
            said.append(f"lays {made}" + (f" with {_and(parts)}" if parts else ""))
        else:
            said.append(f"makes {made} of {_and(parts)}")
    return "; ".join(said) or "rearranges nothing"


def _told(before: State, action: Action) -> str:
    if isinstance(action, Play):
        return tell(before.table, action.table, before.rack)
    if isinstance(action, Draw):
        return "draws"
    if isinstance(action, Pass):
        return "passes"
    return str(action)  # pragma: no cover - the terminal's bots lay, draw or pass


def complete(text: str, line: str, turn: Turn | None = None) -> list[str]:
    """What a word being typed at the prompt may become, for readline's Tab: a command word
    first; then the tiles in hand after ``lay``, ``add`` and ``swap``, the tiles on the table
    after ``move`` and ``split`` (of ``turn``, the turn in progress; any tile when none fits),
    and the joining words (``to``, ``from``, ...)."""
    low = text.lower()
    words = line[: len(line) - len(text)].split()
    if not words:
        return [word for word in WORDS if word.startswith(low)]
    joining = [word for word in _JOINING if word.startswith(low)]
    hand = turn.hand if turn is not None else ()
    table = [tile for tiles in turn.table for tile in tiles] if turn is not None else []
    near = hand if words[0].lower() in ("lay", "add", "swap") else table
    found = [name for name in dict.fromkeys(map(str, near)) if name.lower().startswith(low)]
    if not found and not joining:
        found = [str(tile) for tile in TILES if str(tile).lower().startswith(low)]
    return [*found, *joining]


def _install_completion(turn: Callable[[], Turn | None]) -> None:  # pragma: no cover
    """Tab completion at a real terminal, where the platform has ``readline``."""
    try:
        import readline
    except ImportError:
        return
    matches: list[str] = []

    def completer(text: str, index: int) -> str | None:
        if index == 0:
            matches[:] = complete(text, readline.get_line_buffer(), turn())
        return matches[index] if index < len(matches) else None

    readline.set_completer(completer)
    readline.set_completer_delims(" ")
    readline.parse_and_bind("tab: complete")


class _StopGameError(Exception):
    """The person at the keyboard stopped the game (``quit``, end of input)."""


def _explain(error: NotationError) -> str:
    """Where the typed line goes wrong, with a caret under the word."""
    reason = error.reason.partition("; use one of")[0]
    if error.column == 1 and "is not a move" in reason:
        reason = f"{reason.split(' is not')[0]} is not a command; type help for the commands"
    return f"  {error.text.strip()}\n  {' ' * (error.column - 1)}^ {reason}"


def _read(read: Input, prompt: str, out: Output) -> str:
    try:
        return read(prompt)
    except EOFError:
        out("")
        raise _StopGameError from None


def _aside(verb: str, state: State, seen: Observation, turn: Turn, out: Output) -> bool:
    """Answer the words that change nothing (help, table, hint); whether ``verb`` was one."""
    if verb in ("quit", "exit", "q"):
        raise _StopGameError
    if verb in ("help", "?", "h"):
        out(HELP)
        out(rules_help(state.rules))
    elif verb in ("table", "board", "show"):
        out(render(seen, turn))
    elif verb == "hint":
        hint = guarded_play(state, max_table=BOT_MAX_TABLE)  # greedy's play, bounded as the bots
        told = tell(state.table, hint.table, state.rack) if hint else "draw"
        out(f"  greedy would (from the start of the turn): {told}")
    else:
        return False
    return True


def _instead(verb: str, state: State, steps: int, out: Output) -> Action | None:
    """``draw`` or ``pass``, when the rules allow it now; ``None`` (and why) when not."""
    action: Action = Draw() if verb == "draw" else Pass()
    if action not in legal_actions(state):
        why = "the pool is empty: pass" if verb == "draw" else "the pool is not empty: draw"
        out(f"  you cannot {verb} now ({why})")
        return None
    if steps:
        out("  (your steps of this turn are taken back)")
    return action


def _finish(state: State, steps: list[Turn], out: Output) -> Play | None:
    """``done``: the play the steps make, if the judge allows it; ``None`` (and why) if not."""
    if len(steps) == 1:
        out("  you have laid nothing yet: lay or add tiles from your rack, or draw")
        return None
    try:
        return judge_turn(state, steps[-1])
    except IllegalActionError as error:
        out(f"  Not allowed: {error}")
        out("  Change your steps (undo, reset) or draw.")
        return None


def _ask(
    state: State,
    player: int,
    read: Input,
    out: Output,
    now: list[Turn],
) -> Action:
    """A human's turn, typed as moves; returns the action (a judged play, a draw or a pass)."""
    seen = observe(state, player)
    steps = [Turn(state.table, state.rack)]
    now[:] = steps[:1]
    out(render(seen, steps[0]))
    while True:
        words = _read(read, f"player {player}> ", out).strip()
        verb = words.split()[0].lower() if words else ""
        if not words or _aside(verb, state, seen, steps[-1], out):
            continue
        if verb in ("undo", "reset"):
            if len(steps) == 1:
                out("  nothing to take back: this turn has no steps yet")
                continue
            del steps[1 if verb == "reset" else -1 :]
        elif verb in ("draw", "pass", "done"):
            action = (
                _finish(state, steps, out)
                if verb == "done"
                else _instead(verb, state, len(steps) - 1, out)
            )
            if action is not None:
                return action
            continue
        else:
            try:
                steps.append(apply_move(steps[-1], parse_move(words)))
            except NotationError as error:
                out(_explain(error))
                continue
            except MoveError as error:
                out(f"  {error}")
                continue
        now[:] = steps[-1:]
        out(render(seen, steps[-1]))


_END_WORDS = {
    "R-RUM-END-1": "a player laid their last tile",
    "R-RUM-VAR-HAND": "a Handrummy: all the tiles at once",
    "R-RUM-END-3": "the pool ran out",
    "resign": "a player resigned",
}


def _points(points: Sequence[int]) -> str:
    """Points as people write them, with a minus sign: ``50 to −50`` for two, else a list."""
    texts = [f"{_MINUS}{-p}" if p < 0 else str(p) for p in points]
    if len(texts) == 2:
        return " to ".join(texts)
    return ", ".join(texts)


def _round_over(points: Sequence[int], totals: Sequence[int]) -> str:
    best = max(points)
    winners = [p for p, got in enumerate(points) if got == best]
    who = "Nobody wins (a tie)"
    if len(winners) == 1:
        who = f"Player {winners[0]} wins {best} points"
    return f"Round over: {who}; totals {_points(totals)}"


def _match_over(state: State) -> str:
    winners = sorted(state.winners)
    names = " and ".join(f"player {p}" for p in winners)
    who = f"{names[0].upper()}{names[1:]} {'wins' if len(winners) == 1 else 'share the win'}"
    how = _END_WORDS.get(state.end_rule or "", state.end_rule or "")
    return f"Match over ({how}): {who}; totals {_points(scores(state))}"


def play_terminal(
    rules: Rules,
    seats: Sequence[str],
    *,
    seed: int,
    input: Input = input,
    output: Output = print,
    state: State | None = None,
    record: list[Action] | None = None,
    on_turn: list[Turn] | None = None,
) -> State:
    """Play a match at the terminal; ``seats`` names ``human`` or a bot of ``SEATS``.

    The match starts from ``new_game(rules)``, or from ``state`` when given; tiles and
    bots draw from ``random.Random(seed)``. Every action applied, chance included, is
    appended to ``record`` when given. A human who types ``quit``, the end of the input
    or Ctrl-C stops the match ("Game stopped."): the state reached is returned, not over.
    ``on_turn``, when given, holds the human's turn in progress as it goes (for Tab
    completion).
    """
    rng = random.Random(seed)
    bots: dict[int, Bot] = {
        p: SEATS[s](max_table=BOT_MAX_TABLE) for p, s in enumerate(seats) if s != "human"
    }
    now = on_turn if on_turn is not None else []
    state = new_game(rules) if state is None else state
    try:
        while not state.is_terminal:
            if state.is_chance:
                outcome = sample_chance(state, rng)
                if state.draws_left and state.player not in bots:
                    output(f"  you drew {outcome}")
                state = apply(state, outcome)
                if record is not None:
                    record.append(outcome)
                continue
            player = state.current_player
            assert player is not None
            if player in bots:
                action = bots[player].choose(state, rng)
                who = f"Player {player} ({seats[player]})"
            else:
                action = _ask(state, player, input, output, now)
                who = (
                    f"Player {player} (you)" if len(bots) == len(seats) - 1 else f"Player {player}"
                )
            output(f"{who}: {_told(state, action)}")
            round_before = state.round
            state = apply(state, action)
            if record is not None:
                record.append(action)
            if state.round != round_before and state.last_round is not None:
                output(_round_over(state.last_round, state.totals))
    except (_StopGameError, KeyboardInterrupt) as stop:
        if isinstance(stop, KeyboardInterrupt):
            output("")
        output("Game stopped.")
        return state
    assert state.last_round is not None  # the last round ends the match: told here
    output(_round_over(state.last_round, state.totals))
    output(_match_over(state))
    return state


def _fail(message: str, command: str = "play", status: int = 2) -> int:
    """Tell ``message`` as the command's error; returns ``status``: 2 for a command line
    (or a file it names) that cannot be used, 1 for a failure once the work has begun."""
    print(f"morpyam myrummy {command}: error: {message}", file=sys.stderr)
    return status


def _morpyam_record(path: str) -> bool:
    """Whether ``path`` holds a record of Morpyam (the dice game), not of MyRummy."""
    from morpyam.records import load_record as load_morpyam_record

    try:
        load_morpyam_record(path)
    except (OSError, ValueError):
        return False
    return True


def _run_play(args: argparse.Namespace) -> int:
    given = args.seats or ["human", "greedy"]
    seats = [seat.strip() for words in given for seat in words.split(",")]
    choices = {"human", *SEATS}
    if not 2 <= len(seats) <= 4 or not set(seats) <= choices:
        return _fail(
            f"give 2 to 4 --seat options, each one of {', '.join(sorted(choices))}; "
            f"got {', '.join(seats)}"
        )
    try:
        rules = attrs.evolve(
            PRESETS[args.rules](len(seats)), rounds=args.rounds, rack_size=args.rack_size
        )
    except ValueError as error:
        return _fail(str(error))
    if args.record:
        try:
            check_writable(args.record)
        except OSError as error:
            return _fail(f"cannot write {args.record}: {error.strerror or error}")
    seed = args.seed if args.seed is not None else random.SystemRandom().randrange(2**32)
    rounds = f"{rules.rounds} round{'s' if rules.rounds > 1 else ''}"
    players = ", ".join(f"player {p} {seat}" for p, seat in enumerate(seats))
    print(f"MyRummy, {args.rules} rules, {rounds}: {players}; seed {seed} (--seed {seed} repeats).")
    now: list[Turn] = []
    if "human" in seats:
        print("Type 'help' for the commands and the rules, 'quit' to stop.")
        if sys.stdin.isatty():  # pragma: no cover - only at a real terminal
            _install_completion(lambda: now[0] if now else None)
    actions: list[Action] = []
    state = play_terminal(rules, seats, seed=seed, record=actions, on_turn=now)
    if args.record:
        try:
            save_record(GameRecord(rules, tuple(actions)), args.record)
        except OSError as error:
            return _fail(f"cannot write {args.record}: {error.strerror or error}", status=1)
        print(f"Record saved to {args.record}")
    return 0 if state.is_terminal else 1


def _run_replay(args: argparse.Namespace) -> int:
    try:
        record = load_record(args.file)
    except IllegalActionError as error:  # an illegal entry, found as the plays are read
        return _fail(str(error), "replay", status=1)
    except OSError as error:
        return _fail(f"cannot read {args.file}: {error.strerror or error}", "replay")
    except ValueError as error:
        if _morpyam_record(args.file):
            return _fail(
                f"{args.file}: a Morpyam record: replay it with 'morpyam replay'", "replay"
            )
        return _fail(str(error), "replay")
    steps = positions(record)
    try:
        state = next(steps)
        for number, action in enumerate(record.actions, 1):
            state = next(steps)
            if args.all or not isinstance(action, (Tile, FirstPlayer)):
                print(f"{number}: {action}")
    except IllegalActionError as error:  # an illegal entry, as 'morpyam replay' finds it
        return _fail(str(error), "replay", status=1)
    if state.is_terminal:
        print(_match_over(state))
    else:
        print(f"Not over: {len(record.actions)} actions; player {state.player} to go on")
    return 0


def register_myrummy(subparsers: Any) -> None:
    """Add the ``myrummy`` command, with its ``play`` subcommand, to ``morpyam``."""
    parser = subparsers.add_parser(
        "myrummy", help="the MyRummy tile game", description="MyRummy (Schmidt MyRummy Classic)."
    )
    parser.set_defaults(run=lambda args: parser.print_help() or 0)  # help on stdout
    commands = parser.add_subparsers(title="commands", metavar="COMMAND")
    play = commands.add_parser(
        "play",
        help="play a match at the terminal",
        description="Play MyRummy: a human sees only their own rack and types a turn as moves "
        "(lay, add, move, split, join, swap, done); 'help' in the game lists them with the rules.",
    )
    play.add_argument(
        "--seat",
        "--seats",
        dest="seats",
        action="append",
        metavar="SEAT",
        help=f"who plays the next seat, one of human, {', '.join(sorted(SEATS))}: give it once "
        "per player (default: human, greedy)",
    )
    play.add_argument(
        "--rules", choices=sorted(PRESETS), default="classic", help="rule preset (default classic)"
    )
    play.add_argument("--rounds", type=int, default=1, help="rounds of the match (default 1)")
    play.add_argument(
        "--rack-size", type=int, default=14, help="tiles dealt to each rack (default 14)"
    )
    play.add_argument(
        "--seed",
        type=int,
        help="seed of the tiles and the bots, to play a match again (default: a fresh one, "
        "printed at the start)",
    )
    play.add_argument(
        "--record", metavar="FILE", help="write the match to this JSON record (checked first)"
    )
    play.set_defaults(run=_run_play)
    replay = commands.add_parser(
        "replay",
        help="replay a match record",
        description="Check a MyRummy record (JSON) by replaying it, and print its plays.",
    )
    replay.add_argument("file", help="the record (.json)")
    replay.add_argument(
        "--all",
        action="store_true",
        help="print the chance outcomes too (the lot, each tile dealt or drawn)",
    )
    replay.set_defaults(run=_run_replay)
