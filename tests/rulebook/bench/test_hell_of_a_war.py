"""Tests of :mod:`rulebook.bench.hell_of_a_war`: the benchmark runs and reports every figure (no timing is asserted)."""

from __future__ import annotations

import pytest

from adjudicator.hell_of_a_war.damage import Side, evaluate_damage
from rulebook.bench import BENCHMARKS, run_benchmark
from rulebook.bench import hell_of_a_war as bench_how


def test_reports_every_calculator_and_the_scaling_runs(monkeypatch: pytest.MonkeyPatch) -> None:
    """One row per HoW calculator over its examples, one per scaling size, and the occupation-force figure."""
    monkeypatch.setattr(bench_how, "REPEATS", 1)
    monkeypatch.setattr(bench_how, "SIZES", (5, 10))
    assert BENCHMARKS["hell-of-a-war"] == "rulebook.bench.hell_of_a_war:bench_hell_of_a_war"
    figures = run_benchmark("hell-of-a-war")
    assert set(figures["microseconds_per_call"]) == {"damage", "victory", "deck", "multiplayer-setup"}
    assert figures["examples"] == sum(row["scenarios"] for row in figures["microseconds_per_call"].values()) >= 10
    assert [row["cards"] for row in figures["damage_scaling"]] == [20, 40]
    assert figures["occupation_force"]["cards"] == 60


def test_large_fight_is_a_valid_deterministic_scenario() -> None:
    """The generated fight has both sides, and the same seed gives the same outcome."""
    fight = bench_how.large_fight(50)
    assert {unit.side for unit in fight.units} == set(Side)
    assert evaluate_damage(fight).destroyed == evaluate_damage(bench_how.large_fight(50)).destroyed
