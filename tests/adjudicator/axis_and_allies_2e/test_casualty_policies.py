"""Tests of the Axis & Allies casualty policies (``keep_land_units``, ``casualty_order``) of the ``battle`` calculator.

The odds are checked against an independent small computation written here: exact
fractions over (attacker losses, defender losses), each side's units given one by one in
the order they are lost, the hit distributions multiplied out die by die.
"""

from __future__ import annotations

import math
import time
from fractions import Fraction
from functools import cache
from typing import Any

import pytest

from adjudicator.battle.calculators import BattleResult
from adjudicator.plain import InvalidScenario
from adjudicator.registry import run

ATTACK = {"infantry": 1, "armor": 3, "fighter": 3, "bomber": 4}
DEFENCE = {"infantry": 2, "armor": 2, "fighter": 4, "bomber": 1}
LAND = {"infantry", "armor"}


def _hits(values: tuple[int, ...]) -> list[Fraction]:
    """Distribution of the number of hits of one die per value, each hitting on that value or less."""
    chances = [Fraction(1)]
    for value in values:
        hit = Fraction(value, 6)
        following = [Fraction(0)] * (len(chances) + 1)
        for count, chance in enumerate(chances):
            following[count] += chance * (1 - hit)
            following[count + 1] += chance * hit
        chances = following
    return chances


def small_dp(attacker: list[str], defender: list[str]) -> dict[tuple[int, int], Fraction]:
    """Chance of each final (attacker losses, defender losses) of a land battle fought to the end."""
    n, m = len(attacker), len(defender)

    @cache
    def endings(i: int, j: int) -> dict[tuple[int, int], Fraction]:
        if i == n or j == m:
            return {(i, j): Fraction(1)}
        shots = _hits(tuple(ATTACK[unit] for unit in attacker[i:]))
        back = _hits(tuple(DEFENCE[unit] for unit in defender[j:]))
        stay = shots[0] * back[0]
        found: dict[tuple[int, int], Fraction] = {}
        for x, p in enumerate(shots):
            for y, q in enumerate(back):
                if x == 0 and y == 0:
                    continue
                for final, r in endings(min(i + y, n), min(j + x, m)).items():
                    found[final] = found.get(final, Fraction(0)) + p * q * r / (1 - stay)
        return found

    return endings(0, 0)


def expected(attacker: list[str], defender: list[str]) -> dict[str, Any]:
    """The figures the calculator must give, from :func:`small_dp`."""
    n, m = len(attacker), len(defender)
    wins = captures = both = Fraction(0)
    per_type: dict[str, list[Fraction]] = {unit: [Fraction(0)] * (attacker.count(unit) + 1) for unit in attacker}
    totals = [Fraction(0)] * (n + 1)
    for (i, j), p in small_dp(attacker, defender).items():
        left = attacker[i:]
        if j == m and i < n:
            wins += p
            if LAND & set(left):
                captures += p
        if j == m and i == n:
            both += p
        for unit in per_type:
            per_type[unit][left.count(unit)] += p
        totals[len(left)] += p
    return {"wins": wins, "captures": captures, "both": both, "per_type": per_type, "totals": totals}


def battle(attacker: dict[str, Any], defender: dict[str, int]) -> BattleResult:
    result = run("battle", {"game": "axis-and-allies-2e", "attacker": attacker, "defender": {"units": defender}})
    assert isinstance(result, BattleResult)
    return result


DEFENDER = {"infantry": 2, "armor": 1}
DEFENDER_ORDER = ["infantry", "infantry", "armor"]
"""The defender's default order (cheapest first), unit by unit."""

CASES = [
    pytest.param({}, ["infantry"] * 3 + ["armor", "fighter"], id="cheapest-first"),
    pytest.param({"keep_land_units": 1}, ["infantry"] * 3 + ["fighter", "armor"], id="keep-1"),
    pytest.param(
        {"keep_land_units": 2}, ["infantry", "infantry", "fighter", "infantry", "armor"], id="keep-2-splits-infantry"
    ),
    pytest.param({"keep_land_units": 9}, ["fighter", "infantry", "infantry", "infantry", "armor"], id="keep-all"),
    pytest.param(
        {"casualty_order": ["infantry", "fighter", "infantry", "armor", "infantry"]},
        ["infantry", "fighter", "infantry", "armor", "infantry"],
        id="custom-order",
    ),
]


