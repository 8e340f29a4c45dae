"""A stand-in for the clock MyRummy's `search` and its solver read, so that no test times
anything: a deadline passes because the clock is told to jump, never because time passed."""

from __future__ import annotations

import importlib
import itertools
import math
import types
from collections.abc import Iterator
from contextlib import contextmanager

import pytest

from morpyam.myrummy.solve import _relaxation as dp

SEARCH = importlib.import_module("morpyam.myrummy.solve._search")
"""The module (``morpyam.myrummy.solve._search`` is the function, in the package)."""


@contextmanager
def clock(passes_after: int | None) -> Iterator[None]:
    """``time.perf_counter`` as `search` and the solver read it (in `morpyam.myrummy.solve._relaxation`):
    0.0 at the first reading (the one that sets the deadline) and the next ``passes_after``,
    then past every deadline; ``None``: never past one."""
    readings = itertools.count()

    def perf_counter() -> float:
        early = passes_after is None or next(readings) <= passes_after
        return 0.0 if early else math.inf

    fake = types.SimpleNamespace(perf_counter=perf_counter)
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(dp, "time", fake)
        patch.setattr(SEARCH, "time", fake)
        yield
