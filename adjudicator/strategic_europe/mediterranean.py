"""The Mediterranean rules of the strategic WWII game of Europe: Gibraltar, Suez, Malta and Africa.

Game ``strategic-europe``, source ``000_6a90d5256c60e02c.txt``, entry
``se.mediterranean``:

- while the Axis holds Gibraltar or Suez, England's base HPP is 5 HPP lower;
  after the Allies retake it, England gets its original base HPP back at the
  next Annual Economic Reckoning;
- at most one infantry or armour unit, one fleet and one air unit on Malta;
- at most three German units in Africa, and each British fleet or air force on
  Malta reduces the number of German units that fight there by one (a full
  garrison: at most one of the three attacks).

Calculators: ``gibraltar-suez``, ``malta-garrison`` and ``africa-limit``.
Where the source admits two readings the scenario has an option naming them,
and the trace says which was applied. Constant time.

>>> full = {UnitType.INFANTRY: 1, UnitType.FLEET: 1, UnitType.AIRCRAFT: 1}
>>> evaluate_africa(AfricaScenario(german_units=3, malta_garrison=full)).fighting_german_units
1
"""

from __future__ import annotations

import functools
from dataclasses import dataclass, field
from enum import Enum

from adjudicator.checks import check_count, collect_problems, raise_problems
from adjudicator.errors import ScenarioError
from adjudicator.meaning import Kind, means
from adjudicator.messages import N_, Message, MessageList, N_plural, Summarized, message
from adjudicator.registry import Calculator
from adjudicator.strategic_europe.vocabulary import UnitType, unit_choices
from adjudicator.trace import Trace, TraceBuilder

__all__ = [
    "AFRICA_GERMAN_LIMIT",
    "CALCULATORS",
    "STRAIT_LOSS_HPP",
    "AfricaResult",
    "AfricaScenario",
    "CombatRole",
    "GibraltarSuezResult",
    "GibraltarSuezScenario",
    "MaltaGarrisonScenario",
    "MaltaReduction",
    "MaltaResult",
    "Strait",
    "StraitLoss",
    "evaluate_africa",
    "evaluate_gibraltar_suez",
    "evaluate_malta",
    "malta_violations",
]

MEDITERRANEAN = "se.mediterranean"

STRAIT_LOSS_HPP = 5
"""``Anglia alap HPP-je azonnal csökken 5 HPP-vel``."""
AFRICA_GERMAN_LIMIT = 3
"""``Afrikában maximum három német egység tartózkodhat``."""


# --- gibraltar-suez --------------------------------------------------------------------------


class Strait(Enum):
    """England's two Mediterranean supply gates."""

    GIBRALTAR = "gibraltar"
    SUEZ = "suez"

    @property
    def label(self) -> str:
        """The place's name as a catalog word (shown translated)."""
        return _STRAIT_NAMES[self]


_STRAIT_NAMES = {Strait.GIBRALTAR: N_("Gibraltar"), Strait.SUEZ: N_("Suez")}


class StraitLoss(Enum):
    """Reading of 'if the Axis captures Gibraltar or Suez, England's base HPP drops by 5'."""

    EACH = "each"
    """5 HPP for each of the two the Axis holds."""
    ONCE = "once"
    """5 HPP whether the Axis holds one or both."""


@dataclass(frozen=True)
class GibraltarSuezScenario:
    """Who holds Gibraltar and Suez, and England's original base HPP."""

    england_original_base_hpp: int
    """England's base HPP before any reduction for Gibraltar or Suez."""
    held_by_axis: tuple[Strait, ...] = ()
    """Captured by the Axis and still held."""
    recaptured_before_reckoning: tuple[Strait, ...] = ()
    """Captured by the Axis, then retaken by the Allies since the last Annual Economic Reckoning."""
    reading: StraitLoss = field(default=StraitLoss.EACH, metadata=means(expert=True))
    """Reading when both Gibraltar and Suez count: England loses 5 HPP for each, or only once."""

    def __post_init__(self) -> None:
        raise_problems(
            collect_problems(
                lambda: check_count("england_original_base_hpp", self.england_original_base_hpp),
                lambda: _check_each_place_once("held_by_axis", self.held_by_axis),
                lambda: _check_each_place_once("recaptured_before_reckoning", self.recaptured_before_reckoning),
                self._check_held_or_retaken,
            )
        )

    def _check_held_or_retaken(self) -> None:
        both = set(self.held_by_axis) & set(self.recaptured_before_reckoning)
        if both:
            raise ScenarioError(
                "recaptured_before_reckoning",
                "must not name a place the Axis still holds",
                sorted(p.value for p in both),
            )


