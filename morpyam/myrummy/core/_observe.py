"""What one player sees (R-RUM-SET-2: racks and pool are face down), and states consistent with it.

`observe` keeps the player's own rack,
the table and everything public (rack sizes, pool size, who has laid out,
scores); other racks and the pool's tiles are left out.
`determinise` deals the unseen tiles
at random into the hidden places, giving a full state a search bot can play
on.
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Mapping

import attrs

from morpyam.errors import shown as _shown
from morpyam.myrummy.core._melds import Meld
from morpyam.myrummy.core._rules import Rules
from morpyam.myrummy.core._state import State
from morpyam.myrummy.core._tiles import KINDS, TILES, Tile, counts, sort_tiles

__all__ = ["Observation", "determinise", "observe", "unseen"]


@attrs.frozen
class Observation:
    """The part of a `State` that ``player`` sees.

    ``str(observation)`` draws it as that player sees it: the table with numbered
    combinations, every rack's size, the pool's size, what happens next and their own rack
    (`morpyam.myrummy.core._text.render`). `observation_to_json` writes it for the wire.
    """

    rules: Rules
    """The rules of the match."""
    player: int
    """Who observes."""
    rack: tuple[Tile, ...]
    """The observer's own rack, sorted."""
    table: tuple[Meld, ...]
    """The combinations on the table."""
    rack_sizes: tuple[int, ...]
    """Per player: how many tiles their rack holds."""
    pool_size: int
    """How many tiles the pool holds."""
    opened: tuple[bool, ...]
    """Per player: whether they have laid out."""
    totals: tuple[int, ...]
    """Per player: the match totals so far."""
    last_round: tuple[int, ...] | None
    """The points of the last round finished."""
    turn: int
    """The ``State.player`` field: whose turn it is (or who receives the next tile)."""
    first: int | None
    """Who started this round; ``None`` while the lot is open."""
    deal_left: int
    """Tiles still to deal."""
    draws_left: int
    """Tiles the player on turn still draws."""
    passes: int
    """Passes in a row with the pool empty."""
    round: int
    """The round being played, from 0."""
    end_rule: str | None
    """The rule that ended the match, or ``None``."""
    resigned: int | None
    """Who resigned, if anyone."""

    @property
    def current_player(self) -> int | None:
        """The player to decide, or ``None`` at a chance node or once the match is over."""
        if self.end_rule is not None or self.first is None or self.deal_left or self.draws_left:
            return None
        return self.turn

    def __str__(self) -> str:
        from morpyam.myrummy.core._text import render

        return render(self)


def observe(state: State, player: int) -> Observation:
    """What ``player`` sees of ``state``: no other rack, no pool tile.

    Examples:
        >>> from morpyam.myrummy.core._engine import position
        >>> from morpyam.myrummy.core._tiles import parse_tiles
        >>> state = position(Rules.classic(), racks=[parse_tiles("gn5"), parse_tiles("J bk3")])
        >>> seen = observe(state, 0)
        >>> seen.rack, seen.rack_sizes, seen.pool_size
        ((Tile(gn5),), (1, 2), 103)

    Raises:
        ValueError: for a ``state`` that is not a ``State`` or a seat out of range.
    """
    if not isinstance(state, State):
        raise ValueError(f"expected a myrummy State, got {type(state).__name__}")
    if type(player) is not int or not 0 <= player < state.players:
        raise ValueError(f"player is a seat 0 to {state.players - 1}, got {_shown(player)}")
    return Observation(
        state.rules,
        player,
        state.racks[player],
        state.table,
        tuple(len(rack) for rack in state.racks),
        state.pool_size,
        state.opened,
        state.totals,
        state.last_round,
        state.player,
        state.first,
        state.deal_left,
        state.draws_left,
        state.passes,
        state.round,
        state.end_rule,
        state.resigned,
    )


def unseen(observation: Observation) -> tuple[Tile, ...]:
    """The tiles the observer cannot see: the rules' set minus their rack and the table, sorted."""
    seen = counts(observation.rack)
    for meld in observation.table:
        for tile in meld.tiles:
            seen[tile.index] += 1
    full = observation.rules.full_pool
    return tuple(tile for tile, count, have in zip(TILES, seen, full) for _ in range(have - count))


