"""Tests of :mod:`rulebook.translation.catalog`: PO export (messages, comments, fuzzy from git, msgfmt), status, check.

The sample content is described in :mod:`tests.rulebook.translation.sample`.
"""

from __future__ import annotations

import io
import json
import shutil
import subprocess
from pathlib import Path

import pytest
from babel.messages.pofile import read_po

from rulebook.cli import main
from rulebook.content.model import digest_text
from rulebook.translation.catalog import (
    Content,
    build_catalog,
    catalog_units,
    export_catalog,
    load_content,
    po_bytes,
    translation_problems,
)
from rulebook.translation.status import language_status
from tests.conftest import require
from tests.rulebook.translation.sample import (
    LANGUAGES,
    SAMPLE_SOURCES,
    catalog_of,
    change_original_paragraph,
    git,
    sample,
)

__all__ = ["sample"]  # the fixture, imported so pytest finds it here


class TestExport:
    def test_one_message_per_unit_with_entry_and_field_as_context(self, sample: Path) -> None:
        """Sources' titles, entries' titles and body units (numbered from 1) and term renderings are messages.

        The English fields of the example are not.
        """
        contexts = [m.context for m in catalog_of(sample, "en") if m.id]
        assert contexts == [
            "source:how-faq|title",
            "source:se-advanced|title",
            "how.aktionsstapel|title",
            *(f"how.aktionsstapel|body#{i}" for i in range(1, 5)),
            "how.kosten|title",
            *(f"how.kosten|body#{i}" for i in range(1, 7)),
            "se.ejtoernyosok|title",
            "se.ejtoernyosok|body#1",
            "how.example.stapel|quote#1",
            "term:aktionsstapel|rendering",
            "term:hpp|rendering",
            "term:tw|rendering",
        ]

    def test_msgid_is_the_original_and_msgstr_the_stored_translation(self, sample: Path) -> None:
        """The German table cell is the msgid, the English one the msgstr."""
        catalog = catalog_of(sample, "en")
        message = catalog.get("2,5 TW", context="how.kosten|body#4")
        assert message is not None and message.string == "2.5 TW"

    def test_reference_and_translator_comments(self, sample: Path) -> None:
        """The content file is the reference; source, position and the ambiguity note are comments.

        Editorial notes are not.
        """
        message = catalog_of(sample, "en").get("Zuerst 2 TW bezahlen.", context="how.aktionsstapel|body#3")
        assert message is not None
        # No line number: babel types it as an int, but writes a location without one as the bare path.
        expected: list[tuple[str, int | None]] = [("content/hell-of-a-war/how.aktionsstapel.yaml", None)]
        assert message.locations == expected
        # The PO writer wraps long comments; an editor shows them as one text again.
        assert " ".join(message.auto_comments) == (
            "Source (de): how-faq-sample.txt, heading “Aktionsstapel” Body unit 3 of 4: list item. "
            "Ambiguity: 'zuletzt' can mean the last card played or the last card resolved. "
            "Glossary term tw: “TW” = technology value / technology values / TW "
            "rulebook-export: en original=87553b521392 translation=687ab69bac6c"
        )

    def test_fields_already_in_the_catalog_language_are_left_out(self, sample: Path) -> None:
        """The German catalog has no German originals, but the English notes, definition and example fields."""
        contexts = {m.context for m in catalog_of(sample, "de") if m.id}
        assert None not in contexts, "every content message has a context"
        assert not any(
            context is not None and context.startswith(("how.aktionsstapel|body", "how.kosten|", "term:tw|rendering"))
            for context in contexts
        )
        assert {
            "how.aktionsstapel|notes#1",
            "term:tw|definition",
            "how.example.stapel|title",
            "how.example.stapel|assumptions#1",
            "se.ejtoernyosok|body#1",
        } <= contexts

    def test_term_renderings_put_the_text_first_and_one_form_per_line(self, sample: Path) -> None:
        """A term's message holds its text and forms, one per line."""
        message = catalog_of(sample, "hu").get("Technologiewert\nTechnologiewerte\nTW", context="term:tw|rendering")
        assert message is not None and message.string == "technológiai érték\ntechnológiai érték*\nTW"

    def test_catalogs_of_the_real_content_pass_msgfmt_check(
        self, content_dir: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
    ) -> None:
        """`msgfmt --check` accepts the catalog of every language, without a warning."""
        require(shutil.which("msgfmt") is not None, "msgfmt (Debian package gettext) is not installed")
        content = load_content(content_dir)
        figures = {}
        for lang in LANGUAGES:
            catalog = build_catalog(content, lang)
            path = tmp_path / f"{lang}.po"
            path.write_bytes(po_bytes(catalog))
            checked = subprocess.run(
                ["msgfmt", "--check", "-o", "/dev/null", str(path)], capture_output=True, text=True, check=False
            )
            assert (checked.returncode, checked.stderr) == (0, ""), lang
            messages = [m for m in catalog if m.id]
            figures[lang] = (len(messages), sum(bool(m.string) for m in messages))
            assert len(messages) > 900
        with capsys.disabled():
            print(
                "\n"
                + ", ".join(f"{lang}: {total} messages ({done} translated)" for lang, (total, done) in figures.items())
            )

    def test_outdated_units_are_fuzzy_with_their_previous_original_from_git(self, sample: Path) -> None:
        """Only the changed paragraph is fuzzy, with the old original as previous msgid; the others stay confirmed."""
        require(shutil.which("git") is not None, "git is not installed")
        git(sample, "init", "-q")
        git(sample, "add", ".")
        git(sample, "commit", "-q", "-m", "sample")
        change_original_paragraph(sample)
        text = export_catalog(load_content(sample), "en").decode("utf-8")
        flagged = {
            m.context: m.fuzzy
            for m in read_po(io.StringIO(text))
            if m.context and m.context.startswith("how.aktionsstapel|")
        }
        assert flagged == {
            "how.aktionsstapel|title": False,
            "how.aktionsstapel|body#1": False,
            "how.aktionsstapel|body#2": True,
            "how.aktionsstapel|body#3": False,
            "how.aktionsstapel|body#4": False,
        }
        # Babel's reader drops '#|' lines, so the previous msgid is checked in the file itself.
        assert (
            '#, fuzzy\n#| msgid "Beispiel:"\nmsgctxt "how.aktionsstapel|body#2"\n'
            'msgid "Zum Beispiel:"\nmsgstr "Example:"\n'
        ) in text
        assert text.count("#| msgid") == 1

    def test_outdated_units_without_git_history_are_all_fuzzy(self, sample: Path) -> None:
        """Outside a repository the old original cannot be recovered: every unit is fuzzy, without previous msgid."""
        change_original_paragraph(sample)
        text = export_catalog(load_content(sample), "en").decode("utf-8")
        flagged = {
            m.context: m.fuzzy
            for m in read_po(io.StringIO(text))
            if m.context and m.context.startswith("how.aktionsstapel|")
        }
        assert len(flagged) == 5 and all(flagged.values())
        assert "#| msgid" not in text


