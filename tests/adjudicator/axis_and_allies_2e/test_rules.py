"""Tests of :mod:`adjudicator.axis_and_allies_2e.rules`: IPC chips, research, bridging, retreat,
bombardment, captured capitals.
"""

from __future__ import annotations

from typing import Any

import pytest

from adjudicator.errors import ScenarioError
from adjudicator.plain import InvalidScenario
from adjudicator.registry import run


def result(name: str, scenario: dict[str, Any]) -> Any:
    return run(name, scenario)


class TestIpcChips:
    @pytest.mark.parametrize(
        ("ipc", "chips"),
        [(0, (0,)), (30, (30,)), (45, (45,)), (46, (45, 1)), (48, (45, 3)), (90, (45, 45)), (93, (45, 45, 3))],
    )
    def test_chip_table(self, ipc: int, chips: tuple[int, ...]) -> None:
        """Above 45 a second chip shows the rest: 48 is 45 + 3."""
        assert result("ipc-chips", {"ipc": ipc}).chips == chips

    def test_negative_ipc(self) -> None:
        """A negative IPC value is refused."""
        with pytest.raises(InvalidScenario, match=r"ipc: must be 0 or more \(got -3\)"):
            result("ipc-chips", {"ipc": -3})


class TestResearch:
    def test_paid_up_front_no_refund(self) -> None:
        """Four dice cost 20 IPCs paid before rolling, whatever the rolls, with or without industrial technology."""
        for industrial in (False, True):
            outcome = result(
                "research", {"dice": 4, "ipcs": 30, "industrial_technology": industrial, "rolls": [6, 2, 3, 1]}
            )
            assert (outcome.cost_per_die, outcome.paid, outcome.refund, outcome.ipcs_left, outcome.sixes) == (
                5,
                20,
                0,
                10,
                1,
            )
        assert abs(outcome.chance_of_a_six - (1 - (5 / 6) ** 4)) < 1e-12

    @pytest.mark.parametrize(
        ("scenario", "message"),
        [
            ({"dice": 7, "ipcs": 30}, "dice: 7 research dice cost 35 IPCs, more than the 30 IPCs available (got 7)"),
            ({"dice": 3, "rolls": [6]}, "rolls: all 3 dice bought are rolled at once: give 3 rolls (got [6])"),
            ({"dice": 0}, "dice: research means buying at least one die (got 0)"),
        ],
    )
    def test_errors(self, scenario: dict[str, Any], message: str) -> None:
        """Dice beyond the money, fewer rolls than dice bought, and no dice are refused."""
        with pytest.raises(InvalidScenario) as raised:
            result("research", scenario)
        assert message in str(raised.value).splitlines()


class TestBridging:
    @pytest.mark.parametrize(
        ("scenario", "legal", "needed"),
        [
            ({"units": {"armor": 1}}, True, 1),
            ({"units": {"infantry": 2}}, True, 1),
            ({"units": {"infantry": 1, "armor": 1}}, False, 2),
            ({"units": {"infantry": 3}, "ships": 2}, True, 2),
            ({"units": {"armor": 1}, "moved_before": True}, True, 1),
            ({"units": {"armor": 1}, "move_after": True}, False, 1),
            ({"units": {"infantry": 2}, "ally_ship": True}, False, 1),
            ({"units": {"infantry": 1}, "ship": "battleship"}, False, 1),
        ],
    )
    def test_bridging_table(self, scenario: dict[str, Any], legal: bool, needed: int) -> None:
        """1 tank or 2 infantry per transport; after moving yes, moving after no; never an ally's; only transports."""
        outcome = result("bridging", scenario)
        assert (outcome.legal, outcome.ships_needed) == (legal, needed)

    def test_other_units_are_not_covered(self) -> None:
        """The limit names only tanks and infantry."""
        with pytest.raises(InvalidScenario, match="units.fighter: the bridging limit speaks only of tanks"):
            result("bridging", {"units": {"fighter": 1}})


