"""Hints for players: every legal action ranked, with a short reason.

`advise` answers "should I keep the pair or go for
the straight?" at any decision node. The ranking is the one
`OddsBot` plays by (the expected value of the cell
covered this turn, lines and blocking included); the reason gives the exact
chances that matter to a player: of covering any free cell this turn, of the
most likely figures with the cells they could cover, of a call hitting.

Examples:
    >>> import morpyam as mp
    >>> state = mp.new_game(mp.Rules.classic(), first_player=0)
    >>> state = mp.apply(state, mp.Roll())
    >>> state = mp.apply(state, mp.RollResult((1, 2, 3, 3, 5)))
    >>> hints = {str(hint.action): hint for hint in advise(state)}
    >>> print(hints["roll keep 3 3"].reason)
    keep 3 3: 78.9% to cover a free cell this turn; 3×3 66.5% (c1, f2, d6), SS 39.3% (f3, a4), FUL 27.5% (b3, e4)
    >>> print(hints["roll keep 1 2 3 5"].reason)
    keep 1 2 3 5: 57.1% to cover a free cell this turn; SS 42.1% (f3, a4), STR 30.6% (d2, c5), 3×1 18.0% (a1, a5, f6)
"""

from __future__ import annotations

from collections.abc import Iterable
from fractions import Fraction

import attrs

from morpyam.actions import Action, LoseTurn, Pass, Place, PlaceTile, Roll
from morpyam.bots import OddsBot, _geometry, _run_gain
from morpyam.engine import apply, scores
from morpyam.errors import AdviceError
from morpyam.figures import Figure, Label, Special
from morpyam.layouts import Cell
from morpyam.odds import keep_probability, turn_probability
from morpyam.state import State

__all__ = ["Advice", "AdviceError", "advise"]

_SHOWN_LABELS = 3


@attrs.frozen
class Advice:
    """One legal action with how good it is and why."""

    action: Action
    """The action."""
    score: float
    """Its expected value for `OddsBot`: the ranking key, higher is better."""
    probability: Fraction
    """An exact chance, as the reason says: 1 for a placement, 0 for a pass;
    for a roll without a call, the chance of covering one of the free cells
    this turn (playing on for any of them); for a call, the chance that it
    hits on the roll it names."""
    cells: tuple[Cell, ...]
    """The cells the action could cover this turn."""
    reason: str
    """A short explanation in a player's words."""


def _pct(p: Fraction) -> str:
    return f"{float(p):.1%}"


def _cells_text(cells: Iterable[Cell]) -> str:
    return ", ".join(map(str, cells))


def advise(state: State) -> tuple[Advice, ...]:
    """Every legal action of a decision node, best first, each with a short reason.

    Actions of equal score keep the order of
    `legal_actions`, except that a call which
    cannot hit (a chance of 0) comes after the others of its score: it is the
    same roll without a call, made longer. During the Morpyam Plus
    set-up every tile placement is listed with a score of 0: the odds say
    nothing about where to lay a tile.

    Raises:
        AdviceError: at a chance node, when the game is over, or for
            something that is not a `State`.
    """
    if not isinstance(state, State):
        raise AdviceError(f"advice is for a morpyam State, got {type(state).__name__}")
    if state.current_player is None:
        where = "the game is over" if state.is_terminal else "dice or tiles are in the air"
        raise AdviceError(f"advice is for a player's decision, and here {where}")
    rated = OddsBot().values(state)
    if state.setup is not None:
        return tuple(
            Advice(action, 0.0, Fraction(0), (), f"lay a {action.label} tile on {action.cell}")
            for action, _ in rated
            if isinstance(action, PlaceTile)
        )
    context = _Context(state)
    hints = [context.explain(action, score) for action, score in rated]
    order = sorted(range(len(hints)), key=lambda i: (-hints[i].score, _cannot_hit(hints[i])))
    return tuple(hints[i] for i in order)


def _cannot_hit(hint: Advice) -> bool:
    action = hint.action
    return isinstance(action, Roll) and action.call is not None and hint.probability == 0


