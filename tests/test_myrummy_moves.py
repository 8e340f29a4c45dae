"""MyRummy's moves (lay, add, move, split, join, swap) and the telling of a play as moves."""

from __future__ import annotations

import random
from collections import Counter
from itertools import islice, pairwise

import attrs
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from hypothesis_profiles import examples

import morpyam.myrummy as mr
from morpyam.myrummy.notation._moves import Combination
from morpyam.notation import NotationError

P = mr.parse_meld
T = mr.parse_tiles


def shape(table: object) -> Counter[tuple[mr.Tile, ...]]:
    """A table as a multiset of combinations, each a multiset (sorted tiles); the slots a turn
    emptied are no combinations."""
    combos = [getattr(item, "tiles", item) for item in table]  # type: ignore[attr-defined]
    return Counter(tuple(sorted(tiles)) for tiles in combos if tiles)


def replay(before: object, moves: tuple[mr.TableMove, ...], rack: tuple[mr.Tile, ...]) -> mr.Turn:
    turn = mr.Turn(before, rack)
    for move in moves:
        turn = mr.apply_move(turn, move)
    return turn


def told(before: list[str], after: list[str], rack: str) -> list[str]:
    moves = mr.moves_between([P(t) for t in before], [P(t) for t in after], T(rack))
    turn = replay([P(t) for t in before], moves, T(rack))
    assert shape(turn.table) == shape([P(t) for t in after])
    return [str(move) for move in moves]


def test_moves_of_the_rule_book_examples() -> None:
    # R-RUM-RE-4: the rule book's examples, told as moves a person would say (written by hand)
    assert told(["[gn6 gn7 gn8]"], ["[gn5 gn6 gn7 gn8 gn9]"], "gn5 gn9") == ["add gn5 gn9 to 1"]
    assert told(["{gn8 bk8 gy8}"], ["{gn8 bk8 gy8 pu8}"], "pu8 bk1") == ["add pu8 to 1"]
    assert told(["[bk2 bk3 bk4 bk5]"], ["[bk3 bk4 bk5 bk6]", "{bk2 gy2 pu2}"], "bk6 gy2 pu2") == [
        "add bk6 to 1",
        "lay pu2 gy2",
        "move bk2 from 1 to 2",
    ]
    assert told(["[pu2 pu3 pu4 pu5 pu6]"], ["[pu2 pu3 pu4]", "[pu4 pu5 pu6]"], "pu4") == [
        "split 1 at pu5",
        "add pu4 to 2",
    ]


def test_moves_of_jokers_and_joins() -> None:
    # R-RUM-JOK-2 / R-RUM-JOK-3: a joker replaced by its tile is swapped, then laid again
    assert told(["[gn4 J gn6]"], ["[gn4 gn5 gn6]", "[bk1 bk2 J]"], "gn5 bk1 bk2") == [
        "swap gn5 for J in 1",
        "lay bk1 bk2 J",
    ]
    assert told(["{gn4 J gy4}", "[bk1 bk2 bk3]"], ["{gn4 pu4 gy4}", "[bk1 bk2 bk3 J]"], "pu4") == [
        "swap pu4 for J in 1",
        "add J to 2",
    ]
    # R-RUM-RE-1: two runs taken wholly into one
    assert told(["[gn1 gn2 gn3]", "[gn4 gn5 gn6]"], ["[gn1 gn2 gn3 gn4 gn5 gn6 gn7]"], "gn7") == [
        "add gn7 to 1",
        "join 1 2",
    ]
    # a swapped joker that moves on with other tiles: swap, split the rest off, add the joker
    assert told(["[pu1 pu2 J pu4 pu5 pu6]"], ["[pu1 pu2 pu3 pu4]", "[pu5 pu6 J]"], "pu3 bk1") == [
        "swap pu3 for J in 1",
        "split 1 at pu5",
        "add J to 2",
    ]
    # a joker that leaves for a tile it does not stand for is moved, not swapped
    assert told(["[gn4 J gn6]"], ["[gn4 gn5 gn6 gn7]", "[bk1 bk2 J]"], "gn5 gn7 bk1 bk2")[0] == (
        "swap gn5 for J in 1"
    )
    assert told(["[gn4 gn5 J]"], ["[gn3 gn4 gn5]", "[bk1 bk2 J]"], "gn3 bk1 bk2") == [
        "add gn3 to 1",
        "lay bk1 bk2",
        "move J from 1 to 2",
    ]
    # a piece from the middle of a combination is moved, not split off
    middle = mr.moves_between(
        [T("pu1 pu2 pu3 pu4 pu5 pu6 pu7")], [T("pu1 pu2 pu6 pu7"), T("gn1 pu3 pu4 pu5")], T("gn1")
    )
    assert [str(move) for move in middle] == ["lay gn1", "move pu3 pu4 pu5 from 1 to 2"]
    # combinations left as they were are not named; an unchanged table needs no move
    assert told(["[gn1 gn2 gn3]", "{bk5 gn5 gy5}"], ["{bk5 gn5 gy5}", "[gn1 gn2 gn3]"], "J") == []


