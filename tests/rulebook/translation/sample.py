"""The sample content of the translator-workflow tests, and helpers to edit its catalogs.

``tests/data/translate/content`` has a German entry with paragraphs, a list, a
link and emphasis (``how.aktionsstapel``), a German table (``how.kosten``,
English reviewed), a Hungarian entry with numbers (``se.ejtoernyosok``), three
terms and one worked example; ``tests/data/translate/sources`` its sources.
"""

from __future__ import annotations

import io
import shutil
import subprocess
from pathlib import Path

import pytest
from babel.messages.catalog import Catalog
from babel.messages.pofile import read_po

from rulebook.errors import TranslationError
from rulebook.translation.catalog import export_catalog, load_content, po_bytes
from rulebook.translation.importer import import_catalog
from tests.conftest import DATA

__all__ = [
    "LANGUAGES",
    "SAMPLE",
    "SAMPLE_SOURCES",
    "catalog_of",
    "change_original_paragraph",
    "edit",
    "git",
    "refusal",
    "sample",
    "save",
    "snapshot",
]

SAMPLE = DATA / "translate" / "content"
SAMPLE_SOURCES = DATA / "translate" / "sources"
LANGUAGES = ("en", "de", "hu", "ru", "nl")


@pytest.fixture()
def sample(tmp_path: Path) -> Path:
    """A copy of the sample content tree in ``tmp/content``."""
    target = tmp_path / "content"
    shutil.copytree(SAMPLE, target)
    return target


def snapshot(root: Path) -> dict[str, bytes]:
    """The bytes of every YAML file under ``root``, by relative path."""
    return {str(path.relative_to(root)): path.read_bytes() for path in sorted(root.rglob("*.yaml"))}


def catalog_of(root: Path, lang: str) -> Catalog:
    """The exported catalog of ``root`` for ``lang``, as a translator's editor would read it."""
    return read_po(io.BytesIO(export_catalog(load_content(root), lang)))


def save(catalog: Catalog, path: Path) -> Path:
    """Write ``catalog`` as a PO file at ``path``."""
    path.write_bytes(po_bytes(catalog))
    return path


def edit(catalog: Catalog, context: str, text: str, fuzzy: bool | None = None) -> None:
    """Set the msgstr (and optionally the fuzzy flag) of the message with ``context``."""
    [message] = [m for m in catalog if m.context == context]
    message.string = text
    if fuzzy is True:
        message.flags.add("fuzzy")
    elif fuzzy is False:
        message.flags.discard("fuzzy")


def refusal(root: Path, catalog: Catalog, po_path: Path) -> list[str]:
    """The problems an import of ``catalog`` is refused with (content must stay unchanged)."""
    before = snapshot(root)
    with pytest.raises(TranslationError) as raised:
        import_catalog(load_content(root), save(catalog, po_path))
    assert snapshot(root) == before
    return [f"{problem.item_id}: {problem.message}" for problem in raised.value.problems]


def git(root: Path, *args: str) -> None:
    """Run git in ``root`` with a throwaway identity."""
    subprocess.run(
        ["git", "-C", str(root), "-c", "user.name=Test", "-c", "user.email=test@example.invalid", *args],
        check=True,
        capture_output=True,
    )


def change_original_paragraph(root: Path) -> Path:
    """Change the second paragraph of how.aktionsstapel's German original ('Beispiel:')."""
    path = root / "hell-of-a-war" / "how.aktionsstapel.yaml"
    path.write_text(
        path.read_text(encoding="utf-8").replace("      Beispiel:\n", "      Zum Beispiel:\n", 1), encoding="utf-8"
    )
    return path
