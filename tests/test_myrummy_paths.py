"""The best play's two paths, the integer program and the dynamic program, checked against
each other: one optimum, each table legal, and the fallback taken whenever the program's table
or HiGHS cannot be trusted."""

from __future__ import annotations

import sys
from collections import Counter
from itertools import combinations

import attrs
import pytest
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st
from hypothesis_profiles import examples

import morpyam.myrummy as mr
from morpyam.myrummy import strategies as rst
from morpyam.myrummy.core._judge import judge_play
from morpyam.myrummy.core._melds import misfit, sort_table
from morpyam.myrummy.core._tiles import KINDS, TILES, counts
from morpyam.myrummy.solve import _ilp as ilp
from morpyam.myrummy.solve import _methods as best
from morpyam.myrummy.solve import _relaxation as dp


def slow_ok(count: int) -> settings:
    return settings(
        max_examples=examples(count), deadline=None, suppress_health_check=[HealthCheck.too_slow]
    )


def score(state: mr.State, table: tuple[mr.Meld, ...] | None) -> tuple[int, int] | None:
    """(rack tiles laid, their penalty points) of the table ``table`` after ``state``; the
    judge must accept it."""
    if table is None:
        return None
    player = state.player
    rack_after, _ = judge_play(
        state.rules, state.table, state.racks[player], state.opened[player], table
    )
    laid = Counter(state.racks[player]) - Counter(rack_after)
    return sum(laid.values()), mr.rack_points(state.rules, laid.elements())


def points_first(found: tuple[int, int] | None) -> tuple[int, int] | None:
    return None if found is None else (found[1], found[0])


def decidable(state: mr.State) -> bool:
    """Whether both paths take the position (an opening that may also lay off is the
    exhaustive search's)."""
    player = state.current_player
    if player is None:
        return False
    return state.opened[player] or not state.rules.lay_off_in_opening_turn


DP_BUDGET = 40_000
"""The work the dynamic program may do as the reference here (about two seconds): on the few
positions where it must refute whole score levels judge call by judge call (up to a minute
each), the program that follows every copy, a third exact method, is the reference instead.
The dynamic program is checked without a budget against that program in
test_myrummy_copies.py."""


def reference_table(state: mr.State, first: bool) -> tuple[mr.Meld, ...] | None:
    """The best table by the dynamic program, or past `DP_BUDGET` by the program that follows
    every copy (where it applies; elsewhere the dynamic program without a budget)."""
    try:
        return dp.best_table(state, points_first=first, budget=DP_BUDGET)
    except dp.OverBudgetError:
        if not best._copies_help(state):
            return dp.best_table(state, points_first=first)
    rack = counts(state.racks[state.player])
    found = best._copies_table(state, [0] * KINDS, rack, first, floor=0)
    assert found is None or isinstance(found, tuple), "the judge refused the program's table"
    return found


def check_paths(state: mr.State, goal: str) -> None:
    first = goal == "points"
    fast = best._fast_table(state, first)
    slow = reference_table(state, first)
    if fast is best._UNSETTLED:
        return  # the program's table was refused: best_table is the dynamic program's
    assert isinstance(fast, tuple) or fast is None
    got, expected = score(state, fast), score(state, slow)
    if first:
        got, expected = points_first(got), points_first(expected)
    assert got == expected


@slow_ok(150)
@given(rst.positions(max_rack=8, max_melds=6), st.sampled_from(["tiles", "points"]))
def test_the_two_paths_find_one_optimum(state: mr.State, goal: str) -> None:
    # R-RUM-RE-2, R-RUM-JOK-3, R-RUM-OPEN-1, R-RUM-VAR-HAND: every knob, both objectives
    assume(decidable(state))
    check_paths(state, goal)


@pytest.mark.slow
@slow_ok(2000)
@given(rst.positions(max_rack=10, max_melds=9), st.sampled_from(["tiles", "points"]))
def test_the_two_paths_find_one_optimum_on_thousands_of_positions(
    state: mr.State, goal: str
) -> None:
    # R-RUM-RE-2, R-RUM-JOK-3, R-RUM-OPEN-1, R-RUM-VAR-HAND: as above, on bigger tables
    assume(decidable(state))
    check_paths(state, goal)


