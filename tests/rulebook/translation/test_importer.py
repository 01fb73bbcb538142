"""Tests of :mod:`rulebook.translation.importer`: import of PO catalogs with every refusal, and review."""

from __future__ import annotations

import datetime
import shutil
import time
from pathlib import Path

import pytest

from rulebook.cli import main
from rulebook.content.model import Language, TranslationMethod, TranslationStatus
from rulebook.content.yamlio import load_yaml_text
from rulebook.errors import TranslationError
from rulebook.translation.catalog import export_catalog, load_content
from rulebook.translation.importer import import_catalog, review_translation
from tests.rulebook.translation.sample import (
    LANGUAGES,
    SAMPLE_SOURCES,
    catalog_of,
    change_original_paragraph,
    edit,
    git,
    refusal,
    sample,
    save,
    snapshot,
)

__all__ = ["sample"]  # the fixture, imported so pytest finds it here


class TestRoundTrip:
    def test_importing_an_unedited_export_of_the_sample_changes_nothing(self, sample: Path, tmp_path: Path) -> None:
        """Every language: export, import, and every content file is byte-identical."""
        before = snapshot(sample)
        for lang in LANGUAGES:
            po = tmp_path / f"{lang}.po"
            po.write_bytes(export_catalog(load_content(sample), lang))
            summary = import_catalog(load_content(sample), po)
            assert (summary.changed, summary.files) == ((), ())
        assert snapshot(sample) == before

    def test_importing_unedited_exports_of_the_real_content_changes_nothing(
        self, content_dir: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
    ) -> None:
        """On a copy of the real content, all five catalogs go out and back in without changing a byte."""
        root = tmp_path / "content"
        shutil.copytree(content_dir, root)
        before = snapshot(root)
        content = load_content(root)
        timings = []
        for lang in LANGUAGES:
            started = time.perf_counter()
            po = tmp_path / f"{lang}.po"
            po.write_bytes(export_catalog(content, lang))
            exported = time.perf_counter()
            summary = import_catalog(content, po)
            timings.append(f"{lang} export {exported - started:.2f}s import {time.perf_counter() - exported:.2f}s")
            assert summary.files == ()
        assert snapshot(root) == before
        with capsys.disabled():
            print("\n" + "; ".join(timings))

    def test_an_outdated_translation_survives_an_unedited_round_trip(self, sample: Path, tmp_path: Path) -> None:
        """Fuzzy messages imported unchanged leave the outdated translation as it was."""
        change_original_paragraph(sample)
        before = snapshot(sample)
        po = tmp_path / "en.po"
        po.write_bytes(export_catalog(load_content(sample), "en"))
        assert import_catalog(load_content(sample), po).files == ()
        assert snapshot(sample) == before


