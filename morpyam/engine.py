"""Playing a game: new_game, legal_actions, apply, chance and resignation.

``legal_actions`` and ``apply`` are built on the same few questions (which
cells can take a token, which calls may be made, may the player pass), so
what one lists is exactly what the other accepts.

Order of ``legal_actions`` at a decision node: placements in cell order (row
by row from the top), then `Pass`, then the rolls, keeps shortest
first (then by faces), and for each keep no call first, then the calls in the
order of `Figure`, then ``Special.SEC``; last
`LoseTurn` when the rules have lost turns. At a chance node: the
outcomes, sorted faces in lexicographic order.
"""

from __future__ import annotations

import random
from fractions import Fraction
from typing import Any

import attrs

from morpyam.actions import Action, DealTile, LoseTurn, Pass, Place, PlaceTile, Roll, RollResult
from morpyam.dice import _KEEP_SETS, _MERGED, DICE, distribution, keep_options, merge
from morpyam.errors import IllegalActionError, _not_an_action, _shown, _wrong_state
from morpyam.figures import FACES, Figure, Label, Special, shown
from morpyam.layouts import Layout
from morpyam.rules import Rules
from morpyam.scoring import is_ko, points, winners_on_points
from morpyam.state import State, _allocate, _build_state, _Building
from morpyam.tiles import LABEL_ORDER, Setup

__all__ = [
    "apply",
    "chance_outcomes",
    "legal_actions",
    "new_game",
    "resign",
    "sample_chance",
    "scores",
]

# Enum members read as class attributes cost a descriptor call each in Python 3.11
_CALL = Special.CALL
_SEC = Special.SEC
_MORPYAM = Figure.MORPYAM
_OUTCOMES = {
    k: tuple((RollResult(faces), p) for faces, p in distribution(k)) for k in range(1, DICE + 1)
}
_RESULTS = {action.faces: action for outcomes in _OUTCOMES.values() for action, _ in outcomes}
_OUTCOME_ACTIONS = {k: tuple(a for a, _ in outcomes) for k, outcomes in _OUTCOMES.items()}
_PASS = Pass()
_LOSE_TURN = LoseTurn()
_DEALS = {label: DealTile(label) for label in LABEL_ORDER}
_PLACES: dict[tuple[int, int], tuple[Place, ...]] = {}
_ROLLS: dict[tuple[tuple[int, ...] | None, tuple[Label, ...]], tuple[Roll, ...]] = {}
_ORDINAL = {1: "1st", 2: "2nd", 3: "3rd"}
_NOBODY: frozenset[int] = frozenset()  # one shared empty set: each frozenset() is a new object
_NO_FIGURES: frozenset[Figure] = frozenset()
# sample_chance: each die thrown adds the weight of its face, 6**(face-1) (a face shows at
# most 5 times), so the sum names the sorted outcome of any number of dice
_FACE_WEIGHTS = tuple(6**i for i in range(len(FACES)))
_THROWN = {
    sum(_FACE_WEIGHTS[face - 1] for face in action.faces): action for action in _RESULTS.values()
}


def _places(layout: Layout) -> tuple[Place, ...]:
    """A ``Place`` per cell index of ``layout``: the cells depend only on the grid's shape."""
    shape = (len(layout.grid), len(layout.grid[0]))
    places = _PLACES.get(shape)
    if places is None:
        places = _PLACES[shape] = tuple(Place(cell) for cell in layout.cells)
    return places


def _rolls_for(dice: tuple[int, ...] | None, calls: tuple[Label, ...]) -> tuple[Roll, ...]:
    key = (dice, calls)
    rolls = _ROLLS.get(key)
    if rolls is None:
        keeps = keep_options(dice) if dice is not None else ((),)
        rolls = _ROLLS[key] = tuple(_roll(keep, call) for keep in keeps for call in (None, *calls))
    return rolls


# --- set-up ---------------------------------------------------------------


def new_game(
    rules: Rules, *, first_player: int | None = None, layout: Layout | None = None
) -> State:
    """Start a game: with the start roll (R-SET-3), or with ``first_player`` to move.

    With ``rules.tile_setup`` (Morpyam Plus), the grid is dealt and laid out
    after the start roll, unless ``layout`` gives the grid already built (to
    replay a real table): it must hold the same tiles as ``rules.layout``.

    Raises:
        ValueError: for rules that are not a `Rules`, a
            player who does not exist, or a layout that is not made of the tiles.
    """
    if not isinstance(rules, Rules):
        raise ValueError(f"new_game needs a Rules value, got {_shown(rules)}")
    if layout is not None:
        _check_built(rules, layout)
    players = rules.players
    if first_player is not None and (
        type(first_player) is not int or not 0 <= first_player < players
    ):
        raise ValueError(
            f"R-SET-3: first_player must be None or 0 to {players - 1}, got {_shown(first_player)}"
        )
    everyone = tuple(range(players))
    setup = Setup.new(rules.layout, players) if rules.tile_setup and layout is None else None
    start = _build_state(
        rules,
        layout or rules.layout,
        (None,) * len(rules.layout),
        (rules.tokens_per_player,) * players,
        first_player if first_player is not None else 0,
        0,
        None,
        (),
        False,
        None,
        () if first_player is not None else everyone,
        (),
        (False,) * players,
        _NOBODY,
        _NOBODY,
        None,
        setup,
        _NO_FIGURES,
    )
    if setup is not None and first_player is not None:
        return _begin(start, first_player, _NOBODY)
    return start


