"""Print a challenger's win rate against GreedyBot by the wins and by rollouts at its departures.

Two ways from the same matches: by the matches' wins, and by greedy's own
rollouts at the turns where the challenger plays otherwise. The challengers
(``--challenger``):

- ``rollouts``: the library's ``RolloutBot``, its rollouts played by greedy
  bounded at 40;
- ``rollouts-at-bound``: the same, its rollouts played by greedy at
  ``--max-table``, the greedy it meets;
- ``oracle``: the same again, but rolling out from the true state, every rack
  seen: not a fair player, an upper bound on what weighing greedy's play
  against the draw this way can gain;
- ``watcher``: ``rollouts-at-bound``, but dealing the other rack only among
  racks that fit what greedy's last turn showed of it (``fits_greedy``);
- ``watcher-bot``: the library's ``WatcherBot`` at ``--max-table``, which reads
  that last turn more sharply (tiles with a play alone left out of the deal,
  the fit tested by greedy's own bounded search).

The second way rests on the performance difference lemma (Kakade and
Langford, 2002). Against a fixed opponent, with the tiles dealt at random, a
match is a Markov chain on the full state (both racks, the table, the pool).
Call V(s) the share of the win that greedy, in the challenger's seat, has
from state ``s`` against greedy; then the challenger's expected share minus
greedy's is the expected sum, over the turns of the challenger's own matches,
of V(after its action) minus V(after greedy's action). On a turn where the
challenger does what greedy would do the term is zero (greedy is
deterministic), so only its departures count, and each term is measured from
the true state by ``--rollouts`` pairs of greedy rollouts, the two actions
with the same chance stream. The rollouts see every rack; the challenger did
not, and need not: the lemma holds for any way of choosing.

Both ways estimate the same win rate from the same matches: a match's win,
and 0.5 plus the sum of its departures' measured advantages. The first carries
all the luck of the rest of the match after a departure; the second averages
it out over the rollouts, so its interval is narrower. The line "matches minus
rollouts" is the check: its interval should hold zero.

The matches of ``rollouts`` are those of ``myrummy_bots.py --only
rollouts`` with the same ``--seed`` (classic rules, 2 players, one round,
duplicate deals, the seats swapped in each pair, both sides bounded at
``--max-table``): the audit's rollouts draw on a random stream of their own.

Run with ``PYTHONPATH=. python research/myrummy_edge.py [--challenger C]
[--games N] [--seed S] [--rollouts R] [--jobs 2] [--progress K] [--log FILE]``; a
match takes about twice the CPU time of the challenger's match alone.
"""

from __future__ import annotations

import argparse
import contextlib
import itertools
import json
import math
import multiprocessing
import random
import statistics
import sys
import time
from collections.abc import Callable, Iterable, Iterator, Sequence

import attrs

import morpyam.myrummy as mr
from morpyam.myrummy.play._bots import Bot, GreedyBot, play_match
from morpyam.myrummy.solve._relaxation import relaxed_optimum


def share(state: mr.State, player: int) -> float:
    """``player``'s share of the win at the end of a round: 1, a half when shared, or 0."""
    return 1 / len(state.winners) if player in state.winners else 0.0


def rollout(state: mr.State, player: int, bot: Bot, rng: random.Random) -> float:
    """``player``'s share of the win when ``bot`` plays every seat to the end, chance from
    ``rng``."""
    while not state.is_terminal:
        action = mr.sample_chance(state, rng) if state.is_chance else bot.choose(state, rng)
        state = mr.apply(state, action)
    return share(state, player)


def advantage(
    state: mr.State, action: mr.Action, instead: mr.Action, bot: Bot, pairs: int, seed: int
) -> list[float]:
    """Per rollout pair, the player's share after ``action`` minus after ``instead``, ``bot``
    in every seat, the two rollouts of a pair on the same chance stream."""
    player = state.current_player
    assert player is not None
    rng = random.Random(seed)
    gains = []
    for _ in range(pairs):
        stream = rng.getrandbits(64)
        taken = rollout(mr.apply(state, action), player, bot, random.Random(stream))
        left = rollout(mr.apply(state, instead), player, bot, random.Random(stream))
        gains.append(taken - left)
    return gains


