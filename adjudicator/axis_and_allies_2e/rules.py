"""Axis & Allies (Second Edition) rule questions that need a small calculation, one calculator each.

Source ``003_13761b3a41e036bd.txt`` (rule clarifications, game ``axis-and-allies-2e``):

- ``ipc-chips`` — an IPC value above 45 is shown with two chips, 48 as 45 + 3
  (``aa2.misc.ipc-above-45``);
- ``research`` — research dice are all paid for and rolled at once, never one at a
  time with the rest refunded; 5 IPCs a die, not reduced by industrial technology
  (``aa2.weapons-development.roll-all-dice``, ``…industrial-technology``);
- ``bridging`` — only transports bridge, 1 tank or 2 infantry a turn, after moving
  but not moving after bridging, never on an ally's transport in one turn
  (``aa2.transports.bridging``, ``aa2.transports.only-bridging-ships``);
- ``retreat`` — attacker only, after a round, not once every defender is gone, all
  together except submarines, never from an amphibious assault (``aa2.retreat.*``,
  ``aa2.amphibious-assaults.retreat``);
- ``bombardment`` — one support shot per battleship, only with no sea battle first,
  never hit back, no breaking off after a miss (``aa2.amphibious-assaults``,
  ``aa2.amphibious-assaults.retreat``);
- ``captured-capital`` — the IPCs handed over, the income that stops, and what is
  left after the liberation (``aa2.captured-capitals.*``).

Each answers in constant time (linear in the dice or units given).

>>> evaluate_ipc_chips(IpcChipsScenario(ipc=48)).chips
(45, 3)
"""

from __future__ import annotations

import enum
import functools
from collections.abc import Callable
from dataclasses import dataclass, field
from fractions import Fraction
from typing import ClassVar

from adjudicator.axis_and_allies_2e.vocabulary import AIR_UNITS, GAME, UNIT_WORDS, UNITS, Domain, Unit
from adjudicator.checks import collect_problems, raise_problems
from adjudicator.dice import check_roll, count_hits, hit_chance
from adjudicator.errors import ScenarioError
from adjudicator.limits import IPC_LIMIT, SizeLimit
from adjudicator.meaning import Choice, Kind, means
from adjudicator.messages import N_, Message, MessageList, N_plural, Summarized, message
from adjudicator.plain import PlainHooks
from adjudicator.registry import Calculator
from adjudicator.trace import Trace, TraceBuilder

__all__ = [
    "CALCULATORS",
    "BombardmentResult",
    "BombardmentScenario",
    "BridgingResult",
    "BridgingScenario",
    "CapitalStage",
    "CapturedCapitalResult",
    "CapturedCapitalScenario",
    "IpcChipsResult",
    "IpcChipsScenario",
    "ResearchResult",
    "ResearchScenario",
    "RetreatResult",
    "RetreatScenario",
    "RetreatSide",
    "RetreatTiming",
    "evaluate_bombardment",
    "evaluate_bridging",
    "evaluate_captured_capital",
    "evaluate_ipc_chips",
    "evaluate_research",
    "evaluate_retreat",
]

CHIP_TRACK_TOP = 45
"""The highest value of the IPC track that one chip can show."""
RESEARCH_DIE_COST = 5


def _unit_choices(units: tuple[Unit, ...] = tuple(Unit)) -> dict[str, tuple[Choice, ...]]:
    """``units`` as the forms' choices: each unit type's word with its printed attack and defence values."""
    return {
        GAME: tuple(Choice(unit.value, UNIT_WORDS[unit], UNITS[unit].attack, UNITS[unit].defence) for unit in units)
    }


BRIDGING_UNITS = (Unit.INFANTRY, Unit.ARMOR)
"""The land units the bridging limit speaks of."""
SHIPS = tuple(unit for unit, values in UNITS.items() if values.domain is Domain.SEA)
"""The sea unit types, any of which a player may ask to bridge with."""


def _not_negative(path: str, value: int) -> None:
    if value < 0:
        raise ScenarioError(path, "must be 0 or more", value)


def _check_roll_values(rolls: tuple[int, ...] | None) -> None:
    """Every roll given a d6 can show; all the rolls that cannot, at once."""
    raise_problems(
        collect_problems(
            *(functools.partial(check_roll, roll, path=f"rolls.{index}") for index, roll in enumerate(rolls or ()))
        )
    )


# --- IPC chips ---------------------------------------------------------------------------


