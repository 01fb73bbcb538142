"""Interception in the Hungarian strategic game: who gets through, the air battles, the combined naval battle.

Source ``000_6a90d5256c60e02c.txt`` (game ``strategic-europe``), entries
``se.interception`` (air interception always takes place; naval interception
succeeds when the d6 shows more than the distance from the base to the place of
interception; the chain of interceptions is resolved backwards, the survivors of
the air battles taking part in the planned battle), ``se.interception.example``
(the English invasion: the rolls of the example are replayed exactly),
``se.submarines`` (aircraft attack submarines in one round only, submarines
cannot fire at them), ``se.bombers`` (bombers only defend in air combat) and
``se.interception.strategic-redeployment`` (no interception of a Strategic
Redeployment).

Method, following the example: every interception is declared against the
planned movement or an earlier interception; naval ones are rolled; then the
interceptions are resolved from the last declared back to the first. An air
interception of aircraft is one exchange of dice, the interceptors rolling their
VÉ and the intercepted their TÉ; the intercepted survivors withdraw (as the
German aircraft do) and the interceptors' survivors join the battle at the place.
Successful naval interceptors join that one battle, fought round by round with the
dice given (or, where the source only states a round's result, its hits), every
unit rolling its TÉ as in the example; the side named in ``withdraws`` withdraws
after the last round given. Linear in the number of interceptions and dice.
"""

from __future__ import annotations

import enum
import functools
import math
from collections import defaultdict
from dataclasses import dataclass, field, replace

from adjudicator.battle.engine import BattleSetup, Combatant, Ending, RoundRecord, RoundRolls, replay
from adjudicator.checks import collect_problems
from adjudicator.dice import check_roll, count_hits
from adjudicator.errors import ScenarioError
from adjudicator.meaning import Kind, means
from adjudicator.messages import N_, Message, MessageList, N_plural, Summarized, message, word_list
from adjudicator.plain import InvalidScenario
from adjudicator.registry import Calculator
from adjudicator.strategic_europe.combat import (
    AIR,
    KNOWN_VALUES,
    Role,
    missing_value,
    unit_combatant,
    values_errors,
)
from adjudicator.strategic_europe.vocabulary import (
    Country,
    UnitType,
    country_choices,
    country_word,
    unit_choices,
    unit_word,
    unit_words,
    unknown_country,
    unknown_unit_type,
)
from adjudicator.trace import Trace, TraceBuilder

__all__ = [
    "CALCULATORS",
    "AirBattleOutcome",
    "AirBattleRolls",
    "ChainOutcome",
    "Interception",
    "InterceptionKind",
    "InterceptionOutcome",
    "InterceptionResult",
    "InterceptionScenario",
    "Movement",
    "NavalRound",
    "NavalRoundOutcome",
    "evaluate_interception",
    "success_chance",
]

NAVAL = frozenset({UnitType.FLEET, UnitType.DESTROYER, UnitType.SUBMARINE})


class InterceptionKind(enum.Enum):
    AIR = "air"
    NAVAL = "naval"


def _nation_error(path: str, name: str) -> ScenarioError | None:
    try:
        Country(name)
    except ValueError:
        return unknown_country(path, name)
    return None


def _units_errors(path: str, units: dict[str, int], allowed: frozenset[UnitType], refusal: str) -> list[ScenarioError]:
    """Unknown unit types, negative counts, and units of a type not in ``allowed``: ``refusal`` (a template marked
    :func:`~adjudicator.messages.N_`, its ``{choices}`` the allowed types) says why they cannot take part."""
    found = []
    for name, count in units.items():
        try:
            unit = UnitType(name)
        except ValueError:
            found.append(unknown_unit_type(f"{path}.{name}", name))
            continue
        if count < 0:
            found.append(ScenarioError(f"{path}.{name}", "must be a count of 0 or more", count))
        elif count and unit not in allowed:
            found.append(ScenarioError(f"{path}.{name}", refusal, count, choices=unit_words(*allowed)))
    return found


@dataclass(frozen=True)
class Movement:
    """The planned movement of the attacker's aircraft or ships that is intercepted."""

    id: str
    """A name for it, which interceptions give as their target."""
    nation: str = field(metadata=means(Kind.CHOICE, choices=country_choices))
    """The moving country."""
    units: dict[str, int] = field(metadata=means(Kind.UNIT_COUNTS, choices=lambda: unit_choices(*(AIR | NAVAL))))
    """Units by type: aircraft, bombers, fleets, destroyers or submarines (others are not intercepted)."""
    route: tuple[str, ...] = ()
    """Territories passed, in order, the destination last (used only to name the destination in the trace)."""
    strategic_redeployment: bool = False
    """A Strategic Redeployment, which cannot be intercepted."""


@dataclass(frozen=True)
class Interception:
    """One interception: by air (always takes place) or by sea (rolled against the distance)."""

    id: str
    """A name for it, by which later interceptions and air battles refer to it."""
    nation: str = field(metadata=means(Kind.CHOICE, choices=country_choices))
    """The intercepting country."""
    kind: InterceptionKind
    """By air (always takes place) or naval (takes place if the d6 roll exceeds the distance)."""
    units: dict[str, int] = field(
        metadata=means(Kind.UNIT_COUNTS, choices=lambda: unit_choices(UnitType.AIRCRAFT, *NAVAL))
    )
    """Units by type: aircraft by air (bombers do not intercept); fleets, destroyers or submarines by sea."""
    target: str
    """The name of the movement or of the earlier interception this one intercepts."""
    base: str = ""
    """Where the interceptors start from (only named in the trace)."""
    distance: int | None = None
    """Naval: territories from the base to the place of interception."""
    roll: int | None = field(default=None, metadata=means(expert=True))
    """Naval: the d6 rolled for the interception; leave it out for the chance of every outcome."""


