"""The MyRummy judge: it always decides, and agrees with a brute force of the rule book's reading."""

from __future__ import annotations

import functools
import random
import sys
from collections import Counter
from collections.abc import Iterator
from itertools import islice, permutations, product
from pathlib import Path

import attrs
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from hypothesis_profiles import examples

import morpyam.myrummy as mr
from morpyam.kit.records import Resign
from morpyam.myrummy.core._judge import (
    _Judge,
    min_cost_assignment,
    rearrangement_allowed,
    rearrangement_error,
)
from morpyam.myrummy.core._melds import sort_table
from morpyam.myrummy.core._tiles import counts
from morpyam.myrummy.play._bots import GreedyBot, play_match
from morpyam.myrummy.solve._plays import tables

sys.path.insert(0, str(Path(__file__).parent.parent / "benchmarks"))
import bench_myrummy_judge as hostile

Case = tuple[mr.Rules, tuple[mr.Meld, ...], tuple[mr.Meld, ...]]
P = mr.parse_meld
T = mr.parse_tiles
CLASSIC = mr.Rules.classic()
RUMMIKUB = mr.Rules.rummikub()


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


# The brute force: the rule book's reading, written out plainly. A matching sends each old tile
# to a new place of the same tile; an old combination keeps the rules under it when each of its
# jokers either stays (lies with another of its tiles, standing for a tile it stood for) or
# moved, replaced by a right tile somewhere on the new table (two right tiles of one group
# differ), and then, the moved jokers counted where their right tiles lie, the most of its
# tiles in one new combination is not 2 to min(min_stay, size) - 1 (R-RUM-RE-2, R-RUM-JOK-3).


def meld_keeps_rules(
    min_stay: int | None,
    meld: mr.Meld,
    places: list[tuple[int, int]],
    after: tuple[mr.Meld, ...],
    colours: int = 4,
) -> bool:
    jokers = [p for p, tile in enumerate(meld.tiles) if tile.is_joker]
    per_joker = []
    for p in jokers:
        j, q = places[p]
        was = meld.stands_for(p, colours)
        options: list[tuple[int, mr.Tile | None]] = []
        others = sum(1 for other, (k, _) in enumerate(places) if other != p and k == j)
        if others and was & after[j].stands_for(q, colours):
            options.append((j, None))
        for k, new in enumerate(after):
            options += [(k, tile) for tile in new.tiles if tile in was]
        per_joker.append(options)
    for choice in product(*per_joker):
        rights = [tile for _, tile in choice if tile is not None]
        if isinstance(meld, mr.Group) and len(set(rights)) < len(rights):
            continue
        if min_stay is None:
            return True
        where = [j for j, _ in places]
        for p, (k, _) in zip(jokers, choice):
            where[p] = k
        most = max(Counter(where).values())
        if not 1 < most < min(min_stay, len(meld.tiles)):
            return True
    return False


def rack_keeps_rules(
    min_stay: int | None,
    table: tuple[mr.Meld, ...],
    image: dict[tuple[int, int], tuple[int, int]],
    after: tuple[mr.Meld, ...],
    only: int | None = None,
    colours: int = 4,
) -> bool:
    """``meld_keeps_rules`` with ``Rules.joker_from_rack`` (R-RUM-JOK-2), for the whole table
    under one matching (or old combination ``only``): the new places no old tile went to are
    the rack's tiles, and each moved joker's right tile is one of them, a tile of its own."""
    rack = {(j, q) for j, meld in enumerate(after) for q in range(len(meld.tiles))}
    rack -= set(image.values())
    melds = range(len(table)) if only is None else [only]
    jokers = [(i, p) for i in melds for p, tile in enumerate(table[i].tiles) if tile.is_joker]
    per_joker = []
    for i, p in jokers:
        j, q = image[(i, p)]
        was = table[i].stands_for(p, colours)
        options: list[tuple[int, tuple[int, int] | None]] = []
        others = sum(1 for o in range(len(table[i].tiles)) if o != p and image[(i, o)][0] == j)
        if others and was & after[j].stands_for(q, colours):
            options.append((j, None))
        options += [(k, (k, r)) for k, r in sorted(rack) if after[k].tiles[r] in was]
        per_joker.append(options)
    for choice in product(*per_joker):
        used = [slot for _, slot in choice if slot is not None]
        if len(set(used)) < len(used):
            continue
        where = {(i, p): k for (i, p), (k, _) in zip(jokers, choice)}
        if any(
            isinstance(table[i], mr.Group) and after[k].tiles[r] == after[k2].tiles[r2]
            for (i, p), (_, a) in zip(jokers, choice)
            for (i2, p2), (_, b) in zip(jokers, choice)
            if a is not None and b is not None and i == i2 and p < p2
            for (k, r), (k2, r2) in [(a, b)]
        ):
            continue
        if min_stay is None:
            return True
        if all(
            not 1
            < max(
                Counter(
                    where.get((i, p), image[(i, p)][0]) for p in range(len(table[i].tiles))
                ).values()
            )
            < min(min_stay, len(table[i].tiles))
            for i in melds
        ):
            return True
    return False


