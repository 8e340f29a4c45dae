"""Exact optimal solitaire play: the expected score of every turn start, by backward induction.

A turn start is summed up by three facts (the standard state of Verhoeff
and Glenn): which boxes are filled (13 bits), the upper sum capped at the
bonus target (63 with ``>=``, 64 with ``>``, since above it only "reached"
matters), and, when extra Yahtzees earn a bonus, whether the Yahtzee box
holds 50. `solve` computes the expected
points still to come from every reachable turn start, from full sheets back
to the empty one, vectorised with numpy over the turn starts of a layer:

- after the third roll, each of the 252 sorted outcomes is worth its best
  box (points, bonuses, and the value of the turn start it leads to);
- a keep (a multiset of 0 to 5 dice) is worth the mean over its rerolls,
  computed down from the five-dice outcomes: a keep of ``k`` dice is the
  mean of its six ``k + 1``-dice extensions, each face having probability
  1/6, which gives the exact distributions of
  `morpyam.dice.distribution`;
- after the first or second roll, an outcome is worth the better of scoring
  now and its best keep of at most four dice, found as a running maximum
  over sub-multisets.

numpy is the optional ``solver`` extra (``pip install morpyam[solver]``); this
module imports without it, and `solve` and
`Solution.load` say what to install.
"""

from __future__ import annotations

import functools
import importlib.util
import json
import os
from typing import TYPE_CHECKING, Any

import attrs

from morpyam.dice import DICE, OUTCOMES, distribution, multisets
from morpyam.errors import shown as _shown
from morpyam.figures import FACES
from morpyam.yahtzee._solution_file import read_array, read_members, read_text
from morpyam.yahtzee.actions import Action, Roll, Score
from morpyam.yahtzee.engine import apply, legal_actions
from morpyam.yahtzee.rules import (
    BOXES,
    FULL_HOUSE_POINTS,
    LARGE_STRAIGHT_POINTS,
    SMALL_STRAIGHT_POINTS,
    YAHTZEE_POINTS,
    Box,
    Rules,
    box_scores,
)
from morpyam.yahtzee.state import FULL, Sheet, State

if TYPE_CHECKING:
    import numpy as np
    from numpy.typing import NDArray

    Array = NDArray[np.float64]
    Indices = NDArray[np.intp]

__all__ = ["FORMAT", "Solution", "solve"]

FORMAT = "morpyam.yahtzee.solution/1"
"""The format tag of a saved `Solution` file."""

_MAX_UPPER = 5 * sum(FACES)  # 105: five of each face in the upper boxes
_YAHTZEE = Box.YAHTZEE.index
_JOKER_POINTS = {
    Box.FULL_HOUSE.index: FULL_HOUSE_POINTS,
    Box.SMALL_STRAIGHT.index: SMALL_STRAIGHT_POINTS,
    Box.LARGE_STRAIGHT.index: LARGE_STRAIGHT_POINTS,
}
_CHUNK = 1024
"""Turn starts solved together: big enough to amortise numpy's calls, small enough for the cache."""
_MEMO = 64
"""Turns a Solution keeps computed for best_action and value."""
_MEMBERS = {"format.npy": 1024, "rules.npy": 16 * 1024, "values.npy": 16 * 1024 * 1024}
"""The members of a saved solution and the most bytes each may hold once decompressed."""


def _require_numpy() -> None:
    if importlib.util.find_spec("numpy") is None:
        raise ImportError(
            "the Yahtzee solver needs numpy: install the solver extra, "
            "pip install 'morpyam[solver]'"
        )


# --- tables ------------------------------------------------------------------


@attrs.frozen(eq=False)
class _Tables:
    """Dice facts as numpy arrays, built once from morpyam.dice's tables."""

    children: tuple[Indices, ...]
    """``children[k][j]``: per keep of ``k`` dice, its extension by face ``j + 1`` (``k`` = 0 to 4).

    Stored face by face, so each ``children[k][j]`` is a contiguous index array."""
    parents: tuple[Indices, ...]
    """``parents[k][i]``: per multiset of ``k`` dice, the one without its die ``i`` (``k`` = 1 to 5).

    Stored like ``children``: each ``parents[k][i]`` is contiguous."""
    first_roll: Array
    """The probability of each sorted outcome of five dice (``distribution(5)``)."""
    counts: Indices
    """``counts[face][outcome]``: how many dice of the outcome show ``face``."""
    base: Array
    """``base[box][outcome]``: the base score of the box (no joker)."""
    yahtzee_rows: tuple[int, ...]
    """The outcome index of five ``face``s, per face 1 to 6."""
    keep_index: dict[tuple[int, ...], int]
    """A sorted multiset of 0 to 5 faces: its index among the multisets of its size."""


