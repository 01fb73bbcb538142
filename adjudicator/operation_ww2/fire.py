"""Operation WW2 2.0 fire: to-hit modifiers with their exceptions, and the special guns.

Game ``operation-ww2``; source ``004_6b2d581a6c2d481a.txt`` (Hungarian). Rules
implemented, by entry id:

* ``oww2.to-hit-modifiers`` — trench or sandbags −2 (not for flamethrowers, not
  for a firer beside the trench/sandbags); infantry showing out of or carried in
  a vehicle −2 (not for flamethrowers, not for a firer beside the vehicle);
  shaped-charge (HEAT) weapon or anti-tank rifle at a vehicle from at most 10 cm
  +1; indirect fire at a vehicle's passengers −3 (not when beside the vehicle);
  indirect fire at an open-topped armoured vehicle +1 to armour penetration,
  once it has been hit;
* ``oww2.firing-from-height`` — passengers of an open-topped vehicle no closer
  than the firer's height are shot at without the −2;
* ``oww2.special-guns`` — the three special guns' target numbers by target class;
* ``oww2.field-artillery`` — base target number 7 once the target has left the
  coordinates; ``oww2.covering-fire`` — covering-fire penalties only when the
  firer does not spot the target; ``oww2.traits.anti-aircraft`` — +2 in the first
  turn against units landed by parachute or glider;
  ``oww2.crew-served-weapons`` — mortars do not fire from buildings, woods or
  vehicles; ``oww2.correcting-fire-coordinates.repeated-direct-fire`` and
  ``…repeated-indirect-fire`` — a re-roll of a missed to-hit roll.

What the shot reaches — cover protection and precision tests — is in
:mod:`adjudicator.operation_ww2.line_of_fire`.

Inputs the source leaves to the base rulebook are scenario fields: the base
to-hit number (``base_target_number``, unless a special gun or field artillery
fixes it), other base modifiers (``base_modifiers``, by name), the covering-fire
penalty, and faces that always hit or miss (``always_hit_on``/``always_miss_on``,
empty unless your base rules have such a rule).

Modifiers are added to the roll, so the roll needed — the *final target number*
— is the base target number minus the total modifier; a roll hits when it is at
least that number (see :mod:`adjudicator.operation_ww2.vocabulary`). Where the source lists two
modifiers for one shot (a passenger hit by indirect fire: −2 and −3) both are
applied: it does not say that either replaces the other. Cost: O(10) per shot.
"""

from __future__ import annotations

import enum
import functools
import operator
from dataclasses import dataclass, field

from adjudicator.checks import collect_problems, raise_problems
from adjudicator.errors import ScenarioError
from adjudicator.meaning import means
from adjudicator.messages import N_, Message, Summarized, message
from adjudicator.operation_ww2.vocabulary import (
    GAME,
    VEHICLE_WORDS,
    Chance,
    VehicleType,
    chance_of_faces,
    check_d10,
    faces_text,
    faces_where,
)
from adjudicator.registry import Calculator
from adjudicator.trace import Trace, TraceBuilder

__all__ = [
    "CALCULATORS",
    "MODIFIER_WORDS",
    "SPECIAL_GUN_TARGET_NUMBERS",
    "GUN_WORDS",
    "TARGET_WORDS",
    "Firer",
    "FireMode",
    "FiringPosition",
    "ModifierLine",
    "Reroll",
    "SpecialGun",
    "SpecialGunResult",
    "SpecialGunScenario",
    "Target",
    "TargetClass",
    "ToHitResult",
    "ToHitScenario",
    "Weapon",
    "evaluate_special_gun",
    "evaluate_to_hit",
]

TO_HIT = "oww2.to-hit-modifiers"
SPECIAL_GUNS = "oww2.special-guns"
FROM_HEIGHT = "oww2.firing-from-height"


class FireMode(enum.Enum):
    """Direct fire at a seen target, or indirect fire at coordinates."""

    DIRECT = "direct"
    INDIRECT = "indirect"


class Weapon(enum.Enum):
    """The weapon kinds the to-hit modifiers name."""

    OTHER = "other"
    LIGHT_FLAMETHROWER = "light-flamethrower"
    HEAVY_FLAMETHROWER = "heavy-flamethrower"
    SHAPED_CHARGE = "shaped-charge"
    """A weapon with a shaped (HEAT) charge (``kumulatív töltetes fegyver``)."""
    ANTI_TANK_RIFLE = "anti-tank-rifle"
    MORTAR = "mortar"

    @property
    def is_flamethrower(self) -> bool:
        return self in (Weapon.LIGHT_FLAMETHROWER, Weapon.HEAVY_FLAMETHROWER)


