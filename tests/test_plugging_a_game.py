"""A game the package has never heard of plugs into simulation and the three adapters unchanged.

It registers a description (`morpyam.kit.descriptions`), and every framework
finds it there: no adapter is edited and no adapter class is written for it.

The toy is Nim with a chance node: chance deals a pile of 3 to 6 stones
(each with probability 1/4), then two players take 1 or 2 stones in turn,
and whoever takes the last stone wins. It is written here, in the test, as
an object satisfying [`Game`][morpyam.game.Game], with an encoding satisfying
[`GameEncoding`][morpyam.encoding.GameEncoding]: nothing in ``morpyam``
names it, and every adapter plays it through its own checker.
"""

from __future__ import annotations

import random
import subprocess
import sys
import warnings
from collections.abc import Iterator
from fractions import Fraction
from pathlib import Path
from typing import ClassVar

import attrs
import numpy as np
import numpy.typing as npt
import pytest

from morpyam.bots import RandomBot
from morpyam.encoding import GameEncoding, HiddenInformation, ObservationLayout, check_id
from morpyam.errors import IllegalActionError
from morpyam.game import Chooser, Game, GameState
from morpyam.kit.descriptions import GameDescription, description, descriptions, register
from morpyam.simulation import SimulationError, play_out
from morpyam.testing import EngineCheckError, check_encoding, check_game

PILES = (3, 4, 5, 6)
TAKES = (1, 2)


@attrs.frozen
class Deal:
    """The chance outcome: the pile dealt."""

    stones: int


@attrs.frozen
class Take:
    """A player's action: take ``stones`` from the pile."""

    stones: int


NimAction = Deal | Take


@attrs.frozen
class NimState:
    """``stones`` is ``None`` before the deal; ``winner`` is set once the pile is empty."""

    stones: int | None = None
    player: int = 0
    winner: int | None = None

    @property
    def current_player(self) -> int | None:
        return None if self.is_chance or self.is_terminal else self.player

    @property
    def is_chance(self) -> bool:
        return self.stones is None

    @property
    def is_terminal(self) -> bool:
        return self.winner is not None

    @property
    def winners(self) -> frozenset[int]:
        return frozenset() if self.winner is None else frozenset({self.winner})


class Nim:
    """The game: pure functions over ``NimState`` (a module would do as well)."""

    def new_game(self, rules: None, /) -> NimState:
        return NimState()

    def legal_actions(self, state: NimState, /) -> tuple[NimAction, ...]:
        if state.is_chance:
            return tuple(Deal(stones) for stones in PILES)
        if state.is_terminal or state.stones is None:
            return ()
        return tuple(Take(stones) for stones in TAKES if stones <= state.stones)

    def apply(self, state: NimState, action: NimAction, /) -> NimState:
        if action not in self.legal_actions(state):
            raise IllegalActionError("NIM-1", f"{action!r} is not legal here")
        if isinstance(action, Deal):
            return NimState(action.stones)
        assert state.stones is not None
        left = state.stones - action.stones
        winner = state.player if left == 0 else None
        return NimState(left, 1 - state.player, winner)

    def chance_outcomes(self, state: NimState, /) -> tuple[tuple[NimAction, Fraction], ...]:
        if not state.is_chance:
            return ()
        return tuple((Deal(stones), Fraction(1, len(PILES))) for stones in PILES)

    def sample_chance(self, state: NimState, rng: random.Random, /) -> NimAction:
        return rng.choice([action for action, _ in self.chance_outcomes(state)])

    def scores(self, state: NimState, /) -> tuple[int, ...]:
        return tuple(int(seat in state.winners) for seat in range(2))


NIM = Nim()


