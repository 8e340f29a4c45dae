"""Hypothesis strategies for property-testing programs that use MyRummy.

They need Hypothesis (``pip install hypothesis``), which morpyam itself does
not depend on. Draw tiles, valid combinations and tables, racks, positions
made by `position`, and **reachable**
states (made by random legal play from ``new_game``, never built by hand),
then the legal actions and plays there:

```python
from hypothesis import given
import morpyam.myrummy as mr
from morpyam.myrummy import strategies as rst

@given(rst.states())
def test_my_app_shows_every_position(state: mr.State) -> None:
    assert my_app.render(state)  # your code
```

Every table drawn respects the set (R-RUM-SET-1: at most two of each tile,
two jokers, or the smaller set of the rules drawn: `rules` draws the tile
set too, `Rules.colours` and the fields after it), and every combination the
rules of R-RUM-MELD-1 and R-RUM-MELD-2.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from itertools import combinations, islice

import attrs

try:
    from hypothesis import strategies as st
except ModuleNotFoundError as missing:  # pragma: no cover - tested in a subprocess
    raise ModuleNotFoundError(
        "morpyam.myrummy.strategies needs Hypothesis, which morpyam does not install: "
        "pip install hypothesis",
        name=missing.name,
    ) from None

from morpyam.myrummy.core._actions import Action, Play
from morpyam.myrummy.core._engine import (
    apply,
    legal_actions,
    new_game,
    position,
    sample_chance,
    time_out,
)
from morpyam.myrummy.core._melds import Group, Meld, Run, misfit, sort_table
from morpyam.myrummy.core._rules import EMPTY_POOL_ENDINGS, PRESETS, Rules
from morpyam.myrummy.core._state import State
from morpyam.myrummy.core._tiles import (
    COLOURS,
    COPIES,
    JOKER,
    KINDS,
    TILES,
    Colour,
    Tile,
    sort_tiles,
)
from morpyam.myrummy.solve._plays import best_play, plays

__all__ = [
    "colours",
    "groups",
    "legal_actions_of",
    "melds",
    "plays_of",
    "positions",
    "racks",
    "rules",
    "runs",
    "states",
    "tables",
    "tiles",
]


def tiles(*, jokers: bool = True) -> st.SearchStrategy[Tile]:
    """Any of the 53 different tiles (``jokers=False``: the 52 coloured ones)."""
    return st.sampled_from(TILES if jokers else TILES[:-1])


def colours() -> st.SearchStrategy[Colour]:
    """Any of the four colours."""
    return st.sampled_from(COLOURS)


_BOX = Rules()


@st.composite
def _runs(draw: st.DrawFn, jokers: bool, rules: Rules = _BOX) -> Run:
    colour = draw(st.sampled_from(COLOURS[: rules.colours]))
    length = draw(st.integers(3, rules.values))
    start = draw(st.integers(1, rules.values + 1 - length))
    tiles_ = [Tile(colour, value) for value in range(start, start + length)]
    if jokers:
        most = min(COPIES, rules.jokers)
        places = draw(st.lists(st.integers(0, length - 1), max_size=most, unique=True))
        for place in places:  # two jokers at most: a run of 3 keeps a tile that is no joker
            tiles_[place] = JOKER
    return Run(tiles_)


def runs(*, jokers: bool = True) -> st.SearchStrategy[Run]:
    """A valid run (R-RUM-MELD-2): 3 to 13 tiles of one colour, with up to two jokers."""
    return _runs(jokers)


@st.composite
def _groups(draw: st.DrawFn, jokers: bool, rules: Rules = _BOX) -> Group:
    value = draw(st.integers(1, rules.values))
    chosen = draw(
        st.lists(st.sampled_from(COLOURS[: rules.colours]), min_size=3, max_size=4, unique=True)
    )
    tiles_ = [Tile(colour, value) for colour in chosen]
    if jokers:
        count = draw(st.integers(0, min(COPIES, rules.jokers)))
        tiles_[:count] = [JOKER] * count
    return Group(tiles_)


def groups(*, jokers: bool = True) -> st.SearchStrategy[Group]:
    """A valid group (R-RUM-MELD-1): 3 or 4 tiles of one value in different colours, jokers too."""
    return _groups(jokers)


def melds(*, jokers: bool = True) -> st.SearchStrategy[Meld]:
    """A valid combination: a run or a group."""
    return runs(jokers=jokers) | groups(jokers=jokers)


def _fits(used: list[int], tiles_: Sequence[Tile], full: Sequence[int]) -> bool:
    need = [0] * KINDS
    for tile in tiles_:
        need[tile.index] += 1
    return all(used[i] + need[i] <= full[i] for i in range(KINDS))


def _take(used: list[int], tiles_: Sequence[Tile]) -> None:
    for tile in tiles_:
        used[tile.index] += 1


def _set_melds(jokers: bool, rules: Rules) -> st.SearchStrategy[Meld]:
    """Combinations of the set's tiles (none when it is too small for one)."""
    found: list[st.SearchStrategy[Meld]] = []
    if rules.values >= 3:
        found.append(_runs(jokers, rules))
    if rules.colours >= 3:
        found.append(_groups(jokers, rules))
    return st.one_of(found) if found else st.nothing()


