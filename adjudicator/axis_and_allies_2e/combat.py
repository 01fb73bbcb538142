"""Axis & Allies (Second Edition) battles: unit values, technologies and the clarifications' combat rules.

Source ``003_13761b3a41e036bd.txt`` (the chief game master's rule clarifications,
Dutch translation, game ``axis-and-allies-2e``). Turns a ``battle`` scenario into a
:class:`~adjudicator.battle.engine.BattleSetup` and records each rule in the trace:

- submarines fire first at the start of EVERY round, and their casualties do not
  fire back (``aa2.misc.submarine-first-shot``, ``aa2.air-units.fighter-on-attacked-carrier``);
  submarines cannot hit aircraft, so their hits fall on ships
  (``aa2.air-units.fighter-on-attacked-carrier``, ``aa2.retreat.aircraft.against-submarine``);
- heavy bombers attack with three dice and defend with one; jet fighters defend at 5
  or less and attack at 3; super submarines attack at 3 or less and defend at 2
  (``aa2.weapons-development.heavy-bombers-jets-super-subs``), for every unit of the
  type (``aa2.weapons-development.all-units-improved``);
- battleships fire one support shot each in an amphibious assault, only if no sea
  battle came first, and cannot be hit back (``aa2.amphibious-assaults``); no retreat
  from an amphibious assault (``aa2.amphibious-assaults.retreat``);
- the anti-aircraft gun fires at attacking aircraft, one gun per territory, and is
  never a casualty (``aa2.aa-guns.firing``, ``aa2.aa-guns.one-per-territory``,
  ``aa2.aa-guns.destruction``);
- retreat: attacker only, after a round, all together, not once every defender is
  gone; submarines may submerge alone, attacking or defending (``aa2.retreat.*``);
- transports roll no dice but can take hits (``aa2.transports.cannot-attack``,
  ``aa2.transports.not-attacking``).

Base rules of the classic Second Edition that the clarifications do not restate
are assumptions, stated here and in every trace (cited to ``aa2.letter-header``,
the entry that says the clarifications answer the Second Edition rulebook):

1. values and costs: infantry attack 1 defence 2 cost 3; armor 3/2/5; fighter
   3/4/12; bomber 4/1/15; battleship 4/4/24 and sunk by ONE hit; carrier 1/3/18;
   transport 0/1/8; submarine 2/2/8; anti-aircraft gun cost 5, not a combat unit;
2. a die hits when it shows the unit's value or less; both sides fire each round
   and casualties fire back before they are removed (except after a submarine's
   first shot);
3. the anti-aircraft gun rolls one die at each attacking aircraft before the first
   round and destroys it on a 1;
4. each battleship's support shot hits on 4 or less; the units it hits still fire
   back in the first round (a scenario switch, ``bombardment_casualties_fire_back``);
5. defending submarines have no first shot: they fire with the other defenders;
6. only a surviving land unit takes a territory;
7. the owner chooses casualties; the calculator takes them in the side's loss
   order, by default the cheapest first (ties: the weaker unit in its role first).
"""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING

from adjudicator.axis_and_allies_2e.vocabulary import TECHNOLOGY_WORDS, UNIT_WORDS, UNITS, Domain, Technology, Unit
from adjudicator.battle.engine import AfterBattle, AntiAircraftFire, BattleSetup, Combatant, SupportFire
from adjudicator.errors import ScenarioError
from adjudicator.meaning import Choice
from adjudicator.messages import N_, MessageList, N_plural, message, word_list
from adjudicator.trace import TraceBuilder

if TYPE_CHECKING:
    from adjudicator.battle.scenario import BattleScenario, BattleSide

__all__ = ["BASE_RULE_ASSUMPTIONS", "RULES", "prepare", "problems"]

BASE = "aa2.letter-header"
"""Entry cited for base rules of the Second Edition rulebook that the clarifications do not restate."""


BASE_RULE_ASSUMPTIONS: tuple[str, ...] = (
    N_(
        "base rule (Second Edition rulebook, not restated in the clarifications): attack/defence/cost are "
        "infantry 1/2/3, armor 3/2/5, fighter 3/4/12, bomber 4/1/15, battleship 4/4/24 (sunk by one hit), "
        "carrier 1/3/18, transport 0/1/8, submarine 2/2/8; the anti-aircraft gun (cost 5) is no combat unit"
    ),
    N_(
        "base rule: a die hits when it shows the unit's value or less; both sides fire each round and "
        "casualties fire back before removal, except after a submarine's first shot"
    ),
    N_(
        "base rule: only a surviving land unit takes the territory; the owner chooses casualties, here "
        "taken in the side's loss order"
    ),
)

