"""Tests of :mod:`rulebook.site.build` and ``rulebook build`` on the small sample content.

The real site is tested in tests/site.
"""

from __future__ import annotations

import gzip
import json
import shutil
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
import yaml

from rulebook.adjudication.examples import ResultCache
from rulebook.cli import main
from rulebook.content.model import LANGUAGES, Corpus
from rulebook.errors import ExampleFailure, SiteError
from rulebook.site import search_index
from rulebook.site.build import (
    BuildReport,
    PreviousSite,
    ProjectPaths,
    build_site,
    index_search,
    tree_config,
    verify_examples,
)
from rulebook.site.offline import KEEP_FOLDER
from rulebook.site.search_index import TreeIndexer
from rulebook.site.serve import snapshot
from tests.conftest import DATA, REPOSITORY

SAMPLE_SOURCES = DATA / "sources"


def _paths(content: Path, tmp_path: Path, templates: Path | None = None) -> ProjectPaths:
    return ProjectPaths.for_project(
        REPOSITORY,
        content=content,
        sources=SAMPLE_SOURCES,
        out=tmp_path / "site",
        work=tmp_path / "build",
        templates=templates,
    )


def test_one_tree_per_language_with_its_language(sample_site: Path) -> None:
    """site/<lang>/ for each language, <html lang> and MkDocs' own UI (theme.language) in that language."""
    for lang in LANGUAGES:
        html = (sample_site / lang / "hell-of-a-war" / "abwerfen" / "index.html").read_text(encoding="utf-8")
        assert f'<html lang="{lang}"' in html
    german = (sample_site / "de" / "index.html").read_text(encoding="utf-8")
    assert "Zurück zum Seitenanfang" in german  # material's own "back to top", from theme.language
    assert "Startseite" in german  # our navigation label, from the de catalog


def test_switcher_links_point_at_the_same_page(sample_site: Path) -> None:
    """The header's language links of an entry page lead to the same entry in every tree."""
    html = (sample_site / "nl" / "hell-of-a-war" / "abwerfen" / "index.html").read_text(encoding="utf-8")
    for lang in LANGUAGES:
        assert f'href="../../../{lang}/hell-of-a-war/abwerfen/" hreflang="{lang}"' in html


def test_search_index_and_root_page(sample_site: Path) -> None:
    """Pagefind indexed every tree; the root page sends to /en/."""
    entry = json.loads((sample_site / "pagefind" / "pagefind-entry.json").read_text(encoding="utf-8"))
    assert sorted(entry["languages"]) == sorted(LANGUAGES)
    assert "url=en/" in (sample_site / "index.html").read_text(encoding="utf-8")


def _pagefind_pages(bundle: Path) -> dict[str, Any]:
    """Every page Pagefind indexed, by URL: its text, filters, metadata, anchors and word count (from the fragments)."""
    pages = {}
    for fragment in (bundle / "fragment").iterdir():
        data = gzip.decompress(fragment.read_bytes()).removeprefix(b"pagefind_dcd")
        page = json.loads(data)
        pages[page["url"]] = {key: page.get(key) for key in ("content", "filters", "meta", "anchors", "word_count")}
    return pages


@pytest.fixture()
def nothing_indexed_before() -> None:  # noqa: PT004 - it clears state, returns nothing
    """No tree's index kept from an earlier test: each test's Pagefind processes are counted from zero."""
    search_index._KEPT.clear()


def _pagefinds_own_index(site: Path) -> None:
    """`pagefind --site` (the command, as documented) writes its index into ``site/pagefind``: the reference."""
    command = [sys.executable, "-m", "pagefind", "--site", str(site), "--output-path", str(site / "pagefind")]
    subprocess.run([*command, "--silent"], check=True, capture_output=True)


def test_the_index_made_tree_by_tree_is_pagefinds_own(sample_site: Path, tmp_path: Path) -> None:
    """The build gives Pagefind each tree as it is built; `pagefind --site` on the whole site indexes the same pages."""
    site = tmp_path / "site"
    shutil.copytree(sample_site, site, ignore=shutil.ignore_patterns("pagefind", "_runtime"))
    _pagefinds_own_index(site)
    ours, pagefinds = _pagefind_pages(sample_site / "pagefind"), _pagefind_pages(site / "pagefind")
    assert {url.split("/")[1] for url in ours} == set(LANGUAGES)  # every tree, not only the first
    assert ours == pagefinds
    # Each tree's index was written by a process of its own: one entry file lists them all, as Pagefind's does.
    entries = [json.loads((root / "pagefind" / "pagefind-entry.json").read_bytes()) for root in (sample_site, site)]
    assert list(entries[0]) == list(entries[1])  # its keys in Pagefind's order
    counts = [{lang: about["page_count"] for lang, about in entry["languages"].items()} for entry in entries]
    assert counts[0] == counts[1] and sorted(counts[0]) == sorted(LANGUAGES)
    assert {key: value for key, value in entries[0].items() if key != "languages"} == {
        key: value for key, value in entries[1].items() if key != "languages"
    }
    for about in entries[0]["languages"].values():
        assert (sample_site / "pagefind" / f"pagefind.{about['hash']}.pf_meta").is_file()


