"""Fixed integer encoding of MyRummy (extra ``numpy``), like `morpyam.encoding`.

A play of MyRummy names a whole table, and the number of tables grows with
the table: no fixed list of ids can name them. So this encoding splits a
turn into short decisions whose ids mean the same in every state: the player
chooses, one at a time and from the lowest id up, the rack tiles to lay this
turn, then says "lay them". The arrangement on the table is left to the exact
solver.

Action ids (56 with the box's tiles; a smaller set, `Rules.colours` and the
fields after it, numbers only the kinds it has, in ``Tile.index`` order, and
moves ``LAY``, ``DRAW`` and ``PASS`` down: `Encoding.kinds`,
`Encoding.lay_id` and the ids after it give them):

| id | meaning | legal when |
| --- | --- | --- |
| ``0 .. 52`` | choose one more tile of kind ``id`` (``Tile.index``, the joker 52) | no higher kind is chosen, and some legal play lays the tiles chosen with this one and maybe more of this kind and above |
| ``53`` ``LAY`` | lay the tiles chosen | some legal play lays exactly those rack tiles |
| ``54`` ``DRAW`` | draw a tile | nothing is chosen, and the pool has tiles |
| ``55`` ``PASS`` | pass | nothing is chosen, and the pool is empty (R-RUM-END-3) |

So the mask is *exact*: a chosen tile never leads into a dead end (the
tiles chosen can always be completed to a legal play), and a lay is one unit
of decision: every set of rack tiles some legal play lays is reached by one
path of ids only, its tiles chosen from the lowest id up, and ``LAY`` is
accepted by `apply`. Drawing or passing is decided before the first tile
is chosen, so choosing tiles and then drawing never reaches what drawing
alone reaches. The
``LAY`` id becomes the `Play` of
`best_play_within` with those
tiles as ``must`` and nothing as ``may``: a function of the table, the rules
and the tiles chosen alone (the canonical arrangement).

What is abstracted away is the arrangement: the player decides which tiles
leave the rack, the solver how the table holds them. The arrangement matters
later only through the combinations it leaves, for what the next players may
take from them (R-RUM-RE-2, R-RUM-JOK-3); the rule that picks it is the same
for everyone, uses public information only, and never makes a set of tiles
unlayable, so agents compared under the encoding play the same game.
There is no undo: once a tile is chosen the turn ends with a lay, and a turn
is at most one decision per rack tile plus one.
``TimeOut`` is left out: the library keeps no clock.

The encoded game's states are `EncodedState` values
(the engine's state, the tiles chosen, what each player has seen), its steps
`Choose` and the engine's actions; the
`Encoding` has the methods of
`GameEncoding` over them, so code written
for the other games' encodings runs on it.

Chance ids (``53 + players`` with the box's tiles): ``0 .. 52`` the tile
dealt or drawn, by ``Tile.index`` (by its place in `Encoding.kinds` in a
smaller set); ``53 + seat`` the lot naming the first player. With
``deal="rack"`` (`Encoding.deal`) a deal gives each player's whole rack as one
chance outcome, a `Rack`, whose ids follow the lot's (`Encoding.rack_id`); the
engine is told the deal one tile at a time, and the information state is the
same as with the tiles dealt one at a time (a rack is a set: the order of the
deal shows nowhere).

The observation fields are in `Encoding.layout`
and tabled on the ecosystems page. Only what the player has seen enters an
observation or `Encoding.information_state`:
their own rack and tiles chosen, the table, and counts of the rest.

Examples:
    >>> import morpyam.myrummy as mr
    >>> encoding = Encoding(mr.Rules.classic())
    >>> encoding.num_actions, encoding.num_chance_outcomes
    (56, 55)
    >>> state = mr.position(
    ...     mr.Rules.classic(),
    ...     racks=[mr.parse_tiles("gn10 gn11 gn12 bk1"), mr.parse_tiles("J")],
    ... )
    >>> turn = EncodedState(state)
    >>> [TILES[i] for i in encoding.legal_ids(turn) if i < LAY]  # a lay starts at its lowest
    [Tile(gn10)]
    >>> for tile in mr.parse_tiles("gn10 gn11 gn12"):
    ...     turn = encoding.apply_id(turn, tile.index)
    >>> str(encoding.action(turn, LAY))
    'play [gn10 gn11 gn12]'
    >>> encoding.action(EncodedState(state), DRAW), str(encoding.action(EncodedState(state), 35))
    (Draw(), 'choose gn10')
    >>> encoding.apply_id(turn, LAY).state.racks[0]
    (Tile(bk1),)
"""

from __future__ import annotations

import math
import random
import warnings
from collections.abc import Sequence
from fractions import Fraction
from typing import Any

import attrs
import numpy as np
import numpy.typing as npt

from morpyam.encoding import ObservationLayout, check_id
from morpyam.errors import IllegalActionError
from morpyam.game import Game
from morpyam.myrummy.core._actions import Action, Draw, FirstPlayer, Pass, Play
from morpyam.myrummy.core._engine import (
    apply,
    chance_outcomes,
    new_game,
    sample_chance,
    scores_if_blocked,
)
from morpyam.myrummy.core._melds import Run
from morpyam.myrummy.core._observe import determinise, observe
from morpyam.myrummy.core._rules import PRESETS, Rules
from morpyam.myrummy.core._state import State
from morpyam.myrummy.core._tiles import (
    JOKER_INDEX,
    KINDS,
    TILE_COUNT,
    TILES,
    Tile,
    counts,
    sort_tiles,
    tiles_text,
)
from morpyam.myrummy.solve._plays import best_play_within

__all__ = [
    "DEALS",
    "DRAW",
    "EVENTS",
    "LAY",
    "MAX_MELDS",
    "MOST_RACKS",
    "NUM_ACTIONS",
    "PASS",
    "RETURNS_UNITS",
    "Choose",
    "EncodedState",
    "Encoding",
    "Rack",
    "Step",
    "rules_from",
]

LAY = KINDS
"""The id that lays the tiles chosen (53 with the box's tiles; `Encoding.lay_id` in any set)."""
DRAW = KINDS + 1
"""The id of ``Draw()`` (54 with the box's tiles; `Encoding.draw_id`)."""
PASS = KINDS + 2
"""The id of ``Pass()`` (55 with the box's tiles; `Encoding.pass_id`), legal only with the
pool empty."""
NUM_ACTIONS = KINDS + 3
"""Action ids with the box's tiles: 53 tile kinds, lay, draw, pass (`Encoding.num_actions`)."""
MAX_MELDS = TILE_COUNT // 3
"""The most combinations the box's tiles make: 35, every one of three tiles (a smaller set
makes ``Rules.tile_count // 3``, the ``melds`` field's rows)."""
_MEMO_TILES = 1 << 22
"""The solver's answers are remembered for ``_MEMO_TILES // tile_count ** 2`` states, at least
256: a walk of a small set's whole tree (exact CFR) asks each state again every iteration, and
a state of a big set weighs more."""
_NOTHING = (0,) * KINDS
MOST_RACKS = 1_000_000
"""The most distinct racks a set may deal under ``deal="rack"``: a rack is then one chance
outcome, and a deal's chance node lists every rack (``tiny`` deals 84, ``mini`` 120, ``midi``
495,495; the box's tiles far more, so it deals one tile at a time)."""
DEALS = ("tile", "rack")
"""The values of `Encoding.deal`."""


def _nothing_seen(turn: EncodedState) -> tuple[str, ...]:
    state = turn.state
    return ("",) * state.players if isinstance(state, State) else ()


def _check_state(instance: object, attribute: attrs.Attribute[Any], value: Any) -> None:
    if not isinstance(value, State):
        raise ValueError(f"an EncodedState holds a myrummy State, got {type(value).__name__}")


