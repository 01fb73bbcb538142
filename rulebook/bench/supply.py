"""Benchmark ``supply``: map-wide supply of Unconditional Surrender! on synthetic maps.

Two maps, 10,000 hexes with 500 units and 100,000 hexes with 2,000 units, each
with a west coast of sea zones and British-held ports (with the Eastern US/Canada
box behind them), a grid of transport lines with cities at its crossings, a German west, a
Soviet east (the east edge leads to the Soviet Interior box), a neutral block,
impassable hexes, Devastation markers and a front where the two sides' ZOC
meet. The figure is the wall time of :func:`adjudicator.unconditional_surrender.supply.evaluate_supply`
on the whole map (the map index, ZOC, every unit's line or diagnosis and the
trace included; building the scenario not), the fastest of three runs; also the processor time
and the machine's load (see :func:`bench_supply`).
"""

from __future__ import annotations

import os
import random
import time
from typing import Any

from adjudicator.unconditional_surrender.hexmap import (
    BoxKind,
    Country,
    CountryKind,
    Faction,
    Hex,
    HexMap,
    Marker,
    MarkerKind,
    OffMapBox,
    SeaZone,
    Terrain,
    TransportLine,
    Unit,
)
from adjudicator.unconditional_surrender.supply import SupplyScenario, evaluate_supply

__all__ = ["bench_supply", "synthetic_scenario"]

SIZES = {"small": (100, 100, 500), "large": (400, 250, 2000)}
"""Name → (columns, rows, units)."""
GRID = 10
"""Spacing of the transport-line grid, in hexes."""
ZONE_ROWS = 25
"""Rows of coast per sea zone."""
BRITISH_COLUMNS = 4
"""Width of the British-held coast, whose ports lead to the Eastern US/Canada box."""


def synthetic_scenario(columns: int, rows: int, units: int, seed: int = 1) -> SupplyScenario:
    """A reproducible synthetic map of ``columns × rows`` hexes with ``units`` units."""
    chance = random.Random(seed)
    coast, front = 3, columns // 2
    hexes: list[Hex] = []

    def axial(column: int, row: int) -> tuple[int, int]:
        return column - row // 2, row

    def name(column: int, row: int) -> str:
        return f"{column}.{row}"

    for row in range(rows):
        for column in range(columns):
            q, r = axial(column, row)
            if column < coast:
                hexes.append(Hex(name(column, row), q, r, Terrain.SEA))
                continue
            country = "britain" if column < coast + BRITISH_COLUMNS else "germany" if column < front else "ussr"
            if column % GRID == 5 and row % GRID == 5 and chance.random() < 0.2:
                country = "sweden"
            crossing = column % GRID == 0 and row % GRID == 0
            terrain = Terrain.IMPASSABLE if not crossing and chance.random() < 0.02 else Terrain.CLEAR
            city = f"city-{column}-{row}" if crossing and (column // GRID + row // GRID) % 3 == 0 else None
            port = column == coast and row % GRID == 0
            hexes.append(Hex(name(column, row), q, r, terrain, country, city=city, port=port))
    lines = [
        TransportLine(tuple(name(column, row) for column in range(coast, columns)), f"east-west {row}")
        for row in range(0, rows, GRID)
    ]
    lines += [
        TransportLine(tuple(name(column, row) for row in range(rows)), f"north-south {column}")
        for column in range(GRID, columns, GRID)
    ]
    zones = []
    for number, first in enumerate(range(0, rows, ZONE_ROWS)):
        ports = tuple(name(coast, row) for row in range(first, min(rows, first + ZONE_ROWS)) if row % GRID == 0)
        adjacent = (f"zone-{number + 1}",) if first + ZONE_ROWS < rows else ()
        support = (Faction.SOVIETS,) if number % 4 == 3 else ()
        zones.append(SeaZone(f"zone-{number}", ports, adjacent, convoys=(Faction.AXIS,), support_units=support))
    boxes = (
        OffMapBox("eastern-us-canada", BoxKind.EASTERN_US_CANADA, sea_zones=tuple(zone.id for zone in zones)),
        OffMapBox(
            "soviet-interior", BoxKind.SOVIET_INTERIOR, entry_hexes=tuple(name(columns - 1, row) for row in range(rows))
        ),
    )
    countries = (
        Country("germany", Faction.AXIS),
        Country("ussr", Faction.SOVIETS),
        Country("britain", Faction.WESTERN_ALLIES),
        Country("sweden", Faction.NEUTRAL, CountryKind.MAJOR),
    )
    board = HexMap(tuple(hexes), countries, (), tuple(lines), tuple(zones), boxes)
    pieces: list[Unit] = []
    width = max(4, columns // 10)
    for number in range(units):
        row = chance.randrange(rows)
        roll = chance.random()
        if roll < 0.45:
            column, faction, nationality = chance.randrange(front - width, front), Faction.AXIS, "germany"
        elif roll < 0.9:
            column, faction, nationality = chance.randrange(front, front + width), Faction.SOVIETS, "ussr"
        else:
            column, faction, nationality = (
                chance.randrange(coast, coast + BRITISH_COLUMNS),
                Faction.WESTERN_ALLIES,
                "britain",
            )
        pieces.append(Unit(f"u{number}", name(column, row), faction, nationality))
    markers = [
        Marker(MarkerKind.DEVASTATION, name(chance.randrange(coast, columns), chance.randrange(0, rows, GRID)))
        for _ in range(rows // 5)
    ]
    return SupplyScenario(board, tuple(pieces), tuple(markers))


REPEATS = 3
"""Runs per map; the figure is the fastest (the others measure the machine's other work)."""


def _time(columns: int, rows: int, units: int) -> dict[str, Any]:
    timings, processor = [], []
    for _ in range(REPEATS):
        scenario = synthetic_scenario(columns, rows, units)
        started, used = time.perf_counter(), time.process_time()
        evaluate_supply(scenario)
        timings.append(time.perf_counter() - started)
        processor.append(time.process_time() - used)
    return {
        "hexes": columns * rows,
        "units": units,
        "seconds": round(min(timings), 3),
        "cpu_seconds": round(min(processor), 3),
    }


def bench_supply() -> dict[str, Any]:
    """Map-wide supply time on the small and the large synthetic map, and their ratio.

    ``seconds`` is wall time, the figure of the target; ``cpu_seconds`` the processor time of
    this process, which other work on a shared machine disturbs less; ``load_average`` the
    machine's one-minute load when the run ended (an idle 2-core machine shows well under 1).
    """
    figures: dict[str, Any] = {label: _time(*size) for label, size in SIZES.items()}
    figures["ratio"] = round(figures["large"]["seconds"] / figures["small"]["seconds"], 2)
    figures["load_average"] = round(os.getloadavg()[0], 2) if hasattr(os, "getloadavg") else None
    return figures
