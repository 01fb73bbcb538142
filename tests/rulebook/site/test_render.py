"""Tests of :mod:`rulebook.site.render` and the modules it draws on (urls, markdown, views): the generated trees."""

from __future__ import annotations

import base64
import json
import re
import shutil
import struct
import zlib
from html import unescape
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from adjudicator.messages import AnswerLanguage
from adjudicator.registry import calculators
from rulebook.adjudication.examples import ExampleOutcome
from rulebook.adjudication.forms import form_labels
from rulebook.content.load import load_or_raise
from rulebook.content.model import Corpus, Entry, Example, Language
from rulebook.content.other_texts import text_digest
from rulebook.errors import TemplateError
from rulebook.site.i18n import compile_catalogs
from rulebook.site.markdown import escape_markup, link_first_mentions, resolve_entry_links
from rulebook.site.reading import plan_reading
from rulebook.site.render import RenderedTree, render_site, tree_inputs
from rulebook.site.urls import page_url, relative_link, share_fragment, url_link
from rulebook.site.views import SiteIndex, language_coverage, text_choice, text_origin
from tests.conftest import DATA, REPOSITORY

TEMPLATES = REPOSITORY / "templates"


def _entry(**changes: object) -> Entry:
    data: dict[str, object] = {
        "id": "how.sample",
        "game": "hell-of-a-war",
        "source": "how-faq",
        "order": 1,
        "kind": "faq",
        "lang": "de",
        "text": {
            "de": {"title": "Probe", "body": "Originaltext.", "status": "original"},
            "en": {"title": "Sample", "body": "English text."},
            "hu": {"title": "Minta"},
        },
    }
    data.update(changes)
    return Entry.model_validate(data)


@pytest.fixture(scope="module")
def mo_dir(tmp_path_factory: pytest.TempPathFactory) -> Path:
    folder = tmp_path_factory.mktemp("mo")
    compile_catalogs(REPOSITORY / "locales", folder)
    return folder


class TestPathsAndLinks:
    def test_urls_derive_from_ids(self) -> None:
        """An entry's URL is /<lang>/<game>/<id without prefix>/, whatever its title."""
        entry = _entry(id="how.sample-entry")
        assert page_url("ru", f"{entry.game}/{entry.slug}.md") == "/ru/hell-of-a-war/sample-entry/"

    def test_relative_links_between_folders(self) -> None:
        """Links between pages are relative Markdown links MkDocs can check."""
        assert (
            relative_link("axis-and-allies-2e/retreat.md", "sources/aa2-clarifications.md")
            == "../sources/aa2-clarifications.md"
        )
        assert relative_link("glossary/tw.md", "glossary/index.md") == "index.md"

    def test_ref_links_become_page_links(self) -> None:
        """[text](ref:ID) points at the target's page in the same tree."""
        markdown = "see [X](ref:us.8-1) and [Y](ref:us.8-1-1.retreat)"
        targets = {
            "us.8-1": "unconditional-surrender/8-1.md",
            "us.8-1-1.retreat": "unconditional-surrender/8-1-1.retreat.md",
        }
        assert resolve_entry_links(markdown, "unconditional-surrender/7.md", targets) == (
            "see [X](8-1.md) and [Y](8-1-1.retreat.md)"
        )

    def test_url_links_between_built_pages(self) -> None:
        """Raw-HTML links go from one built page's URL to another's, directory URLs included."""
        assert url_link("unconditional-surrender/8-1-1.retreat.md", "calculators/zoc.md") == "../../calculators/zoc/"
        assert url_link("examples/operation-ww2.md", "calculators/oww2-to-hit.md") == "../../calculators/oww2-to-hit/"
        assert url_link("calculators/zoc.md", "calculators/zoc.md") == "./"


def _decode_fragment(fragment: str) -> object:
    payload = fragment.removeprefix("s=")
    return json.loads(zlib.decompress(base64.urlsafe_b64decode(payload + "=" * (-len(payload) % 4)), wbits=-15))


class TestShareFragment:
    @given(
        st.dictionaries(
            st.text(),
            st.recursive(
                st.none()
                | st.booleans()
                | st.integers()
                | st.floats(allow_nan=False, allow_infinity=False)
                | st.text(),
                lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(), inner, max_size=4),
                max_leaves=20,
            ),
        )
    )
    def test_round_trip(self, scenario: dict[str, object]) -> None:
        """Any JSON object comes back unchanged from its fragment, which holds only base64url characters."""
        fragment = share_fragment(scenario)
        assert re.fullmatch(r"s=[A-Za-z0-9_-]*", fragment)
        assert _decode_fragment(fragment) == scenario

    def test_compact(self) -> None:
        """The fragment is raw deflate: a repetitive scenario takes far fewer characters than its JSON."""
        scenario = {
            "units": [{"id": f"g{n}", "hex": f"A{n}", "faction": "axis", "country": "germany"} for n in range(40)]
        }
        assert len(share_fragment(scenario)) < len(json.dumps(scenario)) / 4


