"""Conformance checks: play random games and check the engine's invariants at every step.

Use `check_engine` to check a `Rules` value
(a variant of your own, a grid from a file) the way the project's own tests
check the presets, in the spirit of OpenSpiel's ``random_sim_test``:

Examples:
    >>> import morpyam as mp
    >>> ends = check_engine(mp.Rules.flash(players=3), games=2, seed=1)
    >>> all(end.is_terminal for end in ends)
    True

For another implementation of the rules, in any language, the test vectors
are the check: `export_vectors` writes the corpus, `check_vectors` replays
one against this library (`morpyam.vectors`; the documentation's page
"Checking another implementation").
"""

from __future__ import annotations

import math
import random
from collections.abc import Sequence
from fractions import Fraction
from typing import TYPE_CHECKING, Any

import attrs

from morpyam.actions import (
    Action,
    Place,
)
from morpyam.description import random_action
from morpyam.engine import apply, chance_outcomes, legal_actions, new_game, resign, sample_chance
from morpyam.errors import IllegalActionError
from morpyam.files import rules_from_json, rules_to_json
from morpyam.game import Game
from morpyam.kit.descriptions import GameDescription, description
from morpyam.notation import parse_action
from morpyam.rules import Rules
from morpyam.state import State

if TYPE_CHECKING:  # pragma: no cover - the encodings need the numpy extra
    import os
    from collections.abc import Iterable

    from morpyam.encoding import GameEncoding
    from morpyam.vectors import CheckReport

__all__ = [
    "EngineCheckError",
    "check_encoding",
    "check_engine",
    "check_game",
    "check_state",
    "check_vectors",
    "export_vectors",
    "play_checked",
    "random_action",
]


class EngineCheckError(AssertionError):
    """An invariant of the engine does not hold at some state."""


def _require(condition: bool, message: str) -> None:
    if not condition:
        raise EngineCheckError(message)


def _fields(state: State) -> tuple[object, ...]:
    return attrs.astuple(state, recurse=False)


def check_state(state: State, rng: random.Random, *, probes: int = 20) -> tuple[Action, ...]:
    """Check every invariant at ``state`` and return its legal actions.

    Checked: the game protocol's invariants that `check_game` checks at every
    state of every described game, read from Morpyam's description; tokens are conserved; a terminal state has winners and no
    actions; at a chance node the outcomes are the legal actions, with exact
    positive probabilities summing to 1, and ``sample_chance`` draws one of
    them; every legal action is accepted, and five of them read back from
    their notation;
    ``probes`` random actions that are not listed are rejected with an
    `IllegalActionError` naming a rule; ``state`` never changes.

    Raises:
        EngineCheckError: naming the first invariant that fails.
    """
    rules = state.rules
    legal = legal_actions(state)
    try:
        _check_described(
            description("morpyam"), state, rules.players, rng, full=False, listed=legal
        )
    except EngineCheckError as error:
        raise EngineCheckError(f"morpyam: {error}") from None
    placed = [rules.tokens_per_player - left for left in state.tokens_left]
    owners = list(state.board.values())
    _require(
        [owners.count(player) for player in range(rules.players)] == placed,
        f"tokens are not conserved: board {owners}, tokens left {state.tokens_left}",
    )
    if state.is_terminal:
        _require(not legal and not chance_outcomes(state), "a finished game still has actions")
        _require(state.current_player is None and not state.is_chance, "a finished game moves")
        _require(state.winners.isdisjoint(state.resigned), "a resigned player won")
        return legal
    _require(state.end_rule is None, "a game that goes on has an end rule")
    _require(state.player not in state.resigned, "a resigned player has the turn")
    before = _fields(state)
    if state.is_chance:
        outcomes = chance_outcomes(state)
        _require(
            all(isinstance(p, Fraction) and p > 0 for _, p in outcomes),
            "chance probabilities must be positive Fractions",
        )
        _require(sum(p for _, p in outcomes) == 1, "chance probabilities do not sum to 1")
        _require(tuple(a for a, _ in outcomes) == legal, "outcomes differ from legal_actions")
        _require(sample_chance(state, rng) in legal, "sample_chance drew an unlisted outcome")
        _require(state.current_player is None, "a chance node has a current player")
    else:
        _require(not chance_outcomes(state), "a decision node has chance outcomes")
        _require(state.current_player == state.player, "the current player is not the mover")
    for action in rng.sample(legal, min(len(legal), 5)):
        _require(parse_action(str(action)) == action, f"{action!r} does not read back")
    for action in legal:
        try:
            apply(state, action)
        except IllegalActionError as error:
            raise EngineCheckError(f"listed {action} was refused: {error}") from None
    for _ in range(probes):
        action = random_action(state, rng)
        if action in legal:
            continue
        try:
            apply(state, action)
        except IllegalActionError as error:
            _require(error.rule.startswith("R-"), f"{error!r} names no rule")
        else:
            raise EngineCheckError(f"{action} was accepted but not listed")
    _require(_fields(state) == before, "apply changed its input state")
    return legal