class TestImport:
    def test_an_edited_unit_changes_only_its_own_line(self, sample: Path, tmp_path: Path) -> None:
        """The changed list item is written on the original's skeleton; every other byte stays, comments included."""
        catalog = catalog_of(sample, "en")
        edit(catalog, "how.aktionsstapel|body#3", "Pay 2 TW first.")
        path = sample / "hell-of-a-war" / "how.aktionsstapel.yaml"
        before = path.read_text(encoding="utf-8")
        others = {k: v for k, v in snapshot(sample).items() if not k.endswith("how.aktionsstapel.yaml")}
        summary = import_catalog(load_content(sample), save(catalog, tmp_path / "en.po"))
        assert summary.changed == ("how.aktionsstapel|text",)
        assert path.read_text(encoding="utf-8") == before.replace("- First pay 2 TW.", "- Pay 2 TW first.")
        assert {k: v for k, v in snapshot(sample).items() if not k.endswith("how.aktionsstapel.yaml")} == others

    def test_an_edited_reviewed_translation_becomes_a_draft(self, sample: Path, tmp_path: Path) -> None:
        """Import never marks anything reviewed: a changed reviewed translation is a draft again."""
        catalog = catalog_of(sample, "en")
        edit(catalog, "how.kosten|body#1", "Card name")
        import_catalog(load_content(sample), save(catalog, tmp_path / "en.po"))
        version = load_yaml_text((sample / "hell-of-a-war" / "how.kosten.yaml").read_text(encoding="utf-8"))["text"][
            "en"
        ]
        assert (version["status"], version["body"].splitlines()[0]) == ("draft", "| Card name | Cost |")

    def test_a_new_body_is_written_after_the_title_with_the_current_digest(self, sample: Path, tmp_path: Path) -> None:
        """A title-only Hungarian version gets its body, status draft, the digest and the Last-Translator."""
        catalog = catalog_of(sample, "hu")
        catalog.last_translator = "Kovács Anna <anna@example.invalid>"
        for index, text in enumerate(["Kártya", "Költség", "Romboló", "2,5 TW", "Bombázó", "1 000 TW"], 1):
            edit(catalog, f"how.kosten|body#{index}", text)
        import_catalog(load_content(sample), save(catalog, tmp_path / "hu.po"))
        content = load_content(sample)
        entry = content.corpus.entry("how.kosten")
        version = entry.text["hu"]  # type: ignore[index]
        assert version.body == "| Kártya | Költség |\n|---|---|\n| Romboló | 2,5 TW |\n| Bombázó | 1 000 TW |\n"
        assert (version.status.value, version.source_digest, version.translator) == (
            "draft",
            entry.current_digest(),
            "Kovács Anna <anna@example.invalid>",
        )
        text = (sample / "hell-of-a-war" / "how.kosten.yaml").read_text(encoding="utf-8")
        assert "  hu:\n    title: Költségek\n    body: |\n      | Kártya | Költség |\n" in text

    def test_a_new_translation_records_its_provenance_and_an_unchanged_one_keeps_it(
        self, sample: Path, tmp_path: Path
    ) -> None:
        """What the import writes says how it was made (--method, --consulted); what it leaves alone keeps its own."""
        catalog = catalog_of(sample, "hu")
        catalog.last_translator = "Kovács Anna <anna@example.invalid>"
        for index, text in enumerate(["Kártya", "Költség", "Romboló", "2,5 TW", "Bombázó", "1 000 TW"], 1):
            edit(catalog, f"how.kosten|body#{index}", text)
        import_catalog(
            load_content(sample),
            save(catalog, tmp_path / "hu.po"),
            method=TranslationMethod.ASSISTED,
            consulted=[Language.EN, Language.HU],
        )
        entry = load_content(sample).corpus.entry("how.kosten")
        provenance = entry.text[Language.HU].provenance
        assert provenance is not None
        assert (provenance.translated_from, provenance.method, provenance.consulted, provenance.by) == (
            entry.lang,
            TranslationMethod.ASSISTED,
            [Language.EN],  # the catalog's own language is no crib
            "Kovács Anna <anna@example.invalid>",
        )
        before = snapshot(sample)
        import_catalog(load_content(sample), save(catalog_of(sample, "hu"), tmp_path / "again.po"))
        assert snapshot(sample) == before  # re-importing unchanged words keeps "assisted"

    def test_terms_notes_and_examples_are_written_back(self, sample: Path, tmp_path: Path) -> None:
        """A term's forms, a note and an example's fields land in their own files."""
        catalog = catalog_of(sample, "hu")
        edit(catalog, "term:tw|rendering", "technológiai érték\ntechnológiai érték*\nTW\nTW-érték")
        edit(
            catalog,
            "how.aktionsstapel|notes#1",
            "A 'zuletzt' jelentheti az utoljára kijátszott vagy az utoljára végrehajtott lapot.",
        )
        edit(catalog, "how.example.stapel|title", "Az utoljára kijátszott lap hajtódik végre először")
        edit(catalog, "how.example.stapel|assumptions#1", "Mindkét lap 2 TW-be kerül.")
        import_catalog(load_content(sample), save(catalog, tmp_path / "hu.po"))
        corpus = load_content(sample).corpus
        term = next(t for t in corpus.terms if t.id == "tw")
        assert term.rendering["hu"].forms == ["technológiai érték*", "TW", "TW-érték"]  # type: ignore[index]
        assert corpus.entry("how.aktionsstapel").notes[0].text["hu"].startswith("A 'zuletzt'")  # type: ignore[index]
        example = corpus.examples[0]
        assert example.title["hu"] == "Az utoljára kijátszott lap hajtódik végre először"  # type: ignore[index]
        assert example.assumptions[0]["hu"] == "Mindkét lap 2 TW-be kerül."  # type: ignore[index]

    def test_fuzzy_messages_import_as_draft_and_keep_the_translation_outdated(
        self, sample: Path, tmp_path: Path
    ) -> None:
        """An edited message still flagged fuzzy is written, but the old digest stays.

        So the translation is still outdated.
        """
        old_digest = load_content(sample).corpus.entry("how.aktionsstapel").text["en"].source_digest  # type: ignore[index]
        change_original_paragraph(sample)
        catalog = catalog_of(sample, "en")
        edit(catalog, "how.aktionsstapel|body#2", "For example:", fuzzy=True)
        import_catalog(load_content(sample), save(catalog, tmp_path / "en.po"))
        entry = load_content(sample).corpus.entry("how.aktionsstapel")
        assert entry.text["en"].body.split("\n\n")[1] == "For example:"  # type: ignore[index]
        assert entry.text["en"].source_digest == old_digest  # type: ignore[index]
        assert entry.effective_status("en").value == "outdated"  # type: ignore[arg-type, union-attr]

    def test_clearing_every_fuzzy_flag_records_the_current_digest(self, sample: Path, tmp_path: Path) -> None:
        """Once no message of the translation is fuzzy, it is a current draft."""
        change_original_paragraph(sample)
        catalog = catalog_of(sample, "en")
        for message in catalog:
            if message.context and message.context.startswith("how.aktionsstapel|"):
                message.flags.discard("fuzzy")
        edit(catalog, "how.aktionsstapel|body#2", "For example:")
        import_catalog(load_content(sample), save(catalog, tmp_path / "en.po"))
        entry = load_content(sample).corpus.entry("how.aktionsstapel")
        assert entry.effective_status("en").value == "draft"  # type: ignore[arg-type, union-attr]
        assert entry.text["en"].source_digest == entry.current_digest()  # type: ignore[index]

    def test_dry_run_writes_nothing(self, sample: Path, tmp_path: Path) -> None:
        """--dry-run reports the change and leaves the files alone."""
        catalog = catalog_of(sample, "en")
        edit(catalog, "how.kosten|title", "Prices")
        before = snapshot(sample)
        summary = import_catalog(load_content(sample), save(catalog, tmp_path / "en.po"), dry_run=True)
        assert summary.changed == ("how.kosten|text",) and len(summary.files) == 1
        assert snapshot(sample) == before


