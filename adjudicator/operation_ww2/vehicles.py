"""Operation WW2 2.0 vehicles on the move: driving and unsticking tests, collisions.

Game ``operation-ww2``; source ``004_6b2d581a6c2d481a.txt`` (Hungarian). Rules
implemented, by entry id:

* ``oww2.driving-test`` — after at least 5 cm on an obstacle, a d10: 3 or more
  passes, 1-2 the vehicle is stuck for the turn; a stuck vehicle given a Move or
  Assault order rolls again: at least its training frees it (it moves 1d10 cm
  straight ahead), less leaves it stuck for good and Immobilised;
  ``oww2.traits.wide-tracks`` (stuck only on 1) and
  ``oww2.traits.easily-bogged`` (stuck on 1-3);
* ``oww2.collisions`` — the four collision categories (terrain features count by
  the parenthesised list: large and huge buildings heavy, walls and medium
  buildings medium, small buildings light); different categories: the smaller
  rolls on the heavy-weapons damage table, the larger on the small-arms table,
  and the larger pushes the smaller; the same category: both roll on the
  heavy-weapons table and stop where they touch; medium and heavy tanks crush
  cars unharmed (the car explodes, a catastrophe, and becomes rough ground);
  deliberate collisions are not allowed; ``oww2.collisions.motorcycles`` — a
  motorcycle cannot run into anything, and one that is hit takes an evasion test.

The damage rolls of a collision are evaluated by
:func:`adjudicator.operation_ww2.damage.evaluate_vehicle_damage`, armour modifiers
included. What the source leaves open is reported as ``None`` ("not stated"):
how far the smaller vehicle is pushed, whether the larger one stops, what a
terrain feature suffers. The vehicle's training is a scenario input (the base
rulebook's value). Cost: O(10).
"""

from __future__ import annotations

import enum
from dataclasses import dataclass, field
from fractions import Fraction

from adjudicator.checks import collect_problems, raise_problems
from adjudicator.errors import ScenarioError
from adjudicator.meaning import means
from adjudicator.messages import N_, Message, MessageList, Summarized, message
from adjudicator.operation_ww2.damage import DamageOutcome, VehicleDamageScenario, evaluate_vehicle_damage
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
    faces_where,
)
from adjudicator.registry import Calculator
from adjudicator.trace import Trace, TraceBuilder

__all__ = [
    "CALCULATORS",
    "OUTCOME_WORDS",
    "CollisionCategory",
    "CollisionEffect",
    "CollisionParty",
    "CollisionResult",
    "CollisionScenario",
    "DrivingOutcome",
    "DrivingStage",
    "DrivingTestResult",
    "DrivingTestScenario",
    "Order",
    "PartyKind",
    "evaluate_collision",
    "evaluate_driving_test",
]

DRIVING = "oww2.driving-test"
COLLISIONS = "oww2.collisions"
MOTORCYCLES = "oww2.collisions.motorcycles"

MOVING = "moving"
"""The :attr:`CollisionEffect.party` of the vehicle that ran into the other."""
STRUCK = "struck"
"""The :attr:`CollisionEffect.party` of the vehicle or terrain feature it ran into."""


# --- Driving and unsticking ------------------------------------------------------------------


class DrivingStage(enum.Enum):
    OBSTACLE = "obstacle"
    """The driving test on an obstacle."""
    UNSTICK = "unstick"
    """The test of a stuck vehicle given a Move or Assault order."""


class Order(enum.Enum):
    """The order a stuck vehicle is given (only Move and Assault let it try to get free)."""

    MOVE = "move"
    ASSAULT = "assault"
    OTHER = "other"


class DrivingOutcome(enum.Enum):
    PASSED = "passed"
    """Drives on towards the declared destination."""
    STUCK = "stuck"
    """Stuck: cannot move further this turn."""
    FREED = "freed"
    """Moves 1d10 cm straight ahead; moves normally next turn."""
    IMMOBILISED = "immobilised"
    """Stuck for good: Immobilised."""


OUTCOME_WORDS = {
    DrivingOutcome.PASSED: N_("passed"),
    DrivingOutcome.STUCK: N_("stuck"),
    DrivingOutcome.FREED: N_("freed"),
    DrivingOutcome.IMMOBILISED: N_("immobilised"),
}
"""Each driving-test outcome as a catalog word: the same English as its value, so that the value, shown in a trace,
is translated."""