class TestRetreat:
    @pytest.mark.parametrize(
        ("scenario", "legal", "rule"),
        [
            (
                {
                    "side": "attacker",
                    "units": {"infantry": 2, "fighter": 1},
                    "retreating": {"infantry": 2, "fighter": 1},
                },
                True,
                "aa2.retreat.no-partial",
            ),
            (
                {"side": "defender", "units": {"infantry": 2}, "retreating": {"infantry": 2}},
                False,
                "aa2.retreat.attacker-only",
            ),
            (
                {"side": "defender", "units": {"submarine": 1, "carrier": 1}, "retreating": {"submarine": 1}},
                True,
                "aa2.retreat.submarines.attacker-and-defender",
            ),
            (
                {
                    "side": "attacker",
                    "units": {"armor": 2},
                    "retreating": {"armor": 2},
                    "timing": "before-defender-fires",
                },
                False,
                "aa2.retreat.after-each-round",
            ),
            (
                {"side": "attacker", "units": {"armor": 2}, "retreating": {"armor": 2}, "enemies_left": 0},
                False,
                "aa2.retreat.not-for-nothing",
            ),
            (
                {"side": "attacker", "units": {"armor": 2, "infantry": 1}, "retreating": {"armor": 2}},
                False,
                "aa2.retreat.no-partial",
            ),
            (
                {"side": "attacker", "units": {"infantry": 1, "fighter": 1}, "retreating": {"infantry": 1}},
                False,
                "aa2.retreat.aircraft.no-partial",
            ),
            (
                {"side": "attacker", "units": {"submarine": 2, "battleship": 1}, "retreating": {"submarine": 1}},
                True,
                "aa2.retreat.submarines.partial",
            ),
            (
                {"side": "attacker", "units": {"submarine": 1}, "retreating": {"submarine": 1}, "enemies_left": 0},
                False,
                "aa2.retreat.submarines.stuck-after-victory",
            ),
            (
                {
                    "side": "attacker",
                    "units": {"infantry": 2},
                    "retreating": {"infantry": 2},
                    "amphibious_assault": True,
                },
                False,
                "aa2.amphibious-assaults.retreat",
            ),
            (
                {
                    "side": "attacker",
                    "units": {"submarine": 2},
                    "retreating": {"submarine": 2},
                    "submarine_destinations": 2,
                },
                False,
                "aa2.retreat.submarines.several-attacking",
            ),
            (
                {
                    "side": "defender",
                    "units": {"submarine": 2},
                    "retreating": {"submarine": 2},
                    "submarine_destinations": 2,
                },
                False,
                "aa2.retreat.submarines.several-defending",
            ),
            (
                {
                    "side": "attacker",
                    "units": {"submarine": 1},
                    "retreating": {"submarine": 1},
                    "destination_was_combat_zone": True,
                },
                False,
                "aa2.retreat.submarines.baltic-sea",
            ),
            (
                {
                    "side": "attacker",
                    "units": {"fighter": 1},
                    "retreating": {"fighter": 1},
                    "destination_just_conquered": True,
                },
                False,
                "aa2.retreat.aircraft.no-partial",
            ),
            (
                {"side": "attacker", "units": {"armor": 1}, "retreating": {"armor": 1}, "destination_is_origin": False},
                False,
                "aa2.retreat.no-partial",
            ),
        ],
    )
    def test_retreat_table(self, scenario: dict[str, Any], legal: bool, rule: str) -> None:
        """Each retreat rule of the clarifications decides its case and is cited."""
        outcome = result("retreat", scenario)
        assert outcome.legal is legal
        assert rule in outcome.trace.rules()
        assert bool(outcome.reasons) is not legal

    def test_more_retreating_than_present(self) -> None:
        """Only units in the battle can retreat."""
        with pytest.raises(
            InvalidScenario, match=r"retreating.armor: at most the 1 armor in the battle can retreat \(got 2\)"
        ):
            result("retreat", {"side": "attacker", "units": {"armor": 1}, "retreating": {"armor": 2}})


class TestBombardment:
    @pytest.mark.parametrize(
        ("scenario", "shots", "forfeited"),
        [
            ({"battleships": 2}, 2, False),
            ({"battleships": 2, "enemy_ships_in_zone": True}, 0, True),
            ({"battleships": 2, "enemy_ships_in_zone": True, "kept_out_of_sea_battle": 1}, 0, True),
            ({"battleships": 1, "same_sea_zone": False}, 0, False),
            ({"battleships": 1, "amphibious_assault": False}, 0, False),
        ],
    )
    def test_shots(self, scenario: dict[str, Any], shots: int, forfeited: bool) -> None:
        """One shot per battleship, lost after a sea battle
        (holding one back does not help), none outside an assault.
        """
        outcome = result("bombardment", scenario)
        assert (outcome.shots, outcome.forfeited, outcome.can_be_hit, outcome.can_break_off) == (
            shots,
            forfeited,
            False,
            False,
        )

    def test_rolls(self) -> None:
        """Shots hit on 4 or less; a miss does not let the attack be broken off."""
        outcome = result("bombardment", {"battleships": 2, "rolls": [4, 5], "break_off_after_miss": True})
        assert outcome.hits == 1 and not outcome.can_break_off
        assert "aa2.amphibious-assaults.retreat" in outcome.trace.rules()


