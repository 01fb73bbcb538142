"""Every problem a calculator finds in a scenario is a msgid of the adjudicator catalog, shown in the reader's language.

A scenario problem (:class:`adjudicator.errors.ScenarioError`) is said as everything else a
calculator says: an English template with named fields. The static test of
``test_messages.py`` finds templates written at a ``ScenarioError`` call; this one finds those
passed on by helpers, by running every calculator on its worked examples' scenarios changed one
field at a time (a count made negative or huge, a name misspelt, a field left out, a flag
flipped) and collecting the problems. Each problem's template must be in the ``.pot``, and
rendered in German, Hungarian, Russian and Dutch it must not be the English sentence.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from functools import cache
from typing import Any

import pytest
from babel.messages.pofile import read_po

from adjudicator.errors import ScenarioError
from adjudicator.messages import Message, MessageList
from adjudicator.plain import InvalidScenario
from adjudicator.registry import calculators, prepare
from rulebook.adjudication.messages import load_language
from rulebook.content.model import LANGUAGES
from rulebook.content.yamlio import read_yaml_text
from tests.conftest import REPOSITORY

LOCALES = REPOSITORY / "locales"
MUTATIONS_PER_SCENARIO = 40
"""Changes tried per worked example: enough to reach each field of the small scenarios, bounded for the big maps."""

MISSPELT = "zz-no-such-name"


def _leaves(data: Any, prefix: tuple[Any, ...] = ()) -> Iterator[tuple[tuple[Any, ...], Any]]:
    if isinstance(data, dict):
        for key, value in data.items():
            yield from _leaves(value, (*prefix, key))
    elif isinstance(data, list):
        for index, value in enumerate(data[:6]):
            yield from _leaves(value, (*prefix, index))
    if prefix:
        yield prefix, data


def _changed(data: Any, path: tuple[Any, ...], value: Any, delete: bool = False) -> Any:
    copy = json.loads(json.dumps(data, default=str))
    target = copy
    for part in path[:-1]:
        target = target[part]
    if delete:
        del target[path[-1]]
    else:
        target[path[-1]] = value
    return copy


def _variants(value: Any) -> list[Any]:
    """The bad values tried in place of ``value``."""
    if isinstance(value, bool):
        return [not value, "yes"]
    if isinstance(value, int):
        return [-1, 10**7]
    if isinstance(value, float):
        return [-1.5]
    if isinstance(value, str):
        return [MISSPELT, ""]
    return []


def mutations(scenario: dict[str, Any]) -> Iterator[dict[str, Any]]:
    """``scenario`` changed in one place at a time, at most :data:`MUTATIONS_PER_SCENARIO` times."""
    made = 0
    for path, value in _leaves(scenario):
        changes: list[dict[str, Any]] = [_changed(scenario, path, bad) for bad in _variants(value)]
        if isinstance(path[-1], str):
            changes.append(_changed(scenario, path, None, delete=True))
            changes.append(_changed(scenario, (*path[:-1], MISSPELT), 1))
        for change in changes:
            yield change
            made += 1
            if made >= MUTATIONS_PER_SCENARIO:
                return


@cache
def found_problems() -> dict[str, tuple[str, ScenarioError]]:
    """Every distinct problem template met, with the calculator and one problem that says it."""
    examples: dict[str, list[dict[str, Any]]] = {name: [] for name in calculators()}
    for path in sorted((REPOSITORY / "content").glob("*/examples/*.yaml")):
        example = read_yaml_text(path.read_text(encoding="utf-8"))
        if example.get("calculator") in examples and isinstance(example.get("scenario"), dict):
            examples[example["calculator"]].append(example["scenario"])
    found: dict[str, tuple[str, ScenarioError]] = {}
    for name, scenarios in examples.items():
        for scenario in scenarios[:3]:
            for changed in mutations(scenario):
                for problem in _problems(name, changed):
                    found.setdefault(problem.problem.template, (name, problem))
    return found


def _problems(name: str, scenario: dict[str, Any]) -> list[ScenarioError]:
    try:
        calculator, typed = prepare(name, scenario)
        calculator.evaluate(typed)
    except InvalidScenario as invalid:
        return invalid.errors
    except ScenarioError as error:
        return [error]
    return []


def _templates(value: Any) -> set[str]:
    if isinstance(value, Message):
        return {value.template} | {t for item in value.params.values() for t in _templates(item)}
    if isinstance(value, MessageList):
        return {t for item in value.items for t in _templates(item)}
    return set()


def test_the_mutations_meet_many_problems() -> None:
    """The changes reach the calculators' own checks, not only the converter's type errors."""
    assert len(found_problems()) > 60


def test_every_problem_is_a_msgid_of_the_catalog() -> None:
    """Each problem's template (and each template in its fields) is extracted to ``adjudicator.pot``."""
    with (LOCALES / "adjudicator.pot").open("rb") as handle:
        pot = {m.id if isinstance(m.id, str) else m.id[0] for m in read_po(handle) if m.id}
    missing = {
        template: f"{name}: {problem}"
        for name, problem in found_problems().values()
        for template in _templates(problem.problem)
        if template not in pot
    }
    assert missing == {}


@pytest.mark.parametrize("lang", [lang for lang in LANGUAGES if lang != "en"])
def test_every_problem_is_said_in_the_readers_language(lang: str) -> None:
    """Rendered in ``lang``, no problem is its English sentence (a name or a number alone may stay as it is)."""
    language = load_language(LOCALES, lang)
    english = [
        f"{name}: {problem}"
        for name, problem in found_problems().values()
        if problem.detail_in(language) == problem.detail and any(c.isalpha() for c in problem.expected)
    ]
    assert english == []
