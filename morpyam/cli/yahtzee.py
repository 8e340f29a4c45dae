"""The ``morpyam yahtzee`` commands: play a game at the terminal, or solve a rule set.

``morpyam yahtzee play`` seats humans and bots around one score sheet;
``morpyam yahtzee solve`` prints the optimal expected score and can save the
solution for the ``optimal`` bot. The ``morpyam`` command adds them with
`register_yahtzee`.
"""

from __future__ import annotations

import argparse
import contextlib
import random
import sys
import time
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any

import attrs

from morpyam.cli.play import check_writable
from morpyam.errors import IllegalActionError
from morpyam.notation import NotationError
from morpyam.yahtzee.actions import Action, Roll, RollResult, Score, parse_action
from morpyam.yahtzee.engine import (
    MAX_GAMES,
    MAX_PLAYERS,
    allowed_boxes,
    apply,
    box_points,
    legal_actions,
    new_game,
    sample_chance,
)
from morpyam.yahtzee.rules import COMPARISONS, JOKERS, PRESETS, Rules
from morpyam.yahtzee.state import State
from morpyam.yahtzee.text import render_sheets

if TYPE_CHECKING:
    from morpyam.yahtzee.solver import Solution

__all__ = ["SEATS", "greedy_action", "play", "register_yahtzee"]

SEATS = ("human", "optimal", "greedy", "random")
"""Who can sit at a seat: a person at the terminal, the optimal bot (needs the
``solver`` extra), a simple greedy bot, or a uniformly random player."""

Out = Callable[[str], object]
Chooser = Callable[[State], Action]


def greedy_action(state: State) -> Action:
    """A simple bot: score 25 points or more at once, else chase the most frequent face.

    After the third roll it scores the box worth the most points (the first
    in sheet order on a tie). It needs no solver and is far from optimal.

    Raises:
        ValueError: for a ``state`` that is not a `State`.
    """
    if not isinstance(state, State):
        raise ValueError(f"expected a yahtzee State, got {type(state).__name__}")
    dice = state.dice
    if dice is None:
        return Roll()
    boxes = allowed_boxes(state)
    points = [box_points(state, box) for box in boxes]
    best = max(range(len(boxes)), key=lambda i: (points[i], -i))
    if state.rolls == 3 or points[best] >= 25:
        return Score(boxes[best])
    face = max(dice, key=lambda f: (dice.count(f), f))
    return Roll((face,) * min(dice.count(face), 4))


def _faces(faces: Sequence[int]) -> str:
    return " ".join(map(str, faces))


HELP = """\
  roll                 throw the dice (Enter does too, before the first roll)
  roll keep 6 6        keep these faces, throw the others (or just: keep 6 6)
  score chance         fill a box (or just: chance)
  legal                list the actions allowed now
  sheet                show the score sheet
  help (or ?)          this text
  quit (or exit, q)    stop the game"""
"""What ``help`` prints at a human's prompt."""

_WORDS = "roll, keep 6 6, a box name (chance), legal, sheet, help, quit"


class _StopGameError(Exception):
    """The person at the keyboard stopped the game (``quit``, end of input)."""


def _line(read: Callable[[str], str], prompt: str) -> str:
    """A typed line, stripped and lower-cased; ``quit`` and the end of input stop the game."""
    try:
        text = read(prompt).strip()
    except EOFError:
        raise _StopGameError from None
    if text.lower() in ("quit", "exit", "q"):
        raise _StopGameError
    return text


