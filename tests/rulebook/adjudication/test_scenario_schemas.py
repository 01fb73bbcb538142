"""The scenario JSON Schemas: every field explained.

They are what ``rulebook schema scenario.<name>`` prints and what the calculator pages' forms are made from.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import pytest

from adjudicator.registry import calculators
from rulebook.adjudication.scenarios import inherited_field_docstrings, scenario_schema, scenario_schemas


def _undescribed(schema: dict[str, Any]) -> list[str]:
    """``Definition.field`` for every property of the schema and its $defs without a description."""
    parts = [(schema.get("title", "(root)"), schema), *schema.get("$defs", {}).items()]
    return [
        f"{name}.{key}"
        for name, part in parts
        for key, value in (part.get("properties") or {}).items()
        if not value.get("description")
    ]


@pytest.fixture(scope="module")
def schemas() -> dict[str, Any]:
    return scenario_schemas()


@pytest.mark.parametrize("name", sorted(calculators()))
def test_every_scenario_field_says_what_it_means(schemas: dict[str, Any], name: str) -> None:
    """The form shows each field's description under it: a field without a docstring in adjudicator/ fails here."""
    assert _undescribed(schemas[f"scenario.{name}"]) == []


def test_an_inherited_field_keeps_its_base_class_docstring() -> None:
    """A scenario that extends another (the battle replay) describes the fields it inherits, as its base does."""
    replay = scenario_schema(calculators()["battle-replay"].scenario)
    battle = scenario_schema(calculators()["battle"].scenario)
    assert replay["properties"]["round_limit"]["description"] == battle["properties"]["round_limit"]["description"]
    assert replay["properties"]["round_limit"]["description"] == "The battle stops, undecided, after this round."


@dataclass(frozen=True)
class _Base:
    size: int
    """Base docstring."""
    colour: str = "red"
    """Base colour."""


@dataclass(frozen=True)
class _Derived(_Base):
    colour: str = "blue"
    """The derived class's own words win."""
    extra: int = 0


def test_inherited_docstrings_follow_the_method_resolution_order() -> None:
    """Base fields keep their words, a redefined field takes the subclass's, an undocumented one has none."""
    assert inherited_field_docstrings(_Derived) == {
        "size": "Base docstring.",
        "colour": "The derived class's own words win.",
    }
    schema = scenario_schema(_Derived)
    assert schema["properties"]["size"]["description"] == "Base docstring."
    assert schema["properties"]["colour"]["description"] == "The derived class's own words win."
    assert "description" not in schema["properties"]["extra"]


class _Outer:
    @dataclass(frozen=True)
    class Inner:
        depth: int
        """A nested class's field."""


def test_a_nested_dataclass_finds_its_own_docstrings() -> None:
    """Docstrings are found by the class's qualified name in its module, not only at the module's top level."""
    assert inherited_field_docstrings(_Outer.Inner) == {"depth": "A nested class's field."}


@pytest.mark.parametrize("name", ["battle", "battle-replay", "supply", "stack", "oww2-to-hit"])
def test_descriptions_are_those_pydantic_reads_from_the_source(name: str) -> None:
    """The schema equals pydantic's own ``use_attribute_docstrings`` reading, inherited fields apart:
    the module-at-once reader finds the same words in the same places."""
    from pydantic import ConfigDict, TypeAdapter

    from rulebook.adjudication.scenarios import _WithInheritedDocstrings

    scenario = calculators()[name].scenario
    items: Any = list.__class_getitem__(scenario)  # a run-time type: no static type names it
    pydantics = TypeAdapter(items, config=ConfigDict(use_attribute_docstrings=True)).json_schema(
        schema_generator=_WithInheritedDocstrings
    )
    ours = TypeAdapter(items).json_schema(schema_generator=_WithInheritedDocstrings)
    assert ours == pydantics


# ---- The hex-map calculators: printed hex numbers and regions ----------------------------------------------
# jsonschema is not a dependency: a validator of exactly the keywords these schemas use, which fails on any
# other keyword rather than pass what it does not understand.

_ANNOTATIONS = {"title", "description", "default", "$defs"}
_CHECKED = {
    "$ref", "type", "enum", "properties", "required", "additionalProperties", "propertyNames", "items",
    "prefixItems", "minItems", "maxItems", "anyOf", "not", "if", "then",
}  # fmt: skip
_TYPES: dict[str, Any] = {
    "object": lambda v: isinstance(v, dict),
    "array": lambda v: isinstance(v, list),
    "string": lambda v: isinstance(v, str),
    "integer": lambda v: isinstance(v, int) and not isinstance(v, bool),
    "number": lambda v: isinstance(v, (int, float)) and not isinstance(v, bool),
    "boolean": lambda v: isinstance(v, bool),
    "null": lambda v: v is None,
}


