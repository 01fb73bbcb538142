"""Multi-round dice battles: the exact outcome distribution, a seeded Monte Carlo, and replays of real rolls.

Game-independent engine behind the ``battle`` and ``battle-replay`` calculators
(:mod:`adjudicator.battle.calculators`); the games' rules are turned into a
:class:`BattleSetup` by :mod:`adjudicator.axis_and_allies_2e.combat` (Axis & Allies 2nd edition,
source ``003_…``) and :mod:`adjudicator.strategic_europe.combat` (the Hungarian strategic game,
source ``000_…``). A setup lists each side's unit types in the order they are
lost (:class:`Combatant`: value rolled against, dice per unit, cost, whether it
flies, fires first, can hit aircraft, leaves after a round) and the battle's
policies. One round:

1. *first strike*: units that fire first (A&A attacking submarines,
   ``aa2.misc.submarine-first-shot``) roll; their casualties are removed at once
   and do not fire back;
2. *main fire*: every other unit of both sides rolls at the same time; hits that
   cannot fall on aircraft (``hits_air=False``) are assigned first, to the
   earliest non-air units of the loss order, then the other hits to the earliest
   units left; hits beyond the targets are lost;
3. *after the round*: a side with no units left has lost; units whose
   ``leaves_after_round`` has come leave the battle unharmed (the attacker's first,
   so that both sides never leave together); the attacker retreats after round N
   or when it has fewer than K units; the round limit ends the battle undecided.

Before round 1 the defender's anti-aircraft fire (one die per attacking
aircraft) and the attacker's one-shot support fire (battleship bombardment, its
casualties optionally firing back in round 1) may come.

**Exact solution** (:func:`solve_exact`). The state is the number of each unit
type in the battle and withdrawn on each side; it is a Markov chain. Rounds whose
rules depend on the round number (round 1 where a bombardment's casualties fire back
in it or the attacker retreats below K units, leaving, retreat after round N, a round
limit) are propagated forward round by round; after them the chain is stationary
and is solved by visiting the states in order of decreasing total units (every
transition other than "no hits" removes a unit), each state once, with its
self-loop eliminated: the mass ``m`` of a state with no-hit chance ``s`` flows on
as ``m·p/(1-s)``. Cost: O(S·H_a·H_d) for S states and H hits per side — for an
N-vs-N battle with a fixed loss order S ≈ N² and the whole solution is O(N⁴), as
in aacalc.

Where every hit can fall on any unit of the side it hits (no hit barred from
aircraft meets a side with aircraft) and no unit fires back after being hit
(bombardment), each side's units are its starting units less the first ``k`` of
its loss order, so a state is two loss counts: :mod:`adjudicator.battle.losses`
solves those rounds with each count's hit distribution computed once (the stationary
ones without a first strike a row of attacker losses at a time, each row's pushes as
integer multiplications of packed fixed-point vectors) and drops at
most ``prune_below`` (default 1e-12) of probability in all, states and far tails
of the hit distributions together. Other states (the rounds before that:
bombardment casualties firing back, units leaving; every round of a battle where
hits barred from aircraft meet aircraft) go through the general solver over unit
compositions, which drops at most the same budget in all: each round played forward
drops its least likely states, within half of what is left over the rounds still to
come; the stationary chain gives each level of ``n`` units left ``1/(n + 1)`` of what
is left, a quarter of it for its least likely states and a quarter for the far tails
of their volleys (half of that in proportion to the states' mass, half in equal parts,
so that a rare state cuts its tails closer), as much again for the states a first
strike leaves. The dropped mass is reported and the
rest renormalised. On loss counts round 1 is played forward only where a rule names a
round or the attacker retreats below K units (which comes after a round); otherwise it
is the first stationary round.

**Where the cost grows.** A state of the general solver pushes its mass to every pair
of compositions both sides' fire leaves and keeps: ``L_a·L_d`` outcomes put in a
dictionary one by one (a state is one integer, its compositions' ids, so the key hashes
fast; the dictionary of each level of units left is looked up once a state, not once an
outcome, and the endings are kept by state and ending the same way). What one side's fire
leaves of a composition is worked out once for each pair of compositions: each number of
barred hits leaves one composition, and the other hits walk from it along the
compositions that hits on the earliest units leave, memoised for each composition, so
that a pair costs one addition per pair of hit counts instead of a composition looked up
per volley. A first strike (attacking submarines) leaves a composition of its own before
the main fire: a state of the chain in its own right, reached from many states and
played once, so that a state costs ``F + L_a·L_d`` instead of ``F·L_a·L_d`` (``F``
first-strike outcomes). Round 1 is the first stationary round unless a rule names it.
That is the cost of a sea battle where submarines (whose hits cannot fall on aircraft)
meet aircraft: at 100 v 100 (every naval and air type, with technologies) about 6,400
states and 2,900 struck ones, each pushed to some 480 outcomes: 4.4 million pushes of
about 0.2 µs, a second; with the outcomes of 31,000 pairs of compositions and the
states' own steps, 3.9–4.8 s for its odds on the 2-core machine in a slow stretch
(9.5–10.1 s with round 1 played forward and a composition looked up per volley).
On loss counts the cost is that of :mod:`adjudicator.battle.losses` (its
docstring: states times hit distributions, per row of states rather than per
state), times the number of groups an opening fire splits the battle into; an
anti-aircraft gun shooting at two aircraft types makes hundreds (the least likely
are dropped whole, within half the budget; the others share the rest).

**Round by round** (``solve_exact(setup, by_round=True)``: :attr:`ExactOutcome.by_round`).
The odds say how a battle ends, not when: a second pass plays it forward from the opening
fire a round at a time — the rounds the odds played forward are its first — through the
same hit distributions (the general solver's volleys, the loss chains memoised on the
rules; on loss counts a row of attacker losses at a time as the stationary solve goes, but
without its self-loop: :func:`~adjudicator.battle.losses.play_rounds`), until less than
:data:`BY_ROUND_TOLERANCE` is still on or :data:`BY_ROUND_ROUNDS` rounds have been played.
Each row holds the chance still on, the units of the battles still on and the endings of
its round. A state is reached in several rounds, so the pass costs one to three times
the odds. :func:`solve_exact_first` gives the odds alone and keeps what the pass needs
(:class:`RoundsToCome`), so that the odds can be shown while the rounds follow from them.

**Monte Carlo** (:func:`simulate`) plays the same rules with a caller's
:class:`random.Random`, so it is deterministic for a seed. **Replay**
(:func:`replay`) applies the dice actually rolled, round by round.

**Progress.** :func:`solve_exact` and :func:`simulate` tell :mod:`adjudicator.progress` how far
they are: per batch of states of a round played forward, per loss-count group, per level of units
left in the stationary chain (weighted by its cost), per thousand runs; a replay is instant.

>>> infantry = Combatant("infantry", hits_on=1, cost=3)
>>> defender = Combatant("infantry", hits_on=2, cost=3)
>>> outcome = solve_exact(BattleSetup((infantry,), (defender,), (1,), (1,)))
>>> [round(p, 6) for p in outcome.ending_probabilities()]
[0.25, 0.625, 0.125]
"""

from __future__ import annotations

import bisect
import dataclasses
import enum
import functools
import math
import random
from collections import defaultdict
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from itertools import accumulate, repeat, starmap
from operator import add, itemgetter, mul
from typing import NamedTuple, TypeVar

from adjudicator import progress
from adjudicator.battle.losses import Counts, LossBattle, LossChain, play_rounds, solve_chains
from adjudicator.dice import Die, binomial, cap_hits, check_roll, hit_distribution
from adjudicator.errors import ScenarioError
from adjudicator.messages import N_, N_plural, message

__all__ = [
    "AfterBattle",
    "AntiAircraftFire",
    "BY_ROUND_ROUNDS",
    "BY_ROUND_TOLERANCE",
    "BattleSetup",
    "Combatant",
    "Ending",
    "ExactOutcome",
    "FinalState",
    "RoundOdds",
    "RoundRecord",
    "RoundRolls",
    "RoundsToCome",
    "SampledOutcome",
    "SupportFire",
    "VolleyRecord",
    "loss_count_openings",
    "replay",
    "simulate",
    "solve_exact",
    "solve_exact_first",
]


BY_ROUND_ROUNDS = 50
"""The most rounds the battle is followed round by round (:attr:`ExactOutcome.by_round`): what is still on after
them stays on in the last row (a battle of fifty rounds is one of units that almost never hit)."""
BY_ROUND_TOLERANCE = 1e-9
"""The battle is followed round by round until the chance that it is still on falls below this."""


class State(NamedTuple):
    """A state of the battle between rounds: each side's units in battle and withdrawn, by unit type."""

    attacker: Counts
    defender: Counts
    attacker_withdrawn: Counts
    """Attacker units that left the battle unharmed (retreated, or left after their round)."""
    defender_withdrawn: Counts


Volley = tuple[int, int]
"""Hits that cannot fall on aircraft, other hits (both already capped to the targets)."""


class Ending(enum.Enum):
    """How a battle ended."""

    ATTACKER_WINS = "attacker-wins"
    """Only the attacker has units left in the battle."""
    DEFENDER_WINS = "defender-wins"
    """Only the defender has units left: the attacker was destroyed."""
    BOTH_DESTROYED = "both-destroyed"
    """No unit of either side is left in the battle."""
    ATTACKER_RETREATED = "attacker-retreated"
    """The attacker's remaining units retreated or withdrew; the defender holds."""
    UNDECIDED = "undecided"
    """Both sides are left when the round limit is reached, or neither can ever hit; the defender holds."""

    @property
    def defender_holds(self) -> bool:
        """Whether the defender is left holding the territory or sea zone."""
        return self in (Ending.DEFENDER_WINS, Ending.ATTACKER_RETREATED, Ending.UNDECIDED)


@dataclass(frozen=True)
class Combatant:
    """One unit type of one side, with the values this battle gives it."""

    name: str
    hits_on: int
    """A die hits when it shows this value or less (0: the unit never hits)."""
    dice: int = 1
    """Dice each unit rolls per round."""
    rolls_per_die: int = 1
    """2 when each die is rolled twice and hits if either roll does."""
    cost: float = 0.0
    air: bool = False
    first_strike: bool = False
    """Fires before the rest; its casualties are removed before they can fire."""
    hits_air: bool = True
    """False when its hits cannot be assigned to aircraft."""
    leaves_after_round: int | None = None
    """The unit leaves the battle unharmed after this round, if the battle goes on."""
    unit_type: str = ""
    """The unit type it is one group of, where a casualty policy splits a type into several groups of the loss
    order (empty: ``name`` is the type); the answers count survivors by type."""

    @property
    def type_name(self) -> str:
        """The unit type: :attr:`unit_type`, or :attr:`name` when the type is not split."""
        return self.unit_type or self.name

    def chance(self, die: Die = Die.D6) -> float:
        """The chance that one of its dice hits."""
        miss = 1 - self.hits_on / die.sides
        return 1 - miss**self.rolls_per_die


@dataclass(frozen=True)
class AntiAircraftFire:
    """The defender's fire before round 1: one die at each attacking aircraft, which it removes on a hit."""

    hits_on: int = 1


