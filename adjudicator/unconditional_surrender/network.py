"""The supply network of Unconditional Surrender!: where a supply line may go, and the searches over it.

Game: Unconditional Surrender! (service rules; source ``002_14e02d87786a9df7.txt``,
Russian). :mod:`adjudicator.unconditional_surrender.supply` builds its answers from this module, which
implements:

- ``us.10-1.*`` and ``us.10-1-1`` — the supply sources of a unit or marker (a city
  in its home country; a friendly Partisan Base in its minor country; the Eastern
  US/Canada box for British and US units, the only source of US units; the
  Soviet Interior box for Soviet units), each unusable while its hex holds an
  enemy unit or marker or any Devastation marker;
- ``us.10-2`` — the line: the unit's hex is not counted; the first two hexes
  may be any hexes the restrictions allow; from a transport line on, any
  distance along transport lines; port to port through sea zones that each have
  an open port (a port with a Devastation marker, or next to a sea zone with an
  enemy support unit, is not open), with a supply convoy of the faction for the
  Axis and the Soviets; directly between linked off-map boxes; sea zones and box
  links count as transport lines; the east edge counts as the Soviet Interior;
  overland supply uses neither sea zones nor box links;
- ``us.10-2-1.*`` — a line never enters an impassable hex, a hex of a neutral
  state or its dependent, a sea hex without a friendly Beachhead, EZOC without a
  friendly unit, a hex with an enemy unit, Detachment or Logistics, or a hex with
  a city or port in an enemy country (Dependents and conquered Western-Allied
  minor countries excepted) not under friendly control;
- ``us.11-4`` — in snow an ice hex is not an Open Port.

Readings (the entries' notes), stated in the supply trace: the line must reach a
transport line or the source within its first two hexes and then stays on
transport lines (sea zones, box links) to the source; the restrictions apply to
every hex the line enters, the source's hex included; a line does not cross an
impassable or sea hexside (it would pass through impassable terrain or sea);
a box bordering a sea zone is a port of that zone; a Partisan Base supplies the
units of the minor country it lies in (or, as an option, every unit located in
that country).

Search: one reverse multi-source 0-1 BFS per group of items that share sources
and restrictions (faction, nationality, overland or not — not one per unit). Its
states are (node, free hexes still needed): 0 on the transport network that
reaches a source (0-cost edges: transport lines, port → sea zone → port, box
links, the east edge), 1 or 2 one free (1-cost) step further out; a state with 0
dominates the others, so each node is settled once: ``O(N + E)`` time and memory
per group for ``N`` hexes, zones and boxes and ``E`` adjacencies and transport
links, ``O(G·(N + E) + I·d)`` for ``G`` groups and ``I`` items of degree ``d``.
For the items left unsupplied, a second search per group (Dial's bucket queue
over (node, free hexes used ∈ 0..3) states, cost = restrictions broken) finds the
line that breaks the fewest restrictions: ``O(4·(N + E) + C)`` for the largest
cost ``C`` needed, stopping as soon as every unsupplied item has its answer.
The tests compare the map-wide pass with a plain per-unit forward search
(``tests/adjudicator/unconditional_surrender/forward_search.py``).
"""

from __future__ import annotations

import enum
from collections import deque
from dataclasses import dataclass

from adjudicator.messages import N_, Message, message
from adjudicator.trace import Step
from adjudicator.unconditional_surrender.hexmap import (
    MARKER_WORDS,
    BoxKind,
    CountryKind,
    Faction,
    HexsideFeature,
    MapIndex,
    MarkerKind,
    Nationality,
    Pieces,
    Terrain,
    Weather,
    country_word,
)
from adjudicator.unconditional_surrender.zoc import ZocMap

__all__ = [
    "FREE_HEXES",
    "FactionView",
    "Move",
    "Network",
    "Relaxed",
    "Source",
    "relaxed_search",
    "strict_search",
]

