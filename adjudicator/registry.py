"""The list of calculators: name → scenario type and the function that runs it.

Every package of :mod:`adjudicator` implements rules (one per game, and the shared
dice-battle engine :mod:`adjudicator.battle`) and exports what :class:`RulePackage`
declares: ``CALCULATORS``, a tuple of :class:`Calculator`, and ``GAME``, the game's id in
``content/games.yaml`` (``None`` for the battle engine, whose scenarios name their game;
a game's package is a :class:`GamePackage`). A game whose battles are fought by the dice
engine also exports ``BATTLE_RULES``
(:class:`adjudicator.battle.scenario.BattleGamePackage`). mypy checks every package
against its protocol (``tests/adjudicator/test_registry.py``). :func:`calculators` finds
the packages itself (:func:`rule_packages`) and indexes their calculators by name, so a
new calculator is registered in one place: its package's ``CALCULATORS``. Results are
frozen dataclasses with a ``trace`` field (:class:`~adjudicator.trace.Trace`), a
``summary_messages()`` method giving the answer in a few
:class:`~adjudicator.messages.Message` lines to render in any language, and
``summary()``, the same lines in English, and ``tables()``, the figures it shows in rows
(a battle's rounds; :class:`~adjudicator.messages.Summarized`).

Importing every game package costs about a second in the browser (Pyodide), so the two
lookups a calculator page makes import only what they need: :func:`prepare` takes the
package that registers the calculator (``package``, which the site writes into the page,
from :func:`calculator_packages`), and :func:`game_package` tries the package named after
the game (``axis-and-allies-2e`` → ``adjudicator.axis_and_allies_2e``) first. Both fall
back to every package, so a wrong hint costs time, never a wrong answer.

>>> sorted(package.__name__ for package in rule_packages())[:3]
['adjudicator.axis_and_allies_2e', 'adjudicator.battle', 'adjudicator.hell_of_a_war']
"""

from __future__ import annotations

import functools
import importlib
import pkgutil
from collections.abc import Callable
from dataclasses import dataclass
from types import ModuleType
from typing import Any, Protocol, cast

from adjudicator.errors import ScenarioError
from adjudicator.limits import plain_problems, size_problems
from adjudicator.messages import AnswerLanguage, Message, Table
from adjudicator.plain import InvalidScenario, PlainHooks, from_plain
from adjudicator.trace import Trace

__all__ = [
    "Calculator",
    "GamePackage",
    "Result",
    "RulePackage",
    "calculator_packages",
    "calculators",
    "game_package",
    "prepare",
    "rule_packages",
    "run",
]


class Result(Protocol):
    """What every calculator returns."""

    @property
    def trace(self) -> Trace:
        """The cited steps of the calculation (a read-only field, so frozen dataclasses fit)."""
        ...

    def summary_messages(self) -> list[Message]:
        """The answer in a few lines, each a template and its values (the trace gives the reasons)."""
        ...

    def summary(self) -> list[str]:
        """The answer in a few English lines."""
        ...

    def tables(self) -> list[Table]:
        """Figures in rows the answer shows under its lines (:meth:`adjudicator.messages.Summarized.tables`)."""
        ...


@dataclass(frozen=True)
class Calculator:
    """One calculator: its scenario type and the pure function that evaluates it."""

    name: str
    """Name used on the command line and in examples, e.g. ``stack``."""
    label: str
    """Its short name for people, e.g. "Action stack": an English msgid marked with
    :func:`~adjudicator.messages.N_`, so the site's catalogs translate it (``_(label)``)."""
    title: str
    """One line saying what it settles."""
    scenario: type[Any]
    """Frozen dataclass of the input."""
    evaluate: Callable[[Any], Result]
    """The pure function: scenario in, result out."""
    games: tuple[str, ...]
    """Game ids whose rules it implements."""
    picture: Callable[[Any, Any, AnswerLanguage], str] | None = None
    """Draws the scenario and its result as an SVG document whose words are in the given language
    (:class:`~adjudicator.messages.AnswerLanguage`): a map, a chart of the odds."""
    first: Callable[[Any], Result] | None = None
    """The answer without its parts that take longest and can wait (a battle's rounds): a page shows it first, then
    the whole answer of :attr:`evaluate` (``None``: the whole answer comes at once)."""


class RulePackage(Protocol):
    """What every package of :mod:`adjudicator` exports: a game's package, or the shared battle engine."""

    @property
    def __name__(self) -> str:
        """The package's dotted name, ``adjudicator.<package>``."""
        ...

    @property
    def GAME(self) -> str | None:
        """The game's id in ``content/games.yaml``; ``None`` for the battle engine, whose scenarios name their game."""
        ...

    @property
    def CALCULATORS(self) -> tuple[Calculator, ...]:
        """The package's calculators, each registered here once."""
        ...


class GamePackage(RulePackage, Protocol):
    """What a game's package exports: its calculators and the game's id."""

    @property
    def GAME(self) -> str:
        """The game's id in ``content/games.yaml`` (the package is named after it: ``hell-of-a-war`` →
        ``adjudicator.hell_of_a_war``)."""
        ...


