"""Checks on the built real site's files: languages, deep links, page weight, links and assets, search index."""

from __future__ import annotations

import re
from html.parser import HTMLParser
from pathlib import Path
from typing import Any
from urllib.parse import unquote, urljoin, urlsplit

import pytest

from rulebook.content.model import LANGUAGES, Corpus
from tests.site.conftest import BuiltSite

ENTRY_PAGE_LIMIT = 50 * 1024
"""An entry page's HTML is at most 50 KB."""

PAGE_LIMIT = 60 * 1024
"""No page's HTML is larger than 60 KB."""

_SECTION_ID = re.compile(r'<section class="rb-read">\s*<h[2-6] id="([^"]+)"')
_IN_CONTEXT = re.compile(r'<div class="rb-citation">.*?<a href="([^"#]*/sources/[^"#]+#[^"]+)">', re.DOTALL)


class _Links(HTMLParser):
    def __init__(self) -> None:
        super().__init__()
        self.links: list[str] = []
        self.lang: str | None = None

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        values = dict(attrs)
        if tag == "html":
            self.lang = values.get("lang")
        for name in ("href", "src"):
            value = values.get(name)
            if value and not (tag == "link" and values.get("rel") in ("canonical", "alternate")):
                self.links.append(value)


def _parse(path: Path) -> _Links:
    parser = _Links()
    parser.feed(path.read_text(encoding="utf-8"))
    return parser


def _html_files(root: Path) -> list[Path]:
    return sorted(root.rglob("*.html"))


@pytest.fixture(scope="module")
def entry_pages(built_site: BuiltSite, real_corpus: Corpus) -> dict[str, Path]:
    """Where each entry's page should be, per language: /<lang>/<game>/<slug>/index.html."""
    corpus = real_corpus
    return {
        f"{lang}/{entry.game}/{entry.slug}": built_site.root / lang / entry.game / entry.slug / "index.html"
        for lang in LANGUAGES
        for entry in corpus.entries
    }


@pytest.fixture(scope="module")
def parsed_pages(built_site: BuiltSite) -> dict[Path, _Links]:
    """Every HTML file of the site, parsed once for the tests below."""
    return {path: _parse(path) for path in _html_files(built_site.root)}


def test_every_entry_has_a_stable_page_in_every_language(entry_pages: dict[str, Path]) -> None:
    """/<lang>/<game>/<slug>/ exists for every entry and every language, derived from the id only."""
    missing = [url for url, path in entry_pages.items() if not path.is_file()]
    assert missing == []


def test_every_page_declares_its_trees_language(built_site: BuiltSite, parsed_pages: dict[Path, _Links]) -> None:
    """<html lang> is the tree's language on every page of every tree."""
    wrong = []
    for path, parsed in parsed_pages.items():
        tree = path.relative_to(built_site.root).parts[0]
        if tree in LANGUAGES and parsed.lang != tree:
            wrong.append(f"{path.relative_to(built_site.root)}: lang={parsed.lang!r}")
    assert wrong == []


def test_entry_pages_stay_under_50_kb(entry_pages: dict[str, Path]) -> None:
    """No entry page's HTML is larger than 50 KB (pruned navigation, no theme indentation, example budget)."""
    sizes = {url: path.stat().st_size for url, path in entry_pages.items()}
    heavy = {url: size for url, size in sizes.items() if size > ENTRY_PAGE_LIMIT}
    print(f"\nentry pages: largest {max(sizes.values())} bytes, mean {sum(sizes.values()) // len(sizes)} bytes")
    assert heavy == {}


def test_crawl_finds_no_broken_internal_link_or_missing_asset(
    built_site: BuiltSite, parsed_pages: dict[Path, _Links]
) -> None:
    """Every href/src inside the site resolves to a file of the site (a page, an asset, an anchor's page)."""
    root = built_site.root
    broken: list[str] = []
    checked = 0
    for path, parsed in parsed_pages.items():
        base = "/" + path.relative_to(root).as_posix()
        for link in parsed.links:
            parts = urlsplit(link)
            if parts.scheme or parts.netloc or link.startswith(("#", "mailto:", "data:")):
                continue
            target = unquote(urlsplit(urljoin(base, link)).path)
            candidate = root / target.lstrip("/")
            if target.endswith("/"):
                candidate = candidate / "index.html"
            checked += 1
            if not candidate.is_file():
                broken.append(f"{path.relative_to(root)} → {link}")
    assert checked > 10_000
    assert broken[:20] == []


