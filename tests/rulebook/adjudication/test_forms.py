"""Tests of :mod:`rulebook.adjudication.forms`: the calculator forms' words are extracted, current, complete,
and the page makes the same labels as the extractor."""

from __future__ import annotations

import json
import shutil
import subprocess
from pathlib import Path

import pytest
from babel.messages.pofile import read_po

from rulebook.adjudication.forms import (
    CONTEXT_SEPARATOR,
    DOMAIN,
    choice_label,
    field_label,
    form_labels,
    form_messages,
    forms_template,
    page_catalog_json,
    po_text,
    update_catalogs,
)
from rulebook.content.model import LANGUAGES
from tests.conftest import REPOSITORY

LOCALES = REPOSITORY / "locales"
CALCULATOR_JS = REPOSITORY / "web" / "calculator.js"


def test_template_and_catalogs_are_current(tmp_path: Path) -> None:
    """``locales/forms.pot`` is a fresh extraction; refreshing the catalogs changes none of them."""
    assert (LOCALES / f"{DOMAIN}.pot").read_text(encoding="utf-8") == po_text(forms_template()), (
        "run `.venv/bin/python -m rulebook.adjudication.forms`"
    )
    copy = tmp_path / "locales"
    shutil.copytree(LOCALES, copy)
    for written in update_catalogs(copy):
        original = LOCALES / written.relative_to(copy)
        assert written.read_bytes() == original.read_bytes(), f"{original} is not in step with forms.pot"


def test_every_form_word_is_extracted() -> None:
    """Labels of scenario and result fields, their help, and every enumeration choice are messages."""
    messages = {(message.context, message.msgid) for message in form_messages()}
    assert ("field", "Loss order") in messages  # battle scenario
    assert ("field", "Expected attacker loss cost") in messages  # battle result (figures table)
    assert ("field", "Tw paid") in messages  # stack result
    assert ("choice", "western allies") in messages
    assert any(context is None and "``" in msgid for context, msgid in messages)  # help with literals


@pytest.mark.parametrize("lang", [lang for lang in LANGUAGES if lang != "en"])
def test_every_language_translates_every_form_word(lang: str) -> None:
    """No empty or fuzzy message: a player never reads a Python identifier or an English help text."""
    with (LOCALES / lang / "LC_MESSAGES" / f"{DOMAIN}.po").open("rb") as handle:
        catalog = read_po(handle, locale=lang, domain=DOMAIN)
    missing = [f"{message.context or ''}|{message.id}" for message in catalog if message.id and not message.string]
    fuzzy = [f"{message.context or ''}|{message.id}" for message in catalog if message.id and message.fuzzy]
    assert (missing[:5], len(missing), fuzzy[:5]) == ([], 0, [])
    literals = [
        message.id
        for message in catalog
        if message.id and str(message.id).count("``") != str(message.string).count("``")
    ]
    assert literals == [], "keep the ``literal`` marks of the help texts"


def test_page_catalog_carries_the_form_words() -> None:
    """What the page loads: the adjudicator catalog and the form words under gettext's context keys."""
    document = json.loads(page_catalog_json(LOCALES, "de"))
    assert {"messages", "plural_forms", "forms"} <= set(document)
    forms = document["forms"]
    assert any(key.startswith("field" + CONTEXT_SEPARATOR) for key in forms)
    assert any(key.startswith("choice" + CONTEXT_SEPARATOR) for key in forms)


def _js_function(name: str) -> str:
    source = CALCULATOR_JS.read_text(encoding="utf-8")
    start = source.index(f"function {name}(")
    return source[start : source.index("\n}\n", start) + 3]


def test_the_page_makes_the_same_labels_as_the_extractor(tmp_path: Path) -> None:
    """web/calculator.js's fieldLabel/choiceLabel, run by Node, agree with field_label/choice_label."""
    node = shutil.which("node")
    assert node is not None, "Node.js is needed (it builds the site too)"
    names = ["loss_order", "tw_paid", "amount_hpp", "x", "expected_attacker_loss_cost"]
    choices = ["western-allies", "Ar1", "after-round", "a-b-c"]
    script = tmp_path / "labels.mjs"
    script.write_text(
        _js_function("fieldLabel")
        + _js_function("choiceLabel")
        + f"const names = {json.dumps(names)};\nconst choices = {json.dumps(choices)};\n"
        + "console.log(JSON.stringify([names.map(fieldLabel), choices.map(choiceLabel)]));\n",
        encoding="utf-8",
    )
    output = subprocess.run([node, str(script)], capture_output=True, text=True, check=True).stdout
    assert json.loads(output) == [[field_label(n) for n in names], [choice_label(c) for c in choices]]


