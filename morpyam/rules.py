"""The rules of a game as one frozen value (sections 1 to 8 of the rule book).

Every variant and every knob of the rule book is a field of
`Rules`; presets fill the fields that depend on the number of players. The engine
reads fields and never branches on a variant's name. Where the publisher's
texts can reasonably be read two ways, each reading is a value of a field,
the default being the library's own; `Rules.describe`
lists, in words, every reading a value makes.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from types import MappingProxyType
from typing import Any, Literal

import attrs

from morpyam.dice import OUTCOMES
from morpyam.errors import _shown
from morpyam.figures import Figure, Label, Special, classify
from morpyam.kit.presets import preset_repr
from morpyam.layouts import MIN_LINE, Layout

__all__ = [
    "CALLED_MORPYAM_CELLS",
    "CALL_MISS_LOSSES",
    "DAVERSA_COUNTS",
    "DAVERSA_READINGS",
    "DIAGONALS",
    "MISSED_CALL_VOIDS",
    "PRESETS",
    "SEC_FIGURES",
    "SHOWN_FIGURE_READINGS",
    "TIE_BREAKS",
    "CallMissLoss",
    "CalledMorpyamCells",
    "Daversa",
    "DaversaCount",
    "Diagonals",
    "MissedCallVoids",
    "Rules",
    "ShownFigure",
    "TieBreak",
]

Daversa = Literal["replay", "consecutive_turns"]
DAVERSA_READINGS: tuple[Daversa, ...] = ("replay", "consecutive_turns")
"""The two readings of KO R. D'Aversa (R-MOR-3)."""
DaversaCount = Literal["placed", "rolled"]
DAVERSA_COUNTS: tuple[DaversaCount, ...] = ("placed", "rolled")
"""What "réussit 2 Morpyam" counts (R-MOR-3): Morpyams placed, or Morpyams rolled."""
CallMissLoss = Literal["everything", "earlier_figures"]
CALL_MISS_LOSSES: tuple[CallMissLoss, ...] = ("everything", "earlier_figures")
"""What a missed call that ends the turn loses (R-CALL-7)."""
MissedCallVoids = Literal["third_roll", "any_roll"]
MISSED_CALL_VOIDS: tuple[MissedCallVoids, ...] = ("third_roll", "any_roll")
"""Which missed calls void the dice of their roll (R-CALL-6, R-CALL-7)."""
CalledMorpyamCells = Literal["call", "call_or_morpyam"]
CALLED_MORPYAM_CELLS: tuple[CalledMorpyamCells, ...] = ("call", "call_or_morpyam")
"""Where a called Morpyam that comes up may go (R-CALL-5)."""
ShownFigure = Literal["dice", "kept"]
SHOWN_FIGURE_READINGS: tuple[ShownFigure, ...] = ("dice", "kept")
"""What "une figure déjà présente" is (R-CALL-8): shown by the dice, or secured by the kept dice."""
Diagonals = Literal["all", "long"]
DIAGONALS: tuple[Diagonals, ...] = ("all", "long")
"""Which diagonals are lines (R-LINE-1): every diagonal of 3 cells or more, or the two long ones."""
TieBreak = Literal["shared", "fewest_tokens_left"]
TIE_BREAKS: tuple[TieBreak, ...] = ("shared", "fewest_tokens_left")
"""A tie on points without the player who finished (R-END-3)."""

SEC_FIGURES = frozenset(
    {
        Figure.MORPYAM,
        Figure.FOUR_OF_A_KIND,
        Figure.MAXI,
        Figure.MINI,
        Figure.STRAIGHT,
        Figure.FULL_HOUSE,
    }
)
"""The figures that make a first roll a Sec (R-CELL-2)."""

_NEVER_CALLABLE = frozenset(
    {figure for figure in Figure if figure.brelan_face} | {Figure.SMALL_STRAIGHT, Special.CALL}
)
_TOKENS = {2: 17, 3: 11, 4: 8}
_FOUR_IN_A_ROW = {2: 2, 3: 3, 4: 3}


def _run_points(
    value: Mapping[int, int] | Iterable[tuple[int, int]],
) -> tuple[tuple[int, int], ...]:
    pairs = value.items() if isinstance(value, Mapping) else value
    try:
        return tuple(sorted((length, points) for length, points in pairs))
    except (TypeError, ValueError):
        raise ValueError(
            f"R-LINE-2: run_points must be (length, points) pairs or a mapping, got {_shown(value)}"
        ) from None