def _check_each_place_once(path: str, places: tuple[Strait, ...]) -> None:
    if len(set(places)) != len(places):
        raise ScenarioError(path, "must name each place once", [p.value for p in places])


@dataclass(frozen=True)
class GibraltarSuezResult(Summarized):
    """England's base HPP now and after the next Annual Economic Reckoning."""

    reduction_hpp: int
    base_hpp: int
    """England's base HPP now."""
    base_hpp_after_reckoning: int
    """England's base HPP from the next Annual Economic Reckoning on, if nothing changes."""
    trace: Trace

    def summary_messages(self) -> list[Message]:
        return [
            message(
                "England's base HPP is {base} ({reduction} HPP lower than its original).",
                base=self.base_hpp,
                reduction=self.reduction_hpp,
            ),
            message("After the next Annual Economic Reckoning it is {hpp} HPP.", hpp=self.base_hpp_after_reckoning),
        ]


def _strait_reduction(places: int, reading: StraitLoss) -> int:
    if reading is StraitLoss.ONCE:
        return STRAIT_LOSS_HPP if places else 0
    return STRAIT_LOSS_HPP * places


def evaluate_gibraltar_suez(scenario: GibraltarSuezScenario) -> GibraltarSuezResult:
    """England's base HPP while the Axis holds Gibraltar or Suez (``se.mediterranean``)."""
    trace = TraceBuilder()
    original = scenario.england_original_base_hpp
    if len(scenario.held_by_axis) + len(scenario.recaptured_before_reckoning) > 1:
        if scenario.reading is StraitLoss.EACH:
            trace.add(
                MEDITERRANEAN,
                "reading chosen: England loses {loss} base HPP for each of Gibraltar and Suez the Axis has captured",
                loss=STRAIT_LOSS_HPP,
            )
        else:
            trace.add(
                MEDITERRANEAN,
                "reading chosen: England loses {loss} base HPP once, whether the Axis has captured "
                "Gibraltar, Suez or both",
                loss=STRAIT_LOSS_HPP,
            )
    for place in scenario.held_by_axis:
        trace.add(
            MEDITERRANEAN,
            "the Axis holds {place}: England's base HPP is reduced at once",
            place=place.label,
        )
    for place in scenario.recaptured_before_reckoning:
        trace.add(
            MEDITERRANEAN,
            "the Allies have retaken {place}, but England gets its base HPP back only at the next "
            "Annual Economic Reckoning",
            place=place.label,
        )
    reduction = _strait_reduction(
        len(scenario.held_by_axis) + len(scenario.recaptured_before_reckoning), scenario.reading
    )
    later = _strait_reduction(len(scenario.held_by_axis), scenario.reading)
    now, after = max(0, original - reduction), max(0, original - later)
    trace.add(
        MEDITERRANEAN,
        "England's base HPP: {original} − {reduction} = {now} now; {after} from the next Annual Economic Reckoning",
        original=original,
        reduction=reduction,
        now=now,
        after=after,
    )
    return GibraltarSuezResult(reduction, now, after, trace.build())


# --- malta-garrison --------------------------------------------------------------------------


_MALTA_GROUND = (UnitType.INFANTRY, UnitType.ARMOUR)


def malta_violations(units: dict[UnitType, int]) -> list[Message]:
    """Why a garrison breaks Malta's limit (empty if it keeps it).

    >>> [problem.text for problem in malta_violations({UnitType.INFANTRY: 1, UnitType.ARMOUR: 1})]
    ['2 infantry and armour units: at most one infantry or armour unit may be on Malta']
    """
    problems = []
    ground = sum(units.get(kind, 0) for kind in _MALTA_GROUND)
    if ground > 1:
        problems.append(
            message(
                N_plural(
                    "{count} infantry or armour unit: at most one infantry or armour unit may be on Malta",
                    "{count} infantry and armour units: at most one infantry or armour unit may be on Malta",
                ),
                count=ground,
            )
        )
    if units.get(UnitType.FLEET, 0) > 1:
        problems.append(
            message(
                N_plural(
                    "{count} fleet: at most one fleet may be on Malta",
                    "{count} fleets: at most one fleet may be on Malta",
                ),
                count=units[UnitType.FLEET],
            )
        )
    air = sum(count for kind, count in units.items() if kind.is_air)
    if air > 1:
        problems.append(
            message(
                N_plural(
                    "{count} air unit: at most one air unit may be on Malta",
                    "{count} air units: at most one air unit may be on Malta",
                ),
                count=air,
            )
        )
    for kind, count in units.items():
        if count and kind not in _MALTA_GROUND and kind is not UnitType.FLEET and not kind.is_air:
            problems.append(
                message(
                    N_plural(
                        "{count} {unit} unit: Malta's garrison may hold only infantry or armour, a fleet and an "
                        "air unit",
                        "{count} {unit} units: Malta's garrison may hold only infantry or armour, a fleet and an "
                        "air unit",
                    ),
                    count=count,
                    unit=kind.label,
                )
            )
    return problems


