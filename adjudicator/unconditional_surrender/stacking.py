"""Stacking (6), stacking restrictions (9.0.1) and stacking limits (9.1).

Game: Unconditional Surrender! (service rules; source ``002_14e02d87786a9df7.txt``,
Russian). Entries implemented:

- ``us.6`` — only ground units stack; units in an off-map box do not stack, so
  any number may be there (no restriction or limit applies in a box).
- ``us.9-0-1.hq``, ``us.9-0-1.fortress`` — an HQ does not stack with another HQ,
  a fortress not with another fortress.
- ``us.9-0-1.minor-countries`` — units of different minor countries do not stack;
  ``us.9-0-1.expeditionary`` (Exception 1) — a first-order Expeditionary unit
  stacks with any other unit of its faction; ``us.9-0-1.franco-belgian-cooperation``
  (Exception 2) — French and Belgium-Holland units stack only while the
  Franco-Belgian Cooperation marker is in the Strategic Warfare Box;
  ``us.9-0-1.anglo-french-non-cooperation`` — while the Anglo-French
  Non-Cooperation marker is there, British and Western-Allied French units do not.
- ``us.9-1`` — the limits, checked at the end of every segment and phase (they
  may be exceeded meanwhile); excess units are destroyed under rule 4.2.5.1,
  which is not part of this source.

Readings (the entries' ambiguity notes; each is stated in the trace):

- ``us.9-1`` limits, :class:`StackingLimitReading`. The documented reading
  (``steps``, the default) takes 'first-order unit' as a step: a hex with the
  small «4» box holds at most 4 ground units with at most 4 steps in all, every
  other hex at most 4 ground units with at most 7 steps. ``units`` is the literal
  count, under which only the 4-unit limit can bind.
- ``us.9-0-1.expeditionary``: a 'first-order' unit is a one-step unit. Exception 1
  lifts the minor-country restriction only (``minor-countries``, the default: it
  stands right after that bullet) or every restriction of 9.0.1
  (``all-restrictions``), :class:`ExpeditionaryReading`.
- French units are units of nationality ``france``, Belgium-Holland units of
  ``belgium-holland``, British units of ``britain``
  (:class:`~adjudicator.unconditional_surrender.hexmap.Nationality`).

Complexity: ``O(U + Σ k²)`` for ``U`` units and ``k`` ground units per hex
(pairs in a hex; ``k`` is small).
"""

from __future__ import annotations

import enum
from dataclasses import dataclass, field
from itertools import combinations
from typing import Any, ClassVar

from adjudicator.errors import ScenarioError
from adjudicator.limits import SizeLimit
from adjudicator.meaning import means
from adjudicator.messages import N_, Message, N_plural, Summarized, message
from adjudicator.plain import CheckedWholeOrPartial
from adjudicator.registry import Calculator
from adjudicator.trace import Step, Trace, TraceBuilder
from adjudicator.unconditional_surrender.hexmap import (
    MAP_SIZE_LIMITS,
    CountryKind,
    Faction,
    HexMap,
    MapIndex,
    MapNames,
    Nationality,
    Unit,
    UnitKind,
    UnitType,
    check_pieces,
)

__all__ = [
    "CALCULATORS",
    "CheckMoment",
    "ExpeditionaryReading",
    "StackVerdict",
    "StackingLimitReading",
    "StackingReadings",
    "StackingResult",
    "StackingScenario",
    "StrategicMarker",
    "evaluate_stacking",
    "limits_for",
]

MAX_UNITS = 4
"""Ground units a hex may hold (9.1)."""
MAX_STEPS = 7
"""First-order units (read: steps) in an ordinary hex (9.1)."""
MAX_STEPS_BOX_4 = 4
"""First-order units (read: steps) in a hex with the small «4» box (9.1)."""


class StackingLimitReading(enum.Enum):
    """How to read the limits of 9.1 (see the entry's note)."""

    STEPS = "steps"
    """'First-order unit' = a step: ≤ 4 ground units and ≤ 7 steps (≤ 4 in a «4» hex). The documented reading."""
    UNITS = "units"
    """Literal: ≤ 4 ground units; the first-order counts (4 of 4, 7 of 4) never bind."""