class FiringPosition(enum.Enum):
    """Where the firer stands (mortars do not fire from the last three)."""

    OPEN = "open"
    BUILDING = "building"
    WOODS = "woods"
    VEHICLE = "vehicle"


class SpecialGun(enum.Enum):
    """The "special" guns of ``oww2.special-guns``, with their ammunition."""

    RUSSIAN_122MM_AP = "russian-122mm-ap"
    """Russian 122 mm gun with armour-piercing ammunition."""
    GERMAN_75MM_HEAT = "german-75mm-heat"
    """German 75 mm medium gun with shaped-charge (HEAT) shells."""
    GERMAN_HEAVY_HEAT = "german-heavy-heat"
    """German heavy gun up to 120 mm with shaped-charge (HEAT) shells."""

    @property
    def shaped_charge(self) -> bool:
        return self is not SpecialGun.RUSSIAN_122MM_AP


class TargetClass(enum.Enum):
    """What is shot at: a vehicle type, artillery or infantry (the special guns' classes)."""

    HEAVY_TANK = "heavy-tank"
    MEDIUM_TANK = "medium-tank"
    LIGHT_TANK = "light-tank"
    ARMOURED_CAR = "armoured-car"
    ARMOURED_PERSONNEL_CARRIER = "armoured-personnel-carrier"
    TRUCK = "truck"
    CAR = "car"
    MOTORCYCLE = "motorcycle"
    ARTILLERY = "artillery"
    INFANTRY = "infantry"

    @property
    def vehicle_type(self) -> VehicleType | None:
        """The vehicle type, or ``None`` for artillery and infantry."""
        try:
            return VehicleType(self.value)
        except ValueError:
            return None


class Reroll(enum.Enum):
    """Why a missed to-hit roll may be rolled again."""

    REPEATED_DIRECT_FIRE = "repeated-direct-fire"
    """A gun fires again at a target it fired at before and still spots and sees."""
    CORRECTED_INDIRECT_FIRE = "corrected-indirect-fire"
    """Indirect fire after a successful second communication of the coordinates."""


TARGET_WORDS: dict[TargetClass, str] = {
    **{TargetClass(vehicle.value): word for vehicle, word in VEHICLE_WORDS.items()},
    TargetClass.ARTILLERY: N_("artillery"),
    TargetClass.INFANTRY: N_("infantry"),
}
"""Each target class as a catalog word: the same English as its value (the vehicle types' words and two more)."""

GUN_WORDS: dict[SpecialGun, str] = {
    SpecialGun.RUSSIAN_122MM_AP: N_("Russian 122 mm gun (armour-piercing)"),
    SpecialGun.GERMAN_75MM_HEAT: N_("German 75 mm gun (shaped charge)"),
    SpecialGun.GERMAN_HEAVY_HEAT: N_("German heavy gun up to 120 mm (shaped charge)"),
}
"""Each special gun with its ammunition as a catalog word, as a trace names it."""


REROLL_RULES = {
    Reroll.REPEATED_DIRECT_FIRE: "oww2.correcting-fire-coordinates.repeated-direct-fire",
    Reroll.CORRECTED_INDIRECT_FIRE: "oww2.correcting-fire-coordinates.repeated-indirect-fire",
}

_T = TargetClass
SPECIAL_GUN_TARGET_NUMBERS: dict[SpecialGun, dict[TargetClass, int]] = {
    SpecialGun.RUSSIAN_122MM_AP: {
        _T.HEAVY_TANK: 6,
        _T.MEDIUM_TANK: 5,
        _T.LIGHT_TANK: 4,
        _T.ARMOURED_CAR: 4,
        _T.ARMOURED_PERSONNEL_CARRIER: 4,
        _T.TRUCK: 4,
        _T.CAR: 4,
        _T.MOTORCYCLE: 7,
        _T.ARTILLERY: 7,
        _T.INFANTRY: 7,
    },
    SpecialGun.GERMAN_75MM_HEAT: {
        _T.MEDIUM_TANK: 10,
        _T.LIGHT_TANK: 9,
        _T.ARMOURED_CAR: 8,
        _T.ARMOURED_PERSONNEL_CARRIER: 7,
        _T.TRUCK: 6,
        _T.CAR: 6,
        _T.MOTORCYCLE: 7,
        _T.ARTILLERY: 7,
        _T.INFANTRY: 7,
    },
    SpecialGun.GERMAN_HEAVY_HEAT: {
        _T.HEAVY_TANK: 9,
        _T.MEDIUM_TANK: 8,
        _T.LIGHT_TANK: 7,
        _T.ARMOURED_CAR: 6,
        _T.ARMOURED_PERSONNEL_CARRIER: 5,
        _T.TRUCK: 4,
        _T.CAR: 4,
        _T.MOTORCYCLE: 6,
        _T.ARTILLERY: 6,
        _T.INFANTRY: 6,
    },
}
"""``oww2.special-guns``: target number by gun and target class. The 122 mm gun's
"all other vehicles" are the vehicle classes not named (motorcycles are named
with artillery and infantry); the 75 mm gun lists no number for heavy tanks."""