@dataclass(frozen=True)
class AirBattleRolls:
    """The dice of an air interception's exchange."""

    interception: str = field(metadata=means(Kind.REFERENCE, refers_to="interceptions.id"))
    """The air interception, aimed at another air interception, whose exchange these dice settle."""
    interceptor: tuple[int, ...]
    """The intercepting aircraft's d6 rolls, one per aircraft; each hits at or below their VÉ."""
    intercepted: tuple[int, ...]
    """The intercepted aircraft's d6 rolls, one per aircraft; each hits at or below their TÉ."""


@dataclass(frozen=True)
class NavalRound:
    """One round of the naval battle: each country's rolls by unit type, or its hits where only the result is known."""

    rolls: dict[str, dict[str, tuple[int, ...]]] = field(default_factory=dict)
    """Country → unit type → those units' d6 rolls this round; each hits at or below the unit's TÉ."""
    hits: dict[str, int] = field(default_factory=dict)
    """Country → hits scored this round, used instead of rolls where the source states only the result."""


@dataclass(frozen=True)
class InterceptionScenario:
    """A movement, the interceptions declared against it, and the dice rolled."""

    place: str
    """Where the movement is intercepted and the battle is fought (the English Channel)."""
    movement: Movement
    """The planned movement that is intercepted."""
    interceptions: tuple[Interception, ...]
    """The interceptions in the order declared, each against the movement or an earlier interception."""
    air_battles: tuple[AirBattleRolls, ...] = field(default=(), metadata=means(expert=True))
    """The dice of each air battle: an air interception aimed at another air interception."""
    naval_battle: tuple[NavalRound, ...] = field(default=(), metadata=means(expert=True))
    """The rounds of the combined battle at the place, in order; empty if no round is fought."""
    engaged: dict[str, dict[str, int]] = field(default_factory=dict, metadata=means(expert=True))
    """Per country, the units that fight the naval battle where not all of them do."""
    withdraws: str | None = field(default=None, metadata=means(Kind.CHOICE, choices=country_choices))
    """The country whose units withdraw from the naval battle after the last round given."""
    values: dict[str, int] = field(default_factory=dict, metadata=means(expert=True))
    """TÉ in the naval battle of unit types the source states none for (the bomber's is in the basic rules)."""

    def __post_init__(self) -> None:
        found: list[ScenarioError] = _values_errors(self)
        error = _nation_error("movement.nation", self.movement.nation)
        if error:
            found.append(error)
        found += _units_errors(
            "movement.units",
            self.movement.units,
            AIR | NAVAL,
            N_("only aircraft and ships are intercepted; expected one of: {choices}"),
        )
        ids = {self.movement.id: self.movement.nation}
        for index, item in enumerate(self.interceptions):
            path = f"interceptions.{index}"
            error = _nation_error(f"{path}.nation", item.nation)
            if error:
                found.append(error)
            if item.id in ids:
                found.append(
                    ScenarioError(
                        f"{path}.id", "must differ from the movement's and every other interception's id", item.id
                    )
                )
            if item.target not in ids:
                found.append(
                    ScenarioError(
                        f"{path}.target",
                        "must be the movement or an interception declared before it: {names}",
                        item.target,
                        names=", ".join(ids),
                    )
                )
            elif ids[item.target] == item.nation:
                found.append(ScenarioError(f"{path}.target", "a country does not intercept its own units", item.target))
            if item.kind is InterceptionKind.AIR:
                found += _air_interception_problems(path, item)
            else:
                found += _naval_interception_problems(path, item, rolled_battle=bool(self.naval_battle))
            ids[item.id] = item.nation
        nations = set(ids.values())
        # An unknown country has its own problem: the countries involved are counted among the game's.
        if len(nations & {country.value for country in Country}) > 2:
            found.append(
                ScenarioError(
                    "interceptions", "one movement and its interceptions involve two countries", sorted(nations)
                )
            )
        for name in list(self.engaged) + ([self.withdraws] if self.withdraws else []):
            if name not in nations:
                found.append(
                    ScenarioError(
                        "engaged" if name in self.engaged else "withdraws",
                        "must be one of the countries involved: {countries}",
                        name,
                        countries=word_list(country_word(nation) for nation in sorted(nations)),
                    )
                )
        if found:
            raise InvalidScenario(found)


def _air_interception_problems(path: str, item: Interception) -> list[ScenarioError]:
    """An air interception's own problems: aircraft only (bombers do not intercept), and nothing rolled."""
    found = []
    if item.units.get(UnitType.BOMBER.value):
        found.append(
            ScenarioError(
                f"{path}.units.bomber",
                "bombers can only defend in air combat: they do not intercept",
                item.units[UnitType.BOMBER.value],
            )
        )
    found += _units_errors(
        f"{path}.units",
        {k: v for k, v in item.units.items() if k != UnitType.BOMBER.value},
        frozenset({UnitType.AIRCRAFT}),
        N_("only aircraft intercept by air; expected one of: {choices}"),
    )
    for name in ("distance", "roll"):
        if getattr(item, name) is not None:
            found.append(
                ScenarioError(
                    f"{path}.{name}",
                    "air interception always takes place: no roll against a distance",
                    getattr(item, name),
                )
            )
    return found


