"""The other readings of the rule texts: each a field of `Rules`, each tested in both settings.

Every scenario plays the library's reading (the default) and the other one
from the same position, through the public API. Expected cells are counted by
hand on the classic grid (R-GRID-2, columns a-f, rows 1-6 from the top)::

    1:  3×1  3×2  3×3  3×4  3×5  3×6
    2:  3×4  MOR  4K   STR  MIN  3×3
    3:  3×6  FUL  SEC  CAL  MAX  SS
    4:  SS   MAX  CAL  SEC  FUL  3×5
    5:  3×1  MIN  STR  4K   MOR  3×2
    6:  3×6  3×5  3×4  3×3  3×2  3×1
"""

from __future__ import annotations

import re
from typing import Any

import attrs
import pytest

import morpyam as mp
import morpyam.yahtzee as yz
from morpyam import files
from morpyam.records import GameRecord, replay
from morpyam.rules import PRESETS
from morpyam.scoring import is_ko, lines, points, winners_on_points
from morpyam.yahtzee.rules import PLAYER_LIMIT

F = mp.Figure
SEC = mp.Special.SEC
CALL = mp.Special.CALL
NOTHING = (1, 2, 4, 5, 6)  # no figure: no three alike, no four in a row, sum 18


def start(base: Any = mp.Rules.classic, players: int = 2, **knobs: Any) -> mp.State:
    return mp.new_game(attrs.evolve(base(players), **knobs), first_player=0)


def accepted(state: mp.State, action: mp.Action) -> mp.State:
    assert action in mp.legal_actions(state), f"{action} should be legal"
    return mp.apply(state, action)


def rejected(state: mp.State, action: mp.Action, rule: str) -> None:
    assert action not in mp.legal_actions(state), f"{action} should not be legal"
    with pytest.raises(mp.IllegalActionError) as info:
        mp.apply(state, action)
    assert info.value.rule == rule


def roll(
    state: mp.State,
    faces: tuple[int, ...],
    keep: tuple[int, ...] = (),
    call: mp.Label | None = None,
) -> mp.State:
    state = accepted(state, mp.Roll(keep=keep, call=call))
    return accepted(state, mp.RollResult(faces))


def placements(state: mp.State) -> set[str]:
    return {str(a.cell) for a in mp.legal_actions(state) if isinstance(a, mp.Place)}


def can_roll(state: mp.State) -> bool:
    return any(isinstance(a, mp.Roll) for a in mp.legal_actions(state))


def place(state: mp.State, cell: str) -> mp.State:
    return accepted(state, mp.Place(cell))


# --- 1. R-CALL-7: what a missed call on the 3rd roll loses ------------------------


def third_roll_miss(**knobs: Any) -> mp.State:
    """Three ones on rolls 1 and 2, then a 4K call on roll 3 that shows 1 1 1 3 3 (a Full)."""
    state = roll(start(**knobs), (1, 1, 1, 5, 6))
    state = roll(state, (6,), keep=(1, 1, 1, 5))
    return roll(state, (3, 3), keep=(1, 1, 1), call=F.FOUR_OF_A_KIND)


def test_call7_a_missed_third_call_loses_everything_by_default() -> None:
    # R-CALL-7: "perde il beneficio di qualsiasi figura": no token this turn
    state = third_roll_miss()
    assert mp.legal_actions(state) == (mp.Pass(),)
    rejected(state, mp.Place("b3"), "R-CALL-7")  # a FUL cell: the Full came up on roll 3


def test_call7_earlier_figures_reading_keeps_a_figure_new_on_the_third_roll() -> None:
    # R-CALL-7 read "figura ottenuta precedentemente": only the Brelan of ones is lost;
    # the Full that first came up on roll 3 goes on a FUL cell (b3, e4)
    state = third_roll_miss(call_miss_loses="earlier_figures")
    assert placements(state) == {"b3", "e4"}
    assert mp.Pass() in mp.legal_actions(state)
    rejected(state, mp.Place("a1"), "R-CALL-7")  # a 3×1 cell: the ones came before
    rejected(state, mp.Place("d3"), "R-CELL-3")  # a CALL cell: never after a miss
    rejected(state, mp.Place("c3"), "R-CELL-2")  # a SEC cell: not the first roll
    after = place(state, "e4")
    assert after.board == {mp.Cell.parse("e4"): 0}
    assert after.current_player == 1


# --- 2. R-CALL-6: which missed calls void their roll ---------------------------------


def first_roll_miss(**knobs: Any) -> mp.State:
    return roll(start(**knobs), (1, 1, 1, 5, 6), call=F.FOUR_OF_A_KIND)


def test_call6_a_missed_first_call_is_forgotten_by_default() -> None:
    # R-CALL-6: as if no call had been made: the three ones cover a 3×1 cell
    state = first_roll_miss()
    assert state.call is None
    assert placements(state) == {"a1", "a5", "f6"}


def test_call6_any_roll_reading_voids_a_missed_first_call() -> None:
    # R-CALL-6, R-CALL-7 read "si le dernier appel échoue": the player rolls again or passes
    state = first_roll_miss(missed_call_voids="any_roll")
    assert state.call is F.FOUR_OF_A_KIND
    assert placements(state) == set()
    assert mp.Pass() in mp.legal_actions(state)
    assert can_roll(state)
    rejected(state, mp.Place("a1"), "R-CALL-7")
    state = roll(state, (2, 2), keep=(1, 1, 1))  # no call: 1 1 1 2 2
    assert state.call is None
    assert placements(state) == {"a1", "a5", "f6", "b3", "e4", "e2", "b5"}  # 3×1, FUL, MIN


def test_call6_any_roll_reading_with_a_missed_sec_call() -> None:
    # R-CALL-3, R-CALL-6: a SEC call that misses on the 1st roll voids it too
    state = roll(start(missed_call_voids="any_roll"), NOTHING, call=SEC)
    assert state.call is SEC
    assert placements(state) == set()
    assert mp.Pass() in mp.legal_actions(state)


