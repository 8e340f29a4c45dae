"""Print the machine instructions per random-playout step, counted by callgrind.

Speeds in seconds move with the machine's load; instruction counts do not
(the same program, input and interpreter give the same count), so this is the
figure to compare two versions of the engine on a busy machine. It plays
``--games`` and then twice as many seeded random games under ``valgrind
--tool=callgrind`` and divides the difference of the two counts by the
difference of the steps, so the interpreter's start-up cancels out. Needs
valgrind (``apt install valgrind``); slow: about a minute per preset.

    python benchmarks/bench_instructions.py [--games N] [--preset classic plus ...]
"""

from __future__ import annotations

import argparse
import os
import re
import shutil
import subprocess
import sys
import tempfile

PLAYOUT = """
import random, sys
import morpyam as mp
rules = getattr(mp.Rules, sys.argv[1])()
rng = random.Random(7)
steps = 0
for _ in range(int(sys.argv[2])):
    state = mp.new_game(rules)
    while not state.winners:
        if state.is_chance:
            state = mp.apply(state, mp.sample_chance(state, rng))
        else:
            state = mp.apply(state, rng.choice(mp.legal_actions(state)))
        steps += 1
print(steps)
"""


def count(script: str, preset: str, games: int) -> tuple[int, int]:
    """(instructions, steps) of ``games`` seeded random games under callgrind."""
    with tempfile.TemporaryDirectory() as folder:
        out = os.path.join(folder, "callgrind.out")
        run = subprocess.run(
            [
                "valgrind",
                "--tool=callgrind",
                f"--callgrind-out-file={out}",
                sys.executable,
                script,
                preset,
                str(games),
            ],
            capture_output=True,
            text=True,
            check=True,
            env={**os.environ, "PYTHONHASHSEED": "0"},
        )
    found = re.search(r"Collected : (\d+)", run.stderr)
    if found is None:
        raise RuntimeError(f"callgrind printed no count:\n{run.stderr[-2000:]}")
    return int(found.group(1)), int(run.stdout.split()[-1])


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=10, help="games of the smaller run")
    parser.add_argument("--preset", nargs="+", default=["classic", "plus"])
    args = parser.parse_args()
    if shutil.which("valgrind") is None:
        sys.exit("bench_instructions: valgrind is not installed (apt install valgrind)")
    with tempfile.TemporaryDirectory() as folder:
        script = os.path.join(folder, "playout.py")
        with open(script, "w", encoding="utf-8") as file:
            file.write(PLAYOUT)
        for preset in args.preset:
            small, small_steps = count(script, preset, args.games)
            large, large_steps = count(script, preset, 2 * args.games)
            per_step = (large - small) / (large_steps - small_steps)
            print(
                f"{preset:8} 2 players: {per_step:,.0f} instructions per step "
                f"({large_steps - small_steps:,} steps of seeded random games, callgrind)"
            )


if __name__ == "__main__":
    main()
