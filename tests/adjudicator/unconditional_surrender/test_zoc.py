"""Tests of :mod:`adjudicator.unconditional_surrender.zoc`: ZOC (5), EZOC (8.1) and the effects of 8.1.1 as queries."""

from __future__ import annotations

from typing import Any

import pytest

from adjudicator.plain import InvalidScenario, from_plain
from adjudicator.registry import run
from adjudicator.unconditional_surrender.hexmap import Faction, Hex, HexMap, Hexside, HexsideFeature, Terrain
from adjudicator.unconditional_surrender.zoc import (
    Action,
    MountainReading,
    ZocReadings,
    ZocResult,
    ZocScenario,
    evaluate_zoc,
    zoc_hexes,
)

COUNTRIES = [{"id": "germany", "faction": "axis"}, {"id": "ussr", "faction": "soviets"}]


def _row(length: int = 7, weather: str = "clear", **extra: Any) -> dict[str, Any]:
    """A row of hexes A0…A6 (west to east) above a row B0…B6."""
    hexes = [{"id": f"A{q}", "q": q, "r": 0, "country": "germany"} for q in range(length)]
    hexes += [{"id": f"B{q}", "q": q - 1, "r": 1, "country": "germany"} for q in range(1, length + 1)]
    return {"countries": COUNTRIES, "hexes": hexes, "weather": {"normal": weather}, **extra}


def _unit(name: str, where: str, faction: str = "axis", **extra: Any) -> dict[str, Any]:
    return {
        "id": name,
        "hex": where,
        "faction": faction,
        "nationality": "germany" if faction == "axis" else "ussr",
        **extra,
    }


def _query(
    units: list[dict[str, Any]],
    path: list[str],
    action: str = "movement",
    weather: str = "clear",
    markers: list[dict[str, Any]] | None = None,
    overrun: list[str] | None = None,
) -> Any:
    data = {
        "map": _row(weather=weather),
        "units": units,
        "markers": markers or [],
        "queries": [{"unit": "g1", "action": action, "path": path, "overrun": overrun or []}],
    }
    result = run("zoc", data)
    assert isinstance(result, ZocResult)
    return result.queries[0]


class TestZocHexes:
    @pytest.mark.parametrize("feature", list(HexsideFeature))
    def test_blocking_hexsides(self, feature: HexsideFeature) -> None:
        """ZOC does not cross a mountain, impassable, sea or strait hexside (5)."""
        board = HexMap(
            hexes=(Hex("a", 0, 0), Hex("b", 1, 0), Hex("c", -1, 0)), hexsides=(Hexside(("a", "b"), feature),)
        )
        assert sorted(board.index.names[h] for h in zoc_hexes(board.index, 0)) == ["a", "c"]

    def test_own_hex_and_every_adjacent_hex(self) -> None:
        """Without features a unit's ZOC is its hex and the six around it."""
        board = HexMap(hexes=tuple(Hex(f"{q},{r}", q, r) for q in range(-2, 3) for r in range(-2, 3)))
        assert len(zoc_hexes(board.index, board.index.position["0,0"])) == 7

    def test_not_into_sea_hexes(self) -> None:
        """ZOC does not extend across the sea into a sea hex."""
        board = HexMap(hexes=(Hex("a", 0, 0), Hex("s", 1, 0, terrain=Terrain.SEA)))
        assert zoc_hexes(board.index, 0) == (0,)

    @pytest.mark.parametrize(("reading", "expected"), [(MountainReading.HEXSIDE, 2), (MountainReading.HEX, 1)])
    def test_mountain_hex_reading(self, reading: MountainReading, expected: int) -> None:
        """'Across Mountains' is a hexside by default; the 'hex' reading keeps ZOC out of mountain hexes too."""
        board = HexMap(hexes=(Hex("a", 0, 0), Hex("m", 1, 0, terrain=Terrain.MOUNTAIN)))
        assert len(zoc_hexes(board.index, 0, ZocReadings(mountains=reading))) == expected


class TestEzoc:
    def test_only_ground_units_create_zoc(self) -> None:
        """Air units create no ZOC, so no EZOC for the other side."""
        result = run("zoc", {"map": _row(), "units": [_unit("s1", "A3", "soviets", kind="air"), _unit("g1", "A0")]})
        assert isinstance(result, ZocResult)
        assert result.ezoc[Faction.AXIS] == () and "s1" not in result.zoc

    def test_ezoc_is_the_zoc_of_every_other_player(self) -> None:
        """EZOC for a faction is the union of the other factions' ground ZOC (8.1)."""
        result = run("zoc", {"map": _row(), "units": [_unit("s1", "A3", "soviets"), _unit("g1", "A0")]})
        assert isinstance(result, ZocResult)
        assert result.ezoc[Faction.AXIS] == ("A2", "A3", "A4", "B3", "B4")
        assert result.ezoc[Faction.SOVIETS] == ("A0", "A1", "B1")