@st.composite
def _tables(draw: st.DrawFn, max_melds: int, jokers: bool, rules: Rules = _BOX) -> tuple[Meld, ...]:
    used = [0] * KINDS
    found: list[Meld] = []
    full = rules.full_pool
    candidates = _set_melds(jokers, rules)
    drawn = draw(st.lists(candidates, max_size=max_melds)) if not candidates.is_empty else []
    for meld in drawn:
        # the set holds two of each tile in the box (R-RUM-SET-1), or what the rules say
        if _fits(used, meld.tiles, full) and misfit(meld, rules.colours, rules.values) is None:
            _take(used, meld.tiles)
            found.append(meld)
    return sort_table(found)


def tables(*, max_melds: int = 12, jokers: bool = True) -> st.SearchStrategy[tuple[Meld, ...]]:
    """A valid table: up to ``max_melds`` combinations that one set of tiles can make, in the
    table's order (R-RUM-SET-1). Any table is one a play could leave."""
    return _tables(max_melds, jokers)


def _left(used: list[int], full: Sequence[int]) -> list[Tile]:
    return [tile for tile in TILES for _ in range(full[tile.index] - used[tile.index])]


def _hand(
    used: list[int], max_size: int, full: Sequence[int] = _BOX.full_pool
) -> st.SearchStrategy[tuple[Tile, ...]]:
    rest = _left(used, full)
    if not rest or max_size <= 0:
        return st.just(())
    return st.lists(
        st.integers(0, len(rest) - 1), max_size=min(max_size, len(rest)), unique=True
    ).map(lambda picks: sort_tiles(rest[i] for i in picks))


def racks(*, max_size: int = 20, table: Sequence[Meld] = ()) -> st.SearchStrategy[tuple[Tile, ...]]:
    """A sorted rack of up to ``max_size`` tiles that the set holds besides ``table``."""
    used = [0] * KINDS
    for meld in table:
        _take(used, meld.tiles)
    return _hand(used, max_size)


def _presets(count: int) -> list[Rules]:
    found = []
    for preset in PRESETS.values():
        try:
            found.append(preset(count))
        except ValueError:  # a small set deals fewer racks (R-RUM-SET-2)
            continue
    return found


