"""Paratroopers of the strategic WWII game of Europe: rebuilding, bridgeheads, one attack per territory, defence values.

Game ``strategic-europe``, source ``000_6a90d5256c60e02c.txt``. Rules implemented:

- ``se.paratroopers`` — paratroopers cancel the river and coast defence
  modifiers for every ground force attacking the same territory; a paratrooper
  lost in an airborne deployment without the support of ground units cannot be
  replaced;
- ``se.paratroopers.example-london`` — lost against London's defenders, or
  after taking an empty London, in the following counterattack: not rebuilt;
- ``se.paratroopers.example-bridgehead`` — the Plymouth/Dover bridgehead costs
  at most 1 HPP instead of the 5 HPP of an invasion and needs a supplying German
  fleet; paratroopers lost with German ground units can be rebuilt; a territory
  can be attacked only once (Dover → London);
- ``se.paratroopers.example-english-invasion`` — English paratroopers cut the
  German infantry's VÉ from 5 to its original 2;
- ``se.destroyers`` and ``se.submarines`` — neither has a defence modifier
  against an invasion (destroyers none in a fortress either).

Four calculators: ``paratroop-rebuild``, ``bridgehead-cost``, ``attack-once``
and ``paradrop-defence``. Each runs in time linear in its input.

>>> result = evaluate_rebuild(ParatrooperLossScenario(target="London", occasion=LossOccasion.DROP_BATTLE))
>>> result.rebuildable
False
>>> result.trace.rules()
('se.paratroopers', 'se.paratroopers.example-london')
"""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import Enum

from adjudicator.checks import check_count, collect_problems, raise_problems
from adjudicator.errors import ScenarioError
from adjudicator.meaning import means
from adjudicator.messages import N_, Message, MessageList, N_plural, Summarized, message
from adjudicator.registry import Calculator
from adjudicator.strategic_europe.vocabulary import UnitType
from adjudicator.trace import Trace, TraceBuilder

__all__ = [
    "CALCULATORS",
    "INVASION_COST_HPP",
    "PARADROP_BRIDGEHEAD_MAX_HPP",
    "AttackMethod",
    "AttackOnceResult",
    "AttackOnceScenario",
    "AttackVerdict",
    "BridgeheadResult",
    "BridgeheadScenario",
    "BridgeheadSite",
    "DefenceModifier",
    "DefenceResult",
    "DefenceScenario",
    "EmptyDropCost",
    "LossOccasion",
    "ModifierKind",
    "ParatrooperLossScenario",
    "PlannedAttack",
    "RebuildResult",
    "evaluate_attack_once",
    "evaluate_bridgehead",
    "evaluate_defence",
    "evaluate_rebuild",
]

RULE = "se.paratroopers"
LONDON = "se.paratroopers.example-london"
BRIDGEHEAD = "se.paratroopers.example-bridgehead"
ENGLISH_INVASION = "se.paratroopers.example-english-invasion"

INVASION_COST_HPP = 5
"""What an invasion costs (``az invázióhoz szükséges 5 HPP``)."""
PARADROP_BRIDGEHEAD_MAX_HPP = 1
"""What the paradrop bridgehead costs at most (``maximum 1 HPP``)."""


# --- paratroop-rebuild ----------------------------------------------------------------------


class LossOccasion(Enum):
    """Where the paratrooper unit was lost."""

    DROP_BATTLE = "drop-battle"
    """In the battle of its airborne drop (the defenders of London destroyed it)."""
    HOLDING_DROP_ZONE = "holding-drop-zone"
    """Defending the territory it took by the drop, in the counterattack that followed."""
    GROUND_COMBAT = "ground-combat"
    """In fighting that was not part of an airborne deployment."""