def _declared(package: ModuleType) -> RulePackage:
    """``package`` as the :class:`RulePackage` it must be: a ``TypeError`` names the export it lacks or gets wrong."""
    exports = vars(package)
    calculators = exports.get("CALCULATORS")
    if not isinstance(calculators, tuple) or not all(isinstance(item, Calculator) for item in calculators):
        raise TypeError(f"{package.__name__} must export CALCULATORS, a tuple of Calculator (got {calculators!r})")
    if "GAME" not in exports or not isinstance(exports["GAME"], (str, type(None))):
        raise TypeError(f"{package.__name__} must export GAME, its game's id or None (got {exports.get('GAME')!r})")
    # Checked above at run time, and statically by mypy against each package in the tests.
    return cast(RulePackage, package)


@functools.cache
def rule_packages() -> tuple[RulePackage, ...]:
    """The packages of :mod:`adjudicator` (every one implements rules), by name."""
    import adjudicator

    return tuple(
        _declared(importlib.import_module(f"adjudicator.{info.name}"))
        for info in sorted(pkgutil.iter_modules(adjudicator.__path__), key=lambda info: info.name)
        if info.ispkg
    )


def _rule_package(name: str) -> RulePackage | None:
    """The package ``adjudicator.<name>`` alone, imported, if it exists; else None."""
    import adjudicator

    if not any(info.ispkg and info.name == name for info in pkgutil.iter_modules(adjudicator.__path__)):
        return None
    return _declared(importlib.import_module(f"adjudicator.{name}"))


def game_package(game: str) -> RulePackage:
    """The package implementing the rules of ``game`` (its ``GAME`` id); :class:`ScenarioError` if none does.

    The package named after the game is tried first, alone; then every package.

    >>> game_package("hell-of-a-war").__name__
    'adjudicator.hell_of_a_war'
    """
    named = _rule_package(game.replace("-", "_"))
    if named is not None and named.GAME == game:
        return named
    for package in rule_packages():
        if package.GAME == game:
            return package
    raise ScenarioError("game", "no rules are implemented for game {game!r}", game=game)


def calculators() -> dict[str, Calculator]:
    """Every registered calculator by name."""
    found: dict[str, Calculator] = {}
    for package in rule_packages():
        for calculator in package.CALCULATORS:
            if calculator.name in found:
                raise RuntimeError(f"calculator {calculator.name!r} is defined twice ({package.__name__})")
            found[calculator.name] = calculator
    return found


def calculator_packages() -> dict[str, str]:
    """Every calculator's name → the package that registers it (what a page hands :func:`prepare` as ``package``).

    >>> calculator_packages()["battle"], calculator_packages()["ipc-chips"]
    ('adjudicator.battle', 'adjudicator.axis_and_allies_2e')
    """
    return {calculator.name: package.__name__ for package in rule_packages() for calculator in package.CALCULATORS}


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


def prepare(name: str, scenario: Any, package: str | None = None) -> tuple[Calculator, Any]:
    """The calculator ``name`` and plain ``scenario`` data converted to its scenario type (see :func:`run`).

    ``package`` (``adjudicator.battle``, as :func:`calculator_packages` says) is where the
    calculator is looked for first, importing no other package; without it, or when the
    calculator is not there, every package is.

    >>> calculator, typed = prepare("ipc-chips", {"ipc": 50})
    >>> calculator.name, type(typed).__name__
    ('ipc-chips', 'IpcChipsScenario')
    >>> prepare("ipc-chips", {"ipc": 50}, package="adjudicator.battle")[0].name  # a wrong hint: found all the same
    'ipc-chips'
    """
    hinted = _rule_package(package.removeprefix("adjudicator.")) if package else None
    for calculator in hinted.CALCULATORS if hinted is not None else ():
        if calculator.name == name:
            return _typed(calculator, name, scenario)
    known = calculators()
    if name not in known:
        raise ScenarioError(
            "calculator",
            "unknown calculator {name!r}; known calculators: {known}",
            name=name,
            known=", ".join(sorted(known)) or "none",
        )
    return _typed(known[name], name, scenario)


def _typed(calculator: Calculator, name: str, scenario: Any) -> tuple[Calculator, Any]:
    # The reading limits first: conversion recurses and visits every value an alias repeats.
    beyond_limits = plain_problems(scenario)
    if beyond_limits:
        raise InvalidScenario(beyond_limits)
    if not isinstance(scenario, dict):
        raise ScenarioError("", "a scenario must be a mapping of fields", scenario)
    # A calculator whose cost grows with a field says how far in its scenario's ``size_limits``.
    declared = calculator.scenario.size_limits if issubclass(calculator.scenario, PlainHooks) else ()
    past_limits = size_problems(scenario, declared)
    if past_limits:
        raise InvalidScenario(past_limits)
    fields = dict(scenario)
    declared = fields.pop("calculator", name)
    if declared != name:
        raise ScenarioError(
            "calculator", "the scenario is for {declared!r}, not {name!r}", declared=declared, name=name
        )
    return calculator, from_plain(calculator.scenario, fields)
