"""One written contract for every game of the package: the `Game` protocol.

The Morpyam engine (the module ``morpyam`` itself) and the score-sheet game
(``morpyam.yahtzee``) are *modules* that satisfy `Game`.
mypy checks that a module fits (PEP 544: a module can implement a protocol):

    game: Game[Rules, State, Action] = morpyam

Who uses it, so that a new game that satisfies it gets them without edits:

* the encodings' protocol, `GameEncoding`,
  whose ``game`` is a ``Game``; through it the OpenSpiel, PettingZoo and
  Gymnasium adapters, which name no game (see the
  [ecosystems page](ecosystems.md#plugging-in-a-game));
* `play_out` (here), the loop that plays a game between bots (any
  `Chooser`, the one protocol of every game's bots), with chance from a
  ``random.Random`` or any sampler: under Morpyam's `simulate` and
  MyRummy's `play_match`;
* `RandomBot` given a game
  (``RandomBot(game=morpyam.yahtzee)``).

The protocol holds what every game has: a start, the legal actions, the
transition, the chance nodes with exact probabilities, the scores, and a
state that says who decides, whether it is a chance node, whether the game
is over and who won. Extra knobs (``first_player``, ``players``, ``games``)
stay keyword arguments of each game's ``new_game``.

A game whose moves are too many to list (MyRummy, whose plays rearrange the
whole table) keeps the same shape: its ``legal_actions`` lists every action
*except* those plays, which come from a generator and a solver of its own,
and it says so in its documentation rather than faking a list. Adapters
that need a fixed, finite action set (a ``Discrete`` space, an OpenSpiel
action id) therefore need an [encoding](ecosystems.md#encodings) of the
game, which splits such a play into steps of a fixed range.
"""

from __future__ import annotations

import functools
import random
from collections.abc import Callable, Sequence
from fractions import Fraction
from typing import Any, Protocol, TypeVar, runtime_checkable

from morpyam.errors import IllegalActionError, SimulationError, shown

__all__ = ["Chooser", "Game", "GameState", "bot_name", "play_out"]


@runtime_checkable
class GameState(Protocol):
    """What every game's state answers: who decides, chance, the end, the winners."""

    @property
    def current_player(self) -> int | None:
        """The player to decide; ``None`` at a chance node or once the game is over."""

    @property
    def is_chance(self) -> bool:
        """Whether the next action is a chance outcome."""

    @property
    def is_terminal(self) -> bool:
        """Whether the game is over."""

    @property
    def winners(self) -> frozenset[int]:
        """The winners once the game is over; empty until then."""


RulesT_contra = TypeVar("RulesT_contra", contravariant=True)
StateT = TypeVar("StateT", bound=GameState)
ActionT = TypeVar("ActionT")
StateT_contra = TypeVar("StateT_contra", contravariant=True)
ActionT_co = TypeVar("ActionT_co", covariant=True)


@runtime_checkable
class Game(Protocol[RulesT_contra, StateT, ActionT]):
    """A game module: pure functions over immutable states.

    Type parameters: the game's rules value, its state and its action type.
    ``legal_actions`` and ``apply`` agree exactly; at a chance node
    ``legal_actions`` lists the outcomes that ``chance_outcomes`` gives with
    their exact probabilities, and ``sample_chance`` draws one of them with
    the ``random.Random`` it is given (no hidden randomness).
    """

    def new_game(self, rules: RulesT_contra, /) -> StateT:
        """The first state of a game played under ``rules``."""

    def legal_actions(self, state: StateT, /) -> Sequence[ActionT]:
        """Every action ``apply`` accepts in ``state``, in a stable order."""

    def apply(self, state: StateT, action: ActionT, /) -> StateT:
        """The state after ``action``; raises ``IllegalActionError`` for any other action."""

    def chance_outcomes(self, state: StateT, /) -> Sequence[tuple[ActionT, Fraction]]:
        """At a chance node, each outcome with its exact probability; ``()`` elsewhere."""

    def sample_chance(self, state: StateT, rng: random.Random, /) -> ActionT:
        """One chance outcome of ``state``, drawn with ``rng``."""

    def scores(self, state: StateT, /) -> tuple[int, ...]:
        """Points per player so far (final once the game is over)."""


@runtime_checkable
class Chooser(Protocol[StateT_contra, ActionT_co]):
    """A player of a game: anything that chooses an action where a player decides.

    The bots of every game (`morpyam.bots`, the sibling games'
    bots) have this shape, and so does a generic
    `RandomBot` given a game module.
    """

    def choose(self, state: StateT_contra, rng: random.Random, /) -> ActionT_co:
        """The action to play at ``state``, a decision node; randomness comes from ``rng`` only."""


S = TypeVar("S", bound=GameState)
A = TypeVar("A")


def _draw(sample_chance: Callable[[S, random.Random], A], state: S, *, rng: random.Random) -> A:
    """A chance outcome drawn by the game's own ``sample_chance`` with ``rng``."""
    return sample_chance(state, rng)


def bot_name(bot: object) -> str:
    """A bot's short name: its ``name`` attribute, or else its class name."""
    name = getattr(bot, "name", None)
    return name if isinstance(name, str) else type(bot).__name__


def play_out(
    game: Game[Any, S, A],
    state: S,
    bots: Sequence[Chooser[S, A]],
    *,
    chance: random.Random | Callable[[S], A],
    rngs: Sequence[random.Random],
    max_steps: int = 100_000,
    watch: Callable[[S, A], object] | None = None,
    label: str = "the game",
) -> S:
    """Play ``state`` of any `Game` to its end: ``bots[i]`` decides for seat ``i``.

    Chance outcomes come from ``chance``: a ``random.Random`` that the game's
    ``sample_chance`` draws with, or any sampler, a function from a chance node
    to one of its outcomes (a shuffled pile dealt in order, a recorded game
    replayed, an outcome chosen by hand). Each seat's choices draw from
    ``rngs[seat]`` (one generator may serve every seat). ``watch(state, action)`` is told each decision once it has
    been applied (the state it was taken in, and the action). The loop knows
    nothing of any game but `morpyam.game`:
    `simulate` plays Morpyam with it.

    Examples:
        >>> import random
        >>> import morpyam.yahtzee as yz
        >>> from morpyam.bots import RandomBot
        >>> end = play_out(
        ...     yz,
        ...     yz.new_game(yz.Rules.hasbro()),
        ...     [RandomBot(game=yz)],
        ...     chance=random.Random(1),
        ...     rngs=[random.Random(2)],
        ... )
        >>> end.is_terminal
        True

    Raises:
        SimulationError: when a bot chooses an illegal action, or the game lasts
            more than ``max_steps`` steps (chance outcomes included); ``label``
            names the game in the message.
    """
    apply = game.apply
    sample: Callable[[S], A]
    if isinstance(chance, random.Random):
        sample = functools.partial(_draw, game.sample_chance, rng=chance)
    else:
        sample = chance
    for _ in range(max_steps):
        if state.is_terminal:
            return state
        if state.is_chance:
            state = apply(state, sample(state))
            continue
        seat = state.current_player
        assert seat is not None  # a state neither terminal nor chance has a player to decide
        action = bots[seat].choose(state, rngs[seat])
        try:
            after = apply(state, action)
        except IllegalActionError as error:
            raise SimulationError(
                f"{label}: {bot_name(bots[seat])} in seat {seat} "
                f"chose {shown(action)}, which is illegal: {error}"
            ) from error
        if watch is not None:
            watch(state, action)
        state = after
    raise SimulationError(f"{label} lasted more than {max_steps} steps")
