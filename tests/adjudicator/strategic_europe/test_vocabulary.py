"""Tests of :mod:`adjudicator.strategic_europe.vocabulary`: the strategic-europe vocabulary
(countries, sides, turns).
"""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from adjudicator.checks import check_count
from adjudicator.errors import ScenarioError
from adjudicator.plain import InvalidScenario, from_plain
from adjudicator.strategic_europe.vocabulary import (
    SATELLITES,
    Country,
    Season,
    Side,
    Turn,
    UnitType,
    historical_side,
    same_side,
)

turns = st.builds(Turn, st.integers(1939, 1945), st.sampled_from(Season))


class TestTurn:
    @pytest.mark.parametrize(
        ("earlier", "later"),
        [
            (Turn(1941, Season.SPRING), Turn(1941, Season.SUMMER)),
            (Turn(1941, Season.WINTER), Turn(1942, Season.SPRING)),
            (Turn(1939, Season.AUTUMN), Turn(1945, Season.SPRING)),
        ],
    )
    def test_orders_by_year_then_season(self, earlier: Turn, later: Turn) -> None:
        """Spring, summer, autumn, winter within a year; a later year comes after any season of an earlier one."""
        assert earlier.is_before(later)
        assert not later.is_before(earlier)

    @given(turns, turns)
    def test_order_is_total_and_strict(self, first: Turn, second: Turn) -> None:
        """Exactly one of before, after or equal holds for any two turns."""
        outcomes = [first.is_before(second), second.is_before(first), first == second]
        assert outcomes.count(True) == 1

    def test_reads_from_plain_data(self) -> None:
        """A turn is written ``{year, season}`` in scenarios and prints as 'Season year'."""
        turn = from_plain(Turn, {"year": 1942, "season": "spring"})
        assert str(turn) == "Spring 1942"

    def test_refuses_a_year_outside_the_war(self) -> None:
        """Years before 1939 or after 1945 are named as the problem."""
        with pytest.raises(InvalidScenario) as caught:
            from_plain(Turn, {"year": 1938, "season": "winter"})
        assert str(caught.value) == "year: must be a year of the war, 1939 to 1945 (got 1938)"

    def test_refuses_an_unknown_season(self) -> None:
        """The season must be one of the four."""
        with pytest.raises(InvalidScenario) as caught:
            from_plain(Turn, {"year": 1941, "season": "monsoon"})
        assert str(caught.value) == "season: must be one of 'spring', 'summer', 'autumn', 'winter' (got 'monsoon')"


class TestSides:
    def test_satellites_are_the_four_the_source_names(self) -> None:
        """Finland, Hungary, Romania and Bulgaria, in the source's order, all Axis."""
        assert SATELLITES == (Country.FINLAND, Country.HUNGARY, Country.ROMANIA, Country.BULGARIA)
        assert all(historical_side(country) is Side.AXIS for country in SATELLITES)

    @pytest.mark.parametrize(
        ("first", "second", "allied"),
        [
            (Country.GERMANY, Country.ITALY, True),
            (Country.ENGLAND, Country.USSR, True),
            (Country.USA, Country.FRANCE, True),
            (Country.GERMANY, Country.USSR, False),
            (Country.VICHY_FRANCE, Country.GERMANY, False),
            (Country.VICHY_FRANCE, Country.VICHY_FRANCE, False),
        ],
    )
    def test_same_side(self, first: Country, second: Country, allied: bool) -> None:
        """Historical allies are on one side; Vichy France is on neither."""
        assert same_side(first, second) is allied

    def test_every_country_has_a_label(self) -> None:
        """Trace texts name every country in English."""
        assert all(country.label for country in Country)


class TestUnitType:
    def test_air_units(self) -> None:
        """Aircraft and bombers are the air units."""
        assert {unit for unit in UnitType if unit.is_air} == {UnitType.AIRCRAFT, UnitType.BOMBER}


class TestCheckCount:
    @pytest.mark.parametrize("value", [-1, True, 1.5])
    def test_refuses_what_is_not_a_count(self, value: object) -> None:
        """Negative numbers, booleans and fractions are not counts."""
        with pytest.raises(ScenarioError) as caught:
            check_count("bombers", value)  # type: ignore[arg-type]
        assert str(caught.value) == f"bombers: must be a count of 0 or more (got {value!r})"

    def test_minimum(self) -> None:
        """A minimum above 0 is stated in the message."""
        with pytest.raises(ScenarioError, match=r"^bombers: must be a count of 1 or more \(got 0\)$"):
            check_count("bombers", 0, minimum=1)
