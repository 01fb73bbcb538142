"""Worked examples: run each example's scenario and compare with what its source states.

An :class:`~rulebook.content.model.Example` names a calculator, a scenario and the
``expected`` outcome the source gives. ``expected`` is matched against the
result's plain data (:func:`rulebook.adjudication.scenarios.result_document`) *partially*:
every key it lists must be present and equal, keys it leaves out are not
checked; lists must match item by item; numbers match within ``1e-9`` unless the
expected value is written ``{"approx": x, "tolerance": t}``. A passing example
also has to cite only rule entries that exist.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from typing import Any

from rulebook.adjudication.scenarios import evaluate, result_document
from rulebook.content.model import Corpus, Example
from rulebook.errors import RulebookError

__all__ = ["ExampleOutcome", "compare", "run_example", "run_examples"]

DEFAULT_TOLERANCE = 1e-9


@dataclass(frozen=True)
class ExampleOutcome:
    """The verdict on one worked example."""

    example: Example
    status: str
    """``pass`` or ``fail``."""
    differences: list[str] = field(default_factory=list)
    """Why it failed: one line per mismatch (empty when it passed)."""
    result: dict[str, Any] = field(default_factory=dict)
    """The calculator's result as plain data (empty if the scenario did not run)."""

    @property
    def calculator(self) -> str:
        return self.example.calculator

    @property
    def trace(self) -> list[dict[str, Any]]:
        """The steps of the calculation: ``{"rule", "text", …}`` each."""
        steps: list[dict[str, Any]] = self.result.get("trace", {}).get("steps", [])
        return steps


def compare(expected: Any, actual: Any, path: str = "") -> list[str]:
    """Differences between an expected outcome and the actual result (partial match).

    >>> compare({"winner": "attacker", "rounds": [1, 2]}, {"winner": "defender", "rounds": [1, 2], "x": 0})
    ["winner: expected 'attacker', got 'defender'"]
    >>> compare({"p": {"approx": 0.5, "tolerance": 0.01}}, {"p": 0.504})
    []
    """
    where = path or "result"
    if isinstance(expected, dict) and set(expected) == {"approx", "tolerance"}:
        if not isinstance(actual, (int, float)) or isinstance(actual, bool):
            return [f"{where}: expected a number near {expected['approx']}, got {actual!r}"]
        if abs(actual - expected["approx"]) > expected["tolerance"]:
            return [f"{where}: expected {expected['approx']} ± {expected['tolerance']}, got {actual!r}"]
        return []
    if isinstance(expected, dict):
        if not isinstance(actual, dict):
            return [f"{where}: expected a mapping, got {actual!r}"]
        differences = []
        for key, value in expected.items():
            sub = f"{path}.{key}" if path else str(key)
            if key not in actual:
                differences.append(f"{sub}: expected {value!r}, but the result has no such field")
            else:
                differences.extend(compare(value, actual[key], sub))
        return differences
    if isinstance(expected, list):
        if not isinstance(actual, list) or len(actual) != len(expected):
            return [f"{where}: expected {expected!r}, got {actual!r}"]
        differences = []
        for index, (want, have) in enumerate(zip(expected, actual)):
            differences.extend(compare(want, have, f"{where}[{index}]"))
        return differences
    if isinstance(expected, float) or (isinstance(expected, int) and isinstance(actual, float)):
        if isinstance(actual, (int, float)) and not isinstance(actual, bool):
            if math.isclose(actual, expected, abs_tol=DEFAULT_TOLERANCE, rel_tol=DEFAULT_TOLERANCE):
                return []
    elif expected == actual and _json_kind(expected) is _json_kind(actual):
        return []
    return [f"{where}: expected {expected!r}, got {actual!r}"]


def _json_kind(value: Any) -> type:
    """The JSON type of a scalar: ``True`` is not ``1``, but round-trip YAML's ``ScalarInt`` is an int.

    ``ScalarInt`` is how round-trip YAML loads ``0``.
    """
    for kind in (bool, int, float, str):
        if isinstance(value, kind):
            return kind
    return type(value)


def run_example(example: Example, corpus: Corpus) -> ExampleOutcome:
    """Run one example and judge it against its stated outcome."""
    try:
        result = evaluate(example.calculator, example.scenario, origin=f"example {example.id}")
    except RulebookError as error:
        return ExampleOutcome(example, "fail", [str(error)])
    document = result_document(result)
    differences = compare(example.expected, document)
    known = {entry.id for entry in corpus.entries}
    for rule in result.trace.rules():
        if rule not in known:
            differences.append(f"trace cites unknown entry {rule!r}")
    return ExampleOutcome(example, "fail" if differences else "pass", differences, document)


def run_examples(corpus: Corpus, entry: str | None = None, game: str | None = None) -> list[ExampleOutcome]:
    """Run every example (optionally only those of one entry or one game), in id order."""
    selected = [
        example
        for example in sorted(corpus.examples, key=lambda e: e.id)
        if (entry is None or entry in example.entries) and (game is None or example.game == game)
    ]
    return [run_example(example, corpus) for example in selected]
