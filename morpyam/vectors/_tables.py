"""The tables an implementer checks first: every roll's figures and box scores, and the judge.

``tables.jsonl`` holds one table a line, each under one setting of the rules
(see the format's documentation):

- ``figures`` (Morpyam): the figures every one of the 252 sorted rolls of
  five dice shows, and whether it shows a SEC figure, under each setting that
  changes them (``morpyam_is_full``, ``sec_figures``);
- ``boxes`` (the score sheet): the points every box would score for every
  roll, with an empty sheet and with the Yahtzee box filled, under each
  joker rule;
- ``judge`` (MyRummy): the verdict on plays over small tables that cover
  every joker, run and group edge: accepted, or the rule ID that refuses it.

A figure, box or judge bug shows as the row it is wrong on.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from itertools import combinations_with_replacement
from typing import Any

import attrs

import morpyam as mp
from morpyam import myrummy as mr
from morpyam import yahtzee as yz
from morpyam.errors import IllegalActionError
from morpyam.myrummy.notation._records import parse_entry
from morpyam.vectors._kits import KITS

__all__ = [
    "JUDGE_ROWS",
    "ROLLS",
    "TABLES",
    "TABLES_FILE",
    "TableLine",
    "box_row",
    "columns",
    "dice_text",
    "figure_row",
    "judge_row",
    "table_lines",
    "table_rows",
]

TABLES_FILE = "tables.jsonl"

ROLLS: tuple[tuple[int, ...], ...] = tuple(combinations_with_replacement(range(1, 7), 5))
"""The 252 sorted rolls of five dice, in increasing order."""


def dice_text(dice: tuple[int, ...]) -> str:
    """A roll as the tables write it: ``"1 1 2 5 6"``."""
    return " ".join(map(str, dice))


@attrs.frozen
class TableLine:
    """One table of ``tables.jsonl``: a kind, a setting, and how to make its position."""

    game: str
    kind: str
    """``"figures"``, ``"boxes"`` or ``"judge"``."""
    name: str
    """The setting, unique in its game and kind: the last part of the table's id."""
    note: str
    rule_ids: tuple[str, ...]
    start: Callable[[], Any]
    """The position whose rules (and, for the boxes, sheet) the table is read under."""

    @property
    def id(self) -> str:
        return f"{self.game}/{self.kind}/{self.name}"


# --- Morpyam's figures -----------------------------------------------------------------------


def figure_row(rules: mp.Rules, dice: tuple[int, ...]) -> list[Any]:
    """``[dice, figures, sec]``: the figures' notation names, sorted, and whether a SEC figure
    is shown."""
    shown = rules.shows(dice)
    return [dice_text(dice), sorted(f.notation for f in shown), bool(shown & rules.sec_figures)]


_FIGURE_RULES: tuple[str, ...] = (
    "R-FIG-1",
    "R-FIG-2",
    "R-FIG-3",
    "R-FIG-4",
    "R-FIG-5",
    "R-FIG-6",
    "R-FIG-7",
)
_FIGURE_RULES += ("R-FIG-8", "R-FIG-9", "R-CELL-2")


def _morpyam(**knobs: Any) -> Callable[[], mp.State]:
    return lambda: mp.new_game(attrs.evolve(mp.Rules.classic(), **knobs), first_player=0)


# --- the sheet's boxes -----------------------------------------------------------------------


def _sheet(rules: yz.Rules, *before: str) -> Callable[[], yz.State]:
    """The sheet of one player, after the actions ``before``, with five dice in the air."""

    def make() -> yz.State:
        state = yz.new_game(rules)
        for text in (*before, "roll"):
            state = yz.apply(state, yz.parse_action(text))
        return state

    return make


def box_row(state: yz.State, dice: tuple[int, ...]) -> list[Any]:
    """``[dice, ones, twos, …, chance]``: what each box of ``yahtzee.BOXES`` would score once
    ``dice`` land."""
    landed = yz.apply(state, yz.RollResult(dice))
    return [dice_text(dice), *(yz.box_points(landed, box) for box in yz.BOXES)]


