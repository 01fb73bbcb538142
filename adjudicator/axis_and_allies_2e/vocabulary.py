"""Vocabulary of *Axis & Allies* Second Edition (game ``axis-and-allies-2e``): units, domains, technologies.

Source ``003_13761b3a41e036bd.txt`` restates none of the base values; the unit table is
assumption 1 of :mod:`adjudicator.axis_and_allies_2e.combat` (the Second Edition rulebook),
cited there to ``aa2.letter-header`` in every trace.

>>> UNITS[Unit.ARMOR].attack, UNITS[Unit.ARMOR].domain is Domain.LAND
(3, True)
>>> sorted(unit.value for unit in AIR_UNITS)
['bomber', 'fighter']
"""

from __future__ import annotations

import enum
from dataclasses import dataclass

from adjudicator.messages import N_

__all__ = ["AIR_UNITS", "GAME", "TECHNOLOGY_WORDS", "UNITS", "UNIT_WORDS", "Domain", "Technology", "Unit", "UnitType"]

GAME = "axis-and-allies-2e"
"""The game's id in ``content/games.yaml``."""


class Unit(enum.Enum):
    """The unit types of a battle."""

    INFANTRY = "infantry"
    ARMOR = "armor"
    FIGHTER = "fighter"
    BOMBER = "bomber"
    BATTLESHIP = "battleship"
    CARRIER = "carrier"
    TRANSPORT = "transport"
    SUBMARINE = "submarine"
    AA_GUN = "aa-gun"


UNIT_WORDS = {
    Unit.INFANTRY: N_("infantry"),
    Unit.ARMOR: N_("armor"),
    Unit.FIGHTER: N_("fighter"),
    Unit.BOMBER: N_("bomber"),
    Unit.BATTLESHIP: N_("battleship"),
    Unit.CARRIER: N_("carrier"),
    Unit.TRANSPORT: N_("transport"),
    Unit.SUBMARINE: N_("submarine"),
    Unit.AA_GUN: N_("aa-gun"),
}
"""Each unit type as a word of the catalog: the same English as its value, so that a unit named in a
battle (the engine's unit names are these values) is shown in the reader's language."""


class Domain(enum.Enum):
    LAND = "land"
    AIR = "air"
    SEA = "sea"


class Technology(enum.Enum):
    """The weapons developments of the Second Edition."""

    HEAVY_BOMBERS = "heavy-bombers"
    JET_FIGHTERS = "jet-fighters"
    SUPER_SUBMARINES = "super-submarines"
    ROCKETS = "rockets"
    LONG_RANGE_AIRCRAFT = "long-range-aircraft"
    INDUSTRIAL_TECHNOLOGY = "industrial-technology"


TECHNOLOGY_WORDS = {
    Technology.HEAVY_BOMBERS: N_("heavy bombers"),
    Technology.JET_FIGHTERS: N_("jet power"),
    Technology.SUPER_SUBMARINES: N_("super submarines"),
    Technology.ROCKETS: N_("rockets"),
    Technology.LONG_RANGE_AIRCRAFT: N_("long-range aircraft"),
    Technology.INDUSTRIAL_TECHNOLOGY: N_("industrial technology"),
}
"""Each weapons development as a word of the catalog, for the forms' choices."""


@dataclass(frozen=True)
class UnitType:
    """Base values of a unit type (assumption 1 of the module docstring)."""

    attack: int
    defence: int
    cost: int
    domain: Domain


UNITS: dict[Unit, UnitType] = {
    Unit.INFANTRY: UnitType(1, 2, 3, Domain.LAND),
    Unit.ARMOR: UnitType(3, 2, 5, Domain.LAND),
    Unit.FIGHTER: UnitType(3, 4, 12, Domain.AIR),
    Unit.BOMBER: UnitType(4, 1, 15, Domain.AIR),
    Unit.BATTLESHIP: UnitType(4, 4, 24, Domain.SEA),
    Unit.CARRIER: UnitType(1, 3, 18, Domain.SEA),
    Unit.TRANSPORT: UnitType(0, 1, 8, Domain.SEA),
    Unit.SUBMARINE: UnitType(2, 2, 8, Domain.SEA),
    Unit.AA_GUN: UnitType(0, 0, 5, Domain.LAND),
}

AIR_UNITS: frozenset[Unit] = frozenset(unit for unit, values in UNITS.items() if values.domain is Domain.AIR)
"""Fighters and bombers."""