@attrs.define
class Audited:
    """A challenger that notes, at each turn where it plays otherwise than ``baseline``, the
    measured advantage of its action over the baseline's (mean and variance of the mean)."""

    bot: Bot
    baseline: Bot
    pairs: int
    seed: int
    departures: list[tuple[float, float]] = attrs.Factory(list)

    def choose(self, state: mr.State, rng: random.Random) -> mr.Action:
        """The challenger's action, audited when it departs from the baseline's."""
        action = self.bot.choose(state, rng)
        instead = self.baseline.choose(state, random.Random(0))
        if action != instead:
            stream = self.seed * 1_000 + len(self.departures)
            gains = advantage(state, action, instead, self.baseline, self.pairs, stream)
            spread = statistics.variance(gains) / len(gains) if len(gains) > 1 else 0.0
            self.departures.append((statistics.fmean(gains), spread))
        return action


@attrs.frozen
class Match:
    """One audited match: the challenger's win share and, per departure from greedy, the
    measured advantage and its variance."""

    win: float
    departures: tuple[tuple[float, float], ...]

    @property
    def gain(self) -> float:
        """The sum of the departures' measured advantages."""
        return sum(gain for gain, _ in self.departures)

    @property
    def variance(self) -> float:
        """The variance of that sum from the rollouts' own noise."""
        return sum(spread for _, spread in self.departures)


@attrs.frozen
class Oracle(mr.RolloutBot):
    """``RolloutBot`` rolling out from the true state: it sees every rack, though not the
    order of the pool."""

    def deals(self, state: mr.State, player: int, rng: random.Random) -> Iterator[mr.State]:
        """The true state itself, every time."""
        return itertools.repeat(state)


def has_play(state: mr.State, seat: int, rack: tuple[mr.Tile, ...]) -> bool:
    """Whether ``rack`` has a play for ``seat`` on the table, by the solver's relaxation (which
    leaves out R-RUM-RE-2, so it may find a play the rules refuse)."""
    if not rack:
        return False
    racks = tuple(rack if number == seat else held for number, held in enumerate(state.racks))
    return relaxed_optimum(attrs.evolve(state, racks=racks, player=seat)) is not None


def fits_greedy(state: mr.State, seat: int) -> bool:
    """Whether ``seat``'s rack could be the rack of a greedy player who has just had its turn
    on this table: after laying it has no play left; after drawing (possible only with two
    tiles or more), the rack less the tile drawn had none."""
    rack = state.racks[seat]
    if not has_play(state, seat, rack):
        return True
    return len(rack) > 1 and any(
        not has_play(state, seat, rack[:at] + rack[at + 1 :]) for at in range(len(rack))
    )


@attrs.frozen
class Watcher(mr.RolloutBot):
    """``RolloutBot`` dealing the previous player's rack only among racks that fit what its
    last turn showed of it, greedy's way (``fits_greedy``); after ``tries`` deals that do
    not, the last one.

    A first cut, not measured yet. In greedy self-play (88 matches, decisions where the
    previous player has laid out and holds 6 tiles or fewer) the true rack failed the test
    in 53 of 2,210 positions, since the relaxation finds plays the rules refuse; a test took
    12 ms on average, and in late positions 40 ms to 1 s, with 0 to 11 of 40 random deals
    passing.
    """

    tries: int = attrs.field(default=50, kw_only=True, validator=attrs.validators.ge(1))

    def deals(self, state: mr.State, player: int, rng: random.Random) -> Iterator[mr.State]:
        """Deals of the unseen tiles in which the previous player's rack fits its last turn."""
        seen = mr.observe(state, player)
        previous = (player - 1) % len(state.racks)
        while True:
            for _ in range(self.tries):
                guess = mr.determinise(seen, rng)
                if fits_greedy(guess, previous):
                    break
            yield guess


