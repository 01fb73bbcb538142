"""A small map as SVG: terrain, hexsides, transport lines, units, ZOC shading and the traced lines.

Game: Unconditional Surrender! (service rules; source ``002_14e02d87786a9df7.txt``).
The picture shows what the rules of ``us.5``/``us.8-1`` (ZOC and EZOC), ``us.10-2``
(supply lines) and ``us.9-1`` (stacks) decided: :func:`render_svg` takes a
scenario of :mod:`adjudicator.unconditional_surrender.supply`, :mod:`adjudicator.unconditional_surrender.zoc` or
:mod:`adjudicator.unconditional_surrender.stacking` (anything with ``map`` and ``units``, optionally
``markers``) and, optionally, its result, and returns SVG text. Pure: no I/O, the
same input gives the same text. Meant for the small maps of the worked examples
(one ``<polygon>`` per hex).

>>> from adjudicator.unconditional_surrender.hexmap import Country, Faction, Hex, HexMap, Unit
>>> from adjudicator.unconditional_surrender.supply import SupplyScenario, evaluate_supply
>>> board = HexMap(hexes=(Hex("a", 0, 0, country="germany", city="Berlin"), Hex("b", 1, 0, country="germany")),
...                countries=(Country("germany", Faction.AXIS),))
>>> scenario = SupplyScenario(board, (Unit("g1", "b", Faction.AXIS, "germany"),))
>>> svg = render_svg(scenario, evaluate_supply(scenario))
>>> svg.startswith("<svg") and 'class="supply-line supplied"' in svg and svg.endswith("</svg>")
True
"""

from __future__ import annotations

import math
from typing import Any

from adjudicator.messages import ENGLISH, Language, message
from adjudicator.plain import xml_text
from adjudicator.unconditional_surrender.hexmap import (
    FACTION_WORDS,
    Faction,
    HexMap,
    HexsideFeature,
    Marker,
    MarkerKind,
    Pieces,
    Terrain,
    Unit,
    UnitKind,
)
from adjudicator.unconditional_surrender.zoc import ZocMap

__all__ = ["render_svg"]

SIZE = 30.0
"""Hex radius in SVG units (centre to corner)."""
_ROOT3 = math.sqrt(3.0)

TERRAIN_FILL = {
    Terrain.CLEAR: "#f4efdd",
    Terrain.ROUGH: "#dccfa4",
    Terrain.FOREST: "#b9d39c",
    Terrain.MOUNTAIN: "#c7ab8c",
    Terrain.SWAMP: "#b3cdbd",
    Terrain.SEA: "#a9cbe8",
    Terrain.IMPASSABLE: "#6f6f6f",
}
FACTION_COLOUR = {
    Faction.AXIS: "#5b6770",
    Faction.WESTERN_ALLIES: "#2f6db3",
    Faction.SOVIETS: "#b3322f",
    Faction.NEUTRAL: "#8c7a3c",
}
SIDE_STYLE = {
    HexsideFeature.MOUNTAIN: 'stroke="#7a4f24" stroke-width="5"',
    HexsideFeature.IMPASSABLE: 'stroke="#111" stroke-width="5"',
    HexsideFeature.SEA: 'stroke="#2a6fb0" stroke-width="5"',
    HexsideFeature.STRAIT: 'stroke="#2a6fb0" stroke-width="4" stroke-dasharray="4 3"',
}
MARKER_LETTER = {
    MarkerKind.DETACHMENT: "D",
    MarkerKind.LOGISTICS: "L",
    MarkerKind.DEVASTATION: "X",
    MarkerKind.PARTISAN_BASE: "P",
    MarkerKind.BEACHHEAD: "B",
    MarkerKind.SHAEF: "S",
}


def _centre(q: int, r: int) -> tuple[float, float]:
    return SIZE * _ROOT3 * (q + r / 2.0), SIZE * 1.5 * r


def _corners(x: float, y: float) -> str:
    points = []
    for corner in range(6):
        angle = math.radians(60 * corner - 30)
        points.append(f"{x + SIZE * math.cos(angle):.1f},{y + SIZE * math.sin(angle):.1f}")
    return " ".join(points)


def _text(x: float, y: float, text: str, size: float, extra: str = "") -> str:
    return (
        f'<text x="{x:.1f}" y="{y:.1f}" font-size="{size:g}" text-anchor="middle" '
        f'font-family="sans-serif"{extra}>{xml_text(text)}</text>'
    )


