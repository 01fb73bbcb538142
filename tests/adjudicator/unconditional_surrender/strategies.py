"""Hypothesis strategies for Unconditional Surrender! maps: random hex maps with pieces, for property tests."""

from __future__ import annotations

from typing import Any

from hypothesis import strategies as st

from adjudicator.unconditional_surrender.hexmap import AXIAL_DIRECTIONS

__all__ = ["COUNTRIES", "NATIONALITIES", "supply_scenario_data"]

COUNTRIES = [
    {"id": "germany", "faction": "axis"},
    {"id": "hungary", "faction": "axis", "kind": "minor"},
    {"id": "ussr", "faction": "soviets"},
    {"id": "britain", "faction": "western-allies"},
    {"id": "usa", "faction": "western-allies"},
    {"id": "belgium-holland", "faction": "western-allies", "kind": "minor", "conquered": True},
    {"id": "sweden", "faction": "neutral"},
    {"id": "norway", "faction": "neutral", "kind": "minor", "dependent_of": "sweden"},
]
NATIONALITIES = {
    "axis": ["germany"] * 4 + ["hungary"],
    "soviets": ["ussr"],
    "western-allies": ["britain"] * 3 + ["usa", "belgium-holland"],
}
_MAP_COUNTRIES = ["germany"] * 3 + ["ussr"] * 3 + ["britain"] * 2 + ["hungary", "belgium-holland", "sweden", "norway"]
_FACTIONS = ["axis", "soviets", "western-allies"]


@st.composite
def supply_scenario_data(draw: st.DrawFn, max_width: int = 7, max_height: int = 5) -> dict[str, Any]:
    """Plain data of a random supply scenario: terrain, countries, rails, ports, sea zones, boxes, units, markers."""
    width = draw(st.integers(2, max_width))
    height = draw(st.integers(2, max_height))
    hexes: list[dict[str, Any]] = []
    where: dict[tuple[int, int], str] = {}
    for row in range(height):
        for column in range(width):
            q, r = column - row // 2, row
            terrain = draw(st.sampled_from(["clear"] * 6 + ["sea", "impassable", "mountain"]))
            cell: dict[str, Any] = {"id": f"h{column}_{row}", "q": q, "r": r, "terrain": terrain}
            if terrain != "sea":
                cell["country"] = draw(st.sampled_from(_MAP_COUNTRIES))
                if draw(st.integers(0, 2)) == 0:
                    cell["city"] = f"c{column}{row}"
                if draw(st.integers(0, 3)) == 0:
                    cell["port"] = True
                    cell["ice"] = draw(st.booleans())
                if draw(st.integers(0, 9)) == 0:
                    cell["controlled_by"] = draw(st.sampled_from(_FACTIONS))
            hexes.append(cell)
            where[(q, r)] = cell["id"]
    names = [cell["id"] for cell in hexes]
    position = {cell["id"]: (cell["q"], cell["r"]) for cell in hexes}

    def neighbours(name: str) -> list[str]:
        q, r = position[name]
        return [where[(q + dq, r + dr)] for dq, dr in AXIAL_DIRECTIONS if (q + dq, r + dr) in where]

    lines = []
    for _ in range(draw(st.integers(0, 3))):
        walk = [draw(st.sampled_from(names))]
        for _ in range(draw(st.integers(1, 6))):
            options = [n for n in neighbours(walk[-1]) if n not in walk]
            if not options:
                break
            walk.append(draw(st.sampled_from(options)))
        if len(walk) > 1:
            lines.append({"hexes": walk})
    sides = []
    for _ in range(draw(st.integers(0, 4))):
        a = draw(st.sampled_from(names))
        b = draw(st.sampled_from(neighbours(a)))
        sides.append({"between": [a, b], "feature": draw(st.sampled_from(["mountain", "impassable", "sea", "strait"]))})
    ports = [cell["id"] for cell in hexes if cell.get("port")]
    zones = []
    for number in range(draw(st.integers(1, 2)) if ports else 0):
        zones.append(
            {
                "id": f"zone{number}",
                "ports": draw(st.lists(st.sampled_from(ports), min_size=1, max_size=3, unique=True)),
                "convoys": draw(st.lists(st.sampled_from(_FACTIONS), min_size=1, max_size=3, unique=True)),
                "support_units": draw(st.lists(st.sampled_from(_FACTIONS), max_size=1, unique=True)),
            }
        )
    if len(zones) == 2 and draw(st.booleans()):
        zones[0]["adjacent"] = ["zone1"]
    boxes: list[dict[str, Any]] = []
    if draw(st.booleans()):
        boxes.append(
            {"id": "eus", "kind": "eastern-us-canada", "sea_zones": [z["id"] for z in zones if draw(st.booleans())]}
        )
    if draw(st.booleans()):
        east = [cell["id"] for cell in hexes if cell["id"].startswith(f"h{width - 1}_")]
        linked = bool(boxes) and draw(st.booleans())
        boxes.append(
            {
                "id": "interior",
                "kind": "soviet-interior",
                "entry_hexes": east,
                "links": ["eus"] if linked else [],
            }
        )
    units = []
    for number in range(draw(st.integers(1, 8))):
        faction = draw(st.sampled_from(_FACTIONS))
        units.append(
            {
                "id": f"u{number}",
                "hex": draw(st.sampled_from(names)),
                "faction": faction,
                "nationality": draw(st.sampled_from(NATIONALITIES[faction])),
                "kind": draw(st.sampled_from(["ground"] * 5 + ["air"])),
            }
        )
    markers = []
    for _ in range(draw(st.integers(0, 4))):
        kind = draw(st.sampled_from(["devastation", "beachhead", "partisan-base", "detachment", "logistics"]))
        marker: dict[str, Any] = {"kind": kind, "hex": draw(st.sampled_from(names))}
        if kind != "devastation":
            marker["faction"] = draw(st.sampled_from(_FACTIONS))
        markers.append(marker)
    weather = {"normal": draw(st.sampled_from(["clear", "mud", "storm", "snow"]))}
    return {
        "map": {
            "hexes": hexes,
            "countries": COUNTRIES,
            "hexsides": sides,
            "transport_lines": lines,
            "sea_zones": zones,
            "boxes": boxes,
            "weather": weather,
        },
        "units": units,
        "markers": markers,
    }
