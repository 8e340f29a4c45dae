"""MyRummy's rules, one test (or more) per R-RUM rule ID of section 10 of docs/rules.md."""

from __future__ import annotations

import random
from fractions import Fraction
from typing import Any

import attrs
import pytest

import morpyam as mp
import morpyam.myrummy as mr
from morpyam.errors import IllegalActionError
from morpyam.kit.records import Resign
from morpyam.myrummy.core._tiles import Colour
from morpyam.notation import NotationError

T = mr.parse_tiles
M = mr.parse_meld
CLASSIC = mr.Rules.classic()


def table(*melds: str) -> tuple[mr.Meld, ...]:
    return tuple(M(text) for text in melds)


def play(*melds: str) -> mr.Play:
    return mr.Play(table(*melds))


def opened_position(rack: str, *melds: str, rules: mr.Rules = CLASSIC) -> mr.State:
    return mr.position(rules, racks=[T(rack), T("bk1")], table=table(*melds), opened=[0, 1])


def rejects(state: mr.State, action: mr.Action, rule: str) -> IllegalActionError:
    with pytest.raises(IllegalActionError) as caught:
        mr.apply(state, action)
    assert caught.value.rule == rule, str(caught.value)
    return caught.value


def test_set_has_106_tiles() -> None:
    # R-RUM-SET-1: 2 of each value 1-13 in 4 colours, and 2 jokers
    state = mr.new_game(CLASSIC, first_player=0)
    assert state.pool_size == 2 * 13 * 4 + 2 == 106
    assert len(mr.TILES) == 53
    assert {tile.colour for tile in mr.TILES} == {*Colour, None}
    assert [c.german for c in Colour] == ["lila", "schwarz", "grün", "grau"]


def test_players_two_to_four() -> None:
    # R-RUM-SET-1: one rack per player, four racks in the box
    for players in (2, 3, 4):
        assert mr.Rules.classic(players).players == players
    for players in (1, 5):
        with pytest.raises(ValueError, match="R-RUM-SET-1"):
            mr.Rules.classic(players)


def test_tile_values_and_notation() -> None:
    # R-RUM-SET-1
    tile = mr.Tile(Colour.GREEN, 5)
    assert str(tile) == "gn5"
    assert mr.parse_tile("GN5") == tile
    assert repr(mr.JOKER) == "Tile(J)"
    assert mr.parse_tile("j") == mr.JOKER
    assert mr.JOKER.is_joker
    assert not tile.is_joker
    assert sorted([mr.JOKER, tile, mr.Tile(Colour.PURPLE, 9)])[0] == mr.Tile(Colour.PURPLE, 9)
    for bad in ("gn0", "gn14", "xx5", "", "J5"):
        with pytest.raises(IllegalActionError, match="R-RUM-SET-1"):
            mr.parse_tile(bad)
    with pytest.raises(IllegalActionError):
        mr.Tile(Colour.GREEN, 14)
    with pytest.raises(IllegalActionError):
        mr.Tile(None, 3)
    with pytest.raises(IllegalActionError):
        mr.Tile("green", 3)  # type: ignore[arg-type]
    assert tile.__lt__(3) is NotImplemented  # type: ignore[operator]
    with pytest.raises(IllegalActionError):
        mr.parse_tiles(5)  # type: ignore[arg-type]


def test_deal_is_one_tile_at_a_time_with_exact_chances() -> None:
    # R-RUM-SET-2: 14 tiles each, drawn at random, one at a time
    state = mr.new_game(CLASSIC, first_player=1)
    outcomes = mr.chance_outcomes(state)
    assert len(outcomes) == 53
    assert dict(outcomes)[mr.JOKER] == Fraction(2, 106)
    assert sum(p for _, p in outcomes) == 1
    state = mr.apply(state, mr.JOKER)
    assert state.racks[1] == (mr.JOKER,)
    assert state.player == 0
    assert dict(mr.chance_outcomes(state))[mr.JOKER] == Fraction(1, 105)
    state = mr.apply(state, mr.JOKER)
    assert mr.JOKER not in mr.legal_actions(state)
    rejects(state, mr.JOKER, "R-RUM-SET-2")
    rejects(state, mr.Draw(), "R-RUM-SET-2")
    rng = random.Random(3)
    while state.is_chance:
        state = mr.apply(state, mr.sample_chance(state, rng))
    assert [len(rack) for rack in state.racks] == [14, 14]
    assert state.pool_size == 106 - 28
    assert state.current_player == 1


def test_sample_chance_follows_the_counts() -> None:
    # R-RUM-SET-2: a tile comes with the probability of its count in the pool
    state = mr.position(CLASSIC, racks=[T("J J"), ()])
    state = mr.apply(state, mr.Draw())
    rng = random.Random(5)
    draws = [mr.sample_chance(state, rng) for _ in range(2000)]
    assert mr.JOKER not in draws
    assert len(set(draws)) == 52
    with pytest.raises(IllegalActionError):
        mr.sample_chance(mr.position(CLASSIC, racks=[(), ()]), rng)
    with pytest.raises(ValueError, match=r"random\.Random"):
        mr.sample_chance(state, 3)  # type: ignore[arg-type]


