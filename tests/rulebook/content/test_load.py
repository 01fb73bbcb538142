"""Tests of :mod:`rulebook.content.load`: every bad-content case gives its exact message."""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from rulebook.cli import main
from rulebook.content.load import load_corpus, load_or_raise
from rulebook.errors import ContentError
from tests.conftest import DATA

SAMPLE_SOURCES = DATA / "sources"

BAD_CASES = {
    "malformed-yaml": [
        "content/hell-of-a-war/how.abwerfen.yaml:6: malformed YAML: mapping values are not allowed here; fix the "
        "syntax",
    ],
    "unknown-key": [
        "content/hell-of-a-war/how.abwerfen.yaml:6: how.abwerfen: colour: unknown key 'colour'; "
        "remove it or check its spelling (see `rulebook schema`)",
    ],
    "unknown-kind": [
        "content/hell-of-a-war/how.abwerfen.yaml:5: how.abwerfen: kind: must be one of 'rule', 'faq', "
        "'clarification', 'errata', 'table', 'example', 'house-rule', 'unofficial', 'heading' or 'preface' (got "
        "'rulez')",
    ],
    "duplicate-game-id": [
        "content/games.yaml:5: hell-of-a-war: id: duplicate id; each record needs its own",
    ],
    "duplicate-entry-id": [
        "content/hell-of-a-war/examples/how.abwerfen.yaml: how.abwerfen: id: duplicate id; "
        "it is already used by content/hell-of-a-war/how.abwerfen.yaml",
    ],
    "file-name-mismatch": [
        "content/hell-of-a-war/how.bedingungen.yaml: how.bedingung: id: the file name must be the id: "
        "rename it to how.bedingung.yaml (or fix the id)",
    ],
    "dangling-see-also": [
        "content/hell-of-a-war/how.abwerfen.yaml:10: how.abwerfen: see_also: unknown entry 'how.nirgendwo'; "
        "use the id of an existing entry",
    ],
    "dangling-ref-link": [
        "content/hell-of-a-war/how.abwerfen.yaml:20: how.abwerfen: text.en.body: link to unknown entry "
        "'how.nirgendwo'; fix the ref: target",
    ],
    "link-not-in-see-also": [
        "content/hell-of-a-war/how.abwerfen.yaml:13: how.abwerfen: text.de.body: links to "
        "'how.ausloesende-bedingungen', which is missing from see_also; add it there",
        "content/hell-of-a-war/how.abwerfen.yaml:18: how.abwerfen: text.en.body: links to "
        "'how.ausloesende-bedingungen', which is missing from see_also; add it there",
    ],
    "missing-english-body": [
        "content/hell-of-a-war/how.abwerfen.yaml:18: how.abwerfen: text.en.body: an English body is required; "
        "add a complete English translation of the original",
    ],
    "missing-title": [
        "content/hell-of-a-war/how.abwerfen.yaml:12: how.abwerfen: text: missing title for nl; "
        "every entry needs a title in all five languages",
    ],
    "provenance-own-language": [
        "content/hell-of-a-war/how.abwerfen.yaml:18: how.abwerfen: text.de.provenance: the original has no "
        "provenance; remove the field",
        "content/hell-of-a-war/how.abwerfen.yaml:28: how.abwerfen: text.en.provenance.translated_from: a translation "
        "cannot be made from its own language (en); name the text it was made from (the original is 'de')",
    ],
    "unknown-term": [
        "content/hell-of-a-war/how.abwerfen.yaml:8: how.abwerfen: terms: unknown term 'aktionsstapel'; "
        "add content/terms/aktionsstapel.yaml or remove it",
    ],
    "unknown-term-ok": [
        "content/hell-of-a-war/how.abwerfen.yaml:27: how.abwerfen: text.en.term_ok: unknown term 'reaktionen'; "
        "use the id of a glossary term",
    ],
}


def with_overlay(content: Path, case: str) -> Path:
    """Copy the files of ``tests/data/bad/<case>`` over the sample content."""
    shutil.copytree(DATA / "bad" / case, content, dirs_exist_ok=True)
    return content


class TestGoodContent:
    def test_sample_content_loads_without_problems(self, sample_content: Path) -> None:
        """The small sample tree validates cleanly: no errors, no warnings."""
        result = load_corpus(sample_content, SAMPLE_SOURCES)
        assert result.problems == []
        assert result.corpus is not None
        assert [e.id for e in result.corpus.entries] == ["how.abwerfen", "how.ausloesende-bedingungen"]

    def test_every_bad_case_has_an_expected_message(self) -> None:
        """Each folder in tests/data/bad is covered by the table of expected messages."""
        assert sorted(p.name for p in (DATA / "bad").iterdir()) == sorted(BAD_CASES)


