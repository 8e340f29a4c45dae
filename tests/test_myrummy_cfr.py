"""MyRummy's Leduc-sized game: the ``tiny`` preset dealt a rack at a time, for exact CFR.

The game is ``{"rules": "tiny", "deal": "rack", "returns": "zero_sum"}``. Its size is
counted twice, by independent walks: OpenSpiel's game tree (legal actions, chance outcomes,
information state strings), and the engine alone, where the lays are found by trying every
table of the set's few combinations against the engine's judge (not the solver the mask asks).
"""

from __future__ import annotations

import itertools
import math
import random
from collections import Counter
from fractions import Fraction
from functools import cache

import attrs
import pytest

import morpyam.myrummy as mr
import morpyam.myrummy.encoding as enc

pyspiel = pytest.importorskip("pyspiel")
import morpyam.openspiel as mos  # noqa: E402

TINY = {"rules": "tiny", "deal": "rack", "returns": "zero_sum"}
HISTORIES = 351_659
"""Every node of the game tree: chance nodes, decisions and ends."""
CHANCE, DECISIONS, ENDS = 40_107, 255_936, 55_616
INFORMATION_STATES = 36_108
"""Distinct (player, information state) pairs at the decisions."""


def test_tiny_is_mini_without_its_joker() -> None:
    # R-RUM-SET-1: nine tiles, the three colours 1 to 3 once each, no joker
    tiny = mr.Rules.tiny()
    assert tiny == attrs.evolve(mr.Rules.mini(), jokers=0)
    assert (tiny.tile_count, tiny.jokers, tiny.rack_size) == (9, 0, 3)
    assert mr.PRESETS["tiny"](3) == mr.Rules.tiny(players=3)
    assert repr(attrs.evolve(mr.Rules.mini(), jokers=0)) == "Rules.tiny(players=2)"


def _ordered_deals(pool: Counter[mr.Tile], size: int) -> Counter[tuple[mr.Tile, ...]]:
    """Each rack of ``size`` tiles, and how many orders of drawing ``size`` tiles one by one,
    each tile of the pool told apart, deal it."""
    tiles = [tile for tile, count in pool.items() for _ in range(count)]
    found: Counter[tuple[mr.Tile, ...]] = Counter()
    for order in itertools.permutations(tiles, size):
        found[tuple(sorted(order, key=lambda tile: tile.index))] += 1
    return found