def render_svg(scenario: Any, result: Any = None, language: Language = ENGLISH) -> str:
    """SVG text of the scenario's map with its units, ZOC shading and (from ``result``) the traced lines;
    the title and legend in ``language``."""
    board: HexMap = scenario.map
    units: tuple[Unit, ...] = scenario.units
    markers: tuple[Marker, ...] = getattr(scenario, "markers", ())
    index = board.index
    pieces = Pieces(index, units, markers)
    centres: dict[str, tuple[float, float]] = {cell.id: _centre(cell.q, cell.r) for cell in board.hexes}
    xs = [x for x, _ in centres.values()] or [0.0]
    ys = [y for _, y in centres.values()] or [0.0]
    left, top = min(xs) - SIZE * 1.2, min(ys) - SIZE * 1.3
    right, bottom = max(xs) + SIZE * 1.2, max(ys) + SIZE * 1.3
    box_x = right + SIZE * 0.4
    labels: dict[str, tuple[float, float]] = {}
    for number, box in enumerate(board.boxes):
        labels[box.id] = (box_x + SIZE * 1.6, top + SIZE * (1.2 + 1.6 * number))
        # lines end on the box's left edge, so they do not hide its name
        centres[box.id] = (box_x + SIZE * 0.1, labels[box.id][1])
    if board.boxes:
        right = box_x + SIZE * 3.4
        bottom = max(bottom, top + SIZE * (0.6 + 1.6 * len(board.boxes)))
    legend_top = bottom + 4
    body: list[str] = []
    body.append('<g class="hexes">')
    for cell in board.hexes:
        x, y = centres[cell.id]
        body.append(
            f'<polygon class="hex" points="{_corners(x, y)}" fill="{TERRAIN_FILL[cell.terrain]}" stroke="#888" '
            'stroke-width="0.8"/>'
        )
        if cell.ice:
            body.append(
                f'<polygon points="{_corners(x, y)}" fill="none" stroke="#7fd3e8" stroke-width="2.5" '
                'stroke-dasharray="3 2"/>'
            )
        body.append(_text(x, y - SIZE * 0.62, cell.id, 7, ' fill="#555"'))
        if cell.stacking_box_4:
            body.append(
                f'<rect x="{x + SIZE * 0.35:.1f}" y="{y - SIZE * 0.55:.1f}" width="9" height="9" fill="#fff" '
                'stroke="#333" stroke-width="0.6"/>'
            )
            body.append(_text(x + SIZE * 0.35 + 4.5, y - SIZE * 0.55 + 7.5, "4", 7))
    body.append("</g>")
    zmap = ZocMap(pieces)
    body.append('<g class="zoc">')
    for faction in sorted({u.faction for u in units}, key=lambda f: f.value):
        covered = sorted(
            {index.names[h] for h, sources in zmap.sources.items() if any(s.faction is faction for s in sources)}
        )
        for name in covered:
            x, y = centres[name]
            body.append(
                f'<polygon class="zoc-{faction.value}" points="{_corners(x, y)}" fill="{FACTION_COLOUR[faction]}" '
                'fill-opacity="0.16" stroke="none"/>'
            )
    body.append("</g>")
    body.append('<g class="hexsides">')
    for side in board.hexsides:
        (ax, ay), (bx, by) = centres[side.between[0]], centres[side.between[1]]
        mx, my = (ax + bx) / 2, (ay + by) / 2
        length = math.hypot(bx - ax, by - ay) or 1.0
        px, py = -(by - ay) / length * SIZE / 2, (bx - ax) / length * SIZE / 2
        body.append(
            f'<line x1="{mx - px:.1f}" y1="{my - py:.1f}" x2="{mx + px:.1f}" y2="{my + py:.1f}" '
            f'{SIDE_STYLE[side.feature]} stroke-linecap="round"/>'
        )
    body.append("</g>")
    body.append('<g class="transport-lines">')
    for line in board.transport_lines:
        points = " ".join(f"{centres[name][0]:.1f},{centres[name][1]:.1f}" for name in line.hexes)
        body.append(f'<polyline points="{points}" fill="none" stroke="#333" stroke-width="2.2"/>')
        body.append(f'<polyline points="{points}" fill="none" stroke="#fff" stroke-width="1" stroke-dasharray="3 3"/>')
    body.append("</g>")
    body.append('<g class="places">')
    for cell in board.hexes:
        x, y = centres[cell.id]
        if cell.city:
            body.append(
                f'<rect x="{x - SIZE * 0.62:.1f}" y="{y + SIZE * 0.18:.1f}" width="7" height="7" fill="#c0392b" '
                'stroke="#fff" stroke-width="0.8"/>'
            )
            body.append(_text(x, y + SIZE * 0.78, cell.city, 7, ' fill="#333"'))
        if cell.port:
            body.append(
                f'<circle cx="{x + SIZE * 0.5:.1f}" cy="{y + SIZE * 0.32:.1f}" r="4" fill="#fff" stroke="#1f5f99" '
                'stroke-width="1.6"/>'
            )
    for box in board.boxes:
        x, y = labels[box.id]
        body.append(
            f'<rect class="off-map-box" x="{x - SIZE * 1.5:.1f}" y="{y - SIZE * 0.6:.1f}" width="{SIZE * 3:.1f}" '
            f'height="{SIZE * 1.2:.1f}" '
            f'fill="#fafafa" stroke="#333" stroke-dasharray="5 3"/>'
        )
        body.append(_text(x, y + 3, box.id, 8))
    body.append("</g>")
    body.append('<g class="markers">')
    for hex_, lying in sorted(pieces.markers_at.items()):
        x, y = centres[index.names[hex_]]
        for number, marker in enumerate(lying):
            mx, my = x - SIZE * 0.55 + number * 9, y - SIZE * 0.3
            colour = "#222" if marker.faction is None else FACTION_COLOUR[marker.faction]
            body.append(
                f'<circle cx="{mx:.1f}" cy="{my:.1f}" r="4.5" fill="#fff" stroke="{colour}" stroke-width="1.4"/>'
            )
            body.append(_text(mx, my + 2.6, MARKER_LETTER[marker.kind], 6.5))
    body.append("</g>")
    body.extend(_lines(result, centres, units))
    body.append('<g class="units">')
    for node, standing in sorted(pieces.units_at.items()):
        x, y = centres[index.names[node]]
        for number, unit in enumerate(standing):
            ux, uy = x - 13 + number * 4, y - 7 + number * 4
            style = 'rx="2"' if unit.kind is UnitKind.GROUND else 'rx="7"'
            body.append(
                f'<rect class="unit" x="{ux:.1f}" y="{uy:.1f}" width="26" height="14" {style} '
                f'fill="{FACTION_COLOUR[unit.faction]}" stroke="#fff" stroke-width="0.8"/>'
            )
            body.append(_text(ux + 13, uy + 10, unit.id[:7], 7, ' fill="#fff"'))
    body.append("</g>")
    factions = sorted({u.faction for u in units}, key=lambda f: f.value)
    legend = _legend(factions, left, legend_top, language)
    height = legend_top + 6 + 13 * len(factions) - top
    right = max(right, left + 230)
    head = (
        f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="{left:.1f} {top:.1f} {right - left:.1f} {height:.1f}" '
        f'width="{right - left:.0f}" height="{height:.0f}" role="img">'
    )
    title = f"<title>{xml_text(language.render(message('Map')))}</title>"
    return "\n".join([head, title, *body, *legend, "</svg>"])


