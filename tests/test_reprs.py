"""Short, readable reprs of State, Rules and Layout, and the messages of type mistakes."""

from __future__ import annotations

import subprocess
import sys

import attrs

import morpyam as mp


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
