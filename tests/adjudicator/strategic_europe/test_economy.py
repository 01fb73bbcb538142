"""Tests of :mod:`adjudicator.strategic_europe.economy`: Strategic Bombing, submarine losses and Lend-Lease."""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st
from pydantic import TypeAdapter

from adjudicator.plain import InvalidScenario, from_plain
from adjudicator.strategic_europe.economy import (
    CALCULATORS,
    Convoy,
    LendLeaseDeductionScenario,
    LendLeaseScenario,
    StrategicBombingScenario,
    SubmarineLossScenario,
    TradeRaidReading,
    evaluate_bombing,
    evaluate_deduction,
    evaluate_lend_lease,
    evaluate_submarines,
)
from adjudicator.strategic_europe.vocabulary import Country
from tests.adjudicator.strategic_europe.problems import problem_paths


def _raid(**fields: Any) -> dict[str, Any]:
    return {"attacker": "germany", "target": "england", "bombers": 2, **fields}


class TestStrategicBombing:
    @pytest.mark.parametrize(
        ("raid", "allowed", "loss"),
        [
            (_raid(), True, 2),
            (_raid(shot_down=2), True, 2),
            (_raid(target="france"), False, 0),
            (_raid(target="ussr"), False, 0),
            (_raid(target="vichy-france"), False, 0),
            (_raid(territory="conquered"), False, 0),
            (_raid(territory="colonial"), False, 0),
            (_raid(attacker="italy", target="germany"), False, 0),
            (_raid(attacker="england", target="germany", bombers=5, shot_down=4), True, 5),
        ],
    )
    def test_rule_table(self, raid: dict[str, Any], allowed: bool, loss: int) -> None:
        """1 HPP per bomber, shot down or not;
        never France, the USSR, lands outside the original borders, or an ally.
        """
        result = evaluate_bombing(from_plain(StrategicBombingScenario, {"raids": [raid]}))
        assert (result.raids[0].allowed, result.raids[0].hpp_loss) == (allowed, loss)
        assert result.attacker_cost_hpp == 0

    def test_losses_add_up_per_target(self) -> None:
        """Several raids on one country add up; refused raids add nothing."""
        scenario = from_plain(
            StrategicBombingScenario,
            {
                "raids": [
                    _raid(bombers=3),
                    _raid(attacker="italy", bombers=1),
                    _raid(target="ussr", bombers=4),
                    _raid(attacker="england", target="germany", bombers=2),
                ]
            },
        )
        assert evaluate_bombing(scenario).hpp_loss == {Country.ENGLAND: 4, Country.GERMANY: 2}

    @given(st.integers(1, 40), st.data())
    def test_shot_down_bombers_never_change_the_loss(self, bombers: int, data: st.DataObject) -> None:
        """However many bombers interception shoots down, the defender loses one HPP per bomber."""
        shot_down = data.draw(st.integers(0, bombers))
        result = evaluate_bombing(
            from_plain(StrategicBombingScenario, {"raids": [_raid(bombers=bombers, shot_down=shot_down)]})
        )
        assert result.hpp_loss == {Country.ENGLAND: bombers}
        assert result.raids[0].bombers_lost == shot_down

    @pytest.mark.parametrize(
        ("raid", "message"),
        [
            (_raid(bombers=0), "raids.0.bombers: must be a count of 1 or more (got 0)"),
            (_raid(shot_down=3), "raids.0.shot_down: must be at most the 2 bombers of the raid (got 3)"),
            (_raid(target="germany"), "raids.0.target: must be another country than the attacker (got 'germany')"),
        ],
    )
    def test_refuses_impossible_raids(self, raid: dict[str, Any], message: str) -> None:
        """Errors name the raid and the field."""
        with pytest.raises(InvalidScenario) as caught:
            from_plain(StrategicBombingScenario, {"raids": [raid]})
        assert str(caught.value) == message


