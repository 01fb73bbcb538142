"""A test oracle for :func:`adjudicator.battle.engine.solve_exact`: the battle's endings by plain recursion.

Written from the rules of the engine's module docstring, sharing none of its code: every state
is a tuple of unit counts, every round enumerates every roll of both sides (first strike, then
main fire), and the value of a state is the distribution of the endings reached from it, memoised
on (state, round number). Rounds after the last one whose rules depend on the number are the same
round, so a state there that keeps its units (no hit on either side) is a self-loop, eliminated by
dividing by one less its chance. :func:`by_round` plays the same rounds forward from the opening,
state by state, for the battle after each round. Nothing is pruned: the answer is exact up to
float rounding, and slow — for small battles only.
"""

from __future__ import annotations

import math
from collections import defaultdict
from collections.abc import Sequence
from functools import cache

from adjudicator.battle.engine import BattleSetup, Combatant, Ending

Counts = tuple[int, ...]
Final = tuple[Ending, Counts, Counts]
"""How the battle ended, the attacker's survivors and the defender's (in battle or withdrawn), by unit type."""
State = tuple[Counts, Counts, Counts, Counts]
"""Attacker in battle, defender in battle, attacker withdrawn, defender withdrawn."""


def _binomial(dice: int, chance: float) -> list[float]:
    return [math.comb(dice, k) * chance**k * (1 - chance) ** (dice - k) for k in range(dice + 1)]


def _sum_of(first: list[float], second: list[float]) -> list[float]:
    total = [0.0] * (len(first) + len(second) - 1)
    for a, p in enumerate(first):
        for b, q in enumerate(second):
            total[a + b] += p * q
    return total


def _hits(
    units: Sequence[Combatant], counts: Counts, first_strike: bool, sides: int
) -> tuple[list[float], list[float]]:
    """Hit counts of the units firing in this step: (hits that cannot fall on aircraft, other hits)."""
    barred, free = [1.0], [1.0]
    for unit, count in zip(units, counts):
        if count and unit.hits_on > 0 and unit.first_strike == first_strike:
            miss = (1 - unit.hits_on / sides) ** unit.rolls_per_die
            part = _binomial(count * unit.dice, 1 - miss)
            if unit.hits_air:
                free = _sum_of(free, part)
            else:
                barred = _sum_of(barred, part)
    return barred, free


def _remove(units: Sequence[Combatant], counts: Counts, restricted: int, other: int) -> Counts:
    """Take ``restricted`` hits on the first non-air units of the loss order, then ``other`` on the first left."""
    left = list(counts)
    for index, unit in enumerate(units):
        if not unit.air:
            lost = min(left[index], restricted)
            left[index] -= lost
            restricted -= lost
    for index in range(len(left)):
        lost = min(left[index], other)
        left[index] -= lost
        other -= lost
    return tuple(left)


def _volley(
    units: Sequence[Combatant], counts: Counts, first_strike: bool, targets: Sequence[Combatant], at: Counts, sides: int
) -> dict[Counts, float]:
    """What is left of ``at`` after the fire of ``counts``, with its chance."""
    barred, free = _hits(units, counts, first_strike, sides)
    ground = sum(count for unit, count in zip(targets, at) if not unit.air)
    total = sum(at)
    left: dict[Counts, float] = defaultdict(float)
    for restricted, p in enumerate(barred):
        for other, q in enumerate(free):
            if ground == total:
                kept_restricted, kept_other = 0, min(total, restricted + other)
            else:
                kept_restricted = min(restricted, ground)
                kept_other = min(other, total - kept_restricted)
            left[_remove(targets, at, kept_restricted, kept_other)] += p * q
    return left


