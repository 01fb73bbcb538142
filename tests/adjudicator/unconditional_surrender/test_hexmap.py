"""Tests of :mod:`adjudicator.unconditional_surrender.hexmap`: the map model,
its index and the validation of maps and pieces.
"""

from __future__ import annotations

from typing import Any

import pytest

from adjudicator.plain import InvalidScenario, from_plain
from adjudicator.unconditional_surrender.hexmap import (
    Country,
    CountryKind,
    Faction,
    Hex,
    HexMap,
    HexsideFeature,
    Marker,
    MarkerKind,
    Terrain,
    Unit,
    Weather,
    WeatherArea,
    axial_distance,
    check_pieces,
)
from adjudicator.unconditional_surrender.supply import SupplyScenario


def _errors(data: dict[str, Any]) -> list[str]:
    with pytest.raises(InvalidScenario) as caught:
        from_plain(SupplyScenario, data)
    return [str(error) for error in caught.value.errors]


BASE_MAP: dict[str, Any] = {
    "countries": [{"id": "germany", "faction": "axis"}],
    "hexes": [
        {"id": "a", "q": 0, "r": 0, "country": "germany", "port": True},
        {"id": "b", "q": 1, "r": 0, "country": "germany"},
    ],
}


class TestCoordinates:
    @pytest.mark.parametrize(
        ("a", "b", "distance"),
        [((0, 0), (0, 0), 0), ((0, 0), (1, 0), 1), ((0, 0), (1, -1), 1), ((0, 0), (2, -1), 2), ((-2, 3), (2, -1), 4)],
    )
    def test_axial_distance(self, a: tuple[int, int], b: tuple[int, int], distance: int) -> None:
        """Hex distance in axial coordinates is half the cube-coordinate Manhattan distance."""
        assert axial_distance(a, b) == distance

    def test_neighbours_are_the_adjacent_hexes_present(self) -> None:
        """A hex's neighbours are the hexes of the map at the six axial offsets."""
        board = HexMap(hexes=tuple(Hex(f"{q},{r}", q, r) for q in range(-1, 2) for r in range(-1, 2)))
        centre = board.index.position["0,0"]
        assert sorted(board.index.names[n] for n in board.index.neighbours(centre)) == [
            "-1,0",
            "-1,1",
            "0,-1",
            "0,1",
            "1,-1",
            "1,0",
        ]


