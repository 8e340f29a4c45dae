"""MyRummy positions people and programs can read: str/repr, the text renderer, state JSON, strategies."""

from __future__ import annotations

import json
import subprocess
import sys
from collections import Counter
from typing import Any

import attrs
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from hypothesis_profiles import examples

import morpyam.myrummy as mr
from morpyam.files import FileFormatError
from morpyam.myrummy import strategies as rst
from morpyam.myrummy.core._text import render, render_table, rules_text
from morpyam.myrummy.notation._state_json import (
    STATE_FORMAT,
    InvalidStateError,
    check_state,
    state_from_dict,
    state_to_dict,
)

T = mr.parse_tiles
M = mr.parse_meld
SLOW = [HealthCheck.too_slow, HealthCheck.data_too_large]


def _table_position() -> mr.State:
    # player 0 has laid out [gn6 gn7 gn8] and keeps gn5 and a joker; player 1 holds bk1 bk2 bk3
    return mr.position(
        mr.Rules.classic(),
        racks=[T("gn5 J"), T("bk1 bk2 bk3")],
        table=[M("[gn6 gn7 gn8]")],
        opened=[0],
    )


# --- str, repr and the renderer ---------------------------------------------------------------------


def test_str_shows_the_table_numbered_and_no_rack() -> None:
    state = _table_position()
    # 106 tiles (R-RUM-SET-1) - 2 - 3 on the racks - 3 on the table = 98 in the pool
    assert str(state) == (
        "Table:\n"
        "   1  [gn6 gn7 gn8]\n"
        "Racks: player 0: 2 tiles (laid out), player 1: 3 tiles; pool: 98 tiles\n"
        "Player 0 to play"
    )
    # R-RUM-SET-2: racks are face down, so the default picture names no rack tile
    for tile in ("gn5", "J", "bk1", "bk2", "bk3"):
        assert tile not in str(state)
    assert "pool=" not in str(state)


def test_racks_only_on_request() -> None:
    state = _table_position()
    one = render(state, show=1).splitlines()
    assert one[-1] == "Rack of player 1: bk1 bk2 bk3"
    assert not any("gn5" in line for line in one)
    both = render(state, show=range(2)).splitlines()
    assert both[-2:] == ["Rack of player 0: gn5 J", "Rack of player 1: bk1 bk2 bk3"]
    with pytest.raises(ValueError, match="seats 0 to 1"):
        render(state, show=2)
    with pytest.raises(ValueError, match="seats 0 to 1"):
        render(state, show=[True])


def test_an_observation_shows_its_own_rack_only() -> None:
    state = _table_position()
    seen = mr.observe(state, 1)
    lines = render(seen).splitlines()
    assert lines[-1] == "Your rack (player 1): bk1 bk2 bk3"
    assert "gn5" not in render(seen)
    assert render(seen, show=1) == render(seen)
    with pytest.raises(ValueError, match="sees only their own rack"):
        render(seen, show=0)
    with pytest.raises(ValueError, match="State or Observation"):
        render("a state")  # type: ignore[arg-type]


def test_a_short_one_line_repr() -> None:
    assert repr(_table_position()) == (
        "<State Rules.classic(players=2); table 1 combination (3 tiles); racks 2, 3; pool 98; "
        "player 0 to play>"
    )
    fresh = mr.new_game(mr.Rules.rummikub(3))
    assert repr(fresh) == (
        "<State Rules.rummikub(players=3); table 0 combinations (0 tiles); racks 0, 0, 0; "
        "pool 106; the lot for the first player (R-RUM-SET-3)>"
    )
    assert "(2, 2, 2" not in repr(fresh)


def test_rules_text_is_python_that_makes_the_rules() -> None:
    for rules in (
        mr.Rules.classic(4),
        attrs.evolve(mr.Rules.rummikub(), rounds=3),
        attrs.evolve(mr.Rules.classic(3), min_stay=None, empty_pool="ends"),
    ):
        text = rules_text(rules)
        assert eval(text, {"attrs": attrs, "Rules": mr.Rules}) == rules
    # one field from rummikub's preset, three from classic's: the nearest preset is named
    assert rules_text(attrs.evolve(mr.Rules.rummikub(), rounds=3)) == (
        "attrs.evolve(Rules.rummikub(players=2), rounds=3)"
    )


