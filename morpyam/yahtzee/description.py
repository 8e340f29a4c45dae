"""The score sheet's description: what the adapters and the conformance check know of the game.

Registered with `morpyam.kit.descriptions` under ``"yahtzee"``. The
encoding is built on demand, so that reading the description needs no
``numpy``.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

import morpyam.yahtzee
from morpyam.kit.descriptions import GameDescription, StateJson, register
from morpyam.yahtzee.rules import PRESETS, Rules
from morpyam.yahtzee.state_json import state_from_json, state_to_json

if TYPE_CHECKING:  # pragma: no cover - the encoding needs the numpy extra
    from morpyam.yahtzee.encoding import Encoding

__all__ = ["DESCRIPTION"]


def encode(rules: Rules | str | None = None, *, players: int = 1, games: int = 1) -> Encoding:
    """The encoding of a sheet under ``rules`` (a ``Rules``, a preset name or ``None``: Hasbro's)
    for ``players`` players of ``games`` columns each.

    Raises:
        ValueError: for rules that are none of those, or a bad count.
    """
    from morpyam.yahtzee.encoding import Encoding, rules_from

    return Encoding(rules_from(rules), players=players, games=games)


def from_parameters(params: Mapping[str, Any]) -> Encoding:
    """The encoding for OpenSpiel's parameters ``rules`` (a preset name), ``players``, ``games``.

    Raises:
        ValueError: for a name that is no preset, or a bad count.
    """
    return encode(str(params["rules"]), players=int(params["players"]), games=int(params["games"]))


DESCRIPTION = register(
    GameDescription(
        name="yahtzee",
        long_name="Morpyam score sheet (Yahtzee)",
        game=morpyam.yahtzee,
        players=(1, 6),
        perfect_information=True,
        chance=True,
        presets=PRESETS,
        rules_type=Rules,
        default_preset="hasbro",
        encode=encode,
        openspiel_name="python_morpyam_yahtzee",
        parameters={"rules": "hasbro", "players": 1, "games": 1},
        from_parameters=from_parameters,
        pettingzoo_name="morpyam_yahtzee_v0",
        gymnasium_id="morpyam/Yahtzee-v0",
        features={"records", "state_json", "solver"},
        state_json=StateJson(state_to_json, state_from_json),
    )
)
"""The score sheet as the adapters see it."""
