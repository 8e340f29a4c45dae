"""The program that follows every copy (`morpyam.myrummy.solve._copies`), checked against brute force
and against the dynamic program: one optimum, and every table it builds accepted by the judge;
and the positions where the relaxation's optimum is not legal, each with its recorded optimum.
"""

from __future__ import annotations

import json
from collections import Counter
from pathlib import Path

import attrs
import pytest
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st
from hypothesis_profiles import examples
from test_myrummy_paths import points_first, score, set_brute_best, set_positions
from test_myrummy_solver import brute_best, objective, positions

import morpyam.myrummy as mr
from morpyam.myrummy import strategies as rst
from morpyam.myrummy.core._judge import judge_play
from morpyam.myrummy.core._tiles import KINDS, TILES, counts
from morpyam.myrummy.solve import _methods as best
from morpyam.myrummy.solve import _relaxation as dp

SLOW_POSITIONS = Path(__file__).parent / "data" / "myrummy-slow"


def slow_ok(count: int) -> settings:
    return settings(
        max_examples=examples(count), deadline=None, suppress_health_check=[HealthCheck.too_slow]
    )


def copies_table(state: mr.State, points: bool = False) -> tuple[mr.Meld, ...] | None:
    """The program's best table for the player on turn; it must be one the judge accepts."""
    rack = counts(state.racks[state.player])
    found = best._copies_table(state, [0] * KINDS, rack, points, floor=0)
    assert found is not best._UNSETTLED, "the judge refused the program's table"
    assert found is None or isinstance(found, tuple)
    return found


def followed(state: mr.State) -> bool:
    """Whether the program is the one for this position: a laid-out player, with "three must
    stay" on or a joker on the table."""
    player = state.current_player
    return player is not None and best._copies_help(state)


@pytest.mark.slow  # the small sets' version runs in the quick session
@slow_ok(60)
@given(positions())
def test_the_program_agrees_with_brute_force(state: mr.State) -> None:
    # R-RUM-RE-2, R-RUM-JOK-2, R-RUM-JOK-3: every legal table listed and judged, the best kept
    assume(followed(state))
    found = copies_table(state)
    expected = brute_best(state)
    assert (None if found is None else objective(state, mr.Play(found))) == expected


@pytest.mark.slow
@slow_ok(60)
@given(positions(both_jokers=True))
def test_the_program_agrees_with_brute_force_with_both_jokers_on_the_table(
    state: mr.State,
) -> None:
    # R-RUM-JOK-3: a joker that stays may have the other joker of its old combination beside it
    assume(followed(state))
    found = copies_table(state)
    expected = brute_best(state)
    assert (None if found is None else objective(state, mr.Play(found))) == expected


def check_against_dp(state: mr.State, goal: str) -> None:
    first = goal == "points"
    got = score(state, copies_table(state, first))
    expected = score(state, dp.best_table(state, points_first=first))
    if first:
        got, expected = points_first(got), points_first(expected)
    assert got == expected


@slow_ok(150)
@given(rst.positions(max_rack=8, max_melds=9), st.sampled_from(["tiles", "points"]))
def test_the_program_agrees_with_the_dynamic_program(state: mr.State, goal: str) -> None:
    # R-RUM-RE-2, R-RUM-JOK-3: every knob, both objectives
    assume(followed(state))
    check_against_dp(state, goal)


@pytest.mark.slow
@slow_ok(1000)
@given(rst.positions(max_rack=10, max_melds=12), st.sampled_from(["tiles", "points"]))
def test_the_program_agrees_with_the_dynamic_program_on_a_thousand_positions(
    state: mr.State, goal: str
) -> None:
    # R-RUM-RE-2, R-RUM-JOK-3: as above, on bigger tables
    assume(followed(state))
    check_against_dp(state, goal)


@pytest.mark.slow
@slow_ok(400)
@given(st.one_of(positions(), positions(both_jokers=True)))
def test_the_program_agrees_with_brute_force_on_hundreds_of_positions(state: mr.State) -> None:
    # R-RUM-RE-2, R-RUM-JOK-3: as the brute-force checks above, many more positions
    assume(followed(state))
    found = copies_table(state)
    expected = brute_best(state)
    assert (None if found is None else objective(state, mr.Play(found))) == expected


@st.composite
def within_cases(draw: st.DrawFn) -> tuple[mr.State, list[int], list[int]]:
    state = draw(rst.positions(max_rack=8, max_melds=8))
    assume(followed(state))
    rack = counts(state.racks[state.player])
    must = [draw(st.integers(0, count)) if count else 0 for count in rack]
    may = [draw(st.integers(0, count - m)) if count - m else 0 for count, m in zip(rack, must)]
    return state, must, may


