"""Playing the score-sheet game: new_game, legal_actions, apply, chance and scores.

The dice facts (the sorted outcomes, their exact distributions, the keep
options of five dice, merging kept and thrown dice) are the tables of
`morpyam.dice`, shared with the Morpyam engine.
``legal_actions`` and ``apply`` are built on the same questions (which
boxes may be scored, what they score), so what one lists is exactly what
the other accepts.

Order of ``legal_actions`` at a decision: the boxes that may be scored, in
sheet order, then the rolls, keeps shortest first (then by faces). Before
the turn's first roll the only action is ``Roll()``. At a chance node: the
outcomes, sorted faces in lexicographic order. Once the game is over: none.
"""

from __future__ import annotations

import random
import warnings
from fractions import Fraction

import attrs

from morpyam.dice import DICE, distribution, is_sub_multiset, keep_options, merge
from morpyam.errors import IllegalActionError
from morpyam.errors import not_an_action as _not_an_action
from morpyam.errors import shown as _shown
from morpyam.errors import wrong_state as _wrong_state
from morpyam.figures import FACES
from morpyam.yahtzee.actions import Action, Roll, RollResult, Score
from morpyam.yahtzee.rules import (
    BOXES,
    FULL_HOUSE_POINTS,
    LARGE_STRAIGHT_POINTS,
    SMALL_STRAIGHT_POINTS,
    YAHTZEE_POINTS,
    Box,
    Rules,
    _as_box,
    box_scores,
    is_yahtzee,
)
from morpyam.yahtzee.state import FULL, Sheet, State

__all__ = [
    "MAX_GAMES",
    "MAX_PLAYERS",
    "allowed_boxes",
    "apply",
    "box_points",
    "chance_outcomes",
    "legal_actions",
    "new_game",
    "sample_chance",
    "scores",
]

MAX_PLAYERS = 6
"""At most six players share a game by default (Y-SET-1; ``Rules.max_players``)."""
MAX_GAMES = 6
"""A score sheet has columns for up to six games (Y-END-1)."""

_UPPER = (1 << 6) - 1
_LOWER = FULL & ~_UPPER
_YAHTZEE_INDEX = Box.YAHTZEE.index
_YAHTZEE_BIT = 1 << _YAHTZEE_INDEX
_JOKER_POINTS = {
    Box.FULL_HOUSE.index: FULL_HOUSE_POINTS,
    Box.SMALL_STRAIGHT.index: SMALL_STRAIGHT_POINTS,
    Box.LARGE_STRAIGHT.index: LARGE_STRAIGHT_POINTS,
}
_OUTCOMES = {
    k: tuple((RollResult(faces), p) for faces, p in distribution(k)) for k in range(1, DICE + 1)
}
_OUTCOME_ACTIONS = {k: tuple(a for a, _ in outcomes) for k, outcomes in _OUTCOMES.items()}
_RESULTS = {action.faces: action for actions in _OUTCOME_ACTIONS.values() for action in actions}
_SCORE = tuple(Score(box) for box in BOXES)
_FIRST_ROLL = (Roll(),)
_ROLLS: dict[tuple[int, ...], tuple[Roll, ...]] = {}
_SCORES: dict[int, tuple[Score, ...]] = {}


def _rolls(dice: tuple[int, ...]) -> tuple[Roll, ...]:
    rolls = _ROLLS.get(dice)
    if rolls is None:
        rolls = _ROLLS[dice] = tuple(Roll(keep) for keep in keep_options(dice))
    return rolls


def _scores(allowed: int) -> tuple[Score, ...]:
    actions = _SCORES.get(allowed)
    if actions is None:
        actions = _SCORES[allowed] = tuple(
            action for index, action in enumerate(_SCORE) if allowed >> index & 1
        )
    return actions


# --- set-up ---------------------------------------------------------------


