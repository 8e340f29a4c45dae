"""Replaying a corpus against the library: every mismatch, named by its case and rule IDs.

`check_corpus` reads a corpus folder (written by this version or another)
and, for each case, asks the library again what the case records: the legal
actions and their order, the chance outcomes' probabilities, each probe's
state after or rule of refusal, the scores and winners; for MyRummy the
listed plays and the best play's score; and the path counts of
``counts.jsonl``. A rules change shows as a list of mismatches.

Every member the corpus publishes is checked, the rule IDs a case names
included (those the library finds in the position and its probes, and a
scenario's own), and nothing can go missing unnoticed: each file's digest
and line count are the manifest's, the files the format requires are there,
ids are unique across the corpus, and a corpus written by this very version
holds every scenario this version writes.

The folder is untrusted input: files and lines are refused by their size
before they are read (`CorpusError`), a malformed case is reported as a
mismatch (as is a line that is not JSON, a missing file, or a corpus file
the manifest leaves out) and the check goes on, and the work per line is
bounded by measures that do not depend on the machine: a path count
expands at most `COUNT_LIMIT` positions and does at most `COUNT_WORK` units
of work, each MyRummy decision it reaches held to
`morpyam.vectors._counts.RUMMY_ARRANGE` tiles to arrange; MyRummy's plays
and best play are recomputed only on small positions.
"""

from __future__ import annotations

import os
import random
from collections.abc import Iterator, Mapping
from pathlib import Path
from typing import Any

import morpyam
from morpyam import myrummy as mr
from morpyam.errors import IllegalActionError
from morpyam.notation import NotationError
from morpyam.vectors import _corpus as corpus_module
from morpyam.vectors._cases import Probe, Scenario, fraction_text, node_of, plain
from morpyam.vectors._check_counts import COUNT_LIMIT, COUNT_WORK, check_counts
from morpyam.vectors._check_tables import check_table
from morpyam.vectors._corpus import (
    COUNTS_FILE,
    MANIFEST,
    MAX_CASES,
    SOURCES,
    CorpusError,
    digest,
    game_file,
    play_note,
    read_manifest,
    read_values,
    required_files,
    scenarios_by_id,
)
from morpyam.vectors._counts import COUNT_POSITIONS
from morpyam.vectors._kits import GAMES, KITS, Kit, resign_text
from morpyam.vectors._myrummy_cases import best_score
from morpyam.vectors._report import (
    SHOWN,
    CheckReport,
    MalformedError,
    Mismatch,
    cut,
    fraction,
    get,
    ints,
    named,
    short,
    texts,
)
from morpyam.vectors._rule_book import RULE_TEXTS
from morpyam.vectors._tables import TABLES, TABLES_FILE

__all__ = ["COUNT_LIMIT", "COUNT_WORK", "CheckReport", "Mismatch", "check_corpus"]