def play_checked(
    rules: Rules,
    rng: random.Random,
    *,
    resign_rate: float = 0.0,
    max_steps: int = 50_000,
    probes: int = 20,
) -> State:
    """Play one random game from ``new_game`` with every state checked; return the end.

    The first player is drawn (or left to the start roll); at a decision a
    placement is preferred 7 times in 10 when one is legal, which keeps games
    short; each step a player resigns with probability ``resign_rate``.

    Raises:
        EngineCheckError: when an invariant fails, or the game has not ended
            after ``max_steps`` steps.
    """
    first = rng.choice([None, *range(rules.players)])
    state = new_game(rules, first_player=first)
    for _ in range(max_steps):
        legal = check_state(state, rng, probes=probes)
        if state.is_terminal:
            return state
        if rng.random() < resign_rate:
            still_in = [p for p in range(rules.players) if p not in state.resigned]
            state = resign(state, rng.choice(still_in))
            continue
        if state.is_chance:
            state = apply(state, sample_chance(state, rng))
            continue
        places = [action for action in legal if isinstance(action, Place)]
        state = apply(state, rng.choice(places if places and rng.random() < 0.7 else legal))
    raise EngineCheckError(f"the game has not ended after {max_steps} steps")


def check_engine(
    rules: Rules, games: int = 10, *, seed: int = 0, resign_rate: float = 0.0
) -> list[State]:
    """Play ``games`` random games under ``rules``, checking every invariant; return the ends.

    Besides `check_state` at every step, the
    rules must survive a JSON round trip.

    Raises:
        EngineCheckError: naming the first invariant that fails.
        ValueError: for fewer than one game.
    """
    if type(games) is not int or games < 1:
        raise ValueError(f"games must be an int >= 1, got {games!r}")
    _require(rules_from_json(rules_to_json(rules)) == rules, "the rules do not survive JSON")
    rng = random.Random(seed)
    return [play_checked(rules, rng, resign_rate=resign_rate) for _ in range(games)]


def _check_described(
    described: GameDescription,
    state: Any,
    players: int,
    rng: random.Random,
    *,
    full: bool = True,
    listed: Sequence[Any] | None = None,
) -> list[Any]:
    """Check one state of a described game through the game protocol and its description; return
    its legal actions. With ``full`` (else the caller checks these), the chance probabilities are
    checked and an outcome drawn with ``rng``, each legal action is applied, and the state goes
    through its JSON document. ``listed``: the legal actions when the caller has them."""
    game = described.game
    documents = described.state_json
    if full and documents is not None:
        _require(
            documents.from_json(documents.to_json(state)) == state,
            "a state does not survive its JSON document",
        )
    legal = list(game.legal_actions(state) if listed is None else listed)
    _require(len(set(legal)) == len(legal), "legal_actions lists an action twice")
    outcomes = list(game.chance_outcomes(state)) if full or not legal or state.is_chance else []
    _require(len(game.scores(state)) == players, "scores are not one per player")
    if state.is_terminal:
        _require(not legal and not outcomes, "a finished game still has actions")
        _require(state.current_player is None and not state.is_chance, "a finished game moves")
        _require(bool(state.winners), "a finished game has no winner")
        _require(state.winners <= set(range(players)), "a winner is no player")
        return legal
    _require(not state.winners, "a game that goes on has winners")
    if state.is_chance:
        _require(state.current_player is None, "a chance node has a current player")
        _require([a for a, _ in outcomes] == legal, "outcomes differ from legal_actions")
        if full:
            _require(
                all(isinstance(p, Fraction) and p > 0 for _, p in outcomes),
                "chance probabilities must be positive Fractions",
            )
            _require(sum(p for _, p in outcomes) == 1, "chance probabilities do not sum to 1")
            _require(
                game.sample_chance(state, rng) in legal, "sample_chance drew an unlisted outcome"
            )
    else:
        _require(not outcomes, "a decision node has chance outcomes")  # (checked when full)
        _require(state.current_player in range(players), "the current player is no player")
    if not full:
        return legal
    for action in legal:
        try:
            game.apply(state, action)
        except IllegalActionError as error:
            raise EngineCheckError(f"listed {action!r} was refused: {error}") from None
    if described.random_action is not None:
        for _ in range(_PROBES):
            action = described.random_action(state, rng)
            if action in legal:
                continue
            try:
                game.apply(state, action)
            except IllegalActionError as error:
                _require(bool(error.rule), f"{error!r} names no rule")
            else:
                raise EngineCheckError(f"{action!r} was accepted but not listed")
    return legal


