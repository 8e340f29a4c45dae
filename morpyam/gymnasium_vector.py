"""A Gymnasium ``VectorEnv`` of Morpyam on the vector engine (extras ``numpy`` and ``gymnasium``).

`MorpyamVectorEnv` is
``num_envs`` games of ``morpyam/Morpyam-v0``
(`MorpyamEnv`) at once, with the same
options: the agent plays seat ``seat`` of each game, every other seat is
played by the ``opponent`` bot, and the reward is +1 for a sole win, 0 for a
shared win, -1 for a loss. ``gymnasium.make_vec`` builds it for
``morpyam/Morpyam-v0`` (its ``vector_entry_point``). It runs on
`morpyam.vector`, so it takes the rules that engine plays
and refuses the others (Morpyam Plus, lost turns) with a ``ValueError``:
``make_vec(..., vectorization_mode="sync")`` plays them with single envs.
It is Morpyam's alone, not written against the game contract like the other
adapters: the vector engine is a second engine of that one game, and a game
without one gets ``make_vec``'s single envs, stepped one by one.

Opponents: ``"random"`` (the default) is played by the NumPy engine itself,
every game at once. ``"greedy"`` and ``"odds"`` have no NumPy version: they
are the bots of `morpyam.bots`, asked game by game on each
game's `state`, the very bots of the
single env, so their moves cost what they cost there (``odds`` most).

A game that ends starts again in the same step (Gymnasium's ``SAME_STEP``
autoreset): the step returns the new game's observation, and
``info["final_obs"]`` (with the mask ``info["_final_obs"]``) the last one
of the game that ended. ``action_masks()`` and ``info["action_mask"]`` give
the legal ids; an illegal id ends that game for good with ``illegal_reward``
(``terminated``), and a new one starts. A game still running after
``max_decisions`` player decisions, every seat's (default
`MAX_DECISIONS`, the cut-off of every
adapter), ends *truncated*, with no reward, at the agent's step (a game
just started is played on to the agent's first decision). All randomness comes from the
generator that ``reset(seed=...)`` seeds.
"""

from __future__ import annotations

import random
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

from morpyam.encoding import MAX_DECISIONS
from morpyam.kit.descriptions import description
from morpyam.vector import VectorEngine, unsupported

__all__ = ["VECTORISED_OPPONENTS", "MorpyamVectorEnv"]

VECTORISED_OPPONENTS = ("random",)
"""The opponents the NumPy engine plays itself; the others are the scalar bots, game by game."""

Obs = npt.NDArray[np.float32]