def _naval_interception_problems(path: str, item: Interception, *, rolled_battle: bool) -> list[ScenarioError]:
    """A naval interception's own problems: ships only, a distance, and its roll where the battle's dice are given."""
    found = _units_errors(
        f"{path}.units", item.units, NAVAL, N_("only ships intercept by sea; expected one of: {choices}")
    )
    if item.distance is None or item.distance < 0:
        found.append(
            ScenarioError(
                f"{path}.distance",
                "a naval interception needs the distance (0 or more territories) from its base",
                item.distance,
            )
        )
    if item.roll is None:
        if rolled_battle:
            found.append(
                ScenarioError(
                    f"{path}.roll",
                    "the naval battle's dice depend on which interceptions take place: give every naval "
                    "roll, or leave out the rounds of the naval battle to get the chance of each chain",
                )
            )
    else:
        found += collect_problems(functools.partial(check_roll, item.roll, path=f"{path}.roll"))
    return found


@dataclass(frozen=True)
class InterceptionOutcome:
    """Whether one interception takes place."""

    id: str
    nation: str
    kind: str
    target: str
    succeeded: bool
    roll: int | None
    distance: int | None
    needed: int | None
    """Naval: the lowest roll that succeeds (distance + 1); 7 or more: it cannot succeed."""
    chance: float = 1.0
    """The chance that its own roll succeeds (air: always; naval: a d6 above the distance, ``(6 - distance) / 6``)."""
    chance_in_chain: float = 1.0
    """The chance that it takes place: its own roll and every interception it depends on succeed."""


@dataclass(frozen=True)
class AirBattleOutcome:
    """An air interception's exchange of dice."""

    interception: str
    interceptor_nation: str
    intercepted_nation: str
    interceptor_hits: int
    intercepted_hits: int
    interceptor_losses: dict[str, int]
    intercepted_losses: dict[str, int]
    interceptor_survivors: dict[str, int]
    intercepted_survivors: dict[str, int]
    intercepted_withdraw: bool


@dataclass(frozen=True)
class NavalRoundOutcome:
    """One round of the naval battle."""

    round: int
    hits: dict[str, int]
    losses: dict[str, dict[str, int]]
    left: dict[str, dict[str, int]]
    """Units of each country still in the battle after the round."""
    withdrawn: dict[str, dict[str, int]]


@dataclass(frozen=True)
class InterceptionResult(Summarized):
    """Which interceptions happen, how the chain is resolved, and what survives."""

    interceptions: tuple[InterceptionOutcome, ...]
    resolution_order: tuple[str, ...]
    air_battles: tuple[AirBattleOutcome, ...]
    naval_rounds: tuple[NavalRoundOutcome, ...]
    losses: dict[str, dict[str, int]]
    withdrawn: dict[str, dict[str, int]]
    """Units that left the naval battle unharmed (aircraft after their one round, the side that withdrew)."""
    movement_units: dict[str, int]
    """The moving units that can go on."""
    movement_continues: bool
    trace: Trace
    chains: tuple[ChainOutcome, ...] = ()
    """Where naval rolls are left out: every way the rolls can fall, with its chance and each unit's fate
    (the other fields then give the likeliest way)."""
    movement_continues_chance: float | None = None
    """Where naval rolls are left out: the chance that the movement continues."""

    def summary_messages(self) -> list[Message]:
        if self.chains:
            lines = [
                message("{id}: takes place with chance {chance:.2%}", id=o.id, chance=o.chance_in_chain)
                for o in self.interceptions
            ]
            for chain in self.chains:
                lines.append(
                    message(
                        "{chance:.2%}: interceptions that take place: {taking_place}; losses: {losses}; {verdict}",
                        chance=chain.probability,
                        taking_place=", ".join(chain.taking_place) or message("none"),
                        losses=_losses(chain.losses),
                        verdict=message("the movement continues with {units}", units=_text(chain.movement_units))
                        if chain.movement_continues
                        else message("the movement is stopped"),
                    )
                )
            lines.append(
                message("the movement continues with chance {chance:.2%}", chance=self.movement_continues_chance)
            )
            return lines
        lines = [
            message("{id}: takes place", id=o.id) if o.succeeded else message("{id}: fails", id=o.id)
            for o in self.interceptions
        ]
        lines.append(message("losses: {losses}", losses=_losses(self.losses)))
        if self.movement_continues:
            lines.append(message("the movement continues with {units}", units=_text(self.movement_units)))
        else:
            lines.append(message("the movement is stopped"))
        return lines


@dataclass(frozen=True)
class ChainOutcome:
    """One way the naval rolls left out can fall, and what happens to every unit then."""

    probability: float
    taking_place: tuple[str, ...]
    """The interceptions that take place (and have something to intercept)."""
    losses: dict[str, dict[str, int]]
    withdrawn: dict[str, dict[str, int]]
    movement_units: dict[str, int]
    """The moving units that can go on."""
    movement_continues: bool


def _add(total: dict[str, dict[str, int]], nation: str, units: dict[str, int]) -> None:
    for name, count in units.items():
        if count:
            total.setdefault(nation, {})
            total[nation][name] = total[nation].get(name, 0) + count


MOST_UNROLLED = 12
"""Naval rolls that may be left out at once: every way they fall is evaluated (2 ** 12 chains at most)."""


