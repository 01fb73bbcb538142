"""The Hungarian strategic game of Europe: dice battles with attack (TÉ) and defence (VÉ) values.

Source ``000_6a90d5256c60e02c.txt`` (advanced-version rules, game ``strategic-europe``).
The basic rules it refers to are not in the source; what the advanced rules and
their worked examples show is applied, each step citing its entry:

- a d6 hits when it shows the unit's value or less — attacker TÉ, defender VÉ
  (every roll of ``se.interception.example`` agrees); both sides roll each round;
- values the source states: aircraft TÉ 3 / VÉ 4, fleet TÉ 3, destroyer TÉ 1,
  submarine TÉ 1 (``se.interception.example``), infantry VÉ 2
  (``se.paratroopers.example-english-invasion``); every other value must be given
  in the scenario (``values``), and any stated one may be overridden there;
- the defence modifier behind a river or coast is added to defending ground units
  (capped at 6) and does not apply when the attack includes paratroopers — for
  every attacking ground unit (``se.paratroopers``); destroyers and submarines
  have none (``se.destroyers``, ``se.submarines``);
- aircraft attack submarines in one round only, and submarines cannot fire at
  them (``se.submarines``; the example's aircraft fires once, then returns home);
- rolling twice: German and allied units attacking Soviet units in the turn of
  the declaration of war, Soviet units attacking in the first winter; the Axis
  cannot attack inside the Soviet Union in that winter; Bulgaria never attacks
  Soviet troops and its units defending against them are lost at once
  (``se.soviet-german``); Vichy France never attacks the Allies (``se.vichy-france``).
  "Rolling twice" is read as a re-roll (a die hits if either roll does) unless the
  scenario chooses the other reading (two dice, each can hit).

Assumptions where the source is silent (stated in the trace): casualties are the
owner's choice, taken by default from the weakest unit (lowest value in its role)
up, as the English take their losses on destroyers in the example; the source
gives no unit costs, so no loss cost is computed.
"""

from __future__ import annotations

import enum
from typing import TYPE_CHECKING

from adjudicator.battle.engine import AfterBattle, BattleSetup, Combatant
from adjudicator.dice import check_value
from adjudicator.errors import ScenarioError
from adjudicator.meaning import Choice
from adjudicator.messages import N_, word_list
from adjudicator.strategic_europe.vocabulary import (
    Country,
    Side,
    UnitType,
    historical_side,
    unknown_country,
    unknown_unit_type,
)
from adjudicator.trace import TraceBuilder

if TYPE_CHECKING:
    from adjudicator.battle.scenario import BattleScenario, BattleSide

__all__ = [
    "AXIS",
    "KNOWN_VALUES",
    "RULES",
    "Role",
    "missing_value",
    "prepare",
    "problems",
    "unit_combatant",
    "values_errors",
]


class Role(enum.Enum):
    ATTACK = "TÉ"
    DEFENCE = "VÉ"


AXIS = frozenset(country for country in Country if historical_side(country) is Side.AXIS)
"""Germany and the countries allied with it (Italy and the satellite states)."""

GROUND = frozenset({UnitType.INFANTRY, UnitType.ARMOUR, UnitType.PARATROOPER})
AIR = frozenset({UnitType.AIRCRAFT, UnitType.BOMBER})

KNOWN_VALUES: dict[tuple[UnitType, Role], tuple[int, str]] = {
    (UnitType.AIRCRAFT, Role.ATTACK): (3, "se.interception.example"),
    (UnitType.AIRCRAFT, Role.DEFENCE): (4, "se.interception.example"),
    (UnitType.FLEET, Role.ATTACK): (3, "se.interception.example"),
    (UnitType.DESTROYER, Role.ATTACK): (1, "se.interception.example"),
    (UnitType.SUBMARINE, Role.ATTACK): (1, "se.interception.example"),
    (UnitType.INFANTRY, Role.DEFENCE): (2, "se.paratroopers.example-english-invasion"),
}
"""The values the source states, with the entry that states each."""

_MISSING_VALUE = {
    Role.ATTACK: N_(
        "the source states no TÉ for {unit} (attack value: a die showing it or less hits when attacking): it is in "
        "the game's basic rules, which are not among the sources; give it (a d6 value from 0 to 6)"
    ),
    Role.DEFENCE: N_(
        "the source states no VÉ for {unit} (defence value: a die showing it or less hits when defending): it is in "
        "the game's basic rules, which are not among the sources; give it (a d6 value from 0 to 6)"
    ),
}


