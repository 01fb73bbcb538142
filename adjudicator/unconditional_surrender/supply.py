"""Supply (7, 10.1–10.3): is each unit and marker in supply, along which line, and if not, why not.

Game: Unconditional Surrender! (service rules; source ``002_14e02d87786a9df7.txt``,
Russian). Entries implemented: ``us.7``; the sources ``us.10-1.city``,
``us.10-1.partisan-base``, ``us.10-1.eastern-us-canada``,
``us.10-1.soviet-interior`` and their restriction ``us.10-1-1``; the line
``us.10-2`` with ``us.10-2.soviet-interior`` and ``us.10-2.overland-supply``; its
restrictions ``us.10-2-1.*`` (with ``us.8-1-1.supply``); the effects of supply
``us.10-3.*`` as a checklist ("may this HQ be a deployment site?"); and the
ice-port rule of ``us.11-4``. The network, its restrictions and the searches are
in :mod:`adjudicator.unconditional_surrender.network`, whose docstring states the readings and the
complexity: one map-wide multi-source 0-1 BFS per group of items sharing
sources and restrictions, ``O(G·(N + E) + I·d)``, and one bounded search per
group for the items left unsupplied (the line breaking the fewest restrictions).

Every ground unit on the map or in an off-map box is traced, and every marker
with an ``id`` (Logistics, SHAEF, Detachment: markers that need supply carry a
nationality). Items listed in ``overland`` need overland supply (10.2).

>>> from adjudicator.unconditional_surrender.hexmap import Country, Hex, HexMap, Unit, Faction
>>> board = HexMap(hexes=(Hex("a", 0, 0, country="germany", city="Berlin"), Hex("b", 1, 0, country="germany"),
...                       Hex("c", 2, 0, country="germany"), Hex("d", 3, 0, country="germany")),
...                countries=(Country("germany", Faction.AXIS),))
>>> result = evaluate_supply(SupplyScenario(board, (Unit("near", "c", Faction.AXIS, "germany"),
...                                                   Unit("far", "d", Faction.AXIS, "germany"))))
>>> result.supplied
{'near': True, 'far': False}
>>> reason = [step.text for step in result.item("far").reasons][-1]
>>> print(reason.replace("; ", ";\\n"))
the line reaches a transport line or the source only at its hex 3 (c, b, a);
it must reach one within its first two hexes, the unit's hex not counted
"""

from __future__ import annotations

import enum
import gc
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, field
from typing import Any, ClassVar

from adjudicator.errors import ScenarioError
from adjudicator.limits import SizeLimit
from adjudicator.meaning import Kind, means
from adjudicator.messages import N_, Message, MessageList, N_plural, Summarized, message
from adjudicator.plain import CheckedWholeOrPartial, Partial, part
from adjudicator.registry import Calculator
from adjudicator.trace import Step, Trace, TraceBuilder, step
from adjudicator.unconditional_surrender.hexmap import (
    MAP_SIZE_LIMITS,
    BoxKind,
    Faction,
    HexMap,
    MapIndex,
    MapNames,
    Marker,
    MarkerKind,
    Nationality,
    Pieces,
    Unit,
    UnitKind,
    UnitType,
    Weather,
    check_pieces,
    country_word,
)
from adjudicator.unconditional_surrender.network import (
    FREE_HEXES,
    FactionView,
    Move,
    Network,
    Relaxed,
    Source,
    best_relaxed,
    relaxed_search,
    strict_search,
)
from adjudicator.unconditional_surrender.zoc import AirUnitReading, MountainReading, ZocMap, ZocReadings

__all__ = [
    "CALCULATORS",
    "BreakPoint",
    "CheckVerdict",
    "DistanceReading",
    "ItemSupply",
    "LegKind",
    "PartisanBaseReading",
    "PathStep",
    "Purpose",
    "SupplyCheck",
    "SupplyReadings",
    "SupplyResult",
    "SupplyScenario",
    "evaluate_supply",
]


class PartisanBaseReading(enum.Enum):
    """Whom a Partisan Base supplies (10.1; the entry's note lists both readings)."""

    UNITS_OF_COUNTRY = "units-of-country"
    """Units and markers of the minor country the base lies in (the documented reading, the default)."""
    UNITS_IN_COUNTRY = "units-in-country"
    """Units and markers located in that minor country, whatever their nationality."""


class DistanceReading(enum.Enum):
    """How far a line may go before it joins a transport line or reaches its source (10.2; the entry's note)."""

    WITHIN_TWO_HEXES = "within-two-hexes"
    """The line reaches a transport line or its source within its first two hexes (the default)."""
    TWO_OFF_NETWORK = "two-off-network"
    """Up to two hexes off transport lines; the third may be the transport line's hex or the source."""


@dataclass(frozen=True)
class SupplyReadings:
    """Readings of ambiguous text used by the supply calculator."""

    mountains: MountainReading = MountainReading.HEXSIDE
    """``us.5``: which mountains stop ZOC (and so EZOC on supply lines)."""
    partisan_base: PartisanBaseReading = PartisanBaseReading.UNITS_OF_COUNTRY
    """``us.10-1.partisan-base``: whom a Partisan Base supplies."""
    distance: DistanceReading = DistanceReading.WITHIN_TWO_HEXES
    """``us.10-2``: how far a line may go before it joins a transport line or reaches its source."""
    air_units: AirUnitReading = AirUnitReading.NEGATE
    """``us.10-2-1.ezoc``: whether a friendly air unit alone negates EZOC on a supply line."""

    @property
    def free_hexes(self) -> int:
        """Hexes a line may enter by free steps, the hex where it joins the network included."""
        return FREE_HEXES if self.distance is DistanceReading.WITHIN_TWO_HEXES else FREE_HEXES + 1


class Purpose(enum.Enum):
    """The actions of 10.3 that need supply."""

    DEPLOYMENT_SITE = "deployment-site"
    AIR_NAVAL_BASE = "air-naval-base"
    COMBINE = "organization-combine"
    MOVEMENT_PHASE = "movement-phase"
    AIRBORNE_LANDING = "airborne-landing"
    AIRBORNE_DEFENCE = "airborne-defence"
    TANK_SHIFT = "tank-shift"
    HQ_SUPPORT = "hq-support"
    OFFENSIVE_ADVANCE = "offensive-advance"