@dataclass(frozen=True)
class IpcChipsScenario(PlainHooks):
    """A country's IPC value, to be shown on the IPC track."""

    size_limits: ClassVar[tuple[SizeLimit, ...]] = (
        SizeLimit("ipc", IPC_LIMIT, N_("IPC"), N_("a whole game's income is a few hundred: give a smaller value")),
    )
    """Fields whose cost grows with their size (:mod:`adjudicator.limits`)."""

    ipc: int
    """The country's IPC value (income), to be marked with chips on the IPC track, which ends at 45."""

    def __post_init__(self) -> None:
        _not_negative("ipc", self.ipc)


@dataclass(frozen=True)
class IpcChipsResult(Summarized):
    chips: tuple[int, ...]
    """The track values the chips are placed on."""
    trace: Trace

    def summary_messages(self) -> list[Message]:
        return [
            message(
                N_plural("{count} chip on {values}", "{count} chips on {values}"),
                count=len(self.chips),
                values=" + ".join(str(c) for c in self.chips),
            )
        ]


def evaluate_ipc_chips(scenario: IpcChipsScenario) -> IpcChipsResult:
    """Split an IPC value into chips on the track.

    >>> evaluate_ipc_chips(IpcChipsScenario(ipc=30)).chips
    (30,)
    """
    trace = TraceBuilder()
    ipc = scenario.ipc
    if ipc <= CHIP_TRACK_TOP:
        trace.add("aa2.misc.ipc-above-45", "{ipc} is not above 45: one chip on {ipc}", ipc=ipc)
        return IpcChipsResult((ipc,), trace.build())
    full, rest = divmod(ipc, CHIP_TRACK_TOP)
    chips = (CHIP_TRACK_TOP,) * full + ((rest,) if rest else ())
    trace.add("aa2.misc.ipc-above-45", "{ipc} is above 45: one chip on 45 and the other on the remainder", ipc=ipc)
    if len(chips) > 2:
        trace.add(
            "aa2.misc.ipc-above-45",
            "above 90 the same principle is extended with a further chip on 45 (the source only shows two chips)",
        )
    trace.add("aa2.misc.ipc-above-45", "chips on {chips}", chips=" + ".join(str(c) for c in chips))
    return IpcChipsResult(chips, trace.build())


# --- Research ----------------------------------------------------------------------------


@dataclass(frozen=True)
class ResearchScenario:
    """Research dice bought in one turn."""

    dice: int
    """Research dice bought this turn (1 or more), at 5 IPCs each."""
    ipcs: int | None = None
    """The IPCs the country has, if the purchase should be checked against them."""
    industrial_technology: bool = False
    """The country has industrial technology (it does not make research dice cheaper)."""
    rolls: tuple[int, ...] | None = field(default=None, metadata=means(expert=True))
    """The dice rolled, if known."""

    def __post_init__(self) -> None:
        # Every problem at once: the dice, the money and each roll are checked apart.
        raise_problems(
            collect_problems(
                self._check_dice,
                self._check_ipcs,
                self._check_cost,
                self._check_rolls,
                lambda: _check_roll_values(self.rolls),
            )
        )

    def _check_dice(self) -> None:
        if self.dice < 1:
            raise ScenarioError("dice", "research means buying at least one die", self.dice)

    def _check_ipcs(self) -> None:
        if self.ipcs is not None:
            _not_negative("ipcs", self.ipcs)

    def _check_cost(self) -> None:
        if self.dice >= 1 and self.ipcs is not None and 0 <= self.ipcs < RESEARCH_DIE_COST * self.dice:
            raise ScenarioError(
                "dice",
                N_plural(
                    "{count} research die costs {cost} IPCs, more than the {ipcs} IPCs available",
                    "{count} research dice cost {cost} IPCs, more than the {ipcs} IPCs available",
                ),
                self.dice,
                count=self.dice,
                cost=RESEARCH_DIE_COST * self.dice,
                ipcs=self.ipcs,
            )

    def _check_rolls(self) -> None:
        if self.rolls is not None and self.dice >= 1 and len(self.rolls) != self.dice:
            raise ScenarioError(
                "rolls",
                N_plural(
                    "the {count} die bought is rolled at once: give {count} roll",
                    "all {count} dice bought are rolled at once: give {count} rolls",
                ),
                list(self.rolls),
                count=self.dice,
            )


