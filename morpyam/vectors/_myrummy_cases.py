"""MyRummy's cases: scenarios for the R-RUM rule IDs of section 10, positions from seeded play,
the plays worth judging, the listed plays and the best play of small positions.

Only small positions get their plays listed (`PLAYS_LISTED`) or their best
play solved (`BEST_TABLE`): the solver is exact, and on a big late table it
can take seconds.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable, Iterator, Sequence
from itertools import islice
from typing import Any

import attrs

from morpyam import myrummy as mr
from morpyam.myrummy.core._judge import extends
from morpyam.myrummy.notation._records import parse_entry
from morpyam.myrummy.play._bots import GreedyBot, guarded_play, table_size
from morpyam.vectors._cases import Knob, Probe, Scenario, Source
from morpyam.vectors._morpyam_cases import PER_GAME, spread

__all__ = [
    "BEST_RACK",
    "BEST_TABLE",
    "KNOBS",
    "PLAYS_LISTED",
    "SMALL_RACK",
    "SOURCE",
    "best_score",
    "small",
    "solvable",
]

PLAYS_LISTED = 60
"""A case lists every legal play when there are at most this many (on a small position)."""
SMALL_RACK = 8
"""Plays are listed only for a rack of at most this many tiles, and a table of at most `BEST_TABLE`."""
BEST_TABLE = 9
"""The best play is solved only where the table holds at most this many tiles…"""
BEST_RACK = 14
"""… and the rack at most this many."""
BOT_TABLE = 9
"""The bots of the seeded games solve exactly only up to this many table tiles."""

_CLASSIC = mr.Rules.classic()
_GROUPS = (("classic", 2), ("classic", 4), ("rummikub", 2))


def _position(
    racks: str, table: str = "", opened: Sequence[int] = (), rules: mr.Rules = _CLASSIC
) -> Callable[[], mr.State]:
    """A position: racks split by ``/``, the table's melds by ``;``, player 0 to move."""
    return lambda: mr.position(
        rules,
        racks=[mr.parse_tiles(rack) for rack in racks.split("/")],
        table=[mr.parse_meld(meld) for meld in table.split(";") if meld.strip()],
        opened=opened,
    )


def _empty_pool(rules: mr.Rules) -> Callable[[], mr.State]:
    """Late in a round, the pool empty: both players laid out, player 0 holding gn1 gn5,
    player 1 both jokers; the other 102 tiles on the table."""
    runs = [f"[{' '.join(f'{c}{v}' for v in range(1, 14))}]" for c in ("pu", "bk", "gy")] * 2
    table = ";".join([*runs, "[gn1 gn2 gn3 gn4 gn5 gn6 gn7 gn8 gn9 gn10 gn11 gn12 gn13]"])
    return _position(
        "gn1 gn5/J J", f"{table};[gn2 gn3 gn4];[gn6 gn7 gn8 gn9 gn10 gn11 gn12 gn13]", (0, 1), rules
    )


def _lot(rules: mr.Rules) -> Callable[[], mr.State]:
    return lambda: mr.new_game(rules)


def _dealing(rules: mr.Rules) -> Callable[[], mr.State]:
    """The deal, the last player first (the first tile goes to them)."""
    return lambda: mr.new_game(rules, first_player=rules.players - 1)


def _dealt(tiles: int) -> mr.State:
    """Classic rules, player 0 first: ``tiles`` tiles of the deal given, in tile order."""
    state = mr.new_game(_CLASSIC, first_player=0)
    for tile in mr.TILES:
        for _ in range(2):
            if tiles == 0:
                return state
            state = mr.apply(state, tile)
            tiles -= 1
    return state


def _scenarios() -> Iterator[Scenario]:
    yield from _book_scenarios()
    for knob in KNOBS:
        yield knob.scenario()


