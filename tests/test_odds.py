"""Exact odds (morpyam.odds), checked against numbers found independently.

The expected values come from: the rule book's counts over the 7,776 ordered
rolls (R-FIG-9); the published chance of five of a kind within three rolls
(347897/7558272, 4.6029%); closed forms for small cases; brute force over
ordered rolls (every subset of dice positions kept, every ordered throw of
the others); and a second, deliberately plain expectimax written here with
its own figure oracle and its own dice distributions.
"""

from __future__ import annotations

import functools
import importlib.util
import itertools
from collections import Counter
from collections.abc import Iterable
from fractions import Fraction
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from hypothesis_profiles import examples

from morpyam import Figure, Special
from morpyam.dice import keep_options
from morpyam.odds import (
    OddsError,
    best_call_keep,
    best_keep,
    call_probability,
    hit_probability,
    keep_probability,
    turn_probability,
    turn_table,
)
from morpyam.rules import SEC_FIGURES

FIGURES = list(Figure)
ORDERED = list(itertools.product(range(1, 7), repeat=5))


# --- an independent oracle, straight from section 2 of the rule book -----------------------


def shows(dice: Iterable[int], figure: Figure) -> bool:
    faces = list(dice)
    counts = sorted(Counter(faces).values())
    distinct = set(faces)
    total = sum(faces)
    if figure.name.startswith("THREE_"):
        face = ["ONES", "TWOS", "THREES", "FOURS", "FIVES", "SIXES"].index(figure.name[6:]) + 1
        return faces.count(face) >= 3
    return {
        Figure.SMALL_STRAIGHT: any({s, s + 1, s + 2, s + 3} <= distinct for s in (1, 2, 3)),
        Figure.STRAIGHT: distinct in ({1, 2, 3, 4, 5}, {2, 3, 4, 5, 6}),
        Figure.FULL_HOUSE: counts in ([2, 3], [5]),
        Figure.FOUR_OF_A_KIND: counts[-1] >= 4,
        Figure.MINI: total <= 8,
        Figure.MAXI: total >= 27,
        Figure.MORPYAM: counts == [5],
    }[figure]


def shows_any(dice: Iterable[int], figures: Iterable[Figure]) -> bool:
    faces = tuple(dice)
    return any(shows(faces, f) for f in figures)


@functools.cache
def throws(k: int) -> tuple[tuple[tuple[int, ...], int], ...]:
    """Sorted throws of k dice with their number of ordered ways, by enumeration."""
    counter = Counter(tuple(sorted(t)) for t in itertools.product(range(1, 7), repeat=k))
    return tuple(counter.items())


@functools.cache
def reference_keep(keep: tuple[int, ...], figures: frozenset[Figure], rolls: int) -> Fraction:
    """Chance of showing a figure when throwing all but ``keep`` now, ``rolls - 1`` rolls after."""
    k = 5 - len(keep)
    return sum(
        (
            Fraction(ways, 6**k) * reference(tuple(sorted(keep + t)), figures, rolls - 1)
            for t, ways in throws(k)
        ),
        Fraction(0),
    )


@functools.cache
def reference(dice: tuple[int, ...], figures: frozenset[Figure], rolls_left: int) -> Fraction:
    """Plain expectimax: stop when shown, otherwise the best of every subset of positions kept."""
    if shows_any(dice, figures):
        return Fraction(1)
    if rolls_left == 0:
        return Fraction(0)
    keeps = {
        tuple(sorted(dice[i] for i in chosen))
        for size in range(5)
        for chosen in itertools.combinations(range(5), size)
    }
    return max(reference_keep(keep, figures, rolls_left) for keep in keeps)


def reference_turn(figures: frozenset[Figure], rolls: int) -> Fraction:
    return reference_keep((), figures, rolls)


def brute_force_one_roll(dice: tuple[int, ...], hit: object) -> Fraction:
    """Best chance that the next roll hits, over every subset of positions kept (0 to 4)."""
    best = Fraction(0)
    for size in range(5):
        for kept in itertools.combinations(range(5), size):
            free = [i for i in range(5) if i not in kept]
            good = 0
            for thrown in itertools.product(range(1, 7), repeat=len(free)):
                faces = list(dice)
                for i, face in zip(free, thrown):
                    faces[i] = face
                good += bool(hit(faces))  # type: ignore[operator]
            best = max(best, Fraction(good, 6 ** len(free)))
    return best


dice_st = st.tuples(*[st.integers(1, 6)] * 5)


# --- published and rule-book values ----------------------------------------------------


