"""The words of the calculator forms and figures tables, as a gettext catalog of their own.

A calculator page builds its form from the scenario's JSON Schema
(:func:`rulebook.adjudication.scenarios.scenario_schemas`) and its figures table from the
result's plain fields. Nothing a player reads there may be a Python identifier, so every
word is a message of the ``forms`` domain (``locales/forms.pot``,
``locales/<lang>/LC_MESSAGES/forms.po``):

- a field's label, context ``field``: its name made readable (``loss_order`` → "Loss order",
  :func:`field_label`); result fields shown in the figures table are fields too;
- a field's help, no context: the docstring of the dataclass field, exactly as the schema
  carries it (``description``), literals marked ````like this````;
- a choice of an enumeration, context ``choice``: its value made readable
  (``western-allies`` → "western allies", :func:`choice_label`). A word that two enumerations
  share with different meanings (terrain "clear", weather "clear") also gets a message per field
  that offers it, context ``choice:<field name>`` (``choice:terrain``, ``choice:weather``); a
  lookup that knows its field tries that context first (:meth:`FormLabels.choice`, the page's
  ``choiceWord``).

The page looks each one up in the catalog of its language (merged into
``_runtime/messages/<lang>.json`` under gettext's ``context + "\\x04" + msgid`` keys) and
falls back to the English label. The labels are made the same way in ``web/calculator.js``
(``fieldLabel``/``choiceLabel``): a test keeps the two in step.

Refresh the template and the catalogs after a scenario or result changes::

    .venv/bin/python -m rulebook.adjudication.forms
"""

from __future__ import annotations

import dataclasses
import json
import typing
from collections.abc import Iterator
from datetime import UTC, datetime
from io import BytesIO
from pathlib import Path
from typing import Any

from babel.messages.catalog import Catalog
from babel.messages.pofile import read_po, write_po

from adjudicator.messages import CONTEXT_SEPARATOR
from adjudicator.registry import calculators
from rulebook.adjudication.messages import read_catalog
from rulebook.adjudication.scenarios import inherited_field_docstrings, scenario_schemas
from rulebook.content.model import LANGUAGES

__all__ = [
    "CONTEXT_SEPARATOR",
    "DOMAIN",
    "PER_FIELD_CHOICES",
    "FormLabels",
    "FormMessage",
    "choice_label",
    "field_label",
    "form_labels",
    "form_messages",
    "form_words",
    "forms_template",
    "page_catalog_json",
    "po_text",
    "update_catalogs",
]

DOMAIN = "forms"
"""The gettext domain: ``locales/forms.pot`` and ``locales/<lang>/LC_MESSAGES/forms.po``."""

_FIXED_DATE = datetime(2026, 1, 1, tzinfo=UTC)

PER_FIELD_CHOICES = frozenset({"clear", "light", "medium", "heavy"})
"""Choice words that different enumerations use for different things, so that a translation needs a word
per field: terrain "clear" (open ground) is not weather "clear" (no storm); "light", "medium" and "heavy"
describe armour, cover and tanks, whose words agree in gender in Russian and German."""


@dataclasses.dataclass(frozen=True)
class FormMessage:
    """One word or sentence of a calculator form, with where it is used (for the translator)."""

    context: str | None
    msgid: str
    used_in: tuple[str, ...]


def field_label(name: str) -> str:
    """A field's name as a label.

    >>> field_label("loss_order"), field_label("tw_paid"), field_label("amount_hpp")
    ('Loss order', 'Tw paid', 'Amount hpp')
    """
    text = name.replace("_", " ")
    return text[:1].upper() + text[1:]


def choice_label(value: object) -> str:
    """An enumeration value as a word.

    >>> choice_label("western-allies"), choice_label("Ar1"), choice_label(3)
    ('western allies', 'Ar1', '3')
    """
    return str(value).replace("-", " ")


def _enum_of(field: Any, definitions: dict[str, Any]) -> tuple[str, list[Any]] | None:
    """The enumeration a field offers (through ``$ref``, ``anyOf`` with null, or list items): (title, values)."""
    if not isinstance(field, dict):
        return None
    if isinstance(field.get("$ref"), str):
        return _enum_of(definitions.get(field["$ref"].rsplit("/", 1)[-1]), definitions)
    if isinstance(field.get("enum"), list):
        return str(field.get("title", "")), field["enum"]
    for option in (*(field.get("anyOf") or ()), field.get("items")):
        found = _enum_of(option, definitions)
        if found is not None:
            return found
    return None


