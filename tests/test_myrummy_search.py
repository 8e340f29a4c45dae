"""MyRummy's `search`: best_play's play when the solver finishes, else the quick play, with
the relaxation's bound.

No test times anything: a limit runs out because the clock the solver reads is
patched to jump past it after a given number of readings (``clocks.clock``),
never because time passed.
"""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Iterator
from contextlib import contextmanager

import attrs
import pytest
from clocks import SEARCH, clock
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from hypothesis_profiles import examples

import morpyam as mp
import morpyam.myrummy as mr
from morpyam.myrummy import strategies as rst
from morpyam.myrummy.solve import _ilp as ilp
from morpyam.myrummy.solve import _methods as best
from morpyam.myrummy.solve import _relaxation as dp
from morpyam.myrummy.solve._relaxation import relaxed_optimum

T, M = mr.parse_tiles, mr.parse_meld
CLASSIC = mr.Rules.classic()
PATHS = ("as installed", "integer program", "no scipy")
"""The exact solver's paths (module best): the dynamic program first on a small rack, the
integer program at every size, or without scipy the dynamic program and the program that
follows every copy (module copies). An opening that may also lay off takes the exhaustive
branch and bound on each."""
SLOW = settings(
    max_examples=examples(40), deadline=None, suppress_health_check=[HealthCheck.too_slow]
)


@contextmanager
def solver_path(path: str) -> Iterator[None]:
    """Send `best_play` and the bound down one of ``PATHS``."""
    with pytest.MonkeyPatch.context() as patch:
        if path != "as installed":
            patch.setattr(best, "SMALL_RACK", -1)
        if path == "no scipy":
            patch.setattr(ilp, "available", lambda: False)
        elif path == "integer program" and not ilp.available():  # pragma: no cover
            pytest.skip("scipy is not installed")
        yield


def laid(state: mr.State, play: mr.Play | None) -> tuple[int, int]:
    """(rack tiles, their penalty points) that ``play`` lays, counted on the racks ``apply``
    leaves (a play that goes out ends the round: the rack is then empty)."""
    if play is None:
        return (0, 0)
    after = mr.apply(state, play)
    same_round = after.round == state.round and not after.is_terminal
    rest = after.racks[state.player] if same_round else ()
    gone = Counter(state.rack) - Counter(rest)
    return sum(gone.values()), mr.rack_points(state.rules, gone.elements())


def ranked(score: tuple[int, int], points_first: bool) -> tuple[int, int]:
    return score[::-1] if points_first else score


def table_size(state: mr.State) -> int:
    return sum(len(meld.tiles) for meld in state.table)


def fits(meld: mr.Meld, tile: mr.Tile) -> bool:
    """Whether ``tile`` lies next to an end of the run ``meld``, or joins the group ``meld``."""
    if tile.is_joker:
        return True
    if isinstance(meld, mr.Run):
        colour = next(t.colour for t in meld.tiles if not t.is_joker)
        return tile.colour == colour and tile.value in (
            meld.start - 1,
            meld.start + len(meld.tiles),
        )
    colours = {t.colour for t in meld.tiles}
    return tile.value == meld.value and tile.colour not in colours and len(meld.tiles) < 4


