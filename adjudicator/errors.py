"""Errors of the adjudicator, each naming the offending item of the scenario.

A scenario is plain data; :class:`ScenarioError` says where in it the problem
is (a dotted path such as ``attacker.units.infantry``), what was expected and
what was found, so the CLI and the browser page can show it without a traceback.
"""

from __future__ import annotations

import reprlib
from typing import Any

__all__ = ["AdjudicatorError", "ScenarioError", "shown_value"]


class _BoundedRepr(reprlib.Repr):
    """``repr`` cut short past a few hundred characters, mappings in their own order (not sorted)."""

    def __init__(self) -> None:
        super().__init__()
        self.maxlevel = 6
        self.maxlist = self.maxtuple = self.maxdict = self.maxset = self.maxfrozenset = 20
        self.maxstring = self.maxother = 200
        self.maxlong = 40

    def repr_int(self, x: int, level: int) -> str:
        if x.bit_length() > 4 * self.maxlong:  # Python refuses to print more than 4,300 digits
            return f"an integer of about {int(x.bit_length() * 0.30103) + 1} digits"
        return super().repr_int(x, level)

    def repr_dict(self, x: dict[Any, Any], level: int) -> str:
        if not x:
            return "{}"
        if level <= 0:
            return "{...}"
        pieces = [
            f"{self.repr1(key, level - 1)}: {self.repr1(value, level - 1)}"
            for key, value in list(x.items())[: self.maxdict]
        ]
        if len(x) > self.maxdict:
            pieces.append("...")
        return "{" + ", ".join(pieces) + "}"


_SHOWN = _BoundedRepr()


def shown_value(value: Any) -> str:
    """``repr(value)`` as a problem shows it: in full when short, cut short when long or deep.

    A scenario's value may be a list of a million items or an alias repeated a billion times
    over: a problem never prints more than a few hundred characters of it.

    >>> shown_value({"infantry": "three"}), shown_value(list(range(100)))[-12:]
    ("{'infantry': 'three'}", '18, 19, ...]')
    >>> len(shown_value("x" * 10_000)) < 250
    True
    """
    return _SHOWN.repr(value)


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
        detail = expected if found is ScenarioError._NOTHING else f"{expected} (got {shown_value(found)})"
        self.detail = detail
        """The message without the path, for forms that show the path themselves."""
        super().__init__(f"{path}: {detail}" if path else detail)