class TestSubmarineLosses:
    def test_england_loses_one_hpp_per_survivor(self) -> None:
        """Each surviving submarine in the North Atlantic costs England 1 HPP."""
        result = evaluate_submarines(SubmarineLossScenario(north_atlantic_survivors=5))
        assert result.england_hpp_loss == 5

    @pytest.mark.parametrize(("value", "attackers", "lost"), [(6, 2, 4), (6, 3, 6), (6, 5, 6), (3, 1, 2), (0, 4, 0)])
    def test_convoy_loses_two_hpp_per_survivor(self, value: int, attackers: int, lost: int) -> None:
        """2 HPP per surviving attacker, never more than the shipment holds; an empty token loses nothing."""
        convoy = Convoy(Country.ENGLAND, Country.USSR, value, attackers)
        result = evaluate_submarines(SubmarineLossScenario(convoys=(convoy,)))
        assert (result.convoys[0].lost_hpp, result.convoys[0].delivered_hpp) == (lost, value - lost)
        assert result.convoys[0].sea == "Norwegian Sea"

    @pytest.mark.parametrize(("reading", "england"), [("every-survivor", 4), ("not-convoy-attackers", 1)])
    def test_north_atlantic_convoy_attackers_reading(self, reading: str, england: int) -> None:
        """Whether submarines attacking the US convoy also cost England 1 HPP each is a scenario option."""
        scenario = from_plain(
            SubmarineLossScenario,
            {
                "north_atlantic_survivors": 4,
                "reading": reading,
                "convoys": [{"sender": "usa", "destination": "england", "value_hpp": 10, "surviving_attackers": 3}],
            },
        )
        result = evaluate_submarines(scenario)
        assert result.england_hpp_loss == england
        assert result.convoys[0].lost_hpp == 6
        assert any(step.text.startswith("reading chosen:") for step in result.trace)

    @given(st.integers(0, 30), st.integers(0, 30))
    def test_delivered_never_negative(self, value: int, attackers: int) -> None:
        """What arrives plus what is lost is what was sent, and neither is negative."""
        result = evaluate_submarines(
            SubmarineLossScenario(convoys=(Convoy(Country.USA, Country.USSR, value, attackers),))
        )
        outcome = result.convoys[0]
        assert outcome.delivered_hpp >= 0 and outcome.lost_hpp >= 0
        assert outcome.delivered_hpp + outcome.lost_hpp == value

    @pytest.mark.parametrize(
        ("data", "message"),
        [
            (
                {"convoys": [{"sender": "ussr", "destination": "england", "value_hpp": 1}]},
                "convoys.0.destination: must be a Lend-Lease route: from the USA to England; from the USA to the "
                "Soviet Union; from England to the Soviet Union (got 'ussr → england')",
            ),
            (
                {
                    "north_atlantic_survivors": 1,
                    "convoys": [{"sender": "usa", "destination": "england", "value_hpp": 5, "surviving_attackers": 2}],
                },
                "convoys: the submarines attacking the North Atlantic convoy must be among the 1 surviving in the "
                "North Atlantic (got 2)",
            ),
            (
                {
                    "convoys": [
                        {"sender": "usa", "destination": "ussr", "value_hpp": 1},
                        {"sender": "usa", "destination": "ussr", "value_hpp": 2},
                    ]
                },
                "convoys: must list each route once (one shipment per route per turn) (got ['usa → ussr', 'usa → "
                "ussr'])",
            ),
        ],
    )
    def test_refuses_impossible_convoys(self, data: dict[str, Any], message: str) -> None:
        """Unknown routes, more attackers than survivors and repeated routes are refused with their reason."""
        with pytest.raises(InvalidScenario) as caught:
            from_plain(SubmarineLossScenario, data)
        assert str(caught.value) == message


def _lend_lease(turn: tuple[int, str], shipments: list[dict[str, Any]], **state: Any) -> LendLeaseScenario:
    data = {
        "turn": {"year": turn[0], "season": turn[1]},
        "base_hpp": {"usa": 40, "england": 30},
        "shipments": shipments,
        **state,
    }
    return from_plain(LendLeaseScenario, data)


class TestLendLease:
    @pytest.mark.parametrize(
        ("turn", "state", "shipment", "allowed"),
        [
            ((1941, "spring"), {}, ("usa", "england", 10), True),
            ((1941, "spring"), {}, ("usa", "england", 11), False),
            ((1940, "winter"), {}, ("usa", "england", 5), False),
            ((1941, "spring"), {"france_captured": False}, ("usa", "england", 5), False),
            ((1941, "summer"), {"ussr_attacked": True}, ("england", "ussr", 7), True),
            ((1941, "summer"), {"ussr_attacked": True}, ("england", "ussr", 8), False),
            ((1941, "summer"), {}, ("usa", "ussr", 5), False),
            ((1942, "spring"), {"ussr_attacked": True, "vologda_captured": True}, ("usa", "ussr", 5), False),
            ((1942, "spring"), {"ussr_attacked": True}, ("usa", "ussr", 0), True),
        ],
    )
    def test_rule_table(
        self, turn: tuple[int, str], state: dict[str, Any], shipment: tuple[str, str, int], allowed: bool
    ) -> None:
        """When each route opens, the Vologda closure, and the quarter of the base HPP (whole HPP)."""
        sender, recipient, amount = shipment
        result = evaluate_lend_lease(
            _lend_lease(turn, [{"sender": sender, "recipient": recipient, "amount_hpp": amount}], **state)
        )
        assert result.shipments[0].allowed is allowed

    @pytest.mark.parametrize(("cap", "second_allowed"), [("per-shipment", True), ("per-sender-per-turn", False)])
    def test_cap_reading_for_two_us_shipments(self, cap: str, second_allowed: bool) -> None:
        """The quarter caps each shipment, or all of a sender's shipments of the turn, as the option says."""
        shipments = [
            {"sender": "usa", "recipient": "england", "amount_hpp": 6},
            {"sender": "usa", "recipient": "ussr", "amount_hpp": 6},
        ]
        result = evaluate_lend_lease(_lend_lease((1941, "autumn"), shipments, ussr_attacked=True, cap=cap))
        assert [s.allowed for s in result.shipments] == [True, second_allowed]
        assert result.trace.steps[0].text.startswith("reading chosen:")
        assert result.usa_1942_deduction_hpp == (12 if second_allowed else 6)

    def test_only_1941_us_aid_is_marked_for_deduction(self) -> None:
        """US aid in 1942 is not deducted; England's aid never is."""
        shipments = [
            {"sender": "usa", "recipient": "ussr", "amount_hpp": 5},
            {"sender": "england", "recipient": "ussr", "amount_hpp": 5},
        ]
        result = evaluate_lend_lease(_lend_lease((1942, "spring"), shipments, ussr_attacked=True))
        assert result.usa_1942_deduction_hpp == 0
        assert result.counted_towards_spending == {Country.USA: 5, Country.ENGLAND: 5}

    def test_refuses_a_missing_base(self) -> None:
        """Every sender's base HPP is needed for its cap."""
        with pytest.raises(InvalidScenario) as caught:
            from_plain(
                LendLeaseScenario,
                {
                    "turn": {"year": 1941, "season": "spring"},
                    "base_hpp": {"england": 30},
                    "shipments": [{"sender": "usa", "recipient": "england", "amount_hpp": 1}],
                },
            )
        assert (
            str(caught.value)
            == "base_hpp: must give the base HPP of every sender; missing: the USA (got {'england': 30})"
        )


