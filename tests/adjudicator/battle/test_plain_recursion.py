"""Property: :func:`adjudicator.battle.engine.solve_exact` agrees with the plain per-state recursion.

The oracle (:mod:`tests.adjudicator.battle.plain_recursion`) enumerates every roll of every
state and prunes nothing. Hypothesis draws small battles of every kind the engine knows —
land and air, submarines that fire first and cannot hit aircraft, anti-aircraft fire,
bombardment whose casualties fire back or not, units that leave after a round, retreats,
round limits, split unit types (a casualty policy) — so that both the fast path over loss
counts and the general solver over compositions are checked. The battle round by round
(``solve_exact(…, by_round=True)``) is checked against the oracle's plain forward play the same way.
"""

from __future__ import annotations

from collections import defaultdict

from hypothesis import given, settings
from hypothesis import strategies as st

from adjudicator.battle.engine import (
    BY_ROUND_TOLERANCE,
    AntiAircraftFire,
    BattleSetup,
    Combatant,
    Ending,
    SupportFire,
    solve_exact,
)
from tests.adjudicator.battle.plain_recursion import Final, by_round, endings

TOLERANCE = 1e-10
"""Float rounding of two different summation orders, far below any answer shown."""
ROUNDS_CHECKED = 6
"""Rounds of the battle round by round compared with the oracle (the battles are small: most are over by then)."""


@st.composite
def combatants(draw: st.DrawFn, name: str, attacking: bool) -> Combatant:
    return Combatant(
        name,
        hits_on=draw(st.integers(0, 5)),
        dice=draw(st.sampled_from((1, 1, 2, 3))),
        rolls_per_die=draw(st.sampled_from((1, 1, 2))),
        cost=draw(st.integers(1, 24)),
        air=draw(st.booleans()),
        first_strike=attacking and draw(st.integers(0, 4)) == 0,
        hits_air=draw(st.integers(0, 4)) > 0,
        leaves_after_round=draw(st.sampled_from((None, None, None, None, 1, 2))),
    )


@st.composite
def battles(draw: st.DrawFn) -> BattleSetup:
    """Two to four unit groups a side, zero to three units each, and any of the opening fires and policies."""
    sides = []
    for attacking in (True, False):
        groups = draw(st.integers(1, 3))
        units = tuple(draw(combatants(f"unit{k}", attacking)) for k in range(groups))
        counts = tuple(draw(st.integers(0, 3)) for _ in units)
        sides.append((units, counts))
    (attacker, attacker_counts), (defender, defender_counts) = sides
    support = None
    if draw(st.booleans()):
        support = SupportFire(draw(st.integers(1, 2)), hits_on=4, casualties_fire_back=draw(st.booleans()))
    return BattleSetup(
        attacker,
        defender,
        attacker_counts,
        defender_counts,
        anti_aircraft=AntiAircraftFire() if draw(st.booleans()) else None,
        support=support,
        retreat_after_round=draw(st.sampled_from((None, None, 1, 2))),
        retreat_below=draw(st.sampled_from((None, None, 2, 3))),
        round_limit=draw(st.sampled_from((None, None, None, 1, 3))),
    )


@st.composite
def land_battles(draw: st.DrawFn) -> BattleSetup:
    """Bigger battles on the fast path: a fixed loss order, every hit free to fall on any unit; a type split in two."""
    infantry = Combatant("infantry", hits_on=1, cost=3)
    attacker = (
        infantry,
        Combatant("armor", hits_on=3, cost=5),
        Combatant("fighter", hits_on=3, cost=12, air=True),
        Combatant("infantry#2", hits_on=1, cost=3, unit_type="infantry"),
    )
    defender = (
        Combatant("infantry", hits_on=2, cost=3),
        Combatant("armor", hits_on=2, cost=5),
        Combatant("fighter", hits_on=4, cost=12, air=True),
    )
    return BattleSetup(
        attacker,
        defender,
        tuple(draw(st.integers(0, 3)) for _ in attacker),
        tuple(draw(st.integers(0, 3)) for _ in defender),
        anti_aircraft=AntiAircraftFire() if draw(st.booleans()) else None,
        retreat_below=draw(st.sampled_from((None, None, 3))),
    )


