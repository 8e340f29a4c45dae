"""Morpyam's cases: scenarios for the rule IDs of sections 1 to 8, positions from seeded play,
the actions worth probing, and the rule IDs a position exercises."""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator, Sequence
from typing import Any

import attrs

import morpyam as mp
from morpyam.figures import Figure, Special
from morpyam.scoring import lines
from morpyam.vectors._cases import Probe, Scenario, Source

__all__ = ["PER_GAME", "SOURCE", "first", "spread", "turn"]

F = Figure
_FIGURE_RULES = {
    **{figure: "R-FIG-1" for figure in F if figure.brelan_face},
    F.SMALL_STRAIGHT: "R-FIG-2",
    F.STRAIGHT: "R-FIG-3",
    F.FULL_HOUSE: "R-FIG-4",
    F.FOUR_OF_A_KIND: "R-FIG-5",
    F.MINI: "R-FIG-6",
    F.MAXI: "R-FIG-7",
    F.MORPYAM: "R-FIG-8",
}
_LABELS = (*F, *Special)
_GROUPS = (
    ("classic", 2),
    ("classic", 3),
    ("classic", 4),
    ("official", 2),
    ("flash", 2),
    ("plus", 2),
)


def turn(dice: str, cell: str) -> tuple[str, ...]:
    """One turn: a roll showing ``dice`` and a token on ``cell``."""
    return ("roll", f"dice {dice}", f"place {cell}")


def first(rules: mp.Rules, player: int | None = 0) -> Callable[[], mp.State]:
    """A new game with ``player`` to move first (``None``: the start roll decides)."""
    return lambda: mp.new_game(rules, first_player=player)


def _new(rules: mp.Rules) -> Callable[[], mp.State]:
    """A new game that begins with the start roll."""
    return first(rules, None)


def _plus(stage: str) -> mp.State:
    """A Morpyam Plus game after the start roll (player 0 starts): the deal in grid order, then
    (``stage`` "laying" or "built") player 0 lays ten tiles, or everyone lays all their tiles."""
    rules = mp.Rules.plus(2)
    state = mp.apply(mp.apply(mp.new_game(rules), mp.RollResult((6,))), mp.RollResult((1,)))
    for label in rules.layout.labels:
        state = mp.apply(state, mp.DealTile(label))
    laid = 0
    while state.setup is not None and not (stage == "laying" and laid == 10):
        hand = state.setup.hands[state.player]
        cell = next(i for i, tile in enumerate(state.setup.tiles) if tile is None)
        state = mp.apply(state, mp.PlaceTile(hand[-1], state.layout.cells[cell]))
        laid += 1
    return state


