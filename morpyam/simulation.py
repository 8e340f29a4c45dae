"""Many games between bots, in one process or on any executor, reproducible from a seed.

`simulate` plays ``games`` games of ``rules``
with ``bots[i]`` in seat ``i``; by default the first player goes round the
table (game ``n`` starts with player ``n % players``). Every game draws its
dice and each bot's choices from its own ``random.Random`` streams derived
from ``(seed, game number)``, so the results depend on their seed only: not on
the executor, the number of workers or the order in which games finish.

`play_out` (from `morpyam.game`), the loop that plays one game
with bots, is written against the `Game` protocol and
plays any game that satisfies it. ``simulate`` and its results stay
Morpyam's: what they gather (tokens by label and cell, turns with their
replays, the rule that ended each game) has no meaning in another game, and
each sibling game gathers its own figures with its own simulation
(``morpyam.myrummy.simulate``).

Examples:
    >>> from morpyam import Rules
    >>> from morpyam.bots import GreedyBot, RandomBot
    >>> result = simulate(Rules.classic(), [GreedyBot(), RandomBot()], games=4, seed=7)
    >>> result.games
    4
    >>> sum(result.wins) + sum(result.shared_wins) >= 4
    True
"""

from __future__ import annotations

import math
import numbers
import random
from collections import Counter
from collections.abc import Callable, Iterable, Mapping, Sequence
from concurrent.futures import Executor, Future, as_completed

import attrs

from morpyam import engine
from morpyam.actions import Action, Place
from morpyam.bots import Bot, bot_name, make_bot
from morpyam.engine import new_game, scores
from morpyam.errors import SimulationError, _shown
from morpyam.figures import Figure, Label, Special
from morpyam.game import play_out
from morpyam.layouts import Cell
from morpyam.rules import Rules
from morpyam.state import State

__all__ = [
    "GameResult",
    "SimulationError",
    "SimulationResult",
    "play_out",
    "simulate",
    "simulate_game",
    "wilson_interval",
]

_Z95 = 1.959963984540054
_LABELS: tuple[Label, ...] = (*Figure, *Special)


@attrs.frozen
class GameResult:
    """How one game of a simulation went."""

    number: int
    """The game's number in the simulation, from 0."""
    first_player: int
    """Who played first."""
    winners: frozenset[int]
    """The winning seats (more than one for a shared win, R-END-3)."""
    scores: tuple[int, ...]
    """Points per seat at the end (`scores`)."""
    turns: int
    """Turns played, replays included."""
    end_rule: str
    """The rule that ended the game (``"R-END-1"``, ``"R-END-2"``, ``"R-MOR-3"``)."""


def wilson_interval(successes: int, trials: int, z: float = _Z95) -> tuple[float, float]:
    """The Wilson score interval of a proportion (95% with the default ``z``).

    Examples:
        >>> low, high = wilson_interval(95, 100)
        >>> round(low, 3), round(high, 3)
        (0.888, 0.978)

    Raises:
        SimulationError: unless ``successes`` and ``trials`` are whole numbers
            with ``0 <= successes <= trials`` and ``trials >= 1``, and ``z`` is
            a finite number > 0.
    """
    if not (_whole(successes) and _whole(trials) and 0 <= successes <= trials and trials >= 1):
        raise SimulationError(
            f"need whole numbers 0 <= successes <= trials >= 1, got {_shown(successes)}, {_shown(trials)}"
        )
    if isinstance(z, bool) or not isinstance(z, numbers.Real) or not (0 < z < math.inf):
        raise SimulationError(f"z must be a finite number > 0, got {_shown(z)}")
    p = successes / trials
    denominator = 1 + z * z / trials
    centre = (p + z * z / (2 * trials)) / denominator
    spread = z * math.sqrt(p * (1 - p) / trials + z * z / (4 * trials * trials)) / denominator
    return max(0.0, centre - spread), min(1.0, centre + spread)


def _whole(value: object) -> bool:
    return isinstance(value, numbers.Integral) and not isinstance(value, bool)


Usage = tuple[tuple[tuple[Label, int], ...], tuple[tuple[Cell, int], ...]]
"""Per seat: tokens placed on each label, and on each cell, as sorted pairs."""


