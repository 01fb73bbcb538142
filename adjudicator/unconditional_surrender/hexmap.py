"""Hex maps of Unconditional Surrender!: the board the supply, ZOC and stacking calculators share.

Game: Unconditional Surrender! (service rules; source ``002_14e02d87786a9df7.txt``,
Russian). This module holds the map vocabulary those rules speak of and checks a
map and its pieces for consistency; the rules themselves live in
:mod:`adjudicator.unconditional_surrender.zoc`, :mod:`adjudicator.unconditional_surrender.stacking`,
:mod:`adjudicator.unconditional_surrender.supply` and :mod:`adjudicator.unconditional_surrender.weather`. Entries
whose terms are modelled here:

- ``us.5`` — hexside features across which ZOC does not extend (mountain,
  impassable, sea, strait);
- ``us.6`` — off-map boxes (no stacking there);
- ``us.8`` — the two weather areas (Normal, Desert) and the weather of each;
- ``us.9-1`` — hexes with the small «4» box;
- ``us.10-1``/``us.10-2`` — cities, ports, transport lines, sea zones with their
  ports, convoys and support units, off-map boxes and the links between them,
  the map's east edge (the Soviet Interior box's entry hexes);
- ``us.10-2-1`` — impassable and sea hexes, neutral states and their dependents,
  enemy countries, conquered minor countries, control of hexes;
- markers: Detachment, Logistics, Devastation, Partisan Base, Beachhead, SHAEF.

Coordinates are axial ``(q, r)`` (cube ``s = -q - r``), pointy-top hexes. A map
is validated as a whole and every problem is reported at once
(:class:`~adjudicator.plain.InvalidScenario`): duplicate hex ids or coordinates,
unknown countries, hexsides or transport lines between hexes that are not
adjacent, a sea zone listing a hex that is not a port, unknown boxes or zones.
:func:`check_pieces` does the same for units and markers (a unit on an unknown
hex, a duplicate unit id, an unknown nationality).

>>> board = HexMap(hexes=(Hex("a", 0, 0), Hex("b", 1, 0)), countries=(Country("germany", Faction.AXIS),))
>>> board.index.neighbours(board.index.position["a"]) == (board.index.position["b"],)
True
>>> HexMap(hexes=(Hex("a", 0, 0), Hex("a", 0, 1)))
Traceback (most recent call last):
...
adjudicator.plain.InvalidScenario: hexes.1.id: duplicate hex id (got 'a')
"""

from __future__ import annotations

import enum
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from functools import cached_property
from typing import Any

from adjudicator.errors import ScenarioError
from adjudicator.limits import MAP_HEXES, MAP_UNITS, SizeLimit
from adjudicator.messages import N_, Message, N_context, message
from adjudicator.plain import InvalidScenario, Partial, PlainHooks, part
from adjudicator.unconditional_surrender.numbering import (
    HexNumbering,
    expand_map,
    widen_entry_hexes_schema,
    widen_hex_schema,
    widen_map_schema,
)

__all__ = [
    "FACTION_WORDS",
    "MARKER_WORDS",
    "WEATHER_WORDS",
    "AXIAL_DIRECTIONS",
    "COORDINATE_LIMIT",
    "DESERT_COUNTRIES",
    "MAP_SIZE_LIMITS",
    "BoxKind",
    "Country",
    "CountryKind",
    "Faction",
    "Hex",
    "HexMap",
    "Hexside",
    "HexsideFeature",
    "MapIndex",
    "MapNames",
    "Marker",
    "MarkerKind",
    "Nationality",
    "OffMapBox",
    "Pieces",
    "SeaZone",
    "Terrain",
    "TransportLine",
    "Unit",
    "UnitKind",
    "UnitType",
    "Weather",
    "WeatherArea",
    "axial_distance",
    "check_pieces",
    "country_word",
]

AXIAL_DIRECTIONS: tuple[tuple[int, int], ...] = ((1, 0), (1, -1), (0, -1), (-1, 0), (-1, 1), (0, 1))
"""The six neighbour offsets of an axial hex, east first, counter-clockwise."""


MAP_SIZE_LIMITS = (
    SizeLimit("map.hexes", MAP_HEXES, N_("hexes"), N_("draw a smaller part of the map")),
    SizeLimit(
        "units",
        MAP_UNITS,
        N_context("units placed on an Unconditional Surrender! map", "units"),
        N_("place fewer units"),
    ),
)
"""The fields of a scenario of a map with units whose cost grows with their size (:mod:`adjudicator.limits`)."""

_OFFSETS = tuple((dq << 21) + dr for dq, dr in AXIAL_DIRECTIONS)
COORDINATE_LIMIT = 1 << 20
"""Axial coordinates must lie strictly between -2²⁰ and 2²⁰."""


def axial_distance(a: tuple[int, int], b: tuple[int, int]) -> int:
    """Hex distance between two axial coordinates.

    >>> axial_distance((0, 0), (2, -1))
    2
    """
    dq, dr = a[0] - b[0], a[1] - b[1]
    return (abs(dq) + abs(dr) + abs(dq + dr)) // 2