FREE_HEXES = 2
"""Hexes of a line that need not be on a transport line (10.2)."""


class Move(enum.IntEnum):
    """How a line goes from one node to the next."""

    FREE = 0
    RAIL = 1
    EMBARK = 2
    SAIL = 3
    LAND = 4
    ENTER_BOX = 5
    LEAVE_BOX = 6
    BOX_LINK = 7


_NOT_OVERLAND = frozenset({Move.EMBARK, Move.SAIL, Move.LAND, Move.BOX_LINK})
_SIDE_RULES = {
    HexsideFeature.IMPASSABLE: ("us.10-2-1.impassable-neutral", "impassable"),
    HexsideFeature.SEA: ("us.10-2-1.sea-hexes", "sea"),
}


@dataclass(frozen=True)
class Source:
    """A supply source of an item (10.1) and what, if anything, stops its use (10.1.1)."""

    node: int
    rule: str
    """The entry that makes it a source."""
    description: Message
    blockers: tuple[Step, ...]
    """Why it cannot be used (10.1.1); empty when it can."""


class Network:
    """The static part of the supply network of one scenario (map, units, markers, ZOC)."""

    def __init__(self, index: MapIndex, pieces: Pieces, zmap: ZocMap) -> None:
        self.index = index
        self.pieces = pieces
        self.zmap = zmap
        hexes = index.hex_count
        self.node_count = index.node_count
        # edges by node in dictionaries: most hexes have none, and 100,000 empty lists cost more than the edges
        out: dict[int, list[tuple[int, Move]]] = {}
        rail = Move.RAIL
        for hex_, partners in enumerate(index.rails):
            if partners:
                out[hex_] = [(partner, rail) for partner in partners]
        for port, zones in index.port_zones.items():
            for zone in zones:
                out.setdefault(port, []).append((zone, Move.EMBARK))
                out.setdefault(zone, []).append((port, Move.LAND))
        for number, links in enumerate(index.zone_links):
            out.setdefault(hexes + number, []).extend((other, Move.SAIL) for other in links)
        for number, entries in enumerate(index.box_entries):
            box = index.first_box + number
            for entry in entries:
                out.setdefault(entry, []).append((box, Move.ENTER_BOX))
                out.setdefault(box, []).append((entry, Move.LEAVE_BOX))
            out.setdefault(box, []).extend((other, Move.BOX_LINK) for other in index.box_links[number])
        empty: tuple[tuple[int, Move], ...] = ()
        self.transport_out: list[tuple[tuple[int, Move], ...]] = [empty] * index.node_count
        incoming: dict[int, list[tuple[int, Move]]] = {}
        for node in sorted(out):
            edges = out[node]
            self.transport_out[node] = tuple(edges)
            for target, move in edges:
                incoming.setdefault(target, []).append((node, move))
        self.transport_in: list[tuple[tuple[int, Move], ...]] = [empty] * index.node_count
        for node, edges in incoming.items():
            self.transport_in[node] = tuple(edges)
        self.free: list[tuple[int, ...]] = list(index.neighbour_lists)
        """Hexes a free step may go to from each hex (not across impassable or sea hexsides,
        unless a transport line crosses it).
        """
        self.blocked_sides: dict[int, tuple[tuple[int, Step], ...]] = {}
        """Per hex, the neighbours behind an impassable or sea hexside, with the restriction crossing it breaks."""
        for (hex_, other), feature in index.features.items():
            if feature not in _SIDE_RULES or other in index.rails[hex_]:
                continue
            rule, what = _SIDE_RULES[feature]
            self.free[hex_] = tuple(n for n in self.free[hex_] if n != other)
            self.blocked_sides[hex_] = self.blocked_sides.get(hex_, ()) + (
                (
                    other,
                    Step(
                        rule,
                        "the line would cross the {what} hexside between {a} and {b}",
                        {"what": what, "a": index.names[hex_], "b": index.names[other]},
                    ),
                ),
            )
        self.static_reasons: dict[int, tuple[Step, ...]] = {}
        self.sea_hexes: list[int] = []
        self.city_or_port_hexes: list[int] = []
        self.cities_of: dict[str, list[int]] = {}
        countries = index.countries
        neutral = {
            name
            for name, country in countries.items()
            if country.faction is Faction.NEUTRAL
            or (country.dependent_of in countries and countries[country.dependent_of or ""].faction is Faction.NEUTRAL)
        }
        sea, impassable = Terrain.SEA, Terrain.IMPASSABLE
        for hex_, cell in enumerate(index.hexes):
            terrain, country, city = cell.terrain, cell.country, cell.city
            if terrain is sea:
                self.sea_hexes.append(hex_)
            elif terrain is impassable:
                self.static_reasons[hex_] = (
                    Step("us.10-2-1.impassable-neutral", "{hex} is an impassable hex", {"hex": cell.id}),
                )
            if country in neutral:
                self.static_reasons[hex_] = self.static_reasons.get(hex_, ()) + (
                    Step(
                        "us.10-2-1.impassable-neutral",
                        "{hex} lies in {country}, a neutral state or a dependent of one",
                        {"hex": cell.id, "country": country_word(country)},
                    ),
                )
            if city is not None or cell.port:
                self.city_or_port_hexes.append(hex_)
                if city is not None and country is not None:
                    self.cities_of.setdefault(country, []).append(hex_)
        self._views: dict[Faction, FactionView] = {}

    def view(self, faction: Faction) -> FactionView:
        """What a line of ``faction`` may enter (built once per faction)."""
        if faction not in self._views:
            self._views[faction] = FactionView(self, faction)
        return self._views[faction]

    def name(self, node: int) -> str:
        """Hex, sea zone or box id of a node."""
        return self.index.names[node]