def test_moves_between_refuses_what_no_move_makes() -> None:
    # R-RUM-RE-3: no move takes a tile off the table; tiles come only from the rack
    with pytest.raises(mr.MoveError, match="gn3 lay on the table before and not after"):
        mr.moves_between([P("[gn1 gn2 gn3]")], [], ())
    with pytest.raises(mr.MoveError, match="needs gn4, not on the rack"):
        mr.moves_between([P("[gn1 gn2 gn3]")], [P("[gn1 gn2 gn3 gn4]")], T("gn5"))
    with pytest.raises(mr.MoveError, match="before: a table is a sequence"):
        mr.moves_between("gn1", [], ())  # type: ignore[arg-type]


def test_apply_move_builds_a_table_and_says_what_cannot_be_done() -> None:
    # R-RUM-TURN-1 / R-RUM-LAY-1: moves lay rack tiles and move table tiles; only done judges
    turn = mr.Turn([P("[gn8 gn9 gn10]"), P("[pu1 pu2 pu3 pu4]")], T("gn7 gn11 bk7 gy7 J gn6"))
    turn = mr.apply_move(turn, mr.Add(T("gn7 gn11"), 1))
    assert turn.table[0] == T("gn7 gn8 gn9 gn10 gn11")  # each at the end it fits
    turn = mr.apply_move(turn, mr.Lay((mr.parse_tile("bk7"), mr.JOKER)))
    assert turn.table[2] == (mr.parse_tile("bk7"), mr.JOKER)  # two tiles: allowed mid-turn
    turn = mr.apply_move(turn, mr.Move((mr.parse_tile("gn7"),), 1, 3))
    turn = mr.apply_move(turn, mr.Split(2, mr.parse_tile("pu4")))
    assert turn.table[1:] == (T("pu1 pu2 pu3"), (*T("bk7 gn7"), mr.JOKER), T("pu4"))
    turn = mr.apply_move(turn, mr.Swap(mr.parse_tile("gy7"), 3))
    assert turn.table[2] == T("bk7 gn7 gy7")  # a group lies sorted
    assert mr.JOKER in turn.hand
    turn = mr.apply_move(turn, mr.Join(2, 4))
    assert turn.table[1] == T("pu1 pu2 pu3 pu4")
    low = mr.Turn([T("gn4 gn5 gn6"), (mr.JOKER, *T("gn2 gn3"))], ())
    # the combination joined into another stays as an empty slot: numbers do not move
    assert mr.apply_move(low, mr.Join(1, 2)).table == ((mr.JOKER, *T("gn2 gn3 gn4 gn5 gn6")), ())
    assert turn.table[3] == ()
    turn = mr.apply_move(turn, mr.Move((mr.parse_tile("gn11"),), 1, None))
    assert turn.table[-1] == T("gn11")
    assert len(turn.table) == 5  # the new one numbered last, after the empty slot
    turn = mr.apply_move(turn, mr.Move((mr.parse_tile("gn11"),), 5, 1))
    assert len(turn.table) == 5  # the combination left empty keeps its number
    assert turn.table[3:] == ((), ())
    assert turn.hand == (*T("gn6"), mr.JOKER)  # the joker laid with bk7, swapped back
    play = turn.play()
    assert str(play) == "play [pu1 pu2 pu3 pu4] [gn8 gn9 gn10 gn11] {bk7 gn7 gy7}"
    cases: list[tuple[mr.TableMove, str]] = [
        (mr.Add(T("gn5"), 1), "gn5 is not on your rack"),
        (mr.Add(T("gn6"), 7), "there is no combination 7: the table has 1 to 5"),
        (mr.Add(T("gn6"), 4), "combination 4 is empty: its tiles went elsewhere this turn"),
        (mr.Move(T("gn8"), 1, 5), "combination 5 is empty"),
        (mr.Lay(T("gn6 gn6")), "2 × gn6 named, but there is only one on your rack"),
        (mr.Move(T("bk7"), 1, 2), "bk7 is not in combination 1"),
        (mr.Split(1, mr.parse_tile("gn8")), "gn8 is the first tile of combination 1"),
        (mr.Split(1, mr.parse_tile("gn1")), "gn1 is not in combination 1"),
        (mr.Swap(mr.parse_tile("gn6"), 1), "there is no joker in combination 1"),
    ]
    for move, message in cases:
        with pytest.raises(mr.MoveError, match=message):
            mr.apply_move(turn, move)
    # R-RUM-JOK-2: a joker is swapped only for a tile it stands for
    jokers = mr.Turn([P("[pu6 J pu8]"), P("{gn8 gy8 J}"), (*T("gn5"), mr.JOKER)], T("gn6 gn7"))
    with pytest.raises(mr.MoveError, match="the joker in combination 1 stands for pu7, not gn6"):
        mr.apply_move(jokers, mr.Swap(mr.parse_tile("gn6"), 1))
    with pytest.raises(mr.MoveError, match="combination 2 stands for pu8 or bk8, not gn6"):
        mr.apply_move(jokers, mr.Swap(mr.parse_tile("gn6"), 2))
    swapped = mr.apply_move(jokers, mr.Swap(mr.parse_tile("gn7"), 3))  # no meld yet: allowed
    assert swapped.table[2] == T("gn5 gn7")
    # rack tiles added out of order are put in order, a joker in the gap
    gap = mr.apply_move(mr.Turn([P("[bk11 bk12 bk13]")], T("bk9 J")), mr.Add(T("bk9 J"), 1))
    assert gap.table == ((*T("bk9"), mr.JOKER, *T("bk11 bk12 bk13")),)
    with pytest.raises(mr.MoveError, match="the table is empty"):
        mr.apply_move(mr.Turn((), T("gn1")), mr.Add(T("gn1"), 1))
    with pytest.raises(mr.MoveError, match="the table has only 1"):
        mr.apply_move(mr.Turn([T("gn1")], T("gn1")), mr.Add(T("gn1"), 2))
    with pytest.raises(mr.MoveError, match="is not a move"):
        mr.apply_move(turn, "lay gn6")  # type: ignore[arg-type]


