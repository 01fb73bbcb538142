"""Tests of :mod:`adjudicator.dice`: exact hit distributions and range checks."""

from __future__ import annotations

import math
from fractions import Fraction

import pytest
from hypothesis import given
from hypothesis import strategies as st

from adjudicator.dice import (
    Die,
    HitRule,
    binomial,
    cap_hits,
    check_roll,
    check_value,
    count_hits,
    hit_chance,
    hit_distribution,
    mean,
)
from adjudicator.errors import ScenarioError


class TestHitChance:
    @pytest.mark.parametrize(
        ("value", "die", "rule", "expected"),
        [
            (0, Die.D6, HitRule.AT_OR_BELOW, Fraction(0)),
            (1, Die.D6, HitRule.AT_OR_BELOW, Fraction(1, 6)),
            (4, Die.D6, HitRule.AT_OR_BELOW, Fraction(2, 3)),
            (6, Die.D6, HitRule.AT_OR_BELOW, Fraction(1)),
            (1, Die.D10, HitRule.AT_OR_BELOW, Fraction(1, 10)),
            (10, Die.D10, HitRule.AT_OR_ABOVE, Fraction(1, 10)),
            (1, Die.D10, HitRule.AT_OR_ABOVE, Fraction(1)),
        ],
    )
    def test_rule_table(self, value: int, die: Die, rule: HitRule, expected: Fraction) -> None:
        """Each value hits on exactly the faces its rule names."""
        assert hit_chance(value, die, rule) == expected

    @pytest.mark.parametrize(
        ("value", "die", "message"),
        [
            (7, Die.D6, "value: must be a d6 value from 0 to 6 (got 7)"),
            (-1, Die.D6, "value: must be a d6 value from 0 to 6 (got -1)"),
            (0, Die.D10, "value: must be a d10 value from 1 to 10 (got 0)"),
            (11, Die.D10, "value: must be a d10 value from 1 to 10 (got 11)"),
        ],
    )
    def test_values_out_of_range_are_refused(self, value: int, die: Die, message: str) -> None:
        """d6 values run 0–6 and d10 values 1–10; anything else names the value."""
        with pytest.raises(ScenarioError) as raised:
            check_value(value, die)
        assert str(raised.value) == message


class TestRolls:
    def test_roll_outside_the_die_is_refused_with_its_path(self) -> None:
        """A roll the die cannot show is an error naming where it was given."""
        with pytest.raises(ScenarioError) as raised:
            check_roll(7, Die.D6, "rounds.0.attacker.infantry.1")
        assert str(raised.value) == "rounds.0.attacker.infantry.1: a d6 shows 1 to 6 (got 7)"
        assert check_roll(10, Die.D10) == 10

    def test_count_hits_uses_the_value(self) -> None:
        """The interception example's rolls give the hits it states."""
        assert count_hits([1, 3, 4, 6, 2, 3, 4, 6], 1) == 1
        assert count_hits([3, 4, 5, 5], 1) == 0
        assert count_hits([1, 2, 5], 3) == 2
        assert count_hits([8, 9, 2], 8, Die.D10, HitRule.AT_OR_ABOVE) == 2


class TestDistributions:
    def test_binomial_is_exact_with_fractions(self) -> None:
        """Two dice at 1/2 give 1/4, 1/2, 1/4."""
        assert binomial(2, Fraction(1, 2)) == (Fraction(1, 4), Fraction(1, 2), Fraction(1, 4))

    def test_mixed_chances_convolve(self) -> None:
        """An infantry (1/6) and an armor (1/2) attacking: the three hit counts."""
        assert hit_distribution([(1, Fraction(1, 6)), (1, Fraction(1, 2))]) == (
            Fraction(5, 12),
            Fraction(1, 2),
            Fraction(1, 12),
        )

    def test_cap_folds_extra_hits(self) -> None:
        """Hits beyond the targets count as the maximum."""
        assert cap_hits((Fraction(1, 4), Fraction(1, 2), Fraction(1, 4)), 1) == (Fraction(1, 4), Fraction(3, 4))

    @given(st.lists(st.tuples(st.integers(0, 8), st.sampled_from([Fraction(k, 6) for k in range(7)])), max_size=5))
    def test_distribution_sums_to_one_and_has_the_right_mean(self, groups: list[tuple[int, Fraction]]) -> None:
        """Any mix of dice: probabilities sum to exactly 1 and the mean is Σ dice·chance."""
        distribution = hit_distribution(groups)
        assert sum(distribution) == 1
        assert mean(distribution) == sum((dice * chance for dice, chance in groups), Fraction(0))

    @given(st.integers(0, 40), st.floats(0, 1))
    def test_float_binomial_sums_to_one(self, dice: int, chance: float) -> None:
        """Floating-point binomials stay within 1e-12 of a total of 1."""
        assert math.isclose(math.fsum(binomial(dice, chance)), 1.0, abs_tol=1e-12)
