"""Comments that help the translator, and the false-glossary-hit override.

Read with polib (Poedit's view of the file) and translate-toolkit (Weblate's).
The sample content is described in :mod:`tests.rulebook.translation.sample`.
"""

from __future__ import annotations

from pathlib import Path

import polib
import pytest
from translate.storage.po import pofile as toolkit_pofile

from rulebook.cli import main
from rulebook.translation.catalog import export_catalog, load_content, translation_problems
from rulebook.translation.importer import import_catalog
from tests.rulebook.translation.sample import SAMPLE_SOURCES, catalog_of, edit, refusal, sample, save

__all__ = ["sample"]  # the fixture, imported so pytest finds it here


def _entry(root: Path, lang: str, context: str, tmp_path: Path) -> polib.POEntry:
    path = tmp_path / f"{lang}.po"
    path.write_bytes(export_catalog(load_content(root), lang))
    [entry] = [e for e in polib.pofile(str(path)) if e.msgctxt == context]
    return entry


class TestComments:
    def test_the_english_draft_is_shown_when_the_original_is_not_english(self, sample: Path, tmp_path: Path) -> None:
        """A Hungarian translator of a German list item sees the English draft of that item; an English one does not."""
        hungarian = _entry(sample, "hu", "how.aktionsstapel|body#3", tmp_path)
        assert "English draft: First pay 2 TW." in hungarian.comment.split("\n")
        english = _entry(sample, "en", "how.aktionsstapel|body#3", tmp_path)
        assert "English draft" not in english.comment

    def test_glossary_terms_are_listed_with_their_renderings_in_the_target_language(
        self, sample: Path, tmp_path: Path
    ) -> None:
        """Each term the original uses, as it is used there, with the target language's renderings."""
        path = tmp_path / "nl.po"
        path.write_bytes(export_catalog(load_content(sample), "nl"))
        [unit] = [u for u in toolkit_pofile.parsefile(str(path)).units if u.getcontext() == "se.ejtoernyosok|body#1"]
        notes = unit.getnotes("developer").split("\n")
        assert [note for note in notes if note.startswith("Glossary term")] == [
            "Glossary term hpp: “HPP” = oorlogsproductiepunten / HPP"
        ]


class TestTermOverride:
    def test_a_declared_false_hit_is_imported_recorded_and_exported_again(self, sample: Path, tmp_path: Path) -> None:
        """`# rulebook-term-ok: aktionsstapel` lets the translation do without the term; it survives the next export."""
        catalog = catalog_of(sample, "en")
        edit(catalog, "how.aktionsstapel|body#1", "The pile is worked through **backwards**.")
        assert refusal(sample, catalog, tmp_path / "en.po") == [
            "how.aktionsstapel|body#1: the original uses glossary term 'aktionsstapel' ('Aktionsstapel') but the "
            "translation has none of its en renderings: 'action stack', 'action stacks'"
        ]
        [message] = [m for m in catalog if m.context == "how.aktionsstapel|body#1"]
        message.user_comments.append("rulebook-term-ok: aktionsstapel")
        import_catalog(load_content(sample), save(catalog, tmp_path / "en.po"))
        content = load_content(sample)
        assert content.corpus.entry("how.aktionsstapel").text["en"].term_ok == ["aktionsstapel"]  # type: ignore[index]
        assert translation_problems(content) == []
        again = _entry(sample, "en", "how.aktionsstapel|body#1", tmp_path)
        assert again.tcomment == "rulebook-term-ok: aktionsstapel"

    def test_an_unknown_term_in_the_override_is_refused(self, sample: Path, tmp_path: Path) -> None:
        """A misspelt term id is named, with where to find the right one."""
        catalog = catalog_of(sample, "en")
        [message] = [m for m in catalog if m.context == "how.aktionsstapel|body#1"]
        message.user_comments.append("rulebook-term-ok: aktionstapel")
        assert refusal(sample, catalog, tmp_path / "en.po") == [
            "how.aktionsstapel|body#1: rulebook-term-ok: names unknown glossary terms aktionstapel; use the term ids "
            "that the message's 'Glossary term' comments show"
        ]

    def test_the_override_is_also_read_as_a_flag(
        self, sample: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
    ) -> None:
        """`#, rulebook-term-ok: aktionsstapel` works as well as the translator comment."""
        catalog = catalog_of(sample, "en")
        edit(catalog, "how.aktionsstapel|body#1", "The pile is worked through **backwards**.")
        [message] = [m for m in catalog if m.context == "how.aktionsstapel|body#1"]
        message.flags.add("rulebook-term-ok: aktionsstapel")
        path = save(catalog, tmp_path / "en.po")
        assert main(["--content", str(sample), "--sources", str(SAMPLE_SOURCES), "translate", "import", str(path)]) == 0
        assert "how.aktionsstapel|text" in capsys.readouterr().out