class ExpeditionaryReading(enum.Enum):
    """Which restrictions Exception 1 (first-order Expeditionary units) lifts."""

    MINOR_COUNTRIES = "minor-countries"
    """Only the restriction it follows: units of different minor countries (the default)."""
    ALL_RESTRICTIONS = "all-restrictions"
    """Every restriction of 9.0.1."""


class CheckMoment(enum.Enum):
    """When the stack is looked at (9.1: the limits are checked at the end of every segment and phase)."""

    END_OF_SEGMENT = "end-of-segment"
    END_OF_PHASE = "end-of-phase"
    DURING_SEGMENT = "during-segment"

    @property
    def label(self) -> str:
        """The moment as a catalog word.

        >>> CheckMoment.END_OF_PHASE.label
        'end of phase'
        """
        return _MOMENT_WORDS[self]


_MOMENT_WORDS = {
    CheckMoment.END_OF_SEGMENT: N_("end of segment"),
    CheckMoment.END_OF_PHASE: N_("end of phase"),
    CheckMoment.DURING_SEGMENT: N_("during segment"),
}


class StrategicMarker(enum.Enum):
    """Markers in the Strategic Warfare Box that change stacking (9.0.1)."""

    FRANCO_BELGIAN_COOPERATION = "franco-belgian-cooperation"
    ANGLO_FRENCH_NON_COOPERATION = "anglo-french-non-cooperation"


@dataclass(frozen=True)
class StackingReadings:
    """Readings of ambiguous stacking text."""

    limits: StackingLimitReading = StackingLimitReading.STEPS
    """``us.9-1``: steps (documented) or the literal unit count."""
    expeditionary: ExpeditionaryReading = ExpeditionaryReading.MINOR_COUNTRIES
    """``us.9-0-1.expeditionary``: what Exception 1 lifts."""


@dataclass(frozen=True)
class StackingScenario(CheckedWholeOrPartial):
    """Units on a map, the Strategic Warfare Box and the moment of the check."""

    size_limits: ClassVar[tuple[SizeLimit, ...]] = MAP_SIZE_LIMITS
    """Fields whose cost grows with their size (:mod:`adjudicator.limits`)."""

    map: HexMap
    """The map (hexes with the small «4» box, off-map boxes, countries)."""
    units: tuple[Unit, ...]
    """Every unit."""
    strategic_warfare_box: tuple[StrategicMarker, ...] = ()
    """Markers in the Strategic Warfare Box."""
    moment: CheckMoment = CheckMoment.END_OF_SEGMENT
    """When the stacks are checked."""
    hexes: tuple[str, ...] = ()
    """Only these hexes (default: every hex holding units)."""
    readings: StackingReadings = field(default_factory=StackingReadings, metadata=means(expert=True))
    """Readings of ambiguous text."""

    @staticmethod
    def scenario_problems(given: dict[str, Any]) -> list[ScenarioError]:
        """Checked whole when built and partly by :func:`adjudicator.plain.from_plain` (see there)."""
        return _scenario_problems(given)


def _scenario_problems(given: dict[str, Any]) -> list[ScenarioError]:
    """Units against the map and the hexes asked about (whole or partial fields)."""
    board = given.get("map")
    names = MapNames.of(board) if board is not None else None
    problems = check_pieces(names, given.get("units", ()))
    for number, name in enumerate(given.get("hexes", ())):
        if names is not None and names.is_place(name) is False:
            problems.append(
                ScenarioError(f"hexes.{number}", "unknown hex; expected a hex or off-map box of the map", name)
            )
    return problems


