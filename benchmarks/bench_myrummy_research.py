"""Print figures for imperfect-information research on MyRummy with OpenSpiel's own algorithms.

Three measurements, each a subcommand:

- ``tree``: count the histories of ``python_morpyam_myrummy`` under a preset and a
  cut-off, up to a cap, with the time it took: whether exact CFR, which walks the whole
  tree each iteration, can run there at all;
- ``mccfr``: outcome-sampling MCCFR (``outcome_sampling_mccfr.OutcomeSamplingSolver``)
  for ``--iterations`` on a preset (``mini`` or ``midi``), printing iterations per second
  and the information states met, then its average policy against a masked uniformly
  random player over ``--games`` matches in each seat (mean return ± standard error);
- ``ismcts``: OpenSpiel's ``ISMCTSBot`` with ``--simulations`` a decision against the
  random player or the greedy bot (`GreedyBot`, laying its play one tile at a time)
  over ``--games`` matches, seats alternating: wins, draws and the win rate ± standard
  error. The bot resamples with a sampler seeded by ``--seed``, so a run plays the same
  matches again. Its leaves are scored by the rules' own count of a blocked round
  (`scores_if_blocked`, scaled by the game's return bound), not by random rollouts,
  which on the box's tiles cost seconds each.

Run with ``python benchmarks/bench_myrummy_research.py SUBCOMMAND [options]`` (``--help`` lists
them); it needs the ``openspiel`` extra. This is a benchmark, not a test: the figures go to
docs/ecosystems.md.
"""

from __future__ import annotations

import argparse
import math
import random
import statistics
import sys
import time
from collections.abc import Callable, Sequence
from typing import Any

import numpy as np
import pyspiel
from open_spiel.python.algorithms import ismcts, mcts, outcome_sampling_mccfr

import morpyam.myrummy as mr
import morpyam.openspiel as mos
from morpyam.myrummy.encoding import Encoding

Chooser = Callable[[Any], int]


def load(rules: str, max_length: int, **knobs: Any) -> Any:
    """The OpenSpiel game of the preset, cut off after ``max_length`` decisions, with the
    game's other parameters in ``knobs`` (``None`` leaves one as the preset has it)."""
    params = {"rules": rules, "max_game_length": max_length}
    params.update((name, value) for name, value in knobs.items() if value is not None)
    return pyspiel.load_game(mos.MYRUMMY, params)


def count_tree(game: Any, cap: int) -> tuple[int, bool]:
    """The histories of ``game`` (chance nodes and terminals included), stopping at ``cap``."""
    found = 0
    stack = [game.new_initial_state()]
    while stack:
        state = stack.pop()
        found += 1
        if found >= cap:
            return found, False
        if state.is_terminal():
            continue
        if state.is_chance_node():
            actions = [action for action, _ in state.chance_outcomes()]
        else:
            actions = state.legal_actions()
        for action in actions:
            child = state.clone()
            child.apply_action(action)
            stack.append(child)
    return found, True


def mean_and_error(values: Sequence[float]) -> str:
    """``mean ± standard error`` of ``values``."""
    mean = statistics.fmean(values)
    error = statistics.stdev(values) / math.sqrt(len(values)) if len(values) > 1 else 0.0
    return f"{mean:+.2f} ± {error:.2f}"


def play(game: Any, choosers: Sequence[Chooser], rng: random.Random) -> list[float]:
    """One match, chance drawn with ``rng``: the returns."""
    state = game.new_initial_state()
    while not state.is_terminal():
        if state.is_chance_node():
            outcomes = state.chance_outcomes()
            actions, weights = zip(*outcomes, strict=True)
            state.apply_action(rng.choices(actions, weights)[0])
        else:
            state.apply_action(choosers[state.current_player()](state))
    return list(state.returns())


def random_chooser(rng: random.Random) -> Chooser:
    """A masked uniformly random player."""
    return lambda state: rng.choice(state.legal_actions())


def policy_chooser(policy: Any, rng: random.Random) -> Chooser:
    """A player that samples ``policy``'s action probabilities at its information state."""

    def choose(state: Any) -> int:
        probabilities = policy.action_probabilities(state)
        actions = [int(action) for action in probabilities]
        return rng.choices(actions, [probabilities[a] for a in actions])[0]

    return choose


def greedy_chooser(rng: random.Random) -> Chooser:
    """`GreedyBot`'s play, laid one tile at a time, then ``LAY``; else its draw or pass."""
    bot = mr.GreedyBot()
    plan: dict[str, Any] = {}

    def choose(state: Any) -> int:
        turn = state.game_state
        if plan.get("state") is not turn.state:  # a new turn: ask the bot once
            encoding = Encoding(turn.state.rules)
            action = bot.choose(turn.state, rng)
            plan["state"] = turn.state
            plan["ids"] = (
                encoding.play_ids(turn, action)
                if isinstance(action, mr.Play)
                else [encoding.action_id(turn, action)]
            )
        ids: list[int] = plan["ids"]
        return int(ids[sum(turn.chosen)])

    return choose


class BlockedScoreEvaluator(mcts.Evaluator):  # type: ignore[misc]
    """Scores a leaf by `scores_if_blocked` over the game's return bound; uniform priors."""

    def __init__(self, game: Any) -> None:
        self._scale = float(max(abs(game.min_utility()), abs(game.max_utility()), 1.0))

    def evaluate(self, state: Any) -> np.ndarray[Any, Any]:
        if state.is_terminal():
            return np.array(state.returns(), dtype=float)
        totals = mr.scores_if_blocked(state.game_state.state)
        return np.array(totals, dtype=float) / self._scale

    def prior(self, state: Any) -> list[tuple[int, float]]:
        if state.is_chance_node():
            return list(state.chance_outcomes())
        actions = state.legal_actions()
        return [(action, 1.0 / len(actions)) for action in actions]


