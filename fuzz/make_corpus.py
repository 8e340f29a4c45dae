"""Write the seed corpus of every reader: ``python fuzz/make_corpus.py [FOLDER]``.

Every seed is written by the library itself (records of short random games,
positions, presets, grids, actions, saved solutions), one file per input, in
``FOLDER/READER/`` (default ``fuzz/corpus``).
"""

from __future__ import annotations

import hashlib
import sys
from pathlib import Path

from readers import seeds


def main() -> None:
    """Write the corpus and print how many seeds each reader got."""
    folder = Path(sys.argv[1] if len(sys.argv) > 1 else Path(__file__).parent / "corpus")
    for name, inputs in seeds().items():
        target = folder / name
        target.mkdir(parents=True, exist_ok=True)
        for data in inputs:
            (target / hashlib.sha1(data).hexdigest()).write_bytes(data)
        print(f"{name}: {len(inputs)} seeds")


if __name__ == "__main__":
    main()
