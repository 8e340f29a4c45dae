"""Engine behaviour that mutation testing found unchecked (CONTRIBUTING.md, "Mutation testing").

Each test pins down one fact of the rule book, docs/rules.md, that no other
test of the mutation selection looked at: the start roll's chance, the state
after the dice land, the final state of a KO or a D'Aversa, the exact words
of some refusals. Expected values come from the rule text and the State
docstrings, not from the engine's output.
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any

import attrs
import pytest
from scripted import play, refusal, roll, start

import morpyam as mp
from morpyam.state_json import state_from_dict, state_to_dict

F, S = mp.Figure, mp.Special
NOTHING = (1, 2, 4, 5, 6)  # no figure: no three alike, no four in a row, sum 18


def with_board(rules: mp.Rules, board: dict[str, int], **changes: Any) -> mp.State:
    """A fresh game of ``rules`` with tokens on ``board`` (tokens conserved), read from JSON."""
    data = state_to_dict(mp.new_game(rules, first_player=0))
    data["board"] = board
    data["tokens_left"] = [
        rules.tokens_per_player - list(board.values()).count(p) for p in range(rules.players)
    ]
    data.update(changes)
    return state_from_dict(data)


def board(state: mp.State) -> dict[str, int]:
    return {str(cell): player for cell, player in state.board.items()}


# --- R-SET-3: who starts ------------------------------------------------------------------


@pytest.mark.parametrize("players", [2, 3, 4])
def test_first_player_given(players: int) -> None:
    # R-SET-3: the table may name who starts; the last player is a player too
    last = players - 1
    state = mp.new_game(mp.Rules.classic(players), first_player=last)
    assert state.current_player == last
    assert state.roll_off == ()
    with pytest.raises(ValueError, match=r"^R-SET-3") as info:
        mp.new_game(mp.Rules.classic(players), first_player=players)
    assert str(info.value) == f"R-SET-3: first_player must be None or 0 to {last}, got {players}"


def test_the_start_roll_is_one_die_each_in_seat_order() -> None:
    # R-SET-3: every player rolls one die; the first seat rolls first
    state = mp.new_game(mp.Rules.classic(3))
    assert state.roll_off == (0, 1, 2)
    assert state.player == 0
    one_die = tuple((mp.RollResult((face,)), Fraction(1, 6)) for face in range(1, 7))
    assert mp.chance_outcomes(state) == one_die
    state = mp.apply(state, mp.RollResult((4,)))
    assert state.player == 1
    assert mp.chance_outcomes(state) == one_die


def test_chance_outcomes_of_something_else() -> None:
    with pytest.raises(ValueError, match=r"^expected a morpyam State, got int$"):
        mp.chance_outcomes(5)  # type: ignore[arg-type]


# --- R-TURN-1: the dice land ----------------------------------------------------------------


def test_after_the_dice_land_nothing_is_kept_or_in_the_air() -> None:
    # R-TURN-1: a roll throws the dice not kept; once they land, all five show
    state = start()
    state = roll(state, (1, 1, 2, 5, 6))
    state = roll(state, (3, 4, 6), keep=(1, 1))
    assert state.dice == (1, 1, 3, 4, 6)
    assert (state.kept, state.in_air, state.rolls) == ((), False, 2)
    assert (state.roll_off, state.roll_off_faces) == ((), ())
    assert state.winners == frozenset()
    assert state.end_rule is None
    assert not state.is_terminal


# --- R-CALL-5, R-MOR-1: what must be placed at once ----------------------------------------


def test_a_sec_call_that_came_up_must_be_placed() -> None:
    # R-CALL-5: a SEC call (R-CELL-2) that comes up on the 1st roll binds the token to a
    # CALL cell: no rolling on
    state = roll(start(), (1, 2, 3, 4, 5), call=S.SEC)  # a straight: a Sec
    error = refusal(state, mp.Roll())
    assert error.rule == "R-CALL-5"


def test_morpyam_at_once_is_about_five_alike_only() -> None:
    # R-MOR-1 (morpyam_at_once): four alike are no Morpyam, the player may roll on
    state = roll(start(morpyam_at_once=True), (1, 5, 5, 5, 5))
    assert mp.apply(state, mp.Roll()).in_air
    state = roll(start(morpyam_at_once=True), (5, 5, 5, 5, 5))
    error = refusal(state, mp.Roll())
    assert error.rule == "R-MOR-1"
    assert error.reason.startswith("a Morpyam showing must be placed at once, on ")
    assert "b2" in error.reason  # a MORPYAM cell of the classic grid (R-GRID-2)


def test_lose_turn_without_lost_turns() -> None:
    # R-END-5: LoseTurn is an action only when the rules have lost turns
    error = refusal(roll(start(), NOTHING), mp.LoseTurn())
    assert error.rule == "R-END-5"
    assert error.reason == "these rules have no lost turns (Rules.lost_turns is off)"


# --- R-END-1, R-MOR-3: the final state keeps the board ------------------------------------


def test_a_ko_keeps_the_board_the_tokens_and_the_resigned() -> None:
    # R-END-1: player 0 fills a1-e1 (all 3x cells, R-GRID-2) with player 2 resigned (R-END-4)
    rules = mp.Rules.classic(3)
    state = with_board(rules, {"a1": 0, "b1": 0, "c1": 0, "d1": 0, "a6": 1}, resigned=[2])
    state = roll(state, (1, 2, 5, 5, 5))  # three fives: e1 is a 3x5 cell
    state = play(state, mp.Place("e1"))
    assert state.end_rule == "R-END-1"
    assert state.winners == {0}
    assert state.resigned == {2}
    assert state.tokens_left == (11 - 5, 11 - 1, 11)
    assert board(state) == {"a1": 0, "b1": 0, "c1": 0, "d1": 0, "e1": 0, "a6": 1}
    # a game over has no turn in progress: no dice, no call, no start roll
    turn = (state.rolls, state.dice, state.kept, state.in_air, state.call)
    assert turn == (0, None, (), False, None)
    assert (state.roll_off, state.roll_off_faces) == ((), ())


def test_a_daversa_placed_keeps_the_board_and_the_tokens() -> None:
    # R-MOR-3: a Morpyam on b2 replays (R-MOR-2), a second one on e5 wins at once
    state = start(mp.Rules.official)
    state = play(roll(state, (2, 2, 2, 2, 2)), mp.Place("b2"))
    state = play(roll(state, (6, 6, 6, 6, 6)), mp.Place("e5"))
    assert state.end_rule == "R-MOR-3"
    assert state.winners == {0}
    assert state.resigned == frozenset()
    assert state.tokens_left == (17 - 2, 17)
    assert board(state) == {"b2": 0, "e5": 0}
    assert (state.rolls, state.dice, state.kept, state.in_air) == (0, None, (), False)


def test_a_new_turn_starts_clean() -> None:
    # R-TURN-1: after a token the next player starts with no dice, nothing kept or called
    state = play(roll(start(), (1, 1, 1, 2, 4)), mp.Place("a1"))
    assert state.current_player == 1
    turn = (state.rolls, state.dice, state.kept, state.in_air, state.call)
    assert turn == (0, None, (), False, None)
    assert (state.roll_off, state.roll_off_faces) == ((), ())


def test_a_daversa_rolled_keeps_the_board_and_wants_five_alike() -> None:
    # R-MOR-3 with daversa_counts="rolled": armed by a Morpyam placed, player 0 wins when
    # the replay rolls another Morpyam; four alike do not win
    state = start(mp.Rules.official, daversa_counts="rolled")
    state = play(roll(state, (2, 2, 2, 2, 2)), mp.Place("b2"))
    assert state.daversa_armed == (True, False)
    four = roll(state, (1, 5, 5, 5, 5))
    assert not four.is_terminal
    won = roll(state, (6, 6, 6, 6, 6))
    assert won.end_rule == "R-MOR-3"
    assert won.winners == {0}
    assert won.tokens_left == (16, 17)
    assert board(won) == {"b2": 0}
    assert won.resigned == frozenset()


def test_a_morpyam_seen_arms_only_in_the_rolled_reading() -> None:
    # R-MOR-3 (daversa_counts="placed", the default): a Morpyam rolled then rolled away does
    # not count, even when the turn's earlier figures are kept for R-CALL-7
    for counts, armed in (("placed", False), ("rolled", True)):
        state = start(mp.Rules.official, call_miss_loses="earlier_figures", daversa_counts=counts)
        state = roll(state, (3, 3, 3, 3, 3))
        state = roll(state, (1,), keep=(3, 3, 3, 3))  # 1 3 3 3 3: a 4K
        state = play(state, mp.Place("c2"))  # the 4K cell of row 2 (R-GRID-2)
        assert state.daversa_armed == (armed, False)


@pytest.mark.parametrize(("diagonals", "ko"), [("all", True), ("long", False)])
def test_a_ko_on_a_short_diagonal_in_play(diagonals: Any, ko: bool) -> None:
    # R-LINE-1, R-END-1: a2 b3 c4 d5 e6 is a diagonal of 5 cells, not one of the two long ones
    rules = attrs.evolve(mp.Rules.classic(), diagonals=diagonals)
    state = with_board(rules, {"b3": 0, "c4": 0, "d5": 0, "e6": 0})
    state = play(roll(state, (1, 2, 4, 4, 4)), mp.Place("a2"))  # a2 is a 3x4 cell
    assert state.is_terminal is ko
    assert state.end_rule == ("R-END-1" if ko else None)


@pytest.mark.parametrize(
    ("tie_break", "winners"), [("shared", {0, 1}), ("fewest_tokens_left", {0})]
)
def test_a_tie_at_the_end_of_a_game(tie_break: Any, winners: set[int]) -> None:
    # R-END-2, R-END-3: player 2 places their last token and scores 0 (no bonus here);
    # players 0 and 1 tie on 1 point (a run of 3 each, R-LINE-2); player 0 placed more tokens
    rules = attrs.evolve(mp.Rules.classic(3), tokens_per_player=5, end_bonus=0, tie_break=tie_break)
    board = {"a1": 0, "b1": 0, "c1": 0, "f3": 0, "a6": 1, "b6": 1, "c6": 1}
    board |= {"d3": 2, "c5": 2, "e2": 2, "b4": 2}
    state = with_board(rules, board, player=2)
    state = play(roll(state, (1, 1, 1, 2, 4)), mp.Place("f6"))  # f6 is a 3x1 cell
    assert state.end_rule == "R-END-2"
    assert mp.scores(state) == (1, 1, 0)
    assert state.tokens_left == (1, 2, 0)
    assert state.winners == winners


def test_legal_actions_of_something_else() -> None:
    with pytest.raises(ValueError, match=r"^expected a morpyam State, got str$"):
        mp.legal_actions("a1")  # type: ignore[arg-type]


def test_the_kept_reading_of_r_call_8_keeps_placements_and_passes() -> None:
    # R-CALL-8 (shown_figure_means="kept"): only the calls depend on the kept dice; the
    # placements (three ones: the 3x1 cells a1, a5, f6, R-GRID-2) and the pass stay
    state = roll(start(mp.Rules.official, shown_figure_means="kept"), (1, 1, 1, 2, 4))
    actions = mp.legal_actions(state)
    places = {str(a.cell) for a in actions if isinstance(a, mp.Place)}
    assert places == {"a1", "a5", "f6"}
    assert mp.Pass() in actions
    assert mp.Roll(keep=(1, 1, 1)) in actions


def test_the_kept_reading_without_r_call_8_changes_nothing() -> None:
    # R-CALL-8 off (the classic rules): which dice are kept never limits a call
    for dice in ((1, 1, 1, 2, 4), (2, 3, 4, 5, 5), (6, 6, 6, 6, 1)):
        by_dice = roll(start(), dice)
        by_kept = roll(start(shown_figure_means="kept"), dice)
        assert mp.legal_actions(by_kept) == mp.legal_actions(by_dice)


def test_a_pass_after_a_sec_call_came_up() -> None:
    # R-CALL-5: the SEC call came up on the 1st roll, so the token must go on a CALL cell
    state = roll(start(), (1, 2, 3, 4, 5), call=S.SEC)
    error = refusal(state, mp.Pass())
    assert error.rule == "R-CALL-5"


def test_a_pass_before_the_third_roll_without_voluntary_passes() -> None:
    # R-TURN-4 (voluntary_pass off): no pass before the 3rd roll, a Morpyam showing or not
    state = roll(start(voluntary_pass=False), (2, 2, 2, 2, 2))
    assert refusal(state, mp.Pass()).rule == "R-TURN-4"


def test_a_pass_after_a_missed_first_call_without_voluntary_passes() -> None:
    # R-CALL-6 (missed_call_voids="any_roll"): after any missed call the player rolls again
    # or passes, even where R-TURN-4 (voluntary_pass off) allows no pass before the 3rd roll
    state = start(voluntary_pass=False, missed_call_voids="any_roll")
    state = roll(state, NOTHING, call=F.MAXI)
    assert mp.Pass() in mp.legal_actions(state)
    assert mp.apply(state, mp.Pass()).current_player == 1


def test_four_alike_under_morpyam_at_once_may_roll_on() -> None:
    # R-MOR-1 (morpyam_at_once): four alike are no Morpyam
    state = roll(start(morpyam_at_once=True), (1, 5, 5, 5, 5))
    assert mp.Roll() in mp.legal_actions(state)
