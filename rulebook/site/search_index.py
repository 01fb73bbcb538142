"""Pagefind's search index of a site, made tree by tree while the site build is still running.

``pagefind --site DIR`` reads every page of every language tree once all of them are built,
then compresses and writes the index of every language, and takes seconds. :class:`TreeIndexer`
gives each language tree to a Pagefind process of its own (Pagefind's service, ``pagefind
--service``, through its Python API) as soon as MkDocs has written it, and that process makes
the tree's index files at once, while the other trees are built: when the last tree is done,
only that tree is left to read and compress. Pagefind's index of a site is one index per ``<html
lang>`` (its files named by their content) listed in ``pagefind-entry.json``, so the trees'
indexes are put together by taking all their files and listing every language in one entry
file. The index is the one the command makes from the same pages (the same pages, texts,
filters and URLs relative to the site folder); it is written beside the site and swapped in like
:func:`rulebook.site.build.index_search` does. A language found in two trees' indexes cannot be
put together that way: the site is then indexed again in one process, as the command does.

A tree whose pages are byte for byte those of a tree indexed before in this process keeps that
tree's index (:data:`_KEPT`): ``rulebook serve`` indexes again only the trees an edit changed.

The files are asked of Pagefind (``get_files``) and written here, not written by Pagefind:
its writes are not flushed before its process ends, and an index file came out empty now and
then (``rulebook serve`` on a fresh clone once read an empty ``pagefind-entry.json``). Each
tree's files are written as soon as they are made, the entry file of the site last.
"""

from __future__ import annotations

import asyncio
import base64
import hashlib
import json
import os
import shutil
import tempfile
import threading
from collections.abc import Coroutine, Sequence
from concurrent.futures import Future
from pathlib import Path
from typing import Any, TypeVar

from pagefind.index import IndexConfig
from pagefind.service import PagefindService
from pagefind.service.types import InternalResponseType

from rulebook.errors import SiteError

__all__ = ["TreeIndexer", "swap_in_index"]

_T = TypeVar("_T")

_TIMEOUT_SECONDS = 600.0
"""A request Pagefind has not answered by then has failed."""

_BODY = b"data-pagefind-body"
"""The attribute that makes Pagefind index only the pages that carry it."""

_ATTRIBUTES = b"data-pagefind"
"""What starts every attribute Pagefind reads (body, ignore, filter, meta, sort, weight, index-attrs)."""

_ENTRY = "pagefind-entry.json"
"""The file that lists an index's languages; Pagefind's script reads it first."""


_ANSWER_LIMIT = 2**30
"""Bytes one answer of Pagefind's may take: the files of a language's index come in one line (the
package reads at most 2 MiB, less than a tree's index)."""

IndexFiles = dict[str, bytes]
"""An index's files by their path in the index folder."""


_MEMORY_FOLDER = "/dev/shm" if os.path.isdir("/dev/shm") and os.access("/dev/shm", os.W_OK) else None
"""Where the copies of the pages go: a folder in memory where there is one (a page is a folder of its own,
and making 2,300 folders on disk took a third of a second of CPU), else the temporary folder."""

_KEPT: dict[str, IndexFiles] = {}
"""The index files of the trees indexed last in this process, by the digest of their pages (paths and bytes)."""

_KEPT_TREES = 12
"""How many trees' indexes :data:`_KEPT` holds (the five languages of two builds, and some)."""

_KEPT_LOCK = threading.Lock()
"""Indexers of different threads may keep trees at once."""


class _PromptService(PagefindService):
    """Pagefind's service client, reading each answer as soon as Pagefind writes it.

    The package's reader waits a tenth of a second before reading each answer: for the last tree,
    indexed after everything else is built, that was a wait the build's end added up.
    """

    async def _wait_for_responses(self) -> None:
        answers = self._backend.stdout
        assert answers is not None
        while True:
            # An answer is base64 of JSON, ended by a comma (the service's protocol).
            message = json.loads(base64.b64decode((await answers.readuntil(b","))[:-1]))
            if message is None:
                continue
            payload = message["payload"]
            message_id = message.get("message_id")
            if message_id is None and payload.get("original_message"):
                # A request the service could not read is answered without its id, but with the request.
                message_id = json.loads(payload["original_message"]).get("message_id")
            waiting = self._responses.get(message_id) if message_id is not None else None
            if waiting is None or waiting.done():
                continue
            if payload["type"] == InternalResponseType.ERROR.value:
                waiting.set_exception(Exception(payload["message"], payload.get("original_message")))
            else:
                waiting.set_result(payload)


