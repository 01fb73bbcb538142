"""Operation WW2 2.0 damage to vehicles: armour modifiers, damage tables, flamethrowers, crew hazards.

Game ``operation-ww2``; source ``004_6b2d581a6c2d481a.txt`` (Hungarian). Rules
implemented, by entry id:

* ``oww2.damage-modifiers`` — damage modifier by armour class: extra-light +2,
  light +1, medium −1, heavy −2, extra-heavy −3, super-extra-heavy −4 (none is
  listed for vehicles without an armour trait: 0);
* ``oww2.firing-from-height`` — a target vehicle no farther than the firer's
  height ignores its medium, heavy, extra-heavy and super-extra-heavy armour;
* ``oww2.heavy-weapons-damage.table-changes`` — the changed rows of the
  heavy-weapons damage table per vehicle type; ``oww2.heavy-weapons-damage`` —
  the Engine/Ammunition effect is gone; ``oww2.damage-effects.immobilised`` and
  ``…secondary-weapon`` — both now also destroy the radio;
  ``oww2.damage-effects.nerve-test`` — a failed test leaves the passengers
  frightened inside;
* ``oww2.light-flamethrower-damage`` and ``oww2.heavy-flamethrower-damage``;
* ``oww2.traits.petrol-ronson``, ``oww2.traits.ronson``,
  ``oww2.traits.unprotected-ammunition``, ``oww2.traits.external-fuel-tank`` —
  +1 each to the crew's damage (Petrol now counts as Ronson, and a vehicle with
  both gets it once); the external tank is present on a pre-game 7-10.

The rows of the damage tables that this source does not give (all of the
small-arms table, the unchanged heavy-weapons rows, a modified roll beyond a
printed flamethrower table) belong to the base rulebook: results report the
modified roll and mark such rows ``stated: false`` rather than inventing them.
A player who has the base rulebook gives those rows in ``base_rows`` (modified
rolls and the effects as printed there); the answer then shows them, marked as
given by the scenario, and lists every row still needed as a
:class:`~adjudicator.missing.MissingValue` (what the row is, that it comes from
the base rulebook, the field that takes it). The armour list stands among the collision rules of
the source; it is applied here to every heavy-weapons and small-arms damage roll
on a vehicle (the entry's note records the other reading), never to the
flamethrower tables, which the source gives without modifiers. What "+1 to the
crew's damage" adds to is left to the base rulebook: it is reported, not
applied. Cost: O(10).
"""

from __future__ import annotations

import enum
from dataclasses import dataclass, field, replace
from fractions import Fraction
from typing import Any

from adjudicator.checks import collect_problems, raise_problems
from adjudicator.errors import ScenarioError
from adjudicator.meaning import means
from adjudicator.messages import N_, Message, MessageList, N_plural, Summarized, message
from adjudicator.missing import MissingValue
from adjudicator.operation_ww2.vocabulary import (
    D10_FACES,
    GAME,
    ArmourClass,
    Chance,
    DamageTable,
    VehicleType,
    chance_of_faces,
    check_d10,
    faces_text,
)
from adjudicator.plain import CheckedWholeOrPartial, part
from adjudicator.registry import Calculator
from adjudicator.trace import Trace, TraceBuilder

__all__ = [
    "ARMOUR_DAMAGE_MODIFIERS",
    "CALCULATORS",
    "EFFECT_WORDS",
    "BaseRow",
    "FLAMETHROWER_TABLES",
    "HEAVY_WEAPONS_CHANGES",
    "CrewDamageChance",
    "CrewDamageResult",
    "CrewHazards",
    "DamageEffect",
    "DamageOutcome",
    "DamageRow",
    "VehicleDamageResult",
    "VehicleDamageScenario",
    "armour_modifier",
    "crew_damage",
    "evaluate_vehicle_damage",
]

ARMOUR_RULE = "oww2.damage-modifiers"
CHANGES_RULE = "oww2.heavy-weapons-damage.table-changes"

ARMOUR_DAMAGE_MODIFIERS: dict[ArmourClass, int] = {
    ArmourClass.EXTRA_LIGHT: 2,
    ArmourClass.LIGHT: 1,
    ArmourClass.MEDIUM: -1,
    ArmourClass.HEAVY: -2,
    ArmourClass.EXTRA_HEAVY: -3,
    ArmourClass.SUPER_EXTRA_HEAVY: -4,
}
"""``oww2.damage-modifiers``; :attr:`ArmourClass.NONE` has no entry (no modifier listed)."""

IGNORED_FROM_HEIGHT = frozenset(
    {ArmourClass.MEDIUM, ArmourClass.HEAVY, ArmourClass.EXTRA_HEAVY, ArmourClass.SUPER_EXTRA_HEAVY}
)
"""The armour traits ``oww2.firing-from-height`` tells the firer to ignore."""


