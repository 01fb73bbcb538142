"""War production points (HPP) of the strategic WWII game of Europe lost to bombers and submarines,
and sent as Lend-Lease aid.

Game ``strategic-europe``, source ``000_6a90d5256c60e02c.txt``. Rules implemented:

- ``se.bombers`` — Strategic Bombing: 1 HPP per bomber that flies within the
  enemy's original borders, even if it is shot down there; free for the
  attacker; never against France or the Soviet Union;
- ``se.submarines`` — every surviving submarine in the North Atlantic costs
  England 1 HPP; every surviving submarine attacking a Lend-Lease convoy cuts
  its value by 2 HPP;
- ``se.lend-lease`` — who may send aid, when, at most a quarter of the sender's
  base HPP at a time, and the USA's 1941 aid deducted from its 1942 HPP;
- ``se.special-rules.scope`` — a historical ally may not be attacked.

Calculators: ``strategic-bombing``, ``submarine-losses``, ``lend-lease`` and
``lend-lease-deduction``. Declarations of war are in :mod:`adjudicator.strategic_europe.war_entry`,
Gibraltar, Suez and Malta in :mod:`adjudicator.strategic_europe.mediterranean`. Where the source
admits two readings the scenario has an option naming them, and the trace says
which reading was applied. Each runs in time linear in its input.

>>> raid = BombingRaid(attacker=Country.GERMANY, target=Country.ENGLAND, bombers=3, shot_down=1)
>>> evaluate_bombing(StrategicBombingScenario(raids=(raid,))).hpp_loss
{<Country.ENGLAND: 'england'>: 3}
"""

from __future__ import annotations

import functools
from dataclasses import dataclass, field
from enum import Enum

from adjudicator.checks import check_count, collect_problems, raise_problems
from adjudicator.errors import ScenarioError
from adjudicator.meaning import means
from adjudicator.messages import N_, Message, MessageList, N_plural, Summarized, message
from adjudicator.registry import Calculator
from adjudicator.strategic_europe.vocabulary import Country, Season, Turn, country_words, same_side
from adjudicator.trace import Trace, TraceBuilder

__all__ = [
    "BOMBING_LOSS_PER_BOMBER_HPP",
    "CALCULATORS",
    "CONVOY_LOSS_PER_SUBMARINE_HPP",
    "LEND_LEASE_CAP_DIVISOR",
    "TRADE_LOSS_PER_SUBMARINE_HPP",
    "AidRecord",
    "BombingRaid",
    "BombingResult",
    "Convoy",
    "ConvoyOutcome",
    "DeductionResult",
    "LendLeaseCap",
    "LendLeaseDeductionScenario",
    "LendLeaseResult",
    "LendLeaseScenario",
    "RaidOutcome",
    "Shipment",
    "ShipmentOutcome",
    "StrategicBombingScenario",
    "SubmarineLossResult",
    "SubmarineLossScenario",
    "TerritoryStatus",
    "TradeRaidReading",
    "evaluate_bombing",
    "evaluate_deduction",
    "evaluate_lend_lease",
    "evaluate_submarines",
]

BOMBERS = "se.bombers"
SUBMARINES = "se.submarines"
LEND_LEASE = "se.lend-lease"
SCOPE = "se.special-rules.scope"

BOMBING_LOSS_PER_BOMBER_HPP = 1
"""``egy HPP/bombázó``."""
TRADE_LOSS_PER_SUBMARINE_HPP = 1
"""``Minden túlélő tengeralattjáró azonnal 1 HPP-vel``."""
CONVOY_LOSS_PER_SUBMARINE_HPP = 2
"""``minden túlélő tengeralattjáró 2 HPP-vel csökkenti``."""
LEND_LEASE_CAP_DIVISOR = 4
"""``a küldő ország alap HPP-jének negyede`` (a quarter)."""