FIELD_ARTILLERY_TARGET_GONE = 7
"""``oww2.field-artillery``: the base to-hit number once the target has left the coordinates."""


# --- To-hit ----------------------------------------------------------------------------------


@dataclass(frozen=True)
class Firer:
    """The firing model or weapon team."""

    weapon: Weapon = Weapon.OTHER
    """The weapon, if one the modifiers name (flamethrower, shaped charge, anti-tank rifle, mortar); else other."""
    special_gun: SpecialGun | None = None
    """One of the special guns, whose table then gives the base target number."""
    fire: FireMode = FireMode.DIRECT
    """Direct fire at a seen target, or indirect fire at coordinates."""
    firing_from: FiringPosition = FiringPosition.OPEN
    """Where the firer stands: open, building, woods or vehicle (a mortar fires only from the open)."""
    beside_trench_or_sandbags: bool = False
    """The firer stands next to the trench or sandbags the target is in."""
    beside_target_vehicle: bool = False
    """The firer stands next to the vehicle that is the target or carries it."""
    height_above_ground_cm: float = 0.0
    """The firer's height above ground level (upper floors, high ground)."""
    anti_aircraft: bool = False
    """The firer has the anti-aircraft (Légvédelmi) trait."""
    spots_target: bool = True
    """The firer spots (észleli) the target."""

    def __post_init__(self) -> None:
        raise_problems(collect_problems(self._check_height, self._check_weapon))

    def _check_height(self) -> None:
        if self.height_above_ground_cm < 0:
            raise ScenarioError("height_above_ground_cm", "must be 0 or more", self.height_above_ground_cm)

    def _check_weapon(self) -> None:
        gun = self.special_gun
        if (
            gun is not None
            and self.weapon is not Weapon.OTHER
            and not (gun.shaped_charge and self.weapon is Weapon.SHAPED_CHARGE)
        ):
            raise ScenarioError(
                "weapon",
                "must be 'other' with a special gun (the gun and its ammunition set the weapon)",
                self.weapon.value,
            )

    @property
    def shaped_charge_or_anti_tank_rifle(self) -> bool:
        if self.special_gun is not None:
            return self.special_gun.shaped_charge
        return self.weapon in (Weapon.SHAPED_CHARGE, Weapon.ANTI_TANK_RIFLE)


@dataclass(frozen=True)
class Target:
    """What is shot at."""

    target_class: TargetClass
    """What is shot at: a vehicle type, artillery or infantry (passengers in a vehicle are infantry)."""
    in_trench_or_sandbags: bool = False
    """The target is in a trench or behind sandbags (−2, not for flamethrowers or a firer beside it)."""
    aboard_vehicle: bool = False
    """Infantry showing out of a vehicle or carried in it (what is shot at is then infantry)."""
    open_topped: bool = False
    """The target vehicle — or the vehicle carrying the passengers — has no roof."""
    landed_from_air_this_turn: bool = False
    """The target was dropped by parachute or left a glider, and this is the first turn."""

    def __post_init__(self) -> None:
        raise_problems(collect_problems(self._check_aboard, self._check_open_topped))

    def _check_aboard(self) -> None:
        if self.aboard_vehicle and self.target_class is not TargetClass.INFANTRY:
            raise ScenarioError(
                "aboard_vehicle",
                "describes infantry passengers, so the target class must be 'infantry'",
                self.target_class.value,
            )

    def _check_open_topped(self) -> None:
        if self.open_topped and not self.aboard_vehicle and self.target_class.vehicle_type is None:
            raise ScenarioError(
                "open_topped",
                "describes a vehicle: the target must be a vehicle or aboard one",
                self.target_class.value,
            )

    @property
    def is_vehicle(self) -> bool:
        return self.target_class.vehicle_type is not None