@dataclass(frozen=True)
class SupportFire:
    """The attacker's one-shot fire before round 1 by units that take no further part (bombardment)."""

    dice: int
    hits_on: int
    casualties_fire_back: bool = True
    """Whether the defender's units it hits still fire in round 1."""


@dataclass(frozen=True)
class BattleSetup:
    """A battle ready to be fought: both sides in loss order, their counts and the policies."""

    attacker: tuple[Combatant, ...]
    defender: tuple[Combatant, ...]
    attacker_counts: Counts
    defender_counts: Counts
    die: Die = Die.D6
    anti_aircraft: AntiAircraftFire | None = None
    support: SupportFire | None = None
    retreat_after_round: int | None = None
    retreat_below: int | None = None
    """The attacker retreats after a round that leaves it with fewer units than this."""
    round_limit: int | None = None
    prune_below: float = 1e-12

    def __post_init__(self) -> None:
        for side, units, counts in (
            ("attacker", self.attacker, self.attacker_counts),
            ("defender", self.defender, self.defender_counts),
        ):
            if len(units) != len(counts):
                raise ValueError(f"{side}: {len(units)} unit types but {len(counts)} counts")
            if len({unit.name for unit in units}) != len(units):
                raise ValueError(f"{side}: unit type names must be unique")


@dataclass(frozen=True)
class AfterBattle:
    """What the battle's survivors can do afterwards: take the territory, find somewhere to land.

    >>> after = AfterBattle(land_battle=False, stranded=(1,), carriers=(0,))
    >>> after.apply((0, 2)), after.apply((1, 2))
    ((0, 0), (1, 2))
    """

    land_battle: bool = True
    """Whether the attacker takes a territory by winning (then :meth:`can_capture` matters)."""
    capturing: tuple[bool, ...] = ()
    """Per attacker unit type: whether it can take a territory (empty: every type can)."""
    stranded: tuple[int, ...] = ()
    """Defender unit types lost after the battle when no carrier of ``carriers`` survives."""
    carriers: tuple[int, ...] = ()

    def apply(self, defender: Counts) -> Counts:
        """The defender's survivors once those with nowhere to land are lost."""
        if not self.stranded or any(defender[index] for index in self.carriers):
            return defender
        return tuple(0 if index in self.stranded else count for index, count in enumerate(defender))

    def can_capture(self, attacker: Counts) -> bool:
        """Whether the attacker's survivors include a unit that takes the territory."""
        if not self.capturing:
            return any(attacker)
        return any(count and able for count, able in zip(attacker, self.capturing))


@dataclass(frozen=True)
class FinalState:
    """One way the battle can end: survivors (in battle or withdrawn) of each side, with its chance."""

    ending: Ending
    attacker: Counts
    defender: Counts
    probability: float


@dataclass(frozen=True)
class RoundOdds:
    """The battle after one round: the chance that it is still on, the battles still on, those that ended in it.

    The unit counts are per unit type of the side's loss order (:class:`Combatant`), those in
    battle and those withdrawn, summed over the battles still on with their chances (not divided
    by the chance that the battle is on): the battles that ended add their survivors, in
    :attr:`ended` of their round, to every later round.
    """

    round: int
    """The round just played; round 0 is the opening fire before round 1."""
    still_on: float
    """Chance that the battle goes on after this round."""
    attacker: tuple[float, ...]
    """Expected attacker units of the battles still on, per unit type."""
    defender: tuple[float, ...]
    """Expected defender units of the battles still on, per unit type."""
    ended: tuple[FinalState, ...]
    """How the battle ended in this round, with the survivors and the chance of each ending."""


@dataclass(frozen=True)
class ExactOutcome:
    """Every ending of a battle with its exact probability (renormalised after pruning)."""

    finals: tuple[FinalState, ...]
    pruned: float
    """Probability dropped with states below the pruning threshold (before renormalising)."""
    states: int
    """Non-final states played: each once, except that a state played by two loss-count groups (or by the general
    solver and a group) counts once in each."""
    expected_rounds: float
    by_round: tuple[RoundOdds, ...] = ()
    """The battle after each round from round 0 (the opening fire) on, played forward (with ``by_round=True``)."""
    by_round_dropped: float = 0.0
    """Probability the rounds played forward dropped (states and tails), apart from what is still on after them."""

    def probability(self, *endings: Ending) -> float:
        """Chance that the battle ends in one of ``endings``."""
        return math.fsum(final.probability for final in self.finals if final.ending in endings)

    def ending_probabilities(self) -> tuple[float, float, float]:
        """P(attacker wins), P(defender holds), P(both destroyed): they sum to 1."""
        attacker = self.probability(Ending.ATTACKER_WINS)
        both = self.probability(Ending.BOTH_DESTROYED)
        defender = self.probability(*(ending for ending in Ending if ending.defender_holds))
        return attacker, defender, both


@dataclass(frozen=True)
class SampledOutcome:
    """Frequencies of the endings over ``runs`` simulated battles."""

    runs: int
    counts: dict[Ending, int]
    by_round: tuple[RoundOdds, ...] = ()
    """The shares of the battles after each round, from round 0 on (with ``by_round=True``)."""

    def ending_probabilities(self) -> tuple[float, float, float]:
        """Sampled P(attacker wins), P(defender holds), P(both destroyed)."""
        attacker = self.counts.get(Ending.ATTACKER_WINS, 0) / self.runs
        both = self.counts.get(Ending.BOTH_DESTROYED, 0) / self.runs
        return attacker, 1 - attacker - both, both

    def standard_error(self, probability: float) -> float:
        """Standard error of a sampled frequency whose true value is ``probability``."""
        return math.sqrt(max(probability * (1 - probability), 0.0) / self.runs)


@dataclass(frozen=True)
class RoundRolls:
    """The dice actually rolled in one round (or the stated hits where the source gives no dice)."""

    attacker: Mapping[str, Sequence[int]] = field(default_factory=dict)
    defender: Mapping[str, Sequence[int]] = field(default_factory=dict)
    attacker_hits: int | None = None
    """Hits the attacker scored, when only the number is known."""
    defender_hits: int | None = None
    attacker_casualties: Mapping[str, int] | None = None
    """Attacker units removed by the main fire, when the owner's choice is given."""
    defender_casualties: Mapping[str, int] | None = None
    defender_first_strike_casualties: Mapping[str, int] | None = None
    path: str = ""
    """Where this round is in the scenario, for error messages (e.g. ``rounds.1``)."""


@dataclass(frozen=True)
class VolleyRecord:
    """One side's fire in one step of a replayed round."""

    side: str
    step: str
    """``anti-aircraft``, ``support``, ``first-strike`` or ``main``."""
    rolls: dict[str, tuple[int, ...]]
    hits: int
    casualties: dict[str, int]
    """What the hits removed from the other side."""


@dataclass(frozen=True)
class RoundRecord:
    """A replayed round: the fire of both sides and what is left afterwards."""

    round: int
    volleys: tuple[VolleyRecord, ...]
    attacker: dict[str, int]
    """Attacker units still in the battle after the round."""
    defender: dict[str, int]
    attacker_withdrawn: dict[str, int]
    defender_withdrawn: dict[str, int]
    ending: Ending | None
    """How the battle ended after this round, or ``None`` if it goes on."""


def _named(units: Sequence[Combatant], counts: Counts) -> dict[str, int]:
    return {unit.name: count for unit, count in zip(units, counts) if count}


def _take(units: Sequence[Combatant], counts: Counts, volley: Volley) -> Counts:
    """Counts after losing a volley: hits barred from aircraft first, to the earliest non-air units."""
    restricted, other = volley
    left = list(counts)
    for index, unit in enumerate(units):
        if restricted == 0:
            break
        if not unit.air and left[index]:
            lost = min(left[index], restricted)
            left[index] -= lost
            restricted -= lost
    for index in range(len(left)):
        if other == 0:
            break
        lost = min(left[index], other)
        left[index] -= lost
        other -= lost
    return tuple(left)


def _targets(units: Sequence[Combatant], counts: Counts) -> tuple[int, int]:
    """(non-air units, all units) that hits can fall on."""
    ground = sum(count for unit, count in zip(units, counts) if not unit.air)
    return ground, sum(counts)


