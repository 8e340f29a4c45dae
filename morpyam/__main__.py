"""``python -m morpyam``: the same as the ``morpyam`` command."""

import sys

from morpyam.cli import main

if __name__ == "__main__":
    sys.exit(main())