class TestMapValidation:
    def test_a_valid_map_builds(self) -> None:
        """Plain data with known countries and ports becomes a map."""
        scenario = from_plain(SupplyScenario, {"map": BASE_MAP, "units": []})
        assert [cell.id for cell in scenario.map.hexes] == ["a", "b"]

    def test_every_problem_is_reported_at_once(self) -> None:
        """Duplicate ids and coordinates, unknown countries,
        non-port zone entries and bad lines are all named together.
        """
        data = {
            "map": {
                "countries": [
                    {"id": "germany", "faction": "axis"},
                    {"id": "vichy", "faction": "axis", "dependent_of": "france"},
                ],
                "hexes": [
                    {"id": "a", "q": 0, "r": 0, "country": "germany"},
                    {"id": "a", "q": 1, "r": 0},
                    {"id": "c", "q": 0, "r": 0, "country": "prussia"},
                    {"id": "d", "q": 5, "r": 5},
                ],
                "hexsides": [{"between": ["a", "d"], "feature": "mountain"}],
                "transport_lines": [{"hexes": ["a", "d", "zz"]}],
                "sea_zones": [{"id": "baltic", "ports": ["a", "qq"], "adjacent": ["atlantic"]}],
                "boxes": [{"id": "baltic", "links": ["nowhere"]}],
            },
            "units": [],
        }
        assert _errors(data) == [
            "map.countries.1.dependent_of: country 'vichy' is a dependent of an unknown country (got 'france')",
            "map.hexes.1.id: duplicate hex id (got 'a')",
            "map.hexes.2: hex 'c' has the same coordinates as hex 'a' (got (0, 0))",
            "map.hexes.2.country: hex 'c' lies in an unknown country; expected one of the map's countries (got "
            "'prussia')",
            "map.hexsides.0.between: a hexside lies between two adjacent hexes (got ['a', 'd'])",
            "map.transport_lines.0.hexes.2: transport line through an unknown hex (got 'zz')",
            "map.transport_lines.0.hexes.1: consecutive hexes of a transport line must be adjacent; 'a' and 'd' are "
            "not (got 'd')",
            "map.sea_zones.0.ports.0: sea zone 'baltic' lists hex 'a', which is not a port; expected hexes marked as "
            "ports",
            "map.sea_zones.0.ports.1: sea zone 'baltic' lists an unknown hex (got 'qq')",
            "map.sea_zones.0.adjacent.0: sea zone 'baltic' is adjacent to an unknown sea zone (got 'atlantic')",
            "map.boxes.0.id: an off-map box id must differ from every hex and sea zone id (got 'baltic')",
            "map.boxes.0.links.0: box 'baltic' is linked to an unknown box (got 'nowhere')",
        ]

    def test_unknown_terrain_names_the_allowed_values(self) -> None:
        """An unknown terrain is refused with the list of terrains and the bad value."""
        data = {"map": {"hexes": [{"id": "a", "q": 0, "r": 0, "terrain": "lava"}]}, "units": []}
        assert _errors(data) == [
            "map.hexes.0.terrain: must be one of 'clear', 'rough', 'forest', 'mountain', 'swamp', 'sea', 'impassable' "
            "(got 'lava')"
        ]

    def test_pieces_on_unknown_hexes_are_refused(self) -> None:
        """Units and markers must stand on the map's hexes (units may also be in a box) and have known nationalities."""
        data = {
            "map": BASE_MAP,
            "units": [
                {"id": "g1", "hex": "z9", "faction": "axis", "nationality": "germany"},
                {"id": "g1", "hex": "a", "faction": "axis", "nationality": "italy"},
            ],
            "markers": [{"kind": "logistics", "hex": "b", "faction": "axis"}, {"kind": "devastation", "hex": "q"}],
        }
        assert _errors(data) == [
            "units.0.hex: unit 'g1' is on an unknown hex; expected a hex or off-map box of the map (got 'z9')",
            "units.1.id: duplicate unit id (got 'g1')",
            "units.1.nationality: unit 'g1' has an unknown nationality; expected a country of the map (got 'italy')",
            "markers.1.hex: a Devastation marker is on an unknown hex; expected a hex of the map (got 'q')",
        ]

    def test_markers_other_than_devastation_need_an_owner(self) -> None:
        """A Logistics marker without a faction is refused; a Devastation marker may have none."""
        data = {
            "map": BASE_MAP,
            "units": [],
            "markers": [{"kind": "logistics", "hex": "b"}, {"kind": "devastation", "hex": "a"}],
        }
        assert _errors(data) == ["markers.0.faction: a Logistics marker must belong to a faction"]

    def test_units_need_a_step(self) -> None:
        """A unit of zero steps is refused, naming the unit."""
        data = {
            "map": BASE_MAP,
            "units": [{"id": "g1", "hex": "a", "faction": "axis", "nationality": "germany", "steps": 0}],
        }
        assert _errors(data) == ["units.0.steps: unit 'g1' must have at least 1 step (got 0)"]

    def test_check_pieces_accepts_boxes(self) -> None:
        """A unit in an off-map box is on the board."""
        board = from_plain(HexMap, {**BASE_MAP, "boxes": [{"id": "eus", "kind": "eastern-us-canada"}]})
        assert (
            check_pieces(
                board, (Unit("b1", "eus", Faction.WESTERN_ALLIES, "germany"),), (Marker(MarkerKind.DEVASTATION, "a"),)
            )
            == []
        )