@dataclass(frozen=True)
class ResearchResult(Summarized):
    cost_per_die: int
    paid: int
    """Paid to the bank before rolling."""
    refund: int
    """Always 0: no money comes back when a 6 is rolled."""
    ipcs_left: int | None
    chance_of_a_six: float
    """Chance that at least one of the dice shows a 6."""
    sixes: int | None
    trace: Trace

    def summary_messages(self) -> list[Message]:
        lines = [
            message(
                "pay {paid} IPC ({cost} a die) before rolling all the dice at once; nothing is refunded",
                paid=self.paid,
                cost=self.cost_per_die,
            )
        ]
        if self.sixes is not None:
            lines.append(message(N_plural("{count} six rolled", "{count} sixes rolled"), count=self.sixes))
        return lines


def evaluate_research(scenario: ResearchScenario) -> ResearchResult:
    """What research costs and what it can bring."""
    trace = TraceBuilder()
    if scenario.industrial_technology:
        trace.add(
            "aa2.weapons-development.industrial-technology",
            "each research die costs {cost} IPCs: industrial technology does NOT reduce it to 4",
            cost=RESEARCH_DIE_COST,
        )
    else:
        trace.add(
            "aa2.weapons-development.industrial-technology",
            "each research die costs {cost} IPCs",
            cost=RESEARCH_DIE_COST,
        )
    paid = RESEARCH_DIE_COST * scenario.dice
    trace.add(
        "aa2.weapons-development.roll-all-dice",
        "all the research money is paid to the bank first: {dice} × {cost} = {paid} IPCs",
        dice=scenario.dice,
        cost=RESEARCH_DIE_COST,
        paid=paid,
    )
    trace.add(
        "aa2.weapons-development.roll-all-dice",
        "then all {dice} dice are rolled at once, not one at a time until a 6 with the rest taken back",
        dice=scenario.dice,
    )
    chance = 1 - (1 - Fraction(1, 6)) ** scenario.dice
    trace.add(
        "aa2.weapons-development.roll-all-dice",
        "chance of at least one 6 among {dice} dice: 1 − (5/6)^{dice} = {chance:.4f}",
        dice=scenario.dice,
        chance=float(chance),
    )
    sixes = None
    if scenario.rolls is not None:
        sixes = sum(1 for roll in scenario.rolls if roll == 6)
        trace.add(
            "aa2.weapons-development.roll-all-dice",
            N_plural(
                "rolled {rolls}: {sixes} six; the other dice's money is not refunded",
                "rolled {rolls}: {sixes} sixes; the other dice's money is not refunded",
                count="sixes",
            ),
            rolls=list(scenario.rolls),
            sixes=sixes,
        )
    return ResearchResult(
        cost_per_die=RESEARCH_DIE_COST,
        paid=paid,
        refund=0,
        ipcs_left=None if scenario.ipcs is None else scenario.ipcs - paid,
        chance_of_a_six=float(chance),
        sixes=sixes,
        trace=trace.build(),
    )


# --- Bridging ----------------------------------------------------------------------------


@dataclass(frozen=True)
class BridgingScenario:
    """Land units a ship is to carry from one coastal territory to another without moving."""

    units: dict[str, int] = field(metadata=means(Kind.UNIT_COUNTS, choices=lambda: _unit_choices(BRIDGING_UNITS)))
    """The infantry and armor (tanks) to bridge."""
    ship: str = field(default="transport", metadata=means(Kind.CHOICE, choices=lambda: _unit_choices(SHIPS)))
    """The kind of ship asked to bridge (only a transport can)."""
    ships: int = 1
    """Number of such ships taking part in the bridging."""
    ally_ship: bool = False
    """The ship belongs to an ally."""
    moved_before: bool = False
    """The ship moved this turn before bridging."""
    move_after: bool = False
    """The ship is to move again after bridging."""

    def __post_init__(self) -> None:
        # Every problem at once, each at its full path.
        raise_problems(collect_problems(self._check_units, self._check_ships))

    def _check_units(self) -> None:
        raise_problems(
            collect_problems(*(functools.partial(_check_bridged, name, count) for name, count in self.units.items()))
        )

    def _check_ships(self) -> None:
        if self.ships < 1:
            raise ScenarioError("ships", "must be 1 or more", self.ships)


def _check_bridged(name: str, count: int) -> None:
    if name not in (unit.value for unit in BRIDGING_UNITS):
        raise ScenarioError(f"units.{name}", "the bridging limit speaks only of tanks (armor) and infantry", count)
    _not_negative(f"units.{name}", count)


