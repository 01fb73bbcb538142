"""Tests of Operation WW2 driving and unsticking tests and collisions (``adjudicator/operation_ww2/vehicles.py``)."""

from __future__ import annotations

from fractions import Fraction
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st
from pydantic import TypeAdapter

from adjudicator.operation_ww2.vehicles import (
    CollisionCategory,
    CollisionScenario,
    DrivingOutcome,
    DrivingTestScenario,
    PartyKind,
    evaluate_collision,
    evaluate_driving_test,
)
from adjudicator.operation_ww2.vocabulary import DamageTable
from adjudicator.plain import InvalidScenario, from_plain


def drive(**fields: Any) -> Any:
    return evaluate_driving_test(from_plain(DrivingTestScenario, fields))


def collide(moving: dict[str, Any] | str, struck: dict[str, Any] | str, **fields: Any) -> Any:
    def party(value: dict[str, Any] | str) -> dict[str, Any]:
        return {"kind": value} if isinstance(value, str) else value

    return evaluate_collision(
        from_plain(CollisionScenario, {"moving": party(moving), "struck": party(struck), **fields})
    )


class TestDrivingTest:
    @pytest.mark.parametrize(
        ("traits", "failing", "p_pass", "rule"),
        [
            ({}, (1, 2), "4/5", None),
            ({"wide_tracks": True}, (1,), "9/10", "oww2.traits.wide-tracks"),
            ({"easily_bogged": True}, (1, 2, 3), "7/10", "oww2.traits.easily-bogged"),
        ],
    )
    def test_stuck_faces_by_trait(
        self, traits: dict[str, bool], failing: tuple[int, ...], p_pass: str, rule: str | None
    ) -> None:
        """3+ passes; wide tracks stick only on 1, easily bogged on 1-3."""
        result = drive(stage="obstacle", distance_on_obstacle_cm=5, **traits)
        assert (result.failing_faces, result.p_pass.fraction) == (failing, p_pass)
        if rule:
            assert rule in result.trace.rules()

    @pytest.mark.parametrize(
        ("traits", "roll", "outcome"),
        [
            ({}, 2, "stuck"),
            ({}, 3, "passed"),
            ({"wide_tracks": True}, 2, "passed"),
            ({"easily_bogged": True}, 3, "stuck"),
        ],
    )
    def test_roll(self, traits: dict[str, bool], roll: int, outcome: str) -> None:
        """A given roll passes or leaves the vehicle stuck for the turn."""
        assert drive(stage="obstacle", distance_on_obstacle_cm=8, roll=roll, **traits).outcome is DrivingOutcome(
            outcome
        )

    def test_no_test_before_5_cm(self) -> None:
        """The test comes only after at least 5 cm on the obstacle."""
        result = drive(stage="obstacle", distance_on_obstacle_cm=4.9)
        assert result.test_required is False
        assert result.p_pass.fraction == "1"


class TestUnsticking:
    @given(training=st.integers(1, 10))
    def test_odds(self, training: int) -> None:
        """A stuck vehicle gets free on at least its training: P = (11 − training)/10."""
        result = drive(stage="unstick", training=training)
        assert Fraction(result.p_pass.fraction) == Fraction(11 - training, 10)
        assert Fraction(result.p_pass.fraction) + Fraction(result.p_fail.fraction) == 1
        assert result.advance_cm_if_freed == tuple(range(1, 11))

    @pytest.mark.parametrize(("roll", "outcome"), [(5, "freed"), (10, "freed"), (4, "immobilised")])
    def test_roll(self, roll: int, outcome: str) -> None:
        """At least the training frees the vehicle; less immobilises it for good."""
        result = drive(stage="unstick", training=5, roll=roll, order="assault")
        assert result.outcome is DrivingOutcome(outcome)

    def test_freed_vehicle_advances(self) -> None:
        """A freed vehicle moves the 1d10 cm rolled straight ahead."""
        assert drive(stage="unstick", training=5, roll=7, advance_roll=6).advance_cm == 6

    def test_only_move_or_assault(self) -> None:
        """A stuck vehicle given another order does not roll to get free."""
        result = drive(stage="unstick", training=5, order="other")
        assert result.test_required is False

    def test_traits_do_not_change_unsticking(self) -> None:
        """Wide tracks change the driving test only, not the roll to get free."""
        assert drive(stage="unstick", training=6, wide_tracks=True).p_pass.fraction == "1/2"


