"""Benchmark of the strategic-europe calculators: time per evaluation of each worked example's scenario.

``rulebook bench strategic-europe`` converts every ``strategic-europe``
example scenario from plain data (:func:`adjudicator.plain.from_plain`) and
evaluates it, each repeatedly, and prints the median microseconds per call of
both steps for each calculator. The calculators are linear in their input, so
these figures are the cost of validation and tracing; they are measured, never
asserted.
"""

from __future__ import annotations

import functools
import statistics
import time
from typing import Any

from adjudicator.plain import from_plain
from adjudicator.registry import calculators
from rulebook.content.load import default_paths, load_or_raise

__all__ = ["bench_strategic_europe"]

REPEATS = 200
"""Evaluations per example scenario."""


def _microseconds(action: Any, repeats: int) -> float:
    started = time.perf_counter()
    for _ in range(repeats):
        action()
    return (time.perf_counter() - started) / repeats * 1e6


def bench_strategic_europe() -> dict[str, Any]:
    """Median microseconds per conversion and per evaluation, per calculator, over the strategic-europe examples."""
    corpus = load_or_raise(*default_paths())
    known = calculators()
    examples = [example for example in corpus.examples if example.game == "strategic-europe"]
    conversions: dict[str, list[float]] = {}
    evaluations: dict[str, list[float]] = {}
    for example in examples:
        calculator = known[example.calculator]
        data = dict(example.scenario)
        scenario = from_plain(calculator.scenario, data)
        conversions.setdefault(calculator.name, []).append(
            _microseconds(functools.partial(from_plain, calculator.scenario, data), REPEATS)
        )
        evaluations.setdefault(calculator.name, []).append(
            _microseconds(functools.partial(calculator.evaluate, scenario), REPEATS)
        )
    return {
        "examples": len(examples),
        "repeats": REPEATS,
        "microseconds_per_call": {
            name: {
                "from_plain": round(statistics.median(conversions[name]), 1),
                "evaluate": round(statistics.median(evaluations[name]), 1),
                "scenarios": len(evaluations[name]),
            }
            for name in sorted(evaluations)
        },
    }