class DamageEffect(enum.Enum):
    """The effects named in the damage tables of this source."""

    NO_EFFECT = "no-effect"
    MAIN_WEAPON = "main-weapon"
    SECONDARY_WEAPON = "secondary-weapon"
    IMMOBILISED = "immobilised"
    RADIO_DESTROYED = "radio-destroyed"
    CREW = "crew"
    """``N Kezelő``: N crew are affected (the count is in :attr:`DamageRow.crew`)."""
    CREW_FRIGHTENED = "crew-frightened"
    CREW_KILLED = "crew-killed"
    STEADY_NERVES_TEST = "steady-nerves-test"
    CATASTROPHE = "catastrophe"


_E = DamageEffect

EFFECT_WORDS = {
    DamageEffect.NO_EFFECT: N_("no-effect"),
    DamageEffect.MAIN_WEAPON: N_("main-weapon"),
    DamageEffect.SECONDARY_WEAPON: N_("secondary-weapon"),
    DamageEffect.IMMOBILISED: N_("immobilised"),
    DamageEffect.RADIO_DESTROYED: N_("radio-destroyed"),
    DamageEffect.CREW: N_("crew"),
    DamageEffect.CREW_FRIGHTENED: N_("crew-frightened"),
    DamageEffect.CREW_KILLED: N_("crew-killed"),
    DamageEffect.STEADY_NERVES_TEST: N_("steady-nerves-test"),
    DamageEffect.CATASTROPHE: N_("catastrophe"),
}
"""Each damage effect as a catalog word: the same English as its value, so that the value, shown in a trace, is
translated."""


@dataclass(frozen=True)
class DamageRow:
    """One row of a damage table as this source gives it."""

    effects: tuple[DamageEffect, ...]
    crew: int = 0
    crew_frightened: int = 0
    crew_killed: int = 0


def _heavy_rows(crew: int) -> dict[int, DamageRow]:
    return {
        7: DamageRow((_E.MAIN_WEAPON, _E.IMMOBILISED, _E.CREW, _E.STEADY_NERVES_TEST), crew=crew),
        8: DamageRow((_E.MAIN_WEAPON, _E.SECONDARY_WEAPON, _E.IMMOBILISED, _E.CREW, _E.STEADY_NERVES_TEST), crew=crew),
    }


HEAVY_WEAPONS_CHANGES: dict[VehicleType, dict[int, DamageRow]] = {
    VehicleType.HEAVY_TANK: _heavy_rows(3),
    VehicleType.MEDIUM_TANK: _heavy_rows(3),
    VehicleType.LIGHT_TANK: _heavy_rows(3),
    VehicleType.ARMOURED_CAR: _heavy_rows(3),
    VehicleType.ARMOURED_PERSONNEL_CARRIER: _heavy_rows(4),
    VehicleType.TRUCK: {
        5: DamageRow((_E.IMMOBILISED, _E.CREW, _E.STEADY_NERVES_TEST), crew=5),
        6: DamageRow((_E.MAIN_WEAPON, _E.CREW, _E.STEADY_NERVES_TEST), crew=5),
        **_heavy_rows(5),
    },
    VehicleType.CAR: _heavy_rows(4),
    VehicleType.MOTORCYCLE: {
        7: DamageRow((_E.MAIN_WEAPON, _E.CREW), crew=2),
        8: DamageRow((_E.MAIN_WEAPON, _E.CREW, _E.IMMOBILISED), crew=2),
    },
}
"""``oww2.heavy-weapons-damage.table-changes``: the changed rows (modified roll → row)."""

FLAMETHROWER_TABLES: dict[DamageTable, tuple[tuple[tuple[int, ...], DamageRow], ...]] = {
    DamageTable.LIGHT_FLAMETHROWER: (
        ((1, 2, 3, 4), DamageRow((_E.NO_EFFECT,))),
        ((5, 6, 7), DamageRow((_E.CREW_FRIGHTENED, _E.STEADY_NERVES_TEST), crew_frightened=2)),
        (
            (8, 9),
            DamageRow((_E.CREW_FRIGHTENED, _E.CREW_KILLED, _E.STEADY_NERVES_TEST), crew_frightened=1, crew_killed=1),
        ),
        ((10,), DamageRow((_E.CATASTROPHE,))),
    ),
    DamageTable.HEAVY_FLAMETHROWER: (
        ((1, 2), DamageRow((_E.NO_EFFECT,))),
        ((3, 4, 5), DamageRow((_E.CREW_FRIGHTENED, _E.STEADY_NERVES_TEST), crew_frightened=2)),
        (
            (6, 7, 8),
            DamageRow((_E.CREW_FRIGHTENED, _E.CREW_KILLED, _E.STEADY_NERVES_TEST), crew_frightened=2, crew_killed=2),
        ),
        ((9, 10), DamageRow((_E.CATASTROPHE,))),
    ),
}
"""``oww2.light-flamethrower-damage`` and ``oww2.heavy-flamethrower-damage``: (faces, row)."""