def _setup_scenarios() -> Iterator[Scenario]:
    """The start roll, a turn's beginning, the first roll, placing or passing after it."""
    classic = mp.Rules.classic(2)
    official = mp.Rules.official(2)
    flash = mp.Rules.flash(2)
    for preset, players in (("classic", 2), ("official", 2), ("flash", 4)):
        yield Scenario(
            "start-roll",
            preset,
            players,
            ("R-SET-3",),
            "The game starts with the start roll: each player throws one die, the highest starts.",
            _new(mp.rules.PRESETS[preset](players)),
            probes=("dice 6", "dice 1 2", "roll"),
        )
    yield Scenario(
        "start-roll-tie",
        "classic",
        3,
        ("R-SET-3",),
        "Players 0 and 2 tied on the highest die: only they throw again, player 0 first.",
        lambda: mp.new_game(mp.Rules.classic(3)),
        ("dice 5", "dice 2", "dice 5"),
        ("dice 3", "dice 4"),
    )
    yield Scenario(
        "first-turn",
        "classic",
        2,
        ("R-SET-2", "R-TURN-1", "R-CALL-1", "R-CALL-2", "R-CALL-3"),
        "A turn begins: roll all five dice, calling a hard figure or SEC, or nothing.",
        first(classic),
        probes=("roll", "roll call sec", "roll call three-ones", "roll keep 1", "pass", "place a1"),
    )
    yield Scenario(
        "first-turn",
        "classic",
        4,
        ("R-SET-2", "R-TURN-1"),
        "Four players have 8 tokens each.",
        first(mp.Rules.classic(4), 2),
    )
    for rules, preset in ((classic, "classic"), (official, "official"), (flash, "flash")):
        yield Scenario(
            "first-roll-in-the-air",
            preset,
            2,
            ("R-SET-1", "R-TURN-1", "R-FIG-9"),
            "Five dice in the air: the 252 sorted outcomes with their exact probabilities.",
            first(rules),
            ("roll",),
            ("dice 1 2 3 4 5", "dice 1 2", "pass"),
        )
    yield Scenario(
        "straight-on-the-first-roll",
        "classic",
        2,
        ("R-CELL-1", "R-CELL-2", "R-CELL-3", "R-FIG-2", "R-FIG-3", "R-TURN-2"),
        "A straight on the first roll covers a STR, SS or SEC cell, never a CALL cell.",
        first(classic),
        ("roll", "dice 1 2 3 4 5"),
        ("place c3", "place d3", "place d2", "place a1"),
    )
    yield Scenario(
        "straight-on-the-second-roll",
        "classic",
        2,
        ("R-CELL-2", "R-TURN-1"),
        "The same straight on the second roll is no Sec.",
        first(classic),
        ("roll", "dice 1 2 3 4 6", "roll keep 1 2 3 4", "dice 5"),
        ("place c3", "place d2", "roll keep 6"),
    )
    yield Scenario(
        "nothing-shown",
        "classic",
        2,
        ("R-TURN-4",),
        "No figure on the first roll: the player may pass or roll again.",
        first(classic),
        ("roll", "dice 2 3 3 5 6"),
        ("pass", "place a1"),
    )
    yield Scenario(
        "no-voluntary-pass",
        "classic",
        2,
        ("R-TURN-4",),
        "Classic rules with voluntary_pass=False: no pass while rolls remain.",
        first(attrs.evolve(classic, voluntary_pass=False)),
        ("roll", "dice 2 3 3 5 6"),
        ("pass",),
    )
    yield Scenario(
        "third-roll-shows-nothing",
        "classic",
        2,
        ("R-TURN-1", "R-TURN-3"),
        "After the third roll nothing fits: the turn passes with no token.",
        first(classic),
        ("roll", "dice 2 3 3 5 6", "roll keep 2 3", "dice 1 5 6", "roll keep 2 3", "dice 1 5 6"),
        ("pass", "roll", "place a1"),
    )
    yield Scenario(
        "third-roll-shows-three-sixes",
        "classic",
        2,
        ("R-TURN-1", "R-TURN-3", "R-FIG-1"),
        "After the third roll the player places on a cell the dice satisfy, or passes.",
        first(classic),
        ("roll", "dice 1 2 4 5 6", "roll keep 6", "dice 1 2 4 6", "roll keep 6 6", "dice 1 2 6"),
        ("place f1", "roll", "place b1"),
    )
    for rules, preset, players, dice in (
        (classic, "classic", 2, "4 5 6 6 6"),
        (official, "official", 2, "3 6 6 6 6"),
    ):
        yield Scenario(
            "maxi",
            preset,
            players,
            ("R-FIG-7", "R-CELL-1"),
            f"{dice} adds up to 27 or more: a maxi.",
            first(rules),
            ("roll", f"dice {dice}"),
            ("place e3", "place b4", "place e2"),
        )
    for rules, preset, players in (
        (classic, "classic", 2),
        (official, "official", 2),
        (mp.Rules.classic(4), "classic", 4),
    ):
        yield Scenario(
            "covered-cell",
            preset,
            players,
            ("R-SET-4", "R-CELL-1"),
            "Player 0 covered a1 (three ones); the next player's three ones may not go there.",
            first(rules),
            (*turn("1 1 1 2 3", "a1"), "roll", "dice 1 1 1 4 6"),
            ("place a1", "place a5", "place f6"),
        )


