"""The shape of the code: a game-agnostic core, one package per game, no import cycle.

Imports are read from the source with :mod:`ast`, module-level ones and those under
``if TYPE_CHECKING:`` alike; an import inside a function is a deliberate late import
(e.g. :func:`adjudicator.battle.scenario.rules_for` reaching the registry) and is not an edge.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

from adjudicator.registry import calculators, rule_packages
from tests.conftest import REPOSITORY

CORE = {
    "__init__",
    "checks",
    "dice",
    "errors",
    "limits",
    "meaning",
    "messages",
    "missing",
    "plain",
    "progress",
    "registry",
    "trace",
    "web",
}
"""The adjudicator's top-level modules: none of them holds a game's rules."""
GAMES = {"axis_and_allies_2e", "hell_of_a_war", "operation_ww2", "strategic_europe", "unconditional_surrender"}
PACKAGES = ("adjudicator", "rulebook")
GENERIC_LAYERS = ("rulebook.content", "rulebook.site", "rulebook.translation", "rulebook.adjudication", "rulebook.cli")
"""The layers of rulebook that name no game: a game reaches them only through its plug-in's declared hooks."""
GAME_PLUGINS = "rulebook.games"
"""The games' content plug-ins (:mod:`rulebook.content.plugins`), found by the registry, never imported by name."""


