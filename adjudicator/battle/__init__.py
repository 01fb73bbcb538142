"""The dice-battle engine shared by the games whose battles are rounds of dice.

- :mod:`.engine` — exact outcome distributions (a Markov chain), seeded Monte Carlo and
  replays of real rolls, for any game's combatants
- :mod:`.losses` — the exact solver's fast path where a battle state is two loss counts
- :mod:`.scenario` — the ``battle`` and ``battle-replay`` scenario format, and the
  :class:`~.scenario.GameRules` protocol a game implements (*Axis & Allies* 2nd ed. in
  :mod:`adjudicator.axis_and_allies_2e.combat`, the strategic game of Europe in
  :mod:`adjudicator.strategic_europe.combat`)
- :mod:`.calculators` — the ``battle`` and ``battle-replay`` calculators
- :mod:`.rounds` — their results round by round, and the table of the first rounds

This package imports no game: :func:`~.scenario.rules_for` finds a game's rules through
the registry.
"""

from __future__ import annotations

from adjudicator.battle.calculators import CALCULATORS

__all__ = ["CALCULATORS", "GAME"]

GAME: str | None = None
"""The engine belongs to no game: a battle scenario names the game whose rules apply."""