@dataclass(frozen=True)
class BridgingResult(Summarized):
    legal: bool
    reasons: tuple[Message, ...]
    """Why it is not legal (empty when it is)."""
    ships_needed: int
    """Transports the units need at 1 tank or 2 infantry each."""
    trace: Trace

    def summary_messages(self) -> list[Message]:
        if self.legal:
            return [message("legal")]
        return [message("not legal: {reasons}", reasons=MessageList(self.reasons, "; "))]


def evaluate_bridging(scenario: BridgingScenario) -> BridgingResult:
    """Whether a bridging is legal."""
    trace = TraceBuilder()
    reasons: list[Message] = []
    if scenario.ship != "transport":
        reasons.append(message("only transports bridge, not a {ship}", ship=scenario.ship))
        trace.add(
            "aa2.transports.only-bridging-ships",
            "transports are the only ships that can bridge: a {ship} cannot",
            ship=scenario.ship,
        )
    armor, infantry = scenario.units.get("armor", 0), scenario.units.get("infantry", 0)
    needed = armor + (infantry + 1) // 2
    trace.add(
        "aa2.transports.bridging",
        "a transport bridges at most 1 tank or 2 infantry a turn: {armor} and {infantry} infantry need "
        "{needed}, {ships} available",
        armor=message(N_plural("{count} tank", "{count} tanks"), count=armor),
        infantry=infantry,
        needed=message(N_plural("{count} transport", "{count} transports"), count=needed),
        ships=scenario.ships,
    )
    if needed > scenario.ships:
        reasons.append(
            message(
                N_plural(
                    "{needed} transport needed at 1 tank or 2 infantry each, {ships} available",
                    "{needed} transports needed at 1 tank or 2 infantry each, {ships} available",
                    count="needed",
                ),
                needed=needed,
                ships=scenario.ships,
            )
        )
    if scenario.moved_before:
        trace.add("aa2.transports.bridging", "a transport may bridge after it has moved")
    if scenario.move_after:
        reasons.append(message("once a transport has bridged it cannot move any more that turn"))
        trace.add("aa2.transports.bridging", "once a transport has bridged it cannot move any more that turn")
    if scenario.ally_ship:
        reasons.append(message("an ally's transport cannot bridge your units in one turn"))
        trace.add(
            "aa2.transports.bridging",
            "you cannot bridge your units on an ally's transport in one turn: they may embark in your turn, are "
            "carried in the ally's turn and unload in your next turn",
        )
    trace.add("aa2.transports.bridging", "verdict: {verdict}", verdict=N_("legal") if not reasons else N_("not legal"))
    return BridgingResult(not reasons, tuple(reasons), needed, trace.build())


# --- Retreat -----------------------------------------------------------------------------


class RetreatSide(enum.Enum):
    ATTACKER = "attacker"
    DEFENDER = "defender"


class RetreatTiming(enum.Enum):
    AFTER_ROUND = "after-round"
    """At the end of a combat round, once the defender has fired."""
    BEFORE_DEFENDER_FIRES = "before-defender-fires"
    """During a round, before the defender has fired (or before the first round)."""


@dataclass(frozen=True)
class RetreatScenario:
    """Units that want to leave a battle."""

    side: RetreatSide
    """Whose units want to leave: the attacker's or the defender's."""
    units: dict[str, int] = field(metadata=means(Kind.UNIT_COUNTS, choices=_unit_choices))
    """The side's units in the battle."""
    retreating: dict[str, int] = field(metadata=means(Kind.UNIT_COUNTS, choices=_unit_choices))
    """The units that want to retreat (or submerge)."""
    timing: RetreatTiming = RetreatTiming.AFTER_ROUND
    """When the retreat is asked for: at the end of a round, or before the defender has fired."""
    enemies_left: int = 1
    """Units of the other side still in the contested territory or sea zone."""
    amphibious_assault: bool = False
    """The battle is an amphibious assault (its landed, air and supporting land units cannot retreat)."""
    destination_is_origin: bool = True
    """Land units and ships retreat back to an adjacent friendly space one of the attacking units came from."""
    destination_just_conquered: bool = False
    """Aircraft: the space they would land in was conquered this turn."""
    destination_was_combat_zone: bool = False
    """Submarines: the sea zone they would go to is or was a combat zone this turn."""
    submarine_destinations: int = 1
    """Submarines retreating in the same round: the number of different sea zones they go to."""

    def __post_init__(self) -> None:
        # Every problem at once, each at its full path.
        # Each check reads its fields itself: a field that did not convert skips only the checks that need it.
        problems = collect_problems(
            functools.partial(self._check_counts, "units"),
            functools.partial(self._check_counts, "retreating"),
            self._check_each_retreating,
            self._check_someone_retreats,
            lambda: _not_negative("enemies_left", self.enemies_left),
        )
        raise_problems(problems)

    def _check_counts(self, field_name: str) -> None:
        counts: dict[str, int] = getattr(self, field_name)
        raise_problems(
            collect_problems(
                *(functools.partial(_not_negative, f"{field_name}.{name}", count) for name, count in counts.items())
            )
        )

    def _check_each_retreating(self) -> None:
        raise_problems(
            collect_problems(
                *(
                    functools.partial(self._check_retreating, name, count)
                    for name, count in self.retreating.items()
                    if count >= 0
                )
            )
        )

    def _check_retreating(self, name: str, count: int) -> None:
        in_battle = self.units.get(name, 0)
        # A negative count in the battle is its own problem (units.<name>), not a bound to compare with.
        if 0 <= in_battle < count:
            raise ScenarioError(
                f"retreating.{name}",
                "at most the {units} in the battle can retreat",
                count,
                units=message("{count} {unit}", count=in_battle, unit=name),
            )

    def _check_someone_retreats(self) -> None:
        if not any(self.retreating.values()):
            raise ScenarioError("retreating", "name at least one unit that retreats", dict(self.retreating))


