"""Tests of :mod:`rulebook.bench.battle`: the benchmark reports every battle, its Monte Carlo time and dropped mass.

No timing is asserted. The four big battles are replaced by small ones of the same kinds
(a land battle keeping a land unit, one with an anti-aircraft gun, a sea battle of every type
with technologies, an amphibious assault with bombardment) so that the test runs the whole benchmark, the
Pyodide run in chromium included, in seconds.
"""

from __future__ import annotations

import shutil
from typing import Any

import pytest

from rulebook.bench import BENCHMARKS, battle, run_benchmark
from rulebook.bench.browser import CHROMIUM, PROJECT_ROOT
from tests.conftest import require

SMALL_BATTLES: dict[str, dict[str, Any]] = {
    "BATTLE_150_MIXED_AA": {
        "game": "axis-and-allies-2e",
        "attacker": {"units": {"infantry": 3, "armor": 2, "fighter": 2, "bomber": 1}},
        "defender": {"units": {"infantry": 4, "armor": 2, "fighter": 2, "aa-gun": 1}},
    },
    "LAND_500": {
        "game": "axis-and-allies-2e",
        "attacker": {"units": {"infantry": 3, "armor": 2, "fighter": 1}, "keep_land_units": 1},
        "defender": {"units": {"infantry": 3, "armor": 2, "fighter": 1}},
    },
    "SEA_100": {
        "game": "axis-and-allies-2e",
        "kind": "sea",
        "attacker": {
            "units": {"battleship": 1, "submarine": 2, "fighter": 1, "bomber": 1},
            "technologies": ["heavy-bombers", "super-submarines"],
        },
        "defender": {"units": {"carrier": 1, "submarine": 1, "fighter": 2}, "technologies": ["jet-fighters"]},
    },
    "AMPHIBIOUS_100": {
        "game": "axis-and-allies-2e",
        "kind": "amphibious",
        "attacker": {"units": {"infantry": 3, "armor": 2, "battleship": 1}},
        "defender": {"units": {"infantry": 4, "armor": 1}},
    },
}


def test_reports_every_battle_with_its_monte_carlo_and_dropped_mass(monkeypatch: pytest.MonkeyPatch) -> None:
    """Every figure is there; each exact solve drops at most 1e-12; the 40-vs-40 methods agree; Pyodide answers."""
    require(CHROMIUM.is_file(), f"{CHROMIUM} is not installed")
    require(shutil.which("node") is not None, "node is not installed")
    require((PROJECT_ROOT / "node_modules" / "pyodide" / "pyodide.asm.wasm").is_file(), "run make setup")
    for name, small in SMALL_BATTLES.items():
        monkeypatch.setattr(battle, name, small)
    assert BENCHMARKS["battle"] == "rulebook.bench.battle:bench_battle"
    figures = run_benchmark("battle")
    big = ("exact_150_mixed_aa", "exact_sea_100", "exact_amphibious_100")
    assert set(figures) == {
        "exact_seconds",
        "exact_first_seconds",
        "monte_carlo_seconds",
        "monte_carlo_runs",
        "max_abs_diff",
        "exact_100_seconds",
        "exact_100_first_seconds",
        "monte_carlo_100_seconds",
        "exact_100_over_monte_carlo_100",
        "dropped_mass_100",
        "exact_land_500_seconds",
        "exact_land_500_first_seconds",
        "dropped_mass_land_500",
        "pyodide_exact_150_mixed_aa_seconds",
        *(f"{name}{suffix}" for name in big for suffix in ("_seconds", "_monte_carlo_seconds", "_over_monte_carlo")),
        *(f"{name}_dropped_mass" for name in big),
    }
    assert figures["monte_carlo_runs"] == 10_000
    assert 0 < figures["dropped_mass_100"] <= 1e-12
    assert 0 <= figures["dropped_mass_land_500"] <= 1e-12
    assert all(0 <= figures[f"{name}_dropped_mass"] <= 1e-12 for name in big)
    assert all(figures[f"{name}_monte_carlo_seconds"] > 0 for name in big)
    assert figures["pyodide_exact_150_mixed_aa_seconds"] > 0
    assert figures["max_abs_diff"] < 0.03
