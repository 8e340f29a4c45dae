"""The ``morpyam myrummy`` commands: ``play`` a match at the terminal, ``replay`` a record.

A human seat sees only its own rack (and what everyone sees: the table, rack
sizes, the pool's size). With two humans or more the terminal is handed over:
the screen is cleared and the next player presses Enter before their rack is
shown. A turn is typed as moves, the way people at a table say them (``lay gn8
gn9 gn10``, ``add gn7 to 3``, ``add J to 3 at start``, ``move gn4 from 2 to 5``,
``split 4 at gn7``, ``join 2 3``, ``swap gn6 for J in 1``, several on a line
with ``;``, see `morpyam.myrummy.notation._moves`), with ``undo`` and ``reset``; the table
is drawn again after each, and ``done`` hands the whole play to the engine's
judge. ``draw`` takes a tile instead (its player, and only they, see which), ``resign``
ends the match, ``hint`` tells a best play (looked for
within `HINT_SECONDS`, and said so when a better one may exist), ``quit``
stops.

Combination numbers do not move under a player: during a turn an emptied
combination keeps its number, and between turns the table keeps the order it
was shown in, new combinations last; when a play empties one, the line after
the play says which numbers changed. Every play, a bot's too, and every hint is
told as moves that can be typed back as they are, numbered as the table was
shown before the play; a play is told as the match's record writes it (numbered
as the screen, ``numbering="kept"``), and as its replay tells it.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from collections import Counter
from collections.abc import Callable, Sequence
from typing import Any, TextIO, cast

import attrs

from morpyam.cli.console import colour_tiles, game_over, not_a_command, say
from morpyam.cli.manner import (
    HELP_LINE,
    HUMAN,
    STDOUT,
    add_table_options,
    banner,
    cannot_read,
    cannot_write,
    caret,
    check_first_player,
    check_players,
    check_record,
    fail,
    fresh_seed,
    in_words,
    label,
    prompt,
    read_names,
    read_seats,
    record_aside,
    refusal,
    rule_settings,
    without,
)
from morpyam.cli.play import (
    DEFAULT_OPPONENT,
    add_delay_option,
    add_replay_options,
    check_writable,
    step_loop,
)
from morpyam.errors import IllegalActionError
from morpyam.kit.paths import write_text
from morpyam.myrummy.core._actions import Action, Draw, FirstPlayer, Pass, Play, TimeOut
from morpyam.myrummy.core._engine import (
    apply,
    legal_actions,
    new_game,
    rack_points,
    resign,
    sample_chance,
    scores,
)
from morpyam.myrummy.core._melds import Meld
from morpyam.myrummy.core._observe import Observation, observe
from morpyam.myrummy.core._rules import PRESETS, Rules
from morpyam.myrummy.core._state import State
from morpyam.myrummy.core._text import render_table
from morpyam.myrummy.core._tiles import COLOURS, TILES, Tile, tiles_text
from morpyam.myrummy.notation._moves import (
    Combination,
    MoveError,
    TableMove,
    Turn,
    apply_move,
    judge_turn,
    moves_between,
    parse_move,
)
from morpyam.myrummy.notation._play_text import arrange, keep_order, play_text
from morpyam.myrummy.notation._records import (
    Entry,
    GameRecord,
    Resign,
    load_record,
    positions,
)
from morpyam.myrummy.play._bots import BOTS, Bot
from morpyam.myrummy.play._rollouts import RolloutBot
from morpyam.myrummy.solve._search import search
from morpyam.notation import NotationError

__all__ = [
    "BOT_MAX_TABLE",
    "HELP",
    "HINT_SECONDS",
    "SEATS",
    "WORDS",
    "arrange",
    "complete",
    "play_terminal",
    "register_myrummy",
    "render",
    "rules_help",
]

Input = Callable[[str], str]
Output = Callable[[str], object]

_MINUS = "\N{MINUS SIGN}"


# ---------------------------------------------------------------------------
# The table as the screen shows it


def _renumbered(moved: dict[int, int]) -> str:
    """``4–10 are now 3–9``: the numbers that moved, in runs that moved alike."""
    parts = []
    runs: list[list[int]] = []
    for old in sorted(moved):
        if (
            runs
            and old == runs[-1][-1] + 1
            and moved[old] - old == moved[runs[-1][0]] - runs[-1][0]
        ):
            runs[-1].append(old)
        else:
            runs.append([old])
    for run in runs:
        first, last = run[0], run[-1]
        if first == last:
            parts.append(f"{first} is now {moved[first]}")
        else:
            parts.append(f"{first}\N{EN DASH}{last} are now {moved[first]}\N{EN DASH}{moved[last]}")
    return "  (combinations renumbered: " + ", ".join(parts) + ")"


def render(seen: Observation, turn: Turn | None = None, names: Sequence[str] = ()) -> str:
    """What a player sees, as text: the table with numbered combinations, the rack sizes, the
    pool and their own rack; with ``turn`` (a turn in progress), its table, the rack tiles
    laid in it marked ``*`` and the player's rack size counting them off."""
    table: Sequence[Combination | Meld] = seen.table if turn is None else turn.table
    lines = [render_table(table, seen.table)]
    left = Counter(turn.hand) if turn is not None else Counter(seen.rack)
    marked = []
    for tile in seen.rack:
        if left[tile] > 0:
            left[tile] -= 1
            marked.append(str(tile))
        else:
            marked.append(f"{tile}*")
    laid = sum(word.endswith("*") for word in marked)
    sizes = [size - (laid if p == seen.player else 0) for p, size in enumerate(seen.rack_sizes)]
    racks = ", ".join(
        f"{label(p, names)}: {size} tile{'' if size == 1 else 's'}"
        + (" (laid out)" if seen.opened[p] else "")
        for p, size in enumerate(sizes)
    )
    pool = seen.pool_size
    lines.append(f"Racks: {racks}; pool: {pool} tile{'' if pool == 1 else 's'}")
    note = f"  (* laid this turn: {laid})" if laid else ""
    lines.append(f"Your rack ({label(seen.player, names)}): {' '.join(marked) or 'nothing'}{note}")
    left = +left  # tiles in hand not from the rack: a joker taken by a swap
    if left:
        lines.append(
            f"In hand from the table: {tiles_text(sorted(left.elements()))} "
            "(lay it again this turn)"
        )
    return "\n".join(lines)