def _call_scenarios() -> Iterator[Scenario]:
    """Figures and cells, calls, Morpyams and lost turns."""
    classic = mp.Rules.classic(2)
    official = mp.Rules.official(2)
    yield Scenario(
        "mini-and-full",
        "classic",
        2,
        ("R-FIG-1", "R-FIG-4", "R-FIG-6", "R-CELL-1", "R-CELL-2"),
        "1 1 2 2 2 is three twos, a full house and a mini (and a Sec on the first roll).",
        first(classic),
        ("roll", "dice 1 1 2 2 2"),
        ("place e2", "place b3", "place d4", "place e3"),
    )
    yield Scenario(
        "maxi-and-full",
        "classic",
        3,
        ("R-FIG-1", "R-FIG-4", "R-FIG-7", "R-CELL-1"),
        "5 5 6 6 6 is three sixes, a full house and a maxi.",
        first(mp.Rules.classic(3), 1),
        ("roll", "dice 5 5 6 6 6"),
        ("place e3", "place b4", "place e2"),
    )
    yield Scenario(
        "four-sixes-call",
        "classic",
        2,
        ("R-CALL-1", "R-CALL-3", "R-CALL-8", "R-FIG-5"),
        "Four sixes: the classic rules let the player call the four of a kind they show.",
        first(classic),
        ("roll", "dice 1 6 6 6 6"),
        ("roll keep 6 6 6 6 call four-of-a-kind", "roll call sec", "roll keep 6 6 6 6 call mini"),
    )
    yield Scenario(
        "four-sixes-call",
        "official",
        2,
        ("R-CALL-8", "R-VAR-2025"),
        "The 2025 edition forbids calling a figure the dice already show.",
        first(official),
        ("roll", "dice 1 6 6 6 6"),
        ("roll keep 6 6 6 6 call four-of-a-kind", "roll keep 6 6 6 6 call maxi"),
    )
    for rules, preset in ((classic, "classic"), (official, "official")):
        yield Scenario(
            "call-in-the-air",
            preset,
            2,
            ("R-CALL-1", "R-CALL-5", "R-CALL-6"),
            "A four of a kind called for the second roll, 1 6 6 6 kept: a six comes up, "
            "another face misses.",
            first(rules),
            ("roll", "dice 1 2 6 6 6", "roll keep 1 6 6 6 call four-of-a-kind"),
            ("dice 2", "dice 6"),
        )
    yield Scenario(
        "call-came-up",
        "classic",
        2,
        ("R-CALL-5",),
        "The called four of a kind came up: the token must go on a free CALL cell.",
        first(classic),
        ("roll", "dice 1 6 6 6 6", "roll keep 6 6 6 6 call four-of-a-kind", "dice 2"),
        ("place d3", "place c2", "pass", "roll"),
    )
    for rules, preset in ((classic, "classic"), (official, "official")):
        yield Scenario(
            "call-missed-on-the-second-roll",
            preset,
            2,
            ("R-CALL-6",),
            "A four of a kind called and missed on the second roll: as if no call had been made.",
            first(rules),
            ("roll", "dice 1 1 1 5 6", "roll keep 1 1 1 call four-of-a-kind", "dice 2 2"),
            ("place b3", "place d3", "roll keep 1 1 1 call four-of-a-kind"),
        )
    third_miss = (
        "roll",
        "dice 1 1 1 5 6",
        "roll keep 1 1 1",
        "dice 2 3",
        "roll keep 1 1 1 call four-of-a-kind",
        "dice 2 2",
    )
    for rules, name, note in (
        (
            classic,
            "classic",
            "A call missed on the third roll places nothing, whatever the dice show.",
        ),
        (
            official,
            "official",
            "A call missed on the third roll places nothing, whatever the dice show.",
        ),
        (
            attrs.evolve(classic, call_miss_loses="earlier_figures"),
            "classic",
            "Classic rules with call_miss_loses='earlier_figures': the full house that first came "
            "up on the missed roll may be placed, the three ones from before may not.",
        ),
    ):
        yield Scenario(
            "call-missed-on-the-third-roll"
            + ("-earlier-figures" if rules.call_miss_loses == "earlier_figures" else ""),
            name,
            2,
            ("R-CALL-7",),
            note,
            first(rules),
            third_miss,
            ("place a1", "place b3", "pass"),
        )
    yield Scenario(
        "no-call-cell-free",
        "classic",
        2,
        ("R-CALL-4",),
        "Both CALL cells are covered by SEC calls that came up: no call can be made.",
        first(classic),
        (
            "roll call sec",
            "dice 1 2 3 4 5",
            "place d3",
            "roll call sec",
            "dice 2 3 4 5 6",
            "place c4",
        ),
        ("roll", "roll call mini", "roll call sec"),
    )
    yield Scenario(
        "morpyam-on-the-first-roll",
        "classic",
        2,
        ("R-MOR-1", "R-MOR-2", "R-FIG-8", "R-FIG-4", "R-FIG-5", "R-TURN-5"),
        "Five threes: a MORPYAM cell (and a replay) or, as a Sec, a SEC cell (no replay).",
        first(classic),
        ("roll", "dice 3 3 3 3 3"),
        ("place b2", "place c3", "place c1", "pass"),
    )
    for rules, preset, name in (
        (official, "official", "second-morpyam-in-the-replay"),
        (classic, "classic", "second-morpyam-in-the-replay"),
        (attrs.evolve(classic, daversa="replay"), "classic", "second-morpyam-daversa-replay"),
    ):
        yield Scenario(
            name,
            preset,
            2,
            ("R-MOR-2", "R-MOR-3"),
            "A Morpyam placed in the replay a Morpyam gave: KO R. D'Aversa in the 2025 edition, "
            "another replay in the classic rules.",
            first(rules),
            ("roll", "dice 3 3 3 3 3", "place b2", "roll", "dice 5 5 5 5 5"),
            ("place e5",),
        )
    yield Scenario(
        "lost-turn",
        "classic",
        2,
        ("R-END-5", "R-MOR-1"),
        "Classic rules with lost_turns=True: a collision loses the turn, even with a Morpyam.",
        first(attrs.evolve(classic, lost_turns=True)),
        ("roll", "dice 3 3 3 3 3"),
        ("lose-turn", "pass"),
    )
    yield Scenario(
        "no-lost-turns",
        "classic",
        2,
        ("R-END-5",),
        "The classic rules have no lost turns.",
        first(classic),
        ("roll", "dice 3 3 3 3 3"),
        ("lose-turn",),
    )