CHALLENGERS: dict[str, Callable[[int | None], Bot]] = {
    "rollouts": mr.RolloutBot,
    "rollouts-at-bound": lambda bound: mr.RolloutBot(bound, rollout_table=bound),
    "oracle": lambda bound: Oracle(bound, rollout_table=bound),
    "watcher": lambda bound: Watcher(bound, rollout_table=bound),
    "watcher-bot": lambda bound: mr.WatcherBot(bound, rollout_table=bound),
}


def play_pair(
    name: str, max_table: int | None, rollouts: int, seed: int, pair: int
) -> tuple[Match, ...]:
    """Challenger ``name``'s two audited matches on duplicate deal ``pair``, seat 0 then
    seat 1."""
    greedy = GreedyBot(max_table)
    found = []
    for seat in (0, 1):
        audited = Audited(
            CHALLENGERS[name](max_table),
            greedy,
            rollouts,
            seed=seed * 1_000_003 + pair * 2 + seat,
        )
        seated: list[Bot] = [audited, greedy] if seat == 0 else [greedy, audited]
        record = play_match(mr.Rules.classic(), seated, seed=seed * 1_000_003 + pair)
        found.append(Match(share(mr.replay(record), seat), tuple(audited.departures)))
    return tuple(found)


def _play_pair(job: tuple[str, int | None, int, int, int]) -> tuple[tuple[Match, ...], float]:
    start = time.process_time()
    matches = play_pair(*job)
    return matches, time.process_time() - start


def interval(values: Sequence[float], z: float = 1.96) -> tuple[float, float]:
    """The mean of ``values`` and the half-width of its normal 95% interval."""
    return statistics.fmean(values), z * statistics.stdev(values) / math.sqrt(len(values))


def summary(pairs: Sequence[tuple[Match, ...]]) -> list[tuple[str, float, float]]:
    """(what, estimate, half-width) of the win rate by wins, by rollouts, and their gap,
    each taken over the pairs."""
    by_wins = [statistics.fmean(match.win for match in pair) for pair in pairs]
    by_rollouts = [0.5 + statistics.fmean(match.gain for match in pair) for pair in pairs]
    gaps = [wins - rolled for wins, rolled in zip(by_wins, by_rollouts)]
    return [
        ("win rate by the matches' wins", *interval(by_wins)),
        ("win rate by greedy's rollouts at the departures", *interval(by_rollouts)),
        ("matches minus rollouts (should hold 0)", *interval(gaps)),
    ]


def log_line(run: dict[str, object], pair: int, found: tuple[Match, ...], seconds: float) -> str:
    """One pair of a run as a line of JSON, for ``--log``."""
    line = {**run, "pair": pair, "seconds": round(seconds, 1)}
    line["matches"] = [attrs.asdict(match) for match in found]
    return json.dumps(line)


def read_log(lines: Iterable[str]) -> tuple[dict[str, object], list[tuple[Match, ...]]]:
    """The run (challenger, seed, rollouts) and the pairs of a ``--log`` file.

    Raises:
        ValueError: for a line that is not a pair of this bench's log, or from another run.
    """
    run: dict[str, object] = {}
    pairs = []
    for number, text in enumerate(lines, 1):
        try:
            line = json.loads(text)
            this = {key: line[key] for key in ("challenger", "seed", "rollouts")}
            found = tuple(
                Match(
                    float(match["win"]), tuple((float(g), float(v)) for g, v in match["departures"])
                )
                for match in line["matches"]
            )
        except (ValueError, KeyError, TypeError) as error:
            raise ValueError(f"line {number}: not a pair of this bench's log ({error})") from None
        if run and this != run:
            raise ValueError(f"line {number}: from another run ({this}, not {run})")
        run = this
        pairs.append(found)
    if len(pairs) < 2:
        raise ValueError(f"an interval needs 2 pairs or more; the log holds {len(pairs)}")
    return run, pairs