class _Rules:
    """The round logic of one setup, shared by the exact solver, the Monte Carlo and the replay.

    Each side's compositions (unit counts) are interned as small integers, so that
    the exact solver's many outcomes are keyed by pairs of ints and each
    composition's fire is computed once.
    """

    def __init__(self, setup: BattleSetup) -> None:
        self.setup = setup
        self.sides = (setup.attacker, setup.defender)
        self.zero = (tuple(0 for _ in setup.attacker), tuple(0 for _ in setup.defender))
        self.stationary_after = max(
            [setup.retreat_after_round or 0]
            + [unit.leaves_after_round or 0 for unit in (*setup.attacker, *setup.defender)]
        )
        self.leave_rounds = {
            unit.leaves_after_round for unit in (*setup.attacker, *setup.defender) if unit.leaves_after_round
        }
        self.ids: tuple[dict[Counts, int], dict[Counts, int]] = ({}, {})
        self.compositions: tuple[list[Counts], list[Counts]] = ([], [])
        self.alive: tuple[list[int], list[int]] = ([], [])
        self.ground: tuple[list[int], list[int]] = ([], [])
        self._fire_cache: dict[
            tuple[int, int, bool],
            tuple[list[tuple[int, float]], list[tuple[int, float]], tuple[float, ...], tuple[float, ...]],
        ] = {}
        self._ordered_cache: dict[tuple[int, int, bool, int], tuple[list[tuple[int, float]], list[float]]] = {}
        self._take_cache: dict[tuple[int, int, Volley], int] = {}
        self._together_cache: dict[tuple[int, int, bool], tuple[float, ...]] = {}
        self._paths: tuple[dict[int, list[int]], dict[int, list[int]]] = ({}, {})
        self._progress_cache: dict[tuple[int, int], bool] = {}
        self._sampling_cache: dict[
            tuple[int, int, bool, int],
            tuple[list[tuple[int, float]], list[tuple[int, float]], int, int] | None,
        ] = {}
        self._chains: dict[tuple[int, Counts], LossChain] = {}

    def loss_chain(self, side: int, base: Counts) -> LossChain:
        """The loss chain of ``side`` from ``base`` (memoised: the odds and the rounds played forward share its
        hit distributions)."""
        chain = self._chains.get((side, base))
        if chain is None:
            chain = self._chains[(side, base)] = LossChain(self.sides[side], base, self.setup.die)
        return chain

    def intern(self, side: int, counts: Counts) -> int:
        """The id of a composition of ``side``."""
        known = self.ids[side].get(counts)
        if known is None:
            known = self.ids[side][counts] = len(self.compositions[side])
            self.compositions[side].append(counts)
            self.alive[side].append(sum(counts))
            self.ground[side].append(sum(c for unit, c in zip(self.sides[side], counts) if not unit.air))
        return known

    def take_id(self, side: int, composition: int, volley: Volley) -> int:
        key = (side, composition, volley)
        result = self._take_cache.get(key)
        if result is None:
            result = self._take_cache[key] = self.intern(
                side, _take(self.sides[side], self.compositions[side][composition], volley)
            )
        return result

    def take(self, side: int, counts: Counts, volley: Volley) -> Counts:
        return self.compositions[side][self.take_id(side, self.intern(side, counts), volley)]

    def fire(
        self, side: int, composition: int, first_strike: bool
    ) -> tuple[list[tuple[int, float]], list[tuple[int, float]], tuple[float, ...], tuple[float, ...]]:
        """(dice, chance) groups barred from aircraft, the other groups, and their hit distributions."""
        key = (side, composition, first_strike)
        cached = self._fire_cache.get(key)
        if cached is None:
            barred: list[tuple[int, float]] = []
            free: list[tuple[int, float]] = []
            for unit, count in zip(self.sides[side], self.compositions[side][composition]):
                if count and unit.hits_on > 0 and unit.first_strike == first_strike:
                    (free if unit.hits_air else barred).append((count * unit.dice, unit.chance(self.setup.die)))
            cached = self._fire_cache[key] = (barred, free, hit_distribution(barred), hit_distribution(free))
        return cached

    def _ordered(
        self, side: int, composition: int, first_strike: bool, target: int
    ) -> tuple[list[tuple[int, float]], list[float]]:
        """What ``side``'s fire leaves of the other side's composition ``target``: each composition's id with its
        chance (the volleys that leave the same one merged), least likely first, ``target`` itself (no hit) last
        whatever its chance; and their running sums (memoised)."""
        key = (side, composition, first_strike, target)
        cached = self._ordered_cache.get(key)
        if cached is None:
            other = 1 - side
            ground, total = self.ground[other][target], self.alive[other][target]
            barred, free, barred_hits, free_hits = self.fire(side, composition, first_strike)
            if ground == total and barred:
                barred_hits, free_hits = (1.0,), self.fire_together(side, composition, first_strike)
            barred_after = cap_hits(barred_hits, ground)
            if len(barred_after) == 1:
                # Every hit falls on the earliest units left: each composition of one path is one hit count.
                chances = cap_hits(free_hits, total)
                if barred_after[0] != 1.0:
                    chances = tuple(map(mul, chances, repeat(barred_after[0])))
                no_hit = chances[0]
                ordered = sorted(zip(self.free_path(other, target)[1:], chances[1:]), key=itemgetter(1))
            else:
                left: dict[int, float] = defaultdict(float)
                # A volley's barred hits fall first, then the others on the earliest units left (as in _take).
                for hits, chance in enumerate(barred_after):
                    if chance:
                        path = self.free_path(other, self.take_id(other, target, (hits, 0)))
                        for after, chance_after in zip(
                            path, map(mul, cap_hits(free_hits, total - hits), repeat(chance))
                        ):
                            left[after] += chance_after
                no_hit = left.pop(target, 0.0)
                ordered = sorted(left.items(), key=itemgetter(1))
            # A chance that underflowed to zero is no outcome (a side fires only if it can leave another).
            impossible = 0
            while impossible < len(ordered) and not ordered[impossible][1]:
                impossible += 1
            del ordered[:impossible]
            if no_hit:
                ordered.append((target, no_hit))
            cached = self._ordered_cache[key] = (ordered, list(accumulate(map(itemgetter(1), ordered))))
        return cached

    def fire_together(self, side: int, composition: int, first_strike: bool) -> tuple[float, ...]:
        """The hit distribution of all the groups of :meth:`fire` rolled together (at a side without aircraft,
        hits barred from aircraft are like the others), memoised."""
        key = (side, composition, first_strike)
        together = self._together_cache.get(key)
        if together is None:
            barred, free, _, _ = self.fire(side, composition, first_strike)
            together = self._together_cache[key] = hit_distribution(barred + free)
        return together

    def free_path(self, side: int, composition: int) -> list[int]:
        """``path[w]``: the id of the composition ``w`` hits that may fall on aircraft leave of ``composition``
        (each takes the earliest unit left), memoised.

        A path after one hit is the path of the composition that hit leaves, so each composition's next one is
        worked out once (:meth:`take_id`), however many paths pass through it.
        """
        paths = self._paths[side]
        path = paths.get(composition)
        if path is None:
            walked = []
            current = composition
            while current not in paths and self.alive[side][current]:
                walked.append(current)
                current = self.take_id(side, current, (0, 1))
            path = paths.setdefault(current, [current])
            for earlier in reversed(walked):
                path = paths[earlier] = [earlier, *path]
        return path

    def cut_volleys(
        self, side: int, composition: int, first_strike: bool, target: int, tolerance: float
    ) -> tuple[list[tuple[int, float]], float]:
        """:meth:`_ordered` less the least likely compositions that together have at most ``tolerance``, and their
        chance.

        "No hit" is always kept: the self-loop of a state is eliminated, never dropped.
        """
        ordered, running = self._ordered(side, composition, first_strike, target)
        cut = min(bisect.bisect_right(running, tolerance), len(ordered) - 1)
        return (ordered[cut:], running[cut - 1]) if cut > 0 else (ordered, 0.0)

    def stay(self, attacker: int, defender: int) -> float:
        """Chance that a round of the stationary chain hits nothing on either side (its self-loop)."""
        chance = 1.0
        for side, mine, theirs in ((0, attacker, defender), (1, defender, attacker)):
            for first_strike in (True, False):
                ordered, _ = self._ordered(side, mine, first_strike, theirs)
                left, no_hit = ordered[-1]
                chance *= no_hit if left == theirs else 0.0
        return chance

    def strikes_fire(self, attacker: int, defender: int) -> bool:
        """Whether either side has a first strike to fire from these compositions."""
        return any(
            len(self._ordered(side, mine, True, theirs)[0]) > 1
            for side, mine, theirs in ((0, attacker, defender), (1, defender, attacker))
        )

    def strike_cut(self, attacker: int, defender: int, tolerance: float) -> tuple[list[tuple[int, int, float]], float]:
        """The compositions both first strikes leave, (attacker id, defender id, chance), with the far tails of each
        strike left out (at most half ``tolerance`` each, :meth:`cut_volleys`), and the chance left out."""
        half = tolerance / 2
        after_d, missed_a = self.cut_volleys(0, attacker, True, defender, half)
        after_a, missed_d = self.cut_volleys(1, defender, True, attacker, half)
        struck = [(left_a, left_d, chance_a * chance_d) for left_a, chance_a in after_a for left_d, chance_d in after_d]
        return struck, missed_a + missed_d - missed_a * missed_d

    def sampling(
        self, side: int, composition: int, first_strike: bool, target: int
    ) -> tuple[list[tuple[int, float]], list[tuple[int, float]], int, int] | None:
        """For the Monte Carlo: (barred groups, other groups, non-air targets, all targets), ``None`` if none fires.

        Memoised; against a side without aircraft every group is "other" (barred first, in order).
        """
        key = (side, composition, first_strike, target)
        if key in self._sampling_cache:
            return self._sampling_cache[key]
        barred, free, _, _ = self.fire(side, composition, first_strike)
        ground, total = self.ground[1 - side][target], self.alive[1 - side][target]
        if ground == total:
            free, barred = free + barred, []
        plan = (barred, free, ground, total) if barred or free else None
        self._sampling_cache[key] = plan
        return plan

    def round_ids(self, attacker: int, defender: int, ghost: Counts | None) -> dict[tuple[int, int], float]:
        """Compositions in battle after one round, as (attacker id, defender id), with their chances: what every
        strike and main fire of both sides leaves (a round played forward, where the casualties of a bombardment
        may still fire)."""
        outcomes: dict[tuple[int, int], float] = defaultdict(float)
        struck_d, _ = self._ordered(0, attacker, True, defender)
        struck_a, _ = self._ordered(1, defender, True, attacker)
        for defender_1, chance_d in struck_d:
            firing = defender_1
            if ghost is not None:
                firing = self.intern(1, tuple(a + b for a, b in zip(self.compositions[1][defender_1], ghost)))
            for attacker_1, chance_a in struck_a:
                after_d, _ = self._ordered(0, attacker_1, False, defender_1)
                after_a, _ = self._ordered(1, firing, False, attacker_1)
                base = chance_a * chance_d
                for left_d, chance_hit_d in after_d:
                    scaled = base * chance_hit_d
                    for left_a, chance_hit_a in after_a:
                        outcomes[(left_a, left_d)] += scaled * chance_hit_a
        return outcomes

    def after_round(self, state: State, number: int) -> tuple[State, Ending | None]:
        """Apply the end-of-round rules of round ``number``: defeat, leaving, retreat, round limit."""
        attacker, defender, attacker_out, defender_out = state
        alive_a, alive_d = sum(attacker), sum(defender)
        if not alive_a and not alive_d:
            return state, Ending.BOTH_DESTROYED
        if not alive_d:
            return state, Ending.ATTACKER_WINS
        if not alive_a:
            return state, Ending.DEFENDER_WINS
        attacker, attacker_out = self._leave(0, attacker, attacker_out, number)
        if not sum(attacker):
            return State(attacker, defender, attacker_out, defender_out), Ending.ATTACKER_RETREATED
        defender, defender_out = self._leave(1, defender, defender_out, number)
        state = State(attacker, defender, attacker_out, defender_out)
        if not sum(defender):
            return state, Ending.ATTACKER_WINS
        setup = self.setup
        if setup.retreat_after_round == number or (
            setup.retreat_below is not None and sum(attacker) < setup.retreat_below
        ):
            withdrawn = tuple(a + b for a, b in zip(attacker, attacker_out))
            return State(self.zero[0], defender, withdrawn, defender_out), Ending.ATTACKER_RETREATED
        if setup.round_limit == number:
            return state, Ending.UNDECIDED
        return state, None

    def _leave(self, side: int, counts: Counts, out: Counts, number: int) -> tuple[Counts, Counts]:
        units = self.sides[side]
        if number not in self.leave_rounds or not any(unit.leaves_after_round == number for unit in units):
            return counts, out
        staying = tuple(0 if unit.leaves_after_round == number else count for unit, count in zip(units, counts))
        gone = tuple(o + c - s for o, c, s in zip(out, counts, staying))
        return staying, gone

    def progresses(self, attacker: int, defender: int) -> bool:
        """:meth:`can_progress` of two interned compositions, memoised."""
        key = (attacker, defender)
        known = self._progress_cache.get(key)
        if known is None:
            known = self._progress_cache[key] = self.can_progress(
                self.compositions[0][attacker], self.compositions[1][defender]
            )
        return known

    def can_progress(self, attacker: Counts, defender: Counts) -> bool:
        """Whether any die of either side could still hit something."""
        for side, counts, targets in (
            (0, attacker, _targets(self.sides[1], defender)),
            (1, defender, _targets(self.sides[0], attacker)),
        ):
            ground, total = targets
            for unit, count in zip(self.sides[side], counts):
                if count and unit.hits_on > 0 and (ground if not unit.hits_air else total) > 0:
                    return True
        return False

    def opening(self) -> dict[tuple[State, Counts | None], float]:
        """States at the start of round 1 after anti-aircraft and support fire, with the ghosts that still fire."""
        setup = self.setup
        attacker_units, defender_units = self.sides
        starts: dict[tuple[Counts, Counts | None], float] = {(setup.attacker_counts, None): 1.0}
        if setup.anti_aircraft is not None:
            chance = setup.anti_aircraft.hits_on / setup.die.sides
            for index, unit in enumerate(attacker_units):
                if unit.air and setup.attacker_counts[index]:
                    shot: dict[tuple[Counts, Counts | None], float] = defaultdict(float)
                    for hits, p in enumerate(binomial(setup.attacker_counts[index], chance)):
                        for (counts, ghost), q in starts.items():
                            after = tuple(c - hits if i == index else c for i, c in enumerate(counts))
                            shot[(after, ghost)] += p * q
                    starts = dict(shot)
        defender_starts: dict[tuple[Counts, Counts | None], float] = {(setup.defender_counts, None): 1.0}
        if setup.support is not None and setup.support.dice:
            defender_starts = {}
            chance = setup.support.hits_on / setup.die.sides
            for hits, p in enumerate(cap_hits(binomial(setup.support.dice, chance), sum(setup.defender_counts))):
                left = _take(defender_units, setup.defender_counts, (0, hits))
                ghost = (
                    tuple(a - b for a, b in zip(setup.defender_counts, left))
                    if setup.support.casualties_fire_back and hits
                    else None
                )
                defender_starts[(left, ghost)] = defender_starts.get((left, ghost), 0.0) + p
        combined: dict[tuple[State, Counts | None], float] = {}
        for (attacker, _), p in starts.items():
            for (defender, ghost), q in defender_starts.items():
                state = State(attacker, defender, self.zero[0], self.zero[1])
                combined[(state, ghost)] = combined.get((state, ghost), 0.0) + p * q
        return combined