def _lines(result: Any, centres: dict[str, tuple[float, float]], units: tuple[Unit, ...]) -> list[str]:
    """Supply lines (supply results), moves (ZOC results) and illegal stacks (stacking results)."""
    drawn: list[str] = ['<g class="traced">']
    for item in getattr(result, "items", ()):
        path = item.path if item.supplied else item.nearest_path
        nodes = [step.node for step in path if step.node in centres]
        if len(nodes) < 2:
            continue
        css = "supplied" if item.supplied else "unsupplied"
        colour, dash = ("#1e8c3a", "") if item.supplied else ("#c62828", ' stroke-dasharray="6 4"')
        points = " ".join(f"{centres[n][0]:.1f},{centres[n][1]:.1f}" for n in nodes)
        drawn.append(
            f'<polyline class="supply-line {css}" points="{points}" fill="none" stroke="{colour}" stroke-width="3" '
            f'stroke-opacity="0.85"{dash}/>'
        )
        x, y = centres[nodes[-1]]
        drawn.append(f'<circle cx="{x:.1f}" cy="{y:.1f}" r="5" fill="{colour}"/>')
    positions = {unit.id: unit.hex for unit in units}
    for verdict in getattr(result, "queries", ()):
        nodes = [positions[verdict.unit], *verdict.entered]
        colour = "#e67e22" if verdict.allowed else "#c62828"
        if len(nodes) > 1:
            points = " ".join(f"{centres[n][0]:.1f},{centres[n][1]:.1f}" for n in nodes)
            drawn.append(
                f'<polyline class="move" points="{points}" fill="none" stroke="{colour}" stroke-width="3" '
                'marker-end="none"/>'
            )
        if verdict.blocked_at is not None and verdict.blocked_at in centres:
            x, y = centres[verdict.blocked_at]
            drawn.append(
                '<path class="blocked" '
                f'd="M{x - 7:.1f},{y - 7:.1f} L{x + 7:.1f},{y + 7:.1f} '
                f'M{x - 7:.1f},{y + 7:.1f} L{x + 7:.1f},{y - 7:.1f}" '
                f'stroke="#c62828" stroke-width="3"/>'
            )
    for stack in getattr(result, "stacks", ()):
        if not stack.legal and stack.hex in centres:
            x, y = centres[stack.hex]
            drawn.append(
                f'<polygon class="illegal-stack" points="{_corners(x, y)}" fill="none" stroke="#c62828" '
                'stroke-width="3"/>'
            )
    drawn.append("</g>")
    return drawn


def _legend(factions: list[Faction], left: float, top: float, language: Language) -> list[str]:
    parts = ['<g class="legend">']
    for number, faction in enumerate(factions):
        y = top + 13 * number
        parts.append(
            f'<rect x="{left + 6:.1f}" y="{y:.1f}" width="10" height="10" fill="{FACTION_COLOUR[faction]}" '
            'fill-opacity="0.35"/>'
        )
        label = xml_text(
            language.render(
                message(
                    "ZOC of {faction} units (EZOC for the others)", faction=FACTION_WORDS.get(faction, faction.value)
                )
            )
        )
        parts.append(
            f'<text x="{left + 20:.1f}" y="{y + 8.5:.1f}" font-size="8" font-family="sans-serif">{label}</text>'
        )
    parts.append("</g>")
    return parts
