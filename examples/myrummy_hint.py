"""A MyRummy hint command: the best play it can find for a rack and a table, within a deadline.

What it shows: a position built from a real table (`morpyam.myrummy.position`,
tiles and melds in their notation) or read from a saved state
(``state_from_json``); `search` with a time limit, which always answers in time
with a legal play, says whether it is proven best, and bounds what any play could
lay; the play told as the moves a player makes (`play_text`).

    python examples/myrummy_hint.py --rack "gn5 gn6 gn7 bk9 J" --table "[gy5 gy6 gy7]" --opened
    python examples/myrummy_hint.py --state position.json --time-limit 0.5

Tiles: a colour (``pu`` purple, ``bk`` black, ``gn`` green, ``gy`` grey) and a
value, or ``J`` for a joker; a run in square brackets, a group in braces.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

import morpyam.myrummy as mr


def position_from(args: argparse.Namespace) -> mr.State:
    """The position to advise on: a saved state, or the rack and table given."""
    if args.state is not None:
        return mr.state_from_json(args.state.read_text(encoding="utf-8"))
    rack = mr.parse_tiles(args.rack)
    table: tuple[mr.Meld, ...] = ()
    if args.table.strip():
        play = mr.parse_action(f"play {args.table}")  # a play is written as the table it leaves
        assert isinstance(play, mr.Play)
        table = play.table
    others = [()] * (args.players - 1)  # the racks you cannot see do not change the hint
    return mr.position(
        mr.Rules.classic(players=args.players),
        racks=[rack, *others],
        table=table,
        opened=[0] if args.opened else [],
    )


def warm_up() -> None:
    """One search on a small position, so that the solver's imports are done before the clock runs."""
    rack = mr.parse_tiles("gn5 gn6 gn7")
    mr.search(mr.position(mr.Rules.classic(), racks=[rack, rack], opened=[0]), time_limit=1.0)


def hint(state: mr.State, time_limit: float) -> str:
    """The hint for the player on turn, as a line of text."""
    if state.current_player is None:
        return "no hint: no player is to decide here"
    result = mr.search(state, time_limit=time_limit)
    if result.play is None:
        return f"draw: {result}"
    moves = mr.play_text(state, result.play)
    quality = "a best play" if result.proven else f"the best found in time; at most {result.bound}"
    tiles, points = result.score
    return f"{moves}  ({tiles} tiles, {points} points: {quality})"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n", 1)[0])
    parser.add_argument("--rack", default="", help='your tiles, e.g. "gn5 gn6 gn7 J"')
    parser.add_argument("--table", default="", help='the melds on the table, e.g. "[gy5 gy6 gy7]"')
    parser.add_argument("--opened", action="store_true", help="you have already laid out")
    parser.add_argument("--players", type=int, choices=(2, 3, 4), default=2)
    parser.add_argument("--state", type=Path, help="a position written by state_to_json")
    parser.add_argument("--time-limit", type=float, default=2.0, help="seconds (default 2)")
    args = parser.parse_args(argv)
    if (args.state is None) == (not args.rack):
        parser.error("give --rack (and --table) or --state")
    try:
        state = position_from(args)
    except ValueError as error:  # a tile, meld or position that is no such thing
        parser.error(str(error))
    warm_up()
    started = time.monotonic()
    print(hint(state, args.time_limit))
    print(f"answered in {time.monotonic() - started:.2f} s")
    return 0


if __name__ == "__main__":
    sys.exit(main())
