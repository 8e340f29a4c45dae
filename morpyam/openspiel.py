"""Morpyam and the score-sheet game as OpenSpiel games (extra ``openspiel``), and any game encoded.

One game class, `SpielGame`, plays any
`GameEncoding`: ids, chance, observations
and returns all come from the encoding, and a game is registered by a class
holding its `SpielGameSpec` (names,
players, parameters, the encoding for them), listed in
`GAMES` or given to
`register`. A game with hidden information
says so in its spec (``perfect_information=False``), and its encoding gives
each player's information state
(`HiddenInformation`); Morpyam and the
score sheet are of perfect information.

Importing this module registers three Python games with ``pyspiel``:

* ``python_morpyam``, parameters ``rules`` (a preset name: ``classic``,
  ``official``, ``flash``, ``plus``; default ``classic``), ``players`` (2 to
  4; default 2) and ``max_game_length`` (default
  `MAX_GAME_LENGTH`);
* ``python_morpyam_yahtzee``, parameters ``rules`` (``megawuerfel`` or
  ``hasbro``; default ``hasbro``), ``players`` (1 to 6; default 1) and
  ``games`` (1 to 6; default 1);
* ``python_morpyam_myrummy`` (`MyRummyGame`), of imperfect
  information: parameters ``rules`` (``classic``, ``rummikub`` or the small sets ``mini``,
  ``tiny``, ``midi``), ``players`` (2 to 4), the knobs ``min_stay``, ``rounds``,
  ``rack_size``, ``opening_points``, ``jokers``, ``max_game_length``, ``returns``
  (``points``, ``scaled`` or ``zero_sum``), ``deal`` (``tile`` or ``rack``) and
  ``cache_states``. Chance: the lot and every tile dealt or drawn, with its exact
  probability from the pool, or with ``deal="rack"`` each rack dealt whole; returns: the
  match totals (R-RUM-END-2), a general-sum game, or with ``returns="scaled"`` the totals
  divided by their bound, in [-1, 1], or with ``returns="zero_sum"`` less their mean, a
  zero-sum game; a match cut off scores the round in play as a blocked round
  (the lowest rack wins it). ``resample_from_infostate`` deals what a player cannot see
  afresh, in the state's history too, for information-set searches (ISMCTS); the
  information state is a string and a tensor whose size the cut-off bounds
  (`Encoding.information_layout`).

Morpyam and the score sheet are sequential, with explicit stochastic chance (every throw of the
dice, every Plus tile dealt, with its exact probability), of perfect
information, with terminal rewards. Actions and chance outcomes are the ids
of `morpyam.encoding`; the observation tensor is the
encoding's observation vector, and the observation string the position as
text. Each is the whole position seen from the player's seat: a compact
key for tabular methods, and all a player needs to decide. The games
provide no *information state*: OpenSpiel's is a perfect-recall one, here
the whole history of actions (thousands of ids), so asking for it raises a
``ValueError`` rather than handing back that history or an empty tensor.

An illegal action id raises (``ValueError``, or
`IllegalActionError`, which is one)
and changes nothing; so does an id OpenSpiel itself refuses (-1, a float, a bool).

Returns. Morpyam: the winners share 1 (a sole winner gets 1, two winners
0.5 each; the others 0): a constant-sum game. A Morpyam game can last
forever (players may pass), so the game stops after ``max_game_length``
player decisions (chance outcomes not counted, as OpenSpiel counts a game's
length; default `MAX_DECISIONS`, the
cut-off of every adapter): a game *cut off* there is scored as if it had
ended on points (R-END-2 without the end bonus): the players with the most
points share the win. The score sheet: each player's grand total of points
(a general-sum game); it always ends, after at most 4 decisions per turn (3
rolls and a score), 13 turns per sheet, which is its ``max_game_length``.

Examples:
    >>> import pyspiel
    >>> import morpyam.openspiel
    >>> game = pyspiel.load_game("python_morpyam", {"players": 3})
    >>> game.num_distinct_actions(), game.max_chance_outcomes(), game.num_players()
    (285, 461, 3)
"""

from __future__ import annotations

import math
import operator
import random
from collections.abc import Callable, Mapping
from typing import Any, ClassVar