class _Case:
    """The check of one case: collects its mismatches."""

    def __init__(
        self,
        kit: Kit,
        file: str,
        line: int,
        data: Mapping[str, Any],
        scenarios: Mapping[str, Scenario],
    ) -> None:
        self.kit = kit
        self.scenarios = scenarios
        self.tried: list[Probe] = []
        self.file = file
        self.line = line
        self.data = data
        case_id = data.get("id")
        self.id = case_id if isinstance(case_id, str) else "?"
        rule_ids = data.get("rule_ids")
        self.rule_ids = (
            tuple(rule for rule in rule_ids if isinstance(rule, str))
            if isinstance(rule_ids, list)
            else ()
        )
        self.found: list[Mismatch] = []

    def report(self, what: str, rule: str | None = None) -> None:
        self.found.append(Mismatch(self.file, self.line, self.id, self.rule_ids, what, rule))

    def run(self) -> list[Mismatch]:
        try:
            self._check()
        except MalformedError as error:
            self.report(f"the case is malformed: {error}")
        return self.found

    def _check(self) -> None:
        kit = self.kit
        data = self.data
        get(data, "id", str)
        self.rule_ids = tuple(texts(data, "rule_ids"))
        state_data = get(data, "state", dict)
        try:
            state = kit.from_dict(state_data)
        except ValueError as error:
            self.report(f"the library refuses the case's state: {error}")
            return
        self._about(state)
        self._node(state)
        self._legal(state, texts(data, "legal"), texts(data, "chance"))
        probes = get(data, "probes", list)
        before = plain(kit.to_dict(state))
        for number, probe in enumerate(probes):
            if not isinstance(probe, dict):
                raise MalformedError(f"probe {number} is not an object")
            self._probe(state, before, probe, number)
        scores = ints(data, "scores")
        if list(kit.scores(state)) != scores:
            self.report(
                f"the scores are {list(kit.scores(state))} in the library, {scores} in the corpus"
            )
        winners = ints(data, "winners")
        if sorted(state.winners) != winners:
            self.report(
                f"the winners are {sorted(state.winners)} in the library, {winners} in the corpus"
            )
        found = SOURCES[kit.name].tags(state, self.tried)
        if kit.name == "myrummy":
            found |= self._rummy(state)
        self._rule_ids(found)

    def _about(self, state: Any) -> None:
        """The members that say what the case is: its preset, players, origin and note."""
        data = self.data
        preset: str = get(data, "preset", str)
        players: int = get(data, "players", int)
        origin = get(data, "origin", str)
        note = get(data, "note", str)
        seats = len(self.kit.scores(state))
        if players != seats:
            self.report(f"the state has {seats} players, the case says {players}")
        parts = self.id.split("/")
        if len(parts) != 3 or parts[0] != self.kit.name or parts[1] != f"{preset}-{players}p":
            self.report(
                f"the id is not {self.kit.name}/{cut(preset)}-{players}p/NAME, as its preset "
                "and players say"
            )
        scenario = self.scenarios.get(self.id)
        if origin == "play":
            if scenario is not None:
                self.report("the library writes this case as a scenario, the corpus as play")
            if note != play_note(preset, players):
                self.report(
                    f"the note of a position from play is {short(play_note(preset, players))}"
                )
        elif origin != "scenario":
            self.report(f'the origin is "scenario" or "play", not {short(origin)}')
        elif scenario is not None and note != scenario.note:
            self.report(
                f"the note is {short(scenario.note)} in the library, {short(note)} in the corpus"
            )

    def _rule_ids(self, found: set[str]) -> None:
        """The rule IDs the case names against those the library finds (and a scenario's own)."""
        listed = list(self.rule_ids)
        if listed != sorted(set(listed)):
            self.report("the rule IDs are not sorted, or one is named twice")
        unknown = [rule for rule in listed if rule not in RULE_TEXTS]
        if unknown:
            self.report(f"no rule ID of the rule book: {', '.join(map(cut, unknown[:SHOWN]))}")
        scenario = self.scenarios.get(self.id)
        if scenario is not None:
            found = found | set(scenario.rule_ids)
        missing = sorted(found - set(listed))
        if missing:
            self.report(
                f"the library finds {', '.join(missing)} in the case, the corpus does not name "
                f"{'it' if len(missing) == 1 else 'them'}"
            )
        # a scenario this library does not write may name rules it was built for
        known = scenario is not None or self.data.get("origin") == "play"
        extra = sorted(set(listed) - found - set(unknown))
        if extra and known:
            self.report(
                f"the corpus names {', '.join(extra)}, which the library does not find in the case"
            )

    def _node(self, state: Any) -> None:
        node = self.data.get("node")
        if node is not None and node != node_of(state):
            self.report(
                f"the position is a {node_of(state)} node in the library, {short(node)} in the corpus"
            )
        if "current_player" in self.data and self.data["current_player"] != state.current_player:
            self.report(
                f"player {state.current_player} decides in the library, "
                f"{short(self.data['current_player'])} in the corpus"
            )

    def _legal(self, state: Any, legal: list[str], chance: list[str]) -> None:
        library = [str(action) for action in self.kit.legal_actions(state)]
        known = set(library)
        listed = set(legal)
        missing = [action for action in legal if action not in known]
        extra = [action for action in library if action not in listed]
        if missing:
            self.report(f"not legal in the library, listed in the corpus: {named(missing)}")
        if extra:
            self.report(f"legal in the library, not listed in the corpus: {named(extra)}")
        if not missing and not extra and library != legal:
            self.report("the legal actions are listed in another order in the library")
        if not chance and not state.is_chance:
            return
        if not chance or not state.is_chance:
            where = ("the corpus", "the library") if chance else ("the library", "the corpus")
            self.report(f"{where[0]} gives chance outcomes here, {where[1]} does not")
            return
        if len(chance) != len(legal):
            raise MalformedError("'chance' does not give one probability per legal action")
        given = {action: fraction(p, f"chance of {action}") for action, p in zip(legal, chance)}
        for action, p in self.kit.chance_outcomes(state):
            text = str(action)
            if text in given and given[text] != p:
                self.report(
                    f"`{cut(text)}` has probability {fraction_text(p)} in the library, "
                    f"{fraction_text(given[text])} in the corpus"
                )

    def _probe(
        self, state: Any, before: dict[str, Any], probe: dict[str, Any], number: int
    ) -> None:
        text: str = get(probe, "action", str)
        shown_text = cut(text)
        refused = probe.get("refused")
        after = probe.get("after")
        if not (
            (isinstance(refused, str) and after is None)
            or (refused is None and isinstance(after, dict))
        ):
            raise MalformedError(
                f"probe {number} ({shown_text}) needs either 'refused' (text) or 'after' (an object)"
            )
        kit = self.kit
        seat = resign_text(text)
        try:
            if seat is not None:
                if kit.resign is None:
                    raise MalformedError(f"probe {number}: {kit.name} has no resignation")
                result = kit.resign(state, seat)
            else:
                result = kit.apply(state, kit.parse_action(text))
        except IllegalActionError as error:
            self.tried.append(Probe(text, None, error.rule, error.reason))
            reason = probe.get("reason")
            if refused == error.rule and reason != error.reason:
                self.report(
                    f"`{shown_text}` is refused by the library for {short(error.reason)}, the "
                    f"corpus says {short(reason)}",
                    error.rule,
                )
            if refused is None:
                self.report(
                    f"`{shown_text}` is refused by the library with {error.rule} ({error.reason}); "
                    "the corpus gives the state after it",
                    error.rule,
                )
            elif error.rule != refused:
                self.report(
                    f"`{shown_text}` is refused by the library with {error.rule}, "
                    f"the corpus says {refused[:60]}",
                    error.rule,
                )
            return
        except (NotationError, ValueError) as error:
            self.report(f"`{shown_text}` is no action of {kit.name} for the library: {error}")
            return
        self.tried.append(Probe(text, result))
        if refused is not None:
            self.report(
                f"`{shown_text}` is accepted by the library, the corpus says it is refused with "
                f"{refused[:60]}",
                refused,
            )
            return
        assert isinstance(after, dict)
        expected = {**before, **after}
        actual = plain(kit.to_dict(result))
        differ = [
            key
            for key in sorted(expected.keys() | actual.keys())
            if expected.get(key, kit.absent.get(key)) != actual.get(key, kit.absent.get(key))
        ]
        if differ:
            shown = "; ".join(
                f"{key}: {short(actual.get(key, kit.absent.get(key)))} in the library, "
                f"{short(expected.get(key, kit.absent.get(key)))} in the corpus"
                for key in differ[:3]
            )
            self.report(f"after `{shown_text}`: {shown}")

    def _rummy(self, state: mr.State) -> set[str]:
        """MyRummy's own members, ``plays`` and ``best``, recomputed as the export does; returns
        the rule IDs they exercise."""
        expected: dict[str, Any] = {}
        extra = SOURCES["myrummy"].extra
        assert extra is not None
        tags = extra(state, expected)
        for key in ("plays", "best"):
            if key not in self.data:
                raise MalformedError(f"the member {key!r} is missing")
            if (self.data[key] is None) != (expected[key] is None):
                where = ("the library", "the corpus")
                if expected[key] is None:
                    where = where[::-1]
                self.report(f"{where[0]} gives {key!r} here, {where[1]} does not (see the format)")
        if expected["plays"] is not None and self.data["plays"] is not None:
            self._compare_plays(set(expected["plays"]), set(texts(self.data, "plays")))
        if expected["best"] is not None and self.data["best"] is not None:
            self._best(state, expected["best"], get(self.data, "best", dict))
        return tags

    def _compare_plays(self, library: set[str], corpus: set[str]) -> None:
        missing = sorted(corpus - library)
        extra = sorted(library - corpus)
        if missing:
            self.report(f"plays not legal in the library, listed in the corpus: {named(missing)}")
        if extra:
            self.report(f"plays legal in the library, not listed in the corpus: {named(extra)}")

    def _best(self, state: mr.State, found: dict[str, Any], best: dict[str, Any]) -> None:
        tiles = get(best, "tiles", int)
        points = get(best, "points", int)
        if (found["tiles"], found["points"]) != (tiles, points):
            self.report(
                f"the best play lays {found['tiles']} tiles worth {found['points']} points in the "
                f"library ({found['play']}), {tiles} tiles worth {points} in the corpus"
            )
        play = best.get("play")
        if play is None:
            return
        if not isinstance(play, str):
            raise MalformedError("the best play is not text")
        try:
            action = mr.parse_action(play)
            mr.apply(state, action)
        except IllegalActionError as error:
            self.report(
                f"the corpus's best play `{cut(play)}` is refused with {error.rule}", error.rule
            )
            return
        except ValueError as error:
            self.report(f"the corpus's best play `{cut(play)}` is no play: {error}")
            return
        if not isinstance(action, mr.Play):
            self.report(f"the corpus's best play `{cut(play)}` is no play")
        elif (best_score(state, action)["tiles"], best_score(state, action)["points"]) != (
            tiles,
            points,
        ):
            self.report(f"the corpus's best play `{cut(play)}` does not lay what the corpus says")