def test_indexing_a_finished_site_gives_pagefinds_own_index(sample_site: Path, tmp_path: Path) -> None:
    """`rulebook serve` indexes the site it serves (index_search): the index `pagefind --site` makes, swapped in
    for the old one."""
    site, reference = tmp_path / "site", tmp_path / "reference"
    for root in (site, reference):
        shutil.copytree(sample_site, root, ignore=shutil.ignore_patterns("pagefind"))
    (site / "pagefind").mkdir()
    (site / "pagefind" / "stale.txt").write_text("the index of the last build", encoding="utf-8")
    index_search(site)
    _pagefinds_own_index(reference)
    assert _pagefind_pages(site / "pagefind") == _pagefind_pages(reference / "pagefind")
    assert not (site / "pagefind" / "stale.txt").exists()
    entries = [json.loads((root / "pagefind" / "pagefind-entry.json").read_bytes()) for root in (site, reference)]
    assert [sorted(entry["languages"]) for entry in entries] == [sorted(LANGUAGES)] * 2


def _two_sites(pages: dict[str, str], tmp_path: Path) -> tuple[Path, Path]:
    """The same ``pages`` (HTML by path) written into ``tmp/site`` and ``tmp/reference``."""
    site, reference = tmp_path / "site", tmp_path / "reference"
    for root in (site, reference):
        for name, html in pages.items():
            (root / name).parent.mkdir(parents=True, exist_ok=True)
            (root / name).write_text(html, encoding="utf-8")
    return site, reference


def _index_tree_by_tree(site: Path, folders: list[str]) -> TreeIndexer:
    """``site`` indexed as a build does, a folder at a time; the finished indexer."""
    indexer = TreeIndexer(site)
    try:
        for folder in folders:
            indexer.add(folder)
        indexer.finish()
    finally:
        indexer.close()
    return indexer


def _page(body: bool, text: str) -> str:
    marked = " data-pagefind-body" if body else ""
    return f'<html lang="en"><body><main{marked}><p>{text}</p></main></body></html>'


@pytest.mark.usefixtures("nothing_indexed_before")
@pytest.mark.parametrize("any_body", [True, False], ids=["some pages with a body", "no page with a body"])
def test_only_pages_with_a_body_are_read_and_the_index_is_pagefinds_own(tmp_path: Path, any_body: bool) -> None:
    """Pages without data-pagefind-body are not given to Pagefind when a page of the site has it (Pagefind
    would leave them out), and all are when none has it; the index is always the one `pagefind --site` makes."""
    pages = {
        "en/retreat/index.html": _page(any_body, "Retreat"),
        "en/examples/index.html": _page(False, "Examples"),
        "en/odd,{name}/index.html": _page(any_body, "A name Pagefind's globs would read as a pattern"),
        "de/index.html": _page(False, "Beispiele"),
        "index.html": _page(False, "Root"),
    }
    site, reference = _two_sites(pages, tmp_path)
    indexer = _index_tree_by_tree(site, ["en", "de", ""])
    _pagefinds_own_index(reference)
    ours, pagefinds = _pagefind_pages(site / "pagefind"), _pagefind_pages(reference / "pagefind")
    assert ours == pagefinds
    assert len(ours) == (2 if any_body else 5)
    assert indexer.without_body == (["de", ""] if any_body else ["en", "de", ""])


@pytest.mark.usefixtures("nothing_indexed_before")
def test_trees_sharing_a_language_are_indexed_together_as_pagefind_does(tmp_path: Path) -> None:
    """Two folders with pages of one language cannot have an index each: the site is indexed in one process."""
    pages = {"en/a/index.html": _page(True, "Retreat"), "more/b/index.html": _page(True, "Supply")}
    site, reference = _two_sites(pages, tmp_path)
    indexer = _index_tree_by_tree(site, ["en", "more"])
    _pagefinds_own_index(reference)
    assert _pagefind_pages(site / "pagefind") == _pagefind_pages(reference / "pagefind")
    entry = json.loads((site / "pagefind" / "pagefind-entry.json").read_bytes())
    assert entry["languages"]["en"]["page_count"] == 2
    assert indexer.processes == 3  # one per folder, then the whole site


