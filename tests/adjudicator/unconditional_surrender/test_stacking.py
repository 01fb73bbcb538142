"""Tests of :mod:`adjudicator.unconditional_surrender.stacking`: stacking (6), restrictions (9.0.1) and limits (9.1)."""

from __future__ import annotations

from typing import Any

import pytest

from adjudicator.plain import InvalidScenario, from_plain
from adjudicator.unconditional_surrender.stacking import (
    StackingLimitReading,
    StackingResult,
    StackingScenario,
    evaluate_stacking,
    limits_for,
)

COUNTRIES = [
    {"id": "germany", "faction": "axis"},
    {"id": "hungary", "faction": "axis", "kind": "minor"},
    {"id": "romania", "faction": "axis", "kind": "minor"},
    {"id": "britain", "faction": "western-allies"},
    {"id": "france", "faction": "western-allies"},
    {"id": "vichy", "faction": "axis"},
    {"id": "belgium-holland", "faction": "western-allies", "kind": "minor"},
]
MAP = {
    "countries": COUNTRIES,
    "hexes": [{"id": "A", "q": 0, "r": 0}, {"id": "F", "q": 1, "r": 0, "stacking_box_4": True}],
    "boxes": [{"id": "eus", "kind": "eastern-us-canada"}],
}
NATIONS = {
    "germany": "axis",
    "hungary": "axis",
    "romania": "axis",
    "britain": "western-allies",
    "france": "western-allies",
    "belgium-holland": "western-allies",
}


def _unit(name: str, nationality: str, where: str = "A", **extra: Any) -> dict[str, Any]:
    return {"id": name, "hex": where, "faction": NATIONS.get(nationality, "axis"), "nationality": nationality, **extra}


def _judge(units: list[dict[str, Any]], **extra: Any) -> StackingResult:
    return evaluate_stacking(from_plain(StackingScenario, {"map": MAP, "units": units, **extra}))


class TestRestrictions:
    @pytest.mark.parametrize(
        ("units", "broken"),
        [
            ([_unit("h1", "germany", type="hq"), _unit("h2", "germany", type="hq")], ["us.9-0-1.hq"]),
            ([_unit("f1", "germany", type="fortress"), _unit("f2", "germany", type="fortress")], ["us.9-0-1.fortress"]),
            ([_unit("f1", "germany", type="fortress"), _unit("h2", "germany", type="hq")], []),
            ([_unit("hu", "hungary"), _unit("ro", "romania")], ["us.9-0-1.minor-countries"]),
            ([_unit("hu", "hungary"), _unit("hu2", "hungary")], []),
            ([_unit("hu", "hungary"), _unit("de", "germany")], []),
            ([_unit("hu", "hungary", expeditionary=True), _unit("ro", "romania")], []),
            (
                [_unit("hu", "hungary", expeditionary=True, steps=2), _unit("ro", "romania")],
                ["us.9-0-1.minor-countries"],
            ),
            ([_unit("fr", "france"), _unit("be", "belgium-holland")], ["us.9-0-1.franco-belgian-cooperation"]),
            ([_unit("fr", "france"), _unit("gb", "britain")], []),
        ],
    )
    def test_restriction_table(self, units: list[dict[str, Any]], broken: list[str]) -> None:
        """Each restriction of 9.0.1 and Exception 1 (first-order = one-step Expeditionary units)."""
        result = _judge(units)
        assert list(result.violated_rules) == broken and result.legal is (not broken)

    def test_franco_belgian_cooperation_marker(self) -> None:
        """With the Franco-Belgian Cooperation marker in the box, French and Belgium-Holland units stack."""
        result = _judge(
            [_unit("fr", "france"), _unit("be", "belgium-holland")],
            strategic_warfare_box=["franco-belgian-cooperation"],
        )
        assert result.legal and result.trace.steps[-1].rule in {"us.9-0-1", "us.9-1"}
        assert "us.9-0-1.franco-belgian-cooperation" in result.trace.rules()

    def test_anglo_french_non_cooperation_marker(self) -> None:
        """With the Non-Cooperation marker, British and Western-Allied French units cannot stack;
        Vichy French are not concerned.
        """
        box = ["anglo-french-non-cooperation"]
        assert _judge([_unit("fr", "france"), _unit("gb", "britain")], strategic_warfare_box=box).violated_rules == (
            "us.9-0-1.anglo-french-non-cooperation",
        )
        vichy = {"id": "vf", "hex": "A", "faction": "axis", "nationality": "france"}
        assert _judge([vichy, _unit("gb", "britain")], strategic_warfare_box=box).legal

    @pytest.mark.parametrize(("reading", "legal"), [("minor-countries", False), ("all-restrictions", True)])
    def test_expeditionary_reading(self, reading: str, legal: bool) -> None:
        """Exception 1 lifts only the minor-country restriction by default,
        every restriction under the other reading.
        """
        units = [_unit("h1", "germany", type="hq", expeditionary=True), _unit("h2", "germany", type="hq")]
        assert _judge(units, readings={"expeditionary": reading}).legal is legal

    def test_only_ground_units_stack(self) -> None:
        """Air units do not count towards the limits or restrictions (6)."""
        units = [_unit(f"g{n}", "germany") for n in range(4)] + [
            _unit("air", "germany", kind="air", type="hq"),
            _unit("h", "germany", type="hq"),
        ]
        result = _judge(units[:3] + units[4:])
        assert result.stacks[0].ground_units == 4 and result.legal

    def test_off_map_boxes_are_unlimited(self) -> None:
        """Any number of units, of any kind, may be in an off-map box."""
        result = _judge([_unit(f"h{n}", "britain", where="eus", type="hq") for n in range(9)])
        assert result.legal and result.stacks[0].max_units is None


