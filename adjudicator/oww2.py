"""Operation WW2 2.0: shared vocabulary, exact d10 odds, and the baptism of fire table.

Game ``operation-ww2``; source ``004_6b2d581a6c2d481a.txt`` ("Változások az
Operation WW2 2.0 szabályrendszerében", Hungarian), which lists only the
*changes* of version 2.0. The base rulebook is not among our sources, so every
value it would supply — the base to-hit number of a weapon at a range, the rows
of the damage tables this source does not change, a unit's training — is an
explicit scenario input, never a constant guessed here.

The Operation WW2 calculators are split by rules concept:

* this module — the vocabulary the others share (vehicle types, armour
  classes, damage tables), exact d10 arithmetic (:class:`Chance`,
  :func:`faces_where`), and the ``oww2-baptism-of-fire`` calculator
  (``oww2.baptism-of-fire-table``);
* :mod:`adjudicator.oww2_fire` — to-hit modifiers with their exceptions and the
  special guns;
* :mod:`adjudicator.oww2_line_of_fire` — the cover protection table and the
  precision tests for friendly figures and vehicles in the line of fire;
* :mod:`adjudicator.oww2_damage` — damage modifiers by armour class, the
  heavy-weapons damage table changes, the flamethrower tables, and the crew
  damage traits (external fuel tank, Ronson, unprotected ammunition);
* :mod:`adjudicator.oww2_vehicles` — driving and unsticking tests, collisions.

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
from adjudicator.registry import Calculator
from adjudicator.trace import Trace, TraceBuilder

__all__ = [
    "CALCULATORS",
    "D10_FACES",
    "GAME",
    "ArmourClass",
    "BaptismOfFireChance",
    "BaptismOfFireOutcome",
    "BaptismOfFireResult",
    "BaptismOfFireRow",
    "BaptismOfFireScenario",
    "Chance",
    "DamageTable",
    "VehicleType",
    "chance_of_faces",
    "check_d10",
    "evaluate_baptism_of_fire",
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
        return "none"
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

    @property
    def is_tank(self) -> bool:
        """Heavy, medium and light tanks."""
        return self in (VehicleType.HEAVY_TANK, VehicleType.MEDIUM_TANK, VehicleType.LIGHT_TANK)


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


# --- Baptism of fire -------------------------------------------------------------------------

BAPTISM_RULE = "oww2.baptism-of-fire-table"


@dataclass(frozen=True)
class BaptismOfFireRow:
    """One row of the baptism of fire table."""

    faces: tuple[int, ...]
    """The d10 faces of the row."""
    outcome: BaptismOfFireOutcome
    training: int | None
    """The unit's training this turn (``6`` for "6+"), or ``None`` when it flees."""


class BaptismOfFireOutcome(enum.Enum):
    """What the baptism of fire table does to a unit."""

    FLEES = "flees"
    """The unit flees and is removed from the table."""
    TRAINING_SET = "training-set"
    """The unit's training this turn is set by the table."""


BAPTISM_OF_FIRE_TABLE: tuple[BaptismOfFireRow, ...] = (
    BaptismOfFireRow((1, 2), BaptismOfFireOutcome.FLEES, None),
    BaptismOfFireRow((3, 4, 5, 6, 7), BaptismOfFireOutcome.TRAINING_SET, 6),
    BaptismOfFireRow((8, 9), BaptismOfFireOutcome.TRAINING_SET, 4),
    BaptismOfFireRow((10,), BaptismOfFireOutcome.TRAINING_SET, 2),
)
"""``oww2.baptism-of-fire-table``: 1-2 flees; 3-7 6+; 8-9 4+; 10 2+."""


@dataclass(frozen=True)
class BaptismOfFireScenario:
    """A unit rolling on the baptism of fire table."""

    roll: int | None = None
    """The d10 rolled, if it has been rolled; without it only the odds are given."""

    def __post_init__(self) -> None:
        check_d10("roll", self.roll)


@dataclass(frozen=True)
class BaptismOfFireChance:
    """The chance of one row of the table."""

    outcome: BaptismOfFireOutcome
    training: int | None
    faces: tuple[int, ...]
    chance: Chance


@dataclass(frozen=True)
class BaptismOfFireResult:
    """The odds of each row and, given a roll, what happens to the unit."""

    distribution: tuple[BaptismOfFireChance, ...]
    """Each row of the table with its chance (the chances sum to 1)."""
    p_flees: Chance
    outcome: BaptismOfFireOutcome | None
    """What the given roll does (``None`` without a roll)."""
    training: int | None
    """The unit's training this turn after the given roll (``None`` if it fled or without a roll)."""
    trace: Trace

    def summary(self) -> list[str]:
        lines = [
            f"{'flees' if row.outcome is BaptismOfFireOutcome.FLEES else f'training {row.training}+'}: "
            f"{row.chance.fraction} (rolls {faces_text(row.faces)})"
            for row in self.distribution
        ]
        if self.outcome is BaptismOfFireOutcome.FLEES:
            lines.append("The roll: the unit flees and is removed from the table.")
        elif self.outcome is BaptismOfFireOutcome.TRAINING_SET:
            lines.append(f"The roll: the unit's training this turn is {self.training}+.")
        return lines


def evaluate_baptism_of_fire(scenario: BaptismOfFireScenario) -> BaptismOfFireResult:
    """The baptism of fire table's odds, and the effect of a roll.

    >>> result = evaluate_baptism_of_fire(BaptismOfFireScenario(roll=8))
    >>> result.training, result.p_flees.fraction
    (4, '1/5')
    """
    trace = TraceBuilder()
    distribution = tuple(
        BaptismOfFireChance(row.outcome, row.training, row.faces, Chance.of(chance_of_faces(row.faces)))
        for row in BAPTISM_OF_FIRE_TABLE
    )
    for row in BAPTISM_OF_FIRE_TABLE:
        if row.outcome is BaptismOfFireOutcome.FLEES:
            trace.add(BAPTISM_RULE, "rolls {faces}: the unit flees and is removed from the table", faces=faces_text(row.faces))
        else:
            trace.add(
                BAPTISM_RULE,
                "rolls {faces}: the unit's training this turn is {training}+",
                faces=faces_text(row.faces),
                training=row.training,
            )
    outcome: BaptismOfFireOutcome | None = None
    training: int | None = None
    if scenario.roll is not None:
        row = next(row for row in BAPTISM_OF_FIRE_TABLE if scenario.roll in row.faces)
        outcome, training = row.outcome, row.training
        trace.add(BAPTISM_RULE, "the roll of {roll} falls in the row {faces}", roll=scenario.roll, faces=faces_text(row.faces))
    p_flees = sum((chance_of_faces(row.faces) for row in BAPTISM_OF_FIRE_TABLE if row.training is None), Fraction(0))
    return BaptismOfFireResult(distribution, Chance.of(p_flees), outcome, training, trace.build())


CALCULATORS = (
    Calculator(
        name="oww2-baptism-of-fire",
        title="Operation WW2: the baptism of fire table — odds of fleeing and of each training",
        scenario=BaptismOfFireScenario,
        evaluate=evaluate_baptism_of_fire,
        games=(GAME,),
    ),
)
