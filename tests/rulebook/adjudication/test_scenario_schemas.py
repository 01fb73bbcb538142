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