def test_first_player_by_lot() -> None:
    # R-RUM-SET-3: the first player is drawn by lot, then clockwise
    state = mr.new_game(mr.Rules.classic(3))
    assert state.is_chance
    assert state.current_player is None
    assert mr.chance_outcomes(state) == tuple((mr.FirstPlayer(p), Fraction(1, 3)) for p in range(3))
    assert mr.legal_actions(state) == tuple(mr.FirstPlayer(p) for p in range(3))
    assert mr.sample_chance(state, random.Random(1)) in mr.legal_actions(state)
    rejects(state, mr.FirstPlayer(3), "R-RUM-SET-3")
    rejects(state, mr.Draw(), "R-RUM-SET-3")
    state = mr.apply(state, mr.FirstPlayer(2))
    assert state.first == 2
    assert state.player == 2
    with pytest.raises(ValueError, match="R-RUM-SET-3"):
        mr.new_game(CLASSIC, first_player=2)
    with pytest.raises(IllegalActionError):
        mr.FirstPlayer(7)


def test_turn_is_draw_or_lay() -> None:
    # R-RUM-TURN-1: lay tiles or take one tile from the pool; drawing ends the turn
    state = mr.position(CLASSIC, racks=[T("gn1"), T("bk1")])
    assert mr.legal_actions(state) == (mr.Draw(),)  # a time-out is beside apply: time_out
    assert state.current_player == 0
    drawn = mr.apply(state, mr.Draw())
    assert drawn.is_chance
    assert drawn.current_player is None
    after = mr.apply(drawn, mr.parse_tile("gy7"))
    assert after.racks[0] == T("gn1 gy7")
    assert after.current_player == 1
    rejects(state, mr.Pass(), "R-RUM-TURN-1")
    rejects(state, mr.parse_tile("gy7"), "R-RUM-TURN-1")
    # text is no action: a ValueError (not a rule), the same help as in the other games
    with pytest.raises(
        ValueError, match=r"read it first with morpyam\.myrummy\.parse_action"
    ) as caught:
        mr.apply(state, "draw")  # type: ignore[arg-type]
    assert not isinstance(caught.value, IllegalActionError)


def test_play_lays_at_least_one_rack_tile() -> None:
    # R-RUM-TURN-1: a play lays tiles from the player's rack, and only those it has
    state = opened_position("gn1", "[gn4 gn5 gn6]")
    error = rejects(state, play("[gn4 gn5 gn6]", "[gy4 gy5 gy6]"), "R-RUM-TURN-1")
    assert "your rack has 0" in str(error)


def test_rearranging_alone_is_no_play() -> None:
    # R-RUM-TURN-2: a turn that lays no rack tile is no play, even one that rearranges the
    # table legally (the run split into two groups' worth is the same tiles); the player draws
    state = opened_position("gn1", "[gy4 gy5 gy6 gy7 gy8 gy9]")
    for same in (play("[gy4 gy5 gy6 gy7 gy8 gy9]"), play("[gy4 gy5 gy6]", "[gy7 gy8 gy9]")):
        error = rejects(state, same, "R-RUM-TURN-2")
        assert "rearranging the table alone is no play" in error.reason
    assert mr.legal_actions(state) == (mr.Draw(),)
    # the same rearrangement with one tile laid from the rack is a play
    state = opened_position("gy10 bk1", "[gy4 gy5 gy6 gy7 gy8 gy9]")
    laid = mr.apply(state, play("[gy4 gy5 gy6]", "[gy7 gy8 gy9 gy10]"))
    assert laid.racks[0] == T("bk1")


def test_time_out_takes_back_what_was_laid() -> None:
    # R-RUM-TIME-1: a time-out takes back every tile not in correct combinations
    state = opened_position("gn7 gy9", "[gn4 gn5 gn6]")
    assert CLASSIC.time_limit == 120
    after = mr.time_out(state)
    assert after.racks[0] == state.racks[0]
    assert after.table == state.table
    assert after.is_chance  # R-RUM-TURN-1: laying nothing, the player takes a tile
    after = mr.apply(after, mr.parse_tile("bk1"))
    assert after.racks[0] == T("bk1 gn7 gy9")
    assert after.current_player == 1
    kept = mr.time_out(state, table("[gn4 gn5 gn6 gn7]"))
    assert kept.racks[0] == T("gy9")
    assert kept.current_player == 1
    penalty = attrs.evolve(CLASSIC, timeout_penalty=3)
    state = opened_position("gn7 gy9", "[gn4 gn5 gn6]", rules=penalty)
    after = mr.time_out(state)
    for _ in range(3):
        assert after.is_chance
        assert after.player == 0
        after = mr.apply(after, mr.sample_chance(after, random.Random(0)))
    assert len(after.racks[0]) == 5
    assert after.current_player == 1
    assert str(mr.TimeOut()) == "timeout"
    entry = mr.notation.parse_entry("timeout [gn4 gn5 gn6]")
    assert entry == mr.TimeOut(table("[gn4 gn5 gn6]"))
    with pytest.raises(ValueError, match="R-RUM-TIME-1"):
        mr.Rules(time_limit=0)