_Keyed = TypeVar("_Keyed")


def _drop_least(states: Mapping[_Keyed, float], allowance: float) -> tuple[list[tuple[_Keyed, float]], float]:
    """``states`` less the least likely ones, as many as together hold at most ``allowance``; and what they hold.

    >>> _drop_least({"a": 0.5, "b": 1e-13, "c": 2e-13, "d": 0.4999999999997}, 2.5e-13)
    ([('c', 2e-13), ('d', 0.4999999999997), ('a', 0.5)], 1e-13)
    """
    ordered = sorted(states.items(), key=itemgetter(1))
    running = list(accumulate(p for _, p in ordered))
    cut = bisect.bisect_right(running, allowance)
    return ordered[cut:], (running[cut - 1] if cut else 0.0)


def _opening_ending(state: State, ghost: Counts | None) -> Ending | None:
    """An ending decided before round 1: every attacker shot down (the defender holds, even with no
    combat unit), or every defender hit by fire that is not returned."""
    if not sum(state.attacker):
        return Ending.DEFENDER_WINS
    if not sum(state.defender) and ghost is None:
        return Ending.ATTACKER_WINS
    return None


_RUNS_PER_STEP = 1000
"""The Monte Carlo reports its progress every so many runs."""


def _forward_round_share(setup: BattleSetup, last_forward: int) -> float:
    """The share of an exact solve's progress that each of its ``last_forward`` rounds played forward takes.

    Together they take all of it where a round limit or a retreat after round N ends every battle in
    those rounds; else a tenth, since the solve that follows them (loss-count groups, the stationary
    chain) plays every state once and they only the states of their rounds.
    """
    forward = 1.0 if setup.round_limit is not None or setup.retreat_after_round is not None else 0.1
    return forward / max(last_forward, 1)


def solve_exact(setup: BattleSetup, *, loss_counts: bool = True, by_round: bool = False) -> ExactOutcome:
    """Every ending of the battle with its exact probability (see the module docstring for the method).

    ``loss_counts=False`` keeps the general solver over unit compositions even where the
    states are loss counts (:mod:`adjudicator.battle.losses`): the straightforward
    computation that the fast path is tested against. ``by_round=True`` adds the battle
    after each round (:attr:`ExactOutcome.by_round`): the rounds the odds play forward are
    its first rows, and a second pass (:func:`_by_round`) plays on from them over the same
    hit distributions.
    """
    odds, rounds = solve_exact_first(setup, loss_counts=loss_counts, rounds_to_come=by_round)
    return rounds.played() if rounds is not None else odds


@dataclass
class RoundsToCome:
    """The second pass of an exact solve, kept from its odds (:func:`solve_exact_first`): :meth:`played` gives what
    ``solve_exact(setup, by_round=True)`` gives, the same numbers, without solving the odds again."""

    odds: ExactOutcome
    rules: _Rules
    loss_counts: bool
    table: _RoundTable
    played_forward: int
    reached: dict[tuple[State, Counts | None], float]
    reached_groups: list[_LossGroup] | None
    forward_dropped: float

    def played(self) -> ExactOutcome:
        """The odds with the battle after each round (:attr:`ExactOutcome.by_round`)."""
        dropped = self.forward_dropped + _by_round(
            self.rules, self.loss_counts, self.table, self.played_forward, self.reached, self.reached_groups
        )
        return dataclasses.replace(self.odds, by_round=self.table.rows(), by_round_dropped=dropped)


def solve_exact_first(
    setup: BattleSetup, *, loss_counts: bool = True, rounds_to_come: bool = True
) -> tuple[ExactOutcome, RoundsToCome | None]:
    """The odds of :func:`solve_exact` without the rounds, and (with ``rounds_to_come``) what the rounds' pass
    needs to follow them: the rounds the odds played forward, and the rules with the hit distributions they
    worked out."""
    rules = _Rules(setup)
    finals: dict[tuple[Ending, Counts, Counts], float] = defaultdict(float)
    pruned = 0.0
    expected_rounds = 0.0
    visited: set[State] = set()
    states = 0
    table = _RoundTable(rules) if rounds_to_come else None
    table_dropped = 0.0

    def finish(state: State, ending: Ending, p: float) -> None:
        survivors_a = tuple(a + b for a, b in zip(state.attacker, state.attacker_withdrawn))
        survivors_d = tuple(a + b for a, b in zip(state.defender, state.defender_withdrawn))
        finals[(ending, survivors_a, survivors_d)] += p

    def finish_forward(state: State, ending: Ending, p: float) -> None:
        """An ending of a round played forward, of the odds and of the table."""
        finish(state, ending, p)
        if table is not None and table.playing <= BY_ROUND_ROUNDS:
            table.finish(state, ending, p)

    current: dict[tuple[State, Counts | None], float] = {}
    for (state, ghost), p in rules.opening().items():
        ending = _opening_ending(state, ghost)
        if ending is not None:
            finish_forward(state, ending, p)
        else:
            current[(state, ghost)] = current.get((state, ghost), 0.0) + p
    if table is not None:
        table.add_states(0, current)
    # Round 1 differs from the rounds after it where the casualties of a bombardment fire back in it, and where the
    # attacker retreats below K units (which comes only after a round: a side that starts below K fights round 1).
    first_differs = setup.retreat_below is not None or any(ghost is not None for _, ghost in current)
    last_forward = max(rules.stationary_after, int(first_differs)) if setup.round_limit is None else setup.round_limit
    last_leaving = max(rules.leave_rounds, default=0)
    round_share = _forward_round_share(setup, last_forward)
    number = 0
    reached = current
    """The states the last round played forward left (the table plays on from them)."""
    reached_groups: list[_LossGroup] | None = None
    """Those states as loss-count groups, where they are."""
    while current:
        groups = _loss_chain_groups(rules, current) if loss_counts and number >= last_leaving else None
        if groups is not None:
            reached_groups = groups
            rounds = range(number + 1, last_forward + 1) if _numbered(rules) else range(0)
            with progress.within(round_share * number, 1.0):
                dropped, played, group_states = _solve_groups(rules, groups, rounds, setup.prune_below - pruned, finish)
            pruned += dropped
            expected_rounds += played
            states += group_states
            current = {}
            break
        if number >= last_forward:
            break
        number += 1
        if table is not None:
            table.playing = number
        report = functools.partial(_report_forward, round_share, number - 1)
        # Each round played forward may drop half of what is left to it and the rounds after it.
        allowance = (setup.prune_below - pruned) / 2 / (last_forward - number + 1)
        current, dropped, played = _play_round(rules, current, number, finish_forward, visited.add, allowance, report)
        reached = current
        pruned += dropped
        expected_rounds += played
        if table is not None and number <= BY_ROUND_ROUNDS:
            table.add_states(number, current)
            table_dropped += dropped
    stationary: dict[State, float] = defaultdict(float)
    for (state, _), p in current.items():
        stationary[state] += p
    with progress.within(round_share * min(number, last_forward), 1.0):
        pruned_later, rounds_later = _solve_stationary(rules, stationary, finish, visited, setup.prune_below - pruned)
    mass = math.fsum(finals.values())
    ordered = sorted(finals.items(), key=lambda item: (-item[1], item[0][0].value, item[0][1], item[0][2]))
    odds = ExactOutcome(
        finals=tuple(FinalState(ending, a, d, p / mass) for (ending, a, d), p in ordered),
        pruned=pruned + pruned_later,
        states=states + len(visited),
        expected_rounds=(expected_rounds + rounds_later) / mass,
    )
    if table is None:
        return odds, None
    return odds, RoundsToCome(odds, rules, loss_counts, table, number, reached, reached_groups, table_dropped)


_STATES_PER_STEP = 256
"""A round played forward by the general solver reports its progress (:mod:`adjudicator.progress`) every so many
states."""


def _report_forward(round_share: float, rounds_before: int, done: float) -> None:
    """The progress of a round played forward: the rounds before it and ``done`` of it, each ``round_share``."""
    progress.advance(round_share * (rounds_before + done), 1)


def _play_round(
    rules: _Rules,
    current: Mapping[tuple[State, Counts | None], float],
    number: int,
    finish: Callable[[State, Ending, float], None],
    visit: Callable[[State], None],
    allowance: float,
    report: Callable[[float], None] | None = None,
) -> tuple[dict[tuple[State, Counts | None], float], float, float]:
    """Round ``number`` of the general solver from every state of ``current`` (with the casualties that still fire).

    The least likely states that together hold at most ``allowance`` are dropped (:func:`_drop_least`);
    ``visit`` receives every state played and
    ``finish`` every ending; ``report`` hears the share of the round done, every
    :data:`_STATES_PER_STEP` states. Returns the states still in battle, the probability dropped and
    the probability played (this round's share of the expected rounds).
    """
    reached: dict[tuple[Counts, Counts], dict[tuple[int, int], float]] = defaultdict(lambda: defaultdict(float))
    """The mass of each outcome (the compositions' ids) by the units withdrawn, many states of the round reaching the
    same one: the end of the round is applied once an outcome."""
    kept, dropped = _drop_least(current, allowance)
    played = 0.0
    for index, ((state, ghost), p) in enumerate(kept):
        if report is not None and not index % _STATES_PER_STEP:
            report(index / len(kept))
        visit(state)
        played += p
        if not rules.can_progress(state.attacker, state.defender) and ghost is None:
            finish(state, Ending.UNDECIDED, p)
            continue
        outcomes = rules.round_ids(rules.intern(0, state.attacker), rules.intern(1, state.defender), ghost)
        into = reached[(state.attacker_withdrawn, state.defender_withdrawn)]
        for pair, q in outcomes.items():
            into[pair] += p * q
    following: dict[tuple[State, Counts | None], float] = defaultdict(float)
    compositions_a, compositions_d = rules.compositions
    alive_a, alive_d = rules.alive
    setup = rules.setup
    below = setup.retreat_below or 0
    # A round no rule names ends only where a side has no unit left or the attacker retreats below K units.
    named = number in rules.leave_rounds or number in (setup.retreat_after_round, setup.round_limit)
    for withdrawn, masses in reached.items():
        for (attacker, defender), mass in masses.items():
            state = State(compositions_a[attacker], compositions_d[defender], *withdrawn)
            if named or not alive_a[attacker] or not alive_d[defender] or alive_a[attacker] < below:
                state, ending = rules.after_round(state, number)
                if ending is not None:
                    finish(state, ending, mass)
                    continue
            following[(state, None)] += mass
    return following, dropped, played