def _end_scenarios() -> Iterator[Scenario]:
    """Runs, lines, KOs, the last token and resignations."""
    classic = mp.Rules.classic(2)
    official = mp.Rules.official(2)
    ko_path = (
        *turn("1 1 1 2 3", "a1"),
        *turn("1 2 6 6 6", "a3"),
        *turn("1 2 2 2 3", "b1"),
        *turn("1 2 6 6 6", "a6"),
        *turn("1 2 3 3 3", "c1"),
    )
    yield Scenario(
        "run-of-three",
        "classic",
        2,
        ("R-LINE-1", "R-LINE-2", "R-SET-4"),
        "Player 0 holds a1 b1 c1, a run of three along the top row: one point.",
        first(classic),
        ko_path,
        ("roll",),
    )
    ko_path += (*turn("1 2 5 5 5", "f4"), *turn("1 2 4 4 4", "d1"))
    yield Scenario(
        "run-of-four",
        "classic",
        2,
        ("R-LINE-2",),
        "Player 0 holds a1 to d1, a run of four: two points with two players.",
        first(classic),
        ko_path,
    )
    yield Scenario(
        "run-of-four",
        "classic",
        3,
        ("R-LINE-2",),
        "Player 0 holds a1 to d1, a run of four: three points with three players, not two runs "
        "of three.",
        first(mp.Rules.classic(3)),
        (
            *turn("1 1 1 2 3", "a1"),
            *turn("1 2 6 6 6", "a3"),
            *turn("1 2 6 6 6", "a6"),
            *turn("1 2 2 2 3", "b1"),
            *turn("1 2 5 5 5", "f4"),
            *turn("1 2 5 5 5", "b6"),
            *turn("1 2 3 3 3", "c1"),
            *turn("1 2 4 4 4", "c6"),
            *turn("1 2 3 3 3", "d6"),
            *turn("1 2 4 4 4", "d1"),
        ),
    )
    ko_path += (*turn("1 2 5 5 5", "b6"), "roll", "dice 1 2 5 5 5")
    yield Scenario(
        "ko-in-reach",
        "classic",
        2,
        ("R-END-1", "R-LINE-1", "R-SET-4"),
        "Three fives for player 0, who holds a1 to d1: e1 makes five in a row, a KO.",
        first(classic),
        ko_path,
        ("place e1", "place b6"),
    )
    yield Scenario(
        "ko",
        "classic",
        2,
        ("R-END-1", "R-LINE-1"),
        "Player 0 made five in a row along the top row: a KO, the game is over.",
        first(classic),
        (*ko_path, "place e1"),
        ("roll", "resign 1"),
    )
    yield Scenario(
        "ko-in-reach",
        "official",
        2,
        ("R-END-1", "R-VAR-2025"),
        "The same KO in the 2025 edition.",
        first(official),
        ko_path,
        ("place e1",),
    )
    diagonal = (
        *turn("1 2 3 4 6", "a4"),
        *turn("1 2 6 6 6", "a3"),
        *turn("1 1 1 2 3", "b5"),
        *turn("1 2 6 6 6", "a6"),
        *turn("1 2 4 4 4", "c6"),
    )
    for rules, name, note in (
        (classic, "short-diagonal", "a4 b5 c6, a diagonal of three cells, scores a point."),
        (
            attrs.evolve(classic, diagonals="long"),
            "short-diagonal-long-only",
            "With diagonals='long' only the two long diagonals are lines: a4 b5 c6 scores nothing.",
        ),
    ):
        yield Scenario(
            name, "classic", 2, ("R-LINE-1", "R-LINE-2"), note, first(rules), diagonal, ("roll",)
        )
    short = attrs.evolve(classic, tokens_per_player=2)
    yield Scenario(
        "last-token",
        "classic",
        2,
        ("R-END-2", "R-END-3", "R-SET-2"),
        "Classic rules with two tokens each: player 0's last token ends the game (+1 point).",
        first(short),
        (*turn("1 1 1 2 3", "a1"), *turn("1 2 6 6 6", "a3"), "roll", "dice 1 2 2 2 3"),
        ("place b1",),
    )
    yield Scenario(
        "game-over-on-points",
        "classic",
        2,
        ("R-END-2", "R-END-3"),
        "The game that ended with player 0's last token.",
        first(short),
        (*turn("1 1 1 2 3", "a1"), *turn("1 2 6 6 6", "a3"), *turn("1 2 2 2 3", "b1")),
        ("roll", "resign 1"),
    )
    yield Scenario(
        "tie-goes-to-the-finisher",
        "classic",
        2,
        ("R-END-2", "R-END-3"),
        "Classic rules with two tokens each and no end bonus: 0 points each, and the player who "
        "placed all their tokens wins the tie.",
        first(attrs.evolve(short, end_bonus=0)),
        (*turn("1 1 1 2 3", "a1"), *turn("1 2 6 6 6", "a3"), "roll", "dice 1 2 2 2 3"),
        ("place b1",),
    )
    yield Scenario(
        "resign-with-three",
        "classic",
        3,
        ("R-END-4",),
        "Player 1 has resigned: their tokens stay, they take no more turns.",
        first(mp.Rules.classic(3)),
        (*turn("1 2 6 6 6", "a3"), "resign 1"),
        ("resign 1", "resign 2", "resign 7"),
    )
    yield Scenario(
        "resign-with-two",
        "classic",
        2,
        ("R-END-4",),
        "With two players a resignation makes the other the winner.",
        first(classic),
        ("roll",),
        ("resign 0",),
    )


