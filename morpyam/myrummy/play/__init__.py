"""Bots and matches: the random, greedy and points bots, the rollout bots, `play_match` and
`simulate`.
"""

from morpyam.myrummy.play._bots import GreedyBot, PointsBot, RandomBot, play_match, simulate
from morpyam.myrummy.play._rollouts import RolloutBot, WatcherBot

__all__ = [
    "GreedyBot",
    "PointsBot",
    "RandomBot",
    "RolloutBot",
    "WatcherBot",
    "play_match",
    "simulate",
]
