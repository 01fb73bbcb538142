"""Tests of the Operation WW2 to-hit calculator and the special guns (``adjudicator/operation_ww2/fire.py``)."""

from __future__ import annotations

from fractions import Fraction
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st
from pydantic import TypeAdapter

from adjudicator.operation_ww2.fire import (
    SPECIAL_GUN_TARGET_NUMBERS,
    FireMode,
    Firer,
    FiringPosition,
    Reroll,
    SpecialGun,
    SpecialGunScenario,
    Target,
    TargetClass,
    ToHitScenario,
    Weapon,
    evaluate_special_gun,
    evaluate_to_hit,
)
from adjudicator.plain import InvalidScenario, from_plain


def shot(**fields: Any) -> dict[str, Any]:
    """A plain to-hit scenario: a rifle at infantry 30 cm away, base 6, with ``fields`` merged in."""
    scenario: dict[str, Any] = {
        "firer": {},
        "target": {"target_class": "infantry"},
        "distance_cm": 30,
        "base_target_number": 6,
    }
    for key, value in fields.items():
        if isinstance(value, dict) and isinstance(scenario.get(key), dict):
            scenario[key] = {**scenario[key], **value}
        else:
            scenario[key] = value
    return scenario


def evaluate(plain: dict[str, Any]) -> Any:
    return evaluate_to_hit(from_plain(ToHitScenario, plain))


def applied(result: Any) -> dict[str, int]:
    return {line.name: line.value for line in result.modifiers if line.applied}


def removed(result: Any) -> dict[str, str]:
    return {line.name: line.rule for line in result.modifiers if not line.applied}


