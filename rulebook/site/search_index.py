"""Pagefind's search index of a site, made tree by tree while the site build is still running (issue 15, item 2).

``pagefind --site DIR`` reads every page of every language tree once all of them are built,
and takes seconds. A site build on two cores leaves one core idle while its last trees are
built, so :class:`TreeIndexer` gives Pagefind each language tree as soon as MkDocs has written
it (Pagefind's own service, ``pagefind --service``, through its Python API): when the last
tree is done, only that tree is read and the index is written. The index is the one the
command makes from the same pages (one per ``<html lang>``, the same page URLs relative to
the site folder); it is written beside the site and swapped in like
:func:`rulebook.site.build.index_search` does.
"""

from __future__ import annotations

import asyncio
import re
import shutil
import threading
from collections.abc import Coroutine
from concurrent.futures import Future
from pathlib import Path
from typing import Any, TypeVar

from pagefind.index import IndexConfig, PagefindIndex

from rulebook.errors import SiteError

__all__ = ["TreeIndexer", "swap_in_index"]

_T = TypeVar("_T")

_TIMEOUT_SECONDS = 600.0
"""A request Pagefind has not answered by then has failed."""

_BODY = b"data-pagefind-body"
"""The attribute that makes Pagefind index only the pages that carry it."""

_PLAIN_PATH = re.compile(r"[A-Za-z0-9._/-]+")
"""A file path that is its own glob pattern: none of the metacharacters of Pagefind's globs (wax)."""


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
    """One Pagefind index of ``site_dir``, fed a folder at a time (:meth:`add`), written by :meth:`finish`.

    Pagefind runs in its own process; this object talks to it from a thread of its own, so
    :meth:`add` may be called from any thread (a worker's completion callback) and returns at
    once. Every page under ``site_dir`` must have been added before :meth:`finish`.
    """

    def __init__(self, site_dir: Path) -> None:
        self.site_dir = site_dir
        self.fresh = site_dir.with_name(site_dir.name + ".pagefind")
        shutil.rmtree(self.fresh, ignore_errors=True)
        self.loop = asyncio.new_event_loop()
        self.thread = threading.Thread(target=self.loop.run_forever, name="pagefind", daemon=True)
        self.thread.start()
        self.lock = asyncio.Lock()
        self.added: list[Future[Any]] = []
        self.with_body = False
        """Whether a page added so far carries ``data-pagefind-body``."""
        self.without_body: list[str] = []
        """The folders whose pages have no ``data-pagefind-body``: indexed only if no page of the site has it."""
        self.index: PagefindIndex | None = None
        try:
            self.index = self._run(self._start()).result()
        except BaseException:
            self.close()
            raise

    def _run(self, work: Coroutine[Any, Any, _T]) -> Future[_T]:
        return asyncio.run_coroutine_threadsafe(work, self.loop)

    async def _start(self) -> PagefindIndex:
        # The index's URLs are made relative to this folder, as `pagefind --site` does.
        index = PagefindIndex(config=IndexConfig(output_path=str(self.fresh)))
        return await asyncio.wait_for(index._start(), _TIMEOUT_SECONDS)

    async def _answer(self, request: Coroutine[Any, Any, _T]) -> _T:
        """The answer to ``request``, or an error as soon as Pagefind's process stops answering.

        The Pagefind package would wait forever for the answer of a process that crashed: its
        reading task ends, with the error, and the request is never answered.
        """
        assert self.index is not None and self.index._service is not None
        reading = self.index._service._poll_task
        answer = asyncio.ensure_future(request)
        done, _ = await asyncio.wait({answer, reading}, timeout=_TIMEOUT_SECONDS, return_when=asyncio.FIRST_COMPLETED)
        if answer in done:
            return answer.result()
        answer.cancel()
        why = f": {reading.exception()!r}" if reading in done and not reading.cancelled() else ""
        raise RuntimeError(f"Pagefind stopped answering{why}")

    async def _add(self, folder: str) -> None:
        assert self.index is not None
        async with self.lock:  # one request at a time: Pagefind answers them in order
            top = self.site_dir / folder
            pages = sorted(top.rglob("*.html") if folder else top.glob("*.html"))
            with_body = [page.relative_to(top).as_posix() for page in pages if _BODY in page.read_bytes()]
            if not with_body:
                self.without_body.append(folder)
                return
            self.with_body = True
            if all(_PLAIN_PATH.fullmatch(path) for path in [folder, *with_body] if path):
                # The folder stays a literal prefix, so Pagefind walks only that folder.
                glob = (f"{folder}/" if folder else "") + "{" + ",".join(with_body) + "}"
            else:  # a name the glob would have to escape: every page, and Pagefind leaves out the others
                glob = _every_page(folder)
            await self._answer(self.index.add_directory(str(self.site_dir), glob=glob))

    async def _add_without_body(self) -> None:
        """Every page of the folders left aside, when no page of the site has ``data-pagefind-body``."""
        assert self.index is not None
        if not self.with_body:
            for folder in self.without_body:
                await self._answer(self.index.add_directory(str(self.site_dir), glob=_every_page(folder)))

    def add(self, folder: str) -> None:
        """Index the HTML pages under ``site_dir/folder`` (``""``: the pages at the top of ``site_dir``).

        Only the pages with ``data-pagefind-body`` are given to Pagefind, which would leave out the
        others: those are given at :meth:`finish` if no page of the site has the attribute.
        """
        self.added.append(self._run(self._add(folder)))

    def finish(self) -> None:
        """Wait for the folders added, write the index into ``site_dir/pagefind``; SiteError if Pagefind failed."""
        assert self.index is not None
        try:
            for added in self.added:
                added.result()
            self._run(self._add_without_body()).result()
            self._run(self._write()).result()
            self._run(self._wait_for_the_disk()).result()
            self.index = None
        except Exception as error:  # Pagefind's service reports its failures as plain exceptions
            shutil.rmtree(self.fresh, ignore_errors=True)
            raise SiteError(f"Pagefind failed to index {self.site_dir}: {error}") from error
        swap_in_index(self.site_dir, self.fresh)

    async def _write(self) -> None:
        assert self.index is not None
        await self._answer(self.index.write_files(output_path=str(self.fresh)))

    async def _wait_for_the_disk(self) -> None:
        """Let Pagefind's process end on its own once its last file is on disk.

        Pagefind answers ``WriteFiles`` before every write has reached the disk (its files are
        written in the background): on a busy machine ``pagefind-entry.json`` was still empty
        when the answer came (``rulebook serve`` on a fresh clone failed reading it). The process
        finishes those writes before it exits, and it exits when its input ends.
        """
        assert self.index is not None and self.index._service is not None
        service = self.index._service
        backend = service._backend
        assert backend.stdin is not None
        backend.stdin.close()
        code = await asyncio.wait_for(backend.wait(), _TIMEOUT_SECONDS)
        reading = service._poll_task
        reading.cancel()
        if reading.done() and not reading.cancelled():
            reading.exception()  # the end of its output, expected now: retrieved so that it is not logged
        if code != 0:
            raise RuntimeError(f"Pagefind's process ended with exit code {code} after writing the index")

    def close(self) -> None:
        """Stop Pagefind's process and the thread (an index not finished is not written)."""
        if self.index is not None and self.index._service is not None:
            service = self.index._service
            self.index = None
            try:
                self._run(asyncio.wait_for(service.close(), 30)).result()
            except Exception:  # noqa: S110 - closing after a failure: the failure is what is reported
                pass
        self.loop.call_soon_threadsafe(self.loop.stop)
        self.thread.join()
        self.loop.close()
        shutil.rmtree(self.fresh, ignore_errors=True)