def test_a_time_out_is_no_move_as_a_resignation_is_none() -> None:
    # R-RUM-TIME-1, as R-END-4 in Morpyam: what is no move of the game is done beside apply
    state = opened_position("gn7 gy9", "[gn4 gn5 gn6]")
    assert not any(isinstance(action, mr.TimeOut) for action in mr.legal_actions(state))
    with pytest.raises(ValueError, match=r"call morpyam\.myrummy\.time_out\(state\)") as caught:
        mr.apply(state, mr.TimeOut())  # type: ignore[arg-type]
    assert not isinstance(caught.value, IllegalActionError)
    with pytest.raises(ValueError, match=r"call morpyam\.resign\(state, player\)"):
        mp.apply(mp.new_game(mp.Rules.classic(), first_player=0), Resign(0))  # type: ignore[arg-type]
    with pytest.raises(ValueError, match=r"call morpyam\.myrummy\.resign\(state, player\)"):
        mr.apply(state, Resign(0))  # type: ignore[arg-type]
    # only a player on turn runs out of time; not at a chance node, not once it is over
    with pytest.raises(IllegalActionError, match="R-RUM-TIME-1"):
        mr.time_out(mr.apply(state, mr.Draw()))
    with pytest.raises(IllegalActionError, match="R-RUM-MATCH-1"):
        mr.time_out(mr.resign(state, 1))
    with pytest.raises(IllegalActionError, match="R-RUM-MELD-2"):
        mr.time_out(state, (*table("[gn4 gn5 gn6]"), M("[gn7 gy9 J]")))
    # a record keeps a time-out and a resignation where they happened, and replays them
    rules = attrs.evolve(CLASSIC, rack_size=3)
    entries: list[mr.notation._records.Entry] = [mr.FirstPlayer(0)]
    entries += [mr.parse_tile(t) for t in ("gn4", "bk1", "gn5", "bk2", "gn6", "bk3")]
    entries += [mr.TimeOut(), T("gy9")[0], Resign(0)]
    record = mr.GameRecord(rules, tuple(entries))
    end = mr.replay(record)
    assert end.racks[0] == T("gn4 gn5 gn6 gy9")  # the time-out took a tile, laying nothing
    assert end.end_rule == "resign"
    assert end.winners == {1}
    assert mr.GameRecord.from_json(record.to_json()) == record
    assert record.to_dict()["actions"][-3:] == ["timeout", "gy9", "resign 0"]
    with pytest.raises(NotationError):
        mr.parse_action("timeout")  # an entry of a record, not an action


def test_time_out_that_lays_nothing_is_a_draw() -> None:
    # R-RUM-TURN-1: "muss entweder ablegen ... oder einen Stein vom Vorrat aufnehmen", so a
    # time-out that lays nothing takes the tile a draw takes; before the opening too (R-RUM-OPEN-2)
    for opened in ([0], []):
        state = mr.position(CLASSIC, racks=[T("gn7 gy9"), T("bk9")], opened=opened)
        timed_out = mr.time_out(state)
        drawn = mr.apply(state, mr.Draw())
        assert timed_out == drawn
        assert timed_out.draws_left == 1


def test_time_out_with_the_pool_empty_is_a_pass() -> None:
    # R-RUM-END-3 with R-RUM-TIME-1: with nothing to draw, a time-out that lays nothing passes,
    # so time-outs in a row end the round as passes do
    state = mr.position(CLASSIC, racks=[T("gn1"), T("bk9 bk10")])
    state = attrs.evolve(state, pool=(0,) * 53)
    once = mr.time_out(state)
    assert once.passes == 1
    assert once.current_player == 1
    twice = mr.time_out(once)
    assert twice.end_rule == "R-RUM-END-3"
    assert twice.winners == frozenset({0})  # the lower rack: 1 against 19


def test_time_out_that_goes_out_ends_the_round() -> None:
    # R-RUM-TIME-1 with R-RUM-END-1: the correct part kept can empty the rack
    state = opened_position("gn7", "[gn4 gn5 gn6]")
    after = mr.time_out(state, table("[gn4 gn5 gn6 gn7]"))
    assert after.is_terminal
    assert after.end_rule == "R-RUM-END-1"


def test_group() -> None:
    # R-RUM-MELD-1: 3 or 4 tiles of one value, all colours different
    group = M("{gy8 gn8 bk8}")
    assert isinstance(group, mr.Group)
    assert group == M("{bk8 gy8 gn8}")
    assert group.value == 8
    assert group.points == 24
    assert str(group) == "{bk8 gn8 gy8}"
    assert repr(group) == "Group({bk8 gn8 gy8})"
    assert M("{pu8 bk8 gn8 gy8}").points == 32
    for bad in ("{gn8 gn8 bk8}", "{gn8 bk8}", "{gn8 bk8 gy7}", "{J J}", "{J J J}"):
        with pytest.raises(IllegalActionError, match="R-RUM-MELD-1"):
            M(bad)
    with pytest.raises(IllegalActionError, match="R-RUM-MELD-1"):
        mr.Group(T("pu8 bk8 gn8 gy8 J"))


def test_run() -> None:
    # R-RUM-MELD-2: 3 or more of one colour, ascending by one; no wrap from 13 to 1
    run = M("[gn4 gn5 gn6]")
    assert isinstance(run, mr.Run)
    assert (run.colour, run.start, run.points) == (Colour.GREEN, 4, 15)
    assert str(run) == "[gn4 gn5 gn6]"
    assert repr(run) == "Run([gn4 gn5 gn6])"
    assert len(M("[gy1 gy2 gy3 gy4 gy5 gy6 gy7 gy8 gy9 gy10 gy11 gy12 gy13]").tiles) == 13
    for bad in ("[gn4 gn5]", "[gn4 bk5 gn6]", "[gn12 gn13 gn1]", "[J J]", "[gn4 gn4 gn5]"):
        with pytest.raises(IllegalActionError, match="R-RUM-MELD-2"):
            M(bad)
    with pytest.raises(IllegalActionError, match="R-RUM-MELD-2"):
        mr.Run((mr.JOKER, mr.JOKER, mr.JOKER))
    # any order of the tiles is the run they make, as for a group; a joker typed where no tile
    # can be (below 1, above 13) goes to the one place it fits: green 3, green 11
    assert M("[gn4 gn6 gn5]") == M("[gn6 gn5 gn4]") == run
    assert str(M("[J gn1 gn2]")) == "[gn1 gn2 J]"
    assert str(M("[gn12 gn13 J]")) == "[J gn12 gn13]"
    for bad in ("gn4 gn5 gn6", "[gn4 gn5 gn6}", 5):  # type: ignore[assignment]
        with pytest.raises(IllegalActionError):
            M(bad)
    for bad_tiles in ("abc", 7, [1, 2, 3]):
        with pytest.raises(IllegalActionError, match="R-RUM-SET-1"):
            mr.Run(bad_tiles)  # type: ignore[arg-type]


