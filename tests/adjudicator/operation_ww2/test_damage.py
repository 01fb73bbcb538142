"""Tests of Operation WW2 vehicle damage and crew hazards (``adjudicator/operation_ww2/damage.py``)."""

from __future__ import annotations

from fractions import Fraction
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st
from pydantic import TypeAdapter

from adjudicator.operation_ww2.damage import (
    ARMOUR_DAMAGE_MODIFIERS,
    CrewHazards,
    DamageEffect,
    VehicleDamageScenario,
    armour_modifier,
    crew_damage,
    evaluate_vehicle_damage,
)
from adjudicator.operation_ww2.vocabulary import ArmourClass, DamageTable, VehicleType
from adjudicator.plain import InvalidScenario, from_plain

E = DamageEffect


def damage(**fields: Any) -> Any:
    return evaluate_vehicle_damage(from_plain(VehicleDamageScenario, fields))


class TestArmourModifiers:
    @pytest.mark.parametrize(
        ("armour", "value"),
        [
            ("extra-light", 2),
            ("light", 1),
            ("none", 0),
            ("medium", -1),
            ("heavy", -2),
            ("extra-heavy", -3),
            ("super-extra-heavy", -4),
        ],
    )
    def test_modifier_by_armour_class(self, armour: str, value: int) -> None:
        """The damage modifier of each armour class is the one oww2.damage-modifiers lists (none listed: 0)."""
        result = damage(vehicle="medium-tank", table="heavy-weapons", armour=armour)
        assert result.armour_modifier == value == armour_modifier(ArmourClass(armour))
        assert "oww2.damage-modifiers" in result.trace.rules()

    @pytest.mark.parametrize(
        ("armour", "height", "distance", "value"),
        [
            ("heavy", 20, 20, 0),
            ("super-extra-heavy", 20, 5, 0),
            ("medium", 20, 19, 0),
            ("heavy", 20, 21, -2),
            ("light", 20, 10, 1),
            ("extra-light", 20, 10, 2),
            ("heavy", 0, 0, -2),
        ],
    )
    def test_firing_from_height_ignores_medium_and_heavier_armour(
        self, armour: str, height: int, distance: int, value: int
    ) -> None:
        """A vehicle no farther than the firer's height loses its
        medium-or-heavier armour modifier; lighter ones stay.
        """
        result = damage(
            vehicle="heavy-tank",
            table="heavy-weapons",
            armour=armour,
            firer_height_above_ground_cm=height,
            distance_cm=distance,
        )
        assert result.armour_modifier == value
        assert ("oww2.firing-from-height" in result.trace.rules()) == (value == 0 and armour != "none")

    def test_flamethrower_tables_take_no_armour_modifier(self) -> None:
        """The flamethrower tables are rolled as printed, whatever the armour."""
        result = damage(vehicle="heavy-tank", table="light-flamethrower", armour="super-extra-heavy", roll=10)
        assert result.total_modifier == 0
        assert result.outcome.effects == (E.CATASTROPHE,)


