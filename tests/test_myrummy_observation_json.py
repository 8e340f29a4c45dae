"""What one MyRummy player sees, as JSON: read back exactly, checked, and never another rack."""

from __future__ import annotations

import json
import random

import attrs
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from hypothesis_profiles import examples

import morpyam.myrummy as mr
from morpyam.files import MAX_TEXT_SIZE, FileFormatError
from morpyam.myrummy import strategies as rst
from morpyam.myrummy.notation._observation_json import (
    OBSERVATION_FORMAT,
    InvalidStateError,
    observation_from_dict,
    observation_to_dict,
)

T = mr.parse_tiles
SMALL = attrs.evolve(mr.Rules.classic(3), rack_size=6)


@settings(max_examples=examples(40), deadline=None)
@given(rst.states(SMALL, max_steps=90), st.integers(0, 2), st.integers(0, 2**32 - 1))
def test_an_observation_reads_back_and_holds_no_other_rack(
    state: mr.State, player: int, seed: int
) -> None:
    # R-RUM-SET-2: racks are face down. The document of what a player sees is read back
    # equal, and a state whose hidden tiles (the other racks, the pool) are dealt anew gives
    # the very same document: nothing of another rack is in it.
    seen = mr.observe(state, player)
    text = mr.observation_to_json(seen)
    assert mr.observation_from_json(text) == seen
    again = mr.determinise(seen, random.Random(seed))
    assert mr.observation_to_json(mr.observe(again, player)) == text
    data = json.loads(text)
    assert data["rack"] == [str(tile) for tile in state.racks[player]]
    assert data["rack_sizes"] == [len(rack) for rack in state.racks]
    assert set(data) == {field.name for field in attrs.fields(mr.Observation)} | {"format"}


def test_an_observation_by_hand() -> None:
    # R-RUM-SET-2: the observer's rack in notation, the others only by their sizes
    state = mr.position(
        mr.Rules.classic(),
        racks=[T("gn5 J"), T("bk1 bk2 bk3")],
        table=[mr.parse_meld("[gn6 gn7 gn8]")],
        opened=[0],
    )
    data = observation_to_dict(mr.observe(state, 1))
    assert data["format"] == OBSERVATION_FORMAT == "myrummy-observation/1"
    assert data["rack"] == ["bk1", "bk2", "bk3"]
    assert data["rack_sizes"] == [2, 3]
    assert data["pool_size"] == 106 - 2 - 3 - 3
    assert data["table"] == ["[gn6 gn7 gn8]"]
    assert "gn5" not in json.dumps(data)  # player 0's tiles appear nowhere
    # the state's wire form is the referee's: a player is sent the observation
    with pytest.raises(ValueError, match="what a player sees is written by observation_to_json"):
        mr.state_to_json(mr.observe(state, 0))  # type: ignore[arg-type]
    with pytest.raises(ValueError, match=r"send a player observe\(state, player\)"):
        mr.observation_to_json(state)  # type: ignore[arg-type]


def _refused(data: dict[str, object], where: str, reason: str) -> None:
    with pytest.raises(FileFormatError) as caught:
        observation_from_dict(data)
    assert caught.value.where == where, caught.value
    assert reason in caught.value.reason, caught.value


def test_documents_that_are_no_observation_are_refused_saying_where() -> None:
    # R-RUM-SET-1 / R-RUM-SET-2 / R-RUM-END-2: fields that no observation of play holds
    state = mr.position(
        mr.Rules.classic(),
        racks=[T("gn5 J"), T("bk1 bk2 bk3")],
        table=[mr.parse_meld("[gn6 gn7 gn8]")],
        opened=[0],
    )
    good = observation_to_dict(mr.observe(state, 0))

    def edited(**changes: object) -> dict[str, object]:
        return {**good, **changes}

    _refused(edited(format="myrummy-state/1"), "format", "not what a MyRummy player sees")
    _refused({k: v for k, v in good.items() if k != "rack_sizes"}, "rack_sizes", "missing")
    _refused(edited(racks=[]), "racks", "unknown field")
    _refused(edited(rack=["J", "gn5"]), "rack", "tiles are written sorted")
    _refused(edited(rack_sizes=[2]), "rack_sizes", "one size per player")
    _refused(edited(rack_sizes=[3, 3]), "rack_sizes", "player 0's rack holds 2 tiles")
    _refused(edited(pool_size=99), "pool_size", "the racks, the table and the pool hold 107")
    _refused(edited(rack=["J", "J"], table=["[gn6 J gn8]"]), "table", "the set has 2 × J")
    _refused(edited(turn=5), "turn", "expected 0 to 1")
    _refused(edited(end_rule="R-RUM-END-1"), "last_round", "its points are kept")
    _refused(
        edited(end_rule="R-RUM-END-1", last_round=[0, 0]),
        "rack_sizes[0]",
        "player 0 won the round by laying their last tile",
    )
    # a finished round: player 0 went out; player 1's minus points are what their rack holds
    ends = mr.position(
        mr.Rules.classic(),
        racks=[T("gn9"), T("bk1 bk2 J")],
        table=[mr.parse_meld("[gn6 gn7 gn8]")],
        opened=[0],
    )
    done = mr.apply(ends, mr.parse_action("play [gn6 gn7 gn8 gn9]"))
    assert done.end_rule == "R-RUM-END-1"
    seen = observation_to_dict(mr.observe(done, 1))
    assert seen["last_round"] == [28, -28]  # 1 + 2 + 25 for the joker, counted by hand
    assert observation_from_dict(seen) == mr.observe(done, 1)
    _refused({**seen, "last_round": [27, -27]}, "last_round", "makes their points of the round -28")
    _refused({**seen, "last_round": [20, -28]}, "last_round", "the sum of the others' minus")
    with pytest.raises(InvalidStateError):
        observation_from_dict({**seen, "rack_sizes": [1, 3], "pool_size": 106 - 4 - 4})


def test_a_huge_document_is_refused_before_it_is_parsed() -> None:
    with pytest.raises(FileFormatError, match="at most 1,048,576 are read"):
        mr.observation_from_json("[" * (MAX_TEXT_SIZE + 1))
