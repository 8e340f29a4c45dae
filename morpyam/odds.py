"""Exact odds of making figures within a turn, keeping dice optimally.

Five dice have only 252 sorted outcomes, so every question "what is the chance
of showing this figure within the rolls I have left, if I keep the right
dice?" has an exact answer, a ``fractions.Fraction``. The answers
come from tables built by dynamic programming over sorted outcomes, once per
target and lazily (the first question about a target builds its table).

A *target* is a `Figure`, ``Special.SEC`` or a
collection of them, meaning "any of these" (for example the labels of the free
cells a player could use). The rules make two labels different from plain
figures, and the odds follow them:

- SEC counts only on the **first roll** of a turn (R-CELL-2), when the dice
  show one of ``sec_figures`` (the default is the classic
  `SEC_FIGURES`); from a position, the dice
  are a first roll exactly when two rolls are left.
- A call has to hit on the **very roll it names** (R-CALL-5), whatever the
  rolls left: see `call_probability`. The
  CALL label itself is no target.

Positions are five faces (any order) with ``rolls_left``, 0 to 2, the rolls
still allowed this turn (R-TURN-1): after the first roll two are left. At each
roll the player keeps 0 to 4 dice and rerolls the others, and stops as soon as
the target shows.

Examples:
    >>> from morpyam import Figure
    >>> turn_probability(Figure.MORPYAM)
    Fraction(347897, 7558272)
    >>> best_keep((3, 3, 5, 1, 2), Figure.THREE_THREES, rolls_left=2)
    ((3, 3), Fraction(31031, 46656))
"""

from __future__ import annotations

import functools
from collections.abc import Collection, Iterable
from fractions import Fraction

import attrs

from morpyam.dice import DICE, OUTCOMES, distribution, keep_options, multisets
from morpyam.errors import OddsError, _shown
from morpyam.figures import FACES, Figure, Label, Special, classify
from morpyam.rules import SEC_FIGURES

__all__ = [
    "MAX_ROLLS_LEFT",
    "OddsError",
    "Target",
    "best_call_keep",
    "best_keep",
    "call_probability",
    "hit_probability",
    "keep_probability",
    "turn_probability",
    "turn_table",
]

MAX_ROLLS_LEFT = 2
"""Rolls left after the first roll of a turn (R-TURN-1)."""

Faces = tuple[int, ...]
Target = Figure | Special | Iterable[Figure | Special]
"""A figure, ``Special.SEC``, or a collection of them meaning "any of these"."""


# --- the lookup structure shared by every table ------------------------------


@attrs.frozen
class _Index:
    """Every multiset of 0 to 5 faces, numbered by size then lexicographically.

    ``children[i]`` are the multisets one die larger (one per face), so the
    value of keeping a multiset is the mean of its children's values: the
    dice not kept are thrown one at a time.
    """

    multisets: tuple[Faces, ...]
    position: dict[Faces, int]
    size: tuple[int, ...]
    children: tuple[tuple[int, int, int, int, int, int], ...]
    first_roll: int
    """Index of the first multiset of five faces: outcome ``d`` is ``first_roll + d``."""
    outcome: dict[Faces, int]
    """Per sorted outcome of five dice, its number 0..251 (the order of ``OUTCOMES``)."""
    keeps: tuple[tuple[int, ...], ...]
    """Per outcome, the indices of its keep options (0 to 4 dice)."""
    ways: tuple[int, ...]
    """Per outcome, the ordered rolls of five dice that sort to it."""
    shown: tuple[frozenset[Figure], ...]
    """Per outcome, the figures it shows."""