class TestCountriesAndWeather:
    @pytest.mark.parametrize(
        ("country", "area"),
        [("egypt", WeatherArea.DESERT), ("transjordan", WeatherArea.DESERT), ("germany", WeatherArea.NORMAL)],
    )
    def test_desert_countries_default_to_the_desert_area(self, country: str, area: WeatherArea) -> None:
        """The countries 8 lists form the Desert area; all others are Normal unless stated."""
        assert Country(country, Faction.NEUTRAL).area is area

    def test_an_explicit_area_wins(self) -> None:
        """A country may name its weather area."""
        assert Country("egypt", Faction.WESTERN_ALLIES, weather_area=WeatherArea.NORMAL).area is WeatherArea.NORMAL

    def test_weather_per_area_and_sea_hexes(self) -> None:
        """A land hex takes its area's weather; a sea hex has none; an area not listed is clear."""
        board = HexMap(
            hexes=(
                Hex("cairo", 0, 0, country="egypt"),
                Hex("kiev", 1, 0, country="ussr"),
                Hex("sea", 2, 0, terrain=Terrain.SEA),
            ),
            countries=(Country("egypt", Faction.WESTERN_ALLIES), Country("ussr", Faction.SOVIETS)),
            weather={WeatherArea.NORMAL: Weather.SNOW},
        )
        index = board.index
        assert [index.weather_at(index.position[n]) for n in ("cairo", "kiev", "sea")] == [
            Weather.CLEAR,
            Weather.SNOW,
            Weather.CLEAR,
        ]

    def test_dependents_of_neutrals_are_neutral(self) -> None:
        """A hex of a Dependent of a neutral state counts as neutral (10.2.1); a dependent of a belligerent does not."""
        board = HexMap(
            hexes=(Hex("a", 0, 0, country="norway"), Hex("b", 1, 0, country="slovakia")),
            countries=(
                Country("sweden", Faction.NEUTRAL),
                Country("norway", Faction.AXIS, CountryKind.MINOR, dependent_of="sweden"),
                Country("germany", Faction.AXIS),
                Country("slovakia", Faction.AXIS, CountryKind.MINOR, dependent_of="germany"),
            ),
        )
        assert [board.index.in_neutral_state(n) for n in (0, 1)] == [True, False]

    def test_control_defaults_to_the_country(self) -> None:
        """A hex is controlled by its country's faction unless its control is stated."""
        board = HexMap(
            hexes=(Hex("a", 0, 0, country="germany"), Hex("b", 1, 0, country="germany", controlled_by=Faction.SOVIETS)),
            countries=(Country("germany", Faction.AXIS),),
        )
        assert [board.index.controller(n) for n in (0, 1)] == [Faction.AXIS, Faction.SOVIETS]

    def test_hexside_features_are_symmetric(self) -> None:
        """A hexside feature is seen from both hexes."""
        board = from_plain(HexMap, {**BASE_MAP, "hexsides": [{"between": ["a", "b"], "feature": "strait"}]})
        assert board.index.feature(0, 1) is board.index.feature(1, 0) is HexsideFeature.STRAIT


class TestEveryProblemAtOnce:
    """A map, a unit or an action with problems of its own does not hide the others' problems."""

    BROKEN_MAP: dict[str, Any] = {
        "countries": [{"id": "germany", "faction": "axis"}],
        "hexes": [
            {"id": "a", "q": 0, "r": 0, "country": "germany"},
            {"id": "a", "q": 1, "r": 0, "country": "germany"},
            {"id": "c", "q": 2, "r": 0, "country": "atlantis"},
        ],
    }
    UNITS: list[dict[str, Any]] = [
        {"id": "u1", "hex": "zz", "faction": "axis", "nationality": "germany"},
        {"id": "u1", "hex": "a", "faction": "axis", "nationality": "germany"},
        {"id": "u2", "hex": "a", "faction": "axiss", "nationality": "prussia"},
    ]

    def test_supply_reports_map_units_checks_and_ids_together(self) -> None:
        """Map errors, a unit on an unknown hex, a duplicate id, a bad purpose and unknown items: all named."""
        errors = _errors(
            {
                "map": self.BROKEN_MAP,
                "units": self.UNITS,
                "checks": [{"item": "u1", "purpose": "fly"}, {"item": "u9", "purpose": "movement-phase"}],
                "only": ["u7"],
            }
        )
        paths = sorted(error.split(":")[0] for error in errors)
        assert paths == [
            "checks.0.purpose",
            "checks.1.item",
            "map.hexes.1.id",
            "map.hexes.2.country",
            "only.0",
            "units.0.hex",
            "units.1.id",
            "units.2.faction",
            "units.2.nationality",
        ]
        assert "units.1.id: duplicate unit id (got 'u1')" in errors

    def test_zoc_reports_paths_of_a_query_with_a_bad_action(self) -> None:
        """A query whose action is misspelt still has its path checked; an unknown unit is named."""
        from adjudicator.unconditional_surrender.zoc import ZocScenario

        with pytest.raises(InvalidScenario) as caught:
            from_plain(
                ZocScenario,
                {
                    "map": self.BROKEN_MAP,
                    "units": self.UNITS,
                    "queries": [
                        {"unit": "u1", "action": "fly", "path": ["c", "q"]},
                        {"unit": "u9", "action": "movement", "path": ["c"]},
                    ],
                },
            )
        paths = sorted(error.path for error in caught.value.errors)
        assert {"queries.0.action", "queries.0.path.1", "queries.1.unit", "units.0.hex", "units.1.id"} <= set(paths)

    def test_a_hex_whose_id_failed_silences_unknown_hex_reports(self) -> None:
        """When a hex of the map has no usable id, a unit's hex may be that one: no "unknown hex" is claimed."""
        broken = {**BASE_MAP, "hexes": [*BASE_MAP["hexes"], {"id": 7, "q": 5, "r": 0}]}
        errors = _errors(
            {"map": broken, "units": [{"id": "u", "hex": "x", "faction": "axis", "nationality": "germany"}]}
        )
        assert errors == ["map.hexes.2.id: must be a string (got 7)"]