def _book_scenarios() -> Iterator[Scenario]:
    s = Scenario
    c = "classic"
    for players in (2, 3, 4):
        rules = mr.Rules.classic(players)
        yield s(
            "lot",
            c,
            players,
            ("R-RUM-SET-3",),
            "The first player is drawn by lot.",
            _lot(rules),
            probes=("first 1", "first 3", "draw"),
        )
        yield s(
            "deal-begins",
            c,
            players,
            ("R-RUM-SET-1", "R-RUM-SET-2"),
            "The 106 tiles face down; the deal gives one at a time, round the table.",
            _dealing(rules),
            probes=("J", "gn5", "draw"),
        )
    yield s(
        "deal-ends",
        c,
        2,
        ("R-RUM-SET-2",),
        "The last tile of the deal: 27 dealt, the 28th to come.",
        lambda: _dealt(27),
        probes=("gy13", "bk1"),
    )
    yield s(
        "draw-or-open",
        c,
        2,
        ("R-RUM-TURN-1", "R-RUM-OPEN-1", "R-RUM-MELD-2"),
        "Green 10 11 12 make 33 points: lay them out, or draw.",
        _position("gn10 gn11 gn12 bk1/bk5"),
        probes=(
            "play [gn10 gn11 gn12]",
            "draw",
            "pass",
            "play [gn10 gn11]",
            "play [gn11 gn12 gn13]",
            "play [gn12 gn13 gn1]",
        ),
    )
    yield s(
        "opening-under-30",
        c,
        2,
        ("R-RUM-OPEN-1", "R-RUM-MELD-1", "R-RUM-MELD-2"),
        "A run and a group of 27 points do not open; with the grey 10 they would need more.",
        _position("gn1 gn2 gn3 bk7 gy7 gn7 gy10/bk1"),
        probes=("play [gn1 gn2 gn3] {bk7 gn7 gy7}", "play {bk7 bk7 gn7}", "draw"),
    )
    yield s(
        "opening-with-a-joker",
        c,
        2,
        ("R-RUM-OPEN-1", "R-RUM-JOK-1"),
        "A joker counts the value of the tile it stands for: gn10 J gn12 is 33 points.",
        _position("gn10 J gn12 bk1/bk1"),
        probes=("play [gn10 J gn12]", "play [J gn10 gn12]"),
    )
    yield s(
        "opening-joker-short",
        c,
        2,
        ("R-RUM-OPEN-1", "R-RUM-JOK-1"),
        "gn8 J gn10 is 27 points: no opening.",
        _position("gn8 J gn10 bk1/bk1"),
        probes=("play [gn8 J gn10]",),
    )
    yield s(
        "cannot-open",
        c,
        2,
        ("R-RUM-OPEN-2",),
        "No 30 points in the rack: the player must draw.",
        _position("gn1 gn2 gn3 gy7 bk7 pu7 bk12/bk1"),
        probes=("draw", "play [gn1 gn2 gn3]"),
    )
    yield s(
        "drawn-tile-waits",
        c,
        2,
        ("R-RUM-OPEN-2", "R-RUM-TURN-1"),
        "The tile drawn (green 7 would make 34 points) waits: drawing ends the turn.",
        _position("gn1 gn2 gn3 gy7 bk7 pu7 bk12/bk1"),
        ("draw",),
        ("gn7", "gy1"),
    )
    yield s(
        "no-lay-off-before-opening",
        c,
        2,
        ("R-RUM-OPEN-3", "R-RUM-OPEN-1"),
        "Before laying out, a player may not lay off onto the table (green 9 on 6 7 8).",
        _position("gn10 gn11 gn12 gy13 gn13 bk13 gn9 pu1/bk1", "[gn6 gn7 gn8]", (1,)),
        probes=(
            "play [gn6 gn7 gn8 gn9] [gn10 gn11 gn12] {bk13 gn13 gy13}",
            "play [gn6 gn7 gn8] [gn10 gn11 gn12] {bk13 gn13 gy13}",
        ),
    )
    yield s(
        "lay-off-in-the-opening-turn",
        c,
        2,
        ("R-RUM-OPEN-3",),
        "Classic rules with lay_off_in_opening_turn=True: the opening may lay off too.",
        _position(
            "gn10 gn11 gn12 gy13 gn13 bk13 gn9 pu1/bk1",
            "[gn6 gn7 gn8]",
            (1,),
            attrs.evolve(_CLASSIC, lay_off_in_opening_turn=True),
        ),
        probes=("play [gn6 gn7 gn8 gn9] [gn10 gn11 gn12] {bk13 gn13 gy13}",),
    )
    yield s(
        "joker-exchange-before-opening",
        c,
        2,
        ("R-RUM-JOK-2", "R-RUM-OPEN-3"),
        "Only a player who has laid out may exchange a joker on the table.",
        _position("gn7 bk11 bk12 bk13/bk1", "[gn5 gn6 J]", (1,)),
        probes=("play [gn5 gn6 gn7] [J bk11 bk12 bk13]", "play [gn5 gn6 J] [bk11 bk12 bk13]"),
    )
    yield s(
        "joker-replaced-from-the-rack",
        c,
        2,
        ("R-RUM-JOK-2", "R-RUM-JOK-3"),
        "Classic rules with joker_from_rack=True: the joker's green 6 comes from the rack, "
        "not from the table's run.",
        _position(
            "gn6 pu1 pu2/bk1",
            "[gn4 gn5 J];[gn6 gn7 gn8 gn9]",
            (0,),
            attrs.evolve(_CLASSIC, joker_from_rack=True),
        ),
        probes=(
            "play [gn4 gn5 gn6] [gn6 gn7 gn8 gn9] [pu1 pu2 J]",
            "play [gn4 gn5 gn6] [gn7 gn8 gn9] [pu1 pu2 J]",
        ),
    )
    yield s(
        "run-at-the-top-of-a-small-set",
        "mini",
        2,
        ("R-RUM-SET-1", "R-RUM-MELD-2", "R-RUM-OPEN-1"),
        "The mini set (values 1 to 3): pu2 pu3 J opens only as [J pu2 pu3], the joker pu1, "
        "6 points; [pu2 pu3 J] would make it pu4, which the set lacks.",
        _position("pu2 pu3 J/gn1", "", (), mr.Rules.mini()),
        probes=("play [J pu2 pu3]", "play [pu2 pu3 J]"),
    )
    yield s(
        "lay-off",
        c,
        2,
        ("R-RUM-LAY-1", "R-RUM-JOK-1"),
        "Laid out: green 3 onto 4 5 6, purple 8 onto the group of eights.",
        _position("gn3 gy8 pu8 J/bk1", "[gn4 gn5 gn6];{bk8 gn8 J}", (0,)),
        probes=("play [gn3 gn4 gn5 gn6] {bk8 gn8 pu8 J}",),
    )
    yield s(
        "take-part",
        c,
        2,
        ("R-RUM-RE-1", "R-RUM-RE-2"),
        "Green 5 taken from 5 6 7 8 (three stay) into a group of fives.",
        _position("pu5 gy5 bk5 pu1/bk1", "[gn5 gn6 gn7 gn8]", (0,)),
        probes=("play [gn6 gn7 gn8] {bk5 gn5 gy5 pu5}",),
    )
    for preset, rules, note in (
        ("classic", _CLASSIC, "Of green 4 5 6 7 taken in part, only 4 5 would stay: refused."),
        ("rummikub", mr.Rules.rummikub(), "Plain Rummikub rearranges freely."),
    ):
        yield s(
            "three-must-stay",
            preset,
            2,
            ("R-RUM-RE-2", "R-RUM-RE-1"),
            note,
            _position("bk6 gy6 bk7 gy7 gn3 pu1/bk1", "[gn4 gn5 gn6 gn7]", (0,), rules),
            probes=("play [gn3 gn4 gn5] {bk6 gn6 gy6} {bk7 gn7 gy7}",),
        )
    yield s(
        "group-keeps-three",
        c,
        2,
        ("R-RUM-RE-2", "R-RUM-RE-1"),
        "Black 7 taken from a group of four: three stay.",
        _position("bk8 bk9 pu1/bk1", "{pu7 bk7 gn7 gy7}", (0,)),
        probes=("play {pu7 gn7 gy7} [bk7 bk8 bk9]",),
    )
    yield s(
        "taken-wholly",
        c,
        2,
        ("R-RUM-RE-1", "R-RUM-RE-2"),
        "Green 4 5 6 taken wholly, each tile into a new group.",
        _position("bk4 gy4 bk5 gy5 bk6 gy6 pu1/bk1", "[gn4 gn5 gn6]", (0,)),
        probes=("play {bk4 gn4 gy4} {bk5 gn5 gy5} {bk6 gn6 gy6}",),
    )
    yield s(
        "table-tiles-stay",
        c,
        2,
        ("R-RUM-RE-3",),
        "Every tile on the table stays there: green 4 cannot go back to a rack.",
        _position("gn8 pu1/bk1", "[gn4 gn5 gn6 gn7]", (0,)),
        probes=("play [gn5 gn6 gn7 gn8]", "play [gn4 gn5 gn6 gn7 gn8]"),
    )
    yield s(
        "the-texts-first-example",
        c,
        2,
        ("R-RUM-RE-4", "R-RUM-LAY-1"),
        "Green 6 7 8 takes a green 5 or 9; a group of eights a purple 8.",
        _position("gn5 gn9 pu8 bk1/bk1", "[gn6 gn7 gn8];{gn8 gy8 bk8}", (0,)),
        probes=(
            "play [gn5 gn6 gn7 gn8] {bk8 gn8 gy8}",
            "play [gn6 gn7 gn8 gn9] {bk8 gn8 gy8}",
            "play [gn6 gn7 gn8] {pu8 bk8 gn8 gy8}",
        ),
    )
    yield s(
        "the-texts-second-example",
        c,
        2,
        ("R-RUM-RE-4", "R-RUM-RE-1"),
        "Black 6 on black 2 3 4 5, whose black 2 joins grey 2 and purple 2.",
        _position("bk6 gy2 pu2 gn9/bk1", "[bk2 bk3 bk4 bk5]", (0,)),
        probes=("play [bk3 bk4 bk5 bk6] {pu2 bk2 gy2}",),
    )
    yield s(
        "the-texts-third-example",
        c,
        2,
        ("R-RUM-RE-4", "R-RUM-RE-1"),
        "Purple 2 3 4 5 6 split with a purple 4 into 2 3 4 and 4 5 6.",
        _position("pu4 gn9/bk1", "[pu2 pu3 pu4 pu5 pu6]", (0,)),
        probes=("play [pu2 pu3 pu4] [pu4 pu5 pu6]",),
    )
    yield s(
        "joker-exchange",
        c,
        2,
        ("R-RUM-JOK-2", "R-RUM-JOK-3", "R-RUM-RE-3"),
        "Green 7 replaces the joker of green 5 6 J; the joker is used again at once.",
        _position("gn7 bk10 bk11 pu1/bk1", "[gn5 gn6 J]", (0,)),
        probes=("play [gn5 gn6 gn7] [bk10 bk11 J]", "play [gn5 gn6 gn7]"),
    )
    yield s(
        "joker-not-replaced",
        c,
        2,
        ("R-RUM-JOK-3", "R-RUM-JOK-2"),
        "Green 8 is not the tile the joker stands for (green 7): the joker cannot leave.",
        _position("gn8 gn4 bk10 bk11 pu1/bk1", "[gn5 gn6 J]", (0,)),
        probes=("play [gn4 gn5 gn6] [bk10 bk11 J]", "play [gn4 gn5 gn6 J]", "play [J gn5 gn6]"),
    )
    yield s(
        "joker-in-a-group",
        c,
        2,
        ("R-RUM-JOK-2",),
        "In a group of three, either missing colour replaces the joker.",
        _position("pu9 gn9 bk11 bk12 gy1/bk1", "{bk9 gy9 J}", (0,)),
        probes=("play {bk9 gy9 pu9} [bk11 bk12 J]", "play {bk9 gn9 gy9} [bk11 bk12 J]"),
    )
    for players in (2, 3):
        racks = "gn7/bk1 bk2 J" + ("/gy12 gy13" if players == 3 else "")
        yield s(
            "going-out",
            c,
            players,
            ("R-RUM-END-1", "R-RUM-END-2"),
            "The last tile laid ends the round: the others score minus their racks (a joker 25).",
            _position(racks, "[gn4 gn5 gn6]", (0,), mr.Rules.classic(players)),
            probes=("play [gn4 gn5 gn6 gn7]",),
        )
    yield s(
        "round-over",
        c,
        2,
        ("R-RUM-END-1", "R-RUM-END-2", "R-RUM-MATCH-1"),
        "The round, and the match of one round, is over.",
        _position("gn7/bk1 bk2 J", "[gn4 gn5 gn6]", (0,)),
        ("play [gn4 gn5 gn6 gn7]",),
        ("draw",),
    )
    yield s(
        "match-of-two-rounds",
        c,
        2,
        ("R-RUM-MATCH-1", "R-RUM-END-1"),
        "Classic rules with rounds=2: going out starts the next round with the next player.",
        _position("gn7/bk1 bk2 J", "[gn4 gn5 gn6]", (0,), attrs.evolve(_CLASSIC, rounds=2)),
        probes=("play [gn4 gn5 gn6 gn7]",),
    )
    yield s(
        "second-round",
        c,
        2,
        ("R-RUM-MATCH-1", "R-RUM-SET-2"),
        "Classic rules with rounds=2: player 0 went out; the next round begins with player 1, "
        "and the round's points are kept in the totals.",
        _position("gn7/bk1 bk2 J", "[gn4 gn5 gn6]", (0,), attrs.evolve(_CLASSIC, rounds=2)),
        ("play [gn4 gn5 gn6 gn7]",),
        ("gn5", "draw"),
    )
    handrummy = mr.Rules.classic(handrummy=True)
    for name, rules, note in (
        ("all-at-once-handrummy", handrummy, "Handrummy: all tiles at once, no 30 points needed."),
        ("all-at-once", _CLASSIC, "Without Handrummy the 30 points are needed."),
    ):
        yield s(
            name,
            c,
            2,
            ("R-RUM-VAR-HAND", "R-RUM-OPEN-1"),
            note,
            _position("gn1 gn2 gn3 pu1 bk1 gy1/bk9 J", rules=rules),
            probes=("play [gn1 gn2 gn3] {pu1 bk1 gy1}",),
        )
    yield s(
        "all-at-once-handrummy",
        c,
        3,
        ("R-RUM-VAR-HAND", "R-RUM-END-2"),
        "Handrummy with three players: the others' minus points count double.",
        _position("gn1 gn2 gn3 pu1 bk1 gy1/bk9 J/gy5", rules=mr.Rules.classic(3, handrummy=True)),
        probes=("play [gn1 gn2 gn3] {pu1 bk1 gy1}",),
    )
    for ending in ("passes", "ends"):
        yield s(
            f"empty-pool-{ending}",
            c,
            2,
            ("R-RUM-END-3",),
            f"Classic rules with empty_pool={ending!r}: nothing to draw, the player passes.",
            _empty_pool(attrs.evolve(_CLASSIC, empty_pool=ending)),
            probes=("pass", "draw", "timeout"),
        )
    yield s(
        "empty-pool-second-pass",
        c,
        2,
        ("R-RUM-END-3",),
        "The pool is empty and player 0 passed: if player 1 passes too, the round ends and the "
        "lowest rack wins (player 0's 6 points against two jokers' 50).",
        _empty_pool(_CLASSIC),
        ("pass",),
        ("pass", "draw"),
    )
    for preset, rules in (("classic", _CLASSIC), ("rummikub", mr.Rules.rummikub())):
        yield s(
            "time-out",
            preset,
            2,
            ("R-RUM-TIME-1",),
            "The clock ran out: the correct part may stay, the rest goes back; then the penalty.",
            _position("gn7 bk10 bk11 pu1/bk1", "[gn4 gn5 gn6]", (0,), rules),
            probes=("timeout", "timeout [gn4 gn5 gn6 gn7]", "timeout [gn4 gn5 gn6] [bk10 bk11]"),
        )