@functools.cache
def _index() -> _Index:
    every = tuple(faces for k in range(DICE + 1) for faces in multisets(k))
    position = {faces: i for i, faces in enumerate(every)}
    children = tuple(
        tuple(position[tuple(sorted((*faces, face)))] for face in FACES)
        for faces in every
        if len(faces) < DICE
    )
    first = len(children)
    outcome = {faces: d for d, faces in enumerate(OUTCOMES)}
    assert every[first:] == OUTCOMES
    ways = {faces: p * 6**DICE for faces, p in distribution(DICE)}
    return _Index(
        multisets=every,
        position=position,
        size=tuple(len(faces) for faces in every),
        children=children,  # type: ignore[arg-type]
        first_roll=first,
        outcome=outcome,
        keeps=tuple(tuple(position[keep] for keep in keep_options(faces)) for faces in OUTCOMES),
        ways=tuple(int(ways[faces]) for faces in OUTCOMES),
        shown=tuple(classify(faces) for faces in OUTCOMES),
    )


def _keep_sums(index: _Index, values: list[int]) -> list[int]:
    """For every keep: the sum of ``values`` over the ordered throws of the other dice.

    ``values`` are per outcome of five dice; the result has one entry per
    multiset of 0 to 4 faces.
    """
    sums = [0] * index.first_roll + values
    children = index.children
    for i in range(index.first_roll - 1, -1, -1):
        a, b, c, d, e, f = children[i]
        sums[i] = sums[a] + sums[b] + sums[c] + sums[d] + sums[e] + sums[f]
    return sums[: index.first_roll]


@attrs.frozen
class _Table:
    """Integer tables for one set of figures (SEC is handled around them).

    ``hit[r][d]`` is the chance of showing one of the figures within ``r``
    more rolls from outcome ``d`` (1 if it shows already), times ``6**(5*r)``.
    ``keep[r][k]`` is the chance when keeping multiset ``k`` and throwing the
    rest now, with ``r - 1`` rolls after that, times ``6**(5*r)``
    (``keep[0]`` is empty). ``fresh[r]`` is the chance within ``r`` rolls of a
    fresh turn, times ``6**(5*r)``.
    """

    shown: tuple[bool, ...]
    hit: tuple[tuple[int, ...], ...]
    keep: tuple[tuple[int, ...], ...]
    fresh: tuple[int, ...]


def _solve(figures: frozenset[Figure]) -> _Table:
    """Dynamic programming over sorted outcomes, from the last roll backwards."""
    index = _index()
    shown = tuple(not figures.isdisjoint(s) for s in index.shown)
    pow6 = [6**k for k in range(DICE + 1)]
    scale = [pow6[k] for k in index.size[: index.first_roll]]
    hit: list[tuple[int, ...]] = [tuple(int(s) for s in shown)]
    keep: list[tuple[int, ...]] = [()]
    fresh = [0]
    for r in range(1, MAX_ROLLS_LEFT + 2):
        previous = hit[r - 1]
        sums = _keep_sums(index, list(previous))
        values = tuple(s * m for s, m in zip(sums, scale))
        keep.append(values)
        fresh.append(values[0])
        if r <= MAX_ROLLS_LEFT:
            full = 6 ** (DICE * r)
            hit.append(
                tuple(
                    full if is_shown else max(values[k] for k in keeps)
                    for is_shown, keeps in zip(shown, index.keeps)
                )
            )
    return _Table(shown, tuple(hit), tuple(keep), tuple(fresh))


_TABLES: dict[frozenset[Figure], _Table] = {}
_MAX_TABLES = 2048


def _table(figures: frozenset[Figure]) -> _Table:
    """The table of a set of figures, built on first use and kept (a bounded memo)."""
    table = _TABLES.get(figures)
    if table is None:
        if len(_TABLES) >= _MAX_TABLES:
            _TABLES.clear()  # atomic, so safe with threads; single tables rebuild in < 1 ms
        table = _TABLES[figures] = _solve(figures)
    return table


# --- checking questions --------------------------------------------------------


def _dice(dice: Iterable[int]) -> Faces:
    try:
        faces = tuple(dice)
    except TypeError:
        raise OddsError(f"dice are five faces from 1 to 6, got {_shown(dice)}") from None
    if len(faces) != DICE or not all(type(f) is int and f in FACES for f in faces):
        raise OddsError(f"dice are five faces from 1 to 6, got {_shown(dice)}")
    return tuple(sorted(faces))