def all_matchings(
    table: tuple[mr.Meld, ...], after: tuple[mr.Meld, ...]
) -> Iterator[dict[tuple[int, int], tuple[int, int]]]:
    """Every matching of the old tiles to new places of the same tile."""
    old_slots: dict[mr.Tile, list[tuple[int, int]]] = {}
    new_slots: dict[mr.Tile, list[tuple[int, int]]] = {}
    for i, meld in enumerate(table):
        for p, tile in enumerate(meld.tiles):
            old_slots.setdefault(tile, []).append((i, p))
    for j, meld in enumerate(after):
        for q, tile in enumerate(meld.tiles):
            new_slots.setdefault(tile, []).append((j, q))
    kinds = list(old_slots)
    for combo in product(*(permutations(new_slots[k], len(old_slots[k])) for k in kinds)):
        yield {
            old: new for k, option in zip(kinds, combo) for old, new in zip(old_slots[k], option)
        }


def brute_legal(
    min_stay: int | None,
    table: tuple[mr.Meld, ...],
    after: tuple[mr.Meld, ...],
    from_rack: bool = False,
    colours: int = 4,
) -> bool:
    """Whether some matching keeps every old combination legal: every matching tried."""
    if from_rack:
        return any(
            rack_keeps_rules(min_stay, table, image, after, colours=colours)
            for image in all_matchings(table, after)
        )
    return any(
        all(
            meld_keeps_rules(
                min_stay, meld, [image[(i, p)] for p in range(len(meld.tiles))], after, colours
            )
            for i, meld in enumerate(table)
        )
        for image in all_matchings(table, after)
    )


def brute_lost(
    min_stay: int | None,
    table: tuple[mr.Meld, ...],
    after: tuple[mr.Meld, ...],
    from_rack: bool = False,
) -> set[int]:
    """The old combinations that no matching keeps legal, each judged alone."""
    lost = set(range(len(table)))
    if from_rack:
        images = list(all_matchings(table, after))
        return {
            i
            for i in lost
            if not any(rack_keeps_rules(min_stay, table, image, after, i) for image in images)
        }
    new_slots: dict[mr.Tile, list[tuple[int, int]]] = {}
    for j, meld in enumerate(after):
        for q, tile in enumerate(meld.tiles):
            new_slots.setdefault(tile, []).append((j, q))
    for i in sorted(lost):
        meld = table[i]
        options = [new_slots[tile] for tile in meld.tiles]
        for places in product(*options):
            if len(set(places)) == len(places) and meld_keeps_rules(
                min_stay, meld, list(places), after
            ):
                lost.discard(i)
                break
    return lost


def matchings(table: tuple[mr.Meld, ...], after: tuple[mr.Meld, ...]) -> int:
    """How many matchings ``brute_legal`` tries."""
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
            assert not isinstance(action, (mr.TimeOut, Resign))  # bots only act
            state = mr.apply(state, action)
    return tuple(found)


def candidate_tables(
    table: tuple[mr.Meld, ...], rack: tuple[mr.Tile, ...], count: int
) -> Iterator[tuple[mr.Meld, ...]]:
    """The first ``count`` tables the solver enumerates: legal or not."""
    need = counts(tile for meld in table for tile in meld.tiles)
    avail = [a + b for a, b in zip(need, counts(rack))]
    return islice(tables(need, avail), count)


@pytest.mark.slow
@pytest.mark.parametrize(
    ("min_stay", "from_rack"),
    [(3, False), (2, False), (4, False), (None, False), (3, True), (None, True)],
)
def test_judge_agrees_with_the_brute_force_in_self_play(
    min_stay: int | None, from_rack: bool
) -> None:
    # R-RUM-RE-2, R-RUM-JOK-3 (and R-RUM-JOK-2 with Rules.joker_from_rack): the judge finds a
    # legal matching exactly when one exists
    rules = attrs.evolve(CLASSIC, min_stay=min_stay, joker_from_rack=from_rack)
    compared = illegal = 0
    for state in opened_positions():
        for after in candidate_tables(state.table, state.rack, 100):
            if matchings(state.table, after) > 4096:
                continue
            verdict = rearrangement_error(rules, state.table, after)
            assert (verdict is None) == brute_legal(min_stay, state.table, after, from_rack)
            compared += 1
            illegal += verdict is not None
    assert compared > 200
    if min_stay is not None and min_stay > 2:
        assert illegal > 20