def _count_problems(path: str, units: dict[UnitType, int]) -> list[ScenarioError]:
    """Every count of ``units`` (at ``path``) that is not a count of 0 or more."""
    return collect_problems(
        *(functools.partial(check_count, f"{path}.{kind.value}", count) for kind, count in units.items())
    )


@dataclass(frozen=True)
class MaltaGarrisonScenario:
    """The units on Malta."""

    units: dict[UnitType, int] = field(metadata=means(Kind.UNIT_COUNTS, choices=unit_choices))
    """Units on Malta by type (the limit: one infantry or armour unit, one fleet, one air unit)."""

    def __post_init__(self) -> None:
        raise_problems(_count_problems("units", self.units))


@dataclass(frozen=True)
class MaltaResult(Summarized):
    """Whether Malta's garrison keeps the limit."""

    legal: bool
    full: bool
    """One infantry or armour unit, one fleet and one air unit: the garrison is complete."""
    violations: tuple[Message, ...]
    trace: Trace

    def summary_messages(self) -> list[Message]:
        if self.legal:
            if self.full:
                return [message("Malta's garrison is within the limit and complete.")]
            return [message("Malta's garrison is within the limit.")]
        return [
            message("Malta's garrison breaks the limit:"),
            *(message("{violation}", violation=v) for v in self.violations),
        ]


def evaluate_malta(scenario: MaltaGarrisonScenario) -> MaltaResult:
    """Check Malta's garrison limit (``se.mediterranean``)."""
    trace = TraceBuilder()
    problems = malta_violations(scenario.units)
    for problem in problems:
        trace.add(MEDITERRANEAN, "{problem}", problem=problem)
    units = scenario.units
    full = (
        not problems
        and sum(units.get(kind, 0) for kind in _MALTA_GROUND) == 1
        and units.get(UnitType.FLEET, 0) == 1
        and sum(count for kind, count in units.items() if kind.is_air) == 1
    )
    if not problems:
        trace.add(
            MEDITERRANEAN,
            N_(
                "at most one infantry or armour unit, one fleet and one air unit may be on Malta: "
                "the garrison keeps the limit and is complete"
            )
            if full
            else N_(
                "at most one infantry or armour unit, one fleet and one air unit may be on Malta: "
                "the garrison keeps the limit"
            ),
        )
    return MaltaResult(not problems, full, tuple(problems), trace.build())


# --- africa-limit ----------------------------------------------------------------------------


class CombatRole(Enum):
    """Whether the German units in Africa attack or defend."""

    ATTACK = "attack"
    DEFENCE = "defence"


class MaltaReduction(Enum):
    """Reading of 'each British fleet or air force on Malta reduces the number of fighting German units by one'."""

    FROM_PRESENT = "from-present"
    """From the German units actually in Africa (2 units and a full garrison: none fights)."""
    FROM_LIMIT = "from-limit"
    """From the limit of three (2 units and a full garrison: one fights)."""


@dataclass(frozen=True)
class AfricaScenario:
    """German units in Africa and the British garrison of Malta."""

    german_units: int
    """German units in Africa."""
    malta_garrison: dict[UnitType, int] = field(
        default_factory=dict, metadata=means(Kind.UNIT_COUNTS, choices=unit_choices)
    )
    """British units on Malta."""
    combat: CombatRole = CombatRole.ATTACK
    """Whether the German units in Africa attack or defend."""
    reduction: MaltaReduction = field(default=MaltaReduction.FROM_PRESENT, metadata=means(expert=True))
    """Reading: Malta's reduction counts from the German units present, or from the limit of three."""
    reduction_in_defence: bool = field(default=True, metadata=means(expert=True))
    """Reading: 'fighting' units include defending ones (the source's example speaks only of attacking)."""

    def __post_init__(self) -> None:
        raise_problems(
            collect_problems(
                lambda: check_count("german_units", self.german_units),
                lambda: raise_problems(_count_problems("malta_garrison", self.malta_garrison)),
                self._check_malta_limit,
            )
        )

    def _check_malta_limit(self) -> None:
        # A negative count has its own problem; the limit is judged on counts that are counts.
        problems = malta_violations(self.malta_garrison) if min(self.malta_garrison.values(), default=0) >= 0 else []
        if problems:
            raise ScenarioError(
                "malta_garrison",
                "must keep Malta's garrison limit: {problems}",
                {kind.value: count for kind, count in self.malta_garrison.items()},
                problems=MessageList(tuple(problems), "; "),
            )


