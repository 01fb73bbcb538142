"""What the strategic game's calculators refuse in a scenario: every problem, each at its path."""

from __future__ import annotations

from typing import Any

import pytest

from adjudicator.plain import InvalidScenario
from adjudicator.registry import run


def problem_paths(calculator: str, scenario: dict[str, Any]) -> list[str]:
    """The path of each problem ``calculator`` reports at once for ``scenario``, in the order reported."""
    with pytest.raises(InvalidScenario) as caught:
        run(calculator, scenario)
    return [problem.path for problem in caught.value.errors]
