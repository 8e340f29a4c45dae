"""Every knob of the three games' ``Rules`` that changes what a position allows or how it
scores is off its default in the committed corpus, in a case that tells the two readings
apart; the knobs that cannot be are exempt, each for a reason the format page gives."""

from __future__ import annotations

import json
from collections import Counter, defaultdict
from pathlib import Path
from typing import Any

import attrs
import pytest

import morpyam as mp
from morpyam import myrummy as mr
from morpyam import yahtzee as yz
from morpyam.vectors._cases import Knob, run_probe, scenario_state
from morpyam.vectors._check import _Case
from morpyam.vectors._check_counts import check_counts
from morpyam.vectors._check_tables import check_table
from morpyam.vectors._kits import KITS
from morpyam.vectors._morpyam_knobs import KNOBS as MORPYAM_KNOBS
from morpyam.vectors._myrummy_cases import KNOBS as MYRUMMY_KNOBS
from morpyam.vectors._yahtzee_cases import KNOBS as YAHTZEE_KNOBS

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

SHAPED = {
    "morpyam": {"players", "tokens_per_player", "layout", "tile_setup"},
    "yahtzee": {"players"},
    "myrummy": {"players", "colours", "values", "copies", "jokers"},
}
"""The knobs a position's shape follows (its seats, its tokens, its grid and set-up, its
tiles): a position with one off its usual value is no position under the usual value (the
library refuses to read it), so the cases of each value (other player counts, the Plus set-up,
the mini set) tell the two readings apart by what positions exist."""


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


def _lines(game: str) -> list[tuple[str, dict[str, Any]]]:
    """The committed corpus's lines of ``game``: its cases, then its tables and counts."""
    found: list[tuple[str, dict[str, Any]]] = []
    for name in (f"{game}.jsonl", "tables.jsonl", "counts.jsonl"):
        for text in (CORPUS / name).read_text(encoding="utf-8").splitlines():
            line = json.loads(text)
            if line["game"] == game:
                found.append((name, line))
    return found


def _values(lines: list[tuple[str, dict[str, Any]]]) -> dict[str, set[str]]:
    """Every value each knob takes in ``lines``, as JSON."""
    values: dict[str, set[str]] = defaultdict(set)
    for _, line in lines:
        for field, value in line["state"]["rules"].items():
            values[field].add(json.dumps(value, sort_keys=True))
    return values


_NOT_AN_ANSWER = (
    "rule ID",
    "the library finds",
    "the corpus names",
    "refuses the",
    "is refused by the library for",
    "malformed",
    "note",
)
"""Mismatches that are no answer of the game: the rule IDs a line names, its notes, a state
the other value makes unreadable, a refusal's words."""


def _told_apart(name: str, line: dict[str, Any], field: str, value: str) -> bool:
    """Whether the line's published answers change when ``field`` alone takes ``value``: the
    position replayed with the library under the other rules, checked as ``vectors check``
    checks the line."""
    state = {**line["state"], "rules": {**line["state"]["rules"], field: json.loads(value)}}
    other = {**line, "state": state}
    if name == "tables.jsonl":
        found = check_table(name, 1, other)
    elif name == "counts.jsonl":
        found = check_counts(name, 1, other)
    else:
        found = _Case(KITS[line["game"]], name, 1, other, {}).run()
    return any(not any(word in m.what for word in _NOT_AN_ANSWER) for m in found)


@pytest.mark.parametrize("game", sorted(KNOBS))
def test_every_knob_takes_two_values_in_the_corpus_or_is_exempt(game: str) -> None:
    lines = _lines(game)
    values = _values(lines)
    fields = [field.name for field in attrs.fields(RULES[game]) if field.init]
    assert set(fields) <= set(values), "a field of Rules is not in the state JSON"
    single = sorted(field for field in fields if len(values[field]) < 2)
    assert single == sorted(EXEMPT[game])


@pytest.mark.parametrize("game", sorted(KNOBS))
def test_every_knob_has_a_line_whose_answers_it_changes(game: str) -> None:
    # each field set alone to another value it takes in the corpus, on each line in turn (the
    # rarest value first, so a knob's own case first), until a published answer changes; the
    # shaped knobs, whose other value is no position, are tested below
    lines = _lines(game)
    values = _values(lines)
    fields = [
        f.name
        for f in attrs.fields(RULES[game])
        if f.init and f.name not in {*EXEMPT[game], *SHAPED[game]}
    ]
    counted = {
        field: Counter(
            json.dumps(line["state"]["rules"][field], sort_keys=True) for _, line in lines
        )
        for field in fields
    }
    untold = []
    for field in fields:
        order = sorted(
            lines,
            key=lambda nl: (
                nl[0] == "counts.jsonl",
                counted[field][json.dumps(nl[1]["state"]["rules"][field], sort_keys=True)],
            ),
        )
        if not any(
            _told_apart(name, line, field, value)
            for name, line in order
            for value in sorted(values[field])
            if value != json.dumps(line["state"]["rules"][field], sort_keys=True)
        ):
            untold.append(field)
    assert untold == [], f"no line of the corpus tells {untold} of {game} apart"


def _refused(line: dict[str, Any], field: str, value: str) -> bool:
    state = {**line["state"], "rules": {**line["state"]["rules"], field: json.loads(value)}}
    try:
        KITS[line["game"]].from_dict(state)
    except ValueError:
        return True
    return False


@pytest.mark.parametrize("game", sorted(KNOBS))
def test_a_shaped_knob_s_position_is_no_position_under_the_usual_value(game: str) -> None:
    # a line whose shaped knob is off the corpus's usual value (more players, the Plus setup
    # and grid, the mini set) is refused under the usual value: its answers exist under one
    # reading only
    lines = _lines(game)
    for field in sorted(SHAPED[game]):
        counted = Counter(json.dumps(line["state"]["rules"][field]) for _, line in lines)
        assert len(counted) >= 2, field
        usual = counted.most_common(1)[0][0]
        for _, line in lines:
            if json.dumps(line["state"]["rules"][field]) != usual:
                assert _refused(line, field, usual), f"{line['id']} reads under the usual {field}"
