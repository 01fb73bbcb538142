"""Benchmarks: scripts that print figures, one JSON object per benchmark.

``rulebook bench NAME`` imports the function registered under NAME in
:data:`BENCHMARKS` (``"module:function"``, imported only when run) and prints
the JSON object it returns. Benchmarks measure; they never assert a time
(tests do not time anything).
"""

from __future__ import annotations

import importlib
from typing import Any

__all__ = ["BENCHMARKS", "run_benchmark"]

BENCHMARKS: dict[str, str] = {
    "battle": "rulebook.bench.battle:bench_battle",
    "browser": "rulebook.bench.browser:bench_browser",
    "build": "rulebook.bench.build:bench_build",
    "hell-of-a-war": "rulebook.bench.hell_of_a_war:bench_hell_of_a_war",
    "offline": "rulebook.bench.offline:bench_offline",
    "stack": "rulebook.bench.stack:bench_stack",
    "strategic-europe": "rulebook.bench.strategic:bench_strategic_europe",
    "supply": "rulebook.bench.supply:bench_supply",
}
"""Benchmark name → ``"module:function"`` returning the figures as JSON-ready data."""


def run_benchmark(name: str) -> dict[str, Any]:
    """Run one benchmark and return its figures."""
    module_name, function_name = BENCHMARKS[name].split(":")
    figures: dict[str, Any] = getattr(importlib.import_module(module_name), function_name)()
    return figures
