"""Thousands of Morpyam games stepped at once as NumPy arrays (extra ``numpy``).

`VectorEngine` holds ``N`` games of one
`Rules` as small integer arrays and steps all of them
with one action id per game, in the ids, masks and observations of
`morpyam.encoding` (one encoding, shared with the
adapters). It plays the same game as the scalar engine: the test suite plays
random games in both, feeding the same dice, and compares every mask, state
and result.

Two things differ in shape, not in play:

* A step is a decision. A `Roll` id throws its dice
  in the same step (the scalar engine's chance node that follows it), from
  the engine's ``numpy.random.Generator`` or from dice the caller supplies.
* The start roll (R-SET-3) is not stepped: ``reset`` draws the first player
  uniformly, which is the start roll's distribution (it is symmetric), or
  takes the first players it is given.

Rules it refuses with a ``ValueError`` (play them with the scalar engine):
Morpyam Plus (``tile_setup``), ``lost_turns`` (a lost turn has no action
id), and grids of more than 63 cells.

Examples:
    >>> import numpy as np
    >>> import morpyam as mp
    >>> games = VectorEngine(mp.Rules.classic(), 4, rng=np.random.default_rng(1))
    >>> games.legal_mask().shape
    (4, 285)
    >>> _ = games.step(games.sample_actions())
    >>> games.state(0).rolls
    1
"""

from __future__ import annotations

import functools
import itertools
from typing import Any, cast

import attrs

try:
    import numpy as np
    import numpy.typing as npt
except ImportError as error:  # pragma: no cover - the extra is installed in the test session
    raise ImportError(
        "morpyam.vector needs numpy: install the extra with pip install 'morpyam[numpy]'"
    ) from error

from morpyam.dice import DICE, OUTCOMES, distribution, merge, multisets
from morpyam.encoding import CALLS, KEEP_MASKS, Encoding, keep_from_mask
from morpyam.errors import _shown
from morpyam.figures import Figure, Special, classify
from morpyam.rules import Rules
from morpyam.scoring import lines
from morpyam.state import State

__all__ = ["END_RULES", "VectorEngine", "unsupported"]

END_RULES: tuple[str | None, ...] = (None, "R-END-1", "R-END-2", "R-MOR-3")
"""What ``VectorEngine.end_rule`` codes mean: the rule that ended each game (0: not over)."""

_NONE = len(OUTCOMES)  # the outcome index of "no dice yet"
_CALL_COUNT = len(CALLS)
_SEC_CALL = CALLS.index(Special.SEC)
_MORPYAM_CALL = CALLS.index(Figure.MORPYAM)
_ROLL_IDS = KEEP_MASKS * _CALL_COUNT
_MAX_CELLS = 63
_NEVER = np.uint64(1 << 63)  # a cell bit no grid has: pads the KO windows
_POW6 = np.array([6**face for face in range(6)], dtype=np.int32)
_FIGURES = tuple(Figure)

_THROWS = 6**DICE