KNOBS: tuple[Knob, ...] = (
    Knob(
        "handrummy_factor",
        3,
        Scenario(
            "knob-handrummy-factor",
            "classic",
            2,
            ("R-RUM-VAR-HAND", "R-RUM-END-1"),
            "Handrummy with handrummy_factor=3: player 0 lays the whole rack at once; player "
            "1's minus points count three times.",
            lambda: None,
            (),
            ("play [bk10 bk11 bk12] [gn10 gn11 gn12]",),
        ),
        lambda: mr.Rules.classic(handrummy=True),
        lambda rules: mr.position(
            rules,
            racks=[mr.parse_tiles("gn10 gn11 gn12 bk10 bk11 bk12"), mr.parse_tiles("pu1 pu5")],
        ),
    ),
)
"""MyRummy's knobs off their default (see `morpyam.vectors._cases.Knob`)."""


def _game(rules: mr.Rules, rng: random.Random) -> list[mr.State]:
    """The positions of one seeded match between two greedy bots, the lot and the deal first."""
    bot = GreedyBot(BOT_TABLE)
    state = mr.new_game(rules)
    states = [state]
    while not state.is_terminal and len(states) < 600:
        action = mr.sample_chance(state, rng) if state.is_chance else bot.choose(state, rng)
        state = mr.apply(state, action)
        states.append(state)
    return states


