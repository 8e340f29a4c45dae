"""The exact solitaire solver: published expected scores, hand-counted values, and its
agreement with the engine's own moves (the Bellman equations) at every kind of node.

Each rule set is solved once per module (a few seconds each); numpy is needed.
"""

from __future__ import annotations

import random
import statistics
from pathlib import Path

import attrs
import pytest

import morpyam.yahtzee as yz

pytest.importorskip("numpy")

B = yz.Box
HASBRO = yz.Rules.hasbro()
FREE = attrs.evolve(HASBRO, joker="free")
PLAIN = attrs.evolve(HASBRO, joker="none", yahtzee_bonus=0)
MEGA = yz.Rules.megawuerfel()


@pytest.fixture(scope="module")
def forced() -> yz.Solution:
    return yz.solve(HASBRO)


@pytest.fixture(scope="module")
def free() -> yz.Solution:
    return yz.solve(FREE)


@pytest.fixture(scope="module")
def plain() -> yz.Solution:
    return yz.solve(PLAIN)


@pytest.fixture(scope="module")
def mega() -> yz.Solution:
    return yz.solve(MEGA)


# --- published and hand-counted values ------------------------------------------------


@pytest.mark.slow
def test_published_value_free_choice_joker(free: yz.Solution) -> None:
    # Y-BONUS-2, Y-JOKER-1 (free): 254.5896 (Verhoeff 1999; Glenn 2006)
    assert round(free.expected_score, 4) == 254.5896


@pytest.mark.slow
def test_published_value_forced_joker(forced: yz.Solution) -> None:
    # Y-BONUS-2, Y-JOKER-1 (forced, Hasbro): 254.5877
    assert round(forced.expected_score, 4) == 254.5877


def test_published_value_without_bonus_or_joker(plain: yz.Solution) -> None:
    # Y-BONUS-1 at 63 or more, no Yahtzee bonus, no joker: 245.87 (Glenn 2006, two decimals)
    assert round(plain.expected_score, 2) == 245.87


@pytest.mark.slow
def test_the_seed_sheet_is_harder_than_63_or_more(mega: yz.Solution, plain: yz.Solution) -> None:
    # Y-BONUS-1: "higher than 63" pays less often than "63 or more", with everything else equal
    assert mega.expected_score < plain.expected_score
    assert plain.expected_score - mega.expected_score < 35


def one_box_left(rules: yz.Rules, box: yz.Box) -> yz.State:
    boxes: list[int | None] = [0] * 13
    boxes[box.index] = None
    return yz.State(rules, ((yz.Sheet(tuple(boxes)),),), 0, 0, 0, None, (), False)


def test_chance_alone_is_worth_70_thirds(plain: yz.Solution) -> None:
    # Y-BOX-7 by hand: one die with one roll left is worth 7/2; with two, keep 4 or more:
    # 15/6 + 3/6 * 7/2 = 17/4; with three, keep 5 or 6: 11/6 + 4/6 * 17/4 = 14/3. Five dice: 70/3.
    assert plain.value(one_box_left(PLAIN, B.CHANCE)) == pytest.approx(70 / 3, abs=1e-9)


@pytest.mark.slow
def test_yahtzee_alone_is_worth_50_times_the_published_chance(mega: yz.Solution) -> None:
    # Y-BOX-6: the chance of five of a kind in three rolls, played for it, is
    # 2,783,176 / 60,466,176 (a well-known published figure)
    value = mega.value(one_box_left(MEGA, B.YAHTZEE))
    assert value == pytest.approx(50 * 2_783_176 / 60_466_176, abs=1e-9)


@pytest.mark.slow
def test_a_game_starts_at_the_expected_score(forced: yz.Solution) -> None:
    state = yz.new_game(HASBRO)
    assert forced.value(state) == forced.expected_score
    assert forced.best_action(state) == yz.Roll()
    assert forced.value(yz.apply(state, yz.Roll())) == pytest.approx(forced.expected_score)


# --- the solver agrees with the engine at every node -----------------------------------------


def check_node(solution: yz.Solution, state: yz.State) -> None:
    """The value of a node is the best (decision) or mean (chance) of its children's values."""
    value = solution.value(state)
    if state.is_chance:
        mean = sum(
            float(p) * solution.value(yz.apply(state, outcome))
            for outcome, p in yz.chance_outcomes(state)
        )
        assert value == pytest.approx(mean, abs=1e-9)
        return
    children = {a: solution.value(yz.apply(state, a)) for a in yz.legal_actions(state)}
    assert value == pytest.approx(max(children.values()), abs=1e-9)
    best = solution.best_action(state)
    assert children[best] == pytest.approx(value, abs=1e-9)