def _keep(keep: Iterable[int]) -> Faces:
    try:
        faces = tuple(keep)
    except TypeError:
        raise OddsError(f"a keep is 0 to 4 faces from 1 to 6, got {_shown(keep)}") from None
    if len(faces) >= DICE or not all(type(f) is int and f in FACES for f in faces):
        raise OddsError(
            f"a keep is 0 to 4 faces from 1 to 6 (one die at least is rerolled), got {_shown(keep)}"
        )
    return tuple(sorted(faces))


def _rolls_left(rolls_left: int, low: int = 0) -> int:
    if type(rolls_left) is not int or not low <= rolls_left <= MAX_ROLLS_LEFT:
        raise OddsError(f"rolls_left is {low} to {MAX_ROLLS_LEFT}, got {_shown(rolls_left)}")
    return rolls_left


def _target(target: Target) -> tuple[frozenset[Figure], bool]:
    """The figures of a target, and whether it includes SEC."""
    labels: tuple[object, ...]
    if isinstance(target, (Figure, Special)):
        labels = (target,)
    elif isinstance(target, (str, bytes)) or not isinstance(target, Iterable):
        raise OddsError(
            f"a target is a Figure, Special.SEC or a collection of them, got {_shown(target)}"
        )
    else:
        labels = tuple(target)
        if not labels:
            raise OddsError("a target needs at least one figure")
    figures: set[Figure] = set()
    sec = False
    for label in labels:
        if isinstance(label, Figure):
            figures.add(label)
        elif label is Special.SEC:
            sec = True
        elif label is Special.CALL:
            raise OddsError(
                "the CALL cell is covered only by a successful call: use call_probability"
            )
        else:
            raise OddsError(f"{_shown(label)} is not a Figure or Special.SEC")
    return frozenset(figures), sec


def _sec_figures(sec_figures: Collection[Figure]) -> frozenset[Figure]:
    if isinstance(sec_figures, (str, bytes)) or not isinstance(sec_figures, Iterable):
        raise OddsError(f"sec_figures is a collection of Figures, got {_shown(sec_figures)}")
    figures = frozenset(sec_figures)
    if not all(isinstance(f, Figure) for f in figures):
        raise OddsError(f"sec_figures is a collection of Figures, got {_shown(sec_figures)}")
    return figures


def _shows_sec(dice: Faces, sec_figures: frozenset[Figure]) -> bool:
    return not sec_figures.isdisjoint(classify(dice))


# --- the questions ---------------------------------------------------------------


def turn_probability(
    figure: Target, rolls: int = 3, *, sec_figures: Collection[Figure] = SEC_FIGURES
) -> Fraction:
    """The chance of showing ``figure`` within ``rolls`` rolls of a fresh turn, keeping optimally.

    The first roll throws all five dice; before each later roll the player
    keeps what serves ``figure`` best and stops once it shows. SEC counts on
    the first roll only (R-CELL-2), so its chance is the same for 1, 2 or 3 rolls.

    Examples:
        >>> from morpyam import Figure
        >>> turn_probability(Figure.STRAIGHT, rolls=1)
        Fraction(5, 162)

    Raises:
        OddsError: for a bad target, or ``rolls`` outside 1 to 3.
    """
    figures, sec = _target(figure)
    if type(rolls) is not int or not 1 <= rolls <= MAX_ROLLS_LEFT + 1:
        raise OddsError(f"a turn has 1 to {MAX_ROLLS_LEFT + 1} rolls, got {_shown(rolls)}")
    index = _index()
    secs = _sec_figures(sec_figures) if sec else frozenset()
    if not figures:
        return Fraction(
            sum(w for w, s in zip(index.ways, index.shown) if not secs.isdisjoint(s)), 6**DICE
        )
    table = _table(figures)
    if not sec:
        return Fraction(table.fresh[rolls], 6 ** (DICE * rolls))
    later = rolls - 1
    full = 6 ** (DICE * later)
    total = sum(
        w * (full if not secs.isdisjoint(s) else h)
        for w, s, h in zip(index.ways, index.shown, table.hit[later])
    )
    return Fraction(total, 6 ** (DICE * rolls))


