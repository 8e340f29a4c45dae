"""Advice (morpyam.advice): every legal action ranked, with exact chances in the reasons."""

from __future__ import annotations

from collections import Counter
from fractions import Fraction

import attrs
import pytest
from hypothesis import given, settings
from hypothesis_profiles import examples

import morpyam as mp
from morpyam import strategies as mst
from morpyam.advice import Advice, AdviceError, advise


def at(rules: mp.Rules, dice: tuple[int, ...], rolls: int = 1, **owners: int) -> mp.State:
    """Player 0 to decide with ``dice`` after ``rolls`` rolls; ``owners`` covers cells by name."""
    state = mp.new_game(rules, first_player=0)
    state = mp.apply(mp.apply(state, mp.Roll()), mp.RollResult(dice))
    for _ in range(rolls - 1):
        state = mp.apply(mp.apply(state, mp.Roll(dice[:4])), mp.RollResult(dice[4:]))
    cells = list(state.owners)
    for name, owner in owners.items():
        cells[state.layout.index(mp.Cell.parse(name))] = owner
    return attrs.evolve(state, owners=tuple(cells))


def only_free(rules: mp.Rules, *free: str) -> dict[str, int]:
    return {str(cell): 1 for cell in rules.layout.cells if str(cell) not in free}


def by_action(hints: tuple[Advice, ...]) -> dict[str, Advice]:
    return {str(hint.action): hint for hint in hints}


@settings(max_examples=examples(40))
@given(state=mst.states().filter(lambda s: s.current_player is not None))
def test_every_legal_action_is_ranked_once(state: mp.State) -> None:
    hints = advise(state)
    assert Counter(hint.action for hint in hints) == Counter(mp.legal_actions(state))
    scores = [hint.score for hint in hints]
    assert scores == sorted(scores, reverse=True)
    for hint in hints:
        assert 0 <= hint.probability <= 1
        assert hint.reason
        if isinstance(hint.action, mp.Place):
            # the reason says what the engine does: R-END-1, then R-MOR-3, then R-END-2,
            # and a replay (R-MOR-2) only in a game that goes on
            after = mp.apply(state, hint.action)
            if after.end_rule is not None:
                assert after.end_rule in hint.reason
            assert ("plays again" in hint.reason) == (after.current_player == state.player)


def test_keeping_four_of_a_kind_for_the_morpyam_cells() -> None:
    # only the Morpyam cells b2 and e5 are free: four sixes need one more six in two
    # throws of one die (1 - (5/6)**2), and a call of it must hit on the next roll
    # (R-CALL-5) but the CALL cells are covered, so no call is offered (R-CALL-4)
    rules = mp.Rules.classic()
    state = at(rules, (6, 6, 6, 6, 1), **only_free(rules, "b2", "e5"))
    hints = advise(state)
    best = hints[0]
    assert best.action == mp.Roll((6, 6, 6, 6))
    assert best.probability == 1 - Fraction(5, 6) ** 2
    assert best.cells == (mp.Cell.parse("b2"), mp.Cell.parse("e5"))
    assert best.reason == ("keep 6 6 6 6: 30.6% to cover a free cell this turn; MOR 30.6% (b2, e5)")
    assert not any(isinstance(h.action, mp.Roll) and h.action.call for h in hints)
    # keeping nothing: five dice, each throw a Morpyam with chance 6/7776, then the best keep
    assert by_action(hints)["roll"].probability < best.probability


def test_a_call_reason_names_its_chance_and_what_a_miss_costs() -> None:
    rules = mp.Rules.classic()
    # before the 2nd roll a missed call is forgotten (R-CALL-6)
    second = by_action(advise(at(rules, (6, 6, 6, 6, 1), **only_free(rules, "d3", "c4"))))
    hint = second["roll keep 6 6 6 6 call morpyam"]
    assert hint.probability == Fraction(1, 6)  # R-CALL-5: one die must show a six
    assert "16.7% to hit on this roll" in hint.reason
    assert "R-CALL-6" in hint.reason
    assert hint.cells == (mp.Cell.parse("d3"), mp.Cell.parse("c4"))
    # before the 3rd roll a missed call places nothing (R-CALL-7)
    third = by_action(advise(at(rules, (6, 6, 6, 6, 1), 2, **only_free(rules, "d3", "c4"))))
    assert "R-CALL-7" in third["roll keep 6 6 6 6 call morpyam"].reason