def _variant_scenarios() -> Iterator[Scenario]:
    """Morpyam Flash and Morpyam Plus."""
    flash = mp.Rules.flash(2)
    yield Scenario(
        "flash-first-turn",
        "flash",
        2,
        ("R-VAR-FLASH", "R-CALL-4"),
        "Morpyam Flash has no CALL cell, so no call can be made.",
        first(flash),
        probes=("roll", "roll call mini"),
    )
    yield Scenario(
        "flash-straight",
        "flash",
        2,
        ("R-VAR-FLASH", "R-FIG-3", "R-CELL-1"),
        "On the Flash grid the classic SEC and CALL cells are small straights and straights.",
        first(flash),
        ("roll", "dice 1 2 3 4 5"),
        ("place c3", "place d3"),
    )
    yield Scenario(
        "plus-deal",
        "plus",
        2,
        ("R-VAR-PLUS",),
        "Morpyam Plus: once the start roll has decided, the 36 tiles are dealt one at a time.",
        lambda: mp.new_game(mp.Rules.plus(2)),
        ("dice 6", "dice 1"),
        ("deal mor", "roll", "lay sec a1"),
    )
    yield Scenario(
        "plus-laying",
        "plus",
        2,
        ("R-VAR-PLUS", "R-SET-1"),
        "Morpyam Plus: player 0 lays their tiles on empty positions of their choice.",
        lambda: _plus("laying"),
        probes=("lay cal g7", "roll", "deal mor"),
    )
    yield Scenario(
        "plus-built",
        "plus",
        2,
        ("R-VAR-PLUS",),
        "Morpyam Plus: the grid the players built is the grid of the game.",
        lambda: _plus("built"),
        ("roll", "dice 1 2 3 4 5"),
    )


