"""Tests of :mod:`rulebook.site.improve`: "Improve this translation" opens the right unit, or the right file.

The built site is :func:`tests.conftest.history_site` (a Weblate URL configured); the contexts are
the ones the PO export gives the entry's units (:func:`rulebook.translation.catalog.build_catalog`).
"""

from __future__ import annotations

import html
import re
from urllib.parse import parse_qs, urlsplit

import pytest

from rulebook.content.model import Language
from rulebook.errors import SiteError
from rulebook.site.improve import ENTRY_PLACEHOLDER, UNIT_PLACEHOLDER, ImproveLinks, improve_links
from rulebook.translation.catalog import build_catalog, load_content
from tests.conftest import HISTORY_TRANSLATE_URL, HistorySite
from tests.rulebook.content.history_repository import ENTRY_ID

ENTRY_PAGE = "hell-of-a-war/schroot/index.html"


def _weblate_query(url: str) -> str:
    """The search a Weblate link runs (its ``q``)."""
    return parse_qs(urlsplit(url).query)["q"][0]


def test_each_paragraph_opens_its_catalog_unit_in_weblate(history_site: HistorySite) -> None:
    """The German page's paragraph links name, for paragraph N, exactly the export's context of body unit N."""
    content = load_content(history_site.repository.content)
    entry = content.corpus.entries[0]
    contexts = sorted(
        str(message.context)
        for message in build_catalog(content, "de")
        if message.id and str(message.context).startswith(f"{ENTRY_ID}|body#")
    )
    assert contexts == [f"{ENTRY_ID}|body#{unit}" for unit in (1, 2, 3)]
    page = (history_site.root / "de" / ENTRY_PAGE).read_text(encoding="utf-8")
    template = html.unescape(re.search(r'data-rb-improve="([^"]+)"', page).group(1))  # type: ignore[union-attr]
    links = ImproveLinks(HISTORY_TRANSLATE_URL)
    assert template == links.paragraph_template(entry.game, entry.lang, Language.DE)
    assert 'data-rb-improve-label="Diese Übersetzung verbessern"' in page
    # The page script's entry id: the page's prefix, a dot, the slug its text is anchored with.
    prefix = re.search(r'data-rb-prefix="([^"]+)"', page).group(1)  # type: ignore[union-attr]
    slug = re.search(r'data-rb-anchors="([^"]+)"', page).group(1)  # type: ignore[union-attr]
    assert f"{prefix}.{slug}" == ENTRY_ID
    for context in contexts:
        unit = context.rsplit("#", 1)[1]
        url = template.replace(ENTRY_PLACEHOLDER, ENTRY_ID).replace(UNIT_PLACEHOLDER, unit)
        assert url.startswith(f"{HISTORY_TRANSLATE_URL}de/?q=")
        assert _weblate_query(url) == f'context:="{context}"'
        assert url == links.paragraph_url(entry, Language.DE, int(unit))
        assert f'id="schroot-p{unit}"' in page, "the paragraph carrying that number is on the page"


def test_the_reading_view_carries_the_same_links(history_site: HistorySite) -> None:
    """A reading page of the source gives its paragraphs the same template, and each section its entry's slug."""
    reading = next((history_site.root / "de" / "sources" / "how-faq").glob("*/index.html"))
    page = reading.read_text(encoding="utf-8")
    entry = load_content(history_site.repository.content).corpus.entries[0]
    template = html.unescape(re.search(r'data-rb-improve="([^"]+)"', page).group(1))  # type: ignore[union-attr]
    assert template == ImproveLinks(HISTORY_TRANSLATE_URL).paragraph_template(entry.game, entry.lang, Language.DE)
    assert 'data-rb-prefix="how"' in page and 'data-rb-anchors="schroot"' in page
    original = next((history_site.root / "nl" / "sources" / "how-faq").glob("*/index.html"))
    assert "data-rb-improve" not in original.read_text(encoding="utf-8")


def test_the_text_status_line_searches_the_whole_entry(history_site: HistorySite) -> None:
    """The status line's link searches every unit of the entry in the page's language."""
    page = (history_site.root / "en" / ENTRY_PAGE).read_text(encoding="utf-8")
    found = re.search(r'<p class="rb-origin"[^>]*>.*?<a class="rb-improve" href="([^"]+)">([^<]+)</a></p>', page)
    assert found is not None
    assert found.group(2) == "Improve this translation"
    url = html.unescape(found.group(1))
    assert url.startswith(f"{HISTORY_TRANSLATE_URL}en/?q=")
    assert _weblate_query(url) == f'context:"{ENTRY_ID}|"'


def test_the_originals_page_offers_no_improvement(history_site: HistorySite) -> None:
    """The Dutch page shows the original: nothing to improve there."""
    page = (history_site.root / "nl" / ENTRY_PAGE).read_text(encoding="utf-8")
    assert "data-rb-improve" not in page and "rb-improve" not in page


def test_without_weblate_the_edit_url_opens_the_content_file(history_site: HistorySite) -> None:
    """An edit URL sends paragraph and entry to the entry's file, at its path in the repository."""
    content = load_content(history_site.repository.content)
    entry = content.corpus.entries[0]
    links = ImproveLinks(edit_url="https://git.example/rulebook/edit/main/", content_prefix="content/")
    expected = f"https://git.example/rulebook/edit/main/content/hell-of-a-war/{ENTRY_ID}.yaml"
    assert links.paragraph_url(entry, Language.RU, 2) == links.entry_url(entry, Language.RU) == expected
    assert content.files[ENTRY_ID].relative_to(history_site.repository.root).as_posix() == expected.rsplit("main/")[1]
    assert links.paragraph_template(entry.game, entry.lang, Language.RU) == expected.replace(ENTRY_ID, "{entry}")
    assert ImproveLinks().paragraph_url(entry, Language.RU, 2) is None, "nothing configured, nothing offered"
    assert links.paragraph_url(entry, Language.NL, 2) is None, "the original is not a translation to improve"


def test_a_weblate_url_wins_over_the_site_settings_and_bad_ones_are_all_reported() -> None:
    """The command line's URL wins over mkdocs.yml's; every URL that is not http(s) is named at once."""
    settings = {"translate_url": "https://settings.example/translate/p/c/", "edit_url": "https://git.example/edit/"}
    chosen = improve_links("https://cli.example/translate/p/c", None, settings)
    assert chosen.translate_url == "https://cli.example/translate/p/c/"
    assert chosen.edit_url == "https://git.example/edit/"
    with pytest.raises(SiteError) as refused:
        improve_links(None, None, {"translate_url": "weblate.example", "edit_url": 42})
    assert str(refused.value) == (
        "extra.translate_url in mkdocs.yml must start with http:// or https:// (got 'weblate.example'); "
        "extra.edit_url in mkdocs.yml must start with http:// or https:// (got '42')"
    )
