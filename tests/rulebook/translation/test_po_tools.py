"""Exported catalogs as the translators' tools read them: msgfmt, polib, translate-toolkit.

Poedit reads PO files with gettext's own parser (``msgfmt`` here), Weblate with
translate-toolkit's. Every catalog of the real content — as it is, and with
fuzzy messages whose previous msgid spans several PO lines — must pass
``msgfmt --check-format --check-header`` and read the same in polib and
translate-toolkit as the catalog that was written; a round trip through
``msgcat`` or translate-toolkit's writer and back through the importer leaves
the content byte-identical.
"""

from __future__ import annotations

import functools
import io
import shutil
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import polib
import pytest
from babel.messages.catalog import Catalog
from translate.storage.po import pofile as toolkit_pofile

from rulebook.content.model import Language, TranslationStatus
from rulebook.content.yamlio import round_trip_yaml
from rulebook.translation.catalog import Content, build_catalog, load_content, po_bytes
from rulebook.translation.checks import split_markdown
from rulebook.translation.importer import import_catalog
from tests.conftest import REPOSITORY, require
from tests.rulebook.translation.sample import LANGUAGES, git, snapshot

Message = tuple[str | None, str, str, bool, str | None]
"""(msgctxt, msgid, msgstr, fuzzy, previous msgid) of one message."""


def _changed_entries(content_root: Path) -> list[str]:
    """A Hungarian and a German entry whose first body unit spans several PO lines, translated everywhere."""
    corpus = load_content(content_root).corpus
    chosen: list[str] = []
    for lang in (Language.HU, Language.DE):
        for entry in sorted(corpus.entries, key=lambda e: e.id):
            units = split_markdown(entry.original.body).units
            if (
                entry.lang is lang
                and units
                and len(units[0]) > 160
                and all(
                    entry.effective_status(other) in (TranslationStatus.DRAFT, TranslationStatus.REVIEWED)
                    and entry.text[other].body.strip()
                    for other in Language
                    if other is not lang
                )
            ):
                chosen.append(entry.id)
                break
    return chosen


@pytest.fixture(scope="module")
def fuzzy_content(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[Path, list[str]]]:
    """A git copy of the real content in which two long original paragraphs changed after commit."""
    require(shutil.which("git") is not None, "git is not installed")
    root = tmp_path_factory.mktemp("fuzzy") / "content"
    shutil.copytree(REPOSITORY / "content", root)
    git(root, "init", "-q")
    git(root, "add", ".")
    git(root, "commit", "-q", "-m", "content")
    changed = _changed_entries(root)
    assert len(changed) == 2
    content = load_content(root)
    for entry_id in changed:
        path = content.files[entry_id]
        yaml = round_trip_yaml()
        data = yaml.load(path.read_text(encoding="utf-8"))
        lang = content.corpus.entry(entry_id).lang.value
        layout = split_markdown(str(data["text"][lang]["body"]))
        data["text"][lang]["body"] = layout.join([layout.units[0] + " (changed after export)", *layout.units[1:]])
        stream = io.StringIO()
        yaml.dump(data, stream)
        path.write_text(stream.getvalue(), encoding="utf-8")
    yield root, changed


@functools.cache
def _loaded(root: Path) -> Content:
    """The content at ``root``, loaded once for all the catalogs of this module."""
    return load_content(root)


def _ours(catalog: Catalog) -> list[Message]:
    return [
        (m.context, str(m.id), str(m.string), m.fuzzy, str(m.previous_id[0]) if m.previous_id else None)
        for m in catalog
        if m.id
    ]


def _polib(path: Path) -> list[Message]:
    return [
        (e.msgctxt, e.msgid, e.msgstr, "fuzzy" in e.flags, e.previous_msgid)
        for e in polib.pofile(str(path), check_for_duplicates=True)
    ]


def _toolkit(path: Path) -> list[Message]:
    store = toolkit_pofile.parsefile(str(path))
    return [
        (unit.getcontext() or None, unit.source, unit.target, unit.isfuzzy(), unit.prev_source or None)
        for unit in store.units
        if not unit.isheader()
    ]


def _msgfmt(path: Path) -> tuple[int, str]:
    checked = subprocess.run(
        ["msgfmt", "--check-format", "--check-header", "-o", "/dev/null", str(path)],
        capture_output=True,
        text=True,
        check=False,
    )
    return checked.returncode, checked.stderr


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("variant", ["current", "fuzzy"])
def test_every_catalog_reads_the_same_in_msgfmt_polib_and_translate_toolkit(
    lang: str, variant: str, content_dir: Path, fuzzy_content: tuple[Path, list[str]], tmp_path: Path
) -> None:
    """msgfmt accepts the catalog; polib and translate-toolkit read its messages, flags and previous msgids."""
    require(shutil.which("msgfmt") is not None, "msgfmt (Debian package gettext) is not installed")
    root = content_dir if variant == "current" else fuzzy_content[0]
    catalog = build_catalog(_loaded(root), lang)
    path = tmp_path / f"{lang}.po"
    path.write_bytes(po_bytes(catalog))
    assert _msgfmt(path) == (0, "")
    ours = _ours(catalog)
    assert _polib(path) == ours
    assert _toolkit(path) == ours
    previous = [message for message in ours if message[4] is not None]
    if variant == "fuzzy":
        # Both changed entries are exported for every language but their own; their first paragraph is fuzzy.
        changed = fuzzy_content[1]
        assert len(previous) == (1 if lang in ("hu", "de") else 2)
        assert all(message[3] and len(str(message[4])) > 160 for message in previous)
        assert {str(message[0]).split("|")[0] for message in previous} <= set(changed)
        assert '#| msgid ""\n#| "' in path.read_text(encoding="utf-8")
    else:
        assert previous == []