def missing_value(path: str, unit: UnitType, role: Role) -> ScenarioError:
    """The problem of a unit whose TÉ or VÉ the source does not state: the scenario must give it at ``path``.

    >>> print(missing_value("values.armour", UnitType.ARMOUR, Role.ATTACK))  # doctest: +ELLIPSIS
    values.armour: the source states no TÉ for armour (attack value: ...; give it (a d6 value from 0 to 6)
    """
    template = _MISSING_VALUE[role]
    return ScenarioError(path, template, unit=unit.label)


def _unit(name: str) -> UnitType | None:
    try:
        return UnitType(name)
    except ValueError:
        return None


def _nation(name: str | None) -> Country | None:
    try:
        return Country(name) if name is not None else None
    except ValueError:
        return None


def values_errors(path: str, values: dict[str, int]) -> list[ScenarioError]:
    """Unit values given in a scenario (``{unit type: d6 value}``) checked: known unit types, values 0 to 6."""
    found = []
    for name, value in values.items():
        if _unit(name) is None:
            found.append(unknown_unit_type(f"{path}.{name}", name))
            continue
        try:
            check_value(value, path=f"{path}.{name}")
        except ScenarioError as error:
            found.append(error)
    return found


def _side_problems(label: str, side: BattleSide, role: Role) -> list[ScenarioError]:
    found: list[ScenarioError] = []
    for name, count in side.units.items():
        unit = _unit(name)
        if unit is None:
            found.append(unknown_unit_type(f"{label}.units.{name}", name))
        elif count and name not in side.values and (unit, role) not in KNOWN_VALUES:
            found.append(missing_value(f"{label}.values.{name}", unit, role))
    found += values_errors(f"{label}.values", side.values)
    for index, name in enumerate(side.loss_order):
        if _unit(name) is None:
            found.append(unknown_unit_type(f"{label}.loss_order.{index}", name))
    if side.nation is not None and _nation(side.nation) is None:
        found.append(unknown_country(f"{label}.nation", side.nation))
    if side.technologies:
        found.append(
            ScenarioError(
                f"{label}.technologies",
                "weapons developments are used only by Axis & Allies",
                list(side.technologies),
            )
        )
    for name in ("keep_land_units", "casualty_order"):
        if getattr(side, name):
            found.append(ScenarioError(f"{label}.{name}", "is used only by Axis & Allies", getattr(side, name)))
    if side.submerge_after_round is not None:
        found.append(
            ScenarioError(f"{label}.submerge_after_round", "is used only by Axis & Allies", side.submerge_after_round)
        )
    return found


def problems(scenario: BattleScenario) -> list[ScenarioError]:
    """Everything wrong with a strategic-game battle scenario (empty when it can be fought)."""
    found = _side_problems("attacker", scenario.attacker, Role.ATTACK) + _side_problems(
        "defender", scenario.defender, Role.DEFENCE
    )
    if not any(count for name, count in scenario.attacker.units.items() if _unit(name) is not None):
        found.append(
            ScenarioError("attacker.units", "the attacker needs at least one unit", dict(scenario.attacker.units))
        )
    for name, default in (
        ("kind", "land"),
        ("sea_battle_first", False),
        ("friendly_island", False),
        ("bombardment_casualties_fire_back", True),
    ):
        value = getattr(scenario, name)
        if getattr(value, "value", value) != default:
            found.append(ScenarioError(name, "is used only by Axis & Allies", getattr(value, "value", value)))
    if not -6 <= scenario.defence_modifier <= 6:
        found.append(ScenarioError("defence_modifier", "must be from -6 to 6", scenario.defence_modifier))
    attacker, defender = _nation(scenario.attacker.nation), _nation(scenario.defender.nation)
    turn = scenario.special_turn.value
    if turn != "none" and (scenario.attacker.nation is None or scenario.defender.nation is None):
        found.append(ScenarioError("special_turn", "needs the country of both sides to decide who rolls twice", turn))
    if attacker in AXIS and defender is Country.USSR and turn == "first-winter":
        found.append(
            ScenarioError(
                "special_turn",
                "in the winter turn of the year the Soviet Union was attacked, Germany and its allies cannot attack "
                "within its borders",
                turn,
            )
        )
    if attacker is Country.BULGARIA and defender is Country.USSR:
        found.append(
            ScenarioError(
                "attacker.nation",
                "Bulgaria cannot take part in an attack against Soviet troops",
                "bulgaria",
            )
        )
    if attacker is Country.VICHY_FRANCE and defender is not None and defender not in AXIS:
        found.append(
            ScenarioError(
                "attacker.nation",
                "Vichy France's units cannot take part in an attack against the Allies",
                "vichy-france",
            )
        )
    return found


