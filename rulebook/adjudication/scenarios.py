"""Scenario files (YAML or JSON) → adjudicator calculators, and results → text or JSON.

The scenario format of each calculator is its frozen dataclass in
``adjudicator/``; this module only reads files, picks the calculator, turns
:class:`adjudicator.plain.InvalidScenario` into a :class:`ScenarioFileError`
that names the file and the line and column of each problem's node (through
:mod:`rulebook.adjudication.positions`), and formats results for the terminal. ``rulebook schema``
takes the JSON Schema of each scenario type from :func:`scenario_schemas`.
"""

from __future__ import annotations

import ast
import dataclasses
import gc
import inspect
import json
import sys
from collections.abc import Mapping
from contextlib import AbstractContextManager, nullcontext
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from types import GenericAlias
from typing import TYPE_CHECKING, Any, cast

import yaml
from pydantic import TypeAdapter
from pydantic.json_schema import GenerateJsonSchema, JsonSchemaValue
from pydantic_core import core_schema
from ruamel.yaml import YAML
from ruamel.yaml.error import MarkedYAMLError, YAMLError

from adjudicator.errors import AdjudicatorError, ScenarioError
from adjudicator.limits import MAX_SCENARIO_BYTES, json_integer, json_too_deep_at, line_and_column, too_deep, too_large
from adjudicator.meaning import MEANING
from adjudicator.messages import ENGLISH, TRACE_HEADING, AnswerLanguage, Table
from adjudicator.plain import InvalidScenario, PlainHooks, to_plain
from adjudicator.registry import Result, calculators, prepare
from rulebook.adjudication.catalog import MEANING_KEY, apply_catalog
from rulebook.adjudication.positions import ScenarioPositions, from_json_text, from_yaml_node
from rulebook.content.yamlio import FastReadRefused, ScenarioLoader, yaml_limit
from rulebook.errors import ScenarioFileError

if TYPE_CHECKING:
    from typing_extensions import TypeForm

    from rulebook.content.model import CatalogCard

__all__ = [
    "MEANING_KEY",
    "ScenarioFile",
    "describe_result",
    "evaluate",
    "inherited_field_docstrings",
    "load_scenario_file",
    "read_scenario_file",
    "result_document",
    "scenario_schema",
    "scenario_schemas",
    "table_lines",
]


@dataclass(frozen=True)
class ScenarioFile:
    """A scenario file read: its plain data and where each of its nodes stands (for problem lines)."""

    path: Path
    data: dict[str, Any]
    positions: ScenarioPositions


def load_scenario_file(path: Path) -> ScenarioFile:
    """Read a ``.yaml``/``.yml``/``.json`` scenario file, keeping the line and column of every node.

    A syntax error is a :class:`ScenarioFileError` naming the file, the line and column and the
    parser's own problem (and what it was reading, for YAML), without the parser's advice on
    how to silence its checks. The reading limits of :mod:`adjudicator.limits` hold: the file is
    read up to :data:`~adjudicator.limits.MAX_SCENARIO_BYTES` and no further, and its nesting
    depth and YAML aliases are counted before a node is built. The text is parsed once, by a
    C-accelerated parser; the places of its nodes are worked out only when a problem needs one.
    """
    text = _read_text(path)
    if not text.strip():
        raise ScenarioFileError(f"{path}:1:1: {_EMPTY}")
    if path.suffix == ".json":
        data, positions = _read_json(path, text)
    else:
        data, positions = _read_yaml(path, text)
    if data is None:
        raise ScenarioFileError(f"{path}:1:1: {_EMPTY}")
    if not isinstance(data, dict):
        raise ScenarioFileError(
            f"{path}:{positions.locate('')}: a scenario must be a mapping of fields (got {type(data).__name__})"
        )
    return ScenarioFile(path, data, positions)


_EMPTY = (
    "the scenario file is empty (or holds only comments): write the calculator's fields into it "
    "(`rulebook schema scenario.NAME` lists them)"
)


def _read_text(path: Path) -> str:
    """The file's text, read up to the size limit and no further (``/dev/zero`` never ends)."""
    try:
        with path.open("rb") as stream:
            raw = stream.read(MAX_SCENARIO_BYTES + 1)
    except OSError as error:
        raise ScenarioFileError(f"{path}: cannot read the scenario file ({error.strerror})") from None
    if len(raw) > MAX_SCENARIO_BYTES:
        raise ScenarioFileError(f"{path}:1:1: {too_large(len(raw)).detail}")
    try:
        return raw.decode("utf-8")
    except UnicodeDecodeError as error:
        raise ScenarioFileError(
            f"{path}: the file is not UTF-8 ({error.reason} at byte {error.start}); save it as UTF-8"
        ) from None


def _read_json(path: Path, text: str) -> tuple[Any, ScenarioPositions]:
    deep = json_too_deep_at(text)
    if deep is not None:
        line, column = line_and_column(text, deep)
        raise ScenarioFileError(f"{path}:{line}:{column}: {too_deep().detail}")
    try:
        data = json.loads(text, parse_int=json_integer)
    except json.JSONDecodeError as error:
        raise ScenarioFileError(f"{path}:{error.lineno}:{error.colno}: malformed JSON: {error.msg}") from None
    return data, from_json_text(text)