# --- 3. R-MOR-1: may a player roll on with a Morpyam showing? ------------------------


def test_mor1_rolling_on_with_a_morpyam_by_default() -> None:
    # R-MOR-1: the obligation binds only when the turn ends
    state = roll(start(), (3, 3, 3, 3, 3))
    assert can_roll(state)


def test_mor1_morpyam_at_once_reading_forbids_rolling_on() -> None:
    # R-MOR-1 read "Posez un jeton obligatoirement": no re-roll to dodge the MORPYAM cell
    state = roll(start(morpyam_at_once=True), (3, 3, 3, 3, 3))
    assert not can_roll(state)
    assert placements(state) == {"b2", "e5", "c3", "d4"}
    rejected(state, mp.Roll(keep=(3, 3, 3, 3)), "R-MOR-1")


# --- 4. R-CALL-5: where a called Morpyam goes ------------------------------------------


def test_call5_a_called_morpyam_goes_on_a_call_cell_by_default() -> None:
    # R-CALL-5: the CALL cells d3 and c4 only
    state = roll(start(), (4, 4, 4, 4, 4), call=F.MORPYAM)
    assert placements(state) == {"d3", "c4"}
    rejected(state, mp.Place("b2"), "R-CALL-5")


def test_call5_call_or_morpyam_reading_adds_the_morpyam_cells() -> None:
    # R-CALL-5: a called Morpyam may also go on b2 or e5, and replays there (R-MOR-2)
    state = roll(start(called_morpyam_cells="call_or_morpyam"), (4, 4, 4, 4, 4), call=F.MORPYAM)
    assert placements(state) == {"b2", "d3", "c4", "e5"}
    assert not can_roll(state)
    assert mp.Pass() not in mp.legal_actions(state)
    assert place(state, "b2").current_player == 0
    rejected(state, mp.Place("c1"), "R-CALL-5")  # a 3×3 cell
    with pytest.raises(mp.IllegalActionError, match="CALL or MORPYAM"):
        mp.apply(state, mp.Pass())


# --- 5. R-MOR-2: a SEC call that comes up with five of a kind -------------------------


@pytest.mark.parametrize(("replays", "next_player"), [(False, 1), (True, 0)])
def test_mor2_a_sec_call_with_five_of_a_kind(replays: bool, next_player: int) -> None:
    # R-MOR-2: the Sec is served by the Morpyam: no replay, unless the table reads otherwise
    state = roll(start(sec_call_morpyam_replays=replays), (2, 2, 2, 2, 2), call=SEC)
    assert placements(state) == {"d3", "c4"}
    assert place(state, "d3").current_player == next_player


def test_mor2_a_morpyam_on_the_sec_cell_never_replays() -> None:
    # R-MOR-2: the knob is about the SEC call; the SEC cell itself never replays
    state = roll(start(sec_call_morpyam_replays=True), (2, 2, 2, 2, 2))
    assert place(state, "c3").current_player == 1


# --- 6. R-END-5: a lost turn ---------------------------------------------------------


def test_end5_no_lost_turn_by_default() -> None:
    # R-END-5: without lost turns a turn ends by a token or a pass
    state = start()
    assert mp.LoseTurn() not in mp.legal_actions(state)
    rejected(state, mp.LoseTurn(), "R-END-5")


def test_end5_a_lost_turn_at_every_decision() -> None:
    # R-END-5: "verliert der Spieler seinen Zug und legt keine Spielsteine ab"
    state = start(lost_turns=True)
    assert mp.legal_actions(state)[-1] == mp.LoseTurn()  # before the first roll
    assert accepted(state, mp.LoseTurn()).current_player == 1
    morpyam = roll(state, (3, 3, 3, 3, 3))  # a placement is forced (R-MOR-1)...
    lost = accepted(morpyam, mp.LoseTurn())  # ...and the turn can still be lost
    assert lost.current_player == 1
    assert lost.rolls == 0
    assert not lost.board
    called = roll(state, (1, 2, 3, 4, 5), call=F.STRAIGHT)  # R-CALL-5 forces a CALL cell
    assert mp.LoseTurn() in mp.legal_actions(called)
    assert accepted(called, mp.LoseTurn()).tokens_left == (17, 17)
    assert mp.LoseTurn() not in mp.legal_actions(accepted(state, mp.Roll()))  # dice in the air


def test_end5_a_lost_turn_breaks_a_daversa_chain() -> None:
    # R-END-5, R-MOR-3: a lost replay is a turn without a Morpyam placed
    state = roll(start(mp.Rules.official, lost_turns=True), (3, 3, 3, 3, 3))
    state = place(state, "b2")
    assert state.daversa_armed == (True, False)
    assert accepted(state, mp.LoseTurn()).daversa_armed == (False, False)


def test_end5_a_lost_turn_in_notation_and_records() -> None:
    # R-END-5: "lose-turn" reads back, and a record replays it
    assert str(mp.LoseTurn()) == "lose-turn"
    assert mp.parse_action("lose-turn") == mp.LoseTurn()
    rules = attrs.evolve(mp.Rules.classic(), lost_turns=True)
    record = GameRecord(rules, [mp.Roll(), mp.RollResult(NOTHING), mp.LoseTurn()], 0)
    for again in (GameRecord.from_text(record.to_text()), GameRecord.from_json(record.to_json())):
        assert again == record
        assert replay(again).current_player == 1


# --- 7. R-CALL-8: "une figure déjà présente" ----------------------------------------


def four_sixes(**knobs: Any) -> mp.State:
    return roll(start(mp.Rules.official, **knobs), (1, 6, 6, 6, 6))


