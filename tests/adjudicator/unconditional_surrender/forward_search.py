"""A plain per-unit forward search for Unconditional Surrender! supply: the oracle the map-wide pass is checked with.

:func:`adjudicator.unconditional_surrender.supply.evaluate_supply` settles every unit of the map in one reverse
search per group (:mod:`adjudicator.unconditional_surrender.network`). :func:`supplied_by_forward_search` answers
the same question for one unit the simplest way: from the unit forward over (hex, free hexes used or "on
transport") states until a source is reached. The property tests compare the two on random maps.
"""

from __future__ import annotations

from collections import deque

from adjudicator.unconditional_surrender.network import FREE_HEXES, FactionView
from adjudicator.unconditional_surrender.supply import (
    PartisanBaseReading,
    SupplyScenario,
    _items,
    _network,
)

__all__ = ["forward_supplied", "supplied_by_forward_search"]


def supplied_by_forward_search(scenario: SupplyScenario, item_id: str) -> bool:
    """One item's supply by a plain per-unit forward search (the cross-check of the map-wide pass)."""
    network = _network(scenario)
    item = _items(scenario, network, {item_id})[0]
    view = network.view(item.faction)
    by_location = scenario.readings.partisan_base is PartisanBaseReading.UNITS_IN_COUNTRY
    located = network.index.hexes[item.node].country if by_location and item.node < network.index.hex_count else None
    sources = {s.node for s in view.sources(item.nationality, located, by_location) if not s.blockers}
    if item.node in sources:
        return True
    usable = {s for s in sources if view.admissible[s]}
    return forward_supplied(view, item.node, usable, item_id in scenario.overland, scenario.readings.free_hexes)


def forward_supplied(view: FactionView, start: int, sources: set[int], overland: bool, limit: int = FREE_HEXES) -> bool:
    """Plain per-unit forward search over (node, free hexes used or 'on transport') states (for cross-checks)."""
    network = view.network
    hexes = network.index.hex_count
    if start in sources:
        return True
    on_transport = limit + 1
    seen = {(start, 0)}
    queue = deque([(start, 0)])
    while queue:
        node, used = queue.popleft()
        moves: list[tuple[int, int]] = []
        for target, move in network.transport_out[node]:
            if view.move_allowed(node, target, move, overland):
                moves.append((target, on_transport))
        if used < limit and node < hexes:
            moves.extend((target, used + 1) for target in network.free[node] if view.admissible[target])
        for state in moves:
            if state[0] in sources:
                return True
            if state not in seen:
                seen.add(state)
                queue.append(state)
    return False
