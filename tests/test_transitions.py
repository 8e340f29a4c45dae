"""Every field of the state after each step of a turn, against a model written from the rules.

The engine writes the states of its hot path out field by field (issue 12), so
a forgotten or wrong store would leave a State that plays on yet differs from
the position the rules describe. Here random games of several rule sets walk
through rolls, results and the turns that follow, and each state is compared
whole, by equality, with the position built from the one before and the rule
text: R-TURN-1 (a roll throws the dice not kept; its result shows the kept and
thrown dice together, sorted), R-CALL-5 to R-CALL-7 (what stays of a call),
R-CALL-4 off (a hit with no CALL cell is as no call), R-CALL-7 read as "the
figures obtained before" and R-MOR-3 counting Morpyams rolled (the figures
seen earlier in the turn), R-TURN-5 and R-MOR-2 (turns pass in seat order,
or a Morpyam placed replays).
"""

from __future__ import annotations

import random
from typing import Any

import attrs
import pytest

import morpyam as mp
from morpyam.figures import FACES

S = mp.Special

RULE_SETS = {
    "classic": mp.Rules.classic(2),
    "classic, 3 players, earlier figures lost": attrs.evolve(
        mp.Rules.classic(3), call_miss_loses="earlier_figures"
    ),
    "official, 3 players": mp.Rules.official(3),
    "official, Morpyams rolled": attrs.evolve(mp.Rules.official(2), daversa_counts="rolled"),
    "flash, 4 players": mp.Rules.flash(4),
    "plus": mp.Rules.plus(2),
    "no R-CALL-4, every miss voids, lost turns": attrs.evolve(
        mp.Rules.classic(2),
        call_needs_free_cell=False,
        missed_call_voids="any_roll",
        lost_turns=True,
    ),
    "kept dice secure a figure, no full Morpyam": attrs.evolve(
        mp.Rules.classic(2),
        forbid_calling_shown_figure=True,
        shown_figure_means="kept",
        morpyam_is_full=False,
    ),
}


def tracks_turn(rules: mp.Rules) -> bool:
    """State.seen is kept only for R-CALL-7's "figures obtained before" and R-MOR-3's "rolled"."""
    return rules.call_miss_loses == "earlier_figures" or (
        rules.daversa is not None and rules.daversa_counts == "rolled"
    )


def after_roll(state: mp.State, roll: mp.Roll) -> mp.State:
    # R-TURN-1: the kept dice stay, the others are in the air with the call made on them
    seen = state.seen
    if tracks_turn(state.rules) and state.dice is not None:
        seen = seen | state.rules.shows(state.dice)
    return attrs.evolve(state, dice=None, kept=roll.keep, in_air=True, call=roll.call, seen=seen)


def call_after(state: mp.State, dice: tuple[int, ...], rolls: int) -> Any:
    call, rules = state.call, state.rules
    if call is None:
        return None
    shows = rules.shows(dice)
    # R-CALL-2: SEC is a SEC figure on the turn's first roll
    sec = rolls == 1 and not shows.isdisjoint(rules.sec_figures)
    hit = sec if call is S.SEC else call in shows
    if hit:
        free_call_cell = any(
            label is S.CALL and owner is None
            for label, owner in zip(state.layout.labels, state.owners)
        )
        # R-CALL-4 off: a hit with no CALL cell left places as without a call
        return call if rules.call_needs_free_cell or free_call_cell else None
    # R-CALL-6: a miss on the 1st or 2nd roll is as if never made (knob missed_call_voids)
    if rolls < 3 and rules.missed_call_voids == "third_roll":
        return None
    return call  # R-CALL-7: a miss on the 3rd roll


def after_result(state: mp.State, result: mp.RollResult) -> mp.State:
    dice = tuple(sorted(state.kept + result.faces))
    rolls = state.rolls + 1
    return attrs.evolve(
        state,
        rolls=rolls,
        dice=dice,
        kept=(),
        in_air=False,
        call=call_after(state, dice, rolls),
    )


def next_seat(state: mp.State) -> int:
    players = state.rules.players
    for step in range(1, players + 1):
        seat = (state.player + step) % players
        if seat not in state.resigned:
            return seat
    raise AssertionError("nobody left to play")


def check_new_turn(before: mp.State, action: mp.Action, after: mp.State) -> None:
    """R-TURN-5, R-MOR-2: the next player (or the same one) in seat order starts a turn with nothing rolled or called."""
    owners, tokens = before.owners, before.tokens_left
    if type(action) is mp.Place:
        cells = before.layout.cells
        index = cells.index(action.cell)
        owners = (*owners[:index], before.player, *owners[index + 1 :])
        tokens = tuple(n - (p == before.player) for p, n in enumerate(tokens))
    player = next_seat(before)
    dice = before.dice
    if type(action) is mp.Place and dice is not None and dice[0] == dice[4]:
        # R-MOR-2: a Morpyam placed may give a replay (its exceptions have tests of their own)
        assert after.player in (before.player, player)
        player = after.player
    expected = attrs.evolve(
        before,
        owners=owners,
        tokens_left=tokens,
        player=player,
        rolls=0,
        dice=None,
        kept=(),
        in_air=False,
        call=None,
        roll_off=(),
        roll_off_faces=(),
        daversa_armed=after.daversa_armed,  # R-MOR-3's flag has tests of its own
        winners=frozenset(),
        end_rule=None,
        setup=None,
        seen=frozenset(),
    )
    assert after == expected