def success_chance(distance: int) -> float:
    """The chance that a naval interception's d6 exceeds ``distance`` (``se.interception``).

    >>> [round(success_chance(d), 4) for d in (0, 1, 5, 6, 9)]
    [1.0, 0.8333, 0.1667, 0.0, 0.0]
    """
    return min(1.0, max(0, 6 - distance) / 6)


def _own_chance(item: Interception) -> float:
    if item.kind is InterceptionKind.AIR:
        return 1.0
    assert item.distance is not None
    return success_chance(item.distance)


def _chain_chances(scenario: InterceptionScenario) -> dict[str, float]:
    """Per interception: the chance that it takes place, its own roll and every one it depends on succeeding."""
    chances: dict[str, float] = {}
    for item in scenario.interceptions:
        chances[item.id] = _own_chance(item) * chances.get(item.target, 1.0)
    return chances


def evaluate_interception(scenario: InterceptionScenario) -> InterceptionResult:
    """The ``interception`` calculator: the rolls given, or the chance of every chain where naval rolls are left out."""
    unrolled = [item for item in scenario.interceptions if item.kind is InterceptionKind.NAVAL and item.roll is None]
    if not unrolled:
        return _evaluate_rolled(scenario, TraceBuilder())
    return _evaluate_odds(scenario, unrolled)


def _evaluate_odds(scenario: InterceptionScenario, unrolled: list[Interception]) -> InterceptionResult:
    """Every way the naval rolls left out can fall, each evaluated as if rolled, with its chance."""
    if len(unrolled) > MOST_UNROLLED:
        raise InvalidScenario(
            [
                ScenarioError(
                    "interceptions",
                    "at most {limit} naval rolls can be left out at once; give the others",
                    len(unrolled),
                    limit=MOST_UNROLLED,
                )
            ]
        )
    trace = TraceBuilder()
    chain_chances = _chain_chances(scenario)
    by_id = {item.id: item for item in scenario.interceptions}
    for item in scenario.interceptions:
        _trace_attempt(trace, item)
        if item.target in by_id and chain_chances[item.id] != _own_chance(item):
            trace.add(
                "se.interception",
                "{id} takes place only if {target} does: chance {chance:.2%} in all",
                id=item.id,
                target=item.target,
                chance=chain_chances[item.id],
            )
    chains: list[tuple[ChainOutcome, InterceptionResult]] = []
    for pattern in range(2 ** len(unrolled)):
        probability = 1.0
        rolled: dict[str, Interception] = {}
        for bit, item in enumerate(unrolled):
            assert item.distance is not None
            succeeds = bool(pattern >> bit & 1)
            chance = success_chance(item.distance)
            probability *= chance if succeeds else 1 - chance
            # Any roll above the distance succeeds and any other fails: 6 and 1 stand for them.
            rolled[item.id] = replace(item, roll=6 if succeeds else 1)
        if not probability:
            continue
        case = replace(scenario, interceptions=tuple(rolled.get(item.id, item) for item in scenario.interceptions))
        result = _evaluate_rolled(case, TraceBuilder())
        taking_place: dict[str, bool] = {}
        for item in case.interceptions:
            own = item.kind is InterceptionKind.AIR or (item.roll or 0) > (item.distance or 0)
            taking_place[item.id] = own and taking_place.get(item.target, True)
        chain = ChainOutcome(
            probability,
            tuple(name for name, ok in taking_place.items() if ok),
            result.losses,
            result.withdrawn,
            result.movement_units,
            result.movement_continues,
        )
        chains.append((chain, result))
        trace.add(
            "se.interception",
            "chance {chance:.2%}: interceptions that take place: {taking_place}; losses {losses}; {verdict}",
            chance=probability,
            taking_place=", ".join(chain.taking_place) or message("none"),
            losses=_losses(chain.losses),
            verdict=message("the movement continues with {units}", units=_text(chain.movement_units))
            if chain.movement_continues
            else message("the movement is stopped"),
        )
    chains.sort(key=lambda pair: -pair[0].probability)
    likeliest = chains[0][1]
    continues = math.fsum(chain.probability for chain, _ in chains if chain.movement_continues)
    trace.add("se.interception", "the movement continues with chance {chance:.2%}", chance=continues)
    outcomes = tuple(
        replace(
            outcome,
            roll=None if outcome.id in {item.id for item in unrolled} else outcome.roll,
        )
        for outcome in likeliest.interceptions
    )
    return replace(
        likeliest,
        interceptions=outcomes,
        trace=trace.build(),
        chains=tuple(chain for chain, _ in chains),
        movement_continues_chance=continues,
    )


def _trace_attempt(trace: TraceBuilder, item: Interception) -> None:
    """Whether an interception can take place, and its chance, before any roll."""
    if item.kind is InterceptionKind.AIR:
        trace.add(
            "se.interception",
            "{id}: air interception by {units} from {base} always takes place",
            id=item.id,
            units=_text(item.units),
            base=item.base or N_("its base"),
        )
        return
    assert item.distance is not None
    if item.distance >= 6:
        trace.add(
            "se.interception",
            "{id}: naval interception from {base}, distance {distance}: no d6 exceeds it, so it cannot succeed",
            id=item.id,
            base=item.base or N_("its base"),
            distance=item.distance,
        )
    elif item.roll is None:
        trace.add(
            "se.interception",
            "{id}: naval interception from {base}, distance {distance}: it takes place on a d6 of {needed}–6, "
            "chance {chance:.2%}",
            id=item.id,
            base=item.base or N_("its base"),
            distance=item.distance,
            needed=item.distance + 1,
            chance=success_chance(item.distance),
        )


