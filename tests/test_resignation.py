"""Resignation (R-END-4) at every kind of node, for 2, 3 and 4 players.

The expected positions come from the rule text, written out here on their own:

- R-END-4: with 2 players the other wins; with 3-4 the player leaves, their
  tokens stay, they take no more turns and cannot win (so no D'Aversa stays
  armed for them, R-MOR-3); the last player left wins. During the start roll
  they leave the roll-off (R-SET-3 goes on among the others, with the dice
  already thrown); during the Plus set-up their unplaced tiles go to the next
  player still in (R-VAR-PLUS).
- Nothing else changes: another player's turn, dice, call, kept dice, armed
  flag, start-roll die and the Plus set-up stay as they were.
"""

from __future__ import annotations

import itertools
import random
from collections import Counter

import pytest

import morpyam as mp

F = mp.Figure
PLAYERS = (2, 3, 4)


def next_in(after: int, players: int, out: set[int]) -> int:
    """The next seat after ``after`` whose player is still in (seat order, wrapping)."""
    for step in range(1, players + 1):
        seat = (after + step) % players
        if seat not in out:
            return seat
    raise AssertionError("nobody is left")


def start_roll_winner(faces: dict[int, int]) -> int | None:
    """R-SET-3: the single highest die starts; ``None`` when several tie on it."""
    best = max(faces.values())
    tied = [player for player, face in faces.items() if face == best]
    return tied[0] if len(tied) == 1 else None


def check_common(before: mp.State, after: mp.State, player: int) -> bool:
    """What every resignation does; True when the game goes on."""
    players = before.rules.players
    out = set(before.resigned) | {player}
    left = [p for p in range(players) if p not in out]
    assert after.resigned == frozenset(out)
    assert after.owners == before.owners  # R-END-4: their tokens stay as blockers
    assert after.tokens_left == before.tokens_left
    if len(left) == 1:
        # R-END-4: the last player left wins; with 2 players, the other one
        assert after.winners == frozenset(left)
        assert after.end_rule == "R-END-4"
        assert after.is_terminal
        assert not any(after.daversa_armed)
        return False
    assert after.winners == frozenset()  # nobody has won yet
    assert after.end_rule is None
    # R-END-4 + R-MOR-3: the one who left cannot win; the others keep their flags
    assert after.daversa_armed == tuple(
        False if p == player else armed for p, armed in enumerate(before.daversa_armed)
    )
    assert after.current_player != player
    return True


# --- the start roll (R-SET-3) -----------------------------------------------------------------------


def start_roll(rules: mp.Rules, faces: list[int]) -> mp.State:
    state = mp.new_game(rules)
    for face in faces:
        state = mp.apply(state, mp.RollResult((face,)))
    return state


@pytest.mark.parametrize("players", PLAYERS)
@pytest.mark.parametrize("plus", [False, True])
def test_resigning_during_the_start_roll(players: int, plus: bool) -> None:
    # R-END-4, R-SET-3: the one who resigns leaves the roll-off; the dice thrown stay
    rules = mp.Rules.plus(players) if plus else mp.Rules.classic(players)
    for thrown in range(players):
        faces = [6 - seat for seat in range(thrown)]  # distinct: no tie among them
        before = start_roll(rules, faces)
        assert before.roll_off == tuple(range(players))
        for player in range(players):
            after = mp.resign(before, player)
            if not check_common(before, after, player):
                continue
            rolled = {seat: face for seat, face in enumerate(faces) if seat != player}
            waiting = [seat for seat in range(thrown, players) if seat != player]
            if waiting:
                # the roll-off goes on: the others in seat order, their dice as thrown
                assert after.roll_off == tuple(sorted([*rolled, *waiting]))
                assert after.roll_off_faces == tuple(rolled.values())
                assert after.player == waiting[0]
                assert after.is_chance
                assert after.setup == before.setup  # the Plus set-up is still to come
            else:
                first = start_roll_winner(rolled)
                assert first is not None  # the faces are distinct
                assert after.roll_off == ()
                assert after.player == first
                if plus:
                    # R-VAR-PLUS: the deal starts with the first player, the bag still full
                    assert after.setup is not None
                    assert after.setup.first == first
                    assert len(after.setup.bag) == 36
                    assert after.is_chance
                else:
                    assert after.setup is None
                    assert (after.rolls, after.dice, after.in_air) == (0, None, False)


