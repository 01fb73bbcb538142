"""The real site in a real browser: languages, switcher, search, layout, accessibility.

The browser is Debian's chromium, driven by Playwright.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from rulebook.bench.browser import wait_for_runs
from rulebook.content.model import LANGUAGES
from tests.site.conftest import Served, serious_violations, serve_folder

SEARCHES = [
    ("de", "Aktionsstapel", "de/hell-of-a-war/aktionsstapel/"),
    ("en", "action stack", "en/hell-of-a-war/aktionsstapel/"),
    ("ru", "снабжения", "ru/unconditional-surrender/7/"),
    ("hu", "ejtőernyős", "hu/strategic-europe/paratroopers/"),
    ("nl", "terugtrekken", "nl/axis-and-allies-2e/retreat/"),
    ("en", "8.1.1", "en/unconditional-surrender/8-1-1/"),
    ("de", "227", "de/hell-of-a-war/227-pfund-bombe/"),
]
"""(tree, query, entry page that must be among the first results), inflected forms included."""

INFLECTED_SEARCHES = [
    ("en", "supply lines", "en/unconditional-surrender/10-2/"),
    ("en", "deployment zones", "en/hell-of-a-war/aufmarschzone/"),
    ("de", "Versorgungslinien", "de/unconditional-surrender/10-2/"),
    ("de", "amphibischen Angriffs", "de/axis-and-allies-2e/amphibious-assaults.retreat/"),
    ("hu", "utánpótlási vonalat", "hu/unconditional-surrender/10-2/"),
    ("hu", "utánpótlási források", "hu/unconditional-surrender/10-1/"),
    ("hu", "kiképzésével", "hu/operation-ww2/driving-test/"),
    ("ru", "источником снабжения", "ru/unconditional-surrender/10-1/"),
    ("ru", "источников снабжения", "ru/unconditional-surrender/10-1-1/"),
    ("ru", "линии снабжения", "ru/unconditional-surrender/10-2/"),
    ("nl", "bevoorradingslijnen", "nl/unconditional-surrender/10-2/"),
    ("nl", "bevoorradingsbronnen", "nl/unconditional-surrender/10-1/"),
]
"""Every tree finds an entry by a case form or a plural of its key term, as the entry's body writes it."""

TOP_RESULTS = 5
"""Pagefind's UI shows five results before "load more"."""

PAGE_RESULT = "li.pagefind-ui__result > .pagefind-ui__result-inner > .pagefind-ui__result-title > a"
"""A result's link to its page (not the sub-results under it)."""
SEARCH_WAIT_MS = 60_000
"""How long a search may take to show its results and filters: Pagefind fetches its index, fragments and filter
data one by one, which under two test workers on a loaded machine has taken past 15 s."""

ENTRY_PER_LANGUAGE = {
    "en": "en/hell-of-a-war/aktionsstapel/",
    "de": "de/hell-of-a-war/aktionsstapel/",
    "hu": "hu/strategic-europe/paratroopers/",
    "ru": "ru/unconditional-surrender/8-1-1.retreat/",
    "nl": "nl/axis-and-allies-2e/retreat/",
}
"""One entry page per tree, each an original (ru, hu, nl, de) or a translation (en)."""


def _open(page: Any, url: str) -> None:
    page.goto(url, wait_until="load")
    assert page.problems == [], page.problems


@pytest.mark.parametrize("lang", LANGUAGES)
def test_home_loads_in_each_language(page: Any, served_site: Served, lang: str) -> None:
    """/<lang>/ loads with every asset, declares its language and lists the five games."""
    _open(page, served_site.url + f"{lang}/")
    assert page.evaluate("document.documentElement.lang") == lang
    assert page.locator(".md-content h2").count() >= 5
    assert page.locator("form.rb-search-form input[name=q]").count() == 1


def test_root_redirects_to_english(page: Any, served_site: Served) -> None:
    """The site root sends the visitor to the English home."""
    page.goto(served_site.url)
    page.wait_for_url(served_site.url + "en/")
    assert page.evaluate("document.documentElement.lang") == "en"