def _check_built(rules: Rules, layout: Layout) -> None:
    if not isinstance(layout, Layout):
        raise ValueError(f"layout must be a Layout, got {_shown(layout)}")
    if not rules.tile_setup:
        raise ValueError(
            "R-VAR-PLUS: a built grid is given only to Plus rules (tile_setup); "
            "to play on another grid, use attrs.evolve(rules, layout=...)"
        )
    if (layout.height, layout.width) != (rules.layout.height, rules.layout.width):
        raise ValueError(
            f"R-VAR-PLUS: the grid must be {rules.layout.width}×{rules.layout.height} "
            f"like the rules' layout, not {layout.width}×{layout.height}"
        )
    if sorted(label.name for label in layout.labels) != sorted(
        label.name for label in rules.layout.labels
    ):
        raise ValueError("R-VAR-PLUS: the grid must be made of the tiles of the rules' layout")


def _begin(state: State, first: int, resigned: frozenset[int]) -> State:
    """The start roll has decided: deal the Plus tiles, or play the first turn."""
    if state.setup is None:
        return _turn(state, first, state.owners, state.tokens_left, state.daversa_armed, resigned)
    return _setup_state(state, attrs.evolve(state.setup, first=first), first, resigned)


def _setup_state(state: State, setup: Setup, player: int, resigned: frozenset[int]) -> State:
    return _build_state(
        state.rules,
        state.layout,
        state.owners,
        state.tokens_left,
        player,
        0,
        None,
        (),
        False,
        None,
        (),
        (),
        state.daversa_armed,
        resigned,
        _NOBODY,
        None,
        setup,
        _NO_FIGURES,
    )


def _turn(
    state: State,
    player: int,
    owners: tuple[int | None, ...],
    tokens_left: tuple[int, ...],
    armed: tuple[bool, ...],
    resigned: frozenset[int],
) -> State:
    """A fresh turn for ``player``."""
    # _build_state written out: the three hottest states skip an 18-argument call
    new: Any = _allocate(_Building)
    new.rules = state.rules
    new.layout = state.layout
    new.owners = owners
    new.tokens_left = tokens_left
    new.player = player
    new.rolls = 0
    new.dice = None
    new.kept = ()
    new.in_air = False
    new.call = None
    new.roll_off = ()
    new.roll_off_faces = ()
    new.daversa_armed = armed
    new.resigned = resigned
    new.winners = _NOBODY
    new.end_rule = None
    new.setup = None
    new.seen = _NO_FIGURES
    new.__class__ = State
    return new  # type: ignore[no-any-return]


def _over(
    state: State,
    owners: tuple[int | None, ...],
    tokens_left: tuple[int, ...],
    resigned: frozenset[int],
    winners: frozenset[int],
    rule: str,
) -> State:
    """The end of the game: no turn in progress, no D'Aversa pending.

    A game that ends in the Plus set-up (by resignations) keeps its set-up,
    so the tiles laid so far stay visible.
    """
    return _build_state(
        state.rules,
        state.layout,
        owners,
        tokens_left,
        state.player,
        0,
        None,
        (),
        False,
        None,
        (),
        (),
        (False,) * state.rules.players,
        resigned,
        winners,
        rule,
        state.setup,
        _NO_FIGURES,
    )


def _next_player(state: State, after: int, resigned: frozenset[int]) -> int:
    players = state.rules.players
    for step in range(1, players + 1):
        player = (after + step) % players
        if player not in resigned:
            return player
    raise AssertionError("unreachable: a game over is detected before")  # pragma: no cover


# --- the questions legal_actions and apply share ---------------------------


def _free(state: State, label: Label) -> list[int]:
    owners = state.owners
    return [i for i in state.layout._where[label] if owners[i] is None]


def _call_hit(state: State, dice: tuple[int, ...], rolls: int) -> bool:
    call = state.call
    if call is _SEC:
        return rolls == 1 and state.rules._sec[dice]
    return call in state.rules._shows[dice]


def _hit(state: State) -> bool:
    """Whether a call was made and the dice showing have it (R-CALL-5)."""
    dice = state.dice
    return state.call is not None and dice is not None and _call_hit(state, dice, state.rolls)


def _placeable(state: State, dice: tuple[int, ...] | None, hit: bool) -> list[int]:
    """Cell indices a token may go on now (R-CELL-1..3, R-CALL-5, R-CALL-7, R-MOR-1).

    ``hit``: whether a call was made and came up (`_hit`).
    """
    if dice is None:
        return []
    if hit:
        return _call_cells(state)
    if state.call is not None:
        if state.rules.call_miss_loses == "everything":
            return []
        labels = state.layout.labels
        seen = state.seen  # R-CALL-7 read as "the figures obtained before" are lost
        return [i for i in _fitting(state, dice) if labels[i] not in seen]
    return _fitting(state, dice)


