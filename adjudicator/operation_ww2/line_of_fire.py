"""Operation WW2 2.0 line of fire: the cover protection table and precision tests.

Game ``operation-ww2``; source ``004_6b2d581a6c2d481a.txt`` (Hungarian). Rules
implemented, by entry id:

* ``oww2.cover-and-protection`` and ``oww2.cover-table`` — direct fire at a
  vehicle at least 50% hidden by a terrain feature giving medium or heavy cover:
  a d10, 1-3 the terrain feature stops the shot, 4-10 the vehicle is hit and
  rolls for damage;
* ``oww2.other-vehicles-in-line-of-fire`` — a target vehicle at least 50% hidden
  by another vehicle (friend or foe): a precision test, a roll of at least the
  firer's training keeps the original target, less hits the covering vehicle;
  then to-hit and damage are rolled as normal;
* ``oww2.friendly-infantry-in-line-of-fire`` — a precision test only when the
  line of fire passes through at least one friendly figure (the test itself is
  the base rulebook's, so only whether it is rolled is decided here).

The firer's training is a scenario input (the base rulebook's value). Cost: O(10).
"""

from __future__ import annotations

import enum
from dataclasses import dataclass, field
from fractions import Fraction

from adjudicator.checks import check_count, collect_problems, raise_problems
from adjudicator.errors import ScenarioError
from adjudicator.meaning import means
from adjudicator.messages import N_, Message, MessageList, N_plural, Summarized, message
from adjudicator.operation_ww2.fire import FireMode
from adjudicator.operation_ww2.vocabulary import GAME, Chance, chance_of_faces, check_d10, faces_text, faces_where
from adjudicator.registry import Calculator
from adjudicator.trace import Trace, TraceBuilder

__all__ = [
    "CALCULATORS",
    "CoverGrade",
    "CoverProtectionOutcome",
    "CoverProtectionResult",
    "CoverProtectionScenario",
    "PrecisionTestOutcome",
    "PrecisionTestResult",
    "PrecisionTestScenario",
    "evaluate_cover_protection",
    "evaluate_precision_test",
]


# --- Cover protection table ------------------------------------------------------------------

COVER_TABLE = "oww2.cover-table"
COVER_ABSORBS: tuple[int, ...] = (1, 2, 3)
"""``oww2.cover-table``: 1-3 the terrain feature stops the shot; 4-10 the vehicle is hit."""


class CoverGrade(enum.Enum):
    """The cover a terrain feature provides."""

    NONE = "none"
    LIGHT = "light"
    MEDIUM = "medium"
    HEAVY = "heavy"


COVER_WORDS = {
    CoverGrade.NONE: N_("none"),
    CoverGrade.LIGHT: N_("light"),
    CoverGrade.MEDIUM: N_("medium"),
    CoverGrade.HEAVY: N_("heavy"),
}
"""Each cover grade as a catalog word (the same English as its value), for the trace."""


class CoverProtectionOutcome(enum.Enum):
    ABSORBED = "absorbed"
    """No effect: the terrain feature stopped the shot."""
    VEHICLE_HIT = "vehicle-hit"
    """The vehicle is hit: roll on the damage table."""


OUTCOME_WORDS = {
    CoverProtectionOutcome.ABSORBED: N_("the terrain feature stops the shot"),
    CoverProtectionOutcome.VEHICLE_HIT: N_("the vehicle is hit"),
}
"""Each row of the cover protection table as a catalog phrase, for the trace and the summary."""


@dataclass(frozen=True)
class CoverProtectionScenario:
    """A hit on a vehicle partly hidden by a terrain feature."""

    fire: FireMode
    """Direct or indirect fire; only direct fire rolls on the cover protection table."""
    cover: CoverGrade
    """The cover the hiding terrain feature provides."""
    hidden_percent: float
    """How much of the vehicle the terrain feature hides, in percent."""
    roll: int | None = field(default=None, metadata=means(expert=True))
    """The d10 on the cover protection table (1-3: the terrain feature stops the shot), if rolled."""

    def __post_init__(self) -> None:
        raise_problems(collect_problems(self._check_hidden_percent, lambda: check_d10("roll", self.roll)))

    def _check_hidden_percent(self) -> None:
        if not 0 <= self.hidden_percent <= 100:
            raise ScenarioError("hidden_percent", "must be a percentage from 0 to 100", self.hidden_percent)


