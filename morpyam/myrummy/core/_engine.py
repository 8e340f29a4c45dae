"""Playing MyRummy: new_game, position, legal_actions, apply, chance and scores.

Chance is exact and explicit. A match starts with the lot for the first
player (unless ``first_player`` is given), then the deal, one tile at a time
round the table from the first player (R-RUM-SET-2); a
`Draw` is followed by the tile drawn. Each
tile comes with the probability its count in the pool gives.

``legal_actions`` lists every action except plays, which are too many to
list: at a decision, ``Draw()`` (or ``Pass()`` with the pool empty); at a
chance node, the outcomes in tile order. Plays come from
`plays` and
`best_play`, and
`apply` judges any
`Play` exactly (see
`morpyam.myrummy.core._judge`).

What is no move of the game is done beside ``apply``, as Morpyam's resignation
is: `time_out` when the turn's time runs out (R-RUM-TIME-1) and `resign`
(R-RUM-MATCH-1). Neither is in ``legal_actions``, and ``apply`` refuses both;
a record keeps them as entries where they happened.
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Sequence
from fractions import Fraction

from morpyam.errors import IllegalActionError
from morpyam.errors import not_an_action as _not_an_action
from morpyam.errors import shown as _shown
from morpyam.errors import wrong_state as _wrong_state
from morpyam.myrummy.core._actions import Action, Draw, FirstPlayer, Pass, Play, TimeOut
from morpyam.myrummy.core._judge import judge_play
from morpyam.myrummy.core._melds import Meld, sort_table
from morpyam.myrummy.core._rules import Rules
from morpyam.myrummy.core._state import State
from morpyam.myrummy.core._tiles import TILES, Tile, counts, sort_tiles

__all__ = [
    "apply",
    "chance_outcomes",
    "legal_actions",
    "new_game",
    "position",
    "rack_points",
    "resign",
    "sample_chance",
    "scores",
    "scores_if_blocked",
    "time_out",
]

_DRAW = (Draw(),)
_PASS = (Pass(),)
_LOTS = tuple(FirstPlayer(p) for p in range(4))


def _check_rules(rules: object) -> Rules:
    if not isinstance(rules, Rules):
        raise ValueError(f"expected a myrummy Rules value, got {_shown(rules)}")
    return rules


def new_game(rules: Rules, *, first_player: int | None = None) -> State:
    """Start a match: every tile in the pool, then the lot and the deal as chance nodes.

    With ``first_player`` given the lot is skipped (R-RUM-SET-3).

    Examples:
        >>> state = new_game(Rules.classic(players=2), first_player=0)
        >>> state.is_chance, state.pool_size, state.deal_left
        (True, 106, 28)

    Raises:
        ValueError: for rules that are not a ``Rules`` value or a seat out of range.
    """
    rules = _check_rules(rules)
    n = rules.players
    if first_player is not None and (type(first_player) is not int or not 0 <= first_player < n):
        raise ValueError(
            f"R-RUM-SET-3: first_player is a seat 0 to {n - 1}, got {_shown(first_player)}"
        )
    return _new_round(rules, first_player, 0, (0,) * n, None)


def _new_round(
    rules: Rules,
    first: int | None,
    round_: int,
    totals: tuple[int, ...],
    last: tuple[int, ...] | None,
) -> State:
    n = rules.players
    deal = n * rules.rack_size
    return State(
        rules,
        ((),) * n,
        (),
        rules.full_pool,
        first or 0,
        first,
        (False,) * n,
        deal,
        0,
        0,
        round_,
        totals,
        last,
        None,
    )


def position(
    rules: Rules,
    *,
    racks: Sequence[Iterable[Tile]],
    table: Iterable[Meld] = (),
    player: int = 0,
    opened: Iterable[int] = (),
) -> State:
    """A decision position from a real table: the pool is the rest of the set (`Rules.full_pool`).

    ``racks`` holds one iterable of tiles per player, ``table`` the melds on
    the table, ``opened`` the players who have laid out.

    Examples:
        >>> from morpyam.myrummy.core._melds import parse_meld
        >>> from morpyam.myrummy.core._tiles import parse_tile
        >>> state = position(
        ...     Rules.classic(),
        ...     racks=[[parse_tile("gn5")], [parse_tile("J")]],
        ...     table=[parse_meld("[gn6 gn7 gn8]")],
        ...     opened=[0],
        ... )
        >>> state.current_player, state.pool_size
        (0, 101)

    Raises:
        ValueError: for a wrong number of racks or seats; IllegalActionError
            (R-RUM-SET-1) when the tiles given exceed the set.
    """
    rules = _check_rules(rules)
    n = rules.players
    if isinstance(racks, (str, bytes)) or len(racks) != n:
        raise ValueError(f"R-RUM-SET-1: one rack per player ({n}), got {_shown(racks)}")
    sorted_racks = []
    for rack in racks:
        tiles = list(rack)
        if len(tiles) > rules.tile_count or not all(type(tile) is Tile for tile in tiles):
            raise ValueError(
                f"R-RUM-SET-1: a rack is a sequence of Tile values, got {_shown(tiles)}"
            )
        sorted_racks.append(sort_tiles(tiles))
    melds = sort_table(table)
    used = counts(tile for rack in sorted_racks for tile in rack)
    for meld in melds:
        for tile in meld.tiles:
            used[tile.index] += 1
    full = rules.full_pool
    for kind, count in enumerate(used):
        if count > full[kind]:
            raise IllegalActionError(
                "R-RUM-SET-1",
                f"the set has {full[kind]} × {TILES[kind]}, the position uses {count}"
                + ("" if full[kind] else f" ({rules.set_text})"),
            )
    if type(player) is not int or not 0 <= player < n:
        raise ValueError(f"R-RUM-SET-3: player is a seat 0 to {n - 1}, got {_shown(player)}")
    seats = set(opened)
    if not seats <= set(range(n)):
        raise ValueError(
            f"opened lists seats 0 to {n - 1}, got {_shown(sorted(seats, key=_shown))}"
        )
    return State(
        rules,
        tuple(sorted_racks),
        melds,
        tuple(have - count for have, count in zip(full, used)),
        player,
        player,
        tuple(p in seats for p in range(n)),
        0,
        0,
        0,
        0,
        (0,) * n,
        None,
        None,
    )


def _check_state(state: object, function: str) -> State:
    if not isinstance(state, State):
        raise _wrong_state(state, "myrummy", function)
    return state


def legal_actions(state: State) -> tuple[Action, ...]:
    """Every action `apply` accepts here except plays.

    Raises:
        ValueError: for a ``state`` that is not a ``State`` (a Morpyam or Yahtzee state
            is named, with where to go).
    """
    state = _check_state(state, "legal_actions")
    if state.end_rule is not None:
        return ()
    if state.first is None:
        return _LOTS[: state.players]
    if state.deal_left or state.draws_left:
        return tuple(tile for tile, count in zip(TILES, state.pool) if count)
    return _DRAW if any(state.pool) else _PASS


def chance_outcomes(state: State) -> tuple[tuple[Action, Fraction], ...]:
    """The chance outcomes with their exact probabilities; ``()`` at a decision.

    A tile's probability is its count in the pool over the pool's size.

    Raises:
        ValueError: for a ``state`` that is not a ``State`` (a Morpyam or Yahtzee state
            is named, with where to go).
    """
    state = _check_state(state, "chance_outcomes")
    if not state.is_chance:
        return ()
    if state.first is None:
        share = Fraction(1, state.players)
        return tuple((lot, share) for lot in _LOTS[: state.players])
    total = sum(state.pool)
    return tuple((tile, Fraction(count, total)) for tile, count in zip(TILES, state.pool) if count)


def sample_chance(state: State, rng: random.Random) -> Action:
    """One chance outcome drawn with ``rng`` at its probability, without listing the outcomes.

    Raises:
        IllegalActionError: at a state that is not a chance node.
        ValueError: for a ``state`` that is not a ``State`` or an ``rng`` that is
            not a `random.Random`.
    """
    state = _check_state(state, "sample_chance")
    if not isinstance(rng, random.Random):
        raise ValueError(f"rng must be a random.Random, got {_shown(rng)}")
    if not state.is_chance:
        raise IllegalActionError("R-RUM-SET-2", "no tile is being dealt or drawn here")
    if state.first is None:
        return _LOTS[rng.randrange(state.players)]
    pick = rng.randrange(sum(state.pool))
    for tile, count in zip(TILES, state.pool):
        pick -= count
        if pick < 0:
            return tile
    raise AssertionError("unreachable: the pick lies within the pool")


def apply(state: State, action: Action) -> State:
    """The state after ``action``; ``state`` itself never changes.

    Raises:
        IllegalActionError: when the rules do not allow ``action`` here, naming the rule.
        ValueError: for a ``state`` that is not a ``State`` (a Morpyam or Yahtzee
            state is named, with the ``apply`` that takes it), or an ``action``
            that is no action of this game, such as the text ``"draw"`` (read it
            with `parse_action`), whatever
            the state.
    """
    state = _check_state(state, "apply")
    kind = type(action)
    if state.end_rule is not None:
        _check_action(action)
        raise IllegalActionError("R-RUM-MATCH-1", "the match is over")
    if state.first is None:
        if kind is not FirstPlayer or action.player >= state.players:  # type: ignore[union-attr]
            _check_action(action)
            raise IllegalActionError(
                "R-RUM-SET-3", f"the lot names the first player, a seat 0 to {state.players - 1}"
            )
        return _new_round(state.rules, action.player, 0, state.totals, None)  # type: ignore[union-attr]
    if state.deal_left or state.draws_left:
        if kind is not Tile:
            _check_action(action)
            raise IllegalActionError(
                "R-RUM-SET-2", "a tile is being dealt or drawn: the next action is that tile"
            )
        return _receive(state, action)  # type: ignore[arg-type]
    if kind is Draw:
        if not any(state.pool):
            raise IllegalActionError("R-RUM-END-3", "the pool is empty: lay tiles or pass")
        return _evolve(state, draws_left=1)
    if kind is Pass:
        if any(state.pool):
            raise IllegalActionError(
                "R-RUM-TURN-1", "a player who does not lay takes a tile from the pool"
            )
        return _pass(state)
    if isinstance(action, Play):
        return _play(state, action.table)
    if kind in (Tile, FirstPlayer):
        raise IllegalActionError("R-RUM-TURN-1", "no tile is being dealt or drawn: it is a turn")
    raise _not_an_action(action, "morpyam.myrummy", _KINDS)


_KINDS = "Draw, Pass, Play, FirstPlayer or a Tile"


def _check_action(action: object) -> None:
    """Before a rule refuses ``action`` for its kind: a value that is no action of this game
    (text such as ``"draw"``) gets the same help in every state, as in the other games."""
    if not isinstance(action, (Draw, Pass, Play, FirstPlayer, Tile)):
        raise _not_an_action(action, "morpyam.myrummy", _KINDS)


def _evolve(state: State, **changes: object) -> State:
    fields = {
        "rules": state.rules,
        "racks": state.racks,
        "table": state.table,
        "pool": state.pool,
        "player": state.player,
        "first": state.first,
        "opened": state.opened,
        "deal_left": state.deal_left,
        "draws_left": state.draws_left,
        "passes": state.passes,
        "round": state.round,
        "totals": state.totals,
        "last_round": state.last_round,
        "end_rule": state.end_rule,
        "resigned": state.resigned,
    }
    fields.update(changes)
    return State(**fields)  # type: ignore[arg-type]


def _receive(state: State, tile: Tile) -> State:
    index = tile.index
    if not state.pool[index]:
        raise IllegalActionError("R-RUM-SET-2", f"no {tile} is left in the pool")
    pool = (*state.pool[:index], state.pool[index] - 1, *state.pool[index + 1 :])
    player = state.player
    rack = sort_tiles((*state.racks[player], tile))
    racks = (*state.racks[:player], rack, *state.racks[player + 1 :])
    n = state.players
    if state.deal_left:
        deal_left = state.deal_left - 1
        nxt = (player + 1) % n
        return _evolve(state, racks=racks, pool=pool, deal_left=deal_left, player=nxt)
    draws_left = state.draws_left - 1 if any(pool) else 0
    if draws_left:
        return _evolve(state, racks=racks, pool=pool, draws_left=draws_left)
    return _evolve(state, racks=racks, pool=pool, draws_left=0, player=(player + 1) % n, passes=0)


def _pass(state: State) -> State:
    passes = state.passes + 1
    if state.rules.empty_pool == "ends" or passes >= state.players:
        return _end_round(state, None, "R-RUM-END-3")
    return _evolve(state, passes=passes, player=(state.player + 1) % state.players)


def _play(state: State, table: tuple[Meld, ...]) -> State:
    player = state.player
    rack, handrummy = judge_play(
        state.rules, state.table, state.racks[player], state.opened[player], table
    )
    racks = (*state.racks[:player], rack, *state.racks[player + 1 :])
    opened = (*state.opened[:player], True, *state.opened[player + 1 :])
    after = _evolve(state, racks=racks, table=table, opened=opened, passes=0)
    if not rack:
        return _end_round(after, player, "R-RUM-VAR-HAND" if handrummy else "R-RUM-END-1")
    return _evolve(after, player=(player + 1) % state.players)


def time_out(state: State, table: Iterable[Meld] | None = None) -> State:
    """The turn ends on the clock (R-RUM-TIME-1): the state after the player on turn runs out of time.

    The player takes back every tile they could not arrange in correct
    combinations: ``table`` is the part they had arranged (the whole table, as in
    `Play`), kept if it is a legal play; ``None`` (the default) keeps nothing.
    Then they draw ``rules.timeout_penalty`` tiles and the turn ends. A time-out
    that lays nothing draws at least one tile, as every turn lays tiles or takes
    one (R-RUM-TURN-1), and with the pool empty it is a pass (R-RUM-END-3).

    A time-out is no move of the game, as a resignation is none: the library
    keeps no clock, so ``legal_actions`` does not list it and ``apply`` refuses
    it; an app that keeps the clock calls this, and a record keeps it as the
    entry `TimeOut`.

    Examples:
        >>> from morpyam.myrummy.core._tiles import parse_tiles
        >>> state = position(Rules.classic(), racks=[parse_tiles("gn5"), parse_tiles("bk3")])
        >>> after = time_out(state)
        >>> after.is_chance, after.draws_left  # laying nothing, the player takes a tile
        (True, 1)

    Raises:
        IllegalActionError: when no player is on turn (a chance node, R-RUM-TIME-1) or the
            match is over (R-RUM-MATCH-1), and for a ``table`` that is no legal play.
        ValueError: for a ``state`` that is not a ``State``.
    """
    state = _check_state(state, "time_out")
    if state.end_rule is not None:
        raise IllegalActionError("R-RUM-MATCH-1", "the match is over")
    if state.current_player is None:
        raise IllegalActionError(
            "R-RUM-TIME-1", "only a player on turn runs out of time, and no one is on turn here"
        )
    return _time_out(state, TimeOut(table).table)


def _time_out(state: State, table: tuple[Meld, ...] | None) -> State:
    """The turn ends on the clock: the correct part ``table`` kept, if any, the rest taken back.

    A turn lays tiles or takes one (R-RUM-TURN-1, and R-RUM-OPEN-2 before the
    opening), so a time-out that lays nothing takes one tile, or the penalty
    if larger; with the pool empty it is a pass (R-RUM-END-3).
    """
    player = state.player
    laid = False
    if table is not None and table != state.table:
        laid = True
        after = _play(state, table)
        if after.end_rule is not None or after.round != state.round:
            return after
        state = _evolve(after, player=player)
    wanted = state.rules.timeout_penalty if laid else max(state.rules.timeout_penalty, 1)
    draws = min(wanted, state.pool_size)
    if draws:
        return _evolve(state, draws_left=draws)
    if not laid:
        return _pass(state)
    return _evolve(state, player=(player + 1) % state.players)


def rack_points(rules: Rules, rack: Iterable[Tile]) -> int:
    """What a rack counts at the end of a round: the values, a joker ``rules.joker_penalty`` (R-RUM-END-2)."""
    return sum(rules.joker_penalty if tile.colour is None else tile.value for tile in rack)


def _round_points(state: State, winner: int | None, rule: str) -> tuple[int, ...]:
    rules = state.rules
    minus = [rack_points(rules, rack) for rack in state.racks]
    if winner is None:
        low = min(minus)
        lowest = [p for p, points in enumerate(minus) if points == low]
        if len(lowest) > 1:
            return tuple(-points for points in minus)
        winner = lowest[0]
    factor = rules.handrummy_factor if rule == "R-RUM-VAR-HAND" else 1
    points = [-factor * m for m in minus]
    points[winner] = -sum(points[p] for p in range(len(points)) if p != winner)
    return tuple(points)


def _end_round(state: State, winner: int | None, rule: str) -> State:
    points = _round_points(state, winner, rule)
    totals = tuple(a + b for a, b in zip(state.totals, points))
    if state.round + 1 < state.rules.rounds:
        nxt = (state.player + 1) % state.players
        return _new_round(state.rules, nxt, state.round + 1, totals, points)
    return _evolve(state, totals=totals, last_round=points, end_rule=rule)


def resign(state: State, player: int) -> State:
    """The match after ``player`` resigns: it ends at once and every other player wins.

    Raises:
        IllegalActionError: once the match is over.
        ValueError: for a seat out of range.
    """
    state = _check_state(state, "resign")
    if type(player) is not int or not 0 <= player < state.players:
        raise ValueError(f"player is a seat 0 to {state.players - 1}, got {_shown(player)}")
    if state.end_rule is not None:
        raise IllegalActionError("R-RUM-MATCH-1", "the match is over")
    return _evolve(state, end_rule="resign", resigned=player)


def scores(state: State) -> tuple[int, ...]:
    """Per player: the match totals of the rounds finished (R-RUM-END-2, R-RUM-MATCH-1).

    Raises:
        ValueError: for a ``state`` that is not a ``State`` (a Morpyam or Yahtzee state
            is named, with where to go).
    """
    return _check_state(state, "scores").totals


def scores_if_blocked(state: State) -> tuple[int, ...]:
    """Per player: the match totals if the round in play ended now as a blocked round ends.

    The round is scored as when the pool is empty and every player has passed
    (R-RUM-END-3): the lowest rack wins the others' minus points (R-RUM-END-2),
    and when the lowest racks tie, everyone scores minus. This is how a match
    cut off before its end is scored, so that the cut-off still says who was
    ahead. Once the match is over, or while a round is being dealt, it is
    `scores`.

    Examples:
        >>> from morpyam.myrummy.core._tiles import parse_tiles
        >>> state = position(Rules.classic(), racks=[parse_tiles("gn5"), parse_tiles("J bk3")])
        >>> scores_if_blocked(state)
        (28, -28)

    Raises:
        ValueError: for a ``state`` that is not a ``State``.
    """
    state = _check_state(state, "scores_if_blocked")
    if state.end_rule is not None or state.first is None or state.deal_left:
        return state.totals
    points = _round_points(state, None, "R-RUM-END-3")
    return tuple(a + b for a, b in zip(state.totals, points))
