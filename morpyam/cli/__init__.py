"""The ``morpyam`` command: watch a seeded game between two good bots, or run a subcommand.

The command line lives in this package, one module a family of commands:
`play` (``play``, ``replay``, ``show``),
`simulate` (``simulate``, ``odds``, ``advise``),
`yahtzee` and `myrummy`, beside
`console` (colours, tables, progress bars). Each family
adds its commands through ``COMMANDS``; ``main`` gives
them all the same conventions (no abbreviated options, each command's own
usage for its errors, help on standard output).

Output cut short by its reader (``morpyam odds | head -1``) ends the command
quietly with status 0; Ctrl-C ends it with status 130 and no traceback.
"""

from __future__ import annotations

import argparse
import io
import os
import random
import sys
from collections.abc import Callable, Iterator, Sequence
from typing import Any

import morpyam as mp
from morpyam.bots import BOTS, Bot
from morpyam.cli.console import Parser, colour_players, game_over, say
from morpyam.cli.manner import check_players_rule
from morpyam.cli.myrummy import register_myrummy
from morpyam.cli.play import (
    call_came_up,
    legend,
    register_play,
    register_replay,
    register_show,
)
from morpyam.cli.simulate import register_advise, register_odds, register_simulate
from morpyam.cli.vectors import register_vectors
from morpyam.cli.yahtzee import register_yahtzee
from morpyam.files import FileFormatError, rules_with
from morpyam.rules import PRESETS as RULE_PRESETS
from morpyam.text import PLAYER_MARKS, render_grid

__all__ = ["CLI_EXTRA", "PRESETS", "main", "play_demo"]

PRESETS = RULE_PRESETS
"""The rule presets the command offers, by name (those of `morpyam.rules`)."""


def _choose(legal: tuple[mp.Action, ...], rng: random.Random) -> mp.Action:
    """A random player that places when it can (mostly) and otherwise rolls or passes at random."""
    places = [action for action in legal if isinstance(action, mp.Place)]
    if places and rng.random() < 0.8:
        return rng.choice(places)
    return rng.choice(legal)


def _set_up(state: mp.State, rng: random.Random, out: Callable[[str], object]) -> mp.State:
    """One step of the Plus set-up; the finished grid is shown once."""
    if state.is_chance:
        return mp.apply(state, mp.sample_chance(state, rng))
    state = mp.apply(state, rng.choice(mp.legal_actions(state)))
    if state.setup is None:
        out("The players have laid out their tiles:")
        out(str(state.layout))
    return state


def _faces(faces: Sequence[int]) -> str:
    return " ".join(map(str, faces))


def _turn_line(turn: int, player: int, steps: Sequence[str]) -> str:
    return f"Turn {turn:>2} · player {player} {PLAYER_MARKS[player]}: " + "; ".join(steps)


def _tell_result(state: mp.State, out: Callable[[str], object]) -> None:
    """The final grid, each player's points and tokens, and the winner."""
    out("")
    out(render_grid(state))
    out(legend(state))
    out("")
    totals = mp.scores(state)
    for player, total in enumerate(totals):
        placed = state.rules.tokens_per_player - state.tokens_left[player]
        out(
            f"Player {player} {PLAYER_MARKS[player]}: "
            f"{total} point{'' if total == 1 else 's'}, "
            f"{placed} token{'' if placed == 1 else 's'} placed"
        )
    winners = [f"player {p}" for p in sorted(state.winners)]
    how = {
        "R-END-1": "by KO",
        "R-END-2": "on points",
        "R-MOR-3": "by KO R. D'Aversa",
        "R-END-4": "by forfeit",
    }[state.end_rule or "R-END-2"]
    out(game_over(f"{how}, {state.end_rule}", winners))


def _start_roll(state: mp.State, result: mp.RollResult, out: Callable[[str], object]) -> mp.State:
    """One die of the start roll (R-SET-3), told; who starts is told once decided."""
    out(f"Start roll: player {state.player} rolls {result.faces[0]}")
    state = mp.apply(state, result)
    if not state.roll_off:
        out(f"Player {state.player} starts.")
        if state.setup is not None:
            out("The tiles are dealt, and the players lay them out.")
    return state


def _roll_told(rules: mp.Rules, state: mp.State, roll: mp.Roll) -> str:
    """A roll and what it showed, after its dice fell: ``roll call mini → 1 2 3 4 4 (missed)``."""
    assert state.dice is not None
    told = f"{roll} → {_faces(state.dice)}"
    if roll.call is not None:
        told += " (came up)" if call_came_up(rules, roll.call, state) else " (missed)"
    return told