def _label_set(value: Iterable[Any]) -> frozenset[Any]:
    if isinstance(value, (str, bytes)) or not isinstance(value, Iterable):
        raise ValueError(f"expected a collection of labels, got {_shown(value)}")
    try:
        return frozenset(value)
    except TypeError:
        raise ValueError(f"expected a collection of labels, got {_shown(value)}") from None


def _int_at_least(low: int) -> Callable[[Any, attrs.Attribute[Any], Any], None]:
    def check(instance: object, attribute: attrs.Attribute[Any], value: Any) -> None:
        if type(value) is not int or value < low:
            raise ValueError(f"Rules.{attribute.name} must be an int >= {low}, got {_shown(value)}")

    return check


def _bool(instance: object, attribute: attrs.Attribute[Any], value: Any) -> None:
    if type(value) is not bool:
        raise ValueError(f"Rules.{attribute.name} must be True or False, got {_shown(value)}")


def _one_of(
    choices: tuple[str, ...], rule: str
) -> Callable[[Any, attrs.Attribute[Any], Any], None]:
    def check(instance: object, attribute: attrs.Attribute[Any], value: Any) -> None:
        if type(value) is not str or value not in choices:
            raise ValueError(
                f"{rule}: Rules.{attribute.name} must be one of "
                f"{', '.join(map(repr, choices))}, got {_shown(value)}"
            )

    return check


