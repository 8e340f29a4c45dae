"""RolloutBot: greedy until the end of a round nears, then the draw only when rollouts favour it."""

from __future__ import annotations

import itertools
import random
from typing import Any

import attrs
import pytest

import morpyam.myrummy as mr
from morpyam.myrummy.play import _rollouts as rollouts
from morpyam.myrummy.play._bots import play_match
from morpyam.myrummy.play._rollouts import RolloutBot, WatcherBot, prefers_draw, rollout

T, M = mr.parse_tiles, mr.parse_meld

# Laid out, three tiles left; the best play lays gn13 on the run and keeps pu1 and bk7
# (the group holds a black 7 already).
LATE = mr.position(
    mr.Rules.classic(),
    racks=[T("gn13 pu1 bk7"), T("bk1 bk2 bk3 bk9 bk11")],
    table=[M("[gn10 gn11 gn12]"), M("{pu7 bk7 gy7}")],
    opened=[0, 1],
)


def test_prefers_draw_needs_every_sample_and_a_clear_positive_mean() -> None:
    # mean 0.5, standard deviation sqrt(1/3), standard error 0.289: 1.73 errors from zero
    assert prefers_draw([1.0, 0.0, 1.0, 0.0], samples=4, z=1.0)
    assert not prefers_draw([1.0, 0.0, 1.0, 0.0], samples=4, z=2.0)
    assert not prefers_draw([1.0, 0.0, 1.0], samples=4, z=0.0)  # stopped early
    assert not prefers_draw([1.0, -1.0, 0.0, 0.0], samples=4, z=0.0)  # mean 0
    assert prefers_draw([0.5] * 4, samples=4, z=100.0)  # no spread, always better


def test_a_rollout_scores_the_win_share_and_a_thousandth_of_the_points() -> None:
    # R-RUM-END-2 and R-RUM-VAR-HAND: going out at once from the rack, the joker's 25 counts double
    state = mr.position(mr.Rules.classic(handrummy=True), racks=[T("gn10 gn11 gn12"), T("J")])
    assert rollout(state, 0, mr.GreedyBot(), random.Random(0)) == pytest.approx(1 + 50 / 1000)
    assert rollout(state, 1, mr.GreedyBot(), random.Random(0)) == pytest.approx(-50 / 1000)


def test_it_plays_greedy_before_the_end_nears() -> None:
    # Until it has laid out and some rack holds 5 tiles or fewer, no search: greedy's choice
    greedy, bot = mr.GreedyBot(40), RolloutBot(40)
    rng = random.Random(5)
    state = mr.new_game(mr.Rules.classic())
    checked = 0
    while not state.is_terminal and checked < 12:
        if state.is_chance:
            state = mr.apply(state, mr.sample_chance(state, rng))
            continue
        if min(len(rack) for rack in state.racks) <= bot.late:
            break
        assert bot.choose(state, random.Random(0)) == greedy.choose(state, random.Random(0))
        state = mr.apply(state, greedy.choose(state, rng))
        checked += 1
    assert checked >= 8


def test_it_goes_out_whenever_it_can() -> None:
    # R-RUM-END-1: laying the last tile wins the round; no rollout is worth more
    state = mr.position(
        mr.Rules.classic(),
        racks=[T("gn13 gy4"), T("bk1 bk2")],
        table=[M("[gn10 gn11 gn12]"), M("{pu4 bk4 gn4}")],
        opened=[0, 1],
    )
    action = RolloutBot().choose(state, random.Random(0))
    assert mr.apply(state, action).winners == frozenset({0})


def test_it_draws_when_it_has_nothing_to_lay() -> None:
    # R-RUM-TURN-1: who cannot lay draws
    state = mr.position(
        mr.Rules.classic(),
        racks=[T("pu1 gy5"), T("bk1")],
        table=[M("[gn10 gn11 gn12]")],
        opened=[0, 1],
    )
    assert RolloutBot().choose(state, random.Random(0)) == mr.Draw()


