"""Checks of scenario values that every game's calculators share.

Each raises :class:`~adjudicator.errors.ScenarioError` naming the field, what it must be and
what it got, so a scenario's author sees the same wording for the same mistake everywhere.
"""

from __future__ import annotations

from adjudicator.errors import ScenarioError

__all__ = ["check_count"]


def check_count(path: str, value: int, minimum: int = 0) -> None:
    """Raise :class:`ScenarioError` unless ``value`` is a whole count of at least ``minimum``.

    >>> check_count("bombers", -1)
    Traceback (most recent call last):
    ...
    adjudicator.errors.ScenarioError: bombers: must be a count of 0 or more (got -1)
    """
    if not isinstance(value, int) or isinstance(value, bool) or value < minimum:
        raise ScenarioError(path, f"must be a count of {minimum} or more", value)
