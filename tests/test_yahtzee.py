"""The score-sheet game: every scoring rule of the Megawürfel sheet, the knobs, turns, errors and random play.

Expected points come from the Megawürfel sheet's examples (docs/yahtzee.md quotes them)
and from counting by hand; rule IDs are those of docs/yahtzee.md.
"""

from __future__ import annotations

import random
import re
from collections import Counter
from fractions import Fraction
from pathlib import Path
from typing import Any

import attrs
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from hypothesis_profiles import examples

import morpyam as mp
import morpyam.yahtzee as yz
from morpyam.dice import keep_options
from morpyam.notation import NotationError
from morpyam.yahtzee.rules import box_scores, is_yahtzee

B = yz.Box
HASBRO = yz.Rules.hasbro()
MEGA = yz.Rules.megawuerfel()
MEGA2 = yz.Rules.megawuerfel(players=2)
FREE = attrs.evolve(HASBRO, joker="free")
NO_JOKER = attrs.evolve(HASBRO, joker="none")
ALL_RULES = [MEGA, HASBRO, FREE, NO_JOKER]


def sheet_with(filled: dict[yz.Box, int] | None = None) -> yz.Sheet:
    boxes: list[int | None] = [None] * 13
    for box, points in (filled or {}).items():
        boxes[box.index] = points
    return yz.Sheet(tuple(boxes))


def rolled(
    rules: yz.Rules, dice: tuple[int, ...], filled: dict[yz.Box, int] | None = None
) -> yz.State:
    """A solitaire state after the first roll showed ``dice``, on a sheet with ``filled`` boxes."""
    state = yz.State(rules, ((sheet_with(filled),),), 0, 0, 0, None, (), False)
    state = yz.apply(state, yz.Roll())
    return yz.apply(state, yz.RollResult(dice))


def scored(state: yz.State, box: yz.Box) -> yz.Sheet:
    """The sheet of the player to move after they score ``box``."""
    player, game = state.player, state.game
    return yz.apply(state, yz.Score(box)).sheets[player][game]


def turn(state: yz.State, dice: tuple[int, ...], box: yz.Box) -> yz.State:
    """One turn: roll, see ``dice``, score ``box``."""
    state = yz.apply(yz.apply(state, yz.Roll()), yz.RollResult(dice))
    return yz.apply(state, yz.Score(box))


# --- the boxes: the Megawürfel sheet's examples ------------------------------------------------

SEED_EXAMPLES = [
    (B.SIXES, (1, 5, 2, 6, 6), 12),  # Y-BOX-2: "1-5-2-6-6 ... 2 x 6 = 12"
    (B.THREE_OF_A_KIND, (2, 5, 5, 6, 5), 23),  # Y-BOX-3: "2-5-5-6-5 = 23 Punkte"
    (B.FOUR_OF_A_KIND, (1, 5, 1, 1, 1), 9),  # Y-BOX-3: "1-5-1-1-1 = 9 Punkte"
    (B.FULL_HOUSE, (4, 4, 6, 6, 6), 25),  # Y-BOX-4: "4-4-6-6-6", 25 Punkte
    (B.SMALL_STRAIGHT, (3, 4, 5, 6, 3), 30),  # Y-BOX-5: "3-4-5-6-3", 30 Punkte
    (B.LARGE_STRAIGHT, (1, 2, 3, 4, 5), 40),  # Y-BOX-5: "1-2-3-4-5 oder 2-3-4-5-6", 40
    (B.LARGE_STRAIGHT, (2, 3, 4, 5, 6), 40),  # Y-BOX-5
    (B.YAHTZEE, (3, 3, 3, 3, 3), 50),  # Y-BOX-6: "3-3-3-3-3", topscore 50 Punkte
    (B.CHANCE, (1, 3, 3, 5, 6), 18),  # Y-BOX-7: "1-3-3-5-6 = 18 Punkte"
]


@pytest.mark.parametrize("rules", [MEGA, HASBRO], ids=["megawuerfel", "hasbro"])
@pytest.mark.parametrize(("box", "dice", "points"), SEED_EXAMPLES)
def test_seed_examples(rules: yz.Rules, box: yz.Box, dice: tuple[int, ...], points: int) -> None:
    state = rolled(rules, dice)
    assert yz.Score(box) in yz.legal_actions(state)
    assert yz.box_points(state, box) == points
    assert yz.base_score(box, tuple(sorted(dice))) == points
    sheet = scored(state, box)
    assert sheet[box] == points
    assert sheet.total == points
    assert yz.scores(yz.apply(state, yz.Score(box))) == (points,)


