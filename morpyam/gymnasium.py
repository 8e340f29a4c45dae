"""Single-agent Gymnasium environments (extra ``gymnasium``): Morpyam against bots, and the score sheet.

Two environments, registered with Gymnasium when this module is imported:

* ``morpyam/Morpyam-v0`` ([`MorpyamEnv`][morpyam.gymnasium.MorpyamEnv]): the
  agent plays one seat of a Morpyam game, every other seat is played by a
  bot of [`morpyam.bots`][morpyam.bots] (``opponent="odds"``, ``"greedy"``
  or ``"random"``). Reward at the end: +1 for a sole win, 0 for a shared
  win, -1 for a loss ([`win_rewards`][morpyam.encoding.win_rewards]).
* ``morpyam/Yahtzee-v0`` ([`YahtzeeEnv`][morpyam.gymnasium.YahtzeeEnv]): the
  score-sheet solitaire; each step's reward is the points it adds.

Observations are the encodings' vectors ([`morpyam.encoding`][morpyam.encoding]),
actions their ids (a ``Discrete`` space); ``action_masks()`` (as
``MaskablePPO`` of sb3-contrib asks) and ``info["action_mask"]`` give the
legal ids. An illegal id ends the episode at once with reward
``illegal_reward`` (default -1), since Gymnasium's checker steps with
unmasked random actions. All randomness (dice, tiles, the bots' choices)
comes from ``self.np_random``, seeded by ``reset(seed=...)``.

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
except ImportError as error:  # pragma: no cover - the extra is installed in the test session
    raise ImportError(
        "morpyam.gymnasium needs Gymnasium: install the extra with pip install 'morpyam[gymnasium]'"
    ) from error

import numpy as np
import numpy.typing as npt

from morpyam.bots import BOTS, make_bot
from morpyam.encoding import Encoding, GameEncoding, rules_from
from morpyam.rules import Rules
from morpyam.yahtzee.encoding import Encoding as YahtzeeEncoding
from morpyam.yahtzee.rules import PRESETS as YAHTZEE_PRESETS
from morpyam.yahtzee.rules import Rules as YahtzeeRules

__all__ = ["MORPYAM_ID", "YAHTZEE_ID", "GameEnv", "MorpyamEnv", "YahtzeeEnv", "register_envs"]

MORPYAM_ID = "morpyam/Morpyam-v0"
"""The Gymnasium id of [`MorpyamEnv`][morpyam.gymnasium.MorpyamEnv]."""
YAHTZEE_ID = "morpyam/Yahtzee-v0"
"""The Gymnasium id of [`YahtzeeEnv`][morpyam.gymnasium.YahtzeeEnv]."""

Obs = npt.NDArray[np.float32]


class GameEnv(gymnasium.Env[Obs, np.int64]):
    """What both environments share: one agent's seat, bots at the others, chance from ``np_random``."""

    metadata: dict[str, Any] = {"render_modes": ["ansi"], "render_fps": 4}  # noqa: RUF012

    def __init__(
        self,
        encoding: GameEncoding[Any, Any],
        *,
        seat: int,
        render_mode: str | None,
        illegal_reward: float,
    ) -> None:
        if render_mode is not None and render_mode not in self.metadata["render_modes"]:
            raise ValueError(f"render_mode must be None or 'ansi', got {render_mode!r}")
        if type(seat) is not int or not 0 <= seat < encoding.players:
            raise ValueError(f"seat must be an int from 0 to {encoding.players - 1}, got {seat!r}")
        self.encoding = encoding
        """The game's encoding: ids, observations, the engine."""
        self.seat = seat
        """The agent's seat."""
        self.render_mode = render_mode
        self.illegal_reward = float(illegal_reward)
        """The reward of an illegal action, which ends the episode."""
        self.observation_space = spaces.Box(
            0.0, encoding.layout.high(), (encoding.layout.size,), np.float32
        )
        self.action_space = spaces.Discrete(encoding.num_actions)
        self.game_state: Any = None
        """The morpyam state of the game in progress."""
        self._rng = random.Random(0)

    def _opponent_action(self, state: Any) -> Any:
        """The action of a seat the agent does not play; games with opponents override it."""
        raise AssertionError("unreachable: a game without opponents never asks for their action")

    def _settle(self, state: Any) -> Any:
        """Resolve chance and the bots' turns until the agent decides or the game ends."""
        encoding = self.encoding
        while not state.is_terminal:
            if state.is_chance:
                state = encoding.apply(state, encoding.sample_chance(state, self._rng))
            elif state.current_player != self.seat:
                state = encoding.apply(state, self._opponent_action(state))
            else:
                break
        return state

    def _info(self) -> dict[str, Any]:
        return {"action_mask": self.action_masks()}

    def action_masks(self) -> npt.NDArray[np.bool_]:
        """``True`` for each legal action id of the agent (all ``False`` once the game is over)."""
        return self.encoding.legal_mask(self.game_state).astype(bool)

    def reset(
        self, *, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[Obs, dict[str, Any]]:
        """A new game, played by the bots and chance up to the agent's first decision."""
        super().reset(seed=seed)
        self._rng = random.Random(int(self.np_random.integers(2**63)))
        self.game_state = self._settle(self.encoding.new_state())
        return self.encoding.observation(self.game_state, self.seat), self._info()

    def step(self, action: Any) -> tuple[Obs, SupportsFloat, bool, bool, dict[str, Any]]:
        """Play action id ``action``, then the bots and chance up to the agent's next decision."""
        encoding = self.encoding
        before = self.game_state
        if not self.action_space.contains(action) or not self.action_masks()[int(action)]:
            info = self._info() | {"illegal_action": True}
            return encoding.observation(before, self.seat), self.illegal_reward, True, False, info
        state = encoding.apply(before, encoding.action(before, int(action)))
        after = self._settle(state)
        self.game_state = after
        reward = encoding.rewards(before, after)[self.seat]
        observation = encoding.observation(after, self.seat)
        return observation, reward, bool(after.is_terminal), False, self._info()

    def render(self) -> str | None:
        """The position as text with ``render_mode="ansi"``; else ``None``."""
        if self.render_mode is None or self.game_state is None:
            return None
        return self.encoding.text(self.game_state, self.seat)


class MorpyamEnv(GameEnv):
    """Morpyam for one agent against bots (see the module).

    Args:
        rules: a [`Rules`][morpyam.rules.Rules], a preset name or ``None`` (classic).
        players: the number of players when ``rules`` is a name or ``None``.
        opponent: the bot at every other seat: ``"odds"``, ``"greedy"`` or ``"random"``.
        seat: the agent's seat (0 plays first only if the start roll says so).
        render_mode: ``None`` or ``"ansi"``.
        illegal_reward: the reward of an illegal action, which ends the episode.

    Raises:
        ValueError: for an unknown opponent, bad rules, seat or render mode.
    """

    def __init__(
        self,
        rules: Rules | str | None = None,
        *,
        players: int = 2,
        opponent: str = "odds",
        seat: int = 0,
        render_mode: str | None = None,
        illegal_reward: float = -1.0,
    ) -> None:
        if opponent not in BOTS:
            raise ValueError(f"opponent must be one of {', '.join(BOTS)}, got {opponent!r}")
        super().__init__(
            Encoding(rules_from(rules, players)),
            seat=seat,
            render_mode=render_mode,
            illegal_reward=illegal_reward,
        )
        self.opponent = make_bot(opponent)
        """The bot at the other seats."""

    def _opponent_action(self, state: Any) -> Any:
        return self.opponent.choose(state, self._rng)


class YahtzeeEnv(GameEnv):
    """The score-sheet solitaire (see the module): ``games`` columns, one player.

    Args:
        rules: a yahtzee ``Rules``, a preset name (``"hasbro"``, ``"megawuerfel"``) or
            ``None`` (Hasbro's).
        games: columns of the sheet, 1 to 6.
        render_mode: ``None`` or ``"ansi"``.
        illegal_reward: the reward of an illegal action, which ends the episode.
    """

    def __init__(
        self,
        rules: YahtzeeRules | str | None = None,
        *,
        games: int = 1,
        render_mode: str | None = None,
        illegal_reward: float = -1.0,
    ) -> None:
        if rules is None or isinstance(rules, str):
            name = rules or "hasbro"
            if name not in YAHTZEE_PRESETS:
                raise ValueError(f"rules must be one of {', '.join(YAHTZEE_PRESETS)}, got {name!r}")
            rules = YAHTZEE_PRESETS[name]()
        super().__init__(
            YahtzeeEncoding(rules, players=1, games=games),
            seat=0,
            render_mode=render_mode,
            illegal_reward=illegal_reward,
        )


def register_envs() -> None:
    """Register ``morpyam/Morpyam-v0`` and ``morpyam/Yahtzee-v0`` with Gymnasium (once).

    Importing this module calls it; the ``gymnasium.envs`` entry point names it.
    """
    for env_id, entry_point in (
        (MORPYAM_ID, "morpyam.gymnasium:MorpyamEnv"),
        (YAHTZEE_ID, "morpyam.gymnasium:YahtzeeEnv"),
    ):
        if env_id not in gymnasium.registry:
            gymnasium.register(id=env_id, entry_point=entry_point)


register_envs()
