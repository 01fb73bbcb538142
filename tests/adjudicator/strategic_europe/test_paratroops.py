"""Tests of :mod:`adjudicator.strategic_europe.paratroops`: rebuilding paratroopers, the bridgehead,
one attack per territory, VÉ.
"""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st
from pydantic import TypeAdapter

from adjudicator.plain import InvalidScenario, from_plain
from adjudicator.registry import run
from adjudicator.strategic_europe.paratroops import (
    CALCULATORS,
    AttackOnceScenario,
    BridgeheadScenario,
    BridgeheadSite,
    DefenceScenario,
    EmptyDropCost,
    LossOccasion,
    ParatrooperLossScenario,
    evaluate_attack_once,
    evaluate_bridgehead,
    evaluate_defence,
    evaluate_rebuild,
)
from tests.adjudicator.strategic_europe.problems import problem_paths


class TestRebuild:
    @pytest.mark.parametrize(
        ("occasion", "ground", "paratroopers", "air", "rebuildable"),
        [
            ("drop-battle", 0, 0, 0, False),
            ("drop-battle", 0, 0, 2, False),
            ("drop-battle", 0, 1, 0, False),
            ("drop-battle", 1, 0, 0, True),
            ("holding-drop-zone", 0, 0, 0, False),
            ("holding-drop-zone", 3, 0, 1, True),
            ("ground-combat", 0, 0, 0, True),
        ],
    )
    def test_rule_table(self, occasion: str, ground: int, paratroopers: int, air: int, rebuildable: bool) -> None:
        """Only an airborne loss without ground units beside it bars rebuilding; air support is not ground support."""
        result = run(
            "paratroop-rebuild",
            {
                "target": "London",
                "occasion": occasion,
                "friendly_ground_units": ground,
                "friendly_paratroopers": paratroopers,
                "friendly_air_units": air,
            },
        )
        assert result.rebuildable is rebuildable  # type: ignore[attr-defined]

    def test_other_paratroopers_as_support_is_a_reading(self) -> None:
        """With the option, other paratroopers count as ground support, and the trace says a reading was chosen."""
        scenario = ParatrooperLossScenario(
            "Dover", LossOccasion.DROP_BATTLE, friendly_paratroopers=1, paratroopers_count_as_ground_support=True
        )
        result = evaluate_rebuild(scenario)
        assert result.rebuildable
        assert result.trace.steps[0].text.startswith("reading chosen:")

    def test_cites_the_london_example(self) -> None:
        """The refusal cites the rule and the London example that applies it."""
        result = evaluate_rebuild(ParatrooperLossScenario("London", LossOccasion.HOLDING_DROP_ZONE))
        assert result.trace.rules() == ("se.paratroopers", "se.paratroopers.example-london")

    def test_refuses_a_negative_count(self) -> None:
        """Counts of supporting units cannot be negative."""
        with pytest.raises(InvalidScenario) as caught:
            from_plain(
                ParatrooperLossScenario, {"target": "London", "occasion": "drop-battle", "friendly_ground_units": -2}
            )
        assert str(caught.value) == "friendly_ground_units: must be a count of 0 or more (got -2)"


