"""Worked examples: run each example's scenario and compare with what its source states.

An :class:`~rulebook.content.model.Example` names a calculator, a scenario and the
``expected`` outcome the source gives. ``expected`` is matched against the
result's plain data (:func:`rulebook.adjudication.scenarios.result_document`) *partially*:
every key it lists must be present and equal, keys it leaves out are not
checked; lists must match item by item; numbers match within ``1e-9`` unless the
expected value is written ``{"approx": x, "tolerance": t}``. A passing example
also has to cite only rule entries that exist.

Running a scenario is the slow part of a site build, and its result depends only
on the scenario and the code: :class:`ResultCache` keeps each result (as the JSON
document the pages show) under a key made of the calculator, the scenario and a
digest of every source file of ``adjudicator/`` and ``rulebook/adjudication/``,
so a rebuild after a text edit runs no scenario again. The comparison with the
stated outcome and the check of the cited entries are always made afresh.
"""

from __future__ import annotations

import hashlib
import json
import math
from collections.abc import Mapping
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path
from typing import Any

import yaml

from rulebook.adjudication.catalog import catalog_for, runnable_scenario
from rulebook.adjudication.positions import from_yaml_node
from rulebook.adjudication.scenarios import evaluate, result_document
from rulebook.content.model import CatalogCard, Corpus, Example
from rulebook.content.yamlio import compose_yaml_text
from rulebook.errors import RulebookError

__all__ = ["ExampleOutcome", "ResultCache", "code_digest", "compare", "run_example", "run_examples"]

DEFAULT_TOLERANCE = 1e-9


@dataclass(frozen=True)
class ExampleOutcome:
    """The verdict on one worked example."""

    example: Example
    status: str
    """``pass`` or ``fail``."""
    differences: list[str] = field(default_factory=list)
    """Why it failed: one line per mismatch (empty when it passed)."""
    result: dict[str, Any] = field(default_factory=dict)
    """The calculator's result as plain data (empty if the scenario did not run)."""

    @property
    def calculator(self) -> str:
        return self.example.calculator

    @property
    def trace(self) -> list[dict[str, Any]]:
        """The steps of the calculation: ``{"rule", "text", …}`` each."""
        steps: list[dict[str, Any]] = self.result.get("trace", {}).get("steps", [])
        return steps


def compare(expected: Any, actual: Any, path: str = "") -> list[str]:
    """Differences between an expected outcome and the actual result (partial match).

    >>> compare({"winner": "attacker", "rounds": [1, 2]}, {"winner": "defender", "rounds": [1, 2], "x": 0})
    ["winner: expected 'attacker', got 'defender'"]
    >>> compare({"p": {"approx": 0.5, "tolerance": 0.01}}, {"p": 0.504})
    []
    """
    where = path or "result"
    if isinstance(expected, dict) and set(expected) == {"approx", "tolerance"}:
        if not isinstance(actual, (int, float)) or isinstance(actual, bool):
            return [f"{where}: expected a number near {expected['approx']}, got {actual!r}"]
        if abs(actual - expected["approx"]) > expected["tolerance"]:
            return [f"{where}: expected {expected['approx']} ± {expected['tolerance']}, got {actual!r}"]
        return []
    if isinstance(expected, dict):
        if not isinstance(actual, dict):
            return [f"{where}: expected a mapping, got {actual!r}"]
        differences = []
        for key, value in expected.items():
            sub = f"{path}.{key}" if path else str(key)
            if key not in actual:
                differences.append(f"{sub}: expected {value!r}, but the result has no such field")
            else:
                differences.extend(compare(value, actual[key], sub))
        return differences
    if isinstance(expected, list):
        if not isinstance(actual, list) or len(actual) != len(expected):
            return [f"{where}: expected {expected!r}, got {actual!r}"]
        differences = []
        for index, (want, have) in enumerate(zip(expected, actual)):
            differences.extend(compare(want, have, f"{where}[{index}]"))
        return differences
    if isinstance(expected, float) or (isinstance(expected, int) and isinstance(actual, float)):
        if isinstance(actual, (int, float)) and not isinstance(actual, bool):
            if math.isclose(actual, expected, abs_tol=DEFAULT_TOLERANCE, rel_tol=DEFAULT_TOLERANCE):
                return []
    elif expected == actual and _json_kind(expected) is _json_kind(actual):
        return []
    return [f"{where}: expected {expected!r}, got {actual!r}"]


def _json_kind(value: Any) -> type:
    """The JSON type of a scalar: ``True`` is not ``1``, but round-trip YAML's ``ScalarInt`` is an int.

    ``ScalarInt`` is how round-trip YAML loads ``0``.
    """
    for kind in (bool, int, float, str):
        if isinstance(value, kind):
            return kind
    return type(value)


_CODE_PACKAGES = (
    Path(__file__).resolve().parent.parent.parent / "adjudicator",
    Path(__file__).resolve().parent,
)
"""The code a worked example's result depends on: the adjudicator and the scenario reading of this package."""


@cache
def code_digest() -> str:
    """SHA-256 of every Python file of the adjudicator and of ``rulebook/adjudication`` (path and bytes)."""
    digest = hashlib.sha256()
    for package in _CODE_PACKAGES:
        for path in sorted(package.rglob("*.py")):
            digest.update(str(path.relative_to(package.parent)).encode("utf-8") + b"\0")
            digest.update(path.read_bytes() + b"\0")
    return digest.hexdigest()


