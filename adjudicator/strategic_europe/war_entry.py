"""Entering the war in the strategic WWII game of Europe: declarations of war and the USA's way to Europe.

Game ``strategic-europe``, source ``000_6a90d5256c60e02c.txt``. Rules implemented:

- ``se.soviet-german`` — the Soviet Union may attack Germany or its satellites
  from autumn 1941, paying the 7 HPP great-power declaration cost + 2 HPP for a
  satellite (the satellites it leaves alone stay neutral); Germany may attack
  the Soviet Union at any time for 7 HPP, and the satellites join at once,
  Germany receiving their HPP;
- ``se.us-entry`` — the USA may declare war in spring 1942 for 7 HPP; at most 4
  of its 6 Strategic Redeployments per turn may cross from overseas, none once
  England has fallen until a bridgehead is won, then at most 2;
- ``se.vichy-france`` — the Allies must declare war on Vichy France before
  attacking it; ``se.special-rules.scope`` — never on a historical ally.

Calculators: ``war-declaration`` and ``us-transfers``. Where the source admits
two readings the scenario has an option naming them, and the trace says which
was applied. Constant time.

>>> from adjudicator.strategic_europe.vocabulary import Season
>>> result = evaluate_declaration(WarDeclarationScenario(
...     declarer=Country.USSR, targets=(Country.GERMANY, Country.HUNGARY), turn=Turn(1941, Season.AUTUMN)))
>>> result.cost_hpp
9
"""

from __future__ import annotations

import functools
from dataclasses import dataclass, field
from enum import Enum

from adjudicator.checks import check_count, collect_problems, raise_problems
from adjudicator.errors import ScenarioError
from adjudicator.meaning import means
from adjudicator.messages import N_, Message, N_plural, Summarized, message
from adjudicator.registry import Calculator
from adjudicator.strategic_europe.vocabulary import (
    SATELLITES,
    Country,
    Season,
    Side,
    Turn,
    country_words,
    historical_side,
    same_side,
)
from adjudicator.trace import Trace, TraceBuilder

__all__ = [
    "CALCULATORS",
    "GREAT_POWER_DECLARATION_HPP",
    "SATELLITE_DECLARATION_HPP",
    "US_OVERSEAS_PER_TURN",
    "US_OVERSEAS_TO_BRIDGEHEAD_PER_TURN",
    "US_REDEPLOYMENTS_PER_TURN",
    "DeclarationResult",
    "SatelliteFee",
    "UsEntryWindow",
    "UsTransferResult",
    "UsTransferScenario",
    "WarDeclarationScenario",
    "evaluate_declaration",
    "evaluate_us_transfers",
]

SOVIET_GERMAN = "se.soviet-german"
US_ENTRY = "se.us-entry"
VICHY = "se.vichy-france"
SCOPE = "se.special-rules.scope"

GREAT_POWER_DECLARATION_HPP = 7
"""``a 7 HPP-s nagyhatalmi hadüzeneti költség``; the USA too pays ``7 HPP-t``."""
SATELLITE_DECLARATION_HPP = 2
"""``a 2 HPP-s hadüzeneti költség, ha csatlósállamot támad meg``."""
US_REDEPLOYMENTS_PER_TURN = 6
"""``az USA-nak engedélyezett hat egységnyi Stratégiai Áthelyezés``."""
US_OVERSEAS_PER_TURN = 4
"""``maximum négy egység helyezhető át fordulónként a tengerentúlról``."""
US_OVERSEAS_TO_BRIDGEHEAD_PER_TURN = 2
"""``számuk ekkor csak maximum kettő lehet`` (once England has fallen)."""


# --- war-declaration -------------------------------------------------------------------------


class SatelliteFee(Enum):
    """Reading of '+ the 2 HPP declaration-of-war cost if it attacks a satellite state'."""

    PER_SATELLITE = "per-satellite"
    """2 HPP for each satellite attacked."""
    ONCE = "once"
    """2 HPP however many satellites are attacked."""


class UsEntryWindow(Enum):
    """Reading of 'the USA may declare war on the Axis Powers in spring 1942'."""

    FROM_SPRING_1942 = "from-spring-1942"
    SPRING_1942_ONLY = "spring-1942-only"