FLAMETHROWER_RULES = {
    DamageTable.LIGHT_FLAMETHROWER: "oww2.light-flamethrower-damage",
    DamageTable.HEAVY_FLAMETHROWER: "oww2.heavy-flamethrower-damage",
}

NOT_IN_SOURCE = "not-in-source"
"""The row name of the outcomes whose rows are the base rulebook's (or beyond a printed table)."""

TABLE_WORDS = {
    DamageTable.HEAVY_WEAPONS: N_("the heavy-weapons damage table"),
    DamageTable.SMALL_ARMS: N_("the small-arms damage table"),
    DamageTable.LIGHT_FLAMETHROWER: N_("the light flamethrower table"),
    DamageTable.HEAVY_FLAMETHROWER: N_("the heavy flamethrower table"),
}
"""Each damage table named in a sentence, as a catalog word."""

EXTERNAL_FUEL_TANK_PRESENT: tuple[int, ...] = (7, 8, 9, 10)
"""``oww2.traits.external-fuel-tank``: the pre-game roll that leaves the tank on the vehicle."""


# --- Crew hazards ----------------------------------------------------------------------------


@dataclass(frozen=True)
class CrewHazards:
    """The vehicle traits that add to the crew's damage."""

    petrol: bool = False
    """The Petrol (Benzin) trait, which 2.0 replaces by Ronson."""
    ronson: bool = False
    """The Ronson trait: +1 to the crew's damage (once, even with Petrol)."""
    unprotected_ammunition: bool = False
    """The unprotected ammunition trait: +1 to the crew's damage."""
    external_fuel_tank: bool = False
    """The vehicle may carry an external fuel tank (rolled for before the game)."""
    external_fuel_tank_roll: int | None = field(default=None, metadata=means(expert=True))
    """The pre-game d10 for the external fuel tank, if rolled."""

    def __post_init__(self) -> None:
        raise_problems(
            collect_problems(
                lambda: check_d10("external_fuel_tank_roll", self.external_fuel_tank_roll), self._check_tank_roll
            )
        )

    def _check_tank_roll(self) -> None:
        if self.external_fuel_tank_roll is not None and not self.external_fuel_tank:
            raise ScenarioError(
                "external_fuel_tank_roll",
                "is only rolled for a vehicle with the external fuel tank trait",
                self.external_fuel_tank_roll,
            )


@dataclass(frozen=True)
class CrewDamageChance:
    modifier: int
    chance: Chance


def _crew_distribution(rows: tuple[CrewDamageChance, ...]) -> Message:
    return message(
        "Crew damage modifier: {modifiers}",
        modifiers=MessageList(
            tuple(
                message("{modifier:+d} with {chance}", modifier=row.modifier, chance=row.chance.fraction)
                for row in rows
            )
        ),
    )


@dataclass(frozen=True)
class CrewDamageResult(Summarized):
    """The modifier to the crew's damage, exact when the fuel tank roll is known."""

    crew_damage_modifier: int | None
    """The modifier, or ``None`` while the external fuel tank roll is still open."""
    distribution: tuple[CrewDamageChance, ...]
    external_fuel_tank_present: bool | None
    p_external_fuel_tank_present: Chance | None
    trace: Trace

    def summary_messages(self) -> list[Message]:
        if self.crew_damage_modifier is not None:
            return [message("Crew damage modifier: {modifier:+d}", modifier=self.crew_damage_modifier)]
        return [_crew_distribution(self.distribution)]


