"""MyRummy's fixed encoding: exact masks (against ``plays`` and ``apply``), stable ids, private views."""

from __future__ import annotations

import json
import random
from pathlib import Path

import attrs
import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from hypothesis_profiles import examples

import morpyam.myrummy as mr
from morpyam.encoding import GameEncoding
from morpyam.errors import IllegalActionError
from morpyam.myrummy import encoding as enc
from morpyam.myrummy.core._tiles import JOKER_INDEX, KINDS, TILES, counts
from morpyam.myrummy.solve._plays import best_play_within

CLASSIC = mr.Rules.classic()
HANDRUMMY = mr.Rules.classic(handrummy=True)
FREE = attrs.evolve(CLASSIC, min_stay=None, handrummy=False)
LAY_OFF = attrs.evolve(CLASSIC, lay_off_in_opening_turn=True, opening_points=15)
LOW_OPENING = attrs.evolve(CLASSIC, opening_points=12)
VARIANTS = [CLASSIC, FREE, LAY_OFF, LOW_OPENING]


def _random_meld(rng: random.Random, used: list[int]) -> mr.Meld | None:
    """A random run or group of 3 or 4 tiles (maybe a joker) from the tiles not yet used."""
    if rng.random() < 0.5:
        colour = rng.randrange(4)
        length = rng.choice((3, 4))
        start = rng.randint(1, 14 - length)
        kinds = [colour * 13 + start - 1 + i for i in range(length)]
    else:
        value = rng.randint(1, 13)
        colours = rng.sample(range(4), rng.choice((3, 4)))
        kinds = [c * 13 + value - 1 for c in colours]
    if rng.random() < 0.3:
        kinds[rng.randrange(len(kinds))] = JOKER_INDEX
    if any(used[k] + kinds.count(k) > 2 for k in kinds):
        return None
    for k in kinds:
        used[k] += 1
    tiles = [TILES[k] for k in kinds]
    try:
        return mr.Run(tiles)
    except IllegalActionError:
        return mr.Group(tiles)


@st.composite
def small_positions(draw: st.DrawFn, max_rack: int = 6) -> mr.State:
    """Small decision positions: up to 3 combinations on the table, a rack of tiles that fit
    them or each other, laid out or not, under one of several rule variants."""
    rng = random.Random(draw(st.integers(0, 2**32 - 1)))
    used = [0] * KINDS
    table = [m for m in (_random_meld(rng, used) for _ in range(rng.randint(0, 3))) if m]
    rack: list[mr.Tile] = []
    nearby = [t.index for m in table for t in m.tiles if not t.is_joker]
    base = rng.randint(1, 11)
    for _ in range(rng.randint(1, max_rack)):
        pick = rng.random()
        if pick < 0.4 and nearby:
            kind = rng.choice(nearby)
            colour, value = divmod(kind, 13)
            kind = colour * 13 + min(12, max(0, value + rng.choice((-1, 0, 1))))
            if rng.random() < 0.5:
                kind = rng.randrange(4) * 13 + kind % 13
        elif pick < 0.9:
            kind = rng.randrange(4) * 13 + base - 1 + rng.randrange(3)
        else:
            kind = JOKER_INDEX
        if used[kind] < 2:
            used[kind] += 1
            rack.append(TILES[kind])
    rules = draw(st.sampled_from(VARIANTS))
    opened = draw(st.booleans())
    return mr.position(rules, racks=[rack, ()], table=table, opened=[0, 1] if opened else [1])


def laid_by(state: mr.State, play: mr.Play) -> tuple[int, ...]:
    before = counts(t for m in state.table for t in m.tiles)
    after = counts(t for m in play.table for t in m.tiles)
    return tuple(a - b for a, b in zip(after, before))


def within(small: tuple[int, ...], large: tuple[int, ...]) -> bool:
    return all(a <= b for a, b in zip(small, large))