class _CannotMerge(Exception):
    """The trees' indexes do not go together (a language in two of them, different Pagefind versions)."""


def search_page(html: bytes) -> bytes:
    """``html`` as Pagefind needs it: without the theme's header, menus and footer around the element with
    ``data-pagefind-body``, which Pagefind reads and then leaves out (about half of its work).

    Kept: everything up to and with the ``<body>`` tag (the language, the title), and from the
    start of the element with the attribute to the end of the theme's ``<article>``, which holds
    it. What is cut holds no ``data-pagefind-*`` attribute (filters and metadata count from
    anywhere on a page); a page where it would, or that is not laid out so, is given whole.

    >>> page = b'<html lang="de"><head><title>T</title></head><body><nav>menu</nav>'
    >>> page += b'<article><div data-pagefind-body><h1>T</h1></div></article><footer>f</footer></body></html>'
    >>> search_page(page)
    b'<html lang="de"><head><title>T</title></head><body><div data-pagefind-body><h1>T</h1></div></body></html>'
    >>> whole = page.replace(b"<nav>", b"<nav data-pagefind-filter='x'>")
    >>> search_page(whole) == whole
    True
    """
    found = html.find(_BODY)
    start = html.rfind(b"<", 0, found)
    body = html.find(b"<body")
    opened = html.find(b">", body) + 1
    end = html.rfind(b"</article>")
    if not (0 <= body < opened <= start < found < end) or b">" in html[start:found]:
        return html
    if _ATTRIBUTES in html[opened:start] or _ATTRIBUTES in html[end:]:
        return html
    return html[:opened] + html[start:end] + b"</body></html>"


def _every_page(folder: str) -> str:
    """The glob of every HTML page under ``folder`` of the site (``""``: the pages at its top), as
    ``pagefind --site`` reads them."""
    return f"{folder}/**/*.{{html}}" if folder else "*.{html}"


def swap_in_index(site_dir: Path, fresh: Path) -> None:
    """Replace ``site_dir/pagefind`` by the finished index in ``fresh`` (a site being served keeps a working one)."""
    bundle = site_dir / "pagefind"
    retired = site_dir.with_name(site_dir.name + ".pagefind-old")
    shutil.rmtree(retired, ignore_errors=True)
    if bundle.exists():
        bundle.rename(retired)
    fresh.rename(bundle)
    shutil.rmtree(retired, ignore_errors=True)