NORTH_ATLANTIC = N_("North Atlantic Ocean")
"""The sea area where the US convoy to England can be attacked (a catalog word, shown translated)."""
NORWEGIAN_SEA = N_("Norwegian Sea")
"""The sea area where the convoys to the Soviet Union can be attacked (``Norvég-tenger``)."""


# --- strategic-bombing ----------------------------------------------------------------------


class TerritoryStatus(Enum):
    """Whether the bombed territory lies within the target country's original borders."""

    HOME = "home"
    """Within the original borders."""
    CONQUERED = "conquered"
    COLONIAL = "colonial"


@dataclass(frozen=True)
class BombingRaid:
    """Bombers of one country flying a Strategic Bombing raid into another."""

    attacker: Country
    """The country whose bombers fly the raid."""
    target: Country
    """The bombed country; France, Vichy France, the Soviet Union and historical allies cannot be bombed."""
    bombers: int
    """Bombers that fly in to the target territory."""
    shot_down: int = 0
    """Of them, shot down there by the defender's air interception."""
    territory: TerritoryStatus = TerritoryStatus.HOME
    """Where the target lies."""

    def __post_init__(self) -> None:
        raise_problems(
            collect_problems(
                lambda: check_count("bombers", self.bombers, minimum=1),
                lambda: check_count("shot_down", self.shot_down),
                self._check_shot_down_among_bombers,
                self._check_target,
            )
        )

    def _check_shot_down_among_bombers(self) -> None:
        if self.bombers >= 1 and self.shot_down > self.bombers:
            raise ScenarioError(
                "shot_down",
                N_plural(
                    "must be at most the {count} bomber of the raid", "must be at most the {count} bombers of the raid"
                ),
                self.shot_down,
                count=self.bombers,
            )

    def _check_target(self) -> None:
        if self.attacker is self.target:
            raise ScenarioError("target", "must be another country than the attacker", self.target.value)


@dataclass(frozen=True)
class StrategicBombingScenario:
    """The Strategic Bombing raids of a turn."""

    raids: tuple[BombingRaid, ...]
    """The raids flown this turn (at least one)."""

    def __post_init__(self) -> None:
        if not self.raids:
            raise ScenarioError("raids", "must list at least one raid", [])


@dataclass(frozen=True)
class RaidOutcome:
    """What one raid does."""

    attacker: Country
    target: Country
    allowed: bool
    hpp_loss: int
    """HPP the target loses at once."""
    bombers_lost: int


@dataclass(frozen=True)
class BombingResult(Summarized):
    """The HPP the raids cost their targets."""

    raids: tuple[RaidOutcome, ...]
    hpp_loss: dict[Country, int]
    """HPP lost by each bombed country (allowed raids only)."""
    attacker_cost_hpp: int
    """What the attackers pay for the raids (nothing: it is not a battle)."""
    trace: Trace

    def summary_messages(self) -> list[Message]:
        lines = [
            message("{country} loses {loss} HPP.", country=country.label, loss=loss)
            for country, loss in self.hpp_loss.items()
        ]
        refused = sum(not raid.allowed for raid in self.raids)
        if refused:
            lines.append(
                message(N_plural("{count} raid may not be flown.", "{count} raids may not be flown."), count=refused)
            )
        return lines or [message("No HPP is lost.")]


def evaluate_bombing(scenario: StrategicBombingScenario) -> BombingResult:
    """Settle Strategic Bombing raids (``se.bombers``)."""
    trace = TraceBuilder()
    outcomes = []
    losses: dict[Country, int] = {}
    for raid in scenario.raids:
        allowed = _raid_allowed(raid, trace)
        loss = 0
        if allowed:
            loss = raid.bombers * BOMBING_LOSS_PER_BOMBER_HPP
            losses[raid.target] = losses.get(raid.target, 0) + loss
            trace.add(
                BOMBERS,
                "{bombers} bomber(s) of {attacker} reach {target} within its original borders: "
                "{target} loses {loss} HPP at once ({per} HPP per bomber)",
                bombers=raid.bombers,
                attacker=raid.attacker.label,
                target=raid.target.label,
                loss=loss,
                per=BOMBING_LOSS_PER_BOMBER_HPP,
            )
            if raid.shot_down:
                trace.add(
                    BOMBERS, "the {count} bomber(s) shot down by interception there still count", count=raid.shot_down
                )
        outcomes.append(RaidOutcome(raid.attacker, raid.target, allowed, loss, raid.shot_down if allowed else 0))
    trace.add(BOMBERS, "the attackers pay no HPP for Strategic Bombing: in this sense it is not a battle")
    return BombingResult(tuple(outcomes), losses, 0, trace.build())