ENEMY = _unit("s1", "A4", "soviets")


class TestMovementPhase:
    def test_must_stop_on_entering_ezoc(self) -> None:
        """A unit that did not begin in EZOC stops on entering it and cannot go on (8.1.1)."""
        verdict = _query([_unit("g1", "A0"), ENEMY], ["A1", "A2", "A3", "A4"])
        assert (verdict.allowed, verdict.entered, verdict.stops_at, verdict.must_stop, verdict.blocked_at) == (
            False,
            ("A1", "A2", "A3"),
            "A3",
            True,
            "A4",
        )
        assert [step.rule for step in verdict.steps][-2:] == ["us.8-1-1.movement-phase", "us.8-1-1"]

    def test_friendly_unit_in_the_hex_lets_it_go_on(self) -> None:
        """Another friendly unit in the EZOC hex lifts the obligation to stop."""
        verdict = _query([_unit("g1", "A0"), _unit("g2", "A3"), ENEMY], ["A1", "A2", "A3", "B3"])
        assert verdict.allowed and verdict.entered == ("A1", "A2", "A3", "B3") and not verdict.must_stop
        verdict = _query(
            [_unit("g1", "A0"), _unit("g2", "A3"), ENEMY, _unit("s2", "B4", "soviets")], ["A1", "A2", "A3", "B3"]
        )
        assert verdict.allowed and verdict.stops_at == "B3" and verdict.must_stop

    def test_friendly_marker_does_not(self) -> None:
        """Markers never negate EZOC (8.1)."""
        verdict = _query(
            [_unit("g1", "A0"), ENEMY],
            ["A1", "A2", "A3", "B3"],
            markers=[{"kind": "logistics", "hex": "A3", "faction": "axis"}],
        )
        assert not verdict.allowed and verdict.stops_at == "A3"

    def test_overrun_against_every_creator(self) -> None:
        """An Overrun against the unit creating the EZOC lifts the stop;
        against only some of its creators it does not.
        """
        units = [_unit("g1", "A0"), ENEMY, _unit("s2", "B4", "soviets")]
        assert _query(units, ["A1", "A2", "A3"], overrun=["s1"]).must_stop
        verdict = _query(units, ["A1", "A2", "A3", "B3"], overrun=["s1", "s2"])
        assert verdict.allowed and verdict.entered == ("A1", "A2", "A3", "B3") and not verdict.must_stop

    def test_leaving_ezoc_to_a_free_hex(self) -> None:
        """A unit beginning in EZOC may move out of it."""
        verdict = _query([_unit("g1", "A3"), ENEMY], ["A2", "A1"])
        assert verdict.allowed and not verdict.must_stop and verdict.stops_at == "A1"

    def test_ezoc_directly_to_ezoc_stops_at_once(self) -> None:
        """From EZOC directly into another EZOC is allowed, and the unit stops there."""
        verdict = _query([_unit("g1", "A3"), ENEMY, _unit("s2", "B2", "soviets")], ["B3", "B2"])
        assert (verdict.entered, verdict.must_stop, verdict.blocked_at) == (("B3",), True, "B2")

    def test_mud_hex_with_ezoc_cannot_be_left(self) -> None:
        """In mud a unit cannot move out of a hex containing EZOC (8.1.1 Mud, 11.2)."""
        verdict = _query([_unit("g1", "A3"), ENEMY], ["A2"], weather="mud")
        assert (verdict.allowed, verdict.entered, verdict.stops_at) == (False, (), "A3")
        assert {"us.8-1-1.mud", "us.11-2"} <= {step.rule for step in verdict.steps}

    @pytest.mark.parametrize(("weather", "entry"), [("storm", "us.11-3"), ("snow", "us.11-4")])
    def test_storm_and_snow_stop_after_leaving(self, weather: str, entry: str) -> None:
        """In storms or snow a unit stops after moving out of a hex containing EZOC."""
        verdict = _query([_unit("g1", "A3"), ENEMY], ["A2", "A1"], weather=weather)
        assert (verdict.entered, verdict.stops_at, verdict.blocked_at) == (("A2",), "A2", "A1")
        assert {"us.8-1-1.storms-snow", entry} <= {step.rule for step in verdict.steps}

    @pytest.mark.parametrize("weather", ["storm", "snow"])
    def test_storm_and_snow_stop_on_entering_even_with_a_friend(self, weather: str) -> None:
        """The storm/snow stop has no friendly-unit exception."""
        verdict = _query([_unit("g1", "A0"), _unit("g2", "A3"), ENEMY], ["A1", "A2", "A3", "B3"], weather=weather)
        assert verdict.stops_at == "A3" and not verdict.allowed