_FILLED = ("roll", "dice 6 6 6 6 6", "score yahtzee")
_BOX_RULES = tuple(f"Y-BOX-{n}" for n in range(2, 8))


# --- MyRummy's judge -------------------------------------------------------------------------

JUDGE_ROWS: tuple[tuple[str, str, bool, str], ...] = (
    # (rack of player 0, table, player 0 has laid out, the play); player 1 holds bk1 bk2
    ("gn1 gn2 gn3 pu9", "", True, "play [gn1 gn2 gn3]"),
    ("gn1 gn2 gn3 pu9", "", True, "play [gn1 gn2]"),
    ("gn1 gn2 gn12 gn13", "", True, "play [gn12 gn13 gn1]"),
    ("gn1 gn2 pu3 bk9", "", True, "play [gn1 gn2 pu3]"),
    ("gn1 gn3 J bk9", "", True, "play [gn1 J gn3]"),
    ("gn12 gn13 J bk9", "", True, "play [gn12 gn13 J]"),
    ("gn12 gn13 J bk9", "", True, "play [J gn12 gn13]"),
    ("gn1 gn2 J bk9", "", True, "play [J gn1 gn2]"),
    ("gn5 J J bk9", "", True, "play [gn5 J J]"),
    ("J J bk9 pu1", "", True, "play [J J bk9]"),
    ("bk5 gn5 gy5 pu9", "", True, "play {bk5 gn5 gy5}"),
    ("bk5 gn5 gn5 pu9", "", True, "play {bk5 gn5 gn5}"),
    ("bk5 gn5 gy5 pu5 J", "", True, "play {bk5 gn5 gy5 pu5 J}"),
    ("bk5 gn5 gy5 pu5 J", "", True, "play {bk5 gn5 gy5 pu5}"),
    ("bk5 gn6 gy5 pu9", "", True, "play {bk5 gn6 gy5}"),
    ("bk5 gn5 J pu9", "", True, "play {bk5 gn5 J}"),
    ("bk5 J J pu9", "", True, "play {bk5 J J}"),
    ("gn10 gn11 gn12 bk1", "", False, "play [gn10 gn11 gn12]"),
    ("gn1 gn2 gn3 bk1", "", False, "play [gn1 gn2 gn3]"),
    ("gn9 gn10 J bk1", "", False, "play [gn9 gn10 J]"),
    ("gn9 gn10 J bk1", "", False, "play [J gn9 gn10]"),
    ("bk10 gy10 J bk1", "", False, "play {bk10 gy10 J}"),
    (
        "gn10 gn11 gn12 pu10 bk1",
        "[pu11 pu12 pu13]",
        False,
        "play [gn10 gn11 gn12] [pu10 pu11 pu12 pu13]",
    ),
    (
        "gn10 gn11 gn12 pu10 bk1",
        "[pu11 pu12 pu13]",
        False,
        "play [gn10 gn11 gn12] [pu11 pu12 pu13]",
    ),
    ("gn13 pu1", "[gn10 gn11 gn12]", False, "play [gn10 gn11 gn12 gn13]"),
    ("gn13 pu1", "[gn10 gn11 gn12]", True, "play [gn10 gn11 gn12 gn13]"),
    ("gn9 pu1", "[gn10 gn11 gn12]", True, "play [gn9 gn10 gn11 gn12]"),
    ("pu1 pu2", "[gn10 gn11 gn12]", True, "play [gn10 gn11]"),
    ("gn5 bk9 gy9", "[gn4 J gn6]", True, "play [gn4 gn5 gn6] {bk9 gy9 J}"),
    ("gn5 bk9 gy9", "[gn4 J gn6]", True, "play [gn4 gn5 gn6]"),
    ("gn5 bk9 gy9", "[gn4 J gn6]", False, "play [gn4 gn5 gn6] {bk9 gy9 J}"),
    ("bk9 gy9 pu1", "[gn4 J gn6]", True, "play [gn4 gn6] {bk9 gy9 J}"),
    ("gn7 pu1", "[gn3 gn4 gn5 gn6]", True, "play [gn3 gn4 gn5] [gn6 gn7]"),
    ("gn7 gn8 pu1", "[gn3 gn4 gn5 gn6]", True, "play [gn3 gn4 gn5] [gn6 gn7 gn8]"),
    ("gn4 pu1", "[gn2 gn3 gn4 gn5 gn6]", True, "play [gn2 gn3 gn4] [gn4 gn5 gn6]"),
    ("bk6 gy2 pu2", "[bk2 bk3 bk4 bk5]", True, "play [bk3 bk4 bk5 bk6] {bk2 gy2 pu2}"),
    ("pu1 pu2 pu3", "[gn10 gn11 gn12 gn13]", True, "play [gn10 gn11 gn12] [pu1 pu2 pu3]"),
    ("pu1 pu2 pu3", "[gn10 gn11 gn12]", True, "play [gn10 gn11 gn12] [pu1 pu2 pu3] [pu1 pu2 pu3]"),
)
"""The judge's rows (classic rules): runs of 2, 3 and 13, no wrap, one colour; jokers at
either end, in the middle, two of them; groups of 3 and 4, not 5, no colour twice; the
opening's 30 points, a joker counting the tile it stands for, no table tile before it; laying
off, rearranging, three must stay; the joker's exchange and its use again in the same turn."""