def hit_probability(
    dice: Iterable[int],
    figure: Target,
    rolls_left: int,
    *,
    sec_figures: Collection[Figure] = SEC_FIGURES,
) -> Fraction:
    """The chance of showing ``figure`` from ``dice`` with ``rolls_left`` rolls (0 to 2) to go.

    It is 1 when the dice show it already; otherwise the best keep is assumed
    at every roll. SEC in the target counts only when the dice are a first
    roll (``rolls_left == 2``) showing a Sec figure: it cannot be made later.

    Examples:
        >>> from morpyam import Figure
        >>> hit_probability((6, 6, 6, 6, 2), Figure.MORPYAM, rolls_left=1)
        Fraction(1, 6)

    Raises:
        OddsError: for dice that are not five faces 1-6, ``rolls_left``
            outside 0-2, or a bad target.
    """
    faces = _dice(dice)
    r = _rolls_left(rolls_left)
    figures, sec = _target(figure)
    if sec and r == MAX_ROLLS_LEFT and _shows_sec(faces, _sec_figures(sec_figures)):
        return Fraction(1)
    if not figures:
        return Fraction(0)
    table = _table(figures)
    return Fraction(table.hit[r][_index().outcome[faces]], 6 ** (DICE * r))


def best_keep(
    dice: Iterable[int],
    figure: Target,
    rolls_left: int,
    *,
    sec_figures: Collection[Figure] = SEC_FIGURES,
) -> tuple[Faces, Fraction]:
    """The dice to keep for ``figure`` and the chance of showing it this turn.

    Returns ``(keep, probability)``, the keep sorted, with ``probability``
    equal to `hit_probability`. When no roll
    should be made, because the dice show the target already or no roll is
    left (or only SEC was wanted and the first roll is gone), the keep is all
    five dice: stop. Ties go to the keep that keeps the most dice, then the
    highest faces.

    Examples:
        >>> from morpyam import Figure
        >>> best_keep((1, 2, 3, 5, 5), Figure.STRAIGHT, rolls_left=1)
        ((1, 2, 3, 5), Fraction(1, 6))

    Raises:
        OddsError: as `hit_probability`.
    """
    faces = _dice(dice)
    r = _rolls_left(rolls_left)
    figures, sec = _target(figure)
    if sec and r == MAX_ROLLS_LEFT and _shows_sec(faces, _sec_figures(sec_figures)):
        return faces, Fraction(1)
    if not figures:
        return faces, Fraction(0)
    index = _index()
    table = _table(figures)
    d = index.outcome[faces]
    if table.shown[d] or r == 0:
        return faces, Fraction(table.hit[r][d], 6 ** (DICE * r))
    values = table.keep[r]
    best = max(index.keeps[d], key=lambda k: (values[k], index.size[k], index.multisets[k]))
    return index.multisets[best], Fraction(values[best], 6 ** (DICE * r))


def keep_probability(keep: Iterable[int], figure: Target, rolls_left: int) -> Fraction:
    """The chance of showing ``figure`` this turn when keeping ``keep`` and rerolling the rest now.

    ``rolls_left`` (1 or 2) counts the roll about to be made; later rolls, if
    any, keep optimally. SEC never counts here: this roll is not a first roll.
    With ``rolls_left=1`` this is the chance that this very roll shows the
    figure, the chance of a call made with this keep (R-CALL-5).

    Examples:
        >>> from morpyam import Figure
        >>> keep_probability((6, 6, 6), Figure.FOUR_OF_A_KIND, rolls_left=1)
        Fraction(11, 36)

    Raises:
        OddsError: for a keep that is not 0 to 4 faces 1-6, ``rolls_left``
            outside 1-2, or a bad target.
    """
    kept = _keep(keep)
    r = _rolls_left(rolls_left, low=1)
    figures, _ = _target(figure)
    if not figures:
        return Fraction(0)
    table = _table(figures)
    return Fraction(table.keep[r][_index().position[kept]], 6 ** (DICE * r))


