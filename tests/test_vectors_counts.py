"""The path counts of the test vectors against a brute force written from the rule book.

The brute force below never asks the library what is legal: it classifies
dice, counts cells, keeps and outcomes, and enumerates MyRummy's melds from
the rule text, then counts the paths of ``morpyam.vectors._counts`` (every
action sequence, chance outcomes included; MyRummy's decisions are the draw
and every play) at depths 1 and 2, and at depth 3 where the tree is a roll
away. Each fixed position of ``COUNT_POSITIONS`` is checked, by name, and so
is its deepest count divided by the first action (perft's "divide"): the
brute force names each first action in the notation of the docs and counts
the paths below it.
"""

from __future__ import annotations

import math
import re
from collections import Counter
from collections.abc import Callable, Iterator
from fractions import Fraction
from itertools import combinations, combinations_with_replacement
from pathlib import Path
from typing import Any

import pytest

from morpyam.vectors._counts import COUNT_POSITIONS, count_paths, divide_paths

RULE_BOOK = Path(__file__).parent.parent / "docs" / "rules.md"

# --- the dice, from the rule book ----------------------------------------------------------

FACES = range(1, 7)
HARD = ("morpyam", "four-of-a-kind", "maxi", "mini", "straight", "full-house")
"""R-CELL-2: the figures that make a Sec; R-CALL-2: with SEC, what may be called."""
CALLABLE = (*HARD, "sec")
CELLS = {
    **{f"three-{face}": 3 for face in FACES},
    "small-straight": 2,
    **dict.fromkeys((*HARD, "sec", "call"), 2),
}
"""R-GRID-1: the labels of the classic grid, counted (three Brelans of each face, two of the rest)."""
WORDS = ("ones", "twos", "threes", "fours", "fives", "sixes")
CELL_NAMES = [f"{column}{row}" for row in range(1, 7) for column in "abcdef"]
"""R-GRID-2: columns a to f left to right, rows 1 to 6 top to bottom, read row by row."""


def label_notation(label: str) -> str:
    """A label in the notation of records.md: Brelans spelt out (``three-ones``)."""
    return f"three-{WORDS[int(label[-1]) - 1]}" if label[-2:-1] == "-" else label


def roll_notation(kept: tuple[int, ...], call: str | None = None) -> str:
    """A roll in the notation of records.md: ``roll keep 3 3 call full-house``."""
    words = [
        "roll",
        *(["keep", *map(str, kept)] if kept else []),
        *(["call", call] if call else []),
    ]
    return " ".join(words)


def figures(dice: tuple[int, ...]) -> set[str]:
    """R-FIG-1 to R-FIG-8: every figure five dice show."""
    counts = Counter(dice)
    faces = set(dice)
    shown = {f"three-{face}" for face, n in counts.items() if n >= 3}
    if any(set(run) <= faces for run in ((1, 2, 3, 4), (2, 3, 4, 5), (3, 4, 5, 6))):
        shown.add("small-straight")
    if sorted(dice) in ([1, 2, 3, 4, 5], [2, 3, 4, 5, 6]):
        shown.add("straight")
    if sorted(counts.values()) == [2, 3] or len(counts) == 1:
        shown.add("full-house")
    if max(counts.values()) >= 4:
        shown.add("four-of-a-kind")
    if sum(dice) <= 8:
        shown.add("mini")
    if sum(dice) >= 27:
        shown.add("maxi")
    if len(counts) == 1:
        shown.add("morpyam")
    return shown


def outcomes(thrown: int) -> Iterator[tuple[tuple[int, ...], Fraction]]:
    """The sorted outcomes of ``thrown`` dice with their probabilities (orderings over 6**n)."""
    for faces in combinations_with_replacement(FACES, thrown):
        orderings = math.factorial(thrown)
        for count in Counter(faces).values():
            orderings //= math.factorial(count)
        yield faces, Fraction(orderings, 6**thrown)