@pytest.mark.parametrize(
    ("box", "dice", "points"),
    [
        (B.ONES, (1, 1, 1, 4, 5), 3),  # Y-BOX-2: three ones
        (B.FOURS, (4, 4, 4, 4, 2), 16),  # Y-BOX-2
        (B.THREE_OF_A_KIND, (2, 2, 2, 2, 6), 14),  # Y-BOX-3: four of a kind is three too
        (B.THREE_OF_A_KIND, (5, 5, 5, 5, 5), 25),  # Y-BOX-3: so is five of a kind
        (B.FOUR_OF_A_KIND, (6, 6, 6, 6, 6), 30),  # Y-BOX-3
        (B.FULL_HOUSE, (1, 1, 2, 2, 2), 25),  # Y-BOX-4: any three and any two
        (B.SMALL_STRAIGHT, (1, 2, 3, 4, 4), 30),  # Y-BOX-5: 1-2-3-4
        (B.SMALL_STRAIGHT, (1, 2, 3, 4, 5), 30),  # Y-BOX-5: a large straight holds a small one
        (B.SMALL_STRAIGHT, (2, 3, 4, 5, 2), 30),  # Y-BOX-5: 2-3-4-5
        (B.CHANCE, (6, 6, 6, 6, 5), 29),  # Y-BOX-7
    ],
)
def test_more_hand_counted_scores(box: yz.Box, dice: tuple[int, ...], points: int) -> None:
    assert yz.box_points(rolled(MEGA, dice), box) == points


@pytest.mark.parametrize("rules", ALL_RULES)
@pytest.mark.parametrize(
    ("box", "dice"),
    [
        (B.FIVES, (1, 2, 3, 4, 6)),  # Y-BOX-8: no five showing
        (B.ONES, (2, 3, 4, 5, 6)),  # Y-BOX-8
        (B.THREE_OF_A_KIND, (1, 1, 2, 2, 3)),  # Y-BOX-8: two pairs
        (B.FOUR_OF_A_KIND, (2, 2, 2, 5, 6)),  # Y-BOX-8: only three
        (B.FULL_HOUSE, (1, 1, 2, 2, 3)),  # Y-BOX-8: two pairs
        (B.FULL_HOUSE, (2, 2, 2, 2, 3)),  # Y-BOX-8, Y-BOX-4: four and one
        (B.FULL_HOUSE, (3, 3, 3, 3, 3)),  # Y-BOX-4: five of a kind is no full house (no joker yet)
        (B.SMALL_STRAIGHT, (1, 2, 3, 5, 6)),  # Y-BOX-8: 1-2-3 and 5-6
        (B.SMALL_STRAIGHT, (1, 1, 3, 4, 5)),  # Y-BOX-8: 3-4-5 only
        (B.LARGE_STRAIGHT, (1, 2, 3, 4, 6)),  # Y-BOX-8
        (B.LARGE_STRAIGHT, (1, 3, 4, 5, 6)),  # Y-BOX-8
        (B.YAHTZEE, (4, 4, 4, 4, 5)),  # Y-BOX-8
    ],
)
def test_a_missing_pattern_scores_zero(rules: yz.Rules, box: yz.Box, dice: tuple[int, ...]) -> None:
    state = rolled(rules, dice)
    assert yz.Score(box) in yz.legal_actions(state)  # Y-BOX-8: the box may still be filled
    sheet = scored(state, box)
    assert sheet[box] == 0
    assert sheet.filled == 1 << box.index


@given(st.lists(st.integers(1, 6), min_size=5, max_size=5))
def test_every_box_against_its_rule_text(faces: list[int]) -> None:
    dice = tuple(sorted(faces))
    counts = Counter(dice)
    most = max(counts.values())
    state = rolled(MEGA, dice)
    points = {box: yz.box_points(state, box) for box in yz.BOXES}
    for face, box in zip(range(1, 7), yz.BOXES[:6]):
        assert points[box] == face * counts[face]  # Y-BOX-2
    assert points[B.THREE_OF_A_KIND] == (sum(dice) if most >= 3 else 0)  # Y-BOX-3
    assert points[B.FOUR_OF_A_KIND] == (sum(dice) if most >= 4 else 0)  # Y-BOX-3
    assert points[B.FULL_HOUSE] == (25 if sorted(counts.values()) == [2, 3] else 0)  # Y-BOX-4
    runs = ["1234", "2345", "3456"]
    shown = "".join(str(face) for face in sorted(set(dice)))
    assert points[B.SMALL_STRAIGHT] == (30 if any(run in shown for run in runs) else 0)  # Y-BOX-5
    assert points[B.LARGE_STRAIGHT] == (40 if shown in ("12345", "23456") else 0)  # Y-BOX-5
    assert points[B.YAHTZEE] == (50 if most == 5 else 0)  # Y-BOX-6
    assert points[B.CHANCE] == sum(dice)  # Y-BOX-7


def test_boxes_read_their_names() -> None:
    assert [box.notation for box in yz.BOXES[:3]] == ["ones", "twos", "threes"]
    assert B.parse("topscore") is B.YAHTZEE  # the Megawürfel sheet's name of the five-of-a-kind box
    assert B.parse("Full House") is B.FULL_HOUSE
    assert B.parse("FOUR_OF_A_KIND") is B.FOUR_OF_A_KIND
    assert (B.FOURS.face, B.CHANCE.face) == (4, None)
    assert B.SIXES.is_upper
    assert not B.THREE_OF_A_KIND.is_upper
    with pytest.raises(ValueError, match="Y-BOX-1: no box is called 'sevens'"):
        B.parse("sevens")
    with pytest.raises(ValueError, match="Y-SET-1"):
        yz.base_score(B.CHANCE, (1, 2, 3))


# --- the upper bonus ---------------------------------------------------------------