@dataclass(frozen=True)
class ToHitScenario:
    """One shot: who fires with what, at what, and the inputs the base rulebook supplies."""

    firer: Firer
    """Who fires, with what weapon, and from where."""
    target: Target
    """What is shot at, and how it is covered."""
    distance_cm: float
    """Distance from firer to target in cm."""
    base_target_number: int | None = None
    """The base rulebook's to-hit number for this weapon and range (not needed with a special gun)."""
    field_artillery_target_gone: bool = False
    """Field artillery firing at coordinates the target has left (base target number 7)."""
    base_modifiers: dict[str, int] = field(default_factory=dict, metadata=means(expert=True))
    """Further to-hit modifiers of the base rulebook, each by its name (long range: −1)."""
    covering_fire_modifier: int = field(default=0, metadata=means(expert=True))
    """The base rulebook's covering-fire penalty (0 or less) if this is covering fire."""
    reroll: Reroll | None = None
    """Why a missed to-hit roll may be rolled again; unset: no re-roll."""
    always_hit_on: tuple[int, ...] = field(default=(), metadata=means(expert=True))
    """d10 faces that hit whatever the modifiers, if the base rulebook has such a rule."""
    always_miss_on: tuple[int, ...] = field(default=(), metadata=means(expert=True))
    """d10 faces that miss whatever the modifiers, if the base rulebook has such a rule."""
    roll: int | None = field(default=None, metadata=means(expert=True))
    """The to-hit roll, if rolled."""
    reroll_roll: int | None = field(default=None, metadata=means(expert=True))
    """The second roll after a miss, when a re-roll is allowed."""

    def __post_init__(self) -> None:
        # Every problem at once; on a partial scenario (a firer or target that failed) the checks that read it are
        # skipped.
        raise_problems(
            collect_problems(
                self._check_distance,
                self._check_base_target_number,
                self._check_covering_fire,
                self._check_reroll,
                lambda: raise_problems(self._face_problems()),
                self._check_always_hit_and_miss,
                lambda: check_d10("roll", self.roll),
                lambda: check_d10("reroll_roll", self.reroll_roll),
                self._check_reroll_roll,
            )
        )

    def _check_distance(self) -> None:
        if self.distance_cm < 0:
            raise ScenarioError("distance_cm", "must be 0 or more", self.distance_cm)

    def _check_base_target_number(self) -> None:
        if self.base_target_number is not None and not 1 <= self.base_target_number <= 10:
            raise ScenarioError(
                "base_target_number", "must be a d10 target number from 1 to 10", self.base_target_number
            )
        gun = self.firer.special_gun
        listed = gun is not None and self.target.target_class in SPECIAL_GUN_TARGET_NUMBERS[gun]
        if self.field_artillery_target_gone and (gun is not None or self.base_target_number is not None):
            raise ScenarioError(
                "field_artillery_target_gone",
                "fixes the base target number at {number}; leave out the base target number and the special gun",
                True,
                number=FIELD_ARTILLERY_TARGET_GONE,
            )
        if listed and self.base_target_number is not None:
            raise ScenarioError(
                "base_target_number",
                "must be left out: the special gun's table gives the base target number",
                self.base_target_number,
            )
        if gun is not None and not listed and self.base_target_number is None:
            raise ScenarioError(
                "base_target_number",
                "is needed: the special guns' table gives this gun no target number against {target}; give one if "
                "your reading is that it uses its normal roll",
                target=TARGET_WORDS[self.target.target_class],
            )
        if gun is None and not self.field_artillery_target_gone and self.base_target_number is None:
            raise ScenarioError(
                "base_target_number",
                "is needed: the to-hit number of this weapon at this range (the d10 roll that hits before "
                "modifiers). It is in the Operation WW2 base rulebook's weapon tables, which are not among the "
                "sources (the 2.0 changes give it only for special guns and field artillery whose target has "
                "gone); give it from 1 to 10",
            )

    def _check_covering_fire(self) -> None:
        if self.covering_fire_modifier > 0:
            raise ScenarioError("covering_fire_modifier", "must be 0 or less (a penalty)", self.covering_fire_modifier)

    def _check_reroll(self) -> None:
        if self.reroll is Reroll.REPEATED_DIRECT_FIRE and self.firer.fire is not FireMode.DIRECT:
            raise ScenarioError(
                "reroll", "'repeated direct fire' needs the firer's fire to be 'direct'", self.reroll.value
            )
        if self.reroll is Reroll.CORRECTED_INDIRECT_FIRE and self.firer.fire is not FireMode.INDIRECT:
            raise ScenarioError(
                "reroll", "'corrected indirect fire' needs the firer's fire to be 'indirect'", self.reroll.value
            )

    def _face_problems(self) -> list[ScenarioError]:
        return collect_problems(
            *(
                functools.partial(check_d10, f"always_hit_on.{index}", face)
                for index, face in enumerate(self.always_hit_on)
            ),
            *(
                functools.partial(check_d10, f"always_miss_on.{index}", face)
                for index, face in enumerate(self.always_miss_on)
            ),
        )

    def _check_always_hit_and_miss(self) -> None:
        both = sorted(set(self.always_hit_on) & set(self.always_miss_on))
        if both:
            raise ScenarioError("always_miss_on", "must not share faces with the faces that always hit", both)

    def _check_reroll_roll(self) -> None:
        if self.reroll_roll is not None and (self.reroll is None or self.roll is None):
            raise ScenarioError("reroll_roll", "needs a reroll reason and a first roll", self.reroll_roll)


