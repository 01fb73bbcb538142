"""The texts around the rules: notes, descriptions, example titles and assumptions, definitions.

They follow the entry texts' rules: a translation records the digest of the
original it was made from (``made_from``), is outdated when that original
changes, comes back fuzzy with its previous original in the next catalog, and
an import records the new digest only once the translator confirms it.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from rulebook.content.load import load_corpus
from rulebook.content.model import Language
from rulebook.content.other_texts import corpus_other_texts, text_digest
from rulebook.translation.catalog import export_catalog, load_content
from rulebook.translation.importer import import_catalog
from rulebook.translation.status import other_text_status
from tests.rulebook.translation.sample import SAMPLE_SOURCES, catalog_of, edit, git, sample, save

__all__ = ["sample"]

NOTE = "how.aktionsstapel|notes#1"
ENGLISH_NOTE = "'zuletzt' can mean the last card played or the last card resolved."
GERMAN_NOTE = "„zuletzt“ kann die zuletzt gespielte oder die zuletzt abgehandelte Karte meinen."


def state(root: Path, item_id: str, field: str, lang: str) -> str:
    corpus = load_content(root).corpus
    [text] = [t for t in corpus_other_texts(corpus) if t.item_id == item_id and t.field == field]
    return text.state(Language(lang))


def import_note(root: Path, tmp_path: Path, text: str, fuzzy: bool = False) -> None:
    catalog = catalog_of(root, "de")
    edit(catalog, NOTE, text, fuzzy=fuzzy)
    import_catalog(load_content(root), save(catalog, tmp_path / "de.po"))


def change_english_note(root: Path) -> None:
    path = root / "hell-of-a-war" / "how.aktionsstapel.yaml"
    path.write_text(
        path.read_text(encoding="utf-8").replace("or the last card resolved", "or the card resolved last"),
        encoding="utf-8",
    )


class TestMadeFrom:
    def test_an_imported_note_records_the_digest_of_its_english_original(self, sample: Path, tmp_path: Path) -> None:
        import_note(sample, tmp_path, GERMAN_NOTE)
        text = (sample / "hell-of-a-war" / "how.aktionsstapel.yaml").read_text(encoding="utf-8")
        assert f"de: {{notes#1: {text_digest(ENGLISH_NOTE)}}}" in text
        assert state(sample, "how.aktionsstapel", "notes#1", "de") == "draft"

    def test_a_changed_english_note_makes_the_translation_outdated_and_fuzzy_with_its_previous_text(
        self, sample: Path, tmp_path: Path
    ) -> None:
        git(sample, "init", "-q")
        import_note(sample, tmp_path, GERMAN_NOTE)
        git(sample, "add", "-A")
        git(sample, "commit", "-qm", "note translated")
        change_english_note(sample)

        assert state(sample, "how.aktionsstapel", "notes#1", "de") == "outdated"
        catalog = catalog_of(sample, "de")
        [message] = [m for m in catalog if m.context == NOTE]
        assert message.fuzzy and message.string == GERMAN_NOTE
        # Babel's reader drops '#|' lines, so the previous msgid is read in the exported file itself.
        po = export_catalog(load_content(sample), "de").decode("utf-8")
        assert "#| msgid \"'zuletzt' can mean the last card played or the last card resolved.\"" in po

    def test_status_counts_the_outdated_text_and_names_it(self, sample: Path, tmp_path: Path) -> None:
        import_note(sample, tmp_path, GERMAN_NOTE)
        change_english_note(sample)
        status = other_text_status(load_content(sample).corpus, "de")
        assert status.entries["outdated"] == ("how.aktionsstapel|notes#1",)
        assert status.counts["draft"] == 0 and status.counts["missing"] == status.total - 1 - status.counts["original"]

    def test_the_translation_stays_outdated_until_the_translator_clears_fuzzy(
        self, sample: Path, tmp_path: Path
    ) -> None:
        import_note(sample, tmp_path, GERMAN_NOTE)
        change_english_note(sample)
        import_note(sample, tmp_path, GERMAN_NOTE + " (geprüft)", fuzzy=True)
        assert state(sample, "how.aktionsstapel", "notes#1", "de") == "outdated"
        import_note(sample, tmp_path, GERMAN_NOTE + " (geprüft)", fuzzy=False)
        assert state(sample, "how.aktionsstapel", "notes#1", "de") == "draft"

    def test_an_assumption_is_translated_from_english_even_in_a_german_example(self, sample: Path) -> None:
        """Assumptions are the editors' words: the msgid is English in every catalog but the English one."""
        german = [m for m in catalog_of(sample, "de") if m.context == "how.example.stapel|assumptions#1"]
        assert [m.id for m in german] == ["Both cards cost 2 TW."]
        assert not [m for m in catalog_of(sample, "en") if m.context == "how.example.stapel|assumptions#1"]

    def test_a_source_title_is_translated_into_a_list_file_that_keeps_its_layout(
        self, sample: Path, tmp_path: Path
    ) -> None:
        catalog = catalog_of(sample, "nl")
        edit(catalog, "source:se-advanced|title", "Regels van de gevorderde versie")
        import_catalog(load_content(sample), save(catalog, tmp_path / "nl.po"))
        text = (sample / "sources.yaml").read_text(encoding="utf-8")
        assert "- id: se-advanced\n" in text and "    nl: Regels van de gevorderde versie\n" in text
        assert "    nl: {title: " + text_digest("Haladó-változat szabályai") + "}" in text


class TestChecks:
    def test_made_from_naming_no_such_text_is_an_error_naming_the_fields_there_are(self, sample: Path) -> None:
        path = sample / "hell-of-a-war" / "how.aktionsstapel.yaml"
        path.write_text(
            path.read_text(encoding="utf-8") + "made_from:\n  de: {notes#7: 0123456789abcdef}\n", encoding="utf-8"
        )
        problems = [str(p) for p in load_corpus(sample, SAMPLE_SOURCES).errors]
        assert problems == [
            "content/hell-of-a-war/how.aktionsstapel.yaml: how.aktionsstapel: made_from.de.notes#7: the item has no "
            "translatable text 'notes#7' (it has: notes#1, notes#2); remove the line"
        ]

    @pytest.mark.parametrize("lang", ["de", "ru"])
    def test_a_translation_without_made_from_is_a_warning_that_gives_the_digest(self, sample: Path, lang: str) -> None:
        path = sample / "hell-of-a-war" / "how.aktionsstapel.yaml"
        path.write_text(
            path.read_text(encoding="utf-8").replace(
                f'      en: "{ENGLISH_NOTE}"\n', f'      en: "{ENGLISH_NOTE}"\n      {lang}: Übersetzung\n'
            ),
            encoding="utf-8",
        )
        warnings = [str(p) for p in load_corpus(sample, SAMPLE_SOURCES).warnings]
        assert warnings == [
            f"content/hell-of-a-war/how.aktionsstapel.yaml: how.aktionsstapel: made_from.{lang}.notes#1: warning: "
            f"the {lang} translation of 'notes#1' does not record the en text it was made from, so a later change "
            "of that text cannot mark it outdated; if it translates the current text, add `made_from: "
            f"{{{lang}: {{notes#1: {text_digest(ENGLISH_NOTE)}}}}}` to the item (`rulebook translate import` "
            "records it for you)"
        ]
