"""Tests of :mod:`adjudicator.battle.losses`: the exact solver over loss counts gives the answers of
the general solver over unit compositions (``solve_exact(..., loss_counts=False)``) to 1e-12, on
random small armies with anti-aircraft fire, bombardment, submarines, retreats and round limits.
"""

from __future__ import annotations

import dataclasses
import math
from collections import defaultdict

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from adjudicator.battle.engine import (
    AntiAircraftFire,
    BattleSetup,
    Combatant,
    Ending,
    ExactOutcome,
    SupportFire,
    solve_exact,
)
from adjudicator.battle.losses import LossChain
from adjudicator.dice import Die, hit_distribution

ATTACKERS = (
    Combatant("infantry", hits_on=1, cost=3),
    Combatant("submarine", hits_on=2, cost=8, first_strike=True, hits_air=False),
    Combatant("armor", hits_on=3, cost=5),
    Combatant("fighter", hits_on=3, cost=12, air=True),
    Combatant("bomber", hits_on=4, dice=3, cost=15, air=True),
)
DEFENDERS = (
    Combatant("transport", hits_on=1, cost=8),
    Combatant("infantry", hits_on=2, cost=3),
    Combatant("armor", hits_on=2, cost=5),
    Combatant("fighter", hits_on=4, cost=12, air=True),
    Combatant("carrier", hits_on=3, cost=18),
)
AIR = ("fighter", "bomber")


def _finals(outcome: ExactOutcome) -> dict[tuple[Ending, tuple[int, ...], tuple[int, ...]], float]:
    finals: dict[tuple[Ending, tuple[int, ...], tuple[int, ...]], float] = defaultdict(float)
    for final in outcome.finals:
        finals[(final.ending, final.attacker, final.defender)] += final.probability
    return finals


@st.composite
def battles(draw: st.DrawFn) -> BattleSetup:
    """Small battles whose states are loss counts after the opening fire: no fighter meets a submarine."""
    submarines = draw(st.integers(0, 2))
    attacker_counts = [draw(st.integers(0, 3)), submarines, draw(st.integers(0, 2))]
    attacker_counts += [0, 0] if submarines else [draw(st.integers(0, 2)), draw(st.integers(0, 1))]
    if not any(attacker_counts):
        attacker_counts[0] = 1
    defender_counts = [draw(st.integers(0, 2)), draw(st.integers(0, 3)), draw(st.integers(0, 2)), 0, 0]
    if not submarines:
        defender_counts[3] = draw(st.integers(0, 2))
    if not any(defender_counts):
        defender_counts[1] = 1
    air = any(count for unit, count in zip(ATTACKERS, attacker_counts) if unit.name in AIR)
    return BattleSetup(
        ATTACKERS,
        DEFENDERS,
        tuple(attacker_counts),
        tuple(defender_counts),
        anti_aircraft=AntiAircraftFire() if air and draw(st.booleans()) else None,
        support=(
            SupportFire(dice=draw(st.integers(1, 2)), hits_on=4, casualties_fire_back=draw(st.booleans()))
            if draw(st.booleans())
            else None
        ),
        retreat_after_round=draw(st.none() | st.integers(1, 3)),
        retreat_below=draw(st.none() | st.integers(1, 3)),
        round_limit=draw(st.none() | st.integers(1, 4)),
    )


class TestLossCountsAgreeWithCompositions:
    @settings(max_examples=120, deadline=None)
    @given(battles())
    def test_same_endings_to_1e12(self, setup: BattleSetup) -> None:
        """Every ending, its probability and the expected rounds are those of the general solver to 1e-12."""
        fast = solve_exact(setup)
        general = solve_exact(setup, loss_counts=False)
        fast_finals, general_finals = _finals(fast), _finals(general)
        for key in fast_finals.keys() | general_finals.keys():
            assert math.isclose(fast_finals.get(key, 0.0), general_finals.get(key, 0.0), abs_tol=1e-12), key
        assert math.isclose(fast.expected_rounds, general.expected_rounds, rel_tol=1e-12, abs_tol=1e-12)
        assert fast.pruned <= setup.prune_below

    def test_mixed_armies_of_twelve(self) -> None:
        """A 12-vs-12 land battle with anti-aircraft fire: the two solvers agree on every ending to 1e-12."""
        setup = BattleSetup(
            ATTACKERS, DEFENDERS, (6, 0, 3, 2, 1), (0, 7, 3, 2, 0), anti_aircraft=AntiAircraftFire(), retreat_below=3
        )
        fast, general = _finals(solve_exact(setup)), _finals(solve_exact(setup, loss_counts=False))
        assert len(fast) > 20
        for key in fast.keys() | general.keys():
            assert math.isclose(fast.get(key, 0.0), general.get(key, 0.0), abs_tol=1e-12), key