def _fitting(state: State, dice: tuple[int, ...]) -> list[int]:
    """The cells the dice may cover without a call (R-CELL-1, R-CELL-2, R-MOR-1)."""
    sec = _free(state, _SEC) if state.rolls == 1 and state.rules._sec[dice] else []
    if dice[0] == dice[4]:  # sorted dice: a Morpyam, five of a kind (R-FIG-8)
        morpyam = _free(state, _MORPYAM)
        if morpyam:
            return sorted(morpyam + sec) if sec else morpyam
        if not state.rules.morpyam_is_full:  # R-FIG-4: five of a kind is no full house
            return _fitting_shown(state, dice, sec)
    owners = state.owners
    cells = []
    for i in state.layout._covered_by[
        dice
    ]:  # a loop: a list comprehension is a call in Python 3.11
        if owners[i] is None:
            cells.append(i)
    return sorted(cells + sec) if sec else cells


def _fitting_shown(state: State, dice: tuple[int, ...], sec: list[int]) -> list[int]:
    owners = state.owners
    where = state.layout._where
    figures = state.rules._shows[dice]
    cells = [i for figure in figures for i in where[figure] if owners[i] is None]
    return sorted(cells + sec)


def _call_cells(state: State) -> list[int]:
    """Where a call that came up goes (R-CALL-5, ``called_morpyam_cells``)."""
    cells = _free(state, _CALL)
    if state.call is _MORPYAM and state.rules.called_morpyam_cells == "call_or_morpyam":
        return sorted(cells + _free(state, _MORPYAM))
    return cells


def _may_pass(state: State, dice: tuple[int, ...], hit: bool, placeable: list[int]) -> bool:
    """R-TURN-3, R-TURN-4, with the mandatory placements of R-CALL-5 and R-MOR-1."""
    rules = state.rules
    if hit or (state.call is not None and rules.call_miss_loses == "everything"):
        return not placeable
    if rules.voluntary_pass:
        return not (placeable and dice[0] == dice[4])
    return state.rolls == 3 and not placeable


def _calls(state: State, keep: tuple[int, ...] = ()) -> tuple[Label, ...]:
    """What may be called before the next roll (R-CALL-2, R-CALL-3, R-CALL-4, R-CALL-8).

    ``keep`` matters only when R-CALL-8 reads "already present" as secured by the kept dice.
    """
    rules = state.rules
    if rules.call_needs_free_cell:
        owners = state.owners
        for i in state.layout._where[_CALL]:  # is a CALL cell free? (a loop: no call)
            if owners[i] is None:
                break
        else:
            return ()
    dice = state.dice
    if dice is None:
        return rules._calls_first
    if not rules.forbid_calling_shown_figure:
        return rules._calls_later
    on_show = rules._shows[dice] if rules.shown_figure_means == "dice" else _secured(rules, keep)
    calls = rules._calls_by_shown.get(on_show)  # a frozenset keeps its hash: a cheap key
    if calls is None:
        calls = rules._calls_by_shown[on_show] = tuple(
            call for call in rules._calls_later if call not in on_show
        )
    return calls


_SECURED: dict[tuple[tuple[int, ...], bool], frozenset[Figure]] = {}


def _secured(rules: Rules, keep: tuple[int, ...]) -> frozenset[Figure]:
    """The figures every throw of the other dice shows with ``keep`` kept (R-CALL-8, ``"kept"``)."""
    key = (keep, rules.morpyam_is_full)
    figures = _SECURED.get(key)
    if figures is None:
        throws = distribution(DICE - len(keep))
        figures = _SECURED[key] = frozenset.intersection(
            *(rules._shows[merge(keep, faces)] for faces, _ in throws)
        )
    return figures


def _rolls_by_keep(state: State, dice: tuple[int, ...]) -> tuple[Roll, ...]:
    """The rolls when the calls depend on the dice kept (R-CALL-8, ``shown_figure_means="kept"``)."""
    return tuple(
        _roll(keep, call) for keep in keep_options(dice) for call in (None, *_calls(state, keep))
    )


def _keeps(dice: tuple[int, ...]) -> frozenset[tuple[int, ...]]:
    try:
        return _KEEP_SETS[dice]
    except KeyError:  # only a state made by hand shows unsorted dice
        raise ValueError(
            f"R-SET-1: expected five dice as a sorted tuple of faces 1-6, got {_shown(dice)}"
        ) from None


_ROLL_OBJECTS: dict[tuple[tuple[int, ...], Label | None], Roll] = {}


def _roll(keep: tuple[int, ...], call: Label | None) -> Roll:
    """One shared ``Roll`` per keep and call (at most 210 keeps × 16 calls)."""
    roll = _ROLL_OBJECTS.get((keep, call))
    if roll is None:
        roll = _ROLL_OBJECTS[keep, call] = Roll(keep, call)
    return roll


# --- the legal set ---------------------------------------------------------