class TestOtherActions:
    @pytest.mark.parametrize(("start", "path", "blocked"), [("A0", ["A1", "A2", "A3"], "A3"), ("A3", ["A2"], "A2")])
    def test_reserve_movement_neither_into_nor_out_of_ezoc(self, start: str, path: list[str], blocked: str) -> None:
        """In the Reserve Movement Phase units cannot move into or out of a hex containing EZOC."""
        verdict = _query([_unit("g1", start), ENEMY], path, action="reserve-movement")
        assert not verdict.allowed and verdict.blocked_at == blocked
        assert verdict.steps[-1].rule == "us.8-1-1.reserve-movement-phase"

    @pytest.mark.parametrize(("friend", "allowed"), [(False, False), (True, True)])
    def test_retreat_into_ezoc_needs_a_friend(self, friend: bool, allowed: bool) -> None:
        """A unit cannot retreat into EZOC unless another friendly unit is in that hex."""
        units = [_unit("g1", "A2"), ENEMY] + ([_unit("g2", "A3")] if friend else [])
        verdict = _query(units, ["A3"], action="retreat", weather="mud")
        assert verdict.allowed is allowed
        assert "us.11-2" in {step.rule for step in verdict.steps}

    def test_advance_stops_in_ezoc(self) -> None:
        """An advance stops on entering EZOC unless a friendly unit is there."""
        assert _query([_unit("g1", "A1"), ENEMY], ["A2", "A3"], action="advance").stops_at == "A3"
        assert not _query([_unit("g1", "A1"), ENEMY], ["A2", "A3", "B3"], action="advance").allowed
        assert _query([_unit("g1", "A1"), _unit("g2", "A3"), ENEMY], ["A2", "A3", "B3"], action="advance").allowed

    @pytest.mark.parametrize(("weather", "allowed"), [("mud", False), ("storm", True), ("snow", True), ("clear", True)])
    def test_advance_and_weather(self, weather: str, allowed: bool) -> None:
        """No advance into a mud hex (11.2); storms and snow do not affect the advance (11.3, 11.4)."""
        assert _query([_unit("g1", "A0")], ["A1", "A2"], action="advance", weather=weather).allowed is allowed

    def test_supply_line_through_ezoc(self) -> None:
        """A supply line cannot pass EZOC unless another friendly unit is in the hex; a marker is not enough."""
        assert not _query([_unit("g1", "A0"), ENEMY], ["A1", "A2", "A3"], action="supply-line").allowed
        assert _query([_unit("g1", "A0"), _unit("g2", "A3"), ENEMY], ["A1", "A2", "A3"], action="supply-line").allowed
        logistics = [{"kind": "logistics", "hex": "A3", "faction": "axis"}]
        assert not _query(
            [_unit("g1", "A0"), ENEMY], ["A1", "A2", "A3"], action="supply-line", markers=logistics
        ).allowed


class TestScenarioErrors:
    def test_bad_queries_are_named(self) -> None:
        """Unknown units, air units, unknown or non-adjacent hexes and friendly overrun targets are each reported."""
        data = {
            "map": _row(),
            "units": [_unit("g1", "A0"), _unit("a1", "A1", kind="air"), ENEMY],
            "queries": [
                {"unit": "x9", "action": "movement", "path": ["A1"]},
                {"unit": "a1", "action": "movement", "path": ["A2"]},
                {"unit": "g1", "action": "movement", "path": ["A2"]},
                {"unit": "g1", "action": "movement", "path": ["A1", "Q9"], "overrun": ["a1"]},
            ],
        }
        with pytest.raises(InvalidScenario) as caught:
            from_plain(ZocScenario, data)
        assert [str(error) for error in caught.value.errors] == [
            "queries.0.unit: unknown unit; expected the id of one of the units (got 'x9')",
            "queries.1.unit: EZOC effects concern ground units; 'a1' is an air unit",
            "queries.2.path.0: each hex must be adjacent to the one before ('A0') (got 'A2')",
            "queries.3.path.1: unknown hex (got 'Q9')",
            "queries.3.overrun.0: an enemy unit's id (got 'a1')",
        ]

    def test_trace_cites_the_mountain_reading(self) -> None:
        """When mountains are on the map the trace states the reading used."""
        data = {
            "map": {**_row(), "hexsides": [{"between": ["A0", "A1"], "feature": "mountain"}]},
            "units": [_unit("g1", "A0")],
        }
        result = evaluate_zoc(from_plain(ZocScenario, data))
        assert result.trace.steps[0].rule == "us.5" and "mountain hexsides" in result.trace.steps[0].text
        assert Action.MOVEMENT.value == "movement"