_UNIT_CHOICES = word_list(UNIT_WORDS.values())
_TECHNOLOGY_CHOICES = word_list(TECHNOLOGY_WORDS.values())
_STRATEGIC_EUROPE_ONLY = N_("is used only by the Strategic WWII game of Europe")
"""The problem of a field that only the other game of the ``battle`` calculator reads."""


def _unit(name: str) -> Unit | None:
    try:
        return Unit(name)
    except ValueError:
        return None


def _side_problems(label: str, side: BattleSide, scenario: BattleScenario) -> list[ScenarioError]:
    kind = scenario.kind.value
    found = _unit_problems(label, side, kind)
    for index, name in enumerate(side.technologies):
        try:
            Technology(name)
        except ValueError:
            found.append(
                ScenarioError(
                    f"{label}.technologies.{index}",
                    "unknown weapons development; expected one of: {choices}",
                    name,
                    choices=_TECHNOLOGY_CHOICES,
                )
            )
    for index, name in enumerate(side.loss_order):
        if _unit(name) is None:
            found.append(
                ScenarioError(
                    f"{label}.loss_order.{index}",
                    "unknown unit type for Axis & Allies; expected one of: {choices}",
                    name,
                    choices=_UNIT_CHOICES,
                )
            )
    found += _policy_problems(label, side, scenario)
    if side.values:
        found.append(
            ScenarioError(
                f"{label}.values",
                "unit values are fixed in Axis & Allies; use technologies to change them",
                dict(side.values),
            )
        )
    if side.nation is not None:
        found.append(ScenarioError(f"{label}.nation", _STRATEGIC_EUROPE_ONLY, side.nation))
    if side.submerge_after_round is not None:
        if kind != "sea":
            found.append(
                ScenarioError(
                    f"{label}.submerge_after_round",
                    "submarines submerge only from a sea battle",
                    side.submerge_after_round,
                )
            )
        elif not side.units.get(Unit.SUBMARINE.value):
            found.append(
                ScenarioError(
                    f"{label}.submerge_after_round", "the side has no submarines to submerge", side.submerge_after_round
                )
            )
    return found


def _unit_problems(label: str, side: BattleSide, kind: str) -> list[ScenarioError]:
    """Each of the side's unit types known and able to fight in a battle of this kind."""
    found: list[ScenarioError] = []
    for name, count in side.units.items():
        unit = _unit(name)
        path = f"{label}.units.{name}"
        if unit is None:
            found.append(
                ScenarioError(
                    path, "unknown unit type for Axis & Allies; expected one of: {choices}", choices=_UNIT_CHOICES
                )
            )
            continue
        if not count:
            continue
        domain = UNITS[unit].domain
        if unit is Unit.AA_GUN:
            if label == "attacker":
                found.append(
                    ScenarioError(
                        path,
                        "an anti-aircraft gun never attacks: it fires only in the opponent's attack phase",
                        count,
                    )
                )
            elif kind == "sea":
                found.append(
                    ScenarioError(
                        path,
                        "an anti-aircraft gun fires only from a territory, never at sea",
                        count,
                    )
                )
            elif count > 1:
                found.append(ScenarioError(path, "only one anti-aircraft gun may be in a territory", count))
        elif kind == "sea" and domain is Domain.LAND:
            found.append(
                ScenarioError(
                    path, "land units do not fight in a sea battle (cargo is lost only with its transport)", count
                )
            )
        elif kind != "sea" and domain is Domain.SEA:
            if not (kind == "amphibious" and label == "attacker" and unit is Unit.BATTLESHIP):
                found.append(
                    ScenarioError(
                        path,
                        N_("sea units do not fight in a land battle; only battleships support an amphibious assault")
                        if kind == "land"
                        else N_(
                            "sea units do not fight in an amphibious assault; only the attacker's battleships "
                            "support it"
                        ),
                        count,
                    )
                )
    return found