def unit_combatant(
    unit: UnitType, value: int, *, enemy_has_submarines: bool, rolls_per_die: int = 1, dice: int = 1
) -> Combatant:
    """A unit type of the strategic game as an engine combatant (value already final)."""
    return Combatant(
        name=unit.value,
        hits_on=value,
        dice=dice,
        rolls_per_die=rolls_per_die,
        air=unit in AIR,
        hits_air=unit is not UnitType.SUBMARINE,
        leaves_after_round=1 if unit in AIR and enemy_has_submarines else None,
    )


def side_value(side: BattleSide, unit: UnitType, role: Role, label: str, trace: TraceBuilder) -> int:
    """The unit's TÉ or VÉ: given in the scenario, else as the source states it."""
    if unit.value in side.values:
        value = side.values[unit.value]
        trace.add(
            "se.preface",
            "{label} {unit}: {role}={value} as given in the scenario (the basic rules' values are not in this source)",
            label=label,
            unit=unit.label,
            role=role.value,
            value=value,
        )
        return value
    value, rule = KNOWN_VALUES[(unit, role)]
    trace.add(
        rule,
        "{label} {unit}: {role}={value}, as the source states",
        label=label,
        unit=unit.label,
        role=role.value,
        value=value,
    )
    return value


def prepare(scenario: BattleScenario, trace: TraceBuilder) -> tuple[BattleSetup, AfterBattle]:
    """The strategic-game battle as an engine setup; every rule applied is added to ``trace``."""
    trace.add(
        "se.preface",
        "the basic version's rules stay in force; they are not in this source, so only what the advanced rules and "
        "their examples show is applied",
    )
    trace.add(
        "se.interception.example",
        "a die hits when it shows the unit's value or less: TÉ when attacking, VÉ when defending; both sides roll each "
        "round",
    )
    attacker_nation, defender_nation = _nation(scenario.attacker.nation), _nation(scenario.defender.nation)
    paratroopers = bool(scenario.attacker.units.get(UnitType.PARATROOPER.value))
    rolls_twice = _rolls_twice(scenario, attacker_nation, defender_nation, trace)
    sides = [
        _side(scenario, label, side, role, enemy, paratroopers, rolls_twice, trace)
        for label, side, role, enemy in (
            ("attacker", scenario.attacker, Role.ATTACK, scenario.defender),
            ("defender", scenario.defender, Role.DEFENCE, scenario.attacker),
        )
    ]
    (attacker_units, attacker_counts), (defender_units, defender_counts) = sides
    if attacker_nation is Country.USSR and defender_nation is Country.BULGARIA:
        trace.add("se.soviet-german", "Bulgarian units that must defend against Soviet troops are lost at once")
        defender_counts = tuple(0 for _ in defender_counts)
    if (
        scenario.retreat_after_round is not None
        or scenario.retreat_below is not None
        or scenario.round_limit is not None
    ):
        trace.add(
            "se.interception.example",
            "the attacker withdraws or the battle stops as the scenario sets (the example's submarines withdraw to "
            "their base)",
        )
    setup = BattleSetup(
        attacker=attacker_units,
        defender=defender_units,
        attacker_counts=attacker_counts,
        defender_counts=defender_counts,
        retreat_after_round=scenario.retreat_after_round,
        retreat_below=scenario.retreat_below,
        round_limit=scenario.round_limit,
        prune_below=scenario.prune_below,
    )
    return setup, AfterBattle(
        land_battle=True, capturing=tuple(UnitType(unit.name) in GROUND for unit in attacker_units)
    )