PURPOSE_WORDS: dict[Purpose, str] = {
    Purpose.DEPLOYMENT_SITE: N_("deployment site"),
    Purpose.AIR_NAVAL_BASE: N_("air/naval base"),
    Purpose.COMBINE: N_("combining in the Organization Segment"),
    Purpose.MOVEMENT_PHASE: N_("Movement Phase"),
    Purpose.AIRBORNE_LANDING: N_("airborne landing"),
    Purpose.AIRBORNE_DEFENCE: N_("airborne defence"),
    Purpose.TANK_SHIFT: N_("tank shift"),
    Purpose.HQ_SUPPORT: N_("HQ support"),
    Purpose.OFFENSIVE_ADVANCE: N_("offensive or advance"),
}
"""Each 10.3 action as a summary line names it (a catalog word, so it is shown in the reader's language)."""


class LegKind(enum.Enum):
    """How a node of a supply line is entered."""

    START = "start"
    """The unit's own hex (not counted)."""
    FREE = "free"
    """One of the first two hexes, off the transport lines."""
    TRANSPORT_LINE = "transport-line"
    SEA_ZONE = "sea-zone"
    PORT = "port"
    """The port where the line leaves the sea."""
    OFF_MAP_BOX = "off-map-box"
    FROM_BOX = "from-box"
    """A map hex entered from an off-map box."""


_OF_TYPE = {
    UnitType.ARMOR: N_("a unit of type armor"),
    UnitType.AIRBORNE: N_("a unit of type airborne"),
    UnitType.HQ: N_("a unit of type hq"),
}
"""The unit types a supply check of 10.3 concerns, as words."""

_LEG_WORDS = {
    LegKind.START: N_("start"),
    LegKind.FREE: N_("free"),
    LegKind.TRANSPORT_LINE: N_("transport-line"),
    LegKind.SEA_ZONE: N_("sea-zone"),
    LegKind.PORT: N_("port"),
    LegKind.OFF_MAP_BOX: N_("off-map-box"),
    LegKind.FROM_BOX: N_("from-box"),
}
"""How a node of a supply line is entered, as a catalog word (the summary shows it after the node, as its value)."""

_LEG = {
    Move.FREE: LegKind.FREE,
    Move.RAIL: LegKind.TRANSPORT_LINE,
    Move.EMBARK: LegKind.SEA_ZONE,
    Move.SAIL: LegKind.SEA_ZONE,
    Move.LAND: LegKind.PORT,
    Move.ENTER_BOX: LegKind.OFF_MAP_BOX,
    Move.BOX_LINK: LegKind.OFF_MAP_BOX,
    Move.LEAVE_BOX: LegKind.FROM_BOX,
}


@dataclass(frozen=True)
class SupplyCheck:
    """A 10.3 question: may ``item`` do ``purpose``?"""

    item: str = field(metadata=means(Kind.REFERENCE, refers_to="units.id"))
    """The unit (or named marker) asked about."""
    purpose: Purpose
    """The 10.3 action asked about (deployment site, air/naval base, movement, HQ support …)."""


@dataclass(frozen=True)
class SupplyScenario(CheckedWholeOrPartial):
    """A map with units and markers; whose supply to trace and which 10.3 questions to answer."""

    size_limits: ClassVar[tuple[SizeLimit, ...]] = MAP_SIZE_LIMITS
    """Fields whose cost grows with their size (:mod:`adjudicator.limits`)."""

    map: HexMap
    """The map (with this turn's weather)."""
    units: tuple[Unit, ...]
    """Every unit."""
    markers: tuple[Marker, ...] = ()
    """Every marker; those with a name and a nationality have their supply traced."""
    overland: tuple[str, ...] = ()
    """Items that need overland supply (10.2)."""
    only: tuple[str, ...] = ()
    """Trace only these items (default: every ground unit and every marker with an id)."""
    checks: tuple[SupplyCheck, ...] = ()
    """10.3 questions."""
    readings: SupplyReadings = field(default_factory=SupplyReadings, metadata=means(expert=True))
    """Readings of ambiguous text."""

    @staticmethod
    def scenario_problems(given: dict[str, Any]) -> list[ScenarioError]:
        """Checked whole when built and partly by :func:`adjudicator.plain.from_plain` (see there)."""
        return _scenario_problems(given)


def _scenario_problems(given: dict[str, Any]) -> list[ScenarioError]:
    """Units and markers against the map, and every id the scenario asks about (whole or partial fields)."""
    board, units, markers = given.get("map"), given.get("units", ()), given.get("markers", ())
    problems = check_pieces(MapNames.of(board) if board is not None else None, units, markers)
    traceable = {part(unit, "id") for unit in units if part(unit, "kind") in (UnitKind.GROUND, None)}
    # an item whose id itself failed could be the one an action names: then nothing is said of unknown ids
    complete = all(isinstance(part(unit, "id"), str) for unit in units)
    for number, marker in enumerate(markers):
        marker_id = part(marker, "id")
        if marker_id is not None:
            if part(marker, "nationality") is None and not isinstance(marker, Partial):
                problems.append(
                    ScenarioError(
                        f"markers.{number}.nationality",
                        "marker {marker!r} has an id, so its supply is traced: it needs a nationality",
                        marker=marker_id,
                    )
                )
            traceable.add(marker_id)
        complete = complete and not (isinstance(marker, Partial) and "id" not in marker.fields)
    if not complete or "units" not in given:
        return problems
    for name in ("overland", "only"):
        for number, item in enumerate(given.get(name, ())):
            if item not in traceable:
                problems.append(ScenarioError(f"{name}.{number}", "a ground unit's id or the id of a marker", item))
    for number, check in enumerate(given.get("checks", ())):
        item = part(check, "item")
        if isinstance(item, str) and item not in traceable:
            problems.append(ScenarioError(f"checks.{number}.item", "a ground unit's id or the id of a marker", item))
    return problems


@dataclass(frozen=True)
class PathStep:
    """One node of a supply line: a hex, sea zone or off-map box, and how the line enters it."""

    node: str
    kind: LegKind


