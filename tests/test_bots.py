"""Bots (morpyam.bots): legal everywhere, and sensible where the right move is plain."""

from __future__ import annotations

import random
from fractions import Fraction

import attrs
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from hypothesis_profiles import examples

import morpyam as mp
from morpyam import strategies as mst
from morpyam.bots import (
    BOTS,
    WIN,
    Bot,
    BotError,
    GreedyBot,
    OddsBot,
    RandomBot,
    UnknownBotError,
    bot_name,
    make_bot,
)
from morpyam.game import Chooser
from morpyam.simulation import simulate

ALL_BOTS: list[Bot] = [RandomBot(), GreedyBot(), OddsBot(), OddsBot(own=0.5, block=2.0)]
PRESETS = [mp.Rules.classic, mp.Rules.official, mp.Rules.flash, mp.Rules.plus]


def at(
    rules: mp.Rules,
    dice: tuple[int, ...],
    rolls: int = 1,
    *,
    owners: dict[str, int] | None = None,
    tokens_left: tuple[int, ...] | None = None,
    armed: bool = False,
) -> mp.State:
    """Player 0 to decide with ``dice`` after ``rolls`` rolls; ``owners`` covers cells by name."""
    state = mp.new_game(rules, first_player=0)
    state = mp.apply(mp.apply(state, mp.Roll()), mp.RollResult(dice))
    for _ in range(rolls - 1):
        state = mp.apply(mp.apply(state, mp.Roll(dice[:4])), mp.RollResult(dice[4:]))
    layout = state.layout
    cells = list(state.owners)
    for name, owner in (owners or {}).items():
        cells[layout.index(mp.Cell.parse(name))] = owner
    return attrs.evolve(
        state,
        owners=tuple(cells),
        tokens_left=tokens_left or state.tokens_left,
        daversa_armed=(armed, *state.daversa_armed[1:]),
    )


