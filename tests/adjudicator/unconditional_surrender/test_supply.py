"""Tests of :mod:`adjudicator.unconditional_surrender.supply` and :mod:`adjudicator.unconditional_surrender.network`:
sources, lines, restrictions, 10.3, properties.
"""

from __future__ import annotations

import copy
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from pydantic import TypeAdapter

from adjudicator.plain import InvalidScenario, from_plain
from adjudicator.unconditional_surrender.supply import (
    DistanceReading,
    LegKind,
    SupplyResult,
    SupplyScenario,
    evaluate_supply,
)
from adjudicator.unconditional_surrender.zoc import AirUnitReading
from tests.adjudicator.unconditional_surrender.forward_search import supplied_by_forward_search
from tests.adjudicator.unconditional_surrender.strategies import supply_scenario_data

COUNTRIES = [
    {"id": "germany", "faction": "axis"},
    {"id": "ussr", "faction": "soviets"},
    {"id": "britain", "faction": "western-allies"},
    {"id": "usa", "faction": "western-allies"},
    {"id": "yugoslavia", "faction": "western-allies", "kind": "minor"},
    {"id": "belgium-holland", "faction": "western-allies", "kind": "minor", "conquered": True},
    {"id": "slovakia", "faction": "axis", "kind": "minor", "dependent_of": "germany"},
    {"id": "sweden", "faction": "neutral"},
    {"id": "norway", "faction": "neutral", "kind": "minor", "dependent_of": "sweden"},
]
FACTION = {
    "germany": "axis",
    "ussr": "soviets",
    "britain": "western-allies",
    "usa": "western-allies",
    "yugoslavia": "western-allies",
}


def _unit(name: str, where: str, nationality: str = "germany", **extra: Any) -> dict[str, Any]:
    return {"id": name, "hex": where, "faction": FACTION[nationality], "nationality": nationality, **extra}


def _corridor(middle: dict[str, Any] | None = None, **extra: Any) -> dict[str, Any]:
    """A0 (Berlin) – A1 on a transport line, then A2 and A3:
    a line from A3 must cross A2 (free), A1 (free), then rail.
    """
    hexes = [
        {"id": "A0", "q": 0, "r": 0, "country": "germany", "city": "Berlin"},
        {"id": "A1", "q": 1, "r": 0, "country": "germany"},
        {"id": "A2", "q": 2, "r": 0, "country": "germany", **(middle or {})},
        {"id": "A3", "q": 3, "r": 0, "country": "germany"},
    ]
    return {"countries": COUNTRIES, "hexes": hexes, "transport_lines": [{"hexes": ["A0", "A1"]}], **extra}


def _supply(board: dict[str, Any], units: list[dict[str, Any]], **extra: Any) -> SupplyResult:
    return evaluate_supply(from_plain(SupplyScenario, {"map": board, "units": units, **extra}))


def _rules(result: SupplyResult, item: str) -> set[str]:
    return {step.rule for step in result.item(item).reasons}


