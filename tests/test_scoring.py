"""Scores against an independent count of runs (R-LINE-1, R-LINE-2, R-END-2, R-END-3)."""

from __future__ import annotations

import random

import attrs
import pytest

import morpyam as mp


def oracle_points(state: mp.State) -> list[int]:
    """Walk every maximal run from its first cell in each of the 4 directions, on Cells only."""
    layout, board, rules = state.layout, state.board, state.rules
    totals = [0] * rules.players
    for cell in layout.cells:
        owner = board.get(cell)
        if owner is None:
            continue
        for dr, dc in ((0, 1), (1, 0), (1, 1), (1, -1)):
            before = (
                mp.Cell(cell.row - dr, cell.col - dc)
                if cell.row - dr >= 0 and cell.col - dc >= 0
                else None
            )
            if before is not None and before in layout and board.get(before) == owner:
                continue  # not the start of its run
            # the whole line through this cell must have at least 3 cells (R-LINE-1)
            length_of_line = 0
            r, c = cell.row, cell.col
            while 0 <= r < layout.height and 0 <= c < layout.width:
                r, c = r - dr, c - dc
            r, c = r + dr, c + dc
            while 0 <= r < layout.height and 0 <= c < layout.width:
                length_of_line += 1
                r, c = r + dr, c + dc
            if length_of_line < 3:
                continue
            run = 0
            r, c = cell.row, cell.col
            while (
                0 <= r < layout.height
                and 0 <= c < layout.width
                and board.get(mp.Cell(r, c)) == owner
            ):
                run += 1
                r, c = r + dr, c + dc
            # R-LINE-2: 3 -> 1; 4 -> 2 (2 players) or 3 (3-4 players); longer scores as 4
            if run >= 4:
                totals[owner] += 2 if rules.players == 2 else 3
            elif run == 3:
                totals[owner] += 1
    return totals


def random_finished_game(rules: mp.Rules, seed: int) -> mp.State:
    rng = random.Random(seed)
    state = mp.new_game(rules)
    while not state.is_terminal:
        if state.is_chance:
            state = mp.apply(state, mp.sample_chance(state, rng))
        else:
            legal = mp.legal_actions(state)
            places = [a for a in legal if isinstance(a, mp.Place)]
            state = mp.apply(state, rng.choice(places or legal))
    return state


@pytest.mark.parametrize("players", [2, 3, 4])
@pytest.mark.parametrize("ko_length", [5, None])
def test_scores_match_an_independent_count(players: int, ko_length: int | None) -> None:
    rules = attrs.evolve(mp.Rules.classic(players), ko_length=ko_length)
    ends = set()
    for seed in range(40):
        end = random_finished_game(rules, seed)
        ends.add(end.end_rule)
        expected = oracle_points(end)
        if end.end_rule == "R-END-2":
            expected[end.tokens_left.index(0)] += 1  # R-END-2: the end bonus
            best = max(expected)
            tied = {p for p, total in enumerate(expected) if total == best}
            finisher = end.tokens_left.index(0)
            # R-END-3: the finisher wins a tie it is in; otherwise the tied share the win
            assert end.winners == ({finisher} if finisher in tied else tied)
        assert list(mp.scores(end)) == expected
    assert "R-END-2" in ends