class TestLimits:
    @pytest.mark.parametrize(
        ("box_4", "reading", "limits"),
        [
            (False, StackingLimitReading.STEPS, (4, 7)),
            (True, StackingLimitReading.STEPS, (4, 4)),
            (False, StackingLimitReading.UNITS, (4, None)),
            (True, StackingLimitReading.UNITS, (4, None)),
        ],
    )
    def test_limit_table(self, box_4: bool, reading: StackingLimitReading, limits: tuple[int, int | None]) -> None:
        """9.1 read as steps: 4 units with 7 steps, or 4 steps in a «4» hex; read literally: 4 units."""
        assert limits_for(box_4, reading) == limits

    @pytest.mark.parametrize(
        ("where", "steps", "legal"),
        [("A", [2, 2, 3], True), ("A", [2, 2, 2, 2], False), ("F", [2, 2], True), ("F", [2, 3], False)],
    )
    def test_step_limits(self, where: str, steps: list[int], legal: bool) -> None:
        """The documented reading counts steps: 7 in an ordinary hex, 4 in a hex with the «4» box."""
        result = _judge([_unit(f"g{n}", "germany", where=where, steps=s) for n, s in enumerate(steps)])
        assert result.legal is legal and result.violated_rules == (() if legal else ("us.9-1",))

    def test_literal_reading_counts_units(self) -> None:
        """Under the literal reading eight steps in four units are legal and a fifth unit is not."""
        four = [_unit(f"g{n}", "germany", steps=2) for n in range(4)]
        assert _judge(four, readings={"limits": "units"}).legal
        assert not _judge(four + [_unit("g5", "germany")], readings={"limits": "units"}).legal

    def test_limits_may_be_exceeded_during_a_segment(self) -> None:
        """The limit is checked at the end of every segment and phase; before that an excess is allowed."""
        units = [_unit(f"g{n}", "germany") for n in range(5)]
        during = _judge(units, moment="during-segment")
        assert during.legal and during.stacks[0].over_limit
        at_end = _judge(units, moment="end-of-phase")
        assert not at_end.legal and "4.2.5.1" in at_end.trace.steps[-1].text

    def test_reading_is_stated_in_the_output(self) -> None:
        """The trace opens with the reading of 9.1 used, citing the entry."""
        step = _judge([]).trace.steps[0]
        assert step.rule == "us.9-1" and "documented reading" in step.text

    def test_unknown_hex_to_check(self) -> None:
        """Asking about a hex that is not on the map is an error naming it."""
        with pytest.raises(InvalidScenario) as caught:
            from_plain(StackingScenario, {"map": MAP, "units": [], "hexes": ["Z"]})
        assert str(caught.value) == "hexes.0: unknown hex; expected a hex or off-map box of the map (got 'Z')"

    def test_every_problem_at_once(self) -> None:
        """A unit without steps, a unit on an unknown hex and an unknown hex to check are reported together."""
        units = [_unit("g1", "germany", steps=0), _unit("g2", "germany", where="Q")]
        with pytest.raises(InvalidScenario) as caught:
            from_plain(StackingScenario, {"map": MAP, "units": units, "hexes": ["Z"]})
        assert [str(error) for error in caught.value.errors] == [
            "units.0.steps: unit 'g1' must have at least 1 step (got 0)",
            "units.1.hex: unit 'g2' is on an unknown hex; expected a hex or off-map box of the map (got 'Q')",
            "hexes.0: unknown hex; expected a hex or off-map box of the map (got 'Z')",
        ]
