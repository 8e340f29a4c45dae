"""Registers morpyam's Hypothesis strategies for ``st.from_type`` (the ``hypothesis`` entry point).

Hypothesis calls the hook while it is being imported, possibly because
``morpyam.strategies`` itself is being imported, so the strategies are
looked up lazily, when a test first asks for them.
"""

from __future__ import annotations

import importlib
from typing import Any


def _hypothesis_setup_hook() -> None:
    from hypothesis import strategies as st

    import morpyam

    def lazy(name: str) -> Any:
        def build() -> Any:
            return getattr(importlib.import_module("morpyam.strategies"), name)()

        return st.deferred(build)

    st.register_type_strategy(morpyam.State, lazy("states"))
    st.register_type_strategy(morpyam.Rules, lazy("rules"))
    st.register_type_strategy(morpyam.Layout, lazy("layouts"))
    st.register_type_strategy(morpyam.Cell, lazy("cells"))
