"""Strict import: broken syntax, duplicate contexts, another language's catalog, stale catalogs.

Every case is written as a translator's tool might leave the file, checked
against the real ``msgfmt`` where gettext decides what is valid, and must be
refused with the file's line and what to do, every problem at once, nothing
written. The sample content is described in :mod:`tests.rulebook.translation.sample`.
"""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

import pytest

from rulebook.cli import main
from rulebook.errors import TranslationError
from rulebook.translation.catalog import export_catalog, load_content
from rulebook.translation.importer import import_catalog
from tests.conftest import require
from tests.rulebook.translation.sample import SAMPLE_SOURCES, catalog_of, edit, refusal, sample, save, snapshot

__all__ = ["sample"]  # the fixture, imported so pytest finds it here


def _exported(root: Path, lang: str, path: Path) -> str:
    path.write_bytes(export_catalog(load_content(root), lang))
    return path.read_text(encoding="utf-8")


def _refused(root: Path, path: Path, **options: object) -> list[str]:
    before = snapshot(root)
    with pytest.raises(TranslationError) as raised:
        import_catalog(load_content(root), path, **options)  # type: ignore[arg-type]
    assert snapshot(root) == before
    return [f"{problem.line}: {problem.message}" for problem in raised.value.problems]


def _msgfmt_fails(path: Path) -> bool:
    require(shutil.which("msgfmt") is not None, "msgfmt (Debian package gettext) is not installed")
    checked = subprocess.run(["msgfmt", "--check", "-o", "/dev/null", str(path)], capture_output=True, check=False)
    return checked.returncode != 0


class TestSyntax:
    def test_an_unterminated_string_is_refused_with_its_line(self, sample: Path, tmp_path: Path) -> None:
        """The string Babel would read without its last character is refused at its line; msgfmt agrees."""
        path = tmp_path / "en.po"
        text = _exported(sample, "en", path)
        broken = text.replace('msgstr "Zum Beispiel:"', "").replace(
            'msgstr "From June 1941 a paratrooper unit costs 12 HPP and may fly 7-10 hexes."',
            'msgstr "From June 1941 a paratrooper unit costs 12 HPP and may fly 7-10 hexes.',
        )
        path.write_text(broken, encoding="utf-8")
        line = broken.split("\n").index(
            'msgstr "From June 1941 a paratrooper unit costs 12 HPP and may fly 7-10 hexes.'
        )
        assert _refused(sample, path) == [
            f'{line + 1}: unterminated string: the closing " is missing; close the string with "'
        ]
        assert _msgfmt_fails(path)

    def test_a_syntax_error_and_a_duplicate_msgctxt_are_refused_together(self, sample: Path, tmp_path: Path) -> None:
        """A misspelt keyword and a second message with the same context are both reported, with lines."""
        path = tmp_path / "en.po"
        text = _exported(sample, "en", path)
        block = text[text.index('msgctxt "how.kosten|title"') :].split("\n\n")[0]
        broken = text.replace('msgstr "Costs"', 'msgtsr "Costs"') + "\n" + block.replace("msgstr", "msgstr") + "\n"
        path.write_text(broken, encoding="utf-8")
        lines = broken.split("\n")
        first = lines.index('msgctxt "how.kosten|title"') + 1
        duplicate = len(lines) - lines[::-1].index('msgctxt "how.kosten|title"')
        assert _refused(sample, path) == [
            f"{first + 2}: syntax error: expected a keyword (msgctxt, msgid, msgstr), a quoted string or a comment, "
            "found 'msgtsr \"Costs\"'",
            f"{duplicate}: duplicate msgctxt 'how.kosten|title' (first at line {first}); each message must have its "
            "own context, remove one",
        ]
        assert _msgfmt_fails(path)


class TestLanguage:
    def test_a_catalog_for_another_language_is_refused(self, sample: Path, tmp_path: Path) -> None:
        """A Dutch catalog relabelled German is refused per message; --lang refuses the wrong file outright."""
        path = tmp_path / "nl.po"
        text = _exported(sample, "nl", path)
        path.write_text(text.replace('"Language: nl\\n"', '"Language: de\\n"'), encoding="utf-8")
        problems = _refused(sample, path)
        assert problems and all("exported for nl but the catalog's Language header says de" in p for p in problems)
        path.write_text(text, encoding="utf-8")
        assert _refused(sample, path, expected_lang="hu") == [
            "None: this is a catalog for nl, not hu; import the right file"
        ]


class TestStale:
    def test_an_older_export_does_not_revert_a_newer_translation(self, sample: Path, tmp_path: Path) -> None:
        """Edit A is exported, the content changes to B, the old file edited to C is refused; --force writes C."""
        old = catalog_of(sample, "en")
        content_file = sample / "hell-of-a-war" / "how.kosten.yaml"
        content_file.write_text(
            content_file.read_text(encoding="utf-8").replace("title: Costs", "title: Costs (newer)"), encoding="utf-8"
        )
        edit(old, "how.kosten|title", "Costs (older catalog)")
        problems = refusal(sample, old, tmp_path / "en.po")
        assert problems == [
            "how.kosten|title: this message was exported before the stored translation last changed; importing it "
            "would overwrite the stored translation 'Costs (newer)'. Export a fresh catalog and carry your work over "
            "(msgmerge), or import with --force to overwrite"
        ]
        summary = import_catalog(load_content(sample), tmp_path / "en.po", force=True)
        assert summary.overwritten == ("how.kosten|title: the stored translation 'Costs (newer)'",)
        assert "title: Costs (older catalog)" in content_file.read_text(encoding="utf-8")

    def test_force_does_not_override_any_other_rule(self, sample: Path, tmp_path: Path) -> None:
        """A changed number is refused with --force too."""
        catalog = catalog_of(sample, "en")
        edit(catalog, "how.kosten|body#4", "3.5 TW")
        path = save(catalog, tmp_path / "en.po")
        assert _refused(sample, path, force=True)[0].endswith(
            "number 2.5 of the original is missing from the translation"
        )

    def test_the_cli_lists_what_force_overwrote(
        self, sample: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
    ) -> None:
        """`rulebook translate import --force` prints every overwritten translation."""
        old = catalog_of(sample, "en")
        content_file = sample / "hell-of-a-war" / "how.kosten.yaml"
        content_file.write_text(
            content_file.read_text(encoding="utf-8").replace("title: Costs", "title: Costs (newer)"), encoding="utf-8"
        )
        edit(old, "how.kosten|title", "Costs (older catalog)")
        path = save(old, tmp_path / "en.po")
        arguments = ["--content", str(sample), "--sources", str(SAMPLE_SOURCES), "translate", "import", str(path)]
        assert main(arguments) == 1
        assert "import with --force to overwrite" in capsys.readouterr().err
        assert main([*arguments, "--force"]) == 0
        assert "--force overwrote how.kosten|title: the stored translation 'Costs (newer)'" in (capsys.readouterr().out)
