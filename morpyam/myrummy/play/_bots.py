"""Bots for MyRummy and seeded matches between them (records: `morpyam.myrummy.notation._records`).

A bot is any object with ``choose(state, rng) -> Action`` for a decision
node (see `Bot`). Three come with the library:

- `RandomBot`: draws or lays a random one of
  the first legal plays found;
- `GreedyBot`: lays the solver's best play
  (most tiles) whenever there is one;
- `PointsBot`: lays the play that takes the
  most penalty points off its rack (jokers first), so that the rack it is
  caught with when another player goes out is as light as possible.

Each takes a ``max_table`` bound for simulations: above it, the cheaper
`guarded_play` instead of the exact
solver, which can take seconds on a big table. ``GameRecord`` and ``replay``
are re-exported here from `morpyam.myrummy.notation._records`.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Sequence
from itertools import islice
from typing import TYPE_CHECKING, TypeAlias

import attrs

from morpyam.errors import IllegalActionError, SimulationError
from morpyam.errors import shown as _shown
from morpyam.game import Chooser, play_out
from morpyam.myrummy.core import _engine as engine
from morpyam.myrummy.core._actions import Action, FirstPlayer, Play
from morpyam.myrummy.core._engine import legal_actions, new_game, scores
from morpyam.myrummy.core._judge import judge_play
from morpyam.myrummy.core._melds import Group, Meld, Run, sort_table
from morpyam.myrummy.core._rules import Rules
from morpyam.myrummy.core._state import State
from morpyam.myrummy.core._tiles import TILES, Tile, counts
from morpyam.myrummy.notation._records import GameRecord, replay
from morpyam.myrummy.solve._plays import Objective, _points_first, best_play, plays

__all__ = [
    "BOTS",
    "Bot",
    "GameRecord",
    "GreedyBot",
    "MatchResult",
    "PointsBot",
    "RandomBot",
    "additive_play",
    "guarded_play",
    "local_play",
    "next_from_pile",
    "pile",
    "play_match",
    "replay",
    "simulate",
    "table_size",
]


if TYPE_CHECKING:
    Bot: TypeAlias = Chooser[State, Action]
else:  # a subscripted protocol refuses isinstance(): the protocol itself answers it
    Bot = Chooser
"""A bot of MyRummy's game: the one chooser protocol of every game, `morpyam.game.Chooser`,
for MyRummy's states and actions (``isinstance(bot, Bot)`` checks that it has ``choose``)."""


def _draw(state: State) -> Action:
    return legal_actions(state)[0]


def table_size(state: State) -> int:
    """The number of tiles on the table."""
    return sum(len(meld.tiles) for meld in state.table)


def _legal(state: State, table: tuple[Meld, ...]) -> bool:
    player = state.player
    try:
        judge_play(state.rules, state.table, state.rack, state.opened[player], table)
    except IllegalActionError:
        return False
    return True


def _laid_on(meld: Meld, tile: Tile) -> Meld | None:
    """``meld`` with ``tile`` laid on at an end (a run) or as a new colour (a group), if it fits."""
    if tile.colour is None:
        return None
    if isinstance(meld, Run):
        if tile.colour is not meld.colour:
            return None
        if tile.value == meld.start - 1:
            return Run((tile, *meld.tiles))
        if tile.value == meld.start + len(meld.tiles):
            return Run((*meld.tiles, tile))
        return None
    if tile.value != meld.value or len(meld.tiles) == 4:
        return None
    if any(t.colour is tile.colour for t in meld.tiles):
        return None
    return Group((*meld.tiles, tile))


def _rack_only(state: State) -> State:
    """The position as the solver should see it to lay new combinations from the rack alone:
    the player on turn as if before laying out, with no opening to reach."""
    player = state.player
    relaxed = attrs.evolve(
        state.rules, opening_points=0, handrummy=False, lay_off_in_opening_turn=False
    )
    return attrs.evolve(
        state,
        rules=relaxed,
        opened=tuple(False if seat == player else seen for seat, seen in enumerate(state.opened)),
    )


