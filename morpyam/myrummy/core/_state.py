"""The state of a MyRummy match: a frozen value with no history inside.

Racks are sorted tuples of tiles (multisets), the table a tuple of melds in
canonical order, and the pool a count per tile kind, so equal positions
compare and hash equal however they were reached.
"""

from __future__ import annotations

import attrs

from morpyam.myrummy.core._melds import Meld
from morpyam.myrummy.core._rules import Rules
from morpyam.myrummy.core._tiles import TILES, Tile

__all__ = ["State"]


@attrs.frozen(repr=False)
class State:
    """A position of a match, made by `new_game`,
    `position` and `apply`.

    It is a *chance node* (`is_chance`)
    while the lot for the first player is open, while tiles are dealt, and
    after a draw; otherwise `current_player`
    decides.

    ``str(state)`` draws the table with numbered combinations, the rack sizes
    and whose turn it is, but no rack (see
    `morpyam.myrummy.core._text` to show some);
    ``repr(state)`` is one short line.
    """

    rules: Rules
    """The rules of the match."""
    racks: tuple[tuple[Tile, ...], ...]
    """Per player: the tiles on their rack (Ablagebank), sorted."""
    table: tuple[Meld, ...]
    """The combinations on the table, in canonical order."""
    pool: tuple[int, ...]
    """The face-down pool (Vorrat): how many of each tile, indexed by ``Tile.index``."""
    player: int
    """Whose turn it is (during the deal: who receives the next tile); once over, the last to act."""
    first: int | None
    """The player who starts this round; ``None`` while the lot is open (R-RUM-SET-3)."""
    opened: tuple[bool, ...]
    """Per player: whether they have laid out this round (R-RUM-OPEN-1)."""
    deal_left: int
    """Tiles still to deal this round (R-RUM-SET-2)."""
    draws_left: int
    """Tiles the player on turn still draws before the turn ends (a draw, a time-out's penalty)."""
    passes: int
    """Passes in a row with the pool empty (R-RUM-END-3)."""
    round: int
    """The round being played, from 0 (R-RUM-MATCH-1)."""
    totals: tuple[int, ...]
    """Per player: plus and minus points of the rounds finished (R-RUM-MATCH-1)."""
    last_round: tuple[int, ...] | None
    """Per player: the points of the last round finished, or ``None`` before any."""
    end_rule: str | None
    """Once the match is over: the rule that ended its last round (``R-RUM-END-1``,
    ``R-RUM-VAR-HAND``, ``R-RUM-END-3``, or ``resign``); ``None`` until then."""
    resigned: int | None = None
    """The player who resigned the match, if one did."""

    @property
    def players(self) -> int:
        """Number of players."""
        return len(self.racks)

    @property
    def pool_size(self) -> int:
        """Tiles left in the pool."""
        return sum(self.pool)

    @property
    def pool_tiles(self) -> tuple[Tile, ...]:
        """The pool's tiles, sorted (hidden from the players: see ``observe``)."""
        return tuple(tile for tile, count in zip(TILES, self.pool) for _ in range(count))

    @property
    def rack(self) -> tuple[Tile, ...]:
        """The rack of the player on turn."""
        return self.racks[self.player]

    @property
    def is_terminal(self) -> bool:
        """Whether the match is over."""
        return self.end_rule is not None

    @property
    def is_chance(self) -> bool:
        """Whether the next action is a chance outcome: the lot, a tile dealt or drawn."""
        return self.end_rule is None and (
            self.first is None or self.deal_left > 0 or self.draws_left > 0
        )

    @property
    def current_player(self) -> int | None:
        """The player to decide, or ``None`` at a chance node or once the match is over."""
        if self.end_rule is not None or self.first is None or self.deal_left or self.draws_left:
            return None
        return self.player

    @property
    def winners(self) -> frozenset[int]:
        """Once the match is over: the highest totals (R-RUM-MATCH-1), or everyone but a
        player who resigned; empty until then."""
        if self.end_rule is None:
            return frozenset()
        if self.resigned is not None:
            return frozenset(p for p in range(len(self.racks)) if p != self.resigned)
        best = max(self.totals)
        return frozenset(p for p, total in enumerate(self.totals) if total == best)

    def __str__(self) -> str:
        # the table, rack sizes and what happens next; no rack: they are face down (R-RUM-SET-2)
        from morpyam.myrummy.core._text import render

        return render(self)

    def __repr__(self) -> str:
        from morpyam.myrummy.core._text import short_repr

        return short_repr(self)
