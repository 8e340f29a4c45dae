"""MyRummy's tile set as rules data: the fields, the deal, the judge and the files under small sets."""

from __future__ import annotations

import json
import random

import attrs
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import morpyam.myrummy as mr
from morpyam.errors import IllegalActionError
from morpyam.files import FileFormatError
from morpyam.myrummy import strategies as rst
from morpyam.myrummy.core._melds import sort_table
from morpyam.myrummy.core._tiles import COLOURS, JOKER_INDEX, TILES
from morpyam.myrummy.play._bots import pile

T = mr.parse_tiles
M = mr.parse_meld
# values 1 to 5 in three colours, one copy, one joker: 16 tiles
SMALL = attrs.evolve(
    mr.Rules.classic(), colours=3, values=5, copies=1, jokers=1, rack_size=4, min_stay=None
)


def test_the_presets_count_their_tiles() -> None:
    # R-RUM-SET-1: colours × values × copies + jokers, counted from the rule text's box
    assert mr.Rules().tile_count == 4 * 13 * 2 + 2 == 106
    assert mr.Rules.mini().tile_count == 3 * 3 * 1 + 1 == 10
    assert mr.Rules.midi().tile_count == 4 * 7 * 1 + 2 == 30
    assert sum(mr.Rules.mini().full_pool) == 10
    mini = [TILES[kind] for kind, count in enumerate(mr.Rules.mini().full_pool) if count]
    assert " ".join(map(str, mini)) == "pu1 pu2 pu3 bk1 bk2 bk3 gn1 gn2 gn3 J"
    assert mr.Rules.mini().has(mr.parse_tile("gn3"))
    assert not mr.Rules.mini().has(mr.parse_tile("gy1"))
    assert not mr.Rules.mini().has(mr.parse_tile("pu4"))
    assert not attrs.evolve(mr.Rules.mini(), jokers=0).has(mr.JOKER)
    assert mr.Rules.mini().set_text == "10 tiles: pu bk gn, values 1 to 3, 1 of each, 1 joker"


@pytest.mark.parametrize(
    ("field", "bad"),
    [("colours", 0), ("colours", 5), ("values", 0), ("values", 14), ("copies", 0),
     ("copies", 3), ("jokers", -1), ("jokers", 3), ("colours", True), ("values", 2.0)],
)  # fmt: skip
def test_the_tile_set_fields_are_checked(field: str, bad: object) -> None:
    # R-RUM-SET-1: the set's fields take the numbers the rule text's box can hold at most
    with pytest.raises(ValueError, match=f"R-RUM-SET-1: Rules.{field}"):
        mr.Rules(**{field: bad})  # type: ignore[arg-type]


def test_racks_must_fit_in_the_set() -> None:
    # R-RUM-SET-2: the deal takes players × rack_size tiles from the set
    assert mr.Rules.mini(players=3).rack_size * 3 == 9
    with pytest.raises(ValueError, match="R-RUM-SET-2: 4 racks of 3 need 12 tiles"):
        mr.Rules.mini(players=4)
    with pytest.raises(ValueError, match="R-RUM-SET-2"):
        attrs.evolve(mr.Rules.classic(), colours=1, values=5)  # 12 tiles, racks of 14


@settings(max_examples=30, deadline=None)
@given(rst.rules(), st.integers(0, 2**32 - 1))
def test_every_tile_dealt_or_drawn_is_one_of_the_set(rules: mr.Rules, seed: int) -> None:
    # R-RUM-SET-1, R-RUM-SET-2: the pool starts as the set, and tiles are conserved in play
    rng = random.Random(seed)
    state = mr.new_game(rules)
    assert state.pool == rules.full_pool
    for _ in range(rules.players * rules.rack_size + 30):
        if state.is_terminal:
            break
        if state.is_chance:
            state = mr.apply(state, mr.sample_chance(state, rng))
        else:
            state = mr.apply(state, rng.choice(mr.legal_actions(state)))
        held = [0] * len(TILES)
        for tile in [t for rack in state.racks for t in rack] + [
            t for meld in state.table for t in meld.tiles
        ]:
            held[tile.index] += 1
        assert [a + b for a, b in zip(held, state.pool)] == list(rules.full_pool)


def test_a_run_ends_at_the_sets_highest_value() -> None:
    # R-RUM-MELD-2 with values 1 to 3: [pu2 pu3 J] would make the joker pu4, which the set lacks
    rules = attrs.evolve(mr.Rules.mini(), opening_points=6)
    state = mr.position(rules, racks=[T("pu2 pu3 J"), T("gn1")])
    with pytest.raises(
        IllegalActionError, match=r"R-RUM-MELD-2: the values end at 3.*\[J pu2 pu3\]"
    ):
        mr.apply(state, mr.Play((M("[pu2 pu3 J]"),)))
    after = mr.apply(state, mr.Play((M("[J pu2 pu3]"),)))  # the joker is pu1: 1 + 2 + 3 = 6
    assert after.is_terminal
    assert after.winners == {0}
    with pytest.raises(IllegalActionError, match="R-RUM-OPEN-1: the opening lays 6 points"):
        mr.apply(
            attrs.evolve(state, rules=attrs.evolve(rules, opening_points=7)),
            mr.Play((M("[J pu2 pu3]"),)),
        )
    four = mr.position(attrs.evolve(rules, copies=2, rack_size=1), racks=[T("pu1 pu2 pu3 J"), ()])
    with pytest.raises(IllegalActionError, match=r"R-RUM-MELD-2: .*at most 3 tiles, not 4"):
        mr.apply(four, mr.Play((M("[pu1 pu2 pu3 J]"),)))


