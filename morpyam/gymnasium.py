"""Single-agent Gymnasium environments (extra ``gymnasium``): Morpyam against bots, and the score sheet.

Two environments, registered with Gymnasium when this module is imported:

* ``morpyam/Morpyam-v0`` (`MorpyamEnv`): the
  agent plays one seat of a Morpyam game, every other seat is played by a
  bot of `morpyam.bots`: ``opponent="random"`` (the default,
  which a learner starting from scratch beats about half of the time, so its
  rewards carry a signal), then ``"greedy"`` and ``"odds"``, a curriculum of
  stronger seats. Reward at the end: +1 for a sole win, 0 for a shared win,
  -1 for a loss (`win_rewards`).
  ``gymnasium.make_vec`` builds
  `MorpyamVectorEnv` (its
  ``vector_entry_point``): the games on the NumPy engine.
* ``morpyam/Yahtzee-v0`` (`YahtzeeEnv`): the
  score-sheet solitaire; each step's reward is the points it adds.

Observations are the encodings' vectors (`morpyam.encoding`),
actions their ids (a ``Discrete`` space); ``action_masks()`` (as
``MaskablePPO`` of sb3-contrib asks) and ``info["action_mask"]`` give the
legal ids. An illegal id ends the episode for good with reward
``illegal_reward`` (default -1) and ``info["illegal_action"]`` (Gymnasium's
checker steps with unmasked random actions, so it does not raise): the game
is not played on, and stepping again, as after any end of an episode,
raises ``gymnasium.error.ResetNeeded`` until ``reset``. All randomness
(dice, tiles, the bots' choices) comes from ``self.np_random``, seeded by
``reset(seed=...)``.

Cut-off: a game still running after ``max_decisions`` player decisions, the
bots' included (default `MAX_DECISIONS`,
the cut-off of every adapter), ends the episode *truncated*, with no
reward, at the agent's step (``reset`` cannot report a truncation: there
the bots play on to the agent's first decision). ``render_mode="ansi"``: ``render()`` returns the position as text;
``"human"``: the position is printed at ``reset`` and after each step, and
``render()`` prints it and returns ``None``.

Gymnasium 1.0 removed the loading of environment plugins through the
``gymnasium.envs`` entry point, which this package still declares for
older Gymnasium: with Gymnasium 1.x, name the module in the id,
``gymnasium.make("morpyam.gymnasium:morpyam/Morpyam-v0")``, which imports
it (and registers both) without an ``import morpyam`` first.
"""

from __future__ import annotations

import random
from typing import Any, SupportsFloat

try:
    import gymnasium
    from gymnasium import spaces
    from gymnasium.error import ResetNeeded
except ImportError as error:  # pragma: no cover - the extra is installed in the test session
    raise ImportError(
        "morpyam.gymnasium needs Gymnasium: install the extra with pip install 'morpyam[gymnasium]'"
    ) from error

import numpy as np
import numpy.typing as npt

from morpyam.encoding import MAX_DECISIONS, GameEncoding
from morpyam.kit.descriptions import GameDescription, description, descriptions

__all__ = [
    "ENVS",
    "MORPYAM_ID",
    "MYRUMMY_ID",
    "MYRUMMY_OPPONENTS",
    "YAHTZEE_ID",
    "DescribedEnv",
    "GameEnv",
    "MorpyamEnv",
    "MyRummyEnv",
    "YahtzeeEnv",
    "register_envs",
]

MORPYAM_ID = "morpyam/Morpyam-v0"
"""The Gymnasium id of `MorpyamEnv`."""
YAHTZEE_ID = "morpyam/Yahtzee-v0"
"""The Gymnasium id of `YahtzeeEnv`."""
MYRUMMY_ID = "morpyam/MyRummy-v0"
"""The Gymnasium id of `MyRummyEnv`."""
MYRUMMY_OPPONENTS = tuple(description("myrummy").opponents)
"""The seats `MyRummyEnv` can put at the other seats."""

Obs = npt.NDArray[np.float32]


_REDEALS = 100
"""How many games `GameEnv.reset` deals at most until one reaches the agent's decision."""