def test_numbers_stay_put_when_a_move_empties_a_combination() -> None:
    # R-RUM-RE-1: "move pu8 pu9 from 3 to 2" empties 3; the combinations after it keep their
    # numbers, so "add ... to 5" read off the screen still reaches the combination it named
    runs = [
        "[gn1 gn2 gn3]",
        "[pu4 pu5 pu6 pu7]",
        "[pu8 pu9 pu10]",
        "{bk7 gn7 gy7}",
        "[gy9 gy10 gy11]",
    ]
    state = mr.position(
        mr.Rules.classic(),
        racks=[T("gy12 pu10 bk1"), T("bk2")],
        table=[P(text) for text in runs],
        opened=[0, 1],
    )
    turn = mr.Turn.start(state, order=[P(text) for text in runs])
    assert [str(P(text)) for text in runs] == [
        mr.core._text.combination_text(tiles) for tiles in turn.table
    ]
    turn = mr.apply_move(turn, mr.parse_move("move pu8 pu9 pu10 from 3 to 2"))
    turn = mr.apply_move(turn, mr.parse_move("add gy12 to 5"))
    assert turn.table[2] == ()  # 3 is an empty slot until the turn ends
    assert turn.table[4] == T("gy9 gy10 gy11 gy12")  # 5 is still the grey run
    assert str(turn).splitlines()[3:6] == [
        "   3  (empty)",
        "   4  {bk7 gn7 gy7}",
        "   5  [gy9 gy10 gy11 gy12]",
    ]
    with pytest.raises(mr.MoveError, match="combination 3 is empty"):
        mr.apply_move(turn, mr.parse_move("add pu10 to 3"))
    play = mr.judge_turn(state, turn)  # the empty slot is no combination
    assert len(play.table) == 4
    assert mr.apply(state, play).racks[0] == T("pu10 bk1")