def test_a_group_has_one_tile_per_colour_of_the_set() -> None:
    # R-RUM-MELD-1 with three colours: a group of four, a joker for the fourth, cannot lie
    state = mr.position(SMALL, racks=[T("pu5 bk5 gn5 J"), ()], opened=[0])
    with pytest.raises(IllegalActionError, match="R-RUM-MELD-1: a group has at most 3 tiles"):
        mr.apply(state, mr.Play((M("{pu5 bk5 gn5 J}"),)))
    assert mr.apply(state, mr.Play((M("{pu5 bk5 J}"),))).racks[0] == T("gn5")


def test_a_group_joker_stands_for_the_sets_missing_colours_only() -> None:
    # R-RUM-JOK-2 with three colours: in {pu5 bk5 J} the joker is gn5 (grey is not in the set)
    group = M("{pu5 bk5 J}")
    assert group.stands_for(2) == frozenset(T("gn5 gy5"))
    assert group.stands_for(2, 3) == frozenset(T("gn5"))
    assert M("{pu5 J J}").stands_for(1, 3) == frozenset(T("bk5 gn5"))
    # R-RUM-JOK-3: moving that joker on needs gn5 in its place; the refusal names gn5 alone
    state = mr.position(
        attrs.evolve(SMALL, rack_size=3),
        racks=[T("pu3 pu4 bk3 bk4"), ()],
        table=[group],
        opened=[0],
    )
    play = mr.Play(sort_table((M("[pu3 pu4 pu5]"), M("[J bk3 bk4 bk5]"))))
    with pytest.raises(
        IllegalActionError, match=r"R-RUM-JOK-3: the joker in \{pu5 bk5 J\} moves only once gn5 has"
    ):
        mr.apply(state, play)


def test_positions_and_files_refuse_tiles_the_set_lacks() -> None:
    # R-RUM-SET-1: a position or a state document with a tile outside the set is refused
    with pytest.raises(IllegalActionError, match="R-RUM-SET-1: the set has 0 × gy1"):
        mr.position(mr.Rules.mini(), racks=[T("gy1"), ()])
    with pytest.raises(IllegalActionError, match="R-RUM-SET-1: the set has 1 × J"):
        mr.position(mr.Rules.mini(), racks=[T("J"), T("J")])
    state = mr.position(mr.Rules.mini(), racks=[T("pu1 J"), T("gn3")], table=[M("[bk1 bk2 bk3]")])
    assert state.pool_size == 10 - 6
    text = mr.state_to_json(state)
    assert mr.state_from_json(text) == state
    data = json.loads(text)
    data["racks"][1] = ["gy3"]
    with pytest.raises((FileFormatError, ValueError), match="R-RUM-SET-1"):
        mr.state_from_json(json.dumps(data))
    data = json.loads(mr.state_to_json(mr.position(mr.Rules.classic(), racks=[(), ()])))
    for field in ("colours", "values", "copies", "jokers"):
        del data["rules"][field]  # written before the set was a field: the box
    assert mr.state_from_json(json.dumps(data)).rules == mr.Rules.classic()


def test_a_record_of_a_small_set_replays() -> None:
    # R-RUM-SET-2: a match dealt from the mini set's pile replays from its record
    rules = mr.Rules.mini()
    record = mr.play_match(rules, [mr.GreedyBot(), mr.RandomBot()], seed=5)
    again = mr.GameRecord.from_json(record.to_json())
    assert again == record
    assert again.rules == rules
    end = mr.replay(again)
    assert end.is_terminal
    assert sorted(pile(5, rules=rules)) == sorted(
        TILES[k] for k, n in enumerate(rules.full_pool) for _ in range(n)
    )
    assert pile(5) == pile(5, rules=mr.Rules.classic())  # the box's pile is unchanged


def test_the_colours_are_taken_in_order() -> None:
    # R-RUM-SET-1: a set of two colours has purple and black, the first two of the box
    rules = attrs.evolve(mr.Rules.classic(), colours=2, rack_size=5)
    present = {TILES[k].colour for k, n in enumerate(rules.full_pool) if n and k != JOKER_INDEX}
    assert present == set(COLOURS[:2])


def test_typed_moves_read_a_run_as_the_set_allows() -> None:
    # R-RUM-MELD-2 with values 1 to 3: "lay pu2 pu3 J" can only be [J pu2 pu3], the joker pu1
    from morpyam.myrummy.notation._moves import Turn, apply_move, judge_turn, parse_move

    state = mr.position(mr.Rules.mini(), racks=[T("pu2 pu3 J"), T("gn1")])
    turn = apply_move(Turn.start(state), parse_move("lay pu2 pu3 J"))
    assert str(judge_turn(state, turn)) == "play [J pu2 pu3]"
    nine = attrs.evolve(mr.Rules.classic(), opening_points=9)
    box = mr.position(nine, racks=[T("pu2 pu3 J"), T("gn1")])
    assert str(judge_turn(box, apply_move(Turn.start(box), parse_move("lay pu2 pu3 J")))) == (
        "play [pu2 pu3 J]"  # in the box the joker lies at the end, pu4: 9 points
    )
