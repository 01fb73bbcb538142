"""The list of calculators: name → scenario type and the function that runs it.

Each calculator module defines ``CALCULATORS``, a tuple of :class:`Calculator`;
:func:`calculators` imports the modules named in :data:`MODULES` and indexes
them by name. Results are frozen dataclasses with a ``trace`` field
(:class:`~adjudicator.trace.Trace`) and a ``summary()`` method giving the
answer in a few English lines.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, Protocol

from adjudicator.errors import ScenarioError
from adjudicator.plain import from_plain
from adjudicator.trace import Trace

__all__ = ["MODULES", "Calculator", "Result", "calculators", "prepare", "run"]

MODULES: tuple[str, ...] = (
    "adjudicator.aa2_rules",
    "adjudicator.battle_calculators",
    "adjudicator.damage",
    "adjudicator.decks",
    "adjudicator.economy",
    "adjudicator.interception",
    "adjudicator.mediterranean",
    "adjudicator.oww2",
    "adjudicator.oww2_damage",
    "adjudicator.oww2_fire",
    "adjudicator.oww2_line_of_fire",
    "adjudicator.oww2_vehicles",
    "adjudicator.paratroops",
    "adjudicator.stack",
    "adjudicator.stacking",
    "adjudicator.supply",
    "adjudicator.victory",
    "adjudicator.war_entry",
    "adjudicator.weather",
    "adjudicator.zoc",
)
"""Modules that define calculators (``adjudicator.<module>.CALCULATORS``)."""


class Result(Protocol):
    """What every calculator returns."""

    @property
    def trace(self) -> Trace:
        """The cited steps of the calculation (a read-only field, so frozen dataclasses fit)."""
        ...

    def summary(self) -> list[str]:
        """The answer in a few English lines (the trace gives the reasons)."""
        ...


@dataclass(frozen=True)
class Calculator:
    """One calculator: its scenario type and the pure function that evaluates it."""

    name: str
    """Name used on the command line and in examples, e.g. ``stack``."""
    title: str
    """One line saying what it settles."""
    scenario: type[Any]
    """Frozen dataclass of the input."""
    evaluate: Callable[[Any], Result]
    """The pure function: scenario in, result out."""
    games: tuple[str, ...]
    """Game ids whose rules it implements."""


def calculators() -> dict[str, Calculator]:
    """Every registered calculator by name."""
    found: dict[str, Calculator] = {}
    for module_name in MODULES:
        module = importlib.import_module(module_name)
        for calculator in module.CALCULATORS:
            if calculator.name in found:
                raise RuntimeError(f"calculator {calculator.name!r} is defined twice ({module_name})")
            found[calculator.name] = calculator
    return found


def run(name: str, scenario: Any) -> Result:
    """Validate plain ``scenario`` data for calculator ``name`` and evaluate it.

    A ``calculator`` key in the scenario, when present, must name the same
    calculator. Raises :class:`~adjudicator.errors.ScenarioError` for an unknown
    calculator or a mismatch, :class:`~adjudicator.plain.InvalidScenario` for
    fields that do not validate.

    >>> run("no-such-calculator", {})
    Traceback (most recent call last):
    ...
    adjudicator.errors.ScenarioError: calculator: unknown calculator 'no-such-calculator'; known calculators: ...
    """
    calculator, typed = prepare(name, scenario)
    return calculator.evaluate(typed)


def prepare(name: str, scenario: Any) -> tuple[Calculator, Any]:
    """The calculator ``name`` and plain ``scenario`` data converted to its scenario type (see :func:`run`).

    >>> calculator, typed = prepare("ipc-chips", {"ipc": 50})
    >>> calculator.name, type(typed).__name__
    ('ipc-chips', 'IpcChipsScenario')
    """
    known = calculators()
    if name not in known:
        raise ScenarioError("calculator", f"unknown calculator {name!r}; known calculators: {', '.join(sorted(known)) or 'none'}")
    if not isinstance(scenario, dict):
        raise ScenarioError("", "a scenario must be a mapping of fields", scenario)
    fields = dict(scenario)
    declared = fields.pop("calculator", name)
    if declared != name:
        raise ScenarioError("calculator", f"the scenario is for {declared!r}, not {name!r}")
    calculator = known[name]
    return calculator, from_plain(calculator.scenario, fields)
