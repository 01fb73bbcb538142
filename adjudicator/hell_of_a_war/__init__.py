"""*Hell of a War*, the German collectible card game: the rules of its official FAQ.

Source ``001_6dfd36dc833f0c3c.txt`` (FAQ of 30 November 2012), entries ``how.*``.

- :mod:`.vocabulary` — cards, zones, phases and players the calculators share
- :mod:`.actions` — declared actions: what they do and cost, how they are paid
- :mod:`.action_stack` — the action stack (``how.aktionsstapel``): the ``stack`` calculator
- :mod:`.damage` — the damage-distribution phase: the ``damage`` calculator
- :mod:`.victory` — the victory phase: the ``victory`` calculator
- :mod:`.decks` — deck legality and the land set-up: ``deck`` and ``multiplayer-setup``
"""

from __future__ import annotations

from adjudicator.hell_of_a_war import action_stack, damage, decks, victory
from adjudicator.registry import Calculator

__all__ = ["CALCULATORS", "GAME"]

GAME = "hell-of-a-war"
"""The game's id in ``content/games.yaml``."""

CALCULATORS: tuple[Calculator, ...] = (
    *action_stack.CALCULATORS,
    *damage.CALCULATORS,
    *decks.CALCULATORS,
    *victory.CALCULATORS,
)