def _raid_allowed(raid: BombingRaid, trace: TraceBuilder) -> bool:
    if raid.target in (Country.FRANCE, Country.USSR, Country.VICHY_FRANCE):
        trace.add(
            BOMBERS,
            N_(
                "Strategic Bombing cannot be carried out against France or the Soviet Union: "
                "the raid on {target} is not allowed (Vichy France lies within France's original borders)"
            )
            if raid.target is Country.VICHY_FRANCE
            else N_(
                "Strategic Bombing cannot be carried out against France or the Soviet Union: "
                "the raid on {target} is not allowed"
            ),
            target=raid.target.label,
        )
        return False
    if same_side(raid.attacker, raid.target):
        trace.add(
            SCOPE,
            "{attacker} and {target} are historical allies, and attacking a historical ally is forbidden: "
            "the raid is not allowed",
            attacker=raid.attacker.label,
            target=raid.target.label,
        )
        return False
    if raid.territory is not TerritoryStatus.HOME:
        trace.add(
            BOMBERS,
            N_(
                "the target is a conquered territory of {target}; only its original borders count: "
                "the raid causes no HPP loss"
            )
            if raid.territory is TerritoryStatus.CONQUERED
            else N_(
                "the target is a colonial territory of {target}; only its original borders count: "
                "the raid causes no HPP loss"
            ),
            target=raid.target.label,
        )
        return False
    return True


# --- submarine-losses -----------------------------------------------------------------------


class TradeRaidReading(Enum):
    """Reading of 'every surviving submarine reduces England's economic strength by 1 HPP'."""

    EVERY_SURVIVOR = "every-survivor"
    """Every surviving submarine in the North Atlantic, those that attacked the US convoy included."""
    NOT_CONVOY_ATTACKERS = "not-convoy-attackers"
    """Submarines that attacked the US convoy cut only the convoy."""


@dataclass(frozen=True)
class Convoy:
    """A Lend-Lease shipment at sea, and the German submarines attacking it."""

    sender: Country
    """The sending country: the USA or England."""
    destination: Country
    """The receiving country: USA → England (North Atlantic), USA or England → Soviet Union (Norwegian Sea)."""
    value_hpp: int
    """HPP sent (0 for an empty token)."""
    surviving_attackers: int = 0
    """Submarines that attacked it and survived."""

    def __post_init__(self) -> None:
        raise_problems(
            collect_problems(
                lambda: _check_route("destination", self.sender, self.destination),
                lambda: check_count("value_hpp", self.value_hpp),
                lambda: check_count("surviving_attackers", self.surviving_attackers),
            )
        )

    @property
    def sea(self) -> str:
        """Where it can be attacked."""
        return _CONVOY_ROUTES[(self.sender, self.destination)]


_CONVOY_ROUTES = {
    (Country.USA, Country.ENGLAND): NORTH_ATLANTIC,
    (Country.USA, Country.USSR): NORWEGIAN_SEA,
    (Country.ENGLAND, Country.USSR): NORWEGIAN_SEA,
}


def _route(sender: Country, destination: Country) -> Message:
    return message("from {sender} to {destination}", sender=sender.label, destination=destination.label)


