"""Exact battle odds over loss counts: the fast path of :func:`adjudicator.battle.engine.solve_exact`.

Game-independent, like the engine it serves (Axis & Allies 2nd edition, source ``003_…``,
and the Hungarian strategic game, source ``000_…``, set their battles up in their own
packages). When a side takes its casualties in a fixed loss order and every hit can fall
on any of its units, its units in battle are always its starting units less the first
``k`` of the loss order: a :class:`LossChain`. A battle state is then two counts
``(i, j)`` — the attacker's and the defender's losses — and each side's hit
distribution depends only on its own count, so it is computed once per count (all
counts at once, from the last unit of the loss order back, a unit's dice added at a
time) and a round moves the mass of ``(i, j)`` to ``(i + y, j + x)`` with chance
``A_i(x)·D_j(y)``.

The states are visited as in the general solver: rounds that depend on their number
(retreat after round N, a round limit) forward, round by round, each state's outer
product added two rows at a time (a pair of rows is one list of complex numbers) with
:func:`map`; after them in order of increasing total losses, each state once, its
self-loop (no hit on either side) eliminated. First-strike units (attacking submarines)
fire before the rest; their casualties are removed before the main fire, so a round
passes through an intermediate state, visited in the same order.

**Stationary rounds without a first strike, a row at a time** (:meth:`_Solver.stationary_rows`).
Every state of row ``i`` (``i`` attacker losses) pushes with the same attacker
distribution ``A_i`` along the defender's losses, so what row ``i`` pushes into row
``t = i + y`` is one convolution: the vector ``v(j) = flow(i, j)·D_j(y)`` with ``A_i``.
And ``A_i`` is ``A_(t-1)`` with the dice of the units lost between ``i`` and ``t - 1``
added, so the convolutions of all rows into row ``t`` can wait in one vector: when the
solve moves from row ``i - 1`` to row ``i``, each waiting vector takes the dice of the
unit lost at the ``i``-th loss (a pass of :func:`map` per die, as the distributions
themselves are built) and row ``i`` adds its ``v`` to it. When row ``t`` comes, its
vector is convolved with ``A_(t-1)`` once. That convolution is one multiplication of two
Python integers into which the vector and the distribution are packed as fixed-point
numbers, a 104-bit slot per entry (Kronecker substitution; CPython multiplies in C): the
vector scaled to its largest entry ``< 2^(e-1)`` (52-bit integers rounded to nearest, at
most ``2^(e-53)`` off each), the chances to ``2^-52``. The solver adds these bounds as it
goes to the dropped mass it reports (about ``2e-14`` of the ``2.7e-13`` at 100 v 100). The
pushes with ``y = 0`` stay in the row: a pass in order of ``j`` adds them before the
state's flow is taken.

A row's pass visits its states in order of defender losses, but only the states whose
kept core of the defender's hits holds "no hit" push within the row (a defender with
few units left); they go one by one, and the flows of all the others are one pass of
:func:`map`. Every state of a row cuts the defender's tails at one tolerance, the
share over the row's largest possible flow, rounded down to a power of two, so the
cuts of every loss count come from a table memoised on the defender's chain
(:meth:`LossChain.cuts`), shared by the rows and by every group of a battle.

**Rounds played forward a row at a time** (:func:`play_rounds`, for the battle round by round).
A stationary round without its self-loop is the same pass with every state's mass moving on
once: row ``i``'s pushes with ``y = 0`` go to its own pending vector, convolved with ``A_i``
when the row is done (:meth:`_Solver.forward_rows`). Each round drops at most its share of
the budget: a decision per state and per row, the shares as in the row solve.

**Dropped mass.** The whole solve drops at most ``budget`` of probability. Each state
visited in a round is one decision: it is dropped if its mass is below a share of the
budget, else its push leaves out the far tails of the hit distributions whose mass,
times the mass pushed, is below that share (a first strike adds one decision for the
state it leaves; each row's waiting vector, convolved with the attacker's
distribution cut for its own mass, is one more). In the row solve only the states
below the share at either end of a row are dropped; those inside it are played. The
forward rounds share half the budget among their possible decisions (one per state
and round), the stationary rounds what is left among theirs (a quarter of it kept for
the rounding bound of the row solve above, which is reported with the drops and is
far smaller at the default budget of ``1e-12``). Every drop is added up and reported.

**Where the cost grows.** A state ``(i, j)`` pushes its mass to every pair of hit
counts both sides keep: its cost is ``H_a·H_d`` (the kept widths of the two hit
distributions, a few standard deviations each: ``O(√N)`` for ``N`` units a side). With
``S ≈ N²`` states the per-state solve is ``O(N³)``; the row solve does per row one
packed convolution and ``H_d`` vector operations over the row's ``O(N)`` states, plus
the dice of one unit added to each of the ``H_d`` waiting vectors, so ``O(N·H_d·N)``
element operations in all, in C loops of :func:`map` (``O(N²·√N)``), and ``O(N)``
Python-level steps per row instead of ``O(N)`` per state. What is left grows with the
number of groups: where the opening fire splits the battle into ``G`` starting
compositions that are not loss counts of one chain (an anti-aircraft gun shooting at
two aircraft types gives ``(f+1)·(b+1)`` of them, 651 for 30 fighters and 20 bombers),
each is solved as its own group and the cost is ``G`` times that of one battle.
The least likely groups are dropped whole within half the budget (266 of the 651,
holding less than ``5e-13``); the 385 left cost about 0.09 s each at 150 v 150, 35 s
in all, 3.7 million states. Groups share their chains' distributions and cut tables,
not their states, and cannot: a group's aircraft fire in every round it lasts, so its
attacker's hit distribution after ``k`` losses is that of the ground units left
convolved with its own aircraft's, and the defender's hits depend on the defender's
losses, which the aircraft's hits move. The two do not commute, so no group's
masses follow from another's; and their compositions meet only once the attacker has
lost every ground unit (its aircraft are lost last), where the rows that remain are
about a third of a group's. Row by row, a group is some ``10^4`` element operations
a row (the defender's hits into each waiting vector, the lost unit's dice added to
each), about 0.1 ms even in the C loops of :func:`map`: 15 ms a group of 150 rows, six
seconds for 385 groups, whatever the Python around it.

>>> from adjudicator.battle.engine import Combatant
>>> chain = LossChain((Combatant("infantry", 1), Combatant("armor", 3)), (2, 1), Die.D6)
>>> chain.compositions
[(2, 1), (1, 1), (0, 1), (0, 0)]
>>> [round(p, 4) for p in chain.fire(1, first_strike=False).chances]
[0.4167, 0.5, 0.0833]
"""

