"""Tests of the Operation WW2 cover protection table and precision tests
(``adjudicator/operation_ww2/line_of_fire.py``).
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from adjudicator.operation_ww2.line_of_fire import (
    CoverProtectionOutcome,
    CoverProtectionScenario,
    PrecisionTestOutcome,
    PrecisionTestScenario,
    evaluate_cover_protection,
    evaluate_precision_test,
)
from adjudicator.plain import InvalidScenario, from_plain


class TestCoverProtection:
    @pytest.mark.parametrize(
        ("fire", "cover", "hidden", "applies"),
        [
            ("direct", "medium", 50, True),
            ("direct", "heavy", 100, True),
            ("direct", "heavy", 49.9, False),
            ("direct", "light", 80, False),
            ("indirect", "heavy", 80, False),
            ("direct", "none", 100, False),
        ],
    )
    def test_when_the_table_is_rolled(self, fire: str, cover: str, hidden: float, applies: bool) -> None:
        """Only direct fire at a vehicle at least 50% hidden by medium or heavy cover rolls on the table."""
        result = evaluate_cover_protection(
            from_plain(CoverProtectionScenario, {"fire": fire, "cover": cover, "hidden_percent": hidden})
        )
        assert result.table_applies is applies
        assert result.p_vehicle_hit.fraction == ("7/10" if applies else "1")

    @pytest.mark.parametrize(
        ("roll", "outcome"), [(1, "absorbed"), (3, "absorbed"), (4, "vehicle-hit"), (10, "vehicle-hit")]
    )
    def test_rows(self, roll: int, outcome: str) -> None:
        """1-3 the terrain stops the shot; 4-10 the vehicle is hit."""
        result = evaluate_cover_protection(
            from_plain(
                CoverProtectionScenario, {"fire": "direct", "cover": "heavy", "hidden_percent": 60, "roll": roll}
            )
        )
        assert result.outcome is CoverProtectionOutcome(outcome)
        assert result.trace.rules() == ("oww2.cover-and-protection", "oww2.cover-table")

    def test_percent_out_of_range(self) -> None:
        """A share above 100% is an error naming the field."""
        with pytest.raises(InvalidScenario, match=r"hidden_percent: must be a percentage from 0 to 100 \(got 120.0\)"):
            from_plain(CoverProtectionScenario, {"fire": "direct", "cover": "heavy", "hidden_percent": 120})

    def test_every_problem_at_once(self) -> None:
        """A share above 100% and a roll of 0 are reported together."""
        with pytest.raises(InvalidScenario) as caught:
            from_plain(CoverProtectionScenario, {"fire": "direct", "cover": "heavy", "hidden_percent": 120, "roll": 0})
        assert [str(error) for error in caught.value.errors] == [
            "hidden_percent: must be a percentage from 0 to 100 (got 120.0)",
            "roll: must be a d10 roll from 1 to 10 (got 0)",
        ]


class TestPrecisionTest:
    @pytest.mark.parametrize(("figures", "required"), [(0, False), (1, True), (4, True)])
    def test_friendly_figures(self, figures: int, required: bool) -> None:
        """A precision test for friendly figures only when the line of fire passes through at least one."""
        result = evaluate_precision_test(PrecisionTestScenario(friendly_figures_crossed=figures))
        assert result.friendly_figure_test_required is required
        assert result.trace.rules() == ("oww2.friendly-infantry-in-line-of-fire", "oww2.other-vehicles-in-line-of-fire")

    @pytest.mark.parametrize(
        ("hidden", "training", "roll", "required", "outcome"),
        [
            (50, 5, 5, True, "original-target"),
            (50, 5, 4, True, "covering-vehicle"),
            (90, 8, 10, True, "original-target"),
            (49, 5, 1, False, None),
        ],
    )
    def test_covering_vehicle(
        self, hidden: float, training: int, roll: int, required: bool, outcome: str | None
    ) -> None:
        """A target at least 50% hidden by another vehicle: training or more keeps the target, less hits the other."""
        result = evaluate_precision_test(
            PrecisionTestScenario(covering_vehicle_hidden_percent=hidden, firer_training=training, roll=roll)
        )
        assert result.covering_vehicle_test_required is required
        assert result.outcome == (None if outcome is None else PrecisionTestOutcome(outcome))

    @given(training=st.integers(1, 10))
    def test_odds(self, training: int) -> None:
        """P(original target) = (11 − training)/10 and the two chances sum to 1."""
        result = evaluate_precision_test(
            PrecisionTestScenario(covering_vehicle_hidden_percent=75, firer_training=training)
        )
        assert Fraction(result.p_original_target.fraction) == Fraction(11 - training, 10)
        assert Fraction(result.p_original_target.fraction) + Fraction(result.p_covering_vehicle.fraction) == 1

    @pytest.mark.parametrize(
        ("plain", "message"),
        [
            (
                {"covering_vehicle_hidden_percent": 60},
                "firer_training: is needed: the precision test against a covering vehicle is rolled against it",
            ),
            ({"friendly_figures_crossed": -1}, "friendly_figures_crossed: must be a count of 0 or more (got -1)"),
            ({"firer_training": 11}, "firer_training: must be a d10 training value from 1 to 10 (got 11)"),
            ({"roll": 0}, "roll: must be a d10 roll from 1 to 10 (got 0)"),
        ],
    )
    def test_bad_scenarios_are_named(self, plain: dict[str, Any], message: str) -> None:
        """Missing training, negative counts and dice out of range are errors naming the field."""
        with pytest.raises(InvalidScenario) as caught:
            from_plain(PrecisionTestScenario, plain)
        assert str(caught.value) == message

    def test_every_problem_at_once(self) -> None:
        """A negative count, a share above 100%, a training and a roll out of range are reported together."""
        plain = {
            "friendly_figures_crossed": -1,
            "covering_vehicle_hidden_percent": 150,
            "firer_training": 11,
            "roll": 0,
        }
        with pytest.raises(InvalidScenario) as caught:
            from_plain(PrecisionTestScenario, plain)
        assert [str(error) for error in caught.value.errors] == [
            "friendly_figures_crossed: must be a count of 0 or more (got -1)",
            "covering_vehicle_hidden_percent: must be a percentage from 0 to 100 (got 150.0)",
            "firer_training: must be a d10 training value from 1 to 10 (got 11)",
            "roll: must be a d10 roll from 1 to 10 (got 0)",
        ]
