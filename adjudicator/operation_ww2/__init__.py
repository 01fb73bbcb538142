"""*Operation WW2* 2.0: the rule changes of the 1:1 skirmish miniatures game (d10, centimetres).

Source ``004_6b2d581a6c2d481a.txt``, entries ``oww2.*``.

- :mod:`.vocabulary` — vehicle types, armour classes, damage tables, exact d10 odds
- :mod:`.baptism` — the baptism of fire table: ``oww2-baptism-of-fire``
- :mod:`.fire` — to-hit modifiers and special guns: ``oww2-to-hit``, ``oww2-special-gun``
- :mod:`.line_of_fire` — ``oww2-cover-protection``, ``oww2-precision-test``
- :mod:`.damage` — ``oww2-vehicle-damage``, ``oww2-crew-damage``
- :mod:`.vehicles` — ``oww2-driving-test``, ``oww2-collision``
"""

from __future__ import annotations

from adjudicator.operation_ww2 import baptism, damage, fire, line_of_fire, vehicles
from adjudicator.registry import Calculator

__all__ = ["CALCULATORS", "GAME"]

GAME = "operation-ww2"
"""The game's id in ``content/games.yaml``."""

CALCULATORS: tuple[Calculator, ...] = (
    *baptism.CALCULATORS,
    *damage.CALCULATORS,
    *fire.CALCULATORS,
    *line_of_fire.CALCULATORS,
    *vehicles.CALCULATORS,
)