_JUDGE_PLAYER = "bk1 bk2"


def _judge_state(rack: str, table: str, opened: bool, rules: mr.Rules | None = None) -> mr.State:
    melds = [mr.parse_meld(meld) for meld in table.split(";") if meld.strip()]
    return mr.position(
        mr.Rules.classic() if rules is None else rules,
        racks=[mr.parse_tiles(rack), mr.parse_tiles(_JUDGE_PLAYER)],
        table=melds,
        opened=(0,) if opened else (),
    )


def judge_row(rules: mr.Rules, rack: str, table: str, opened: bool, play: str) -> list[Any]:
    """``[rack, table, opened, play, verdict]``: ``verdict`` is ``None`` when the library
    accepts the play, else the rule ID of its refusal.

    The position: player 0 on turn holds ``rack``, player 1 ``bk1 bk2``, the table holds
    ``table`` (melds separated by ``;``), player 0 has laid out if ``opened``; the pool is the
    rest of the set.

    Raises:
        ValueError: for a position the rules do not allow, or a play that is no action.
    """
    state = _judge_state(rack, table, opened, rules)
    try:
        KITS["myrummy"].apply(state, parse_entry(play))
    except IllegalActionError as error:
        return [rack, table, opened, play, error.rule]
    return [rack, table, opened, play, None]


# --- the tables ------------------------------------------------------------------------------

_YZ_FREE = attrs.evolve(yz.Rules.megawuerfel(), joker="free")

