"""Operation WW2 2.0: the shared vocabulary and exact d10 odds.

Game ``operation-ww2``; source ``004_6b2d581a6c2d481a.txt`` ("Változások az
Operation WW2 2.0 szabályrendszerében", Hungarian), which lists only the
*changes* of version 2.0. The base rulebook is not among our sources, so every
value it would supply — the base to-hit number of a weapon at a range, the rows
of the damage tables this source does not change, a unit's training — is an
explicit scenario input, never a constant guessed here.

The Operation WW2 calculators are split by rules concept:

* this module — the vocabulary the others share (vehicle types, armour
  classes, damage tables) and exact d10 arithmetic (:class:`Chance`,
  :func:`faces_where`);
* :mod:`adjudicator.operation_ww2.baptism` — the ``oww2-baptism-of-fire`` calculator
  (``oww2.baptism-of-fire-table``);
* :mod:`adjudicator.operation_ww2.fire` — to-hit modifiers with their exceptions and the
  special guns;
* :mod:`adjudicator.operation_ww2.line_of_fire` — the cover protection table and the
  precision tests for friendly figures and vehicles in the line of fire;
* :mod:`adjudicator.operation_ww2.damage` — damage modifiers by armour class, the
  heavy-weapons damage table changes, the flamethrower tables, and the crew
  damage traits (external fuel tank, Ronson, unprotected ammunition);
* :mod:`adjudicator.operation_ww2.vehicles` — driving and unsticking tests, collisions.

Dice convention (the source's own tests: "Ha a dobás nagyobb vagy egyenlő a
jármű kiképzésével, akkor a teszt sikerült"): a d10 test succeeds when the roll
is at least its target number. Probabilities are exact fractions of the ten
faces; each calculation costs O(10).
"""

from __future__ import annotations

import enum
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from fractions import Fraction

from adjudicator.errors import ScenarioError
from adjudicator.messages import N_

__all__ = [
    "ARMOUR_WORDS",
    "D10_FACES",
    "GAME",
    "TABLE_WORDS",
    "VEHICLE_WORDS",
    "ArmourClass",
    "Chance",
    "DamageTable",
    "VehicleType",
    "chance_of_faces",
    "check_d10",
    "faces_text",
    "faces_where",
]

GAME = "operation-ww2"
"""Game id of Operation WW2 in ``content/games.yaml``."""

D10_FACES: tuple[int, ...] = tuple(range(1, 11))
"""The faces of the d10 every Operation WW2 roll uses."""


@dataclass(frozen=True)
class Chance:
    """An exact probability: the fraction as text and its float value.

    >>> Chance.of(Fraction(3, 10))
    Chance(fraction='3/10', probability=0.3)
    >>> Chance.of(Fraction(1)).fraction
    '1'
    """

    fraction: str
    """Exact value, e.g. ``3/10`` (``0`` and ``1`` for the certain cases)."""
    probability: float
    """The same value as a float."""

    @classmethod
    def of(cls, value: Fraction) -> Chance:
        """The chance of an exact fraction."""
        return cls(str(value), float(value))


def check_d10(path: str, value: int | None) -> None:
    """Raise :class:`ScenarioError` unless ``value`` is ``None`` or a d10 face.

    >>> check_d10("roll", 11)
    Traceback (most recent call last):
    ...
    adjudicator.errors.ScenarioError: roll: must be a d10 roll from 1 to 10 (got 11)
    """
    if value is not None and value not in D10_FACES:
        raise ScenarioError(path, "must be a d10 roll from 1 to 10", value)


def faces_where(condition: Callable[[int], bool], faces: Iterable[int] = D10_FACES) -> tuple[int, ...]:
    """The d10 faces for which ``condition`` holds.

    >>> faces_where(lambda face: face >= 8)
    (8, 9, 10)
    """
    return tuple(face for face in faces if condition(face))


def chance_of_faces(faces: tuple[int, ...]) -> Fraction:
    """Probability that one d10 shows one of ``faces``."""
    return Fraction(len(faces), len(D10_FACES))


