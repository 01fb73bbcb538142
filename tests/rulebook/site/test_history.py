"""Tests of :mod:`rulebook.site.history` on a built site: each entry's History, "What changed", the Atom feed.

The site is the one of :func:`tests.conftest.history_site`: an entry with a Dutch original whose
original and German translation changed in a second commit, the English translation left outdated.
"""

from __future__ import annotations

import calendar
import re
import subprocess
from datetime import datetime
from pathlib import Path

import feedparser  # type: ignore[import-untyped]
import pytest

from rulebook.site.build import ProjectPaths, build_site
from rulebook.site.history import (
    CONTEXT_WORDS,
    HISTORY_DIFF_BUDGET,
    RUN_WORDS,
    word_diff,
)
from tests.conftest import REPOSITORY, HistorySite
from tests.rulebook.content.history_repository import FIRST_DATE, SECOND_DATE

ENTRY_PAGE = "hell-of-a-war/schroot/index.html"


def _page(site: HistorySite, lang: str, path: str = ENTRY_PAGE) -> str:
    return (site.root / lang / path).read_text(encoding="utf-8")


def _history(html: str) -> str:
    """The History section of an entry page."""
    found = re.search(
        r'<details class="rb-history" id="history"[^>]*>.*?</ol>(?:<p class="rb-history-more">.*?</p>)?</details>', html
    )
    assert found is not None, "no History section"
    return found.group()


def _changes(section: str) -> list[str]:
    """Each change of a History section, in the order shown."""
    return re.findall(r'<li id="history-[0-9a-f]{12}">.*?</li>', section)


def _anchor(commit: str) -> str:
    return f"history-{commit[:12]}"


def test_the_german_page_shows_both_changes_with_dates_and_diffs(history_site: HistorySite) -> None:
    """/de/: the second commit (original changed, German revised) above the first (original added, German drafted),
    each with its date in German, the German diff, and the original's diff a tap away."""
    section = _history(_page(history_site, "de"))
    assert "open" not in section[: section.index(">")], "the History is closed until the reader opens it"
    assert "<summary>Verlauf</summary>" in section
    second, first = _changes(section)
    first_commit, second_commit = history_site.repository.commits
    assert second.startswith(f'<li id="{_anchor(second_commit)}">')
    assert first.startswith(f'<li id="{_anchor(first_commit)}">')
    assert '<time datetime="2026-04-02">2. April 2026</time>' in second
    assert '<time datetime="2026-03-01">1. März 2026</time>' in first
    assert "Original geändert" in second and "Übersetzung überarbeitet" in second
    assert "Original aufgenommen" in first and "Übersetzungsentwurf erstellt" in first
    german, original = re.findall(r'<p class="rb-diff" lang="(\w+)">(.*?)</p>', second)
    assert german == (
        "de",
        "… kommen auf den Schrottplatz. Nur <del>alte</del><ins>neue</ins> Karten zählen <ins>mit</ins>. - eine Liste",
    )
    assert original == (
        "nl",
        "… gaan naar de schroothoop. Alleen <del>oude</del><ins>nieuwe</ins> kaarten tellen <ins>mee</ins>."
        " - een lijst",
    )
    assert '<details class="rb-diff-original"><summary>Änderung des Originals (Niederländisch)</summary>' in second
    drafted = re.findall(r'<p class="rb-diff" lang="(\w+)">(.*?)</p>', first)
    assert drafted[0] == (
        "de",
        "<ins>Schrott — Karten kommen auf den Schrottplatz. Nur alte Karten zählen. - eine Liste</ins>",
    )
    assert drafted[1][0] == "nl" and drafted[1][1].startswith("<ins>Schroot — Kaarten gaan")


def test_the_english_page_shows_the_original_changed_and_its_translation_outdated(history_site: HistorySite) -> None:
    """/en/: the same two commits in English; the second changed no English word, so only the original's diff."""
    second, first = _changes(_history(_page(history_site, "en")))
    assert '<time datetime="2026-04-02">April 2, 2026</time>' in second
    assert '<time datetime="2026-03-01">March 1, 2026</time>' in first
    assert "Original changed" in second and "Translation became outdated" in second
    assert "Translation revised" not in second
    assert re.findall(r'<p class="rb-diff" lang="(\w+)">', second) == ["nl"]
    assert "<del>oude</del><ins>nieuwe</ins>" in second
    assert "Original added" in first and "Translation drafted" in first
    assert "<ins>Scrap — Cards go to the scrapyard. Only old cards count. - a list</ins>" in first


