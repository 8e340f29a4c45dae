"""Fixed integer encodings of Morpyam for learning frameworks (extra ``numpy``).

Every action of a game under given `Rules` has a
stable id in ``range(encoding.num_actions)``, every chance outcome an id in
``range(encoding.num_chance_outcomes)``, and every state an observation
tensor per player. The layouts are tables, written out in the
[ecosystems page](ecosystems.md#encodings):

* **Rolls** ``0 .. 247``: ``keep_mask * 8 + call_index``. ``keep_mask`` (0 to
  30) has bit ``i`` set when the ``i``-th of the five sorted dice is kept;
  a keep with repeated faces keeps the leftmost dice of that face, so each
  `Roll` has exactly one id (other masks that name
  the same keep are never legal). ``call_index`` is the index in
  `CALLS` (0: no call).
* **Places** ``248 .. 248 + cells - 1``: the cell's index in
  `Layout.cells` (row by row).
* **Pass** ``248 + cells``.
* **Tile lays** (Morpyam Plus only): ``249 + cells + label_index * cells +
  cell_index``, ``label_index`` in `LABEL_ORDER`.
* **Lost turn** (only when ``Rules.lost_turns`` is on, R-END-5): the last
  id, ``num_actions - 1``.

So the classic grid has 285 action ids, and Plus 825. Chance ids:
``0 .. 460`` are the sorted throws of 1 to 5 dice
(`CHANCE_FACES`: by number of dice, then
lexicographic), and Plus adds ``461 + label_index`` for the tile dealt.

Any rectangular grid a `Rules` allows is supported: the counts follow the
number of cells. The observation is one flat ``float32`` vector made of the
named fields of `Encoding.layout`.

Examples:
    >>> import morpyam as mp
    >>> encoding = Encoding(mp.Rules.classic())
    >>> encoding.num_actions, encoding.num_chance_outcomes
    (285, 461)
    >>> state = mp.new_game(mp.Rules.classic(), first_player=0)
    >>> encoding.action_id(state, mp.Roll(call=mp.Figure.MINI))
    4
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable, Sequence
from fractions import Fraction
from typing import Any, Protocol, TypeVar

import attrs

try:
    import numpy as np
    import numpy.typing as npt
except ImportError as error:  # pragma: no cover - the extra is installed in the test session
    raise ImportError(
        "morpyam.encoding needs numpy: install the extra with pip install 'morpyam[numpy]'"
    ) from error

from morpyam.actions import Action, DealTile, LoseTurn, Pass, Place, PlaceTile, Roll, RollResult
from morpyam.dice import DICE, OUTCOMES, keep_options, multisets
from morpyam.engine import apply, chance_outcomes, legal_actions, new_game, sample_chance, scores
from morpyam.errors import _shown
from morpyam.figures import Figure, Label, Special, shown
from morpyam.game import Game
from morpyam.kit import descriptions, presets
from morpyam.rules import PRESETS, Rules
from morpyam.state import State
from morpyam.tiles import LABEL_ORDER

__all__ = [
    "CALLS",
    "CHANCE_FACES",
    "KEEP_MASKS",
    "MAX_DECISIONS",
    "Encoding",
    "Field",
    "GameEncoding",
    "HiddenInformation",
    "ObservationLayout",
    "chance_faces_id",
    "chance_table",
    "check_id",
    "keep_from_mask",
    "keep_mask",
    "rules_from",
    "win_rewards",
]

MAX_DECISIONS = descriptions.MAX_DECISIONS
"""The default cut-off of every adapter (`morpyam.kit.descriptions.MAX_DECISIONS`)."""

KEEP_MASKS = (1 << DICE) - 1
"""Keep masks ``0 .. 30`` over the five sorted dice (keeping all five is no roll)."""

CALLS: tuple[Label | None, ...] = (
    None,
    *(f for f in Figure if f.brelan_face is None and f is not Figure.SMALL_STRAIGHT),
    Special.SEC,
)
"""The call options of a roll, by index: no call, the callable figures in ``Figure`` order, SEC."""

CHANCE_FACES: tuple[tuple[int, ...], ...] = tuple(
    faces for count in range(1, DICE + 1) for faces in multisets(count)
)
"""The 461 sorted throws of 1 to 5 dice, by chance id."""

_CHANCE_ID = {faces: index for index, faces in enumerate(CHANCE_FACES)}
_CALL_INDEX: dict[Label | None, int] = {call: index for index, call in enumerate(CALLS)}
_LABEL_INDEX = {label: index for index, label in enumerate(LABEL_ORDER)}
_FIGURES = tuple(Figure)


def _canonical_mask(dice: tuple[int, ...], keep: tuple[int, ...]) -> int:
    """The mask keeping ``keep`` from the leftmost dice of each face."""
    mask = 0
    for face in keep:
        position = next(i for i in range(DICE) if dice[i] == face and not mask >> i & 1)
        mask |= 1 << position
    return mask


_MASK: dict[tuple[tuple[int, ...] | None, tuple[int, ...]], int] = {(None, ()): 0}
_KEEP: dict[tuple[tuple[int, ...] | None, int], tuple[int, ...]] = {(None, 0): ()}
for _dice in OUTCOMES:
    for _keep in keep_options(_dice):
        _mask = _canonical_mask(_dice, _keep)
        _MASK[_dice, _keep] = _mask
        _KEEP[_dice, _mask] = _keep


def keep_mask(dice: tuple[int, ...] | None, keep: tuple[int, ...]) -> int:
    """The one keep mask of ``keep`` from five sorted ``dice`` (``None``: no dice yet).

    Examples:
        >>> keep_mask((2, 3, 3, 5, 6), (3, 6))
        18

    Raises:
        ValueError: when ``keep`` (0 to 4 faces) cannot be kept from ``dice``.
    """
    try:
        return _MASK[dice, keep]
    except (KeyError, TypeError):
        raise ValueError(f"{_shown(keep)} cannot be kept from the dice {_shown(dice)}") from None


def keep_from_mask(dice: tuple[int, ...] | None, mask: int) -> tuple[int, ...]:
    """The keep that mask ``mask`` names on ``dice``: the inverse of `keep_mask`.

    Raises:
        ValueError: for a mask that is not the one mask of its keep (it would
            name the same keep as another id), or no dice to keep from.
    """
    try:
        return _KEEP[dice, mask]
    except (KeyError, TypeError):
        raise ValueError(
            f"keep mask {_shown(mask)} is not an encoded keep of the dice {_shown(dice)}"
        ) from None


def chance_faces_id(faces: tuple[int, ...]) -> int:
    """The chance id of a sorted throw of 1 to 5 dice (its index in ``CHANCE_FACES``).

    Raises:
        ValueError: for anything else.
    """
    try:
        return _CHANCE_ID[faces]
    except (KeyError, TypeError):
        raise ValueError(f"not a sorted throw of 1 to {DICE} dice: {_shown(faces)}") from None


def check_id(value: Any, size: int) -> int:
    """``value`` as an ``int`` id in ``range(size)`` (NumPy integers accepted).

    Raises:
        ValueError: for anything else (a bool, a float, an id out of range).
    """
    if isinstance(value, (bool, float)) or not isinstance(value, (int, np.integer)):
        raise ValueError(f"an id is an int, got {_shown(value)}")
    index = int(value)
    if not 0 <= index < size:
        raise ValueError(f"id {index} is out of range 0 to {size - 1}")
    return index


def rules_from(rules: Rules | str | None, players: int = 2) -> Rules:
    """``rules`` itself, the preset of that name for ``players``, or the classic preset for ``None``
    (the kit's `morpyam.kit.presets.rules_from` with Morpyam's presets).

    Raises:
        ValueError: for anything else.
    """
    return presets.rules_from(rules, PRESETS, Rules, players=players)


@attrs.frozen
class Field:
    """A named part of the observation vector: ``vector[offset : offset + size]`` reshaped to ``shape``."""

    name: str
    """What it holds (see the ecosystems page)."""
    offset: int
    """Where it starts in the flat vector."""
    shape: tuple[int, ...]
    """Its shape."""
    high: float = 1.0
    """The largest value any of its numbers takes (all are at least 0)."""

    @property
    def size(self) -> int:
        """How many numbers it holds."""
        size = 1
        for length in self.shape:
            size *= length
        return size


@attrs.frozen
class ObservationLayout:
    """The observation vector's fields, in order, with their offsets."""

    fields: tuple[Field, ...]
    """The fields in vector order."""

    @classmethod
    def of(cls, shapes: Sequence[tuple[str, tuple[int, ...], float]]) -> ObservationLayout:
        """Lay out ``(name, shape, high)`` triples one after the other (a ``high`` below 1 counts as 1)."""
        fields: list[Field] = []
        offset = 0
        for name, shape, high in shapes:
            field = Field(name, offset, shape, float(max(high, 1)))
            fields.append(field)
            offset += field.size
        return cls(tuple(fields))

    @property
    def size(self) -> int:
        """The length of the flat vector."""
        last = self.fields[-1]
        return last.offset + last.size

    def high(self) -> npt.NDArray[np.float32]:
        """The upper bound of each number of the vector (the lower bound is 0)."""
        return np.concatenate(
            [np.full(field.size, field.high, dtype=np.float32) for field in self.fields]
        )

    def views(self, vector: npt.NDArray[np.float32]) -> dict[str, npt.NDArray[np.float32]]:
        """Each field of ``vector`` as a shaped view (writing to one writes to the vector)."""
        return {
            field.name: vector[field.offset : field.offset + field.size].reshape(field.shape)
            for field in self.fields
        }


