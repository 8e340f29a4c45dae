"""Standard error as the command line writes it, fitted to 80 columns, read back as lines."""

from __future__ import annotations

import re


def unfitted(err: str) -> str:
    """``err`` with each line the width wrapped joined again, once each line is checked to fit
    80 columns (the width with no terminal), or to be one word (a long path)."""
    assert all(len(line) <= 80 or " " not in line.strip() for line in err.splitlines()), err
    return re.sub(r"\n  (?=\S)", " ", err)
