"""Print what each ecosystem adapter costs over the bare engine: random games per second.

Every line plays uniform random games (random legal choices, chance drawn
at its probability) of the classic 2-player Morpyam, and of the Yahtzee
solitaire, for about ``--seconds`` each:

* ``engine``: ``legal_actions`` + ``apply`` + ``sample_chance`` only;
* ``encoding``: the engine plus, at each decision, the legal-action mask and
  the observation vector of the player to move (what a learner reads);
* ``openspiel``: through ``pyspiel`` (``legal_actions`` / ``chance_outcomes``
  and ``apply_action`` on the registered Python game), without observations;
* ``pettingzoo``: the AEC env, ``last()`` (observation + mask) and ``step``;
* ``gymnasium``: the single-agent env against the random bot, ``step`` (which
  returns the observation and the mask).

A *step* is one engine action, chance outcomes included, so the figures
compare. Run with ``python benchmarks/bench_adapters.py [--seconds S]``; the
adapters' extras must be installed.
"""

from __future__ import annotations

import argparse
import platform
import random
import time
from collections.abc import Callable
from typing import Any

import numpy as np

import morpyam as mp
import morpyam.yahtzee as yz
from morpyam.encoding import Encoding, GameEncoding
from morpyam.yahtzee.encoding import Encoding as YahtzeeEncoding

Run = Callable[[float, int], tuple[int, int, float]]


class _Counting:
    """Wraps an encoding's ``apply`` to count engine actions."""

    def __init__(self, encoding: GameEncoding[Any, Any]) -> None:
        self.encoding = encoding
        self.count = 0

    def __getattr__(self, name: str) -> Any:
        return getattr(self.encoding, name)

    def apply(self, state: Any, action: Any) -> Any:
        self.count += 1
        return self.encoding.apply(state, action)


def engine(encoding: GameEncoding[Any, Any], observe: bool) -> Run:
    """Random games on the bare engine, with the mask and observation if ``observe``."""

    def run(seconds: float, seed: int) -> tuple[int, int, float]:
        rng = random.Random(seed)
        steps = games = 0
        start = time.perf_counter()
        while time.perf_counter() < start + seconds:
            state = encoding.new_state()
            while not state.is_terminal:
                if state.is_chance:
                    action = encoding.sample_chance(state, rng)
                else:
                    if observe:
                        encoding.legal_mask(state)
                        encoding.observation(state, state.current_player)
                    action = rng.choice(encoding.legal_actions(state))
                state = encoding.apply(state, action)
                steps += 1
            games += 1
        return steps, games, time.perf_counter() - start

    return run


def openspiel(name: str, params: dict[str, Any]) -> Run:
    """Random games through pyspiel."""
    import pyspiel

    import morpyam.openspiel  # noqa: F401 - registers the games

    game = pyspiel.load_game(name, params)

    def run(seconds: float, seed: int) -> tuple[int, int, float]:
        rng = random.Random(seed)
        steps = games = 0
        start = time.perf_counter()
        while time.perf_counter() < start + seconds:
            state = game.new_initial_state()
            while not state.is_terminal():
                if state.is_chance_node():
                    actions, weights = zip(*state.chance_outcomes())
                    state.apply_action(rng.choices(actions, weights)[0])
                else:
                    state.apply_action(rng.choice(state.legal_actions()))
                steps += 1
            games += 1
        return steps, games, time.perf_counter() - start

    return run


def pettingzoo(make: Callable[[], Any]) -> Run:
    """Random games through the AEC env."""

    def run(seconds: float, seed: int) -> tuple[int, int, float]:
        env = make()
        counter = _Counting(env.encoding)
        env.encoding = counter
        rng = np.random.default_rng(seed)
        games = 0
        start = time.perf_counter()
        while time.perf_counter() < start + seconds:
            env.reset(seed=seed + games)
            for _ in env.agent_iter():
                observation, _, terminated, truncated, _ = env.last()
                if terminated or truncated:
                    env.step(None)
                else:
                    env.step(int(rng.choice(np.flatnonzero(observation["action_mask"]))))
            games += 1
        return counter.count, games, time.perf_counter() - start

    return run


def gymnasium(make: Callable[[], Any]) -> Run:
    """Random games through the single-agent env."""

    def run(seconds: float, seed: int) -> tuple[int, int, float]:
        env = make()
        counter = _Counting(env.encoding)
        env.encoding = counter
        rng = np.random.default_rng(seed)
        games = 0
        start = time.perf_counter()
        while time.perf_counter() < start + seconds:
            _, info = env.reset(seed=seed + games)
            done = False
            while not done:
                action = int(rng.choice(np.flatnonzero(info["action_mask"])))
                _, _, terminated, truncated, info = env.step(action)
                done = terminated or truncated
            games += 1
        return counter.count, games, time.perf_counter() - start

    return run


def main(argv: list[str] | None = None) -> None:
    """Print steps and games per second through each adapter."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=3.0, help="time per line (default 3)")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args(argv)
    print(f"Python {platform.python_version()} on {platform.machine()}")

    import morpyam.gymnasium as mg
    import morpyam.pettingzoo as mpz

    classic = Encoding(mp.Rules.classic())
    solitaire = YahtzeeEncoding(yz.Rules.hasbro())
    lines: list[tuple[str, str, Run]] = [
        ("morpyam", "engine", engine(classic, observe=False)),
        ("morpyam", "encoding", engine(classic, observe=True)),
        ("morpyam", "openspiel", openspiel("python_morpyam", {})),
        ("morpyam", "pettingzoo", pettingzoo(mpz.env)),
        ("morpyam", "gymnasium", gymnasium(lambda: mg.MorpyamEnv(opponent="random"))),
        ("yahtzee", "engine", engine(solitaire, observe=False)),
        ("yahtzee", "encoding", engine(solitaire, observe=True)),
        ("yahtzee", "openspiel", openspiel("python_morpyam_yahtzee", {})),
        ("yahtzee", "pettingzoo", pettingzoo(lambda: mpz.yahtzee_env(players=1))),
        ("yahtzee", "gymnasium", gymnasium(mg.YahtzeeEnv)),
    ]
    base: dict[str, float] = {}
    print(f"{'game':8} {'through':11} {'steps/s':>9} {'games/s':>8} {'vs engine':>9}")
    for game, through, run in lines:
        steps, games, elapsed = run(args.seconds, args.seed)
        rate = steps / elapsed
        base.setdefault(game, rate)
        print(f"{game:8} {through:11} {rate:9,.0f} {games / elapsed:8.2f} {rate / base[game]:9.2f}")


if __name__ == "__main__":
    main()