def test_every_stage_has_its_status_line() -> None:
    rules = mr.Rules.classic()
    state = mr.new_game(rules, first_player=1)
    # R-RUM-SET-2: 2 × 14 tiles to deal, the first to the first player
    assert str(state).splitlines()[-1] == "Dealing: 28 tiles to deal, the next to player 1"
    state = mr.apply(state, T("gn5")[0])
    assert str(state).splitlines()[-1] == "Dealing: 27 tiles to deal, the next to player 0"
    drawing = mr.apply(_table_position(), mr.Draw())
    assert str(drawing).splitlines()[-1] == "Player 0 draws a tile from the pool"
    penalty = attrs.evolve(_table_position(), draws_left=3)
    assert str(penalty).splitlines()[-1] == "Player 0 draws 3 tiles from the pool"
    assert str(mr.resign(state, 1)).splitlines()[-1] == (
        "Match over (player 1 resigned; won by player 0); totals 0, 0"
    )
    rounds = attrs.evolve(rules, rounds=3)
    assert str(mr.new_game(rounds)).splitlines()[-1] == (
        "Round 1 of 3: the lot for the first player (R-RUM-SET-3)"
    )


def test_the_status_of_a_finished_round_and_of_passes() -> None:
    # R-RUM-END-1: player 0, who has laid out before, lays their last tiles and wins (not a
    # Handrummy, R-RUM-VAR-HAND); R-RUM-END-2: player 1's joker counts 25
    state = mr.position(mr.Rules.classic(), racks=[T("gn10 gn11 gn12"), T("J")], opened=[0])
    over = mr.apply(state, mr.Play((M("[gn10 gn11 gn12]"),)))
    assert str(over).splitlines()[-1] == (
        "Match over (R-RUM-END-1; won by player 0); totals 25, -25"
    )
    # R-RUM-END-3: with the pool empty a player who does not lay passes
    pool = list(mr.TILES) * 2
    full = mr.position(mr.Rules.classic(3), racks=[pool[:40], pool[40:80], pool[80:]])
    passed = mr.apply(full, mr.Pass())
    assert str(passed).splitlines()[-1] == (
        "Player 1 to play (1 passed in a row, the pool is empty)"
    )
    assert "pool: 0 tiles" in str(passed)


def test_a_long_table_is_numbered_in_a_column() -> None:
    melds = [M(f"{{pu{v} bk{v} gn{v}}}") for v in range(1, 11)]
    lines = render_table(mr.position(mr.Rules.classic(), racks=[(), ()], table=melds).table)
    lines_ = lines.splitlines()
    assert lines_[1] == "   1  {pu1 bk1 gn1}"
    assert lines_[10] == "  10  {pu10 bk10 gn10}"
    assert render_table(()) == "Table: empty"


# --- state JSON ---------------------------------------------------------------------------------------


def test_the_documented_schema() -> None:
    state = _table_position()
    data = state_to_dict(state)
    assert data["format"] == STATE_FORMAT == "myrummy-state/1"
    assert data["rules"] == attrs.asdict(mr.Rules.classic())
    assert data["racks"] == [["gn5", "J"], ["bk1", "bk2", "bk3"]]
    assert data["table"] == ["[gn6 gn7 gn8]"]
    # the pool is the rest: one of each tile used, two of every other (R-RUM-SET-1)
    pool = Counter(data["pool"])
    assert len(data["pool"]) == 98
    assert {tile for tile, count in pool.items() if count == 1} == {
        "gn5", "gn6", "gn7", "gn8", "J", "bk1", "bk2", "bk3"
    }  # fmt: skip
    assert (data["player"], data["first"], data["opened"]) == (0, 0, [True, False])
    assert (data["deal_left"], data["draws_left"], data["passes"], data["round"]) == (0, 0, 0, 0)
    assert (data["totals"], data["last_round"], data["end_rule"], data["resigned"]) == (
        [0, 0],
        None,
        None,
        None,
    )
    assert state_from_dict(data) == state
    assert mr.state_from_json(mr.state_to_json(state)) == state
    with pytest.raises(ValueError, match="myrummy State"):
        state_to_dict("state")  # type: ignore[arg-type]


@settings(max_examples=examples(60), deadline=None, suppress_health_check=SLOW)
@given(rst.states())
def test_states_reached_by_play_round_trip(state: mr.State) -> None:
    text = mr.state_to_json(state)
    back = mr.state_from_json(text)
    assert back == state
    assert mr.state_to_json(back) == text
    check_state(state)