class TestCapturedCapital:
    @pytest.mark.parametrize(
        ("scenario", "expected"),
        [
            ({"stage": "captured", "ipcs": 27, "income": 20}, (27, 0, 0, False, 0)),
            ({"stage": "occupied", "ipcs": 27, "income": 20}, (27, 0, 0, False, 0)),
            ({"stage": "liberated", "ipcs": 27, "income": 20}, (27, 0, 0, False, 20)),
            ({"stage": "liberated", "ipcs": 27, "income": 20, "enemy_ipcs_collected": 12}, (27, 0, 12, True, 20)),
        ],
    )
    def test_stages(self, scenario: dict[str, Any], expected: tuple[Any, ...]) -> None:
        """All IPCs handed over, no income while occupied, nothing refunded,
        only captured enemy IPCs to spend after liberation.
        """
        outcome = result("captured-capital", scenario)
        assert (
            outcome.handed_over,
            outcome.refund,
            outcome.ipcs_to_spend,
            outcome.can_buy_units,
            outcome.income_at_end_of_turn,
        ) == expected


@pytest.mark.parametrize(
    ("name", "scenario", "problems"),
    [
        (
            "ipc-chips",
            {"ipc": -3, "chips": 2},
            ["chips: unknown field; expected one of: ipc", "ipc: must be 0 or more (got -3)"],
        ),
        (
            "research",
            {"dice": 0, "ipcs": -1, "rolls": [7]},
            [
                "dice: research means buying at least one die (got 0)",
                "ipcs: must be 0 or more (got -1)",
                "rolls.0: a d6 shows 1 to 6 (got 7)",
            ],
        ),
        (
            "research",
            {"dice": 2, "ipcs": 5, "rolls": [7]},
            [
                "dice: 2 research dice cost 10 IPCs, more than the 5 IPCs available (got 2)",
                "rolls: all 2 dice bought are rolled at once: give 2 rolls (got [7])",
                "rolls.0: a d6 shows 1 to 6 (got 7)",
            ],
        ),
        (
            "bridging",
            {"units": {"fighter": 1, "infantry": -1}, "ships": 0},
            [
                "units.fighter: the bridging limit speaks only of tanks (armor) and infantry (got 1)",
                "units.infantry: must be 0 or more (got -1)",
                "ships: must be 1 or more (got 0)",
            ],
        ),
        (
            "retreat",
            {"side": "attacker", "units": {"armor": 1}, "retreating": {"armor": 2}, "enemies_left": -1},
            [
                "retreating.armor: at most the 1 armor in the battle can retreat (got 2)",
                "enemies_left: must be 0 or more (got -1)",
            ],
        ),
        (
            "retreat",
            {"side": "attacker", "units": {"armor": -1}, "retreating": {"armor": 1}, "enemies_left": -1},
            ["units.armor: must be 0 or more (got -1)", "enemies_left: must be 0 or more (got -1)"],
        ),
        (
            "bombardment",
            {"battleships": 1, "kept_out_of_sea_battle": 2, "rolls": [0]},
            [
                "kept_out_of_sea_battle: must be from 0 to the 1 battleship (got 2)",
                "rolls.0: a d6 shows 1 to 6 (got 0)",
            ],
        ),
        (
            "bombardment",
            {"battleships": -1, "rolls": [0, 9]},
            [
                "battleships: must be 0 or more (got -1)",
                "rolls.0: a d6 shows 1 to 6 (got 0)",
                "rolls.1: a d6 shows 1 to 6 (got 9)",
            ],
        ),
        (
            "captured-capital",
            {"stage": "captured", "ipcs": -1, "income": -2},
            ["ipcs: must be 0 or more (got -1)", "income: must be 0 or more (got -2)"],
        ),
    ],
)
def test_every_problem_is_reported_at_once(name: str, scenario: dict[str, Any], problems: list[str]) -> None:
    """Two or more independent bad fields are all reported, each at its own path, not only the first."""
    with pytest.raises(InvalidScenario) as raised:
        result(name, scenario)
    assert str(raised.value).splitlines() == problems


def test_a_wrong_number_of_support_rolls_is_counted_in_words() -> None:
    """One support shot asks for one roll, said in the singular; two shots in the plural."""
    with pytest.raises(ScenarioError, match=r"^rolls: 1 support shot is fired: give that many rolls \(got \[4, 5\]\)$"):
        result("bombardment", {"battleships": 1, "rolls": [4, 5]})
    with pytest.raises(ScenarioError, match=r"^rolls: 2 support shots are fired: give that many rolls \(got \[4\]\)$"):
        result("bombardment", {"battleships": 2, "rolls": [4]})


def test_a_retreat_whose_units_do_not_convert_still_reports_its_other_problems() -> None:
    """A misspelt count of the battle's units hides neither a bad retreating count nor a negative enemies_left."""
    with pytest.raises(InvalidScenario) as raised:
        run(
            "retreat",
            {"side": "attacker", "units": {"infantry": "x"}, "retreating": {"armor": -1}, "enemies_left": -1},
        )
    assert sorted(problem.path for problem in raised.value.errors) == [
        "enemies_left",
        "retreating.armor",
        "units.infantry",
    ]
