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

from adjudicator.messages import ENGLISH, N_, AnswerLanguage, message
from adjudicator.plain import xml_text
from adjudicator.unconditional_surrender.hexmap import (
    FACTION_WORDS,
    MARKER_WORDS,
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


def render_svg(scenario: Any, result: Any = None, language: AnswerLanguage = ENGLISH) -> str:
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
    for number, zone in enumerate(board.sea_zones, start=len(board.boxes)):
        labels[zone.id] = (box_x + SIZE * 1.6, top + SIZE * (1.2 + 1.6 * number))
        centres[zone.id] = (box_x + SIZE * 0.1, labels[zone.id][1])
    column = len(board.boxes) + len(board.sea_zones)
    if column:
        right = box_x + SIZE * 3.4
        bottom = max(bottom, top + SIZE * (0.6 + 1.6 * column))
    legend_top = bottom + 4
    body: list[str] = [
        *_hex_layer(board, centres),
        *_zoc_layer(pieces, units, centres),
        *_hexside_layer(board, centres),
        *_transport_layer(board, centres),
        *_place_layer(board, centres, labels),
        *_sea_zones(board, centres, labels),
        *_marker_layer(pieces, centres),
        *_lines(result, centres, units),
        *_unit_layer(pieces, centres),
    ]
    factions = sorted({u.faction for u in units}, key=lambda f: f.value)
    entries = _legend_entries(board, markers, result, "\n".join(body))
    legend = _legend(factions, entries, left, legend_top, language)
    height = legend_top + 6 + 13 * (len(factions) + len(entries)) - top
    right = max(right, left + 230)
    head = (
        f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="{left:.1f} {top:.1f} {right - left:.1f} {height:.1f}" '
        f'width="{right - left:.0f}" height="{height:.0f}" role="img">'
    )
    title = f"<title>{xml_text(language.render(message('Map')))}</title>"
    return "\n".join([head, title, *body, *legend, "</svg>"])


def _hex_layer(board: HexMap, centres: dict[str, tuple[float, float]]) -> list[str]:
    """The hexes: terrain, ice, ids and stacking boxes of 4."""
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
    return body


def _zoc_layer(pieces: Pieces, units: tuple[Unit, ...], centres: dict[str, tuple[float, float]]) -> list[str]:
    """Each faction's zones of control, shaded in its colour."""
    index = pieces.index
    body: list[str] = []
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
    return body


def _hexside_layer(board: HexMap, centres: dict[str, tuple[float, float]]) -> list[str]:
    """The hexside features, each a stroke across the side."""
    body: list[str] = []
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
    return body


def _transport_layer(board: HexMap, centres: dict[str, tuple[float, float]]) -> list[str]:
    """The transport lines through the centres of their hexes."""
    body: list[str] = []
    body.append('<g class="transport-lines">')
    for line in board.transport_lines:
        points = " ".join(f"{centres[name][0]:.1f},{centres[name][1]:.1f}" for name in line.hexes)
        body.append(f'<polyline points="{points}" fill="none" stroke="#333" stroke-width="2.2"/>')
        body.append(f'<polyline points="{points}" fill="none" stroke="#fff" stroke-width="1" stroke-dasharray="3 3"/>')
    body.append("</g>")
    return body


def _place_layer(
    board: HexMap, centres: dict[str, tuple[float, float]], labels: dict[str, tuple[float, float]]
) -> list[str]:
    """Cities, ports and the off-map boxes."""
    body: list[str] = []
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
    return body


def _marker_layer(pieces: Pieces, centres: dict[str, tuple[float, float]]) -> list[str]:
    """The markers on the map, a lettered disc each."""
    index = pieces.index
    body: list[str] = []
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
    return body


def _unit_layer(pieces: Pieces, centres: dict[str, tuple[float, float]]) -> list[str]:
    """The units, stacked in each hex, ground units square and air units round."""
    index = pieces.index
    body: list[str] = []
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
    return body


SUPPLIED, UNSUPPLIED, REFUSED = "#1e8c3a", "#c62828", "#d68910"
"""Line colours: supplied; the nearest line of an unsupplied item; supplied, but a 10.3 check answers no."""


def _check_answers(result: Any) -> dict[str, list[Any]]:
    """The 10.3 verdicts of a supply result by item id."""
    answers: dict[str, list[Any]] = {}
    for verdict in getattr(result, "checks", ()):
        answers.setdefault(verdict.item, []).append(verdict)
    return answers


def break_mark_position(nodes: tuple[str, ...], centres: dict[str, tuple[float, float]]) -> tuple[float, float] | None:
    """Where a break mark is drawn: the hex or zone, the middle of a hexside (two hexes), the first hex beyond."""
    if len(nodes) == 2 and all(node in centres for node in nodes):
        (ax, ay), (bx, by) = centres[nodes[0]], centres[nodes[1]]
        return (ax + bx) / 2, (ay + by) / 2
    return centres.get(nodes[0]) if nodes else None


def _lines(result: Any, centres: dict[str, tuple[float, float]], units: tuple[Unit, ...]) -> list[str]:
    """Supply lines with their break marks and 10.3 answers (supply results), moves (ZOC results) and
    illegal stacks (stacking results)."""
    drawn: list[str] = ['<g class="traced">']
    answers = _check_answers(result)
    marks: list[str] = []
    for item in getattr(result, "items", ()):
        path = item.path if item.supplied else item.nearest_path
        nodes = [step.node for step in path if step.node in centres]
        refused = [verdict for verdict in answers.get(item.id, ()) if verdict.allowed is False]
        if item.supplied and refused:
            css, colour, dash = "supplied check-refused", REFUSED, ""
        elif item.supplied:
            css, colour, dash = "supplied", SUPPLIED, ""
        else:
            css, colour, dash = "unsupplied", UNSUPPLIED, ' stroke-dasharray="6 4"'
        if len(nodes) >= 2:
            points = " ".join(f"{centres[n][0]:.1f},{centres[n][1]:.1f}" for n in nodes)
            drawn.append(
                f'<polyline class="supply-line {css}" data-item="{xml_text(item.id)}" points="{points}" fill="none" '
                f'stroke="{colour}" stroke-width="3" stroke-opacity="0.85"{dash}/>'
            )
            x, y = centres[nodes[-1]]
            drawn.append(f'<circle cx="{x:.1f}" cy="{y:.1f}" r="5" fill="{colour}"/>')
        for point in getattr(item, "breaks", ()):
            where = break_mark_position(point.nodes, centres)
            if where is not None:
                marks.extend(_break_mark(where, item.id, point.rules))
        for verdict in answers.get(item.id, ()):
            if item.hex in centres and verdict.allowed is not None:
                marks.extend(_check_badge(centres[item.hex], verdict))
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
    return [*drawn, '<g class="marks">', *marks, "</g>"]


def _break_mark(where: tuple[float, float], item: str, rules: tuple[str, ...]) -> list[str]:
    """A red zigzag across the line where it breaks a restriction, and the ids of the rules broken."""
    x, y = where
    label = ", ".join(rule.removeprefix("us.") for rule in rules)
    zigzag = f"M{x - 7:.1f},{y - 6:.1f} L{x + 2:.1f},{y - 1:.1f} L{x - 2:.1f},{y + 1:.1f} L{x + 7:.1f},{y + 6:.1f}"
    return [
        f'<g class="break-mark" data-item="{xml_text(item)}" data-rules="{xml_text(" ".join(rules))}" '
        f'data-x="{x:.1f}" data-y="{y:.1f}">',
        f'<path d="{zigzag}" fill="none" stroke="#fff" stroke-width="5"/>',
        f'<path d="{zigzag}" fill="none" stroke="{UNSUPPLIED}" stroke-width="2.5"/>',
        _text(
            x,
            y - 9,
            label,
            6.5,
            f' fill="{UNSUPPLIED}" font-weight="bold" stroke="#fff" stroke-width="2" paint-order="stroke"',
        ),
        "</g>",
    ]


def _check_badge(where: tuple[float, float], verdict: Any) -> list[str]:
    """A 10.3 answer at the item: a tick (yes) or a cross (no), with the rule that decided."""
    x, y = where[0] + SIZE * 0.55, where[1] + SIZE * 0.05
    allowed = verdict.allowed
    colour = SUPPLIED if allowed else UNSUPPLIED
    rules = [step.rule for step in verdict.steps if step.rule.startswith("us.10-3")] or ["us.10-3"]
    rule = rules[-1] if not allowed else rules[0]
    sign = "M{:.1f},{:.1f} l3,3 l6,-7" if allowed else "M{:.1f},{:.1f} l7,7 m0,-7 l-7,7"
    return [
        f'<g class="check {"allowed" if allowed else "refused"}" data-item="{xml_text(verdict.item)}" '
        f'data-purpose="{verdict.purpose.value}" data-rule="{xml_text(rule)}">',
        f'<circle cx="{x:.1f}" cy="{y:.1f}" r="7" fill="#fff" stroke="{colour}" stroke-width="1.6"/>',
        f'<path d="{sign.format(x - 4, y - 1 if allowed else y - 3.5)}" fill="none" stroke="{colour}" '
        'stroke-width="2"/>',
        _text(x, y + 14, rule.removeprefix("us."), 6, f' fill="{colour}"'),
        "</g>",
    ]


def _sea_zones(
    board: HexMap, centres: dict[str, tuple[float, float]], labels: dict[str, tuple[float, float]]
) -> list[str]:
    """Each sea zone as a named box in the right column, joined to its ports, with its convoys and support units."""
    drawn = ['<g class="sea-zones">']
    for zone in board.sea_zones:
        x, y = labels[zone.id]
        for port in zone.ports:
            if port in centres:
                px, py = centres[port]
                drawn.append(
                    f'<line class="zone-port" x1="{px:.1f}" y1="{py:.1f}" x2="{x - SIZE * 1.5:.1f}" y2="{y:.1f}" '
                    'stroke="#2a6fb0" stroke-width="1" stroke-opacity="0.6" stroke-dasharray="2 3"/>'
                )
        drawn.append(
            f'<rect class="sea-zone" data-zone="{xml_text(zone.id)}" x="{x - SIZE * 1.5:.1f}" y="{y - SIZE * 0.6:.1f}" '
            f'width="{SIZE * 3:.1f}" height="{SIZE * 1.2:.1f}" rx="12" fill="{TERRAIN_FILL[Terrain.SEA]}" '
            'stroke="#2a6fb0"/>'
        )
        drawn.append(_text(x, y - 2, zone.id, 8, ' fill="#123"'))
        badges = [("convoy", faction, "C") for faction in zone.convoys]
        badges += [("support-unit", faction, "S") for faction in zone.support_units]
        for number, (kind, faction, letter) in enumerate(badges):
            bx, by = x - SIZE * 1.2 + number * 13, y + 4
            shape = (
                f'<rect x="{bx:.1f}" y="{by:.1f}" width="11" height="8" rx="1" fill="{FACTION_COLOUR[faction]}"/>'
                if kind == "convoy"
                else f'<circle cx="{bx + 5.5:.1f}" cy="{by + 4:.1f}" r="4.5" fill="{FACTION_COLOUR[faction]}"/>'
            )
            drawn.append(f'<g class="{kind}" data-faction="{faction.value}">{shape}')
            drawn.append(_text(bx + 5.5, by + 6.5, letter, 6, ' fill="#fff"') + "</g>")
    drawn.append("</g>")
    return drawn


LEGEND_WORDS = {
    "supplied": N_("supply line"),
    "check-refused": N_("in supply, but a 10.3 check answers no"),
    "unsupplied": N_("the nearest line of a unit out of supply"),
    "break-mark": N_("where that line breaks a restriction, with the rule"),
    "check": N_("10.3 check: yes or no, with the rule"),
    "move": N_("a move; red where it must stop"),
    "illegal-stack": N_("a stack over the limit"),
    "city": N_("city"),
    "port": N_("port"),
    "transport-line": N_("transport line"),
    "sea-zone": N_("sea zone (dotted to its ports)"),
    "convoy": N_("supply convoy"),
    "support-unit": N_("support unit"),
    "off-map-box": N_("off-map box"),
    "mountain": N_("mountain hexside"),
    "impassable": N_("impassable hexside"),
    "sea": N_("sea hexside"),
    "strait": N_("strait"),
}
"""The legend's words, by what they explain (each a catalog word, shown in the page's language)."""


def _legend_entries(board: HexMap, markers: tuple[Marker, ...], result: Any, drawn: str) -> list[tuple[str, str]]:
    """The legend's entries for what this picture shows: (key, symbol SVG at 0,0) in a fixed order."""
    shown: list[tuple[str, str]] = []
    line = '<line x1="0" y1="5" x2="12" y2="5" stroke="{}" stroke-width="3"{}/>'
    present = {
        "supplied": 'class="supply-line supplied"' in drawn,
        "check-refused": "check-refused" in drawn,
        "unsupplied": 'class="supply-line unsupplied"' in drawn,
        "break-mark": 'class="break-mark"' in drawn,
        "check": '<g class="check' in drawn,
        "move": 'class="move"' in drawn,
        "illegal-stack": 'class="illegal-stack"' in drawn,
        "city": any(cell.city for cell in board.hexes),
        "port": any(cell.port for cell in board.hexes),
        "transport-line": bool(board.transport_lines),
        "sea-zone": bool(board.sea_zones),
        "convoy": any(zone.convoys for zone in board.sea_zones),
        "support-unit": any(zone.support_units for zone in board.sea_zones),
        "off-map-box": bool(board.boxes),
    }
    symbols = {
        "supplied": line.format(SUPPLIED, ""),
        "check-refused": line.format(REFUSED, ""),
        "unsupplied": line.format(UNSUPPLIED, ' stroke-dasharray="4 2"'),
        "break-mark": f'<path d="M0,0 L8,4 L5,6 L12,10" fill="none" stroke="{UNSUPPLIED}" stroke-width="2.5"/>',
        "check": f'<circle cx="6" cy="5" r="5" fill="#fff" stroke="{SUPPLIED}" stroke-width="1.5"/>',
        "move": line.format("#e67e22", ""),
        "illegal-stack": f'<rect x="1" y="0" width="10" height="10" fill="none" stroke="{UNSUPPLIED}" '
        'stroke-width="2"/>',
        "city": '<rect x="2" y="1" width="8" height="8" fill="#c0392b"/>',
        "port": '<circle cx="6" cy="5" r="4" fill="#fff" stroke="#1f5f99" stroke-width="1.6"/>',
        "transport-line": '<line x1="0" y1="5" x2="12" y2="5" stroke="#333" stroke-width="2.2"/>'
        '<line x1="0" y1="5" x2="12" y2="5" stroke="#fff" stroke-width="1" stroke-dasharray="3 3"/>',
        "sea-zone": f'<rect x="0" y="0" width="12" height="10" rx="4" fill="{TERRAIN_FILL[Terrain.SEA]}" '
        'stroke="#2a6fb0"/>',
        "convoy": '<rect x="0" y="1" width="11" height="8" rx="1" fill="#777"/>',
        "support-unit": '<circle cx="6" cy="5" r="4.5" fill="#777"/>',
        "off-map-box": '<rect x="0" y="0" width="12" height="10" fill="#fafafa" stroke="#333" stroke-dasharray="3 2"/>',
    }
    shown = [(key, symbols[key]) for key, here in present.items() if here]
    for feature in sorted({side.feature for side in board.hexsides}, key=lambda f: list(HexsideFeature).index(f)):
        shown.append((feature.value, f'<line x1="0" y1="5" x2="12" y2="5" {SIDE_STYLE[feature]}/>'))
    for kind in sorted({marker.kind for marker in markers}, key=lambda k: list(MarkerKind).index(k)):
        shown.append(
            (
                f"marker:{kind.value}",
                '<circle cx="6" cy="5" r="4.5" fill="#fff" stroke="#222" stroke-width="1.2"/>'
                + _text(6, 7.5, MARKER_LETTER[kind], 6.5),
            )
        )
    return shown


def _legend(
    factions: list[Faction], entries: list[tuple[str, str]], left: float, top: float, language: AnswerLanguage
) -> list[str]:
    parts = ['<g class="legend">']
    for number, (key, symbol) in enumerate(entries):
        y = top + 13 * (len(factions) + number)
        if key.startswith("marker:"):
            word = MARKER_WORDS[MarkerKind(key.removeprefix("marker:"))]
        else:
            word = LEGEND_WORDS[key]
        # a catalog word as a field value is shown in the language (a template must be a literal)
        words = language.render(message("{word}", word=word))
        parts.append(
            f'<g class="legend-entry" data-key="{key}"><g transform="translate({left + 5:.1f},{y:.1f})">{symbol}</g>'
            f'<text x="{left + 20:.1f}" y="{y + 8.5:.1f}" font-size="8" font-family="sans-serif">'
            f"{xml_text(words)}</text></g>"
        )
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