def _usage(labels: Counter[Label], cells: Counter[Cell]) -> Usage:
    return (
        tuple((label, labels[label]) for label in _LABELS if labels[label]),
        tuple(sorted(cells.items())),
    )


@attrs.frozen
class SimulationResult:
    """The outcome of `simulate`: every game, and summaries."""

    rules: Rules
    bots: tuple[str, ...]
    """The bots' names, by seat."""
    seed: int
    results: tuple[GameResult, ...]
    """Every game, in order of its number."""
    usage: tuple[Usage, ...]
    """Per seat: tokens placed on each label and on each cell, over all games."""

    @property
    def games(self) -> int:
        """Games played."""
        return len(self.results)

    @property
    def wins(self) -> tuple[int, ...]:
        """Per seat: games won alone."""
        return tuple(
            sum(1 for game in self.results if game.winners == {seat})
            for seat in range(len(self.bots))
        )

    @property
    def shared_wins(self) -> tuple[int, ...]:
        """Per seat: games won together with another player (a tie, R-END-3)."""
        return tuple(
            sum(1 for game in self.results if seat in game.winners and len(game.winners) > 1)
            for seat in range(len(self.bots))
        )

    @property
    def win_rates(self) -> tuple[float, ...]:
        """Per seat: the share of games won alone."""
        return tuple(wins / self.games for wins in self.wins)

    def win_interval(self, seat: int, z: float = _Z95) -> tuple[float, float]:
        """The Wilson interval (95% by default) of ``seat``'s rate of games won alone.

        Raises:
            SimulationError: for a ``seat`` that is not one of the seats.
        """
        if not _whole(seat) or not 0 <= seat < len(self.bots):
            raise SimulationError(f"seat is 0 to {len(self.bots) - 1}, got {_shown(seat)}")
        return wilson_interval(self.wins[seat], self.games, z)

    @property
    def mean_points(self) -> tuple[float, ...]:
        """Per seat: the mean points at the end of a game (the end bonus included)."""
        return tuple(
            sum(game.scores[seat] for game in self.results) / self.games
            for seat in range(len(self.bots))
        )

    @property
    def mean_turns(self) -> float:
        """The mean number of turns in a game, replays included."""
        return sum(game.turns for game in self.results) / self.games

    @property
    def end_rules(self) -> Mapping[str, int]:
        """How many games each rule ended."""
        return dict(sorted(Counter(game.end_rule for game in self.results).items()))

    def label_counts(self, seat: int | None = None) -> Mapping[Label, int]:
        """Tokens placed on cells of each label: by ``seat``, or by everyone."""
        counter: Counter[Label] = Counter()
        for by_seat, (labels, _) in enumerate(self.usage):
            if seat is None or seat == by_seat:
                counter.update(dict(labels))
        return {label: counter[label] for label in _LABELS if counter[label]}

    def cell_counts(self, seat: int | None = None) -> Mapping[Cell, int]:
        """Tokens placed on each cell: by ``seat``, or by everyone."""
        counter: Counter[Cell] = Counter()
        for by_seat, (_, cells) in enumerate(self.usage):
            if seat is None or seat == by_seat:
                counter.update(dict(cells))
        return dict(sorted(counter.items()))

    def summary(self) -> str:
        """A plain-text table: per seat, wins with their 95% interval, shared wins and points."""
        rows = [
            f"{self.games} game{'' if self.games == 1 else 's'}, "
            f"{self.rules.players} players, seed {self.seed}, "
            f"{self.mean_turns:.1f} turns a game",
            "seat  bot        wins   win rate  95% interval    shared  mean points",
        ]
        for seat, name in enumerate(self.bots):
            low, high = self.win_interval(seat)
            rows.append(
                f"{seat:>4}  {name:<9} {self.wins[seat]:>5}  {self.win_rates[seat]:>8.1%}  "
                f"{low:>6.1%}–{high:<6.1%}  {self.shared_wins[seat]:>6}  "
                f"{self.mean_points[seat]:>11.2f}"
            )
        ends = ", ".join(f"{rule} {count}" for rule, count in self.end_rules.items())
        rows.append(f"ended by: {ends}")
        labels = self.label_counts()
        total = sum(labels.values()) or 1
        rows.append(
            "tokens by label: "
            + ", ".join(f"{label.code} {count / total:.1%}" for label, count in labels.items())
        )
        return "\n".join(rows)


