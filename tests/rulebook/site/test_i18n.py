"""Tests of :mod:`rulebook.site.i18n`: the UI catalogs are complete, current and compile; locale formatting."""

from __future__ import annotations

from pathlib import Path

import pytest
from babel.messages.catalog import Message
from babel.messages.pofile import read_po

from rulebook.content.model import LANGUAGES
from rulebook.errors import CatalogError
from rulebook.site.i18n import catalog_path, check_catalog, compile_catalogs, extract_messages, load_translations
from tests.conftest import REPOSITORY

LOCALES = REPOSITORY / "locales"


MessageId = str | tuple[str, ...]
"""A message's id: its text, or ``(singular, plural)`` for a plural message."""


def _message_id(message: Message) -> MessageId:
    """The id as a set member; babel's type allows a list, which neither ``read_po`` nor extraction produces."""
    assert not isinstance(message.id, list), message.id
    return message.id


def _ids(path: Path, lang: str | None = None) -> set[MessageId]:
    with path.open("rb") as handle:
        return {_message_id(message) for message in read_po(handle, locale=lang) if message.id}


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_catalog_is_complete_and_passes_babels_checkers(lang: str) -> None:
    """No untranslated or fuzzy message, no placeholder mismatch, in any of the five languages."""
    with catalog_path(LOCALES, lang).open("rb") as handle:
        catalog = read_po(handle, locale=lang)
    assert check_catalog(catalog).problems == ()


def test_catalogs_hold_exactly_the_strings_of_the_templates() -> None:
    """Extracting templates/ with babel.cfg gives the .pot's messages, and every .po has the same ones."""
    extracted = {message.id for message in extract_messages(REPOSITORY, REPOSITORY / "babel.cfg") if message.id}
    assert len(extracted) > 50
    assert extracted == _ids(LOCALES / "messages.pot"), "run the pybabel commands in rulebook/site/i18n.py"
    for lang in LANGUAGES:
        assert _ids(catalog_path(LOCALES, lang), lang) == extracted, lang


def test_compiled_catalogs_translate(tmp_path: Path) -> None:
    """.mo files are compiled at build time and give the translations."""
    assert compile_catalogs(LOCALES, tmp_path) == []
    assert load_translations(tmp_path, "hu").gettext("See also") == "Lásd még"
    assert load_translations(tmp_path, "ru").gettext("Glossary") == "Глоссарий"
    assert not list(LOCALES.rglob("*.mo")), ".mo files are build output and never committed"


def test_an_untranslated_message_is_reported_and_falls_back_to_english(tmp_path: Path) -> None:
    """Compiling reports the gap (file + message) and the page shows English for it."""
    locales = tmp_path / "locales"
    for lang in ("en", "de"):
        target = catalog_path(locales, lang)
        target.parent.mkdir(parents=True)
        target.write_text(catalog_path(LOCALES, lang).read_text(encoding="utf-8"), encoding="utf-8")
    german = catalog_path(locales, "de")
    german.write_text(german.read_text(encoding="utf-8").replace('msgstr "Siehe auch"', 'msgstr ""'), encoding="utf-8")
    warnings = compile_catalogs(locales, tmp_path / "mo", ("en", "de"))
    assert warnings == [f"{german}: 'See also': untranslated"]
    assert load_translations(tmp_path / "mo", "de").gettext("See also") == "See also"


def test_a_malformed_catalog_names_its_file(tmp_path: Path) -> None:
    """A syntax error in a .po is a CatalogError naming the file, not a traceback."""
    broken = catalog_path(tmp_path, "nl")
    broken.parent.mkdir(parents=True)
    broken.write_text('msgid "Search"\nmsgstr "Zoeken"\n\nmsgid "Glossary"\n', encoding="utf-8")
    with pytest.raises(CatalogError, match=r"nl/LC_MESSAGES/messages\.po: malformed catalog"):
        compile_catalogs(tmp_path, tmp_path / "mo", ("nl",))


def test_a_missing_catalog_says_how_to_create_it(tmp_path: Path) -> None:
    """No catalog for a language: the message names the path and the pybabel command."""
    with pytest.raises(CatalogError, match=r"catalog not found; create it with `pybabel init -l hu`"):
        compile_catalogs(tmp_path, tmp_path / "mo", ("hu",))