class TestToHitModifiers:
    @pytest.mark.parametrize(
        ("fields", "expected_applied", "expected_removed"),
        [
            ({"target": {"in_trench_or_sandbags": True}}, {"trench-or-sandbags": -2}, {}),
            (
                {"target": {"in_trench_or_sandbags": True}, "firer": {"weapon": "light-flamethrower"}},
                {},
                {"trench-or-sandbags": "oww2.to-hit-modifiers"},
            ),
            (
                {"target": {"in_trench_or_sandbags": True}, "firer": {"weapon": "heavy-flamethrower"}},
                {},
                {"trench-or-sandbags": "oww2.to-hit-modifiers"},
            ),
            (
                {"target": {"in_trench_or_sandbags": True}, "firer": {"beside_trench_or_sandbags": True}},
                {},
                {"trench-or-sandbags": "oww2.to-hit-modifiers"},
            ),
            ({"target": {"aboard_vehicle": True}}, {"passengers": -2}, {}),
            (
                {"target": {"aboard_vehicle": True}, "firer": {"weapon": "light-flamethrower"}},
                {},
                {"passengers": "oww2.to-hit-modifiers"},
            ),
            (
                {"target": {"aboard_vehicle": True}, "firer": {"beside_target_vehicle": True}},
                {},
                {"passengers": "oww2.to-hit-modifiers"},
            ),
            (
                {"target": {"aboard_vehicle": True}, "firer": {"fire": "indirect"}},
                {"passengers": -2, "indirect-fire-at-passengers": -3},
                {},
            ),
            (
                {"target": {"aboard_vehicle": True}, "firer": {"fire": "indirect", "beside_target_vehicle": True}},
                {},
                {"passengers": "oww2.to-hit-modifiers", "indirect-fire-at-passengers": "oww2.to-hit-modifiers"},
            ),
            (
                {
                    "target": {"aboard_vehicle": True, "open_topped": True},
                    "firer": {"height_above_ground_cm": 20},
                    "distance_cm": 20,
                },
                {},
                {"passengers": "oww2.firing-from-height"},
            ),
            (
                {
                    "target": {"aboard_vehicle": True, "open_topped": True},
                    "firer": {"height_above_ground_cm": 20},
                    "distance_cm": 21,
                },
                {"passengers": -2},
                {},
            ),
            (
                {
                    "target": {"aboard_vehicle": True, "open_topped": False},
                    "firer": {"height_above_ground_cm": 20},
                    "distance_cm": 5,
                },
                {"passengers": -2},
                {},
            ),
            (
                {"target": {"target_class": "light-tank"}, "firer": {"weapon": "shaped-charge"}, "distance_cm": 10},
                {"shaped-charge-or-anti-tank-rifle-within-10cm": 1},
                {},
            ),
            (
                {"target": {"target_class": "truck"}, "firer": {"weapon": "anti-tank-rifle"}, "distance_cm": 3},
                {"shaped-charge-or-anti-tank-rifle-within-10cm": 1},
                {},
            ),
            (
                {"target": {"target_class": "light-tank"}, "firer": {"weapon": "anti-tank-rifle"}, "distance_cm": 10.5},
                {},
                {"shaped-charge-or-anti-tank-rifle-within-10cm": "oww2.to-hit-modifiers"},
            ),
            ({"target": {"target_class": "infantry"}, "firer": {"weapon": "shaped-charge"}, "distance_cm": 5}, {}, {}),
            (
                {"target": {"landed_from_air_this_turn": True}, "firer": {"anti_aircraft": True}},
                {"anti-aircraft-against-air-landed-units": 2},
                {},
            ),
            ({"target": {"landed_from_air_this_turn": True}}, {}, {}),
            ({"covering_fire_modifier": -1, "firer": {"spots_target": False}}, {"covering-fire": -1}, {}),
            ({"covering_fire_modifier": -1}, {}, {"covering-fire": "oww2.covering-fire"}),
            ({"base_modifiers": {"long range": -1, "aimed": 1}}, {"base:long range": -1, "base:aimed": 1}, {}),
        ],
    )
    def test_each_modifier_and_its_exceptions(
        self, fields: dict[str, Any], expected_applied: dict[str, int], expected_removed: dict[str, str]
    ) -> None:
        """Each to-hit modifier applies when its condition holds and is removed by each exception, citing the rule."""
        result = evaluate(shot(**fields))
        assert applied(result) == expected_applied
        assert removed(result) == expected_removed
        assert result.total_modifier == sum(expected_applied.values())
        assert result.final_target_number == 6 - result.total_modifier

    def test_trace_cites_each_modifier(self) -> None:
        """Every modifier considered, applied or not, is a trace step citing its entry."""
        result = evaluate(
            shot(target={"in_trench_or_sandbags": True, "aboard_vehicle": True}, firer={"beside_target_vehicle": True})
        )
        texts = [(step.rule, step.text) for step in result.trace]
        assert ("oww2.to-hit-modifiers", "trench or sandbags -2: the target is in a trench or sandbag cover") in texts
        assert ("oww2.to-hit-modifiers", "no passengers -2: the firer stands beside the vehicle") in texts

    def test_a_shot_no_face_can_hit_is_said_to_be_impossible(self) -> None:
        """An impossible outcome is said plainly, not left as a chance of 0."""
        result = evaluate(shot(base_target_number=10, base_modifiers={"long range": -3}))
        assert result.hitting_faces == () and result.p_hit.fraction == "0"
        assert "no face of the d10 hits: this shot cannot hit" in [step.text for step in result.trace]
        possible = evaluate(shot(base_target_number=10))
        assert all("cannot hit" not in step.text for step in possible.trace)

    def test_a_base_rulebook_modifier_is_named_as_the_scenario_names_it(self) -> None:
        """The scenario's own name, marked as the base rulebook's, never the internal ``base:`` key."""
        result = evaluate(shot(base_modifiers={"long range": -1}))
        texts = [step.text for step in result.trace]
        assert "long range (base rulebook) -1: given by the scenario from the base rulebook" in texts
        assert not any("base:" in text for text in texts)

    @pytest.mark.parametrize(
        ("target", "fire", "penetration", "applied_flag"),
        [
            ({"target_class": "armoured-personnel-carrier", "open_topped": True}, "indirect", 1, True),
            ({"target_class": "armoured-personnel-carrier", "open_topped": True}, "direct", 0, False),
            ({"target_class": "truck", "open_topped": True}, "indirect", 0, False),
            ({"target_class": "light-tank", "open_topped": False}, "indirect", 0, None),
        ],
    )
    def test_penetration_bonus_for_indirect_fire_at_open_topped_armour(
        self, target: dict[str, Any], fire: str, penetration: int, applied_flag: bool | None
    ) -> None:
        """Indirect fire at an open-topped armoured vehicle gives +1 to penetration, not to the to-hit roll."""
        result = evaluate(shot(target=target, firer={"fire": fire}))
        assert result.penetration_modifier == penetration
        assert result.total_modifier == 0
        flags = [line.applied for line in result.penetration_modifiers]
        assert flags == ([] if applied_flag is None else [applied_flag])