class Faction(enum.Enum):
    """The players (8.1: every unit not belonging to the player is an enemy); ``neutral`` for neutral states."""

    AXIS = "axis"
    WESTERN_ALLIES = "western-allies"
    SOVIETS = "soviets"
    NEUTRAL = "neutral"


FACTION_WORDS = {
    Faction.AXIS: N_("axis"),
    Faction.WESTERN_ALLIES: N_("western-allies"),
    Faction.SOVIETS: N_("soviets"),
    Faction.NEUTRAL: N_("neutral"),
}
"""Each faction as a catalog word, the same English as its value: a value shown in a trace is translated."""


class CountryKind(enum.Enum):
    """Major powers and minor countries (9.0.1 and 10.1 treat minor countries apart)."""

    MAJOR = "major"
    MINOR = "minor"


class Terrain(enum.Enum):
    """Terrain of a hex; only ``sea`` and ``impassable`` (10.2.1) and ``mountain`` (5, one reading) matter here."""

    CLEAR = "clear"
    ROUGH = "rough"
    FOREST = "forest"
    MOUNTAIN = "mountain"
    SWAMP = "swamp"
    SEA = "sea"
    IMPASSABLE = "impassable"


class HexsideFeature(enum.Enum):
    """Hexside features across which ZOC does not extend (5)."""

    MOUNTAIN = "mountain"
    IMPASSABLE = "impassable"
    SEA = "sea"
    STRAIT = "strait"


class WeatherArea(enum.Enum):
    """The two weather areas of the map (8)."""

    NORMAL = "normal"
    DESERT = "desert"


class Weather(enum.Enum):
    """Weather of an area in a turn: clear, or one of the three kinds of bad weather (8)."""

    CLEAR = "clear"
    MUD = "mud"
    STORM = "storm"
    SNOW = "snow"


WEATHER_WORDS = {
    Weather.CLEAR: N_("clear"),
    Weather.MUD: N_("mud"),
    Weather.STORM: N_("storm"),
    Weather.SNOW: N_("snow"),
}
"""Each weather as a catalog word, the same English as its value: a value shown in a trace is translated."""


class BoxKind(enum.Enum):
    """Off-map boxes the supply rules name (10.1); ``other`` for any further box."""

    EASTERN_US_CANADA = "eastern-us-canada"
    SOVIET_INTERIOR = "soviet-interior"
    OTHER = "other"


class MarkerKind(enum.Enum):
    """Markers on the map that the service rules mention."""

    DETACHMENT = "detachment"
    LOGISTICS = "logistics"
    DEVASTATION = "devastation"
    PARTISAN_BASE = "partisan-base"
    BEACHHEAD = "beachhead"
    SHAEF = "shaef"


MARKER_WORDS = {
    MarkerKind.DETACHMENT: N_("Detachment"),
    MarkerKind.LOGISTICS: N_("Logistics"),
    MarkerKind.DEVASTATION: N_("Devastation"),
    MarkerKind.PARTISAN_BASE: N_("Partisan Base"),
    MarkerKind.BEACHHEAD: N_("Beachhead"),
    MarkerKind.SHAEF: N_("SHAEF"),
}
"""Each marker's name as the rules print it, one catalog word (the same in every step that names it)."""


class UnitKind(enum.Enum):
    """Ground units create ZOC (5) and stack (6); air and naval units do neither."""

    GROUND = "ground"
    AIR = "air"
    NAVAL = "naval"


class UnitType(enum.Enum):
    """Unit types the stacking (9.0.1) and supply-effect (10.3) rules name."""

    INFANTRY = "infantry"
    ARMOR = "armor"
    AIRBORNE = "airborne"
    HQ = "hq"
    FORTRESS = "fortress"
    OTHER = "other"


class Nationality:
    """Country ids the rules name; a map's countries must use these ids for those nations."""

    BRITAIN = "britain"
    USA = "usa"
    USSR = "ussr"
    GERMANY = "germany"
    FRANCE = "france"
    BELGIUM_HOLLAND = "belgium-holland"
    FINLAND = "finland"
    SWEDEN = "sweden"


_COUNTRY_NAMES = {
    Nationality.BRITAIN: N_("Britain"),
    Nationality.USA: N_("USA"),
    Nationality.USSR: N_("USSR"),
    Nationality.GERMANY: N_("Germany"),
    Nationality.FRANCE: N_("France"),
    Nationality.BELGIUM_HOLLAND: N_("Belgium-Holland"),
    Nationality.FINLAND: N_("Finland"),
    Nationality.SWEDEN: N_("Sweden"),
    "hungary": N_("Hungary"),
    "norway": N_("Norway"),
    "poland": N_("Poland"),
    "romania": N_("Romania"),
    "yugoslavia": N_("Yugoslavia"),
}
"""Names of the nations the rules name, and of minor countries of the game's map that scenarios use as ids."""


def country_word(country_id: str) -> str:
    """A country as shown in a trace: the name of a country of the game (a catalog word), else the map's id.

    >>> country_word("britain"), country_word("egypt")
    ('Britain', 'egypt')
    """
    return _COUNTRY_NAMES.get(country_id, country_id)


