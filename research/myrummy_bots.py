"""Print how MyRummy bots fare against ``GreedyBot``: win rates and points, with 95% intervals.

Each challenger plays ``--games`` matches against ``GreedyBot`` (classic
rules, 2 players, one round) in pairs on the same duplicate deal, the seats
swapped: ``play_match`` hands out the same tiles in the same order in both,
whatever the bots do; a shared win counts a half. The intervals are taken over
the pairs, so the luck of the deal is left out as far as the bots play alike.
Both sides use the same bound ``--max-table`` (see ``bots.guarded_play``),
60 by default, so that a match takes under a second. Not lower: the first two
rows show what the bound costs.

- ``bound-40``: greedy bounded at 40 table tiles (the challengers' old bound),
  against greedy at ``--max-table``;
- ``unbounded``: greedy that always runs the exact solver.

The other challengers are experiments kept here, not in the library:

- ``points``: ``PointsBot`` (most penalty points off the rack first);
- ``late-points``: most tiles, but most points once the pool holds 24 tiles or fewer;
- ``keeper``: keeps its jokers, laying one only to go out or to lay out, and
  draws when only a play with a joker is left;
- ``no-spare-joker``: lays a joker only when it lets more than itself be laid;
- ``reserve``: after laying out, lays one tile on the table per turn instead
  of drawing, keeping the rest, unless it can go out or another rack holds 4
  tiles or fewer;
- ``flex``: the better of the tiles and the points play by tiles laid, then
  by how many rack tiles keep a partner (same value, or same colour within two);
- ``hold-one``: draws rather than lay a single tile while the pool holds over 30;
- ``spare``: keeps back one tile it could lay on the table next turn, to lay
  it then instead of drawing;
- ``end-reserve``: once greedy's play would leave 2 tiles or fewer, lays one
  tile a turn on the table, keeping the others to lay instead of drawing;
- ``keep-meld``: once laid out, keeps back a run or group of three from its
  rack when greedy's play lays as many other tiles without it, to lay it on a
  later turn instead of drawing;
- ``deny``: one ply of determinised search over the tiles, the points and the
  joker-keeping play: tiles laid minus the tiles the next player could then
  lay, their rack dealt at random from the unseen tiles (``determinise``);
- ``rollouts``: the library's ``RolloutBot``: greedy, but once it has laid out
  and a rack holds 5 tiles or fewer, the draw instead of greedy's play when
  greedy rollouts over deals of the unseen tiles favour the draw by more than
  a standard error over 32 pairs.

Run with ``PYTHONPATH=. python research/myrummy_bots.py [--games N] [--only NAME]``;
``--jobs 2`` plays the pairs in two processes, ``--progress 50`` prints a running line every
50 pairs (long runs: a rollouts match takes 15 to 32 CPU seconds).
"""

from __future__ import annotations

import argparse
import contextlib
import itertools
import math
import multiprocessing
import random
import statistics
import sys
import time
from collections import Counter
from collections.abc import Callable, Sequence

import attrs

import morpyam.myrummy as mr
from morpyam.myrummy.core._judge import judge_play
from morpyam.myrummy.core._melds import Run, sort_table
from morpyam.myrummy.play._bots import Bot, GreedyBot, PointsBot, guarded_play, play_match


def laid(state: mr.State, play: mr.Play) -> list[mr.Tile]:
    """The rack tiles ``play`` lays."""
    left = Counter(tile for meld in play.table for tile in meld.tiles)
    left.subtract(tile for meld in state.table for tile in meld.tiles)
    return list(left.elements())


def draw(state: mr.State) -> mr.Action:
    """The draw (or the pass once the pool is empty)."""
    return mr.legal_actions(state)[0]


def legal(state: mr.State, table: tuple[mr.Meld, ...]) -> bool:
    """Whether laying ``table`` is a legal play for the player on turn."""
    try:
        judge_play(state.rules, state.table, state.rack, state.opened[state.player], table)
    except mr.IllegalActionError:
        return False
    return True


def without_jokers(state: mr.State) -> mr.State:
    """The position with the jokers taken off the rack of the player on turn."""
    racks = list(state.racks)
    racks[state.player] = tuple(tile for tile in state.rack if tile.colour is not None)
    return attrs.evolve(state, racks=tuple(racks))