@settings(max_examples=examples(60), deadline=None, suppress_health_check=SLOW)
@given(rst.positions())
def test_positions_round_trip(state: mr.State) -> None:
    assert mr.state_from_json(mr.state_to_json(state)) == state


def _edited(state: mr.State, **changes: Any) -> str:
    data = state_to_dict(state)
    for key, value in changes.items():
        if value is None and key.startswith("drop_"):
            del data[key[5:]]
        else:
            data[key] = value
    return json.dumps(data)


RULES = attrs.asdict(mr.Rules.classic())


def test_a_document_written_before_the_joker_knob_reads_its_default() -> None:
    # R-RUM-JOK-2: rules written before Rules.joker_from_rack read it off, as written then;
    # with the field, it reads back as it was written
    data = state_to_dict(_table_position())
    del data["rules"]["joker_from_rack"]
    assert mr.state_from_json(json.dumps(data)).rules.joker_from_rack is False
    data["rules"]["joker_from_rack"] = True
    assert mr.state_from_json(json.dumps(data)).rules.joker_from_rack is True
    data["rules"]["joker_from_rack"] = 1
    with pytest.raises(FileFormatError) as caught:
        mr.state_from_json(json.dumps(data))
    assert caught.value.where == "rules"


@pytest.mark.parametrize(
    ("changes", "where", "reason"),
    [
        ({"format": "morpyam-state/1"}, "format", "not a MyRummy state"),
        ({"format": 1}, "format", "expected a string"),
        ({"drop_pool": None}, "pool", "missing"),
        ({"speed": 3}, "speed", "unknown field"),
        ({"racks": [["gn5", "J"]]}, "racks", "one rack per player"),
        ({"racks": [["J", "gn5"], ["bk1", "bk2", "bk3"]]}, "racks[0]", "sorted"),
        ({"racks": [["GN5", "J"], ["bk1", "bk2", "bk3"]]}, "racks[0][0]", "'gn5'"),
        ({"racks": [["gn14", "J"], ["bk1", "bk2", "bk3"]]}, "racks[0][0]", "no tile"),
        ({"racks": [[5, "J"], ["bk1", "bk2", "bk3"]]}, "racks[0][0]", "expected a string"),
        ({"racks": "gn5 J"}, "racks", "expected a list"),
        ({"table": ["[gn6 gn7 gn9]"]}, "table[0]", "R-RUM-MELD-2"),
        ({"table": ["[gn6 gn8 gn7]"]}, "table[0]", "write the combination as '[gn6 gn7 gn8]'"),
        ({"table": ["{gn6 gn7 gn8}"]}, "table[0]", "R-RUM-MELD-1"),
        ({"table": ["[gn6  gn7 gn8]"]}, "table[0]", "write the combination as"),
        ({"table": ["[gn6 gn7 gn8]"] * 37}, "table", "at most 35"),
        ({"table": ["{pu1 bk1 gn1}", "[gn6 gn7 gn8]"]}, "table", "runs, then groups"),
        ({"player": 2}, "player", "0 to 1"),
        ({"player": True}, "player", "expected an integer"),
        ({"first": 2**70}, "first", "out of range"),
        ({"opened": [1, 0]}, "opened[0]", "true or false"),
        ({"opened": [True]}, "opened", "one flag per player"),
        ({"rules": {**RULES, "players": 5}}, "rules", "R-RUM-SET-1"),
        ({"rules": {**RULES, "speed": 1}}, "rules.speed", "unknown field"),
        ({"rules": {k: v for k, v in RULES.items() if k != "rounds"}}, "rules.rounds", "missing"),
        ({"rules": {**RULES, "time_limit": 2**70}}, "rules.time_limit", "out of range"),
        ({"rules": [2]}, "rules", "expected a table"),
        ({"end_rule": "R-RUM-END-9"}, "end_rule", "expected null or one of"),
        ({"totals": [0]}, "totals", "one number per player"),
        ({"totals": [0, 10**7]}, "totals[1]", "expected -1000000 to 1000000"),
        ({"pool": ["pu1"] * 3}, "pool", "the set has 2 × pu1"),
        ({"pool": ["pu1"] * 107}, "pool", "the set has 106"),
        ({"deal_left": 29}, "deal_left", "0 to 28"),
        ({"passes": 2}, "passes", "0 to 1"),
        ({"round": 1}, "round", "0 to 0"),
    ],
)
def test_errors_say_where(changes: dict[str, Any], where: str, reason: str) -> None:
    with pytest.raises(FileFormatError) as caught:
        mr.state_from_json(_edited(_table_position(), **changes))
    assert caught.value.where == where, caught.value
    assert reason in caught.value.reason, caught.value