_Reason = tuple[str, str, dict[str, object]]
"""A restriction broken: entry id, English template, parameters (turned into a Step only when shown)."""


class FactionView:
    """The network as one faction's supply lines see it: admissible nodes, open ports, usable sea zones."""

    def __init__(self, network: Network, faction: Faction) -> None:
        self.network = network
        self.faction = faction
        index, pieces = network.index, network.pieces
        self.beachheads = {
            index.position[m.hex] for m in pieces.markers if m.kind is MarkerKind.BEACHHEAD and m.faction is faction
        }
        self.closed_ports: dict[int, tuple[Step, ...]] = {}
        devastated = {index.position[m.hex] for m in pieces.markers if m.kind is MarkerKind.DEVASTATION}
        enemy_support = {
            index.hex_count + number
            for number, zone in enumerate(index.zones)
            if any(other is not faction for other in zone.support_units)
        }
        for port, zones in index.port_zones.items():
            why: list[Step] = []
            name = index.names[port]
            if port in devastated:
                why.append(Step("us.10-2", "port {port} holds a Devastation marker: it is not open", {"port": name}))
            for zone in zones:
                if zone in enemy_support:
                    why.append(
                        Step(
                            "us.10-2",
                            "sea zone {zone} next to port {port} holds an enemy support unit: the port is not open",
                            {"zone": index.names[zone], "port": name},
                        )
                    )
            if port < index.hex_count and index.hexes[port].ice and index.weather_at(port) is Weather.SNOW:
                why.append(Step("us.11-4", "port {port} is an ice hex in snow: it is not an Open Port", {"port": name}))
            if why:
                self.closed_ports[port] = tuple(why)
        # a hex in ZOC is a candidate only when an enemy unit extends it (friendly ZOC breaks no restriction)
        enemy_zoc = {
            hex_ for hex_, units in network.zmap.sources.items() if any(unit.faction is not faction for unit in units)
        }
        candidates = set(network.static_reasons) | set(network.sea_hexes) | enemy_zoc | set(network.city_or_port_hexes)
        candidates |= {hex_ for hex_ in pieces.units_at if hex_ < index.hex_count} | set(pieces.markers_at)
        candidates |= set(range(index.hex_count, index.first_box))
        admissible = bytearray(b"\x01") * index.node_count
        # the two commonest reasons decided without the words of _reasons: a static restriction, and EZOC
        # without a friendly unit; every other candidate gets the full list
        for node in network.static_reasons:
            admissible[node] = 0
        for node in enemy_zoc:
            if network.zmap.friendly_unit(node, faction) is None:
                admissible[node] = 0
        for node in candidates:
            if admissible[node] and self._reasons(node):
                admissible[node] = 0
        self.admissible = admissible

    def reasons(self, node: int) -> tuple[Step, ...]:
        """Every restriction of 10.2.1 (and 10.2 for sea zones) that keeps a line of this faction out of ``node``."""
        return tuple(Step(rule, template, params) for rule, template, params in self._reasons(node))

    def _reasons(self, node: int) -> list[_Reason]:
        network, faction = self.network, self.faction
        index, pieces = network.index, network.pieces
        found: list[_Reason] = [
            (step.rule, step.template, step.params) for step in network.static_reasons.get(node, ())
        ]
        name = index.names[node]
        if index.is_zone(node):
            number = node - index.hex_count
            zone = index.zones[number]
            if not any(port not in self.closed_ports for port in index.zone_ports[number]):
                found.append(("us.10-2", N_("sea zone {zone} has no open port"), {"zone": zone.id}))
            if faction is not Faction.WESTERN_ALLIES and faction not in zone.convoys:
                found.append(
                    (
                        "us.10-2",
                        N_("sea zone {zone} holds no {faction} supply convoy (the Axis and the Soviets need one)"),
                        {"zone": zone.id, "faction": faction.value},
                    )
                )
            return found
        if index.is_box(node):
            return found
        cell = index.hexes[node]
        if cell.terrain is Terrain.SEA and node not in self.beachheads:
            found.append(("us.10-2-1.sea-hexes", N_("{hex} is a sea hex without a friendly Beachhead"), {"hex": name}))
        units = pieces.units_in(node)
        creators = [unit.id for unit in network.zmap.sources.get(node, ()) if unit.faction is not faction]
        if creators and network.zmap.friendly_unit(node, faction) is None:
            found.append(
                (
                    "us.10-2-1.ezoc",
                    N_("{hex} contains EZOC (of {units}) and no friendly unit"),
                    {"hex": name, "units": ", ".join(creators)},
                )
            )
        for unit in units:
            if unit.faction is not faction:
                found.append(
                    ("us.10-2-1.enemy-units", N_("{hex} holds enemy unit {unit}"), {"hex": name, "unit": unit.id})
                )
        for marker in pieces.markers_in(node):
            if marker.kind in (MarkerKind.DETACHMENT, MarkerKind.LOGISTICS) and marker.faction not in (None, faction):
                found.append(
                    (
                        "us.10-2-1.enemy-units",
                        N_("{hex} holds an enemy {marker} marker"),
                        {"hex": name, "marker": MARKER_WORDS[marker.kind]},
                    )
                )
        if cell.city is not None or cell.port:
            country = index.country_of(node)
            if (
                country is not None
                and country.faction not in (faction, Faction.NEUTRAL)
                and country.dependent_of is None
                and not (
                    country.kind is CountryKind.MINOR
                    and country.conquered
                    and country.faction is Faction.WESTERN_ALLIES
                )
                and index.controller(node) is not faction
            ):
                what = (
                    N_("a city and a port") if cell.city and cell.port else N_("a city") if cell.city else N_("a port")
                )
                found.append(
                    (
                        "us.10-2-1.enemy-cities-ports",
                        N_("{hex} has {what} in enemy country {country} and is not under friendly control"),
                        {"hex": name, "what": what, "country": country_word(country.id)},
                    )
                )
        return found

    def move_allowed(self, origin: int, target: int, move: Move, overland: bool) -> bool:
        """A strict line may go from ``origin`` to ``target`` by ``move`` (``target`` admissible too)."""
        if not self.admissible[target]:
            return False
        if overland and move in _NOT_OVERLAND:
            return False
        if move is Move.EMBARK and origin in self.closed_ports:
            return False
        return not (move is Move.LAND and target in self.closed_ports)

    def move_violations(self, origin: int, target: int, move: Move, overland: bool) -> tuple[Step, ...]:
        """Restrictions a move itself breaks (not counting the node it enters)."""
        index = self.network.index
        broken: list[Step] = []
        if overland and move in _NOT_OVERLAND:
            what = N_("between off-map boxes") if move is Move.BOX_LINK else N_("through a sea zone")
            broken.append(
                Step(
                    "us.10-2.overland-supply",
                    "overland supply is required, so the line may not go {what} ({a} → {b})",
                    {"what": what, "a": index.names[origin], "b": index.names[target]},
                )
            )
        if move is Move.EMBARK and origin in self.closed_ports:
            broken.extend(self.closed_ports[origin])
        if move is Move.LAND and target in self.closed_ports:
            broken.extend(self.closed_ports[target])
        return tuple(broken)

    def sources(self, nationality: str, located_in: str | None, by_location: bool) -> list[Source]:
        """The supply sources of a ``nationality`` item of this faction (10.1), with their 10.1.1 blockers."""
        index, pieces, faction = self.network.index, self.network.pieces, self.faction
        found: list[Source] = []
        if nationality != Nationality.USA:
            for hex_ in self.network.cities_of.get(nationality, ()):
                cell = index.hexes[hex_]
                found.append(
                    Source(
                        hex_,
                        "us.10-1.city",
                        message(
                            "city {city} ({hex}) in the home country {country}",
                            city=cell.city,
                            hex=cell.id,
                            country=country_word(nationality),
                        ),
                        self._blockers(hex_),
                    )
                )
            wanted = located_in if by_location else nationality
            for marker in pieces.markers:
                if marker.kind is not MarkerKind.PARTISAN_BASE or marker.faction is not faction:
                    continue
                hex_ = index.position[marker.hex]
                country = index.country_of(hex_)
                if country is None or country.kind is not CountryKind.MINOR or country.id != wanted:
                    continue
                found.append(
                    Source(
                        hex_,
                        "us.10-1.partisan-base",
                        message(
                            "the Partisan Base in {hex} (minor country {country})",
                            hex=marker.hex,
                            country=country_word(country.id),
                        ),
                        self._blockers(hex_),
                    )
                )
        for number, box in enumerate(index.boxes):
            node = index.first_box + number
            if box.kind is BoxKind.EASTERN_US_CANADA and nationality in (Nationality.BRITAIN, Nationality.USA):
                found.append(
                    Source(
                        node, "us.10-1.eastern-us-canada", message("the Eastern US/Canada box ({box})", box=box.id), ()
                    )
                )
            if box.kind is BoxKind.SOVIET_INTERIOR and nationality == Nationality.USSR:
                found.append(
                    Source(node, "us.10-1.soviet-interior", message("the Soviet Interior box ({box})", box=box.id), ())
                )
        return found

    def _blockers(self, hex_: int) -> tuple[Step, ...]:
        """Why a city or Partisan Base in ``hex_`` cannot be a source (10.1.1)."""
        index, pieces, faction = self.network.index, self.network.pieces, self.faction
        name = index.names[hex_]
        blockers = []
        for unit in pieces.units_in(hex_):
            if unit.faction is not faction:
                blockers.append(
                    Step(
                        "us.10-1-1",
                        "{hex} holds enemy unit {unit}: not a supply source",
                        {"hex": name, "unit": unit.id},
                    )
                )
        for marker in pieces.markers_in(hex_):
            if marker.kind is MarkerKind.DEVASTATION:
                blockers.append(
                    Step("us.10-1-1", "{hex} holds a Devastation marker: not a supply source", {"hex": name})
                )
            elif marker.faction is not None and marker.faction is not faction:
                blockers.append(
                    Step(
                        "us.10-1-1",
                        "{hex} holds an enemy {marker} marker: not a supply source",
                        {"hex": name, "marker": MARKER_WORDS[marker.kind]},
                    )
                )
        return tuple(blockers)


