"""Print whether a standard learner learns on the Gymnasium envs: MaskablePPO before and after.

For each env, a masked uniformly random policy plays ``--episodes`` episodes
(the "before" figure); then sb3-contrib's ``MaskablePPO`` trains for
``--steps`` agent steps with its default hyper-parameters, and its policy
(sampling, masked) plays as many episodes (the "after" figure). Both print
the mean return with its standard error, and the training speed in agent
steps per second of wall time. The envs:

- ``morpyam/Yahtzee-v0``: one player, the return is the sheet's points;
- ``morpyam/Morpyam-v0`` against the random seat: +1 a win, −1 a loss;
- ``morpyam/MyRummy-v0`` against the random seat (``--myrummy-rules`` names
  the preset, ``classic`` by default; ``rummikub`` plays free rearranging).
  Its masks ask the solver, which wants scipy (the ``myrummy-ilp`` extra):
  without it, the long racks and tables of random play cost a mask seconds
  to minutes.

This is a benchmark, not a test: a run takes minutes, and its figures go to
research/learning.md. sb3-contrib (with PyTorch) is a benchmark-only
dependency: ``pip install sb3-contrib`` (on this project's machines
``pip install torch==2.13.0 sb3-contrib`` takes the CPU build), beside
``pip install -e ".[gymnasium,myrummy-ilp]"``.

Run with ``python benchmarks/bench_learning.py [--steps N] [--episodes N] [--seed S] [--only ID]
[--myrummy-rules NAME]``.
"""

from __future__ import annotations

import argparse
import math
import statistics
import sys
import time
from collections.abc import Callable, Sequence
from typing import Any

import gymnasium
import numpy as np

import morpyam.gymnasium as mg

ENVS: dict[str, dict[str, Any]] = {
    "morpyam/Yahtzee-v0": {},
    "morpyam/Morpyam-v0": {"opponent": "random"},
    "morpyam/MyRummy-v0": {"opponent": "random"},
}
"""The envs measured, with their options."""


def make(env_id: str, options: dict[str, Any]) -> gymnasium.Env[Any, Any]:
    """The env, loaded in Gymnasium 1.x's ``module:id`` form."""
    return gymnasium.make(f"morpyam.gymnasium:{env_id}", **options)


def play(
    env: gymnasium.Env[Any, Any],
    choose: Callable[[Any, np.ndarray[Any, Any]], int],
    episodes: int,
    seed: int,
) -> list[float]:
    """The return of each of ``episodes`` episodes played by ``choose(observation, mask)``."""
    returns = []
    for episode in range(episodes):
        observation, info = env.reset(seed=seed + episode)
        total = 0.0
        done = False
        while not done:
            action = choose(observation, info["action_mask"])
            observation, reward, terminated, truncated, info = env.step(action)
            total += float(reward)
            done = terminated or truncated
        returns.append(total)
    return returns


def summary(returns: Sequence[float]) -> str:
    """Mean ± standard error of ``returns``."""
    error = statistics.stdev(returns) / math.sqrt(len(returns)) if len(returns) > 1 else 0.0
    return f"{statistics.mean(returns):8.2f} ± {error:.2f}"


def measure(env_id: str, options: dict[str, Any], steps: int, episodes: int, seed: int) -> None:
    """Print the random policy's and the trained policy's mean return on one env."""
    import torch
    from sb3_contrib import MaskablePPO

    torch.set_num_threads(1)  # small networks: threads only contend on a 2-core machine
    env = make(env_id, options)
    rng = np.random.default_rng(seed)

    def masked_random(observation: Any, mask: np.ndarray[Any, Any]) -> int:
        return int(rng.choice(np.flatnonzero(mask)))

    print(f"{env_id} {options or ''}", flush=True)
    start = time.perf_counter()
    before = play(env, masked_random, episodes, seed)
    print(
        f"  masked random policy      {summary(before)}  ({episodes} episodes,"
        f" {time.perf_counter() - start:.0f} s)",
        flush=True,
    )
    model = MaskablePPO("MlpPolicy", make(env_id, options), seed=seed, verbose=0, device="cpu")
    start = time.perf_counter()
    model.learn(total_timesteps=steps)
    elapsed = time.perf_counter() - start
    print(f"  training: {steps / elapsed:,.0f} agent steps/s (wall time)", flush=True)

    def trained(observation: Any, mask: np.ndarray[Any, Any]) -> int:
        action, _ = model.predict(observation, action_masks=mask, deterministic=False)
        return int(action)

    after = play(env, trained, episodes, seed + 10_000)
    print(f"  MaskablePPO, {steps:,} steps  {summary(after)}  ({episodes} episodes)")
    sys.stdout.flush()


def main(argv: Sequence[str] | None = None) -> int:
    """Measure every env this version registers (or the one ``--only`` names)."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--steps", type=int, default=30_000, help="training steps (30,000)")
    parser.add_argument("--episodes", type=int, default=100, help="episodes per figure (100)")
    parser.add_argument("--seed", type=int, default=1, help="the seed (1)")
    parser.add_argument("--only", choices=sorted(ENVS), help="one env only")
    parser.add_argument(
        "--myrummy-rules",
        default="classic",
        help="the MyRummy preset (classic); rummikub plays free rearranging",
    )
    args = parser.parse_args(argv)
    registered = {env_id for env_id, *_ in mg.ENVS}
    for env_id, options in ENVS.items():
        if args.only not in (None, env_id):
            continue
        if env_id not in registered:
            print(f"{env_id}: not registered by this version of the library")
            continue
        extra = {"rules": args.myrummy_rules} if env_id == "morpyam/MyRummy-v0" else {}
        measure(env_id, {**options, **extra}, args.steps, args.episodes, args.seed)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