def _check_route(path: str, sender: Country, recipient: Country) -> None:
    """Refuse a sender and recipient that are not one of the Lend-Lease routes, naming the routes in words."""
    if (sender, recipient) not in _CONVOY_ROUTES:
        raise ScenarioError(
            path,
            "must be a Lend-Lease route: {routes}",
            f"{sender.value} → {recipient.value}",
            routes=MessageList(tuple(_route(*route) for route in _CONVOY_ROUTES), "; "),
        )


@dataclass(frozen=True)
class SubmarineLossScenario:
    """German submarines at sea at the end of a turn's fighting."""

    north_atlantic_survivors: int = 0
    """German submarines in the North Atlantic that survived (those attacking the US convoy included)."""
    convoys: tuple[Convoy, ...] = ()
    """Lend-Lease convoys at sea this turn, at most one per route."""
    reading: TradeRaidReading = field(default=TradeRaidReading.EVERY_SURVIVOR, metadata=means(expert=True))
    """Whether submarines that attacked the US convoy also cost England 1 HPP each (default: yes)."""

    def __post_init__(self) -> None:
        raise_problems(
            collect_problems(
                lambda: check_count("north_atlantic_survivors", self.north_atlantic_survivors),
                self._check_routes_once,
                self._check_atlantic_attackers,
            )
        )

    def _check_routes_once(self) -> None:
        routes = [(convoy.sender, convoy.destination) for convoy in self.convoys]
        if len(set(routes)) != len(routes):
            raise ScenarioError(
                "convoys",
                "must list each route once (one shipment per route per turn)",
                [f"{s.value} → {d.value}" for s, d in routes],
            )

    def _check_atlantic_attackers(self) -> None:
        atlantic = sum(c.surviving_attackers for c in self.convoys if c.sea == NORTH_ATLANTIC)
        if self.north_atlantic_survivors >= 0 and atlantic > self.north_atlantic_survivors:
            raise ScenarioError(
                "convoys",
                N_plural(
                    "the submarines attacking the North Atlantic convoy must be among the {count} surviving in the "
                    "North Atlantic",
                    "the submarines attacking the North Atlantic convoy must be among the {count} surviving in the "
                    "North Atlantic",
                ),
                atlantic,
                count=self.north_atlantic_survivors,
            )


@dataclass(frozen=True)
class ConvoyOutcome:
    """What arrives of one shipment."""

    sender: Country
    destination: Country
    sea: str
    value_hpp: int
    lost_hpp: int
    delivered_hpp: int


@dataclass(frozen=True)
class SubmarineLossResult(Summarized):
    """HPP lost to German submarines."""

    england_hpp_loss: int
    """England's economic strength lost to submarines in the North Atlantic."""
    convoys: tuple[ConvoyOutcome, ...]
    convoy_hpp_loss: int
    """HPP of aid sunk, all convoys together."""
    trace: Trace

    def summary_messages(self) -> list[Message]:
        lines = [message("England loses {loss} HPP to submarines in the North Atlantic.", loss=self.england_hpp_loss)]
        for convoy in self.convoys:
            lines.append(
                message(
                    "The convoy from {sender} to {destination} loses {lost} of {value} HPP; {delivered} HPP arrive.",
                    sender=convoy.sender.label,
                    destination=convoy.destination.label,
                    lost=convoy.lost_hpp,
                    value=convoy.value_hpp,
                    delivered=convoy.delivered_hpp,
                )
            )
        return lines