def new_game(rules: Rules, *, players: int | None = None, games: int = 1) -> State:
    """Start a game: empty sheets for ``rules.players``, player 0 to roll (Y-SET-1).

    ``games`` columns of the sheet are played one after the other, every
    player finishing a game before the next starts; the grand total decides
    (Y-END-1). The number of games stays an argument rather than a field of
    `Rules`: it is how long a table plays, not how a game is scored, and
    `Solution` values hold for any number of games.

    ``players`` is deprecated: the number of players is ``rules.players``, which
    the presets take (``Rules.hasbro(players=2)``). Passed, it warns and plays
    ``attrs.evolve(rules, players=players)``; it goes in 2.0.

    Raises:
        ValueError: for rules that are not a `Rules`,
            players outside the rules' `min_players` to `max_players` or games outside 1 to 6.
    """
    if not isinstance(rules, Rules):
        raise ValueError(f"new_game needs a yahtzee Rules value, got {_shown(rules)}")
    if players is not None:
        warnings.warn(
            "new_game(rules, players=N) is deprecated: the number of players is a field of "
            "Rules; use new_game(Rules.hasbro(players=N)) or "
            "new_game(attrs.evolve(rules, players=N))",
            DeprecationWarning,
            stacklevel=2,
        )
        low, high = rules.min_players, rules.max_players
        if type(players) is not int or not low <= players <= high:
            raise ValueError(f"Y-SET-1: {low} to {high} players, got {_shown(players)}")
        if players != rules.players:
            rules = attrs.evolve(rules, players=players)
    if type(games) is not int or not 1 <= games <= MAX_GAMES:
        raise ValueError(f"Y-END-1: a sheet holds 1 to {MAX_GAMES} games, got {_shown(games)}")
    column = (Sheet(),) * games
    return State(rules, (column,) * rules.players, 0, 0, 0, None, (), False)


# --- the questions legal_actions and apply share ---------------------------


def _joker_active(rules: Rules, sheet: Sheet, dice: tuple[int, ...]) -> bool:
    """A five of a kind with the Yahtzee box already filled, under a joker rule (Y-JOKER-1)."""
    return rules.joker != "none" and sheet.filled & _YAHTZEE_BIT != 0 and is_yahtzee(dice)


def _allowed(rules: Rules, sheet: Sheet, dice: tuple[int, ...], rolls: int) -> int:
    """The boxes that may be scored now, as bits (Y-BOX-1, Y-BOX-8, Y-JOKER-1)."""
    allowed = _allowed_any_score(rules, sheet, dice)
    if not rules.zero_only_when_nothing_fits:
        return allowed
    fitting = 0
    for index in range(len(BOXES)):
        if allowed >> index & 1 and _points(rules, sheet, dice, index):
            fitting |= 1 << index
    return fitting or (allowed if rolls == 3 else 0)


def _allowed_any_score(rules: Rules, sheet: Sheet, dice: tuple[int, ...]) -> int:
    empty = FULL & ~sheet.filled
    if rules.joker != "forced" or not _joker_active(rules, sheet, dice):
        return empty
    matching = 1 << (dice[0] - 1)
    if empty & matching:
        return matching
    return empty & _LOWER or empty


def _points(rules: Rules, sheet: Sheet, dice: tuple[int, ...], index: int) -> int:
    """What box ``index`` scores with ``dice`` on ``sheet`` (Y-BOX-2 to Y-BOX-8, Y-JOKER-1)."""
    points = box_scores(dice)[index]
    if index in _JOKER_POINTS and _joker_active(rules, sheet, dice):
        free_needs_upper = rules.joker == "free" and not sheet.filled >> (dice[0] - 1) & 1
        if not free_needs_upper:
            points = _JOKER_POINTS[index]
    return points


def allowed_boxes(state: State) -> tuple[Box, ...]:
    """The boxes the player may score with the dice showing, in sheet order; ``()`` before a roll.

    Raises:
        ValueError: for a ``state`` that is not a `State`
            (a Morpyam or MyRummy state is named, with where to go).
    """
    if not isinstance(state, State):
        raise _not_a_state(state, "allowed_boxes")
    sheet = state.sheet
    dice = state.dice
    if dice is None:
        return ()
    return tuple(action.box for action in _scores(_allowed(state.rules, sheet, dice, state.rolls)))


def box_points(state: State, box: Box | str) -> int:
    """The points scoring ``box`` (a `Box` or its name, as in
    `Score`) now would write in it, joker values included
    (Y-JOKER-1).

    The bonuses it may bring (Y-BONUS-1, Y-BONUS-2) are apart.

    Raises:
        IllegalActionError: before the turn's first roll or while dice are in the air, or
            for a box that does not exist (Y-BOX-1).
        ValueError: for a ``state`` that is not a `State`
            (a Morpyam or MyRummy state is named, with where to go).
    """
    if not isinstance(state, State):
        raise _not_a_state(state, "box_points")
    sheet = state.sheet
    if type(box) is not Box:
        box = _as_box(box)
    dice = state.dice
    if dice is None:
        raise IllegalActionError("Y-TURN-2", "a box is scored with the dice of a roll: roll first")
    return _points(state.rules, sheet, dice, box.index)