def test_five_of_a_kind_in_three_rolls_is_the_published_value() -> None:
    # the published chance of a Yahtzee within three rolls, keeping for it: 4.6029%
    assert turn_probability(Figure.MORPYAM) == Fraction(347897, 7558272)
    assert f"{float(turn_probability(Figure.MORPYAM, rolls=3)):.4%}" == "4.6029%"


R_FIG_9 = {
    **{f: 276 for f in FIGURES if f.name.startswith("THREE_")},
    Figure.SMALL_STRAIGHT: 1200,
    Figure.STRAIGHT: 240,
    Figure.FULL_HOUSE: 306,
    Figure.FOUR_OF_A_KIND: 156,
    Figure.MINI: 56,
    Figure.MAXI: 56,
    Figure.MORPYAM: 6,
}


@pytest.mark.parametrize("figure", FIGURES)
def test_one_roll_matches_the_rule_book_counts(figure: Figure) -> None:
    # R-FIG-9: reference counts over the 7,776 ordered rolls
    assert turn_probability(figure, rolls=1) == Fraction(R_FIG_9[figure], 7776)
    assert call_probability(None, figure) == Fraction(R_FIG_9[figure], 7776)


def test_sec_is_a_first_roll_chance() -> None:
    # R-FIG-9: 736 ordered rolls show a SEC figure; R-CELL-2: only the first roll counts
    for rolls in (1, 2, 3):
        assert turn_probability(Special.SEC, rolls) == Fraction(736, 7776)
    assert call_probability(None, Special.SEC) == Fraction(736, 7776)  # R-CALL-3


def test_the_oracle_agrees_with_the_rule_book() -> None:
    # R-FIG-9, so that the oracle used below is trustworthy
    for figure, count in R_FIG_9.items():
        assert sum(shows(roll, figure) for roll in ORDERED) == count
    assert sum(shows_any(roll, SEC_FIGURES) for roll in ORDERED) == 736


# --- small cases in closed form -----------------------------------------------------------


def test_small_cases_in_closed_form() -> None:
    # four sixes: one die, thrown up to twice, must show a six
    assert hit_probability((6, 6, 6, 6, 2), Figure.MORPYAM, 2) == 1 - Fraction(5, 6) ** 2
    assert hit_probability((6, 6, 6, 6, 2), Figure.MORPYAM, 1) == Fraction(1, 6)
    assert hit_probability((6, 6, 6, 6, 2), Figure.MORPYAM, 0) == 0
    # a pair of threes: three dice, thrown up to twice, need one three among them
    assert best_keep((3, 3, 5, 1, 2), Figure.THREE_THREES, 2) == (
        (3, 3),
        1 - Fraction(125, 216) ** 2,
    )
    # keeping three sixes, the two other dice need one six for a four of a kind
    assert keep_probability((6, 6, 6), Figure.FOUR_OF_A_KIND, 1) == Fraction(11, 36)
    # the dice show it already: certain, and nothing to roll
    assert hit_probability((1, 2, 3, 4, 6), Figure.SMALL_STRAIGHT, 0) == 1
    assert best_keep((1, 2, 3, 4, 6), Figure.SMALL_STRAIGHT, 2) == ((1, 2, 3, 4, 6), Fraction(1))
    # keeping nothing, the roll is a throw of five dice: R-FIG-9's 56 Mini rolls
    assert keep_probability((), Figure.MINI, 1) == Fraction(56, 7776)


def test_a_call_must_hit_on_its_own_roll() -> None:
    # R-CALL-5: dice showing the figure already do not make a call certain
    assert hit_probability((6, 6, 6, 6, 6), Figure.MORPYAM, 1) == 1
    assert best_call_keep((6, 6, 6, 6, 6), Figure.MORPYAM) == ((6, 6, 6, 6), Fraction(1, 6))
    # R-CALL-3: SEC is called before the first roll only
    assert call_probability((6, 6, 6, 6, 6), Special.SEC) == 0
    assert best_call_keep(None, Special.SEC) == ((), Fraction(736, 7776))


def test_sec_in_a_position_counts_on_the_first_roll_only() -> None:
    # R-CELL-2: a four of a kind on the first roll is a Sec; later it is not
    assert hit_probability((2, 2, 2, 2, 5), Special.SEC, 2) == 1
    assert hit_probability((2, 2, 2, 2, 5), Special.SEC, 1) == 0
    # a Brelan on the first roll is no Sec, and a Sec cannot be made later
    assert hit_probability((2, 2, 2, 4, 5), Special.SEC, 2) == 0
    assert best_keep((2, 2, 2, 4, 5), Special.SEC, 2) == ((2, 2, 2, 4, 5), Fraction(0))
    # with other sec_figures (a knob), other first rolls are a Sec
    assert hit_probability((2, 2, 2, 4, 5), Special.SEC, 2, sec_figures={Figure.THREE_TWOS}) == 1


