"""Morpyam's scenarios for the order of the checks and for the knobs off their default.

Each knob scenario turns one field of `Rules` and probes actions whose answer
the default reading changes (`morpyam.vectors._cases.Knob`); the order
scenarios probe actions that several rules refuse.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import Any

import attrs

import morpyam as mp
from morpyam.figures import Figure
from morpyam.vectors._cases import Knob, Scenario
from morpyam.vectors._morpyam_cases import first, turn

__all__ = ["KNOBS", "order_scenarios"]

F = Figure


def _knob(
    field: str,
    value: Any,
    name: str,
    rule_ids: tuple[str, ...],
    note: str,
    path: tuple[str, ...],
    probes: tuple[str, ...],
    base: Callable[[], mp.Rules] = mp.Rules.classic,
) -> Knob:
    """A Morpyam knob's scenario: a new game of ``base`` rules, player 0 first."""
    preset = "official" if base is mp.Rules.official else "classic"
    return Knob(
        field,
        value,
        Scenario(name, preset, 2, rule_ids, note, lambda: None, path, probes),
        base,
        lambda rules: mp.new_game(rules, first_player=0),
    )


_KO_PATH = (
    *turn("1 1 1 2 3", "a1"),
    *turn("1 2 6 6 6", "a3"),
    *turn("1 2 2 2 3", "b1"),
    *turn("1 2 6 6 6", "a6"),
    *turn("1 2 3 3 3", "c1"),
    *turn("1 2 4 4 4", "c6"),
    *turn("3 4 4 4 4", "d1"),
    *turn("1 2 5 5 5", "b6"),
    "roll",
    "dice 1 2 5 5 5",
)
_FOUR_SIXES = ("roll", "dice 1 6 6 6 6")
_CALLS_TAKEN = (
    *_FOUR_SIXES,
    "roll keep 6 6 6 6 call four-of-a-kind",
    "dice 2",
    "place d3",
    *_FOUR_SIXES,
    "roll keep 6 6 6 6 call four-of-a-kind",
    "dice 3",
    "place c4",
)

