"""Write, or check, the snapshot of morpyam's public API: the names and signatures users see.

The public API is the ``__all__`` of the three games' packages and of every
module the design names (records, state JSON, SVG, odds, bots, simulation,
strategies, testing, the adapters, the kit, ...). For each name the snapshot
holds one line: its kind and signature; a class adds a line for each public
method, property and attribute it defines, an enum its members. The text is
the same on every Python version the package supports (3.10 to 3.13), so a
change in it is a change of the API: ``tests/test_api_snapshot.py`` compares
it with the committed ``tests/data/public_api.txt``, and the changelog names
the change.

Run from the checkout::

    python tools/api_snapshot.py            # write tests/data/public_api.txt
    python tools/api_snapshot.py --check    # compare, print the difference, exit 1 if any
"""

from __future__ import annotations

import argparse
import difflib
import enum
import importlib
import inspect
import re
import sys
import types
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
SNAPSHOT = ROOT / "tests" / "data" / "public_api.txt"

MODULES = (
    "morpyam",
    "morpyam.actions",
    "morpyam.advice",
    "morpyam.bots",
    "morpyam.description",
    "morpyam.dice",
    "morpyam.encoding",
    "morpyam.engine",
    "morpyam.errors",
    "morpyam.figures",
    "morpyam.files",
    "morpyam.game",
    "morpyam.gymnasium",
    "morpyam.gymnasium_vector",
    "morpyam.kit",
    "morpyam.kit.deprecations",
    "morpyam.kit.descriptions",
    "morpyam.kit.fields",
    "morpyam.kit.matches",
    "morpyam.kit.paths",
    "morpyam.kit.presets",
    "morpyam.kit.records",
    "morpyam.kit.texts",
    "morpyam.layouts",
    "morpyam.myrummy",
    "morpyam.myrummy.core",
    "morpyam.myrummy.description",
    "morpyam.myrummy.encoding",
    "morpyam.myrummy.notation",
    "morpyam.myrummy.play",
    "morpyam.myrummy.solve",
    "morpyam.myrummy.strategies",
    "morpyam.notation",
    "morpyam.odds",
    "morpyam.openspiel",
    "morpyam.pettingzoo",
    "morpyam.records",
    "morpyam.rules",
    "morpyam.scoring",
    "morpyam.simulation",
    "morpyam.state",
    "morpyam.state_json",
    "morpyam.strategies",
    "morpyam.svg",
    "morpyam.testing",
    "morpyam.text",
    "morpyam.tiles",
    "morpyam.vector",
    "morpyam.vectors",
    "morpyam.yahtzee",
    "morpyam.yahtzee.actions",
    "morpyam.yahtzee.description",
    "morpyam.yahtzee.encoding",
    "morpyam.yahtzee.engine",
    "morpyam.yahtzee.records",
    "morpyam.yahtzee.rules",
    "morpyam.yahtzee.solver",
    "morpyam.yahtzee.state",
    "morpyam.yahtzee.state_json",
    "morpyam.yahtzee.strategies",
    "morpyam.yahtzee.text",
)
"""The modules whose ``__all__`` is the public API (the design's list)."""

OPTIONAL = {
    "morpyam.gymnasium": "gymnasium",
    "morpyam.gymnasium_vector": "gymnasium",
    "morpyam.vector": "numpy",
    "morpyam.myrummy.strategies": "hypothesis",
    "morpyam.openspiel": "pyspiel",
    "morpyam.pettingzoo": "pettingzoo",
    "morpyam.strategies": "hypothesis",
    "morpyam.testing": "hypothesis",
    "morpyam.yahtzee.strategies": "hypothesis",
}
"""The modules that need an optional extra, with the distribution that provides it."""

_ADDRESS = re.compile(r" at 0x[0-9a-fA-F]+")
_SIMPLE = (bool, int, float, str, type(None))


def _clean(text: str) -> str:
    """``text`` without what changes from one run to the next (addresses)."""
    return _ADDRESS.sub("", text)


class _Shown:
    """A default value as the snapshot writes it: a set sorted, no address."""

    def __init__(self, value: object) -> None:
        self.value = value

    def __repr__(self) -> str:
        value = self.value
        if isinstance(value, (set, frozenset)):
            items = ", ".join(sorted(repr(_Shown(item)) for item in value))
            return f"{type(value).__name__}({{{items}}})"
        return _clean(repr(value))


def _signature(function: Callable[..., Any]) -> str:
    try:
        signature = inspect.signature(function)
    except (TypeError, ValueError):
        return "(...)"
    parameters = [
        parameter
        if parameter.default is inspect.Parameter.empty
        else parameter.replace(default=_Shown(parameter.default))
        for parameter in signature.parameters.values()
    ]
    return _clean(str(signature.replace(parameters=parameters)))