def _finished() -> mr.State:
    # R-RUM-END-1, R-RUM-END-2: player 0, laid out before, lays their last tiles; player 1's
    # joker counts -25 (under rules with Handrummy, R-RUM-VAR-HAND, which a state may then name)
    rules = mr.Rules.classic(handrummy=True)
    state = mr.position(rules, racks=[T("gn10 gn11 gn12"), T("J")], opened=[0])
    return mr.apply(state, mr.Play((M("[gn10 gn11 gn12]"),)))


def _dealing() -> mr.State:
    # R-RUM-SET-2: three tiles dealt from player 1: player 1, player 0, player 1
    state = mr.new_game(mr.Rules.classic(), first_player=1)
    for tile in T("pu1 pu2 pu3"):
        state = mr.apply(state, tile)
    return state


def _less_pool(data: dict[str, Any]) -> None:
    data["pool"].remove("pu1")


def _more_on_rack(data: dict[str, Any]) -> None:
    # a third gy13: two stay in the pool
    data["racks"][0] = [*data["racks"][0][:-1], "gy13", "J"]


INVALID = [
    # (the state, the edit, where, the rule or words of the reason)
    ("table", _less_pool, "pool", "R-RUM-SET-1"),
    ("table", _more_on_rack, "pool", "R-RUM-SET-1"),
    ("table", {"resigned": 1}, "resigned", "resignation"),
    ("table", {"end_rule": "resign"}, "resigned", "resignation"),
    ("table", {"passes": 1}, "passes", "R-RUM-END-3"),
    ("table", {"draws_left": 2}, "draws_left", "at most 1 tiles"),
    ("table", {"totals": [5, -5]}, "totals", "R-RUM-MATCH-1"),
    ("table", {"last_round": [5, -5]}, "totals", "R-RUM-MATCH-1"),
    ("table", {"end_rule": "R-RUM-END-1", "last_round": [0, 0]}, "racks[0]", "R-RUM-END-1"),
    ("table", {"end_rule": "R-RUM-END-3", "last_round": [0, 0]}, "pool", "R-RUM-END-3"),
    ("finished", {"last_round": [30, -30], "totals": [30, -30]}, "last_round", "[25, -25]"),
    ("finished", {"last_round": None}, "last_round", "R-RUM-MATCH-1"),
    ("finished", {"end_rule": "R-RUM-VAR-HAND"}, "last_round", "[50, -50]"),
    ("finished", {"totals": [30, -25]}, "totals", "R-RUM-END-2"),
    ("finished", {"draws_left": 1}, "end_rule", "not during the lot"),
    ("dealing", {"player": 1}, "player", "R-RUM-SET-2"),
    ("dealing", {"racks": [["pu1", "pu2"], ["pu3"]]}, "racks[1]", "R-RUM-SET-2"),
    ("dealing", {"opened": [True, False]}, "opened", "R-RUM-SET-2"),
    ("dealing", {"first": None}, "racks", "R-RUM-SET-3"),
]


@pytest.mark.parametrize(("which", "edit", "where", "reason"), INVALID)
def test_invalid_states_are_refused(which: str, edit: Any, where: str, reason: str) -> None:
    state = {"table": _table_position, "finished": _finished, "dealing": _dealing}[which]()
    data = state_to_dict(state)
    if callable(edit):
        edit(data)
    else:
        data.update(edit)
    with pytest.raises(InvalidStateError) as caught:
        state_from_dict(json.loads(json.dumps(data)))
    assert caught.value.where == where, caught.value
    assert reason in caught.value.reason, caught.value


