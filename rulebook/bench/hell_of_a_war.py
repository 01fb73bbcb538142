"""Benchmark of the Hell of a War combat, victory and deck calculators.

``rulebook bench hell-of-a-war`` prints, as one JSON object:

- ``microseconds_per_call``: the median microseconds of one evaluation of each
  worked example of the ``damage``, ``victory``, ``deck`` and
  ``multiplayer-setup`` calculators (scenario conversion excluded);
- ``damage_scaling``: seconds for one damage-distribution phase with ``n``
  blocked attackers and ``n`` unblocked attackers against ``2 n`` defenders
  (``n`` = 100, 1,000, 10,000), and the microseconds per card, which stay
  flat if the phase is linear in the number of cards as its module says;
- ``occupation_force``: microseconds to choose the most exact occupation force
  among 60 flagged cards.

Figures are measured, never asserted.
"""

from __future__ import annotations

import functools
import random
import statistics
import time
from typing import Any

from adjudicator.hell_of_a_war.damage import (
    Block,
    CombatUnit,
    DamageScenario,
    FreeAttack,
    Side,
    UnitKind,
    evaluate_damage,
)
from adjudicator.hell_of_a_war.victory import choose_occupation_force
from adjudicator.plain import from_plain
from adjudicator.registry import calculators
from rulebook.content.load import default_paths, load_or_raise

__all__ = ["bench_hell_of_a_war", "large_fight"]

CALCULATOR_NAMES = ("damage", "victory", "deck", "multiplayer-setup")
REPEATS = 200
"""Evaluations per example scenario."""
SIZES = (100, 1_000, 10_000)
"""Blocked (and unblocked) attackers in the scaling runs."""


def _microseconds(action: Any, repeats: int) -> float:
    started = time.perf_counter()
    for _ in range(repeats):
        action()
    return (time.perf_counter() - started) / repeats * 1e6


def large_fight(pairs: int, seed: int = 1) -> DamageScenario:
    """``pairs`` blocked attackers and ``pairs`` unblocked ones, with random values (seeded)."""
    rng = random.Random(seed)
    units: list[CombatUnit] = []
    blocks: list[Block] = []
    attacks: list[FreeAttack] = []
    for index in range(pairs):
        kind = rng.choice(list(UnitKind))
        values = {k: rng.randint(0, 4) for k in UnitKind}
        units.append(CombatUnit(f"B{index}", Side.ATTACKER, kind, rng.randint(1, 5), values, sturm=rng.random() < 0.2))
        units.append(
            CombatUnit(f"F{index}", Side.ATTACKER, kind, rng.randint(1, 5), values, initiative=tuple(UnitKind))
        )
        units.append(
            CombatUnit(f"V{index}", Side.DEFENDER, kind, rng.randint(1, 5), values, defence_markers=rng.randint(0, 2))
        )
        units.append(
            CombatUnit(
                f"W{index}",
                Side.DEFENDER,
                rng.choice(list(UnitKind)),
                rng.randint(1, 5),
                values,
                advantage_against=("air",),
            )
        )
        blocks.append(Block(f"V{index}", f"B{index}"))
        attacks.append(FreeAttack(f"F{index}", f"W{index}"))
    return DamageScenario(tuple(units), tuple(blocks), tuple(attacks))


def bench_hell_of_a_war() -> dict[str, Any]:
    """Per-example evaluation times, damage-phase scaling and the occupation-force choice."""
    corpus = load_or_raise(*default_paths())
    known = calculators()
    per_calculator: dict[str, list[float]] = {}
    for example in corpus.examples:
        if example.game != "hell-of-a-war" or example.calculator not in CALCULATOR_NAMES:
            continue
        calculator = known[example.calculator]
        scenario = from_plain(calculator.scenario, dict(example.scenario))
        per_calculator.setdefault(calculator.name, []).append(
            _microseconds(functools.partial(calculator.evaluate, scenario), REPEATS)
        )
    scaling = []
    for pairs in SIZES:
        scenario = large_fight(pairs)
        started = time.perf_counter()
        evaluate_damage(scenario)
        seconds = time.perf_counter() - started
        scaling.append(
            {
                "pairs": pairs,
                "cards": len(scenario.units),
                "seconds": round(seconds, 4),
                "microseconds_per_card": round(seconds / len(scenario.units) * 1e6, 1),
            }
        )
    rng = random.Random(2)
    flags = [rng.randint(1, 5) for _ in range(60)]
    return {
        "examples": sum(len(times) for times in per_calculator.values()),
        "repeats": REPEATS,
        "microseconds_per_call": {
            name: {"evaluate": round(statistics.median(times), 1), "scenarios": len(times)}
            for name, times in sorted(per_calculator.items())
        },
        "damage_scaling": scaling,
        "occupation_force": {
            "cards": len(flags),
            "microseconds": round(_microseconds(lambda: choose_occupation_force(flags, sum(flags) // 3), 20), 1),
        },
    }
