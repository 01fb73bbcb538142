"""Tests of :mod:`adjudicator.battle.engine`: the exact solver,
the Monte Carlo and the replay agree with each other and with hand calculations.
"""

from __future__ import annotations

import dataclasses
import itertools
import math
import random
from collections import defaultdict
from fractions import Fraction

import pytest

from adjudicator.battle.engine import (
    AfterBattle,
    AntiAircraftFire,
    BattleSetup,
    Combatant,
    Ending,
    RoundRolls,
    SupportFire,
    replay,
    simulate,
    solve_exact,
)
from adjudicator.errors import ScenarioError
from tests.adjudicator.battle.units import (
    ARMOR_A,
    CARRIER_D,
    FIGHTER_A,
    FIGHTER_D,
    INFANTRY_A,
    INFANTRY_D,
    SUB_A,
    TRANSPORT_D,
)


def probabilities(setup: BattleSetup) -> tuple[float, float, float]:
    return solve_exact(setup).ending_probabilities()


def close(actual: tuple[float, ...], expected: tuple[Fraction, ...]) -> bool:
    return all(math.isclose(a, float(e), abs_tol=1e-12) for a, e in zip(actual, expected))


class TestExactAgainstHandCalculation:
    def test_one_infantry_each(self) -> None:
        """1 vs 1 infantry: attacker 1/4, defender 5/8, both 1/8 (geometric series of no-hit rounds)."""
        assert close(
            probabilities(BattleSetup((INFANTRY_A,), (INFANTRY_D,), (1,), (1,))),
            (Fraction(1, 4), Fraction(5, 8), Fraction(1, 8)),
        )

    def test_armor_against_infantry(self) -> None:
        """Armor (1/2) vs infantry (1/3): attacker 1/2, defender 1/4, both 1/4."""
        assert close(
            probabilities(BattleSetup((ARMOR_A,), (INFANTRY_D,), (1,), (1,))),
            (Fraction(1, 2), Fraction(1, 4), Fraction(1, 4)),
        )

    def test_first_strike_casualties_do_not_fire(self) -> None:
        """Submarine vs transport: a first-shot hit is never answered,
        so both are never destroyed together (3/4, 1/4, 0).
        """
        assert close(
            probabilities(BattleSetup((SUB_A,), (TRANSPORT_D,), (1,), (1,))),
            (Fraction(3, 4), Fraction(1, 4), Fraction(0)),
        )

    def test_three_dice_bomber(self) -> None:
        """A unit with three dice at 4 against infantry: each round it hits with 26/27."""
        bomber = Combatant("bomber", hits_on=4, dice=3, air=True)
        hit, miss_d = Fraction(26, 27), Fraction(2, 3)
        stay = (1 - hit) * miss_d
        expected = (hit * miss_d / (1 - stay), (1 - hit) * (1 - miss_d) / (1 - stay), hit * (1 - miss_d) / (1 - stay))
        assert close(probabilities(BattleSetup((bomber,), (INFANTRY_D,), (1,), (1,))), expected)

    def test_roll_twice_is_a_reroll(self) -> None:
        """rolls_per_die=2 hits with 1-(1-p)²: an infantry re-rolling its 1/6 hits with 11/36."""
        twice = Combatant("infantry", hits_on=1, rolls_per_die=2)
        p, q = Fraction(11, 36), Fraction(1, 3)
        stay = (1 - p) * (1 - q)
        assert close(
            probabilities(BattleSetup((twice,), (INFANTRY_D,), (1,), (1,))),
            (p * (1 - q) / (1 - stay), (1 - p) * q / (1 - stay), p * q / (1 - stay)),
        )

    @pytest.mark.parametrize(
        ("fire_back", "expected"),
        [
            (True, (Fraction(19, 36), Fraction(15, 72), Fraction(19, 72))),
            (False, (Fraction(3, 4), Fraction(5, 24), Fraction(1, 24))),
        ],
    )
    def test_support_fire_and_its_casualties(self, fire_back: bool, expected: tuple[Fraction, ...]) -> None:
        """A battleship's shot (2/3) before infantry vs infantry; its casualty fires back in round 1 or not."""
        setup = BattleSetup(
            (INFANTRY_A,),
            (INFANTRY_D,),
            (1,),
            (1,),
            support=SupportFire(dice=1, hits_on=4, casualties_fire_back=fire_back),
        )
        assert close(probabilities(setup), expected)

    def test_anti_aircraft_fire_before_combat(self) -> None:
        """A fighter against a territory held only by a gun: shot down with 1/6, else unopposed."""
        setup = BattleSetup((FIGHTER_A,), (), (1,), (), anti_aircraft=AntiAircraftFire(hits_on=1))
        assert close(probabilities(setup), (Fraction(5, 6), Fraction(1, 6), Fraction(0)))

    def test_hits_barred_from_aircraft_fall_on_ships(self) -> None:
        """Submarine vs carrier + fighter: the sub's hit always sinks the carrier, never the cheaper fighter."""
        outcome = solve_exact(BattleSetup((SUB_A,), (FIGHTER_D, CARRIER_D), (1,), (1, 1), round_limit=1))
        for final in outcome.finals:
            if final.defender != (1, 1):
                assert final.defender == (1, 0)

    def test_units_that_cannot_hit_each_other_end_undecided(self) -> None:
        """Two sides that can never hit: the battle is undecided (the defender holds), not an endless loop."""
        blank = Combatant("transport", hits_on=0)
        assert solve_exact(BattleSetup((blank,), (blank,), (1,), (1,))).probability(Ending.UNDECIDED) == 1.0

    def test_pruning_is_reported_and_renormalised(self) -> None:
        """A coarse threshold drops mass, reports it, and the endings still sum to 1."""
        outcome = solve_exact(BattleSetup((INFANTRY_A, ARMOR_A), (INFANTRY_D,), (8, 4), (10,), prune_below=1e-4))
        assert outcome.pruned > 0
        assert math.isclose(sum(outcome.ending_probabilities()), 1.0, abs_tol=1e-12)


