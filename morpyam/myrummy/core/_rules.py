"""MyRummy's rules as data: one `Rules` value, a field per knob.

Where the German rule text is silent or loose (section 10 of the rule book
lists the places), the library reads it one way by default and makes the reading a
field: the R-RUM-RE-2 "three must stay" limit (``None``: free rearranging as
in plain Rummikub), laying off in the opening turn (R-RUM-OPEN-3), where the
tile that replaces a table joker comes from (R-RUM-JOK-2), the
empty-pool ending (R-RUM-END-3), the time-out's effect (R-RUM-TIME-1),
Handrummy (R-RUM-VAR-HAND) and the number of rounds (R-RUM-MATCH-1).

The tile set is data too (R-RUM-SET-1): how many colours, values and copies,
and how many jokers. The box's 4 × 13 × 2 + 2 is the default; the ``mini``
and ``midi`` presets play the same game with fewer tiles, and ``tiny`` (``mini``
without its joker) fewer still, for research that must walk the whole game or
sample it often.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from functools import cache
from types import MappingProxyType
from typing import Any, Literal

import attrs

from morpyam.errors import shown as _shown
from morpyam.kit.presets import preset_repr
from morpyam.myrummy.core._tiles import COLOURS, JOKER_INDEX, KINDS, Tile

__all__ = ["EMPTY_POOL_ENDINGS", "MAX_PLAYERS", "MIN_PLAYERS", "PRESETS", "EmptyPool", "Rules"]

MIN_PLAYERS = 2
"""At least two players (R-RUM-SET-1)."""
MAX_PLAYERS = 4
"""The box has four racks, so at most four players (R-RUM-SET-1)."""

EmptyPool = Literal["passes", "ends"]
EMPTY_POOL_ENDINGS: tuple[EmptyPool, ...] = ("passes", "ends")
"""What happens when a player would draw from an empty pool (R-RUM-END-3):
``"passes"``: they pass, and the round ends once every player has passed in a
row; ``"ends"``: the round ends at once. Either way the lowest rack wins."""


def _int_in(low: int, high: int, rule: str) -> Any:
    def check(instance: object, attribute: attrs.Attribute[Any], value: Any) -> None:
        if type(value) is not int or not low <= value <= high:
            raise ValueError(
                f"{rule}: Rules.{attribute.name} must be an int from {low} to {high}, got {_shown(value)}"
            )

    return check


def _bool(instance: object, attribute: attrs.Attribute[Any], value: Any) -> None:
    if type(value) is not bool:
        raise ValueError(f"Rules.{attribute.name} must be True or False, got {_shown(value)}")


def _min_stay(instance: object, attribute: attrs.Attribute[Any], value: Any) -> None:
    if value is not None and (type(value) is not int or not 2 <= value <= 13):
        raise ValueError(f"R-RUM-RE-2: Rules.min_stay is None or 2 to 13, got {_shown(value)}")


def _time_limit(instance: object, attribute: attrs.Attribute[Any], value: Any) -> None:
    if value is not None and (type(value) is not int or value < 1):
        raise ValueError(
            f"R-RUM-TIME-1: Rules.time_limit is None or seconds >= 1, got {_shown(value)}"
        )


def _empty_pool(instance: object, attribute: attrs.Attribute[Any], value: Any) -> None:
    if value not in EMPTY_POOL_ENDINGS:
        raise ValueError(
            f"R-RUM-END-3: Rules.empty_pool must be one of {EMPTY_POOL_ENDINGS}, got {_shown(value)}"
        )


@attrs.frozen(repr=False)
class Rules:
    """How a game of MyRummy is played, as data; start from a preset and change knobs with `attrs.evolve`.

    ``repr`` names the preset a value equals (``Rules.rummikub(players=3)``), or the
    nearest preset and the fields that differ, as Morpyam's and the score sheet's do;
    `describe` says the rules in words.

    Examples:
        >>> import attrs
        >>> rules = Rules.classic(players=3)
        >>> rules.opening_points, rules.joker_penalty, rules.min_stay
        (30, 25, 3)
        >>> attrs.evolve(rules, min_stay=None) == Rules.rummikub(players=3)
        False
    """

    players: int = attrs.field(
        default=2, validator=_int_in(MIN_PLAYERS, MAX_PLAYERS, "R-RUM-SET-1")
    )
    """Number of players, 2 to 4 (R-RUM-SET-1)."""
    rack_size: int = attrs.field(default=14, validator=_int_in(1, 20, "R-RUM-SET-2"))
    """Tiles each player draws at the start of a round (R-RUM-SET-2)."""
    opening_points: int = attrs.field(default=30, validator=_int_in(0, 500, "R-RUM-OPEN-1"))
    """The least total of a player's first laying out (R-RUM-OPEN-1)."""
    joker_penalty: int = attrs.field(default=25, validator=_int_in(0, 100, "R-RUM-END-2"))
    """What a joker left on a rack counts at the end of a round (R-RUM-JOK-1, R-RUM-END-2)."""
    min_stay: int | None = attrs.field(default=3, validator=_min_stay)
    """Of a combination taken in part, how many tiles must stay together (R-RUM-RE-2);
    ``None``: free rearranging, as in plain Rummikub. See the docs page for the reading."""
    lay_off_in_opening_turn: bool = attrs.field(default=False, validator=_bool)
    """Whether the player who lays out may, in the same turn, also lay rack tiles onto
    combinations already on the table (R-RUM-OPEN-3: the text suggests not)."""
    joker_from_rack: bool = attrs.field(default=False, validator=_bool)
    """Whether the right tile that replaces a table joker must come from the player's rack
    (R-RUM-JOK-2). The text only says the joker is "replaced by a tile of the matching
    number", so by default a tile already on the table may replace it too, moved there in
    the rearranging; on, each replaced joker takes a tile of its own from the rack, as many
    tables play it."""
    empty_pool: EmptyPool = attrs.field(default="passes", validator=_empty_pool)
    """What an empty pool does to a player who does not lay (R-RUM-END-3), one of
    `EMPTY_POOL_ENDINGS`."""
    time_limit: int | None = attrs.field(default=120, validator=_time_limit)
    """Seconds per turn for apps that keep a clock (R-RUM-TIME-1); the library keeps none."""
    timeout_penalty: int = attrs.field(default=0, validator=_int_in(0, 3, "R-RUM-TIME-1"))
    """Tiles a player who runs out of time draws, after taking back all they laid (R-RUM-TIME-1);
    the text names no penalty (0), plain Rummikub takes 3. A time-out that lays nothing draws
    at least one tile (R-RUM-TURN-1), and with the pool empty it is a pass (R-RUM-END-3)."""
    handrummy: bool = attrs.field(default=False, validator=_bool)
    """Whether the Handrummy variant is played (R-RUM-VAR-HAND): off, as the text prints it
    under "Spielvariante", a variant agreed beforehand, not among the main rules."""
    handrummy_factor: int = attrs.field(default=2, validator=_int_in(1, 10, "R-RUM-VAR-HAND"))
    """How many times the others' minus points count after a Handrummy (R-RUM-VAR-HAND)."""
    rounds: int = attrs.field(default=1, validator=_int_in(1, 100, "R-RUM-MATCH-1"))
    """Rounds in a match, agreed beforehand (R-RUM-MATCH-1)."""
    colours: int = attrs.field(default=4, validator=_int_in(1, 4, "R-RUM-SET-1"))
    """How many colours the set has, taken in the order purple, black, green, grey
    (R-RUM-SET-1): the box has 4. A group has at most one tile of each (R-RUM-MELD-1)."""
    values: int = attrs.field(default=13, validator=_int_in(1, 13, "R-RUM-SET-1"))
    """The highest value printed on the tiles, which run 1 to ``values`` (R-RUM-SET-1): the box
    has 13. A run ends there: nothing follows it, a joker included (R-RUM-MELD-2)."""
    copies: int = attrs.field(default=2, validator=_int_in(1, 2, "R-RUM-SET-1"))
    """Copies of every coloured tile (R-RUM-SET-1): the box has 2."""
    jokers: int = attrs.field(default=2, validator=_int_in(0, 2, "R-RUM-SET-1"))
    """Jokers in the set (R-RUM-SET-1, R-RUM-JOK-1): the box has 2."""

    def __attrs_post_init__(self) -> None:
        dealt = self.players * self.rack_size
        if dealt > self.tile_count:
            raise ValueError(
                f"R-RUM-SET-2: {self.players} racks of {self.rack_size} need {dealt} tiles, "
                f"and the set has {self.tile_count}"
            )

    def __repr__(self) -> str:
        return preset_repr(self, PRESETS)

    def describe(self) -> str:
        """Every reading these rules make, in words: one line per rule ID, in rule-book order.

        A table checks with it that the library plays their way, as with Morpyam's
        `morpyam.Rules.describe`.

        Examples:
            >>> print(Rules.classic().describe().splitlines()[0])
            R-RUM-SET-1: 2 players; 106 tiles: pu bk gn gy, values 1 to 13, 2 of each, 2 jokers.
        """
        return "\n".join(_describe(self))

    @property
    def tile_count(self) -> int:
        """How many tiles the set has: 106 in the box (R-RUM-SET-1)."""
        return self.colours * self.values * self.copies + self.jokers

    @property
    def full_pool(self) -> tuple[int, ...]:
        """The whole set as counts indexed by `Tile.index`, as a fresh round's pool holds it."""
        return _full_pool(self.colours, self.values, self.copies, self.jokers)

    def has(self, tile: Tile) -> bool:
        """Whether the set has ``tile`` at all (R-RUM-SET-1).

        Examples:
            >>> from morpyam.myrummy.core._tiles import parse_tile
            >>> Rules.mini().has(parse_tile("gn3")), Rules.mini().has(parse_tile("gy3"))
            (True, False)
        """
        return self.full_pool[tile.index] > 0

    @property
    def set_text(self) -> str:
        """The tile set in words, as errors and help name it."""
        colours = " ".join(colour.value for colour in COLOURS[: self.colours])
        jokers = {0: "no joker", 1: "1 joker"}.get(self.jokers, f"{self.jokers} jokers")
        return (
            f"{self.tile_count} tiles: {colours}, values 1 to {self.values}, "
            f"{self.copies} of each, {jokers}"
        )

    @classmethod
    def classic(cls, players: int = 2, *, handrummy: bool = False) -> Rules:
        """Schmidt MyRummy Classic's main rules, read as section 10 of the rule book says;
        ``handrummy=True`` adds the text's optional variant (R-RUM-VAR-HAND).

        Examples:
            >>> Rules.classic().handrummy, Rules.classic(handrummy=True).handrummy
            (False, True)
        """
        return cls(players=players, handrummy=handrummy)

    @classmethod
    def rummikub(cls, players: int = 2) -> Rules:
        """Plain Rummikub as commonly played: free rearranging, no Handrummy, 3 tiles for a time-out."""
        return cls(players=players, min_stay=None, handrummy=False, timeout_penalty=3)

    @classmethod
    def mini(cls, players: int = 2) -> Rules:
        """The smallest set that keeps the game's character, for methods that walk the whole
        game (CFR): three colours, values 1 to 3, one copy of each and a joker (10 tiles),
        racks of 3, an opening of 6 points, free rearranging, a joker counting 5.

        Runs, groups, the joker, rearranging and the opening rule all play. The racks
        dealt must fit in the set, so three players at most.

        Examples:
            >>> rules = Rules.mini()
            >>> rules.tile_count, rules.rack_size, rules.opening_points
            (10, 3, 6)
        """
        return cls(
            players=players,
            rack_size=3,
            opening_points=6,
            joker_penalty=5,
            min_stay=None,
            timeout_penalty=1,
            colours=3,
            values=3,
            copies=1,
            jokers=1,
        )

    @classmethod
    def tiny(cls, players: int = 2) -> Rules:
        """`mini` without its joker: purple, black and green 1 to 3 (9 tiles), racks of 3, an
        opening of 6 points, free rearranging; the Leduc-sized set, whose whole game tree exact
        CFR walks (with the encoding's per-rack deal).

        Runs, groups, rearranging and the opening rule play; the joker does not. Three
        players at most, as under `mini` (three racks of three take every tile).

        Examples:
            >>> rules = Rules.tiny()
            >>> rules.tile_count, rules.rack_size, rules.jokers
            (9, 3, 0)
        """
        return attrs.evolve(cls.mini(players), jokers=0)

    @classmethod
    def midi(cls, players: int = 2) -> Rules:
        """A set between `mini` and the box, for sampling methods (MCCFR): four colours,
        values 1 to 7, one copy of each and two jokers (30 tiles), racks of 6, an opening of
        15 points and the classic rules' rearranging (three must stay), a joker counting 10.

        Examples:
            >>> rules = Rules.midi(players=3)
            >>> rules.tile_count, rules.rack_size, rules.min_stay
            (30, 6, 3)
        """
        return cls(
            players=players,
            rack_size=6,
            opening_points=15,
            joker_penalty=10,
            colours=4,
            values=7,
            copies=1,
            jokers=2,
        )