def _fighting(label: str, side: BattleSide, scenario: BattleScenario) -> dict[Unit, int]:
    """The side's units that take part in the rounds and can be hit (no gun, no supporting battleship)."""
    return {
        Unit(name): count
        for name, count in side.units.items()
        if count
        and _unit(name) is not None
        and Unit(name) is not Unit.AA_GUN
        and not (scenario.kind.value == "amphibious" and label == "attacker" and Unit(name) is Unit.BATTLESHIP)
    }


def _policy_problems(label: str, side: BattleSide, scenario: BattleScenario) -> list[ScenarioError]:
    """``keep_land_units`` and ``casualty_order``: a land battle, and every unit named once per unit."""
    found: list[ScenarioError] = []
    if side.keep_land_units and scenario.kind.value == "sea":
        found.append(
            ScenarioError(
                f"{label}.keep_land_units",
                "applies to land and amphibious battles: no land unit fights at sea",
                side.keep_land_units,
            )
        )
    if not side.casualty_order:
        return found
    named: dict[Unit, int] = {}
    for index, name in enumerate(side.casualty_order):
        unit = _unit(name)
        if unit is None:
            found.append(
                ScenarioError(
                    f"{label}.casualty_order.{index}",
                    "unknown unit type for Axis & Allies; expected one of: {choices}",
                    name,
                    choices=_UNIT_CHOICES,
                )
            )
        else:
            named[unit] = named.get(unit, 0) + 1
    fighting = _fighting(label, side, scenario)
    if not found and named != fighting:
        expected = MessageList(
            tuple(message("{count} {unit}", count=count, unit=UNIT_WORDS[unit]) for unit, count in fighting.items())
        )
        found.append(
            ScenarioError(
                f"{label}.casualty_order",
                "must name every unit that can be hit once per unit, in the order they are lost: {units}",
                list(side.casualty_order),
                units=expected if expected.items else N_("none"),
            )
        )
    return found


def problems(scenario: BattleScenario) -> list[ScenarioError]:
    """Everything wrong with an Axis & Allies battle scenario (empty when it can be fought)."""
    found = _side_problems("attacker", scenario.attacker, scenario) + _side_problems(
        "defender", scenario.defender, scenario
    )
    kind = scenario.kind.value
    fighting = {
        name: count
        for name, count in scenario.attacker.units.items()
        if count and _unit(name) not in (None, Unit.AA_GUN)
    }
    if not fighting:
        found.append(
            ScenarioError("attacker.units", "the attacker needs at least one unit", dict(scenario.attacker.units))
        )
    if kind == "amphibious":
        if not any(count for name, count in fighting.items() if UNITS[Unit(name)].domain is Domain.LAND):
            found.append(
                ScenarioError(
                    "attacker.units",
                    "an amphibious assault lands at least one land unit",
                    dict(scenario.attacker.units),
                )
            )
        for name in ("retreat_after_round", "retreat_below"):
            if getattr(scenario, name) is not None:
                found.append(
                    ScenarioError(
                        name,
                        "there is no retreat from an amphibious assault: it is a fight to the death",
                        getattr(scenario, name),
                    )
                )
    elif scenario.sea_battle_first:
        found.append(ScenarioError("sea_battle_first", "applies only to an amphibious assault", True))
    if scenario.friendly_island and kind != "sea":
        found.append(ScenarioError("friendly_island", "applies only to a sea battle", True))
    if scenario.defence_modifier:
        found.append(ScenarioError("defence_modifier", _STRATEGIC_EUROPE_ONLY, scenario.defence_modifier))
    if scenario.special_turn.value != "none":
        found.append(ScenarioError("special_turn", _STRATEGIC_EUROPE_ONLY, scenario.special_turn.value))
    return found


def _has(side: BattleSide, technology: Technology) -> bool:
    return technology.value in side.technologies


def _combatant(unit: Unit, attacking: bool, side: BattleSide, scenario: BattleScenario) -> Combatant:
    base = UNITS[unit]
    value = base.attack if attacking else base.defence
    dice = 1
    if attacking and unit is Unit.BOMBER and _has(side, Technology.HEAVY_BOMBERS):
        dice = 3
    if not attacking and unit is Unit.FIGHTER and _has(side, Technology.JET_FIGHTERS):
        value = 5
    if attacking and unit is Unit.SUBMARINE and _has(side, Technology.SUPER_SUBMARINES):
        value = 3
    submarine = unit is Unit.SUBMARINE
    return Combatant(
        name=unit.value,
        hits_on=value,
        dice=dice,
        cost=base.cost,
        air=base.domain is Domain.AIR,
        first_strike=submarine and attacking,
        hits_air=not submarine,
        leaves_after_round=side.submerge_after_round if submarine else None,
    )


