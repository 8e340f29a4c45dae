"""The score sheet and its rules as data: the 13 boxes, their scoring, the `Rules` value.

The boxes score the five dice as the Megawürfel sheet says (section 9 of the rule book):
the upper boxes the sum of the dice showing their face, the lower boxes their
pattern's value, 0 when the pattern is missing (Y-BOX-1 to Y-BOX-8). The
bonuses and the joker rule, where the Megawürfel sheet and Hasbro's rules
differ, are knobs of `Rules` (Y-BONUS-1,
Y-BONUS-2, Y-JOKER-1). Box scores for the 252 sorted outcomes are a table
built once at import from `morpyam.dice.OUTCOMES`.
"""

from __future__ import annotations

import enum
from collections import Counter
from collections.abc import Callable, Mapping
from types import MappingProxyType
from typing import Any, Literal

import attrs

from morpyam.dice import OUTCOMES
from morpyam.errors import IllegalActionError
from morpyam.errors import shown as _shown
from morpyam.figures import FACES
from morpyam.kit.presets import preset_repr

__all__ = [
    "BOXES",
    "COMPARISONS",
    "FULL_HOUSE_POINTS",
    "JOKERS",
    "LARGE_STRAIGHT_POINTS",
    "LOWER_BOXES",
    "PLAYER_LIMIT",
    "PRESETS",
    "SMALL_STRAIGHT_POINTS",
    "UPPER_BOXES",
    "YAHTZEE_POINTS",
    "Box",
    "Comparison",
    "Joker",
    "Rules",
    "base_score",
    "box_scores",
    "is_yahtzee",
]


class Box(enum.Enum):
    """A box of the score sheet, in sheet order (Y-BOX-1).

    The value is the box's name in action notation (``score full-house``).
    """

    ONES = "ones"
    TWOS = "twos"
    THREES = "threes"
    FOURS = "fours"
    FIVES = "fives"
    SIXES = "sixes"
    THREE_OF_A_KIND = "three-of-a-kind"
    FOUR_OF_A_KIND = "four-of-a-kind"
    FULL_HOUSE = "full-house"
    SMALL_STRAIGHT = "small-straight"
    LARGE_STRAIGHT = "large-straight"
    YAHTZEE = "yahtzee"
    CHANCE = "chance"

    @property
    def index(self) -> int:
        """The box's position on the sheet, 0 (ones) to 12 (chance)."""
        return _INDEX[self]

    @property
    def face(self) -> int | None:
        """The face an upper box counts (``Box.FOURS.face == 4``); ``None`` for a lower box."""
        index = _INDEX[self]
        return index + 1 if index < 6 else None

    @property
    def is_upper(self) -> bool:
        """Whether the box is in the upper half (ones to sixes), which counts for the bonus."""
        return _INDEX[self] < 6

    @property
    def notation(self) -> str:
        """The box's name in action notation, e.g. ``"full-house"``."""
        return self.value

    @classmethod
    def parse(cls, text: str) -> Box:
        """Read a box from its notation (``"full-house"``), its name (``"FULL_HOUSE"``),
        or the Megawürfel sheet's name of the five-of-a-kind box (``"topscore"``).

        Raises:
            ValueError: for text that names no box, or a value that is not text.
        """
        if not isinstance(text, str):
            raise ValueError(f"Y-BOX-1: a box name is text, not {_shown(text)}")
        key = text.strip().lower().replace("_", "-").replace(" ", "-")
        try:
            return _BY_TEXT[key]
        except KeyError:
            raise ValueError(f"Y-BOX-1: no box is called {_shown(text)}") from None

    def __str__(self) -> str:
        return self.value


BOXES: tuple[Box, ...] = tuple(Box)
"""The 13 boxes in sheet order (Y-BOX-1)."""
UPPER_BOXES: tuple[Box, ...] = BOXES[:6]
"""Ones to sixes: the upper half, whose sum earns the bonus (Y-BONUS-1)."""
LOWER_BOXES: tuple[Box, ...] = BOXES[6:]
"""Three of a kind to chance: the lower half."""

