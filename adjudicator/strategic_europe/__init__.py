"""The strategic WWII game of Europe, advanced version (Hungarian rules supplement).

Source ``000_6a90d5256c60e02c.txt``, entries ``se.*``.

- :mod:`.vocabulary` — countries and their sides, turns and seasons, unit types
- :mod:`.combat` — dice battles with attack (TÉ) and defence (VÉ) values, as the dice-battle
  engine's :class:`~adjudicator.battle.rules.GameRules` (``BATTLE_RULES``)
- :mod:`.interception` — interception chains: ``interception``
- :mod:`.economy` — HPP lost and sent: ``strategic-bombing``, ``submarine-losses``,
  ``lend-lease``, ``lend-lease-deduction``
- :mod:`.mediterranean` — ``gibraltar-suez``, ``malta-garrison``, ``africa-limit``
- :mod:`.paratroops` — ``paratroop-rebuild``, ``bridgehead-cost``, ``attack-once``,
  ``paradrop-defence``
- :mod:`.war_entry` — ``war-declaration``, ``us-transfers``
"""

from __future__ import annotations

from adjudicator.registry import Calculator
from adjudicator.strategic_europe import combat, economy, interception, mediterranean, paratroops, war_entry

__all__ = ["BATTLE_RULES", "CALCULATORS", "GAME"]

GAME = "strategic-europe"
"""The game's id in ``content/games.yaml``."""

BATTLE_RULES = combat.RULES
"""How this game fights the ``battle`` and ``battle-replay`` calculators' battles."""

CALCULATORS: tuple[Calculator, ...] = (
    *economy.CALCULATORS,
    *interception.CALCULATORS,
    *mediterranean.CALCULATORS,
    *paratroops.CALCULATORS,
    *war_entry.CALCULATORS,
)