def test_a_word_with_a_meaning_per_field_has_a_message_per_field() -> None:
    """Terrain "clear" (open ground) and weather "clear" (no storm) are two messages, and so are their words."""
    contexts = {message.context for message in form_messages() if message.msgid == "clear"}
    assert {"choice", "choice:terrain", "choice:weather"} <= contexts
    russian = form_labels(LOCALES, "ru")
    assert russian.choice("clear", "terrain") == "открытая местность"
    assert russian.choice("clear", "weather") == "ясно"
    assert russian.choice("clear") == russian.choice("clear", "weather")  # no field known: the general word
    assert russian.choice("light", "cover") != russian.choice("light", "armour")  # gender agrees with the noun


def test_the_page_picks_the_word_of_the_field_as_the_site_does(tmp_path: Path) -> None:
    """web/calculator.js's choiceWord, run by Node on the Russian form words, agrees with FormLabels.choice."""
    node = shutil.which("node")
    assert node is not None, "Node.js is needed (it builds the site too)"
    words = json.loads(page_catalog_json(LOCALES, "ru"))["forms"]
    asked: list[tuple[str | None, str]] = [
        ("terrain", "clear"),
        ("weather", "clear"),
        (None, "clear"),
        ("cover", "light"),
        ("side", "attacker"),
    ]
    script = tmp_path / "choices.mjs"
    script.write_text(
        f"const formWords = {json.dumps(words, ensure_ascii=False)};\n"
        + "".join(_js_function(name) for name in ("choiceLabel", "word", "translated", "choiceWord"))
        + f"const asked = {json.dumps(asked)};\n"
        + "console.log(JSON.stringify(asked.map(([field, value]) => choiceWord(field, value))));\n",
        encoding="utf-8",
    )
    output = subprocess.run([node, str(script)], capture_output=True, text=True, check=True).stdout
    russian = form_labels(LOCALES, "ru")
    assert json.loads(output) == [russian.choice(value, field) for field, value in asked]


def test_the_page_offers_regions_where_the_schema_takes_them(tmp_path: Path) -> None:
    """A box's entry hexes take ``0601..0605`` for ``{rect: [0601, 0605]}`` and show its help; a hex has a Rect
    field (two numbers, comma-separated); a list of plain ids stays a list of plain ids; what a field of a list
    item writes lands in that item."""
    from adjudicator.unconditional_surrender.numbering import ENTRY_RECT_DESCRIPTION
    from rulebook.adjudication.scenarios import scenario_schemas

    node = shutil.which("node")
    assert node is not None, "Node.js is needed (it builds the site too)"
    schema = scenario_schemas()["scenario.supply"]
    definitions = schema["$defs"]
    script = tmp_path / "regions.mjs"
    script.write_text(
        'const REGION = "..";\n'
        + "".join(_js_function(name) for name in ("resolve", "scalarKind", "parseScalar", "listItems"))
        + "".join(_js_function(name) for name in ("listText", "parseListItem", "setAt"))
        + 'const edited = {map: {boxes: [{id: "interior"}]}};\n'
        + 'setAt(edited, ["map", "boxes", 0, "entry_hexes"], [{rect: ["0601", "0605"]}]);\n'
        + f"const root = {json.dumps(schema)};\n"
        + "const entries = root.$defs.OffMapBox.properties.entry_hexes.items;\n"
        + "const shape = listItems(entries, root);\n"
        + 'const typed = "0601..0605, 0701".split(",").map((t) => t.trim());\n'
        + "const parsed = typed.map((t) => parseListItem(shape.kind, shape.regions, t));\n"
        + "console.log(JSON.stringify({shape, parsed, text: listText(parsed),\n"
        + "  rect: listItems(root.$defs.Hex.properties.rect.items, root),\n"
        + "  ports: listItems(root.$defs.SeaZone.properties.ports.items, root),\n"
        + '  plain: parseListItem("string", false, "a..b"), edited}));\n',
        encoding="utf-8",
    )
    output = json.loads(subprocess.run([node, str(script)], capture_output=True, text=True, check=True).stdout)
    assert output["shape"] == {"kind": "string", "regions": True, "regionHelp": ENTRY_RECT_DESCRIPTION}
    assert output["parsed"] == [{"rect": ["0601", "0605"]}, "0701"]
    assert output["text"] == "0601..0605, 0701"
    assert output["rect"] == {"kind": "string", "regions": False} == output["ports"]
    assert output["plain"] == "a..b"  # without regions an id is taken as written
    # a field of a list item is written into the item, the list kept a list
    assert output["edited"] == {"map": {"boxes": [{"id": "interior", "entry_hexes": [{"rect": ["0601", "0605"]}]}]}}
    assert definitions["Hex"]["properties"]["rect"]["description"] in {m.msgid for m in form_messages()}
    assert ENTRY_RECT_DESCRIPTION in {m.msgid for m in form_messages()}
