"""The edge benchmark's measure: greedy's rollouts at a challenger's departures from greedy."""

from __future__ import annotations

import random
import sys
from pathlib import Path

import pytest

import morpyam.myrummy as mr
from morpyam.myrummy.play._bots import GreedyBot

sys.path.insert(0, str(Path(__file__).parent.parent / "research"))
import myrummy_edge as edge


def race() -> mr.State:
    """Either player goes out on their turn (R-RUM-END-1; seat 1 by Handrummy, R-RUM-VAR-HAND):
    seat 0, on turn, wins by laying and loses by drawing, whatever the pool holds."""
    return mr.position(
        mr.Rules.classic(handrummy=True),
        racks=[mr.parse_tiles("gn10 gn11 gn12"), mr.parse_tiles("gn1 gn2 gn3")],
    )


class Drawer:
    """Always draws."""

    def choose(self, state: mr.State, rng: random.Random) -> mr.Action:
        return mr.legal_actions(state)[0]


def test_advantage_of_going_out_over_drawing_is_a_whole_win() -> None:
    state = race()
    play = GreedyBot().choose(state, random.Random(0))
    pull = mr.legal_actions(state)[0]
    assert isinstance(play, mr.Play)
    assert edge.advantage(state, play, pull, GreedyBot(), 5, seed=1) == [1.0] * 5
    assert edge.advantage(state, pull, play, GreedyBot(), 5, seed=1) == [-1.0] * 5


def test_audit_notes_departures_only_and_changes_no_action() -> None:
    state = race()
    drawer = edge.Audited(Drawer(), GreedyBot(), pairs=4, seed=7)
    assert drawer.choose(state, random.Random(0)) == mr.legal_actions(state)[0]
    assert drawer.departures == [(-1.0, 0.0)]
    follower = edge.Audited(GreedyBot(), GreedyBot(), pairs=4, seed=7)
    assert follower.choose(state, random.Random(0)) == GreedyBot().choose(state, random.Random(0))
    assert follower.departures == []


def test_summary_estimates_by_hand() -> None:
    pairs = [
        (edge.Match(1.0, ((0.5, 0.01),)), edge.Match(0.0, ())),
        (edge.Match(1.0, ()), edge.Match(1.0, ((0.25, 0.0), (0.0, 0.02)))),
    ]
    assert pairs[1][1].gain == 0.25
    assert pairs[1][1].variance == pytest.approx(0.02)
    (_, wins, _), (_, rolled, _), (_, gap, _) = edge.summary(pairs)
    # pair means by wins 0.5 and 1.0; by rollouts 0.5 + 0.5 / 2 and 0.5 + 0.25 / 2
    assert wins == pytest.approx(0.75)
    assert rolled == pytest.approx((0.75 + 0.625) / 2)
    assert gap == pytest.approx(0.75 - 0.6875)


def trap() -> mr.State:
    """Seat 0 (on turn) can lay only gn4, which gives seat 1 the spot for its last tile, gn5
    (R-RUM-END-1): laying loses for certain; drawing does not."""
    return mr.position(
        mr.Rules.classic(),
        racks=[mr.parse_tiles("gn4 bk13"), mr.parse_tiles("gn5")],
        table=[mr.parse_meld("[gn1 gn2 gn3]")],
        opened=[0, 1],
    )


@pytest.mark.slow
def test_oracle_sees_the_true_state_and_avoids_the_trap() -> None:
    state = trap()
    play = GreedyBot().choose(state, random.Random(0))
    pull = mr.legal_actions(state)[0]
    assert isinstance(play, mr.Play)
    gains = edge.advantage(state, pull, play, GreedyBot(), 8, seed=3)
    assert all(gain >= 0 for gain in gains)  # laying is a sure loss: a share of 0
    assert next(edge.Oracle().deals(state, 0, random.Random(0))) is state
    oracle = edge.Oracle(first=8, samples=8, rollout_table=None)
    assert oracle.choose(state, random.Random(5)) == pull


def test_log_lines_read_back_exactly_and_bad_lines_are_refused() -> None:
    run: dict[str, object] = {"challenger": "oracle", "seed": 9, "rollouts": 4}
    pairs = [
        (edge.Match(1.0, ((0.5, 0.01),)), edge.Match(0.0, ())),
        (edge.Match(0.5, ()), edge.Match(1.0, ((-0.25, 0.0), (0.0, 0.02)))),
    ]
    lines = [edge.log_line(run, number, pair, 1.0) for number, pair in enumerate(pairs)]
    assert edge.read_log(lines) == (run, pairs)
    other = edge.log_line({**run, "seed": 10}, 2, pairs[0], 1.0)
    with pytest.raises(ValueError, match="line 3: from another run"):
        edge.read_log([*lines, other])
    with pytest.raises(ValueError, match="line 2: not a pair"):
        edge.read_log([lines[0], '{"challenger": "oracle"}'])
    with pytest.raises(ValueError, match=r"the log holds 1$"):
        edge.read_log(lines[:1])


def test_watcher_deals_the_previous_rack_as_greedy_would_have_left_it() -> None:
    # Seat 1 has just had its turn as greedy and holds one tile, so it laid and has no play
    # left: its tile is neither gn4 nor a joker, the only tiles that fit gn1-gn3 alone
    # (R-RUM-RE-2 lets nothing be taken from a combination of three).
    state = mr.position(
        mr.Rules.classic(),
        racks=[mr.parse_tiles("bk13 pu9"), mr.parse_tiles("gn4")],
        table=[mr.parse_meld("[gn1 gn2 gn3]")],
        opened=[0, 1],
    )
    assert not edge.fits_greedy(state, 1)
    watcher = edge.Watcher(tries=1_000)
    rng = random.Random(11)
    deals = watcher.deals(state, 0, rng)
    dealt = {next(deals).racks[1] for _ in range(300)}
    assert all(len(rack) == 1 for rack in dealt)
    assert not dealt & {mr.parse_tiles("gn4"), mr.parse_tiles("J")}
    assert len(dealt) > 20