@st.composite
def playable(draw: st.DrawFn, lay_off_opening: bool) -> mr.State:
    """A position where something can often be laid: a rack holding a combination of its own,
    tiles that fit the table's combinations and a few others, with any rules; with
    ``lay_off_opening`` an opening that may lay off, with a small rack and table (the
    exhaustive branch and bound solves these; long runs with jokers take it seconds)."""
    rules = attrs.evolve(draw(rst.rules()), lay_off_in_opening_turn=lay_off_opening)
    table = draw(rst.positions(rules, max_rack=0, max_melds=6)).table  # of the rules' set
    if lay_off_opening:
        table = tuple(
            meld for place, meld in enumerate(table) if place < 2 and len(meld.tiles) <= 4
        )
    full = rules.full_pool  # R-RUM-SET-1: only the set's tiles, as many as it has
    in_set = [tile for tile in mr.TILES if full[tile.index]]
    used = Counter(tile for meld in table for tile in meld.tiles)
    wanted = list(draw(rst.melds()).tiles)
    if not all(full[tile.index] for tile in wanted):  # a combination of a smaller set's
        own = ilp.patterns(False, rules.colours, rules.values)
        wanted = [mr.TILES[kind] for kind in draw(st.sampled_from(own))[0]] if own else []
    near = [tile for tile in in_set if any(fits(meld, tile) for meld in table)]
    if near:
        wanted += draw(st.lists(st.sampled_from(near), max_size=3))
    wanted += draw(st.lists(st.sampled_from(in_set), max_size=2))
    rack = []
    for tile in wanted[: 6 if lay_off_opening else 8]:
        if used[tile] < full[tile.index]:
            used[tile] += 1
            rack.append(tile)
    others = [()] * (rules.players - 1)
    laid_out = [] if lay_off_opening or draw(st.booleans()) else [0]
    return mr.position(rules, racks=[rack, *others], table=table, opened=laid_out)


def any_but_lay_off_openings() -> st.SearchStrategy[mr.State]:
    """`strategies.positions` under any rules but an opening that may lay off (random racks:
    mostly nothing to lay)."""
    return rst.rules().flatmap(
        lambda rules: rst.positions(
            attrs.evolve(rules, lay_off_in_opening_turn=False), max_rack=8, max_melds=6
        )
    )


POSITIONS = st.one_of(any_but_lay_off_openings(), playable(False), playable(True))


@SLOW
@given(POSITIONS, st.booleans())
def test_without_a_limit_search_is_best_play_with_the_proof(
    state: mr.State, points_first: bool
) -> None:
    # R-RUM-TURN-1: the play is best_play's, legal, and no legal play beats the bound
    found = mr.search(state, points_first=points_first)
    assert found.play == mr.best_play(state, points_first=points_first)
    assert found.proven
    assert found.score == laid(state, found.play)
    if found.bound is None:
        assert found.play is None
    else:
        assert ranked(found.score, points_first) <= ranked(found.bound, points_first)


@SLOW
@given(POSITIONS, st.booleans(), st.sampled_from(PATHS))
def test_a_limit_run_out_at_once_gives_the_quick_play(
    state: mr.State, points_first: bool, path: str
) -> None:
    # R-RUM-TURN-1: every exact path looks at the clock before it answers, so the answer is
    # the quick play: legal, never better than the best play, proven when it reaches the bound
    with solver_path(path):
        exact = mr.search(state, points_first=points_first)
        with clock(passes_after=0):
            found = mr.search(state, time_limit=1.0, points_first=points_first)
    if found.bound is None:  # the relaxation lays nothing (the integer program's answers)
        assert found == exact
        return
    assert found.play == SEARCH._quick_play(state, points_first)
    assert found.score == laid(state, found.play)
    assert ranked(found.score, points_first) <= ranked(exact.score, points_first)
    assert ranked(exact.score, points_first) <= ranked(found.bound, points_first)
    reached = ranked(found.score, points_first) >= ranked(found.bound, points_first)
    assert found.proven == reached
    if found.proven:
        assert found.score == exact.score


@SLOW
@given(POSITIONS, st.booleans(), st.sampled_from(PATHS), st.integers(1, 300))
def test_the_deadline_interrupts_every_exact_path_cleanly(
    state: mr.State, points_first: bool, path: str, checks: int
) -> None:
    # R-RUM-TURN-1: whenever the deadline passes, search answers (no OutOfTimeError): the
    # exact answer if it finished, else the quick play, legal, proven only at the bound
    with solver_path(path):
        exact = mr.search(state, points_first=points_first)
        quick = SEARCH._quick_play(state, points_first)
        with clock(passes_after=checks):
            found = mr.search(state, time_limit=1.0, points_first=points_first)
    if found == exact:
        return
    assert found.play == quick
    assert found.score == laid(state, quick)
    assert ranked(found.score, points_first) <= ranked(exact.score, points_first)
    assert found.bound is not None
    assert ranked(exact.score, points_first) <= ranked(found.bound, points_first)
    reached = ranked(found.score, points_first) >= ranked(found.bound, points_first)
    assert found.proven == reached


