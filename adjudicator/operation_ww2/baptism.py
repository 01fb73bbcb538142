"""Operation WW2 2.0: the baptism of fire table (``oww2.baptism-of-fire-table``).

Game ``operation-ww2``; source ``004_6b2d581a6c2d481a.txt``. The ``oww2-baptism-of-fire``
calculator gives the odds of every row of the table and, given a d10 roll, what it does
to the unit: 1-2 it flees, 3-7 training 6+, 8-9 4+, 10 2+.
"""

from __future__ import annotations

import enum
from dataclasses import dataclass
from fractions import Fraction

from adjudicator.messages import N_, Message, Summarized, message
from adjudicator.operation_ww2.vocabulary import GAME, Chance, chance_of_faces, check_d10, faces_text
from adjudicator.registry import Calculator
from adjudicator.trace import Trace, TraceBuilder

__all__ = [
    "BAPTISM_OF_FIRE_TABLE",
    "CALCULATORS",
    "BaptismOfFireChance",
    "BaptismOfFireOutcome",
    "BaptismOfFireResult",
    "BaptismOfFireRow",
    "BaptismOfFireScenario",
    "evaluate_baptism_of_fire",
]

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
class BaptismOfFireResult(Summarized):
    """The odds of each row and, given a roll, what happens to the unit."""

    distribution: tuple[BaptismOfFireChance, ...]
    """Each row of the table with its chance (the chances sum to 1)."""
    p_flees: Chance
    outcome: BaptismOfFireOutcome | None
    """What the given roll does (``None`` without a roll)."""
    training: int | None
    """The unit's training this turn after the given roll (``None`` if it fled or without a roll)."""
    trace: Trace

    def summary_messages(self) -> list[Message]:
        lines = [
            message("flees: {chance} (rolls {faces})", chance=row.chance.fraction, faces=faces_text(row.faces))
            if row.outcome is BaptismOfFireOutcome.FLEES
            else message(
                "training {training}+: {chance} (rolls {faces})",
                training=row.training,
                chance=row.chance.fraction,
                faces=faces_text(row.faces),
            )
            for row in self.distribution
        ]
        if self.outcome is BaptismOfFireOutcome.FLEES:
            lines.append(message("The roll: the unit flees and is removed from the table."))
        elif self.outcome is BaptismOfFireOutcome.TRAINING_SET:
            lines.append(message("The roll: the unit's training this turn is {training}+.", training=self.training))
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
            trace.add(
                BAPTISM_RULE, "rolls {faces}: the unit flees and is removed from the table", faces=faces_text(row.faces)
            )
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
        trace.add(
            BAPTISM_RULE, "the roll of {roll} falls in the row {faces}", roll=scenario.roll, faces=faces_text(row.faces)
        )
    p_flees = sum((chance_of_faces(row.faces) for row in BAPTISM_OF_FIRE_TABLE if row.training is None), Fraction(0))
    return BaptismOfFireResult(distribution, Chance.of(p_flees), outcome, training, trace.build())


CALCULATORS = (
    Calculator(
        name="oww2-baptism-of-fire",
        label=N_("Baptism of fire"),
        title="Operation WW2: the baptism of fire table — odds of fleeing and of each training",
        scenario=BaptismOfFireScenario,
        evaluate=evaluate_baptism_of_fire,
        games=(GAME,),
    ),
)
