"""Fixed integer encoding of the score-sheet game (extra ``numpy``), like `morpyam.encoding`.

Action ids (44): ``0 .. 30`` are the rolls by keep mask over the five
sorted dice (`keep_mask`: bit ``i`` keeps the
``i``-th die, repeated faces keep the leftmost), ``31 + box.index`` scores
a box (``31`` ones .. ``43`` chance). Chance ids (461) are those of
Morpyam: `CHANCE_FACES`. The observation
fields are in `Encoding.layout`
and tabled on the ecosystems page.

Examples:
    >>> import morpyam.yahtzee as yz
    >>> encoding = Encoding(yz.Rules.hasbro(), players=2)
    >>> encoding.num_actions, encoding.num_chance_outcomes
    (44, 461)
"""

from __future__ import annotations

import random
from fractions import Fraction
from typing import Any

import attrs
import numpy as np
import numpy.typing as npt

from morpyam.dice import OUTCOMES, keep_options
from morpyam.encoding import (
    CHANCE_FACES,
    KEEP_MASKS,
    ObservationLayout,
    chance_faces_id,
    chance_table,
    check_id,
    keep_from_mask,
    keep_mask,
)
from morpyam.errors import shown as _shown
from morpyam.game import Game
from morpyam.kit import presets
from morpyam.yahtzee.actions import Action, Roll, RollResult, Score
from morpyam.yahtzee.engine import (
    MAX_GAMES,
    MAX_PLAYERS,
    allowed_boxes,
    apply,
    box_points,
    chance_outcomes,
    legal_actions,
    new_game,
    sample_chance,
    scores,
)
from morpyam.yahtzee.rules import BOXES, PRESETS, YAHTZEE_POINTS, Rules
from morpyam.yahtzee.state import State

__all__ = ["MOST_BOX_POINTS", "TURN_DECISIONS", "Encoding", "rules_from"]

_BOXES = len(BOXES)
_MASKS_OF: dict[tuple[int, ...] | None, dict[tuple[int, ...], int]] = {
    dice: {keep: keep_mask(dice, keep) for keep in keep_options(dice)} for dice in OUTCOMES
}
_MASKS_OF[None] = {(): 0}
_MOST_UPPER = 5 * (1 + 2 + 3 + 4 + 5 + 6)  # five of each face in the upper boxes (Y-BOX-2)
MOST_BOX_POINTS = _MOST_UPPER + 30 + 30 + 25 + 30 + 40 + 50 + 30
"""The most the 13 boxes can hold, bonuses apart: five sixes in 3K, 4K and chance, 25, 30, 40, 50."""
TURN_DECISIONS = 4
"""The most decisions of a turn: three rolls and a score (Y-TURN-1)."""


def rules_from(rules: Rules | str | None, players: int = 1) -> Rules:
    """``rules`` itself, the preset of that name for ``players``, or Hasbro's rules for
    ``None`` (the kit's `morpyam.kit.presets.rules_from` with the score sheet's presets).

    Raises:
        ValueError: for a name that is not a preset (``"hasbro"``, ``"megawuerfel"``), players
            the preset refuses (Y-SET-1), or a value that is neither a score-sheet ``Rules``,
            a name nor ``None``.
    """
    return presets.rules_from(
        rules, PRESETS, Rules, players=players, default="hasbro", game="score-sheet "
    )


def _players(instance: object, attribute: attrs.Attribute[Any], value: Any) -> None:
    if type(value) is not int or not 1 <= value <= MAX_PLAYERS:
        raise ValueError(f"Y-SET-1: 1 to {MAX_PLAYERS} players, got {_shown(value)}")


def _games(instance: object, attribute: attrs.Attribute[Any], value: Any) -> None:
    if type(value) is not int or not 1 <= value <= MAX_GAMES:
        raise ValueError(f"Y-END-1: a sheet holds 1 to {MAX_GAMES} games, got {_shown(value)}")


def _rules(instance: object, attribute: attrs.Attribute[Any], value: Any) -> None:
    if not isinstance(value, Rules):
        raise ValueError(f"an Encoding needs a yahtzee Rules value, got {_shown(value)}")