def _evaluate_rolled(scenario: InterceptionScenario, trace: TraceBuilder) -> InterceptionResult:
    """The interceptions with every roll given."""
    movement = scenario.movement
    if movement.strategic_redeployment:
        raise InvalidScenario(
            [
                ScenarioError(
                    "movement.strategic_redeployment",
                    "a Strategic Redeployment cannot be intercepted: it always succeeds",
                    True,
                )
            ]
        )
    outcomes, succeeded = _roll_interceptions(scenario, trace)
    rolls_by_id = _air_battle_rolls(scenario)
    forces: dict[str, dict[str, int]] = {item.id: dict(item.units) for item in scenario.interceptions}
    forces[movement.id] = dict(movement.units)
    stopped: set[str] = set()
    losses: dict[str, dict[str, int]] = {}
    withdrawn: dict[str, dict[str, int]] = {}
    air_results, order = _resolve_chain(scenario, succeeded, rolls_by_id, forces, stopped, losses, withdrawn, trace)
    naval_losses: dict[str, dict[str, int]] = {}
    naval_rounds, final_in_battle = _naval_battle(scenario, forces, succeeded, stopped, naval_losses, withdrawn, trace)
    for nation, units in naval_losses.items():
        _add(losses, nation, units)
    moving_left = _movement_left(scenario, forces, succeeded, stopped, naval_losses, trace)
    enemy_left = any(
        count for nation, units in final_in_battle.items() if nation != movement.nation for count in units.values()
    )
    continues = not enemy_left and any(moving_left.values())
    trace.add(
        "se.interception.example",
        "the moving {units} {verdict}",
        units=_text(movement.units),
        verdict=(
            message("can go on to {place} with {units}", place=movement.route[-1], units=_text(moving_left))
            if movement.route
            else message("can go on to their destination with {units}", units=_text(moving_left))
        )
        if continues
        else N_("cannot go on"),
    )
    return InterceptionResult(
        interceptions=tuple(outcomes),
        resolution_order=tuple(order),
        air_battles=tuple(air_results),
        naval_rounds=naval_rounds,
        losses=losses,
        withdrawn=withdrawn,
        movement_units={k: v for k, v in moving_left.items() if v},
        movement_continues=continues,
        trace=trace.build(),
    )


def _roll_interceptions(
    scenario: InterceptionScenario, trace: TraceBuilder
) -> tuple[list[InterceptionOutcome], dict[str, bool]]:
    """Whether each interception takes place: an air one always, a naval one on a d6 above its distance."""
    chain_chances = _chain_chances(scenario)
    outcomes: list[InterceptionOutcome] = []
    succeeded: dict[str, bool] = {}
    for item in scenario.interceptions:
        if item.kind is InterceptionKind.AIR:
            trace.add(
                "se.interception",
                "{id}: air interception by {units} from {base} always takes place",
                id=item.id,
                units=_text(item.units),
                base=item.base or N_("its base"),
            )
            outcomes.append(
                InterceptionOutcome(
                    item.id,
                    item.nation,
                    item.kind.value,
                    item.target,
                    True,
                    None,
                    None,
                    None,
                    1.0,
                    chain_chances[item.id],
                )
            )
            succeeded[item.id] = True
        else:
            assert item.roll is not None and item.distance is not None
            ok = item.roll > item.distance
            if item.distance >= 6:
                trace.add(
                    "se.interception",
                    "{id}: naval interception from {base}, distance {distance}: no d6 exceeds it, so it cannot "
                    "succeed (rolled {roll})",
                    id=item.id,
                    base=item.base or N_("its base"),
                    distance=item.distance,
                    roll=item.roll,
                )
            else:
                trace.add(
                    "se.interception",
                    "{id}: naval interception from {base}, distance {distance}: the d6 must exceed it (so {needed}–6); "
                    "rolled {roll}, {verdict}",
                    id=item.id,
                    base=item.base or N_("its base"),
                    distance=item.distance,
                    needed=item.distance + 1,
                    roll=item.roll,
                    verdict=N_("it takes place") if ok else N_("it fails"),
                )
            outcomes.append(
                InterceptionOutcome(
                    item.id,
                    item.nation,
                    item.kind.value,
                    item.target,
                    ok,
                    item.roll,
                    item.distance,
                    item.distance + 1,
                    success_chance(item.distance),
                    chain_chances[item.id],
                )
            )
            succeeded[item.id] = ok
    return outcomes, succeeded


def _air_battle_rolls(scenario: InterceptionScenario) -> dict[str, AirBattleRolls]:
    """The rolls of each air battle by the air interception it settles; each must name one."""
    rolls_by_id = {battle.interception: battle for battle in scenario.air_battles}
    air = {item.id for item in scenario.interceptions if item.kind is InterceptionKind.AIR}
    problems = [
        ScenarioError(f"air_battles.{index}.interception", "must name an air interception", battle.interception)
        for index, battle in enumerate(scenario.air_battles)
        if battle.interception not in air
    ]
    if problems:
        raise InvalidScenario(problems)
    return rolls_by_id


