"""Mutated scenarios of every calculator never crash, hang or exhaust the machine (a Hypothesis property).

Each example takes a scenario of one registered calculator — a worked example's
(``content/*/examples``) or one made from the calculator's JSON Schema
(:func:`rulebook.adjudication.scenarios.scenario_schema`) — and mutates it: a wrong type, a
missing or unknown field, an extreme or non-finite number, deep nesting, a huge string,
garbage. :func:`adjudicator.web.evaluate_json` must answer with JSON that a strict parser
reads, either ``ok`` or errors that each have a path and a message, within the deadline; the
CLI (``rulebook adjudicate``, in a subprocess under a memory limit) must exit 0 or 2 without a
traceback, its YAML mutations including aliases and garbage bytes.

``make test`` runs a small fixed budget; ``RULEBOOK_FUZZ=long`` runs 10,000 examples of the
page's entry point and 100 of the CLI's.
"""

from __future__ import annotations

import json
import os
import resource
import subprocess
import sys
from datetime import timedelta
from functools import cache
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from adjudicator import web
from adjudicator.registry import calculators
from rulebook.adjudication.scenarios import scenario_schema
from rulebook.content.yamlio import read_yaml_text
from tests.conftest import REPOSITORY

LONG = os.environ.get("RULEBOOK_FUZZ", "") == "long"
PAGE_EXAMPLES = 10_000 if LONG else 120
CLI_EXAMPLES = 100 if LONG else 3
DEADLINE = timedelta(seconds=30)
"""The most one example may take on a loaded 2-core machine; a hang or a runaway goes far past it."""
CLI_DEADLINE = timedelta(seconds=120)
"""The most one CLI run may take: a subprocess imports the whole tool, which takes half a minute on a 2-core
machine under a load of twenty; a hang still goes far past it."""
MEMORY_LIMIT = 1_500_000_000
"""Bytes of address space a CLI run may take."""


def fuzz(examples: int, deadline: timedelta = DEADLINE) -> settings:
    """The settings of a fuzz test: its budget, the deadline, fixed examples unless the long profile runs."""
    return settings(
        max_examples=examples,
        deadline=deadline,
        suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large, HealthCheck.filter_too_much],
        derandomize=not LONG,
        database=None,
    )


@cache
def base_scenarios() -> dict[str, list[dict[str, Any]]]:
    """Every calculator's worked examples' scenarios and one made from its schema."""
    found: dict[str, list[dict[str, Any]]] = {name: [] for name in calculators()}
    for path in sorted((REPOSITORY / "content").glob("*/examples/*.yaml")):
        example = read_yaml_text(path.read_text(encoding="utf-8"))
        name = example.get("calculator")
        if name in found and isinstance(example.get("scenario"), dict):
            found[name].append(example["scenario"])
    for name, calculator in calculators().items():
        schema = scenario_schema(calculator.scenario)
        found[name].append(_from_schema(schema, schema, 0))
    return found


def _from_schema(schema: dict[str, Any], root: dict[str, Any], depth: int) -> Any:
    """A small value that fits ``schema`` (its required fields only)."""
    if "$ref" in schema:
        return _from_schema(root["$defs"][schema["$ref"].rsplit("/", 1)[-1]], root, depth + 1)
    for key in ("anyOf", "oneOf", "allOf"):
        if key in schema:
            return _from_schema(schema[key][0], root, depth + 1)
    if "enum" in schema:
        return schema["enum"][0]
    if "const" in schema:
        return schema["const"]
    kind = schema.get("type")
    if kind == "object" or "properties" in schema:
        if depth > 8:
            return {}
        return {
            name: _from_schema(schema["properties"][name], root, depth + 1)
            for name in schema.get("required", [])
            if name in schema.get("properties", {})
        }
    return {"array": [], "string": "x", "integer": 1, "number": 1.0, "boolean": False, "null": None}.get(str(kind))


NASTY: list[Any] = [
    None,
    True,
    -1,
    0,
    10**6,
    10**40,
    -(10**40),
    0.5,
    1e300,
    "",
    "x" * 20_000,
    "a\x00b",
    "\u202e\ufeff",
    [],
    [[[]]],
    {},
    {"": None},
    {"rect": ["0101", "9999"]},
]
"""Values put in place of a field: wrong types, extremes, garbage."""


DEEP = "\u2063deep\u2063"
"""Stands for a list nested :data:`DEEP_LEVELS` deep, written into the JSON text (``json.dumps`` would recurse)."""
DEEP_LEVELS = 5_000


def _text(scenario: Any) -> str:
    """The scenario as JSON text, each :data:`DEEP` a list nested thousands deep."""
    text = json.dumps(scenario, ensure_ascii=False)
    return text.replace(json.dumps(DEEP, ensure_ascii=False), "[" * DEEP_LEVELS + "1" + "]" * DEEP_LEVELS)