class TestSources:
    def test_city_in_the_home_country(self) -> None:
        """A city of the unit's home country is a source; the path names the kind of each leg, `free` only off the
        transport lines (A1, where the line joins one, counts among the first two hexes but is on the line).
        """
        result = _supply(_corridor(), [_unit("g1", "A3")])
        supply = result.item("g1")
        assert supply.supplied and supply.source == "A0" and supply.free_hexes == 2
        assert [(s.node, s.kind) for s in supply.path] == [
            ("A3", LegKind.START),
            ("A2", LegKind.FREE),
            ("A1", LegKind.TRANSPORT_LINE),
            ("A0", LegKind.TRANSPORT_LINE),
        ]
        assert "us.10-1.city" in _rules(result, "g1")

    def test_a_city_of_another_country_is_not_a_source(self) -> None:
        """Berlin does not supply a Soviet unit, and the step naming Berlin cites the city rule (10.1)."""
        result = _supply(_corridor(), [_unit("s1", "A1", "ussr")])
        reasons = result.item("s1").reasons
        assert not result.supplied["s1"] and "us.10-1" in [step.rule for step in reasons]
        assert reasons[-1].rule == "us.10-1.city"
        assert reasons[-1].text == (
            "Berlin (A0) is a city of Germany, not of the home country of s1 (USSR): not its supply source"
        )

    def test_a_unit_in_its_source(self) -> None:
        """A unit standing in its source is supplied with a line of no hexes."""
        result = _supply(_corridor(), [_unit("g1", "A0")])
        assert result.item("g1").path[0].kind is LegKind.START and result.item("g1").free_hexes == 0

    @pytest.mark.parametrize(("reading", "british"), [("units-of-country", False), ("units-in-country", True)])
    def test_partisan_base(self, reading: str, british: bool) -> None:
        """A friendly Partisan Base supplies its minor country's units (or, as the other reading, every unit there)."""
        board = {
            "countries": COUNTRIES,
            "hexes": [
                {"id": "Y0", "q": 0, "r": 0, "country": "yugoslavia"},
                {"id": "Y1", "q": 1, "r": 0, "country": "yugoslavia"},
            ],
        }
        markers = [{"kind": "partisan-base", "hex": "Y0", "faction": "western-allies"}]
        result = _supply(
            board,
            [_unit("yu", "Y1", "yugoslavia"), _unit("gb", "Y1", "britain")],
            markers=markers,
            readings={"partisan_base": reading},
        )
        assert result.supplied == {"yu": True, "gb": british}
        assert "us.10-1.partisan-base" in _rules(result, "yu")

    def test_enemy_partisan_base_is_not_a_source(self) -> None:
        """A Partisan Base of another faction supplies nobody of this one."""
        board = {
            "countries": COUNTRIES,
            "hexes": [
                {"id": "Y0", "q": 0, "r": 0, "country": "yugoslavia"},
                {"id": "Y1", "q": 1, "r": 0, "country": "yugoslavia"},
            ],
        }
        result = _supply(
            board,
            [_unit("yu", "Y1", "yugoslavia")],
            markers=[{"kind": "partisan-base", "hex": "Y0", "faction": "axis"}],
        )
        assert not result.supplied["yu"]

    def test_eastern_us_canada_by_sea(self) -> None:
        """British and US units are supplied from the Eastern US/Canada box through an open port and a sea zone."""
        board = {
            "countries": COUNTRIES,
            "hexes": [
                {"id": "P", "q": 0, "r": 0, "country": "britain", "port": True, "city": "London"},
                {"id": "L", "q": 1, "r": 0, "country": "britain"},
            ],
            "sea_zones": [{"id": "atlantic", "ports": ["P"]}],
            "boxes": [{"id": "eus", "kind": "eastern-us-canada", "sea_zones": ["atlantic"]}],
        }
        result = _supply(board, [_unit("gb", "L", "britain"), _unit("us", "L", "usa")])
        assert result.supplied == {"gb": True, "us": True}
        assert result.item("gb").source == "P"
        assert [s.kind for s in result.item("us").path] == [
            LegKind.START,
            LegKind.FREE,
            LegKind.SEA_ZONE,
            LegKind.OFF_MAP_BOX,
        ]

    def test_eastern_us_canada_is_the_only_us_source(self) -> None:
        """Without the box a US unit next to London is not supplied, and the reason says why."""
        board = {
            "countries": COUNTRIES,
            "hexes": [
                {"id": "P", "q": 0, "r": 0, "country": "britain", "city": "London"},
                {"id": "L", "q": 1, "r": 0, "country": "britain"},
            ],
        }
        result = _supply(board, [_unit("us", "L", "usa")])
        assert not result.supplied["us"]
        texts = [(step.rule, step.text) for step in result.item("us").reasons]
        assert texts[-2:] == [
            (
                "us.10-1.eastern-us-canada",
                "the Eastern US/Canada box is the only supply source of US units, and the map has none",
            ),
            (
                "us.10-1.eastern-us-canada",
                "London (P) is not a supply source of us: US units draw supply only from the Eastern US/Canada box",
            ),
        ]

    def test_boxes_that_serve_other_nationalities_are_named(self) -> None:
        """A British unit on the east edge: the Soviet Interior serves Soviet units only (10.1)."""
        board = {
            "countries": COUNTRIES,
            "hexes": [{"id": f"E{q}", "q": q, "r": 0, "country": "ussr"} for q in range(3)],
            "boxes": [{"id": "interior", "kind": "soviet-interior", "entry_hexes": ["E2"]}],
        }
        result = _supply(board, [_unit("gb", "E1", "britain")])
        assert not result.supplied["gb"]
        assert (
            "us.10-1.soviet-interior",
            "the Soviet Interior box (interior) supplies Soviet units only: not a supply source of gb (Britain)",
        ) in [(step.rule, step.text) for step in result.item("gb").reasons]

    def test_soviet_interior_by_the_east_edge(self) -> None:
        """A line reaching the east edge reaches the Soviet Interior box."""
        hexes = [{"id": f"R{q}", "q": q, "r": 0, "country": "ussr"} for q in range(6)]
        board = {
            "countries": COUNTRIES,
            "hexes": hexes,
            "transport_lines": [{"hexes": ["R2", "R3", "R4", "R5"]}],
            "boxes": [{"id": "interior", "kind": "soviet-interior", "entry_hexes": ["R5"]}],
        }
        result = _supply(board, [_unit("s1", "R0", "ussr")])
        assert result.supplied["s1"] and result.item("s1").source == "interior"
        assert {"us.10-1.soviet-interior", "us.10-2.soviet-interior"} <= _rules(result, "s1")

    @pytest.mark.parametrize(
        ("piece", "reason"),
        [
            ({"unit": _unit("s1", "A0", "ussr")}, "A0 holds enemy unit s1: not a supply source"),
            ({"marker": {"kind": "devastation", "hex": "A0"}}, "A0 holds a Devastation marker: not a supply source"),
            (
                {"marker": {"kind": "beachhead", "hex": "A0", "faction": "soviets"}},
                "A0 holds an enemy Beachhead marker: not a supply source",
            ),
        ],
    )
    def test_source_restrictions(self, piece: dict[str, Any], reason: str) -> None:
        """A city holding an enemy unit or marker, or any Devastation marker, is not a source (10.1.1)."""
        units = [_unit("g1", "A1")] + ([piece["unit"]] if "unit" in piece else [])
        result = _supply(_corridor(), units, markers=[piece["marker"]] if "marker" in piece else [])
        assert not result.supplied["g1"]
        assert reason in [step.text for step in result.item("g1").reasons]