def test_joker_stands_for_a_tile_by_position() -> None:
    # R-RUM-JOK-1: a joker stands for any tile and counts the value it stands for
    run = M("[J gn5 J]")
    assert isinstance(run, mr.Run)
    assert run.start == 4
    assert run.points == 4 + 5 + 6
    assert run.stands_for(0) == {mr.parse_tile("gn4")}
    assert run.stands_for(2) == {mr.parse_tile("gn6")}
    group = M("{bk9 J gy9}")
    assert group.points == 27
    assert group.stands_for(2) == {mr.parse_tile("pu9"), mr.parse_tile("gn9")}
    assert group.stands_for(0) == {mr.parse_tile("bk9")}
    assert M("{bk9 J J}").points == 27


def test_opening_needs_30_points() -> None:
    # R-RUM-OPEN-1: the first laying out totals at least 30, over several combinations
    state = mr.position(CLASSIC, racks=[T("gn1 gn2 gn3 bk7 gy7 gn7 gy10"), T("bk1")])
    error = rejects(state, play("[gn1 gn2 gn3]", "{bk7 gn7 gy7}"), "R-RUM-OPEN-1")
    assert str(error) == "R-RUM-OPEN-1: the opening lays 27 points; it needs 30"
    state = mr.position(CLASSIC, racks=[T("gn1 gn2 gn3 bk8 gy8 gn8"), T("bk1")])
    after = mr.apply(state, play("[gn1 gn2 gn3]", "{bk8 gn8 gy8}"))
    assert after.opened == (True, False)
    assert after.racks[0] == ()
    assert after.is_terminal  # went out


def test_opening_counts_a_joker_at_its_value() -> None:
    # R-RUM-OPEN-1: a joker counts the value of the tile it stands for
    state = mr.position(CLASSIC, racks=[T("gn10 J gn12 bk1"), T("bk1")])
    after = mr.apply(state, play("[gn10 J gn12]"))
    assert after.opened[0]
    state = mr.position(CLASSIC, racks=[T("gn8 J gn10 bk1"), T("bk1")])
    error = rejects(state, play("[gn8 J gn10]"), "R-RUM-OPEN-1")
    assert "27 points" in str(error)


def test_opening_counts_only_rack_tiles() -> None:
    # R-RUM-OPEN-1 / R-RUM-OPEN-3: table tiles do not count and may not be used
    state = mr.position(
        CLASSIC, racks=[T("gn13 gy13 gn10 gn11"), T("bk1")], table=table("{bk13 pu13 J}")
    )
    rejects(state, play("{bk13 gn13 gy13 pu13}", "[gn10 gn11 J]"), "R-RUM-JOK-2")
    state = mr.position(CLASSIC, racks=[T("gn10 gn11 bk2"), T("bk1")], table=table("[gn7 gn8 gn9]"))
    rejects(state, play("[gn7 gn8 gn9 gn10 gn11]"), "R-RUM-OPEN-3")


def test_must_draw_until_laid_out() -> None:
    # R-RUM-OPEN-2: without 30 points a player can only draw; a drawn tile waits a turn
    state = mr.position(CLASSIC, racks=[T("gn1 gn2 gn3 gy7 bk7 pu7 bk12"), T("bk1")])
    assert mr.best_play(state) is None
    drawn = mr.apply(mr.apply(state, mr.Draw()), mr.parse_tile("gn7"))
    assert drawn.current_player == 1  # the drawn gn7 would make 34 points, but the turn ended
    again = mr.apply(mr.apply(drawn, mr.Draw()), mr.parse_tile("gy1"))
    assert mr.best_play(again) is not None


def test_no_laying_off_before_the_opening() -> None:
    # R-RUM-OPEN-3: before laying out, no laying off onto the table
    state = mr.position(
        CLASSIC,
        racks=[T("gn10 gn11 gn12 gy13 gn13 bk13 gn9 pu1"), T("bk1")],
        table=table("[gn6 gn7 gn8]"),
    )
    lay_off = play("[gn6 gn7 gn8 gn9]", "[gn10 gn11 gn12]", "{bk13 gn13 gy13}")
    rejects(state, lay_off, "R-RUM-OPEN-3")
    lenient = attrs.evolve(CLASSIC, lay_off_in_opening_turn=True)
    state = attrs.evolve(state, rules=lenient)
    after = mr.apply(state, lay_off)
    assert after.racks[0] == T("pu1")
    # the opening itself still needs 30 points of new combinations
    state = mr.position(
        lenient, racks=[T("gn7 gn8 gn9 gn10 pu1"), T("bk1")], table=table("[gn4 gn5 gn6]")
    )
    error = rejects(state, play("[gn4 gn5 gn6 gn7]", "[gn8 gn9 gn10]"), "R-RUM-OPEN-1")
    assert "lays 27 points" in str(error)  # 8 + 9 + 10; the green 7 laid off does not count
    # rearranging is still not allowed in that turn
    state = mr.position(
        lenient, racks=[T("gn10 gn11 gn12 gn5 pu1"), T("bk1")], table=table("[gn6 gn7 gn8 gn9]")
    )
    rejects(state, play("[gn5 gn6 gn7]", "[gn8 gn9 gn10 gn11 gn12]"), "R-RUM-OPEN-3")