def play_demo(
    rules: mp.Rules,
    seed: int,
    out: Callable[[str], object] = print,
    *,
    seats: Sequence[Bot] | None = None,
    narrate: bool = False,
) -> mp.State:
    """Play a game between bots seeded with ``seed``, told to ``out``; returns the final state.

    ``seats`` holds one bot per player (default: random players, placing
    when they can). Each turn is told on one line (its rolls, whether a call
    came up or was missed, and the token placed), or with ``narrate`` one
    line per action, the grid being drawn after each placement.
    """
    rng = random.Random(seed)
    state = mp.new_game(rules)
    turn = mover = 0
    roll = mp.Roll()
    steps: list[str] = []
    for_turn = (lambda text: out(f"  {text}")) if narrate else steps.append
    while not state.is_terminal:
        if state.setup is not None and not state.roll_off:
            state = _set_up(state, rng, out)
            continue
        if state.is_chance:
            result = mp.sample_chance(state, rng)
            assert isinstance(result, mp.RollResult)
            if state.roll_off:
                state = _start_roll(state, result, out)
            else:
                state = mp.apply(state, result)
                for_turn(_roll_told(rules, state, roll))
            continue
        if state.dice is None and state.rolls == 0:
            if steps:
                out(_turn_line(turn, mover, steps))
                steps.clear()
            turn += 1
            mover = state.player
            if narrate:
                out(f"Turn {turn} · player {mover} {PLAYER_MARKS[mover]}")
        if seats is None:
            action = _choose(mp.legal_actions(state), rng)
        else:
            action = seats[state.player].choose(state, rng)
        if isinstance(action, mp.Roll):
            roll = action
        elif isinstance(action, mp.Place):
            for_turn(f"place {action.cell} ({state.layout[action.cell].notation})")
        else:
            for_turn(str(action))  # a pass, or a lost turn (R-END-5)
        state = mp.apply(state, action)
        if narrate and isinstance(action, mp.Place):
            out(render_grid(state))
    if steps:
        out(_turn_line(turn, mover, steps))
    _tell_result(state, out)
    return state


COMMANDS: list[Callable[[Any], None]] = []
"""Functions that each add a subcommand to the ``morpyam`` parser.

Each receives the subparsers object, adds its parser and sets its ``run``
default to a function of the parsed arguments that returns the exit status.
"""
COMMANDS += [
    register_play,
    register_replay,
    register_show,
    register_simulate,
    register_odds,
    register_advise,
    register_yahtzee,
    register_myrummy,
    register_vectors,
]


DEMO_BOT = "odds"
"""The bot that plays every seat of the demo: the strongest of `BOTS`."""


def _demo(args: argparse.Namespace) -> int:
    players = args.demo_players or 2
    preset = args.demo_rules or "classic"
    seed = 1 if args.demo_seed is None else args.demo_seed
    wrong = check_players_rule(args.demo_rule_settings, players, "--players")
    if wrong is not None:
        say(f"morpyam: error: {wrong}", sys.stderr)
        return 2
    try:
        rules = rules_with(PRESETS[preset](players), args.demo_rule_settings or ())
    except FileFormatError as error:
        say(f"morpyam: error: --rule {error.where}: {error.reason}", sys.stderr)
        return 2
    bot = args.demo_bot or DEMO_BOT
    say(
        f"Morpyam, {preset} rules, {players} players ({bot} bots), seed {seed}"
        + ("" if args.narrate else ": one line per turn (--narrate tells every action)")
    )
    seats = [BOTS[bot]() for _ in range(players)]
    play_demo(
        rules,
        seed,
        lambda text: colour_players(text, sys.stdout),
        seats=seats,
        narrate=args.narrate,
    )
    return 0


_DEMO_OPTIONS = {
    "demo_seed": "--seed",
    "demo_players": "--players",
    "demo_rules": "--rules",
    "demo_bot": "--bot",
    "narrate": "--narrate",
    "demo_rule_settings": "--rule",
}


def _check_demo_options(parser: argparse.ArgumentParser, args: argparse.Namespace) -> None:
    """Refuse the demo's options given before a command, which would be ignored."""
    if args.run is _demo:
        return
    given = [
        option
        for dest, option in _DEMO_OPTIONS.items()
        if getattr(args, dest, None) is not None and getattr(args, dest) is not False
    ]
    if given:
        parser.error(
            f"{', '.join(given)} {'is an option' if len(given) == 1 else 'are options'} "
            "of the demo game; give a command's options after the command "
            "(morpyam play --seat human --seat odds)"
        )


CLI_EXTRA = "pip install 'morpyam[cli]'"
"""How to install what the optional features of the command line need (rich and shtab)."""