def _loss_order(side: BattleSide, attacking: bool, present: list[Unit]) -> list[Unit]:
    def default_key(unit: Unit) -> tuple[int, int, str]:
        base = UNITS[unit]
        return base.cost, base.attack if attacking else base.defence, unit.value

    chosen = [Unit(name) for name in side.loss_order if Unit(name) in present]
    rest = sorted((unit for unit in present if unit not in chosen), key=default_key)
    return chosen + rest


def _casualty_sequence(side: BattleSide, order: list[Unit], present: dict[Unit, int]) -> list[Unit]:
    """Every unit of the side, one entry per unit, in the order they are taken as casualties.

    The side's ``casualty_order`` when given; else the per-type ``order`` unit by unit, with its
    last ``keep_land_units`` land units moved to the very end (keeping their order).
    """
    if side.casualty_order:
        return [Unit(name) for name in side.casualty_order]
    sequence = [unit for unit in order for _ in range(present[unit])]
    keep = side.keep_land_units
    if not keep:
        return sequence
    land = [index for index, unit in enumerate(sequence) if UNITS[unit].domain is Domain.LAND]
    kept = set(land[-keep:])
    return [unit for index, unit in enumerate(sequence) if index not in kept] + [
        sequence[index] for index in sorted(kept)
    ]


def _runs(sequence: list[Unit]) -> list[tuple[Unit, int]]:
    """The sequence as runs of one unit type: ``[(infantry, 2), (armor, 1), (infantry, 1)]``."""
    runs: list[tuple[Unit, int]] = []
    for unit in sequence:
        if runs and runs[-1][0] is unit:
            runs[-1] = (unit, runs[-1][1] + 1)
        else:
            runs.append((unit, 1))
    return runs


def _explain_technologies(trace: TraceBuilder, label: str, side: BattleSide, attacking: bool) -> None:
    rule = "aa2.weapons-development.heavy-bombers-jets-super-subs"
    for name in side.technologies:
        technology = Technology(name)
        if technology is Technology.HEAVY_BOMBERS and side.units.get(Unit.BOMBER.value):
            if attacking:
                trace.add(
                    rule, "heavy bombers: each {label} bomber attacks with three dice instead of one", label=label
                )
            else:
                trace.add(rule, "heavy bombers: each {label} bomber still defends with one die", label=label)
        elif technology is Technology.JET_FIGHTERS and side.units.get(Unit.FIGHTER.value):
            if attacking:
                trace.add(rule, "jet power: the {label} fighters still attack at 3 or less", label=label)
            else:
                trace.add(rule, "jet power: each {label} fighter defends at 5 or less instead of 4", label=label)
        elif technology is Technology.SUPER_SUBMARINES and side.units.get(Unit.SUBMARINE.value):
            if attacking:
                trace.add(
                    rule, "super submarines: each {label} submarine attacks at 3 or less instead of 2", label=label
                )
            else:
                trace.add(rule, "super submarines: the {label} submarines still defend at 2 or less", label=label)
        elif technology in (Technology.HEAVY_BOMBERS, Technology.JET_FIGHTERS, Technology.SUPER_SUBMARINES):
            trace.add(
                rule,
                "{technology}: the {label} has no unit it improves in this battle",
                technology=technology.value,
                label=label,
            )
        else:
            trace.add(
                "aa2.weapons-development",
                "{technology}: no effect on the dice of a battle",
                technology=technology.value,
            )
    if any(
        Technology(name) in (Technology.HEAVY_BOMBERS, Technology.JET_FIGHTERS, Technology.SUPER_SUBMARINES)
        for name in side.technologies
    ):
        trace.add(
            "aa2.weapons-development.all-units-improved",
            "a development improves all the {label}'s units of that type at once, not only new ones",
            label=label,
        )