def crew_damage(hazards: CrewHazards) -> CrewDamageResult:
    """The modifier to the crew's damage from Ronson/Petrol, unprotected ammunition and an external fuel tank.

    >>> crew_damage(CrewHazards(petrol=True, ronson=True, unprotected_ammunition=True)).crew_damage_modifier
    2
    >>> [(row.modifier, row.chance.fraction) for row in crew_damage(CrewHazards(external_fuel_tank=True)).distribution]
    [(0, '3/5'), (1, '2/5')]
    """
    trace = TraceBuilder()
    fixed = 0
    if hazards.petrol and hazards.ronson:
        trace.add(
            "oww2.traits.petrol-ronson",
            "Petrol is now Ronson; with both traits one negates the other: Ronson counts once",
        )
    elif hazards.petrol:
        trace.add("oww2.traits.petrol-ronson", "Petrol is now Ronson")
    if hazards.petrol or hazards.ronson:
        fixed += 1
        trace.add("oww2.traits.ronson", "Ronson: +1 to the crew's damage")
    if hazards.unprotected_ammunition:
        fixed += 1
        trace.add("oww2.traits.unprotected-ammunition", "unprotected ammunition: +1 to the crew's damage")
    present: bool | None = None
    p_present: Chance | None = None
    if not hazards.external_fuel_tank:
        distribution = {fixed: Fraction(1)}
    else:
        p_tank = chance_of_faces(EXTERNAL_FUEL_TANK_PRESENT)
        p_present = Chance.of(p_tank)
        if hazards.external_fuel_tank_roll is None:
            distribution = {fixed: 1 - p_tank, fixed + 1: p_tank}
            trace.add(
                "oww2.traits.external-fuel-tank",
                "external fuel tank: present on a pre-game 7-10 (chance {chance}), then +1 to the crew's damage",
                chance=p_present.fraction,
            )
        else:
            present = hazards.external_fuel_tank_roll in EXTERNAL_FUEL_TANK_PRESENT
            distribution = {fixed + 1: Fraction(1)} if present else {fixed: Fraction(1)}
            if present:
                trace.add(
                    "oww2.traits.external-fuel-tank",
                    "external fuel tank roll {roll}: present (7-10), +1 to the crew's damage",
                    roll=hazards.external_fuel_tank_roll,
                )
            else:
                trace.add(
                    "oww2.traits.external-fuel-tank",
                    "external fuel tank roll {roll}: removed before the battle (1-6)",
                    roll=hazards.external_fuel_tank_roll,
                )
    rows = tuple(CrewDamageChance(modifier, Chance.of(chance)) for modifier, chance in sorted(distribution.items()))
    modifier = rows[0].modifier if len(rows) == 1 else None
    return CrewDamageResult(modifier, rows, present, p_present, trace.build())


# --- Vehicle damage --------------------------------------------------------------------------


@dataclass(frozen=True)
class BaseRow:
    """A row of a damage table that this source does not give, copied from the base rulebook by the player."""

    rolls: tuple[int, ...]
    """The modified rolls (after all modifiers) the row covers, as the base rulebook prints them (1, 2, 3)."""
    effects: str
    """The row's effects as the base rulebook prints them (free text, shown as given)."""


@dataclass(frozen=True)
class VehicleDamageScenario(CheckedWholeOrPartial):
    """A damage roll against a vehicle on one of the damage tables."""

    vehicle: VehicleType
    """The damaged vehicle's type, which picks the heavy-weapons table rows that 2.0 changes."""
    table: DamageTable
    """The damage table rolled on: heavy weapons, small arms, light or heavy flamethrower."""
    armour: ArmourClass = ArmourClass.NONE
    """The vehicle's armour trait, which sets the damage modifier (not used on the flamethrower tables)."""
    firer_height_above_ground_cm: float = 0.0
    """The firer's height above ground in cm; against a vehicle no farther away, medium or heavier armour is ignored."""
    distance_cm: float | None = None
    """Distance from the firer, needed only to decide the firing-from-height rule."""
    base_modifiers: dict[str, int] = field(default_factory=dict, metadata=means(expert=True))
    """Further damage modifiers of the base rulebook, by name."""
    base_rows: tuple[BaseRow, ...] = field(default=(), metadata=means(expert=True))
    """Rows of the rolled table that this source does not give, from the base rulebook (by modified roll)."""
    crew_hazards: CrewHazards = field(default_factory=CrewHazards)
    """The vehicle's traits that add to the crew's damage (Petrol/Ronson, ammunition, fuel tank)."""
    roll: int | None = field(default=None, metadata=means(expert=True))
    """The d10 damage roll, if rolled; without it only the odds are given."""

    @staticmethod
    def scenario_problems(given: dict[str, Any]) -> list[ScenarioError]:
        """Checked whole when built and partly by :func:`adjudicator.plain.from_plain`: every problem at once."""
        found: list[ScenarioError] = []
        height, distance = given.get("firer_height_above_ground_cm"), given.get("distance_cm")
        if height is not None and height < 0:
            found.append(ScenarioError("firer_height_above_ground_cm", "must be 0 or more", height))
        if distance is not None and distance < 0:
            found.append(ScenarioError("distance_cm", "must be 0 or more", distance))
        if height is not None and height > 0 and distance is None:
            found.append(
                ScenarioError(
                    "distance_cm", "is needed to compare with the firer's height above ground (firing from height)"
                )
            )
        try:
            check_d10("roll", given.get("roll"))
        except ScenarioError as error:
            found.append(error)
        table, vehicle = given.get("table"), given.get("vehicle")
        printed = _printed_rolls(table, vehicle) if table is not None and vehicle is not None else frozenset()
        seen: set[int] = set()
        for index, row in enumerate(given.get("base_rows") or ()):
            rolls, effects = part(row, "rolls"), part(row, "effects")
            if rolls is not None and not rolls:
                found.append(ScenarioError(f"base_rows.{index}.rolls", "must list at least one modified roll"))
            if effects is not None and not effects.strip():
                found.append(
                    ScenarioError(f"base_rows.{index}.effects", "must say what the row does, as the base rulebook does")
                )
            for roll in rolls or ():
                if roll in printed:
                    found.append(
                        ScenarioError(
                            f"base_rows.{index}.rolls",
                            "row {roll} is given by this source ({table}); leave it out",
                            roll,
                            roll=roll,
                            table=TABLE_WORDS[DamageTable(table)],
                        )
                    )
                elif roll in seen:
                    found.append(
                        ScenarioError(
                            f"base_rows.{index}.rolls",
                            "modified roll {roll} is already in an earlier base row: a roll falls on one row",
                            roll,
                            roll=roll,
                        )
                    )
                else:
                    seen.add(roll)
        return found