@dataclass(frozen=True)
class DrivingTestScenario:
    """A vehicle on an obstacle, or a stuck vehicle trying to get free."""

    stage: DrivingStage
    """The driving test on an obstacle, or a stuck vehicle's test to get free (unstick)."""
    distance_on_obstacle_cm: float | None = None
    """How far the vehicle has driven on the obstacle (obstacle stage)."""
    wide_tracks: bool = False
    """The wide tracks trait: stuck on the obstacle only on a 1."""
    easily_bogged: bool = False
    """The easily bogged trait: stuck on the obstacle on 1-3 (not together with wide tracks)."""
    training: int | None = None
    """The vehicle's training (5 for "5+"), from its profile; needed to get free."""
    order: Order = Order.MOVE
    """The order given to the stuck vehicle (unstick stage)."""
    roll: int | None = field(default=None, metadata=means(expert=True))
    """The d10 test roll, if rolled (obstacle: 3+ passes; unstick: at least the training frees it)."""
    advance_roll: int | None = field(default=None, metadata=means(expert=True))
    """The 1d10 cm a freed vehicle moves straight ahead."""

    def __post_init__(self) -> None:
        raise_problems(
            collect_problems(
                self._check_traits,
                self._check_obstacle_stage,
                self._check_training,
                lambda: check_d10("roll", self.roll),
                lambda: check_d10("advance_roll", self.advance_roll),
            )
        )

    def _check_traits(self) -> None:
        if self.wide_tracks and self.easily_bogged:
            raise ScenarioError(
                "easily_bogged",
                "cannot be combined with wide tracks: the source does not say how the two traits combine",
                True,
            )

    def _check_obstacle_stage(self) -> None:
        if self.stage is not DrivingStage.OBSTACLE:
            return
        problems: list[ScenarioError] = []
        if self.distance_on_obstacle_cm is None:
            problems.append(
                ScenarioError("distance_on_obstacle_cm", "is needed for the obstacle stage (the test comes after 5 cm)")
            )
        elif self.distance_on_obstacle_cm < 0:
            problems.append(ScenarioError("distance_on_obstacle_cm", "must be 0 or more", self.distance_on_obstacle_cm))
        if self.advance_roll is not None:
            problems.append(ScenarioError("advance_roll", "belongs to the unstick stage", self.advance_roll))
        raise_problems(problems)

    def _check_training(self) -> None:
        if self.stage is DrivingStage.UNSTICK and self.training is None:
            raise ScenarioError("training", "is needed for the unstick stage (the roll must reach it)")
        if self.training is not None and not 1 <= self.training <= 10:
            raise ScenarioError("training", "must be a d10 training value from 1 to 10", self.training)


@dataclass(frozen=True)
class DrivingTestResult(Summarized):
    """Whether a test is rolled, its exact odds and, given rolls, what happens."""

    test_required: bool
    failing_faces: tuple[int, ...]
    p_pass: Chance
    """Passing the driving test, or getting free."""
    p_fail: Chance
    """Getting stuck, or becoming Immobilised."""
    advance_cm_if_freed: tuple[int, ...]
    """The distances (cm) a freed vehicle may move, each equally likely (unstick stage)."""
    outcome: DrivingOutcome | None
    advance_cm: int | None
    trace: Trace

    def summary_messages(self) -> list[Message]:
        if not self.test_required:
            return [message("No test is rolled.")]
        lines = [
            message(
                "P(pass) = {passes}, P(fail) = {fails} (fails on {faces})",
                passes=self.p_pass.fraction,
                fails=self.p_fail.fraction,
                faces=faces_text(self.failing_faces),
            )
        ]
        if self.outcome is not None:
            if self.advance_cm:
                lines.append(
                    message(
                        "The roll: {outcome}, moves {distance} cm straight ahead.",
                        outcome=OUTCOME_WORDS[self.outcome],
                        distance=self.advance_cm,
                    )
                )
            else:
                lines.append(message("The roll: {outcome}.", outcome=OUTCOME_WORDS[self.outcome]))
        return lines