class TestBridgehead:
    @pytest.mark.parametrize(
        ("defenders", "reading", "cost"),
        [(1, "none", 1), (4, "none", 1), (0, "none", 0), (0, "one-hpp", 1)],
    )
    def test_cost_is_at_most_one_hpp(self, defenders: int, reading: str, cost: int) -> None:
        """1 HPP if English units defended; an empty territory costs 0 or 1 according to the reading."""
        result = evaluate_bridgehead(
            BridgeheadScenario(BridgeheadSite.DOVER, defenders, empty_drop_cost=EmptyDropCost(reading))
        )
        assert (result.cost_hpp, result.invasion_cost_hpp, result.saving_hpp) == (cost, 5, 5 - cost)

    @pytest.mark.parametrize(
        ("captured", "fleets", "bridgehead", "tied"),
        [(True, 1, True, 1), (True, 2, True, 2), (True, 0, False, 0), (False, 1, False, 0)],
    )
    def test_needs_the_territory_and_a_supplying_fleet(
        self, captured: bool, fleets: int, bridgehead: bool, tied: int
    ) -> None:
        """No bridgehead without capturing the territory or without at least one German fleet to supply it."""
        result = evaluate_bridgehead(
            BridgeheadScenario(BridgeheadSite.PLYMOUTH, 1, captured=captured, german_supply_fleets=fleets)
        )
        assert (result.bridgehead, result.fleets_tied_down) == (bridgehead, tied)

    def test_only_plymouth_and_dover(self) -> None:
        """The source gives the bridgehead cost for Plymouth and Dover only."""
        with pytest.raises(InvalidScenario) as caught:
            from_plain(BridgeheadScenario, {"site": "london", "defending_english_units": 1})
        assert str(caught.value) == "site: must be one of 'plymouth', 'dover' (got 'london')"


def _attacks(*attacks: dict[str, Any]) -> AttackOnceScenario:
    return from_plain(AttackOnceScenario, {"attacks": list(attacks)})


class TestAttackOnce:
    def test_second_attack_on_a_territory_is_refused(self) -> None:
        """A territory attacked once this turn cannot be attacked again, whatever the method."""
        result = evaluate_attack_once(
            _attacks({"target": "Dover", "methods": ["air"]}, {"target": " dover ", "methods": ["overland"]})
        )
        assert [v.allowed for v in result.verdicts] == [True, False]
        assert result.refused == 1

    def test_advance_needs_a_ground_capture(self) -> None:
        """Armour may move on only from a territory that ground units took by an allowed attack this turn."""
        not_taken = evaluate_attack_once(
            _attacks(
                {"target": "Dover", "methods": ["invasion"], "captures": False},
                {"target": "London", "methods": ["overland"], "advance_from": "Dover"},
            )
        )
        never_attacked = evaluate_attack_once(
            _attacks({"target": "London", "methods": ["overland"], "advance_from": "Dover"})
        )
        assert [v.allowed for v in not_taken.verdicts] == [True, False]
        assert [v.allowed for v in never_attacked.verdicts] == [False]

    def test_paratroopers_cancel_modifiers_for_the_whole_attack(self) -> None:
        """Paratroopers in an attack cancel the river and coast modifiers; without them nothing is cancelled."""
        result = evaluate_attack_once(
            _attacks(
                {"target": "Dover", "methods": ["invasion", "paradrop"]}, {"target": "Calais", "methods": ["invasion"]}
            )
        )
        assert [v.defence_modifiers_cancelled for v in result.verdicts] == [True, False]

    @given(st.lists(st.sampled_from(["Dover", "London", "Plymouth", "Calais"]), min_size=1, max_size=8))
    def test_each_territory_is_attacked_at_most_once(self, targets: list[str]) -> None:
        """Whatever the plan, the allowed attacks never hit a territory twice, and the first on each is allowed."""
        result = evaluate_attack_once(_attacks(*({"target": t, "methods": ["overland"]} for t in targets)))
        allowed = [v.target for v in result.verdicts if v.allowed]
        assert sorted(allowed) == sorted(set(targets))
        assert result.refused == len(targets) - len(set(targets))

    @pytest.mark.parametrize(
        ("attack", "message"),
        [
            ({"target": "Dover", "methods": []}, "attacks.0.methods: must list at least one way of attacking (got [])"),
            (
                {"target": "Dover", "methods": ["air", "air"]},
                "attacks.0.methods: must not list a method twice (got ['air', 'air'])",
            ),
            (
                {"target": "Dover", "methods": ["air"], "advance_from": "dover"},
                "attacks.0.advance_from: must be another territory than the target (got 'dover')",
            ),
            (
                {"target": "Dover", "methods": ["glider"]},
                "attacks.0.methods.0: must be one of 'paradrop', 'invasion', 'overland', 'air' (got 'glider')",
            ),
        ],
    )
    def test_refuses_malformed_attacks(self, attack: dict[str, Any], message: str) -> None:
        """Each malformed attack is named with its position in the list."""
        with pytest.raises(InvalidScenario) as caught:
            _attacks(attack)
        assert str(caught.value) == message


