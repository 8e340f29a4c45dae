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
from morpyam.vectors._kits import KITS

__all__ = [
    "COUNT_POSITIONS",
    "MAX_DEPTH",
    "RUMMY_ARRANGE",
    "RUMMY_PLAY_WORK",
    "CountLimitError",
    "Divided",
    "PathCount",
    "arrange_size",
    "count_line",
    "count_paths",
    "divide_paths",
]

MAX_DEPTH = 3
"""The deepest count `count_paths` computes: counts grow about a hundredfold a level."""
RUMMY_ARRANGE = 12
"""MyRummy paths are counted only through decisions with at most this many tiles to arrange:
the rack of the player on turn, and the table once that player may rearrange it (after
laying out, or with ``lay_off_in_opening_turn``). Listing the plays grows steeply with it."""

RUMMY_PLAY_WORK = 20
"""The units of work a MyRummy play counts for in a count's ``work`` (any other action or
chance outcome counts 1, a position expanded 1, a MyRummy decision ``2 ** n // 8`` more for
its ``n`` tiles to arrange): a play costs the search about that much more."""


@attrs.frozen
class PathCount:
    """The counts of one depth: ``paths`` (sequences of actions) and ``weight`` (chance weighted)."""

    depth: int
    paths: int
    weight: Fraction


class CountLimitError(ValueError):
    """A count refused or stopped by a bound on its work, with the path to the position that
    went over it (``path``: the actions from the start, in notation)."""

    def __init__(self, reason: str, path: tuple[str, ...] = ()) -> None:
        where = f"after `{' '.join(path)}`: " if path else ""
        super().__init__(f"{where}{reason}" if path else reason)
        self.reason = reason
        self.path = path


def arrange_size(state: mr.State) -> int:
    """The tiles the player on turn may arrange into melds: the rack, and the table once the
    player may rearrange it (0 where no one is on turn).

    Examples:
        >>> import morpyam.myrummy as mr
        >>> state = mr.position(mr.Rules.classic(), racks=[mr.parse_tiles("gn3 gn7"), []],
        ...     table=[mr.parse_meld("[gn4 gn5 gn6]")], opened=(0,))
        >>> arrange_size(state)
        5
    """
    if state.current_player is None:
        return 0
    rack = len(state.racks[state.player])
    if state.opened[state.player] or state.rules.lay_off_in_opening_turn:
        return rack + sum(len(meld.tiles) for meld in state.table)
    return rack


def _rummy_size(state: mr.State, path: tuple[str, ...]) -> int:
    """The tiles to arrange at a MyRummy decision; refused when too many to list its plays
    quickly."""
    size = arrange_size(state)
    if size > RUMMY_ARRANGE:
        raise CountLimitError(
            f"MyRummy paths are counted through decisions with at most {RUMMY_ARRANGE} tiles "
            f"to arrange (the rack, and the table once the player has laid out): this one "
            f"has {size}",
            path,
        )
    return size


def count_paths(
    game: str, state: Any, depth: int, *, limit: int | None = None, work: int | None = None
) -> tuple[PathCount, ...]:
    """The path counts of ``state`` at depths 1 to ``depth``.

    ``paths`` counts the sequences of that many actions, each legal where it
    is played (chance outcomes counted once each; for MyRummy the draw or pass
    and every play, not the time-out); ``weight`` weighs each chance outcome
    by its probability. The definitions in full are on the page "Checking
    another implementation" and in the module `morpyam.vectors._counts`.
    ``limit`` bounds the positions expanded and ``work`` the positions expanded
    plus the actions listed (``None``: no bound); both are counted as the count
    runs, so a bound stops it where it is reached, whatever the machine. Every
    MyRummy decision expanded, the start and every position reached, is held
    to `RUMMY_ARRANGE` tiles to arrange.

    Examples:
        >>> import morpyam.yahtzee as yz
        >>> counts = count_paths("yahtzee", yz.new_game(yz.Rules()), 2)
        >>> [(c.depth, c.paths, c.weight) for c in counts]
        [(1, 1, Fraction(1, 1)), (2, 252, Fraction(1, 1))]

    Raises:
        ValueError: for an unknown game or a depth outside 1 to `MAX_DEPTH`;
            `CountLimitError` (a ``ValueError``) for a MyRummy decision over
            `RUMMY_ARRANGE` tiles to arrange, or more than ``limit`` positions
            to expand or ``work`` to do.
    """
    return divide_paths(game, state, depth, limit=limit, work=work)[0]