def test_call8_a_figure_the_dice_show_by_default() -> None:
    # R-CALL-8: the dice show a 4K: no 4K call, whatever is kept
    state = four_sixes()
    rejected(state, mp.Roll(keep=(1,), call=F.FOUR_OF_A_KIND), "R-CALL-8")
    rejected(state, mp.Roll(keep=(6, 6, 6, 6), call=F.FOUR_OF_A_KIND), "R-CALL-8")
    accepted(state, mp.Roll(keep=(6, 6, 6, 6), call=F.MAXI))  # sum 25: no Maxi showing


def test_call8_kept_reading_forbids_only_what_the_kept_dice_secure() -> None:
    # R-CALL-8 read as a figure the kept dice already secure: four sixes kept secure a 4K;
    # a single 1 kept secures nothing; four sixes do not secure a Maxi (24 + 1 < 27)
    state = four_sixes(shown_figure_means="kept")
    accepted(state, mp.Roll(keep=(1,), call=F.FOUR_OF_A_KIND))
    rejected(state, mp.Roll(keep=(6, 6, 6, 6), call=F.FOUR_OF_A_KIND), "R-CALL-8")
    accepted(state, mp.Roll(keep=(6, 6, 6, 6), call=F.MAXI))
    with pytest.raises(mp.IllegalActionError, match="kept dice already secure"):
        mp.apply(state, mp.Roll(keep=(6, 6, 6, 6), call=F.FOUR_OF_A_KIND))


def test_call8_kept_reading_of_a_mini() -> None:
    # R-CALL-8: 1 1 1 1 kept: the thrown die makes 5 to 10, so a Mini is not secured
    state = roll(start(mp.Rules.official, shown_figure_means="kept"), (1, 1, 1, 1, 2))
    accepted(state, mp.Roll(keep=(1, 1, 1, 1), call=F.MINI))
    rejected(state, mp.Roll(keep=(1, 1, 1, 1), call=F.FOUR_OF_A_KIND), "R-CALL-8")


# --- 8. R-LINE-1: which diagonals are lines -----------------------------------------


def owned(cells: str, layout: mp.Layout | None = None) -> tuple[int | None, ...]:
    layout = layout or mp.Layout.classic()
    owners: list[int | None] = [None] * len(layout)
    for text in cells.split():
        owners[layout.index(mp.Cell.parse(text))] = 0
    return tuple(owners)


@pytest.mark.parametrize(("diagonals", "short", "long"), [("all", 1, 1), ("long", 0, 1)])
def test_line1_short_diagonals(diagonals: Any, short: int, long: int) -> None:
    # R-LINE-1: a4-b5-c6 is a diagonal of 3 cells; a1-b2-c3 lies on the long one
    rules = attrs.evolve(mp.Rules.classic(), diagonals=diagonals)
    layout = rules.layout
    assert points(rules, layout, owned("a4 b5 c6")) == [short, 0]
    assert points(rules, layout, owned("a1 b2 c3")) == [long, 0]
    assert points(rules, layout, owned("f1 e2 d3")) == [long, 0]  # the other long one
    assert points(rules, layout, owned("a1 a2 a3")) == [1, 0]  # a column counts in both


@pytest.mark.parametrize(("diagonals", "ko"), [("all", True), ("long", False)])
def test_line1_a_ko_on_a_short_diagonal(diagonals: str, ko: bool) -> None:
    # R-LINE-1, R-END-1: a2 b3 c4 d5 e6 is a diagonal of 5 cells, not a long one
    layout = mp.Layout.classic()
    owners = owned("a2 b3 c4 d5 e6")
    assert is_ko(layout, owners, layout.index(mp.Cell.parse("c4")), 5, diagonals) is ko  # type: ignore[arg-type]
    assert is_ko(layout, owned("b2 c3 d4 e5 f6"), 14, 5, diagonals)  # type: ignore[arg-type]


def test_line1_the_lines_counted() -> None:
    # R-LINE-1: 6 rows, 6 columns, and 7 diagonals each way, or only the 2 long ones
    assert len(lines(mp.Layout.classic())) == 26
    assert len(lines(mp.Layout.classic(), "long")) == 14
    wide = mp.Layout([[F.MINI] * 5] * 3)  # 3 rows of 5: the long diagonals start at a1 and e1
    starts = {line[0] for line in lines(wide, "long") if line[1] - line[0] in (4, 6)}
    assert starts == {0, 4}


def test_line1_scores_of_a_game_use_the_reading() -> None:
    # R-LINE-1: mp.scores counts the lines of the rules: c1-d2-e3 lies on a short diagonal
    def three_on_a_short_diagonal(diagonals: str) -> tuple[int, ...]:
        state = start(diagonals=diagonals)
        for dice, where in (((1, 3, 3, 3, 6), "c1"), ((1, 2, 3, 4, 5), "d2")):
            state = place(roll(state, dice), where)  # player 0: a 3×3 cell, a STR cell
            state = accepted(roll(state, NOTHING), mp.Pass())  # player 1
        return mp.scores(place(roll(state, (4, 5, 6, 6, 6)), "e3"))  # a MAX cell

    assert three_on_a_short_diagonal("all") == (1, 0)
    assert three_on_a_short_diagonal("long") == (0, 0)


# --- 9. R-CALL-4: calls when no CALL cell is free --------------------------------------


def calls_taken(**knobs: Any) -> mp.State:
    """Both CALL cells (d3, c4) covered by called straights; player 0 to move."""
    state = start(**knobs)
    for where in ("d3", "c4"):
        state = place(roll(state, (1, 2, 3, 4, 5), call=F.STRAIGHT), where)
    return state


def test_call4_no_call_without_a_free_call_cell_by_default() -> None:
    # R-CALL-4: only the plain roll is left
    state = calls_taken()
    assert mp.legal_actions(state) == (mp.Roll(),)
    rejected(state, mp.Roll(call=F.FULL_HOUSE), "R-CALL-4")


