"""Each game declares itself once, and the adapters find every game here: `GameDescription`.

A game's description says, as OpenSpiel's ``GameType`` does, what the game is
(its name, how many players, perfect or imperfect information, chance), how
its rules are named (presets), how the adapters get ids, masks and
observations (its encoding), which optional features it has (records, state
JSON, bots, solver), and what each framework calls it. The OpenSpiel,
PettingZoo and Gymnasium adapters and the conformance check read
descriptions only: they import no game, so a game that registers a
description gets all three frameworks without an edit to them.

The registry holds Morpyam, the score sheet and MyRummy (each registered by a
description module of its own package, which `descriptions` imports on
first use) and every game another package declares under the entry-point
group ``morpyam.games`` (an entry point names a `GameDescription`, or a
module whose import calls `register`); a game can also call `register`
itself before the adapters are imported.

Examples:
    >>> from morpyam.kit.descriptions import description, descriptions
    >>> [game.name for game in descriptions()][:3]
    ['morpyam', 'yahtzee', 'myrummy']
    >>> description("myrummy").perfect_information
    False
"""

from __future__ import annotations

import importlib
import importlib.metadata
import random
import types
from collections.abc import Callable, Iterable, Mapping
from typing import Any

import attrs

from morpyam.errors import shown
from morpyam.kit.presets import rules_from

__all__ = [
    "BUILT_IN",
    "ENTRY_POINT_GROUP",
    "FEATURES",
    "MAX_DECISIONS",
    "GameDescription",
    "StateJson",
    "description",
    "descriptions",
    "register",
]

MAX_DECISIONS = 3000
"""The default cut-off of every adapter: a game stops after this many player decisions.

Chance outcomes are not counted (OpenSpiel's ``max_game_length`` counts the
same way), and every seat's decisions are, a bot's included. A Morpyam game
can last forever (players may pass), so every adapter stops it here by
default: uniformly random two-player games take about 770 decisions and go
past 3,000 about once in 2,000 games. A score-sheet game always ends within
4 decisions a turn (1,872 for 6 players and 6 games), so the cut-off never
fires there. OpenSpiel scores a game it cuts off on points; PettingZoo and
Gymnasium report it as *truncated*.
"""

FEATURES = frozenset({"records", "state_json", "bots", "solver", "information_state_tensor"})
"""The optional features a description may declare (``information_state_tensor``: the
encoding writes an information state of a size the cut-off bounds, for OpenSpiel)."""

ENTRY_POINT_GROUP = "morpyam.games"
"""The entry-point group through which a game of another package registers."""

BUILT_IN: Mapping[str, str] = types.MappingProxyType(
    {
        "morpyam": "morpyam.description",
        "yahtzee": "morpyam.yahtzee.description",
        "myrummy": "morpyam.myrummy.description",
    }
)
"""The package's own games and the modules that register them, imported on first use of the
registry."""


def _frozen_mapping(value: Mapping[str, Any]) -> Mapping[str, Any]:
    return types.MappingProxyType(dict(value))


def _feature_set(value: Iterable[str]) -> frozenset[str]:
    return frozenset(value)


def _check_players(instance: object, attribute: attrs.Attribute[Any], value: Any) -> None:
    if (
        not isinstance(value, tuple)
        or len(value) != 2
        or not all(type(count) is int for count in value)
        or not 1 <= value[0] <= value[1]
    ):
        raise ValueError(
            f"players must be (fewest, most) with 1 <= fewest <= most, got {shown(value)}"
        )


def _check_features(instance: object, attribute: attrs.Attribute[Any], value: Any) -> None:
    unknown = sorted(set(value) - FEATURES)
    if unknown:
        raise ValueError(f"unknown features {unknown}; the features are {sorted(FEATURES)}")


@attrs.frozen
class StateJson:
    """A game's state documents: a state to JSON text and back."""

    to_json: Callable[[Any], str]
    """The JSON document of a state."""
    from_json: Callable[[str], Any]
    """The state a JSON document holds."""