def test_a_turn_starts_from_a_state_and_a_seat_and_takes_moves_back() -> None:
    # R-RUM-TURN-1: a turn is the rack of the seat on turn and the table; moves can be undone
    state = mr.position(
        mr.Rules.classic(),
        racks=[T("gn7 J"), T("bk1 bk2")],
        table=[P("[gn4 gn5 gn6]"), P("{bk9 gn9 gy9}")],
        opened=[0],
    )
    start = mr.Turn.start(state)
    assert start == mr.Turn(state.table, T("gn7 J"), state.table)
    assert start.moves == ()
    assert mr.Turn.start(state, 1).hand == T("bk1 bk2")
    assert mr.Turn.start(mr.observe(state, 0)) == start  # what the player sees is enough
    with pytest.raises(ValueError, match="sees only their own rack"):
        mr.Turn.start(mr.observe(state, 0), 1)
    with pytest.raises(ValueError, match="seat is a seat 0 to 1"):
        mr.Turn.start(state, 2)
    with pytest.raises(ValueError, match="order lists the melds of the table"):
        mr.Turn.start(state, order=[P("[gn4 gn5 gn6]")])
    with pytest.raises(ValueError, match="State or Observation"):
        mr.Turn.start("state")  # type: ignore[arg-type]
    with pytest.raises(mr.MoveError, match="nothing to take back"):
        start.undo()
    one = mr.apply_move(start, mr.parse_move("add gn7 to 1"))
    two = mr.apply_move(one, mr.parse_move("add J to 1"))
    assert two.table[0] == (*T("gn4 gn5 gn6 gn7"), mr.JOKER)
    assert [str(move) for move in two.moves] == ["add gn7 to 1", "add J to 1"]
    with pytest.raises(mr.MoveError, match=r"gn7 is already laid this turn \(in combination 1\)"):
        mr.apply_move(two, mr.parse_move("lay gn7"))
    # the rack held one gn7, laid: naming it twice says so, not "not on your rack"
    with pytest.raises(
        mr.MoveError,
        match=r"gn7 is already laid this turn \(in combination 1\), and your rack had one: undo",
    ):
        mr.apply_move(two, mr.parse_move("lay gn7 gn7"))
    with pytest.raises(mr.MoveError, match="gn8 is not on your rack"):
        mr.apply_move(two, mr.parse_move("lay gn8"))
    assert two.undo() == one
    assert two.undo().undo() == start
    assert two.reset() == start
    assert two.reset().moves == ()
    # equal turns compare equal however they were reached
    assert mr.apply_move(start, mr.parse_move("add gn7 J to 1")) == two
    assert str(start) == ("Table:\n   1  [gn4 gn5 gn6]\n   2  {bk9 gn9 gy9}\nIn hand: gn7 J")