@dataclass(frozen=True)
class AfricaResult(Summarized):
    """How many German units may be in Africa and how many of them fight."""

    within_limit: bool
    """Whether no more than three German units are in Africa."""
    malta_reduction: int
    """German units kept out of the fight by Malta's fleet and air force."""
    fighting_german_units: int
    trace: Trace

    def summary_messages(self) -> list[Message]:
        lines = (
            []
            if self.within_limit
            else [message("More than {limit} German units are in Africa.", limit=AFRICA_GERMAN_LIMIT)]
        )
        lines.append(
            message(
                N_plural("{count} German unit in Africa may fight.", "{count} German units in Africa may fight."),
                count=self.fighting_german_units,
            )
        )
        return lines


def evaluate_africa(scenario: AfricaScenario) -> AfricaResult:
    """The German units that may be in, and fight in, Africa (``se.mediterranean``)."""
    trace = TraceBuilder()
    within = scenario.german_units <= AFRICA_GERMAN_LIMIT
    if within:
        trace.add(
            MEDITERRANEAN,
            "{count} German unit(s) in Africa: within the limit of {limit}",
            count=scenario.german_units,
            limit=AFRICA_GERMAN_LIMIT,
        )
    else:
        trace.add(
            MEDITERRANEAN,
            "{count} German units in Africa: at most {limit} may be there; only {limit} are counted",
            count=scenario.german_units,
            limit=AFRICA_GERMAN_LIMIT,
        )
    present = min(scenario.german_units, AFRICA_GERMAN_LIMIT)
    fleets = scenario.malta_garrison.get(UnitType.FLEET, 0)
    air = sum(count for kind, count in scenario.malta_garrison.items() if kind.is_air)
    reduction = fleets + air
    if scenario.combat is CombatRole.DEFENCE and not scenario.reduction_in_defence:
        trace.add(
            MEDITERRANEAN,
            "reading chosen: Malta reduces only attacking German units (the example speaks of "
            "attacking); these defend, so all {count} fight",
            count=present,
        )
        return AfricaResult(within, 0, present, trace.build())
    if scenario.combat is CombatRole.DEFENCE:
        trace.add(MEDITERRANEAN, "reading chosen: 'fighting' German units include defending ones")
    trace.add(
        MEDITERRANEAN,
        "Malta holds {fleets} British fleet(s) and {air} air unit(s): each reduces the number of "
        "fighting German units by one, {reduction} in all",
        fleets=fleets,
        air=air,
        reduction=reduction,
    )
    from_limit = max(0, min(present, AFRICA_GERMAN_LIMIT - reduction))
    from_present = max(0, present - reduction)
    if from_limit == from_present:
        fighting = from_present
        trace.add(
            MEDITERRANEAN,
            "{count} − {reduction}: {fighting} German unit(s) fight (the two readings of the "
            "reduction, from the units present or from the limit of {limit}, agree here)",
            count=present,
            reduction=reduction,
            fighting=fighting,
            limit=AFRICA_GERMAN_LIMIT,
        )
    elif scenario.reduction is MaltaReduction.FROM_LIMIT:
        fighting = from_limit
        trace.add(
            MEDITERRANEAN,
            "reading chosen: the reduction lowers the limit: at most {limit} − {reduction} of the "
            "{count} German unit(s) fight, i.e. {fighting}",
            limit=AFRICA_GERMAN_LIMIT,
            reduction=reduction,
            count=present,
            fighting=fighting,
        )
    else:
        fighting = from_present
        trace.add(
            MEDITERRANEAN,
            "reading chosen: the reduction applies to the German units present: {count} − "
            "{reduction} = {fighting} fight",
            count=present,
            reduction=reduction,
            fighting=fighting,
        )
    return AfricaResult(within, reduction, fighting, trace.build())


_GAMES = ("strategic-europe",)

CALCULATORS = (
    Calculator(
        name="gibraltar-suez",
        label=N_("Gibraltar and Suez"),
        title="Strategic Europe: England's base HPP while the Axis holds Gibraltar or Suez",
        scenario=GibraltarSuezScenario,
        evaluate=evaluate_gibraltar_suez,
        games=_GAMES,
    ),
    Calculator(
        name="malta-garrison",
        label=N_("Malta's garrison"),
        title="Strategic Europe: Malta's garrison limit",
        scenario=MaltaGarrisonScenario,
        evaluate=evaluate_malta,
        games=_GAMES,
    ),
    Calculator(
        name="africa-limit",
        label=N_("German units in Africa and Malta"),
        title="Strategic Europe: German units in Africa and how many fight against Malta's garrison",
        scenario=AfricaScenario,
        evaluate=evaluate_africa,
        games=_GAMES,
    ),
)