def additive_play(
    state: State, *, points_first: bool = False, objective: Objective | None = None
) -> Play | None:
    """A cheap play for a player who has laid out: the table's combinations stay as they are.

    The solver's best new combinations from the rack alone, then every rack
    tile that can be laid on at the end of a run or into a group
    (R-RUM-LAY-1), one at a time, until none fits. It never rearranges, so it
    costs about a rack-only solve however large the table is. ``None`` when it
    finds nothing to lay (or the player has not laid out: the opening needs the
    real solver). ``points_first`` as in `best_play` (``objective`` is its deprecated
    spelling, with a `DeprecationWarning`, until the next minor release).
    """
    points_first = _points_first(points_first, objective)
    player = state.current_player
    if player is None or not state.opened[player]:
        return None
    first = best_play(_rack_only(state), points_first=points_first)
    table = list(state.table if first is None else first.table)
    rest = list(state.rack)
    if first is not None:
        laid = list(_laid(state.table, first.table))
        for tile in laid:
            rest.remove(tile)
    placed = True
    while placed:
        placed = False
        for tile in sorted(set(rest), key=lambda t: -t.value):
            for at, meld in enumerate(table):
                longer = _laid_on(meld, tile)
                if longer is not None:
                    table[at] = longer
                    rest.remove(tile)
                    placed = True
                    break
    after = sort_table(table)
    if after == state.table:
        return None
    if _legal(state, after):
        return Play(after)
    return first  # pragma: no cover - laying on keeps every combination whole


def _laid(before: tuple[Meld, ...], after: tuple[Meld, ...]) -> list[Tile]:
    """The tiles in ``after`` and not in ``before`` (multisets)."""
    left = Counter(tile for meld in after for tile in meld.tiles)
    left.subtract(tile for meld in before for tile in meld.tiles)
    return list(left.elements())


def _near(meld: Meld, rack: tuple[Tile, ...]) -> bool:
    """Whether a rack tile could join ``meld`` or a combination made from its tiles: a tile of
    the same value, or of the same colour within two values of one of its tiles."""
    values = {tile.value for tile in rack if tile.colour is not None}
    places = {(tile.colour, tile.value) for tile in rack if tile.colour is not None}
    for tile in meld.tiles:
        if tile.colour is None:
            continue
        if tile.value in values:
            return True
        if any((tile.colour, tile.value + step) in places for step in (-2, -1, 1, 2)):
            return True
    return any(tile.colour is None for tile in rack)


def local_play(
    state: State, max_table: int, *, points_first: bool = False, objective: Objective | None = None
) -> Play | None:
    """The solver's best play over the part of the table near the rack, the rest left whole.

    The combinations a rack tile could join (same value, or same colour within
    two) are handed to the solver with the rack; the others stay as they are,
    which every rule allows. When that part still holds more than
    ``max_table`` tiles, `additive_play`. ``points_first`` as in `best_play` (``objective``
    is its deprecated spelling, with a `DeprecationWarning`, until the next minor release).
    """
    points_first = _points_first(points_first, objective)
    near = tuple(meld for meld in state.table if _near(meld, state.rack))
    if sum(len(meld.tiles) for meld in near) > max_table:
        return additive_play(state, points_first=points_first)
    far = list(state.table)
    for meld in near:
        far.remove(meld)
    found = best_play(attrs.evolve(state, table=near), points_first=points_first)
    if found is None:
        return None
    after = sort_table((*far, *found.table))
    return Play(after) if _legal(state, after) else None


def guarded_play(
    state: State,
    *,
    max_table: int | None = None,
    points_first: bool = False,
    objective: Objective | None = None,
) -> Play | None:
    """The solver's best play, or, above ``max_table`` table tiles, the cheaper
    `local_play`.

    A time bound for simulations: the exact solver rearranges the whole table
    and can take seconds to minutes on a table of 50 to 70 tiles. Before laying
    out, above the bound, the opening lays new combinations only, even where
    the rules would let it lay off too (``Rules.lay_off_in_opening_turn``).
    ``max_table=None``: always the solver. ``points_first`` as in `best_play` (``objective``
    is its deprecated spelling, with a `DeprecationWarning`, until the next minor release).
    """
    points_first = _points_first(points_first, objective)
    player = state.current_player
    if max_table is None or player is None or table_size(state) <= max_table:
        return best_play(state, points_first=points_first)
    if not state.opened[player]:
        return best_play(_without_opening_lay_offs(state), points_first=points_first)
    return local_play(state, max_table, points_first=points_first)


def _without_opening_lay_offs(state: State) -> State:
    """The position with an opening that lays new combinations only (R-RUM-OPEN-3): legal
    whether or not the rules let the opening lay off too, and the table left out of the
    search."""
    if not state.rules.lay_off_in_opening_turn:
        return state
    return attrs.evolve(state, rules=attrs.evolve(state.rules, lay_off_in_opening_turn=False))


