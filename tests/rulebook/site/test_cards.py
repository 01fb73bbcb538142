"""The card catalog on the site (:mod:`rulebook.site.cards`): a page per card and language, linked from entries."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from rulebook.adjudication.forms import form_labels
from rulebook.content.model import Corpus
from rulebook.site.i18n import compile_catalogs
from rulebook.site.render import render_site
from tests.conftest import REPOSITORY

LANGS = ("en", "de", "ru")


@pytest.fixture(scope="module")
def tree(real_corpus: Corpus, tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The real content rendered (Markdown) in three languages, without examples."""
    mo_dir = tmp_path_factory.mktemp("mo")
    compile_catalogs(REPOSITORY / "locales", mo_dir)
    out = tmp_path_factory.mktemp("docs")
    labels = {code: form_labels(REPOSITORY / "locales", code) for code in LANGS}
    render_site(real_corpus, out, REPOSITORY / "templates", mo_dir, languages=LANGS, labels_in=labels)
    return out


def test_every_card_has_a_page_in_every_language(tree: Path, real_corpus: Corpus) -> None:
    for code in LANGS:
        pages = {path.stem for path in (tree / code / "hell-of-a-war" / "cards").glob("*.md")}
        assert pages == {card.id for card in real_corpus.cards} | {"index"}


def test_a_card_page_links_each_stated_fact_to_its_entry_and_says_unknown_for_the_rest(tree: Path) -> None:
    """The 227: name as printed, its stated facts each with a link to the entry's page; the TW it produces is
    stated nowhere, so it reads "unknown" (in German: "unbekannt")."""
    page = (tree / "en" / "hell-of-a-war" / "cards" / "227-pfund-bombe.md").read_text(encoding="utf-8")
    assert '<span lang="de">227-Pfund Bombe</span>' in page
    rows = {row.split("|")[1].strip(): row for row in page.splitlines() if row.startswith("| ")}
    assert "base building" in rows["Kind"] and "../227-pfund-bombe.md" in rows["Kind"]
    assert "(../feuerwehr.md)" in rows["Legal targets"]
    assert "*unknown*" in rows["Tw"] and rows["Tw"].rstrip().endswith("| — |")
    german = (tree / "de" / "hell-of-a-war" / "cards" / "227-pfund-bombe.md").read_text(encoding="utf-8")
    assert "*unbekannt*" in german and "*unknown*" not in german


def test_cost_modifiers_are_shown_with_their_entry(tree: Path) -> None:
    page = (tree / "de" / "hell-of-a-war" / "cards" / "sabotage.md").read_text(encoding="utf-8")
    section = page.split('id="cost-modifiers"')[1]
    assert "(../sabotage.md)" in section and "| 2 |" in section


def test_entries_link_the_cards_whose_facts_they_state(tree: Path, real_corpus: Corpus) -> None:
    """The HQ entry states the HQ's facts, the Feuerwehr entry the 227's legal targets: both link the cards."""
    hq = (tree / "ru" / "hell-of-a-war" / "hq.md").read_text(encoding="utf-8")
    assert re.search(r'\[<span lang="de">HQ</span>\]\(cards/hq\.md\)', hq)
    feuerwehr = (tree / "en" / "hell-of-a-war" / "feuerwehr.md").read_text(encoding="utf-8")
    assert "(cards/227-pfund-bombe.md)" in feuerwehr
    unrelated = (tree / "en" / "hell-of-a-war" / "vorwort.md").read_text(encoding="utf-8")
    assert 'id="cards"' not in unrelated


def test_the_game_page_links_the_catalog(tree: Path) -> None:
    page = (tree / "de" / "hell-of-a-war" / "index.md").read_text(encoding="utf-8")
    assert "(cards/index.md)" in page and "## Kartenkatalog" in page
    catalog = (tree / "de" / "hell-of-a-war" / "cards" / "index.md").read_text(encoding="utf-8")
    assert '[<span lang="de">Sabotage</span>](sabotage.md)' in catalog