class TestDrivingErrors:
    @pytest.mark.parametrize(
        ("plain", "message"),
        [
            (
                {"stage": "obstacle"},
                "distance_on_obstacle_cm: is needed for the obstacle stage (the test comes after 5 cm)",
            ),
            ({"stage": "unstick"}, "training: is needed for the unstick stage (the roll must reach it)"),
            ({"stage": "unstick", "training": 0}, "training: must be a d10 training value from 1 to 10 (got 0)"),
            (
                {"stage": "obstacle", "distance_on_obstacle_cm": 6, "roll": 11},
                "roll: must be a d10 roll from 1 to 10 (got 11)",
            ),
            (
                {"stage": "obstacle", "distance_on_obstacle_cm": 6, "wide_tracks": True, "easily_bogged": True},
                "easily_bogged: cannot be combined with wide tracks: the source does not say how the two traits "
                "combine (got True)",
            ),
            ({"stage": "drive"}, "stage: must be one of 'obstacle', 'unstick' (got 'drive')"),
        ],
    )
    def test_bad_scenarios_are_named(self, plain: dict[str, Any], message: str) -> None:
        """Missing inputs, dice out of range and undecidable trait combinations are errors naming the field."""
        with pytest.raises(InvalidScenario) as caught:
            from_plain(DrivingTestScenario, plain)
        assert str(caught.value) == message

    def test_advance_roll_without_getting_free(self) -> None:
        """An advance roll for a vehicle that did not get free is rejected."""
        with pytest.raises(ValueError, match="advance_roll: is rolled only by a vehicle that got free"):
            drive(stage="unstick", training=5, roll=2, advance_roll=4)

    def test_every_problem_at_once(self) -> None:
        """Traits, the obstacle's distance, an advance roll out of its stage, training and roll: all reported."""
        plain = {
            "stage": "obstacle",
            "wide_tracks": True,
            "easily_bogged": True,
            "distance_on_obstacle_cm": -2,
            "advance_roll": 3,
            "training": 11,
            "roll": 0,
        }
        with pytest.raises(InvalidScenario) as caught:
            from_plain(DrivingTestScenario, plain)
        assert [error.path for error in caught.value.errors] == [
            "easily_bogged",
            "distance_on_obstacle_cm",
            "advance_roll",
            "training",
            "roll",
        ]