def _played_ids(game: str, manifest: Mapping[str, Any]) -> list[str]:
    """The ids of the cases from play that this version writes with the manifest's ``cases``
    and ``seed`` (none when they are not what an export takes)."""
    cases, seed = manifest.get("cases"), manifest.get("seed")
    if type(cases) is not int or not 0 <= cases <= MAX_CASES or type(seed) is not int:
        return []
    ids = []
    for preset, players in SOURCES[game].groups:
        group = f"{preset}-{players}p"
        rng = random.Random(f"{seed}/{game}/{group}")
        for name, _ in SOURCES[game].positions(preset, players, rng, cases):
            ids.append(f"{game}/{group}/{name}")
    return ids


class Files:
    """The files of one check: what is wrong with them goes to ``found``; ids are tracked
    across the whole corpus."""

    def __init__(self, folder: Path, manifest: Mapping[str, Any]) -> None:
        self.folder = folder
        self.files: Mapping[str, Any] = manifest["files"]
        self.found: list[Mismatch] = []
        self.seen: dict[str, str] = {}

    def whole(self, name: str, what: str, case: str = "?") -> None:
        self.found.append(Mismatch(name, 0, case, (), what))

    def present(self, name: str) -> bool:
        """Whether ``name``, listed in the manifest, is there, and its digest is the manifest's."""
        path = self.folder / name
        if not path.exists():
            self.whole(name, "the file is missing: the manifest lists it")
            return False
        if not path.is_file():
            raise CorpusError(name, "is not a regular file")
        expected = self.files[name].get("sha256")
        if expected is None:
            self.whole(name, "the manifest gives no SHA-256 digest of the file")
        else:
            actual = digest(path) if path.stat().st_size <= corpus_module.MAX_FILE_SIZE else None
            if actual is not None and actual != expected:
                self.whole(
                    name,
                    f"the file's SHA-256 digest is {actual[:12]}…, the manifest's {expected[:12]}…:"
                    " the file changed after it was written",
                )
        return True

    def lines(self, name: str) -> Iterator[tuple[int, Any]]:
        """The JSON values of one file with their line numbers; a line that is not JSON, an id
        given twice in the corpus or a line count other than the manifest's is reported."""
        read = 0
        for line, data in read_values(self.folder / name, name):
            read += 1
            if isinstance(data, CorpusError):
                self.found.append(
                    Mismatch(name, line, "?", (), f"the line is not read: {data.reason}")
                )
                continue
            case_id = data.get("id") if isinstance(data, dict) else None
            if isinstance(case_id, str):
                where = f"{name}:{line}"
                if case_id in self.seen:
                    self.found.append(
                        Mismatch(
                            name, line, case_id[:80], (), f"{self.seen[case_id]} has this id too"
                        )
                    )
                self.seen.setdefault(case_id, where)
            yield line, data
        lines = self.files[name]["lines"]
        if read != lines:
            self.whole(name, f"{read} lines in the file, {lines} in the manifest")


