"""Tests of :mod:`rulebook.bench.stack`: the benchmark's scenarios settle as the rules say (no timing is asserted)."""

from __future__ import annotations

import pytest

from adjudicator.hell_of_a_war.action_stack import StackResult
from adjudicator.registry import run
from rulebook.bench import BENCHMARKS, run_benchmark
from rulebook.bench import stack as bench_stack


def test_a_bomb_chain_alternates_resolved_and_fizzled() -> None:
    """In a chain of bombs each aimed at the previous one, the last resolves.

    Every second one down the chain fizzles.
    """
    result = run("stack", bench_stack.bomb_chain(5))
    assert isinstance(result, StackResult)
    assert [outcome.status.value for outcome in result.outcomes] == [
        "resolved",
        "fizzled",
        "resolved",
        "fizzled",
        "resolved",
    ]


def test_the_benchmark_reports_every_size(monkeypatch: pytest.MonkeyPatch) -> None:
    """`rulebook bench stack` returns, per size, the cards, the seconds and the trace length."""
    monkeypatch.setattr(bench_stack, "SIZES", (3,))
    assert BENCHMARKS["stack"] == "rulebook.bench.stack:bench_stack"
    figures = run_benchmark("stack")
    assert set(figures) == {"stack_3"}
    assert set(figures["stack_3"]) == {"cards", "validate_seconds", "resolve_seconds", "trace_steps", "resolved"}
    assert figures["stack_3"]["resolved"] == 2
