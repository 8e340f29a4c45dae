"""Short, readable reprs of State, Rules and Layout, and the messages of type mistakes."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path
from typing import Any

import attrs
import pytest

import morpyam as mp
import morpyam.myrummy as mr
import morpyam.yahtzee as yz
from morpyam.myrummy.core import _text as mr_text
from morpyam.myrummy.core._rules import PRESETS as MYRUMMY_PRESETS
from morpyam.rules import PRESETS as MORPYAM_PRESETS
from morpyam.yahtzee import text as yz_text

RULE_BOOK = (Path(__file__).parent.parent / "docs" / "rules.md").read_text(encoding="utf-8")


def test_a_preset_rules_repr_is_its_constructor() -> None:
    assert repr(mp.Rules.classic()) == "Rules.classic(players=2)"
    assert repr(mp.Rules.official(3)) == "Rules.official(players=3)"
    assert repr(mp.Rules.plus(4)) == "Rules.plus(players=4)"
    assert repr(mp.Rules.flash()) == "Rules.flash(players=2)"


def test_other_rules_name_the_nearest_preset_and_the_fields_that_differ() -> None:
    rules = attrs.evolve(mp.Rules.flash(), ko_length=None)
    assert repr(rules) == "attrs.evolve(Rules.flash(players=2), ko_length=None)"
    rebuilt = eval(repr(rules), {"attrs": attrs, "Rules": mp.Rules})
    assert rebuilt == rules
    odd = attrs.evolve(mp.Rules.classic(3), end_bonus=0, voluntary_pass=False)
    assert repr(odd) == (
        "attrs.evolve(Rules.classic(players=3), end_bonus=0, voluntary_pass=False)"
    )


def test_layout_reprs() -> None:
    assert repr(mp.Layout.classic()) == "Layout.classic()"
    assert repr(mp.Layout.flash()) == "Layout.flash()"
    # a 6×6 grid of no preset: its text, which Layout.parse reads back
    rows = [row.split(":", 1)[1] for row in str(mp.Layout.classic()).splitlines()]
    swapped = mp.Layout.parse("\n".join([rows[1], rows[0], *rows[2:]]))
    assert repr(swapped) == f"Layout.parse({str(swapped)!r})"
    assert eval(repr(swapped), {"Layout": mp.Layout}) == swapped
    text = "\n".join(["3x1 3x2"] * 2)
    small = mp.Layout.parse(text.replace("x", "×"), shape=None)
    assert repr(small).startswith("Layout.parse(")
    assert repr(small).endswith(", shape=None)")


def test_a_state_repr_is_one_short_line() -> None:
    state = mp.new_game(mp.Rules.official(3), first_player=0)
    state = mp.apply(state, mp.Roll())
    state = mp.apply(state, mp.RollResult((1, 1, 1, 2, 3)))
    state = mp.apply(state, mp.Place(mp.Cell.parse("a1")))
    # 3 players have 11 tokens each (R-SET-2); player 0 placed one on a1 (3×1, R-GRID-2)
    assert repr(state) == (
        "<State Rules.official(players=3); X0 a1; O1 -; △2 -; tokens left 10, 11, 11; "
        "player 1 to roll>"
    )
    assert "\n" not in repr(state)


def test_strategies_without_hypothesis_say_what_to_install() -> None:
    code = (
        "import sys; sys.modules['hypothesis'] = None\n"
        "try:\n"
        "    import morpyam.strategies\n"
        "except ModuleNotFoundError as error:\n"
        "    print(error)\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True, timeout=60
    )
    assert done.stdout.strip() == (
        "morpyam.strategies needs Hypothesis, which morpyam does not install: "
        "pip install hypothesis"
    )


def test_a_tie_between_presets_names_the_first_one() -> None:
    # R-VAR-2025: the official preset is classic with R-MOR-3 and R-CALL-8; a value with only
    # the R-MOR-3 change is one field from both, and the repr names the base game, listed first
    half = attrs.evolve(mp.Rules.classic(), daversa="consecutive_turns")
    assert repr(half) == "attrs.evolve(Rules.classic(players=2), daversa='consecutive_turns')"
    assert eval(repr(half), {"attrs": attrs, "Rules": mp.Rules}) == half


# --- one pattern across the three games ------------------------------------------------


def _games() -> list[tuple[Any, Any]]:
    return [(mp.Rules, MORPYAM_PRESETS), (mr.Rules, MYRUMMY_PRESETS), (yz.Rules, yz.PRESETS)]


@pytest.mark.parametrize(("rules_type", "presets"), _games())
def test_every_games_preset_repr_is_its_constructor(rules_type: Any, presets: Any) -> None:
    # R-SET-2, R-RUM-SET-1, Y-SET-1: each preset takes the number of players
    for name, preset in presets.items():
        for players in (2, 3):  # every preset of every game takes 2 and 3
            rules = preset(players)
            assert rules.players == players
            assert repr(rules) == f"Rules.{name}(players={players})"
            assert eval(repr(rules), {"attrs": attrs, "Rules": rules_type}) == rules


def test_the_sibling_games_name_the_nearest_preset_and_the_fields_that_differ() -> None:
    # R-RUM-RE-2, R-RUM-MATCH-1: two fields from the classic preset, written in field order
    rummy = attrs.evolve(mr.Rules.classic(3), rounds=2, min_stay=None)
    assert repr(rummy) == "attrs.evolve(Rules.classic(players=3), min_stay=None, rounds=2)"
    # R-RUM-SET-1: the mini set deals at most three racks, so 4 players are never "mini"
    four = attrs.evolve(mr.Rules.classic(4), joker_penalty=5)
    assert repr(four) == "attrs.evolve(Rules.classic(players=4), joker_penalty=5)"
    # Y-JOKER-1: Hasbro's rules with a free joker are one field from Hasbro's, three from
    # the Megawürfel sheet's (comparison, Yahtzee bonus, joker)
    sheet = attrs.evolve(yz.Rules.hasbro(players=2), joker="free")
    assert repr(sheet) == "attrs.evolve(Rules.hasbro(players=2), joker='free')"
    # Y-SET-1: more players than a preset allows: the count is one of the fields that differ
    crowd = attrs.evolve(yz.Rules.hasbro(), players=9, max_players=9)
    assert repr(crowd) == "attrs.evolve(Rules.hasbro(), players=9, max_players=9)"
    for rules, kind in ((rummy, mr.Rules), (four, mr.Rules), (sheet, yz.Rules), (crowd, yz.Rules)):
        assert eval(repr(rules), {"attrs": attrs, "Rules": kind}) == rules


def test_rules_text_is_the_old_name_of_repr() -> None:
    for rules in (mr.Rules.midi(3), attrs.evolve(mr.Rules.classic(), handrummy=True)):
        assert mr_text.rules_text(rules) == repr(rules)
    for sheet in (yz.Rules.megawuerfel(4), attrs.evolve(yz.Rules(), upper_bonus=0)):
        assert yz_text.rules_text(sheet) == repr(sheet)


@pytest.mark.parametrize(("rules_type", "presets"), _games())
def test_every_games_rules_describe_themselves_one_line_per_rule_id(
    rules_type: Any, presets: Any
) -> None:
    # each line starts with a rule ID of the book, each ID once; the players come first
    ids = set(re.findall(r"^- \*\*([A-Z][A-Z0-9-]+)\*\*", RULE_BOOK, re.MULTILINE))
    for preset in presets.values():
        lines = preset(2).describe().splitlines()
        named = [line.split(":", 1)[0] for line in lines]
        assert len(named) == len(set(named))
        assert set(named) <= ids, set(named) - ids
        assert "2 players" in lines[0]


def test_myrummy_describe_says_each_reading() -> None:
    # R-RUM-RE-2, R-RUM-OPEN-3, R-RUM-JOK-2, R-RUM-END-3, R-RUM-TIME-1, R-RUM-VAR-HAND,
    # R-RUM-MATCH-1: each knob changes its line, in the words of the rule book's reading
    classic = mr.Rules.classic().describe()
    assert "R-RUM-RE-2: of a combination taken in part, at least 3 tiles stay together." in classic
    assert "R-RUM-OPEN-1: a player's first laying out totals at least 30 points." in classic
    assert (
        "R-RUM-END-2: the others score minus the values on their racks, a joker counting 25."
        in classic
    )
    assert "R-RUM-MATCH-1: a match has 1 round." in classic
    assert "R-RUM-VAR-HAND: no Handrummy." in classic
    assert "takes back what they laid and draws a tile only if they laid nothing" in classic
    other = attrs.evolve(
        mr.Rules.rummikub(3),
        lay_off_in_opening_turn=True,
        joker_from_rack=True,
        empty_pool="ends",
        time_limit=None,
        handrummy=True,
        rounds=4,
    ).describe()
    assert "R-RUM-RE-2: any part of a combination may be taken (free rearranging)." in other
    assert "R-RUM-OPEN-3: the player who lays out may also lay" in other
    assert (
        "R-RUM-JOK-2: the tile that replaces a table joker comes from the player's rack." in other
    )
    assert "R-RUM-END-3: the round ends when a player would draw from an empty pool." in other
    # plain Rummikub: 3 tiles for a time-out
    assert (
        "R-RUM-TIME-1: no time limit; a player out of time takes back what they laid and draws 3 tiles."
        in other
    )
    assert "R-RUM-VAR-HAND: Handrummy is played: the others' minus points count 2 times" in other
    assert "R-RUM-MATCH-1: a match has 4 rounds." in other
    assert mr.Rules.mini().describe().splitlines()[0] == (
        "R-RUM-SET-1: 2 players; 10 tiles: pu bk gn, values 1 to 3, 1 of each, 1 joker."
    )