@dataclass(frozen=True)
class ModifierLine:
    """One modifier the shot's circumstances call for, applied or removed by an exception."""

    name: str
    value: int
    applied: bool
    rule: str
    """Entry id of the rule that decided it (the trace step says why)."""


@dataclass(frozen=True)
class ToHitResult(Summarized):
    """The roll a shot needs, why, and its exact chance."""

    can_fire: bool
    base_target_number: int
    modifiers: tuple[ModifierLine, ...]
    """Every to-hit modifier considered, in the order of the source; see ``applied``."""
    total_modifier: int
    final_target_number: int
    """The d10 roll needed: base target number minus the total modifier."""
    hitting_faces: tuple[int, ...]
    p_hit_one_roll: Chance
    p_hit: Chance
    """Chance to hit, including a re-roll when one is allowed."""
    penetration_modifiers: tuple[ModifierLine, ...]
    penetration_modifier: int
    """Added to the armour penetration roll once the target has been hit."""
    hit: bool | None
    """Whether the given roll(s) hit (``None`` without a roll)."""
    trace: Trace

    def summary_messages(self) -> list[Message]:
        if not self.can_fire:
            return [message("The weapon cannot fire from there.")]
        lines = [
            message(
                "Needs {number}+ on a d10 (base {base}, modifier {modifier:+d}): P(hit) = {fraction} ≈ "
                "{probability:.4f}",
                number=self.final_target_number,
                base=self.base_target_number,
                modifier=self.total_modifier,
                fraction=self.p_hit.fraction,
                probability=self.p_hit.probability,
            )
        ]
        if self.penetration_modifiers:
            lines.append(
                message("Armour penetration modifier after a hit: {modifier:+d}", modifier=self.penetration_modifier)
            )
        if self.hit is not None:
            lines.append(message("The roll hits.") if self.hit else message("The roll misses."))
        return lines


def _base_target_number(scenario: ToHitScenario, trace: TraceBuilder) -> int:
    gun = scenario.firer.special_gun
    target_class = scenario.target.target_class
    if scenario.field_artillery_target_gone:
        trace.add(
            "oww2.field-artillery",
            "the target has left the coordinates: base target number {number}, modifiers still apply",
            number=FIELD_ARTILLERY_TARGET_GONE,
        )
        return FIELD_ARTILLERY_TARGET_GONE
    if gun is not None:
        number = SPECIAL_GUN_TARGET_NUMBERS[gun].get(target_class)
        if number is not None:
            trace.add(
                SPECIAL_GUNS,
                "{gun} hits {target} on {number}",
                gun=GUN_WORDS[gun],
                target=TARGET_WORDS[target_class],
                number=number,
            )
            return number
        trace.add(
            SPECIAL_GUNS,
            "{gun} has no target number for {target} in the source; the scenario's base target number {number} is used",
            gun=GUN_WORDS[gun],
            target=TARGET_WORDS[target_class],
            number=scenario.base_target_number,
        )
    else:
        trace.add(
            TO_HIT,
            "base target number {number} (given by the scenario: the base rulebook's value is not in this source)",
            number=scenario.base_target_number,
        )
    assert scenario.base_target_number is not None  # checked in ToHitScenario.__post_init__
    return scenario.base_target_number


MODIFIER_WORDS = {
    "trench-or-sandbags": N_("trench or sandbags"),
    "passengers": N_("passengers"),
    "indirect-fire-at-passengers": N_("indirect fire at passengers"),
    "shaped-charge-or-anti-tank-rifle-within-10cm": N_("shaped charge or anti-tank rifle within 10 cm"),
    "anti-aircraft-against-air-landed-units": N_("anti-aircraft fire against air-landed units"),
    "covering-fire": N_("covering fire"),
    "indirect-fire-at-open-topped-armoured-vehicle": N_("indirect fire at an open-topped armoured vehicle"),
}
"""Each modifier of this source (its :attr:`ModifierLine.name`) as the words a trace shows, a catalog msgid each.
A base rulebook's modifier (``base:<name>``) is shown with the name the scenario gives it."""


