"""Tests of :mod:`adjudicator.plain`: plain data in, frozen dataclasses out, every problem named."""

from __future__ import annotations

import enum
from dataclasses import dataclass, field
from typing import Literal

import pytest
from hypothesis import given
from hypothesis import strategies as st

from adjudicator.errors import ScenarioError
from adjudicator.plain import InvalidScenario, from_plain, to_plain


class Side(enum.Enum):
    AXIS = "axis"
    ALLIES = "allies"


@dataclass(frozen=True)
class Army:
    side: Side
    units: dict[str, int]
    technologies: tuple[str, ...] = ()

    def __post_init__(self) -> None:
        for name, count in self.units.items():
            if count < 0:
                raise ScenarioError(f"units.{name}", "must be a count of 0 or more", count)


@dataclass(frozen=True)
class Battle:
    attacker: Army
    defender: Army
    rounds: int | None = None
    loss_order: Literal["cheapest", "strongest"] = "cheapest"
    position: tuple[int, int] = (0, 0)
    notes: dict[str, str] = field(default_factory=dict)


GOOD = {
    "attacker": {"side": "axis", "units": {"infantry": 3, "armor": 2}},
    "defender": {"side": "allies", "units": {"infantry": 4}, "technologies": ["jet-fighters"]},
}


class TestFromPlain:
    def test_builds_nested_dataclasses(self) -> None:
        """Nested mappings, enums, lists→tuples and defaults become the declared types."""
        battle = from_plain(Battle, GOOD)
        assert battle.attacker.side is Side.AXIS
        assert battle.defender.technologies == ("jet-fighters",)
        assert battle.rounds is None and battle.loss_order == "cheapest"

    def test_collects_every_problem_with_its_path(self) -> None:
        """All errors are reported at once, each with the dotted path to the bad value."""
        bad = {
            "attacker": {"side": "vichy", "units": {"infantry": 1.5}},
            "defender": {"units": {}},
            "rounds": "three",
            "loss_order": "random",
            "position": [1],
            "weather": "mud",
        }
        with pytest.raises(InvalidScenario) as raised:
            from_plain(Battle, bad)
        assert str(raised.value).splitlines() == [
            "weather: unknown field; expected one of: attacker, defender, rounds, loss_order, position, notes",
            "attacker.side: must be one of 'axis', 'allies' (got 'vichy')",
            "attacker.units.infantry: must be an integer (got 1.5)",
            "defender.side: required field is missing",
            "rounds: must be an integer (got 'three')",
            "loss_order: must be one of 'cheapest', 'strongest' (got 'random')",
            "position: must be a list of 2 items (got [1])",
        ]

    def test_post_init_errors_get_the_enclosing_path(self) -> None:
        """A range check in __post_init__ is reported under the path of its object."""
        bad = {**GOOD, "defender": {"side": "allies", "units": {"infantry": -1}}}
        with pytest.raises(InvalidScenario) as raised:
            from_plain(Battle, bad)
        assert str(raised.value) == "defender.units.infantry: must be a count of 0 or more (got -1)"

    def test_booleans_are_not_integers(self) -> None:
        """`true` is not accepted where a count is expected."""
        with pytest.raises(InvalidScenario, match=r"attacker.units.infantry: must be an integer \(got True\)"):
            from_plain(Battle, {**GOOD, "attacker": {"side": "axis", "units": {"infantry": True}}})

    @given(st.dictionaries(st.sampled_from(["infantry", "armor", "fighter"]), st.integers(0, 50)), st.integers(0, 9))
    def test_round_trip(self, units: dict[str, int], rounds: int) -> None:
        """to_plain(from_plain(data)) gives back the same plain data."""
        data = {
            "attacker": {"side": "axis", "units": units, "technologies": []},
            "defender": {"side": "allies", "units": {}, "technologies": ["heavy-bombers"]},
            "rounds": rounds,
            "loss_order": "strongest",
            "position": [2, -1],
            "notes": {},
        }
        assert to_plain(from_plain(Battle, data)) == data


@dataclass(frozen=True)
class Siege:
    """Checks in order: the garrison's limit (reads ``garrison``), then the turn (reads ``turn`` only)."""

    garrison: int
    turn: int = 1
    walls: int | None = None

    def __post_init__(self) -> None:
        if self.walls is None and self.garrison > 10:
            raise ScenarioError("garrison", "needs walls above 10", self.garrison)
        if self.turn < 1:
            raise ScenarioError("turn", "must be 1 or more", self.turn)


def test_a_type_error_does_not_hide_a_check_of_another_field() -> None:
    """The garrison's own problem, and the turn's rule problem: the check needing the garrison stops the run."""
    with pytest.raises(InvalidScenario) as raised:
        from_plain(Siege, {"garrison": "many", "turn": 0})
    assert [str(error) for error in raised.value.errors] == ["garrison: must be an integer (got 'many')"]

    @dataclass(frozen=True)
    class Camp:
        turn: int
        garrison: int

        def __post_init__(self) -> None:
            if self.turn < 1:
                raise ScenarioError("turn", "must be 1 or more", self.turn)
            if self.garrison < 0:
                raise ScenarioError("garrison", "must be 0 or more", self.garrison)

    with pytest.raises(InvalidScenario) as raised:
        from_plain(Camp, {"garrison": "many", "turn": 0})
    assert [str(error) for error in raised.value.errors] == [
        "garrison: must be an integer (got 'many')",
        "turn: must be 1 or more (got 0)",
    ]


def test_a_failed_field_is_not_read_as_its_default() -> None:
    """``walls`` given but wrong is not ``None`` to the checks: no made-up "needs walls" problem."""
    with pytest.raises(InvalidScenario) as raised:
        from_plain(Siege, {"garrison": 12, "walls": "stone", "turn": 0})
    assert [str(error) for error in raised.value.errors] == ["walls: must be an integer (got 'stone')"]
    # Left out, it is its default, and the checks run on it.
    with pytest.raises(InvalidScenario) as raised:
        from_plain(Siege, {"garrison": 12, "turn": "first"})
    assert [str(error) for error in raised.value.errors] == [
        "turn: must be an integer (got 'first')",
        "garrison: needs walls above 10 (got 12)",
    ]


def test_a_map_entry_that_failed_hides_only_the_checks_that_read_the_map() -> None:
    """An army whose units mapping holds a bad count: its other checks that need ``units`` do not run."""
    with pytest.raises(InvalidScenario) as raised:
        from_plain(Battle, {"attacker": {"side": "axis", "units": {"infantry": "x", "armor": -1}}, "defender": {}})
    assert [str(error) for error in raised.value.errors] == [
        "attacker.units.infantry: must be an integer (got 'x')",
        "defender.side: required field is missing",
        "defender.units: required field is missing",
    ]