@attrs.frozen(repr=False)
class Rules:
    """Everything that decides a game, as data.

    Build one from a preset (`classic`) and change knobs with
    `attrs.evolve`; every value is validated, and an inconsistent one
    (more tokens than cells, a KO longer than any line) is a ``ValueError``.
    Presets fill the fields that depend on the number of players
    (``tokens_per_player``, ``run_points``): to change the number of players,
    start from the preset for that number rather than evolving ``players``.
    ``repr`` names the preset a value equals (``Rules.classic(players=3)``), or
    the nearest preset and the fields that differ, as the other two games' do;
    `describe` says the rules in words.

    Examples:
        >>> import attrs
        >>> rules = attrs.evolve(Rules.classic(players=3), voluntary_pass=False)
        >>> rules.tokens_per_player
        11
        >>> rules
        attrs.evolve(Rules.classic(players=3), voluntary_pass=False)
    """

    players: int = attrs.field(default=2)
    """Number of players, 2 to 4 (R-SET-2)."""
    tokens_per_player: int = attrs.field(default=17, validator=_int_at_least(1))
    """Tokens each player starts with (R-SET-2)."""
    layout: Layout = attrs.field(factory=Layout.classic)
    """The grid (R-GRID-1, R-GRID-2)."""
    run_points: tuple[tuple[int, int], ...] = attrs.field(
        default=((3, 1), (4, 2)), converter=_run_points
    )
    """``(length, points)`` pairs: what a maximal run of a player's tokens scores (R-LINE-2).

    A run scores the points of the longest listed length it reaches; shorter
    than every listed length, it scores nothing. A mapping such as
    ``{3: 1, 4: 2}`` is accepted.
    """
    ko_length: int | None = 5
    """Consecutive tokens on a line that win at once (R-END-1); ``None``: no KO."""
    end_bonus: int = attrs.field(default=1, validator=_int_at_least(0))
    """Points for the player who places their last token (R-END-2)."""
    sec_figures: frozenset[Figure] = attrs.field(default=SEC_FIGURES, converter=_label_set)
    """Figures that let a first roll cover a SEC cell (R-CELL-2)."""
    callable: frozenset[Label] = attrs.field(
        default=SEC_FIGURES | {Special.SEC}, converter=_label_set
    )
    """What may be called before a roll (R-CALL-2); ``Special.SEC`` calls a Sec."""
    voluntary_pass: bool = attrs.field(default=True, validator=_bool)
    """Whether a player may end a turn without a token when not forced to (R-TURN-4)."""
    called_morpyam_replays: bool = attrs.field(default=True, validator=_bool)
    """Whether a successful call hit with a Morpyam showing grants a replay (R-CALL-5, R-MOR-2)."""
    forbid_calling_shown_figure: bool = attrs.field(default=False, validator=_bool)
    """R-CALL-8: no calling, before the 2nd or 3rd roll, a figure the dice already show."""
    daversa: Daversa | None = None
    """KO R. D'Aversa (R-MOR-3): ``None`` (off), ``"replay"`` or ``"consecutive_turns"``."""
    tile_setup: bool = attrs.field(default=False, validator=_bool)
    """Morpyam Plus (R-VAR-PLUS): the labels of ``layout`` are tiles that the players deal
    and lay out before play; the grid they build is the layout of the game."""
    call_miss_loses: CallMissLoss = attrs.field(
        default="everything", validator=_one_of(CALL_MISS_LOSSES, "R-CALL-7")
    )
    """What a missed call that ends the turn loses (R-CALL-7): ``"everything"`` (no token
    this turn) or ``"earlier_figures"`` (only the figures the dice showed before that
    roll; a figure that first came up on it may still be placed)."""
    missed_call_voids: MissedCallVoids = attrs.field(
        default="third_roll", validator=_one_of(MISSED_CALL_VOIDS, "R-CALL-6")
    )
    """Which missed calls void their roll (R-CALL-6, R-CALL-7): ``"third_roll"`` (a miss on
    the 1st or 2nd roll is as if no call had been made) or ``"any_roll"`` ("si le dernier
    appel échoue": after any miss the player rolls again or passes)."""
    morpyam_at_once: bool = attrs.field(default=False, validator=_bool)
    """R-MOR-1: a Morpyam showing that can be placed must be placed at once (no rolling on)."""
    called_morpyam_cells: CalledMorpyamCells = attrs.field(
        default="call", validator=_one_of(CALLED_MORPYAM_CELLS, "R-CALL-5")
    )
    """Where a called Morpyam that comes up goes (R-CALL-5): ``"call"`` (a CALL cell) or
    ``"call_or_morpyam"`` (a CALL cell or a MORPYAM cell, as the player chooses)."""
    sec_call_morpyam_replays: bool = attrs.field(default=False, validator=_bool)
    """R-MOR-2: whether a SEC call that comes up with five of a kind replays like a Morpyam."""
    lost_turns: bool = attrs.field(default=False, validator=_bool)
    """R-END-5: whether a player's turn can be lost (a collision, dice off the track):
    `LoseTurn` is then legal at every decision of a turn."""
    shown_figure_means: ShownFigure = attrs.field(
        default="dice", validator=_one_of(SHOWN_FIGURE_READINGS, "R-CALL-8")
    )
    """What R-CALL-8 forbids calling: ``"dice"`` (a figure the dice show) or ``"kept"``
    (a figure the kept dice secure, whatever the rerolled dice show)."""
    diagonals: Diagonals = attrs.field(default="all", validator=_one_of(DIAGONALS, "R-LINE-1"))
    """Which diagonals are lines for points and the KO (R-LINE-1): ``"all"`` (every diagonal
    of 3 cells or more) or ``"long"`` (the two corner-to-corner diagonals)."""
    call_needs_free_cell: bool = attrs.field(default=True, validator=_bool)
    """R-CALL-4: a call only while a CALL cell is free; when ``False``, a call may be made
    anyway, and one that comes up with no CALL cell free places as if no call was made."""
    morpyam_is_full: bool = attrs.field(default=True, validator=_bool)
    """R-FIG-4: whether five of a kind is also a FULL_HOUSE (the 2025 text) or not
    (the German and Italian texts: three of a kind and a pair)."""
    daversa_counts: DaversaCount = attrs.field(
        default="placed", validator=_one_of(DAVERSA_COUNTS, "R-MOR-3")
    )
    """What KO R. D'Aversa counts (R-MOR-3): Morpyams ``"placed"`` or ``"rolled"``."""
    tie_break: TieBreak = attrs.field(default="shared", validator=_one_of(TIE_BREAKS, "R-END-3"))
    """R-END-3, a tie without the player who finished: ``"shared"`` (the tied players share
    the win) or ``"fewest_tokens_left"`` (the tied player who placed the most tokens wins;
    still tied, they share)."""

    # Engine tables: per sorted outcome, whether it is a Sec on a first roll and
    # the figures it shows under these rules; whether a turn tracks its figures.
    _sec: dict[tuple[int, ...], bool] = attrs.field(init=False, eq=False, repr=False)
    _shows: dict[tuple[int, ...], frozenset[Figure]] = attrs.field(init=False, eq=False, repr=False)
    _tracks_turn: bool = attrs.field(init=False, eq=False, repr=False)
    # What may be called before the first roll and before a later one (R-CALL-2, R-CALL-3),
    # in the engine's order: the figures in the order of Figure, then SEC.
    _calls_first: tuple[Label, ...] = attrs.field(init=False, eq=False, repr=False)
    _calls_later: tuple[Figure, ...] = attrs.field(init=False, eq=False, repr=False)
    # The engine's memos (never pickled): the actions that end a decision list (the rolls,
    # then a lost turn) by the dice showing and whether a CALL cell is free; the calls
    # allowed by the figures already there (R-CALL-8).
    _roll_tails: dict[object, tuple[Any, ...]] = attrs.field(init=False, eq=False, repr=False)
    _calls_by_shown: dict[frozenset[Figure], tuple[Figure, ...]] = attrs.field(
        init=False, eq=False, repr=False
    )

    def __attrs_post_init__(self) -> None:
        if type(self.players) is not int or self.players not in _TOKENS:
            raise ValueError(f"R-SET-2: 2 to 4 players, got {_shown(self.players)}")
        if not isinstance(self.layout, Layout):
            raise ValueError(f"Rules.layout must be a Layout, got {_shown(self.layout)}")
        cells = len(self.layout)
        if self.players * self.tokens_per_player > cells:
            raise ValueError(
                f"R-SET-2: {self.players} players × {self.tokens_per_player} tokens "
                f"do not fit on {cells} cells"
            )
        self._check_run_points()
        longest = max(len(line) for line in self.layout.lines) if self.layout.lines else 0
        if self.ko_length is not None and (
            type(self.ko_length) is not int or not 2 <= self.ko_length <= longest
        ):
            raise ValueError(
                f"R-END-1: ko_length must be None or an int from 2 to {longest} "
                f"(the longest line), got {_shown(self.ko_length)}"
            )
        if not all(isinstance(figure, Figure) for figure in self.sec_figures):
            raise ValueError(f"R-CELL-2: sec_figures must be Figures, got {set(self.sec_figures)}")
        bad = {
            label
            for label in self.callable
            if not isinstance(label, (Figure, Special)) or label in _NEVER_CALLABLE
        }
        if bad:
            names = ", ".join(sorted(str(label) for label in bad))
            raise ValueError(f"R-CALL-2: never callable: {names}")
        if self.daversa is not None and self.daversa not in DAVERSA_READINGS:
            raise ValueError(
                f"R-MOR-3: daversa must be None, 'replay' or 'consecutive_turns', "
                f"got {_shown(self.daversa)}"
            )
        self._check_coverable()
        shows = {dice: self._figures(dice) for dice in OUTCOMES}
        sec = {dice: not self.sec_figures.isdisjoint(shows[dice]) for dice in OUTCOMES}
        object.__setattr__(self, "_sec", sec)
        object.__setattr__(self, "_shows", shows)
        tracks = self.call_miss_loses == "earlier_figures" or (
            self.daversa is not None and self.daversa_counts == "rolled"
        )
        object.__setattr__(self, "_tracks_turn", tracks)
        later = tuple(figure for figure in Figure if figure in self.callable)
        first = (*later, Special.SEC) if Special.SEC in self.callable else later
        object.__setattr__(self, "_calls_first", first)
        object.__setattr__(self, "_calls_later", later)
        object.__setattr__(self, "_roll_tails", {})
        object.__setattr__(self, "_calls_by_shown", {})

    def __getstate__(self) -> dict[str, Any]:
        """The knobs only: the tables and memos are made again when read back."""
        return {
            field.name: getattr(self, field.name) for field in attrs.fields(Rules) if field.init
        }

    def __setstate__(self, state: dict[str, Any]) -> None:
        for name, value in state.items():
            object.__setattr__(self, name, value)
        self.__attrs_post_init__()

    def _figures(self, dice: tuple[int, ...]) -> frozenset[Figure]:
        figures = classify(dice)
        if not self.morpyam_is_full and Figure.MORPYAM in figures:
            return figures - {Figure.FULL_HOUSE}
        return figures

    def shows(self, dice: tuple[int, ...]) -> frozenset[Figure]:
        """The figures five dice show under these rules (R-FIG-1 to R-FIG-8, ``morpyam_is_full``).

        Raises:
            ValueError: unless ``dice`` holds five faces from 1 to 6.
        """
        key = tuple(dice)
        classify(key)
        return self._shows[tuple(sorted(key))]

    def describe(self) -> str:
        """Every reading these rules make, in words: one line per rule ID, in rule-book order.

        A table checks with it that the library plays their way; two values
        that describe alike play alike (the layout is named, not drawn).

        Examples:
            >>> print(Rules.classic().describe().splitlines()[0])
            R-SET-2: 2 players, 17 tokens each.
        """
        return "\n".join(_describe(self))

    def _check_coverable(self) -> None:
        """Every cell must be coverable by some turn, or the grid holds dead cells."""
        dead: dict[Label, str] = {}
        if not self.sec_figures:
            dead[Special.SEC] = "R-CELL-2: no figure makes a Sec (sec_figures is empty)"
        can_call = any(isinstance(label, Figure) for label in self.callable) or (
            Special.SEC in self.callable and bool(self.sec_figures)
        )
        if not can_call:
            dead[Special.CALL] = "R-CELL-3: no call can ever succeed (callable is empty)"
        for label, reason in dead.items():
            cells = self.layout.cells_with(label)
            if cells:
                where = ", ".join(str(cell) for cell in cells)
                raise ValueError(f"{reason}, so the {label} cells {where} can never be covered")

    def _check_run_points(self) -> None:
        lengths = [length for length, _ in self.run_points]
        ok = all(
            type(length) is int and type(points) is int and length >= MIN_LINE and points >= 0
            for length, points in self.run_points
        )
        if not ok or len(set(lengths)) != len(lengths):
            raise ValueError(
                f"R-LINE-2: run_points must pair distinct lengths >= {MIN_LINE} (shorter runs "
                "score nothing) with points >= 0, "
                f"got {_shown(self.run_points)}"
            )

    def __repr__(self) -> str:
        return preset_repr(self, PRESETS)

    def run_value(self, length: int) -> int:
        """The points a maximal run of ``length`` tokens scores (R-LINE-2)."""
        value = 0
        for reach, points in self.run_points:
            if length >= reach:
                value = points
        return value

    @classmethod
    def classic(cls, players: int = 2) -> Rules:
        """The classic game (R-SET-2, R-LINE-2) for 2 to 4 players on the classic grid."""
        if type(players) is not int or players not in _TOKENS:
            raise ValueError(f"R-SET-2: 2 to 4 players, got {_shown(players)}")
        return cls(
            players=players,
            tokens_per_player=_TOKENS[players],
            run_points=((3, 1), (4, _FOUR_IN_A_ROW[players])),
        )

    @classmethod
    def official(cls, players: int = 2) -> Rules:
        """The 2025 edition (R-VAR-2025): classic, R-MOR-3 over consecutive turns, R-CALL-8."""
        return attrs.evolve(
            cls.classic(players), daversa="consecutive_turns", forbid_calling_shown_figure=True
        )

    @classmethod
    def plus(cls, players: int = 2) -> Rules:
        """Morpyam Plus (R-VAR-PLUS): the classic game on a grid the players build from its tiles."""
        return attrs.evolve(cls.classic(players), tile_setup=True)

    @classmethod
    def flash(cls, players: int = 2) -> Rules:
        """Morpyam Flash (R-VAR-FLASH): classic rules on `Layout.flash`."""
        return attrs.evolve(cls.classic(players), layout=Layout.flash())