class TestHeavyWeaponsTableChanges:
    @pytest.mark.parametrize(
        ("vehicle", "roll", "effects", "crew"),
        [
            ("heavy-tank", 7, (E.MAIN_WEAPON, E.IMMOBILISED, E.CREW, E.STEADY_NERVES_TEST, E.RADIO_DESTROYED), 3),
            (
                "light-tank",
                8,
                (E.MAIN_WEAPON, E.SECONDARY_WEAPON, E.IMMOBILISED, E.CREW, E.STEADY_NERVES_TEST, E.RADIO_DESTROYED),
                3,
            ),
            ("armoured-car", 7, (E.MAIN_WEAPON, E.IMMOBILISED, E.CREW, E.STEADY_NERVES_TEST, E.RADIO_DESTROYED), 3),
            (
                "armoured-personnel-carrier",
                7,
                (E.MAIN_WEAPON, E.IMMOBILISED, E.CREW, E.STEADY_NERVES_TEST, E.RADIO_DESTROYED),
                4,
            ),
            ("truck", 5, (E.IMMOBILISED, E.CREW, E.STEADY_NERVES_TEST, E.RADIO_DESTROYED), 5),
            ("truck", 6, (E.MAIN_WEAPON, E.CREW, E.STEADY_NERVES_TEST), 5),
            (
                "truck",
                8,
                (E.MAIN_WEAPON, E.SECONDARY_WEAPON, E.IMMOBILISED, E.CREW, E.STEADY_NERVES_TEST, E.RADIO_DESTROYED),
                5,
            ),
            (
                "car",
                8,
                (E.MAIN_WEAPON, E.SECONDARY_WEAPON, E.IMMOBILISED, E.CREW, E.STEADY_NERVES_TEST, E.RADIO_DESTROYED),
                4,
            ),
            ("motorcycle", 7, (E.MAIN_WEAPON, E.CREW), 2),
            ("motorcycle", 8, (E.MAIN_WEAPON, E.CREW, E.IMMOBILISED, E.RADIO_DESTROYED), 2),
        ],
    )
    def test_changed_rows(self, vehicle: str, roll: int, effects: tuple[DamageEffect, ...], crew: int) -> None:
        """The changed rows give the source's effects; Immobilised and Secondary weapon now also destroy the radio."""
        result = damage(vehicle=vehicle, table="heavy-weapons", roll=roll)
        assert result.outcome.stated
        assert result.outcome.effects == effects
        assert result.outcome.crew == crew

    @pytest.mark.parametrize(
        ("vehicle", "rows"), [("medium-tank", {7, 8}), ("truck", {5, 6, 7, 8}), ("motorcycle", {7, 8})]
    )
    def test_only_changed_rows_are_stated(self, vehicle: str, rows: set[int]) -> None:
        """Rows this source does not give are reported as the base rulebook's, never invented."""
        result = damage(vehicle=vehicle, table="heavy-weapons")
        assert {int(outcome.row) for outcome in result.distribution if outcome.stated} == rows
        unstated = [outcome for outcome in result.distribution if not outcome.stated]
        assert [set(outcome.modified_rolls) for outcome in unstated] == [set(range(1, 11)) - rows]
        assert Fraction(result.p_row_not_in_source.fraction) == Fraction(10 - len(rows), 10)
        assert "oww2.heavy-weapons-damage" in result.trace.rules()

    def test_armour_shifts_the_row(self) -> None:
        """Heavy armour's −2 turns a natural 9 into row 7."""
        result = damage(vehicle="heavy-tank", table="heavy-weapons", armour="heavy", roll=9)
        assert (result.modified_roll, result.outcome.row, result.outcome.modified_rolls) == (7, "7", (7,))

    def test_small_arms_table_is_the_base_rulebooks(self) -> None:
        """No small-arms row is stated by this source."""
        result = damage(vehicle="heavy-tank", table="small-arms", armour="heavy")
        assert result.p_row_not_in_source.fraction == "1"
        assert [(outcome.row, outcome.modified_rolls) for outcome in result.distribution] == [
            ("not-in-source", tuple(range(-1, 9)))
        ]


class TestFlamethrowers:
    @pytest.mark.parametrize(
        ("table", "distribution"),
        [
            ("light-flamethrower", [("1-4", "2/5"), ("5-7", "3/10"), ("8-9", "1/5"), ("10", "1/10")]),
            ("heavy-flamethrower", [("1-2", "1/5"), ("3-5", "3/10"), ("6-8", "3/10"), ("9-10", "1/5")]),
        ],
    )
    def test_distribution_over_rows(self, table: str, distribution: list[tuple[str, str]]) -> None:
        """The flamethrower tables' rows and their exact chances."""
        result = damage(vehicle="medium-tank", table=table)
        assert [(outcome.row, outcome.chance.fraction) for outcome in result.distribution] == distribution

    @pytest.mark.parametrize(
        ("table", "roll", "frightened", "killed", "catastrophe"),
        [
            ("light-flamethrower", 4, 0, 0, False),
            ("light-flamethrower", 5, 2, 0, False),
            ("light-flamethrower", 9, 1, 1, False),
            ("light-flamethrower", 10, 0, 0, True),
            ("heavy-flamethrower", 2, 0, 0, False),
            ("heavy-flamethrower", 3, 2, 0, False),
            ("heavy-flamethrower", 8, 2, 2, False),
            ("heavy-flamethrower", 9, 0, 0, True),
        ],
    )
    def test_rows(self, table: str, roll: int, frightened: int, killed: int, catastrophe: bool) -> None:
        """Each roll lands on the row the source prints."""
        outcome = damage(vehicle="light-tank", table=table, roll=roll).outcome
        assert (outcome.crew_frightened, outcome.crew_killed, E.CATASTROPHE in outcome.effects) == (
            frightened,
            killed,
            catastrophe,
        )

    def test_base_modifier_beyond_the_table(self) -> None:
        """A base modifier that pushes a flamethrower roll off the 1-10 table yields an unstated row."""
        result = damage(vehicle="light-tank", table="heavy-flamethrower", base_modifiers={"x": 1}, roll=10)
        assert (result.modified_roll, result.outcome.row, result.outcome.stated) == (11, "not-in-source", False)
        assert result.outcome.faces == (10,)
        # The reader is told in words, not with the row's identifier.
        assert "the roll of 10 +1 = 11 falls on a row of the base rulebook, which this source does not give" in [
            step.text for step in result.trace
        ]
        assert all("not-in-source" not in step.text for step in result.trace)


