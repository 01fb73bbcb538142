"""Errors of the adjudicator, each naming the offending item of the scenario.

A scenario is plain data; :class:`ScenarioError` says where in it the problem
is (a dotted path such as ``attacker.units.infantry``), what was expected and
what was found, so the CLI and the browser page can show it without a traceback.
"""

from __future__ import annotations

from typing import Any

__all__ = ["AdjudicatorError", "ScenarioError"]


class AdjudicatorError(ValueError):
    """Base class of every error a calculator raises for bad input."""


class ScenarioError(AdjudicatorError):
    """The scenario is malformed or impossible.

    >>> str(ScenarioError("attacker.units.infantry", "must be a count of 0 or more", -1))
    'attacker.units.infantry: must be a count of 0 or more (got -1)'
    """

    _NOTHING = object()

    def __init__(self, path: str, expected: str, found: Any = _NOTHING) -> None:
        self.path = path
        self.expected = expected
        self.found = found
        detail = expected if found is ScenarioError._NOTHING else f"{expected} (got {found!r})"
        self.detail = detail
        """The message without the path, for forms that show the path themselves."""
        super().__init__(f"{path}: {detail}" if path else detail)