class TestEscaping:
    def test_raw_html_cannot_open_a_tag(self) -> None:
        """After escaping, no '<' is left to start a tag; Markdown syntax is unchanged."""
        escaped = escape_markup("**bold** <script>x()</script> <img src=x onerror=y()> | a | b |")
        assert "<" not in escaped
        assert escaped.startswith("**bold** &lt;script>")


class TestTermMentions:
    def test_only_the_first_mention_is_linked(self) -> None:
        """One link per term per entry, on its first mention."""
        text = "Der TW zählt. Noch ein TW."
        assert (
            link_first_mentions(text, [(["TW"], "../glossary/tw.md")])
            == "Der [TW](../glossary/tw.md) zählt. Noch ein TW."
        )

    def test_whole_words_only_and_case_kept(self) -> None:
        """'Sperren' inside 'Sperrfähigkeiten' is no mention; the written case is kept."""
        text = "Sperrfähigkeiten und sperren."
        assert link_first_mentions(text, [(["Sperren"], "s.md")]) == "Sperrfähigkeiten und [sperren](s.md)."

    def test_inflected_forms_count(self) -> None:
        """An inflected form from Term.rendering.forms is a mention too."""
        text = "Источник снабжения."
        assert link_first_mentions(text, [(["снабжение", "снабжения"], "g.md")]) == "Источник [снабжения](g.md)."


class TestTextChoice:
    def test_the_original_language_shows_the_original_alone(self) -> None:
        """On the page of the original's language there is no toggle and no notice."""
        choice = text_choice(_entry(), Language.DE)
        assert (choice.main.body, choice.second, choice.notice) == ("Originaltext.", None, None)

    def test_a_translation_comes_with_the_original_toggle(self) -> None:
        """A page with a translation shows it first and offers the original."""
        choice = text_choice(_entry(), Language.EN)
        assert choice.second is not None
        assert (choice.main.body, choice.second_kind, choice.second.body, choice.notice) == (
            "English text.",
            "original",
            "Originaltext.",
            None,
        )

    def test_without_translation_the_original_with_a_notice_and_the_english_draft(self) -> None:
        """Missing body: the original, a notice, and English as second choice."""
        choice = text_choice(_entry(), Language.HU)
        assert (choice.main_lang, choice.notice, choice.second_lang, choice.second_kind) == (
            Language.DE,
            "fallback",
            Language.EN,
            "english",
        )

    def test_an_outdated_translation_is_flagged(self) -> None:
        """A translation whose digest no longer matches the original carries the outdated notice."""
        entry = _entry(
            text={
                "de": {"title": "Probe", "body": "Neuer Originaltext.", "status": "original"},
                "en": {"title": "Sample", "body": "English text.", "source_digest": "0000000000000000"},
            }
        )
        assert text_choice(entry, Language.EN).notice == "outdated"

    def test_a_heading_shows_its_title_only(self) -> None:
        """A heading without a body has nothing to toggle."""
        entry = _entry(
            kind="heading", text={"de": {"title": "Kapitel", "status": "original"}, "en": {"title": "Chapter"}}
        )
        choice = text_choice(entry, Language.EN)
        assert (choice.main.title, choice.second, choice.notice) == ("Chapter", None, None)


class TestTextOrigin:
    def test_the_original_says_so(self) -> None:
        """The original's page names the source language (in sentence case) and no translator."""
        origin = text_origin(_entry(), Language.DE, Language.RU)
        assert (origin.state, origin.language, origin.translated_from, origin.method) == (
            "original",
            "немецкий",
            None,
            None,
        )

    def test_an_assisted_translation_names_its_source_and_crib_but_no_tool(self) -> None:
        """Provenance reaches the page: made from the original, assisted, English consulted; assistants unnamed."""
        entry = _entry(
            text={
                "de": {"title": "Probe", "body": "Originaltext.", "status": "original"},
                "en": {"title": "Sample", "body": "English text."},
                "hu": {
                    "title": "Minta",
                    "body": "Eredeti szöveg.",
                    "provenance": {"translated_from": "de", "method": "assisted", "consulted": ["en"], "by": "Bot"},
                },
            }
        )
        origin = text_origin(entry, Language.HU, Language.HU)
        assert (origin.state, origin.translated_from, origin.from_original, origin.method, origin.translator) == (
            "draft",
            "német",
            True,
            "assisted",
            None,
        )
        assert origin.consulted == ["angol"]

    def test_a_hand_translation_from_a_translation_names_its_translator(self) -> None:
        """A translation made from the English draft by a person says so, with the person's name."""
        entry = _entry(
            text={
                "de": {"title": "Probe", "body": "Originaltext.", "status": "original"},
                "en": {"title": "Sample", "body": "English text."},
                "nl": {
                    "title": "Proef",
                    "body": "Engelse tekst.",
                    "status": "reviewed",
                    "provenance": {"translated_from": "en", "method": "by-hand", "by": "A. Vertaler"},
                },
            }
        )
        origin = text_origin(entry, Language.NL, Language.NL)
        assert (origin.state, origin.translated_from, origin.from_original, origin.translator) == (
            "reviewed",
            "Engels",
            False,
            "A. Vertaler",
        )