@SLOW
@given(POSITIONS, st.booleans())
def test_a_limit_that_does_not_run_out_gives_the_exact_answer(
    state: mr.State, points_first: bool
) -> None:
    # R-RUM-TURN-1: the answer does not depend on the limit when the solver finishes
    with clock(passes_after=None):
        found = mr.search(state, time_limit=1.0, points_first=points_first)
    assert found == mr.search(state, points_first=points_first)


@SLOW
@given(POSITIONS, st.booleans(), st.sampled_from(PATHS))
def test_the_bound_is_the_relaxations_on_every_path(
    state: mr.State, points_first: bool, path: str
) -> None:
    # R-RUM-RE-2, R-RUM-JOK-3: the dynamic program's relaxation, which the tests of the solver
    # check against an independent integer program; the integer program `search` uses for
    # big racks reads table jokers more loosely, so its bound may only be higher
    relaxed = relaxed_optimum(state, points_first=points_first)
    with solver_path(path):
        bound = SEARCH._bound(state, points_first, None)
    if path == "no scipy":
        assert bound == relaxed
    elif relaxed is not None:
        assert bound is not None
        assert ranked(relaxed, points_first) <= ranked(bound, points_first)


def opened(rack: str, *melds: str) -> mr.State:
    return mr.position(
        CLASSIC, racks=[T(rack), T("bk1")], table=[M(meld) for meld in melds], opened=[0, 1]
    )


def out_of_time(*args: object) -> None:
    raise dp.OutOfTimeError


def test_the_quick_play_lays_off_at_both_ends_of_a_run(monkeypatch: pytest.MonkeyPatch) -> None:
    # R-RUM-LAY-1: gn3 fits only once gn4 lies before the run; 3 + 4 = 7 points, and no
    # play lays more than the whole rack: proven though the exact solver ran out of time
    state = opened("gn4 gn3", "[gn5 gn6 gn7]")
    monkeypatch.setattr(SEARCH, "best_play_by", out_of_time)
    found = mr.search(state, time_limit=1.0)
    assert found == mr.SearchResult(mr.Play((M("[gn3 gn4 gn5 gn6 gn7]"),)), True, (2, 7), (2, 7))
    assert str(found) == "play [gn3 gn4 gn5 gn6 gn7] (a best play: 2 tiles, 7 points)"


def test_what_a_result_says(monkeypatch: pytest.MonkeyPatch) -> None:
    # R-RUM-RE-2: the best play takes gn8 from the run into {bk8 gn8 gy8} (2 tiles, 8 + 8 =
    # 16 points; [gn5 gn6 gn7] stays); the quick play only adds gn9 to the run (1 tile, 9)
    rack, run = "bk8 gy8 gn9", "[gn5 gn6 gn7 gn8]"
    assert str(mr.search(opened(rack, run))) == (
        "play [gn5 gn6 gn7] {bk8 gn8 gy8} (a best play: 2 tiles, 16 points)"
    )
    assert str(mr.search(opened("pu1 bk5"))) == "no play (no legal play lays a tile)"
    monkeypatch.setattr(SEARCH, "best_play_by", out_of_time)
    found = mr.search(opened(rack, run), time_limit=1.0)
    assert (found.proven, found.score, found.bound) == (False, (1, 9), (2, 16))
    assert str(found) == (
        "play [gn5 gn6 gn7 gn8 gn9] (1 tile, 9 points; not proven best: the bound is "
        "2 tiles, 16 points)"
    )
    found = mr.search(opened("bk8 gy8", run), time_limit=1.0)
    assert found == mr.SearchResult(None, False, (0, 0), (2, 16))
    assert str(found) == "no play found (not proven: the bound is 2 tiles, 16 points)"