@pytest.mark.parametrize("players", [3, 4])
def test_resigning_outside_a_narrowed_start_roll(players: int) -> None:
    # R-SET-3: players 0 and 1 tie on 6 and roll again; the others are out of the roll-off
    for plus in (False, True):
        rules = mp.Rules.plus(players) if plus else mp.Rules.classic(players)
        before = start_roll(rules, [6, 6] + [1] * (players - 2) + [4])
        assert (before.roll_off, before.roll_off_faces) == ((0, 1), (4,))
        for player in range(2, players):
            after = mp.resign(before, player)
            assert check_common(before, after, player)
            # R-END-4: nothing of the roll-off changes; player 1 still throws against 0's 4
            assert (after.roll_off, after.roll_off_faces) == ((0, 1), (4,))
            assert after.player == 1
            assert after.daversa_armed == (False,) * players
            assert after.setup == before.setup
            assert (after.setup is not None) == plus
            after = mp.apply(after, mp.RollResult((2,)))
            assert after.player == 0  # the 4 beats the 2
            assert after.roll_off == ()


def test_resigning_inside_a_narrowed_start_roll() -> None:
    # R-SET-3 with 4 players: 0, 1 and 2 tie on 5; 0 threw a 3 in the new roll; 1 resigns
    before = start_roll(mp.Rules.plus(4), [5, 5, 5, 2, 3])
    assert (before.roll_off, before.roll_off_faces) == ((0, 1, 2), (3,))
    after = mp.resign(before, 1)
    assert check_common(before, after, 1)
    assert (after.roll_off, after.roll_off_faces) == ((0, 2), (3,))
    assert after.player == 2
    after = mp.resign(before, 0)
    assert (after.roll_off, after.roll_off_faces) == ((1, 2), ())  # 0's die leaves with them
    assert after.player == 1
    assert after.setup == before.setup


# --- the Plus deal (R-VAR-PLUS) ---------------------------------------------------------------------


def dealt(players: int, first: int, count: int) -> mp.State:
    state = mp.new_game(mp.Rules.plus(players), first_player=first)
    rng = random.Random(count)
    for _ in range(count):
        state = mp.apply(state, mp.sample_chance(state, rng))
    return state


@pytest.mark.parametrize("players", PLAYERS)
def test_resigning_during_the_deal(players: int) -> None:
    # R-VAR-PLUS: one tile at a time round the table; R-END-4: the deal skips who resigned,
    # and their tiles go to the next player still in
    for first in range(players):
        for count in (0, 1, players + 1):
            before = dealt(players, first, count)
            assert before.setup is not None
            assert before.player == (first + count) % players  # who gets the next tile
            for player in range(players):
                after = mp.resign(before, player)
                if not check_common(before, after, player):
                    assert after.setup == before.setup  # the tiles stay as they were
                    continue
                assert after.setup is not None
                taker = next_in(player, players, {player})
                hands = before.setup.hands
                expected = Counter(hands[taker]) + Counter(hands[player])
                assert Counter(after.setup.hands[taker]) == expected
                assert after.setup.hands[player] == ()
                assert after.setup.bag == before.setup.bag
                receiver = taker if before.player == player else before.player
                assert after.player == receiver
                assert after.is_chance
                # the rest of the deal goes round the players still in
                state, receivers = after, []
                rng = random.Random(7)
                while state.setup is not None and state.setup.bag:
                    receivers.append(state.player)
                    state = mp.apply(state, mp.sample_chance(state, rng))
                assert player not in receivers
                assert all(
                    b == next_in(a, players, {player}) for a, b in itertools.pairwise(receivers)
                )
                assert state.setup is not None
                assert sum(len(hand) for hand in state.setup.hands) == 36
                assert state.setup.hands[player] == ()


# --- laying out the Plus tiles ----------------------------------------------------------------------


def laying(players: int, first: int, laid: int) -> mp.State:
    state = dealt(players, first, 36)
    rng = random.Random(laid)
    for _ in range(laid):
        state = mp.apply(state, rng.choice(mp.legal_actions(state)))
    return state


def first_layer(setup: mp.Setup, players: int, out: set[int]) -> int:
    """R-VAR-PLUS: the first player lays, then each other in seat order: who holds tiles first."""
    assert setup.first is not None
    for step in range(players):
        seat = (setup.first + step) % players
        if seat not in out and setup.hands[seat]:
            return seat
    raise AssertionError("every tile is laid")


