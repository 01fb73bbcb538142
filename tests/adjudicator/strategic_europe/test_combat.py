"""Tests of :mod:`adjudicator.strategic_europe.combat`: the strategic game's values, modifiers and rolling twice."""

from __future__ import annotations

from typing import Any

import pytest

from adjudicator.battle.calculators import BattleResult
from adjudicator.plain import InvalidScenario
from adjudicator.registry import run
from tests.adjudicator.strategic_europe.problems import problem_paths


def battle(attacker: dict[str, Any], defender: dict[str, Any], **more: Any) -> BattleResult:
    result = run("battle", {"game": "strategic-europe", "attacker": attacker, "defender": defender, **more})
    assert isinstance(result, BattleResult)
    return result


class TestValues:
    @pytest.mark.parametrize(
        ("unit", "role", "value"),
        [
            ("aircraft", "attacker", 3),
            ("aircraft", "defender", 4),
            ("fleet", "attacker", 3),
            ("destroyer", "attacker", 1),
            ("submarine", "attacker", 1),
            ("infantry", "defender", 2),
        ],
    )
    def test_values_the_source_states(self, unit: str, role: str, value: int) -> None:
        """TÉ/VÉ given by the source's examples are used without being asked for."""
        side, other = {"units": {unit: 1}}, {"units": {"aircraft": 1}}
        result = battle(side, other) if role == "attacker" else battle(other, side)
        assert (result.attacker_profile if role == "attacker" else result.defender_profile)[unit].hits_on == value

    def test_missing_and_bad_values_are_named(self) -> None:
        """A unit without a stated value needs one; values outside 0–6 are refused."""
        with pytest.raises(InvalidScenario) as raised:
            battle({"units": {"armour": 1, "infantry": 1}, "values": {"infantry": 7}}, {"units": {"infantry": 1}})
        assert str(raised.value).splitlines() == [
            "attacker.values.armour: the source states no TÉ for armour (attack value: a die showing it or less hits "
            "when attacking): it is in the game's basic rules, which are not among the sources; give it (a d6 value "
            "from 0 to 6)",
            "attacker.values.infantry: must be a d6 value from 0 to 6 (got 7)",
        ]


class TestModifiers:
    def test_coast_modifier_and_paratroopers(self) -> None:
        """German infantry defends at VÉ 2+3=5 behind the coast, and at 2 when paratroopers take part."""
        defender = {"units": {"infantry": 2}, "nation": "germany"}
        attack = {"units": {"infantry": 2}, "values": {"infantry": 2, "paratrooper": 2}, "nation": "england"}
        assert battle(attack, defender, defence_modifier=3).defender_profile["infantry"].hits_on == 5
        with_paras = battle({**attack, "units": {"infantry": 2, "paratrooper": 1}}, defender, defence_modifier=3)
        assert with_paras.defender_profile["infantry"].hits_on == 2
        assert "se.paratroopers" in with_paras.trace.rules()

    def test_no_modifier_for_destroyers_and_submarines(self) -> None:
        """Destroyers and submarines get no defence modifier against an invasion."""
        result = battle(
            {"units": {"fleet": 1}},
            {"units": {"destroyer": 1, "submarine": 1}, "values": {"destroyer": 1, "submarine": 1}},
            defence_modifier=2,
        )
        assert result.defender_profile["destroyer"].hits_on == 1 and result.defender_profile["submarine"].hits_on == 1
        assert {"se.destroyers", "se.submarines"} <= set(result.trace.rules())

    def test_aircraft_fight_submarines_one_round(self) -> None:
        """Aircraft against submarines fire once and leave; submarines cannot hit them."""
        result = battle({"units": {"aircraft": 2}}, {"units": {"submarine": 3}, "values": {"submarine": 1}})
        assert result.undecided == 0 and result.attacker_retreats > 0
        assert all(line.attacker.get("aircraft") == 2 for line in result.outcomes)


class TestRollingTwice:
    @pytest.mark.parametrize(
        ("turn", "attacker", "defender", "rolls", "dice"),
        [
            ("declaration-of-war-on-ussr", "germany", "ussr", 2, 1),
            ("first-winter", "ussr", "germany", 2, 1),
            ("declaration-of-war-on-ussr", "ussr", "germany", 1, 1),
            ("none", "germany", "ussr", 1, 1),
        ],
    )
    def test_who_rolls_twice(self, turn: str, attacker: str, defender: str, rolls: int, dice: int) -> None:
        """Only the aggressor against the USSR in the declaration turn,
        or the Soviets in the first winter, roll twice.
        """
        result = battle(
            {"units": {"armour": 1}, "values": {"armour": 3}, "nation": attacker},
            {"units": {"infantry": 1}, "nation": defender},
            special_turn=turn,
        )
        assert (result.attacker_profile["armour"].rolls_per_die, result.attacker_profile["armour"].dice) == (
            rolls,
            dice,
        )

    def test_two_dice_reading(self) -> None:
        """The other reading gives each unit two dice."""
        result = battle(
            {"units": {"armour": 1}, "values": {"armour": 3}, "nation": "germany"},
            {"units": {"infantry": 1}, "nation": "ussr"},
            special_turn="declaration-of-war-on-ussr",
            roll_twice="two-dice",
        )
        assert (result.attacker_profile["armour"].rolls_per_die, result.attacker_profile["armour"].dice) == (1, 2)

    @pytest.mark.parametrize(
        ("attacker", "defender", "turn", "message"),
        [
            (
                "germany",
                "ussr",
                "first-winter",
                "special_turn: in the winter turn of the year the Soviet Union was attacked, Germany and its allies "
                "cannot attack within its borders (got 'first-winter')",
            ),
            (
                "bulgaria",
                "ussr",
                "none",
                "attacker.nation: Bulgaria cannot take part in an attack against Soviet troops (got 'bulgaria')",
            ),
            (
                "vichy-france",
                "england",
                "none",
                "attacker.nation: Vichy France's units cannot take part in an attack against the Allies "
                "(got 'vichy-france')",
            ),
        ],
    )
    def test_forbidden_attacks(self, attacker: str, defender: str, turn: str, message: str) -> None:
        """Attacks the special rules forbid are refused, saying the rule in words."""
        with pytest.raises(InvalidScenario) as raised:
            battle(
                {"units": {"armour": 1}, "values": {"armour": 3}, "nation": attacker},
                {"units": {"infantry": 1}, "nation": defender},
                special_turn=turn,
            )
        assert message in str(raised.value).splitlines()

    def test_bulgarians_defending_against_soviets_are_lost(self) -> None:
        """Bulgarian units that must defend against Soviet troops are lost at once."""
        result = battle(
            {"units": {"armour": 1}, "values": {"armour": 1}, "nation": "ussr"},
            {"units": {"infantry": 3}, "nation": "bulgaria"},
        )
        assert result.attacker_wins == 1.0


def test_every_problem_is_reported_at_once() -> None:
    """A strategic-game battle names every mistake at once: a missing value, an unknown unit and country, a modifier."""
    paths = problem_paths(
        "battle",
        {
            "game": "strategic-europe",
            "attacker": {"units": {"armour": 1, "tank": 1}, "nation": "atlantis"},
            "defender": {"units": {"infantry": 1}},
            "defence_modifier": 9,
        },
    )
    assert paths == ["attacker.values.armour", "attacker.units.tank", "attacker.nation", "defence_modifier"]