class TestAgainstSmallDp:
    @pytest.mark.parametrize(("policy", "sequence"), CASES)
    def test_odds_and_survivors_match(self, policy: dict[str, Any], sequence: list[str]) -> None:
        """Wins, captures, both destroyed and every survivor distribution agree with the small DP to 1e-12."""
        result = battle({"units": {"infantry": 3, "armor": 1, "fighter": 1}, **policy}, DEFENDER)
        figures = expected(sequence, DEFENDER_ORDER)
        assert math.isclose(result.attacker_wins, figures["wins"], abs_tol=1e-12)
        assert result.attacker_captures is not None
        assert math.isclose(result.attacker_captures, figures["captures"], abs_tol=1e-12)
        assert math.isclose(result.both_destroyed, figures["both"], abs_tol=1e-12)
        assert set(result.attacker_survivors) == set(figures["per_type"])
        for unit, chances in figures["per_type"].items():
            assert result.attacker_survivors[unit] == pytest.approx([float(c) for c in chances], abs=1e-12)
        assert result.attacker_survivor_totals == pytest.approx([float(c) for c in figures["totals"]], abs=1e-12)
        assert math.fsum(result.defender_survivor_totals) == pytest.approx(1.0, abs=1e-12)

    def test_keeping_a_land_unit_captures_every_win(self) -> None:
        """With one land unit kept for last every win takes the territory; the fighters lost earlier cost some wins."""
        units = {"infantry": 2, "fighter": 3}
        plain = battle({"units": units}, {"infantry": 3})
        kept = battle({"units": units, "keep_land_units": 1}, {"infantry": 3})
        assert plain.attacker_captures is not None and kept.attacker_captures is not None
        assert plain.attacker_captures < plain.attacker_wins - 0.05
        assert math.isclose(kept.attacker_captures, kept.attacker_wins, abs_tol=1e-12)
        assert kept.attacker_captures > plain.attacker_captures
        assert kept.attacker_wins < plain.attacker_wins

    def test_split_type_is_reported_as_one_type(self) -> None:
        """A type split by the policy shows once in profiles, expected survivors and outcome lines."""
        result = battle({"units": {"infantry": 3, "armor": 1, "fighter": 1}, "keep_land_units": 2}, DEFENDER)
        assert set(result.attacker_profile) == {"infantry", "armor", "fighter"}
        assert result.attacker_profile["infantry"].count == 3
        assert all("#" not in name for line in result.outcomes for name in line.attacker)
        texts = [step.text for step in result.trace.steps]
        assert any("keeps its last 2 land units for last" in text and "1 infantry, 1 armor" in text for text in texts)

    def test_large_battle_stays_within_the_speed_budget(self) -> None:
        """100 v 100 with a kept land unit is solved on the fast path, dropping at most the budget."""
        units = {"infantry": 70, "armor": 20, "fighter": 10}
        start = time.process_time()
        result = battle({"units": units, "keep_land_units": 1}, units)
        seconds = time.process_time() - start
        assert result.pruned_probability <= 1e-12
        assert result.attacker_captures is not None
        assert math.isclose(result.attacker_captures, result.attacker_wins, abs_tol=1e-12)
        # The general solver takes minutes here; the loss-count path about half a second.
        assert seconds < 10


class TestRefused:
    def test_casualty_order_must_name_every_unit(self) -> None:
        """A custom order that misses a unit is refused, naming what it must list."""
        with pytest.raises(InvalidScenario, match="1 infantry, 1 armor") as error:
            battle({"units": {"infantry": 1, "armor": 1}, "casualty_order": ["infantry"]}, {"infantry": 1})
        assert error.value.errors[0].path == "attacker.casualty_order"

    def test_casualty_order_with_loss_order_is_refused(self) -> None:
        """The whole order and a per-type order cannot both be given."""
        with pytest.raises(InvalidScenario, match="leave loss_order and keep_land_units out"):
            battle(
                {"units": {"infantry": 1}, "casualty_order": ["infantry"], "loss_order": ["infantry"]}, {"infantry": 1}
            )

    def test_keep_land_units_at_sea_is_refused(self) -> None:
        """No land unit fights at sea."""
        with pytest.raises(InvalidScenario, match="no land unit fights at sea"):
            run(
                "battle",
                {
                    "game": "axis-and-allies-2e",
                    "kind": "sea",
                    "attacker": {"units": {"battleship": 1}, "keep_land_units": 1},
                    "defender": {"units": {"transport": 1}},
                },
            )

    def test_replay_refuses_a_policy(self) -> None:
        """A replay takes the owner's casualties per round, not a policy."""
        with pytest.raises(InvalidScenario, match="give them per round"):
            run(
                "battle-replay",
                {
                    "game": "axis-and-allies-2e",
                    "attacker": {"units": {"infantry": 1}, "keep_land_units": 1},
                    "defender": {"units": {"infantry": 1}},
                    "rounds": [{"attacker": {"infantry": [6]}, "defender": {"infantry": [6]}}],
                },
            )

    def test_strategic_game_refuses_a_policy(self) -> None:
        """The strategic game's battles know no casualty policy."""
        with pytest.raises(InvalidScenario, match="is used only by Axis & Allies"):
            run(
                "battle",
                {
                    "game": "strategic-europe",
                    "attacker": {"units": {"infantry": 1}, "nation": "germany", "keep_land_units": 1},
                    "defender": {"units": {"infantry": 1}, "nation": "france"},
                },
            )