def _obstacle_test(scenario: DrivingTestScenario, trace: TraceBuilder) -> DrivingTestResult:
    distance = scenario.distance_on_obstacle_cm
    assert distance is not None  # checked in DrivingTestScenario.__post_init__
    if distance < 5:
        trace.add(DRIVING, "{distance:g} cm on the obstacle, less than 5 cm: no driving test yet", distance=distance)
        return DrivingTestResult(
            False, (), Chance.of(Fraction(1)), Chance.of(Fraction(0)), (), None, None, trace.build()
        )
    stuck_on = 2
    trace.add(
        DRIVING, "{distance:g} cm on the obstacle: driving test, 3 or more passes, 1-2 gets stuck", distance=distance
    )
    if scenario.wide_tracks:
        stuck_on = 1
        trace.add("oww2.traits.wide-tracks", "wide tracks: stuck only on 1")
    if scenario.easily_bogged:
        stuck_on = 3
        trace.add("oww2.traits.easily-bogged", "easily bogged: stuck on 1-3")
    failing = faces_where(lambda face: face <= stuck_on)
    outcome = None
    if scenario.roll is not None:
        outcome = DrivingOutcome.STUCK if scenario.roll in failing else DrivingOutcome.PASSED
        if outcome is DrivingOutcome.STUCK:
            trace.add(DRIVING, "the roll of {roll}: stuck, cannot move further this turn", roll=scenario.roll)
        else:
            trace.add(
                DRIVING, "the roll of {roll}: passed, drives on towards the declared destination", roll=scenario.roll
            )
    p_fail = chance_of_faces(failing)
    return DrivingTestResult(True, failing, Chance.of(1 - p_fail), Chance.of(p_fail), (), outcome, None, trace.build())


def _unstick_test(scenario: DrivingTestScenario, trace: TraceBuilder) -> DrivingTestResult:
    if scenario.order is Order.OTHER:
        trace.add(DRIVING, "a stuck vehicle rolls to get free only when given a Move or Assault order")
        return DrivingTestResult(
            False, (), Chance.of(Fraction(0)), Chance.of(Fraction(0)), (), None, None, trace.build()
        )
    training = scenario.training
    assert training is not None  # checked in DrivingTestScenario.__post_init__
    failing = faces_where(lambda face: face < training)
    if scenario.order is Order.MOVE:
        trace.add(
            DRIVING,
            "stuck vehicle given a move order: {training}+ gets it free (moves 1d10 cm straight ahead), "
            "less leaves it stuck for good and Immobilised",
            training=training,
        )
    else:
        trace.add(
            DRIVING,
            "stuck vehicle given an assault order: {training}+ gets it free (moves 1d10 cm straight ahead), "
            "less leaves it stuck for good and Immobilised",
            training=training,
        )
    if scenario.wide_tracks or scenario.easily_bogged:
        trace.add(DRIVING, "wide tracks and easily bogged change only the driving test on the obstacle")
    outcome = None
    advance = None
    if scenario.roll is not None:
        outcome = DrivingOutcome.IMMOBILISED if scenario.roll in failing else DrivingOutcome.FREED
        trace.add(DRIVING, "the roll of {roll}: {outcome}", roll=scenario.roll, outcome=OUTCOME_WORDS[outcome])
        if outcome is DrivingOutcome.IMMOBILISED:
            trace.add(
                "oww2.damage-effects.immobilised",
                "Immobilised now also destroys the radio as a damage effect; the source does not say so for a vehicle "
                "stuck for good",
            )
        elif scenario.advance_roll is not None:
            advance = scenario.advance_roll
            trace.add(DRIVING, "moves {cm} cm straight ahead; next turn it moves normally", cm=advance)
    if scenario.advance_roll is not None and outcome is not DrivingOutcome.FREED:
        raise ScenarioError("advance_roll", "is rolled only by a vehicle that got free", scenario.advance_roll)
    p_fail = chance_of_faces(failing)
    return DrivingTestResult(
        True, failing, Chance.of(1 - p_fail), Chance.of(p_fail), D10_FACES, outcome, advance, trace.build()
    )


def evaluate_driving_test(scenario: DrivingTestScenario) -> DrivingTestResult:
    """The driving test on an obstacle, or a stuck vehicle's test to get free, with exact odds.

    >>> scenario = DrivingTestScenario(DrivingStage.OBSTACLE, distance_on_obstacle_cm=6, easily_bogged=True)
    >>> evaluate_driving_test(scenario).p_pass.fraction
    '7/10'
    """
    trace = TraceBuilder()
    if scenario.stage is DrivingStage.OBSTACLE:
        return _obstacle_test(scenario, trace)
    return _unstick_test(scenario, trace)