class GameEnv(gymnasium.Env[Obs, np.int64]):
    """One agent's seat of any game, the other seats played by the env, chance from ``np_random``.

    Any game with a `GameEncoding` plugs in
    the same way: ``GameEnv(encoding, seat=0, render_mode=None, illegal_reward=-1.0)``.
    The other seats play a uniformly random legal action; an env that seats
    bots there overrides ``_opponent_action`` (as `DescribedEnv` does with the
    opponents of the game's description).
    """

    metadata: dict[str, Any] = {"render_modes": ["ansi", "human"], "render_fps": 4}  # noqa: RUF012

    def __init__(
        self,
        encoding: GameEncoding[Any, Any],
        *,
        seat: int,
        render_mode: str | None,
        illegal_reward: float,
        max_decisions: int | None = MAX_DECISIONS,
    ) -> None:
        if render_mode is not None and render_mode not in self.metadata["render_modes"]:
            raise ValueError(f"render_mode must be None, 'ansi' or 'human', got {render_mode!r}")
        if type(seat) is not int or not 0 <= seat < encoding.players:
            raise ValueError(f"seat must be an int from 0 to {encoding.players - 1}, got {seat!r}")
        if max_decisions is not None and (type(max_decisions) is not int or max_decisions < 1):
            raise ValueError(f"max_decisions must be None or an int >= 1, got {max_decisions!r}")
        self.encoding = encoding
        """The game's encoding: ids, observations, the engine."""
        self.seat = seat
        """The agent's seat."""
        self.render_mode = render_mode
        self.illegal_reward = float(illegal_reward)
        """The reward of an illegal action, which ends the episode."""
        self.max_decisions = max_decisions
        """The cut-off in player decisions (every seat's), or ``None``."""
        self.observation_space = spaces.Box(
            0.0, encoding.layout.high(), (encoding.layout.size,), np.float32
        )
        self.action_space = spaces.Discrete(encoding.num_actions)
        self.game_state: Any = None
        """The morpyam state of the game in progress."""
        self._rng = random.Random(0)
        self._decisions = 0
        self._over = True  # no episode under way: step needs a reset first

    def _opponent_action(self, state: Any) -> Any:
        """The action of a seat the agent does not play: a uniformly random legal action.

        A game's env may seat stronger players here (`DescribedEnv` seats its description's).
        """
        return self._rng.choice(self.encoding.legal_actions(state))

    def _cut_off(self) -> bool:
        return self.max_decisions is not None and self._decisions >= self.max_decisions

    def _settle(self, state: Any, *, cut: bool = True) -> Any:
        """Resolve chance and the bots' turns until the agent decides, the game ends or is cut off.

        With ``cut=False`` (at ``reset``, where Gymnasium cannot report a truncation) the bots
        play on to the agent's first decision; a cut-off then fires at the agent's first step.
        """
        encoding = self.encoding
        while not state.is_terminal:
            if state.is_chance:
                state = encoding.apply(state, encoding.sample_chance(state, self._rng))
            elif state.current_player != self.seat and not (cut and self._cut_off()):
                state = encoding.apply(state, self._opponent_action(state))
                self._decisions += 1
            else:
                break
        return state

    def _info(self) -> dict[str, Any]:
        return {"action_mask": self.action_masks()}

    def action_masks(self) -> npt.NDArray[np.bool_]:
        """``True`` for each legal action id of the agent (all ``False`` once the episode is over)."""
        if self._over:
            return np.zeros(self.encoding.num_actions, dtype=np.bool_)
        return self.encoding.legal_mask(self.game_state).astype(bool)

    def reset(
        self, *, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[Obs, dict[str, Any]]:
        """A new game, played by the bots and chance up to the agent's first decision.

        A game the bots finish before the agent has decided anything (a small MyRummy set,
        where the opponent may lay its whole rack at once) is dealt again, up to 100
        times, so that an episode starts at a decision: the agent could not
        change such a game's outcome, and a learner's masked distribution needs a legal id.
        """
        super().reset(seed=seed)
        self._rng = random.Random(int(self.np_random.integers(2**63)))
        self._decisions = 0
        for _ in range(_REDEALS):
            self.game_state = self._settle(self.encoding.new_state(), cut=False)
            if not self.game_state.is_terminal:
                break
        self._over = bool(self.game_state.is_terminal)
        if self.render_mode == "human":
            self.render()
        return self.encoding.observation(self.game_state, self.seat), self._info()

    def step(self, action: Any) -> tuple[Obs, SupportsFloat, bool, bool, dict[str, Any]]:
        """Play action id ``action``, then the bots and chance up to the agent's next decision.

        Raises:
            gymnasium.error.ResetNeeded: when the episode is over (the game ended, was cut
                off, or an illegal id ended it), or before the first ``reset``.
        """
        if self._over:
            raise ResetNeeded(
                "the episode is over (the game ended, was cut off or an illegal action ended it):"
                " call reset() to start a new game"
            )
        encoding = self.encoding
        before = self.game_state
        if not self.action_space.contains(action) or not self.action_masks()[int(action)]:
            self._over = True
            info = self._info() | {"illegal_action": True}
            return encoding.observation(before, self.seat), self.illegal_reward, True, False, info
        self._decisions += 1
        after = self._settle(encoding.apply(before, encoding.action(before, int(action))))
        self.game_state = after
        terminated = bool(after.is_terminal)
        truncated = not terminated and self._cut_off()
        self._over = terminated or truncated
        reward = encoding.rewards(before, after)[self.seat]
        observation = encoding.observation(after, self.seat)
        if self.render_mode == "human":
            self.render()
        return observation, reward, terminated, truncated, self._info()

    def render(self) -> str | None:
        """The position as text with ``"ansi"``; printed with ``"human"``, which returns ``None``.

        ``None`` too without a render mode or before ``reset``.
        """
        if self.render_mode is None or self.game_state is None:
            return None
        text = self.encoding.text(self.game_state, self.seat)
        if self.render_mode == "human":
            print(text)
            return None
        return text


class DescribedEnv(GameEnv):
    """One agent's seat of any registered game (`morpyam.kit.descriptions`), from its description.

    The encoding comes from the description's ``encode`` (``rules`` and the game's
    ``options``: ``players``, ...), and the other seats are the description's
    ``opponents`` (a uniformly random legal action for a game that names none).
    A registered game whose id is not in `ENVS` is registered with Gymnasium
    under its description's ``gymnasium_id`` with this class.

    Args:
        game: a game's name or its description.
        rules: a ``Rules`` of the game, a preset name or ``None`` (its default preset).
        opponent: the player at every other seat, one of the description's ``opponents``
            (``None``: its ``default_opponent``).
        seat: the agent's seat.
        render_mode: ``None``, ``"ansi"`` or ``"human"``.
        illegal_reward: the reward of an illegal action, which ends the episode.
        max_decisions: the cut-off in decisions, the other seats' included (``None``: none).
        options: the game's own options (``players``, ...).

    Raises:
        KeyError: for a name no game is registered under.
        ValueError: for an unknown opponent, bad rules, options, seat, render mode or cut-off.
    """

    def __init__(
        self,
        game: str | GameDescription,
        rules: object = None,
        *,
        opponent: str | None = None,
        seat: int = 0,
        render_mode: str | None = None,
        illegal_reward: float = -1.0,
        max_decisions: int | None = MAX_DECISIONS,
        **options: Any,
    ) -> None:
        described = description(game) if isinstance(game, str) else game
        opponents = described.opponents
        name = described.default_opponent if opponent is None else opponent
        if opponents and name not in opponents:
            raise ValueError(f"opponent must be one of {', '.join(opponents)}, got {opponent!r}")
        if not opponents and opponent is not None:
            raise ValueError(f"{described.long_name} seats no named opponent, got {opponent!r}")
        super().__init__(
            described.encode(rules, **options),
            seat=seat,
            render_mode=render_mode,
            illegal_reward=illegal_reward,
            max_decisions=max_decisions,
        )
        self.description = described
        """The game's description."""
        self._chooser = opponents[name](self.encoding) if name is not None else None

    def _opponent_action(self, state: Any) -> Any:
        if self._chooser is None:
            return super()._opponent_action(state)
        return self._chooser.choose(state, self._rng)


class MorpyamEnv(DescribedEnv):
    """Morpyam for one agent against bots (see the module).

    Args:
        rules: a `Rules`, a preset name or ``None`` (classic).
        players: the number of players when ``rules`` is a name or ``None``.
        opponent: the bot at every other seat: ``"random"`` (the default), ``"greedy"``
            or ``"odds"``, from the weakest to the strongest (and slowest: ``odds``
            takes several times as long a step).
        seat: the agent's seat (0 plays first only if the start roll says so).
        render_mode: ``None``, ``"ansi"`` or ``"human"``.
        illegal_reward: the reward of an illegal action, which ends the episode.
        max_decisions: the cut-off in player decisions, the bots' included (``None``: none).

    Raises:
        ValueError: for an unknown opponent, bad rules, seat, render mode or cut-off.
    """

    def __init__(
        self,
        rules: object = None,
        *,
        players: int = 2,
        opponent: str = "random",
        seat: int = 0,
        render_mode: str | None = None,
        illegal_reward: float = -1.0,
        max_decisions: int | None = MAX_DECISIONS,
    ) -> None:
        super().__init__(
            "morpyam",
            rules,
            players=players,
            opponent=opponent,
            seat=seat,
            render_mode=render_mode,
            illegal_reward=illegal_reward,
            max_decisions=max_decisions,
        )
        self.opponent: Any = self._chooser
        """The bot at the other seats."""

    def _opponent_action(self, state: Any) -> Any:
        return self.opponent.choose(state, self._rng)


class YahtzeeEnv(DescribedEnv):
    """The score-sheet solitaire (see the module): ``games`` columns, one player.

    Args:
        rules: a yahtzee ``Rules``, a preset name (``"hasbro"``, ``"megawuerfel"``) or
            ``None`` (Hasbro's).
        games: columns of the sheet, 1 to 6.
        render_mode: ``None``, ``"ansi"`` or ``"human"``.
        illegal_reward: the reward of an illegal action, which ends the episode.
        max_decisions: the cut-off in decisions; a sheet always ends before the default.
    """

    def __init__(
        self,
        rules: object = None,
        *,
        games: int = 1,
        render_mode: str | None = None,
        illegal_reward: float = -1.0,
        max_decisions: int | None = MAX_DECISIONS,
    ) -> None:
        super().__init__(
            "yahtzee",
            rules,
            players=1,
            games=games,
            seat=0,
            render_mode=render_mode,
            illegal_reward=illegal_reward,
            max_decisions=max_decisions,
        )


class MyRummyEnv(DescribedEnv):
    """MyRummy for one agent against the other seats (see the module); each step is one id of
    `morpyam.myrummy.encoding` (choose a tile, lay, draw, pass).

    Args:
        rules: a MyRummy `Rules`, a preset name
            (``"classic"``, ``"rummikub"``) or ``None`` (classic).
        players: the number of players when ``rules`` is a name or ``None``.
        opponent: every other seat: ``"random"`` (the default: a uniformly random legal id
            at each decision) or ``"greedy"`` (the solver's best play,
            `GreedyBot`, laid through the ids, else a draw).
        seat: the agent's seat (the lot decides who starts).
        render_mode: ``None``, ``"ansi"`` or ``"human"``.
        illegal_reward: the reward of an illegal action, which ends the episode.
        max_decisions: the cut-off in decisions, the other seats' included (``None``: none).

    Raises:
        ValueError: for an unknown opponent, bad rules, seat, render mode or cut-off.
    """

    def __init__(
        self,
        rules: object = None,
        *,
        players: int = 2,
        opponent: str = "random",
        seat: int = 0,
        render_mode: str | None = None,
        illegal_reward: float = -1.0,
        max_decisions: int | None = MAX_DECISIONS,
    ) -> None:
        super().__init__(
            "myrummy",
            rules,
            players=players,
            opponent=opponent,
            seat=seat,
            render_mode=render_mode,
            illegal_reward=illegal_reward,
            max_decisions=max_decisions,
        )
        self.opponent = opponent
        """The name of the other seats' player."""


ENVS: tuple[tuple[str, str, str | None], ...] = (
    (MORPYAM_ID, "morpyam.gymnasium:MorpyamEnv", "morpyam.gymnasium_vector:MorpyamVectorEnv"),
    (YAHTZEE_ID, "morpyam.gymnasium:YahtzeeEnv", None),
    (MYRUMMY_ID, "morpyam.gymnasium:MyRummyEnv", None),
)
"""The package's own envs: id, entry point, and vector entry point (``None``: Gymnasium's own).

Every other registered game (`morpyam.kit.descriptions`) is registered under its
description's ``gymnasium_id`` as a `DescribedEnv`, with no line here.
"""


def register_envs() -> None:
    """Register the `ENVS` and every other registered game with Gymnasium (once each).

    Importing this module calls it; the ``gymnasium.envs`` entry point names it.
    Morpyam's ``vector_entry_point`` is
    `MorpyamVectorEnv`, so that
    ``gymnasium.make_vec`` plays the games on the NumPy engine; the score sheet
    has no NumPy engine, and ``make_vec`` steps its single envs one by one.
    """
    for env_id, entry_point, vector_entry_point in ENVS:
        if env_id not in gymnasium.registry:
            gymnasium.register(
                id=env_id, entry_point=entry_point, vector_entry_point=vector_entry_point
            )
    for described in descriptions():
        if described.gymnasium_id not in gymnasium.registry:
            gymnasium.register(
                id=described.gymnasium_id,
                entry_point="morpyam.gymnasium:DescribedEnv",
                kwargs={"game": described.name},
            )


register_envs()