class TestRenderSite:
    def test_every_page_of_every_tree(self, sample_content: Path, mo_dir: Path, tmp_path: Path) -> None:
        """Home, game, source TOC, entries, glossary, terms, examples, calculators, status, changes and search exist.

        Each in every language.
        """
        corpus = load_or_raise(sample_content)
        trees = render_site(corpus, tmp_path / "docs", TEMPLATES, mo_dir)
        assert [tree.lang for tree in trees] == ["en", "de", "hu", "ru", "nl"]
        pages = sorted(
            p.relative_to(tmp_path / "docs" / "hu").as_posix() for p in (tmp_path / "docs" / "hu").rglob("*.md")
        )
        calculator_pages = [page for page in pages if page.startswith("calculators/")]
        assert calculator_pages == sorted(
            ["calculators/index.md", *(f"calculators/{name}.md" for name in calculators())]
        )
        assert [page for page in pages if page not in calculator_pages] == [
            "changes.md",
            "examples/index.md",
            "glossary/index.md",
            "glossary/reaktion.md",
            "hell-of-a-war/abwerfen.md",
            "hell-of-a-war/ausloesende-bedingungen.md",
            "hell-of-a-war/index.md",
            "index.md",
            "offline.md",
            "search.md",
            "sources/how-faq.md",
            "sources/how-faq/abwerfen.md",
            "sources/index.md",
            "translation.md",
        ]
        assert trees[0].overrides["nav"][0] == {"Home": "index.md"}
        assert trees[1].overrides["nav"][0] == {"Startseite": "index.md"}

    def test_every_tree_has_its_web_app_manifest_and_icons(
        self, sample_content: Path, mo_dir: Path, tmp_path: Path
    ) -> None:
        """manifest.webmanifest names the tree's language and scope; its icons are PNG files of the sizes given."""
        render_site(load_or_raise(sample_content), tmp_path / "docs", TEMPLATES, mo_dir, languages=["en", "ru"])
        tree = tmp_path / "docs" / "ru"
        manifest = json.loads((tree / "manifest.webmanifest").read_text(encoding="utf-8"))
        assert (manifest["lang"], manifest["start_url"], manifest["scope"]) == ("ru", "./", "./")
        english = json.loads((tmp_path / "docs" / "en" / "manifest.webmanifest").read_text(encoding="utf-8"))
        assert manifest["name"] != english["name"]
        for icon in manifest["icons"]:
            data = (tree / icon["src"]).read_bytes()
            width, height = struct.unpack(">II", data[16:24])
            assert data.startswith(b"\x89PNG") and f"{width}x{height}" == icon["sizes"]
        assert {icon["purpose"] for icon in manifest["icons"]} == {"any", "maskable"}

    def test_a_render_again_keeps_unchanged_files_and_removes_stale_ones(
        self, sample_content: Path, mo_dir: Path, tmp_path: Path
    ) -> None:
        """Rendering into a used folder leaves identical files untouched and deletes what it no longer makes."""
        docs = tmp_path / "docs"
        render_site(load_or_raise(sample_content), docs, TEMPLATES, mo_dir, languages=["en", "de"])
        kept = docs / "en" / "index.md"
        stale = docs / "en" / "hell-of-a-war" / "gone.md"
        stale.write_text("# gone", encoding="utf-8")
        (docs / "en" / "empty" / "folder").mkdir(parents=True)
        before = kept.stat().st_mtime_ns
        entry = docs / "en" / "hell-of-a-war" / "abwerfen.md"
        entry.write_text("edited by hand", encoding="utf-8")
        render_site(load_or_raise(sample_content), docs, TEMPLATES, mo_dir, languages=["en"])
        assert kept.stat().st_mtime_ns == before
        assert "Discarding" in entry.read_text(encoding="utf-8")
        assert not stale.exists() and not (docs / "en" / "empty").exists()
        assert not (docs / "de").exists()

    def test_each_tree_is_handed_over_complete_while_the_next_is_rendered(
        self, sample_content: Path, mo_dir: Path, tmp_path: Path
    ) -> None:
        """``on_tree`` gets each tree once its pages are written and its stale files gone, before the next
        language is rendered (the site build starts MkDocs on it then)."""
        docs = tmp_path / "docs"
        render_site(load_or_raise(sample_content), docs, TEMPLATES, mo_dir, languages=["en", "de"])
        stale = docs / "de" / "hell-of-a-war" / "gone.md"
        stale.write_text("# gone", encoding="utf-8")
        shutil.rmtree(docs / "nl", ignore_errors=True)
        seen: list[tuple[str, bool, bool, bool]] = []

        def handed(tree: RenderedTree) -> None:
            entry = tree.docs_dir / "hell-of-a-war" / "abwerfen.md"
            seen.append((tree.lang, entry.is_file(), stale.exists(), (docs / "nl").exists()))

        render_site(load_or_raise(sample_content), docs, TEMPLATES, mo_dir, languages=["de", "nl"], on_tree=handed)
        assert seen == [("de", True, False, False), ("nl", True, False, True)]
        assert not (docs / "en").exists()

    def test_entry_page_in_a_translation(self, sample_content: Path, mo_dir: Path, tmp_path: Path) -> None:
        """The English page: English title and body, ref: link resolved, term linked, original in a toggle."""
        render_site(load_or_raise(sample_content), tmp_path / "docs", TEMPLATES, mo_dir, languages=["en"])
        page = (tmp_path / "docs" / "en" / "hell-of-a-war" / "abwerfen.md").read_text(encoding="utf-8")
        assert 'title: "Discarding"' in page
        assert "[Triggering conditions](ausloesende-bedingungen.md)" in page
        assert "[reactions](../glossary/reaktion.md)" not in page  # 'reactions' is no listed form of 'reaction'
        assert "Show original (German)" in page
        assert "Abwerfen kann man nur Handkarten." in page

    def test_entry_page_states_where_its_text_came_from(
        self, sample_content: Path, mo_dir: Path, tmp_path: Path
    ) -> None:
        """Each entry page says whether its text is the original or a translation, and how it was made."""
        render_site(load_or_raise(sample_content), tmp_path / "docs", TEMPLATES, mo_dir, languages=["en", "de"])
        english = (tmp_path / "docs" / "en" / "hell-of-a-war" / "ausloesende-bedingungen.md").read_text("utf-8")
        assert (
            "<strong>Text:</strong> translation from the original (German) · drafted with an AI assistant · "
            "compared with: Dutch · not yet reviewed</p>"
        ) in english
        by_hand = (tmp_path / "docs" / "en" / "hell-of-a-war" / "abwerfen.md").read_text("utf-8")
        assert "translation from the original (German) · translated by hand · not yet reviewed" in by_hand
        german = (tmp_path / "docs" / "de" / "hell-of-a-war" / "abwerfen.md").read_text("utf-8")
        assert "<strong>Text:</strong> der Originaltext der Quelle (Deutsch)</p>" in german

    def test_a_note_translated_from_an_earlier_english_text_is_marked_outdated(
        self, sample_content: Path, mo_dir: Path, tmp_path: Path
    ) -> None:
        """The texts around the rules follow the entry texts' digest rule, and the page says so."""
        path = sample_content / "hell-of-a-war" / "how.abwerfen.yaml"
        earlier, current = "Discarding is read as from the hand only.", "Discarding is from the hand only."
        path.write_text(
            path.read_text(encoding="utf-8")
            + "notes:\n  - kind: editorial\n    text:\n"
            + f"      en: {current}\n      de: Abwerfen gilt nur für Handkarten.\n      hu: Csak kézből.\n"
            + f"made_from:\n  de: {{notes#1: {text_digest(earlier)}}}\n  hu: {{notes#1: {text_digest(current)}}}\n",
            encoding="utf-8",
        )
        render_site(load_or_raise(sample_content), tmp_path / "docs", TEMPLATES, mo_dir, languages=["de", "hu"])
        german = (tmp_path / "docs" / "de" / "hell-of-a-war" / "abwerfen.md").read_text("utf-8")
        hungarian = (tmp_path / "docs" / "hu" / "hell-of-a-war" / "abwerfen.md").read_text("utf-8")
        assert (
            "Abwerfen gilt nur für Handkarten. "
            '<span class="rb-badge rb-state-outdated" data-pagefind-ignore>Veraltete Übersetzung</span>'
        ) in german
        assert "Csak kézből." in hungarian and "rb-state-outdated" not in hungarian

    def test_home_page_counts_what_is_in_its_language(self, sample_content: Path, mo_dir: Path, tmp_path: Path) -> None:
        """The home page of each tree counts originals, drafts, reviewed… per game, headings left out."""
        corpus = load_or_raise(sample_content)
        site = SiteIndex(corpus, [])
        [english] = language_coverage(site, Language.EN, "index.md")
        [hungarian] = language_coverage(site, Language.HU, "index.md")
        assert (english.original, english.draft, english.untranslated, english.total) == (0, 2, 0, 2)
        assert (hungarian.original, hungarian.draft, hungarian.untranslated, hungarian.total) == (0, 0, 2, 2)
        render_site(corpus, tmp_path / "docs", TEMPLATES, mo_dir, languages=["hu"])
        home = (tmp_path / "docs" / "hu" / "index.md").read_text("utf-8")
        assert "| [Hell of a War](hell-of-a-war/index.md) | 0 | 0 | 0 | 0 | 2 |" in home

    def test_untranslated_page_in_german_ui(self, sample_content: Path, mo_dir: Path, tmp_path: Path) -> None:
        """The Russian page of a German entry: Russian UI words, German original, English as second choice."""
        render_site(load_or_raise(sample_content), tmp_path / "docs", TEMPLATES, mo_dir, languages=["ru"])
        page = (tmp_path / "docs" / "ru" / "hell-of-a-war" / "abwerfen.md").read_text(encoding="utf-8")
        assert 'title: "Сброс"' in page
        assert "Ещё не переведено на этот язык" in page
        assert '<div class="rb-text" lang="de" data-rb-anchors="abwerfen" markdown>' in page
        assert '<details class="rb-second" open markdown>' in page
        # Search can keep only the pages whose text is in the reader's language.
        assert '<span data-pagefind-filter="Текст:пока не на этом языке"></span>' in page

    def test_markup_in_content_is_escaped(self, sample_content: Path, mo_dir: Path, tmp_path: Path) -> None:
        """Raw HTML in a title, body or note reaches the Markdown escaped."""
        path = sample_content / "hell-of-a-war" / "how.abwerfen.yaml"
        text = path.read_text(encoding="utf-8")
        text = text.replace("title: Discarding", "title: Discarding <b onclick=x()>")
        text = text.replace("Only hand cards", "<script>alert(1)</script> Only hand cards")
        path.write_text(text, encoding="utf-8")
        render_site(load_or_raise(sample_content), tmp_path / "docs", TEMPLATES, mo_dir, languages=["en"])
        page = (tmp_path / "docs" / "en" / "hell-of-a-war" / "abwerfen.md").read_text(encoding="utf-8")
        assert "<script>" not in page and "<b onclick" not in page
        assert "&lt;script>alert(1)&lt;/script>" in page
        assert "# Discarding &lt;b onclick=x()&gt;" in page

    def test_a_broken_template_names_file_and_line(self, sample_content: Path, mo_dir: Path, tmp_path: Path) -> None:
        """A template syntax error is a TemplateError with the template's name and line, not a traceback."""
        templates = tmp_path / "templates"
        templates.mkdir()
        for source in TEMPLATES.glob("*.j2"):
            (templates / source.name).write_text(source.read_text(encoding="utf-8"), encoding="utf-8")
        (templates / "game.md.j2").write_text("# {{ name }\n", encoding="utf-8")
        with pytest.raises(TemplateError, match=r"game\.md\.j2:1: template syntax error"):
            render_site(load_or_raise(sample_content), tmp_path / "docs", templates, mo_dir, languages=["en"])

    def test_worked_examples_on_their_entries(
        self, sample_content: Path, mo_dir: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
    ) -> None:
        """An example is shown on its first entry (outcome in view, scenario as labelled data and steps a tap
        away, the quote left out where it is the page's own text), linked from the others, in full on its
        game's page; past the page's budget it is shown compact."""
        corpus = load_or_raise(sample_content)
        own_text = corpus.entry("how.abwerfen").original.body
        example = Example.model_validate(
            {
                "id": "how.example.discard",
                "game": "hell-of-a-war",
                "entries": ["how.abwerfen", "how.ausloesende-bedingungen"],
                "title": {"en": "Discarding triggers a reaction", "de": "Abwerfen löst eine Reaktion aus"},
                "calculator": "stack",
                "quote": {"de": own_text},
                "scenario": {"cards": [{"name": "Radar", "cost": 2}]},
                "expected": {"resolved": ["Radar"]},
            }
        )
        outcome = ExampleOutcome(
            example=example,
            status="pass",
            result={
                "resolved": ["Radar"],
                "ignored": 1,
                "trace": {
                    "steps": [
                        {"rule": "how.ausloesende-bedingungen", "text": "the discard triggers Radar"},
                        {
                            "rule": "how.abwerfen",
                            "template": "{card} is discarded",
                            "params": {"card": "Radar"},
                            "plural": None,
                            "count": None,
                            "text": "Radar is discarded",
                        },
                    ]
                },
            },
        )
        german = AnswerLanguage("de", {"{card} is discarded": "{card} wird abgeworfen"})
        labels = form_labels(REPOSITORY / "locales", "de")
        render_site(
            corpus,
            tmp_path / "docs",
            TEMPLATES,
            mo_dir,
            languages=["de"],
            outcomes=[outcome],
            answers_in={"de": german},
            labels_in={"de": labels},
        )
        docs = tmp_path / "docs" / "de"
        first = (docs / "hell-of-a-war" / "abwerfen.md").read_text(encoding="utf-8")
        assert '<h3 id="how-example-discard-title">Abwerfen löst eine Reaktion aus</h3>' in first
        assert "Geprüft mit Rulebook" in first
        # The scenario as a table headed by the forms catalog's German labels, never as YAML.
        head = f"<th>{labels.field('name')}</th><th>{labels.field('cost')}</th>"
        assert labels.field("cost") not in (None, "Cost")
        assert f'<table class="rb-plain"><thead><tr>{head}</tr></thead><tbody><tr><td>Radar</td><td>2</td>' in first
        assert "{cards:" not in first and "```" not in first
        assert '<details class="rb-more" markdown>\n<summary>Szenario und Schritte</summary>' in first
        assert "rb-quote" not in first  # the quote is this page's own text
        assert "1. [Auslösende Bedingungen](ausloesende-bedingungen.md): the discard triggers Radar" in first
        # The page itself is not linked; a step stored with its template is shown in the page's language.
        assert "2. *Abwerfen*: Radar wird abgeworfen" in first
        resolved = labels.field("resolved") or "resolved"  # a key no form has stays as it is
        assert f"<dt>{resolved}</dt><dd>Radar</dd>" in first and "ignored" not in first  # the stated outcome only
        other = (docs / "hell-of-a-war" / "ausloesende-bedingungen.md").read_text(encoding="utf-8")
        assert "[Abwerfen löst eine Reaktion aus](../examples/hell-of-a-war.md#how-example-discard)" in other
        game_page = (docs / "examples" / "hell-of-a-war.md").read_text(encoding="utf-8")
        assert '<section class="rb-example" id="how-example-discard" markdown>' in game_page
        assert '<details class="rb-more" open markdown>' in game_page and "rb-quote" in game_page
        assert "1 durchgerechnetes Beispiel: [Seite 1 von 1](hell-of-a-war.md)" in (
            docs / "examples" / "index.md"
        ).read_text(encoding="utf-8")

        monkeypatch.setattr("rulebook.site.render.ENTRY_MARKDOWN_BUDGET", 100)
        render_site(corpus, tmp_path / "docs", TEMPLATES, mo_dir, languages=["de"], outcomes=[outcome])
        compact = (docs / "hell-of-a-war" / "abwerfen.md").read_text(encoding="utf-8")
        assert "<strong>Ergebnis:</strong>" in compact and "rb-scenario" not in compact and "<details" not in compact
        assert "[Abwerfen löst eine Reaktion aus](../examples/hell-of-a-war.md#how-example-discard)" in compact

    def test_calculator_pages_and_try_it_links(self, sample_content: Path, mo_dir: Path, tmp_path: Path) -> None:
        """Each calculator has a page per tree with its host element (data, catalog strings, first example);
        its examples, the entries they cite and the rules their traces applied link to it, "try it" with the
        scenario in the fragment."""
        corpus = load_or_raise(sample_content)
        scenario = {"players": [{"name": "A", "tw": 3}], "cards": [], "stack": []}
        example = Example.model_validate(
            {
                "id": "how.example.discard",
                "game": "hell-of-a-war",
                "entries": ["how.abwerfen"],
                "title": {"en": "Discarding", "de": "Abwerfen"},
                "calculator": "stack",
                "scenario": scenario,
                "expected": {},
            }
        )
        trace = {
            "steps": [
                {"rule": "how.ausloesende-bedingungen", "text": "applied"},
                {"rule": "how.no-such-entry", "text": "x"},
            ]
        }
        outcome = ExampleOutcome(example=example, status="pass", result={"trace": trace})
        render_site(corpus, tmp_path / "docs", TEMPLATES, mo_dir, languages=["de"], outcomes=[outcome])
        docs = tmp_path / "docs" / "de"
        page = (docs / "calculators" / "stack.md").read_text(encoding="utf-8")
        host = re.search(r"<div class=\"rb-calculator\"([^>]*)>", page)
        assert host is not None
        attributes = dict(re.findall(r'(data-[\w-]+)=(?:"([^"]*)"|\'[^\']*\')', host.group(1)))
        assert attributes["data-rb-calculator"] == "stack"
        assert (
            attributes["data-root"] == "../../../"
            and attributes["data-schema"] == "../../../_runtime/schema/stack.json"
        )
        assert attributes["data-entries"] == "../entries.json"
        assert attributes["data-package"] == "adjudicator.hell_of_a_war"  # the page imports it alone
        example_data = re.search(r"data-example='([^']*)'", host.group(1))
        strings = re.search(r"data-strings='([^']*)'", host.group(1))
        assert example_data and json.loads(unescape(example_data.group(1))) == scenario
        assert strings and json.loads(unescape(strings.group(1)))["run"] == "Berechnen"
        assert "# Aktionsstapel" in page  # the calculator's name from the German catalog
        assert "[Abwerfen](../hell-of-a-war/abwerfen.md)" in page  # rules it applies: the entries its examples cite
        try_link = re.search(r'<a class="rb-try" href="([^"]+)">Ausprobieren</a>', page)
        assert try_link and try_link.group(1).startswith("./#s=")
        entry = (docs / "hell-of-a-war" / "abwerfen.md").read_text(encoding="utf-8")
        assert "[Aktionsstapel](../calculators/stack.md)" in entry
        in_example = re.search(r'<a class="md-button rb-try" href="\.\./\.\./calculators/stack/#(s=[^"]+)">', entry)
        assert in_example and _decode_fragment(in_example.group(1)) == scenario
        other = (docs / "hell-of-a-war" / "ausloesende-bedingungen.md").read_text(encoding="utf-8")
        assert "[Aktionsstapel](../calculators/stack.md)" in other  # cited by the trace only
        assert "../hell-of-a-war/ausloesende-bedingungen.md" in page and "no-such-entry" not in page
        titles = json.loads((docs / "calculators" / "entries.json").read_text(encoding="utf-8"))
        assert titles["how.abwerfen"] == ["Abwerfen", "hell-of-a-war/abwerfen/"]
        index = (docs / "calculators" / "index.md").read_text(encoding="utf-8")
        assert "| [Aktionsstapel](stack.md) | Hell of a War | 1 |" in index

    def test_a_game_id_may_not_take_a_site_folder(self, sample_content: Path, mo_dir: Path, tmp_path: Path) -> None:
        """A game called 'glossary' would collide with the glossary's URLs and is refused."""
        corpus = load_or_raise(sample_content)
        clash = corpus.model_copy(update={"games": [corpus.games[0].model_copy(update={"id": "glossary"})]})
        with pytest.raises(TemplateError, match="glossary"):
            render_site(clash, tmp_path / "docs", TEMPLATES, mo_dir)


