"""The error every rejected move raises."""

from __future__ import annotations

__all__ = ["IllegalActionError"]


class IllegalActionError(ValueError):
    """An action the rules do not allow here, or a value no action can hold.

    The message starts with the rule ID that forbids it (``rule``) and says
    why in a player's words (``reason``), for example
    ``R-CELL-2: the SEC cell needs the first roll of the turn; this is roll 2``.
    """

    def __init__(self, rule: str, reason: str) -> None:
        super().__init__(f"{rule}: {reason}")
        self.rule = rule
        self.reason = reason

    def __reduce__(self) -> tuple[type[IllegalActionError], tuple[str, str]]:
        return type(self), (self.rule, self.reason)