@attrs.frozen
class LatePoints:
    """Most tiles, but most points once the pool is small."""

    max_table: int | None
    pool: int = 24

    def choose(self, state: mr.State, rng: random.Random) -> mr.Action:
        """The solver's play under the objective for this stage, else a draw."""
        points_first = state.pool_size <= self.pool
        play = guarded_play(state, max_table=self.max_table, points_first=points_first)
        return draw(state) if play is None else play


@attrs.frozen
class Keeper:
    """Keeps its jokers unless laying them goes out or opens; draws rather than lay only with one."""

    max_table: int | None
    strict: bool = True

    def choose(self, state: mr.State, rng: random.Random) -> mr.Action:
        """The best play without the rack's jokers when there is one, as described."""
        full = guarded_play(state, max_table=self.max_table)
        if full is None:
            return draw(state)
        rack = state.rack
        tiles = laid(state, full)
        if all(tile.colour is not None for tile in rack) or len(tiles) == len(rack):
            return full
        kept = guarded_play(without_jokers(state), max_table=self.max_table)
        jokers = sum(tile.colour is None for tile in tiles)
        if (
            kept is not None
            and legal(state, kept.table)
            and (self.strict or len(laid(state, kept)) >= len(tiles) - jokers)
        ):
            return kept
        if self.strict:
            return full if not state.opened[state.player] else draw(state)
        if kept is None and jokers == len(tiles) and state.opened[state.player]:
            return draw(state)
        return full


def _one_tile_plays(state: mr.State) -> list[mr.Play]:
    found = []
    for tile in sorted(set(state.rack), key=lambda t: -t.value):
        if tile.colour is None:
            continue
        for at, meld in enumerate(state.table):
            if isinstance(meld, Run):
                if tile.colour is not meld.colour:
                    continue
                if tile.value == meld.start - 1:
                    longer: mr.Meld = mr.Run((tile, *meld.tiles))
                elif tile.value == meld.start + len(meld.tiles):
                    longer = mr.Run((*meld.tiles, tile))
                else:
                    continue
            else:
                if tile.value != meld.value or len(meld.tiles) == 4:
                    continue
                if any(t.colour is tile.colour for t in meld.tiles):
                    continue
                longer = mr.Group((*meld.tiles, tile))
            table = list(state.table)
            table[at] = longer
            after = sort_table(table)
            if legal(state, after):
                found.append(mr.Play(after))
    return found


@attrs.frozen
class Reserve:
    """Lays one tile per turn on the table instead of drawing, keeping the rest in reserve."""

    max_table: int | None
    danger: int = 4

    def choose(self, state: mr.State, rng: random.Random) -> mr.Action:
        """One tile laid on, the whole play when it goes out or another rack is small."""
        full = guarded_play(state, max_table=self.max_table)
        if full is None:
            return draw(state)
        if len(laid(state, full)) == len(state.rack) or not state.opened[state.player]:
            return full
        others = min(len(r) for p, r in enumerate(state.racks) if p != state.player)
        if others <= self.danger or state.pool_size <= 4:
            return full
        one = _one_tile_plays(state)
        return one[0] if one else full


def partners(rack: list[mr.Tile]) -> int:
    """How many rack tiles have a partner: same value, or same colour within two values."""
    kinds = Counter((t.colour, t.value) for t in rack if t.colour is not None)
    score = 0
    for tile in rack:
        if tile.colour is None:
            continue
        same_value = any(v == tile.value and c is not tile.colour for c, v in kinds)
        near = any(kinds.get((tile.colour, tile.value + d), 0) for d in (-2, -1, 1, 2))
        score += same_value or near
    return score


@attrs.frozen
class Flex:
    """The tiles or the points play: most tiles, then the rack with most partners, then points."""

    max_table: int | None

    def choose(self, state: mr.State, rng: random.Random) -> mr.Action:
        """The better candidate, else a draw."""
        found = [
            play
            for points_first in (False, True)
            if (play := guarded_play(state, max_table=self.max_table, points_first=points_first))
        ]
        if not found:
            return draw(state)

        def value(play: mr.Play) -> tuple[int, int, int]:
            rest = list(state.rack)
            tiles = laid(state, play)
            for tile in tiles:
                rest.remove(tile)
            penalty = sum(25 if t.colour is None else t.value for t in rest)
            return len(tiles), partners(rest), -penalty

        return max(found, key=value)


