"""Tests of :mod:`adjudicator.strategic_europe.mediterranean`: Gibraltar and Suez,
Malta's garrison, the Africa limit.
"""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st
from pydantic import TypeAdapter

from adjudicator.plain import InvalidScenario, from_plain
from adjudicator.strategic_europe.mediterranean import (
    CALCULATORS,
    AfricaScenario,
    GibraltarSuezScenario,
    MaltaGarrisonScenario,
    evaluate_africa,
    evaluate_gibraltar_suez,
    evaluate_malta,
)
from adjudicator.strategic_europe.vocabulary import UnitType
from tests.adjudicator.strategic_europe.problems import problem_paths


class TestGibraltarSuez:
    @pytest.mark.parametrize(
        ("held", "recaptured", "reading", "now", "after"),
        [
            ([], [], "each", 30, 30),
            (["gibraltar"], [], "each", 25, 25),
            (["gibraltar", "suez"], [], "each", 20, 20),
            (["gibraltar", "suez"], [], "once", 25, 25),
            ([], ["suez"], "each", 25, 30),
            (["gibraltar"], ["suez"], "each", 20, 25),
            (["gibraltar"], ["suez"], "once", 25, 25),
        ],
    )
    def test_rule_table(self, held: list[str], recaptured: list[str], reading: str, now: int, after: int) -> None:
        """5 base HPP per strait held (or once); a retaken strait counts until the next Annual Economic Reckoning."""
        scenario = from_plain(
            GibraltarSuezScenario,
            {
                "england_original_base_hpp": 30,
                "held_by_axis": held,
                "recaptured_before_reckoning": recaptured,
                "reading": reading,
            },
        )
        result = evaluate_gibraltar_suez(scenario)
        assert (result.base_hpp, result.base_hpp_after_reckoning) == (now, after)

    def test_names_the_reading_only_when_it_matters(self) -> None:
        """With one strait lost both readings agree, and the trace does not claim a choice."""
        one = evaluate_gibraltar_suez(
            from_plain(GibraltarSuezScenario, {"england_original_base_hpp": 30, "held_by_axis": ["suez"]})
        )
        two = evaluate_gibraltar_suez(
            from_plain(GibraltarSuezScenario, {"england_original_base_hpp": 30, "held_by_axis": ["suez", "gibraltar"]})
        )
        assert not any("reading chosen" in step.text for step in one.trace)
        assert two.trace.steps[0].text.startswith("reading chosen:")

    def test_base_never_negative(self) -> None:
        """A base below the reduction ends at 0."""
        result = evaluate_gibraltar_suez(
            from_plain(GibraltarSuezScenario, {"england_original_base_hpp": 3, "held_by_axis": ["suez"]})
        )
        assert result.base_hpp == 0

    def test_refuses_a_strait_both_held_and_retaken(self) -> None:
        """A place is either held by the Axis or retaken, not both."""
        with pytest.raises(InvalidScenario) as caught:
            from_plain(
                GibraltarSuezScenario,
                {"england_original_base_hpp": 30, "held_by_axis": ["suez"], "recaptured_before_reckoning": ["suez"]},
            )
        assert (
            str(caught.value)
            == "recaptured_before_reckoning: must not name a place the Axis still holds (got ['suez'])"
        )


class TestMaltaGarrison:
    @pytest.mark.parametrize(
        ("units", "legal", "full"),
        [
            ({"infantry": 1, "fleet": 1, "aircraft": 1}, True, True),
            ({"armour": 1, "fleet": 1, "bomber": 1}, True, True),
            ({"fleet": 1}, True, False),
            ({}, True, False),
            ({"infantry": 1, "armour": 1}, False, False),
            ({"fleet": 2}, False, False),
            ({"aircraft": 1, "bomber": 1}, False, False),
            ({"destroyer": 1}, False, False),
        ],
    )
    def test_rule_table(self, units: dict[str, int], legal: bool, full: bool) -> None:
        """At most one infantry or armour unit, one fleet and one air unit, and nothing else."""
        result = evaluate_malta(from_plain(MaltaGarrisonScenario, {"units": units}))
        assert (result.legal, result.full) == (legal, full)
        assert len(result.violations) == (0 if legal else 1)