HINT_SECONDS = 2.0
"""How long ``hint`` looks for a play (`morpyam.myrummy.solve._search`): the exact solver's best
play when it finishes in time (late in a game, on a 2-core machine, it answers within about a
second), else the best play found, and the hint says that a better one may exist."""


HELP = f"""\
Your turn, step by step (combinations are numbered as the table shows them):
  lay gn8 gn9 gn10        lay tiles from your rack as a new combination
  add gn7 to 3            add tiles from your rack to combination 3
  add J to 3 at start     put a tile at one end: 'at start' (first) or 'at end'
  move gn4 from 2 to 5    move tiles between combinations ('to new': a new one)
  split 4 at gn7          cut combination 4 in two, before gn7
  join 2 3                put combination 3 into combination 2
  swap gn6 for J in 1     gn6 from your rack takes the joker's place in 1;
                          the joker comes to your hand, to lay again this turn
  lay gn8 gn9; add gn7 to 3   several steps on one line, as a hint tells them
  undo                    take back the last step
  reset                   take back every step of this turn
  done                    end the turn: the whole play is checked now
A combination you empty keeps its number, shown (empty), until your turn ends.
Instead of laying:
  draw                    take a tile from the pool (ends the turn)
  pass                    with the pool empty: end the turn without laying
Any time:
  table                   draw the table again
  hint                    a best play, as steps to type (looked for {HINT_SECONDS:g} s)
  help, ?                 this text and the rules
  resign                  resign the match: the others win it
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
    "resign",
    "quit",
)
"""The first words of the terminal game's commands (``complete`` offers them)."""

_JOINING = ("to", "from", "at", "for", "in", "new", "start", "end")


