"""Exact hit distributions for dice: how many hits a group of dice scores, and with what chance.

Used by every dice battle of the adjudicator: the Axis & Allies (2nd edition) and
the Hungarian strategic game's d6 battles (a die hits when it shows the unit's value
or less: ``aa2.weapons-development.heavy-bombers-jets-super-subs``,
``se.interception.example``) and Operation WW2's d10 target numbers. A group of
``n`` dice that each hit with chance ``p`` scores ``k`` hits with the binomial
chance ``C(n, k) p^k (1-p)^(n-k)``; dice with different chances are combined by
convolving their distributions (O(n²) for ``n`` dice in all). Every function works
with :class:`float` or :class:`fractions.Fraction` chances, so results can be
checked exactly.

>>> from fractions import Fraction
>>> hit_distribution([(2, Fraction(1, 2)), (1, Fraction(1, 6))])
(Fraction(5, 24), Fraction(11, 24), Fraction(7, 24), Fraction(1, 24))
"""

from __future__ import annotations

import enum
import math
from collections.abc import Iterable, Sequence
from fractions import Fraction
from typing import TypeVar, cast

from adjudicator.errors import ScenarioError

__all__ = [
    "Die",
    "HitRule",
    "binomial",
    "cap_hits",
    "check_roll",
    "check_value",
    "convolve",
    "count_hits",
    "hit_chance",
    "hit_distribution",
    "mean",
]

Number = TypeVar("Number", float, Fraction)


class Die(enum.Enum):
    """The dice the sources use."""

    D6 = 6
    D10 = 10

    @property
    def sides(self) -> int:
        """Number of faces, numbered 1 to ``sides``."""
        return self.value


class HitRule(enum.Enum):
    """How a roll is compared with a value."""

    AT_OR_BELOW = "at-or-below"
    """A hit when the roll is the value or less (A&A, the Hungarian game)."""
    AT_OR_ABOVE = "at-or-above"
    """A success when the roll is the value or more (target numbers)."""


_VALUE_RANGE = {Die.D6: (0, 6), Die.D10: (1, 10)}
"""Values a rule may ask a die to roll against: a d6 value of 0 never hits, 6 always does."""


def check_value(value: int, die: Die = Die.D6, path: str = "value") -> int:
    """``value`` if a ``die`` can be rolled against it, else :class:`ScenarioError` naming ``path``.

    >>> check_value(4)
    4
    >>> check_value(7, path="attacker.values.armour")
    Traceback (most recent call last):
    ...
    adjudicator.errors.ScenarioError: attacker.values.armour: must be a d6 value from 0 to 6 (got 7)
    >>> check_value(0, Die.D10)
    Traceback (most recent call last):
    ...
    adjudicator.errors.ScenarioError: value: must be a d10 value from 1 to 10 (got 0)
    """
    low, high = _VALUE_RANGE[die]
    if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
        raise ScenarioError(
            path, "must be a d{sides} value from {low} to {high}", value, sides=die.sides, low=low, high=high
        )
    return value


def check_roll(roll: int, die: Die = Die.D6, path: str = "roll") -> int:
    """``roll`` if a ``die`` can show it (1 to ``sides``), else :class:`ScenarioError` naming ``path``.

    >>> check_roll(6)
    6
    >>> check_roll(0, path="rounds.0.attacker.infantry.2")
    Traceback (most recent call last):
    ...
    adjudicator.errors.ScenarioError: rounds.0.attacker.infantry.2: a d6 shows 1 to 6 (got 0)
    """
    if isinstance(roll, bool) or not isinstance(roll, int) or not 1 <= roll <= die.sides:
        raise ScenarioError(path, "a d{sides} shows 1 to {sides}", roll, sides=die.sides)
    return roll