# --- the legal set ---------------------------------------------------------


def legal_actions(state: State) -> tuple[Action, ...]:
    """Every action `apply` accepts here, in the order the module documents.

    Raises:
        ValueError: for a ``state`` that is not a `State`
            (a Morpyam or MyRummy state is named, with where to go).
    """
    try:
        sheets = state.sheets
    except AttributeError:
        raise _not_a_state(state, "legal_actions") from None
    if state.in_air:
        return _OUTCOME_ACTIONS[DICE - len(state.kept)]
    dice = state.dice
    if dice is None:
        return () if sheets[state.player][state.game].filled == FULL else _FIRST_ROLL
    scores = _scores(_allowed(state.rules, sheets[state.player][state.game], dice, state.rolls))
    return scores + _rolls(dice) if state.rolls < 3 else scores


def chance_outcomes(state: State) -> tuple[tuple[RollResult, Fraction], ...]:
    """The outcomes of the dice in the air with their exact probabilities; ``()`` at a decision.

    Raises:
        ValueError: for a ``state`` that is not a `State`
            (a Morpyam or MyRummy state is named, with where to go).
    """
    try:
        if state.sheets and state.in_air:
            return _OUTCOMES[DICE - len(state.kept)]
    except AttributeError:
        raise _not_a_state(state, "chance_outcomes") from None
    return ()


def sample_chance(state: State, rng: random.Random) -> RollResult:
    """Throw the dice in the air with ``rng``: one of `chance_outcomes`,
    drawn at its probability without listing them (``rng.choices`` draws the faces).

    Raises:
        IllegalActionError: at a state that is not a chance node.
        ValueError: for a ``state`` that is not a `State`
            or an ``rng`` that is not a `random.Random`.
    """
    if not isinstance(state, State):
        raise _not_a_state(state, "sample_chance")
    if not isinstance(rng, random.Random):
        raise ValueError(f"rng must be a random.Random, got {_shown(rng)}")
    if not state.in_air:
        raise IllegalActionError("Y-TURN-1", "no dice are in the air")
    return _RESULTS[tuple(sorted(rng.choices(FACES, k=DICE - len(state.kept))))]


# --- apply -----------------------------------------------------------------


def apply(state: State, action: Action) -> State:
    """The state after ``action``; ``state`` itself never changes.

    Raises:
        IllegalActionError: when the rules do not allow ``action`` here, naming the rule.
        ValueError: for a ``state`` that is not a `State`
            (a Morpyam or MyRummy state is named, with the ``apply`` that takes it), or
            an ``action`` that is no action of this game, such as the text
            ``"score chance"`` (read it with
            `parse_action`), whatever the state.
    """
    try:
        sheets = state.sheets
    except AttributeError:
        raise _not_a_state(state, "apply") from None
    kind = type(action)
    if state.in_air:
        if kind is not RollResult:
            _check_action(action)
            raise IllegalActionError(
                "Y-TURN-1", "the dice are in the air: the next action is their RollResult"
            )
        return _apply_result(state, action)  # type: ignore[arg-type]
    if state.dice is None and sheets[state.player][state.game].filled == FULL:
        _check_action(action)
        raise IllegalActionError("Y-END-1", "the game is over: every box of every sheet is filled")
    if kind is Roll:
        return _apply_roll(state, action)  # type: ignore[arg-type]
    if kind is Score:
        return _apply_score(state, action.box)  # type: ignore[union-attr]
    if kind is RollResult:
        raise IllegalActionError("Y-TURN-1", "no dice are in the air: roll first")
    raise _not_an_action(action, "morpyam.yahtzee", _KINDS)


_KINDS = "Roll, RollResult or Score"


def _check_action(action: object) -> None:
    """Before a rule refuses ``action`` for its kind: a value that is no action of this game
    (text such as ``"score chance"``) gets the same help in every state, as in the other games."""
    if type(action) not in (Roll, RollResult, Score):
        raise _not_an_action(action, "morpyam.yahtzee", _KINDS)


