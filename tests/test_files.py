"""Rules and grids as TOML, JSON and grid-text files: round trips and every refusal, with where."""

from __future__ import annotations

import importlib
import importlib.util
import json
import pickle
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

import attrs
import pytest
from hypothesis import given, reject
from hypothesis import strategies as st

import morpyam as mp
from morpyam import files
from morpyam.files import FileFormatError

HAS_TOML = sys.version_info >= (3, 11) or importlib.util.find_spec("tomli") is not None
needs_toml = pytest.mark.skipif(not HAS_TOML, reason="reading TOML needs Python 3.11 or tomli")
F, S = mp.Figure, mp.Special
LABELS: list[mp.Label] = [*F, *S]
PRESETS: dict[str, Callable[[int], mp.Rules]] = {
    "classic": mp.Rules.classic,
    "official": mp.Rules.official,
    "flash": mp.Rules.flash,
    "plus": mp.Rules.plus,
}
CALLABLE = [F.STRAIGHT, F.FULL_HOUSE, F.FOUR_OF_A_KIND, F.MINI, F.MAXI, F.MORPYAM, S.SEC]
FIGURES = list(F)

CLASSIC_TOML = """\
format = "morpyam-rules/1"
players = 2
tokens_per_player = 17
layout = [
    "3×1 3×2 3×3 3×4 3×5 3×6",
    "3×4 MOR 4K  STR MIN 3×3",
    "3×6 FUL SEC CAL MAX SS",
    "SS  MAX CAL SEC FUL 3×5",
    "3×1 MIN STR 4K  MOR 3×2",
    "3×6 3×5 3×4 3×3 3×2 3×1",
]
ko_length = 5
end_bonus = 1
sec_figures = [
    "FOUR_OF_A_KIND",
    "FULL_HOUSE",
    "MAXI",
    "MINI",
    "MORPYAM",
    "STRAIGHT",
]
callable = [
    "FOUR_OF_A_KIND",
    "FULL_HOUSE",
    "MAXI",
    "MINI",
    "MORPYAM",
    "SEC",
    "STRAIGHT",
]
voluntary_pass = true
called_morpyam_replays = true
forbid_calling_shown_figure = false
daversa = "off"
tile_setup = false
call_miss_loses = "everything"
missed_call_voids = "third_roll"
morpyam_at_once = false
called_morpyam_cells = "call"
sec_call_morpyam_replays = false
lost_turns = false
shown_figure_means = "dice"
diagonals = "all"
call_needs_free_cell = true
morpyam_is_full = true
daversa_counts = "placed"
tie_break = "shared"

[run_points]
3 = 1
4 = 2
"""


def toml_loads(text: str) -> Any:
    """A real TOML parser (tomllib, or tomli on Python 3.10), to check what the writers write."""
    return importlib.import_module(files._TOML_NAME).loads(text)


def error_of(read: Callable[[], object]) -> FileFormatError:
    """The FileFormatError that ``read()`` raises."""
    with pytest.raises(FileFormatError) as caught:
        read()
    return caught.value


def classic_dict(**changes: Any) -> dict[str, Any]:
    """The full dict of the 2-player classic rules, with some fields changed or (None) removed."""
    data = files.rules_to_dict(mp.Rules.classic())
    for key, value in changes.items():
        if value is None:
            del data[key]
        else:
            data[key] = value
    return data


# ---------------------------------------------------------------------------
# The schema covers every knob


def test_every_init_field_of_rules_is_in_the_schema() -> None:
    # A knob added to Rules must be added to the files too, or it would be silently dropped.
    knobs = {field.name for field in attrs.fields(mp.Rules) if field.init}
    assert set(files.RULES_FIELDS) == knobs
    assert set(files.rules_to_dict(mp.Rules.classic())) == {"format", *knobs}


def test_the_readings_may_be_left_out_of_a_full_file() -> None:
    # R-CALL-7, R-LINE-1 ...: a file written before the readings were fields reads the same
    older = classic_dict()
    for field in files.RULES_FIELDS[files.RULES_FIELDS.index("call_miss_loses") :]:
        del older[field]
    assert files.rules_from_dict(older) == mp.Rules.classic()
    error = error_of(lambda: files.rules_from_dict(classic_dict(tile_setup=None)))
    assert error.where == "tile_setup"


@pytest.mark.parametrize(
    ("field", "value"),
    [
        ("call_miss_loses", "earlier_figures"),
        ("missed_call_voids", "any_roll"),
        ("morpyam_at_once", True),
        ("called_morpyam_cells", "call_or_morpyam"),
        ("sec_call_morpyam_replays", True),
        ("lost_turns", True),
        ("shown_figure_means", "kept"),
        ("diagonals", "long"),
        ("call_needs_free_cell", False),
        ("morpyam_is_full", False),
        ("daversa_counts", "rolled"),
        ("tie_break", "fewest_tokens_left"),
    ],
)
def test_every_reading_round_trips_through_files(field: str, value: Any) -> None:
    # R-CALL-4 to R-CALL-8, R-FIG-4, R-MOR-1 to R-MOR-3, R-LINE-1, R-END-3, R-END-5
    rules = attrs.evolve(mp.Rules.classic(), **{field: value})
    assert files.rules_from_json(files.rules_to_json(rules)) == rules
    assert files.rules_from_dict({"preset": "classic", "players": 2, field: value}) == rules
    if HAS_TOML:
        assert files.rules_from_toml(files.rules_to_toml(rules)) == rules


