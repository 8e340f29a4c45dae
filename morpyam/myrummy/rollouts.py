"""A bot that looks ahead near the end of a round: greedy, unless rollouts show drawing is better.

Greedy lays as many tiles as it can on every turn. Near the end of a round
that can be a mistake: a tile laid may give the other player the spot they
need to go out, and a tile kept may let a later turn go out in one. The
[`RolloutBot`][morpyam.myrummy.rollouts.RolloutBot] weighs the two by
playing each to the end many times over deals of the tiles it cannot see
([`determinise`][morpyam.myrummy.observe.determinise]), every seat played by
greedy, and it draws instead of laying only when the rollouts favour the
draw clearly, since a close call is mostly noise.
"""

from __future__ import annotations

import math
import random
import statistics
from collections.abc import Sequence

import attrs

from morpyam.myrummy.actions import Action
from morpyam.myrummy.bots import Bot, GreedyBot, guarded_play, table_size
from morpyam.myrummy.engine import apply, legal_actions, sample_chance, scores
from morpyam.myrummy.observe import determinise, observe
from morpyam.myrummy.state import State

__all__ = ["RolloutBot", "prefers_draw", "rollout"]


def rollout(state: State, player: int, bot: Bot, rng: random.Random) -> float:
    """``player``'s share of the win when ``bot`` plays every seat from ``state`` to the end
    of the round, chance from ``rng``, plus a thousandth of ``player``'s points to break ties.

    Examples:
        >>> import morpyam.myrummy as mr
        >>> state = mr.position(
        ...     mr.Rules.classic(), racks=[mr.parse_tiles("gn10 gn11 gn12"), mr.parse_tiles("J")]
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
    [`prefers_draw`][morpyam.myrummy.rollouts.prefers_draw]. About 15 to 32
    CPU seconds a match against greedy with the default settings and
    ``max_table=60``; measured, it is no better than greedy (docs: "Is there a
    bot better than greedy?").
    """

    max_table: int | None = None
    """Its own plays, as for [`GreedyBot`][morpyam.myrummy.bots.GreedyBot]."""
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
        gains: list[float] = []
        while len(gains) < self.samples:
            guess = self.deal(state, player, rng)
            seed = rng.getrandbits(64)
            laid = rollout(apply(guess, play), player, greedy, random.Random(seed))
            drawn = rollout(apply(guess, pull), player, greedy, random.Random(seed))
            gains.append(drawn - laid)
            if len(gains) == self.first and statistics.fmean(gains) <= 0:
                break
        return pull if prefers_draw(gains, samples=self.samples, z=self.z) else play

    def deal(self, state: State, player: int, rng: random.Random) -> State:
        """A full state to roll out from: the unseen tiles dealt at random, consistent with
        what ``player`` sees of ``state`` ([`determinise`][morpyam.myrummy.observe.determinise])."""
        return determinise(observe(state, player), rng)