def test_a_joker_at_either_end_of_a_run() -> None:
    # R-RUM-JOK-1: a joker added to a run stands for the tile at the end it is put at
    state = mr.position(
        mr.Rules.classic(),
        racks=[T("J gy1"), T("bk1")],
        table=[P("[gn4 gn5 gn6]"), P("[bk11 bk12 bk13]")],
        opened=[0],
    )
    start = mr.Turn.start(state, order=[P("[gn4 gn5 gn6]"), P("[bk11 bk12 bk13]")])
    at_end = mr.apply_move(start, mr.parse_move("add J to 1"))
    at_start = mr.apply_move(start, mr.parse_move("add J to 1 at start"))
    assert at_end.table[0] == (*T("gn4 gn5 gn6"), mr.JOKER)  # J is gn7
    assert at_start.table[0] == (mr.JOKER, *T("gn4 gn5 gn6"))  # J is gn3
    assert "[J gn4 gn5 gn6]" in map(str, mr.judge_turn(state, at_start).table)
    assert "[gn4 gn5 gn6 J]" in map(str, mr.judge_turn(state, at_end).table)
    # a run that ends at 13 takes it at the start, whatever was said
    high = mr.apply_move(start, mr.parse_move("add J to 2 at end"))
    assert high.table[1] == (mr.JOKER, *T("bk11 bk12 bk13"))
    assert mr.apply_move(start, mr.parse_move("add J to 2")).table[1] == high.table[1]
    moved = mr.apply_move(at_end, mr.parse_move("move gn4 from 1 to 2 at start"))
    assert moved.table[1] == (*T("gn4"), *T("bk11 bk12 bk13"))  # mid-turn: anything goes


def test_a_turn_names_the_combination_that_breaks_a_rule() -> None:
    # R-RUM-MELD-1 / R-RUM-MELD-2: at the end, each combination is a run or a group
    def fault(*tiles: str) -> str:
        with pytest.raises(mr.IllegalActionError) as caught:
            mr.Turn([T("gn1 gn2 gn3"), *(T(t) for t in tiles)], ()).play()
        return str(caught.value)

    # the reason after the number is the meld rule's own (melds.py words it)
    assert fault("gn5 gn7 gn9").startswith("R-RUM-MELD-2: combination 2 (gn5 gn7 gn9): ")
    assert fault("gn5 gn5 gn6").startswith("R-RUM-MELD-2: combination 2 (gn5 gn5 gn6)")
    assert fault("gn5 bk5") == (
        "R-RUM-MELD-1: combination 2 (bk5 gn5): a run or a group has at least 3 tiles, not 2"
    )
    assert fault("gn5 gn6").startswith("R-RUM-MELD-2: combination 2 (gn5 gn6): a run or a group")
    # colours and values both mixed: neither, said as such; past 4 tiles only a run could be
    neither = "neither a run (one colour, values in a row) nor a group"
    assert fault("gn5 bk6 gy7").startswith(f"R-RUM-MELD-1: combination 2 (bk6 gn5 gy7): {neither}")
    assert fault("gn5 gn6 gn7 gn8 bk9").startswith(
        f"R-RUM-MELD-2: combination 2 (bk9 gn5 gn6 gn7 gn8): {neither}"
    )
    assert fault("gn5 bk5 gn6").startswith("R-RUM-MELD-1: combination 2 (bk5 gn5 gn6): neither")
    # a run typed in any order is laid in order, a joker in the gap
    play = mr.Turn(
        [(mr.parse_tile("gn9"), mr.parse_tile("gn7"), mr.JOKER), (mr.JOKER, *T("bk12 bk13"))], ()
    ).play()
    assert str(play) == "play [gn7 J gn9] [J bk12 bk13]"
    assert str(mr.Turn([(mr.JOKER, *T("gn13 gn12"))], ()).play()) == "play [J gn12 gn13]"