class TestDefence:
    @pytest.mark.parametrize(
        ("defender", "kind", "invasion", "paratroopers", "value"),
        [
            ("infantry", "coast", True, False, 5),
            ("infantry", "coast", True, True, 2),
            ("infantry", "coast", False, False, 2),
            ("infantry", "river", False, True, 2),
            ("infantry", "river", False, False, 5),
            ("infantry", "fortress", False, True, 5),
            ("destroyer", "coast", True, False, 2),
            ("destroyer", "fortress", False, False, 2),
            ("destroyer", "other", False, False, 5),
            ("submarine", "other", True, False, 2),
            ("fleet", "coast", True, False, 5),
        ],
    )
    def test_modifier_table(self, defender: str, kind: str, invasion: bool, paratroopers: bool, value: int) -> None:
        """VÉ 2 with a +3 modifier: which unit and attack keep the modifier."""
        scenario = from_plain(
            DefenceScenario,
            {
                "defender": defender,
                "base_defence_value": 2,
                "modifiers": [{"kind": kind, "value": 3}],
                "invasion": invasion,
                "paratroopers": paratroopers,
            },
        )
        result = evaluate_defence(scenario)
        assert result.defence_value == value
        assert len(result.applied_modifiers) + len(result.cancelled_modifiers) == 1

    def test_refuses_a_defence_value_out_of_range(self) -> None:
        """VÉ is a die value from 0 to 6; modifiers from -6 to 6."""
        with pytest.raises(InvalidScenario) as caught:
            from_plain(DefenceScenario, {"defender": "infantry", "base_defence_value": 7})
        assert str(caught.value) == "base_defence_value: must be a VÉ from 0 to 6 (got 7)"
        with pytest.raises(InvalidScenario) as caught:
            from_plain(
                DefenceScenario,
                {"defender": "infantry", "base_defence_value": 2, "modifiers": [{"kind": "river", "value": 9}]},
            )
        assert str(caught.value) == "modifiers.0.value: must be a modifier from -6 to 6 (got 9)"


class TestRegistration:
    @pytest.mark.parametrize("calculator", CALCULATORS, ids=lambda c: c.name)
    def test_scenario_has_a_json_schema(self, calculator: Any) -> None:
        """``rulebook schema scenario.NAME`` can describe every scenario type."""
        schema = TypeAdapter(calculator.scenario).json_schema()
        assert schema["type"] == "object"
        assert calculator.games == ("strategic-europe",)


@pytest.mark.parametrize(
    ("calculator", "scenario", "paths"),
    [
        (
            "paratroop-rebuild",
            {"target": " ", "occasion": "drop-battle", "friendly_ground_units": -1, "friendly_air_units": -2},
            ["target", "friendly_ground_units", "friendly_air_units"],
        ),
        (
            "bridgehead-cost",
            {"site": "dover", "defending_english_units": -1, "german_supply_fleets": -1},
            ["defending_english_units", "german_supply_fleets"],
        ),
        (
            "attack-once",
            {"attacks": [{"target": "", "methods": ["air", "air"]}, {"target": "Dover", "methods": []}]},
            ["attacks.0.target", "attacks.0.methods", "attacks.1.methods"],
        ),
        (
            "paradrop-defence",
            {"defender": "infantry", "base_defence_value": 9, "modifiers": [{"kind": "river", "value": 9}]},
            ["modifiers.0.value", "base_defence_value"],
        ),
    ],
)
def test_every_problem_is_reported_at_once(calculator: str, scenario: dict[str, Any], paths: list[str]) -> None:
    """Independent mistakes in one scenario are all named, each at its own path."""
    assert problem_paths(calculator, scenario) == paths