@dataclass(frozen=True)
class RetreatResult(Summarized):
    legal: bool
    reasons: tuple[Message, ...]
    """Why it is not legal (empty when it is)."""
    trace: Trace

    def summary_messages(self) -> list[Message]:
        if self.legal:
            return [message("the retreat is legal")]
        return [message("the retreat is not legal: {reasons}", reasons=MessageList(self.reasons, "; "))]


_AIR = {unit.value for unit in AIR_UNITS}


def _unit_list(units: dict[str, int], counted: bool = True) -> MessageList:
    """``2 infantry, 1 fighter`` (or, not ``counted``, ``infantry, fighter``): unit names are catalog words."""
    if counted:
        return MessageList(tuple(message("{count} {unit}", count=count, unit=name) for name, count in units.items()))
    return MessageList(tuple(message("{unit}", unit=name) for name in units))


def evaluate_retreat(scenario: RetreatScenario) -> RetreatResult:
    """Whether a retreat (or a submarine's submerging) is legal."""
    trace = TraceBuilder()
    reasons: list[Message] = []

    def refuse(rule: str, template: str, **params: object) -> None:
        reasons.append(message(template, **params))
        trace.add(rule, template, **params)

    retreating = {name: count for name, count in scenario.retreating.items() if count}
    submarines_only = set(retreating) == {"submarine"}
    others = {name for name in retreating if name != "submarine"}
    if scenario.side is RetreatSide.DEFENDER:
        if others:
            refuse(
                "aa2.retreat.attacker-only",
                "only an attacker can retreat; the defender's {units} cannot",
                units=_unit_list({name: 0 for name in sorted(others)}, counted=False),
            )
        if "submarine" in retreating:
            trace.add("aa2.retreat.submarines.attacker-and-defender", "defending submarines can retreat (submerge)")
    if scenario.amphibious_assault:
        refuse(
            "aa2.amphibious-assaults.retreat",
            "there is no retreat from an amphibious assault, for the landed units, the air units taking part or the "
            "adjacent land units supporting it",
        )
    if scenario.timing is RetreatTiming.BEFORE_DEFENDER_FIRES:
        rule = "aa2.retreat.submarines.after-each-round" if submarines_only else "aa2.retreat.after-each-round"
        refuse(rule, "a retreat is possible only after the defender has defended, at the end of a combat round")
    if scenario.enemies_left == 0:
        if scenario.side is RetreatSide.ATTACKER:
            rule = "aa2.retreat.submarines.stuck-after-victory" if submarines_only else "aa2.retreat.not-for-nothing"
            refuse(rule, "every defender is destroyed: the attacking units are stuck there and cannot retreat")
        else:
            refuse(
                "aa2.retreat.not-for-nothing",
                "no attacker is left: the battle is over and there is nothing to retreat from",
            )
    if scenario.side is RetreatSide.ATTACKER and others:
        staying = {
            name: scenario.units.get(name, 0) - retreating.get(name, 0)
            for name in scenario.units
            if name != "submarine"
        }
        left_behind = {name: count for name, count in staying.items() if count}
        if left_behind:
            rule = (
                "aa2.retreat.aircraft.no-partial"
                if set(left_behind) & _AIR or others & _AIR
                else "aa2.retreat.no-partial"
            )
            refuse(
                rule,
                "no partial retreat: {units} would stay; all attacking units (submarines excepted) retreat together",
                units=_unit_list(dict(sorted(left_behind.items()))),
            )
        else:
            trace.add("aa2.retreat.no-partial", "all attacking units other than submarines retreat together")
        if "submarine" in retreating:
            trace.add(
                "aa2.retreat.submarines.with-other-ships",
                "the submarines retreat first, back to an adjacent friendly sea zone an attacking unit came from, not "
                "necessarily with the other ships",
            )
        if not scenario.destination_is_origin and others - _AIR:
            refuse(
                "aa2.retreat.no-partial",
                "attacking units retreat BACK to an adjacent friendly space from which one of the attacking units came",
            )
        if others & _AIR:
            if scenario.destination_just_conquered:
                refuse(
                    "aa2.retreat.aircraft.no-partial",
                    "retreating aircraft can never land in a territory conquered this turn, blitzed ones included",
                )
            else:
                trace.add(
                    "aa2.retreat.aircraft.no-partial",
                    "the aircraft retreat within their flight range, in the non-combat move, not necessarily with the "
                    "other units",
                )
    if "submarine" in retreating:
        _check_submarines(scenario, retreating, submarines_only, refuse, trace)
    if not reasons:
        trace.add("aa2.retreat", "the retreat is legal")
    return RetreatResult(not reasons, tuple(reasons), trace.build())