DESERT_COUNTRIES: frozenset[str] = frozenset({"egypt", "iraq", "kuwait", "libya", "palestine", "syria", "transjordan"})
"""Countries whose land hexes form the Desert weather area (8)."""


@dataclass(frozen=True)
class Country:
    """A country of the map (home country of its units, neutral state, minor country …)."""

    id: str
    """The country's name as the hexes and units give it."""
    faction: Faction
    """The player the country belongs to; neutral for a neutral state."""
    kind: CountryKind = CountryKind.MAJOR
    """Major power or minor country."""
    dependent_of: str | None = None
    """The country this one is a Dependent of, if any (10.2.1)."""
    conquered: bool = False
    """The country has been conquered (10.2.1 exempts conquered Western-Allied minor countries)."""
    weather_area: WeatherArea | None = None
    """Weather area of its land hexes; by default Desert for the countries 8 lists, else Normal."""

    @property
    def area(self) -> WeatherArea:
        """The weather area of the country's land hexes (8)."""
        if self.weather_area is not None:
            return self.weather_area
        return WeatherArea.DESERT if self.id in DESERT_COUNTRIES else WeatherArea.NORMAL


@dataclass(frozen=True)
class Hex(PlainHooks):
    """One hex of the map."""

    id: str
    """The hex's name: its number as printed on the map (e1027) or any unique label."""
    q: int
    """Axial column (given by the printed number when the board's numbering is set and this is left out)."""
    r: int
    """Axial row (given by the printed number when the board's numbering is set and this is left out)."""
    terrain: Terrain = Terrain.CLEAR
    """Terrain of the hex."""
    country: str | None = None
    """Country the hex lies in (none for sea hexes)."""
    city: str | None = None
    """Name of the city in the hex, if there is one."""
    port: bool = False
    """The hex has a port (listed by the sea zones it borders)."""
    stacking_box_4: bool = False
    """The hex shows the small «4» box (9.1)."""
    controlled_by: Faction | None = None
    """Faction controlling the hex; by default its country's faction."""
    ice: bool = False
    """An ice hex (11.4: in snow it is neither a Naval Base nor an Open Port)."""

    @staticmethod
    def extend_json_schema(schema: dict[str, Any]) -> None:
        """A map's ``hexes`` also take hexes by printed number or place alone, and regions (``rect``)."""
        widen_hex_schema(schema)


@dataclass(frozen=True)
class Hexside:
    """A feature on the side between two adjacent hexes."""

    between: tuple[str, str]
    """The two hex ids."""
    feature: HexsideFeature
    """What the hexside is."""


@dataclass(frozen=True)
class TransportLine:
    """A transport line (rail) through consecutive adjacent hexes (10.2)."""

    hexes: tuple[str, ...]
    """The hexes in order; each is adjacent to the next."""
    name: str = ""
    """Optional name shown in explanations."""


@dataclass(frozen=True)
class SeaZone:
    """A sea zone: its ports, adjacent zones, convoys and support units (10.2)."""

    id: str
    """The zone's name (Baltic Sea)."""
    ports: tuple[str, ...] = ()
    """The port hexes on this zone (each must be marked as a port)."""
    adjacent: tuple[str, ...] = ()
    """Sea zones adjacent to this one (adjacency is symmetric)."""
    convoys: tuple[Faction, ...] = ()
    """Factions with a supply-type convoy in the zone."""
    support_units: tuple[Faction, ...] = ()
    """Factions with support (air/naval) units in the zone."""


@dataclass(frozen=True)
class OffMapBox(PlainHooks):
    """An off-map box and its links (6, 10.1, 10.2)."""

    id: str
    """Box id, distinct from every hex id."""
    kind: BoxKind = BoxKind.OTHER
    """Which box it is."""
    entry_hexes: tuple[str, ...] = ()
    """Map hexes a supply line reaching the box passes through (for the Soviet Interior: the east edge)."""
    sea_zones: tuple[str, ...] = ()
    """Sea zones in which the box counts as a port."""
    links: tuple[str, ...] = ()
    """Boxes to which movement between boxes is permitted (symmetric)."""

    @staticmethod
    def extend_json_schema(schema: dict[str, Any]) -> None:
        """``entry_hexes`` also take regions, ``{rect: [from, to]}``."""
        widen_entry_hexes_schema(schema)


def _collect(
    problems: list[ScenarioError], path: str, expected: str, found: object = ScenarioError._NOTHING, **fields: object
) -> None:
    """Add a problem: ``expected`` is a template marked ``N_`` at the call, ``fields`` its values."""
    problems.append(ScenarioError(path, expected, found, **fields))


