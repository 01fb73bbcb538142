"""Tests of :mod:`rulebook.site.build` and ``rulebook build`` on the small sample content.

The real site is tested in tests/site.
"""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from rulebook.cli import main
from rulebook.content.load import load_or_raise
from rulebook.content.model import LANGUAGES
from rulebook.errors import ExampleFailure, SiteError
from rulebook.site.build import ProjectPaths, build_site, tree_config, verify_examples
from tests.conftest import DATA, REPOSITORY

SAMPLE_SOURCES = DATA / "sources"


def _paths(content: Path, tmp_path: Path, templates: Path | None = None) -> ProjectPaths:
    return ProjectPaths.for_project(
        REPOSITORY,
        content=content,
        sources=SAMPLE_SOURCES,
        out=tmp_path / "site",
        work=tmp_path / "build",
        templates=templates,
    )


@pytest.fixture(scope="module")
def sample_site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The sample content built once for this module (all five languages)."""
    folder = tmp_path_factory.mktemp("sample-site")
    build_site(_paths(DATA / "good", folder))
    return folder / "site"


def test_one_tree_per_language_with_its_language(sample_site: Path) -> None:
    """site/<lang>/ for each language, <html lang> and MkDocs' own UI (theme.language) in that language."""
    for lang in LANGUAGES:
        html = (sample_site / lang / "hell-of-a-war" / "abwerfen" / "index.html").read_text(encoding="utf-8")
        assert f'<html lang="{lang}"' in html
    german = (sample_site / "de" / "index.html").read_text(encoding="utf-8")
    assert "Zurück zum Seitenanfang" in german  # material's own "back to top", from theme.language
    assert "Startseite" in german  # our navigation label, from the de catalog


def test_switcher_links_point_at_the_same_page(sample_site: Path) -> None:
    """The header's language links of an entry page lead to the same entry in every tree."""
    html = (sample_site / "nl" / "hell-of-a-war" / "abwerfen" / "index.html").read_text(encoding="utf-8")
    for lang in LANGUAGES:
        assert f'href="../../../{lang}/hell-of-a-war/abwerfen/" hreflang="{lang}"' in html


def test_search_index_and_root_page(sample_site: Path) -> None:
    """Pagefind indexed every tree; the root page sends to /en/."""
    entry = json.loads((sample_site / "pagefind" / "pagefind-entry.json").read_text(encoding="utf-8"))
    assert sorted(entry["languages"]) == sorted(LANGUAGES)
    assert "url=en/" in (sample_site / "index.html").read_text(encoding="utf-8")


def test_material_search_is_off(sample_site: Path) -> None:
    """No lunr index is built (Pagefind replaces it)."""
    assert not (sample_site / "en" / "search" / "search_index.json").exists()


def test_per_language_mkdocs_config(tmp_path: Path) -> None:
    """tree_config keeps mkdocs.yml's strict theme settings and sets the tree's own folders, URL and language."""
    paths = _paths(DATA / "good", tmp_path)
    overrides = {
        "site_description": "d",
        "nav": [{"Start": "index.md"}],
        "search_label": "Zoeken",
        "palette_labels": {"to_dark": "Donker", "to_light": "Licht"},
    }
    config = tree_config(paths, "nl", overrides, "http://example.org/rules/", tmp_path / "docs" / "nl")
    assert config["strict"] is True
    assert config["theme"]["language"] == "nl"
    assert config["site_url"] == "http://example.org/rules/nl/"
    assert config["site_dir"] == str((tmp_path / "site" / "nl").resolve())
    assert config["plugins"] == []
    assert [option["toggle"]["name"] for option in config["theme"]["palette"]] == ["Donker", "Licht"]
    assert config["hooks"] == [
        str(REPOSITORY / "rulebook" / "site" / "sanitize.py"),
        str(REPOSITORY / "rulebook" / "site" / "minify.py"),
    ]


def test_strict_build_fails_on_a_broken_link(tmp_path: Path) -> None:
    """A template that links to a page that does not exist fails the build with MkDocs' warning."""
    templates = tmp_path / "templates"
    shutil.copytree(REPOSITORY / "templates", templates)
    home = templates / "home.md.j2"
    home.write_text(home.read_text(encoding="utf-8") + "\n[nowhere](missing-page.md)\n", encoding="utf-8")
    with pytest.raises(SiteError, match=r"\[en\] .*missing-page\.md"):
        build_site(_paths(DATA / "good", tmp_path, templates), languages=["en"])


def test_a_failing_worked_example_stops_the_build(content_dir: Path) -> None:
    """If an example does not give the stated outcome, nothing is built and the example is named."""
    corpus = load_or_raise(content_dir)
    assert corpus.examples, "the content has worked examples"
    example = corpus.examples[0]
    wrong = example.model_copy(update={"expected": {"no_such_field": 1}})
    broken = corpus.model_copy(update={"examples": [wrong, *corpus.examples[1:]]})
    with pytest.raises(ExampleFailure, match=rf"{example.id} \({example.calculator}\): no_such_field"):
        verify_examples(broken)


def test_unknown_language_is_refused(tmp_path: Path) -> None:
    """Only the five site languages can be built."""
    with pytest.raises(SiteError, match="unknown language"):
        build_site(_paths(DATA / "good", tmp_path), languages=["fr"])


class TestBuildCommand:
    def test_builds_into_out(self, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
        """`rulebook build --out DIR` builds there and reports progress on stderr."""
        code = main(
            [
                "--content",
                str(DATA / "good"),
                "--sources",
                str(SAMPLE_SOURCES),
                "build",
                "--out",
                str(tmp_path / "out"),
                "--lang",
                "en",
            ]
        )
        assert code == 0
        assert (tmp_path / "out" / "en" / "hell-of-a-war" / "abwerfen" / "index.html").is_file()
        err = capsys.readouterr().err
        assert "rulebook build: generated" in err and "rulebook build: built en" in err

    def test_bad_content_is_reported_without_traceback(self, sample_content: Path, tmp_path: Path) -> None:
        """Invalid content: every problem, exit 1, no traceback, nothing built."""
        entry = sample_content / "hell-of-a-war" / "how.abwerfen.yaml"
        entry.write_text(entry.read_text(encoding="utf-8").replace("kind: faq", "kind: rumour"), encoding="utf-8")
        completed = subprocess.run(
            [
                sys.executable,
                "-m",
                "rulebook.cli",
                "--content",
                str(sample_content),
                "--sources",
                str(SAMPLE_SOURCES),
                "build",
                "--out",
                str(tmp_path / "out"),
            ],
            capture_output=True,
            text=True,
            check=False,
        )
        assert completed.returncode == 1
        assert "Traceback" not in completed.stderr
        assert "how.abwerfen.yaml:5: how.abwerfen: kind: must be one of" in completed.stderr
        assert not (tmp_path / "out").exists()
