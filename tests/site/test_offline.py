"""The site without a connection: "keep offline", the service worker on every page, the web app manifest.

Debian's chromium at phone size opens the session-built site from a local server, keeps a game
(or a whole tree) offline with one tap, and then the server is stopped — not only the browser set
offline — so every page it opens afterwards comes from what the worker kept.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from babel.messages.pofile import read_po

from rulebook.bench.browser import serve_counting, wait_for_runs
from rulebook.content.model import Corpus
from rulebook.site.i18n import catalog_path
from rulebook.site.offline import KEEP_FOLDER
from tests.conftest import REPOSITORY
from tests.site.conftest import BuiltSite, serious_violations

KEEP_TIMEOUT_MS = 240_000
"""Keeping a tree stores about 35 MB (the runtime is most of it) through a local server."""


def _words(lang: str) -> dict[str, str]:
    """msgid → translation of the site catalog of ``lang``."""
    with catalog_path(REPOSITORY / "locales", lang).open("rb") as handle:
        return {
            m.id: m.string
            for m in read_po(handle, locale=lang)
            if isinstance(m.id, str) and m.id and isinstance(m.string, str)
        }


@pytest.fixture()
def phone(browser: Any) -> Iterator[Any]:
    """A fresh context the size of a phone held upright (390×844), with its page errors recorded."""
    context = browser.new_context(viewport={"width": 390, "height": 844})
    page = context.new_page()
    page.problems = []
    page.on("pageerror", lambda error: page.problems.append(f"page error: {error}"))
    yield page
    context.close()


def _keep(page: Any, game: str) -> None:
    """Tap "keep offline" for ``game`` and wait until the worker says it is kept."""
    button = page.locator(f'[data-rb-keep-offline="{game}"]')
    button.wait_for(state="visible")
    section = page.locator(".rb-keep")
    page.wait_for_function("document.querySelector('.rb-keep').dataset.state === 'ready'")
    assert re.search(r"\d", section.locator(".rb-keep-status").inner_text())  # the size, before it starts
    button.click()
    page.wait_for_function(
        "['kept', 'failed'].includes(document.querySelector('.rb-keep').dataset.state)", timeout=KEEP_TIMEOUT_MS
    )
    assert section.get_attribute("data-state") == "kept", section.locator(".rb-keep-status").inner_text()
    assert page.locator("[data-rb-keep-remove]").is_visible()


def _entries_never_visited(corpus: Corpus, lang: str, game: str, count: int) -> list[str]:
    return [f"{lang}/{e.game}/{e.slug}/" for e in corpus.entries if e.game == game][:count]


def _search(page: Any, url: str, lang: str, query: str) -> list[str]:
    """The titles of the search results shown for ``query``, offline."""
    page.goto(f"{url}{lang}/search/?q={query}")
    results = page.locator(".pagefind-ui__result-link")
    results.first.wait_for(timeout=60_000)
    return [title for title in results.all_inner_texts() if title.strip()]


def _offline_checks(page: Any, url: str, lang: str, corpus: Corpus, kept_game: str, other_game: str | None) -> None:
    """Ten entries never visited, a reading view, a card, search and the stack calculator, without a server."""
    words = _words(lang)
    for path in _entries_never_visited(corpus, lang, kept_game, 10):
        response = page.goto(url + path)
        assert response is not None and response.ok, path
        assert page.locator("h1").first.inner_text().strip(), path
    source = next(s for s in corpus.sources if s.game == kept_game)
    page.goto(f"{url}{lang}/sources/{source.id}/")
    page.locator("a[href*='/sources/']").first.wait_for()
    reading = page.locator(".md-content a[href]").evaluate_all(
        "(links, id) => links.map(a => a.href).filter(h => h.includes(`/sources/${id}/`) && !h.endsWith(`/${id}/`))",
        source.id,
    )
    assert reading
    assert page.goto(reading[0]).ok
    card = next(c for c in corpus.cards if c.game == kept_game)
    assert page.goto(f"{url}{lang}/{card.game}/cards/{card.id}/").ok
    assert _search(page, url, lang, "Aktionsstapel")
    page.goto(f"{url}{lang}/calculators/stack/")
    wait_for_runs(page, 1)
    assert page.locator("[data-rb-calculator] .rb-trace").count() > 0
    if other_game is not None:
        entry = next(e for e in corpus.entries if e.game == other_game)
        page.goto(f"{url}{lang}/{entry.game}/{entry.slug}/")
        assert page.locator("h1").first.inner_text() == words["Not kept offline"]
        assert f"/{entry.game}/{entry.slug}/" in page.locator("[data-rb-not-kept]").inner_text()


def test_a_game_kept_offline_works_without_the_server(phone: Any, built_site: BuiltSite, real_corpus: Corpus) -> None:
    """/de/ only, "keep offline" for Hell of a War, server stopped: its pages, search and calculator work."""
    with serve_counting(built_site.root) as (url, _):
        phone.goto(url + "de/hell-of-a-war/")
        _keep(phone, "hell-of-a-war")
    _offline_checks(phone, url, "de", real_corpus, "hell-of-a-war", "unconditional-surrender")
    assert phone.problems == []


def test_a_whole_tree_kept_offline_from_the_home_page(phone: Any, built_site: BuiltSite, real_corpus: Corpus) -> None:
    """/ru/ with "all" on the home page: every game's pages work without the server."""
    with serve_counting(built_site.root) as (url, _):
        phone.goto(url + "ru/")
        _keep(phone, "all")
    _offline_checks(phone, url, "ru", real_corpus, "hell-of-a-war", None)
    entry = next(e for e in real_corpus.entries if e.game == "unconditional-surrender")
    assert phone.goto(f"{url}ru/{entry.game}/{entry.slug}/").ok
    assert phone.locator("h1").first.inner_text() != _words("ru")["Not kept offline"]