class TestToHitOdds:
    @pytest.mark.parametrize(
        ("base", "modifiers", "needed", "chance"),
        [
            (6, {}, 6, "1/2"),
            (6, {"x": -2}, 8, "3/10"),
            (6, {"x": -5}, 11, "0"),
            (1, {}, 1, "1"),
            (3, {"x": 4}, -1, "1"),
        ],
    )
    def test_final_target_number_and_chance(
        self, base: int, modifiers: dict[str, int], needed: int, chance: str
    ) -> None:
        """The roll needed is base minus the total modifier; P(hit) counts the faces at least that high."""
        result = evaluate(shot(base_target_number=base, base_modifiers=modifiers))
        assert result.final_target_number == needed
        assert result.p_hit.fraction == chance

    def test_reroll_after_a_miss(self) -> None:
        """A permitted re-roll gives 1 − (1 − p)²; the second roll decides after a miss."""
        result = evaluate(shot(reroll="repeated-direct-fire", roll=2, reroll_roll=6))
        assert result.p_hit_one_roll.fraction == "1/2"
        assert result.p_hit.fraction == "3/4"
        assert result.hit is True
        assert "oww2.correcting-fire-coordinates.repeated-direct-fire" in result.trace.rules()

    def test_faces_that_always_hit_or_miss(self) -> None:
        """Natural-roll rules of the base rulebook, when given, override the target number."""
        result = evaluate(shot(base_modifiers={"x": -6}, always_hit_on=[10], always_miss_on=[1]))
        assert result.hitting_faces == (10,)
        result = evaluate(shot(base_modifiers={"x": 6}, always_miss_on=[1]))
        assert result.hitting_faces == tuple(range(2, 11))

    def test_mortar_cannot_fire_from_a_building(self) -> None:
        """A mortar in a building, woods or vehicle cannot fire: P(hit) is 0."""
        result = evaluate(shot(firer={"weapon": "mortar", "fire": "indirect", "firing_from": "building"}))
        assert result.can_fire is False
        assert result.p_hit.fraction == "0"
        assert "oww2.crew-served-weapons" in result.trace.rules()

    def test_field_artillery_target_gone(self) -> None:
        """Field artillery firing at coordinates the target has left has base 7, modifiers still apply."""
        plain = shot(field_artillery_target_gone=True, target={"in_trench_or_sandbags": True})
        del plain["base_target_number"]
        result = evaluate(plain)
        assert (result.base_target_number, result.final_target_number) == (7, 9)

    @given(
        base=st.integers(1, 10),
        modifiers=st.dictionaries(st.sampled_from(["a", "b", "c"]), st.integers(-6, 6)),
        reroll=st.booleans(),
    )
    def test_chance_counts_faces(self, base: int, modifiers: dict[str, int], reroll: bool) -> None:
        """P(hit) on one roll is the share of faces ≥ the final target number; a re-roll gives 1 − (1 − p)²."""
        plain = shot(base_target_number=base, base_modifiers=modifiers)
        if reroll:
            plain["reroll"] = "repeated-direct-fire"
        result = evaluate(plain)
        needed = base - sum(modifiers.values())
        p_one = Fraction(sum(1 for face in range(1, 11) if face >= needed), 10)
        assert Fraction(result.p_hit_one_roll.fraction) == p_one
        assert Fraction(result.p_hit.fraction) == (1 - (1 - p_one) ** 2 if reroll else p_one)

    @given(base=st.integers(1, 10), lower=st.integers(-5, 5), raise_by=st.integers(0, 5))
    def test_a_better_modifier_never_lowers_the_chance(self, base: int, lower: int, raise_by: int) -> None:
        """P(hit) is monotone in the total modifier."""
        worse = evaluate(shot(base_target_number=base, base_modifiers={"m": lower}))
        better = evaluate(shot(base_target_number=base, base_modifiers={"m": lower + raise_by}))
        assert better.p_hit.probability >= worse.p_hit.probability


