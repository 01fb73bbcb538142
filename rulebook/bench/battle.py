"""Benchmark ``battle``: exact Axis & Allies battle odds against 10,000 Monte Carlo runs, and under Pyodide.

Each battle is evaluated in the same process by the exact solver and by the seeded Monte
Carlo of :mod:`adjudicator.battle.engine`:

``exact_seconds``, ``monte_carlo_seconds``, ``max_abs_diff``
    a 40-vs-40 mixed land/air attack (20 infantry, 10 armor, 6 fighters, 4 bombers against
    24 infantry, 8 armor, 6 fighters, 2 bombers); ``max_abs_diff`` is the largest absolute
    difference between the two answers in P(attacker wins), P(defender wins) and P(both
    destroyed); ``exact_first_seconds`` is the exact answer without the rounds
    (:func:`~adjudicator.battle.calculators.evaluate_battle_first`, what a page shows first);
``exact_100_seconds`` …
    70 infantry, 20 armor and 10 fighters a side (``exact_100_first_seconds`` without the rounds);
``exact_150_mixed_aa_seconds`` …
    150 v 150 on land, four types a side and an anti-aircraft gun: 60 infantry, 40 armor,
    30 fighters, 20 bombers against 70 infantry, 39 armor, 40 fighters and the gun;
``exact_sea_100_seconds`` …
    a sea battle of every naval and air type with technologies, 100 v 100 (heavy bombers and
    super submarines attack, jet fighters defend): attacking submarines fire first and neither
    side's submarines can hit aircraft;
``exact_amphibious_100_seconds`` …
    an amphibious assault, 100 v 100 with five battleships' bombardment whose casualties fire back;
``exact_land_500_seconds``, ``exact_land_500_first_seconds``, ``dropped_mass_land_500``
    500 v 500 on land (300 infantry, 150 armor, 50 fighters a side; the attacker keeps a land unit), the
    largest battle the exact odds take on loss counts (``EXACT_LOSS_COUNT_UNITS_PER_SIDE``); no Monte Carlo
    beside it (10,000 runs of it are past ``MONTE_CARLO_UNIT_RUNS``);
``pyodide_exact_150_mixed_aa_seconds``
    the 150-v-150 battle evaluated by :func:`adjudicator.web.evaluate_json` (what a calculator
    page runs) under Pyodide in Debian's chromium, from the adjudicator's sources: the time of
    the call alone, measured in the page once a one-v-one battle of the same game has loaded
    the modules it imports (wall-clock seconds of the page, not CPU seconds).

A battle past the exact odds' limits of :mod:`adjudicator.limits` (the 150-v-150 one: its anti-aircraft gun's
shot splits it into hundreds of battles, so 120 units a side)
is refused by the calculator as a player would see it: its exact figures (and the Pyodide one) are
``None`` and ``…_refused`` gives the refusal; its Monte Carlo time stands.

Each ``…_seconds`` figure comes with ``…_monte_carlo_seconds`` (the same battle, 10,000 runs),
their ratio ``…_over_monte_carlo`` and ``…_dropped_mass``: the probability the exact solve
dropped (states and hit-distribution tails below its threshold, and the bound on the
rounding of its packed fixed-point convolutions, reported by the solver). Times are CPU
seconds of this process (:func:`time.process_time`), so that other work on the machine
disturbs them less; the figures are printed, never asserted.
"""

from __future__ import annotations

import io
import json
import tempfile
import time
import zipfile
from pathlib import Path
from typing import Any

from adjudicator.battle.calculators import BattleResult, evaluate_battle, evaluate_battle_first
from adjudicator.battle.scenario import BattleScenario
from adjudicator.plain import InvalidScenario, from_plain
from rulebook.errors import RulebookError

__all__ = [
    "AMPHIBIOUS_100",
    "BATTLE",
    "BATTLE_100",
    "BATTLE_150_MIXED_AA",
    "LAND_500",
    "MONTE_CARLO_RUNS",
    "SEA_100",
    "bench_battle",
    "pyodide_seconds",
]

MONTE_CARLO_RUNS = 10_000

BATTLE: dict[str, Any] = {
    "game": "axis-and-allies-2e",
    "attacker": {"units": {"infantry": 20, "armor": 10, "fighter": 6, "bomber": 4}},
    "defender": {"units": {"infantry": 24, "armor": 8, "fighter": 6, "bomber": 2}},
}

BATTLE_100: dict[str, Any] = {
    "game": "axis-and-allies-2e",
    "attacker": {"units": {"infantry": 70, "armor": 20, "fighter": 10}},
    "defender": {"units": {"infantry": 70, "armor": 20, "fighter": 10}},
}