def walk(rules: mp.Rules, seed: int) -> int:
    """Play one random game, checking every turn step; returns the steps checked."""
    rng = random.Random(seed)
    state = mp.new_game(rules)
    checked = 0
    while not state.winners:
        if state.is_chance:
            action: mp.Action = mp.sample_chance(state, rng)
        else:
            action = rng.choice(mp.legal_actions(state))
        after = mp.apply(state, action)
        if state.setup is None and not state.roll_off:
            if type(action) is mp.Roll:
                assert after == after_roll(state, action)
                checked += 1
            elif type(action) is mp.RollResult:
                if not after.winners:  # R-MOR-3 with Morpyams rolled ends the game here
                    assert after == after_result(state, action)
                    checked += 1
            elif not after.winners:
                check_new_turn(state, action, after)
                checked += 1
        state = after
    return checked


@pytest.mark.parametrize("name", RULE_SETS)
def test_every_field_after_each_step_of_a_turn(name: str) -> None:
    rules = RULE_SETS[name]
    assert sum(walk(rules, seed) for seed in range(3)) > 100


@pytest.mark.parametrize("kept", [(), (6,), (2, 2), (1, 3, 5), (4, 4, 4, 4)])
def test_sample_chance_throws_the_dice_of_rng_choices(kept: tuple[int, ...]) -> None:
    # R-TURN-1: the dice not kept are thrown, each face 1-6 alike: the documented stream
    # of rng.choices(FACES, k=n), n the dice in the air
    state = mp.new_game(mp.Rules.classic(), first_player=0)
    state = mp.apply(mp.apply(state, mp.Roll()), mp.RollResult((1, 2, 3, 4, 6)))
    in_air = attrs.evolve(state, dice=None, kept=kept, in_air=True)
    for seed in range(40):
        thrown = mp.sample_chance(in_air, random.Random(seed))
        expected = random.Random(seed).choices(FACES, k=5 - len(kept))
        assert thrown == mp.RollResult(tuple(sorted(expected)))


def test_sample_chance_throws_one_die_in_the_start_roll() -> None:
    # R-SET-3: one die each, faces 1-6 alike
    state = mp.new_game(mp.Rules.classic(3))
    assert state.roll_off == (0, 1, 2)
    for seed in range(40):
        thrown = mp.sample_chance(state, random.Random(seed))
        assert thrown == mp.RollResult((*random.Random(seed).choices(FACES, k=1),))


def test_a_morpyam_that_cannot_be_placed_lets_the_player_roll_on() -> None:
    # R-MOR-1 (morpyam_at_once): only a Morpyam that can be placed must be placed at once;
    # here every cell five 6s satisfy is covered by player 1, a CALL cell is still free
    rules = attrs.evolve(mp.Rules.classic(), morpyam_at_once=True)
    state = mp.new_game(rules, first_player=0)
    state = mp.apply(mp.apply(state, mp.Roll()), mp.RollResult((6, 6, 6, 6, 6)))
    layout = state.layout
    satisfied = rules.shows((6, 6, 6, 6, 6)) | {S.SEC}  # the 1st roll: SEC too (R-MOR-1)
    owners = tuple(1 if label in satisfied else None for label in layout.labels)
    assert S.CALL in {label for label, owner in zip(layout.labels, owners) if owner is None}
    state = attrs.evolve(state, owners=owners)
    assert not any(type(action) is mp.Place for action in mp.legal_actions(state))
    assert mp.Roll((6, 6, 6)) in mp.legal_actions(state)
    after = mp.apply(state, mp.Roll((6, 6, 6)))
    assert after.in_air
    assert after.kept == (6, 6, 6)


def test_dice_kept_by_hand_out_of_order_are_named_in_the_refusal() -> None:
    # R-TURN-1: the kept and thrown dice make the five dice; a state made by hand
    # keeping (3, 1) unsorted is refused, naming what was kept and thrown
    state = mp.new_game(mp.Rules.classic(), first_player=0)
    state = mp.apply(mp.apply(state, mp.Roll()), mp.RollResult((1, 2, 3, 3, 3)))
    in_air = attrs.evolve(mp.apply(state, mp.Roll((1, 3))), kept=(3, 1))
    with pytest.raises(ValueError, match="R-TURN-1") as info:
        mp.apply(in_air, mp.RollResult((2, 2, 2)))
    assert "(3, 1)" in str(info.value)
    assert "(2, 2, 2)" in str(info.value)


@pytest.mark.parametrize(
    "rules",
    [mp.Rules.classic(2), mp.Rules.official(3), mp.Rules.flash(4), mp.Rules.plus(2)],
    ids=repr,
)
def test_no_figures_are_kept_where_no_rule_reads_them(rules: mp.Rules) -> None:
    # State.seen is kept only for R-CALL-7's "figures obtained before" and R-MOR-3
    # counting Morpyams rolled; otherwise it is empty in every state: the start roll
    # (R-SET-3), the Plus set-up (R-VAR-PLUS), every turn and the end (R-END-1, R-END-2)
    assert not tracks_turn(rules)
    for seed in range(3):
        rng = random.Random(seed)
        state = mp.new_game(rules)
        while True:
            assert state.seen == frozenset()
            if state.winners:
                break
            if state.is_chance:
                state = mp.apply(state, mp.sample_chance(state, rng))
            else:
                state = mp.apply(state, rng.choice(mp.legal_actions(state)))