@dataclass(frozen=True)
class ParatrooperLossScenario:
    """A paratrooper unit has been lost: may it be built again?"""

    target: str
    """The territory it was dropped on or fought in (London, for instance)."""
    occasion: LossOccasion
    """When it was lost."""
    friendly_ground_units: int = 0
    """Ground units of its own side, other than paratroopers, that fought beside it in that battle."""
    friendly_paratroopers: int = 0
    """Other paratrooper units of its own side that fought beside it."""
    friendly_air_units: int = 0
    """Air units of its own side that supported it (air support is not ground support)."""
    paratroopers_count_as_ground_support: bool = field(default=False, metadata=means(expert=True))
    """Reading of "földi egységek támogatása": whether other paratroopers count as supporting ground
    units. Default no: the source's example speaks of a Dover 'captured by German paratroopers alone'."""

    def __post_init__(self) -> None:
        raise_problems(
            collect_problems(
                lambda: _check_territory("target", self.target),
                lambda: check_count("friendly_ground_units", self.friendly_ground_units),
                lambda: check_count("friendly_paratroopers", self.friendly_paratroopers),
                lambda: check_count("friendly_air_units", self.friendly_air_units),
            )
        )


def _check_territory(path: str, name: str) -> None:
    if not name.strip():
        raise ScenarioError(path, "must name the territory", name)


@dataclass(frozen=True)
class RebuildResult(Summarized):
    """Whether the lost paratrooper unit may be built again."""

    rebuildable: bool
    """True if it may be replaced later in the game."""
    ground_support: bool
    """Whether ground units fought beside it when it was lost."""
    airborne_deployment: bool
    """Whether it was lost in an airborne deployment (the only case the rule restricts)."""
    trace: Trace

    def summary_messages(self) -> list[Message]:
        if self.rebuildable:
            return [message("The paratrooper unit can be rebuilt.")]
        return [message("The paratrooper unit cannot be rebuilt for the rest of the game.")]


def evaluate_rebuild(scenario: ParatrooperLossScenario) -> RebuildResult:
    """Settle whether a lost paratrooper unit can be replaced (``se.paratroopers``)."""
    trace = TraceBuilder()
    if scenario.occasion is LossOccasion.GROUND_COMBAT:
        trace.add(
            RULE,
            "the unit was lost in fighting at {target} that was not an airborne deployment; "
            "the no-replacement rule covers only losses in an airborne deployment",
            target=scenario.target,
        )
        return RebuildResult(True, scenario.friendly_ground_units > 0, False, trace.build())

    support = scenario.friendly_ground_units
    if scenario.friendly_paratroopers:
        if scenario.paratroopers_count_as_ground_support:
            support += scenario.friendly_paratroopers
            trace.add(
                RULE,
                "reading chosen: the {count} other paratrooper unit(s) beside it count as ground support",
                count=scenario.friendly_paratroopers,
            )
        else:
            trace.add(
                BRIDGEHEAD,
                "reading chosen: the {count} other paratrooper unit(s) beside it are not ground support "
                "(a territory taken 'by paratroopers alone' had no ground units)",
                count=scenario.friendly_paratroopers,
            )
    if scenario.friendly_air_units:
        trace.add(
            RULE,
            "the {count} supporting air unit(s) are not ground units and do not count as ground support",
            count=scenario.friendly_air_units,
        )

    if support > 0:
        trace.add(
            BRIDGEHEAD,
            "it was lost fighting together with {count} ground unit(s) of its side at {target}, so it can be replaced",
            count=support,
            target=scenario.target,
        )
        return RebuildResult(True, True, True, trace.build())

    if scenario.occasion is LossOccasion.DROP_BATTLE:
        trace.add(
            RULE,
            "it was lost in its airborne deployment on {target} without the support of ground units",
            target=scenario.target,
        )
        trace.add(
            LONDON,
            "a paratrooper unit destroyed by the defenders of the territory it was dropped on "
            "cannot be built again later",
        )
    else:
        trace.add(
            RULE,
            "it took {target} by an airborne deployment without the support of ground units",
            target=scenario.target,
        )
        trace.add(
            LONDON,
            "the same applies when it is lost, still without ground units, in the counterattack "
            "that follows: it cannot be built again later",
        )
    return RebuildResult(False, False, True, trace.build())