@dataclass(frozen=True)
class CoverProtectionResult(Summarized):
    """Whether the cover table is rolled, and the chance that the vehicle is hit."""

    table_applies: bool
    p_vehicle_hit: Chance
    p_absorbed: Chance
    outcome: CoverProtectionOutcome | None
    trace: Trace

    def summary_messages(self) -> list[Message]:
        if not self.table_applies:
            return [message("The cover protection table is not rolled; the shot reaches the vehicle.")]
        lines = [
            message(
                "Cover protection table: P(vehicle hit) = {hit}, P(terrain stops it) = {absorbed}",
                hit=self.p_vehicle_hit.fraction,
                absorbed=self.p_absorbed.fraction,
            )
        ]
        if self.outcome is not None:
            lines.append(message("The roll: {outcome}.", outcome=OUTCOME_WORDS[self.outcome]))
        return lines


def evaluate_cover_protection(scenario: CoverProtectionScenario) -> CoverProtectionResult:
    """Whether the terrain feature stops a shot at a vehicle, with exact odds.

    >>> evaluate_cover_protection(CoverProtectionScenario(FireMode.DIRECT, CoverGrade.HEAVY, 50)).p_vehicle_hit.fraction
    '7/10'
    """
    trace = TraceBuilder()
    reasons: list[Message] = []
    if scenario.fire is not FireMode.DIRECT:
        reasons.append(message("the fire is not direct"))
    if scenario.cover not in (CoverGrade.MEDIUM, CoverGrade.HEAVY):
        reasons.append(message("{cover} cover is not medium or heavy", cover=COVER_WORDS[scenario.cover]))
    if scenario.hidden_percent < 50:
        reasons.append(message("{percent:g} percent hidden is less than 50 percent", percent=scenario.hidden_percent))
    if reasons:
        trace.add(
            "oww2.cover-and-protection",
            "no cover protection roll: {reasons}",
            reasons=MessageList(tuple(reasons), "; "),
        )
        return CoverProtectionResult(False, Chance.of(Fraction(1)), Chance.of(Fraction(0)), None, trace.build())
    trace.add(
        "oww2.cover-and-protection",
        "direct fire at a vehicle {percent:g} percent hidden by {cover} cover: roll on the cover protection table",
        percent=scenario.hidden_percent,
        cover=COVER_WORDS[scenario.cover],
    )
    trace.add(
        COVER_TABLE, "1-3: no effect, the terrain feature stopped the shot; 4-10: the vehicle is hit, roll for damage"
    )
    absorbed = chance_of_faces(COVER_ABSORBS)
    outcome = None
    if scenario.roll is not None:
        outcome = (
            CoverProtectionOutcome.ABSORBED if scenario.roll in COVER_ABSORBS else CoverProtectionOutcome.VEHICLE_HIT
        )
        trace.add(COVER_TABLE, "the roll of {roll}: {outcome}", roll=scenario.roll, outcome=OUTCOME_WORDS[outcome])
    return CoverProtectionResult(True, Chance.of(1 - absorbed), Chance.of(absorbed), outcome, trace.build())


# --- Precision tests -------------------------------------------------------------------------

OTHER_VEHICLES = "oww2.other-vehicles-in-line-of-fire"
FRIENDLY_FIGURES = "oww2.friendly-infantry-in-line-of-fire"


class PrecisionTestOutcome(enum.Enum):
    ORIGINAL_TARGET = "original-target"
    COVERING_VEHICLE = "covering-vehicle"


PRECISION_OUTCOME_WORDS = {
    PrecisionTestOutcome.ORIGINAL_TARGET: N_("original-target"),
    PrecisionTestOutcome.COVERING_VEHICLE: N_("covering-vehicle"),
}
"""The outcomes as catalog words spelled like their values, so an outcome shown in a trace is translated."""


@dataclass(frozen=True)
class PrecisionTestScenario:
    """The line of fire to a target: friendly figures on it, another vehicle hiding the target."""

    friendly_figures_crossed: int = 0
    """How many friendly figures the line of fire passes through."""
    covering_vehicle_hidden_percent: float = 0.0
    """How much of the target vehicle another vehicle (friend or foe) hides, in percent."""
    firer_training: int | None = None
    """The firer's training (6 for "6+"); needed for the test against a covering vehicle."""
    roll: int | None = field(default=None, metadata=means(expert=True))
    """The d10 precision test against the covering vehicle (at least the training keeps the target), if rolled."""

    def __post_init__(self) -> None:
        raise_problems(
            collect_problems(
                lambda: check_count("friendly_figures_crossed", self.friendly_figures_crossed),
                self._check_hidden_percent,
                self._check_training,
                lambda: check_d10("roll", self.roll),
            )
        )

    def _check_hidden_percent(self) -> None:
        if not 0 <= self.covering_vehicle_hidden_percent <= 100:
            raise ScenarioError(
                "covering_vehicle_hidden_percent",
                "must be a percentage from 0 to 100",
                self.covering_vehicle_hidden_percent,
            )

    def _check_training(self) -> None:
        if self.firer_training is not None and not 1 <= self.firer_training <= 10:
            raise ScenarioError("firer_training", "must be a d10 training value from 1 to 10", self.firer_training)
        if self.covering_vehicle_hidden_percent >= 50 and self.firer_training is None:
            raise ScenarioError(
                "firer_training", "is needed: the precision test against a covering vehicle is rolled against it"
            )


