"""The ``morpyam yahtzee`` commands: play a game at the terminal, replay it, or solve a rule set.

``morpyam yahtzee play`` seats humans and bots around one score sheet (and
``--record`` writes the game's record), ``morpyam yahtzee replay`` steps
through a record; ``morpyam yahtzee solve`` prints the optimal expected score and can save the
solution for the ``optimal`` bot. The ``morpyam`` command adds them with
`register_yahtzee`.
"""

from __future__ import annotations

import argparse
import contextlib
import importlib.util
import random
import sys
import time
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any, TextIO, cast

import attrs

from morpyam.cli.console import PLAYER_STYLES, colour_line, game_over, not_a_command, say
from morpyam.cli.manner import (
    HELP_LINE,
    HUMAN,
    add_table_options,
    banner,
    cannot_read,
    cannot_write,
    caret,
    check_record_file,
    closest_preset,
    fail,
    fresh_seed,
    in_words,
    keep_record,
    knob_word,
    label,
    other_game,
    prompt,
    read_names,
    read_seats,
    record_aside,
    refusal,
    replay_waits,
    rule_settings,
    without,
)
from morpyam.cli.play import (
    DEFAULT_OPPONENT,
    STDIO,
    add_delay_option,
    add_replay_options,
    check_writable,
    read_stdin,
    step_loop,
)
from morpyam.errors import FileFormatError, IllegalActionError
from morpyam.kit.paths import read_text
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
from morpyam.yahtzee.records import RECORD_FORMAT, GameRecord, positions, save_record
from morpyam.yahtzee.rules import COMPARISONS, JOKERS, PRESETS, Box, Rules
from morpyam.yahtzee.state import State
from morpyam.yahtzee.text import render, render_sheets

if TYPE_CHECKING:
    from morpyam.yahtzee.solver import Solution

__all__ = ["SEATS", "greedy_action", "play", "register_yahtzee"]

SEATS = (HUMAN, "optimal", "greedy", "random")
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
Commands (any case):
  roll                 throw the dice (Enter does too, before the first roll)
  roll keep 6 6        keep these faces, throw the others (or just: keep 6 6)
  score chance         fill a box (or just: chance)
  legal                list the actions allowed now
  sheet                show the score sheet
  help (or ?)          this text
  quit (or exit, q)    stop the game
The score sheet has no resign: each player fills their own sheet; quit stops."""
"""What ``help`` prints at a human's prompt."""

_NO_RESIGN = "  The score sheet has no resign: each player fills their own sheet; quit stops."
"""The answer to ``resign``, which the score sheet has not (Morpyam and MyRummy have it)."""
_ROLL_WORDS = ("roll", "keep")
_SCORE_WORDS = ("score", *(box.notation for box in Box))


class _StopGameError(Exception):
    """The person at the keyboard stopped the game (``quit``, end of input)."""


def _line(read: Callable[[str], str], asked: str) -> str:
    """A typed line, stripped; ``quit`` and the end of input stop the game."""
    try:
        text = read(asked).strip()
    except EOFError:
        raise _StopGameError from None
    if text.lower() in ("quit", "exit", "q"):
        raise _StopGameError
    return text


def _allowed(state: State) -> str:
    """The actions allowed now, in a few words: the boxes with their points, and the roll."""
    lines = []
    if state.dice is not None:
        boxes = ", ".join(f"{box} {box_points(state, box)}" for box in allowed_boxes(state))
        lines.append(f"score: {boxes}")
    if Roll() in legal_actions(state):
        lines.append(
            "roll (the first roll throws all 5 dice)"
            if state.dice is None
            else f"roll, keeping any 0 to 4 of the dice {_faces(state.dice)}"
        )
    return "Allowed now:\n  " + "\n  ".join(lines)


