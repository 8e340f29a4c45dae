"""The score sheet's cases: scenarios for the Y- rule IDs of section 9, positions from seeded play,
the actions worth probing, and the rule IDs a position exercises."""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator, Sequence
from typing import Any

import attrs

from morpyam import yahtzee as yz
from morpyam.vectors._cases import Knob, Probe, Scenario, Source
from morpyam.vectors._morpyam_cases import PER_GAME, spread

__all__ = ["KNOBS", "SOURCE"]

_BOX_RULES = {
    **dict.fromkeys(yz.BOXES[:6], "Y-BOX-2"),
    yz.Box.THREE_OF_A_KIND: "Y-BOX-3",
    yz.Box.FOUR_OF_A_KIND: "Y-BOX-3",
    yz.Box.FULL_HOUSE: "Y-BOX-4",
    yz.Box.SMALL_STRAIGHT: "Y-BOX-5",
    yz.Box.LARGE_STRAIGHT: "Y-BOX-5",
    yz.Box.YAHTZEE: "Y-BOX-6",
    yz.Box.CHANCE: "Y-BOX-7",
}
_GROUPS = (("megawuerfel", 1), ("megawuerfel", 2), ("hasbro", 1))
_MEGA = yz.Rules.megawuerfel()
_HASBRO = yz.Rules.hasbro()


def _new(rules: yz.Rules, players: int = 1, games: int = 1) -> Callable[[], yz.State]:
    return lambda: yz.new_game(attrs.evolve(rules, players=players), games=games)


def _turn(dice: str, box: str) -> tuple[str, ...]:
    return ("roll", f"dice {dice}", f"score {box}")


_UPPER_63 = (
    *_turn("1 1 1 2 3", "ones"),
    *_turn("2 2 2 4 5", "twos"),
    *_turn("3 3 3 1 2", "threes"),
    *_turn("4 4 4 1 2", "fours"),
    *_turn("5 5 5 1 2", "fives"),
    "roll",
    "dice 6 6 6 1 2",
)
_TWELVE = (
    *_turn("1 1 1 2 3", "ones"),
    *_turn("2 2 2 4 5", "twos"),
    *_turn("3 3 3 1 2", "threes"),
    *_turn("4 4 4 1 2", "fours"),
    *_turn("5 5 5 1 2", "fives"),
    *_turn("6 6 6 1 2", "sixes"),
    *_turn("2 3 3 3 6", "three-of-a-kind"),
    *_turn("1 4 4 4 4", "four-of-a-kind"),
    *_turn("2 2 3 3 3", "full-house"),
    *_turn("1 2 3 4 6", "small-straight"),
    *_turn("2 3 4 5 6", "large-straight"),
    *_turn("1 1 1 1 1", "yahtzee"),
)


def _scenarios() -> Iterator[Scenario]:
    yield from _book_scenarios()
    for knob in KNOBS:
        yield knob.scenario()


