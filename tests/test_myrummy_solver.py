"""MyRummy's plays and solver: legal, complete against brute force, optimal against an ILP."""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterator
from itertools import combinations, product
from unittest import mock

import attrs
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from hypothesis_profiles import examples

import morpyam.myrummy as mr
from morpyam.errors import IllegalActionError
from morpyam.myrummy.core._melds import misfit, sort_table
from morpyam.myrummy.core._tiles import JOKER_INDEX, TILES, counts
from morpyam.myrummy.solve import _ilp as ilp
from morpyam.myrummy.solve import _methods as solver_paths
from morpyam.myrummy.solve._ilp import free_optimum, optimum, patterns
from morpyam.myrummy.solve._plays import _branch_and_bound, best_play_within, tables
from morpyam.myrummy.solve._relaxation import ActualMove, LensMove, _within, relaxed_optimum

FREE = attrs.evolve(mr.Rules.classic(), min_stay=None, handrummy=False)
CLASSIC = mr.Rules.classic()
HAND = mr.Rules.classic(handrummy=True)
STAY4 = attrs.evolve(CLASSIC, min_stay=4)


def objective(state: mr.State, play: mr.Play) -> tuple[int, int]:
    after = mr.apply(state, play)
    before_rack = state.racks[state.player]
    rest = after.racks[state.player] if not after.is_terminal else ()
    if after.round != state.round:
        rest = ()
    laid = Counter(before_rack) - Counter(rest)
    return sum(laid.values()), mr.rack_points(state.rules, laid.elements())


def all_melds(tiles: Counter[mr.Tile], rules: mr.Rules = CLASSIC) -> list[mr.Meld]:
    """Every run and group that the multiset ``tiles`` can hold, built from scratch; only those
    that fit the tile set of ``rules`` (R-RUM-SET-1: ``misfit``)."""
    found: set[mr.Meld] = set()
    jokers = tiles[mr.JOKER]
    for size in (3, 4):
        for value in range(1, 14):
            real = [t for t in tiles if t.value == value and not t.is_joker]
            for r in range(1, size + 1):
                for chosen in combinations(sorted(real), r):
                    if size - r <= jokers:
                        found.add(mr.Group((*chosen, *(mr.JOKER,) * (size - r))))
    for colour in mr.Colour:
        for start in range(1, 12):
            for length in range(3, 15 - start):
                need = [mr.Tile(colour, start + i) for i in range(length)]
                missing = [t for t in need if not tiles[t]]
                if len(missing) > jokers:
                    continue
                for extra in range(0, jokers - len(missing) + 1):
                    present = [t for t in need if tiles[t]]
                    for swap in combinations(present, extra):
                        run = [mr.JOKER if (t in missing or t in swap) else t for t in need]
                        if any(not t.is_joker for t in run):
                            found.add(mr.Run(run))
    fitting = [meld for meld in found if misfit(meld, rules.colours, rules.values) is None]
    return sorted(fitting, key=lambda meld: meld.key)


def brute_tables(
    tiles: Counter[mr.Tile], table: Counter[mr.Tile], rules: mr.Rules = CLASSIC
) -> Iterator[tuple[mr.Meld, ...]]:
    """Every multiset of melds using all of ``table`` and part of ``tiles`` (tiles ⊇ table),
    of melds that fit the tile set of ``rules``."""
    melds = all_melds(tiles, rules)

    def search(
        at: int, left: Counter[mr.Tile], chosen: list[mr.Meld]
    ) -> Iterator[tuple[mr.Meld, ...]]:
        used = tiles - left
        if not table - used:
            yield tuple(chosen)
        for index in range(at, len(melds)):
            meld = melds[index]
            need = Counter(meld.tiles)
            if not need - left:
                chosen.append(meld)
                yield from search(index, left - need, chosen)
                chosen.pop()

    yield from search(0, Counter(tiles), [])