@dataclass(frozen=True)
class StackVerdict:
    """One hex's stack."""

    hex: str
    units: tuple[str, ...]
    """Every unit in the hex (ground or not)."""
    ground_units: int
    """Units that stack (6)."""
    steps: int
    """Steps of the ground units."""
    max_units: int | None
    """The unit limit (none in an off-map box)."""
    max_steps: int | None
    """The step limit under the reading used (none when it does not apply)."""
    over_limit: bool
    """The stack exceeds a limit of 9.1."""
    legal: bool
    """No restriction broken, and no limit exceeded at a moment it is checked."""
    violated_rules: tuple[str, ...]
    """Entry ids of the rules broken."""
    steps_explained: tuple[Step, ...]
    """The reasons, each citing its entry."""


@dataclass(frozen=True)
class StackingResult(Summarized):
    """Verdict per stack, and on the whole map."""

    legal: bool
    """Every stack checked is legal."""
    violated_rules: tuple[str, ...]
    """Entry ids of every rule broken somewhere, sorted."""
    stacks: tuple[StackVerdict, ...]
    """One verdict per hex checked, in map order."""
    trace: Trace

    def summary_messages(self) -> list[Message]:
        if self.legal:
            lines = [message("all stacks legal")]
        else:
            lines = [message("illegal stacks: {hexes}", hexes=", ".join(s.hex for s in self.stacks if not s.legal))]
        for stack in self.stacks:
            verdict = (
                message("legal") if stack.legal else message("illegal: {rules}", rules=", ".join(stack.violated_rules))
            )
            if stack.max_units is None:
                template = N_("{hex}: {units} units (no limit) — {verdict}")
            elif stack.max_steps is None:
                template = N_("{hex}: {units}/{max_units} units — {verdict}")
            else:
                template = N_("{hex}: {units}/{max_units} units, {steps}/{max_steps} steps — {verdict}")
            lines.append(
                message(
                    template,
                    hex=stack.hex,
                    units=stack.ground_units,
                    max_units=stack.max_units,
                    steps=stack.steps,
                    max_steps=stack.max_steps,
                    verdict=verdict,
                )
            )
        return lines


def limits_for(box_4: bool, reading: StackingLimitReading) -> tuple[int, int | None]:
    """(ground units, steps) a hex may hold under ``reading`` (9.1).

    >>> limits_for(False, StackingLimitReading.STEPS), limits_for(True, StackingLimitReading.STEPS)
    ((4, 7), (4, 4))
    >>> limits_for(False, StackingLimitReading.UNITS)
    (4, None)
    """
    if reading is StackingLimitReading.UNITS:
        return MAX_UNITS, None
    return MAX_UNITS, MAX_STEPS_BOX_4 if box_4 else MAX_STEPS


def _first_order_expeditionary(unit: Unit) -> bool:
    return unit.expeditionary and unit.steps == 1