_LossGroup = tuple[LossChain, LossChain, Counts, Counts, dict[tuple[int, int], float]]
"""Both sides' loss chains, what each side has withdrawn, and the mass by loss counts."""


def _loss_chain_groups(rules: _Rules, states: Mapping[tuple[State, Counts | None], float]) -> list[_LossGroup] | None:
    """The states as loss counts on loss chains, or ``None`` where a state is not a loss count.

    A state is not one when units fire back after being hit (bombardment) or when hits
    that cannot fall on aircraft meet a side with aircraft: they skip the loss order.
    """
    if any(ghost is not None for _, ghost in states):
        return None
    chains: tuple[list[LossChain], list[LossChain]] = ([], [])
    for side in (0, 1):
        for counts in sorted({state[side] for state, _ in states}, key=lambda counts: -sum(counts)):
            if not any(counts in chain.index for chain in chains[side]):
                chains[side].append(rules.loss_chain(side, counts))
    # The chains hold each side's unit types in rules.sides order (LossChain only sees their dice).
    if _barred_meet_air(rules.sides, ([chain.base for chain in chains[0]], [chain.base for chain in chains[1]])):
        return None
    # Each composition's chain: the first of the side's chains that holds it.
    chain_of: tuple[dict[Counts, int], dict[Counts, int]] = ({}, {})
    for side in (0, 1):
        for index, chain in enumerate(chains[side]):
            for counts in chain.index:
                chain_of[side].setdefault(counts, index)
    groups: dict[tuple[int, int, Counts, Counts], _LossGroup] = {}
    for (state, _), p in states.items():
        attacker, defender, out_a, out_d = state
        a, d = chain_of[0][attacker], chain_of[1][defender]
        group = groups.get((a, d, out_a, out_d))
        if group is None:
            group = groups[(a, d, out_a, out_d)] = (chains[0][a], chains[1][d], out_a, out_d, {})
        cell = (group[0].index[attacker], group[1].index[defender])
        group[4][cell] = group[4].get(cell, 0.0) + p
    return list(groups.values())


def _barred_meet_air(
    sides: tuple[Sequence[Combatant], Sequence[Combatant]], counts: tuple[Sequence[Counts], Sequence[Counts]]
) -> bool:
    """Whether hits that cannot fall on aircraft, of either side, meet aircraft of the other (any of its ``counts``):
    they skip the loss order, so the states are not loss counts."""
    for side in (0, 1):
        barred = any(
            count and unit.hits_on > 0 and not unit.hits_air
            for base in counts[side]
            for unit, count in zip(sides[side], base)
        )
        air = any(count and unit.air for base in counts[1 - side] for unit, count in zip(sides[1 - side], base))
        if barred and air:
            return True
    return False


def loss_count_openings(setup: BattleSetup) -> int | None:
    """How many openings of ``setup`` the exact odds play on loss counts, ``None`` where its rounds follow every
    composition of the units (:func:`solve_exact`): told from the setup alone, before any solve, so that a
    calculator can refuse a battle by its cost.

    Its rounds follow compositions where hits that cannot fall on aircraft meet aircraft, or where units leave the
    battle after a round. Otherwise each opening is solved on its own: an anti-aircraft gun's shot makes one for
    each number of hits on each attacking aircraft type (:meth:`_Rules.opening`); a bombardment whose casualties
    fire back plays round 1 once for each number of its hits. The cost of the odds grows with the openings times
    the units of both sides.

    >>> infantry, fighter = Combatant("infantry", 1, cost=3), Combatant("fighter", 3, cost=10, air=True)
    >>> sides = (infantry, fighter), (infantry,), (10, 4), (12,)
    >>> [loss_count_openings(BattleSetup(*sides, anti_aircraft=gun)) for gun in (None, AntiAircraftFire())]
    [1, 5]
    """
    if any(unit.leaves_after_round for unit in (*setup.attacker, *setup.defender)):
        return None
    if _barred_meet_air((setup.attacker, setup.defender), ([setup.attacker_counts], [setup.defender_counts])):
        return None
    openings = 1
    if setup.anti_aircraft is not None:
        for unit, count in zip(setup.attacker, setup.attacker_counts):
            if unit.air:
                openings *= count + 1
    if setup.support is not None and setup.support.casualties_fire_back:
        openings *= setup.support.dice + 1
    return openings


def _numbered(rules: _Rules) -> bool:
    """Whether round 1 of loss counts differs from the later ones: through the rules that name a round, and the
    retreat below K units, which comes only after a round (a side that starts below K still fights round 1)."""
    setup = rules.setup
    return bool(
        setup.round_limit is not None
        or setup.retreat_after_round is not None
        or setup.retreat_below is not None
        or rules.leave_rounds
    )


def _solve_groups(
    rules: _Rules,
    groups: Sequence[_LossGroup],
    rounds: range,
    budget: float,
    finish: Callable[[State, Ending, float], None],
) -> tuple[float, float, int]:
    """Solve every loss-count group (:func:`_solve_group`) within ``budget``: the dropped probability, the expected
    number of rounds played and the number of states played.

    The least likely groups (an anti-aircraft gun's many rare openings) are dropped whole, within
    half the budget; the rest of it is shared by the groups that are solved.
    """
    kept, pruned = _drop_least_groups(groups, budget / 2)
    share = (budget - pruned) / max(len(kept), 1)
    expected_rounds = 0.0
    states = 0
    done = list(accumulate((group[0].size * group[1].size for group in kept), initial=0))
    for index, group in enumerate(kept):
        progress.advance(done[index], done[-1])
        dropped, played, group_states = _solve_group(rules, group, rounds, share, finish)
        pruned += dropped
        expected_rounds += played
        states += group_states
    return pruned, expected_rounds, states


def _drop_least_groups(groups: Sequence[_LossGroup], allowance: float) -> tuple[list[_LossGroup], float]:
    """``groups`` less the least likely ones, as many as together hold at most ``allowance``; and what they hold."""
    masses = {index: math.fsum(group[4].values()) for index, group in enumerate(groups)}
    kept, dropped = _drop_least(masses, allowance)
    return [groups[index] for index in sorted(index for index, _ in kept)], dropped


def _solve_group(
    rules: _Rules,
    group: _LossGroup,
    rounds: range,
    budget: float,
    finish: Callable[[State, Ending, float], None],
) -> tuple[float, float, int]:
    """Solve one group of loss-count states with :func:`~adjudicator.battle.losses.solve_chains`.

    Returns the dropped probability, the expected number of rounds played and the number of states played.
    """
    stride = group[1].size + 1
    played: set[int] = set()

    def visit(i: int, first: int, last: int) -> None:
        played.update(range(i * stride + first, i * stride + last + 1))

    dropped, rounds_played = solve_chains(
        _loss_battle(rules, group, rounds, budget), _finish_counts(rules, group, finish), visit
    )
    return dropped, rounds_played, len(played)


def _loss_battle(rules: _Rules, group: _LossGroup, rounds: Sequence[int], budget: float) -> LossBattle:
    """A loss-count group as a :class:`~adjudicator.battle.losses.LossBattle` with the setup's rules."""
    setup = rules.setup
    return LossBattle(
        group[0], group[1], group[4], rounds, setup.retreat_after_round, setup.retreat_below, setup.round_limit, budget
    )


def _finish_counts(
    rules: _Rules, group: _LossGroup, finish: Callable[[State, Ending, float], None]
) -> Callable[[str, int, int, float], None]:
    """``finish`` for the endings of a group's loss-count states (the attacker's survivors withdrawn if it retreats)."""
    attacker, defender, out_a, out_d, _ = group
    compositions_a, compositions_d = attacker.compositions, defender.compositions

    def finish_counts(ending: str, i: int, j: int, p: float) -> None:
        left_a, left_d = compositions_a[i], compositions_d[j]
        if ending == Ending.ATTACKER_RETREATED.value:
            withdrawn = tuple(x + y for x, y in zip(left_a, out_a))
            finish(State(rules.zero[0], left_d, withdrawn, out_d), Ending.ATTACKER_RETREATED, p)
        else:
            finish(State(left_a, left_d, out_a, out_d), Ending(ending), p)

    return finish_counts


class _RoundTable:
    """What :func:`_by_round` finds, round by round: the battles still on and those that ended."""

    def __init__(self, rules: _Rules) -> None:
        self.sizes = len(rules.sides[0]), len(rules.sides[1])
        self.playing = 0
        """The round being played: the one whose endings :meth:`finish` receives."""
        self.on: dict[int, list[float]] = {}
        """Per round: the mass still on, then its attacker units per type, then its defender units."""
        self.ended: dict[int, dict[tuple[Ending, Counts, Counts], float]] = defaultdict(lambda: defaultdict(float))

    def finish(self, state: State, ending: Ending, p: float) -> None:
        """An ending of the round being played."""
        survivors_a = tuple(a + b for a, b in zip(state.attacker, state.attacker_withdrawn))
        survivors_d = tuple(a + b for a, b in zip(state.defender, state.defender_withdrawn))
        self.ended[self.playing][(ending, survivors_a, survivors_d)] += p

    def add_on(self, number: int, row: Sequence[float]) -> None:
        """Add battles still on after round ``number``: their mass, then their units per type times their mass."""
        known = self.on.get(number)
        self.on[number] = list(row) if known is None else list(map(math.fsum, zip(known, row)))

    def add_states(self, number: int, states: Mapping[tuple[State, Counts | None], float]) -> None:
        """Add the states of the general solver still on after round ``number``."""
        # The units are linear in the mass: each side's compositions (with what it withdrew) are summed once each.
        by_side: tuple[dict[tuple[Counts, Counts], float], dict[tuple[Counts, Counts], float]] = (
            defaultdict(float),
            defaultdict(float),
        )
        for (state, _), p in states.items():
            by_side[0][(state.attacker, state.attacker_withdrawn)] += p
            by_side[1][(state.defender, state.defender_withdrawn)] += p
        columns: list[list[float]] = [list(by_side[0].values())]
        for side in (0, 1):
            for index in range(self.sizes[side]):
                columns.append(
                    [
                        p * (counts[index] + out[index])
                        for (counts, out), p in by_side[side].items()
                        if counts[index] + out[index]
                    ]
                )
        if states:
            self.add_on(number, list(map(math.fsum, columns)))

    def rows(self) -> tuple[RoundOdds, ...]:
        """Every round from 0 to the last one with a battle on or an ending, the endings most likely first."""
        last = max((*self.on, *self.ended), default=0)
        empty = [0.0] * (1 + sum(self.sizes))
        rows = []
        for number in range(last + 1):
            on = self.on.get(number, empty)
            ended = sorted(self.ended.get(number, {}).items(), key=lambda item: -item[1])
            rows.append(
                RoundOdds(
                    number,
                    on[0],
                    tuple(on[1 : 1 + self.sizes[0]]),
                    tuple(on[1 + self.sizes[0] :]),
                    tuple(FinalState(ending, a, d, p) for (ending, a, d), p in ended),
                )
            )
        return tuple(rows)