def keeps(dice: tuple[int, ...]) -> set[tuple[int, ...]]:
    """R-TURN-1: the different sets of 0 to 4 dice that may be kept."""
    return {tuple(sorted(kept)) for size in range(5) for kept in combinations(dice, size)}


def first_roll_moves(
    dice: tuple[int, ...], call: str | None, *, official: bool, free: Counter[str] | None = None
) -> int:
    """The decisions after a first roll of ``dice`` called ``call``, the cells of ``free`` free
    (by default every cell)."""
    free = Counter(CELLS) if free is None else free
    shown = figures(dice)
    sec = bool(shown & set(HARD))
    if call is not None and (call in shown or (call == "sec" and sec)):
        return free["call"]  # R-CALL-5: a free CALL cell, nothing else
    if "morpyam" in shown:  # R-MOR-1: a MORPYAM cell or, on the first roll, SEC; no pass
        places, passes = free["morpyam"] + free["sec"], 0
    else:  # R-CELL-1, R-CELL-2 (never CALL: R-CELL-3); R-TURN-4: a pass
        places = sum(free[label] for label in shown) + (free["sec"] if sec else 0)
        passes = 1
    # R-CALL-3: no SEC after the first roll; R-CALL-8 (2025 edition): nothing shown
    calls = [figure for figure in HARD if not (official and figure in shown)]
    return places + passes + len(keeps(dice)) * (1 + len(calls))


TURN_START = 1 + len(CALLABLE)
"""R-CALL-1, R-CALL-4: a turn begins with a roll, with no call or any call (a CALL cell free)."""


def morpyam_turn_start() -> list[tuple[int, Fraction]]:
    depth_3 = [
        (first_roll_moves(dice, call, official=False), p)
        for call in (None, *CALLABLE)
        for dice, p in outcomes(5)
    ]
    return [
        (TURN_START, Fraction(TURN_START)),
        (TURN_START * 252, Fraction(TURN_START)),
        (sum(n for n, _ in depth_3), sum((n * p for n, p in depth_3), Fraction(0))),
    ]


def morpyam_after_first_roll(
    dice: tuple[int, ...], official: bool, free: Counter[str] | None = None
) -> list[tuple[int, Fraction]]:
    moves = first_roll_moves(dice, None, official=official, free=free)
    shown = figures(dice)
    calls = 1 + sum(1 for figure in HARD if not (official and figure in shown))
    rolls = len(keeps(dice)) * calls
    ends = moves - rolls  # placements and the pass: the next player's turn begins
    thrown = sum(calls * math.comb(10 - len(kept), 5) for kept in keeps(dice))
    return [
        (moves, Fraction(moves)),
        (ends * TURN_START + thrown, Fraction(ends * TURN_START + rolls)),
    ]


def grid() -> list[str]:
    """R-GRID-2: the classic arrangement, row by row, read from the rule book's text."""
    text = RULE_BOOK.read_text(encoding="utf-8")
    block = text[text.index("- **R-GRID-2**") :]
    block = block[
        block.index("```text") + len("```text") : block.index("```", block.index("```text") + 7)
    ]
    names = {"SS": "small-straight", "STR": "straight", "FUL": "full-house", "4K": "four-of-a-kind"}
    names |= {"MIN": "mini", "MAX": "maxi", "MOR": "morpyam", "SEC": "sec", "CAL": "call"}
    labels = []
    for line in block.strip().splitlines():
        for word in line.split()[1:]:
            labels.append(f"three-{word[2]}" if word.startswith("3×") else names[word])
    return labels


def mid_game() -> list[tuple[int, Fraction]]:
    taken = {"a1", "b1", "c1", "a2"}
    cells = [f"{column}{row}" for row in range(1, 7) for column in "abcdef"]
    free = Counter(label for cell, label in zip(cells, grid()) if cell not in taken)
    return morpyam_after_first_roll((1, 2, 3, 4, 6), False, free)