def _human(read: Callable[[str], str], out: Out) -> tuple[Chooser, Callable[[State], RollResult]]:
    """A person at the terminal: reads actions in notation (or shorthands), and real dice if asked."""

    def common(state: State, text: str) -> bool:
        """Answer the words that are not actions; whether ``text`` was one."""
        word = text.lower()
        if word in ("?", "help", "h"):
            out(HELP)
            out("  allowed now: " + "; ".join(map(str, legal_actions(state))))
            return True
        if word in ("legal", "moves"):
            out("  allowed now: " + "; ".join(map(str, legal_actions(state))))
            return True
        if word == "sheet":
            out(render_sheets(state))
            return True
        return False

    def choose(state: State) -> Action:
        if state.dice is None:
            while True:
                text = _line(read, "  press Enter to roll (help for the commands) ")
                if text.lower() in ("", "roll"):
                    return Roll()
                if not common(state, text):
                    out(f"  {text!r}: the dice are not rolled yet; type roll, help or quit")
        options = ", ".join(f"{box} {box_points(state, box)}" for box in allowed_boxes(state))
        out(f"  dice {_faces(state.dice)} (roll {state.rolls}); score: {options}")
        while True:
            text = _line(read, "  > ")
            if common(state, text):
                continue
            action = _read_action(text)
            if action is None:
                out(f"  not an action: {text!r} (type one of: {_WORDS})")
                continue
            try:
                apply(state, action)
            except IllegalActionError as error:
                out(f"  {error}")
                continue
            return action

    def throw(state: State) -> RollResult:
        count = 5 - len(state.kept)
        while True:
            text = _line(read, f"  the {count} dice thrown show: ")
            try:
                result = RollResult(int(word) for word in text.replace(",", " ").split())
            except (ValueError, IllegalActionError) as error:
                out(f"  {error}")
                continue
            if len(result.faces) == count:
                return result
            out(f"  type the faces of the {count} dice thrown (or quit)")

    return choose, throw


def _read_action(text: str) -> Action | None:
    """An action in notation or a shorthand; ``None`` for anything else, empty input included
    (which must not read as ``roll``)."""
    if not text.strip():
        return None
    for candidate in (text, f"roll {text}", f"score {text}"):
        try:
            return parse_action(candidate)
        except NotationError:
            continue
    return None


def play(
    rules: Rules,
    seats: Sequence[str],
    *,
    games: int = 1,
    seed: int = 1,
    solution: Solution | None = None,
    real_dice: bool = False,
    read: Callable[[str], str] = input,
    out: Out = print,
) -> State:
    """Play a game of ``rules`` between ``seats`` (kinds from `SEATS`).

    Dice are thrown with ``random.Random(seed)``, which the random bot shares,
    unless ``real_dice`` asks the human seats for the faces they threw. The
    ``optimal`` seats play ``solution`` (a
    `Solution` of ``rules``). Returns the final
    state, or the state reached when a human types ``quit``, the input ends or
    Ctrl-C is pressed ("Game stopped.").

    Raises:
        ValueError: for seats that are not a sequence of `SEATS`,
            an optimal seat without a solution, or rules or games
            `new_game` refuses.
    """
    if isinstance(seats, str) or not isinstance(seats, Sequence):
        raise ValueError(f"seats are a sequence of seat kinds ({', '.join(SEATS)}), got {seats!r}")
    rng = random.Random(seed)
    seated = [_seat(seat, rng, solution, real_dice, read, out) for seat in seats]
    names = [f"P{p} {seat}" for p, seat in enumerate(seats)]
    reached = [new_game(rules, players=len(seats), games=games)]
    try:
        _play_on(reached, seated, names, rng, out)
    except (_StopGameError, KeyboardInterrupt):
        out("")
        out("Game stopped.")
        return reached[0]
    state = reached[0]
    totals = state.totals
    best = max(totals)
    winners = " and ".join(names[p] for p, total in enumerate(totals) if total == best)
    out(f"Winner: {winners} with {best} points")
    return state


def _play_on(
    reached: list[State],
    seated: Sequence[tuple[Chooser, Callable[[State], RollResult] | None]],
    names: Sequence[str],
    rng: random.Random,
    out: Out,
) -> None:
    """Play from ``reached[0]`` to the end of the last game, keeping ``reached[0]`` the latest state."""
    line = ""
    state = reached[0]
    while not state.is_terminal:
        reached[0] = state
        player, game = state.player, state.game
        if state.in_air:
            thrower = seated[player][1]
            result = thrower(state) if thrower is not None else sample_chance(state, rng)
            state = apply(state, result)
            assert state.dice is not None
            out(f"{line} → {_faces(state.dice)}")
            continue
        if state.rolls == 0:
            filled = state.sheet.filled.bit_count()
            if player == 0 and filled == 0:
                out(f"Game {game + 1} of {state.games}")
            out(f"Turn {filled + 1} · {names[player]}")
        action = seated[player][0](state)
        if isinstance(action, Score):
            points = box_points(state, action.box)
            state = apply(state, action)
            out(f"  score {action.box}: {points} point{'' if points == 1 else 's'}")
            if state.game != game or state.is_terminal:
                out("")
                out(render_sheets(attrs.evolve(state, game=game), names))
                out("")
        else:
            line = f"  {action}"
            state = apply(state, action)
    reached[0] = state