KNOBS: tuple[Knob, ...] = (
    _knob(
        "ko_length",
        None,
        "knob-no-ko",
        ("R-END-1",),
        "ko_length=None: five in a row along the top row is no KO; the game goes on.",
        _KO_PATH,
        ("place e1",),
    ),
    _knob(
        "callable",
        frozenset({F.STRAIGHT, F.FULL_HOUSE}),
        "knob-callable",
        ("R-CALL-2",),
        "callable: only the straight and the full house may be called.",
        (),
        ("roll call mini", "roll call straight"),
    ),
    _knob(
        "called_morpyam_replays",
        False,
        "knob-called-morpyam-no-replay",
        ("R-CALL-5", "R-MOR-2"),
        "called_morpyam_replays=False: a called four of a kind that comes up as five sixes "
        "goes on a CALL cell, and the turn passes.",
        (*_FOUR_SIXES, "roll keep 6 6 6 6 call four-of-a-kind", "dice 6"),
        ("place d3",),
    ),
    _knob(
        "missed_call_voids",
        "any_roll",
        "knob-missed-call-voids-any-roll",
        ("R-CALL-6", "R-CALL-7"),
        "missed_call_voids='any_roll': a four of a kind called for the second roll misses "
        "(1 1 1 2 2): its Full places nothing.",
        ("roll", "dice 1 1 1 5 6", "roll keep 1 1 1 call four-of-a-kind", "dice 2 2"),
        ("place b3", "pass"),
    ),
    _knob(
        "morpyam_at_once",
        True,
        "knob-morpyam-at-once",
        ("R-MOR-1",),
        "morpyam_at_once=True: five threes on the first roll must be placed at once.",
        ("roll", "dice 3 3 3 3 3"),
        ("roll", "place b2"),
    ),
    _knob(
        "called_morpyam_cells",
        "call_or_morpyam",
        "knob-called-morpyam-cells",
        ("R-CALL-5", "R-MOR-1"),
        "called_morpyam_cells='call_or_morpyam': a called Morpyam that comes up may go on a "
        "MORPYAM cell too.",
        (*_FOUR_SIXES, "roll keep 6 6 6 6 call morpyam", "dice 6"),
        ("place b2", "place d3"),
    ),
    _knob(
        "sec_call_morpyam_replays",
        True,
        "knob-sec-call-morpyam-replays",
        ("R-CALL-3", "R-MOR-2"),
        "sec_call_morpyam_replays=True: a SEC call that comes up with five fours replays.",
        ("roll call sec", "dice 4 4 4 4 4"),
        ("place d3",),
    ),
    _knob(
        "shown_figure_means",
        "kept",
        "knob-shown-figure-means-kept",
        ("R-CALL-8", "R-VAR-2025"),
        "shown_figure_means='kept' (2025 edition): the straight is shown by the dice but not "
        "secured by the one die kept, so it may be called.",
        ("roll", "dice 1 2 3 4 5"),
        ("roll keep 1 call straight",),
        mp.Rules.official,
    ),
    _knob(
        "call_needs_free_cell",
        False,
        "knob-call-without-a-free-cell",
        ("R-CALL-4",),
        "call_needs_free_cell=False: both CALL cells are taken, and a call may still be made.",
        _CALLS_TAKEN,
        ("roll call mini",),
    ),
    _knob(
        "daversa_counts",
        "rolled",
        "knob-daversa-counts-rolled",
        ("R-MOR-3", "R-VAR-2025"),
        "daversa_counts='rolled' (2025 edition): player 0 rolled five twos and rolled on; five "
        "threes on their next turn win at once.",
        (
            *("roll", "dice 2 2 2 2 2", "roll", "dice 1 2 3 4 6", "place f3"),
            *turn("1 1 1 2 3", "a1"),
            "roll",
        ),
        ("dice 3 3 3 3 3",),
        mp.Rules.official,
    ),
    Knob(
        "tie_break",
        "fewest_tokens_left",
        Scenario(
            "knob-tie-break",
            "classic",
            3,
            ("R-END-2", "R-END-3", "R-LINE-2"),
            "tie_break='fewest_tokens_left' (5 tokens each, no end bonus): player 2 places their "
            "last token with 0 points; players 0 and 1 tie on 1, and player 0 placed more.",
            lambda: None,
            (
                *turn("1 1 1 2 3", "a1"),
                *turn("1 2 6 6 6", "a6"),
                *turn("1 1 2 2 2", "e2"),
                *turn("1 2 2 2 3", "b1"),
                *turn("1 2 5 5 5", "b6"),
                *turn("1 2 3 3 3", "f2"),
                *turn("1 2 3 3 3", "c1"),
                *turn("1 2 4 4 4", "c6"),
                *turn("1 2 5 5 5", "f4"),
                *turn("1 1 1 2 3", "f6"),
                *("roll", "dice 1 2 4 5 6", "pass"),
                *turn("1 2 4 4 4", "a2"),
                *("roll", "dice 1 2 4 5 6", "pass"),
                *("roll", "dice 1 2 4 5 6", "pass"),
                *("roll", "dice 2 2 3 3 3"),
            ),
            ("place e4",),
        ),
        lambda: attrs.evolve(mp.Rules.classic(3), tokens_per_player=5, end_bonus=0),
        lambda rules: mp.new_game(rules, first_player=0),
    ),
)
"""The scenarios of the knobs that change what a position allows or how it scores, each off
its default (the other knobs have cases of their own, or are exempt: see the format)."""


def order_scenarios() -> Iterator[Scenario]:
    """Actions that several rules refuse: the rule named is the first checked (see the format's
    page, "Which rule is named")."""
    classic = mp.Rules.classic()
    yield Scenario(
        "order-place-before-a-roll",
        "classic",
        2,
        ("R-SET-1", "R-TURN-2"),
        "Before any roll, a cell off the grid is refused as off the grid (R-SET-1), a cell of "
        "the grid as coming before a roll (R-TURN-2).",
        first(classic),
        probes=("place g7", "place a1", "pass"),
    )
    yield Scenario(
        "order-after-a-hit",
        "classic",
        2,
        ("R-SET-4", "R-CALL-5", "R-TURN-1"),
        "A called four of a kind came up: a covered cell is refused as covered (R-SET-4), a free "
        "one as not a CALL cell (R-CALL-5); a roll keeping a die not showing, as a hit (R-CALL-5).",
        first(classic),
        (
            *turn("1 1 1 2 3", "a1"),
            *_FOUR_SIXES,
            "roll keep 6 6 6 6 call four-of-a-kind",
            "dice 2",
        ),
        ("place a1", "place c2", "roll keep 5", "place d3"),
    )
    yield Scenario(
        "order-roll",
        "classic",
        2,
        ("R-TURN-1", "R-CALL-3"),
        "After a first roll of 1 6 6 6 6: keeping a die not showing is refused (R-TURN-1) before "
        "the call is looked at; a SEC call, as coming after the first roll (R-CALL-3).",
        first(classic),
        _FOUR_SIXES,
        ("roll keep 5 call sec", "roll keep 6 call sec", "roll keep 6 6 6 6 call mini"),
    )