class TestCrewHazards:
    @pytest.mark.parametrize(
        ("hazards", "modifier"),
        [
            ({}, 0),
            ({"ronson": True}, 1),
            ({"petrol": True}, 1),
            ({"petrol": True, "ronson": True}, 1),
            ({"unprotected_ammunition": True}, 1),
            ({"ronson": True, "unprotected_ammunition": True}, 2),
            ({"external_fuel_tank": True, "external_fuel_tank_roll": 7}, 1),
            ({"external_fuel_tank": True, "external_fuel_tank_roll": 6}, 0),
            (
                {
                    "ronson": True,
                    "unprotected_ammunition": True,
                    "external_fuel_tank": True,
                    "external_fuel_tank_roll": 10,
                },
                3,
            ),
        ],
    )
    def test_crew_damage_modifier(self, hazards: dict[str, Any], modifier: int) -> None:
        """Each hazard adds +1 to the crew's damage; Petrol is Ronson and counts once with it; the tank only on 7-10."""
        assert crew_damage(from_plain(CrewHazards, hazards)).crew_damage_modifier == modifier

    def test_unrolled_fuel_tank_gives_a_distribution(self) -> None:
        """Before the pre-game roll the tank is present with chance 4/10."""
        result = crew_damage(CrewHazards(ronson=True, external_fuel_tank=True))
        assert result.crew_damage_modifier is None
        assert [(row.modifier, row.chance.fraction) for row in result.distribution] == [(1, "3/5"), (2, "2/5")]
        assert result.p_external_fuel_tank_present is not None
        assert result.p_external_fuel_tank_present.fraction == "2/5"

    def test_vehicle_damage_reports_crew_modifier(self) -> None:
        """A damage roll reports the crew damage modifier of the vehicle's traits."""
        result = damage(vehicle="medium-tank", table="heavy-weapons", crew_hazards={"petrol": True})
        assert result.crew_damage_modifier == 1
        assert "oww2.traits.petrol-ronson" in result.trace.rules()

    def test_every_problem_at_once(self) -> None:
        """A trait that is not true or false, and a fuel tank roll out of range without the trait: all reported."""
        with pytest.raises(InvalidScenario) as caught:
            from_plain(CrewHazards, {"petrol": "yes", "external_fuel_tank_roll": 0})
        assert [str(error) for error in caught.value.errors] == [
            "petrol: must be true or false (got 'yes')",
            "external_fuel_tank_roll: must be a d10 roll from 1 to 10 (got 0)",
            "external_fuel_tank_roll: is only rolled for a vehicle with the external fuel tank trait (got 0)",
        ]


