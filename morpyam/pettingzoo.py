"""Morpyam and the score-sheet game as PettingZoo AEC environments (extra ``pettingzoo``).

`env` makes a Morpyam game for 2 to 4 agents
(``player_0`` ...), `yahtzee_env` a
score-sheet game for 1 to 6, `myrummy_env`
a MyRummy match for 2 to 4. All are
`AECGameEnv`, which names no game and plays
any `GameEncoding`: the factories only turn
their options into an encoding, through the game's description
(`game_env`, which makes the environment of any registered game). Each agent's observation is a dict:
``"observation"``, the encoding's vector seen from that agent
(`morpyam.encoding`), and ``"action_mask"``, 1 for each
legal action id (all 0 for an agent not to move). Actions are the
encoding's ids (a ``Discrete`` space); an illegal id raises
`IllegalActionError` or ``ValueError``.

Chance is resolved inside ``step`` (and ``reset``) from the env's own
``random.Random``, seeded by ``reset(seed=...)``: the start roll, every
throw of the dice and every Plus tile dealt, every MyRummy tile dealt or drawn. The agent to move next is
``agent_selection``, so a replay (a Morpyam, R-MOR-2; D'Aversa, R-MOR-3)
simply selects the same agent again.

Rewards: Morpyam gives them at the end only: +1 to a sole winner, 0 to each
of several winners, -1 to the others
(`win_rewards`). The score sheet gives each
step the points it adds to each player's grand total, and MyRummy each step
the points it adds to each player's match total (at the end of each round,
R-RUM-END-2).

Cut-off: a game still running after ``max_steps`` steps (player decisions;
default `MAX_DECISIONS`, the cut-off of
every adapter) is *truncated*: every agent's truncation is set, with no
reward, as PettingZoo's convention is. A Morpyam game can last forever
(players may pass), so ``max_steps=None``, no cut-off, is for agents known
to finish. A score-sheet game always ends before the default cut-off.

An illegal id raises and changes nothing. ``render_mode="ansi"``:
``render()`` returns the position as text; ``"human"``: the position is
printed at ``reset`` and after each step, and ``render()`` prints it and
returns ``None``.
"""

from __future__ import annotations

import random
from typing import Any

try:
    from gymnasium import spaces
    from pettingzoo import AECEnv
except ImportError as error:  # pragma: no cover - the extra is installed in the test session
    raise ImportError(
        "morpyam.pettingzoo needs PettingZoo: install the extra with "
        "pip install 'morpyam[pettingzoo]'"
    ) from error

import numpy as np
import numpy.typing as npt

from morpyam.encoding import MAX_DECISIONS, GameEncoding
from morpyam.kit.descriptions import GameDescription, description

__all__ = ["AECGameEnv", "env", "game_env", "myrummy_env", "yahtzee_env"]

Observation = dict[str, npt.NDArray[Any]]


def env(
    rules: object = None,
    *,
    players: int = 2,
    render_mode: str | None = None,
    max_steps: int | None = MAX_DECISIONS,
) -> AECGameEnv:
    """A Morpyam AEC environment.

    ``rules`` is a `Rules`, a preset name (``"classic"``,
    ``"official"``, ``"flash"``, ``"plus"``) played by ``players``, or
    ``None`` for the classic game. ``render_mode`` is ``None``, ``"ansi"``
    (``render()`` returns the position as text) or ``"human"`` (the position
    is printed as the game goes). ``max_steps`` is the cut-off in steps
    (see the module); ``None`` turns it off.

    Examples:
        >>> import morpyam.pettingzoo
        >>> game = morpyam.pettingzoo.env("official", players=3)
        >>> game.reset(seed=1)
        >>> game.agent_selection in game.agents
        True

    Raises:
        ValueError: for rules that are none of those, or a bad option.
    """
    return game_env("morpyam", rules, players=players, render_mode=render_mode, max_steps=max_steps)