def _read_yaml(path: Path, text: str) -> tuple[Any, ScenarioPositions]:
    limit = yaml_limit(text, integers=False)
    if limit is not None:
        raise ScenarioFileError(f"{path}:{limit}")
    loader = ScenarioLoader(text)
    # Many nodes are made and none is garbage until the end: collecting meanwhile only costs time.
    collecting = gc.isenabled()
    gc.disable()
    try:
        node = loader.get_single_node()
        data = None if node is None else loader.construct_document(node)
    except FastReadRefused:
        # A merge key or a duplicate key: ruamel.yaml reads YAML 1.2's answer, or says what is wrong.
        return _read_yaml_round_trip(path, text, node)
    except yaml.MarkedYAMLError as error:
        raise ScenarioFileError(f"{path}:{_yaml_problem(error)}") from None
    except yaml.YAMLError as error:  # not tied to a place in the text
        raise ScenarioFileError(f"{path}: malformed YAML: {error}") from None
    finally:
        loader.dispose()
        if collecting:
            gc.enable()
    return data, from_yaml_node(node)


def _read_yaml_round_trip(path: Path, text: str, node: Any) -> tuple[Any, ScenarioPositions]:
    try:
        data = YAML(typ="safe").load(text)
    except MarkedYAMLError as error:
        raise ScenarioFileError(f"{path}:{_yaml_problem(error)}") from None
    except YAMLError as error:
        raise ScenarioFileError(f"{path}: malformed YAML: {error}") from None
    return data, from_yaml_node(node)


def _yaml_problem(error: MarkedYAMLError | yaml.MarkedYAMLError) -> str:
    """``line:column: malformed YAML: problem (context at line:column)`` from a parser's error."""
    mark = error.problem_mark or error.context_mark
    where = f"{mark.line + 1}:{mark.column + 1}" if mark is not None else ""
    problem = error.problem or error.context or "invalid YAML"
    context = ""
    if error.problem and error.context:
        at = error.context_mark
        context = f" ({error.context}" + (f" at {at.line + 1}:{at.column + 1})" if at is not None else ")")
    return f"{where}: malformed YAML: {problem}{context}"


def read_scenario_file(path: Path) -> dict[str, Any]:
    """The plain data of a ``.yaml``/``.yml``/``.json`` scenario file (see :func:`load_scenario_file`)."""
    return load_scenario_file(path).data


def evaluate(
    name: str,
    data: dict[str, Any],
    origin: str = "scenario",
    positions: ScenarioPositions | None = None,
    within: str = "",
    catalog: Mapping[str, CatalogCard] | None = None,
    language: AnswerLanguage = ENGLISH,
    computing: AbstractContextManager[object] | None = None,
) -> Result:
    """Run calculator ``name`` on plain ``data``; every problem is raised at once as :class:`ScenarioFileError`.

    Each problem line names ``origin`` (a file or example id); with the file's ``positions`` it
    reads ``file:line:column: path: message``. ``within`` is where the scenario sits in its file
    (a worked example's ``scenario``): the paths printed, and looked up, start with it. With a
    card ``catalog``, the cards the scenario names by catalog id get the values it leaves out
    (:func:`rulebook.adjudication.catalog.apply_catalog`). The problems are in ``language``.
    The calculation itself, once the scenario is valid, runs inside ``computing`` (the CLI's
    progress line: :class:`rulebook.adjudication.progress.ProgressLine`).
    """
    problems: list[ScenarioError] = []
    if catalog is not None:
        data, problems = apply_catalog(name, data, catalog)
    try:
        calculator, scenario = prepare(name, data)
        with computing or nullcontext():
            result = calculator.evaluate(scenario)
    except InvalidScenario as invalid:
        problems = [*problems, *invalid.errors]
    except ScenarioError as error:
        problems = [*problems, error]
    except AdjudicatorError as error:
        raise ScenarioFileError("\n".join(f"{origin}: {line}" for line in str(error).splitlines())) from None
    else:
        if not problems:
            return result
    lines = []
    for problem in problems:
        path = f"{within}.{problem.path}" if within and problem.path else within or problem.path
        where = origin if positions is None else f"{origin}:{positions.locate(path)}"
        detail = problem.detail_in(language)
        lines.append(f"{where}: {path}: {detail}" if path else f"{where}: {detail}")
    raise ScenarioFileError("\n".join(lines))


def result_document(result: Result, language: AnswerLanguage = ENGLISH) -> dict[str, Any]:
    """The result as JSON-ready data; the trace steps carry their text in ``language`` (English by default)."""
    document: dict[str, Any] = to_plain(result, language)
    return document


def describe_result(result: Result, language: AnswerLanguage = ENGLISH) -> str:
    """The result for the terminal: the answer, its tables, then each step with the rule it cites, in ``language``."""
    lines = [language.render(line) for line in result.summary_messages()]
    for table in result.tables():
        lines.append("")
        lines.extend(table_lines(table, language))
    if len(result.trace):
        lines.append("")
        lines.append(language.translate(TRACE_HEADING))
        for number, step in enumerate(result.trace, start=1):
            lines.append(f"{number:3}. {step.render(language)}  [{step.rule}]")
    return "\n".join(lines)