def random_nodes(solution: yz.Solution, seed: int, count: int) -> list[yz.State]:
    rng = random.Random(seed)
    nodes: list[yz.State] = []
    state = yz.new_game(solution.rules)
    while len(nodes) < count:
        if state.is_terminal:
            state = yz.new_game(solution.rules)
        nodes.append(state)
        if state.is_chance:
            state = yz.apply(state, yz.sample_chance(state, rng))
        else:
            # mostly optimal play, sometimes random, to reach varied sheets
            legal = yz.legal_actions(state)
            good = rng.random() < 0.7
            state = yz.apply(state, solution.best_action(state) if good else rng.choice(legal))
    return nodes


@pytest.mark.slow
@pytest.mark.parametrize("name", ["forced", "free", "plain", "mega"])
def test_bellman_on_random_nodes(name: str, request: pytest.FixtureRequest) -> None:
    solution: yz.Solution = request.getfixturevalue(name)
    for state in random_nodes(solution, seed=len(name), count=120):
        check_node(solution, state)


LOWER: list[yz.Box] = [box for box in yz.BOXES[6:] if box is not B.YAHTZEE]


def five_of_a_kind_nodes(rules: yz.Rules) -> list[yz.State]:
    """Decisions with five of a kind showing: Yahtzee box open, 0 or 50; matching upper box
    filled or not; the lower half open, full, or with one box left, so that each box's value
    decides: every branch of the joker rules (Y-JOKER-1)."""
    nodes = []
    lower_open: list[list[yz.Box]] = [LOWER, [], *([box] for box in LOWER)]
    for face in (1, 4, 6):
        for yahtzee in (None, 0, 50):
            for matching in (None, 3 * face):
                for still_open in lower_open:
                    boxes: list[int | None] = [None] * 13
                    boxes[B.YAHTZEE.index] = yahtzee
                    boxes[face - 1] = matching
                    for box in LOWER:
                        if box not in still_open:
                            boxes[box.index] = 0
                    boxes[face % 6] = 2 * (face % 6 + 1)  # another upper box filled
                    sheet = yz.Sheet(tuple(boxes))
                    state = yz.State(rules, ((sheet,),), 0, 0, 0, None, (), False)
                    state = yz.apply(yz.apply(state, yz.Roll()), yz.RollResult((face,) * 5))
                    nodes.append(state)
                    state = yz.apply(state, yz.Roll((face,) * 4))
                    nodes.append(yz.apply(state, yz.RollResult((face,))))
    return nodes


@pytest.mark.slow
@pytest.mark.parametrize("name", ["forced", "free", "plain", "mega"])
def test_bellman_with_five_of_a_kind(name: str, request: pytest.FixtureRequest) -> None:
    # Y-BONUS-2, Y-JOKER-1: the solver's vectorised scoring agrees with the engine's
    solution: yz.Solution = request.getfixturevalue(name)
    for state in five_of_a_kind_nodes(solution.rules):
        check_node(solution, state)


@pytest.mark.slow
def test_upper_bonus_edges_agree(forced: yz.Solution, mega: yz.Solution) -> None:
    # Y-BONUS-1: sheets one box short of the target, and at it, under both comparisons
    for solution in (forced, mega):
        for upper in ((3, 6, 9, 12, 15, None), (3, 6, 9, 12, 15, None), (2, 6, 9, 12, 15, None)):
            boxes = (*upper, None, None, None, 30, None, None, None)
            state = yz.State(solution.rules, ((yz.Sheet(boxes),),), 0, 0, 0, None, (), False)
            state = yz.apply(yz.apply(state, yz.Roll()), yz.RollResult((6, 6, 6, 1, 2)))
            check_node(solution, state)


# --- the optimal bot ----------------------------------------------------------------------


@pytest.mark.slow
def test_the_optimal_bot_scores_the_expected_score(forced: yz.Solution) -> None:
    rng = random.Random(2026)
    totals = []
    for _ in range(300):
        state = yz.new_game(HASBRO)
        while not state.is_terminal:
            if state.is_chance:
                state = yz.apply(state, yz.sample_chance(state, rng))
            else:
                state = yz.apply(state, forced.best_action(state))
        totals.append(yz.scores(state)[0])
    error = statistics.pstdev(totals) / len(totals) ** 0.5
    assert abs(statistics.mean(totals) - forced.expected_score) < 3 * error


