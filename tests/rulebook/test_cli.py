"""Tests of the ``rulebook`` command line on the real content and on the sample tree."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from rulebook.cli import SCHEMAS, main
from tests.conftest import DATA, REPOSITORY

SAMPLE_SOURCES = DATA / "sources"


def test_export_lists_every_entry_in_the_documented_shape(
    content_dir: Path, sources_dir: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """`rulebook export` prints one JSON document with every entry and the fields each entry must have."""
    assert main(["--content", str(content_dir), "--sources", str(sources_dir), "export"]) == 0
    document = json.loads(capsys.readouterr().out)
    assert set(document) == {"games", "sources", "terms", "entries", "examples"}
    entry_files = sorted(p.stem for p in content_dir.glob("*/*.yaml") if p.parent.name != "terms")
    assert sorted(e["id"] for e in document["entries"]) == entry_files
    required = {"id", "game", "source", "lang", "kind", "section", "title", "body", "status", "see_also", "terms"}
    files = {s["file"] for s in document["sources"]}
    for entry in document["entries"]:
        assert required <= set(entry), entry["id"]
        assert entry["source"] in files
        assert entry["status"][entry["lang"]] == "original"
        assert set(entry["title"]) == {"en", "de", "hu", "ru", "nl"}


def test_schema_prints_every_content_file_type(capsys: pytest.CaptureFixture[str]) -> None:
    """`rulebook schema` prints a JSON Schema per content file type, with field descriptions."""
    assert main(["schema"]) == 0
    document = json.loads(capsys.readouterr().out)
    assert set(SCHEMAS) == {"games", "sources", "term", "entry", "example", "card"}
    content_types = {name for name in document if not name.startswith("scenario.")}
    assert content_types == set(SCHEMAS)
    entry = document["entry"]
    assert entry["additionalProperties"] is False
    assert "Stable, text-independent id" in entry["properties"]["id"]["description"]


def test_check_reports_ok_on_the_sample(capsys: pytest.CaptureFixture[str]) -> None:
    """`rulebook check` on valid content prints a one-line summary and exits 0."""
    code = main(["--content", str(DATA / "good"), "--sources", str(SAMPLE_SOURCES), "check"])
    assert code == 0
    assert (
        capsys.readouterr().out == "rulebook check: ok — 1 games, 1 sources, 2 entries, 1 terms, 0 examples, 0 cards\n"
    )


def test_console_script_runs_without_traceback(tmp_path: Path) -> None:
    """The installed `rulebook` command reports a missing content folder plainly, exit 1."""
    missing = tmp_path / "nowhere"
    completed = subprocess.run(
        [sys.executable, "-m", "rulebook.cli", "--content", str(missing), "check"],
        capture_output=True,
        text=True,
        cwd=REPOSITORY,
        check=False,
    )
    assert completed.returncode == 1
    assert "Traceback" not in completed.stderr
    assert "content folder not found; run rulebook from the repository root or set RULEBOOK_CONTENT" in completed.stderr


def test_a_production_build_refuses_without_a_site_url(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """`rulebook build --production` with neither --site-url nor RULEBOOK_SITE_URL says what to give, builds nothing."""
    monkeypatch.delenv("RULEBOOK_SITE_URL", raising=False)
    out = tmp_path / "site"
    arguments = ["--content", str(DATA / "good"), "--sources", str(SAMPLE_SOURCES), "build", "--out", str(out)]
    assert main([*arguments, "--production"]) == 1
    error = capsys.readouterr().err
    assert "a production build needs the address the site will be published at" in error
    assert "--site-url" in error and "RULEBOOK_SITE_URL" in error and "Traceback" not in error
    monkeypatch.setenv("RULEBOOK_SITE_URL", "rules.example")
    assert main([*arguments, "--production"]) == 1
    assert "'rules.example' (from RULEBOOK_SITE_URL) must start with http:// or https://" in capsys.readouterr().err
    assert not out.exists()


def test_a_build_refuses_improve_links_that_are_not_web_addresses(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """`rulebook build --translate-url`/`--edit-url` not starting with http(s):// names both options, builds nothing."""
    out = tmp_path / "site"
    arguments = ["--content", str(DATA / "good"), "--sources", str(SAMPLE_SOURCES), "build", "--out", str(out)]
    assert main([*arguments, "--translate-url", "weblate.example", "--edit-url", "git@git.example:r.git"]) == 1
    error = capsys.readouterr().err
    assert "--translate-url must start with http:// or https:// (got 'weblate.example')" in error
    assert "--edit-url must start with http:// or https:// (got 'git@git.example:r.git')" in error
    assert "Traceback" not in error and not out.exists()