def table_lines(table: Table, language: AnswerLanguage = ENGLISH) -> list[str]:
    """A table for the terminal in ``language``: its caption, then the headings and the rows in right-aligned columns.

    >>> from adjudicator.messages import Message
    >>> table = Table("Rounds", ("Round", "Still on"), ((Message("{n}", {"n": 1}), Message("{p:.1%}", {"p": 0.5})),))
    >>> print("\\n".join(table_lines(table)))
    Rounds
    Round  Still on
        1     50.0%
    """
    cells = [[language.translate(heading) for heading in table.headings]]
    cells += [[language.render(cell) for cell in row] for row in table.rows]
    widths = [max(len(row[column]) for row in cells) for column in range(len(table.headings))]
    rows = ["  ".join(text.rjust(width) for text, width in zip(row, widths)) for row in cells]
    return [language.translate(table.caption), *rows]


@cache
def _field_docstrings_of_module(module_name: str) -> dict[str, dict[str, str]]:
    """The docstring under each field of every class in a module, by the class's qualified name.

    The module's source is parsed once for all its classes: ``inspect.getsource(cls)`` on Python
    3.11 parses the whole module again for each class it is asked about, which made the calculators'
    schemas take 2 s of every site build."""
    module = sys.modules.get(module_name)
    if module is None:
        return {}
    try:
        tree = ast.parse(inspect.getsource(module))
    except (OSError, TypeError):  # no source (a module made at run time): nothing to add
        return {}
    found: dict[str, dict[str, str]] = {}

    def visit(body: list[ast.stmt], prefix: str) -> None:
        for node in body:
            if not isinstance(node, ast.ClassDef):
                continue
            docstrings: dict[str, str] = {}
            for statement, following in zip(node.body, node.body[1:]):
                if (
                    isinstance(statement, ast.AnnAssign)
                    and isinstance(statement.target, ast.Name)
                    and isinstance(following, ast.Expr)
                    and isinstance(following.value, ast.Constant)
                    and isinstance(following.value.value, str)
                ):
                    docstrings[statement.target.id] = inspect.cleandoc(following.value.value)
            # The first class of a name wins, as inspect.getsource finds it.
            found.setdefault(prefix + node.name, docstrings)
            visit(node.body, f"{prefix}{node.name}.")

    visit(tree.body, "")
    return found


@cache
def inherited_field_docstrings(cls: type[Any]) -> dict[str, str]:
    """The docstring under each field of a dataclass and of its dataclass bases (the subclass's own wins).

    pydantic reads the docstrings of the class's own source only, so a scenario that extends
    another (a dice replay of a battle) would lose the descriptions of the fields it inherits;
    and it reads them by parsing the class's module once per class. The schemas take every
    field's description from here instead (:class:`_WithInheritedDocstrings`).

    >>> from adjudicator.battle.scenario import ReplayScenario
    >>> inherited_field_docstrings(ReplayScenario)["round_limit"]
    'The battle stops, undecided, after this round.'
    """
    found: dict[str, str] = {}
    for klass in reversed(cls.__mro__):
        if dataclasses.is_dataclass(klass):
            found.update(_field_docstrings_of_module(klass.__module__).get(klass.__qualname__, {}))
    return found


class _WithInheritedDocstrings(GenerateJsonSchema):
    """pydantic's schema generator: each dataclass field described by its docstring (its own or inherited)."""

    def dataclass_schema(self, schema: core_schema.DataclassSchema) -> JsonSchemaValue:
        json_schema = super().dataclass_schema(schema)
        # Held as plain ``type``: mypy takes ``type[Any]`` for unhashable (python/mypy#11470), which the cache rejects.
        dataclass: type = schema["cls"]
        docstrings = inherited_field_docstrings(dataclass)
        meanings = {
            field.name: field.metadata[MEANING] for field in dataclasses.fields(dataclass) if MEANING in field.metadata
        }
        for name, field_schema in json_schema.get("properties", {}).items():
            if "description" not in field_schema and name in docstrings:
                field_schema["description"] = docstrings[name]
            if name in meanings:
                # What the field means to a player (adjudicator.meaning): the forms pick their inputs by it.
                field_schema[MEANING_KEY] = meanings[name].schema()
        if issubclass(dataclass, PlainHooks):
            # what the dataclass accepts besides its fields (a map's regions and printed hex numbers)
            dataclass.extend_json_schema(json_schema)
        return json_schema


def scenario_schema(scenario: type[Any]) -> dict[str, Any]:
    """JSON Schema of one scenario dataclass, each field described by its docstring in ``adjudicator/``.

    The schema is made for a list of scenarios and the item taken out, its shared definitions
    (``$defs``) after its own keys. The fields' descriptions come from
    :func:`inherited_field_docstrings`, not from pydantic's ``use_attribute_docstrings``.

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
    wrapped = TypeAdapter(items).json_schema(schema_generator=_WithInheritedDocstrings)
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