class TestLine:
    def test_only_two_free_hexes(self) -> None:
        """Three hexes off the transport lines are one too many (10.2)."""
        board = _corridor()
        board["transport_lines"] = []
        board["hexes"][0]["city"] = None
        board["hexes"][0].pop("city")
        board["hexes"].insert(0, {"id": "W", "q": -1, "r": 0, "country": "germany", "city": "Berlin"})
        result = _supply(board, [_unit("g1", "A1"), _unit("g2", "A2")])
        assert result.supplied == {"g1": True, "g2": False}
        assert result.item("g2").restrictions_broken == 1 and result.item("g2").reasons[-1].rule == "us.10-2"

    def test_the_line_does_not_leave_the_transport_line(self) -> None:
        """Read: after the free hexes the line stays on transport lines;
        a source one hex off their end does not count.
        """
        hexes = [{"id": f"A{q}", "q": q, "r": 0, "country": "germany"} for q in range(6)]
        hexes[0]["city"] = "Berlin"
        board = {"countries": COUNTRIES, "hexes": hexes, "transport_lines": [{"hexes": ["A1", "A2", "A3", "A4", "A5"]}]}
        assert not _supply(board, [_unit("g1", "A5")]).supplied["g1"]
        board["transport_lines"] = [{"hexes": ["A0", "A1", "A2", "A3", "A4", "A5"]}]
        assert _supply(board, [_unit("g1", "A5")]).supplied["g1"]

    def test_the_units_own_hex_may_hold_the_enemy(self) -> None:
        """The line may exit a hex holding an enemy unit or marker (10.2)."""
        result = _supply(
            _corridor(),
            [_unit("g1", "A3"), _unit("s1", "A3", "ussr", kind="air")],
            markers=[{"kind": "logistics", "hex": "A3", "faction": "soviets"}],
        )
        assert result.supplied["g1"]

    def test_devastation_does_not_stop_a_transport_line(self) -> None:
        """A Devastation marker on a transport line does not stop it."""
        result = _supply(_corridor(), [_unit("g1", "A3")], markers=[{"kind": "devastation", "hex": "A1"}])
        assert result.supplied["g1"]
        assert "the Devastation marker in A1 does not stop the transport line" in [
            s.text for s in result.item("g1").reasons
        ]