def _check_submarines(
    scenario: RetreatScenario,
    retreating: dict[str, int],
    submarines_only: bool,
    refuse: Callable[..., None],
    trace: TraceBuilder,
) -> None:
    """The submarines' own retreat rules: alone, never into a combat zone, all to the same sea zone."""
    if scenario.side is RetreatSide.ATTACKER and submarines_only:
        trace.add(
            "aa2.retreat.submarines.partial",
            "attacking submarines may retreat alone, leaving the other units in the battle",
        )
    if scenario.destination_was_combat_zone:
        refuse(
            "aa2.retreat.submarines.baltic-sea",
            "submarines cannot retreat or submerge to a sea zone that is or was a combat zone this turn",
        )
    if scenario.submarine_destinations > 1 and retreating["submarine"] > 1:
        rule = (
            "aa2.retreat.submarines.several-attacking"
            if scenario.side is RetreatSide.ATTACKER
            else "aa2.retreat.submarines.several-defending"
        )
        refuse(rule, "submarines retreating in the same round must all go to the same sea zone")


# --- Bombardment -------------------------------------------------------------------------


@dataclass(frozen=True)
class BombardmentScenario:
    """Battleships with an amphibious assault."""

    battleships: int
    """Battleships in the sea zone that could support the landing."""
    amphibious_assault: bool = True
    """Land units are landing from that sea zone: without an amphibious assault there is no shot."""
    same_sea_zone: bool = True
    """The battleships are in the sea zone of the attacking force."""
    enemy_ships_in_zone: bool = False
    """Enemy sea units in the sea zone: a sea battle comes first."""
    kept_out_of_sea_battle: int = 0
    """Battleships the attacker wants to hold back from that sea battle to keep their shot."""
    rolls: tuple[int, ...] | None = field(default=None, metadata=means(expert=True))
    """The support shots' die rolls (1–6), one per shot fired, if known."""
    break_off_after_miss: bool = False
    """The attacker wants to call off the landing after the shots."""

    def __post_init__(self) -> None:
        # Every problem at once, each at its full path.
        raise_problems(
            collect_problems(
                lambda: _not_negative("battleships", self.battleships),
                self._check_kept_out,
                lambda: _check_roll_values(self.rolls),
            )
        )

    def _check_kept_out(self) -> None:
        if self.battleships < 0:
            _not_negative("kept_out_of_sea_battle", self.kept_out_of_sea_battle)
        elif not 0 <= self.kept_out_of_sea_battle <= self.battleships:
            raise ScenarioError(
                "kept_out_of_sea_battle",
                N_plural("must be from 0 to the {count} battleship", "must be from 0 to the {count} battleships"),
                self.kept_out_of_sea_battle,
                count=self.battleships,
            )