import attrs

try:
    import pyspiel
    from open_spiel.python.observation import IIGObserverForPublicInfoGame
except ImportError as error:  # pragma: no cover - the extra is installed in the test session
    raise ImportError(
        "morpyam.openspiel needs OpenSpiel: install the extra with pip install 'morpyam[openspiel]'"
    ) from error

import numpy as np

from morpyam.encoding import MAX_DECISIONS, GameEncoding, HiddenInformation
from morpyam.kit.descriptions import GameDescription, description, descriptions

__all__ = [
    "GAMES",
    "MAX_GAME_LENGTH",
    "MORPYAM",
    "MYRUMMY",
    "YAHTZEE",
    "MorpyamGame",
    "MyRummyGame",
    "MyRummyState",
    "Observer",
    "SpielGame",
    "SpielGameSpec",
    "SpielState",
    "YahtzeeGame",
    "register",
    "register_description",
    "spec_of",
]

MORPYAM = "python_morpyam"
"""The short name of Morpyam in ``pyspiel.load_game``."""
YAHTZEE = "python_morpyam_yahtzee"
"""The short name of the score-sheet game in ``pyspiel.load_game``."""
MYRUMMY = "python_morpyam_myrummy"
"""The short name of MyRummy in ``pyspiel.load_game``."""
MAX_GAME_LENGTH = MAX_DECISIONS
"""The default cut-off of a game that can go on forever, in player decisions (chance not counted)."""


@attrs.frozen
class SpielGameSpec:
    """How a game meets OpenSpiel: its names, seats, parameters, and its encoding from them.

    Everything else (ids, chance, observations, returns and their bounds, the
    most decisions a game takes) comes from the
    `GameEncoding` that ``encoding`` makes.
    A parameter ``max_game_length``, when the game declares one, is the
    cut-off in player decisions; otherwise the cut-off is the encoding's
    ``max_decisions``, or `MAX_GAME_LENGTH`
    for a game that can go on forever.
    """

    short_name: str
    """The name ``pyspiel.load_game`` knows the game by."""
    long_name: str
    """A readable name."""
    players: tuple[int, int]
    """The fewest and the most players."""
    parameters: Mapping[str, int | float | str | bool]
    """Each parameter with its default (OpenSpiel's parameter specification)."""
    encoding: Callable[[Mapping[str, Any]], GameEncoding[Any, Any]]
    """The game's encoding for the parameters (every default filled in); a bad value raises
    ``ValueError``."""
    perfect_information: bool = True
    """``False`` for a game with hidden information: its encoding is then also a
    `HiddenInformation`, whose
    ``information_state`` is OpenSpiel's information state string, and the
    observation is the player's own view."""
    information_state_tensor: bool = False
    """Whether the game gives its information state as a tensor as well (a game of hidden
    information whose encoding has an ``information_layout``)."""

    def game_type(self, encoding: GameEncoding[Any, Any]) -> Any:
        """The ``pyspiel.GameType`` of the game; ``encoding`` says whether it is constant-sum."""
        utility = (
            pyspiel.GameType.Utility.GENERAL_SUM
            if encoding.return_sum is None
            else pyspiel.GameType.Utility.ZERO_SUM
            if encoding.return_sum == 0
            else pyspiel.GameType.Utility.CONSTANT_SUM
        )
        return pyspiel.GameType(
            short_name=self.short_name,
            long_name=self.long_name,
            dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
            chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
            information=pyspiel.GameType.Information.PERFECT_INFORMATION
            if self.perfect_information
            else pyspiel.GameType.Information.IMPERFECT_INFORMATION,
            utility=utility,
            reward_model=pyspiel.GameType.RewardModel.TERMINAL,
            max_num_players=self.players[1],
            min_num_players=self.players[0],
            provides_information_state_string=not self.perfect_information,
            provides_information_state_tensor=self.information_state_tensor,
            provides_observation_string=True,
            provides_observation_tensor=True,
            parameter_specification=dict(self.parameters),
        )