def _positions(
    preset: str, players: int, rng: random.Random, count: int
) -> Iterator[tuple[str, Any]]:
    rules = mr.PRESETS[preset](players)
    games = -(-count // PER_GAME)
    for number in range(games):
        states = _game(rules, rng)
        share = count // games + (number < count % games)
        for index in spread(share, len(states)):
            yield f"play-{number}-{index:03d}", states[index]


def _play_text(melds: Sequence[mr.Meld]) -> str:
    return " ".join(["play", *map(str, mr.Play(melds).table)])


def _candidates(state: mr.State, rng: random.Random) -> list[str]:
    """The legal actions, a play, plays spoilt to be refused, and other likely refusals."""
    legal = [str(action) for action in mr.legal_actions(state)]
    rng.shuffle(legal)
    refusals = [
        "draw",
        "pass",
        "first 1",
        "gn5",
        "J",
        "play {gn5 gn5 gn5}",
        "play [gn5 gn7 gn8]",
        "play [gn12 gn13 gn1]",
    ]
    plays: list[str] = []
    if state.current_player is not None:
        table = list(state.table)
        refusals.append(_play_text(table))  # lays nothing
        if table:
            refusals.append(_play_text([*table[1:], mr.parse_meld("{bk13 gy13 pu13}")]))
        refusals.append(_play_text([*table, mr.parse_meld("[gy11 gy12 gy13]")]))
        play = guarded_play(state, max_table=BOT_TABLE) if len(state.rack) <= 20 else None
        if play is not None:
            plays.append(str(play))
            if table:
                kept = list(play.table)
                kept.remove(max(kept, key=lambda meld: len(meld.tiles)))
                refusals.append(_play_text(kept))
    rng.shuffle(refusals)
    return [*plays, *legal, *refusals]


def solvable(state: mr.State) -> bool:
    """Whether ``state`` is a decision small enough to solve its best play at once: a table of at
    most `BEST_TABLE` tiles, a rack of at most `BEST_RACK`."""
    return (
        state.current_player is not None
        and table_size(state) <= BEST_TABLE
        and len(state.rack) <= BEST_RACK
    )


def small(state: mr.State) -> bool:
    """Whether ``state`` is small enough to list its plays: a rack of at most `SMALL_RACK`
    tiles, a table of at most `BEST_TABLE`."""
    return len(state.rack) <= SMALL_RACK and table_size(state) <= BEST_TABLE


def best_score(state: mr.State, play: mr.Play | None) -> dict[str, Any]:
    """A best play as the corpus writes it: the tiles it lays and their penalty points, and the play."""
    if play is None:
        return {"tiles": 0, "points": 0, "play": None}
    laid = Counter(tile for meld in play.table for tile in meld.tiles)
    laid.subtract(tile for meld in state.table for tile in meld.tiles)
    tiles = list(laid.elements())
    return {
        "tiles": len(tiles),
        "points": mr.rack_points(state.rules, tiles),
        "play": str(play),
    }


def _extra(state: mr.State, case: dict[str, Any]) -> set[str]:
    """MyRummy's own members: every legal play of a small position, and the best play."""
    case["plays"] = None
    case["best"] = None
    if not solvable(state):
        return set()
    tags = set()
    if small(state):
        listed = list(islice(mr.plays(state), PLAYS_LISTED + 1))
        if len(listed) <= PLAYS_LISTED:
            case["plays"] = sorted(str(play) for play in listed)
    best = mr.best_play(state)
    case["best"] = best_score(state, best)
    if best is None and not state.opened[state.player]:
        tags.add("R-RUM-OPEN-2")
    return tags


def _play_tags(state: mr.State, probe: Probe) -> set[str]:
    """The rule IDs an accepted play exercises."""
    after = probe.after
    action = parse_entry(probe.text)
    assert isinstance(action, (mr.Play, mr.TimeOut))
    assert action.table is not None
    tags = {"R-RUM-TURN-1"}
    old = Counter(state.table)
    new = Counter(action.table)
    fresh = new - old
    laid = Counter(t for m in action.table for t in m.tiles)
    laid.subtract(t for m in state.table for t in m.tiles)
    tags |= {"R-RUM-MELD-1" if isinstance(m, mr.Group) else "R-RUM-MELD-2" for m in fresh}
    if laid[mr.JOKER] > 0 or any(mr.JOKER in m.tiles for m in fresh):
        tags.add("R-RUM-JOK-1")
    if not state.opened[state.player]:
        tags.add("R-RUM-OPEN-1")
        if state.table:
            tags.add("R-RUM-OPEN-3")
    else:
        changed = list((old - new).elements())
        if state.table:
            tags.add("R-RUM-RE-3")
        if any(extends(m, n) for m in changed for n in fresh):
            tags.add("R-RUM-LAY-1")
        if any(not any(extends(m, n) for n in fresh) for m in changed):
            tags.add("R-RUM-RE-1")
            if state.rules.min_stay is not None:
                tags.add("R-RUM-RE-2")
        if any(mr.JOKER in m.tiles for m in changed):
            tags |= {"R-RUM-JOK-2", "R-RUM-JOK-3"}
    if after.end_rule is not None:
        tags |= {after.end_rule, "R-RUM-END-2"}
    elif after.round != state.round:
        tags |= {"R-RUM-END-1", "R-RUM-END-2", "R-RUM-MATCH-1"}
    return tags


def _tags(state: mr.State, probes: Sequence[Probe]) -> set[str]:
    """The rule IDs a MyRummy position and its probes exercise."""
    tags = {probe.rule for probe in probes if probe.rule is not None}
    if state.first is None and not state.is_terminal:
        tags.add("R-RUM-SET-3")
    if state.deal_left and state.first is not None:
        tags.add("R-RUM-SET-2")
        if state.pool_size == 106:
            tags.add("R-RUM-SET-1")
    if state.draws_left:
        tags.add("R-RUM-TURN-1")
    if state.end_rule is not None and state.end_rule != "resign":
        tags |= {state.end_rule, "R-RUM-END-2", "R-RUM-MATCH-1"}
    if state.current_player is not None:
        tags.add("R-RUM-TURN-1" if state.pool_size else "R-RUM-END-3")
    for probe in probes:
        if probe.after is None:
            continue
        verb = probe.text.split()[0]
        if verb == "play" or (verb == "timeout" and probe.text != "timeout"):
            tags |= _play_tags(state, probe)
        if verb == "timeout":
            tags.add("R-RUM-TIME-1")
        elif verb == "pass":
            tags.add("R-RUM-END-3")
        elif verb == "draw":
            tags.add("R-RUM-TURN-1")
    return tags


SOURCE = Source(
    groups=_GROUPS,
    scenarios=_scenarios,
    positions=_positions,
    candidates=_candidates,
    tags=_tags,
    extra=_extra,
)
"""MyRummy's cases."""