@dataclass(frozen=True)
class BombardmentResult(Summarized):
    shots: int
    """Support shots fired: one per eligible battleship, once."""
    forfeited: bool
    """The one-shot privilege is lost because of a sea battle first."""
    can_be_hit: bool
    """Whether the defending land units can hit the battleships."""
    can_break_off: bool
    hits: int | None
    chance_per_shot: float
    trace: Trace

    def summary_messages(self) -> list[Message]:
        template = (
            N_plural(
                "{count} support shot (forfeited after the sea battle); battleships cannot be hit back; no breaking "
                "off after the shots",
                "{count} support shots (forfeited after the sea battle); battleships cannot be hit back; no breaking "
                "off after the shots",
            )
            if self.forfeited
            else N_plural(
                "{count} support shot; battleships cannot be hit back; no breaking off after the shots",
                "{count} support shots; battleships cannot be hit back; no breaking off after the shots",
            )
        )
        return [message(template, count=self.shots)]


def evaluate_bombardment(scenario: BombardmentScenario) -> BombardmentResult:
    """How many support shots the battleships fire."""
    trace = TraceBuilder()
    shots = scenario.battleships
    forfeited = False
    if not scenario.amphibious_assault:
        trace.add(
            "aa2.amphibious-assaults",
            "a sea unit fires at a coastal territory only when a battleship takes part in an amphibious assault",
        )
        shots = 0
    elif not scenario.same_sea_zone:
        trace.add(
            "aa2.amphibious-assaults",
            "the battleship must be in the same sea zone as the attacking force to fire its shot",
        )
        shots = 0
    elif scenario.enemy_ships_in_zone:
        forfeited = True
        shots = 0
        trace.add(
            "aa2.amphibious-assaults",
            "enemy sea units in the sea zone: all attacking ships must first win the sea battle, and a battleship in "
            "that sea battle forfeits its one shot",
        )
        if scenario.kept_out_of_sea_battle:
            trace.add(
                "aa2.amphibious-assaults",
                "a battleship cannot be kept out of the sea battle voluntarily to keep its shot: {count} held back "
                "still forfeit it",
                count=scenario.kept_out_of_sea_battle,
            )
    else:
        trace.add(
            "aa2.amphibious-assaults",
            "each of the {count} battleships fires a single support shot: not one per defender, not one per round",
            count=shots,
        )
    trace.add("aa2.amphibious-assaults", "once a battleship has fired its shot, the defending land units cannot hit it")
    chance = float(hit_chance(4))
    hits = None
    if scenario.rolls is not None:
        if len(scenario.rolls) != shots:
            raise ScenarioError(
                "rolls",
                N_plural(
                    "{count} support shot is fired: give that many rolls",
                    "{count} support shots are fired: give that many rolls",
                ),
                list(scenario.rolls),
                count=shots,
            )
        hits = count_hits(scenario.rolls, 4)
        trace.add(
            "aa2.letter-header",
            N_plural(
                "base rule (Second Edition rulebook): a battleship's shot hits on 4 or less: {rolls} → {hits} hit",
                "base rule (Second Edition rulebook): a battleship's shot hits on 4 or less: {rolls} → {hits} hits",
                count="hits",
            ),
            rolls=list(scenario.rolls),
            hits=hits,
        )
    if scenario.break_off_after_miss:
        trace.add(
            "aa2.amphibious-assaults.retreat",
            "the attack cannot be broken off after the shots: the land units count as landed before the battleship "
            "fires",
        )
    return BombardmentResult(shots, forfeited, False, False, hits, chance, trace.build())


# --- Captured capital --------------------------------------------------------------------


class CapitalStage(enum.Enum):
    CAPTURED = "captured"
    """The turn the enemy captures your capital."""
    OCCUPIED = "occupied"
    """Your turns while your capital is in enemy hands."""
    LIBERATED = "liberated"
    """Your first turn after your capital was liberated."""


@dataclass(frozen=True)
class CapturedCapitalScenario:
    """A country whose capital is captured, at one stage of its occupation."""

    stage: CapitalStage
    """The turn the capital falls, the turns under occupation, or the first turn after its liberation."""
    ipcs: int
    """IPCs the country holds when its capital falls."""
    income: int
    """IPC value of the territories it still holds."""
    enemy_ipcs_collected: int = 0
    """IPCs collected by capturing an enemy capital while its own capital was in enemy hands."""

    def __post_init__(self) -> None:
        # Every problem at once; a field that did not convert is skipped (its own problem stands).
        raise_problems(
            collect_problems(
                *(
                    lambda name=name: _not_negative(name, getattr(self, name))
                    for name in ("ipcs", "income", "enemy_ipcs_collected")
                )
            )
        )