def _required(files: Files, manifest: Mapping[str, Any]) -> None:
    """The files format 1 requires: those of the games exported, and the counts."""
    games = manifest.get("games")
    if not isinstance(games, list):
        files.whole(MANIFEST, "the manifest does not list the games exported")
        games = [game for game in GAMES if game_file(game) in files.files]
    needed = required_files(games)
    listed = manifest.get("required")
    if not isinstance(listed, list):
        files.whole(MANIFEST, "the manifest does not list the files the format requires")
    else:
        for name in needed:
            if name not in listed:
                files.whole(
                    MANIFEST,
                    f"{name} is required by the format and the games exported, "
                    "the manifest does not require it",
                )
        needed = list(dict.fromkeys([*needed, *listed]))
    for name in needed:
        if name not in files.files:
            files.whole(name, "the file is required, and the manifest does not list it")


def check_corpus(directory: str | os.PathLike[str]) -> CheckReport:
    """Replay the corpus in ``directory`` against this library; every difference is a `Mismatch`.

    Besides each case and count, the corpus itself is checked: every file the
    format requires is there, with the digest and the line count of the
    manifest; no id is given twice; and a corpus written by this very version
    holds every scenario this version writes.

    Raises:
        CorpusError: for a folder without a readable manifest of this format, a file that
            cannot be opened, or a file or line too big to be read. A line that is not JSON
            is a mismatch, and the check goes on.
    """
    folder = Path(directory)
    manifest = read_manifest(folder)
    files = Files(folder, manifest)
    _required(files, manifest)
    found = files.found
    cases = counts = tables = 0
    library = f"morpyam {morpyam.__version__}"
    for game in GAMES:
        name = game_file(game)
        if name not in files.files or not files.present(name):
            continue
        scenarios = scenarios_by_id(game)
        for line, data in files.lines(name):
            if not isinstance(data, dict):
                found.append(
                    Mismatch(name, line, "?", (), "the case is malformed: not a JSON object")
                )
            elif data.get("game") != game:
                case_id = str(data.get("id", "?"))[:80]
                found.append(Mismatch(name, line, case_id, (), f"the case is not a {game} case"))
            else:
                found += _Case(KITS[game], name, line, data, scenarios).run()
                cases += 1
        if manifest.get("library") == library:
            for case_id, scenario in scenarios.items():
                if case_id not in files.seen:
                    found.append(
                        Mismatch(
                            name,
                            0,
                            case_id,
                            scenario.rule_ids,
                            f"{case_id} is missing: this library writes it",
                        )
                    )
            for case_id in _played_ids(game, manifest):
                if case_id not in files.seen:
                    files.whole(name, f"{case_id} is missing: this library writes it", case_id)
    if COUNTS_FILE in files.files and files.present(COUNTS_FILE):
        for line, data in files.lines(COUNTS_FILE):
            counts += 1
            found += check_counts(COUNTS_FILE, line, data)
        if manifest.get("library") == library:
            for game in manifest.get("games") or ():
                for position in COUNT_POSITIONS.get(game, ()):
                    if f"{game}/{position[0]}" not in files.seen:
                        files.whole(
                            COUNTS_FILE,
                            f"{game}/{position[0]} is missing: this library writes it",
                        )
    if TABLES_FILE in files.files and files.present(TABLES_FILE):
        for line, data in files.lines(TABLES_FILE):
            tables += 1
            found += check_table(TABLES_FILE, line, data)
        if manifest.get("library") == library:
            for game in manifest.get("games") or ():
                for table in TABLES.get(game, ()):
                    if table.id not in files.seen:
                        files.whole(TABLES_FILE, f"{table.id} is missing: this library writes it")
    for name in [game_file(game) for game in GAMES] + [COUNTS_FILE, TABLES_FILE]:
        if name not in files.files and (folder / name).exists():
            found.append(
                Mismatch(name, 0, "?", (), "the file is not in the manifest, so it was not checked")
            )
    written = manifest.get("library")
    return CheckReport(
        corpus=written if isinstance(written, str) else "?",
        library=library,
        cases=cases,
        counts=counts,
        tables=tables,
        mismatches=tuple(found),
    )
