"""The Morpyam Plus set-up (R-VAR-PLUS): deal the grid's tiles, then lay them out.

The labels of ``rules.layout`` are the tiles. They are dealt one at a time,
at random, round the table from the first player; then the first player lays
all their tiles on empty positions, then each other player in seat order.
The grid they build is the layout of the game.
"""

from __future__ import annotations

from collections import Counter
from fractions import Fraction

import attrs

from morpyam.actions import DealTile, PlaceTile
from morpyam.figures import Figure, Label, Special
from morpyam.layouts import Layout

__all__ = ["LABEL_ORDER", "Setup"]

LABEL_ORDER: tuple[Label, ...] = (*Figure, *Special)
"""The order of labels in bags, hands and listed actions."""
_RANK = {label: rank for rank, label in enumerate(LABEL_ORDER)}


_LAYS: dict[tuple[Label, int, int], tuple[PlaceTile, ...]] = {}


def _lays(label: Label, layout: Layout) -> tuple[PlaceTile, ...]:
    """A ``label`` tile on each cell of a grid of ``layout``'s shape, made once."""
    key = (label, layout.height, layout.width)
    row = _LAYS.get(key)
    if row is None:
        row = _LAYS[key] = tuple(PlaceTile(label, cell) for cell in layout.cells)
    return row


def _sorted(labels: list[Label] | tuple[Label, ...]) -> tuple[Label, ...]:
    return tuple(sorted(labels, key=_RANK.__getitem__))


@attrs.frozen
class Setup:
    """Where the Plus set-up stands: the bag, the hands and the grid laid so far."""

    first: int | None
    """The first player, once the start roll has decided (R-SET-3)."""
    bag: tuple[Label, ...]
    """Tiles not dealt yet, sorted."""
    hands: tuple[tuple[Label, ...], ...]
    """Per player: tiles dealt and not laid yet, sorted."""
    tiles: tuple[Label | None, ...]
    """Per cell of the grid: the tile laid there, or ``None``."""

    @classmethod
    def new(cls, layout: Layout, players: int) -> Setup:
        """A full bag made of the labels of ``layout``, nothing dealt or laid."""
        return cls(None, _sorted(layout.labels), ((),) * players, (None,) * len(layout))

    def deal_outcomes(self) -> tuple[tuple[DealTile, Fraction], ...]:
        """Each distinct label in the bag, with the chance that the next tile shows it."""
        counts = Counter(self.bag)
        total = len(self.bag)
        return tuple(
            (DealTile(label), Fraction(counts[label], total))
            for label in LABEL_ORDER
            if label in counts
        )

    def deal(self, label: Label, player: int) -> Setup:
        """The bag less one ``label`` tile, which goes to ``player``'s hand."""
        bag = list(self.bag)
        bag.remove(label)
        hands = list(self.hands)
        hands[player] = _sorted([*hands[player], label])
        return attrs.evolve(self, bag=tuple(bag), hands=tuple(hands))

    def lay(self, player: int, label: Label, index: int) -> Setup:
        """``player`` lays a ``label`` tile of their hand on the empty cell ``index``."""
        hand = list(self.hands[player])
        hand.remove(label)
        hands = (*self.hands[:player], tuple(hand), *self.hands[player + 1 :])
        tiles = (*self.tiles[:index], label, *self.tiles[index + 1 :])
        return attrs.evolve(self, hands=hands, tiles=tiles)

    def hand_over(self, giver: int, taker: int) -> Setup:
        """R-END-4: the tiles ``giver`` has not laid pass to ``taker``."""
        hands = list(self.hands)
        hands[taker] = _sorted([*hands[taker], *hands[giver]])
        hands[giver] = ()
        return attrs.evolve(self, hands=tuple(hands))

    def placer(self, resigned: frozenset[int], current: int | None = None) -> int | None:
        """Who lays tiles now; ``None`` when all are laid.

        The player laying (``current``) goes on while they hold tiles; then
        the first player, then seat order, for anyone still holding tiles
        (the tiles of a player who resigned pass to the next one still in).
        """
        if current is not None and current not in resigned and self.hands[current]:
            return current
        players = len(self.hands)
        first = self.first or 0
        for step in range(players):
            player = (first + step) % players
            if player not in resigned and self.hands[player]:
                return player
        return None

    def lay_actions(self, player: int, layout: Layout) -> tuple[PlaceTile, ...]:
        """Every tile of ``player``'s hand on every empty cell: by label, then by cell."""
        empty = [index for index, tile in enumerate(self.tiles) if tile is None]
        actions: list[PlaceTile] = []
        for label in dict.fromkeys(self.hands[player]):
            row = _lays(label, layout)
            actions += [row[index] for index in empty]
        return tuple(actions)

    def built(self, layout: Layout) -> Layout:
        """The finished grid, shaped like ``layout``."""
        width = layout.width
        rows = [self.tiles[start : start + width] for start in range(0, len(self.tiles), width)]
        return Layout(rows)  # type: ignore[arg-type]