def test_the_originals_page_shows_only_the_original(history_site: HistorySite) -> None:
    """/nl/ (the original's tree): its changes are the original's, with no second diff."""
    second, first = _changes(_history(_page(history_site, "nl")))
    assert "Origineel gewijzigd" in second and "Vertaling" not in second
    assert "Origineel toegevoegd" in first
    assert "rb-diff-original" not in second + first


def test_the_changes_page_links_each_change_of_each_source(history_site: HistorySite) -> None:
    """/de/changes/: the source's changes, newest first, each linking to the change in the entry's History."""
    html = _page(history_site, "de", "changes/index.html")
    first_commit, second_commit = history_site.repository.commits
    links = re.findall(r'href="([^"]*#history-[0-9a-f]{12})"', html)
    assert links == [
        f"../hell-of-a-war/schroot/#{_anchor(second_commit)}",
        f"../hell-of-a-war/schroot/#{_anchor(first_commit)}",
    ]
    assert "<h2" in html and ">FAQ</h2>" in html
    assert "Original geändert, Übersetzung überarbeitet" in html
    assert 'href="../changes.xml"' in html


@pytest.mark.parametrize("lang", ["de", "en"])
def test_the_feed_is_valid_atom_in_the_trees_language(history_site: HistorySite, lang: str) -> None:
    """/<lang>/changes.xml parses as Atom 1.0 without a problem: one entry per change, newest first, linked to it."""
    feed = feedparser.parse((history_site.root / lang / "changes.xml").read_bytes())
    assert not feed.bozo, feed.get("bozo_exception")
    assert feed.version == "atom10"
    assert feed.feed.language == lang
    assert feed.feed.id == f"http://127.0.0.1:8000/{lang}/changes/"
    assert feed.feed.title == {"de": "Rulebook: Änderungen", "en": "Rulebook: what changed"}[lang]
    assert [link.href for link in feed.feed.links if link.rel == "self"] == [
        f"http://127.0.0.1:8000/{lang}/changes.xml"
    ]
    first_commit, second_commit = history_site.repository.commits
    entries = feed.entries
    assert [entry.link for entry in entries] == [
        f"http://127.0.0.1:8000/{lang}/hell-of-a-war/schroot/#{_anchor(commit)}"
        for commit in (second_commit, first_commit)
    ]
    assert [entry.id for entry in entries] == [entry.link for entry in entries]
    assert [calendar.timegm(entry.updated_parsed) for entry in entries] == [
        calendar.timegm(datetime.fromisoformat(date).utctimetuple()) for date in (SECOND_DATE, FIRST_DATE)
    ]
    assert calendar.timegm(feed.feed.updated_parsed) == calendar.timegm(entries[0].updated_parsed)
    title = {
        "de": "Schrott: Original geändert, Übersetzung überarbeitet",
        "en": "Scrap: Original changed, Translation became outdated",
    }
    assert entries[0].title == title[lang]
    content = entries[0].content[0]
    assert content.type == "text/html"
    diff = {"de": "<del>alte</del><ins>neue</ins>", "en": "<del>oude</del><ins>nieuwe</ins>"}
    assert diff[lang] in content.value


def test_every_page_links_the_feed_from_its_head(history_site: HistorySite) -> None:
    """The head of an entry page and of the home page names the tree's feed (without material's own alternate)."""
    feed_link = '<link rel="alternate " type="application/atom+xml" href="{href}" title="Rulebook: Änderungen">'
    assert feed_link.format(href="../../changes.xml") in _page(history_site, "de")
    assert feed_link.format(href="changes.xml") in _page(history_site, "de", "index.html")