class TestBudgetOverCompositions:
    """The general solver (units that skip the loss order: submarines whose hits cannot fall on aircraft) drops at
    most its budget in all, as the loss-count path does, however many states it plays."""

    SEA = BattleSetup(
        (SUB_A, FIGHTER_A, Combatant("battleship", hits_on=4, cost=24)),
        (TRANSPORT_D, Combatant("submarine", hits_on=2, cost=8, hits_air=False), FIGHTER_D, CARRIER_D),
        (10, 10, 10),
        (5, 10, 10, 5),
    )

    def test_a_sea_battle_of_thirty_drops_at_most_the_budget(self) -> None:
        outcome = solve_exact(self.SEA)
        assert outcome.states > 500
        assert 0 < outcome.pruned <= self.SEA.prune_below

    @pytest.mark.parametrize("budget", [1e-9, 1e-6, 1e-3])
    def test_a_coarser_budget_drops_more_but_no_more_than_it(self, budget: float) -> None:
        exact = solve_exact(self.SEA).ending_probabilities()
        coarse = solve_exact(dataclasses.replace(self.SEA, prune_below=budget))
        assert self.SEA.prune_below < coarse.pruned <= budget
        for fine, rough in zip(exact, coarse.ending_probabilities()):
            assert abs(fine - rough) <= 2 * budget


class TestPolicies:
    def test_retreat_after_round_one(self) -> None:
        """Retreating after round 1: every battle still on after one round is a retreat."""
        setup = BattleSetup((INFANTRY_A,), (INFANTRY_D,), (2,), (2,), retreat_after_round=1)
        outcome = solve_exact(setup)
        limited = solve_exact(BattleSetup((INFANTRY_A,), (INFANTRY_D,), (2,), (2,), round_limit=1))
        assert math.isclose(
            outcome.probability(Ending.ATTACKER_RETREATED), limited.probability(Ending.UNDECIDED), abs_tol=1e-12
        )
        assert outcome.expected_rounds == 1.0

    def test_retreat_below_units_keeps_the_survivors(self) -> None:
        """Retreating below 2 units: a retreat leaves the attacker's last unit alive, withdrawn."""
        outcome = solve_exact(BattleSetup((ARMOR_A,), (INFANTRY_D,), (3,), (5,), retreat_below=2))
        retreats = [final for final in outcome.finals if final.ending is Ending.ATTACKER_RETREATED]
        assert retreats and all(final.attacker == (1,) for final in retreats)

    def test_leaving_units_survive_and_the_rest_fight_on(self) -> None:
        """A unit that leaves after round 1 is a survivor in every ending that lasts past round 1."""
        leaving = Combatant("aircraft", hits_on=3, air=True, leaves_after_round=1)
        outcome = solve_exact(BattleSetup((INFANTRY_A, leaving), (INFANTRY_D,), (1, 1), (2,)))
        assert all(final.attacker[1] in (0, 1) for final in outcome.finals)
        assert math.isclose(sum(outcome.ending_probabilities()), 1.0, abs_tol=1e-12)

    def test_after_battle_strands_fighters_without_a_carrier(self) -> None:
        """Fighters whose carriers are sunk are lost; with a carrier left they stay."""
        after = AfterBattle(land_battle=False, stranded=(0,), carriers=(1,))
        assert after.apply((2, 0)) == (0, 0)
        assert after.apply((2, 1)) == (2, 1)


