"""The ``morpyam simulate``, ``morpyam odds`` and ``morpyam advise`` commands.

Each ``register_*`` function adds its subcommand to the parser of
``morpyam.cli.main`` (see ``morpyam.cli.COMMANDS``):

    morpyam simulate --games 10000 --players 3 --bot odds --bot greedy --bot random
    morpyam odds
    morpyam advise "dice 3 3 5 1 2" --rolls-left 2
"""

from __future__ import annotations

import argparse
import contextlib
import sys
from collections.abc import Callable
from concurrent.futures import ProcessPoolExecutor
from typing import Any

from morpyam.actions import Roll, RollResult
from morpyam.advice import Advice, advise
from morpyam.bots import BOTS
from morpyam.cli.console import Column, fancy, print_table, progress, progress_bar, say
from morpyam.cli.manner import check_players_rule
from morpyam.engine import apply, new_game
from morpyam.figures import Figure
from morpyam.files import FileFormatError, rules_with
from morpyam.odds import MAX_ROLLS_LEFT, turn_table
from morpyam.rules import PRESETS, Rules
from morpyam.simulation import SimulationResult, simulate
from morpyam.state import State

__all__ = [
    "position",
    "progress_bar",
    "register_advise",
    "register_odds",
    "register_simulate",
]


def _at_least(low: int) -> Callable[[str], int]:
    def convert(text: str) -> int:
        try:
            value = int(text)
        except ValueError:
            raise argparse.ArgumentTypeError(f"expected a whole number, got {text!r}") from None
        if value < low:
            raise argparse.ArgumentTypeError(f"must be at least {low}, got {value}")
        return value

    return convert


def _rules(name: str, players: int) -> Rules:
    return PRESETS[name](players)


# --- simulate ---------------------------------------------------------------------


def register_simulate(subparsers: Any) -> None:
    """Add ``morpyam simulate``: many games between bots, with a summary table."""
    parser = subparsers.add_parser(
        "simulate",
        help="play many games between bots and summarise them",
        description="Play many games between bots and print win rates with 95% intervals, "
        "points, game lengths and the labels used. Give one --bot per player, in seat order.",
    )
    parser.add_argument("--games", type=_at_least(1), default=1000, help="games to play")
    parser.add_argument(
        "--players", type=int, choices=(2, 3, 4), default=None, help="default: one per --bot"
    )
    parser.add_argument(
        "--bot",
        dest="bots",
        action="append",
        choices=sorted(BOTS),
        default=None,
        help="a bot for the next seat (repeat; default: odds against random)",
    )
    parser.add_argument("--rules", choices=sorted(PRESETS), default="classic", help="rule preset")
    parser.add_argument(
        "--rule",
        dest="rule_settings",
        action="append",
        metavar="FIELD=VALUE",
        help="change one knob of the rules, as in a rules file (repeat), e.g. diagonals=long",
    )
    parser.add_argument("--seed", type=int, default=1, help="seed of the dice and the bots")
    parser.add_argument(
        "--workers", type=_at_least(1), default=1, help="worker processes (default: this one)"
    )
    parser.add_argument(
        "--start-roll",
        action="store_true",
        help="let the start roll decide who plays first (default: take turns at playing first)",
    )
    parser.add_argument("--quiet", action="store_true", help="no progress bar")
    parser.set_defaults(run=run_simulate)


def run_simulate(args: argparse.Namespace) -> int:
    """Run ``morpyam simulate``; returns the exit status."""
    bots: list[str] = args.bots or []
    players: int | None = args.players
    if not bots:
        bots = ["odds"] + ["random"] * ((players or 2) - 1)
    if players is None:
        players = len(bots)
    error: str | None
    if players not in (2, 3, 4):
        # R-SET-2: 2 to 4 players, one --bot each
        count = len(bots)
        error = (
            f"a game has 2 to 4 players, one --bot each: got {count} "
            f"--bot option{'s' if count != 1 else ''}"
        )
    elif len(bots) != players:
        error = f"{players} players need {players} --bot options, got {len(bots)}"
    else:
        error = check_players_rule(args.rule_settings, players, "--bot")
    if error is not None:
        say(f"morpyam simulate: error: {error}", sys.stderr)
        return 2
    try:
        rules = rules_with(_rules(args.rules, players), args.rule_settings or ())
    except FileFormatError as bad:
        say(f"morpyam simulate: error: --rule {bad.where}: {bad.reason}", sys.stderr)
        return 2
    say(
        f"Morpyam, {args.rules} rules: {_games(args.games)}, "
        + " vs ".join(f"{bot} (seat {seat})" for seat, bot in enumerate(bots))
    )
    sys.stdout.flush()
    with contextlib.ExitStack() as stack:
        shown = None if args.quiet else stack.enter_context(progress(sys.stderr))
        executor = (
            stack.enter_context(ProcessPoolExecutor(max_workers=args.workers))
            if args.workers > 1
            else None
        )
        result = simulate(
            rules,
            bots,
            args.games,
            args.seed,
            executor,
            rotate=not args.start_roll,
            progress=shown,
        )
    if fancy(sys.stdout):
        _print_summary(result)
    else:
        say(result.summary())
    return 0


