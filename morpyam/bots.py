"""Bots: programs that choose a move, all behind one small protocol.

A bot is anything with ``choose(state, rng) -> Action``: at a decision node
(``state.current_player`` is not ``None``) it returns one of
``legal_actions(state)``, drawing any randomness from ``rng`` only. Three come
with the library:

- `RandomBot`: a uniformly random legal action.
- `GreedyBot`: places as soon as it can, and
  otherwise keeps the dice for the free figure it is most likely to make.
- `OddsBot`: values every free cell by its line
  potential, for itself and for blocking the others, and plays the turn that
  maximises the expected value of the cell it covers, by exact odds over the
  252 sorted outcomes (calls, SEC, Morpyam replays and D'Aversa included).

Every bot plays every preset with 2 to 4 players, the Morpyam Plus set-up
included (bots lay their tiles at random), and never resigns.

Examples:
    >>> import random
    >>> import morpyam as mp
    >>> state = mp.new_game(mp.Rules.classic(), first_player=0)
    >>> bot = make_bot("odds")
    >>> bot.choose(state, random.Random(1)) in mp.legal_actions(state)
    True
"""

from __future__ import annotations

import functools
import math
import numbers
import random
import types
from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING, Any, ClassVar, TypeAlias

import attrs

from morpyam.actions import Action, LoseTurn, Pass, Place, Roll
from morpyam.engine import legal_actions, scores
from morpyam.errors import BotError, UnknownBotError, _shown
from morpyam.figures import Figure, Label, Special
from morpyam.game import Chooser, Game, bot_name
from morpyam.odds import _index, best_keep, hit_probability, turn_probability
from morpyam.rules import Rules
from morpyam.state import State

__all__ = [
    "BOTS",
    "Bot",
    "BotError",
    "GreedyBot",
    "OddsBot",
    "RandomBot",
    "UnknownBotError",
    "bot_name",
    "make_bot",
]


if TYPE_CHECKING:
    Bot: TypeAlias = Chooser[State, Action]
else:  # a subscripted protocol refuses isinstance(): the protocol itself answers it
    Bot = Chooser
"""A bot of Morpyam's game: the one chooser protocol of every game, `morpyam.game.Chooser`,
for Morpyam's states and actions (``isinstance(bot, Bot)`` checks that it has ``choose``)."""


def _not_a_state(bot: str, state: object) -> BotError:
    return BotError(f"{bot} chooses at a morpyam State, got {type(state).__name__}")


def _check_rng(bot: str, rng: object) -> None:
    """``rng`` must draw like a ``random.Random`` (its ``choice`` is what bots use)."""
    if not callable(getattr(rng, "choice", None)):
        raise BotError(f"{bot} draws from a random.Random, got {type(rng).__name__}")


def _decision(state: State, bot: str) -> tuple[Action, ...]:
    _check_decision(state, bot)
    return legal_actions(state)


def _check_decision(state: Any, bot: str) -> None:
    """``state`` must be a decision node of a game (a `GameState`)."""
    try:
        player = state.current_player
    except AttributeError:
        raise _not_a_state(bot, state) from None
    if player is None:
        where = "the game is over" if state.is_terminal else "dice or tiles are in the air"
        raise BotError(f"{bot} chooses only at a decision node, and here {where}")


@attrs.frozen
class RandomBot:
    """Plays a uniformly random legal action: the baseline every bot should beat.

    It needs nothing of a game but its legal actions, so it plays any
    `Game`: ``RandomBot(game=morpyam.yahtzee)`` plays the
    score sheet. The default, ``None``, is Morpyam. A bot holding a game module
    does not pickle (a module does not): a process pool needs the default.
    """

    name: ClassVar[str] = "random"
    game: Game[Any, Any, Any] | None = None
    """The game whose ``legal_actions`` it draws from; ``None``: Morpyam."""

    def choose(self, state: Any, rng: random.Random) -> Any:
        """A legal action drawn uniformly with ``rng``.

        Raises:
            BotError: where no player decides, or for a ``state`` or ``rng`` of the wrong kind.
        """
        if self.game is None:
            legal: Any = _decision(state, self.name)
        else:
            _check_decision(state, self.name)
            legal = self.game.legal_actions(state)
        _check_rng(self.name, rng)
        return rng.choice(legal)


_ROLL = Roll()
_PASS = Pass()
_FIGURE_ORDER = {figure: rank for rank, figure in enumerate(Figure)}