def plus_deal() -> list[tuple[int, Fraction]]:
    # R-VAR-PLUS: each deal draws one of the tiles left, at random: its outcomes are the
    # labels left, each with the share of the tiles it has
    bag = Counter(grid())
    depth_2 = sum(len(+(bag - Counter([a]))) for a in bag)
    depth_3 = sum(len(+(bag - Counter([a, b]))) for a in bag for b in +(bag - Counter([a])))
    return [(len(bag), Fraction(1)), (depth_2, Fraction(1)), (depth_3, Fraction(1))]


def plus_deal_divided() -> dict[str, tuple[int, Fraction]]:
    bag = Counter(grid())
    return {
        f"deal {label_notation(a)}": (
            sum(len(+(bag - Counter([a, b]))) for b in +(bag - Counter([a]))),
            Fraction(bag[a], 36),
        )
        for a in bag
    }


def plus_laying() -> list[tuple[int, Fraction]]:
    # R-VAR-PLUS: dealt round the table from player 0, who then lays a tile at a time on an
    # empty position
    hand = Counter(grid()[0::2])
    depth_2 = sum(36 * 35 * len(+(hand - Counter([a]))) for a in hand)
    return [(len(hand) * 36, Fraction(len(hand) * 36)), (depth_2, Fraction(depth_2))]


def turn_start_divided(depth: int = 3) -> dict[str, tuple[int, Fraction]]:
    divided = {}
    for call in (None, *CALLABLE):
        if depth == 2:  # the roll's 252 outcomes, their chances adding up to 1
            divided[roll_notation((), call)] = (252, Fraction(1))
            continue
        moves = [(first_roll_moves(dice, call, official=False), p) for dice, p in outcomes(5)]
        divided[roll_notation((), call)] = (
            sum(n for n, _ in moves),
            sum((n * p for n, p in moves), Fraction(0)),
        )
    return divided


def after_first_roll_divided(
    dice: tuple[int, ...], official: bool, taken: frozenset[str] = frozenset()
) -> dict[str, tuple[int, Fraction]]:
    """Depth 2 after a first roll, by the decision taken: a cell or the pass ends the turn and
    the next one begins (TURN_START); a roll throws the dice not kept."""
    shown = figures(dice)
    sec = bool(shown & set(HARD))
    if "morpyam" in shown:  # R-MOR-1: a MORPYAM cell or SEC, no pass
        allowed, passes = {"morpyam", "sec"}, False
    else:  # R-CELL-1, R-CELL-2 (never CALL: R-CELL-3); R-TURN-4: a pass
        allowed, passes = shown | ({"sec"} if sec else set()), True
    ends = (TURN_START, Fraction(TURN_START))
    divided = {
        f"place {cell}": ends
        for cell, label in zip(CELL_NAMES, grid())
        if cell not in taken and label in allowed
    }
    if passes:
        divided["pass"] = ends
    # R-CALL-3: no SEC after the first roll; R-CALL-8 (2025 edition): nothing shown
    calls = [None, *(figure for figure in HARD if not (official and figure in shown))]
    for kept in keeps(dice):
        for call in calls:
            divided[roll_notation(kept, call)] = (math.comb(10 - len(kept), 5), Fraction(1))
    return divided


def plus_laying_divided() -> dict[str, tuple[int, Fraction]]:
    # R-VAR-PLUS: any tile of the hand on any of the 36 positions, then another on the 35 left
    hand = Counter(grid()[0::2])
    divided = {}
    for a in hand:
        after = 35 * len(+(hand - Counter([a])))
        for cell in CELL_NAMES:
            divided[f"lay {label_notation(a)} {cell}"] = (after, Fraction(after))
    return divided


