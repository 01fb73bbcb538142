"""No function or method in ``rulebook/`` or ``adjudicator/`` runs over 100 lines.

A long function is split into named phases, each delegated to a small function (the way
MkDocs' ``commands/build.py`` reads). Lengths are read from the source with :mod:`ast`:
``end_lineno - lineno + 1`` of each ``def``, its docstring included, nested functions
measured on their own as well as inside their parent.
"""

from __future__ import annotations

import ast
from pathlib import Path

from tests.conftest import REPOSITORY

PACKAGES = ("adjudicator", "rulebook")
LONGEST = 100
"""The most lines a function may span, from its ``def`` to its last line."""


def _function_lengths(path: Path) -> list[tuple[int, str, int]]:
    """Each function of ``path`` as (first line, qualified name, length in lines)."""
    tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
    found: list[tuple[int, str, int]] = []

    def visit(node: ast.AST, prefix: str) -> None:
        for child in ast.iter_child_nodes(node):
            if isinstance(child, ast.FunctionDef | ast.AsyncFunctionDef):
                name = f"{prefix}{child.name}"
                end = child.end_lineno if child.end_lineno is not None else child.lineno
                found.append((child.lineno, name, end - child.lineno + 1))
                visit(child, f"{name}.")
            elif isinstance(child, ast.ClassDef):
                visit(child, f"{prefix}{child.name}.")
            else:
                visit(child, prefix)

    visit(tree, "")
    return found


def test_no_function_over_the_longest() -> None:
    """Every function and method of the two packages spans at most ``LONGEST`` lines."""
    too_long = [
        f"{path.relative_to(REPOSITORY)}:{line}:{name}:{length}"
        for package in PACKAGES
        for path in sorted((REPOSITORY / package).rglob("*.py"))
        if "__pycache__" not in path.parts
        for line, name, length in _function_lengths(path)
        if length > LONGEST
    ]
    assert not too_long, f"functions over {LONGEST} lines (split them into named phases):\n" + "\n".join(too_long)