def _printed_rolls(table: DamageTable, vehicle: VehicleType) -> frozenset[int]:
    """The modified rolls whose rows this source prints for ``table`` (and ``vehicle``)."""
    if table in FLAMETHROWER_TABLES:
        return frozenset(roll for rolls, _ in FLAMETHROWER_TABLES[table] for roll in rolls)
    if table is DamageTable.HEAVY_WEAPONS:
        return frozenset(HEAVY_WEAPONS_CHANGES[vehicle])
    return frozenset()


def _table_rule(table: DamageTable) -> str:
    """The entry a row of ``table`` is cited by: its own table's, the heavy-weapons table's, or the modifiers'."""
    if table is DamageTable.SMALL_ARMS:
        return ARMOUR_RULE
    return FLAMETHROWER_RULES.get(table, "oww2.heavy-weapons-damage")


@dataclass(frozen=True)
class DamageOutcome:
    """One result of the damage roll: a table row, or a row the base rulebook holds."""

    row: str
    """The row as printed (``7``, ``1-4``), or ``not-in-source`` for the rows this source does not give."""
    modified_rolls: tuple[int, ...]
    """The rolls after modifiers that fall on this row."""
    faces: tuple[int, ...]
    """The natural d10 faces that lead here."""
    chance: Chance
    stated: bool
    """The row is given by this source (otherwise it is the base rulebook's)."""
    effects: tuple[DamageEffect, ...] = ()
    crew: int = 0
    crew_frightened: int = 0
    crew_killed: int = 0
    base_row: str | None = None
    """A base-rulebook row's effects as the scenario gives them (``None`` for the source's rows and unknown rows)."""


@dataclass(frozen=True)
class VehicleDamageResult(Summarized):
    """The damage modifier with its reasons and the exact distribution over the table's rows."""

    armour_modifier: int
    total_modifier: int
    distribution: tuple[DamageOutcome, ...]
    p_catastrophe: Chance
    p_row_not_in_source: Chance
    """Chance that the row is one this source does not give (see the base rulebook)."""
    modified_roll: int | None
    """The given roll plus the total modifier (``None`` without a roll)."""
    outcome: DamageOutcome | None
    """The row of the given roll (``None`` without a roll)."""
    crew_damage_modifier: int | None
    """Modifier to the crew's damage (``None`` while the external fuel tank roll is open)."""
    crew_damage_distribution: tuple[CrewDamageChance, ...]
    missing_values: tuple[MissingValue, ...]
    """The base-rulebook rows the answer needs and the scenario does not give (none with a stated or given row)."""
    trace: Trace

    def summary_messages(self) -> list[Message]:
        lines = [
            message(
                "Damage modifier {total:+d} (armour {armour:+d})",
                total=self.total_modifier,
                armour=self.armour_modifier,
            )
        ]
        for outcome in self.distribution:
            if outcome.stated:
                lines.append(
                    message(
                        "  row {row}: {chance} — {effects}",
                        row=outcome.row,
                        chance=outcome.chance.fraction,
                        effects=_describe_outcome(outcome),
                    )
                )
            elif outcome.base_row is not None:
                lines.append(
                    message(
                        "  row {row} (base rulebook, given by the scenario): {chance} — {effects}",
                        row=outcome.row,
                        chance=outcome.chance.fraction,
                        effects=outcome.base_row,
                    )
                )
            else:
                lines.append(
                    message(
                        "  rolls {faces}: {chance} — rows of the base rulebook",
                        faces=faces_text(outcome.modified_rolls),
                        chance=outcome.chance.fraction,
                    )
                )
        if self.outcome is not None and self.outcome.stated:
            lines.append(message("The roll: row {row}.", row=self.outcome.row))
        elif self.outcome is not None and self.outcome.base_row is not None:
            lines.append(
                message(
                    "The roll: row {row} of the base rulebook, as the scenario gives it: {effects}.",
                    row=self.outcome.row,
                    effects=self.outcome.base_row,
                )
            )
        elif self.outcome is not None:
            lines.append(message("The roll: a row of the base rulebook, which this source does not give."))
        lines.extend(missing.summary_message() for missing in self.missing_values)
        if self.crew_damage_modifier is not None:
            lines.append(message("Crew damage modifier: {modifier:+d}", modifier=self.crew_damage_modifier))
        else:
            lines.append(_crew_distribution(self.crew_damage_distribution))
        return lines


