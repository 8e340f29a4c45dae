"""The names the design pins exist with those spellings, and every public name has a docstring."""

from __future__ import annotations

import importlib
import inspect
import pkgutil
from fractions import Fraction

import pytest

import morpyam as mp

PINNED = [
    "Figure", "Special", "classify", "Cell", "Layout", "Rules", "new_game", "legal_actions",
    "apply", "chance_outcomes", "sample_chance", "resign", "scores", "Roll", "RollResult",
    "Place", "Pass", "State", "IllegalActionError", "parse_action",
]  # fmt: skip
STATE_ATTRIBUTES = [
    "rules", "current_player", "is_chance", "is_terminal", "dice", "kept", "rolls", "layout",
    "board", "tokens_left", "winners",
]  # fmt: skip


@pytest.mark.parametrize("name", PINNED)
def test_pinned_names_exist(name: str) -> None:
    assert hasattr(mp, name)
    assert name in mp.__all__


def test_pinned_shapes() -> None:
    assert issubclass(mp.IllegalActionError, ValueError)
    assert {f.name for f in mp.Figure} >= {"THREE_ONES", "THREE_SIXES", "MORPYAM", "MINI", "MAXI"}
    assert {s.name for s in mp.Special} == {"SEC", "CALL"}
    assert str(mp.Cell.parse("c4")) == "c4"
    for preset in (mp.Rules.classic, mp.Rules.official, mp.Rules.flash, mp.Rules.plus):
        rules = preset(players=2)
        assert (rules.players, rules.tokens_per_player) == (2, 17)
        assert isinstance(rules.layout, mp.Layout)
    assert mp.Layout.classic().cells[0] == mp.Cell(0, 0)
    assert isinstance(mp.Layout.flash(), mp.Layout)
    state = mp.new_game(mp.Rules.classic(players=2), first_player=None)
    for attribute in STATE_ATTRIBUTES:
        getattr(state, attribute)
    state = mp.apply(mp.new_game(mp.Rules.classic(), first_player=0), mp.Roll(keep=(), call=None))
    outcomes = mp.chance_outcomes(state)
    assert all(isinstance(p, Fraction) for _, p in outcomes)
    assert mp.resign(state, 1).winners == {0}
    assert mp.scores(state) == (0, 0)
    assert mp.RollResult((3, 1, 2)) == mp.RollResult((1, 2, 3))
    assert mp.parse_action(str(mp.Place(mp.Cell.parse("c4")))) == mp.Place(mp.Cell.parse("c4"))
    from morpyam import strategies, testing

    assert callable(strategies.dice)
    assert callable(strategies.states)
    assert callable(testing.check_engine)


def public_objects() -> list[tuple[str, object]]:
    found: list[tuple[str, object]] = []
    for info in pkgutil.walk_packages(mp.__path__, "morpyam."):
        if info.name.endswith("__main__") or info.name.rsplit(".", 1)[1].startswith("_"):
            continue
        module = importlib.import_module(info.name)
        found.append((info.name, module))
        for name in getattr(module, "__all__", ()):
            value = getattr(module, name)
            if inspect.isclass(value) or inspect.isfunction(value):
                found.append((f"{info.name}.{name}", value))
    return found


@pytest.mark.parametrize(
    ("name", "value"), public_objects(), ids=lambda v: v if isinstance(v, str) else ""
)
def test_public_names_have_docstrings(name: str, value: object) -> None:
    assert inspect.getdoc(value), f"{name} has no docstring"
    if inspect.ismodule(value):
        assert hasattr(value, "__all__") or value is mp, f"{name} has no __all__"


# --- the kit: one home per shared name, the old import paths give the same object -------------

MOVED = [
    ("morpyam.errors", "NotationError", "morpyam.notation"),
    ("morpyam.errors", "FileFormatError", "morpyam.files"),
    ("morpyam.errors", "InvalidStateError", "morpyam.state_json"),
    ("morpyam.errors", "InvalidStateError", "morpyam.yahtzee.state_json"),
    ("morpyam.errors", "InvalidStateError", "morpyam.myrummy.notation._state_json"),
    ("morpyam.errors", "LayoutError", "morpyam.layouts"),
    ("morpyam.errors", "ReplayError", "morpyam.records"),
    ("morpyam.errors", "MoveError", "morpyam.myrummy.notation._moves"),
    ("morpyam.errors", "SimulationError", "morpyam.simulation"),
    ("morpyam.errors", "IllegalActionError", "morpyam"),
    ("morpyam.errors", "OddsError", "morpyam.odds"),
    ("morpyam.errors", "AdviceError", "morpyam.advice"),
    ("morpyam.errors", "BotError", "morpyam.bots"),
    ("morpyam.errors", "UnknownBotError", "morpyam.bots"),
    ("morpyam.kit.fields", "MAX_TEXT_SIZE", "morpyam.files"),
    ("morpyam.kit.texts", "MAX_ACTION_LENGTH", "morpyam.notation"),
    ("morpyam.kit.texts", "MAX_TEXT_LENGTH", "morpyam.records"),
    ("morpyam.kit.records", "MAX_PLAYERS", "morpyam.records"),
    ("morpyam.kit.records", "Resign", "morpyam.records"),
    ("morpyam.kit.records", "Resign", "morpyam.myrummy.notation._records"),
    ("morpyam.game", "play_out", "morpyam.simulation"),
    ("morpyam.game", "bot_name", "morpyam.bots"),
]


@pytest.mark.parametrize(("home", "name", "old"), MOVED)
def test_a_moved_name_is_the_same_object_from_its_old_module(
    home: str, name: str, old: str
) -> None:
    value = getattr(importlib.import_module(home), name)
    assert getattr(importlib.import_module(old), name) is value
    assert name in importlib.import_module(old).__all__  # still public where it was
    assert getattr(importlib.import_module("morpyam.kit"), name) is value


def test_the_games_bots_are_the_one_chooser_protocol() -> None:
    import morpyam.bots
    import morpyam.myrummy.play._bots
    from morpyam.game import Chooser

    assert morpyam.bots.Bot is Chooser
    assert morpyam.myrummy.play._bots.Bot is Chooser
    assert isinstance(morpyam.bots.RandomBot(), Chooser)
    assert isinstance(morpyam.myrummy.play._bots.GreedyBot(), Chooser)