@pytest.mark.parametrize("tool", ["msgcat", "translate-toolkit"])
def test_a_round_trip_through_msgcat_or_translate_toolkit_leaves_the_content_byte_identical(
    tool: str, fuzzy_content: tuple[Path, list[str]], tmp_path: Path
) -> None:
    """Re-serialised by gettext's msgcat or translate-toolkit, an exported catalog imports without a change."""
    require(shutil.which("msgcat") is not None, "msgcat (Debian package gettext) is not installed")
    root = tmp_path / "content"
    shutil.copytree(fuzzy_content[0], root)
    exported = tmp_path / "exported.po"
    exported.write_bytes(po_bytes(build_catalog(load_content(root), "nl")))
    rewritten = tmp_path / "rewritten.po"
    if tool == "msgcat":
        subprocess.run(["msgcat", "-o", str(rewritten), str(exported)], check=True, capture_output=True)
    else:
        rewritten.write_bytes(bytes(toolkit_pofile.parsefile(str(exported))))
    assert rewritten.read_bytes() != b""
    assert _polib(rewritten) == _polib(exported)
    before = snapshot(root)
    summary = import_catalog(load_content(root), rewritten)
    assert (summary.changed, summary.files) == ((), ())
    assert snapshot(root) == before


POFILTER_CHECKS = (
    "xmltags",
    "variables",
    "urls",
    "emails",
    "functions",
    "options",
    "accelerators",
    "kdecomments",
    "tabs",
    "startwhitespace",
    "endwhitespace",
    "purepunc",
)
"""translate-toolkit checks that apply to the content (Weblate's are the same checks), all clean on every export.

Left out, because they cannot apply here (docs/translators.md, "Weblate"): ``numbers``
counts a number a translation repeats in a gloss (``227-Pfund Bombe (227-pound
bomb)``) and reads ``2,5`` and ``2.5`` as different — the importer's own
locale-aware multiset check (:mod:`rulebook.translation.checks`) replaces it;
``printf`` and ``pythonbraceformat`` read Hungarian ``50%-ban`` as a conversion
(the content has no format strings); ``doublewords`` flags grammatical doubles
(de *der der*, hu *az az*, nl *je je*) and a word ending one sentence and
starting the next; ``escapes``, ``newlines`` and ``doublespacing`` compare
Markdown escapes, soft line breaks and the sources' double spaces, which a
translation need not copy (the Markdown check compares the structure that
matters); ``brackets``, ``filepaths``, quoting, punctuation, capitals, acronyms
and sentence counts flag the glosses and the sentence structure of another
language.
"""


def _pofilter(path: Path, out: Path) -> list[Message]:
    pofilter = shutil.which("pofilter", path=str(Path(sys.executable).parent))
    assert pofilter is not None, "translate-toolkit's pofilter is installed with the test extras"
    arguments = [pofilter, "--nofuzzy", *(f"--test={check}" for check in POFILTER_CHECKS), str(path), str(out)]
    subprocess.run(arguments, check=True, capture_output=True)
    return _polib(out) if out.exists() else []


@pytest.mark.parametrize("lang", LANGUAGES)
def test_pofilter_finds_nothing_in_any_export(lang: str, content_dir: Path, tmp_path: Path) -> None:
    """translate-toolkit's checks that apply to the content report no message of the real content's catalogs."""
    path = tmp_path / f"{lang}.po"
    path.write_bytes(po_bytes(build_catalog(_loaded(content_dir), lang)))
    assert _pofilter(path, tmp_path / "findings.po") == []


def test_pofilter_reports_a_broken_tag_and_a_changed_url(tmp_path: Path) -> None:
    """The same pofilter run does find what its checks are for."""
    path = tmp_path / "nl.po"
    path.write_text(
        'msgid ""\nmsgstr ""\n"Content-Type: text/plain; charset=UTF-8\\n"\n"Language: nl\\n"\n\n'
        'msgctxt "a|body#1"\nmsgid "See <b>https://example.org/rules</b>."\nmsgstr "Zie <b>https://example.org/regels</b."\n',
        encoding="utf-8",
    )
    assert [message[0] for message in _pofilter(path, tmp_path / "findings.po")] == ["a|body#1"]
