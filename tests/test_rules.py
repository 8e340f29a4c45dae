"""The Rules value: presets and validation (R-SET-2, R-LINE-2, knobs of sections 1 to 7)."""

from __future__ import annotations

from typing import Any

import attrs
import pytest

import morpyam as mp

F, S = mp.Figure, mp.Special


@pytest.mark.parametrize(("players", "tokens", "four"), [(2, 17, 2), (3, 11, 3), (4, 8, 3)])
def test_classic_presets(players: int, tokens: int, four: int) -> None:
    # R-SET-2 tokens per player; R-LINE-2 a run of 4 is worth 2 with 2 players, 3 with 3-4
    rules = mp.Rules.classic(players=players)
    assert (rules.players, rules.tokens_per_player) == (players, tokens)
    assert [rules.run_value(n) for n in range(1, 8)] == [0, 0, 1, four, four, four, four]
    assert rules.layout == mp.Layout.classic()
    assert rules.ko_length == 5
    assert rules.end_bonus == 1
    assert rules.daversa is None


def test_official_and_flash_presets() -> None:
    # R-VAR-2025, R-VAR-FLASH
    official = mp.Rules.official(players=3)
    assert official.daversa == "consecutive_turns"
    assert official.forbid_calling_shown_figure
    assert attrs.evolve(official, daversa=None, forbid_calling_shown_figure=False) == (
        mp.Rules.classic(players=3)
    )
    assert mp.Rules.flash().layout == mp.Layout.flash()


def test_default_knobs_follow_the_rules() -> None:
    rules = mp.Rules.classic()
    sec = {F.MORPYAM, F.FOUR_OF_A_KIND, F.MAXI, F.MINI, F.STRAIGHT, F.FULL_HOUSE}
    assert rules.sec_figures == sec  # R-CELL-2
    assert rules.callable == sec | {S.SEC}  # R-CALL-2
    assert rules.voluntary_pass
    assert rules.called_morpyam_replays
    assert not rules.forbid_calling_shown_figure  # R-CALL-8 is the 2025 edition's


def test_run_points_accepts_a_mapping() -> None:
    rules = attrs.evolve(mp.Rules.classic(), run_points={4: 5, 3: 1}, ko_length=None)
    assert rules.run_points == ((3, 1), (4, 5))
    assert rules.run_value(6) == 5  # longer than listed: scores as the longest length


@pytest.mark.parametrize(
    ("change", "message"),
    [
        ({"players": 5}, "R-SET-2"),
        ({"players": 1}, "R-SET-2: 2 to 4 players, got 1"),
        ({"players": True}, "R-SET-2"),
        ({"sec_figures": 5}, "collection of labels"),
        ({"callable": "MINI"}, "collection of labels"),
        ({"run_points": 5}, "R-LINE-2"),
        ({"players": 3}, "R-SET-2: 3 players × 17 tokens do not fit on 36 cells"),
        ({"tokens_per_player": 0}, "int >= 1"),
        ({"tokens_per_player": 2.0}, "int >= 1"),
        ({"ko_length": 7}, "R-END-1"),
        ({"ko_length": 1}, "R-END-1"),
        ({"end_bonus": -1}, "int >= 0"),
        ({"run_points": ((3, 1), (3, 2))}, "R-LINE-2"),
        ({"run_points": ((0, 1),)}, "R-LINE-2"),
        ({"sec_figures": {S.CALL}}, "R-CELL-2"),
        ({"callable": {F.THREE_ONES}}, "R-CALL-2: never callable: THREE_ONES"),
        ({"callable": {F.SMALL_STRAIGHT}}, "R-CALL-2"),
        ({"callable": {S.CALL}}, "R-CALL-2"),
        ({"voluntary_pass": 1}, "True or False"),
        ({"daversa": "sometimes"}, "R-MOR-3"),
        ({"layout": "classic"}, "must be a Layout"),
    ],
)
def test_inconsistent_rules_are_refused(change: dict[str, Any], message: str) -> None:
    with pytest.raises(ValueError, match=message):
        attrs.evolve(mp.Rules.classic(), **change)


def test_preset_player_counts_are_checked() -> None:
    with pytest.raises(ValueError, match="R-SET-2"):
        mp.Rules.classic(players=5)


def test_rules_are_frozen_values() -> None:
    rules = mp.Rules.classic()
    assert rules == mp.Rules.classic()
    assert hash(rules) == hash(mp.Rules.classic())
    with pytest.raises(attrs.exceptions.FrozenInstanceError):
        rules.players = 3  # type: ignore[misc]


@pytest.mark.parametrize(
    ("change", "message"),
    [
        ({"callable": frozenset()}, "R-CELL-3: no call can ever succeed .* CALL cells d3, c4"),
        ({"callable": {S.SEC}, "sec_figures": frozenset()}, "R-CELL-2: no figure makes a Sec"),
    ],
)
def test_a_cell_no_turn_can_cover_is_refused(change: dict[str, Any], message: str) -> None:
    # R-CELL-2, R-CELL-3: a SEC or CALL cell that can never be covered is a dead cell
    with pytest.raises(ValueError, match=message):
        attrs.evolve(mp.Rules.classic(), **change)
    flash = attrs.evolve(mp.Rules.flash(), **change)  # R-VAR-FLASH: no SEC or CALL cells
    assert flash.layout == mp.Layout.flash()