def _paths(data: Any, prefix: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    """Every path to a value inside ``data`` (dict keys and list indexes), a dozen levels deep at most."""
    found = [prefix]
    if len(prefix) > 12:
        return found
    if isinstance(data, dict):
        for key, value in data.items():
            found.extend(_paths(value, (*prefix, key)))
    elif isinstance(data, list):
        for index, value in enumerate(data[:20]):
            found.extend(_paths(value, (*prefix, index)))
    return found


def _replace(data: Any, path: tuple[Any, ...], value: Any, delete: bool = False) -> Any:
    if not path:
        return value
    head, rest = path[0], path[1:]
    copy: Any = dict(data) if isinstance(data, dict) else list(data)
    if not rest and delete:
        del copy[head]
        return copy
    copy[head] = _replace(copy[head], rest, value, delete) if rest else value
    return copy


@st.composite
def mutated(draw: st.DrawFn) -> tuple[str, Any]:
    """A calculator's name and one of its scenarios with one to three mutations."""
    name = draw(st.sampled_from(sorted(base_scenarios())))
    scenario: Any = json.loads(json.dumps(draw(st.sampled_from(base_scenarios()[name])), default=str))
    for _ in range(draw(st.integers(1, 3))):
        paths = _paths(scenario)
        path = draw(st.sampled_from(paths))
        action = draw(st.sampled_from(["replace", "replace", "replace", "delete", "add", "deep", "number"]))
        if action == "delete" and path:
            scenario = _replace(scenario, path, None, delete=True)
        elif action == "add" and any(_is_dict_at(scenario, p) for p in paths):
            target = draw(st.sampled_from([p for p in paths if _is_dict_at(scenario, p)]))
            key = draw(st.sampled_from(["unknown", "runs", "units", "flags", "map", "hexes", "1", ""]))
            scenario = _replace(scenario, (*target, key), draw(st.sampled_from(NASTY)))
        elif action == "deep":
            scenario = _replace(scenario, path, draw(st.sampled_from([DEEP, json.loads("[" * 12 + "1" + "]" * 12)])))
        elif action == "number":
            number = draw(st.sampled_from([float("nan"), float("inf"), float("-inf"), -(2**63), 2**63, 1e-320]))
            scenario = _replace(scenario, path, number)
        else:
            scenario = _replace(scenario, path, draw(st.sampled_from(NASTY)))
    return name, scenario


def _is_dict_at(data: Any, path: tuple[Any, ...]) -> bool:
    for part in path:
        data = data[part]
    return isinstance(data, dict)


def _strict(text: str) -> Any:
    def refuse(constant: str) -> None:
        raise AssertionError(f"not JSON: {constant}")

    return json.loads(text, parse_constant=refuse)


@fuzz(PAGE_EXAMPLES)
@given(mutated())
def test_page_answers_every_mutated_scenario(case: tuple[str, Any]) -> None:
    """``evaluate_json`` answers strict JSON: ``ok``, or errors that each name a path and a message."""
    name, scenario = case
    answer = _strict(web.evaluate_json(name, _text(scenario)))
    assert isinstance(answer, dict)
    if answer["ok"]:
        assert isinstance(answer["summary"], list)
    else:
        assert answer["errors"], answer
        for error in answer["errors"]:
            assert isinstance(error["path"], str) and error["message"], error
            assert "could not answer this scenario" not in error["message"], (name, scenario, error)


GARBAGE = st.binary(min_size=1, max_size=300)


@st.composite
def yaml_files(draw: st.DrawFn) -> tuple[str, bytes]:
    """A calculator and a YAML file: a mutated scenario, an alias bomb, or bytes with garbage in them."""
    name, scenario = draw(mutated())
    text = _text(scenario)  # JSON is YAML
    kind = draw(st.sampled_from(["json-as-yaml", "aliases", "garbage", "truncated"]))
    if kind == "aliases":
        levels = draw(st.integers(2, 12))
        lines = ["a0: &a0 [x, x, x, x, x, x, x, x, x]"]
        lines += [f"a{n}: &a{n} [{', '.join([f'*a{n - 1}'] * 9)}]" for n in range(1, levels)]
        field = draw(st.sampled_from(sorted(scenario) if isinstance(scenario, dict) and scenario else ["x"]))
        return name, ("\n".join(lines) + f"\n{field}: *a{levels - 1}\n").encode()
    raw = text.encode("utf-8", "surrogatepass")
    if kind == "garbage":
        at = draw(st.integers(0, len(raw)))
        return name, raw[:at] + draw(GARBAGE) + raw[at:]
    if kind == "truncated":
        return name, raw[: draw(st.integers(0, len(raw)))]
    return name, raw


def _limit_memory() -> None:
    resource.setrlimit(resource.RLIMIT_AS, (MEMORY_LIMIT, MEMORY_LIMIT))


@pytest.fixture(scope="module")
def scenario_folder(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return tmp_path_factory.mktemp("fuzz")


def test_cli_answers_every_mutated_file(scenario_folder: Path) -> None:
    """``rulebook adjudicate`` exits 0 with strict JSON or 2 with a located problem, never a traceback."""

    @fuzz(CLI_EXAMPLES, CLI_DEADLINE)
    @given(yaml_files())
    def check(case: tuple[str, bytes]) -> None:
        name, raw = case
        file = scenario_folder / "scenario.yaml"
        file.write_bytes(raw)
        completed = subprocess.run(
            [sys.executable, "-m", "rulebook.cli", "adjudicate", name, "--scenario", str(file), "--json"],
            capture_output=True,
            text=True,
            timeout=CLI_DEADLINE.total_seconds(),
            preexec_fn=_limit_memory,
            check=False,
        )
        assert "Traceback" not in completed.stderr, completed.stderr[-3000:]
        assert completed.returncode in (0, 2), completed.stderr[-3000:]
        if completed.returncode == 0:
            assert isinstance(_strict(completed.stdout)["summary"], list)
        else:
            assert completed.stderr.startswith(f"rulebook adjudicate: {file}"), completed.stderr[:500]

    check()