def _after_table() -> tuple[dict[tuple[int, ...], int], npt.NDArray[np.int16]]:
    """Every keep of 0 to 4 faces, and the outcome each ordered throw of the other dice makes.

    A throw is a number below ``6**5``: its base-6 digits, lowest first, are
    the faces minus one, and a keep of ``k`` faces reads the first ``5 - k``.
    """
    by_key = np.full(6 ** (DICE + 1), -1, dtype=np.int16)  # base-6 face counts
    for index, dice in enumerate(OUTCOMES):
        by_key[sum(6 ** (face - 1) for face in dice)] = index
    keeps = [keep for count in range(DICE) for keep in multisets(count)]
    digits = (np.arange(_THROWS)[:, None] // _POW6[:DICE]) % 6
    after = np.zeros((len(keeps), _THROWS), dtype=np.int16)
    for index, keep in enumerate(keeps):
        thrown = 6 ** digits[:, : DICE - len(keep)]
        after[index] = by_key[sum(6 ** (face - 1) for face in keep) + thrown.sum(axis=1)]
    return {keep: index for index, keep in enumerate(keeps)}, after


_KEPT_INDEX, _AFTER = _after_table()
_POP8 = np.array([bin(byte).count("1") for byte in range(256)], dtype=np.int8)
_SELECT8 = np.zeros((256, 8), dtype=np.intp)
for _byte in range(256):
    for _rank, _bit in enumerate(bit for bit in range(8) if _byte >> bit & 1):
        _SELECT8[_byte, _rank] = _bit
_ZERO = np.uint64(0)
_ONE = np.uint64(1)
_NO_GAMES = np.zeros(0, dtype=np.intp)
_MORPYAM_SHOWN = 1 << tuple(Figure).index(Figure.MORPYAM)
_SIZE = len(OUTCOMES) + 1  # outcome indices, "no dice yet" included


def unsupported(rules: Rules) -> list[str]:
    """The readings of ``rules`` the vector engine does not play, in words (empty: it plays them).

    Examples:
        >>> unsupported(Rules.official())
        []
        >>> unsupported(Rules.plus())
        ['tile_setup (Morpyam Plus): the set-up is played by the scalar engine']
    """
    reasons = []
    if rules.tile_setup:
        reasons.append("tile_setup (Morpyam Plus): the set-up is played by the scalar engine")
    if rules.lost_turns:
        reasons.append("lost_turns: a lost turn has no action id in the encoding")
    if len(rules.layout) > _MAX_CELLS:
        reasons.append(f"a grid of {len(rules.layout)} cells (at most {_MAX_CELLS})")
    return reasons


def _bits(indices: Any) -> np.uint64:
    value = 0
    for index in indices:
        value |= 1 << index
    return cast("np.uint64", np.uint64(value))


_BITWISE_COUNT = getattr(np, "bitwise_count", None)  # NumPy 2


def _popcount(values: npt.NDArray[np.uint64]) -> npt.NDArray[np.int64]:
    if _BITWISE_COUNT is not None:
        return cast("npt.NDArray[np.int64]", _BITWISE_COUNT(values))
    as_bytes = values.astype("<u8", copy=False).view(np.uint8).reshape(-1, 8)
    return cast("npt.NDArray[np.int64]", _POP8[as_bytes].sum(axis=1, dtype=np.int64))


def _select(values: npt.NDArray[np.uint64], rank: npt.NDArray[np.int64]) -> npt.NDArray[np.int64]:
    """The index of the ``rank``-th set bit of each value (ranks counted from 0)."""
    as_bytes = values.astype("<u8", copy=False).view(np.uint8).reshape(-1, 8)
    counts = np.cumsum(_POP8[as_bytes], axis=1, dtype=np.int64)
    byte = (counts <= rank[:, None]).sum(axis=1)
    byte = np.minimum(byte, 7)
    rows = np.arange(len(values))
    before = counts[rows, byte] - _POP8[as_bytes[rows, byte]]
    return cast("npt.NDArray[np.int64]", byte * 8 + _SELECT8[as_bytes[rows, byte], rank - before])


@attrs.frozen(eq=False)
class _Tables:
    """Everything the vector engine reads per rules, computed once."""

    # Tables by outcome (253: the 252 outcomes and "no dice yet"), flat for ``take``.
    keep_ok: npt.NDArray[np.bool_]  # (253 * 31): the mask is the encoded keep of the dice
    kept: npt.NDArray[np.intp]  # (253 * 31): the row of ``after`` for the kept faces
    after: npt.NDArray[np.int16]  # (210 * 6**5): kept faces and throw -> outcome
    keep_list: npt.NDArray[np.intp]  # (253 * 31): the encoded masks of the dice, in order
    keep_count: npt.NDArray[np.int64]  # (253,)
    counts: npt.NDArray[np.float32]  # (253, 6): faces of each outcome
    figures: npt.NDArray[np.float32]  # (253, 13): figures shown (R-FIG, as the encoding)
    fit: npt.NDArray[np.uint64]  # (253,): cells whose label the dice show
    morpyam: npt.NDArray[np.bool_]  # (253,)
    sec: npt.NDArray[np.bool_]  # (253,)
    hit: npt.NDArray[np.bool_]  # (8 * 253): the call came up (SEC: on a first roll)
    calls: npt.NDArray[np.intp]  # (253 * 31): call bits a roll may take, a CALL cell free
    call_rolls: npt.NDArray[np.intp]  # (253 * 248): the roll ids with calls, in order
    call_roll_count: npt.NDArray[np.intp]  # (253,)
    call_after: npt.NDArray[np.intp]  # (8 * 253 * 4): call, new dice, rolls -> the call that stays
    shows: npt.NDArray[np.intp]  # (253,): the figures shown, bit i for Figure number i
    seen_cells: npt.NDArray[np.uint64]  # (2**13,): figures -> the cells they label
    sec_cells: np.uint64
    morpyam_cells: np.uint64
    call_cells: np.uint64
    all_cells: np.uint64
    is_sec_cell: npt.NDArray[np.bool_]  # (cells,)
    windows: npt.NDArray[np.uint64]  # (cells, W): the KO windows through each cell
    line_cells: tuple[npt.NDArray[np.intp], ...]  # per line length: (lines, length)
    line_points: tuple[npt.NDArray[np.int16], ...]  # per line length: (players+1)**length rows


@functools.lru_cache(maxsize=32)
def _tables(rules: Rules) -> _Tables:
    layout = rules.layout
    labels = layout.labels
    where = layout._where
    dice_of: list[tuple[int, ...] | None] = [*OUTCOMES, None]
    size = len(dice_of)
    keep_ok = np.zeros((size, KEEP_MASKS), dtype=np.bool_)
    kept = np.zeros((size, KEEP_MASKS), dtype=np.int16)
    keep_list = np.zeros((size, KEEP_MASKS), dtype=np.int16)
    keep_count = np.zeros(size, dtype=np.int64)
    for index, dice in enumerate(dice_of):
        for mask in range(KEEP_MASKS):
            try:
                keep = keep_from_mask(dice, mask)
            except ValueError:
                continue
            keep_ok[index, mask] = True
            kept[index, mask] = _KEPT_INDEX[keep]
            keep_list[index, keep_count[index]] = mask
            keep_count[index] += 1
    counts = np.zeros((size, 6), dtype=np.float32)
    figures = np.zeros((size, len(_FIGURES)), dtype=np.float32)
    fit = np.zeros(size, dtype=np.uint64)
    morpyam = np.zeros(size, dtype=np.bool_)
    sec = np.zeros(size, dtype=np.bool_)
    hit = np.zeros((_CALL_COUNT, size), dtype=np.bool_)
    for index, dice in enumerate(OUTCOMES):
        for face in dice:
            counts[index, face - 1] += 1
        for figure in classify(dice):
            figures[index, _FIGURES.index(figure)] = 1
        shows = rules._shows[dice]
        fit[index] = _bits(i for figure in shows for i in where[figure])
        morpyam[index] = Figure.MORPYAM in shows
        sec[index] = rules._sec[dice]
        for c, call in enumerate(CALLS):
            hit[c, index] = call in shows
    cells = len(layout)
    by_length: dict[int, list[tuple[int, ...]]] = {}
    for line in lines(layout, rules.diagonals):
        by_length.setdefault(len(line), []).append(line)
    line_cells = tuple(np.array(group, dtype=np.intp) for group in by_length.values())
    line_points = tuple(_line_points(rules, length) for length in by_length)
    hit[_SEC_CALL] = sec  # and only on the first roll
    shown_bits = np.zeros(size, dtype=np.intp)
    for index, dice in enumerate(OUTCOMES):
        shown_bits[index] = sum(1 << _FIGURES.index(figure) for figure in rules._shows[dice])
    return _Tables(
        keep_ok=keep_ok.reshape(-1),
        kept=(kept.astype(np.intp) * _THROWS).reshape(-1),
        after=_AFTER.reshape(-1),
        keep_list=keep_list.astype(np.intp).reshape(-1),
        keep_count=keep_count,
        counts=counts,
        figures=figures,
        fit=fit,
        morpyam=morpyam,
        sec=sec,
        hit=hit.reshape(-1),
        **_call_tables(rules, keep_ok),
        call_after=_call_after(rules, hit),
        shows=shown_bits,
        seen_cells=_seen_cells(where) if rules._tracks_turn else np.zeros(1, dtype=np.uint64),
        sec_cells=_bits(where[Special.SEC]),
        morpyam_cells=_bits(where[Figure.MORPYAM]),
        call_cells=_bits(where[Special.CALL]),
        all_cells=_bits(range(cells)),
        is_sec_cell=np.array([label is Special.SEC for label in labels], dtype=np.bool_),
        windows=_windows(rules),
        line_cells=line_cells,
        line_points=line_points,
    )


def _call_tables(rules: Rules, keep_ok: npt.NDArray[np.bool_]) -> dict[str, Any]:
    """The calls each roll may take (R-CALL-2, R-CALL-3, R-CALL-8), and the roll ids they make.

    With ``shown_figure_means="kept"`` the figures R-CALL-8 forbids are those
    every throw of the other dice shows with the keep kept.
    """
    secured: dict[tuple[int, ...], frozenset[Figure]] = {}

    def forbidden(dice: tuple[int, ...], keep: tuple[int, ...]) -> frozenset[Figure]:
        if not rules.forbid_calling_shown_figure:
            return frozenset()
        if rules.shown_figure_means == "dice":
            return rules._shows[dice]
        if keep not in secured:
            throws = distribution(DICE - len(keep))
            secured[keep] = frozenset.intersection(
                *(rules._shows[merge(keep, faces)] for faces, _ in throws)
            )
        return secured[keep]

    calls = np.ones((_SIZE, KEEP_MASKS), dtype=np.intp)
    calls[_NONE, 0] = sum(
        1 << i for i, call in enumerate(CALLS) if call is None or call in rules.callable
    )
    for index, dice in enumerate(OUTCOMES):
        for mask in np.flatnonzero(keep_ok[index]):
            banned = forbidden(dice, keep_from_mask(dice, int(mask)))
            calls[index, mask] = sum(
                1 << i
                for i, call in enumerate(CALLS)
                if call is None
                or (call in rules.callable and call is not Special.SEC and call not in banned)
            )
    rolls = np.zeros((_SIZE, _ROLL_IDS), dtype=np.intp)
    count = np.zeros(_SIZE, dtype=np.intp)
    for index in range(_SIZE):
        ids = [
            mask * _CALL_COUNT + c
            for mask in np.flatnonzero(keep_ok[index])
            for c in range(_CALL_COUNT)
            if calls[index, mask] >> c & 1
        ]
        rolls[index, : len(ids)] = ids
        count[index] = len(ids)
    return {"calls": calls.reshape(-1), "call_rolls": rolls.reshape(-1), "call_roll_count": count}


def _windows(rules: Rules) -> npt.NDArray[np.uint64]:
    """Per cell, the KO windows through it (R-END-1), padded with a window no grid fills."""
    cells = len(rules.layout)
    windows_of: list[list[int]] = [[] for _ in range(cells)]
    if rules.ko_length is not None:
        for line in lines(rules.layout, rules.diagonals):
            for start in range(len(line) - rules.ko_length + 1):
                window = line[start : start + rules.ko_length]
                for index in window:
                    windows_of[index].append(int(_bits(window)))
    width = max([1, *map(len, windows_of)])
    windows = np.full((cells, width), _NEVER, dtype=np.uint64)
    for index, found in enumerate(windows_of):
        windows[index, : len(found)] = found
    return windows


def _call_after(rules: Rules, hit: npt.NDArray[np.bool_]) -> npt.NDArray[np.intp]:
    """Per call, new dice and rolls made: the call that stays (R-CALL-6: a miss may void it)."""
    call_after = np.zeros((_CALL_COUNT, _SIZE, 4), dtype=np.intp)
    for c in range(1, _CALL_COUNT):
        for rolls in range(1, 4):
            came_up = hit[c] & (rolls == 1 or c != _SEC_CALL)
            voided = ~came_up & (rolls < 3 and rules.missed_call_voids == "third_roll")
            call_after[c, :, rolls] = np.where(voided, 0, c)
    return call_after.reshape(-1)


def _seen_cells(where: Any) -> npt.NDArray[np.uint64]:
    """For every set of figures (bit i: ``Figure`` number i), the cells they label."""
    cells = np.zeros(1 << len(_FIGURES), dtype=np.uint64)
    for number, figure in enumerate(_FIGURES):
        bit = 1 << number
        cells[bit : 2 * bit] = cells[:bit] | _bits(where[figure])
    return cells


def _line_points(rules: Rules, length: int) -> npt.NDArray[np.int16]:
    """Points per player of every content of a line (R-LINE-2), by base ``players + 1`` code.

    Digit ``j`` of the code is the owner of the line's ``j``-th cell plus one (0: empty).
    """
    players = rules.players
    table = np.zeros(((players + 1) ** length, players), dtype=np.int16)
    for code, content in enumerate(itertools.product(range(players + 1), repeat=length)):
        owners = content[::-1]  # itertools counts with the last digit fastest
        for owner, run in itertools.groupby(owners):
            if owner:
                table[code, owner - 1] += rules.run_value(len(list(run)))
    return table


def _check(rules: Any, num_games: Any, rng: Any) -> None:
    if not isinstance(rules, Rules):
        raise ValueError(f"a VectorEngine needs a Rules value, got {_shown(rules)}")
    refused = unsupported(rules)
    if refused:
        raise ValueError(
            "the vector engine does not play these rules: "
            + "; ".join(refused)
            + " (use the scalar engine, morpyam.apply)"
        )
    if type(num_games) is not int or num_games < 1:
        raise ValueError(f"num_games must be an int >= 1, got {_shown(num_games)}")
    if not isinstance(rng, np.random.Generator):
        raise ValueError(f"rng must be a numpy.random.Generator, got {_shown(rng)}")


def _make_state(**fields: Any) -> State:
    """The one place the vector engine builds a `State` (by keyword)."""
    return State(**fields)


class VectorEngine:
    """``num_games`` games of ``rules`` as arrays, stepped together (see the module).

    Games are indexed ``0 .. num_games - 1``. A finished game stays finished
    (its action is ignored, its mask is all 0) unless ``autoreset`` is on: then
    every game that ends in a step starts again at the end of that step, and
    the step's returned rewards and ``terminated`` say it ended.

    Raises:
        ValueError: for rules the engine does not play
            (`unsupported`), a number of games below 1,
            or an ``rng`` that is not a ``numpy.random.Generator``.
    """

    def __init__(
        self,
        rules: Rules,
        num_games: int,
        *,
        rng: np.random.Generator,
        autoreset: bool = False,
    ) -> None:
        _check(rules, num_games, rng)
        self.rules = rules
        """The rules of every game."""
        self.encoding = Encoding(rules)
        """The shared encoding: ids, mask width and observation layout."""
        self.num_games = num_games
        """How many games are played at once."""
        self.autoreset = autoreset
        """Whether a game that ends starts again at the end of the step."""
        self._rng = rng
        self._all_live = autoreset  # no finished game is ever kept
        self._t = _tables(rules)
        self._players = rules.players
        self._cells = len(rules.layout)
        n, p, c = num_games, rules.players, self._cells
        self.owners = np.full((n, c), -1, dtype=np.int8)
        """Per game and cell: the owner of its token, or -1."""
        self.tokens_left = np.zeros((n, p), dtype=np.int8)
        """Per game and player: tokens still to place."""
        self.player = np.zeros(n, dtype=np.intp)
        """Per game: whose turn it is."""
        self.rolls = np.zeros(n, dtype=np.int8)
        """Per game: rolls completed this turn (0 to 3)."""
        self.outcome = np.full(n, _NONE, dtype=np.intp)
        """Per game: the dice showing as an index into ``morpyam.dice.OUTCOMES`` (252: none yet)."""
        self.call = np.zeros(n, dtype=np.intp)
        """Per game: the call in force as an index into ``morpyam.encoding.CALLS`` (0: none)."""
        self.daversa_armed = np.zeros((n, p), dtype=np.bool_)
        """Per game and player: R-MOR-3 armed."""
        self.winners = np.zeros((n, p), dtype=np.bool_)
        """Per game and player: a winner (all False until the game ends)."""
        self.end_rule = np.zeros(n, dtype=np.int8)
        """Per game: the rule that ended it, as an index into ``END_RULES`` (0: not over)."""
        self._free = np.zeros(n, dtype=np.uint64)
        self._boards = np.zeros((n, p), dtype=np.uint64)
        self._bit = np.array([1 << i for i in range(c)], dtype=np.uint64)
        self._next = (np.arange(p, dtype=np.intp) + 1) % p
        self._ended: npt.NDArray[np.intp] = _NO_GAMES
        self._seen = np.zeros(n, dtype=np.intp)  # figures of the turn's earlier rolls (R-CALL-7)
        self._tracks = rules._tracks_turn
        self._rolled = rules.daversa is not None and rules.daversa_counts == "rolled"
        # flat views: one index per (game, player) or (game, cell) is faster than two
        self._owners_flat = self.owners.reshape(-1)
        self._tokens_flat = self.tokens_left.reshape(-1)
        self._armed_flat = self.daversa_armed.reshape(-1)
        self._boards_flat = self._boards.reshape(-1)
        self._winners_flat = self.winners.reshape(-1)
        self.reset()

    # --- set-up ------------------------------------------------------------

    def reset(
        self, first_player: int | npt.ArrayLike | None = None, *, games: npt.ArrayLike | None = None
    ) -> None:
        """Start every game again, or the ``games`` listed (indices).

        The first player is drawn uniformly, or given: one for all, or one per
        game started.

        Raises:
            ValueError: for a first player who is not in the game, or a game index out of range.
        """
        which = np.arange(self.num_games) if games is None else np.asarray(games, dtype=np.intp)
        if which.ndim != 1 or np.any((which < 0) | (which >= self.num_games)):
            raise ValueError(
                f"games must be indices 0 to {self.num_games - 1}, got {_shown(games)}"
            )
        self._reset(which, first_player)

    def _reset(self, which: npt.NDArray[np.intp], first: int | npt.ArrayLike | None) -> None:
        if first is None:
            start = (self._rng.random(len(which)) * self._players).astype(np.intp)
        else:
            given = np.asarray(first)
            if given.dtype.kind not in "iu" or np.any((given < 0) | (given >= self._players)):
                raise ValueError(
                    f"R-SET-3: first_player must be 0 to {self._players - 1}, got {_shown(first)}"
                )
            start = np.broadcast_to(given, which.shape)
        self.owners[which] = -1
        self.tokens_left[which] = self.rules.tokens_per_player
        self.player[which] = start
        self.rolls[which] = 0
        self.outcome[which] = _NONE
        self.call[which] = 0
        self.daversa_armed[which] = False
        self.winners[which] = False
        self.end_rule[which] = 0
        self._free[which] = self._t.all_cells
        self._boards[which] = 0
        self._seen[which] = 0
        self._derive()

    # --- what is legal -------------------------------------------------------

    def _derive(self) -> None:
        """Placeable cells, pass, roll and calls of every game (the engine's shared questions)."""
        t = self._t
        rules = self.rules
        o, call, free = self.outcome, self.call, self._free
        first = self.rolls == 1
        morpyam = t.morpyam.take(o)
        first_sec = first & t.sec.take(o)
        sec = np.where(first_sec, t.sec_cells & free, _ZERO)
        morpyam_free = t.morpyam_cells & free
        fit = np.where(morpyam & (morpyam_free != 0), morpyam_free, t.fit.take(o) & free) | sec
        called = call != 0
        call_free = t.call_cells & free
        placeable = fit
        mandatory = called  # a call in force: pass only with no cell (R-CALL-5, R-CALL-7)
        if called.any():
            hit = t.hit.take(call * _SIZE + o) & (first | (call != _SEC_CALL))
            call_cells = call_free
            if rules.called_morpyam_cells == "call_or_morpyam":
                call_cells = call_free | np.where(call == _MORPYAM_CALL, morpyam_free, _ZERO)
            if rules.call_miss_loses == "everything":
                missed = _ZERO
            else:  # R-CALL-7: a miss loses only the figures the turn's earlier rolls showed
                missed = fit & ~t.seen_cells.take(self._seen)
                mandatory = called & hit
            placeable = np.where(called, np.where(hit, call_cells, missed), fit)
            may_roll = ~(called & hit)
        else:
            may_roll = np.ones(len(o), dtype=np.bool_)
        has_place = placeable != 0
        if rules.voluntary_pass:
            free_pass = ~(has_place & morpyam)
        else:
            free_pass = (self.rolls == 3) & ~has_place
        may_pass = (o != _NONE) & np.where(mandatory, ~has_place, free_pass)
        may_roll &= self.rolls < 3
        if rules.morpyam_at_once:
            may_roll &= ~(has_place & morpyam)
        can_call = call_free != 0 if rules.call_needs_free_cell else np.ones(len(o), np.bool_)
        if not self._all_live:
            live = self.end_rule == 0
            placeable = np.where(live, placeable, _ZERO)
            may_pass &= live
            may_roll &= live
        self._placeable = placeable
        self._may_pass = may_pass
        self._may_roll = may_roll
        self._can_call = can_call  # R-CALL-4

    @property
    def done(self) -> npt.NDArray[np.bool_]:
        """Per game: whether it is over."""
        return cast("npt.NDArray[np.bool_]", self.end_rule != 0)

    def legal_mask(self) -> npt.NDArray[np.int8]:
        """``(num_games, num_actions)``: 1 for each legal action id, as ``Encoding.legal_mask``."""
        n, c = self.num_games, self._cells
        mask = np.zeros((n, self.encoding.num_actions), dtype=np.int8)
        t = self._t
        rolls = t.keep_ok.reshape(_SIZE, KEEP_MASKS)[self.outcome] & self._may_roll[:, None]
        calls = t.calls.reshape(_SIZE, KEEP_MASKS)[self.outcome]
        calls = np.where(self._can_call[:, None], calls, 1)
        call_bits = (calls[:, :, None] >> np.arange(_CALL_COUNT)) & 1
        mask[:, :_ROLL_IDS] = (rolls[:, :, None] & call_bits.astype(np.bool_)).reshape(n, _ROLL_IDS)
        places = (self._placeable[:, None] >> np.arange(c, dtype=np.uint64)) & np.uint64(1)
        mask[:, _ROLL_IDS : _ROLL_IDS + c] = places
        mask[:, _ROLL_IDS + c] = self._may_pass
        return mask

    def sample_actions(self) -> npt.NDArray[np.int64]:
        """One legal action id per game, uniform over the legal ones (any id for a finished game)."""
        t = self._t
        o = self.outcome
        places = _popcount(self._placeable)
        passes = self._may_pass
        can_call = self._can_call
        rolls = np.where(can_call, t.call_roll_count.take(o), t.keep_count.take(o))
        total = places + passes + rolls * self._may_roll
        pick = (self._rng.random(self.num_games) * total).astype(np.intp)
        rest = np.maximum(pick - places - passes, 0)
        actions = np.where(
            pick - places >= passes,
            np.where(
                can_call,
                t.call_rolls.take(o * _ROLL_IDS + rest),
                t.keep_list.take(o * KEEP_MASKS + np.minimum(rest, KEEP_MASKS - 1)) * _CALL_COUNT,
            ),
            _ROLL_IDS + self._cells,
        )
        placing = np.flatnonzero(pick < places)
        if placing.size:
            actions[placing] = _ROLL_IDS + _select(self._placeable[placing], pick[placing])
        return actions

    # --- a step -------------------------------------------------------------

    def step(
        self,
        actions: npt.ArrayLike,
        dice: npt.ArrayLike | None = None,
        *,
        playing: npt.ArrayLike | None = None,
    ) -> tuple[npt.NDArray[np.float32], npt.NDArray[np.bool_]]:
        """Play one action id per game; return the rewards and which games ended.

        Rewards are ``(num_games, players)``: 0 until a game ends, then +1 for a
        sole winner, 0 for a shared win, -1 for the others
        (`win_rewards`). ``dice``, when
        given, is ``(num_games, 5)`` faces from 1 to 6: a game that rolls ``k``
        dice throws its first ``k``; otherwise the engine's ``rng`` throws them.
        ``playing``, one boolean per game, leaves the games where it is False as
        they are (their ids are ignored), to move some seats and not others.

        Raises:
            ValueError: when an action of a game still playing is not legal
                (nothing is applied), or for arrays of the wrong shape.
        """
        n, c = self.num_games, self._cells
        acts = np.asarray(actions)
        if acts.shape != (n,) or acts.dtype.kind not in "iu":
            raise ValueError(f"actions must be {n} integer ids, got shape {acts.shape}")
        if dice is None:
            throws = (self._rng.random(n) * _THROWS).astype(np.intp)
        else:
            given = np.asarray(dice)
            if given.shape != (n, DICE) or given.dtype.kind not in "iu":
                raise ValueError(f"dice must be ({n}, {DICE}) integer faces, got {given.shape}")
            if np.any((given < 1) | (given > 6)):
                raise ValueError("dice faces must be 1 to 6")
            throws = (given.astype(np.intp) - 1) @ _POW6[:DICE].astype(np.intp)
        acts = acts.astype(np.intp)
        t = self._t
        if playing is not None:
            moving = np.asarray(playing)
            if moving.shape != (n,) or moving.dtype != np.bool_:
                raise ValueError(f"playing must be {n} booleans, got {_shown(moving)}")
            live = (self.end_rule == 0) & moving
        elif self._all_live:
            live = None
        else:
            live = self.end_rule == 0
        if live is None:
            roll = np.flatnonzero(acts < _ROLL_IDS)
            place = np.flatnonzero((acts >= _ROLL_IDS) & (acts < _ROLL_IDS + c))
            ends = np.flatnonzero(acts == _ROLL_IDS + c)
            live_count = n
        else:
            roll = np.flatnonzero(live & (acts < _ROLL_IDS))
            place = np.flatnonzero(live & (acts >= _ROLL_IDS) & (acts < _ROLL_IDS + c))
            ends = np.flatnonzero(live & (acts == _ROLL_IDS + c))
            live_count = int(np.count_nonzero(live))
        roll_acts = acts[roll]
        keep, call = np.divmod(roll_acts, _CALL_COUNT)
        cell = acts[place] - _ROLL_IDS
        o = self.outcome[roll]
        at = o * KEEP_MASKS + keep
        legal = (
            roll.size + place.size + ends.size == live_count
            and (roll_acts >= 0).all()
            and (self._may_roll[roll] & t.keep_ok.take(at)).all()
            and (((t.calls.take(at) >> call) & 1 == 1) & (self._can_call[roll] | (call == 0))).all()
            and ((self._placeable[place] >> cell.astype(np.uint64)) & _ONE).all()
            and self._may_pass[ends].all()
        )
        if not legal:
            self._refuse(acts, self.end_rule == 0 if live is None else live)
        if roll.size:
            self._roll(roll, t.kept.take(at) + throws[roll], call)
        if place.size:
            self._place(place, cell)
        if ends.size:
            self._pass(ends)
        return self._finish()

    def _finish(self) -> tuple[npt.NDArray[np.float32], npt.NDArray[np.bool_]]:
        """The rewards and the games that ended in this step; restart them, or derive."""
        n = self.num_games
        rewards = np.zeros((n, self._players), dtype=np.float32)
        ended = np.zeros(n, dtype=np.bool_)
        if self._ended.size:
            ended_at = self._ended
            self._ended = _NO_GAMES
            won = self.winners[ended_at]
            shared = won.sum(axis=1, keepdims=True) > 1
            rewards[ended_at] = np.where(won, np.where(shared, 0.0, 1.0), -1.0)
            ended[ended_at] = True
            if self.autoreset:
                self._reset(ended_at, None)
                return rewards, ended
        self._derive()
        return rewards, ended

    def _refuse(self, acts: npt.NDArray[np.intp], live: npt.NDArray[np.bool_]) -> None:
        mask = self.legal_mask()
        inside = (acts >= 0) & (acts < mask.shape[1])
        legal = inside & (mask[np.arange(self.num_games), np.where(inside, acts, 0)] == 1)
        bad = np.flatnonzero(live & ~legal)
        shown = ", ".join(f"game {i}: id {acts[i]}" for i in bad[:5])
        raise ValueError(f"illegal actions in {bad.size} games ({shown}); nothing was applied")

    def _roll(
        self, games: npt.NDArray[np.intp], after: npt.NDArray[np.intp], call: npt.NDArray[np.intp]
    ) -> None:
        t = self._t
        new = t.after.take(after).astype(np.intp)
        rolls = self.rolls[games] + 1
        if self._tracks:
            self._seen[games] |= t.shows.take(self.outcome[games])
        self.outcome[games] = new
        self.rolls[games] = rolls
        at = call * _SIZE + new
        if not self.rules.call_needs_free_cell:
            hit = t.hit.take(at) & ((rolls == 1) | (call != _SEC_CALL))
            no_call_cell = (t.call_cells & self._free[games]) == 0
            call = np.where(hit & no_call_cell, 0, call)
            at = call * _SIZE + new
        self.call[games] = t.call_after.take(at * 4 + rolls)
        if self._rolled:  # R-MOR-3 counting Morpyams rolled: an armed player wins on the roll
            player = self.player[games]
            wins = self._armed_flat[games * self._players + player] & t.morpyam.take(new)
            if wins.any():
                self._winners_flat[(games * self._players + player)[wins]] = True
                self._over(games[wins], 3)

    def _place(self, games: npt.NDArray[np.intp], cell: npt.NDArray[np.intp]) -> None:
        t = self._t
        rules = self.rules
        players = self._players
        player = self.player[games]
        seat = games * players + player
        bit = self._bit.take(cell)
        self._owners_flat[games * self._cells + cell] = player
        self._free[games] &= ~bit
        board = self._boards_flat[seat] | bit
        self._boards_flat[seat] = board
        tokens = self._tokens_flat[seat] - 1
        self._tokens_flat[seat] = tokens
        morpyam = t.morpyam.take(self.outcome[games])
        over = tokens == 0
        if rules.ko_length is not None:
            windows = t.windows[cell]
            ko = ((board[:, None] & windows) == windows).any(axis=1)
            over |= ko
        else:
            ko = np.zeros(len(games), dtype=np.bool_)
        if rules.daversa is not None:
            daversa = ~ko & morpyam & self._armed_flat[seat]
            over |= daversa
        else:
            daversa = ko & False
        if over.any():
            finished = over & ~ko & ~daversa
            self._winners_flat[seat[ko | daversa]] = True
            if finished.any():
                self._score_end(games[finished], player[finished])
            self._over(games[ko], 1)
            self._over(games[daversa], 3)
            self._over(games[finished], 2)
            going = ~over
            games, player, cell, morpyam, seat = (
                games[going],
                player[going],
                cell[going],
                morpyam[going],
                seat[going],
            )
        call = self.call[games]
        spoiled = t.is_sec_cell.take(cell)
        if not rules.sec_call_morpyam_replays:
            spoiled = spoiled | (call == _SEC_CALL)
        if not rules.called_morpyam_replays:
            spoiled = spoiled | ((call != 0) & (call != _SEC_CALL))
        replay = morpyam & ~spoiled
        if rules.daversa == "replay":
            self._armed_flat[seat] = replay
        elif rules.daversa is not None:
            self._armed_flat[seat] = morpyam | self._seen_morpyam(games)
        self._new_turn(games, np.where(replay, player, self._next.take(player)))

    def _seen_morpyam(self, games: npt.NDArray[np.intp]) -> npt.NDArray[np.bool_]:
        """Whether an earlier roll of the turn showed a Morpyam, when R-MOR-3 counts those."""
        if not self._rolled:
            return np.zeros(len(games), dtype=np.bool_)
        return cast("npt.NDArray[np.bool_]", (self._seen[games] & _MORPYAM_SHOWN) != 0)

    def _pass(self, games: npt.NDArray[np.intp]) -> None:
        """R-TURN-4: the turn ends without a token."""
        player = self.player[games]
        if self.rules.daversa is not None:
            arm = np.zeros(len(games), dtype=np.bool_)
            if self.rules.daversa == "consecutive_turns":
                arm = self._seen_morpyam(games) | self._t.morpyam.take(self.outcome[games])
            self._armed_flat[games * self._players + player] = arm
        self._new_turn(games, self._next.take(player))

    def _new_turn(self, games: npt.NDArray[np.intp], player: npt.NDArray[np.intp]) -> None:
        self.player[games] = player
        self.rolls[games] = 0
        self.outcome[games] = _NONE
        self.call[games] = 0
        if self._tracks:
            self._seen[games] = 0

    def _over(self, games: npt.NDArray[np.intp], rule: int) -> None:
        """The games end by ``rule`` (an index of ``END_RULES``): no turn in progress."""
        if not games.size:
            return
        self.end_rule[games] = rule
        self.rolls[games] = 0
        self.outcome[games] = _NONE
        self.call[games] = 0
        self.daversa_armed[games] = False
        self._seen[games] = 0
        self._ended = np.concatenate([self._ended, games])

    def _score_end(self, games: npt.NDArray[np.intp], finisher: npt.NDArray[np.intp]) -> None:
        """R-END-2 and R-END-3: the finisher's bonus, then the winners on points."""
        totals = self._points(games).astype(np.int64)
        totals[np.arange(len(games)), finisher] += self.rules.end_bonus
        tied = totals == totals.max(axis=1, keepdims=True)
        alone = tied[np.arange(len(games)), finisher]
        if self.rules.tie_break == "fewest_tokens_left":
            left = np.where(tied, self.tokens_left[games], np.iinfo(np.int8).max)
            tied &= left == left.min(axis=1, keepdims=True)
        winners = np.where(alone[:, None], False, tied)
        winners[np.arange(len(games))[alone], finisher[alone]] = True
        self.winners[games] = winners

    def _points(self, games: npt.NDArray[np.intp] | slice) -> npt.NDArray[np.int16]:
        """Points from runs per game and player (R-LINE-1, R-LINE-2), without the end bonus."""
        owners = self.owners[games].astype(np.int64) + 1
        base = self._players + 1
        totals = np.zeros((len(owners), self._players), dtype=np.int16)
        for cells, table in zip(self._t.line_cells, self._t.line_points):
            digits = owners[:, cells]  # (games, lines, length)
            weights = base ** np.arange(cells.shape[1] - 1, -1, -1, dtype=np.int64)
            codes = digits @ weights
            totals += table[codes].sum(axis=1, dtype=np.int16)
        return totals

    # --- what a program reads ----------------------------------------------

    def scores(self) -> npt.NDArray[np.int16]:
        """``(num_games, players)``: points as `scores` counts them."""
        totals = self._points(slice(None))
        finished = np.flatnonzero(self.end_rule == 2)
        finisher = np.argmax(self.tokens_left[finished] == 0, axis=1)
        totals[finished, finisher] += self.rules.end_bonus
        return totals

    @property
    def dice(self) -> npt.NDArray[np.int8]:
        """``(num_games, 5)``: the sorted dice showing, or zeros before a turn's first roll."""
        table = np.zeros((_NONE + 1, DICE), dtype=np.int8)
        table[:_NONE] = OUTCOMES
        return table[self.outcome]

    def observation(self, player: int | None = None) -> npt.NDArray[np.float32]:
        """``(num_games, size)``: ``Encoding.observation`` of every game.

        Seen by ``player`` (a seat), or with ``None`` by each game's player to move.
        """
        n, p, c = self.num_games, self._players, self._cells
        at = {field.name: field.offset for field in self.encoding.layout.fields}
        if player is None:
            seat = self.player.astype(np.int64)
        elif type(player) is int and 0 <= player < p:
            seat = np.full(n, player, dtype=np.int64)
        else:
            raise ValueError(f"player must be None or 0 to {p - 1}, got {_shown(player)}")
        vector = np.zeros((n, self.encoding.layout.size), dtype=np.float32)
        rows = np.arange(n)[:, None]
        owners = self.owners.astype(np.int64)
        relative = np.where(owners < 0, p, (owners - seat[:, None]) % p)
        vector[rows, at["owners"] + relative * c + np.arange(c)] = 1
        vector[:, self.encoding._labels] = 1
        o = self.outcome
        vector[:, at["dice"] : at["dice"] + 6] = self._t.counts[o]
        figures = at["figures"]
        vector[:, figures : figures + len(_FIGURES)] = self._t.figures[o]
        vector[rows[:, 0], at["rolls"] + self.rolls.astype(np.int64)] = 1
        vector[rows[:, 0], at["call"] + self.call.astype(np.int64)] = 1
        order = (seat[:, None] + np.arange(p)) % p  # seats from the observer's
        take = np.take_along_axis
        span = np.arange(p)
        vector[:, at["tokens_left"] + span] = take(self.tokens_left, order, axis=1)
        vector[:, at["scores"] + span] = take(self.scores(), order, axis=1)
        vector[:, at["daversa_armed"] + span] = take(self.daversa_armed, order, axis=1)
        vector[:, at["winners"] + span] = take(self.winners, order, axis=1)
        going = np.flatnonzero(self.end_rule == 0)
        vector[going, at["to_move"] + (self.player[going].astype(np.int64) - seat[going]) % p] = 1
        return vector

    def state(self, game: int) -> State:
        """Game ``game`` as a scalar `State` (at a decision node or over).

        Raises:
            ValueError: for a game index out of range.
        """
        if type(game) is not int or not 0 <= game < self.num_games:
            raise ValueError(f"game must be 0 to {self.num_games - 1}, got {_shown(game)}")
        o = int(self.outcome[game])
        rule = END_RULES[int(self.end_rule[game])]
        return _make_state(
            rules=self.rules,
            layout=self.rules.layout,
            owners=tuple(None if owner < 0 else int(owner) for owner in self.owners[game]),
            tokens_left=tuple(int(left) for left in self.tokens_left[game]),
            player=int(self.player[game]),
            rolls=int(self.rolls[game]),
            dice=None if o == _NONE else OUTCOMES[o],
            kept=(),
            in_air=False,
            call=CALLS[int(self.call[game])],
            roll_off=(),
            roll_off_faces=(),
            daversa_armed=tuple(bool(armed) for armed in self.daversa_armed[game]),
            resigned=frozenset(),
            seen=frozenset(f for i, f in enumerate(_FIGURES) if int(self._seen[game]) >> i & 1),
            winners=frozenset(int(i) for i in np.flatnonzero(self.winners[game])),
            end_rule=rule,
        )
