"""Zones of control (5), enemy zones of control (8.1) and their effects (8.1.1) as queries.

Game: Unconditional Surrender! (service rules; source ``002_14e02d87786a9df7.txt``,
Russian). Entries implemented:

- ``us.5`` — a ground (only a ground) unit creates ZOC in its own hex and each
  adjacent hex, not across mountains, impassable hexsides or sea (straits
  included). Readings (the entry's notes): "across Mountains" is a mountain
  *hexside* by default; :attr:`ZocReadings.mountains` = ``hex`` also keeps ZOC
  out of mountain hexes. ZOC does not extend into sea hexes (a sea hex lies
  across the sea from the land).
- ``us.8-1`` — ZOC of a unit of another player is EZOC; a friendly unit negates
  EZOC only where a rule says so; markers (Detachment, Logistics) never do.
- ``us.8-1-1.*`` — the effects, answered for a path a unit wants to follow:
  Movement Phase (stop on entering; leaving; EZOC to EZOC; the friendly-unit and
  Overrun exceptions), Mud, Storms and Snow, Reserve Movement Phase, Retreat,
  Advance, supply lines; with ``us.11-2``–``us.11-4`` for what weather does and
  does not change.

Not decided here: whether the unit may move at all (10.3: only supplied units
move in the Movement Phase — see :mod:`adjudicator.unconditional_surrender.supply`), movement costs and
the Retreat conditions, which are not part of this source.

Complexity: building the ZOC map is ``O(U)`` for ``U`` ground units on hexes
(each reaches at most seven hexes); each query is ``O(len(path))``.
"""

from __future__ import annotations

import enum
from dataclasses import dataclass, field
from typing import Any, ClassVar

from adjudicator.errors import ScenarioError
from adjudicator.limits import SizeLimit
from adjudicator.meaning import Kind, means
from adjudicator.messages import N_, Message, N_plural, Summarized, message
from adjudicator.plain import CheckedWholeOrPartial, part
from adjudicator.registry import Calculator
from adjudicator.trace import Step, Trace, TraceBuilder
from adjudicator.unconditional_surrender.hexmap import (
    MAP_SIZE_LIMITS,
    Faction,
    HexMap,
    HexsideFeature,
    MapIndex,
    MapNames,
    Marker,
    Pieces,
    Terrain,
    Unit,
    UnitKind,
    Weather,
    axial_distance,
    check_pieces,
)

__all__ = [
    "CALCULATORS",
    "Action",
    "AirUnitReading",
    "MountainReading",
    "MoveQuery",
    "MoveVerdict",
    "ZocMap",
    "ZocReadings",
    "ZocResult",
    "ZocScenario",
    "evaluate_zoc",
    "zoc_hexes",
]

BLOCKING_SIDES = frozenset(
    {HexsideFeature.MOUNTAIN, HexsideFeature.IMPASSABLE, HexsideFeature.SEA, HexsideFeature.STRAIT}
)
"""Hexside features ZOC does not cross (5)."""

BAD_WEATHER_ENTRY = {Weather.MUD: "us.11-2", Weather.STORM: "us.11-3", Weather.SNOW: "us.11-4"}
"""The weather section that says what each kind of bad weather changes."""


class MountainReading(enum.Enum):
    """How to read 'ZOC does not extend … across Mountains' (5; see the entry's note)."""

    HEXSIDE = "hexside"
    """Only mountain hexsides stop ZOC (the default)."""
    HEX = "hex"
    """Mountain hexsides stop ZOC, and ZOC does not extend into mountain hexes either."""


class AirUnitReading(enum.Enum):
    """Whether a friendly air unit alone negates EZOC (8.1.1 and 10.2.1 say "a friendly unit"; see the notes)."""

    NEGATE = "negate"
    """Any friendly unit, an air unit too, negates EZOC where a rule lets a friendly unit do so (the default)."""
    GROUND_ONLY = "ground-only"
    """Only a friendly ground unit negates EZOC; an air (or naval) unit alone does not."""


@dataclass(frozen=True)
class ZocReadings:
    """Readings of ambiguous ZOC text; each is stated in the trace when it matters."""

    mountains: MountainReading = MountainReading.HEXSIDE
    """``us.5``: mountain hexsides only, or mountain hexes too."""
    air_units: AirUnitReading = AirUnitReading.NEGATE
    """``us.8-1-1``: whether a friendly air unit alone negates EZOC."""