def test_call4_calls_without_a_free_call_cell_reading() -> None:
    # R-CALL-4 off: the call is made; a hit places as without a call: the Full
    # covers FUL (b3, e4), 3×3 (c1, f2, d6) and, on the first roll, SEC (c3, d4)
    state = calls_taken(call_needs_free_cell=False)
    assert mp.Roll(call=F.FULL_HOUSE) in mp.legal_actions(state)
    hit = roll(state, (2, 2, 3, 3, 3), call=F.FULL_HOUSE)
    assert hit.call is None
    assert placements(hit) == {"b3", "e4", "c1", "f2", "d6", "c3", "d4"}
    rejected(hit, mp.Roll(keep=(3, 3, 3), call=SEC), "R-CALL-3")
    missed = roll(state, NOTHING, call=F.FULL_HOUSE)
    missed = roll(missed, (6,), keep=(1, 2, 4, 5))
    missed = roll(missed, (6,), keep=(1, 2, 4, 5), call=F.STRAIGHT)  # 1 2 4 5 6: a miss
    assert missed.call is F.STRAIGHT
    assert mp.legal_actions(missed) == (mp.Pass(),)  # R-CALL-7


# --- 10. R-FIG-4: is five of a kind a full house? -------------------------------------


def test_fig4_five_of_a_kind_is_a_full_house_by_default() -> None:
    # R-FIG-4 (2025 text): "Un Morpyam est aussi un FULL"
    rules = mp.Rules.classic()
    assert F.FULL_HOUSE in rules.shows((5, 5, 5, 5, 5))
    state = roll(start(), (5, 5, 5, 5, 5), call=F.FULL_HOUSE)
    assert placements(state) == {"d3", "c4"}  # the call came up


def test_fig4_german_and_italian_reading() -> None:
    # R-FIG-4: Full = three of a kind and a pair: a called Full misses with 5 5 5 5 5, which
    # then covers a MOR cell (b2, e5) or, first roll, a SEC cell (c3, d4)
    rules = attrs.evolve(mp.Rules.classic(), morpyam_is_full=False)
    assert rules.shows((5, 5, 5, 5, 5)) == {F.THREE_FIVES, F.FOUR_OF_A_KIND, F.MORPYAM}
    assert rules.shows((2, 2, 3, 3, 3)) == {F.THREE_THREES, F.FULL_HOUSE}
    state = roll(start(morpyam_is_full=False), (5, 5, 5, 5, 5), call=F.FULL_HOUSE)
    assert state.call is None
    assert placements(state) == {"b2", "e5", "c3", "d4"}


@pytest.mark.parametrize(("is_full", "full_cells"), [(True, {"b3", "e4"}), (False, set())])
def test_fig4_with_both_morpyam_cells_taken(is_full: bool, full_cells: set[str]) -> None:
    # R-FIG-4, R-MOR-1: with b2 and e5 taken, 3 3 3 3 3 on a 2nd roll covers 3×3 (c1, f2,
    # d6), 4K (c2, d5) and, only when five of a kind is a Full, FUL (b3, e4)
    state = start(morpyam_is_full=is_full)
    state = place(roll(state, (3, 3, 3, 3, 3)), "b2")  # replay
    state = place(roll(state, (4, 4, 4, 4, 4)), "e5")  # replay
    state = roll(roll(state, NOTHING), (3, 3, 3, 3, 3))
    assert placements(state) == {"c1", "f2", "d6", "c2", "d5"} | full_cells


def test_fig4_the_reading_of_a_shown_figure() -> None:
    # R-FIG-4, R-CALL-8: under the official rules a Full may be called over 6 6 6 6 6
    # only when five of a kind is no Full
    for is_full, legal in ((True, False), (False, True)):
        state = roll(start(mp.Rules.official, morpyam_is_full=is_full), (6, 6, 6, 6, 6))
        assert (mp.Roll(keep=(6,), call=F.FULL_HOUSE) in mp.legal_actions(state)) is legal


def test_fig4_shows_checks_the_dice() -> None:
    # R-SET-1: five faces from 1 to 6
    with pytest.raises(ValueError, match="R-SET-1"):
        mp.Rules.classic().shows((1, 2, 3))


# --- 11. R-MOR-3: D'Aversa counts Morpyams placed or rolled ----------------------------


def morpyam_dodged(**knobs: Any) -> mp.State:
    """Player 0 rolls a Morpyam, rolls on to nothing and passes; player 1 passes."""
    state = roll(start(mp.Rules.official, **knobs), (3, 3, 3, 3, 3))
    state = accepted(roll(state, NOTHING), mp.Pass())
    return accepted(roll(state, NOTHING), mp.Pass())


def test_mor3_morpyams_placed_by_default() -> None:
    # R-MOR-3: "réussit 2 Morpyam": a Morpyam rolled but not placed does not count
    state = morpyam_dodged()
    assert state.daversa_armed == (False, False)
    state = roll(state, (5, 5, 5, 5, 5))
    assert not state.is_terminal
    assert place(state, "b2").current_player == 0  # only a replay


def test_mor3_morpyams_rolled_reading() -> None:
    # R-MOR-3 read as Morpyams rolled: the dodged one counts, and the next one rolled wins
    state = morpyam_dodged(daversa_counts="rolled")
    assert state.daversa_armed == (True, False)
    state = roll(state, (5, 5, 5, 5, 5))
    assert state.winners == {0}
    assert state.end_rule == "R-MOR-3"


def test_mor3_rolled_reading_in_the_replay_reading() -> None:
    # R-MOR-3, daversa="replay": the replay's Morpyam wins once rolled, before any placement
    state = roll(start(mp.Rules.official, daversa="replay", daversa_counts="rolled"), (3,) * 5)
    state = roll(place(state, "b2"), (4, 4, 4, 4, 4))
    assert state.winners == {0}