def _human(
    read: Callable[[str], str], out: Out, names: Sequence[str], player: int
) -> tuple[Chooser, Callable[[State], RollResult]]:
    """A person at the terminal: reads actions in notation (or shorthands), and real dice if asked.

    ``names`` are every seat's, as the sheet heads its columns; ``player`` is this one's seat."""
    asked = prompt(names[player])

    def common(state: State, text: str) -> bool:
        """Answer the words that are not actions; whether ``text`` was one."""
        word = text.lower()
        if word in ("?", "help", "h"):
            out(HELP)
            out(_allowed(state))
            return True
        if word in ("legal", "moves"):
            out(_allowed(state))
            return True
        if word == "sheet":
            out(render_sheets(state, names=names))
            return True
        if word == "resign":
            out(_NO_RESIGN)
            return True
        return False

    def choose(state: State) -> Action:
        if state.dice is None:
            while True:
                text = _line(read, asked)
                if text.lower() in ("", "roll"):
                    return Roll()
                if not common(state, text):
                    action, problem = _read_action(text)
                    out(problem or "  The dice are not rolled yet: press Enter (or type roll).")
        options = ", ".join(f"{box} {box_points(state, box)}" for box in allowed_boxes(state))
        out(f"  {names[player]} may score: {options}")  # the dice were just told
        while True:
            text = _line(read, asked)
            if not text:
                out("  Enter rolls only at the start of a turn: type roll, keep 6 6 or a box.")
                continue
            if common(state, text):
                continue
            action, problem = _read_action(text)
            if action is None:
                out(problem)
                continue
            try:
                apply(state, action)
            except IllegalActionError as error:
                out(refusal(error))
                out("  Type 'legal' for the actions allowed now.")
                continue
            return action

    return choose, _thrower(read, out, common, asked)


def _thrower(
    read: Callable[[str], str], out: Out, common: Callable[[State, str], bool], asked: str
) -> Callable[[State], RollResult]:
    """A person who throws real dice: asks for the faces at the player's prompt."""

    def throw(state: State) -> RollResult:
        count = 5 - len(state.kept)
        while True:
            text = _line(read, f"{asked.removesuffix('> ')}, the {count} dice thrown> ")
            if common(state, text):
                continue
            words = text.replace(",", " ").split()
            if not all(word.isascii() and word.isdigit() for word in words):
                out(not_a_command(text))
                continue
            try:
                result = RollResult(int(word) for word in words)
            except IllegalActionError as error:
                out(refusal(error))
                continue
            if len(result.faces) == count:
                return result
            out(f"  Type the faces of the {count} dice thrown, 1 to 6 each.")

    return throw


def _read_action(text: str) -> tuple[Action | None, str]:
    """An action in notation or a shorthand (``keep 6 6``, ``chance``), or ``None`` and what is
    wrong, with a caret under the word: the words of a roll or a box read as one, so that a
    roll that is not one (``keep 4 4 4 4 4``) says why."""
    first = text.split(maxsplit=1)[0].lower()
    if first in _ROLL_WORDS:
        candidate, offset = (text, 0) if first == "roll" else (f"roll {text}", 5)
    elif first in _SCORE_WORDS:
        candidate, offset = (text, 0) if first == "score" else (f"score {text}", 6)
    else:
        for candidate in (text, f"score {text}"):  # a box named in words: large straight
            with contextlib.suppress(NotationError):
                return parse_action(candidate), ""
        return None, not_a_command(text)
    try:
        return parse_action(candidate), ""
    except NotationError as error:
        return None, caret(text, max(error.column - offset, 1), error.reason)


def play(
    rules: Rules,
    seats: Sequence[str],
    *,
    games: int = 1,
    seed: int = 1,
    solution: Solution | None = None,
    real_dice: bool = False,
    names: Sequence[str] = (),
    read: Callable[[str], str] = input,
    out: Out = print,
    delay: float = 0.0,
    record: list[Action] | None = None,
) -> State:
    """Play a game of ``rules`` between ``seats`` (kinds from `SEATS`).

    Each line of a turn names its player. With bots only (a game to watch), the sheet is
    shown after each turn, and ``delay`` seconds pass before the next.

    Players are called by ``names`` (one per seat), or ``player 0``, ``player 1``...
    Dice are thrown with ``random.Random(seed)``, which the random bot shares,
    unless ``real_dice`` asks the human seats for the faces they threw. The
    ``optimal`` seats play ``solution`` (a
    `Solution` of ``rules``). Returns the final
    state, or the state reached when a human types ``quit``, the input ends or
    Ctrl-C is pressed ("Game stopped."). Every action applied, the dice thrown
    included, is appended to ``record`` when given: the actions of a `GameRecord`.

    Raises:
        ValueError: for seats that are not a sequence of `SEATS`,
            an optimal seat without a solution, or rules or games
            `new_game` refuses.
    """
    if isinstance(seats, str) or not isinstance(seats, Sequence):
        raise ValueError(f"seats are a sequence of seat kinds ({', '.join(SEATS)}), got {seats!r}")
    rng = random.Random(seed)
    called = [label(p, names) for p in range(len(seats))]
    seated = [
        _seat(seat, rng, solution, real_dice, read, out, called, p) for p, seat in enumerate(seats)
    ]
    reached = [new_game(attrs.evolve(rules, players=len(seats)), games=games)]
    humans = {p for p, seat in enumerate(seats) if seat == HUMAN}
    try:
        _play_on(reached, seated, called, humans, rng, out, delay, record)
    except (_StopGameError, KeyboardInterrupt):
        out("")
        out("Game stopped.")
        return reached[0]
    state = reached[0]
    out(_game_over(state, called))
    return state