class _Stack:
    """The restrictions of 9.0.1 applied to one hex's ground units."""

    def __init__(self, index: MapIndex, scenario: StackingScenario, hex_name: str) -> None:
        self.index = index
        self.scenario = scenario
        self.hex = hex_name
        self.steps: list[Step] = []
        self.broken: list[str] = []

    def note(self, rule: str, template: str, **params: object) -> None:
        self.steps.append(Step(rule, template, dict(params)))

    def minor(self, unit: Unit) -> bool:
        country = self.index.countries.get(unit.nationality)
        return country is not None and country.kind is CountryKind.MINOR

    def excepted(self, a: Unit, b: Unit, rule: str) -> bool:
        """Exception 1: a first-order Ex unit stacks with any other unit of its faction."""
        if (
            rule != "us.9-0-1.minor-countries"
            and self.scenario.readings.expeditionary is ExpeditionaryReading.MINOR_COUNTRIES
        ):
            return False
        for ex, other in ((a, b), (b, a)):
            if _first_order_expeditionary(ex) and ex.faction is other.faction:
                self.note(
                    "us.9-0-1.expeditionary",
                    "{ex} is a first-order Expeditionary unit: it stacks with {other}, a unit of its faction",
                    ex=ex.id,
                    other=other.id,
                )
                return True
        return False

    def forbid(self, rule: str, template: str, a: Unit, b: Unit) -> None:
        if self.excepted(a, b, rule):
            return
        self.note(rule, template, a=a.id, b=b.id, hex=self.hex)
        self.broken.append(rule)

    def check_pair(self, a: Unit, b: Unit) -> None:
        box = self.scenario.strategic_warfare_box
        if a.type is UnitType.HQ and b.type is UnitType.HQ:
            self.forbid("us.9-0-1.hq", "{a} and {b} in {hex}: an HQ does not stack with another HQ", a, b)
        if a.type is UnitType.FORTRESS and b.type is UnitType.FORTRESS:
            self.forbid(
                "us.9-0-1.fortress", "{a} and {b} in {hex}: a fortress does not stack with another fortress", a, b
            )
        nations = {a.nationality, b.nationality}
        franco_belgian = nations == {Nationality.FRANCE, Nationality.BELGIUM_HOLLAND}
        if franco_belgian:
            if StrategicMarker.FRANCO_BELGIAN_COOPERATION in box:
                self.note(
                    "us.9-0-1.franco-belgian-cooperation",
                    "the Franco-Belgian Cooperation marker is in the Strategic Warfare Box: French {a} and "
                    "Belgium-Holland {b} may stack",
                    a=a.id if a.nationality == Nationality.FRANCE else b.id,
                    b=b.id if a.nationality == Nationality.FRANCE else a.id,
                )
            else:
                self.forbid(
                    "us.9-0-1.franco-belgian-cooperation",
                    "{a} and {b} in {hex}: French and Belgium-Holland units stack only while the Franco-Belgian "
                    "Cooperation marker "
                    "is in the Strategic Warfare Box (read: not without it)",
                    a,
                    b,
                )
        elif a.nationality != b.nationality and self.minor(a) and self.minor(b):
            self.forbid(
                "us.9-0-1.minor-countries",
                "{a} and {b} in {hex}: units of different minor countries do not stack",
                a,
                b,
            )
        if StrategicMarker.ANGLO_FRENCH_NON_COOPERATION in box:
            french = [u for u in (a, b) if u.nationality == Nationality.FRANCE and u.faction is Faction.WESTERN_ALLIES]
            british = [u for u in (a, b) if u.nationality == Nationality.BRITAIN]
            if french and british:
                self.forbid(
                    "us.9-0-1.anglo-french-non-cooperation",
                    "{a} and {b} in {hex}: with the Anglo-French Non-Cooperation marker in the Strategic Warfare Box, "
                    "British and Western-Allied French units cannot stack",
                    british[0],
                    french[0],
                )


def _judge(index: MapIndex, scenario: StackingScenario, node: int, units: list[Unit]) -> StackVerdict:
    name = index.names[node]
    stack = _Stack(index, scenario, name)
    ground = [unit for unit in units if unit.kind is UnitKind.GROUND]
    for unit in units:
        if unit.kind is not UnitKind.GROUND:
            stack.note("us.6", "{unit} is a {kind} unit: only ground units stack", unit=unit.id, kind=unit.kind.value)
    total_steps = sum(unit.steps for unit in ground)
    ids = tuple(unit.id for unit in units)
    if index.is_box(node):
        stack.note(
            "us.6",
            "{hex} is an off-map box: units there do not stack, any number may be there ({count} units)",
            hex=name,
            count=len(ground),
        )
        return StackVerdict(name, ids, len(ground), total_steps, None, None, False, True, (), tuple(stack.steps))
    for a, b in combinations(ground, 2):
        stack.check_pair(a, b)
    box_4 = index.hexes[node].stacking_box_4
    max_units, max_steps = limits_for(box_4, scenario.readings.limits)
    over = len(ground) > max_units or (max_steps is not None and total_steps > max_steps)
    where = N_("a hex with the small «4» box") if box_4 else N_("a hex without the «4» box")
    if over:
        detail = _ground_units(len(ground), total_steps if max_steps is not None else None)
        limit = _ground_units(max_units, max_steps)
        if scenario.moment is CheckMoment.DURING_SEGMENT:
            stack.note(
                "us.9-1",
                "{hex} holds {detail}, over the limit of {limit} for {where}; allowed for now: the limit is checked at "
                "the end of every segment and phase",
                hex=name,
                detail=detail,
                limit=limit,
                where=where,
            )
        else:
            stack.note(
                "us.9-1",
                "{hex} holds {detail}, over the limit of {limit} for {where}, checked at the {moment}: the excess "
                "units are destroyed (rule 4.2.5.1)",
                hex=name,
                detail=detail,
                limit=limit,
                where=where,
                moment=scenario.moment.label,
            )
            stack.broken.append("us.9-1")
    elif len(ground) > 1:
        stack.note(
            "us.9-1",
            "{hex} holds {count} ground units with {steps} steps, within the limit for {where}",
            hex=name,
            count=len(ground),
            steps=total_steps,
            where=where,
        )
    broken = tuple(dict.fromkeys(stack.broken))
    return StackVerdict(
        name, ids, len(ground), total_steps, max_units, max_steps, over, not broken, broken, tuple(stack.steps)
    )