def _side(
    scenario: BattleScenario,
    label: str,
    side: BattleSide,
    role: Role,
    enemy: BattleSide,
    paratroopers: bool,
    rolls_twice: bool,
    trace: TraceBuilder,
) -> tuple[tuple[Combatant, ...], tuple[int, ...]]:
    """One side's combatants with their values (the defence modifier applied), in its order of casualties."""
    enemy_subs = bool(enemy.units.get(UnitType.SUBMARINE.value))
    present = [UnitType(name) for name, count in side.units.items() if count]
    values: dict[UnitType, int] = {}
    for unit in present:
        value = side_value(side, unit, role, label, trace)
        if role is Role.DEFENCE and unit in GROUND and scenario.defence_modifier:
            if paratroopers:
                trace.add(
                    "se.paratroopers",
                    "paratroopers in the attack cancel the river/coast defence modifier ({modifier:+d}) for "
                    "{unit}: VÉ stays {value}",
                    modifier=scenario.defence_modifier,
                    unit=unit.label,
                    value=value,
                )
            else:
                modified = max(0, min(6, value + scenario.defence_modifier))
                trace.add(
                    "se.paratroopers",
                    "river/coast defence modifier {modifier:+d}: {unit} VÉ {value} → {modified}",
                    modifier=scenario.defence_modifier,
                    unit=unit.label,
                    value=value,
                    modified=modified,
                )
                value = modified
        values[unit] = value
    if role is Role.DEFENCE and scenario.defence_modifier:
        # One sentence per unit type: the plural noun is the translators' word, not "{unit}" plus an "s".
        for unit, rule, sentence in (
            (UnitType.DESTROYER, "se.destroyers", N_("destroyers have no defence modifier against an invasion")),
            (UnitType.SUBMARINE, "se.submarines", N_("submarines have no defence modifier against an invasion")),
        ):
            if unit in values:
                trace.add(rule, sentence)
    order = [UnitType(name) for name in side.loss_order if UnitType(name) in values]
    order += sorted((unit for unit in values if unit not in order), key=lambda unit: (values[unit], unit.value))
    trace.add(
        "se.destroyers",
        "{label} casualties are taken in this order ({how}): {order}",
        label=label,
        how=N_("given")
        if side.loss_order
        else N_("assumed: the weakest first; the source leaves the choice to the owner"),
        order=word_list(unit.label for unit in order),
    )
    twice = rolls_twice and label == "attacker"
    units = tuple(
        unit_combatant(
            unit,
            values[unit],
            enemy_has_submarines=enemy_subs,
            rolls_per_die=2 if twice and scenario.roll_twice.value == "reroll" else 1,
            dice=2 if twice and scenario.roll_twice.value == "two-dice" else 1,
        )
        for unit in order
    )
    counts = tuple(side.units[unit.value] for unit in order)
    if enemy_subs and any(unit in AIR for unit in order):
        trace.add(
            "se.submarines",
            "the {label}'s aircraft attack the submarines in one round only, then return; the submarines cannot "
            "fire at them",
            label=label,
        )
    return units, counts


def _rolls_twice(
    scenario: BattleScenario, attacker: Country | None, defender: Country | None, trace: TraceBuilder
) -> bool:
    turn = scenario.special_turn.value
    twice = (turn == "declaration-of-war-on-ussr" and attacker in AXIS and defender is Country.USSR) or (
        turn == "first-winter" and attacker is Country.USSR and defender in AXIS
    )
    if twice:
        who = (
            "German and allied units attacking Soviet units in the turn of the declaration of war"
            if attacker in AXIS
            else "Soviet units attacking in the first winter turn"
        )
        reading = (
            "each die is rolled again and hits if either roll does"
            if scenario.roll_twice.value == "reroll"
            else "each unit rolls two dice, each of which can hit"
        )
        trace.add(
            "se.soviet-german",
            "{who} roll twice for the result; read as: {reading} (the source does not say which)",
            who=who,
            reading=reading,
        )
    elif turn != "none":
        trace.add(
            "se.soviet-german",
            "no side rolls twice: this {turn} turn gives it only to the aggressor against the Soviet Union, or to the "
            "Soviets in the first winter",
            turn=turn,
        )
    return twice


class StrategicEuropeRules:
    """The combat rules of the strategic game of Europe for the dice-battle engine
    (:class:`~adjudicator.battle.scenario.GameRules`).
    """

    costs_known = False
    method_rule = "se.interception.example"
    stranded_rule: str | None = None

    def problems(self, scenario: BattleScenario) -> list[ScenarioError]:
        """Every field of ``scenario`` these rules refuse."""
        return problems(scenario)

    def prepare(self, scenario: BattleScenario, trace: TraceBuilder) -> tuple[BattleSetup, AfterBattle]:
        """The battle set up by these rules, each rule recorded in ``trace``."""
        return prepare(scenario, trace)

    def step_rule(self, step: str) -> str:
        """The entry a replayed volley of ``step`` cites."""
        return "se.interception.example"

    def unit_types(self) -> tuple[Choice, ...]:
        """The unit types of both versions; their values (TÉ, VÉ) are the scenario's."""
        return tuple(Choice(unit.value, unit.label) for unit in UnitType)

    def technologies(self) -> tuple[Choice, ...]:
        """The game has no technologies."""
        return ()

    def nations(self) -> tuple[Choice, ...]:
        """The countries of the game."""
        return tuple(Choice(country.value, country.label) for country in Country)


RULES = StrategicEuropeRules()
"""The rules object the game's package exports as ``BATTLE_RULES``."""
