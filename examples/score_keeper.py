"""A table score keeper for Morpyam: type in a real game, it is saved after every entry.

What it shows: a game record (`morpyam.records`) kept as people play with real
dice, one entry a line in the game's notation (``roll keep 3 3``, ``dice 1 2 4 5 6``,
``place c3``, ``resign 1``); every entry checked against the rules before it is
kept (a refusal names the rule); the record saved to a file after each entry, and
a game resumed from that file.

    python examples/score_keeper.py game.txt --players 2 --first-player 0
    python examples/score_keeper.py game.txt            # resume the game in game.txt
    python examples/score_keeper.py game.txt < moves    # entries from a file

Besides entries: ``show`` draws the grid, ``legal`` lists what may be done,
``undo`` takes back the last entry, ``quit`` (or the end of the input) stops.
The file is a ``.txt`` record (one entry a line, to read and write by hand) or
``.json``.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

import attrs

import morpyam as mp
from morpyam.notation import NotationError
from morpyam.records import GameRecord, Resign, load_record, parse_entry, replay, save_record

PRESETS = {
    "classic": mp.Rules.classic,
    "official": mp.Rules.official,
    "flash": mp.Rules.flash,
    "plus": mp.Rules.plus,
}


def start(args: argparse.Namespace) -> GameRecord:
    """The record in the file, to resume, or a new one from the options."""
    if args.record.exists():
        record = load_record(args.record)
        print(f"Resuming {args.record}: {len(record.actions)} entries.")
        return record
    rules = PRESETS[args.rules](players=args.players)
    return GameRecord(rules, first_player=args.first_player, names=args.names or ())


def tell(state: mp.State) -> None:
    """The position's last line (whose turn, or the result) and, once over, the points."""
    print(str(state).rsplit("\n", 1)[1])
    if state.is_terminal:
        print("points:", ", ".join(map(str, mp.scores(state))))


def keep_score(record: GameRecord, path: Path) -> GameRecord:
    """Read entries until ``quit`` or the end of the input; save the record after each one."""
    state = replay(record)
    tell(state)
    while not state.is_terminal:
        try:
            line = input("> " if sys.stdin.isatty() else "")
        except EOFError:
            break
        text = line.strip()
        if not text or text.startswith("#"):
            continue
        if text == "quit":
            break
        if text == "show":
            print(state)
            continue
        if text == "legal":
            print(", ".join(map(str, mp.legal_actions(state))))
            continue
        if text == "undo":
            if record.actions:
                record = attrs.evolve(record, actions=record.actions[:-1])
                state = replay(record)
                save_record(record, path)
            tell(state)
            continue
        try:
            entry = parse_entry(text)
            state = (
                mp.resign(state, entry.player)
                if isinstance(entry, Resign)
                else mp.apply(state, entry)
            )
        except (NotationError, mp.IllegalActionError) as error:
            print(f"not kept: {error}")
            continue
        record = record.appended(entry)
        save_record(record, path)  # the file always holds every entry kept so far
        tell(state)
    return record


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n", 1)[0])
    parser.add_argument("record", type=Path, help="the record file (.txt or .json)")
    parser.add_argument("--rules", choices=sorted(PRESETS), default="classic")
    parser.add_argument("--players", type=int, choices=(2, 3, 4), default=2)
    parser.add_argument(
        "--first-player", type=int, default=None, help="who begins (default: the start roll)"
    )
    parser.add_argument("--names", nargs="*", help="the players' names, in seat order")
    args = parser.parse_args(argv)
    if args.record.suffix not in (".txt", ".json"):
        parser.error("the record file ends in .txt or .json")
    record = start(args)
    record = keep_score(record, args.record)
    save_record(record, args.record)
    print(f"Saved {len(record.actions)} entries to {args.record}.")
    return 0


if __name__ == "__main__":
    sys.exit(main())