def _check_chosen(instance: EncodedState, attribute: attrs.Attribute[Any], value: Any) -> None:
    if value is _NOTHING:
        return
    rack = counts(instance.state.racks[instance.state.player])
    if (
        type(value) is not tuple
        or len(value) != KINDS
        or not all(type(count) is int and 0 <= count <= have for count, have in zip(value, rack))
    ):
        raise ValueError(f"chosen counts 53 tile kinds, at most the rack's, got {value!r}")
    if any(value) and instance.state.current_player is None:
        raise ValueError("tiles are chosen only at a player's decision")


def _check_dealt(instance: EncodedState, attribute: attrs.Attribute[Any], value: Any) -> None:
    state = instance.state
    if (
        type(value) is not tuple
        or not all(type(rack) is tuple and all(type(t) is Tile for t in rack) for rack in value)
        or (value and not (state.is_chance and state.deal_left and len(value) < state.players))
    ):
        raise ValueError(
            "dealt holds the racks dealt whole while a deal is open, fewer than the players, "
            f"got {value!r}"
        )


@attrs.frozen
class EncodedState:
    """A state of the encoded game: the engine's state, the tiles chosen so far this turn and,
    per player, what they have seen of the match (for
    `Encoding.information_state`).

    ``EncodedState(state)`` starts from any engine state with nothing chosen or seen. Its
    old name, ``Turn``, still works with a `DeprecationWarning` until the next major
    release (2.0); ``morpyam.myrummy.Turn`` is another class, a turn written as moves.
    """

    state: State = attrs.field(validator=_check_state)
    """The engine's state."""
    chosen: tuple[int, ...] = attrs.field(default=_NOTHING, validator=_check_chosen)
    """The rack tiles chosen this turn, a count per ``Tile.index`` (all 0 between turns)."""
    seen: tuple[str, ...] = attrs.field(
        default=attrs.Factory(_nothing_seen, takes_self=True), eq=True
    )
    """Per player: the events of the match they saw, one a line (see ``information_state``)."""
    dealt: tuple[tuple[Tile, ...], ...] = attrs.field(default=(), validator=_check_dealt)
    """Under ``deal="rack"``, the racks chance has dealt whole in the deal in progress, in the
    order the players receive, the engine not yet told (it is told the whole deal one tile at
    a time once the last rack is dealt); ``()`` otherwise."""

    @property
    def current_player(self) -> int | None:
        """The player to decide, ``None`` at a chance node or the end."""
        return self.state.current_player

    @property
    def is_chance(self) -> bool:
        """Whether the next id is a chance id."""
        return self.state.is_chance

    @property
    def is_terminal(self) -> bool:
        """Whether the match is over."""
        return self.state.is_terminal

    @property
    def winners(self) -> frozenset[int]:
        """Once the match is over, its winners (`State.winners`)."""
        return self.state.winners


@attrs.frozen
class Choose:
    """A step of the encoded game: choose one more rack tile to lay this turn (ids 0 to 52)."""

    tile: Tile = attrs.field(validator=attrs.validators.instance_of(Tile))
    """The tile chosen."""

    def __str__(self) -> str:
        return f"choose {self.tile}"


def _sorted_rack(value: Any) -> tuple[Tile, ...]:
    if type(value) is not tuple or not value or not all(type(tile) is Tile for tile in value):
        raise ValueError(f"a Rack holds a tuple of tiles, at least one, got {value!r}")
    return sort_tiles(value)


@attrs.frozen
class Rack:
    """A chance step under ``deal="rack"``: the whole rack one player is dealt, as a set."""

    tiles: tuple[Tile, ...] = attrs.field(converter=_sorted_rack)
    """The tiles of the rack, sorted (``Tile.index`` order): the order they are dealt in
    tells no player anything."""

    def __str__(self) -> str:
        return f"rack {tiles_text(self.tiles)}"


Step = Action | Choose | Rack
"""A step of the encoded game: ``Choose(tile)``, a ``Play``, ``Draw()``, ``Pass()`` at a
decision, a ``Tile``, ``FirstPlayer`` or (under ``deal="rack"``) ``Rack`` at a chance node."""


def _rules(instance: object, attribute: attrs.Attribute[Any], value: Any) -> None:
    if not isinstance(value, Rules):
        raise ValueError(f"an Encoding needs a myrummy Rules value, got {value!r}")


RETURNS_UNITS = ("points", "scaled", "zero_sum")
"""The values of `Encoding.returns_unit`."""
EVENTS = ("lot", "gets", "draws", "passes", "lays", "chooses")
"""The kinds of event in a row of the information-state vector's ``events`` field, in column
order after the seats (see `Encoding.information_layout`)."""


def _returns_unit(instance: object, attribute: attrs.Attribute[Any], value: Any) -> None:
    if value not in RETURNS_UNITS:
        raise ValueError(f"returns_unit is one of {', '.join(RETURNS_UNITS)}, got {value!r}")


def _deal(instance: object, attribute: attrs.Attribute[Any], value: Any) -> None:
    if value not in DEALS:
        raise ValueError(f"deal is one of {', '.join(DEALS)}, got {value!r}")


class _Racks:
    """The racks of ``size`` tiles a set deals, numbered: ``ways[at][m]`` counts the racks of
    ``m`` tiles of the kinds from place ``at`` of ``most`` (the set's copies per kind, in id
    order) on; rack ``0`` holds the lowest ids, and racks follow in the lexicographic order
    of their tiles sorted by id."""

    __slots__ = ("count", "most", "size", "ways")

    def __init__(self, most: Sequence[int], size: int) -> None:
        self.most = tuple(most)
        self.size = size
        ways = [[0] * (size + 1) for _ in range(len(most) + 1)]
        ways[len(most)][0] = 1
        for at in range(len(most) - 1, -1, -1):
            for m in range(size + 1):
                ways[at][m] = sum(ways[at + 1][m - c] for c in range(min(most[at], m) + 1))
        self.ways = ways
        self.count = ways[0][size]

    def rank(self, held: Sequence[int]) -> int:
        """The number of the rack holding ``held[place]`` tiles of each kind."""
        rank, left = 0, self.size
        for at, count in enumerate(held):
            for more in range(count + 1, min(self.most[at], left) + 1):
                rank += self.ways[at + 1][left - more]
            left -= count
        return rank

    def unrank(self, rank: int) -> list[int]:
        """The copies per kind of rack number ``rank``."""
        held, left = [], self.size
        for at, most in enumerate(self.most):
            for count in range(min(most, left), -1, -1):
                ways = self.ways[at + 1][left - count]
                if rank < ways:
                    break
                rank -= ways
            held.append(count)
            left -= count
        return held


def _racks_from(pool: Sequence[int], size: int) -> list[tuple[list[int], Fraction]]:
    """Every rack of ``size`` tiles from ``pool`` (copies per kind), with its probability: its
    ways to be drawn (the product of the binomials of its copies) over the pool's."""
    total = math.comb(sum(pool), size)
    found: list[tuple[list[int], Fraction]] = []
    held = [0] * len(pool)

    def walk(at: int, left: int, ways: int) -> None:
        if left == 0:
            found.append((list(held), Fraction(ways, total)))
            return
        if at == len(pool) or sum(pool[at:]) < left:
            return
        for count in range(min(pool[at], left), -1, -1):
            held[at] = count
            walk(at + 1, left - count, ways * math.comb(pool[at], count))
        held[at] = 0

    walk(0, size, 1)
    return found


def _bits(chosen: Sequence[int]) -> tuple[int, int]:
    """A multiset of at most two copies per kind as two bit masks: kinds held once or more, twice."""
    once = twice = 0
    for kind, count in enumerate(chosen):
        if count:
            once |= 1 << kind
            if count > 1:
                twice |= 1 << kind
    return once, twice


def _within(small: tuple[int, int], large: tuple[int, int]) -> bool:
    return not (small[0] & ~large[0] or small[1] & ~large[1])