@attrs.frozen
class GreedyBot:
    """Places as soon as it can, on a random placeable cell; never calls.

    When it cannot place and may roll, it keeps the dice for the free figure
    cell it is most likely to make this turn
    (`hit_probability`,
    `best_keep`); otherwise it passes.
    """

    name: ClassVar[str] = "greedy"

    def choose(self, state: State, rng: random.Random) -> Action:
        """Place if possible, else roll for the most probable free figure, else pass.

        Raises:
            BotError: where no player decides, or for a ``state`` or ``rng`` of the wrong kind.
        """
        legal = _decision(state, self.name)
        _check_rng(self.name, rng)
        if state.setup is not None:
            return rng.choice(legal)
        places = [action for action in legal if type(action) is Place]
        if places:
            return rng.choice(places)
        dice = state.dice
        if any(type(action) is Roll for action in legal):
            if dice is None:
                return _ROLL
            labels = state.layout.labels
            free = {
                label
                for label, owner in zip(labels, state.owners)
                if owner is None and isinstance(label, Figure)
            }
            rolls_left = 3 - state.rolls
            if free:
                target = max(
                    sorted(free, key=_FIGURE_ORDER.__getitem__),
                    key=lambda figure: hit_probability(dice, figure, rolls_left),
                )
                keep, _ = best_keep(dice, target, rolls_left)
                roll = Roll(keep) if len(keep) < len(dice) else _ROLL
                if roll in legal:
                    return roll
        if _PASS in legal:
            return _PASS
        return rng.choice(legal)


# --- OddsBot: values of cells, then expectimax over the dice -----------------------

WIN = 1000.0
"""The value `OddsBot` gives to a placement that wins the game."""

_BASE = 1.0
_POINT = 3.0
_BLOCK_KO = 60.0
_OWN_WINDOW = (0.1, 0.5, 1.5, 4.0, 8.0, 12.0, 16.0)
_BLOCK_WINDOW = (0.0, 0.4, 1.2, 4.0, 8.0, 12.0, 16.0)
_REPLAY_SHARE = 0.7


@attrs.frozen
class _Geometry:
    rays: tuple[tuple[tuple[tuple[int, ...], tuple[int, ...]], ...], ...]
    """Per cell, per line through it: the cells before and after it, nearest first."""
    windows: tuple[tuple[int, ...], ...]
    """Stretches of ``window`` consecutive cells of a line (whole lines when shorter)."""
    windows_of: tuple[tuple[int, ...], ...]
    """Per cell, the windows that hold it."""


@functools.lru_cache(maxsize=8)
def _geometry(lines: tuple[tuple[int, ...], ...], cells: int, window: int) -> _Geometry:
    rays: list[list[tuple[tuple[int, ...], tuple[int, ...]]]] = [[] for _ in range(cells)]
    windows: list[tuple[int, ...]] = []
    for line in lines:
        for pos, cell in enumerate(line):
            rays[cell].append((line[:pos][::-1], line[pos + 1 :]))
        width = min(window, len(line))
        windows += [line[start : start + width] for start in range(len(line) - width + 1)]
    windows_of: list[list[int]] = [[] for _ in range(cells)]
    for number, stretch in enumerate(windows):
        for cell in stretch:
            windows_of[cell].append(number)
    return _Geometry(
        tuple(tuple(r) for r in rays), tuple(windows), tuple(tuple(w) for w in windows_of)
    )


def _run_gain(
    rules: Rules,
    rays: tuple[tuple[tuple[int, ...], tuple[int, ...]], ...],
    owners: tuple[int | None, ...],
    player: int,
) -> tuple[int, bool]:
    """Points ``player`` gains with a token on the cell of ``rays``, and whether it is a KO."""
    gain = 0
    ko = False
    value = rules.run_value
    for before, after in rays:
        a = 0
        for cell in before:
            if owners[cell] != player:
                break
            a += 1
        b = 0
        for cell in after:
            if owners[cell] != player:
                break
            b += 1
        run = a + b + 1
        gain += value(run) - value(a) - value(b)
        if rules.ko_length is not None and run >= rules.ko_length:
            ko = True
    return gain, ko