@dataclass(frozen=True)
class _Considered:
    """A modifier line and the reason the trace gives for it."""

    name: str
    value: int
    applied: bool
    rule: str
    reason: Message
    """Why the modifier applies or not, shown after the modifier in the trace."""

    @property
    def line(self) -> ModifierLine:
        return ModifierLine(self.name, self.value, self.applied, self.rule)

    def record(self, trace: TraceBuilder) -> None:
        base_name = self.name.removeprefix("base:")
        name: str | Message = MODIFIER_WORDS.get(self.name, self.name)
        if base_name != self.name:
            name = message("{name} (base rulebook)", name=base_name)
        if self.applied:
            trace.add(self.rule, "{name} {value:+d}: {reason}", name=name, value=self.value, reason=self.reason)
        else:
            trace.add(self.rule, "no {name} {value:+d}: {reason}", name=name, value=self.value, reason=self.reason)


def _height_advantage(scenario: ToHitScenario) -> bool:
    height = scenario.firer.height_above_ground_cm
    return height > 0 and scenario.distance_cm <= height


def _to_hit_modifiers(scenario: ToHitScenario) -> list[_Considered]:
    lines = [*_cover_modifiers(scenario), *_weapon_modifiers(scenario)]
    for name, value in scenario.base_modifiers.items():
        lines.append(
            _Considered(f"base:{name}", value, True, TO_HIT, message("given by the scenario from the base rulebook"))
        )
    return lines


def _cover_modifiers(scenario: ToHitScenario) -> list[_Considered]:
    """The to-hit modifiers of the target's cover: a trench or sandbags, a vehicle it rides in."""
    firer, target = scenario.firer, scenario.target
    flamethrower = firer.weapon.is_flamethrower
    lines: list[_Considered] = []
    if target.in_trench_or_sandbags:
        if flamethrower:
            lines.append(_Considered("trench-or-sandbags", -2, False, TO_HIT, message("not for flamethrowers")))
        elif firer.beside_trench_or_sandbags:
            lines.append(
                _Considered(
                    "trench-or-sandbags", -2, False, TO_HIT, message("the firer stands beside the trench or sandbags")
                )
            )
        else:
            lines.append(
                _Considered(
                    "trench-or-sandbags", -2, True, TO_HIT, message("the target is in a trench or sandbag cover")
                )
            )
    if target.aboard_vehicle:
        if flamethrower:
            lines.append(_Considered("passengers", -2, False, TO_HIT, message("not for flamethrowers")))
        elif firer.beside_target_vehicle:
            lines.append(_Considered("passengers", -2, False, TO_HIT, message("the firer stands beside the vehicle")))
        elif target.open_topped and _height_advantage(scenario):
            lines.append(
                _Considered(
                    "passengers",
                    -2,
                    False,
                    FROM_HEIGHT,
                    message(
                        "passengers of an open-topped vehicle {distance:g} cm away, no farther than the firer's "
                        "height of {height:g} cm: shot at as infantry without cover",
                        distance=scenario.distance_cm,
                        height=firer.height_above_ground_cm,
                    ),
                )
            )
        else:
            lines.append(
                _Considered(
                    "passengers",
                    -2,
                    True,
                    TO_HIT,
                    message("the target is infantry showing out of or carried in a vehicle"),
                )
            )
        if firer.fire is FireMode.INDIRECT:
            if firer.beside_target_vehicle:
                lines.append(
                    _Considered(
                        "indirect-fire-at-passengers", -3, False, TO_HIT, message("the firer stands beside the vehicle")
                    )
                )
            else:
                lines.append(
                    _Considered(
                        "indirect-fire-at-passengers",
                        -3,
                        True,
                        TO_HIT,
                        message(
                            "indirect fire at a vehicle's passengers (the source lists it beside the −2 without "
                            "replacing it)"
                        ),
                    )
                )
    return lines


