"""Path counts, in the spirit of chess's perft: a number that a wrong move generator gets wrong.

``paths(s, d)``, the number of sequences of ``d`` actions that can be played
from the state ``s``, every action legal where it is played:

- ``paths(s, 0) = 1``;
- a finished game has no action: ``paths(s, d) = 0`` for ``d >= 1``;
- otherwise ``paths(s, d)`` is the sum over the actions ``a`` counted at
  ``s`` of ``paths(apply(s, a), d - 1)``.

At a chance node the actions counted are the chance outcomes (each once,
whatever its probability); at a decision, the legal actions. MyRummy's plays
are too many to list in general: there a decision counts ``Draw`` or
``Pass`` (whichever is legal) and every play of ``plays(s)``; a time-out is
not counted (it is the clock's, not a player's choice, and its kept part
ranges over the plays again).

``weight(s, d)`` is the same sum with each chance outcome weighted by its
probability: the expected number of decision sequences of length ``d`` when
chance is drawn at random. It is an exact fraction, and a wrong probability
anywhere in the tree changes it.
"""

from __future__ import annotations

from collections.abc import Callable
from fractions import Fraction
from typing import Any

import attrs

import morpyam as mp
from morpyam import myrummy as mr
from morpyam import yahtzee as yz
from morpyam.vectors.kits import KITS

__all__ = [
    "COUNT_POSITIONS",
    "MAX_DEPTH",
    "RUMMY_RACK",
    "RUMMY_TABLE",
    "PathCount",
    "count_line",
    "count_paths",
]

MAX_DEPTH = 3
"""The deepest count `count_paths` computes: counts grow about a hundredfold a level."""
RUMMY_RACK = 8
"""MyRummy paths are counted from positions whose racks hold at most this many tiles…"""
RUMMY_TABLE = 9
"""… and whose table holds at most this many."""


@attrs.frozen
class PathCount:
    """The counts of one depth: ``paths`` (sequences of actions) and ``weight`` (chance weighted)."""

    depth: int
    paths: int
    weight: Fraction


def _small_rummy(state: mr.State) -> None:
    """Refuse a MyRummy position too big to list its plays quickly."""
    racks = max((len(rack) for rack in state.racks), default=0)
    table = sum(len(meld.tiles) for meld in state.table)
    if racks > RUMMY_RACK or table > RUMMY_TABLE:
        raise ValueError(
            f"MyRummy paths are counted on small positions (racks of at most {RUMMY_RACK} tiles, "
            f"at most {RUMMY_TABLE} table tiles): this one has a rack of {racks} and {table} "
            "tiles on the table"
        )


def count_paths(
    game: str, state: Any, depth: int, *, limit: int | None = None
) -> tuple[PathCount, ...]:
    """The path counts of ``state`` at depths 1 to ``depth``.

    ``paths`` counts the sequences of that many actions, each legal where it
    is played (chance outcomes counted once each; for MyRummy the draw or pass
    and every play, not the time-out); ``weight`` weighs each chance outcome
    by its probability. The definitions in full are on the page "Checking
    another implementation" and in the module `morpyam.vectors.counts`.
    ``limit`` bounds the positions expanded (``None``: no bound).

    Examples:
        >>> import morpyam.yahtzee as yz
        >>> counts = count_paths("yahtzee", yz.new_game(yz.Rules()), 2)
        >>> [(c.depth, c.paths, c.weight) for c in counts]
        [(1, 1, Fraction(1, 1)), (2, 252, Fraction(1, 1))]

    Raises:
        ValueError: for an unknown game, a depth outside 1 to `MAX_DEPTH`, a
            MyRummy position with a rack over `RUMMY_RACK` tiles or a table over
            `RUMMY_TABLE`, or
            more than ``limit`` positions to expand.
    """
    if game not in KITS:
        raise ValueError(f"game is one of {', '.join(KITS)}, got {game!r}")
    if type(depth) is not int or not 1 <= depth <= MAX_DEPTH:
        raise ValueError(f"depth must be an int from 1 to {MAX_DEPTH}, got {depth!r}")
    kit = KITS[game]
    if game == "myrummy":
        _small_rummy(state)
    paths = [0] * (depth + 1)
    weights = [Fraction(0)] * (depth + 1)
    expanded = 0

    def visit(node: Any, level: int, weight: Fraction) -> None:
        nonlocal expanded
        if node.is_terminal:
            return
        expanded += 1
        if limit is not None and expanded > limit:
            raise ValueError(f"more than {limit:,} positions to expand")
        if node.is_chance:
            moves = list(kit.chance_outcomes(node))
        else:
            moves = [(move, Fraction(1)) for move in kit.moves(node)]
        paths[level + 1] += len(moves)
        weights[level + 1] += weight * sum((p for _, p in moves), Fraction(0))
        if level + 1 < depth:
            for move, p in moves:
                visit(kit.apply(node, move), level + 1, weight * p)

    visit(state, 0, Fraction(1))
    return tuple(PathCount(d, paths[d], weights[d]) for d in range(1, depth + 1))