def _floor(chosen: Sequence[int]) -> int | None:
    """The highest kind chosen (the next tile chosen is of that kind or above), or ``None``."""
    for kind in range(len(chosen) - 1, -1, -1):
        if chosen[kind]:
            return kind
    return None


def _tiles(chosen: Sequence[int]) -> tuple[Tile, ...]:
    return tuple(tile for tile, count in zip(TILES, chosen) for _ in range(count))


class _Known:
    """What one turn's questions have shown: sets of rack tiles some legal play lays (each with
    every subset extendable), sets no legal play extends, and the canonical lay of each set asked.

    Only answers the solver gave enter, so every mask read from here is exact; the arrangement
    of a lay is always that of the query with nothing optional, whatever was asked before."""

    __slots__ = ("dead", "ids", "lays", "rack", "state", "witnesses")

    def __init__(self, state: State) -> None:
        self.state = state
        self.rack = counts(state.racks[state.player])
        self.witnesses: list[tuple[int, int]] = []
        self.dead: list[tuple[int, int]] = []
        self.lays: dict[tuple[int, ...], Play | None] = {}
        self.ids: dict[tuple[int, ...], list[int]] = {}
        """The legal ids asked for, by the tiles chosen."""

    def _ask(self, must: Sequence[int], may: Sequence[int]) -> Play | None:
        """The solver's play; a refusal with the whole rest of the rack in ``may`` marks ``must``
        dead (no play lays it, nor any set holding it).

        The solver starts from the relaxation's bound wherever that is quick (a small rack),
        so a refusal the bound proves costs no search; asking the bound first as well would
        only do it twice, and on a big rack, where the integer program answers, its states
        multiply (seconds on a rack of 40 tiles)."""
        play = best_play_within(self.state, _tiles(must), _tiles(may))
        if play is None:
            if all(a + b == c for a, b, c in zip(must, may, self.rack)):
                self.dead.append(_bits(must))
        else:
            table = counts(tile for meld in self.state.table for tile in meld.tiles)
            after = counts(tile for meld in play.table for tile in meld.tiles)
            self.witnesses.append(_bits([a - b for a, b in zip(after, table)]))
        return play

    def extendable(self, chosen: Sequence[int], floor: int = 0) -> bool:
        """Whether some legal play lays the tiles ``chosen`` and maybe more, the more all of
        kinds ``floor`` and up (the tiles of a lay are chosen from the lowest kind up)."""
        bits = _bits(chosen)
        low = (1 << floor) - 1
        once, twice = bits[0] & low, bits[1] & low
        for witness in self.witnesses:
            if _within(bits, witness) and witness[0] & low == once and witness[1] & low == twice:
                return True
        if any(_within(dead, bits) for dead in self.dead):
            return False
        rest = [
            have - count if kind >= floor else 0
            for kind, (have, count) in enumerate(zip(self.rack, chosen))
        ]
        return self._ask(chosen, rest) is not None

    def layable(self, chosen: tuple[int, ...]) -> bool:
        """Whether some legal play lays exactly the tiles ``chosen``."""
        if chosen in self.lays:
            return self.lays[chosen] is not None
        bits = _bits(chosen)
        if bits in self.witnesses:
            return True
        if any(_within(dead, bits) for dead in self.dead):
            return False
        return self.lay(chosen) is not None

    def lay(self, chosen: tuple[int, ...]) -> Play | None:
        """The canonical play that lays exactly ``chosen``, or ``None``."""
        if chosen not in self.lays:
            self.lays[chosen] = self._ask(chosen, _NOTHING)
        return self.lays[chosen]