def _describe(rules: Rules) -> list[str]:
    time = (
        "no time limit"
        if rules.time_limit is None
        else f"{rules.time_limit} seconds a turn, for apps that keep a clock"
    )
    penalty = rules.timeout_penalty
    draws = (
        "draws a tile only if they laid nothing"
        if penalty == 0
        else f"draws {penalty} tile{'' if penalty == 1 else 's'}"
    )
    rounds = rules.rounds
    return [
        f"R-RUM-SET-1: {rules.players} players; {rules.set_text}.",
        f"R-RUM-SET-2: each player draws {rules.rack_size} tiles at the start of a round.",
        f"R-RUM-TIME-1: {time}; a player out of time takes back what they laid and {draws}.",
        f"R-RUM-OPEN-1: a player's first laying out totals at least {rules.opening_points} points.",
        "R-RUM-OPEN-3: the player who lays out may also lay tiles onto the table's "
        "combinations in the same turn."
        if rules.lay_off_in_opening_turn
        else "R-RUM-OPEN-3: the player who lays out lays no tile onto the table's "
        "combinations in the same turn.",
        "R-RUM-RE-2: any part of a combination may be taken (free rearranging)."
        if rules.min_stay is None
        else f"R-RUM-RE-2: of a combination taken in part, at least {rules.min_stay} tiles "
        "stay together.",
        "R-RUM-JOK-2: the tile that replaces a table joker comes from the player's rack."
        if rules.joker_from_rack
        else "R-RUM-JOK-2: the tile that replaces a table joker comes from the rack or the table.",
        f"R-RUM-END-2: the others score minus the values on their racks, a joker counting "
        f"{rules.joker_penalty}.",
        "R-RUM-END-3: a player who would draw from an empty pool passes; the round ends "
        "once every player has passed in a row."
        if rules.empty_pool == "passes"
        else "R-RUM-END-3: the round ends when a player would draw from an empty pool.",
        f"R-RUM-MATCH-1: a match has {rounds} round{'' if rounds == 1 else 's'}.",
        f"R-RUM-VAR-HAND: Handrummy is played: the others' minus points count "
        f"{rules.handrummy_factor} times after one."
        if rules.handrummy
        else "R-RUM-VAR-HAND: no Handrummy.",
    ]


@cache
def _full_pool(colours: int, values: int, copies: int, jokers: int) -> tuple[int, ...]:
    pool = [0] * KINDS
    for colour in range(colours):
        for value in range(values):
            pool[colour * 13 + value] = copies
    pool[JOKER_INDEX] = jokers
    return tuple(pool)


PRESETS: Mapping[str, Callable[[int], Rules]] = MappingProxyType(
    {
        "classic": Rules.classic,
        "rummikub": Rules.rummikub,
        "mini": Rules.mini,
        "tiny": Rules.tiny,
        "midi": Rules.midi,
    }
)
"""The rule presets by name; each takes the number of players (``mini`` and ``tiny``: 2 or 3,
their ten and nine tiles deal at most three racks of three)."""