_INDEX = {box: index for index, box in enumerate(BOXES)}
_BY_TEXT = {box.value: box for box in BOXES} | {
    "topscore": Box.YAHTZEE,
    "five-of-a-kind": Box.YAHTZEE,
}

FULL_HOUSE_POINTS = 25
"""What a full house scores (Y-BOX-4)."""
SMALL_STRAIGHT_POINTS = 30
"""What a small straight scores (Y-BOX-5)."""
LARGE_STRAIGHT_POINTS = 40
"""What a large straight scores (Y-BOX-5)."""
YAHTZEE_POINTS = 50
"""What five of a kind scores in the Yahtzee box (Y-BOX-6)."""


def _as_box(value: Box | str) -> Box:
    """``value`` itself if it is a `Box`, else the box it names
    (read by `Box.parse`).

    Raises:
        IllegalActionError: for a value that names no box (Y-BOX-1).
    """
    if isinstance(value, Box):
        return value
    if isinstance(value, str):
        try:
            return Box.parse(value)
        except ValueError as error:
            raise IllegalActionError("Y-BOX-1", str(error).partition(": ")[2]) from None
    raise IllegalActionError("Y-BOX-1", f"a box is a Box or its name, not {_shown(value)}")


def _scores(dice: tuple[int, ...]) -> tuple[int, ...]:
    """The 13 box scores of five sorted dice, straight from the sheet (Y-BOX-2 to Y-BOX-8)."""
    counts = Counter(dice)
    most = max(counts.values())
    total = sum(dice)
    distinct = set(dice)
    upper = tuple(face * counts[face] for face in FACES)
    small = any({s, s + 1, s + 2, s + 3} <= distinct for s in (1, 2, 3))
    large = distinct in ({1, 2, 3, 4, 5}, {2, 3, 4, 5, 6})
    return (
        *upper,
        total if most >= 3 else 0,
        total if most >= 4 else 0,
        FULL_HOUSE_POINTS if sorted(counts.values()) == [2, 3] else 0,
        SMALL_STRAIGHT_POINTS if small else 0,
        LARGE_STRAIGHT_POINTS if large else 0,
        YAHTZEE_POINTS if most == 5 else 0,
        total,
    )


_BASE: dict[tuple[int, ...], tuple[int, ...]] = {dice: _scores(dice) for dice in OUTCOMES}


def box_scores(dice: tuple[int, ...]) -> tuple[int, ...]:
    """The 13 base scores of five sorted ``dice``, in sheet order: one table look-up.

    Raises:
        ValueError: unless ``dice`` are five sorted faces from 1 to 6.
    """
    try:
        return _BASE[dice]
    except (KeyError, TypeError):
        raise _not_dice(dice) from None


def base_score(box: Box | str, dice: tuple[int, ...]) -> int:
    """What ``box`` (a `Box` or its name) scores with five
    sorted ``dice``, before any joker rule (Y-BOX-2 to Y-BOX-8).

    Examples:
        >>> base_score(Box.SIXES, (1, 2, 5, 6, 6))
        12
        >>> base_score("full house", (3, 3, 3, 3, 3))
        0

    Raises:
        ValueError: unless ``dice`` are five sorted faces from 1 to 6;
            `IllegalActionError` for a box
            that does not exist (Y-BOX-1).
    """
    index = _INDEX[box if type(box) is Box else _as_box(box)]
    try:
        return _BASE[dice][index]
    except (KeyError, TypeError):
        raise _not_dice(dice) from None


def _not_dice(dice: object) -> ValueError:
    return ValueError(f"Y-SET-1: five sorted faces from 1 to 6 are needed, got {_shown(dice)}")


def is_yahtzee(dice: tuple[int, ...]) -> bool:
    """Whether five dice show five of a kind (a Yahtzee, the Megawürfel sheet's "topscore").

    Raises:
        ValueError: for a value that is not a sequence of dice.
    """
    try:
        return len(dice) == 5 and len(set(dice)) == 1
    except TypeError:
        raise ValueError(f"Y-SET-1: dice are a sequence of faces, got {_shown(dice)}") from None


PLAYER_LIMIT = 100
"""The most players any `Rules` allows (Y-SET-1): the leaflet sets no maximum, memory does."""