# --- bridgehead-cost ------------------------------------------------------------------------


class BridgeheadSite(Enum):
    """The two territories the source names for the paratrooper bridgehead."""

    PLYMOUTH = "plymouth"
    DOVER = "dover"

    @property
    def label(self) -> str:
        """The territory's name as a catalog word (shown translated)."""
        return _SITE_NAMES[self]


_SITE_NAMES = {BridgeheadSite.PLYMOUTH: N_("Plymouth"), BridgeheadSite.DOVER: N_("Dover")}


class EmptyDropCost(Enum):
    """Reading of ``maximum 1 HPP (ha volt a területen védekező angol egység)`` for an undefended territory."""

    NONE = "none"
    """0 HPP: the 1 HPP is due only if an English unit defended (the 'at most' suggests so)."""
    ONE_HPP = "one-hpp"
    """1 HPP in every case."""


@dataclass(frozen=True)
class BridgeheadScenario:
    """German paratroopers drop on Plymouth or Dover to build a bridgehead."""

    site: BridgeheadSite
    """Where the paratroopers are dropped."""
    defending_english_units: int
    """English units defending the territory when the paratroopers land."""
    captured: bool = True
    """Whether the paratroopers (with any air support) take the territory."""
    german_supply_fleets: int = 1
    """German fleets assigned to supply the bridgehead (at least one is needed)."""
    empty_drop_cost: EmptyDropCost = field(default=EmptyDropCost.NONE, metadata=means(expert=True))
    """What the action costs when no English unit defended."""

    def __post_init__(self) -> None:
        raise_problems(
            collect_problems(
                lambda: check_count("defending_english_units", self.defending_english_units),
                lambda: check_count("german_supply_fleets", self.german_supply_fleets),
            )
        )


@dataclass(frozen=True)
class BridgeheadResult(Summarized):
    """The cost of the paradrop bridgehead and whether it stands."""

    cost_hpp: int
    """HPP the Germans pay for the action."""
    invasion_cost_hpp: int
    """What an invasion would have cost instead."""
    saving_hpp: int
    """How much cheaper the paradrop is than an invasion."""
    bridgehead: bool
    """Whether further units may be brought in by Strategic Redeployment (captured and supplied)."""
    fleets_tied_down: int
    """German fleets that supply it and can do nothing else this turn."""
    trace: Trace

    def summary_messages(self) -> list[Message]:
        lines = [
            message(
                "The action costs {cost} HPP instead of the {invasion} HPP of an invasion.",
                cost=self.cost_hpp,
                invasion=self.invasion_cost_hpp,
            )
        ]
        if self.bridgehead:
            lines.append(
                message(
                    N_plural(
                        "A bridgehead is built; {count} German fleet supplies it and does nothing else this turn.",
                        "A bridgehead is built; {count} German fleets supply it and do nothing else this turn.",
                    ),
                    count=self.fleets_tied_down,
                )
            )
        else:
            lines.append(message("No bridgehead is built."))
        return lines


