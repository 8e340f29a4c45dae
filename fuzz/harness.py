"""Fuzz one reader with atheris: ``python fuzz/harness.py READER CORPUS_DIR [libFuzzer flags]``.

Any exception that is not among the reader's documented errors (see
``fuzz/readers.py``) stops the run with a crash report and the input that
caused it. Bound every run, for example ``-max_total_time=60``; the
``fuzz`` nox session runs every reader that way.
"""

from __future__ import annotations

import contextlib
import sys

import atheris

with atheris.instrument_imports(include=["morpyam"]):
    from readers import READERS


def main() -> None:
    """Run libFuzzer on the reader named by the first argument (``--list``: print the readers)."""
    if sys.argv[1:] == ["--list"]:
        print("readers:", " ".join(READERS))
        return
    if len(sys.argv) < 2 or sys.argv[1] not in READERS:
        sys.exit(
            f"usage: harness.py READER [CORPUS_DIR] [libFuzzer flags]; READER: {', '.join(READERS)}"
        )
    reader = READERS[sys.argv[1]]

    def one_input(data: bytes) -> None:
        with contextlib.suppress(*reader.errors):
            reader.read(data)

    atheris.Setup([sys.argv[0], *sys.argv[2:]], one_input)
    atheris.Fuzz()


if __name__ == "__main__":
    main()
