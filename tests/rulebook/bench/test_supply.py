"""Tests of :mod:`rulebook.bench.supply`: the synthetic maps are valid and exercise every part of the supply search.

Nothing is timed.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from adjudicator.unconditional_surrender.supply import LegKind, evaluate_supply
from rulebook.bench import BENCHMARKS
from rulebook.bench.supply import synthetic_scenario
from rulebook.cli import main


class TestSyntheticScenario:
    def test_registered(self) -> None:
        """`rulebook bench supply` runs this module's function."""
        assert BENCHMARKS["supply"] == "rulebook.bench.supply:bench_supply"

    def test_a_small_map_has_rails_sea_boxes_and_a_front(self) -> None:
        """On a small synthetic map some units are supplied by rail, by sea or through a box, and some are cut off."""
        scenario = synthetic_scenario(40, 30, 120)
        assert len(scenario.map.hexes) == 1200 and len(scenario.units) == 120
        result = evaluate_supply(scenario)
        kinds = {step.kind for item in result.items for step in item.path}
        assert {LegKind.TRANSPORT_LINE, LegKind.FREE, LegKind.OFF_MAP_BOX} <= kinds
        assert 0 < sum(result.supplied.values()) < len(result.supplied)

    def test_reproducible(self) -> None:
        """The same seed gives the same map and units."""
        assert synthetic_scenario(20, 20, 10, seed=7) == synthetic_scenario(20, 20, 10, seed=7)


class TestCommandLine:
    def test_adjudicate_supply_json(self, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
        """`rulebook adjudicate supply --json` prints each unit's supply, path and the cited trace."""
        scenario = {
            "map": {
                "countries": [{"id": "germany", "faction": "axis"}],
                "hexes": [
                    {"id": "a", "q": 0, "r": 0, "country": "germany", "city": "Berlin"},
                    {"id": "b", "q": 1, "r": 0, "country": "germany"},
                ],
            },
            "units": [{"id": "g1", "hex": "b", "faction": "axis", "nationality": "germany"}],
        }
        path = tmp_path / "scenario.json"
        path.write_text(json.dumps(scenario), encoding="utf-8")
        assert main(["adjudicate", "supply", "--scenario", str(path), "--json"]) == 0
        document = json.loads(capsys.readouterr().out)
        assert document["supplied"] == {"g1": True}
        assert document["items"][0]["path"] == [{"node": "b", "kind": "start"}, {"node": "a", "kind": "free"}]
        assert {step["rule"] for step in document["trace"]["steps"]} >= {"us.10-1.city", "us.10-2"}

    def test_schemas_of_the_hex_calculators(self, capsys: pytest.CaptureFixture[str]) -> None:
        """`rulebook schema` includes the scenario formats of supply, zoc, stacking and weather."""
        assert main(["schema"]) == 0
        document = json.loads(capsys.readouterr().out)
        assert {"scenario.supply", "scenario.zoc", "scenario.stacking", "scenario.weather"} <= set(document)
        assert "hexes" in json.dumps(document["scenario.supply"])

    def test_bad_map_is_reported_without_traceback(self, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
        """A unit on an unknown hex is named with the file, line and column, and the command exits 2 (bad input)."""
        path = tmp_path / "bad.yaml"
        path.write_text(
            "map: {hexes: [{id: a, q: 0, r: 0}], countries: [{id: germany, faction: axis}]}\n"
            "units: [{id: g1, hex: zz, faction: axis, nationality: germany}]\n",
            encoding="utf-8",
        )
        assert main(["adjudicate", "supply", "--scenario", str(path)]) == 2
        assert (
            f"{path}:2:23: units.0.hex: unit 'g1' is on an unknown hex; "
            "expected a hex or off-map box of the map (got 'zz')" in capsys.readouterr().err
        )
