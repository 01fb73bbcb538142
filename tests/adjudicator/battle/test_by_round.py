"""Tests of the battle round by round (:attr:`adjudicator.battle.engine.ExactOutcome.by_round`): its totals agree
with the exact odds, its chance of going on with the odds of the same battle cut short, and the Monte Carlo's counts
with both.
"""

from __future__ import annotations

import dataclasses
import math
import random

import pytest

from adjudicator.battle.engine import (
    BY_ROUND_ROUNDS,
    BY_ROUND_TOLERANCE,
    AntiAircraftFire,
    BattleSetup,
    Combatant,
    Ending,
    ExactOutcome,
    RoundOdds,
    SupportFire,
    simulate,
    solve_exact,
)
from tests.adjudicator.battle.units import (
    ARMOR_A,
    ARMOR_D,
    BOMBER_A,
    CARRIER_D,
    FIGHTER_A,
    FIGHTER_D,
    INFANTRY_A,
    INFANTRY_D,
    SUB_A,
    TRANSPORT_D,
)

SETUPS = {
    "land, loss counts": BattleSetup(
        (INFANTRY_A, ARMOR_A, FIGHTER_A, BOMBER_A), (INFANTRY_D, ARMOR_D, FIGHTER_D), (8, 4, 3, 1), (9, 3, 2)
    ),
    "anti-aircraft groups": BattleSetup(
        (INFANTRY_A, FIGHTER_A, BOMBER_A), (INFANTRY_D, ARMOR_D), (5, 3, 2), (6, 2), anti_aircraft=AntiAircraftFire()
    ),
    "bombardment firing back": BattleSetup(
        (INFANTRY_A, ARMOR_A), (INFANTRY_D,), (4, 2), (6,), support=SupportFire(dice=2, hits_on=4)
    ),
    "first strike, loss counts": BattleSetup((SUB_A, ARMOR_A), (TRANSPORT_D, CARRIER_D), (3, 2), (2, 2)),
    "submarines against aircraft": BattleSetup(
        (SUB_A, FIGHTER_A), (TRANSPORT_D, FIGHTER_D, CARRIER_D), (3, 2), (1, 2, 1)
    ),
    "retreat below three": BattleSetup((INFANTRY_A, ARMOR_A), (INFANTRY_D,), (5, 3), (7,), retreat_below=3),
    "leaving after round two": BattleSetup(
        (INFANTRY_A, dataclasses.replace(FIGHTER_A, leaves_after_round=2)), (INFANTRY_D,), (4, 2), (5,)
    ),
}


def _totals(outcome: ExactOutcome | None, rows: tuple[RoundOdds, ...], units: int, side: int) -> float:
    """Expected units of one side after the last row: the battles that ended in any row, and those still on."""
    ended = math.fsum(
        final.probability * sum(final.attacker if side == 0 else final.defender) for row in rows for final in row.ended
    )
    return ended + sum(rows[-1].attacker if side == 0 else rows[-1].defender)


class TestTotals:
    @pytest.mark.parametrize("name", sorted(SETUPS))
    def test_last_round_has_the_exact_expected_survivors(self, name: str) -> None:
        """After the last round followed, each side's expected units are the exact expected survivors, up to what
        is still on and what both passes dropped."""
        setup = SETUPS[name]
        outcome = solve_exact(setup, by_round=True)
        rows = outcome.by_round
        left = rows[-1].still_on
        assert left < BY_ROUND_TOLERANCE or len(rows) == BY_ROUND_ROUNDS + 1
        for side, units in ((0, sum(setup.attacker_counts)), (1, sum(setup.defender_counts))):
            exact = math.fsum(
                final.probability * sum(final.attacker if side == 0 else final.defender) for final in outcome.finals
            )
            slack = (left + outcome.by_round_dropped + outcome.pruned) * units + 1e-12
            assert abs(_totals(outcome, rows, units, side) - exact) <= slack

    @pytest.mark.parametrize("name", sorted(SETUPS))
    def test_every_ending_is_an_ending_of_some_round(self, name: str) -> None:
        """The endings of all rounds add up to the exact odds of each ending, the mass still on and dropped aside."""
        setup = SETUPS[name]
        outcome = solve_exact(setup, by_round=True)
        slack = outcome.by_round[-1].still_on + outcome.by_round_dropped + outcome.pruned + 1e-12
        for ending in Ending:
            by_rounds = math.fsum(f.probability for row in outcome.by_round for f in row.ended if f.ending is ending)
            assert abs(by_rounds - outcome.probability(ending)) <= slack, ending

    @pytest.mark.parametrize("name", sorted(SETUPS))
    def test_still_on_never_grows(self, name: str) -> None:
        """The chance that the battle is still on falls (or stays) from round to round, from at most 1."""
        chances = [row.still_on for row in solve_exact(SETUPS[name], by_round=True).by_round]
        assert chances[0] <= 1.0 + 1e-12
        assert all(later <= earlier + 1e-15 for earlier, later in zip(chances, chances[1:]))
        assert [row.round for row in solve_exact(SETUPS[name], by_round=True).by_round] == list(range(len(chances)))

    def test_without_by_round_the_odds_come_alone(self) -> None:
        """The odds without the rounds are the same, with no rows."""
        setup = SETUPS["land, loss counts"]
        plain, followed = solve_exact(setup), solve_exact(setup, by_round=True)
        assert plain.by_round == () and plain.finals == followed.finals


