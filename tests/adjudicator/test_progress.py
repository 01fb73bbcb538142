"""Tests of :mod:`adjudicator.progress`: reporters, shares within parts, and what the battle engines report."""

from __future__ import annotations

import json
import random
from collections.abc import Callable

import pytest

from adjudicator import progress, web
from adjudicator.battle.engine import (
    AntiAircraftFire,
    BattleSetup,
    Combatant,
    RoundRolls,
    replay,
    simulate,
    solve_exact,
)

INFANTRY_A = Combatant("infantry", hits_on=1)
INFANTRY_D = Combatant("infantry", hits_on=2)
FIGHTER_A = Combatant("fighter", hits_on=3, air=True)
BOMBER_A = Combatant("bomber", hits_on=4, air=True)
FIGHTER_D = Combatant("fighter", hits_on=4, air=True)
SUBMARINE_A = Combatant("submarine", hits_on=2, first_strike=True, hits_air=False)
CARRIER_D = Combatant("carrier", hits_on=3)

SEA = BattleSetup((SUBMARINE_A, FIGHTER_A), (CARRIER_D, FIGHTER_D), (10, 10), (8, 8))
"""Submarines, whose hits cannot fall on aircraft, against aircraft: the general solver's stationary chain."""

ANTI_AIRCRAFT = BattleSetup(
    (INFANTRY_A, FIGHTER_A, BOMBER_A), (INFANTRY_D,), (10, 6, 4), (20,), anti_aircraft=AntiAircraftFire()
)
"""A gun shooting at two aircraft types: the battle splits into groups of loss counts."""


def heard(run: Callable[[], object]) -> list[float]:
    """The shares a reporter hears while ``run()`` computes."""
    shares: list[float] = []
    with progress.reporting(shares.append):
        run()
    return shares


def advancing(*reports: tuple[float, float]) -> Callable[[], None]:
    """A computation that reports each ``(done, total)`` in turn."""

    def run() -> None:
        for done, total in reports:
            progress.advance(done, total)

    return run


class TestReporting:
    def test_nobody_listens_by_default(self) -> None:
        """Without a reporter, advance and within do nothing (and raise nothing)."""
        with progress.within(0.5, 1.0):
            progress.advance(1, 2)

    def test_the_reporter_hears_shares_of_the_whole(self) -> None:
        """advance(done, total) is heard as done / total, clamped to 0 … 1; a total of 0 is nothing done."""
        shares = heard(advancing((0, 0), (1, 4), (3, 4), (9, 4)))
        assert shares == [0.0, 0.25, 0.75, 1.0]

    def test_shares_never_go_back(self) -> None:
        """Parts that estimate differently never make the reporter hear less than it heard."""
        assert heard(advancing(*((done, 10) for done in (1, 5, 3, 5, 7)))) == [0.1, 0.5, 0.7]

    def test_within_nests(self) -> None:
        """A part within a part counts within both shares."""

        def run() -> None:
            with progress.within(0.5, 1.0):
                progress.advance(0, 1)
                with progress.within(0.0, 0.5):
                    progress.advance(1, 1)
                progress.advance(1, 1)

        assert heard(run) == [0.5, 0.75, 1.0]

    def test_the_reporter_is_the_callers_for_the_call_only(self) -> None:
        """The reporter is set for the block; outside it, and in a block of its own, another hears nothing."""
        outer: list[float] = []
        inner: list[float] = []
        with progress.reporting(outer.append):
            progress.advance(1, 4)
            with progress.reporting(inner.append):
                progress.advance(2, 4)
            progress.advance(3, 4)
        progress.advance(4, 4)
        assert (outer, inner) == ([0.25, 0.75], [0.5])

    def test_a_reporter_that_raises_stops_the_computation(self) -> None:
        """An exception of the reporter leaves the engine: the computation stops there."""

        class Stop(Exception):
            pass

        def stop(share: float) -> None:
            if share > 0.2:
                raise Stop

        with pytest.raises(Stop), progress.reporting(stop):
            solve_exact(SEA)


class TestBattleEngines:
    def test_the_stationary_chain_reports_level_by_level(self) -> None:
        """The general solver's stationary chain reports as it goes down the levels of units left."""
        shares = heard(lambda: solve_exact(SEA))
        assert len(shares) > 10
        assert shares[0] == 0.0 and shares[-1] > 0.9
        assert shares == sorted(shares)

    def test_rounds_played_forward_take_the_whole_with_a_round_limit(self) -> None:
        """With a round limit every round is played forward: each takes its share of the whole, in batches of states."""
        shares = heard(lambda: solve_exact(BattleSetup(SEA.attacker, SEA.defender, (10, 10), (8, 8), round_limit=4)))
        assert {0.0, 0.25, 0.5, 0.75} < set(shares)
        assert shares == sorted(shares) and shares[-1] < 1.0

    def test_loss_count_groups_report_group_by_group(self) -> None:
        """The groups an anti-aircraft gun splits the battle into are reported one by one."""
        shares = heard(lambda: solve_exact(ANTI_AIRCRAFT))
        assert len(shares) > 10
        assert shares[0] == 0.0 and 0.9 < shares[-1] < 1.0

    def test_the_answer_is_the_same_heard_or_not(self) -> None:
        """Listening changes nothing in the answer."""
        listened: list[object] = []
        with progress.reporting(lambda share: None):
            listened.append(solve_exact(SEA))
        assert listened == [solve_exact(SEA)]

    def test_the_monte_carlo_reports_every_thousand_runs(self) -> None:
        """simulate reports before each batch of a thousand runs."""
        shares = heard(lambda: simulate(SEA, random.Random(1), 5000))
        assert shares == [0.0, 0.2, 0.4, 0.6, 0.8]

    def test_a_replay_reports_nothing(self) -> None:
        """A replay applies the dice given, round by round: it is instant and reports nothing."""
        setup = BattleSetup((INFANTRY_A,), (INFANTRY_D,), (1,), (1,))
        shares = heard(lambda: replay(setup, [RoundRolls({"infantry": [1]}, {"infantry": [6]})]))
        assert shares == []


def test_the_pages_entry_point_passes_its_reporter_on() -> None:
    """evaluate_json hands the page worker's reporter to the computation, for that call only."""
    shares: list[float] = []
    battle = {
        "game": "axis-and-allies-2e",
        "method": "monte-carlo",
        "runs": 3000,
        "seed": 1,
        "attacker": {"units": {"infantry": 3}},
        "defender": {"units": {"infantry": 3}},
    }
    answer = json.loads(web.evaluate_json("battle", json.dumps(battle), reporter=shares.append))
    assert answer["ok"] and shares == [0.0, 1 / 3, 2 / 3]
    web.evaluate_json("battle", json.dumps(battle))
    assert len(shares) == 3