def _seat(
    seat: str,
    rng: random.Random,
    solution: Solution | None,
    real_dice: bool,
    read: Callable[[str], str],
    out: Out,
) -> tuple[Chooser, Callable[[State], RollResult] | None]:
    """Who decides for a seat, and who throws its dice (``None``: the shared random dice)."""
    if seat == "human":
        choose, throw = _human(read, out)
        return choose, throw if real_dice else None
    if seat == "optimal":
        if solution is None:
            raise ValueError("an optimal seat needs a Solution of the rules")
        return solution.best_action, None
    if seat == "greedy":
        return greedy_action, None
    if seat == "random":
        return _random_player(rng), None
    raise ValueError(f"a seat is one of {', '.join(SEATS)}, not {seat!r}")


def _random_player(rng: random.Random) -> Chooser:
    def choose(state: State) -> Action:
        return rng.choice(legal_actions(state))

    return choose


# --- the command line ------------------------------------------------------------


_KNOBS = ("joker", "yahtzee_bonus", "bonus_comparison")
"""The rule knobs the commands set, each with its option ``--joker`` etc."""


def _rules(args: argparse.Namespace) -> Rules:
    """The preset with the knobs given.

    Raises:
        ValueError: for a knob the rules refuse, naming its option as argparse does.
    """
    rules = PRESETS[args.sheet_rules]()
    for knob in _KNOBS:
        value = getattr(args, knob)
        if value is not None:
            try:
                rules = attrs.evolve(rules, **{knob: value})
            except ValueError as error:
                raise ValueError(f"argument --{knob.replace('_', '-')}: {error}") from None
    return rules


def _describe(rules: Rules) -> str:
    return (
        f"upper bonus {rules.upper_bonus} at {rules.bonus_comparison} {rules.bonus_threshold}, "
        f"Yahtzee bonus {rules.yahtzee_bonus}, joker {rules.joker}"
    )


def _load_solution(rules: Rules, path: str) -> Solution:
    """The solution saved in ``path``, checked to solve ``rules``.

    Raises:
        ImportError: without numpy (the ``solver`` extra).
        ValueError, OSError: for a file that cannot be read, or solves other rules.
    """
    from morpyam.yahtzee.solver import Solution

    solution = Solution.load(path)
    if solution.rules != rules:
        raise ValueError(f"{path} solves other rules: {_describe(solution.rules)}")
    return solution


def _reason(error: Exception) -> str:
    """An error in a player's words: an OS error without its number."""
    return error.strerror or str(error) if isinstance(error, OSError) else str(error)


def _fail(command: str, message: object, status: int = 2) -> int:
    """Tell ``message`` as the command's error; returns ``status``: 2 for a command line
    (or a file it names) that cannot be used, 1 for a failure once the work has begun."""
    print(f"morpyam yahtzee {command}: error: {message}", file=sys.stderr)
    return status


def _run_play(args: argparse.Namespace) -> int:
    seats = [seat.strip() for given in args.seat or [] for seat in given.split(",")]
    seats = seats or ["human", "greedy"]
    bad = [seat for seat in seats if seat not in SEATS]
    if bad or not 1 <= len(seats) <= MAX_PLAYERS:
        print(
            f"morpyam yahtzee play: error: give 1 to {MAX_PLAYERS} --seat options, each one of "
            f"{', '.join(SEATS)}; got {', '.join(seats)}",
            file=sys.stderr,
        )
        return 2
    try:
        rules = _rules(args)
    except ValueError as error:
        return _fail("play", error)
    solution = None
    if args.solution is not None:  # the file is checked before the game, never ignored
        if "optimal" not in seats:
            return _fail("play", "--solution is for the optimal bot, and no seat is optimal")
        try:
            solution = _load_solution(rules, args.solution)
        except ImportError as error:
            return _fail("play", error, 1)
        except (ValueError, OSError) as error:
            return _fail("play", f"--solution {args.solution}: {_reason(error)}")
    seed = args.sheet_seed
    if seed is None:
        seed = random.SystemRandom().randrange(2**32)
    print(
        f"Yahtzee, {args.sheet_rules} rules ({_describe(rules)}), seed {seed} "
        f"(--seed {seed} repeats)."
    )
    if "optimal" in seats and solution is None:
        try:
            from morpyam.yahtzee.solver import solve

            print("Solving the rules for the optimal bot…")
            solution = solve(rules)
        except ImportError as error:
            return _fail("play", error, 1)
    if "human" in seats:
        print("Type 'help' (or ?) at a prompt for the commands, 'quit' to stop.")
        if sys.stdin.isatty():  # pragma: no cover - only at a real terminal
            with contextlib.suppress(ImportError):
                import readline  # noqa: F401
    end = play(
        rules,
        seats,
        games=args.games,
        seed=seed,
        solution=solution,
        real_dice=args.manual_dice,
    )
    return 0 if end.is_terminal else 1