S = TypeVar("S")
A = TypeVar("A")


class GameEncoding(Protocol[S, A]):
    """What the adapters need of a game: its engine, and its actions, chance and states as numbers.

    The OpenSpiel, PettingZoo and Gymnasium adapters are written against this
    protocol alone: a game plugs in with an encoding and a one-line
    registration, and no adapter names a game. It holds the engine's
    functions (those of the `Game` module in ``game``,
    bound to the encoding's settings), the ids of actions and chance
    outcomes, the masks, observations and text, and what the game pays: the
    step rewards of PettingZoo and Gymnasium, and the final returns, with
    their bounds, of OpenSpiel.
    `Encoding` (Morpyam) and
    `morpyam.yahtzee.encoding.Encoding` satisfy it.
    """

    @property
    def players(self) -> int:
        """Number of players."""

    @property
    def num_actions(self) -> int:
        """The size of the action space: ids ``0 .. num_actions - 1``."""

    @property
    def num_chance_outcomes(self) -> int:
        """The size of the chance outcome space."""

    @property
    def layout(self) -> ObservationLayout:
        """The observation vector's fields."""

    @property
    def game(self) -> Game[Any, Any, Any]:
        """The game (a module, usually) whose engine the encoding's functions are."""

    def new_state(self) -> S:
        """The first state of a game."""

    def legal_actions(self, state: S) -> Sequence[A]:
        """The engine's legal actions (at a chance node: the outcomes)."""

    def apply(self, state: S, action: A) -> S:
        """The engine's transition."""

    def chance_outcomes(self, state: S) -> Sequence[tuple[A, Fraction]]:
        """The engine's chance outcomes with exact probabilities."""

    def sample_chance(self, state: S, rng: random.Random) -> A:
        """One chance outcome drawn with ``rng``."""

    def scores(self, state: S) -> tuple[int, ...]:
        """Points per player."""

    def action_id(self, state: S, action: A) -> int:
        """The id of a player's action in ``state``."""

    def action(self, state: S, action_id: int) -> A:
        """The action of id ``action_id`` in ``state``."""

    def chance_id(self, action: A) -> int:
        """The id of a chance outcome."""

    def chance_action(self, chance_id: int) -> A:
        """The chance outcome of id ``chance_id``."""

    def legal_ids(self, state: S) -> list[int]:
        """The ids of the legal actions (chance ids at a chance node), ascending."""

    def chance_probabilities(self, state: S) -> list[tuple[int, float]]:
        """At a chance node, each chance id with its probability as a float, ids ascending."""

    def legal_mask(self, state: S) -> npt.NDArray[np.int8]:
        """1 for each legal action id of the player to move, else 0 (all 0 at chance and at the end)."""

    def observation(self, state: S, player: int) -> npt.NDArray[np.float32]:
        """The observation vector of ``state`` for ``player``."""

    def write(self, vector: npt.NDArray[np.float32], state: S, player: int) -> None:
        """Fill ``vector`` (zeros, of the layout's size) with the observation of ``state`` for ``player``."""

    def text(self, state: S, player: int) -> str:
        """The observation as text for ``player``."""

    def rewards(self, before: S, after: S) -> tuple[float, ...]:
        """Per player, the reward of the step from ``before`` to ``after`` (the adapters' reward)."""

    def returns(self, state: S) -> tuple[float, ...]:
        """Per player, the return of a game over, or cut off before its end (OpenSpiel's returns)."""

    @property
    def min_return(self) -> float:
        """The least any player's return can be."""

    @property
    def max_return(self) -> float:
        """The most any player's return can be."""

    @property
    def return_sum(self) -> float | None:
        """What the players' returns always add up to, or ``None`` when it varies (general sum)."""

    @property
    def max_decisions(self) -> int | None:
        """The most player decisions a game can take, or ``None`` when it can go on forever."""