# --- Collisions ------------------------------------------------------------------------------


class CollisionCategory(enum.Enum):
    """The four collision categories, smallest first."""

    UNARMOURED = "unarmoured"
    LIGHT = "light"
    MEDIUM = "medium"
    HEAVY = "heavy"

    @property
    def rank(self) -> int:
        return list(CollisionCategory).index(self)


class PartyKind(enum.Enum):
    """A vehicle type, or a terrain feature that the collision categories name."""

    HEAVY_TANK = "heavy-tank"
    MEDIUM_TANK = "medium-tank"
    LIGHT_TANK = "light-tank"
    ARMOURED_CAR = "armoured-car"
    ARMOURED_PERSONNEL_CARRIER = "armoured-personnel-carrier"
    TRUCK = "truck"
    CAR = "car"
    MOTORCYCLE = "motorcycle"
    HUGE_BUILDING = "huge-building"
    LARGE_BUILDING = "large-building"
    MEDIUM_BUILDING = "medium-building"
    WALL = "wall"
    SMALL_BUILDING = "small-building"

    @property
    def vehicle_type(self) -> VehicleType | None:
        try:
            return VehicleType(self.value)
        except ValueError:
            return None

    @property
    def category(self) -> CollisionCategory | None:
        """The collision category (``None`` for a motorcycle, which the four categories leave out)."""
        return _CATEGORIES.get(self)


CATEGORY_WORDS = {
    CollisionCategory.UNARMOURED: N_("unarmoured"),
    CollisionCategory.LIGHT: N_("light"),
    CollisionCategory.MEDIUM: N_("medium"),
    CollisionCategory.HEAVY: N_("heavy"),
}
"""The collision categories as catalog words spelled like their values (shown in traces, so translated)."""


TERRAIN_WORDS = {
    PartyKind.HUGE_BUILDING: N_("huge-building"),
    PartyKind.LARGE_BUILDING: N_("large-building"),
    PartyKind.MEDIUM_BUILDING: N_("medium-building"),
    PartyKind.WALL: N_("wall"),
    PartyKind.SMALL_BUILDING: N_("small-building"),
}
"""The terrain features a vehicle can run into, as catalog words spelled like their values (so a kind shown in a
collision line is translated; the vehicle kinds are :data:`~adjudicator.operation_ww2.vocabulary.VEHICLE_WORDS`)."""


_K = PartyKind
_CATEGORIES = {
    _K.HEAVY_TANK: CollisionCategory.HEAVY,
    _K.HUGE_BUILDING: CollisionCategory.HEAVY,
    _K.LARGE_BUILDING: CollisionCategory.HEAVY,
    _K.MEDIUM_TANK: CollisionCategory.MEDIUM,
    _K.WALL: CollisionCategory.MEDIUM,
    _K.MEDIUM_BUILDING: CollisionCategory.MEDIUM,
    _K.LIGHT_TANK: CollisionCategory.LIGHT,
    _K.ARMOURED_CAR: CollisionCategory.LIGHT,
    _K.ARMOURED_PERSONNEL_CARRIER: CollisionCategory.LIGHT,
    _K.SMALL_BUILDING: CollisionCategory.LIGHT,
    _K.TRUCK: CollisionCategory.UNARMOURED,
    _K.CAR: CollisionCategory.UNARMOURED,
}


@dataclass(frozen=True)
class CollisionParty:
    """One side of a collision: a vehicle (with its armour) or a terrain feature."""

    kind: PartyKind
    """A vehicle type, or a terrain feature (huge, large, medium or small building, wall)."""
    armour: ArmourClass = ArmourClass.NONE
    """The vehicle's armour trait, which modifies its damage roll (none for a terrain feature)."""
    damage_roll: int | None = field(default=None, metadata=means(expert=True))
    """The d10 damage roll, if rolled."""

    def __post_init__(self) -> None:
        raise_problems(collect_problems(lambda: check_d10("damage_roll", self.damage_roll), self._check_feature))

    def _check_feature(self) -> None:
        if self.kind.vehicle_type is None and (self.armour is not ArmourClass.NONE or self.damage_roll is not None):
            raise ScenarioError(
                "kind", "is a terrain feature, which has no armour and rolls no damage", self.kind.value
            )