def test_opening_with_lay_off_finds_the_best_matching() -> None:
    # R-RUM-OPEN-3 knob: equal combinations; the new one is counted at its best
    lenient = attrs.evolve(CLASSIC, lay_off_in_opening_turn=True)
    state = mr.position(
        lenient, racks=[T("gn10 gn11 gn12 gn13 pu1"), T("bk1")], table=table("[gn10 gn11 gn12]")
    )
    # one run of three is on the table; the rack lays 10 11 12 13: as a new run it counts 46
    after = mr.apply(state, play("[gn10 gn11 gn12]", "[gn10 gn11 gn12 gn13]"))
    assert after.opened[0]


def test_lay_off_after_opening() -> None:
    # R-RUM-LAY-1: after the opening, any number of fitting tiles on any combination
    state = opened_position("gn3 gy8 pu8 J", "[gn4 gn5 gn6]", "{bk8 gn8 J}")
    after = mr.apply(state, play("[gn3 gn4 gn5 gn6]", "{pu8 bk8 gn8 J}"))
    assert after.racks[0] == T("gy8 J")


def test_rearranging_takes_all_or_part() -> None:
    # R-RUM-RE-1: take part of a combination (three stay) and use it in a new one
    state = opened_position("pu5 gy5 bk5 pu1", "[gn5 gn6 gn7 gn8]")
    after = mr.apply(state, play("[gn6 gn7 gn8]", "{pu5 bk5 gn5 gy5}"))
    assert after.racks[0] == T("pu1")


def test_three_must_stay() -> None:
    # R-RUM-RE-2: of a combination taken in part, at least three tiles stay together
    state = opened_position("bk6 gy6 bk7 gy7 gn3 pu1", "[gn4 gn5 gn6 gn7]")
    # 4 and 5 stay with a new 3, while 6 and 7 leave: only two stay together
    error = rejects(state, play("[gn3 gn4 gn5]", "{bk6 gn6 gy6}", "{bk7 gn7 gy7}"), "R-RUM-RE-2")
    assert "only 2 tiles stay together" in str(error)
    free = attrs.evolve(CLASSIC, min_stay=None)
    after = mr.apply(
        attrs.evolve(state, rules=free), play("[gn3 gn4 gn5]", "{bk6 gn6 gy6}", "{bk7 gn7 gy7}")
    )
    assert after.racks[0] == T("pu1")
    # a group of four keeps three when one tile leaves
    state = opened_position("bk8 bk9 pu1", "{pu7 bk7 gn7 gy7}")
    assert mr.apply(state, play("{pu7 gn7 gy7}", "[bk7 bk8 bk9]")).racks[0] == T("pu1")


def test_taken_wholly_is_allowed() -> None:
    # R-RUM-RE-1 / R-RUM-RE-2: a combination taken wholly, each tile used elsewhere
    state = opened_position("bk4 gy4 bk5 gy5 bk6 gy6 pu1", "[gn4 gn5 gn6]")
    after = mr.apply(state, play("{bk4 gn4 gy4}", "{bk5 gn5 gy5}", "{bk6 gn6 gy6}"))
    assert after.racks[0] == T("pu1")


def test_table_tiles_never_go_to_a_rack() -> None:
    # R-RUM-RE-3: every tile that was on the table is still there, in correct combinations
    state = opened_position("gn8 pu1", "[gn4 gn5 gn6 gn7]")
    error = rejects(state, play("[gn5 gn6 gn7 gn8]"), "R-RUM-RE-3")
    assert "gn4" in str(error)
    with pytest.raises(IllegalActionError, match="R-RUM-RE-3"):
        mr.Play((M("[gn5 gn6 gn7]"), "x"))  # type: ignore[arg-type]
    with pytest.raises(IllegalActionError, match="R-RUM-RE-3"):
        mr.Play("x")  # type: ignore[arg-type]


def test_the_texts_examples() -> None:
    # R-RUM-RE-4 example 1: green 6-7-8 takes a green 5 or 9; a group of 8s a purple 8
    state = opened_position("gn5 gn9 pu8 bk1", "[gn6 gn7 gn8]", "{gn8 gy8 bk8}")
    for extended in ("[gn5 gn6 gn7 gn8]", "[gn6 gn7 gn8 gn9]"):
        assert mr.apply(state, play(extended, "{bk8 gn8 gy8}")).table
    assert mr.apply(state, play("[gn6 gn7 gn8]", "{pu8 bk8 gn8 gy8}")).racks[0] == T("gn5 gn9 bk1")
    # R-RUM-RE-4 example 2: black 6 on black 2-3-4-5, its black 2 with grey 2 and purple 2
    state = opened_position("bk6 gy2 pu2 gn9", "[bk2 bk3 bk4 bk5]")
    after = mr.apply(state, play("[bk3 bk4 bk5 bk6]", "{pu2 bk2 gy2}"))
    assert after.racks[0] == T("gn9")
    # R-RUM-RE-4 example 3: purple 2-3-4-5-6 split with a purple 4 into 2-3-4 and 4-5-6
    state = opened_position("pu4 gn9", "[pu2 pu3 pu4 pu5 pu6]")
    after = mr.apply(state, play("[pu2 pu3 pu4]", "[pu4 pu5 pu6]"))
    assert after.racks[0] == T("gn9")
    assert len(after.table) == 2