_PROBES = 5
"""How many random well-formed actions `check_game` tries at each state."""


def check_game(
    game: GameDescription | str,
    rules: object = None,
    *,
    games: int = 3,
    seed: int = 0,
    players: int | None = None,
    max_steps: int = 100_000,
    bots: bool = True,
    encoding: bool = True,
) -> list[Any]:
    """Play ``games`` games of any described game, checking what its description promises; return the ends.

    The one conformance check of every game, read from its description
    (`morpyam.kit.descriptions`): the game satisfies `Game`; at every state
    the legal actions are distinct and each is accepted, a few random
    well-formed actions that are not listed (the description's
    ``random_action``) are refused with an ``IllegalActionError`` naming a
    rule, a chance node's
    outcomes are the legal actions with exact probabilities summing to 1, the
    scores are one per player, and a finished game has winners and no action;
    with the feature ``state_json`` every state survives its JSON document;
    with ``bots``, the first game is played by the description's bots in turn
    (each choice must be legal), the others by random legal actions; and with
    ``encoding`` and the ``numpy`` extra, the encoding passes `check_encoding`.
    ``rules`` is a ``Rules`` of the game, a preset name or ``None`` (its default
    preset), for ``players`` when given; the game is played by ``rules.players``
    players (every game's ``Rules`` says how many).

    Examples:
        >>> ends = check_game("yahtzee", games=1, seed=2)
        >>> ends[0].is_terminal
        True

    Raises:
        EngineCheckError: naming the game and the first invariant that fails, or a game
            that has not ended after ``max_steps`` steps.
        ValueError: for fewer than one game, or rules the game refuses.
        KeyError: for a name no game is registered under.
    """
    if type(games) is not int or games < 1:
        raise ValueError(f"games must be an int >= 1, got {games!r}")
    described = description(game) if isinstance(game, str) else game
    rules = described.rules(rules, players)
    engine = described.game
    try:
        _require(isinstance(engine, Game), "the game does not satisfy the Game protocol")
        ends = _play_described(
            described, rules, games=games, seed=seed, max_steps=max_steps, bots=bots
        )
        if not encoding:
            return ends
        try:
            encoded = described.encode(rules)
        except ImportError:  # pragma: no cover - the numpy extra is installed in the test session
            return ends
        check_encoding(encoded, games=games, seed=seed, max_steps=max_steps)
    except EngineCheckError as error:
        raise EngineCheckError(f"{described.name}: {error}") from None
    return ends


def _play_described(
    described: GameDescription, rules: Any, *, games: int, seed: int, max_steps: int, bots: bool
) -> list[Any]:
    engine = described.game
    seats = [make() for make in described.bots.values()] if bots else []
    rng = random.Random(seed)
    ends = []
    for index in range(games):
        state = engine.new_game(rules)
        players = rules.players
        decisions = 0
        for _ in range(max_steps):
            legal = _check_described(described, state, players, rng)
            if state.is_terminal:
                break
            if state.is_chance:
                action = engine.sample_chance(state, rng)
            elif index == 0 and seats:
                bot = seats[decisions % len(seats)]
                action = bot.choose(state, rng)
                decisions += 1
                try:
                    engine.apply(state, action)
                except IllegalActionError as error:
                    raise EngineCheckError(
                        f"the bot {type(bot).__name__} chose {action!r}, which is illegal: {error}"
                    ) from None
            else:
                action = rng.choice(legal)
            state = engine.apply(state, action)
        else:
            raise EngineCheckError(f"the game has not ended after {max_steps} steps")
        ends.append(state)
    return ends