def zoc_hexes(index: MapIndex, hex_: int, readings: ZocReadings = ZocReadings()) -> tuple[int, ...]:
    """The hexes a ground unit in ``hex_`` extends ZOC into (5): its own and the adjacent ones.

    >>> from adjudicator.unconditional_surrender.hexmap import Hex, Hexside
    >>> board = HexMap(hexes=(Hex("a", 0, 0), Hex("b", 1, 0), Hex("c", 0, 1), Hex("d", -1, 0, terrain=Terrain.SEA)),
    ...                hexsides=(Hexside(("a", "b"), HexsideFeature.MOUNTAIN),))
    >>> [board.hexes[h].id for h in zoc_hexes(board.index, 0)]
    ['a', 'c']
    """
    reached = [hex_]
    for other in index.neighbours(hex_):
        if index.feature(hex_, other) in BLOCKING_SIDES:
            continue
        terrain = index.hexes[other].terrain
        if terrain is Terrain.SEA:
            continue
        if terrain is Terrain.MOUNTAIN and readings.mountains is MountainReading.HEX:
            continue
        reached.append(other)
    return tuple(reached)


class ZocMap:
    """Which ground units extend ZOC into each hex, and the per-hex EZOC questions (5, 8.1)."""

    def __init__(self, pieces: Pieces, readings: ZocReadings = ZocReadings()) -> None:
        self.pieces = pieces
        self.readings = readings
        index = pieces.index
        self.sources: dict[int, list[Unit]] = {}
        self.reach: dict[str, tuple[int, ...]] = {}
        for unit in pieces.units:
            node = index.position[unit.hex]
            if unit.kind is not UnitKind.GROUND or node >= index.hex_count:
                continue
            hexes = zoc_hexes(index, node, readings)
            self.reach[unit.id] = hexes
            for hex_ in hexes:
                self.sources.setdefault(hex_, []).append(unit)

    def enemy_sources(self, hex_: int, faction: Faction) -> list[Unit]:
        """The enemy ground units whose ZOC covers ``hex_`` (8.1: every unit of another player is an enemy)."""
        return [unit for unit in self.sources.get(hex_, ()) if unit.faction is not faction]

    def in_ezoc(self, hex_: int, faction: Faction) -> bool:
        """``hex_`` contains EZOC for ``faction``."""
        return any(unit.faction is not faction for unit in self.sources.get(hex_, ()))

    def ezoc_hexes(self, faction: Faction) -> frozenset[int]:
        """Every hex containing EZOC for ``faction``."""
        return frozenset(h for h, units in self.sources.items() if any(u.faction is not faction for u in units))

    def friendly_unit(self, hex_: int, faction: Faction, besides: str | None = None) -> Unit | None:
        """Another friendly unit in ``hex_`` (markers never count, 8.1), or ``None``."""
        ground_only = self.readings.air_units is AirUnitReading.GROUND_ONLY
        for unit in self.pieces.units_in(hex_):
            if (
                unit.faction is faction
                and unit.id != besides
                and not (ground_only and unit.kind is not UnitKind.GROUND)
            ):
                return unit
        return None


class Action(enum.Enum):
    """What the unit is doing along the path (8.1.1)."""

    MOVEMENT = "movement"
    RESERVE_MOVEMENT = "reserve-movement"
    RETREAT = "retreat"
    ADVANCE = "advance"
    SUPPLY_LINE = "supply-line"


_QUERY_LINES = {
    Action.MOVEMENT: N_("{unit} movement along {path}: {outcome}{stop}"),
    Action.RESERVE_MOVEMENT: N_("{unit} reserve-movement along {path}: {outcome}{stop}"),
    Action.RETREAT: N_("{unit} retreat along {path}: {outcome}{stop}"),
    Action.ADVANCE: N_("{unit} advance along {path}: {outcome}{stop}"),
    Action.SUPPLY_LINE: N_("{unit} supply-line along {path}: {outcome}{stop}"),
}
"""A query's summary line, whole for each action (the action's word is part of the sentence)."""


@dataclass(frozen=True)
class MoveQuery:
    """May ``unit`` follow ``path`` (hex ids after its own hex) while doing ``action``?"""

    unit: str = field(metadata=means(Kind.REFERENCE, refers_to="units.id"))
    """The moving unit (or the unit whose supply line it is)."""
    action: Action
    """Movement, reserve movement, retreat, advance or a supply line."""
    path: tuple[str, ...]
    """Hexes entered in order, starting next to the unit's hex."""
    overrun: tuple[str, ...] = field(default=(), metadata=means(Kind.REFERENCES, refers_to="units.id"))
    """Enemy units the moving unit conducts an Overrun against (Movement Phase)."""