def _ground_units(units: int, steps: int | None) -> Message:
    """``4 ground units`` or ``4 ground units with 7 steps``, in the reader's language.

    >>> _ground_units(4, 7).text, _ground_units(1, None).text
    ('4 ground units with 7 steps', '1 ground unit')
    """
    counted = message(N_plural("{count} ground unit", "{count} ground units"), count=units)
    if steps is None:
        return counted
    return message(
        "{units} with {steps}", units=counted, steps=message(N_plural("{count} step", "{count} steps"), count=steps)
    )


def evaluate_stacking(scenario: StackingScenario) -> StackingResult:
    """Judge every stack (or the hexes asked for) against 6, 9.0.1 and 9.1."""
    index = scenario.map.index
    builder = TraceBuilder()
    if scenario.readings.limits is StackingLimitReading.STEPS:
        builder.add(
            "us.9-1",
            "limits read as: at most {units} ground units with at most {steps} steps ({box} in a hex with the small "
            "«4» box); "
            "'first-order unit' is read as a step (documented reading; option readings.limits)",
            units=MAX_UNITS,
            steps=MAX_STEPS,
            box=MAX_STEPS_BOX_4,
        )
    else:
        builder.add(
            "us.9-1",
            "limits read literally: at most {units} ground units in any hex (option readings.limits = units)",
            units=MAX_UNITS,
        )
    if any(unit.expeditionary for unit in scenario.units):
        builder.add(
            "us.9-0-1.expeditionary",
            "a first-order unit is read as a one-step unit; Exception 1 lifts {what} (option readings.expeditionary)",
            what=N_("the minor-country restriction")
            if scenario.readings.expeditionary is ExpeditionaryReading.MINOR_COUNTRIES
            else N_("every restriction of 9.0.1"),
        )
    by_node: dict[int, list[Unit]] = {}
    for unit in scenario.units:
        by_node.setdefault(index.position[unit.hex], []).append(unit)
    wanted = [index.position[name] for name in scenario.hexes] if scenario.hexes else sorted(by_node)
    verdicts = []
    for node in wanted:
        verdict = _judge(index, scenario, node, by_node.get(node, []))
        verdicts.append(verdict)
        builder.extend(Trace(verdict.steps_explained))
    broken = tuple(sorted({rule for verdict in verdicts for rule in verdict.violated_rules}))
    if not broken:
        builder.add("us.9-0-1", "no stacking restriction is broken in the {count} stacks checked", count=len(verdicts))
    return StackingResult(all(v.legal for v in verdicts), broken, tuple(verdicts), builder.build())


CALCULATORS = (
    Calculator(
        name="stacking",
        label=N_("Stacking"),
        title="Unconditional Surrender!: may these units stack here? (restrictions and limits)",
        scenario=StackingScenario,
        evaluate=evaluate_stacking,
        games=("unconditional-surrender",),
    ),
)