def determinise(
    observation: Observation,
    rng: random.Random,
    *,
    known: Mapping[int, Iterable[Tile]] | None = None,
) -> State:
    """A full state consistent with ``observation``: the unseen tiles dealt at random with ``rng``.

    Every arrangement of the unseen tiles into the other racks (of their
    sizes) and the pool is equally likely. ``known`` fixes some of the other
    racks (seat to tiles), for a search that has its own reading of them; the
    rest of the unseen tiles are dealt as before.

    Examples:
        >>> from morpyam.myrummy.core._engine import position
        >>> from morpyam.myrummy.core._tiles import parse_tiles
        >>> state = position(Rules.classic(), racks=[parse_tiles("gn5"), parse_tiles("J bk3")])
        >>> seen = observe(state, 0)
        >>> guess = determinise(seen, random.Random(1), known={1: parse_tiles("gy9 gn5")})
        >>> guess.racks[1], guess.pool[parse_tiles("gn5")[0].index]  # the other gn5 is dealt
        ((Tile(gn5), Tile(gy9)), 0)

    Raises:
        ValueError: for an ``observation`` that is not an ``Observation``, an ``rng`` that
            is not a `random.Random`, a ``known`` that is not a mapping of seats to racks,
            or a ``known`` rack of the observer, of the wrong size, or of tiles the
            observer can see.
    """
    if not isinstance(observation, Observation):
        raise ValueError(f"expected an Observation, got {type(observation).__name__}")
    if not isinstance(rng, random.Random):
        raise ValueError(f"rng must be a random.Random, got {_shown(rng)}")
    hidden = counts(unseen(observation))
    fixed = _known_racks(observation, known or {}, hidden)
    rest = [tile for tile, count in zip(TILES, hidden) for _ in range(count)]
    rng.shuffle(rest)
    racks: list[tuple[Tile, ...]] = []
    at = 0
    for seat, size in enumerate(observation.rack_sizes):
        if seat == observation.player:
            racks.append(observation.rack)
        elif seat in fixed:
            racks.append(fixed[seat])
        else:
            racks.append(sort_tiles(rest[at : at + size]))
            at += size
    pool = [0] * KINDS
    for tile in rest[at:]:
        pool[tile.index] += 1
    return State(
        observation.rules,
        tuple(racks),
        observation.table,
        tuple(pool),
        observation.turn,
        observation.first,
        observation.opened,
        observation.deal_left,
        observation.draws_left,
        observation.passes,
        observation.round,
        observation.totals,
        observation.last_round,
        observation.end_rule,
        observation.resigned,
    )


def _known_racks(
    observation: Observation, known: Mapping[int, Iterable[Tile]], hidden: list[int]
) -> dict[int, tuple[Tile, ...]]:
    """The ``known`` racks, sorted, their tiles taken out of ``hidden`` (the unseen counts).

    Raises:
        ValueError: for a ``known`` that is not a mapping, a seat out of range or the
            observer's, a rack that is not of tiles or of the wrong size, or tiles that
            are not unseen.
    """
    if not isinstance(known, Mapping):
        raise ValueError(f"known maps seats to racks, got {_shown(known)}")
    fixed: dict[int, tuple[Tile, ...]] = {}
    for seat, tiles in known.items():
        if type(seat) is not int or not 0 <= seat < len(observation.rack_sizes):
            raise ValueError(
                f"known racks are for seats 0 to {len(observation.rack_sizes) - 1}, got {_shown(seat)}"
            )
        if seat == observation.player:
            raise ValueError(f"seat {seat} is the observer, whose rack is seen, not dealt")
        if isinstance(tiles, str) or not isinstance(tiles, Iterable):
            raise ValueError(f"a known rack is a sequence of tiles, got {_shown(tiles)}")
        rack = tuple(tiles)
        if not all(type(tile) is Tile for tile in rack):
            raise ValueError(f"a known rack is a sequence of tiles, got {_shown(tiles)}")
        if len(rack) != observation.rack_sizes[seat]:
            raise ValueError(
                f"seat {seat} holds {observation.rack_sizes[seat]} tiles, not {len(rack)}"
            )
        for tile in rack:
            if hidden[tile.index] == 0:
                raise ValueError(f"a known rack holds {tile}, which is not among the unseen tiles")
            hidden[tile.index] -= 1
        fixed[seat] = sort_tiles(rack)
    return fixed
