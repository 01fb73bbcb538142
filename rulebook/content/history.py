"""The history of every entry's texts, read from the git repository that holds ``content/``.

Each commit that changed an entry file (``content/<game>/<entry id>.yaml``) is one
:class:`EntryChange`: its commit, its date and the entry's texts before and after it. What the
change was to one language version (:func:`change_kinds`) follows from those texts: the original
added or changed; a translation drafted (it had no body before), revised, reviewed, or become
outdated (the digest it was made from no longer the original's, :meth:`Entry.effective_status`).

The whole history costs two processes, whatever the number of files: one ``git log`` pass over the
content folder lists every commit with the blob ids of each entry file before and after it
(``--raw``), and one ``git cat-file --batch`` reads those blobs. Only the texts' strings are read
from each version (libyaml's base loader, no types resolved). The result is kept in a cache file
under the HEAD commit and the content folder's place in the repository, so a build of an unchanged
checkout reads it back instead.

No history is no failure: a folder outside any git work tree, a shallow clone (its oldest commit
would look like every entry's creation) or no ``git`` at all gives a :class:`ContentHistory` with a
``notice`` saying why, and no changes.
"""

from __future__ import annotations

import functools
import json
import os
import re
import subprocess
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from enum import Enum
from pathlib import Path
from typing import Any

import yaml

from rulebook.content.model import TranslationStatus, digest_text

__all__ = [
    "HISTORY_CACHE",
    "ChangeKind",
    "ContentHistory",
    "EntryChange",
    "EntryVersion",
    "TextVersion",
    "change_kinds",
    "keep_history",
    "read_history",
]

HISTORY_CACHE = "history.json"
"""The cache file's name, in the folder :func:`read_history` is given."""

_CACHE_FORMAT = 1
"""Bumped whenever what the cache holds changes, so an older cache is read again from git."""

_NO_BLOB = "0" * 40
"""The blob id ``git log --raw`` gives the side of a change where the file does not exist."""

_BaseLoader: type[yaml.BaseLoader] = getattr(yaml, "CBaseLoader", yaml.BaseLoader)
"""libyaml's loader that keeps every scalar a string: the texts are all a history needs."""


class ChangeKind(str, Enum):
    """What one commit did to one language version of an entry."""

    ADDED = "added"
    """The entry first committed, with its original text."""
    ORIGINAL_CHANGED = "original-changed"
    """The original's title or body changed."""
    DRAFTED = "drafted"
    """A translation got a body where it had none."""
    REVISED = "revised"
    """A translation's title or body changed."""
    REVIEWED = "reviewed"
    """A translation was marked reviewed (again, after it had been outdated)."""
    OUTDATED = "outdated"
    """A translation became outdated: the original it was made from changed."""


@dataclass(frozen=True)
class TextVersion:
    """One language version of an entry as one commit left it."""

    title: str
    body: str
    status: str
    source_digest: str | None = None


@dataclass(frozen=True)
class EntryVersion:
    """An entry's texts as one commit left them, and the language of its original."""

    lang: str
    texts: Mapping[str, TextVersion]

    @property
    def original(self) -> TextVersion | None:
        return self.texts.get(self.lang)

    @functools.cached_property
    def original_digest(self) -> str | None:
        """:func:`digest_text` of the original at this commit (what a translation made from it records)."""
        original = self.original
        return digest_text(original.title, original.body) if original is not None else None

    def effective_status(self, lang: str) -> str | None:
        """The ``lang`` version's status at this commit, ``outdated`` when made from another original."""
        version = self.texts.get(lang)
        if version is None:
            return None
        if lang == self.lang:
            return TranslationStatus.ORIGINAL.value
        if self.original is not None and version.source_digest not in (None, self.original_digest):
            return TranslationStatus.OUTDATED.value
        return version.status


@dataclass(frozen=True)
class EntryChange:
    """One commit that changed an entry's file."""

    commit: str
    date: str
    """The commit's date (committer date, ISO 8601 with its offset)."""
    before: EntryVersion | None
    """The entry as the commit's parent had it; ``None`` when the commit added the file."""
    after: EntryVersion