def _value(value: object) -> str:
    """A constant: its value when it is small and plain, else its type."""
    if isinstance(value, _SIMPLE) or (
        isinstance(value, tuple) and len(value) <= 40 and all(isinstance(v, _SIMPLE) for v in value)
    ):
        shown = repr(value)
        if len(shown) <= 120:
            return f" = {shown}"
    return f": {type(value).__name__}"


def _own_init(cls: type) -> Callable[..., Any] | None:
    """The ``__init__`` a class of the package (or attrs) wrote, or ``None``."""
    for klass in cls.__mro__:
        if klass.__module__.startswith("morpyam") and "__init__" in vars(klass):
            init = vars(klass)["__init__"]
            return init if inspect.isfunction(init) else None
    return None


def _class_lines(name: str, cls: type) -> Iterator[str]:
    bases = ", ".join(
        base.__name__ for base in cls.__bases__ if base.__name__ not in ("object", "Generic")
    )
    kind = "class"
    if issubclass(cls, enum.Enum):
        yield f"{name}: enum({bases})"
        for member in cls:
            yield f"{name}.{member.name} = {member.value!r}"
        return
    if getattr(cls, "_is_protocol", False):
        kind = "protocol"
    # typing gives a protocol an ``__init__`` of its own on some versions: a protocol has none.
    init = None if kind == "protocol" else _own_init(cls)
    signature = _signature(init).replace("(self, ", "(").replace("(self)", "()") if init else ""
    yield f"{name}: {kind}{f'({bases})' if bases else ''}{signature}"
    for attribute in sorted(vars(cls)):
        if attribute.startswith("_"):
            continue
        member = vars(cls)[attribute]
        where = f"{name}.{attribute}"
        if isinstance(member, property):
            yield f"{where}: property"
        elif isinstance(member, (classmethod, staticmethod)):
            word = "classmethod" if isinstance(member, classmethod) else "staticmethod"
            yield f"{where}: {word}{_signature(member.__func__)}"
        elif inspect.isfunction(member):
            yield f"{where}: method{_signature(member)}"
        elif not callable(member) and not isinstance(member, (type, enum.Enum)):
            yield f"{where}: attribute"


def module_lines(module_name: str) -> list[str]:
    """The snapshot of one module: a header, then a line per public name (sorted)."""
    module = importlib.import_module(module_name)
    names = sorted(getattr(module, "__all__", ()))
    lines = [f"[{module_name}]"]
    for name in names:
        value = getattr(module, name)
        if inspect.ismodule(value):
            lines.append(f"{name}: module")
        elif inspect.isclass(value) and not isinstance(value, types.GenericAlias):
            # (3.10's inspect calls an alias such as ``tuple[int, ...]`` a class)
            lines += _class_lines(name, value)
        elif inspect.isfunction(value) or inspect.isbuiltin(value):
            lines.append(f"{name}: function{_signature(value)}")
        elif callable(value) and (
            not isinstance(value, type) or isinstance(value, types.GenericAlias)
        ):
            lines.append(f"{name}: callable {type(value).__name__}")
        else:
            lines.append(f"{name}{_value(value)}")
    return lines


def snapshot(modules: tuple[str, ...] = MODULES) -> str:
    """The whole snapshot, as written to `SNAPSHOT`."""
    blocks = ["\n".join(module_lines(name)) for name in modules]
    return "\n\n".join(blocks) + "\n"


def sections(text: str) -> dict[str, str]:
    """A snapshot's text by module."""
    found: dict[str, str] = {}
    for block in text.strip().split("\n\n"):
        header, _, _ = block.partition("\n")
        found[header.strip("[]")] = block + "\n"
    return found


def difference(expected: str, actual: str) -> str:
    """A unified diff from the committed snapshot to today's API (empty when equal)."""
    return "".join(
        difflib.unified_diff(
            expected.splitlines(keepends=True),
            actual.splitlines(keepends=True),
            "tests/data/public_api.txt (committed)",
            "the API of this checkout",
        )
    )


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--check", action="store_true", help="compare instead of writing")
    args = parser.parse_args(argv)
    sys.path.insert(0, str(ROOT))
    text = snapshot()
    if args.check:
        diff = difference(SNAPSHOT.read_text(encoding="utf-8"), text)
        sys.stdout.write(diff)
        return 1 if diff else 0
    SNAPSHOT.write_text(text, encoding="utf-8")
    print(f"wrote {SNAPSHOT.relative_to(ROOT)} ({text.count(chr(10))} lines)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
