"""Benchmark ``stack``: settling long Hell of a War action stacks (bomb on bomb on bomb …).

Each stack is a chain of ``n`` 227-Pfund Bomben, the two players alternating,
every bomb aimed at the one declared before it, each player holding enough base
buildings to fire all their bombs. The last bomb resolves, every other one down
the chain alternately fizzles or resolves. Reported per size: the seconds to
validate the stack (building :class:`~adjudicator.hell_of_a_war.action_stack.StackScenario`, which
settles it once to check every declaration and keeps the settlement) and to resolve it (evaluation,
which returns that settlement), the number of cards and of trace steps. The calculator is
O(d · (d + c)) for d declarations and c cards; the figures show how that grows.
Timing uses :func:`time.perf_counter`; the figures are printed, never asserted.
"""

from __future__ import annotations

import time
from typing import Any

from adjudicator.hell_of_a_war.action_stack import StackScenario, evaluate_stack
from adjudicator.plain import from_plain

__all__ = ["SIZES", "bench_stack", "bomb_chain"]

SIZES = (10, 50, 200)
"""Stack lengths measured."""


def bomb_chain(length: int) -> dict[str, Any]:
    """Plain scenario data: ``length`` bombs, each destroying the previous one."""
    players = ("Anna", "Ben")
    cards: list[dict[str, Any]] = []
    stack: list[dict[str, Any]] = []
    for index in range(length):
        owner = players[index % 2]
        cards.append(
            {
                "id": f"bomb-{index}",
                "name": "227-Pfund Bombe",
                "owner": owner,
                "kind": "base-building",
                "zone": "base-zone",
                "tw": 1,
            }
        )
        target = [f"bomb-{index - 1}"] if index else [f"{players[1]}-target"]
        stack.append(
            {
                "player": owner,
                "card": f"bomb-{index}",
                "effect": "destroy",
                "targets": target,
                "tw_cost": 2,
                "sacrifice": True,
            }
        )
    for owner in players:
        cards.extend(
            {
                "id": f"{owner}-{n}",
                "name": "Basisausbau",
                "owner": owner,
                "kind": "base-building",
                "zone": "base-zone",
                "tw": 1,
            }
            for n in range(length + 1)
        )
    cards.append(
        {
            "id": "Ben-target",
            "name": "Radarstation",
            "owner": "Ben",
            "kind": "base-building",
            "zone": "base-zone",
            "tw": 1,
        }
    )
    return {"players": [{"name": name} for name in players], "cards": cards, "stack": stack}


def bench_stack() -> dict[str, Any]:
    """Time validation and resolution of bomb chains of each size in :data:`SIZES`."""
    figures: dict[str, Any] = {}
    for length in SIZES:
        data = bomb_chain(length)
        start = time.perf_counter()
        scenario = from_plain(StackScenario, data)
        declared = time.perf_counter()
        result = evaluate_stack(scenario)
        resolved = time.perf_counter()
        figures[f"stack_{length}"] = {
            "cards": len(data["cards"]),
            "validate_seconds": round(declared - start, 4),
            "resolve_seconds": round(resolved - declared, 4),
            "trace_steps": len(result.trace),
            "resolved": sum(outcome.status.value == "resolved" for outcome in result.outcomes),
        }
    return figures