def _thrown(state: State) -> str:
    """What a roll showed, told after the roll: `` → 1 2 6 6 6 (roll 2)``."""
    assert state.dice is not None
    return f" → {_faces(state.dice)} (roll {state.rolls})"


def _scored(before: State, action: Score, after: State) -> str:
    """A box scored, as the table tells it: ``score chance: 23 points``, with the Yahtzee
    bonus it brought (Y-BONUS-2)."""
    points = box_points(before, action.box)
    had = before.sheet.yahtzee_bonus
    bonus = after.sheets[before.player][before.game].yahtzee_bonus - had  # Y-BONUS-2, or 0
    told = f"score {action.box}: {points} point{'' if points == 1 else 's'}"
    return told + (f", and a Yahtzee bonus of {bonus} (Y-BONUS-2)" if bonus > 0 else "")


def _game_over(state: State, names: Sequence[str]) -> str:
    """The end of a sheet, in one line: its rule, and who won with how many points."""
    totals = state.totals
    best = max(totals)
    winners = [label(p, names) for p, total in enumerate(totals) if total == best]
    return game_over("every box filled, Y-END-1", winners, f" with {best} points")


def _play_on(
    reached: list[State],
    seated: Sequence[tuple[Chooser, Callable[[State], RollResult] | None]],
    names: Sequence[str],
    humans: set[int],
    rng: random.Random,
    out: Out,
    delay: float = 0.0,
    record: list[Action] | None = None,
) -> None:
    """Play from ``reached[0]`` to the end of the last game, keeping ``reached[0]`` the latest
    state, each action applied appended to ``record``."""
    kept = record.append if record is not None else lambda action: None
    line = ""
    watched = not humans
    state = reached[0]
    while not state.is_terminal:
        reached[0] = state
        player, game = state.player, state.game
        if state.in_air:
            thrower = seated[player][1]
            result = thrower(state) if thrower is not None else sample_chance(state, rng)
            state = apply(state, result)
            kept(result)
            assert state.dice is not None
            out(f"{line}{_thrown(state)}")
            continue
        if state.rolls == 0:
            filled = state.sheet.filled.bit_count()
            if player == 0 and filled == 0:
                out(f"Game {game + 1} of {state.games}")
            hint = " (Enter rolls)" if player in humans and filled == 0 else ""
            out(f"Turn {filled + 1} · {names[player]}{hint}")
        action = seated[player][0](state)
        if isinstance(action, Score):
            before = state
            state = apply(state, action)
            kept(action)
            out(f"  {names[player]}: {_scored(before, action, state)}")
            if state.game != game or state.is_terminal:
                out("")
                out(render_sheets(attrs.evolve(state, game=game), names=names))
                out("")
            elif watched:
                out(render_sheets(state, names=names))
                out("")
                if delay > 0:
                    time.sleep(delay)
        else:
            line = f"  {names[player]}: {action}"
            state = apply(state, action)
            kept(action)
    reached[0] = state


def _seat(
    seat: str,
    rng: random.Random,
    solution: Solution | None,
    real_dice: bool,
    read: Callable[[str], str],
    out: Out,
    names: Sequence[str],
    player: int,
) -> tuple[Chooser, Callable[[State], RollResult] | None]:
    """Who decides for a seat, and who throws its dice (``None``: the shared random dice)."""
    if seat == HUMAN:
        choose, throw = _human(read, out, names, player)
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