@dataclass(frozen=True)
class ContentHistory:
    """Every entry's changes, newest first, or why there are none."""

    changes: Mapping[str, tuple[EntryChange, ...]]
    """Entry id → its changes, newest first."""
    head: str | None = None
    """The commit the history was read at."""
    notice: str | None = None
    """Why there is no history (no repository, a shallow clone, no git); ``None`` when it was read."""
    prefix: str = ""
    """The content folder's path in its repository, with a trailing ``/`` (``content/``), as git gives it."""

    @property
    def available(self) -> bool:
        return self.notice is None

    @classmethod
    def unavailable(cls, notice: str) -> ContentHistory:
        return cls({}, notice=notice)


def change_kinds(change: EntryChange, lang: str) -> tuple[ChangeKind, ...]:
    """What ``change`` did to the ``lang`` version of its entry (nothing: ``()``).

    >>> def version(de, en=None, digest=None, status="draft"):
    ...     texts = {"de": TextVersion("T", de, "original")}
    ...     if en is not None:
    ...         texts["en"] = TextVersion("T", en, status, digest)
    ...     return EntryVersion("de", texts)
    >>> first = version("Alt.")
    >>> second = version("Alt.", "Old.", digest_text("T", "Alt."))
    >>> third = version("Neu.", "Old.", digest_text("T", "Alt."))
    >>> change_kinds(EntryChange("c1", "2026-01-01", None, first), "de")
    (<ChangeKind.ADDED: 'added'>,)
    >>> change_kinds(EntryChange("c2", "2026-01-02", first, second), "en")
    (<ChangeKind.DRAFTED: 'drafted'>,)
    >>> change_kinds(EntryChange("c3", "2026-01-03", second, third), "en")
    (<ChangeKind.OUTDATED: 'outdated'>,)
    >>> change_kinds(EntryChange("c3", "2026-01-03", second, third), "de")
    (<ChangeKind.ORIGINAL_CHANGED: 'original-changed'>,)
    """
    before, after = change.before, change.after
    if lang == after.lang:
        if before is None or before.original is None:
            return (ChangeKind.ADDED,)
        return (ChangeKind.ORIGINAL_CHANGED,) if _text(before.original) != _text(after.original) else ()
    old = before.texts.get(lang) if before is not None else None
    new = after.texts.get(lang)
    kinds = []
    if new is not None and new.body.strip() and (old is None or not old.body.strip()):
        kinds.append(ChangeKind.DRAFTED)
    elif (old is not None or new is not None) and _text(old) != _text(new):
        kinds.append(ChangeKind.REVISED)
    old_status = before.effective_status(lang) if before is not None else None
    new_status = after.effective_status(lang)
    if new_status == TranslationStatus.REVIEWED.value and old_status != new_status:
        kinds.append(ChangeKind.REVIEWED)
    if new_status == TranslationStatus.OUTDATED.value and old_status != new_status:
        kinds.append(ChangeKind.OUTDATED)
    return tuple(kinds)


def _text(version: TextVersion | None) -> tuple[str, str]:
    return (version.title.strip(), version.body.strip()) if version is not None else ("", "")


def _git(folder: Path, *args: str, data: bytes | None = None) -> bytes:
    """Run git in ``folder``; its output. Raises :class:`subprocess.CalledProcessError` or :class:`OSError`."""
    environment = {**os.environ, "GIT_OPTIONAL_LOCKS": "0", "LC_ALL": "C"}
    return subprocess.run(
        ["git", "-c", "core.quotePath=false", "-C", str(folder), *args],
        input=data,
        capture_output=True,
        check=True,
        env=environment,
    ).stdout


def _repository(content: Path) -> tuple[str, str] | str:
    """(HEAD commit, the folder's path in the repository) of the git work tree ``content`` is in, else why not."""
    try:
        answer = _git(content, "rev-parse", "--is-shallow-repository", "--show-prefix", "--verify", "HEAD")
    except FileNotFoundError:
        return "git is not installed"
    except (OSError, subprocess.CalledProcessError):
        return f"{content} is not in a git work tree with commits"
    shallow, prefix, head = (answer.decode("utf-8").split("\n") + ["", "", ""])[:3]
    if shallow.strip() == "true":
        return "the repository is a shallow clone (git fetch --unshallow gives the whole history)"
    return head.strip(), prefix.strip()