def _resolve_chain(
    scenario: InterceptionScenario,
    succeeded: dict[str, bool],
    rolls_by_id: dict[str, AirBattleRolls],
    forces: dict[str, dict[str, int]],
    stopped: set[str],
    losses: dict[str, dict[str, int]],
    withdrawn: dict[str, dict[str, int]],
    trace: TraceBuilder,
) -> tuple[list[AirBattleOutcome], list[str]]:
    """The chain of interceptions resolved backwards: the air battles fought; returns them and the order resolved."""
    movement = scenario.movement
    by_id = {item.id: item for item in scenario.interceptions}
    air_results: list[AirBattleOutcome] = []
    order: list[str] = []
    trace.add(
        "se.interception", "the chain of interceptions is resolved backwards, from the last declared to the first"
    )
    for item in scenario.interceptions:
        if succeeded[item.id] and item.target != movement.id and not succeeded[item.target]:
            succeeded[item.id] = False
            trace.add(
                "se.interception",
                "{id} has nothing to intercept: {target} did not take place",
                id=item.id,
                target=item.target,
            )
    for item in reversed(scenario.interceptions):
        if not succeeded[item.id] or item.target in stopped or item.id in stopped:
            continue
        order.append(item.id)
        target = by_id.get(item.target)
        if item.kind is InterceptionKind.AIR and target is not None and target.kind is InterceptionKind.AIR:
            result = _air_battle(item, target, forces, rolls_by_id.get(item.id), len(air_results), trace)
            air_results.append(result)
            _add(losses, item.nation, result.interceptor_losses)
            _add(losses, target.nation, result.intercepted_losses)
            forces[item.id] = result.interceptor_survivors
            forces[target.id] = {}
            _add(withdrawn, target.nation, result.intercepted_survivors)
            stopped.add(target.id)
            trace.add(
                "se.interception",
                "the surviving {units} of {id} may take part in the planned battle at {place}",
                units=_text(result.interceptor_survivors)
                if any(result.interceptor_survivors.values())
                else N_("no aircraft"),
                id=item.id,
                place=scenario.place,
            )
        else:
            trace.add("se.interception.example", "{id} joins the battle at {place}", id=item.id, place=scenario.place)
    return air_results, order


def _movement_left(
    scenario: InterceptionScenario,
    forces: dict[str, dict[str, int]],
    succeeded: dict[str, bool],
    stopped: set[str],
    naval_losses: dict[str, dict[str, int]],
    trace: TraceBuilder,
) -> dict[str, int]:
    """The moving force after the naval losses, those of a type its own interceptors share charged to them first."""
    movement = scenario.movement
    moving_left = dict(movement.units)
    helpers: dict[str, int] = defaultdict(int)
    for item in scenario.interceptions:
        if item.nation == movement.nation and succeeded[item.id] and item.id not in stopped:
            for name, count in forces[item.id].items():
                helpers[name] += count
    for name, lost in naval_losses.get(movement.nation, {}).items():
        if name in moving_left:
            charged = max(0, lost - helpers[name])
            moving_left[name] -= charged
    if any(name in movement.units for name in helpers):
        trace.add(
            "se.interception.example",
            "losses of a type the moving force shares with its own interceptors are counted against the interceptors "
            "first (assumption)",
        )
    return moving_left


def _text(units: dict[str, int]) -> MessageList:
    """``4 fleet, 1 aircraft``: each unit type a catalog word (empty when no unit is left)."""
    return MessageList(
        tuple(message("{count} {unit}", count=count, unit=unit_word(name)) for name, count in units.items() if count)
    )


def _losses(losses: dict[str, dict[str, int]]) -> MessageList:
    """Each nation's losses: ``England: 1 aircraft, 3 destroyer; Germany: …``."""
    return MessageList(
        tuple(
            message("{nation}: {units}", nation=country_word(nation), units=_text(units))
            for nation, units in losses.items()
        ),
        "; ",
    )


def _values_errors(scenario: InterceptionScenario) -> list[ScenarioError]:
    """``values`` checked, and every unit of a naval battle given a TÉ where the source states none."""
    found = values_errors("values", scenario.values)
    if not scenario.naval_battle:
        return found
    fighting = {name for name, count in scenario.movement.units.items() if count}
    fighting |= {name for item in scenario.interceptions for name, count in item.units.items() if count}
    for name in sorted(fighting):
        unit = next((unit for unit in UnitType if unit.value == name), None)
        if unit is not None and (unit, Role.ATTACK) not in KNOWN_VALUES and name not in scenario.values:
            found.append(
                ScenarioError(
                    f"values.{name}",
                    "is needed: the {unit}'s TÉ (attack value: a die showing it or less hits) in the naval battle. "
                    "The advanced rules do not state it; it is in the game's basic rules, which are not among the "
                    "sources. Give it as a d6 value from 0 to 6",
                    unit=unit.label,
                )
            )
    return found


def _value(unit: UnitType, role: Role, given: dict[str, int] | None = None) -> int:
    if given and unit.value in given:
        return given[unit.value]
    known = KNOWN_VALUES.get((unit, role))
    if known is None:
        raise InvalidScenario([missing_value(f"values.{unit.value}", unit, role)])
    return known[0]


def _check_air_battle_rolls(path: str, rolls: AirBattleRolls, interceptors: int, intercepted: int) -> None:
    """One roll per aircraft on each side, each a d6: every problem of both sides at once."""
    problems: list[ScenarioError] = []
    for name, given, count in (
        ("interceptor", rolls.interceptor, interceptors),
        ("intercepted", rolls.intercepted, intercepted),
    ):
        if len(given) != count:
            problems.append(
                ScenarioError(
                    f"{path}.{name}",
                    N_plural("{count} aircraft rolls one die", "{count} aircraft roll one die each"),
                    list(given),
                    count=count,
                )
            )
        problems += collect_problems(
            *(functools.partial(check_roll, roll, path=f"{path}.{name}.{i}") for i, roll in enumerate(given))
        )
    if problems:
        raise InvalidScenario(problems)


