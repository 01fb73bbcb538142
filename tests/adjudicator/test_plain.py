"""Tests of :mod:`adjudicator.plain`: plain data in, frozen dataclasses out, every problem named."""

from __future__ import annotations

import enum
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any, Literal

import pytest
from hypothesis import given
from hypothesis import strategies as st

from adjudicator.errors import ScenarioError
from adjudicator.plain import InvalidScenario, Partial, PlainHooks, from_plain, to_plain


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


class TestHooks:
    """A dataclass takes part in its conversion only through the hooks declared on :class:`PlainHooks`."""

    def test_the_default_hooks_change_nothing(self) -> None:
        """A dataclass deriving from PlainHooks without overriding converts, and reports, as one without hooks."""

        @dataclass(frozen=True)
        class HookedSiege(Siege, PlainHooks):
            pass

        for data in ({"garrison": "many", "turn": 0}, {"garrison": 12, "turn": "first"}, {"garrison": 3, "turn": 2}):
            outcomes = []
            for cls in (Siege, HookedSiege):
                try:
                    outcomes.append(to_plain(from_plain(cls, data)))
                except InvalidScenario as invalid:
                    outcomes.append([str(error) for error in invalid.errors])
            assert outcomes[0] == outcomes[1], data
        schema: dict[str, Any] = {"type": "object"}
        HookedSiege.extend_json_schema(schema)
        assert schema == {"type": "object"}

    def test_expand_plain_writes_the_data_out_and_problems_name_what_was_written(self) -> None:
        """The full data is converted; a problem in it is reported at the entry the scenario wrote."""

        @dataclass(frozen=True)
        class Row(PlainHooks):
            cells: tuple[int, ...]

            @classmethod
            def expand_plain(
                cls, data: Mapping[str, Any]
            ) -> tuple[Any, list[ScenarioError], Callable[[str], str | None]]:
                """``{"fill": [value, count]}`` is ``count`` cells of ``value``."""
                value, count = data["fill"]
                return {"cells": [value] * count}, [], cls._written

            @staticmethod
            def _written(path: str) -> str | None:
                """The first cell's problem is the fill value's; the other cells' repeat it."""
                if path == "cells.0":
                    return "fill.0"
                return None if path.startswith("cells.") else path

        assert from_plain(Row, {"fill": [7, 3]}) == Row((7, 7, 7))
        with pytest.raises(InvalidScenario) as raised:
            from_plain(Row, {"fill": ["x", 2]})
        assert [str(error) for error in raised.value.errors] == ["fill.0: must be an integer (got 'x')"]

    def test_partial_problems_gets_the_fields_that_converted_and_those_that_failed(self) -> None:
        """The hook sees the partial value; what it returns is reported after the fields' own problems."""
        seen: list[Partial] = []

        @dataclass(frozen=True)
        class Camp(PlainHooks):
            turn: int
            garrison: int

            @classmethod
            def partial_problems(cls, partial: Partial) -> list[ScenarioError]:
                seen.append(partial)
                return [ScenarioError("turn", "must be 1 or more", partial.fields["turn"])]

        with pytest.raises(InvalidScenario) as raised:
            from_plain(Camp, {"garrison": "many", "turn": 0})
        assert [str(error) for error in raised.value.errors] == [
            "garrison: must be an integer (got 'many')",
            "turn: must be 1 or more (got 0)",
        ]
        assert [(partial.fields, partial.failed) for partial in seen] == [({"turn": 0}, frozenset({"garrison"}))]


def test_a_check_that_fails_on_its_own_is_not_taken_for_a_failed_field() -> None:
    """A bug of a check (an error other than the refusal of a failed field) is raised, not swallowed."""

    @dataclass(frozen=True)
    class Fort:
        garrison: int
        turn: int

        def __post_init__(self) -> None:
            if self.turn > {"max": 10}["maximum"]:
                raise ScenarioError("turn", "must be 10 or less", self.turn)

    with pytest.raises(KeyError, match="maximum"):
        from_plain(Fort, {"garrison": "many", "turn": 3})
