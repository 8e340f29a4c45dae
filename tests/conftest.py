"""Shared test set-up: the Hypothesis profile (see ``hypothesis_profiles``)."""

from __future__ import annotations

from hypothesis_profiles import load_profile

PROFILE = load_profile()


def pytest_report_header() -> str:
    """Say which Hypothesis profile runs, in the header of the test report."""
    return f"hypothesis profile: {PROFILE} (HYPOTHESIS_PROFILE=ci for the thorough one)"
