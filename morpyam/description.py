"""Morpyam's description: what the adapters and the conformance check know of the game.

Registered with `morpyam.kit.descriptions` under ``"morpyam"``. The
encoding is built on demand, so that reading the description needs no
``numpy``.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

import morpyam
from morpyam.actions import Action, DealTile, LoseTurn, Pass, Place, PlaceTile, Roll, RollResult
from morpyam.bots import BOTS, make_bot
from morpyam.figures import Figure, Label, Special
from morpyam.kit.descriptions import MAX_DECISIONS, GameDescription, StateJson, register
from morpyam.layouts import Cell
from morpyam.rules import PRESETS, Rules
from morpyam.state import State
from morpyam.state_json import state_from_json, state_to_json

if TYPE_CHECKING:  # pragma: no cover - the encoding needs the numpy extra
    from morpyam.encoding import Encoding
    from morpyam.game import Chooser

__all__ = ["DESCRIPTION", "random_action"]


def encode(rules: Rules | str | None = None, *, players: int = 2) -> Encoding:
    """The encoding of a game under ``rules`` (a `Rules`, a preset name or ``None``) for ``players``.

    Raises:
        ValueError: for rules that are none of those.
    """
    from morpyam.encoding import Encoding, rules_from

    return Encoding(rules_from(rules, players))


def from_parameters(params: Mapping[str, Any]) -> Encoding:
    """The encoding for OpenSpiel's parameters ``rules`` (a preset name) and ``players``.

    Raises:
        ValueError: for a name that is no preset, or players the preset refuses.
    """
    from morpyam.encoding import Encoding

    preset = params["rules"]
    if preset not in PRESETS:
        raise ValueError(f"rules must be one of {', '.join(PRESETS)}, got {preset!r}")
    return Encoding(PRESETS[preset](int(params["players"])))


_LABELS: tuple[Label, ...] = (*Figure, *Special)
_CALLS: tuple[Label | None, ...] = (None, *_LABELS)


def random_action(state: State, rng: random.Random) -> Action:
    """Any well-formed action, legal at ``state`` or not: random cells, keeps, calls, faces, tiles."""
    layout = state.layout
    kind = rng.randrange(6)
    if kind == 0:
        keep = tuple(rng.randint(1, 6) for _ in range(rng.randint(0, 4)))
        return Roll(keep, rng.choice(_CALLS))
    if kind == 1:
        return Place(Cell(rng.randrange(layout.height + 2), rng.randrange(layout.width + 2)))
    if kind == 2:
        return RollResult(tuple(rng.randint(1, 6) for _ in range(rng.randint(1, 5))))
    if kind == 3:
        return DealTile(rng.choice(_LABELS))
    if kind == 4:
        cell = Cell(rng.randrange(layout.height + 1), rng.randrange(layout.width + 1))
        return PlaceTile(rng.choice(_LABELS), cell)
    return Pass() if rng.random() < 0.5 else LoseTurn()


def _bot(name: str) -> Any:
    def opponent(encoding: object) -> Chooser[Any, Any]:
        return make_bot(name)

    return opponent


DESCRIPTION = register(
    GameDescription(
        name="morpyam",
        long_name="Morpyam",
        game=morpyam,
        players=(2, 4),
        perfect_information=True,
        chance=True,
        presets=PRESETS,
        rules_type=Rules,
        default_preset="classic",
        encode=encode,
        openspiel_name="python_morpyam",
        parameters={"rules": "classic", "players": 2, "max_game_length": MAX_DECISIONS},
        from_parameters=from_parameters,
        pettingzoo_name="morpyam_v0",
        gymnasium_id="morpyam/Morpyam-v0",
        opponents={name: _bot(name) for name in BOTS},
        default_opponent="random",
        features={"records", "state_json", "bots"},
        state_json=StateJson(state_to_json, state_from_json),
        bots=BOTS,
        random_action=random_action,
    )
)
"""Morpyam as the adapters see it."""
