"""The documentation holds together: a short front door, links that resolve, no tracker references.

README.md is a front door of at most :data:`README_MAX_LINES` lines; the details live in ``docs/``.
Every relative link of README.md, ARCHITECTURE.md, CONTRIBUTING.md and ``docs/**/*.md`` names a file
or folder that exists, and a ``#anchor`` names a heading of the Markdown file it points to, slugged
the way GitHub slugs headings. Code, tests, scripts and docs state requirements, never a tracker's
issue numbers: git keeps the history.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
"""The checkout: this file is tests/test_docs.py."""

README_MAX_LINES = 150
"""The front door's length: what Rulebook is, the two commands, what you then see, where next."""

IMAGE_MAX_BYTES = 150_000
"""A picture in ``docs/images/`` stays small enough to keep in git and to load with the README."""

DOCUMENTS = sorted(
    [ROOT / "README.md", ROOT / "ARCHITECTURE.md", ROOT / "CONTRIBUTING.md", *(ROOT / "docs").rglob("*.md")]
)
"""Every Markdown file whose links are checked."""

SCANNED_FOR_ISSUE_NUMBERS = (
    "rulebook",
    "adjudicator",
    "tests",
    "web",
    "templates",
    "docs",
    "README.md",
    "ARCHITECTURE.md",
    "CONTRIBUTING.md",
)
"""The paths whose text files must name no tracker issue."""

SKIPPED_FOLDERS = frozenset({"__pycache__", "node_modules"})
"""Folders of generated or vendored files, not ours to word."""

ISSUE_NUMBER = re.compile(r"[Ii]ssue [0-9]+")
"""A reference to a numbered tracker issue."""

_FENCE = re.compile(r"^ {0,3}(`{3,}|~{3,})")
_HEADING = re.compile(r"^ {0,3}(#{1,6})\s+(.*?)\s*#*\s*$")
_CODE_SPAN = re.compile(r"(`+)(?!`).+?(?<!`)\1(?!`)", re.DOTALL)
_LINK = re.compile(r"!?\[(?:[^\[\]]|\[[^\[\]]*\])*\]\(\s*<?([^)\s>]*)>?(?:\s+\"[^\"]*\")?\s*\)")
_SCHEME = re.compile(r"^[A-Za-z][A-Za-z0-9+.-]*:")


def _prose(text: str) -> str:
    """The Markdown without fenced code blocks and code spans, where a link is only an example."""
    kept: list[str] = []
    fence: str | None = None
    for line in text.splitlines():
        opened = _FENCE.match(line)
        if fence is None and opened:
            fence = opened.group(1)[0] * len(opened.group(1))
        elif fence is not None and line.strip().startswith(fence):
            fence = None
        elif fence is None:
            kept.append(line)
    return _CODE_SPAN.sub("", "\n".join(kept))


def github_slug(heading: str) -> str:
    """The anchor GitHub gives a heading: lower case, punctuation dropped, spaces as hyphens.

    >>> github_slug("The `rulebook` command")
    'the-rulebook-command'
    >>> github_slug("The site's and the calculators' catalogs")
    'the-sites-and-the-calculators-catalogs'
    >>> github_slug("Hex-map calculators: supply, ZOC, stacking, weather")
    'hex-map-calculators-supply-zoc-stacking-weather'
    """
    return re.sub(r"[^\w\- ]", "", heading.strip().lower()).replace(" ", "-")


def anchors(path: Path) -> set[str]:
    """The anchors of a Markdown file's headings, repeated headings numbered as GitHub numbers them."""
    seen: dict[str, int] = {}
    found: set[str] = set()
    fence: str | None = None
    for line in path.read_text(encoding="utf-8").splitlines():
        opened = _FENCE.match(line)
        if fence is None and opened:
            fence = opened.group(1)[0] * len(opened.group(1))
            continue
        if fence is not None:
            if line.strip().startswith(fence):
                fence = None
            continue
        heading = _HEADING.match(line)
        if heading:
            slug = github_slug(heading.group(2))
            count = seen.get(slug, 0)
            seen[slug] = count + 1
            found.add(slug if count == 0 else f"{slug}-{count}")
    return found


def relative_links(path: Path) -> Iterator[str]:
    """Every link target of a Markdown file that is neither a URL with a scheme nor empty."""
    for match in _LINK.finditer(_prose(path.read_text(encoding="utf-8"))):
        target = match.group(1)
        if target and not _SCHEME.match(target):
            yield target


def broken_link(document: Path, target: str) -> str | None:
    """Why ``target``, a relative link in ``document``, does not resolve; ``None`` when it does."""
    file_part, _, anchor = target.partition("#")
    destination = (document.parent / file_part).resolve() if file_part else document
    if not destination.exists():
        return f"{target}: no file {_shown(destination)}"
    if anchor and destination.is_file() and destination.suffix == ".md" and anchor not in anchors(destination):
        return f"{target}: {_shown(destination)} has no heading with the anchor #{anchor}"
    return None


def _shown(path: Path) -> Path:
    """A path as a message names it: relative to the checkout when it lies inside."""
    return path.relative_to(ROOT) if path.is_relative_to(ROOT) else path