@dataclass(frozen=True)
class WarDeclarationScenario:
    """One country declares war on others."""

    declarer: Country
    """The country declaring war (the Soviet Union, Germany, the USA, or an Ally on Vichy France)."""
    targets: tuple[Country, ...]
    """The countries it declares war on (the USA: the Axis Powers, such as Germany and Italy)."""
    turn: Turn
    """The turn of the declaration: year and season."""
    satellite_hpp: dict[Country, int] = field(default_factory=dict)
    """HPP of the satellites that join Germany when it attacks the Soviet Union."""
    satellite_fee: SatelliteFee = field(default=SatelliteFee.PER_SATELLITE, metadata=means(expert=True))
    """Reading of the Soviet Union's 2 HPP for satellites: per satellite attacked, or once."""
    us_entry: UsEntryWindow = field(default=UsEntryWindow.FROM_SPRING_1942, metadata=means(expert=True))
    """Reading of the USA's entry: from spring 1942 on, or in the spring 1942 turn only."""

    def __post_init__(self) -> None:
        raise_problems(
            collect_problems(
                self._check_targets,
                *(functools.partial(_check_satellite_hpp, country, hpp) for country, hpp in self.satellite_hpp.items()),
                self._check_satellites_join,
            )
        )

    def _check_targets(self) -> None:
        if not self.targets:
            raise ScenarioError("targets", "must name at least one country", [])
        if len(set(self.targets)) != len(self.targets):
            raise ScenarioError("targets", "must name each country once", [t.value for t in self.targets])
        if self.declarer in self.targets:
            raise ScenarioError("targets", "must not include the declaring country", self.declarer.value)
        allies_attacked = any(same_side(self.declarer, target) for target in self.targets)
        if not allies_attacked and _declaration_kind(self.declarer, self.targets) is None:
            raise ScenarioError(
                "targets",
                "must be a declaration this source rules on: the Soviet Union on Germany "
                "and/or its satellites, Germany on the Soviet Union, the USA on the Axis, or an Ally on "
                "Vichy France",
                f"{self.declarer.value} → {', '.join(t.value for t in self.targets)}",
            )

    def _check_satellites_join(self) -> None:
        if self.satellite_hpp and (self.declarer, self.targets) != (Country.GERMANY, (Country.USSR,)):
            raise ScenarioError(
                "satellite_hpp",
                "is used only when Germany declares war on the Soviet Union",
                {c.value: v for c, v in self.satellite_hpp.items()},
            )


def _check_satellite_hpp(country: Country, hpp: int) -> None:
    if country not in SATELLITES:
        raise ScenarioError(
            f"satellite_hpp.{country.value}",
            "must be a satellite state ({satellites})",
            satellites=country_words(SATELLITES),
        )
    check_count(f"satellite_hpp.{country.value}", hpp)


def _declaration_kind(declarer: Country, targets: tuple[Country, ...]) -> str | None:
    if targets == (Country.VICHY_FRANCE,) and historical_side(declarer) is Side.ALLIES:
        return "vichy"
    if declarer is Country.USSR and all(t is Country.GERMANY or t in SATELLITES for t in targets):
        return "soviet"
    if declarer is Country.GERMANY and targets == (Country.USSR,):
        return "german"
    if declarer is Country.USA and all(historical_side(t) is Side.AXIS for t in targets):
        return "american"
    return None


@dataclass(frozen=True)
class DeclarationResult(Summarized):
    """Whether the declaration may be made, and what it costs and brings."""

    allowed: bool
    cost_hpp: int | None
    """HPP the declarer pays (``None`` where the source states no cost)."""
    joining_satellites: tuple[Country, ...]
    """Satellites that join Germany at once."""
    germany_hpp_gain: int
    """HPP Germany receives at once from the joining satellites."""
    neutral_satellites: tuple[Country, ...]
    """Satellites that stay neutral (German troops there must leave next turn)."""
    trace: Trace

    def summary_messages(self) -> list[Message]:
        if not self.allowed:
            return [message("The declaration of war may not be made.")]
        if self.cost_hpp is None:
            lines = [message("The declaration of war costs an HPP cost this source does not state.")]
        else:
            lines = [message("The declaration of war costs {cost} HPP.", cost=self.cost_hpp)]
        if self.joining_satellites:
            lines.append(
                message(
                    N_plural(
                        "{count} satellite joins Germany, which gains {hpp} HPP.",
                        "{count} satellites join Germany, which gains {hpp} HPP.",
                    ),
                    count=len(self.joining_satellites),
                    hpp=self.germany_hpp_gain,
                )
            )
        if self.neutral_satellites:
            lines.append(
                message(
                    N_plural("{count} satellite stays neutral.", "{count} satellites stay neutral."),
                    count=len(self.neutral_satellites),
                )
            )
        return lines


_SOVIET_ENTRY = Turn(1941, Season.AUTUMN)
_US_ENTRY = Turn(1942, Season.SPRING)