def report(title: str, pairs: Sequence[tuple[Match, ...]]) -> None:
    """Print the run's matches, departures and the three estimates."""
    matches = [match for pair in pairs for match in pair]
    departed = sum(bool(match.departures) for match in matches)
    print(
        f"{title}: {len(matches)} matches, {sum(match.win for match in matches):g} wins, "
        f"{sum(len(match.departures) for match in matches)} departures from greedy in "
        f"{departed} matches"
    )
    for what, mean, half in summary(pairs):
        print(f"- {what}: {mean:.2%} ({mean - half:.2%} to {mean + half:.2%})")
    noise = statistics.fmean(match.variance for match in matches)
    print(f"- rollout noise per match, as a variance: {noise:.5f}")


def main() -> None:
    """Measure and print."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument(
        "--challenger", choices=sorted(CHALLENGERS), default="rollouts", help="the bot measured"
    )
    parser.add_argument("--games", type=int, default=200, help="matches, an even number")
    parser.add_argument("--seed", type=int, default=401, help="the deals (as in myrummy_bots)")
    parser.add_argument(
        "--max-table",
        type=lambda text: None if text == "none" else int(text),
        default=60,
        help="both bots' bound on table tiles, or none for the exact solver on every turn",
    )
    parser.add_argument(
        "--rollouts", type=int, default=32, help="rollout pairs per departure from greedy"
    )
    parser.add_argument("--jobs", type=int, default=1, help="processes playing the pairs")
    parser.add_argument(
        "--progress", type=int, default=0, metavar="PAIRS", help="a running line every PAIRS pairs"
    )
    parser.add_argument(
        "--log",
        type=argparse.FileType("a"),
        metavar="FILE",
        help="append each pair's matches to this file as JSON",
    )
    parser.add_argument(
        "--from-log",
        type=argparse.FileType("r"),
        metavar="FILE",
        help="print the figures of the pairs in a --log file (say, of a run stopped early) "
        "instead of playing",
    )
    args = parser.parse_args()
    if args.from_log:
        try:
            run, logged = read_log(args.from_log)
        except ValueError as error:
            parser.error(f"--from-log {args.from_log.name}: {error}")
        report(
            f"{run['challenger']}, seed {run['seed']}, {run['rollouts']} rollout pairs "
            f"a departure, from {args.from_log.name}",
            logged,
        )
        return
    if args.games < 4 or args.games % 2:
        parser.error("--games must be even and at least 4: the matches come in pairs")
    if args.rollouts < 2 or args.jobs < 1 or args.progress < 0:
        parser.error("need --rollouts 2 or more, --jobs 1 or more, --progress 0 or more")
    work = [
        (args.challenger, args.max_table, args.rollouts, args.seed, pair)
        for pair in range(args.games // 2)
    ]
    pairs: list[tuple[Match, ...]] = []
    seconds = 0.0
    with multiprocessing.Pool(args.jobs) if args.jobs > 1 else contextlib.nullcontext() as pool:
        done = pool.imap(_play_pair, work) if pool is not None else map(_play_pair, work)
        for number, (found, spent) in enumerate(done):
            pairs.append(found)
            seconds += spent
            if args.log:
                run = {"challenger": args.challenger, "seed": args.seed, "rollouts": args.rollouts}
                print(log_line(run, number, found, spent), file=args.log, flush=True)
            if args.progress and len(pairs) % args.progress == 0 and len(pairs) < len(work):
                lines = ", ".join(
                    f"{mean:.1%} ± {half:.1%}" for _, mean, half in summary(pairs)[:2]
                )
                print(f"{len(pairs)} pairs: {lines}, {seconds:.0f} CPU s", file=sys.stderr)
    report(
        f"{args.challenger} at {args.max_table} against GreedyBot({args.max_table}), "
        f"seed {args.seed}, {args.rollouts} rollout pairs a departure, {seconds:.0f} CPU s",
        pairs,
    )


if __name__ == "__main__":
    main()