@dataclass(frozen=True)
class MoveVerdict:
    """The answer to one :class:`MoveQuery`."""

    unit: str
    action: Action
    allowed: bool
    """The whole path may be followed."""
    entered: tuple[str, ...]
    """Hexes the unit enters before it must stop or is blocked."""
    stops_at: str
    """Where the unit ends up (its own hex when it cannot move at all)."""
    must_stop: bool
    """A rule forces the unit to stop in ``stops_at``."""
    blocked_at: str | None
    """The first hex of the path it may not enter or go on to, if any."""
    steps: tuple[Step, ...]
    """The reasons, each citing its entry."""


@dataclass(frozen=True)
class ZocScenario(CheckedWholeOrPartial):
    """A map with units, and the moves to judge."""

    size_limits: ClassVar[tuple[SizeLimit, ...]] = MAP_SIZE_LIMITS
    """Fields whose cost grows with their size (:mod:`adjudicator.limits`)."""

    map: HexMap
    """The map (with this turn's weather)."""
    units: tuple[Unit, ...]
    """Every unit."""
    markers: tuple[Marker, ...] = ()
    """Markers (they never negate EZOC)."""
    queries: tuple[MoveQuery, ...] = ()
    """Moves to judge."""
    readings: ZocReadings = field(default_factory=ZocReadings, metadata=means(expert=True))
    """Readings of ambiguous text."""

    @staticmethod
    def scenario_problems(given: dict[str, Any]) -> list[ScenarioError]:
        """Checked whole when built and partly by :func:`adjudicator.plain.from_plain` (see there)."""
        return _scenario_problems(given)


def _scenario_problems(given: dict[str, Any]) -> list[ScenarioError]:
    """Units and markers against the map, and each query's unit, path and overrun (whole or partial fields)."""
    board, units, markers = given.get("map"), given.get("units", ()), given.get("markers", ())
    names = MapNames.of(board) if board is not None else None
    problems = check_pieces(names, units, markers)
    by_id = {part(unit, "id"): unit for unit in units if isinstance(part(unit, "id"), str)}
    units_known = "units" in given and all(isinstance(part(unit, "id"), str) for unit in units)
    for number, query in enumerate(given.get("queries", ())):
        where = f"queries.{number}"
        unit_id, path, overrun = part(query, "unit"), part(query, "path"), part(query, "overrun") or ()
        unit = by_id.get(unit_id)
        if unit is None:
            if units_known and isinstance(unit_id, str):
                problems.append(
                    ScenarioError(f"{where}.unit", "unknown unit; expected the id of one of the units", unit_id)
                )
        elif part(unit, "kind") not in (UnitKind.GROUND, None):
            problems.append(
                ScenarioError(
                    f"{where}.unit",
                    N_("EZOC effects concern ground units; {unit!r} is an air unit")
                    if part(unit, "kind") is UnitKind.AIR
                    else N_("EZOC effects concern ground units; {unit!r} is a naval unit"),
                    unit=unit_id,
                )
            )
        if path is not None and not path:
            problems.append(ScenarioError(f"{where}.path", "a path of at least one hex"))
        previous = part(unit, "hex") if unit is not None else None
        for step, name in enumerate(path or ()):
            known = names.is_hex(name) if names is not None else None
            if known is False:
                problems.append(ScenarioError(f"{where}.path.{step}", "unknown hex", name))
                break
            here = names.hexes.get(name) if names is not None else None
            before = names.hexes.get(previous) if names is not None and previous is not None else None
            if here is not None and before is not None and axial_distance(before, here) != 1:
                problems.append(
                    ScenarioError(
                        f"{where}.path.{step}",
                        "each hex must be adjacent to the one before ({previous!r})",
                        name,
                        previous=previous,
                    )
                )
                break
            previous = name
        for step, name in enumerate(overrun):
            target = by_id.get(name)
            if not units_known or unit is None:
                break
            if target is None or part(target, "faction") is part(unit, "faction"):
                problems.append(ScenarioError(f"{where}.overrun.{step}", "an enemy unit's id", name))
    return problems


