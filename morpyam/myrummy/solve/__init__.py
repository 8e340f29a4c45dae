"""The solver: every legal play (`plays`), an exact best play (`best_play`), and a best play
within a deadline (`search`).

The methods behind them (the relaxation's dynamic program, the program that
follows every copy, the integer program, the tidy-up of a table) are private
modules of this package: they may change in any release, while the three
entry points keep their answers.
"""

from morpyam.myrummy.solve._plays import best_play, plays
from morpyam.myrummy.solve._search import SearchResult, search

__all__ = ["SearchResult", "best_play", "plays", "search"]