SMALL_JOKER_TABLES = [
    ("[gn4 gn5 J]", "{pu4 bk4 gy4}", "{pu5 bk5 gy5}"),
    ("[gn4 gn5 J]", "[J gn7 gn8]"),
    ("{gn4 bk4 J}", "[pu3 pu4 pu5]", "[gy2 gy3 gy4 gy5]"),
    ("[J bk9 J]", "[bk10 bk11 bk12]"),
    ("{gn7 J J}", "[bk6 bk7 bk8 bk9]"),
    ("[pu2 J pu4 pu5]", "{pu3 bk3 gn3}", "{pu6 bk6 gn6 gy6}"),
    ("{pu8 bk8 gn8 J}", "[gy6 gy7 gy8]", "{pu9 bk9 gy9}"),
]
SMALL_RACKS = [
    "gn6 gn3 pu6",
    "gn6 gy8 bk10",
    "pu4 gy4 gn3",
    "bk8 bk13 gn7",
    "gy7 pu7 bk5",
    "pu3 gy3 pu1",
]


@pytest.mark.parametrize("melds", SMALL_JOKER_TABLES)
def test_judge_agrees_with_the_brute_force_on_joker_tables(melds: tuple[str, ...]) -> None:
    # R-RUM-JOK-3: with jokers on the table, every candidate table judged both ways, every knob
    # R-RUM-JOK-2 (Rules.joker_from_rack): the right tile from the rack, both readings judged
    table = sort_table(P(m) for m in melds)
    compared = legal = named = 0
    loose: dict[tuple[tuple[mr.Meld, ...], int | None], bool] = {}
    for rack in SMALL_RACKS:
        for after in candidate_tables(table, T(rack), 400):
            for min_stay, from_rack in product((3, 2, 4, None), (False, True)):
                rules = attrs.evolve(CLASSIC, min_stay=min_stay, joker_from_rack=from_rack)
                verdict = rearrangement_error(rules, table, after)
                brute = brute_legal(min_stay, table, after, from_rack)
                assert (verdict is None) == brute, (after, min_stay, from_rack)
                assert rearrangement_allowed(rules, table, after) == (verdict is None)
                if not from_rack:
                    loose[(after, min_stay)] = brute
                elif brute:  # the rack's tile is one way the right tile can come
                    assert loose[(after, min_stay)]
                lost = (
                    brute_lost(min_stay, table, after, from_rack) if verdict is not None else set()
                )
                if lost:  # the error names a combination that no matching can save
                    names = [f"of {table[i]}," for i in lost]
                    names += [f"joker in {table[i]} " for i in lost]
                    assert any(name in str(verdict) for name in names), (verdict, after)
                    named += 1
                compared += 1
                legal += verdict is None
    assert compared > 20
    assert 0 < legal < compared
    assert named > 0


THREE_COLOUR_TABLES = [
    ("{pu5 bk5 J}", "[gn3 gn4 gn5]"),
    ("{pu7 J J}", "[bk6 bk7 bk8]"),
    ("{pu4 bk4 J}", "{pu6 bk6 gn6}", "[gn3 gn4 gn5]"),
    ("{bk9 gn9 J}", "[pu7 pu8 pu9]"),
]
THREE_COLOUR_RACKS = ["gn5 bk3 pu6", "pu5 gn7 bk9", "gn4 pu4 bk5", "bk3 bk4 gn2"]


@pytest.mark.parametrize("melds", THREE_COLOUR_TABLES)
def test_judge_agrees_with_the_brute_force_in_a_set_of_three_colours(
    melds: tuple[str, ...],
) -> None:
    # R-RUM-SET-1 with R-RUM-JOK-2/3: a group's joker stands for the set's missing colours
    # only; the judge and the brute force read it so
    table = sort_table(P(m) for m in melds)
    compared = 0
    for rack in THREE_COLOUR_RACKS:
        need = counts(tile for meld in table for tile in meld.tiles)
        avail = [a + b for a, b in zip(need, counts(T(rack)))]
        for after in islice(tables(need, avail, colours=3, values=13), 300):
            for min_stay, from_rack in product((3, None), (False, True)):
                rules = attrs.evolve(
                    CLASSIC, min_stay=min_stay, joker_from_rack=from_rack, colours=3
                )
                verdict = rearrangement_error(rules, table, after)
                brute = brute_legal(min_stay, table, after, from_rack, colours=3)
                assert (verdict is None) == brute, (after, min_stay, from_rack)
                compared += 1
    assert compared > 20