def _fake_rollouts(monkeypatch: pytest.MonkeyPatch, drawn: list[float]) -> list[int]:
    """Rollouts worth 0 after the play (2 tiles left on LATE's rack) and ``drawn[k]`` after
    the draw in pair ``k`` (3 tiles, the drawn one still to come); the rack sizes they start
    from."""
    calls: list[int] = []

    def fake(state: mr.State, player: int, bot: object, rng: random.Random) -> float:
        calls.append(len(state.racks[player]))
        return 0.0 if len(state.racks[player]) == 2 else drawn[len(calls) // 2 - 1]

    monkeypatch.setattr(rollouts, "rollout", fake)
    return calls


def test_it_draws_when_the_rollouts_clearly_favour_the_draw(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    calls = _fake_rollouts(monkeypatch, [1.0, 0.0, 1.0, 1.0])
    assert RolloutBot(first=2, samples=4).choose(LATE, random.Random(0)) == mr.Draw()
    assert sorted(calls) == [2] * 4 + [3] * 4  # four pairs: the play leaves 2 tiles, the draw 3


def test_it_lays_when_the_draw_gains_nothing_early(monkeypatch: pytest.MonkeyPatch) -> None:
    calls = _fake_rollouts(monkeypatch, [1.0, -1.0, 1.0, 1.0])
    play = RolloutBot(first=2, samples=4).choose(LATE, random.Random(0))
    assert play == mr.GreedyBot().choose(LATE, random.Random(0))
    assert len(calls) == 4  # stopped after the first two pairs


def test_it_lays_when_the_draw_is_ahead_but_not_clearly(monkeypatch: pytest.MonkeyPatch) -> None:
    # mean 0.25 over 4, standard error 0.25: one error from zero, not more than z=1
    _fake_rollouts(monkeypatch, [1.0, 0.0, 1.0, -1.0])
    play = RolloutBot(first=2, samples=4).choose(LATE, random.Random(0))
    assert isinstance(play, mr.Play)


@pytest.mark.slow
def test_its_choices_are_legal_to_the_end_of_a_match() -> None:
    # R-RUM-TURN-1, R-RUM-END-1: play_match applies every choice, so a wrong one would raise
    bot = RolloutBot(40, rollout_table=30, first=2, samples=4)
    state = mr.replay(play_match(mr.Rules.classic(), [bot, mr.GreedyBot(40)], seed=3))
    assert state.is_terminal
    assert state.winners


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [
        ({"first": 0}, "1 <= first <= samples"),
        ({"first": 9, "samples": 8}, "1 <= first <= samples"),
        ({"late": -1}, "late must be 0 or more"),
    ],
)
def test_bad_settings_are_refused(kwargs: dict[str, int], message: str) -> None:
    with pytest.raises(ValueError, match=message):
        RolloutBot(**kwargs)
    with pytest.raises(ValueError, match=message):
        WatcherBot(**kwargs)


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [
        ({"draw_rate": -0.1}, "draw_rate is a rate from 0 to 1"),
        ({"draw_rate": 1.5}, "draw_rate is a rate from 0 to 1"),
        ({"tries": 0}, "tries must be 1 or more"),
    ],
)
def test_bad_watcher_settings_are_refused(kwargs: dict[str, Any], message: str) -> None:
    with pytest.raises(ValueError, match=message):
        WatcherBot(**kwargs)


def after_greedy(rack: str) -> mr.State:
    """Seat 0 on turn; seat 1, which has just had its turn, holds ``rack``; on the table the
    run gn1-gn3 only. Seat 1 has a play exactly when it holds gn4 or a joker: nothing may be
    taken from a combination of three (R-RUM-RE-2), and two tiles make no combination."""
    return mr.position(
        mr.Rules.classic(),
        racks=[T("bk13 pu9 gn4"), T(rack)],
        table=[M("[gn1 gn2 gn3]")],
        opened=[0, 1],
    )


def dealt_racks(bot: RolloutBot, state: mr.State, count: int) -> list[tuple[mr.Tile, ...]]:
    deals = bot.deals(state, 0, random.Random(11))
    return [next(deals).racks[1] for _ in range(count)]


def test_the_watcher_deals_a_greedy_player_who_laid_a_rack_with_no_play() -> None:
    # Read as laid (draw_rate=0), seat 1's two tiles hold neither gn4 nor a joker
    racks = dealt_racks(WatcherBot(draw_rate=0), after_greedy("pu1 gy5"), 300)
    assert all(len(rack) == 2 for rack in racks)
    assert not any(tile in T("gn4 J") for rack in racks for tile in rack)
    assert len(set(racks)) > 100
    # Read as drawn (draw_rate=1), the tile before the draw has no play; the one drawn may
    racks = dealt_racks(WatcherBot(draw_rate=1), after_greedy("pu1 gy5"), 300)
    assert all(sum(tile in T("gn4 J") for tile in rack) <= 1 for rack in racks)
    assert any(tile in T("gn4 J") for rack in racks for tile in rack)
    # Dealt at random, a rack with gn4 or a joker comes up (about one deal in 17)
    racks = dealt_racks(RolloutBot(), after_greedy("pu1 gy5"), 300)
    assert any(tile in T("gn4 J") for rack in racks for tile in rack)


def test_the_watchers_deals_depend_only_on_what_it_sees() -> None:
    # R-RUM-SET-2: the same observation, other true racks: the same deals
    seen = dealt_racks(WatcherBot(), after_greedy("pu1 gy5"), 50)
    assert seen == dealt_racks(WatcherBot(), after_greedy("gn4 J"), 50)


def holds_a_combination(rack: tuple[mr.Tile, ...]) -> bool:
    """Whether three of the (joker-free) tiles make a group or a run (R-RUM-MELD-1, R-RUM-MELD-2), by hand."""
    for trio in itertools.combinations(rack, 3):
        colours = {tile.colour for tile in trio}
        values = sorted(tile.value for tile in trio)
        if len(set(values)) == 1 and len(colours) == 3:
            return True
        if len(colours) == 1 and values == list(range(values[0], values[0] + 3)):
            return True
    return False