MORPYAM = {
    "classic-turn-start": morpyam_turn_start,
    "classic-3p-turn-start": morpyam_turn_start,  # R-SET-2: the players do not change a turn
    "classic-4p-turn-start": morpyam_turn_start,
    "classic-mid-game": mid_game,
    "plus-deal": plus_deal,
    "plus-laying": plus_laying,
    "classic-four-ones": lambda: morpyam_after_first_roll((1, 1, 1, 1, 3), False),
    "official-four-sixes": lambda: morpyam_after_first_roll((1, 6, 6, 6, 6), True),
    # R-SET-3: three players throw one die each before any tie is settled
    "classic-start-roll": lambda: [(6**d, Fraction(1)) for d in (1, 2, 3)],
}


# --- the score sheet -------------------------------------------------------------------------

BOXES = 13
"""Y-BOX-1: thirteen boxes; Y-BOX-8: any empty box may be filled, with a 0 if need be."""


def sheet_turn_start() -> list[tuple[int, Fraction]]:
    third = [(BOXES + len(keeps(dice)), p) for dice, p in outcomes(5)]
    return [
        (1, Fraction(1)),
        (252, Fraction(1)),
        (sum(n for n, _ in third), sum((n * p for n, p in third), Fraction(0))),
    ]


SHEET_BOXES = (
    *("ones", "twos", "threes", "fours", "fives", "sixes", "three-of-a-kind"),
    *("four-of-a-kind", "full-house", "small-straight", "large-straight", "yahtzee", "chance"),
)
"""Y-BOX-1: the thirteen boxes, named as in the notation (``score full-house``)."""


def sheet_divided(
    dice: tuple[int, ...], filled: tuple[str, ...] = ()
) -> dict[str, tuple[int, Fraction]]:
    """Depth 2 after a first roll, by the decision taken: a box, then the next turn's roll
    (Y-TURN-2); a roll keeping 0 to 4 dice, then the outcomes of the others (Y-TURN-1)."""
    divided = {f"score {box}": (1, Fraction(1)) for box in SHEET_BOXES if box not in filled}
    for kept in keeps(dice):
        divided[roll_notation(kept)] = (math.comb(10 - len(kept), 5), Fraction(1))
    return divided


def sheet_after_first_roll(dice: tuple[int, ...], boxes: int = BOXES) -> list[tuple[int, Fraction]]:
    rolls = len(keeps(dice))
    thrown = sum(math.comb(10 - len(kept), 5) for kept in keeps(dice))
    # Y-TURN-2: a box ends the turn; the next turn (this player's or the next one's) begins
    # with the roll
    return [(boxes + rolls, Fraction(boxes + rolls)), (boxes + thrown, Fraction(boxes + rolls))]


YAHTZEE = {
    "megawuerfel-turn-start": sheet_turn_start,
    "hasbro-second-roll": lambda: sheet_after_first_roll((2, 2, 3, 5, 6)),
    "megawuerfel-2p-second-roll": lambda: sheet_after_first_roll((1, 3, 3, 4, 6)),
    # Y-BOX-8: any of the 11 empty boxes, ones and large straight being filled
    "megawuerfel-mid-game": lambda: sheet_after_first_roll((5, 5, 6, 6, 6), boxes=11),
}


# --- MyRummy's melds, from the rule book -----------------------------------------------------

Tile = tuple[str, int] | str
"""A tile: (colour, value), or ``"J"``, the joker."""
COLOURS = ("pu", "bk", "gn", "gy")


def tiles(text: str) -> Counter[Tile]:
    found: Counter[Tile] = Counter()
    for word in text.split():
        found["J" if word == "J" else (word[:2], int(word[2:]))] += 1
    return found


