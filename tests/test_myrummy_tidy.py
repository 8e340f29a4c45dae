"""The tidy step of MyRummy's solver: the same tiles, the old table changed as little as possible."""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

import attrs
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from hypothesis_profiles import examples
from test_myrummy_solver import positions

import morpyam.myrummy as mr
from morpyam.errors import IllegalActionError
from morpyam.myrummy.core._judge import judge_play
from morpyam.myrummy.core._melds import sort_table
from morpyam.myrummy.notation import _records as records
from morpyam.myrummy.solve import _plays as solver
from morpyam.myrummy.solve._methods import best_table
from morpyam.myrummy.solve._plays import _branch_and_bound
from morpyam.myrummy.solve._tidy import tidy

CLASSIC = mr.Rules.classic()


def melds(*texts: str) -> tuple[mr.Meld, ...]:
    return tuple(mr.parse_meld(text) for text in texts)


def table_text(table: Sequence[mr.Meld]) -> str:
    return " ".join(map(str, table))


def laid_out(
    rack: str, *table: str, opened: bool = True, rules: mr.Rules = CLASSIC, other: str = "bk1"
) -> mr.State:
    """Player 0 on turn with ``rack`` before ``table``; player 1 holds ``other``."""
    return mr.position(
        rules,
        racks=[mr.parse_tiles(rack), mr.parse_tiles(other)],
        table=melds(*table),
        opened=[0] if opened else [],
    )


def raw_table(state: mr.State, points_first: bool = False) -> tuple[mr.Meld, ...] | None:
    """The solver's table before tidying, by the path ``best_play`` takes."""
    if not state.opened[state.player] and state.rules.lay_off_in_opening_turn:
        found = _branch_and_bound(state, points_first)
        return None if found is None else found.table
    return best_table(state, points_first=points_first)


def tiles_of(table: Sequence[mr.Meld]) -> Counter[mr.Tile]:
    return Counter(tile for meld in table for tile in meld.tiles)


def test_a_tile_laid_on_a_long_run_gives_one_longer_run() -> None:
    # R-RUM-LAY-1, R-RUM-MELD-2: green 12 laid at the end of green 1-11 makes green 1-12
    # (the program alone hands back four runs of three)
    state = laid_out("gn12", "[gn1 gn2 gn3 gn4 gn5 gn6 gn7 gn8 gn9 gn10 gn11]", "{pu5 bk5 gy5}")
    expected = "play [gn1 gn2 gn3 gn4 gn5 gn6 gn7 gn8 gn9 gn10 gn11 gn12] {pu5 bk5 gy5}"
    for points_first in (False, True):
        best = mr.best_play(state, points_first=points_first)
        assert str(best) == expected
        assert best is not None
        mr.apply(state, best)


def test_pieces_of_an_old_run_are_joined_again() -> None:
    # R-RUM-RE-1, R-RUM-MELD-2: the split of green 1-5 in the table after is undone
    old = melds("[gn1 gn2 gn3 gn4 gn5]")
    assert table_text(tidy(old, melds("[gn1 gn2 gn3]", "[gn4 gn5 gn6]"))) == (
        "[gn1 gn2 gn3 gn4 gn5 gn6]"
    )


@pytest.mark.parametrize(
    ("rack", "table", "expected"),
    [
        # the joker stands for green 3 by its place and stays there
        ("gn8", "[gn1 gn2 J gn4 gn5 gn6 gn7]", "play [gn1 gn2 J gn4 gn5 gn6 gn7 gn8]"),
        # the joker (green 4) is the first tile of the second piece: joined at it
        ("gn7", "[gn1 gn2 gn3 J gn5 gn6]", "play [gn1 gn2 gn3 J gn5 gn6 gn7]"),
    ],
)
def test_runs_with_a_joker_are_joined_by_the_value_it_stands_for(
    rack: str, table: str, expected: str
) -> None:
    # R-RUM-JOK-1, R-RUM-JOK-3: a joker in a run counts for the value of its place; the
    # table joker is not moved (its old neighbours stay with it)
    state = laid_out(rack, table)
    best = mr.best_play(state)
    assert str(best) == expected
    assert best is not None
    (run,) = best.table
    assert isinstance(run, mr.Run)
    joker = run.tiles.index(mr.JOKER)
    assert run.stands_for(joker) == mr.parse_meld(table).stands_for(joker)
    mr.apply(state, best)