def yahtzee_env(
    rules: object = None,
    *,
    players: int = 2,
    games: int = 1,
    render_mode: str | None = None,
    max_steps: int | None = MAX_DECISIONS,
) -> AECGameEnv:
    """A score-sheet AEC environment: ``players`` agents, ``games`` columns each.

    ``render_mode`` and ``max_steps`` as for `env`; a
    sheet always ends within the default cut-off.

    Raises:
        ValueError: for rules that are not a yahtzee ``Rules`` or a preset name
            (``"megawuerfel"``, ``"hasbro"``), or a bad option.
    """
    return game_env(
        "yahtzee",
        rules,
        players=players,
        games=games,
        render_mode=render_mode,
        max_steps=max_steps,
    )


def myrummy_env(
    rules: object = None,
    *,
    players: int = 2,
    render_mode: str | None = None,
    max_steps: int | None = MAX_DECISIONS,
) -> AECGameEnv:
    """A MyRummy AEC environment: 2 to 4 agents, each step one id of
    `morpyam.myrummy.encoding` (choose a tile, lay, draw, pass).

    ``rules`` is a MyRummy `Rules`, a preset name
    (``"classic"``, ``"rummikub"``) played by ``players``, or ``None`` for the classic
    game. Each agent observes its own rack only; the deal and every draw are resolved
    inside ``step`` from the env's generator. ``render_mode`` and ``max_steps`` as for
    `env`; a match cut off is truncated.

    Examples:
        >>> import morpyam.pettingzoo
        >>> game = morpyam.pettingzoo.myrummy_env(players=3)
        >>> game.reset(seed=1)
        >>> int(game.observe(game.agent_selection)["action_mask"][54])  # a draw is legal
        1

    Raises:
        ValueError: for rules that are none of those, or a bad option.
    """
    return game_env("myrummy", rules, players=players, render_mode=render_mode, max_steps=max_steps)


def game_env(
    game: str | GameDescription,
    rules: object = None,
    *,
    render_mode: str | None = None,
    max_steps: int | None = MAX_DECISIONS,
    **options: Any,
) -> AECGameEnv:
    """An AEC environment of any registered game (`morpyam.kit.descriptions`).

    ``game`` is a game's name or its description; ``rules`` and ``options``
    (``players``, and a game's own, such as the score sheet's ``games``) go to its
    encoding; the environment is named as the description says.

    Examples:
        >>> import morpyam.pettingzoo
        >>> game = morpyam.pettingzoo.game_env("yahtzee", players=3, games=2)
        >>> (game.metadata["name"], len(game.possible_agents))
        ('morpyam_yahtzee_v0', 3)

    Raises:
        KeyError: for a name no game is registered under.
        ValueError: for rules or options the game refuses, or a bad option.
    """
    described = description(game) if isinstance(game, str) else game
    return AECGameEnv(
        described.encode(rules, **options),
        name=described.pettingzoo_name,
        render_mode=render_mode,
        max_steps=max_steps,
    )