class Observer:
    """The observation of a state for one player: ``tensor`` (flat) and ``dict`` (named views).

    OpenSpiel's ``PyObserver`` interface; the fields are the encoding's.
    """

    def __init__(self, encoding: GameEncoding[Any, Any], params: dict[str, Any] | None) -> None:
        if params:
            raise ValueError(f"observation parameters are not supported, got {params}")
        self._encoding = encoding
        self.tensor = np.zeros(encoding.layout.size, np.float32)
        """The observation vector."""
        self.dict = encoding.layout.views(self.tensor)
        """Each field as a shaped view of ``tensor``."""

    def set_from(self, state: SpielState, player: int) -> None:
        """Write the observation of ``state`` for ``player`` into ``tensor``."""
        self.tensor.fill(0)
        self._encoding.write(self.tensor, state.game_state, player)

    def string_from(self, state: SpielState, player: int) -> str:
        """The observation of ``state`` for ``player`` as text."""
        return self._encoding.text(state.game_state, player)


class _InformationStates:
    """The information state of a game with hidden information: a string and, when the
    encoding lays it out for the game's cut-off (``information_layout``), a tensor."""

    def __init__(self, encoding: HiddenInformation[Any], max_length: int) -> None:
        self._encoding = encoding
        layout = getattr(encoding, "information_layout", None)
        self._layout = None if layout is None else layout(max_length)
        self.tensor = np.zeros(0 if self._layout is None else self._layout.size, np.float32)
        """The information state vector (empty for a game that provides none)."""
        self.dict: dict[str, Any] = {} if self._layout is None else self._layout.views(self.tensor)

    def set_from(self, state: SpielState, player: int) -> None:
        """Write ``player``'s information state of ``state`` into ``tensor``.

        Raises:
            ValueError: for a game that provides the information state as a string only.
        """
        if self._layout is None:
            raise ValueError(
                "the game provides no information state tensor (a player's whole history has "
                "no fixed size): use information_state_string, or observation_tensor (the "
                "player's own view of the position)"
            )
        self.tensor.fill(0)
        self._encoding.write_information_state(  # type: ignore[attr-defined]
            self.tensor, self._layout, state.steps(), state.game_state, player
        )

    def string_from(self, state: SpielState, player: int) -> str:
        """The encoding's ``information_state`` of ``state`` for ``player``."""
        strings = getattr(state._now, "strings", None)
        if strings is None:
            return self._encoding.information_state(state.game_state, player)
        if player not in strings:
            strings[player] = self._encoding.information_state(state.game_state, player)
        return str(strings[player])


class _SamplerRandom(random.Random):
    """A `random.Random` whose every draw comes from an OpenSpiel probability sampler."""

    def __init__(self, sampler: Callable[[], float]) -> None:
        self._sampler = sampler
        super().__init__(0)

    def random(self) -> float:
        return min(max(float(self._sampler()), 0.0), math.nextafter(1.0, 0.0))


class _Shared:
    """What a state holds, immutable: OpenSpiel's clone deep-copies a state's attributes,
    and this one is shared by the copies instead (the values inside never change).

    ``length`` counts the player decisions made so far (not the chance outcomes).
    """

    __slots__ = ("encoding", "length", "log", "max_length", "state")

    def __init__(
        self,
        encoding: GameEncoding[Any, Any],
        max_length: int,
        length: int,
        state: Any,
        log: Any = None,
    ) -> None:
        self.encoding = encoding
        self.max_length = max_length
        self.length = length
        self.state = state
        self.log = log
        """For a game that keeps its steps: ``None`` at the start, else the pair (the log
        before, (the engine state, the step taken in it))."""

    def __deepcopy__(self, memo: dict[int, Any]) -> _Shared:
        return self


class _Node(_Shared):
    """A `_Shared` of ``python_morpyam_myrummy`` that remembers, while its game's budget of
    states lasts (the game parameter ``cache_states``), the states after its actions, its
    legal actions, chance outcomes and information states: a walk of the whole tree, as
    exact CFR makes every iteration, then computes each state once."""

    __slots__ = ("budget", "children", "legal", "outcomes", "player", "returns", "strings")

    def __init__(
        self,
        encoding: GameEncoding[Any, Any],
        max_length: int,
        length: int,
        state: Any,
        log: Any,
        budget: list[int],
    ) -> None:
        super().__init__(encoding, max_length, length, state, log)
        self.budget = budget
        """The states the game may still remember, shared by all its nodes (one number)."""
        self.children: dict[int, _Node] = {}
        self.legal: list[int] | None = None
        self.outcomes: list[tuple[int, float]] | None = None
        self.strings: dict[int, str] = {}
        player = state.state.current_player
        self.player = int(
            pyspiel.PlayerId.TERMINAL
            if length >= max_length or state.state.end_rule is not None
            else pyspiel.PlayerId.CHANCE
            if player is None
            else player
        )
        """OpenSpiel's current player: a seat, ``CHANCE`` or ``TERMINAL``."""
        self.returns: list[float] | None = None