class TestImportRefusals:
    @pytest.mark.parametrize(
        ("context", "text", "problems"),
        [
            (
                "how.kosten|body#4",
                "3.5 TW",
                ["number 2.5 of the original is missing from the translation", "number 3.5 is only in the translation"],
            ),
            (
                "se.ejtoernyosok|body#1",
                "From June a paratrooper unit costs 12 HPP and may fly 7-10 hexes.",
                ["number 1941 of the original is missing from the translation"],
            ),
            (
                "se.ejtoernyosok|body#1",
                "From June 1941 a paratrooper unit costs 12 HPP and may fly 7-11 hexes.",
                ["number 10 of the original is missing from the translation", "number 11 is only in the translation"],
            ),
            ("how.kosten|body#3", "Destroyer (2 per player)", ["number 2 is only in the translation"]),
            (
                "how.aktionsstapel|body#1",
                "The pile is worked through **backwards**.",
                [
                    "the original uses glossary term 'aktionsstapel' ('Aktionsstapel') but the translation has none of "
                    "its en "
                    "renderings: 'action stack', 'action stacks'"
                ],
            ),
            (
                "se.ejtoernyosok|body#1",
                "From June 1941 a paratrooper unit costs 12 points and may fly 7-10 hexes.",
                [
                    "the original uses glossary term 'hpp' ('HPP') but the translation has none of its en renderings: "
                    "'war production points', 'HPP'"
                ],
            ),
            (
                "how.aktionsstapel|body#4",
                "Then the *last* card, see Costs.",
                ["links differ: the original links to ['ref:how.kosten'], the translation to []"],
            ),
            (
                "how.aktionsstapel|body#4",
                "Then the last card, see [Costs](ref:how.kosten).",
                ["emphasis differs: the original has 2 * or _ markers, the translation 0"],
            ),
            (
                "how.aktionsstapel|body#1",
                "The action stack is worked through **backwards**.\n\n- first",
                ["the translation opens blocks the original does not have: a blank line, '-'"],
            ),
            (
                "how.kosten|body#3",
                "Destroyer | Cruiser",
                ["the table cell has 1 unescaped '|' (the original 0); escape it as '\\|'"],
            ),
            ("how.kosten|title", "Costs\nand prices", ["the translation has a line break the original does not have"]),
        ],
    )
    def test_each_rule_refuses_with_its_message(
        self, sample: Path, tmp_path: Path, context: str, text: str, problems: list[str]
    ) -> None:
        """A changed message that breaks a number, glossary or Markdown rule is refused, naming the rule."""
        catalog = catalog_of(sample, "en")
        edit(catalog, context, text)
        assert refusal(sample, catalog, tmp_path / "en.po") == [f"{context}: {problem}" for problem in problems]

    def test_an_unknown_msgctxt_is_refused(self, sample: Path, tmp_path: Path) -> None:
        """A message for an entry or field the content does not have is refused."""
        catalog = catalog_of(sample, "en")
        catalog.add("Nirgendwo", "Nowhere", context="how.nirgendwo|title")
        assert refusal(sample, catalog, tmp_path / "en.po") == [
            "how.nirgendwo|title: unknown msgctxt: there is no such entry and field to translate into en; export a "
            "fresh catalog"
        ]

    def test_a_stale_msgid_is_refused(self, sample: Path, tmp_path: Path) -> None:
        """A catalog exported before the original changed cannot be imported over the new original."""
        catalog = catalog_of(sample, "en")
        change_original_paragraph(sample)
        assert refusal(sample, catalog, tmp_path / "en.po") == [
            "how.aktionsstapel|body#2: the original changed since this catalog was exported (its msgid is not the "
            "current text); export a fresh catalog and merge your work into it with msgmerge"
        ]

    def test_a_partly_translated_body_is_refused(self, sample: Path, tmp_path: Path) -> None:
        """Half a body cannot be written: every missing unit is named."""
        catalog = catalog_of(sample, "hu")
        edit(catalog, "how.kosten|body#1", "Kártya")
        assert refusal(sample, catalog, tmp_path / "hu.po") == [
            "how.kosten|body: the body is only partly translated: body#2, body#3, body#4, body#5, body#6 have no "
            "translation; translate every unit of it or none"
        ]

    def test_a_catalog_without_a_site_language_is_refused(self, sample: Path, tmp_path: Path) -> None:
        """The Language header decides where translations go; without it nothing is imported."""
        catalog = catalog_of(sample, "en")
        po = save(catalog, tmp_path / "xx.po")
        po.write_text(
            po.read_text(encoding="utf-8").replace('"Language: en\\n"', '"Language: fr\\n"'), encoding="utf-8"
        )
        with pytest.raises(TranslationError) as raised:
            import_catalog(load_content(sample), po)
        assert [str(p) for p in raised.value.problems] == [
            f"{po}: Language: the catalog's Language header must be one of en, de, hu, ru, nl (got 'fr')"
        ]

    def test_dev_zero_is_refused_at_the_size_limit(self, sample: Path) -> None:
        """A catalog is read up to the size limit and no further: ``/dev/zero`` is refused, nothing written."""
        before = snapshot(sample)
        with pytest.raises(TranslationError) as raised:
            import_catalog(load_content(sample), Path("/dev/zero"))
        assert snapshot(sample) == before
        assert [str(p) for p in raised.value.problems] == [
            "/dev/zero: the catalog is larger than 50000000 bytes, the limit; check that this is a catalog exported "
            "by `rulebook translate export`"
        ]

    def test_every_problem_is_listed_and_nothing_is_written(self, sample: Path, tmp_path: Path) -> None:
        """Good and bad changes together: all problems in one refusal, with PO line numbers, and no file touched."""
        catalog = catalog_of(sample, "en")
        edit(catalog, "how.kosten|title", "Prices")
        edit(catalog, "how.kosten|body#4", "3 TW")
        edit(catalog, "how.aktionsstapel|body#1", "The pile is worked through **backwards**.")
        catalog.add("x", "y", context="how.kosten|body#99")
        po = tmp_path / "en.po"
        before = snapshot(sample)
        with pytest.raises(TranslationError) as raised:
            import_catalog(load_content(sample), save(catalog, po))
        assert snapshot(sample) == before
        message = str(raised.value)
        assert message.startswith(f"import of {po}: refused, nothing written — 4 problems:\n")
        assert [str(p).split(": ")[1] for p in raised.value.problems] == [
            "how.aktionsstapel|body#1",
            "how.kosten|body#4",
            "how.kosten|body#4",
            "how.kosten|body#99",
        ]
        assert all(p.line is not None and str(p).startswith(f"{po}:{p.line}: ") for p in raised.value.problems)

    def test_the_cli_prints_the_refusal_without_a_traceback(
        self, sample: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
    ) -> None:
        """`rulebook translate import` exits 1 and lists the problem."""
        catalog = catalog_of(sample, "en")
        edit(catalog, "how.kosten|body#4", "3 TW")
        po = save(catalog, tmp_path / "en.po")
        assert main(["--content", str(sample), "--sources", str(SAMPLE_SOURCES), "translate", "import", str(po)]) == 1
        error = capsys.readouterr().err
        assert error.startswith(f"rulebook translate: import of {po}: refused, nothing written — 2 problems:\n")
        assert "how.kosten|body#4: number 2.5 of the original is missing from the translation" in error