@functools.cache
def _tables() -> _Tables:
    import numpy as np

    blocks = [multisets(k) for k in range(DICE + 1)]
    index = {faces: i for block in blocks for i, faces in enumerate(block)}
    children = tuple(
        np.array(
            [[index[tuple(sorted((*faces, face)))] for face in FACES] for faces in blocks[k]],
            dtype=np.intp,
        ).T.copy()
        for k in range(DICE)
    )
    parents = tuple(
        np.array(
            [[index[faces[:i] + faces[i + 1 :]] for i in range(k)] for faces in blocks[k]],
            dtype=np.intp,
        )
        .reshape(len(blocks[k]), k)
        .T.copy()
        for k in range(DICE + 1)
    )
    assert blocks[DICE] == OUTCOMES
    first_roll = np.array([float(p) for _, p in distribution(DICE)])
    counts = np.array([[dice.count(face) for dice in OUTCOMES] for face in range(7)], dtype=np.intp)
    base = np.array([box_scores(dice) for dice in OUTCOMES], dtype=np.float64).T.copy()
    rows = tuple(index[(face,) * DICE] for face in FACES)
    return _Tables(children, parents, first_roll, counts, base, rows, index)


def _reachable(cap: int) -> NDArray[np.bool_]:
    """``reach[upper_bits][u]``: whether upper boxes ``upper_bits`` can sum to ``u`` (capped at ``cap``)."""
    import numpy as np

    reach = np.zeros((64, cap + 1), dtype=bool)
    reach[0, 0] = True
    for bits in range(1, 64):
        face = bits.bit_length()
        before = np.nonzero(reach[bits & ~(1 << (face - 1))])[0]
        for count in range(DICE + 1):
            reach[bits, np.minimum(before + count * face, cap)] = True
    return reach


# --- one turn, for many turn starts at once ------------------------------------


@attrs.frozen(eq=False)
class _Turn:
    """The values inside a turn for turn starts (one column each)."""

    after_third: Array
    """(252, B): each outcome of the third roll, scored at its best."""
    keeps_third: tuple[Array, ...]
    """Per keep size: (keeps, B) the value of keeping them for the third roll."""
    after_second: Array
    """(252, B): each outcome of the second roll, played at its best."""
    keeps_second: tuple[Array, ...]
    """Per keep size: the value of keeping them for the second roll."""
    after_first: Array
    """(252, B): each outcome of the first roll, played at its best."""
    start: Array
    """(B,): the expected points still to come from the turn start."""


@attrs.frozen(eq=False)
class _Work:
    """Arrays for chunks of one width, allocated once per solve and reused by every chunk.

    Most of a first solve's time went to allocating and freeing arrays of a
    chunk's size (each large enough for the allocator to map fresh pages);
    `solve` writes into these instead. The
    arithmetic is the same, in the same order, so the values are the same.
    """

    keeps: tuple[Array, ...]
    """Per keep size 0 to 4: the value of each keep (the keep chain of one roll)."""
    grown: tuple[Array, ...]
    """Per size 1 to 5 (index 0 unused): the running best keep of each multiset."""
    gathered: tuple[Array, ...]
    """Per size 0 to 5: rows gathered by index, before they are added or compared."""
    after_third: Array
    """(252, B): the third roll's outcomes scored."""
    after_second: Array
    """(252, B): the second roll's outcomes played."""
    after_first: Array
    """(252, B): the first roll's outcomes played."""

    @classmethod
    def new(cls, width: int) -> _Work:
        import numpy as np

        sizes = [len(multisets(k)) for k in range(DICE + 1)]
        return cls(
            tuple(np.empty((sizes[k], width)) for k in range(DICE)),
            tuple(np.empty((sizes[k], width)) for k in range(DICE + 1)),
            tuple(np.empty((sizes[k], width)) for k in range(DICE + 1)),
            np.empty((sizes[DICE], width)),
            np.empty((sizes[DICE], width)),
            np.empty((sizes[DICE], width)),
        )