@attrs.frozen
class Encoding:
    """The fixed encoding of score-sheet games: ``players`` sheets of ``games`` columns.

    ``players`` is ``rules.players`` unless given; given, it is written into
    ``rules`` (``Encoding(Rules.hasbro(), players=2).rules == Rules.hasbro(players=2)``),
    so that the states `new_state` makes carry the rules the encoding holds.
    """

    rules: Rules = attrs.field(validator=_rules)
    """The rules of the sheets, with ``players`` players."""
    players: int = attrs.field(
        default=attrs.Factory(lambda self: self.rules.players, takes_self=True),
        validator=_players,
    )
    """Number of players, 1 to 6: ``rules.players`` by default."""
    games: int = attrs.field(default=1, validator=_games)
    """Games on the sheet, 1 to 6."""
    num_actions: int = attrs.field(init=False, default=KEEP_MASKS + _BOXES)
    """Action ids: 31 rolls and 13 boxes."""
    num_chance_outcomes: int = attrs.field(init=False, default=len(CHANCE_FACES))
    """Chance ids: the 461 sorted throws."""
    layout: ObservationLayout = attrs.field(init=False)
    """The observation vector's fields."""
    _memo: dict[Any, Any] = attrs.field(init=False, eq=False, repr=False, factory=dict)

    def __attrs_post_init__(self) -> None:
        players = self.players
        if players != self.rules.players:
            object.__setattr__(self, "rules", attrs.evolve(self.rules, players=players))
        rules = self.rules
        bonuses = (_BOXES - 1) * rules.yahtzee_bonus
        most = (MOST_BOX_POINTS + rules.upper_bonus + bonuses) * self.games
        shapes: list[tuple[str, tuple[int, ...], float]] = [
            ("filled", (players, _BOXES), 1),
            ("points", (players, _BOXES), YAHTZEE_POINTS),
            ("upper_sum", (players,), _MOST_UPPER),
            ("upper_bonus", (players,), rules.upper_bonus),
            ("yahtzee_bonus", (players,), bonuses),
            ("totals", (players,), most),
            ("game", (self.games,), 1),
            ("dice", (6,), 5),
            ("kept", (6,), 4),
            ("rolls", (4,), 1),
            ("in_air", (1,), 1),
            ("to_move", (players,), 1),
            ("box_points", (_BOXES,), YAHTZEE_POINTS),
        ]
        object.__setattr__(self, "layout", ObservationLayout.of(shapes))

    @property
    def game(self) -> Game[Rules, State, Action]:
        """The module ``morpyam.yahtzee``, which is a `Game`."""
        import morpyam.yahtzee

        return morpyam.yahtzee

    def new_state(self) -> State:
        """Empty sheets, player 0 to roll."""
        return new_game(self.rules, games=self.games)

    def legal_actions(self, state: State) -> tuple[Action, ...]:
        """`legal_actions`."""
        return legal_actions(state)

    def apply(self, state: State, action: Action) -> State:
        """`apply`."""
        return apply(state, action)

    def chance_outcomes(self, state: State) -> tuple[tuple[RollResult, Fraction], ...]:
        """`chance_outcomes`."""
        return chance_outcomes(state)

    def sample_chance(self, state: State, rng: random.Random) -> RollResult:
        """`sample_chance`."""
        return sample_chance(state, rng)

    def scores(self, state: State) -> tuple[int, ...]:
        """`scores`."""
        return scores(state)

    def action_id(self, state: State, action: Action) -> int:
        """The id of a player's ``action`` in ``state``.

        Raises:
            ValueError: for a chance outcome or a keep not on the dice.
        """
        if type(action) is Roll:
            return keep_mask(state.dice, action.keep)
        if type(action) is Score:
            return KEEP_MASKS + action.box.index
        raise ValueError(f"{_shown(action)} is not a player's action")

    def action(self, state: State, action_id: int) -> Action:
        """The player's action of id ``action_id`` in ``state``.

        Raises:
            ValueError: for an id out of range, or a keep mask that is not the
                one encoded for the dice showing.
        """
        index = check_id(action_id, self.num_actions)
        if index < KEEP_MASKS:
            return Roll(keep_from_mask(state.dice, index))
        return Score(BOXES[index - KEEP_MASKS])

    def chance_id(self, action: Action) -> int:
        """The chance id of a ``RollResult``.

        Raises:
            ValueError: for anything else.
        """
        if type(action) is RollResult:
            return chance_faces_id(action.faces)
        raise ValueError(f"{_shown(action)} is not a chance outcome")

    def chance_action(self, chance_id: int) -> RollResult:
        """The chance outcome of id ``chance_id``.

        Raises:
            ValueError: for an id out of range.
        """
        return RollResult(CHANCE_FACES[check_id(chance_id, self.num_chance_outcomes)])

    def legal_ids(self, state: State) -> list[int]:
        """The ids of ``legal_actions(state)``, ascending (chance ids at a chance node)."""
        legal = legal_actions(state)
        if state.in_air:
            return [index for index, _ in self.chance_probabilities(state)]
        masks = _MASKS_OF[state.dice]
        ids = [
            masks[action.keep] if type(action) is Roll else KEEP_MASKS + action.box.index  # type: ignore[union-attr]
            for action in legal
        ]
        ids.sort()
        return ids

    def chance_probabilities(self, state: State) -> list[tuple[int, float]]:
        """At a chance node, each chance id with its probability as a float, ids ascending."""
        return chance_table(
            self._memo, legal_actions(state), chance_outcomes(state), self.chance_id
        )

    def legal_mask(self, state: State) -> npt.NDArray[np.int8]:
        """1 for each legal action id of the player to move; all 0 at a chance node or the end."""
        mask = np.zeros(self.num_actions, dtype=np.int8)
        if state.current_player is not None:
            mask[self.legal_ids(state)] = 1
        return mask

    def observation(self, state: State, player: int) -> npt.NDArray[np.float32]:
        """The observation vector of ``state`` for ``player``."""
        vector = np.zeros(self.layout.size, dtype=np.float32)
        self.write(vector, state, player)
        return vector

    def write(self, vector: npt.NDArray[np.float32], state: State, player: int) -> None:
        """Fill ``vector`` (zeros, of the layout's size) with the observation for ``player``."""
        players = self.players
        view = self.layout.views(vector)
        totals = state.totals
        for seat in range(players):
            at = (seat - player) % players
            sheet = state.sheets[seat][state.game]
            for index, points in enumerate(sheet.boxes):
                if points is not None:
                    view["filled"][at, index] = 1
                    view["points"][at, index] = points
            view["upper_sum"][at] = sheet.upper_sum
            view["upper_bonus"][at] = sheet.upper_bonus
            view["yahtzee_bonus"][at] = sheet.yahtzee_bonus
            view["totals"][at] = totals[seat]
        view["game"][state.game] = 1
        for face in state.kept:
            view["kept"][face - 1] += 1
        view["rolls"][state.rolls] = 1
        view["in_air"][0] = state.in_air
        if state.current_player is not None:
            view["to_move"][(state.player - player) % players] = 1
        if state.dice is not None:
            for face in state.dice:
                view["dice"][face - 1] += 1
            for box in allowed_boxes(state):
                view["box_points"][box.index] = box_points(state, box)

    def text(self, state: State, player: int) -> str:
        """The position as text: whose turn, the dice, and each player's sheet total."""
        dice = " ".join(map(str, state.dice)) if state.dice is not None else "-"
        kept = " ".join(map(str, state.kept))
        sheets = " | ".join(
            f"p{seat} {total}" + (" *" if seat == state.current_player else "")
            for seat, total in enumerate(state.totals)
        )
        return (
            f"game {state.game + 1}/{self.games}, roll {state.rolls}/3, dice {dice}"
            + (f", in the air with {kept or 'nothing'} kept" if state.in_air else "")
            + f"; {sheets}"
        )

    def rewards(self, before: State, after: State) -> tuple[float, ...]:
        """Per player, the points the step added to their grand total (Y-END-1)."""
        return tuple(float(now - then) for now, then in zip(after.totals, before.totals))

    def returns(self, state: State) -> tuple[float, ...]:
        """Per player, the grand total of their sheet (Y-END-1): a general-sum game."""
        return tuple(float(total) for total in state.totals)

    @property
    def min_return(self) -> float:
        """0: a sheet of zeros."""
        return 0.0

    @property
    def max_return(self) -> float:
        """The most a sheet can hold: every box at its highest, both bonuses, each game."""
        rules = self.rules
        bonuses = (_BOXES - 1) * rules.yahtzee_bonus
        return float((MOST_BOX_POINTS + rules.upper_bonus + bonuses) * self.games)

    @property
    def return_sum(self) -> None:
        """``None``: the totals add up to anything (a general-sum game)."""
        return None

    @property
    def max_decisions(self) -> int:
        """Four decisions a turn, 13 turns a sheet, per player and game (Y-TURN-1, Y-END-1)."""
        return TURN_DECISIONS * _BOXES * self.players * self.games