def test_plus_preset() -> None:
    # R-VAR-PLUS: the classic game on a grid built from the classic grid's tiles
    plus = mp.Rules.plus(players=4)
    assert plus.tile_setup
    assert attrs.evolve(plus, tile_setup=False) == mp.Rules.classic(players=4)


def test_errors_survive_pickling() -> None:
    import pickle

    error = mp.IllegalActionError("R-CELL-2", "the SEC cell needs the first roll")
    again = pickle.loads(pickle.dumps(error))
    assert (again.rule, again.reason, str(again)) == (error.rule, error.reason, str(error))
    layout_error = mp.LayoutError("unknown label 'X'", 2, 5)
    copy = pickle.loads(pickle.dumps(layout_error))
    assert (copy.line, copy.column, str(copy)) == (2, 5, str(layout_error))


def test_runs_shorter_than_three_score_nothing() -> None:
    # R-LINE-2: runs shorter than 3 score nothing, so run_points cannot give them points
    with pytest.raises(ValueError, match=r"R-LINE-2: .* lengths >= 3"):
        attrs.evolve(mp.Rules.classic(), run_points={2: 1, 3: 1})


# --- Edges of the validation (found by mutation testing, CONTRIBUTING.md) ---------------------


def test_the_edges_of_the_knobs_are_accepted() -> None:
    classic = mp.Rules.classic()
    # R-SET-2: 2 players x 18 tokens fill the 36 cells of the classic grid exactly
    assert attrs.evolve(classic, tokens_per_player=18).tokens_per_player == 18
    # R-SET-2: a player needs one token at least; R-END-2: no end bonus is a bonus of 0
    assert attrs.evolve(classic, tokens_per_player=1).tokens_per_player == 1
    assert attrs.evolve(classic, end_bonus=0).end_bonus == 0
    # R-END-1: a KO from 2 in a row up to the longest line (6 cells on the 6x6 grid)
    assert attrs.evolve(classic, ko_length=2).ko_length == 2
    assert attrs.evolve(classic, ko_length=6).ko_length == 6
    # R-LINE-2: a run may be worth 0 points
    assert attrs.evolve(classic, run_points={3: 0, 4: 2}).run_value(3) == 0
    # R-CALL-2, R-CELL-3: SEC alone is callable, so a call can succeed and the CALL cells live
    assert attrs.evolve(classic, callable={S.SEC}).callable == {S.SEC}


def test_a_grid_without_lines_allows_no_ko() -> None:
    # R-LINE-1: lines have 3 cells or more, so a 2x2 grid has none; R-END-1: no KO length fits
    tiny = mp.Layout([[F.MINI, F.MAXI], [F.MINI, F.MAXI]])
    base = attrs.evolve(mp.Rules.classic(), layout=tiny, tokens_per_player=2, ko_length=None)
    with pytest.raises(ValueError, match=r"R-END-1: ko_length must be None or an int from 2 to 0"):
        attrs.evolve(base, ko_length=2)


@pytest.mark.parametrize(
    ("change", "message"),
    [
        ({"tokens_per_player": 0}, "Rules.tokens_per_player must be an int >= 1, got 0"),
        ({"tokens_per_player": "3"}, "Rules.tokens_per_player must be an int >= 1, got '3'"),
        ({"end_bonus": -1}, "Rules.end_bonus must be an int >= 0, got -1"),
        ({"callable": 5}, "expected a collection of labels, got 5"),
        ({"callable": [[1]]}, r"expected a collection of labels, got \[\[1\]\]"),
        (
            {"diagonals": "short"},
            "R-LINE-1: Rules.diagonals must be one of 'all', 'long', got 'short'",
        ),
        ({"diagonals": 1}, "R-LINE-1: Rules.diagonals must be one of 'all', 'long', got 1"),
        (
            {"call_miss_loses": "all"},
            "R-CALL-7: Rules.call_miss_loses must be one of 'everything', 'earlier_figures'",
        ),
        (
            {"callable": {F.THREE_ONES, F.THREE_TWOS}},
            "R-CALL-2: never callable: THREE_ONES, THREE_TWOS$",
        ),
        (
            {"run_points": {3: -1}},
            r"^R-LINE-2: run_points must pair distinct lengths >= 3 \(shorter runs score "
            r"nothing\) with points >= 0, got \(\(3, -1\),\)$",
        ),
        (
            {"callable": frozenset()},
            "^R-CELL-3: no call can ever succeed \\(callable is empty\\), so the CALL cells",
        ),
        (
            {"callable": {S.SEC}, "sec_figures": frozenset()},
            "^R-CELL-2: no figure makes a Sec \\(sec_figures is empty\\), so the SEC cells",
        ),
    ],
)
def test_refusals_say_what_is_wrong(change: dict[str, Any], message: str) -> None:
    # R-SET-2, R-END-2, R-LINE-1, R-LINE-2, R-CALL-2, R-CALL-7, R-CELL-2, R-CELL-3
    with pytest.raises(ValueError, match=message):
        attrs.evolve(mp.Rules.classic(), **change)


def test_the_flash_preset_is_for_two_players_by_default() -> None:
    # R-VAR-FLASH: the classic rules, so 2 players with 17 tokens unless told (R-SET-2)
    assert mp.Rules.flash().players == 2
    assert mp.Rules.flash().tokens_per_player == 17