def _numbering_problems(hexes: Sequence[Hex], numbering: HexNumbering) -> list[ScenarioError]:
    """Each hex whose id is not the printed number of its place: with a numbering, ids are printed numbers."""
    problems: list[ScenarioError] = []
    for number, hex_ in enumerate(hexes):
        try:
            printed = numbering.number(hex_.q, hex_.r)
        except ScenarioError as error:
            _collect(problems, f"hexes.{number}", N_("hex {hex!r}: {problem}"), hex=hex_.id, problem=error.problem)
            continue
        if printed == hex_.id:
            continue
        try:
            q, r = numbering.axial(hex_.id)
        except ScenarioError:
            _collect(
                problems,
                f"hexes.{number}.id",
                N_(
                    "with the map's numbering a hex's id is its printed number: write {printed!r} for q={q}, r={r} "
                    "(a name can go in city)"
                ),
                hex_.id,
                printed=printed,
                q=hex_.q,
                r=hex_.r,
            )
            continue
        _collect(
            problems,
            f"hexes.{number}",
            N_(
                "hex {hex!r} lies at q={q}, r={r} by the map's numbering, not at q={given_q}, r={given_r}: leave q "
                "and r out, or correct them"
            ),
            hex=hex_.id,
            q=q,
            r=r,
            given_q=hex_.q,
            given_r=hex_.r,
        )
    return problems


