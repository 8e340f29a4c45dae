"""The ``morpyam`` command: watch a seeded game between random players."""

from __future__ import annotations

import argparse
import io
import random
import sys
from collections.abc import Callable, Sequence
from typing import Any

import morpyam as mp
from morpyam.myrummy.cli import register_myrummy
from morpyam.rules import PRESETS as RULE_PRESETS
from morpyam.sim_cli import register_advise, register_odds, register_simulate
from morpyam.terminal import register_play, register_replay, register_show
from morpyam.text import PLAYER_MARKS, render_grid
from morpyam.yahtzee.cli import register_yahtzee

__all__ = ["PRESETS", "main", "play_demo"]

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


def _came_up(rules: mp.Rules, call: mp.Label, state: mp.State) -> bool:
    assert state.dice is not None
    shown = mp.classify(state.dice)
    if call is mp.Special.SEC:
        return state.rolls == 1 and not rules.sec_figures.isdisjoint(shown)
    return call in shown


def _faces(faces: Sequence[int]) -> str:
    return " ".join(map(str, faces))


def play_demo(rules: mp.Rules, seed: int, out: Callable[[str], object] = print) -> mp.State:
    """Play a game between random players seeded with ``seed``, told line by line to ``out``."""
    rng = random.Random(seed)
    state = mp.new_game(rules)
    turn = 0
    line = ""
    while not state.is_terminal:
        if state.setup is not None and not state.roll_off:
            state = _set_up(state, rng, out)
            continue
        if state.is_chance:
            result = mp.sample_chance(state, rng)
            assert isinstance(result, mp.RollResult)
            if state.roll_off:
                out(f"Start roll: player {state.player} rolls {result.faces[0]}")
                state = mp.apply(state, result)
                if not state.roll_off:
                    out(f"Player {state.player} starts.")
                    if state.setup is not None:
                        out("The tiles are dealt, and the players lay them out.")
                continue
            call = state.call
            state = mp.apply(state, result)
            assert state.dice is not None
            line += f" → {_faces(state.dice)}"
            if call is not None:
                line += " (came up)" if _came_up(rules, call, state) else " (missed)"
            out(line)
            continue
        if state.dice is None and state.rolls == 0:
            turn += 1
            out(f"Turn {turn} · player {state.player} {PLAYER_MARKS[state.player]}")
        action = _choose(mp.legal_actions(state), rng)
        if isinstance(action, mp.Roll):
            line = f"  {action}"
        elif isinstance(action, mp.Place):
            out(f"  place {action.cell} ({state.layout[action.cell]})")
        else:
            out("  pass")
        state = mp.apply(state, action)
    out("")
    out(render_grid(state))
    out("")
    totals = mp.scores(state)
    for player, total in enumerate(totals):
        placed = rules.tokens_per_player - state.tokens_left[player]
        out(
            f"Player {player} {PLAYER_MARKS[player]}: "
            f"{total} point{'' if total == 1 else 's'}, {placed} tokens placed"
        )
    winners = " and ".join(f"player {p}" for p in sorted(state.winners))
    how = {
        "R-END-1": "by KO",
        "R-END-2": "on points",
        "R-MOR-3": "by KO R. D'Aversa",
        "R-END-4": "by forfeit",
    }[state.end_rule or "R-END-2"]
    out(f"Winner: {winners} ({how}, {state.end_rule})")
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
]


def _demo(args: argparse.Namespace) -> int:
    rules = PRESETS[args.rules](args.players)
    print(f"Morpyam, {args.rules} rules, {args.players} players, seed {args.seed}")
    play_demo(rules, args.seed)
    return 0


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line; returns the exit status.

    With no subcommand, ``morpyam`` narrates a seeded game between random players.
    """
    for stream in (sys.stdout, sys.stderr):  # ×, △ and □ on terminals that lack them
        if isinstance(stream, io.TextIOWrapper):
            stream.reconfigure(errors="replace")
    parser = argparse.ArgumentParser(
        prog="morpyam",
        description="Morpyam, the dice-and-grid game. With no command: watch a seeded game "
        "between random players.",
    )
    parser.add_argument("--seed", type=int, default=1, help="seed of the random players and dice")
    parser.add_argument("--players", type=int, choices=(2, 3, 4), default=2)
    parser.add_argument("--rules", choices=sorted(PRESETS), default="classic", help="rule preset")
    parser.set_defaults(run=_demo)
    if COMMANDS:
        subparsers = parser.add_subparsers(title="commands", metavar="COMMAND")
        for add in COMMANDS:
            add(subparsers)
    args = parser.parse_args(argv)
    status: int = args.run(args)
    return status
