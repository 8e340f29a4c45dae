"""One case of the corpus: a position, what the library says of it, and the probes tried on it.

A case is built from a state by `build_case`, the same way for every game
(through its `Kit`); what differs per game (the
scenarios, the positions drawn from play, the actions worth probing, the rule
IDs a position exercises) is a `Source`, written in the game's module of
this package.
"""

from __future__ import annotations

import json
import random
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from fractions import Fraction
from typing import Any

import attrs

from morpyam.errors import IllegalActionError
from morpyam.notation import NotationError
from morpyam.vectors._kits import Kit, resign_text

__all__ = [
    "Knob",
    "Probe",
    "Scenario",
    "Source",
    "after_members",
    "build_case",
    "fraction_text",
    "node_of",
    "plain",
    "run_probe",
    "scenario_state",
]


def plain(data: Any) -> Any:
    """``data`` as JSON reads it back: tuples become lists, keys strings."""
    return json.loads(json.dumps(data))


def fraction_text(value: Fraction) -> str:
    """An exact probability as the corpus writes it: ``"1/6"``, ``"1/1"``.

    Examples:
        >>> fraction_text(Fraction(2, 12))
        '1/6'
    """
    return f"{value.numerator}/{value.denominator}"


def node_of(state: Any) -> str:
    """``"terminal"``, ``"chance"`` or ``"decision"``: what kind of node ``state`` is."""
    if state.is_terminal:
        return "terminal"
    return "chance" if state.is_chance else "decision"


@attrs.frozen
class Probe:
    """An action tried on a position: the state after it, or the rule that refused it."""

    text: str
    """The action's notation, or ``resign N``."""
    after: Any
    """The state after the action, or ``None`` when it was refused."""
    rule: str | None = None
    """The rule ID of the refusal."""
    reason: str | None = None
    """The refusal's reason, in words."""


def run_probe(kit: Kit, state: Any, text: str) -> Probe | None:
    """Try ``text`` on ``state``; ``None`` when it is no action of the game at all.

    ``resign N`` resigns seat N (in the games that have resignation); any
    other text is read with the game's ``parse_action``, whose refusal of a
    meld the rules forbid (MyRummy) counts as the action's refusal.
    """
    seat = resign_text(text)
    try:
        if seat is not None:
            if kit.resign is None:
                return None
            return Probe(text, kit.resign(state, seat))
        return Probe(text, kit.apply(state, kit.parse_action(text)))
    except IllegalActionError as error:
        return Probe(text, None, error.rule, error.reason)
    except (NotationError, ValueError):
        return None


def after_members(
    before: Mapping[str, Any], after: Mapping[str, Any], absent: Mapping[str, Any]
) -> dict[str, Any]:
    """The members of the state JSON ``after`` that differ from ``before``, each in full.

    A member left out of one document counts as its value in ``absent``.
    """
    changed: dict[str, Any] = {}
    for key in sorted(before.keys() | after.keys()):
        old = before.get(key, absent.get(key))
        new = after[key] if key in after else absent[key]
        if old != new:
            changed[key] = new
    return changed


@attrs.frozen
class Scenario:
    """A position built by hand for the rule IDs it exercises: a start and the actions after it."""

    name: str
    """Unique in its game and group; the last part of the case's id."""
    preset: str
    players: int
    rule_ids: tuple[str, ...]
    """The rules the position was built for (the tags found in it are added)."""
    note: str
    """One sentence for a reader: what the position shows."""
    start: Callable[[], Any]
    """Makes the first state (a new game, or a position)."""
    path: tuple[str, ...] = ()
    """Actions (notation, or ``resign N``) played from the start to reach the position."""
    probes: tuple[str, ...] = ()
    """Actions always probed here, legal or not, besides those the source chooses."""


@attrs.frozen
class Knob:
    """A scenario with one field of the game's ``Rules`` off its default, whose probes tell the
    two readings apart: the same path and probes under the default give another answer."""

    field: str
    value: Any
    shape: Scenario
    """The scenario's name, preset, players, rule IDs, note, path and probes (its ``start`` is
    made from the rules)."""
    base: Callable[[], Any]
    """The rules the field is changed on (the default reading)."""
    make: Callable[[Any], Any]
    """Makes the first state from rules."""

    def rules(self, *, default: bool = False) -> Any:
        """The scenario's rules; with ``default``, the field back at the base's value."""
        base = self.base()
        return base if default else attrs.evolve(base, **{self.field: self.value})

    def scenario(self, *, default: bool = False) -> Scenario:
        """The scenario, or with ``default`` the same one under the base rules."""
        rules = self.rules(default=default)
        return attrs.evolve(self.shape, start=lambda: self.make(rules))