@dataclass(frozen=True)
class HexMap(PlainHooks):
    """A map: hexes, hexsides, countries, transport lines, sea zones, off-map boxes and the weather.

    >>> try:
    ...     HexMap(hexes=(Hex("a", 0, 0, country="atlantis"),), sea_zones=(SeaZone("x", ports=("a", "b")),))
    ... except InvalidScenario as invalid:
    ...     print(invalid)
    hexes.0.country: hex 'a' lies in an unknown country; expected one of the map's countries (got 'atlantis')
    sea_zones.0.ports.0: sea zone 'x' lists hex 'a', which is not a port; expected hexes marked as ports
    sea_zones.0.ports.1: sea zone 'x' lists an unknown hex (got 'b')
    """

    hexes: tuple[Hex, ...]
    """Every hex of the map."""
    countries: tuple[Country, ...] = ()
    """Every country hexes or units refer to (off-map ones such as the USA included)."""
    hexsides: tuple[Hexside, ...] = ()
    """Hexside features."""
    transport_lines: tuple[TransportLine, ...] = ()
    """Transport lines."""
    sea_zones: tuple[SeaZone, ...] = ()
    """Sea zones."""
    boxes: tuple[OffMapBox, ...] = ()
    """Off-map boxes."""
    weather: dict[WeatherArea, Weather] = field(default_factory=dict)
    """Weather of each area this turn; an area not listed has clear weather."""
    numbering: HexNumbering | None = None
    """How the board prints its hex numbers; with it, hexes are named by their numbers and regions by rect."""

    @staticmethod
    def extend_json_schema(schema: dict[str, Any]) -> None:
        """Without ``numbering``, every hex has ``id``, ``q`` and ``r`` and no region."""
        widen_map_schema(schema)

    @classmethod
    def expand_plain(cls, data: Any) -> tuple[Any, list[ScenarioError], Callable[[str], str | None]]:
        """The map's plain data with printed numbers and regions written out (:mod:`.numbering`)."""
        expanded = expand_map(data)
        return expanded.data, expanded.problems, expanded.origin

    def __post_init__(self) -> None:
        problems: list[ScenarioError] = []
        if self.numbering is not None:
            problems.extend(_numbering_problems(self.hexes, self.numbering))
        countries = self._check_countries(problems)
        self._check_hexes(problems, countries)
        by_id = {hex_.id: hex_ for hex_ in self.hexes}
        self._check_lines(problems, by_id)
        self._check_sea_zones_and_boxes(problems, by_id)
        if problems:
            raise InvalidScenario(problems)

    def _check_countries(self, problems: list[ScenarioError]) -> dict[str, Country]:
        """Country ids unique, each dependent of a known country; returns the countries by id."""
        countries: dict[str, Country] = {}
        for number, country in enumerate(self.countries):
            if country.id in countries:
                _collect(problems, f"countries.{number}.id", N_("duplicate country id"), country.id)
            countries.setdefault(country.id, country)
        for number, country in enumerate(self.countries):
            if country.dependent_of is not None and country.dependent_of not in countries:
                _collect(
                    problems,
                    f"countries.{number}.dependent_of",
                    N_("country {country!r} is a dependent of an unknown country"),
                    country.dependent_of,
                    country=country.id,
                )
        return countries

    def _check_hexes(self, problems: list[ScenarioError], countries: dict[str, Country]) -> None:
        """Hex ids and coordinates unique and in range, each hex in a known country."""
        ids: set[str] = set()
        coordinates: dict[tuple[int, int], str] = {}
        for number, hex_ in enumerate(self.hexes):
            if hex_.id in ids:
                _collect(problems, f"hexes.{number}.id", N_("duplicate hex id"), hex_.id)
            ids.add(hex_.id)
            where = (hex_.q, hex_.r)
            if max(abs(hex_.q), abs(hex_.r)) >= COORDINATE_LIMIT:
                _collect(
                    problems,
                    f"hexes.{number}",
                    N_("hex {hex!r}: coordinates must lie between -{limit} and {limit}"),
                    where,
                    hex=hex_.id,
                    limit=COORDINATE_LIMIT - 1,
                )
            if where in coordinates and coordinates[where] != hex_.id:
                _collect(
                    problems,
                    f"hexes.{number}",
                    N_("hex {hex!r} has the same coordinates as hex {other!r}"),
                    where,
                    hex=hex_.id,
                    other=coordinates[where],
                )
            coordinates.setdefault(where, hex_.id)
            if hex_.country is not None and hex_.country not in countries:
                _collect(
                    problems,
                    f"hexes.{number}.country",
                    N_("hex {hex!r} lies in an unknown country; expected one of the map's countries"),
                    hex_.country,
                    hex=hex_.id,
                )

    def _check_lines(self, problems: list[ScenarioError], by_id: dict[str, Hex]) -> None:
        """Hexsides and transport lines between known, adjacent hexes."""

        def adjacent(a: str, b: str) -> bool:
            return axial_distance((by_id[a].q, by_id[a].r), (by_id[b].q, by_id[b].r)) == 1

        for number, side in enumerate(self.hexsides):
            unknown = [name for name in side.between if name not in by_id]
            for name in unknown:
                _collect(problems, f"hexsides.{number}.between", N_("hexside between an unknown hex"), name)
            if not unknown and not adjacent(*side.between):
                _collect(
                    problems,
                    f"hexsides.{number}.between",
                    N_("a hexside lies between two adjacent hexes"),
                    list(side.between),
                )
        for number, line in enumerate(self.transport_lines):
            for position, name in enumerate(line.hexes):
                if name not in by_id:
                    _collect(
                        problems,
                        f"transport_lines.{number}.hexes.{position}",
                        N_("transport line through an unknown hex"),
                        name,
                    )
            for position, (a, b) in enumerate(zip(line.hexes, line.hexes[1:]), start=1):
                if a in by_id and b in by_id and not adjacent(a, b):
                    _collect(
                        problems,
                        f"transport_lines.{number}.hexes.{position}",
                        N_("consecutive hexes of a transport line must be adjacent; {a!r} and {b!r} are not"),
                        b,
                        a=a,
                        b=b,
                    )

    def _check_sea_zones_and_boxes(self, problems: list[ScenarioError], by_id: dict[str, Hex]) -> None:
        """Sea zones with known port hexes and neighbours; off-map boxes with their own ids and known neighbours."""
        zone_ids = {zone.id for zone in self.sea_zones}
        box_ids = {box.id for box in self.boxes}
        for number, zone in enumerate(self.sea_zones):
            for position, port in enumerate(zone.ports):
                if port not in by_id:
                    _collect(
                        problems,
                        f"sea_zones.{number}.ports.{position}",
                        N_("sea zone {zone!r} lists an unknown hex"),
                        port,
                        zone=zone.id,
                    )
                elif not by_id[port].port:
                    _collect(
                        problems,
                        f"sea_zones.{number}.ports.{position}",
                        N_("sea zone {zone!r} lists hex {hex!r}, which is not a port; expected hexes marked as ports"),
                        zone=zone.id,
                        hex=port,
                    )
            for position, other in enumerate(zone.adjacent):
                if other not in zone_ids:
                    _collect(
                        problems,
                        f"sea_zones.{number}.adjacent.{position}",
                        N_("sea zone {zone!r} is adjacent to an unknown sea zone"),
                        other,
                        zone=zone.id,
                    )
        for number, box in enumerate(self.boxes):
            if box.id in by_id or box.id in zone_ids:
                _collect(
                    problems,
                    f"boxes.{number}.id",
                    N_("an off-map box id must differ from every hex and sea zone id"),
                    box.id,
                )
            for position, name in enumerate(box.entry_hexes):
                if name not in by_id:
                    _collect(
                        problems,
                        f"boxes.{number}.entry_hexes.{position}",
                        N_("box {box!r} is entered from an unknown hex"),
                        name,
                        box=box.id,
                    )
            for position, name in enumerate(box.sea_zones):
                if name not in zone_ids:
                    _collect(
                        problems,
                        f"boxes.{number}.sea_zones.{position}",
                        N_("box {box!r} borders an unknown sea zone"),
                        name,
                        box=box.id,
                    )
            for position, name in enumerate(box.links):
                if name not in box_ids:
                    _collect(
                        problems,
                        f"boxes.{number}.links.{position}",
                        N_("box {box!r} is linked to an unknown box"),
                        name,
                        box=box.id,
                    )

    @cached_property
    def index(self) -> MapIndex:
        """Integer-indexed view of the map for the searches (built once per map)."""
        return MapIndex(self)


