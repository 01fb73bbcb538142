"""Tests of :mod:`adjudicator.unconditional_surrender.svg`:
the SVG picture of a small map and what the calculators traced on it.
"""

from __future__ import annotations

import xml.etree.ElementTree as ElementTree
from typing import Any

from adjudicator.plain import from_plain
from adjudicator.unconditional_surrender.stacking import StackingScenario, evaluate_stacking
from adjudicator.unconditional_surrender.supply import SupplyScenario, evaluate_supply
from adjudicator.unconditional_surrender.svg import render_svg
from adjudicator.unconditional_surrender.zoc import ZocScenario, evaluate_zoc

SVG = "{http://www.w3.org/2000/svg}"
MAP: dict[str, Any] = {
    "countries": [{"id": "germany", "faction": "axis"}, {"id": "ussr", "faction": "soviets"}],
    "hexes": [{"id": f"A{q}", "q": q, "r": 0, "country": "germany"} for q in range(5)]
    + [{"id": "P", "q": 0, "r": 1, "country": "germany", "port": True}],
    "transport_lines": [{"hexes": ["A0", "A1"]}],
    "hexsides": [{"between": ["A3", "A4"], "feature": "mountain"}],
    "sea_zones": [{"id": "baltic", "ports": ["P"]}],
    "boxes": [{"id": "interior", "kind": "soviet-interior", "entry_hexes": ["A4"]}],
}
MAP["hexes"][0]["city"] = "Berlin"
UNITS = [
    {"id": "g1", "hex": "A3", "faction": "axis", "nationality": "germany"},
    {"id": "s1", "hex": "interior", "faction": "soviets", "nationality": "ussr"},
    {"id": "g2", "hex": "A2", "faction": "axis", "nationality": "germany", "type": "hq"},
    {"id": "g3", "hex": "A2", "faction": "axis", "nationality": "germany", "type": "hq"},
]


def _classes(svg: str) -> list[str]:
    return [element.get("class", "") for element in ElementTree.fromstring(svg).iter()]


class TestRenderSvg:
    def test_well_formed_with_one_polygon_per_hex(self) -> None:
        """The picture is well-formed SVG with a hex polygon per map hex, the box and every unit."""
        scenario = from_plain(SupplyScenario, {"map": MAP, "units": UNITS})
        classes = _classes(render_svg(scenario))
        assert (
            classes.count("hex") == len(MAP["hexes"])
            and classes.count("off-map-box") == 1
            and classes.count("unit") == len(UNITS)
        )

    def test_supply_line_and_zoc_shading(self) -> None:
        """A supply result adds its line; every faction's ZOC is shaded."""
        scenario = from_plain(SupplyScenario, {"map": MAP, "units": UNITS})
        svg = render_svg(scenario, evaluate_supply(scenario))
        line = next(
            e for e in ElementTree.fromstring(svg).iter(f"{SVG}polyline") if "supply-line" in e.get("class", "")
        )
        assert line.get("class") == "supply-line supplied" and len(line.get("points", "").split()) == 4
        assert "zoc-axis" in _classes(svg)

    def test_moves_and_illegal_stacks(self) -> None:
        """A ZOC result draws the moves and marks where they are blocked; a stacking result outlines illegal stacks."""
        enemy = {"id": "s2", "hex": "A0", "faction": "soviets", "nationality": "ussr"}
        zoc = from_plain(
            ZocScenario,
            {
                "map": MAP,
                "units": [UNITS[0], enemy],
                "queries": [{"unit": "g1", "action": "reserve-movement", "path": ["A2", "A1"]}],
            },
        )
        classes = _classes(render_svg(zoc, evaluate_zoc(zoc)))
        assert classes.count("move") == 1 and classes.count("blocked") == 1
        stacking = from_plain(StackingScenario, {"map": MAP, "units": UNITS})
        assert _classes(render_svg(stacking, evaluate_stacking(stacking))).count("illegal-stack") == 1

    def test_pure(self) -> None:
        """The same input gives the same text."""
        scenario = from_plain(SupplyScenario, {"map": MAP, "units": UNITS})
        assert render_svg(scenario, evaluate_supply(scenario)) == render_svg(scenario, evaluate_supply(scenario))


