"""The moves of MyRummy: frozen values with a short text form.

| action | notation |
| --- | --- |
| `Draw()` | ``draw`` |
| `Pass()` | ``pass`` |
| `Play(table)` | ``play [gn4 gn5 gn6] {bk7 gy7 J}`` (the whole table after the play) |
| `FirstPlayer(1)` | ``first 1`` (chance: the lot for the first player) |
| a `Tile` | ``gn5`` (chance: the tile dealt or drawn) |

A `TimeOut` (``timeout``, or ``timeout [..] ..`` with the part kept) is no
move of the game but what a record keeps where the clock ran out: `parse_action`
does not read it, `morpyam.myrummy.notation._records.parse_entry` does.

A `Play` names the whole table after the
play; the tiles it takes from the rack are the difference (as multisets)
between that table and the one before. Its melds are kept in canonical order,
so the order they are given in does not matter.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from typing import Any

import attrs

from morpyam.errors import IllegalActionError, NotationError
from morpyam.errors import shown as _shown
from morpyam.kit.texts import ascii_lower as _ascii_lower
from morpyam.myrummy.core._melds import Meld, parse_meld, sort_table
from morpyam.myrummy.core._tiles import Tile, parse_tile

__all__ = ["Action", "Draw", "FirstPlayer", "Pass", "Play", "TimeOut", "parse_action"]


@attrs.frozen
class Draw:
    """Take one tile from the pool; this ends the turn (R-RUM-TURN-1). The tile is the chance outcome."""

    def __str__(self) -> str:
        return "draw"


@attrs.frozen
class Pass:
    """With the pool empty: lay nothing and end the turn (R-RUM-END-3)."""

    def __str__(self) -> str:
        return "pass"


def _table(melds: Iterable[Meld]) -> tuple[Meld, ...]:
    return sort_table(melds)


def _table_text(table: tuple[Meld, ...]) -> str:
    return " ".join(map(str, table))


@attrs.frozen
class Play:
    """Lay tiles: ``table`` is the whole table after the play, as melds (R-RUM-TURN-1).

    Examples:
        >>> from morpyam.myrummy.core._melds import parse_meld
        >>> play = Play((parse_meld("{gn7 bk7 gy7}"), parse_meld("[gn4 gn5 gn6]")))
        >>> str(play)
        'play [gn4 gn5 gn6] {bk7 gn7 gy7}'
    """

    table: tuple[Meld, ...] = attrs.field(converter=_table)
    """The melds on the table after the play, in canonical order."""

    def __str__(self) -> str:
        return f"play {_table_text(self.table)}".rstrip()


def _optional_table(melds: Iterable[Meld] | None) -> tuple[Meld, ...] | None:
    return None if melds is None else sort_table(melds)


@attrs.frozen
class TimeOut:
    """A record entry: the turn's time ran out here (R-RUM-TIME-1); its notation is ``timeout``.

    Like a resignation, a time-out is no move of the game (the library keeps
    no clock): ``legal_actions`` does not list it and ``apply`` refuses it;
    `morpyam.myrummy.time_out` does it, and a record replays it so. ``table``
    is the part the player had arranged in correct combinations (the whole
    table, as in `Play`), kept if it is a legal play; ``None`` (the default)
    keeps nothing.
    """

    table: tuple[Meld, ...] | None = attrs.field(default=None, converter=_optional_table)
    """The correct part kept, as the whole table, or ``None``."""

    def __str__(self) -> str:
        return "timeout" if self.table is None else f"timeout {_table_text(self.table)}".rstrip()


def _check_player(instance: FirstPlayer, attribute: attrs.Attribute[Any], value: Any) -> None:
    if type(value) is not int or not 0 <= value < 4:
        raise IllegalActionError(
            "R-RUM-SET-3", f"the first player is a seat 0 to 3, got {_shown(value)}"
        )


@attrs.frozen
class FirstPlayer:
    """A chance outcome: the lot names the first player (R-RUM-SET-3)."""

    player: int = attrs.field(validator=_check_player)
    """The seat that starts, from 0."""

    def __str__(self) -> str:
        return f"first {self.player}"


Action = Draw | Pass | Play | FirstPlayer | Tile
"""Any move of the game, chance outcomes (a tile, the lot) included."""

_VERBS = ("draw", "pass", "play", "first", "a tile such as gn5")
_MELD = re.compile(r"\[[^\[\]{}]*\]|\{[^\[\]{}]*\}")
_SEAT = re.compile(r"[0-9]+", re.ASCII)


def parse_action(text: str) -> Action:
    """Read one action from its notation (see the module).

    Examples:
        >>> parse_action("play [gn4 gn5 gn6]")
        Play(table=(Run([gn4 gn5 gn6]),))
        >>> parse_action("gy13")
        Tile(gy13)

    Raises:
        NotationError: for text that is no action (a ``ValueError``); melds the
            rules forbid raise their `IllegalActionError`.
    """
    action = _read_action(text, _VERBS)
    assert not isinstance(action, TimeOut)
    return action


def _read_action(text: str, verbs: tuple[str, ...]) -> Action | TimeOut:
    """An action, or with ``timeout`` among ``verbs`` a `TimeOut` too (see `parse_action`)."""
    if not isinstance(text, str):
        raise NotationError(f"an action is text, not {type(text).__name__}", repr(text), 1)
    if len(text) > 2000:
        raise NotationError("an action is at most 2000 characters", text[:40], 1)
    body = text.strip()
    verb, _, rest = body.partition(" ")
    verb = _ascii_lower(verb)
    if verb in ("draw", "pass") and not rest.strip():
        return Draw() if verb == "draw" else Pass()
    if verb == "first":  # the seat in ASCII digits: not "²" nor "٣"
        if not _SEAT.fullmatch(rest.strip()):
            raise NotationError(
                "after first, write the seat in the digits 0-9, such as first 1",
                text,
                len(verb) + 2,
            )
        return FirstPlayer(int(rest.strip()))
    if verb == "play" or (verb == "timeout" and verb in verbs):
        melds = _MELD.findall(rest)
        if _MELD.sub("", rest).strip():
            raise NotationError(
                "after the verb, write melds: [gn4 gn5 gn6] for a run, {gn7 bk7 J} for a group",
                text,
                len(verb) + 2,
            )
        table = [parse_meld(meld) for meld in melds]
        if verb == "play":
            return Play(table)
        return TimeOut(table if melds else None)
    if body and not rest:
        try:
            return parse_tile(body)
        except IllegalActionError:
            pass
    raise NotationError(f"{_shown(body)} is not an action; use one of: {', '.join(verbs)}", text, 1)
