"""One ``render`` across the three games: the position first, then keyword-only options,
the same name for the same meaning (``names``), and the old spellings still working with a
warning that names the new one."""

from __future__ import annotations

import inspect
import warnings
from collections.abc import Callable
from typing import Any

import pytest

import morpyam as mp
import morpyam.myrummy as mr
import morpyam.text
import morpyam.yahtzee as yz
from morpyam.yahtzee.text import render_sheets

RENDERS: dict[str, Callable[..., str]] = {
    "morpyam": morpyam.text.render,
    "yahtzee": yz.render,
    "myrummy": mr.render,
}


@pytest.mark.parametrize("game", sorted(RENDERS))
def test_one_signature(game: str) -> None:
    parameters = list(inspect.signature(RENDERS[game]).parameters.values())
    assert parameters[0].name == "state"
    assert parameters[0].kind is inspect.Parameter.POSITIONAL_OR_KEYWORD
    options = {p.name: p for p in parameters[1:]}
    assert all(p.kind is inspect.Parameter.KEYWORD_ONLY for p in options.values())
    assert options["names"].default is None
    # MyRummy's racks are hidden (R-RUM-SET-2): the one game with an option of its own
    assert set(options) == ({"names", "show"} if game == "myrummy" else {"names"})


def _said_with(text: str, names: dict[str, str]) -> str:
    """``text`` with each default ``player N`` said as a name, the words the names replace."""
    for default, name in names.items():
        text = text.replace(default, name)
    return text


def test_names_call_the_players_in_every_game() -> None:
    called = {"player 0": "Ann", "player 1": "Bo"}
    state = mp.new_game(mp.Rules.classic(), first_player=1)
    named = morpyam.text.render(state, names=["Ann", "Bo"])
    assert named == _said_with(morpyam.text.render(state), called)
    assert named.splitlines()[-1] == "Bo to roll"
    assert "Ann X: " in named  # the mark and the seat (X0) of the grid's tokens
    sheet = yz.new_game(yz.Rules.hasbro(players=2))
    named = yz.render(sheet, names=["Ann", "Bo"])
    assert named.splitlines()[0].split() == ["game", "1", "Ann", "Bo"]
    assert named.splitlines()[-1] == "Ann to roll"
    assert yz.render(sheet) == str(sheet)
    table = mr.position(
        mr.Rules.classic(), racks=[mr.parse_tiles("gn5"), mr.parse_tiles("bk1 bk2")], player=1
    )
    named = mr.render(table, names=["Ann", "Bo"], show=1)
    assert named == _said_with(mr.render(table, show=1), called | {"Player 1": "Bo"})
    assert named.splitlines()[-2:] == ["Bo to play", "Rack of Bo: bk1 bk2"]
    seen = mr.render(mr.observe(table, 0), names=["Ann", "Bo"])
    assert seen.splitlines()[-1] == "Your rack (Ann): gn5"


@pytest.mark.parametrize("game", sorted(RENDERS))
def test_names_are_one_string_per_player(game: str) -> None:
    states: dict[str, Any] = {
        "morpyam": mp.new_game(mp.Rules.classic()),
        "yahtzee": yz.new_game(yz.Rules.hasbro(players=2)),
        "myrummy": mr.new_game(mr.Rules.classic()),
    }
    for names in (["Ann"], ["Ann", 2], ["A", "B", "C"]):
        with pytest.raises(ValueError, match=r"names are one string per player \(2\)"):
            RENDERS[game](states[game], names=names)


def test_the_old_spellings_work_with_a_warning_naming_the_new_one() -> None:
    sheet = yz.new_game(yz.Rules.hasbro(players=2))
    with pytest.warns(DeprecationWarning, match=r"render\(\.\.\., names=\.\.\.\)"):
        old = yz.render(sheet, ["Ann", "Bo"])  # type: ignore[call-arg]
    assert old == yz.render(sheet, names=["Ann", "Bo"])
    with pytest.raises(TypeError, match="multiple values for argument 'names'"):
        yz.render(sheet, ["Ann", "Bo"], names=["Ann", "Bo"])  # type: ignore[misc]
    with pytest.raises(TypeError, match=r"takes at most 2 positional arguments, 3 given"):
        yz.render(sheet, ["Ann", "Bo"], 3)  # type: ignore[call-arg]
    with pytest.warns(DeprecationWarning, match=r"render_sheets\(\.\.\., names=\.\.\.\)"):
        old = render_sheets(sheet, ["Ann", "Bo"])  # type: ignore[call-arg]
    assert old == render_sheets(sheet, names=["Ann", "Bo"])
    assert old.splitlines()[0].split() == ["game", "1", "Ann", "Bo"]
    with pytest.raises(TypeError, match="multiple values for argument 'names'"):
        render_sheets(sheet, ["Ann", "Bo"], names=["Ann", "Bo"])  # type: ignore[misc]
    with pytest.raises(TypeError, match=r"takes at most 2 positional arguments, 3 given"):
        render_sheets(sheet, ["Ann", "Bo"], 3)  # type: ignore[call-arg]
    table = mr.new_game(mr.Rules.classic())
    with pytest.warns(DeprecationWarning, match=r"use render\(state=\.\.\.\)"):
        old = mr.render(position=table)  # type: ignore[call-arg]
    assert old == mr.render(table)
    with pytest.raises(TypeError, match="give state"):
        mr.render(position=table, state=table)  # type: ignore[call-arg]
    with warnings.catch_warnings():
        warnings.simplefilter("error")  # the new spellings warn of nothing
        yz.render(sheet, names=["Ann", "Bo"])
        render_sheets(sheet, names=["Ann", "Bo"])
        mr.render(state=table, show=())