def _run_solve(args: argparse.Namespace) -> int:
    try:
        rules = _rules(args)
    except ValueError as error:
        return _fail("solve", error)
    if args.output is not None:  # checked before the solving, which takes a while
        try:
            check_writable(args.output)
        except OSError as error:
            return _fail("solve", f"--output {args.output}: {_reason(error)}")
    try:
        from morpyam.yahtzee.solver import solve

        start = time.perf_counter()
        solution = solve(rules)
    except ImportError as error:
        return _fail("solve", error, 1)
    elapsed = time.perf_counter() - start
    print(f"Rules: {args.sheet_rules} ({_describe(rules)})")
    print(f"Expected score with optimal solitaire play: {solution.expected_score:.6f}")
    print(f"Solved in {elapsed:.1f} s")
    if args.output is not None:
        try:
            solution.save(args.output)
        except OSError as error:  # a disk full since the check
            return _fail("solve", f"--output {args.output}: {_reason(error)}", 1)
        print(f"Saved to {args.output}")
    return 0


def _add_rules_options(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--rules", dest="sheet_rules", choices=list(PRESETS), default="hasbro", help="rule preset"
    )
    parser.add_argument("--joker", choices=JOKERS, help="joker rule (Y-JOKER-1)")
    parser.add_argument(
        "--yahtzee-bonus", type=int, metavar="POINTS", help="extra Yahtzee bonus (Y-BONUS-2)"
    )
    parser.add_argument(
        "--bonus-comparison", choices=COMPARISONS, help="upper bonus at >= or > 63 (Y-BONUS-1)"
    )


def register_yahtzee(subparsers: Any) -> None:
    """Add the ``yahtzee`` command, with its ``play`` and ``solve`` subcommands, to ``morpyam``."""
    parser = subparsers.add_parser(
        "yahtzee",
        help="the Yahtzee-style score-sheet game",
        description="The Yahtzee-style score-sheet game on Morpyam's dice.",
    )
    parser.set_defaults(run=lambda args: _usage(parser))
    commands = parser.add_subparsers(title="commands", metavar="COMMAND")

    play_parser = commands.add_parser(
        "play",
        help="play a game at the terminal",
        description="Play a game: humans type actions such as 'roll keep 6 6' or 'score chance'.",
    )
    _add_rules_options(play_parser)
    play_parser.add_argument(
        "--seat",
        "--seats",
        action="append",
        metavar="SEAT",
        help=f"who plays the next seat, one of {', '.join(SEATS)}: give it once per player "
        "(default: human, greedy)",
    )
    play_parser.add_argument(
        "--games",
        type=int,
        choices=range(1, MAX_GAMES + 1),
        default=1,
        help="games on one sheet, with a grand total (default 1)",
    )
    play_parser.add_argument(
        "--seed",
        dest="sheet_seed",
        type=int,
        metavar="SEED",
        help="seed of the dice and bots, to play a game again (default: a fresh one, printed "
        "at the start)",
    )
    play_parser.add_argument(
        "--solution", metavar="FILE", help="a solution saved by 'solve --output' for the bot"
    )
    play_parser.add_argument(
        "--manual-dice",
        "--real-dice",
        action="store_true",
        help="human seats type in the real dice instead of the program throwing them",
    )
    play_parser.set_defaults(run=_run_play)

    solve_parser = commands.add_parser(
        "solve",
        help="compute the optimal expected score (needs numpy)",
        description="Solve solitaire play exactly and print the optimal expected score.",
    )
    _add_rules_options(solve_parser)
    solve_parser.add_argument("--output", metavar="FILE", help="save the solution to FILE")
    solve_parser.set_defaults(run=_run_solve)


def _usage(parser: argparse.ArgumentParser) -> int:
    """``morpyam yahtzee`` without a subcommand: its help, on standard output."""
    parser.print_help(sys.stdout)
    return 0