def scenario_state(kit: Kit, scenario: Scenario) -> Any:
    """The position a scenario describes.

    Raises:
        IllegalActionError: when a step of its path is refused (the rules changed under it).
    """
    state = scenario.start()
    for step, text in enumerate(scenario.path, 1):
        seat = resign_text(text)
        try:
            if seat is not None and kit.resign is not None:
                state = kit.resign(state, seat)
            else:
                state = kit.apply(state, kit.parse_action(text))
        except IllegalActionError as error:
            raise IllegalActionError(
                error.rule, f"scenario {scenario.name}, step {step} ({text}): {error.reason}"
            ) from None
    return state


@attrs.frozen
class Source:
    """Where a game's cases come from, and how its positions are read for rule IDs."""

    groups: tuple[tuple[str, int], ...]
    """The (preset, players) pairs whose games the random positions come from."""
    scenarios: Callable[[], Iterator[Scenario]]
    positions: Callable[[str, int, random.Random, int], Iterator[tuple[str, Any]]]
    """``positions(preset, players, rng, count)``: ``count`` named positions from seeded play."""
    candidates: Callable[[Any, random.Random], list[str]]
    """Actions worth probing at a state, legal or not, in the order to prefer them."""
    tags: Callable[[Any, Sequence[Probe]], set[str]]
    """The rule IDs a position and its probes exercise."""
    extra: Callable[[Any, dict[str, Any]], set[str]] | None = None
    """Adds the game's own members to a case (MyRummy's plays and best play); returns rule IDs."""


LEGAL_PROBES = 3
"""At most this many accepted actions are probed per case, besides a scenario's own."""
REFUSED_PROBES = 5
"""At most this many refused actions are probed per case (one per rule ID), besides a scenario's."""


def _chosen(probes: Iterable[Probe], forced: Sequence[str], rng: random.Random) -> list[Probe]:
    """A scenario's probes, then a few accepted and refused ones (one refusal per rule ID)."""
    chosen: list[Probe] = []
    accepted = 0
    rules: set[str | None] = set()
    for probe in probes:
        if probe.text in forced:
            chosen.append(probe)
        elif probe.after is not None and accepted < LEGAL_PROBES:
            chosen.append(probe)
            accepted += 1
        elif probe.after is None and probe.rule not in rules and len(rules) < REFUSED_PROBES:
            chosen.append(probe)
            rules.add(probe.rule)
    return chosen


def build_case(
    kit: Kit,
    source: Source,
    *,
    case_id: str,
    preset: str,
    players: int,
    origin: str,
    note: str,
    state: Any,
    rule_ids: Iterable[str] = (),
    forced: Sequence[str] = (),
    rng: random.Random,
) -> dict[str, Any]:
    """The case of ``state``, as the corpus writes it (see the format's documentation)."""
    before = plain(kit.to_dict(state))
    legal = kit.legal_actions(state)
    outcomes = kit.chance_outcomes(state)
    texts = list(dict.fromkeys([*forced, *source.candidates(state, rng)]))
    tried = [probe for text in texts if (probe := run_probe(kit, state, text)) is not None]
    missing = [text for text in forced if text not in {probe.text for probe in tried}]
    if missing:
        raise ValueError(f"{case_id}: {missing[0]!r} is no action of {kit.name}")
    probes = _chosen(tried, forced, rng)
    written: list[dict[str, Any]] = []
    for probe in probes:
        if probe.after is None:
            written.append({"action": probe.text, "refused": probe.rule, "reason": probe.reason})
        else:
            after = plain(kit.to_dict(probe.after))
            written.append(
                {"action": probe.text, "after": after_members(before, after, kit.absent)}
            )
    ids = set(rule_ids) | source.tags(state, probes)
    case: dict[str, Any] = {
        "id": case_id,
        "game": kit.name,
        "preset": preset,
        "players": players,
        "origin": origin,
        "note": note,
        "state": before,
        "node": node_of(state),
        "current_player": state.current_player,
        "legal": [str(action) for action in legal],
        "chance": [fraction_text(p) for _, p in outcomes],
        "probes": written,
        "scores": list(kit.scores(state)),
        "winners": sorted(state.winners),
    }
    if source.extra is not None:
        ids |= source.extra(state, case)
    case["rule_ids"] = sorted(ids)
    return case
