"""The Morpyam engine, the score-sheet game and MyRummy satisfy the one game protocol (morpyam.game).

The assignments below are checked by mypy (this file is in its ``files``):
a module that missed a function, or had one of another shape, would fail
the type check; the tests check the same at run time and play through the
protocol alone.
"""

from __future__ import annotations

import random
from typing import Any, TypeVar

import pytest

import morpyam
import morpyam.myrummy
import morpyam.yahtzee
from morpyam.game import Game, GameState

MORPYAM: Game[morpyam.Rules, morpyam.State, morpyam.Action] = morpyam
YAHTZEE: Game[morpyam.yahtzee.Rules, morpyam.yahtzee.State, morpyam.yahtzee.Action] = (
    morpyam.yahtzee
)
# MyRummy's legal_actions lists every action but plays (they come from plays()
# and best_play()), which the protocol's shape allows.
MYRUMMY: Game[morpyam.myrummy.Rules, morpyam.myrummy.State, morpyam.myrummy.Action] = (
    morpyam.myrummy
)


R = TypeVar("R")
S = TypeVar("S", bound=GameState)
A = TypeVar("A")


def play_out(game: Game[R, S, A], state: S, rng: random.Random) -> S:
    """Play random legal actions to the end, using only the protocol."""
    for _ in range(100_000):
        if state.is_terminal:
            return state
        if state.is_chance:
            outcomes = game.chance_outcomes(state)
            assert sum(p for _, p in outcomes) == 1
            action = game.sample_chance(state, rng)
            assert action in [a for a, _ in outcomes]
        else:
            assert state.current_player is not None
            action = rng.choice(list(game.legal_actions(state)))
        state = game.apply(state, action)
    raise AssertionError("unreachable: the game did not end")


@pytest.mark.parametrize("game", [morpyam, morpyam.yahtzee, morpyam.myrummy])
def test_modules_satisfy_the_protocol(game: object) -> None:
    assert isinstance(game, Game)
    assert not isinstance(random, Game)


def test_states_satisfy_the_state_protocol() -> None:
    assert isinstance(morpyam.new_game(morpyam.Rules.classic()), GameState)
    assert isinstance(morpyam.yahtzee.new_game(morpyam.yahtzee.Rules.hasbro()), GameState)
    assert isinstance(morpyam.myrummy.new_game(morpyam.myrummy.Rules.classic()), GameState)
    assert not isinstance(morpyam.Rules.classic(), GameState)


def test_a_morpyam_game_plays_out_through_the_protocol() -> None:
    rng = random.Random(11)
    for preset in morpyam.rules.PRESETS.values():
        end = play_out(MORPYAM, MORPYAM.new_game(preset(3)), rng)
        assert end.winners
        assert len(MORPYAM.scores(end)) == 3


def test_a_yahtzee_game_plays_out_through_the_protocol() -> None:
    end = play_out(YAHTZEE, YAHTZEE.new_game(morpyam.yahtzee.Rules.hasbro()), random.Random(3))
    assert end.winners == {0}
    # Y-END-1: the game ends when the one sheet has all 13 boxes filled.
    assert all(points is not None for points in end.sheets[0][0].boxes)


# --- play_out: chance from a generator or from any sampler ---------------------------------


def test_play_out_takes_any_sampler_for_chance() -> None:
    import morpyam.bots
    from morpyam.game import play_out

    yz = morpyam.yahtzee
    log: list[morpyam.yahtzee.Action] = []

    def ones(state: morpyam.yahtzee.State) -> morpyam.yahtzee.Action:
        """Every die rolled shows 1."""
        assert state.is_chance
        rolls = [roll for roll, _ in yz.chance_outcomes(state) if isinstance(roll, yz.RollResult)]
        outcome = min(rolls, key=lambda roll: roll.faces)  # faces are sorted: the 1s come first
        log.append(outcome)
        return outcome

    end = play_out(
        yz,
        yz.new_game(yz.Rules.hasbro()),
        [morpyam.bots.RandomBot(game=yz)],
        chance=ones,
        rngs=[random.Random(3)],
        watch=lambda state, action: log.append(action),
    )
    assert end.is_terminal
    rolls = [action for action in log if isinstance(action, yz.RollResult)]
    assert len(rolls) >= 13  # Y-TURN-1: each of the 13 turns rolls at least once
    assert all(set(roll.faces) == {1} for roll in rolls)
    replayed = yz.new_game(yz.Rules.hasbro())
    for action in log:  # the sampler's outcomes and the decisions, in the order they came
        replayed = yz.apply(replayed, action)
    assert replayed == end


