"""Scenario files (YAML or JSON) → adjudicator calculators, and results → text or JSON.

The scenario format of each calculator is its frozen dataclass in
``adjudicator/``; this module only reads files, picks the calculator, turns
:class:`adjudicator.plain.InvalidScenario` into a :class:`ScenarioFileError`
that names the file, and formats results for the terminal. ``rulebook schema``
takes the JSON Schema of each scenario type from :func:`scenario_schemas`.
"""

from __future__ import annotations

import ast
import dataclasses
import inspect
import json
import textwrap
from functools import cache
from pathlib import Path
from types import GenericAlias
from typing import TYPE_CHECKING, Any, cast

from pydantic import ConfigDict, TypeAdapter
from pydantic.json_schema import GenerateJsonSchema, JsonSchemaValue
from pydantic_core import core_schema
from ruamel.yaml import YAML
from ruamel.yaml.error import YAMLError

from adjudicator.errors import AdjudicatorError
from adjudicator.messages import ENGLISH, TRACE_HEADING, Language
from adjudicator.plain import to_plain
from adjudicator.registry import Result, calculators, run
from rulebook.errors import ScenarioFileError

if TYPE_CHECKING:
    from typing_extensions import TypeForm

__all__ = [
    "describe_result",
    "evaluate",
    "inherited_field_docstrings",
    "read_scenario_file",
    "result_document",
    "scenario_schema",
    "scenario_schemas",
]


def read_scenario_file(path: Path) -> dict[str, Any]:
    """The plain data of a ``.yaml``/``.yml``/``.json`` scenario file."""
    try:
        text = path.read_text(encoding="utf-8")
    except OSError as error:
        raise ScenarioFileError(f"{path}: cannot read the scenario file ({error.strerror})") from None
    try:
        data = json.loads(text) if path.suffix == ".json" else YAML(typ="safe").load(text)
    except (ValueError, YAMLError) as error:
        kind = "JSON" if path.suffix == ".json" else "YAML"
        raise ScenarioFileError(f"{path}: malformed {kind}: {error}") from None
    if not isinstance(data, dict):
        raise ScenarioFileError(f"{path}: a scenario must be a mapping of fields (got {type(data).__name__})")
    return data


def evaluate(name: str, data: dict[str, Any], origin: str = "scenario") -> Result:
    """Run calculator ``name`` on plain ``data``; every error line names ``origin`` (a file or example id)."""
    try:
        return run(name, data)
    except AdjudicatorError as error:
        raise ScenarioFileError("\n".join(f"{origin}: {line}" for line in str(error).splitlines())) from None


def result_document(result: Result, language: Language = ENGLISH) -> dict[str, Any]:
    """The result as JSON-ready data; the trace steps carry their text in ``language`` (English by default)."""
    document: dict[str, Any] = to_plain(result, language)
    return document


def describe_result(result: Result, language: Language = ENGLISH) -> str:
    """The result for the terminal: the answer, then each step with the rule it cites, in ``language``."""
    lines = [language.render(line) for line in result.summary_messages()]
    if len(result.trace):
        lines.append("")
        lines.append(language.translate(TRACE_HEADING))
        for number, step in enumerate(result.trace, start=1):
            lines.append(f"{number:3}. {step.render(language)}  [{step.rule}]")
    return "\n".join(lines)


_WITH_FIELD_DOCSTRINGS = ConfigDict(use_attribute_docstrings=True)


@cache
def inherited_field_docstrings(cls: type[Any]) -> dict[str, str]:
    """The docstring under each field of a dataclass and of its dataclass bases (the subclass's own wins).

    pydantic reads the docstrings of the class's own source only, so a scenario that extends
    another (a dice replay of a battle) would lose the descriptions of the fields it inherits.

    >>> from adjudicator.battle.scenario import ReplayScenario
    >>> inherited_field_docstrings(ReplayScenario)["round_limit"]
    'The battle stops, undecided, after this round.'
    """
    found: dict[str, str] = {}
    for klass in reversed(cls.__mro__):
        if not dataclasses.is_dataclass(klass):
            continue
        try:
            tree = ast.parse(textwrap.dedent(inspect.getsource(klass)))
        except (OSError, TypeError):  # no source (a class made at run time): nothing to add
            continue
        body = tree.body[0].body if tree.body and isinstance(tree.body[0], ast.ClassDef) else []
        for statement, following in zip(body, body[1:]):
            if (
                isinstance(statement, ast.AnnAssign)
                and isinstance(statement.target, ast.Name)
                and isinstance(following, ast.Expr)
                and isinstance(following.value, ast.Constant)
                and isinstance(following.value.value, str)
            ):
                found[statement.target.id] = inspect.cleandoc(following.value.value)
    return found


class _WithInheritedDocstrings(GenerateJsonSchema):
    """pydantic's schema generator, with the docstrings of inherited dataclass fields as descriptions."""

    def dataclass_schema(self, schema: core_schema.DataclassSchema) -> JsonSchemaValue:
        json_schema = super().dataclass_schema(schema)
        # Held as plain ``type``: mypy takes ``type[Any]`` for unhashable (python/mypy#11470), which the cache rejects.
        dataclass: type = schema["cls"]
        docstrings = inherited_field_docstrings(dataclass)
        for name, field_schema in json_schema.get("properties", {}).items():
            if "description" not in field_schema and name in docstrings:
                field_schema["description"] = docstrings[name]
        # what the dataclass accepts besides its fields (a map's regions and printed hex numbers): adjudicator.plain
        extend = getattr(dataclass, "extend_json_schema", None)
        if extend is not None:
            extend(json_schema)
        return json_schema


def scenario_schema(scenario: type[Any]) -> dict[str, Any]:
    """JSON Schema of one scenario dataclass, each field described by its docstring in ``adjudicator/``.

    pydantic takes no config for a dataclass itself (the adjudicator stays free of pydantic), but
    nested dataclasses inherit the config of a container: the schema is made for a list of scenarios
    and the item taken out.

    >>> from adjudicator.battle.scenario import BattleScenario
    >>> schema = scenario_schema(BattleScenario)
    >>> schema["title"], "items" in schema, "BattleScenario" in schema["$defs"]
    ('BattleScenario', False, False)
    >>> schema["properties"]["round_limit"]["description"]
    'The battle stops, undecided, after this round.'
    >>> schema["$defs"]["BattleSide"]["description"]  # a nested dataclass keeps its class docstring
    'One side of a battle.'
    """
    # ``list[scenario]``: the item type is a run-time value, which no static type (nor mypy's ``[]``) can name.
    items = cast("TypeForm[list[Any]]", GenericAlias(list, (scenario,)))
    wrapped = TypeAdapter(items, config=_WITH_FIELD_DOCSTRINGS).json_schema(schema_generator=_WithInheritedDocstrings)
    definitions: dict[str, Any] = wrapped["$defs"]
    name = wrapped["items"]["$ref"].rsplit("/", 1)[-1]
    root: dict[str, Any] = dict(definitions[name])
    # A dataclass that refers to itself (none does today) keeps its definition for the $ref.
    if f'"#/$defs/{name}"' not in json.dumps(
        {key: value for key, value in definitions.items() if key != name}
    ) and f'"#/$defs/{name}"' not in json.dumps(root):
        del definitions[name]
    if definitions:
        root["$defs"] = definitions
    return root


def scenario_schemas() -> dict[str, Any]:
    """JSON Schema of every calculator's scenario, keyed ``scenario.<name>``."""
    return {
        f"scenario.{name}": scenario_schema(calculator.scenario) for name, calculator in sorted(calculators().items())
    }
