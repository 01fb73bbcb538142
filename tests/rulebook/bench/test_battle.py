"""Tests of :mod:`rulebook.bench.battle`: the benchmark reports both battles and the dropped mass.

No timing is asserted.
"""

from __future__ import annotations

from rulebook.bench import BENCHMARKS, run_benchmark


def test_reports_both_battles_and_the_dropped_mass() -> None:
    """Every figure is there; the exact 100-vs-100 solve drops at most 1e-12 and the 40-vs-40 methods agree."""
    assert BENCHMARKS["battle"] == "rulebook.bench.battle:bench_battle"
    figures = run_benchmark("battle")
    assert set(figures) == {
        "exact_seconds",
        "monte_carlo_seconds",
        "monte_carlo_runs",
        "max_abs_diff",
        "exact_100_seconds",
        "monte_carlo_100_seconds",
        "exact_100_over_monte_carlo_100",
        "dropped_mass_100",
    }
    assert figures["monte_carlo_runs"] == 10_000
    assert 0 < figures["dropped_mass_100"] <= 1e-12
    assert figures["max_abs_diff"] < 0.03