class MorpyamVectorEnv(gymnasium.vector.VectorEnv[Obs, npt.NDArray[np.int64], Any]):
    """``num_envs`` Morpyam games, the agent on seat ``seat`` against bots (see the module).

    Args:
        num_envs: how many games are played at once.
        rules: a `Rules` the vector engine plays, a preset name
            or ``None`` (classic).
        players: the number of players when ``rules`` is a name or ``None``.
        opponent: the bot at every other seat: ``"random"`` (the default, on the
            NumPy engine), ``"greedy"`` or ``"odds"`` (the scalar bots).
        seat: the agent's seat in every game.
        render_mode: ``None`` or ``"ansi"`` (``render()`` returns each game's text).
        illegal_reward: the reward of an illegal id (the game ends).
        max_decisions: the cut-off in player decisions, every seat's (``None``: none).

    Raises:
        ValueError: for rules the vector engine does not play, an unknown opponent,
            ``num_envs`` below 1, or a bad seat, render mode or cut-off.
    """

    metadata = {"autoreset_mode": AutoresetMode.SAME_STEP, "render_modes": ["ansi"]}  # noqa: RUF012

    def __init__(
        self,
        num_envs: int = 16,
        rules: object = None,
        *,
        players: int = 2,
        opponent: str = "random",
        seat: int = 0,
        render_mode: str | None = None,
        illegal_reward: float = -1.0,
        max_decisions: int | None = MAX_DECISIONS,
    ) -> None:
        described = description("morpyam")
        encoding = described.encode(rules, players=players)
        self.rules = encoding.rules
        """The rules of every game."""
        refused = unsupported(self.rules)
        if refused:
            raise ValueError(
                "the vector engine does not play these rules: "
                + "; ".join(refused)
                + ' (gymnasium.make_vec(..., vectorization_mode="sync") plays them with single envs)'
            )
        if type(num_envs) is not int or num_envs < 1:
            raise ValueError(f"num_envs must be an int >= 1, got {num_envs!r}")
        bots = described.opponents
        if opponent not in bots:
            raise ValueError(
                f"opponent must be one of {', '.join(bots)}, got {opponent!r}"
                f" (the NumPy engine plays {', '.join(VECTORISED_OPPONENTS)} itself,"
                " the others are the scalar bots)"
            )
        if type(seat) is not int or not 0 <= seat < self.rules.players:
            raise ValueError(
                f"seat must be an int from 0 to {self.rules.players - 1}, got {seat!r}"
            )
        if render_mode is not None and render_mode not in self.metadata["render_modes"]:
            raise ValueError(f"render_mode must be None or 'ansi', got {render_mode!r}")
        if max_decisions is not None and (type(max_decisions) is not int or max_decisions < 1):
            raise ValueError(f"max_decisions must be None or an int >= 1, got {max_decisions!r}")
        self.num_envs = num_envs
        self.seat = seat
        """The agent's seat in every game."""
        self.opponent = None if opponent in VECTORISED_OPPONENTS else bots[opponent](encoding)
        """The scalar bot at the other seats, or ``None`` when the NumPy engine plays them."""
        self.render_mode = render_mode
        self.illegal_reward = float(illegal_reward)
        """The reward of an illegal id (the game ends)."""
        self.max_decisions = max_decisions
        """The cut-off in player decisions (every seat's), or ``None``."""
        self._encoding = encoding
        self.single_observation_space = spaces.Box(
            low=0.0, high=encoding.layout.high(), dtype=np.float32
        )
        self.single_action_space = spaces.Discrete(encoding.num_actions)
        self.observation_space = batch_space(self.single_observation_space, num_envs)
        self.action_space = batch_space(self.single_action_space, num_envs)
        self._seed(None)
        self._engine.reset()

    def _seed(self, seed: int | None) -> None:
        self._np_random, self._np_random_seed = seeding.np_random(seed)
        self._engine = VectorEngine(self.rules, self.num_envs, rng=self._np_random)
        self._rng = random.Random(int(self._np_random.integers(2**63)))
        self._decisions = np.zeros(self.num_envs, dtype=np.int64)

    def _opponent_ids(self, waiting: npt.NDArray[np.bool_]) -> npt.NDArray[np.int64]:
        """An id for each game where another seat is to move (any id elsewhere)."""
        engine = self._engine
        if self.opponent is None:
            return engine.sample_actions()
        ids = np.zeros(self.num_envs, dtype=np.int64)
        for game in np.flatnonzero(waiting):
            state = engine.state(int(game))
            ids[game] = self._encoding.action_id(state, self.opponent.choose(state, self._rng))
        return ids

    def _waiting(self, cut: bool) -> npt.NDArray[np.bool_]:
        engine = self._engine
        waiting: npt.NDArray[np.bool_] = ~engine.done & (engine.player != self.seat)
        if cut and self.max_decisions is not None:
            waiting &= self._decisions < self.max_decisions
        return waiting

    def _opponents(self, *, cut: bool) -> npt.NDArray[np.float32]:
        """The other seats move until the agent is to move, or the game is over or cut off.

        Returns the agent's rewards of those moves. With ``cut=False`` (a game just started)
        they play on to the agent's first decision; a cut-off then fires at its first step.
        """
        engine = self._engine
        rewards = np.zeros(self.num_envs, dtype=np.float32)
        waiting = self._waiting(cut)
        while waiting.any():
            step_rewards, _ = engine.step(self._opponent_ids(waiting), playing=waiting)
            self._decisions += waiting
            rewards += step_rewards[:, self.seat]
            waiting = self._waiting(cut)
        return rewards

    def action_masks(self) -> npt.NDArray[np.bool_]:
        """``(num_envs, num_actions)``: ``True`` for each legal id of the agent in each game."""
        return self._engine.legal_mask().astype(np.bool_)

    def _info(self) -> dict[str, Any]:
        return {"action_mask": self.action_masks()}

    def reset(
        self, *, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[Obs, dict[str, Any]]:
        """Start every game; the other seats move until the agent is to move."""
        if seed is not None:
            self._seed(seed)
        self._engine.reset()
        self._decisions[:] = 0
        self._opponents(cut=False)
        return self._engine.observation(player=self.seat), self._info()

    def step(
        self, actions: npt.ArrayLike
    ) -> tuple[
        Obs, npt.NDArray[np.float32], npt.NDArray[np.bool_], npt.NDArray[np.bool_], dict[str, Any]
    ]:
        """The agent's id in each game, then the other seats' moves; games that end start again."""
        engine = self._engine
        ids = np.asarray(actions).astype(np.int64).reshape(self.num_envs)
        mask = engine.legal_mask()
        inside = (ids >= 0) & (ids < mask.shape[1])
        legal = inside & (mask[np.arange(self.num_envs), np.where(inside, ids, 0)] == 1)
        step_rewards, _ = engine.step(np.where(legal, ids, 0), playing=legal)
        self._decisions += legal
        rewards = step_rewards[:, self.seat] + self._opponents(cut=True)
        rewards[~legal] = self.illegal_reward
        terminated = engine.done | ~legal
        truncated = np.zeros(self.num_envs, dtype=np.bool_)
        if self.max_decisions is not None:
            truncated = ~terminated & (self._decisions >= self.max_decisions)
        ended = terminated | truncated
        info: dict[str, Any] = {}
        if ended.any():
            info["final_obs"] = engine.observation(player=self.seat)
            info["_final_obs"] = ended.copy()
            engine.reset(games=np.flatnonzero(ended))
            self._decisions[ended] = 0
            self._opponents(cut=False)
        info.update(self._info())
        return engine.observation(player=self.seat), rewards, terminated, truncated, info

    def render(self) -> tuple[str, ...] | None:
        """Each game's position as text with ``render_mode="ansi"``; else ``None``."""
        if self.render_mode is None:
            return None
        return tuple(str(self._engine.state(game)) for game in range(self.num_envs))