@dataclass(frozen=True)
class ZocResult(Summarized):
    """EZOC per faction, ZOC per unit, and the verdict on each query."""

    ezoc: dict[Faction, tuple[str, ...]]
    """For each faction with units: the hexes containing EZOC for it."""
    zoc: dict[str, tuple[str, ...]]
    """For each ground unit on the map: the hexes it extends ZOC into, sorted."""
    queries: tuple[MoveVerdict, ...]
    """One verdict per query, in order."""
    trace: Trace

    def summary_messages(self) -> list[Message]:
        lines = [
            message(
                N_plural("{faction}: {count} hex in EZOC", "{faction}: {count} hexes in EZOC"),
                faction=faction.value,
                count=len(hexes),
            )
            for faction, hexes in self.ezoc.items()
        ]
        for verdict in self.queries:
            outcome = (
                message("allowed")
                if verdict.allowed
                else message("not allowed (blocked at {hex})", hex=str(verdict.blocked_at))
            )
            stop = (
                message(", must stop in {hex}", hex=str(verdict.stops_at))
                if verdict.must_stop
                else message(", ends in {hex}", hex=str(verdict.stops_at))
            )
            line = _QUERY_LINES[verdict.action]
            lines.append(
                message(
                    line,
                    unit=verdict.unit,
                    path="-".join(verdict.entered) or message("(nowhere)"),
                    outcome=outcome,
                    stop=stop,
                )
            )
        return lines


