"""Tests of :mod:`rulebook.adjudication.messages`: the adjudicator catalog is complete, current and loads."""

from __future__ import annotations

import ast
import json
from pathlib import Path
from typing import Any

import pytest
from babel.messages.catalog import Catalog
from babel.messages.pofile import read_po, write_po

from adjudicator.messages import Message, MessageList
from adjudicator.registry import run
from adjudicator.trace import Step
from rulebook.adjudication.messages import language_catalog_path, load_language, template_arguments
from rulebook.cli import main
from rulebook.content.model import LANGUAGES, Corpus
from rulebook.site.i18n import extract_messages
from tests.conftest import REPOSITORY

LOCALES = REPOSITORY / "locales"
ADJUDICATOR = REPOSITORY / "adjudicator"


def _pot_ids() -> set[str]:
    """Each msgid of ``locales/adjudicator.pot`` (a plural message by its singular)."""
    with (LOCALES / "adjudicator.pot").open("rb") as handle:
        return {m.id if isinstance(m.id, str) else m.id[0] for m in read_po(handle) if m.id}


def _sources() -> list[tuple[Path, ast.Module]]:
    return [(path, ast.parse(path.read_text(encoding="utf-8"))) for path in sorted(ADJUDICATOR.rglob("*.py"))]


def test_pot_holds_exactly_what_the_extractor_finds() -> None:
    """Extracting adjudicator/ with babel-adjudicator.cfg gives the .pot; every .po has the same msgids."""
    extracted = {
        (m.id if isinstance(m.id, str) else tuple(m.id))
        for m in extract_messages(REPOSITORY, REPOSITORY / "babel-adjudicator.cfg")
        if m.id
    }
    with (LOCALES / "adjudicator.pot").open("rb") as handle:
        in_pot = {(m.id if isinstance(m.id, str) else tuple(m.id)) for m in read_po(handle) if m.id}
    assert extracted == in_pot, "run the pybabel commands in rulebook/adjudication/messages.py"
    for lang in LANGUAGES:
        with language_catalog_path(LOCALES, lang).open("rb") as handle:
            catalog = read_po(handle, locale=lang)
        assert {(m.id if isinstance(m.id, str) else tuple(m.id)) for m in catalog if m.id} == in_pot, lang


def _marked(expression: ast.expr) -> bool:
    """An ``N_("…")``/``N_plural(…)`` call, or a choice between such calls."""
    if isinstance(expression, ast.IfExp):
        return _marked(expression.body) and _marked(expression.orelse)
    return (
        isinstance(expression, ast.Call)
        and isinstance(expression.func, ast.Name)
        and expression.func.id in ("N_plural", "N_")
    )


def test_every_step_template_is_a_literal_and_extracted() -> None:
    """Every `.add(rule, …)` (and Step, message, …) template is a literal or N_plural, never an f-string or sum.

    A variable is allowed (a helper passing its caller's template through, a template chosen from
    N_-marked literals); the worked-example test below checks those at run time.
    """
    literal_add_templates: set[str] = set()
    unmarked: list[str] = []
    for path, tree in _sources():
        for call, argument in template_arguments(tree):
            where = f"{path.relative_to(REPOSITORY)}:{call.lineno}"
            if isinstance(argument, ast.Constant):
                if isinstance(call.func, ast.Attribute) and call.func.attr == "add":
                    literal_add_templates.add(str(argument.value))
            elif not isinstance(argument, (ast.Name, ast.Attribute)) and not _marked(argument):
                unmarked.append(f"{where}: {ast.unparse(argument)}")
    assert unmarked == []
    assert len(literal_add_templates) > 390
    assert literal_add_templates <= _pot_ids()


def _templates(value: Any) -> set[str]:
    """Every msgid a result can show: step and message templates, nested ones included."""
    found: set[str] = set()
    if isinstance(value, (Step, Message)):
        found.add(value.template)
        found |= _templates(value.params)
    elif isinstance(value, MessageList):
        for item in value.items:
            found |= _templates(item)
    elif isinstance(value, dict):
        for item in value.values():
            found |= _templates(item)
    elif isinstance(value, (list, tuple)):
        for item in value:
            found |= _templates(item)
    elif hasattr(value, "__dataclass_fields__"):
        for name in value.__dataclass_fields__:
            found |= _templates(getattr(value, name))
    return found


def test_every_worked_example_says_only_extracted_msgids(real_corpus: Corpus) -> None:
    """Running every worked example, each step and summary template is a msgid of the .pot."""
    pot = _pot_ids()
    missing: dict[str, str] = {}
    for example in real_corpus.examples:
        result = run(example.calculator, example.scenario)
        for template in _templates(result) | _templates(result.summary_messages()):
            if template not in pot:
                missing.setdefault(template, example.id)
    assert missing == {}


def _tiny_catalog(path: Path, lang: str, translations: dict[Any, Any]) -> None:
    catalog = Catalog(locale=lang)
    for msgid, msgstr in translations.items():
        catalog.add(msgid, msgstr)
    path.parent.mkdir(parents=True)
    with path.open("wb") as handle:
        write_po(handle, catalog)


def test_adjudicate_answers_in_the_language_asked(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """`rulebook adjudicate NAME --scenario FILE --lang de --json`: summary and steps from the catalog, else English."""
    locales = tmp_path / "locales"
    _tiny_catalog(
        language_catalog_path(locales, "de"),
        "de",
        {
            ("{count} chip on {values}", "{count} chips on {values}"): (
                "{count} Chip auf {values}",
                "{count} Chips auf {values}",
            ),
            "chips on {chips}": "Chips auf {chips}",
        },
    )
    example = REPOSITORY / "content" / "axis-and-allies-2e" / "examples" / "aa2.example.ipc-above-45.yaml"
    scenario = tmp_path / "scenario.json"
    scenario.write_text(json.dumps({"ipc": 48}), encoding="utf-8")
    assert "ipc: 48" in example.read_text(encoding="utf-8")
    common = ["adjudicate", "ipc-chips", "--scenario", str(scenario), "--locales", str(locales)]
    assert main([*common, "--lang", "de", "--json"]) == 0
    document = json.loads(capsys.readouterr().out)
    assert document["summary"] == ["2 Chips auf 45 + 3"]
    assert [step["text"] for step in document["trace"]["steps"]] == [
        "48 is above 45: one chip on 45 and the other on the remainder",
        "Chips auf 45 + 3",
    ]
    assert main([*common, "--lang", "de"]) == 0
    assert capsys.readouterr().out.splitlines()[0] == "2 Chips auf 45 + 3"


def test_each_language_loads_with_its_plural_rule_and_number_signs() -> None:
    """The five catalogs load; Russian has three plural forms, German writes 0,5 and 50 %."""
    languages = {lang: load_language(LOCALES, lang) for lang in LANGUAGES}
    assert [languages["ru"].plural_index(n) for n in (1, 3, 5)] == [0, 1, 2]
    assert [languages["de"].plural_index(n) for n in (1, 3)] == [0, 1]
    assert languages["de"].render(Message("{p:.1f} {q:.0%}", {"p": 0.5, "q": 0.5})) == "0,5 50\u00a0%"
    assert languages["en"].render(Message("{p:.1f} {q:.0%}", {"p": 0.5, "q": 0.5})) == "0.5 50%"