def evaluate_submarines(scenario: SubmarineLossScenario) -> SubmarineLossResult:
    """HPP lost to surviving German submarines (``se.submarines``)."""
    trace = TraceBuilder()
    raiders = scenario.north_atlantic_survivors
    atlantic_attackers = sum(c.surviving_attackers for c in scenario.convoys if c.sea == NORTH_ATLANTIC)
    if scenario.reading is TradeRaidReading.NOT_CONVOY_ATTACKERS and atlantic_attackers:
        raiders -= atlantic_attackers
        trace.add(
            SUBMARINES,
            "reading chosen: the {count} submarine(s) that attacked the US convoy cut only the convoy, "
            "not England's economic strength",
            count=atlantic_attackers,
        )
    elif atlantic_attackers:
        trace.add(
            SUBMARINES,
            "reading chosen: every surviving submarine in the North Atlantic costs England 1 HPP, "
            "the {count} that attacked the US convoy included",
            count=atlantic_attackers,
        )
    england = raiders * TRADE_LOSS_PER_SUBMARINE_HPP
    trace.add(
        SUBMARINES,
        "{count} surviving submarine(s) in the North Atlantic reduce England's economic strength "
        "at once by {loss} HPP ({per} HPP each)",
        count=raiders,
        loss=england,
        per=TRADE_LOSS_PER_SUBMARINE_HPP,
    )

    outcomes = []
    for convoy in scenario.convoys:
        route = _route(convoy.sender, convoy.destination)
        if convoy.value_hpp == 0:
            lost = 0
            trace.add(
                SUBMARINES,
                "the token {route} in the {sea} is empty: there was no shipment to reduce",
                route=route,
                sea=convoy.sea,
            )
        else:
            cut = convoy.surviving_attackers * CONVOY_LOSS_PER_SUBMARINE_HPP
            lost = min(cut, convoy.value_hpp)
            trace.add(
                SUBMARINES,
                N_plural(
                    "{count} surviving submarine attacks the convoy {route} in the {sea}: its value "
                    "drops by {cut} HPP ({per} HPP each), {lost} of its {value} HPP are lost",
                    "{count} surviving submarines attack the convoy {route} in the {sea}: its value "
                    "drops by {cut} HPP ({per} HPP each), {lost} of its {value} HPP are lost",
                ),
                count=convoy.surviving_attackers,
                route=route,
                sea=convoy.sea,
                cut=cut,
                per=CONVOY_LOSS_PER_SUBMARINE_HPP,
                lost=lost,
                value=convoy.value_hpp,
            )
        outcomes.append(
            ConvoyOutcome(
                convoy.sender, convoy.destination, convoy.sea, convoy.value_hpp, lost, convoy.value_hpp - lost
            )
        )
    return SubmarineLossResult(england, tuple(outcomes), sum(o.lost_hpp for o in outcomes), trace.build())


# --- lend-lease ------------------------------------------------------------------------------


class LendLeaseCap(Enum):
    """Reading of 'the aid sent on one occasion cannot be more than a quarter of the sender's base HPP'."""

    PER_SHIPMENT = "per-shipment"
    """Each shipment on its own (the USA may send a quarter to England and a quarter to the Soviet Union)."""
    PER_SENDER_PER_TURN = "per-sender-per-turn"
    """All of a sender's shipments of one turn together."""


@dataclass(frozen=True)
class Shipment:
    """HPP aid one country sends in the Strategic Redeployment phase."""

    sender: Country
    """The sending country: the USA or England."""
    recipient: Country
    """The receiving country: England (from the USA only) or the Soviet Union."""
    amount_hpp: int
    """HPP sent (0 for an empty token)."""

    def __post_init__(self) -> None:
        raise_problems(
            collect_problems(
                lambda: _check_route("recipient", self.sender, self.recipient),
                lambda: check_count("amount_hpp", self.amount_hpp),
            )
        )