@pytest.mark.parametrize("players", PLAYERS)
def test_resigning_while_the_tiles_are_laid(players: int) -> None:
    # R-VAR-PLUS, R-END-4: a leaver's unplaced tiles are laid by the next player still in
    for first in range(players):
        for laid in (0, 5, 36 // players + 2):
            before = laying(players, first, laid)
            assert before.setup is not None
            assert not before.setup.bag
            layer = before.player
            for player in range(players):
                after = mp.resign(before, player)
                if not check_common(before, after, player):
                    assert after.setup == before.setup  # the tiles laid so far stay visible
                    continue
                assert after.setup is not None
                assert after.setup.tiles == before.setup.tiles
                taker = next_in(player, players, {player})
                hands = before.setup.hands
                assert Counter(after.setup.hands[taker]) == Counter(hands[taker]) + Counter(
                    hands[player]
                )
                assert after.setup.hands[player] == ()
                if player != layer:
                    assert after.player == layer  # not interrupted
                else:
                    assert after.player == first_layer(after.setup, players, {player})
                assert not after.is_chance


# --- turns: decisions, dice in the air, a pending call ----------------------------------------------


def turn_positions(players: int) -> dict[str, mp.State]:
    """Positions of a turn of player 1, after player 0 placed with a Morpyam on the SEC cell.

    R-MOR-3 (official rules): player 0's D'Aversa is armed during the others' turns.
    """
    state = mp.new_game(mp.Rules.official(players), first_player=0)
    state = mp.apply(state, mp.Roll())
    state = mp.apply(state, mp.RollResult((6, 6, 6, 6, 6)))
    state = mp.apply(state, mp.Place(mp.Cell.parse("c3")))  # SEC: no replay (R-MOR-2)
    assert state.player == 1
    assert state.daversa_armed[0]
    start = state
    called = mp.apply(start, mp.Roll(call=F.MINI))
    decided = mp.apply(called, mp.RollResult((1, 2, 3, 5, 6)))  # no MINI: the call missed
    in_air = mp.apply(decided, mp.Roll(keep=(1, 2)))
    called_again = mp.apply(decided, mp.Roll(keep=(1, 2), call=F.MINI))
    return {
        "turn start": start,
        "call pending": called,
        "dice showing": decided,
        "dice in the air": in_air,
        "second call pending": called_again,
    }


@pytest.mark.parametrize("players", PLAYERS)
@pytest.mark.parametrize(
    "node", ["turn start", "call pending", "dice showing", "dice in the air", "second call pending"]
)
def test_resigning_during_a_turn(players: int, node: str) -> None:
    before = turn_positions(players)[node]
    assert before.player == 1
    for player in range(players):
        after = mp.resign(before, player)
        if not check_common(before, after, player):
            continue
        if player == before.player:
            # R-END-4: they take no more turns: a fresh turn of the next player still in
            assert after.player == next_in(player, players, {player})
            assert (after.rolls, after.dice, after.kept) == (0, None, ())
            assert (after.in_air, after.call) == (False, None)
        else:
            # R-END-4: another player's turn goes on exactly as it was
            fields = ("player", "rolls", "dice", "kept", "in_air", "call", "layout", "setup")
            assert [getattr(after, f) for f in fields] == [getattr(before, f) for f in fields]
            assert mp.legal_actions(after) == mp.legal_actions(before)
            assert mp.chance_outcomes(after) == mp.chance_outcomes(before)


@pytest.mark.parametrize("players", [3, 4])
def test_a_pending_call_still_binds_after_another_player_resigns(players: int) -> None:
    # R-CALL-5: the called MINI comes up after player 2 left: the token must go on a CALL cell
    before = turn_positions(players)["call pending"]
    after = mp.resign(before, 2)
    assert after.call is F.MINI
    hit = mp.apply(after, mp.RollResult((1, 1, 1, 2, 3)))
    assert {str(a) for a in mp.legal_actions(hit)} == {"place d3", "place c4"}


@pytest.mark.parametrize("players", [3, 4])
def test_an_armed_player_who_resigns_cannot_win_by_daversa(players: int) -> None:
    # R-MOR-3 + R-END-4: player 0 is armed; after resigning, their flag is down for good
    before = turn_positions(players)["turn start"]
    after = mp.resign(before, 0)
    assert after.daversa_armed == (False,) * players
    kept = mp.resign(before, 2)
    assert kept.daversa_armed[0]
    assert kept.daversa_armed[1:] == (False,) * (players - 1)


@pytest.mark.parametrize("players", PLAYERS)
def test_resigning_in_turn_after_others_resigned(players: int) -> None:
    # R-END-4: resignations one after another until one player is left
    state = turn_positions(players)["dice showing"]
    order = list(range(players))
    random.Random(players).shuffle(order)
    for count, player in enumerate(order[:-1], 1):
        before = state
        state = mp.resign(state, player)
        going_on = check_common(before, state, player)
        assert going_on == (count < players - 1)
    assert state.winners == frozenset({order[-1]})