def test_root_page_sends_visitors_to_the_english_tree(built_site: BuiltSite) -> None:
    """site/index.html redirects to en/ and links every language's home."""
    html = (built_site.root / "index.html").read_text(encoding="utf-8")
    assert 'http-equiv="refresh" content="0; url=en/"' in html
    for lang in LANGUAGES:
        assert f'href="{lang}/"' in html


def test_search_index_has_one_language_each(built_site: BuiltSite) -> None:
    """Pagefind made one index per <html lang>, each with a measured size."""
    sizes = built_site.report.search_index_bytes
    print(f"\nsearch index bytes per language: {sizes}")
    assert sorted(sizes) == sorted(LANGUAGES)
    assert all(size > 10_000 for size in sizes.values())


@pytest.mark.parametrize("lang", LANGUAGES)
def test_ui_strings_are_in_the_trees_language(built_site: BuiltSite, lang: str) -> None:
    """The entry page's UI words come from the tree's catalog (here: the 'See also' heading)."""
    expected = {"en": "See also", "de": "Siehe auch", "hu": "Lásd még", "ru": "См. также", "nl": "Zie ook"}[lang]
    html = (built_site.root / lang / "hell-of-a-war" / "aktionsstapel" / "index.html").read_text(encoding="utf-8")
    assert re.search(rf"<h2[^>]*>{re.escape(expected)}</h2>", html)


def test_pages_stay_under_60_kb(built_site: BuiltSite) -> None:
    """No page is heavier than 60 KB of HTML: reading views and the worked examples' pages included."""
    sizes = {
        path.relative_to(built_site.root).as_posix(): path.stat().st_size
        for lang in LANGUAGES
        for path in (built_site.root / lang).rglob("*.html")
    }
    reading = {page: size for page, size in sizes.items() if "/sources/" in page}
    examples = {page: size for page, size in sizes.items() if "/examples/" in page}
    print(f"\nsource, index and reading pages: {len(reading)}, largest {max(reading.values())} bytes")
    print(f"examples pages: {len(examples)}, largest {max(examples.values())} bytes")
    assert len(reading) > 5 * 30
    assert len(examples) > 5 * 6  # the index and at least one page per game, split where heavy
    assert {page: size for page, size in sizes.items() if size > PAGE_LIMIT} == {}


def test_every_entry_is_read_in_context(built_site: BuiltSite, entry_pages: dict[str, Path]) -> None:
    """Each entry is one section of its source's reading view (id = slug), and its page links that section."""
    root = built_site.root
    missing = []
    sections: dict[str, list[str]] = {}
    for lang in LANGUAGES:
        for page in (root / lang / "sources").glob("*/*/index.html"):
            sections[page.relative_to(root).as_posix()] = _SECTION_ID.findall(page.read_text(encoding="utf-8"))
    for url, path in entry_pages.items():
        lang, _, slug = url.split("/")
        html = path.read_text(encoding="utf-8")
        found = _IN_CONTEXT.search(html)
        if found is None:
            missing.append(f"{url}: no 'read in context' link")
            continue
        target, fragment = urljoin("/" + path.relative_to(root).as_posix(), found.group(1)).split("#")
        page = target.lstrip("/") + "index.html"
        if fragment != slug or slug not in sections.get(page, []):
            missing.append(f"{url} → {found.group(1)}")
    assert missing[:10] == []
    per_language = [
        sorted(s for page, ids in sections.items() if page.startswith(f"{lang}/") for s in ids) for lang in LANGUAGES
    ]
    assert all(ids == per_language[0] for ids in per_language)
    assert len(per_language[0]) == len(entry_pages) // len(LANGUAGES)