def _sea(faction: str = "axis", **zone: Any) -> dict[str, Any]:
    """Two coasts joined by sea zones north (port N) and south (port S); Berlin on the south coast."""
    hexes = [
        {"id": "N", "q": 0, "r": 0, "country": "germany", "port": True},
        {"id": "N2", "q": 1, "r": 0, "country": "germany"},
        {"id": "S", "q": 0, "r": 4, "country": "germany", "port": True, "city": "Berlin"},
    ]
    zones = [
        {"id": "north", "ports": ["N"], "adjacent": ["south"], "convoys": [faction], **zone},
        {"id": "south", "ports": ["S"], "convoys": [faction]},
    ]
    return {"countries": COUNTRIES, "hexes": hexes, "sea_zones": zones}


class TestSea:
    def test_port_to_port_through_sea_zones(self) -> None:
        """From an open port through adjacent sea zones to another open port, with the faction's convoys."""
        supply = _supply(_sea(), [_unit("g1", "N2")]).item("g1")
        assert [s.kind for s in supply.path] == [
            LegKind.START,
            LegKind.FREE,
            LegKind.SEA_ZONE,
            LegKind.SEA_ZONE,
            LegKind.PORT,
        ]

    def test_axis_needs_a_convoy(self) -> None:
        """Without an Axis supply convoy in a zone the Axis line cannot use it."""
        result = _supply(_sea(convoys=[]), [_unit("g1", "N2")])
        assert not result.supplied["g1"]
        assert "sea zone north holds no axis supply convoy (the Axis and the Soviets need one)" in [
            s.text for s in result.item("g1").reasons
        ]

    def test_western_allies_need_only_open_ports(self) -> None:
        """The Western Allies need no convoy."""
        board = _sea(faction="soviets")
        for cell in board["hexes"]:
            cell["country"] = "britain"
        board["hexes"][2]["city"] = "London"
        assert _supply(board, [_unit("gb", "N2", "britain")]).supplied["gb"]

    @pytest.mark.parametrize(
        ("change", "reason"),
        [
            ({"markers": [{"kind": "devastation", "hex": "N"}]}, "port N holds a Devastation marker: it is not open"),
            (
                {"support": ["soviets"]},
                "sea zone north next to port N holds an enemy support unit: the port is not open",
            ),
            ({"ice": True}, "port N is an ice hex in snow: it is not an Open Port"),
        ],
    )
    def test_closed_ports(self, change: dict[str, Any], reason: str) -> None:
        """Devastation, an enemy support unit next to it, or ice in snow close a port (10.2, 11.4)."""
        board = _sea(support_units=change.get("support", []))
        if change.get("ice"):
            board["hexes"][0]["ice"] = True
            board["weather"] = {"normal": "snow"}
        result = _supply(board, [_unit("g1", "N2")], markers=change.get("markers", []))
        assert not result.supplied["g1"] and reason in [s.text for s in result.item("g1").reasons]

    def test_overland_supply_avoids_the_sea(self) -> None:
        """A unit that needs overland supply cannot use sea zones."""
        result = _supply(_sea(), [_unit("g1", "N2")], overland=["g1"])
        assert not result.supplied["g1"] and "us.10-2.overland-supply" in _rules(result, "g1")

    def test_box_links(self) -> None:
        """A line passes directly between linked boxes, but not when overland supply is required."""
        board = {
            "countries": COUNTRIES,
            "hexes": [{"id": "E", "q": 0, "r": 0, "country": "britain"}],
            "boxes": [
                {"id": "middle-east", "entry_hexes": ["E"], "links": ["eus"]},
                {"id": "eus", "kind": "eastern-us-canada"},
            ],
        }
        result = _supply(board, [_unit("gb", "E", "britain"), _unit("gb2", "E", "britain")], overland=["gb2"])
        assert result.supplied == {"gb": True, "gb2": False}
        assert [s.kind for s in result.item("gb").path][1:] == [LegKind.OFF_MAP_BOX, LegKind.OFF_MAP_BOX]


