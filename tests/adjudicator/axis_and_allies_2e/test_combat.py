"""Tests of :mod:`adjudicator.axis_and_allies_2e.combat`: the Axis & Allies unit values,
technologies and combat rules.
"""

from __future__ import annotations

from typing import Any

import pytest

from adjudicator.battle.calculators import BattleResult
from adjudicator.plain import InvalidScenario
from adjudicator.registry import run


def battle(attacker: dict[str, Any], defender: dict[str, Any], **more: Any) -> BattleResult:
    result = run("battle", {"game": "axis-and-allies-2e", "attacker": attacker, "defender": defender, **more})
    assert isinstance(result, BattleResult)
    return result


class TestProfiles:
    @pytest.mark.parametrize(
        ("unit", "attack", "defence", "cost"),
        [("infantry", 1, 2, 3), ("armor", 3, 2, 5), ("fighter", 3, 4, 12), ("bomber", 4, 1, 15)],
    )
    def test_land_and_air_values(self, unit: str, attack: int, defence: int, cost: int) -> None:
        """The classic values and costs (a stated base-rule assumption)."""
        result = battle({"units": {unit: 1}}, {"units": {unit: 1}})
        assert (result.attacker_profile[unit].hits_on, result.defender_profile[unit].hits_on) == (attack, defence)
        assert result.attacker_profile[unit].cost == cost

    @pytest.mark.parametrize(
        ("unit", "attack", "defence", "cost"),
        [("battleship", 4, 4, 24), ("carrier", 1, 3, 18), ("transport", 0, 1, 8), ("submarine", 2, 2, 8)],
    )
    def test_sea_values(self, unit: str, attack: int, defence: int, cost: int) -> None:
        """Ships: the classic values; a battleship is one unit sunk by one hit."""
        result = battle({"units": {unit: 1, "battleship": 1}}, {"units": {unit: 1}}, kind="sea")
        assert (result.attacker_profile[unit].hits_on, result.defender_profile[unit].hits_on) == (attack, defence)
        assert result.defender_profile[unit].cost == cost

    @pytest.mark.parametrize(
        ("technology", "unit", "attacking", "dice", "hits_on"),
        [
            ("heavy-bombers", "bomber", True, 3, 4),
            ("heavy-bombers", "bomber", False, 1, 1),
            ("jet-fighters", "fighter", True, 1, 3),
            ("jet-fighters", "fighter", False, 1, 5),
            ("super-submarines", "submarine", True, 1, 3),
            ("super-submarines", "submarine", False, 1, 2),
        ],
    )
    def test_technologies(self, technology: str, unit: str, attacking: bool, dice: int, hits_on: int) -> None:
        """Heavy bombers 3 dice attacking / 1 defending; jets defend at 5, attack at 3;
        super subs attack at 3, defend at 2.
        """
        kind = "sea" if unit == "submarine" else "land"
        side = {"units": {unit: 2}, "technologies": [technology]}
        other = {"units": {"battleship" if kind == "sea" else "infantry": 1}}
        result = battle(side, other, kind=kind) if attacking else battle(other, side, kind=kind)
        profile = (result.attacker_profile if attacking else result.defender_profile)[unit]
        assert (profile.dice, profile.hits_on) == (dice, hits_on)
        assert "aa2.weapons-development.heavy-bombers-jets-super-subs" in result.trace.rules()

    def test_attacking_submarines_fire_first_and_miss_aircraft(self) -> None:
        """Attacking subs fire first; all subs' hits are barred from aircraft; defending subs do not fire first."""
        result = battle(
            {"units": {"submarine": 1}}, {"units": {"submarine": 1, "fighter": 1, "carrier": 1}}, kind="sea"
        )
        assert (
            result.attacker_profile["submarine"].first_strike and not result.defender_profile["submarine"].first_strike
        )
        assert not result.attacker_profile["submarine"].hits_air and not result.defender_profile["submarine"].hits_air
        assert {"aa2.misc.submarine-first-shot", "aa2.air-units.fighter-on-attacked-carrier"} <= set(
            result.trace.rules()
        )