class NimEncoding:
    """Ids: take 1 is 0, take 2 is 1; chance id ``i`` deals ``PILES[i]``; +1 / -1 at the end."""

    players = 2
    num_actions = len(TAKES)
    num_chance_outcomes = len(PILES)
    layout = ObservationLayout.of(
        [("stones", (1,), max(PILES)), ("to_move", (2,), 1), ("winner", (2,), 1)]
    )
    min_return = -1.0
    max_return = 1.0
    return_sum = 0.0
    max_decisions = max(PILES)

    @property
    def game(self) -> Game[None, NimState, NimAction]:
        return NIM

    def new_state(self) -> NimState:
        return NIM.new_game(None)

    def legal_actions(self, state: NimState) -> tuple[NimAction, ...]:
        return NIM.legal_actions(state)

    def apply(self, state: NimState, action: NimAction) -> NimState:
        return NIM.apply(state, action)

    def chance_outcomes(self, state: NimState) -> tuple[tuple[NimAction, Fraction], ...]:
        return NIM.chance_outcomes(state)

    def sample_chance(self, state: NimState, rng: random.Random) -> NimAction:
        return NIM.sample_chance(state, rng)

    def scores(self, state: NimState) -> tuple[int, ...]:
        return NIM.scores(state)

    def action_id(self, state: NimState, action: NimAction) -> int:
        return TAKES.index(action.stones)

    def action(self, state: NimState, action_id: int) -> NimAction:
        return Take(TAKES[check_id(action_id, self.num_actions)])

    def chance_id(self, action: NimAction) -> int:
        return PILES.index(action.stones)

    def chance_action(self, chance_id: int) -> NimAction:
        return Deal(PILES[check_id(chance_id, self.num_chance_outcomes)])

    def legal_ids(self, state: NimState) -> list[int]:
        if state.is_chance:
            return [self.chance_id(action) for action in NIM.legal_actions(state)]
        return [self.action_id(state, action) for action in NIM.legal_actions(state)]

    def chance_probabilities(self, state: NimState) -> list[tuple[int, float]]:
        return [(self.chance_id(action), float(p)) for action, p in NIM.chance_outcomes(state)]

    def legal_mask(self, state: NimState) -> npt.NDArray[np.int8]:
        mask = np.zeros(self.num_actions, dtype=np.int8)
        if state.current_player is not None:
            mask[self.legal_ids(state)] = 1
        return mask

    def observation(self, state: NimState, player: int) -> npt.NDArray[np.float32]:
        vector = np.zeros(self.layout.size, dtype=np.float32)
        self.write(vector, state, player)
        return vector

    def write(self, vector: npt.NDArray[np.float32], state: NimState, player: int) -> None:
        view = self.layout.views(vector)
        view["stones"][0] = state.stones or 0
        if state.current_player is not None:
            view["to_move"][(state.current_player - player) % 2] = 1
        for seat in state.winners:
            view["winner"][(seat - player) % 2] = 1

    def text(self, state: NimState, player: int) -> str:
        return f"pile {state.stones}, player {state.player} to take, winners {set(state.winners)}"

    def rewards(self, before: NimState, after: NimState) -> tuple[float, ...]:
        return self.returns(after) if after.is_terminal else (0.0, 0.0)

    def returns(self, state: NimState) -> tuple[float, ...]:
        if not state.is_terminal:
            return (0.0, 0.0)
        return tuple(1.0 if seat in state.winners else -1.0 for seat in range(2))


ENCODING: GameEncoding[NimState, NimAction] = NimEncoding()  # mypy checks the protocol here
GAME: Game[None, NimState, NimAction] = NIM


@attrs.frozen
class NimRules:
    """The toy's rules: only the number of players, as every game's ``Rules`` says."""

    players: int = 2


@attrs.frozen
class Perfect:
    """Leaves a multiple of 3 whenever it can: the winning strategy of take-1-or-2 Nim."""

    def choose(self, state: NimState, rng: random.Random) -> NimAction:
        assert state.stones is not None
        return Take(state.stones % 3 or 1)


def _nim_rules(players: int = 2) -> NimRules:
    if players != 2:
        raise ValueError(f"Nim is played by 2, got {players}")
    return NimRules(players)