def test_the_valid_neighbours_of_the_invalid_states_are_read() -> None:
    # each invalid edit above changes one thing of a state that is read
    for state in (_table_position(), _finished(), _dealing()):
        assert state_from_dict(json.loads(json.dumps(state_to_dict(state)))) == state
    assert _finished().last_round == (25, -25)
    # R-RUM-VAR-HAND: a Handrummy doubles the minus points (handrummy_factor 2)
    hand = state_to_dict(_finished())
    hand.update(end_rule="R-RUM-VAR-HAND", last_round=[50, -50], totals=[50, -50])
    assert state_from_dict(hand).end_rule == "R-RUM-VAR-HAND"
    no_hand = state_to_dict(attrs.evolve(_finished(), rules=mr.Rules.rummikub()))
    no_hand.update(end_rule="R-RUM-VAR-HAND", last_round=[50, -50], totals=[50, -50])
    with pytest.raises(InvalidStateError, match="R-RUM-VAR-HAND: these rules play no Handrummy"):
        state_from_dict(no_hand)


def test_check_state_refuses_values_no_document_makes() -> None:
    good = _table_position()
    cases: list[tuple[dict[str, Any], str]] = [
        ({"rules": "classic"}, "rules"),
        ({"racks": (T("gn5 J"),)}, "racks"),
        ({"racks": ((mr.JOKER, T("gn5")[0]), T("bk1 bk2 bk3"))}, "racks[0]"),
        ({"table": [M("[gn6 gn7 gn8]")]}, "table"),
        ({"table": (M("{pu1 bk1 gn1}"), M("[gn6 gn7 gn8]"))}, "table"),
        ({"pool": (2,) * 52}, "pool"),
        ({"player": 5}, "player"),
        ({"first": -1}, "first"),
        ({"opened": (1, 0)}, "opened"),
        ({"deal_left": 29}, "deal_left"),
        ({"draws_left": -1}, "draws_left"),
        ({"round": 1}, "round"),
        ({"totals": (0.5, 0)}, "totals"),
        ({"last_round": [0, 0]}, "last_round"),
        ({"end_rule": "won"}, "end_rule"),
    ]
    for changes, where in cases:
        with pytest.raises(InvalidStateError) as caught:
            check_state(attrs.evolve(good, **changes))
        assert caught.value.where == where, (changes, caught.value)


# --- strategies ---------------------------------------------------------------------------------------


def _counts(table: tuple[mr.Meld, ...], *racks: tuple[mr.Tile, ...]) -> Counter[mr.Tile]:
    found: Counter[mr.Tile] = Counter(tile for meld in table for tile in meld.tiles)
    for rack in racks:
        found.update(rack)
    return found


@settings(max_examples=examples(100), deadline=None)
@given(rst.tables(), st.data())
def test_tables_and_racks_fit_in_one_set(table: tuple[mr.Meld, ...], data: st.DataObject) -> None:
    # R-RUM-SET-1: two of each tile, jokers included; R-RUM-MELD-1/2: every combination valid
    rack = data.draw(rst.racks(table=table))
    assert max(_counts(table, rack).values(), default=0) <= 2
    assert list(rack) == sorted(rack)
    for meld in table:
        assert type(meld)(meld.tiles) == meld
    assert mr.position(mr.Rules.classic(), racks=[rack, ()], table=table).pool_size == (
        106 - len(rack) - sum(len(meld.tiles) for meld in table)
    )


@settings(max_examples=examples(100), deadline=None)
@given(rst.melds(), rst.tiles(jokers=False), rst.runs(jokers=False), rst.groups(jokers=False))
def test_melds_and_tiles(meld: mr.Meld, tile: mr.Tile, run: mr.Run, group: mr.Group) -> None:
    assert 3 <= len(meld.tiles) <= 13
    assert sum(t.is_joker for t in meld.tiles) <= 2
    assert not tile.is_joker
    assert not any(t.is_joker for t in (*run.tiles, *group.tiles))
    assert mr.parse_meld(str(meld)) == meld


@settings(max_examples=examples(60), deadline=None, suppress_health_check=SLOW)
@given(rst.positions(max_rack=10), st.data())
def test_positions_and_their_legal_actions(state: mr.State, data: st.DataObject) -> None:
    check_state(state)
    assert state.current_player == state.player
    action = data.draw(rst.legal_actions_of(state))
    mr.apply(state, action)  # accepted


@settings(max_examples=examples(60), deadline=None, suppress_health_check=SLOW)
@given(rst.states(), st.data())
def test_states_and_their_legal_actions(state: mr.State, data: st.DataObject) -> None:
    if state.is_terminal:
        with pytest.raises(ValueError, match="over"):
            rst.legal_actions_of(state)
        return
    action = data.draw(rst.legal_actions_of(state))
    after = mr.apply(state, action)
    check_state(after)