Comparison = Literal[">=", ">"]
COMPARISONS: tuple[Comparison, ...] = (">=", ">")
"""How the upper sum is compared with the bonus threshold (Y-BONUS-1)."""

Joker = Literal["none", "forced", "free"]
JOKERS: tuple[Joker, ...] = ("none", "forced", "free")
"""The joker rules (Y-JOKER-1): none, Hasbro's forced joker, or a free choice of box."""


def _int_at_least(low: int, rule: str) -> Any:
    def check(instance: object, attribute: attrs.Attribute[Any], value: Any) -> None:
        if type(value) is not int or value < low:
            raise ValueError(
                f"{rule}: Rules.{attribute.name} must be an int >= {low}, got {_shown(value)}"
            )

    return check


def _one_of(choices: tuple[str, ...], rule: str) -> Any:
    def check(instance: object, attribute: attrs.Attribute[Any], value: Any) -> None:
        if value not in choices:
            raise ValueError(
                f"{rule}: Rules.{attribute.name} must be one of {', '.join(map(repr, choices))}, "
                f"got {_shown(value)}"
            )

    return check


@attrs.frozen(repr=False)
class Rules:
    """How a game of the score sheet is played, as data: the players, the bonuses and the joker rule.

    The boxes themselves are the same in every preset (Y-BOX-1 to Y-BOX-8).
    Start from a preset, which takes the number of players as Morpyam's and
    MyRummy's do, and change knobs with `attrs.evolve`. Unlike theirs, the
    presets default to one player: the sheet is played solitaire too, and the
    solver (`solve`) answers for one sheet. ``repr`` names the
    preset a value equals (``Rules.hasbro(players=2)``), or the nearest
    preset and the fields that differ; `describe` says the rules in words.

    Examples:
        >>> import attrs
        >>> rules = attrs.evolve(Rules.hasbro(players=2), joker="free")
        >>> rules
        attrs.evolve(Rules.hasbro(players=2), joker='free')
        >>> rules.bonus_target
        63
        >>> Rules.megawuerfel().bonus_target
        64
    """

    players: int = attrs.field(default=1, validator=_int_at_least(1, "Y-SET-1"))
    """Number of players (Y-SET-1), from `min_players` to `max_players`: 1 plays solitaire."""
    upper_bonus: int = attrs.field(default=35, validator=_int_at_least(0, "Y-BONUS-1"))
    """Points for an upper sum that reaches the threshold (Y-BONUS-1)."""
    bonus_threshold: int = attrs.field(default=63, validator=_int_at_least(1, "Y-BONUS-1"))
    """The upper sum the bonus is measured against (Y-BONUS-1)."""
    bonus_comparison: Comparison = attrs.field(
        default=">=", validator=_one_of(COMPARISONS, "Y-BONUS-1")
    )
    """``">="``: the bonus at the threshold or more (Hasbro); ``">"``: only above it
    (the Megawürfel sheet: "higher than 63")."""
    yahtzee_bonus: int = attrs.field(default=0, validator=_int_at_least(0, "Y-BONUS-2"))
    """Points for each further five of a kind once the Yahtzee box holds 50 (Y-BONUS-2); 0: none."""
    joker: Joker = attrs.field(default="none", validator=_one_of(JOKERS, "Y-JOKER-1"))
    """What a five of a kind may score once the Yahtzee box is filled (Y-JOKER-1):
    ``"none"`` (boxes score as usual), ``"forced"`` (Hasbro: the matching upper box
    if empty, else any lower box with full house and straights at full value,
    else any upper box for 0) or ``"free"`` (free choice of any empty box; full
    house and straights count at full value once the matching upper box is filled)."""

    zero_only_when_nothing_fits: bool = attrs.field(default=False)
    """Y-BOX-8: ``False`` (any empty box may take a 0 after any roll) or ``True`` (the
    Megawürfel text read strictly: "Hast du nach 3 Würfen noch kein Ergebnis erzielt …
    Dann musst du eine 0 schreiben": a box scoring 0 only after the 3rd roll, when no
    empty box scores more)."""
    min_players: int = attrs.field(default=1, validator=_int_at_least(1, "Y-SET-1"))
    """Y-SET-1: the fewest players (1: solitaire allowed; the leaflet says "minimal 2 Spielern")."""
    max_players: int = attrs.field(default=6, validator=_int_at_least(1, "Y-SET-1"))
    """Y-SET-1: the most players (the leaflet sets none; at most
    `PLAYER_LIMIT`)."""

    def __attrs_post_init__(self) -> None:
        if type(self.zero_only_when_nothing_fits) is not bool:
            raise ValueError(
                "Y-BOX-8: Rules.zero_only_when_nothing_fits must be True or False, "
                f"got {_shown(self.zero_only_when_nothing_fits)}"
            )
        if not self.min_players <= self.max_players <= PLAYER_LIMIT:
            raise ValueError(
                f"Y-SET-1: players from {self.min_players} to {self.max_players}: the least "
                f"must not exceed the most, and the most is at most {PLAYER_LIMIT}"
            )
        if not self.min_players <= self.players <= self.max_players:
            raise ValueError(
                f"Y-SET-1: {self.min_players} to {self.max_players} players, "
                f"got {_shown(self.players)}"
            )

    def describe(self) -> str:
        """Every reading these rules make, in words: one line per rule ID.

        Examples:
            >>> print(Rules.megawuerfel(players=2).describe().splitlines()[0])
            Y-SET-1: 2 players (1 to 6 allowed).
        """
        reach = (
            f"of {self.bonus_threshold} or more"
            if self.bonus_comparison == ">="
            else f"above {self.bonus_threshold}"
        )
        jokers = {
            "none": "a five of a kind scores as usual once the Yahtzee box is filled",
            "forced": "a five of a kind with the Yahtzee box filled goes in its upper box if "
            "empty, else in a lower box at full value, else in an upper box for 0",
            "free": "a five of a kind with the Yahtzee box filled goes in any empty box; "
            "full house and straights count in full once its upper box is filled",
        }
        return "\n".join(
            [
                f"Y-SET-1: {self.players} player{'' if self.players == 1 else 's'} "
                f"({self.min_players} to {self.max_players} allowed).",
                "Y-BOX-8: a box scores 0 only after the 3rd roll, when no empty box scores more."
                if self.zero_only_when_nothing_fits
                else "Y-BOX-8: any empty box may be filled after any roll, for 0 if the dice "
                "miss its pattern.",
                f"Y-BONUS-1: an upper sum {reach} earns {self.upper_bonus} points.",
                f"Y-BONUS-2: each further five of a kind earns {self.yahtzee_bonus} points."
                if self.yahtzee_bonus
                else "Y-BONUS-2: no bonus for further fives of a kind.",
                f"Y-JOKER-1: {jokers[self.joker]}.",
            ]
        )

    def __repr__(self) -> str:
        return preset_repr(self, PRESETS)

    @classmethod
    def megawuerfel(cls, players: int = 1) -> Rules:
        """The Megawürfel sheet for ``players``: bonus 35 above 63, no Yahtzee bonus, no joker.

        Raises:
            ValueError: for players outside 1 to 6 (Y-SET-1).
        """
        return cls(players=players, bonus_comparison=">", yahtzee_bonus=0, joker="none")

    @classmethod
    def hasbro(cls, players: int = 1) -> Rules:
        """Hasbro's rules for ``players``: bonus 35 at 63 or more, 100 per extra Yahtzee, forced joker.

        Raises:
            ValueError: for players outside 1 to 6 (Y-SET-1).
        """
        return cls(players=players, bonus_comparison=">=", yahtzee_bonus=100, joker="forced")

    @property
    def bonus_target(self) -> int:
        """The least upper sum that earns the upper bonus (Y-BONUS-1)."""
        return self.bonus_threshold + (self.bonus_comparison == ">")


PRESETS: Mapping[str, Callable[..., Rules]] = MappingProxyType(
    {"megawuerfel": Rules.megawuerfel, "hasbro": Rules.hasbro}
)
"""The rule presets by name: each makes the `Rules` for a number of players (1 by default)."""