def melds(available: Counter[Tile]) -> list[tuple[Any, Counter[Tile]]]:
    """Every meld the tiles allow, as (its identity, the tiles it takes).

    R-RUM-MELD-2: a run, 3 or more of one colour, consecutive values within 1 to 13, a joker
    standing for any of them; R-RUM-MELD-1: a group, 3 or 4 of one value in different
    colours, jokers standing for missing colours (R-RUM-JOK-1).
    """
    jokers = available["J"]
    found: list[tuple[Any, Counter[Tile]]] = []
    for colour in COLOURS:
        for start in range(1, 12):
            for length in range(3, 15 - start):
                places = range(length)
                missing = [i for i in places if not available[(colour, start + i)]]
                for extra in range(jokers - len(missing) + 1):
                    for chosen in combinations(sorted(set(places) - set(missing)), extra):
                        joker_at = tuple(i in missing or i in chosen for i in places)
                        if all(joker_at):
                            continue
                        used: Counter[Tile] = Counter(
                            (colour, start + i) for i in places if not joker_at[i]
                        )
                        used["J"] = sum(joker_at)
                        found.append((("run", colour, start, joker_at), +used))
    for value in range(1, 14):
        for size in (3, 4):
            for real in range(1, size + 1):
                if size - real > jokers:
                    continue
                for colours in combinations(COLOURS, real):
                    used = Counter((colour, value) for colour in colours)
                    used["J"] = size - real
                    if all(available[t] >= n for t, n in used.items()):
                        found.append((("group", value, colours, size - real), +used))
    return found


def points(meld: Any) -> int:
    """R-RUM-OPEN-1: the values laid, a joker counting the tile it stands for."""
    if meld[0] == "run":
        _, _, start, joker_at = meld
        return sum(range(int(start), int(start) + len(joker_at)))
    _, value, colours, jokers = meld
    return int(value) * (len(colours) + int(jokers))


def meld_sets(available: Counter[Tile]) -> Iterator[tuple[list[Any], Counter[Tile]]]:
    """Every multiset of melds the tiles make (empty included), with the tiles it takes."""
    options = melds(available)

    def grow(
        at: int, chosen: list[Any], used: Counter[Tile]
    ) -> Iterator[tuple[list[Any], Counter[Tile]]]:
        yield chosen, used
        for index in range(at, len(options)):
            meld, takes = options[index]
            after = used + takes
            if all(available[t] >= n for t, n in after.items()):
                yield from grow(index, [*chosen, meld], after)

    yield from grow(0, [], Counter())


def openings(rack: Counter[Tile]) -> list[tuple[list[Any], Counter[Tile]]]:
    """R-RUM-OPEN-1, R-RUM-OPEN-3: new melds from the rack alone, 30 points or more."""
    return [
        (chosen, used)
        for chosen, used in meld_sets(rack)
        if chosen and sum(map(points, chosen)) >= 30
    ]


def rearrangements(
    table: list[list[Tile]], rack: Counter[Tile]
) -> list[tuple[list[Any], Counter[Tile]]]:
    """The plays of a laid-out player over a table without jokers whose tiles the rack does not
    repeat: every table tile in a meld of the new table (R-RUM-RE-3), at least one rack tile
    laid, and each old meld of three either kept together or scattered one tile a meld
    (R-RUM-RE-2, three must stay)."""
    on_table = Counter(t for meld in table for t in meld)
    found = []
    for chosen, used in meld_sets(on_table + rack):
        if not all(used[t] >= n for t, n in on_table.items()) or used == on_table:
            continue
        places: dict[Tile, int] = {}
        for number, meld in enumerate(chosen):
            for tile in _meld_tiles(meld):
                places[tile] = number
        if all(max(Counter(places[t] for t in old).values()) in (1, len(old)) for old in table):
            found.append((chosen, used))
    return found


def _meld_tiles(meld: Any) -> list[Tile]:
    if meld[0] == "run":
        _, colour, start, joker_at = meld
        return [(colour, start + i) for i, j in enumerate(joker_at) if not j]
    _, value, colours, _ = meld
    return [(colour, value) for colour in colours]


def pool_kinds(*racks: Counter[Tile]) -> int:
    """R-RUM-SET-1: the 53 kinds of tile, two of each; those the racks do not hold both of."""
    held = sum(racks, Counter())
    kinds: list[Tile] = [(c, v) for c in COLOURS for v in range(1, 14)] + ["J"]
    return sum(1 for kind in kinds if held[kind] < 2)