def evaluate_declaration(scenario: WarDeclarationScenario) -> DeclarationResult:
    """Settle a declaration of war (``se.soviet-german``, ``se.us-entry``, ``se.vichy-france``)."""
    trace = TraceBuilder()
    declarer, targets = scenario.declarer, scenario.targets
    for target in targets:
        if same_side(declarer, target):
            trace.add(
                SCOPE,
                "{declarer} and {target} are historical allies, and attacking a historical ally is "
                "forbidden: no declaration of war",
                declarer=declarer.label,
                target=target.label,
            )
            return DeclarationResult(False, None, (), 0, (), trace.build())
    kind = _declaration_kind(declarer, targets)
    if kind == "vichy":
        trace.add(
            VICHY,
            "{declarer} must declare war on Vichy France before attacking a territory it controls; "
            "this source does not state the cost",
            declarer=declarer.label,
        )
        return DeclarationResult(True, None, (), 0, (), trace.build())
    if kind == "soviet":
        return _soviet_declaration(scenario, trace)
    if kind == "german":
        return _german_declaration(scenario, trace)
    return _us_declaration(scenario, trace)


def _soviet_declaration(scenario: WarDeclarationScenario, trace: TraceBuilder) -> DeclarationResult:
    if scenario.turn.is_before(_SOVIET_ENTRY):
        trace.add(
            SOVIET_GERMAN,
            "the Soviet Union may attack Germany or its satellites in Autumn 1941 at the earliest, not in {turn}",
            turn=scenario.turn.shown,
        )
        return DeclarationResult(False, None, (), 0, (), trace.build())
    satellites = tuple(t for t in scenario.targets if t in SATELLITES)
    cost = GREAT_POWER_DECLARATION_HPP
    trace.add(
        SOVIET_GERMAN,
        "the Soviet Union attacks in {turn}: it pays the {cost} HPP great-power declaration-of-war cost",
        turn=scenario.turn.shown,
        cost=GREAT_POWER_DECLARATION_HPP,
    )
    if satellites:
        if scenario.satellite_fee is SatelliteFee.PER_SATELLITE:
            fee = SATELLITE_DECLARATION_HPP * len(satellites)
            trace.add(
                SOVIET_GERMAN,
                "reading chosen: + {per} HPP declaration-of-war cost for each of the {count} "
                "satellite(s) attacked = {fee} HPP",
                per=SATELLITE_DECLARATION_HPP,
                count=len(satellites),
                fee=fee,
            )
        else:
            fee = SATELLITE_DECLARATION_HPP
            trace.add(
                SOVIET_GERMAN,
                "reading chosen: + {fee} HPP declaration-of-war cost once for attacking satellites",
                fee=fee,
            )
        cost += fee
    neutral: tuple[Country, ...] = ()
    if Country.GERMANY in scenario.targets:
        neutral = tuple(s for s in SATELLITES if s not in satellites)
        if neutral:
            trace.add(
                SOVIET_GERMAN,
                "the Soviet Union attacked Germany: {names} stay neutral, and German troops there "
                "must withdraw in the following turn",
                names=country_words(neutral),
            )
    return DeclarationResult(True, cost, (), 0, neutral, trace.build())


def _german_declaration(scenario: WarDeclarationScenario, trace: TraceBuilder) -> DeclarationResult:
    trace.add(
        SOVIET_GERMAN,
        "Germany may attack the Soviet Union at any time; it pays the {cost} HPP great-power declaration-of-war cost",
        cost=GREAT_POWER_DECLARATION_HPP,
    )
    trace.add(
        SOVIET_GERMAN,
        "{names} join at once without a further declaration; their troops go on the board and may move and attack",
        names=country_words(SATELLITES),
    )
    gain = sum(scenario.satellite_hpp.values())
    if scenario.satellite_hpp:
        trace.add(
            SOVIET_GERMAN,
            "Germany receives the satellites' {gain} HPP at once (the only increase before the "
            "Annual Economic Reckoning)",
            gain=gain,
        )
    return DeclarationResult(True, GREAT_POWER_DECLARATION_HPP, SATELLITES, gain, (), trace.build())


def _us_declaration(scenario: WarDeclarationScenario, trace: TraceBuilder) -> DeclarationResult:
    turn = scenario.turn
    if scenario.us_entry is UsEntryWindow.SPRING_1942_ONLY:
        allowed = turn == _US_ENTRY
        trace.add(
            US_ENTRY,
            "reading chosen: the USA may declare war in the Spring 1942 turn only; it is {turn}",
            turn=turn.shown,
        )
    else:
        allowed = not turn.is_before(_US_ENTRY)
        trace.add(
            US_ENTRY, "reading chosen: the USA may declare war from Spring 1942 onwards; it is {turn}", turn=turn.shown
        )
    if not allowed:
        trace.add(US_ENTRY, "the USA may not declare war on the Axis Powers in {turn}", turn=turn.shown)
        return DeclarationResult(False, None, (), 0, (), trace.build())
    trace.add(
        US_ENTRY,
        "the USA declares war on the Axis Powers and pays {cost} HPP; it need not attack at once",
        cost=GREAT_POWER_DECLARATION_HPP,
    )
    return DeclarationResult(True, GREAT_POWER_DECLARATION_HPP, (), 0, (), trace.build())


