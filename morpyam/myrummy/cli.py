"""The ``morpyam myrummy play`` command: MyRummy at the terminal against bots.

A human seat sees only its own rack (and what everyone sees: the table,
rack sizes, the pool's size), never another rack. It types ``draw``,
``pass`` or ``play`` followed by the whole table after the play, e.g.
``play [gn4 gn5 gn6] {bk7 gy7 J}``; ``hint`` shows the solver's play, ``quit``
stops.
"""

from __future__ import annotations

import argparse
import random
import sys
from collections.abc import Callable, Sequence
from typing import Any

import attrs

from morpyam.errors import IllegalActionError
from morpyam.myrummy.actions import Action, FirstPlayer, Play, parse_action
from morpyam.myrummy.bots import BOTS, Bot
from morpyam.myrummy.engine import apply, legal_actions, new_game, sample_chance, scores
from morpyam.myrummy.observe import Observation, observe
from morpyam.myrummy.records import GameRecord, load_record, positions, save_record
from morpyam.myrummy.rollouts import RolloutBot
from morpyam.myrummy.rules import PRESETS, Rules
from morpyam.myrummy.solver import best_play
from morpyam.myrummy.state import State
from morpyam.myrummy.tiles import Tile, tiles_text
from morpyam.notation import NotationError

__all__ = ["BOT_MAX_TABLE", "HELP", "SEATS", "play_terminal", "register_myrummy", "render"]

Input = Callable[[str], str]
Output = Callable[[str], object]


def render(seen: Observation) -> str:
    """What a player sees, as text: the table, the rack sizes, the pool and their own rack."""
    lines = ["Table:" if seen.table else "Table: empty"]
    lines += [f"  {meld}" for meld in seen.table]
    sizes = ", ".join(
        f"player {p}: {size} tiles{' (laid out)' if seen.opened[p] else ''}"
        for p, size in enumerate(seen.rack_sizes)
    )
    lines.append(f"Racks: {sizes}; pool: {seen.pool_size} tiles")
    lines.append(f"Your rack (player {seen.player}): {tiles_text(seen.rack)}")
    return "\n".join(lines)


HELP = """\
  draw               take a tile from the pool and end the turn
  play [..] {..}     the whole table after your play: a run in [ ], a group in { },
                     e.g. play [gy5 gy6 gy7] {pu12 gn12 J}
  pass               end the turn without drawing (when the rules allow it)
  timeout            your time ran out (R-RUM-TIME-1)
  hint               the solver's best play
  help, ?            this list
  quit               stop the game"""
"""The commands of the terminal game, as ``help`` prints them."""


BOT_MAX_TABLE = 60
"""The ``max_table`` bound of the terminal game's bots: above this many table tiles, the
greedy and points bots solve only the part of the table near their rack
(``bots.guarded_play``) and the random bot looks only at plays from its rack, so that the
table a bot searches stays small whatever the rules. A lower bound costs the bots much of
their strength: greedy bounded at 40 loses about three matches in four to greedy bounded at
60 (docs/myrummy.md, with the time a decision takes)."""

SEATS: dict[str, Callable[..., Bot]] = {**BOTS, "rollout": RolloutBot}
"""The bots a seat of the terminal game may name: [`BOTS`][morpyam.myrummy.bots.BOTS] and
``rollout``, the [`RolloutBot`][morpyam.myrummy.rollouts.RolloutBot], which near the end of
a round may think a few seconds a turn. Each is made with ``max_table=BOT_MAX_TABLE``."""


def _ask(state: State, player: int, read: Input, out: Output) -> Action | None:
    out(render(observe(state, player)))
    while True:
        try:
            line = read("draw, play [..] {..}, hint, help or quit> ")
        except EOFError:
            return None
        words = line.strip().lower()
        if words in ("quit", "exit", "q"):
            return None
        if words in ("help", "?"):
            out(HELP)
            continue
        if words == "hint":
            hint = best_play(state)
            out(f"  the solver lays: {hint}" if hint else "  no play: draw")
            continue
        try:
            action = parse_action(line)
            if not isinstance(action, Play) and action not in legal_actions(state):
                raise IllegalActionError("R-RUM-TURN-1", f"{line.strip()!r} is not possible now")
            apply(state, action)
        except NotationError as error:
            out(f"  column {error.column}: {error.reason.partition('; use one of')[0]}; type help")
            continue
        except IllegalActionError as error:
            out(f"  {error}")
            continue
        return action


def play_terminal(
    rules: Rules,
    seats: Sequence[str],
    *,
    seed: int,
    input: Input = input,
    output: Output = print,
    state: State | None = None,
    record: list[Action] | None = None,
) -> State:
    """Play a match at the terminal; ``seats`` names ``human`` or a bot of ``SEATS``.

    The match starts from ``new_game(rules)``, or from ``state`` when given.
    Every action applied, chance included, is appended to ``record`` when given.
    """
    rng = random.Random(seed)
    bots: dict[int, Bot] = {
        p: SEATS[s](max_table=BOT_MAX_TABLE) for p, s in enumerate(seats) if s != "human"
    }
    state = new_game(rules) if state is None else state
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
            output(f"Player {player} ({seats[player]}): {action}")
        else:
            asked = _ask(state, player, input, output)
            if asked is None:
                output("Stopped.")
                return state
            action = asked
        round_before = state.round
        state = apply(state, action)
        if record is not None:
            record.append(action)
        if state.round != round_before:
            output(f"Round over: {state.last_round}; totals {state.totals}")
    output(
        f"Match over ({state.end_rule}): totals {scores(state)}; winners {sorted(state.winners)}"
    )
    return state


def _fail(message: str, command: str = "play") -> int:
    print(f"morpyam myrummy {command}: error: {message}", file=sys.stderr)
    return 2


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
    actions: list[Action] = []
    play_terminal(rules, seats, seed=args.seed, record=actions)
    if args.record:
        try:
            save_record(GameRecord(rules, tuple(actions)), args.record)
        except OSError as error:
            return _fail(f"cannot write {args.record}: {error.strerror or error}")
    return 0


def _run_replay(args: argparse.Namespace) -> int:
    try:
        record = load_record(args.file)
    except OSError as error:
        return _fail(f"cannot read {args.file}: {error.strerror or error}", "replay")
    except ValueError as error:
        return _fail(str(error), "replay")
    steps = positions(record)
    try:
        state = next(steps)
        for number, action in enumerate(record.actions, 1):
            state = next(steps)
            if args.all or not isinstance(action, (Tile, FirstPlayer)):
                print(f"{number}: {action}")
    except IllegalActionError as error:
        return _fail(str(error), "replay")
    if state.is_terminal:
        print(
            f"Match over ({state.end_rule}): totals {scores(state)}; winners {sorted(state.winners)}"
        )
    else:
        print(f"Not over: {len(record.actions)} actions; player {state.player} to go on")
    return 0


def register_myrummy(subparsers: Any) -> None:
    """Add the ``myrummy`` command, with its ``play`` subcommand, to ``morpyam``."""
    parser = subparsers.add_parser(
        "myrummy", help="the MyRummy tile game", description="MyRummy (Schmidt MyRummy Classic)."
    )
    parser.set_defaults(run=lambda args: parser.print_help() or 2)
    commands = parser.add_subparsers(title="commands", metavar="COMMAND")
    play = commands.add_parser(
        "play",
        help="play a match at the terminal",
        description="Play MyRummy: a human sees only their own rack.",
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
        "--seed", type=int, default=1, help="seed of the tiles and the bots (default 1)"
    )
    play.add_argument("--record", metavar="FILE", help="write the match to this JSON record")
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