class TestBadContent:
    @pytest.mark.parametrize("case", sorted(BAD_CASES))
    def test_check_reports_exact_messages(
        self, case: str, sample_content: Path, capsys: pytest.CaptureFixture[str]
    ) -> None:
        """`rulebook check` prints exactly the expected problems, no traceback, and exits 1."""
        with_overlay(sample_content, case)
        code = main(["--content", str(sample_content), "--sources", str(SAMPLE_SOURCES), "check"])
        captured = capsys.readouterr()
        problems = [line for line in captured.err.splitlines() if not line.startswith("rulebook check:")]
        assert code == 1
        assert problems == BAD_CASES[case]
        assert "Traceback" not in captured.err
        assert captured.out == ""

    @pytest.mark.parametrize("case", sorted(BAD_CASES))
    def test_export_refuses_and_writes_nothing(
        self, case: str, sample_content: Path, capsys: pytest.CaptureFixture[str]
    ) -> None:
        """`rulebook export` on bad content writes nothing to stdout and names the problem."""
        with_overlay(sample_content, case)
        code = main(["--content", str(sample_content), "--sources", str(SAMPLE_SOURCES), "export"])
        captured = capsys.readouterr()
        assert code == 1
        assert captured.out == ""
        assert BAD_CASES[case][0] in captured.err

    def test_load_or_raise_collects_all_errors(self, sample_content: Path) -> None:
        """Several broken files give one ContentError listing every problem."""
        with_overlay(sample_content, "unknown-term")
        with_overlay(sample_content, "duplicate-game-id")
        with pytest.raises(ContentError) as raised:
            load_or_raise(sample_content, SAMPLE_SOURCES)
        assert [str(p) for p in raised.value.problems] == BAD_CASES["duplicate-game-id"] + BAD_CASES["unknown-term"]

    def test_missing_source_document_is_reported(self, sample_content: Path, tmp_path: Path) -> None:
        """A source whose file is not in the sources folder is an error naming the file."""
        empty = tmp_path / "no-sources"
        empty.mkdir()
        result = load_corpus(sample_content, empty)
        assert [str(p) for p in result.errors] == [
            f"content/sources.yaml: how-faq: file: source document 'how-faq-sample.txt' not found in {empty}"
        ]

    def test_outdated_translation_is_a_warning(self, sample_content: Path, capsys: pytest.CaptureFixture[str]) -> None:
        """Changing the original text makes its translations outdated: a warning, an error with --strict."""
        path = sample_content / "hell-of-a-war" / "how.ausloesende-bedingungen.yaml"
        path.write_text(path.read_text(encoding="utf-8").replace("Manche Karten", "Einige Karten"), encoding="utf-8")
        args = ["--content", str(sample_content), "--sources", str(SAMPLE_SOURCES), "check"]
        assert main(args) == 0
        assert main([*args, "--strict"]) == 1
        err = capsys.readouterr().err
        assert (
            "content/hell-of-a-war/how.ausloesende-bedingungen.yaml:14: how.ausloesende-bedingungen: text.en: "
            "warning: the original changed after this translation was made (outdated); update the translation"
        ) in err


class TestReadingLimits:
    """Content YAML past a reading limit is a problem at its line, never a crash, hang or traceback."""

    @pytest.mark.parametrize(
        ("text", "line", "message"),
        [
            ("id: how.abwerfen\nlist: " + "[" * 100_000 + "]" * 100_000 + "\n", 2, "nests deeper than 64 levels"),
            ("id: how.abwerfen\nlist:\n" + "- " * 100_000 + "x\n", 3, "nests deeper than 64 levels"),
            ("a: &a [x]\n" + "".join(f"b{n}: *a\n" for n in range(101)), 102, "more than 100 YAML aliases"),
            ("id: how.abwerfen\nnumber: 1" + "0" * 5000 + "\n", 2, "at most 30 digits"),
            (
                "id: how.abwerfen\ntitle: a\x00b\n",
                2,
                "the character '\\x00' is not allowed in YAML; remove it (a NUL byte or control character) (column 9)",
            ),
        ],
        ids=["deep-flow", "deep-block", "aliases", "long-integer", "nul"],
    )
    def test_check_reports_the_limit(self, sample_content: Path, text: str, line: int, message: str) -> None:
        """`rulebook check` (in a subprocess: a crash would end it) exits 1 naming the file, line and limit."""
        entry = sample_content / "hell-of-a-war" / "how.abwerfen.yaml"
        entry.write_text(text, encoding="utf-8")
        completed = subprocess.run(
            [sys.executable, "-m", "rulebook.cli", "--content", str(sample_content), "--sources", str(SAMPLE_SOURCES)]
            + ["check"],
            capture_output=True,
            text=True,
            timeout=120,
            check=False,
        )
        assert completed.returncode == 1, completed.stderr
        assert "Traceback" not in completed.stderr
        [problem] = [row for row in completed.stderr.splitlines() if "how.abwerfen.yaml" in row]
        assert problem.startswith(f"content/hell-of-a-war/how.abwerfen.yaml:{line}: "), problem
        assert message in problem