def test_values_refuse_what_is_no_move() -> None:
    # R-RUM-SET-1: a move names tiles and combination numbers
    for make in (
        lambda: mr.Lay(()),
        lambda: mr.Lay("gn5"),
        lambda: mr.Add(T("gn5"), 0),
        lambda: mr.Move(T("gn5"), 2, 2),
        lambda: mr.Join(1, 1),
        lambda: mr.Split(1, "gn5"),  # type: ignore[arg-type]
        lambda: mr.Swap(mr.JOKER, 1),
        lambda: mr.Turn("gn5", ()),
        lambda: mr.Turn([], "gn5"),
        lambda: mr.Turn([T("gn1")] * 100, ()),
        lambda: mr.Add(T("gn1"), 1, end="middle"),  # type: ignore[arg-type]
        lambda: mr.Move(T("gn1"), 1, None, end="start"),
    ):
        with pytest.raises(mr.MoveError):
            make()


def test_parse_move_reads_every_move_and_points_at_the_wrong_word() -> None:
    # R-RUM-TURN-1: the words of a turn; str() gives them back
    for text in (
        "lay gn8 gn9 gn10",
        "add gn7 J to 3",
        "move gn4 from 2 to 5",
        "move gn4 gn5 from 2 to new",
        "split 4 at gn7",
        "join 2 3",
        "swap gn6 for J in 1",
        "add J to 3 at start",
        "move gn4 J from 2 to 5 at end",
    ):
        move = mr.parse_move(text.upper())
        assert str(move) == text
        assert mr.parse_move(str(move)) == move
    wrong = {
        "dance": (1, "'dance' is not a move"),
        "": (1, "'' is not a move"),
        "lay": (5, "name at least one tile"),
        "lay gn8 xx9": (9, "'xx9' is not a tile"),
        "add gn7 3": (5, "write it as: add gn7 to 3"),
        "add gn7 to x": (12, "'x' is no combination number"),
        "move gn4 from 2 to 2": (17, "a move goes from one combination to another"),
        "move gn4 to 2": (6, "write it as: move gn4 from 2 to 5"),
        "split 4 gn7": (7, "write it as: split 4 at gn7"),
        "join 2": (6, "write it as: join 2 3"),
        "join 2 2": (6, "join two different combinations"),
        "swap gn6 for J": (6, "write it as: swap gn6 for J in 1"),
        "swap J for J in 1": (6, "swap the tile the joker stands for"),
        "add J to 3 at middle": (15, "after 'at', write start or end"),
        "move gn4 from 2 to new at start": (24, "a new combination has no end"),
    }
    for text, (column, reason) in wrong.items():
        with pytest.raises(NotationError) as caught:
            mr.parse_move(text)
        assert caught.value.column == column, text
        assert caught.value.reason.startswith(reason), caught.value.reason
    # combination numbers in the digits 0-9 only: "²" and "٣" are digits to Python, not here
    for text, column in (("join ² 3", 6), ("join ٣ 2", 6), ("add gn7 to ¹", 12)):
        with pytest.raises(NotationError, match="is no combination number") as caught:
            mr.parse_move(text)
        assert caught.value.column == column
    # letters compare in ASCII only: the Kelvin sign (U+212A) is no k, the long s no s, and
    # "İ" (which str.lower makes two characters) moves no column
    for text, column in (
        ("lay b\u212a5 bk6 bk7", 5),
        ("add gn7 to 3 at \u017ftart", 17),
        ("\u0130 lay gn1", 1),
        ("\u0130\u0130 gn5 x", 1),
    ):
        with pytest.raises(NotationError) as caught:
            mr.parse_move(text)
        assert caught.value.column == column, text
    with pytest.raises(
        NotationError, match=r"'b\u212a5' is not a tile \(U\+212A is no letter a-z\)"
    ):
        mr.parse_move("lay b\u212a5 bk6 bk7")
    with pytest.raises(NotationError, match="is no combination number") as caught:
        mr.parse_move("join \u0130 2")
    assert caught.value.column == 6
    assert mr.parse_move("LAY BK5 Bk6 bK7") == mr.parse_move("lay bk5 bk6 bk7")
    with pytest.raises(mr.IllegalActionError, match="R-RUM-SET-1"):
        mr.parse_tile("b\u212a5")
    with pytest.raises(ValueError, match="R-RUM-SET-1"):
        mr.parse_action("play [b\u212a5 bk6 bk7]")
    with pytest.raises(NotationError, match="at most 200"):
        mr.parse_move("lay " + "gn1 " * 60)
    with pytest.raises(NotationError, match="a move is text"):
        mr.parse_move(5)  # type: ignore[arg-type]


