"""*Axis & Allies*, Second Edition: the publisher's rule clarifications.

Source ``003_13761b3a41e036bd.txt`` (Dutch translation of July 2002), entries ``aa2.*``.

- :mod:`.vocabulary` — unit types and their base values, domains, weapons developments
- :mod:`.combat` — unit values, technologies and the clarifications' combat rules, as the
  dice-battle engine's :class:`~adjudicator.battle.rules.GameRules` (``BATTLE_RULES``)
- :mod:`.rules` — rule questions with a small calculation: ``ipc-chips``, ``research``,
  ``bridging``, ``retreat``, ``bombardment``, ``captured-capital``
"""

from __future__ import annotations

from adjudicator.axis_and_allies_2e import combat, rules
from adjudicator.axis_and_allies_2e.vocabulary import GAME
from adjudicator.registry import Calculator

__all__ = ["BATTLE_RULES", "CALCULATORS", "GAME"]

BATTLE_RULES = combat.RULES
"""How this game fights the ``battle`` and ``battle-replay`` calculators' battles."""

CALCULATORS: tuple[Calculator, ...] = rules.CALCULATORS