def hit_chance(value: int, die: Die = Die.D6, rule: HitRule = HitRule.AT_OR_BELOW) -> Fraction:
    """The exact chance that one roll of ``die`` hits against ``value``.

    >>> hit_chance(2)
    Fraction(1, 3)
    >>> hit_chance(0), hit_chance(6)
    (Fraction(0, 1), Fraction(1, 1))
    >>> hit_chance(7, Die.D10, HitRule.AT_OR_ABOVE)
    Fraction(2, 5)
    """
    check_value(value, die)
    faces = value if rule is HitRule.AT_OR_BELOW else die.sides - value + 1
    return Fraction(faces, die.sides)


def count_hits(rolls: Iterable[int], value: int, die: Die = Die.D6, rule: HitRule = HitRule.AT_OR_BELOW) -> int:
    """How many of ``rolls`` hit against ``value``.

    >>> count_hits([1, 3, 4, 6, 2, 3, 4, 6], 1)
    1
    >>> count_hits([1, 2, 5], 3)
    2
    """
    check_value(value, die)
    if rule is HitRule.AT_OR_BELOW:
        return sum(1 for roll in rolls if check_roll(roll, die) <= value)
    return sum(1 for roll in rolls if check_roll(roll, die) >= value)


def binomial(dice: int, chance: Number) -> tuple[Number, ...]:
    """Chance of 0, 1, … ``dice`` hits when each die hits with ``chance``.

    >>> binomial(2, Fraction(1, 3))
    (Fraction(4, 9), Fraction(4, 9), Fraction(1, 9))
    >>> binomial(0, 0.5)
    (1.0,)
    """
    if dice < 0:
        raise ValueError(f"dice must be 0 or more (got {dice})")
    miss = 1 - chance
    return tuple(math.comb(dice, hits) * chance**hits * miss ** (dice - hits) for hits in range(dice + 1))


def convolve(first: Sequence[Number], second: Sequence[Number]) -> tuple[Number, ...]:
    """Distribution of the sum of two independent hit counts.

    >>> convolve((0.5, 0.5), (0.5, 0.5))
    (0.25, 0.5, 0.25)
    """
    if not first or not second:
        raise ValueError("cannot convolve an empty distribution")
    total: list[Number] = [first[0] * 0] * (len(first) + len(second) - 1)
    for i, a in enumerate(first):
        if a:
            for j, b in enumerate(second):
                total[i + j] += a * b
    return tuple(total)


def hit_distribution(groups: Iterable[tuple[int, Number]]) -> tuple[Number, ...]:
    """Chance of each number of hits for groups of ``(dice, chance per die)`` rolled together.

    >>> hit_distribution([(1, 0.5), (1, 0.5)])
    (0.25, 0.5, 0.25)
    >>> hit_distribution([])
    (1.0,)
    """
    result: tuple[Number, ...] | None = None
    for dice, chance in groups:
        if dice == 0:
            continue
        part = binomial(dice, chance)
        result = part if result is None else convolve(result, part)
    return result if result is not None else cast("tuple[Number, ...]", (1.0,))


def cap_hits(distribution: Sequence[Number], limit: int) -> tuple[Number, ...]:
    """Fold the chance of more than ``limit`` hits into ``limit`` (extra hits find no target).

    >>> cap_hits((0.25, 0.5, 0.25), 1)
    (0.25, 0.75)
    >>> cap_hits((0.25, 0.75), 3)
    (0.25, 0.75)
    """
    if limit < 0:
        raise ValueError(f"limit must be 0 or more (got {limit})")
    if len(distribution) <= limit + 1:
        return tuple(distribution)
    tail = distribution[limit]
    for chance in distribution[limit + 1 :]:
        tail += chance
    return tuple(distribution[:limit]) + (tail,)


def mean(distribution: Sequence[Number]) -> Number:
    """Expected number of hits.

    >>> mean(binomial(6, Fraction(1, 2)))
    Fraction(3, 1)
    """
    return sum((hits * chance for hits, chance in enumerate(distribution)), distribution[0] * 0)