@attrs.frozen
class RandomBot:
    """Lays one of the first ``breadth`` legal plays found, at random, half the time; else draws."""

    breadth: int = 8
    """How many plays it looks at."""
    max_table: int | None = 30
    """Above this many table tiles, it looks only at plays of new combinations from its rack,
    the table left as it is (an opening too, even where the rules let it lay off):
    enumerating a big table's rearrangements can take seconds when few are legal.
    ``None``: never."""

    def choose(self, state: State, rng: random.Random) -> Action:
        """A random play or a draw."""
        if rng.random() < 0.5:
            seen = state
            if self.max_table is not None and table_size(state) > self.max_table:
                opened = state.opened[state.player]
                seen = _rack_only(state) if opened else _without_opening_lay_offs(state)
            found = list(islice(plays(seen), self.breadth))
            if found:
                return rng.choice(found)
        return _draw(state)


@attrs.frozen
class GreedyBot:
    """Lays the solver's best play (most tiles, then most points) whenever there is one."""

    max_table: int | None = None
    """Above this many table tiles, the cheap play of
    `guarded_play` instead of the solver's; ``None``: never."""

    def choose(self, state: State, rng: random.Random) -> Action:
        """The solver's play, else a draw."""
        play = guarded_play(state, max_table=self.max_table)
        return _draw(state) if play is None else play


@attrs.frozen
class PointsBot:
    """Lays the play that takes the most penalty points off its rack, then the most tiles."""

    max_table: int | None = None
    """As for `GreedyBot`."""

    def choose(self, state: State, rng: random.Random) -> Action:
        """The solver's play under the points objective, else a draw."""
        play = guarded_play(state, max_table=self.max_table, points_first=True)
        return _draw(state) if play is None else play


BOTS = {"random": RandomBot, "greedy": GreedyBot, "points": PointsBot}
"""The bots by name."""


@attrs.frozen
class MatchResult:
    """How a simulation went."""

    games: int
    """Matches played."""
    wins: tuple[int, ...]
    """Per seat: matches won (shared wins count for each winner)."""
    points: tuple[int, ...]
    """Per seat: the sum of the match totals."""
    actions: int
    """Actions applied, chance included."""


def play_match(
    rules: Rules, bots: Sequence[Bot], *, seed: int, max_actions: int = 100_000
) -> GameRecord:
    """Play one match between ``bots`` (seat ``i`` is ``bots[i]``), reproducible from ``seed``.

    The deals are duplicate deals: the lot and, in each round, the order in
    which the tiles leave the pool (a pile shuffled from ``seed``, see
    `pile`) depend on ``seed`` alone, and the
    bots draw on a random stream of their own. So matches with the same
    ``seed`` hand out the same tiles in the same order whatever the bots choose
    and however much randomness they use, and deal the same racks in the first
    round (a later round's deal starts from the player after the one who ended
    the last, R-RUM-MATCH-1): two bots swapped between the seats face the same
    luck, and a bot that plays like another until some turn plays the same
    match until then. Each tile still comes with its exact probability, its
    count in the pool over the pool's size (R-RUM-SET-2), since the rest of a
    shuffled pile is a random order of the tiles not yet drawn.

    Stops after ``max_actions`` actions even if the match is not over.

    Raises:
        ValueError: when the number of bots is not the number of players, or ``seed`` is
            not an int.
    """
    if len(bots) != rules.players:
        raise ValueError(f"{rules.players} players need {rules.players} bots, got {len(bots)}")
    _check_seed(seed)
    piles: dict[int, tuple[Tile, ...]] = {}
    actions: list[Action] = []

    def deal(state: State) -> Action:
        """The lot, then each round's pile in order: the chance of the match."""
        action: Action
        if state.first is None:
            action = FirstPlayer(random.Random(f"lot {seed}").randrange(rules.players))
        else:
            if state.round not in piles:
                piles[state.round] = pile(seed, state.round, rules=rules)
            action = next_from_pile(state, piles[state.round])
        actions.append(action)
        return action

    def keep(state: State, action: Action) -> None:
        actions.append(action)

    try:
        play_out(
            engine,
            new_game(rules),
            bots,
            chance=deal,
            rngs=[random.Random(seed)] * rules.players,  # one stream, shared by the seats
            max_steps=max_actions,
            watch=keep,
            label="the match",
        )
    except SimulationError as error:
        if isinstance(error.__cause__, IllegalActionError):  # a bot's illegal action
            raise error.__cause__ from None
        # otherwise the match is longer than max_actions: its record stops there
    return GameRecord(rules, tuple(actions))