@slow_ok(150)
@given(within_cases())
def test_the_program_agrees_on_plays_within(case: tuple[mr.State, list[int], list[int]]) -> None:
    # R-RUM-RE-2, R-RUM-JOK-3: the tiles that must and may be laid
    state, must, may = case
    floor = -1 if any(must) else 0
    found = best._copies_table(state, must, may, False, floor)
    assert found is not best._UNSETTLED
    assert found is None or isinstance(found, tuple)
    assert score(state, found) == score(state, dp.best_table_within(state, must, may))
    if found is not None:
        rack_after, _ = judge_play(state.rules, state.table, state.racks[state.player], True, found)
        laid = Counter(state.racks[state.player]) - Counter(rack_after)
        for kind in range(KINDS):
            assert must[kind] <= laid[TILES[kind]] <= must[kind] + may[kind]


def slow_position(name: str) -> tuple[mr.State, tuple[int, int]]:
    """A recorded position and the score (tiles, points) of its recorded optimal play."""
    data = json.loads((SLOW_POSITIONS / name).read_text(encoding="utf-8"))
    state = mr.state_from_json(data["state"])
    if data["play"] is None:
        return state, (0, 0)
    play = mr.parse_action(data["play"])
    assert isinstance(play, mr.Play)
    return state, objective(state, play)


def slow_names() -> list[str]:
    return sorted(path.name for path in SLOW_POSITIONS.glob("*.json"))


def test_the_recorded_positions_are_there() -> None:
    assert len(slow_names()) == 18


@pytest.mark.parametrize("name", slow_names())
def test_a_position_where_the_relaxation_is_not_legal_gets_its_optimum(name: str) -> None:
    # R-RUM-RE-2, R-RUM-JOK-3: each relaxation optimum breaks a rule; the recorded optimum was
    # found by two exact methods that agreed (the dynamic program's search and a constraint model)
    state, expected = slow_position(name)
    play = mr.best_play(state)
    assert ((0, 0) if play is None else objective(state, play)) == expected
    found = copies_table(state)
    assert ((0, 0) if found is None else objective(state, mr.Play(found))) == expected


def test_a_three_tile_combination_stays_whole_or_scatters() -> None:
    # R-RUM-RE-2: {pu3 gn3 bk3} would take bk3 from [bk3 bk4 bk5] and leave bk4 and bk5
    # together without a third ([bk4 bk5 bk6 bk7 bk8]); the relaxation lays both tiles so,
    # no legal play lays either
    state = mr.position(
        mr.Rules.classic(),
        racks=[mr.parse_tiles("pu3 gn3 gy13"), ()],
        table=[mr.parse_meld("[bk3 bk4 bk5]"), mr.parse_meld("[bk6 bk7 bk8]")],
        opened=[0, 1],
    )
    assert dp.relaxed_optimum(state) == (2, 6)
    assert copies_table(state) is None
    assert mr.best_play(state) is None
    free = attrs.evolve(state, rules=attrs.evolve(state.rules, min_stay=None))
    assert objective(free, mr.best_play(free)) == (2, 6)  # type: ignore[arg-type]


def test_a_group_joker_stays_in_a_run_beside_the_other_joker_of_its_group() -> None:
    # R-RUM-JOK-3: of {bk8 J J}, one joker is replaced by gn8 and moves; the other may stay in
    # a run as purple 8 with the first beside it (its witness), so six tiles can be laid
    rules = attrs.evolve(mr.Rules.classic(), min_stay=4)
    state = mr.position(
        rules,
        racks=[mr.parse_tiles("pu1 pu2 pu5 pu7 bk2 bk6 bk13 gy10"), ()],
        table=[
            mr.parse_meld("[pu3 pu4 pu5 pu6 pu7]"),
            mr.parse_meld("[bk3 bk4 bk5 bk6 bk7]"),
            mr.parse_meld("[gn5 gn6 gn7 gn8]"),
            mr.parse_meld("[gn5 gn6 gn7 gn8 gn9 gn10 gn11]"),
            mr.parse_meld("{bk8 J J}"),
        ],
        opened=[0, 1],
    )
    found = copies_table(state)
    assert found is not None
    assert objective(state, mr.Play(found)) == (6, 23)  # pu1 pu2 pu5 pu7 bk2 bk6


def test_a_joker_of_a_run_with_two_jokers_stays_beside_a_tile_of_its_run() -> None:
    # R-RUM-JOK-3: [pu6 pu7 pu8 pu9 J] keeps its joker (no pu10 anywhere); [J pu2 pu3] gives
    # its joker up for pu1, and that joker goes on the first run as pu11
    rules = attrs.evolve(mr.Rules.classic(), min_stay=4)
    state = mr.position(
        rules,
        racks=[mr.parse_tiles("pu1"), ()],
        table=[mr.parse_meld("[pu6 pu7 pu8 pu9 J]"), mr.parse_meld("[J pu2 pu3]")],
        opened=[0, 1],
    )
    found = copies_table(state)
    assert found is not None
    assert objective(state, mr.Play(found)) == (1, 1)