_HEADING = """id: how.regeln
game: hell-of-a-war
source: how-faq
order: 2
kind: heading
lang: de
text:
  de: {title: Regeln, status: original}
  en: {title: Rules}
  hu: {title: Szabályok}
  ru: {title: Правила}
  nl: {title: Regels}
"""


def _with_chapter(content: Path) -> Path:
    """The sample content with a top-level heading "Regeln" at order 2, its chapter holding the entry after it."""
    (content / "hell-of-a-war" / "how.regeln.yaml").write_text(_HEADING, encoding="utf-8")
    triggering = content / "hell-of-a-war" / "how.ausloesende-bedingungen.yaml"
    triggering.write_text(
        triggering.read_text(encoding="utf-8").replace("order: 4\n", "order: 4\nparent: how.regeln\n"), "utf-8"
    )
    return content


class TestReadingView:
    def test_a_source_without_chapters_is_one_page_in_source_order(
        self, sample_content: Path, mo_dir: Path, tmp_path: Path
    ) -> None:
        """Every entry is a section with its slug as id, in the page's language, the original in a toggle."""
        render_site(load_or_raise(sample_content), tmp_path / "docs", TEMPLATES, mo_dir, languages=["en", "de"])
        english = (tmp_path / "docs" / "en" / "sources" / "how-faq" / "abwerfen.md").read_text("utf-8")
        assert re.findall(r'<h(\d) id="([^"]+)" markdown>([^<]*)<', english) == [
            ("2", "abwerfen", "Discarding"),
            ("2", "ausloesende-bedingungen", "Triggering conditions"),
        ]
        assert english.count("<summary>Show original (German)</summary>") == 2
        assert "Abwerfen kann man nur Handkarten." in english
        # a ref: link inside the reading view goes to the target's section, not to its entry page
        assert "[Triggering conditions](abwerfen.md#ausloesende-bedingungen)" in english
        assert "[Entry page](../../hell-of-a-war/abwerfen.md)" in english
        assert "Reading view · page 1 of 1" in english
        german = (tmp_path / "docs" / "de" / "sources" / "how-faq" / "abwerfen.md").read_text("utf-8")
        assert "Leseansicht · Seite 1 von 1" in german
        assert "<details" not in german  # the original is the page's language: nothing to toggle

    def test_chapters_start_pages_and_the_split_is_the_same_in_every_language(
        self, sample_content: Path, mo_dir: Path, tmp_path: Path
    ) -> None:
        """A top-level heading opens a page holding its chapter; a heavy page is split at entry boundaries."""
        corpus = load_or_raise(_with_chapter(sample_content))
        site = SiteIndex(corpus, [])
        plans = plan_reading(site).plans["how-faq"]
        assert [(plan.path, plan.chapter, plan.entries) for plan in plans] == [
            ("sources/how-faq/abwerfen.md", None, (("how.abwerfen", 0),)),
            ("sources/how-faq/regeln.md", "how.regeln", (("how.regeln", 0), ("how.ausloesende-bedingungen", 1))),
        ]
        split = plan_reading(site, budget=1).plans["how-faq"]
        assert [(plan.entries, plan.part, plan.parts) for plan in split] == [
            ((("how.abwerfen", 0),), 1, 1),
            ((("how.regeln", 0),), 1, 2),
            ((("how.ausloesende-bedingungen", 1),), 2, 2),
        ]
        trees = render_site(corpus, tmp_path / "docs", TEMPLATES, mo_dir, languages=["en", "ru"])
        chapter = (tmp_path / "docs" / "en" / "sources" / "how-faq" / "regeln.md").read_text("utf-8")
        assert 'title: "Rules"' in chapter
        assert '<h3 id="ausloesende-bedingungen" markdown>' in chapter
        assert "Previous: [Discarding](abwerfen.md)" in chapter
        hell_of_a_war = trees[0].overrides["nav"][1]["Hell of a War"]
        assert hell_of_a_war[1] == {
            "FAQ": [
                {"Contents": "sources/how-faq.md"},
                {"Discarding": "sources/how-faq/abwerfen.md"},
                {"Rules": "sources/how-faq/regeln.md"},
            ]
        }
        russian = (tmp_path / "docs" / "ru" / "sources" / "how-faq" / "regeln.md").read_text("utf-8")
        assert "Ещё не переведено на этот язык" in russian  # no Russian body: the original, marked so
        assert '<div class="rb-text" lang="de" data-rb-anchors="' in russian

    def test_entry_pages_link_their_place_and_neighbours(
        self, sample_content: Path, mo_dir: Path, tmp_path: Path
    ) -> None:
        """Each entry page links its section in the reading view and the previous/next entry in source order."""
        render_site(load_or_raise(_with_chapter(sample_content)), tmp_path / "docs", TEMPLATES, mo_dir, ["hu"])
        middle = (tmp_path / "docs" / "hu" / "hell-of-a-war" / "regeln.md").read_text("utf-8")
        assert "[Olvasás a szövegkörnyezetben](../sources/how-faq/regeln.md#regeln)" in middle
        assert "Előző: [Eldobás](abwerfen.md)" in middle
        assert "Következő: [Kiváltó feltételek](ausloesende-bedingungen.md)" in middle
        first = (tmp_path / "docs" / "hu" / "hell-of-a-war" / "abwerfen.md").read_text("utf-8")
        assert "Előző:" not in first and "Következő: [Szabályok](regeln.md)" in first

    def test_sources_index_and_source_page_lead_to_the_reading_view(
        self, sample_content: Path, mo_dir: Path, tmp_path: Path
    ) -> None:
        """/xx/sources/ lists every source with its language, entry count and reading view."""
        render_site(load_or_raise(sample_content), tmp_path / "docs", TEMPLATES, mo_dir, languages=["de"])
        index = (tmp_path / "docs" / "de" / "sources" / "index.md").read_text("utf-8")
        assert (
            "| [FAQ](how-faq.md) | [Hell of a War](../hell-of-a-war/index.md) | Deutsch |  | 2 | "
            "[Lesen](how-faq/abwerfen.md) |"
        ) in index
        source = (tmp_path / "docs" / "de" / "sources" / "how-faq.md").read_text("utf-8")
        assert "[Die ganze Quelle lesen](how-faq/abwerfen.md)" in source
        game = (tmp_path / "docs" / "de" / "hell-of-a-war" / "index.md").read_text("utf-8")
        assert "[Die ganze Quelle lesen](../sources/how-faq/abwerfen.md)" in game  # the game's reading view


