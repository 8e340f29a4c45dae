"""A Gymnasium ``VectorEnv`` of Morpyam on the vector engine (extras ``numpy`` and ``gymnasium``).

[`MorpyamVectorEnv`][morpyam.gymnasium_vector.MorpyamVectorEnv] is
``num_envs`` games of ``morpyam/Morpyam-v0``'s shape at once: the agent plays
seat 0 of each game, every other seat plays uniformly random legal moves,
and the reward is +1 for a sole win, 0 for a shared win, -1 for a loss. It
runs on [`morpyam.vector`][morpyam.vector], so it takes the rules that engine
plays. A game that ends starts again in the same step (Gymnasium's
``SAME_STEP`` autoreset): the step returns the new game's observation, and
``info["final_obs"]`` (with the mask ``info["_final_obs"]``) the last one of
the game that ended. ``info["action_mask"]`` gives the legal ids; an
illegal id ends that game with ``illegal_reward``. All randomness comes from
the generator that ``reset(seed=...)`` seeds.
"""

from __future__ import annotations

from typing import Any

try:
    import gymnasium
    from gymnasium import spaces
    from gymnasium.utils import seeding
    from gymnasium.vector import AutoresetMode
    from gymnasium.vector.utils import batch_space
except ImportError as error:  # pragma: no cover - the extra is installed in the test session
    raise ImportError(
        "morpyam.gymnasium_vector needs Gymnasium: install the extra with "
        "pip install 'morpyam[gymnasium]'"
    ) from error

import numpy as np
import numpy.typing as npt

from morpyam.encoding import Encoding, rules_from
from morpyam.rules import Rules
from morpyam.vector import VectorEngine, unsupported

__all__ = ["MorpyamVectorEnv"]

Obs = npt.NDArray[np.float32]


class MorpyamVectorEnv(gymnasium.vector.VectorEnv[Obs, npt.NDArray[np.int64], Any]):
    """``num_envs`` Morpyam games, the agent on seat 0 against random players (see the module).

    Raises:
        ValueError: for rules the vector engine does not play, or ``num_envs`` below 1.
    """

    metadata = {"autoreset_mode": AutoresetMode.SAME_STEP}  # noqa: RUF012 (Gymnasium's shape)

    def __init__(
        self,
        num_envs: int = 16,
        rules: Rules | str | None = None,
        *,
        players: int = 2,
        illegal_reward: float = -1.0,
    ) -> None:
        self.rules = rules_from(rules, players)
        """The rules of every game."""
        refused = unsupported(self.rules)
        if refused:
            raise ValueError("the vector engine does not play these rules: " + "; ".join(refused))
        if type(num_envs) is not int or num_envs < 1:
            raise ValueError(f"num_envs must be an int >= 1, got {num_envs!r}")
        self.num_envs = num_envs
        self.illegal_reward = float(illegal_reward)
        """The reward of an illegal id (the game ends)."""
        encoding = Encoding(self.rules)
        self.single_observation_space = spaces.Box(
            low=0.0, high=encoding.layout.high(), dtype=np.float32
        )
        self.single_action_space = spaces.Discrete(encoding.num_actions)
        self.observation_space = batch_space(self.single_observation_space, num_envs)
        self.action_space = batch_space(self.single_action_space, num_envs)
        self._np_random, self._np_random_seed = seeding.np_random(None)
        self._engine = VectorEngine(self.rules, num_envs, rng=self._np_random)

    def _opponents(self) -> npt.NDArray[np.float32]:
        """The other seats move until seat 0 is to move or the game is over; seat 0's rewards."""
        engine = self._engine
        rewards = np.zeros(self.num_envs, dtype=np.float32)
        waiting = ~engine.done & (engine.player != 0)
        while waiting.any():
            step_rewards, _ = engine.step(engine.sample_actions(), playing=waiting)
            rewards += step_rewards[:, 0]
            waiting = ~engine.done & (engine.player != 0)
        return rewards

    def _info(self) -> dict[str, Any]:
        return {"action_mask": self._engine.legal_mask().astype(np.bool_)}

    def reset(
        self, *, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[Obs, dict[str, Any]]:
        """Start every game; the random seats move until seat 0 is to move."""
        if seed is not None:
            self._np_random, self._np_random_seed = seeding.np_random(seed)
            self._engine = VectorEngine(self.rules, self.num_envs, rng=self._np_random)
        self._engine.reset()
        self._opponents()
        return self._engine.observation(player=0), self._info()

    def step(
        self, actions: npt.ArrayLike
    ) -> tuple[
        Obs, npt.NDArray[np.float32], npt.NDArray[np.bool_], npt.NDArray[np.bool_], dict[str, Any]
    ]:
        """Seat 0's id in each game, then the other seats' moves; games that end start again."""
        engine = self._engine
        ids = np.asarray(actions).astype(np.int64).reshape(self.num_envs)
        mask = engine.legal_mask()
        inside = (ids >= 0) & (ids < mask.shape[1])
        legal = inside & (mask[np.arange(self.num_envs), np.where(inside, ids, 0)] == 1)
        step_rewards, _ = engine.step(np.where(legal, ids, 0), playing=legal)
        rewards = step_rewards[:, 0] + self._opponents()
        rewards[~legal] = self.illegal_reward
        terminated = engine.done | ~legal
        info: dict[str, Any] = {}
        if terminated.any():
            info["final_obs"] = engine.observation(player=0)
            info["_final_obs"] = terminated.copy()
            engine.reset(games=np.flatnonzero(terminated))
            self._opponents()
        info.update(self._info())
        truncated = np.zeros(self.num_envs, dtype=np.bool_)
        return engine.observation(player=0), rewards, terminated, truncated, info