SETUPS = {
    "land": BattleSetup((INFANTRY_A, ARMOR_A, FIGHTER_A), (INFANTRY_D, FIGHTER_D), (3, 2, 1), (4, 1)),
    "anti-aircraft and support": BattleSetup(
        (INFANTRY_A, FIGHTER_A),
        (INFANTRY_D,),
        (2, 2),
        (3,),
        anti_aircraft=AntiAircraftFire(),
        support=SupportFire(dice=2, hits_on=4),
    ),
    "first strike at sea": BattleSetup((SUB_A, FIGHTER_A), (TRANSPORT_D, FIGHTER_D, CARRIER_D), (3, 1), (1, 1, 1)),
    "retreat and leaving": BattleSetup(
        (INFANTRY_A, Combatant("aircraft", hits_on=3, air=True, leaves_after_round=2)),
        (INFANTRY_D,),
        (4, 2),
        (4,),
        retreat_below=2,
    ),
    "round limit": BattleSetup((ARMOR_A,), (INFANTRY_D,), (4,), (4,), round_limit=3),
}


class TestMonteCarloAgreesWithExact:
    @pytest.mark.parametrize("name", sorted(SETUPS))
    def test_within_four_standard_errors(self, name: str) -> None:
        """A seeded Monte Carlo of 4,000 battles lands within 4 standard errors of the exact odds."""
        setup = SETUPS[name]
        exact = solve_exact(setup).ending_probabilities()
        sampled = simulate(setup, random.Random(20260101), 4000)
        for p, q in zip(exact, sampled.ending_probabilities()):
            assert abs(p - q) <= 4 * sampled.standard_error(p) + 1e-12

    def test_same_seed_same_result(self) -> None:
        """The Monte Carlo is pure: the same seed gives the same counts."""
        setup = SETUPS["land"]
        assert simulate(setup, random.Random(7), 300).counts == simulate(setup, random.Random(7), 300).counts


def _split(
    units: tuple[Combatant, ...], counts: tuple[int, ...], rolls: tuple[int, ...], first_strike: bool
) -> dict[str, tuple[int, ...]]:
    given, start = {}, 0
    for unit, count in zip(units, counts):
        if unit.first_strike == first_strike and count and unit.hits_on:
            size = count * unit.dice * unit.rolls_per_die
            given[unit.name] = rolls[start : start + size]
            start += size
    return given


def _dice(units: tuple[Combatant, ...], counts: tuple[int, ...], first_strike: bool) -> int:
    return sum(
        c * u.dice * u.rolls_per_die for u, c in zip(units, counts) if u.first_strike == first_strike and u.hits_on
    )


def _after_first_strike(setup: BattleSetup, rolls: dict[str, tuple[int, ...]]) -> tuple[int, ...]:
    """The defender after the first strike, by the documented rule: hits on the earliest non-air units."""
    hits = sum(1 for u in setup.attacker if u.first_strike for r in rolls.get(u.name, ()) if r <= u.hits_on)
    left = list(setup.defender_counts)
    for index, unit in enumerate(setup.defender):
        take = 0 if unit.air else min(left[index], hits)
        left[index] -= take
        hits -= take
    return tuple(left)


