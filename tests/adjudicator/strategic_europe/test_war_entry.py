"""Tests of :mod:`adjudicator.strategic_europe.war_entry`: declarations of war and the USA's overseas transfers."""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st
from pydantic import TypeAdapter

from adjudicator.plain import InvalidScenario, from_plain
from adjudicator.strategic_europe.vocabulary import SATELLITES, Country
from adjudicator.strategic_europe.war_entry import (
    CALCULATORS,
    UsTransferScenario,
    WarDeclarationScenario,
    evaluate_declaration,
    evaluate_us_transfers,
)
from tests.adjudicator.strategic_europe.problems import problem_paths


def _declare(declarer: str, targets: list[str], year: int, season: str, **options: Any) -> WarDeclarationScenario:
    return from_plain(
        WarDeclarationScenario,
        {"declarer": declarer, "targets": targets, "turn": {"year": year, "season": season}, **options},
    )


class TestWarDeclaration:
    @pytest.mark.parametrize(
        ("declarer", "targets", "turn", "options", "allowed", "cost"),
        [
            ("ussr", ["germany"], (1941, "autumn"), {}, True, 7),
            ("ussr", ["germany"], (1941, "summer"), {}, False, None),
            ("ussr", ["hungary"], (1942, "spring"), {}, True, 9),
            ("ussr", ["germany", "finland", "romania"], (1942, "spring"), {}, True, 11),
            ("ussr", ["germany", "finland", "romania"], (1942, "spring"), {"satellite_fee": "once"}, True, 9),
            ("germany", ["ussr"], (1939, "autumn"), {}, True, 7),
            ("usa", ["germany", "italy"], (1942, "spring"), {}, True, 7),
            ("usa", ["germany"], (1941, "winter"), {}, False, None),
            ("usa", ["germany"], (1943, "spring"), {}, True, 7),
            ("usa", ["germany"], (1943, "spring"), {"us_entry": "spring-1942-only"}, False, None),
            ("england", ["vichy-france"], (1942, "autumn"), {}, True, None),
            ("germany", ["italy"], (1942, "autumn"), {}, False, None),
            ("england", ["ussr"], (1942, "autumn"), {}, False, None),
        ],
    )
    def test_rule_table(
        self,
        declarer: str,
        targets: list[str],
        turn: tuple[int, str],
        options: dict[str, Any],
        allowed: bool,
        cost: int | None,
    ) -> None:
        """Dates, the 7 HPP great-power cost, +2 HPP per satellite (or once), Vichy, and no war on a historical ally."""
        result = evaluate_declaration(_declare(declarer, targets, *turn, **options))
        assert (result.allowed, result.cost_hpp) == (allowed, cost)

    def test_satellites_join_germany_with_their_hpp(self) -> None:
        """When Germany attacks the Soviet Union all four satellites join and Germany gets their HPP at once."""
        result = evaluate_declaration(
            _declare("germany", ["ussr"], 1941, "summer", satellite_hpp={"finland": 1, "romania": 5})
        )
        assert result.joining_satellites == SATELLITES
        assert result.germany_hpp_gain == 6

    def test_satellites_left_alone_stay_neutral(self) -> None:
        """A Soviet attack on Germany leaves the satellites it does not attack neutral."""
        result = evaluate_declaration(_declare("ussr", ["germany", "bulgaria"], 1942, "spring"))
        assert result.neutral_satellites == (Country.FINLAND, Country.HUNGARY, Country.ROMANIA)
        only_satellite = evaluate_declaration(_declare("ussr", ["bulgaria"], 1942, "spring"))
        assert only_satellite.neutral_satellites == ()

    @given(
        st.lists(st.sampled_from(["finland", "hungary", "romania", "bulgaria"]), min_size=1, max_size=4, unique=True)
    )
    def test_per_satellite_fee(self, satellites: list[str]) -> None:
        """With the per-satellite reading the Soviet Union pays 7 + 2 × the satellites it attacks."""
        result = evaluate_declaration(_declare("ussr", ["germany", *satellites], 1942, "summer"))
        assert result.cost_hpp == 7 + 2 * len(satellites)

    @pytest.mark.parametrize(
        ("data", "message"),
        [
            (
                {"declarer": "italy", "targets": ["france"]},
                "targets: must be a declaration this source rules on: the Soviet Union on Germany and/or its "
                "satellites, "
                "Germany on the Soviet Union, the USA on the Axis, or an Ally on Vichy France (got 'italy → france')",
            ),
            ({"declarer": "ussr", "targets": []}, "targets: must name at least one country (got [])"),
            ({"declarer": "ussr", "targets": ["ussr"]}, "targets: must not include the declaring country (got 'ussr')"),
            (
                {"declarer": "germany", "targets": ["ussr"], "satellite_hpp": {"italy": 4}},
                "satellite_hpp.italy: must be a satellite state (Finland, Hungary, Romania, Bulgaria)",
            ),
            (
                {"declarer": "ussr", "targets": ["germany"], "satellite_hpp": {"hungary": 4}},
                "satellite_hpp: is used only when Germany declares war on the Soviet Union (got {'hungary': 4})",
            ),
        ],
    )
    def test_refuses_declarations_the_source_does_not_cover(self, data: dict[str, Any], message: str) -> None:
        """Malformed or uncovered declarations are named with the reason."""
        with pytest.raises(InvalidScenario) as caught:
            from_plain(WarDeclarationScenario, {**data, "turn": {"year": 1942, "season": "spring"}})
        assert str(caught.value) == message