class TestReview:
    def test_review_marks_the_translation_reviewed_with_the_current_digest(
        self, sample: Path, capsys: pytest.CaptureFixture[str]
    ) -> None:
        """`rulebook translate review` sets status, digest, reviewer and date, and nothing else."""
        change_original_paragraph(sample)
        path = sample / "hell-of-a-war" / "how.aktionsstapel.yaml"
        catalog_free_edit = path.read_text(encoding="utf-8").replace("      Example:\n", "      For example:\n")
        path.write_text(catalog_free_edit, encoding="utf-8")
        assert (
            main(
                [
                    "--content",
                    str(sample),
                    "--sources",
                    str(SAMPLE_SOURCES),
                    "translate",
                    "review",
                    "how.aktionsstapel",
                    "--lang",
                    "en",
                    "--reviewer",
                    "R. Viewer",
                ]
            )
            == 0
        )
        assert "how.aktionsstapel (en) is reviewed by R. Viewer" in capsys.readouterr().out
        entry = load_content(sample).corpus.entry("how.aktionsstapel")
        version = entry.text["en"]  # type: ignore[index]
        assert (version.status.value, version.source_digest, version.translator, version.reviewer) == (
            "reviewed",
            entry.current_digest(),
            None,
            "R. Viewer",
        )
        assert version.reviewed_on == datetime.date.today()
        lines = path.read_text(encoding="utf-8").splitlines()
        assert (
            lines[lines.index("    status: reviewed") - 1]
            == "      - Then the *last* card, see [Costs](ref:how.kosten)."
        )

    @pytest.mark.parametrize(
        ("entry", "lang", "problem"),
        [
            ("how.nirgendwo", "en", "how.nirgendwo: unknown entry; check the id (`rulebook export` lists them)"),
            ("how.kosten", "de", "how.kosten: text.de: this is the original language; only translations are reviewed"),
            (
                "how.kosten",
                "hu",
                "how.kosten: text.hu.reviewer: no reviewer: give --reviewer NAME or set `git config user.name`",
            ),
        ],
    )
    def test_review_refusals(self, sample: Path, entry: str, lang: str, problem: str) -> None:
        """Unknown entries and originals cannot be reviewed, nor anything without a reviewer's name."""
        before = snapshot(sample)
        with pytest.raises(TranslationError) as raised:
            review_translation(
                load_content(sample), entry, lang, None if entry == "how.kosten" and lang == "hu" else "R"
            )
        assert [str(p).split(": ", 1)[1] for p in raised.value.problems] == [problem]
        assert snapshot(sample) == before

    def test_review_refuses_a_translation_that_breaks_a_rule(self, sample: Path) -> None:
        """A reviewer cannot sign off a translation whose numbers differ from the original."""
        path = sample / "hell-of-a-war" / "how.kosten.yaml"
        path.write_text(
            path.read_text(encoding="utf-8").replace("| Destroyer | 2.5 TW |", "| Destroyer | 3 TW |"), encoding="utf-8"
        )
        with pytest.raises(TranslationError) as raised:
            review_translation(load_content(sample), "how.kosten", "en", "R. Viewer")
        assert [str(p).split(": ", 1)[1] for p in raised.value.problems] == [
            "how.kosten: text.en.body#4: number 2.5 of the original is missing from the translation",
            "how.kosten: text.en.body#4: number 3 is only in the translation",
        ]

    def test_an_outdated_title_only_translation_can_be_reviewed(self, sample: Path) -> None:
        """A title-only translation whose original changed is cleared by review (its title is checked)."""
        change_original_paragraph(sample)
        assert load_content(sample).corpus.entry("how.aktionsstapel").effective_status(Language.HU) is (
            TranslationStatus.OUTDATED
        )
        review_translation(load_content(sample), "how.aktionsstapel", "hu", "R. Viewer", datetime.date(2026, 11, 25))
        entry = load_content(sample).corpus.entry("how.aktionsstapel")
        version = entry.text[Language.HU]
        assert (entry.effective_status(Language.HU), version.reviewer, version.reviewed_on) == (
            TranslationStatus.REVIEWED,
            "R. Viewer",
            datetime.date(2026, 11, 25),
        )
        assert "    reviewer: R. Viewer\n    reviewed_on: '2026-11-25'\n" in (
            sample / "hell-of-a-war" / "how.aktionsstapel.yaml"
        ).read_text(encoding="utf-8")

    def test_the_reviewer_defaults_to_git_config_user_name(
        self, sample: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
    ) -> None:
        """Without --reviewer, the name git would sign a commit with is recorded."""
        config = tmp_path / "gitconfig"
        config.write_text("[user]\n\tname = Gitta Config\n", encoding="utf-8")
        monkeypatch.setenv("GIT_CONFIG_GLOBAL", str(config))
        monkeypatch.chdir(tmp_path)
        arguments = ["--content", str(sample), "--sources", str(SAMPLE_SOURCES), "translate", "review"]
        assert main([*arguments, "how.kosten", "--lang", "en"]) == 0
        assert "reviewed by Gitta Config" in capsys.readouterr().out
        assert load_content(sample).corpus.entry("how.kosten").text[Language.EN].reviewer == "Gitta Config"


def test_an_outdated_title_only_translation_is_cleared_by_importing_its_unfuzzied_title(
    sample: Path, tmp_path: Path
) -> None:
    """The title of an outdated title-only translation is fuzzy; clearing the flag records the new digest."""
    git(sample, "init", "-q")
    git(sample, "add", ".")
    git(sample, "commit", "-q", "-m", "sample")
    change_original_paragraph(sample)
    catalog = catalog_of(sample, "hu")
    [title] = [m for m in catalog if m.context == "how.aktionsstapel|title"]
    assert title.fuzzy and not title.previous_id
    edit(catalog, "how.aktionsstapel|title", str(title.string), fuzzy=False)
    import_catalog(load_content(sample), save(catalog, tmp_path / "hu.po"))
    entry = load_content(sample).corpus.entry("how.aktionsstapel")
    assert entry.effective_status(Language.HU) is TranslationStatus.DRAFT
    assert entry.text[Language.HU].source_digest == entry.current_digest()
