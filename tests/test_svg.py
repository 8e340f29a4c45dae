"""SVG pictures: well-formed XML, one token element per token, colours and shapes per player."""

from __future__ import annotations

import importlib.util
import random
import xml.etree.ElementTree as ET
from collections.abc import Callable
from pathlib import Path
from types import ModuleType

import attrs
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from hypothesis_profiles import examples

import morpyam as mp
from morpyam import svg

ROOT = Path(__file__).resolve().parent.parent
NS = "{http://www.w3.org/2000/svg}"
OKABE_ITO = {"#E69F00", "#56B4E9", "#009E73", "#F0E442", "#0072B2", "#D55E00", "#CC79A7"}


def parse(picture: str) -> ET.Element:
    root = ET.fromstring(picture)
    assert root.tag == f"{NS}svg"
    return root


def with_class(root: ET.Element, name: str) -> list[ET.Element]:
    return [element for element in root.iter() if name in (element.get("class") or "").split()]


def random_state(rules: mp.Rules, seed: int, steps: int) -> mp.State:
    rng = random.Random(seed)
    state = mp.new_game(rules, first_player=rng.choice([None, *range(rules.players)]))
    for _ in range(steps):
        if state.is_terminal:
            break
        if rng.random() < 0.002:
            state = mp.resign(
                state, rng.choice([p for p in range(rules.players) if p not in state.resigned])
            )
        elif state.is_chance:
            state = mp.apply(state, mp.sample_chance(state, rng))
        else:
            legal = mp.legal_actions(state)
            places = [a for a in legal if isinstance(a, mp.Place)]
            state = mp.apply(state, rng.choice(places if places and rng.random() < 0.7 else legal))
    return state


def token_shape(token: ET.Element) -> tuple[str, int]:
    """The token's drawn element and, for a polygon, its number of corners."""
    (shape,) = (child for child in token if child.tag != f"{NS}title")
    corners = len(shape.get("points", "").split()) if shape.tag == f"{NS}polygon" else 0
    return shape.tag.removeprefix(NS), corners


@settings(max_examples=examples(60))
@given(
    preset=st.sampled_from([mp.Rules.classic, mp.Rules.flash, mp.Rules.plus, mp.Rules.official]),
    players=st.sampled_from([2, 3, 4]),
    seed=st.integers(0, 2**32 - 1),
    steps=st.integers(0, 600),
)
def test_every_token_is_drawn_once_in_its_owners_colour_and_shape(
    preset: Callable[[int], mp.Rules], players: int, seed: int, steps: int
) -> None:
    state = random_state(preset(players), seed, steps)
    root = parse(svg.board(state))
    tokens = with_class(root, "token")
    assert len(tokens) == len(state.board)
    drawn = {
        mp.Cell.parse(token.get("data-cell", "")): int(token.get("data-player", ""))
        for token in tokens
    }
    assert drawn == dict(state.board)
    shapes: dict[int, tuple[str, int]] = {}
    for token in tokens:
        player = int(token.get("data-player", ""))
        (shape,) = (child for child in token if child.tag != f"{NS}title")
        assert shape.get("fill") == svg.PLAYER_COLOURS[player]
        shapes.setdefault(player, token_shape(token))
        assert shapes[player] == token_shape(token)  # one shape per player
    assert len(set(shapes.values())) == len(shapes)  # and different players, different shapes
    cells = with_class(root, "cell")
    assert len(cells) == len(state.layout)
    if state.setup is None:
        labels = [cell.find(f"{NS}text") for cell in cells]
        assert [label.text if label is not None else None for label in labels] == [
            label.code for label in state.layout.labels
        ]


def test_colours_are_colour_blind_safe_and_distinct() -> None:
    assert len(set(svg.PLAYER_COLOURS)) == 4
    assert set(svg.PLAYER_COLOURS) <= OKABE_ITO
    assert svg.HIGHLIGHT_COLOUR in OKABE_ITO
    assert len(set(svg.PLAYER_SHAPES)) == 4
    # every player's legend line shows the same marker as their tokens
    state = random_state(mp.Rules.classic(4), 11, 400)
    root = parse(svg.board(state))
    legend = with_class(root, "player")
    assert [int(line.get("data-player", "")) for line in legend] == [0, 1, 2, 3]
    for line in legend:
        shape = next(iter(line))
        assert shape.get("fill") == svg.PLAYER_COLOURS[int(line.get("data-player", ""))]


def play(actions: list[str], rules: mp.Rules | None = None) -> mp.State:
    state = mp.new_game(rules or mp.Rules.classic(), first_player=0)
    for text in actions:
        state = mp.apply(state, mp.parse_action(text))
    return state


def test_dice_pips_and_roll_count() -> None:
    state = play(["roll", "dice 1 2 3 5 6", "roll keep 5 6 call maxi"])
    root = parse(svg.board(state))
    dice = with_class(root, "die")
    # while dice are in the air: the kept ones, then one empty outline per die thrown
    assert [die.get("data-face") for die in dice] == ["5", "6", None, None, None]
    assert len(with_class(root, "in-air")) == 3
    (rolls,) = with_class(root, "rolls")
    assert rolls.text == "roll 2 of 3, call maxi"
    state = mp.apply(state, mp.parse_action("dice 6 6 6"))
    root = parse(svg.board(state))
    dice = with_class(root, "die")
    assert [int(die.get("data-face", "")) for die in dice] == [5, 6, 6, 6, 6]
    for die in dice:  # a die shows as many pips as its face
        assert len(with_class(die, "pip")) == int(die.get("data-face", ""))
    (rolls,) = with_class(root, "rolls")
    assert rolls.text == "roll 2 of 3, call maxi"  # R-CALL-5: the call came up and stays
    before = parse(svg.board(mp.new_game(mp.Rules.classic(), first_player=0)))
    assert with_class(before, "die") == []
    assert with_class(before, "rolls")[0].text == "no roll yet"


