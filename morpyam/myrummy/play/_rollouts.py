"""A bot that looks ahead near the end of a round: greedy, unless rollouts show drawing is better.

Greedy lays as many tiles as it can on every turn. Near the end of a round
that can be a mistake: a tile laid may give the other player the spot they
need to go out, and a tile kept may let a later turn go out in one. The
`RolloutBot` weighs the two by
playing each to the end many times over deals of the tiles it cannot see
(`determinise`), every seat played by
greedy, and it draws instead of laying only when the rollouts favour the
draw clearly, since a close call is mostly noise.
"""

from __future__ import annotations

import math
import random
import statistics
from collections import Counter
from collections.abc import Iterator, Sequence

import attrs

from morpyam.myrummy.core._actions import Action
from morpyam.myrummy.core._engine import apply, legal_actions, sample_chance, scores
from morpyam.myrummy.core._observe import determinise, observe, unseen
from morpyam.myrummy.core._state import State
from morpyam.myrummy.core._tiles import Tile, sort_tiles
from morpyam.myrummy.play._bots import Bot, GreedyBot, guarded_play, table_size

__all__ = ["RolloutBot", "WatcherBot", "prefers_draw", "rollout"]


def rollout(state: State, player: int, bot: Bot, rng: random.Random) -> float:
    """``player``'s share of the win when ``bot`` plays every seat from ``state`` to the end
    of the round, chance from ``rng``, plus a thousandth of ``player``'s points to break ties.

    Examples:
        >>> import morpyam.myrummy as mr
        >>> state = mr.position(
        ...     mr.Rules.classic(handrummy=True),
        ...     racks=[mr.parse_tiles("gn10 gn11 gn12"), mr.parse_tiles("J")],
        ... )
        >>> rollout(state, 0, mr.GreedyBot(), random.Random(1))  # a win, +2 x 25 (Handrummy)
        1.05
    """
    while not state.is_terminal:
        action = sample_chance(state, rng) if state.is_chance else bot.choose(state, rng)
        state = apply(state, action)
    share = 1 / len(state.winners) if player in state.winners else 0.0
    return share + scores(state)[player] / 1000


def prefers_draw(gains: Sequence[float], *, samples: int, z: float) -> bool:
    """Whether the draw's gains over the play (one per rollout pair) favour it clearly.

    Clearly: all ``samples`` pairs were played, the mean gain is positive and
    more than ``z`` standard errors from zero (or every gain is the same and
    positive).

    Examples:
        >>> prefers_draw([1.0, 0.0, 1.0, 0.0], samples=4, z=1.0)
        True
        >>> prefers_draw([1.0, -1.0, 1.0, 0.0], samples=4, z=1.0)
        False
    """
    if len(gains) < samples:
        return False
    mean = statistics.fmean(gains)
    if mean <= 0:
        return False
    spread = statistics.stdev(gains) if len(gains) > 1 else 0.0
    return spread == 0 or mean / (spread / math.sqrt(len(gains))) > z


@attrs.frozen
class RolloutBot:
    """Greedy, except that near the end of a round it draws instead of laying when greedy
    rollouts over deals of the unseen tiles say the draw wins more.

    It searches only once it has laid out, its best play does not go out, and
    some rack holds ``late`` tiles or fewer. Then it plays greedy's play and
    the draw from the same deal with the same chance stream, ``first`` times;
    if the draw gains nothing on average it lays greedy's play, else it goes on
    to ``samples`` pairs and draws when
    `prefers_draw`. About 15 to 32
    CPU seconds a match against greedy with the default settings and
    ``max_table=60``; measured, it is no better than greedy
    (research/myrummy-bots.md).
    """

    max_table: int | None = None
    """Its own plays, as for `GreedyBot`."""
    rollout_table: int | None = attrs.field(default=40, kw_only=True)
    """The bound of the greedy bots that play the rollouts: lower is faster and rougher."""
    late: int = attrs.field(default=5, kw_only=True)
    """It searches once a rack holds this many tiles or fewer."""
    first: int = attrs.field(default=8, kw_only=True)
    """Rollout pairs before it gives up on a draw that gains nothing."""
    samples: int = attrs.field(default=32, kw_only=True)
    """Rollout pairs before it may draw."""
    z: float = attrs.field(default=1.0, kw_only=True)
    """How many standard errors the draw's mean gain must clear."""

    def __attrs_post_init__(self) -> None:
        if not 1 <= self.first <= self.samples:
            raise ValueError(
                f"need 1 <= first <= samples, got first={self.first}, samples={self.samples}"
            )
        if self.late < 0:
            raise ValueError(f"late must be 0 or more, got {self.late}")

    def choose(self, state: State, rng: random.Random) -> Action:
        """Greedy's play, or the draw when the rollouts favour it clearly; the draw when
        there is no play."""
        player = state.current_player
        play = guarded_play(state, max_table=self.max_table)
        pull = legal_actions(state)[0]
        if play is None:
            return pull
        goes_out = sum(len(meld.tiles) for meld in play.table) - table_size(state) == len(
            state.rack
        )
        if (
            player is None
            or not state.opened[player]
            or goes_out
            or min(len(rack) for rack in state.racks) > self.late
        ):
            return play
        greedy = GreedyBot(self.rollout_table)
        guesses = self.deals(state, player, rng)
        gains: list[float] = []
        while len(gains) < self.samples:
            guess = next(guesses)
            seed = rng.getrandbits(64)
            laid = rollout(apply(guess, play), player, greedy, random.Random(seed))
            drawn = rollout(apply(guess, pull), player, greedy, random.Random(seed))
            gains.append(drawn - laid)
            if len(gains) == self.first and statistics.fmean(gains) <= 0:
                break
        return pull if prefers_draw(gains, samples=self.samples, z=self.z) else play

    def deals(self, state: State, player: int, rng: random.Random) -> Iterator[State]:
        """Full states to roll out from, without end: the unseen tiles dealt at random,
        consistent with what ``player`` sees of ``state``
        (`determinise`)."""
        seen = observe(state, player)
        while True:
            yield determinise(seen, rng)