@dataclass(frozen=True)
class CapturedCapitalResult(Summarized):
    handed_over: int
    """IPCs handed to the conquering player."""
    refund: int
    """IPCs returned on liberation: always 0."""
    income_now: int
    """Income collected at this stage."""
    ipcs_to_spend: int
    """IPCs the country can spend in the turn this stage describes."""
    can_buy_units: bool
    income_at_end_of_turn: int
    trace: Trace

    def summary_messages(self) -> list[Message]:
        template = (
            N_("handed over {handed_over}; can spend {spend} (can buy units); income at the end of the turn {income}")
            if self.can_buy_units
            else N_(
                "handed over {handed_over}; can spend {spend} (cannot buy units); income at the end of the turn "
                "{income}"
            )
        )
        return [
            message(template, handed_over=self.handed_over, spend=self.ipcs_to_spend, income=self.income_at_end_of_turn)
        ]


def evaluate_captured_capital(scenario: CapturedCapitalScenario) -> CapturedCapitalResult:
    """What a captured capital costs, stage by stage."""
    trace = TraceBuilder()
    handed_over = scenario.ipcs
    trace.add(
        "aa2.captured-capitals.lose-ipcs",
        "all {ipcs} IPCs are handed over to the conquering player",
        ipcs=scenario.ipcs,
    )
    if scenario.stage is CapitalStage.CAPTURED:
        trace.add(
            "aa2.captured-capitals.no-income",
            "from now on the {income} IPCs of the territories still held produce nothing until the capital is "
            "liberated",
            income=scenario.income,
        )
        return CapturedCapitalResult(handed_over, 0, 0, 0, False, 0, trace.build())
    if scenario.stage is CapitalStage.OCCUPIED:
        trace.add(
            "aa2.captured-capitals.no-income",
            "while the capital is occupied the {income} IPCs of the territories still held produce nothing",
            income=scenario.income,
        )
        return CapturedCapitalResult(handed_over, 0, 0, scenario.enemy_ipcs_collected, False, 0, trace.build())
    trace.add(
        "aa2.captured-capitals.no-refund",
        "on liberation the handed-over IPCs are NOT given back, and there is no income at once",
    )
    to_spend = scenario.enemy_ipcs_collected
    if to_spend:
        trace.add(
            "aa2.captured-capitals.after-liberation.enemy-ipcs",
            "the {ipcs} IPCs collected from a captured enemy capital are the only IPCs this turn; they can buy units",
            ipcs=to_spend,
        )
    else:
        trace.add(
            "aa2.captured-capitals.after-liberation.no-ipcs",
            "no IPCs in the turn after the liberation, so no units can be bought",
        )
    trace.add(
        "aa2.captured-capitals.after-liberation.no-ipcs",
        "income of {income} IPCs is received at the end of this turn, to buy units next turn",
        income=scenario.income,
    )
    return CapturedCapitalResult(handed_over, 0, 0, to_spend, to_spend > 0, scenario.income, trace.build())


CALCULATORS = (
    Calculator(
        name="ipc-chips",
        label=N_("IPC chips"),
        title="Axis & Allies: the chips that show an IPC value above 45",
        scenario=IpcChipsScenario,
        evaluate=evaluate_ipc_chips,
        games=(GAME,),
    ),
    Calculator(
        name="research",
        label=N_("Weapons research"),
        title="Axis & Allies: what research dice cost and bring (paid and rolled at once)",
        scenario=ResearchScenario,
        evaluate=evaluate_research,
        games=(GAME,),
    ),
    Calculator(
        name="bridging",
        label=N_("Bridging by transport"),
        title="Axis & Allies: whether a transport may bridge these units",
        scenario=BridgingScenario,
        evaluate=evaluate_bridging,
        games=(GAME,),
    ),
    Calculator(
        name="retreat",
        label=N_("Retreat and submerging"),
        title="Axis & Allies: whether a retreat or a submarine's submerging is legal",
        scenario=RetreatScenario,
        evaluate=evaluate_retreat,
        games=(GAME,),
    ),
    Calculator(
        name="bombardment",
        label=N_("Shore bombardment"),
        title="Axis & Allies: battleships' support shots in an amphibious assault",
        scenario=BombardmentScenario,
        evaluate=evaluate_bombardment,
        games=(GAME,),
    ),
    Calculator(
        name="captured-capital",
        label=N_("Captured capital"),
        title="Axis & Allies: IPCs lost, withheld and available around a captured capital",
        scenario=CapturedCapitalScenario,
        evaluate=evaluate_captured_capital,
        games=(GAME,),
    ),
)