def _path_steps(
    network: Network, nodes: list[tuple[int, Move | None]], made: dict[tuple[int, LegKind], PathStep]
) -> tuple[PathStep, ...]:
    """The path steps of a line; ``free`` only for hexes off the transport network.

    The hex where a free step joins a transport line is entered by a free step but lies
    on the network: it is labelled ``transport-line``. A sea zone or box entered by ``land``
    is an off-map box (a box bordering a sea zone is one of its ports), not a port. ``made``
    holds the steps already made: lines to one source share most of their nodes, and a
    step, being frozen, can be shared.
    """
    index = network.index
    rails, names, hex_count, first_box = index.rails, index.names, index.hex_count, index.first_box
    steps = []
    last = len(nodes) - 1
    for position, (node, move) in enumerate(nodes):
        if move is None:
            kind = LegKind.START
        elif move is Move.LAND and node >= first_box:
            kind = LegKind.OFF_MAP_BOX
        else:
            kind = _LEG[move]
        # only the first node has no move, so the next move is None exactly at the line's end
        if (
            kind is LegKind.FREE
            and node < hex_count
            and rails[node]
            and (position == last or nodes[position + 1][1] is not Move.FREE)
        ):
            kind = LegKind.TRANSPORT_LINE
        key = (node, kind)
        leg = made.get(key)
        if leg is None:
            leg = made[key] = PathStep(names[node], kind)
        steps.append(leg)
    return tuple(steps)


@dataclass(frozen=True)
class BreakPoint:
    """A point where the nearest line of an unsupplied item breaks a restriction, and the entries it breaks."""

    nodes: tuple[str, ...]
    """One hex or sea zone, the two hexes of a hexside, or the free hexes beyond the limit of two."""
    rules: tuple[str, ...]
    """The entries broken there (e.g. ``us.10-2-1.ezoc``), each once."""


@dataclass(frozen=True)
class ItemSupply:
    """Supply of one unit or marker."""

    id: str
    hex: str
    faction: Faction
    nationality: str
    overland: bool
    """Overland supply was required."""
    supplied: bool
    source: str | None
    """Node of the source reached (hex, or box id)."""
    path: tuple[PathStep, ...]
    """The line when supplied: from the item's hex (not counted) to the source."""
    free_hexes: int | None
    """Hexes of the line off transport lines (at most 2) when supplied."""
    restrictions_broken: int | None
    """When unsupplied: the fewest points (hexes, hexsides, ports, sea zones, free hexes beyond two) at which
    a line breaks a restriction (none if no line of any kind exists)."""
    nearest_path: tuple[PathStep, ...]
    """When unsupplied: the line breaking the fewest restrictions."""
    reasons: tuple[Step, ...]
    """Why: the source and the line, or each restriction the nearest line breaks, citing its entry."""
    breaks: tuple[BreakPoint, ...] = ()
    """When unsupplied: each point where the nearest line breaks a restriction, in order along the line."""


@dataclass(frozen=True)
class CheckVerdict:
    """The answer to one :class:`SupplyCheck` (none when this source sets no condition for it)."""

    item: str
    purpose: Purpose
    allowed: bool | None
    steps: tuple[Step, ...]


@dataclass(frozen=True)
class SupplyResult(Summarized):
    """Supply of every item traced, and the 10.3 answers."""

    supplied: dict[str, bool]
    """Item id → in supply (overland where required)."""
    items: tuple[ItemSupply, ...]
    checks: tuple[CheckVerdict, ...]
    allowed: dict[str, bool | None]
    """``"<item> <purpose>"`` → the answer of each check."""
    trace: Trace

    def item(self, item_id: str) -> ItemSupply:
        """The supply of one item (``KeyError`` if it was not traced)."""
        for entry in self.items:
            if entry.id == item_id:
                return entry
        raise KeyError(item_id)

    def summary_messages(self) -> list[Message]:
        lines = []
        for entry in self.items:
            if entry.supplied and len(entry.path) <= 1:
                lines.append(
                    message(
                        "{item} ({hex}): supplied, in its supply source {source}",
                        item=entry.id,
                        hex=entry.hex,
                        source=entry.source,
                    )
                )
            elif entry.supplied:
                lines.append(
                    message(
                        "{item} ({hex}): supplied from {source} — {path}",
                        item=entry.id,
                        hex=entry.hex,
                        source=entry.source,
                        path=MessageList(
                            tuple(
                                message("{node}[{kind}]", node=s.node, kind=_LEG_WORDS[s.kind]) for s in entry.path[1:]
                            ),
                            " ",
                        ),
                    )
                )
            else:
                lines.append(
                    message(
                        "{item} ({hex}): NOT supplied — {reasons}",
                        item=entry.id,
                        hex=entry.hex,
                        reasons=MessageList(tuple(step.message for step in entry.reasons[1:]), "; "),
                    )
                )
        for check in self.checks:
            answer = {True: message("yes"), False: message("no"), None: message("not covered by these rules")}[
                check.allowed
            ]
            lines.append(
                message(
                    "{item} {purpose}: {answer}", item=check.item, purpose=PURPOSE_WORDS[check.purpose], answer=answer
                )
            )
        return lines


@dataclass(frozen=True)
class _Item:
    id: str
    node: int
    faction: Faction
    nationality: str
    unit: Unit | None
    marker: Marker | None


def _items(scenario: SupplyScenario, network: Network, wanted: set[str] | None) -> list[_Item]:
    """The items to trace: ``wanted`` ids, or every ground unit and marker with an id."""
    index = network.index
    found = []
    for unit in scenario.units:
        if unit.kind is UnitKind.GROUND and (wanted is None or unit.id in wanted):
            found.append(_Item(unit.id, index.position[unit.hex], unit.faction, unit.nationality, unit, None))
    for marker in scenario.markers:
        if (
            marker.id is not None
            and marker.nationality is not None
            and marker.faction is not None
            and (wanted is None or marker.id in wanted)
        ):
            found.append(_Item(marker.id, index.position[marker.hex], marker.faction, marker.nationality, None, marker))
    return found