S_contra = TypeVar("S_contra", contravariant=True)


class HiddenInformation(Protocol[S_contra]):
    """What an encoding of a game with hidden information adds: each player's information state.

    The OpenSpiel adapter asks for it when a game's spec says the game is not
    of perfect information (a player's rack hidden from the others).
    """

    def information_state(self, state: S_contra, player: int) -> str:
        """A key of all ``player`` has seen so far: equal for the states they cannot tell apart."""


_MEMO_SIZE = 50_000
_CALL_COUNT = len(CALLS)
_CALL_BY_ID = {id(call): index for index, call in enumerate(CALLS)}
_MASKS_OF: dict[tuple[int, ...] | None, dict[tuple[int, ...], int]] = {}
for (_dice_key, _keep_key), _mask_value in _MASK.items():
    _MASKS_OF.setdefault(_dice_key, {})[_keep_key] = _mask_value
_FIGURE_OFFSETS = {
    dice: np.array([_FIGURES.index(figure) for figure in shown(dice)], dtype=np.intp)
    for dice in OUTCOMES
}


def chance_table(
    memo: dict[Any, Any],
    legal: Sequence[Any],
    outcomes: Sequence[tuple[Any, Fraction]],
    chance_id: Callable[[Any], int],
) -> list[tuple[int, float]]:
    """Chance ids and float probabilities, ascending, remembered in ``memo`` per outcome table.

    The engines hand out the same tuple of outcomes for the same number of
    dice, so a table is remembered by that tuple's identity (and keeps the
    tuple, so the identity holds).
    """
    key = ("chance", id(legal))
    found = memo.get(key)
    if found is not None and found[0] is legal:
        return found[1]  # type: ignore[no-any-return]
    table = sorted((chance_id(action), float(probability)) for action, probability in outcomes)
    memo[key] = (legal, table)
    return table