def _rules(
    args: argparse.Namespace, players: int = 1, check: Callable[[Rules], object] | None = None
) -> Rules:
    """The preset for ``players`` (as many as the seats) with the knobs given (``--joker``
    and the like, then each ``--rule``); ``check`` judges the rules made.

    Raises:
        ValueError: for a knob the rules refuse, naming its option.
    """
    rules = PRESETS[args.preset](players)
    set_by = {}
    for knob in _KNOBS:
        value = getattr(args, knob)
        if value is not None:
            set_by[knob] = f"--{knob.replace('_', '-')} {value}"
            try:
                rules = attrs.evolve(rules, **{knob: value})
            except ValueError as error:
                raise ValueError(f"--{knob.replace('_', '-')}: {in_words(error)}") from None
    settings = getattr(args, "rule_settings", None)
    return cast(Rules, rule_settings(rules, settings, set_by=set_by, check=check))


SOLVER_EXTRA = "pip install 'morpyam[solver]'"
"""How to install what the optimal bot and ``solve`` need (numpy)."""


def _no_numpy(what: str) -> str | None:
    """The error's words when numpy, which ``what`` needs, is not installed; ``None`` when it is."""
    if importlib.util.find_spec("numpy") is not None:
        return None
    return f"{what} needs numpy, which is not installed: {SOLVER_EXTRA}"


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
    if (
        attrs.evolve(solution.rules, players=rules.players) != rules
    ):  # its values hold for any count
        raise ValueError(f"{path} solves other rules: {_describe(solution.rules)}")
    return solution


def _run_play(args: argparse.Namespace) -> int:
    return record_aside(args, lambda data: _play(args, data))


def _play(args: argparse.Namespace, data: TextIO) -> int:
    """``morpyam yahtzee play``, its record written to ``data`` with ``--record -``."""
    seats = read_seats(args.seats, SEATS, 1, MAX_PLAYERS, [HUMAN, DEFAULT_OPPONENT])
    if isinstance(seats, str):
        return fail(args, seats)
    names = read_names(args.names, len(seats))
    if isinstance(names, str):
        return fail(args, names)
    try:
        rules = _rules(
            args,
            len(seats),
            lambda rules: new_game(attrs.evolve(rules, players=len(seats)), games=args.games),
        )
    except ValueError as error:
        return fail(args, in_words(error))
    missing = _no_numpy("--seat optimal") if "optimal" in seats else None
    if missing is not None:
        return fail(args, missing)
    wrong = check_record_file(args, (".json",))
    if wrong is not None:
        return fail(args, wrong)
    solution = None
    if args.solution is not None:  # the file is checked before the game, never ignored
        if "optimal" not in seats:
            return fail(args, "--solution is for the optimal bot, and no seat is optimal")
        try:
            solution = _load_solution(rules, args.solution)
        except (ValueError, OSError) as error:
            return fail(args, cannot_read(args.solution, error))
    seed = fresh_seed(args.seed)
    games = f"{args.games} game{'' if args.games == 1 else 's'}"
    told = f"{args.preset} rules ({_describe(rules)}), {games}"
    say(banner("Yahtzee", told, [(label(p, names), kind) for p, kind in enumerate(seats)], seed))
    if "optimal" in seats and solution is None:
        from morpyam.yahtzee.solver import solve

        say("Solving the rules for the optimal bot…")
        solution = solve(rules)
    if HUMAN in seats:
        say(HELP_LINE)
        if sys.stdin.isatty():  # pragma: no cover - only at a real terminal
            with contextlib.suppress(ImportError):
                import readline  # noqa: F401
    colour = not args.no_color
    actions: list[Action] = []
    end = play(
        rules,
        seats,
        games=args.games,
        seed=seed,
        solution=solution,
        real_dice=args.manual_dice,
        names=names,
        out=lambda text: colour_line(text, sys.stdout, _style(text, len(seats), names), colour),
        delay=args.delay,
        record=actions,
    )
    record = GameRecord(end.rules, actions, games=args.games, names=names)
    kept = keep_record(args, data, record.to_json(), lambda path: save_record(record, path))
    return kept or (0 if end.is_terminal else 1)


def _style(text: str, players: int, names: Sequence[str]) -> str | None:
    """The colour of a turn's first line: its player's, as their marks have in Morpyam."""
    if not text.startswith("Turn "):
        return None
    for seat in range(players):
        if f" · {label(seat, names)}" in text:
            return PLAYER_STYLES[seat % len(PLAYER_STYLES)]
    return None