class SpielState(pyspiel.State):  # type: ignore[misc]
    """An OpenSpiel state wrapping a game's state (``game_state``), for any game encoding."""

    def __init__(self, game: Any, encoding: GameEncoding[Any, Any], max_length: int) -> None:
        super().__init__(game)
        self._now = _Shared(encoding, max_length, 0, encoding.new_state())

    @property
    def game_state(self) -> Any:
        """The game's own state (a ``morpyam.State``, a ``morpyam.yahtzee.State``...)."""
        return self._now.state

    @property
    def _encoding(self) -> GameEncoding[Any, Any]:
        return self._now.encoding

    def current_player(self) -> int:
        """The player to decide, ``CHANCE`` at a chance node, ``TERMINAL`` at the end."""
        if self.is_terminal():
            return int(pyspiel.PlayerId.TERMINAL)
        if self.game_state.is_chance:
            return int(pyspiel.PlayerId.CHANCE)
        return int(self.game_state.current_player)

    def _legal_actions(self, player: int) -> list[int]:
        return self._encoding.legal_ids(self.game_state)

    def chance_outcomes(self) -> list[tuple[int, float]]:
        """Each chance id with its exact probability (as a float), ids ascending."""
        return self._encoding.chance_probabilities(self.game_state)

    def _decode(self, action: int) -> Any:
        if self.game_state.is_chance:
            return self._encoding.chance_action(action)
        return self._encoding.action(self.game_state, action)

    def apply_action(self, action: int) -> None:
        """Apply the action or chance outcome ``action``.

        Raises:
            ValueError: for an id that is not an int in range (-1 included, which
                OpenSpiel itself would refuse with a ``SpielError``), or
                `IllegalActionError` (a ``ValueError``) for an id that is not legal
                here; the state is unchanged.
        """
        try:
            index = operator.index(action)
        except TypeError:
            index = -1
        if index < 0 or isinstance(action, bool):
            raise ValueError(f"an action id is a whole number from 0, got {action!r}")
        super().apply_action(index)

    def resample_from_infostate(
        self, player_id: int, probability_sampler: Callable[[], float]
    ) -> SpielState:
        """A state ``player_id`` cannot tell from this one, drawn with ``probability_sampler``.

        OpenSpiel's resampling, which information-set searches (ISMCTS) ask for: the
        encoding's ``resample`` deals what the player cannot see afresh, every draw
        taken from ``probability_sampler`` (a function returning floats in [0, 1),
        as ``pyspiel.UniformProbabilitySampler``), so a seeded sampler gives the same
        state again. The cut-off count of decisions is kept.

        Raises:
            ValueError: for a seat out of range, or a game of hidden information
                whose encoding cannot resample (a game of perfect information has
                nothing to resample: a copy of the state is returned).
        """
        now = self._now
        players = now.encoding.players
        if type(player_id) is not int or not 0 <= player_id < players:
            raise ValueError(f"player_id is a seat 0 to {players - 1}, got {player_id!r}")
        resample = getattr(now.encoding, "resample", None)
        if resample is None:
            if self.get_game().get_type().information == (
                pyspiel.GameType.Information.PERFECT_INFORMATION
            ):
                same: SpielState = self.clone()
                return same
            raise ValueError("the game's encoding cannot resample an information state")
        state = resample(now.state, player_id, _SamplerRandom(probability_sampler))
        copy: SpielState = self.clone()
        copy._now = _Shared(now.encoding, now.max_length, now.length, state)
        return copy

    def _apply_action(self, action: int) -> None:
        now = self._now
        decision = not now.state.is_chance
        state = now.encoding.apply(now.state, self._decode(action))
        self._now = _Shared(now.encoding, now.max_length, now.length + decision, state)

    def _action_to_string(self, player: int, action: int) -> str:
        if player == pyspiel.PlayerId.CHANCE:
            return str(self._encoding.chance_action(action))
        try:
            return str(self._encoding.action(self.game_state, action))
        except ValueError:
            return f"action {action}"

    def is_terminal(self) -> bool:
        """Whether the game is over, or cut off after the game's ``max_game_length`` decisions."""
        now = self._now
        return bool(now.state.is_terminal) or now.length >= now.max_length

    def returns(self) -> list[float]:
        """Per player: the encoding's `returns`, 0 before the end."""
        if not self.is_terminal():
            return [0.0] * self._encoding.players
        return list(self._encoding.returns(self.game_state))

    def __str__(self) -> str:
        return self._encoding.text(self.game_state, 0)

    def steps(self) -> list[tuple[Any, Any]]:
        """The steps of the game so far, each with the engine state it was taken in (empty
        for a game whose states do not keep them)."""
        steps = []
        log = self._now.log
        while log is not None:
            log, step = log
            steps.append(step)
        steps.reverse()
        return steps