def legal_actions(state: State) -> tuple[Action, ...]:
    """Every action `apply` accepts here, in the order the module documents.

    At a chance node these are the possible outcomes; when the game is over, none.

    Raises:
        ValueError: for something that is not a `State`; a
            Yahtzee or MyRummy state is named, with the function that takes it.
    """
    try:  # roll_off first: the sibling games' states have winners too
        roll_off = state.roll_off
        if state.winners:
            return ()
    except AttributeError:
        raise _not_a_state(state, "legal_actions") from None
    if roll_off:
        return _OUTCOME_ACTIONS[1]
    if state.in_air:
        return _OUTCOME_ACTIONS[DICE - len(state.kept)]
    setup = state.setup
    if setup is not None:
        if setup.bag:
            return tuple(action for action, _ in setup.deal_outcomes())
        return setup.lay_actions(state.player, state.layout)
    dice = state.dice
    if dice is None:  # a turn begins: roll, calling what may be called
        return _roll_tail(state, dice)
    if state.call is None:
        hit = False
        placeable = _fitting(state, dice)  # what _placeable answers without a call
    else:
        hit = _call_hit(state, dice, state.rolls)
        placeable = _placeable(state, dice, hit)
    rules = state.rules
    # no roll after the 3rd (R-TURN-1), after a call that came up (R-CALL-5), or with a
    # Morpyam to place at once (R-MOR-1, morpyam_at_once)
    if hit or state.rolls >= 3 or (rules.morpyam_at_once and placeable and dice[0] == dice[4]):
        tail: tuple[Action, ...] = (_LOSE_TURN,) if rules.lost_turns else ()
    else:
        tail = _roll_tail(state, dice)
    if _may_pass(state, dice, hit, placeable):
        tail = (_PASS, *tail)
    if placeable:
        places = _places(state.layout)
        return (*map(places.__getitem__, placeable), *tail)
    return tail


def _roll_tail(state: State, dice: tuple[int, ...] | None) -> tuple[Action, ...]:
    """The rolls that may follow ``dice`` (``None``: the turn's first), then a lost turn.

    They depend only on the rules, the dice and whether a CALL cell is free, so
    each rules value keeps them once computed, by the dice alone while a CALL
    cell is free or R-CALL-4 is off.
    """
    rules = state.rules
    key: object = dice
    if rules.call_needs_free_cell:
        owners = state.owners
        for i in state.layout._where[_CALL]:  # is a CALL cell free? (a loop: no call)
            if owners[i] is None:
                break
        else:
            key = (dice, "no CALL cell free")
    tail = rules._roll_tails.get(key)
    if tail is None:
        if (
            dice is not None
            and rules.forbid_calling_shown_figure
            and rules.shown_figure_means == "kept"
        ):
            rolls = _rolls_by_keep(state, dice)
        else:
            rolls = _rolls_for(dice, _calls(state))
        tail = rules._roll_tails[key] = (*rolls, _LOSE_TURN) if rules.lost_turns else rolls
    return tail


def chance_outcomes(state: State) -> tuple[tuple[Action, Fraction], ...]:
    """The outcomes of a chance node with their exact probabilities; ``()`` elsewhere.

    Dice outcomes are sorted faces, each with the probability of throwing
    that multiset (ordered rolls that sort to it over ``6**k``). In the
    Morpyam Plus deal, each distinct label in the bag, with its share of the bag.

    Raises:
        ValueError: for something that is not a `State`; a
            Yahtzee or MyRummy state is named, with the function that takes it.
    """
    try:  # roll_off first: the sibling games' states have winners too
        roll_off = state.roll_off
        if state.winners:
            return ()
    except AttributeError:
        raise _not_a_state(state, "chance_outcomes") from None
    if roll_off:
        return _OUTCOMES[1]
    if state.in_air:
        return _OUTCOMES[DICE - len(state.kept)]
    if state.setup is not None and state.setup.bag:
        return state.setup.deal_outcomes()
    return ()


def sample_chance(state: State, rng: random.Random) -> RollResult | DealTile:
    """Throw the dice in the air, or deal the next Plus tile, with ``rng``.

    The result is one of `chance_outcomes`,
    drawn at its probability without listing them: each die is thrown with one
    ``rng.random()`` (the stream of ``rng.choices(FACES, k=n)``) and the
    outcome looked up by its faces; ``rng.choice`` draws a tile from the bag.

    Raises:
        IllegalActionError: at a state that is not a chance node.
        ValueError: for a ``state`` that is not a `State` or an ``rng`` that is
            not a `random.Random`.
    """
    if not isinstance(state, State):
        raise _not_a_state(state, "sample_chance")
    if not isinstance(rng, random.Random):
        raise ValueError(f"rng must be a random.Random, got {_shown(rng)}")
    if state.in_air:  # the dice of a turn (never in a finished game)
        count = DICE - len(state.kept)
    else:
        if state.winners:
            raise IllegalActionError(state.end_rule or "R-END-2", "the game is over")
        if not state.is_chance:
            raise IllegalActionError("R-TURN-1", "no dice are in the air")
        if state.setup is not None and state.setup.bag and not state.roll_off:
            return _DEALS[rng.choice(state.setup.bag)]
        count = 1  # the start roll
    # the stream of rng.choices(FACES, k=count): one rng.random() per die, face floor(6 * r)
    draw = rng.random
    weights = _FACE_WEIGHTS
    if count == DICE:
        return _THROWN[
            weights[int(draw() * 6.0)]
            + weights[int(draw() * 6.0)]
            + weights[int(draw() * 6.0)]
            + weights[int(draw() * 6.0)]
            + weights[int(draw() * 6.0)]
        ]
    code = 0
    for _ in range(count):
        code += weights[int(draw() * 6.0)]
    return _THROWN[code]