@dataclass(frozen=True)
class CollisionScenario:
    """A vehicle that ran into another vehicle or a terrain feature."""

    moving: CollisionParty
    """The vehicle that ran into the other."""
    struck: CollisionParty
    """The vehicle or terrain feature it ran into."""
    deliberate: bool = False
    """Whether the collision was on purpose (it may not be)."""

    def __post_init__(self) -> None:
        if self.moving.kind.vehicle_type is None:
            raise ScenarioError(
                "moving.kind", "must be a vehicle: a terrain feature does not move", self.moving.kind.value
            )


@dataclass(frozen=True)
class CollisionEffect:
    """What a collision does to one party (``None`` where the source does not say)."""

    party: str
    """``moving`` or ``struck``."""
    kind: PartyKind
    category: CollisionCategory | None
    damage_table: DamageTable | None
    """The table this party rolls on (``None``: no roll)."""
    damage_modifier: int | None
    damage: tuple[DamageOutcome, ...]
    """Exact distribution over the damage table's rows (empty without a roll)."""
    damage_outcome: DamageOutcome | None
    undamaged: bool | None
    catastrophe: bool
    becomes_rough_ground: bool
    stops_at_contact: bool | None
    pushed: bool | None
    """Pushed by the larger vehicle (the distance is not stated)."""
    evasion_test: bool


@dataclass(frozen=True)
class CollisionResult(Summarized):
    """Whether the collision may happen and what it does to each party."""

    permitted: bool
    moving: CollisionEffect | None
    struck: CollisionEffect | None
    trace: Trace

    def summary_messages(self) -> list[Message]:
        if not self.permitted:
            return [message("Not allowed.")]
        lines = []
        for effect in (self.moving, self.struck):
            assert effect is not None
            parts = []
            if effect.damage_table is not None:
                parts.append(
                    message(
                        "rolls on the {table} damage table ({modifier:+d})",
                        table=effect.damage_table.value,
                        modifier=effect.damage_modifier,
                    )
                )
            if effect.undamaged:
                parts.append(message("undamaged"))
            if effect.catastrophe:
                parts.append(message("catastrophe, becomes rough ground"))
            if effect.pushed:
                parts.append(message("is pushed"))
            if effect.stops_at_contact:
                parts.append(message("stops at the point of contact"))
            if effect.evasion_test:
                parts.append(message("takes an evasion test"))
            effects = MessageList(tuple(parts)) if parts else message("not stated by the source")
            if effect.party == MOVING:
                lines.append(message("moving {kind}: {effects}", kind=effect.kind.value, effects=effects))
            else:
                lines.append(message("struck {kind}: {effects}", kind=effect.kind.value, effects=effects))
        return lines


@dataclass
class _Effect:
    """Mutable draft of a :class:`CollisionEffect` while the rules are applied."""

    party: str
    subject: CollisionParty
    damage_table: DamageTable | None = None
    undamaged: bool | None = None
    catastrophe: bool = False
    rough_ground: bool = False
    stops: bool | None = None
    pushed: bool | None = None
    evasion_test: bool = False

    def freeze(self, trace: TraceBuilder) -> CollisionEffect:
        vehicle = self.subject.kind.vehicle_type
        damage: tuple[DamageOutcome, ...] = ()
        outcome = None
        modifier = None
        if self.damage_table is not None and vehicle is not None:
            kind, table = self.subject.kind.value, self.damage_table.value
            if self.party == MOVING:
                trace.add(COLLISIONS, "the moving {kind} rolls on the {table} damage table", kind=kind, table=table)
            else:
                trace.add(COLLISIONS, "the struck {kind} rolls on the {table} damage table", kind=kind, table=table)
            result = evaluate_vehicle_damage(
                VehicleDamageScenario(vehicle, self.damage_table, self.subject.armour, roll=self.subject.damage_roll)
            )
            trace.extend(result.trace)
            damage, outcome, modifier = result.distribution, result.outcome, result.total_modifier
        return CollisionEffect(
            self.party,
            self.subject.kind,
            self.subject.kind.category,
            self.damage_table,
            modifier,
            damage,
            outcome,
            self.undamaged,
            self.catastrophe,
            self.rough_ground,
            self.stops,
            self.pushed,
            self.evasion_test,
        )