def brute_best(state: mr.State) -> tuple[int, int] | None:
    table = Counter(tile for meld in state.table for tile in meld.tiles)
    tiles = table + Counter(state.racks[state.player])
    best = None
    for melds in brute_tables(tiles, table, state.rules):
        try:
            score = objective(state, mr.Play(melds))
        except IllegalActionError:
            continue
        if best is None or score > best:
            best = score
    return best


def brute_plays(state: mr.State) -> set[mr.Play]:
    """Every legal play of player 0: every table of the tiles at hand, judged."""
    table = Counter(tile for meld in state.table for tile in meld.tiles)
    tiles = table + Counter(state.racks[0])
    legal = set()
    for melds in brute_tables(tiles, table, state.rules):
        try:
            mr.apply(state, mr.Play(melds))
        except IllegalActionError:
            continue
        legal.add(mr.Play(melds))
    return legal


@st.composite
def positions(
    draw: st.DrawFn,
    *,
    jokers_on_table: bool = True,
    max_rack: int = 6,
    both_jokers: bool = False,
    from_rack: bool = False,
) -> mr.State:
    """Small random positions; with ``both_jokers``, both jokers lie in the table's first
    combinations (so none is left for the rack); with ``from_rack``, under
    ``Rules.joker_from_rack``."""
    usable = [p for p in patterns() if jokers_on_table or JOKER_INDEX not in p[0]]
    chosen = draw(st.lists(st.sampled_from(usable), max_size=3))
    if both_jokers:
        jokered = [p for p in usable if JOKER_INDEX in p[0]]
        first = draw(st.sampled_from(jokered))
        if first[0].count(JOKER_INDEX) == 1:
            chosen.insert(0, draw(st.sampled_from(jokered)))
        chosen.insert(0, first)
    used = [0] * 53
    melds: list[mr.Meld] = []
    for kinds, points in chosen:
        if all(used[k] + kinds.count(k) <= 2 for k in set(kinds)):
            for k in kinds:
                used[k] += 1
            melds.append(_meld(kinds, points))
    rack_kinds = list(draw(st.sampled_from(usable))[0])[: draw(st.integers(1, 5))]
    for meld in melds:  # tiles that fit at the ends of table runs, or in table groups
        ends = [k for k in range(52) if TILES[k].colour in {t.colour for t in meld.tiles}]
        rack_kinds += draw(st.lists(st.sampled_from(ends), max_size=1))
    rack_kinds += draw(st.lists(st.integers(0, 52), max_size=2))
    rack_kinds = rack_kinds[:max_rack]
    rack = []
    for k in rack_kinds:
        if used[k] < 2:
            used[k] += 1
            rack.append(TILES[k])
    opened = draw(st.booleans())
    rules = draw(st.sampled_from([CLASSIC, FREE, HAND, STAY4]))
    if from_rack:
        rules = attrs.evolve(rules, joker_from_rack=True)
    return mr.position(rules, racks=[rack, ()], table=melds, opened=[0, 1] if opened else [1])


def _meld(kinds: tuple[int, ...], points: int) -> mr.Meld:
    """The run or group of an ILP pattern (one tile and two jokers can be either)."""
    tiles = [TILES[k] for k in kinds]
    for kind in (mr.Run, mr.Group):
        try:
            meld = kind(tiles)
        except IllegalActionError:
            continue
        if meld.points == points:
            return meld
    raise AssertionError(f"no meld for {kinds}")