@st.composite
def _rules(draw: st.DrawFn, players: int | None, knobs: bool) -> Rules:
    count = players if players is not None else draw(st.integers(2, 4))
    preset = draw(st.sampled_from(_presets(count)))
    if not knobs:
        return preset
    tile_set = draw(
        st.none()
        | st.fixed_dictionaries(
            {
                "colours": st.integers(1, 4),
                "values": st.integers(1, 13),
                "copies": st.integers(1, 2),
                "jokers": st.integers(0, 2),
            }
        )
    )
    if tile_set is not None:
        tiles_ = tile_set["colours"] * tile_set["values"] * tile_set["copies"]
        if tiles_ + tile_set["jokers"] >= count:
            preset = attrs.evolve(
                preset,
                colours=tile_set["colours"],
                values=tile_set["values"],
                copies=tile_set["copies"],
                jokers=tile_set["jokers"],
                rack_size=1,
            )
    most = min(20, preset.tile_count // count)
    return attrs.evolve(
        preset,
        rack_size=draw(st.just(min(preset.rack_size, most)) | st.integers(1, most)),
        opening_points=draw(st.sampled_from([30, 0, 10, 50])),
        min_stay=draw(st.sampled_from([3, None, 2, 4])),
        lay_off_in_opening_turn=draw(st.booleans()),
        empty_pool=draw(st.sampled_from(EMPTY_POOL_ENDINGS)),
        timeout_penalty=draw(st.integers(0, 3)),
        handrummy=draw(st.booleans()),
        rounds=draw(st.sampled_from([1, 2, 3])),
    )


def rules(*, players: int | None = None, knobs: bool = True) -> st.SearchStrategy[Rules]:
    """A preset for ``players`` (2 to 4 when ``None``), with valid random knobs unless ``knobs``
    is false: the tile set among them (any colours, values, copies and jokers the rules take,
    half the time), then racks that fit in it."""
    return _rules(players, knobs)


@st.composite
def _positions(
    draw: st.DrawFn, rules_strategy: st.SearchStrategy[Rules], max_rack: int, max_melds: int
) -> State:
    game_rules = draw(rules_strategy)
    table = draw(_tables(max_melds, True, game_rules))
    used = [0] * KINDS
    for meld in table:
        _take(used, meld.tiles)
    hands = []
    for _ in range(game_rules.players):
        hand = draw(_hand(used, max_rack, game_rules.full_pool))
        _take(used, hand)
        hands.append(hand)
    player = draw(st.integers(0, game_rules.players - 1))
    opened = draw(st.lists(st.integers(0, game_rules.players - 1), unique=True))
    return position(game_rules, racks=hands, table=table, player=player, opened=opened)


def positions(
    rules: Rules | None = None, *, max_rack: int = 14, max_melds: int = 12
) -> st.SearchStrategy[State]:
    """A decision position made by `position`: a valid table of the rules' set,
    racks of up to ``max_rack`` tiles from what the set holds besides, any seat to play and
    any seats laid out; the pool is the rest.

    ``rules`` fixes the rules; by default they are drawn from `rules`.
    """
    strategy = st.just(rules) if rules is not None else _rules(None, True)
    return _positions(strategy, max_rack, max_melds)


def _rack_melds(rack: Sequence[Tile]) -> list[Meld]:
    """Every run and group made of rack tiles alone, without jokers."""
    have = set(rack)
    found: list[Meld] = []
    for colour in COLOURS:
        for start in range(1, 12):
            end = start
            while end <= 13 and Tile(colour, end) in have:
                if end - start >= 2:
                    found.append(Run([Tile(colour, v) for v in range(start, end + 1)]))
                end += 1
    for value in range(1, 14):
        present = [Tile(colour, value) for colour in COLOURS if Tile(colour, value) in have]
        for size in range(3, len(present) + 1):
            found += [Group(chosen) for chosen in combinations(present, size)]
    return found


def _rack_play(state: State, rng: random.Random) -> Play | None:
    """New combinations from the rack, the table left as it is, enough for an opening."""
    left = list(state.rack)
    chosen: list[Meld] = []
    points = 0
    opened = state.opened[state.player]
    melds_ = _rack_melds(left)
    rng.shuffle(melds_)
    for meld in melds_:
        if all(left.count(tile) >= meld.tiles.count(tile) for tile in meld.tiles):
            for tile in meld.tiles:
                left.remove(tile)
            chosen.append(meld)
            points += meld.points
            if opened and rng.random() < 0.5:
                break
    if not chosen or (not opened and points < state.rules.opening_points):
        return None
    return Play(sort_table((*state.table, *chosen)))


def _random_step(state: State, rng: random.Random) -> State:
    """The state after a random step, cheap to find: the solver only where the search is small."""
    if state.is_chance:
        return apply(state, sample_chance(state, rng))
    roll = rng.random()
    if roll < 0.05:  # now and then the clock runs out (R-RUM-TIME-1)
        return time_out(state)
    return apply(state, _random_action(state, rng, roll))


def _random_action(state: State, rng: random.Random, roll: float) -> Action:
    legal = legal_actions(state)
    if roll < 0.1:  # now and then a draw when a play was there
        return legal[0]
    play: Play | None = None
    if roll < 0.4 and _small(state):
        play = best_play(state, points_first=rng.choice([False, True]))
    elif roll < 0.8:
        play = _rack_play(state, rng)
    return legal[0] if play is None else play


@st.composite
def _states(draw: st.DrawFn, rules_strategy: st.SearchStrategy[Rules], max_steps: int) -> State:
    game_rules = draw(rules_strategy)
    steps = draw(st.integers(0, max_steps))
    rng = random.Random(draw(st.integers(0, 2**32 - 1)))
    first = draw(st.none() | st.integers(0, game_rules.players - 1))
    state = new_game(game_rules, first_player=first)
    for _ in range(steps):
        if state.is_terminal:
            break
        state = _random_step(state, rng)
    return state


def states(rules: Rules | None = None, *, max_steps: int = 250) -> st.SearchStrategy[State]:
    """A state reached by up to ``max_steps`` random legal steps from ``new_game``.

    Chance (the lot, each tile dealt or drawn) is drawn at its probability;
    at a decision the player draws or passes, times out, lays new combinations
    from their rack, or (while the rack and the table are small enough for the
    search to be quick) the solver's best play, rearrangements included. The
    deal alone takes ``players × rack_size`` steps (28 for two
    players of the classic rules).

    ``rules`` fixes the rules; by default they are drawn from
    `rules`. Terminal states and chance
    nodes are drawn too: filter with ``.filter(lambda s: s.current_player is not None)``
    for decisions.
    """
    return _states(st.just(rules) if rules is not None else _rules(None, True), max_steps)


def plays_of(state: State, *, limit: int = 10) -> st.SearchStrategy[Play]:
    """One of the first ``limit`` legal plays of ``state`` that
    `plays` finds, rearrangements of the table included.

    ``plays`` searches every rearrangement: on a table of 20 tiles and more,
    or when fewer than ``limit`` plays exist, finding them can take a second
    or more. Draw positions with small tables for it
    (``positions(max_melds=4)``), or use
    `legal_actions_of`.

    Raises:
        ValueError: when ``state`` has no legal play (it is no one's turn, or
            nothing can be laid).
    """
    found = list(islice(plays(state), limit))
    if not found:
        raise ValueError("no legal play here: draw (or pass) instead")
    return st.sampled_from(found)


def _small(state: State) -> bool:
    """Whether the solver's search is quick here: a small rack and a small table. An opening
    that may also lay off (`Rules.lay_off_in_opening_turn`) is searched table by table, a
    minute for a rack of 11 beside 15 table tiles, so there the rack is smaller still."""
    opening_with_lay_off = state.rules.lay_off_in_opening_turn and not state.opened[state.player]
    most = 5 if opening_with_lay_off else 12
    return len(state.rack) <= most and sum(len(meld.tiles) for meld in state.table) <= 20


def legal_actions_of(state: State) -> st.SearchStrategy[Action]:
    """One of the actions ``apply`` accepts at ``state``, found quickly.

    At a chance node: one of the outcomes. At a decision: draw or pass, a few plays of new combinations from the rack, and (with at
    most 12 tiles on the rack and 20 on the table, where the search is
    quick) the solver's best play
    (`best_play`), rearrangements
    included. (Every play: `plays_of`.)

    Raises:
        ValueError: when the match is over.
    """
    legal: list[Action] = list(legal_actions(state))
    if not legal:
        raise ValueError("the match is over: there is no legal action")
    if state.current_player is not None:
        found = [_rack_play(state, random.Random(seed)) for seed in range(4)]
        if _small(state):
            found.append(best_play(state))
        legal += [play for play in dict.fromkeys(found) if play is not None]
    return st.sampled_from(legal)