BATTLE_150_MIXED_AA: dict[str, Any] = {
    "game": "axis-and-allies-2e",
    "attacker": {"units": {"infantry": 60, "armor": 40, "fighter": 30, "bomber": 20}},
    "defender": {"units": {"infantry": 70, "armor": 39, "fighter": 40, "aa-gun": 1}},
}

LAND_500: dict[str, Any] = {
    "game": "axis-and-allies-2e",
    "attacker": {"units": {"infantry": 300, "armor": 150, "fighter": 50}, "keep_land_units": 1},
    "defender": {"units": {"infantry": 300, "armor": 150, "fighter": 50}},
}

SEA_100: dict[str, Any] = {
    "game": "axis-and-allies-2e",
    "kind": "sea",
    "attacker": {
        "units": {"battleship": 15, "carrier": 10, "transport": 10, "submarine": 25, "fighter": 30, "bomber": 10},
        "technologies": ["heavy-bombers", "super-submarines"],
    },
    "defender": {
        "units": {"battleship": 15, "carrier": 15, "transport": 10, "submarine": 30, "fighter": 30},
        "technologies": ["jet-fighters"],
    },
}

AMPHIBIOUS_100: dict[str, Any] = {
    "game": "axis-and-allies-2e",
    "kind": "amphibious",
    "attacker": {"units": {"infantry": 50, "armor": 25, "fighter": 15, "bomber": 5, "battleship": 5}},
    "defender": {"units": {"infantry": 60, "armor": 25, "fighter": 15}},
}

PAGE_TIMEOUT_MS = 900_000
"""How long the page may take to load Pyodide and answer the big battle."""

_PAGE = """<!doctype html>
<meta charset="utf-8">
<script src="pyodide/pyodide.js"></script>
<script>
window.benchmark = (async () => {
  const pyodide = await loadPyodide({ indexURL: "pyodide/" });
  const bundle = await (await fetch("adjudicator.zip")).arrayBuffer();
  pyodide.unpackArchive(bundle, "zip", { extractDir: "/home/pyodide" });
  pyodide.runPython("import sys; sys.path.insert(0, '/home/pyodide')");
  const web = pyodide.pyimport("adjudicator.web");
  const scenario = await (await fetch("scenario.json")).text();
  const warmUp = JSON.parse(scenario);
  warmUp.attacker.units = { infantry: 1 };
  warmUp.defender.units = { infantry: 1 };
  web.evaluate_json("battle", JSON.stringify(warmUp));
  const start = performance.now();
  const answer = JSON.parse(web.evaluate_json("battle", scenario));
  return { seconds: (performance.now() - start) / 1000, ok: answer.ok === true };
})();
</script>
"""


def _timed(battle: dict[str, Any], first: bool = False) -> tuple[BattleResult, float]:
    scenario = from_plain(BattleScenario, battle)
    start = time.process_time()
    result = evaluate_battle_first(scenario) if first else evaluate_battle(scenario)
    return result, time.process_time() - start


def _against_monte_carlo(name: str, battle: dict[str, Any]) -> dict[str, Any]:
    """``<name>_seconds`` exact, with the Monte Carlo time of the same battle, the ratio and the dropped mass.

    A battle past the exact odds' limits (:mod:`adjudicator.limits`) is refused by the calculator as it
    would be for a player: its exact figures are ``None`` and ``<name>_refused`` says why.
    """
    _, monte_carlo_seconds = _timed({**battle, "method": "monte-carlo", "runs": MONTE_CARLO_RUNS, "seed": 1})
    try:
        exact, exact_seconds = _timed(battle)
    except InvalidScenario as refused:
        return {
            f"{name}_seconds": None,
            f"{name}_monte_carlo_seconds": round(monte_carlo_seconds, 4),
            f"{name}_over_monte_carlo": None,
            f"{name}_dropped_mass": None,
            f"{name}_refused": str(refused),
        }
    return {
        f"{name}_seconds": round(exact_seconds, 4),
        f"{name}_monte_carlo_seconds": round(monte_carlo_seconds, 4),
        f"{name}_over_monte_carlo": round(exact_seconds / monte_carlo_seconds, 3),
        f"{name}_dropped_mass": float(f"{exact.pruned_probability:.3g}"),
    }