class TestAfricaLimit:
    @pytest.mark.parametrize(
        ("germans", "garrison", "options", "fighting", "within"),
        [
            (3, {"infantry": 1, "fleet": 1, "aircraft": 1}, {}, 1, True),
            (3, {"fleet": 1}, {}, 2, True),
            (3, {}, {}, 3, True),
            (2, {"fleet": 1, "aircraft": 1}, {}, 0, True),
            (2, {"fleet": 1, "aircraft": 1}, {"reduction": "from-limit"}, 1, True),
            (3, {"fleet": 1, "aircraft": 1}, {"combat": "defence"}, 1, True),
            (3, {"fleet": 1, "aircraft": 1}, {"combat": "defence", "reduction_in_defence": False}, 3, True),
            (4, {"fleet": 1}, {}, 2, False),
        ],
    )
    def test_rule_table(
        self, germans: int, garrison: dict[str, int], options: dict[str, Any], fighting: int, within: bool
    ) -> None:
        """Three German units at most; Malta's fleet and air unit each take one out of the fight."""
        scenario = from_plain(AfricaScenario, {"german_units": germans, "malta_garrison": garrison, **options})
        result = evaluate_africa(scenario)
        assert (result.fighting_german_units, result.within_limit) == (fighting, within)

    @given(st.integers(0, 6), st.integers(0, 1), st.integers(0, 1), st.sampled_from(["from-present", "from-limit"]))
    def test_fighting_units_bounds(self, germans: int, fleet: int, air: int, reading: str) -> None:
        """Never more fighting units than are present or than three, never fewer than 0,
        never more with a bigger garrison.
        """

        def fighting(fleets: int, planes: int) -> int:
            scenario = from_plain(
                AfricaScenario,
                {
                    "german_units": germans,
                    "reduction": reading,
                    "malta_garrison": {"fleet": fleets, "aircraft": planes},
                },
            )
            return evaluate_africa(scenario).fighting_german_units

        value = fighting(fleet, air)
        assert 0 <= value <= min(germans, 3)
        assert fighting(1, 1) <= value

    def test_refuses_an_illegal_malta_garrison(self) -> None:
        """The Africa calculator takes only a garrison Malta may hold."""
        with pytest.raises(InvalidScenario) as caught:
            from_plain(AfricaScenario, {"german_units": 3, "malta_garrison": {"fleet": 2}})
        assert str(caught.value) == (
            "malta_garrison: must keep Malta's garrison limit: 2 fleets: at most one fleet "
            "may be on Malta (got {'fleet': 2})"
        )


class TestRegistration:
    @pytest.mark.parametrize("calculator", CALCULATORS, ids=lambda c: c.name)
    def test_scenario_has_a_json_schema(self, calculator: Any) -> None:
        """``rulebook schema scenario.NAME`` can describe every scenario type."""
        assert TypeAdapter(calculator.scenario).json_schema()["type"] == "object"

    def test_bomber_is_an_air_unit_on_malta(self) -> None:
        """A bomber counts as Malta's one air unit."""
        result = evaluate_malta(MaltaGarrisonScenario({UnitType.BOMBER: 1}))
        assert result.legal


@pytest.mark.parametrize(
    ("calculator", "scenario", "paths"),
    [
        (
            "gibraltar-suez",
            {
                "england_original_base_hpp": -1,
                "held_by_axis": ["suez", "suez"],
                "recaptured_before_reckoning": ["suez"],
            },
            ["england_original_base_hpp", "held_by_axis", "recaptured_before_reckoning"],
        ),
        ("malta-garrison", {"units": {"infantry": -1, "fleet": -2}}, ["units.infantry", "units.fleet"]),
        ("africa-limit", {"german_units": -1, "malta_garrison": {"fleet": 2}}, ["german_units", "malta_garrison"]),
    ],
)
def test_every_problem_is_reported_at_once(calculator: str, scenario: dict[str, Any], paths: list[str]) -> None:
    """Independent mistakes in one scenario are all named, each at its own path."""
    assert problem_paths(calculator, scenario) == paths


def test_a_negative_count_is_not_judged_against_the_limit() -> None:
    """A garrison with a negative count has that problem only, not a limit computed from it."""
    paths = problem_paths("africa-limit", {"german_units": 3, "malta_garrison": {"infantry": 3, "armour": -1}})
    assert paths == ["malta_garrison.armour"]