TABLES: dict[str, tuple[TableLine, ...]] = {
    "morpyam": (
        TableLine(
            "morpyam",
            "figures",
            "classic",
            "Classic rules: five of a kind is also a full house (morpyam_is_full).",
            _FIGURE_RULES,
            _morpyam(),
        ),
        TableLine(
            "morpyam",
            "figures",
            "morpyam-is-not-full",
            "morpyam_is_full off: five of a kind is no full house.",
            _FIGURE_RULES,
            _morpyam(morpyam_is_full=False),
        ),
        TableLine(
            "morpyam",
            "figures",
            "sec-without-straight-and-mini",
            "The SEC figures without the straight and the Mini (sec_figures).",
            _FIGURE_RULES,
            _morpyam(
                sec_figures=mp.Rules.classic().sec_figures - {mp.Figure.STRAIGHT, mp.Figure.MINI}
            ),
        ),
    ),
    "yahtzee": (
        TableLine(
            "yahtzee",
            "boxes",
            "megawuerfel-empty",
            "The Megawürfel sheet, every box empty.",
            (*_BOX_RULES, "Y-BOX-8"),
            _sheet(yz.Rules.megawuerfel()),
        ),
        TableLine(
            "yahtzee",
            "boxes",
            "megawuerfel-yahtzee-filled",
            "The Megawürfel sheet (no joker rule), the Yahtzee box filled with 50.",
            (*_BOX_RULES, "Y-BOX-8", "Y-JOKER-1"),
            _sheet(yz.Rules.megawuerfel(), *_FILLED),
        ),
        TableLine(
            "yahtzee",
            "boxes",
            "hasbro-empty",
            "Hasbro's rules, every box empty.",
            (*_BOX_RULES, "Y-BOX-8"),
            _sheet(yz.Rules.hasbro()),
        ),
        TableLine(
            "yahtzee",
            "boxes",
            "hasbro-yahtzee-filled",
            "Hasbro's rules (the forced joker), the Yahtzee box filled with 50.",
            (*_BOX_RULES, "Y-BOX-8", "Y-JOKER-1"),
            _sheet(yz.Rules.hasbro(), *_FILLED),
        ),
        TableLine(
            "yahtzee",
            "boxes",
            "free-joker-yahtzee-filled",
            "The free joker, the Yahtzee box filled with 50 and the sixes empty.",
            (*_BOX_RULES, "Y-BOX-8", "Y-JOKER-1"),
            _sheet(_YZ_FREE, *_FILLED),
        ),
        TableLine(
            "yahtzee",
            "boxes",
            "free-joker-sixes-filled",
            "The free joker, the Yahtzee box filled with 50 and the sixes with 30.",
            (*_BOX_RULES, "Y-BOX-8", "Y-JOKER-1"),
            _sheet(_YZ_FREE, *_FILLED, "roll", "dice 6 6 6 6 6", "score sixes"),
        ),
    ),
    "myrummy": (
        TableLine(
            "myrummy",
            "judge",
            "classic",
            "Classic rules: player 0 on turn holds the rack, player 1 bk1 bk2, the pool the rest.",
            (
                "R-RUM-MELD-1",
                "R-RUM-MELD-2",
                "R-RUM-JOK-1",
                "R-RUM-JOK-2",
                "R-RUM-JOK-3",
                "R-RUM-OPEN-1",
                "R-RUM-OPEN-3",
                "R-RUM-LAY-1",
                "R-RUM-RE-1",
                "R-RUM-RE-2",
                "R-RUM-RE-3",
                "R-RUM-RE-4",
            ),
            lambda: _judge_state("", "", False),
        ),
    ),
}
"""The tables of each game."""


def table_rows(line: TableLine, state: Any) -> list[list[Any]]:
    """The rows of ``line``, as the library computes them at ``state``."""
    if line.kind == "figures":
        return [figure_row(state.rules, dice) for dice in ROLLS]
    if line.kind == "boxes":
        return [box_row(state, dice) for dice in ROLLS]
    return [judge_row(state.rules, *row) for row in JUDGE_ROWS]


def columns(kind: str) -> list[str]:
    """The names of a table's columns."""
    if kind == "figures":
        return ["dice", "figures", "sec"]
    if kind == "boxes":
        return ["dice", *(box.value for box in yz.BOXES)]
    return ["rack", "table", "opened", "play", "verdict"]


def table_lines(games: list[str]) -> Iterator[dict[str, Any]]:
    """The lines of ``tables.jsonl`` for ``games``."""
    for game in games:
        kit = KITS[game]
        for line in TABLES[game]:
            state = line.start()
            yield {
                "id": line.id,
                "game": game,
                "kind": line.kind,
                "note": line.note,
                "rule_ids": sorted(line.rule_ids),
                "state": kit.to_dict(state),
                "columns": columns(line.kind),
                "rows": table_rows(line, state),
            }