def evaluate_bridgehead(scenario: BridgeheadScenario) -> BridgeheadResult:
    """Cost and conditions of the Plymouth/Dover paratrooper bridgehead (``se.paratroopers.example-bridgehead``)."""
    trace = TraceBuilder()
    site = scenario.site.label
    if scenario.defending_english_units:
        cost = PARADROP_BRIDGEHEAD_MAX_HPP
        trace.add(
            BRIDGEHEAD,
            "{count} English unit(s) defended {site}, so the action costs {cost} HPP, "
            "not the {invasion} HPP of an invasion",
            count=scenario.defending_english_units,
            site=site,
            cost=cost,
            invasion=INVASION_COST_HPP,
        )
    elif scenario.empty_drop_cost is EmptyDropCost.ONE_HPP:
        cost = PARADROP_BRIDGEHEAD_MAX_HPP
        trace.add(
            BRIDGEHEAD,
            "reading chosen: {site} was empty, and the action still costs {cost} HPP "
            "(the source names the 1 HPP only for a defended territory)",
            site=site,
            cost=cost,
        )
    else:
        cost = 0
        trace.add(
            BRIDGEHEAD,
            "reading chosen: {site} was empty; the cost is 'at most 1 HPP', due only 'if there was "
            "a defending English unit', so the action costs 0 HPP",
            site=site,
        )
    saving = INVASION_COST_HPP - cost

    if not scenario.captured:
        trace.add(
            BRIDGEHEAD,
            "the paratroopers did not take {site}, so no units can be brought there: no bridgehead",
            site=site,
        )
        return BridgeheadResult(cost, INVASION_COST_HPP, saving, False, 0, trace.build())
    trace.add(
        BRIDGEHEAD,
        "the paratroopers took {site}: further units may be brought there in the Strategic Redeployment phase",
        site=site,
    )
    if scenario.german_supply_fleets < 1:
        trace.add(BRIDGEHEAD, "no German fleet supplies {site}; a bridgehead needs at least one", site=site)
        return BridgeheadResult(cost, INVASION_COST_HPP, saving, False, 0, trace.build())
    trace.add(
        BRIDGEHEAD,
        "{fleets} German fleet(s) supply the bridgehead and can do nothing else this turn",
        fleets=scenario.german_supply_fleets,
    )
    return BridgeheadResult(cost, INVASION_COST_HPP, saving, True, scenario.german_supply_fleets, trace.build())


# --- attack-once ----------------------------------------------------------------------------


class AttackMethod(Enum):
    """How forces take part in an attack on a territory."""

    PARADROP = "paradrop"
    INVASION = "invasion"
    """A landing from the sea."""
    OVERLAND = "overland"
    """Ground units attacking from a neighbouring land territory."""
    AIR = "air"


_GROUND_METHODS = (AttackMethod.INVASION, AttackMethod.OVERLAND)


@dataclass(frozen=True)
class PlannedAttack:
    """One attack of a turn, in the order the attacker carries them out."""

    target: str
    """The territory attacked."""
    methods: tuple[AttackMethod, ...]
    """Everything that attacks it at once (paratroopers dropped together with an invasion are one attack)."""
    advance_from: str | None = None
    """Territory the attacking ground units (armour) move on from, having entered it by an attack earlier this turn."""
    captures: bool = True
    """Whether the attack takes the territory (assumed for the later attacks that advance from it)."""

    def __post_init__(self) -> None:
        raise_problems(
            collect_problems(
                lambda: _check_territory("target", self.target),
                self._check_methods,
                self._check_advance,
            )
        )

    def _check_methods(self) -> None:
        if not self.methods:
            raise ScenarioError("methods", "must list at least one way of attacking", list(self.methods))
        if len(set(self.methods)) != len(self.methods):
            raise ScenarioError("methods", "must not list a method twice", [method.value for method in self.methods])

    def _check_advance(self) -> None:
        if self.advance_from is not None and self.target.strip() and _same_place(self.advance_from, self.target):
            raise ScenarioError("advance_from", "must be another territory than the target", self.advance_from)


def _same_place(first: str, second: str) -> bool:
    return first.strip().casefold() == second.strip().casefold()


@dataclass(frozen=True)
class AttackOnceScenario:
    """The attacks of one side in one turn."""

    attacks: tuple[PlannedAttack, ...]
    """In the order they are carried out."""

    def __post_init__(self) -> None:
        if not self.attacks:
            raise ScenarioError("attacks", "must list at least one attack", [])