def armour_modifier(armour: ArmourClass, ignored_from_height: bool = False) -> int:
    """The damage modifier of an armour class (0 when ignored or not listed).

    >>> armour_modifier(ArmourClass.SUPER_EXTRA_HEAVY), armour_modifier(ArmourClass.HEAVY, ignored_from_height=True)
    (-4, 0)
    """
    if ignored_from_height and armour in IGNORED_FROM_HEIGHT:
        return 0
    return ARMOUR_DAMAGE_MODIFIERS.get(armour, 0)


def _row_with_radio(row: DamageRow, trace: TraceBuilder, noted: set[DamageEffect]) -> DamageRow:
    """The row with the radio loss that Immobilised and Secondary weapon now bring."""
    causes = [effect for effect in (_E.IMMOBILISED, _E.SECONDARY_WEAPON) if effect in row.effects]
    for cause in causes:
        if cause not in noted:
            noted.add(cause)
            rule = (
                "oww2.damage-effects.immobilised" if cause is _E.IMMOBILISED else "oww2.damage-effects.secondary-weapon"
            )
            trace.add(rule, "{effect}: as before, and the radio is destroyed", effect=EFFECT_WORDS[cause])
    if not causes:
        return row
    return DamageRow(row.effects + (_E.RADIO_DESTROYED,), row.crew, row.crew_frightened, row.crew_killed)


def _table_modifier(scenario: VehicleDamageScenario, trace: TraceBuilder) -> tuple[int, int]:
    """(armour modifier, total modifier) for the scenario's roll."""
    if scenario.table in FLAMETHROWER_TABLES:
        trace.add(
            FLAMETHROWER_RULES[scenario.table], "the flamethrower table is rolled as printed, without armour modifiers"
        )
        armour = 0
    else:
        from_height = (
            scenario.firer_height_above_ground_cm > 0
            and scenario.distance_cm is not None
            and scenario.distance_cm <= scenario.firer_height_above_ground_cm
        )
        if from_height and scenario.armour in IGNORED_FROM_HEIGHT:
            trace.add(
                "oww2.firing-from-height",
                "the vehicle is {distance:g} cm away, no farther than the firer's height of {height:g} cm: its "
                "{armour} armour is ignored",
                distance=scenario.distance_cm,
                height=scenario.firer_height_above_ground_cm,
                armour=scenario.armour.value,
            )
        elif scenario.armour is ArmourClass.NONE:
            trace.add(ARMOUR_RULE, "no armour trait: the source lists no damage modifier")
        else:
            trace.add(
                ARMOUR_RULE,
                "{armour} armour: damage {value:+d} (the source lists this among the collision rules; applied to every "
                "damage roll)",
                armour=scenario.armour.value,
                value=ARMOUR_DAMAGE_MODIFIERS[scenario.armour],
            )
        armour = armour_modifier(scenario.armour, from_height)
    total = armour
    for name, value in scenario.base_modifiers.items():
        total += value
        trace.add(
            ARMOUR_RULE, "{name} {value:+d} (given by the scenario from the base rulebook)", name=name, value=value
        )
    return armour, total