class TestRules:
    def test_aircraft_always_sink_a_lone_submarine(self) -> None:
        """A submarine that cannot submerge is eventually destroyed by aircraft it cannot hit."""
        result = battle({"units": {"fighter": 1}}, {"units": {"submarine": 1}}, kind="sea")
        assert result.attacker_wins == 1.0
        assert "aa2.retreat.aircraft.against-submarine" in result.trace.rules()

    def test_bombardment_forfeited_after_a_sea_battle(self) -> None:
        """With a sea battle first the battleship does not fire: same odds as without it."""
        with_ship = battle(
            {"units": {"infantry": 2, "battleship": 1}},
            {"units": {"infantry": 2}},
            kind="amphibious",
            sea_battle_first=True,
        )
        without = battle({"units": {"infantry": 2}}, {"units": {"infantry": 2}}, kind="amphibious")
        assert with_ship.attacker_wins == without.attacker_wins
        assert "battleship" not in with_ship.attacker_profile

    def test_bombardment_helps(self) -> None:
        """The support shots raise the attacker's odds, and the battleships are never among the losses."""
        with_ship = battle({"units": {"infantry": 2, "battleship": 2}}, {"units": {"infantry": 2}}, kind="amphibious")
        without = battle({"units": {"infantry": 2}}, {"units": {"infantry": 2}}, kind="amphibious")
        assert with_ship.attacker_wins > without.attacker_wins
        assert with_ship.expected_attacker_loss_cost is not None and with_ship.expected_attacker_loss_cost <= 6

    def test_anti_aircraft_gun_shoots_down_aircraft(self) -> None:
        """The gun lowers the expected surviving fighters by a sixth, and is no casualty."""
        plain = battle({"units": {"fighter": 6}}, {"units": {"infantry": 0}})
        gunned = battle({"units": {"fighter": 6}}, {"units": {"aa-gun": 1}})
        assert plain.expected_attacker_survivors["fighter"] == 6
        assert abs(gunned.expected_attacker_survivors["fighter"] - 5) < 1e-12
        assert gunned.attacker_captures == 0.0

    def test_fighters_lost_at_sea_unless_an_island(self) -> None:
        """Defending fighters whose carrier is sunk are lost, unless a friendly island is in the zone."""
        scenario = ({"units": {"submarine": 3}}, {"units": {"carrier": 1, "fighter": 1}})
        lost = battle(*scenario, kind="sea")
        saved = battle(*scenario, kind="sea", friendly_island=True)
        assert lost.expected_defender_survivors["fighter"] < saved.expected_defender_survivors["fighter"]

    def test_default_loss_order_cheapest_first(self) -> None:
        """Cheapest first; transport before submarine at equal cost (it is the weaker)."""
        result = battle(
            {"units": {"battleship": 1}}, {"units": {"carrier": 1, "submarine": 1, "transport": 1}}, kind="sea"
        )
        assert list(result.defender_profile) == ["transport", "submarine", "carrier"]

    def test_given_loss_order_first(self) -> None:
        """A given order comes first; unlisted types follow cheapest first."""
        result = battle(
            {"units": {"infantry": 1, "armor": 1, "fighter": 1}, "loss_order": ["fighter"]}, {"units": {"infantry": 1}}
        )
        assert list(result.attacker_profile) == ["fighter", "infantry", "armor"]

    @pytest.mark.parametrize(
        ("attacker", "defender", "more", "message"),
        [
            (
                {"units": {"battleship": 1}},
                {"units": {"infantry": 1}},
                {},
                "attacker.units.battleship: sea units do not fight in a land battle; only battleships support an "
                "amphibious assault (got 1)",
            ),
            (
                {"units": {"infantry": 1}},
                {"units": {"carrier": 1}},
                {"kind": "sea"},
                "attacker.units.infantry: land units do not fight in a sea battle (cargo is lost only with its "
                "transport) (got 1)",
            ),
            (
                {"units": {"fighter": 1}},
                {"units": {"aa-gun": 1}},
                {"kind": "sea"},
                "defender.units.aa-gun: an anti-aircraft gun fires only from a territory, never at sea (got 1)",
            ),
            (
                {"units": {"fighter": 1}},
                {"units": {}},
                {"kind": "amphibious"},
                "attacker.units: an amphibious assault lands at least one land unit (got {'fighter': 1})",
            ),
            (
                {"units": {"infantry": 1}, "submerge_after_round": 1},
                {"units": {}},
                {},
                "attacker.submerge_after_round: submarines submerge only from a sea battle (got 1)",
            ),
            (
                {"units": {"infantry": 1}, "values": {"infantry": 2}},
                {"units": {}},
                {},
                "attacker.values: unit values are fixed in Axis & Allies; use technologies to change them (got "
                "{'infantry': 2})",
            ),
            (
                {"units": {"infantry": 1}},
                {"units": {}},
                {"defence_modifier": 2},
                "defence_modifier: is used only by the Strategic WWII game of Europe (got 2)",
            ),
        ],
    )
    def test_impossible_battles(
        self, attacker: dict[str, Any], defender: dict[str, Any], more: dict[str, Any], message: str
    ) -> None:
        """Units in the wrong kind of battle and fields of the
        other game are refused with the rule that forbids them.
        """
        with pytest.raises(InvalidScenario) as raised:
            battle(attacker, defender, **more)
        assert message in str(raised.value).splitlines()