def _build_side(
    label: str, side: BattleSide, attacking: bool, scenario: BattleScenario, trace: TraceBuilder
) -> tuple[tuple[Combatant, ...], tuple[int, ...]]:
    present = _fighting(label, side, scenario)
    order = _loss_order(side, attacking, list(present))
    if side.casualty_order or side.keep_land_units:
        runs = _runs(_casualty_sequence(side, order, present))
    else:
        runs = [(unit, present[unit]) for unit in order]
    groups_so_far: dict[Unit, int] = {}
    units_list = []
    for unit_type, _count in runs:
        groups_so_far[unit_type] = groups_so_far.get(unit_type, 0) + 1
        combatant = _combatant(unit_type, attacking, side, scenario)
        if groups_so_far[unit_type] > 1:
            # A type split by the casualty policy: each group needs its own name in the engine.
            name = f"{unit_type.value}#{groups_so_far[unit_type]}"
            combatant = replace(combatant, name=name, unit_type=unit_type.value)
        units_list.append(combatant)
    units = tuple(units_list)
    counts = tuple(count for _type, count in runs)
    if side.casualty_order:
        trace.add(
            BASE,
            "{label} casualties are taken unit by unit in the order given: {order}",
            label=label,
            order=_runs_text(runs),
        )
    else:
        trace.add(
            BASE,
            "{label} casualties are taken in this order ({how}): {order}",
            label=label,
            how=N_("given") if side.loss_order else N_("default: cheapest first"),
            order=MessageList(tuple(message("{unit}", unit=UNIT_WORDS[unit]) for unit in order))
            if order
            else N_("none"),
        )
    if side.keep_land_units and not side.casualty_order:
        land = sum(count for unit, count in present.items() if UNITS[unit].domain is Domain.LAND)
        trace.add(
            BASE,
            N_plural(
                "the {label} keeps its last {count} land unit for last (scenario): casualties are taken in this "
                "order: {order}",
                "the {label} keeps its last {count} land units for last (scenario): casualties are taken in this "
                "order: {order}",
            ),
            label=label,
            count=min(side.keep_land_units, land),
            order=_runs_text(runs),
        )
    for unit, count in zip(units, counts):
        trace.add(
            BASE,
            "{label}: {count} {name}, {dice} each, {value}, cost {cost:g} IPC",
            label=label,
            count=count,
            name=unit.type_name,
            dice=message(N_plural("{dice} die", "{dice} dice", count="dice"), dice=unit.dice),
            value=message("hits on {hits_on} or less", hits_on=unit.hits_on)
            if unit.hits_on
            else message("rolls no dice"),
            cost=unit.cost,
        )
    return units, counts


def _runs_text(runs: list[tuple[Unit, int]]) -> MessageList:
    """``2 infantry, 1 fighter, 1 infantry``: the runs of a casualty sequence."""
    return MessageList(tuple(message("{count} {unit}", count=count, unit=UNIT_WORDS[unit]) for unit, count in runs))


def prepare(scenario: BattleScenario, trace: TraceBuilder) -> tuple[BattleSetup, AfterBattle]:
    """The Axis & Allies battle as an engine setup; every rule applied is added to ``trace``."""
    for text in BASE_RULE_ASSUMPTIONS:
        trace.add(BASE, text)
    kind = scenario.kind.value
    attacker, defender = scenario.attacker, scenario.defender
    _explain_technologies(trace, "attacker", attacker, True)
    _explain_technologies(trace, "defender", defender, False)
    attacker_units, attacker_counts = _build_side("attacker", attacker, True, scenario, trace)
    defender_units, defender_counts = _build_side("defender", defender, False, scenario, trace)
    if kind == "sea":
        _explain_sea_battle(scenario, attacker_units, trace)
    anti_aircraft = _anti_aircraft_fire(scenario, attacker_units, attacker_counts, trace)
    support = _bombardment(scenario, trace)
    if kind == "amphibious":
        trace.add(
            "aa2.amphibious-assaults.retreat",
            "no retreat from an amphibious assault: the battle is fought to the death",
        )
    _explain_retreat(scenario, trace)
    after = AfterBattle(land_battle=kind != "sea", capturing=tuple(not unit.air for unit in attacker_units))
    if (
        kind == "sea"
        and any(unit.name == Unit.FIGHTER.value for unit in defender_units)
        and not scenario.friendly_island
    ):
        after = AfterBattle(
            land_battle=False,
            stranded=tuple(i for i, unit in enumerate(defender_units) if unit.name == Unit.FIGHTER.value),
            carriers=tuple(i for i, unit in enumerate(defender_units) if unit.name == Unit.CARRIER.value),
        )
    setup = BattleSetup(
        attacker=attacker_units,
        defender=defender_units,
        attacker_counts=attacker_counts,
        defender_counts=defender_counts,
        anti_aircraft=anti_aircraft,
        support=support,
        retreat_after_round=scenario.retreat_after_round,
        retreat_below=scenario.retreat_below,
        round_limit=scenario.round_limit,
        prune_below=scenario.prune_below,
    )
    return setup, after