class _GroupRounds:
    """The rounds of one loss-count group into a :class:`_RoundTable` (the ``after_round`` of
    :func:`~adjudicator.battle.losses.play_rounds`), and the last row it added."""

    def __init__(self, table: _RoundTable, group: _LossGroup, played: int) -> None:
        self.table = table
        self.attacker, self.defender, self.out_a, self.out_d, _ = group
        self.last = played
        self.row: list[float] = []

    def after_round(self, number: int, rows: Mapping[int, list[float]]) -> None:
        """Add the states still on after round ``number``: by attacker losses, the masses by defender losses."""
        columns = [0.0] * self.defender.size
        by_row = {}
        for i, row in rows.items():
            by_row[i] = math.fsum(row)
            columns = list(map(add, columns, row))
        mass = math.fsum(by_row.values())
        units_a = [mass * count for count in self.out_a]
        units_d = [mass * count for count in self.out_d]
        for i, part in by_row.items():
            units_a = [u + part * c for u, c in zip(units_a, self.attacker.compositions[i])]
        for j, part in enumerate(columns):
            if part:
                units_d = [u + part * c for u, c in zip(units_d, self.defender.compositions[j])]
        self.row = [mass, *units_a, *units_d]
        self.table.add_on(number, self.row)
        self.last = number
        self.table.playing = number + 1


def _by_round(
    rules: _Rules,
    loss_counts: bool,
    table: _RoundTable,
    played: int,
    current: Mapping[tuple[State, Counts | None], float],
    groups: list[_LossGroup] | None,
) -> float:
    """The rounds after round ``played`` into ``table``, from the states ``current`` it left; the probability dropped.

    ``groups`` are those states as loss-count groups where the odds found them so.

    On loss counts :func:`_by_round_on_chains` plays them, those that name a round included;
    otherwise the odds have played forward every round whose rules depend on its number, and
    these are the stationary rounds of the general solver (:func:`_by_round_on_compositions`).
    Both go through the hit distributions the odds went through and stop once less than
    :data:`BY_ROUND_TOLERANCE` is still on, or after round :data:`BY_ROUND_ROUNDS`.
    """
    if not current or played >= BY_ROUND_ROUNDS or math.fsum(current.values()) < BY_ROUND_TOLERANCE:
        return 0.0
    if groups is None and loss_counts:
        groups = _loss_chain_groups(rules, current)
    if groups is not None:
        return _by_round_on_chains(rules, groups, played, table)
    return _by_round_on_compositions(rules, played, current, table)


def _by_round_on_compositions(
    rules: _Rules, played: int, current: Mapping[tuple[State, Counts | None], float], table: _RoundTable
) -> float:
    """The stationary rounds after round ``played`` as the general solver plays them, with no self-loop eliminated,
    into ``table``; the probability dropped.

    Each round's states fire their first strikes (the compositions they leave are states of their own,
    :meth:`_Rules.strike_cut`) and the main fire (:func:`_main_fire`). The pass drops at most
    :data:`BY_ROUND_TOLERANCE` (it follows the battle until less than that is still on; the odds
    keep their own budget): each round a share of what is left over the rounds that may come, a
    quarter of it for the least likely states of each kind and a quarter for the far tails of
    their fire, as in :func:`_solve_stationary`.
    """
    keys = _StateKeys()
    states: dict[int, float] = defaultdict(float)
    for (state, _), p in current.items():
        a, d = rules.intern(0, state.attacker), rules.intern(1, state.defender)
        states[keys.key(a, d, state.attacker_withdrawn, state.defender_withdrawn)] += p
    dropped = 0.0
    number = played
    while states and number < BY_ROUND_ROUNDS and math.fsum(states.values()) >= BY_ROUND_TOLERANCE:
        number += 1
        share = (BY_ROUND_TOLERANCE - dropped) / (BY_ROUND_ROUNDS - number + 1) / 4
        levels: dict[int, dict[int, float]] = defaultdict(lambda: defaultdict(float))
        onward = levels.__getitem__
        struck: dict[int, float] = defaultdict(float)
        ended = _endings()
        played_states, lost = _played(states, share)
        dropped += lost
        for key, p, tolerance in played_states:
            a, d, state = keys.state(rules, key)
            if not rules.progresses(a, d):
                ended[Ending.UNDECIDED][key] += p
            elif not rules.strikes_fire(a, d):
                dropped += p * _main_fire(rules, key, p, tolerance, ended, onward)
            else:
                strikes, left_out = rules.strike_cut(a, d, tolerance)
                dropped += p * left_out
                for a_1, d_1, chance in strikes:
                    struck[keys.key(a_1, d_1, state.attacker_withdrawn, state.defender_withdrawn)] += p * chance
        played_struck, lost = _played(struck, share)
        dropped += lost
        for key, p, tolerance in played_struck:
            dropped += p * _main_fire(rules, key, p, tolerance, ended, onward)
        table.playing = number
        _finish_ended(rules, ended, keys.withdrawn, table.finish)
        states = {key: p for level in levels.values() for key, p in level.items()}
        table.add_states(number, {(keys.state(rules, key)[2], None): p for key, p in states.items()})
    return dropped


def _by_round_on_chains(rules: _Rules, groups: Sequence[_LossGroup], played: int, table: _RoundTable) -> float:
    """The rounds after round ``played`` on loss counts, group by group, into ``table``; the probability dropped.

    A group is played until less than :data:`BY_ROUND_TOLERANCE` times the mean of its mass and
    its share of one is still on (the tolerance, for all groups together; a group of almost no
    mass stops at once); what is still on then stays on in the later rounds that other groups
    play. The pass drops at most the tolerance, as the rounds over compositions do: the least
    likely groups whole within a quarter of it (the rare openings of an anti-aircraft gun), a
    quarter shared by the groups played.
    """
    kept, dropped = _drop_least_groups(groups, BY_ROUND_TOLERANCE / 4)
    budget = BY_ROUND_TOLERANCE / 4 / max(len(kept), 1)
    followed = []
    for group in kept:
        rounds = _GroupRounds(table, group, played)
        table.playing = played + 1
        dropped += play_rounds(
            _loss_battle(rules, group, range(played + 1, BY_ROUND_ROUNDS + 1), budget),
            BY_ROUND_TOLERANCE * (math.fsum(group[4].values()) + 1 / len(kept)) / 2,
            _finish_counts(rules, group, table.finish),
            rounds.after_round,
        )
        followed.append(rounds)
    if not followed:
        return dropped
    last = max(rounds.last for rounds in followed)
    for rounds in followed:
        if rounds.row and rounds.row[0]:
            for later in range(rounds.last + 1, last + 1):
                table.add_on(later, rounds.row)
    return dropped


_Endings = defaultdict[Ending, defaultdict[int, float]]
"""Final mass of the stationary rounds by ending and state (an integer of :class:`_StateKeys`)."""


def _endings() -> _Endings:
    return defaultdict(lambda: defaultdict(float))


_ID_BITS = 32
"""A state of :func:`_solve_stationary` is one integer: the withdrawn units' id, the attacker's composition id and the
defender's, this many bits each (an integer hashes faster than a tuple of tuples)."""
_ID_MASK = (1 << _ID_BITS) - 1


class _StateKeys:
    """The states of the stationary rounds over compositions as integers: the withdrawn units interned here, the
    compositions by :meth:`_Rules.intern`."""

    def __init__(self) -> None:
        self.withdrawn: list[tuple[Counts, Counts]] = []
        self._ids: dict[tuple[Counts, Counts], int] = {}

    def key(self, a: int, d: int, out_a: Counts, out_d: Counts) -> int:
        """The integer of the compositions ``a`` and ``d`` in battle, with ``out_a`` and ``out_d`` withdrawn."""
        w = self._ids.get((out_a, out_d))
        if w is None:
            w = self._ids[(out_a, out_d)] = len(self.withdrawn)
            self.withdrawn.append((out_a, out_d))
        return (w << 2 * _ID_BITS) | (a << _ID_BITS) | d

    def state(self, rules: _Rules, key: int) -> tuple[int, int, State]:
        """The compositions' ids of ``key`` and its :class:`State`."""
        a, d = (key >> _ID_BITS) & _ID_MASK, key & _ID_MASK
        return a, d, State(rules.compositions[0][a], rules.compositions[1][d], *self.withdrawn[key >> 2 * _ID_BITS])


def _solve_stationary(
    rules: _Rules,
    start: Mapping[State, float],
    finish: Callable[[State, Ending, float], None],
    visited: set[State],
    budget: float,
) -> tuple[float, float]:
    """Absorb the stationary chain from ``start``: each state once, largest first, self-loop eliminated.

    A round with a first strike passes through the compositions the strike leaves, before the
    main fire: they are states of their own (``struck``), reached from many states and played
    once each, so a state costs its strikes plus one main fire instead of their product. The
    levels of ``n`` units left come in decreasing ``n``, each level's struck states before its
    states (the struck states of a level are reached from higher levels only; a strike that hits
    nothing is played at once, as the self-loop's part).

    Drops at most ``budget`` of probability: each level has a share ``b / (n + 1)`` of the budget
    ``b`` still unspent (so that the levels below keep theirs), a quarter of it to drop the least
    likely states of each kind (:func:`_drop_least`) and a quarter to leave out the far tails of
    their fire, half of it in proportion to their mass and half in equal parts (a rare state cuts
    closer; :meth:`_Rules.strike_cut`, :func:`_main_fire`).
    Returns the pruned probability and the expected number of rounds played here. Only defeat and
    "retreat below K units" can end the battle in this phase.
    """
    alive_a, alive_d = rules.alive
    pruned = rounds = 0.0
    buckets: dict[int, dict[int, float]] = defaultdict(lambda: defaultdict(float))
    struck: dict[int, dict[int, float]] = defaultdict(lambda: defaultdict(float))
    ended = _endings()
    """Final mass by ending and state, turned into survivors once at the end."""
    keys = _StateKeys()
    withdrawn = keys.withdrawn
    for (attacker, defender, out_a, out_d), p in start.items():
        a, d = rules.intern(0, attacker), rules.intern(1, defender)
        buckets[alive_a[a] + alive_d[d]][keys.key(a, d, out_a, out_d)] += p
    # The share done is the share of the probability no longer in battle: a level's cost follows the
    # states it holds, which the levels above it decide (the units left alone would say the first few
    # levels, which hold few states, are most of the work).
    start_mass = math.fsum(start.values()) or 1.0
    onward = buckets.__getitem__
    while buckets or struck:
        level = max(max(buckets, default=-1), max(struck, default=-1))
        on = sum(sum(states.values()) for states in (*buckets.values(), *struck.values()))
        progress.advance(max(start_mass - on, 0.0), start_mass)
        share = (budget - pruned) / (level + 1) / 4
        if level in struck:
            played_struck, dropped = _played(struck.pop(level), share)
            pruned += dropped
            for key, p, tolerance in played_struck:
                pruned += p * _main_fire(rules, key, p, tolerance, ended, onward)
        if level not in buckets:
            continue
        played_states, dropped = _played(buckets.pop(level), share)
        pruned += dropped
        for key, p, tails in played_states:
            a, d, state = keys.state(rules, key)
            visited.add(state)
            stay = rules.stay(a, d)
            if stay >= 1.0 - 1e-15:
                finish(state, Ending.UNDECIDED, p)
                continue
            flow = p / (1.0 - stay)
            rounds += flow
            # flow · (what the strikes and the main fire leave out) ≤ p · tails: over the level, a quarter of the share.
            tolerance = tails * (1.0 - stay)
            if not rules.strikes_fire(a, d):
                pruned += flow * _main_fire(rules, key, flow, tolerance, ended, onward, self_loop=True)
                continue
            strikes, left_out = rules.strike_cut(a, d, tolerance / 2)
            pruned += flow * left_out
            for a_1, d_1, chance in strikes:
                if a_1 == a and d_1 == d:
                    lost = _main_fire(rules, key, flow * chance, tolerance / 2, ended, onward, self_loop=True)
                    pruned += flow * chance * lost
                else:
                    struck[alive_a[a_1] + alive_d[d_1]][
                        keys.key(a_1, d_1, state.attacker_withdrawn, state.defender_withdrawn)
                    ] += flow * chance
    _finish_ended(rules, ended, withdrawn, finish)
    return pruned, rounds