def test_two_old_runs_that_were_apart_stay_apart() -> None:
    # R-RUM-LAY-1, R-RUM-RE-1: green 7-9 is laid onto green 4-6, and green 1-3 and 4-6,
    # two combinations before, are not made one
    state = laid_out("gn7 gn8 gn9", "[gn1 gn2 gn3]", "[gn4 gn5 gn6]")
    assert str(mr.best_play(state)) == "play [gn1 gn2 gn3] [gn4 gn5 gn6 gn7 gn8 gn9]"
    old = melds("[gn1 gn2 gn3]", "[gn4 gn5 gn6]")
    assert tidy(old, old) == sort_table(old)


def test_old_runs_apart_stay_apart_when_their_copies_are_laid_elsewhere() -> None:
    # R-RUM-RE-1: the rack's green 4, 5 and 6 go into groups; the old runs green 1-3 and
    # 4-6, left as they were, are not mistaken for runs laid this turn and joined
    state = laid_out("gn4 bk4 gy4 gn5 bk5 gy5 gn6 pu6 bk6 pu9", "[gn1 gn2 gn3]", "[gn4 gn5 gn6]")
    play = mr.best_play(state)
    assert play is not None
    runs = [str(meld) for meld in play.table if isinstance(meld, mr.Run)]
    assert runs == ["[gn1 gn2 gn3]", "[gn4 gn5 gn6]"]
    assert len(mr.apply(state, play).racks[0]) == 1  # all but pu9, as counted by hand


def test_a_handrummy_stays_a_handrummy() -> None:
    # R-RUM-VAR-HAND with R-RUM-OPEN-3: all twelve tiles laid at once from the rack, in new
    # combinations only, count double; joining the new green 2-4 to the old green 5-7 would make
    # it a lay-off and halve the score
    rules = attrs.evolve(CLASSIC, lay_off_in_opening_turn=True, handrummy=True)
    state = laid_out(
        "gn2 gn3 gn4 gn5 bk5 gy5 gn6 pu6 bk6 gn7 pu7 gy7",
        "[gn5 gn6 gn7]",
        opened=False,
        rules=rules,
        other="pu1",
    )
    play = mr.best_play(state)
    assert play is not None
    assert "[gn5 gn6 gn7]" in table_text(play.table)
    after = mr.apply(state, play)
    assert after.end_rule == "R-RUM-VAR-HAND"
    assert after.totals == (2, -2)  # pu1 doubled


def test_an_old_run_left_as_it_was_is_not_joined_to_a_piece_of_another() -> None:
    # R-RUM-RE-1, R-RUM-RE-2: purple 8 leaves [pu8 pu9 J pu11 pu12] for the group (four stay);
    # [pu6 pu7 pu8] lay apart from it before and still does, though a purple 8 lay next to
    # the purple 9 (the copy that went to the group)
    state = laid_out("gy8", "[pu6 pu7 pu8]", "[pu8 pu9 J pu11 pu12]", "[bk4 bk5 bk6 bk7 bk8]")
    best = mr.best_play(state)
    assert str(best) == "play [pu6 pu7 pu8] [pu9 J pu11 pu12] [bk4 bk5 bk6 bk7] {pu8 bk8 gy8}"
    assert best is not None
    mr.apply(state, best)
    # of two equal pieces, the one that is not an old run left whole is joined
    old = melds("[gn1 gn2 gn3]", "[gn1 gn2 gn3 gn4 gn5 gn6]")
    after = melds("[gn1 gn2 gn3]", "[gn1 gn2 gn3]", "[gn4 gn5 gn6]")
    assert tidy(old, after) == sort_table(old)


def test_a_rack_run_between_two_old_runs_joins_only_one() -> None:
    # R-RUM-LAY-1: green 4-6 from the rack joins green 1-3; green 7-9 stays apart
    state = laid_out("gn4 gn5 gn6", "[gn1 gn2 gn3]", "[gn7 gn8 gn9]")
    assert str(mr.best_play(state)) == "play [gn1 gn2 gn3 gn4 gn5 gn6] [gn7 gn8 gn9]"


def test_an_opening_lays_its_run_whole_and_leaves_the_table() -> None:
    # R-RUM-OPEN-1, R-RUM-OPEN-3: before laying out the table's runs are not touched; the
    # rack's run (green 4-12, 72 points) is laid whole as a new combination
    state = laid_out("gn4 gn5 gn6 gn7 gn8 gn9 gn10 gn11 gn12", "[gn1 gn2 gn3]", opened=False)
    best = mr.best_play(state)
    assert str(best) == "play [gn1 gn2 gn3] [gn4 gn5 gn6 gn7 gn8 gn9 gn10 gn11 gn12]"
    assert best is not None
    mr.apply(state, best)