class TestSpecialGuns:
    @pytest.mark.parametrize(
        ("gun", "numbers"),
        [
            (
                "russian-122mm-ap",
                {
                    "heavy-tank": 6,
                    "medium-tank": 5,
                    "light-tank": 4,
                    "armoured-car": 4,
                    "armoured-personnel-carrier": 4,
                    "truck": 4,
                    "car": 4,
                    "motorcycle": 7,
                    "artillery": 7,
                    "infantry": 7,
                },
            ),
            (
                "german-75mm-heat",
                {
                    "medium-tank": 10,
                    "light-tank": 9,
                    "armoured-car": 8,
                    "armoured-personnel-carrier": 7,
                    "truck": 6,
                    "car": 6,
                    "motorcycle": 7,
                    "artillery": 7,
                    "infantry": 7,
                },
            ),
            (
                "german-heavy-heat",
                {
                    "heavy-tank": 9,
                    "medium-tank": 8,
                    "light-tank": 7,
                    "armoured-car": 6,
                    "armoured-personnel-carrier": 5,
                    "truck": 4,
                    "car": 4,
                    "motorcycle": 6,
                    "artillery": 6,
                    "infantry": 6,
                },
            ),
        ],
    )
    def test_target_numbers_by_class(self, gun: str, numbers: dict[str, int]) -> None:
        """Each special gun's target numbers are those of oww2.special-guns, class by class."""
        result = evaluate_special_gun(SpecialGunScenario(SpecialGun(gun)))
        assert {target.value: number for target, number in result.target_numbers.items()} == numbers
        for target, number in result.target_numbers.items():
            assert Fraction(result.p_hit[target].fraction) == Fraction(11 - number, 10)

    def test_special_gun_sets_the_base_target_number(self) -> None:
        """A special gun's table replaces the base target number; HEAT within 10 cm still gets +1."""
        plain = shot(firer={"special_gun": "german-heavy-heat"}, target={"target_class": "medium-tank"}, distance_cm=8)
        del plain["base_target_number"]
        result = evaluate(plain)
        assert (result.base_target_number, result.total_modifier, result.final_target_number) == (8, 1, 7)

    def test_75mm_at_a_heavy_tank_uses_the_given_number(self) -> None:
        """The 75 mm gun has no number for heavy tanks: the scenario's base number is used, and the trace says so."""
        result = evaluate(
            shot(firer={"special_gun": "german-75mm-heat"}, target={"target_class": "heavy-tank"}, distance_cm=40)
        )
        assert result.base_target_number == 6
        assert "no target number for heavy-tank" in result.trace.steps[0].text

    def test_every_gun_lists_infantry(self) -> None:
        """Every special gun has a number for infantry, artillery and motorcycles."""
        for table in SPECIAL_GUN_TARGET_NUMBERS.values():
            assert {TargetClass.INFANTRY, TargetClass.ARTILLERY, TargetClass.MOTORCYCLE} <= set(table)