@dataclass(frozen=True)
class AttackVerdict:
    """Whether one planned attack may be made."""

    target: str
    allowed: bool
    defence_modifiers_cancelled: bool
    """True when paratroopers take part: the river and coast modifiers do not apply to any attacker."""


@dataclass(frozen=True)
class AttackOnceResult(Summarized):
    """Verdicts on the planned attacks."""

    verdicts: tuple[AttackVerdict, ...]
    """One per planned attack, in order."""
    refused: int
    """How many planned attacks may not be made."""
    trace: Trace

    def summary_messages(self) -> list[Message]:
        lines = []
        for number, verdict in enumerate(self.verdicts, start=1):
            if not verdict.allowed:
                template = N_("Attack {number} on {target}: not allowed")
            elif verdict.defence_modifiers_cancelled:
                template = N_("Attack {number} on {target}: allowed (river and coast modifiers cancelled)")
            else:
                template = N_("Attack {number} on {target}: allowed")
            lines.append(message(template, number=number, target=verdict.target))
        return lines


def evaluate_attack_once(scenario: AttackOnceScenario) -> AttackOnceResult:
    """Apply 'a territory can be attacked only once' to a turn's attacks, in order.

    An attack is refused if its target was already attacked this turn, or if it
    advances from a territory that this turn's allowed attacks did not take with
    ground units (invasion or overland): paratroopers alone bring no armour.
    """
    trace = TraceBuilder()
    trace.add(
        BRIDGEHEAD,
        "reading chosen: 'a territory can be attacked only once' is applied to the attacks of one "
        "turn (the source does not name the period)",
    )
    made: list[PlannedAttack] = []
    verdicts = []
    for number, attack in enumerate(scenario.attacks, start=1):
        allowed = True
        earlier = next((done for done in made if _same_place(done.target, attack.target)), None)
        if earlier is not None:
            allowed = False
            trace.add(
                BRIDGEHEAD,
                "attack {number} on {target} is not allowed: {target} was already attacked this turn "
                "({methods}), and a territory can be attacked only once",
                number=number,
                target=attack.target,
                methods=_methods_text(earlier.methods),
            )
        if allowed and attack.advance_from is not None:
            allowed = _may_advance(number, attack, made, trace)
        if allowed:
            made.append(attack)
            trace.add(
                BRIDGEHEAD,
                "attack {number} on {target} ({methods}) is allowed: it is the first attack on {target} this turn",
                number=number,
                target=attack.target,
                methods=_methods_text(attack.methods),
            )
        cancelled = AttackMethod.PARADROP in attack.methods
        if allowed and cancelled and any(method in _GROUND_METHODS for method in attack.methods):
            trace.add(
                RULE,
                "the paratroopers dropped on {target} at the same time cancel the river and coast "
                "modifiers of the defence for the other ground forces attacking it too",
                target=attack.target,
            )
        verdicts.append(AttackVerdict(attack.target, allowed, cancelled))
    refused = sum(not verdict.allowed for verdict in verdicts)
    return AttackOnceResult(tuple(verdicts), refused, trace.build())


def _may_advance(number: int, attack: PlannedAttack, made: list[PlannedAttack], trace: TraceBuilder) -> bool:
    source = attack.advance_from or ""
    taken = next((done for done in made if _same_place(done.target, source)), None)
    if taken is None:
        trace.add(
            BRIDGEHEAD,
            "attack {number} on {target} is not allowed: no attack this turn brought ground units "
            "into {source} to move on from",
            number=number,
            target=attack.target,
            source=source,
        )
        return False
    if not taken.captures:
        trace.add(
            BRIDGEHEAD,
            "attack {number} on {target} is not allowed: the attack on {source} did not take it",
            number=number,
            target=attack.target,
            source=source,
        )
        return False
    if not any(method in _GROUND_METHODS for method in taken.methods):
        trace.add(
            BRIDGEHEAD,
            "attack {number} on {target} is not allowed: {source} was taken by {methods} only, "
            "so no armour is there to move on",
            number=number,
            target=attack.target,
            source=source,
            methods=_methods_text(taken.methods),
        )
        return False
    trace.add(
        BRIDGEHEAD,
        "the armour that took {source} by {methods} may move on against {target}",
        source=source,
        methods=_methods_text(taken.methods),
        target=attack.target,
    )
    return True


