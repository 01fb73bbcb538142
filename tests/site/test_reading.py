"""The reading view in the browser: whole sources page by page, entries in context.

Debian's chromium on the session's built real site (:mod:`tests.site.conftest`).
"""

from __future__ import annotations

from typing import Any

import pytest

from rulebook.content.model import LANGUAGES
from tests.site.conftest import Served

ORIGINAL_LANGUAGE = "ru"
"""The language of the Unconditional Surrender! service rules, the source the tests read."""


def _open(page: Any, url: str) -> None:
    page.goto(url, wait_until="load")
    assert page.problems == [], page.problems


def _section_ids(page: Any) -> list[str]:
    ids: list[str] = page.eval_on_selector_all("section.rb-read > :is(h2, h3, h4, h5, h6)", "hs => hs.map(h => h.id)")
    return ids


@pytest.mark.parametrize("lang", LANGUAGES)
def test_reading_view_in_each_language(page: Any, served_site: Served, lang: str) -> None:
    """The source page leads to its reading view: the tree's language, sections in order, the original a tap away."""
    _open(page, served_site.url + f"{lang}/sources/us-service-rules/")
    page.click(".rb-read-source a")
    page.wait_for_url(served_site.url + f"{lang}/sources/us-service-rules/service-rules/")
    assert page.evaluate("document.documentElement.lang") == lang
    ids = _section_ids(page)
    assert ids[0] == "service-rules" and "5" in ids and len(ids) == len(set(ids)), ids
    section = page.locator("section.rb-read", has=page.locator("[id='5']"))
    shown = section.locator(".rb-texts > .rb-text")
    assert shown.get_attribute("lang") == lang and shown.is_visible()
    if lang != ORIGINAL_LANGUAGE:
        original = section.locator("details.rb-second")
        assert not original.locator(".rb-text").is_visible()
        original.locator("summary").click()
        assert original.locator(".rb-text").get_attribute("lang") == ORIGINAL_LANGUAGE
        assert original.locator(".rb-text").is_visible()
    else:
        assert section.locator("details").count() == 0


def test_read_in_context_round_trip(page: Any, served_site: Served) -> None:
    """An entry page's "Read in context" opens its section in the reading view; the section links back."""
    entry_url = served_site.url + "de/unconditional-surrender/8-1-1/"
    _open(page, entry_url)
    page.click(".rb-citation a[href*='#8-1-1']")
    page.wait_for_url("**/de/sources/us-service-rules/**#8-1-1")
    heading = page.locator("[id='8-1-1']")
    assert heading.is_visible() and "8.1.1" in heading.inner_text()
    top = heading.evaluate("h => h.getBoundingClientRect().top")
    assert 0 <= top < page.viewport_size["height"], f"the section is not scrolled into view (top {top})"
    page.locator("section.rb-read", has=heading).locator(".rb-read-entry a").click()
    page.wait_for_url(entry_url)


def test_previous_and_next_follow_the_reading_order(page: Any, served_site: Served) -> None:
    """Next on an entry page opens the entry of the following section of the reading view, Previous comes back."""
    _open(page, served_site.url + "en/sources/aa2-clarifications/letter-header/")
    ids = _section_ids(page)
    assert len(ids) >= 3, ids
    entry_url = served_site.url + f"en/axis-and-allies-2e/{ids[1]}/"
    _open(page, entry_url)
    page.click(".rb-pager-next a")
    page.wait_for_url(served_site.url + f"en/axis-and-allies-2e/{ids[2]}/")
    page.click(".rb-pager-previous a")
    page.wait_for_url(entry_url)


def test_language_menu_keeps_the_reading_page(page: Any, served_site: Served) -> None:
    """A reading page holds the same sections in every tree, so the language menu leads to the same page."""
    path = "sources/how-faq/vorwort/"
    _open(page, served_site.url + "en/" + path)
    english = _section_ids(page)
    page.hover(".md-header .md-select")
    page.click(".md-select__link[hreflang=hu]")
    page.wait_for_url(served_site.url + "hu/" + path)
    assert _section_ids(page) == english