class TestProperties:
    @given(
        vehicle=st.sampled_from(VehicleType),
        table=st.sampled_from(DamageTable),
        armour=st.sampled_from(ArmourClass),
        extra=st.integers(-3, 3),
    )
    def test_distribution_sums_to_one(
        self, vehicle: VehicleType, table: DamageTable, armour: ArmourClass, extra: int
    ) -> None:
        """The outcomes of a damage roll cover each natural face exactly once; chances sum to 1."""
        result = evaluate_vehicle_damage(VehicleDamageScenario(vehicle, table, armour, base_modifiers={"x": extra}))
        faces = sorted(face for outcome in result.distribution for face in outcome.faces)
        assert faces == list(range(1, 11))
        assert sum(Fraction(outcome.chance.fraction) for outcome in result.distribution) == 1

    def test_listed_modifiers_run_from_plus_two_to_minus_four(self) -> None:
        """The armour list spans +2 … −4 with no entry for vehicles without armour."""
        assert sorted(ARMOUR_DAMAGE_MODIFIERS.values()) == [-4, -3, -2, -1, 1, 2]
        assert ArmourClass.NONE not in ARMOUR_DAMAGE_MODIFIERS


class TestErrors:
    @pytest.mark.parametrize(
        ("plain", "message"),
        [
            (
                {"vehicle": "tank", "table": "heavy-weapons"},
                "vehicle: must be one of 'heavy-tank', 'medium-tank', 'light-tank', 'armoured-car', "
                "'armoured-personnel-carrier', 'truck', 'car', 'motorcycle' (got 'tank')",
            ),
            (
                {"vehicle": "car", "table": "heavy-weapons", "roll": 12},
                "roll: must be a d10 roll from 1 to 10 (got 12)",
            ),
            (
                {"vehicle": "car", "table": "heavy-weapons", "firer_height_above_ground_cm": 10},
                "distance_cm: is needed to compare with the firer's height above ground (firing from height)",
            ),
            (
                {"vehicle": "car", "table": "heavy-weapons", "crew_hazards": {"external_fuel_tank_roll": 8}},
                "crew_hazards.external_fuel_tank_roll: is only rolled for a vehicle with the external fuel tank trait "
                "(got 8)",
            ),
            (
                {
                    "vehicle": "car",
                    "table": "heavy-weapons",
                    "crew_hazards": {"external_fuel_tank": True, "external_fuel_tank_roll": 0},
                },
                "crew_hazards.external_fuel_tank_roll: must be a d10 roll from 1 to 10 (got 0)",
            ),
        ],
    )
    def test_bad_scenarios_are_named(self, plain: dict[str, Any], message: str) -> None:
        """Unknown vehicle types, dice out of range and missing inputs are reported with field and value."""
        with pytest.raises(InvalidScenario) as caught:
            from_plain(VehicleDamageScenario, plain)
        assert str(caught.value) == message

    def test_schemas_build(self) -> None:
        """Both scenarios have a JSON Schema."""
        assert TypeAdapter(VehicleDamageScenario).json_schema()["required"] == ["vehicle", "table"]
        assert "ronson" in TypeAdapter(CrewHazards).json_schema()["properties"]


