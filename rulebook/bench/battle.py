"""Benchmark ``battle``: exact Axis & Allies battle odds against 10,000 Monte Carlo runs, 40 v 40 and 100 v 100.

The 40-vs-40 battle is a mixed land/air attack (20 infantry, 10 armor, 6 fighters, 4
bombers against 24 infantry, 8 armor, 6 fighters, 2 bombers); the 100-vs-100 one is
70 infantry, 20 armor and 10 fighters a side. Each is evaluated in the same
process by the exact solver and by the seeded Monte Carlo of
:mod:`adjudicator.battle.engine`. ``max_abs_diff`` is the largest absolute difference
between the two 40-vs-40 answers in P(attacker wins), P(defender wins) and P(both
destroyed); ``dropped_mass_100`` is the probability the exact 100-vs-100 solve dropped
(states and hit-distribution tails below its threshold, and the bound on the rounding of
its packed fixed-point convolutions, reported by the solver).
Times are CPU seconds of this process (:func:`time.process_time`), so that other work
on the machine disturbs them less; the figures are printed, never asserted.
"""

from __future__ import annotations

import time
from typing import Any

from adjudicator.battle.calculators import BattleResult, evaluate_battle
from adjudicator.battle.scenario import BattleScenario
from adjudicator.plain import from_plain

__all__ = ["BATTLE", "BATTLE_100", "MONTE_CARLO_RUNS", "bench_battle"]

MONTE_CARLO_RUNS = 10_000

BATTLE: dict[str, Any] = {
    "game": "axis-and-allies-2e",
    "attacker": {"units": {"infantry": 20, "armor": 10, "fighter": 6, "bomber": 4}},
    "defender": {"units": {"infantry": 24, "armor": 8, "fighter": 6, "bomber": 2}},
}

BATTLE_100: dict[str, Any] = {
    "game": "axis-and-allies-2e",
    "attacker": {"units": {"infantry": 70, "armor": 20, "fighter": 10}},
    "defender": {"units": {"infantry": 70, "armor": 20, "fighter": 10}},
}


def _timed(battle: dict[str, Any]) -> tuple[BattleResult, float]:
    scenario = from_plain(BattleScenario, battle)
    start = time.process_time()
    result = evaluate_battle(scenario)
    return result, time.process_time() - start


def bench_battle() -> dict[str, Any]:
    """Time both methods on both battles; return the figures."""
    sampled_options = {"method": "monte-carlo", "runs": MONTE_CARLO_RUNS, "seed": 1}
    exact, exact_seconds = _timed(BATTLE)
    sampled, monte_carlo_seconds = _timed({**BATTLE, **sampled_options})
    exact_100, exact_100_seconds = _timed(BATTLE_100)
    _, monte_carlo_100_seconds = _timed({**BATTLE_100, **sampled_options})
    fields = ("attacker_wins", "defender_wins", "both_destroyed")
    return {
        "exact_seconds": round(exact_seconds, 4),
        "monte_carlo_seconds": round(monte_carlo_seconds, 4),
        "monte_carlo_runs": MONTE_CARLO_RUNS,
        "max_abs_diff": round(max(abs(getattr(exact, name) - getattr(sampled, name)) for name in fields), 6),
        "exact_100_seconds": round(exact_100_seconds, 4),
        "monte_carlo_100_seconds": round(monte_carlo_100_seconds, 4),
        "exact_100_over_monte_carlo_100": round(exact_100_seconds / monte_carlo_100_seconds, 3),
        "dropped_mass_100": float(f"{exact_100.pruned_probability:.3g}"),
    }