def _run_solve(args: argparse.Namespace) -> int:
    try:
        rules = _rules(args)
    except ValueError as error:
        return fail(args, str(error))
    missing = _no_numpy("solve")
    if missing is not None:
        return fail(args, missing)
    if args.output is not None:  # checked before the solving, which takes a while
        try:
            check_writable(args.output)
        except OSError as error:
            return fail(args, cannot_write(args.output, error))
    from morpyam.yahtzee.solver import solve

    start = time.perf_counter()
    solution = solve(rules)
    elapsed = time.perf_counter() - start
    print(f"Rules: {args.preset} ({_describe(rules)})")
    print(f"Expected score with optimal solitaire play: {solution.expected_score:.6f}")
    print(f"Solved in {elapsed:.1f} s")
    if args.output is not None:
        try:
            solution.save(args.output)
        except OSError as error:  # a disk full since the check
            return fail(args, cannot_write(args.output, error), 1)
        print(f"Saved to {args.output}")
    return 0


@attrs.frozen
class _Step:
    """One step of a replay: a roll with the dice it showed, or a box scored; the position
    after it, and the game of the sheet it was played in."""

    told: str
    state: State
    game: int


def _replay_steps(record: GameRecord) -> tuple[list[_Step], IllegalActionError | None]:
    """The steps of a replay: the start, then each roll (told with its dice, as the table
    told it) and each box scored; and the illegal action that stopped the replay, if any."""
    names = [label(p, record.names) for p in range(record.rules.players)]
    steps: list[_Step] = []
    states = positions(record)
    try:
        state = next(states)
        steps.append(_Step("start of the game", state, 0))
        for action in record.actions:
            before, state = state, next(states)
            if isinstance(action, RollResult):  # the dice of the roll before: told with it
                last = steps[-1]
                steps[-1] = attrs.evolve(last, told=last.told + _thrown(state), state=state)
                continue
            who = names[before.player]
            if isinstance(action, Score):
                told = f"{who}: {_scored(before, action, state)}"
                if before.games > 1 and (state.game != before.game or state.is_terminal):
                    told += f"; end of game {before.game + 1} of {before.games}"
            else:
                told = f"{who}: {action}"
            steps.append(_Step(told, state, before.game))
    except IllegalActionError as error:
        return steps, error
    return steps, None


def _replay_header(record: GameRecord) -> str:
    """A replay's first line, as a game's: the rules (the closest preset and the knobs that
    differ), the games and the players."""
    rules = record.rules
    name, differ = closest_preset(rules, PRESETS)
    fields = attrs.asdict(rules, recurse=False)
    knobs = ", ".join(f"{key} {knob_word(fields[key])}" for key in differ)
    told = f"{name} rules" + (f" ({knobs})" if knobs else "") if name else "rules of the record"
    games = f"{record.games} game{'' if record.games == 1 else 's'}"
    players = ", ".join(label(p, record.names) for p in range(rules.players))
    return f"Yahtzee, {told}, {games}: {players}."


def _ending(state: State, error: IllegalActionError | None, names: Sequence[str]) -> str:
    """What the last step of a replay adds: the illegal action, the result, or who goes on."""
    if error is not None:
        return f"The next action is illegal: {error}"
    if state.is_terminal:
        return _game_over(state, names)
    return f"End of the record: the game goes on, {label(state.player, names)} to play."


def _load_record(path: str) -> GameRecord:
    """The score-sheet record in ``path`` (``-``: standard input).

    Raises:
        FileFormatError: for what is no score-sheet record, saying which command replays a
            record of the other games.
        OSError: when the file cannot be read.
    """
    text = read_stdin() if path == STDIO else read_text(path)
    try:
        return GameRecord.from_json(text)
    except FileFormatError:
        other = other_game(text, RECORD_FORMAT)
        if other is not None:
            raise FileFormatError(path, other) from None
        raise