class TestCollisions:
    def test_heavy_tank_against_light_tank(self) -> None:
        """The source's example: the light tank rolls on the heavy-weapons table, the heavy tank on small arms;
        the heavy pushes the light.
        """
        result = collide("heavy-tank", "light-tank")
        assert result.moving.damage_table is DamageTable.SMALL_ARMS
        assert result.struck.damage_table is DamageTable.HEAVY_WEAPONS
        assert (result.struck.pushed, result.moving.pushed, result.moving.stops_at_contact) == (True, None, None)

    def test_direction_does_not_matter(self) -> None:
        """The smaller vehicle rolls on the heavy-weapons table whichever one was moving."""
        result = collide("light-tank", "heavy-tank")
        assert (result.moving.damage_table, result.struck.damage_table) == (
            DamageTable.HEAVY_WEAPONS,
            DamageTable.SMALL_ARMS,
        )
        assert result.moving.pushed is True

    @pytest.mark.parametrize(
        ("moving", "struck"), [("medium-tank", "medium-tank"), ("armoured-car", "light-tank"), ("truck", "car")]
    )
    def test_same_category(self, moving: str, struck: str) -> None:
        """The same category: both roll on the heavy-weapons table and stop at the point of contact."""
        result = collide(moving, struck)
        for effect in (result.moving, result.struck):
            assert (effect.damage_table, effect.stops_at_contact, effect.pushed) == (
                DamageTable.HEAVY_WEAPONS,
                True,
                None,
            )

    @pytest.mark.parametrize("tank", ["heavy-tank", "medium-tank"])
    def test_tanks_crush_cars(self, tank: str) -> None:
        """Medium and heavy tanks crush a car unharmed; the car is a catastrophe and becomes rough ground."""
        result = collide(tank, "car")
        assert (result.moving.undamaged, result.moving.damage_table) == (True, None)
        assert (result.struck.catastrophe, result.struck.becomes_rough_ground, result.struck.damage_table) == (
            True,
            True,
            None,
        )

    def test_light_tank_does_not_crush_a_car(self) -> None:
        """A light tank against a car is an ordinary collision of different categories."""
        result = collide("light-tank", "car")
        assert (result.moving.damage_table, result.struck.damage_table) == (
            DamageTable.SMALL_ARMS,
            DamageTable.HEAVY_WEAPONS,
        )
        assert result.struck.catastrophe is False

    def test_armour_modifies_collision_damage(self) -> None:
        """Each damage roll of a collision carries the vehicle's armour modifier and the roll's row."""
        result = collide(
            {"kind": "heavy-tank", "armour": "heavy"}, {"kind": "light-tank", "armour": "light", "damage_roll": 6}
        )
        assert (result.moving.damage_modifier, result.struck.damage_modifier) == (-2, 1)
        assert result.struck.damage_outcome.row == "7"

    @pytest.mark.parametrize(
        ("building", "category", "table", "stops"),
        [
            ("small-building", CollisionCategory.LIGHT, DamageTable.SMALL_ARMS, None),
            ("wall", CollisionCategory.MEDIUM, DamageTable.HEAVY_WEAPONS, True),
            ("large-building", CollisionCategory.HEAVY, DamageTable.HEAVY_WEAPONS, None),
            ("huge-building", CollisionCategory.HEAVY, DamageTable.HEAVY_WEAPONS, None),
        ],
    )
    def test_terrain_features(
        self, building: str, category: CollisionCategory, table: DamageTable, stops: bool | None
    ) -> None:
        """Terrain features count in the category the source puts them in; only the vehicle rolls."""
        result = collide("medium-tank", building)
        assert result.struck.category is category
        assert result.struck.damage_table is None
        assert (result.moving.damage_table, result.moving.stops_at_contact) == (table, stops)

    def test_motorcycle_struck_takes_an_evasion_test(self) -> None:
        """A motorcycle that is run into takes an evasion test."""
        result = collide("truck", "motorcycle")
        assert result.struck.evasion_test is True
        assert result.struck.category is None

    @pytest.mark.parametrize(
        ("fields", "rule"), [({"deliberate": True}, "oww2.collisions"), ({}, "oww2.collisions.motorcycles")]
    )
    def test_not_permitted(self, fields: dict[str, Any], rule: str) -> None:
        """Deliberate collisions, and a motorcycle running into anything, are not allowed."""
        moving = "medium-tank" if fields else "motorcycle"
        result = collide(moving, "truck", **fields)
        assert result.permitted is False
        assert result.trace.rules() == (rule,)

    @given(
        moving=st.sampled_from([k for k in PartyKind if k.vehicle_type and k is not PartyKind.MOTORCYCLE]),
        struck=st.sampled_from([k for k in PartyKind if k is not PartyKind.MOTORCYCLE]),
    )
    def test_smaller_rolls_heavy_weapons(self, moving: PartyKind, struck: PartyKind) -> None:
        """In every collision between categories,
        a vehicle rolls on the heavy-weapons table iff it is not the larger.
        """
        result = collide(moving.value, struck.value)
        for effect, other in ((result.moving, result.struck), (result.struck, result.moving)):
            if effect.kind.vehicle_type is None or effect.undamaged or effect.catastrophe:
                continue
            assert effect.category is not None and other.category is not None
            larger = effect.category.rank > other.category.rank
            assert (effect.damage_table is DamageTable.SMALL_ARMS) is larger

    @pytest.mark.parametrize(
        ("plain", "message"),
        [
            (
                {"moving": {"kind": "wall"}, "struck": {"kind": "truck"}},
                "moving.kind: must be a vehicle: a terrain feature does not move (got 'wall')",
            ),
            (
                {"moving": {"kind": "truck"}, "struck": {"kind": "wall", "armour": "heavy"}},
                "struck.kind: is a terrain feature, which has no armour and rolls no damage (got 'wall')",
            ),
            (
                {"moving": {"kind": "truck", "damage_roll": 0}, "struck": {"kind": "car"}},
                "moving.damage_roll: must be a d10 roll from 1 to 10 (got 0)",
            ),
        ],
    )
    def test_bad_scenarios_are_named(self, plain: dict[str, Any], message: str) -> None:
        """Terrain that moves, armoured terrain and dice out of range are errors naming the field."""
        with pytest.raises(InvalidScenario) as caught:
            from_plain(CollisionScenario, plain)
        assert str(caught.value) == message

    def test_every_problem_at_once(self) -> None:
        """Both parties' problems, and a party's roll beside its kind, are reported together."""
        plain = {"moving": {"kind": "truck", "damage_roll": 0}, "struck": {"kind": "wall", "armour": "heavy"}}
        with pytest.raises(InvalidScenario) as caught:
            from_plain(CollisionScenario, plain)
        assert [str(error) for error in caught.value.errors] == [
            "moving.damage_roll: must be a d10 roll from 1 to 10 (got 0)",
            "struck.kind: is a terrain feature, which has no armour and rolls no damage (got 'wall')",
        ]
        with pytest.raises(InvalidScenario) as caught:
            from_plain(CollisionScenario, {"moving": {"kind": "wall", "damage_roll": 0}, "struck": {"kind": "car"}})
        assert [error.path for error in caught.value.errors] == ["moving.damage_roll", "moving.kind"]

    def test_schemas_build(self) -> None:
        """The collision and driving scenarios have JSON Schemas."""
        assert TypeAdapter(CollisionScenario).json_schema()["required"] == ["moving", "struck"]
        assert TypeAdapter(DrivingTestScenario).json_schema()["required"] == ["stage"]