@slow_ok(150)
@given(
    rst.positions(max_rack=8, max_melds=6).filter(
        lambda state: any(tile.is_joker for meld in state.table for tile in meld.tiles)
    ),
    st.sampled_from(["tiles", "points"]),
)
def test_the_two_paths_agree_with_the_jokers_tile_from_the_rack(state: mr.State, goal: str) -> None:
    # R-RUM-JOK-2 (Rules.joker_from_rack), R-RUM-JOK-3: a table joker none of whose right
    # tiles is on the rack can only stay; the integer program and the relaxation's search
    # each know it, written apart, and the judge has the last word
    state = attrs.evolve(state, rules=attrs.evolve(state.rules, joker_from_rack=True))
    assume(decidable(state))
    first = goal == "points"
    fast = best._fast_table(state, first)
    if fast is best._UNSETTLED:
        return
    try:
        slow = dp.best_table(state, points_first=first, budget=DP_BUDGET)
    except dp.OverBudgetError:
        return
    assert isinstance(fast, tuple) or fast is None
    got, expected = score(state, fast), score(state, slow)
    if first:
        got, expected = points_first(got), points_first(expected)
    assert got == expected


@st.composite
def within_cases(draw: st.DrawFn) -> tuple[mr.State, list[int], list[int]]:
    state = draw(rst.positions(max_rack=8, max_melds=6))
    assume(decidable(state))
    rack = counts(state.racks[state.player])
    must = [draw(st.integers(0, count)) if count else 0 for count in rack]
    may = [draw(st.integers(0, count - m)) if count - m else 0 for count, m in zip(rack, must)]
    return state, must, may


@slow_ok(150)
@given(within_cases())
def test_the_two_paths_agree_on_plays_within(case: tuple[mr.State, list[int], list[int]]) -> None:
    # R-RUM-OPEN-1, R-RUM-VAR-HAND, R-RUM-RE-2: the tiles that must and may be laid
    state, must, may = case
    fast = best._fast_within(state, must, may)
    slow = dp.best_table_within(state, must, may)
    if fast is best._UNSETTLED:
        return
    assert isinstance(fast, tuple) or fast is None
    assert score(state, fast) == score(state, slow)
    if fast is not None:
        rack = counts(state.racks[state.player])
        rack_after, _ = judge_play(
            state.rules,
            state.table,
            state.racks[state.player],
            state.opened[state.player],
            fast,
        )
        left = counts(rack_after)
        for kind in range(KINDS):
            assert must[kind] <= rack[kind] - left[kind] <= must[kind] + may[kind]


def late_state() -> mr.State:
    """A position with one best play: [gn4 gn5 gn6] laid as a run of its own or on a run."""
    return mr.position(
        mr.Rules.classic(),
        racks=[mr.parse_tiles("gn4 gn5 gn6 pu1"), mr.parse_tiles("bk9")],
        table=[mr.parse_meld("[gn7 gn8 gn9]"), mr.parse_meld("{pu3 bk3 gy3}")],
        opened=[0, 1],
    )