class TestStatusAndCheck:
    def test_status_counts_every_state(self, sample: Path, capsys: pytest.CaptureFixture[str]) -> None:
        """`rulebook translate status --json` counts the entries in each state.

        The states are original, reviewed, draft, outdated, title-only and missing.
        """
        change_original_paragraph(sample)
        assert main(["--content", str(sample), "--sources", str(SAMPLE_SOURCES), "translate", "status", "--json"]) == 0
        rows = {row["lang"]: row["counts"] for row in json.loads(capsys.readouterr().out)}
        assert rows["en"] == {
            "original": 0,
            "reviewed": 1,
            "draft": 1,
            "heading": 0,
            "outdated": 1,
            "title-only": 0,
            "missing": 0,
        }
        assert rows["hu"] == {
            "original": 1,
            "reviewed": 0,
            "draft": 0,
            "heading": 0,
            "outdated": 1,
            "title-only": 1,
            "missing": 0,
        }
        assert language_status(load_content(sample).corpus, "de").counts["original"] == 2

    def test_status_counts_bodiless_headings_apart_from_drafts(
        self, sample: Path, capsys: pytest.CaptureFixture[str]
    ) -> None:
        """A heading's translated title is a 'heading', not a 'draft'; the site's counts are unchanged."""
        title = "Regeln"
        (sample / "hell-of-a-war" / "how.regeln.yaml").write_text(
            "id: how.regeln\ngame: hell-of-a-war\nsource: how-faq\norder: 99\nkind: heading\nlang: de\ntext:\n"
            f"  de: {{title: {title}, status: original}}\n"
            + "".join(
                f"  {lang}: {{title: {text}, status: draft, source_digest: {digest_text(title, '')}}}\n"
                for lang, text in (("en", "Rules"), ("hu", "Szabályok"), ("ru", "Правила"), ("nl", "Regels"))
            ),
            encoding="utf-8",
        )
        assert main(["--content", str(sample), "--sources", str(SAMPLE_SOURCES), "translate", "status", "--json"]) == 0
        rows = {row["lang"]: row for row in json.loads(capsys.readouterr().out)}
        assert rows["hu"]["entries"]["heading"] == ["how.regeln"]
        assert rows["en"]["counts"]["draft"] == 2 and rows["en"]["counts"]["heading"] == 1
        assert language_status(load_content(sample).corpus, "en").counts["draft"] == 3

    def test_status_table_lists_outdated_entries_of_one_language(
        self, sample: Path, capsys: pytest.CaptureFixture[str]
    ) -> None:
        """With --lang, the entries that need work are named."""
        change_original_paragraph(sample)
        assert (
            main(["--content", str(sample), "--sources", str(SAMPLE_SOURCES), "translate", "status", "--lang", "en"])
            == 0
        )
        out = capsys.readouterr().out.splitlines()
        assert out[1].split() == ["en", "0", "1", "1", "0", "1", "0", "0", "3"]
        assert out[2] == "outdated: how.aktionsstapel"

    def test_check_warns_about_a_glossary_violation_and_strict_fails(
        self, sample: Path, capsys: pytest.CaptureFixture[str]
    ) -> None:
        """A stored translation without the term's rendering is a warning; --strict makes it an error."""
        path = sample / "hell-of-a-war" / "how.aktionsstapel.yaml"
        path.write_text(
            path.read_text(encoding="utf-8").replace("The action stack is", "The pile is"), encoding="utf-8"
        )
        assert main(["--content", str(sample), "--sources", str(SAMPLE_SOURCES), "check"]) == 0
        warning = (
            "content/hell-of-a-war/how.aktionsstapel.yaml: how.aktionsstapel: en: body#1: warning: the original uses "
            "glossary term 'aktionsstapel' ('Aktionsstapel') but the translation has none of its en renderings: "
            "'action stack', 'action stacks'"
        )
        assert capsys.readouterr().err.splitlines() == [warning]
        assert main(["--content", str(sample), "--sources", str(SAMPLE_SOURCES), "check", "--strict"]) == 1
        assert capsys.readouterr().err.splitlines() == [
            warning,
            "rulebook check: 1 error (warnings count as errors with --strict)",
        ]

    def test_check_reports_outdated_translations_as_warnings(
        self, sample: Path, capsys: pytest.CaptureFixture[str]
    ) -> None:
        """Outdated translations are warnings (from the loader), not checked against the new original."""
        change_original_paragraph(sample)
        assert main(["--content", str(sample), "--sources", str(SAMPLE_SOURCES), "check", "--strict"]) == 1
        assert [line.split(": ", 2)[2] for line in capsys.readouterr().err.splitlines()[:-1]] == [
            f"text.{lang}: warning: the original changed after this translation was made (outdated); update the "
            "translation"
            for lang in ("en", "hu", "ru", "nl")
        ]

    def test_the_real_content_has_no_translation_warnings(self, content_dir: Path) -> None:
        """Every stored translation keeps its original's structure, numbers and glossary terms."""
        assert [str(p) for p in translation_problems(load_content(content_dir))] == []

    def test_export_command_writes_the_catalog_and_a_summary(
        self, sample: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
    ) -> None:
        """`rulebook translate export --out` writes the file and reports its counts."""
        out = tmp_path / "nl.po"
        assert (
            main(
                [
                    "--content",
                    str(sample),
                    "--sources",
                    str(SAMPLE_SOURCES),
                    "translate",
                    "export",
                    "--lang",
                    "nl",
                    "--out",
                    str(out),
                ]
            )
            == 0
        )
        assert capsys.readouterr().err == f"rulebook translate export: {out} (nl): 25 messages, 6 translated, 0 fuzzy\n"
        assert len([m for m in read_po(out.open("rb")) if m.id]) == len(catalog_units(load_content(sample), "nl")) == 25


def test_content_display_paths_are_relative_to_the_repository(sample: Path) -> None:
    """References read `content/<game>/<id>.yaml`, as in the repository."""
    content = load_content(sample)
    assert isinstance(content, Content)
    assert content.display(content.files["how.kosten"]) == "content/hell-of-a-war/how.kosten.yaml"