def text_files(*names: str) -> Iterator[Path]:
    """Every file under the given paths of the checkout that reads as UTF-8 text."""
    for name in names:
        start = ROOT / name
        for path in [start] if start.is_file() else sorted(start.rglob("*")):
            if not path.is_file() or SKIPPED_FOLDERS.intersection(path.relative_to(ROOT).parts):
                continue
            data = path.read_bytes()
            if b"\0" in data:
                continue
            try:
                data.decode("utf-8")
            except UnicodeDecodeError:
                continue
            yield path


class TestFrontDoor:
    def test_the_readme_is_short(self) -> None:
        """README.md has at most 150 lines: the details live in docs/."""
        lines = (ROOT / "README.md").read_text(encoding="utf-8").count("\n")
        assert lines <= README_MAX_LINES, f"README.md has {lines} lines; move details into docs/"

    def test_the_readme_leads_into_every_reader_s_page(self) -> None:
        """The front door links the index and each reader's page, so nobody meets a dead end."""
        links = set(relative_links(ROOT / "README.md"))
        expected = {"docs/README.md", "docs/players.md", "docs/editors.md", "docs/translators.md"}
        assert expected <= links, sorted(expected - links)

    def test_the_readme_s_answer_is_what_the_calculator_says(
        self, tmp_path: Path, capsys: pytest.CaptureFixture[str]
    ) -> None:
        """The `rulebook adjudicate` call the README shows prints exactly the output pasted under it."""
        from rulebook.cli import main

        text = (ROOT / "README.md").read_text(encoding="utf-8")
        call = re.search(r"cat > (\S+) <<'EOF'\n(.*?)\nEOF\n\.venv/bin/rulebook (adjudicate .*?)\n```", text, re.DOTALL)
        assert call, "README.md shows no scenario file written by a heredoc and a `rulebook adjudicate` call"
        name, scenario, command = call.groups()
        pasted = re.search(r"```text\n(.*?)```", text[call.end() :], re.DOTALL)
        assert pasted, "README.md pastes no output after its `rulebook adjudicate` call"
        (tmp_path / name).write_text(scenario + "\n", encoding="utf-8")
        arguments = [str(tmp_path / word) if word == name else word for word in command.split()]
        assert main(arguments) == 0
        assert capsys.readouterr().out == pasted.group(1)

    def test_pictures_stay_small(self) -> None:
        """Every picture of the docs is at most 150 kB."""
        heavy = [
            f"{path.relative_to(ROOT)}: {path.stat().st_size:,} B"
            for path in sorted((ROOT / "docs" / "images").glob("*"))
            if path.stat().st_size > IMAGE_MAX_BYTES
        ]
        assert heavy == []


class TestLinks:
    @pytest.mark.parametrize("document", DOCUMENTS, ids=lambda path: str(path.relative_to(ROOT)))
    def test_every_relative_link_resolves(self, document: Path) -> None:
        """Each relative link names an existing file or folder, and its #anchor a heading there."""
        problems = [problem for target in relative_links(document) if (problem := broken_link(document, target))]
        assert problems == []

    def test_a_missing_file_and_a_missing_anchor_are_both_reported(self, tmp_path: Path) -> None:
        """The checker finds what it is for: a link to no file, and an anchor no heading gives."""
        (tmp_path / "other.md").write_text("# Other\n\n## A `code` heading\n\n## A `code` heading\n", encoding="utf-8")
        document = tmp_path / "page.md"
        document.write_text(
            "See [it](other.md#a-code-heading-1), [gone](missing.md), [no anchor](other.md#nowhere),\n"
            "`[in code](missing.md)` and [web](https://example.org/missing.md).\n",
            encoding="utf-8",
        )
        targets = list(relative_links(document))
        assert targets == ["other.md#a-code-heading-1", "missing.md", "other.md#nowhere"]
        assert [broken_link(document, target) is None for target in targets] == [True, False, False]

    def test_every_document_is_found(self) -> None:
        """The checked set holds the root documents and the docs/ tree, so no page escapes the check."""
        names = {str(path.relative_to(ROOT)) for path in DOCUMENTS}
        assert {"README.md", "ARCHITECTURE.md", "CONTRIBUTING.md", "docs/README.md"} <= names


class TestNoTrackerReferences:
    def test_no_file_names_an_issue_number(self) -> None:
        """Comments, docstrings and docs say what must hold, not which tracker issue asked for it."""
        found = [
            f"{path.relative_to(ROOT)}:{number}: {line.strip()}"
            for path in text_files(*SCANNED_FOR_ISSUE_NUMBERS)
            for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), start=1)
            if ISSUE_NUMBER.search(line)
        ]
        assert found == []

    def test_the_pattern_finds_an_issue_number(self) -> None:
        """The scan is not vacuous: the pattern matches the usual wordings and the scan reads our sources."""
        assert ISSUE_NUMBER.search(f"the pipeline of issue {6}") and ISSUE_NUMBER.search(f"Issue {15}, item 2")
        assert not ISSUE_NUMBER.search("a known issue of the parser")
        assert ROOT / "rulebook" / "cli.py" in set(text_files("rulebook"))