class TestUsTransfers:
    @pytest.mark.parametrize(
        ("overseas", "within", "fallen", "bridgehead", "allowed", "max_overseas"),
        [
            (4, 2, False, False, True, 4),
            (4, 3, False, False, False, 4),
            (5, 0, False, False, False, 4),
            (0, 6, False, False, True, 4),
            (1, 0, True, False, False, 0),
            (2, 4, True, True, True, 2),
            (3, 0, True, True, False, 2),
        ],
    )
    def test_rule_table(
        self, overseas: int, within: int, fallen: bool, bridgehead: bool, allowed: bool, max_overseas: int
    ) -> None:
        """4 of 6 per turn from overseas; none once England has fallen, until a bridgehead, then 2."""
        result = evaluate_us_transfers(UsTransferScenario(overseas, within, fallen, bridgehead))
        assert (result.allowed, result.max_overseas, result.max_total) == (allowed, max_overseas, 6)

    @given(st.integers(0, 10), st.integers(0, 10), st.booleans(), st.booleans())
    def test_allowed_iff_within_both_limits(self, overseas: int, within: int, fallen: bool, bridgehead: bool) -> None:
        """Allowed exactly when the overseas limit and the six redeployments both hold."""
        result = evaluate_us_transfers(UsTransferScenario(overseas, within, fallen, bridgehead))
        assert result.allowed is (overseas <= result.max_overseas and overseas + within <= 6)

    def test_refuses_negative_counts(self) -> None:
        """Counts of units are 0 or more."""
        with pytest.raises(InvalidScenario) as caught:
            from_plain(UsTransferScenario, {"overseas": -1})
        assert str(caught.value) == "overseas: must be a count of 0 or more (got -1)"


class TestRegistration:
    @pytest.mark.parametrize("calculator", CALCULATORS, ids=lambda c: c.name)
    def test_scenario_has_a_json_schema(self, calculator: Any) -> None:
        """``rulebook schema scenario.NAME`` can describe every scenario type."""
        assert TypeAdapter(calculator.scenario).json_schema()["type"] == "object"


@pytest.mark.parametrize(
    ("calculator", "scenario", "paths"),
    [
        (
            "war-declaration",
            {
                "declarer": "germany",
                "targets": ["germany"],
                "turn": {"year": 1942, "season": "spring"},
                "satellite_hpp": {"italy": 3, "hungary": -1},
            },
            ["targets", "satellite_hpp.italy", "satellite_hpp.hungary", "satellite_hpp"],
        ),
        ("us-transfers", {"overseas": -1, "within_europe": -2}, ["overseas", "within_europe"]),
    ],
)
def test_every_problem_is_reported_at_once(calculator: str, scenario: dict[str, Any], paths: list[str]) -> None:
    """Independent mistakes in one scenario are all named, each at its own path."""
    assert problem_paths(calculator, scenario) == paths
