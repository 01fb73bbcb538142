"""The limits of ``adjudicator/limits.py`` are documented, each with its value, and refused as they say."""

from __future__ import annotations

import re

import pytest

from adjudicator import limits
from adjudicator.limits import SizeLimit, plain_problems, size_problems
from tests.conftest import REPOSITORY

DOCUMENT = REPOSITORY / "docs" / "limits.md"

CONSTANTS = {name: getattr(limits, name) for name in limits.__all__ if isinstance(getattr(limits, name), int)}


class TestDocumented:
    @pytest.mark.parametrize("name", sorted(CONSTANTS))
    def test_each_limit_is_in_docs_with_its_value(self, name: str) -> None:
        """``docs/limits.md`` has a row for every limit giving the value the code uses."""
        rows = [line for line in DOCUMENT.read_text(encoding="utf-8").splitlines() if line.startswith(f"| `{name}` |")]
        assert len(rows) == 1, name
        assert re.match(rf"\| `{name}` \| {CONSTANTS[name]} \|", rows[0]), rows[0]


class TestPlainProblems:
    def test_aliased_value_is_counted_where_it_is_used(self) -> None:
        """One list used a million times over (what YAML aliases build) is refused after the value limit."""
        shared: list[object] = [0] * 10
        for _ in range(7):
            shared = [shared] * 10
        problems = plain_problems({"units": shared})
        assert [problem.path for problem in problems] == [""]
        assert f"more than {limits.MAX_VALUES} values" in problems[0].expected

    def test_within_limits_has_no_problem(self) -> None:
        """An ordinary scenario passes."""
        assert plain_problems({"attacker": {"units": {"infantry": 3}}, "notes": "x" * 100}) == []


class TestSizeProblems:
    def test_every_field_past_its_limit_at_once(self) -> None:
        """Two fields past their limits are both reported, each at its path; a boolean is not a count."""
        rules = (SizeLimit("a.*", 2, "items", "fewer"), SizeLimit("b", 5, "IPC", "less"))
        problems = size_problems({"a": {"x": [1, 2, 3], "y": True}, "b": 6}, rules)
        assert [(problem.path, problem.found) for problem in problems] == [("a.x", 3), ("b", 6)]
