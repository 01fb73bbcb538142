"""Tests of :mod:`adjudicator.unconditional_surrender.weather`: combat in mud, storms and snow (11.1–11.4)."""

from __future__ import annotations

from typing import Any

import pytest

from adjudicator.plain import InvalidScenario, from_plain
from adjudicator.unconditional_surrender.hexmap import Weather
from adjudicator.unconditional_surrender.weather import (
    CombatResult,
    WeatherResult,
    WeatherScenario,
    evaluate_weather,
    shift_result,
)


def _judge(**data: Any) -> WeatherResult:
    return evaluate_weather(from_plain(WeatherScenario, data))


class TestResultShift:
    @pytest.mark.parametrize("weather", [Weather.MUD, Weather.STORM, Weather.SNOW])
    @pytest.mark.parametrize(
        ("rolled", "adjusted"),
        [
            (CombatResult.DR3, CombatResult.DR2),
            (CombatResult.DR2, CombatResult.DR1),
            (CombatResult.DR1, CombatResult.EX),
            (CombatResult.EX, CombatResult.EX),
            (CombatResult.AR1, CombatResult.AR1),
            (CombatResult.LOSS, CombatResult.LOSS),
        ],
    )
    def test_bad_weather_table(self, weather: Weather, rolled: CombatResult, adjusted: CombatResult) -> None:
        """Dr3→Dr2, Dr2→Dr1, Dr1→Ex; Ex, Ar1 and losses unchanged, in every kind of bad weather (11.1)."""
        assert shift_result(rolled, weather) is adjusted

    @pytest.mark.parametrize("rolled", list(CombatResult))
    def test_clear_weather_changes_nothing(self, rolled: CombatResult) -> None:
        """Outside bad weather the result stands."""
        assert shift_result(rolled, Weather.CLEAR) is rolled

    def test_shift_is_one_step_only(self) -> None:
        """The reduction is applied once: Dr3 becomes Dr2, not Dr1."""
        assert _judge(weather="snow", result="Dr3").adjusted_result is CombatResult.DR2


class TestShiftsAndAir:
    @pytest.mark.parametrize(("weather", "left"), [("mud", 1), ("storm", 0), ("snow", 0), ("clear", 0)])
    def test_defender_left_shift_only_in_mud(self, weather: str, left: int) -> None:
        """The defender in a mud hex receives one shift to the left (11.2)."""
        assert _judge(weather=weather).defender_left_shifts == left

    @pytest.mark.parametrize(
        ("weather", "air", "allowed"),
        [
            ("mud", "in-hex", False),
            ("mud", "adjacent", False),
            ("storm", "in-hex", True),
            ("storm", "adjacent", False),
            ("snow", "in-hex", True),
            ("snow", "adjacent", False),
            ("clear", "adjacent", True),
            ("clear", "none", None),
        ],
    )
    def test_when_air_gives_a_shift(self, weather: str, air: str, allowed: bool | None) -> None:
        """No air shift in mud; in storms and snow only from air units in the hex itself (11.2–11.4)."""
        assert _judge(weather=weather, air=air).air_shift_allowed is allowed

    def test_air_cannot_be_placed_in_mud(self) -> None:
        """Air units cannot be placed in a mud hex."""
        assert not _judge(weather="mud").air_may_be_placed and _judge(weather="snow").air_may_be_placed


class TestBlitz:
    @pytest.mark.parametrize(("weather", "allowed"), [("mud", False), ("storm", False), ("clear", True)])
    def test_blitz_in_mud_and_storms(self, weather: str, allowed: bool) -> None:
        """Mud and storm hexes cannot be attacked in the Blitz Combat Segment."""
        assert (
            _judge(
                weather=weather, segment="blitz", attackers=[{"id": "a", "nationality": "germany"}]
            ).blitz_attack_allowed
            is allowed
        )

    @pytest.mark.parametrize(
        ("attacker", "eligible"),
        [
            ({"nationality": "germany", "ss": True}, True),
            ({"nationality": "germany", "with_or_beside_ss": True}, True),
            ({"nationality": "germany"}, False),
            ({"nationality": "finland"}, True),
            ({"nationality": "ussr"}, True),
            ({"nationality": "sweden"}, True),
            ({"nationality": "hungary", "siberian": True}, True),
            ({"nationality": "italy"}, False),
        ],
    )
    def test_who_may_blitz_a_snow_hex(self, attacker: dict[str, Any], eligible: bool) -> None:
        """Only SS, German units with or beside SS, Finnish, Soviet,
        Swedish and Siberian units may Blitz a snow hex (11.4).
        """
        result = _judge(weather="snow", segment="blitz", attackers=[{"id": "a", **attacker}])
        assert result.blitz_attack_allowed is eligible and result.blitz_attackers == (("a",) if eligible else ())

    def test_regular_segment_is_not_blitz(self) -> None:
        """Outside the Blitz segment the Blitz rules give no answer."""
        assert _judge(weather="mud").blitz_attack_allowed is None


class TestSnowAtSea:
    @pytest.mark.parametrize(
        ("sea", "weather", "allowed"),
        [
            ("north-sea", "snow", False),
            ("baltic-sea", "snow", False),
            ("other", "snow", True),
            ("baltic-sea", "mud", True),
        ],
    )
    def test_beachhead_conversion(self, sea: str, weather: str, allowed: bool) -> None:
        """In snow support units cannot become a beachhead in the North or Baltic Sea (11.4)."""
        assert _judge(weather=weather, beachhead_in=sea).beachhead_allowed is allowed

    def test_ice_hex(self) -> None:
        """An ice hex is no Open Port or Naval Base in snow."""
        assert _judge(weather="snow", ice_hex=True).open_port_or_naval_base is False
        assert _judge(weather="storm", ice_hex=True).open_port_or_naval_base is True

    def test_unknown_result_code(self) -> None:
        """A result code the rules do not name is refused with the allowed codes."""
        with pytest.raises(InvalidScenario) as caught:
            from_plain(WeatherScenario, {"weather": "mud", "result": "Dr4"})
        assert str(caught.value) == "result: must be one of 'Dr3', 'Dr2', 'Dr1', 'Ex', 'Ar1', 'loss' (got 'Dr4')"

    def test_every_problem_at_once(self) -> None:
        """An unknown weather and an unknown result code are reported together."""
        with pytest.raises(InvalidScenario) as caught:
            from_plain(WeatherScenario, {"weather": "fog", "result": "Dr4"})
        assert [error.path for error in caught.value.errors] == ["weather", "result"]