# --- apply -----------------------------------------------------------------


def apply(state: State, action: Action) -> State:
    """The state after ``action``; ``state`` itself never changes.

    Raises:
        IllegalActionError: when the rules do not allow ``action`` here, naming the rule.
        ValueError: for a ``state`` that is not a `State` (a
            Yahtzee or MyRummy state is named, with the ``apply`` that takes it), or an
            ``action`` that is no action at all, such as the text ``"place c3"``
            (read it with `parse_action`), whatever
            the state.
    """
    try:  # roll_off first: the sibling games' states have winners too
        roll_off = state.roll_off
        if state.winners:
            _check_action(action)
            raise IllegalActionError(state.end_rule or "R-END-2", "the game is over")
    except AttributeError:
        raise _not_a_state(state, "apply") from None
    kind = type(action)
    if roll_off:
        if kind is not RollResult:
            _check_action(action)
            raise IllegalActionError(
                "R-SET-3", "the start roll comes first: the next action is a die's RollResult"
            )
        return _apply_start_die(state, action)  # type: ignore[arg-type]
    if state.in_air:
        if kind is not RollResult:
            _check_action(action)
            raise IllegalActionError(
                "R-TURN-1", "the dice are in the air: the next action is their RollResult"
            )
        return _apply_result(state, action)  # type: ignore[arg-type]
    if state.setup is not None:
        return _apply_setup(state, state.setup, action)
    if kind is Roll:
        return _apply_roll(state, action)  # type: ignore[arg-type]
    if kind is Place:
        return _apply_place(state, action)  # type: ignore[arg-type]
    if kind is Pass:
        return _apply_pass(state)
    if kind is LoseTurn:
        return _apply_lose_turn(state)
    if kind is RollResult:
        raise IllegalActionError("R-TURN-1", "no dice are in the air: roll first")
    if kind is DealTile or kind is PlaceTile:
        raise IllegalActionError("R-VAR-PLUS", "tiles are dealt and laid only in the Plus set-up")
    raise _not_an_action(action, "morpyam", _KINDS)


_ACTION_TYPES = frozenset((Roll, RollResult, Place, Pass, LoseTurn, DealTile, PlaceTile))
_KINDS = "Roll, RollResult, Place, Pass, LoseTurn, DealTile or PlaceTile"


def _check_action(action: object) -> None:
    """Before a rule refuses ``action`` for its kind: a value that is no action at all (text
    such as ``"place c3"``) gets the same help in every state (a ValueError, not a rule)."""
    if type(action) not in _ACTION_TYPES:
        raise _not_an_action(action, "morpyam", _KINDS)


def _apply_start_die(state: State, result: RollResult) -> State:
    if len(result.faces) != 1:
        raise IllegalActionError(
            "R-SET-3", f"the start roll throws one die, not {len(result.faces)}"
        )
    faces = state.roll_off_faces + result.faces
    return _settle_roll_off(state, state.roll_off, faces, state.resigned)


def _settle_roll_off(
    state: State, contenders: tuple[int, ...], faces: tuple[int, ...], resigned: frozenset[int]
) -> State:
    """Go on with the start roll, or start the first turn once one player is highest (R-SET-3)."""
    if len(contenders) == 1:
        return _begin(state, contenders[0], resigned)
    if len(faces) < len(contenders):
        return _build_state(
            state.rules,
            state.layout,
            state.owners,
            state.tokens_left,
            contenders[len(faces)],
            0,
            None,
            (),
            False,
            None,
            contenders,
            faces,
            state.daversa_armed,
            resigned,
            _NOBODY,
            None,
            state.setup,
            _NO_FIGURES,
        )
    best = max(faces)
    tied = tuple(player for player, face in zip(contenders, faces) if face == best)
    return _settle_roll_off(state, tied, () if len(tied) > 1 else faces, resigned)


def _apply_result(state: State, result: RollResult) -> State:
    kept = state.kept
    thrown = DICE - len(kept)
    if len(result.faces) != thrown:
        raise IllegalActionError(
            "R-TURN-1",
            f"{thrown} {'die is' if thrown == 1 else 'dice are'} in the air, "
            f"the result has {len(result.faces)} faces",
        )
    try:
        dice = _MERGED[kept, result.faces] if kept else result.faces
    except KeyError:  # only a state made by hand keeps unsorted dice
        dice = merge(kept, result.faces)
    rolls = state.rolls + 1
    call = state.call
    rules = state.rules
    if call is not None:
        if _call_hit(state, dice, rolls):
            if not rules.call_needs_free_cell and not _free(state, _CALL):
                call = None  # R-CALL-4 off: a hit with no CALL cell places as without a call
        elif rolls < 3 and rules.missed_call_voids == "third_roll":
            call = None  # R-CALL-6: a missed call on the 1st or 2nd roll is as if never made
    if (
        rules._tracks_turn
        and rules.daversa_counts == "rolled"
        and state.daversa_armed[state.player]
        and dice[0] == dice[4]
    ):
        winner = frozenset({state.player})  # R-MOR-3 counting Morpyams rolled
        return _over(state, state.owners, state.tokens_left, state.resigned, winner, "R-MOR-3")
    # _build_state written out: the three hottest states skip an 18-argument call
    new: Any = _allocate(_Building)
    new.rules = rules
    new.layout = state.layout
    new.owners = state.owners
    new.tokens_left = state.tokens_left
    new.player = state.player
    new.rolls = rolls
    new.dice = dice
    new.kept = ()
    new.in_air = False
    new.call = call
    new.roll_off = ()
    new.roll_off_faces = ()
    new.daversa_armed = state.daversa_armed
    new.resigned = state.resigned
    new.winners = _NOBODY
    new.end_rule = None
    new.setup = None
    new.seen = state.seen
    new.__class__ = State
    return new  # type: ignore[no-any-return]