class TestRestrictions:
    @pytest.mark.parametrize(
        ("middle", "rule"),
        [
            ({"terrain": "impassable"}, "us.10-2-1.impassable-neutral"),
            ({"country": "sweden"}, "us.10-2-1.impassable-neutral"),
            ({"country": "norway"}, "us.10-2-1.impassable-neutral"),
            ({"terrain": "sea", "country": None}, "us.10-2-1.sea-hexes"),
            ({"country": "britain", "city": "Hull"}, "us.10-2-1.enemy-cities-ports"),
            ({"country": "ussr", "port": True}, "us.10-2-1.enemy-cities-ports"),
        ],
    )
    def test_forbidden_hexes(self, middle: dict[str, Any], rule: str) -> None:
        """A line does not pass impassable, neutral (and dependent), sea hexes, or enemy cities and ports (10.2.1)."""
        result = _supply(_corridor(middle), [_unit("g1", "A3")])
        assert not result.supplied["g1"] and rule in _rules(result, "g1")
        assert result.item("g1").nearest_path[1].node == "A2"

    @pytest.mark.parametrize(
        "middle",
        [
            {"country": "britain", "city": "Hull", "controlled_by": "axis"},
            {"country": "belgium-holland", "city": "Antwerp"},
            {"country": "slovakia", "city": "Bratislava"},
        ],
    )
    def test_enemy_city_exceptions(self, middle: dict[str, Any]) -> None:
        """Friendly control, conquered Western-Allied minor countries and Dependents let the line through."""
        assert _supply(_corridor(middle), [_unit("g1", "A3")]).supplied["g1"]

    def test_beachhead_opens_a_sea_hex(self) -> None:
        """A friendly Beachhead lets a line cross a sea hex; an enemy one does not."""
        board = _corridor({"terrain": "sea", "country": None})
        assert _supply(
            board, [_unit("g1", "A3")], markers=[{"kind": "beachhead", "hex": "A2", "faction": "axis"}]
        ).supplied["g1"]
        assert not _supply(
            board, [_unit("g1", "A3")], markers=[{"kind": "beachhead", "hex": "A2", "faction": "soviets"}]
        ).supplied["g1"]

    def test_ezoc_and_friendly_units(self) -> None:
        """EZOC blocks unless a friendly unit (not a marker) is in the hex (10.2.1, 8.1.1)."""
        board = _corridor()
        board["hexes"].append({"id": "B2", "q": 2, "r": 1, "country": "germany"})
        enemy = _unit("s1", "B2", "ussr")
        assert not _supply(board, [_unit("g1", "A3"), enemy]).supplied["g1"]
        assert not _supply(
            board, [_unit("g1", "A3"), enemy], markers=[{"kind": "logistics", "hex": "A2", "faction": "axis"}]
        ).supplied["g1"]
        result = _supply(board, [_unit("g1", "A3"), _unit("g2", "A2"), enemy])
        assert result.supplied["g1"] and "us.10-2-1.ezoc" in _rules(result, "g1")

    @pytest.mark.parametrize(
        "piece",
        [
            {"units": [_unit("s1", "A2", "ussr", kind="air")]},
            {"markers": [{"kind": "detachment", "hex": "A2", "faction": "soviets"}]},
            {"markers": [{"kind": "logistics", "hex": "A2", "faction": "soviets"}]},
        ],
    )
    def test_enemy_units_and_markers(self, piece: dict[str, Any]) -> None:
        """No line through a hex with an enemy unit, Detachment or Logistics marker."""
        result = _supply(_corridor(), [_unit("g1", "A3"), *piece.get("units", [])], markers=piece.get("markers", []))
        assert not result.supplied["g1"] and "us.10-2-1.enemy-units" in _rules(result, "g1")

    @pytest.mark.parametrize(
        ("feature", "supplied"), [("impassable", False), ("sea", False), ("mountain", True), ("strait", True)]
    )
    def test_hexsides(self, feature: str, supplied: bool) -> None:
        """Read: a line does not cross impassable or sea hexsides; mountain and strait hexsides do not stop it."""
        result = _supply(_corridor(hexsides=[{"between": ["A2", "A3"], "feature": feature}]), [_unit("g1", "A3")])
        assert result.supplied["g1"] is supplied