class ResultCache:
    """Results of worked-example scenarios kept in a JSON file, keyed by calculator, scenario and code digest.

    Entries made with other code are dropped when the cache is saved, so the file
    holds only what the current adjudicator would compute.
    """

    def __init__(self, path: Path) -> None:
        self.path = path
        self.code = code_digest()
        self.hits = 0
        self.misses = 0
        self._stored: dict[str, dict[str, Any]] = {}
        try:
            loaded = json.loads(path.read_text(encoding="utf-8"))
        except (OSError, ValueError):
            loaded = {}  # no cache yet, or an unreadable one: it is only a cache, start afresh
        if isinstance(loaded, dict) and loaded.get("code") == self.code and isinstance(loaded.get("results"), dict):
            self._stored = loaded["results"]
        self._used: dict[str, dict[str, Any]] = {}

    def key(self, example: Example, scenario: dict[str, Any] | None = None) -> str:
        """The key of ``scenario`` (by default the example's own; the one that runs when it names catalog cards)."""
        runs = example.scenario if scenario is None else scenario
        text = json.dumps([example.calculator, runs], sort_keys=True, ensure_ascii=False, default=str)
        return hashlib.sha256(f"{self.code}\0{text}".encode()).hexdigest()

    def get(self, example: Example, scenario: dict[str, Any] | None = None) -> dict[str, Any] | None:
        """The stored ``{"document": …, "rules": […]}`` for this example's scenario, if any."""
        key = self.key(example, scenario)
        found = self._stored.get(key)
        if found is None:
            self.misses += 1
        else:
            self.hits += 1
            self._used[key] = found
        return found

    def put(
        self, example: Example, document: dict[str, Any], rules: list[str], scenario: dict[str, Any] | None = None
    ) -> None:
        self._used[self.key(example, scenario)] = {"document": document, "rules": rules}

    def save(self) -> None:
        """Write the results used by this run (atomically: a reader never sees half a file)."""
        self.path.parent.mkdir(parents=True, exist_ok=True)
        temporary = self.path.with_name(self.path.name + ".tmp")
        temporary.write_text(
            json.dumps({"code": self.code, "results": self._used}, ensure_ascii=False), encoding="utf-8"
        )
        temporary.replace(self.path)


def run_example(
    example: Example, corpus: Corpus, results: ResultCache | None = None, file: Path | None = None
) -> ExampleOutcome:
    """Run one example (or take its result from ``results``) and judge it against its stated outcome.

    ``file`` is the content file the example was read from: a scenario that does not fit its
    calculator then names that file and the line:column of each problem (``scenario.…`` paths).
    """
    catalog = catalog_for(corpus, example.calculator)
    runs = runnable_scenario(example, corpus)
    stored = results.get(example, runs) if results is not None else None
    if stored is not None:
        document: dict[str, Any] = stored["document"]
        rules: list[str] = stored["rules"]
    else:
        try:
            result = evaluate(example.calculator, example.scenario, origin=f"example {example.id}", catalog=catalog)
        except RulebookError as error:
            return ExampleOutcome(example, "fail", _located_problems(example, file, error, catalog))
        # Through JSON, so a fresh result is the same data as one read back from the cache.
        document = json.loads(json.dumps(result_document(result), ensure_ascii=False))
        rules = list(result.trace.rules())
        if results is not None:
            results.put(example, document, rules, runs)
    differences = compare(example.expected, document)
    known = {entry.id for entry in corpus.entries}
    for rule in rules:
        if rule not in known:
            differences.append(f"trace cites unknown entry {rule!r}")
    return ExampleOutcome(example, "fail" if differences else "pass", differences, document)


def _located_problems(
    example: Example, file: Path | None, error: RulebookError, catalog: Mapping[str, CatalogCard]
) -> list[str]:
    """The problems of an example's scenario at their lines in ``file`` (as they are, without one)."""
    if file is None:
        return [str(error)]
    try:
        node = compose_yaml_text(file.read_text(encoding="utf-8"))
    except (OSError, ValueError, yaml.YAMLError):
        return [str(error)]  # the file changed or cannot be read again: the problems without lines
    if node is None:
        return [str(error)]
    try:
        evaluate(
            example.calculator,
            example.scenario,
            origin=str(file),
            positions=from_yaml_node(node),
            within="scenario",
            catalog=catalog,
        )
    except RulebookError as located:
        return str(located).splitlines()
    return [str(error)]


def run_examples(
    corpus: Corpus,
    entry: str | None = None,
    game: str | None = None,
    results: ResultCache | None = None,
    files: Mapping[str, Path] | None = None,
) -> list[ExampleOutcome]:
    """Run every example (optionally only those of one entry or one game), in id order.

    With ``results``, a scenario already run by the same code is not run again. ``files``
    (:attr:`rulebook.content.load.LoadResult.entry_files`) gives each example's content file, so a
    scenario problem names its line and column there.
    """
    selected = [
        example
        for example in sorted(corpus.examples, key=lambda e: e.id)
        if (entry is None or entry in example.entries) and (game is None or example.game == game)
    ]
    files = files or {}
    return [run_example(example, corpus, results, files.get(example.id)) for example in selected]