def rules_help(rules: Rules) -> str:
    """The rules a newcomer needs, in a few lines, as ``help`` prints them for ``rules``.

    Not `morpyam.myrummy.core._text.rules_text`, which
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
    names = ", ".join(
        f"{colour.value} {colour.name.lower()}" for colour in COLOURS[: rules.colours]
    )
    jokers = {0: "no joker", 1: "one joker"}.get(rules.jokers, f"{rules.jokers} jokers")
    most = min(4, rules.colours)
    lines = [
        f"Tiles: a colour and a value 1 to {rules.values}: {names} (gn7 is green 7); "
        f"J is a joker. The set: {rules.tile_count} tiles, {rules.copies} of each, {jokers}.",
        f"A run [gn4 gn5 gn6]: three or more tiles of one colour in a row ({rules.values} is "
        "not followed by 1)."
        if rules.values >= 3
        else f"No runs: the values end at {rules.values}.",
        "A group {gn7 bk7 gy7}: "
        + ("three" if most == 3 else "three or four")
        + " tiles of one value, all colours different."
        if most >= 3
        else f"No groups: the set has {rules.colours} colours.",
        opening,
        f"Then you may add to the table and rearrange it: {stay}; at the end of your turn "
        "every table tile lies in a correct combination, and you have laid a tile from your "
        "rack.",
        "A joker stands for any tile: in a run, for the tile at its place (add J to 3 puts it "
        "after the run, add J to 3 at start before it). After your opening you may swap a "
        "table joker for the tile it stands for (in a group of three, either missing colour"
        + ("; a tile from your rack" if rules.joker_from_rack else "")
        + "); lay the joker again in the same turn.",
        "No tile to lay, or no wish to: draw. Whoever lays their last tile wins the round; "
        f"the others lose the points left on their racks (a joker {rules.joker_penalty}).",
    ]
    return "\n".join(lines)  # one line a rule: the screen fits them to its width


BOT_MAX_TABLE = 60
"""The ``max_table`` bound of the terminal game's bots: above this many table tiles, the
greedy and points bots solve only the part of the table near their rack
(``bots.guarded_play``) and the random bot looks only at plays from its rack, so that the
table a bot searches stays small whatever the rules. A lower bound costs the bots much of
their strength: greedy bounded at 40 loses about three matches in four to greedy bounded at
60 (research/myrummy-bots.md, with the time a decision takes)."""

SEATS: dict[str, Callable[..., Bot]] = {**BOTS, "rollout": RolloutBot}
"""The bots a seat of the terminal game may name: `BOTS` and
``rollout``, the `RolloutBot`, which near the end of
a round may think a few seconds a turn. Each is made with ``max_table=BOT_MAX_TABLE``."""


def complete(text: str, line: str, turn: Turn | None = None) -> list[str]:
    """What a word being typed at the prompt may become, for readline's Tab: a command word
    first (also after ``;``); then the tiles in hand after ``lay``, ``add`` and ``swap``, the
    tiles on the table after ``move`` and ``split`` (of ``turn``, the turn in progress; any
    tile when none fits), and the joining words (``to``, ``from``, ...)."""
    low = text.lower()
    words = line[: len(line) - len(text)].rpartition(";")[2].split()
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
    readline.set_completer_delims(" ;")
    readline.parse_and_bind("tab: complete")


class _StopGameError(Exception):
    """The person at the keyboard stopped the game (``quit``, end of input)."""


def _explain(error: NotationError) -> str:
    """Where the typed line goes wrong, with a caret under the word."""
    reason = error.reason.partition("; use one of")[0]
    if error.column == 1 and "is not a move" in reason:
        return not_a_command(error.text)
    return caret(error.text, error.column, reason)


def _read(read: Input, asked: str, out: Output) -> str:
    try:
        return read(asked)
    except EOFError:
        out("")
        raise _StopGameError from None


def _moves_text(moves: Sequence[TableMove]) -> str:
    return "; ".join(map(str, moves))


@attrs.define
class _Table:
    """What the screen shows of the table and the players: the order of the combinations,
    the names, and what each person at the keyboard has not seen yet (hot seat)."""

    names: Sequence[str]
    humans: frozenset[int]
    out: Output
    order: tuple[Meld, ...] = ()
    missed: dict[int, list[str]] = attrs.field(factory=dict)
    holder: int | None = None
    """The person at the keyboard now: the human whose turn it was last."""

    def who(self, player: int) -> str:
        return label(player, self.names)

    def shown(self, state: State) -> tuple[Meld, ...]:
        """The table of ``state`` in the order last shown (a new round: the engine's order)."""
        if Counter(self.order) != Counter(state.table):
            self.order = state.table
        return self.order

    def tell(self, line: str, private: int | None = None) -> None:
        """A line for everyone, or with ``private`` for that player only: shown when the
        person at the keyboard may see it, and in a hot seat kept for each other human, who
        is told it when the terminal comes to them."""
        if private is None or private == self.holder:
            self.out(line)
        if len(self.humans) < 2:
            return
        for player in self.humans:
            if player != self.holder and private in (None, player):
                self.missed.setdefault(player, []).append(line)

    def after(self, before: State, told: str, after: State) -> None:
        """Keep the table's order after a play told as ``told``, and say which numbers moved."""
        self.order, moved = keep_order(before, told, after.table, self.order)
        if moved:
            self.tell(_renumbered(moved))


def _aside(verb: str, state: State, seen: Observation, turn: Turn, view: _Table) -> bool:
    """Answer the words that change nothing (help, table, hint); whether ``verb`` was one."""
    out = view.out
    if verb in ("quit", "exit", "q"):
        raise _StopGameError
    if verb in ("help", "?", "h"):
        out(HELP)
        out(rules_help(state.rules))
    elif verb in ("table", "board", "show"):
        out(render(seen, turn, view.names))
    elif verb == "hint":
        out(_hint(state, turn, view))
    else:
        return False
    return True


def _hint(state: State, turn: Turn, view: _Table) -> str:
    """What ``hint`` says: a best play as moves to type, or draw (pass); when the search ran
    out of time, on a line of its own, that a better play may exist and what it could lay."""
    found = search(state, time_limit=HINT_SECONDS)
    within = f"{HINT_SECONDS:g} s"
    tiles = found.bound[0] if found.bound is not None else 0
    if found.play is None:
        instead = "draw (" if state.pool_size else "pass (the pool is empty; "
        if found.proven:
            return f"  hint: {instead}nothing can be laid)"
        return (
            f"  hint: {instead}no play found in {within}; one of up to {_tiles(tiles)} may exist)"
        )
    told = _moves_text(moves_between(view.shown(state), found.play.table, state.rack))
    start = "" if not turn.moves else " from the start of the turn (type reset first)"
    line = f"  hint{start}: {told}"
    if found.proven:
        return line
    better = f"at most {_tiles(tiles)}"
    if found.score[0] == tiles:
        better = f"{_tiles(tiles)} worth more points"
    return f"{line}\n  (the best found in {within}; a better play may exist: {better})"


def _tiles(count: int) -> str:
    return f"{count} tile{'' if count == 1 else 's'}"


def _instead(verb: str, state: State, steps: int, out: Output) -> Action | None:
    """``draw`` or ``pass``, when the rules allow it now; ``None`` (and why) when not."""
    action: Action = Draw() if verb == "draw" else Pass()
    if action not in legal_actions(state):
        try:
            apply(state, action)
        except IllegalActionError as error:  # the rule that refuses it, as every refusal
            out(refusal(error))
        else:
            out(refusal(IllegalActionError("R-RUM-TURN-1", f"you cannot {verb} now")))
        return None
    if steps:
        out("  (your steps of this turn are taken back)")
    return action


def _finish(state: State, turn: Turn, out: Output) -> Play | None:
    """``done``: the play the steps make, if the judge allows it; ``None`` (and why) if not."""
    if not turn.moves:
        error = IllegalActionError(
            "R-RUM-TURN-2", "nothing is laid yet: lay or add tiles from your rack, or draw"
        )
        out(refusal(error))
        return None
    try:
        return judge_turn(state, turn)
    except IllegalActionError as error:
        out(refusal(error))
        out("  Change your steps (undo, reset) or draw.")
        return None


def _steps(turn: Turn, words: str) -> Turn | str:
    """The turn after the moves typed on one line (``;`` between them), or what is wrong; all
    of the line or none of it is made."""
    offset = 0
    for part in words.split(";"):
        if not part.strip():
            offset += len(part) + 1
            continue
        try:
            turn = apply_move(turn, parse_move(part))
        except NotationError as error:
            return _explain(NotationError(error.reason, words, offset + error.column))
        except MoveError as error:
            where = f" (in: {part.strip()})" if ";" in words else ""
            return f"  {error}{where}"
        offset += len(part) + 1
    return turn


def _ask(
    state: State, player: int, read: Input, view: _Table, now: list[Turn]
) -> tuple[Action | Resign, Turn | None]:
    """A human's turn, typed as moves; returns the action (a judged play, a draw, a pass or
    the player's resignation) and, for a play, the turn that made it."""
    out = view.out
    seen = observe(state, player)
    turn = Turn.start(state, player, order=view.shown(state))
    now[:] = [turn]
    out(render(seen, turn, view.names))
    asked = prompt(view.who(player))
    while True:
        words = _read(read, asked, out).strip()
        verb = words.split()[0].lower() if words else ""
        if not words or _aside(verb, state, seen, turn, view):
            continue
        if verb == "resign" and words.lower() == "resign":
            return Resign(player), None
        if verb in ("undo", "reset"):
            if not turn.moves:
                out("  nothing to take back: this turn has no steps yet")
                continue
            turn = turn.reset() if verb == "reset" else turn.undo()
        elif verb in ("draw", "pass", "done"):
            if verb == "done":
                play = _finish(state, turn, out)
                if play is not None:
                    return play, turn
                continue
            action = _instead(verb, state, len(turn.moves), out)
            if action is not None:
                return action, None
            continue
        else:
            made = _steps(turn, words)
            if isinstance(made, str):
                out(made)
                continue
            turn = made
        now[:] = [turn]
        out(render(seen, turn, view.names))


_END_WORDS = {
    "R-RUM-END-1": "a player laid their last tile",
    "R-RUM-VAR-HAND": "a Handrummy: all the tiles at once",
    "R-RUM-END-3": "the pool ran out",
    "resign": "a player resigned",
}


def _points(points: Sequence[int], view: _Table) -> str:
    """Points as people write them, with a minus sign, by player: ``Anne 28, player 1 −28``."""
    return ", ".join(
        f"{view.who(p)} {f'{_MINUS}{-got}' if got < 0 else got}" for p, got in enumerate(points)
    )


def _round_over(
    rules: Rules,
    racks: Sequence[Sequence[Tile]],
    points: Sequence[int],
    totals: Sequence[int],
    view: _Table,
) -> list[str]:
    """The end of a round: who won, what each player had left and its count, the totals."""
    best = max(points)
    winners = [p for p, got in enumerate(points) if got == best]
    who = "nobody wins (a tie)"
    if len(winners) == 1:
        who = f"{view.who(winners[0])} wins {best} points"
    lines = [f"Round over: {who}. Left on the racks:"]
    for p, rack in enumerate(racks):
        count = rack_points(rules, rack)
        left = (
            f"{tiles_text(rack)} ({count} point{'' if count == 1 else 's'})" if rack else "nothing"
        )
        lines.append(f"  {view.who(p)}: {left}")
    lines.append(f"Totals: {_points(totals, view)}")
    return lines


def _match_over(state: State, view: _Table) -> str:
    """The last line of a match, as every game's: how it ended, and who won."""
    rule = state.end_rule or ""
    how = _END_WORDS.get(rule, rule)
    if rule in ("R-RUM-END-1", "R-RUM-VAR-HAND", "R-RUM-END-3"):
        how = f"{how}, {rule}"
    return game_over(how, [view.who(p) for p in sorted(state.winners)])


def _hand_over(player: int, read: Input, view: _Table, clear: Callable[[], None]) -> None:
    """In a hot seat: clear the screen (once a rack may be on it), wait for the next player,
    then tell them what they missed since their last turn."""
    if view.holder is not None:  # a rack may be on the screen: wipe it before it is handed
        clear()
    view.holder = None
    answer = _read(read, f"Pass the terminal to {view.who(player)}, then press Enter. ", view.out)
    if answer.strip().lower() in ("quit", "exit", "q"):
        raise _StopGameError
    view.holder = player
    missed = view.missed.pop(player, [])
    if missed:
        view.out("Meanwhile:")
        for line in missed:
            view.out(line if line.startswith("  ") else f"  {line}")


def play_terminal(
    rules: Rules,
    seats: Sequence[str],
    *,
    seed: int,
    input: Input = input,
    output: Output = print,
    state: State | None = None,
    record: list[Entry] | None = None,
    on_turn: list[Turn] | None = None,
    names: Sequence[str] = (),
    first_player: int | None = None,
    clear: Callable[[], None] | None = None,
    delay: float = 0.0,
) -> State:
    """Play a match at the terminal; ``seats`` names ``human`` or a bot of ``SEATS``.

    The match starts from ``new_game(rules)`` with the lot for ``first_player``, or from
    ``state`` when given; tiles and bots draw from ``random.Random(seed)``. Players are
    called by ``names`` (one per seat), else ``player 0``, ``player 1``... Every action
    applied, chance included, is appended to ``record`` when given. With two human seats
    or more, each human turn starts with a hand-over: ``clear()`` (the screen), a prompt
    to pass the terminal, and what that player missed; no rack is shown before it. A
    human who types ``quit``, the end of the input or Ctrl-C stops the match ("Game
    stopped."): the state reached is returned, not over; ``resign`` ends it, the others
    winning. ``on_turn``, when given, holds the human's turn in progress as it goes (for Tab
    completion). With bots only (a match to watch), the table is shown after each turn, and
    ``delay`` seconds pass before the next.
    """
    rng = random.Random(seed)
    bots: dict[int, Bot] = {
        p: SEATS[s](max_table=BOT_MAX_TABLE) for p, s in enumerate(seats) if s != HUMAN
    }
    humans = frozenset(p for p in range(len(seats)) if p not in bots)
    view = _Table(names, humans, output, holder=min(humans) if len(humans) == 1 else None)
    wipe = clear if clear is not None else (lambda: None)
    now = on_turn if on_turn is not None else []
    state = _start(rules, first_player, record) if state is None else state
    try:
        while not state.is_terminal:
            if state.is_chance:
                outcome = sample_chance(state, rng)
                if state.draws_left and state.player in humans:  # only the one who drew sees it
                    view.tell(f"  {view.who(state.player)} drew {outcome}", state.player)
                state = apply(state, outcome)
                if record is not None:
                    record.append(outcome)
                continue
            player = state.current_player
            assert player is not None
            before = view.shown(state)
            action: Action | Resign
            turn: Turn | None = None
            if player in bots:
                action = bots[player].choose(state, rng)
            else:
                if len(humans) > 1:
                    _hand_over(player, input, view, wipe)
                action, turn = _ask(state, player, input, view, now)
            after = resign(state, player) if isinstance(action, Resign) else apply(state, action)
            _tell_turn(state, action, turn, before, after, view)
            if record is not None:
                record.append(action)
            if not humans and not after.is_terminal:  # bots only: the table, to watch
                view.out(_watched(after, view))
                if delay > 0:
                    time.sleep(delay)
            state = after
    except (_StopGameError, KeyboardInterrupt) as stop:
        if isinstance(stop, KeyboardInterrupt):
            output("")
        output("Game stopped.")
        return state
    output(_match_over(state, view))
    return state


_TOLD = {Draw: "draws", Pass: "passes", Resign: "resigns"}


def _tell_turn(
    state: State,
    action: Action | Resign,
    turn: Turn | None,
    order: Sequence[Meld],
    after: State,
    view: _Table,
) -> None:
    """A turn as the table hears it: its player and moves, then the end of the round, or
    which combination numbers moved. ``order`` is the table as shown before the turn."""
    player = state.player
    if isinstance(action, Play):  # as its record says it (the moves typed may read alike)
        told = play_text(state, action, order=order)
    else:
        told = _TOLD[type(action)]
    view.tell(f"{view.who(player)}: {told}")
    if isinstance(action, Resign):
        return  # the match is over, and its last line says who won
    if after.round != state.round or after.is_terminal:
        _tell_round(state, action, after, view)
    elif isinstance(action, Play):
        view.after(state, told, after)


def _watched(state: State, view: _Table) -> str:
    """The table and the rack sizes after a turn, for people watching bots play."""
    return "\n".join(_table_lines(state, view.shown(state), view.names))


def _tell_round(before: State, action: Action, after: State, view: _Table) -> None:
    """The end of a round: the racks left as they were when it ended, the points, the totals."""
    racks = list(before.racks)
    if isinstance(action, Play):
        racks[before.player] = ()  # the round ended on this play: its player went out
    assert after.last_round is not None
    for line in _round_over(before.rules, racks, after.last_round, after.totals, view):
        view.tell(line)
    view.order = ()


# ---------------------------------------------------------------------------
# The command line


WITHOUT = {
    "--rules-file": "MyRummy's rules are a preset and its knobs, every one set with --rule",
}
"""The options of the table manner MyRummy has not, and why (its help says so)."""


def _start(rules: Rules, first_player: int | None, record: list[Entry] | None) -> State:
    """A new match; a first player given decides the lot, which the record keeps as an entry
    (so that the record replays from ``new_game(rules)``)."""
    state = new_game(rules)
    if first_player is not None:
        state = apply(state, FirstPlayer(first_player))
        if record is not None:
            record.append(FirstPlayer(first_player))
    return state


def _clear_screen() -> None:  # pragma: no cover - only at a real terminal
    sys.stdout.write("\x1b[H\x1b[2J\x1b[3J")  # the scrollback too: no rack stays above
    sys.stdout.flush()


def _rules(args: argparse.Namespace, players: int) -> Rules:
    """The preset for ``players``, with ``--rounds``, ``--rack-size`` and each ``--rule``.

    Raises:
        ValueError: in a player's words, naming the option.
    """
    rules = PRESETS[args.preset](players)
    set_by = {}
    for option, field in (("--rounds", "rounds"), ("--rack-size", "rack_size")):
        value = getattr(args, field)
        if value is not None:
            set_by[field] = f"{option} {value}"
            try:
                rules = attrs.evolve(rules, **{field: value})
            except ValueError as error:
                raise ValueError(f"{option}: {in_words(error)}") from None
    return cast(Rules, rule_settings(rules, args.rule_settings, set_by=set_by))


def _run_play(args: argparse.Namespace) -> int:
    return record_aside(args, lambda data: _play(args, data))


def _play(args: argparse.Namespace, data: TextIO) -> int:
    """``morpyam myrummy play``, its record written to ``data`` with ``--record -``."""
    seats = read_seats(args.seats, [HUMAN, *sorted(SEATS)], 2, 4, [HUMAN, DEFAULT_OPPONENT])
    if isinstance(seats, str):
        return fail(args, seats)
    names = read_names(args.names, len(seats))
    if isinstance(names, str):
        return fail(args, names)
    try:
        rules = _rules(args, len(seats))
    except ValueError as error:
        return fail(args, str(error))
    wrong = check_players(rules.players, len(seats)) or check_first_player(
        args.first_player, len(seats)
    )
    if wrong is not None:
        return fail(args, wrong)
    if args.record:
        wrong = check_record(args.record, (".json",), force=args.force)
        if wrong is not None:
            return fail(args, wrong)
    if args.record and args.record != STDOUT:
        try:
            check_writable(args.record)
        except OSError as error:
            return fail(args, cannot_write(args.record, error))
    seed = fresh_seed(args.seed)
    rounds = f"{rules.rounds} round{'s' if rules.rounds > 1 else ''}"
    sitting = [(label(p, names), seat) for p, seat in enumerate(seats)]
    say(banner("MyRummy", f"{args.preset} rules, {rounds}", sitting, seed))
    now: list[Turn] = []
    if HUMAN in seats:
        say(HELP_LINE)
        if sys.stdin.isatty():  # pragma: no cover - only at a real terminal
            _install_completion(lambda: now[0] if now else None)
    colour = not args.no_color
    entries: list[Entry] = []
    state = play_terminal(
        rules,
        seats,
        seed=seed,
        record=entries,
        on_turn=now,
        names=names,
        first_player=args.first_player,
        output=lambda text: colour_tiles(text, sys.stdout, colour=colour),
        clear=_clear_screen if sys.stdout.isatty() else None,
        delay=args.delay,
    )
    record = GameRecord(rules, tuple(entries), tuple(names))
    text = record.to_json(numbering="kept")  # its plays numbered as the screen showed them
    if args.record == STDOUT:
        data.write(text)
    elif args.record:
        try:
            write_text(args.record, text)
        except OSError as error:
            return fail(args, cannot_write(args.record, error), 1)
        say(f"Record saved to {args.record}")
    return 0 if state.is_terminal else 1


def _morpyam_record(path: str) -> bool:
    """Whether ``path`` holds a record of Morpyam (the dice game), not of MyRummy."""
    from morpyam.records import load_record as load_morpyam_record

    try:
        load_morpyam_record(path)
    except (OSError, ValueError):
        return False
    return True


@attrs.frozen
class _Step:
    """One step of a replay: the entry told, and the table after it as the screen shows it."""

    told: str
    state: State
    order: tuple[Meld, ...]
    note: str = ""


def _replay_steps(record: GameRecord, every: bool) -> tuple[list[_Step], IllegalActionError | None]:
    """The steps of a replay: the start, then each turn told as moves (each entry with
    ``every``), with the table kept in the order it was shown."""
    view = _Table(record.names, frozenset(), lambda line: None)
    steps: list[_Step] = []
    states = positions(record)
    try:
        state = next(states)
        steps.append(_Step("start of the match", state, ()))
        for entry in record.actions:
            before = state
            order = view.shown(before)
            state = next(states)
            note = ""
            if isinstance(entry, Play) and before.current_player is not None:
                text = play_text(before, entry, order=order)
                told = f"{view.who(before.player)}: {text}"
                if state.round == before.round and not state.is_terminal:
                    view.order, moved = keep_order(before, text, state.table, order)
                    note = _renumbered(moved) if moved else ""
            elif isinstance(entry, (Draw, Pass)):
                told = f"{view.who(before.player)}: {_TOLD[type(entry)]}"
            elif isinstance(entry, TimeOut):
                told = f"{view.who(before.player)}: runs out of time ({entry})"
            elif isinstance(entry, Resign):
                told = f"{view.who(entry.player)}: resigns"
            elif not every:  # a chance outcome: the step before shows the table after it
                steps[-1] = attrs.evolve(steps[-1], state=state, order=view.shown(state))
                continue
            elif isinstance(entry, FirstPlayer):
                told = f"the lot: {view.who(entry.player)} starts"
            else:
                how = "is dealt" if before.deal_left else "draws"
                told = f"{view.who(before.player)} {how} {entry}"
            if state.round != before.round:
                view.order = ()
            steps.append(_Step(told, state, view.shown(state), note))
    except IllegalActionError as error:
        return steps, error
    return steps, None


def _table_lines(state: State, table: Sequence[Meld], names: Sequence[str]) -> list[str]:
    """The table as the screen shows it, and the racks' sizes with the pool's."""
    sizes = ", ".join(
        f"{label(p, names)}: {len(rack)} tile{'' if len(rack) == 1 else 's'}"
        for p, rack in enumerate(state.racks)
    )
    return [render_table(table), f"Racks: {sizes}; pool: {state.pool_size} tiles"]


def _ending(state: State, error: IllegalActionError | None, names: Sequence[str]) -> list[str]:
    """What the last step of a replay adds: the illegal entry, the result, or who goes on."""
    if error is not None:
        return [f"The next entry is illegal: {error}"]
    if state.is_terminal:
        view = _Table(names, frozenset(), lambda line: None)
        return [f"Totals: {_points(scores(state), view)}", _match_over(state, view)]
    return [f"End of the record: the match goes on, {label(state.player, names)} to play."]


def _run_replay(args: argparse.Namespace) -> int:
    try:
        record = load_record(args.file)
    except IllegalActionError as error:  # an illegal entry, found as the plays are read
        return fail(args, str(error), 1)
    except OSError as error:
        return fail(args, cannot_read(args.file, error))
    except ValueError as error:
        if _morpyam_record(args.file):
            return fail(args, f"{args.file}: a Morpyam record: replay it with 'morpyam replay'")
        return fail(args, f"{args.file}: {error}")
    steps, refused = _replay_steps(record, args.all)
    last = len(steps) - 1

    def out(line: str) -> None:
        colour_tiles(line, sys.stdout, colour=not args.no_color)

    out(_replay_header(record))

    def view(index: int) -> None:
        for line in _table_lines(steps[index].state, steps[index].order, record.names):
            out(line)

    def tell(index: int, drawn: bool) -> None:
        step = steps[index]
        out(f"Step {index} of {last} · {step.told}")
        if step.note:
            out(step.note)
        if drawn:
            view(index)
        if index == last:
            for line in _ending(step.state, refused, record.names):
                out(line)

    if args.no_wait:
        for index in range(len(steps)):
            tell(index, index == last)
        return 1 if refused else 0
    stopped = step_loop(last, tell, view, output=out)
    return 1 if refused or stopped else 0


def _replay_header(record: GameRecord) -> str:
    """A replay's first line, as a match's: the rules (the closest preset and the knobs that
    differ), the rounds and the players."""
    rules = record.rules
    fields = attrs.asdict(rules)
    best: tuple[int, str, list[str]] = (len(fields) + 1, "", [])
    for name in sorted(PRESETS):
        try:
            preset = attrs.asdict(PRESETS[name](rules.players))
        except ValueError:  # a preset for fewer players
            continue
        differ = [
            key for key in fields if key not in ("players", "rounds") and fields[key] != preset[key]
        ]
        if len(differ) < best[0]:
            best = (len(differ), name, differ)
    _, name, differ = best
    knobs = ", ".join(f"{key} {_knob(fields[key])}" for key in differ)
    told = f"{name} rules" + (f" ({knobs})" if knobs else "") if name else "rules of the record"
    rounds = f"{rules.rounds} round{'s' if rules.rounds > 1 else ''}"
    players = ", ".join(label(p, record.names) for p in range(rules.players))
    return f"MyRummy, {told}, {rounds}: {players}."


def _knob(value: object) -> str:
    if value is None:
        return "off"
    if isinstance(value, bool):
        return "on" if value else "off"
    return str(value)


def register_myrummy(subparsers: Any) -> None:
    """Add the ``myrummy`` command, with its ``play`` and ``replay`` subcommands, to ``morpyam``."""
    parser = subparsers.add_parser(
        "myrummy", help="the MyRummy tile game", description="MyRummy (Schmidt MyRummy Classic)."
    )
    parser.set_defaults(run=lambda args: parser.print_help() or 0)  # help on stdout
    commands = parser.add_subparsers(title="commands", metavar="COMMAND")
    play = commands.add_parser(
        "play",
        help="play a match at the terminal",
        description="Play MyRummy: a human sees only their own rack and types a turn as moves "
        "(lay, add, move, split, join, swap, done); 'help' in the game lists them with the "
        "rules. With two humans or more, the terminal is handed over between their turns.",
        epilog=without(WITHOUT),
    )
    add_table_options(
        play,
        seats=[HUMAN, *sorted(SEATS)],
        default_seats=[HUMAN, DEFAULT_OPPONENT],
        presets=PRESETS,
        default_preset="classic",
        seed_of="the tiles",
        record="write the match to this JSON record, its plays as moves (-: print it; the path "
        "is checked before the first move)",
        first_player=True,
        rule_example="min_stay=off",
    )
    play.add_argument(
        "--rounds", type=int, help="rounds of the match (default 1), as --rule rounds=N"
    )
    play.add_argument(
        "--rack-size",
        type=int,
        help="tiles dealt to each rack (default the preset's, 14 in the box), as --rule rack_size=N",
    )
    add_delay_option(play)
    play.set_defaults(run=_run_play)
    replay = commands.add_parser(
        "replay",
        help="step through a match record",
        description="Check a MyRummy record (JSON) by replaying it, and step through it turn by "
        "turn, one line a turn told as moves, as 'morpyam replay' steps through a game; the "
        "table is drawn on request (v) and at a step chosen by its number.",
    )
    replay.add_argument("file", help="the record (.json)")
    replay.add_argument(
        "--all",
        action="store_true",
        help="steps for the chance outcomes too (the lot, each tile dealt or drawn)",
    )
    add_replay_options(replay)
    replay.set_defaults(run=_run_replay)