def _check_encoded(encoding: GameEncoding[Any, Any], state: Any) -> list[Any]:
    """Check one state of an encoded game; return its legal actions."""
    legal = list(encoding.legal_actions(state))
    ids = encoding.legal_ids(state)
    _require(ids == sorted(set(ids)), f"legal_ids are not ascending and distinct: {ids}")
    _require(len(ids) == len(legal), f"{len(ids)} legal ids for {len(legal)} legal actions")
    mask = encoding.legal_mask(state).tolist()
    _require(len(mask) == encoding.num_actions, "the mask is not num_actions long")
    if state.is_chance:
        _require(not any(mask), "the mask is not all 0 at a chance node")
        table = encoding.chance_probabilities(state)
        outcomes = sorted(
            (encoding.chance_id(action), float(p)) for action, p in encoding.chance_outcomes(state)
        )
        _require(table == outcomes, "chance_probabilities are not the engine's outcomes")
        _require(math.isclose(sum(p for _, p in table), 1.0), "chance probabilities add up to 1")
        _require([i for i, _ in table] == ids, "legal_ids are not the chance ids at chance")
        for action in legal:
            index = encoding.chance_id(action)
            _require(0 <= index < encoding.num_chance_outcomes, f"chance id {index} out of range")
            _require(encoding.chance_action(index) == action, f"chance id {index} maps back")
    else:
        on = [index for index, bit in enumerate(mask) if bit]
        _require(on == ids, f"the mask's ids {on} are not the legal ids {ids}")
        for action in legal:
            index = encoding.action_id(state, action)
            _require(0 <= index < encoding.num_actions, f"action id {index} out of range")
            _require(encoding.action(state, index) == action, f"action id {index} maps back")
    high = encoding.layout.high()
    for player in range(encoding.players):
        vector = encoding.observation(state, player)
        _require(vector.shape == (encoding.layout.size,), "the observation is not layout.size")
        _require(bool((vector >= 0).all() and (vector <= high).all()), "observation out of bounds")
        written = vector * 0
        encoding.write(written, state, player)
        _require(bool((written == vector).all()), "write does not give the observation")
        _require(isinstance(encoding.text(state, player), str), "text is not a str")
    return legal


def check_encoding(
    encoding: GameEncoding[Any, Any], games: int = 3, *, seed: int = 0, max_steps: int = 100_000
) -> list[Any]:
    """Play ``games`` random games of ``encoding``, checking what the adapters rely on; return the ends.

    The check any `GameEncoding` of a new game
    should pass before it is plugged into the adapters: at every state the
    ids, the mask and the chance table agree with the engine and map back;
    every observation is within the layout's bounds and ``write`` gives the
    same; each step's rewards are one per player; at the end the returns lie
    within ``min_return`` and ``max_return`` and add up to ``return_sum``
    (when it is not ``None``); and no game takes more decisions than
    ``max_decisions`` (when it is not ``None``). Needs the ``numpy`` extra.

    Raises:
        EngineCheckError: naming the first invariant that fails, or a game that
            has not ended after ``max_steps`` steps.
        ValueError: for fewer than one game.
    """
    if type(games) is not int or games < 1:
        raise ValueError(f"games must be an int >= 1, got {games!r}")
    rng = random.Random(seed)
    ends = []
    for _ in range(games):
        state = encoding.new_state()
        decisions = 0
        for _ in range(max_steps):
            legal = _check_encoded(encoding, state)
            if state.is_terminal:
                break
            if state.is_chance:
                after = encoding.apply(state, encoding.sample_chance(state, rng))
            else:
                after = encoding.apply(state, rng.choice(legal))
                decisions += 1
            rewards = encoding.rewards(state, after)
            _require(len(rewards) == encoding.players, "rewards are not one per player")
            state = after
        else:
            raise EngineCheckError(f"the game has not ended after {max_steps} steps")
        bound = encoding.max_decisions
        _require(bound is None or decisions <= bound, f"{decisions} decisions > {bound}")
        returns = encoding.returns(state)
        _require(len(returns) == encoding.players, "returns are not one per player")
        low, high = encoding.min_return, encoding.max_return
        _require(all(low <= value <= high for value in returns), f"returns {returns} off bounds")
        total = encoding.return_sum
        _require(total is None or math.isclose(sum(returns), total), f"returns {returns} sum")
        ends.append(state)
    return ends


def export_vectors(
    directory: str | os.PathLike[str],
    *,
    games: Iterable[str] | None = None,
    cases: int | None = None,
    seed: int = 0,
) -> dict[str, int]:
    """Write the test-vector corpus of ``games`` (default: all three) into ``directory``.

    The same as ``morpyam vectors export``: see `morpyam.vectors.export_corpus`
    (``cases``: positions from seeded play per preset and player count;
    ``None``: its default). Returns the lines written per file.

    Raises:
        ValueError: for an unknown game, or ``cases`` or ``seed`` out of range.
    """
    from morpyam.vectors import export_corpus
    from morpyam.vectors._corpus import DEFAULT_CASES

    chosen = DEFAULT_CASES if cases is None else cases
    return export_corpus(directory, games=games, cases=chosen, seed=seed)


def check_vectors(directory: str | os.PathLike[str]) -> CheckReport:
    """Replay the test-vector corpus in ``directory`` against this library.

    The same as ``morpyam vectors check``: see `morpyam.vectors.check_corpus`.
    The report's ``mismatches`` name each difference with its case and rule IDs.

    Raises:
        morpyam.vectors.CorpusError: for a folder that is not a readable corpus.
    """
    from morpyam.vectors import check_corpus

    return check_corpus(directory)