class TestDeduction:
    @given(st.lists(st.tuples(st.integers(1940, 1944), st.integers(0, 15)), max_size=8), st.integers(0, 80))
    def test_deducts_exactly_the_1941_aid(self, records: list[tuple[int, int]], available: int) -> None:
        """The deduction is the sum of the 1941 shipments; what remains is never negative."""
        scenario = from_plain(
            LendLeaseDeductionScenario,
            {
                "usa_hpp_1942": available,
                "aid_sent": [
                    {"turn": {"year": year, "season": "autumn"}, "recipient": "england", "amount_hpp": amount}
                    for year, amount in records
                ],
            },
        )
        result = evaluate_deduction(scenario)
        expected = sum(amount for year, amount in records if year == 1941)
        assert result.deducted_hpp == expected
        assert result.usa_hpp_1942 == max(0, available - expected)

    def test_refuses_an_unknown_recipient(self) -> None:
        """Lend-Lease goes to England or the Soviet Union."""
        with pytest.raises(InvalidScenario) as caught:
            from_plain(
                LendLeaseDeductionScenario,
                {
                    "usa_hpp_1942": 40,
                    "aid_sent": [{"turn": {"year": 1941, "season": "spring"}, "recipient": "france", "amount_hpp": 3}],
                },
            )
        assert str(caught.value) == "aid_sent.0.recipient: must be England or the Soviet Union (got 'france')"


class TestRegistration:
    @pytest.mark.parametrize("calculator", CALCULATORS, ids=lambda c: c.name)
    def test_scenario_has_a_json_schema(self, calculator: Any) -> None:
        """``rulebook schema scenario.NAME`` can describe every scenario type."""
        assert TypeAdapter(calculator.scenario).json_schema()["type"] == "object"

    def test_trade_reading_values(self) -> None:
        """The two readings of the England loss are spelled as the scenario writes them."""
        assert [reading.value for reading in TradeRaidReading] == ["every-survivor", "not-convoy-attackers"]


@pytest.mark.parametrize(
    ("calculator", "scenario", "paths"),
    [
        (
            "strategic-bombing",
            {"raids": [_raid(target="germany", shot_down=3)]},
            ["raids.0.shot_down", "raids.0.target"],
        ),
        (
            "submarine-losses",
            {
                "north_atlantic_survivors": -1,
                "convoys": [{"sender": "ussr", "destination": "england", "value_hpp": -2}],
            },
            ["convoys.0.destination", "convoys.0.value_hpp", "north_atlantic_survivors"],
        ),
        (
            "lend-lease",
            {
                "turn": {"year": 1950, "season": "spring"},
                "base_hpp": {"england": -3},
                "shipments": [{"sender": "usa", "recipient": "england", "amount_hpp": 1}],
            },
            ["turn.year", "base_hpp.england", "base_hpp"],
        ),
        (
            "lend-lease-deduction",
            {
                "usa_hpp_1942": -1,
                "aid_sent": [{"turn": {"year": 1941, "season": "spring"}, "recipient": "france", "amount_hpp": -3}],
            },
            ["aid_sent.0.recipient", "aid_sent.0.amount_hpp", "usa_hpp_1942"],
        ),
    ],
)
def test_every_problem_is_reported_at_once(calculator: str, scenario: dict[str, Any], paths: list[str]) -> None:
    """Independent mistakes in one scenario are all named, each at its own path."""
    assert problem_paths(calculator, scenario) == paths