def _most_points(rules: Rules) -> int:
    """More points than any player can have: every line full of the shortest scoring runs."""
    if not rules.run_points:
        return rules.end_bonus
    shortest = min(length for length, _ in rules.run_points)
    best = max(points for _, points in rules.run_points)
    runs = sum(len(line) // shortest for line in rules.layout.lines)
    return runs * best + rules.end_bonus


def _relative(players: int, observer: int, player: int) -> int:
    """Seat of ``player`` counted from ``observer`` (the observer is 0)."""
    return (player - observer) % players


_ROLL_IDS = KEEP_MASKS * len(CALLS)


@attrs.frozen
class Encoding:
    """The fixed encoding of Morpyam games under ``rules`` (see the module for the id layout).

    Examples:
        >>> import morpyam as mp
        >>> encoding = Encoding(mp.Rules.plus(players=3))
        >>> encoding.num_actions, encoding.num_chance_outcomes
        (825, 476)
    """

    rules: Rules = attrs.field()
    cells: int = attrs.field(init=False)
    """Cells of the grid."""
    num_actions: int = attrs.field(init=False)
    """Action ids: ``0 .. num_actions - 1``."""
    num_chance_outcomes: int = attrs.field(init=False)
    """Chance ids: ``0 .. num_chance_outcomes - 1``."""
    layout: ObservationLayout = attrs.field(init=False)
    """The observation vector's fields."""
    _at: dict[str, int] = attrs.field(init=False, eq=False, repr=False)
    _labels: npt.NDArray[np.intp] = attrs.field(init=False, eq=False, repr=False)
    _memo: dict[Any, Any] = attrs.field(init=False, eq=False, repr=False)

    @rules.validator
    def _check_rules(self, attribute: attrs.Attribute[Any], rules: Any) -> None:
        if not isinstance(rules, Rules):
            raise ValueError(f"an Encoding needs a Rules value, got {_shown(rules)}")

    def __attrs_post_init__(self) -> None:
        cells = len(self.rules.layout)
        tiles = self.rules.tile_setup
        players = self.rules.players
        labels = len(LABEL_ORDER)
        set_ = object.__setattr__
        set_(self, "cells", cells)
        lays = labels * cells if tiles else 0
        set_(self, "num_actions", _ROLL_IDS + cells + 1 + lays + int(self.rules.lost_turns))
        set_(self, "num_chance_outcomes", len(CHANCE_FACES) + (labels if tiles else 0))
        dice = float(DICE)
        shapes: list[tuple[str, tuple[int, ...], float]] = [
            ("owners", (players + 1, cells), 1),
            ("labels", (labels, cells), 1),
            ("dice", (6,), dice),
            ("kept", (6,), dice - 1),
            ("rolls", (4,), 1),
            ("call", (len(CALLS),), 1),
            ("figures", (len(_FIGURES),), 1),
            ("in_air", (1,), 1),
            ("to_move", (players,), 1),
            ("tokens_left", (players,), self.rules.tokens_per_player),
            ("scores", (players,), _most_points(self.rules)),
            ("daversa_armed", (players,), 1),
            ("resigned", (players,), 1),
            ("winners", (players,), 1),
            ("start_roll", (2, players), 6),
        ]
        if tiles:
            shapes += [("hands", (players, labels), cells), ("bag", (labels,), cells)]
        layout = ObservationLayout.of(shapes)
        set_(self, "layout", layout)
        at = {field.name: field.offset for field in layout.fields}
        set_(self, "_at", at)
        set_(self, "_labels", self._label_indices(self.rules.layout.labels))
        set_(self, "_memo", {})

    def _label_indices(self, grid: Sequence[Label | None]) -> npt.NDArray[np.intp]:
        """Where the ones of the ``labels`` field go for a grid."""
        base, cells = self._at["labels"], self.cells
        return np.array(
            [
                base + _LABEL_INDEX[label] * cells + index
                for index, label in enumerate(grid)
                if label is not None
            ],
            dtype=np.intp,
        )

    def _points(self, state: State) -> tuple[int, ...]:
        """`scores`, remembered by the owners of the cells while the game runs."""
        if state.is_terminal:
            return scores(state)
        memo = self._memo
        points = memo.get(state.owners)
        if points is None:
            if len(memo) > _MEMO_SIZE:
                memo.clear()
            points = memo[state.owners] = scores(state)
        return points

    @property
    def players(self) -> int:
        """Number of players."""
        return self.rules.players

    @property
    def game(self) -> Game[Rules, State, Action]:
        """The module ``morpyam``, which is a `Game`."""
        import morpyam

        return morpyam

    @property
    def place_base(self) -> int:
        """The id of ``Place`` on the first cell (248)."""
        return _ROLL_IDS

    @property
    def pass_id(self) -> int:
        """The id of ``Pass``."""
        return _ROLL_IDS + self.cells

    @property
    def tile_base(self) -> int:
        """The id of laying the first label on the first cell (Plus only)."""
        return _ROLL_IDS + self.cells + 1

    @property
    def lose_turn_id(self) -> int | None:
        """The id of ``LoseTurn`` (the last id), or ``None`` when the rules have no lost turns."""
        return self.num_actions - 1 if self.rules.lost_turns else None

    def new_state(self) -> State:
        """A new game, from the start roll."""
        return new_game(self.rules)

    def legal_actions(self, state: State) -> tuple[Action, ...]:
        """`legal_actions`."""
        return legal_actions(state)

    def apply(self, state: State, action: Action) -> State:
        """`apply`."""
        return apply(state, action)

    def chance_outcomes(self, state: State) -> tuple[tuple[Action, Fraction], ...]:
        """`chance_outcomes`."""
        return chance_outcomes(state)

    def sample_chance(self, state: State, rng: random.Random) -> Action:
        """`sample_chance`."""
        return sample_chance(state, rng)

    def scores(self, state: State) -> tuple[int, ...]:
        """`scores`."""
        return scores(state)

    def action_id(self, state: State, action: Action) -> int:
        """The id of a player's ``action`` in ``state`` (a ``Roll``'s keep depends on the dice).

        Raises:
            ValueError: for a chance outcome, a keep not on the dice, or a cell
                off the grid.
        """
        kind = type(action)
        if kind is Roll:
            roll: Roll = action  # type: ignore[assignment]
            call = _CALL_INDEX.get(roll.call)
            if call is None:
                raise ValueError(f"{roll.call} can never be called (R-CALL-2), so it has no id")
            return keep_mask(state.dice, roll.keep) * len(CALLS) + call
        if kind is Place:
            place: Place = action  # type: ignore[assignment]
            return _ROLL_IDS + self._cell_index(place.cell)
        if kind is Pass:
            return self.pass_id
        if kind is LoseTurn and self.rules.lost_turns:
            return self.num_actions - 1
        if kind is PlaceTile and self.rules.tile_setup:
            lay: PlaceTile = action  # type: ignore[assignment]
            return (
                self.tile_base + _LABEL_INDEX[lay.label] * self.cells + self._cell_index(lay.cell)
            )
        raise ValueError(f"{_shown(action)} is not a player's action of these rules")

    def _cell_index(self, cell: Any) -> int:
        try:
            return self.rules.layout.index(cell)
        except KeyError:
            raise ValueError(f"{cell} is off the grid") from None

    def action(self, state: State, action_id: int) -> Action:
        """The player's action of id ``action_id`` in ``state``.

        Raises:
            ValueError: for an id out of range, or a roll id whose keep mask is
                not the one encoded for the dice showing.
        """
        index = check_id(action_id, self.num_actions)
        if index < _ROLL_IDS:
            mask, call = divmod(index, len(CALLS))
            return Roll(keep_from_mask(state.dice, mask), CALLS[call])
        cell_ids = self.cells
        if index < _ROLL_IDS + cell_ids:
            return Place(self.rules.layout.cells[index - _ROLL_IDS])
        if index == self.pass_id:
            return Pass()
        if index == self.lose_turn_id:
            return LoseTurn()
        label, cell = divmod(index - self.tile_base, cell_ids)
        return PlaceTile(LABEL_ORDER[label], self.rules.layout.cells[cell])

    def chance_id(self, action: Action) -> int:
        """The chance id of a ``RollResult`` (or, in Plus, a ``DealTile``).

        Raises:
            ValueError: for anything else.
        """
        if type(action) is RollResult:
            return _CHANCE_ID[action.faces]
        if type(action) is DealTile and self.rules.tile_setup:
            return len(CHANCE_FACES) + _LABEL_INDEX[action.label]
        raise ValueError(f"{_shown(action)} is not a chance outcome of these rules")

    def chance_action(self, chance_id: int) -> Action:
        """The chance outcome of id ``chance_id``.

        Raises:
            ValueError: for an id out of range.
        """
        index = check_id(chance_id, self.num_chance_outcomes)
        if index < len(CHANCE_FACES):
            return RollResult(CHANCE_FACES[index])
        return DealTile(LABEL_ORDER[index - len(CHANCE_FACES)])

    def legal_ids(self, state: State) -> list[int]:
        """The ids of ``legal_actions(state)``, ascending (chance ids at a chance node)."""
        legal = legal_actions(state)
        if state.is_chance:
            return [index for index, _ in self._chance_table(state, legal)]
        masks = _MASKS_OF[state.dice]
        calls = _CALL_BY_ID
        width = self.rules.layout.width
        cells = self.cells
        ids: list[int] = []
        for action in legal:
            kind = type(action)
            if kind is Roll:
                ids.append(masks[action.keep] * _CALL_COUNT + calls[id(action.call)])  # type: ignore[union-attr]
            elif kind is Place:
                cell = action.cell  # type: ignore[union-attr]
                ids.append(_ROLL_IDS + cell.row * width + cell.col)
            elif kind is Pass:
                ids.append(_ROLL_IDS + cells)
            else:
                ids.append(self.action_id(state, action))
        ids.sort()
        return ids

    def _chance_table(self, state: State, legal: tuple[Action, ...]) -> list[tuple[int, float]]:
        return chance_table(self._memo, legal, chance_outcomes(state), self.chance_id)

    def chance_probabilities(self, state: State) -> list[tuple[int, float]]:
        """At a chance node, each chance id with its probability as a float, ids ascending."""
        return self._chance_table(state, legal_actions(state))

    def legal_mask(self, state: State) -> npt.NDArray[np.int8]:
        """1 for each legal action id of the player to move; all 0 at a chance node or the end."""
        mask = np.zeros(self.num_actions, dtype=np.int8)
        if state.current_player is not None:
            mask[self.legal_ids(state)] = 1
        return mask

    def observation(self, state: State, player: int) -> npt.NDArray[np.float32]:
        """The observation vector of ``state`` for ``player`` (fields in `layout`)."""
        vector = np.zeros(self.layout.size, dtype=np.float32)
        self.write(vector, state, player)
        return vector

    def write(self, vector: npt.NDArray[np.float32], state: State, player: int) -> None:
        """Fill ``vector`` (zeros, of the layout's size) with the observation of ``state`` for ``player``."""
        players = self.players
        cells = self.cells
        at = self._at
        owners = at["owners"]
        empty = owners + players * cells
        for index, owner in enumerate(state.owners):
            if owner is None:
                vector[empty + index] = 1
            else:
                vector[owners + (owner - player) % players * cells + index] = 1
        setup = state.setup
        if setup is not None:
            vector[self._label_indices(setup.tiles)] = 1
        elif state.layout is self.rules.layout:
            vector[self._labels] = 1
        else:
            vector[self._label_indices(state.layout.labels)] = 1
        dice = state.dice
        if dice is not None:
            base = at["dice"] - 1
            for face in dice:
                vector[base + face] += 1
            vector[_FIGURE_OFFSETS[dice] + at["figures"]] = 1
        base = at["kept"] - 1
        for face in state.kept:
            vector[base + face] += 1
        vector[at["rolls"] + state.rolls] = 1
        vector[at["call"] + _CALL_BY_ID[id(state.call)]] = 1
        vector[at["in_air"]] = state.in_air
        points = self._points(state)
        for seat in range(players):
            rel = (seat - player) % players
            vector[at["tokens_left"] + rel] = state.tokens_left[seat]
            vector[at["scores"] + rel] = points[seat]
            vector[at["daversa_armed"] + rel] = state.daversa_armed[seat]
        for seat in state.resigned:
            vector[at["resigned"] + (seat - player) % players] = 1
        for seat in state.winners:
            vector[at["winners"] + (seat - player) % players] = 1
        if not state.is_terminal:
            vector[at["to_move"] + (state.player - player) % players] = 1
        faces = state.roll_off_faces
        for position, seat in enumerate(state.roll_off):
            rel = (seat - player) % players
            vector[at["start_roll"] + rel] = 1
            if position < len(faces):
                vector[at["start_roll"] + players + rel] = faces[position]
        if setup is not None:
            labels = len(LABEL_ORDER)
            for seat, hand in enumerate(setup.hands):
                row = at["hands"] + (seat - player) % players * labels
                for label, count in Counter(hand).items():
                    vector[row + _LABEL_INDEX[label]] = count
            for label, count in Counter(setup.bag).items():
                vector[at["bag"] + _LABEL_INDEX[label]] = count

    def text(self, state: State, player: int) -> str:
        """The position as text (the game is of perfect information: the same for every player)."""
        return str(state)

    def rewards(self, before: State, after: State) -> tuple[float, ...]:
        """0 until the game ends; then `win_rewards`."""
        if not after.is_terminal:
            return (0.0,) * self.players
        return win_rewards(after.winners, self.players)

    def returns(self, state: State) -> tuple[float, ...]:
        """The winners share 1, the others get 0; a game cut off is scored as if it had ended on
        points (R-END-2 without the end bonus): the players with the most points share the win."""
        winners: frozenset[int] | set[int] = state.winners
        if not winners:
            points = scores(state)
            best = max(points)
            winners = {player for player, value in enumerate(points) if value == best}
        return tuple(
            1 / len(winners) if player in winners else 0.0 for player in range(self.players)
        )

    @property
    def min_return(self) -> float:
        """0: a player who does not win."""
        return 0.0

    @property
    def max_return(self) -> float:
        """1: a sole winner."""
        return 1.0

    @property
    def return_sum(self) -> float:
        """1: the winners share it (a constant-sum game)."""
        return 1.0

    @property
    def max_decisions(self) -> None:
        """``None``: a game can go on forever (players may pass), so the adapters cut it off."""
        return None


def win_rewards(winners: frozenset[int], players: int) -> tuple[float, ...]:
    """The reward of a finished game: +1 for a sole winner, 0 for a shared win, -1 for the others.

    Examples:
        >>> win_rewards(frozenset({1}), 3)
        (-1.0, 1.0, -1.0)
    """
    shared = len(winners) > 1
    return tuple(
        (0.0 if shared else 1.0) if player in winners else -1.0 for player in range(players)
    )