@pytest.mark.usefixtures("nothing_indexed_before")
def test_a_tree_indexed_before_is_not_indexed_again(
    sample_site: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """`rulebook serve` indexes the whole site after each edit: only the trees whose pages changed go to Pagefind."""
    site, reference = tmp_path / "site", tmp_path / "reference"
    shutil.copytree(sample_site, site, ignore=shutil.ignore_patterns("pagefind"))
    index_search(site)
    page = site / "de" / "hell-of-a-war" / "abwerfen" / "index.html"
    page.write_text(page.read_text(encoding="utf-8").replace("</h1>", " Neu</h1>", 1), encoding="utf-8")
    shutil.copytree(site, reference, ignore=shutil.ignore_patterns("pagefind"))
    indexed: list[list[str]] = []
    index = TreeIndexer._index

    async def counted(self: TreeIndexer, globs: list[str], root: Path | None = None) -> search_index.IndexFiles:
        indexed.append(globs)
        return await index(self, globs, root)

    monkeypatch.setattr(TreeIndexer, "_index", counted)
    index_search(site)
    assert [globs[0].split("/")[0] for globs in indexed] == ["de"]  # the tree that changed, alone
    _pagefinds_own_index(reference)
    assert _pagefind_pages(site / "pagefind") == _pagefind_pages(reference / "pagefind")
    assert any("Neu" in str(page["meta"]) for page in _pagefind_pages(site / "pagefind").values())


@pytest.mark.usefixtures("nothing_indexed_before")
def test_every_index_file_is_whole_when_finish_returns(tmp_path: Path) -> None:
    """Pagefind's own writes are not flushed before its process ends (an empty `pagefind-entry.json` came out
    now and then): the indexer asks for the files and writes them itself, each whole."""
    site = tmp_path / "site"
    for lang in ("en", "de"):
        (site / lang).mkdir(parents=True)
        (site / lang / "index.html").write_text(
            f'<html lang="{lang}"><body><p>Retreat</p></body></html>', encoding="utf-8"
        )
    for _ in range(3):
        search_index._KEPT.clear()  # Pagefind makes the files each round
        indexer = TreeIndexer(site)
        try:
            indexer.add("en")
            indexer.add("de")
            indexer.finish()
        finally:
            indexer.close()
        files = [path for path in (site / "pagefind").rglob("*") if path.is_file()]
        assert files and not [path for path in files if path.stat().st_size == 0]
        entry = json.loads((site / "pagefind" / "pagefind-entry.json").read_text(encoding="utf-8"))
        assert {lang: about["page_count"] for lang, about in entry["languages"].items()} == {"de": 1, "en": 1}
        for about in entry["languages"].values():
            assert (site / "pagefind" / f"pagefind.{about['hash']}.pf_meta").stat().st_size > 0
        assert not (tmp_path / "site.pagefind").exists()


def _one_page_site(tmp_path: Path) -> Path:
    """``tmp/site`` with one English page that has a search body."""
    site = tmp_path / "site"
    (site / "en").mkdir(parents=True)
    (site / "en" / "index.html").write_text(_page(True, "Retreat"), encoding="utf-8")
    return site


@pytest.mark.usefixtures("nothing_indexed_before")
def test_a_trees_index_files_are_written_before_the_site_is_finished(tmp_path: Path) -> None:
    """Each tree's files are written as soon as Pagefind made them (the last tree's alone are left when the
    build ends); the entry file, which makes the index whole, only by finish()."""
    site = _one_page_site(tmp_path)
    indexer = TreeIndexer(site)
    try:
        indexer.add("en")
        indexer.added[0].result()
        ahead = {path.relative_to(indexer.fresh).as_posix() for path in indexer.fresh.rglob("*") if path.is_file()}
        assert any(name.endswith(".pf_meta") for name in ahead)
        assert "pagefind-entry.json" not in ahead
        indexer.finish()
    finally:
        indexer.close()
    assert ahead < {path.relative_to(site / "pagefind").as_posix() for path in (site / "pagefind").rglob("*")}
    assert (site / "pagefind" / "pagefind-entry.json").stat().st_size > 0


@pytest.mark.usefixtures("nothing_indexed_before")
def test_a_pagefind_process_that_dies_fails_the_index_at_once(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A Pagefind process that ends without answering (here a program in its place that exits at once) is an
    error naming the site, not a wait forever as with the Pagefind package's own client."""
    dying = tmp_path / "pagefind"
    dying.write_text("#!/bin/sh\nexit 3\n", encoding="utf-8")
    dying.chmod(0o755)
    monkeypatch.setenv("PAGEFIND_BINARY_PATH", str(dying))
    site = _one_page_site(tmp_path)
    indexer = TreeIndexer(site)
    try:
        indexer.add("en")
        # "Pagefind stopped answering", or "Connection lost" when the request is written after the process ended.
        with pytest.raises(
            SiteError, match=f"Pagefind failed to index {site}: (Pagefind stopped answering|Connection)"
        ):
            indexer.finish()
    finally:
        indexer.close()
    assert not (site / "pagefind").exists()


@pytest.mark.usefixtures("nothing_indexed_before")
def test_a_pagefind_failure_is_reported_at_once_and_leaves_the_old_index(tmp_path: Path) -> None:
    """Pagefind cannot write its index (a file is in the way): an error naming the site at once; the old index stays."""
    site = tmp_path / "site"
    (site / "en").mkdir(parents=True)
    (site / "en" / "index.html").write_text('<html lang="en"><body><p>Retreat</p></body></html>', encoding="utf-8")
    (site / "pagefind").mkdir()
    (site / "pagefind" / "old").write_text("kept", encoding="utf-8")
    (tmp_path / "site.pagefind").write_text("in the way", encoding="utf-8")
    indexer = TreeIndexer(site)
    try:
        indexer.add("en")
        with pytest.raises(SiteError, match=f"Pagefind failed to index {site}"):
            indexer.finish()
    finally:
        indexer.close()
    assert (site / "pagefind" / "old").read_text(encoding="utf-8") == "kept"


def test_material_search_is_off(sample_site: Path) -> None:
    """No lunr index is built (Pagefind replaces it)."""
    assert not (sample_site / "en" / "search" / "search_index.json").exists()


def test_per_language_mkdocs_config(tmp_path: Path) -> None:
    """tree_config keeps mkdocs.yml's strict theme settings and sets the tree's own folders, URL and language."""
    paths = _paths(DATA / "good", tmp_path)
    overrides = {
        "site_description": "d",
        "nav": [{"Start": "index.md"}],
        "search_label": "Zoeken",
        "palette_labels": {"to_dark": "Donker", "to_light": "Licht"},
        "offline_words": {"saved": "Offline: opgeslagen op {date}.", "newer": "n", "reload": "r"},
        "feed_title": "Rulebook: wijzigingen",
    }
    config = tree_config(paths, "nl", overrides, "http://example.org/rules/", tmp_path / "docs" / "nl")
    assert config["strict"] is True
    assert config["theme"]["language"] == "nl"
    assert config["site_url"] == "http://example.org/rules/nl/"
    assert config["site_dir"] == str((tmp_path / "site" / "nl").resolve())
    assert config["plugins"] == []
    assert [option["toggle"]["name"] for option in config["theme"]["palette"]] == ["Donker", "Licht"]
    assert config["extra"]["offline_words"] == overrides["offline_words"]
    assert config["extra"]["feed_title"] == "Rulebook: wijzigingen"
    assert config["hooks"] == [
        str(REPOSITORY / "rulebook" / "site" / "sanitize.py"),
        str(REPOSITORY / "rulebook" / "site" / "minify.py"),
    ]


def test_strict_build_fails_on_a_broken_link(tmp_path: Path) -> None:
    """A template that links to a page that does not exist fails the build with MkDocs' warning."""
    templates = tmp_path / "templates"
    shutil.copytree(REPOSITORY / "templates", templates)
    home = templates / "home.md.j2"
    home.write_text(home.read_text(encoding="utf-8") + "\n[nowhere](missing-page.md)\n", encoding="utf-8")
    with pytest.raises(SiteError, match=r"\[en\] .*missing-page\.md"):
        build_site(_paths(DATA / "good", tmp_path, templates), languages=["en"])


def test_a_failing_worked_example_stops_the_build(real_corpus: Corpus) -> None:
    """If an example does not give the stated outcome, nothing is built and the example is named."""
    corpus = real_corpus
    assert corpus.examples, "the content has worked examples"
    example = corpus.examples[0]
    wrong = example.model_copy(update={"expected": {"no_such_field": 1}})
    broken = corpus.model_copy(update={"examples": [wrong, *corpus.examples[1:]]})
    with pytest.raises(ExampleFailure, match=rf"{example.id} \({example.calculator}\): no_such_field"):
        verify_examples(broken)


def test_unknown_language_is_refused(tmp_path: Path) -> None:
    """Only the five site languages can be built."""
    with pytest.raises(SiteError, match="unknown language"):
        build_site(_paths(DATA / "good", tmp_path), languages=["fr"])


class TestBuildCommand:
    def test_builds_into_out(self, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
        """`rulebook build --out DIR` builds there and reports progress on stderr."""
        code = main(
            [
                "--content",
                str(DATA / "good"),
                "--sources",
                str(SAMPLE_SOURCES),
                "build",
                "--out",
                str(tmp_path / "out"),
                "--lang",
                "en",
            ]
        )
        assert code == 0
        assert (tmp_path / "out" / "en" / "hell-of-a-war" / "abwerfen" / "index.html").is_file()
        err = capsys.readouterr().err
        assert "rulebook build: generated" in err and "rulebook build: built en" in err

    def test_bad_content_is_reported_without_traceback(self, sample_content: Path, tmp_path: Path) -> None:
        """Invalid content: every problem, exit 1, no traceback, nothing built."""
        entry = sample_content / "hell-of-a-war" / "how.abwerfen.yaml"
        entry.write_text(entry.read_text(encoding="utf-8").replace("kind: faq", "kind: rumour"), encoding="utf-8")
        completed = subprocess.run(
            [
                sys.executable,
                "-m",
                "rulebook.cli",
                "--content",
                str(sample_content),
                "--sources",
                str(SAMPLE_SOURCES),
                "build",
                "--out",
                str(tmp_path / "out"),
            ],
            capture_output=True,
            text=True,
            check=False,
        )
        assert completed.returncode == 1
        assert "Traceback" not in completed.stderr
        assert "how.abwerfen.yaml:5: how.abwerfen: kind: must be one of" in completed.stderr
        assert not (tmp_path / "out").exists()


def test_build_into_another_folder_writes_nothing_into_the_checkout(tmp_path: Path) -> None:
    """`rulebook build --out DIR` puts its intermediates in a temporary folder, not in the checkout's build/."""
    checkout_build = REPOSITORY / "build"
    existed = checkout_build.exists()
    before = snapshot([checkout_build])
    out = tmp_path / "published"
    code = main(
        ["--content", str(DATA / "good"), "--sources", str(SAMPLE_SOURCES), "build", "--out", str(out), "--lang", "en"]
    )
    assert code == 0
    assert (out / "en" / "hell-of-a-war" / "abwerfen" / "index.html").is_file()
    assert checkout_build.exists() == existed
    assert snapshot([checkout_build]) == before
    assert sorted(p.name for p in out.iterdir() if p.is_dir()) == ["_runtime", "api", "en", "pagefind"]


def test_worked_example_results_are_kept_for_the_next_build(real_corpus: Corpus, tmp_path: Path) -> None:
    """A second run takes every result from the cache and judges it the same; changed code or scenario runs again."""
    examples = sorted(real_corpus.examples, key=lambda e: e.id)[:12]
    corpus = real_corpus.model_copy(update={"examples": examples})
    path = tmp_path / "cache" / "examples.json"
    first = ResultCache(path)
    fresh = verify_examples(corpus, first)
    first.save()
    assert (first.misses, first.hits) == (len(examples), 0)
    second = ResultCache(path)
    cached = verify_examples(corpus, second)
    assert (second.misses, second.hits) == (0, len(examples))
    assert [(o.example.id, o.status, o.result) for o in cached] == [(o.example.id, o.status, o.result) for o in fresh]
    # A wrong stated outcome is judged afresh even though the result is cached.
    wrong = examples[0].model_copy(update={"expected": {"no_such_field": 1}})
    with pytest.raises(ExampleFailure, match=wrong.id):
        verify_examples(corpus.model_copy(update={"examples": [wrong]}), ResultCache(path))
    # Another scenario is another key; results made by other code are not used.
    changed = examples[0].model_copy(update={"scenario": {**examples[0].scenario, "unused_marker": 1}})
    assert ResultCache(path).get(changed) is None
    stored = json.loads(path.read_text(encoding="utf-8"))
    path.write_text(json.dumps({**stored, "code": "other code"}), encoding="utf-8")
    assert ResultCache(path).get(examples[0]) is None


def test_a_rebuild_copies_the_trees_that_did_not_change(tmp_path: Path) -> None:
    """With the previous site given, only the tree whose pages changed is built by MkDocs again."""
    content = tmp_path / "content"
    shutil.copytree(DATA / "good", content)
    first = build_site(_paths(content, tmp_path / "one"), languages=["en", "hu"])
    entry = content / "hell-of-a-war" / "how.abwerfen.yaml"
    text = entry.read_text(encoding="utf-8")
    assert "\n  hu:\n    title: " in text
    entry.write_text(text.replace("\n  hu:\n    title: ", "\n  hu:\n    title: Új cím "), encoding="utf-8")
    second = build_site(
        _paths(content, tmp_path / "two"),
        languages=["en", "hu"],
        previous=PreviousSite(tmp_path / "one" / "site", first.tree_digests),
    )
    assert second.reused_trees == ("en",)
    assert second.tree_digests["en"] == first.tree_digests["en"]
    assert second.tree_digests["hu"] != first.tree_digests["hu"]
    page = Path("hell-of-a-war", "abwerfen", "index.html")
    assert (tmp_path / "two" / "site" / "en" / page).read_bytes() == (
        tmp_path / "one" / "site" / "en" / page
    ).read_bytes()
    assert "Új cím" in (tmp_path / "two" / "site" / "hu" / page).read_text(encoding="utf-8")


def _tree_files(root: Path) -> dict[str, bytes]:
    return {path.relative_to(root).as_posix(): path.read_bytes() for path in root.rglob("*") if path.is_file()}


def test_a_changed_body_renders_only_its_pages_and_equals_a_full_build(tmp_path: Path) -> None:
    """A body edit renders only the pages whose Markdown changed; every file of the tree is what a fresh build writes.

    A title edit that changes a menu label renders the pages whose menu shows it too, and again every
    file is what a fresh build writes.
    """
    content = tmp_path / "content"
    shutil.copytree(DATA / "good", content)
    languages = ["en", "hu"]
    first = build_site(_paths(content, tmp_path / "one"), languages=languages)
    entry = content / "hell-of-a-war" / "how.abwerfen.yaml"
    text = entry.read_text(encoding="utf-8")
    edited = text.replace("Only hand cards can be discarded.", "Only the cards in hand can be discarded.")
    assert edited != text
    entry.write_text(edited, encoding="utf-8")
    second = build_site(
        _paths(content, tmp_path / "two"),
        languages=languages,
        previous=PreviousSite.of(tmp_path / "one" / "site", first),
        search=False,
    )
    # The entry's page and its source's reading view, in English and in the Hungarian tree,
    # which shows the English body until the entry is translated; and the English link previews
    # (the first paragraph changed), copied as they are (the Hungarian ones show the original).
    patched = ("hell-of-a-war/abwerfen.md", "sources/how-faq/abwerfen.md")
    assert second.patched_pages == {"en": ("_previews/hell-of-a-war.json", *patched), "hu": patched}
    assert not second.search_indexed and not (tmp_path / "two" / "site" / "pagefind").exists()
    fresh = build_site(_paths(content, tmp_path / "three"), languages=languages)
    assert fresh.page_digests == second.page_digests
    for lang in languages:
        # The keep-offline manifests list the search index, which the rebuild left to its caller
        # (search=False): the caller writes them again once it has indexed (rulebook serve does).
        rebuilt = _tree_files(tmp_path / "two" / "site" / lang)
        expected = _tree_files(tmp_path / "three" / "site" / lang)
        offline = {name for name in expected if name.startswith(f"{KEEP_FOLDER}/")}
        assert offline and offline == {name for name in rebuilt if name.startswith(f"{KEEP_FOLDER}/")}
        assert {k: v for k, v in rebuilt.items() if k not in offline} == {
            k: v for k, v in expected.items() if k not in offline
        }, lang
    # The calculator runtime's inputs did not change: it is linked from the previous site, not written.
    assert second.runtime_reused and not fresh.runtime_reused
    assert second.runtime_bytes == fresh.runtime_bytes
    assert _tree_files(tmp_path / "two" / "site" / "_runtime") == _tree_files(tmp_path / "three" / "site" / "_runtime")
    assert (tmp_path / "two" / "site" / "sw.js").read_bytes() == (tmp_path / "three" / "site" / "sw.js").read_bytes()
    page = tmp_path / "two" / "site" / "en" / "hell-of-a-war" / "abwerfen" / "index.html"
    assert "Only the cards in hand can be discarded." in page.read_text(encoding="utf-8")

    entry.write_text(edited.replace("title: Discarding", "title: Throwing away"), encoding="utf-8")
    third = build_site(
        _paths(content, tmp_path / "four"),
        languages=languages,
        previous=PreviousSite.of(tmp_path / "two" / "site", second),
        search=False,
    )
    # The entry is named in the label of its source's reading page ("Throwing away – Triggering
    # conditions"): every page of that source's section of the menu shows it.
    assert {"sources/how-faq.md", "sources/how-faq/abwerfen.md", "hell-of-a-war/abwerfen.md"} <= set(
        third.patched_pages["en"]
    )
    assert "hell-of-a-war/index.md" not in third.patched_pages["en"]
    fresh = build_site(_paths(content, tmp_path / "five"), languages=languages, search=False)
    for lang in languages:
        assert _tree_files(tmp_path / "four" / "site" / lang) == _tree_files(tmp_path / "five" / "site" / lang), lang
    neighbour = tmp_path / "four" / "site" / "en" / "hell-of-a-war" / "ausloesende-bedingungen" / "index.html"
    assert "Throwing away" in neighbour.read_text(encoding="utf-8")
    menu = tmp_path / "four" / "site" / "en" / "sources" / "how-faq" / "index.html"
    assert "Throwing away" in menu.read_text(encoding="utf-8")


CHILD_ENTRY = """id: how.abwerfen.handkarten
game: hell-of-a-war
source: how-faq
order: 2
parent: how.abwerfen
kind: clarification
lang: de
text:
  de:
    title: Handkarten
    body: |
      Handkarten sind die Karten, die ein Spieler auf der Hand hält.
    status: original
  en:
    title: Hand cards
    body: |
      Hand cards are the cards a player holds in hand.
    status: draft
    source_digest: {digest}
  hu:
    title: Kézben tartott lapok
    source_digest: {digest}
  ru:
    title: Карты в руке
    source_digest: {digest}
  nl:
    title: Handkaarten
    source_digest: {digest}
"""


def test_a_retitled_entry_outside_the_navigation_renders_only_its_pages_and_equals_a_full_build(
    tmp_path: Path,
) -> None:
    """A title edit of an entry no menu names (a sub-entry) renders only the pages that show it, page by page;
    every file of every tree is then what a fresh build writes, and so after a body edit of the same entry."""
    from rulebook.content.model import digest_text

    content = tmp_path / "content"
    shutil.copytree(DATA / "good", content)
    child = content / "hell-of-a-war" / "how.abwerfen.handkarten.yaml"
    digest = digest_text("Handkarten", "Handkarten sind die Karten, die ein Spieler auf der Hand hält.")
    child.write_text(CHILD_ENTRY.format(digest=digest), encoding="utf-8")
    languages = ["en", "hu"]
    first = build_site(_paths(content, tmp_path / "one"), languages=languages, search=False)
    child.write_text(CHILD_ENTRY.format(digest=digest).replace("Hand cards", "Cards in hand"), encoding="utf-8")
    second = build_site(
        _paths(content, tmp_path / "two"),
        languages=languages,
        previous=PreviousSite.of(tmp_path / "one" / "site", first),
        search=False,
    )
    # Its own page, its parent's (which lists it), the reading view, the source's contents and the
    # English link previews; its page and reading view in Hungarian too, which show the English text
    # beside the original.
    assert set(second.patched_pages) == {"en", "hu"}
    assert {"hell-of-a-war/abwerfen.handkarten.md", "hell-of-a-war/abwerfen.md"} <= set(second.patched_pages["en"])
    assert "hell-of-a-war/abwerfen.handkarten.md" in second.patched_pages["hu"]

    def assert_same_as_fresh(patched: str, fresh_folder: str) -> BuildReport:
        fresh = build_site(_paths(content, tmp_path / fresh_folder), languages=languages, search=False)
        for lang in languages:
            assert _tree_files(tmp_path / patched / "site" / lang) == _tree_files(
                tmp_path / fresh_folder / "site" / lang
            ), lang
        return fresh

    assert assert_same_as_fresh("two", "three").page_digests == second.page_digests
    page = tmp_path / "two" / "site" / "en" / "hell-of-a-war" / "abwerfen.handkarten" / "index.html"
    assert "Cards in hand" in page.read_text(encoding="utf-8")

    child.write_text(
        CHILD_ENTRY.format(digest=digest)
        .replace("Hand cards", "Cards in hand")
        .replace("the cards a player holds", "the cards one player holds"),
        encoding="utf-8",
    )
    third = build_site(
        _paths(content, tmp_path / "four"),
        languages=languages,
        previous=PreviousSite.of(tmp_path / "two" / "site", second),
        search=False,
    )
    assert set(third.patched_pages) == {"en", "hu"}
    assert_same_as_fresh("four", "five")


def test_the_runtime_inputs_digest_follows_every_input(tmp_path: Path) -> None:
    """The calculator script, the adjudicator's code, the schemas and the catalogs each change the digest."""
    from dataclasses import replace

    from rulebook.site.build import runtime_inputs_digest

    web = tmp_path / "web"
    shutil.copytree(REPOSITORY / "web", web)
    paths = replace(ProjectPaths.for_project(REPOSITORY), web=web)
    schemas: dict[str, object] = {"battle": {"type": "object"}}
    messages = {"en": "{}"}
    before = runtime_inputs_digest(paths, schemas, messages)
    assert runtime_inputs_digest(paths, schemas, messages) == before
    assert runtime_inputs_digest(paths, {"battle": {"type": "array"}}, messages) != before
    assert runtime_inputs_digest(paths, schemas, {"en": '{"yes": "ja"}'}) != before
    assert (
        runtime_inputs_digest(replace(paths, adjudicator=REPOSITORY / "adjudicator" / "battle"), schemas, messages)
        != before
    )
    script = web / "calculator.js"
    script.write_text(script.read_text(encoding="utf-8") + "\n// edited\n", encoding="utf-8")
    assert runtime_inputs_digest(paths, schemas, messages) != before


def test_a_malformed_catalog_stops_the_build_naming_its_file(tmp_path: Path) -> None:
    """The catalogs are compiled in a worker process while the content loads: its error still names the file."""
    import dataclasses

    from rulebook.errors import CatalogError

    locales = tmp_path / "locales"
    shutil.copytree(REPOSITORY / "locales", locales)
    broken = locales / "nl" / "LC_MESSAGES" / "messages.po"
    broken.write_text(broken.read_text(encoding="utf-8") + '\nmsgid "Dangling"\n', encoding="utf-8")
    paths = ProjectPaths.for_project(
        REPOSITORY, content=DATA / "good", sources=DATA / "sources", out=tmp_path / "site", work=tmp_path / "build"
    )
    with pytest.raises(CatalogError, match=r"nl/LC_MESSAGES/messages\.po: malformed catalog"):
        build_site(dataclasses.replace(paths, locales=locales))
    assert not (tmp_path / "site" / "en").exists()


def test_every_built_tree_is_indexed_even_before_its_callback_has_run() -> None:
    """A job's result is there before its done-callback runs: the build waited for the last tree and told the
    indexer to finish while that tree's callback was still on its way (the tree was left out of the search).
    wait() gives each built tree to the indexer itself, once."""
    from concurrent.futures import Future

    from rulebook.site.build import _Builds

    class Indexer:
        def __init__(self) -> None:
            self.added: list[str] = []

        def add(self, folder: str) -> None:
            self.added.append(folder)

    indexer = Indexer()
    builds = _Builds(1, lambda message: None, indexer)  # type: ignore[arg-type]
    for lang, ok in (("en", True), ("de", True)):
        done: Future[tuple[bool, list[str], float]] = Future()
        done.set_result((ok, [], 0.1))
        builds.jobs[lang] = done  # finished, its callback not run yet
    builds._index("de")  # de's callback came first
    builds.wait()
    assert sorted(indexer.added) == ["de", "en"]


def test_every_worker_starts_at_once() -> None:
    """A clean build starts all the workers once the content is loaded, each importing what a tree's MkDocs
    build needs, not when the second and third trees are given out."""
    from rulebook.site.build import _Builds

    builds = _Builds(3, lambda message: None)
    try:
        schemas = builds.submit(sum, [1, 2])  # the first job starts one worker
        builds.start_workers()
        assert schemas.result() == 3
        assert builds.pool is not None
        assert len(builds.pool._processes) == 3  # the pool's own record of its processes
    finally:
        builds.close()


def test_a_worker_imports_every_extension_and_hook_of_the_site() -> None:
    """start_worker imports the site's own Markdown extensions and hooks listed in mkdocs.yml (none forgotten)."""
    from rulebook.site.mkdocs_run import _BUILD_MODULES

    settings = yaml.safe_load((REPOSITORY / "mkdocs.yml").read_text(encoding="utf-8"))
    extensions = [next(iter(item)) if isinstance(item, dict) else item for item in settings["markdown_extensions"]]
    hooks = [hook.removesuffix(".py").replace("/", ".") for hook in settings["hooks"]]
    ours = [name for name in extensions if name.startswith("rulebook.")] + hooks
    assert ours and set(ours) <= set(_BUILD_MODULES)
    assert {f"markdown.extensions.{name}" for name in extensions if "." not in name} <= set(_BUILD_MODULES)