def strict_search(
    view: FactionView, sources: list[int], overland: bool, limit: int = FREE_HEXES
) -> tuple[bytearray, list[int], bytearray]:
    """Reverse 0-1 BFS from ``sources``: per node the free hexes a line from it still needs (0–limit, else limit + 1).

    ``limit`` is the free hexes a line may have, the hex where it joins a transport line
    or reaches the source included: 2 under the default reading of 10.2, 3 when two hexes
    off the transport lines are allowed before it (the readings of
    :class:`~adjudicator.unconditional_surrender.supply.DistanceReading`).

    Returns ``(label, toward, move)``: ``toward[n]`` is the next node of the line
    from ``n`` towards a source and ``move[n]`` how it gets there.
    """
    network = view.network
    count, hexes = network.node_count, network.index.hex_count
    label = bytearray([limit + 1]) * count
    toward = [-1] * count
    how = bytearray(count)
    admissible, closed = view.admissible, view.closed_ports
    transport_in, free = network.transport_in, network.free
    queue: deque[int] = deque()
    for source in sources:
        if admissible[source] and label[source]:
            label[source] = 0
            queue.append(source)
    rail, embark, land, free_move = Move.RAIL, Move.EMBARK, Move.LAND, int(Move.FREE)
    while queue:
        node = queue.popleft()
        needed = label[node]
        if needed == 0:
            for origin, move in transport_in[node]:
                if label[origin] == 0 or not admissible[origin]:
                    continue
                if move is not rail:
                    if overland and move in _NOT_OVERLAND:
                        continue
                    if (move is embark and origin in closed) or (move is land and node in closed):
                        continue
                label[origin] = 0
                toward[origin] = node
                how[origin] = move
                queue.appendleft(origin)
        if needed < limit and node < hexes:
            further = needed + 1
            for origin in free[node]:
                if label[origin] <= further or not admissible[origin]:
                    continue
                label[origin] = further
                toward[origin] = node
                how[origin] = free_move
                queue.append(origin)
    return label, toward, how