def _weapon_modifiers(scenario: ToHitScenario) -> list[_Considered]:
    """The to-hit modifiers of the firer's weapon and order: shaped charge, anti-aircraft, covering fire."""
    firer, target = scenario.firer, scenario.target
    lines: list[_Considered] = []
    if target.is_vehicle and firer.shaped_charge_or_anti_tank_rifle:
        rifle = firer.special_gun is None and firer.weapon is Weapon.ANTI_TANK_RIFLE
        within = scenario.distance_cm <= 10
        if rifle and within:
            reason = message(
                "anti-tank rifle at a vehicle from {distance:g} cm, at most 10 cm", distance=scenario.distance_cm
            )
        elif rifle:
            reason = message(
                "anti-tank rifle at a vehicle from {distance:g} cm, more than 10 cm", distance=scenario.distance_cm
            )
        elif within:
            reason = message(
                "shaped-charge weapon at a vehicle from {distance:g} cm, at most 10 cm", distance=scenario.distance_cm
            )
        else:
            reason = message(
                "shaped-charge weapon at a vehicle from {distance:g} cm, more than 10 cm", distance=scenario.distance_cm
            )
        if within:
            lines.append(
                _Considered(
                    "shaped-charge-or-anti-tank-rifle-within-10cm",
                    1,
                    True,
                    TO_HIT,
                    reason,
                )
            )
        else:
            lines.append(
                _Considered(
                    "shaped-charge-or-anti-tank-rifle-within-10cm",
                    1,
                    False,
                    TO_HIT,
                    reason,
                )
            )
    if firer.anti_aircraft and target.landed_from_air_this_turn:
        lines.append(
            _Considered(
                "anti-aircraft-against-air-landed-units",
                2,
                True,
                "oww2.traits.anti-aircraft",
                message("anti-aircraft trait, first turn, target dropped by parachute or landed by glider"),
            )
        )
    if scenario.covering_fire_modifier:
        if firer.spots_target:
            lines.append(
                _Considered(
                    "covering-fire",
                    scenario.covering_fire_modifier,
                    False,
                    "oww2.covering-fire",
                    message("the firer spots the target, so it counts as a plain Fire order without the penalty"),
                )
            )
        else:
            lines.append(
                _Considered(
                    "covering-fire",
                    scenario.covering_fire_modifier,
                    True,
                    "oww2.covering-fire",
                    message("covering fire at a target the firer does not spot"),
                )
            )
    return lines


def _penetration_modifiers(scenario: ToHitScenario) -> list[_Considered]:
    target = scenario.target
    vehicle = target.target_class.vehicle_type
    if vehicle is None or not target.open_topped:
        return []
    name = "indirect-fire-at-open-topped-armoured-vehicle"
    if not vehicle.armoured:
        return [
            _Considered(
                name,
                1,
                False,
                TO_HIT,
                message("a {vehicle} is not an armoured vehicle", vehicle=VEHICLE_WORDS[vehicle]),
            )
        ]
    if scenario.firer.fire is not FireMode.INDIRECT:
        return [_Considered(name, 1, False, TO_HIT, message("only for indirect fire"))]
    return [
        _Considered(
            name,
            1,
            True,
            TO_HIT,
            message("indirect fire at an open-topped armoured vehicle: +1 to armour penetration once hit"),
        )
    ]


def evaluate_to_hit(scenario: ToHitScenario) -> ToHitResult:
    """The final target number of a shot, each modifier with its rule, and P(hit).

    >>> shot = ToHitScenario(Firer(), Target(TargetClass.INFANTRY, in_trench_or_sandbags=True),
    ...                      distance_cm=30, base_target_number=6)
    >>> result = evaluate_to_hit(shot)
    >>> result.final_target_number, result.p_hit.fraction
    (8, '3/10')
    """
    trace = TraceBuilder()
    firer = scenario.firer
    can_fire = not (firer.weapon is Weapon.MORTAR and firer.firing_from is not FiringPosition.OPEN)
    if not can_fire:
        trace.add("oww2.crew-served-weapons", "a mortar cannot fire from a {place}", place=firer.firing_from.value)
    base = _base_target_number(scenario, trace)
    considered = _to_hit_modifiers(scenario)
    for item in considered:
        item.record(trace)
    modifiers = [item.line for item in considered]
    total = sum(line.value for line in modifiers if line.applied)
    final = base - total
    hitting = faces_where(
        lambda face: (
            can_fire and (face in scenario.always_hit_on or (face not in scenario.always_miss_on and face >= final))
        )
    )
    trace.add(
        TO_HIT,
        "the roll needed is {base} − ({total:+d}) = {final}: faces {faces} hit",
        base=base,
        total=total,
        final=final,
        faces=faces_text(hitting),
    )
    if can_fire and not hitting:
        # Said plainly: an impossible shot is not a chance of 0 to be read off a table.
        trace.add(TO_HIT, "no face of the d10 hits: this shot cannot hit")
    p_one = chance_of_faces(hitting)
    p_hit = p_one
    if scenario.reroll is not None:
        p_hit = 1 - (1 - p_one) ** 2
        trace.add(REROLL_RULES[scenario.reroll], "a missed to-hit roll may be rolled again: P(hit) = 1 − (1 − p)²")
    penetration_considered = _penetration_modifiers(scenario)
    for item in penetration_considered:
        item.record(trace)
    penetration = [item.line for item in penetration_considered]
    hit: bool | None = None
    if scenario.roll is not None:
        hit = scenario.roll in hitting
        if not hit and scenario.reroll_roll is not None:
            hit = scenario.reroll_roll in hitting
        elif hit and scenario.reroll_roll is not None:
            raise ScenarioError(
                "reroll_roll", "is only rolled after a miss, but the first roll hit", scenario.reroll_roll
            )
    return ToHitResult(
        can_fire=can_fire,
        base_target_number=base,
        modifiers=tuple(modifiers),
        total_modifier=total,
        final_target_number=final,
        hitting_faces=hitting,
        p_hit_one_roll=Chance.of(p_one),
        p_hit=Chance.of(p_hit),
        penetration_modifiers=tuple(penetration),
        penetration_modifier=sum(line.value for line in penetration if line.applied),
        hit=hit,
        trace=trace.build(),
    )