from __future__ import annotations

import bisect
import math
import sys
from array import array
from collections import defaultdict
from collections.abc import Callable, Mapping, Sequence
from functools import cache
from itertools import accumulate, repeat
from operator import add, mul, sub, truediv
from typing import NamedTuple, Protocol

from adjudicator.dice import Die


class Combatant(Protocol):
    """What this module reads of a unit type (:class:`adjudicator.battle.engine.Combatant` has it).

    A protocol, not an import: the engine imports this module, so this one must not import the engine.
    """

    @property
    def hits_on(self) -> int: ...

    @property
    def dice(self) -> int: ...

    @property
    def first_strike(self) -> bool: ...

    def chance(self, die: Die = Die.D6) -> float: ...


__all__ = ["AfterRound", "Fire", "LossBattle", "LossChain", "play_rounds", "solve_chains"]

Counts = tuple[int, ...]

_SLOT_BYTES = 13
"""Width of one slot of a packed vector or row (104 bits): room for a 51-bit value times a 51-bit chance, summed."""
_SLOT_BITS = 8 * _SLOT_BYTES
_KERNEL_BITS = 51
"""A chance ``p`` of the attacker's hit distribution is packed as ``round(p·2^51)`` (the sum stays below ``2^52``)."""
_MANTISSA_BITS = 52
_CUT_STEP = 4
"""A row's tolerance is rounded down to a power ``2^-k`` with ``k`` a multiple of this, so that few :class:`Cuts`
are built."""
_FINEST_CUT = 1072
"""The smallest tolerance a row uses, ``2^-1072`` (a positive double): every hit count of non-zero chance is kept."""
_BIG_ENDIAN = sys.byteorder == "big"