@attrs.frozen
class Divided:
    """The paths of one depth below one first action: perft's "divide"."""

    action: str
    """The first action, in notation."""
    paths: int
    """The paths of the whole depth that begin with ``action``."""
    weight: Fraction
    """Their weight, the first action's probability included at a chance node."""


def divide_paths(
    game: str, state: Any, depth: int, *, limit: int | None = None, work: int | None = None
) -> tuple[tuple[PathCount, ...], tuple[Divided, ...]]:
    """`count_paths`, and the paths of the deepest count divided by the first action.

    The divided counts add up to the last `PathCount`: a wrong total says
    which first action leads to the wrong subtree.

    Examples:
        >>> import morpyam.yahtzee as yz
        >>> counts, divided = divide_paths("yahtzee", yz.new_game(yz.Rules()), 1)
        >>> [(d.action, d.paths) for d in divided]
        [('roll', 1)]

    Raises:
        ValueError: as `count_paths`.
    """
    if game not in KITS:
        raise ValueError(f"game is one of {', '.join(KITS)}, got {game!r}")
    if type(depth) is not int or not 1 <= depth <= MAX_DEPTH:
        raise ValueError(f"depth must be an int from 1 to {MAX_DEPTH}, got {depth!r}")
    walk = _Walk(game, depth, limit, work)
    first = [] if state.is_terminal else walk.expand(state, ())
    walk.add(0, Fraction(1), first)
    divided = []
    for move, p in first:
        if depth == 1:
            divided.append(Divided(str(move), 1, p))
            continue
        before = (walk.paths[depth], walk.weights[depth])
        walk.visit(walk.kit.apply(state, move), 1, p, (str(move),))
        paths, weight = walk.paths[depth] - before[0], walk.weights[depth] - before[1]
        divided.append(Divided(str(move), paths, weight))
    counts = tuple(PathCount(d, walk.paths[d], walk.weights[d]) for d in range(1, depth + 1))
    return counts, tuple(divided)