_BOX = Rules()


def _check_seed(seed: int, what: str = "a seed") -> None:
    if type(seed) is not int:
        raise ValueError(f"{what} must be an int, got {_shown(seed)}")


def pile(seed: int, round_: int = 0, *, rules: Rules | None = None) -> tuple[Tile, ...]:
    """The tiles of the set (the box's 106, or that of ``rules``) in the order
    `play_match` deals and draws them in round ``round_`` of a match with ``seed``: a
    shuffle that depends on the set and the two numbers alone.

    Examples:
        >>> len(pile(7)), pile(7) == pile(7), pile(7) == pile(7, 1)
        (106, True, False)
        >>> len(pile(7, rules=Rules.mini()))
        10

    Raises:
        ValueError: for a ``seed`` or ``round_`` that is not an int, ``rules`` that are not
            a ``Rules`` value.
    """
    _check_seed(seed)
    _check_seed(round_, "a round")
    if rules is not None and not isinstance(rules, Rules):
        raise ValueError(f"expected a myrummy Rules value, got {_shown(rules)}")
    full = (rules or _BOX).full_pool
    tiles = [tile for tile in TILES for _ in range(full[tile.index])]
    random.Random(f"pile {seed} {round_}").shuffle(tiles)
    return tuple(tiles)


def next_from_pile(state: State, order: Sequence[Tile]) -> Tile:
    """The tile dealt or drawn at the chance node ``state`` when the round's tiles leave the
    pool in ``order``: ``order[k]``, the tiles out of the pool being its first ``k``.

    It needs no memory of the match, only that every tile dealt or drawn this
    round came from ``order`` in turn, as in
    `play_match`; then, with ``order``
    shuffled at random, each tile comes with its exact probability (R-RUM-SET-2).

    Examples:
        >>> from morpyam.myrummy.core._engine import apply, new_game
        >>> order = pile(3)
        >>> state = new_game(Rules.classic(), first_player=0)
        >>> first = next_from_pile(state, order)
        >>> first == order[0], next_from_pile(apply(state, first), order) == order[1]
        (True, True)

    Raises:
        IllegalActionError: at a state that deals or draws no tile.
        ValueError: when ``state`` is not a ``State``, ``order`` is not the tiles of the
            rules' set, or the tiles out of the pool are not the first ones of ``order``.
    """
    if not isinstance(state, State):
        raise ValueError(f"expected a State, got {type(state).__name__}")
    if state.is_chance and state.first is None:
        raise IllegalActionError("R-RUM-SET-3", "the lot comes first; no tile is dealt before it")
    if not state.is_chance:
        raise IllegalActionError("R-RUM-SET-2", "no tile is being dealt or drawn here")
    rules = state.rules
    full = list(rules.full_pool)
    if (
        len(order) != rules.tile_count
        or not all(isinstance(tile, Tile) for tile in order)
        or counts(order) != full
    ):
        raise ValueError(f"the order must hold the tiles of the set, {rules.set_text}")
    taken = rules.tile_count - state.pool_size
    if counts(order[:taken]) != [have - count for have, count in zip(full, state.pool)]:
        raise ValueError(
            f"the {taken} tiles out of the pool are not the first {taken} of the order: "
            "this round was not dealt from it"
        )
    return order[taken]


def simulate(
    rules: Rules, bots: Sequence[Bot], games: int, seed: int = 0, *, max_actions: int = 100_000
) -> MatchResult:
    """Play ``games`` matches, the seats turned round each match so that no bot always starts.

    Every game's ``simulate`` starts the same way, ``simulate(rules, bots, games, seed=0)``
    (Morpyam's, `morpyam.simulation.simulate`, adds an executor and its own figures).

    Examples:
        >>> result = simulate(Rules.classic(), [GreedyBot(), RandomBot()], games=1, max_actions=60)
        >>> result.games, len(result.wins)
        (1, 2)
    """
    n = rules.players
    wins = [0] * n
    points = [0] * n
    actions = 0
    for game in range(games):
        shift = game % n
        seated = [bots[(seat + shift) % n] for seat in range(n)]
        record = play_match(rules, seated, seed=seed * 1_000_003 + game, max_actions=max_actions)
        state = replay(record)
        actions += len(record.actions)
        totals = scores(state)
        for seat in range(n):
            owner = (seat + shift) % n
            points[owner] += totals[seat]
            if seat in state.winners:
                wins[owner] += 1
    return MatchResult(games, tuple(wins), tuple(points), actions)