def test_language_switcher_keeps_the_entry(page: Any, served_site: Served) -> None:
    """Choosing another language on an entry page opens the same entry in that language."""
    _open(page, served_site.url + "en/unconditional-surrender/8-1-1/")
    page.hover(".md-header .md-select")
    page.click(".md-select__link[hreflang=de]")
    page.wait_for_url(served_site.url + "de/unconditional-surrender/8-1-1/")
    assert page.evaluate("document.documentElement.lang") == "de"
    assert "8.1.1" in page.locator(".md-content h1").inner_text()
    page.hover(".md-header .md-select")
    page.click(".md-select__link[hreflang=ru]")
    page.wait_for_url(served_site.url + "ru/unconditional-surrender/8-1-1/")
    assert "EZOC" in page.locator(".md-content h1").inner_text()


def _wait_for_first_results(page: Any) -> None:
    """Wait until the first page of results is shown whole: Pagefind's UI adds results one by one, so reading the
    links at the first result's arrival can miss the later ones (a flaky test, seen under load)."""
    page.wait_for_function(
        """(selector) => {
            const message = document.querySelector('.pagefind-ui__message');
            const total = message ? parseInt((message.textContent.match(/\\d+/) || ['0'])[0], 10) : 0;
            return total > 0 && document.querySelectorAll(selector).length >= Math.min(5, total);
        }""",
        arg=PAGE_RESULT,
        timeout=SEARCH_WAIT_MS,
    )


@pytest.mark.parametrize(
    ("lang", "query", "expected"),
    SEARCHES + INFLECTED_SEARCHES,
    ids=[f"{lang}:{query}" for lang, query, _ in SEARCHES + INFLECTED_SEARCHES],
)
def test_search_finds_the_entry(page: Any, served_site: Served, lang: str, query: str, expected: str) -> None:
    """Pagefind, in the page's language, ranks the right entry among the first results and links to it."""
    _open(page, served_site.url + f"{lang}/search/?q={query}")
    _wait_for_first_results(page)
    links = page.eval_on_selector_all(PAGE_RESULT, "links => links.map(a => a.href)")
    assert served_site.url + expected in links[:TOP_RESULTS], links[:TOP_RESULTS]
    page.click(f"{PAGE_RESULT}[href='/{expected}']")
    page.wait_for_url(served_site.url + expected)


def test_search_box_in_the_header_opens_the_search_page(page: Any, served_site: Served) -> None:
    """The header's search button leads to the tree's search page, which takes a query."""
    _open(page, served_site.url + "hu/strategic-europe/paratroopers/")
    page.click(".md-header a[href$='search/']")
    page.wait_for_url(served_site.url + "hu/search/")
    page.fill(".pagefind-ui__search-input", "ejtőernyős")
    page.wait_for_selector(PAGE_RESULT, timeout=SEARCH_WAIT_MS)


def test_search_filters_by_game_source_and_kind(page: Any, served_site: Served) -> None:
    """Results can be narrowed by game, source and kind; a game filter keeps only that game's entries."""
    _open(page, served_site.url + "en/search/?q=retreat")
    page.wait_for_selector(PAGE_RESULT, timeout=SEARCH_WAIT_MS)
    # Pagefind's UI adds the filter names as each filter's data arrives, not with the first result, and in no set
    # order: all three named here must be in before they are read (there are more filters than these).
    page.wait_for_function(
        "['Game', 'Source', 'Kind'].every(name => [...document.querySelectorAll('.pagefind-ui__filter-name')]"
        ".some(element => element.textContent.trim() === name))",
        timeout=SEARCH_WAIT_MS,
    )
    names = page.locator(".pagefind-ui__filter-name").all_inner_texts()
    assert {"Game", "Source", "Kind"} <= {name.strip() for name in names}, names
    page.locator(".pagefind-ui__filter-name", has_text="Game").click()
    page.locator(".pagefind-ui__filter-label", has_text="Axis & Allies").click()
    page.wait_for_timeout(1_000)
    links = page.eval_on_selector_all(PAGE_RESULT, "links => links.map(a => a.getAttribute('href'))")
    assert links and all(link.startswith("/en/axis-and-allies-2e/") for link in links), links


RULE_BEFORE_TERM = [
    ("de", "Aktionsstapel", "glossary/aktionsstapel/"),
    ("de", "Opfern", "glossary/opfern/"),
    ("en", "supply", "glossary/snabzhenie/"),
    ("en", "zone of control", "glossary/zoc/"),
    ("hu", "páncélzat", "glossary/pancelzat/"),
    ("ru", "снабжение", "glossary/snabzhenie/"),
]
"""(tree, a rule's key word, the glossary page of that word): the rules must rank above the term."""