@pytest.mark.slow
@settings(max_examples=examples(60), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(positions())
def test_solver_agrees_with_brute_force(state: mr.State) -> None:
    # R-RUM-OPEN-1, R-RUM-RE-2, R-RUM-JOK-3: the best play is optimal and legal
    best = mr.best_play(state)
    expected = brute_best(state)
    if best is None:
        assert expected is None
    else:
        assert objective(state, best) == expected
    found = set()
    for play in mr.plays(state):
        assert play not in found
        found.add(play)
        mr.apply(state, play)  # every play listed is accepted
    assert found == brute_plays(state)


@pytest.mark.slow  # a brute-force cross-check on the box's tiles
@settings(max_examples=examples(60), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.one_of(positions(from_rack=True), positions(both_jokers=True, from_rack=True)))
def test_best_play_takes_the_jokers_right_tile_from_the_rack(state: mr.State) -> None:
    # R-RUM-JOK-2 (Rules.joker_from_rack), R-RUM-JOK-3: the best play is optimal under the
    # stricter reading, whichever method found it, and every legal table is listed once
    expected = brute_best(state)
    best = mr.best_play(state)
    assert (None if best is None else objective(state, best)) == expected
    with mock.patch.object(solver_paths, "BUDGET", 0):  # the integer program, then the copies
        best = mr.best_play(state)
    assert (None if best is None else objective(state, best)) == expected
    listed = list(mr.plays(state))
    assert len(set(listed)) == len(listed)
    assert set(listed) == brute_plays(state)


def test_a_table_tile_that_replaced_the_joker_sends_the_search_on() -> None:
    # R-RUM-JOK-2 (Rules.joker_from_rack), R-RUM-JOK-3: by hand, both jokers stand for gn6;
    # under the default reading the rack's gn6 replaces one and the long run's the other, so
    # both jokers lay with pu1 pu2 and bk1 bk2 (5 tiles, 12 points); with the tile from the
    # rack only one joker moves (3 tiles: gn6, then {pu2 bk2 J}, 10 points). The copy
    # program reads the joker the default way, its table is refused, and the relaxation's
    # search decides
    state = mr.position(
        CLASSIC,
        racks=[mr.parse_tiles("gn6 pu1 pu2 bk1 bk2"), mr.parse_tiles("gy1")],
        table=[
            mr.parse_meld("[gn4 gn5 J]"),
            mr.parse_meld("[gn4 gn5 J]"),
            mr.parse_meld("[gn6 gn7 gn8 gn9]"),
        ],
        opened=[0],
    )
    assert objective(state, mr.best_play(state)) == (5, 12)  # type: ignore[arg-type]
    strict = attrs.evolve(state, rules=attrs.evolve(CLASSIC, joker_from_rack=True))
    rack = counts(strict.racks[0])
    found = solver_paths._copies_table(strict, [0] * 53, rack, False, floor=0)
    assert found is solver_paths._UNSETTLED
    assert objective(strict, mr.best_play(strict)) == (3, 10)  # type: ignore[arg-type]
    with mock.patch.object(solver_paths, "BUDGET", 0):
        assert objective(strict, mr.best_play(strict)) == (3, 10)  # type: ignore[arg-type]
    assert max(objective(strict, play) for play in mr.plays(strict)) == (3, 10)


@pytest.mark.slow
@settings(max_examples=examples(60), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(positions(jokers_on_table=False, max_rack=10))
def test_solver_agrees_with_the_ilp(state: mr.State) -> None:
    # R-RUM-LAY-1, R-RUM-RE-1: with free rearranging and no table joker, the ILP optimum
    state = attrs.evolve(state, rules=FREE)
    best = mr.best_play(state)
    rack = counts(state.racks[0])
    if state.opened[0]:
        table = counts(tile for meld in state.table for tile in meld.tiles)
        expected = free_optimum(table, rack, FREE.joker_penalty)
        if expected == (0, 0):
            expected = None
    else:
        expected = free_optimum([0] * 53, rack, FREE.joker_penalty, opening=FREE.opening_points)
    got = None if best is None else objective(state, best)
    assert got == expected


def test_solver_goes_out_when_it_can() -> None:
    # R-RUM-END-1: going out beats any other play
    state = mr.position(
        CLASSIC,
        racks=[mr.parse_tiles("gn7 gy3"), ()],
        table=(mr.parse_meld("[gn4 gn5 gn6]"), mr.parse_meld("{pu3 bk3 gn3}")),
        opened=[0],
    )
    best = mr.best_play(state)
    assert best is not None
    assert mr.apply(state, best).is_terminal


def test_no_play_at_a_chance_node() -> None:
    # R-RUM-SET-2: nobody plays while tiles are dealt
    state = mr.new_game(CLASSIC, first_player=0)
    assert mr.best_play(state) is None
    assert list(mr.plays(state)) == []


def test_ilp_patterns() -> None:
    # R-RUM-MELD-1, R-RUM-MELD-2: the ILP's patterns are valid combinations
    for kinds, points in patterns():
        assert _meld(kinds, points).points == points


@pytest.mark.parametrize("opening", [None, 30])
def test_ilp_infeasible(opening: int | None) -> None:
    # R-RUM-RE-3: a table that cannot be kept has no optimum
    table = [0] * 53
    if opening is None:
        table[0] = 1  # a lone purple 1 on the table
    rack = [0] * 53
    rack[5] = 1
    assert free_optimum(table, rack, 25, opening) is None


LAY_OFF = attrs.evolve(CLASSIC, lay_off_in_opening_turn=True)


def ilp_optimum(state: mr.State) -> tuple[int, int] | None:
    """The ILP's optimum of the dynamic program's relaxation, for the player on turn."""
    rules = state.rules
    rack = counts(state.racks[state.player])
    if state.opened[state.player]:
        table = counts(tile for meld in state.table for tile in meld.tiles)
        found = optimum(table, rack, rules.joker_penalty, before=state.table)
    else:
        found = optimum(
            [0] * 53,
            rack,
            rules.joker_penalty,
            opening=rules.opening_points,
            handrummy=rules.handrummy,
        )
    return None if found in (None, (0, 0)) else found


@pytest.mark.slow
@settings(max_examples=examples(80), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(positions(max_rack=10))
def test_dp_bound_agrees_with_the_ilp(state: mr.State) -> None:
    # R-RUM-JOK-3, R-RUM-OPEN-1, R-RUM-VAR-HAND: the program's relaxation, solved two ways
    assert relaxed_optimum(state) == ilp_optimum(state)


@settings(max_examples=examples(80), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(positions(max_rack=8), st.booleans())
def test_best_play_agrees_with_the_exhaustive_search(state: mr.State, points_first: bool) -> None:
    # R-RUM-RE-2, R-RUM-JOK-3, R-RUM-OPEN-1: two exact solvers, one optimum
    best = mr.best_play(state, points_first=points_first)
    other = _branch_and_bound(state, points_first)
    if best is None:
        assert other is None
        return
    assert other is not None
    mr.apply(state, best)
    bound = relaxed_optimum(state)
    assert bound is not None
    assert objective(state, best) <= bound
    if not points_first:
        assert objective(state, best) == objective(state, other)
    else:
        assert objective(state, best)[::-1] == objective(state, other)[::-1]


@settings(max_examples=examples(80), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(positions(max_rack=8, both_jokers=True))
def test_best_play_with_both_jokers_on_the_table_agrees_with_the_exhaustive_search(
    state: mr.State,
) -> None:
    # R-RUM-JOK-3, R-RUM-RE-2: with every joker placed, the search judges the old combinations
    # with a joker as soon as their values are done; it must cut no legal table
    best = mr.best_play(state)
    other = _branch_and_bound(state, False)
    assert (None if best is None else objective(state, best)) == (
        None if other is None else objective(state, other)
    )


@settings(max_examples=examples(40), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(positions(max_rack=6))
def test_opening_that_lays_off_agrees_with_brute_force(state: mr.State) -> None:
    # R-RUM-OPEN-3: with laying off in the opening turn, the exhaustive search's play is best
    state = attrs.evolve(state, rules=LAY_OFF)
    best = mr.best_play(state)
    expected = brute_best(state)
    assert (None if best is None else objective(state, best)) == expected


@pytest.mark.parametrize(
    ("rack", "table", "expected"),
    [
        # the joker is green 7: it cannot go to bk10 bk11 before a gn7 replaces it
        ("gn4 bk10 bk11", ["[gn5 gn6 J]"], "play [gn4 gn5 gn6 J]"),
        # the joker is purple or grey 9: bk8 bk10 cannot take it
        ("bk8 bk10 gn1", ["{bk9 gn9 J}"], None),
        # with a grey 9 it is replaced and moves on: [bk8 J bk10]
        ("bk8 bk10 gy9", ["{bk9 gn9 J}"], "play [bk8 J bk10] {bk9 gn9 gy9}"),
    ],
)
def test_an_unreplaced_table_joker_never_moves(
    rack: str, table: list[str], expected: str | None
) -> None:
    # R-RUM-JOK-3: a table joker moves only once the tile it stands for has taken its place
    for rules in (CLASSIC, FREE):
        state = mr.position(
            rules,
            racks=[mr.parse_tiles(rack), mr.parse_tiles("bk1")],
            table=[mr.parse_meld(meld) for meld in table],
            opened=[0, 1],
        )
        best = mr.best_play(state)
        if rules == CLASSIC:  # with free rearranging, [bk8 bk9 bk10] {gn9 gy9 J} ties
            assert (None if best is None else str(best)) == expected
        assert brute_best(state) == (None if best is None else objective(state, best))
        assert relaxed_optimum(state) == ilp_optimum(state)


def test_handrummy_lays_a_whole_rack_of_few_points() -> None:
    # R-RUM-VAR-HAND: the whole rack at once needs no 30 points; without Handrummy, no play
    rack = mr.parse_tiles("pu1 pu2 pu3 bk2 gn2 gy2")
    state = mr.position(mr.Rules.classic(handrummy=True), racks=[rack, mr.parse_tiles("bk1")])
    best = mr.best_play(state)
    assert best is not None
    assert mr.apply(state, best).end_rule == "R-RUM-VAR-HAND"
    plain = mr.position(attrs.evolve(CLASSIC, handrummy=False), racks=[rack, mr.parse_tiles("bk1")])
    assert mr.best_play(plain) is None  # 6 + 6 = 12 points < 30


def test_opening_counts_a_joker_at_its_value() -> None:
    # R-RUM-OPEN-1: [gn9 J gn11] is 30 points, the joker counting 10
    state = mr.position(CLASSIC, racks=[mr.parse_tiles("gn9 gn11 J pu1"), mr.parse_tiles("bk1")])
    best = mr.best_play(state)
    assert str(best) == "play [gn9 J gn11]"


@pytest.mark.parametrize("min_stay", [3, 4])
def test_best_play_in_self_play_agrees_with_the_exhaustive_search(min_stay: int) -> None:
    # R-RUM-RE-2, R-RUM-JOK-3: on full tables of a real game (jokers, many combinations)
    rules = attrs.evolve(CLASSIC, min_stay=min_stay)
    rng = random.Random(7)
    state = mr.new_game(rules, first_player=0)
    checked = 0
    while not state.is_terminal and checked < 12:
        if state.is_chance:
            state = mr.apply(state, mr.sample_chance(state, rng))
            continue
        best = mr.best_play(state)
        if state.opened[state.player] and sum(len(m.tiles) for m in state.table) >= 20:
            other = _branch_and_bound(state, False)
            assert (None if best is None else objective(state, best)) == (
                None if other is None else objective(state, other)
            )
            checked += 1
        state = mr.apply(state, best if best is not None else mr.Draw())
    assert checked == 12


def test_ilp_tells_a_run_with_two_jokers_from_a_group() -> None:
    # R-RUM-JOK-1, R-RUM-MELD-2: [J bk9 J] has the points of a group of 9s (27), yet is a run
    state = mr.position(
        CLASSIC,
        racks=[mr.parse_tiles("pu1 pu2 pu3"), mr.parse_tiles("bk1")],
        table=[mr.parse_meld("[J bk9 J]")],
        opened=[0, 1],
    )
    assert relaxed_optimum(state) == ilp_optimum(state) == (3, 6)
    assert str(mr.best_play(state)) == "play [pu1 pu2 pu3] [J bk9 J]"


moves_of_a_colour: st.SearchStrategy[dict[LensMove, list[ActualMove]]] = st.dictionaries(
    st.tuples(
        st.just(()), st.integers(0, 2), st.integers(0, 2), st.integers(0, 2), st.integers(0, 2)
    ),
    st.just([]),
    max_size=6,
)


@given(st.lists(moves_of_a_colour, min_size=4, max_size=4), st.integers(0, 2))
def test_moves_within_the_jokers_are_the_product_filtered(
    per_colour: list[dict[LensMove, list[ActualMove]]], jokers: int
) -> None:
    # the search's moves at a value: every colour's moves combined, in order, but none that
    # places more jokers (extending or starting runs) than there are
    wanted = [
        choice for choice in product(*per_colour) if sum(m[3] + m[4] for m in choice) <= jokers
    ]
    assert _within(per_colour, jokers) == wanted


# Smaller tile sets (R-RUM-SET-1): the solvers build only the combinations that fit the set

MINI = mr.Rules.mini()
MIDI = mr.Rules.midi()
SMALL = attrs.evolve(
    CLASSIC, colours=3, values=5, copies=2, jokers=2, rack_size=6, opening_points=10
)
SETS = (MINI, MIDI, SMALL)


def fits_the_set(rules: mr.Rules, meld: mr.Meld) -> bool:
    """Whether ``meld`` holds only the set's tiles and fits it (``misfit`` looks at no tile
    the set lacks)."""
    return all(rules.full_pool[tile.index] > 0 for tile in meld.tiles) and (
        misfit(meld, rules.colours, rules.values) is None
    )


@st.composite
def set_positions(draw: st.DrawFn, *, jokers_on_table: bool = True, max_rack: int = 6) -> mr.State:
    """Small random positions in one of ``SETS``: table combinations that fit the set, a rack
    of its tiles, under the set's rules, the other rearranging, Handrummy or the joker's
    right tile from the rack."""
    base = draw(st.sampled_from(SETS))
    pool = base.full_pool
    usable = [
        p
        for p in patterns(False, base.colours, base.values)
        if jokers_on_table or JOKER_INDEX not in p[0]
    ]
    used = [0] * 53
    melds: list[mr.Meld] = []
    for kinds, points in draw(st.lists(st.sampled_from(usable), max_size=3)):
        if all(used[k] + kinds.count(k) <= pool[k] for k in set(kinds)):
            for k in kinds:
                used[k] += 1
            melds.append(_meld(kinds, points))
    rack_kinds = list(draw(st.sampled_from(usable))[0])[: draw(st.integers(1, 5))]
    in_set = [k for k in range(53) if pool[k]]
    rack_kinds += draw(st.lists(st.sampled_from(in_set), max_size=3))
    rack = []
    for k in rack_kinds[:max_rack]:
        if used[k] < pool[k]:
            used[k] += 1
            rack.append(TILES[k])
    rules = draw(
        st.sampled_from(
            [
                base,
                attrs.evolve(base, min_stay=None if base.min_stay else 3),
                attrs.evolve(base, handrummy=True),
                attrs.evolve(base, joker_from_rack=True),
            ]
        )
    )
    opened = [0, 1] if draw(st.booleans()) else [1]
    return mr.position(rules, racks=[rack, ()], table=melds, opened=opened)


def laid_tables(state: mr.State, plays: Iterator[mr.Play]) -> set[mr.Play]:
    """The plays, each checked to fit the set (R-RUM-MELD-1, R-RUM-MELD-2)."""
    found = set()
    for play in plays:
        assert all(fits_the_set(state.rules, meld) for meld in play.table), play
        assert play not in found
        found.add(play)
    return found


@pytest.mark.parametrize("long_joker_runs", [False, True])
@pytest.mark.parametrize(("colours", "values"), [(1, 1), (2, 3), (3, 3), (3, 5), (4, 7), (4, 13)])
def test_ilp_patterns_of_a_set_are_those_that_fit_it(
    long_joker_runs: bool, colours: int, values: int
) -> None:
    # R-RUM-SET-1, R-RUM-MELD-1, R-RUM-MELD-2: the integer program's columns under a set are
    # exactly the patterns that fit it: runs within 1..values (jokers included), groups of at
    # most `colours` tiles; the box keeps them all
    rules = attrs.evolve(MIDI, colours=colours, values=values, rack_size=1)
    every = patterns(long_joker_runs)
    expected = [p for p in every if fits_the_set(rules, _meld(*p))]
    assert patterns(long_joker_runs, colours, values) == expected
    if (colours, values) == (4, 13):
        assert expected == every
    else:
        assert len(expected) < len(every)


@settings(max_examples=examples(60), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(set_positions())
def test_small_sets_best_play_and_plays_agree_with_brute_force(state: mr.State) -> None:
    # R-RUM-SET-1, R-RUM-MELD-1, R-RUM-MELD-2: in the mini, midi and a 3 x 5 set, every path
    # (as installed, the integer program and the copy program, the exhaustive search) finds
    # the brute force's best among the tables that fit the set, and plays() lists them all
    expected = brute_best(state)
    best = mr.best_play(state)
    assert (None if best is None else objective(state, best)) == expected
    with mock.patch.object(solver_paths, "BUDGET", 0):  # the integer program, then the copies
        best = mr.best_play(state)
    assert (None if best is None else objective(state, best)) == expected
    other = _branch_and_bound(state, False)
    assert (None if other is None else objective(state, other)) == expected
    for play in (best, other):
        if play is not None:
            assert all(fits_the_set(state.rules, meld) for meld in play.table)
    assert laid_tables(state, mr.plays(state)) == brute_plays(state)


@settings(max_examples=examples(60), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(set_positions(jokers_on_table=False))
def test_small_sets_ilp_free_optimum_agrees_with_brute_force(state: mr.State) -> None:
    # R-RUM-SET-1, R-RUM-MELD-1, R-RUM-MELD-2: with free rearranging and no table joker, the
    # integer program's optimum under the set is the brute force's over tables that fit it
    rules = attrs.evolve(state.rules, min_stay=None, handrummy=False, joker_from_rack=False)
    state = attrs.evolve(state, rules=rules)
    rack = counts(state.racks[0])
    tile_set = {"colours": rules.colours, "values": rules.values}
    if state.opened[0]:
        table = counts(tile for meld in state.table for tile in meld.tiles)
        found = free_optimum(table, rack, rules.joker_penalty, **tile_set)
    else:
        found = free_optimum([0] * 53, rack, rules.joker_penalty, rules.opening_points, **tile_set)
    assert (None if found == (0, 0) else found) == brute_best(state)


@settings(max_examples=examples(40), deadline=None)
@given(st.sampled_from(SETS), st.data())
def test_tables_of_a_set_are_the_brute_forces(rules: mr.Rules, data: st.DataObject) -> None:
    # R-RUM-SET-1, R-RUM-MELD-1, R-RUM-MELD-2: the enumeration under a set yields each table
    # of fitting melds once, and no other
    in_set = [tile for tile in TILES if rules.full_pool[tile.index]]
    tiles = Counter(data.draw(st.lists(st.sampled_from(in_set), max_size=7)))
    tiles = Counter({tile: min(n, rules.full_pool[tile.index]) for tile, n in tiles.items()})
    found = list(
        tables([0] * 53, counts(tiles.elements()), colours=rules.colours, values=rules.values)
    )
    listed = [sort_table(table) for table in found]
    assert len(set(listed)) == len(listed)
    brute = {sort_table(table) for table in brute_tables(tiles, Counter(), rules)}
    assert set(listed) == brute


def test_a_run_ends_at_the_sets_last_value() -> None:
    # R-RUM-MELD-2, R-RUM-SET-1: by hand, with values 1 to 3 (the mini set) the rack pu2 pu3 J
    # makes one run only, [J pu2 pu3] with the joker as pu1: 1 + 2 + 3 = 6 points, just the
    # opening's 6 (pu4 does not exist); every path opens with it. With an opening of 7 there
    # is no play, where the box reads [pu2 pu3 J] as pu2 to pu4, 9 points
    rack = mr.parse_tiles("pu2 pu3 J")
    state = mr.position(MINI, racks=[rack, mr.parse_tiles("bk1")])
    expected = "play [J pu2 pu3]"
    assert str(mr.best_play(state)) == expected
    for patch in ("BUDGET", "SMALL_RACK"):
        with mock.patch.object(solver_paths, patch, -1 if patch == "SMALL_RACK" else 0):
            assert str(mr.best_play(state)) == expected
            assert str(best_play_within(state, rack)) == expected
    assert str(_branch_and_bound(state, False)) == expected
    assert [str(play) for play in mr.plays(state)] == [expected]
    assert free_optimum([0] * 53, counts(rack), 5, 6, colours=3, values=3) == (3, 10)
    seven = attrs.evolve(state, rules=attrs.evolve(MINI, opening_points=7))
    assert mr.best_play(seven) is None
    with mock.patch.object(solver_paths, "SMALL_RACK", -1):
        assert mr.best_play(seven) is None
        assert best_play_within(seven, rack) is None
    assert _branch_and_bound(seven, False) is None
    assert list(mr.plays(seven)) == []
    assert free_optimum([0] * 53, counts(rack), 5, 7, colours=3, values=3) is None
    box = mr.position(attrs.evolve(CLASSIC, opening_points=7), racks=[rack, mr.parse_tiles("bk1")])
    assert str(mr.best_play(box)) == "play [pu2 pu3 J]"
    assert free_optimum([0] * 53, counts(rack), 25, 7) == (3, 30)


def test_a_group_has_at_most_one_tile_per_colour_of_the_set() -> None:
    # R-RUM-MELD-1, R-RUM-SET-1: by hand, with three colours {pu5 bk5 gn5 J} cannot lie (no
    # fourth colour): every play lays three tiles, {pu5 bk5 gn5} the most points (15; a
    # joker counting 4, a group of two 5s and the joker 14); in the box the joker joins as
    # grey 5 (4 tiles)
    rack = mr.parse_tiles("pu5 bk5 gn5 J")
    rules = attrs.evolve(SMALL, joker_penalty=4)  # {bk5 gn5 J}: 14 points, less than 15
    state = mr.position(rules, racks=[rack, mr.parse_tiles("bk1")])
    expected = "play {pu5 bk5 gn5}"
    assert str(mr.best_play(state)) == expected
    with mock.patch.object(solver_paths, "SMALL_RACK", -1):
        assert str(mr.best_play(state)) == expected
    assert str(_branch_and_bound(state, False)) == expected
    others = {"play {pu5 bk5 J}", "play {pu5 gn5 J}", "play {bk5 gn5 J}"}
    assert {str(play) for play in mr.plays(state)} == {expected, *others}
    box = mr.position(attrs.evolve(CLASSIC, opening_points=10), racks=[rack, mr.parse_tiles("bk1")])
    assert str(mr.best_play(box)) == "play {pu5 bk5 gn5 J}"


def test_a_table_joker_stands_for_the_sets_colours() -> None:
    # R-RUM-JOK-2, R-RUM-SET-1: with three colours the joker of {pu3 bk3 J} stands for gn3
    # alone (no grey in the set): the integer program's condition and right tiles say so
    group = mr.parse_meld("{pu3 bk3 J}")
    (condition,) = ilp._conditions([group], None, 3)
    assert condition[:2] == (3, 0b100)
    assert ilp._right_tiles([group], 3) == [(3, [mr.parse_tile("gn3").index])]
    (box,) = ilp._conditions([group])
    assert box[:2] == (3, 0b1100)