def pyodide_seconds(battle: dict[str, Any]) -> float:
    """Seconds of one exact ``battle`` evaluation under Pyodide in chromium (the call alone, measured in the page)."""
    from playwright.sync_api import sync_playwright

    from rulebook.bench.browser import CHROMIUM, CHROMIUM_ARGS, PROJECT_ROOT, serve_counting
    from rulebook.site.runtime import adjudicator_modules

    pyodide = PROJECT_ROOT / "node_modules" / "pyodide"
    if not CHROMIUM.is_file():
        raise RulebookError(f"{CHROMIUM} not found; install Debian's chromium (apt-get install -y chromium)")
    if not (pyodide / "pyodide.asm.wasm").is_file():
        raise RulebookError(f"{pyodide} is missing its wasm build; run make setup (npm ci)")
    with tempfile.TemporaryDirectory(prefix="rulebook-bench-pyodide-") as scratch:
        root = Path(scratch)
        (root / "pyodide").symlink_to(pyodide, target_is_directory=True)
        bundle = io.BytesIO()
        adjudicator = PROJECT_ROOT / "adjudicator"
        with zipfile.ZipFile(bundle, "w") as archive:
            for path in adjudicator_modules(adjudicator):
                archive.write(path, f"adjudicator/{path.relative_to(adjudicator).as_posix()}")
        (root / "adjudicator.zip").write_bytes(bundle.getvalue())
        (root / "scenario.json").write_text(json.dumps(battle), encoding="utf-8")
        (root / "index.html").write_text(_PAGE, encoding="utf-8")
        with serve_counting(root) as (url, _log), sync_playwright() as playwright:
            browser = playwright.chromium.launch(executable_path=str(CHROMIUM), args=CHROMIUM_ARGS)
            page = browser.new_page()
            page.set_default_timeout(PAGE_TIMEOUT_MS)
            page.goto(url + "index.html")
            measured = page.evaluate("window.benchmark")
            browser.close()
    if not measured["ok"]:
        raise RulebookError("the battle failed under Pyodide: run it in CPython to see the error")
    return float(measured["seconds"])


def _pyodide_figure(battle: dict[str, Any]) -> float | None:
    """The battle's seconds under Pyodide, or ``None`` where the calculator refuses its exact odds."""
    try:
        from_plain(BattleScenario, battle)
    except InvalidScenario:
        return None
    return round(pyodide_seconds(battle), 3)


def bench_battle() -> dict[str, Any]:
    """Time both methods on every battle, and the 150-v-150 one under Pyodide; return the figures."""
    sampled_options = {"method": "monte-carlo", "runs": MONTE_CARLO_RUNS, "seed": 1}
    exact, exact_seconds = _timed(BATTLE)
    _, exact_first_seconds = _timed(BATTLE, first=True)
    sampled, monte_carlo_seconds = _timed({**BATTLE, **sampled_options})
    exact_100, exact_100_seconds = _timed(BATTLE_100)
    _, exact_100_first_seconds = _timed(BATTLE_100, first=True)
    _, monte_carlo_100_seconds = _timed({**BATTLE_100, **sampled_options})
    land_500, land_500_seconds = _timed(LAND_500)
    _, land_500_first_seconds = _timed(LAND_500, first=True)
    fields = ("attacker_wins", "defender_wins", "both_destroyed")
    return {
        "exact_seconds": round(exact_seconds, 4),
        "exact_first_seconds": round(exact_first_seconds, 4),
        "monte_carlo_seconds": round(monte_carlo_seconds, 4),
        "monte_carlo_runs": MONTE_CARLO_RUNS,
        "max_abs_diff": round(max(abs(getattr(exact, name) - getattr(sampled, name)) for name in fields), 6),
        "exact_100_seconds": round(exact_100_seconds, 4),
        "exact_100_first_seconds": round(exact_100_first_seconds, 4),
        "monte_carlo_100_seconds": round(monte_carlo_100_seconds, 4),
        "exact_100_over_monte_carlo_100": round(exact_100_seconds / monte_carlo_100_seconds, 3),
        "dropped_mass_100": float(f"{exact_100.pruned_probability:.3g}"),
        "exact_land_500_seconds": round(land_500_seconds, 4),
        "exact_land_500_first_seconds": round(land_500_first_seconds, 4),
        "dropped_mass_land_500": float(f"{land_500.pruned_probability:.3g}"),
        **_against_monte_carlo("exact_150_mixed_aa", BATTLE_150_MIXED_AA),
        **_against_monte_carlo("exact_sea_100", SEA_100),
        **_against_monte_carlo("exact_amphibious_100", AMPHIBIOUS_100),
        "pyodide_exact_150_mixed_aa_seconds": _pyodide_figure(BATTLE_150_MIXED_AA),
    }