class TestChecks:
    def _board(self) -> dict[str, Any]:
        board = _corridor()
        board["hexes"].append({"id": "P", "q": 2, "r": 1, "country": "ussr"})
        return board

    @pytest.mark.parametrize(
        ("unit", "allowed"),
        [
            (_unit("hq", "A2", type="hq"), True),
            (_unit("hq", "P", type="hq"), False),
            (_unit("hq", "P", type="hq", ss=True), True),
            (_unit("hq", "A3", type="infantry"), None),
        ],
    )
    def test_deployment_site(self, unit: dict[str, Any], allowed: bool | None) -> None:
        """An HQ must be supplied and at home; the SS HQ supplied overland, anywhere; other units are not covered."""
        result = _supply(self._board(), [unit], checks=[{"item": "hq", "purpose": "deployment-site"}])
        assert result.checks[0].allowed is allowed and result.allowed == {"hq deployment-site": allowed}

    def test_logistics_marker_needs_overland_supply(self) -> None:
        """A German Logistics marker must be supplied overland to be a deployment site; SHAEF needs plain supply."""
        board = _sea()
        markers = [{"kind": "logistics", "hex": "N2", "faction": "axis", "nationality": "germany", "id": "log"}]
        result = _supply(board, [], markers=markers, checks=[{"item": "log", "purpose": "deployment-site"}])
        assert result.supplied == {"log": True} and result.allowed == {"log deployment-site": False}

    def test_combine_needs_supply_and_no_enemy_air(self) -> None:
        """Units combine in the Organization Segment only if supplied and with no enemy air units in the hex."""
        units = [_unit("g1", "A2"), _unit("s1", "A2", "ussr", kind="air")]
        result = _supply(_corridor(), units, checks=[{"item": "g1", "purpose": "organization-combine"}])
        assert result.supplied["g1"] and result.checks[0].allowed is False

    @pytest.mark.parametrize(
        ("purpose", "kind", "allowed"),
        [
            ("movement-phase", "infantry", False),
            ("tank-shift", "armor", False),
            ("tank-shift", "infantry", None),
            ("hq-support", "hq", False),
            ("airborne-landing", "airborne", False),
            ("offensive-advance", "infantry", False),
        ],
    )
    def test_unsupplied_units_cannot(self, purpose: str, kind: str, allowed: bool | None) -> None:
        """Each 10.3 action needs supply; a unit of another type is not concerned."""
        board = _corridor({"terrain": "impassable"})
        result = _supply(board, [_unit("u", "A3", type=kind)], checks=[{"item": "u", "purpose": purpose}])
        assert result.checks[0].allowed is allowed

    def test_ice_hex_is_no_naval_base_in_snow(self) -> None:
        """A supplied unit in an ice hex cannot be a Naval Base in snow (11.4)."""
        board = _corridor({"ice": True}, weather={"normal": "snow"})
        result = _supply(board, [_unit("g1", "A2")], checks=[{"item": "g1", "purpose": "air-naval-base"}])
        assert result.supplied["g1"] and result.checks[0].allowed is False


