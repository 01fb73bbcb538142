"""Tests of :mod:`rulebook.bench.strategic`: the benchmark runs and reports every strategic-europe calculator.

No timing is asserted.
"""

from __future__ import annotations

import pytest

from rulebook.bench import BENCHMARKS, run_benchmark
from rulebook.bench import strategic as bench_strategic


def test_reports_both_steps_for_every_calculator(monkeypatch: pytest.MonkeyPatch) -> None:
    """One figure per step and calculator used by the strategic-europe examples, registered as `strategic-europe`."""
    monkeypatch.setattr(bench_strategic, "REPEATS", 1)
    assert BENCHMARKS["strategic-europe"] == "rulebook.bench.strategic:bench_strategic_europe"
    figures = run_benchmark("strategic-europe")
    assert figures["repeats"] == 1 and figures["examples"] >= 12
    rows = figures["microseconds_per_call"]
    assert {"paratroop-rebuild", "strategic-bombing", "lend-lease", "war-declaration", "gibraltar-suez"} <= set(rows)
    assert all(set(row) == {"from_plain", "evaluate", "scenarios"} for row in rows.values())
    assert sum(row["scenarios"] for row in rows.values()) == figures["examples"]