def _run_replay(args: argparse.Namespace) -> int:
    where = "standard input" if args.file == STDIO else args.file
    try:
        record = _load_record(args.file)
    except FileFormatError as error:
        reason = error.reason if error.where == args.file else str(error)
        return fail(args, f"{where}: {reason}")
    except OSError as error:
        return fail(args, cannot_read(where, error))
    steps, refused = _replay_steps(record)
    last = len(steps) - 1
    names = [label(p, record.names) for p in range(record.rules.players)]
    colour = not args.no_color

    def out(line: str) -> None:
        colour_line(line, sys.stdout, _style(line, len(names), names), colour)

    out(_replay_header(record))

    def view(index: int) -> None:
        step = steps[index]
        if step.state.game == step.game and not step.state.is_terminal:
            out(render(step.state, names=names))  # the sheet, and the dice
        else:  # the sheet of the game just ended
            out(render_sheets(attrs.evolve(step.state, game=step.game), names=names))

    def tell(index: int, drawn: bool) -> None:
        out(f"Step {index} of {last} · {steps[index].told}")
        if drawn:
            view(index)
        if index == last:
            out(_ending(steps[index].state, refused, names))

    if not replay_waits(args):
        for index in range(len(steps)):
            tell(index, index == last)
        return 1 if refused else 0
    stopped = step_loop(last, tell, view, output=out)
    return 1 if refused or stopped else 0


def _add_knob_options(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--joker", choices=JOKERS, help="joker rule (Y-JOKER-1)")
    parser.add_argument(
        "--yahtzee-bonus", type=int, metavar="POINTS", help="extra Yahtzee bonus (Y-BONUS-2)"
    )
    parser.add_argument(
        "--bonus-comparison", choices=COMPARISONS, help="upper bonus at >= or > 63 (Y-BONUS-1)"
    )


WITHOUT = {
    "--rules-file": "the sheet's rules are a preset and a few knobs, set with --rule",
    "--first-player": "player 0 starts and the turn goes round in seat order (Y-SET-1)",
}
"""The options of the table manner the score sheet has not, and why (its help says so)."""


def register_yahtzee(subparsers: Any) -> None:
    """Add the ``yahtzee`` command, with its ``play``, ``replay`` and ``solve`` subcommands, to
    ``morpyam``."""
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
        epilog=without(WITHOUT),
    )
    add_table_options(
        play_parser,
        seats=SEATS,
        default_seats=[HUMAN, DEFAULT_OPPONENT],
        presets=PRESETS,
        default_preset="hasbro",
        seed_of="the dice",
        record="write the game to this JSON record, every action and the dice thrown (-: print "
        "it; the path is checked before the first roll)",
        first_player=False,
        rule_example="joker=free",
    )
    _add_knob_options(play_parser)
    play_parser.add_argument(
        "--games",
        type=int,
        choices=range(1, MAX_GAMES + 1),
        default=1,
        help="games on one sheet, with a grand total (default 1)",
    )
    play_parser.add_argument(
        "--solution", metavar="FILE", help="a solution saved by 'solve --output' for the bot"
    )
    play_parser.add_argument(
        "--manual-dice",
        action="store_true",
        help="human seats type in the real dice instead of the program throwing them",
    )
    add_delay_option(play_parser)
    play_parser.set_defaults(run=_run_play)

    replay = commands.add_parser(
        "replay",
        help="step through a game record",
        description="Check a score-sheet record (JSON) by replaying it, and step through it, "
        "one line a step (a roll with its dice, or a box scored), as 'morpyam replay' steps "
        "through a game; the sheet is drawn on request (v) and at a step chosen by its number.",
    )
    replay.add_argument("file", help="the record (.json; -: read it from standard input)")
    add_replay_options(replay)
    replay.set_defaults(run=_run_replay)

    solve_parser = commands.add_parser(
        "solve",
        help="compute the optimal expected score (needs numpy)",
        description="Solve solitaire play exactly and print the optimal expected score.",
    )
    solve_parser.add_argument(
        "--rules",
        dest="preset",
        choices=sorted(PRESETS),
        default="hasbro",
        help="rule preset (default hasbro)",
    )
    solve_parser.add_argument(
        "--rule",
        dest="rule_settings",
        action="append",
        metavar="FIELD=VALUE",
        help="change one knob of the rules (repeat), e.g. joker=free",
    )
    _add_knob_options(solve_parser)
    solve_parser.add_argument("--output", metavar="FILE", help="save the solution to FILE")
    solve_parser.set_defaults(run=_run_solve)


def _usage(parser: argparse.ArgumentParser) -> int:
    """``morpyam yahtzee`` without a subcommand: its help, on standard output."""
    parser.print_help(sys.stdout)
    return 0
