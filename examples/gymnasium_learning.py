"""A short learning run in Gymnasium: a linear policy learns to fill the score sheet, numpy only.

What it shows: ``gymnasium.make`` on the score-sheet environment
(``morpyam/Yahtzee-v0``, extra ``gymnasium``), its action masks
(``info["action_mask"]``: only legal ids are ever chosen), seeding with
``reset(seed=...)``, and REINFORCE with a baseline on a softmax-linear policy
written in a few lines of numpy. Each step's reward is the points it adds, so
an episode's return is the sheet's total.

    python examples/gymnasium_learning.py                  # 400 sheets: seconds
    python examples/gymnasium_learning.py --episodes 1000  # longer: a clearer gain

It prints the mean total of each block of 100 sheets. The policy starts uniform
over the legal actions, which scores about 45 to 50; with the defaults and
``--episodes 1000`` its last block's mean is about 60.
"""

from __future__ import annotations

import argparse
import sys
from typing import Any

import gymnasium
import numpy as np
import numpy.typing as npt

Array = npt.NDArray[np.float64]


class LinearPolicy:
    """Softmax over the legal actions of ``weights @ observation``."""

    def __init__(self, observations: int, actions: int, scale: Array) -> None:
        self.weights = np.zeros((actions, observations + 1))
        self.scale = scale  # observations divided by their highest value, plus a constant

    def features(self, observation: npt.NDArray[Any]) -> Array:
        return np.append(observation / self.scale, 1.0)

    def probabilities(self, features: Array, mask: npt.NDArray[Any]) -> Array:
        logits = np.where(mask.astype(bool), self.weights @ features, -np.inf)
        exp = np.exp(logits - logits.max())
        return exp / exp.sum()  # type: ignore[no-any-return]


def episode(
    env: gymnasium.Env[Any, Any], policy: LinearPolicy, rng: np.random.Generator, seed: int
) -> tuple[list[tuple[Array, Array, int]], list[float]]:
    """One sheet: the (features, probabilities, action) of each decision, and the rewards."""
    observation, info = env.reset(seed=seed)
    steps, rewards = [], []
    done = False
    while not done:
        features = policy.features(observation)
        probabilities = policy.probabilities(features, info["action_mask"])
        action = int(rng.choice(len(probabilities), p=probabilities))
        observation, reward, terminated, truncated, info = env.step(action)
        steps.append((features, probabilities, action))
        rewards.append(float(reward))
        done = terminated or truncated
    return steps, rewards


def train(episodes: int, block: int, rate: float, seed: int) -> list[float]:
    """Run REINFORCE for ``episodes`` sheets; the mean total of each block of ``block``."""
    env = gymnasium.make("morpyam.gymnasium:morpyam/Yahtzee-v0")
    space = env.observation_space
    assert isinstance(space, gymnasium.spaces.Box)
    assert isinstance(env.action_space, gymnasium.spaces.Discrete)
    policy = LinearPolicy(space.shape[0], int(env.action_space.n), np.maximum(space.high, 1.0))
    rng = np.random.default_rng(seed)
    baseline = np.zeros(64)  # the mean return to go at each decision, learnt as we go
    means = []
    totals: list[float] = []
    for number in range(episodes):
        steps, rewards = episode(env, policy, rng, seed=seed * 1_000_003 + number)
        to_go = np.cumsum(rewards[::-1])[::-1]
        for index, ((features, probabilities, action), value) in enumerate(
            zip(steps, to_go, strict=True)
        ):
            at = min(index, len(baseline) - 1)
            advantage = value - baseline[at]
            baseline[at] += 0.05 * advantage
            gradient = -probabilities
            gradient[action] += 1.0
            policy.weights += rate * advantage / 100 * np.outer(gradient, features)
        totals.append(sum(rewards))
        if len(totals) == block:
            means.append(float(np.mean(totals)))
            print(f"episodes {number + 1 - block:>6} to {number}: mean total {means[-1]:6.1f}")
            totals = []
    env.close()
    return means


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n", 1)[0])
    parser.add_argument("--episodes", type=int, default=400, help="sheets to play (default 400)")
    parser.add_argument("--block", type=int, default=100, help="episodes a printed mean")
    parser.add_argument("--rate", type=float, default=0.05, help="the learning rate")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args(argv)
    means = train(args.episodes, args.block, args.rate, args.seed)
    if len(means) >= 2:
        print(f"first block {means[0]:.1f}, last block {means[-1]:.1f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