def _gather(rows: Array, index: Indices, out: Array | None) -> Array:
    """``rows[index]``, written into ``out`` when given (the indices are valid: no check)."""
    import numpy as np

    if out is None:
        return rows[index]
    return np.take(rows, index, axis=0, out=out, mode="clip")


def _chain(tables: _Tables, outcomes: Array, work: _Work | None = None) -> tuple[Array, ...]:
    """The value of every keep: the mean over the six faces of one die more."""
    import numpy as np

    keeps: list[Array] = [outcomes]
    for k in range(DICE - 1, -1, -1):
        bigger, children = keeps[-1], tables.children[k]
        if work is None:
            total = bigger[children[0]]
            for j in range(1, len(FACES)):
                total += bigger[children[j]]
        else:
            total = _gather(bigger, children[0], work.keeps[k])
            for j in range(1, len(FACES)):
                np.add(total, _gather(bigger, children[j], work.gathered[k]), out=total)
        total *= 1 / len(FACES)
        keeps.append(total)
    return tuple(reversed(keeps))


def _best_reroll(tables: _Tables, keeps: tuple[Array, ...], work: _Work | None = None) -> Array:
    """Per outcome of five dice: its best keep of at most four dice (a running maximum)."""
    import numpy as np

    best = keeps[0]
    for k in range(1, DICE + 1):
        parents = tables.parents[k]
        grown = _gather(best, parents[0], None if work is None else work.grown[k])
        for j in range(1, k):
            gathered = _gather(best, parents[j], None if work is None else work.gathered[k])
            np.maximum(grown, gathered, out=grown)
        if k < DICE:
            np.maximum(grown, keeps[k], out=grown)
        best = grown
    return best


def _turn(values: Array, rules: Rules, flag: Indices, mask: Indices, upper: Indices) -> _Turn:
    """Everything inside the turns that start at ``(flag, mask, upper)``."""
    tables = _tables()
    after_third = _scored(values, rules, tables, flag, mask, upper)
    import numpy as np

    keeps_third = _chain(tables, after_third)
    after_second = np.maximum(after_third, _best_reroll(tables, keeps_third))
    keeps_second = _chain(tables, after_second)
    after_first = np.maximum(after_third, _best_reroll(tables, keeps_second))
    start = tables.first_roll @ after_first
    return _Turn(after_third, keeps_third, after_second, keeps_second, after_first, start)


def _turn_start(
    values: Array, rules: Rules, flag: Indices, mask: Indices, upper: Indices, work: _Work
) -> Array:
    """The ``start`` of `_turn`, computed in ``work``'s arrays."""
    tables = _tables()
    import numpy as np

    after_third = _scored(values, rules, tables, flag, mask, upper, work)
    keeps = _chain(tables, after_third, work)
    after_second = np.maximum(after_third, _best_reroll(tables, keeps, work), out=work.after_second)
    keeps = _chain(tables, after_second, work)
    after_first = np.maximum(after_third, _best_reroll(tables, keeps, work), out=work.after_first)
    start: Array = tables.first_roll @ after_first
    return start


def _upper_gain(
    values: Array, rules: Rules, flag: Indices, nxt: Indices, upper: Indices, points: int
) -> Array:
    """Writing ``points`` in an upper box: the points, the upper bonus if they reach the
    target (Y-BONUS-1), and the value of the next turn start (upper sum capped)."""
    import numpy as np

    cap = values.shape[2] - 1
    target = rules.bonus_target
    gain: Array = values[flag, nxt, np.minimum(upper + points, cap)] + points
    if points and rules.upper_bonus:
        reached = (upper < target) & (upper + points >= target)
        gain += np.where(reached, float(rules.upper_bonus), 0.0)
    return gain