@dataclass(frozen=True)
class LendLeaseScenario:
    """The Lend-Lease shipments of one turn and the state of the war."""

    turn: Turn
    """The turn the aid is sent (year and season)."""
    base_hpp: dict[Country, int]
    """Base HPP of every sending country."""
    shipments: tuple[Shipment, ...]
    """The aid sent this turn, at most one shipment per route."""
    france_captured: bool = True
    """Whether the Germans have captured France."""
    ussr_attacked: bool = False
    """Whether Germany has attacked the Soviet Union."""
    vologda_captured: bool = False
    """Whether the Germans hold Vologda."""
    cap: LendLeaseCap = field(default=LendLeaseCap.PER_SHIPMENT, metadata=means(expert=True))
    """Whether the quarter-of-base-HPP cap applies to each shipment (default)
    or to all of a sender's shipments of the turn.
    """

    def __post_init__(self) -> None:
        raise_problems(collect_problems(self._check_shipments, self._check_bases, self._check_every_base_given))

    def _check_shipments(self) -> None:
        if not self.shipments:
            raise ScenarioError("shipments", "must list at least one shipment", [])
        routes = [(s.sender, s.recipient) for s in self.shipments]
        if len(set(routes)) != len(routes):
            raise ScenarioError(
                "shipments",
                "must list each route once (aid is sent once per turn)",
                [f"{s.value} → {r.value}" for s, r in routes],
            )

    def _check_bases(self) -> None:
        raise_problems(
            collect_problems(
                *(
                    functools.partial(check_count, f"base_hpp.{country.value}", base)
                    for country, base in self.base_hpp.items()
                )
            )
        )

    def _check_every_base_given(self) -> None:
        senders = {shipment.sender for shipment in self.shipments}
        missing = tuple(country for country in Country if country in senders and country not in self.base_hpp)
        if missing:
            raise ScenarioError(
                "base_hpp",
                "must give the base HPP of every sender; missing: {countries}",
                {c.value: v for c, v in self.base_hpp.items()},
                countries=country_words(missing),
            )


@dataclass(frozen=True)
class ShipmentOutcome:
    """Whether one shipment may be sent."""

    sender: Country
    recipient: Country
    amount_hpp: int
    allowed: bool
    cap_hpp: int
    """A quarter of the sender's base HPP, in whole HPP."""
    sea: str
    """Where the token is placed (and where submarines can attack it)."""


@dataclass(frozen=True)
class LendLeaseResult(Summarized):
    """Verdicts on a turn's Lend-Lease shipments."""

    shipments: tuple[ShipmentOutcome, ...]
    counted_towards_spending: dict[Country, int]
    """HPP of allowed aid that count towards each sender's spending limit."""
    usa_1942_deduction_hpp: int
    """HPP of allowed US aid of this turn that will be deducted from the USA's 1942 HPP (1941 only)."""
    trace: Trace

    def summary_messages(self) -> list[Message]:
        lines = [
            message(
                N_("{amount} HPP from {sender} to {recipient} may be sent (cap {cap} HPP).")
                if o.allowed
                else N_("{amount} HPP from {sender} to {recipient} may not be sent (cap {cap} HPP)."),
                amount=o.amount_hpp,
                sender=o.sender.label,
                recipient=o.recipient.label,
                cap=o.cap_hpp,
            )
            for o in self.shipments
        ]
        if self.usa_1942_deduction_hpp:
            lines.append(
                message("{amount} HPP will be deducted from the USA's 1942 HPP.", amount=self.usa_1942_deduction_hpp)
            )
        return lines


_LEND_LEASE_START = Turn(1941, Season.SPRING)