def test_best_action_needs_a_decision_of_its_rules(plain: yz.Solution) -> None:
    in_air = yz.apply(yz.new_game(PLAIN), yz.Roll())
    with pytest.raises(ValueError, match="only a player's decision"):
        plain.best_action(in_air)
    with pytest.raises(ValueError, match="this solution is for"):
        plain.best_action(yz.new_game(HASBRO))
    with pytest.raises(ValueError, match="expected a yahtzee State"):
        plain.value("state")  # type: ignore[arg-type]
    state = one_box_left(PLAIN, B.CHANCE)
    state = yz.apply(yz.apply(state, yz.Roll()), yz.RollResult((6, 6, 6, 6, 6)))
    end = yz.apply(state, yz.Score(B.CHANCE))
    assert end.is_terminal
    assert plain.value(end) == end.sheet.total == 30
    with pytest.raises(ValueError, match="only a player's decision"):
        plain.best_action(end)


def test_several_players_and_games(plain: yz.Solution) -> None:
    # the bot plays the current player's current sheet, in any seat and game
    rng = random.Random(3)
    state = yz.new_game(attrs.evolve(PLAIN, players=2), games=2)
    while not state.is_terminal:
        if state.is_chance:
            state = yz.apply(state, yz.sample_chance(state, rng))
        else:
            assert plain.best_action(state) in yz.legal_actions(state)
            state = yz.apply(state, plain.best_action(state))
    assert all(sheet.is_full for column in state.sheets for sheet in column)


# --- files ----------------------------------------------------------------------------------------


def test_save_and_load(plain: yz.Solution, tmp_path: Path) -> None:
    path = tmp_path / "plain.npz"
    plain.save(path)
    loaded = yz.Solution.load(path)
    assert loaded.rules == PLAIN
    assert loaded.expected_score == plain.expected_score
    assert (loaded.values == plain.values).all()
    state = yz.apply(yz.apply(yz.new_game(PLAIN), yz.Roll()), yz.RollResult((1, 2, 3, 4, 6)))
    assert loaded.best_action(state) == plain.best_action(state)


def test_load_refuses_other_files(tmp_path: Path) -> None:
    import numpy as np

    text = tmp_path / "notes.npz"
    text.write_text("not a solution", encoding="utf-8")
    with pytest.raises(ValueError, match="is not a saved Yahtzee solution"):
        yz.Solution.load(text)
    other = tmp_path / "other.npz"
    with open(other, "wb") as file:
        np.savez(file, format=np.array("something/1"), rules=np.array("{}"), values=np.zeros(3))
    with pytest.raises(ValueError, match=r"is not a morpyam\.yahtzee\.solution/1 file"):
        yz.Solution.load(other)
    unknown = tmp_path / "unknown.npz"
    with open(unknown, "wb") as file:
        rules = np.array('{"upper_bonus": 35, "sevens": 1}')
        np.savez(
            file, format=np.array("morpyam.yahtzee.solution/1"), rules=rules, values=np.zeros(3)
        )
    with pytest.raises(ValueError, match="holds unknown rules"):
        yz.Solution.load(unknown)
    with pytest.raises(FileNotFoundError):
        yz.Solution.load(tmp_path / "missing.npz")


def test_save_and_load_need_a_path(plain: yz.Solution) -> None:
    # None raised TypeError; save(5) would write to file descriptor 5, so it is not tried here
    for bad in (None, 5, b"plain.npz"):
        with pytest.raises(ValueError, match=r"a file path is a str or an os\.PathLike"):
            yz.Solution.load(bad)  # type: ignore[arg-type]
    for not_a_path in (None, b"plain.npz", 2.5):
        with pytest.raises(ValueError, match=r"a file path is a str or an os\.PathLike"):
            plain.save(not_a_path)  # type: ignore[arg-type]


def test_a_solution_checks_its_values(plain: yz.Solution) -> None:
    with pytest.raises(ValueError, match="float64 array of shape"):
        yz.Solution(HASBRO, plain.values)
    with pytest.raises(ValueError, match="needs a yahtzee Rules"):
        yz.Solution("hasbro", plain.values)  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="solve needs a yahtzee Rules"):
        yz.solve("hasbro")  # type: ignore[arg-type]