def _scored(
    values: Array,
    rules: Rules,
    tables: _Tables,
    flag: Indices,
    mask: Indices,
    upper: Indices,
    work: _Work | None = None,
) -> Array:
    """(252, B): each outcome scored in its best box (Y-BOX-*, Y-BONUS-*, Y-JOKER-1)."""
    import numpy as np

    never = -np.inf
    if work is None:
        best = np.full((len(OUTCOMES), mask.shape[0]), never)
        scratch = None
    else:
        best = work.after_third
        best.fill(never)
        scratch = work.gathered[DICE]
    for index in range(len(BOXES)):
        empty = mask & (1 << index) == 0
        if not empty.any():
            continue
        nxt = mask | (1 << index)
        if index < 6:
            face = index + 1
            gains = np.stack(
                [
                    _upper_gain(values, rules, flag, nxt, upper, count * face)
                    for count in range(DICE + 1)
                ]
            )
            gains[:, ~empty] = never
            np.maximum(best, _gather(gains, tables.counts[face], scratch), out=best)
        else:
            future = values[flag, nxt, upper]
            future[~empty] = never
            lower = np.add(tables.base[index][:, None], future, out=scratch)
            np.maximum(best, lower, out=best)

    _five_of_a_kind(values, rules, tables, flag, mask, upper, best)
    return best


def _five_of_a_kind(
    values: Array,
    rules: Rules,
    tables: _Tables,
    flag: Indices,
    mask: Indices,
    upper: Indices,
    best: Array,
) -> None:
    """Score the six rows of five of a kind into ``best``: the Yahtzee box sets the bonus
    flag, the extra-Yahtzee bonus is paid, and the joker rules apply (Y-BONUS-2, Y-JOKER-1)."""
    import numpy as np

    never = -np.inf
    width = mask.shape[0]
    flags = values.shape[0]
    yahtzee_filled = mask & (1 << _YAHTZEE) != 0
    bonus = np.where(flag == 1, float(rules.yahtzee_bonus), 0.0)
    for face in FACES:
        row = tables.yahtzee_rows[face - 1]
        plain = np.full((len(BOXES), width), never)
        joker = plain.copy()
        for index in range(len(BOXES)):
            empty = mask & (1 << index) == 0
            nxt = mask | (1 << index)
            if index < 6:
                points = DICE * face if index == face - 1 else 0
                value = _upper_gain(values, rules, flag, nxt, upper, points)
                joker_value = value
            elif index == _YAHTZEE:
                value = values[flags - 1, nxt, upper] + YAHTZEE_POINTS
                joker_value = value
            else:
                future = values[flag, nxt, upper]
                value = future + tables.base[index][row]
                joker_value = future + _JOKER_POINTS.get(index, tables.base[index][row])
            plain[index] = np.where(empty, value, never)
            joker[index] = np.where(empty, joker_value, never)
        normal = plain.max(axis=0)
        matching_filled = mask & (1 << (face - 1)) != 0
        if rules.joker == "none":
            played = normal
        elif rules.joker == "free":
            played = np.where(matching_filled, joker.max(axis=0), normal)
        else:
            lower = joker[6:].max(axis=0)
            elsewhere = np.where(lower > never, lower, joker[:6].max(axis=0))
            played = np.where(matching_filled, elsewhere, joker[face - 1])
        best[row] = np.where(yahtzee_filled, played + bonus, normal)


# --- solving -------------------------------------------------------------------


def _shape(rules: Rules) -> tuple[int, int, int]:
    return (2 if rules.yahtzee_bonus else 1, FULL + 1, min(rules.bonus_target, _MAX_UPPER + 1) + 1)


def solve(rules: Rules) -> Solution:
    """The optimal solitaire strategy of ``rules``: the expected final score of every turn start.

    Hasbro's rules have 536,320 reachable turn starts, solved in about 5 s of CPU
    on the development machine (2 cores, shared); see the docs page for the
    measured figures and the published values it matches.

    Raises:
        ImportError: without numpy (the ``solver`` extra).
        ValueError: for rules that are not a `Rules`,
            or rules with ``zero_only_when_nothing_fits`` (Y-BOX-8), which it does not model.
    """
    _require_numpy()
    import numpy as np

    if not isinstance(rules, Rules):
        raise ValueError(f"solve needs a yahtzee Rules value, got {_shown(rules)}")
    if rules.zero_only_when_nothing_fits:
        raise ValueError("Y-BOX-8: the solver does not model zero_only_when_nothing_fits")
    flags, _, width = _shape(rules)
    cap = width - 1
    values = np.zeros(_shape(rules))
    reach = _reachable(cap)
    layers: dict[int, list[int]] = {}
    for bits in range(FULL):
        layers.setdefault(bits.bit_count(), []).append(bits)
    works: dict[int, _Work] = {}
    for filled in range(len(BOXES) - 1, -1, -1):
        parts: list[tuple[Indices, Indices, Indices]] = []
        for bits in layers[filled]:
            sums = np.nonzero(reach[bits & 63])[0]
            for flag in range(flags if bits >> _YAHTZEE & 1 else 1):
                parts.append((np.full(len(sums), flag), np.full(len(sums), bits), sums))
        flag_all = np.concatenate([p[0] for p in parts])
        mask_all = np.concatenate([p[1] for p in parts])
        upper_all = np.concatenate([p[2] for p in parts])
        for start in range(0, len(mask_all), _CHUNK):
            chunk = slice(start, start + _CHUNK)
            at = flag_all[chunk], mask_all[chunk], upper_all[chunk]
            width = len(at[0])
            work = works.get(width)
            if work is None:
                work = works[width] = _Work.new(width)
            values[at] = _turn_start(values, rules, *at, work)
    return Solution(rules, values)