def _solved(setup: BattleSetup) -> tuple[dict[Final, float], float]:
    outcome = solve_exact(setup)
    finals: dict[Final, float] = defaultdict(float)
    for state in outcome.finals:
        finals[(state.ending, state.attacker, state.defender)] += state.probability
    return finals, outcome.pruned


def _check(setup: BattleSetup) -> None:
    expected = endings(setup)
    found, pruned = _solved(setup)
    assert pruned <= 1e-9
    for key in set(expected) | set(found):
        assert abs(found.get(key, 0.0) - expected.get(key, 0.0)) <= TOLERANCE + 2 * pruned, key


def _check_rounds(setup: BattleSetup) -> None:
    outcome = solve_exact(setup, by_round=True)
    rows = outcome.by_round
    # A loss-count group followed until less than its part of the tolerance is still on leaves that on in the
    # later rounds (all groups together: less than the tolerance).
    slack = TOLERANCE + 2 * outcome.by_round_dropped + BY_ROUND_TOLERANCE
    expected = by_round(setup, ROUNDS_CHECKED)
    for number, (still_on, attacker, defender) in enumerate(expected, start=1):
        if number >= len(rows):
            # The rounds stop once less than the tolerance is still on (or the battle was decided before round 1).
            assert still_on <= BY_ROUND_TOLERANCE + slack
            continue
        row = rows[number]
        assert abs(row.still_on - still_on) <= slack, number
        for side, found, oracle in ((0, row.attacker, attacker), (1, row.defender, defender)):
            ended = [
                sum(
                    final.probability * (final.attacker if side == 0 else final.defender)[k]
                    for r in rows[: number + 1]
                    for final in r.ended
                )
                for k in range(len(found))
            ]
            units = sum(setup.attacker_counts if side == 0 else setup.defender_counts)
            for k, (on, survivors, expected_k) in enumerate(zip(found, ended, oracle)):
                assert abs(on + survivors - expected_k) <= slack * max(units, 1), (number, side, k)


class TestAgreesWithPlainRecursion:
    @settings(max_examples=150, deadline=None)
    @given(battles())
    def test_every_kind_of_small_battle(self, setup: BattleSetup) -> None:
        """Every ending of a small battle of any kind has the chance the plain recursion gives it."""
        _check(setup)

    @settings(max_examples=60, deadline=None)
    @given(land_battles())
    def test_loss_count_battles(self, setup: BattleSetup) -> None:
        """Land battles on the loss-count fast path, anti-aircraft fire and a split type included, agree too."""
        _check(setup)

    @settings(max_examples=100, deadline=None)
    @given(battles())
    def test_round_by_round_of_every_kind_of_small_battle(self, setup: BattleSetup) -> None:
        """After each of the first rounds, the chance that a small battle of any kind is still on and each side's
        expected units (survivors of the battles that ended included) are those of the oracle's forward play."""
        _check_rounds(setup)

    @settings(max_examples=40, deadline=None)
    @given(land_battles())
    def test_round_by_round_of_loss_count_battles(self, setup: BattleSetup) -> None:
        """Round by round on loss counts (played a row at a time) agrees with the oracle too."""
        _check_rounds(setup)

    def test_the_oracle_sums_to_one(self) -> None:
        """The oracle's endings of a battle with a self-loop and a round-dependent rule add up to 1."""
        setup = BattleSetup(
            (Combatant("infantry", hits_on=1), Combatant("fighter", hits_on=3, air=True, leaves_after_round=1)),
            (Combatant("infantry", hits_on=2),),
            (2, 1),
            (2,),
        )
        total = sum(endings(setup).values())
        assert abs(total - 1.0) <= 1e-12
        assert any(ending is Ending.ATTACKER_RETREATED for ending, _, _ in endings(setup))
