"""The MyRummy judge's search for a matching of equal tiles: exact, and bounded on hostile plays."""

from __future__ import annotations

import functools
import sys
from collections.abc import Iterator
from itertools import islice, permutations, product
from pathlib import Path

import attrs
import pytest
from hypothesis import given
from hypothesis import strategies as st

import morpyam.myrummy as mr
from morpyam.myrummy import judge
from morpyam.myrummy.bots import GreedyBot, play_match
from morpyam.myrummy.judge import _Matcher, min_cost_assignment, rearrangement_error
from morpyam.myrummy.melds import sort_table
from morpyam.myrummy.solver import tables
from morpyam.myrummy.tiles import counts

sys.path.insert(0, str(Path(__file__).parent.parent / "benchmarks"))
import bench_myrummy_judge as hostile

Case = tuple[mr.Rules, tuple[mr.Meld, ...], tuple[mr.Meld, ...]]


@given(
    st.integers(0, 5).flatmap(
        lambda rows: st.tuples(
            st.lists(st.lists(st.booleans(), min_size=6, max_size=6), min_size=rows, max_size=rows),
            st.lists(st.integers(1, 60), min_size=6, max_size=6),
            st.integers(0, 6),
        )
    )
)
def test_min_cost_assignment_against_brute_force(
    case: tuple[list[list[bool]], list[int], int],
) -> None:
    # R-RUM-OPEN-3: the opening's lay-offs are counted by the best assignment of old to new melds
    allowed, costs, columns = case
    allowed = [row[:columns] for row in allowed]
    costs = costs[:columns]
    best = None
    for chosen in permutations(range(columns), len(allowed)):
        if all(allowed[row][column] for row, column in enumerate(chosen)):
            total = sum(costs[column] for column in chosen)
            best = total if best is None else min(best, total)
    found = min_cost_assignment(allowed, costs)
    if best is None:
        assert found is None
    else:
        assert found is not None
        assert len(set(found)) == len(allowed)
        assert all(allowed[row][column] for row, column in enumerate(found))
        assert sum(costs[column] for column in found) == best


def exhaustive_legal(
    min_stay: int | None, table: tuple[mr.Meld, ...], after: tuple[mr.Meld, ...]
) -> bool:
    """Whether some matching of the old slots to new ones keeps every old meld legal: all of them tried."""
    matcher = _Matcher(min_stay, table, after)
    old_slots: dict[int, list[tuple[int, int]]] = {}
    new_slots: dict[int, list[tuple[int, int]]] = {}
    for i, meld in enumerate(table):
        for p, tile in enumerate(meld.tiles):
            old_slots.setdefault(tile.index, []).append((i, p))
    for j, meld in enumerate(after):
        for q, tile in enumerate(meld.tiles):
            new_slots.setdefault(tile.index, []).append((j, q))
    kinds = list(old_slots)
    for combo in product(*(permutations(new_slots[k], len(old_slots[k])) for k in kinds)):
        matcher.assigned = {
            old: new for k, option in zip(kinds, combo) for old, new in zip(old_slots[k], option)
        }
        if all(matcher._meld_fault(i) is None for i in range(len(table))):
            return True
    return False


def matchings(table: tuple[mr.Meld, ...], after: tuple[mr.Meld, ...]) -> int:
    """How many matchings ``exhaustive_legal`` tries."""
    olds = counts(tile for meld in table for tile in meld.tiles)
    news = counts(tile for meld in after for tile in meld.tiles)
    total = 1
    for old, new in zip(olds, news):
        for step in range(old):
            total *= new - step
    return total


@functools.cache
def opened_positions() -> tuple[mr.State, ...]:
    """Decision positions of greedy self-play where the player on turn has laid out."""
    found = []
    for seed in range(3):
        record = play_match(mr.Rules.classic(), [GreedyBot(30), GreedyBot(30)], seed=seed)
        state = mr.new_game(record.rules)
        for action in record.actions:
            if (
                state.current_player is not None
                and state.opened[state.player]
                and 9 <= sum(len(m.tiles) for m in state.table) <= 30
            ):
                found.append(state)
            state = mr.apply(state, action)
    return tuple(found)