def _after(game: str, state: Any, *texts: str) -> Any:
    kit = KITS[game]
    for text in texts:
        state = kit.apply(state, kit.parse_action(text))
    return state


def _rummy(racks: str, table: str = "", opened: tuple[int, ...] = ()) -> mr.State:
    melds = [mr.parse_meld(meld) for meld in table.split(";") if meld.strip()]
    return mr.position(
        mr.Rules.classic(),
        racks=[mr.parse_tiles(rack) for rack in racks.split("/")],
        table=melds,
        opened=opened,
    )


Position = tuple[str, str, Callable[[], Any], int]
"""A fixed position: its name, a sentence for readers, how to make it, and the depth counted."""

COUNT_POSITIONS: dict[str, tuple[Position, ...]] = {
    "morpyam": (
        (
            "classic-turn-start",
            "Classic rules, two players, player 0 about to roll; every cell free.",
            lambda: mp.new_game(mp.Rules.classic(), first_player=0),
            3,
        ),
        (
            "classic-four-ones",
            "Classic rules, after a first roll of 1 1 1 1 3.",
            lambda: _after(
                "morpyam", mp.new_game(mp.Rules.classic(), first_player=0), "roll", "dice 1 1 1 1 3"
            ),
            2,
        ),
        (
            "official-four-sixes",
            "The 2025 edition, after a first roll of 1 6 6 6 6 (no calling what is shown).",
            lambda: _after(
                "morpyam",
                mp.new_game(mp.Rules.official(), first_player=0),
                "roll",
                "dice 1 6 6 6 6",
            ),
            2,
        ),
        (
            "classic-start-roll",
            "Classic rules, three players, the start roll before any die.",
            lambda: mp.new_game(mp.Rules.classic(3)),
            3,
        ),
    ),
    "yahtzee": (
        (
            "megawuerfel-turn-start",
            "The Megawürfel sheet, one player, before the first roll.",
            lambda: yz.new_game(yz.Rules.megawuerfel()),
            3,
        ),
        (
            "hasbro-second-roll",
            "Hasbro's rules, one player, after a first roll of 2 2 3 5 6.",
            lambda: _after("yahtzee", yz.new_game(yz.Rules.hasbro()), "roll", "dice 2 2 3 5 6"),
            2,
        ),
    ),
    "myrummy": (
        (
            "classic-opening",
            "Classic rules: player 0, not laid out, holds gn10 gn11 gn12 gn13 bk11 gy11 J; "
            "player 1 holds bk5 bk6 bk7.",
            lambda: _rummy("gn10 gn11 gn12 gn13 bk11 gy11 J/bk5 bk6 bk7"),
            2,
        ),
        (
            "classic-laid-out",
            "Classic rules: player 0 has laid out and holds gn3 gn7 bk4 gy4 pu9; "
            "the table holds [gn4 gn5 gn6] and {bk9 gn9 gy9}.",
            lambda: _rummy("gn3 gn7 bk4 gy4 pu9/bk1 bk2", "[gn4 gn5 gn6];{bk9 gn9 gy9}", (0,)),
            3,
        ),
        (
            "classic-lot",
            "Classic rules, two players: the lot for the first player, then the deal.",
            lambda: mr.new_game(mr.Rules.classic()),
            3,
        ),
    ),
}
"""The fixed positions of each game whose counts the corpus gives."""


def count_line(
    game: str, name: str, note: str, make: Callable[[], Any], depth: int
) -> dict[str, Any]:
    """The line of ``counts.jsonl`` for one fixed position."""
    state = make()
    counts = count_paths(game, state, depth)
    return {
        "id": f"{game}/{name}",
        "game": game,
        "note": note,
        "state": KITS[game].to_dict(state),
        "counts": [
            {
                "depth": c.depth,
                "paths": c.paths,
                "weight": f"{c.weight.numerator}/{c.weight.denominator}",
            }
            for c in counts
        ],
    }