# --- the whole tables against the plain expectimax ------------------------------------


@pytest.mark.parametrize("figure", FIGURES)
def test_every_table_matches_the_plain_expectimax(figure: Figure) -> None:
    target = frozenset({figure})
    for rolls in (1, 2, 3):
        assert turn_probability(figure, rolls) == reference_turn(target, rolls)
    for dice in itertools.combinations_with_replacement(range(1, 7), 5):
        for rolls_left in (0, 1, 2):
            assert hit_probability(dice, figure, rolls_left) == reference(dice, target, rolls_left)


def test_sets_of_targets_match_the_plain_expectimax() -> None:
    cases = [
        {Figure.THREE_SIXES, Figure.MAXI},
        {Figure.STRAIGHT, Figure.FULL_HOUSE, Figure.MINI},
        {Figure.SMALL_STRAIGHT, Figure.THREE_ONES, Figure.MORPYAM},
    ]
    for case in cases:
        target = frozenset(case)
        assert turn_probability(case) == reference_turn(target, 3)
        for dice in [(1, 2, 3, 5, 6), (6, 6, 5, 1, 1), (2, 2, 4, 4, 6)]:
            expected = reference(tuple(sorted(dice)), target, 2)
            assert hit_probability(dice, case, 2) == expected
            assert best_keep(dice, case, 2)[1] == expected


def test_a_set_with_sec_from_a_fresh_turn() -> None:
    # R-CELL-2: the first roll covers SEC or a figure; the later ones a figure only
    wanted = frozenset({Figure.MINI})
    expected = Fraction(0)
    for roll in ORDERED:
        dice = tuple(sorted(roll))
        first = shows_any(dice, SEC_FIGURES) or shows(dice, Figure.MINI)
        expected += Fraction(1, 7776) * (1 if first else reference(dice, wanted, 2))
    assert turn_probability({Special.SEC, Figure.MINI}) == expected


# --- brute force over ordered rolls ----------------------------------------------------------


@settings(max_examples=examples(25))
@given(dice=dice_st, figure=st.sampled_from(FIGURES))
def test_one_roll_left_is_the_brute_force_over_ordered_rolls(
    dice: tuple[int, ...], figure: Figure
) -> None:
    expected = (
        Fraction(1)
        if shows(dice, figure)
        else brute_force_one_roll(dice, lambda f: shows(f, figure))
    )
    assert hit_probability(dice, figure, 1) == expected
    keep, chance = best_keep(dice, figure, 1)
    assert chance == expected
    if expected != 1:
        assert keep in keep_options(tuple(sorted(dice)))
        assert keep_probability(keep, figure, 1) == expected


@settings(max_examples=examples(25))
@given(dice=dice_st, figure=st.sampled_from(sorted(SEC_FIGURES, key=FIGURES.index)))
def test_a_call_is_the_brute_force_of_one_roll(dice: tuple[int, ...], figure: Figure) -> None:
    # R-CALL-5: the call hits only if the very next roll shows the figure
    expected = brute_force_one_roll(dice, lambda f: shows(f, figure))
    keep, chance = best_call_keep(dice, figure)
    assert chance == call_probability(dice, figure) == expected
    assert keep_probability(keep, figure, 1) == expected


# --- properties ----------------------------------------------------------------------------------


@settings(max_examples=examples(60))
@given(
    dice=dice_st,
    targets=st.sets(st.sampled_from(FIGURES), min_size=1, max_size=4),
    rolls_left=st.integers(0, 2),
)
def test_properties_of_targets(
    dice: tuple[int, ...], targets: set[Figure], rolls_left: int
) -> None:
    together = hit_probability(dice, targets, rolls_left)
    alone = [hit_probability(dice, f, rolls_left) for f in targets]
    assert max(alone) <= together <= min(Fraction(1), sum(alone))
    if rolls_left:
        assert hit_probability(dice, targets, rolls_left - 1) <= together
        keep, chance = best_keep(dice, targets, rolls_left)
        assert chance == together
        if together < 1:
            assert chance == max(
                keep_probability(k, targets, rolls_left) for k in keep_options(tuple(sorted(dice)))
            )
            assert keep_probability(keep, targets, rolls_left) == chance
    assert hit_probability(list(reversed(dice)), targets, rolls_left) == together