def candidate_tables(state: mr.State, count: int) -> Iterator[tuple[mr.Meld, ...]]:
    """The first ``count`` tables the solver enumerates: legal or not under R-RUM-RE-2."""
    need = counts(tile for meld in state.table for tile in meld.tiles)
    avail = [a + b for a, b in zip(need, counts(state.rack))]
    return islice(tables(need, avail), count)


@pytest.mark.slow
@pytest.mark.parametrize("min_stay", [3, 2, None])
def test_search_agrees_with_every_matching_tried(min_stay: int | None) -> None:
    # R-RUM-RE-2, R-RUM-JOK-3: the judge's pruned search finds a legal matching exactly when one exists
    compared = illegal = 0
    for state in opened_positions():
        for after in candidate_tables(state, 100):
            if matchings(state.table, after) > 4096:
                continue
            verdict = rearrangement_error(
                attrs.evolve(state.rules, min_stay=min_stay), state.table, after
            )
            assert (verdict is None) == exhaustive_legal(min_stay, state.table, after)
            compared += 1
            illegal += verdict is not None
    assert compared > 200
    if min_stay is not None:
        assert illegal > 20


def play_on(case: Case) -> tuple[mr.State, mr.Play]:
    """A position with ``case``'s table before and a rack holding the tiles the play lays."""
    rules, before, after = case
    laid = counts(tile for meld in after for tile in meld.tiles)
    for tile in (tile for meld in before for tile in meld.tiles):
        laid[tile.index] -= 1
    rack = [tile for tile, count in zip(mr.TILES, laid) for _ in range(count)]
    state = mr.position(
        rules, racks=[[*rack, mr.parse_tile("pu1")], []], table=before, opened=[0, 1]
    )
    return state, mr.Play(after)


def test_hostile_play_linked_in_one_part() -> None:
    # R-RUM-RE-2: 26 duplicated kinds in one part, the group that breaks the rule last in tile
    # order: 2^26 matchings in that order; the judge settles it in a few checks
    rules, before, after = hostile.linked()
    assert matchings(before, after) == 2**26
    matcher = _Matcher(rules.min_stay, sort_table(before), sort_table(after))
    error = matcher.search()
    assert error is not None
    assert error.rule == "R-RUM-RE-2"
    assert matcher.checks < 100
    state, play = play_on(hostile.linked())
    with pytest.raises(
        mr.IllegalActionError, match=r"R-RUM-RE-2: of \{pu13 bk13 gn13 gy13\}, only 2"
    ):
        mr.apply(state, play)


def test_hostile_play_independent_parts() -> None:
    # R-RUM-RE-2: three colours that keep the rule and a last one that breaks it: the parts are
    # searched one by one (their sum), not all together (their product, 2^45)
    rules, before, after = hostile.independent()
    matcher = _Matcher(rules.min_stay, sort_table(before), sort_table(after))
    error = matcher.search()
    assert error is not None
    assert "gy1 gy2 gy3 gy4 gy5 gy6" in str(error)
    assert matcher.checks < 1000
    rules, before, after = hostile.wide()
    assert rearrangement_error(rules, sort_table(before), sort_table(after)) is None


def test_the_judge_gives_up_after_its_limit(monkeypatch: pytest.MonkeyPatch) -> None:
    # R-RUM-RE-2: 2^13 matchings, none legal (min_stay 13); with a limit of 1,000 checks the
    # judge refuses the play saying it gave up, instead of searching on
    rules, before, after = hostile.exhausting()
    exhausted = rearrangement_error(rules, sort_table(before), sort_table(after))
    assert exhausted is not None
    assert exhausted.rule == "R-RUM-RE-2"
    monkeypatch.setattr(judge, "MAX_CHECKS", 1000)
    error = rearrangement_error(rules, sort_table(before), sort_table(after))
    assert error is not None
    assert "gave up after 1,000 checks" in str(error)
    state, play = play_on(hostile.exhausting())
    with pytest.raises(mr.IllegalActionError, match="R-RUM-RE-2: the judge gave up"):
        mr.apply(state, play)