class _NeedsExtra(argparse.Action):
    """An option whose feature needs the ``cli`` extra, which is not installed: says so."""

    def __call__(
        self,
        parser: argparse.ArgumentParser,
        namespace: argparse.Namespace,
        values: Any,
        option_string: str | None = None,
    ) -> None:
        parser.error(f"{option_string} needs shtab, which is not installed: {CLI_EXTRA}")


def _add_completion(parser: argparse.ArgumentParser) -> None:
    """``--print-completion bash|zsh|tcsh``: with shtab (the ``cli`` extra), or naming the extra."""
    try:
        import shtab
    except ImportError:
        parser.add_argument(
            "--print-completion",
            action=_NeedsExtra,
            metavar="SHELL",
            help=f"print a shell completion script (needs the cli extra: {CLI_EXTRA})",
        )
        return
    shtab.add_argument_to(
        parser, "--print-completion", help="print a shell completion script (bash, zsh or tcsh)"
    )


def _parsers(parser: argparse.ArgumentParser) -> Iterator[argparse.ArgumentParser]:
    """``parser`` and every parser of its subcommands, at any depth."""
    yield parser
    for action in parser._actions:
        if isinstance(action, argparse._SubParsersAction):
            for child in dict.fromkeys(action.choices.values()):
                yield from _parsers(child)


def _same_rules(parser: argparse.ArgumentParser) -> None:
    """The same conventions for every command, however it was added.

    No option is taken for an abbreviation of another (``--rule`` is not
    ``--rules``), and each parser remembers itself, so that an option it does
    not know is answered with its own usage, not the top-level one.
    """
    for each in _parsers(parser):
        each.allow_abbrev = False
        each.set_defaults(command_parser=each)


def _quiet_stdout() -> None:
    """Point standard output at the null device, so that exiting does not flush into a closed pipe."""
    try:
        fd = sys.stdout.fileno()
    except (AttributeError, OSError, ValueError):
        return
    devnull = os.open(os.devnull, os.O_WRONLY)
    os.dup2(devnull, fd)
    os.close(devnull)


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line; returns the exit status.

    With no subcommand, ``morpyam`` tells a seeded game between two odds bots,
    one line per turn. Every command keeps argparse's conventions: help on
    standard output with status 0, a usage error (an unknown option, a bad
    value, a file that cannot be read or written) with the command's own usage
    on standard error and status 2. A reader that stops early (``morpyam odds | head -1``)
    ends the command quietly with status 0; Ctrl-C, with status 130.
    """
    for stream in (sys.stdout, sys.stderr):  # ×, △ and □ on terminals that lack them
        if isinstance(stream, io.TextIOWrapper):
            stream.reconfigure(errors="replace")
    parser = Parser(
        prog="morpyam",
        allow_abbrev=False,
        description="Morpyam, the dice-and-grid game. With no command: watch a short seeded "
        "game between two good bots.",
    )
    parser.add_argument("--version", action="version", version=f"morpyam {mp.__version__}")
    demo = parser.add_argument_group("the demo game (without a command)")
    demo.add_argument(
        "--seed",
        dest="demo_seed",
        type=int,
        metavar="SEED",
        help="seed of the dice and the bots (default 1)",
    )
    demo.add_argument(
        "--players", dest="demo_players", type=int, choices=(2, 3, 4), help="default 2"
    )
    demo.add_argument(
        "--rules", dest="demo_rules", choices=sorted(PRESETS), help="rule preset (default classic)"
    )
    demo.add_argument(
        "--bot", dest="demo_bot", choices=sorted(BOTS), help=f"the bots (default {DEMO_BOT})"
    )
    demo.add_argument(
        "--narrate",
        action="store_true",
        help="tell every action and draw the grid after each token",
    )
    demo.add_argument(
        "--rule",
        dest="demo_rule_settings",
        action="append",
        metavar="FIELD=VALUE",
        help="change one knob of the rules, as in a rules file (repeat), e.g. diagonals=long",
    )
    parser.set_defaults(run=_demo)
    if COMMANDS:
        subparsers = parser.add_subparsers(title="commands", metavar="COMMAND")
        for add in COMMANDS:
            add(subparsers)
    _add_completion(parser)
    _same_rules(parser)
    args: argparse.Namespace | None = None
    try:
        args, unknown = parser.parse_known_args(argv)
        if unknown:
            args.command_parser.error(f"unrecognized arguments: {' '.join(unknown)}")
        _check_demo_options(parser, args)
        status: int = args.run(args)
        sys.stdout.flush()
    except BrokenPipeError:
        _quiet_stdout()
        status_if_cut: int = getattr(args, "status_if_cut", 0)
        return status_if_cut
    except KeyboardInterrupt:
        print("\nInterrupted.", file=sys.stderr)
        return 130
    return status