@pytest.mark.parametrize(
    ("lang", "query", "term"), RULE_BEFORE_TERM, ids=[f"{lang}:{query}" for lang, query, _ in RULE_BEFORE_TERM]
)
def test_search_ranks_a_rule_before_the_glossary_term(
    page: Any, served_site: Served, lang: str, query: str, term: str
) -> None:
    """A rule comes first for its key word; the glossary page of the word is still found."""
    _open(page, served_site.url + f"{lang}/search/?q={query}")
    _wait_for_first_results(page)
    links = page.eval_on_selector_all(PAGE_RESULT, "links => links.map(a => a.getAttribute('href'))")
    assert "/glossary/" not in links[0], links
    for _ in range(3):  # the term is still found, a "load more" or two down
        if f"/{lang}/{term}" in links:
            break
        page.click(".pagefind-ui__button")
        page.wait_for_timeout(1_000)
        links = page.eval_on_selector_all(PAGE_RESULT, "links => links.map(a => a.getAttribute('href'))")
    assert f"/{lang}/{term}" in links, links


def test_search_page_fetches_only_the_search_ui_before_a_query(page: Any, served_site: Served) -> None:
    """No index, filter or sitemap is downloaded until the reader types (not even the five sitemaps)."""
    requested: list[str] = []
    page.on("request", lambda request: requested.append(request.url))
    _open(page, served_site.url + "ru/search/")
    page.wait_for_selector(".pagefind-ui__search-input", timeout=SEARCH_WAIT_MS)
    page.wait_for_timeout(1_500)
    fetched = sorted({url.split("?")[0].removeprefix(served_site.url) for url in requested})
    search = [url for url in fetched if url.startswith("pagefind/") or "sitemap" in url]
    assert search == ["pagefind/pagefind-ui.css", "pagefind/pagefind-ui.js"], fetched
    page.fill(".pagefind-ui__search-input", "снабжение")
    page.wait_for_selector(PAGE_RESULT, timeout=SEARCH_WAIT_MS)
    assert any(url.endswith(".pf_index") for url in requested)


def test_a_search_result_does_not_repeat_its_title_as_a_section(page: Any, served_site: Served) -> None:
    """Each page is one result; its sections are listed under it only when they are other sections."""
    _open(page, served_site.url + "en/search/?q=retreat")
    page.wait_for_selector(PAGE_RESULT, timeout=SEARCH_WAIT_MS)
    page.wait_for_timeout(1_000)
    results = page.eval_on_selector_all(
        "li.pagefind-ui__result",
        """items => items.map(item => [
            item.querySelector('.pagefind-ui__result-title > a').textContent.trim(),
            [...item.querySelectorAll('.pagefind-ui__result-nested .pagefind-ui__result-link')]
                .map(a => a.textContent.trim()),
        ])""",
    )
    assert results
    for title, sections in results:
        assert title not in sections, results


def test_search_filter_for_my_language_and_results_first_on_a_phone(page: Any, served_site: Served) -> None:
    """A "Text" filter keeps the pages whose text is in the tree's language; on a phone the filters come after
    the results, so the first result is in view."""
    page.set_viewport_size({"width": 390, "height": 800})
    _open(page, served_site.url + "hu/search/?q=utánpótlás")
    page.wait_for_selector(PAGE_RESULT, timeout=SEARCH_WAIT_MS)
    page.wait_for_function("document.querySelectorAll('.pagefind-ui__filter-name').length >= 4", timeout=SEARCH_WAIT_MS)
    first = page.locator(PAGE_RESULT).first.bounding_box()
    panel = page.locator(".pagefind-ui__filter-panel").bounding_box()
    assert first is not None and panel is not None
    assert first["y"] < 800 and first["y"] < panel["y"], (first, panel)
    page.locator(".pagefind-ui__filter-name", has_text="Szöveg").click()
    # Every Hungarian page has its text in Hungarian today, so "még nem ezen a nyelven" has no pages to offer.
    page.locator(".pagefind-ui__filter-label", has_text=re.compile(r"^\s*ezen a nyelven")).click()
    page.wait_for_timeout(1_000)
    assert page.locator(PAGE_RESULT).count() > 0


