"""A dice battle round by round: each round's line of the ``battle`` and ``battle-replay`` results, and their table.

A result's ``by_round`` holds a :class:`RoundLine` for every round (the full result, JSON
included). A reader wants the first rounds only: :func:`rounds_table` keeps them down to the
first round that leaves less than :data:`ROUNDS_SHOWN_DOWN_TO` of the battle still on, as the
calculator page's table does (``roundsTable`` of ``web/calculator.js``), under the page's
words: round | still on | attacker | defender, each side's expected units with their cost in
brackets where the game gives costs.

>>> lines = [RoundLine(1, 0.5, 2.5, 1.0, None, None), RoundLine(2, 0.0004, 2.0, 0.2, None, None),
...     RoundLine(3, 0.0, 2.0, 0.1, None, None)]
>>> table = rounds_table(lines)
>>> [[cell.text for cell in row] for row in table.rows]
[['1', '50.0%', '2.5', '1.0'], ['2', '< 0.1%', '2.0', '0.2']]
>>> rounds_table([]) is None
True
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from adjudicator.battle.words import BY_ROUND, BY_ROUND_WITH_COSTS, in_game
from adjudicator.messages import N_, Message, Table

__all__ = ["ROUNDS_SHOWN_DOWN_TO", "RoundLine", "rounds_table"]

ROUNDS_SHOWN_DOWN_TO = 0.001
"""The rounds shown end with the first that leaves less than this of the battle still on (``ROUNDS_SHOWN_DOWN_TO``
of ``web/calculator.js``)."""

_HEADINGS = (N_("Round"), N_("Still on"), N_("Attacker"), N_("Defender"))

# A cell is a figure alone, no word to translate: these templates are no msgids.
_ROUND = "{round}"
_CHANCE = "{share:.1%}"
_BELOW = "< {share:.1%}"
_UNITS = "{units:.1f}"
_UNITS_AND_COST = "{units:.1f} ({cost:.1f})"


@dataclass(frozen=True)
class RoundLine:
    """The battle after one round: the chance that it is still on, and each side's expected units left."""

    round: int
    still_on: float
    """Chance that the battle goes on after this round."""
    attacker_units: float
    """Expected attacker units left after this round: in the battle, withdrawn, or the survivors of a battle that
    ended (in or before this round)."""
    defender_units: float
    """Expected defender units left after this round, counted in the same way."""
    attacker_value: float | None
    """Expected cost (IPC) of the attacker units left; ``None`` where the source gives no costs."""
    defender_value: float | None
    """Expected cost (IPC) of the defender units left."""


def _chance(share: float) -> Message:
    if 0 < share < ROUNDS_SHOWN_DOWN_TO:
        return Message(_BELOW, {"share": ROUNDS_SHOWN_DOWN_TO})
    return Message(_CHANCE, {"share": share})


def _side(units: float, cost: float | None) -> Message:
    if cost is None:
        return Message(_UNITS, {"units": units})
    return Message(_UNITS_AND_COST, {"units": units, "cost": cost})


def rounds_table(lines: Sequence[RoundLine], game: str = "axis-and-allies-2e") -> Table | None:
    """The rounds a reader is shown (see the module's docstring), or ``None`` for a result without rounds; the
    caption counts units in the ``game``'s word (:mod:`adjudicator.battle.words`)."""
    if not lines:
        return None
    shown: list[RoundLine] = []
    for line in lines:
        shown.append(line)
        if line.still_on < ROUNDS_SHOWN_DOWN_TO:
            break
    costs = any(line.attacker_value is not None for line in lines)
    return Table(
        in_game(game, BY_ROUND_WITH_COSTS if costs else BY_ROUND),
        _HEADINGS,
        tuple(
            (
                Message(_ROUND, {"round": line.round}),
                _chance(line.still_on),
                _side(line.attacker_units, line.attacker_value),
                _side(line.defender_units, line.defender_value),
            )
            for line in shown
        ),
    )