class _Context:
    """What the reasons of one decision node share."""

    def __init__(self, state: State) -> None:
        self.state = state
        rules = state.rules
        layout = state.layout
        self.free: dict[Label, list[Cell]] = {}
        for cell, label, owner in zip(layout.cells, layout.labels, state.owners):
            if owner is None:
                self.free.setdefault(label, []).append(cell)
        self.rolls_left = 3 - state.rolls
        self.figures = [label for label in Figure if label in self.free]
        self.first = state.dice is None
        self.sec = self.first and Special.SEC in self.free and bool(rules.sec_figures)
        self.targets: list[Label] = [*self.figures, *([Special.SEC] if self.sec else [])]

    def chance(self, keep: tuple[int, ...], label: Label) -> Fraction:
        """The chance of making ``label`` this turn with ``keep`` (all rolls left)."""
        if self.first:
            return turn_probability(label, sec_figures=self.state.rules.sec_figures)
        return keep_probability(keep, label, self.rolls_left)

    def explain(self, action: Action, score: float) -> Advice:
        if isinstance(action, Place):
            return self._place(action, score)
        if isinstance(action, Roll):
            if action.call is not None:
                return self._call(action, score)
            return self._roll(action, score)
        if isinstance(action, LoseTurn):
            return Advice(action, score, Fraction(0), (), "lose the turn, as after a collision")
        assert isinstance(action, Pass)
        return Advice(action, score, Fraction(0), (), "end the turn without a token")

    def _roll(self, action: Roll, score: float) -> Advice:
        what = f"keep {' '.join(map(str, action.keep))}" if action.keep else "roll all five dice"
        if self.first:
            what = "roll"
        if not self.targets:
            return Advice(action, score, Fraction(0), (), f"{what}: no free figure cell is left")
        chances = sorted(
            ((self.chance(action.keep, label), label) for label in self.targets),
            key=lambda pair: -pair[0],
        )
        chances = [(p, label) for p, label in chances if p > 0]
        total = (
            turn_probability(self.targets, sec_figures=self.state.rules.sec_figures)
            if self.first
            else keep_probability(action.keep, self.figures, self.rolls_left)
            if self.figures
            else Fraction(0)
        )
        cells = tuple(cell for _, label in chances for cell in self.free[label])
        best = ", ".join(
            f"{label.code} {_pct(p)} ({_cells_text(self.free[label])})"
            for p, label in chances[:_SHOWN_LABELS]
        )
        reason = f"{what}: {_pct(total)} to cover a free cell this turn"
        return Advice(action, score, total, cells, f"{reason}; {best}" if best else reason)

    def _call(self, action: Roll, score: float) -> Advice:
        call = action.call
        assert call is not None
        rules = self.state.rules
        if self.first:
            p = turn_probability(call, 1, sec_figures=rules.sec_figures)
        else:
            assert isinstance(call, Figure)
            p = keep_probability(action.keep, call, 1)
        cells = tuple(self.free.get(Special.CALL, ()))
        keep = f"keep {' '.join(map(str, action.keep))}, " if action.keep else ""
        miss = (
            "a miss places nothing (R-CALL-7)"
            if self.rolls_left == 1
            else "a miss is forgotten and the turn goes on (R-CALL-6)"
        )
        if p == 0:
            reason = (
                f"{keep}call {call.notation}: cannot hit on this roll (0%), "
                "so it is worth no more than the same roll without a call"
            )
        else:
            reason = (
                f"{keep}call {call.notation}: {_pct(p)} to hit on this roll and cover "
                f"the CALL cell {_cells_text(cells)}; {miss}"
            )
        return Advice(action, score, p, cells, reason)

    def _place(self, action: Place, score: float) -> Advice:
        """What the placement does, in the engine's order: the engine itself says.

        R-END-1 (a KO) is checked first, then R-MOR-3 (D'Aversa), then R-END-2
        (the last token ends the game on points); only a game that goes on
        can grant a replay (R-MOR-2).
        """
        state = self.state
        layout = state.layout
        label = layout[action.cell]
        reason = f"cover {action.cell} ({label.code}) now"
        after = apply(state, action)
        end = after.end_rule
        if end == "R-END-1":
            return self._placed(action, score, reason, ["wins by KO (R-END-1)"])
        if end == "R-MOR-3":
            note = "second Morpyam in a row: wins by D'Aversa (R-MOR-3)"
            return self._placed(action, score, reason, [note])
        rules = state.rules
        cell = layout.index(action.cell)
        player = state.player
        longest = max(length for length, _ in rules.run_points)
        geo = _geometry(layout.lines, len(layout), rules.ko_length or longest)
        gain, _ = _run_gain(rules, geo.rays[cell], state.owners, player)
        notes: list[str] = []
        if gain:
            notes.append(f"+{gain} point{'s' if gain != 1 else ''}")
        for other in range(rules.players):
            if other == player or other in state.resigned:
                continue
            gain_other, ko_other = _run_gain(rules, geo.rays[cell], state.owners, other)
            if ko_other:
                notes.append(f"stops player {other}'s KO")
            elif gain_other:
                notes.append(
                    f"takes {gain_other} point{'s' if gain_other != 1 else ''} from player {other}"
                )
        if end == "R-END-2":
            totals = scores(after)
            best_other = max(
                (
                    totals[q]
                    for q in range(rules.players)
                    if q != player and q not in state.resigned
                ),
                default=0,
            )
            result = (
                "loses"
                if player not in after.winners
                else "wins"
                if len(after.winners) == 1
                else "shares the win"
            )
            notes.append(
                f"last token: ends the game and {result} on points "
                f"({totals[player]} to {best_other}, R-END-2)"
            )
        elif after.current_player == player:
            notes.append("Morpyam: plays again (R-MOR-2)")
        return self._placed(action, score, reason, notes)

    @staticmethod
    def _placed(action: Place, score: float, reason: str, notes: list[str]) -> Advice:
        return Advice(
            action,
            score,
            Fraction(1),
            (action.cell,),
            reason + (": " + ", ".join(notes) if notes else ""),
        )