@dataclass(frozen=True)
class PrecisionTestResult(Summarized):
    """Which precision tests are rolled, and the odds of hitting the intended target."""

    friendly_figure_test_required: bool
    covering_vehicle_test_required: bool
    p_original_target: Chance
    """Chance the covering-vehicle test leaves the original target (1 when no test)."""
    p_covering_vehicle: Chance
    outcome: PrecisionTestOutcome | None
    trace: Trace

    def summary_messages(self) -> list[Message]:
        lines = [
            message("Precision test for friendly figures: required (per the base rulebook)")
            if self.friendly_figure_test_required
            else message("Precision test for friendly figures: not required")
        ]
        if self.covering_vehicle_test_required:
            lines.append(
                message(
                    "Precision test against the covering vehicle: P(original target) = {original}, "
                    "P(covering vehicle) = {covering}",
                    original=self.p_original_target.fraction,
                    covering=self.p_covering_vehicle.fraction,
                )
            )
        if self.outcome is not None:
            lines.append(
                message("The roll: {outcome}; then roll to hit and for damage as normal.", outcome=self.outcome.value)
            )
        return lines


def evaluate_precision_test(scenario: PrecisionTestScenario) -> PrecisionTestResult:
    """Whether precision tests are needed, and P(original target) against a covering vehicle.

    >>> scenario = PrecisionTestScenario(covering_vehicle_hidden_percent=60, firer_training=4)
    >>> evaluate_precision_test(scenario).p_original_target.fraction
    '7/10'
    """
    trace = TraceBuilder()
    friendly = scenario.friendly_figures_crossed > 0
    if friendly:
        trace.add(
            FRIENDLY_FIGURES,
            N_plural(
                "the line of fire passes through {count} friendly figure: precision test required (rolled as the base "
                "rulebook says)",
                "the line of fire passes through {count} friendly figures: precision test required (rolled as the "
                "base rulebook says)",
            ),
            count=scenario.friendly_figures_crossed,
        )
    else:
        trace.add(FRIENDLY_FIGURES, "the line of fire passes through no friendly figure: precision test not required")
    covered = scenario.covering_vehicle_hidden_percent >= 50
    outcome = None
    if not covered:
        trace.add(
            OTHER_VEHICLES,
            "another vehicle hides {percent:g} percent of the target, less than 50 percent: no precision test for it",
            percent=scenario.covering_vehicle_hidden_percent,
        )
        return PrecisionTestResult(friendly, False, Chance.of(Fraction(1)), Chance.of(Fraction(0)), None, trace.build())
    training = scenario.firer_training
    assert training is not None  # checked in PrecisionTestScenario.__post_init__
    original = faces_where(lambda face: face >= training)
    trace.add(
        OTHER_VEHICLES,
        "another vehicle hides {percent:g} percent of the target: precision test, {training}+ keeps the original "
        "target (faces {faces}), less hits the covering vehicle",
        percent=scenario.covering_vehicle_hidden_percent,
        training=training,
        faces=faces_text(original),
    )
    if scenario.roll is not None:
        outcome = (
            PrecisionTestOutcome.ORIGINAL_TARGET if scenario.roll >= training else PrecisionTestOutcome.COVERING_VEHICLE
        )
        trace.add(OTHER_VEHICLES, "the roll of {roll}: {outcome}", roll=scenario.roll, outcome=outcome.value)
    p_original = chance_of_faces(original)
    return PrecisionTestResult(friendly, True, Chance.of(p_original), Chance.of(1 - p_original), outcome, trace.build())


CALCULATORS = (
    Calculator(
        name="oww2-cover-protection",
        label=N_("Cover protection"),
        title="Operation WW2: the cover protection table for a vehicle behind medium or heavy cover",
        scenario=CoverProtectionScenario,
        evaluate=evaluate_cover_protection,
        games=(GAME,),
    ),
    Calculator(
        name="oww2-precision-test",
        label=N_("Precision test"),
        title="Operation WW2: precision tests for friendly figures and vehicles in the line of fire",
        scenario=PrecisionTestScenario,
        evaluate=evaluate_precision_test,
        games=(GAME,),
    ),
)