@pytest.mark.parametrize(
    "rules",
    [mr.Rules.tiny(), attrs.evolve(mr.Rules.tiny(), copies=2), mr.Rules.mini(players=3)],
    ids=["tiny", "tiny-two-copies", "mini-three-players"],
)
def test_a_rack_outcome_has_the_probability_of_its_orders(rules: mr.Rules) -> None:
    # R-RUM-SET-2: a rack dealt whole is as likely as the orders of single tiles that deal it;
    # the probabilities at a node add up to 1 exactly
    encoding = enc.Encoding(rules, deal="rack")
    turn = encoding.apply(encoding.new_state(), mr.FirstPlayer(0))
    pool = Counter({tile: count for tile, count in zip(mr.TILES, rules.full_pool) if count})
    for _ in range(rules.players):
        outcomes = encoding.chance_outcomes(turn)
        assert sum(share for _, share in outcomes) == 1
        orders = _ordered_deals(pool, rules.rack_size)
        total = math.perm(sum(pool.values()), rules.rack_size)
        assert {rack.tiles: share for rack, share in outcomes} == {  # type: ignore[union-attr]
            rack: Fraction(count, total) for rack, count in orders.items()
        }
        ids = encoding.legal_ids(turn)
        assert ids == sorted(encoding.chance_id(rack) for rack, _ in outcomes)
        assert all(encoding.chance_id(encoding.chance_action(i)) == i for i in ids)
        rack = outcomes[len(outcomes) // 2][0]
        assert isinstance(rack, enc.Rack)
        pool -= Counter(rack.tiles)
        turn = encoding.apply(turn, rack)
    assert turn.current_player is not None
    assert not turn.dealt


def test_rack_ids_follow_the_tiles_and_the_lot() -> None:
    # the tile and lot ids keep their meaning; racks come after, lowest tiles first
    tile_ids = enc.Encoding(mr.Rules.tiny())
    rack_ids = enc.Encoding(mr.Rules.tiny(), deal="rack")
    assert tile_ids.num_chance_outcomes == 9 + 2
    assert rack_ids.num_chance_outcomes == 9 + 2 + math.comb(9, 3)
    for index in range(tile_ids.num_chance_outcomes):
        assert rack_ids.chance_action(index) == tile_ids.chance_action(index)
    assert rack_ids.chance_action(11) == enc.Rack(mr.parse_tiles("pu1 pu2 pu3"))
    assert rack_ids.chance_action(94) == enc.Rack(mr.parse_tiles("gn1 gn2 gn3"))
    assert (
        rack_ids.rack_id(enc.Rack(mr.parse_tiles("gn3 pu1 pu2"))) == 11 + 6
    )  # after pu3 bk1-3 gn1-2
    with pytest.raises(ValueError, match="deal='rack' only"):
        tile_ids.rack_id(enc.Rack(mr.parse_tiles("pu1 pu2 pu3")))
    with pytest.raises(ValueError, match="no rack of 3"):
        rack_ids.rack_id(enc.Rack(mr.parse_tiles("pu1 pu2")))
    with pytest.raises(ValueError, match="has no gy1"):
        rack_ids.rack_id(enc.Rack(mr.parse_tiles("pu1 pu2 gy1")))


def test_a_rack_deal_is_refused_where_racks_are_too_many() -> None:
    # the box's racks of 14 number far more than a chance node can list
    with pytest.raises(ValueError, match="deal one tile at a time"):
        enc.Encoding(mr.Rules.classic(), deal="rack")
    with pytest.raises(ValueError, match="deal is one of tile, rack"):
        enc.Encoding(mr.Rules.tiny(), deal="racks")
    game = pyspiel.load_game(mos.MYRUMMY, {"rules": "midi", "deal": "rack"})
    assert game.max_chance_outcomes() == 28 + 1 + 2 + 495_495  # tiles, joker, lot, racks


def test_a_rack_deal_refuses_single_tiles_and_bad_racks() -> None:
    # R-RUM-SET-2: under deal='rack' a deal gives whole racks from the pool left
    encoding = enc.Encoding(mr.Rules.tiny(), deal="rack")
    turn = encoding.apply(encoding.new_state(), mr.FirstPlayer(1))
    with pytest.raises(mr.IllegalActionError, match=r"R-RUM-SET-2.*next step is a Rack"):
        encoding.apply(turn, mr.parse_tiles("pu1")[0])
    with pytest.raises(mr.IllegalActionError, match="dealt 3 tiles, not 2"):
        encoding.apply(turn, enc.Rack(mr.parse_tiles("pu1 pu2")))
    turn = encoding.apply(turn, enc.Rack(mr.parse_tiles("pu1 pu2 pu3")))
    assert turn.dealt == (mr.parse_tiles("pu1 pu2 pu3"),)
    assert turn.is_chance
    with pytest.raises(mr.IllegalActionError, match="no pu2 is left"):
        encoding.apply(turn, enc.Rack(mr.parse_tiles("pu2 bk1 bk2")))
    turn = encoding.apply(turn, enc.Rack(mr.parse_tiles("gn1 gn2 gn3")))
    # the lot named player 1: the first rack dealt is theirs
    assert turn.state.racks == (mr.parse_tiles("gn1 gn2 gn3"), mr.parse_tiles("pu1 pu2 pu3"))
    assert turn.current_player == 1
    assert turn.state.pool_size == 3
    draw_encoding = enc.Encoding(mr.Rules.tiny())
    with pytest.raises(mr.IllegalActionError, match="only at a deal under deal='rack'"):
        draw_encoding.apply(draw_encoding.new_state(), enc.Rack(mr.parse_tiles("pu1 pu2 pu3")))


def test_the_information_state_is_the_same_whatever_the_deal() -> None:
    # the deal shows as a set: tile by tile in any order, or a rack at a time, a player's
    # information state (string and tensor) and observation after the deal are the same
    racks = (mr.parse_tiles("pu1 bk2 gn3"), mr.parse_tiles("pu2 pu3 bk1"))
    games = {}
    for deal in ("tile", "rack"):
        games[deal] = pyspiel.load_game(mos.MYRUMMY, {**TINY, "deal": deal})
    rng = random.Random(5)
    seen: dict[int, set[tuple[str, tuple[float, ...], tuple[float, ...]]]] = {0: set(), 1: set()}
    for trial in range(6):
        deal = "rack" if trial % 3 == 0 else "tile"
        game = games[deal]
        encoding = game.encoding
        state = game.new_initial_state()
        state.apply_action(encoding.chance_id(mr.FirstPlayer(0)))
        if deal == "rack":
            for rack in racks:
                state.apply_action(encoding.chance_id(enc.Rack(rack)))
        else:
            orders = [rng.sample(rack, 3) for rack in racks]
            for at in range(3):
                for order in orders:
                    state.apply_action(encoding.chance_id(order[at]))
        assert state.current_player() == 0
        for player in (0, 1):
            seen[player].add(
                (
                    state.information_state_string(player),
                    tuple(state.information_state_tensor(player)),
                    tuple(state.observation_tensor(player)),
                )
            )
    assert len(seen[0]) == len(seen[1]) == 1


def test_returns_add_up_to_zero_and_the_tensor_is_bounded() -> None:
    # R-RUM-END-2, R-RUM-END-3: zero-sum returns in every match, blocked or not; the
    # information-state tensor has a row per event a match can make (47 decisions)
    game = pyspiel.load_game(mos.MYRUMMY, TINY)
    assert game.get_type().utility == pyspiel.GameType.Utility.ZERO_SUM
    layout = game.encoding.information_layout(game.max_game_length())
    assert layout.fields[-1].shape == (1 + 9 + 47, 2 + len(enc.EVENTS) + 9)
    rng = random.Random(2)
    ends: Counter[str | None] = Counter()
    for _ in range(200):
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                outcomes = state.chance_outcomes()
                state.apply_action(rng.choices(*zip(*outcomes))[0])
            else:
                state.apply_action(rng.choice(state.legal_actions()))
        assert sum(state.returns()) == 0
        ends[state.game_state.state.end_rule] += 1
        assert len(state.information_state_tensor(0)) == game.information_state_tensor_size()
    assert ends.keys() >= {"R-RUM-END-1", "R-RUM-END-3"}


def test_a_resample_mid_deal_keeps_the_own_rack() -> None:
    # a resampled state's history replays to it, the player's own rack kept
    game = pyspiel.load_game(mos.MYRUMMY, TINY)
    encoding = game.encoding
    rng = random.Random(4)
    for first in (0, 1):
        state = game.new_initial_state()
        state.apply_action(encoding.chance_id(mr.FirstPlayer(first)))
        state.apply_action(encoding.chance_id(enc.Rack(mr.parse_tiles("pu1 pu2 pu3"))))
        for player in (0, 1):
            for _ in range(10):
                again = state.resample_from_infostate(player, rng.random)
                replayed = game.new_initial_state()
                for action in again.history():
                    replayed.apply_action(action)
                assert replayed.game_state == again.game_state
                assert replayed.information_state_string(player) == (
                    state.information_state_string(player)
                )
                dealt = again.game_state.dealt
                if player == first:
                    assert dealt == (mr.parse_tiles("pu1 pu2 pu3"),)
        state.apply_action(encoding.chance_id(enc.Rack(mr.parse_tiles("gn1 gn2 gn3"))))
        moved = state.clone()
        moved.apply_action(moved.legal_actions()[-1])  # a draw
        for player in (0, 1):
            again = moved.resample_from_infostate(player, rng.random)
            replayed = game.new_initial_state()
            for action in again.history():
                replayed.apply_action(action)
            assert replayed.game_state == again.game_state
            own = again.game_state.state.racks[player]
            assert own == moved.game_state.state.racks[player]


# The engine's own count: every table of the set's combinations tried against the judge.


def _melds(rules: mr.Rules) -> list[tuple[mr.Meld, frozenset[mr.Tile]]]:
    """Every combination the jokerless, one-copy set makes (R-RUM-MELD-1, R-RUM-MELD-2)."""
    assert rules.jokers == 0
    assert rules.copies == 1
    tiles = [tile for tile, count in zip(mr.TILES, rules.full_pool) if count]
    found = []
    for size in range(3, len(tiles) + 1):
        for chosen in itertools.combinations(tiles, size):
            for kind in (mr.Run, mr.Group):
                try:
                    meld = kind(chosen)
                except mr.IllegalActionError:
                    continue
                found.append((meld, frozenset(chosen)))
    return found


@cache
def _tables(rules: mr.Rules) -> list[tuple[tuple[mr.Meld, ...], frozenset[mr.Tile]]]:
    """Every table of combinations with no tile twice."""
    melds = _melds(rules)
    tables = []
    for size in range(len(melds) + 1):
        for chosen in itertools.combinations(melds, size):
            tiles = [tile for _, meld_tiles in chosen for tile in meld_tiles]
            if len(tiles) == len(set(tiles)):
                tables.append((tuple(meld for meld, _ in chosen), frozenset(tiles)))
    return tables


def _lays(state: mr.State) -> dict[tuple[int, ...], mr.State]:
    """Each set of rack tiles some legal play lays (tile indexes ascending), with the state
    after one such play: every table tried, the engine's judge deciding."""
    on_table = frozenset(tile for meld in state.table for tile in meld.tiles)
    rack = frozenset(state.racks[state.player])
    found: dict[tuple[int, ...], mr.State] = {}
    for table, tiles in _tables(state.rules):
        laid = tiles - on_table
        if not laid or not on_table <= tiles or not laid <= rack:
            continue
        key = tuple(sorted(tile.index for tile in laid))
        if key in found:
            continue
        try:
            found[key] = mr.apply(state, mr.Play(table))
        except mr.IllegalActionError:
            continue
    return found


def _count(state: mr.State, memo: dict[mr.State, tuple[int, int, int]]) -> tuple[int, int, int]:
    """Chance nodes, decisions and ends of the encoded game's tree below ``state`` (the deal
    over): a decision per tile chosen from the lowest up toward some set a play lays, one at
    the turn's start; a lay, a draw (a chance node, a child per tile of the pool) or a pass."""
    if state in memo:
        return memo[state]
    if state.end_rule is not None:
        return (0, 0, 1)
    if state.is_chance:  # a draw
        below = [_count(mr.apply(state, tile), memo) for tile, _ in mr.chance_outcomes(state)]
        counted = (1, 0, 0)
    else:
        lays = _lays(state)
        prefixes = {lay[:cut] for lay in lays for cut in range(len(lay) + 1)}
        after = [*lays.values(), mr.apply(state, mr.Draw() if any(state.pool) else mr.Pass())]
        below = [_count(nxt, memo) for nxt in after]
        counted = (0, len(prefixes | {()}), 0)
    total = tuple(map(sum, zip(counted, *below)))
    memo[state] = total  # type: ignore[assignment]
    return total  # type: ignore[return-value]


def test_the_engine_counts_the_histories() -> None:
    # R-RUM-SET-2, R-RUM-SET-3: the lot, then two racks of three of nine tiles, each rack one
    # chance outcome: 1 + 2 + 2 * 84 chance nodes; then the play, counted from the engine
    rules = mr.Rules.tiny()
    memo: dict[mr.State, tuple[int, int, int]] = {}
    chance, decisions, ends = 1 + 2 + 2 * math.comb(9, 3), 0, 0
    for first in (0, 1):
        start = mr.apply(mr.new_game(rules), mr.FirstPlayer(first))
        tiles = [tile for tile, count in zip(mr.TILES, start.pool) if count]
        for mine in itertools.combinations(tiles, 3):
            rest = [tile for tile in tiles if tile not in mine]
            for theirs in itertools.combinations(rest, 3):
                state = start
                for pair in zip(mine, theirs):
                    for tile in pair:
                        state = mr.apply(state, tile)
                counted = _count(state, memo)
                chance, decisions, ends = (
                    chance + counted[0],
                    decisions + counted[1],
                    ends + counted[2],
                )
    assert (chance, decisions, ends) == (CHANCE, DECISIONS, ENDS)
    assert chance + decisions + ends == HISTORIES


@pytest.mark.slow
def test_openspiel_walks_the_whole_tree() -> None:
    # every history of OpenSpiel's tree, and every information state at its decisions
    game = pyspiel.load_game(mos.MYRUMMY, TINY)
    found: Counter[str] = Counter()
    keys = set()
    most = 0

    def walk(state: object, decisions: int) -> None:
        nonlocal most
        if state.is_terminal():  # type: ignore[attr-defined]
            found["ends"] += 1
            most = max(most, decisions)
            assert sum(state.returns()) == 0  # type: ignore[attr-defined]
            return
        if state.is_chance_node():  # type: ignore[attr-defined]
            found["chance"] += 1
            outcomes = state.chance_outcomes()  # type: ignore[attr-defined]
            assert math.isclose(sum(p for _, p in outcomes), 1.0)
            for action, _ in outcomes:
                walk(state.child(action), decisions)  # type: ignore[attr-defined]
            return
        found["decisions"] += 1
        player = state.current_player()  # type: ignore[attr-defined]
        keys.add((player, state.information_state_string(player)))  # type: ignore[attr-defined]
        for action in state.legal_actions():  # type: ignore[attr-defined]
            walk(state.child(action), decisions + 1)  # type: ignore[attr-defined]

    walk(game.new_initial_state(), 0)
    assert (found["chance"], found["decisions"], found["ends"]) == (CHANCE, DECISIONS, ENDS)
    assert len(keys) == INFORMATION_STATES
    assert most <= 47 < game.max_game_length()  # the cut-off never plays


@pytest.mark.slow
def test_openspiel_cfr_plus_lowers_the_exploitability() -> None:
    # OpenSpiel's own CFR+ and exploitability, as shipped, on the tiny game cut off after two
    # decisions (a cut-off match scored as blocked, zero-sum): the average policy's
    # exploitability falls below uniform random's and below the first iteration's
    from open_spiel.python.algorithms import cfr, exploitability

    game = pyspiel.load_game(mos.MYRUMMY, {**TINY, "max_game_length": 2, "cache_states": 10**6})
    solver = cfr.CFRPlusSolver(game)
    uniform = exploitability.exploitability(game, solver.average_policy())
    values = []
    for _ in range(3):
        solver.evaluate_and_update_policy()
        values.append(exploitability.exploitability(game, solver.average_policy()))
    assert uniform > 0
    assert values[-1] < values[0] <= uniform
    assert values[-1] < uniform / 2