def _air_battle(
    item: Interception,
    target: Interception,
    forces: dict[str, dict[str, int]],
    rolls: AirBattleRolls | None,
    index: int,
    trace: TraceBuilder,
) -> AirBattleOutcome:
    interceptors = forces[item.id].get(UnitType.AIRCRAFT.value, 0)
    intercepted = forces[target.id].get(UnitType.AIRCRAFT.value, 0)
    if rolls is None:
        raise InvalidScenario(
            [
                ScenarioError(
                    "air_battles",
                    "give the rolls of the air battle of {id} (one per aircraft on each side)",
                    id=item.id,
                )
            ]
        )
    _check_air_battle_rolls(f"air_battles.{index}", rolls, interceptors, intercepted)
    defence, attack = _value(UnitType.AIRCRAFT, Role.DEFENCE), _value(UnitType.AIRCRAFT, Role.ATTACK)
    hits_by_interceptor = count_hits(rolls.interceptor, defence)
    hits_by_intercepted = count_hits(rolls.intercepted, attack)
    trace.add(
        "se.interception",
        "{id}: the intercepting aircraft roll their VÉ={value} although they start the fight: {rolls} → {hits} hit(s)",
        id=item.id,
        value=defence,
        rolls=list(rolls.interceptor),
        hits=hits_by_interceptor,
    )
    trace.add(
        "se.interception.example",
        "{id}: the intercepted aircraft roll their TÉ={value}: {rolls} → {hits} hit(s)",
        id=target.id,
        value=attack,
        rolls=list(rolls.intercepted),
        hits=hits_by_intercepted,
    )
    lost_intercepted = min(hits_by_interceptor, intercepted)
    lost_interceptors = min(hits_by_intercepted, interceptors)
    trace.add(
        "se.interception.example",
        "{id}: the intercepted survivors withdraw and cannot attack or defend any more this turn",
        id=target.id,
    )
    return AirBattleOutcome(
        interception=item.id,
        interceptor_nation=item.nation,
        intercepted_nation=target.nation,
        interceptor_hits=hits_by_interceptor,
        intercepted_hits=hits_by_intercepted,
        interceptor_losses={UnitType.AIRCRAFT.value: lost_interceptors} if lost_interceptors else {},
        intercepted_losses={UnitType.AIRCRAFT.value: lost_intercepted} if lost_intercepted else {},
        interceptor_survivors={UnitType.AIRCRAFT.value: interceptors - lost_interceptors}
        if interceptors > lost_interceptors
        else {},
        intercepted_survivors={UnitType.AIRCRAFT.value: intercepted - lost_intercepted}
        if intercepted > lost_intercepted
        else {},
        intercepted_withdraw=True,
    )


def _naval_battle(
    scenario: InterceptionScenario,
    forces: dict[str, dict[str, int]],
    succeeded: dict[str, bool],
    stopped: set[str],
    losses: dict[str, dict[str, int]],
    withdrawn: dict[str, dict[str, int]],
    trace: TraceBuilder,
) -> tuple[tuple[NavalRoundOutcome, ...], dict[str, dict[str, int]]]:
    """The combined battle at the place: every unit rolls its TÉ, as in the example."""
    movement = scenario.movement
    camps = _camps(scenario, forces, succeeded, stopped, trace)
    defender_nation = movement.nation
    attackers = [nation for nation in camps if nation != defender_nation]
    if not attackers or not scenario.naval_battle:
        return (), dict(camps)
    attacker_nation = attackers[0]
    trace.add(
        "se.interception.example",
        "in the naval battle every unit rolls its TÉ, the intercepting ships included, as the example does",
    )
    sides = [
        _naval_side(scenario, camps, nation, enemy, trace)
        for nation, enemy in ((attacker_nation, defender_nation), (defender_nation, attacker_nation))
    ]
    setup = BattleSetup(sides[0][0], sides[1][0], sides[0][1], sides[1][1])
    rounds = [
        RoundRolls(
            attacker=naval.rolls.get(attacker_nation, {}),
            defender=naval.rolls.get(defender_nation, {}),
            attacker_hits=naval.hits.get(attacker_nation) if not naval.rolls.get(attacker_nation) else None,
            defender_hits=naval.hits.get(defender_nation) if not naval.rolls.get(defender_nation) else None,
            path=f"naval_battle.{index}.rolls",
        )
        for index, naval in enumerate(scenario.naval_battle)
    ]
    try:
        records = replay(setup, rounds)
    except ScenarioError as error:
        raise InvalidScenario([error]) from None
    nations = (attacker_nation, defender_nation)
    result: list[NavalRoundOutcome] = []
    for record, naval in zip(records, scenario.naval_battle):
        result.append(_naval_round(record, naval, nations, losses, trace))
    last = records[-1]
    final = {nations[0]: dict(last.attacker), nations[1]: dict(last.defender)}
    for nation, units in ((nations[0], last.attacker_withdrawn), (nations[1], last.defender_withdrawn)):
        _add(withdrawn, nation, dict(units))
    if last.ending is None and scenario.withdraws:
        trace.add(
            "se.interception.example",
            "{nation} withdraws its remaining {units} after the last round given",
            nation=country_word(scenario.withdraws),
            units=_text(final[scenario.withdraws]),
        )
        _add(withdrawn, scenario.withdraws, final[scenario.withdraws])
        final[scenario.withdraws] = {}
    elif last.ending is not None:
        trace.add("se.interception.example", "the naval battle ends: {ending}", ending=Ending(last.ending).value)
    return tuple(result), final