def _streams(seed: int, number: int, players: int) -> tuple[random.Random, list[random.Random]]:
    """Independent generators for the dice and for each seat's bot, from ``seed`` and the game number."""
    dice = random.Random(f"morpyam simulate {seed} game {number} dice")
    bots = [
        random.Random(f"morpyam simulate {seed} game {number} seat {s}") for s in range(players)
    ]
    return dice, bots


def simulate_game(
    rules: Rules,
    bots: Sequence[Bot],
    *,
    seed: int,
    number: int = 0,
    first_player: int | None = None,
    max_steps: int = 100_000,
) -> GameResult:
    """Play one game of ``rules`` with ``bots[i]`` in seat ``i``.

    The dice and each bot draw from their own generators derived from
    ``(seed, number)``, as in `simulate`;
    ``first_player=None`` starts with the start roll (R-SET-3).

    Raises:
        SimulationError: for arguments of the wrong kind (``rules`` that are
            not a `Rules` value, a bot without
            ``choose`` such as a bot's name, a number of bots that is not the
            number of players, a ``seed``, ``number`` or ``max_steps`` that is
            not a whole number), when a bot chooses an illegal action, or when
            the game lasts more than ``max_steps`` steps (a bot that never places).
        ValueError: for a ``first_player`` that is not a seat (as
            `new_game`).
    """
    _check_rules(rules)
    if type(seed) is not int:
        raise SimulationError(f"seed must be an int, got {_shown(seed)}")
    if type(number) is not int or number < 0:
        raise SimulationError(f"number must be an int >= 0, got {_shown(number)}")
    if type(max_steps) is not int or max_steps < 1:
        raise SimulationError(f"max_steps must be an int >= 1, got {_shown(max_steps)}")
    seated = _seat(rules, bots, names=False)
    return _play(rules, seated, seed, number, first_player, max_steps, None)


def _play(
    rules: Rules,
    bots: tuple[Bot, ...],
    seed: int,
    number: int,
    first_player: int | None,
    max_steps: int,
    usage: list[tuple[Counter[Label], Counter[Cell]]] | None,
) -> GameResult:
    dice_rng, bot_rngs = _streams(seed, number, rules.players)
    first = first_player
    turns = 0

    def watch(state: State, action: Action) -> None:
        nonlocal first, turns
        seat = state.player
        if state.setup is None:
            if first is None:
                first = seat
            if state.rolls == 0 and state.dice is None:
                turns += 1
        if usage is not None and type(action) is Place:
            labels, cells = usage[seat]
            labels[state.layout[action.cell]] += 1
            cells[action.cell] += 1

    state = play_out(
        engine,
        new_game(rules, first_player=first_player),
        bots,
        chance=dice_rng,
        rngs=bot_rngs,
        max_steps=max_steps,
        watch=watch,
        label=f"game {number} (seed {seed})",
    )
    return GameResult(
        number=number,
        first_player=first if first is not None else state.player,
        winners=state.winners,
        scores=scores(state),
        turns=turns,
        end_rule=state.end_rule or "R-END-2",
    )


def _play_range(
    rules: Rules, bots: tuple[Bot, ...], seed: int, start: int, stop: int, rotate: bool
) -> tuple[list[GameResult], tuple[Usage, ...]]:
    """Games ``start`` to ``stop - 1``, the unit of work sent to an executor, with their usage."""
    players = rules.players
    usage = [(Counter[Label](), Counter[Cell]()) for _ in range(players)]
    games = [
        _play(rules, bots, seed, n, n % players if rotate else None, _MAX_STEPS, usage)
        for n in range(start, stop)
    ]
    return games, tuple(_usage(labels, cells) for labels, cells in usage)


_MAX_STEPS = 100_000