# --- Special guns' tables -------------------------------------------------------------------


@dataclass(frozen=True)
class SpecialGunScenario:
    """One of the special guns, whose target numbers by target class are wanted."""

    gun: SpecialGun
    """The special gun: Russian 122 mm armour-piercing, German 75 mm HEAT, or German heavy (to 120 mm) HEAT."""


@dataclass(frozen=True)
class SpecialGunResult(Summarized):
    """A special gun's target number per target class, with the unmodified chance to hit."""

    target_numbers: dict[TargetClass, int]
    p_hit: dict[TargetClass, Chance]
    """Chance to hit with no modifier: rolls of at least the target number."""
    not_listed: tuple[TargetClass, ...]
    """Target classes the source gives this gun no number for."""
    trace: Trace

    def summary_messages(self) -> list[Message]:
        lines = [
            message(
                "{target}: {number}+ (P(hit) = {fraction} before modifiers)",
                target=target.value,
                number=number,
                fraction=self.p_hit[target].fraction,
            )
            for target, number in self.target_numbers.items()
        ]
        lines.extend(message("{target}: no number in the source", target=target.value) for target in self.not_listed)
        return lines


def evaluate_special_gun(scenario: SpecialGunScenario) -> SpecialGunResult:
    """The target numbers of a special gun by target class.

    >>> evaluate_special_gun(SpecialGunScenario(SpecialGun.GERMAN_75MM_HEAT)).not_listed
    (<TargetClass.HEAVY_TANK: 'heavy-tank'>,)
    """
    trace = TraceBuilder()
    table = SPECIAL_GUN_TARGET_NUMBERS[scenario.gun]
    numbers = {target: table[target] for target in TargetClass if target in table}
    for target, number in numbers.items():
        trace.add(
            SPECIAL_GUNS,
            "{gun} hits {target} on {number}",
            gun=GUN_WORDS[scenario.gun],
            target=TARGET_WORDS[target],
            number=number,
        )
    missing = tuple(target for target in TargetClass if target not in table)
    for target in missing:
        trace.add(
            SPECIAL_GUNS,
            "{gun}: the source gives no target number for {target}",
            gun=GUN_WORDS[scenario.gun],
            target=TARGET_WORDS[target],
        )
    chances = {
        target: Chance.of(chance_of_faces(faces_where(functools.partial(operator.le, number))))  # number <= face
        for target, number in numbers.items()
    }
    return SpecialGunResult(numbers, chances, missing, trace.build())


CALCULATORS = (
    Calculator(
        name="oww2-to-hit",
        label=N_("To-hit roll"),
        title=(
            "Operation WW2: the roll a shot needs — to-hit modifiers with their exceptions, special guns — and P(hit)"
        ),
        scenario=ToHitScenario,
        evaluate=evaluate_to_hit,
        games=(GAME,),
    ),
    Calculator(
        name="oww2-special-gun",
        label=N_("Special guns"),
        title="Operation WW2: a special gun's target numbers by target class",
        scenario=SpecialGunScenario,
        evaluate=evaluate_special_gun,
        games=(GAME,),
    ),
)
