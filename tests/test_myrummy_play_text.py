"""A MyRummy play written as its moves, read back exactly; records that keep plays so."""

from __future__ import annotations

import json

import attrs
import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st
from hypothesis_profiles import examples

import morpyam.myrummy as mr
from morpyam.kit.records import Resign
from morpyam.myrummy.play._bots import Bot, GreedyBot, RandomBot
from morpyam.notation import NotationError

T, M = mr.parse_tiles, mr.parse_meld


def whole(text: str) -> mr.Play:
    play = mr.parse_action(text)
    assert isinstance(play, mr.Play)
    return play


def opened(rack: str, *melds: str) -> mr.State:
    return mr.position(
        mr.Rules.classic(), racks=[T(rack), T("bk1")], table=[M(m) for m in melds], opened=[0, 1]
    )


def test_a_play_as_its_moves_by_hand() -> None:
    # R-RUM-LAY-1 / R-RUM-TURN-1: a lay-off and a new run, said as a player says them
    state = opened("gn10 gn11 gn12 pu9 bk5", "[pu5 pu6 pu7 pu8]")
    play = whole("play [pu5 pu6 pu7 pu8 pu9] [gn10 gn11 gn12]")
    assert mr.play_text(state, play) == "add pu9 to 1; lay gn10 gn11 gn12"
    assert mr.parse_play(state, "add pu9 to 1; lay gn10 gn11 gn12") == play
    assert mr.parse_play(state, str(play)) == play  # the whole table still reads
    # R-RUM-RE-4: black 6 on black 2-3-4-5, its black 2 into a group with grey 2 and purple 2
    state = opened("bk6 gy2 pu2 gn9", "[bk2 bk3 bk4 bk5]")
    play = whole("play [bk3 bk4 bk5 bk6] {pu2 bk2 gy2}")
    assert mr.play_text(state, play) == "add bk6 to 1; lay pu2 gy2; move bk2 from 1 to 2"
    # the numbers are those of the table as a screen listed it, when given
    state = opened("gn7", "[gn4 gn5 gn6]", "{bk9 gn9 gy9}")
    play = whole("play [gn4 gn5 gn6 gn7] {bk9 gn9 gy9}")
    order = [M("{bk9 gn9 gy9}"), M("[gn4 gn5 gn6]")]
    assert mr.play_text(state, play) == "add gn7 to 1"
    assert mr.play_text(state, play, order=order) == "add gn7 to 2"
    assert mr.parse_play(state, "add gn7 to 2", order=order) == play


def test_a_joker_is_said_at_the_end_it_stands_at() -> None:
    # R-RUM-JOK-1: [J gn5 gn6 gn7] and [gn5 gn6 gn7 J] are two plays; the text tells them apart
    state = opened("J bk5", "[gn5 gn6 gn7]")
    low = whole("play [J gn5 gn6 gn7]")
    high = whole("play [gn5 gn6 gn7 J]")
    assert mr.play_text(state, high) == "add J to 1"
    assert mr.play_text(state, low) == "add J to 1 at start"
    assert mr.parse_play(state, "add J to 1 at start") == low
    # a group of one tile and two jokers is also a run: no moves say it, the table does
    state = opened("gn8 J J bk5")
    group = whole("play {gn8 J J}")
    assert mr.play_text(state, group) == "play {gn8 J J}"
    assert mr.parse_play(state, mr.play_text(state, group)) == group


def test_a_play_text_that_is_wrong_points_at_the_word() -> None:
    state = opened("gn10 gn11 gn12 pu9 bk5", "[pu5 pu6 pu7 pu8]")
    with pytest.raises(NotationError) as caught:
        mr.parse_play(state, "add pu9 to 1; lay gn10 xx")
    assert caught.value.column == 24  # the column in the whole text, counted by hand
    with pytest.raises(mr.MoveError, match="gn13 is not on your rack"):
        mr.parse_play(state, "lay gn11 gn12 gn13")
    with pytest.raises(mr.IllegalActionError, match="R-RUM-MELD-1: combination 2"):
        mr.parse_play(state, "lay gn10 gn12 pu9")
    with pytest.raises(NotationError, match="is no play"):
        mr.parse_play(state, "draw")
    with pytest.raises(mr.IllegalActionError, match="R-RUM-TURN-1"):
        mr.parse_play(mr.apply(state, mr.Draw()), "lay gn10 gn11 gn12")


SMALL = attrs.evolve(mr.Rules.classic(), rack_size=9)


@settings(max_examples=examples(12), deadline=None)
@given(
    st.integers(0, 10**6), st.sampled_from([SMALL, attrs.evolve(mr.Rules.rummikub(3), rack_size=9)])
)
# a match whose plays as moves take more characters than as whole tables (2,212 against 2,203)
@example(271, attrs.evolve(mr.Rules.rummikub(3), rack_size=9))
def test_every_play_reads_back_and_a_record_of_moves_replays(seed: int, rules: mr.Rules) -> None:
    # R-RUM-MATCH-1: a record keeps plays as their moves and replays to the same match; each
    # play's text reads back to that play exactly, and the whole-table form reads too
    bots: list[Bot] = [GreedyBot(max_table=40), RandomBot(max_table=40), GreedyBot(max_table=40)]
    record = mr.play_match(rules, bots[: rules.players], seed=seed, max_actions=150)
    state = mr.new_game(rules)
    for entry in record.actions:
        assert not isinstance(entry, (mr.TimeOut, Resign))  # bots only act
        if isinstance(entry, mr.Play):
            assert mr.parse_play(state, mr.play_text(state, entry)) == entry
        state = mr.apply(state, entry)
    text = record.to_json()
    again = mr.GameRecord.from_json(text)
    assert again == record
    assert again.to_json() == text
    assert mr.replay(again) == state
    whole = record.to_json(moves=False)
    assert mr.GameRecord.from_json(whole) == record
    plays = [word for word in json.loads(whole)["actions"] if word.startswith("play")]
    if plays:
        assert any(word.startswith(("lay", "add")) for word in json.loads(text)["actions"])


def test_a_record_of_moves_names_the_entry_it_cannot_read() -> None:
    # R-RUM-TURN-1: a play written as moves is read where it stands
    rules = attrs.evolve(mr.Rules.classic(), rack_size=9)
    record = mr.play_match(rules, [GreedyBot(), GreedyBot()], seed=3, max_actions=80)
    data = json.loads(record.to_json())
    at = next(i for i, word in enumerate(data["actions"]) if word.startswith("lay"))
    data["actions"][at] = "lay gn1 gn1 gn1"
    with pytest.raises(ValueError, match=rf"action {at + 1} \('lay gn1 gn1 gn1'\)"):
        mr.GameRecord.from_json(json.dumps(data))