@slow_ok(60)
@given(set_positions(tied=True))
def test_the_program_agrees_with_brute_force_on_small_sets(state: mr.State) -> None:
    # R-RUM-SET-1, R-RUM-MELD-1, R-RUM-MELD-2: runs within the set's values, groups within its
    # colours, a group's joker standing for a colour of the set; the best legal table kept
    assume(followed(state))
    found = copies_table(state)
    assert score(state, found) == set_brute_best(state)


@slow_ok(60)
@given(set_positions(max_melds=5, max_rack=8, tied=True), st.sampled_from(["tiles", "points"]))
def test_the_program_agrees_with_the_dynamic_program_on_small_sets(
    state: mr.State, goal: str
) -> None:
    # R-RUM-SET-1, R-RUM-MELD-1, R-RUM-MELD-2: as above, bigger tables, both objectives
    assume(followed(state))
    check_against_dp(state, goal)


@st.composite
def set_within_cases(draw: st.DrawFn) -> tuple[mr.State, list[int], list[int]]:
    state = draw(set_positions(max_melds=4, max_rack=7, tied=True))
    assume(followed(state))
    rack = counts(state.racks[state.player])
    must = [draw(st.integers(0, count)) if count else 0 for count in rack]
    may = [draw(st.integers(0, count - m)) if count - m else 0 for count, m in zip(rack, must)]
    return state, must, may


@slow_ok(60)
@given(set_within_cases())
def test_the_program_agrees_on_plays_within_on_small_sets(
    case: tuple[mr.State, list[int], list[int]],
) -> None:
    # R-RUM-SET-1, R-RUM-MELD-1, R-RUM-MELD-2: the tiles that must and may be laid
    state, must, may = case
    floor = -1 if any(must) else 0
    found = best._copies_table(state, must, may, False, floor)
    assert found is not best._UNSETTLED
    assert found is None or isinstance(found, tuple)
    assert score(state, found) == score(state, dp.best_table_within(state, must, may))


def test_a_joker_finds_no_place_in_a_small_set() -> None:
    # R-RUM-SET-1, R-RUM-MELD-1, R-RUM-MELD-2: values 1 to 3 and three colours, three must
    # stay. Three of the four tiles can be laid, [J gn2 gn3] (the joker gn1, 2 + 3 and the
    # joker's 5 penalty points) beating [gn1 gn2 gn3] (6); not all four: no run goes past 3
    # or below 1, and a group ({pu1 bk1 gn1} ..., the runs scattered) holds at most three
    # tiles. In the box the joker goes on a run as well (4 tiles).
    rules = attrs.evolve(mr.Rules.mini(), min_stay=3)
    state = mr.position(
        rules,
        racks=[mr.parse_tiles("gn1 gn2 gn3 J"), ()],
        table=[mr.parse_meld("[pu1 pu2 pu3]"), mr.parse_meld("[bk1 bk2 bk3]")],
        opened=[0, 1],
    )
    assert followed(state)
    found = copies_table(state)
    assert score(state, found) == (3, 2 + 3 + rules.joker_penalty)
    box = attrs.evolve(state, rules=attrs.evolve(mr.Rules.classic(), min_stay=3))
    found = copies_table(box)
    assert score(box, found) == (4, 6 + box.rules.joker_penalty)


def test_a_table_joker_at_the_top_of_a_small_set_has_nowhere_to_go() -> None:
    # R-RUM-SET-1, R-RUM-MELD-2, R-RUM-JOK-3: values 1 to 3. pu3 from the rack may take the
    # joker's place in [pu1 pu2 J], but the joker must then lie in a combination: not as pu4
    # (the set has no 4) nor pu0, and no group of the tiles at hand takes it. So nothing can be
    # laid; in the box, [pu1 pu2 pu3 J] lays pu3.
    rules = attrs.evolve(mr.Rules.mini(), min_stay=3)
    state = mr.position(
        rules,
        racks=[mr.parse_tiles("pu3"), ()],
        table=[mr.parse_meld("[pu1 pu2 J]")],
        opened=[0, 1],
    )
    assert followed(state)
    assert copies_table(state) is None
    assert dp.best_table(state) is None
    box = attrs.evolve(state, rules=attrs.evolve(mr.Rules.classic(), min_stay=3))
    assert score(box, copies_table(box)) == (1, 3)