def _module_name(path: Path) -> str:
    parts = list(path.relative_to(REPOSITORY).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def _modules() -> dict[str, Path]:
    return {
        _module_name(path): path
        for package in PACKAGES
        for path in sorted((REPOSITORY / package).rglob("*.py"))
        if "__pycache__" not in path.parts
    }


def _top_level_statements(tree: ast.Module) -> list[ast.stmt]:
    """Module-level statements, with the bodies of ``if`` blocks (``TYPE_CHECKING``) and ``try`` included."""
    found: list[ast.stmt] = []
    pending: list[ast.stmt] = list(tree.body)
    while pending:
        statement = pending.pop(0)
        found.append(statement)
        if isinstance(statement, ast.If):
            pending[:0] = [*statement.body, *statement.orelse]
        elif isinstance(statement, ast.Try):
            pending[:0] = [*statement.body, *statement.orelse, *statement.finalbody]
    return found


def _imports(name: str, path: Path, known: set[str]) -> set[str]:
    """The project modules ``name`` imports at module level (``from pkg import submodule`` counts as the submodule)."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    targets: set[str] = set()
    for statement in _top_level_statements(tree):
        if isinstance(statement, ast.Import):
            targets.update(alias.name for alias in statement.names)
        elif isinstance(statement, ast.ImportFrom):
            base = statement.module or ""
            if statement.level:
                anchor = package.split(".")[: len(package.split(".")) - statement.level + 1]
                base = ".".join([*anchor, base] if base else anchor)
            for alias in statement.names:
                submodule = f"{base}.{alias.name}"
                targets.add(submodule if submodule in known else base)
    return {target for target in targets if target in known and target != name}


@pytest.fixture(scope="module")
def graph() -> dict[str, set[str]]:
    modules = _modules()
    return {name: _imports(name, path, set(modules)) for name, path in modules.items()}


def test_adjudicator_top_level_is_the_core() -> None:
    """`adjudicator/*.py` holds only the game-agnostic core; each game's rules live in its package."""
    assert {path.stem for path in (REPOSITORY / "adjudicator").glob("*.py")} == CORE
    folders = {
        path.name for path in (REPOSITORY / "adjudicator").iterdir() if path.is_dir() and path.name != "__pycache__"
    }
    assert folders == GAMES | {"battle"}


def test_no_import_cycle(graph: dict[str, set[str]]) -> None:
    """No module of adjudicator/ or rulebook/ imports itself through others."""
    state: dict[str, int] = {}
    cycles: list[list[str]] = []

    def visit(node: str, trail: list[str]) -> None:
        state[node] = 1
        for target in sorted(graph[node]):
            if state.get(target) == 1:
                cycles.append([*trail[trail.index(target) :], target] if target in trail else [node, target])
            elif target not in state:
                visit(target, [*trail, target])
        state[node] = 2

    for module in sorted(graph):
        if module not in state:
            visit(module, [module])
    assert cycles == []


def test_core_and_engine_import_no_game(graph: dict[str, set[str]]) -> None:
    """The core and the battle engine know no game; games do not import each other.

    The adjudicator never imports rulebook.
    """
    for module, targets in graph.items():
        if not module.startswith("adjudicator"):
            continue
        assert not any(target.startswith("rulebook") for target in targets), module
        own = module.split(".")[1] if module.count(".") >= 1 else None
        games_imported = {
            target.split(".")[1] for target in targets if target.count(".") >= 1 and target.split(".")[1] in GAMES
        }
        if own in GAMES:
            assert games_imported <= {own}, module
        else:
            assert games_imported == set(), module


def test_every_game_package_registers_its_calculators() -> None:
    """The registry finds every game package and the battle engine.

    Each calculator has a label and belongs to its package's game.
    """
    packages = {package.__name__.split(".")[1]: package for package in rule_packages()}
    assert set(packages) == GAMES | {"battle"}
    for name, package in packages.items():
        assert package.CALCULATORS, name
        if name in GAMES:
            assert all(package.GAME in calculator.games for calculator in package.CALCULATORS), name
    assert all(calculator.label and calculator.label != calculator.name for calculator in calculators().values())


def _within(module: str, package: str) -> bool:
    return module == package or module.startswith(package + ".")


def game_imports(graph: dict[str, set[str]]) -> dict[str, set[str]]:
    """Each module of the generic layers with the game modules it imports: a game's adjudicator package or plug-in."""
    found: dict[str, set[str]] = {}
    for module, targets in graph.items():
        if not any(_within(module, layer) for layer in GENERIC_LAYERS):
            continue
        games = {
            target
            for target in targets
            if _within(target, GAME_PLUGINS) or any(_within(target, f"adjudicator.{game}") for game in GAMES)
        }
        if games:
            found[module] = games
    return found


def test_the_generic_layers_import_no_game(graph: dict[str, set[str]]) -> None:
    """rulebook's content, site, translation, adjudication and CLI import no game package and no game's plug-in.

    A game contributes through the declared hooks of :class:`rulebook.content.plugins.GameContent`;
    ``rulebook/bench/`` may name games (a benchmark is of one calculator).
    """
    assert game_imports(graph) == {}


def test_a_game_imported_by_a_generic_layer_is_found(tmp_path: Path) -> None:
    """The check fails on a generic module that imports a game, at module level or for type checking.

    The rest of rulebook (the plug-ins, the benchmarks) and the shared battle engine may be imported.
    """
    source = tmp_path / "model.py"
    source.write_text(
        "from typing import TYPE_CHECKING\n"
        "from adjudicator.hell_of_a_war.vocabulary import CardKind\n"
        "if TYPE_CHECKING:\n"
        "    from rulebook.games import unconditional_surrender\n"
        "def late() -> None:\n"
        "    from adjudicator.operation_ww2 import GAME\n",
        encoding="utf-8",
    )
    known = {
        "adjudicator.hell_of_a_war.vocabulary",
        "adjudicator.operation_ww2",
        "rulebook.games",
        "rulebook.games.unconditional_surrender",
    }
    edges = _imports("rulebook.content.model", source, known)
    assert edges == {"adjudicator.hell_of_a_war.vocabulary", "rulebook.games.unconditional_surrender"}
    synthetic = {
        "rulebook.content.model": edges,
        "rulebook.cli": {"rulebook.games", "rulebook.content.plugins"},
        "rulebook.site.cards": {"adjudicator.battle.engine", "rulebook.content.plugins"},
        "rulebook.games.hell_of_a_war": {"adjudicator.hell_of_a_war.vocabulary"},
        "rulebook.bench.stack": {"adjudicator.hell_of_a_war.action_stack"},
        "rulebook.contents_extra": {"adjudicator.strategic_europe"},
    }
    assert game_imports(synthetic) == {"rulebook.content.model": edges, "rulebook.cli": {"rulebook.games"}}