@dataclass(frozen=True)
class Relaxed:
    """The result of :func:`relaxed_search`: cost per (node, free hexes) state, and the way back to a source."""

    cost: list[int]
    parent: list[int]
    move: bytearray
    states: int = FREE_HEXES + 2
    """States per node: free hexes used after it, ``0..limit + 1`` (the last: more than the limit)."""


_INFINITY = 1 << 30


def relaxed_search(
    view: FactionView, sources: list[Source], overland: bool, starts: list[int], limit: int = FREE_HEXES
) -> Relaxed:
    """Dial's search for lines breaking the fewest restrictions, from ``sources`` until every start is settled.

    A state is never queued once its node has been expanded with as few free hexes used
    or fewer: it could only be skipped when taken from its bucket, and it never gives a
    cheaper line than the state that dominates it (the answers are the same, the work less).
    """
    network = view.network
    count, hexes = network.node_count, network.index.hex_count
    per_node = limit + 2
    top = per_node - 1
    states = count * per_node
    cost = [_INFINITY] * states
    parent = [-1] * states
    how = bytearray(states)
    penalty = view.admissible.translate(_FLIP)
    closed = view.closed_ports
    transport_in, free, blocked_sides = network.transport_in, network.free, network.blocked_sides
    expanded = bytearray([per_node]) * count
    buckets: list[list[int]] = [[] for _ in range(4)]
    rail, embark, land = Move.RAIL, Move.EMBARK, Move.LAND
    for source in sources:
        value = (1 if source.blockers else 0) + penalty[source.node]
        state = source.node * per_node
        if value < cost[state]:
            cost[state] = value
            buckets[value].append(state)
    pending = set(starts)
    current = 0
    while current < len(buckets):
        if len(buckets) < current + 5:
            buckets.extend([] for _ in range(4))
        bucket = buckets[current]
        take = bucket.pop
        while bucket:
            state = take()
            if cost[state] != current:
                continue
            node = state // per_node
            used = state - node * per_node
            if expanded[node] <= used:
                continue
            expanded[node] = used
            if used == 0:
                for origin, move in transport_in[node]:
                    if not expanded[origin]:
                        continue
                    value = current + penalty[origin]
                    if move is not rail:
                        if overland and move in _NOT_OVERLAND:
                            value += 1
                        if (move is embark and origin in closed) or (move is land and node in closed):
                            value += 1
                    target = origin * per_node
                    if value < cost[target]:
                        cost[target] = value
                        parent[target] = state
                        how[target] = move
                        buckets[value].append(target)
            if node < hexes:
                further = used + 1
                base = current + 1 if further > limit else current
                slot = further if further < top else top
                # a free step enters a state with slot ≥ 1, whose move stays FREE (0) as initialised
                for origin in free[node]:
                    if expanded[origin] <= slot:
                        continue
                    value = base + penalty[origin]
                    target = origin * per_node + slot
                    if value < cost[target]:
                        cost[target] = value
                        parent[target] = state
                        buckets[value].append(target)
                if node in blocked_sides:
                    for origin, _ in blocked_sides[node]:
                        if expanded[origin] <= slot:
                            continue
                        value = base + penalty[origin] + 1
                        target = origin * per_node + slot
                        if value < cost[target]:
                            cost[target] = value
                            parent[target] = state
                            buckets[value].append(target)
        settled = [start for start in pending if _best_relaxed(view, cost, start, overland, limit)[0] <= current + 1]
        pending.difference_update(settled)
        if not pending:
            break
        current += 1
        if current >= len(buckets) or not any(buckets[current:]):
            break
    return Relaxed(cost, parent, how, per_node)