_METHOD_WORDS = {
    AttackMethod.PARADROP: N_("paradrop"),
    AttackMethod.INVASION: N_("invasion"),
    AttackMethod.OVERLAND: N_("overland"),
    AttackMethod.AIR: N_("air"),
}
"""Each attack method as a catalog word (the same English as its value)."""


def _methods_text(methods: tuple[AttackMethod, ...]) -> MessageList:
    """``invasion + paradrop``: each method a catalog word."""
    return MessageList(tuple(message("{method}", method=_METHOD_WORDS[method]) for method in methods), " + ")


# --- paradrop-defence -----------------------------------------------------------------------


class ModifierKind(Enum):
    """Defence modifiers of the basic rules, by what gives them."""

    RIVER = "river"
    COAST = "coast"
    """Defending behind a coast, i.e. against a landing."""
    FORTRESS = "fortress"
    OTHER = "other"

    @property
    def label(self) -> str:
        """The modifier's kind as a catalog word (the same English as its value)."""
        return _MODIFIER_WORDS[self]


_MODIFIER_WORDS = {
    ModifierKind.RIVER: N_("river"),
    ModifierKind.COAST: N_("coast"),
    ModifierKind.FORTRESS: N_("fortress"),
    ModifierKind.OTHER: N_("other"),
}


@dataclass(frozen=True)
class DefenceModifier:
    """One modifier added to a defending unit's VÉ."""

    kind: ModifierKind
    """What gives the modifier: river, coast (against a landing), fortress, or another basic rule."""
    value: int
    """Added to the VÉ (the basic rules give the sizes; this source does not)."""

    def __post_init__(self) -> None:
        if not isinstance(self.value, int) or isinstance(self.value, bool) or not -6 <= self.value <= 6:
            raise ScenarioError("value", "must be a modifier from -6 to 6", self.value)


@dataclass(frozen=True)
class DefenceScenario:
    """A defending unit, its VÉ and modifiers, and how it is attacked."""

    defender: UnitType
    """The defending unit's type (destroyers and submarines have no modifier against an invasion)."""
    base_defence_value: int
    """The unit's own VÉ (Védelmi Érték), 0 to 6."""
    modifiers: tuple[DefenceModifier, ...] = ()
    """Modifiers the territory would give it."""
    invasion: bool = False
    """Whether the attack is a landing from the sea."""
    paratroopers: bool = False
    """Whether the attacker drops paratroopers on the territory in the same attack."""

    def __post_init__(self) -> None:
        if not isinstance(self.base_defence_value, int) or not 0 <= self.base_defence_value <= 6:
            raise ScenarioError("base_defence_value", "must be a VÉ from 0 to 6", self.base_defence_value)


@dataclass(frozen=True)
class DefenceResult(Summarized):
    """The VÉ the defender fights with."""

    defence_value: int
    applied_modifiers: tuple[DefenceModifier, ...]
    cancelled_modifiers: tuple[DefenceModifier, ...]
    trace: Trace

    def summary_messages(self) -> list[Message]:
        return [message("The defender fights with VÉ {value}.", value=self.defence_value)]


