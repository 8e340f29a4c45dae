"""Dice tables against brute force over ordered rolls."""

from __future__ import annotations

import itertools
from collections import Counter
from fractions import Fraction

import pytest

from morpyam import dice


@pytest.mark.parametrize("k", range(6))
def test_distribution_is_exact(k: int) -> None:
    ordered = Counter(tuple(sorted(r)) for r in itertools.product(range(1, 7), repeat=k))
    expected = {faces: Fraction(n, 6**k) for faces, n in ordered.items()}
    table = dice.distribution(k)
    assert dict(table) == expected
    assert [faces for faces, _ in table] == sorted(expected)
    assert sum(p for _, p in table) == 1


def test_outcome_counts() -> None:
    # 252 sorted outcomes of five dice: C(6 + 5 - 1, 5)
    assert len(dice.OUTCOMES) == 252 == len(set(dice.OUTCOMES))
    assert [len(dice.multisets(k)) for k in range(6)] == [1, 6, 21, 56, 126, 252]


def test_distribution_refuses_other_counts() -> None:
    with pytest.raises(ValueError, match="R-SET-1"):
        dice.distribution(6)


def test_keep_options_are_the_sub_multisets_of_up_to_four_dice() -> None:
    # R-TURN-1: keep 0 to 4 dice
    for outcome in dice.OUTCOMES:
        brute = {
            tuple(sorted(outcome[i] for i in chosen))
            for size in range(5)
            for chosen in itertools.combinations(range(5), size)
        }
        options = dice.keep_options(outcome)
        assert set(options) == brute
        assert len(options) == len(brute)
        assert list(options) == sorted(options, key=lambda keep: (len(keep), keep))
        assert all(dice.is_sub_multiset(keep, outcome) for keep in options)
    assert len(dice.keep_options((1, 2, 3, 4, 5))) == 31  # 2**5 - 1 subsets of 0-4 dice
    assert not dice.is_sub_multiset((6,), (1, 2, 3, 4, 5))
    assert not dice.is_sub_multiset((1, 1), (1, 2, 3, 4, 5))


def test_merge_sorts_kept_and_thrown() -> None:
    for k in range(5):
        for kept in dice.multisets(k):
            for thrown in dice.multisets(5 - k):
                assert dice.merge(kept, thrown) == tuple(sorted(kept + thrown))
