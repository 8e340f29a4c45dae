"""The rules of a game as one frozen value (RULES.md sections 1 to 8).

Every variant and every knob of the rule book is a field of
[`Rules`][morpyam.rules.Rules]; presets fill the fields that depend on the number of players. The engine
reads fields and never branches on a variant's name.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from types import MappingProxyType
from typing import Any, Literal

import attrs

from morpyam.dice import OUTCOMES
from morpyam.figures import Figure, Label, Special, classify
from morpyam.layouts import MIN_LINE, Layout

__all__ = ["DAVERSA_READINGS", "PRESETS", "SEC_FIGURES", "Daversa", "Rules"]

Daversa = Literal["replay", "consecutive_turns"]
DAVERSA_READINGS: tuple[Daversa, ...] = ("replay", "consecutive_turns")
"""The two readings of KO R. D'Aversa (R-MOR-3)."""

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
            f"R-LINE-2: run_points must be (length, points) pairs or a mapping, got {value!r}"
        ) from None


def _label_set(value: Iterable[Any]) -> frozenset[Any]:
    if isinstance(value, (str, bytes)) or not isinstance(value, Iterable):
        raise ValueError(f"expected a collection of labels, got {value!r}")
    try:
        return frozenset(value)
    except TypeError:
        raise ValueError(f"expected a collection of labels, got {value!r}") from None


def _int_at_least(low: int) -> Callable[[Any, attrs.Attribute[Any], Any], None]:
    def check(instance: object, attribute: attrs.Attribute[Any], value: Any) -> None:
        if type(value) is not int or value < low:
            raise ValueError(f"Rules.{attribute.name} must be an int >= {low}, got {value!r}")

    return check


def _bool(instance: object, attribute: attrs.Attribute[Any], value: Any) -> None:
    if type(value) is not bool:
        raise ValueError(f"Rules.{attribute.name} must be True or False, got {value!r}")


@attrs.frozen(repr=False)
class Rules:
    """Everything that decides a game, as data.

    Build one from a preset ([`classic`][morpyam.rules.Rules.classic]) and change knobs with
    `attrs.evolve`; every value is validated, and an inconsistent one
    (more tokens than cells, a KO longer than any line) is a ``ValueError``.
    Presets fill the fields that depend on the number of players
    (``tokens_per_player``, ``run_points``): to change the number of players,
    start from the preset for that number rather than evolving ``players``.

    Examples:
        >>> import attrs
        >>> rules = attrs.evolve(Rules.classic(players=3), voluntary_pass=False)
        >>> rules.tokens_per_player
        11
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

    # Engine table: per sorted outcome, whether it is a Sec on a first roll.
    _sec: dict[tuple[int, ...], bool] = attrs.field(init=False, eq=False, repr=False)

    def __attrs_post_init__(self) -> None:
        if type(self.players) is not int or self.players not in _TOKENS:
            raise ValueError(f"R-SET-2: 2 to 4 players, got {self.players!r}")
        if not isinstance(self.layout, Layout):
            raise ValueError(f"Rules.layout must be a Layout, got {self.layout!r}")
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
                f"(the longest line), got {self.ko_length!r}"
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
                f"got {self.daversa!r}"
            )
        self._check_coverable()
        sec = {dice: not self.sec_figures.isdisjoint(classify(dice)) for dice in OUTCOMES}
        object.__setattr__(self, "_sec", sec)

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
                f"got {self.run_points!r}"
            )

    def __repr__(self) -> str:
        # the preset it is, or the nearest preset with the fields that differ: short and exact
        best: tuple[str, list[str]] | None = None
        for name, preset in PRESETS.items():
            base = preset(self.players)
            changed = [
                f"{field.name}={getattr(self, field.name)!r}"
                for field in attrs.fields(Rules)
                if field.init and getattr(self, field.name) != getattr(base, field.name)
            ]
            if best is None or len(changed) < len(best[1]):
                best = (name, changed)
        assert best is not None
        name, changed = best
        made = f"Rules.{name}(players={self.players})"
        return f"attrs.evolve({made}, {', '.join(changed)})" if changed else made

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
            raise ValueError(f"R-SET-2: 2 to 4 players, got {players!r}")
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
        """Morpyam Flash (R-VAR-FLASH): classic rules on [`Layout.flash`][morpyam.layouts.Layout.flash]."""
        return attrs.evolve(cls.classic(players), layout=Layout.flash())


PRESETS: Mapping[str, Callable[[int], Rules]] = MappingProxyType(
    {
        "classic": Rules.classic,
        "official": Rules.official,
        "flash": Rules.flash,
        "plus": Rules.plus,
    }
)
"""The rule presets by name: each makes the `Rules` for a number of players."""