def _cell_values(bot: OddsBot, state: State, player: int) -> tuple[float | None, ...]:
    """Per cell: ``None`` when covered, else what covering it is worth to ``player``."""
    rules = state.rules
    owners = state.owners
    longest = max(length for length, _ in rules.run_points)
    window = rules.ko_length if rules.ko_length is not None else longest
    geo = _geometry(state.layout.lines, len(owners), window)
    others = [q for q in range(rules.players) if q != player and q not in state.resigned]
    holders: list[tuple[int | None, int]] = []
    for stretch in geo.windows:
        held = {owners[c] for c in stretch if owners[c] is not None}
        if len(held) > 1:
            holders.append((-1, 0))
        elif held:
            (who,) = held
            holders.append((who, sum(1 for c in stretch if owners[c] is not None)))
        else:
            holders.append((None, 0))
    last = state.tokens_left[player] == 1
    totals = scores(state) if last else ()
    best_other = max((totals[q] for q in others), default=0) if last else 0
    values: list[float | None] = []
    for cell, owner in enumerate(owners):
        if owner is not None:
            values.append(None)
            continue
        rays = geo.rays[cell]
        gain, ko = _run_gain(rules, rays, owners, player)
        if ko:
            values.append(WIN)
            continue
        if last:
            mine = totals[player] + gain + rules.end_bonus
            values.append(WIN if mine >= best_other else -WIN)
            continue
        own = _POINT * gain
        block = 0.0
        for q in others:
            gain_q, ko_q = _run_gain(rules, rays, owners, q)
            block += _POINT * gain_q + (_BLOCK_KO if ko_q else 0.0)
        for number in geo.windows_of[cell]:
            who, count = holders[number]
            if who is None or who == player:
                own += _OWN_WINDOW[count]
            elif who in others:
                block += _BLOCK_WINDOW[count]
        values.append(_BASE + bot.own * own + bot.block * block)
    return tuple(values)


def _mean_keeps(children: tuple[tuple[int, ...], ...], values: list[float]) -> list[float]:
    """Per keep (0 to 4 dice): the mean of ``values`` over the throws of the other dice."""
    first = len(children)
    means = [0.0] * first + values
    for i in range(first - 1, -1, -1):
        a, b, c, d, e, f = children[i]
        means[i] = (means[a] + means[b] + means[c] + means[d] + means[e] + means[f]) / 6.0
    return means[:first]


@attrs.frozen
class _Plan:
    """Everything OddsBot needs for the decisions of one turn."""

    cell_values: tuple[float | None, ...]
    keep_values: dict[int, dict[Label | None, list[float]]]
    """Per roll number (2, 3), per call (``None``: no call), per keep index: the expected value."""
    fresh: dict[Label | None, float]
    """Before the first roll, per call: the expected value."""
    replay_value: float
    arm_value: float


_PLANS: dict[tuple[object, ...], _Plan] = {}
_MAX_PLANS = 256


def _plan_for(bot: OddsBot, state: State) -> _Plan:
    key = (
        bot,
        state.rules,
        state.layout,
        state.owners,
        state.tokens_left,
        state.player,
        state.daversa_armed[state.player],
        state.resigned,
    )
    plan = _PLANS.get(key)
    if plan is None:
        if len(_PLANS) >= _MAX_PLANS:
            _PLANS.clear()  # atomic, so safe with threads; plans serve one turn anyway
        plan = _PLANS[key] = _make_plan(bot, state)
    return plan


