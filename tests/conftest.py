"""Shared test set-up: the Hypothesis profile (see ``hypothesis_profiles``), and the test order."""

from __future__ import annotations

import pytest
from hypothesis_profiles import load_profile

PROFILE = load_profile()


def pytest_report_header() -> str:
    """Say which Hypothesis profile runs, in the header of the test report."""
    return f"hypothesis profile: {PROFILE} (HYPOTHESIS_PROFILE=ci for the thorough one)"


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """Run the tests marked ``slow`` first, when they are selected, the rest in their order.

    pytest-xdist hands the first tests out to its workers in turn and the rest as
    workers free up, so the longest tests, started first, no longer leave one
    worker running alone at the end (``nox -s coverage`` runs them with the rest).
    """
    items.sort(key=lambda item: item.get_closest_marker("slow") is None)