_FLIP = bytes([1, 0]) + bytes(254)
"""Translation table of an admissibility bytearray into the penalty of entering each node (0 → 1, 1 → 0)."""


def _best_relaxed(
    view: FactionView, cost: list[int], start: int, overland: bool, limit: int = FREE_HEXES
) -> tuple[int, int, Move]:
    """(cost, state of the first node, first move) of the cheapest relaxed line from ``start``."""
    network = view.network
    per_node = limit + 2
    best, first, how = _INFINITY, -1, Move.FREE
    for target, move in network.transport_out[start]:
        value = cost[target * per_node] + len(view.move_violations(start, target, move, overland))
        if value < best:
            best, first, how = value, target * per_node, move
    if start < network.index.hex_count:
        sides = [(target, 0) for target in network.free[start]] + [
            (target, 1) for target, _ in network.blocked_sides.get(start, ())
        ]
        for target, side in sides:
            for used in range(per_node):
                value = cost[target * per_node + used] + side + (1 if used + 1 > limit else 0)
                if value < best:
                    best, first, how = value, target * per_node + used, Move.FREE
    return best, first, how


def best_relaxed(view: FactionView, relaxed: Relaxed, start: int, overland: bool) -> tuple[int, int, Move] | None:
    """(restrictions broken, first state, first move) of the line from ``start`` breaking the fewest, or ``None``."""
    best = _best_relaxed(view, relaxed.cost, start, overland, relaxed.states - 2)
    return None if best[0] >= _INFINITY else best