def _games(count: int) -> str:
    return f"{count} game{'' if count == 1 else 's'}"


def _print_summary(result: SimulationResult) -> None:
    """The summary of `SimulationResult.summary` as a rich table."""
    rows = []
    for seat, name in enumerate(result.bots):
        low, high = result.win_interval(seat)
        rows.append(
            [
                str(seat),
                name,
                str(result.wins[seat]),
                f"{result.win_rates[seat]:.1%}",
                f"{low:.1%}–{high:.1%}",
                str(result.shared_wins[seat]),
                f"{result.mean_points[seat]:.2f}",
            ]
        )
    columns = [
        ("seat", "right"),
        ("bot", "left"),
        ("wins", "right"),
        ("win rate", "right"),
        ("95% interval", "right"),
        ("shared", "right"),
        ("mean points", "right"),
    ]
    title = result.summary().splitlines()[0]
    print_table(columns, rows, sys.stdout, title=title)
    for line in result.summary().splitlines()[2 + len(result.bots) :]:
        say(line)


# --- odds -----------------------------------------------------------------------------


def register_odds(subparsers: Any) -> None:
    """Add ``morpyam odds``: the chance of each figure within 1, 2 and 3 rolls."""
    parser = subparsers.add_parser(
        "odds",
        help="print the chance of each figure within 1, 2 and 3 rolls",
        description="The exact chance of showing each figure within 1, 2 and 3 rolls of a "
        "fresh turn, keeping the dice that serve it best.",
    )
    parser.add_argument("--exact", action="store_true", help="print the exact fractions too")
    parser.set_defaults(run=run_odds)


def run_odds(args: argparse.Namespace) -> int:
    """Run ``morpyam odds``; returns the exit status."""
    title = "Chance of showing each figure within 1, 2 and 3 rolls, keeping the dice for it:"
    columns: list[Column] = [("figure", "left"), ("code", "left")]
    for heading in ("1 roll", "2 rolls", "3 rolls"):
        columns.append((heading, "right"))
        if args.exact:
            columns.append(("exactly", "right"))
    rows = []
    for label, chances in turn_table():
        name = label.notation if isinstance(label, Figure) else "sec (1st roll)"
        row = [name, label.code]
        for p in chances:
            row.append(f"{float(p):.3%}")
            if args.exact:
                row.append(f"{p.numerator}/{p.denominator}")
        rows.append(row)
    print_table(columns, rows, sys.stdout, title=title)
    return 0


# --- advise -----------------------------------------------------------------------------


def _faces(text: str) -> tuple[int, ...]:
    """Five faces from ``"3 3 5 1 2"``, ``"3,3,5,1,2"`` or ``"33512"``, each maybe after ``dice``.

    Commas count as spaces everywhere, after ``dice`` too.
    """
    words = text.replace(",", " ").split()
    if words and words[0].lower() == "dice":
        words = words[1:]
    if len(words) == 1 and words[0].isdigit():
        words = list(words[0])
    try:
        faces = tuple(int(word) for word in words)
    except ValueError:
        raise ValueError(f"dice are five faces from 1 to 6, got {text!r}") from None
    if len(faces) != 5 or not all(1 <= face <= 6 for face in faces):
        raise ValueError(f"dice are five faces from 1 to 6, got {text!r}")
    return tuple(sorted(faces))