@settings(max_examples=examples(120), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(small_positions())
def test_the_ids_reach_exactly_the_lays_of_plays(state: mr.State) -> None:
    # R-RUM-TURN-1, R-RUM-OPEN-1, R-RUM-OPEN-3, R-RUM-VAR-HAND, R-RUM-RE-2, R-RUM-JOK-3: the
    # sets of rack tiles the ids lay are those of the brute force enumeration of plays, both
    # ways, and at every set chosen each tile id is legal exactly when some play lays more,
    # the more all of that tile's kind and above (a lay's tiles are chosen lowest first, so
    # each lay is reached one way only); draw only before a tile is chosen
    brute = {laid_by(state, play) for play in mr.plays(state)}
    encoding = enc.Encoding(state.rules)
    reached: set[tuple[int, ...]] = set()
    frontier = [enc.EncodedState(state)]
    visited = {frontier[0].chosen}
    while frontier:
        turn = frontier.pop()
        ids = encoding.legal_ids(turn)
        chosen = turn.chosen
        for kind in range(KINDS):
            grown = (*chosen[:kind], chosen[kind] + 1, *chosen[kind + 1 :])
            floor = max((k for k in range(KINDS) if chosen[k]), default=0)
            expected = kind >= floor and any(
                within(grown, lay) and lay[:kind] == grown[:kind] for lay in brute
            )
            assert (kind in ids) == expected, (str(state.table), state.rack, chosen, kind)
            if kind in ids:
                assert grown not in visited  # one order of choosing per set of tiles
                visited.add(grown)
                frontier.append(encoding.apply_id(turn, kind))
        assert (enc.LAY in ids) == (chosen in brute and any(chosen))
        assert (enc.DRAW in ids) == (state.pool_size > 0 and not any(chosen))
        if enc.LAY in ids:
            reached.add(chosen)
            after = encoding.apply_id(turn, enc.LAY)
            play = encoding.action(turn, enc.LAY)
            assert isinstance(play, mr.Play)
            assert laid_by(state, play) == chosen
            assert after.state == mr.apply(state, play)
    assert reached == brute


@settings(max_examples=examples(80), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(small_positions(max_rack=5), st.data())
def test_best_play_within_is_the_best_play_between_must_and_must_plus_may(
    state: mr.State, data: st.DataObject
) -> None:
    # R-RUM-OPEN-1, R-RUM-VAR-HAND: the constrained solver against the brute force of plays
    rack = list(state.rack)
    places = range(len(rack))
    must_at = data.draw(st.sets(st.sampled_from(places), max_size=3) if rack else st.just(set()))
    may_at = data.draw(st.sets(st.sampled_from(places), max_size=4) if rack else st.just(set()))
    must = [rack[i] for i in must_at]
    may = [rack[i] for i in may_at - must_at]
    low, high = counts(must), counts(may)
    top = [a + b for a, b in zip(low, high)]

    def score(lay: tuple[int, ...]) -> tuple[int, int]:
        return sum(lay), mr.rack_points(
            state.rules, (t for t, n in zip(TILES, lay) for _ in range(n))
        )

    fitting = [
        laid_by(state, p)
        for p in mr.plays(state)
        if within(tuple(low), laid_by(state, p)) and within(laid_by(state, p), tuple(top))
    ]
    found = best_play_within(state, must, may)
    if not fitting:
        assert found is None
        return
    assert found is not None
    mr.apply(state, found)
    assert score(laid_by(state, found)) == max(map(score, fitting))


def test_best_play_within_refuses_tiles_the_rack_lacks() -> None:
    state = mr.position(CLASSIC, racks=[mr.parse_tiles("gn1 gn2"), ()])
    with pytest.raises(ValueError, match="2 × gn1; the rack has 1"):
        best_play_within(state, mr.parse_tiles("gn1"), mr.parse_tiles("gn1"))
    with pytest.raises(ValueError, match="expected a myrummy State"):
        best_play_within("state", ())  # type: ignore[arg-type]
    dealing = mr.new_game(CLASSIC, first_player=0)
    assert best_play_within(dealing, ()) is None


def test_handrummy_needs_the_whole_rack() -> None:
    # R-RUM-VAR-HAND, R-RUM-OPEN-1: 1 2 3 (6 points) may go out whole before laying out, but a
    # part of a rack that holds more cannot be laid for so few points
    encoding = enc.Encoding(HANDRUMMY)
    rack = mr.parse_tiles("gn1 gn2 gn3")
    whole = enc.EncodedState(mr.position(HANDRUMMY, racks=[rack, ()]))
    # a lay is chosen from its lowest tile up: gn1 starts it, gn2 and gn3 follow one by one
    assert encoding.legal_ids(whole) == [rack[0].index, enc.DRAW]
    for tile in rack:
        assert enc.LAY not in encoding.legal_ids(whole)
        whole = encoding.apply_id(whole, tile.index)
    assert enc.LAY in encoding.legal_ids(whole)
    after = encoding.apply_id(whole, enc.LAY)
    assert after.state.end_rule == "R-RUM-VAR-HAND"
    more = enc.EncodedState(mr.position(HANDRUMMY, racks=[mr.parse_tiles("gn1 gn2 gn3 bk9"), ()]))
    assert encoding.legal_ids(more) == [enc.DRAW]
    rummikub = mr.Rules.rummikub()
    plain = enc.EncodedState(mr.position(rummikub, racks=[rack, ()]))
    assert enc.Encoding(rummikub).legal_ids(plain) == [enc.DRAW]


def test_laying_off_in_the_opening_turn_follows_the_rules() -> None:
    # R-RUM-OPEN-3: bk8 goes onto the table's run only when the opening may lay off, and only
    # with an opening of its own (gn10 gn11 gn12: 33 points; bk8 does not count, R-RUM-OPEN-1)
    rack = mr.parse_tiles("gn10 gn11 gn12 bk8")
    table = [mr.parse_meld("[bk5 bk6 bk7]")]
    bk8 = mr.parse_tile("bk8")
    for rules, offered in (
        (CLASSIC, False),
        (attrs.evolve(CLASSIC, lay_off_in_opening_turn=True), True),
    ):
        state = mr.position(rules, racks=[rack, ()], table=table)
        encoding = enc.Encoding(rules)
        assert (bk8.index in encoding.legal_ids(enc.EncodedState(state))) is offered
        play = best_play_within(state, [bk8], [tile for tile in rack if tile != bk8])
        if not offered:
            assert play is None
            continue
        assert str(play) == "play [bk5 bk6 bk7 bk8] [gn10 gn11 gn12]"
        turn = encoding.apply_id(enc.EncodedState(state), bk8.index)
        # bk8 is the lowest tile of the lay; gn10 must follow (gn11 and gn12 come after it)
        assert encoding.legal_ids(turn) == [mr.parse_tile("gn10").index]
        assert best_play_within(state, [bk8]) is None


def random_turns(encoding: enc.Encoding, seed: int, steps: int) -> list[enc.EncodedState]:
    """A random match through the ids: chance sampled, at a decision a random legal id (draw
    or pass one time in five when something else is legal)."""
    rng = random.Random(seed)
    turn = encoding.new_state()
    found = [turn]
    for _ in range(steps):
        if turn.is_terminal:
            break
        if turn.is_chance:
            turn = encoding.apply(turn, encoding.sample_chance(turn, rng))
        else:
            ids = encoding.legal_ids(turn)
            lays = [i for i in ids if i != enc.DRAW]
            turn = encoding.apply_id(turn, rng.choice(lays if lays and rng.random() < 0.8 else ids))
        found.append(turn)
    return found


SMALL_RACKS = [
    attrs.evolve(mr.Rules.classic(players=p), rack_size=r, opening_points=o)
    for p, r, o in ((2, 8, 20), (3, 6, 10), (4, 5, 0))
] + [attrs.evolve(mr.Rules.rummikub(), rack_size=9, opening_points=15, empty_pool="ends")]


@settings(max_examples=examples(20), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.sampled_from(SMALL_RACKS), st.integers(0, 2**32 - 1))
def test_every_id_of_the_mask_is_accepted_in_random_games(rules: mr.Rules, seed: int) -> None:
    # R-RUM-TURN-1, R-RUM-END-3: each id of the mask applies (a lay as a play apply accepts,
    # laying exactly the tiles chosen); ids outside it raise IllegalActionError
    encoding = enc.Encoding(rules)
    high = encoding.layout.high()
    for turn in random_turns(encoding, seed, 120):
        for player in range(rules.players):
            vector = encoding.observation(turn, player)
            assert vector.shape == (encoding.layout.size,)
            assert (vector >= 0).all()
            assert (vector <= high).all()
        mask = encoding.legal_mask(turn)
        if turn.current_player is None:
            assert not mask.any()
            if turn.is_chance:
                table = encoding.chance_probabilities(turn)
                assert abs(sum(p for _, p in table) - 1) < 1e-9
                for index, _ in table:
                    assert encoding.chance_id(encoding.chance_action(index)) == index
            continue
        for index in range(enc.NUM_ACTIONS):
            if mask[index]:
                after = encoding.apply_id(turn, index)
                if index == enc.LAY:
                    play = encoding.action(turn, index)
                    assert isinstance(play, mr.Play)
                    assert laid_by(turn.state, play) == turn.chosen
                    assert after.state == mr.apply(turn.state, play)
                elif index < KINDS:
                    assert after.chosen[index] == turn.chosen[index] + 1
            else:
                with pytest.raises(IllegalActionError):
                    encoding.apply_id(turn, index)


LONG_RANDOM_MATCHES = Path(__file__).parent / "data" / "myrummy-masks"


def test_the_masks_of_long_random_matches_are_there() -> None:
    assert len(list(LONG_RANDOM_MATCHES.glob("*.json"))) == 5


@pytest.mark.parametrize("name", sorted(p.name for p in LONG_RANDOM_MATCHES.glob("*.json")))
def test_masks_of_long_random_matches_agree_with_another_order_of_the_methods(name: str) -> None:
    # R-RUM-RE-2, R-RUM-JOK-3: racks of up to 40 tiles, tables of up to 89 (mostly groups);
    # the recorded ids came from the relaxation's bound asked first and the copy program
    # before the integer program, today's from the integer program first (data README)
    # the recorded ids let a lay's tiles be chosen in any order: today's tile ids are those
    # of them from the highest kind chosen up, LAY as recorded, and a draw only before choosing
    data = json.loads((LONG_RANDOM_MATCHES / name).read_text(encoding="utf-8"))
    state = mr.state_from_json(data["state"])
    turn = enc.EncodedState(state, tuple(data["chosen"]))
    floor = max((k for k in range(KINDS) if turn.chosen[k]), default=-1)
    ids = enc.Encoding(state.rules).legal_ids(turn)
    recorded = data["legal_ids"]
    assert {i for i in ids if i < KINDS} <= {i for i in recorded if floor <= i < KINDS}
    assert (enc.LAY in ids) == (enc.LAY in recorded)
    assert (enc.DRAW in ids) == (enc.DRAW in recorded and floor < 0)
    if floor < 0:  # nothing chosen: the lowest tile of the largest recorded lay starts one
        assert ids


def test_ids_are_fixed() -> None:
    # the table of the module and the ecosystems page, counted by hand
    encoding = enc.Encoding(mr.Rules.classic(players=3))
    assert (enc.LAY, enc.DRAW, enc.PASS, enc.NUM_ACTIONS) == (53, 54, 55, 56)
    assert encoding.num_actions == 56
    assert encoding.num_chance_outcomes == 56
    assert encoding.chance_id(mr.parse_tile("pu1")) == 0
    assert encoding.chance_id(mr.parse_tile("gy13")) == 51
    assert encoding.chance_id(mr.JOKER) == 52
    assert encoding.chance_id(mr.FirstPlayer(2)) == 55
    assert encoding.chance_action(54) == mr.FirstPlayer(1)
    for bad in (mr.FirstPlayer(3), mr.Draw()):
        with pytest.raises(ValueError, match="not a chance outcome"):
            encoding.chance_id(bad)
    for bad_id in (-1, 56, 1.0, True):
        with pytest.raises(ValueError, match="id"):
            encoding.chance_action(bad_id)  # type: ignore[arg-type]
    assert encoding.players == 3
    assert encoding.game is mr


def test_chance_at_the_lot_and_the_deal() -> None:
    # R-RUM-SET-3, R-RUM-SET-2: the lot has one id per seat, a tile its count over the pool
    encoding = enc.Encoding(CLASSIC)
    turn = encoding.new_state()
    assert encoding.legal_ids(turn) == [53, 54]
    assert encoding.chance_probabilities(turn) == [(53, 0.5), (54, 0.5)]
    assert encoding.action(turn, 54) == mr.FirstPlayer(1)
    dealt = encoding.apply_id(turn, 54)
    assert dealt.state.first == 1
    assert dealt.is_chance
    assert not dealt.is_terminal
    table = encoding.chance_probabilities(dealt)
    assert len(table) == 53
    assert table[0] == (0, 2 / 106)
    assert encoding.rewards(turn, dealt) == (0.0, 0.0)
    assert encoding.scores(dealt) == (0, 0)


def test_errors_name_the_rule() -> None:
    encoding = enc.Encoding(CLASSIC)
    state = mr.position(CLASSIC, racks=[mr.parse_tiles("gn10 gn11 gn12 bk1"), ()])
    turn = enc.EncodedState(state)
    with pytest.raises(IllegalActionError, match="no more gy5"):
        encoding.apply_id(turn, mr.parse_tile("gy5").index)
    with pytest.raises(IllegalActionError, match="no legal play lays bk1 together"):
        encoding.apply_id(turn, mr.parse_tile("bk1").index)
    with pytest.raises(IllegalActionError, match="exactly the tiles chosen"):
        encoding.apply_id(encoding.apply_id(turn, mr.parse_tile("gn10").index), enc.LAY)
    with pytest.raises(IllegalActionError, match="R-RUM-TURN-1"):
        encoding.apply_id(turn, enc.PASS)
    # an EncodedState made by hand with tiles no play lays: no tile id, no LAY, and no draw once a
    # tile is chosen (the mask never leads there)
    stuck = enc.EncodedState(
        state, tuple(int(k == mr.parse_tile("bk1").index) for k in range(KINDS))
    )
    assert encoding.legal_ids(stuck) == []
    # a lay is one decision: its tiles lowest first, and no draw or pass after choosing
    gn10 = encoding.apply_id(turn, mr.parse_tile("gn10").index)
    with pytest.raises(IllegalActionError, match=r"R-RUM-TURN-1.*a lay is one decision"):
        encoding.apply_id(gn10, enc.DRAW)
    gn12 = enc.EncodedState(
        state, tuple(int(k == mr.parse_tile("gn12").index) for k in range(KINDS))
    )
    with pytest.raises(IllegalActionError, match="the lowest first: gn10 comes before gn12"):
        encoding.apply_id(gn12, mr.parse_tile("gn10").index)
    with pytest.raises(ValueError, match="out of range"):
        encoding.apply_id(turn, 56)
    empty = enc.EncodedState(attrs.evolve(state, pool=(0,) * KINDS))
    assert encoding.legal_ids(empty)[-1] == enc.PASS
    with pytest.raises(IllegalActionError, match="R-RUM-END-3"):
        encoding.apply_id(empty, enc.DRAW)
    passed = encoding.apply_id(empty, enc.PASS)
    assert passed.state.passes == 1
    over = enc.EncodedState(mr.resign(state, 1))
    assert encoding.legal_ids(over) == []
    assert not encoding.legal_mask(over).any()
    with pytest.raises(IllegalActionError, match="R-RUM-MATCH-1"):
        encoding.apply_id(over, enc.DRAW)
    with pytest.raises(ValueError, match="an EncodedState holds"):
        enc.EncodedState("state")  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="at most the rack's"):
        enc.EncodedState(state, (2,) * KINDS)
    assert enc.EncodedState(mr.new_game(CLASSIC, first_player=0), (0,) * KINDS).is_chance
    one_chosen = tuple(int(k == mr.parse_tile("gn10").index) for k in range(KINDS))
    assert enc.EncodedState(state, one_chosen).current_player == 0
    with pytest.raises(ValueError, match="only at a player's decision"):
        enc.EncodedState(attrs.evolve(state, draws_left=1), one_chosen)
    with pytest.raises(ValueError, match="myrummy Rules"):
        enc.Encoding("classic")  # type: ignore[arg-type]


def test_the_cache_forgets_old_turns_and_answers_the_same() -> None:
    # the solver's answers are remembered for the last turns only; answers do not change
    encoding = enc.Encoding(CLASSIC)
    first = enc.EncodedState(mr.position(CLASSIC, racks=[mr.parse_tiles("gn10 gn11 gn12"), ()]))
    expected = encoding.legal_ids(first)
    for value in range(1, 14):
        for colour in range(4):
            for other in range(10):
                rack = [TILES[colour * 13 + value - 1], TILES[(colour * 13 + value + other) % 52]]
                encoding.legal_ids(enc.EncodedState(mr.position(CLASSIC, racks=[rack, ()])))
    assert len(encoding._memo) <= enc._MEMO_TILES // CLASSIC.tile_count**2 < 13 * 4 * 10
    assert encoding.legal_ids(first) == expected == [35, enc.DRAW]  # gn10 starts the lay


def as_game_encoding(encoding: enc.Encoding) -> GameEncoding[enc.EncodedState, enc.Step]:
    """mypy checks here that the encoding has the protocol the adapters use."""
    return encoding


def test_steps_and_ids_map_both_ways() -> None:
    # R-RUM-TURN-1: legal_actions are the steps of legal_ids; apply takes exactly those
    encoding = as_game_encoding(enc.Encoding(CLASSIC))
    state = mr.position(
        CLASSIC, racks=[mr.parse_tiles("gn4 bk9 gy9"), ()],
        table=[mr.parse_meld("[gn5 gn6 gn7]"), mr.parse_meld("{pu9 gn9 J}")], opened=[0, 1],
    )  # fmt: skip
    turn = enc.EncodedState(state)
    steps = encoding.legal_actions(turn)
    assert [str(step) for step in steps] == ["choose bk9", "choose gn4", "choose gy9", "draw"]
    assert [encoding.action_id(turn, step) for step in steps] == encoding.legal_ids(turn)
    assert encoding.action_id(turn, mr.Pass()) == enc.PASS
    turn = encoding.apply(turn, enc.Choose(mr.parse_tile("gn4")))
    (play,) = [step for step in encoding.legal_actions(turn) if isinstance(step, mr.Play)]
    assert str(play) == "play [gn4 gn5 gn6 gn7] {pu9 gn9 J}"
    assert encoding.action_id(turn, play) == enc.LAY
    assert encoding.apply(turn, play).state == mr.apply(state, play)
    with pytest.raises(ValueError, match="lays other tiles than those chosen"):
        encoding.action_id(turn, mr.Play(state.table))
    for bad in (mr.TimeOut(), mr.FirstPlayer(0)):
        with pytest.raises(IllegalActionError, match="R-RUM-TURN-1"):
            encoding.apply(turn, bad)  # type: ignore[arg-type]
        with pytest.raises(ValueError, match="not a player's step"):
            encoding.action_id(turn, bad)  # type: ignore[arg-type]
    with pytest.raises(IllegalActionError, match="no more gn4"):
        encoding.apply(turn, enc.Choose(mr.parse_tile("gn4")))
    # the engine takes either arrangement of gn8 gn9 gn10; the encoded game lays the tidy one
    state = mr.position(
        CLASSIC, racks=[mr.parse_tiles("gn8 gn9 gn10"), ()], table=[mr.parse_meld("[gn5 gn6 gn7]")],
        opened=[0],
    )  # fmt: skip
    turn = enc.EncodedState(state)
    for tile in state.rack:
        turn = encoding.apply(turn, enc.Choose(tile))
    apart = mr.Play((mr.parse_meld("[gn5 gn6 gn7]"), mr.parse_meld("[gn8 gn9 gn10]")))
    mr.apply(state, apart)
    assert str(encoding.action(turn, enc.LAY)) == "play [gn5 gn6 gn7 gn8 gn9 gn10]"
    assert encoding.action_id(turn, apart) == enc.LAY
    with pytest.raises(IllegalActionError, match="lays the tiles chosen as"):
        encoding.apply(turn, apart)
    dealing = enc.EncodedState(mr.new_game(CLASSIC, first_player=0))
    assert encoding.legal_actions(dealing)[0] == mr.parse_tile("pu1")
    with pytest.raises(IllegalActionError, match="R-RUM-SET-2"):
        encoding.apply(dealing, enc.Choose(mr.parse_tile("pu1")))
    over = enc.EncodedState(mr.resign(state, 1))
    assert over.winners == {0}
    with pytest.raises(IllegalActionError, match="R-RUM-MATCH-1"):
        encoding.apply(over, enc.Choose(mr.parse_tile("gn4")))
    with pytest.raises(IllegalActionError, match="R-RUM-MATCH-1"):
        encoding.apply(over, mr.Draw())
    with pytest.raises(TypeError):
        enc.Choose("gn4")  # type: ignore[arg-type]


def test_a_lay_is_chosen_one_way_and_a_draw_comes_before_choosing() -> None:
    # R-RUM-TURN-1: a turn lays or draws; the ids choose a lay's tiles lowest first, so every
    # lay is one path of ids, and drawing is offered only before the first tile is chosen
    encoding = enc.Encoding(CLASSIC)
    state = mr.position(CLASSIC, racks=[mr.parse_tiles("gn10 gn11 gn12 gn13 bk1"), ()])
    turn = enc.EncodedState(state)
    gn = [mr.parse_tile(f"gn{value}").index for value in (10, 11, 12, 13)]
    assert encoding.legal_ids(turn) == [gn[0], gn[1], enc.DRAW]  # 10-11-12(-13) or 11-12-13
    turn = encoding.apply_id(turn, gn[0])
    assert encoding.legal_ids(turn) == [gn[1]]
    turn = encoding.apply_id(turn, gn[1])
    assert encoding.legal_ids(turn) == [gn[2]]
    turn = encoding.apply_id(turn, gn[2])
    assert encoding.legal_ids(turn) == [gn[3], enc.LAY]
    drawn = encoding.apply_id(enc.EncodedState(state), enc.DRAW)
    assert drawn.is_chance
    assert drawn.chosen == (0,) * KINDS
    assert drawn.state.racks[0] == state.racks[0]


def test_play_ids_lay_what_a_bot_lays() -> None:
    # R-RUM-TURN-1: a greedy play as ids lays the same rack tiles, arranged canonically
    encoding = enc.Encoding(CLASSIC)
    state = mr.position(
        CLASSIC,
        racks=[mr.parse_tiles("gn4 bk9 gy9"), ()],
        table=[mr.parse_meld("[gn5 gn6 gn7]"), mr.parse_meld("{pu9 gn9 J}")],
        opened=[0, 1],
    )
    turn = enc.EncodedState(state)
    play = mr.best_play(state)
    assert play is not None
    ids = encoding.play_ids(turn, play)
    assert ids == [mr.parse_tile(t).index for t in ("bk9", "gn4", "gy9")] + [enc.LAY]
    for index in ids:
        turn = encoding.apply_id(turn, index)
    assert turn.state.racks == mr.apply(state, play).racks
    with pytest.raises(IllegalActionError):
        encoding.play_ids(enc.EncodedState(state), mr.Play(()))


def _dealt(order: list[str]) -> enc.EncodedState:
    """A two-player match with 3 tiles a rack dealt in ``order`` (alternating seats 0, 1), under
    Handrummy (R-RUM-VAR-HAND) so that a rack of 1 2 3 may go out at once."""
    rules = attrs.evolve(HANDRUMMY, rack_size=3)
    encoding = enc.Encoding(rules)
    turn = enc.EncodedState(mr.new_game(rules, first_player=0))
    for text in order:
        turn = encoding.apply_id(turn, mr.parse_tile(text).index)
    return turn


def test_no_other_rack_leaks() -> None:
    # R-RUM-SET-2: racks are face down; two matches that differ only in player 1's tiles look
    # the same to player 0, in the observation, the text and the information state
    rules = attrs.evolve(HANDRUMMY, rack_size=3)
    encoding = enc.Encoding(rules)
    one = _dealt(["gn1", "bk5", "gn2", "bk6", "gn3", "bk7"])
    other = _dealt(["gn1", "pu12", "gn2", "J", "gn3", "gy2"])
    assert one.state.racks[1] != other.state.racks[1]
    assert np.array_equal(encoding.observation(one, 0), encoding.observation(other, 0))
    assert encoding.text(one, 0) == encoding.text(other, 0)
    assert encoding.information_state(one, 0) == encoding.information_state(other, 0)
    assert encoding.information_state(one, 1) != encoding.information_state(other, 1)
    assert not np.array_equal(encoding.observation(one, 1), encoding.observation(other, 1))
    # player 0 chooses tiles: player 1 sees nothing of it until the lay
    chosen = encoding.apply_id(one, mr.parse_tile("gn1").index)
    assert encoding.information_state(chosen, 1) == encoding.information_state(one, 1)
    assert encoding.information_state(chosen, 0) != encoding.information_state(one, 0)
    view = encoding.layout.views(encoding.observation(chosen, 0))
    assert view["chosen"][mr.parse_tile("gn1").index] == 1
    assert view["rack"].sum() == 3
    assert encoding.layout.views(encoding.observation(chosen, 1))["chosen"].sum() == 0
    # a draw shows player 1 "a tile", player 0 the tile
    drawn = encoding.apply_id(encoding.apply_id(one, enc.DRAW), mr.parse_tile("pu4").index)
    assert "0 gets a tile" in encoding.information_state(drawn, 1)
    assert "0 gets pu4" in encoding.information_state(drawn, 0)
    # the deal is a set: the same racks dealt in another order give the same keys
    swapped = _dealt(["gn3", "bk6", "gn2", "bk7", "gn1", "bk5"])
    assert swapped.state == one.state
    for player in (0, 1):
        assert encoding.information_state(swapped, player) == (
            encoding.information_state(one, player)
        )


def test_observation_fields() -> None:
    # R-RUM-OPEN-1, R-RUM-END-2: the fields of the ecosystems page, filled by hand
    rules = mr.Rules.classic(players=3)
    encoding = enc.Encoding(rules)
    names = [field.name for field in encoding.layout.fields]
    assert names == [
        "rack", "chosen", "table", "melds", "opened", "rack_sizes", "pool_size", "to_move",
        "receiving", "deal_left", "passes", "round", "plus", "minus",
    ]  # fmt: skip
    # the most a total reaches: every tile on the losers' racks (2 × (4 × 91 + a joker's 25)),
    # twice over for a Handrummy, in one round
    assert encoding.layout.fields[-1].high == 2 * (2 * (4 * 91 + 25))
    state = mr.position(
        rules,
        racks=[mr.parse_tiles("gn4 J"), mr.parse_tiles("bk1 bk2 bk3"), ()],
        table=[mr.parse_meld("[J gn5 gn6]"), mr.parse_meld("{pu9 gn9 gy9}")],
        player=1,
        opened=[1],
    )
    state = attrs.evolve(state, totals=(-7, 12, -5))
    view = encoding.layout.views(encoding.observation(enc.EncodedState(state), 0))
    assert view["rack"][mr.parse_tile("gn4").index] == 1
    assert view["rack"][52] == 1
    assert view["table"].sum() == 6
    assert view["table"][52] == 1
    run, group = view["melds"][0], view["melds"][1]
    assert list(run[:3]) == [1, 0, 4]
    assert run[3 + mr.parse_tile("gn6").index] == 1
    assert list(group[:3]) == [0, 1, 9]
    assert view["melds"][2:].sum() == 0
    assert list(view["opened"]) == [0, 1, 0]
    assert list(view["rack_sizes"]) == [2, 3, 0]
    assert view["pool_size"][0] == 106 - 11
    assert list(view["to_move"]) == [0, 1, 0]
    assert view["receiving"].sum() == 0
    assert list(view["plus"]) == [0, 12, 0]
    assert list(view["minus"]) == [7, 0, 5]
    seen_by_1 = encoding.layout.views(encoding.observation(enc.EncodedState(state), 1))
    assert list(seen_by_1["to_move"]) == [1, 0, 0]
    assert list(seen_by_1["plus"]) == [12, 0, 0]
    assert "table [J gn5 gn6] {pu9 gn9 gy9}" in encoding.text(enc.EncodedState(state), 0)


def test_the_old_name_turn_warns_and_names_encoded_state() -> None:
    # two public classes were named Turn: the encoding's is now EncodedState, and
    # morpyam.myrummy.Turn (a turn written as moves) keeps its name
    with pytest.warns(DeprecationWarning, match=r"use morpyam\.myrummy\.encoding\.EncodedState"):
        old = enc.Turn
    assert old is enc.EncodedState
    assert "Turn" not in enc.__all__
    assert mr.Turn.__module__ != enc.EncodedState.__module__  # two classes, two names
    with pytest.raises(AttributeError, match="no attribute 'Tern'"):
        getattr(enc, "Tern")  # noqa: B009