def test_mor3_rolled_reading_counts_a_morpyam_of_an_earlier_roll() -> None:
    # R-MOR-3: a Morpyam rolled on roll 1, then a token placed with other dice, arms the player
    state = roll(start(mp.Rules.official, daversa_counts="rolled"), (3, 3, 3, 3, 3))
    state = roll(state, (1,), keep=(3, 3, 3, 3))  # 1 3 3 3 3: a 4K
    state = place(state, "c2")
    assert state.daversa_armed == (True, False)


# --- 12. R-END-3: a tie without the player who finished -----------------------------------


@pytest.mark.parametrize(
    ("tie_break", "winners"), [("shared", {0, 1}), ("fewest_tokens_left", {0})]
)
def test_end3_a_tie_without_the_finisher(tie_break: str, winners: set[int]) -> None:
    # R-END-3: players 0 and 1 tie on 2 points, player 2 finished with 1; player 0
    # placed more tokens (1 left against 3)
    totals = [2, 2, 1]
    assert winners_on_points(totals, 2, (), tie_break, (1, 3, 0)) == winners  # type: ignore[arg-type]
    assert winners_on_points([2, 2, 2], 2, (), tie_break, (1, 3, 0)) == {2}  # type: ignore[arg-type]
    equal = winners_on_points(totals, 2, (), tie_break, (2, 2, 0))  # type: ignore[arg-type]
    assert equal == {0, 1}


# --- 13. Yahtzee: Y-BOX-8 and Y-SET-1 ---------------------------------------------------


def yahtzee_roll(rules: yz.Rules, faces: tuple[int, ...]) -> yz.State:
    state = yz.apply(yz.new_game(attrs.evolve(rules, players=2)), yz.Roll())
    return yz.apply(state, yz.RollResult(faces))


def test_ybox8_any_box_may_be_zeroed_by_default() -> None:
    # Y-BOX-8: the yahtzee box takes a 0 after the first roll
    state = yahtzee_roll(yz.Rules.megawuerfel(), (1, 2, 3, 4, 6))
    assert len(yz.allowed_boxes(state)) == 13
    after = yz.apply(state, yz.Score(yz.Box.YAHTZEE))
    assert after.sheets[0][0][yz.Box.YAHTZEE] == 0


def test_ybox8_a_zero_only_when_nothing_fits_after_three_rolls() -> None:
    # Y-BOX-8: "Hast du nach 3 Würfen noch kein Ergebnis erzielt … musst du eine 0 schreiben"
    rules = attrs.evolve(yz.Rules.megawuerfel(), zero_only_when_nothing_fits=True)
    state = yahtzee_roll(rules, (1, 2, 3, 4, 6))
    # 1 2 3 4 6 scores in ones, twos, threes, fours, sixes, small straight and chance
    expected = {"ones", "twos", "threes", "fours", "sixes", "small-straight", "chance"}
    assert {box.notation for box in yz.allowed_boxes(state)} == expected
    with pytest.raises(mp.IllegalActionError) as info:
        yz.apply(state, yz.Score(yz.Box.YAHTZEE))
    assert info.value.rule == "Y-BOX-8"
    default = yahtzee_roll(yz.Rules.megawuerfel(), (1, 2, 3, 4, 6))
    assert yz.Score(yz.Box.YAHTZEE) in yz.legal_actions(default)


def test_ybox8_zero_after_the_third_roll_when_nothing_fits() -> None:
    # Y-BOX-8: only the yahtzee box is left and 1 2 3 4 6 misses it: a roll must follow
    # until the 3rd, then the 0 is written
    rules = attrs.evolve(yz.Rules.megawuerfel(), zero_only_when_nothing_fits=True)
    sheet = yz.Sheet(tuple(0 if box is not yz.Box.YAHTZEE else None for box in yz.BOXES))
    state = yz.State(rules, ((sheet,),), 0, 0, 0, None, (), False)
    for rolls in (1, 2, 3):
        state = yz.apply(state, yz.Roll((1, 2, 3, 4) if rolls > 1 else ()))
        state = yz.apply(state, yz.RollResult((6,) if rolls > 1 else (1, 2, 3, 4, 6)))
        legal = yz.legal_actions(state)
        assert (yz.Score(yz.Box.YAHTZEE) in legal) is (rolls == 3)
    after = yz.apply(state, yz.Score(yz.Box.YAHTZEE))
    assert after.sheets[0][0][yz.Box.YAHTZEE] == 0


@pytest.mark.parametrize(
    ("knobs", "fewest", "most"), [({}, 1, 6), ({"min_players": 2, "max_players": 10}, 2, 10)]
)
def test_yset1_the_number_of_players(knobs: dict[str, Any], fewest: int, most: int) -> None:
    # Y-SET-1: 1 to 6 players by default; the leaflet says "minimal 2 Spielern", no maximum
    rules = attrs.evolve(yz.Rules.megawuerfel(fewest), **knobs)
    for players in (fewest, most):
        assert yz.new_game(attrs.evolve(rules, players=players)).players == players
    for players in (fewest - 1, most + 1):
        with pytest.raises(ValueError, match="Y-SET-1"):
            attrs.evolve(rules, players=players)


def test_yahtzee_readings_are_validated() -> None:
    # Y-SET-1, Y-BOX-8: bad values are refused
    base = yz.Rules.megawuerfel()
    bad: list[tuple[dict[str, Any], str]] = [
        ({"min_players": 3, "max_players": 2}, "Y-SET-1"),
        ({"max_players": PLAYER_LIMIT + 1}, "Y-SET-1"),
        ({"min_players": 0}, "min_players"),
        ({"zero_only_when_nothing_fits": 1}, "Y-BOX-8"),
    ]
    for knobs, message in bad:
        with pytest.raises(ValueError, match=message):
            attrs.evolve(base, **knobs)


# --- the knobs are validated ----------------------------------------------------------------