def _opening(setup: BattleSetup) -> dict[tuple[Counts, Counts, Counts | None], float]:
    """(attacker, defender, defender casualties that still fire) before round 1, with their chances."""
    sides = setup.die.sides
    attackers: dict[Counts, float] = {setup.attacker_counts: 1.0}
    if setup.anti_aircraft is not None:
        for index, unit in enumerate(setup.attacker):
            if unit.air:
                shot: dict[Counts, float] = defaultdict(float)
                for counts, p in attackers.items():
                    for hits, q in enumerate(_binomial(counts[index], setup.anti_aircraft.hits_on / sides)):
                        shot[counts[:index] + (counts[index] - hits,) + counts[index + 1 :]] += p * q
                attackers = shot
    defenders: dict[tuple[Counts, Counts | None], float] = {(setup.defender_counts, None): 1.0}
    if setup.support is not None and setup.support.dice:
        defenders = defaultdict(float)
        base = setup.defender_counts
        for hits, p in enumerate(_binomial(setup.support.dice, setup.support.hits_on / sides)):
            left = _remove(setup.defender, base, 0, hits)
            lost = tuple(a - b for a, b in zip(base, left))
            ghost = lost if setup.support.casualties_fire_back and any(lost) else None
            defenders[(left, ghost)] += p
    return {(a, d, ghost): p * q for a, p in attackers.items() for (d, ghost), q in defenders.items()}


class _Battle:
    """The rules of one battle, from the engine's docstring: what a round does and what ends the battle."""

    def __init__(self, setup: BattleSetup) -> None:
        self.setup = setup
        self.zero_a = tuple(0 for _ in setup.attacker)
        self.zero_d = tuple(0 for _ in setup.defender)
        numbered = [setup.retreat_after_round or 0, setup.round_limit or 0, 1]
        numbered += [unit.leaves_after_round or 0 for unit in (*setup.attacker, *setup.defender)]
        self.last_numbered = max(numbered)

    @staticmethod
    def final(state: State, ending: Ending) -> Final:
        attacker, defender, out_a, out_d = state
        survivors_a = tuple(a + b for a, b in zip(attacker, out_a))
        survivors_d = tuple(a + b for a, b in zip(defender, out_d))
        return ending, survivors_a, survivors_d

    @staticmethod
    def leave(units: Sequence[Combatant], counts: Counts, out: Counts, number: int) -> tuple[Counts, Counts]:
        staying = tuple(0 if unit.leaves_after_round == number else c for unit, c in zip(units, counts))
        return staying, tuple(o + c - s for o, c, s in zip(out, counts, staying))

    def after(self, state: State, number: int) -> tuple[State, Ending | None]:
        setup = self.setup
        attacker, defender, out_a, out_d = state
        if not sum(defender):
            return state, Ending.ATTACKER_WINS if sum(attacker) else Ending.BOTH_DESTROYED
        if not sum(attacker):
            return state, Ending.DEFENDER_WINS
        attacker, out_a = self.leave(setup.attacker, attacker, out_a, number)
        if not sum(attacker):
            return (attacker, defender, out_a, out_d), Ending.ATTACKER_RETREATED
        defender, out_d = self.leave(setup.defender, defender, out_d, number)
        if not sum(defender):
            return (attacker, defender, out_a, out_d), Ending.ATTACKER_WINS
        if setup.retreat_after_round == number or (
            setup.retreat_below is not None and sum(attacker) < setup.retreat_below
        ):
            withdrawn = tuple(a + b for a, b in zip(attacker, out_a))
            return (self.zero_a, defender, withdrawn, out_d), Ending.ATTACKER_RETREATED
        if setup.round_limit == number:
            return (attacker, defender, out_a, out_d), Ending.UNDECIDED
        return (attacker, defender, out_a, out_d), None

    def round_from(self, state: State, ghost: Counts | None) -> dict[tuple[Counts, Counts], float]:
        attacker_units, defender_units, sides = self.setup.attacker, self.setup.defender, self.setup.die.sides
        attacker, defender = state[0], state[1]
        outcomes: dict[tuple[Counts, Counts], float] = defaultdict(float)
        for defender_1, p in _volley(attacker_units, attacker, True, defender_units, defender, sides).items():
            for attacker_1, q in _volley(defender_units, defender, True, attacker_units, attacker, sides).items():
                firing = defender_1 if ghost is None else tuple(a + b for a, b in zip(defender_1, ghost))
                hit_d = _volley(attacker_units, attacker_1, False, defender_units, defender_1, sides)
                hit_a = _volley(defender_units, firing, False, attacker_units, attacker_1, sides)
                for left_d, r in hit_d.items():
                    for left_a, s in hit_a.items():
                        outcomes[(left_a, left_d)] += p * q * r * s
        return outcomes

    def can_hit(self, state: State) -> bool:
        attacker_units, defender_units = self.setup.attacker, self.setup.defender
        for units, counts, targets, at in (
            (attacker_units, state[0], defender_units, state[1]),
            (defender_units, state[1], attacker_units, state[0]),
        ):
            ground = sum(c for unit, c in zip(targets, at) if not unit.air)
            if any(c and unit.hits_on > 0 and (sum(at) if unit.hits_air else ground) for unit, c in zip(units, counts)):
                return True
        return False

    def starts(self) -> tuple[dict[Final, float], dict[tuple[State, Counts | None], float]]:
        """The endings before round 1, and the states round 1 starts from (with the casualties that still fire)."""
        ended: dict[Final, float] = defaultdict(float)
        going: dict[tuple[State, Counts | None], float] = defaultdict(float)
        for (attacker, defender, ghost), p in _opening(self.setup).items():
            state = (attacker, defender, self.zero_a, self.zero_d)
            if not sum(attacker):
                ended[self.final(state, Ending.DEFENDER_WINS)] += p
            elif not sum(defender) and ghost is None:
                ended[self.final(state, Ending.ATTACKER_WINS)] += p
            else:
                going[(state, ghost)] += p
        return ended, going