def test_joker_exchange_needs_the_right_tile() -> None:
    # R-RUM-JOK-2: exchanged by the player on turn for the right tile, once laid out
    state = opened_position("gn7 bk10 bk11 pu1", "[gn5 gn6 J]")
    after = mr.apply(state, play("[gn5 gn6 gn7]", "[bk10 bk11 J]"))
    assert after.racks[0] == T("pu1")
    # green 8 is not the tile the joker stands for (green 7): the joker cannot leave
    state = opened_position("gn8 gn4 bk10 bk11 pu1", "[gn5 gn6 J]")
    rejects(state, play("[gn4 gn5 gn6]", "[bk10 bk11 J]"), "R-RUM-JOK-3")


def test_joker_in_a_group_either_missing_colour() -> None:
    # R-RUM-JOK-2: in a group of three, either missing colour is right
    for colour in ("pu", "gn"):
        state = opened_position(f"{colour}9 bk11 bk12 gy1", "{bk9 gy9 J}")
        after = mr.apply(state, play(f"{{bk9 gy9 {colour}9}}", "[bk11 bk12 J]"))
        assert after.racks[0] == T("gy1")
    # in a group of four the one missing colour is the only right tile
    state = opened_position("gn9 bk11 bk12 gy1", "{bk9 gy9 pu9 J}")
    after = mr.apply(state, play("{bk9 gn9 gy9 pu9}", "[bk11 bk12 J]"))
    assert after.racks[0] == T("gy1")


def test_joker_exchange_only_after_laying_out() -> None:
    # R-RUM-JOK-2: a player who has not laid out may not exchange a joker
    state = mr.position(
        CLASSIC,
        racks=[T("gn7 bk11 bk12 bk13"), T("bk1")],
        table=table("[gn5 gn6 J]"),
        opened=[1],
    )
    rejects(state, play("[gn5 gn6 gn7]", "[J bk11 bk12 bk13]"), "R-RUM-JOK-2")


def test_unreplaced_joker_never_moves() -> None:
    # R-RUM-JOK-3: a table joker moves only after the right tile replaced it
    # (the mistake of public solvers: moving an unreplaced joker)
    state = opened_position("gn4 bk10 bk11 pu1", "[gn5 gn6 J]")
    error = rejects(state, play("[gn4 gn5 gn6]", "[bk10 bk11 J]"), "R-RUM-JOK-3")
    assert "gn7" in str(error)
    # sliding the joker to the other end of its run (from green 7 to green 4) is a move too
    slide = opened_position("bk4 gy4 pu4 pu1", "[gn5 gn6 J]")
    rejects(slide, play("[J gn5 gn6]", "{bk4 gy4 pu4}"), "R-RUM-JOK-3")
    # whereas a joker that stays where it is may sit in a longer run
    after = mr.apply(state, play("[gn4 gn5 gn6 J]"))
    assert after.racks[0] == T("bk10 bk11 pu1")
    # and the solver never moves it
    best = mr.best_play(state)
    assert best is not None
    assert M("[gn4 gn5 gn6 J]") in best.table


def test_freed_joker_stays_on_the_table() -> None:
    # R-RUM-JOK-3: a freed joker is used again in the same turn, never taken to a rack
    state = opened_position("gn7 pu1", "[gn5 gn6 J]")
    rejects(state, play("[gn5 gn6 gn7]"), "R-RUM-RE-3")


def test_going_out_ends_the_round() -> None:
    # R-RUM-END-1: the player who lays their last tile ends the round and wins it
    state = opened_position("gn7", "[gn4 gn5 gn6]")
    state = attrs.evolve(state, racks=(T("gn7"), T("bk1 bk2 J")))
    after = mr.apply(state, play("[gn4 gn5 gn6 gn7]"))
    assert after.is_terminal
    assert after.end_rule == "R-RUM-END-1"
    assert after.winners == {0}
    assert after.current_player is None
    assert not after.is_chance
    assert mr.legal_actions(after) == ()
    assert mr.chance_outcomes(after) == ()
    rejects(after, mr.Draw(), "R-RUM-MATCH-1")


def test_minus_points_and_joker_25() -> None:
    # R-RUM-END-2: others score minus their rack (a joker 25); the winner plus the sum
    rules = mr.Rules.classic(3)
    state = mr.position(
        rules,
        racks=[T("gn7"), T("bk1 bk2 J"), T("gy13 gy12")],
        table=table("[gn4 gn5 gn6]"),
        opened=[0],
    )
    after = mr.apply(state, play("[gn4 gn5 gn6 gn7]"))
    assert mr.scores(after) == (28 + 25, -(1 + 2 + 25), -25)
    assert after.last_round == mr.scores(after)
    assert mr.rack_points(rules, T("J J gy1")) == 51


def test_handrummy_doubles_and_waives_30() -> None:
    # R-RUM-VAR-HAND: all tiles at once from the rack: no 30 points needed, minus points double
    state = mr.position(
        mr.Rules.classic(handrummy=True), racks=[T("gn1 gn2 gn3 pu1 bk1 gy1"), T("bk9 J")]
    )
    after = mr.apply(state, play("[gn1 gn2 gn3]", "{pu1 bk1 gy1}"))
    assert after.end_rule == "R-RUM-VAR-HAND"
    assert mr.scores(after) == (2 * 34, -2 * 34)
    plain = attrs.evolve(state, rules=CLASSIC)  # the main rules: Handrummy is a variant
    rejects(plain, play("[gn1 gn2 gn3]", "{pu1 bk1 gy1}"), "R-RUM-OPEN-1")
    # once laid out, going out is an ordinary win
    opened = attrs.evolve(state, opened=(True, False))
    assert mr.apply(opened, play("[gn1 gn2 gn3]", "{pu1 bk1 gy1}")).end_rule == "R-RUM-END-1"