# ---------------------------------------------------------------------------
# Properties: replaying the moves of a play gives its table

RULES = [
    attrs.evolve(mr.Rules.classic(2), rack_size=10),
    attrs.evolve(mr.Rules.rummikub(2), rack_size=10),
]


def _check_told(state: mr.State, play: mr.Play) -> None:
    moves = mr.moves_between(state.table, play.table, state.rack)
    turn = replay(state.table, moves, state.rack)
    assert shape(turn.table) == shape(play.table)
    # the table replayed is a legal play with the same outcome (the engine judges it)
    assert mr.apply(state, mr.judge_turn(state, turn)).racks == mr.apply(state, play).racks
    # each move places at least one tile of a combination that changed, and no tile twice
    changed = shape(play.table) - shape(state.table)
    assert len(moves) <= sum(len(tiles) for tiles in changed.elements())


@settings(max_examples=examples(20), deadline=None)
@given(st.integers(0, 10**6), st.sampled_from(RULES))
def test_replaying_the_moves_of_legal_plays(seed: int, rules: mr.Rules) -> None:
    # R-RUM-RE-1 / R-RUM-RE-3: the moves told for a legal play rebuild its table from the old one
    rng = random.Random(seed)
    state = mr.new_game(rules)
    told_plays = 0
    for _ in range(300):
        if state.is_terminal:
            break
        if state.is_chance:
            state = mr.apply(state, mr.sample_chance(state, rng))
            continue
        size = sum(len(meld.tiles) for meld in state.table)
        play = mr.best_play(state) if size < 40 else None
        if play is not None:
            _check_told(state, play)
            told_plays += 1
            if size < 20:  # plays() is exhaustive: a few others, at random
                for other in islice(mr.plays(state), rng.randrange(1, 6)):
                    _check_told(state, other)
            state = mr.apply(state, play)
        else:
            state = mr.apply(state, mr.legal_actions(state)[0])
    assert told_plays or state.is_terminal


tiles = st.sampled_from(mr.TILES)


@st.composite
def rearrangements(draw: st.DrawFn) -> tuple[list[Combination], list[Combination], list[mr.Tile]]:
    """Any two tables where the second has the first's tiles and some more (not valid melds)."""
    table = draw(st.lists(tiles, max_size=20))
    rack = draw(st.lists(tiles, max_size=6))
    laid = draw(st.lists(st.sampled_from(rack), max_size=len(rack), unique_by=id)) if rack else []

    def cut(items: list[mr.Tile]) -> list[Combination]:
        order = draw(st.permutations(items))
        cuts = sorted(draw(st.sets(st.integers(1, max(1, len(order) - 1)))))
        bounds = [0, *(c for c in cuts if c < len(order)), len(order)]
        return [tuple(order[a:b]) for a, b in pairwise(bounds) if b > a]

    return cut(table), cut(table + laid), rack