def test_a_group_joker_of_three_colours_moves_where_the_boxs_would_stay() -> None:
    # R-RUM-JOK-2/3 in a set of three colours: {pu5 bk5 J} becomes {pu5 gn5 J}. In the box the
    # joker may stay, as gy5 both times; with three colours it was gn5 and is now bk5, so it
    # moved, and with Rules.joker_from_rack its right tile gn5 had to come from the rack
    table = sort_table(P(m) for m in ("{pu5 bk5 J}", "[gn3 gn4 gn5]"))
    after = sort_table(P(m) for m in ("{pu5 gn5 J}", "[bk3 bk4 bk5]", "[gn2 gn3 gn4]"))
    box = attrs.evolve(CLASSIC, min_stay=None, joker_from_rack=True)
    assert rearrangement_error(box, table, after) is None
    assert brute_legal(None, table, after, from_rack=True)
    three = attrs.evolve(box, colours=3)
    error = rearrangement_error(three, table, after)
    assert error is not None
    assert "R-RUM-JOK-3: the joker in {pu5 bk5 J} moves only once gn5 from your rack" in str(error)
    assert not brute_legal(None, table, after, from_rack=True, colours=3)


def test_the_error_names_the_combination_no_matching_can_save() -> None:
    # R-RUM-RE-2 (not R-RUM-JOK-3): gy11 replaced the joker of {pu11 gn11 J}, which may move;
    # {bk12 gn12 pu12} keeps 2 of its 3 tiles together whichever copy went where
    state = mr.position(
        CLASSIC,
        racks=[T("gy11 gy12 gy12 gy13"), T("bk1")],
        table=[P("{pu11 gn11 J}"), P("[pu8 pu9 pu10 pu11]"), P("{bk12 gn12 pu12}")],
        opened=[0, 1],
    )
    after = ("[pu8 pu9 pu10 pu11 pu12]", "{pu11 gn11 gy11}", "{bk12 gn12 gy12}", "[J gy12 gy13]")
    with pytest.raises(mr.IllegalActionError) as refused:
        mr.apply(state, mr.Play(tuple(P(m) for m in after)))
    assert refused.value.rule == "R-RUM-RE-2"
    assert "of {pu12 bk12 gn12}, only 2 tiles stay together" in str(refused.value)


def test_a_joker_is_not_split_off_in_place() -> None:
    # R-RUM-JOK-3: the joker of [gn3 gn4 gn5 J] (green 6) may stay beside its old tiles, but
    # it leaves them only once a green 6 has taken its place; none is laid here
    state = mr.position(
        CLASSIC, racks=[T("gn7 gn8 pu1"), T("bk1")], table=[P("[gn3 gn4 gn5 J]")], opened=[0, 1]
    )
    with pytest.raises(mr.IllegalActionError) as refused:
        mr.apply(state, mr.Play((P("[gn3 gn4 gn5]"), P("[J gn7 gn8]"))))
    assert refused.value.rule == "R-RUM-JOK-3"
    assert "moves only once gn6 has taken its place" in str(refused.value)
    extended = mr.apply(state, mr.Play((P("[gn3 gn4 gn5 J gn7 gn8]"),)))
    assert extended.racks[0] == T("pu1")


def runs(colour: str, a: int, b: int) -> mr.Meld:
    return P("[" + " ".join(f"{colour}{v}" for v in range(a, b + 1)) + "]")


def test_a_full_rearrangement_with_a_joker_is_accepted() -> None:
    # R-RUM-JOK-3, R-RUM-RE-2: purple 1 replaces the joker of [J pu2 .. pu13], the joker goes to
    # [gy1 gy2 J], the runs and groups are cut anew: legal (61 tiles on the table)
    old = [
        P("[J " + " ".join(f"pu{v}" for v in range(2, 14)) + "]"),
        runs("pu", 2, 4),
        *[P(f"{{pu{v} bk{v} gn{v}}}") for v in range(5, 14)],
        runs("bk", 5, 13),
        runs("gn", 5, 13),
    ]
    new = [
        runs("pu", 1, 3),
        runs("pu", 2, 13),
        runs("pu", 4, 13),
        runs("bk", 5, 13),
        runs("bk", 5, 13),
        runs("gn", 5, 13),
        runs("gn", 5, 13),
        P("[gy1 gy2 J]"),
    ]
    assert sum(len(m.tiles) for m in old) == 61
    for rules in (RUMMIKUB, CLASSIC, attrs.evolve(CLASSIC, min_stay=4)):
        state = mr.position(
            rules, racks=[T("pu1 gy1 gy2 bk1"), T("gy13")], table=old, opened=[0, 1]
        )
        after = mr.apply(state, mr.Play(new))
        assert after.racks[0] == T("bk1")
    # with min_stay 13 the old [J pu2 .. pu13] (pu1 in the joker's place) is neither kept
    # together nor scattered: refused, and the judge says which
    state = mr.position(
        attrs.evolve(CLASSIC, min_stay=13),
        racks=[T("pu1 gy1 gy2 bk1"), T("gy13")],
        table=old,
        opened=[0, 1],
    )
    with pytest.raises(mr.IllegalActionError, match="R-RUM-RE-2"):
        mr.apply(state, mr.Play(new))