class MapIndex:
    """The map as integer-indexed arrays: hexes ``0..H-1``, sea zones ``H..H+Z-1``, boxes after them.

    Built once per :class:`HexMap` in ``O(H + sides + lines + zones + boxes)``.
    """

    def __init__(self, board: HexMap) -> None:
        self.board = board
        self.hexes: tuple[Hex, ...] = board.hexes
        self.hex_count = len(board.hexes)
        hex_ids = [hex_.id for hex_ in board.hexes]
        self.position: dict[str, int] = dict(zip(hex_ids, range(self.hex_count)))
        self.zones: tuple[SeaZone, ...] = board.sea_zones
        self.boxes: tuple[OffMapBox, ...] = board.boxes
        first_box = self.hex_count + len(board.sea_zones)
        for number, zone in enumerate(board.sea_zones):
            self.position[zone.id] = self.hex_count + number
        for number, box in enumerate(board.boxes):
            self.position[box.id] = first_box + number
        self.node_count = first_box + len(board.boxes)
        self.names: list[str] = hex_ids + [z.id for z in board.sea_zones] + [b.id for b in board.boxes]
        self.countries: dict[str, Country] = {country.id: country for country in board.countries}
        # integer keys hash faster than (q, r) tuples; coordinates are checked to lie within ±2²⁰
        keys = [(hex_.q << 21) + hex_.r for hex_ in board.hexes]
        at = dict(zip(keys, range(self.hex_count)))
        self.features: dict[tuple[int, int], HexsideFeature] = {}
        for side in board.hexsides:
            a, b = (self.position[name] for name in side.between)
            self.features[(a, b)] = self.features[(b, a)] = side.feature
        self.neighbour_lists: list[tuple[int, ...]] = []
        """Per hex, the hexes adjacent to it, in the order of :data:`AXIAL_DIRECTIONS`."""
        find = at.get
        keep: Callable[[Any], None] = self.neighbour_lists.append  # takes the lookups' tuple once it has no gap
        east, north_east, north_west, west, south_west, south_east = _OFFSETS
        for key in keys:
            # six lookups written out, in the order of AXIAL_DIRECTIONS (the searches' tie-breaks follow it)
            found = (
                find(key + east),
                find(key + north_east),
                find(key + north_west),
                find(key + west),
                find(key + south_west),
                find(key + south_east),
            )
            # a hex inside the map has all six neighbours: its tuple is kept as it is
            keep(found if None not in found else tuple([n for n in found if n is not None]))
        rails: dict[int, set[int]] = {}
        for line in board.transport_lines:
            for a_name, b_name in zip(line.hexes, line.hexes[1:]):
                a, b = self.position[a_name], self.position[b_name]
                rails.setdefault(a, set()).add(b)
                rails.setdefault(b, set()).add(a)
        self.rails: list[tuple[int, ...]] = [()] * self.hex_count
        """Per hex, the hexes a transport line joins it to."""
        for joined, partners in rails.items():
            self.rails[joined] = tuple(sorted(partners))
        port_zones: dict[int, set[int]] = {}
        self.zone_ports: list[tuple[int, ...]] = []
        zone_links: list[set[int]] = [set() for _ in board.sea_zones]
        for number, zone in enumerate(board.sea_zones):
            node = self.hex_count + number
            ports = [self.position[name] for name in zone.ports]
            for box in board.boxes:
                if zone.id in box.sea_zones:
                    ports.append(self.position[box.id])
            self.zone_ports.append(tuple(ports))
            for port in ports:
                port_zones.setdefault(port, set()).add(node)
            for other in zone.adjacent:
                zone_links[number].add(self.position[other])
                zone_links[self.position[other] - self.hex_count].add(node)
        self.port_zones: dict[int, tuple[int, ...]] = {port: tuple(sorted(zones)) for port, zones in port_zones.items()}
        self.zone_links: list[tuple[int, ...]] = [tuple(sorted(links)) for links in zone_links]
        box_links: list[set[int]] = [set() for _ in board.boxes]
        self.box_entries: list[tuple[int, ...]] = []
        entry_boxes: dict[int, set[int]] = {}
        for number, box in enumerate(board.boxes):
            node = first_box + number
            entries = tuple(self.position[name] for name in box.entry_hexes)
            self.box_entries.append(entries)
            for entry in entries:
                entry_boxes.setdefault(entry, set()).add(node)
            for other in box.links:
                box_links[number].add(self.position[other])
                box_links[self.position[other] - first_box].add(node)
        self.first_box = first_box
        self.entry_boxes: dict[int, tuple[int, ...]] = {
            hex_: tuple(sorted(boxes)) for hex_, boxes in entry_boxes.items()
        }
        self.box_links: list[tuple[int, ...]] = [tuple(sorted(links)) for links in box_links]

    def neighbours(self, hex_: int) -> tuple[int, ...]:
        """Hexes adjacent to ``hex_`` (as indices)."""
        return self.neighbour_lists[hex_]

    def feature(self, a: int, b: int) -> HexsideFeature | None:
        """The feature of the hexside between hexes ``a`` and ``b``, if any."""
        return self.features.get((a, b))

    def is_zone(self, node: int) -> bool:
        """True for sea-zone nodes."""
        return self.hex_count <= node < self.first_box

    def is_box(self, node: int) -> bool:
        """True for off-map-box nodes."""
        return node >= self.first_box

    def box(self, node: int) -> OffMapBox:
        """The box of a box node."""
        return self.boxes[node - self.first_box]

    def zone(self, node: int) -> SeaZone:
        """The sea zone of a zone node."""
        return self.zones[node - self.hex_count]

    def country_of(self, hex_: int) -> Country | None:
        """The country a hex lies in."""
        name = self.hexes[hex_].country
        return None if name is None else self.countries[name]

    def controller(self, hex_: int) -> Faction | None:
        """Who controls a hex: its ``controlled_by`` or else its country's faction."""
        explicit = self.hexes[hex_].controlled_by
        if explicit is not None:
            return explicit
        country = self.country_of(hex_)
        return None if country is None else country.faction

    def weather_at(self, hex_: int) -> Weather:
        """This turn's weather in a hex (8): its area's weather; sea hexes have none (clear)."""
        if self.hexes[hex_].terrain is Terrain.SEA:
            return Weather.CLEAR
        country = self.country_of(hex_)
        area = WeatherArea.NORMAL if country is None else country.area
        return self.board.weather.get(area, Weather.CLEAR)

    def in_neutral_state(self, hex_: int) -> bool:
        """The hex lies in a neutral state or in a Dependent of one (10.2.1)."""
        country = self.country_of(hex_)
        if country is None:
            return False
        if country.faction is Faction.NEUTRAL:
            return True
        master = self.countries.get(country.dependent_of) if country.dependent_of else None
        return master is not None and master.faction is Faction.NEUTRAL