@settings(max_examples=examples(200), deadline=None)
@given(rearrangements())
def test_replaying_the_moves_of_any_rearrangement(
    case: tuple[list[Combination], list[Combination], list[mr.Tile]],
) -> None:
    # R-RUM-RE-3: whatever the combinations, the moves rebuild the new table as multisets
    before, after, rack = case
    moves = mr.moves_between(before, after, rack)
    turn = replay(before, moves, tuple(rack))
    assert shape(turn.table) == shape(after)
    assert Counter(turn.hand) == Counter(rack) - (
        Counter(t for c in after for t in c) - Counter(t for c in before for t in c)
    )


def test_judge_turn_reads_the_jokers_the_way_the_rules_allow() -> None:
    # R-RUM-JOK-3: a table joker keeps standing for its tile; of the ways to read [J J pu8] the
    # judge allows [pu8 J J], where the joker from [pu5 pu6 pu7 pu8 J] still stands for pu9
    state = mr.position(
        mr.Rules.rummikub(),
        racks=[T("pu1 pu11 bk6 gn3 gy7"), T("bk1")],
        table=[P(t) for t in ("[pu5 pu6 pu7 pu8 J]", "{pu8 bk8 gn8 gy8}", "{bk11 gn11 J}")],
        opened=[0, 1],
    )
    turn = mr.Turn(state.table, state.rack)
    for text in ("swap pu11 for J in 3", "lay J", "move J from 1 to 4", "move pu8 from 2 to 4"):
        turn = mr.apply_move(turn, mr.parse_move(text))
    assert turn.table[3] == (mr.JOKER, mr.JOKER, *T("pu8"))  # pu6 pu7 pu8 as it lies
    with pytest.raises(mr.IllegalActionError, match="R-RUM-JOK-3"):
        mr.apply(state, turn.play(state.table))
    top = [str(play) for play in mr.Turn([(mr.JOKER, *T("gn12 gn13"))], ()).readings()]
    assert top == ["play [J gn12 gn13]"]  # no gn14 for the joker to stand for
    broken = mr.moves_between(
        [(*T("gn5 bk9"), mr.JOKER)],
        [T("gn5 gn6 bk9"), (*T("pu1 pu2"), mr.JOKER)],
        T("gn6 pu1 pu2"),
    )
    assert [str(move) for move in broken] == ["add gn6 to 1", "lay pu1 pu2", "move J from 1 to 2"]
    readings = [str(play) for play in turn.readings(state.table)]
    assert len(readings) == len(set(readings)) == 4  # [J J pu8] [J pu8 J] [pu8 J J] {pu8 J J}
    play = mr.judge_turn(state, turn)
    assert "[pu8 J J]" in str(play)
    assert mr.apply(state, play).racks[0] == T("pu1 bk6 gn3 gy7")
    # R-RUM-OPEN-1: no reading makes 15 points an opening: the first reading's error
    fresh = mr.position(mr.Rules.classic(), racks=[T("gn5 gy5 J gn1"), T("bk1")])
    laid = mr.apply_move(mr.Turn((), fresh.rack), mr.parse_move("lay gn5 gy5 J"))
    with pytest.raises(mr.IllegalActionError, match="R-RUM-OPEN-1"):
        mr.judge_turn(fresh, laid)
    # a run of all thirteen values has no room for a joker: added, it lies last, and the
    # fourteen tiles are no combination (R-RUM-SET-1: 13 tiles at most)
    full = mr.Turn([tuple(mr.Tile(mr.Colour.GREEN, v) for v in range(1, 14))], (mr.JOKER,))
    full = mr.apply_move(full, mr.parse_move("add J to 1"))
    assert full.table[0][-1] == mr.JOKER
    with pytest.raises(mr.IllegalActionError, match="R-RUM-SET-1: combination 1 "):
        full.play()
    # a turn is built from tiles only
    for table, hand in (([["gn1"]], ()), ([], ["gn1"]), ([5], ())):
        with pytest.raises(mr.MoveError):
            mr.Turn(table, hand)