class AECGameEnv(AECEnv):  # type: ignore[misc]
    """An AEC environment over any game encoding (see the module).

    Any game with a `GameEncoding` plugs in
    the same way: ``AECGameEnv(encoding, name=...)``.
    """

    metadata: dict[str, Any] = {  # noqa: RUF012 - PettingZoo reads it from the class
        "render_modes": ["ansi", "human"],
        "name": "morpyam_v0",
        "is_parallelizable": False,
    }

    def __init__(
        self,
        encoding: GameEncoding[Any, Any],
        *,
        name: str,
        render_mode: str | None = None,
        max_steps: int | None = MAX_DECISIONS,
    ) -> None:
        super().__init__()
        if render_mode is not None and render_mode not in self.metadata["render_modes"]:
            raise ValueError(f"render_mode must be None, 'ansi' or 'human', got {render_mode!r}")
        if max_steps is not None and (type(max_steps) is not int or max_steps < 1):
            raise ValueError(f"max_steps must be None or an int >= 1, got {max_steps!r}")
        self.metadata = {**self.metadata, "name": name}
        self.encoding = encoding
        """The game's encoding: ids, observations, the engine."""
        self.render_mode = render_mode
        self.max_steps = max_steps
        """The cut-off in steps (player decisions), or ``None``."""
        self.possible_agents = [f"player_{seat}" for seat in range(encoding.players)]
        self.agents = list(self.possible_agents)
        observation = spaces.Dict(
            {
                "observation": spaces.Box(
                    0.0, encoding.layout.high(), (encoding.layout.size,), dtype=np.float32
                ),
                "action_mask": spaces.Box(0, 1, (encoding.num_actions,), dtype=np.int8),
            }
        )
        self.observation_spaces = dict.fromkeys(self.possible_agents, observation)
        self.action_spaces = {
            agent: spaces.Discrete(encoding.num_actions) for agent in self.possible_agents
        }
        self._rng = random.Random()
        self._steps = 0
        self.game_state: Any = None
        """The morpyam state of the game in progress."""

    def observation_space(self, agent: str) -> spaces.Space[Any]:
        """The observation space of ``agent`` (the same for all)."""
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space[Any]:
        """The action space of ``agent``: ``Discrete(num_actions)``."""
        return self.action_spaces[agent]

    def _settle(self, state: Any) -> Any:
        """Resolve chance nodes with the env's generator until someone decides or the game ends."""
        encoding = self.encoding
        while state.is_chance:
            state = encoding.apply(state, encoding.sample_chance(state, self._rng))
        return state

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        """Start a new game; ``seed`` seeds the env's generator (all chance comes from it)."""
        if seed is not None:
            self._rng = random.Random(seed)
        self.agents = list(self.possible_agents)
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos: dict[str, dict[str, Any]] = {agent: {} for agent in self.agents}
        self._steps = 0
        self.game_state = self._settle(self.encoding.new_state())
        self.agent_selection = self.possible_agents[self.game_state.current_player]
        if self.render_mode == "human":
            self.render()

    def observe(self, agent: str) -> Observation:
        """``agent``'s observation: its vector and its action mask."""
        seat = self.possible_agents.index(agent)
        state = self.game_state
        mask = (
            self.encoding.legal_mask(state)
            if state.current_player == seat
            else np.zeros(self.encoding.num_actions, dtype=np.int8)
        )
        return {"observation": self.encoding.observation(state, seat), "action_mask": mask}

    def step(self, action: int | None) -> None:
        """Play action id ``action`` for ``agent_selection``, then resolve chance.

        Raises:
            ValueError: for an id that is not legal (``IllegalActionError`` is one);
                nothing changes.
        """
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        encoding = self.encoding
        before = self.game_state
        if action is None:
            raise ValueError(f"{agent} must act: an action id is expected, not None")
        after = self._settle(encoding.apply(before, encoding.action(before, action)))
        self.game_state = after
        self._steps += 1
        self._cumulative_rewards[agent] = 0.0
        for seat, reward in enumerate(encoding.rewards(before, after)):
            self.rewards[self.possible_agents[seat]] = reward
        if after.is_terminal:
            self.terminations = dict.fromkeys(self.agents, True)
        elif self.max_steps is not None and self._steps >= self.max_steps:
            self.truncations = dict.fromkeys(self.agents, True)
        else:
            self.agent_selection = self.possible_agents[after.current_player]
        self._accumulate_rewards()
        if self.render_mode == "human":
            self.render()

    def render(self) -> str | None:
        """The position as text with ``"ansi"``; printed with ``"human"``, which returns ``None``.

        ``None`` too without a render mode or before ``reset``.
        """
        if self.render_mode is None or self.game_state is None:
            return None
        text = self.encoding.text(self.game_state, 0)
        if self.render_mode == "human":
            print(text)
            return None
        return text

    def close(self) -> None:
        """Nothing to release."""
