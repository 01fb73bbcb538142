"""The registry's lookups that import one package only, so a calculator page's first answer imports little.

A calculator page hands :func:`adjudicator.web.evaluate_json` the package that registers
its calculator; the first answer then imports that package (and, for a battle, the game's)
instead of every game package. Checked in a fresh interpreter, whose ``sys.modules`` shows
what the lookups imported.
"""

from __future__ import annotations

import json
import subprocess
import sys
from importlib import import_module
from types import ModuleType

import pytest

import adjudicator.axis_and_allies_2e
import adjudicator.battle
import adjudicator.hell_of_a_war
import adjudicator.operation_ww2
import adjudicator.strategic_europe
import adjudicator.unconditional_surrender
from adjudicator import registry
from adjudicator.battle.scenario import BattleGamePackage, Game, rules_for
from adjudicator.registry import (
    GamePackage,
    RulePackage,
    calculator_packages,
    calculators,
    game_package,
    prepare,
    rule_packages,
)
from adjudicator.web import evaluate_json

# mypy checks each package against the exports it declares.
_BATTLE_ENGINE: RulePackage = adjudicator.battle
_GAMES: tuple[GamePackage, ...] = (
    adjudicator.axis_and_allies_2e,
    adjudicator.hell_of_a_war,
    adjudicator.operation_ww2,
    adjudicator.strategic_europe,
    adjudicator.unconditional_surrender,
)
_DICE_BATTLE_GAMES: dict[Game, BattleGamePackage] = {
    Game.AXIS_AND_ALLIES_2E: adjudicator.axis_and_allies_2e,
    Game.STRATEGIC_EUROPE: adjudicator.strategic_europe,
}

BATTLE = {
    "game": "axis-and-allies-2e",
    "attacker": {"units": {"infantry": 2, "armor": 1}},
    "defender": {"units": {"infantry": 2}},
}


def _imported_after(code: str) -> set[str]:
    """The ``adjudicator`` packages a fresh interpreter holds after running ``code``."""
    probe = f"{code}\nimport json, sys\nprint(json.dumps(sorted(m for m in sys.modules if m.count('.') == 1)))"
    completed = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, check=True)
    return {name for name in json.loads(completed.stdout.splitlines()[-1]) if name.startswith("adjudicator.")}


def test_every_calculator_is_registered_by_the_package_named_for_it() -> None:
    packages = calculator_packages()
    assert set(packages) == set(calculators())
    for name, package in packages.items():
        assert name in {calculator.name for calculator in import_module(package).CALCULATORS}


def test_a_battle_with_its_package_named_imports_no_other_game() -> None:
    imported = _imported_after(
        "import json\nfrom adjudicator.web import evaluate_json\n"
        f"answer = json.loads(evaluate_json('battle', {json.dumps(json.dumps(BATTLE))}, None, 'adjudicator.battle'))\n"
        "assert answer['ok'], answer"
    )
    games = {package.__name__ for package in rule_packages()} - {"adjudicator.battle"}
    assert "adjudicator.axis_and_allies_2e" in imported  # the battle's game: its combat rules
    assert imported & games == {"adjudicator.axis_and_allies_2e"}


def test_without_the_package_every_package_is_imported() -> None:
    imported = _imported_after(
        "import json\nfrom adjudicator.web import evaluate_json\n"
        f"assert json.loads(evaluate_json('battle', {json.dumps(json.dumps(BATTLE))}))['ok']"
    )
    assert {package.__name__ for package in rule_packages()} <= imported


@pytest.mark.parametrize("package", ["adjudicator.hell_of_a_war", "adjudicator.no_such_package", "adjudicator.dice"])
def test_a_wrong_package_still_finds_the_calculator(package: str) -> None:
    calculator, scenario = prepare("battle", BATTLE, package)
    assert calculator.name == "battle" and type(scenario).__name__ == "BattleScenario"
    assert json.loads(evaluate_json("battle", json.dumps(BATTLE), None, package))["ok"]


def test_an_unknown_calculator_is_still_reported_with_a_package_named() -> None:
    answer = json.loads(evaluate_json("no-such-calculator", "{}", None, "adjudicator.battle"))
    assert not answer["ok"] and answer["errors"][0]["message"].startswith("unknown calculator 'no-such-calculator'")


def test_every_game_package_is_found_by_its_game() -> None:
    for package in rule_packages():
        game = getattr(package, "GAME", None)
        if game is not None:
            assert game_package(game) is package


def test_the_packages_checked_by_mypy_are_every_package() -> None:
    """The packages above, which mypy checks against their protocols, are all the registry finds."""
    assert {package.__name__ for package in (_BATTLE_ENGINE, *_GAMES)} == {
        package.__name__ for package in rule_packages()
    }
    assert set(_DICE_BATTLE_GAMES) == set(Game)
    for game, package in _DICE_BATTLE_GAMES.items():
        assert rules_for(game) is package.BATTLE_RULES


@pytest.mark.parametrize(
    ("exports", "message"),
    [
        ({"GAME": "chess"}, r"adjudicator\.chess must export CALCULATORS, a tuple of Calculator \(got None\)"),
        (
            {"GAME": "chess", "CALCULATORS": ["stack"]},
            r"must export CALCULATORS, a tuple of Calculator \(got \['stack'\]\)",
        ),
        ({"CALCULATORS": ()}, r"adjudicator\.chess must export GAME, its game's id or None \(got None\)"),
        ({"CALCULATORS": (), "GAME": 3}, r"must export GAME, its game's id or None \(got 3\)"),
    ],
)
def test_a_package_that_lacks_a_declared_export_is_refused(exports: dict[str, object], message: str) -> None:
    """A package of adjudicator without its calculators or its game is an error naming what it lacks."""
    package = ModuleType("adjudicator.chess")
    vars(package).update(exports)
    with pytest.raises(TypeError, match=message):
        registry._declared(package)