@pytest.mark.parametrize(
    ("field", "value", "rule"),
    [
        ("call_miss_loses", "all", "R-CALL-7"),
        ("missed_call_voids", "second_roll", "R-CALL-6"),
        ("called_morpyam_cells", "morpyam", "R-CALL-5"),
        ("shown_figure_means", None, "R-CALL-8"),
        ("diagonals", "short", "R-LINE-1"),
        ("daversa_counts", 2, "R-MOR-3"),
        ("tie_break", "finisher", "R-END-3"),
    ],
)
def test_reading_fields_refuse_unknown_readings(field: str, value: Any, rule: str) -> None:
    # R-CALL-5, R-CALL-6, R-CALL-7, R-CALL-8, R-LINE-1, R-MOR-3, R-END-3: a reading is one of a list
    with pytest.raises(ValueError, match=rule):
        attrs.evolve(mp.Rules.classic(), **{field: value})


@pytest.mark.parametrize(
    "field",
    [
        "morpyam_at_once",
        "sec_call_morpyam_replays",
        "lost_turns",
        "call_needs_free_cell",
        "morpyam_is_full",
    ],
)
def test_reading_switches_are_booleans(field: str) -> None:
    one: Any = 1
    with pytest.raises(ValueError, match=field):
        attrs.evolve(mp.Rules.classic(), **{field: one})


def test_presets_keep_the_library_readings() -> None:
    # R-VAR-2025: the presets differ only in the fields they always changed
    defaults = {
        "call_miss_loses": "everything",
        "missed_call_voids": "third_roll",
        "morpyam_at_once": False,
        "called_morpyam_cells": "call",
        "sec_call_morpyam_replays": False,
        "lost_turns": False,
        "shown_figure_means": "dice",
        "diagonals": "all",
        "call_needs_free_cell": True,
        "morpyam_is_full": True,
        "daversa_counts": "placed",
        "tie_break": "shared",
    }
    for preset in PRESETS.values():
        for players in (2, 3, 4):
            rules = preset(players)
            assert {field: getattr(rules, field) for field in defaults} == defaults


# --- Rules.describe: every reading in words ------------------------------------------------

OTHER_VALUES: dict[str, Any] = {
    "tokens_per_player": 10,
    "layout": mp.Layout.flash(),
    "run_points": ((3, 1), (4, 5)),
    "ko_length": None,
    "end_bonus": 0,
    "sec_figures": frozenset({F.MORPYAM}),
    "callable": frozenset({F.MAXI}),
    "voluntary_pass": False,
    "called_morpyam_replays": False,
    "forbid_calling_shown_figure": True,
    "daversa": "replay",
    "tile_setup": True,
    "call_miss_loses": "earlier_figures",
    "missed_call_voids": "any_roll",
    "morpyam_at_once": True,
    "called_morpyam_cells": "call_or_morpyam",
    "sec_call_morpyam_replays": True,
    "lost_turns": True,
    "shown_figure_means": "kept",
    "diagonals": "long",
    "call_needs_free_cell": False,
    "morpyam_is_full": False,
    "daversa_counts": "rolled",
    "tie_break": "fewest_tokens_left",
}


def test_describe_names_a_rule_on_every_line() -> None:
    # R-SET-2 ... R-END-5: one line per rule ID, each starting with its ID
    text = mp.Rules.classic().describe()
    ids = [line.split(":")[0] for line in text.splitlines()]
    assert len(ids) == len(set(ids))
    assert all(re.fullmatch(r"R-[A-Z]+-\d", rule) for rule in ids)
    assert {"R-CALL-4", "R-CALL-7", "R-FIG-4", "R-LINE-1", "R-END-3", "R-END-5"} <= set(ids)


def test_describe_of_the_classic_and_official_rules() -> None:
    # R-SET-2, R-CALL-8, R-MOR-3: the words a table checks
    classic = mp.Rules.classic(players=3).describe()
    assert "R-SET-2: 3 players, 11 tokens each." in classic
    assert "R-MOR-3: no KO R. D'Aversa." in classic
    assert "R-CALL-8: a figure the dice already show may be called." in classic
    assert "4 in a row: 3 points" in classic
    official = mp.Rules.official().describe()
    assert "R-CALL-8: no calling, before the 2nd or 3rd roll, a figure the dice already" in official
    assert "in their next own turn wins at once" in official


@pytest.mark.parametrize("field", files.RULES_FIELDS[1:])
def test_describe_tells_every_field_apart(field: str) -> None:
    # Two Rules that differ in one knob describe themselves differently
    base = mp.Rules.official() if field == "shown_figure_means" else mp.Rules.classic()
    if field == "daversa_counts":
        base = mp.Rules.official()
    other = attrs.evolve(base, **{field: OTHER_VALUES[field]})
    assert other.describe() != base.describe()


def test_describe_names_the_grid() -> None:
    # R-GRID-1: the classic grid, the Flash grid, or a grid of its own
    own = mp.Layout([[F.MINI] * 3] * 4)
    small = attrs.evolve(mp.Rules.classic(), layout=own, tokens_per_player=6, ko_length=None)
    assert "a grid of its own, 3×4" in small.describe()
    assert "Morpyam Flash grid" in mp.Rules.flash().describe()


def test_describe_covers_every_field_in_the_test() -> None:
    assert set(OTHER_VALUES) == set(files.RULES_FIELDS) - {"players"}