def _same_scoring(one: Rules, other: Rules) -> bool:
    """Whether two rules score alike: equal but for the number of players, which a sheet's
    values do not depend on."""
    return all(
        getattr(one, field.name) == getattr(other, field.name)
        for field in attrs.fields(Rules)
        if field.name != "players"
    )


@attrs.frozen(eq=False)
class Solution:
    """The optimal solitaire strategy of `rules`.

    Made by `solve` or
    `load`. It answers for any state
    of a game with these rules but for the number of players; with several
    players or games it plays the current player's current sheet to maximise
    its expected score, which is optimal for solitaire.
    """

    rules: Rules
    """The rules solved."""
    values: Array = attrs.field(repr=False)
    """Expected points still to come at each turn start, indexed
    ``[flag, filled, upper]``: ``flag`` 1 when the Yahtzee box holds 50 and
    extra Yahtzees earn a bonus (else 0; the axis has length 1 without that
    bonus), ``filled`` the bits of the filled boxes
    (`Sheet.filled`), ``upper`` the upper
    sum capped at the bonus target. Entries no game reaches are 0."""
    _memo: dict[tuple[int, int, int], _Turn] = attrs.field(init=False, factory=dict, repr=False)

    def __attrs_post_init__(self) -> None:
        if not isinstance(self.rules, Rules):
            raise ValueError(f"a Solution needs a yahtzee Rules value, got {_shown(self.rules)}")
        shape = getattr(self.values, "shape", None)
        if shape != _shape(self.rules) or str(getattr(self.values, "dtype", "")) != "float64":
            raise ValueError(
                f"the values of these rules are a float64 array of shape {_shape(self.rules)}, "
                f"got {shape}"
            )

    @property
    def expected_score(self) -> float:
        """The expected final score of optimal play from an empty sheet."""
        return float(self.values[0, 0, 0])

    def _key(self, sheet: Sheet) -> tuple[int, int, int]:
        flags, _, width = self.values.shape
        full_yahtzee = sheet.boxes[_YAHTZEE] == YAHTZEE_POINTS
        return (int(flags == 2 and full_yahtzee), sheet.filled, min(sheet.upper_sum, width - 1))

    def _turn(self, sheet: Sheet) -> _Turn:
        import numpy as np

        key = self._key(sheet)
        turn = self._memo.get(key)
        if turn is None:
            if len(self._memo) >= _MEMO:
                self._memo.clear()
            flag, mask, upper = (np.array([part], dtype=np.intp) for part in key)
            turn = self._memo[key] = _turn(self.values, self.rules, flag, mask, upper)
        return turn

    def _check(self, state: State) -> None:
        if not isinstance(state, State):
            raise ValueError(f"expected a yahtzee State, got {_shown(state)}")
        if not _same_scoring(state.rules, self.rules):
            raise ValueError(
                f"this solution is for {_shown(self.rules)}, the state's rules are {_shown(state.rules)}"
            )

    def value(self, state: State) -> float:
        """The expected final total of the sheet being played, with optimal play from ``state``.

        Points already on the sheet are included; at the start of a game this
        is `expected_score`.

        Raises:
            ValueError: for a state of other rules.
        """
        self._check(state)
        sheet = state.sheet
        if state.is_terminal:
            return float(sheet.total)
        if state.dice is None and not (state.in_air and state.rolls):
            return sheet.total + float(self.values[self._key(sheet)])
        turn = self._turn(sheet)
        if state.dice is None:
            keeps = turn.keeps_second if state.rolls == 1 else turn.keeps_third
            found = keeps[len(state.kept)][_tables().keep_index[state.kept], 0]
        else:
            stage = (turn.after_first, turn.after_second, turn.after_third)[state.rolls - 1]
            found = stage[_tables().keep_index[state.dice], 0]
        return sheet.total + float(found)

    def best_action(self, state: State) -> Action:
        """The optimal action for the player to move; the first in legal order on a tie.

        Raises:
            ValueError: at a chance node, once the game is over, or for a state of other rules.
        """
        self._check(state)
        if state.in_air or state.is_terminal:
            raise ValueError("only a player's decision has a best action")
        if state.dice is None:
            return Roll()
        turn = self._turn(state.sheet)
        keeps = turn.keeps_second if state.rolls == 1 else turn.keeps_third
        index = _tables().keep_index
        best: Action | None = None
        best_value = -float("inf")
        for action in legal_actions(state):
            if type(action) is Score:
                value = self._scored_value(state, action)
            else:
                keep = action.keep  # type: ignore[union-attr]
                value = float(keeps[len(keep)][index[keep], 0])
            if value > best_value + 1e-9:
                best, best_value = action, value
        assert best is not None  # a decision always has a legal action
        return best

    def _scored_value(self, state: State, action: Score) -> float:
        """Points, bonuses and the future of scoring ``action`` (with the engine's own rules)."""
        sheet = state.sheet
        after = apply(state, action).sheets[state.player][state.game]
        return after.total - sheet.total + float(self.values[self._key(after)])

    def save(self, path: str | os.PathLike[str]) -> None:
        """Write the solution to ``path`` (a compressed numpy ``.npz`` file, no pickles).

        Raises:
            ValueError: for a ``path`` that is not a `str` or an `os.PathLike`.
        """
        import numpy as np

        _check_path(path)
        with open(path, "wb") as file:
            np.savez_compressed(
                file,
                format=np.array(FORMAT),
                rules=np.array(json.dumps(attrs.asdict(self.rules))),
                values=self.values,
            )

    @classmethod
    def load(cls, path: str | os.PathLike[str]) -> Solution:
        """Read a solution written by `save`.

        The file is untrusted: only a regular file of at most 64 MiB is read,
        the sizes of its members are checked in the zip directory before
        anything is decompressed, no pickle is loaded, and the values must be
        finite and not negative.

        Raises:
            ImportError: without numpy (the ``solver`` extra).
            FileNotFoundError: when there is no file at ``path``.
            ValueError: for a file that is not a saved solution (whatever is
                wrong in it), or a ``path`` that is not a `str` or an `os.PathLike`.
        """
        _require_numpy()

        _check_path(path)
        try:
            rules, values = _read_solution(path)
        except ValueError as error:
            raise ValueError(
                f"{os.fspath(path)!r} is not a saved Yahtzee solution: {error}"
            ) from error
        return cls(rules, values)