def _is_entry_file(path: str) -> bool:
    """An entry's file, relative to the content folder: ``<game>/<id>.yaml`` (:mod:`rulebook.content.load`)."""
    parts = path.split("/")
    return len(parts) == 2 and parts[0] != "terms" and parts[1].endswith(".yaml") and not parts[1].startswith(".")


@dataclass(frozen=True)
class _FileChange:
    commit: str
    date: str
    path: str
    before: str
    after: str


def _file_changes(log: str) -> list[_FileChange]:
    """The entry-file changes of ``git log --raw --format=%x01%H %cI`` output, newest commit first."""
    changes = []
    for block in log.split("\x01")[1:]:
        header, _, raw = block.partition("\n")
        commit, _, date = header.partition(" ")
        for line in raw.splitlines():
            if not line.startswith(":"):
                continue
            meta, _, path = line.partition("\t")
            fields = meta.split()
            if len(fields) >= 4 and _is_entry_file(path) and fields[3] != _NO_BLOB:
                changes.append(_FileChange(commit, date.strip(), path, fields[2], fields[3]))
    return changes


def _read_blobs(folder: Path, blobs: Iterable[str]) -> dict[str, bytes]:
    """The bytes of every blob, through one ``git cat-file --batch``; a blob git does not have is left out."""
    wanted = sorted(set(blobs))
    if not wanted:
        return {}
    output = _git(folder, "cat-file", "--batch", data=("\n".join(wanted) + "\n").encode("ascii"))
    found: dict[str, bytes] = {}
    position = 0
    for blob in wanted:
        end = output.index(b"\n", position)
        header = output[position:end].split()
        position = end + 1
        if len(header) != 3:  # "<id> missing"
            continue
        size = int(header[2])
        found[blob] = output[position : position + size]
        position += size + 1
    return found


_TOP_LEVEL_KEY = re.compile(r"^(?=[^\s#-])", re.MULTILINE)
"""Where a top-level key of a block mapping starts: a line that begins with neither space, comment nor ``-``."""

_READ_KEYS = ("id:", "lang:", "text:")


def _document(text: str) -> dict[str, Any] | None:
    """The ``id``, ``lang`` and ``text`` of an entry file, as strings.

    Only those three top-level keys' lines are parsed (the glossary terms, links and editor's notes
    are a quarter of a file and a history needs none of them); a file those lines do not give them
    for is parsed whole.
    """
    for part in ("".join(p for p in _TOP_LEVEL_KEY.split(text) if p.startswith(_READ_KEYS)), text):
        try:
            document: Any = yaml.load(part, Loader=_BaseLoader)  # noqa: S506 - strings only
        except yaml.YAMLError:
            continue
        if isinstance(document, dict) and isinstance(document.get("text"), dict) and "id" in document:
            return document
    return None


def _version(data: bytes) -> tuple[str, EntryVersion] | None:
    """The entry id and texts of one version of an entry file; ``None`` for a file that is not a valid entry."""
    try:
        document = _document(data.decode("utf-8"))
    except UnicodeDecodeError:
        return None
    if document is None:
        return None
    texts = {}
    for lang, text in document["text"].items():
        if isinstance(text, dict) and isinstance(text.get("title"), str):
            body, status, digest = text.get("body"), text.get("status"), text.get("source_digest")
            texts[str(lang)] = TextVersion(
                text["title"],
                body if isinstance(body, str) else "",
                status if isinstance(status, str) else TranslationStatus.DRAFT.value,
                digest if isinstance(digest, str) else None,
            )
    entry_id, lang = document.get("id"), document.get("lang")
    if not isinstance(entry_id, str) or not isinstance(lang, str):
        return None
    return entry_id, EntryVersion(lang, texts)


