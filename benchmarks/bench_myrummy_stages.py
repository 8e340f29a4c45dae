"""Print where ``best_play`` spends its time on one position: the stages and the copy program's
score levels.

Two subcommands:

- ``capture SEED STEP DIR``: replay match ``SEED`` of
  ``bench_myrummy_encoding.py --policy uniform`` (the same draws, the same
  masks) up to its step ``STEP`` and write the turn there (the state, as
  ``morpyam.myrummy.state_to_json`` writes it, and the tiles chosen) to
  ``DIR/uniform_SEED_STEP.json``, so that a slow mask can be timed alone;
- ``stages FILE...``: on each saved position (a JSON object with a ``state``,
  and ``chosen`` where a turn was captured), the CPU time of ``best_play``,
  of the integer program (the ``myrummy-ilp`` extra) and of the program that
  follows every copy, and for that program each score level it looked for:
  the level, what the search proved, its CPU time, and the states it met;
  then ``--mask``: the first legal mask of the turn, each solver question
  it asked with its CPU time.

The timings come from wrapping the solver's private stages for the run (a
benchmark of the solver's inside, not of its API). Run with
``python benchmarks/bench_myrummy_stages.py capture 19 187 /tmp/slow`` and
``python benchmarks/bench_myrummy_stages.py stages /tmp/slow/*.json --mask``.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import time
from collections.abc import Callable, Iterator, Sequence
from pathlib import Path
from typing import Any

import morpyam.myrummy as mr
from morpyam.myrummy import encoding as enc
from morpyam.myrummy.solve import _copies as copies
from morpyam.myrummy.solve import _ilp as ilp
from morpyam.myrummy.solve import _methods as methods

sys.path.insert(0, str(Path(__file__).parent))
from bench_myrummy_encoding import LAST, _random_id


def capture(seed: int, step: int, folder: Path) -> Path:
    """Replay the uniform match ``seed`` to its step ``step``; write the turn there."""
    rules = mr.Rules.classic(players=2)
    rng = random.Random(seed)
    encoding = enc.Encoding(rules)
    turn = encoding.new_state()
    steps = 0
    while not turn.is_terminal:
        steps += 1
        if turn.is_chance:
            turn = encoding.apply(turn, encoding.sample_chance(turn, rng))
            continue
        if steps == step:
            folder.mkdir(parents=True, exist_ok=True)
            path = folder / f"uniform_{seed}_{step}.json"
            data = {"state": mr.state_to_json(turn.state), "chosen": list(turn.chosen)}
            path.write_text(json.dumps(data) + "\n", encoding="utf-8")
            return path
        ids: list[int] = []
        while ids[-1:] not in LAST:
            ids.append(_random_id(encoding.legal_mask(turn), "uniform", rng))
            turn = encoding.apply_id(turn, ids[-1])
    raise SystemExit(f"match {seed} ended after {steps} steps")


class _Timed(copies.CopySolver):
    """The program that follows every copy, printing each score level it searches."""

    def best(
        self,
        floor: int,
        levels: Iterator[int],
        potential: Callable[[int, tuple[tuple[int, ...], ...], int], int],
    ) -> tuple[int, list[Any]] | None:
        search = self._search

        def timed(v: int, key: Any, need: int) -> int:
            if v != 1:
                return search(v, key, need)
            began = time.process_time()
            found = search(v, key, need)
            verdict = "reached" if found > need else f"refuted (at most {found})"
            print(
                f"    level above {need}: {verdict}, {time.process_time() - began:.3f} s, "
                f"{len(self.bounds)} states so far, {len(self.ranked)} expanded"
            )
            return found

        self._search = timed  # type: ignore[method-assign]
        return super().best(floor, levels, potential)


def _wrapped(name: str, call: Callable[..., Any]) -> Callable[..., Any]:
    def timed(*args: Any, **kwargs: Any) -> Any:
        began = time.process_time()
        result = call(*args, **kwargs)
        print(f"  {name}: {time.process_time() - began:.3f} s")
        return result

    return timed


def stages(files: Sequence[Path], mask: bool) -> None:
    """Time each saved position's ``best_play`` by stage (see the module)."""
    ilp.available()  # import scipy before any timing
    saved = (copies.CopySolver, methods._fast, methods._copies_table)
    copies.CopySolver = _Timed  # type: ignore[misc]
    methods._fast = _wrapped("integer program", methods._fast)
    methods._copies_table = _wrapped("program that follows every copy", methods._copies_table)
    try:
        for path in files:
            data = json.loads(path.read_text(encoding="utf-8"))
            state = mr.state_from_json(data["state"])
            rack = state.racks[state.player]
            table = sum(len(meld.tiles) for meld in state.table)
            print(f"{path.name}: rack of {len(rack)}, table of {table}")
            began = time.process_time()
            play = mr.best_play(state)
            print(f"  best_play: {time.process_time() - began:.3f} s, {play}")
            if mask:
                _mask(state, tuple(data.get("chosen", ())))
            sys.stdout.flush()
    finally:
        copies.CopySolver, methods._fast, methods._copies_table = saved  # type: ignore[misc]


def _mask(state: mr.State, chosen: tuple[int, ...]) -> None:
    """The first mask of the turn, each solver question timed."""
    names = vars(enc)  # the encoding's own name for the solver's question, wrapped for the run
    ask = names["best_play_within"]

    def asked(at: mr.State, must: Sequence[mr.Tile], may: Sequence[mr.Tile] = ()) -> Any:
        began = time.process_time()
        play = ask(at, must, may)
        shown = " ".join(str(tile) for tile in must) or "nothing"
        print(
            f"    question: {shown} and maybe {len(tuple(may))} more: "
            f"{'a play' if play else 'none'}, {time.process_time() - began:.3f} s"
        )
        return play

    names["best_play_within"] = asked
    try:
        turn = enc.EncodedState(state, chosen=chosen) if any(chosen) else enc.EncodedState(state)
        began = time.process_time()
        ids = enc.Encoding(state.rules).legal_ids(turn)
        print(f"  first mask: {time.process_time() - began:.3f} s, ids {ids}")
    finally:
        names["best_play_within"] = ask


def main(argv: Sequence[str] | None = None) -> None:
    """Parse the arguments and run."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    commands = parser.add_subparsers(dest="command", required=True)
    grab = commands.add_parser("capture", help="save a decision of a uniform match")
    grab.add_argument("seed", type=int)
    grab.add_argument("step", type=int)
    grab.add_argument("folder", type=Path)
    timing = commands.add_parser("stages", help="time saved positions by stage")
    timing.add_argument("files", type=Path, nargs="+")
    timing.add_argument("--mask", action="store_true", help="also the turn's first mask")
    args = parser.parse_args(argv)
    if args.command == "capture":
        print(capture(args.seed, args.step, args.folder))
    else:
        stages(args.files, args.mask)


if __name__ == "__main__":
    main()