def _explain_sea_battle(scenario: BattleScenario, attacker_units: tuple[Combatant, ...], trace: TraceBuilder) -> None:
    """The rules of a sea battle the forces call for: submarines, aircraft against a submarine, transports."""
    attacker, defender = scenario.attacker, scenario.defender
    if attacker.units.get(Unit.SUBMARINE.value):
        trace.add(
            "aa2.misc.submarine-first-shot",
            "attacking submarines fire first at the start of every combat round, not only the first",
        )
        trace.add(
            "aa2.air-units.fighter-on-attacked-carrier",
            "a ship hit by a submarine's first shot is removed before it can fire back",
        )
    if attacker.units.get(Unit.SUBMARINE.value) or defender.units.get(Unit.SUBMARINE.value):
        trace.add(
            "aa2.air-units.fighter-on-attacked-carrier",
            "submarines cannot fire at aircraft: their hits must be taken by ships",
        )
        trace.add(BASE, "base rule: defending submarines have no first shot; they fire with the other defenders")
    if any(unit.air for unit in attacker_units) and set(defender.units) <= {Unit.SUBMARINE.value} | {
        n for n, c in defender.units.items() if not c
    }:
        trace.add(
            "aa2.retreat.aircraft.against-submarine",
            "the defending submarine cannot fire back at aircraft; unless it submerges it will be destroyed",
        )
    if attacker.units.get(Unit.TRANSPORT.value):
        trace.add(
            "aa2.transports.cannot-attack",
            "transports are the only ships that cannot attack: they roll no dice, but can take hits",
        )
        if all(Unit(name) is Unit.TRANSPORT for name, count in attacker.units.items() if count):
            trace.add("aa2.transports.not-attacking", "transports on their own have no attack and would be wiped out")


def _anti_aircraft_fire(
    scenario: BattleScenario,
    attacker_units: tuple[Combatant, ...],
    attacker_counts: tuple[int, ...],
    trace: TraceBuilder,
) -> AntiAircraftFire | None:
    """The defender's anti-aircraft gun firing at the attacking aircraft, if it has one and there are any."""
    defender = scenario.defender
    anti_aircraft = None
    if defender.units.get(Unit.AA_GUN.value):
        aircraft = sum(count for unit, count in zip(attacker_units, attacker_counts) if unit.air)
        trace.add(
            "aa2.aa-guns.destruction",
            "the anti-aircraft gun is never a casualty: it is destroyed only when sunk on a transport",
        )
        if aircraft:
            anti_aircraft = AntiAircraftFire(hits_on=1)
            trace.add(
                "aa2.aa-guns.firing",
                "the anti-aircraft gun fires, in the attacker's attack phase, at the {aircraft} aircraft flying into "
                "its territory",
                aircraft=aircraft,
            )
            trace.add(
                BASE,
                "base rule: the gun rolls one die at each attacking aircraft before the first round; a 1 destroys that "
                "aircraft",
            )
        else:
            trace.add(
                "aa2.aa-guns.firing", "the anti-aircraft gun fires only at aircraft; none attack, so it does not fire"
            )
    return anti_aircraft