def _scenarios() -> Iterator[Scenario]:
    """Every Morpyam scenario: the rule book's, then the order of the checks and the knobs."""
    from morpyam.vectors._morpyam_knobs import KNOBS, order_scenarios

    for scenarios in (_setup_scenarios, _call_scenarios, _end_scenarios, _variant_scenarios):
        yield from scenarios()
    yield from order_scenarios()
    for knob in KNOBS:
        yield knob.scenario()


# --- positions from play ------------------------------------------------------------


def _game(rules: mp.Rules, rng: random.Random) -> list[mp.State]:
    """Every position of one seeded game (placements preferred 7 times in 10), start roll first."""
    state = mp.new_game(rules)
    states = [state]
    while not state.is_terminal:
        if state.is_chance:
            state = mp.apply(state, mp.sample_chance(state, rng))
        else:
            legal = mp.legal_actions(state)
            places = [action for action in legal if isinstance(action, mp.Place)]
            state = mp.apply(state, rng.choice(places if places and rng.random() < 0.7 else legal))
        states.append(state)
    return states


def spread(count: int, length: int) -> list[int]:
    """``count`` indices spread evenly over ``range(length)``, the first and the last included.

    Examples:
        >>> spread(3, 11), spread(1, 11), spread(5, 3)
        ([0, 5, 10], [0], [0, 1, 2])
    """
    if count >= length:
        return list(range(length))
    if count == 1:
        return [0]
    return sorted({round(i * (length - 1) / (count - 1)) for i in range(count)})