def every_cell_but(rules: mp.Rules, *free: str) -> dict[str, int]:
    """Every cell covered (by players 0 and 1 in a pattern without long runs) but ``free``."""
    layout = rules.layout
    return {
        str(cell): (cell.row // 2 + cell.col) % 2 for cell in layout.cells if str(cell) not in free
    }


# --- the protocol ------------------------------------------------------------------------------


def test_the_bots_follow_the_protocol() -> None:
    assert set(BOTS) == {"random", "greedy", "odds"}
    for name in BOTS:
        bot = make_bot(name)
        assert isinstance(bot, Chooser)
        assert bot_name(bot) == name
    assert Bot is Chooser  # at run time, so isinstance(bot, Bot) still answers
    assert make_bot("odds") == OddsBot()
    with pytest.raises(UnknownBotError, match="unknown bot 'alphazero'"):
        make_bot("alphazero")
    assert issubclass(UnknownBotError, ValueError)
    with pytest.raises(UnknownBotError):
        make_bot(None)  # type: ignore[arg-type]


def test_bots_choose_only_at_decision_nodes() -> None:
    rules = mp.Rules.classic()
    rolling = mp.apply(mp.new_game(rules, first_player=0), mp.Roll())
    over = mp.resign(mp.new_game(rules, first_player=0), 1)
    for bot in ALL_BOTS:
        for state in (rolling, over, mp.new_game(rules)):
            with pytest.raises(BotError, match="decision node"):
                bot.choose(state, random.Random(0))


def test_bots_refuse_what_is_not_a_state_or_a_generator() -> None:
    state = mp.new_game(mp.Rules.classic(), first_player=0)
    for bot in ALL_BOTS:
        for value in (None, "state", mp.Rules.classic()):
            with pytest.raises(BotError, match="morpyam State"):
                bot.choose(value, random.Random(0))  # type: ignore[arg-type]
        for rng in (None, 7, "seed"):
            with pytest.raises(BotError, match=r"random\.Random"):
                bot.choose(state, rng)  # type: ignore[arg-type]
    with pytest.raises(BotError, match="morpyam State"):
        OddsBot().values(None)  # type: ignore[arg-type]
    weights: list[dict[str, object]] = [
        {"own": "x"},
        {"block": None},
        {"own": float("nan")},
        {"block": True},
    ]
    for weight in weights:
        with pytest.raises(BotError, match="finite number"):
            OddsBot(**weight)  # type: ignore[arg-type]
    assert OddsBot(own=1, block=0.5) == OddsBot(own=1.0, block=0.5)


# --- legal everywhere ----------------------------------------------------------------------------------


@settings(max_examples=examples(60))
@given(
    state=mst.states().filter(lambda s: s.current_player is not None),
    seed=st.integers(0, 2**32 - 1),
)
def test_every_bot_chooses_a_legal_action(state: mp.State, seed: int) -> None:
    legal = mp.legal_actions(state)
    for bot in ALL_BOTS:
        assert bot.choose(state, random.Random(seed)) in legal


@pytest.mark.parametrize("preset", PRESETS, ids=lambda p: p.__name__)
@pytest.mark.parametrize("players", [2, 3, 4])
def test_bots_finish_games_of_every_preset(preset: object, players: int) -> None:
    # R-VAR-PLUS, R-VAR-FLASH, R-VAR-2025: whole games, set-up included; simulate
    # raises on any illegal action
    rules = preset(players)  # type: ignore[operator]
    seats: list[Bot] = [OddsBot(), GreedyBot(), RandomBot(), OddsBot(block=0.0)]
    bots = seats[:players]
    result = simulate(rules, bots, games=1, seed=players)
    assert result.results[0].winners


def test_same_seed_same_choice() -> None:
    state = at(mp.Rules.classic(), (1, 2, 4, 6, 6))
    for bot in ALL_BOTS:
        first = bot.choose(state, random.Random(5))
        assert all(bot.choose(state, random.Random(5)) == first for _ in range(3))


# --- GreedyBot --------------------------------------------------------------------------------------


def test_greedy_places_as_soon_as_it_can() -> None:
    state = at(mp.Rules.classic(), (3, 3, 3, 1, 2))  # R-CELL-1: a Brelan of threes
    for seed in range(5):
        action = GreedyBot().choose(state, random.Random(seed))
        assert isinstance(action, mp.Place)
        assert state.layout[action.cell] in (mp.Figure.THREE_THREES, mp.Figure.SMALL_STRAIGHT)


def test_greedy_keeps_for_the_most_probable_free_cell() -> None:
    rules = mp.Rules.classic()
    # only the 3×6 cells and the Morpyam cells are free: two sixes are kept for the Brelan
    owners = every_cell_but(rules, "f1", "a3", "a6", "b2", "e5")
    state = at(rules, (6, 6, 1, 2, 3), owners=owners)
    assert GreedyBot().choose(state, random.Random(0)) == mp.Roll((6, 6))
    # only Morpyam cells: the most common face is kept
    state = at(rules, (4, 4, 4, 1, 2), owners=every_cell_but(rules, "b2", "e5"))
    assert GreedyBot().choose(state, random.Random(0)) == mp.Roll((4, 4, 4))


def test_greedy_passes_when_nothing_else_is_left() -> None:
    # R-TURN-3: after the 3rd roll with nothing to cover, the turn passes
    rules = mp.Rules.classic()
    state = at(rules, (1, 2, 4, 6, 6), rolls=3)
    assert mp.legal_actions(state) == (mp.Pass(),)
    assert GreedyBot().choose(state, random.Random(0)) == mp.Pass()


# --- OddsBot -------------------------------------------------------------------------------------------


def test_odds_bot_takes_a_ko() -> None:
    # R-END-1: a1-d1 are its own, e1 (3×5) makes five in a row
    rules = mp.Rules.classic()
    owners = {"a1": 0, "b1": 0, "c1": 0, "d1": 0}
    state = at(rules, (5, 5, 5, 1, 2), owners=owners)
    assert OddsBot().choose(state, random.Random(0)) == mp.Place("e1")


def test_odds_bot_blocks_a_ko() -> None:
    # R-END-1: player 1 has a1-d1; e1 (3×5) must be covered before player 1 does
    rules = mp.Rules.classic()
    owners = {"a1": 1, "b1": 1, "c1": 1, "d1": 1}
    state = at(rules, (5, 5, 5, 1, 2), owners=owners)
    assert OddsBot().choose(state, random.Random(0)) == mp.Place("e1")


def test_odds_bot_calls_sec_when_only_call_cells_are_left() -> None:
    # R-CELL-3, R-CALL-3: only a call covers the CALL cells, and a SEC call on the first
    # roll hits whenever any single figure's call would
    rules = mp.Rules.classic()
    state = mp.new_game(rules, first_player=0)
    state = attrs.evolve(
        state,
        owners=tuple(None if label is mp.Special.CALL else 1 for label in rules.layout.labels),
    )
    assert OddsBot().choose(state, random.Random(0)) == mp.Roll(call=mp.Special.SEC)
    values = dict(OddsBot().values(state))
    assert values[mp.Roll()] < values[mp.Roll(call=mp.Special.SEC)]


def test_odds_bot_chases_a_daversa_morpyam() -> None:
    # R-MOR-3: armed, a Morpyam wins at once; four fives and two rolls left make it
    # with the exact chance 1 - (5/6)**2
    rules = mp.Rules.official()
    armed = at(rules, (5, 5, 5, 5, 1), armed=True)
    action = OddsBot().choose(armed, random.Random(0))
    assert isinstance(action, mp.Roll)
    assert action.keep == (5, 5, 5, 5)
    chance = 1 - Fraction(5, 6) ** 2
    assert dict(OddsBot().values(armed))[mp.Roll((5, 5, 5, 5))] >= float(chance) * WIN
    calm = at(rules, (5, 5, 5, 5, 1))
    assert dict(OddsBot().values(calm))[mp.Roll((5, 5, 5, 5))] < 0.2 * WIN


def test_odds_bot_will_not_end_a_game_it_loses() -> None:
    # R-END-2, R-END-3: its last token ends the game; 1 point with the end bonus
    # loses to player 1's run of four (2 points), so it passes (R-TURN-4)
    rules = mp.Rules.classic()
    behind = at(
        rules,
        (1, 1, 1, 2, 3),
        rolls=3,
        owners={"a6": 1, "b6": 1, "c6": 1, "d6": 1},
        tokens_left=(1, 13),
    )
    assert mp.scores(behind) == (0, 2)
    assert OddsBot().choose(behind, random.Random(0)) == mp.Pass()
    # against a run of three (1 point) the end bonus makes a tie, which the finisher wins
    level = at(
        rules, (1, 1, 1, 2, 3), rolls=3, owners={"a6": 1, "b6": 1, "c6": 1}, tokens_left=(1, 14)
    )
    assert isinstance(OddsBot().choose(level, random.Random(0)), mp.Place)


def test_odds_bot_beats_random_and_greedy_over_a_few_games() -> None:
    # the 2,000-game strength figures are in benchmarks/bench_bots.py and the docs
    versus_random = simulate(mp.Rules.classic(), [OddsBot(), RandomBot()], games=10, seed=11)
    assert versus_random.wins[0] >= 9
    versus_greedy = simulate(mp.Rules.classic(), [OddsBot(), GreedyBot()], games=20, seed=11)
    assert versus_greedy.wins[0] >= 12