def _apply_roll(state: State, roll: Roll) -> State:
    if state.rolls >= 3:
        raise IllegalActionError("R-TURN-1", "a turn has at most 3 rolls")
    dice = state.dice
    rules = state.rules
    seen = state.seen
    if dice is not None:
        if state.call is not None and _call_hit(state, dice, state.rolls):
            raise IllegalActionError(
                "R-CALL-5",
                f"the called {_called(state)} came up: the token must go on {_call_cells_text(state)}",
            )
        if rules.morpyam_at_once and dice[0] == dice[4] and _placeable(state, dice, False):
            raise IllegalActionError(
                "R-MOR-1",
                "a Morpyam showing must be placed at once, on "
                + _cells_text(state, _placeable(state, dice, False)),
            )
        if rules._tracks_turn:
            seen = seen | rules._shows[dice]
    if dice is None:
        if roll.keep:
            raise IllegalActionError("R-TURN-1", "the first roll of a turn throws all 5 dice")
    elif roll.keep not in _keeps(dice):
        raise IllegalActionError(
            "R-TURN-1",
            f"kept dice must be among the dice showing ({_text(dice)}), not {_text(roll.keep)}",
        )
    call = roll.call
    if call is not None and call not in _calls(state, roll.keep):
        raise IllegalActionError(*_why_not_callable(state, call))
    # _build_state written out: the three hottest states skip an 18-argument call
    new: Any = _allocate(_Building)
    new.rules = rules
    new.layout = state.layout
    new.owners = state.owners
    new.tokens_left = state.tokens_left
    new.player = state.player
    new.rolls = state.rolls
    new.dice = None
    new.kept = roll.keep
    new.in_air = True
    new.call = call
    new.roll_off = ()
    new.roll_off_faces = ()
    new.daversa_armed = state.daversa_armed
    new.resigned = state.resigned
    new.winners = _NOBODY
    new.end_rule = None
    new.setup = None
    new.seen = seen
    new.__class__ = State
    return new  # type: ignore[no-any-return]


def _why_not_callable(state: State, call: Label) -> tuple[str, str]:
    roll = _ORDINAL[state.rolls + 1]
    rules = state.rules
    if call not in rules.callable:
        return "R-CALL-2", f"{call.notation} cannot be called in these rules"
    if rules.call_needs_free_cell:
        if not state.layout._where[_CALL]:
            return "R-CALL-4", "a call needs a free CALL cell, and this grid has none"
        if not _free(state, _CALL):
            return "R-CALL-4", "a call needs a free CALL cell, and none is left"
    if call is _SEC:
        return "R-CALL-3", f"SEC can be called only before the first roll; this is the {roll} roll"
    if rules.shown_figure_means == "kept":
        return (
            "R-CALL-8",
            f"the kept dice already secure {call.notation}: it cannot be called before the {roll} roll",
        )
    return (
        "R-CALL-8",
        f"the dice already show {call.notation}: it cannot be called before the {roll} roll",
    )


def _apply_pass(state: State) -> State:
    dice = state.dice
    if dice is None:
        raise IllegalActionError("R-TURN-4", "a turn can end without a token only after a roll")
    hit = _hit(state)
    if not _may_pass(state, dice, hit, placeable := _placeable(state, dice, hit)):
        if hit:
            raise IllegalActionError(
                "R-CALL-5",
                f"the called {_called(state)} came up: the token must go on {_call_cells_text(state)}",
            )
        if dice[0] == dice[4] and state.rules.voluntary_pass:
            raise IllegalActionError(
                "R-MOR-1",
                f"with a Morpyam showing the token must go on {_cells_text(state, placeable)}",
            )
        raise IllegalActionError(
            "R-TURN-4", "passing is allowed only after the 3rd roll, when no cell can take a token"
        )
    return _end_turn(state)


def _apply_lose_turn(state: State) -> State:
    if not state.rules.lost_turns:
        raise IllegalActionError(
            "R-END-5", "these rules have no lost turns (Rules.lost_turns is off)"
        )
    return _end_turn(state)


def _end_turn(state: State) -> State:
    """The turn ends with no token (a pass, R-TURN-4, or a lost turn, R-END-5)."""
    armed = state.daversa_armed
    rules = state.rules
    arm = False
    if rules._tracks_turn and rules.daversa == "consecutive_turns":
        dice = state.dice
        arm = _MORPYAM in state.seen or (dice is not None and dice[0] == dice[4])
    if armed[state.player] != arm:
        armed = _set(armed, state.player, arm)
    return _turn(
        state,
        _next_player(state, state.player, state.resigned),
        state.owners,
        state.tokens_left,
        armed,
        state.resigned,
    )