def _walk_schema(
    schema: Any,
    found: dict[tuple[str | None, str], set[str]],
    where: str,
    offered: dict[str, dict[str, set[str]]],
    definitions: dict[str, Any] | None = None,
) -> None:
    """Collect the messages of ``schema`` into ``found``; ``offered``: choice word → enumeration title → fields."""
    if isinstance(schema, dict):
        definitions = schema.get("$defs", definitions) or {}
        for name, field in (schema.get("properties") or {}).items():
            found.setdefault(("field", field_label(name)), set()).add(where)
            if isinstance(field, dict) and isinstance(field.get("description"), str):
                found.setdefault((None, field["description"]), set()).add(where)
            enum = _enum_of(field, definitions)
            if enum is not None:
                for value in enum[1]:
                    if isinstance(value, str):
                        offered.setdefault(choice_label(value), {}).setdefault(enum[0], set()).add(name)
        if isinstance(schema.get("description"), str) and "properties" not in schema:
            found.setdefault((None, schema["description"]), set()).add(where)
        for value in schema.get("enum") or ():
            if isinstance(value, str):
                found.setdefault(("choice", choice_label(value)), set()).add(where)
        for value in schema.values():
            _walk_schema(value, found, where, offered, definitions)
    elif isinstance(schema, list):
        for value in schema:
            _walk_schema(value, found, where, offered, definitions)


def _result_fields(evaluate: Any) -> Iterator[tuple[str, str | None]]:
    """The result dataclass's fields with their docstrings (the figures table shows the scalar ones)."""
    result = typing.get_type_hints(evaluate).get("return")
    if not isinstance(result, type) or not dataclasses.is_dataclass(result):
        return
    docstrings = inherited_field_docstrings(result)
    for field in dataclasses.fields(result):
        if field.name != "trace":
            yield field.name, docstrings.get(field.name)


def form_messages() -> list[FormMessage]:
    """Every label, help text and choice of every calculator's form and figures table, sorted."""
    found: dict[tuple[str | None, str], set[str]] = {}
    offered: dict[str, dict[str, set[str]]] = {}
    for key, schema in scenario_schemas().items():
        where = key.removeprefix("scenario.")
        here: dict[str, dict[str, set[str]]] = {}
        _walk_schema(schema, found, where, here)
        for word, titles in here.items():
            for title, fields in titles.items():
                offered.setdefault(word, {}).setdefault(title, set()).update(fields)
                for field in fields:
                    found.setdefault((f"choice:{field}", word), set()).add(where)
    # A message per field only for the words listed as meaning different things in different enumerations.
    shared = {word for word, titles in offered.items() if len(titles) > 1 and word in PER_FIELD_CHOICES}
    found = {key: used for key, used in found.items() if not (key[0] or "").startswith("choice:") or key[1] in shared}
    for name, calculator in calculators().items():
        for field, docstring in _result_fields(calculator.evaluate):
            found.setdefault(("field", field_label(field)), set()).add(f"{name} (result)")
            if docstring:
                found.setdefault((None, docstring), set()).add(f"{name} (result)")
    messages = [FormMessage(context, msgid, tuple(sorted(used))) for (context, msgid), used in found.items()]
    return sorted(messages, key=lambda message: (message.context or "", message.msgid))


def forms_template() -> Catalog:
    """The ``forms.pot`` template: every message with the calculators that use it as a comment."""
    catalog = Catalog(project="Rulebook", version="0.1", domain=DOMAIN, fuzzy=False)
    for message in form_messages():
        catalog.add(
            message.msgid,
            context=message.context,
            auto_comments=[f"used in: {', '.join(message.used_in)}"],
        )
    return catalog


def po_text(catalog: Catalog) -> str:
    """A catalog as the project writes its PO files: no wrapping, no dates, sorted."""
    # Fixed dates and header: the template and catalogs are compared byte for byte with a fresh
    # extraction (tests), so nothing in them may change from run to run.
    catalog.creation_date = catalog.revision_date = _FIXED_DATE
    catalog.last_translator = "Rulebook"
    catalog.language_team = f"{catalog.locale or 'en'}" if catalog.locale else ""
    catalog.msgid_bugs_address = ""
    lang = str(catalog.locale) if catalog.locale else None
    catalog.header_comment = (
        f"# The words of the calculator forms ({DOMAIN} domain){': ' + lang if lang else ''}. Translate every msgstr;\n"
        "# field labels have context 'field', choices 'choice'. See rulebook/adjudication/forms.py."
    )
    stream = BytesIO()
    write_po(stream, catalog, width=0, omit_header=False, sort_output=True, no_location=True)
    return stream.getvalue().decode("utf-8")