@attrs.frozen
class WatcherBot(RolloutBot):
    """`RolloutBot` that deals the previous player's
    rack as a greedy player's last turn would have left it.

    Its rollouts take every player for greedy, and so does its reading of the
    turn just played: a greedy player who laid has no play left, and one who
    drew had none before the tile drawn. So it deals that rack from the unseen
    tiles that have no play alone on the table (all the unseen tiles when there
    are too few of those, or when the table is over ``rollout_table``, where
    greedy searches only the part of the table near its rack), plus, as the
    tile drawn, one tile from all the unseen, and keeps a deal only when the
    tiles before the draw have no play for greedy bounded at
    ``rollout_table``; after ``tries`` deals that do not, the last one. The
    other racks and the pool are dealt at random.

    Whether the previous player drew: yes if they have not laid out (they
    could only draw), no if they passed (the pool was empty), else at the
    rate ``draw_rate``. A player who laid out in that very turn may, where
    the rules let no one lay off in the opening turn (R-RUM-OPEN-3), keep
    tiles that could be laid off now; the observation does not show that
    turn, so such a rack is read as having no play.

    About 130 CPU seconds a match against greedy with ``max_table=60`` and
    ``rollout_table=60``; measured, it is no better than greedy
    (research/myrummy-bots.md).
    """

    draw_rate: float = attrs.field(default=0.43, kw_only=True)
    """How often it takes a previous player who has laid out to have drawn; 0.43 is how
    often greedy had drawn at the turns where the search runs, in greedy self-play (1,098
    of 2,581)."""
    tries: int = attrs.field(default=20, kw_only=True)
    """Deals tried for one that fits before it settles for the last."""

    def __attrs_post_init__(self) -> None:
        super().__attrs_post_init__()
        if not 0 <= self.draw_rate <= 1:
            raise ValueError(f"draw_rate is a rate from 0 to 1, got {self.draw_rate}")
        if self.tries < 1:
            raise ValueError(f"tries must be 1 or more, got {self.tries}")

    def deals(self, state: State, player: int, rng: random.Random) -> Iterator[State]:
        """Full states consistent with what ``player`` sees of ``state``, the previous
        player's rack read as greedy's."""
        seen = observe(state, player)
        seat = (player - 1) % len(seen.rack_sizes)
        if not seen.rack_sizes[seat]:
            yield from super().deals(state, player, rng)
            return
        table = determinise(seen, random.Random(0))  # its table and seats; the racks unused
        hidden = unseen(seen)
        quiet = hidden
        if self.rollout_table is None or table_size(table) <= self.rollout_table:
            alone = {tile for tile in set(hidden) if self._has_play(table, seat, (tile,))}
            quiet = tuple(tile for tile in hidden if tile not in alone)
        if seen.passes:
            draw_rate = 0.0
        elif not seen.opened[seat]:
            draw_rate = 1.0
        else:
            draw_rate = self.draw_rate
        while True:
            rack = self._read(table, seat, hidden, quiet, draw_rate, rng)
            yield determinise(seen, rng, known={seat: rack})

    def _read(
        self,
        table: State,
        seat: int,
        hidden: Sequence[Tile],
        quiet: Sequence[Tile],
        draw_rate: float,
        rng: random.Random,
    ) -> list[Tile]:
        """A rack for ``seat`` that fits a greedy last turn, or the last one tried."""
        size = len(table.racks[seat])
        for _ in range(self.tries):
            drew = rng.random() < draw_rate
            kept = size - drew
            rack = rng.sample(quiet if kept <= len(quiet) else hidden, kept)
            fits = not self._has_play(table, seat, rack)
            if drew:
                left = Counter(hidden)
                left.subtract(rack)
                rack.append(rng.choice(list(left.elements())))
            if fits:
                break
        return rack

    def _has_play(self, state: State, seat: int, rack: Sequence[Tile]) -> bool:
        """Whether greedy bounded at ``rollout_table`` in ``seat`` would lay from ``rack``
        on the table of ``state``."""
        if not rack:
            return False
        racks = tuple(
            sort_tiles(rack) if at == seat else held for at, held in enumerate(state.racks)
        )
        turn = attrs.evolve(state, racks=racks, player=seat)
        return guarded_play(turn, max_table=self.rollout_table) is not None