def _different_categories(larger: _Effect, smaller: _Effect, trace: TraceBuilder) -> None:
    big, small = larger.subject.kind, smaller.subject.kind
    if big in (PartyKind.HEAVY_TANK, PartyKind.MEDIUM_TANK) and small is PartyKind.CAR:
        larger.undamaged = True
        smaller.catastrophe = smaller.rough_ground = True
        trace.add(
            COLLISIONS,
            "a {tank} crushes a car without being damaged: the car explodes (catastrophe) and becomes rough ground",
            tank=big.value,
        )
        return
    if smaller.subject.kind.vehicle_type is not None:
        smaller.damage_table = DamageTable.HEAVY_WEAPONS
    if larger.subject.kind.vehicle_type is not None:
        larger.damage_table = DamageTable.SMALL_ARMS
    trace.add(
        COLLISIONS,
        "different categories ({big} {big_category}, {small} {small_category}): the smaller rolls on the heavy-weapons "
        "damage table, the larger on the small-arms damage table",
        big=big.value,
        big_category=big.category.value if big.category else "",
        small=small.value,
        small_category=small.category.value if small.category else "",
    )
    if big.vehicle_type is not None and small.vehicle_type is not None:
        smaller.pushed = True
        trace.add(
            COLLISIONS,
            "the larger vehicle pushes the smaller one (the source gives no distance, nor whether the larger stops)",
        )
    else:
        trace.add(
            COLLISIONS, "the source says nothing of pushing, or of the damage, where a terrain feature is involved"
        )


def evaluate_collision(scenario: CollisionScenario) -> CollisionResult:
    """Who rolls on which damage table, who stops and who is pushed when a vehicle collides.

    >>> heavy, light = CollisionParty(PartyKind.HEAVY_TANK), CollisionParty(PartyKind.LIGHT_TANK)
    >>> result = evaluate_collision(CollisionScenario(heavy, light))
    >>> result.moving.damage_table.value, result.struck.damage_table.value, result.struck.pushed
    ('small-arms', 'heavy-weapons', True)
    """
    trace = TraceBuilder()
    moving, struck = scenario.moving, scenario.struck
    if scenario.deliberate:
        trace.add(COLLISIONS, "vehicles may not collide on purpose")
        return CollisionResult(False, None, None, trace.build())
    if moving.kind is PartyKind.MOTORCYCLE:
        trace.add(MOTORCYCLES, "a motorcycle cannot run into anything")
        return CollisionResult(False, None, None, trace.build())
    first, second = _Effect(MOVING, moving), _Effect(STRUCK, struck)
    trace.add(COLLISIONS, "an unforeseen collision: the damage to both is examined by their categories")
    if struck.kind is PartyKind.MOTORCYCLE:
        second.evasion_test = True
        trace.add(
            MOTORCYCLES,
            "a motorcycle that is run into takes an evasion test; the source states nothing else for this case",
        )
        return CollisionResult(True, first.freeze(trace), second.freeze(trace), trace.build())
    mine, theirs = moving.kind.category, struck.kind.category
    assert mine is not None and theirs is not None  # only motorcycles lack a category
    trace.add(
        COLLISIONS,
        "categories: {moving} is {moving_category}, {struck} is {struck_category}",
        moving=moving.kind.value,
        moving_category=mine.value,
        struck=struck.kind.value,
        struck_category=theirs.value,
    )
    if mine is theirs:
        for effect in (first, second):
            if effect.subject.kind.vehicle_type is not None:
                effect.damage_table = DamageTable.HEAVY_WEAPONS
                effect.stops = True
        trace.add(
            COLLISIONS, "same category: both roll on the heavy-weapons damage table and stop at the point of contact"
        )
        if struck.kind.vehicle_type is None:
            trace.add(COLLISIONS, "the source does not say what damage the terrain feature takes")
    elif mine.rank > theirs.rank:
        _different_categories(first, second, trace)
    else:
        _different_categories(second, first, trace)
    return CollisionResult(True, first.freeze(trace), second.freeze(trace), trace.build())


CALCULATORS = (
    Calculator(
        name="oww2-driving-test",
        label=N_("Driving test"),
        title="Operation WW2: the driving test on an obstacle and a stuck vehicle's test to get free",
        scenario=DrivingTestScenario,
        evaluate=evaluate_driving_test,
        games=(GAME,),
    ),
    Calculator(
        name="oww2-collision",
        label=N_("Collisions"),
        title="Operation WW2: collisions — who rolls on which damage table, who stops, who is pushed or crushed",
        scenario=CollisionScenario,
        evaluate=evaluate_collision,
        games=(GAME,),
    ),
)
