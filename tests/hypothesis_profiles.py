"""Hypothesis profiles: a quick one for a contributor's loop, a thorough one for CI.

``HYPOTHESIS_PROFILE=ci`` (or ``CI`` set, as CI services do) selects the
thorough profile, which runs every property as many examples as it asks for;
otherwise the quick ``dev`` profile runs a quarter of them. A test asks for
its examples with ``@settings(max_examples=examples(80))``.

The thorough profile is derandomised: each property draws the same examples at every
run (a seed taken from the test's name), so that what CI checks does not depend on luck,
and a contributor who runs ``HYPOTHESIS_PROFILE=ci`` sees what CI will see. ``ci-quick``
is the quick budget derandomised too, for CI's coverage run. The quick profile draws
fresh examples, so the loop between edits keeps exploring.
"""

from __future__ import annotations

import os

from hypothesis import settings

__all__ = ["THOROUGH_EXAMPLES", "examples", "load_profile"]

THOROUGH_EXAMPLES = 100
"""The default number of examples of the thorough profile (Hypothesis' own default)."""

settings.register_profile(
    "ci", max_examples=THOROUGH_EXAMPLES, deadline=None, derandomize=True, database=None
)
settings.register_profile("dev", max_examples=THOROUGH_EXAMPLES // 4, deadline=None)
settings.register_profile(
    "ci-quick",
    max_examples=THOROUGH_EXAMPLES // 4,
    deadline=None,
    derandomize=True,
    database=None,
)


def load_profile() -> str:
    """Load the profile the environment selects and return its name."""
    name = os.environ.get("HYPOTHESIS_PROFILE") or (
        "ci" if os.environ.get("CI", "").lower() not in ("", "0", "false") else "dev"
    )
    settings.load_profile(name)
    return name


def examples(thorough: int) -> int:
    """The examples a test runs under the loaded profile, for ``thorough`` in the thorough one."""
    loaded: int = settings().max_examples
    return max(1, thorough * loaded // THOROUGH_EXAMPLES)