def test_best_play_on_the_full_table_goes_out() -> None:
    # R-RUM-END-1, R-RUM-JOK-3: on the 61-tile table the whole rack of four can be laid (pu1
    # takes the joker's place, the joker goes to {pu2 gy2 J}, bk1 with pu1 and gy1), so the
    # best play, which lays the most tiles, goes out
    old = [
        P("[J " + " ".join(f"pu{v}" for v in range(2, 14)) + "]"),
        runs("pu", 2, 4),
        *[P(f"{{pu{v} bk{v} gn{v}}}") for v in range(5, 14)],
        runs("bk", 5, 13),
        runs("gn", 5, 13),
    ]
    out = [
        runs("pu", 2, 4),
        runs("pu", 3, 13),
        runs("bk", 5, 13),
        runs("gn", 5, 13),
        P("{pu1 bk1 gy1}"),
        P("{pu2 gy2 J}"),
        *[P(f"{{pu{v} bk{v} gn{v}}}") for v in range(5, 14)],
    ]
    for rules in (CLASSIC, RUMMIKUB):
        state = mr.position(
            rules, racks=[T("pu1 gy1 gy2 bk1"), T("gy13")], table=old, opened=[0, 1]
        )
        assert mr.apply(state, mr.Play(out)).is_terminal
        best = mr.best_play(state)
        assert best is not None
        assert mr.apply(state, best).is_terminal


def test_the_replaced_jokers_combination_may_be_taken() -> None:
    # R-RUM-JOK-3 (and R-RUM-RE-1): gn6 takes the joker's place in [gn4 gn5 J]; then the whole
    # [gn4 gn5 gn6] is taken and re-used; the joker goes anywhere on the table
    table = ["[gn4 gn5 J]", "{pu4 bk4 gy4}", "{pu5 bk5 gy5}", "[gn7 gn8 gn9]", "[pu10 pu11 pu12]"]
    state = mr.position(
        CLASSIC, racks=[T("gn6 bk1"), T("gy13")], table=[P(m) for m in table], opened=[0, 1]
    )
    for joker_in in ("[pu10 pu11 pu12 J]", "[gn6 gn7 gn8 gn9 J]"):
        after = [
            "{pu4 bk4 gy4 gn4}",
            "{pu5 bk5 gy5 gn5}",
            "[gn6 gn7 gn8 gn9]" if "gn" not in joker_in else joker_in,
            "[pu10 pu11 pu12]" if "pu" not in joker_in else joker_in,
        ]
        assert mr.apply(state, mr.Play([P(m) for m in after])).racks[0] == T("bk1")
    # but two tiles of the replaced combination kept together, the third gone, break R-RUM-RE-2
    state = mr.position(
        CLASSIC,
        racks=[T("gn6 gn3 bk1"), T("gy13")],
        table=[P("[gn4 gn5 J]"), P("[gn7 gn8 gn9]"), P("[pu10 pu11 pu12]")],
        opened=[0, 1],
    )
    with pytest.raises(mr.IllegalActionError, match=r"R-RUM-RE-2: of \[gn4 gn5 J\], only 2"):
        mr.apply(
            state, mr.Play([P("[gn3 gn4 gn5]"), P("[gn6 gn7 gn8 gn9]"), P("[pu10 pu11 pu12 J]")])
        )
    # with free rearranging the same play is legal
    free = attrs.evolve(state, rules=RUMMIKUB)
    mr.apply(free, mr.Play([P("[gn3 gn4 gn5]"), P("[gn6 gn7 gn8 gn9]"), P("[pu10 pu11 pu12 J]")]))


def test_an_unreplaced_joker_is_refused_with_its_right_tile_named() -> None:
    # R-RUM-JOK-3: no green 7 on the table after the play: the joker of [gn5 gn6 J] cannot move
    state = mr.position(
        CLASSIC, racks=[T("gn4 bk10 bk11 pu1"), T("gy13")], table=[P("[gn5 gn6 J]")], opened=[0, 1]
    )
    for rules in (CLASSIC, RUMMIKUB):
        with pytest.raises(mr.IllegalActionError, match=r"R-RUM-JOK-3: the joker in .* gn7"):
            mr.apply(
                attrs.evolve(state, rules=rules), mr.Play([P("[gn4 gn5 gn6]"), P("[bk10 bk11 J]")])
            )


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