@attrs.frozen
class GameDescription:
    """Everything the adapters and the conformance check need to know about a game.

    The encoding is built on demand (``encode``, ``from_parameters``), so that
    a description costs nothing without the ``numpy`` extra.
    """

    name: str
    """The registry's key: a short lowercase name (``"morpyam"``)."""
    long_name: str
    """A readable name."""
    game: Any
    """The game itself: a `Game` (a module or an object)."""
    players: tuple[int, int] = attrs.field(validator=_check_players)
    """The fewest and the most players."""
    perfect_information: bool
    """``False`` for a game with hidden information: its encoding is then also a
    `HiddenInformation`."""
    chance: bool
    """Whether the game has chance nodes."""
    presets: Mapping[str, Callable[..., Any]] = attrs.field(converter=_frozen_mapping)
    """Each preset's name and its ``Rules`` factory (taking the number of players)."""
    rules_type: type
    """The game's ``Rules`` class."""
    default_preset: str
    """The preset played when no rules are named."""
    encode: Callable[..., Any]
    """``encode(rules, **options)``: the game's encoding (a `GameEncoding`) for ``rules`` (a
    ``Rules``, a preset name or ``None``) and the game's own options (``players``, ...)."""
    openspiel_name: str
    """The name ``pyspiel.load_game`` knows the game by."""
    parameters: Mapping[str, int | float | str | bool] = attrs.field(converter=_frozen_mapping)
    """OpenSpiel's parameters with their defaults; ``max_game_length``, when there, is the
    cut-off in player decisions."""
    from_parameters: Callable[[Mapping[str, Any]], Any]
    """The encoding for OpenSpiel's parameters (every default filled in); a bad value
    raises ``ValueError``."""
    pettingzoo_name: str
    """The name of the PettingZoo environment (its ``metadata["name"]``)."""
    gymnasium_id: str
    """The Gymnasium id of the single-agent environment."""
    opponents: Mapping[str, Callable[[Any], Any]] = attrs.field(
        factory=dict, converter=_frozen_mapping
    )
    """The players Gymnasium can seat at the other seats: each name and a function from the
    encoding to a `Chooser` of its encoded states (ids' actions). Empty: a uniformly random
    legal action."""
    default_opponent: str | None = None
    """The opponent seated when none is named (one of ``opponents``)."""
    features: frozenset[str] = attrs.field(
        default=frozenset(), converter=_feature_set, validator=_check_features
    )
    """Which of `FEATURES` the game has."""
    state_json: StateJson | None = None
    """The game's state documents, when it has them."""
    bots: Mapping[str, Callable[[], Any]] = attrs.field(factory=dict, converter=_frozen_mapping)
    """The game's bots (`Chooser` factories), by name."""
    random_action: Callable[[Any, random.Random], Any] | None = None
    """Any well-formed action at a state, legal there or not, drawn with the generator: the
    conformance check plays those not listed and expects an ``IllegalActionError``."""

    def __attrs_post_init__(self) -> None:
        if self.default_preset not in self.presets:
            raise ValueError(
                f"default_preset {shown(self.default_preset)} is not one of the presets"
            )
        if (self.default_opponent is None) != (not self.opponents) or (
            self.default_opponent is not None and self.default_opponent not in self.opponents
        ):
            raise ValueError("default_opponent must be one of the opponents, and only with some")
        if ("state_json" in self.features) != (self.state_json is not None):
            raise ValueError("the feature state_json goes with a state_json value")
        if ("bots" in self.features) != bool(self.bots):
            raise ValueError("the feature bots goes with some bots")

    def rules(self, rules: object = None, players: int | None = None) -> Any:
        """``rules`` itself, the preset of that name (for ``players`` when given), or the default.

        Raises:
            ValueError: as `rules_from` does.
        """
        return rules_from(
            rules,
            self.presets,
            self.rules_type,
            players=players,
            default=self.default_preset,
            game=f"{self.long_name} ",
        )


_REGISTRY: dict[str, GameDescription] = {}
_LOADED: list[bool] = []


def register(game: GameDescription) -> GameDescription:
    """Add ``game`` to the registry and return it; registering the same description again is a no-op.

    Raises:
        ValueError: when another description has the same name, OpenSpiel name or Gymnasium id.
        TypeError: for anything but a `GameDescription`.
    """
    if not isinstance(game, GameDescription):
        raise TypeError(f"a GameDescription is expected, got {shown(game)}")
    known = _REGISTRY.get(game.name)
    if known is not None:
        if known != game:
            raise ValueError(f"another game is registered as {game.name!r}")
        return known
    for other in _REGISTRY.values():
        if other.openspiel_name == game.openspiel_name or other.gymnasium_id == game.gymnasium_id:
            raise ValueError(
                f"{game.name!r} has the OpenSpiel name or Gymnasium id of {other.name!r}"
            )
    _REGISTRY[game.name] = game
    return game


def _load() -> None:
    """Import the package's own games and the entry points, once."""
    if _LOADED:
        return
    _LOADED.append(True)
    for module in BUILT_IN.values():
        importlib.import_module(module)
    for entry in importlib.metadata.entry_points(group=ENTRY_POINT_GROUP):
        loaded = entry.load()
        if isinstance(loaded, GameDescription):
            register(loaded)


def descriptions() -> tuple[GameDescription, ...]:
    """Every registered game: the package's own (`BUILT_IN`), then the others in the order they
    registered."""
    _load()
    own = [_REGISTRY[name] for name in BUILT_IN]
    return (*own, *(game for name, game in _REGISTRY.items() if name not in BUILT_IN))


def description(name: str) -> GameDescription:
    """The registered game called ``name``.

    Raises:
        KeyError: for a name no game is registered under.
    """
    _load()
    try:
        return _REGISTRY[name]
    except KeyError:
        names = ", ".join(_REGISTRY)
        raise KeyError(f"no game is registered as {shown(name)}; the games are {names}") from None