PER_GAME = 8
"""At most this many positions are taken from one game; more positions play more games."""


def _positions(
    preset: str, players: int, rng: random.Random, count: int
) -> Iterator[tuple[str, Any]]:
    rules = mp.rules.PRESETS[preset](players)
    games = -(-count // PER_GAME)
    for number in range(games):
        states = _game(rules, rng)
        share = count // games + (number < count % games)
        for index in spread(share, len(states)):
            yield f"play-{number}-{index:03d}", states[index]


# --- probes ---------------------------------------------------------------------------


def _candidates(state: mp.State, rng: random.Random) -> list[str]:
    """A few legal actions (a placement, a pass, a roll first) and many likely refusals."""
    legal = [str(action) for action in mp.legal_actions(state)]
    rng.shuffle(legal)
    first = [
        next((text for text in legal if text.startswith(verb)), None)
        for verb in ("place", "pass", "lay", "roll")
    ]
    preferred = [text for text in first if text is not None]
    cells = [str(cell) for cell in state.layout.cells]
    refusals = [
        "roll",
        "pass",
        "lose-turn",
        "dice 1 2 3 4 5",
        "dice 6",
        "dice 1 2",
        "roll keep 1 2 3 4 5",
        "roll keep 6",
        "roll call sec",
        "deal sec",
        "lay mor a1",
        "place g7",
        *(f"place {cell}" for cell in rng.sample(cells, min(12, len(cells)))),
        *(f"roll call {label.notation}" for label in _LABELS),
    ]
    if state.dice is not None:
        refusals += [f"roll keep {' '.join(map(str, state.dice[:4]))} call {f.notation}" for f in F]
    if state.setup is not None:
        hand = state.setup.hands[state.player]
        refusals += [f"lay {label.notation} {cell}" for label in _LABELS[-4:] for cell in cells[:3]]
        refusals += [f"deal {label.notation}" for label in _LABELS if label not in state.setup.bag]
        refusals += [f"lay {hand[0].notation} {cell}" for cell in cells[:6]] if hand else []
    rng.shuffle(refusals)
    resigns = [f"resign {seat}" for seat in (state.player, 7)] if rng.random() < 0.25 else []
    return [*preferred, *legal[:3], *refusals, *resigns]


# --- rule IDs ---------------------------------------------------------------------------


def _diagonal_run(state: mp.State) -> bool:
    """Whether some player has three or more tokens in a row along a diagonal line."""
    layout = state.layout
    for line in lines(layout, state.rules.diagonals):
        cells = [layout.cells[i] for i in line]
        if len({cell.row for cell in cells}) != len(cells) or len({c.col for c in cells}) < 2:
            continue
        length, last = 0, None
        for index in line:
            owner = state.owners[index]
            length = length + 1 if owner is not None and owner == last else 1
            last = owner
            if owner is not None and length >= 3:
                return True
    return False


def _tags(state: mp.State, probes: Sequence[Probe]) -> set[str]:
    """The rule IDs a Morpyam position and its probes exercise."""
    rules = state.rules
    layout = state.layout
    tags = {probe.rule for probe in probes if probe.rule is not None}
    if rules.layout == mp.Layout.flash():
        tags.add("R-VAR-FLASH")
    if rules.tile_setup:
        tags.add("R-VAR-PLUS")
    if rules == mp.Rules.official(rules.players):
        tags.add("R-VAR-2025")
    if state.roll_off:
        tags.add("R-SET-3")
    if state.end_rule is not None:
        tags.add(state.end_rule)
        if state.end_rule == "R-END-2":
            tags.add("R-END-3")
    if any(mp.scores(state)):
        tags.add("R-LINE-2")
    if _diagonal_run(state):
        tags.add("R-LINE-1")
    if any(state.daversa_armed):
        tags.add("R-MOR-3")
    started = state.setup is None and not state.roll_off
    if started and not state.board and state.dice is None and not state.in_air:
        tags.add("R-SET-2")
    if state.in_air:
        tags.add("R-TURN-1")
        if not state.kept:
            tags |= {"R-SET-1", "R-FIG-9"}
    legal = mp.legal_actions(state) if not state.is_chance else ()
    places = [action for action in legal if isinstance(action, mp.Place)]
    if places and layout == mp.Layout.classic():
        tags |= {"R-GRID-1", "R-GRID-2"}
    if any(isinstance(action, mp.Pass) for action in legal):
        tags.add("R-TURN-4")
    if any(isinstance(action, mp.LoseTurn) for action in legal):
        tags.add("R-END-5")
    calls = {action.call for action in legal if isinstance(action, mp.Roll)}
    if calls - {None}:
        tags |= {"R-CALL-1", "R-CALL-2"}
    if Special.SEC in calls:
        tags.add("R-CALL-3")
    free_call = any(state.owners[layout.index(c)] is None for c in layout.cells_with(Special.CALL))
    if calls == {None} and layout.cells_with(Special.CALL) and not free_call:
        tags.add("R-CALL-4")
    if state.dice is not None and not state.is_terminal:
        tags |= _dice_tags(state, places, calls, free_call)
    for probe in probes:
        tags |= _probe_tags(state, probe)
    return tags


def _dice_tags(
    state: mp.State, places: list[mp.Place], calls: set[Any], free_call: bool
) -> set[str]:
    """The rule IDs of a decision with dice showing."""
    assert state.dice is not None
    rules = state.rules
    layout = state.layout
    shown = rules.shows(state.dice)
    tags = {_FIGURE_RULES[figure] for figure in shown}
    labels = {layout[place.cell] for place in places}
    if places:
        tags.add("R-TURN-2")
    if labels & set(F) and state.call is None:
        tags.add("R-CELL-1")
    if Special.SEC in labels:
        tags.add("R-CELL-2")
    if free_call and state.call is None and state.rolls:
        tags.add("R-CELL-3")
    if state.rolls == 3:
        tags.add("R-TURN-3")
    if F.MORPYAM in shown and state.call is None:
        tags.add("R-MOR-1")
    if state.call is not None:
        tags.add("R-CALL-5" if Special.CALL in labels else "R-CALL-7")
    if rules.forbid_calling_shown_figure and state.rolls < 3 and shown & rules.callable:
        tags.add("R-CALL-8")
    if state.rolls and calls and state.rolls < 3:
        tags.add("R-TURN-1")
    return tags


def _probe_tags(state: mp.State, probe: Probe) -> set[str]:
    """The rule IDs an accepted probe exercises."""
    after = probe.after
    if after is None:
        return set()
    tags: set[str] = set()
    verb = probe.text.split()[0]
    if after.end_rule is not None:
        tags.add(after.end_rule)
        if after.end_rule == "R-END-2":
            tags |= {"R-END-3", "R-SET-2"}
        if after.end_rule == "R-END-1":
            tags.add("R-LINE-1")
    if verb == "resign":
        tags.add("R-END-4")
    elif verb in ("deal", "lay"):
        tags.add("R-VAR-PLUS")
    elif verb == "place":
        if not after.is_terminal:
            tags.add("R-TURN-5")
        if state.dice is not None and state.dice[0] == state.dice[4]:
            tags.add("R-MOR-2")
    elif verb == "dice" and state.in_air and state.call is not None and not after.is_terminal:
        if after.call is None and after.rolls < 3:
            tags.add("R-CALL-6")
        elif after.call is not None and after.rolls < 3:
            tags.add("R-CALL-5")
    elif verb == "dice" and state.roll_off:
        tags.add("R-SET-3")
    return tags


SOURCE = Source(
    groups=_GROUPS,
    scenarios=_scenarios,
    positions=_positions,
    candidates=_candidates,
    tags=_tags,
)
"""Morpyam's cases."""