def _call_figures(call: Figure | Special) -> Figure | None:
    if isinstance(call, Figure):
        return call
    if call is Special.SEC:
        return None
    raise OddsError(f"a call names a Figure or Special.SEC, got {_shown(call)}")


def call_probability(
    dice: Iterable[int] | None,
    call: Figure | Special,
    *,
    sec_figures: Collection[Figure] = SEC_FIGURES,
) -> Fraction:
    """The chance that a call of ``call`` made now hits on the very roll it names (R-CALL-5).

    ``dice`` is ``None`` before the turn's first roll (five dice are thrown);
    otherwise the best keep for this one roll is assumed: the dice may show
    the figure already, one die at least is rerolled all the same. A SEC call
    hits when the first roll shows one of ``sec_figures`` and can be made only
    before it (R-CALL-3): after the first roll its chance is 0.

    Examples:
        >>> from morpyam import Figure, Special
        >>> call_probability(None, Special.SEC)
        Fraction(23, 243)
        >>> call_probability((6, 6, 6, 6, 6), Figure.MORPYAM)
        Fraction(1, 6)

    Raises:
        OddsError: for dice that are not five faces 1-6 or a call that is no Figure or SEC.
    """
    return best_call_keep(dice, call, sec_figures=sec_figures)[1]


def best_call_keep(
    dice: Iterable[int] | None,
    call: Figure | Special,
    *,
    sec_figures: Collection[Figure] = SEC_FIGURES,
) -> tuple[Faces, Fraction]:
    """The keep that gives a call of ``call`` its best chance on the next roll, and that chance.

    As `call_probability`; the keep is ``()``
    before the first roll, and all five dice when the call cannot hit (SEC
    after the first roll). Ties go to the keep that keeps the most dice.

    Raises:
        OddsError: as `call_probability`.
    """
    figure = _call_figures(call)
    if dice is None:
        if figure is None:
            return (), turn_probability(Special.SEC, 1, sec_figures=sec_figures)
        return (), turn_probability(figure, 1)
    faces = _dice(dice)
    if figure is None:
        return faces, Fraction(0)
    index = _index()
    values = _table(frozenset({figure})).keep[1]
    d = index.outcome[faces]
    best = max(index.keeps[d], key=lambda k: (values[k], index.size[k], index.multisets[k]))
    return index.multisets[best], Fraction(values[best], 6**DICE)


def turn_table(
    rolls: Iterable[int] = (1, 2, 3), *, sec_figures: Collection[Figure] = SEC_FIGURES
) -> tuple[tuple[Label, tuple[Fraction, ...]], ...]:
    """Every figure, then SEC, with its `turn_probability` per number of rolls.

    Examples:
        >>> table = dict(turn_table())
        >>> print(*(f"{float(p):.2%}" for p in table[Figure.FULL_HOUSE]))
        3.94% 19.41% 36.61%

    Raises:
        OddsError: for ``rolls`` that are not a collection of numbers of
            rolls from 1 to 3, or bad ``sec_figures``.
    """
    if isinstance(rolls, (str, bytes)) or not isinstance(rolls, Iterable):
        raise OddsError(f"rolls is a collection of numbers of rolls (1 to 3), got {_shown(rolls)}")
    counts = tuple(rolls)
    labels: tuple[Label, ...] = (*Figure, Special.SEC)
    return tuple(
        (label, tuple(turn_probability(label, n, sec_figures=sec_figures) for n in counts))
        for label in labels
    )