def judged(case: Case) -> tuple[mr.IllegalActionError | None, int]:
    """The judge's verdict on a case and the nodes its search visited."""
    rules, before, after = case
    judge = _Judge(rules.min_stay, sort_table(before), sort_table(after))
    return judge.error(), judge.search.nodes


def test_hostile_play_linked_in_one_part() -> None:
    # R-RUM-RE-2: 26 duplicated kinds in one part, the group that breaks the rule last in tile
    # order: 2^26 matchings in that order; propagation settles it at once
    assert matchings(*hostile.linked()[1:]) == 2**26
    error, nodes = judged(hostile.linked())
    assert error is not None
    assert error.rule == "R-RUM-RE-2"
    assert nodes < 10
    state, play = play_on(hostile.linked())
    with pytest.raises(
        mr.IllegalActionError, match=r"R-RUM-RE-2: of \{pu13 bk13 gn13 gy13\}, only 2"
    ):
        mr.apply(state, play)


def test_hostile_plays_are_decided_not_given_up() -> None:
    # R-RUM-RE-2: every hostile play of the benchmark gets a verdict, the one the brute force
    # gives on the small ones, and none says the judge gave up
    error, _ = judged(hostile.independent())
    assert error is not None
    assert "gy1 gy2 gy3 gy4 gy5 gy6" in str(error)
    error, nodes = judged(hostile.exhausting())
    assert error is not None
    assert error.rule == "R-RUM-RE-2"
    assert nodes < 100  # 2^13 matchings; a choice forces the rest
    assert judged(hostile.wide())[0] is None
    for case in hostile.CASES.values():
        error, _ = judged(case())
        assert error is None or "gave up" not in str(error)
    state, play = play_on(hostile.exhausting())
    with pytest.raises(mr.IllegalActionError, match="R-RUM-RE-2: of"):
        mr.apply(state, play)


def test_tables_whose_counts_disagree_are_a_clear_error() -> None:
    # R-RUM-RE-3: the judge is asked only about tables with every old tile still there
    with pytest.raises(ValueError, match="gn4: 1 on the table before, 0 after"):
        rearrangement_error(CLASSIC, (P("[gn4 gn5 gn6]"),), (P("[gn5 gn6 gn7]"),))


# Random big tables with a rearrangement known to be legal: built from moves the rule book
# allows, each old combination touched by one move at most.

COLOURS = ("pu", "bk", "gn", "gy")


def tile(colour: str, value: int) -> mr.Tile:
    return mr.parse_tile(f"{colour}{value}")


def take(pool: Counter[mr.Tile], tiles: list[mr.Tile]) -> bool:
    """Take ``tiles`` from the pool if all are there."""
    need = Counter(tiles)
    if need - pool:
        return False
    pool.subtract(need)
    return True


def random_table(rng: random.Random, pool: Counter[mr.Tile]) -> list[mr.Meld]:
    melds: list[mr.Meld] = []
    for _ in range(60):
        if sum(len(m.tiles) for m in melds) >= 70:
            break
        if rng.random() < 0.6:
            colour = rng.choice(COLOURS)
            length = rng.randint(3, 9)
            start = rng.randint(1, 14 - length)
            tiles = [tile(colour, v) for v in range(start, start + length)]
            if rng.random() < 0.15:
                tiles[rng.randrange(length)] = mr.JOKER
            if take(pool, tiles):
                melds.append(mr.Run(tiles))
        else:
            value = rng.randint(1, 13)
            tiles = [tile(c, value) for c in rng.sample(COLOURS, rng.choice((3, 4)))]
            if rng.random() < 0.15:
                tiles[-1] = mr.JOKER
            if take(pool, tiles):
                melds.append(mr.Group(tiles))
    return melds


