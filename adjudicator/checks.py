"""Checks of scenario values that every game's calculators share.

Each raises :class:`~adjudicator.errors.ScenarioError` naming the field, what it must be and
what it got, so a scenario's author sees the same wording for the same mistake everywhere;
:func:`collect_problems` runs several checks and keeps every problem, so a ``__post_init__``
reports all of them at once.
"""

from __future__ import annotations

from collections.abc import Callable

from adjudicator.errors import ScenarioError
from adjudicator.plain import FieldNotConverted, InvalidScenario

__all__ = ["check_count", "collect_problems", "raise_problems"]


def collect_problems(*checks: Callable[[], object]) -> list[ScenarioError]:
    """Run every check (each raises :class:`ScenarioError` or :class:`InvalidScenario`) and keep every problem.

    A check that reads a field which did not convert (on a partial scenario, see
    :mod:`adjudicator.plain`) is skipped: that field's own problem is reported already.

    >>> [str(p) for p in collect_problems(lambda: check_count("a", -1), lambda: check_count("b", 2, 3))]
    ['a: must be a count of 0 or more (got -1)', 'b: must be a count of 3 or more (got 2)']
    """
    problems: list[ScenarioError] = []
    for check in checks:
        try:
            check()
        except InvalidScenario as invalid:
            problems.extend(invalid.errors)
        except ScenarioError as error:
            problems.append(error)
        except FieldNotConverted:
            continue
    return problems


def raise_problems(problems: list[ScenarioError]) -> None:
    """Raise the problems found: one as it is, several as :class:`InvalidScenario`."""
    if len(problems) == 1:
        raise problems[0]
    if problems:
        raise InvalidScenario(problems)


def check_count(path: str, value: int, minimum: int = 0) -> None:
    """Raise :class:`ScenarioError` unless ``value`` is a whole count of at least ``minimum``.

    >>> check_count("bombers", -1)
    Traceback (most recent call last):
    ...
    adjudicator.errors.ScenarioError: bombers: must be a count of 0 or more (got -1)
    """
    if not isinstance(value, int) or isinstance(value, bool) or value < minimum:
        raise ScenarioError(path, "must be a count of {minimum} or more", value, minimum=minimum)