def play_upper(rules: yz.Rules, counts: dict[int, int]) -> yz.State:
    """Score the upper boxes face by face, ``counts[face]`` dice of the face each time."""
    state = yz.new_game(rules)
    for face, count in counts.items():
        others = [g for g in range(1, 7) if g != face][: 5 - count]
        state = turn(state, (face,) * count + tuple(others), yz.BOXES[face - 1])
    return state


THREE_EACH = {1: 3, 2: 3, 3: 3, 4: 3, 5: 3, 6: 3}  # 3 + 6 + 9 + 12 + 15 + 18 = 63


def test_upper_bonus_at_exactly_63() -> None:
    # Y-BONUS-1: Hasbro's "63 or more" pays at exactly 63; the Megawürfel sheet's "higher than 63" does not
    hasbro = play_upper(HASBRO, THREE_EACH).sheet
    assert (hasbro.upper_sum, hasbro.upper_bonus, hasbro.total) == (63, 35, 98)
    mega = play_upper(MEGA, THREE_EACH).sheet
    assert (mega.upper_sum, mega.upper_bonus, mega.total) == (63, 0, 63)


def test_upper_bonus_at_62_and_64() -> None:
    # Y-BONUS-1: 62 pays under neither preset, 64 under both
    two_ones = THREE_EACH | {1: 2}
    four_ones = THREE_EACH | {1: 4}
    for rules in (HASBRO, MEGA):
        assert play_upper(rules, two_ones).sheet.upper_sum == 62
        assert play_upper(rules, two_ones).sheet.upper_bonus == 0
        assert play_upper(rules, four_ones).sheet.upper_sum == 64
        assert play_upper(rules, four_ones).sheet.upper_bonus == 35
        assert yz.scores(play_upper(rules, four_ones)) == (99,)


def test_upper_bonus_is_written_when_reached() -> None:
    # Y-BONUS-1: 24 + 20 + 16 + 3 = 63 with two upper boxes still empty
    state = play_upper(HASBRO, {6: 4, 5: 4, 4: 4})
    assert state.sheet.upper_bonus == 0
    state = play_upper(HASBRO, {6: 4, 5: 4, 4: 4, 1: 3})
    assert state.sheet.upper_bonus == 35
    assert state.sheet[B.TWOS] is None


def test_bonus_knobs() -> None:
    # Y-BONUS-1: threshold, comparison and bonus are knobs
    rules = attrs.evolve(MEGA, bonus_threshold=50, bonus_comparison=">=", upper_bonus=10)
    state = play_upper(rules, {6: 4, 5: 4, 4: 2})  # 24 + 20 + 8 = 52
    assert state.sheet.upper_bonus == 10
    strict = attrs.evolve(rules, bonus_comparison=">")
    assert play_upper(strict, {6: 4, 5: 4, 3: 2}).sheet.upper_bonus == 0  # 24 + 20 + 6 = 50
    assert strict.bonus_target == 51


# --- five of a kind: the Yahtzee bonus and the joker ---------------------------------


def test_extra_yahtzee_bonus() -> None:
    # Y-BONUS-2: 100 for each five of a kind while the Yahtzee box holds 50
    state = rolled(HASBRO, (2, 2, 2, 2, 2), {B.YAHTZEE: 50})
    sheet = scored(state, B.TWOS)  # Y-JOKER-1 (forced): the empty twos box takes it
    assert (sheet[B.TWOS], sheet.yahtzee_bonus, sheet.total) == (10, 100, 160)
    again = yz.apply(yz.State(HASBRO, ((sheet,),), 0, 0, 0, None, (), False), yz.Roll())
    again = yz.apply(again, yz.RollResult((6, 6, 6, 6, 6)))
    assert scored(again, B.SIXES).yahtzee_bonus == 200


def test_no_yahtzee_bonus_after_a_zero_or_without_the_knob() -> None:
    # Y-BONUS-2: a Yahtzee box holding 0 earns nothing; the Megawürfel sheet has no such bonus
    assert scored(rolled(HASBRO, (4,) * 5, {B.YAHTZEE: 0}), B.FOURS).yahtzee_bonus == 0
    assert scored(rolled(MEGA, (4,) * 5, {B.YAHTZEE: 50}), B.FOURS).yahtzee_bonus == 0
    # Y-BONUS-2: the first five of a kind, in the Yahtzee box, is no extra one
    assert scored(rolled(HASBRO, (4,) * 5), B.YAHTZEE).yahtzee_bonus == 0


def test_yahtzee_bonus_also_when_it_fills_an_upper_box_with_zero() -> None:
    # Y-BONUS-2, Y-JOKER-1 (forced): lower half full and fives filled: an upper box for 0
    lower = dict.fromkeys(yz.BOXES[6:], 0) | {B.YAHTZEE: 50, B.FIVES: 15}
    state = rolled(HASBRO, (5,) * 5, lower)
    assert yz.allowed_boxes(state) == (B.ONES, B.TWOS, B.THREES, B.FOURS, B.SIXES)
    sheet = scored(state, B.ONES)
    assert (sheet[B.ONES], sheet.yahtzee_bonus) == (0, 100)