def rummy_opening() -> list[tuple[int, Fraction]]:
    rack, other = tiles("gn10 gn11 gn12 gn13 bk11 gy11 J"), tiles("bk5 bk6 bk7")
    plays = openings(rack)
    out = [used for _, used in plays if used == rack]  # going out ends the round
    answer = len(openings(other)) + 1  # the next player: the draw and their openings
    staying = len(plays) - len(out)
    return [
        (1 + len(plays), Fraction(1 + len(plays))),
        (pool_kinds(rack, other) + staying * answer, Fraction(1 + staying * answer)),
    ]


def rummy_laid_out(
    rack_text: str = "gn3 gn7 bk4 gy4 pu9",
    table: list[list[Tile]] | None = None,
) -> list[tuple[int, Fraction]]:
    rack, other = tiles(rack_text), tiles("bk1 bk2")
    if table is None:
        table = [[("gn", 4), ("gn", 5), ("gn", 6)], [("bk", 9), ("gn", 9), ("gy", 9)]]
    plays = len(rearrangements(table, rack))
    answer = 1 + len(openings(other))
    assert answer == 1  # bk1 bk2 make no combination: player 1 can only draw
    on_table: Counter[Tile] = Counter(t for meld in table for t in meld)
    kinds = pool_kinds(rack, other, on_table)  # a play moves tiles to the table: the same pool
    return [
        (1 + plays, Fraction(1 + plays)),
        (kinds + plays * answer, Fraction(1 + plays * answer)),
        # a draw, any tile, then player 1 draws; or a play, player 1 draws, any tile
        (kinds * answer + plays * kinds, Fraction(answer + plays)),
    ]


MYRUMMY = {
    "classic-opening": rummy_opening,
    "classic-laid-out": rummy_laid_out,
    # R-RUM-SET-3 then R-RUM-SET-2: two lots, then any of the 53 kinds, twice
    "classic-lot": lambda: [(2, Fraction(1)), (2 * 53, Fraction(1)), (2 * 53 * 53, Fraction(1))],
    "classic-3p-lot": lambda: [(3, Fraction(1)), (3 * 53, Fraction(1)), (3 * 53 * 53, Fraction(1))],
    "classic-4p-lot": lambda: [(4, Fraction(1)), (4 * 53, Fraction(1)), (4 * 53 * 53, Fraction(1))],
    # R-RUM-JOK-1: the joker of the rack stands for any tile of a meld
    "classic-joker": lambda: rummy_laid_out("gn7 J bk3 pu9", [[("gn", 4), ("gn", 5), ("gn", 6)]]),
}

Play = tuple[str, frozenset[tuple[Any, int]]]
"""A play, as the multiset of melds of the table after it (the notation gives the whole table)."""


def table_of(melds: list[Any]) -> Play:
    return ("play", frozenset(Counter(melds).items()))


def read_play(action: str) -> str | Play:
    """A MyRummy action of the library read into the brute force's terms: a play becomes the
    melds of its table (``[…]`` a run, a joker standing where it is written; ``{…}`` a group),
    so that the order the library writes melds and colours in does not matter."""
    if not action.startswith("play "):
        return action
    melds: list[Any] = []
    for text in re.findall(r"[\[{][^\]}]*[\]}]", action):
        words = text[1:-1].split()
        real = [(i, w) for i, w in enumerate(words) if w != "J"]
        if text[0] == "[":
            at, first = real[0]
            joker_at = tuple(w == "J" for w in words)
            melds.append(("run", first[:2], int(first[2:]) - at, joker_at))
        else:
            colours = tuple(c for c in COLOURS if c in {w[:2] for _, w in real})
            melds.append(("group", int(real[0][1][2:]), colours, len(words) - len(real)))
    return table_of(melds)