class TestToHitErrors:
    @pytest.mark.parametrize(
        ("plain", "message"),
        [
            (shot(roll=11), "roll: must be a d10 roll from 1 to 10 (got 11)"),
            (shot(roll=0), "roll: must be a d10 roll from 1 to 10 (got 0)"),
            (shot(base_target_number=0), "base_target_number: must be a d10 target number from 1 to 10 (got 0)"),
            (
                {**shot(), "base_target_number": None},
                "base_target_number: is needed: the to-hit number of this weapon at this range (the d10 roll that "
                "hits before modifiers). It is in the Operation WW2 base rulebook's weapon tables, which are not "
                "among the sources (the 2.0 changes give it only for special guns and field artillery whose target "
                "has gone); give it from 1 to 10",
            ),
            (shot(distance_cm=-1), "distance_cm: must be 0 or more (got -1.0)"),
            (
                shot(target={"target_class": "light-tank", "aboard_vehicle": True}),
                "target.aboard_vehicle: describes infantry passengers, so the target class must be 'infantry' (got "
                "'light-tank')",
            ),
            (
                shot(target={"open_topped": True}),
                "target.open_topped: describes a vehicle: the target must be a vehicle or aboard one (got 'infantry')",
            ),
            (
                shot(target={"target_class": "tank"}),
                "target.target_class: must be one of 'heavy-tank', 'medium-tank', 'light-tank', 'armoured-car', "
                "'armoured-personnel-carrier', 'truck', 'car', 'motorcycle', 'artillery', 'infantry' (got 'tank')",
            ),
            (
                shot(firer={"special_gun": "russian-122mm-ap"}),
                "base_target_number: must be left out: the special gun's table gives the base target number (got 6)",
            ),
            (
                shot(firer={"special_gun": "russian-122mm-ap", "weapon": "shaped-charge"}),
                "firer.weapon: must be 'other' with a special gun (the gun and its ammunition set the weapon) (got "
                "'shaped-charge')",
            ),
            (
                shot(reroll="corrected-indirect-fire"),
                "reroll: 'corrected indirect fire' needs the firer's fire to be 'indirect' (got "
                "'corrected-indirect-fire')",
            ),
            (shot(reroll_roll=4, roll=3), "reroll_roll: needs a reroll reason and a first roll (got 4)"),
            (shot(covering_fire_modifier=2), "covering_fire_modifier: must be 0 or less (a penalty) (got 2)"),
            (
                shot(always_hit_on=[10], always_miss_on=[10]),
                "always_miss_on: must not share faces with the faces that always hit (got [10])",
            ),
            (shot(firer={"height_above_ground_cm": -3}), "firer.height_above_ground_cm: must be 0 or more (got -3.0)"),
        ],
    )
    def test_bad_scenarios_are_named(self, plain: dict[str, Any], message: str) -> None:
        """Out-of-range dice, missing base values and contradictory fields are reported with field and value."""
        with pytest.raises(InvalidScenario) as caught:
            from_plain(ToHitScenario, plain)
        assert str(caught.value) == message

    def test_every_problem_at_once(self) -> None:
        """Problems of the firer, the target and the shot's own fields are reported together, not the first alone."""
        plain = shot(
            firer={"height_above_ground_cm": -3, "special_gun": "russian-122mm-ap", "weapon": "mortar"},
            target={"target_class": "light-tank", "aboard_vehicle": True},
            distance_cm=-1,
            base_target_number=None,
            covering_fire_modifier=1,
            always_hit_on=[0],
            always_miss_on=[11],
            roll=11,
        )
        with pytest.raises(InvalidScenario) as caught:
            from_plain(ToHitScenario, plain)
        assert [error.path for error in caught.value.errors] == [
            "firer.height_above_ground_cm",
            "firer.weapon",
            "target.aboard_vehicle",
            "distance_cm",
            "covering_fire_modifier",
            "always_hit_on.0",
            "always_miss_on.0",
            "roll",
        ]

    def test_a_firer_that_failed_does_not_hide_the_shots_problems(self) -> None:
        """A misspelt weapon is reported with the distance and the roll; the checks that need the firer are skipped."""
        with pytest.raises(InvalidScenario) as caught:
            from_plain(ToHitScenario, shot(firer={"weapon": "laser"}, distance_cm=-1, roll=11))
        assert [error.path for error in caught.value.errors] == ["firer.weapon", "distance_cm", "roll"]

    def test_special_gun_problems_at_once(self) -> None:
        """An unknown gun and a misspelt field are reported together."""
        with pytest.raises(InvalidScenario) as caught:
            from_plain(SpecialGunScenario, {"gun": "big-gun", "target": "infantry"})
        assert [error.path for error in caught.value.errors] == ["target", "gun"]

    def test_75mm_at_a_heavy_tank_needs_a_number(self) -> None:
        """Without a base number, the 75 mm gun at a heavy tank is an error that names the gap in the source."""
        plain = shot(firer={"special_gun": "german-75mm-heat"}, target={"target_class": "heavy-tank"})
        del plain["base_target_number"]
        with pytest.raises(InvalidScenario, match="gives this gun no target number against heavy-tank"):
            from_plain(ToHitScenario, plain)

    def test_reroll_roll_after_a_hit(self) -> None:
        """A second roll after a hit is rejected."""
        scenario = ToHitScenario(
            Firer(),
            Target(TargetClass.INFANTRY),
            30,
            base_target_number=6,
            reroll=Reroll.REPEATED_DIRECT_FIRE,
            roll=9,
            reroll_roll=2,
        )
        with pytest.raises(ValueError, match="reroll_roll: is only rolled after a miss, but the first roll hit"):
            evaluate_to_hit(scenario)


class TestSchema:
    def test_scenario_schema_builds(self) -> None:
        """The to-hit scenario has a JSON Schema (what `rulebook schema scenario.oww2-to-hit` prints)."""
        schema = TypeAdapter(ToHitScenario).json_schema()
        assert {"firer", "target", "distance_cm"} <= set(schema["required"])
        assert TypeAdapter(SpecialGunScenario).json_schema()["required"] == ["gun"]

    def test_dataclasses_round_trip(self) -> None:
        """Python construction and plain data give the same scenario."""
        built = ToHitScenario(
            Firer(Weapon.MORTAR, fire=FireMode.INDIRECT, firing_from=FiringPosition.OPEN),
            Target(TargetClass.INFANTRY),
            50,
            base_target_number=5,
        )
        plain = {
            "firer": {"weapon": "mortar", "fire": "indirect"},
            "target": {"target_class": "infantry"},
            "distance_cm": 50,
            "base_target_number": 5,
        }
        assert from_plain(ToHitScenario, plain) == built