def test_placements_say_what_they_do() -> None:
    rules = mp.Rules.classic()
    # R-END-1: e1 (3×5) after a1-d1 is a KO
    ko = by_action(advise(at(rules, (5, 5, 5, 1, 2), a1=0, b1=0, c1=0, d1=0)))
    assert ko["place e1"].reason == "cover e1 (3×5) now: wins by KO (R-END-1)"
    assert ko["place e1"].probability == 1
    assert advise(at(rules, (5, 5, 5, 1, 2), a1=0, b1=0, c1=0, d1=0))[0].action == mp.Place("e1")
    # R-LINE-2: a third token in a row scores a point; the other's run of three is blocked
    line = by_action(advise(at(rules, (5, 5, 5, 1, 2), c1=0, d1=0, a6=1, c6=1)))
    assert line["place e1"].reason == "cover e1 (3×5) now: +1 point"
    assert line["place b6"].reason == "cover b6 (3×5) now: takes 1 point from player 1"
    # R-MOR-2: placing with a Morpyam plays again, except on the SEC cell
    morpyam = by_action(advise(at(rules, (2, 2, 2, 2, 2))))
    assert morpyam["place b2"].reason.endswith("Morpyam: plays again (R-MOR-2)")
    assert "plays again" not in morpyam["place c3"].reason


def test_a_ko_ends_the_game_without_a_replay() -> None:
    # R-END-1 is checked before anything else: a KO made with a Morpyam on b2 wins at
    # once, so there is no replay (R-MOR-2) to announce
    rules = mp.Rules.classic()
    state = at(rules, (2, 2, 2, 2, 2), a2=0, c2=0, d2=0, e2=0, c6=1)
    hint = by_action(advise(state))["place b2"]
    assert hint.reason == "cover b2 (MOR) now: wins by KO (R-END-1)"
    after = mp.apply(state, mp.Place("b2"))
    assert after.end_rule == "R-END-1"
    assert after.winners == {0}


def test_a_daversa_win_with_the_last_token_wins_at_once() -> None:
    # R-MOR-3 is checked before R-END-2: a second Morpyam in a row placed with the last
    # token wins at once, even where the points (1 to 2) would lose the game
    rules = attrs.evolve(mp.Rules.official(2), tokens_per_player=6)
    state = at(rules, (4, 4, 4, 4, 4), a1=1, b1=1, c1=1, d1=1, a5=0, f5=0, a6=0, b6=0, b2=0)
    state = attrs.evolve(state, tokens_left=(1, 2), daversa_armed=(True, False))
    assert mp.scores(state) == (0, 2)
    hints = by_action(advise(state))
    for cell in ("e5", "c3", "d4"):
        reason = hints[f"place {cell}"].reason
        assert reason.endswith("second Morpyam in a row: wins by D'Aversa (R-MOR-3)")
        assert "R-END-2" not in reason
        after = mp.apply(state, mp.Place(cell))
        assert after.end_rule == "R-MOR-3"
        assert after.winners == {0}
    # without D'Aversa armed, the same last token ends the game on points and loses
    # (R-END-2, R-END-3), and the Morpyam gives no replay (R-MOR-2: the game is over)
    unarmed = attrs.evolve(state, daversa_armed=(False, False))
    reason = by_action(advise(unarmed))["place e5"].reason
    assert (
        reason
        == "cover e5 (MOR) now: last token: ends the game and loses on points (1 to 2, R-END-2)"
    )
    assert mp.apply(unarmed, mp.Place("e5")).winners == {1}


def test_a_pass_and_the_first_roll() -> None:
    rules = mp.Rules.classic()
    passing = advise(at(rules, (1, 2, 4, 6, 6), 3))
    assert [(h.action, h.probability) for h in passing] == [(mp.Pass(), Fraction(0))]
    fresh = by_action(advise(mp.new_game(rules, first_player=0)))
    # R-FIG-9: the SEC call hits when the first roll shows one of 736 of the 7,776 rolls
    assert fresh["roll call sec"].probability == Fraction(736, 7776)
    assert fresh["roll"].probability > Fraction(1, 2)


def test_advice_is_for_decisions() -> None:
    rules = mp.Rules.classic()
    with pytest.raises(AdviceError, match="in the air"):
        advise(mp.apply(mp.new_game(rules, first_player=0), mp.Roll()))
    with pytest.raises(AdviceError, match="over"):
        advise(mp.resign(mp.new_game(rules, first_player=0), 0))
    assert issubclass(AdviceError, ValueError)
    for value in (None, "roll", mp.Rules.classic()):
        with pytest.raises(AdviceError, match="morpyam State"):
            advise(value)  # type: ignore[arg-type]


def test_the_plus_set_up_lists_its_tile_placements() -> None:
    # R-VAR-PLUS: laying tiles is a decision too
    state = mp.new_game(mp.Rules.plus(), first_player=0)
    while state.is_chance:
        state = mp.apply(state, mp.chance_outcomes(state)[0][0])
    hints = advise(state)
    assert {h.action for h in hints} == set(mp.legal_actions(state))
    assert all(h.reason.startswith("lay a ") for h in hints)