@pytest.mark.parametrize("lang", LANGUAGES)
def test_entry_page_fits_a_phone(browser: Any, served_site: Served, lang: str) -> None:
    """At 390×844 an entry page has no horizontal scroll, the original open included."""
    context = browser.new_context(viewport={"width": 390, "height": 844})
    page = context.new_page()
    page.goto(served_site.url + ENTRY_PER_LANGUAGE[lang], wait_until="load")
    for details in page.locator("details.rb-second").all():
        details.evaluate("element => element.open = true")
    width = page.evaluate("[document.documentElement.scrollWidth, document.documentElement.clientWidth]")
    context.close()
    assert width[0] <= width[1], f"page is {width[0]} px wide in a {width[1]} px viewport"


def test_show_original_toggle_and_copy_link(page: Any, served_site: Served) -> None:
    """The original opens beside the translation on a wide screen; "copy link" copies the page's URL."""
    page.context.grant_permissions(["clipboard-read", "clipboard-write"])
    _open(page, served_site.url + "en/hell-of-a-war/aktionsstapel/")
    original = page.locator("details.rb-second")
    assert original.get_attribute("open") is None
    original.locator("summary").click()
    translation_box = page.locator(".rb-texts > .rb-text").bounding_box()
    original_box = original.bounding_box()
    assert original_box["x"] > translation_box["x"] + translation_box["width"] - 1, (
        "original is not beside the translation"
    )
    assert "Aktionsstapel" in original.inner_text()
    button = page.locator("button.rb-copy")
    button.click()
    page.wait_for_function("document.querySelector('button.rb-copy').textContent.includes('copied')")
    assert page.evaluate("navigator.clipboard.readText()") == served_site.url + "en/hell-of-a-war/aktionsstapel/"


@pytest.fixture(scope="module")
def untranslated_site(sample_site: Path) -> Iterator[Served]:
    """The sample content in Hungarian: ``how.abwerfen`` has a German original, an English draft, no Hungarian body.

    Every entry of the real content now has a body in every language, so the fallback is
    shown on the sample content (the session's build of it, see ``tests/conftest.py``).
    """
    server, url = serve_folder(sample_site)
    yield Served(sample_site, url)
    server.shutdown()
    server.server_close()


def test_untranslated_entry_shows_original_with_notice_and_english(page: Any, untranslated_site: Served) -> None:
    """Without a Hungarian body, the Hungarian page shows the German original, a notice and the English draft."""
    _open(page, untranslated_site.url + "hu/hell-of-a-war/abwerfen/")
    assert page.locator(".rb-notice").is_visible()
    assert page.locator(".rb-texts > .rb-text").get_attribute("lang") == "de"
    english = page.locator("details.rb-second")
    assert english.get_attribute("open") is not None
    assert english.locator(".rb-text").get_attribute("lang") == "en"


@pytest.mark.parametrize("lang", LANGUAGES)
def test_accessibility_of_home_and_an_entry(page: Any, served_site: Served, axe_script: Path, lang: str) -> None:
    """axe-core finds no serious or critical violation on the home page or an entry page, light and dark."""
    found = []
    for path in (f"{lang}/", ENTRY_PER_LANGUAGE[lang]):
        for scheme in ("light", "dark"):
            page.emulate_media(color_scheme=scheme)
            _open(page, served_site.url + path)
            found += [f"{path} [{scheme}] {violation}" for violation in serious_violations(page, axe_script)]
    assert found == []


def test_print_stylesheet_hides_navigation(page: Any, served_site: Served) -> None:
    """Printed, an entry page shows the text without header, sidebars or the copy button."""
    _open(page, served_site.url + "en/hell-of-a-war/aktionsstapel/")
    page.emulate_media(media="print")
    hidden = page.evaluate("""() => ['.md-header', '.md-sidebar--primary', '.rb-actions']
        .map(s => getComputedStyle(document.querySelector(s)).display)""")
    assert hidden == ["none", "none", "none"]
    assert page.locator(".rb-entry .rb-text").first.is_visible()


