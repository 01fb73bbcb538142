"""Benchmark ``battle``: the exact 40-vs-40 Axis & Allies battle against 10,000 Monte Carlo runs.

The battle is a mixed land/air attack (20 infantry, 10 armor, 6 fighters, 4
bombers against 24 infantry, 8 armor, 6 fighters, 2 bombers), evaluated in the
same process by the exact Markov-chain solver and by the seeded Monte Carlo of
:mod:`adjudicator.battle.engine`. ``max_abs_diff`` is the largest absolute difference
between the two in P(attacker wins), P(defender wins) and P(both destroyed).
Timing uses :func:`time.perf_counter`; the figures are printed, never asserted.
"""

from __future__ import annotations

import time
from typing import Any

from adjudicator.battle.calculators import evaluate_battle
from adjudicator.battle.scenario import BattleScenario
from adjudicator.plain import from_plain

__all__ = ["BATTLE", "MONTE_CARLO_RUNS", "bench_battle"]

MONTE_CARLO_RUNS = 10_000

BATTLE: dict[str, Any] = {
    "game": "axis-and-allies-2e",
    "attacker": {"units": {"infantry": 20, "armor": 10, "fighter": 6, "bomber": 4}},
    "defender": {"units": {"infantry": 24, "armor": 8, "fighter": 6, "bomber": 2}},
}


def bench_battle() -> dict[str, Any]:
    """Time both methods on the same battle; return the four figures."""
    exact_scenario = from_plain(BattleScenario, BATTLE)
    sampled_scenario = from_plain(
        BattleScenario, {**BATTLE, "method": "monte-carlo", "runs": MONTE_CARLO_RUNS, "seed": 1}
    )
    start = time.perf_counter()
    exact = evaluate_battle(exact_scenario)
    exact_seconds = time.perf_counter() - start
    start = time.perf_counter()
    sampled = evaluate_battle(sampled_scenario)
    monte_carlo_seconds = time.perf_counter() - start
    fields = ("attacker_wins", "defender_wins", "both_destroyed")
    return {
        "exact_seconds": round(exact_seconds, 4),
        "monte_carlo_seconds": round(monte_carlo_seconds, 4),
        "monte_carlo_runs": MONTE_CARLO_RUNS,
        "max_abs_diff": round(max(abs(getattr(exact, name) - getattr(sampled, name)) for name in fields), 6),
    }
