"""*Unconditional Surrender!*: the service rules on a hex map (Russian text).

Source ``002_14e02d87786a9df7.txt``, entries ``us.*`` (sections 5–11.4).

- :mod:`.hexmap` — the board and its vocabulary: hexes, terrain, hexsides, units, markers
- :mod:`.zoc` — zones of control (5, 8.1, 8.1.1): ``zoc``
- :mod:`.network` — where a supply line may go, and the searches over it
- :mod:`.supply` — supply (7, 10.1–10.3): ``supply``
- :mod:`.stacking` — stacking (6, 9.0.1, 9.1): ``stacking``
- :mod:`.weather` — bad weather in combat (11.1–11.4): ``weather``
- :mod:`.svg` — the map as SVG, drawn for the hex-map calculators' answers
"""

from __future__ import annotations

from dataclasses import replace

from adjudicator.registry import Calculator
from adjudicator.unconditional_surrender import stacking, supply, weather, zoc
from adjudicator.unconditional_surrender.svg import render_svg

__all__ = ["CALCULATORS", "GAME"]

GAME = "unconditional-surrender"
"""The game's id in ``content/games.yaml``."""

CALCULATORS: tuple[Calculator, ...] = (
    # The calculators whose scenario is a map answer with the map drawn.
    *(replace(calculator, picture=render_svg) for calculator in (*stacking.CALCULATORS, *supply.CALCULATORS)),
    *weather.CALCULATORS,
    *(replace(calculator, picture=render_svg) for calculator in zoc.CALCULATORS),
)