def test_a_table_the_judge_refuses_falls_back_to_the_dynamic_program(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # R-RUM-RE-3: a program table that drops a table tile is refused, and the program decides
    state = late_state()
    real = ilp.best_melds

    def dropping(*args: object, **kwargs: object) -> object:
        found = real(*args, **kwargs)  # type: ignore[arg-type]
        assert found is not None
        laid, melds = found
        return laid, melds[1:]

    monkeypatch.setattr(ilp, "best_melds", dropping)
    assert best._fast_table(state, False) is best._UNSETTLED
    assert best.best_table(state) == dp.best_table(state)
    assert score(state, best.best_table(state)) == (3, 15)  # gn4 gn5 gn6: 3 tiles, 15 points


def test_highs_that_cannot_settle_falls_back_to_the_dynamic_program(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # R-RUM-LAY-1: a solver stopped by a limit proves nothing; the dynamic program decides
    def unsettled(*args: object, **kwargs: object) -> object:
        raise ilp.UnsettledError("time limit reached")

    monkeypatch.setattr(ilp, "best_melds", unsettled)
    state = late_state()
    assert best.best_table(state) == dp.best_table(state)
    assert best.best_table_within(state, [0] * KINDS, counts(state.racks[0])) is not None


def test_without_scipy_the_dynamic_program_answers(monkeypatch: pytest.MonkeyPatch) -> None:
    # R-RUM-LAY-1: the core needs only attrs; scipy is the myrummy-ilp extra's
    monkeypatch.setitem(sys.modules, "scipy.optimize", None)
    assert not ilp.available()
    with pytest.raises(ImportError, match="myrummy-ilp"):
        ilp.best_melds([0] * KINDS, [0] * KINDS, [1] * KINDS)
    state = late_state()
    play = mr.best_play(state)
    assert play is not None
    assert score(state, play.table) == (3, 15)


def test_status_of_highs_is_read(monkeypatch: pytest.MonkeyPatch) -> None:
    # R-RUM-RE-3: only an optimum or a proof of none counts
    np, bounds, constraint, _milp = ilp._numerics()

    class Stopped:
        status = 1
        x = None
        message = "Time limit reached"

    monkeypatch.setattr(
        ilp, "_numerics", lambda: (np, bounds, constraint, lambda *a, **k: Stopped())
    )
    with pytest.raises(ilp.UnsettledError, match="Time limit"):
        ilp.best_melds([0] * KINDS, [1] * KINDS, [1] * KINDS)


@slow_ok(60)
@given(rst.positions(max_rack=8, max_melds=6))
def test_the_first_of_plays_is_the_best_play(state: mr.State) -> None:
    # R-RUM-LAY-1: plays() starts with best_play's play and never repeats it
    first = list(zip(range(3), mr.plays(state)))
    found = [play for _, play in first]
    best_found = mr.best_play(state)
    if best_found is None:
        assert found == []
    else:
        assert found[0] == best_found
        assert best_found not in found[1:]


def test_a_refused_table_is_repaired_at_the_same_optimum() -> None:
    # R-RUM-RE-2: the program's first table leaves two tiles of [gy1 gy2 gy3 gy4] together in a
    # second [gy3 gy4 gy5]; the second try avoids such pieces and lays as much. pu12 fits
    # nowhere ({pu12 gn12 gy12} has it, no pu11 or pu13 lies anywhere), so 3 tiles is the most.
    table = [
        mr.parse_meld(text)
        for text in (
            "[pu2 pu3 pu4 pu5]",
            "[pu4 pu5 pu6 pu7 pu8]",
            "[pu6 pu7 pu8 pu9]",
            "[bk1 bk2 bk3]",
            "[bk3 bk4 bk5 bk6]",
            "[bk7 bk8 bk9 bk10 bk11]",
            "[gn1 gn2 gn3 gn4 gn5 gn6]",
            "[gn11 gn12 gn13]",
            "[gy1 gy2 gy3 gy4]",
            "[gy3 gy4 gy5]",
            "{pu1 bk1 gn1 gy1}",
            "{pu9 bk9 gn9 gy9}",
            "{pu12 gn12 gy12}",
            "{bk6 gn6 gy6}",
        )
    ]
    state = mr.position(
        mr.Rules.classic(),
        racks=[mr.parse_tiles("pu12 bk4 gn2 gy5"), mr.parse_tiles("bk13")],
        table=table,
        opened=[0, 1],
    )
    on_table = counts(tile for meld in table for tile in meld.tiles)
    rack = counts(state.racks[0])
    scores = best._scores(state, False)
    first = ilp.best_melds(on_table, rack, scores, before=table, prefer=table)
    assert first is not None
    with pytest.raises(mr.IllegalActionError, match="R-RUM-RE-2"):
        judge_play(state.rules, state.table, state.racks[0], True, sort_table(first[1]))
    repaired = best._fast_table(state, False)
    assert repaired is not best._UNSETTLED
    assert isinstance(repaired, tuple)
    assert score(state, repaired)[0] == 3  # type: ignore[index]
    assert score(state, repaired) == score(state, dp.best_table(state))


def test_the_dynamic_program_stops_at_its_budget() -> None:
    # R-RUM-LAY-1: a budget only hands the question to another exact method
    state = late_state()
    with pytest.raises(dp.OverBudgetError):
        dp.best_table(state, budget=1)
    with pytest.raises(dp.OverBudgetError):
        dp.best_table_within(state, [0] * KINDS, counts(state.racks[0]), budget=1)
    assert score(state, dp.best_table(state, budget=10_000)) == (3, 15)


@slow_ok(60)
@given(rst.positions(max_rack=8, max_melds=6), st.sampled_from([1, 10, best.BUDGET]))
def test_every_budget_finds_one_optimum(state: mr.State, budget: int) -> None:
    # R-RUM-RE-2, R-RUM-JOK-3, R-RUM-OPEN-1: the dynamic program first, the integer program
    # past its budget, the dynamic program with no limit last: one optimum
    assume(decidable(state))
    saved = best.BUDGET
    best.BUDGET = budget
    try:
        found = best.best_table(state)
    finally:
        best.BUDGET = saved
    assert score(state, found) == score(state, dp.best_table(state))


# Small tile sets (R-RUM-SET-1): the programs walk the set's values and colours only.

SMALL_SETS = (
    mr.Rules.mini(),
    mr.Rules.midi(),
    attrs.evolve(mr.Rules.classic(), colours=3, values=5, copies=2, jokers=2, rack_size=6),
)
"""The presets below the box and a set of three colours, values 1 to 5, two copies."""


def set_melds(rules: mr.Rules, tiles: Counter[mr.Tile]) -> list[mr.Meld]:
    """Every run and group of the set that the multiset ``tiles`` can hold, built from scratch:
    only tiles the set has, only combinations that fit it (R-RUM-MELD-1, R-RUM-MELD-2)."""
    jokers = tiles[mr.JOKER]
    real = [tile for tile in tiles if not tile.is_joker and rules.full_pool[tile.index] > 0]
    found: set[mr.Meld] = set()
    for value in range(1, rules.values + 1):
        here = sorted(tile for tile in real if tile.value == value)
        for size in range(1, len(here) + 1):
            for chosen in combinations(here, size):
                for extra in range(min(jokers, 4 - size) + 1):
                    if size + extra >= 3:
                        found.add(mr.Group((*chosen, *(mr.JOKER,) * extra)))
    for colour in mr.Colour:  # every run from scratch (all 13 values), misfit() decides below
        for start in range(1, 14):
            for length in range(3, 15 - start):
                need = [mr.Tile(colour, start + i) for i in range(length)]
                for count in range(min(jokers, length - 1) + 1):
                    for places in combinations(range(length), count):  # the jokers' places
                        run = [mr.JOKER if i in places else t for i, t in enumerate(need)]
                        if all(tile.is_joker or tiles[tile] for tile in run):
                            found.add(mr.Run(run))
    fitting = [meld for meld in found if misfit(meld, rules.colours, rules.values) is None]
    return sorted(fitting, key=lambda meld: meld.key)


def set_brute_best(state: mr.State) -> tuple[int, int] | None:
    """The best play's (rack tiles laid, their points) by brute force over every table of the
    set's combinations that holds the table's tiles, each judged by `mr.apply`."""
    table = Counter(tile for meld in state.table for tile in meld.tiles)
    tiles = table + Counter(state.racks[state.player])
    melds = set_melds(state.rules, tiles)
    found: tuple[int, int] | None = None

    def search(at: int, left: Counter[mr.Tile], chosen: list[mr.Meld]) -> None:
        nonlocal found
        if chosen and not table - (tiles - left):
            after = sort_table(chosen)
            try:
                mr.apply(state, mr.Play(after))
            except mr.IllegalActionError:
                pass
            else:
                scored = score(state, after)
                if found is None or (scored is not None and scored > found):
                    found = scored
        for index in range(at, len(melds)):
            need = Counter(melds[index].tiles)
            if not need - left:
                chosen.append(melds[index])
                search(index, left - need, chosen)
                chosen.pop()

    search(0, Counter(tiles), [])
    return found


@st.composite
def set_positions(
    draw: st.DrawFn, *, max_melds: int = 3, max_rack: int = 6, tied: bool = False
) -> mr.State:
    """Small positions in a small set: a table of the set's combinations, a rack of the set's
    other tiles, for any rules knob that the programs read; with ``tied``, a table the rules
    tie (three must stay on, or a joker on it), the player laid out, and a joker's right tile
    from anywhere (the program that follows every copy reads `Rules.joker_from_rack` loosely,
    see `morpyam.myrummy.solve._methods`)."""
    rules = draw(st.sampled_from(SMALL_SETS))
    rules = attrs.evolve(
        rules,
        min_stay=draw(st.sampled_from([rules.min_stay, None, 3, 4])),
        opening_points=draw(st.sampled_from([rules.opening_points, 0, 6, 7, 12])),
        joker_from_rack=not tied and draw(st.booleans()),
        handrummy=draw(st.booleans()),
    )
    pool = Counter({tile: rules.full_pool[tile.index] for tile in TILES})
    pool = +pool
    every = set_melds(rules, pool)
    table: list[mr.Meld] = []
    for meld in draw(st.lists(st.sampled_from(every), max_size=max_melds)):
        need = Counter(meld.tiles)
        if not need - pool:
            pool -= need
            table.append(meld)
    left = sorted(pool.elements(), key=lambda tile: tile.index)
    picks = draw(st.lists(st.integers(0, max(len(left) - 1, 0)), max_size=max_rack, unique=True))
    rack = [left[i] for i in picks if i < len(left)]
    opened = draw(st.booleans())
    if tied:
        opened = True
        assume(rules.min_stay is not None or any(t.is_joker for m in table for t in m.tiles))
    return mr.position(
        rules, racks=[rack, ()], table=sort_table(table), opened=[0, 1] if opened else [1]
    )


@slow_ok(60)
@given(set_positions())
def test_the_dynamic_program_agrees_with_brute_force_on_small_sets(state: mr.State) -> None:
    # R-RUM-SET-1, R-RUM-MELD-1, R-RUM-MELD-2: every table of the set's combinations judged,
    # the best kept; the program walks the set's values and colours only
    assume(decidable(state))
    assert score(state, dp.best_table(state)) == set_brute_best(state)


@slow_ok(60)
@given(set_positions())
def test_the_relaxation_is_exact_on_small_sets_where_nothing_ties_the_table(
    state: mr.State,
) -> None:
    # R-RUM-SET-1, R-RUM-MELD-1, R-RUM-MELD-2: before laying out, or with free rearranging
    # and no joker on the table, the relaxation's optimum is the best play's: a run past the
    # set's values or a group of more tiles than its colours would raise it
    assume(decidable(state))
    free = state.rules.min_stay is None and not any(
        tile.is_joker for meld in state.table for tile in meld.tiles
    )
    assume(free or not state.opened[state.player])
    assert dp.relaxed_optimum(state) == set_brute_best(state)


@slow_ok(60)
@given(set_positions(max_melds=4, max_rack=7), st.sampled_from(["tiles", "points"]))
def test_the_two_paths_find_one_optimum_on_small_sets(state: mr.State, goal: str) -> None:
    # R-RUM-SET-1, R-RUM-MELD-1, R-RUM-MELD-2: the integer program and the dynamic program
    # both keep to the set
    assume(decidable(state))
    check_paths(state, goal)


def small_opening(opening: int) -> mr.State:
    """values 1 to 3: pu2 pu3 J on an empty table, not laid out."""
    rules = attrs.evolve(mr.Rules.mini(), opening_points=opening)
    return mr.position(rules, racks=[mr.parse_tiles("pu2 pu3 J"), ()], table=[], opened=[])


def test_the_joker_of_a_run_at_the_top_of_a_small_set_stands_below() -> None:
    # R-RUM-SET-1, R-RUM-MELD-2: with values 1 to 3 there is no pu4, so [pu2 pu3 J] can only be
    # [J pu2 pu3], the joker pu1: 1 + 2 + 3 = 6 points open an opening of 6 and not one of 7
    # (in the box the joker would be pu4, 9 points)
    state = small_opening(6)
    assert dp.best_table(state) == (mr.parse_meld("[J pu2 pu3]"),)
    assert dp.relaxed_optimum(state) == (3, 2 + 3 + state.rules.joker_penalty)
    assert mr.best_play(state) == mr.Play((mr.parse_meld("[J pu2 pu3]"),))
    state = small_opening(7)
    assert dp.best_table(state) is None
    assert dp.relaxed_optimum(state) is None
    assert mr.best_play(state) is None
    box = attrs.evolve(state, rules=attrs.evolve(mr.Rules.classic(), opening_points=7))
    assert dp.best_table(box) == (mr.parse_meld("[pu2 pu3 J]"),)


@pytest.mark.parametrize("text", ["[pu1 pu2 pu3]", "{pu2 bk2 gn2}"])
def test_a_joker_has_no_place_past_a_small_sets_values_or_colours(text: str) -> None:
    # R-RUM-SET-1, R-RUM-MELD-1, R-RUM-MELD-2: with values 1 to 3 and three colours, a joker
    # cannot go on [pu1 pu2 pu3] (no pu0, no pu4) nor on {pu2 bk2 gn2} (no fourth colour):
    # it stays on the rack; in the box it goes on either
    state = mr.position(
        mr.Rules.mini(), racks=[(mr.JOKER,), ()], table=[mr.parse_meld(text)], opened=[0, 1]
    )
    assert dp.best_table(state) is None
    assert dp.relaxed_optimum(state) is None
    box = attrs.evolve(state, rules=mr.Rules.classic())
    assert dp.relaxed_optimum(box) == (1, box.rules.joker_penalty)