def _bombardment(scenario: BattleScenario, trace: TraceBuilder) -> SupportFire | None:
    """The battleships' support shots in an amphibious assault, unless they fought a sea battle first."""
    kind = scenario.kind.value
    attacker = scenario.attacker
    support = None
    battleships = attacker.units.get(Unit.BATTLESHIP.value, 0) if kind == "amphibious" else 0
    if battleships:
        if scenario.sea_battle_first:
            trace.add(
                "aa2.amphibious-assaults",
                "the battleships fought a sea battle before the landing, so they lose their one-shot support",
            )
        else:
            support = SupportFire(
                dice=battleships,
                hits_on=UNITS[Unit.BATTLESHIP].attack,
                casualties_fire_back=scenario.bombardment_casualties_fire_back,
            )
            trace.add(
                "aa2.amphibious-assaults",
                "each of the {count} battleships fires one support shot (not one per defender, not one per round) and "
                "cannot be hit back",
                count=battleships,
            )
            trace.add(
                BASE,
                "base rule: a support shot hits on {value} or less; its casualties {fire}",
                value=UNITS[Unit.BATTLESHIP].attack,
                fire="still fire back in the first round"
                if scenario.bombardment_casualties_fire_back
                else "are removed without firing back (scenario setting)",
            )
    return support


def _explain_retreat(scenario: BattleScenario, trace: TraceBuilder) -> None:
    if scenario.retreat_after_round is not None or scenario.retreat_below is not None:
        trace.add("aa2.retreat.attacker-only", "only the attacker can retreat")
        trace.add(
            "aa2.retreat.after-each-round", "the attacker may retreat only after a round, once the defender has fired"
        )
        trace.add("aa2.retreat.no-partial", "all attacking units retreat together (only submarines may retreat alone)")
        trace.add("aa2.retreat.not-for-nothing", "no retreat once every defender is destroyed: the battle is then over")
        if scenario.retreat_after_round is not None:
            trace.add(
                "aa2.retreat.after-each-round",
                "the attacker retreats after round {round} if the battle is still on",
                round=scenario.retreat_after_round,
            )
        if scenario.retreat_below is not None:
            trace.add(
                "aa2.retreat.after-each-round",
                "the attacker retreats after any round that leaves it fewer than {units} units",
                units=scenario.retreat_below,
            )
    for label, side, rule in (
        ("attacker", scenario.attacker, "aa2.retreat.submarines.partial"),
        ("defender", scenario.defender, "aa2.retreat.submarines.attacker-and-defender"),
    ):
        if side.submerge_after_round is not None:
            trace.add(
                rule,
                "the {label}'s submarines submerge after round {round}, alone, if the battle is still on",
                label=label,
                round=side.submerge_after_round,
            )
            trace.add(
                "aa2.retreat.submarines.stuck-after-victory",
                "a submarine whose side has destroyed the enemy cannot submerge: it stays",
            )
    if scenario.round_limit is not None:
        trace.add(
            BASE,
            "the battle is stopped after round {round} (scenario setting); if both sides are left the defender holds",
            round=scenario.round_limit,
        )


class AxisAndAllies2eRules:
    """The combat rules of Axis & Allies 2nd ed. for the dice-battle engine
    (:class:`~adjudicator.battle.scenario.GameRules`).
    """

    costs_known = True
    method_rule = BASE
    stranded_rule: str | None = "aa2.air-units.fighter-on-attacked-carrier"

    def problems(self, scenario: BattleScenario) -> list[ScenarioError]:
        """Every field of ``scenario`` these rules refuse."""
        return problems(scenario)

    def prepare(self, scenario: BattleScenario, trace: TraceBuilder) -> tuple[BattleSetup, AfterBattle]:
        """The battle set up by these rules, each rule recorded in ``trace``."""
        return prepare(scenario, trace)

    def step_rule(self, step: str) -> str:
        """The entry a replayed volley of ``step`` cites."""
        return {
            "anti-aircraft": "aa2.aa-guns.firing",
            "support": "aa2.amphibious-assaults",
            "first-strike": "aa2.misc.submarine-first-shot",
        }.get(step, BASE)

    def unit_types(self) -> tuple[Choice, ...]:
        """The nine unit types with their printed attack and defence values."""
        return tuple(
            Choice(unit.value, UNIT_WORDS[unit], values.attack, values.defence) for unit, values in UNITS.items()
        )

    def technologies(self) -> tuple[Choice, ...]:
        """The six weapons developments."""
        return tuple(Choice(technology.value, word) for technology, word in TECHNOLOGY_WORDS.items())

    def nations(self) -> tuple[Choice, ...]:
        """A battle does not ask for the sides' countries."""
        return ()


RULES = AxisAndAllies2eRules()
"""The rules object the game's package exports as ``BATTLE_RULES``."""