class _Group:
    """Items sharing faction, nationality, overland requirement (and location, for one Partisan reading)."""

    def __init__(self, network: Network, view: FactionView, sources: list[Source], overland: bool, limit: int) -> None:
        self.network = network
        self.view = view
        self.sources = sources
        self.overland = overland
        self.limit = limit
        self.usable = {source.node: source for source in sources if not source.blockers}
        self.label, self.toward, self.how = strict_search(view, list(self.usable), overland, limit)
        self._relaxed: Relaxed | None = None

    def first_move(self, start: int) -> tuple[int, int, Move] | None:
        """(free hexes, first node, move) of the line from ``start`` with the fewest free hexes, or ``None``."""
        network, view, label = self.network, self.view, self.label
        best: tuple[int, int, Move] | None = None
        for target, move in network.transport_out[start]:
            if label[target] == 0 and view.move_allowed(start, target, move, self.overland):
                return 0, target, move
        if start < network.index.hex_count:
            for target in network.free[start]:
                needed = label[target]
                if needed < self.limit and (best is None or needed + 1 < best[0]):
                    best = (needed + 1, target, Move.FREE)
        return best

    def path(self, start: int, first: int, move: Move) -> list[tuple[int, Move | None]]:
        nodes: list[tuple[int, Move | None]] = [(start, None), (first, move)]
        toward, how = self.toward, self.how
        node = first
        while toward[node] != -1:
            nodes.append((toward[node], _MOVES[how[node]]))
            node = toward[node]
        return nodes

    def nearest(self, starts: list[int], start: int) -> tuple[int, list[tuple[int, Move | None]]] | None:
        """(restrictions broken, line) of the line from ``start`` breaking the fewest restrictions."""
        if self._relaxed is None:
            self._relaxed = relaxed_search(self.view, self.sources, self.overland, starts, self.limit)
        relaxed = self._relaxed
        best = best_relaxed(self.view, relaxed, start, self.overland)
        if best is None:
            return None
        cost, state, move = best
        nodes: list[tuple[int, Move | None]] = [(start, None), (state // relaxed.states, move)]
        parent, how, states = relaxed.parent, relaxed.move, relaxed.states
        while parent[state] != -1:
            nodes.append((parent[state] // states, _MOVES[how[state]]))
            state = parent[state]
        return cost, nodes


_MOVES = tuple(sorted(Move))
"""Each move by its number (a line's moves are stored as bytes; looking one up here is quicker than ``Move(n)``)."""


def _describe_line(
    network: Network, item: _Item, nodes: list[tuple[int, Move | None]], devastated: set[int]
) -> list[Step]:
    """The steps explaining a strict line (sea legs, east edge, negated EZOC, devastation on a transport line)."""
    return [_line_summary(network.index, item, nodes), *_leg_steps(network, item, nodes, devastated)]


def _line_summary(index: MapIndex, item: _Item, nodes: list[tuple[int, Move | None]]) -> Step:
    """What a line is made of: its free hexes, hexes along transport lines, sea zones and off-map boxes."""
    names = index.names
    free: list[str] = []
    zones: list[str] = []
    boxes: list[str] = []
    transport = 0
    for node, move in nodes:
        if move is Move.RAIL:
            transport += 1
        elif move is Move.FREE:
            free.append(names[node])
        elif move is Move.EMBARK or move is Move.SAIL:
            zones.append(names[node])
        elif move is Move.ENTER_BOX or move is Move.BOX_LINK:
            boxes.append(names[node])
    parts = [
        message(
            N_plural("{count} free hex ({hexes})", "{count} free hexes ({hexes})"),
            count=len(free),
            hexes=", ".join(free),
        )
        if free
        else message("0 free hexes")
    ]
    if transport:
        parts.append(
            message(
                N_plural("{count} hex along transport lines", "{count} hexes along transport lines"), count=transport
            )
        )
    if zones:
        parts.append(message("sea zones {zones}", zones=", ".join(zones)))
    if boxes:
        parts.append(
            message("off-map boxes {boxes}", boxes=MessageList(tuple(message("{box}", box=box) for box in boxes)))
        )
    return Step(
        "us.10-2",
        "{item}: the line runs from {start} (not counted): {parts}, to {source}",
        {
            "item": item.id,
            "start": index.names[nodes[0][0]],
            "parts": MessageList(tuple(parts), "; "),
            "source": index.names[nodes[-1][0]],
        },
    )


def _leg_steps(network: Network, item: _Item, nodes: list[tuple[int, Move | None]], devastated: set[int]) -> list[Step]:
    """The line's legs that need a word: negated EZOC, devastation, sea legs, box links, the east edge."""
    index, zmap = network.index, network.zmap
    steps = []
    hex_count, ezoc_hexes = index.hex_count, zmap.sources
    for position, (node, move) in enumerate(nodes[1:], start=1):
        if node in ezoc_hexes and node < hex_count and zmap.in_ezoc(node, item.faction):
            friend = zmap.friendly_unit(node, item.faction)
            steps.append(
                Step(
                    "us.10-2-1.ezoc",
                    "{hex} contains EZOC, negated by friendly unit {friend}",
                    {"hex": index.names[node], "friend": friend.id if friend else "?"},
                )
            )
        if move is Move.RAIL:
            # most of a line runs along transport lines: one test, and on to the next node
            if devastated and (node in devastated or nodes[position - 1][0] in devastated):
                steps.append(
                    Step(
                        "us.10-2",
                        "the Devastation marker in {hex} does not stop the transport line",
                        {"hex": index.names[node if node in devastated else nodes[position - 1][0]]},
                    )
                )
            continue
        if move is Move.EMBARK:
            steps.append(
                Step(
                    "us.10-2",
                    "from open port {port} into sea zone {zone}",
                    {"port": index.names[nodes[position - 1][0]], "zone": index.names[node]},
                )
            )
        if move in (Move.EMBARK, Move.SAIL):
            if item.faction is Faction.WESTERN_ALLIES:
                steps.append(
                    Step(
                        "us.10-2",
                        "sea zone {zone} has an open port; the Western Allies need no convoy",
                        {"zone": index.names[node]},
                    )
                )
            else:
                steps.append(
                    Step(
                        "us.10-2",
                        "sea zone {zone} has an open port and a {faction} supply convoy",
                        {"zone": index.names[node], "faction": item.faction.value},
                    )
                )
        if move is Move.LAND:
            steps.append(
                Step(
                    "us.10-2",
                    "to open port {port}; a line through sea zones counts as a transport line",
                    {"port": index.names[node]},
                )
            )
        if move is Move.BOX_LINK:
            steps.append(
                Step(
                    "us.10-2",
                    "directly between off-map boxes {a} and {b}, where movement is permitted",
                    {"a": index.names[nodes[position - 1][0]], "b": index.names[node]},
                )
            )
        if move is Move.ENTER_BOX and index.box(node).kind is BoxKind.SOVIET_INTERIOR:
            steps.append(
                Step(
                    "us.10-2.soviet-interior",
                    "the line reaches {hex} on the east edge: it counts as reaching the Soviet Interior box",
                    {"hex": index.names[nodes[position - 1][0]]},
                )
            )
    return steps


def _names(names: Sequence[str], separator: str = ", ") -> Message:
    """Hex or sea-zone names as one point of :func:`_diagnose` (each name a field value: an id, not English)."""
    return message("{node}", node=MessageList(tuple(message("{node}", node=name) for name in names), separator))


def _diagnose(
    network: Network, group: _Group, item: _Item, nodes: list[tuple[int, Move | None]]
) -> list[tuple[Message, list[Step], tuple[str, ...]]]:
    """Each point where the nearest line breaks a restriction, in order along the line: its label, the reasons
    there, and the nodes it names (for the picture's break marks).

    A point is named by its hex, its hexside (``A1 → A2``) or the free hexes beyond the limit (``A3, A4``).
    """
    view, index = group.view, network.index
    points: list[tuple[Message, list[Step], tuple[str, ...]]] = []
    free: list[str] = []
    source = next((s for s in group.sources if s.node == nodes[-1][0]), None)
    for position, (node, move) in enumerate(nodes[1:], start=1):
        origin = nodes[position - 1][0]
        crossing: list[Step] = []
        if move is Move.FREE:
            free.append(index.names[node])
            crossing.extend(side for other, side in network.blocked_sides.get(origin, ()) if other == node)
        elif move is not None:
            crossing.extend(view.move_violations(origin, node, move, group.overland))
        if crossing:
            side = (index.names[origin], index.names[node])
            points.append((_names(side, " → "), crossing, side))
        if not view.admissible[node]:
            reasons = list(view.reasons(node))
            if source is not None and source.node == node and source.blockers:
                # the enemy piece that stops the source (10.1.1) is named there once, not twice
                reasons = [step for step in reasons if step.rule != "us.10-2-1.enemy-units"]
            if reasons:
                points.append((_names((index.names[node],)), reasons, (index.names[node],)))
    if source is not None and source.blockers:
        points.append((_names((index.names[source.node],)), list(source.blockers), (index.names[source.node],)))
    if len(free) > group.limit:
        beyond = free[group.limit :]
        if group.limit == FREE_HEXES:
            why = Step(
                "us.10-2",
                "the line reaches a transport line or the source only at its hex {count} ({hexes}); it must reach "
                "one within its first two hexes, the unit's hex not counted",
                {"count": len(free), "hexes": ", ".join(free)},
            )
        else:
            why = step(
                "us.10-2",
                N_plural(
                    "the line crosses {count} hex off transport lines ({hexes}) before it reaches a transport line "
                    "or the source; at most two may be off them",
                    "the line crosses {count} hexes off transport lines ({hexes}) before it reaches a transport line "
                    "or the source; at most two may be off them",
                ),
                count=len(free) - 1,
                hexes=", ".join(free[:-1]),
            )
        points.append((_names(beyond), [why], tuple(beyond)))
    return points


ELIGIBILITY_REACH = FREE_HEXES + 1
"""Cities and box edges within this many hexes of an unsupplied item are named when they are not its sources."""


def _not_sources(network: Network, item: _Item, sources: list[Source]) -> list[Step]:
    """Why the cities and off-map boxes near an unsupplied item are not its sources (10.1): the deciding rule."""
    index = network.index
    if item.node >= index.hex_count:
        return []
    own = {source.node for source in sources}
    # the hexes within reach, by rings of neighbours: at most 37, whatever the size of the map
    near, ring = {item.node}, [item.node]
    for _ in range(ELIGIBILITY_REACH):
        ring = [other for hex_ in ring for other in index.neighbours(hex_) if other not in near]
        near.update(ring)
    steps: list[Step] = []
    boxes: set[int] = set()
    for hex_ in sorted(near):
        boxes.update(index.entry_boxes.get(hex_, ()))
        for zone in index.port_zones.get(hex_, ()):
            boxes.update(port for port in index.zone_ports[zone - index.hex_count] if index.is_box(port))
        cell = index.hexes[hex_]
        if cell.city is None or cell.country is None or hex_ in own:
            continue
        if item.nationality == Nationality.USA:
            steps.append(
                Step(
                    "us.10-1.eastern-us-canada",
                    "{city} ({hex}) is not a supply source of {item}: US units draw supply only from the "
                    "Eastern US/Canada box",
                    {"city": cell.city, "hex": cell.id, "item": item.id},
                )
            )
        elif cell.country != item.nationality:
            steps.append(
                Step(
                    "us.10-1.city",
                    "{city} ({hex}) is a city of {country}, not of the home country of {item} ({nationality}): "
                    "not its supply source",
                    {
                        "city": cell.city,
                        "hex": cell.id,
                        "country": country_word(cell.country) if cell.country else cell.country,
                        "item": item.id,
                        "nationality": country_word(item.nationality),
                    },
                )
            )
    for node in sorted(boxes - own):
        box = index.box(node)
        if box.kind is BoxKind.SOVIET_INTERIOR:
            steps.append(
                Step(
                    "us.10-1.soviet-interior",
                    "the Soviet Interior box ({box}) supplies Soviet units only: not a supply source of {item} "
                    "({nationality})",
                    {"box": box.id, "item": item.id, "nationality": country_word(item.nationality)},
                )
            )
        elif box.kind is BoxKind.EASTERN_US_CANADA:
            steps.append(
                Step(
                    "us.10-1.eastern-us-canada",
                    "the Eastern US/Canada box ({box}) supplies British and US units only: not a supply source of "
                    "{item} ({nationality})",
                    {"box": box.id, "item": item.id, "nationality": country_word(item.nationality)},
                )
            )
    return steps


def _no_source(item: _Item, index_has_eus: bool) -> Step:
    if item.nationality == Nationality.USA:
        return Step(
            "us.10-1.eastern-us-canada",
            "the Eastern US/Canada box is the only supply source of US units{and}",
            {"and": "" if index_has_eus else ", and the map has none"},
        )
    return Step(
        "us.10-1",
        "{item} ({nationality}) has no supply source here: no city of its home country, no friendly Partisan Base of "
        "its minor country, "
        "no off-map box that supplies it",
        {"item": item.id, "nationality": country_word(item.nationality)},
    )


def _trace_items(
    network: Network, scenario: SupplyScenario, items: list[_Item], overland_ids: set[str]
) -> dict[str, ItemSupply]:
    index = network.index
    by_location = scenario.readings.partisan_base is PartisanBaseReading.UNITS_IN_COUNTRY
    groups: dict[tuple[Faction, str, bool, str | None], list[_Item]] = {}
    for item in items:
        located = index.hexes[item.node].country if by_location and item.node < index.hex_count else None
        groups.setdefault((item.faction, item.nationality, item.id in overland_ids, located), []).append(item)
    has_eus = any(box.kind is BoxKind.EASTERN_US_CANADA for box in index.boxes)
    devastated = {index.position[m.hex] for m in network.pieces.markers if m.kind is MarkerKind.DEVASTATION}
    results: dict[str, ItemSupply] = {}
    made: dict[tuple[int, LegKind], PathStep] = {}
    for (faction, nationality, overland, located), members in groups.items():
        view = network.view(faction)
        sources = view.sources(nationality, located, by_location)
        group = _Group(network, view, sources, overland, scenario.readings.free_hexes)
        unsupplied = []
        for item in members:
            found = _supplied(network, group, item, faction, nationality, overland, devastated, made)
            if found is None:
                unsupplied.append(item)
            else:
                results[item.id] = found
        starts = [item.node for item in unsupplied]
        for item in unsupplied:
            results[item.id] = _unsupplied(
                network, group, sources, item, faction, nationality, overland, starts, has_eus, made
            )
    return results


def _supplied(
    network: Network,
    group: _Group,
    item: _Item,
    faction: Faction,
    nationality: str,
    overland: bool,
    devastated: set[int],
    made: dict[tuple[int, LegKind], PathStep],
) -> ItemSupply | None:
    """The supply of an item in a source, or with a line to one; None when no line reaches a source."""
    index = network.index
    overland_step = (
        [
            Step(
                "us.10-2.overland-supply",
                "{item} needs overland supply: the line may not pass through a sea zone or between off-map boxes",
                {"item": item.id},
            )
        ]
        if overland
        else []
    )
    if item.node in group.usable:
        source = group.usable[item.node]
        reasons = [
            Step(
                source.rule,
                "{item} is in {source}, its supply source",
                {"item": item.id, "source": source.description},
            )
        ]
        return ItemSupply(
            item.id,
            index.names[item.node],
            faction,
            nationality,
            overland,
            True,
            index.names[item.node],
            (PathStep(index.names[item.node], LegKind.START),),
            0,
            None,
            (),
            tuple(overland_step + reasons),
        )
    first = group.first_move(item.node)
    if first is None:
        return None
    free, target, move = first
    nodes = group.path(item.node, target, move)
    source = group.usable[nodes[-1][0]]
    reasons = [
        Step(
            source.rule,
            "{source} is a supply source of {item}",
            {"source": source.description, "item": item.id},
        )
    ]
    reasons += _describe_line(network, item, nodes, devastated)
    path = _path_steps(network, nodes, made)
    return ItemSupply(
        item.id,
        index.names[item.node],
        faction,
        nationality,
        overland,
        True,
        index.names[nodes[-1][0]],
        path,
        free,
        None,
        (),
        tuple(overland_step + reasons),
    )


def _unsupplied(
    network: Network,
    group: _Group,
    sources: list[Source],
    item: _Item,
    faction: Faction,
    nationality: str,
    overland: bool,
    starts: list[int],
    has_eus: bool,
    made: dict[tuple[int, LegKind], PathStep],
) -> ItemSupply:
    """Why an item is not supplied: no source, no line at all, or where the line that comes nearest fails."""
    index = network.index
    head = Step("us.10-2", "{item} in {hex} is not supplied", {"item": item.id, "hex": index.names[item.node]})
    overland_step = (
        [Step("us.10-2.overland-supply", "{item} needs overland supply", {"item": item.id})] if overland else []
    )

    def not_supplied(
        why: tuple[Step, ...],
        broken: int | None = None,
        path: tuple[PathStep, ...] = (),
        break_points: tuple[BreakPoint, ...] = (),
    ) -> ItemSupply:
        steps = (head, *overland_step, *why, *_not_sources(network, item, sources))
        return ItemSupply(
            id=item.id,
            hex=index.names[item.node],
            faction=faction,
            nationality=nationality,
            overland=overland,
            supplied=False,
            source=None,
            path=(),
            free_hexes=None,
            restrictions_broken=broken,
            nearest_path=path,
            reasons=steps,
            breaks=break_points,
        )

    if not sources:
        return not_supplied((_no_source(item, has_eus),))
    nearest = group.nearest(starts, item.node)
    if nearest is None:
        return not_supplied(
            (
                Step(
                    "us.10-2",
                    "no line of any kind joins {hex} to a supply source of {item}",
                    {"hex": index.names[item.node], "item": item.id},
                ),
            )
        )
    broken, nodes = nearest
    path = _path_steps(network, nodes, made)
    points = _diagnose(network, group, item, nodes)
    lead = step(
        "us.10-2",
        N_plural(
            "the line that comes nearest ({path}) fails at {count} point ({points})",
            "the line that comes nearest ({path}) fails at {count} points ({points})",
        ),
        path=MessageList(tuple(message("{node}", node=leg.node) for leg in path), " → "),
        count=len(points),
        points=MessageList(tuple(label for label, _, _ in points), "; "),
    )
    return not_supplied(
        (lead, *(why for _, reasons, _ in points for why in reasons)),
        broken,
        path,
        tuple(BreakPoint(nodes, tuple(dict.fromkeys(why.rule for why in reasons))) for _, reasons, nodes in points),
    )


_NEEDS: dict[Purpose, tuple[str, UnitType | None, str]] = {
    Purpose.AIR_NAVAL_BASE: ("us.10-3.air-naval-base", None, N_("serve as an Air and/or Naval Base")),
    Purpose.COMBINE: ("us.10-3.organization-segment", None, N_("combine in the Organization Segment")),
    Purpose.MOVEMENT_PHASE: ("us.10-3.movement-phase", None, N_("move in the Movement Phase")),
    Purpose.AIRBORNE_LANDING: (
        "us.10-3.airborne-landing",
        UnitType.AIRBORNE,
        N_("carry out a landing in the Blitz Combat Segment"),
    ),
    Purpose.AIRBORNE_DEFENCE: (
        "us.10-3.airborne-defence",
        UnitType.AIRBORNE,
        N_("go over to the defensive in the Blitz Combat Segment"),
    ),
    Purpose.TANK_SHIFT: (
        "us.10-3.tank-shift",
        UnitType.ARMOR,
        N_("give a shift on the battle table in the Blitz Combat Segment"),
    ),
    Purpose.HQ_SUPPORT: (
        "us.10-3.hq-support",
        UnitType.HQ,
        N_("give support in combat and a shift on the battle table"),
    ),
    Purpose.OFFENSIVE_ADVANCE: ("us.10-3.offensive-advance", None, N_("carry out an offensive or an advance")),
}
"""What each purpose but the deployment site needs: its rule, the unit type it concerns (None: any unit), the doing."""


def _check(
    network: Network,
    scenario: SupplyScenario,
    check: SupplyCheck,
    supply: ItemSupply,
    overland_supply: ItemSupply | None,
) -> CheckVerdict:
    """Answer one 10.3 question from the item's supply."""
    index, pieces = network.index, network.pieces
    unit = pieces.unit_by_id.get(check.item)
    marker = next((m for m in scenario.markers if m.id == check.item), None)
    steps: list[Step] = []
    supplied = supply.supplied
    said = N_("supplied") if supplied else N_("not supplied")

    def answer(allowed: bool | None) -> CheckVerdict:
        return CheckVerdict(check.item, check.purpose, allowed, tuple(steps))

    purpose = check.purpose
    if purpose is Purpose.DEPLOYMENT_SITE:
        return _deployment_site(network, check, unit, marker, supply, overland_supply)
    rule, unit_type, doing = _NEEDS[purpose]
    if unit is None or (unit_type is not None and unit.type is not unit_type):
        steps.append(
            Step(
                rule,
                "{item} is not {kind}: the rule does not concern it",
                {
                    "item": check.item,
                    "kind": _OF_TYPE[unit_type] if unit_type else N_("a unit"),
                },
            )
        )
        return answer(None)
    steps.append(
        Step(
            rule, "{item} must be supplied to {doing}: it is {said}", {"item": check.item, "doing": doing, "said": said}
        )
    )
    allowed = supplied
    if purpose is Purpose.COMBINE:
        node = index.position[unit.hex]
        air = [u.id for u in pieces.units_in(node) if u.kind is UnitKind.AIR and u.faction is not unit.faction]
        if air:
            steps.append(
                Step(rule, "enemy air units ({units}) are in its hex: it cannot combine", {"units": ", ".join(air)})
            )
            allowed = False
        if not supplied:
            steps.append(Step(rule, "an unsupplied unit may convert into a fortress or break down"))
    if purpose is Purpose.MOVEMENT_PHASE and not supplied:
        steps.append(Step(rule, "an unsupplied unit may move in the Reserve Movement Phase"))
    if purpose is Purpose.AIR_NAVAL_BASE:
        node = index.position[unit.hex]
        if node < index.hex_count and index.hexes[node].ice and index.weather_at(node) is Weather.SNOW:
            steps.append(
                Step("us.11-4", "{hex} is an ice hex in snow: it cannot count as a Naval Base", {"hex": unit.hex})
            )
            allowed = False
    return answer(allowed)


def _deployment_site(
    network: Network,
    check: SupplyCheck,
    unit: Unit | None,
    marker: Marker | None,
    supply: ItemSupply,
    overland_supply: ItemSupply | None,
) -> CheckVerdict:
    """Whether the item may be a deployment site: an HQ, the SHAEF or a Logistics marker, each on its condition."""
    index = network.index
    steps: list[Step] = []
    supplied = supply.supplied
    said = N_("supplied") if supplied else N_("not supplied")

    def answer(allowed: bool | None) -> CheckVerdict:
        return CheckVerdict(check.item, check.purpose, allowed, tuple(steps))

    if unit is not None and unit.type is UnitType.HQ and unit.ss:
        assert overland_supply is not None
        ok = overland_supply.supplied
        steps.append(
            Step(
                "us.10-3.ss-hq-deployment",
                "the SS HQ {item} must be supplied overland to be a deployment site (it may be outside the home "
                "country): it is {said}",
                {"item": check.item, "said": N_("supplied overland") if ok else N_("not supplied overland")},
            )
        )
        return answer(ok)
    if unit is not None and unit.type is UnitType.HQ:
        node = index.position[unit.hex]
        country = index.hexes[node].country if node < index.hex_count else None
        home = country == unit.nationality
        steps.append(
            Step(
                "us.10-3.hq-deployment",
                "the HQ {item} must be supplied and in its home country to be a deployment site: it is {said} and "
                "{where}",
                {
                    "item": check.item,
                    "said": said,
                    "where": N_("in its home country")
                    if home
                    else message("in {country}", country=country_word(country))
                    if country
                    else N_("in no country"),
                },
            )
        )
        return answer(supplied and home)
    if marker is not None and marker.kind is MarkerKind.SHAEF:
        steps.append(
            Step(
                "us.10-3.shaef-deployment",
                "the SHAEF marker must be supplied to be a deployment site: it is {said}",
                {"said": said},
            )
        )
        return answer(supplied)
    if (
        marker is not None
        and marker.kind is MarkerKind.LOGISTICS
        and marker.nationality in (Nationality.GERMANY, Nationality.USSR)
    ):
        assert overland_supply is not None
        ok = overland_supply.supplied
        steps.append(
            Step(
                "us.10-3.logistics-deployment",
                "the {nationality} Logistics marker must be supplied overland to be a deployment site: it is {said}",
                {
                    "nationality": marker.nationality,
                    "said": N_("supplied overland") if ok else N_("not supplied overland"),
                },
            )
        )
        return answer(ok)
    steps.append(Step("us.10-3", "these rules set no deployment-site condition for {item}", {"item": check.item}))
    return answer(None)


def _network(scenario: SupplyScenario) -> Network:
    index = scenario.map.index
    pieces = Pieces(index, scenario.units, scenario.markers)
    return Network(
        index,
        pieces,
        ZocMap(pieces, ZocReadings(mountains=scenario.readings.mountains, air_units=scenario.readings.air_units)),
    )


@contextmanager
def _collector_paused() -> Iterator[None]:
    """Pause Python's cyclic garbage collector for one map-wide pass, then restore it as it was.

    The pass makes hundreds of thousands of small tuples (neighbour lists, transport
    edges, lines) and no cycles it needs collected while it runs; on a map of 100,000
    hexes the collector would otherwise walk every hex object several times (a fifth of
    the time of ``rulebook bench supply``). Reference counting still frees everything as
    usual; a collector that was already off stays off.
    """
    was_enabled = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if was_enabled:
            gc.enable()


def evaluate_supply(scenario: SupplyScenario) -> SupplyResult:
    """Trace the supply of every item map-wide and answer the 10.3 checks."""
    with _collector_paused():
        return _evaluate_supply(scenario)


def _evaluate_supply(scenario: SupplyScenario) -> SupplyResult:
    network = _network(scenario)
    builder = TraceBuilder()
    if scenario.readings.distance is DistanceReading.WITHIN_TWO_HEXES:
        builder.add(
            "us.10-2",
            "reading: a line reaches a transport line or its source within its first two hexes (the unit's hex not "
            "counted), "
            "then stays on transport lines, sea zones and box links; the restrictions of 10.2.1 apply to every hex it "
            "enters, the source's too",
        )
    else:
        builder.add(
            "us.10-2",
            "reading: a line may cross two hexes off transport lines (the unit's hex not counted) and reach a "
            "transport line or its source in the next, then stays on transport lines, sea zones and box links "
            "(option readings.distance); the restrictions of 10.2.1 apply to every hex it enters, the source's too",
        )
    air = [unit.id for unit in scenario.units if unit.kind is not UnitKind.GROUND]
    if air:
        if scenario.readings.air_units is AirUnitReading.NEGATE:
            builder.add(
                "us.10-2-1.ezoc",
                "reading: a friendly air unit alone ({units}) negates EZOC on a supply line like any friendly unit "
                "(option readings.air_units)",
                units=", ".join(air),
            )
        else:
            builder.add(
                "us.10-2-1.ezoc",
                "reading: only a friendly ground unit negates EZOC on a supply line; air units ({units}) do not "
                "(option readings.air_units)",
                units=", ".join(air),
            )
    if scenario.readings.partisan_base is PartisanBaseReading.UNITS_IN_COUNTRY and any(
        m.kind is MarkerKind.PARTISAN_BASE for m in scenario.markers
    ):
        builder.add(
            "us.10-1.partisan-base",
            "reading: a Partisan Base supplies every unit located in its minor country (option readings.partisan_base)",
        )
    elif any(m.kind is MarkerKind.PARTISAN_BASE for m in scenario.markers):
        builder.add(
            "us.10-1.partisan-base",
            "reading: a Partisan Base supplies the units and markers of the minor country it lies in",
        )
    wanted = set(scenario.only) | {check.item for check in scenario.checks} if scenario.only else None
    items = _items(scenario, network, wanted)
    overland_ids = set(scenario.overland)
    traced = _trace_items(network, scenario, items, overland_ids)
    units = {unit.id: unit for unit in scenario.units}
    markers = {marker.id: marker for marker in scenario.markers if marker.id is not None}
    needs_overland = set()
    for check in scenario.checks:
        unit, marker = units.get(check.item), markers.get(check.item)
        if (
            check.purpose is Purpose.DEPLOYMENT_SITE
            and check.item not in overland_ids
            and (
                (unit is not None and unit.type is UnitType.HQ and unit.ss)
                or (
                    marker is not None
                    and marker.kind is MarkerKind.LOGISTICS
                    and marker.nationality in (Nationality.GERMANY, Nationality.USSR)
                )
            )
        ):
            needs_overland.add(check.item)
    overland_traced = {key: value for key, value in traced.items() if key in overland_ids}
    if needs_overland:
        overland_traced.update(
            _trace_items(network, scenario, _items(scenario, network, needs_overland), needs_overland)
        )
    ordered = tuple(traced[item.id] for item in items if not scenario.only or item.id in scenario.only)
    for entry in ordered:
        builder.extend(Trace(entry.reasons))
    verdicts = []
    for check in scenario.checks:
        verdict = _check(network, scenario, check, traced[check.item], overland_traced.get(check.item))
        verdicts.append(verdict)
        builder.extend(Trace(verdict.steps))
    return SupplyResult(
        {entry.id: entry.supplied for entry in ordered},
        ordered,
        tuple(verdicts),
        {f"{v.item} {v.purpose.value}": v.allowed for v in verdicts},
        builder.build(),
    )


CALCULATORS = (
    Calculator(
        name="supply",
        label=N_("Supply lines"),
        title=(
            "Unconditional Surrender!: is each unit in supply, along which line, "
            "and if not, which hex breaks it under which rule"
        ),
        scenario=SupplyScenario,
        evaluate=evaluate_supply,
        games=("unconditional-surrender",),
    ),
)