# --- us-transfers ----------------------------------------------------------------------------


@dataclass(frozen=True)
class UsTransferScenario:
    """The USA's Strategic Redeployments of one turn."""

    overseas: int
    """Units moved from the USA across the ocean (to England, or to a bridgehead once England has fallen)."""
    within_europe: int = 0
    """Further US Strategic Redeployments in Europe, onward moves of units that just arrived included."""
    england_fallen: bool = False
    """England has fallen: no units cross from overseas until a bridgehead is won, then at most 2."""
    bridgehead: bool = False
    """Once England has fallen: whether American units have won a bridgehead by invasion."""

    def __post_init__(self) -> None:
        raise_problems(
            collect_problems(
                lambda: check_count("overseas", self.overseas),
                lambda: check_count("within_europe", self.within_europe),
            )
        )


@dataclass(frozen=True)
class UsTransferResult(Summarized):
    """Whether the USA's redeployments keep within the limits."""

    allowed: bool
    max_overseas: int
    """Units that may cross from overseas this turn."""
    max_total: int
    """Strategic Redeployments the USA has per turn."""
    total: int
    """Strategic Redeployments used."""
    trace: Trace

    def summary_messages(self) -> list[Message]:
        template = (
            N_("{total} US redeployments ({overseas} may cross from overseas, {max_total} in all): within the limits.")
            if self.allowed
            else N_(
                "{total} US redeployments ({overseas} may cross from overseas, {max_total} in all): beyond the limits."
            )
        )
        return [message(template, total=self.total, overseas=self.max_overseas, max_total=self.max_total)]


def evaluate_us_transfers(scenario: UsTransferScenario) -> UsTransferResult:
    """Check the USA's Strategic Redeployments of a turn (``se.us-entry``)."""
    trace = TraceBuilder()
    if not scenario.england_fallen:
        max_overseas = US_OVERSEAS_PER_TURN
        trace.add(
            US_ENTRY,
            "American units cross to England in the Strategic Redeployment phase: at most {max} per "
            "turn of the USA's {total} Strategic Redeployments, with no escorting fleet needed",
            max=US_OVERSEAS_PER_TURN,
            total=US_REDEPLOYMENTS_PER_TURN,
        )
    elif not scenario.bridgehead:
        max_overseas = 0
        trace.add(
            US_ENTRY,
            "England has fallen and the Americans hold no bridgehead: their units can reach the theatre "
            "only by invasion, not by Strategic Redeployment",
        )
    else:
        max_overseas = US_OVERSEAS_TO_BRIDGEHEAD_PER_TURN
        trace.add(
            US_ENTRY,
            "England has fallen but the Americans hold a bridgehead: at most {max} units may be "
            "redeployed there from the USA (read as per turn, like the four)",
            max=max_overseas,
        )
    allowed = True
    if scenario.overseas > max_overseas:
        allowed = False
        trace.add(
            US_ENTRY,
            "{count} units from overseas is more than the {max} allowed",
            count=scenario.overseas,
            max=max_overseas,
        )
    total = scenario.overseas + scenario.within_europe
    if scenario.within_europe:
        trace.add(
            US_ENTRY,
            "the {count} further redeployment(s) in Europe, onward moves of freshly arrived units "
            "included, count towards the permitted number",
            count=scenario.within_europe,
        )
    if total > US_REDEPLOYMENTS_PER_TURN:
        allowed = False
        trace.add(
            US_ENTRY,
            "{total} redeployments in all is more than the USA's {max}",
            total=total,
            max=US_REDEPLOYMENTS_PER_TURN,
        )
    else:
        trace.add(
            US_ENTRY,
            "{total} of the USA's {max} Strategic Redeployments are used",
            total=total,
            max=US_REDEPLOYMENTS_PER_TURN,
        )
    return UsTransferResult(allowed, max_overseas, US_REDEPLOYMENTS_PER_TURN, total, trace.build())


_GAMES = ("strategic-europe",)

CALCULATORS = (
    Calculator(
        name="war-declaration",
        label=N_("Declarations of war"),
        title="Strategic Europe: declarations of war, their HPP cost and the satellites",
        scenario=WarDeclarationScenario,
        evaluate=evaluate_declaration,
        games=_GAMES,
    ),
    Calculator(
        name="us-transfers",
        label=N_("American transfers"),
        title="Strategic Europe: how many American units may cross the ocean per turn",
        scenario=UsTransferScenario,
        evaluate=evaluate_us_transfers,
        games=_GAMES,
    ),
)