def test_a_shallow_clone_builds_without_history(history_site: HistorySite, tmp_path: Path) -> None:
    """A shallow clone builds with a notice, its pages without History, its changes page saying why."""
    clone = tmp_path / "clone"
    subprocess.run(
        ["git", "clone", "--quiet", "--depth", "1", history_site.repository.root.as_uri(), str(clone)],
        check=True,
        capture_output=True,
    )
    paths = ProjectPaths.for_project(
        REPOSITORY, content=clone / "content", out=tmp_path / "site", work=tmp_path / "build"
    )
    messages: list[str] = []
    build_site(paths, languages=("en",), progress=messages.append)
    assert [message for message in messages if message.startswith("notice:")] == [
        "notice: the pages are built without the rules' history: "
        "the repository is a shallow clone (git fetch --unshallow gives the whole history)"
    ]
    html = (paths.out / "en" / ENTRY_PAGE).read_text(encoding="utf-8")
    assert 'id="history"' not in html and "rb-diff" not in html
    changes = (paths.out / "en" / "changes" / "index.html").read_text(encoding="utf-8")
    assert "This build was made without the repository's history" in changes
    feed = feedparser.parse((paths.out / "en" / "changes.xml").read_bytes())
    assert not feed.bozo and feed.version == "atom10" and feed.entries == []
    assert "data-rb-improve" not in html and "rb-improve" not in html, "no improve link without a URL configured"


def test_the_session_build_said_nothing_about_history(history_site: HistorySite) -> None:
    """The repository's build read its history: no notice among its messages."""
    assert not [message for message in history_site.messages if message.startswith("notice:")]


class TestWordDiff:
    """The word-level diff: what it keeps, marks and cuts."""

    def test_whitespace_alone_is_no_change(self) -> None:
        """Line breaks and spaces between the same words are the same text."""
        assert word_diff("Eins zwei\n\ndrei.", "Eins  zwei drei.") == "Eins zwei drei."

    def test_markup_in_the_text_is_escaped(self) -> None:
        """A text's <, > and & are shown, never read as markup."""
        assert word_diff("a <b> & c", "a <i> & c") == "a &lt;<del>b</del><ins>i</ins>&gt; &amp; c"

    def test_long_unchanged_runs_keep_their_context_only(self) -> None:
        """Between two changes far apart only the words on each side are kept."""
        words = [f"w{number}" for number in range(40)]
        changed = ["X" if index in (2, 35) else word for index, word in enumerate(words)]
        diff = word_diff(" ".join(words), " ".join(changed))
        assert diff.startswith("w0 w1 <del>w2</del><ins>X</ins> w3"), "a short run before the first change is whole"
        assert diff.endswith("<del>w35</del><ins>X</ins> w36 w37 w38 w39")
        assert diff.count("…") == 1
        assert f" w{3 + CONTEXT_WORDS - 1} … w{35 - CONTEXT_WORDS} " in diff
        assert f"w{3 + CONTEXT_WORDS} " not in diff and f"w{35 - CONTEXT_WORDS - 1} " not in diff

    def test_a_long_added_run_shows_its_beginning(self) -> None:
        """A new translation of many words shows its first words and an ellipsis."""
        text = " ".join(f"w{number}" for number in range(RUN_WORDS + 10))
        diff = word_diff("", text)
        assert diff.startswith("<ins>w0 w1") and diff.endswith(f"w{RUN_WORDS - 1} …</ins>")


def test_every_entry_page_of_the_real_content_keeps_its_diffs_within_budget(real_corpus: object) -> None:
    """The real content's History sections: every diff shown adds up to at most the budget per page."""
    from rulebook.content.history import read_history
    from rulebook.content.model import LANGUAGES, Corpus, Language
    from rulebook.site.history import SiteHistory

    assert isinstance(real_corpus, Corpus)
    history = SiteHistory(read_history(REPOSITORY / "content"))
    if not history.available:
        pytest.skip(f"no history of the real content: {history.history.notice}")
    shown = 0
    for entry in real_corpus.entries:
        for code in LANGUAGES:
            view = history.entry_history(entry, Language(code))
            if view is None:
                continue
            weight = sum(len(change.diff or "") + len(change.original_diff or "") for change in view.changes)
            assert weight <= HISTORY_DIFF_BUDGET, (entry.id, code)
            shown += 1
    assert shown > len(real_corpus.entries)