def candidates(state: mr.State, best: mr.Play, max_table: int | None) -> list[mr.Play]:
    """Greedy's play ``best`` first, then the points play and the joker-keeping play where
    they differ."""
    found = [best]
    other = guarded_play(state, max_table=max_table, points_first=True)
    if other is not None:
        found.append(other)
    if any(tile.colour is None for tile in state.rack):
        kept = guarded_play(without_jokers(state), max_table=max_table)
        if kept is not None and legal(state, kept.table):
            found.append(kept)
    return list({play.table: play for play in found}.values())


@attrs.frozen
class Deny:
    """One ply of determinised search: of the tiles, the points and the joker-keeping play,
    the one whose tiles laid minus the tiles the next player could then lay (their rack
    dealt at random from the unseen tiles, ``determinise``) is largest."""

    max_table: int | None

    def choose(self, state: mr.State, rng: random.Random) -> mr.Action:
        """The best candidate by that margin (greedy's play on ties), else a draw."""
        best = guarded_play(state, max_table=self.max_table)
        if best is None:
            return draw(state)
        if len(laid(state, best)) == len(state.rack):
            return best
        found = candidates(state, best, self.max_table)
        if len(found) == 1:
            return best
        me = state.player

        def margin(play: mr.Play) -> int:
            after = mr.apply(state, play)
            if after.current_player is None:
                return len(laid(state, play))
            guess = mr.determinise(mr.observe(after, me), rng)
            reply = guarded_play(guess, max_table=self.max_table)
            return len(laid(state, play)) - (0 if reply is None else len(laid(guess, reply)))

        return max(found, key=margin)


def _rack_without(state: mr.State, tiles: list[mr.Tile]) -> mr.State:
    """The position with ``tiles`` taken off the rack of the player on turn."""
    rack = list(state.rack)
    for tile in tiles:
        rack.remove(tile)
    racks = list(state.racks)
    racks[state.player] = tuple(rack)
    return attrs.evolve(state, racks=tuple(racks))


@attrs.frozen
class HoldOne:
    """Draws rather than lay a single tile while the pool is large (once laid out)."""

    max_table: int | None
    pool: int = 30

    def choose(self, state: mr.State, rng: random.Random) -> mr.Action:
        """Greedy's play, or a draw instead of a one-tile play that does not go out."""
        play = guarded_play(state, max_table=self.max_table)
        if play is None:
            return draw(state)
        tiles = laid(state, play)
        if (
            state.opened[state.player]
            and len(tiles) == 1
            and len(state.rack) > 1
            and state.pool_size > self.pool
        ):
            return draw(state)
        return play


@attrs.frozen
class Spare:
    """Keeps back one tile it could lay on the table next turn, to lay it then instead of drawing."""

    max_table: int | None

    def choose(self, state: mr.State, rng: random.Random) -> mr.Action:
        """Greedy's play less one tile that still fits the table after it, when there is one."""
        play = guarded_play(state, max_table=self.max_table)
        if play is None:
            return draw(state)
        tiles = laid(state, play)
        if not state.opened[state.player] or len(tiles) < 2 or len(tiles) == len(state.rack):
            return play
        for spare in sorted({t for t in tiles if t.colour is not None}, key=lambda t: t.value):
            other = guarded_play(_rack_without(state, [spare]), max_table=self.max_table)
            if other is None or len(laid(state, other)) != len(tiles) - 1:
                continue
            if not legal(state, other.table):
                continue
            left = _rack_without(attrs.evolve(state, table=other.table), laid(state, other))
            if any(spare in laid(left, one) for one in _one_tile_plays(left)):
                return other
        return play


@attrs.frozen
class EndReserve:
    """Near the end, lays one tile a turn on the table and keeps the others to lay instead of drawing."""

    max_table: int | None
    left: int = 2

    def choose(self, state: mr.State, rng: random.Random) -> mr.Action:
        """One tile laid on when greedy's play would leave ``left`` tiles or fewer; else greedy."""
        play = guarded_play(state, max_table=self.max_table)
        if play is None:
            return draw(state)
        tiles = laid(state, play)
        if (
            not state.opened[state.player]
            or len(tiles) < 2
            or len(tiles) == len(state.rack)
            or len(state.rack) - len(tiles) > self.left
        ):
            return play
        one = _one_tile_plays(state)
        return one[0] if one else play