class MyRummyState(SpielState):
    """A state of ``python_morpyam_myrummy``: a `SpielState` that keeps the steps of its match,
    so that a resample deals the hidden tiles afresh in its history too.

    ``resample_from_infostate`` returns a state whose ``history()``, replayed from a new
    state, reaches that same state, and whose every player's information state and
    observation agree with the tiles dealt afresh (`Encoding.resample_history`).
    """

    _replaying: Any = None

    def __init__(self, game: Any, encoding: GameEncoding[Any, Any], max_length: int) -> None:
        pyspiel.State.__init__(self, game)
        self._now: _Node = game.root

    def current_player(self) -> int:
        """The player to decide, ``CHANCE`` at a chance node, ``TERMINAL`` at the end."""
        return self._now.player

    def is_terminal(self) -> bool:
        """Whether the match is over, or cut off after ``max_game_length`` decisions."""
        return bool(self._now.player == int(pyspiel.PlayerId.TERMINAL))

    def returns(self) -> list[float]:
        """Per player: the encoding's `returns`, 0 before the end."""
        now = self._now
        if now.returns is None:
            now.returns = super().returns()
        return list(now.returns)

    def _legal_actions(self, player: int) -> list[int]:
        now = self._now
        if now.legal is None:
            now.legal = now.encoding.legal_ids(now.state)
        return list(now.legal)

    def chance_outcomes(self) -> list[tuple[int, float]]:
        """Each chance id with its exact probability (as a float), ids ascending."""
        now = self._now
        if now.outcomes is None:
            now.outcomes = now.encoding.chance_probabilities(now.state)
        return list(now.outcomes)

    def _apply_action(self, action: int) -> None:
        now = self._now
        replaying = self._replaying
        if replaying is None and action in now.children:
            self._now = now.children[action]
            return
        if replaying is not None:
            step, turn = replaying
            self._replaying = None
        elif now.state.is_chance:
            step = self._decode(action)
            turn = now.encoding.apply(now.state, step)
        else:  # action checks the id against the mask; the step is then applied unchecked
            encoding: Any = now.encoding
            step = encoding.action(now.state, action)
            turn = encoding._advance(now.state, step)
        decision = not now.state.is_chance
        log = (now.log, (now.state.state, step))
        budget = now.budget
        after = _Node(now.encoding, now.max_length, now.length + decision, turn, log, budget)
        if replaying is None and budget[0] > 0:
            budget[0] -= 1
            now.children[action] = after
        self._now = after

    def resample_from_infostate(
        self, player_id: int, probability_sampler: Callable[[], float]
    ) -> SpielState:
        """A state ``player_id`` cannot tell from this one, its hidden tiles dealt afresh with
        ``probability_sampler`` in its history as well (see the class).

        ``probability_sampler`` returns floats in [0, 1) (as
        ``pyspiel.UniformProbabilitySampler``); a seeded one gives the same state again.
        OpenSpiel's ``ISMCTSBot`` resamples with an unseeded sampler: for a search that
        plays the same again from its seeds, give it a resampler with its own seed
        (``bot.set_resampler``).

        Raises:
            ValueError: for a seat out of range.
        """
        now = self._now
        players = now.encoding.players
        if type(player_id) is not int or not 0 <= player_id < players:
            raise ValueError(f"player_id is a seat 0 to {players - 1}, got {player_id!r}")
        steps = self.steps()
        encoding: Any = now.encoding  # MyRummy's encoding, found through its description
        replayed = encoding.resample_history(steps, player_id, _SamplerRandom(probability_sampler))
        fresh: MyRummyState = self.get_game().new_initial_state()
        for index, step, turn in replayed:
            fresh._replaying = (step, turn)
            pyspiel.State.apply_action(fresh, index)
        return fresh