def position(rules: Rules, dice: tuple[int, ...], rolls_left: int) -> State:
    """Player 0's turn on an empty grid, with ``dice`` showing and ``rolls_left`` rolls (0-2) to go.

    The state is reached through the public API: a first roll showing
    ``dice``, then rolls that keep four of them and throw the fifth again.

    Raises:
        ValueError: for ``rolls_left`` outside 0 to 2, or dice that are not five faces 1-6.
    """
    if type(rolls_left) is not int or not 0 <= rolls_left <= MAX_ROLLS_LEFT:
        raise ValueError(f"rolls_left is 0 to {MAX_ROLLS_LEFT}, got {rolls_left!r}")
    state = new_game(rules, first_player=0, layout=rules.layout if rules.tile_setup else None)
    state = apply(apply(state, Roll()), RollResult(dice))
    for _ in range(MAX_ROLLS_LEFT - rolls_left):
        state = apply(apply(state, Roll(dice[:4])), RollResult(dice[4:]))
    return state


def register_advise(subparsers: Any) -> None:
    """Add ``morpyam advise``: the legal actions for some dice, best first, with reasons."""
    parser = subparsers.add_parser(
        "advise",
        help="rank the actions for some dice on an empty grid",
        description="Rank the legal actions of a player with these dice on an empty grid, "
        'best first, with the chances behind each. DICE: "3 3 5 1 2", "3,3,5,1,2" or 33512, '
        'maybe after "dice".',
    )
    parser.add_argument("dice", help="the five dice showing")
    parser.add_argument(
        "--rolls-left",
        type=int,
        choices=range(MAX_ROLLS_LEFT + 1),
        default=MAX_ROLLS_LEFT,
        help="rolls still allowed this turn (default 2: the dice are a first roll)",
    )
    parser.add_argument("--rules", choices=sorted(PRESETS), default="classic", help="rule preset")
    parser.add_argument(
        "--rule",
        dest="rule_settings",
        action="append",
        metavar="FIELD=VALUE",
        help="change one knob of the rules, as in a rules file (repeat), e.g. diagonals=long",
    )
    parser.add_argument("--players", type=int, choices=(2, 3, 4), default=2)
    parser.add_argument(
        "--top", type=_at_least(0), default=10, help="actions to show (0: all of them)"
    )
    parser.set_defaults(run=run_advise)


def _cannot_hit(hint: Advice) -> bool:
    action = hint.action
    return isinstance(action, Roll) and action.call is not None and hint.probability == 0


def run_advise(args: argparse.Namespace) -> int:
    """Run ``morpyam advise``; returns the exit status."""
    try:
        dice = _faces(args.dice)
    except ValueError as error:
        say(f"morpyam advise: error: {error}", sys.stderr)
        return 2
    wrong = check_players_rule(args.rule_settings, args.players, "--players")
    if wrong is not None:
        say(f"morpyam advise: error: {wrong}", sys.stderr)
        return 2
    try:
        rules = rules_with(_rules(args.rules, args.players), args.rule_settings or ())
    except FileFormatError as bad:
        say(f"morpyam advise: error: --rule {bad.where}: {bad.reason}", sys.stderr)
        return 2
    state = position(rules, dice, args.rolls_left)
    hints = advise(state)
    dead = [hint for hint in hints if _cannot_hit(hint)]
    listed = hints if args.top == 0 else [hint for hint in hints if not _cannot_hit(hint)]
    shown = listed if args.top == 0 else listed[: args.top]
    left = args.rolls_left
    print(
        f"Dice {' '.join(map(str, dice))}, {left} roll{'s' if left != 1 else ''} left, "
        f"{args.rules} grid with every cell free: {len(hints)} legal actions, best first."
    )
    print(
        "Value: what the odds bot expects the action to be worth: the worth of the cell it "
        "ends up covering this turn (the points, lines and blocking a token there makes), "
        "averaged over the dice still to come, playing on as well as it can; higher is better."
    )
    for rank, hint in enumerate(shown, 1):
        print(f"{rank:>3}. {hint.action}  (value {hint.score:.3f})")
        print(f"     {hint.reason}")
    notes = []
    if len(shown) < len(listed):
        notes.append(f"{len(listed) - len(shown)} more")
    if len(listed) < len(hints):
        notes.append(
            f"{len(dead)} call{'s' if len(dead) != 1 else ''} that cannot hit on this roll"
        )
    if notes:
        print(f"     … and {' and '.join(notes)} (--top 0 lists them all)")
    return 0
