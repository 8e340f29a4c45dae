"""Multisets of faces: sorted outcomes, keeps and exact roll distributions.

Everything about a handful of six-sided dice is finite, so it is computed
once at import: the 252 sorted outcomes of five dice, the keep options of
each, the exact chance distribution of throwing k dice (as sorted outcomes
with `Fraction` probabilities) and the sorted result of
putting kept and thrown dice together.
"""

from __future__ import annotations

import itertools
import math
from collections import Counter
from fractions import Fraction

from morpyam.errors import _shown
from morpyam.figures import FACES

__all__ = [
    "DICE",
    "MAX_KEEP",
    "OUTCOMES",
    "distribution",
    "is_sub_multiset",
    "keep_options",
    "merge",
    "multisets",
]

DICE = 5
"""Dice in a roll (R-SET-1)."""

MAX_KEEP = DICE - 1
"""At most four dice are kept: every reroll throws at least one (R-TURN-1)."""

Faces = tuple[int, ...]


def multisets(k: int) -> tuple[Faces, ...]:
    """The sorted multisets of ``k`` faces (0 to 5), in lexicographic order.

    Raises:
        ValueError: for another number of dice.
    """
    try:
        return _MULTISETS[k]
    except (KeyError, TypeError):
        raise ValueError(f"R-SET-1: 0 to {DICE} dice, not {_shown(k)}") from None


_MULTISETS = {k: tuple(itertools.combinations_with_replacement(FACES, k)) for k in range(DICE + 1)}

OUTCOMES: tuple[Faces, ...] = _MULTISETS[DICE]
"""The 252 sorted outcomes of five dice, in lexicographic order."""


def _ways(faces: Faces) -> int:
    """Ordered rolls that sort to ``faces``: the multinomial coefficient."""
    ways = math.factorial(len(faces))
    for count in Counter(faces).values():
        ways //= math.factorial(count)
    return ways


_DISTRIBUTIONS = {
    k: tuple((faces, Fraction(_ways(faces), 6**k)) for faces in _MULTISETS[k])
    for k in range(DICE + 1)
}


def distribution(k: int) -> tuple[tuple[Faces, Fraction], ...]:
    """The exact distribution of throwing ``k`` dice (0 to 5), over sorted outcomes.

    Examples:
        >>> distribution(1)[0]
        ((1,), Fraction(1, 6))

    Raises:
        ValueError: for a number of dice outside 0 to 5.
    """
    try:
        return _DISTRIBUTIONS[k]
    except (KeyError, TypeError):
        raise ValueError(f"R-SET-1: 0 to {DICE} dice can be thrown, not {_shown(k)}") from None


def _sub_multisets(faces: Faces) -> tuple[Faces, ...]:
    subs = {
        sub
        for size in range(min(len(faces), MAX_KEEP) + 1)
        for sub in itertools.combinations(faces, size)
    }
    return tuple(sorted(subs, key=lambda sub: (len(sub), sub)))


_KEEPS = {faces: _sub_multisets(faces) for faces in OUTCOMES}
_KEEP_SETS = {faces: frozenset(keeps) for faces, keeps in _KEEPS.items()}


def keep_options(dice: Faces) -> tuple[Faces, ...]:
    """The distinct keeps (0 to 4 faces) of five sorted dice, shortest first.

    Examples:
        >>> keep_options((1, 1, 1, 1, 1))
        ((), (1,), (1, 1), (1, 1, 1), (1, 1, 1, 1))

    Raises:
        ValueError: unless ``dice`` is a sorted tuple of five faces.
    """
    try:
        return _KEEPS[dice]
    except (KeyError, TypeError):
        raise _not_sorted_dice(dice) from None


def is_sub_multiset(keep: Faces, dice: Faces) -> bool:
    """Whether sorted ``keep`` (at most four faces) can be kept from sorted ``dice``.

    Raises:
        ValueError: unless ``dice`` is a sorted tuple of five faces.
    """
    try:
        return keep in _KEEP_SETS[dice]
    except (KeyError, TypeError):
        raise _not_sorted_dice(dice) from None


_MERGED = {
    (kept, thrown): tuple(sorted(kept + thrown))
    for k in range(MAX_KEEP + 1)
    for kept in _MULTISETS[k]
    for thrown in _MULTISETS[DICE - k]
}


def merge(kept: Faces, thrown: Faces) -> Faces:
    """The sorted five dice made of sorted ``kept`` and sorted ``thrown`` faces.

    Raises:
        ValueError: unless both are sorted tuples of faces, five in all, at most four kept.
    """
    try:
        return _MERGED[kept, thrown]
    except (KeyError, TypeError):
        raise ValueError(
            f"R-TURN-1: {_shown(kept)} kept and {_shown(thrown)} thrown are not five sorted dice"
        ) from None


def _not_sorted_dice(dice: object) -> ValueError:
    return ValueError(
        f"R-SET-1: expected five dice as a sorted tuple of faces 1-6, got {_shown(dice)}"
    )