def _camps(
    scenario: InterceptionScenario,
    forces: dict[str, dict[str, int]],
    succeeded: dict[str, bool],
    stopped: set[str],
    trace: TraceBuilder,
) -> dict[str, dict[str, int]]:
    """Each nation's units at the place: the moving force and the interceptions not stopped, or those engaged."""
    movement = scenario.movement
    camps: dict[str, dict[str, int]] = defaultdict(dict)
    _add(camps, movement.nation, forces[movement.id])
    for item in scenario.interceptions:
        if succeeded[item.id] and item.id not in stopped:
            _add(camps, item.nation, forces[item.id])
    too_many = [
        ScenarioError(
            f"engaged.{nation}.{name}",
            N_plural(
                "at most the {count} unit of this type present can fight",
                "at most the {count} units of this type present can fight",
            ),
            count,
            count=camps[nation].get(name, 0),
        )
        for nation, units in scenario.engaged.items()
        for name, count in units.items()
        if count > camps[nation].get(name, 0)
    ]
    if too_many:
        raise InvalidScenario(too_many)
    for nation, units in scenario.engaged.items():
        camps[nation].update(units)
        trace.add(
            "se.interception.example",
            "{nation} fights the naval battle with {units} (scenario: not all its units take part)",
            nation=country_word(nation),
            units=_text(units),
        )
    return camps


def _naval_side(
    scenario: InterceptionScenario, camps: dict[str, dict[str, int]], nation: str, enemy: str, trace: TraceBuilder
) -> tuple[tuple[Combatant, ...], tuple[int, ...]]:
    """One nation's fighters in the naval battle, weakest first, with their counts."""
    enemy_subs = bool(camps[enemy].get(UnitType.SUBMARINE.value))
    present = [UnitType(name) for name, count in camps[nation].items() if count]
    given = scenario.values
    order = sorted(present, key=lambda unit: (_value(unit, Role.ATTACK, given), unit not in AIR, unit.value))
    fighters = tuple(
        unit_combatant(unit, _value(unit, Role.ATTACK, given), enemy_has_submarines=enemy_subs) for unit in order
    )
    for unit in order:
        if unit.value in given:
            trace.add(
                "se.preface",
                "{nation} {unit}: TÉ={value} as given in the scenario (the basic rules' values are not in this source)",
                nation=country_word(nation),
                unit=unit_word(unit.value),
                value=given[unit.value],
            )
    if enemy_subs and any(unit in AIR for unit in order):
        trace.add(
            "se.submarines",
            "{nation}'s aircraft attack the submarines in one round only, then return to base; the submarines "
            "cannot fire at them",
            nation=country_word(nation),
        )
    trace.add(
        "se.destroyers",
        "{nation} takes its losses from the weakest units up: {order}",
        nation=country_word(nation),
        order=MessageList(tuple(message("{unit}", unit=unit.label) for unit in order)),
    )
    return fighters, tuple(camps[nation][unit.value] for unit in order)


def _naval_round(
    record: RoundRecord,
    naval: NavalRound,
    nations: tuple[str, str],
    losses: dict[str, dict[str, int]],
    trace: TraceBuilder,
) -> NavalRoundOutcome:
    """One naval round replayed: each side's hits and the losses they cause, added to ``losses``."""
    hits: dict[str, int] = {}
    round_losses: dict[str, dict[str, int]] = {}
    for volley in record.volleys:
        shooter = nations[0] if volley.side == "attacker" else nations[1]
        target = nations[1] if volley.side == "attacker" else nations[0]
        hits[shooter] = hits.get(shooter, 0) + volley.hits
        if volley.casualties:
            round_losses[target] = dict(volley.casualties)
            _add(losses, target, volley.casualties)
        how = (
            N_("as the source states the result")
            if naval.hits.get(shooter) is not None and not naval.rolls.get(shooter)
            else message(
                "rolls {rolls}",
                rolls=MessageList(
                    tuple(
                        message("{unit} {rolls}", unit=unit_word(name), rolls=list(rolls))
                        for name, rolls in volley.rolls.items()
                    ),
                    "; ",
                ),
            )
        )
        trace.add(
            "se.interception.example",
            N_plural(
                "naval round {round}: {nation} {how} → {hits} hit; {target} loses {lost}",
                "naval round {round}: {nation} {how} → {hits} hits; {target} loses {lost}",
                count="hits",
            ),
            round=record.round,
            nation=country_word(shooter),
            how=how,
            hits=volley.hits,
            target=country_word(target),
            lost=_text(volley.casualties) if volley.casualties else N_("nothing"),
        )
    left = {nations[0]: dict(record.attacker), nations[1]: dict(record.defender)}
    gone = {
        nation: units
        for nation, units in (
            (nations[0], dict(record.attacker_withdrawn)),
            (nations[1], dict(record.defender_withdrawn)),
        )
        if units
    }
    return NavalRoundOutcome(record.round, hits, round_losses, left, gone)


CALCULATORS = (
    Calculator(
        name="interception",
        label=N_("Interception chains"),
        title=(
            "Interception chains of the strategic game: naval rolls against distance, "
            "air battles resolved backwards, the combined naval battle"
        ),
        scenario=InterceptionScenario,
        evaluate=evaluate_interception,
        games=("strategic-europe",),
    ),
)