@dataclass(frozen=True)
class Unit:
    """A unit on the map or in an off-map box."""

    id: str
    """The unit's name, unique on the map (4th Panzer)."""
    hex: str
    """Hex id or off-map box id where the unit is."""
    faction: Faction
    """The player owning the unit."""
    nationality: str
    """Country id of the unit (its home country)."""
    kind: UnitKind = UnitKind.GROUND
    """Ground, air or naval."""
    type: UnitType = UnitType.INFANTRY
    """Unit type (HQ and fortress matter for stacking, armour and airborne for 10.3)."""
    steps: int = 1
    """Steps of the unit; a one-step unit is read as a 'first-order' unit (9.0.1, 9.1)."""
    expeditionary: bool = False
    """An Expeditionary (Ex) unit (9.0.1 Exception 1)."""
    ss: bool = False
    """A German SS unit (10.3 SS 1-2-0 HQ, 11.4 Blitz in snow)."""

    def __post_init__(self) -> None:
        if self.steps < 1:
            raise ScenarioError("steps", "unit {unit!r} must have at least 1 step", self.steps, unit=self.id)


@dataclass(frozen=True)
class Marker:
    """A marker on the map: Detachment, Logistics, Devastation, Partisan Base, Beachhead, SHAEF."""

    kind: MarkerKind
    """Which marker."""
    hex: str
    """The hex where it lies."""
    faction: Faction | None = None
    """Owner; a Devastation marker may have none."""
    nationality: str | None = None
    """Country of a marker that traces supply (Logistics, SHAEF, Detachment)."""
    id: str | None = None
    """A name for a marker whose supply is asked for (10.3)."""

    def __post_init__(self) -> None:
        if self.faction is None and self.kind is not MarkerKind.DEVASTATION:
            raise ScenarioError("faction", "a {marker} marker must belong to a faction", marker=MARKER_WORDS[self.kind])


class Pieces:
    """Units and markers by hex (index) for the rules' per-hex questions."""

    def __init__(self, index: MapIndex, units: Iterable[Unit], markers: Iterable[Marker]) -> None:
        self.index = index
        self.units: tuple[Unit, ...] = tuple(units)
        self.markers: tuple[Marker, ...] = tuple(markers)
        self.units_at: dict[int, list[Unit]] = {}
        self.markers_at: dict[int, list[Marker]] = {}
        for unit in self.units:
            self.units_at.setdefault(index.position[unit.hex], []).append(unit)
        for marker in self.markers:
            self.markers_at.setdefault(index.position[marker.hex], []).append(marker)
        self.unit_by_id: dict[str, Unit] = {unit.id: unit for unit in self.units}

    def units_in(self, node: int) -> list[Unit]:
        """Units at a hex or box node."""
        return self.units_at.get(node, [])

    def markers_in(self, node: int) -> list[Marker]:
        """Markers at a hex node."""
        return self.markers_at.get(node, [])