class _Walk:
    """One query walked hex by hex, collecting its steps."""

    def __init__(self, zmap: ZocMap, unit: Unit, query: MoveQuery) -> None:
        self.zmap = zmap
        self.index = zmap.pieces.index
        self.unit = unit
        self.query = query
        self.steps: list[Step] = []

    def note(self, rule: str, template: str, **params: object) -> None:
        self.steps.append(Step(rule, template, dict(params)))

    def name(self, hex_: int) -> str:
        return self.index.names[hex_]

    def ezoc(self, hex_: int) -> bool:
        return self.zmap.in_ezoc(hex_, self.unit.faction)

    def friend(self, hex_: int) -> Unit | None:
        return self.zmap.friendly_unit(hex_, self.unit.faction, besides=self.unit.id)

    def run(self) -> MoveVerdict:
        index, query, unit = self.index, self.query, self.unit
        start = index.position[unit.hex]
        action = query.action
        current = start
        entered: list[str] = []
        started_in_ezoc = self.ezoc(start)
        if action is Action.MOVEMENT:
            self.note(
                "us.8-1-1.movement-phase",
                N_("{unit} begins Movement in EZOC (in {hex})")
                if started_in_ezoc
                else N_("{unit} begins Movement outside EZOC (in {hex})"),
                unit=unit.id,
                hex=unit.hex,
            )
        for number, name in enumerate(query.path):
            following = index.position[name]
            stop_rule: tuple[str, str, dict[str, object]] | None = None
            if action in (Action.MOVEMENT, Action.RESERVE_MOVEMENT) and self.ezoc(current):
                weather = index.weather_at(current)
                if action is Action.RESERVE_MOVEMENT:
                    self.note(
                        "us.8-1-1.reserve-movement-phase",
                        "in the Reserve Movement Phase {unit} cannot move out of {hex}, which contains EZOC",
                        unit=unit.id,
                        hex=self.name(current),
                    )
                    return self.verdict(False, entered, current, False, name)
                if weather is Weather.MUD:
                    self.note(
                        "us.8-1-1.mud",
                        "{unit} cannot move out of {hex}: it is affected by mud and contains EZOC",
                        unit=unit.id,
                        hex=self.name(current),
                    )
                    self.note("us.11-2", "mud: units cannot leave such hexes if they contain EZOC")
                    return self.verdict(False, entered, current, True, name)
                if weather in (Weather.STORM, Weather.SNOW):
                    stop_rule = (
                        "us.8-1-1.storms-snow",
                        N_("{unit} moved out of {hex}, which is affected by {weather} and contains EZOC: it must stop"),
                        {"unit": unit.id, "hex": self.name(current), "weather": weather.value},
                    )
            if action is Action.RESERVE_MOVEMENT and self.ezoc(following):
                self.note(
                    "us.8-1-1.reserve-movement-phase",
                    "in the Reserve Movement Phase {unit} cannot move into {hex}, which contains EZOC",
                    unit=unit.id,
                    hex=name,
                )
                return self.verdict(False, entered, current, False, name)
            if not self.may_enter(following):
                return self.verdict(False, entered, current, False, name)
            entered.append(name)
            if stop_rule is not None:
                rule, template, params = stop_rule
                self.note(rule, template, **params)
                self.note(
                    BAD_WEATHER_ENTRY[index.weather_at(current)],
                    "a ground unit must stop after leaving or entering such a hex containing EZOC in the Movement "
                    "Phase",
                )
            must_stop = stop_rule is not None
            if self.ezoc(following):
                must_stop = self.entering_ezoc(following, first_move=number == 0 and started_in_ezoc) or must_stop
            if must_stop:
                later = query.path[number + 1] if number + 1 < len(query.path) else None
                if later is not None:
                    self.note("us.8-1-1", "{unit} cannot go on to {hex}", unit=unit.id, hex=later)
                return self.verdict(later is None, entered, following, True, later)
            current = following
        return self.verdict(True, entered, current, False, None)

    def may_enter(self, following: int) -> bool:
        """Rules that forbid entering ``following`` at all (retreat, advance into mud, supply line)."""
        action, unit, name = self.query.action, self.unit, self.name(following)
        weather = self.index.weather_at(following)
        if action is Action.RETREAT and weather is not Weather.CLEAR:
            self.note(
                BAD_WEATHER_ENTRY[weather], "{weather} does not affect Retreat ({hex})", weather=weather.value, hex=name
            )
        if action is Action.ADVANCE and weather is Weather.MUD:
            self.note(
                "us.11-2",
                "ground units cannot conduct an advance into a mud hex ({hex}); read as the advance of 8.1.1, not the "
                "advance after combat",
                hex=name,
            )
            return False
        if action is Action.ADVANCE and weather is not Weather.CLEAR:
            self.note(
                BAD_WEATHER_ENTRY[weather],
                "{weather} does not affect the advance ({hex})",
                weather=weather.value,
                hex=name,
            )
        if action in (Action.RETREAT, Action.SUPPLY_LINE) and self.ezoc(following):
            friend = self.friend(following)
            rule = "us.8-1-1.retreat" if action is Action.RETREAT else "us.8-1-1.supply"
            if friend is None:
                doing = N_("retreat into") if action is Action.RETREAT else N_("trace a supply line through")
                self.note(
                    rule,
                    "{unit} cannot {doing} {hex}: it contains EZOC and no other friendly unit",
                    unit=unit.id,
                    doing=doing,
                    hex=name,
                )
                if action is Action.SUPPLY_LINE:
                    self.note(
                        "us.10-2-1.ezoc", "a supply line cannot pass through EZOC unless a friendly unit is in the hex"
                    )
                return False
            self.note(
                rule,
                "{hex} contains EZOC, but friendly unit {friend} is there, which negates it",
                hex=name,
                friend=friend.id,
            )
            if action is Action.RETREAT:
                self.note(
                    "us.8-1-1.retreat",
                    "the Retreat conditions (not part of this source) must still be met: the hex must really be the "
                    "only one fit for the retreat",
                )
        return True

    def entering_ezoc(self, following: int, first_move: bool) -> bool:
        """Whether entering EZOC hex ``following`` forces a stop (Movement Phase, Advance)."""
        action, unit, name = self.query.action, self.unit, self.name(following)
        weather = self.index.weather_at(following)
        if action is Action.MOVEMENT:
            if weather in (Weather.STORM, Weather.SNOW):
                self.note(
                    "us.8-1-1.storms-snow",
                    "{unit} moved into {hex}, which is affected by {weather} and contains EZOC: it must stop",
                    unit=unit.id,
                    hex=name,
                    weather=weather.value,
                )
                self.note(
                    BAD_WEATHER_ENTRY[weather],
                    "a ground unit must stop after leaving or entering such a hex containing EZOC in the Movement "
                    "Phase",
                )
                return True
            if first_move:
                self.note(
                    "us.8-1-1.movement-phase",
                    "{unit} began in EZOC and moved directly into another EZOC ({hex}): it must stop immediately",
                    unit=unit.id,
                    hex=name,
                )
                return True
            friend = self.friend(following)
            if friend is not None:
                self.note(
                    "us.8-1-1.movement-phase",
                    "{unit} need not stop in {hex}: friendly unit {friend} is in the hex with the EZOC",
                    unit=unit.id,
                    hex=name,
                    friend=friend.id,
                )
                return False
            creators = self.zmap.enemy_sources(following, unit.faction)
            if creators and all(creator.id in self.query.overrun for creator in creators):
                self.note(
                    "us.8-1-1.movement-phase",
                    "{unit} need not stop in {hex}: it conducts an Overrun against {creators}, which create the EZOC",
                    unit=unit.id,
                    hex=name,
                    creators=", ".join(c.id for c in creators),
                )
                return False
            self.note(
                "us.8-1-1.movement-phase",
                "{unit} must stop on entering {hex}: it contains EZOC of {creators}",
                unit=unit.id,
                hex=name,
                creators=", ".join(c.id for c in creators),
            )
            return True
        if action is Action.ADVANCE:
            friend = self.friend(following)
            if friend is not None:
                self.note(
                    "us.8-1-1.advance",
                    "{hex} contains EZOC, but friendly unit {friend} is there: {unit} may continue the advance",
                    hex=name,
                    friend=friend.id,
                    unit=unit.id,
                )
                return False
            self.note(
                "us.8-1-1.advance",
                "{unit} must stop its advance on entering {hex}, which contains EZOC",
                unit=unit.id,
                hex=name,
            )
            return True
        return False

    def verdict(
        self, allowed: bool, entered: list[str], at: int | str, must_stop: bool, blocked: str | None
    ) -> MoveVerdict:
        stop = at if isinstance(at, str) else self.name(at)
        return MoveVerdict(
            self.unit.id, self.query.action, allowed, tuple(entered), stop, must_stop, blocked, tuple(self.steps)
        )