def update_catalogs(locales: Path) -> list[Path]:
    """Write ``locales/forms.pot`` and bring every language's ``forms.po`` in step with it (new messages
    empty, removed ones dropped, translations kept); the paths written."""
    template = forms_template()
    written = [locales / f"{DOMAIN}.pot"]
    written[0].write_text(po_text(template), encoding="utf-8")
    for lang in LANGUAGES:
        path = locales / lang / "LC_MESSAGES" / f"{DOMAIN}.po"
        if path.exists():
            with path.open("rb") as handle:
                catalog = read_po(handle, locale=lang, domain=DOMAIN)
        else:
            catalog = Catalog(locale=lang, domain=DOMAIN, project="Rulebook", version="0.1", fuzzy=False)
        catalog.update(template, no_fuzzy_matching=True)
        catalog.obsolete.clear()
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(po_text(catalog), encoding="utf-8")
        written.append(path)
    return written


def form_words(locales: Path, lang: str) -> dict[str, str]:
    """The translated form words of ``lang``: ``msgid`` or ``context + "\\x04" + msgid`` → translation.

    Empty and fuzzy messages are left out, so the page shows them in English.

    >>> words = form_words(Path("locales"), "en")
    >>> words == {}
    True
    """
    path = locales / lang / "LC_MESSAGES" / f"{DOMAIN}.po"
    if not path.exists():
        return {}
    catalog = read_catalog(path, lang, DOMAIN)
    words: dict[str, str] = {}
    for message in catalog:
        if not message.id or message.fuzzy or not isinstance(message.string, str) or not message.string:
            continue
        key = f"{message.context}{CONTEXT_SEPARATOR}{message.id}" if message.context else str(message.id)
        words[key] = message.string
    return words


@dataclasses.dataclass(frozen=True)
class FormLabels:
    """The form words of one language as the site's worked examples show a scenario or a result.

    Only names the forms catalog knows are labelled: a mapping's keys that are not fields (unit
    ids, hex ids) and strings that are not choices stay as they are.

    >>> labels = FormLabels(known=frozenset({"field\x04Loss order", "choice\x04western allies"}),
    ...     words={"field\x04Loss order": "Verlustreihenfolge"})
    >>> labels.field("loss_order"), labels.field("s1"), labels.choice("western-allies"), labels.choice("A1")
    ('Verlustreihenfolge', None, 'western allies', None)
    """

    known: frozenset[str]
    """Every message of the catalog, as ``context + "\x04" + msgid``."""
    words: dict[str, str] = dataclasses.field(default_factory=dict)
    """The translated ones (:func:`form_words`); the others are shown in English."""

    def field(self, name: str) -> str | None:
        """The label of field ``name`` in this language, or ``None`` if no form has such a field."""
        key = f"field{CONTEXT_SEPARATOR}{field_label(name)}"
        return self.words.get(key, field_label(name)) if key in self.known else None

    def choice(self, value: str, field: str | None = None) -> str | None:
        """The word for choice ``value`` (of field ``field``, when known) in this language, or ``None`` if no
        form offers it. A word with a meaning per field (terrain or weather "clear") is looked up for ``field``."""
        for context in ((f"choice:{field}",) if field else ()) + ("choice",):
            key = f"{context}{CONTEXT_SEPARATOR}{choice_label(value)}"
            if key in self.known:
                return self.words.get(key, choice_label(value))
        return None


def form_labels(locales: Path, lang: str) -> FormLabels:
    """The field labels and choices of ``lang`` (its ``forms.po``; every catalog holds every message).

    >>> labels = form_labels(Path("locales"), "de")
    >>> labels.field("distance_cm") != "Distance cm", labels.field("not_a_field_anywhere")
    (True, None)
    """
    path = locales / lang / "LC_MESSAGES" / f"{DOMAIN}.po"
    catalog = read_catalog(path, lang, DOMAIN)
    known = frozenset(
        f"{message.context}{CONTEXT_SEPARATOR}{message.id}" if message.context else str(message.id)
        for message in catalog
        if message.id
    )
    return FormLabels(known, form_words(locales, lang))


def page_catalog_json(locales: Path, lang: str) -> str:
    """What a calculator page of ``lang`` loads: the adjudicator catalog
    (:meth:`adjudicator.messages.AnswerLanguage.to_json`) plus ``forms``, the form words (:func:`form_words`)."""
    from rulebook.adjudication.messages import load_language

    document = json.loads(load_language(locales, lang).to_json())
    document["forms"] = form_words(locales, lang)
    return json.dumps(document, ensure_ascii=False, sort_keys=True)


if __name__ == "__main__":
    for written_path in update_catalogs(Path(__file__).resolve().parents[2] / "locales"):
        print(written_path)