def _heavy_or_small_arms_outcomes(
    scenario: VehicleDamageScenario, total: int, trace: TraceBuilder
) -> list[DamageOutcome]:
    changes = HEAVY_WEAPONS_CHANGES[scenario.vehicle] if scenario.table is DamageTable.HEAVY_WEAPONS else {}
    if scenario.table is DamageTable.HEAVY_WEAPONS:
        trace.add(
            CHANGES_RULE,
            "{vehicle}: rows {rows} are changed by this source; the other rows are the base rulebook's",
            vehicle=scenario.vehicle.value,
            rows=faces_text(tuple(sorted(changes))),
        )
        trace.add("oww2.heavy-weapons-damage", "the Engine/Ammunition effect no longer exists")
    else:
        trace.add(ARMOUR_RULE, "the small-arms damage table is not in this source: its rows are the base rulebook's")
    noted: set[DamageEffect] = set()
    outcomes = []
    for face in D10_FACES:
        row = changes.get(face + total)
        if row is not None:
            row = _row_with_radio(row, trace, noted)
            outcomes.append(
                DamageOutcome(
                    str(face + total),
                    (face + total,),
                    (face,),
                    Chance.of(chance_of_faces((face,))),
                    True,
                    row.effects,
                    row.crew,
                    row.crew_frightened,
                    row.crew_killed,
                )
            )
    return outcomes + _rows_not_in_source(
        scenario, total, {face for outcome in outcomes for face in outcome.faces}, trace
    )


def _rows_not_in_source(
    scenario: VehicleDamageScenario, total: int, stated_faces: set[int], trace: TraceBuilder
) -> list[DamageOutcome]:
    """The outcomes of the faces whose rows this source does not give.

    One outcome per base-rulebook row the scenario gives and some face reaches, then one
    gathering the faces whose rows nobody gave (none if there are none).
    """
    faces = [face for face in D10_FACES if face not in stated_faces]
    outcomes = []
    for row in scenario.base_rows:
        reached = tuple(face for face in faces if face + total in row.rolls)
        if not reached:
            continue
        trace.add(
            _table_rule(scenario.table),
            "{rolls}: {effects} (a row of the base rulebook, given by the scenario)",
            rolls=faces_text(tuple(sorted(row.rolls))),
            effects=row.effects,
        )
        outcomes.append(
            DamageOutcome(
                faces_text(tuple(sorted(row.rolls))),
                tuple(face + total for face in reached),
                reached,
                Chance.of(chance_of_faces(reached)),
                False,
                base_row=row.effects,
            )
        )
    given = {face for outcome in outcomes for face in outcome.faces}
    unknown = tuple(face for face in faces if face not in given)
    if unknown:
        modified = tuple(face + total for face in unknown)
        outcomes.append(DamageOutcome(NOT_IN_SOURCE, modified, unknown, Chance.of(chance_of_faces(unknown)), False))
    return outcomes


def _missing_rows(scenario: VehicleDamageScenario, rolls: tuple[int, ...]) -> MissingValue:
    """The base-rulebook rows of ``rolls`` (modified rolls) as a value the scenario should give."""
    printed = sorted(_printed_rolls(scenario.table, scenario.vehicle))
    if scenario.table is DamageTable.HEAVY_WEAPONS:
        meaning = message(
            N_plural(
                "the row of {table} for a {vehicle} at modified roll {rolls}",
                "the rows of {table} for a {vehicle} at modified rolls {rolls}",
            ),
            count=len(rolls),
            table=TABLE_WORDS[scenario.table],
            vehicle=scenario.vehicle.value,
            rolls=faces_text(rolls),
        )
    else:
        meaning = message(
            N_plural("the row of {table} at modified roll {rolls}", "the rows of {table} at modified rolls {rolls}"),
            count=len(rolls),
            table=TABLE_WORDS[scenario.table],
            rolls=faces_text(rolls),
        )
    if printed:
        source = message(
            "the Operation WW2 base rulebook (the 2.0 changes print rows {rows} only)", rows=faces_text(tuple(printed))
        )
    else:
        source = message("the Operation WW2 base rulebook (the 2.0 changes do not print this table)")
    return MissingValue("base_rows", meaning, source, N_("Base rows"))


def _flamethrower_outcomes(scenario: VehicleDamageScenario, total: int, trace: TraceBuilder) -> list[DamageOutcome]:
    outcomes = []
    for rolls, row in FLAMETHROWER_TABLES[scenario.table]:
        faces = tuple(face for face in D10_FACES if face + total in rolls)
        if faces:
            outcomes.append(
                DamageOutcome(
                    faces_text(rolls),
                    tuple(face + total for face in faces),
                    faces,
                    Chance.of(chance_of_faces(faces)),
                    True,
                    row.effects,
                    row.crew,
                    row.crew_frightened,
                    row.crew_killed,
                )
            )
    return outcomes + _rows_not_in_source(
        scenario, total, {face for outcome in outcomes for face in outcome.faces}, trace
    )