def _violations(value: Any, schema: dict[str, Any], root: dict[str, Any], path: str = "") -> list[str]:
    """Where ``value`` breaks ``schema`` (empty: valid)."""
    unknown = set(schema) - _CHECKED - _ANNOTATIONS
    assert not unknown, f"the test's validator does not know {sorted(unknown)}"
    where = path or "(root)"
    if "$ref" in schema:
        found = _violations(value, root["$defs"][schema["$ref"].rsplit("/", 1)[-1]], root, path)
        return found + _violations(value, {k: v for k, v in schema.items() if k != "$ref"}, root, path)
    if "type" in schema and not _TYPES[schema["type"]](value):
        return [f"{where}: not {schema['type']}: {value!r}"]
    found = []
    if "enum" in schema and value not in schema["enum"]:
        found.append(f"{where}: {value!r} not one of {schema['enum']}")
    if isinstance(value, dict):
        properties = schema.get("properties", {})
        found += [f"{where}: {name} is required" for name in schema.get("required", ()) if name not in value]
        for key, item in value.items():
            if "propertyNames" in schema:
                found += _violations(key, schema["propertyNames"], root, f"{path}.{key}(name)")
            if key in properties:
                found += _violations(item, properties[key], root, f"{path}.{key}")
            elif schema.get("additionalProperties") is False:
                found.append(f"{where}: {key} is not allowed")
            elif isinstance(schema.get("additionalProperties"), dict):
                found += _violations(item, schema["additionalProperties"], root, f"{path}.{key}")
    if isinstance(value, list):
        if not schema.get("minItems", 0) <= len(value) <= schema.get("maxItems", len(value)):
            found.append(f"{where}: {len(value)} items")
        prefix = schema.get("prefixItems", [])
        for number, item in enumerate(value):
            part = prefix[number] if number < len(prefix) else schema.get("items")
            if part is not None:
                found += _violations(item, part, root, f"{path}.{number}")
    if "anyOf" in schema and all(_violations(value, option, root, path) for option in schema["anyOf"]):
        found.append(f"{where}: matches none of the kinds allowed")
    if "not" in schema and not _violations(value, schema["not"], root, path):
        found.append(f"{where}: matches what is not allowed")
    if "if" in schema and not _violations(value, schema["if"], root, path):
        found += _violations(value, schema.get("then", {}), root, path)
    return found


def _numbered_scenario() -> dict[str, Any]:
    """A supply scenario naming hexes by printed number: regions, hexes by number alone, an edge by rectangle."""
    return {
        "map": {
            "numbering": {"scheme": "ccrr", "first_column": 1, "first_row": 1, "columns": "odd-q"},
            "countries": [{"id": "germany", "faction": "axis"}, {"id": "ussr", "faction": "soviets"}],
            "hexes": [
                {"rect": ["0101", "0405"], "country": "germany"},
                {"rect": ["0501", "0605"], "country": "ussr"},
                {"rect": ["0301", "0305"], "terrain": "impassable", "country": "germany"},
                {"id": "0303", "terrain": "clear"},
                {"id": "0203", "city": "Berlin"},
                {"q": 6, "r": -3, "country": "ussr"},
            ],
            "boxes": [
                {"id": "interior", "kind": "soviet-interior", "entry_hexes": [{"rect": ["0601", "0605"]}, "0701"]}
            ],
        },
        "units": [
            {"id": "g1", "hex": "0403", "faction": "axis", "nationality": "germany"},
            {"id": "s1", "hex": "0502", "faction": "soviets", "nationality": "ussr"},
        ],
    }


def test_the_hex_map_schema_takes_printed_numbers_and_regions(schemas: dict[str, Any]) -> None:
    """With map.numbering: hexes by number alone or place alone, rect regions, rect items in entry_hexes."""
    from adjudicator.registry import run

    scenario = _numbered_scenario()
    run("supply", scenario)  # the calculator takes it: the schema must too
    for name in ("supply", "zoc", "stacking"):
        schema = schemas[f"scenario.{name}"]
        assert _violations(scenario["map"], schema["$defs"]["HexMap"], schema) == [], name
    supply = schemas["scenario.supply"]
    assert _violations(scenario, supply, supply) == []
    hex_fields = supply["$defs"]["Hex"]["properties"]
    assert hex_fields["rect"]["type"] == "array" and hex_fields["rect"]["items"] == {"type": "string"}
    assert "numbering" in hex_fields["rect"]["description"]


def test_the_hex_map_schema_refuses_what_the_calculator_refuses(schemas: dict[str, Any]) -> None:
    """No numbering: every hex needs id, q and r, and there are no regions; a region gives no id, q or r."""
    schema = schemas["scenario.supply"]
    board = _numbered_scenario()["map"]
    without = {key: value for key, value in board.items() if key != "numbering"}
    found = _violations(without, schema["$defs"]["HexMap"], schema, "map")
    assert "map.hexes.0: id is required" in found and "map.hexes.3: q is required" in found
    assert any(line.startswith("map.boxes.0.entry_hexes.0: not string") for line in found)
    nulled = {**board, "numbering": None}
    assert _violations(nulled, schema["$defs"]["HexMap"], schema, "map") != []
    both = {**board, "hexes": [{"rect": ["0101", "0202"], "id": "0101"}]}
    assert _violations(both, schema["$defs"]["HexMap"], schema, "map") == [
        "map.hexes.0: matches none of the kinds allowed"
    ]
    corner = {**board, "hexes": [{"rect": ["0101"]}]}
    assert _violations(corner, schema["$defs"]["HexMap"], schema, "map") != []


def test_every_worked_example_of_the_hex_map_calculators_fits_its_schema(schemas: dict[str, Any]) -> None:
    """The widened schema still describes the scenarios written without numbering (and the validator reads them)."""
    import json

    from tests.conftest import real_content

    corpus = real_content().corpus
    assert corpus is not None
    examples = [e for e in corpus.examples if e.calculator in ("supply", "zoc", "stacking")]
    assert examples
    for example in examples:
        schema = schemas[f"scenario.{example.calculator}"]
        plain = json.loads(json.dumps(example.scenario))
        assert _violations(plain, schema, schema) == [], example.id
