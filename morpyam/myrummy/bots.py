"""Bots for MyRummy, a seeded self-play simulation and game records in JSON.

A bot is any object with ``choose(state, rng) -> Action`` for a decision
node (see [`Bot`][morpyam.myrummy.bots.Bot]). Three come with the library:

- [`RandomBot`][morpyam.myrummy.bots.RandomBot]: draws or lays a random one of
  the first legal plays found;
- [`GreedyBot`][morpyam.myrummy.bots.GreedyBot]: lays the solver's best play
  (most tiles) whenever there is one;
- [`PointsBot`][morpyam.myrummy.bots.PointsBot]: lays the play that takes the
  most penalty points off its rack (jokers first), so that the rack it is
  caught with when another player goes out is as light as possible.
"""

from __future__ import annotations

import json
import random
from collections.abc import Sequence
from itertools import islice
from typing import Any, Protocol

import attrs

from morpyam.files import FileFormatError, _parse_json
from morpyam.myrummy.actions import Action, parse_action
from morpyam.myrummy.engine import apply, legal_actions, new_game, sample_chance, scores
from morpyam.myrummy.rules import Rules
from morpyam.myrummy.solver import best_play, plays
from morpyam.myrummy.state import State

__all__ = [
    "BOTS",
    "Bot",
    "GameRecord",
    "GreedyBot",
    "MatchResult",
    "PointsBot",
    "RandomBot",
    "play_match",
    "replay",
    "simulate",
]


class Bot(Protocol):
    """Chooses an action at a decision node."""

    def choose(self, state: State, rng: random.Random) -> Action:
        """The action to take in ``state`` (the bot's turn); randomness only from ``rng``."""
        ...  # pragma: no cover


def _draw(state: State) -> Action:
    return legal_actions(state)[0]


@attrs.frozen
class RandomBot:
    """Lays one of the first ``breadth`` legal plays found, at random, half the time; else draws."""

    breadth: int = 8
    """How many plays it looks at."""

    def choose(self, state: State, rng: random.Random) -> Action:
        """A random play or a draw."""
        if rng.random() < 0.5:
            found = list(islice(plays(state), self.breadth))
            if found:
                return rng.choice(found)
        return _draw(state)


@attrs.frozen
class GreedyBot:
    """Lays the solver's best play (most tiles, then most points) whenever there is one."""

    def choose(self, state: State, rng: random.Random) -> Action:
        """The solver's play, else a draw."""
        play = best_play(state)
        return _draw(state) if play is None else play


@attrs.frozen
class PointsBot:
    """Lays the play that takes the most penalty points off its rack, then the most tiles."""

    def choose(self, state: State, rng: random.Random) -> Action:
        """The solver's play under the points objective, else a draw."""
        play = best_play(state, objective="points")
        return _draw(state) if play is None else play


BOTS = {"random": RandomBot, "greedy": GreedyBot, "points": PointsBot}
"""The bots by name."""


def _as_json_rules(rules: Rules) -> dict[str, Any]:
    return attrs.asdict(rules)


@attrs.frozen
class GameRecord:
    """A match as its rules and every action from ``new_game`` (chance outcomes included).

    Examples:
        >>> record = play_match(Rules.classic(), [GreedyBot(), GreedyBot()], seed=1, max_actions=40)
        >>> GameRecord.from_json(record.to_json()) == record
        True
        >>> replay(record).players
        2
    """

    rules: Rules
    """The rules of the match."""
    actions: tuple[Action, ...]
    """Every action in order, in their notation when written out."""

    def to_json(self) -> str:
        """The record as a JSON document (actions in their notation)."""
        return json.dumps(
            {
                "game": "myrummy",
                "rules": _as_json_rules(self.rules),
                "actions": [str(a) for a in self.actions],
            }
        )

    @classmethod
    def from_json(cls, text: str) -> GameRecord:
        """Read a record written by [`to_json`][morpyam.myrummy.bots.GameRecord.to_json].

        The text is untrusted: it is refused by size and nesting before any
        work, as the other readers do (see the Untrusted input page).

        Raises:
            ValueError: for text that is no MyRummy record.
        """
        if not isinstance(text, str):
            raise ValueError(f"not a MyRummy record: a record is text, not {type(text).__name__}")
        try:
            data = _parse_json(text)
        except FileFormatError as error:
            raise ValueError(f"not a MyRummy record: {error}") from None
        if not isinstance(data, dict) or data.get("game") != "myrummy":
            raise ValueError('not a MyRummy record: no "game": "myrummy" object')
        fields, words = data.get("rules"), data.get("actions")
        if not isinstance(fields, dict) or not isinstance(words, list):
            raise ValueError("not a MyRummy record: it needs a rules object and a list of actions")
        if not all(isinstance(word, str) for word in words):
            raise ValueError("not a MyRummy record: every action is a text")
        try:
            rules = Rules(**fields)
        except TypeError as error:
            raise ValueError(f"not a MyRummy record: {error}") from None
        return cls(rules, tuple(parse_action(word) for word in words))


def replay(record: GameRecord) -> State:
    """The state the record's actions lead to from ``new_game(record.rules)``.

    Raises:
        IllegalActionError: for an action the rules do not allow where it stands.
    """
    state = new_game(record.rules)
    for action in record.actions:
        state = apply(state, action)
    return state


@attrs.frozen
class MatchResult:
    """How a simulation went."""

    games: int
    """Matches played."""
    wins: tuple[int, ...]
    """Per seat: matches won (shared wins count for each winner)."""
    points: tuple[int, ...]
    """Per seat: the sum of the match totals."""
    actions: int
    """Actions applied, chance included."""


def play_match(
    rules: Rules, bots: Sequence[Bot], *, seed: int, max_actions: int = 100_000
) -> GameRecord:
    """Play one match between ``bots`` (seat ``i`` is ``bots[i]``), reproducible from ``seed``.

    Stops after ``max_actions`` actions even if the match is not over.

    Raises:
        ValueError: when the number of bots is not the number of players.
    """
    if len(bots) != rules.players:
        raise ValueError(f"{rules.players} players need {rules.players} bots, got {len(bots)}")
    rng = random.Random(seed)
    state = new_game(rules)
    actions: list[Action] = []
    while not state.is_terminal and len(actions) < max_actions:
        if state.is_chance:
            action = sample_chance(state, rng)
        else:
            player = state.current_player
            assert player is not None
            action = bots[player].choose(state, rng)
        state = apply(state, action)
        actions.append(action)
    return GameRecord(rules, tuple(actions))


def simulate(
    rules: Rules, bots: Sequence[Bot], *, games: int, seed: int = 0, max_actions: int = 100_000
) -> MatchResult:
    """Play ``games`` matches, the seats turned round each match so that no bot always starts.

    Examples:
        >>> result = simulate(Rules.classic(), [GreedyBot(), RandomBot()], games=1, max_actions=60)
        >>> result.games, len(result.wins)
        (1, 2)
    """
    n = rules.players
    wins = [0] * n
    points = [0] * n
    actions = 0
    for game in range(games):
        shift = game % n
        seated = [bots[(seat + shift) % n] for seat in range(n)]
        record = play_match(rules, seated, seed=seed * 1_000_003 + game, max_actions=max_actions)
        state = replay(record)
        actions += len(record.actions)
        totals = scores(state)
        for seat in range(n):
            owner = (seat + shift) % n
            points[owner] += totals[seat]
            if seat in state.winners:
                wins[owner] += 1
    return MatchResult(games, tuple(wins), tuple(points), actions)
