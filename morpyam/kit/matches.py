"""What a run of matches between bots gives back, in MyRummy and the score sheet alike.

MyRummy's and the score sheet's ``simulate(rules, bots, games, seed=0)`` play
``games`` matches, the seats turned round each match, and return a
`MatchResult` counted per bot (``bots[i]``), not per seat. Morpyam's
`morpyam.simulation.simulate` starts the same way and returns its own, richer
`morpyam.simulation.SimulationResult`.

Examples:
    >>> result = MatchResult(games=2, wins=(1, 1), points=(250, 230), actions=120)
    >>> result.wins
    (1, 1)
"""

from __future__ import annotations

import attrs

__all__ = ["MatchResult"]


@attrs.frozen
class MatchResult:
    """How a simulation went: per bot, in the order of ``bots`` (the seats turn round)."""

    games: int
    """Matches played."""
    wins: tuple[int, ...]
    """Per bot: matches won (shared wins count for each winner)."""
    points: tuple[int, ...]
    """Per bot: the sum of its match totals (each game's ``scores`` at the match's end)."""
    actions: int
    """Actions applied, chance included."""