class TestRowsOfLosses:
    @pytest.mark.parametrize("retreat_below", [None, 5])
    def test_agree_with_the_unpruned_general_solver(self, retreat_below: int | None) -> None:
        """26 v 26 mixed, no first strike (the stationary rounds go a row at a time, packed in integers),
        also retreating below 5 units: every ending and the expected rounds are those of the general
        solver with nothing pruned, to 1e-12."""
        attacker = (ATTACKERS[0], ATTACKERS[2], ATTACKERS[3], ATTACKERS[4])
        defender = (DEFENDERS[1], DEFENDERS[2], DEFENDERS[3], DEFENDERS[4])
        setup = BattleSetup(attacker, defender, (14, 6, 4, 2), (16, 6, 3, 1), retreat_below=retreat_below)
        fast = solve_exact(setup)
        general = solve_exact(dataclasses.replace(setup, prune_below=0.0), loss_counts=False)
        fast_finals, general_finals = _finals(fast), _finals(general)
        assert len(fast_finals) > 40
        for key in fast_finals.keys() | general_finals.keys():
            assert math.isclose(fast_finals.get(key, 0.0), general_finals.get(key, 0.0), abs_tol=1e-12), key
        assert math.isclose(fast.expected_rounds, general.expected_rounds, rel_tol=1e-12, abs_tol=1e-12)
        assert general.pruned == 0.0 and 0 < fast.pruned <= setup.prune_below


class TestDroppedMass:
    def test_large_battle_drops_at_most_the_budget(self) -> None:
        """60 vs 60 mixed: the mass dropped (states and distribution tails) stays within prune_below, reported."""
        attacker = (ATTACKERS[0], ATTACKERS[2], ATTACKERS[3])
        defender = (DEFENDERS[1], DEFENDERS[2], DEFENDERS[3])
        outcome = solve_exact(BattleSetup(attacker, defender, (42, 12, 6), (42, 12, 6)))
        assert 0 < outcome.pruned <= 1e-12
        assert math.isclose(sum(outcome.ending_probabilities()), 1.0, abs_tol=1e-12)

    def test_coarser_budget_drops_more_but_no_more_than_it(self) -> None:
        """A budget of 1e-6 drops more than the default but at most 1e-6."""
        attacker = (ATTACKERS[0], ATTACKERS[2])
        defender = (DEFENDERS[1],)
        coarse = solve_exact(BattleSetup(attacker, defender, (20, 10), (25,), prune_below=1e-6))
        fine = solve_exact(BattleSetup(attacker, defender, (20, 10), (25,)))
        assert fine.pruned < coarse.pruned <= 1e-6


class TestLossChain:
    def test_each_count_has_the_hit_distribution_of_its_units(self) -> None:
        """Built a unit at a time from the end of the loss order, every count's distribution is that of its units."""
        units = (ATTACKERS[0], ATTACKERS[2], ATTACKERS[3], ATTACKERS[4])
        chain = LossChain(units, (5, 3, 2, 2), Die.D6)
        for lost, counts in enumerate(chain.compositions):
            expected = hit_distribution((count * unit.dice, unit.chance(Die.D6)) for unit, count in zip(units, counts))
            assert chain.fire(lost, first_strike=False).chances == pytest.approx(list(expected), abs=1e-15), counts

    def test_compositions_lose_the_loss_order_first(self) -> None:
        """The chain of (2 infantry, 1 armor, 1 fighter) loses infantry, then armor, then the fighter."""
        chain = LossChain((ATTACKERS[0], ATTACKERS[2], ATTACKERS[3]), (2, 1, 1), Die.D6)
        assert chain.compositions == [(2, 1, 1), (1, 1, 1), (0, 1, 1), (0, 0, 1), (0, 0, 0)]
        assert chain.index[(0, 1, 1)] == 2

    def test_first_strike_and_main_fire_are_apart(self) -> None:
        """Submarines fire only in the first strike, the rest only in the main fire."""
        chain = LossChain((ATTACKERS[1], ATTACKERS[2]), (1, 1), Die.D6)
        assert chain.fire(0, first_strike=True).chances == pytest.approx([2 / 3, 1 / 3], abs=1e-15)
        assert chain.fire(0, first_strike=False).chances == pytest.approx([0.5, 0.5], abs=1e-15)
        assert chain.fire(2, first_strike=False).chances == [1.0]