def _cut_exponent(tolerance: float) -> int:
    """The ``k`` of the tolerance ``2^-k ≤ tolerance``: a multiple of ``_CUT_STEP``, ``_FINEST_CUT`` at most.

    >>> _cut_exponent(0.1), _cut_exponent(1e-15), _cut_exponent(0.0)
    (4, 52, 1072)
    """
    if tolerance <= 0.0:
        return _FINEST_CUT
    exponent = 1 - math.frexp(tolerance)[1]
    return min(-(-exponent // _CUT_STEP) * _CUT_STEP, _FINEST_CUT)


@cache
def _ones(slots: int) -> int:
    """The packed number with 1 in each of ``slots`` slots."""
    return int.from_bytes((b"\x01" + bytes(_SLOT_BYTES - 1)) * slots, "little")


def _spread(data: bytes, width: int, stride: int) -> bytearray:
    """``data`` cut in pieces of ``width`` bytes, each put at the start of ``stride`` bytes (zeros after it)."""
    count = len(data) // width
    spread = bytearray(stride * count)
    for byte in range(min(width, stride)):
        spread[byte::stride] = data[byte::width]
    return spread


def _pack_offset_doubles(offset_values: Sequence[float]) -> memoryview:
    """Doubles ``v + 2^e`` (``0 ≤ v < 2^(e-1)``) a slot each: a slot less ``(1023 + e)·2^52`` is ``round(v·2^(52-e))``.

    In ``[2^e, 2^e·1.5)`` a double's 52 mantissa bits are exactly that integer (the addition
    rounded ``v`` to nearest: at most ``2^(e-53)`` off) and its sign and exponent bits are
    ``(1023 + e)·2^52``. :mod:`array` writes the doubles in C and strided slice
    assignments spread them to one slot each: a vector's slots are read with
    :meth:`int.from_bytes` and the exponent bits taken off with one subtraction.
    """
    doubles = array("d", offset_values)
    if _BIG_ENDIAN:
        doubles.byteswap()
    return memoryview(_spread(doubles.tobytes(), 8, _SLOT_BYTES))


def _pack_kernel(chances: Sequence[float]) -> int:
    """Chances as ``round(p·2^51)``, one per slot: each at most ``2^-52`` off."""
    scale = math.ldexp(1.0, _KERNEL_BITS)
    raw = b"".join(int.to_bytes(round(chance * scale), _SLOT_BYTES, "little") for chance in chances)
    return int.from_bytes(raw, "little")


def _add_dice(chances: list[float], dice: int, hit: float) -> list[float]:
    """``chances`` of a hit count with ``dice`` more dice that hit with ``hit``: one pass of :func:`map` a die."""
    miss = 1 - hit
    for _ in range(dice):
        chances = [*chances, 0.0]
        chances = list(map(add, map(mul, chances, repeat(miss)), map(mul, [0.0, *chances], repeat(hit))))
    return chances


class Fire:
    """One side's hit distribution from one loss count, with its cumulative tails for truncation."""

    __slots__ = ("chances", "low_tails", "high_tails")

    def __init__(self, chances: Sequence[float]) -> None:
        self.chances = list(chances)
        self.low_tails = list(accumulate(self.chances))
        """``low_tails[t]``: chance of ``t`` hits or fewer (non-decreasing, for :func:`bisect.bisect_right`)."""
        self.high_tails = list(accumulate(reversed(self.chances)))
        """``high_tails[t]``: chance of the ``t + 1`` highest hit counts (non-decreasing)."""

    def core(self, tolerance: float) -> tuple[int, int, float]:
        """(lowest, highest) hits to keep and the chance left out, at most ``tolerance``."""
        half = tolerance / 2
        low = bisect.bisect_right(self.low_tails, half)
        top = len(self.chances) - 1 - bisect.bisect_right(self.high_tails, half)
        if low > top:
            low = top = max(range(len(self.chances)), key=self.chances.__getitem__)
        left_out = (self.low_tails[low - 1] if low else 0.0) + (
            self.high_tails[len(self.chances) - 2 - top] if top < len(self.chances) - 1 else 0.0
        )
        return low, top, left_out


class Cuts:
    """The tails a whole row cuts from the main fire of every loss count of a side, at one tolerance.

    ``low[k]`` and ``high[k]`` are the hits :meth:`Fire.core` keeps of the distribution after
    ``k`` losses; ``cut_hits[k]`` is the chance it leaves out, "no hit" excepted (a row leaves
    that one out or not by its own rule); ``first[y]`` and ``last[y]`` are the lowest and
    highest counts whose core holds ``y`` hits.
    """

    __slots__ = ("cut_hits", "first", "high", "last", "low")

    def __init__(self, fires: Sequence[Fire], tolerance: float) -> None:
        cores = [fire.core(tolerance) for fire in fires]
        self.low = [low for low, _, _ in cores]
        self.high = [high for _, high, _ in cores]
        self.cut_hits = [
            left_out - fire.chances[0] if low else left_out for fire, (low, _, left_out) in zip(fires, cores)
        ]
        most = max(self.high, default=0)
        self.first = [len(fires)] * (most + 1)
        self.last = [-1] * (most + 1)
        for lost in range(len(fires) - 1, -1, -1):
            self.first[self.low[lost] : self.high[lost] + 1] = repeat(lost, self.high[lost] + 1 - self.low[lost])
        for lost in range(len(fires)):
            self.last[self.low[lost] : self.high[lost] + 1] = repeat(lost, self.high[lost] + 1 - self.low[lost])


class LossChain:
    """One side's compositions as it loses units: ``base`` less the first ``k`` units of the loss order."""

    def __init__(self, units: Sequence[Combatant], base: Counts, die: Die) -> None:
        self.units = tuple(units)
        self.base = base
        self.die = die
        self.compositions: list[Counts] = [base]
        self._lost_types: list[int] = []
        """``_lost_types[k]``: the unit type lost between ``k`` and ``k + 1`` losses."""
        left = list(base)
        for index, count in enumerate(base):
            for _ in range(count):
                left[index] -= 1
                self.compositions.append(tuple(left))
                self._lost_types.append(index)
        self.size = len(self.compositions) - 1
        """Units in ``base``: the count ``size`` means the side has none left."""
        self.index = {counts: lost for lost, counts in enumerate(self.compositions)}
        self._fires: dict[bool, list[Fire]] = {}
        self._cuts: dict[int, Cuts] = {}
        self._by_hits: list[list[float]] | None = None

    def by_hits(self) -> list[list[float]]:
        """``table[y][k]``: the chance of ``y`` hits of the main fire after ``k < size`` losses (memoised)."""
        if self._by_hits is None:
            distributions = [self.fire(lost, False).chances for lost in range(self.size)]
            self._by_hits = [[0.0] * self.size for _ in range(max(map(len, distributions), default=1))]
            for lost, chances in enumerate(distributions):
                for hits, chance in enumerate(chances):
                    self._by_hits[hits][lost] = chance
        return self._by_hits

    def cuts(self, exponent: int) -> Cuts:
        """:class:`Cuts` of the main fire of every count short of ``size`` at the tolerance ``2^-exponent``.

        Memoised: the solves of many groups that share this chain share them.
        """
        cuts = self._cuts.get(exponent)
        if cuts is None:
            fires = [self.fire(lost, False) for lost in range(self.size)]
            cuts = self._cuts[exponent] = Cuts(fires, math.ldexp(1.0, -exponent))
        return cuts

    def fire(self, lost: int, first_strike: bool) -> Fire:
        """Hits of the units that fire in this step (first strike or main) after ``lost`` losses.

        Computed for every loss count at the first call (:meth:`_all_fire`).
        """
        fires = self._fires.get(first_strike)
        if fires is None:
            fires = self._fires[first_strike] = self._all_fire(first_strike)
        return fires[min(lost, self.size)]

    def _all_fire(self, first_strike: bool) -> list[Fire]:
        """The hit distributions after ``0 … size`` losses, built from the last unit of the loss order back.

        Each unit put back that fires in this step adds its dice (:func:`_add_dice`).
        """
        chances = [1.0]
        fires = [Fire(chances)]
        for lost in range(self.size - 1, -1, -1):
            dice, hit = self.lost_dice(lost, first_strike)
            chances = _add_dice(chances, dice, hit)
            fires.append(Fire(chances))
        fires.reverse()
        return fires

    def lost_dice(self, lost: int, first_strike: bool) -> tuple[int, float]:
        """Dice and chance per die, in this step, of the unit lost between ``lost`` and ``lost + 1`` losses.

        The hit distribution after ``lost`` losses is the one after ``lost + 1`` with these dice added.
        """
        unit = self.units[self._lost_types[lost]]
        if unit.hits_on > 0 and unit.first_strike == first_strike:
            return unit.dice, unit.chance(self.die)
        return 0, 0.0

    def has_first_strike(self) -> bool:
        """Whether any of its units fires first."""
        return any(count and unit.first_strike and unit.hits_on > 0 for unit, count in zip(self.units, self.base))


Finish = Callable[[str, int, int, float], None]
"""Called with (ending value, attacker losses, defender losses, mass) for each ending."""


class _Grid:
    """Mass by (attacker losses, defender losses); the counts ``size`` hold every "no unit left" outcome.

    Two rows of defender losses share one list of complex numbers (``2k`` the real parts,
    ``2k + 1`` the imaginary ones), so that one :func:`map` over a row pair adds a
    distribution to both: half the per-element work of pure Python floats.
    """

    def __init__(self, attacker: LossChain, defender: LossChain) -> None:
        self.width = attacker.size
        self.height = defender.size
        self.pairs = [[0j] * (self.width + 1) for _ in range(self.height // 2 + 1)]

    def get(self, i: int, j: int) -> float:
        value = self.pairs[j >> 1][i]
        return value.imag if j & 1 else value.real

    def take(self, i: int, j: int) -> float:
        """The mass of (i, j), which is emptied."""
        pair = self.pairs[j >> 1]
        value = pair[i]
        if j & 1:
            pair[i] = complex(value.real, 0.0)
            return value.imag
        pair[i] = complex(0.0, value.imag)
        return value.real

    def deposit(self, i: int, j: int, mass: float) -> None:
        """Add ``mass`` to (i, j)."""
        self.pairs[j >> 1][i] += complex(0.0, mass) if j & 1 else mass

    def cells(self, rows: int, columns: int) -> list[tuple[int, int, float]]:
        """(i, j, mass) of every non-empty cell with ``i < columns`` and ``j < rows``."""
        found = []
        for k, pair in enumerate(self.pairs):
            for i in range(min(columns, len(pair))):
                value = pair[i]
                if value:
                    if value.real and 2 * k < rows:
                        found.append((i, 2 * k, value.real))
                    if value.imag and 2 * k + 1 < rows:
                        found.append((i, 2 * k + 1, value.imag))
        return found

    def push(
        self, i: int, j: int, weight: float, shots: Fire, low: int, top: int, back: Fire, lo: int, hi: int
    ) -> None:
        """Add ``weight·shots(x)·back(y)`` to ``(i + y, j + x)`` for the kept hits, capping at no unit left."""
        width, height, pairs = self.width, self.height, self.pairs
        cap_y = width - i
        vector_top = min(hi, cap_y - 1)
        segment = back.chances[lo : vector_top + 1] if vector_top >= lo else []
        lump_y = math.fsum(back.chances[max(lo, cap_y) : hi + 1]) if hi >= cap_y else 0.0
        start, stop = i + lo, i + vector_top + 1
        cap_x = height - j
        last = min(top, cap_x - 1)
        shares = [weight * chance for chance in shots.chances[low : last + 1]]
        first_row = j + low
        if shares and first_row & 1:
            shares.insert(0, 0.0)
            first_row -= 1
        if len(shares) & 1:
            shares.append(0.0)
        coefficients = list(map(complex, shares[0::2], shares[1::2]))
        targets = list(
            zip(map(pairs.__getitem__, range(first_row >> 1, (first_row >> 1) + len(coefficients))), coefficients)
        )
        if top >= cap_x:
            # Hits beyond the defender's units: all land on "no defender left".
            dead = weight * math.fsum(shots.chances[max(low, cap_x) : top + 1])
            targets.append((pairs[height >> 1], complex(0.0, dead) if height & 1 else complex(dead)))
        for pair, coefficient in targets:
            if segment:
                pair[start:stop] = map(add, pair[start:stop], map(mul, repeat(coefficient), segment))
            if lump_y:
                pair[width] += coefficient * lump_y


class _Solver:
    def __init__(
        self,
        attacker: LossChain,
        defender: LossChain,
        retreat_below: int | None,
        budget: float,
        forward_rounds: int,
        finish: Finish,
        visit: Callable[[int, int, int], None],
    ) -> None:
        self.attacker, self.defender = attacker, defender
        self.retreat_below = retreat_below
        self.first_strike = attacker.has_first_strike() or defender.has_first_strike()
        self.budget = budget
        # Each state visited in a round either is dropped or has the tails of its main fire
        # cut: one decision; with a first strike, one more for the state the strike leaves.
        self.decisions_per_round = (2 if self.first_strike else 1) * (attacker.size + 1) * (defender.size + 1)
        self.share = budget / 2 / (self.decisions_per_round * forward_rounds) if forward_rounds else 0.0
        """The most probability one decision (drop a state, cut a tail) may drop; half the budget for the
        forward rounds, what they leave for the stationary ones (:meth:`stationary`)."""
        self.finish = finish
        self.visit = visit
        self.dropped = 0.0
        self.rounds = 0.0

    def main_push(self, grid: _Grid, i: int, j: int, weight: float, self_loop: bool) -> None:
        """The main fire from (i, j): both sides at once; with ``self_loop``, leave out "no hit on either side"."""
        if not weight:
            return
        shots = self.attacker.fire(i, False)
        back = self.defender.fire(j, False)
        tolerance = self.share / weight
        low, top, out_shots = shots.core(tolerance)
        lo, hi, out_back = back.core(tolerance)
        self.dropped += weight * (out_shots + out_back - out_shots * out_back)
        if self_loop and (low or lo):
            # The no-hit outcome, cut with the tails, is the eliminated self-loop: not dropped.
            self.dropped -= weight * shots.chances[0] * back.chances[0]
        grid.push(i, j, weight, shots, low, top, back, lo, hi)

    def strike_push(self, grid: _Grid, i: int, j: int, weight: float) -> float:
        """The first strike from (i, j) into ``grid``; "no hit" stays in (i, j), whose mass is returned.

        ``grid`` (i, j) must be empty: the caller takes that mass back out for the main fire.
        """
        shots = self.attacker.fire(i, True)
        back = self.defender.fire(j, True)
        grid.push(i, j, weight, shots, 0, len(shots.chances) - 1, back, 0, len(back.chances) - 1)
        return grid.take(i, j)

    def stay(self, i: int, j: int) -> float:
        """Chance that a round from (i, j) hits nothing."""
        chance = self.attacker.fire(i, False).chances[0] * self.defender.fire(j, False).chances[0]
        if self.first_strike:
            chance *= self.attacker.fire(i, True).chances[0] * self.defender.fire(j, True).chances[0]
        return chance

    def end_round(self, grid: _Grid, number: int | None, retreat_after: int | None, limit: int | None) -> None:
        """Move the endings out of ``grid`` after round ``number`` (``None``: a stationary round)."""
        for i, j, mass in grid.cells(self.defender.size + 1, self.attacker.size + 1):
            ending = self.ending(i, j, number, retreat_after, limit)
            if ending is not None:
                self.finish(ending, i, j, mass)
                grid.take(i, j)

    def ending(self, i: int, j: int, number: int | None, retreat_after: int | None, limit: int | None) -> str | None:
        width, height = self.attacker.size, self.defender.size
        if j >= height:
            return "attacker-wins" if i < width else "both-destroyed"
        if i >= width:
            return "defender-wins"
        below = self.retreat_below
        if (number is not None and retreat_after == number) or (below is not None and width - i < below):
            return "attacker-retreated"
        if number is not None and limit == number:
            return "undecided"
        return None

    def forward(self, grid: _Grid) -> _Grid:
        """One round from every state of ``grid`` (no self-loop elimination: the round number matters)."""
        following = _Grid(self.attacker, self.defender)
        middle = _Grid(self.attacker, self.defender) if self.first_strike else None
        for i, j, mass in grid.cells(self.defender.size, self.attacker.size):
            if mass < self.share:
                self.dropped += mass
                continue
            self.visit(i, j, j)
            self.rounds += mass
            if self.stay(i, j) == 1.0:
                self.finish("undecided", i, j, mass)
                continue
            if middle is None:
                self.main_push(following, i, j, mass, self_loop=False)
            else:
                shots, back = self.attacker.fire(i, True), self.defender.fire(j, True)
                middle.push(i, j, mass, shots, 0, len(shots.chances) - 1, back, 0, len(back.chances) - 1)
        if middle is not None:
            for i, j, part in middle.cells(self.defender.size + 1, self.attacker.size + 1):
                self.from_middle(following, i, j, part)
        return following

    def forward_rows(self, rows: Mapping[int, list[float]]) -> dict[int, list[float]]:
        """:meth:`forward` without a first strike, a row of attacker losses at a time, as :meth:`stationary_rows`.

        ``rows[i][j]`` is the mass of ``(i, j)``; the rows returned have one column more, ``j =
        size``, for "no defender left". Every state's mass moves on once (no self-loop: the round
        number matters). What row ``i`` pushes into row ``t = i + y`` waits in row ``t``'s pending
        vector, which takes the dice of each unit lost on the way; when row ``t`` comes, the pushes
        of its own states (the attacker loses no unit) join the vector, and it is convolved with
        the attacker's hits after ``t`` losses: one packed multiplication per row.
        """
        attacker, height = self.attacker, self.defender.size
        following: dict[int, list[float]] = {}
        if not rows:
            return following
        by_hits = self.defender.by_hits()
        pending: dict[int, list[float]] = {}
        bases: dict[int, int] = {}
        last_row = max(rows)
        for i in range(min(rows), attacker.size + 1):
            if i > last_row and not pending:
                break
            if pending:
                # A_(i-1) is A_i with the dice of the unit lost at the i-th loss: move them to the vectors.
                dice, hit = attacker.lost_dice(i - 1, False)
                if dice:
                    for target, vector in pending.items():
                        pending[target] = _add_dice(vector, dice, hit)
            masses = rows.get(i)
            if masses is not None:
                self._forward_row(i, masses, by_hits, pending, bases)
            if i in pending:
                base = bases.pop(i)
                arrived = self._convolve_pending(pending.pop(i), base, attacker.fire(i, False))
                row = following[i] = arrived[:height]
                row.extend(repeat(0.0, height - len(row)))
                row.append(math.fsum(arrived[height:]))
        return following

    def _forward_row(
        self,
        i: int,
        masses: list[float],
        by_hits: list[list[float]],
        pending: dict[int, list[float]],
        bases: dict[int, int],
    ) -> None:
        """Row ``i``'s states into the pending vectors: the states below ``share`` at either end of it dropped,
        the tails of the defender's hits cut for the row's largest mass, "no defender hit" always kept."""
        height, share = self.defender.size, self.share
        first = 0
        while first < height and masses[first] < share:
            first += 1
        last = height - 1
        while last >= first and masses[last] < share:
            last -= 1
        self.dropped += math.fsum(masses[:first]) + math.fsum(masses[last + 1 :])
        if last < first:
            return
        if self.attacker.fire(i, False).chances[0] == 1.0:
            # The attacker cannot hit: a state where the defender cannot either stays as it is for ever.
            for j in range(first, last + 1):
                if masses[j] and by_hits[0][j] == 1.0:
                    self.finish("undecided", i, j, masses[j])
                    masses[j] = 0.0
        played = masses[first : last + 1]
        top = max(played)
        if not top:
            return
        self.rounds += math.fsum(played)
        cuts = self.defender.cuts(_cut_exponent(share / top))
        self.dropped += math.fsum(map(mul, played, cuts.cut_hits[first : last + 1]))
        self._push_row(i, masses, cuts, first, last, by_hits, pending, bases, least_hits=0)

    def from_middle(self, grid: _Grid, i: int, j: int, mass: float) -> None:
        """Main fire after a first strike that left (i, j); a side with no unit left fires nothing."""
        if i >= self.attacker.size or j >= self.defender.size:
            grid.deposit(min(i, self.attacker.size), min(j, self.defender.size), mass)
        elif mass < self.share:
            self.dropped += mass
        else:
            self.main_push(grid, i, j, mass, self_loop=False)

    def stationary(self, grid: _Grid) -> None:
        """Absorb every state in order of increasing total losses, each once, self-loop eliminated."""
        width, height = self.attacker.size, self.defender.size
        self.share = (self.budget - self.dropped) / self.decisions_per_round
        middle = _Grid(self.attacker, self.defender) if self.first_strike else None
        for level in range(width + height - 1):
            for i in range(max(0, level - height + 1), min(level, width - 1) + 1):
                j = level - i
                if middle is not None:
                    part = middle.take(i, j)
                    if part:
                        self.from_middle(grid, i, j, part)
                mass = grid.take(i, j)
                if not mass:
                    continue
                ending = self.ending(i, j, None, None, None)
                if ending is not None:
                    self.finish(ending, i, j, mass)
                    continue
                if mass < self.share:
                    self.dropped += mass
                    continue
                self.visit(i, j, j)
                stay = self.stay(i, j)
                if stay >= 1.0 - 1e-15:
                    self.finish("undecided", i, j, mass)
                    continue
                flow = mass / (1.0 - stay)
                self.rounds += flow
                if middle is not None:
                    none = self.strike_push(middle, i, j, flow)
                    self.main_push(grid, i, j, none, self_loop=True)
                else:
                    self.main_push(grid, i, j, flow, self_loop=True)
                grid.take(i, j)
        if middle is not None:
            for i, j, part in middle.cells(self.defender.size + 1, self.attacker.size + 1):
                self.from_middle(grid, i, j, part)
        self.end_round(grid, None, None, None)

    def stationary_rows(self, cells: Sequence[tuple[int, int, float]]) -> None:
        """:meth:`stationary` without a first strike, a row of attacker losses at a time (see the module docstring).

        Row ``i`` is final once every row above it has been pushed: its masses are its
        pending vector convolved with the attacker's hits after ``i - 1`` losses (one packed
        integer multiplication), then one pass in order of defender losses adds the pushes
        that stay in the row (the attacker loses no unit) and gives each state's flow. Each
        attacker loss count ``y ≥ 1`` then adds the row's flows times the defender's chance
        of ``y`` hits from each state to the pending vector of row ``i + y``. ``cells`` holds
        the starting mass by (attacker losses, defender losses).
        """
        attacker, defender = self.attacker, self.defender
        width, height = attacker.size, defender.size
        by_hits = defender.by_hits()
        # One decision per state (drop it, or cut the tails of the defender's hits) and one
        # per row (cut the tails of the attacker's hits that convolve its pending vector); a
        # quarter of what is left is kept for the rounding of the packed convolutions.
        self.share = 0.75 * (self.budget - self.dropped) / (self.decisions_per_round + width + 1)
        start: dict[int, list[tuple[int, float]]] = defaultdict(list)
        for i, j, mass in cells:
            start[i].append((j, mass))
        # pending[t]: what rows above push into row t, by column from bases[t], still to be
        # convolved with the attacker's hits after the last row visited.
        pending: dict[int, list[float]] = {}
        bases: dict[int, int] = {}
        for i in range(width + 1):
            masses = (
                self._convolve_pending(pending.pop(i), bases.pop(i), attacker.fire(i - 1, False))
                if i in pending
                else []
            )
            if i and pending:
                # A_(i-1) is A_i with the dice of the unit lost at the i-th loss: move them to the vectors.
                dice, hit = attacker.lost_dice(i - 1, False)
                if dice:
                    for target, vector in pending.items():
                        pending[target] = _add_dice(vector, dice, hit)
            masses.extend(repeat(0.0, height + len(attacker.fire(i, False).chances) + 1 - len(masses)))
            for j, mass in start.get(i, ()):
                masses[j] += mass
            if height == 0 or self.ending(i, 0, None, None, None) is not None:
                self._finish_row(i, masses)
                continue
            played = self._row_flows(i, masses, by_hits[0])
            if any(masses[height:]):
                ending = self.ending(i, height, None, None, None) or "undecided"
                self.finish(ending, i, height, math.fsum(masses[height:]))
            if played is not None:
                self._push_row(i, *played, by_hits, pending, bases)

    def _finish_row(self, i: int, masses: list[float]) -> None:
        """Every mass of row ``i``, whose states all end (the attacker has no unit left, or retreats)."""
        height = self.defender.size
        for j in range(height):
            if masses[j]:
                self.finish(self.ending(i, j, None, None, None) or "undecided", i, j, masses[j])
        if any(masses[height:]):
            self.finish(self.ending(i, height, None, None, None) or "undecided", i, height, math.fsum(masses[height:]))

    def _row_flows(
        self, i: int, masses: list[float], no_hits: list[float]
    ) -> tuple[list[float], Cuts, int, int] | None:
        """The pass of row ``i``: each state's flow, the tails cut, and the first and last state played.

        ``no_hits[j]`` is the defender's chance of no hit after ``j`` losses. The states
        below ``share`` at either end of the row are dropped. The states whose mass times
        their chance of no defender hit is ``share`` or more push within the row (the
        attacker loses no unit),
        to states further on: they go first, one by one, in order; the others leave out
        that outcome (the part of it that is not the self-loop is dropped), and the flows of
        all are then one pass of :func:`map`. Every state cuts the tails of the defender's
        hits at one tolerance, the share over the row's largest flow, so the cuts come from
        :meth:`LossChain.cuts`. ``None`` when no state is played.
        """
        height, share = self.defender.size, self.share
        chances = self.attacker.fire(i, False).chances
        no_hit = chances[0]
        first = 0
        while first < height and masses[first] < share:
            first += 1
        self.dropped += math.fsum(masses[:first])
        if first == height:
            return None
        later, reach = chances[1:], len(chances)
        kept_no_hits = 0.0
        # No state of the row gets more than the row's mass: the others leave out less than the share
        # (and cannot be stuck: their chance of no hit on either side is below one half).
        least = min(share / math.fsum(masses[first:height]), 0.5)
        for j in [j for j in range(first, height) if no_hits[j] >= least]:
            mass = masses[j]
            stay = no_hit * no_hits[j]
            if mass and stay >= 1.0 - 1e-15:
                self.finish("undecided", i, j, mass)
                masses[j] = 0.0
                continue
            if mass * no_hits[j] < share:
                continue
            stays = mass / (1.0 - stay) * no_hits[j]
            kept_no_hits += stays
            if stays and later:
                masses[j + 1 : j + reach] = map(add, masses[j + 1 : j + reach], map(mul, later, repeat(stays)))
        last = height - 1
        while last >= first and masses[last] < share:
            last -= 1
        self.dropped += math.fsum(masses[last + 1 : height])
        if last < first:
            return None
        self.visit(i, first, last)
        flows = [0.0] * height
        stays_row = map(sub, repeat(1.0), map(mul, repeat(no_hit), no_hits[first : last + 1]))
        flows[first : last + 1] = map(truediv, masses[first : last + 1], stays_row)
        played = flows[first : last + 1]
        cuts = self.defender.cuts(_cut_exponent(share / max(played)))
        self.rounds += math.fsum(played)
        self.dropped += math.fsum(map(mul, played, cuts.cut_hits[first : last + 1]))
        # "No defender hit" where it is not kept: all but its self-loop part is dropped.
        self.dropped += (1.0 - no_hit) * (math.fsum(map(mul, played, no_hits[first : last + 1])) - kept_no_hits)
        return flows, cuts, first, last

    def _push_row(
        self,
        i: int,
        flows: list[float],
        cuts: Cuts,
        first_state: int,
        last_state: int,
        by_hits: list[list[float]],
        pending: dict[int, list[float]],
        bases: dict[int, int],
        least_hits: int = 1,
    ) -> None:
        """Add row ``i``'s flows times the defender's chance of ``y`` hits to the pending vector of row ``i + y``.

        ``y`` from ``least_hits`` on; ``y = 0`` (the row's own pending vector) for every state from
        ``first_state`` to ``last_state``, whatever the cuts.
        """
        width = self.attacker.size
        for y in range(least_hits, len(cuts.first)):
            if y:
                begin, end = max(cuts.first[y], first_state), min(cuts.last[y], last_state) + 1
                if begin >= end:
                    continue
            else:
                begin, end = first_state, last_state + 1
            pushed = map(mul, flows[begin:end], by_hits[y][begin:end])
            target = min(i + y, width)
            values = pending.get(target)
            if values is None:
                pending[target] = list(pushed)
                bases[target] = begin
                continue
            base = bases[target]
            if begin < base:
                values[0:0] = repeat(0.0, base - begin)
                base = bases[target] = begin
            if end - base > len(values):
                values.extend(repeat(0.0, end - base - len(values)))
            values[begin - base : end - base] = map(add, values[begin - base : end - base], pushed)

    def _convolve_pending(self, values: list[float], base: int, shots: Fire) -> list[float]:
        """A row's masses by defender losses: its pending ``values`` (columns from ``base``) convolved with ``shots``.

        One multiplication of packed integers (see the module docstring); the tails of
        ``shots`` are cut for the vector's mass (one decision) and the rounding bound is
        added to the dropped mass.
        """
        mass = math.fsum(values)
        if not mass:
            return []
        low, top, left_out = shots.core(self.share / mass)
        self.dropped += mass * left_out
        exponent = math.frexp(max(values))[1] + 1
        if exponent < -960:
            self.dropped += mass
            return []
        offset = math.ldexp(1.0, exponent)
        packed = int.from_bytes(_pack_offset_doubles(list(map(add, values, repeat(offset)))), "little")
        packed -= ((1023 + exponent) << _MANTISSA_BITS) * _ones(len(values))
        product = packed * _pack_kernel(shots.chances[low : top + 1])
        slots = len(values) + top - low
        # Each value rounded to at most 2^(exponent-53), each chance to 2^-52.
        self.dropped += len(values) * math.ldexp(1.0, exponent - _MANTISSA_BITS - 1)
        self.dropped += mass * (top + 1 - low) * math.ldexp(1.0, -_KERNEL_BITS - 1)
        words = array("Q", _spread(product.to_bytes(_SLOT_BYTES * slots, "little"), _SLOT_BYTES, 16))
        if _BIG_ENDIAN:
            words.byteswap()
        scale = math.ldexp(1.0, exponent - _MANTISSA_BITS - _KERNEL_BITS)
        masses = [0.0] * (base + low)
        masses += map(add, map(mul, words[1::2], repeat(math.ldexp(scale, 64))), map(mul, words[0::2], repeat(scale)))
        return masses


AfterRound = Callable[[int, Mapping[int, list[float]]], None]
"""Called after each round played forward with its number and the states still in battle: by attacker losses,
the masses by defender losses."""


class LossBattle(NamedTuple):
    """A battle over loss counts from some states on: both sides' chains, where it starts, and its rules."""

    attacker: LossChain
    defender: LossChain
    start: dict[tuple[int, int], float]
    """Mass by (attacker losses, defender losses)."""
    rounds: Sequence[int]
    """The rounds to play forward, by number (those whose rules name them)."""
    retreat_after_round: int | None
    retreat_below: int | None
    round_limit: int | None
    budget: float
    """The most probability the solve may drop."""


def play_rounds(battle: LossBattle, left_on: float, finish: Finish, after_round: AfterRound) -> float:
    """Play the battle's ``rounds`` forward one at a time from its ``start``, each with its number's rules.

    ``finish`` receives every ending, ``after_round`` the states still in battle after each
    round. Stops after the round that leaves less than ``left_on`` of probability in battle.
    Each round drops at most its share of ``budget`` (a decision per state and per row, as in
    :meth:`_Solver.stationary_rows`), and the rounding of the packed convolutions; returns the
    probability dropped.
    """
    attacker, defender, start, rounds, retreat_after_round, retreat_below, round_limit, budget = battle
    solver = _Solver(attacker, defender, retreat_below, budget, len(rounds), finish, lambda i, first, last: None)
    height = defender.size
    rows: dict[int, list[float]] = {}
    for (i, j), mass in start.items():
        rows.setdefault(i, [0.0] * height)[j] += mass
    per_round = budget / max(len(rounds), 1)
    for number in rounds:
        if solver.first_strike:
            solver.share = per_round / solver.decisions_per_round
            rows = _play_grid_round(solver, rows, number, retreat_after_round, round_limit)
        else:
            states = sum(len(row) - row.count(0.0) for row in rows.values())
            solver.share = per_round / (2 * states + len(rows) + 1)
            rows = _end_rows(solver, solver.forward_rows(rows), number, retreat_after_round, round_limit)
        after_round(number, rows)
        if math.fsum(map(math.fsum, rows.values())) < left_on:
            break
    return solver.dropped


def _end_rows(
    solver: _Solver, rows: Mapping[int, list[float]], number: int, retreat_after: int | None, limit: int | None
) -> dict[int, list[float]]:
    """The endings of round ``number`` out of ``rows`` (with their "no defender left" column): the rows still on."""
    height = solver.defender.size
    still: dict[int, list[float]] = {}
    for i, row in rows.items():
        if row[height]:
            solver.finish(
                solver.ending(i, height, number, retreat_after, limit) or "attacker-wins", i, height, row[height]
            )
        ending = solver.ending(i, 0, number, retreat_after, limit)
        if ending is None:
            del row[height]
            still[i] = row
            continue
        for j in range(height):
            if row[j]:
                solver.finish(ending, i, j, row[j])
    return still


def _play_grid_round(
    solver: _Solver, rows: Mapping[int, list[float]], number: int, retreat_after: int | None, limit: int | None
) -> dict[int, list[float]]:
    """Round ``number`` with a first strike, state by state (:meth:`_Solver.forward`): the rows still on after it."""
    attacker, defender = solver.attacker, solver.defender
    grid = _Grid(attacker, defender)
    for i, row in rows.items():
        for j, mass in enumerate(row):
            if mass:
                grid.deposit(i, j, mass)
    grid = solver.forward(grid)
    solver.end_round(grid, number, retreat_after, limit)
    still: dict[int, list[float]] = {}
    for i, j, mass in grid.cells(defender.size, attacker.size):
        still.setdefault(i, [0.0] * defender.size)[j] += mass
    return still


def solve_chains(battle: LossBattle, finish: Finish, visit: Callable[[int, int, int], None]) -> tuple[float, float]:
    """Fight the battle from its ``start``: the forward ``rounds``, then the stationary chain.

    ``finish`` receives every ending, ``visit(i, first, last)`` the states ``(i, first … last)`` played.
    Returns the dropped probability (at most ``budget``) and the expected number of rounds played.
    """
    attacker, defender, start, rounds, retreat_after_round, retreat_below, round_limit, budget = battle
    solver = _Solver(attacker, defender, retreat_below, budget, len(rounds), finish, visit)
    if not rounds and round_limit is None and not solver.first_strike:
        solver.stationary_rows([(i, j, mass) for (i, j), mass in start.items()])
        return solver.dropped, solver.rounds
    grid = _Grid(attacker, defender)
    for (i, j), mass in start.items():
        grid.deposit(i, j, mass)
    for number in rounds:
        grid = solver.forward(grid)
        solver.end_round(grid, number, retreat_after_round, round_limit)
    if round_limit is None:
        if solver.first_strike:
            solver.stationary(grid)
        else:
            cells = grid.cells(defender.size + 1, attacker.size + 1)
            solver.stationary_rows([(i, j, grid.take(i, j)) for i, j, _ in cells])
    return solver.dropped, solver.rounds