def _apply_place(state: State, place: Place) -> State:
    layout = state.layout
    cell = place.cell
    if cell not in layout:
        raise IllegalActionError(
            "R-SET-1", f"{cell} is off the {layout.width}×{layout.height} grid"
        )
    index = layout.index(cell)
    if index not in _placeable(state, state.dice, _hit(state)):
        raise IllegalActionError(*_why_not_placeable(state, index))
    rules = state.rules
    player = state.player
    dice = state.dice
    assert dice is not None  # _placeable is empty before a roll
    owners = _set(state.owners, index, player)
    tokens_left = _set(state.tokens_left, player, state.tokens_left[player] - 1)
    morpyam = dice[0] == dice[4]
    armed = state.daversa_armed
    resigned = state.resigned
    if rules.ko_length is not None and is_ko(
        layout, owners, index, rules.ko_length, rules.diagonals
    ):
        return _over(state, owners, tokens_left, resigned, frozenset({player}), "R-END-1")
    if morpyam and armed[player]:
        return _over(state, owners, tokens_left, resigned, frozenset({player}), "R-MOR-3")
    if tokens_left[player] == 0:
        totals = points(rules, layout, owners)
        totals[player] += rules.end_bonus
        winners = winners_on_points(totals, player, resigned, rules.tie_break, tokens_left)
        return _over(state, owners, tokens_left, resigned, winners, "R-END-2")
    call = state.call
    replay = morpyam and not (
        layout.labels[index] is _SEC
        or (call is _SEC and not rules.sec_call_morpyam_replays)
        or (call is not None and call is not _SEC and not rules.called_morpyam_replays)
    )
    if rules.daversa is not None:
        if rules.daversa == "replay":
            arm = replay
        else:
            arm = morpyam or (rules.daversa_counts == "rolled" and _MORPYAM in state.seen)
        if arm != armed[player]:
            armed = _set(armed, player, arm)
    following = player if replay else _next_player(state, player, resigned)
    return _turn(state, following, owners, tokens_left, armed, resigned)


def _why_not_placeable(state: State, index: int) -> tuple[str, str]:
    cell = state.layout.cells[index]
    label = state.layout.labels[index]
    dice = state.dice
    if dice is None:
        return "R-TURN-2", "a token is placed after a roll"
    owner = state.owners[index]
    if owner is not None:
        return "R-SET-4", f"{cell} is already covered by player {owner}"
    if state.call is not None:
        if _call_hit(state, dice, state.rolls):
            return (
                "R-CALL-5",
                f"the called {_called(state)} came up: the token must go on {_call_cells_text(state)}",
            )
        if state.rules.call_miss_loses == "everything" or label in state.seen:
            if state.rolls == 3:
                return "R-CALL-7", "the call on the 3rd roll missed: no token this turn"
            return (
                "R-CALL-7",
                f"the call on the {_ORDINAL[state.rolls]} roll missed: these dice place no token",
            )
    if label is _CALL:
        return "R-CELL-3", f"the CALL cell {cell} is covered only by a successful call"
    if label is _SEC:
        if state.rolls != 1:
            return (
                "R-CELL-2",
                f"the SEC cell needs the first roll of the turn; this is roll {state.rolls}",
            )
        return "R-CELL-2", f"the dice {_text(dice)} show none of the figures that make a Sec"
    if label not in shown(dice):
        return "R-CELL-1", f"the dice {_text(dice)} do not show {label.notation} ({cell})"
    return (
        "R-MOR-1",
        f"with a Morpyam showing the token must go on "
        f"{_cells_text(state, _placeable(state, dice, False))}",
    )


# --- resignation and scores -------------------------------------------------


def resign(state: State, player: int) -> State:
    """``player`` resigns (R-END-4), at any moment before the game ends.

    With two players the other wins. With more, the player leaves: their
    tokens stay as blockers, they take no more turns and cannot win; the last
    player left wins.

    Raises:
        IllegalActionError: when the game is over, or for a player not in it.
        ValueError: for something that is not a `State` (a
            Yahtzee or MyRummy state is named, with where to go).
    """
    if not isinstance(state, State):
        raise _not_a_state(state, "resign")
    if state.winners:
        raise IllegalActionError("R-END-4", "the game is already over")
    if type(player) is not int or not 0 <= player < state.rules.players:
        raise IllegalActionError("R-END-4", f"there is no player {_shown(player)}")
    if player in state.resigned:
        raise IllegalActionError("R-END-4", f"player {player} has already resigned")
    resigned = state.resigned | {player}
    armed = (
        _set(state.daversa_armed, player, False)
        if state.daversa_armed[player]
        else state.daversa_armed
    )
    left = [p for p in range(state.rules.players) if p not in resigned]
    if len(left) == 1:
        return _over(state, state.owners, state.tokens_left, resigned, frozenset(left), "R-END-4")
    if state.roll_off:
        if player not in state.roll_off:
            return _with_resigned(state, resigned, armed)
        position = state.roll_off.index(player)
        contenders = state.roll_off[:position] + state.roll_off[position + 1 :]
        faces = state.roll_off_faces[:position] + state.roll_off_faces[position + 1 :]
        return _settle_roll_off(state, contenders, faces, resigned)
    setup = state.setup
    if setup is not None:
        # R-END-4: their tiles pass to the next player still in; the deal skips them
        taker = _next_player(state, player, resigned)
        setup = setup.hand_over(player, taker) if setup.hands[player] else setup
        if setup.bag:
            receiver = taker if state.player == player else state.player
            return _setup_state(state, setup, receiver, resigned)
        return _next_layer(state, setup, resigned, state.player)
    if state.player == player:
        return _turn(
            state,
            _next_player(state, player, resigned),
            state.owners,
            state.tokens_left,
            armed,
            resigned,
        )
    return _with_resigned(state, resigned, armed)