class TestScenario:
    def test_json_schema(self) -> None:
        """The scenario's JSON Schema comes from the dataclass (rulebook schema scenario.supply)."""
        schema = TypeAdapter(SupplyScenario).json_schema()
        assert {"map", "units"} <= set(schema["required"])

    def test_bad_item_ids(self) -> None:
        """Overland, only and check items must be ground units or markers with ids."""
        data = {
            "map": _corridor(),
            "units": [_unit("g1", "A1"), _unit("a1", "A1", kind="air")],
            "overland": ["a1"],
            "only": ["zz"],
            "checks": [{"item": "qq", "purpose": "movement-phase"}],
            "markers": [{"kind": "logistics", "hex": "A1", "faction": "axis", "id": "L"}],
        }
        with pytest.raises(InvalidScenario) as caught:
            from_plain(SupplyScenario, data)
        assert [str(e) for e in caught.value.errors] == [
            "markers.0.nationality: marker 'L' has an id, so its supply is traced: it needs a nationality",
            "overland.0: a ground unit's id or the id of a marker (got 'a1')",
            "only.0: a ground unit's id or the id of a marker (got 'zz')",
            "checks.0.item: a ground unit's id or the id of a marker (got 'qq')",
        ]


def _ground(data: dict[str, Any]) -> list[str]:
    return [unit["id"] for unit in data["units"] if unit.get("kind", "ground") == "ground"]


def _run(data: dict[str, Any]) -> SupplyResult:
    return evaluate_supply(from_plain(SupplyScenario, data))


PROPERTY = settings(max_examples=100, deadline=None, suppress_health_check=[HealthCheck.too_slow])


class TestProperties:
    @PROPERTY
    @given(supply_scenario_data(), st.data())
    def test_adding_an_enemy_ground_unit_never_supplies(self, data: dict[str, Any], draw: st.DataObject) -> None:
        """Adding a ground unit never puts a unit of another faction into supply."""
        before = _run(data).supplied
        added = copy.deepcopy(data)
        faction = draw.draw(st.sampled_from(["axis", "soviets", "western-allies"]))
        nationality = {"axis": "germany", "soviets": "ussr", "western-allies": "britain"}[faction]
        added["units"].append(
            {
                "id": "intruder",
                "hex": draw.draw(st.sampled_from([h["id"] for h in data["map"]["hexes"]])),
                "faction": faction,
                "nationality": nationality,
            }
        )
        after = _run(added).supplied
        factions = {unit["id"]: unit["faction"] for unit in data["units"]}
        for item, supplied in after.items():
            if item in before and factions[item] != faction and supplied:
                assert before[item], f"{item} came into supply when an enemy unit was added"

    @PROPERTY
    @given(supply_scenario_data(), st.data())
    def test_removing_an_enemy_unit_never_unsupplies(self, data: dict[str, Any], draw: st.DataObject) -> None:
        """Removing a unit never takes a unit of another faction out of supply."""
        gone = draw.draw(st.sampled_from(data["units"]))
        before = _run(data).supplied
        fewer = copy.deepcopy(data)
        fewer["units"] = [unit for unit in fewer["units"] if unit["id"] != gone["id"]]
        after = _run(fewer).supplied
        factions = {unit["id"]: unit["faction"] for unit in data["units"]}
        for item, supplied in before.items():
            if item in after and factions[item] != gone["faction"] and supplied:
                assert after[item], f"{item} fell out of supply when enemy unit {gone['id']} was removed"

    @PROPERTY
    @given(supply_scenario_data(), st.data())
    def test_map_wide_pass_agrees_with_per_unit_search(self, data: dict[str, Any], draw: st.DataObject) -> None:
        """The map-wide reverse search and a plain per-unit forward search agree on every unit (overland or not)."""
        ground = _ground(data)
        data = {**data, "overland": draw.draw(st.lists(st.sampled_from(ground), unique=True)) if ground else []}
        distance = draw.draw(st.sampled_from([reading.value for reading in DistanceReading]))
        air = draw.draw(st.sampled_from([reading.value for reading in AirUnitReading]))
        data["readings"] = {**data.get("readings", {}), "distance": distance, "air_units": air}
        scenario = from_plain(SupplyScenario, data)
        result = evaluate_supply(scenario)
        for item in ground:
            assert result.supplied[item] is supplied_by_forward_search(scenario, item), item

    @PROPERTY
    @given(supply_scenario_data())
    def test_lines_keep_the_rules(self, data: dict[str, Any]) -> None:
        """A supplied unit's line has at most two free hexes, all before any transport leg;
        an unsupplied one breaks ≥ 1 restriction.
        """
        result = _run(data)
        for supply in result.items:
            if supply.supplied:
                kinds = [step.kind for step in supply.path[1:]]
                free = [kind is LegKind.FREE for kind in kinds]
                assert supply.free_hexes is not None
                assert supply.free_hexes <= 2
                # the hex where a free step joins a transport line counts among the two but is not labelled free
                assert supply.free_hexes - sum(free) in (0, 1)
                assert free == sorted(free, reverse=True), "free hexes come first"
            else:
                assert supply.restrictions_broken is None or supply.restrictions_broken >= 1
                assert len(supply.reasons) >= 2