class _Walk:
    """The walk of a count: the sums per depth, and the work done so far."""

    def __init__(self, game: str, depth: int, limit: int | None, work: int | None) -> None:
        self.game = game
        self.kit = KITS[game]
        self.depth = depth
        self.limit = limit
        self.work = work
        self.paths = [0] * (depth + 1)
        self.weights = [Fraction(0)] * (depth + 1)
        self.expanded = 0
        self.done = 0

    def spend(self, units: int, path: tuple[str, ...]) -> None:
        self.done += units
        if self.work is not None and self.done > self.work:
            raise CountLimitError(
                f"more than {self.work:,} units of work (positions and actions)", path
            )

    def expand(self, node: Any, path: tuple[str, ...]) -> list[tuple[Any, Fraction]]:
        """The moves counted at ``node`` (not finished), each with its probability."""
        self.expanded += 1
        if self.limit is not None and self.expanded > self.limit:
            raise CountLimitError(f"more than {self.limit:,} positions to expand", path)
        self.spend(1, path)
        if node.is_chance:
            found = list(self.kit.chance_outcomes(node))
            self.spend(len(found), path)
            return found
        units = 1
        if self.game == "myrummy":
            size = _rummy_size(node, path)
            self.spend(2**size // 8, path)  # the search for the plays, before the first
            units = RUMMY_PLAY_WORK
        moves: list[tuple[Any, Fraction]] = []
        for move in self.kit.moves(node):  # counted one by one: a long listing stops where it is
            self.spend(units, path)
            moves.append((move, Fraction(1)))
        return moves

    def add(self, level: int, weight: Fraction, moves: list[tuple[Any, Fraction]]) -> None:
        self.paths[level + 1] += len(moves)
        self.weights[level + 1] += weight * sum((p for _, p in moves), Fraction(0))

    def visit(self, node: Any, level: int, weight: Fraction, path: tuple[str, ...]) -> None:
        if node.is_terminal:
            return
        moves = self.expand(node, path)
        self.add(level, weight, moves)
        if level + 1 < self.depth:
            for move, p in moves:
                self.visit(self.kit.apply(node, move), level + 1, weight * p, (*path, str(move)))


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
        (
            "classic-3p-turn-start",
            "Classic rules, three players, player 0 about to roll; every cell free.",
            lambda: mp.new_game(mp.Rules.classic(3), first_player=0),
            3,
        ),
        (
            "classic-4p-turn-start",
            "Classic rules, four players, player 0 about to roll; every cell free.",
            lambda: mp.new_game(mp.Rules.classic(4), first_player=0),
            2,
        ),
        (
            "classic-mid-game",
            "Classic rules, two players: a1 and c1 (player 0), b1 and a2 (player 1) are taken; "
            "player 0's first roll shows 1 2 3 4 6.",
            lambda: _after(
                "morpyam",
                mp.new_game(mp.Rules.classic(), first_player=0),
                *("roll", "dice 1 1 1 2 3", "place a1", "roll", "dice 2 2 2 4 5", "place b1"),
                *("roll", "dice 3 3 3 1 6", "place c1", "roll", "dice 4 4 4 1 2", "place a2"),
                *("roll", "dice 1 2 3 4 6"),
            ),
            2,
        ),
        (
            "plus-deal",
            "Morpyam Plus, two players, player 0 first: the first tiles dealt from the bag of 36.",
            lambda: mp.new_game(mp.Rules.plus(2), first_player=0),
            3,
        ),
        (
            "plus-laying",
            "Morpyam Plus, two players: the tiles dealt in the classic grid's order, row by "
            "row, player 0 first; player 0 lays out.",
            lambda: _after(
                "morpyam",
                mp.new_game(mp.Rules.plus(2), first_player=0),
                *(f"deal {label.notation}" for label in mp.Layout.classic().labels),
            ),
            2,
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
        (
            "megawuerfel-2p-second-roll",
            "The Megawürfel sheet, two players, after player 0's first roll of 1 3 3 4 6.",
            lambda: _after(
                "yahtzee", yz.new_game(yz.Rules.megawuerfel(players=2)), "roll", "dice 1 3 3 4 6"
            ),
            2,
        ),
        (
            "megawuerfel-mid-game",
            "The Megawürfel sheet, one player: ones and large straight scored, then a first roll "
            "of 5 5 6 6 6.",
            lambda: _after(
                "yahtzee",
                yz.new_game(yz.Rules.megawuerfel()),
                *("roll", "dice 1 1 1 1 1", "score ones", "roll", "dice 2 3 4 5 6"),
                *("score large-straight", "roll", "dice 5 5 6 6 6"),
            ),
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
        (
            "classic-3p-lot",
            "Classic rules, three players: the lot for the first player, then the deal.",
            lambda: mr.new_game(mr.Rules.classic(3)),
            3,
        ),
        (
            "classic-4p-lot",
            "Classic rules, four players: the lot for the first player, then the deal.",
            lambda: mr.new_game(mr.Rules.classic(4)),
            3,
        ),
        (
            "classic-joker",
            "Classic rules: player 0 has laid out and holds gn7 J bk3 pu9 beside [gn4 gn5 gn6]; "
            "player 1 holds bk1 bk2.",
            lambda: _rummy("gn7 J bk3 pu9/bk1 bk2", "[gn4 gn5 gn6]", (0,)),
            3,
        ),
    ),
}
"""The fixed positions of each game whose counts the corpus gives."""


def _fraction(value: Fraction) -> str:
    return f"{value.numerator}/{value.denominator}"


def count_line(
    game: str, name: str, note: str, make: Callable[[], Any], depth: int
) -> dict[str, Any]:
    """The line of ``counts.jsonl`` for one fixed position: its counts, and the deepest one
    divided by the first action."""
    state = make()
    counts, divided = divide_paths(game, state, depth)
    return {
        "id": f"{game}/{name}",
        "game": game,
        "note": note,
        "state": KITS[game].to_dict(state),
        "counts": [
            {"depth": c.depth, "paths": c.paths, "weight": _fraction(c.weight)} for c in counts
        ],
        "divide": [
            {"action": d.action, "paths": d.paths, "weight": _fraction(d.weight)} for d in divided
        ],
    }