class TestReplayAgreesWithTheRoundDistribution:
    @pytest.mark.parametrize(
        "setup",
        [
            BattleSetup((INFANTRY_A, ARMOR_A), (INFANTRY_D, FIGHTER_D), (1, 1), (1, 1), round_limit=1),
            BattleSetup((SUB_A, FIGHTER_A), (TRANSPORT_D, FIGHTER_D, CARRIER_D), (1, 1), (1, 1, 1), round_limit=1),
            BattleSetup((Combatant("infantry", hits_on=2, rolls_per_die=2),), (INFANTRY_D,), (1,), (2,), round_limit=1),
        ],
        ids=["land", "first-strike", "roll-twice"],
    )
    def test_every_roll_combination(self, setup: BattleSetup) -> None:
        """Replaying each of the 6ⁿ equally likely rolls of round 1 reproduces the exact one-round distribution."""
        exact = {
            (f.ending, f.attacker, f.defender): Fraction(f.probability).limit_denominator(10**9)
            for f in solve_exact(setup).finals
        }
        counted: defaultdict[tuple[Ending, tuple[int, ...], tuple[int, ...]], Fraction] = defaultdict(Fraction)
        total = Fraction(0)
        first = _dice(setup.attacker, setup.attacker_counts, True)
        for strike in itertools.product(range(1, 7), repeat=first):
            strike_rolls = _split(setup.attacker, setup.attacker_counts, strike, True)
            defenders = _after_first_strike(setup, strike_rolls)
            main = _dice(setup.attacker, setup.attacker_counts, False) + _dice(setup.defender, defenders, False)
            for rolls in itertools.product(range(1, 7), repeat=main):
                cut = _dice(setup.attacker, setup.attacker_counts, False)
                attacker_rolls = {**strike_rolls, **_split(setup.attacker, setup.attacker_counts, rolls[:cut], False)}
                defender_rolls = _split(setup.defender, defenders, rolls[cut:], False)
                record = replay(setup, [RoundRolls(attacker_rolls, defender_rolls)])[-1]
                survivors_a = tuple(
                    record.attacker.get(u.name, 0) + record.attacker_withdrawn.get(u.name, 0) for u in setup.attacker
                )
                survivors_d = tuple(
                    record.defender.get(u.name, 0) + record.defender_withdrawn.get(u.name, 0) for u in setup.defender
                )
                weight = Fraction(1, 6 ** (first + main))
                counted[(record.ending or Ending.UNDECIDED, survivors_a, survivors_d)] += weight
                total += weight
        assert total == 1
        assert set(counted) == set(exact)
        for key, weight in counted.items():
            assert abs(float(weight) - float(exact[key])) < 1e-12


class TestReplayErrors:
    SETUP = BattleSetup((INFANTRY_A,), (INFANTRY_D,), (2,), (1,))

    @pytest.mark.parametrize(
        ("rolls", "message"),
        [
            (
                RoundRolls({"infantry": (1,)}, {"infantry": (3,)}),
                "rounds.0.attacker.infantry: 2 infantry roll 2 dice (one roll each); give exactly that many rolls (got "
                "[1])",
            ),
            (
                RoundRolls({"infantry": (1, 7)}, {"infantry": (3,)}),
                "rounds.0.attacker.infantry.1: a d6 shows 1 to 6 (got 7)",
            ),
            (
                RoundRolls({"infantry": (1, 2), "armor": (3,)}, {"infantry": (3,)}),
                "rounds.0.attacker.armor: rolls given for a unit type that is not a unit type of this side (got [3])",
            ),
            (
                RoundRolls({"infantry": (1, 2)}, {"infantry": (3,)}, defender_casualties={"infantry": 0}),
                "rounds.0.defender_casualties: the hits remove exactly 1 unit (got {'infantry': 0})",
            ),
        ],
    )
    def test_bad_rolls_name_the_place(self, rolls: RoundRolls, message: str) -> None:
        """Too few rolls, impossible faces, unknown unit types and wrong casualties are each named."""
        with pytest.raises(ScenarioError) as raised:
            replay(self.SETUP, [rolls])
        assert str(raised.value) == message

    def test_rounds_after_the_end_are_refused(self) -> None:
        """A round given after the battle ended is an error."""
        ended = RoundRolls({"infantry": (1, 1)}, {"infantry": (6,)})
        with pytest.raises(ScenarioError, match="the battle already ended"):
            replay(self.SETUP, [ended, ended])