def test_the_watcher_settles_for_its_last_deal_when_none_fits() -> None:
    # Fourteen tiles nearly always hold a combination, so after two tries the watcher
    # mostly deals a rack with a play; still a rack of the right size, of unseen tiles,
    # and one it tried: of the tiles with no play alone, never gn4 or a joker.
    state = after_greedy("pu1 pu2 pu3 pu4 pu5 pu6 pu7 pu8 pu9 pu10 pu11 pu12 pu13 bk1")
    seen = mr.observe(state, 0)
    deals = WatcherBot(tries=2, draw_rate=0).deals(state, 0, random.Random(3))
    guesses = [next(deals) for _ in range(20)]
    assert all(mr.observe(guess, 0) == seen for guess in guesses)
    assert sum(holds_a_combination(guess.racks[1]) for guess in guesses) >= 10
    assert not any(tile in T("gn4 J") for guess in guesses for tile in guess.racks[1])


def has_play(state: mr.State, seat: int, rack: tuple[mr.Tile, ...]) -> bool:
    """Whether the exact solver finds ``seat`` a play from ``rack`` on ``state``'s table."""
    racks = tuple(rack if at == seat else held for at, held in enumerate(state.racks))
    return mr.best_play(attrs.evolve(state, racks=racks, player=seat)) is not None


def test_the_watcher_deals_only_racks_with_no_play_when_it_reads_a_lay() -> None:
    # Five tiles on a table of gn1-gn3 and a group of 7s: a random rack of five often has a
    # play; a rack read as laid never has one (the exact solver says so, tile by tile
    # filtering alone would not: two quiet tiles can join a third).
    state = mr.position(
        mr.Rules.classic(),
        racks=[T("bk13 pu9 gn4"), T("pu1 gy5 bk8 gn10 gy12")],
        table=[M("[gn1 gn2 gn3]"), M("{pu7 bk7 gy7}")],
        opened=[0, 1],
    )
    read = dealt_racks(WatcherBot(rollout_table=None, draw_rate=0), state, 60)
    assert not any(has_play(state, 1, rack) for rack in read)
    random_racks = dealt_racks(RolloutBot(), state, 60)
    assert sum(has_play(state, 1, rack) for rack in random_racks) >= 10


def test_over_the_bound_the_watcher_deals_tiles_that_play_alone() -> None:
    # pu3 alone splits pu1-pu6 (R-RUM-RE-4); with bk3 or gy9 beside it, greedy bounded at 10
    # looks at too much of this 14-tile table to rearrange it, and has no play. So above
    # the bound a tile that plays alone may still be on a rack with no play.
    state = mr.position(
        mr.Rules.classic(),
        racks=[T("bk13 pu9 gn4"), T("pu3 bk3")],
        table=[M("[pu1 pu2 pu3 pu4 pu5 pu6]"), M("[bk5 bk6 bk7 bk8 bk9 bk10 bk11 bk12]")],
        opened=[0, 1],
    )
    bounded = dealt_racks(WatcherBot(10, rollout_table=10, draw_rate=0), state, 400)
    assert any(mr.parse_tile("pu3") in rack for rack in bounded)
    exact = dealt_racks(WatcherBot(rollout_table=None, draw_rate=0), state, 400)
    assert not any(mr.parse_tile("pu3") in rack for rack in exact)


@pytest.mark.parametrize(
    ("opened", "passes", "rate"),
    [((1, 1), 0, 0.43), ((1, 0), 0, 1.0), ((1, 1), 1, 0.0), ((1, 0), 1, 0.0)],
)
def test_the_watcher_reads_a_draw_from_what_it_sees(
    monkeypatch: pytest.MonkeyPatch, opened: tuple[int, int], passes: int, rate: float
) -> None:
    # R-RUM-OPEN-2: who has not laid out could only draw; R-RUM-END-3: a pass draws nothing
    rates: list[float] = []

    def spy(self: WatcherBot, table: mr.State, seat: int, *rest: Any) -> list[mr.Tile]:
        rates.append(rest[-2])
        return list(T("pu1 gy5"))

    monkeypatch.setattr(WatcherBot, "_read", spy)
    state = attrs.evolve(
        mr.position(
            mr.Rules.classic(),
            racks=[T("bk13 pu9 gn4"), T("pu1 gy5")],
            table=[M("[gn1 gn2 gn3]")],
            opened=[seat for seat, was in enumerate(opened) if was],
        ),
        passes=passes,
    )
    dealt_racks(WatcherBot(), state, 3)
    assert rates == [rate] * 3


@pytest.mark.slow
def test_the_watchers_choices_are_legal_to_the_end_of_a_match() -> None:
    # R-RUM-TURN-1, R-RUM-END-1: play_match applies every choice, so a wrong one would raise
    bot = WatcherBot(40, rollout_table=30, first=2, samples=4)
    state = mr.replay(play_match(mr.Rules.classic(), [mr.GreedyBot(40), bot], seed=4))
    assert state.is_terminal
    assert state.winners