@pytest.mark.parametrize("rules", [MEGA, HASBRO, FREE], ids=["none", "forced", "free"])
def test_five_of_a_kind_is_no_full_house_while_the_yahtzee_box_is_empty(rules: yz.Rules) -> None:
    # Y-BOX-4, Y-JOKER-1: no joker before the Yahtzee box is filled
    state = rolled(rules, (3, 3, 3, 3, 3))
    assert yz.allowed_boxes(state) == yz.BOXES
    assert scored(state, B.FULL_HOUSE)[B.FULL_HOUSE] == 0


def test_full_house_joker_none() -> None:
    # Y-JOKER-1 "none": any box, usual values: a full house box takes 0
    for yahtzee in (0, 50):
        state = rolled(NO_JOKER, (3,) * 5, {B.YAHTZEE: yahtzee, B.THREES: 9})
        assert yz.Score(B.ONES) in yz.legal_actions(state)
        assert scored(state, B.FULL_HOUSE)[B.FULL_HOUSE] == 0
        assert scored(state, B.LARGE_STRAIGHT)[B.LARGE_STRAIGHT] == 0


def test_full_house_joker_forced() -> None:
    # Y-JOKER-1 "forced": the matching upper box first ...
    state = rolled(HASBRO, (3,) * 5, {B.YAHTZEE: 50})
    assert yz.allowed_boxes(state) == (B.THREES,)
    assert [a for a in yz.legal_actions(state) if isinstance(a, yz.Score)] == [yz.Score(B.THREES)]
    with pytest.raises(yz.IllegalActionError, match=r"Y-JOKER-1: .* must go in the empty threes"):
        yz.apply(state, yz.Score(B.FULL_HOUSE))
    assert scored(state, B.THREES)[B.THREES] == 15
    # ... then any lower box, full house and straights at full value, even after a 0 ...
    for yahtzee in (0, 50):
        state = rolled(HASBRO, (3,) * 5, {B.YAHTZEE: yahtzee, B.THREES: 6})
        assert yz.allowed_boxes(state) == (
            B.THREE_OF_A_KIND,
            B.FOUR_OF_A_KIND,
            B.FULL_HOUSE,
            B.SMALL_STRAIGHT,
            B.LARGE_STRAIGHT,
            B.CHANCE,
        )
        assert scored(state, B.FULL_HOUSE)[B.FULL_HOUSE] == 25
        assert scored(state, B.SMALL_STRAIGHT)[B.SMALL_STRAIGHT] == 30
        assert scored(state, B.LARGE_STRAIGHT)[B.LARGE_STRAIGHT] == 40
        assert scored(state, B.CHANCE)[B.CHANCE] == 15
        with pytest.raises(yz.IllegalActionError, match=r"Y-JOKER-1: .* go in an empty lower"):
            yz.apply(state, yz.Score(B.ONES))
    # ... and only with the lower half full, an upper box for 0
    lower = dict.fromkeys(yz.BOXES[6:], 0) | {B.THREES: 6}
    state = rolled(HASBRO, (3,) * 5, lower)
    assert yz.allowed_boxes(state) == (B.ONES, B.TWOS, B.FOURS, B.FIVES, B.SIXES)
    assert scored(state, B.SIXES)[B.SIXES] == 0


def test_full_house_joker_free() -> None:
    # Y-JOKER-1 "free": any empty box; full value only once the matching upper box is filled
    state = rolled(FREE, (3,) * 5, {B.YAHTZEE: 50})
    assert yz.allowed_boxes(state) == tuple(box for box in yz.BOXES if box is not B.YAHTZEE)
    assert scored(state, B.FULL_HOUSE)[B.FULL_HOUSE] == 0
    assert scored(state, B.THREES)[B.THREES] == 15
    assert scored(state, B.FULL_HOUSE).yahtzee_bonus == 100  # Y-BONUS-2
    state = rolled(FREE, (3,) * 5, {B.YAHTZEE: 0, B.THREES: 6})
    assert scored(state, B.FULL_HOUSE)[B.FULL_HOUSE] == 25
    assert scored(state, B.LARGE_STRAIGHT)[B.LARGE_STRAIGHT] == 40
    assert scored(state, B.ONES)[B.ONES] == 0  # an upper box is free too, for 0


def test_joker_needs_five_of_a_kind() -> None:
    # Y-JOKER-1: four of a kind is no joker
    for rules in (HASBRO, FREE):
        state = rolled(rules, (3, 3, 3, 3, 6), {B.YAHTZEE: 50, B.THREES: 9})
        assert len(yz.allowed_boxes(state)) == 11
        assert scored(state, B.FULL_HOUSE)[B.FULL_HOUSE] == 0


# --- turns ------------------------------------------------------------------------------


def test_no_fourth_roll() -> None:
    # Y-TURN-1: three rolls, then a box must be scored
    state = yz.apply(yz.new_game(MEGA), yz.Roll())
    state = yz.apply(state, yz.RollResult((1, 2, 3, 5, 6)))
    state = yz.apply(state, yz.Roll((5, 6)))
    assert state.kept == (5, 6)
    assert state.is_chance
    assert state.dice is None
    state = yz.apply(state, yz.RollResult((5, 6, 6)))
    state = yz.apply(state, yz.Roll((5, 5, 6, 6)))
    state = yz.apply(state, yz.RollResult((4,)))
    assert (state.rolls, state.dice) == (3, (4, 5, 5, 6, 6))
    assert all(isinstance(action, yz.Score) for action in yz.legal_actions(state))
    assert len(yz.legal_actions(state)) == 13
    for roll in (yz.Roll(), yz.Roll((5, 5))):
        with pytest.raises(yz.IllegalActionError, match="Y-TURN-1: a turn has at most 3 rolls"):
            yz.apply(state, roll)


