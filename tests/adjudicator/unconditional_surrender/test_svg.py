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