def evaluate_zoc(scenario: ZocScenario) -> ZocResult:
    """EZOC for every faction and the verdict on each queried move."""
    index = scenario.map.index
    pieces = Pieces(index, scenario.units, scenario.markers)
    zmap = ZocMap(pieces, scenario.readings)
    builder = TraceBuilder()
    mountains = any(side.feature is HexsideFeature.MOUNTAIN for side in scenario.map.hexsides) or any(
        hex_.terrain is Terrain.MOUNTAIN for hex_ in scenario.map.hexes
    )
    if mountains:
        builder.add(
            "us.5",
            "'across Mountains' is read as {reading} (documented reading; option readings.mountains)",
            reading=N_("across mountain hexsides")
            if scenario.readings.mountains is MountainReading.HEXSIDE
            else N_("across mountain hexsides and into mountain hexes"),
        )
    air = [unit.id for unit in scenario.units if unit.kind is not UnitKind.GROUND]
    if air and scenario.queries:
        if scenario.readings.air_units is AirUnitReading.NEGATE:
            builder.add(
                "us.8-1-1",
                "reading: a friendly air unit alone ({units}) negates EZOC like any friendly unit (option "
                "readings.air_units)",
                units=", ".join(air),
            )
        else:
            builder.add(
                "us.8-1-1",
                "reading: only a friendly ground unit negates EZOC; air units ({units}) do not (option "
                "readings.air_units)",
                units=", ".join(air),
            )
    zoc: dict[str, tuple[str, ...]] = {}
    for unit in scenario.units:
        if unit.id in zmap.reach:
            zoc[unit.id] = tuple(sorted(index.names[h] for h in zmap.reach[unit.id]))
            builder.add("us.5", "{unit} (ground) extends ZOC into {hexes}", unit=unit.id, hexes=", ".join(zoc[unit.id]))
        elif unit.kind is not UnitKind.GROUND:
            builder.add("us.5", "{unit} is a {kind} unit and creates no ZOC", unit=unit.id, kind=unit.kind.value)
    factions = sorted({unit.faction for unit in scenario.units}, key=lambda f: f.value)
    ezoc = {faction: tuple(sorted(index.names[h] for h in zmap.ezoc_hexes(faction))) for faction in factions}
    for faction in factions:
        builder.add(
            "us.8-1",
            "EZOC for {faction}: the ZOC of every other player's ground units ({count} hexes)",
            faction=faction.value,
            count=len(ezoc[faction]),
        )
    if any(marker.faction is not None for marker in scenario.markers):
        builder.add("us.8-1", "markers (Detachment, Logistics …) do not negate EZOC")
    verdicts = []
    for query in scenario.queries:
        verdict = _Walk(zmap, pieces.unit_by_id[query.unit], query).run()
        verdicts.append(verdict)
        builder.extend(Trace(verdict.steps))
    return ZocResult(ezoc, zoc, tuple(verdicts), builder.build())


CALCULATORS = (
    Calculator(
        name="zoc",
        label=N_("Zones of control"),
        title=(
            "Unconditional Surrender!: zones of control, EZOC "
            "and their effects on a move, retreat, advance or supply line"
        ),
        scenario=ZocScenario,
        evaluate=evaluate_zoc,
        games=("unconditional-surrender",),
    ),
)