@pytest.mark.parametrize(
    "page", ["unconditional-surrender/8-1-1/", "sources/how-faq/vorwort/", "sources/", "glossary/", ""]
)
def test_hreflang_alternates_name_the_same_page_in_every_tree(built_site: BuiltSite, page: str) -> None:
    """Each page's <link rel=alternate hreflang> point to that page in the five trees (English as x-default)."""
    site_url = "http://127.0.0.1:8000/"  # the build's default site URL (rulebook.site.build.DEFAULT_SITE_URL)
    for lang in LANGUAGES:
        html = (built_site.root / lang / page / "index.html").read_text(encoding="utf-8")
        alternates = dict(
            (hreflang, href)
            for href, hreflang in re.findall(r'<link rel="alternate ?" href="([^"]+)" hreflang="([^"]+)"', html)
        )
        expected = {other: f"{site_url}{other}/{page}" for other in LANGUAGES} | {"x-default": f"{site_url}en/{page}"}
        assert alternates == expected, lang


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_prerendered_line_gives_what_md_in_html_gives(built_site: BuiltSite, lang: str) -> None:
    """Each line the templates marked as pre-rendered HTML (``rulebook.site.prerendered``), in every
    language's generated Markdown: the shortcut's page and Python-Markdown's own reading are the same.

    The lines are read as the examples pages have them, inside a ``markdown`` block, where
    ``md_in_html`` builds and writes again every element.
    """
    from rulebook.site.prerendered import MARK
    from tests.rulebook.site.test_prerendered import convert, same_page

    docs = built_site.root.parent / "build" / "docs" / lang
    lines = sorted(
        {
            line
            for path in docs.rglob("*.md")
            for line in path.read_text(encoding="utf-8").splitlines()
            if line.startswith("<") and MARK in line.split(">", 1)[0]
        }
    )
    assert len(lines) > 300, f"{lang}: only {len(lines)} pre-rendered lines; were the marks dropped from the templates?"
    page = "<details markdown>\n<summary>s</summary>\n\n" + "\n\n".join(lines) + "\n\n</details>\n"
    kept, parsed = convert(page, shortcut=True), convert(page, shortcut=False)
    assert same_page(kept) == same_page(parsed)
    assert kept.count("\n") < parsed.count("\n"), "no line was kept as written"


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_anchor_collector_finds_what_mkdocs_finds_on_every_page(built_site: BuiltSite, lang: str) -> None:
    """The build's collector of raw-HTML ids (:func:`rulebook.site.mkdocs_run.raw_html_anchor_ids`) and MkDocs'
    own give the same ids for every generated page of every language."""
    from mkdocs.structure.pages import _HTMLHandler

    from rulebook.site.mkdocs_run import raw_html_anchor_ids

    docs = built_site.root.parent / "build" / "docs" / lang
    found = 0
    for path in sorted(docs.rglob("*.md")):
        text = path.read_text(encoding="utf-8")
        mkdocs = _HTMLHandler()
        mkdocs.feed(text)
        mkdocs.close()
        assert raw_html_anchor_ids(text) == set(mkdocs.present_anchor_ids), path
        found += len(mkdocs.present_anchor_ids)
    assert found > 1000


def test_the_search_index_is_the_one_pagefind_makes_of_the_site(built_site: BuiltSite, tmp_path: Path) -> None:
    """The build gives Pagefind each tree's pages without the theme around their search body, a process per
    tree: `pagefind --site` on the finished real site indexes every page with the same text, filters, metadata,
    anchors and word count."""
    import gzip
    import json
    import subprocess
    import sys

    output = tmp_path / "pagefind"
    command = [sys.executable, "-m", "pagefind", "--site", str(built_site.root), "--output-path", str(output)]
    subprocess.run([*command, "--silent"], check=True, capture_output=True)

    def pages(bundle: Path) -> dict[str, Any]:
        found = {}
        for fragment in (bundle / "fragment").iterdir():
            page = json.loads(gzip.decompress(fragment.read_bytes()).removeprefix(b"pagefind_dcd"))
            found[page["url"]] = {key: page.get(key) for key in ("content", "filters", "meta", "anchors", "word_count")}
        return found

    ours, pagefinds = pages(built_site.root / "pagefind"), pages(output)
    assert len(ours) > 2000
    assert ours == pagefinds