def rummy_opening_divided() -> dict[str | Play, tuple[int, Fraction]]:
    rack, other = tiles("gn10 gn11 gn12 gn13 bk11 gy11 J"), tiles("bk5 bk6 bk7")
    answer = len(openings(other)) + 1
    # the draw: any kind of tile the racks leave; a play: the next player's answer, or
    # nothing when it lays the whole rack (going out ends the round)
    divided: dict[str | Play, tuple[int, Fraction]] = {
        "draw": (pool_kinds(rack, other), Fraction(1))
    }
    for chosen, used in openings(rack):
        after = 0 if used == rack else answer
        divided[table_of(chosen)] = (after, Fraction(after))
    return divided


def rummy_laid_out_divided(
    rack_text: str = "gn3 gn7 bk4 gy4 pu9",
    table: list[list[Tile]] | None = None,
) -> dict[str | Play, tuple[int, Fraction]]:
    rack, other = tiles(rack_text), tiles("bk1 bk2")
    if table is None:
        table = [[("gn", 4), ("gn", 5), ("gn", 6)], [("bk", 9), ("gn", 9), ("gy", 9)]]
    on_table: Counter[Tile] = Counter(t for meld in table for t in meld)
    kinds = pool_kinds(rack, other, on_table)
    # player 1 can only draw (bk1 bk2 make no combination): the draw, any tile, then player
    # 1's draw; a play, player 1's draw, any tile; a play laying the whole rack ends the round
    divided: dict[str | Play, tuple[int, Fraction]] = {"draw": (kinds, Fraction(1))}
    for chosen, used in rearrangements(table, rack):
        out = used - on_table == rack
        divided[table_of(chosen)] = (0, Fraction(0)) if out else (kinds, Fraction(1))
    return divided


def lot_divided(players: int) -> dict[str | Play, tuple[int, Fraction]]:
    # R-RUM-SET-3: each lot drawn with probability 1/players; then two tiles of 53 kinds
    return {f"first {n}": (53 * 53, Fraction(1, players)) for n in range(players)}


Divide = dict[Any, tuple[int, Fraction]]
DIVIDED: dict[str, dict[str, Callable[[], Divide]]] = {
    "morpyam": {
        "classic-turn-start": turn_start_divided,
        "classic-3p-turn-start": turn_start_divided,
        "classic-4p-turn-start": lambda: turn_start_divided(2),
        "classic-four-ones": lambda: after_first_roll_divided((1, 1, 1, 1, 3), False),
        "official-four-sixes": lambda: after_first_roll_divided((1, 6, 6, 6, 6), True),
        "classic-mid-game": lambda: after_first_roll_divided(
            (1, 2, 3, 4, 6), False, frozenset({"a1", "b1", "c1", "a2"})
        ),
        # R-SET-3: each of the three dice of the start roll, one at a time
        "classic-start-roll": lambda: {f"dice {face}": (36, Fraction(1, 6)) for face in FACES},
        "plus-deal": plus_deal_divided,
        "plus-laying": plus_laying_divided,
    },
    "yahtzee": {
        "megawuerfel-turn-start": lambda: {"roll": sheet_turn_start()[2]},
        "hasbro-second-roll": lambda: sheet_divided((2, 2, 3, 5, 6)),
        "megawuerfel-2p-second-roll": lambda: sheet_divided((1, 3, 3, 4, 6)),
        "megawuerfel-mid-game": lambda: sheet_divided((5, 5, 6, 6, 6), ("ones", "large-straight")),
    },
    "myrummy": {
        "classic-opening": rummy_opening_divided,
        "classic-laid-out": rummy_laid_out_divided,
        "classic-lot": lambda: lot_divided(2),
        "classic-3p-lot": lambda: lot_divided(3),
        "classic-4p-lot": lambda: lot_divided(4),
        # R-RUM-JOK-1: the joker of the rack stands for any tile of a meld
        "classic-joker": lambda: rummy_laid_out_divided(
            "gn7 J bk3 pu9", [[("gn", 4), ("gn", 5), ("gn", 6)]]
        ),
    },
}
"""The deepest count of each position divided by the first action, from the brute force."""