def test_an_opening_that_lays_off_keeps_its_new_run_apart() -> None:
    # R-RUM-OPEN-1, R-RUM-OPEN-3 (Rules.lay_off_in_opening_turn, the branch and bound):
    # green 4 is laid off, green 8-13 (63 points) is the new combination, laid whole
    rules = attrs.evolve(CLASSIC, lay_off_in_opening_turn=True)
    state = laid_out("gn4 gn8 gn9 gn10 gn11 gn12 gn13", "[gn1 gn2 gn3]", opened=False, rules=rules)
    best = mr.best_play(state)
    assert str(best) == "play [gn1 gn2 gn3 gn4] [gn8 gn9 gn10 gn11 gn12 gn13]"
    assert best is not None
    mr.apply(state, best)


def test_old_groups_stay_whole_where_the_tiles_allow() -> None:
    # R-RUM-MELD-1, R-RUM-JOK-2: black 5 joins {pu5 gn5 J}; {pu5 bk5 gy5} stays as it was
    # (7 tiles: one group of 3 and one of 4; this is the only split keeping both old groups)
    state = laid_out("bk5", "{pu5 bk5 gy5}", "{pu5 gn5 J}")
    best = mr.best_play(state)
    assert str(best) == "play {pu5 bk5 gn5 J} {pu5 bk5 gy5}"
    assert best is not None
    mr.apply(state, best)


def test_groups_dealt_anew_for_nothing_are_dealt_back() -> None:
    # R-RUM-MELD-1: the same six tiles of value 5 in the other two groups go back to the old two
    old = melds("{pu5 bk5 gy5}", "{gn5 gy5 J}")
    assert tidy(old, melds("{pu5 gn5 gy5}", "{bk5 gy5 J}")) == sort_table(old)
    # before laying out, groups are left as the solver made them (R-RUM-OPEN-1)
    shuffled = melds("{pu5 gn5 gy5}", "{bk5 gy5 J}")
    assert tidy(old, shuffled, opened=False) == sort_table(shuffled)


def test_groups_are_matched_with_every_old_group() -> None:
    # R-RUM-MELD-1: three old groups of 5 and two new ones; {pu5 bk5 gn5 gy5} holds two old
    # groups but keeps only one, so the tiles are dealt to keep both {pu5 bk5 gy5} and
    # {pu5 gn5 gy5} (the first such split: {pu5 bk5 gy5} and {pu5 gn5 gy5 J})
    old = melds("{bk5 gn5 J}", "{pu5 bk5 gy5}", "{pu5 gn5 gy5}")
    tidied = tidy(old, melds("{pu5 gy5 J}", "{pu5 bk5 gn5 gy5}"))
    assert tidied == melds("{pu5 bk5 gy5}", "{pu5 gn5 gy5 J}")


@pytest.mark.parametrize("bad", ["[gn1 gn2 gn3]", [mr.parse_tiles("gn1 gn2 gn3")], None])
def test_tidy_refuses_what_is_no_table(bad: object) -> None:
    # R-RUM-RE-3: a table is a sequence of runs and groups; anything else is refused, not dropped
    table = melds("[gn1 gn2 gn3]")
    with pytest.raises(IllegalActionError, match="R-RUM-RE-3"):
        tidy(table, bad)  # type: ignore[arg-type]
    with pytest.raises(IllegalActionError, match="R-RUM-RE-3"):
        tidy(bad, table)  # type: ignore[arg-type]


def test_rejoining_an_old_run_can_break_three_must_stay() -> None:
    # R-RUM-RE-2 (min_stay 4): found in self-play. The solver's table is legal only if the
    # old [bk7 bk8 bk9 bk10] is taken wholly (no two of its tiles together): its bk7 in
    # [bk5 bk6 bk7], its bk9 in [bk8 bk9 bk10]. Joining those two pieces (bk7 and bk8 lay
    # side by side in it) puts bk7 and bk9 together again, two of four, which the rule
    # forbids; so does every other reading of which copy went where. best_play then
    # leaves the pieces of old runs apart.
    table = (
        "[pu1 pu2 pu3 pu4]",
        "[pu8 pu9 pu10 pu11 pu12]",
        "[bk1 bk2 bk3]",
        "[bk7 bk8 bk9 bk10]",
        "[bk9 bk10 bk11 bk12 bk13]",
        "[gn4 gn5 gn6 gn7]",
        "[gn9 gn10 gn11 J]",
        "[gy10 gy11 gy12 gy13]",
        "{pu2 bk2 gn2 gy2}",
        "{pu5 bk5 gy5}",
        "{pu6 bk6 gn6 gy6}",
        "{pu8 bk8 gn8 gy8}",
        "{pu13 bk13 gn13 gy13}",
        "{bk1 gn1 gy1}",
    )
    rules = attrs.evolve(CLASSIC, min_stay=4)
    state = laid_out("pu1 gn7 gy2 gy4 gy12", *table, rules=rules, other="bk4")
    raw = raw_table(state)
    assert raw is not None
    assert mr.Run(mr.parse_tiles("bk5 bk6 bk7")) in raw
    assert mr.Run(mr.parse_tiles("bk8 bk9 bk10")) in raw
    tidied = tidy(state.table, raw)
    assert mr.Run(mr.parse_tiles("bk5 bk6 bk7 bk8 bk9 bk10")) in tidied
    with pytest.raises(IllegalActionError, match="R-RUM-RE-2"):
        judge_play(rules, state.table, state.racks[0], True, tidied)
    assert check_tidy(state, False) == "refused"
    best = mr.best_play(state)
    assert best is not None
    assert best.table == tidy(state.table, raw, rejoin=False)


