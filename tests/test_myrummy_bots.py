"""The bounded plays the MyRummy bots use in simulations: legal, and what they lay."""

from __future__ import annotations

import random

import attrs
import pytest

import morpyam.myrummy as mr
from morpyam.errors import SimulationError
from morpyam.game import Chooser
from morpyam.kit.records import Resign
from morpyam.myrummy.play._bots import (
    Bot,
    GreedyBot,
    RandomBot,
    additive_play,
    guarded_play,
    local_play,
    next_from_pile,
    pile,
    play_match,
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
        assert not isinstance(action, (mr.TimeOut, Resign))  # bots only act
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


def _tiles_handed_out(record: mr.GameRecord) -> list[list[mr.Tile]]:
    """Per round, the tiles dealt and drawn, in order (the chance outcomes that are tiles)."""
    rounds: list[list[mr.Tile]] = [[]]
    state = mr.new_game(record.rules)
    for action in record.actions:
        if state.round == len(rounds):
            rounds.append([])
        if isinstance(action, mr.Tile):
            rounds[state.round].append(action)
        assert not isinstance(action, (mr.TimeOut, Resign))  # bots only act
        state = mr.apply(state, action)
    return rounds


class _Noisy:
    """Greedy, but it burns random numbers first: it must not change the tiles handed out."""

    def choose(self, state: mr.State, rng: random.Random) -> mr.Action:
        for _ in range(rng.randrange(1, 50)):
            rng.random()
        return GreedyBot(30).choose(state, rng)


def test_pile_is_a_shuffled_set_fixed_by_seed_and_round() -> None:
    # R-RUM-SET-1, R-RUM-SET-2: every one of the 106 tiles once, in an order of the seed's own
    order = pile(11)
    assert sorted(t.index for t in order) == sorted(t.index for t in mr.TILES for _ in range(2))
    assert pile(11) == order
    assert pile(12) != order
    assert pile(11, 1) != order


def test_matches_with_one_seed_hand_out_the_same_tiles_whatever_the_bots_do() -> None:
    # R-RUM-SET-2: duplicate deals; the deal and the draws come off the seed's pile in order
    rules = mr.Rules.classic()
    seen = []
    lineups: list[list[Bot]] = [
        [GreedyBot(30), GreedyBot(30)],
        [_Noisy(), RandomBot()],
        [RandomBot(), _Noisy()],
    ]
    for bots in lineups:
        record = play_match(rules, bots, seed=8, max_actions=300)
        handed = _tiles_handed_out(record)[0]
        assert handed == list(pile(8)[: len(handed)])
        assert len(handed) > 28
        first = next(a for a in record.actions if isinstance(a, mr.FirstPlayer))
        seen.append(first)
    assert seen[0] == seen[1] == seen[2]


def test_later_rounds_deal_from_their_own_pile() -> None:
    # R-RUM-MATCH-1: each round deals all 106 tiles afresh, from the pile of that round
    rules = attrs.evolve(mr.Rules.classic(), rounds=2)
    record = play_match(rules, [GreedyBot(30), GreedyBot(30)], seed=5)
    handed = _tiles_handed_out(record)
    assert len(handed) == 2
    for round_, tiles in enumerate(handed):
        assert tiles == list(pile(5, round_)[: len(tiles)])


def test_next_from_pile_refuses_what_it_cannot_deal_from() -> None:
    # R-RUM-SET-2: only a chance node that deals or draws a tile takes one from the pile
    start = mr.new_game(mr.Rules.classic())
    with pytest.raises(mr.IllegalActionError, match="R-RUM-SET-3"):
        next_from_pile(start, pile(1))  # the lot comes first
    dealing = mr.new_game(mr.Rules.classic(), first_player=0)
    order = pile(1)
    for bad in (order[:-1], (*order[:-1], order[0]), (*order[:-1], "gn5")):
        with pytest.raises(ValueError, match="106 tiles"):
            next_from_pile(dealing, bad)  # type: ignore[arg-type]
    with pytest.raises(mr.IllegalActionError, match="R-RUM-SET-2"):
        next_from_pile(opened("gn4", "[gn5 gn6 gn7]"), order)
    with pytest.raises(ValueError, match="State"):
        next_from_pile("gn5", order)  # type: ignore[arg-type]
    # a draw in a round that was not dealt from this order: taking its next tile would not
    # draw with the pool's odds, so it is refused
    set_up = mr.position(mr.Rules.classic(), racks=[T("gn5 gn6 gn7"), T("J bk1")])
    drawing = mr.apply(set_up, mr.Draw())
    with pytest.raises(ValueError, match="not the first 5 of the order"):
        next_from_pile(drawing, order)
    dealt = mr.apply(dealing, order[1])  # not the pile's first tile
    with pytest.raises(ValueError, match="not dealt from it"):
        next_from_pile(dealt, order)
    with pytest.raises(ValueError, match="a round must be an int"):
        pile(1, 1.0)  # type: ignore[arg-type]
    for seed in (None, 1.5, True, "7"):
        with pytest.raises(ValueError, match="seed must be an int"):
            pile(seed)  # type: ignore[arg-type]
        with pytest.raises(ValueError, match="seed must be an int"):
            play_match(mr.Rules.classic(), [GreedyBot(), GreedyBot()], seed=seed)  # type: ignore[arg-type]


# --- a match is played by the one loop of every game (morpyam.game.play_out) --------------


def test_a_match_stops_at_its_action_limit() -> None:
    record = play_match(mr.Rules.classic(), [GreedyBot(), GreedyBot()], seed=5, max_actions=9)
    # R-RUM-SET-3: the lot first, then the deal, one tile at a time: 9 chance outcomes
    assert len(record.actions) == 9
    assert isinstance(record.actions[0], mr.FirstPlayer)
    assert not mr.replay(record).is_terminal


def test_a_bot_that_breaks_the_rules_stops_the_match_with_the_rules_error() -> None:
    class Cheat:
        """Plays a table it does not have the tiles for."""

        def choose(self, state: mr.State, rng: random.Random) -> mr.Action:
            return mr.Play((M("[pu11 pu12 pu13]"),))

    assert isinstance(Cheat(), Chooser)  # the one chooser protocol: anything with choose
    with pytest.raises(mr.IllegalActionError, match="R-RUM") as raised:
        play_match(mr.Rules.classic(), [Cheat(), Cheat()], seed=1)
    assert not isinstance(raised.value, SimulationError)  # the engine's error, as it was raised
