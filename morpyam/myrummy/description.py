"""MyRummy's description: what the adapters and the conformance check know of the game.

Registered with `morpyam.kit.descriptions` under ``"myrummy"``. The
encoding is built on demand, so that reading the description needs no
``numpy``. The Gymnasium environment's opponents play through the ids:
``"random"`` a uniformly random legal id, ``"greedy"`` the solver's best play
(`GreedyBot`) laid one tile at a time.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

import attrs

import morpyam.myrummy
from morpyam.kit.descriptions import MAX_DECISIONS, GameDescription, StateJson, register
from morpyam.myrummy.core._actions import Play
from morpyam.myrummy.core._rules import PRESETS, Rules
from morpyam.myrummy.core._state import State
from morpyam.myrummy.notation._state_json import state_from_json, state_to_json
from morpyam.myrummy.play._bots import BOTS, GreedyBot

if TYPE_CHECKING:  # pragma: no cover - the encoding needs the numpy extra
    from morpyam.myrummy.encoding import EncodedState, Encoding, Step

__all__ = ["DESCRIPTION", "GreedySteps", "RandomSteps"]


def encode(rules: Rules | str | None = None, *, players: int = 2) -> Encoding:
    """The encoding of a match under ``rules`` (a `Rules`, a preset name or ``None``) for ``players``.

    Raises:
        ValueError: for rules that are none of those, or players they refuse (R-RUM-SET-1).
    """
    from morpyam.myrummy.encoding import Encoding, rules_from

    return Encoding(rules_from(rules, players))


def from_parameters(params: Mapping[str, Any]) -> Encoding:
    """The encoding for OpenSpiel's parameters: ``rules`` (a preset name), ``players``, the
    knobs ``min_stay`` (-1: the preset's; 0: free rearranging), ``rounds``, ``rack_size``,
    ``opening_points`` and ``jokers`` (-1: the preset's), ``returns`` (``points``,
    ``scaled`` or ``zero_sum``) and ``deal`` (``tile`` or ``rack``).

    Raises:
        ValueError: for a name that is no preset, or a value the rules refuse.
    """
    from morpyam.myrummy.encoding import Encoding

    preset = params["rules"]
    if preset not in PRESETS:
        raise ValueError(f"rules must be one of {', '.join(PRESETS)}, got {preset!r}")
    rules = PRESETS[preset](int(params["players"]))
    min_stay = int(params["min_stay"])
    if min_stay != -1:
        rules = attrs.evolve(rules, min_stay=min_stay or None)
    rack_size, opening = int(params["rack_size"]), int(params["opening_points"])
    jokers = int(params["jokers"])
    return Encoding(
        attrs.evolve(
            rules,
            jokers=rules.jokers if jokers == -1 else jokers,
            rounds=int(params["rounds"]),
            rack_size=rules.rack_size if rack_size == -1 else rack_size,
            opening_points=rules.opening_points if opening == -1 else opening,
        ),
        returns_unit=str(params["returns"]),
        deal=str(params["deal"]),
    )


@attrs.frozen
class RandomSteps:
    """A seat that plays a uniformly random legal step of the encoding."""

    encoding: Encoding

    def choose(self, state: EncodedState, rng: random.Random) -> Step:
        """One of the encoding's legal actions at ``state``, drawn with ``rng``."""
        return rng.choice(self.encoding.legal_actions(state))


@attrs.define
class GreedySteps:
    """A seat that plays `GreedyBot`'s play one tile at a time through the ids, then lays it.

    The bot is asked once a turn; the steps of its play are kept until the turn is over.
    """

    encoding: Encoding
    bot: GreedyBot = attrs.field(factory=GreedyBot)
    _plan: tuple[State, list[int]] | None = None

    def choose(self, state: EncodedState, rng: random.Random) -> Step:
        """The bot's action when it is no play, else the next step of its play."""
        plan = self._plan
        if plan is None or plan[0] is not state.state:  # a new turn: ask the bot once
            action = self.bot.choose(state.state, rng)
            if not isinstance(action, Play):
                return action
            plan = self._plan = (state.state, self.encoding.play_ids(state, action))
        return self.encoding.action(state, plan[1][sum(state.chosen)])


DESCRIPTION = register(
    GameDescription(
        name="myrummy",
        long_name="MyRummy",
        game=morpyam.myrummy,
        players=(2, 4),
        perfect_information=False,
        chance=True,
        presets=PRESETS,
        rules_type=Rules,
        default_preset="classic",
        encode=encode,
        openspiel_name="python_morpyam_myrummy",
        parameters={
            "rules": "classic",
            "players": 2,
            "min_stay": -1,
            "rounds": 1,
            "rack_size": -1,
            "opening_points": -1,
            "jokers": -1,
            "max_game_length": MAX_DECISIONS,
            "returns": "points",
            "deal": "tile",
            "cache_states": 0,
        },
        from_parameters=from_parameters,
        pettingzoo_name="morpyam_myrummy_v0",
        gymnasium_id="morpyam/MyRummy-v0",
        opponents={"random": RandomSteps, "greedy": GreedySteps},
        default_opponent="random",
        features={"records", "state_json", "bots", "solver", "information_state_tensor"},
        state_json=StateJson(state_to_json, state_from_json),
        bots=BOTS,
    )
)
"""MyRummy as the adapters see it."""