def _from_git(content: Path) -> dict[str, list[EntryChange]]:
    log = _git(content, "log", "--raw", "--no-abbrev", "--no-renames", "--relative", "--format=%x01%H %cI", "--", ".")
    file_changes = _file_changes(log.decode("utf-8", errors="replace"))
    blobs = _read_blobs(content, [blob for change in file_changes for blob in (change.before, change.after)])
    versions = {blob: _version(data) for blob, data in blobs.items()}
    changes: dict[str, list[EntryChange]] = {}
    for change in file_changes:
        after = versions.get(change.after)
        if after is None:
            continue
        before = versions.get(change.before) if change.before != _NO_BLOB else None
        entry_id, version = after
        changes.setdefault(entry_id, []).append(
            EntryChange(change.commit, change.date, before[1] if before is not None else None, version)
        )
    return changes


def _plain(changes: Mapping[str, Iterable[EntryChange]]) -> dict[str, Any]:
    """The changes as JSON data, each version's texts written once (most versions are two changes' sides)."""
    versions: dict[int, list[Any]] = {}
    table: list[Any] = []

    def index(version: EntryVersion | None) -> int | None:
        if version is None:
            return None
        if id(version) not in versions:
            versions[id(version)] = [len(table), version]
            texts = {lang: [t.title, t.body, t.status, t.source_digest] for lang, t in version.texts.items()}
            table.append([version.lang, texts])
        position: int = versions[id(version)][0]
        return position

    entries = {
        entry_id: [[c.commit, c.date, index(c.before), index(c.after)] for c in entry_changes]
        for entry_id, entry_changes in changes.items()
    }
    return {"versions": table, "entries": entries}


def _from_plain(data: Mapping[str, Any]) -> dict[str, tuple[EntryChange, ...]]:
    versions = [
        EntryVersion(lang, {code: TextVersion(*fields) for code, fields in texts.items()})
        for lang, texts in data["versions"]
    ]
    return {
        entry_id: tuple(
            EntryChange(commit, date, versions[before] if before is not None else None, versions[after])
            for commit, date, before, after in entry_changes
        )
        for entry_id, entry_changes in data["entries"].items()
    }


def read_history(content: Path, cache_folder: Path | None = None) -> ContentHistory:
    """The history of every entry file of ``content``, from git (or the cache in ``cache_folder``, by HEAD).

    Read again in the same process at the same HEAD, it is the history read before.
    """
    found = _repository(content)
    if isinstance(found, str):
        return ContentHistory.unavailable(found)
    head, prefix = found
    read_before = _READ.get(content.resolve())
    if read_before is not None and (read_before.head, read_before.prefix) == (head, prefix):
        return read_before
    cache = cache_folder / HISTORY_CACHE if cache_folder is not None else None
    key = {"format": _CACHE_FORMAT, "head": head, "prefix": prefix}
    if cache is not None and cache.is_file():
        try:
            kept = json.loads(cache.read_text(encoding="utf-8"))
            if kept.get("key") == key:
                history = _READ[content.resolve()] = ContentHistory(_from_plain(kept["history"]), head, prefix=prefix)
                return history
        except (OSError, ValueError, KeyError, TypeError):
            pass  # an unreadable cache is read again from git
    try:
        changes = _from_git(content)
    except (OSError, subprocess.CalledProcessError, ValueError) as error:
        return ContentHistory.unavailable(f"git could not read the history of {content}: {error}")
    if cache is not None:
        cache.parent.mkdir(parents=True, exist_ok=True)
        plain = {"key": key, "history": _plain(changes)}
        cache.write_text(json.dumps(plain, ensure_ascii=False, separators=(",", ":")), encoding="utf-8")
    history = ContentHistory({entry_id: tuple(found) for entry_id, found in changes.items()}, head, prefix=prefix)
    _READ[content.resolve()] = history
    return history


_READ: dict[Path, ContentHistory] = {}
"""The history last read of each folder in this process: ``rulebook serve`` asks again for every rebuild."""


def keep_history(content: Path, history: ContentHistory) -> None:
    """Keep ``history`` of ``content``, read by another process (a build's worker), for this process's next
    :func:`read_history` at the same commit."""
    if history.available:
        _READ[content.resolve()] = history