def test_order_of_a_figure_s_probabilities_over_rolls() -> None:
    for label, chances in turn_table():
        assert len(chances) == 3
        assert chances[0] <= chances[1] <= chances[2] < 1, label
    assert [label for label, _ in turn_table()] == [*Figure, Special.SEC]


# --- bad input ---------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "dice",
    [
        (1, 2, 3, 4),
        (1, 2, 3, 4, 5, 6),
        (0, 1, 2, 3, 4),
        (1, 2, 3, 4, 7),
        "12345",
        None,
        (1, 2, 3, 4, 5.0),
        (True, 1, 1, 1, 1),
    ],
)
def test_dice_must_be_five_faces(dice: object) -> None:
    with pytest.raises(OddsError, match="five faces from 1 to 6"):
        hit_probability(dice, Figure.MINI, 1)  # type: ignore[arg-type]


@pytest.mark.parametrize("rolls_left", [-1, 3, True, 1.0, None])
def test_rolls_left_is_0_to_2(rolls_left: object) -> None:
    with pytest.raises(OddsError, match="rolls_left is 0 to 2"):
        hit_probability((1, 2, 3, 4, 5), Figure.MINI, rolls_left)  # type: ignore[arg-type]
    with pytest.raises(OddsError, match="rolls_left"):
        best_keep((1, 2, 3, 4, 5), Figure.MINI, rolls_left)  # type: ignore[arg-type]


def test_other_bad_questions() -> None:
    assert issubclass(OddsError, ValueError)
    with pytest.raises(OddsError, match="1 to 3 rolls"):
        turn_probability(Figure.MINI, rolls=0)
    with pytest.raises(OddsError, match="1 to 3 rolls"):
        turn_probability(Figure.MINI, rolls=4)
    with pytest.raises(OddsError, match="CALL"):
        turn_probability(Special.CALL)
    with pytest.raises(OddsError, match="at least one"):
        turn_probability(set())
    with pytest.raises(OddsError, match="a target"):
        turn_probability("MINI")  # type: ignore[arg-type]
    with pytest.raises(OddsError, match="not a Figure"):
        turn_probability([Figure.MINI, 3])  # type: ignore[list-item]
    with pytest.raises(OddsError, match="rolls_left is 1 to 2"):
        keep_probability((6, 6), Figure.MINI, 0)
    with pytest.raises(OddsError, match="a keep is 0 to 4"):
        keep_probability((6, 6, 6, 6, 6), Figure.MINI, 1)
    with pytest.raises(OddsError, match="a call names"):
        call_probability(None, Special.CALL)
    with pytest.raises(OddsError, match="sec_figures"):
        turn_probability(Special.SEC, sec_figures="MINI")  # type: ignore[arg-type]


@pytest.mark.parametrize("rolls", [5, None, "123", 2.0])
def test_turn_table_wants_a_collection_of_roll_counts(rolls: object) -> None:
    # R-TURN-1: a turn has 1 to 3 rolls; a bare number is not a collection of them
    with pytest.raises(OddsError, match="rolls"):
        turn_table(rolls)  # type: ignore[arg-type]
    with pytest.raises(OddsError, match="1 to 3 rolls"):
        turn_table((1, 4))
    assert dict(turn_table([3]))[Figure.MORPYAM] == (turn_probability(Figure.MORPYAM),)


# --- the documentation shows the library's numbers -------------------------------------------------

ROOT = Path(__file__).resolve().parent.parent


def test_the_docs_table_and_chart_match_the_library() -> None:
    page = (ROOT / "docs" / "odds-and-bots.md").read_text(encoding="utf-8")
    rows = {
        cells[2]: cells[3:7]
        for line in page.splitlines()
        if line.startswith("| `") and len(cells := [c.strip() for c in line.split("|")]) == 8
    }
    for label, chances in turn_table():
        code = "3×1 … 3×6" if isinstance(label, Figure) and label.brelan_face else label.code
        exact = chances[2]
        assert rows[code] == [
            *(f"{float(p):.2%}" for p in chances),
            f"{exact.numerator:,} / {exact.denominator:,}",  # a line may break at the slash
        ], label
    spec = importlib.util.spec_from_file_location(
        "bench_odds", ROOT / "benchmarks" / "bench_odds.py"
    )
    assert spec is not None
    assert spec.loader is not None
    bench = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(bench)
    chart = (ROOT / "docs" / "odds-chart.svg").read_text(encoding="utf-8")
    assert chart == bench.odds_svg(), (
        "run: python benchmarks/bench_odds.py --svg docs/odds-chart.svg"
    )