def test_rolls_and_results_out_of_place() -> None:
    state = yz.new_game(MEGA)
    with pytest.raises(yz.IllegalActionError, match=r"Y-TURN-1: the first roll .* all five"):
        yz.apply(state, yz.Roll((3,)))
    with pytest.raises(yz.IllegalActionError, match="Y-TURN-1: no dice are in the air"):
        yz.apply(state, yz.RollResult((1, 2, 3, 4, 5)))
    with pytest.raises(yz.IllegalActionError, match="Y-TURN-1: no dice are in the air"):
        yz.sample_chance(state, random.Random(1))
    assert yz.chance_outcomes(state) == ()
    in_air = yz.apply(state, yz.Roll())
    with pytest.raises(yz.IllegalActionError, match="Y-TURN-1: the dice are in the air"):
        yz.apply(in_air, yz.Roll())
    with pytest.raises(yz.IllegalActionError, match="Y-TURN-1: 5 dice are in the air"):
        yz.apply(in_air, yz.RollResult((1, 2)))
    state = yz.apply(in_air, yz.RollResult((1, 1, 2, 3, 4)))
    with pytest.raises(yz.IllegalActionError, match=r"Y-TURN-1: kept dice .* \(1 1 2 3 4\)"):
        yz.apply(state, yz.Roll((1, 1, 1)))
    with pytest.raises(yz.IllegalActionError, match="Y-TURN-1: at most 4 dice"):
        yz.Roll((1, 1, 2, 3, 4))  # Y-TURN-1: keeping all five is scoring
    # a Morpyam action is no action of this game: a ValueError, as in every game, not a rule
    with pytest.raises(ValueError, match=r"apply takes an action \(Roll, RollResult or Score\)"):
        yz.apply(state, mp.Pass())  # type: ignore[arg-type]


def test_scoring_needs_a_roll_and_ends_the_turn() -> None:
    # Y-TURN-2: one box per turn, after at least one roll
    state = yz.new_game(MEGA2)
    with pytest.raises(yz.IllegalActionError, match="Y-TURN-2: a box is scored with the dice"):
        yz.apply(state, yz.Score(B.CHANCE))
    with pytest.raises(yz.IllegalActionError, match="Y-TURN-2"):
        yz.box_points(state, B.CHANCE)
    assert yz.allowed_boxes(state) == ()
    state = yz.apply(yz.apply(state, yz.Roll()), yz.RollResult((2, 2, 4, 5, 6)))
    assert state.current_player == 0
    after = yz.apply(state, yz.Score(B.TWOS))  # Y-TURN-1: stopping after one roll is allowed
    assert (after.player, after.rolls, after.dice, after.current_player) == (1, 0, None, 1)
    assert after.sheets[0][0][B.TWOS] == 4
    assert after.sheets[1][0].filled == 0


def test_a_filled_box_cannot_be_scored_again() -> None:
    # Y-BOX-1: each box once
    state = rolled(MEGA, (1, 2, 3, 4, 6), {B.CHANCE: 20})
    assert yz.Score(B.CHANCE) not in yz.legal_actions(state)
    kept = attrs.evolve(state)
    with pytest.raises(yz.IllegalActionError, match=r"Y-BOX-1: the chance box is already filled"):
        yz.apply(state, yz.Score(B.CHANCE))
    assert state == kept
    assert state.sheet[B.CHANCE] == 20
    with pytest.raises(yz.IllegalActionError, match="Y-BOX-1: no box is called 'sevens'"):
        yz.Score("sevens")
    with pytest.raises(yz.IllegalActionError, match="Y-BOX-1: a box is a Box"):
        yz.Score(3)  # type: ignore[arg-type]
    assert yz.Score("full house") == yz.Score(B.FULL_HOUSE)


def test_legal_order() -> None:
    state = rolled(MEGA, (1, 1, 2, 3, 4), {B.ONES: 3, B.CHANCE: 20})
    legal = yz.legal_actions(state)
    scores = [yz.Score(box) for box in yz.BOXES if box not in (B.ONES, B.CHANCE)]
    rolls = [yz.Roll(keep) for keep in keep_options((1, 1, 2, 3, 4))]
    assert list(legal) == scores + rolls
    assert rolls[0] == yz.Roll()
    assert len(rolls[-1].keep) == 4


# --- set-up and end ------------------------------------------------------------------------


def test_new_game_checks_its_arguments() -> None:
    # Y-SET-1: 1 to 6 players, a field of the rules; Y-END-1: 1 to 6 games on a sheet
    for players in range(1, 7):
        for preset in yz.PRESETS.values():
            rules = preset(players)
            assert rules.players == players
            assert yz.new_game(rules).players == players
            assert len(yz.new_game(rules).sheets) == players
    for bad in (0, 7, "2", True):
        with pytest.raises(ValueError, match="Y-SET-1"):
            yz.Rules.megawuerfel(players=bad)  # type: ignore[arg-type]
    for bad_games in (0, 7, 1.0):
        with pytest.raises(ValueError, match="Y-END-1: a sheet holds 1 to 6 games"):
            yz.new_game(MEGA, games=bad_games)  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="needs a yahtzee Rules"):
        yz.new_game(mp.Rules.classic())  # type: ignore[arg-type]