NIM_DESCRIPTION = GameDescription(
    name="test_nim",
    long_name="Nim (test)",
    game=NIM,
    players=(2, 2),
    perfect_information=True,
    chance=True,
    presets={"standard": _nim_rules},
    rules_type=NimRules,
    default_preset="standard",
    encode=lambda rules=None, **options: NimEncoding(),
    openspiel_name="python_morpyam_test_described_nim",
    parameters={},
    from_parameters=lambda params: NimEncoding(),
    pettingzoo_name="test_nim_v0",
    gymnasium_id="morpyam-test/DescribedNim-v0",
    opponents={"perfect": lambda encoding: Perfect()},
    default_opponent="perfect",
    features={"bots"},
    bots={"perfect": Perfect},
)
"""The toy, declared once: what the three frameworks and the conformance check read."""


@pytest.fixture
def described_nim() -> GameDescription:
    """The toy in the registry (registering the same description again is a no-op)."""
    return register(NIM_DESCRIPTION)


def test_the_registry_finds_the_toy(described_nim: GameDescription) -> None:
    assert description("test_nim") is described_nim
    assert described_nim in descriptions()
    assert [game.name for game in descriptions()][:3] == ["morpyam", "yahtzee", "myrummy"]


def test_the_toy_passes_the_conformance_check_from_its_description(
    described_nim: GameDescription,
) -> None:
    ends = check_game("test_nim", games=20, seed=4)
    # The first game is played by the toy's one bot, Perfect, at both seats; the others at
    # random: each of the 20 ends has one winner, and both seats win some.
    assert all(len(end.winners) == 1 for end in ends)
    assert {seat for end in ends for seat in end.winners} == {0, 1}


def test_pettingzoo_plays_the_described_toy(described_nim: GameDescription) -> None:
    pytest.importorskip("pettingzoo")
    from pettingzoo.test import api_test

    import morpyam.pettingzoo

    with warnings.catch_warnings():
        warnings.filterwarnings("ignore", message="Observation space for each agent probably")
        warnings.filterwarnings("ignore", message="Observation is not a NumPy array")
        api_test(morpyam.pettingzoo.game_env("test_nim"), num_cycles=100)
    env = morpyam.pettingzoo.game_env("test_nim")
    assert env.metadata["name"] == "test_nim_v0"


def test_gymnasium_registers_and_plays_the_described_toy(described_nim: GameDescription) -> None:
    gymnasium = pytest.importorskip("gymnasium")
    from gymnasium.utils.env_checker import check_env

    import morpyam.gymnasium as mg

    mg.register_envs()  # a game registered after the import: registered again, once
    env = gymnasium.make("morpyam-test/DescribedNim-v0").unwrapped
    check_env(env)
    assert isinstance(env, mg.DescribedEnv)
    rewards = set()
    for seed in range(10):
        _, info = env.reset(seed=seed)
        terminated = False
        while not terminated:
            action = int(np.flatnonzero(info["action_mask"])[0])  # always take 1
            _, reward, terminated, _, info = env.step(action)
        rewards.add(reward)
    # The agent (seat 0) moves first and always takes 1; the other seat is the description's
    # opponent, Perfect. Counted by hand: from 3 it leaves 2 and Perfect takes both; from 4, 5
    # and 6 it leaves 3, 4 or 5, and Perfect leaves multiples of 3 (or takes 1 from 3) and
    # takes the last stone. So the agent loses every game; a random seat would lose some
    # (from 3: agent 1, random 1, agent takes the last).
    assert rewards == {-1.0}
    with pytest.raises(ValueError, match="opponent must be one of perfect"):
        mg.DescribedEnv("test_nim", opponent="random")


def test_openspiel_registers_and_plays_the_described_toy(described_nim: GameDescription) -> None:
    pyspiel = pytest.importorskip("pyspiel")
    import morpyam.openspiel as mos

    spiel_game = mos.register_description(described_nim)
    assert issubclass(spiel_game, mos.SpielGame)
    assert spiel_game.spec == mos.spec_of(described_nim)
    assert mos.register_description(described_nim) is spiel_game  # once only
    assert mos.register_description(description("myrummy")) is mos.MyRummyGame
    game = pyspiel.load_game("python_morpyam_test_described_nim")
    assert game.get_type().long_name == "Nim (test)"
    pyspiel.random_sim_test(game, num_sims=10, serialize=True, verbose=False)