def evaluate_lend_lease(scenario: LendLeaseScenario) -> LendLeaseResult:
    """Check one turn's Lend-Lease shipments (``se.lend-lease``)."""
    trace = TraceBuilder()
    senders = [shipment.sender for shipment in scenario.shipments]
    if len(set(senders)) < len(senders):
        if scenario.cap is LendLeaseCap.PER_SENDER_PER_TURN:
            trace.add(
                LEND_LEASE,
                "reading chosen: the quarter of the base HPP caps all of a sender's shipments of one turn together",
            )
        else:
            trace.add(
                LEND_LEASE,
                "reading chosen: the quarter of the base HPP caps each shipment ('sent on one occasion') on its own",
            )
    sent: dict[Country, int] = {}
    outcomes = []
    for shipment in scenario.shipments:
        base = scenario.base_hpp[shipment.sender]
        cap = base // LEND_LEASE_CAP_DIVISOR
        allowed = _route_open(scenario, shipment, trace)
        if allowed:
            already = sent.get(shipment.sender, 0) if scenario.cap is LendLeaseCap.PER_SENDER_PER_TURN else 0
            if already + shipment.amount_hpp > cap:
                allowed = False
                over_the_cap = (
                    N_(
                        "{sender} may send at most a quarter of its base {base} HPP, i.e. {cap} HPP; "
                        "{amount} HPP after {already} HPP sent this turn is more"
                    )
                    if already
                    else N_(
                        "{sender} may send at most a quarter of its base {base} HPP, i.e. {cap} HPP; "
                        "{amount} HPP is more"
                    )
                )
                trace.add(
                    LEND_LEASE,
                    over_the_cap,
                    sender=shipment.sender.label,
                    base=base,
                    cap=cap,
                    amount=shipment.amount_hpp,
                    already=already,
                )
            else:
                trace.add(
                    LEND_LEASE,
                    "{amount} HPP is within a quarter of {sender}'s base {base} HPP ({cap} HPP); "
                    "it is placed face down on the {sea} and counts towards {sender}'s spending",
                    amount=shipment.amount_hpp,
                    sender=shipment.sender.label,
                    base=base,
                    cap=cap,
                    sea=_CONVOY_ROUTES[(shipment.sender, shipment.recipient)],
                )
                sent[shipment.sender] = sent.get(shipment.sender, 0) + shipment.amount_hpp
        outcomes.append(
            ShipmentOutcome(
                shipment.sender,
                shipment.recipient,
                shipment.amount_hpp,
                allowed,
                cap,
                _CONVOY_ROUTES[(shipment.sender, shipment.recipient)],
            )
        )
    if any(o.allowed and o.amount_hpp for o in outcomes):
        trace.add(LEND_LEASE, "the aid arrives in the Allies' next Raising of New Units phase and can be spent at once")
    deduction = 0
    if scenario.turn.year == 1941 and sent.get(Country.USA):
        deduction = sent[Country.USA]
        trace.add(
            LEND_LEASE, "the {amount} HPP the USA sends in 1941 will be deducted from its 1942 HPP", amount=deduction
        )
    return LendLeaseResult(tuple(outcomes), {c: v for c, v in sent.items() if v}, deduction, trace.build())


def _route_open(scenario: LendLeaseScenario, shipment: Shipment, trace: TraceBuilder) -> bool:
    sender = shipment.sender.label
    if shipment.recipient is Country.ENGLAND:
        if not scenario.france_captured:
            trace.add(LEND_LEASE, "the Germans have not captured France, so the USA may not send aid to England yet")
            return False
        if scenario.turn.is_before(_LEND_LEASE_START):
            trace.add(
                LEND_LEASE,
                "the USA may send aid to England from the Spring 1941 turn onwards, not in {turn}",
                turn=scenario.turn.shown,
            )
            return False
        trace.add(
            LEND_LEASE,
            "France has fallen and it is {turn}: the USA may send HPP aid to England",
            turn=scenario.turn.shown,
        )
        return True
    if not scenario.ussr_attacked:
        trace.add(
            LEND_LEASE, "the Germans have not attacked the Soviet Union, so {sender} may not send it aid", sender=sender
        )
        return False
    if scenario.vologda_captured:
        trace.add(LEND_LEASE, "the Germans hold Vologda, so no aid may be sent to the Soviet Union")
        return False
    trace.add(LEND_LEASE, "the Germans have attacked the Soviet Union: {sender} may send it HPP aid", sender=sender)
    return True


@dataclass(frozen=True)
class AidRecord:
    """HPP aid the USA sent in one turn."""

    turn: Turn
    """The turn the aid was sent; only 1941 aid is deducted."""
    recipient: Country
    """The receiving country: England or the Soviet Union."""
    amount_hpp: int
    """HPP sent (whether or not submarines sank part of it)."""

    def __post_init__(self) -> None:
        raise_problems(collect_problems(self._check_recipient, lambda: check_count("amount_hpp", self.amount_hpp)))

    def _check_recipient(self) -> None:
        if self.recipient not in (Country.ENGLAND, Country.USSR):
            raise ScenarioError("recipient", "must be England or the Soviet Union", self.recipient.value)