def rack_melds(rack: Sequence[mr.Tile]) -> list[mr.Meld]:
    """The runs and groups of three tiles that the rack alone makes (jokers left out),
    lowest values first."""
    tiles = sorted({t for t in rack if t.colour is not None})
    found: list[mr.Meld] = []
    for three in itertools.combinations(tiles, 3):
        ordered = sorted(three, key=lambda t: t.value)
        for kind in (mr.Run, mr.Group):
            try:
                found.append(kind(ordered))
            except mr.IllegalActionError:
                continue
            break
    return sorted(found, key=lambda meld: sum(t.value for t in meld.tiles))


@attrs.frozen
class KeepMeld:
    """Once laid out, keeps a combination of three back in its rack when that costs nothing now:
    the best play without it lays as many other tiles as greedy's play. On a later turn with
    nothing else to lay, greedy's play lays the kept combination instead of a draw."""

    max_table: int | None
    tries: int = 4

    def choose(self, state: mr.State, rng: random.Random) -> mr.Action:
        """Greedy's play less a kept combination when there is one, as described."""
        play = guarded_play(state, max_table=self.max_table)
        if play is None:
            return draw(state)
        tiles = laid(state, play)
        if not state.opened[state.player] or len(tiles) == len(state.rack):
            return play
        for meld in rack_melds(state.rack)[: self.tries]:
            rest = _rack_without(state, list(meld.tiles))
            other = guarded_play(rest, max_table=self.max_table)
            if other is None or len(laid(state, other)) != len(tiles) - len(meld.tiles):
                continue
            if legal(state, other.table):
                return other
        return play


CHALLENGERS: dict[str, Callable[[int | None], Bot]] = {
    "bound-40": lambda bound: GreedyBot(40),
    "unbounded": lambda bound: GreedyBot(None),
    "points": PointsBot,
    "late-points": LatePoints,
    "keeper": Keeper,
    "no-spare-joker": lambda bound: Keeper(bound, strict=False),
    "reserve": Reserve,
    "flex": Flex,
    "deny": Deny,
    "hold-one": HoldOne,
    "spare": Spare,
    "end-reserve": EndReserve,
    "keep-meld": KeepMeld,
    "rollouts": mr.RolloutBot,
}


def play_pair(name: str, max_table: int | None, seed: int, pair: int) -> Pair:
    """The challenger ``name``'s two matches on the duplicate deal ``pair`` against greedy,
    in seat 0 then seat 1: per match its win and points, whether the match ended by going
    out, and the CPU seconds of both."""
    challenger = CHALLENGERS[name](max_table)
    greedy = GreedyBot(max_table)
    start = time.process_time()
    found: list[tuple[float, int, bool]] = []
    for seat in (0, 1):
        seated = [challenger, greedy] if seat == 0 else [greedy, challenger]
        record = play_match(mr.Rules.classic(), seated, seed=seed * 1_000_003 + pair)
        state = mr.replay(record)
        found.append(
            (
                1 / len(state.winners) if seat in state.winners else 0.0,
                mr.scores(state)[seat],
                state.end_rule == "R-RUM-END-1",
            )
        )
    return Pair(tuple(found), time.process_time() - start)


@attrs.frozen
class Pair:
    """What ``play_pair`` found: per match the challenger's win, its points and whether the
    match ended by going out; the CPU seconds of the two."""

    matches: tuple[tuple[float, int, bool], ...]
    seconds: float


def _play_pair(job: tuple[str, int | None, int, int]) -> Pair:
    return play_pair(*job)


