"""Old spellings of a call that keep working, each with a warning, until the next major release.

When a parameter is renamed, or one given by position becomes keyword-only so
that the three games call alike, `old_spellings` keeps the old call working:
it warns with a `DeprecationWarning` that names the new spelling, then calls
the function the new way. The function's own signature is the new one.

Examples:
    >>> import warnings
    >>> @old_spellings(positional=("names",), renamed={"position": "state"})
    ... def picture(state: str, *, names: tuple[str, ...] = ()) -> str:
    ...     return f"{state} {names}"
    >>> with warnings.catch_warnings(record=True) as caught:
    ...     warnings.simplefilter("always")
    ...     picture(position="x", names=("Ann",))
    "x ('Ann',)"
    >>> str(caught[0].message)
    'picture(position=...) is deprecated: use picture(state=...)'
"""

from __future__ import annotations

import functools
import inspect
import warnings
from collections.abc import Callable, Mapping, Sequence
from typing import Any, TypeVar, cast

__all__ = ["old_spellings"]

F = TypeVar("F", bound=Callable[..., Any])

_POSITIONAL = (inspect.Parameter.POSITIONAL_ONLY, inspect.Parameter.POSITIONAL_OR_KEYWORD)


def old_spellings(
    *, positional: Sequence[str] = (), renamed: Mapping[str, str] | None = None
) -> Callable[[F], F]:
    """A decorator: the function also takes its old spellings, each with a `DeprecationWarning`
    naming the new one.

    ``positional`` names keyword-only parameters that were once given by position, in their
    old order after the positional parameters (``render(state, names)`` for
    ``render(state, *, names=None)``); ``renamed`` maps an old keyword to its new name
    (``{"position": "state"}``).

    Raises:
        TypeError: from the decorated function, for a call that gives more positional
            arguments than the old spelling took, or one parameter twice.
    """
    renames = dict(renamed or {})

    def decorate(function: F) -> F:
        parameters = inspect.signature(function).parameters.values()
        plain = sum(parameter.kind in _POSITIONAL for parameter in parameters)
        name = function.__name__

        @functools.wraps(function)
        def call(*args: Any, **kwargs: Any) -> Any:
            extra = args[plain:]
            if extra:
                if len(extra) > len(positional):
                    most = plain + len(positional)
                    words = "argument" if most == 1 else "arguments"
                    raise TypeError(
                        f"{name}() takes at most {most} positional {words}, {len(args)} given"
                    )
                keywords = positional[: len(extra)]
                for key, value in zip(keywords, extra):
                    if key in kwargs:
                        raise TypeError(f"{name}() got multiple values for argument {key!r}")
                    kwargs[key] = value
                new = ", ".join(f"{key}=..." for key in keywords)
                warnings.warn(
                    f"{name}() with {' and '.join(keywords)} by position is deprecated: "
                    f"give {'them' if len(keywords) > 1 else 'it'} by keyword, {name}(..., {new})",
                    DeprecationWarning,
                    stacklevel=2,
                )
                args = args[:plain]
            for old, new_name in renames.items():
                if old in kwargs:
                    if new_name in kwargs:
                        raise TypeError(f"{name}() got {old} and {new_name}; give {new_name}")
                    warnings.warn(
                        f"{name}({old}=...) is deprecated: use {name}({new_name}=...)",
                        DeprecationWarning,
                        stacklevel=2,
                    )
                    kwargs[new_name] = kwargs.pop(old)
            return function(*args, **kwargs)

        return cast(F, call)

    return decorate
