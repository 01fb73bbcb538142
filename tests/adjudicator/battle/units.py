"""Unit types for the battle engine's tests, with the values of Axis & Allies 2nd edition (source ``003_…``).

``_A`` units attack, ``_D`` units defend: ``hits_on`` is the attack or defence value.
"""

from __future__ import annotations

from adjudicator.battle.engine import Combatant

INFANTRY_A = Combatant("infantry", hits_on=1, cost=3)
ARMOR_A = Combatant("armor", hits_on=3, cost=5)
FIGHTER_A = Combatant("fighter", hits_on=3, cost=12, air=True)
BOMBER_A = Combatant("bomber", hits_on=4, cost=15, air=True)
SUB_A = Combatant("submarine", hits_on=2, cost=8, first_strike=True, hits_air=False)
INFANTRY_D = Combatant("infantry", hits_on=2, cost=3)
ARMOR_D = Combatant("armor", hits_on=2, cost=5)
FIGHTER_D = Combatant("fighter", hits_on=4, cost=12, air=True)
TRANSPORT_D = Combatant("transport", hits_on=1, cost=8)
CARRIER_D = Combatant("carrier", hits_on=3, cost=18)