Counts = list[tuple[int, Fraction]]
BRUTE: dict[str, dict[str, Callable[[], Counts]]] = {
    "morpyam": MORPYAM,
    "yahtzee": YAHTZEE,
    "myrummy": MYRUMMY,
}


def test_every_fixed_position_has_a_brute_force() -> None:
    for game, positions in COUNT_POSITIONS.items():
        assert sorted(name for name, *_ in positions) == sorted(BRUTE[game]), game
        assert sorted(name for name, *_ in positions) == sorted(DIVIDED[game]), game


@pytest.mark.parametrize(
    ("game", "name"),
    [(game, name) for game, positions in COUNT_POSITIONS.items() for name, *_ in positions],
)
def test_counts_agree_with_the_brute_force(game: str, name: str) -> None:
    (_, _, make, depth) = next(p for p in COUNT_POSITIONS[game] if p[0] == name)
    expected = BRUTE[game][name]()
    counted = count_paths(game, make(), depth)
    assert [(c.paths, c.weight) for c in counted] == expected[:depth]
    assert len(expected) >= min(depth, 2)


def test_the_brute_force_knows_its_dice() -> None:
    # R-FIG-9, the rule book's reference counts over the 7,776 ordered rolls
    rolls = [(dice, p * 7776) for dice, p in outcomes(5)]
    assert len(rolls) == 252
    assert sum(n for _, n in rolls) == 7776
    assert sum(n for dice, n in rolls if "small-straight" in figures(dice)) == 1200
    assert sum(n for dice, n in rolls if "full-house" in figures(dice)) == 306
    assert sum(n for dice, n in rolls if set(HARD) & figures(dice)) == 736
    assert len(keeps((1, 1, 1, 1, 3))) == 9  # 0 to 4 ones, with or without the three, not all
    assert sum(CELLS.values()) == 36


def test_the_brute_force_knows_its_melds() -> None:
    # counted by hand: green 10 11 12 13 make three runs of three or more...
    found = {meld for meld, _ in melds(tiles("gn10 gn11 gn12 gn13"))}
    assert found == {
        ("run", "gn", 10, (False,) * 3),
        ("run", "gn", 11, (False,) * 3),
        ("run", "gn", 10, (False,) * 4),
    }
    # ... and with a joker, every run of 3 to 5 it completes; the group needs three tiles
    with_joker = [meld for meld, _ in melds(tiles("gn11 gn12 J"))]
    assert sorted(m[2:] for m in with_joker if m[0] == "run") == [
        (10, (True, False, False)),
        (11, (False, False, True)),
    ]
    assert not [m for m in with_joker if m[0] == "group"]
    assert points(("group", 11, ("bk", "gy"), 1)) == 33


SLOW_DIVIDED = {("myrummy", "classic-opening")}
"""The divided counts whose check takes seconds (the openings of a rack of seven, listed twice
over); their totals are checked in the default run."""


@pytest.mark.parametrize(
    ("game", "name"),
    [
        pytest.param(game, name, marks=[pytest.mark.slow] if (game, name) in SLOW_DIVIDED else [])
        for game, names in DIVIDED.items()
        for name in names
    ],
)
def test_divided_counts_agree_with_the_brute_force(game: str, name: str) -> None:
    (_, _, make, depth) = next(p for p in COUNT_POSITIONS[game] if p[0] == name)
    counts, divided = divide_paths(game, make(), depth)
    found = {read_play(d.action): (d.paths, d.weight) for d in divided}
    assert len(found) == len(divided)  # no two plays of the library make the same table
    assert found == DIVIDED[game][name]()
    assert sum(d.paths for d in divided) == counts[-1].paths
    assert sum(d.weight for d in divided) == counts[-1].weight


def test_the_brute_force_reads_the_grid_of_the_rule_book() -> None:
    labels = grid()
    assert len(labels) == 36
    assert Counter(labels) == CELLS  # R-GRID-1: the classic grid's labels, counted
    assert labels[:7] == [*(f"three-{face}" for face in FACES), "three-4"]