class TestReadingsAndWording:
    """The distance and air-unit readings, and explanations whose counts and words agree."""

    def _longer(self) -> dict[str, Any]:
        board = _corridor()
        board["hexes"].append({"id": "A4", "q": 4, "r": 0, "country": "germany"})
        return board

    def test_distance_reading_decides_the_third_hex(self) -> None:
        """A4 → A3 → A2 → A1 (transport line): too far by default, allowed with two hexes off the network."""
        assert not _supply(self._longer(), [_unit("g1", "A4")]).supplied["g1"]
        result = _supply(self._longer(), [_unit("g1", "A4")], readings={"distance": "two-off-network"})
        supply = result.item("g1")
        assert supply.supplied and supply.free_hexes == 3
        assert [s.kind for s in supply.path[1:]] == [
            LegKind.FREE,
            LegKind.FREE,
            LegKind.TRANSPORT_LINE,
            LegKind.TRANSPORT_LINE,
        ]
        assert "option readings.distance" in result.trace.steps[0].text

    def test_too_far_is_said_once_and_counted_as_points(self) -> None:
        """The nearest line's points match what is listed: here one point, the hex beyond the second."""
        reasons = _supply(self._longer(), [_unit("g1", "A4")]).item("g1").reasons
        assert reasons[1].text == "the line that comes nearest (A4 → A3 → A2 → A1 → A0) fails at 1 point (A1)"
        assert reasons[2].text == (
            "the line reaches a transport line or the source only at its hex 3 (A3, A2, A1); it must reach one "
            "within its first two hexes, the unit's hex not counted"
        )

    def test_air_unit_reading(self) -> None:
        """A lone friendly air unit negates EZOC on a supply line by default, not under ground-only."""
        board = _corridor()
        board["hexes"].append({"id": "B2", "q": 2, "r": 1, "country": "germany"})
        units = [_unit("g1", "A3"), _unit("air", "A2", kind="air"), _unit("s1", "B2", "ussr")]
        assert _supply(board, units).supplied["g1"]
        result = _supply(board, units, readings={"air_units": "ground-only"})
        assert not result.supplied["g1"] and "us.10-2-1.ezoc" in _rules(result, "g1")

    def test_enemy_marker_in_the_source_is_named_once(self) -> None:
        """An enemy Detachment in Berlin: one 10.1.1 step, not a second 10.2.1 step in other words."""
        result = _supply(
            _corridor(), [_unit("g1", "A2")], markers=[{"kind": "detachment", "hex": "A0", "faction": "soviets"}]
        )
        texts = [step.text for step in result.item("g1").reasons]
        assert sum("Detachment" in text or "detachment" in text for text in texts) == 1
        assert "A0 holds an enemy Detachment marker: not a supply source" in texts

    def test_a_unit_in_its_source_says_so(self) -> None:
        """A unit in its own source city is summarised without an empty path."""
        result = _supply(_corridor(), [_unit("g1", "A0")])
        assert [line.text for line in result.summary_messages()] == ["g1 (A0): supplied, in its supply source A0"]