def test_the_toy_registered_first_gets_every_framework_on_import() -> None:
    """In a fresh interpreter: the toy registers, then the adapters are imported, untouched."""
    pytest.importorskip("pyspiel")
    pytest.importorskip("pettingzoo")
    script = (
        "import sys; sys.path.insert(0, sys.argv[1])\n"
        "import test_plugging_a_game as toy\n"
        "from morpyam.kit.descriptions import register\n"
        "register(toy.NIM_DESCRIPTION)\n"
        "import gymnasium, pyspiel\n"
        "import morpyam.gymnasium, morpyam.openspiel, morpyam.pettingzoo\n"
        "assert 'morpyam-test/DescribedNim-v0' in gymnasium.registry\n"
        "assert 'python_morpyam_test_described_nim' in pyspiel.registered_names()\n"
        "pyspiel.load_game('python_morpyam_test_described_nim').new_initial_state()\n"
        "gymnasium.make('morpyam-test/DescribedNim-v0').reset(seed=1)\n"
        "morpyam.pettingzoo.game_env('test_nim').reset(seed=1)\n"
        "print('plugged')\n"
    )
    here = Path(__file__).parent
    done = subprocess.run(
        [sys.executable, "-c", script, str(here)],
        capture_output=True,
        text=True,
        check=False,
        timeout=300,
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == "plugged"


def test_the_toy_encoding_passes_the_encoding_check() -> None:
    ends = check_encoding(NimEncoding(), games=30, seed=2)
    assert {NimEncoding().returns(end) for end in ends} == {(1.0, -1.0), (-1.0, 1.0)}


class Lenient(NimEncoding):
    """Pays the winner 2 although its bound says 1."""

    def returns(self, state: NimState) -> tuple[float, ...]:
        return tuple(2.0 * value for value in super().returns(state))


class Hasty(NimEncoding):
    """Claims a game takes at most 1 decision."""

    max_decisions = 1


def test_the_encoding_check_can_fail() -> None:
    with pytest.raises(EngineCheckError, match="off bounds"):
        check_encoding(Lenient())
    with pytest.raises(EngineCheckError, match="decisions > 1"):
        check_encoding(Hasty())
    with pytest.raises(EngineCheckError, match="not ended after 2 steps"):
        check_encoding(NimEncoding(), max_steps=2)
    with pytest.raises(ValueError, match="games must be an int >= 1"):
        check_encoding(NimEncoding(), games=0)


def test_the_toy_satisfies_the_protocols_at_run_time() -> None:
    assert isinstance(NIM, Game)
    assert isinstance(NimState(), GameState)
    assert isinstance(Perfect(), Chooser)


@pytest.mark.parametrize("seed", range(8))
def test_the_generic_loop_plays_the_toy_and_the_winning_strategy_wins(seed: int) -> None:
    """Seat 0 moves first; with a pile not a multiple of 3 the player to move wins by leaving
    multiples of 3 (counted by hand: 3 is lost for the mover, 4 and 5 won, 6 lost)."""
    deals: list[int] = []
    takes: list[tuple[int, int]] = []

    def watch(state: NimState, action: NimAction) -> None:
        takes.append((state.player, action.stones))

    start = NIM.apply(NIM.new_game(None), NIM.sample_chance(NimState(), random.Random(seed)))
    assert start.stones is not None
    deals.append(start.stones)
    end = play_out(
        NIM,
        start,
        [Perfect(), RandomBot(game=NIM)],
        chance=random.Random(seed),
        rngs=[random.Random(1), random.Random(2)],
        watch=watch,
    )
    assert end.is_terminal
    assert sum(stones for _, stones in takes) == start.stones  # every stone was taken
    assert end.winners == {takes[-1][0]}  # by whoever took the last one
    if start.stones % 3:
        assert end.winners == {0}


def test_the_generic_loop_deals_chance_and_names_an_illegal_choice() -> None:
    end = play_out(
        NIM,
        NIM.new_game(None),
        [RandomBot(game=NIM), RandomBot(game=NIM)],
        chance=random.Random(3),
        rngs=[random.Random(4), random.Random(5)],
    )
    assert end.is_terminal

    @attrs.frozen
    class Greedy:
        def choose(self, state: NimState, rng: random.Random) -> NimAction:
            return Take(3)  # never legal: NIM-1

    with pytest.raises(
        SimulationError, match=r"toy: Greedy in seat 0 chose Take\(stones=3\).*NIM-1"
    ):
        play_out(
            NIM,
            NimState(4),
            [Greedy(), Greedy()],
            chance=random.Random(0),
            rngs=[random.Random(0)] * 2,
            label="toy",
        )
    with pytest.raises(SimulationError, match="the game lasted more than 1 steps"):
        play_out(
            NIM,
            NimState(4),
            [Perfect(), Perfect()],
            chance=random.Random(0),
            rngs=[random.Random(0)] * 2,
            max_steps=1,
        )


def test_openspiel_plays_the_toy() -> None:
    pyspiel = pytest.importorskip("pyspiel")
    import morpyam.openspiel as mos

    class NimGame(mos.SpielGame):
        spec: ClassVar[mos.SpielGameSpec] = mos.SpielGameSpec(
            "python_morpyam_test_nim", "Nim (test)", (2, 2), {}, lambda params: NimEncoding()
        )

    mos.register(NimGame)
    mos.register(NimGame)  # once only: a second registration is a no-op
    game = pyspiel.load_game("python_morpyam_test_nim")
    assert game.get_type().utility == pyspiel.GameType.Utility.ZERO_SUM
    assert game.max_game_length() == max(PILES)  # the encoding's bound: no cut-off parameter
    assert (game.min_utility(), game.max_utility()) == (-1.0, 1.0)
    pyspiel.random_sim_test(game, num_sims=20, serialize=True, verbose=False)
    state = game.new_initial_state()
    assert state.chance_outcomes() == [(index, 0.25) for index in range(len(PILES))]
    state.apply_action(PILES.index(4))
    for action in (0, 0, 1):  # take 1, take 1, take 2: player 0 takes the last stones
        state.apply_action(action)
    assert state.is_terminal()
    assert state.returns() == [1.0, -1.0]


class HiddenNimEncoding(NimEncoding):
    """The toy declared of hidden information: each player's information state is what they saw."""

    def information_state(self, state: NimState, player: int) -> str:
        return f"seat {player}: {self.text(state, player)}"


HIDDEN: HiddenInformation[NimState] = HiddenNimEncoding()  # mypy checks the protocol here


def test_openspiel_plays_the_toy_with_hidden_information() -> None:
    pyspiel = pytest.importorskip("pyspiel")
    import morpyam.openspiel as mos

    class HiddenNim(mos.SpielGame):
        spec: ClassVar[mos.SpielGameSpec] = mos.SpielGameSpec(
            "python_morpyam_test_hidden_nim",
            "Nim (test, hidden information)",
            (2, 2),
            {},
            lambda params: HiddenNimEncoding(),
            perfect_information=False,
        )

    class Unkeyed(mos.SpielGame):
        spec: ClassVar[mos.SpielGameSpec] = attrs.evolve(
            HiddenNim.spec,
            short_name="python_morpyam_test_unkeyed",
            encoding=lambda _: NimEncoding(),
        )

    mos.register(HiddenNim)
    game = pyspiel.load_game("python_morpyam_test_hidden_nim")
    kind = game.get_type()
    assert kind.information == pyspiel.GameType.Information.IMPERFECT_INFORMATION
    assert kind.provides_information_state_string
    assert not kind.provides_information_state_tensor
    pyspiel.random_sim_test(game, num_sims=20, serialize=True, verbose=False)
    state = game.new_initial_state()
    state.apply_action(PILES.index(5))
    assert state.information_state_string(1) == HIDDEN.information_state(NimState(5), 1)
    assert state.observation_string(1) == NimEncoding().text(NimState(5), 1)
    with pytest.raises(ValueError, match="own observation and information state only"):
        game.make_py_observer(
            pyspiel.IIGObservationType(
                perfect_recall=False, public_info=True, private_info=pyspiel.PrivateInfoType.NONE
            )
        )
    with pytest.raises(ValueError, match="parameters are not supported"):
        game.make_py_observer(None, {"x": 1})
    with pytest.raises(ValueError, match="no information_state"):
        Unkeyed()


@pytest.fixture
def _dict_observations() -> Iterator[None]:
    """api_test advises Box observations for its own envs only (see test_pettingzoo)."""
    with warnings.catch_warnings():
        warnings.filterwarnings("ignore", message="Observation space for each agent probably")
        warnings.filterwarnings("ignore", message="Observation is not a NumPy array")
        yield


@pytest.mark.usefixtures("_dict_observations")
def test_pettingzoo_plays_the_toy() -> None:
    pytest.importorskip("pettingzoo")
    from pettingzoo.test import api_test, seed_test

    from morpyam.pettingzoo import AECGameEnv

    api_test(AECGameEnv(NimEncoding(), name="nim_v0"), num_cycles=200)
    seed_test(lambda: AECGameEnv(NimEncoding(), name="nim_v0"), num_cycles=50)
    env = AECGameEnv(NimEncoding(), name="nim_v0")
    env.reset(seed=1)
    assert env.game_state.stones in PILES  # the deal was resolved inside reset
    assert env.metadata["name"] == "nim_v0"


def test_gymnasium_plays_the_toy_against_a_random_seat() -> None:
    gymnasium = pytest.importorskip("gymnasium")
    from gymnasium.utils.env_checker import check_env

    from morpyam.gymnasium import GameEnv

    def make(render_mode: str | None = None) -> GameEnv:
        return GameEnv(NimEncoding(), seat=1, render_mode=render_mode, illegal_reward=-1.0)

    if "morpyam-test/Nim-v0" not in gymnasium.registry:
        gymnasium.register(id="morpyam-test/Nim-v0", entry_point=make)
    check_env(gymnasium.make("morpyam-test/Nim-v0", render_mode="ansi").unwrapped)
    env = make()
    finals = set()
    for seed in range(20):
        _, info = env.reset(seed=seed)
        assert env.game_state.current_player == 1  # seat 0 (random) moved first
        terminated = False
        while not terminated:
            action = int(np.flatnonzero(info["action_mask"])[0])
            _, reward, terminated, truncated, info = env.step(action)
            assert not truncated
        finals.add(reward)
        assert reward == NimEncoding().returns(env.game_state)[1]
    assert finals == {1.0, -1.0}  # the random seat wins some and loses some


def test_a_game_of_another_package_registers_through_its_entry_point(tmp_path: Path) -> None:
    """An installed distribution that names the toy under ``morpyam.games`` is found on the
    registry's first use, with no call to ``register``."""
    info = tmp_path / "nim_for_morpyam-0.1.dist-info"
    info.mkdir()
    (info / "METADATA").write_text("Metadata-Version: 2.1\nName: nim-for-morpyam\nVersion: 0.1\n")
    (info / "entry_points.txt").write_text(
        "[morpyam.games]\nnim = test_plugging_a_game:NIM_DESCRIPTION\n"
    )
    script = (
        "import sys; sys.path[:0] = sys.argv[1:3]\n"
        "from morpyam.kit.descriptions import description, descriptions\n"
        "print([game.name for game in descriptions()])\n"
        "print(description('test_nim').long_name)\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", script, str(tmp_path), str(Path(__file__).parent)],
        capture_output=True,
        text=True,
        check=False,
        timeout=300,
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout.splitlines() == [
        "['morpyam', 'yahtzee', 'myrummy', 'test_nim']",
        "Nim (test)",
    ]