def faces_text(faces: tuple[int, ...]) -> str:
    """``3-7`` for a run of faces, ``10`` for one face.

    >>> faces_text((3, 4, 5, 6, 7)), faces_text((10,)), faces_text(())
    ('3-7', '10', 'none')
    """
    if not faces:
        return N_("none")
    if len(faces) == 1:
        return str(faces[0])
    if faces == tuple(range(faces[0], faces[-1] + 1)):
        return f"{faces[0]}-{faces[-1]}"
    return ", ".join(str(face) for face in faces)


class VehicleType(enum.Enum):
    """The vehicle types of the heavy-weapons damage table and the special guns' list."""

    HEAVY_TANK = "heavy-tank"
    MEDIUM_TANK = "medium-tank"
    LIGHT_TANK = "light-tank"
    ARMOURED_CAR = "armoured-car"
    ARMOURED_PERSONNEL_CARRIER = "armoured-personnel-carrier"
    TRUCK = "truck"
    CAR = "car"
    MOTORCYCLE = "motorcycle"

    @property
    def armoured(self) -> bool:
        """Tanks, armoured cars and armoured personnel carriers (the armoured collision categories)."""
        return self not in (VehicleType.TRUCK, VehicleType.CAR, VehicleType.MOTORCYCLE)


class ArmourClass(enum.Enum):
    """A vehicle's armour trait, which sets its damage modifier (``oww2.damage-modifiers``)."""

    NONE = "none"
    """No armour trait: the source lists no modifier."""
    EXTRA_LIGHT = "extra-light"
    LIGHT = "light"
    MEDIUM = "medium"
    HEAVY = "heavy"
    EXTRA_HEAVY = "extra-heavy"
    SUPER_EXTRA_HEAVY = "super-extra-heavy"


class DamageTable(enum.Enum):
    """The damage tables a vehicle can roll on."""

    HEAVY_WEAPONS = "heavy-weapons"
    SMALL_ARMS = "small-arms"
    LIGHT_FLAMETHROWER = "light-flamethrower"
    HEAVY_FLAMETHROWER = "heavy-flamethrower"


VEHICLE_WORDS = {
    VehicleType.HEAVY_TANK: N_("heavy-tank"),
    VehicleType.MEDIUM_TANK: N_("medium-tank"),
    VehicleType.LIGHT_TANK: N_("light-tank"),
    VehicleType.ARMOURED_CAR: N_("armoured-car"),
    VehicleType.ARMOURED_PERSONNEL_CARRIER: N_("armoured-personnel-carrier"),
    VehicleType.TRUCK: N_("truck"),
    VehicleType.CAR: N_("car"),
    VehicleType.MOTORCYCLE: N_("motorcycle"),
}
"""Each vehicle type as a catalog word: the same English as its value, so that the value, shown in a trace, is
translated."""


ARMOUR_WORDS = {
    ArmourClass.NONE: N_("none"),
    ArmourClass.EXTRA_LIGHT: N_("extra-light"),
    ArmourClass.LIGHT: N_("light"),
    ArmourClass.MEDIUM: N_("medium"),
    ArmourClass.HEAVY: N_("heavy"),
    ArmourClass.EXTRA_HEAVY: N_("extra-heavy"),
    ArmourClass.SUPER_EXTRA_HEAVY: N_("super-extra-heavy"),
}
"""Each armour class as a catalog word: the same English as its value, so that the value, shown in a trace, is
translated."""


TABLE_WORDS = {
    DamageTable.HEAVY_WEAPONS: N_("heavy-weapons"),
    DamageTable.SMALL_ARMS: N_("small-arms"),
    DamageTable.LIGHT_FLAMETHROWER: N_("light-flamethrower"),
    DamageTable.HEAVY_FLAMETHROWER: N_("heavy-flamethrower"),
}
"""Each damage table as a catalog word: the same English as its value, so that the value, shown in a trace, is
translated."""