def rearranged(rng: random.Random, meld: mr.Meld, pool: Counter[mr.Tile]) -> list[mr.Meld] | None:
    """The meld after one legal move (R-RUM-LAY-1, R-RUM-RE-1/2/4, R-RUM-JOK-2/3), with rack
    tiles taken from the pool; ``None`` when the move drawn does not fit."""
    move = rng.randrange(6)
    tiles = list(meld.tiles)
    if any(t.is_joker for t in tiles) and move < 3:
        place = next(p for p, t in enumerate(tiles) if t.is_joker)
        right = sorted(meld.stands_for(place), key=lambda t: t.index)[0]
        colour = rng.choice(COLOURS)
        value = rng.randint(1, 11)
        home = [tile(colour, value), tile(colour, value + 1)]
        if not take(pool, [right, *home]):
            return None
        tiles[place] = right
        replaced = type(meld)(tiles)
        return [replaced, mr.Run([*home, mr.JOKER])]  # the joker exchanged and re-used
    if isinstance(meld, mr.Run):
        start, size, colour = meld.start, len(tiles), meld.colour.value
        if move == 3 and size >= 6:
            cut = rng.randint(3, size - 3)
            return [mr.Run(tiles[:cut]), mr.Run(tiles[cut:])]
        if move == 4 and size >= 5:
            cut = rng.randint(2, size - 3)  # split with a second copy of the tile at ``cut``
            if tiles[cut].is_joker or not take(pool, [tiles[cut]]):
                return None
            return [mr.Run(tiles[: cut + 1]), mr.Run([tiles[cut], *tiles[cut + 1 :]])]
        if move == 5 and size >= 4 and not tiles[-1].is_joker:
            end = tiles[-1]
            others = [tile(c, end.value) for c in COLOURS if c != colour]
            if not take(pool, others[:2]):
                return None
            return [mr.Run(tiles[:-1]), mr.Group([end, *others[:2]])]
        if start + size <= 13 and take(pool, [tile(colour, start + size)]):
            return [mr.Run([*tiles, tile(colour, start + size)])]
        return None
    present = {t.colour for t in tiles}
    missing = [c for c in mr.Colour if c not in present]
    if move == 5 and len(tiles) == 4 and not tiles[0].is_joker:
        taken = tiles[0]
        value = taken.value
        assert taken.colour is not None
        home = [tile(taken.colour.value, v) for v in (value + 1, value + 2)] if value <= 11 else []
        if home and take(pool, home):
            return [mr.Group(tiles[1:]), mr.Run([taken, *home])]
        return None
    if missing and len(tiles) == 3 and take(pool, [mr.Tile(missing[0], meld.value)]):
        return [mr.Group([*tiles, mr.Tile(missing[0], meld.value)])]
    return None


@st.composite
def legal_rearrangements(draw: st.DrawFn) -> tuple[list[mr.Meld], list[mr.Meld], list[mr.Tile]]:
    rng = draw(st.randoms(use_true_random=False))
    pool: Counter[mr.Tile] = Counter(dict.fromkeys(mr.TILES, 2))
    old = random_table(rng, pool)
    before_pool = Counter(pool)
    new: list[mr.Meld] = []
    for meld in old:
        result = rearranged(rng, meld, pool) if rng.random() < 0.7 else None
        new += result if result is not None else [meld]
    laid = list((before_pool - pool).elements())
    return old, new, laid