def evaluate_vehicle_damage(scenario: VehicleDamageScenario) -> VehicleDamageResult:
    """The damage roll's modifier and its exact distribution over the table's rows.

    >>> result = evaluate_vehicle_damage(VehicleDamageScenario(VehicleType.MEDIUM_TANK, DamageTable.HEAVY_FLAMETHROWER))
    >>> result.p_catastrophe.fraction
    '1/5'
    """
    trace = TraceBuilder()
    armour, total = _table_modifier(scenario, trace)
    if scenario.table in FLAMETHROWER_TABLES:
        rule = FLAMETHROWER_RULES[scenario.table]
        for rolls, row in FLAMETHROWER_TABLES[scenario.table]:
            trace.add(rule, "{rolls}: {effects}", rolls=faces_text(rolls), effects=_describe(row))
        outcomes = _flamethrower_outcomes(scenario, total, trace)
    else:
        outcomes = _heavy_or_small_arms_outcomes(scenario, total, trace)
    if any(_E.STEADY_NERVES_TEST in outcome.effects for outcome in outcomes):
        trace.add(
            "oww2.damage-effects.nerve-test",
            "a failed steady nerves test leaves the passengers frightened, inside the vehicle",
        )
    p_catastrophe = sum((chance_of_faces(o.faces) for o in outcomes if _E.CATASTROPHE in o.effects), Fraction(0))
    p_unstated = sum((chance_of_faces(o.faces) for o in outcomes if not o.stated), Fraction(0))
    outcome = None
    unknown = [o for o in outcomes if o.row == NOT_IN_SOURCE]
    if scenario.roll is not None:
        outcome = next(o for o in outcomes if scenario.roll in o.faces)
        if outcome.row == NOT_IN_SOURCE:
            unknown = [replace(outcome, modified_rolls=(scenario.roll + total,))]
        else:
            unknown = []
        rule = FLAMETHROWER_RULES.get(scenario.table, CHANGES_RULE if outcome.stated else "oww2.heavy-weapons-damage")
        if outcome.stated:
            trace.add(
                rule,
                "the roll of {roll} {total:+d} = {modified} gives row {row}",
                roll=scenario.roll,
                total=total,
                modified=scenario.roll + total,
                row=outcome.row,
            )
        elif outcome.base_row is not None:
            trace.add(
                rule,
                "the roll of {roll} {total:+d} = {modified} gives row {row} of the base rulebook, as the scenario "
                "gives it",
                roll=scenario.roll,
                total=total,
                modified=scenario.roll + total,
                row=outcome.row,
            )
        else:
            trace.add(
                rule,
                "the roll of {roll} {total:+d} = {modified} falls on a row of the base rulebook, "
                "which this source does not give",
                roll=scenario.roll,
                total=total,
                modified=scenario.roll + total,
            )
    crew = crew_damage(scenario.crew_hazards)
    trace.extend(crew.trace)
    return VehicleDamageResult(
        armour,
        total,
        tuple(outcomes),
        Chance.of(p_catastrophe),
        Chance.of(p_unstated),
        None if scenario.roll is None else scenario.roll + total,
        outcome,
        crew.crew_damage_modifier,
        crew.distribution,
        tuple(_missing_rows(scenario, o.modified_rolls) for o in unknown),
        trace.build(),
    )


def _describe_outcome(outcome: DamageOutcome) -> MessageList:
    return _describe(DamageRow(outcome.effects, outcome.crew, outcome.crew_frightened, outcome.crew_killed))


def _describe(row: DamageRow) -> MessageList:
    """The row's effects, joined by `` + `` (``3 crew + steady-nerves-test``)."""
    words = []
    for effect in row.effects:
        if effect is _E.CREW:
            words.append(message(N_plural("{count} crew", "{count} crew"), count=row.crew))
        elif effect is _E.CREW_FRIGHTENED:
            words.append(
                message(N_plural("{count} crew frightened", "{count} crew frightened"), count=row.crew_frightened)
            )
        elif effect is _E.CREW_KILLED:
            words.append(message(N_plural("{count} crew killed", "{count} crew killed"), count=row.crew_killed))
        else:
            words.append(message("{effect}", effect=EFFECT_WORDS[effect]))
    return MessageList(tuple(words), " + ")


CALCULATORS = (
    Calculator(
        name="oww2-vehicle-damage",
        label=N_("Vehicle damage"),
        title=(
            "Operation WW2: a vehicle's damage roll — armour modifier, table rows changed in 2.0, flamethrower tables"
        ),
        scenario=VehicleDamageScenario,
        evaluate=evaluate_vehicle_damage,
        games=(GAME,),
    ),
    Calculator(
        name="oww2-crew-damage",
        label=N_("Crew damage"),
        title="Operation WW2: crew damage from Ronson, unprotected ammunition and an external fuel tank",
        scenario=CrewHazards,
        evaluate=crew_damage,
        games=(GAME,),
    ),
)