# --- one conformance check, read from each game's description ------------------------------


@pytest.mark.parametrize(
    ("name", "rules", "players"),
    [("morpyam", "flash", 3), ("yahtzee", "hasbro", 2), ("myrummy", "mini", 2)],
)
def test_every_described_game_passes_the_conformance_check(
    name: str, rules: str, players: int
) -> None:
    from morpyam.testing import check_game

    ends = check_game(name, rules, players=players, games=2 if name != "morpyam" else 1, seed=5)
    assert ends
    assert all(end.is_terminal and end.winners <= set(range(players)) for end in ends)


def _described(game: object) -> object:
    import attrs

    from morpyam.kit.descriptions import description

    return attrs.evolve(description("yahtzee"), name="broken_yahtzee", game=game)


class _Delegating:
    """A game that is a module's but for the methods a subclass gives. Each method of the
    protocol is defined on the class: Python 3.12's ``isinstance`` with a runtime protocol
    does not look through ``__getattr__``."""

    module: Any = morpyam.yahtzee

    def new_game(self, rules: Any, /) -> Any:
        return self.module.new_game(rules)

    def legal_actions(self, state: Any, /) -> Any:
        return self.module.legal_actions(state)

    def apply(self, state: Any, action: Any, /) -> Any:
        return self.module.apply(state, action)

    def chance_outcomes(self, state: Any, /) -> Any:
        return self.module.chance_outcomes(state)

    def sample_chance(self, state: Any, rng: random.Random, /) -> Any:
        return self.module.sample_chance(state, rng)

    def scores(self, state: Any, /) -> Any:
        return self.module.scores(state)

    def __getattr__(self, name: str) -> object:
        return getattr(self.module, name)


class _ListsAStrangeScore(_Delegating):
    """The score sheet, but listing an extra action at each decision that apply refuses."""

    def legal_actions(self, state: morpyam.yahtzee.State) -> tuple[morpyam.yahtzee.Action, ...]:
        legal = morpyam.yahtzee.legal_actions(state)
        if state.is_chance or state.is_terminal:
            return legal
        return (*legal, morpyam.yahtzee.RollResult((1, 1, 1, 1, 1)))  # no roll at a decision


class _ScoresOnePlayerTooMany(_ListsAStrangeScore):
    def legal_actions(self, state: morpyam.yahtzee.State) -> tuple[morpyam.yahtzee.Action, ...]:
        return morpyam.yahtzee.legal_actions(state)

    def scores(self, state: morpyam.yahtzee.State) -> tuple[int, ...]:
        return (*morpyam.yahtzee.scores(state), 0)


def test_the_conformance_check_can_fail() -> None:
    from morpyam.testing import EngineCheckError, check_game

    with pytest.raises(EngineCheckError, match=r"broken_yahtzee: listed RollResult.*was refused"):
        check_game(_described(_ListsAStrangeScore()), games=1)  # type: ignore[arg-type]
    with pytest.raises(EngineCheckError, match="scores are not one per player"):
        check_game(_described(_ScoresOnePlayerTooMany()), games=1)  # type: ignore[arg-type]
    with pytest.raises(EngineCheckError, match="does not satisfy the Game protocol"):
        check_game(_described(object()), games=1)  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="games must be an int >= 1"):
        check_game("yahtzee", games=0)


class _HidesItsPass(_Delegating):
    """Morpyam, but not listing a pass that apply still accepts."""

    module = morpyam

    def legal_actions(self, state: morpyam.State) -> tuple[morpyam.Action, ...]:
        legal = morpyam.legal_actions(state)
        hidden = tuple(action for action in legal if action != morpyam.Pass())
        return hidden or legal


def test_the_conformance_check_probes_actions_that_are_not_listed() -> None:
    import attrs

    from morpyam.kit.descriptions import description
    from morpyam.testing import EngineCheckError, check_game

    # R-TURN-4: a player may pass; a probe draws Pass() and apply accepts it unlisted.
    morpyam_game = description("morpyam")
    broken = attrs.evolve(
        morpyam_game,
        name="hiding",
        game=_HidesItsPass(),
        bots={},
        features=morpyam_game.features - {"bots"},
    )
    with pytest.raises(EngineCheckError, match=r"hiding: Pass\(\) was accepted but not listed"):
        check_game(broken, "flash", games=1, seed=1, encoding=False)