@attrs.frozen
class Encoding:
    """The fixed encoding of MyRummy under ``rules`` (see the module for the ids).

    It works on `EncodedState` values (an engine state and the tiles
    chosen), and remembers the solver's answers for the last few turns asked (a cache, not a
    state: answers are the same with or without it).
    """

    rules: Rules = attrs.field(validator=_rules)
    """The rules of the match."""
    returns_unit: str = attrs.field(default="points", kw_only=True, validator=_returns_unit)
    """What `returns` counts: ``"points"``, the match totals; ``"scaled"``, the totals
    divided by `max_return`'s bound in points, so every return lies in [-1, 1] whatever the
    set (search constants tuned for that range carry over); or ``"zero_sum"``, each total
    less the mean of the totals, so the returns add up to 0 in every match, blocked, tied
    or cut off alike (with two players, half the difference of the totals), as
    exploitability and other two-player zero-sum methods need."""
    deal: str = attrs.field(default="tile", kw_only=True, validator=_deal)
    """How chance deals a round: ``"tile"``, one tile at a time, each a chance outcome, as the
    engine deals; or ``"rack"``, each player's whole rack one chance outcome (the engine is
    then told the deal one tile at a time), so a tree walk meets one node per rack, not one
    per order of its tiles. Refused for a set with more than `MOST_RACKS` racks."""
    kinds: tuple[int, ...] = attrs.field(init=False)
    """The ``Tile.index`` of each tile id: every kind the set has, ascending (all 53 in the
    box's set, so there a tile's id is its index)."""
    lay_id: int = attrs.field(init=False)
    """The id that lays the tiles chosen: one after the tile ids (53 in the box's set)."""
    draw_id: int = attrs.field(init=False)
    """The id of ``Draw()`` (54 in the box's set)."""
    pass_id: int = attrs.field(init=False)
    """The id of ``Pass()`` (55 in the box's set)."""
    num_actions: int = attrs.field(init=False)
    """Action ids: the set's tile kinds, lay, draw, pass (56 in the box's set)."""
    num_chance_outcomes: int = attrs.field(init=False)
    """Chance ids: the set's tile kinds, then the lot's seats, then under ``deal="rack"`` the
    racks (`rack_id`)."""
    layout: ObservationLayout = attrs.field(init=False)
    """The observation vector's fields."""
    _memo: dict[State, _Known] = attrs.field(init=False, eq=False, repr=False, factory=dict)
    _most_total: float = attrs.field(init=False, eq=False, repr=False)
    _ids: tuple[int, ...] = attrs.field(init=False, eq=False, repr=False)
    _racks: _Racks | None = attrs.field(init=False, eq=False, repr=False)

    def __attrs_post_init__(self) -> None:
        rules = self.rules
        players = rules.players
        full = rules.full_pool
        kinds = tuple(kind for kind in range(KINDS) if full[kind])
        ids = [-1] * KINDS
        for place, kind in enumerate(kinds):
            ids[kind] = place
        size = len(kinds)
        racks = None
        if self.deal == "rack":
            racks = _Racks([full[kind] for kind in kinds], rules.rack_size)
            if racks.count > MOST_RACKS:
                raise ValueError(
                    f"deal='rack' deals every rack as one chance outcome, and racks of "
                    f"{rules.rack_size} from {rules.set_text} number {racks.count:,}, more "
                    f"than {MOST_RACKS:,}: deal one tile at a time"
                )
        object.__setattr__(self, "_racks", racks)
        for name, value in (
            ("kinds", kinds),
            ("_ids", tuple(ids)),
            ("lay_id", size),
            ("draw_id", size + 1),
            ("pass_id", size + 2),
            ("num_actions", size + 3),
            ("num_chance_outcomes", size + players + (0 if racks is None else racks.count)),
        ):
            object.__setattr__(self, name, value)
        # every tile on the racks (R-RUM-END-2), counted by the Handrummy factor, each round
        most_rack = sum(
            count * (rules.joker_penalty if kind == JOKER_INDEX else kind % 13 + 1)
            for kind, count in enumerate(full)
        )
        most_total = most_rack * rules.handrummy_factor * rules.rounds
        object.__setattr__(self, "_most_total", float(most_total))
        most_copies = max(rules.copies, rules.jokers)
        shapes: list[tuple[str, tuple[int, ...], float]] = [
            ("rack", (size,), most_copies),
            ("chosen", (size,), most_copies),
            ("table", (size,), most_copies),
            ("melds", (rules.tile_count // 3, 3 + size), max(rules.values, most_copies)),
            ("opened", (players,), 1),
            ("rack_sizes", (players,), rules.tile_count),
            ("pool_size", (1,), rules.tile_count),
            ("to_move", (players,), 1),
            ("receiving", (players,), 1),
            ("deal_left", (1,), players * rules.rack_size),
            ("passes", (1,), players),
            ("round", (1,), rules.rounds - 1),
            ("plus", (players,), most_total),
            ("minus", (players,), most_total),
        ]
        object.__setattr__(self, "layout", ObservationLayout.of(shapes))

    @property
    def players(self) -> int:
        """Number of players."""
        return self.rules.players

    @property
    def game(self) -> Game[Rules, State, Action]:
        """The module ``morpyam.myrummy``, which is a `Game` (its states are
        the engine's: an `EncodedState` holds one)."""
        import morpyam.myrummy

        return morpyam.myrummy

    def new_state(self) -> EncodedState:
        """A new match: the lot, then the deal, as chance nodes."""
        return EncodedState(new_game(self.rules))

    def scores(self, turn: EncodedState) -> tuple[int, ...]:
        """The match totals per player (`scores`)."""
        return turn.state.totals

    def _known(self, state: State) -> _Known:
        known = self._memo.get(state)
        if known is None:
            if len(self._memo) >= max(256, _MEMO_TILES // self.rules.tile_count**2):
                self._memo.clear()
            known = self._memo[state] = _Known(state)
        return known

    # Ids.

    def chance_id(self, action: Step) -> int:
        """The chance id of a tile dealt or drawn, of the lot's ``FirstPlayer``, or under
        ``deal="rack"`` of a `Rack` (`rack_id`).

        Raises:
            ValueError: for anything else, a tile the set lacks included.
        """
        if type(action) is Tile and self._ids[action.index] >= 0:
            return self._ids[action.index]
        if type(action) is FirstPlayer and action.player < self.players:
            return self.lay_id + action.player
        if type(action) is Rack:
            return self.rack_id(action)
        raise ValueError(f"{action!r} is not a chance outcome of this game")

    def rack_id(self, rack: Rack) -> int:
        """Under ``deal="rack"``, the chance id of a whole rack: after the tiles and the lot's
        seats, the racks of ``rack_size`` tiles the set can deal, numbered in the
        lexicographic order of their tile ids sorted (under `Rules.tiny`, ids 11 to 94, the
        first purple 1 2 3).

        Raises:
            ValueError: under ``deal="tile"``, or for a rack the set cannot deal.
        """
        racks = self._racks
        if racks is None:
            raise ValueError("racks are chance outcomes under deal='rack' only")
        if type(rack) is not Rack:
            raise ValueError(f"expected a Rack, got {rack!r}")
        held = [0] * len(self.kinds)
        for tile in rack.tiles:
            place = self._ids[tile.index]
            if place < 0:
                raise ValueError(f"{rack}: the set has no {tile} ({self.rules.set_text})")
            held[place] += 1
        if len(rack.tiles) != racks.size or any(h > m for h, m in zip(held, racks.most)):
            raise ValueError(f"{rack} is no rack of {racks.size} from {self.rules.set_text}")
        return self.lay_id + self.players + racks.rank(held)

    def chance_action(self, chance_id: int) -> Tile | FirstPlayer | Rack:
        """The chance outcome of id ``chance_id``.

        Raises:
            ValueError: for an id out of range.
        """
        index = check_id(chance_id, self.num_chance_outcomes)
        size = self.lay_id
        if index < size:
            return TILES[self.kinds[index]]
        if index < size + self.players:
            return FirstPlayer(index - size)
        assert self._racks is not None  # the ids stop at the lot's without racks
        held = self._racks.unrank(index - size - self.players)
        return Rack(tuple(TILES[k] for k, n in zip(self.kinds, held) for _ in range(n)))

    def chance_probabilities(self, turn: EncodedState) -> list[tuple[int, float]]:
        """At a chance node, each chance id with its probability as a float, ids ascending."""
        return sorted(
            (self.chance_id(action), float(share)) for action, share in self.chance_outcomes(turn)
        )

    def _rack_node(self, turn: EncodedState) -> bool:
        """Whether ``turn`` deals a whole rack: a deal under ``deal="rack"``.

        Raises:
            ValueError: for a deal begun one tile at a time (a turn built by hand).
        """
        state = turn.state
        if self._racks is None or not state.is_chance or not state.deal_left:
            return False
        if state.first is None:
            return False
        if any(state.racks) or state.deal_left != self.players * self.rules.rack_size:
            raise ValueError(
                "deal='rack' deals whole racks, and this deal began one tile at a time"
            )
        return True

    def _pool_left(self, turn: EncodedState) -> list[int]:
        """The pool less the racks dealt whole and not yet told, copies per tile id."""
        pool = [turn.state.pool[kind] for kind in self.kinds]
        for rack in turn.dealt:
            for tile in rack:
                pool[self._ids[tile.index]] -= 1
        return pool

    def chance_outcomes(self, turn: EncodedState) -> tuple[tuple[Action | Rack, Fraction], ...]:
        """`chance_outcomes` of the state; under ``deal="rack"`` at a deal, every rack the
        player receiving can be dealt from the pool left, with its exact probability (its
        ways to be drawn, the product of the binomials of its copies, over the pool's)."""
        if not self._rack_node(turn):
            return chance_outcomes(turn.state)
        kinds = self.kinds
        return tuple(
            (Rack(tuple(TILES[k] for k, n in zip(kinds, held) for _ in range(n))), share)
            for held, share in _racks_from(self._pool_left(turn), self.rules.rack_size)
        )

    def sample_chance(self, turn: EncodedState, rng: random.Random) -> Action | Rack:
        """One chance outcome drawn with ``rng`` at its probability
        (`sample_chance`; under ``deal="rack"`` a whole `Rack`, its tiles drawn one at a
        time from the pool left); ``chance_id`` gives its id."""
        if not self._rack_node(turn):
            return sample_chance(turn.state, rng)
        if not isinstance(rng, random.Random):
            raise ValueError(f"rng must be a random.Random, got {rng!r}")
        pool = [kind for kind, n in zip(self.kinds, self._pool_left(turn)) for _ in range(n)]
        return Rack(tuple(TILES[kind] for kind in rng.sample(pool, self.rules.rack_size)))

    def legal_ids(self, turn: EncodedState) -> list[int]:
        """The legal ids, ascending: chance ids at a chance node, none at the end."""
        state = turn.state
        if state.is_terminal:
            return []
        if state.is_chance:
            return [index for index, _ in self.chance_probabilities(turn)]
        known = self._known(state)
        ids = known.ids.get(turn.chosen)
        if ids is None:
            ids = known.ids[turn.chosen] = self._legal_ids(turn, known)
        return list(ids)

    def _legal_ids(self, turn: EncodedState, known: _Known) -> list[int]:
        state = turn.state
        chosen = list(turn.chosen)
        floor = _floor(turn.chosen)
        if floor is None:
            known.extendable(chosen)  # the best play: a large witness, or every tile dead
        ids = []
        for kind in range(floor or 0, KINDS):
            if known.rack[kind] > chosen[kind]:
                chosen[kind] += 1
                if known.extendable(chosen, kind):
                    ids.append(self._ids[kind])
                chosen[kind] -= 1
        if floor is None:
            ids.append(self.draw_id if any(state.pool) else self.pass_id)
        elif known.layable(turn.chosen):
            ids.append(self.lay_id)
        return sorted(ids)

    def _legal(self, turn: EncodedState, index: int) -> bool:
        """Whether action id ``index`` is legal at the decision ``turn`` (one question, not the mask)."""
        state = turn.state
        chosen = turn.chosen
        floor = _floor(chosen)
        if index == self.draw_id:
            return floor is None and any(state.pool)
        if index == self.pass_id:
            return floor is None and not any(state.pool)
        known = self._known(state)
        if index == self.lay_id:
            return floor is not None and known.layable(chosen)
        kind = self.kinds[index]
        if known.rack[kind] <= chosen[kind] or kind < (floor or 0):
            return False
        return known.extendable((*chosen[:kind], chosen[kind] + 1, *chosen[kind + 1 :]), kind)

    def legal_mask(self, turn: EncodedState) -> npt.NDArray[np.int8]:
        """1 for each legal action id of the player to move; all 0 at a chance node or the end."""
        mask = np.zeros(self.num_actions, dtype=np.int8)
        if turn.state.current_player is not None:
            mask[self.legal_ids(turn)] = 1
        return mask

    def legal_actions(self, turn: EncodedState) -> tuple[Step, ...]:
        """The steps of the legal ids, in id order: at a decision, ``Choose`` values, the
        canonical ``Play``, ``Draw()`` or ``Pass()``; at a chance node, the outcomes."""
        if turn.state.is_chance:
            return tuple(self.chance_action(index) for index in self.legal_ids(turn))
        return tuple(self._step(turn, index) for index in self.legal_ids(turn))

    def action(self, turn: EncodedState, action_id: int) -> Step:
        """The step id ``action_id`` names in ``turn``: ``Choose(tile)`` for a tile kind, the
        canonical ``Play`` of the tiles chosen for ``LAY``, ``Draw()``, ``Pass()``; the outcome
        at a chance node.

        Raises:
            ValueError: for an id out of range (of the chance ids at a chance node).
            IllegalActionError: for an id that is not legal here (see ``apply_id``).
        """
        if turn.state.is_chance:
            return self.chance_action(action_id)
        index = check_id(action_id, self.num_actions)
        self._check_legal(turn, index)
        return self._step(turn, index)

    def _step(self, turn: EncodedState, index: int) -> Step:
        """The step of a legal decision id ``index``."""
        if index < self.lay_id:
            return Choose(TILES[self.kinds[index]])
        if index == self.draw_id:
            return Draw()
        if index == self.pass_id:
            return Pass()
        play = self._known(turn.state).lay(turn.chosen)
        assert play is not None  # the id is legal
        return play

    def action_id(self, turn: EncodedState, action: Step) -> int:
        """The id of a player's step in ``turn``: ``Choose(tile)`` its tile's index, a ``Play``
        that lays exactly the tiles chosen ``LAY``, ``Draw()`` and ``Pass()`` theirs.

        Raises:
            ValueError: for a chance outcome, a ``TimeOut``, or a ``Play`` that lays other
                rack tiles than those chosen (``play_ids`` gives the ids of a whole play).
        """
        if isinstance(action, Choose):
            index = self._ids[action.tile.index]
            if index < 0:
                raise ValueError(f"{action}: the set has no {action.tile} ({self.rules.set_text})")
            return index
        if isinstance(action, Draw):
            return self.draw_id
        if isinstance(action, Pass):
            return self.pass_id
        if isinstance(action, Play):
            if _laid(turn.state, action) != turn.chosen:
                raise ValueError(
                    f"{action} lays other tiles than those chosen "
                    f"({tiles_text(_tiles(turn.chosen))}): see Encoding.play_ids"
                )
            return self.lay_id
        raise ValueError(f"{action!r} is not a player's step of the encoded game")

    def _check_legal(self, turn: EncodedState, index: int) -> None:
        state = turn.state
        if state.is_terminal:
            raise IllegalActionError("R-RUM-MATCH-1", "the match is over")
        if self._legal(turn, index):
            return
        floor = _floor(turn.chosen)
        if floor is not None and index in (self.draw_id, self.pass_id):
            raise IllegalActionError(
                "R-RUM-TURN-1",
                f"tiles are chosen ({tiles_text(_tiles(turn.chosen))}): a lay is one decision, "
                "so choose more tiles or lay them",
            )
        if index == self.draw_id:
            raise IllegalActionError("R-RUM-END-3", "the pool is empty: lay tiles or pass")
        if index == self.pass_id:
            raise IllegalActionError(
                "R-RUM-TURN-1", "a player who does not lay takes a tile from the pool"
            )
        chosen = tiles_text(_tiles(turn.chosen))
        if index == self.lay_id:
            raise IllegalActionError(
                "R-RUM-TURN-1", f"no legal play lays exactly the tiles chosen ({chosen})"
            )
        tile = TILES[self.kinds[index]]
        if turn.chosen[tile.index] >= counts(state.racks[state.player])[tile.index]:
            raise IllegalActionError("R-RUM-TURN-1", f"your rack has no more {tile} to choose")
        if floor is not None and tile.index < floor:
            raise IllegalActionError(
                "R-RUM-TURN-1",
                f"a lay's tiles are chosen in id order, the lowest first: {tile} comes before "
                f"{TILES[floor]}, chosen already",
            )
        raise IllegalActionError(
            "R-RUM-TURN-1", f"no legal play lays {tile} together with the tiles chosen ({chosen})"
        )

    def apply_id(self, turn: EncodedState, action_id: int) -> EncodedState:
        """The turn after id ``action_id`` (a chance id at a chance node); ``turn`` never changes.

        Raises:
            ValueError: for an id out of range.
            IllegalActionError: for an id the mask does not allow, naming the rule: a tile the
                rack lacks or no legal play lays with the tiles chosen, ``LAY`` with tiles no
                legal play lays as they are (R-RUM-TURN-1), a draw from an empty pool
                (R-RUM-END-3), a pass with tiles in the pool, anything once the match is over.
        """
        return self._advance(turn, self.action(turn, action_id))

    def apply(self, turn: EncodedState, action: Step) -> EncodedState:
        """The turn after ``action``, one of ``legal_actions(turn)``: what ``action(turn, id)``
        names for a legal id. A ``Play`` must be the canonical play of the tiles chosen (the
        encoding's game lays no other arrangement).

        Raises:
            IllegalActionError: for a step that is not legal here, naming the rule (as
                ``apply_id``; a ``TimeOut`` or another ``Play`` names R-RUM-TURN-1).
        """
        state = turn.state
        if state.is_chance or state.is_terminal:
            if isinstance(action, Choose):
                if state.is_terminal:
                    raise IllegalActionError("R-RUM-MATCH-1", "the match is over")
                raise IllegalActionError(
                    "R-RUM-SET-2", "no one chooses tiles here: a tile is dealt or drawn"
                )
            if not state.is_terminal and self._rack_node(turn):
                self._check_rack(turn, action)
                return self._advance(turn, action)
            if isinstance(action, Rack):
                raise IllegalActionError(
                    "R-RUM-SET-2", "a whole rack is dealt only at a deal under deal='rack'"
                )
            after = apply(state, action)
            return EncodedState(after, _NOTHING, _told(turn.seen, self._events(turn, action)))
        kind = type(action)
        if kind is Choose or kind is Draw or kind is Pass:
            self._check_legal(turn, self.action_id(turn, action))
        elif kind is Play:
            self._check_legal(turn, self.lay_id)
            if action != self._known(state).lay(turn.chosen):
                raise IllegalActionError(
                    "R-RUM-TURN-1",
                    "the encoded game lays the tiles chosen as "
                    f"{self._known(state).lay(turn.chosen)}, not as {action}",
                )
        else:
            raise IllegalActionError(
                "R-RUM-TURN-1", f"{action} is not a step of the encoded game (see its ids)"
            )
        return self._advance(turn, action)

    def _check_rack(self, turn: EncodedState, action: Step) -> None:
        """Refuse anything but a rack the pool left can deal, at a deal under ``deal="rack"``."""
        if type(action) is not Rack:
            raise IllegalActionError(
                "R-RUM-SET-2",
                f"under deal='rack' a deal gives a whole rack: the next step is a Rack, not {action}",
            )
        size = self.rules.rack_size
        pool = self._pool_left(turn)
        for tile in action.tiles:
            place = self._ids[tile.index]
            if place < 0 or pool[place] <= 0:
                raise IllegalActionError("R-RUM-SET-2", f"{action}: no {tile} is left in the pool")
            pool[place] -= 1
        if len(action.tiles) != size:
            raise IllegalActionError(
                "R-RUM-SET-2", f"{action}: a rack is dealt {size} tiles, not {len(action.tiles)}"
            )

    def _advance(self, turn: EncodedState, action: Step) -> EncodedState:
        """The turn after a step known to be legal."""
        state = turn.state
        if type(action) is Rack:
            dealt = (*turn.dealt, action.tiles)
            if len(dealt) < self.players:
                return EncodedState(state, _NOTHING, turn.seen, dealt)
            seen = turn.seen  # the engine is told the deal one tile at a time (R-RUM-SET-2)
            everyone = range(self.players)
            for at in range(self.rules.rack_size):
                for rack in dealt:
                    seen = _told(seen, dict.fromkeys(everyone, f"{state.player} gets a tile"))
                    state = apply(state, rack[at])
            return EncodedState(state, _NOTHING, seen)
        if isinstance(action, Choose):
            index = action.tile.index
            chosen = (*turn.chosen[:index], turn.chosen[index] + 1, *turn.chosen[index + 1 :])
            player = state.player
            seen = _told(turn.seen, {player: f"{player} chooses {action.tile}"})
            return EncodedState(state, chosen, seen)
        assert not isinstance(action, Rack)  # a rack is dealt above
        after = apply(state, action)
        return EncodedState(after, _NOTHING, _told(turn.seen, self._events(turn, action)))

    def _events(self, turn: EncodedState, action: Action) -> dict[int, str]:
        """What each player sees of ``action``: the others' tiles only as a count."""
        state = turn.state
        everyone = range(self.players)
        player = state.player
        if type(action) is FirstPlayer:
            return dict.fromkeys(everyone, f"lot: {action.player} starts")
        if type(action) is Tile:
            if state.deal_left:  # the deal: the rack (in `text`) shows the tiles, as a set
                return dict.fromkeys(everyone, f"{player} gets a tile")
            return {p: f"{player} gets {action if p == player else 'a tile'}" for p in everyone}
        if type(action) is Draw:
            return dict.fromkeys(everyone, f"{player} draws")
        if type(action) is Pass:
            return dict.fromkeys(everyone, f"{player} passes")
        return dict.fromkeys(everyone, f"{player} lays {tiles_text(_tiles(turn.chosen))}")

    def play_ids(self, turn: EncodedState, play: Play) -> list[int]:
        """The ids that lay the rack tiles ``play`` lays (the tiles ascending, then ``LAY``), from
        a turn with nothing chosen; the table they make is the canonical one, maybe arranged
        otherwise than ``play``'s. For learning from a bot's plays.

        Raises:
            IllegalActionError: when ``apply`` rejects ``play`` here.
        """
        state = turn.state
        apply(state, play)
        laid = _laid(state, play)
        return [self._ids[kind] for kind in range(KINDS) for _ in range(laid[kind])] + [self.lay_id]

    # What a player sees.

    def observation(self, turn: EncodedState, player: int) -> npt.NDArray[np.float32]:
        """The observation vector of ``turn`` for ``player`` (seats relative to ``player``)."""
        vector = np.zeros(self.layout.size, dtype=np.float32)
        self.write(vector, turn, player)
        return vector

    def write(self, vector: npt.NDArray[np.float32], turn: EncodedState, player: int) -> None:
        """Fill ``vector`` (zeros, of the layout's size) with the observation for ``player``."""
        state = turn.state
        players = self.players
        view = self.layout.views(vector)
        ids = self._ids
        for tile in state.racks[player]:
            view["rack"][ids[tile.index]] += 1
        if state.current_player == player:
            view["chosen"][:] = [turn.chosen[kind] for kind in self.kinds]
        melds = view["melds"]
        for row, meld in enumerate(state.table):
            if isinstance(meld, Run):
                melds[row, 0] = 1
                melds[row, 2] = meld.start
            else:
                melds[row, 1] = 1
                melds[row, 2] = meld.value
            for tile in meld.tiles:
                melds[row, 3 + ids[tile.index]] += 1
                view["table"][ids[tile.index]] += 1
        for seat in range(players):
            at = (seat - player) % players
            view["opened"][at] = state.opened[seat]
            view["rack_sizes"][at] = len(state.racks[seat])
            total = state.totals[seat]
            view["plus" if total > 0 else "minus"][at] = abs(total)
        view["pool_size"][0] = state.pool_size
        if state.current_player is not None:
            view["to_move"][(state.player - player) % players] = 1
        elif state.is_chance and state.first is not None:
            view["receiving"][(state.player - player) % players] = 1
        view["deal_left"][0] = state.deal_left
        view["passes"][0] = state.passes
        view["round"][0] = state.round

    def text(self, turn: EncodedState, player: int) -> str:
        """What ``player`` sees now, as text: their rack and tiles chosen, the table, the counts."""
        state = turn.state
        chosen = turn.chosen if state.current_player == player else _NOTHING
        table = " ".join(map(str, state.table)) or "empty"
        sizes = " ".join(map(str, map(len, state.racks)))
        opened = "".join("x" if laid else "-" for laid in state.opened)
        totals = " ".join(map(str, state.totals))
        return (
            f"player {player}; rack {tiles_text(state.racks[player])}; "
            f"chosen {tiles_text(_tiles(chosen))}; table {table}; racks {sizes}; "
            f"pool {state.pool_size}; opened {opened}; totals {totals}; round {state.round}; "
            f"turn {state.player}{'' if state.current_player is None else ' to move'}"
            + (f"; over ({state.end_rule})" if state.is_terminal else "")
        )

    def information_state(self, turn: EncodedState, player: int) -> str:
        """A key of everything ``player`` has seen: each event of the match as they saw it (the
        tiles dealt or drawn to another player only as "a tile", the others' tiles chosen not at
        all, each lay as the tiles laid), one a line, then `text`
        of the turn. Two turns that differ only in what ``player`` has not seen have the same key.
        The deal is a set: a tile dealt is "a tile" to everyone, the player's own too, and the
        rack in `text` names them (sorted), so the order they were dealt in, which tells a
        player nothing, makes no two keys; a tile drawn later is named to the player who draws.
        """
        return turn.seen[player] + self.text(turn, player)

    def information_layout(self, max_decisions: int) -> ObservationLayout:
        """The fields of the information-state vector of a match cut off after
        ``max_decisions`` player decisions: the observation's fields (`layout`), then
        ``events``, one row for each event the player saw, in order, rows past the last all 0.

        A row holds the seat the event is about (relative to the player, one-hot over the
        players), its kind (one-hot over `EVENTS`: the lot naming who starts, a tile dealt or
        drawn, a draw, a pass, a lay, a tile the player chose) and its tiles, a count per
        tile id: the tile the player drew or chose, the tiles a lay laid; none for a tile
        dealt (the rack shows those, as a set) or another player received. A match has at
        most ``1 + rounds * tile_count + max_decisions`` events (the lot, every tile dealt or
        drawn, every decision), so the vector has ``layout.size + that * (players + 6 + len(kinds))`` numbers: under
        ``mini``, cut off after 50 decisions, 61 rows of 18. A match makes at most
        ``rounds * (3 * tile_count + players * (tile_count + 1))`` decisions (each round: a tile
        chosen per tile laid, a lay per tile at most, a draw per tile of the pool, and fewer
        passes in a row than players between two lays), so a ``max_decisions`` above that
        counts as that: under ``tiny`` with two players, 47 decisions, 57 rows of 17.

        Raises:
            ValueError: for a ``max_decisions`` below 1.
        """
        if type(max_decisions) is not int or max_decisions < 1:
            raise ValueError(f"max_decisions is a whole number from 1, got {max_decisions!r}")
        rules = self.rules
        most = rules.rounds * (3 * rules.tile_count + self.players * (rules.tile_count + 1))
        rows = 1 + rules.rounds * rules.tile_count + min(max_decisions, most)
        width = self.players + len(EVENTS) + self.lay_id
        shapes = [(field.name, field.shape, field.high) for field in self.layout.fields]
        shapes.append(("events", (rows, width), max(rules.copies, rules.jokers)))
        return ObservationLayout.of(shapes)

    def write_information_state(
        self,
        vector: npt.NDArray[np.float32],
        layout: ObservationLayout,
        history: Sequence[tuple[State, Step]],
        turn: EncodedState,
        player: int,
    ) -> None:
        """Fill ``vector`` (zeros, of ``layout``'s size, ``layout`` from `information_layout`)
        with ``player``'s information state after ``history``, the steps that made ``turn``,
        each with the engine state it was taken in: what `information_state` says, as numbers.

        Raises:
            ValueError: for a history with more events than ``layout`` has rows.
        """
        self.write(vector[: self.layout.size], turn, player)
        events = layout.views(vector)["events"]
        players = self.players
        ids = self._ids
        row = 0
        racks = 0
        for state, step in history:
            kind = type(step)
            if kind is Rack:  # a whole deal's rows once its last rack is dealt, as told
                racks += 1
                if racks < players:
                    continue
                racks = 0
                if row + players * self.rules.rack_size > len(events):
                    raise ValueError(f"the history has more than the layout's {len(events)} events")
                for _ in range(self.rules.rack_size):
                    for seat in range(players):
                        line = events[row]
                        row += 1
                        line[(state.player + seat - player) % players] = 1
                        line[players + 1] = 1
                continue
            if kind is Choose and state.player != player:
                continue
            if row >= len(events):
                raise ValueError(f"the history has more than the layout's {len(events)} events")
            line = events[row]
            row += 1
            if kind is FirstPlayer:
                line[(step.player - player) % players] = 1  # type: ignore[union-attr]
                line[players] = 1
                continue
            line[(state.player - player) % players] = 1
            tiles = line[players + len(EVENTS) :]
            if kind is Tile:
                line[players + 1] = 1
                if state.player == player and not state.deal_left:  # the deal: a set
                    tiles[ids[step.index]] = 1  # type: ignore[union-attr]
            elif kind is Draw:
                line[players + 2] = 1
            elif kind is Pass:
                line[players + 3] = 1
            elif kind is Choose:
                line[players + 5] = 1
                tiles[ids[step.tile.index]] = 1  # type: ignore[union-attr]
            else:
                line[players + 4] = 1
                for tile in _tiles(_laid(state, step)):  # type: ignore[arg-type]
                    tiles[ids[tile.index]] += 1

    def rewards(self, before: EncodedState, after: EncodedState) -> tuple[float, ...]:
        """Per player, the points the step added to their match total (R-RUM-END-2): 0 until a
        round ends, then its plus and minus points, so the rewards of a match add up to its
        ``returns`` (but for a match cut off, whose round in play only ``returns`` scores),
        in the same unit (`returns_unit`)."""
        return self._in_unit(
            [now - then for now, then in zip(after.state.totals, before.state.totals)]
        )

    def _in_unit(self, points: Sequence[int]) -> tuple[float, ...]:
        """``points`` per player in the unit of the returns (`returns_unit`)."""
        if self.returns_unit == "scaled":
            return tuple(float(value) / self._most_total for value in points)
        if self.returns_unit == "zero_sum":
            mean = Fraction(sum(points), len(points))
            return tuple(float(value - mean) for value in points)
        return tuple(float(value) for value in points)

    def returns(self, turn: EncodedState) -> tuple[float, ...]:
        """Per player, the match total (R-RUM-END-2, R-RUM-MATCH-1): the points decide a match,
        so they are its return, as the score sheet's grand totals are. A match cut off before
        its end scores the round in play as a blocked round (`scores_if_blocked`: the lowest
        rack wins the others' points), so that a cut-off still says who was ahead. With
        ``returns_unit="scaled"`` each is divided by the bound of `max_return` in points, with
        ``"zero_sum"`` the mean of the totals is taken off each."""
        return self._in_unit(scores_if_blocked(turn.state))

    def resample(self, turn: EncodedState, player: int, rng: random.Random) -> EncodedState:
        """A turn ``player`` cannot tell from ``turn``: the tiles they cannot see dealt afresh.

        The other racks and the pool are dealt at random with ``rng``
        (`determinise`, every arrangement equally likely); ``player``'s information
        state is unchanged. Tiles another player has chosen but not laid yet are
        not seen by ``player``: the turn returned has nothing chosen then. What the
        other players have seen is kept as it was, as a key of their history
        only (the tiles it names on their racks may be dealt elsewhere now):
        `resample_history` deals the hidden tiles afresh in every player's history
        too, as OpenSpiel's ``resample_from_infostate`` does.

        Raises:
            ValueError: for a ``turn`` that is not an ``EncodedState``, a seat out of range or an
                ``rng`` that is not a `random.Random`.
        """
        if not isinstance(turn, EncodedState):
            raise ValueError(f"expected a myrummy EncodedState, got {type(turn).__name__}")
        if turn.dealt:  # a deal in progress: the racks dealt to the others, afresh
            observe(turn.state, player)  # checks the seat
            if not isinstance(rng, random.Random):
                raise ValueError(f"rng must be a random.Random, got {rng!r}")
            dealt = _racks_afresh(
                turn.state, list(enumerate(turn.dealt)), player, rng, turn.state.player
            )
            return EncodedState(turn.state, _NOTHING, turn.seen, tuple(dict(dealt).values()))
        state = determinise(observe(turn.state, player), rng)
        chosen = turn.chosen if turn.state.player == player else _NOTHING
        return EncodedState(state, chosen, turn.seen)

    def resample_history(
        self, history: Sequence[tuple[State, Step]], player: int, rng: random.Random
    ) -> list[tuple[int, Step, EncodedState]]:
        """A match ``player`` cannot tell from the one ``history`` played, and what every player
        saw of it: each step's id, the step, and the turn after it, from `new_state`.

        ``history`` is every step of the match so far, each with the engine state it was taken
        in. The tiles ``player`` cannot see are dealt afresh with ``rng``: the other racks and
        the pool now as `resample` deals them (every arrangement equally likely), then the
        tiles each other player received this round, in an order where every tile they laid
        came to them before they laid it. Everything public is kept: the lot, who received a
        tile when, every draw, pass and lay, and ``player``'s own tiles and choices. Tiles
        another player chose and did not lay (a turn still open) are left out, as ``player``
        never saw them. Replaying the ids from a new match reaches the last turn, and there
        every player's information state and observation agree with the tiles dealt afresh.
        Rounds already finished are kept as they were dealt: their racks were scored in the
        public totals.

        Raises:
            ValueError: for a seat out of range, an ``rng`` that is not a `random.Random`, or
                a ``history`` that is not a match of these rules from its start.
        """
        if type(player) is not int or not 0 <= player < self.players:
            raise ValueError(f"player is a seat 0 to {self.players - 1}, got {player!r}")
        if not isinstance(rng, random.Random):
            raise ValueError(f"rng must be a random.Random, got {rng!r}")
        steps = list(history)
        if not steps:
            return []
        last_state, last_step = steps[-1]
        before = []  # the racks dealt whole before the last step, in a deal in progress
        if type(last_step) is Rack:
            for _, step in reversed(steps[:-1]):
                if type(step) is not Rack:
                    break
                before.append(step.tiles)
        before.reverse()
        now = self._advance(EncodedState(last_state, dealt=tuple(before)), last_step).state
        kept = _kept_steps(steps, player)
        dealt = determinise(observe(now, player), rng)
        steps = _dealt_afresh(kept, now, dealt, player, rng)
        turn = self.new_state()
        replayed = []
        for state, step in steps:
            if state.is_chance:
                index = self.chance_id(step)
            elif isinstance(step, Play):
                index = self.lay_id
            else:
                index = self.action_id(turn, step)
            turn = self._advance(turn, step)
            replayed.append((index, step, turn))
        return replayed

    @property
    def min_return(self) -> float:
        """Minus every tile of the game on the rack, by the Handrummy factor, each round: a bound
        no total reaches (R-RUM-END-2, R-RUM-VAR-HAND); -1 when the returns are scaled."""
        return -self.max_return

    @property
    def max_return(self) -> float:
        """The winner's plus points are the others' minus points: at most every tile of the game,
        by the Handrummy factor, each round (R-RUM-END-2, R-RUM-VAR-HAND); 1 when the returns
        are scaled."""
        if self.returns_unit == "scaled":
            return 1.0
        if self.returns_unit == "zero_sum":  # a total less the mean of totals in the bounds
            return self._most_total * 2 * (self.players - 1) / self.players
        return self._most_total

    @property
    def return_sum(self) -> float | None:
        """``None``: a round's points add up to 0, except when the lowest racks tie after an empty
        pool and everyone scores minus (R-RUM-END-3), so the sum varies (general sum); 0 with
        ``returns_unit="zero_sum"``."""
        return 0.0 if self.returns_unit == "zero_sum" else None

    @property
    def max_decisions(self) -> None:
        """``None``: a match ends (a turn is at most one decision per rack tile plus one, draws
        empty the pool), but no useful bound is known, so the adapters cut it off at
        `MAX_DECISIONS` as they do Morpyam."""
        return None


def rules_from(rules: Rules | str | None, players: int = 2) -> Rules:
    """``rules`` itself, the MyRummy preset of that name (``classic``, ``rummikub``, ``mini``,
    ``midi``) for
    ``players``, or the classic preset for ``None``.

    Examples:
        >>> rules_from("rummikub", 3).min_stay is None
        True

    Raises:
        ValueError: for anything else, or a number of players the rules refuse (R-RUM-SET-1).
    """
    if rules is None:
        rules = "classic"
    if isinstance(rules, str):
        if rules not in PRESETS:
            raise ValueError(
                f"rules must be a MyRummy Rules or one of {', '.join(PRESETS)}, got {rules!r}"
            )
        return PRESETS[rules](players)
    if not isinstance(rules, Rules):
        raise ValueError(f"rules must be a MyRummy Rules, a preset name or None, got {rules!r}")
    return rules


def _laid(state: State, play: Play) -> tuple[int, ...]:
    """The rack tiles ``play`` lays, a count per kind (the table after less the table before)."""
    before = counts(tile for meld in state.table for tile in meld.tiles)
    after = counts(tile for meld in play.table for tile in meld.tiles)
    return tuple(a - b for a, b in zip(after, before))


def _told(seen: tuple[str, ...], events: dict[int, str]) -> tuple[str, ...]:
    return tuple(
        log + events[player] + "\n" if player in events else log for player, log in enumerate(seen)
    )


def _kept_steps(steps: list[tuple[State, Step]], player: int) -> list[tuple[State, Step]]:
    """``steps`` without the tiles another player chose and did not lay: those ``player``
    never saw (a turn still open, or tiles chosen before a draw)."""
    kept: list[tuple[State, Step]] = []
    waiting: list[tuple[State, Step]] = []
    for state, step in steps:
        if type(step) is Choose and state.player != player:
            waiting.append((state, step))
            continue
        if waiting and isinstance(step, Play):
            kept.extend(waiting)
        waiting = []
        kept.append((state, step))
    return kept


def _dealt_afresh(
    steps: list[tuple[State, Step]],
    now: State,
    dealt: State,
    player: int,
    rng: random.Random,
) -> list[tuple[State, Step]]:
    """``steps`` with the tiles each other player received this round replaced: their rack in
    ``dealt`` and the tiles they laid, each laid tile received before its lay, at random."""
    this_round = [
        at
        for at, (state, _) in enumerate(steps)
        if state.round == now.round and state.first is not None
    ]
    changed = list(steps)
    players = now.players
    seats: dict[int, int] = {}  # the seat each rack dealt whole this round went to
    run = 0
    for at in this_round:
        state, step = steps[at]
        if type(step) is Rack:
            seats[at] = (state.player + run) % players
            run = (run + 1) % players
    if seats and now.deal_left:  # a deal in progress, the engine not yet told
        racks = [(at, steps[at][1].tiles) for at in seats]  # type: ignore[union-attr]
        for at, tiles in _racks_afresh(now, racks, player, rng, steps[min(seats)][0].player):
            changed[at] = (steps[at][0], Rack(tiles))
        return changed
    for seat in range(players):
        if seat == player:
            continue
        slots = [
            at for at in this_round if type(steps[at][1]) is Tile and steps[at][0].player == seat
        ]
        size = now.rules.rack_size
        slots = sorted(slots + [at for at, to in seats.items() if to == seat for _ in range(size)])
        due: list[tuple[float, Tile]] = [(math.inf, tile) for tile in dealt.racks[seat]]
        for at in this_round:
            state, step = steps[at]
            if isinstance(step, Play) and state.player == seat:
                due.extend((at, tile) for tile in _tiles(_laid(state, step)))
        if len(due) != len(slots):
            raise ValueError("the history is not a match of these rules from its start")
        whole: dict[int, list[Tile]] = {}
        for at in reversed(slots):
            can = [place for place, (deadline, _) in enumerate(due) if deadline > at]
            if not can:
                raise ValueError("the history is not a match of these rules from its start")
            _, tile = due.pop(can[rng.randrange(len(can))])
            if at in seats:
                whole.setdefault(at, []).append(tile)
            else:
                changed[at] = (steps[at][0], tile)
        for at, got in whole.items():
            changed[at] = (steps[at][0], Rack(tuple(got)))
    return changed


def _racks_afresh(
    state: State,
    racks: list[tuple[int, tuple[Tile, ...]]],
    player: int,
    rng: random.Random,
    first: int,
) -> list[tuple[int, tuple[Tile, ...]]]:
    """The racks dealt whole in a deal in progress (each with a key, in the order dealt from
    seat ``first``), those of the other players than ``player`` dealt afresh from the pool
    less ``player``'s own, at random with ``rng``."""
    players = state.players
    pool = [kind for kind, count in enumerate(state.pool) for _ in range(count)]
    for place, (_, tiles) in enumerate(racks):
        if (first + place) % players == player:
            for tile in tiles:
                pool.remove(tile.index)
    fresh = []
    for place, (key, tiles) in enumerate(racks):
        if (first + place) % players == player:
            fresh.append((key, tiles))
            continue
        picked = rng.sample(pool, len(tiles))
        for kind in picked:
            pool.remove(kind)
        fresh.append((key, sort_tiles(TILES[kind] for kind in picked)))
    return fresh


def __getattr__(name: str) -> Any:
    """``Turn``, the old name of `EncodedState`, kept until the next major release (2.0) with a
    `DeprecationWarning` (``morpyam.myrummy.Turn`` is another class: a turn written as moves)."""
    if name == "Turn":
        warnings.warn(
            "morpyam.myrummy.encoding.Turn is deprecated: use "
            "morpyam.myrummy.encoding.EncodedState",
            DeprecationWarning,
            stacklevel=2,
        )
        return EncodedState
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