def _apply_result(state: State, result: RollResult) -> State:
    kept = state.kept
    thrown = DICE - len(kept)
    if len(result.faces) != thrown:
        raise IllegalActionError(
            "Y-TURN-1", f"{thrown} dice are in the air, the result has {len(result.faces)} faces"
        )
    return State(
        state.rules,
        state.sheets,
        state.player,
        state.game,
        state.rolls + 1,
        merge(kept, result.faces),
        (),
        False,
    )


def _apply_roll(state: State, roll: Roll) -> State:
    dice = state.dice
    if dice is None:
        if roll.keep:
            raise IllegalActionError("Y-TURN-1", "the first roll of a turn throws all five dice")
    elif state.rolls >= 3:
        raise IllegalActionError("Y-TURN-1", "a turn has at most 3 rolls: score a box")
    elif not is_sub_multiset(roll.keep, dice):
        raise IllegalActionError(
            "Y-TURN-1",
            f"kept dice must be among the dice showing ({_text(dice)}), not {_text(roll.keep)}",
        )
    return State(
        state.rules, state.sheets, state.player, state.game, state.rolls, None, roll.keep, True
    )


def _apply_score(state: State, box: Box) -> State:
    dice = state.dice
    if dice is None:
        raise IllegalActionError(
            "Y-TURN-2", "a box is scored with the dice of a roll: the turn's first roll comes first"
        )
    rules = state.rules
    player, game = state.player, state.game
    sheet = state.sheets[player][game]
    index = box.index
    if sheet.filled >> index & 1:
        raise IllegalActionError(
            "Y-BOX-1", f"the {box} box is already filled ({sheet.boxes[index]} points)"
        )
    if not _allowed(rules, sheet, dice, state.rolls) >> index & 1:
        if _allowed_any_score(rules, sheet, dice) >> index & 1:
            raise IllegalActionError(
                "Y-BOX-8",
                f"the {box} box would score 0: a 0 is written only after the 3rd roll, "
                "when no empty box scores more",
            )
        raise IllegalActionError("Y-JOKER-1", _why_forced(sheet, dice))
    points = _points(rules, sheet, dice, index)
    boxes = (*sheet.boxes[:index], points, *sheet.boxes[index + 1 :])
    upper_bonus = sheet.upper_bonus
    upper_sum = sheet.upper_sum
    if index < 6 and points:
        target = rules.bonus_target
        if upper_sum < target <= upper_sum + points:
            upper_bonus = rules.upper_bonus  # Y-BONUS-1
        upper_sum += points
    yahtzee_bonus = sheet.yahtzee_bonus
    if sheet.boxes[_YAHTZEE_INDEX] == YAHTZEE_POINTS and is_yahtzee(dice):
        yahtzee_bonus += rules.yahtzee_bonus  # Y-BONUS-2
    after = Sheet._unchecked(
        boxes, upper_bonus, yahtzee_bonus, sheet.filled | 1 << index, upper_sum
    )
    column = state.sheets[player]
    column = (*column[:game], after, *column[game + 1 :])
    sheets = (*state.sheets[:player], column, *state.sheets[player + 1 :])
    if player + 1 < len(sheets):
        player += 1
    elif after.filled != FULL:
        player = 0
    elif game + 1 < len(column):
        player, game = 0, game + 1
    return State(rules, sheets, player, game, 0, None, (), False)


def _why_forced(sheet: Sheet, dice: tuple[int, ...]) -> str:
    face = dice[0]
    matching = BOXES[face - 1]
    if sheet[matching] is None:
        return f"with the Yahtzee box filled, five {face}s must go in the empty {matching} box"
    return f"with the Yahtzee and {matching} boxes filled, five {face}s go in an empty lower box"


# --- scores ------------------------------------------------------------------


def scores(state: State) -> tuple[int, ...]:
    """Per player: the grand total of their sheets so far, bonuses included (Y-END-1).

    Raises:
        ValueError: for a ``state`` that is not a `State`
            (a Morpyam or MyRummy state is named, with where to go).
    """
    if not isinstance(state, State):  # a MyRummy state has totals too
        raise _not_a_state(state, "scores")
    return state.totals


def _not_a_state(value: object, function: str) -> ValueError:
    return _wrong_state(value, "yahtzee", function)


def _text(faces: tuple[int, ...]) -> str:
    return " ".join(map(str, faces)) or "nothing"
