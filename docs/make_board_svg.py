"""Make ``docs/board.svg``, the sample position of the "Records and notation" page.

Run it from anywhere: ``python docs/make_board_svg.py``. The position is the
end of a short game written below as a record in text form, and the picture
highlights the last token placed. ``tests/test_svg.py`` checks that the
committed picture is what this script makes, so change both together.
"""

from __future__ import annotations

from pathlib import Path

from morpyam.records import GameRecord, replay
from morpyam.svg import board

__all__ = ["SAMPLE", "picture", "sample_record"]

SAMPLE = """\
format: morpyam/1
rules: classic
players: 2
first player: 0
name 0: Anne
name 1: Bruno

roll
dice 1 1 1 4 6
place a1
roll
dice 2 3 4 5 5
place f3
roll
dice 2 2 2 5 6
place b1
roll
dice 3 6 6 6 6
place c2
roll
dice 1 2 3 3 6
roll keep 3 3 call full-house
dice 3 5 5
place d3
roll
dice 1 2 4 4 6
roll keep 4 4
dice 4 5 6
place a2
roll
dice 1 2 3 3 3
place c1
roll
dice 1 2 3 5 5
roll keep 5 5
dice 1 5 6
place f4
roll
dice 2 3 4 5 6
"""
"""A short classic game: player 0 has three in a row on top and a straight showing."""

OUTPUT = Path(__file__).resolve().parent / "board.svg"
"""Where the picture goes: ``docs/board.svg``."""


def sample_record() -> GameRecord:
    """The record of the sample game."""
    return GameRecord.from_text(SAMPLE)


def picture() -> str:
    """The SVG picture of the sample position, with the last placement highlighted."""
    record = sample_record()
    last = record.last_placement()
    return board(replay(record), highlight=[] if last is None else [last])


if __name__ == "__main__":
    OUTPUT.write_text(picture(), encoding="utf-8")
    print(f"wrote {OUTPUT}")