@settings(max_examples=examples(100), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(legal_rearrangements())
def test_big_tables_with_a_legal_rearrangement_are_accepted(
    case: tuple[list[mr.Meld], list[mr.Meld], list[mr.Tile]],
) -> None:
    # R-RUM-RE-2, R-RUM-JOK-3, R-RUM-RE-4: built from legal moves, so legal under every knob the
    # moves keep (three stay, or free rearranging)
    old, new, laid = case
    if not laid:
        return
    for rules in (CLASSIC, RUMMIKUB, attrs.evolve(CLASSIC, min_stay=2)):
        state = mr.position(rules, racks=[[*laid, *T("")], []], table=old, opened=[0, 1])
        after = mr.apply(state, mr.Play(new))
        assert after.table == sort_table(new)


def opening(rules: mr.Rules, rack: str, *melds: str) -> mr.State:
    return mr.position(rules, racks=[T(rack), T("bk1")], table=[P(m) for m in melds])


def lays(*melds: str) -> mr.Play:
    return mr.Play([P(m) for m in melds])


LAY_OFF = attrs.evolve(CLASSIC, lay_off_in_opening_turn=True)


def test_laying_onto_a_joker_combination_before_laying_out_is_open_3() -> None:
    # R-RUM-OPEN-3, not R-RUM-JOK-2: the joker of [gn5 gn6 J] stays where it is, gn4 is laid on
    state = opening(CLASSIC, "gn4 gn10 gn11 gn12 pu1", "[gn5 gn6 J]")
    with pytest.raises(mr.IllegalActionError, match="R-RUM-OPEN-3: before you have laid out"):
        mr.apply(state, lays("[gn4 gn5 gn6 J]", "[gn10 gn11 gn12]"))
    # whereas taking the joker for a green 7 is an exchange (R-RUM-JOK-2)
    state = opening(CLASSIC, "gn7 bk10 bk11 bk12 pu1", "[gn5 gn6 J]")
    with pytest.raises(mr.IllegalActionError, match="R-RUM-JOK-2"):
        mr.apply(state, lays("[gn5 gn6 gn7]", "[bk10 bk11 bk12 J]"))
    # with laying off in the opening turn, laying on is allowed (the points: 10 + 11 + 12)
    state = opening(LAY_OFF, "gn4 gn10 gn11 gn12 pu1", "[gn5 gn6 J]")
    assert mr.apply(state, lays("[gn4 gn5 gn6 J]", "[gn10 gn11 gn12]")).racks[0] == T("pu1")


def test_joker_exchange_in_the_opening_turn_follows_laying_off() -> None:
    # R-RUM-JOK-2 ("vorausgesetzt, er hat bereits ausgelegt", the words of R-RUM-OPEN-3): with
    # laying off in the opening turn, the joker may be exchanged in it too; only rack tiles count
    # (R-RUM-OPEN-1), so the freed joker's value does not: [bk10 bk11 bk12 J] counts 10+11+12
    state = opening(LAY_OFF, "gn7 bk10 bk11 bk12 pu1", "[gn5 gn6 J]")
    assert mr.apply(state, lays("[gn5 gn6 gn7]", "[bk10 bk11 bk12 J]")).racks[0] == T("pu1")
    # the joker laid back onto its own combination, a new run of 46 points
    state = opening(LAY_OFF, "gn7 bk10 bk11 bk12 bk13 pu1", "[gn5 gn6 J]")
    after = mr.apply(state, lays("[gn5 gn6 gn7 J]", "[bk10 bk11 bk12 bk13]"))
    assert after.racks[0] == T("pu1")
    # a group's joker, either missing colour (R-RUM-JOK-2), its joker in a new run
    state = opening(LAY_OFF, "gy4 gn11 gn12 gn13 pu1", "{gn4 bk4 J}")
    after = mr.apply(state, lays("{bk4 gn4 gy4}", "[J gn11 gn12 gn13]"))
    assert after.racks[0] == T("pu1")  # 11 + 12 + 13 = 36, the joker (gn10) not counted
    # 10 + 11 = 21 of rack tiles, the joker (12) not counted, the green 7 laid on not counted
    state = opening(LAY_OFF, "gn7 bk10 bk11 pu1", "[gn5 gn6 J]")
    with pytest.raises(
        mr.IllegalActionError,
        match=r"R-RUM-OPEN-1: the opening lays 21 points in new combinations \(tiles laid onto "
        r"the table's combinations do not count\); it needs 30",
    ):
        mr.apply(state, lays("[gn5 gn6 gn7]", "[bk10 bk11 J]"))
    # an unreplaced joker still never moves, and rearranging is still not allowed
    state = opening(LAY_OFF, "gn4 bk10 bk11 bk12 pu1", "[gn5 gn6 J]")
    with pytest.raises(mr.IllegalActionError, match="R-RUM-OPEN-3: in the turn you lay out"):
        mr.apply(state, lays("[gn4 gn5 gn6]", "[bk10 bk11 bk12 J]"))


def test_opening_message_without_lay_off_names_no_lay_off() -> None:
    # R-RUM-OPEN-1: only new combinations laid: the message says the points alone
    state = opening(CLASSIC, "gn1 gn2 gn3 bk7 gy7 gn7 gy10")
    with pytest.raises(mr.IllegalActionError, match=r"lays 27 points; it needs 30$"):
        mr.apply(state, lays("[gn1 gn2 gn3]", "{bk7 gn7 gy7}"))


def test_classic_plays_the_main_rules_and_handrummy_is_a_variant() -> None:
    # R-RUM-VAR-HAND: the text prints Handrummy under "Spielvariante", a variant agreed
    # beforehand: the classic preset leaves it out, classic(handrummy=True) plays it
    rack = T("gn1 gn2 gn3 pu1 bk1 gy1")
    whole = lays("[gn1 gn2 gn3]", "{pu1 bk1 gy1}")  # 12 points, the whole rack at once
    assert not CLASSIC.handrummy
    with pytest.raises(mr.IllegalActionError, match="R-RUM-OPEN-1"):
        mr.apply(mr.position(CLASSIC, racks=[rack, T("bk9")]), whole)
    variant = mr.Rules.classic(3, handrummy=True)
    assert variant == attrs.evolve(mr.Rules.classic(3), handrummy=True)
    after = mr.apply(mr.position(variant, racks=[rack, T("bk9"), T("gy9")]), whole)
    assert after.end_rule == "R-RUM-VAR-HAND"
    assert mr.scores(after) == (36, -18, -18)  # 9 and 9, counted double