def test_a_bound_out_of_time_is_the_integer_programs_or_the_whole_rack() -> None:
    # R-RUM-RE-2, R-RUM-END-2: the relaxation lays bk8 gy8 with the run's gn8 (2 tiles, 16
    # points); without scipy, once the dynamic program runs out of time, no play lays more
    # than the rack: 8 + 8 + 9 points
    state = opened("bk8 gy8 gn9", "[gn5 gn6 gn7 gn8]")
    if ilp.available():
        with clock(passes_after=0):
            assert mr.search(state, time_limit=0.5).bound == (2, 16)
    with solver_path("no scipy"), clock(passes_after=0):
        found = mr.search(state, time_limit=0.5)
    assert found.bound == (3, 25)
    assert found.play == SEARCH._quick_play(state, False)


def test_no_play_at_a_chance_node_or_the_end() -> None:
    # R-RUM-SET-3, R-RUM-END-1: the lot is a chance node; laying the last tile ends the match
    nothing = mr.SearchResult(None, True, (0, 0), None)
    assert mr.search(mr.new_game(CLASSIC), time_limit=1.0) == nothing
    state = mr.position(CLASSIC, racks=[T("gn10 gn11 gn12"), T("bk1")])
    over = mr.apply(state, mr.parse_action("play [gn10 gn11 gn12]"))
    assert over.is_terminal
    assert mr.search(over) == nothing
    assert mr.search(over, time_limit=2, points_first=True) == nothing


def refusal(*args: object, **kwargs: object) -> str:
    """The message of the ValueError that ``search(*args, **kwargs)`` raises."""
    with pytest.raises(ValueError) as caught:  # noqa: PT011 - each case has its own message
        mr.search(*args, **kwargs)  # type: ignore[arg-type]
    return str(caught.value)


@pytest.mark.parametrize(
    ("limit", "shown"),
    [
        (0, "0"),
        (-1.5, "-1.5"),
        (math.nan, "nan"),
        (math.inf, "inf"),
        (True, "True"),
        ("2", "'2'"),
        ([1], "[1]"),
    ],
)
def test_a_time_limit_is_a_positive_number_of_seconds(limit: object, shown: str) -> None:
    state = opened("gn4", "[gn5 gn6 gn7]")
    assert refusal(state, time_limit=limit) == (
        f"time_limit is a positive number of seconds or None, got {shown}"
    )


def test_search_refuses_what_is_no_state_or_objective() -> None:
    assert refusal(None) == "expected a myrummy State, got NoneType"
    morpyam_state = mp.new_game(mp.Rules.classic())
    assert refusal(morpyam_state) == "expected a myrummy State, got State from morpyam.state"
    state = opened("gn4", "[gn5 gn6 gn7]")
    assert refusal(state, points_first="yes") == "points_first is True or False, got 'yes'"


@pytest.mark.parametrize("path", PATHS)
def test_the_bound_and_the_play_keep_to_the_tile_set(path: str) -> None:
    # R-RUM-SET-1, R-RUM-MELD-2: by hand, with values 1 to 3 (the mini set) the rack pu2 pu3 J
    # makes only [J pu2 pu3], the joker as pu1: 6 points, the opening's 6 (2 + 3 + a joker
    # counting 5 off the rack); with an opening of 7 nothing can be laid, and the bound says
    # so, where the box's [pu2 pu3 J] (pu4) would bound it at 3 tiles
    mini = mr.Rules.mini()
    state = mr.position(mini, racks=[T("pu2 pu3 J"), T("bk1")])
    seven = mr.position(attrs.evolve(mini, opening_points=7), racks=[T("pu2 pu3 J"), T("bk1")])
    with solver_path(path):
        found = mr.search(state, time_limit=5.0)
        assert found == mr.SearchResult(mr.Play((M("[J pu2 pu3]"),)), True, (3, 10), (3, 10))
        assert SEARCH._bound(seven, False, None) is None
        assert mr.search(seven) == mr.SearchResult(None, True, (0, 0), None)
    if ilp.available():
        assert SEARCH._integer_bound(seven, False) is None
        assert SEARCH._integer_bound(state, True) == (3, 10)
