"""Every knob of the three games' ``Rules`` that changes what a position allows or how it
scores is off its default in the committed corpus, in a case that tells the two readings
apart; the knobs that cannot be are exempt, each for a reason the format page gives."""

from __future__ import annotations

import json
from collections import defaultdict
from pathlib import Path
from typing import Any

import attrs
import pytest

import morpyam as mp
from morpyam import myrummy as mr
from morpyam import yahtzee as yz
from morpyam.vectors.cases import Knob, run_probe, scenario_state
from morpyam.vectors.kits import KITS
from morpyam.vectors.morpyam_knobs import KNOBS as MORPYAM_KNOBS
from morpyam.vectors.myrummy_cases import KNOBS as MYRUMMY_KNOBS
from morpyam.vectors.yahtzee_cases import KNOBS as YAHTZEE_KNOBS

CORPUS = Path(__file__).parent / "data" / "vectors"
KNOBS = {"morpyam": MORPYAM_KNOBS, "yahtzee": YAHTZEE_KNOBS, "myrummy": MYRUMMY_KNOBS}
RULES = {"morpyam": mp.Rules, "yahtzee": yz.Rules, "myrummy": mr.Rules}

EXEMPT = {
    "morpyam": {},
    "yahtzee": {
        "min_players": "only gates new_game (Y-SET-1)",
        "max_players": "only gates new_game (Y-SET-1)",
    },
    "myrummy": {
        "time_limit": "needs a clock: the corpus's time-out is given, not timed",
    },
}
"""The knobs no case turns, and why (the page "Checking another implementation" lists them)."""


def _outcome(game: str, state: Any, text: str) -> Any:
    kit = KITS[game]
    probe = run_probe(kit, state, text)
    assert probe is not None, text
    if probe.after is None:
        return ("refused", probe.rule)
    return ("after", kit.to_dict(probe.after))


@pytest.mark.parametrize(
    ("game", "knob"),
    [(game, knob) for game, knobs in KNOBS.items() for knob in knobs],
    ids=lambda value: value.shape.name if isinstance(value, Knob) else value,
)
def test_a_knob_s_case_tells_the_two_readings_apart(game: str, knob: Knob) -> None:
    kit = KITS[game]
    turned = scenario_state(kit, knob.scenario())
    default = scenario_state(kit, knob.scenario(default=True))
    assert getattr(knob.rules(), knob.field) != getattr(knob.rules(default=True), knob.field)
    differ = [
        text
        for text in knob.shape.probes
        if _outcome(game, turned, text) != _outcome(game, default, text)
    ]
    assert differ, f"{knob.shape.name}: no probe gives another answer under the default"


def _values(game: str) -> dict[str, set[str]]:
    """Every value each knob takes in the committed corpus (cases and tables)."""
    values: dict[str, set[str]] = defaultdict(set)
    lines = [json.loads(line) for line in (CORPUS / f"{game}.jsonl").read_text().splitlines()]
    lines += [
        line
        for line in map(json.loads, (CORPUS / "tables.jsonl").read_text().splitlines())
        if line["game"] == game
    ]
    for line in lines:
        for field, value in line["state"]["rules"].items():
            values[field].add(json.dumps(value, sort_keys=True))
    return values


@pytest.mark.parametrize("game", sorted(KNOBS))
def test_every_knob_takes_two_values_in_the_corpus_or_is_exempt(game: str) -> None:
    values = _values(game)
    fields = [field.name for field in attrs.fields(RULES[game]) if field.init]
    assert set(fields) <= set(values), "a field of Rules is not in the state JSON"
    single = sorted(field for field in fields if len(values[field]) < 2)
    assert single == sorted(EXEMPT[game])


def test_the_exemptions_are_documented() -> None:
    page = (Path(__file__).parent.parent / "docs" / "checking.md").read_text(encoding="utf-8")
    for exempt in EXEMPT.values():
        for field in exempt:
            assert f"`{field}`" in page