def _with_resigned(state: State, resigned: frozenset[int], armed: tuple[bool, ...]) -> State:
    return _build_state(
        state.rules,
        state.layout,
        state.owners,
        state.tokens_left,
        state.player,
        state.rolls,
        state.dice,
        state.kept,
        state.in_air,
        state.call,
        state.roll_off,
        state.roll_off_faces,
        armed,
        resigned,
        state.winners,
        state.end_rule,
        state.setup,
        state.seen,
    )


def scores(state: State) -> tuple[int, ...]:
    """Points per player from runs (R-LINE-2), plus the end bonus once the game ended by R-END-2.

    Raises:
        ValueError: for something that is not a `State` (a
            Yahtzee or MyRummy state is named, with where to go).
    """
    if not isinstance(state, State):
        raise _not_a_state(state, "scores")
    totals = points(state.rules, state.layout, state.owners)
    if state.end_rule == "R-END-2":
        totals[state.tokens_left.index(0)] += state.rules.end_bonus
    return tuple(totals)


# --- small helpers -----------------------------------------------------------


def _not_a_state(value: object, function: str) -> ValueError:
    return _wrong_state(value, "morpyam", function)


def _set(values: tuple, index: int, value: object) -> tuple:  # type: ignore[type-arg]
    return (*values[:index], value, *values[index + 1 :])


def _text(faces: tuple[int, ...]) -> str:
    return " ".join(map(str, faces)) or "nothing"


def _called(state: State) -> str:
    """The figure called, as players write it (``three-ones``), as every message names one."""
    call = state.call
    assert call is not None  # asked only once the call came up
    return call.notation


def _call_cells_text(state: State) -> str:
    if state.call is _MORPYAM and state.rules.called_morpyam_cells == "call_or_morpyam":
        return "a free CALL or MORPYAM cell"
    return "a free CALL cell"


def _cells_text(state: State, indices: list[int]) -> str:
    cells = state.layout.cells
    return ", ".join(str(cells[i]) for i in indices)


# --- the Morpyam Plus set-up (R-VAR-PLUS) ------------------------------------


def _apply_setup(state: State, setup: Setup, action: Action) -> State:
    kind = type(action)
    if setup.bag:
        if kind is not DealTile:
            _check_action(action)
            raise IllegalActionError(
                "R-VAR-PLUS", "the tiles are being dealt: the next action is a DealTile"
            )
        label = action.label  # type: ignore[union-attr]
        if label not in setup.bag:
            raise IllegalActionError("R-VAR-PLUS", f"no {label.notation} tile is left to deal")
        after = setup.deal(label, state.player)
        if after.bag:
            return _setup_state(
                state, after, _next_player(state, state.player, state.resigned), state.resigned
            )
        return _next_layer(state, after, state.resigned, None)
    if kind is not PlaceTile:
        _check_action(action)
        raise IllegalActionError(
            "R-VAR-PLUS",
            f"player {state.player} is laying out their tiles: the next action is a PlaceTile",
        )
    place: PlaceTile = action  # type: ignore[assignment]
    layout = state.layout
    if place.cell not in layout:
        raise IllegalActionError(
            "R-SET-1", f"{place.cell} is off the {layout.width}×{layout.height} grid"
        )
    index = layout.index(place.cell)
    held = setup.tiles[index]
    if held is not None:
        raise IllegalActionError("R-VAR-PLUS", f"{place.cell} already holds a {held.notation} tile")
    if place.label not in setup.hands[state.player]:
        raise IllegalActionError(
            "R-VAR-PLUS", f"player {state.player} has no {place.label.notation} tile to lay"
        )
    return _next_layer(
        state, setup.lay(state.player, place.label, index), state.resigned, state.player
    )


def _next_layer(state: State, setup: Setup, resigned: frozenset[int], current: int | None) -> State:
    """The next player to lay tiles, or the first turn on the finished grid."""
    placer = setup.placer(resigned, current)
    if placer is not None:
        return _setup_state(state, setup, placer, resigned)
    assert setup.first is not None  # tiles are dealt only once the start roll has decided
    built = _build_state(
        state.rules,
        setup.built(state.layout),
        state.owners,
        state.tokens_left,
        setup.first,
        0,
        None,
        (),
        False,
        None,
        (),
        (),
        state.daversa_armed,
        resigned,
        _NOBODY,
        None,
        None,
        _NO_FIGURES,
    )
    first = (
        setup.first if setup.first not in resigned else _next_player(state, setup.first, resigned)
    )
    return _turn(built, first, built.owners, built.tokens_left, built.daversa_armed, resigned)