def test_yahtzee_describe() -> None:
    # Y-SET-1, Y-BOX-8, Y-BONUS-1, Y-BONUS-2, Y-JOKER-1: one line each
    mega = yz.Rules.megawuerfel().describe().splitlines()
    assert [line.split(":")[0] for line in mega] == [
        "Y-SET-1",
        "Y-BOX-8",
        "Y-BONUS-1",
        "Y-BONUS-2",
        "Y-JOKER-1",
    ]
    assert "Y-BONUS-1: an upper sum of 63 and more (strictly above) earns 35 points." not in mega
    assert "Y-BONUS-1: an upper sum above 63 earns 35 points." in mega
    hasbro = yz.Rules.hasbro().describe()
    assert "Y-BONUS-1: an upper sum of 63 or more earns 35 points." in hasbro
    assert "Y-BONUS-2: each further five of a kind earns 100 points." in hasbro
    strict = attrs.evolve(yz.Rules.megawuerfel(), zero_only_when_nothing_fits=True)
    assert "Y-BOX-8: a box scores 0 only after the 3rd roll" in strict.describe()
    free = attrs.evolve(yz.Rules.megawuerfel(3), joker="free", min_players=2, max_players=9)
    assert "Y-SET-1: 3 players (2 to 9 allowed)." in free.describe()
    assert "Y-SET-1: 1 player (1 to 6 allowed)." in yz.Rules.hasbro().describe()
    assert "goes in any empty box" in free.describe()


# --- the readings on the command line ----------------------------------------------------


def test_rules_with_reads_settings_like_a_rules_file() -> None:
    # R-LINE-1, R-END-5, R-CALL-2, R-LINE-2: words, booleans, lists and JSON tables
    rules = files.rules_with(
        mp.Rules.classic(),
        ["diagonals=long", "lost_turns=true", "callable=MAXI, MINI", 'run_points={"3": 2}'],
    )
    assert rules == attrs.evolve(
        mp.Rules.classic(),
        diagonals="long",
        lost_turns=True,
        callable={F.MAXI, F.MINI},
        run_points={3: 2},
    )
    assert files.rules_with(mp.Rules.classic(), ["ko_length=off"]).ko_length is None
    for setting, where in (
        ("diagonals", "'diagonals'"),
        ("colour=red", "'colour'"),
        ("diagonals=short", "diagonals"),
    ):
        with pytest.raises(files.FileFormatError) as info:
            files.rules_with(mp.Rules.classic(), [setting])
        assert info.value.where == where


def test_the_demo_command_takes_rule_settings(capsys: pytest.CaptureFixture[str]) -> None:
    from morpyam.cli import main

    assert main(["--seed", "3", "--rule", "lost_turns=true", "--rule", "diagonals=long"]) == 0
    assert "Winner:" in capsys.readouterr().out
    assert main(["--rule", "diagonals=short"]) == 2
    assert "--rule diagonals" in capsys.readouterr().err


def test_play_and_simulate_take_rule_settings(capsys: pytest.CaptureFixture[str]) -> None:
    from morpyam.cli import main

    bots = ["--seat", "random", "--seat", "greedy"]
    assert main(["play", *bots, "--seed", "2", "--rule", "morpyam_is_full=false"]) == 0
    assert main(["play", *bots, "--rule", "tie_break=coin"]) == 2
    assert "--rule tie_break" in capsys.readouterr().err
    simulate = ["simulate", "--games", "3", "--quiet", "--bot", "random", "--bot", "greedy"]
    assert main([*simulate, "--rule", "call_needs_free_cell=false"]) == 0
    assert main([*simulate, "--rule", "call_needs_free_cell"]) == 2
    assert "--rule 'call_needs_free_cell'" in capsys.readouterr().err


# --- the readings elsewhere: states as JSON, the bots, the solver ------------------------


def test_a_state_keeps_the_figures_of_the_turn_as_json() -> None:
    # R-CALL-7 (earlier figures): the figures of earlier rolls are part of the position
    from morpyam.state_json import state_from_json, state_to_dict, state_to_json

    state = roll(start(call_miss_loses="earlier_figures"), (1, 1, 1, 2, 2))
    state = accepted(state, mp.Roll(keep=(1, 1, 1)))
    assert state.seen == {F.THREE_ONES, F.FULL_HOUSE, F.MINI}
    assert state_to_dict(state)["seen"] == ["THREE_ONES", "FULL_HOUSE", "MINI"]
    assert state_from_json(state_to_json(state)) == state
    assert "seen" not in state_to_dict(start())
    data = state_to_dict(state)
    data["seen"] = ["SEC"]
    with pytest.raises(files.FileFormatError) as info:
        files_state_from_dict(data)
    assert info.value.where == "seen"


def files_state_from_dict(data: dict[str, Any]) -> mp.State:
    from morpyam.state_json import state_from_dict

    return state_from_dict(data)


def test_the_odds_bot_never_loses_a_turn_by_choice() -> None:
    # R-END-5: LoseTurn records the table; a bot rates it below everything
    import random

    from morpyam.bots import WIN, OddsBot

    state = roll(start(lost_turns=True), NOTHING)
    rated = dict(OddsBot().values(state))
    assert rated[mp.LoseTurn()] == -WIN
    assert OddsBot().choose(state, random.Random(1)) != mp.LoseTurn()
    only_pass_or_lose = roll(roll(roll(start(lost_turns=True), NOTHING), NOTHING), NOTHING)
    assert OddsBot().choose(only_pass_or_lose, random.Random(1)) == mp.Pass()
    from morpyam.bots import _tie_rank

    order: list[mp.Action] = [
        mp.Place("a1"),
        mp.Pass(),
        mp.Roll(),
        mp.Roll(call=F.MAXI),
        mp.LoseTurn(),
    ]
    assert [_tie_rank(action) for action in order] == [0, 1, 2, 3, 4]


def test_the_solver_refuses_the_strict_zero_reading() -> None:
    # Y-BOX-8: the solver models any 0 after any roll only
    pytest.importorskip("numpy")
    strict = attrs.evolve(yz.Rules.megawuerfel(), zero_only_when_nothing_fits=True)
    with pytest.raises(ValueError, match="Y-BOX-8"):
        yz.solve(strict)


