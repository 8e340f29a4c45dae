"""RolloutBot: greedy until the end of a round nears, then the draw only when rollouts favour it."""

from __future__ import annotations

import random

import pytest

import morpyam.myrummy as mr
from morpyam.myrummy import rollouts
from morpyam.myrummy.bots import play_match
from morpyam.myrummy.rollouts import RolloutBot, prefers_draw, rollout

T, M = mr.parse_tiles, mr.parse_meld

# Laid out, three tiles left; the best play lays gn13 on the run and keeps pu1 and bk7
# (the group holds a black 7 already).
LATE = mr.position(
    mr.Rules.classic(),
    racks=[T("gn13 pu1 bk7"), T("bk1 bk2 bk3 bk9 bk11")],
    table=[M("[gn10 gn11 gn12]"), M("{pu7 bk7 gy7}")],
    opened=[0, 1],
)


def test_prefers_draw_needs_every_sample_and_a_clear_positive_mean() -> None:
    # mean 0.5, standard deviation sqrt(1/3), standard error 0.289: 1.73 errors from zero
    assert prefers_draw([1.0, 0.0, 1.0, 0.0], samples=4, z=1.0)
    assert not prefers_draw([1.0, 0.0, 1.0, 0.0], samples=4, z=2.0)
    assert not prefers_draw([1.0, 0.0, 1.0], samples=4, z=0.0)  # stopped early
    assert not prefers_draw([1.0, -1.0, 0.0, 0.0], samples=4, z=0.0)  # mean 0
    assert prefers_draw([0.5] * 4, samples=4, z=100.0)  # no spread, always better


def test_a_rollout_scores_the_win_share_and_a_thousandth_of_the_points() -> None:
    # R-RUM-END-2 and R-RUM-VAR-HAND: going out at once from the rack, the joker's 25 counts double
    state = mr.position(mr.Rules.classic(), racks=[T("gn10 gn11 gn12"), T("J")])
    assert rollout(state, 0, mr.GreedyBot(), random.Random(0)) == pytest.approx(1 + 50 / 1000)
    assert rollout(state, 1, mr.GreedyBot(), random.Random(0)) == pytest.approx(-50 / 1000)


def test_it_plays_greedy_before_the_end_nears() -> None:
    # Until it has laid out and some rack holds 5 tiles or fewer, no search: greedy's choice
    greedy, bot = mr.GreedyBot(40), RolloutBot(40)
    rng = random.Random(5)
    state = mr.new_game(mr.Rules.classic())
    checked = 0
    while not state.is_terminal and checked < 12:
        if state.is_chance:
            state = mr.apply(state, mr.sample_chance(state, rng))
            continue
        if min(len(rack) for rack in state.racks) <= bot.late:
            break
        assert bot.choose(state, random.Random(0)) == greedy.choose(state, random.Random(0))
        state = mr.apply(state, greedy.choose(state, rng))
        checked += 1
    assert checked >= 8


def test_it_goes_out_whenever_it_can() -> None:
    # R-RUM-END-1: laying the last tile wins the round; no rollout is worth more
    state = mr.position(
        mr.Rules.classic(),
        racks=[T("gn13 gy4"), T("bk1 bk2")],
        table=[M("[gn10 gn11 gn12]"), M("{pu4 bk4 gn4}")],
        opened=[0, 1],
    )
    action = RolloutBot().choose(state, random.Random(0))
    assert mr.apply(state, action).winners == frozenset({0})


def test_it_draws_when_it_has_nothing_to_lay() -> None:
    # R-RUM-TURN-1: who cannot lay draws
    state = mr.position(
        mr.Rules.classic(),
        racks=[T("pu1 gy5"), T("bk1")],
        table=[M("[gn10 gn11 gn12]")],
        opened=[0, 1],
    )
    assert RolloutBot().choose(state, random.Random(0)) == mr.Draw()


def _fake_rollouts(monkeypatch: pytest.MonkeyPatch, drawn: list[float]) -> list[int]:
    """Rollouts worth 0 after the play (2 tiles left on LATE's rack) and ``drawn[k]`` after
    the draw in pair ``k`` (3 tiles, the drawn one still to come); the rack sizes they start
    from."""
    calls: list[int] = []

    def fake(state: mr.State, player: int, bot: object, rng: random.Random) -> float:
        calls.append(len(state.racks[player]))
        return 0.0 if len(state.racks[player]) == 2 else drawn[len(calls) // 2 - 1]

    monkeypatch.setattr(rollouts, "rollout", fake)
    return calls


def test_it_draws_when_the_rollouts_clearly_favour_the_draw(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    calls = _fake_rollouts(monkeypatch, [1.0, 0.0, 1.0, 1.0])
    assert RolloutBot(first=2, samples=4).choose(LATE, random.Random(0)) == mr.Draw()
    assert sorted(calls) == [2] * 4 + [3] * 4  # four pairs: the play leaves 2 tiles, the draw 3


def test_it_lays_when_the_draw_gains_nothing_early(monkeypatch: pytest.MonkeyPatch) -> None:
    calls = _fake_rollouts(monkeypatch, [1.0, -1.0, 1.0, 1.0])
    play = RolloutBot(first=2, samples=4).choose(LATE, random.Random(0))
    assert play == mr.GreedyBot().choose(LATE, random.Random(0))
    assert len(calls) == 4  # stopped after the first two pairs


def test_it_lays_when_the_draw_is_ahead_but_not_clearly(monkeypatch: pytest.MonkeyPatch) -> None:
    # mean 0.25 over 4, standard error 0.25: one error from zero, not more than z=1
    _fake_rollouts(monkeypatch, [1.0, 0.0, 1.0, -1.0])
    play = RolloutBot(first=2, samples=4).choose(LATE, random.Random(0))
    assert isinstance(play, mr.Play)


def test_its_choices_are_legal_to_the_end_of_a_match() -> None:
    # R-RUM-TURN-1, R-RUM-END-1: play_match applies every choice, so a wrong one would raise
    bot = RolloutBot(40, rollout_table=30, first=2, samples=4)
    state = mr.replay(play_match(mr.Rules.classic(), [bot, mr.GreedyBot(40)], seed=3))
    assert state.is_terminal
    assert state.winners


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [
        ({"first": 0}, "1 <= first <= samples"),
        ({"first": 9, "samples": 8}, "1 <= first <= samples"),
        ({"late": -1}, "late must be 0 or more"),
    ],
)
def test_bad_settings_are_refused(kwargs: dict[str, int], message: str) -> None:
    with pytest.raises(ValueError, match=message):
        RolloutBot(**kwargs)