def _book_scenarios() -> Iterator[Scenario]:
    yield Scenario(
        "start",
        "megawuerfel",
        1,
        ("Y-SET-1", "Y-TURN-1", "Y-TURN-2"),
        "A new sheet: the first roll throws all five dice; no box before a roll.",
        _new(_MEGA),
        probes=("roll", "score chance", "roll keep 1", "dice 1 2 3 4 5"),
    )
    yield Scenario(
        "first-roll-in-the-air",
        "megawuerfel",
        1,
        ("Y-TURN-1",),
        "Five dice in the air: the 252 sorted outcomes with their exact probabilities.",
        _new(_MEGA),
        ("roll",),
        ("dice 1 1 1 1 1", "dice 1 2", "score chance"),
    )
    yield Scenario(
        "full-house",
        "megawuerfel",
        1,
        ("Y-BOX-2", "Y-BOX-3", "Y-BOX-4", "Y-BOX-7", "Y-TURN-2"),
        "4 4 6 6 6: a full house (25), three of a kind (26), sixes (18), chance (26).",
        _new(_MEGA),
        ("roll", "dice 4 4 6 6 6"),
        ("score full-house", "score three-of-a-kind", "score sixes", "score chance"),
    )
    yield Scenario(
        "straights",
        "megawuerfel",
        1,
        ("Y-BOX-5",),
        "1 2 3 4 5 is a small straight (30) and a large straight (40).",
        _new(_MEGA),
        ("roll", "dice 1 2 3 4 5"),
        ("score small-straight", "score large-straight"),
    )
    yield Scenario(
        "small-straight-only",
        "hasbro",
        1,
        ("Y-BOX-5", "Y-BOX-8"),
        "3 3 4 5 6 is a small straight, not a large one (which would score 0).",
        _new(_HASBRO),
        ("roll", "dice 3 3 4 5 6"),
        ("score small-straight", "score large-straight"),
    )
    yield Scenario(
        "five-of-a-kind",
        "megawuerfel",
        1,
        ("Y-BOX-6", "Y-BOX-4", "Y-BOX-3", "Y-BOX-8"),
        "Five fives: the Yahtzee box scores 50; without a joker rule it is no full house.",
        _new(_MEGA),
        ("roll", "dice 5 5 5 5 5"),
        ("score yahtzee", "score full-house", "score four-of-a-kind"),
    )
    yield Scenario(
        "a-zero",
        "megawuerfel",
        1,
        ("Y-BOX-8",),
        "A box whose pattern the dice miss may be filled with a 0.",
        _new(_MEGA),
        ("roll", "dice 1 1 2 5 6"),
        ("score small-straight", "score yahtzee"),
    )
    yield Scenario(
        "a-zero-only-at-the-end",
        "megawuerfel",
        1,
        ("Y-BOX-8",),
        "With zero_only_when_nothing_fits=True a 0 waits for the third roll, when nothing fits.",
        _new(attrs.evolve(_MEGA, zero_only_when_nothing_fits=True)),
        ("roll", "dice 1 2 3 4 6"),
        ("score yahtzee", "score small-straight"),
    )
    yield Scenario(
        "third-roll",
        "megawuerfel",
        1,
        ("Y-TURN-1",),
        "After the third roll there is no fourth: a box must be filled.",
        _new(_MEGA),
        ("roll", "dice 1 2 2 5 6", "roll keep 2 2", "dice 1 5 6", "roll keep 2 2", "dice 2 5 6"),
        ("roll", "roll keep 2 2 2", "score twos"),
    )
    yield Scenario(
        "keep-what-shows",
        "megawuerfel",
        1,
        ("Y-TURN-1",),
        "Only dice that show may be kept, 0 to 4 of them.",
        _new(_MEGA),
        ("roll", "dice 1 2 2 5 6"),
        ("roll keep 2 2", "roll keep 3", "roll keep 2 2 2"),
    )
    yield Scenario(
        "box-filled",
        "megawuerfel",
        1,
        ("Y-BOX-1",),
        "Each box is filled once: chance is taken.",
        _new(_MEGA),
        (*_turn("1 2 3 4 6", "chance"), "roll", "dice 2 3 3 4 6"),
        ("score chance", "score threes"),
    )
    for players in (3, 6):
        yield Scenario(
            "start",
            "hasbro",
            players,
            ("Y-SET-1",),
            f"{players} players, each with a column; player 0 starts.",
            _new(_HASBRO, players),
            probes=("roll", "score ones"),
        )
    yield Scenario(
        "two-players",
        "megawuerfel",
        2,
        ("Y-SET-1", "Y-TURN-2"),
        "Two players: a filled box passes the turn to the next player.",
        _new(_MEGA, 2),
        ("roll", "dice 2 3 4 4 6"),
        ("score fours",),
    )
    for rules, preset, note in (
        (_HASBRO, "hasbro", "Hasbro: an upper sum of exactly 63 earns the bonus (63 or more)."),
        (_MEGA, "megawuerfel", "The Megawürfel sheet: exactly 63 earns nothing (more than 63)."),
    ):
        yield Scenario(
            "upper-sum-63",
            preset,
            1,
            ("Y-BONUS-1",),
            note,
            _new(rules),
            _UPPER_63,
            ("score sixes",),
        )
    yield Scenario(
        "second-yahtzee",
        "hasbro",
        1,
        ("Y-BONUS-2", "Y-JOKER-1"),
        "Hasbro: a second five of a kind earns 100 and, forced, fills the fives box.",
        _new(_HASBRO),
        (*_turn("5 5 5 5 5", "yahtzee"), "roll", "dice 5 5 5 5 5"),
        ("score fives", "score chance", "score full-house"),
    )
    yield Scenario(
        "second-yahtzee-upper-filled",
        "hasbro",
        1,
        ("Y-JOKER-1", "Y-BONUS-2"),
        "Hasbro: with the fives box filled, a five of a kind is a joker for the lower boxes.",
        _new(_HASBRO),
        (*_turn("5 5 5 5 5", "yahtzee"), *_turn("1 5 5 5 6", "fives"), "roll", "dice 5 5 5 5 5"),
        ("score full-house", "score large-straight", "score ones"),
    )
    yield Scenario(
        "free-joker",
        "hasbro",
        1,
        ("Y-JOKER-1",),
        "Hasbro's rules with joker='free': any box, the straights at full value once fives is filled.",
        _new(attrs.evolve(_HASBRO, joker="free")),
        (*_turn("5 5 5 5 5", "yahtzee"), "roll", "dice 5 5 5 5 5"),
        ("score large-straight", "score ones"),
    )
    yield Scenario(
        "last-box",
        "megawuerfel",
        1,
        ("Y-END-1",),
        "Twelve boxes filled: the thirteenth ends the game.",
        _new(_MEGA),
        (*_TWELVE, "roll", "dice 1 2 3 5 6"),
        ("score chance",),
    )
    yield Scenario(
        "game-over",
        "megawuerfel",
        1,
        ("Y-END-1", "Y-BONUS-1"),
        "Every box filled: the game is over.",
        _new(_MEGA),
        (*_TWELVE, *_turn("1 2 3 5 6", "chance")),
        ("roll", "score chance"),
    )
    yield Scenario(
        "second-column",
        "megawuerfel",
        1,
        ("Y-END-1",),
        "A sheet of two games: the first column is full, the second begins.",
        _new(_MEGA, 1, 2),
        (*_TWELVE, *_turn("1 2 3 5 6", "chance")),
        ("roll",),
    )