def _played(states: Mapping[int, float], share: float) -> tuple[list[tuple[int, float, float]], float]:
    """``states`` less the least likely ones (together at most ``share``, :func:`_drop_least`), each with the chance
    its fire may leave out, and the probability dropped.

    Their fire leaves out at most ``share`` more in all: half of it in proportion to the states'
    mass, half in equal parts, so that a rare state cuts its tails closer.
    """
    kept, dropped = _drop_least(states, share)
    if not kept:
        return [], dropped
    tails = share / 2 / math.fsum(p for _, p in kept)
    each = share / 2 / len(kept)
    return [(key, p, tails + each / p) for key, p in kept], dropped


def _main_fire(
    rules: _Rules,
    key: int,
    flow: float,
    tolerance: float,
    ended: _Endings,
    onward: Callable[[int], dict[int, float]],
    *,
    self_loop: bool = False,
) -> float:
    """Push ``flow`` from the state ``key`` of :func:`_solve_stationary` through both main fires, into ``ended`` or
    ``onward`` by units left.

    The far tails of each fire are left out (at most half ``tolerance`` each, :meth:`_Rules.cut_volleys`);
    with ``self_loop`` the outcome "no hit on either side" (the eliminated self-loop) is not pushed.
    Returns the chance left out. Only defeat and "retreat below K units" end the battle here.
    """
    a, d = (key >> _ID_BITS) & _ID_MASK, key & _ID_MASK
    high = key & ~((1 << 2 * _ID_BITS) - 1)
    half = tolerance / 2
    volleys_a, missed_a = rules.cut_volleys(0, a, False, d, half)
    volleys_d, missed_d = rules.cut_volleys(1, d, False, a, half)
    below = rules.setup.retreat_below
    alive_a, alive_d = rules.alive
    destroyed_a: list[tuple[int, float]] = []
    """The attacker's compositions with no unit left, as the upper bits of their keys, with their chances."""
    retreated_a: list[tuple[int, float]] = []
    fighting_a: list[tuple[int, int, float]] = []
    for left_a, chance in volleys_d:
        living_a = alive_a[left_a]
        upper = high | (left_a << _ID_BITS)
        if not living_a:
            destroyed_a.append((upper, chance))
        elif below is not None and living_a < below:
            retreated_a.append((upper, chance))
        else:
            fighting_a.append((upper, living_a, chance))
    won, lost, both, retreat = (
        ended[ending]
        for ending in (Ending.ATTACKER_WINS, Ending.DEFENDER_WINS, Ending.BOTH_DESTROYED, Ending.ATTACKER_RETREATED)
    )
    # The levels the pushes reach (both sides with units left), by units left from the fewest up: looked up
    # once, not once a push.
    living_after_d = [alive_d[left] for left, _ in volleys_a if alive_d[left]]
    levels: list[dict[int, float]] = []
    fewest_a = fewest_d = 0
    if fighting_a and living_after_d:
        fewest_a = min(living for _, living, _ in fighting_a)
        fewest_d = min(living_after_d)
        most = max(living for _, living, _ in fighting_a) + max(living_after_d)
        levels = list(map(onward, range(fewest_a + fewest_d, most + 1)))
    pushes = [(upper, living - fewest_a, chance) for upper, living, chance in fighting_a]
    for left_d, chance in volleys_a:
        living_d = alive_d[left_d]
        scaled = flow * chance
        if not living_d:
            for upper, _, chance_a in fighting_a:
                won[upper | left_d] += scaled * chance_a
            for upper, chance_a in retreated_a:
                won[upper | left_d] += scaled * chance_a
            for upper, chance_a in destroyed_a:
                both[upper | left_d] += scaled * chance_a
            continue
        for upper, chance_a in destroyed_a:
            lost[upper | left_d] += scaled * chance_a
        for upper, chance_a in retreated_a:
            retreat[upper | left_d] += scaled * chance_a
        offset = living_d - fewest_d
        if self_loop and left_d == d:
            for upper, above, chance_a in pushes:
                target = upper | left_d
                if target != key:
                    levels[above + offset][target] += scaled * chance_a
        else:
            for upper, above, chance_a in pushes:
                levels[above + offset][upper | left_d] += scaled * chance_a
    return missed_a + missed_d - missed_a * missed_d


def _finish_ended(
    rules: _Rules,
    ended: Mapping[Ending, Mapping[int, float]],
    withdrawn: Sequence[tuple[Counts, Counts]],
    finish: Callable[[State, Ending, float], None],
) -> None:
    """Each ending of the stationary rounds (by ending, the states' keys of :class:`_StateKeys`) to ``finish``, the
    attacker's survivors withdrawn if it retreated."""
    compositions_a, compositions_d = rules.compositions
    for ending, masses in ended.items():
        for key, mass in masses.items():
            left_a, left_d = compositions_a[(key >> _ID_BITS) & _ID_MASK], compositions_d[key & _ID_MASK]
            out_a, out_d = withdrawn[key >> 2 * _ID_BITS]
            if ending is Ending.ATTACKER_RETREATED:
                retreated = tuple(x + y for x, y in zip(left_a, out_a))
                finish(State(rules.zero[0], left_d, retreated, out_d), ending, mass)
            else:
                finish(State(left_a, left_d, out_a, out_d), ending, mass)


def _rolled(groups: Sequence[tuple[int, float]], draw: Callable[[], float]) -> int:
    """Hits of ``(dice, chance)`` groups, one ``draw()`` per die in order: a die hits when it draws below its chance."""
    return sum([sum(map(chance.__gt__, starmap(draw, repeat((), dice)))) for dice, chance in groups])


def _sample_volley(
    rules: _Rules, side: int, composition: int, first_strike: bool, target: int, draw: Callable[[], float]
) -> Volley:
    """A capped volley of ``side``'s composition at the other side's composition ``target``, rolled die by die."""
    plan = rules.sampling(side, composition, first_strike, target)
    if plan is None:
        return 0, 0
    barred, free, ground, total = plan
    restricted = min(ground, _rolled(barred, draw)) if barred else 0
    return restricted, min(total - restricted, _rolled(free, draw))


def simulate(setup: BattleSetup, rng: random.Random, runs: int, *, by_round: bool = False) -> SampledOutcome:
    """Fight the battle ``runs`` times with dice from ``rng`` (pure: the caller seeds it).

    Each die is one ``rng.random()`` in a fixed order, so a seed gives the same battles
    however the rolls are counted. ``by_round=True`` counts the battles after each round too
    (:attr:`SampledOutcome.by_round`, the first :data:`BY_ROUND_ROUNDS` rounds).
    """
    if runs < 1:
        raise ValueError(f"runs must be 1 or more (got {runs})")
    rules = _Rules(setup)
    draw = rng.random
    counts: dict[Ending, int] = defaultdict(int)
    on: dict[tuple[int, State], int] = defaultdict(int)
    """Battles still on by round and state (with ``by_round``)."""
    ended: dict[tuple[int, Ending, State], int] = defaultdict(int)
    """Battles ended by round, ending and state (with ``by_round``)."""
    followed = BY_ROUND_ROUNDS if by_round else -1
    openings = list(rules.opening().items())
    compositions_a, compositions_d = rules.compositions
    for run in range(runs):
        if not run % _RUNS_PER_STEP:
            progress.advance(run, runs)
        chosen, cumulative = draw(), 0.0
        (state, ghost), _p = openings[-1]
        for candidate, p in openings:
            cumulative += p
            if chosen < cumulative:
                state, ghost = candidate
                break
        ending = _opening_ending(state, ghost)
        number = 0
        if ending is None and by_round:
            on[(0, state)] += 1
        while ending is None:
            number += 1
            attacker, defender = rules.intern(0, state.attacker), rules.intern(1, state.defender)
            if ghost is None and not rules.progresses(attacker, defender):
                ending = Ending.UNDECIDED
                break
            strike_a = _sample_volley(rules, 0, attacker, True, defender, draw)
            strike_d = _sample_volley(rules, 1, defender, True, attacker, draw)
            attacker_1, defender_1 = rules.take_id(0, attacker, strike_d), rules.take_id(1, defender, strike_a)
            firing_defender = defender_1
            if ghost is not None:
                firing_defender = rules.intern(1, tuple(a + b for a, b in zip(compositions_d[defender_1], ghost)))
            fire_a = _sample_volley(rules, 0, attacker_1, False, defender_1, draw)
            fire_d = _sample_volley(rules, 1, firing_defender, False, attacker_1, draw)
            after = State(
                compositions_a[rules.take_id(0, attacker_1, fire_d)],
                compositions_d[rules.take_id(1, defender_1, fire_a)],
                state.attacker_withdrawn,
                state.defender_withdrawn,
            )
            state, ending = rules.after_round(after, number)
            ghost = None
            if ending is None and number <= followed:
                on[(number, state)] += 1
        counts[ending] += 1
        if number <= followed:
            ended[(number, ending, state)] += 1
    if not by_round:
        return SampledOutcome(runs=runs, counts=dict(counts))
    table = _RoundTable(rules)
    for (number, state), count in on.items():
        table.add_states(number, {(state, None): count / runs})
    for (number, ending, state), count in ended.items():
        table.playing = number
        table.finish(state, ending, count / runs)
    return SampledOutcome(runs=runs, counts=dict(counts), by_round=table.rows())


