"""Each game declares itself once (morpyam.kit.descriptions), and the registry finds every game."""

from __future__ import annotations

import random
from typing import Any

import attrs
import pytest

import morpyam
import morpyam.myrummy
import morpyam.yahtzee
from morpyam.kit.descriptions import (
    BUILT_IN,
    MAX_DECISIONS,
    GameDescription,
    StateJson,
    description,
    descriptions,
    register,
)


def test_the_three_games_are_registered_in_order() -> None:
    assert [game.name for game in descriptions()][:3] == ["morpyam", "yahtzee", "myrummy"]
    assert list(BUILT_IN) == ["morpyam", "yahtzee", "myrummy"]
    assert description("yahtzee").game is morpyam.yahtzee
    assert description("myrummy").game is morpyam.myrummy
    assert description("morpyam").game is morpyam


def test_the_descriptions_say_what_the_rule_book_says() -> None:
    # R-SET-2 (2 to 4 players), Y-SET-1 (1 to 6), R-RUM-SET-1 (2 to 4): the rule book's counts.
    assert description("morpyam").players == (2, 4)
    assert description("yahtzee").players == (1, 6)
    assert description("myrummy").players == (2, 4)
    # Every player sees the grid and the sheet; a MyRummy rack is hidden from the others.
    assert [game.perfect_information for game in descriptions()[:3]] == [True, True, False]
    assert all(game.chance for game in descriptions()[:3])  # dice, dice, tiles drawn
    assert description("yahtzee").default_preset == "hasbro"


def test_the_presets_are_the_games_own() -> None:
    assert description("morpyam").presets == dict(morpyam.rules.PRESETS)
    assert description("myrummy").presets == dict(morpyam.myrummy.PRESETS)
    assert description("morpyam").rules("flash", 3) == morpyam.Rules.flash(players=3)
    assert description("myrummy").rules(None) == morpyam.myrummy.Rules.classic()
    with pytest.raises(ValueError, match="rules must be one of"):
        description("myrummy").rules("chess")


def test_the_names_the_frameworks_know_are_the_adapters_ids() -> None:
    assert [game.openspiel_name for game in descriptions()[:3]] == [
        "python_morpyam",
        "python_morpyam_yahtzee",
        "python_morpyam_myrummy",
    ]
    assert [game.gymnasium_id for game in descriptions()[:3]] == [
        "morpyam/Morpyam-v0",
        "morpyam/Yahtzee-v0",
        "morpyam/MyRummy-v0",
    ]
    assert description("morpyam").parameters["max_game_length"] == MAX_DECISIONS


def test_the_encodings_come_from_the_description() -> None:
    pytest.importorskip("numpy")
    from morpyam.encoding import Encoding
    from morpyam.yahtzee.encoding import Encoding as SheetEncoding

    morpyam_encoding = description("morpyam").encode("official", players=3)
    assert morpyam_encoding == Encoding(morpyam.Rules.official(players=3))
    sheet = description("yahtzee").encode(None, players=2, games=3)
    assert (sheet.players, sheet.games) == (2, 3)
    assert isinstance(sheet, SheetEncoding)
    spiel = description("myrummy").from_parameters(
        {**description("myrummy").parameters, "rounds": 2, "min_stay": 0}
    )
    assert (spiel.rules.rounds, spiel.rules.min_stay) == (2, None)


def test_the_state_documents_round_trip() -> None:
    for game in descriptions()[:3]:
        assert game.state_json is not None
        rules = game.rules(None)
        state = game.game.new_game(rules)
        assert game.state_json.from_json(game.state_json.to_json(state)) == state


def test_the_gymnasium_opponents_are_named() -> None:
    assert list(description("morpyam").opponents) == ["random", "greedy", "odds"]
    assert list(description("myrummy").opponents) == ["random", "greedy"]
    assert description("yahtzee").opponents == {}
    assert description("yahtzee").default_opponent is None


def test_an_unknown_game_is_named_with_the_games() -> None:
    with pytest.raises(KeyError, match="no game is registered as 'chess'; the games are morpyam"):
        description("chess")


def _toy(**changes: Any) -> GameDescription:
    base = attrs.evolve(description("morpyam"), name="toy_registry_test")
    return attrs.evolve(base, **changes)


def test_register_refuses_a_clash_and_accepts_the_same_again() -> None:
    with pytest.raises(ValueError, match="another game is registered as 'morpyam'"):
        register(attrs.evolve(description("morpyam"), long_name="Other"))
    assert register(description("morpyam")) is description("morpyam")
    with pytest.raises(ValueError, match="OpenSpiel name or Gymnasium id of 'morpyam'"):
        register(_toy())
    with pytest.raises(TypeError, match="a GameDescription is expected"):
        register("morpyam")  # type: ignore[arg-type]


def test_a_description_is_checked_when_made() -> None:
    with pytest.raises(ValueError, match="players must be"):
        _toy(players=(3, 2))
    with pytest.raises(ValueError, match="unknown features"):
        _toy(features={"records", "teleport"})
    with pytest.raises(ValueError, match="default_preset 'chess'"):
        _toy(default_preset="chess")
    with pytest.raises(ValueError, match="default_opponent"):
        _toy(default_opponent="alphazero")
    with pytest.raises(ValueError, match="state_json"):
        _toy(state_json=None)
    with pytest.raises(ValueError, match="bots"):
        _toy(bots={})
    assert _toy(state_json=StateJson(str, str)).name == "toy_registry_test"


def test_the_greedy_steps_lay_the_bots_play_one_tile_at_a_time() -> None:
    pytest.importorskip("numpy")
    encoding = description("myrummy").encode("mini")
    seat = description("myrummy").opponents["greedy"](encoding)
    rng = random.Random(3)
    state = encoding.new_state()
    for _ in range(400):
        if state.is_terminal:
            break
        if state.is_chance:
            state = encoding.apply(state, encoding.sample_chance(state, rng))
            continue
        action = seat.choose(state, rng)
        assert action in encoding.legal_actions(state)  # every step is a legal id's action
        state = encoding.apply(state, action)
    assert state.is_terminal