@dataclass(frozen=True)
class LendLeaseDeductionScenario:
    """The USA's HPP for 1942 and the aid it sent."""

    usa_hpp_1942: int
    """HPP the USA would have available in 1942 without the deduction."""
    aid_sent: tuple[AidRecord, ...] = ()
    """The USA's Lend-Lease shipments (HPP sent, whether or not submarines sank part of them)."""

    def __post_init__(self) -> None:
        check_count("usa_hpp_1942", self.usa_hpp_1942)


@dataclass(frozen=True)
class DeductionResult(Summarized):
    """The USA's 1942 HPP after the 1941 aid is deducted."""

    deducted_hpp: int
    usa_hpp_1942: int
    """What remains available in 1942 (never below 0)."""
    trace: Trace

    def summary_messages(self) -> list[Message]:
        return [
            message(
                "{deducted} HPP of 1941 aid are deducted; the USA has {hpp} HPP in 1942.",
                deducted=self.deducted_hpp,
                hpp=self.usa_hpp_1942,
            )
        ]


def evaluate_deduction(scenario: LendLeaseDeductionScenario) -> DeductionResult:
    """Deduct the USA's 1941 Lend-Lease aid from its 1942 HPP (``se.lend-lease``)."""
    trace = TraceBuilder()
    deducted = 0
    for record in scenario.aid_sent:
        if record.turn.year == 1941:
            deducted += record.amount_hpp
            trace.add(
                LEND_LEASE,
                "{amount} HPP sent to {recipient} in {turn} is deducted from the USA's 1942 HPP",
                amount=record.amount_hpp,
                recipient=record.recipient.label,
                turn=record.turn.shown,
            )
        else:
            trace.add(
                LEND_LEASE,
                "{amount} HPP sent in {turn} is not 1941 aid and is not deducted",
                amount=record.amount_hpp,
                turn=record.turn.shown,
            )
    remaining = scenario.usa_hpp_1942 - deducted
    trace.add(
        LEND_LEASE,
        "the USA has {available} − {deducted} = {remaining} HPP in 1942",
        available=scenario.usa_hpp_1942,
        deducted=deducted,
        remaining=remaining,
    )
    if remaining < 0:
        trace.add(
            LEND_LEASE,
            "the source does not say what happens when the 1941 aid exceeds the 1942 HPP; the USA is left with 0 HPP",
        )
        remaining = 0
    return DeductionResult(deducted, remaining, trace.build())


_GAMES = ("strategic-europe",)

CALCULATORS = (
    Calculator(
        name="strategic-bombing",
        label=N_("Strategic bombing"),
        title="Strategic Europe: HPP lost to Strategic Bombing",
        scenario=StrategicBombingScenario,
        evaluate=evaluate_bombing,
        games=_GAMES,
    ),
    Calculator(
        name="submarine-losses",
        label=N_("Submarine warfare losses"),
        title="Strategic Europe: HPP lost to German submarines (England, Lend-Lease convoys)",
        scenario=SubmarineLossScenario,
        evaluate=evaluate_submarines,
        games=_GAMES,
    ),
    Calculator(
        name="lend-lease",
        label=N_("Lend-Lease aid"),
        title="Strategic Europe: who may send Lend-Lease aid, when, and how much",
        scenario=LendLeaseScenario,
        evaluate=evaluate_lend_lease,
        games=_GAMES,
    ),
    Calculator(
        name="lend-lease-deduction",
        label=N_("Lend-Lease deduction"),
        title="Strategic Europe: the USA's 1941 Lend-Lease aid deducted from its 1942 HPP",
        scenario=LendLeaseDeductionScenario,
        evaluate=evaluate_deduction,
        games=_GAMES,
    ),
)