def run_tree(args: argparse.Namespace) -> None:
    game = load(args.rules, args.max_length, jokers=args.jokers, rack_size=args.rack_size)
    start = time.process_time()
    found, complete = count_tree(game, args.cap)
    seconds = time.process_time() - start
    size = f"{found:,}" if complete else f"more than {found:,}"
    print(
        f"{args.rules} (jokers {args.jokers}, racks of {args.rack_size}; None: the preset's), "
        f"cut off after {args.max_length} decisions: {size} histories, "
        f"{seconds:.1f} s ({1e6 * seconds / found:.0f} µs a history)"
    )


def run_mccfr(args: argparse.Namespace) -> None:
    game = load(args.rules, args.max_length)
    np.random.seed(args.seed)
    solver = outcome_sampling_mccfr.OutcomeSamplingSolver(game)
    start = time.process_time()
    for iteration in range(1, args.iterations + 1):
        solver.iteration()
        if iteration in (args.iterations // 4, args.iterations // 2, args.iterations):
            seconds = time.process_time() - start
            print(
                f"{args.rules}: {iteration:,} iterations, {seconds:.0f} s "
                f"({iteration / seconds:.1f} a second), {len(solver._infostates):,} "
                "information states",
                flush=True,
            )
    policy = solver.average_policy()
    rng = random.Random(args.seed)
    for seat in range(2):
        results = []
        for _ in range(args.games):
            choosers = [random_chooser(rng), random_chooser(rng)]
            choosers[seat] = policy_chooser(policy, rng)
            results.append(play(game, choosers, rng)[seat])
        print(
            f"average policy in seat {seat} against random, {args.games} matches: "
            f"{mean_and_error(results)}"
        )
    uniform = [play(game, [random_chooser(rng)] * 2, rng)[0] for _ in range(args.games)]
    print(f"random against random, seat 0, {args.games} matches: {mean_and_error(uniform)}")


def run_ismcts(args: argparse.Namespace) -> None:
    game = load(args.rules, args.max_length)
    evaluator = BlockedScoreEvaluator(game)
    bot = ismcts.ISMCTSBot(
        game, evaluator, 2.0, args.simulations, random_state=np.random.RandomState(args.seed)
    )
    # the bot's own resampling is unseeded: a seeded one makes a run play the same again
    resampling = random.Random(args.seed)
    bot.set_resampler(
        lambda state, player: state.resample_from_infostate(player, resampling.random)
    )
    rng = random.Random(args.seed)
    wins = draws = 0
    outcomes = []
    start = time.process_time()
    for number in range(args.games):
        seat = number % 2
        other = random_chooser(rng) if args.opponent == "random" else greedy_chooser(rng)
        choosers: list[Chooser] = [other, other]
        choosers[seat] = bot.step
        returns = play(game, choosers, rng)
        mine, theirs = returns[seat], returns[1 - seat]
        win = 1.0 if mine > theirs else 0.5 if mine == theirs else 0.0
        wins += win == 1.0
        draws += win == 0.5
        outcomes.append(win)
        print(
            f"match {number + 1}: seat {seat}, returns {returns}, "
            f"{time.process_time() - start:.0f} s so far",
            flush=True,
        )
    rate = statistics.fmean(outcomes)
    error = statistics.stdev(outcomes) / math.sqrt(len(outcomes)) if len(outcomes) > 1 else 0.0
    print(
        f"ISMCTS ({args.simulations} simulations) against {args.opponent} on {args.rules}: "
        f"{wins} wins, {draws} draws in {args.games}; win rate {rate:.2f} ± {error:.2f}"
    )


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    commands = parser.add_subparsers(dest="command", required=True)
    tree = commands.add_parser("tree", help="count the histories (exact CFR's walk)")
    tree.add_argument("--rules", default="mini")
    tree.add_argument("--max-length", type=int, default=2, help="decisions before the cut-off")
    tree.add_argument("--cap", type=int, default=5_000_000, help="stop counting here")
    tree.add_argument("--jokers", type=int, default=None, help="the set's jokers")
    tree.add_argument("--rack-size", type=int, default=None, help="tiles dealt to a rack")
    tree.set_defaults(run=run_tree)
    mccfr = commands.add_parser("mccfr", help="outcome-sampling MCCFR, then its policy")
    mccfr.add_argument("--rules", default="mini")
    mccfr.add_argument("--max-length", type=int, default=3000)
    mccfr.add_argument("--iterations", type=int, default=10_000)
    mccfr.add_argument("--games", type=int, default=200, help="matches per seat")
    mccfr.add_argument("--seed", type=int, default=1)
    mccfr.set_defaults(run=run_mccfr)
    search = commands.add_parser("ismcts", help="ISMCTS against random or greedy")
    search.add_argument("--rules", default="rummikub")
    search.add_argument("--max-length", type=int, default=3000)
    search.add_argument("--simulations", type=int, default=1000)
    search.add_argument("--opponent", choices=["random", "greedy"], default="random")
    search.add_argument("--games", type=int, default=20)
    search.add_argument("--seed", type=int, default=1)
    search.set_defaults(run=run_ismcts)
    args = parser.parse_args(argv)
    args.run(args)


if __name__ == "__main__":
    main(sys.argv[1:])
