"""The kit under the three games: its readers refuse bad documents the same way for each game."""

from __future__ import annotations

import pytest

import morpyam as mp
import morpyam.yahtzee as yz
from morpyam.encoding import rules_from as morpyam_rules
from morpyam.errors import FileFormatError, InvalidStateError
from morpyam.kit import (
    check_fields,
    fields,
    parse_json,
    read_int,
    read_ints,
    read_table,
    require_state,
    rules_from,
)
from morpyam.rules import PRESETS, Rules
from morpyam.yahtzee.encoding import rules_from as yahtzee_rules


def test_rules_from_reads_a_value_a_name_or_none() -> None:
    assert morpyam_rules(None) == Rules.classic()
    assert morpyam_rules("flash", 3) == Rules.flash(3)
    custom = Rules.classic(4)
    assert morpyam_rules(custom) is custom
    assert yahtzee_rules(None) == yz.Rules.hasbro()
    with pytest.raises(ValueError, match=r"rules must be one of classic, official, flash, plus"):
        rules_from("chess", PRESETS, Rules)
    # a sibling game's rules are named as the wrong kind, before any encoding is built
    with pytest.raises(ValueError, match="a score-sheet Rules, a preset name or None"):
        yahtzee_rules(mp.Rules.classic())  # type: ignore[arg-type]


def test_unknown_then_missing_members_are_refused_where_they_are() -> None:
    with pytest.raises(
        FileFormatError, match=r"^rules\.colour: unknown field; the fields are a, b$"
    ):
        check_fields({"a": 1, "colour": 2}, ("a", "b"), "rules", required=("a", "b"))
    with pytest.raises(FileFormatError, match=r"^rules\.b: missing$"):
        check_fields({"a": 1}, ("a", "b"), "rules", required=("a", "b"))
    with pytest.raises(FileFormatError, match=r"^b: missing$"):
        check_fields({"a": 1}, ("a", "b"), required=("a", "b"))
    check_fields({"a": 1}, ("a", "b"), required=("a",))


def test_integers_are_read_in_their_range() -> None:
    assert read_int(3, "players", 1, 4) == 3
    with pytest.raises(FileFormatError, match=r"^players: expected 1 to 4, got 5$"):
        read_int(5, "players", 1, 4)
    with pytest.raises(FileFormatError, match="expected an integer, got the boolean true"):
        read_int(True, "players", 0, 4)
    with pytest.raises(FileFormatError, match="64-bit"):
        read_int(2**63, "n")
    with pytest.raises(FileFormatError, match=r"^dice\[2\]: expected 1 to 6, got 7$"):
        read_ints([1, 6, 7], "dice", 1, 6)


def test_a_key_given_twice_is_refused_at_its_place() -> None:
    document = parse_json('{"sheet": {"ones": 1, "ones": 2}}')
    table = read_table(document, "document")
    with pytest.raises(FileFormatError, match=r"^sheet\.ones: given more than once$"):
        read_table(table["sheet"], "sheet")


def test_a_state_whose_fields_disagree_is_an_invalid_state() -> None:
    require_state(True, "x", "fine")
    with pytest.raises(InvalidStateError, match=r"^tokens: R-SET-2: too many$"):
        require_state(False, "tokens", "R-SET-2: too many")
    assert issubclass(InvalidStateError, FileFormatError)


def test_a_document_of_another_format_is_named() -> None:
    from morpyam.kit import require_format
    from morpyam.state_json import state_from_json

    with pytest.raises(FileFormatError, match=r'^format: missing; a state says "format": "s/1"$'):
        require_format({}, "s/1", "a state")
    with pytest.raises(FileFormatError, match=r"^format: this is the format 'r/1', not a state"):
        require_format({"format": "r/1"}, "s/1", "a state")
    with pytest.raises(FileFormatError, match=r"^format: this is a record, not a state \('s/1'\)$"):
        require_format({"format": "r/1"}, "s/1", "a state", {"r/1": "a record"})
    # Morpyam's state reader names the package's other documents
    with pytest.raises(FileFormatError, match="this is a game record, not a state"):
        state_from_json('{"format": "morpyam/1"}')


def test_a_rules_table_is_read_field_by_field() -> None:
    from morpyam.kit import read_attrs

    hasbro = yz.Rules.hasbro()
    names = [field.name for field in yz.Rules.__attrs_attrs__]
    table = {name: getattr(hasbro, name) for name in names}
    assert read_attrs(table, "rules", yz.Rules) == hasbro
    missing = {key: value for key, value in table.items() if key != "upper_bonus"}
    with pytest.raises(FileFormatError, match=r"^rules\.upper_bonus: missing$"):
        read_attrs(missing, "rules", yz.Rules)
    # an optional field left out is read at its default
    assert read_attrs(missing, "rules", yz.Rules, optional=("upper_bonus",)) == yz.Rules(**missing)
    with pytest.raises(FileFormatError, match=r"^rules\.colour: unknown field"):
        read_attrs({**table, "colour": 1}, "rules", yz.Rules)
    with pytest.raises(FileFormatError, match=r"^rules\.upper_bonus: integer out of range"):
        read_attrs({**table, "upper_bonus": 2**70}, "rules", yz.Rules)
    with pytest.raises(FileFormatError, match=r"^rules: "):  # what Rules itself refuses
        read_attrs({**table, "upper_bonus": -1}, "rules", yz.Rules)


def test_json_nested_deeper_than_the_limit_is_refused_before_it_is_parsed() -> None:
    # The same refusal on every Python: 3.13's parser reads 5,000 levels where 3.11's
    # recursion gives up, so the depth is counted, not left to the interpreter.
    limit = fields.MAX_NESTING
    assert fields.parse_json("[" * limit + "]" * limit) is not None
    for deep in ("[" * (limit + 1) + "]" * (limit + 1), "[" * 5000, '{"a":' * 40 + "1" + "}" * 40):
        with pytest.raises(FileFormatError, match="nested too deeply") as caught:
            fields.parse_json(deep)
        assert caught.value.where == "document"
    # brackets inside strings are text, not nesting
    assert fields.parse_json('["' + "[" * 100 + '"]') == ["[" * 100]
    assert fields.parse_json('["\\"[[[", ' + "[" * 3 + "]" * 3 + "]") == ['"[[[', [[[]]]]


@pytest.mark.parametrize(
    ("text", "column"),
    [("resign", 7), ("resign 1 2", 10), ("resign x", 8), ("resign 7", 8), ("resign \u0663", 8)],
)
def test_both_records_refuse_a_bad_resignation_alike(text: str, column: int) -> None:
    # R-END-4: Morpyam's and MyRummy's records read "resign N" with the kit's one reader, so a
    # bad resignation is refused at the same column in both, with the same words
    import morpyam.myrummy as mr
    from morpyam import records
    from morpyam.errors import NotationError

    errors = []
    for parse in (records.parse_entry, mr.notation.parse_entry):
        with pytest.raises(NotationError) as caught:
            parse(text)
        errors.append(caught.value)
    assert [error.column for error in errors] == [column, column]
    assert str(errors[0]) == str(errors[1])


def test_both_records_read_a_resignation_in_any_case() -> None:
    # R-END-4: "RESIGN 2" is player 2's resignation in both games' records
    import morpyam.myrummy as mr
    from morpyam import records
    from morpyam.kit.records import Resign

    assert records.parse_entry("RESIGN 2") == mr.notation.parse_entry("Resign 2") == Resign(2)