def match_up(
    name: str, max_table: int | None, games: int, seed: int, *, jobs: int = 1, progress: int = 0
) -> tuple[list[float], list[int], int, float]:
    """(the challenger ``name``'s wins and points per match, matches ended by going out, CPU
    seconds) over ``games`` matches against greedy.

    Matches come in pairs on the same duplicate deal (``play_match``), the seats swapped
    (match ``2k`` and ``2k + 1``), played in ``jobs`` processes; the figures do not depend
    on ``jobs``. Every ``progress`` pairs (0: never), a running line goes to stderr.
    """
    work = [(name, max_table, seed, pair) for pair in range(games // 2)]
    wins: list[float] = []
    points: list[int] = []
    out = 0
    seconds = 0.0
    with multiprocessing.Pool(jobs) if jobs > 1 else contextlib.nullcontext() as pool:
        pairs = pool.imap(_play_pair, work) if pool is not None else map(_play_pair, work)
        for done, pair in enumerate(pairs, 1):
            for win, point, went_out in pair.matches:
                wins.append(win)
                points.append(point)
                out += went_out
            seconds += pair.seconds
            if progress and done % progress == 0 and 2 <= done < len(work):
                rate, half = paired_interval(wins)
                print(
                    f"{name}: {done} of {len(work)} pairs, {sum(wins):g} wins, {rate:.1%} "
                    f"({rate - half:.1%}–{rate + half:.1%}), {seconds:.0f} CPU s",
                    file=sys.stderr,
                    flush=True,
                )
    return wins, points, out, seconds


def paired_interval(values: Sequence[float], z: float = 1.96) -> tuple[float, float]:
    """The mean per match of ``values`` (one per match, in pairs) and the half-width of its
    normal 95% interval, taken over the pair means: the two matches of a pair share a deal,
    so they are not independent, the pairs are."""
    pairs = [(values[i] + values[i + 1]) / 2 for i in range(0, len(values) - 1, 2)]
    return statistics.fmean(pairs), z * statistics.stdev(pairs) / math.sqrt(len(pairs))


@attrs.define
class Timed:
    """A bot that notes the CPU seconds of each of its decisions."""

    bot: Bot
    times: list[float] = attrs.Factory(list)

    def choose(self, state: mr.State, rng: random.Random) -> mr.Action:
        """The bot's action, timed."""
        start = time.process_time()
        action = self.bot.choose(state, rng)
        self.times.append(time.process_time() - start)
        return action


def think_times(max_table: int | None, games: int, seed: int) -> list[float]:
    """CPU seconds of each decision of ``GreedyBot(max_table)`` in ``games`` self-play matches."""
    timed = Timed(GreedyBot(max_table))
    for game in range(games):
        play_match(mr.Rules.classic(), [timed, timed], seed=seed * 1_000_003 + game)
    return sorted(timed.times)


def print_think_times(max_table: int | None, games: int, seed: int) -> None:
    """How long greedy thinks at each decision with the bound ``max_table``."""
    times = think_times(max_table, games, seed)
    p99 = times[min(len(times) - 1, int(0.99 * len(times)))]
    print(
        f"GreedyBot(max_table={max_table}), {games} self-play matches, {len(times)} decisions: "
        f"median {statistics.median(times) * 1e3:.1f} ms, p99 {p99 * 1e3:.0f} ms, "
        f"max {times[-1] * 1e3:.0f} ms, {sum(times) / games:.2f} s a match (CPU time)"
    )


def main() -> None:
    """Measure and print."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=800)
    parser.add_argument(
        "--max-table",
        type=lambda text: None if text == "none" else int(text),
        default=60,
        help="the bots' bound on table tiles, or none for the exact solver on every turn",
    )
    parser.add_argument("--seed", type=int, default=11)
    parser.add_argument("--only", choices=sorted(CHALLENGERS), action="append")
    parser.add_argument(
        "--jobs",
        type=int,
        default=1,
        help="processes playing the pairs (same figures; not for --think)",
    )
    parser.add_argument(
        "--progress",
        type=int,
        default=0,
        metavar="PAIRS",
        help="a running line on stderr every PAIRS pairs",
    )
    parser.add_argument(
        "--think",
        type=int,
        metavar="MATCHES",
        help="instead: how long greedy thinks per decision over MATCHES self-play matches",
    )
    args = parser.parse_args()
    if args.jobs < 1 or args.progress < 0:
        parser.error("--jobs must be 1 or more and --progress 0 or more")
    if args.think is not None:
        print_think_times(args.max_table, args.think, args.seed)
        return
    if args.games < 4 or args.games % 2:
        parser.error("--games must be even and at least 4: the matches come in pairs")
    print(
        "| challenger | matches | wins | win rate (95% interval) | points per match (95%) "
        "| ended by going out | CPU s |"
    )
    print("| --- | --- | --- | --- | --- | --- | --- |")
    for name in args.only or CHALLENGERS:
        wins, points, out, seconds = match_up(
            name, args.max_table, args.games, args.seed, jobs=args.jobs, progress=args.progress
        )
        rate, rate_half = paired_interval(wins)
        mean, half = paired_interval(points)
        print(
            f"| {name} | {args.games} | {sum(wins):g} | {rate:.1%} "
            f"({rate - rate_half:.1%}–{rate + rate_half:.1%}) | {mean:+.1f} ± {half:.1f} "
            f"| {out} | {seconds:.0f} |",
            flush=True,
        )


if __name__ == "__main__":
    main()