def _names(labels: Iterable[Label]) -> str:
    order = {label: i for i, label in enumerate((*Figure, *Special))}
    return ", ".join(str(label) for label in sorted(labels, key=order.__getitem__)) or "nothing"


def _layout_name(layout: Layout) -> str:
    if layout == Layout.classic():
        return "the classic grid (R-GRID-2)"
    if layout == Layout.flash():
        return "the Morpyam Flash grid (R-VAR-FLASH)"
    return f"a grid of its own, {layout.width}×{layout.height}"


def _describe(rules: Rules) -> list[str]:
    runs = ", ".join(
        f"{length} in a row: {points} point{'' if points == 1 else 's'}"
        for length, points in rules.run_points
    )
    lines = [
        f"R-SET-2: {rules.players} players, {rules.tokens_per_player} tokens each.",
        f"R-GRID-1: played on {_layout_name(rules.layout)}"
        + (
            "; its labels are tiles that the players deal and lay out first (R-VAR-PLUS)."
            if rules.tile_setup
            else "."
        ),
        "R-FIG-4: five of a kind is also a full house."
        if rules.morpyam_is_full
        else "R-FIG-4: five of a kind is not a full house (three of a kind and a pair only).",
        "R-TURN-4: a player may end a turn without a token when no placement is mandatory."
        if rules.voluntary_pass
        else "R-TURN-4: a turn ends without a token only after the 3rd roll, when no cell fits.",
        f"R-CELL-2: a first roll is a Sec when it shows {_names(rules.sec_figures)}.",
        f"R-CALL-2: callable: {_names(rules.callable)}.",
        "R-CALL-4: a call only while a CALL cell is free."
        if rules.call_needs_free_cell
        else "R-CALL-4: a call even when no CALL cell is free; "
        "if it comes up then, the token goes where the dice allow, as without a call.",
        "R-CALL-5: a called Morpyam that comes up goes on a CALL cell."
        if rules.called_morpyam_cells == "call"
        else "R-CALL-5: a called Morpyam that comes up goes on a CALL or a MORPYAM cell.",
        "R-CALL-6: a missed call on the 1st or 2nd roll is as if no call had been made."
        if rules.missed_call_voids == "third_roll"
        else "R-CALL-6: after any missed call the player rolls again or passes: "
        "the dice of that roll place nothing.",
        "R-CALL-7: a missed call that ends the turn places nothing, whatever the dice show."
        if rules.call_miss_loses == "everything"
        else "R-CALL-7: a missed call that ends the turn loses only the figures the dice "
        "showed before that roll; a figure that first came up on it may be placed.",
    ]
    if rules.forbid_calling_shown_figure:
        lines.append(
            "R-CALL-8: no calling, before the 2nd or 3rd roll, a figure the dice already show."
            if rules.shown_figure_means == "dice"
            else "R-CALL-8: no calling, before the 2nd or 3rd roll, a figure the kept dice "
            "already secure."
        )
    else:
        lines.append("R-CALL-8: a figure the dice already show may be called.")
    lines.append(
        "R-MOR-1: a Morpyam that can be placed must be placed at once."
        if rules.morpyam_at_once
        else "R-MOR-1: with a Morpyam showing the player may roll on; "
        "a turn that ends with it places it on a MORPYAM cell if one is free."
    )
    replays = ["a Morpyam placed replays, except on a SEC cell"]
    replays.append(
        "a called figure that comes up with a Morpyam replays"
        if rules.called_morpyam_replays
        else "a called figure that comes up with a Morpyam does not replay"
    )
    replays.append(
        "a SEC call that comes up with a Morpyam replays"
        if rules.sec_call_morpyam_replays
        else "a SEC call that comes up with a Morpyam does not replay"
    )
    lines.append(f"R-MOR-2: {'; '.join(replays)}.")
    if rules.daversa is None:
        lines.append("R-MOR-3: no KO R. D'Aversa.")
    else:
        when = (
            "in the replay the first one grants"
            if rules.daversa == "replay"
            else "in their next own turn"
        )
        lines.append(
            f"R-MOR-3: KO R. D'Aversa: a player with a Morpyam {rules.daversa_counts} "
            f"and another one {rules.daversa_counts} {when} wins at once."
        )
    lines += [
        "R-LINE-1: lines are rows, columns and every diagonal of 3 cells or more."
        if rules.diagonals == "all"
        else "R-LINE-1: lines are rows, columns and the two long diagonals only.",
        f"R-LINE-2: a maximal run scores by its length ({runs}).",
        "R-END-1: no KO."
        if rules.ko_length is None
        else f"R-END-1: {rules.ko_length} tokens in a row win at once (KO).",
        f"R-END-2: the player who places their last token ends the game "
        f"and scores {rules.end_bonus} more.",
        "R-END-3: a tie on points goes to the player who finished if tied; "
        + (
            "otherwise the tied players share the win."
            if rules.tie_break == "shared"
            else "otherwise to the tied player who placed the most tokens (still tied: shared)."
        ),
        "R-END-5: a turn can be lost (LoseTurn) at any decision of it."
        if rules.lost_turns
        else "R-END-5: no lost turns (a turn ends by a token or a pass).",
    ]
    return lines


PRESETS: Mapping[str, Callable[[int], Rules]] = MappingProxyType(
    {
        "classic": Rules.classic,
        "official": Rules.official,
        "flash": Rules.flash,
        "plus": Rules.plus,
    }
)
"""The rule presets by name: each makes the `Rules` for a number of players."""