def test_highlight_marks_the_cells_asked_for() -> None:
    state = play(["roll", "dice 1 1 1 2 3", "place a1"])
    root = parse(svg.board(state, highlight=["a1", mp.Cell.parse("c4"), "A1"]))
    marked = {
        cell.get("data-cell") for cell in with_class(root, "cell") if with_class(cell, "highlight")
    }
    assert marked == {"a1", "c4"}
    for bad in ("g1", "a7", "here", mp.Cell(9, 9)):
        with pytest.raises(ValueError, match="highlight"):
            svg.board(state, highlight=[bad])


def test_size_and_coordinates() -> None:
    state = play([])
    root = parse(svg.board(state, size=300))
    assert root.get("width") == "300"
    width, height = (float(v) for v in root.get("viewBox", "").split()[2:])
    assert float(root.get("height", "")) == pytest.approx(300 * height / width, abs=0.01)
    assert len(with_class(root, "coordinate")) == 12
    assert with_class(parse(svg.board(state, coordinates=False)), "coordinate") == []
    for bad in (0, -5, 2.5, "300"):
        with pytest.raises(ValueError, match="size"):
            svg.board(state, size=bad)  # type: ignore[arg-type]


def test_status_and_legend_say_who_won() -> None:
    # R-END-4: with two players, the other one wins when one resigns
    state = mp.resign(play([]), 0)
    root = parse(svg.board(state))
    (status,) = with_class(root, "status")
    assert status.text == "Game over: player 1 wins by forfeit (R-END-4)"
    texts = [line.find(f"{NS}text") for line in with_class(root, "player")]
    lines = [text.text or "" if text is not None else "" for text in texts]
    assert lines[0].endswith("resigned")
    assert lines[1].endswith("winner")
    title = root.find(f"{NS}title")
    assert title is not None
    assert "player 1 wins" in (title.text or "")


def test_plus_set_up_shows_the_tiles_laid() -> None:
    # R-VAR-PLUS: during the set-up the picture shows the tiles laid, not the rules' grid
    rules = mp.Rules.plus()
    state = mp.new_game(rules, first_player=0)
    rng = random.Random(3)
    while state.setup is not None and state.setup.bag:
        state = mp.apply(state, mp.sample_chance(state, rng))
    assert state.setup is not None
    label = state.setup.hands[0][0]
    state = mp.apply(state, mp.PlaceTile(label, "e5"))
    assert state.setup is not None
    root = parse(svg.board(state))
    shown = {cell.get("data-cell"): cell.get("data-label") for cell in with_class(root, "cell")}
    assert shown == {
        str(cell): (label.name if str(cell) == "e5" else None) for cell in state.layout
    }
    hand = " ".join(text.text or "" for text in with_class(root, "hand"))
    assert hand.startswith("Hand of player 0:")
    assert len(hand.split(":")[1].split()) == len(state.setup.hands[0])


def load_script() -> ModuleType:
    spec = importlib.util.spec_from_file_location(
        "make_board_svg", ROOT / "docs" / "make_board_svg.py"
    )
    assert spec is not None
    assert spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_the_docs_picture_is_what_the_script_makes() -> None:
    script = load_script()
    committed = (ROOT / "docs" / "board.svg").read_text(encoding="utf-8")
    assert committed == script.picture(), "run: python docs/make_board_svg.py"
    root = parse(committed)
    assert len(with_class(root, "token")) == 8  # the sample game places eight tokens
    assert {c.get("data-cell") for c in with_class(root, "cell") if with_class(c, "highlight")} == {
        "f4"
    }


REPR_SVG = vars(mp.State).get("_repr_svg_")


@pytest.mark.skipif(REPR_SVG is None, reason="State._repr_svg_ is not added yet")
def test_jupyter_shows_a_state_as_svg() -> None:
    state = play(["roll", "dice 1 1 1 2 3", "place a1"])
    assert REPR_SVG is not None
    picture = REPR_SVG(state)
    assert picture == svg.board(state)
    assert len(with_class(parse(picture), "token")) == 1


def test_pictures_of_other_grids() -> None:
    layout = mp.Layout.parse("MOR 3x1 3x2\nSS SEC CAL\nMIN MAX FUL", shape=None)
    rules = attrs.evolve(mp.Rules.classic(), layout=layout, tokens_per_player=4, ko_length=3)
    state = play(["roll", "dice 1 1 1 2 3", "place b1"], rules)
    root = parse(svg.board(state))
    assert len(with_class(root, "cell")) == 9
    assert [t.get("data-cell") for t in with_class(root, "token")] == ["b1"]


def test_the_end_of_a_game_has_no_blank_band_for_dice() -> None:
    # R-END-4: a resignation ends the game; no dice belong to the picture then
    during = play(["roll", "dice 1 1 1 2 3", "place a1"])
    over = mp.resign(during, 1)
    assert over.is_terminal
    root, playing = parse(svg.board(over)), parse(svg.board(during))
    assert with_class(root, "dice") == []
    assert with_class(root, "die") == []
    # the band of the dice and of their words is gone: the picture is shorter by it
    assert float(root.get("height", "")) < float(playing.get("height", "")) - 40
    (status,) = with_class(root, "status")
    assert status.text == "Game over: player 0 wins by forfeit (R-END-4)"