def test_new_game_players_is_deprecated_and_names_the_replacement() -> None:
    # Y-SET-1: the old keyword still plays that many players, until 2.0
    with pytest.warns(DeprecationWarning, match=r"Rules\.hasbro\(players=N\)") as caught:
        state = yz.new_game(MEGA, players=3)
    assert caught[0].filename == __file__  # the warning points at the caller
    assert state.players == 3
    assert state.rules == yz.Rules.megawuerfel(players=3)
    with pytest.warns(DeprecationWarning, match="players=N"):
        assert yz.new_game(MEGA2, players=2).rules == MEGA2
    for bad in (0, 7, "2", True):
        with (
            pytest.warns(DeprecationWarning, match="players=N"),
            pytest.raises(ValueError, match="Y-SET-1: 1 to 6 players"),
        ):
            yz.new_game(MEGA, players=bad)  # type: ignore[arg-type]


def test_faces_are_dice() -> None:
    # Y-SET-1: five six-sided dice
    for bad in ((0, 1, 2, 3, 4), (1, 2, 3, 4, 7), (1, 2, 3, 4, "5")):
        with pytest.raises(yz.IllegalActionError, match="Y-SET-1: a die shows 1 to 6"):
            yz.RollResult(bad)  # type: ignore[arg-type]
    with pytest.raises(yz.IllegalActionError, match="Y-SET-1: 1 to 5 dice are thrown, not 6"):
        yz.RollResult((1, 2, 3, 4, 5, 6))
    with pytest.raises(yz.IllegalActionError, match="Y-SET-1: faces must be a sequence"):
        yz.Roll(5)  # type: ignore[arg-type]
    assert yz.RollResult((3, 1, 2)) == yz.RollResult((1, 2, 3))


# --- bad input: always a ValueError, as in the Morpyam engine ----------------------------

NOT_STATES = [None, 5, "state", yz.Sheet(), mp.new_game(mp.Rules.classic())]


STATE_FUNCTIONS: list[tuple[Any, tuple[Any, ...]]] = [
    (yz.apply, (yz.Roll(),)),
    (yz.legal_actions, ()),
    (yz.chance_outcomes, ()),
    (yz.sample_chance, (random.Random(1),)),
    (yz.allowed_boxes, ()),
    (yz.box_points, (B.CHANCE,)),
    (yz.scores, ()),
]


@pytest.mark.parametrize("value", NOT_STATES, ids=lambda v: type(v).__name__)
@pytest.mark.parametrize(
    ("function", "args"), STATE_FUNCTIONS, ids=[f.__name__ for f, _ in STATE_FUNCTIONS]
)
def test_functions_refuse_what_is_not_a_state(
    function: Any, args: tuple[Any, ...], value: Any
) -> None:
    # each raised AttributeError before; the core engine says "expected a morpyam State";
    # the Morpyam state is named, with where to go
    if isinstance(value, mp.State):
        expected = (
            r"^expected a yahtzee State; this is a Morpyam state: "
            r"use (morpyam\.\w+|the functions of morpyam)$"
        )
    else:
        expected = r"^expected a yahtzee State, got \w+$"
    with pytest.raises(ValueError, match=expected):
        function(value, *args)


def test_sample_chance_needs_a_random_generator() -> None:
    in_air = yz.apply(yz.new_game(MEGA), yz.Roll())
    for rng in (None, 7, random):
        with pytest.raises(ValueError, match=r"rng must be a random\.Random"):
            yz.sample_chance(in_air, rng)  # type: ignore[arg-type]


def test_box_names_are_read_wherever_a_box_is() -> None:
    # Y-BOX-1: box_points, Sheet[...] and base_score read box names as Score("chance") does
    state = rolled(MEGA, (1, 3, 3, 5, 6), {B.CHANCE: 20})
    assert yz.box_points(state, "three of a kind") == 0
    assert yz.box_points(state, "threes") == 6
    assert state.sheet["chance"] == 20
    assert state.sheet["topscore"] is None
    assert yz.base_score("chance", (1, 3, 3, 5, 6)) == 18  # Y-BOX-7
    for bad in ("sevens", 3, None):
        with pytest.raises(yz.IllegalActionError, match="Y-BOX-1"):
            yz.box_points(state, bad)  # type: ignore[arg-type]
        with pytest.raises(yz.IllegalActionError, match="Y-BOX-1"):
            state.sheet[bad]  # type: ignore[index]
        with pytest.raises(yz.IllegalActionError, match="Y-BOX-1"):
            yz.base_score(bad, (1, 3, 3, 5, 6))  # type: ignore[arg-type]


def test_box_parse_refuses_what_is_not_text() -> None:
    # Y-BOX-1: its docstring promises a ValueError for anything that names no box
    for bad in (5, None, B.CHANCE):
        with pytest.raises(ValueError, match="Y-BOX-1: a box name is text"):
            B.parse(bad)  # type: ignore[arg-type]