def _make_plan(bot: OddsBot, state: State) -> _Plan:  # noqa: PLR0915
    """Expectimax over the rest of the turn: after-roll values, backwards from the 3rd roll."""
    rules = state.rules
    player = state.player
    index = _index()
    children = index.children
    keeps = index.keeps
    shown = index.shown
    cell_values = _cell_values(bot, state, player)
    best: dict[Label, float] = {}
    for label, value in zip(state.layout.labels, cell_values):
        if value is not None and (label not in best or value > best[label]):
            best[label] = value
    armed = state.daversa_armed[player]
    ends = state.tokens_left[player] == 1
    ordinary = [v for v in best.values() if abs(v) < WIN]
    replay_value = 0.0 if ends else _REPLAY_SHARE * max(ordinary, default=0.0)
    arm_value = (
        float(turn_probability(Figure.MORPYAM)) * WIN
        if rules.daversa is not None and not armed and not ends
        else 0.0
    )

    def extra(replay: bool) -> float:
        arms = rules.daversa == "consecutive_turns" or (rules.daversa == "replay" and replay)
        return (replay_value if replay else 0.0) + (arm_value if arms else 0.0)

    sec_free = Special.SEC in best
    sec_shown = [not rules.sec_figures.isdisjoint(s) for s in shown]
    mor_free = Figure.MORPYAM in best

    def place(d: int, first: bool) -> tuple[float | None, bool]:
        figures = shown[d]
        mor = Figure.MORPYAM in figures
        with_sec = first and sec_free and sec_shown[d]
        labels: list[Label] = (
            [Figure.MORPYAM] if mor and mor_free else [f for f in figures if f in best]
        )
        if with_sec:
            labels.append(Special.SEC)
        if not labels:
            return None, False
        if mor and armed:
            return WIN, True
        if mor:
            return max(best[label] + extra(label is not Special.SEC) for label in labels), True
        return max(best[label] for label in labels), False

    places = {first: [place(d, first) for d in range(len(shown))] for first in (True, False)}
    voluntary = rules.voluntary_pass

    def after(m: int, d: int, roll: float | None) -> float:
        value, forced = places[m == 1][d]
        options = [] if value is None else [value]
        if (voluntary and not forced) or (not voluntary and m == 3 and value is None):
            options.append(0.0)
        if roll is not None:
            options.append(roll)
        return max(options)

    call_cell = best.get(Special.CALL)
    calls: list[Figure] = (
        [f for f in Figure if f in rules.callable] if call_cell is not None else []
    )
    sec_call = call_cell is not None and Special.SEC in rules.callable

    def hit(d: int, via_sec: bool) -> float:
        assert call_cell is not None
        if Figure.MORPYAM not in shown[d]:
            return call_cell
        if armed:
            return WIN
        return call_cell + extra(not via_sec and rules.called_morpyam_replays)

    hits = {
        figure: [hit(d, False) if figure in shown[d] else None for d in range(len(shown))]
        for figure in calls
    }
    forbid = rules.forbid_calling_shown_figure

    def level(
        values: list[float], last: bool
    ) -> tuple[dict[Label | None, list[float]], list[float]]:
        """Keep values for the next roll and, per outcome, the best roll from it."""
        by_call: dict[Label | None, list[float]] = {None: _mean_keeps(children, values)}
        for figure in calls:
            hits_f = hits[figure]
            by_call[figure] = _mean_keeps(
                children,
                [h if h is not None else (0.0 if last else v) for h, v in zip(hits_f, values)],
            )
        options = list(by_call.values())
        top = [max(column) for column in zip(*options)] if len(options) > 1 else options[0]
        best_roll = [max(top[k] for k in ks) for ks in keeps]
        if forbid and calls:
            for d, figures in enumerate(shown):
                allowed = [by_call[None]] + [by_call[f] for f in calls if f not in figures]
                if len(allowed) <= len(calls):
                    best_roll[d] = max(max(o[k] for o in allowed) for k in keeps[d])
        return by_call, best_roll

    outcomes = range(len(shown))
    after3 = [after(3, d, None) for d in outcomes]
    keep3, roll3 = level(after3, last=True)
    after2 = [after(2, d, roll3[d]) for d in outcomes]
    keep2, roll2 = level(after2, last=False)
    after1 = [after(1, d, roll2[d]) for d in outcomes]
    ways = index.ways
    total = float(sum(ways))
    fresh: dict[Label | None, float] = {None: sum(w * v for w, v in zip(ways, after1)) / total}
    for figure in calls:
        fresh[figure] = (
            sum(w * (h if h is not None else v) for w, h, v in zip(ways, hits[figure], after1))
            / total
        )
    if sec_call:
        fresh[Special.SEC] = (
            sum(
                w * (hit(d, True) if sec_shown[d] else v)
                for d, (w, v) in enumerate(zip(ways, after1))
            )
            / total
        )
    return _Plan(cell_values, {2: keep2, 3: keep3}, fresh, replay_value, arm_value)


def _weight(bot: object, attribute: attrs.Attribute[float], value: object) -> None:
    """An OddsBot weight is a finite real number (BotError otherwise)."""
    if isinstance(value, bool) or not isinstance(value, numbers.Real) or not math.isfinite(value):
        raise BotError(f"OddsBot.{attribute.name} must be a finite number, got {_shown(value)}")