class TreeIndexer:
    """The Pagefind index of ``site_dir``, made a folder at a time (:meth:`add`), put together by :meth:`finish`.

    Each folder is read by a Pagefind process of its own; they run from a thread of this
    object's, so :meth:`add` may be called from any thread (a worker's completion callback) and
    returns at once. Every page under ``site_dir`` must have been added before :meth:`finish`.
    """

    def __init__(self, site_dir: Path) -> None:
        self.site_dir = site_dir
        self.fresh = site_dir.with_name(site_dir.name + ".pagefind")
        shutil.rmtree(self.fresh, ignore_errors=True)
        self.pages = Path(tempfile.mkdtemp(prefix="rulebook-search-pages-", dir=_MEMORY_FOLDER))
        """The copies of the pages Pagefind reads (:func:`search_page`), by their paths in the site."""
        self.loop = asyncio.new_event_loop()
        self.thread = threading.Thread(target=self.loop.run_forever, name="pagefind", daemon=True)
        self.thread.start()
        self.added: list[Future[IndexFiles | None]] = []
        self.folders: list[str] = []
        self.with_body = False
        """Whether a page added so far carries ``data-pagefind-body``."""
        self.without_body: list[str] = []
        """The folders whose pages have no ``data-pagefind-body``: indexed only if no page of the site has it."""
        self.written: set[str] = set()
        """The index files written into :attr:`fresh` so far (each tree's as soon as Pagefind made them)."""
        self.writing = threading.Lock()
        self.processes = 0
        """The Pagefind processes started: one per folder with pages to index, one more if they must be indexed
        together."""
        self.running: set[PagefindService] = set()

    def _run(self, work: Coroutine[Any, Any, _T]) -> Future[_T]:
        return asyncio.run_coroutine_threadsafe(work, self.loop)

    def add(self, folder: str) -> None:
        """Index the HTML pages under ``site_dir/folder`` (``""``: the pages at the top of ``site_dir``).

        Only the pages with ``data-pagefind-body`` are given to Pagefind, which would leave out the
        others: those are given at :meth:`finish` if no page of the site has the attribute.
        """
        self.folders.append(folder)
        self.added.append(self._run(self._add(folder)))

    async def _add(self, folder: str) -> IndexFiles | None:
        top = self.site_dir / folder
        pages = sorted(top.rglob("*.html") if folder else top.glob("*.html"))
        digest = hashlib.sha256(folder.encode("utf-8") + b"\0")
        with_body: dict[str, bytes] = {}
        for page in pages:
            html = page.read_bytes()
            if _BODY in html:
                name = page.relative_to(top).as_posix()
                with_body[name] = html
                digest.update(name.encode("utf-8") + b"\0" + html + b"\0")
        if not with_body:
            self.without_body.append(folder)
            return None
        self.with_body = True
        with _KEPT_LOCK:
            kept = _KEPT.get(digest.hexdigest())
        if kept is not None:
            await asyncio.to_thread(self._write_ahead, kept)
            return kept
        # Pagefind reads copies of the pages with a search body, at the same paths, without the
        # theme's header, menus and footer (see search_page).
        staged = self.pages / folder
        for name, html in with_body.items():
            (staged / name).parent.mkdir(parents=True, exist_ok=True)
            (staged / name).write_bytes(search_page(html))
        files = await self._index([_every_page(folder)], self.pages)
        with _KEPT_LOCK:
            _KEPT[digest.hexdigest()] = files
            while len(_KEPT) > _KEPT_TREES:
                del _KEPT[next(iter(_KEPT))]
        await asyncio.to_thread(self._write_ahead, files)
        return files

    def _write_ahead(self, files: IndexFiles) -> None:
        """Write a tree's index files now, while other trees are built, but its entry file (:meth:`finish` writes
        the one of the whole site): writing some 600 files a tree took half a second after the last tree."""
        self._write({name: content for name, content in files.items() if name != _ENTRY})

    def _write(self, files: IndexFiles) -> None:
        """Write ``files`` into :attr:`fresh`, each file once (a file of the same name in two trees'
        indexes has the same contents, or :func:`_merge` refuses them)."""
        with self.writing:
            for name, content in files.items():
                if name in self.written:
                    continue
                target = self.fresh / name
                target.parent.mkdir(parents=True, exist_ok=True)
                target.write_bytes(content)
                self.written.add(name)

    async def _index(self, globs: Sequence[str], root: Path | None = None) -> IndexFiles:
        """The index files of the pages of ``globs`` (relative to ``root``, by default the site), made by a Pagefind
        process of their own."""
        service = await _PromptService().launch()
        self.running.add(service)
        self.processes += 1
        try:
            assert service._backend.stdout is not None
            service._backend.stdout._limit = _ANSWER_LIMIT  # type: ignore[attr-defined]
            index = await self._answer(service, service.create_index(IndexConfig(output_path=str(self.fresh))))
            for glob in globs:
                await self._answer(service, index.add_directory(str(root or self.site_dir), glob=glob))
            files = await self._answer(service, index.get_files())
            await asyncio.wait_for(service.close(), _TIMEOUT_SECONDS)
        finally:
            self.running.discard(service)
        return {file["path"]: file["content"] for file in files}

    @staticmethod
    async def _answer(service: PagefindService, request: Coroutine[Any, Any, _T]) -> _T:
        """The answer to ``request``, or an error as soon as Pagefind's process stops answering.

        The Pagefind package would wait forever for the answer of a process that crashed: its
        reading task ends, with the error, and the request is never answered.
        """
        reading = service._poll_task
        answer = asyncio.ensure_future(request)
        done, _ = await asyncio.wait({answer, reading}, timeout=_TIMEOUT_SECONDS, return_when=asyncio.FIRST_COMPLETED)
        if answer in done:
            return answer.result()
        answer.cancel()
        why = f": {reading.exception()!r}" if reading in done and not reading.cancelled() else ""
        raise RuntimeError(f"Pagefind stopped answering{why}")

    def finish(self) -> None:
        """Wait for the folders added, write their indexes together into ``site_dir/pagefind``; SiteError if
        Pagefind failed."""
        try:
            parts = [part for added in self.added if (part := added.result()) is not None]
            if not self.with_body and self.without_body:
                parts.append(self._run(self._index(_globs(self.without_body))).result())
            try:
                files = _merge(parts)
            except _CannotMerge:  # every page of the site in one process, as `pagefind --site` reads them
                files = self._run(self._index(_globs(self.folders))).result()
                with self.writing:  # not the trees' files written ahead: the index of the whole site alone
                    shutil.rmtree(self.fresh, ignore_errors=True)
                    self.written.clear()
            # The entry file last: the index is whole once it is there.
            self._write({name: content for name, content in files.items() if name != _ENTRY})
            self._write({name: content for name, content in files.items() if name == _ENTRY})
        except Exception as error:  # Pagefind's service reports its failures as plain exceptions
            shutil.rmtree(self.fresh, ignore_errors=True)
            raise SiteError(f"Pagefind failed to index {self.site_dir}: {error}") from error
        finally:
            shutil.rmtree(self.pages, ignore_errors=True)
        swap_in_index(self.site_dir, self.fresh)

    def close(self) -> None:
        """Stop any Pagefind process still running and the thread (an index not finished is not written)."""

        async def stop_all() -> None:
            for service in list(self.running):
                await asyncio.wait_for(service.close(), 30)

        try:
            self._run(stop_all()).result()
        except Exception:  # noqa: S110 - closing after a failure: the failure is what is reported
            pass
        self.loop.call_soon_threadsafe(self.loop.stop)
        self.thread.join()
        self.loop.close()
        for folder in (self.fresh, self.pages):
            shutil.rmtree(folder, ignore_errors=True)


