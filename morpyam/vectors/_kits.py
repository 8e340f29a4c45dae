"""What the corpus needs of each game, behind one shape: a `Kit` per game.

Each kit holds the game's functions (``legal_actions``, ``apply``, …), its
state JSON (``state_to_dict``, ``state_from_dict``), its notation reader and,
for the counts, the moves it counts at a decision (`Kit.moves`). The rest of
`morpyam.vectors` names no game: it goes through `KITS`.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator, Mapping
from fractions import Fraction
from typing import Any

import attrs

import morpyam as mp
from morpyam import myrummy as mr
from morpyam import state_json
from morpyam import yahtzee as yz
from morpyam.myrummy.notation import _state_json as rummy_json
from morpyam.myrummy.notation._records import parse_entry
from morpyam.yahtzee import state_json as sheet_json

__all__ = ["GAMES", "KITS", "Kit", "resign_text"]

GAMES = ("morpyam", "yahtzee", "myrummy")
"""The games of the corpus, in the order their files are written."""


@attrs.frozen
class Kit:
    """One game as the corpus sees it: pure functions over its states."""

    name: str
    """The game's name in the corpus (``"morpyam"``, ``"yahtzee"``, ``"myrummy"``)."""
    legal_actions: Callable[[Any], tuple[Any, ...]]
    apply: Callable[[Any, Any], Any]
    chance_outcomes: Callable[[Any], tuple[tuple[Any, Fraction], ...]]
    scores: Callable[[Any], tuple[int, ...]]
    to_dict: Callable[[Any], dict[str, Any]]
    from_dict: Callable[[Mapping[str, Any]], Any]
    parse_action: Callable[[str], Any]
    resign: Callable[[Any, int], Any] | None
    """``resign(state, player)``, for the games that have it (not the score sheet)."""
    absent: Mapping[str, Any]
    """Members the state JSON may leave out, with the value their absence means."""
    moves: Callable[[Any], Iterator[Any]]
    """The moves the counts count at a decision node (see `morpyam.vectors._counts`)."""


_RESIGN = re.compile(r"resign ([0-9]{1,3})", re.ASCII)


def resign_text(text: str) -> int | None:
    """The seat of ``"resign N"`` (a resignation, not a move of the game), else ``None``.

    Examples:
        >>> resign_text("resign 1"), resign_text("roll")
        (1, None)
    """
    match = _RESIGN.fullmatch(text)
    return None if match is None else int(match[1])


def _rummy_moves(state: mr.State) -> Iterator[Any]:
    """MyRummy's counted moves: ``Draw`` or ``Pass``, then every play (a time-out, like a
    resignation, is no move of the game)."""
    yield from mr.legal_actions(state)
    yield from mr.plays(state)


def _rummy_step(state: mr.State, entry: Any) -> mr.State:
    """A MyRummy record entry's state after: a move, or a time-out (`morpyam.myrummy.time_out`)."""
    if isinstance(entry, mr.TimeOut):
        return mr.time_out(state, entry.table)
    return mr.apply(state, entry)


def _listed(legal_actions: Callable[[Any], tuple[Any, ...]]) -> Callable[[Any], Iterator[Any]]:
    return lambda state: iter(legal_actions(state))


KITS: Mapping[str, Kit] = {
    "morpyam": Kit(
        name="morpyam",
        legal_actions=mp.legal_actions,
        apply=mp.apply,
        chance_outcomes=mp.chance_outcomes,
        scores=mp.scores,
        to_dict=state_json.state_to_dict,
        from_dict=state_json.state_from_dict,
        parse_action=mp.parse_action,
        resign=mp.resign,
        absent={"seen": []},
        moves=_listed(mp.legal_actions),
    ),
    "yahtzee": Kit(
        name="yahtzee",
        legal_actions=yz.legal_actions,
        apply=yz.apply,
        chance_outcomes=yz.chance_outcomes,
        scores=yz.scores,
        to_dict=sheet_json.state_to_dict,
        from_dict=sheet_json.state_from_dict,
        parse_action=yz.parse_action,
        resign=None,
        absent={},
        moves=_listed(yz.legal_actions),
    ),
    "myrummy": Kit(
        name="myrummy",
        legal_actions=mr.legal_actions,
        apply=_rummy_step,
        chance_outcomes=mr.chance_outcomes,
        scores=mr.scores,
        to_dict=rummy_json.state_to_dict,
        from_dict=rummy_json.state_from_dict,
        parse_action=parse_entry,
        resign=mr.resign,
        absent={},
        moves=_rummy_moves,
    ),
}
"""The kit of each game of `GAMES`, by name."""