def test_box_scores_and_is_yahtzee_refuse_what_are_not_dice() -> None:
    # Y-SET-1: five sorted faces from 1 to 6
    assert box_scores((1, 2, 3, 4, 5))[B.LARGE_STRAIGHT.index] == 40
    for bad in ((5, 4, 3, 2, 1), (1, 2, 3), [1, 2, 3, 4, 5], None):
        with pytest.raises(ValueError, match="Y-SET-1: five sorted faces"):
            box_scores(bad)  # type: ignore[arg-type]
    for not_dice in (None, 5):
        with pytest.raises(ValueError, match="Y-SET-1: dice are a sequence"):
            is_yahtzee(not_dice)  # type: ignore[arg-type]


def test_a_two_player_two_game_sheet() -> None:
    # Y-END-1: games one after the other, everyone finishing one before the next; grand total
    state = yz.new_game(MEGA2, games=2)
    order = []
    for _ in range(2 * 2 * 13):
        order.append((state.game, state.player))
        dice = (6, 6, 6, 6, 5) if state.player == 0 else (1, 2, 3, 4, 6)
        state = turn(state, dice, state.sheet.open_boxes[0])
    assert order == [(game, p) for game in (0, 1) for _ in range(13) for p in (0, 1)]
    assert state.is_terminal
    assert state.current_player is None
    # a game of player 0: 5 fives + 24 sixes + 29 in 3K, 4K and chance = 116;
    # of player 1: 1 + 2 + 3 + 4 + 6 upper + 30 small straight + 16 chance = 62
    assert [sheet.total for sheet in state.sheets[0]] == [116, 116]
    assert [sheet.total for sheet in state.sheets[1]] == [62, 62]
    assert yz.scores(state) == (232, 124)
    assert state.winners == {0}
    assert yz.legal_actions(state) == ()
    with pytest.raises(yz.IllegalActionError, match="Y-END-1: the game is over"):
        yz.apply(state, yz.Roll())


def test_tied_players_share_the_win() -> None:
    # Y-END-1
    state = yz.new_game(MEGA2)
    assert state.winners == frozenset()
    while not state.is_terminal:
        state = turn(state, (1, 2, 3, 4, 6), state.sheet.open_boxes[0])
    assert yz.scores(state) == (62, 62)
    assert state.winners == {0, 1}


# --- random play through the API ---------------------------------------------------------

RULES_KNOBS = st.builds(
    yz.Rules,
    upper_bonus=st.sampled_from([0, 35]),
    bonus_threshold=st.sampled_from([1, 40, 63, 104, 120]),
    bonus_comparison=st.sampled_from([">=", ">"]),
    yahtzee_bonus=st.sampled_from([0, 100]),
    joker=st.sampled_from(["none", "forced", "free"]),
)


def candidates(state: yz.State) -> list[yz.Action]:
    """Actions to try here: every box, every keep of the dice, and some outcomes."""
    tried: list[yz.Action] = [yz.Score(box) for box in yz.BOXES]
    tried += [yz.Roll(keep) for keep in keep_options(state.dice or (1, 2, 3, 4, 5))]
    tried += [yz.RollResult((1,) * k) for k in range(1, 6)]
    return tried


@settings(max_examples=examples(25))
@given(
    rules=RULES_KNOBS,
    players=st.integers(1, 3),
    games=st.integers(1, 2),
    seed=st.integers(0, 2**32),
)
def test_random_play_invariants(rules: yz.Rules, players: int, games: int, seed: int) -> None:
    rng = random.Random(seed)
    state = yz.new_game(attrs.evolve(rules, players=players), games=games)
    scored_boxes = 0
    rolls_this_turn = 0
    while not state.is_terminal:
        before = hash(state)
        legal = yz.legal_actions(state)
        if state.is_chance:
            outcomes = yz.chance_outcomes(state)
            assert sum(p for _, p in outcomes) == Fraction(1)
            assert [a for a, _ in outcomes] == list(legal)
            action: yz.Action = yz.sample_chance(state, rng)
            assert action in legal
        else:
            assert state.current_player == state.player
            for tried in candidates(state):  # the legal set is exact
                if tried in legal:
                    yz.apply(state, tried)
                else:
                    with pytest.raises(yz.IllegalActionError):
                        yz.apply(state, tried)
            action = rng.choice(legal)
        after = yz.apply(state, action)
        assert hash(state) == before  # states never change
        if isinstance(action, yz.Roll):
            rolls_this_turn += 1
            assert rolls_this_turn <= 3  # Y-TURN-1
        if isinstance(action, yz.Score):
            scored_boxes += 1
            rolls_this_turn = 0
            sheet = after.sheets[state.player][state.game]
            assert sheet.filled.bit_count() == state.sheet.filled.bit_count() + 1  # Y-TURN-2
        state = after
    assert scored_boxes == 13 * players * games  # Y-BOX-1, Y-END-1
    for column in state.sheets:
        for sheet in column:
            assert sheet.is_full
            assert sheet.open_boxes == ()
            boxes = [p for p in sheet.boxes if p is not None]
            assert sheet.total == sum(boxes) + sheet.upper_bonus + sheet.yahtzee_bonus
            earned = sheet.upper_sum >= rules.bonus_target  # Y-BONUS-1
            assert sheet.upper_bonus == (rules.upper_bonus if earned else 0)
            assert sheet.yahtzee_bonus % 100 == 0
            if sheet[B.YAHTZEE] != 50 or not rules.yahtzee_bonus:
                assert sheet.yahtzee_bonus == 0  # Y-BONUS-2
    assert yz.scores(state) == tuple(sum(s.total for s in column) for column in state.sheets)
    assert max(yz.scores(state)) == yz.scores(state)[min(state.winners)]