class TestStillOnIsTheOddsCutShort:
    @pytest.mark.parametrize("name", sorted(SETUPS))
    @pytest.mark.parametrize("rounds", [1, 2, 3, 5])
    def test_still_on_after_n_is_undecided_with_a_limit_of_n(self, name: str, rounds: int) -> None:
        """The chance that the battle goes on after round N is the chance that it is undecided at a round limit of N
        (the same battle, no unit unable to hit), less what both passes drop."""
        setup = SETUPS[name]
        rows = solve_exact(setup, by_round=True).by_round
        limited = solve_exact(dataclasses.replace(setup, round_limit=rounds, prune_below=0.0))
        expected = limited.probability(Ending.UNDECIDED)
        still_on = rows[rounds].still_on if rounds < len(rows) else 0.0
        assert math.isclose(still_on, expected, abs_tol=1e-11), (still_on, expected)


class TestRoundCap:
    def test_a_battle_of_units_that_seldom_hit_stops_at_the_cap(self) -> None:
        """Infantry attacking at 1 against infantry defending at 1: each round is a miss for both with 25/36, so the
        battle is followed for the 50 rounds of the cap, and still on after them with (25/36)^50."""
        weak = Combatant("infantry", hits_on=1)
        rows = solve_exact(BattleSetup((weak,), (weak,), (1,), (1,)), by_round=True).by_round
        assert len(rows) == BY_ROUND_ROUNDS + 1
        assert math.isclose(rows[-1].still_on, (25 / 36) ** BY_ROUND_ROUNDS, rel_tol=1e-9)

    def test_a_quick_battle_stops_below_the_tolerance(self) -> None:
        """A battle that is over in a few rounds is followed until less than the tolerance is still on."""
        rows = solve_exact(SETUPS["land, loss counts"], by_round=True).by_round
        assert len(rows) < BY_ROUND_ROUNDS and rows[-1].still_on < BY_ROUND_TOLERANCE <= rows[-2].still_on


class TestMonteCarloByRound:
    @pytest.mark.parametrize("name", sorted(SETUPS))
    def test_counts_within_four_standard_errors(self, name: str) -> None:
        """4,000 seeded battles: the share still on after each round, and each side's mean units then, land within
        four standard errors of the exact figures."""
        setup = SETUPS[name]
        runs = 4000
        exact = solve_exact(setup, by_round=True).by_round
        sampled = simulate(setup, random.Random(20260102), runs, by_round=True).by_round
        for number in range(1, 6):
            p = exact[number].still_on if number < len(exact) else 0.0
            q = sampled[number].still_on if number < len(sampled) else 0.0
            assert abs(p - q) <= 4 * math.sqrt(p * (1 - p) / runs) + 1e-9, number
            for side, units in ((0, sum(setup.attacker_counts)), (1, sum(setup.defender_counts))):
                expected = _totals(None, exact[: number + 1], units, side)
                found = _totals(None, sampled[: number + 1], units, side)
                # A side's units are between 0 and its size: their standard deviation is at most half that.
                assert abs(expected - found) <= 4 * units / 2 / math.sqrt(runs), (number, side)

    def test_without_by_round_no_rows(self) -> None:
        """A Monte Carlo that is not asked for the rounds counts none, and its counts are the same."""
        setup = SETUPS["land, loss counts"]
        plain = simulate(setup, random.Random(3), 200)
        followed = simulate(setup, random.Random(3), 200, by_round=True)
        assert plain.by_round == () and plain.counts == followed.counts and followed.by_round