def test_advice_explains_a_lost_turn_last() -> None:
    # R-END-5: the advice lists every legal action, a lost turn last
    from morpyam.advice import advise

    state = roll(start(lost_turns=True), (3, 3, 3, 3, 3))
    hints = advise(state)
    assert {hint.action for hint in hints} == set(mp.legal_actions(state))
    assert hints[-1].action == mp.LoseTurn()
    assert "collision" in hints[-1].reason


def every_description() -> list[str]:
    """The descriptions of every preset and of each knob changed alone (OTHER_VALUES)."""
    texts = [
        preset(3).describe()
        for preset in (mp.Rules.classic, mp.Rules.official, mp.Rules.flash, mp.Rules.plus)
    ]
    for field, value in OTHER_VALUES.items():
        base = mp.Rules.official() if field in ("shown_figure_means", "daversa_counts") else None
        texts.append(attrs.evolve(base or mp.Rules.classic(), **{field: value}).describe())
    return texts


def test_describe_writes_sentences() -> None:
    # Every line: a rule ID in capitals, then a sentence in lower case (but for the labels,
    # "Sec", "KO", "Morpyam" and rule IDs), ending with a full stop
    for text in every_description():
        for line in text.splitlines():
            assert re.fullmatch(r"R-[A-Z]+-\d: (?:[a-z0-9]|KO R).*\.", line), line
            assert not re.search(
                r"r-[a-z]+-\d|\bmorpyam\b|XX|[A-Z]{4,} [A-Z]{3,} [A-Z]{3,}", line
            ), line


def test_describe_says_each_reading() -> None:
    # The words of the rule book for each reading, default first (docs/rules.md)
    def line(rules: mp.Rules, rule: str) -> str:
        (found,) = [x for x in rules.describe().splitlines() if x.startswith(rule + ":")]
        return found

    classic = mp.Rules.classic()
    other = {
        field: attrs.evolve(classic, **{field: value}) for field, value in OTHER_VALUES.items()
    }
    # R-LINE-2: 3 in a row 1 point, 4 in a row 2 points with 2 players
    assert "(3 in a row: 1 point, 4 in a row: 2 points)" in line(classic, "R-LINE-2")
    # R-GRID-1, R-VAR-PLUS, R-VAR-FLASH
    assert line(classic, "R-GRID-1") == "R-GRID-1: played on the classic grid (R-GRID-2)."
    assert "Morpyam Flash grid (R-VAR-FLASH)." in line(mp.Rules.flash(), "R-GRID-1")
    assert "tiles" in line(mp.Rules.plus(), "R-GRID-1")
    assert "(R-VAR-PLUS)." in line(mp.Rules.plus(), "R-GRID-1")
    # R-CALL-2: no figure callable on the Flash grid (no CALL cell, R-VAR-FLASH)
    bare = attrs.evolve(mp.Rules.flash(), callable=frozenset())
    assert line(bare, "R-CALL-2") == "R-CALL-2: callable: nothing."
    assert "MAXI, MORPYAM, SEC." in line(classic, "R-CALL-2")
    # R-CALL-5: CALL cell, or CALL or MORPYAM cell
    assert "MORPYAM" not in line(classic, "R-CALL-5")
    assert "a CALL or a MORPYAM cell" in line(other["called_morpyam_cells"], "R-CALL-5")
    # R-CALL-6, R-CALL-7, R-LINE-1, R-END-1, R-END-3, R-END-5, R-FIG-4, R-TURN-4, R-CALL-4
    assert "1st or 2nd roll" in line(classic, "R-CALL-6")
    assert "any missed call" in line(other["missed_call_voids"], "R-CALL-6")
    assert "places nothing" in line(classic, "R-CALL-7")
    assert "before that roll" in line(other["call_miss_loses"], "R-CALL-7")
    assert "every diagonal" in line(classic, "R-LINE-1")
    assert "two long diagonals" in line(other["diagonals"], "R-LINE-1")
    assert "5 tokens in a row" in line(classic, "R-END-1")
    assert line(other["ko_length"], "R-END-1") == "R-END-1: no KO."
    assert "share the win" in line(classic, "R-END-3")
    assert "most tokens" in line(other["tie_break"], "R-END-3")
    assert "no lost turns" in line(classic, "R-END-5")
    assert "LoseTurn" in line(other["lost_turns"], "R-END-5")
    assert "is also a full house" in line(classic, "R-FIG-4")
    assert "is not a full house" in line(other["morpyam_is_full"], "R-FIG-4")
    assert "may end a turn" in line(classic, "R-TURN-4")
    assert "after the 3rd roll" in line(other["voluntary_pass"], "R-TURN-4")
    assert "only while a CALL cell is free" in line(classic, "R-CALL-4")
    assert "even when no CALL cell is free" in line(other["call_needs_free_cell"], "R-CALL-4")
    # R-MOR-1, R-MOR-2, R-MOR-3
    assert "may roll on" in line(classic, "R-MOR-1")
    assert "must be placed at once" in line(other["morpyam_at_once"], "R-MOR-1")
    mor2 = "a Morpyam placed replays, except on a SEC cell; a called figure that comes up with a"
    assert line(classic, "R-MOR-2").startswith("R-MOR-2: " + mor2 + " Morpyam replays; a SEC")
    assert "figure that comes up with a Morpyam does not replay" in line(
        other["called_morpyam_replays"], "R-MOR-2"
    )
    assert "SEC call that comes up with a Morpyam replays" in line(
        other["sec_call_morpyam_replays"], "R-MOR-2"
    )
    assert "in the replay" in line(other["daversa"], "R-MOR-3")
    assert "next own turn" in line(mp.Rules.official(), "R-MOR-3")
    # R-CALL-8: the dice, or the kept dice
    assert "the dice already show." in line(mp.Rules.official(), "R-CALL-8")
    kept = attrs.evolve(mp.Rules.official(), shown_figure_means="kept")
    assert "the kept dice already secure." in line(kept, "R-CALL-8")