class SpielGame(pyspiel.Game):  # type: ignore[misc]
    """An OpenSpiel game over any game encoding: the class of a registered game sets ``spec``.

    Raises:
        ValueError: for a bad parameter (as the spec's ``encoding`` says), or a
            ``max_game_length`` below 1.
    """

    spec: ClassVar[SpielGameSpec]
    """The game's names, seats, parameters and encoding."""

    def __init__(self, params: dict[str, Any] | None = None) -> None:
        spec = self.spec
        values = {**spec.parameters, **(params or {})}
        encoding = spec.encoding(values)
        if not spec.perfect_information and not callable(
            getattr(encoding, "information_state", None)
        ):
            raise ValueError(
                f"{spec.short_name} has hidden information, and its encoding no information_state"
            )
        if "max_game_length" in spec.parameters:
            max_length = int(values["max_game_length"])
            if max_length < 1:
                raise ValueError(f"max_game_length must be at least 1, got {max_length}")
        else:
            max_length = encoding.max_decisions or MAX_GAME_LENGTH
        self.encoding = encoding
        """The game's encoding: ids, observations, returns, the engine."""
        self.max_length = max_length
        """The cut-off in player decisions."""
        info = pyspiel.GameInfo(
            num_distinct_actions=encoding.num_actions,
            max_chance_outcomes=encoding.num_chance_outcomes,
            num_players=encoding.players,
            min_utility=encoding.min_return,
            max_utility=encoding.max_return,
            utility_sum=encoding.return_sum,
            max_game_length=max_length,
        )
        super().__init__(spec.game_type(encoding), info, params or {})

    def new_initial_state(self) -> SpielState:
        """The start of a game: a chance node (Morpyam's start roll), or the first decision."""
        return SpielState(self, self.encoding, self.max_length)

    def make_py_observer(
        self, iig_obs_type: Any = None, params: dict[str, Any] | None = None
    ) -> Any:
        """The observer of OpenSpiel's observation API.

        A game of perfect information provides the observation (the whole
        position from the player's seat), and the public observation from it; a
        game with hidden information provides the player's own observation and
        information state.

        Raises:
            ValueError: for a perfect-recall observer (the information state) of a
                game of perfect information (use the observation), for parameters,
                or for a kind of observation a game with hidden information does not
                provide (public only, or every player's private information).
        """
        name = self.get_type().short_name
        if not self.spec.perfect_information:
            if params:
                raise ValueError(f"observation parameters are not supported, got {params}")
            if iig_obs_type is not None and iig_obs_type.perfect_recall:
                return _InformationStates(self.encoding, self.max_length)  # type: ignore[arg-type]
            if iig_obs_type is None or (
                iig_obs_type.public_info
                and iig_obs_type.private_info == pyspiel.PrivateInfoType.SINGLE_PLAYER
            ):
                return Observer(self.encoding, params)
            raise ValueError(
                f"{name} provides the player's own observation and information state only,"
                f" not {iig_obs_type}"
            )
        if iig_obs_type is not None and iig_obs_type.perfect_recall:
            raise ValueError(
                f"{name} provides no information state (the perfect-recall "
                "history of every action): use observation_string or observation_tensor, the "
                "whole position from the player's seat (the game is of perfect information)"
            )
        if iig_obs_type is None or iig_obs_type.public_info:
            return Observer(self.encoding, params)
        return IIGObserverForPublicInfoGame(iig_obs_type, params)