def _rolled_hits(
    units: Sequence[Combatant],
    counts: Counts,
    rolls: Mapping[str, Sequence[int]],
    first_strike: bool,
    die: Die,
    path: str,
) -> tuple[int, int, dict[str, tuple[int, ...]]]:
    """(hits barred from aircraft, other hits, rolls used) of one side's step; checks every roll."""
    barred = free = 0
    used: dict[str, tuple[int, ...]] = {}
    for unit, count in zip(units, counts):
        if unit.first_strike != first_strike or unit.hits_on <= 0 or not count:
            continue
        expected = count * unit.dice * unit.rolls_per_die
        given = tuple(rolls.get(unit.name, ()))
        where = f"{path}.{unit.name}"
        if len(given) != expected:
            each = unit.dice * unit.rolls_per_die
            raise ScenarioError(
                where,
                N_plural(
                    "{units} roll {count} die ({per}); give exactly that many rolls",
                    "{units} roll {count} dice ({per}); give exactly that many rolls",
                ),
                list(given),
                units=message("{count} {unit}", count=count, unit=unit.name),
                count=expected,
                per=message("one roll each")
                if each == 1
                else message(N_plural("{count} roll each", "{count} rolls each"), count=each),
            )
        for index, roll in enumerate(given):
            check_roll(roll, die, f"{where}.{index}")
        groups = [given[i : i + unit.rolls_per_die] for i in range(0, len(given), unit.rolls_per_die)]
        hits = sum(1 for group in groups if min(group) <= unit.hits_on)
        if unit.hits_air:
            free += hits
        else:
            barred += hits
        used[unit.name] = given
    return barred, free, used


def _check_no_extra_rolls(
    units: Sequence[Combatant], counts: Counts, rolls: Mapping[str, Sequence[int]], path: str
) -> None:
    firing = {unit.name for unit, count in zip(units, counts) if count and unit.hits_on > 0}
    known = {unit.name for unit in units}
    for name in rolls:
        if name not in firing:
            raise ScenarioError(
                f"{path}.{name}",
                N_("rolls given for a unit type that is not a unit type of this side")
                if name not in known
                else N_("rolls given for a unit type that has no unit that rolls in this round"),
                list(rolls[name]),
            )


def _chosen(
    units: Sequence[Combatant], counts: Counts, volley: Volley, chosen: Mapping[str, int] | None, path: str
) -> Counts:
    """Counts after the owner's stated casualties, checked against the hits, or by the loss order."""
    if chosen is None:
        return _take(units, counts, volley)
    names = {unit.name: index for index, unit in enumerate(units)}
    left = list(counts)
    for name, lost in chosen.items():
        if name not in names:
            raise ScenarioError(f"{path}.{name}", "is not a unit type of this side", lost)
        if not 0 <= lost <= counts[names[name]]:
            raise ScenarioError(
                f"{path}.{name}", "must be from 0 to the {count} in the battle", lost, count=counts[names[name]]
            )
        left[names[name]] -= lost
    restricted, other = volley
    total = sum(chosen.values())
    if total != restricted + other:
        raise ScenarioError(
            path,
            N_plural("the hits remove exactly {count} unit", "the hits remove exactly {count} units"),
            dict(chosen),
            count=restricted + other,
        )
    ground = sum(lost for name, lost in chosen.items() if not units[names[name]].air)
    if ground < restricted:
        raise ScenarioError(path, "{count} of the hits cannot fall on aircraft", dict(chosen), count=restricted)
    return tuple(left)


def _lost(units: Sequence[Combatant], before: Counts, after: Counts) -> dict[str, int]:
    """The units of each type that went from ``before`` to ``after``, by name."""
    return _named(units, tuple(a - b for a, b in zip(before, after)))


def _replay_anti_aircraft(
    fire: AntiAircraftFire, die: Die, units: Sequence[Combatant], attacker: Counts, opening: RoundRolls | None
) -> tuple[Counts, VolleyRecord]:
    """The attacker after the defender's anti-aircraft rolls (one per attacking aircraft, by type)."""
    aa_rolls: Mapping[str, Sequence[int]] = opening.defender if opening else {}
    path = f"{opening.path}.defender" if opening else "opening.defender"
    left = list(attacker)
    used: dict[str, tuple[int, ...]] = {}
    for index, unit in enumerate(units):
        if unit.air and attacker[index]:
            given = tuple(aa_rolls.get(unit.name, ()))
            if len(given) != attacker[index]:
                raise ScenarioError(
                    f"{path}.{unit.name}",
                    "the anti-aircraft gun rolls once at each of the {units}",
                    list(given),
                    units=message("{count} {unit}", count=attacker[index], unit=unit.name),
                )
            left[index] -= sum(
                1 for i, roll in enumerate(given) if check_roll(roll, die, f"{path}.{unit.name}.{i}") <= fire.hits_on
            )
            used[unit.name] = given
    after = tuple(left)
    record = VolleyRecord("defender", "anti-aircraft", used, sum(attacker) - sum(after), _lost(units, attacker, after))
    return after, record


def _replay_support(
    support: SupportFire, die: Die, units: Sequence[Combatant], defender: Counts, opening: RoundRolls | None
) -> tuple[Counts, Counts | None, VolleyRecord]:
    """The defender after the attacker's support rolls, the casualties that still fire (or ``None``), the record."""
    path = f"{opening.path}.attacker.support" if opening else "opening.attacker.support"
    given = tuple(opening.attacker.get("support", ())) if opening else ()
    if len(given) != support.dice:
        raise ScenarioError(
            path,
            N_plural("the support fire rolls {count} die", "the support fire rolls {count} dice"),
            list(given),
            count=support.dice,
        )
    hits = sum(1 for i, roll in enumerate(given) if check_roll(roll, die, f"{path}.{i}") <= support.hits_on)
    left = _take(units, defender, (0, min(hits, sum(defender))))
    lost = tuple(a - b for a, b in zip(defender, left))
    ghost = lost if support.casualties_fire_back and any(lost) else None
    return left, ghost, VolleyRecord("attacker", "support", {"support": given}, hits, _named(units, lost))


def _replay_main_volley(
    units: Sequence[Combatant],
    counts: Counts,
    side_rolls: Mapping[str, Sequence[int]],
    stated: int | None,
    targets: tuple[int, int],
    die: Die,
    path: str,
) -> tuple[Volley, int, dict[str, tuple[int, ...]]]:
    """One side's main fire: its capped volley, its raw hits and the rolls used (or the stated hits)."""
    if stated is not None:
        barred_only = all(
            not unit.hits_air
            for unit, count in zip(units, counts)
            if count and unit.hits_on > 0 and not unit.first_strike
        )
        raw: Volley = (stated, 0) if barred_only else (0, stated)
        used: dict[str, tuple[int, ...]] = {}
    else:
        barred, free, used = _rolled_hits(units, counts, side_rolls, False, die, path)
        raw = (barred, free)
    return _capped(raw, targets), raw[0] + raw[1], used


def _replay_round(
    rules: _Rules, state: State, ghost: Counts | None, given: RoundRolls, number: int
) -> tuple[State, Ending | None, RoundRecord]:
    """One replayed round from ``state``: first strike, main fire of both sides, the end-of-round rules."""
    attacker_units, defender_units = rules.sides
    die = rules.setup.die
    path = given.path or f"rounds.{number - 1}"
    attacker, defender = state.attacker, state.defender
    volleys: list[VolleyRecord] = []
    _check_no_extra_rolls(attacker_units, attacker, given.attacker, f"{path}.attacker")
    _check_no_extra_rolls(defender_units, defender, given.defender, f"{path}.defender")
    barred, free, used = _rolled_hits(attacker_units, attacker, given.attacker, True, die, f"{path}.attacker")
    strike = _capped((barred, free), _targets(defender_units, defender))
    where = f"{path}.defender_first_strike_casualties"
    defender_1 = _chosen(defender_units, defender, strike, given.defender_first_strike_casualties, where)
    if used:
        volleys.append(
            VolleyRecord("attacker", "first-strike", used, barred + free, _lost(defender_units, defender, defender_1))
        )
    firing_defender = defender_1 if ghost is None else tuple(a + b for a, b in zip(defender_1, ghost))
    fire_a, hits_a, used_a = _replay_main_volley(
        attacker_units,
        attacker,
        given.attacker,
        given.attacker_hits,
        _targets(defender_units, defender_1),
        die,
        f"{path}.attacker",
    )
    fire_d, hits_d, used_d = _replay_main_volley(
        defender_units,
        firing_defender,
        given.defender,
        given.defender_hits,
        _targets(attacker_units, attacker),
        die,
        f"{path}.defender",
    )
    left_a = _chosen(attacker_units, attacker, fire_d, given.attacker_casualties, f"{path}.attacker_casualties")
    left_d = _chosen(defender_units, defender_1, fire_a, given.defender_casualties, f"{path}.defender_casualties")
    volleys.append(VolleyRecord("attacker", "main", used_a, hits_a, _lost(defender_units, defender_1, left_d)))
    volleys.append(VolleyRecord("defender", "main", used_d, hits_d, _lost(attacker_units, attacker, left_a)))
    after, ending = rules.after_round(State(left_a, left_d, state.attacker_withdrawn, state.defender_withdrawn), number)
    record = RoundRecord(
        number,
        tuple(volleys),
        _named(attacker_units, after.attacker),
        _named(defender_units, after.defender),
        _named(attacker_units, after.attacker_withdrawn),
        _named(defender_units, after.defender_withdrawn),
        ending,
    )
    return after, ending, record


def replay(
    setup: BattleSetup, rounds: Sequence[RoundRolls], opening: RoundRolls | None = None
) -> tuple[RoundRecord, ...]:
    """Apply the dice actually rolled, round by round; stops when the battle ends.

    ``opening`` holds the anti-aircraft rolls (defender, by aircraft type) and the
    support rolls (attacker, key ``support``). Raises :class:`ScenarioError` for a
    wrong number of rolls, a roll the die cannot show, or casualties the hits do
    not allow, and for rounds given after the battle has ended.
    """
    rules = _Rules(setup)
    attacker_units, defender_units = rules.sides
    attacker, defender = setup.attacker_counts, setup.defender_counts
    records: list[RoundRecord] = []
    ghost: Counts | None = None
    opening_volleys: list[VolleyRecord] = []
    if setup.anti_aircraft is not None:
        attacker, record = _replay_anti_aircraft(setup.anti_aircraft, setup.die, attacker_units, attacker, opening)
        opening_volleys.append(record)
    if setup.support is not None and setup.support.dice:
        defender, ghost, record = _replay_support(setup.support, setup.die, defender_units, defender, opening)
        opening_volleys.append(record)
    state = State(attacker, defender, rules.zero[0], rules.zero[1])
    ending = _opening_ending(state, ghost)
    if opening_volleys:
        records.append(
            RoundRecord(
                0,
                tuple(opening_volleys),
                _named(attacker_units, attacker),
                _named(defender_units, defender),
                {},
                {},
                ending,
            )
        )
    for number, given_round in enumerate(rounds, start=1):
        if ending is not None:
            path = given_round.path or f"rounds.{number - 1}"
            raise ScenarioError(path, "the battle already ended ({ending}) before this round", ending=ending.value)
        state, ending, round_record = _replay_round(rules, state, ghost, given_round, number)
        ghost = None
        records.append(round_record)
    return tuple(records)


def _capped(volley: Volley, targets: tuple[int, int]) -> Volley:
    ground, total = targets
    barred, free = volley
    if ground == total:
        return 0, min(total, barred + free)
    restricted = min(barred, ground)
    return restricted, min(free, total - restricted)