@attrs.frozen
class OddsBot:
    """Plays each turn for the most valuable cell it can expect to cover, by exact odds.

    Every free cell gets a value (the points a token there makes, the runs it
    builds or blocks, a KO it wins or prevents, the end of the game it
    triggers with the last token); ``own`` and ``block`` weigh its own lines
    against blocking the other players'. The bot then plays the turn by
    expectimax over the 252 sorted outcomes: each keep, call, SEC and pass is
    weighed by the exact chances of what the next rolls show, Morpyam replays
    and D'Aversa (R-MOR-2, R-MOR-3) included. The values of a turn are
    computed once and reused for its decisions.
    """

    name: ClassVar[str] = "odds"
    own: float = attrs.field(default=1.0, validator=_weight)
    """Weight of the bot's own line potential."""
    block: float = attrs.field(default=1.0, validator=_weight)
    """Weight of blocking the other players' lines."""

    def values(self, state: State) -> tuple[tuple[Action, float], ...]:
        """Each legal action with the expected value the bot gives it (higher is better).

        Raises:
            BotError: at a state where no player decides.
        """
        legal = _decision(state, self.name)
        if state.setup is not None:
            return tuple((action, 0.0) for action in legal)
        plan = _plan_for(self, state)
        position = _index().position
        rolls = state.rolls
        dice = state.dice
        mor = dice is not None and Figure.MORPYAM in _index().shown[_index().outcome[dice]]
        armed = state.daversa_armed[state.player]
        labels = state.layout.labels
        layout = state.layout
        call = state.call
        rated: list[tuple[Action, float]] = []
        for action in legal:
            kind = type(action)
            if kind is Place:
                cell = layout.index(action.cell)  # type: ignore[union-attr]
                value = plan.cell_values[cell]
                assert value is not None
                if mor:
                    if armed:
                        value = WIN
                    elif call is not None:
                        replay = call is not Special.SEC and state.rules.called_morpyam_replays
                        value += _extra(state.rules, plan, replay)
                    else:
                        value += _extra(state.rules, plan, labels[cell] is not Special.SEC)
            elif kind is Roll:
                roll: Roll = action  # type: ignore[assignment]
                if rolls == 0:
                    value = plan.fresh.get(roll.call, plan.fresh[None])
                else:
                    by_call = plan.keep_values[rolls + 1]
                    column = by_call.get(roll.call, by_call[None])
                    value = column[position[roll.keep]]
            elif kind is LoseTurn:
                value = -WIN  # R-END-5: a lost turn is what a table records, not a choice
            else:
                value = 0.0
            rated.append((action, value))
        return tuple(rated)

    def choose(self, state: State, rng: random.Random) -> Action:
        """The legal action of highest value.

        Among equal values it stops rather than rolls (a placement, then a
        pass) and rolls without a call rather than with one; ``rng`` breaks
        the ties left.

        Raises:
            BotError: where no player decides, or for a ``state`` or ``rng`` of the wrong kind.
        """
        _check_rng(self.name, rng)
        try:
            setup = state.setup
        except AttributeError:
            raise _not_a_state(self.name, state) from None
        if setup is not None:
            return rng.choice(_decision(state, self.name))
        rated = self.values(state)
        top = max(value for _, value in rated)
        best = [action for action, value in rated if value >= top - 1e-9]
        if len(best) > 1:
            first = min(_tie_rank(action) for action in best)
            best = [action for action in best if _tie_rank(action) == first]
        return best[0] if len(best) == 1 else rng.choice(best)


def _tie_rank(action: Action) -> int:
    kind = type(action)
    if kind is Place:
        return 0
    if kind is Pass:
        return 1
    if kind is LoseTurn:
        return 4
    return 2 if action.call is None else 3  # type: ignore[union-attr]


def _extra(rules: Rules, plan: _Plan, replay: bool) -> float:
    arms = rules.daversa == "consecutive_turns" or (rules.daversa == "replay" and replay)
    return (plan.replay_value if replay else 0.0) + (plan.arm_value if arms else 0.0)


BOTS: Mapping[str, Callable[[], Bot]] = types.MappingProxyType(
    {"random": RandomBot, "greedy": GreedyBot, "odds": OddsBot}
)
"""The built-in bots by name, as factories."""


def make_bot(name: str) -> Bot:
    """The built-in bot called ``name`` (``"random"``, ``"greedy"`` or ``"odds"``).

    Raises:
        UnknownBotError: for any other name.
    """
    factory = BOTS.get(name) if isinstance(name, str) else None
    if factory is None:
        raise UnknownBotError(f"unknown bot {_shown(name)}; the bots are {', '.join(BOTS)}")
    return factory()