def test_a_reading_that_is_not_one_of_the_list() -> None:
    error = error_of(
        lambda: files.rules_from_dict({"preset": "classic", "players": 2, "diagonals": "short"})
    )
    assert error.where == "diagonals"
    assert '"all", "long"' in error.reason
    error = error_of(
        lambda: files.rules_from_dict({"preset": "classic", "players": 2, "diagonals": 3})
    )
    assert error.where == "diagonals"


@needs_toml
def test_classic_rules_as_toml_is_the_documented_text() -> None:
    # R-GRID-2 rows, R-LINE-2 run points for 2 players, R-END-1 KO of 5, R-SET-2 17 tokens
    assert files.rules_to_toml(mp.Rules.classic()) == CLASSIC_TOML
    assert files.rules_from_toml(CLASSIC_TOML) == mp.Rules.classic()


def test_rules_dict_values() -> None:
    data = files.rules_to_dict(mp.Rules.official(players=3))
    assert data["format"] == "morpyam-rules/1"
    assert data["run_points"] == {"3": 1, "4": 3}  # R-LINE-2: 3 players, a run of 4 scores 3
    assert data["daversa"] == "consecutive_turns"  # R-MOR-3, R-VAR-2025
    assert data["forbid_calling_shown_figure"] is True  # R-CALL-8
    assert data["ko_length"] == 5
    no_ko = attrs.evolve(mp.Rules.classic(), ko_length=None)
    assert files.rules_to_dict(no_ko)["ko_length"] == "off"  # R-END-1 turned off
    assert files.rules_to_dict(mp.Rules.classic())["daversa"] == "off"
    # the layout rows read back as the grid they came from
    assert mp.Layout.parse("\n".join(data["layout"])) == mp.Layout.classic()


# ---------------------------------------------------------------------------
# Round trips


@needs_toml
@pytest.mark.parametrize("players", [2, 3, 4])
@pytest.mark.parametrize("preset", list(PRESETS))
def test_presets_round_trip(preset: str, players: int) -> None:
    # R-SET-2 (tokens per player count), R-VAR-2025, R-VAR-FLASH, R-VAR-PLUS: every preset survives
    rules = PRESETS[preset](players)
    data = files.rules_to_dict(rules)
    assert files.rules_from_dict(data) == rules
    assert files.rules_from_toml(files.rules_to_toml(rules)) == rules
    assert files.rules_from_json(files.rules_to_json(rules)) == rules
    # the TOML writer writes what the dict says, read by a real TOML parser
    assert toml_loads(files.rules_to_toml(rules)) == data
    assert json.loads(files.rules_to_json(rules)) == data


@st.composite
def layouts(draw: st.DrawFn, max_side: int = 7) -> mp.Layout:
    height = draw(st.integers(1, max_side))
    width = draw(st.integers(1, max_side))
    row = st.lists(st.sampled_from(LABELS), min_size=width, max_size=width)
    return mp.Layout(draw(st.lists(row, min_size=height, max_size=height)))