def test_empty_pool_passes() -> None:
    # R-RUM-END-3: with the pool empty a player passes; a round of passes ends the round
    state = mr.position(CLASSIC, racks=[T("gn1 gn5"), T("bk9")])
    state = attrs.evolve(state, pool=(0,) * 53)
    assert mr.legal_actions(state) == (mr.Pass(),)
    rejects(state, mr.Draw(), "R-RUM-END-3")
    once = mr.apply(state, mr.Pass())
    assert once.current_player == 1
    assert once.passes == 1
    over = mr.apply(once, mr.Pass())
    assert over.end_rule == "R-RUM-END-3"
    assert mr.scores(over) == (9, -9)  # the lowest rack (1 + 5 < 9) wins, as in R-RUM-END-2
    assert over.winners == {0}


def test_empty_pool_ends_at_once_and_ties() -> None:
    # R-RUM-END-3 knob "ends"; equal lowest racks share the win and score only minus
    rules = attrs.evolve(CLASSIC, empty_pool="ends")
    state = mr.position(rules, racks=[T("gn1 gn5"), T("bk6")])
    state = attrs.evolve(state, pool=(0,) * 53)
    over = mr.apply(state, mr.Pass())
    assert over.end_rule == "R-RUM-END-3"
    assert mr.scores(over) == (-6, -6)
    assert over.winners == {0, 1}
    with pytest.raises(ValueError, match="R-RUM-END-3"):
        mr.Rules(empty_pool="never")  # type: ignore[arg-type]


def test_a_play_resets_the_passes() -> None:
    # R-RUM-END-3: only passes in a row end the round
    state = mr.position(CLASSIC, racks=[T("gn1"), T("bk9 bk10 bk11 bk12")])
    state = attrs.evolve(state, pool=(0,) * 53, passes=1)
    state = mr.apply(state, mr.Pass())
    assert state.end_rule == "R-RUM-END-3"


def test_last_draw_empties_the_pool() -> None:
    # R-RUM-END-3 with R-RUM-TIME-1: a penalty stops when the pool runs out
    rules = attrs.evolve(CLASSIC, timeout_penalty=3)
    state = mr.position(rules, racks=[T("gn1"), T("bk9")])
    pool = [0] * 53
    pool[0] = 1
    state = attrs.evolve(state, pool=tuple(pool))
    state = mr.time_out(state)
    assert state.draws_left == 1
    state = mr.apply(state, mr.parse_tile("pu1"))
    assert state.current_player == 1
    assert state.pool_size == 0


def test_match_of_rounds() -> None:
    # R-RUM-MATCH-1: several rounds; the next starts with the player who would be next;
    # the totals decide
    rules = attrs.evolve(mr.Rules.classic(3), rounds=2)
    state = mr.position(
        rules,
        racks=[T("gn1"), T("gn7"), T("gy12 gy13")],
        table=table("[gn4 gn5 gn6]"),
        player=1,
        opened=[0, 1, 2],
    )
    after = mr.apply(state, play("[gn4 gn5 gn6 gn7]"))
    assert not after.is_terminal
    assert after.round == 1
    assert after.is_chance
    assert after.totals == (-1, 26, -25)
    assert after.last_round == (-1, 26, -25)
    assert after.first == 2
    assert after.player == 2
    assert after.pool_size == 106
    assert after.opened == (False, False, False)
    assert after.table == ()
    rng = random.Random(0)
    while after.is_chance:
        after = mr.apply(after, mr.sample_chance(after, rng))
    assert after.current_player == 2
    resigned = mr.resign(after, 2)
    assert resigned.is_terminal
    assert resigned.winners == {0, 1}
    assert resigned.end_rule == "resign"
    with pytest.raises(IllegalActionError, match="R-RUM-MATCH-1"):
        mr.resign(resigned, 1)
    with pytest.raises(ValueError, match="seat"):
        mr.resign(after, 5)
    with pytest.raises(ValueError, match="R-RUM-MATCH-1"):
        mr.Rules(rounds=0)


def test_lot_of_the_second_round_is_not_drawn_again() -> None:
    # R-RUM-MATCH-1 / R-RUM-SET-3: only the first round's starter is drawn by lot
    rules = attrs.evolve(CLASSIC, rounds=2)
    state = mr.new_game(rules)
    state = mr.apply(state, mr.FirstPlayer(1))
    assert state.first == 1
    assert state.round == 0


def test_rules_values() -> None:
    # R-RUM-OPEN-1, R-RUM-END-2, R-RUM-RE-2: the knobs and their checks
    assert mr.Rules.rummikub().min_stay is None
    assert not mr.Rules.rummikub().handrummy
    assert set(mr.PRESETS) == {"classic", "rummikub", "mini", "tiny", "midi"}
    for bad in ({"min_stay": 1}, {"handrummy": 1}, {"opening_points": -1}):
        with pytest.raises(ValueError, match="Rules"):
            mr.Rules(**bad)  # type: ignore[arg-type]