@dataclass(frozen=True)
class MapNames:
    """What the pieces of a scenario may refer to: the map's hexes (with coordinates), boxes and countries.

    Built from a :class:`HexMap`, or from the fields of a map that has problems of its own
    (a :class:`~adjudicator.plain.Partial`), so that units and actions are checked as well.
    A kind of name is ``known`` only when every item of that kind has its id: otherwise an
    "unknown hex" could be the map's fault, and is not reported.
    """

    hexes: dict[str, tuple[int, int] | None]
    """Hex id → axial coordinates (``None`` when the hex's own coordinates have a problem)."""
    boxes: frozenset[str]
    countries: frozenset[str]
    hexes_known: bool = True
    boxes_known: bool = True
    countries_known: bool = True

    @classmethod
    def of(cls, board: object) -> MapNames | None:
        """The names of a map or of a partial map; ``None`` when the map itself is missing or not a mapping."""
        if board is None:
            return None
        hexes: dict[str, tuple[int, int] | None] = {}
        known = [True, True, True]
        for item in part(board, "hexes") or ():
            name, q, r = part(item, "id"), part(item, "q"), part(item, "r")
            if not isinstance(name, str):
                known[0] = False
                continue
            hexes[name] = (q, r) if isinstance(q, int) and isinstance(r, int) else None
        if isinstance(board, Partial) and "hexes" in board.failed:
            known[0] = False
        found: list[frozenset[str]] = []
        for position, field_name in ((1, "boxes"), (2, "countries")):
            names = set()
            for item in part(board, field_name) or ():
                name = part(item, "id")
                if isinstance(name, str):
                    names.add(name)
                else:
                    known[position] = False
            if isinstance(board, Partial) and field_name in board.failed:
                known[position] = False
            found.append(frozenset(names))
        return cls(hexes, found[0], found[1], known[0], known[1], known[2])

    def is_hex(self, name: str) -> bool | None:
        """Whether ``name`` is a hex of the map (``None``: cannot tell)."""
        return True if name in self.hexes else None if not self.hexes_known else False

    def is_place(self, name: str) -> bool | None:
        """Whether ``name`` is a hex or an off-map box of the map (``None``: cannot tell)."""
        if name in self.hexes or name in self.boxes:
            return True
        return None if not (self.hexes_known and self.boxes_known) else False

    def is_country(self, name: str) -> bool | None:
        """Whether ``name`` is a country of the map (``None``: cannot tell)."""
        return True if name in self.countries else None if not self.countries_known else False


def _marker_named(marker_id: object, kind: object) -> Message:
    """A marker as a problem names it: by its id when it has one, else by its kind."""
    if isinstance(marker_id, str) and marker_id:
        return message("marker {marker!r}", marker=marker_id)
    if isinstance(kind, MarkerKind):
        return message("a {kind} marker", kind=MARKER_WORDS[kind])
    return message("a marker")


def check_pieces(
    board: HexMap | MapNames | None, units: Sequence[object], markers: Sequence[object] = ()
) -> list[ScenarioError]:
    """Every problem with the units and markers of a scenario on ``board`` (empty when all is well).

    Units and markers may be :class:`~adjudicator.plain.Partial` (they had problems of their
    own): what they do say is checked too, and a map with problems (``MapNames``) still names
    its hexes.

    >>> board = HexMap(hexes=(Hex("a", 0, 0),), countries=(Country("germany", Faction.AXIS),))
    >>> units = (Unit("u1", "zz", Faction.AXIS, "germany"), Unit("u1", "a", Faction.AXIS, "prussia"))
    >>> for problem in check_pieces(board, units):
    ...     print(problem)
    units.0.hex: unit 'u1' is on an unknown hex; expected a hex or off-map box of the map (got 'zz')
    units.1.id: duplicate unit id (got 'u1')
    units.1.nationality: unit 'u1' has an unknown nationality; expected a country of the map (got 'prussia')
    """
    problems: list[ScenarioError] = []
    names = MapNames.of(board) if isinstance(board, HexMap) else board
    seen: set[str] = set()
    for number, unit in enumerate(units):
        unit_id, where, nationality = part(unit, "id"), part(unit, "hex"), part(unit, "nationality")
        if names is not None and isinstance(where, str) and names.is_place(where) is False:
            _collect(
                problems,
                f"units.{number}.hex",
                N_("unit {unit!r} is on an unknown hex; expected a hex or off-map box of the map"),
                where,
                unit=unit_id,
            )
        if isinstance(unit_id, str):
            if unit_id in seen:
                _collect(problems, f"units.{number}.id", N_("duplicate unit id"), unit_id)
            seen.add(unit_id)
        if names is not None and isinstance(nationality, str) and names.is_country(nationality) is False:
            _collect(
                problems,
                f"units.{number}.nationality",
                N_("unit {unit!r} has an unknown nationality; expected a country of the map"),
                nationality,
                unit=unit_id,
            )
    for number, marker in enumerate(markers):
        marker_id, where, nationality, kind = (part(marker, name) for name in ("id", "hex", "nationality", "kind"))
        label = _marker_named(marker_id, kind)
        if names is not None and isinstance(where, str) and names.is_hex(where) is False:
            _collect(
                problems,
                f"markers.{number}.hex",
                N_("{marker} is on an unknown hex; expected a hex of the map"),
                where,
                marker=label,
            )
        if names is not None and isinstance(nationality, str) and names.is_country(nationality) is False:
            _collect(
                problems,
                f"markers.{number}.nationality",
                N_("{marker} has an unknown nationality; expected a country of the map"),
                nationality,
                marker=label,
            )
        if isinstance(marker_id, str):
            if marker_id in seen:
                _collect(problems, f"markers.{number}.id", N_("duplicate unit or marker id"), marker_id)
            seen.add(marker_id)
    return problems