@st.composite
def any_rules(draw: st.DrawFn) -> mp.Rules:
    """Valid rules: a preset for 2 to 4 players with knobs evolved to other valid values."""
    players = draw(st.integers(2, 4))
    rules = PRESETS[draw(st.sampled_from(list(PRESETS)))](players)
    layout = draw(st.sampled_from([rules.layout, mp.Layout.flash()]) | layouts())
    if len(layout) < players:
        reject()
    longest = max((len(line) for line in layout.lines), default=0)
    big = st.integers(0, 2**63 - 1)
    changes: dict[str, Any] = {
        "layout": layout,
        "tokens_per_player": draw(st.integers(1, len(layout) // players)),
        "run_points": draw(st.dictionaries(st.integers(1, 40), big, max_size=5)),
        "ko_length": draw(st.none() | st.integers(2, longest)) if longest else None,
        "end_bonus": draw(big),
        "sec_figures": draw(st.frozensets(st.sampled_from(FIGURES))),
        "callable": draw(st.frozensets(st.sampled_from(CALLABLE))),
        "daversa": draw(st.sampled_from([None, "replay", "consecutive_turns"])),
    }
    for knob in ("voluntary_pass", "called_morpyam_replays", "forbid_calling_shown_figure"):
        changes[knob] = draw(st.booleans())
    changes["tile_setup"] = draw(st.booleans())
    chosen = draw(st.sets(st.sampled_from(sorted(changes))))
    try:
        return attrs.evolve(rules, **{knob: changes[knob] for knob in chosen})
    except ValueError:  # a SEC or CALL cell that the chosen knobs leave dead (R-CELL-2, R-CELL-3)
        reject()


@needs_toml
@given(any_rules())
def test_any_rules_round_trip(rules: mp.Rules) -> None:
    assert files.rules_from_toml(files.rules_to_toml(rules)) == rules
    assert files.rules_from_json(files.rules_to_json(rules)) == rules
    assert toml_loads(files.rules_to_toml(rules)) == files.rules_to_dict(rules)


@needs_toml
@given(layouts())
def test_any_layout_round_trips(layout: mp.Layout) -> None:
    assert files.layout_from_toml(files.layout_to_toml(layout)) == layout
    assert files.layout_from_json(files.layout_to_json(layout)) == layout
    assert files.layout_from_text(files.layout_to_text(layout)) == layout
    assert files.layout_to_dict(layout)["shape"] == [layout.height, layout.width]


@needs_toml
@pytest.mark.parametrize("layout", [mp.Layout.classic(), mp.Layout.flash()])
@pytest.mark.parametrize("suffix", [".toml", ".json", ".txt", ".TOML"])
def test_layout_files_round_trip(layout: mp.Layout, suffix: str, tmp_path: Path) -> None:
    # R-GRID-2, R-VAR-FLASH: the shipped grids through every file type
    path = tmp_path / f"grid{suffix}"
    files.save_layout(layout, path)
    assert files.load_layout(path) == layout
    assert files.load_layout(str(path), shape=(6, 6)) == layout


@needs_toml
def test_largest_grid_round_trips() -> None:
    side = files.MAX_GRID_SIDE
    layout = mp.Layout(
        [[LABELS[(row + col) % len(LABELS)] for col in range(side)] for row in range(side)]
    )
    assert files.layout_from_toml(files.layout_to_toml(layout)) == layout
    assert files.layout_from_text(files.layout_to_text(layout)) == layout


@needs_toml
@pytest.mark.parametrize("suffix", [".toml", ".json"])
def test_rules_files_round_trip(suffix: str, tmp_path: Path) -> None:
    rules = attrs.evolve(mp.Rules.official(players=4), voluntary_pass=False)
    path = tmp_path / f"house{suffix}"
    files.save_rules(rules, path)
    text = path.read_bytes().decode("utf-8")
    if suffix == ".json":
        assert json.loads(text) == files.rules_to_dict(rules)
    else:
        assert toml_loads(text) == files.rules_to_dict(rules)
    assert files.load_rules(path) == rules


@needs_toml
@given(st.text())
def test_toml_strings_are_escaped(text: str) -> None:
    assert toml_loads(f"k = {files._toml_string(text)}")["k"] == text
    assert toml_loads(f"{files._toml_key(text)} = 1") == {text: 1}


# ---------------------------------------------------------------------------
# The short form: a preset, the players and what differs


@needs_toml
def test_preset_with_overrides() -> None:
    # R-TURN-4: a table that forbids voluntary passes, 3 players of the classic game
    rules = files.rules_from_toml('preset = "classic"\nplayers = 3\nvoluntary_pass = false\n')
    assert rules == attrs.evolve(mp.Rules.classic(players=3), voluntary_pass=False)
    assert rules.tokens_per_player == 11  # R-SET-2: the preset fills it for 3 players


@pytest.mark.parametrize("players", [2, 3, 4])
@pytest.mark.parametrize("preset", list(PRESETS))
def test_preset_alone(preset: str, players: int) -> None:
    # R-VAR-2025, R-VAR-FLASH, R-VAR-PLUS: the preset name is enough
    rules = files.rules_from_dict({"preset": preset, "players": players})
    assert rules == PRESETS[preset](players)


def test_presets_differ_where_the_rule_book_says() -> None:
    plus = files.rules_from_dict({"preset": "plus", "players": 2})
    assert plus.tile_setup  # R-VAR-PLUS
    flash = files.rules_from_dict({"format": "morpyam-rules/1", "preset": "flash", "players": 2})
    assert flash.layout == mp.Layout.flash()  # R-VAR-FLASH
    official = files.rules_from_dict({"preset": "official", "players": 2})
    assert official.daversa == "consecutive_turns"  # R-VAR-2025, R-MOR-3


@needs_toml
def test_overrides_of_every_kind() -> None:
    text = """
preset = "official"
players = 2
daversa = "replay"        # R-MOR-3, the publisher's site reading
ko_length = "off"         # R-END-1 turned off
end_bonus = 0
callable = ["MORPYAM", "sec"]
layout = "flash"

[run_points]
3 = 1
4 = 2
5 = 4
"""
    rules = files.rules_from_toml(text)
    assert rules.daversa == "replay"
    assert rules.ko_length is None
    assert rules.end_bonus == 0
    assert rules.callable == {F.MORPYAM, S.SEC}  # names in any case (R-CALL-2)
    assert rules.layout == mp.Layout.flash()
    assert rules.run_value(5) == 4  # R-LINE-2
    assert rules.forbid_calling_shown_figure  # not overridden: the preset's


def test_layout_forms_in_a_rules_file() -> None:
    rows = ["3x1 SS", "MOR FULL_HOUSE", "sec cal"]
    expected = mp.Layout([[F.THREE_ONES, F.SMALL_STRAIGHT], [F.MORPYAM, F.FULL_HOUSE], [*S]])
    # a rules grid may be any rectangle: 3 rows of 2, whose longest lines (columns) have 3 cells
    common = {"preset": "classic", "players": 2, "tokens_per_player": 3, "ko_length": 3}
    assert files.rules_from_dict({**common, "layout": rows}).layout == expected
    text = "# a small grid\n1: 3×1 SS\n\n2: MOR FUL\n3: SEC CAL\n"
    assert files.rules_from_dict({**common, "layout": text}).layout == expected
    assert files.rules_from_dict({**common, "layout": "classic"}).layout == mp.Layout.classic()
    # a grid text with old Mac line breaks is a grid, not a preset name
    assert (
        files.rules_from_dict({**common, "layout": "3x1 SS\rMOR FUL\rSEC CAL"}).layout == expected
    )


def test_full_form_needs_every_field() -> None:
    error = error_of(lambda: files.rules_from_dict(classic_dict(ko_length=None, daversa=None)))
    assert error.where == "ko_length"
    assert "missing" in error.reason
    assert "daversa" in error.reason


# ---------------------------------------------------------------------------
# Refusals, with where


BAD_RULES: list[tuple[dict[str, Any], str, str]] = [
    # fields
    ({"colour": "red"}, "colour", "unknown field"),
    ({"format": "morpyam-rules/2"}, "format", "unknown format"),
    ({"format": "morpyam-layout/1"}, "format", "layout"),
    ({"format": 1}, "format", "string"),
    ({"preset": "classik"}, "preset", "unknown preset"),
    ({"preset": "classic", "players": None}, "players", "missing"),
    # types: a bool is not an int, an int is not a bool
    ({"players": True}, "players", "integer"),
    ({"tokens_per_player": "11"}, "tokens_per_player", "integer"),
    ({"end_bonus": 1.0}, "end_bonus", "float"),
    ({"end_bonus": 2**64}, "end_bonus", "64-bit"),
    ({"voluntary_pass": 1}, "voluntary_pass", "true or false"),
    ({"tile_setup": "yes"}, "tile_setup", "true or false"),
    ({"run_points": [[3, 1]]}, "run_points", "table"),
    ({"run_points": {"3": 1, "4": "2"}}, "run_points.4", "integer"),
    ({"run_points": {"3": 1, "4": False}}, "run_points.4", "integer"),
    ({"run_points": {"three": 1}}, "run_points.three", "run length"),
    ({"run_points": {"03": 1}}, "run_points.03", "run length"),
    ({"run_points": {"0": 1}}, "run_points.0", "run length"),
    ({"ko_length": "of"}, "ko_length", '"off"'),
    ({"ko_length": True}, "ko_length", "integer"),
    ({"daversa": "sometimes"}, "daversa", "consecutive_turns"),
    ({"daversa": False}, "daversa", "string"),
    ({"sec_figures": "MINI"}, "sec_figures", "list"),
    ({"sec_figures": ["MINI", "BIG"]}, "sec_figures[1]", "unknown label"),
    ({"sec_figures": ["MINI", 3]}, "sec_figures[1]", "string"),
    ({"callable": ["MINI", "MIN"]}, "callable[1]", "twice"),
    # grids
    ({"layout": "classik"}, "layout", "unknown layout"),
    ({"layout": 6}, "layout", "list of row strings"),
    ({"layout": []}, "layout", "at least one row"),
    ({"layout": ["3×1 3×2 3×3", "SS BIG MOR"]}, "layout, row 2, column 4", "unknown label"),
    ({"layout": ["3×1 3×2 3×3", "SS MOR"]}, "layout, row 2, column 7", "expected 3"),
    ({"layout": ["3×1 3×2 3×3", 4]}, "layout, row 2", "string"),
    ({"layout": ["3×1 3×2", "SS\nMOR"]}, "layout, row 2", "one line"),
    ({"layout": ["3×1 3×2", "SS MOR\x0c", "SS MOR"]}, "layout, row 2", "one line"),
    ({"layout": ["3×1 3×2", "  "]}, "layout, row 2", "without labels"),
    ({"layout": ["3×1 3×2", "# MOR MOR"]}, "layout, row 2", "comment"),
    ({"layout": ["SS"] * 27}, "layout", "at most 26"),
    ({"layout": ["SS " * 27]}, "layout, row 1, column 79", "expected 26"),
    ({"layout": "3×1 3×2\nSS MOR\nMOR BIG\n"}, "layout, line 3, column 5", "unknown label"),
    ({"layout": "3×1 3×2\n" + "SS MOR\n" * 26}, "layout, line 27", "more than 26 rows"),
    # what Rules itself refuses, at its field
    ({"players": 5}, "players", "R-SET-2"),  # R-SET-2: 2 to 4 players
    ({"layout": ["SS SS", "SS SS"]}, "rules", "do not fit"),  # R-SET-2 on a small grid
    ({"ko_length": 7}, "ko_length", "R-END-1"),  # R-END-1: no line of 7 on a 6×6 grid
    ({"ko_length": 1}, "ko_length", "R-END-1"),
    ({"run_points": {"3": -1}}, "run_points", "R-LINE-2"),  # R-LINE-2: points >= 0
    ({"tokens_per_player": 0}, "tokens_per_player", ">= 1"),
    ({"end_bonus": -1}, "end_bonus", ">= 0"),
    ({"callable": ["THREE_ONES"]}, "callable", "R-CALL-2"),  # R-CALL-2: never callable
    ({"callable": ["SMALL_STRAIGHT", "MORPYAM"]}, "callable", "R-CALL-2"),
    ({"sec_figures": ["SEC"]}, "sec_figures", "R-CELL-2"),  # R-CELL-2: a Sec is made of figures
    # a label no roll can satisfy: SEC cells with no Sec figure, CALL cells with no call
    ({"sec_figures": []}, "sec_figures", "never be covered"),  # R-CELL-2
    ({"callable": []}, "callable", "never be covered"),  # R-CELL-3
]


@pytest.mark.parametrize(("change", "where", "word"), BAD_RULES)
def test_bad_rules_say_where(change: dict[str, Any], where: str, word: str) -> None:
    # the full form and the short form refuse the same values at the same place
    full = classic_dict(**change)
    error = error_of(lambda: files.rules_from_dict(full))
    assert (error.where, word in error.reason) == (where, True), error
    assert str(error) == f"{error.where}: {error.reason}"
    if "preset" not in change and "format" not in change:
        short = {"preset": "classic", "players": 2, **change}
        short = {key: value for key, value in short.items() if value is not None}
        error = error_of(lambda: files.rules_from_dict(short))
        assert (error.where, word in error.reason) == (where, True), error


def _rules_of_each_field() -> dict[str, list[str]]:
    """The rules column of the field table in docs/files.md, read as the user reads it."""
    text = (Path(__file__).parent.parent / "docs" / "files.md").read_text(encoding="utf-8")
    table = text.split("| field | in the file | example | rules |")[1].split("\n\n")[0]
    rows = [line.split("|") for line in table.splitlines() if line.startswith("| `")]
    return {
        row[1].strip().strip("`"): [rule.strip() for rule in row[4].split(",")]
        for row in rows
        if row[4].strip()
    }


def test_the_field_table_gives_a_rule_for_every_field() -> None:
    assert sorted(_rules_of_each_field()) == sorted(files.RULES_FIELDS)


@pytest.mark.parametrize("field", files.RULES_FIELDS)
def test_a_value_that_cannot_be_read_names_the_rule_of_its_field(field: str) -> None:
    # every knob's refusal leads the player to the rule the field table gives it
    error = error_of(lambda: files.rules_from_dict(classic_dict(**{field: 3.5})))
    assert error.where == field, error
    assert error.reason.split(":")[0] in _rules_of_each_field()[field], error


@needs_toml
def test_bad_rules_in_every_text_form() -> None:
    # the same refusal, read from TOML and from JSON
    data = {"preset": "classic", "players": 2, "run_points": {"3": 1, "4": "2"}}
    toml = 'preset = "classic"\nplayers = 2\n[run_points]\n3 = 1\n4 = "2"\n'
    for read in (
        lambda: files.rules_from_json(json.dumps(data)),
        lambda: files.rules_from_toml(toml),
    ):
        error = error_of(read)
        assert error.where == "run_points.4"
        assert "integer" in error.reason


def test_tokens_must_fit_on_the_grid() -> None:
    # R-SET-2: 3 players × 17 tokens do not fit on 36 cells (the full form keeps 17 tokens)
    error = error_of(lambda: files.rules_from_dict(classic_dict(players=3)))
    assert (error.where, "do not fit" in error.reason) == ("rules", True)
    # the short form takes the tokens from the preset for 3 players
    assert files.rules_from_dict({"preset": "classic", "players": 3}).tokens_per_player == 11


def test_ko_length_longer_than_a_small_grid() -> None:
    # R-END-1: a KO of 5 on a 3×3 grid, whose longest line has 3 cells
    data = {"preset": "classic", "players": 2, "tokens_per_player": 4, "layout": ["SS SS SS"] * 3}
    error = error_of(lambda: files.rules_from_dict(data))
    assert error.where == "ko_length"
    assert "from 2 to 3" in error.reason
    assert files.rules_from_dict({**data, "ko_length": 3}).ko_length == 3


@pytest.mark.parametrize("value", [[], "classic", None, 3])
def test_a_document_that_is_not_a_table(value: Any) -> None:
    error = error_of(lambda: files.rules_from_dict(value))
    assert (error.where, "table" in error.reason) == ("document", True)
    error = error_of(lambda: files.rules_from_json("[1, 2]"))
    assert error.where == "document"
    error = error_of(lambda: files.rules_from_dict({1: 2}))  # type: ignore[dict-item]
    assert (error.where, "strings" in error.reason) == ("document", True)


def test_json_null_is_not_off() -> None:
    error = error_of(
        lambda: files.rules_from_json('{"preset": "classic", "players": 2, "ko_length": null}')
    )
    assert error.where == "ko_length"
    assert 'write "off"' in error.reason


# ---------------------------------------------------------------------------
# Untrusted text


@needs_toml
@pytest.mark.parametrize(
    ("read", "text", "where", "word"),
    [
        (files.rules_from_json, '{\n  "players": 2,\n  3: 1}', "line 3, column 3", "property name"),
        (files.rules_from_json, '{"players": 2', "line 1, column 14", "delimiter"),
        (files.rules_from_toml, "players = 2\ntile_setup = yes\n", "line 2, column 14", "Invalid"),
        (files.rules_from_toml, 'preset = "classic', "line 1, column 18", "Unterminated"),
        (files.layout_from_json, "", "line 1, column 1", "Expecting value"),
        (files.layout_from_toml, "rows = [", "line 1, column 9", "Invalid value"),
    ],
)
def test_syntax_errors_say_line_and_column(
    read: Callable[[str], object], text: str, where: str, word: str
) -> None:
    error = error_of(lambda: read(text))
    assert error.where == where
    assert word in error.reason


@needs_toml
def test_repeated_keys() -> None:
    # JSON allows a key twice (the last wins); a rules file does not
    error = error_of(
        lambda: files.rules_from_json('{"preset": "classic", "players": 2, "players": 3}')
    )
    assert (error.where, "more than once" in error.reason) == ("players", True)
    text = '{"preset": "classic", "players": 2, "run_points": {"3": 1, "3": 5}}'
    error = error_of(lambda: files.rules_from_json(text))
    assert error.where == "run_points.3"
    error = error_of(lambda: files.rules_from_toml('preset = "classic"\npreset = "flash"\n'))
    assert error.where.startswith("line 2")


@needs_toml
@pytest.mark.parametrize(
    ("read", "text", "where", "word"),
    [
        (
            files.rules_from_json,
            '{"preset": "classic", "players": 2, "end_bonus": NaN}',
            "end_bonus",
            "nan",
        ),
        (
            files.rules_from_json,
            '{"preset": "classic", "players": 2, "end_bonus": 1e999}',
            "end_bonus",
            "inf",
        ),
        (
            files.rules_from_toml,
            'preset = "classic"\nplayers = 2\nend_bonus = nan\n',
            "end_bonus",
            "nan",
        ),
        (
            files.rules_from_toml,
            'preset = "classic"\nplayers = 2\nend_bonus = -inf\n',
            "end_bonus",
            "inf",
        ),
        (
            files.rules_from_toml,
            'preset = "classic"\nplayers = 2\nend_bonus = 2.0\n',
            "end_bonus",
            "float",
        ),
        (
            files.rules_from_toml,
            'preset = "classic"\nplayers = 2\nend_bonus = 1979-05-27\n',
            "end_bonus",
            "date",
        ),
        (
            files.rules_from_json,
            '{"preset": "classic", "players": 2, "end_bonus": 18446744073709551616}',
            "end_bonus",
            "64-bit",
        ),
        (
            files.rules_from_toml,
            'preset = "classic"\nplayers = 2\nend_bonus = 18446744073709551616\n',
            "end_bonus",
            "64-bit",
        ),
        (
            files.rules_from_toml,
            'preset = "classic"\nplayers = {a = [1, {b = 2}]}\n',
            "players",
            "table",
        ),
        (files.rules_from_json, '{"preset": "classic", "players": [[[[2]]]]}', "players", "list"),
    ],
)
def test_odd_values_are_refused_at_their_field(
    read: Callable[[str], object], text: str, where: str, word: str
) -> None:
    error = error_of(lambda: read(text))
    assert error.where == where
    assert word in error.reason


@needs_toml
@pytest.mark.parametrize("read", [files.rules_from_json, files.rules_from_toml])
def test_numbers_of_thousands_of_digits(read: Callable[[str], object]) -> None:
    separator = ": " if read is files.rules_from_json else " = "
    body = f'"end_bonus"{separator}{"9" * 5000}'
    text = "{" + body + "}" if read is files.rules_from_json else f"\n{body}\n"
    error = error_of(lambda: read(text))
    line = 1 if read is files.rules_from_json else 2
    assert error.where == f"line {line}, column {text.splitlines()[line - 1].index('9') + 1}"
    assert "5,000 digits" in error.reason


@needs_toml
@pytest.mark.parametrize(
    ("read", "text"),
    [
        (files.rules_from_json, "[" * 100_000 + "]" * 100_000),
        (files.rules_from_toml, "a = " + "[" * 100_000 + "]" * 100_000),
        (files.layout_from_json, '{"rows": ' + "[" * 100_000 + "]" * 100_000 + "}"),
    ],
)
def test_deep_nesting(read: Callable[[str], object], text: str) -> None:
    error = error_of(lambda: read(text))
    assert (error.where, "nested" in error.reason) == ("document", True)


@needs_toml
@pytest.mark.parametrize(
    "read",
    [
        files.rules_from_json,
        files.rules_from_toml,
        files.layout_from_json,
        files.layout_from_toml,
        files.layout_from_text,
    ],
)
def test_size_limit_comes_before_parsing(read: Callable[[str], object]) -> None:
    # Not even valid syntax: the size alone refuses it, before any parser sees it.
    error = error_of(lambda: read("{" * (files.MAX_TEXT_SIZE + 1)))
    assert (error.where, "at most" in error.reason) == ("document", True)
    # At the limit, the parser runs (and finds the syntax error).
    error = error_of(lambda: read("{" * files.MAX_TEXT_SIZE))
    assert error.where != "document" or "at most" not in error.reason


def test_toml_without_a_toml_reader(monkeypatch: pytest.MonkeyPatch) -> None:
    # Python 3.10 without tomli: a clear error, and writing still works
    monkeypatch.setitem(sys.modules, files._TOML_NAME, None)
    error = error_of(lambda: files.rules_from_toml(CLASSIC_TOML))
    assert (error.where, "tomli" in error.reason) == ("document", True)
    assert "3.11" in error.reason
    assert files.rules_to_toml(mp.Rules.classic()) == CLASSIC_TOML


# ---------------------------------------------------------------------------
# Layout files


def test_layout_dict_forms() -> None:
    rows = ["3×1 3×2 3×3", "SS MOR 4K"]
    expected = mp.Layout.parse("\n".join(rows), shape=None)
    assert files.layout_from_dict({"rows": rows}) == expected
    assert files.layout_from_dict({"rows": rows, "shape": [2, 3]}) == expected
    assert files.layout_from_dict({"rows": "1: 3×1 3×2 3×3\n2: SS MOR 4K\n"}) == expected
    assert files.layout_from_dict({"rows": rows}, shape=(2, 3)) == expected
    assert files.layout_from_text("3x1 3x2 3x3\nSS MOR 4K\n") == expected  # any rectangle


BAD_LAYOUTS: list[tuple[dict[str, Any], tuple[int, int] | None, str, str]] = [
    ({"rows": ["SS"], "size": 1}, None, "size", "unknown field"),
    ({"shape": [1, 1]}, None, "rows", "missing"),
    ({"rows": ["SS"], "format": "morpyam-rules/1"}, None, "format", "rules"),
    ({"rows": ["SS SS", "SS SS"], "shape": [3, 2]}, None, "rows", "2 rows, expected 3"),
    ({"rows": ["SS SS", "SS SS"], "shape": [2, 3]}, None, "rows, row 1, column 6", "expected 3"),
    ({"rows": ["SS SS", "SS SS"], "shape": [2, 2]}, (6, 6), "shape", "expected 6×6"),
    ({"rows": ["SS SS", "SS SS"]}, (6, 6), "rows", "expected 6"),
    ({"rows": "SS SS\nSS SS\n"}, (2, 3), "rows, line 1, column 6", "expected 3"),
    ({"rows": ["SS"], "shape": [1]}, None, "shape", "[rows, columns]"),
    ({"rows": ["SS"], "shape": [0, 1]}, None, "shape[0]", "1 to 26"),
    ({"rows": ["SS"], "shape": [1, True]}, None, "shape[1]", "integer"),
    ({"rows": ["SS"], "shape": "1x1"}, None, "shape", "list"),
    ({"rows": {"1": "SS"}}, None, "rows", "list of row strings"),
    ({"rows": ["SS", "3×7"]}, None, "rows, row 2, column 1", "unknown label"),
]


@pytest.mark.parametrize(("data", "shape", "where", "word"), BAD_LAYOUTS)
def test_bad_layouts_say_where(
    data: dict[str, Any], shape: tuple[int, int] | None, where: str, word: str
) -> None:
    error = error_of(lambda: files.layout_from_dict(data, shape=shape))
    assert (error.where, word in error.reason) == (where, True), error


def test_bad_grid_text() -> None:
    # R-GRID-2 text: errors are at a line and column of the text
    error = error_of(lambda: files.layout_from_text("3×1 3×2\n3×3 BIG\n"))
    assert (error.where, "unknown label" in error.reason) == ("line 2, column 5", True)
    error = error_of(lambda: files.layout_from_text(str(mp.Layout.classic())[:-4], shape=(6, 6)))
    assert error.where.startswith("line 6, column")
    assert "expected 6" in error.reason
    error = error_of(lambda: files.layout_from_text("# nothing\n"))
    assert (error.where, error.reason) == ("line 1, column 1", "no rows")


def test_the_writers_refuse_what_no_file_can_hold() -> None:
    tall = mp.Layout([[F.THREE_ONES]] * 27)
    error = error_of(lambda: files.layout_to_dict(tall))
    assert (error.where, "at most 26" in error.reason) == ("rows", True)
    rules = attrs.evolve(mp.Rules.classic(), layout=tall, tokens_per_player=13)
    error = error_of(lambda: files.rules_to_toml(rules))
    assert error.where == "layout"
    huge = attrs.evolve(mp.Rules.classic(), end_bonus=2**63)
    error = error_of(lambda: files.rules_to_json(huge))
    assert (error.where, "64-bit" in error.reason) == ("end_bonus", True)
    error = error_of(
        lambda: files.rules_to_dict(attrs.evolve(mp.Rules.classic(), run_points={3: 2**63}))
    )
    assert error.where == "run_points.3"


# ---------------------------------------------------------------------------
# Files on disk


@pytest.mark.parametrize("name", ["rules.yaml", "rules", "rules.txt"])
def test_unknown_suffix_for_rules(name: str, tmp_path: Path) -> None:
    path = tmp_path / name
    error = error_of(lambda: files.save_rules(mp.Rules.classic(), path))
    assert (error.where, "unknown file type" in error.reason) == (str(path), True)
    assert not path.exists()
    path.write_text("{}", encoding="utf-8")
    assert error_of(lambda: files.load_rules(path)).where == str(path)


def test_unknown_suffix_for_layouts(tmp_path: Path) -> None:
    path = tmp_path / "grid.csv"
    error = error_of(lambda: files.save_layout(mp.Layout.classic(), path))
    assert (error.where, ".txt" in error.reason) == (str(path), True)
    assert error_of(lambda: files.load_layout(path)).where == str(path)


def test_file_encoding(tmp_path: Path) -> None:
    path = tmp_path / "grid.txt"
    path.write_bytes("\ufeff".encode() + files.layout_to_text(mp.Layout.classic()).encode())
    assert files.load_layout(path) == mp.Layout.classic()  # a byte-order mark is skipped
    path.write_bytes(b"SS SS\nSS \xff\n")
    error = error_of(lambda: files.load_layout(path))
    assert (error.where, "UTF-8" in error.reason) == ("line 2", True)


def test_file_size_limit(tmp_path: Path) -> None:
    path = tmp_path / "rules.json"
    path.write_bytes(b" " * files.MAX_TEXT_SIZE + b"{}")
    error = error_of(lambda: files.load_rules(path))
    assert (error.where, "bigger than" in error.reason) == ("document", True)


def test_missing_file_is_an_os_error(tmp_path: Path) -> None:
    with pytest.raises(FileNotFoundError):
        files.load_rules(tmp_path / "nowhere.toml")


@needs_toml
def test_load_errors_locate_inside_the_file(tmp_path: Path) -> None:
    path = tmp_path / "house.toml"
    path.write_text('preset = "classic"\nplayers = 2\n\n[run_points]\n4 = "2"\n', encoding="utf-8")
    error = error_of(lambda: files.load_rules(path))
    assert error.where == "run_points.4"


# ---------------------------------------------------------------------------
# The error value


def test_file_format_error() -> None:
    error = FileFormatError("layout, line 3, column 5", "unknown label 'BIG'")
    assert isinstance(error, ValueError)
    assert str(error) == "layout, line 3, column 5: unknown label 'BIG'"
    copy = pickle.loads(pickle.dumps(error))
    assert (type(copy), copy.where, copy.reason) == (FileFormatError, error.where, error.reason)


# ---------------------------------------------------------------------------
# rules_with: the command line's --rule, read by the reader of files


@pytest.mark.parametrize(
    ("setting", "where", "reason"),
    [
        ("ko_length=" + "[" * 5000, "ko_length", "nested too deeply"),
        ("run_points=" + "[" * 5000 + "]" * 5000, "run_points", "nested too deeply"),
        ('run_points={"3": 1, "3": 2}', "run_points.3", "R-LINE-2: given more than once"),
        ("end_bonus=" + "7" * 5000, "end_bonus", "a number of 5,000 digits is not read"),
        (
            "end_bonus=99999999999999999999999",
            "end_bonus",
            "R-END-2: integer out of range: files hold 64-bit integers",
        ),
        (
            f"end_bonus={-(2**63) - 1}",
            "end_bonus",
            "R-END-2: integer out of range: files hold 64-bit integers",
        ),
    ],
)
def test_rule_settings_are_read_as_a_file_is(setting: str, where: str, reason: str) -> None:
    # the same values in a rules file get the same refusals
    error = error_of(lambda: files.rules_with(mp.Rules.classic(), [setting]))
    assert (error.where, error.reason) == (where, reason)
    field, _, value = setting.partition("=")
    # a rules file with the same value gets the same refusal, at the same field
    data = files.rules_to_dict(mp.Rules.classic())
    data[field] = "VALUE"
    text = json.dumps(data).replace('"VALUE"', value)
    in_file = error_of(lambda: files.rules_from_json(text))
    if in_file.where == "document" or in_file.where.startswith("line "):  # the parser's
        assert in_file.reason == reason
    else:
        assert (in_file.where, in_file.reason) == (where, reason)


def test_a_field_set_twice_is_refused_as_a_repeated_key() -> None:
    error = error_of(lambda: files.rules_with(mp.Rules.classic(), ["end_bonus=1", "end_bonus=2"]))
    assert (error.where, error.reason) == ("end_bonus", "given more than once")
    assert files.rules_with(mp.Rules.classic(), ["end_bonus=1", "ko_length=4"]).end_bonus == 1
    assert files.rules_with(mp.Rules.classic(), [f"end_bonus={2**63 - 1}"]).end_bonus == 2**63 - 1