def evaluate_defence(scenario: DefenceScenario) -> DefenceResult:
    """The defending unit's VÉ after the modifiers paratroopers, destroyers and submarines cancel."""
    trace = TraceBuilder()
    unit = scenario.defender.label
    applied: list[DefenceModifier] = []
    cancelled: list[DefenceModifier] = []
    for modifier in scenario.modifiers:
        reason = _cancellation(scenario, modifier)
        if reason is None:
            applied.append(modifier)
            if modifier.kind in (ModifierKind.RIVER, ModifierKind.COAST):
                template = N_(
                    "the {kind} modifier {value:+d} applies to the defending {unit} (no paratroopers are deployed)"
                )
                trace.add(RULE, template, kind=modifier.kind.label, value=modifier.value, unit=unit)
            else:
                template = N_(
                    "the {kind} modifier {value:+d} of the basic rules, which stay in force, applies to the "
                    "defending {unit}; paratroopers void only river and coast modifiers"
                )
                trace.add("se.preface", template, kind=modifier.kind.label, value=modifier.value, unit=unit)
        else:
            cancelled.append(modifier)
            rule, template = reason
            trace.add(rule, template, kind=modifier.kind.label, value=modifier.value, unit=unit)
    value = scenario.base_defence_value + sum(modifier.value for modifier in applied)
    rule = ENGLISH_INVASION if scenario.paratroopers and cancelled else RULE
    trace.add(
        rule,
        "the defending {unit} fights with VÉ {base} + {bonus} = {value}",
        unit=unit,
        base=scenario.base_defence_value,
        bonus=value - scenario.base_defence_value,
        value=value,
    )
    return DefenceResult(value, tuple(applied), tuple(cancelled), trace.build())


def _cancellation(scenario: DefenceScenario, modifier: DefenceModifier) -> tuple[str, str] | None:
    defender = scenario.defender
    if scenario.invasion and defender is UnitType.DESTROYER:
        return (
            "se.destroyers",
            N_("destroyers have no defence modifier against an invasion: the {kind} modifier {value:+d} is void"),
        )
    if scenario.invasion and defender is UnitType.SUBMARINE:
        return (
            "se.submarines",
            N_("submarines have no defence modifier against an invasion: the {kind} modifier {value:+d} is void"),
        )
    if defender is UnitType.DESTROYER and modifier.kind is ModifierKind.FORTRESS:
        return (
            "se.destroyers",
            N_("destroyers have no defence modifier in a fortress: the {kind} modifier {value:+d} is void"),
        )
    if modifier.kind is ModifierKind.COAST and not scenario.invasion:
        return (
            RULE,
            N_(
                "the coast modifier {value:+d} is the case of a landing; this attack is not a landing, so it does not "
                "apply"
            ),
        )
    if scenario.paratroopers and modifier.kind in (ModifierKind.RIVER, ModifierKind.COAST):
        return (
            RULE,
            N_(
                "paratroopers are deployed: the {kind} modifier {value:+d} of the defending {unit} is void "
                "against every ground force attacking the territory"
            ),
        )
    return None


CALCULATORS = (
    Calculator(
        name="paratroop-rebuild",
        label=N_("Rebuilding paratroopers"),
        title="Strategic Europe: may a lost paratrooper unit be built again?",
        scenario=ParatrooperLossScenario,
        evaluate=evaluate_rebuild,
        games=("strategic-europe",),
    ),
    Calculator(
        name="bridgehead-cost",
        label=N_("Paratrooper bridgehead cost"),
        title="Strategic Europe: cost of the Plymouth/Dover paratrooper bridgehead",
        scenario=BridgeheadScenario,
        evaluate=evaluate_bridgehead,
        games=("strategic-europe",),
    ),
    Calculator(
        name="attack-once",
        label=N_("One attack per territory and turn"),
        title="Strategic Europe: a territory can be attacked only once per turn",
        scenario=AttackOnceScenario,
        evaluate=evaluate_attack_once,
        games=("strategic-europe",),
    ),
    Calculator(
        name="paradrop-defence",
        label=N_("Defence against paratroopers"),
        title="Strategic Europe: a defender's VÉ when paratroopers, destroyers or submarines void its modifiers",
        scenario=DefenceScenario,
        evaluate=evaluate_defence,
        games=("strategic-europe",),
    ),
)
