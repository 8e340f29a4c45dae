"""The bounded plays the MyRummy bots use in simulations: legal, and what they lay."""

from __future__ import annotations

import random

import morpyam.myrummy as mr
from morpyam.myrummy.bots import (
    GreedyBot,
    RandomBot,
    additive_play,
    guarded_play,
    local_play,
    table_size,
)

T, M = mr.parse_tiles, mr.parse_meld


def opened(rack: str, *melds: str) -> mr.State:
    return mr.position(
        mr.Rules.classic(), racks=[T(rack), T("bk1")], table=[M(m) for m in melds], opened=[0, 1]
    )


def test_additive_play_lays_new_combinations_then_tiles_on() -> None:
    # R-RUM-LAY-1: new combinations from the rack, then tiles on the ends of runs and into groups
    state = opened("gn3 gn7 bk1 bk2 bk3 gn9", "[gn4 gn5 gn6]", "{bk9 gy9 pu9}")
    play = additive_play(state)
    assert play == mr.parse_action("play [bk1 bk2 bk3] [gn3 gn4 gn5 gn6 gn7] {bk9 gn9 gy9 pu9}")
    assert mr.apply(state, play).racks[0] == ()


def test_additive_play_needs_an_opened_player_and_something_to_lay() -> None:
    # R-RUM-OPEN-3: before laying out the cheap play has nothing to offer; nor with nothing to lay
    state = mr.position(mr.Rules.classic(), racks=[T("gn4"), T("bk1")], table=[M("[gn5 gn6 gn7]")])
    assert additive_play(state) is None
    assert additive_play(opened("pu1", "[gn5 gn6 gn7]")) is None


def test_local_play_rearranges_only_the_part_near_the_rack() -> None:
    # R-RUM-RE-2: a run split around a rack tile; a combination far from the rack stays as it is
    state = opened("gn7", "[pu1 pu2 pu3]", "[gn5 gn6 gn7 gn8 gn9 gn10]")
    play = local_play(state, 6)
    assert play == mr.parse_action("play [pu1 pu2 pu3] [gn5 gn6 gn7] [gn7 gn8 gn9 gn10]")
    # with a bound below the near part's 6 tiles it falls back to laying on: nothing fits
    assert local_play(state, 5) is None
    assert guarded_play(state, max_table=5) is None
    assert guarded_play(state) == mr.best_play(state)
    assert table_size(state) == 9


def test_guarded_plays_are_legal_on_big_tables() -> None:
    # R-RUM-RE-3, R-RUM-JOK-3: every bounded play on a big table passes the judge
    record = mr.play_match(mr.Rules.classic(), [GreedyBot(30), GreedyBot(30)], seed=6)
    checked = 0
    state = mr.new_game(record.rules)
    for action in record.actions:
        if (
            state.current_player is not None
            and state.opened[state.player]
            and table_size(state) > 30
        ):
            for play in (
                guarded_play(state, max_table=30),
                local_play(state, 12),
                additive_play(state),
            ):
                if play is not None:
                    mr.apply(state, play)
                    checked += 1
        state = mr.apply(state, action)
    assert checked > 5


def test_random_bot_keeps_a_big_table_whole() -> None:
    # R-RUM-LAY-1: above its bound the random bot lays only new combinations of its rack
    state = opened("bk1 bk2 bk3 gn9", "[gn5 gn6 gn7]", "[pu1 pu2 pu3]")
    bot = RandomBot(max_table=0)
    rng = random.Random(3)
    actions = {str(bot.choose(state, rng)) for _ in range(20)}
    assert actions <= {"play [pu1 pu2 pu3] [bk1 bk2 bk3] [gn5 gn6 gn7]", "draw"}
    assert len(actions) == 2


def test_a_joker_is_never_laid_on() -> None:
    # R-RUM-JOK-1: the cheap play lays jokers only inside new combinations from the rack
    state = opened("J pu9", "[gn5 gn6 gn7]")
    assert additive_play(state) is None