@settings(max_examples=examples(20), deadline=None, suppress_health_check=SLOW)
@given(rst.positions(max_rack=6, max_melds=3), st.data())
def test_plays_of_small_positions(state: mr.State, data: st.DataObject) -> None:
    if mr.best_play(state) is None:
        with pytest.raises(ValueError, match="no legal play"):
            rst.plays_of(state)
        return
    play = data.draw(rst.plays_of(state))
    assert isinstance(play, mr.Play)
    mr.apply(state, play)  # accepted


@settings(max_examples=examples(40), deadline=None)
@given(rst.rules(), rst.rules(players=3, knobs=False))
def test_rules(rules: mr.Rules, preset: mr.Rules) -> None:
    assert 2 <= rules.players <= 4
    assert rules.players * rules.rack_size <= rules.tile_count  # R-RUM-SET-2: the deal fits
    assert preset in [make(3) for make in mr.PRESETS.values()]


def test_rules_draw_tile_sets_and_their_tables() -> None:
    # R-RUM-SET-1: the strategies draw small sets, and tables of their tiles only
    sets: set[int] = set()

    @settings(max_examples=60, deadline=None, derandomize=True)
    @given(rst.positions(max_rack=4, max_melds=4))
    def check(state: mr.State) -> None:
        rules = state.rules
        sets.add(rules.tile_count)
        for meld in state.table:
            assert mr.misfit(meld, rules.colours, rules.values) is None
            assert all(rules.has(tile) for tile in meld.tiles)
        assert all(rules.has(tile) for rack in state.racks for tile in rack)

    check()
    assert 106 in sets
    assert len(sets) > 5


@pytest.mark.parametrize("module", ["morpyam.myrummy.strategies", "morpyam.yahtzee.strategies"])
def test_strategies_without_hypothesis_say_what_to_install(module: str) -> None:
    code = (
        "import sys; sys.modules['hypothesis'] = None\n"
        "try:\n"
        f"    import {module}\n"
        "except ModuleNotFoundError as error:\n"
        "    print(error)\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True, timeout=60
    )
    assert done.stdout.strip() == (
        f"{module} needs Hypothesis, which morpyam does not install: pip install hypothesis"
    )


def _empty_pool(left: list[mr.Tile], right: list[mr.Tile]) -> mr.State:
    """Both players pass with every tile on the racks: the round ends (R-RUM-END-3)."""
    state = mr.position(mr.Rules.classic(), racks=[left, right])
    assert state.pool_size == 0
    return mr.apply(mr.apply(state, mr.Pass()), mr.Pass())


def test_an_empty_pool_ending_is_read_with_its_points() -> None:
    # one copy of every tile counts 4 × (1 + ... + 13) + 25 = 389 (R-RUM-END-2, a joker 25)
    tiles = list(mr.TILES)
    # R-RUM-END-3: the lowest rack wins the others' minus points: pu1 alone, against 777
    won = _empty_pool([*tiles[1:], *tiles], [tiles[0]])
    assert (won.end_rule, won.last_round) == ("R-RUM-END-3", (-777, 777))
    # equal racks share the win, each scoring only their minus points
    tie = _empty_pool(tiles, tiles)
    assert tie.last_round == (-389, -389)
    for state in (won, tie):
        data = state_to_dict(state)
        assert state_from_dict(data) == state
        data.update(last_round=[0, 0], totals=[0, 0])
        with pytest.raises(InvalidStateError, match="R-RUM-END-2"):
            state_from_dict(data)


def test_strategies_refuse_what_has_no_answer() -> None:
    over = _finished()
    with pytest.raises(ValueError, match="the match is over"):
        rst.legal_actions_of(over)
    with pytest.raises(ValueError, match="no legal play"):
        rst.plays_of(over)
    # a rack of four tiles that make nothing: no play, yet a draw and a time-out
    stuck = mr.position(mr.Rules.classic(), racks=[T("pu1 bk5 gn9 gy13"), T("J")], opened=[0])
    with pytest.raises(ValueError, match="no legal play"):
        rst.plays_of(stuck)


@settings(max_examples=examples(10), deadline=None)
@given(rst.racks(max_size=0))
def test_an_empty_rack(rack: tuple[mr.Tile, ...]) -> None:
    assert rack == ()