def endings(setup: BattleSetup) -> dict[Final, float]:
    """Every ending of the battle with its chance, by plain recursion over the states."""
    battle = _Battle(setup)

    @cache
    def value(state: State, number: int, ghost: Counts | None) -> dict[Final, float]:
        if ghost is None and not battle.can_hit(state):
            return {battle.final(state, Ending.UNDECIDED): 1.0}
        stationary = number > battle.last_numbered
        stay = 0.0
        result: dict[Final, float] = defaultdict(float)
        for (left_a, left_d), p in battle.round_from(state, ghost).items():
            following, ending = battle.after((left_a, left_d, state[2], state[3]), number)
            if ending is not None:
                reached = {battle.final(following, ending): 1.0}
            elif stationary and following == state:
                stay += p
                continue
            else:
                reached = value(following, min(number + 1, battle.last_numbered + 1), None)
            for key, q in reached.items():
                result[key] += p * q
        return {key: p / (1 - stay) for key, p in result.items()}

    ended, going = battle.starts()
    totals: dict[Final, float] = defaultdict(float, ended)
    for (state, ghost), p in going.items():
        for key, q in value(state, 1, ghost).items():
            totals[key] += p * q
    return dict(totals)


Units = tuple[float, ...]


def by_round(setup: BattleSetup, rounds: int) -> list[tuple[float, Units, Units]]:
    """After each of the first ``rounds`` rounds: the chance that the battle is still on, and each side's expected
    units per unit type — in battle or withdrawn, or the survivors of a battle that ended — played forward state by
    state, nothing pruned."""
    battle = _Battle(setup)
    ended, current = battle.starts()
    table = []
    for number in range(1, rounds + 1):
        following: dict[tuple[State, Counts | None], float] = defaultdict(float)
        for (state, ghost), p in current.items():
            if ghost is None and not battle.can_hit(state):
                ended[battle.final(state, Ending.UNDECIDED)] += p
                continue
            for (left_a, left_d), q in battle.round_from(state, ghost).items():
                after, ending = battle.after((left_a, left_d, state[2], state[3]), number)
                if ending is not None:
                    ended[battle.final(after, ending)] += p * q
                else:
                    following[(after, None)] += p * q
        current = following
        on = [(battle.final(state, Ending.UNDECIDED), p) for (state, _), p in current.items()]
        weighted = [(a, d, p) for (_, a, d), p in ended.items()] + [(a, d, p) for (_, a, d), p in on]
        attacker = tuple(math.fsum(p * a[k] for a, _, p in weighted) for k in range(len(setup.attacker)))
        defender = tuple(math.fsum(p * d[k] for _, d, p in weighted) for k in range(len(setup.defender)))
        table.append((math.fsum(p for _, p in on), attacker, defender))
    return table
