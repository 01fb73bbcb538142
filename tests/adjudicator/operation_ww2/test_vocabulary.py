"""Tests of the shared Operation WW2 vocabulary (``adjudicator/operation_ww2/vocabulary.py``)."""

from __future__ import annotations

from fractions import Fraction

import pytest
from hypothesis import given
from hypothesis import strategies as st

from adjudicator.errors import ScenarioError
from adjudicator.operation_ww2.vocabulary import Chance, VehicleType, check_d10, faces_text


class TestChance:
    @given(numerator=st.integers(0, 100), denominator=st.integers(1, 100))
    def test_fraction_and_float_agree(self, numerator: int, denominator: int) -> None:
        """The exact fraction and the float of a Chance are the same number."""
        value = Fraction(numerator, denominator)
        chance = Chance.of(value)
        assert Fraction(chance.fraction) == value
        assert chance.probability == float(value)

    @pytest.mark.parametrize("value", [0, 11, -1])
    def test_d10_range(self, value: int) -> None:
        """Only 1-10 are d10 rolls."""
        with pytest.raises(ScenarioError, match=f"roll: must be a d10 roll from 1 to 10 \\(got {value}\\)"):
            check_d10("roll", value)

    def test_faces_text(self) -> None:
        """Runs of faces print as ranges, other sets as lists."""
        assert (faces_text((1, 2)), faces_text((2, 5))) == ("1-2", "2, 5")

    def test_armoured_vehicle_types(self) -> None:
        """Trucks, cars and motorcycles are the unarmoured vehicle types."""
        assert {v for v in VehicleType if not v.armoured} == {
            VehicleType.TRUCK,
            VehicleType.CAR,
            VehicleType.MOTORCYCLE,
        }