def test_a_refused_tidy_table_falls_back_to_the_solvers(monkeypatch: pytest.MonkeyPatch) -> None:
    # R-RUM-RE-2: should the judge refuse the tidied table, best_play keeps the solver's
    # (here a stand-in tidy takes away a table tile, which R-RUM-RE-3 forbids)
    state = laid_out("gn12", "[gn1 gn2 gn3 gn4 gn5 gn6 gn7 gn8 gn9 gn10 gn11]")
    monkeypatch.setattr(solver, "tidy", lambda before, after, opened, rejoin: after[1:])
    best = mr.best_play(state)
    assert best is not None
    assert best.table == raw_table(state)
    assert len(best.table) > 1  # the solver's pieces, not the one run a tidy would join


def refusal(state: mr.State, table: tuple[mr.Meld, ...]) -> IllegalActionError | None:
    """Why the judge refuses ``table`` after ``state``, or ``None``."""
    player = state.player
    try:
        judge_play(state.rules, state.table, state.racks[player], state.opened[player], table)
    except IllegalActionError as error:
        return error
    return None


def check_tidy(state: mr.State, points_first: bool) -> str | None:
    """The tidied table lays the same tiles as the solver's, has no more combinations, and is,
    when the judge allows it, what ``best_play`` returns (which passes ``apply``). What
    happened: "same" (tidying changed nothing), "changed", or "refused" (the judge refused
    the full tidying, for R-RUM-RE-2); ``None`` when there is no play."""
    raw = raw_table(state, points_first)
    best = mr.best_play(state, points_first=points_first)
    if raw is None:
        assert best is None
        return None
    assert best is not None
    mr.apply(state, best)
    player = state.player
    opened = state.opened[player]
    tidied = tidy(state.table, raw, opened=opened)
    assert tiles_of(tidied) == tiles_of(raw)
    assert len(tidied) <= len(raw)
    error = refusal(state, tidied)
    if error is not None:
        assert error.rule == "R-RUM-RE-2"
        assert best.table in (tidy(state.table, raw, opened=opened, rejoin=False), raw)
        return "refused"
    assert best == mr.Play(tidied)
    return "same" if tidied == raw else "changed"


@pytest.mark.slow
@pytest.mark.parametrize(
    "rules",
    [
        CLASSIC,
        attrs.evolve(CLASSIC, min_stay=4),
        mr.Rules.rummikub(),
        attrs.evolve(CLASSIC, lay_off_in_opening_turn=True),
    ],
    ids=["classic", "min-stay-4", "rummikub", "lay-off-in-opening"],
)
def test_tidy_needs_no_fallback_in_self_play(rules: mr.Rules) -> None:
    # R-RUM-RE-2, R-RUM-RE-3, R-RUM-JOK-3, R-RUM-OPEN-1: on every decision of greedy
    # matches, both objectives, the tidied table is legal as it is (the judge never refuses)
    found: Counter[str | None] = Counter()
    for seed in range(3):
        record = mr.play_match(rules, [mr.GreedyBot(40), mr.GreedyBot(40)], seed=seed)
        for state in records.positions(record):
            if state.is_chance or state.is_terminal:
                continue
            if sum(len(meld.tiles) for meld in state.table) > 40:
                continue
            for points_first in (False, True):
                found[check_tidy(state, points_first)] += 1
    assert found["same"] + found["changed"] >= 40
    assert found["changed"] > 0
    assert found["refused"] == 0


@settings(max_examples=examples(80), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(positions(max_rack=8), st.booleans())
def test_tidy_keeps_the_tiles_and_legality(state: mr.State, points_first: bool) -> None:
    # R-RUM-RE-2, R-RUM-RE-3, R-RUM-JOK-3: on random small positions (table jokers, free and
    # "three must stay" rearranging, before and after laying out) the tidied play is legal
    check_tidy(state, points_first)
