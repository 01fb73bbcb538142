"""The adjudicator gives the same answers under Pyodide (Python 3.14, WebAssembly) as here.

Every worked example's scenario, and a few bad scenarios, are evaluated by
:func:`adjudicator.web.evaluate_json` both in this CPython and in Pyodide run by
Node.js from ``node_modules`` (installed by ``make setup`` from package-lock.json,
offline at run time). This is the code the site's calculator pages run: once from the
sources on Pyodide's whole standard library, and once from the runtime a build writes
(``rulebook.site.runtime``: the adjudicator's bytecode zip on the trimmed
``python_stdlib.zip``, the generated code of dataclasses compiled by the build), loaded as
a calculator page's worker (``web/calculator-worker.js``) loads it, with every language's catalog.
"""

from __future__ import annotations

import json
import math
import shutil
import subprocess
import zipfile
from pathlib import Path
from typing import Any

import pytest

from adjudicator.web import evaluate_json
from rulebook.adjudication.catalog import runnable_scenario
from rulebook.adjudication.forms import page_catalog_json
from rulebook.content.model import LANGUAGES, Corpus
from rulebook.site.runtime import adjudicator_modules, stdlib_module, write_runtime
from tests.conftest import REPOSITORY, require

RUNNER = Path(__file__).with_name("pyodide_run.mjs")
BAD_CALLS: list[dict[str, Any]] = [
    {"name": "no-such-calculator", "scenario": {}},
    {"name": "no-such-calculator", "scenario": []},
]


def _same(left: Any, right: Any) -> bool:
    if isinstance(left, float) or isinstance(right, float):
        return (
            isinstance(left, (int, float))
            and isinstance(right, (int, float))
            and math.isclose(left, right, rel_tol=1e-12, abs_tol=1e-15)
        )
    if isinstance(left, dict) and isinstance(right, dict):
        return left.keys() == right.keys() and all(_same(left[k], right[k]) for k in left)
    if isinstance(left, list) and isinstance(right, list):
        return len(left) == len(right) and all(_same(a, b) for a, b in zip(left, right))
    return bool(left == right)


@pytest.mark.parametrize("loaded", ["sources", "site runtime"])
def test_pyodide_matches_cpython(real_corpus: Corpus, loaded: str, tmp_path: Path) -> None:
    """Each example scenario gives the same JSON answer in Pyodide as in CPython, in the page's runtime too."""
    node = shutil.which("node")
    require(node is not None, "node is not installed")
    assert node is not None
    require(
        (REPOSITORY / "node_modules" / "pyodide" / "pyodide.asm.wasm").is_file(),
        "node_modules/pyodide missing: run make setup",
    )
    corpus = real_corpus
    calls: list[dict[str, Any]] = [
        {"name": e.calculator, "scenario": runnable_scenario(e, corpus)}
        for e in sorted(corpus.examples, key=lambda e: e.id)
    ] + BAD_CALLS
    files = {
        str(path.relative_to(REPOSITORY)): path.read_text(encoding="utf-8")
        for path in adjudicator_modules(REPOSITORY / "adjudicator")
    }
    request: dict[str, Any] = {"files": files, "calls": calls}
    if loaded == "site runtime":
        catalogs = {str(code): page_catalog_json(REPOSITORY / "locales", str(code)) for code in LANGUAGES}
        write_runtime(
            tmp_path, REPOSITORY / "node_modules", REPOSITORY / "adjudicator", REPOSITORY / "web", {}, catalogs
        )
        request |= {"runtime": str(tmp_path / "_runtime"), "languages": list(catalogs.values())}
    completed = subprocess.run(
        [node, str(RUNNER)],
        input=json.dumps(request),
        capture_output=True,
        text=True,
        cwd=REPOSITORY,
        timeout=300,
        check=False,
    )
    assert completed.returncode == 0, completed.stderr[-2000:]
    answer: dict[str, Any] = json.loads(completed.stdout)
    assert answer["python"].startswith("3.14")
    for call, in_browser in zip(calls, answer["results"]):
        here = json.loads(evaluate_json(call["name"], json.dumps(call["scenario"])))
        assert _same(json.loads(in_browser), here), call["name"]
    assert len(answer["results"]) == len(calls)
    if loaded == "site runtime":
        # Every example ran in every language; only the two bad calls fail, in each.
        assert answer["translated"].count(False) == len(LANGUAGES) * len(BAD_CALLS)
        assert len(answer["translated"]) == len(LANGUAGES) * len(calls)
        with zipfile.ZipFile(tmp_path / "_runtime" / "pyodide" / "python_stdlib.zip") as library:
            shipped = {stdlib_module(name) for name in library.namelist()}
        assert "email" not in answer["modules"] and "json" in shipped
        # Every dataclass and namedtuple the examples made ran the build's code: none compiled here.
        assert answer["generated"]["misses"] == 0 and answer["generated"]["hits"] > 100, answer["generated"]