def _read_solution(path: str | os.PathLike[str]) -> tuple[Rules, Array]:
    """The rules and values of a solution file, every member checked before it is used."""
    import numpy as np

    members = read_members(path, _MEMBERS)
    tag = read_text(members["format.npy"], "format")
    if tag != FORMAT:
        raise ValueError(f"it is not a {FORMAT} file")
    text = read_text(members["rules.npy"], "rules")
    try:
        fields: Any = json.loads(text)
    except (json.JSONDecodeError, RecursionError) as error:
        raise ValueError("its rules are not JSON") from error
    if not isinstance(fields, dict):
        raise ValueError("its rules are not a JSON object")
    try:
        rules = Rules(**fields)
    except TypeError as error:
        raise ValueError(f"it holds unknown rules: {text[:200]}") from error
    values = read_array(members["values.npy"], "values", "<f8", _shape(rules))
    if not bool(np.isfinite(values).all()) or bool((values < 0).any()):
        raise ValueError("its expected points are not all finite and not negative")
    return rules, values


def _check_path(path: object) -> None:
    """A file name: text or a path object (not bytes, and not an int, which ``open`` reads as
    a file descriptor)."""
    if not isinstance(path, (str, os.PathLike)):
        raise ValueError(f"a file path is a str or an os.PathLike, got {_shown(path)}")
