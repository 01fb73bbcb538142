"""Tests of the real content: it validates, reproduces every source, and is translated.

The coverage test prints one figure per source (all five must be
at least 99 %); run ``pytest -s -k coverage`` or ``rulebook coverage`` to see them.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from rulebook.content.coverage import measure_coverage
from rulebook.content.load import ENTRY_LINK
from rulebook.content.model import LANGUAGES, Corpus, EntryKind, Language, TranslationStatus
from tests.conftest import real_content

MINIMUM_COVERAGE = 0.99


@pytest.fixture(scope="module")
def corpus(sources_dir: Path) -> Corpus:
    """The session's real corpus, loaded with the primary sources checked (``sources_dir`` requires them)."""
    result = real_content()
    assert [str(p) for p in result.errors] == []
    assert result.corpus is not None
    return result.corpus


def test_content_has_no_warnings(sources_dir: Path) -> None:
    """`rulebook check --strict` would pass: no outdated or undigested translations."""
    assert [str(p) for p in real_content().warnings] == []


def test_every_source_has_entries(corpus: Corpus) -> None:
    """Each of the five sources is split into entries."""
    assert {s.file for s in corpus.sources} == {
        "000_6a90d5256c60e02c.txt",
        "001_6dfd36dc833f0c3c.txt",
        "002_14e02d87786a9df7.txt",
        "003_13761b3a41e036bd.txt",
        "004_6b2d581a6c2d481a.txt",
    }
    for source in corpus.sources:
        assert sum(1 for e in corpus.entries if e.source == source.id) >= 10, source.file


def test_coverage_of_every_source(corpus: Corpus, sources_dir: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """At least 99 % of each source's word tokens appear in its entries' original text."""
    figures = {}
    for source in corpus.sources:
        raw = (sources_dir / source.file).read_text(encoding="utf-8")
        texts = [e.original.title + "\n" + e.original.body for e in corpus.entries if e.source == source.id]
        figures[source.file] = measure_coverage(raw, texts)
    with capsys.disabled():
        print()
        for file, result in figures.items():
            print(f"coverage {file}: {result.ratio:.2%} of {result.source_tokens} word tokens")
    low = {
        file: (round(r.ratio, 4), r.missing.most_common(10))
        for file, r in figures.items()
        if r.ratio < MINIMUM_COVERAGE
    }
    assert low == {}


def test_every_entry_has_english_and_five_titles(corpus: Corpus) -> None:
    """Every entry has a title in all five languages and an English body wherever the original has one.

    Only bare headings and the two document titles (``oww2.preface``, ``us.service-rules``) have no body in any
    language.
    """
    bodiless = set()
    for entry in corpus.entries:
        assert set(LANGUAGES) <= {lang.value for lang in entry.text}, entry.id
        assert entry.effective_status(entry.lang) is TranslationStatus.ORIGINAL
        if entry.original.body.strip():
            assert entry.text[Language.EN].body.strip(), entry.id
        else:
            bodiless.add(entry.id)
    assert {e.id for e in corpus.entries if e.kind is EntryKind.HEADING} | {
        "oww2.preface",
        "us.service-rules",
    } == bodiless


def test_translations_keep_the_links_of_the_original(corpus: Corpus) -> None:
    """An English body links to the same entries as its original, so no cross-reference is lost."""
    for entry in corpus.entries:
        original = sorted(ENTRY_LINK.findall(entry.original.body))
        english = sorted(ENTRY_LINK.findall(entry.text[Language.EN].body))
        assert english == original, entry.id


HOW_REFERENCE = re.compile(r"\b(?:s\.|vgl\.)\s*(?:auch\s+)?(?:unter\s+|bei\s+|dazu\s+|im\s+)?")


def test_hell_of_a_war_cross_references_resolve(corpus: Corpus) -> None:
    """Every "s. (auch) unter/bei X" and "vgl." in the HoW FAQ is followed by a link to an entry.

    "s. dort" and "s. jeweils …" point back to the link just before them. A reference to
    something that has no headword stays plain text and is explained in an editorial note
    on the entry (which says it is "unlinked").
    """
    unlinked = []
    for entry in corpus.entries:
        if entry.game != "hell-of-a-war":
            continue
        body = entry.original.body
        notes = " ".join(note.text[Language.EN] for note in entry.notes)
        for match in HOW_REFERENCE.finditer(body):
            following = body[match.end() : match.end() + 80]
            preceding = body[max(0, match.start() - 120) : match.start()]
            refers_back = following.startswith(("dort", "jeweils"))
            if "](ref:" in (preceding if refers_back else following):
                continue
            if "unlinked" not in notes:
                unlinked.append((entry.id, body[match.start() : match.end() + 40]))
    assert unlinked == []