class TestBaseRulebookRows:
    """Rows the 2.0 changes do not print are named as missing values and can be given."""

    def test_missing_rows_named_with_meaning_source_and_field(self) -> None:
        result = damage(vehicle="medium-tank", table="heavy-weapons", armour="medium")
        (missing,) = result.missing_values
        assert missing.field == "base_rows"
        assert missing.meaning.text == (
            "the rows of the heavy-weapons damage table for a medium-tank at modified rolls 0, 1, 2, 3, 4, 5, 6, 9"
        )
        assert missing.source.text == "the Operation WW2 base rulebook (the 2.0 changes print rows 7-8 only)"
        assert missing.summary_message().text in result.summary()

    def test_with_a_roll_only_its_row_is_missing(self) -> None:
        result = damage(vehicle="medium-tank", table="heavy-weapons", armour="medium", roll=3)
        (missing,) = result.missing_values
        assert missing.meaning.text == "the row of the heavy-weapons damage table for a medium-tank at modified roll 2"
        assert damage(vehicle="medium-tank", table="heavy-weapons", armour="medium", roll=8).missing_values == ()

    def test_given_rows_are_used_and_marked_as_given(self) -> None:
        rows = [{"rolls": [0, 1, 2, 3, 4, 5], "effects": "no effect"}, {"rolls": [6], "effects": "immobilised"}]
        result = damage(vehicle="medium-tank", table="heavy-weapons", armour="medium", base_rows=rows, roll=3)
        assert (result.outcome.row, result.outcome.base_row, result.outcome.stated) == ("0-5", "no effect", False)
        given = {outcome.row: Fraction(outcome.chance.fraction) for outcome in result.distribution if outcome.base_row}
        assert given == {"0-5": Fraction(3, 5), "6": Fraction(1, 10)}  # faces 1-6 → 0-5, face 7 → 6
        assert sum(Fraction(outcome.chance.fraction) for outcome in result.distribution) == 1
        assert result.missing_values == ()  # roll 3 is on a given row
        unrolled = damage(vehicle="medium-tank", table="heavy-weapons", armour="medium", base_rows=rows)
        (missing,) = unrolled.missing_values
        assert missing.meaning.text.endswith("at modified roll 9")

    def test_flamethrower_roll_beyond_the_table(self) -> None:
        result = damage(vehicle="car", table="light-flamethrower", base_modifiers={"x": 1})
        (missing,) = result.missing_values
        assert missing.meaning.text == "the row of the light flamethrower table at modified roll 11"
        given = damage(
            vehicle="car",
            table="light-flamethrower",
            base_modifiers={"x": 1},
            base_rows=[{"rolls": [11], "effects": "c"}],
        )
        assert given.missing_values == () and given.distribution[-1].base_row == "c"

    def test_rows_of_the_source_or_twice_are_refused_together(self) -> None:
        with pytest.raises(InvalidScenario) as caught:
            damage(
                vehicle="truck",
                table="heavy-weapons",
                base_rows=[
                    {"rolls": [5, 2], "effects": "a"},
                    {"rolls": [2], "effects": "b"},
                    {"rolls": [], "effects": ""},
                ],
            )
        assert [str(error) for error in caught.value.errors] == [
            "base_rows.0.rolls: row 5 is given by this source (the heavy-weapons damage table); leave it out (got 5)",
            "base_rows.1.rolls: modified roll 2 is already in an earlier base row: a roll falls on one row (got 2)",
            "base_rows.2.rolls: must list at least one modified roll",
            "base_rows.2.effects: must say what the row does, as the base rulebook does",
        ]

    def test_base_row_problems_come_with_the_other_fields_problems(self) -> None:
        """One pass: a bad roll does not hide the base rows' problems."""
        with pytest.raises(InvalidScenario) as caught:
            damage(vehicle="truck", table="heavy-weapons", roll=12, base_rows=[{"rolls": [6], "effects": "x"}])
        assert [error.path for error in caught.value.errors] == ["roll", "base_rows.0.rolls"]

    def test_distance_and_roll_problems_together(self) -> None:
        """A negative distance and a roll out of range are reported together."""
        with pytest.raises(InvalidScenario) as caught:
            damage(vehicle="car", table="heavy-weapons", roll=12, distance_cm=-1)
        assert [str(error) for error in caught.value.errors] == [
            "distance_cm: must be 0 or more (got -1.0)",
            "roll: must be a d10 roll from 1 to 10 (got 12)",
        ]

    @given(
        vehicle=st.sampled_from(VehicleType),
        table=st.sampled_from(DamageTable),
        extra=st.integers(-3, 3),
        split=st.integers(-3, 14),
        roll=st.one_of(st.none(), st.integers(1, 10)),
    )
    def test_every_face_once_and_missing_exactly_the_unknown_rows(
        self, vehicle: VehicleType, table: DamageTable, extra: int, split: int, roll: int | None
    ) -> None:
        """With some base rows given, faces are still covered once, and the missing rolls are exactly the rest."""
        from adjudicator.operation_ww2.damage import BaseRow, _printed_rolls

        printed = _printed_rolls(table, vehicle)
        low = tuple(r for r in range(-3, split) if r not in printed)
        rows = (BaseRow(low, "low"),) if low else ()
        scenario = VehicleDamageScenario(vehicle, table, base_modifiers={"x": extra}, base_rows=rows, roll=roll)
        result = evaluate_vehicle_damage(scenario)
        faces = sorted(face for outcome in result.distribution for face in outcome.faces)
        assert faces == list(range(1, 11))
        unknown = {r for o in result.distribution if o.row == "not-in-source" for r in o.modified_rolls}
        assert all(r >= split and r not in printed for r in unknown)
        if roll is None:
            assert bool(result.missing_values) == bool(unknown)
        else:
            assert bool(result.missing_values) == (roll + result.total_modifier in unknown)