class TestSeaZonesLegendAndBreakMarks:
    """Sea zones with convoys and support units, a legend in the page's language, break marks."""

    SCENARIO: dict[str, Any] = {
        "map": {
            "countries": [{"id": "germany", "faction": "axis"}, {"id": "ussr", "faction": "soviets"}],
            "hexes": [{"id": f"A{q}", "q": q, "r": 0, "country": "germany"} for q in range(4)]
            + [
                {"id": "K", "q": 0, "r": 1, "country": "germany", "port": True, "city": "Kiel"},
                {"id": "O", "q": 3, "r": 1, "country": "germany", "port": True},
                {"id": "N", "q": 1, "r": 1, "country": "germany", "port": True},
            ],
            "sea_zones": [
                {"id": "baltic", "ports": ["K", "O"], "convoys": ["axis"]},
                {"id": "north-sea", "ports": ["N"], "support_units": ["soviets"]},
            ],
            "hexsides": [{"between": ["A0", "A1"], "feature": "strait"}],
        },
        "units": [
            {"id": "g1", "hex": "A0", "faction": "axis", "nationality": "germany"},
            {"id": "g2", "hex": "A3", "faction": "axis", "nationality": "germany"},
            {"id": "s1", "hex": "A2", "faction": "soviets", "nationality": "ussr"},
        ],
        "markers": [{"kind": "logistics", "hex": "O", "faction": "axis", "nationality": "germany", "id": "log"}],
        "checks": [{"item": "log", "purpose": "deployment-site"}],
        "overland": ["g2"],
    }

    def _drawn(self, language: Any = None) -> tuple[Any, Any, ElementTree.Element]:
        scenario = from_plain(SupplyScenario, self.SCENARIO)
        result = evaluate_supply(scenario)
        svg = render_svg(scenario, result) if language is None else render_svg(scenario, result, language)
        return scenario, result, ElementTree.fromstring(svg)

    def test_each_break_mark_stands_where_the_line_breaks_with_its_rules(self) -> None:
        from adjudicator.unconditional_surrender.svg import _centre

        _, result, root = self._drawn()
        marks = [element for element in root.iter(f"{SVG}g") if element.get("class") == "break-mark"]
        expected = [(item.id, point) for item in result.items if not item.supplied for point in item.breaks]
        assert expected, "the scenario must leave an item unsupplied"
        assert len(marks) == len(expected)
        cells = {cell["id"]: cell for cell in self.SCENARIO["map"]["hexes"]}
        zones = {e.get("data-zone"): e for e in root.iter(f"{SVG}rect") if e.get("class") == "sea-zone"}

        def where(node: str) -> tuple[float, float]:
            if node in cells:
                return _centre(cells[node]["q"], cells[node]["r"])
            box = zones[node]  # a sea zone: lines meet its box's left edge
            return float(box.get("x", "0")), float(box.get("y", "0")) + float(box.get("height", "0")) / 2

        for mark, (item, point) in zip(marks, expected):
            assert mark.get("data-item") == item
            assert mark.get("data-rules") == " ".join(point.rules)
            places = [where(node) for node in point.nodes]
            if len(places) == 2:
                x, y = (places[0][0] + places[1][0]) / 2, (places[0][1] + places[1][1]) / 2
            else:
                x, y = places[0]
            assert (float(mark.get("data-x", "nan")), float(mark.get("data-y", "nan"))) == (round(x, 1), round(y, 1))

    def test_sea_zone_is_named_with_its_convoy_support_unit_and_port_links(self) -> None:
        _, _, root = self._drawn()
        zone = next(e for e in root.iter(f"{SVG}rect") if e.get("class") == "sea-zone")
        assert zone.get("data-zone") == "baltic"
        texts = [e.text for e in root.iter(f"{SVG}text")]
        assert "baltic" in texts
        kinds = {(e.get("class"), e.get("data-faction")) for e in root.iter(f"{SVG}g")}
        assert {("convoy", "axis"), ("support-unit", "soviets")} <= kinds
        assert len([e for e in root.iter(f"{SVG}line") if e.get("class") == "zone-port"]) == 3

    def test_a_refused_10_3_answer_is_not_drawn_green(self) -> None:
        """The Logistics marker is in supply by sea, but may not be a deployment site (overland supply)."""
        _, result, root = self._drawn()
        assert result.allowed["log deployment-site"] is False
        lines = [e for e in root.iter(f"{SVG}polyline") if e.get("data-item") == "log"]
        assert lines and all(e.get("stroke") != "#1e8c3a" for e in lines)
        assert all("check-refused" in e.get("class", "") for e in lines)
        badge = next(e for e in root.iter(f"{SVG}g") if (e.get("class") or "").startswith("check "))
        assert badge.get("class") == "check refused" and badge.get("data-rule") == "us.10-3.logistics-deployment"

    def test_the_legend_names_what_is_drawn_in_every_language(self) -> None:
        from pathlib import Path

        from rulebook.adjudication.messages import load_language

        locales = Path(__file__).resolve().parents[3] / "locales"
        wanted = {"supplied", "check-refused", "unsupplied", "break-mark", "check", "city", "port", "sea-zone"}
        wanted |= {"convoy", "support-unit", "strait", "marker:logistics"}
        english: dict[str | None, str] = {}
        for code in ("en", "de", "hu", "ru", "nl"):
            _, _, root = self._drawn(load_language(locales, code))
            entries = {
                e.get("data-key"): "".join(e.itertext())
                for e in root.iter(f"{SVG}g")
                if e.get("class") == "legend-entry"
            }
            assert set(entries) == wanted, code
            assert all(words.strip() for words in entries.values()), code
            if code == "en":
                english = dict(entries)
                assert english["sea-zone"] == "sea zone (dotted to its ports)"
            else:  # every entry in the tree's language; the marker's name is a game term the sources keep in English
                assert all(entries[key] != english[key] for key in wanted - {"marker:logistics"}), (code, entries)