def test_position_checks() -> None:
    # R-RUM-SET-1: a position uses at most the 106 tiles
    with pytest.raises(IllegalActionError, match="R-RUM-SET-1"):
        mr.position(CLASSIC, racks=[T("J J"), T("J")])
    with pytest.raises(ValueError, match="one rack per player"):
        mr.position(CLASSIC, racks=[T("J")])
    with pytest.raises(ValueError, match="Tile values"):
        mr.position(CLASSIC, racks=[["gn1"], []])  # type: ignore[list-item]
    with pytest.raises(ValueError, match="seat"):
        mr.position(CLASSIC, racks=[(), ()], player=2)
    with pytest.raises(ValueError, match="opened"):
        mr.position(CLASSIC, racks=[(), ()], opened=[3])
    with pytest.raises(ValueError, match="Rules"):
        mr.position("classic", racks=[(), ()])  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="State"):
        mr.apply("state", mr.Draw())  # type: ignore[arg-type]
    for function in (mr.legal_actions, mr.chance_outcomes, mr.scores, mr.plays, mr.best_play):
        with pytest.raises(ValueError, match="State"):
            function("state")  # type: ignore[arg-type]


def test_notation_round_trip() -> None:
    # R-RUM-TURN-1: every action has a text form read back by parse_action
    actions: list[mr.Action] = [
        mr.Draw(),
        mr.Pass(),
        play("[gn4 J gn6]", "{bk7 gy7 J}"),
        mr.FirstPlayer(2),
        mr.parse_tile("pu13"),
        mr.JOKER,
    ]
    for action in actions:
        assert mr.parse_action(str(action)) == action
    assert str(mr.Play(())) == "play"
    for bad in ("", "fly", "play gn4", "draw 2", 5, "x" * 3000):
        with pytest.raises(ValueError, match="column"):
            mr.parse_action(bad)  # type: ignore[arg-type]
    with pytest.raises(IllegalActionError, match="R-RUM-SET-1"):
        mr.Play([M("[gn1 gn2 gn3]")] * 40)


def test_observation_hides_other_racks() -> None:
    # R-RUM-SET-2: racks and pool are face down
    state = mr.position(CLASSIC, racks=[T("gn5 J"), T("bk3 bk4")], table=table("[gy1 gy2 gy3]"))
    seen = mr.observe(state, 1)
    assert seen.rack == T("bk3 bk4")
    assert seen.rack_sizes == (2, 2)
    assert seen.pool_size == 106 - 7
    assert seen.current_player == 0
    assert "gn5" not in repr(seen)
    assert "J" not in repr(seen.rack)
    rng = random.Random(2)
    sampled = mr.determinise(seen, rng)
    assert sampled.racks[1] == state.racks[1]
    assert len(sampled.racks[0]) == 2
    assert sampled.table == state.table
    assert sampled.pool_size == state.pool_size
    assert mr.observe(sampled, 1) == seen
    with pytest.raises(ValueError, match="seat"):
        mr.observe(state, 2)
    with pytest.raises(ValueError, match="State"):
        mr.observe("state", 0)  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="Observation"):
        mr.determinise("seen", rng)  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="rng"):
        mr.determinise(seen, 3)  # type: ignore[arg-type]
    chance = mr.observe(mr.new_game(CLASSIC), 0)
    assert chance.current_player is None


def three_seats() -> mr.State:
    """Seat 0 holds both gn5; seat 1 a joker; the run gy1-gy3 on the table."""
    return mr.position(
        mr.Rules.classic(players=3),
        racks=[T("gn5 gn5"), T("J bk3"), T("pu1 pu2 pu3")],
        table=table("[gy1 gy2 gy3]"),
    )


def test_determinise_deals_known_racks_as_given_and_the_rest_at_random() -> None:
    # R-RUM-SET-1: the 106 tiles stay 106; a known rack is dealt as given
    seen = mr.observe(three_seats(), 0)
    rng = random.Random(4)
    others = set()
    for _ in range(20):
        guess = mr.determinise(seen, rng, known={2: T("J J gn6")})
        assert guess.racks[2] == T("gn6 J J")
        assert mr.observe(guess, 0) == seen
        assert mr.JOKER not in guess.racks[1] + guess.pool_tiles
        assert len(guess.racks[1]) + guess.pool_size == 106 - 2 - 3 - 3
        others.add(guess.racks[1])
    assert len(others) > 15
    once = mr.determinise(seen, rng, known={2: iter(T("J J gn6"))})  # any iterable, read once
    assert once.racks[2] == T("gn6 J J")


@pytest.mark.parametrize(
    ("known", "message"),
    [
        ({0: T("gn6 gn7")}, "seat 0 is the observer"),
        ({3: T("gn6 gn7")}, "seats 0 to 2"),
        ({1: T("gn6")}, "seat 1 holds 2 tiles, not 1"),
        ({1: T("gn5 gn6")}, "gn5, which is not among the unseen"),  # both gn5 on the rack
        ({1: T("gy1 gn6"), 2: T("gy1 gn7 gn8")}, "gy1, which is not among the unseen"),
        ({1: "gn6 gn7"}, "a sequence of tiles"),
        ({1: 5}, "a sequence of tiles"),
        ({1: ["gn6", "gn7"]}, "a sequence of tiles"),
        ({"1": T("gn6 gn7")}, "seats 0 to 2, got '1'"),
        ([(1, T("gn6 gn7"))], "known maps seats to racks"),
    ],
)
def test_determinise_refuses_known_racks_that_cannot_be(known: Any, message: str) -> None:
    with pytest.raises(ValueError, match=message):
        mr.determinise(mr.observe(three_seats(), 0), random.Random(0), known=known)