def test_dark_mode_toggle(page: Any, served_site: Served) -> None:
    """The palette toggle switches the page to the dark scheme."""
    page.emulate_media(color_scheme="light")
    _open(page, served_site.url + "nl/")
    assert page.evaluate("document.body.getAttribute('data-md-color-scheme')") == "default"
    page.click("form[data-md-component=palette] label:visible")
    assert page.evaluate("document.body.getAttribute('data-md-color-scheme')") == "slate"


CONTRAST_PAGES = [
    "{lang}/",
    ENTRY_PER_LANGUAGE["en"].replace("en/", "{lang}/", 1),
    "{lang}/sources/us-service-rules/8/",
    "{lang}/search/",
    "{lang}/calculators/oww2-to-hit/",
    "{lang}/glossary/",
    "{lang}/examples/operation-ww2/",
]
"""Home, an entry (with "Copy link" and worked examples' "Try it"), a reading view,
search, a calculator, the glossary and an examples page."""


def test_color_contrast_in_light_and_dark(page: Any, served_site: Served, axe_script: Path) -> None:
    """axe-core's color-contrast rule finds no violation in either palette (WCAG AA), hidden buttons shown.

    Each page is loaded once and checked in the light palette, then in the dark one (loading every
    page again for the second palette doubled the test's time)."""
    found = []
    for lang in ("en", "ru"):
        for path in CONTRAST_PAGES:
            url = served_site.url + path.format(lang=lang)
            _open(page, url)
            page.wait_for_load_state("networkidle")  # the calculator's runtime: loaded, not cut off by the next page
            if "calculators/" in path:
                # Its worker computes after the network is idle: the live answer, not the one dimmed while it comes.
                wait_for_runs(page, 1)
            # The theme fades the background between palettes; axe must see the final colours.
            page.add_style_tag(content="*, *::before, *::after { transition: none !important; }")
            page.evaluate(
                """() => {
                    document.querySelectorAll('button[hidden], .rb-actions [hidden]').forEach(e => e.hidden = false);
                    document.querySelectorAll('details').forEach(d => d.open = true);
                }"""
            )
            page.add_script_tag(path=str(axe_script))
            backgrounds = set()
            for scheme in ("default", "slate"):
                page.evaluate("scheme => document.body.setAttribute('data-md-color-scheme', scheme)", scheme)
                backgrounds.add(page.evaluate("getComputedStyle(document.body).backgroundColor"))
                result = page.evaluate("axe.run(document, {runOnly: ['color-contrast'], resultTypes: ['violations']})")
                buttons = page.locator(".md-typeset .md-button:visible").count()
                where = f"{path.format(lang=lang)} [{scheme}]"
                found += [
                    f"{where} {node['target']}: {[check['message'] for check in node['any']]}"
                    for violation in result["violations"]
                    for node in violation["nodes"]
                ]
                if "examples" in path or "aktionsstapel" in path:
                    assert buttons > 0, f"{url}: no button was evaluated"
            assert len(backgrounds) == 2, f"{url}: the dark palette did not apply"
    assert found == []


def test_a_worked_example_is_compact_on_its_entry_and_whole_one_tap_away(page: Any, served_site: Served) -> None:
    """On the rule's page an example shows its title, answer, badge and Try it, with the scenario and
    the steps folded away; one tap opens them: the scenario as a table or list, every step linked to its rule."""
    page.set_viewport_size({"width": 390, "height": 800})
    _open(page, served_site.url + "de/hell-of-a-war/aktionsstapel/")
    example = page.locator("section.rb-example").first
    assert example.locator(".rb-verified").count() == 1 and example.locator("a.rb-try").count() == 1
    assert example.locator(".rb-answer").is_visible()
    more = example.locator("details.rb-more")
    assert more.get_attribute("open") is None
    assert not example.locator(".rb-scenario").is_visible()
    more.locator("summary").click()
    assert more.get_attribute("open") is not None
    scenario = example.locator(".rb-scenario")
    assert scenario.is_visible() and scenario.locator("table, dl").count() >= 1
    assert "{" not in scenario.inner_text() and "- " not in scenario.inner_text()  # never YAML or JSON
    steps = more.locator("ol > li")
    assert steps.count() >= 2
    for index in range(steps.count()):  # each step names its rule: a link, or this page's own rule in italics
        assert steps.nth(index).locator(":scope > a, :scope > em").count() >= 1, steps.nth(index).inner_text()
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= 390, width  # the opened tables fit the phone