# --- notation, rules and sheets --------------------------------------------------------------


@pytest.mark.parametrize(
    "action",
    [
        yz.Roll(),
        yz.Roll((6, 6)),
        yz.Roll((1, 2, 3, 4)),
        yz.RollResult((1, 2, 5)),
        yz.RollResult((6, 6, 6, 6, 6)),
        *(yz.Score(box) for box in yz.BOXES),
    ],
    ids=str,
)
def test_notation_round_trip(action: yz.Action) -> None:
    assert yz.parse_action(str(action)) == action
    assert yz.parse_action(str(action).upper()) == action


@pytest.mark.parametrize(
    ("text", "column", "reason"),
    [
        ("", 1, "an action is expected"),
        ("jump", 1, "'jump' is not an action"),
        ("roll 6 6", 6, "'keep' expected"),
        ("roll keep", 10, "faces to keep expected"),
        ("roll keep 6 7", 13, "'7' is not a die face"),
        ("roll keep 1 2 3 4 5", 1, "at most 4 dice"),
        ("dice", 5, "die faces expected"),
        ("dice 1 x", 8, "'x' is not a die face"),
        ("score", 6, "a box expected"),
        ("score  sevens", 8, "'sevens' is not a box"),
    ],
)
def test_notation_errors(text: str, column: int, reason: str) -> None:
    with pytest.raises(NotationError, match=reason) as caught:
        yz.parse_action(text)
    assert caught.value.column == column
    with pytest.raises(NotationError, match="an action is text"):
        yz.parse_action(3)  # type: ignore[arg-type]


def test_parse_reads_box_names_in_words() -> None:
    assert yz.parse_action("score full house") == yz.Score(B.FULL_HOUSE)
    assert yz.parse_action("  Score TOPSCORE ") == yz.Score(B.YAHTZEE)


@pytest.mark.parametrize(
    ("change", "message"),
    [
        ({"joker": "wild"}, "Y-JOKER-1: Rules.joker must be one of"),
        ({"bonus_comparison": "=="}, "Y-BONUS-1: Rules.bonus_comparison"),
        ({"upper_bonus": -1}, "upper_bonus must be an int >= 0"),
        ({"bonus_threshold": 0}, "bonus_threshold must be an int >= 1"),
        ({"yahtzee_bonus": 1.5}, "yahtzee_bonus must be an int >= 0"),
    ],
)
def test_rules_refuse_bad_knobs(change: dict[str, Any], message: str) -> None:
    with pytest.raises(ValueError, match=message):
        attrs.evolve(HASBRO, **change)


def test_presets_are_the_documented_knobs() -> None:
    # Y-BONUS-1, Y-BONUS-2, Y-JOKER-1: the Megawürfel sheet and Hasbro's rules;
    # Y-BOX-8, Y-SET-1: both keep the library's readings (any 0 at any roll, 1 to 6 players),
    # solitaire unless told
    assert attrs.astuple(MEGA) == (1, 35, 63, ">", 0, "none", False, 1, 6)
    assert attrs.astuple(HASBRO) == (1, 35, 63, ">=", 100, "forced", False, 1, 6)
    assert yz.JOKERS == ("none", "forced", "free")


def test_sheets_check_their_values() -> None:
    sheet = sheet_with({B.ONES: 3, B.SIXES: 18, B.CHANCE: 22})
    assert (sheet.upper_sum, sheet.lower_sum, sheet.total) == (21, 22, 43)
    assert sheet[B.TWOS] is None
    assert not sheet.is_full
    assert len(sheet.open_boxes) == 10
    assert sheet == attrs.evolve(sheet)
    for bad in ((None,) * 12, [None] * 13, (None,) * 12 + (-1,)):
        with pytest.raises(ValueError, match="Y-BOX-1: a sheet holds 13 boxes"):
            yz.Sheet(bad)  # type: ignore[arg-type]
    with pytest.raises(ValueError, match=r"Sheet.upper_bonus must be an int >= 0"):
        yz.Sheet(upper_bonus=-35)


def test_every_rule_of_the_docs_is_named_in_a_test() -> None:
    docs = Path(__file__).resolve().parent.parent / "docs" / "rules.md"
    rules = re.findall(r"^- \*\*(Y-[A-Z]+-\d+)\*\*", docs.read_text(encoding="utf-8"), re.M)
    assert len(rules) == 15
    tests = "\n".join(
        path.read_text(encoding="utf-8") for path in Path(__file__).parent.glob("test_yahtzee*.py")
    )
    for rule in rules:
        assert re.search(rf"#.*\b{rule}(?![-\w])", tests), f"no test names {rule} in a comment"