def spec_of(game: GameDescription) -> SpielGameSpec:
    """The `SpielGameSpec` a game's description (`morpyam.kit.descriptions`) makes."""
    return SpielGameSpec(
        game.openspiel_name,
        game.long_name,
        game.players,
        game.parameters,
        game.from_parameters,
        perfect_information=game.perfect_information,
        information_state_tensor="information_state_tensor" in game.features,
    )


class MorpyamGame(SpielGame):
    """``python_morpyam``: parameters ``rules`` (preset name), ``players``, ``max_game_length``.

    ``max_game_length`` is the cut-off in player decisions (see the module).
    """

    spec = spec_of(description("morpyam"))


class YahtzeeGame(SpielGame):
    """``python_morpyam_yahtzee``: parameters ``rules`` (preset name), ``players``, ``games``."""

    spec = spec_of(description("yahtzee"))


class MyRummyGame(SpielGame):
    """``python_morpyam_myrummy``: parameters ``rules`` (preset name: ``classic``,
    ``rummikub``, or the small sets ``mini``, ``tiny`` and ``midi``), ``players``, the knobs
    ``min_stay`` (-1: the preset's; 0: free rearranging), ``rounds``, ``rack_size`` and ``opening_points`` (-1: the
    preset's), ``jokers`` (-1: the preset's; 0 under ``mini`` leaves its nine plain tiles),
    ``max_game_length`` (see the module), ``returns`` (``points``, the match totals;
    ``scaled``, divided by their bound; ``zero_sum``, less their mean, a zero-sum game),
    ``deal`` (``tile``, one tile a chance outcome; ``rack``, a whole rack, `Encoding.deal`)
    and ``cache_states`` (0: none; else how many states the game remembers the children,
    legal actions, chance outcomes and information states of, for exact CFR: 400,000 hold
    the whole tree of ``{"rules": "tiny", "deal": "rack"}``). Imperfect information: each player's information state is `information_state`, and as
    a tensor `write_information_state`.
    """

    spec = spec_of(description("myrummy"))

    def __init__(self, params: dict[str, Any] | None = None) -> None:
        super().__init__(params)
        budget = int({**self.spec.parameters, **(params or {})}["cache_states"])
        if budget < 0:
            raise ValueError(f"cache_states is a number of states from 0, got {budget}")
        self.root = _Node(
            self.encoding, self.max_length, 0, self.encoding.new_state(), None, [budget]
        )
        """The start of every match, shared by the states (it holds the states remembered)."""

    def new_initial_state(self) -> MyRummyState:
        """The start of a match: the lot, then the deal, as chance nodes."""
        return MyRummyState(self, self.encoding, self.max_length)


GAMES: tuple[type[SpielGame], ...] = (MorpyamGame, YahtzeeGame, MyRummyGame)
"""The games this module registers when it is imported."""


def register(game: type[SpielGame]) -> None:
    """Register ``game`` (a `SpielGame` class) with ``pyspiel``, once.

    Raises:
        ValueError: when the spec's defaults make no encoding.
    """
    spec = game.spec
    if spec.short_name not in pyspiel.registered_names():
        pyspiel.register_game(spec.game_type(spec.encoding(spec.parameters)), game)


def register_description(game: GameDescription) -> type[SpielGame]:
    """Register a described game (`morpyam.kit.descriptions`) with ``pyspiel``, once, and return
    its `SpielGame` class (one of `GAMES` for the package's own games).

    Importing this module calls it for every registered game.

    Raises:
        ValueError: when the description's default parameters make no encoding.
    """
    known = {spiel_game.spec.short_name: spiel_game for spiel_game in (*GAMES, *_DESCRIBED)}
    spiel_game = known.get(game.openspiel_name)
    if spiel_game is None:
        name = "".join(part.title() for part in game.name.split("_")) + "Game"
        spiel_game = type(name, (SpielGame,), {"spec": spec_of(game)})
        _DESCRIBED.append(spiel_game)
    register(spiel_game)
    return spiel_game


_DESCRIBED: list[type[SpielGame]] = []
"""The classes `register_description` made for the games not in `GAMES`."""


for _game in descriptions():
    register_description(_game)
