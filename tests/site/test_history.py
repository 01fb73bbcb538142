"""An entry's History, "What changed" and the paragraph menu in the browser, at a phone's size.

Debian's chromium on the small site of :func:`tests.conftest.history_site` (an entry whose Dutch
original and German translation changed in a second commit; a Weblate URL configured), tapped at a
390 px touch viewport.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any
from urllib.parse import parse_qs, urlsplit

import pytest

from rulebook.content.model import Language
from rulebook.site.improve import ImproveLinks
from rulebook.translation.catalog import load_content
from tests.conftest import HISTORY_TRANSLATE_URL, HistorySite
from tests.rulebook.content.history_repository import ENTRY_ID
from tests.site.conftest import record_problems, serve_folder

ENTRY = "de/hell-of-a-war/schroot/"


@pytest.fixture(scope="module")
def site_url(history_site: HistorySite) -> Iterator[str]:
    """The history site served on 127.0.0.1."""
    server, url = serve_folder(history_site.root)
    yield url
    server.shutdown()
    server.server_close()


@pytest.fixture()
def phone(browser: Any) -> Iterator[Any]:
    """A page at a 390 × 844 touch viewport that records failed requests and page errors."""
    context = browser.new_context(viewport={"width": 390, "height": 844}, is_mobile=True, has_touch=True)
    yield record_problems(context.new_page())
    context.close()


def _no_sideways_scroll(page: Any) -> None:
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= 390, f"the page scrolls sideways ({width} px wide)"


def test_a_paragraphs_menu_opens_its_unit_in_weblate(phone: Any, site_url: str, history_site: HistorySite) -> None:
    """Tapping paragraph 2's ¶ opens its menu beside it; "Diese Übersetzung verbessern" leads to body#2 in Weblate."""
    phone.goto(site_url + ENTRY, wait_until="load")
    pilcrow = phone.locator("[id='schroot-p2'] .rb-para")
    pilcrow.tap()
    menu = phone.locator("[id='schroot-p2'] #rb-para-menu")
    menu.wait_for(state="visible")
    assert pilcrow.get_attribute("aria-expanded") == "true"
    improve = menu.locator("a.rb-para-improve")
    assert improve.inner_text() == "Diese Übersetzung verbessern"
    href = improve.get_attribute("href")
    entry = load_content(history_site.repository.content).corpus.entries[0]
    assert href == ImproveLinks(HISTORY_TRANSLATE_URL).paragraph_url(entry, Language.DE, 2)
    assert parse_qs(urlsplit(href).query)["q"] == [f'context:="{ENTRY_ID}|body#2"']
    box = improve.bounding_box()
    assert box is not None and box["x"] >= 0 and box["x"] + box["width"] <= 390 and box["height"] >= 44
    copy = menu.locator("button.rb-para-copy")
    assert copy.inner_text() == "Link kopieren"
    copy.tap()
    phone.wait_for_function("document.querySelector('.rb-para-copy').textContent === 'Link kopiert'")
    _no_sideways_scroll(phone)
    pilcrow.tap()
    menu.wait_for(state="detached")
    assert pilcrow.get_attribute("aria-expanded") == "false"
    phone.locator("[id='schroot-p3'] .rb-para").tap()
    other = phone.locator("[id='schroot-p3'] #rb-para-menu a.rb-para-improve")
    assert parse_qs(urlsplit(other.get_attribute("href")).query)["q"] == [f'context:="{ENTRY_ID}|body#3"']
    assert phone.locator("#rb-para-menu").count() == 1, "one menu open at a time"
    assert phone.problems == [], phone.problems


def test_a_reading_pages_paragraph_menu_names_its_entry(phone: Any, site_url: str) -> None:
    """In the reading view, the ¶ menu of a section's paragraph opens that entry's unit."""
    phone.goto(site_url + "de/sources/how-faq/", wait_until="load")
    phone.locator(".rb-read-source a").tap()
    phone.wait_for_url("**/de/sources/how-faq/*/")
    phone.locator("[id='schroot-p1'] .rb-para").tap()
    improve = phone.locator("[id='schroot-p1'] #rb-para-menu a.rb-para-improve")
    assert parse_qs(urlsplit(improve.get_attribute("href")).query)["q"] == [f'context:="{ENTRY_ID}|body#1"']
    _no_sideways_scroll(phone)
    assert phone.problems == [], phone.problems


def test_what_changed_leads_to_the_change_in_its_entrys_history(
    phone: Any, site_url: str, history_site: HistorySite
) -> None:
    """The changes page's newest item opens the entry with its History open at that change; the original's
    diff is one more tap away."""
    phone.goto(site_url + "de/changes/", wait_until="load")
    phone.locator("article a[href*='#history-']").first.tap()
    anchor = f"history-{history_site.repository.commits[1][:12]}"
    phone.wait_for_url(f"**/{ENTRY}#{anchor}")
    history = phone.locator("details#history")
    assert history.evaluate("d => d.open"), "the History opened for the change linked"
    change = phone.locator(f"[id='{anchor}']")
    top = change.evaluate("c => c.getBoundingClientRect().top")
    assert 0 <= top < 844, f"the change is not scrolled into view (top {top})"
    assert change.locator(".rb-diff[lang='de'] del").inner_text() == "alte"
    original = change.locator("details.rb-diff-original")
    assert not original.evaluate("d => d.open")
    original.locator("summary").tap()
    assert original.locator(".rb-diff[lang='nl'] ins").first.inner_text() == "nieuwe"
    _no_sideways_scroll(phone)
    assert phone.problems == [], phone.problems


def test_the_history_opens_with_a_tap(phone: Any, site_url: str) -> None:
    """Closed at first, the History opens on its summary and lists both changes, newest first."""
    phone.goto(site_url + "en/hell-of-a-war/schroot/", wait_until="load")
    history = phone.locator("details#history")
    assert not history.evaluate("d => d.open")
    history.locator("summary").first.tap()
    dates = history.locator(".rb-change-head time").all_inner_texts()
    assert dates == ["April 2, 2026", "March 1, 2026"]
    _no_sideways_scroll(phone)