def _globs(folders: Sequence[str]) -> list[str]:
    return [_every_page(folder) for folder in folders]


def _merge(parts: Sequence[IndexFiles]) -> IndexFiles:
    """The indexes of ``parts`` together: their files, and one entry file listing every language.

    Raises :class:`_CannotMerge` when they do not go together: a language in two parts (two
    indexes of one language), entry files of different Pagefind versions or settings, or one
    file name with different contents in two parts.
    """
    files: IndexFiles = {}
    entry: dict[str, Any] | None = None
    for part in parts:
        theirs = json.loads(part[_ENTRY])
        settings = {key: value for key, value in theirs.items() if key != "languages"}
        if entry is None:
            entry = {**settings, "languages": {}}
        elif settings != {key: value for key, value in entry.items() if key != "languages"}:
            raise _CannotMerge("another Pagefind version or settings")
        for language, about in theirs["languages"].items():
            if language in entry["languages"]:
                raise _CannotMerge(f"language {language} in two trees")
            entry["languages"][language] = about
        for name, content in part.items():
            if name != _ENTRY and files.setdefault(name, content) != content:
                raise _CannotMerge(f"{name} differs between two trees' indexes")
    if entry is not None:
        # Written as Pagefind writes it: its keys in its order, no spaces; the languages in order of their codes.
        languages = dict(sorted(entry["languages"].items()))
        first = json.loads(parts[0][_ENTRY])
        entry = {key: languages if key == "languages" else entry[key] for key in first}
        files[_ENTRY] = json.dumps(entry, ensure_ascii=False, separators=(",", ":")).encode("utf-8")
    return files