class TestTreeInputs:
    """A tree is generated again only when something it reads changed (:func:`rulebook.site.render.tree_inputs`)."""

    @staticmethod
    def _retext(corpus: Corpus, entry_id: str, lang: str, **fields: str) -> Corpus:
        entries = []
        for entry in corpus.entries:
            if entry.id == entry_id:
                text = dict(entry.text)
                text[Language(lang)] = text[Language(lang)].model_copy(update=fields)
                entry = entry.model_copy(update={"text": text})
            entries.append(entry)
        return corpus.model_copy(update={"entries": entries})

    def test_a_translation_changes_its_own_tree_and_the_trees_that_fall_back_to_it(self) -> None:
        corpus = load_or_raise(DATA / "good")
        before = {code: tree_inputs(corpus, [], Language(code)) for code in ("en", "de", "hu", "nl")}
        # how.abwerfen: German original, an English translation with a body, titles only in hu, ru, nl.
        english = self._retext(corpus, "how.abwerfen", "en", title="Throwing away")
        after = {code: tree_inputs(english, [], Language(code)) for code in before}
        assert after["en"] != before["en"]
        assert after["hu"] != before["hu"] and after["nl"] != before["nl"]  # they show the English text beside
        assert after["de"] == before["de"]  # the original's tree reads no translation
        dutch = self._retext(corpus, "how.abwerfen", "nl", title="Weggooien")
        assert tree_inputs(dutch, [], Language.NL) != before["nl"]
        assert all(tree_inputs(dutch, [], Language(code)) == before[code] for code in ("en", "de", "hu"))
        original = self._retext(corpus, "how.abwerfen", "de", title="Ablegen")
        assert all(tree_inputs(original, [], Language(code)) != before[code] for code in before)

    def test_an_unchanged_tree_is_not_generated_again_and_the_result_equals_a_fresh_render(
        self, mo_dir: Path, tmp_path: Path
    ) -> None:
        corpus = load_or_raise(DATA / "good")
        languages = ("en", "de", "nl")
        said: list[str] = []
        render_site(corpus, tmp_path / "docs", TEMPLATES, mo_dir, languages, memo_key="k")
        dutch = self._retext(corpus, "how.abwerfen", "nl", title="Weggooien")
        trees = render_site(dutch, tmp_path / "docs", TEMPLATES, mo_dir, languages, progress=said.append, memo_key="k")
        assert [message.split(":")[0] for message in said] == [
            "en unchanged",
            "de unchanged",
            "generated 55 pages for nl",
        ]
        fresh = render_site(dutch, tmp_path / "fresh", TEMPLATES, mo_dir, languages)
        assert [tree.pages for tree in trees] == [tree.pages for tree in fresh]

        def files(root: Path) -> dict[str, bytes]:
            return {path.relative_to(root).as_posix(): path.read_bytes() for path in root.rglob("*") if path.is_file()}

        assert files(tmp_path / "docs") == files(tmp_path / "fresh")
        said.clear()
        render_site(dutch, tmp_path / "docs", TEMPLATES, mo_dir, languages, progress=said.append, memo_key="other")
        assert all(message.startswith("generated") for message in said)  # another catalog: every tree again