_BONUS_PATH = ("roll", "dice 1 1 1 1 1", "score ones", "roll", "dice 2 2 2 2 3")

KNOBS: tuple[Knob, ...] = (
    Knob(
        "bonus_threshold",
        10,
        Scenario(
            "knob-bonus-threshold",
            "megawuerfel",
            1,
            ("Y-BONUS-1",),
            "bonus_threshold=10: ones 5 and twos 8 make 13, more than 10: the upper bonus.",
            lambda: None,
            _BONUS_PATH,
            ("score twos",),
        ),
        yz.Rules.megawuerfel,
        yz.new_game,
    ),
    Knob(
        "upper_bonus",
        20,
        Scenario(
            "knob-upper-bonus",
            "megawuerfel",
            1,
            ("Y-BONUS-1",),
            "upper_bonus=20 (and bonus_threshold=10): the upper bonus earned is 20, not 35.",
            lambda: None,
            _BONUS_PATH,
            ("score twos",),
        ),
        lambda: attrs.evolve(yz.Rules.megawuerfel(), bonus_threshold=10),
        yz.new_game,
    ),
)
"""The sheet's knobs off their default (see `morpyam.vectors._cases.Knob`)."""


def _game(rules: yz.Rules, players: int, rng: random.Random) -> list[yz.State]:
    state = yz.new_game(attrs.evolve(rules, players=players))
    states = [state]
    while not state.is_terminal:
        if state.is_chance:
            action: Any = yz.sample_chance(state, rng)
        else:
            legal = yz.legal_actions(state)
            scores = [a for a in legal if isinstance(a, yz.Score)]
            action = rng.choice(scores if scores and rng.random() < 0.4 else legal)
        state = yz.apply(state, action)
        states.append(state)
    return states


def _positions(
    preset: str, players: int, rng: random.Random, count: int
) -> Iterator[tuple[str, Any]]:
    rules = yz.PRESETS[preset]()
    games = -(-count // PER_GAME)
    for number in range(games):
        states = _game(rules, players, rng)
        share = count // games + (number < count % games)
        for index in spread(share, len(states)):
            yield f"play-{number}-{index:03d}", states[index]


def _candidates(state: yz.State, rng: random.Random) -> list[str]:
    legal = [str(action) for action in yz.legal_actions(state)]
    rng.shuffle(legal)
    scores = [text for text in legal if text.startswith("score")]
    others = [text for text in legal if not text.startswith("score")]
    refusals = [
        *(str(yz.Score(box)) for box in yz.BOXES),
        "roll",
        "roll keep 6 6",
        "roll keep 1 2 3 4 5",
        "dice 1 2 3 4 5",
        "dice 1 2",
        "dice 6",
    ]
    rng.shuffle(refusals)
    return [*scores[:2], *others[:1], *scores[2:], *refusals]


def _tags(state: yz.State, probes: Sequence[Probe]) -> set[str]:
    """The rule IDs a score-sheet position and its probes exercise."""
    tags = {probe.rule for probe in probes if probe.rule is not None}
    if state.in_air:
        tags.add("Y-TURN-1")
    if state.is_terminal or state.game:
        tags.add("Y-END-1")
    sheet = state.sheet
    if state.dice is None and not state.in_air and not state.is_terminal:
        tags.add("Y-TURN-1")
        if all(s.filled == 0 for column in state.sheets for s in column):
            tags.add("Y-SET-1")
    if state.dice is not None:
        tags.add("Y-TURN-2")
        if sheet.filled:
            tags.add("Y-BOX-1")
        if state.rolls == 3 or any(isinstance(a, yz.Roll) for a in yz.legal_actions(state)):
            tags.add("Y-TURN-1")
        five = state.dice[0] == state.dice[4]
        if five and sheet[yz.Box.YAHTZEE] is not None and state.rules.joker != "none":
            tags.add("Y-JOKER-1")
    for probe in probes:
        after = probe.after
        if after is None or not probe.text.startswith("score"):
            continue
        box = yz.Box[probe.text.split()[1].upper().replace("-", "_")]
        tags.add(_BOX_RULES[box])
        written = after.sheets[state.player][state.game]
        if written[box] == 0:
            tags.add("Y-BOX-8")
        if written.upper_bonus != sheet.upper_bonus:
            tags.add("Y-BONUS-1")
        if written.yahtzee_bonus != sheet.yahtzee_bonus:
            tags.add("Y-BONUS-2")
        if after.is_terminal or after.game != state.game:
            tags.add("Y-END-1")
        if state.players > 1:
            tags.add("Y-SET-1")
    return tags


SOURCE = Source(
    groups=_GROUPS,
    scenarios=_scenarios,
    positions=_positions,
    candidates=_candidates,
    tags=_tags,
)
"""The score sheet's cases."""