def test_a_kept_game_is_removed(phone: Any, built_site: BuiltSite) -> None:
    """ "Remove from this device" deletes the record, and the button offers to keep it again."""
    with serve_counting(built_site.root) as (url, _):
        phone.goto(url + "nl/strategic-europe/")
        _keep(phone, "strategic-europe")
        phone.locator("[data-rb-keep-remove]").click()
        phone.wait_for_function("document.querySelector('.rb-keep').dataset.state === 'removed'")
        assert phone.locator('[data-rb-keep-offline="strategic-europe"]').is_visible()
        phone.reload()
        phone.wait_for_function("document.querySelector('.rb-keep').dataset.state === 'ready'")


def test_every_page_registers_the_worker_and_the_site_installs(phone: Any, built_site: BuiltSite) -> None:
    """An entry page (no calculator) is controlled by the site's worker; its manifest and icons are reachable."""
    with serve_counting(built_site.root) as (url, _):
        phone.goto(url + "hu/hell-of-a-war/aktionsstapel/")
        phone.evaluate("navigator.serviceWorker.ready")
        phone.reload()
        assert phone.evaluate("navigator.serviceWorker.controller !== null")
        scope = phone.evaluate("navigator.serviceWorker.ready.then(r => r.scope)")
        assert scope == url
        worker = (built_site.root / "sw.js").read_text(encoding="utf-8")
        assert 'addEventListener("fetch"' in worker
        href = phone.eval_on_selector('link[rel="manifest"]', "link => link.href")
        assert href == f"{url}hu/manifest.webmanifest"
        manifest = phone.evaluate("href => fetch(href).then(r => r.json())", href)
        assert manifest["lang"] == "hu"
        assert manifest["name"] == _words("hu")["Rulebook: rules reference for WWII games"]
        assert manifest["short_name"] and manifest["display"] == "standalone"
        start = phone.evaluate("([s, base]) => new URL(s, base).href", [manifest["start_url"], href])
        assert (
            start == scope + "hu/" == phone.evaluate("([s, base]) => new URL(s, base).href", [manifest["scope"], href])
        )
        sizes = {(icon["sizes"], icon.get("purpose", "any")) for icon in manifest["icons"]}
        assert {("192x192", "any"), ("512x512", "any"), ("512x512", "maskable")} <= sizes
        for icon in manifest["icons"]:
            size = phone.evaluate(
                """([src, base]) => new Promise((done, fail) => { const img = new Image();
                     img.onload = () => done([img.naturalWidth, img.naturalHeight]); img.onerror = fail;
                     img.src = new URL(src, base).href; })""",
                [icon["src"], href],
            )
            assert f"{size[0]}x{size[1]}" == icon["sizes"]


def test_keep_offline_control_accessibility(phone: Any, built_site: BuiltSite, axe_script: Path) -> None:
    """axe finds nothing serious on the "keep offline" control, before and after keeping."""
    with serve_counting(built_site.root) as (url, _):
        phone.goto(url + "en/operation-ww2/")
        phone.wait_for_function("document.querySelector('.rb-keep').dataset.state === 'ready'")
        assert serious_violations(phone, axe_script, "document.querySelector('.rb-keep')") == []
        box = phone.locator('[data-rb-keep-offline="operation-ww2"]').bounding_box()
        assert box is not None and box["height"] >= 44 and box["x"] + box["width"] <= 390


class TestManifests:
    """What the build lists for each game and tree."""

    def test_each_tree_lists_every_game_and_all(self, built_site: BuiltSite, real_corpus: Corpus) -> None:
        """Every file listed exists with the size and digest given; the runtime and search come with each game."""
        import hashlib

        for lang in ("de", "ru"):
            folder = built_site.root / lang / KEEP_FOLDER
            assert {p.stem for p in folder.glob("*.json")} == {g.id for g in real_corpus.games} | {"all"}
            manifest = json.loads((folder / "hell-of-a-war.json").read_text(encoding="utf-8"))
            urls = {item["url"] for item in manifest["files"]}
            assert f"{lang}/hell-of-a-war/aktionsstapel/" in urls and f"{lang}/offline/" in urls
            assert "_runtime/adjudicator.zip" in urls and f"{lang}/calculators/stack/" in urls
            assert not [u for u in urls if u.startswith(f"{lang}/unconditional-surrender/")]
            for item in manifest["files"][::25]:
                path = built_site.root / (item["url"] + "index.html" if item["url"].endswith("/") else item["url"])
                data = path.read_bytes()
                assert (len(data), hashlib.sha256(data).hexdigest()[: len(item["digest"])]) == (
                    item["size"],
                    item["digest"],
                )

    def test_kept_pages_and_index_per_game(self, built_site: BuiltSite) -> None:
        """The build reports the bytes kept per language, game and part (the benchmark's figures)."""
        sizes = built_site.report.offline_bytes
        assert set(sizes) >= {"de", "ru"}
        assert all(
            parts["runtime"] > 0 and parts["pages"] > 0 and parts["search"] > 0 for parts in sizes["de"].values()
        )
        assert sizes["de"]["all"]["pages"] > sizes["de"]["hell-of-a-war"]["pages"]