def simulate(
    rules: Rules,
    bots: Sequence[Bot | str],
    games: int,
    seed: int = 0,
    executor: Executor | None = None,
    *,
    rotate: bool = True,
    chunk: int | None = None,
    progress: Callable[[int, int], object] | None = None,
) -> SimulationResult:
    """Play ``games`` games between ``bots`` (seat ``i`` is ``bots[i]``) and gather the results.

    Bots are bot values or the names of built-in bots (``"odds"``). With
    ``rotate`` the first player of game ``n`` is ``n % players``; without it
    the start roll decides (R-SET-3). Games are sent in chunks of ``chunk``
    games to ``executor`` (any ``concurrent.futures.Executor``:
    a ``ProcessPoolExecutor``, Dask's ``client.get_executor()``…), or played in
    this process when it is ``None``; with a process pool the rules and the
    bots must pickle, as the built-in ones do. ``progress(done, games)`` is
    called as chunks finish. The result depends only on the arguments, not
    on the executor. Every game's ``simulate`` starts the same way,
    ``simulate(rules, bots, games, seed=0)`` (MyRummy's is `morpyam.myrummy.simulate`).

    Raises:
        SimulationError: for ``rules`` that are not a Rules value, ``games < 1``,
            ``bots`` that are not a sequence of bots or names, a number of bots
            that is not the number of players, or a bot that breaks the rules.
        UnknownBotError: for a name that is not a built-in bot.
    """
    _check_rules(rules)
    if type(games) is not int or games < 1:
        raise SimulationError(f"games must be an int >= 1, got {_shown(games)}")
    if type(seed) is not int:
        raise SimulationError(f"seed must be an int, got {_shown(seed)}")
    if chunk is not None and (type(chunk) is not int or chunk < 1):
        raise SimulationError(f"chunk must be None or an int >= 1, got {_shown(chunk)}")
    seated = _seat(rules, bots, names=True)
    size = chunk or max(1, min(100, games // 32))
    ranges = [(start, min(start + size, games)) for start in range(0, games, size)]
    done: dict[int, tuple[list[GameResult], tuple[Usage, ...]]] = {}
    finished = 0
    if executor is None:
        for start, stop in ranges:
            done[start] = _play_range(rules, seated, seed, start, stop, rotate)
            finished += stop - start
            if progress is not None:
                progress(finished, games)
    else:
        futures: dict[Future[tuple[list[GameResult], tuple[Usage, ...]]], tuple[int, int]] = {
            executor.submit(_play_range, rules, seated, seed, start, stop, rotate): (start, stop)
            for start, stop in ranges
        }
        for future in as_completed(futures):
            start, stop = futures[future]
            done[start] = future.result()
            finished += stop - start
            if progress is not None:
                progress(finished, games)
    results = tuple(game for start, _ in ranges for game in done[start][0])
    usage = []
    for seat in range(rules.players):
        labels: Counter[Label] = Counter()
        cells: Counter[Cell] = Counter()
        for start, _ in ranges:
            seat_labels, seat_cells = done[start][1][seat]
            labels.update(dict(seat_labels))
            cells.update(dict(seat_cells))
        usage.append(_usage(labels, cells))
    return SimulationResult(
        rules=rules,
        bots=tuple(bot_name(bot) for bot in seated),
        seed=seed,
        results=results,
        usage=tuple(usage),
    )


def _check_rules(rules: object) -> None:
    if not isinstance(rules, Rules):
        raise SimulationError(f"a simulation needs a Rules value, got {_shown(rules)}")


def _seat(rules: Rules, bots: object, *, names: bool) -> tuple[Bot, ...]:
    """The bots by seat, one per player; bot names become bots when ``names``."""
    if isinstance(bots, (str, bytes)) or not isinstance(bots, Iterable):
        raise SimulationError(
            f"bots is a sequence of {'bots or bot names' if names else 'bots'}, one per seat, "
            f"got {_shown(bots)}"
        )
    seated = tuple(_bot(bot, names) for bot in bots)
    if len(seated) != rules.players:
        raise SimulationError(
            f"{rules.players} players need {rules.players} bots, got {len(seated)}"
        )
    return seated


def _bot(bot: object, names: bool) -> Bot:
    if names and isinstance(bot, str):
        return make_bot(bot)
    if not callable(getattr(bot, "choose", None)):
        hint = " (make_bot turns a name into a bot)" if isinstance(bot, str) else ""
        raise SimulationError(f"a bot has a choose(state, rng) method, got {_shown(bot)}{hint}")
    return bot  # type: ignore[return-value]
