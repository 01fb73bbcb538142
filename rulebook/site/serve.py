"""Live preview of the site: build, serve on 127.0.0.1, rebuild when the inputs change.

``rulebook serve`` builds the site once, serves the output
folder over :mod:`http.server`, and polls ``content/``, ``templates/``,
``locales/``, ``overrides/``, ``mkdocs.yml`` and ``web/`` (the calculator
pages' script) once a second. A change
triggers a rebuild into a staging folder that replaces the served one
only when it succeeded, so a broken edit shows its error in the terminal while
the browser keeps the last good site. A rebuild runs no worked example whose
scenario and code are unchanged, generates the Markdown of only the language trees
whose inputs changed (:func:`rulebook.site.render.tree_inputs`), copies every tree
whose generated pages are unchanged from the served site instead of running MkDocs
for it (:class:`rulebook.site.build.PreviousSite`), renders only the changed pages
of a tree whose files and settings but its menu's labels did not change (and the
pages whose menu shows a changed label, :func:`rulebook.site.build.changed_pages`),
links the calculator runtime when
its inputs did not change, and is served before Pagefind indexes it again (the
search answers from the last index meanwhile). Polling needs no extra dependency and
sees every editor's way of saving a file.

Files are sent the way a static host set up as ``docs/developers/site.md`` says sends them: when the
browser accepts Brotli or gzip and the build wrote ``<file>.br`` or ``<file>.gz`` beside
the file (the calculator runtime, :func:`rulebook.site.runtime.precompress`), the
compressed copy goes out with ``Content-Encoding``, the original's ``Content-Type``
(``application/wasm`` for Pyodide's streaming compilation) and ``Vary: Accept-Encoding``
(:class:`PrecompressedFileHandler`). A range request gets the file itself.
"""

from __future__ import annotations

import os
import shutil
import sys
import threading
import time
from collections.abc import Callable, Iterable
from dataclasses import replace
from functools import partial
from http import HTTPStatus
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any, BinaryIO

from rulebook.errors import RulebookError
from rulebook.site.build import PreviousSite, ProjectPaths, build_site, index_search, keep_offline_manifests
from rulebook.site.runtime import ENCODINGS

__all__ = [
    "LocalServer",
    "PrecompressedFileHandler",
    "Snapshot",
    "accepted_encodings",
    "serve",
    "snapshot",
    "watched_paths",
]

Snapshot = dict[str, tuple[int, int]]
"""File path → (modification time in ns, size) of every watched file."""


def watched_paths(paths: ProjectPaths) -> list[Path]:
    """The inputs whose change means a rebuild."""
    root = paths.mkdocs_config.parent
    return [paths.content, paths.templates, paths.locales, root / "overrides", paths.mkdocs_config, paths.web]


def snapshot(locations: Iterable[Path]) -> Snapshot:
    """Modification time and size of every file under ``locations`` (missing ones are skipped)."""
    state: Snapshot = {}
    for location in locations:
        files = [location] if location.is_file() else (p for p in location.rglob("*") if p.is_file())
        for path in files:
            try:
                info = path.stat()
            except FileNotFoundError:  # deleted between listing and stat: the next poll sees it gone
                continue
            state[str(path)] = (info.st_mtime_ns, info.st_size)
    return state


def accepted_encodings(header: str) -> set[str]:
    """The content codings an ``Accept-Encoding`` header allows (``q=0`` refuses one; ``*`` stands for the rest).

    >>> sorted(accepted_encodings("gzip, deflate, br, zstd"))
    ['br', 'deflate', 'gzip', 'zstd']
    >>> sorted(accepted_encodings("br;q=0, *;q=0.5"))
    ['gzip']
    >>> accepted_encodings("")
    set()
    """
    allowed: set[str] = set()
    refused: set[str] = set()
    wildcard = False
    for item in header.split(","):
        name, _, parameters = item.strip().partition(";")
        name = name.strip().lower()
        quality = 1.0
        for parameter in parameters.split(";"):
            key, _, value = parameter.strip().partition("=")
            if key.strip().lower() == "q":
                try:
                    quality = float(value)
                except ValueError:
                    quality = 0.0
        if not name:
            continue
        if name == "*":
            wildcard = quality > 0
        elif quality > 0:
            allowed.add(name)
        else:
            refused.add(name)
    if wildcard:
        allowed |= set(ENCODINGS) - refused
    return allowed


class PrecompressedFileHandler(SimpleHTTPRequestHandler):
    """Serves ``<file>.br`` or ``<file>.gz`` for ``<file>`` when the browser accepts that coding."""

    _varies = False

    def send_head(self) -> Any:
        """The precompressed copy's headers and open file, or the base class's answer (range requests included)."""
        original = Path(self.translate_path(self.path))
        copies = {
            encoding: original.with_name(original.name + suffix)
            for encoding, suffix in ENCODINGS.items()
            if original.name and original.with_name(original.name + suffix).is_file()
        }
        self._varies = bool(copies) and original.is_file()
        accepted = accepted_encodings(self.headers.get("Accept-Encoding", ""))
        choice = next((encoding for encoding in copies if encoding in accepted), None)
        if not self._varies or choice is None or "Range" in self.headers:
            return super().send_head()
        body: BinaryIO = copies[choice].open("rb")
        try:
            info = os.fstat(body.fileno())
            self.send_response(HTTPStatus.OK)
            self.send_header("Content-Type", self.guess_type(str(original)))
            self.send_header("Content-Encoding", choice)
            self.send_header("Content-Length", str(info.st_size))
            self.send_header("Last-Modified", self.date_time_string(int(info.st_mtime)))
            self.end_headers()
        except BaseException:
            body.close()
            raise
        return body

    def end_headers(self) -> None:
        """Caches must keep one copy per coding of a file that has precompressed copies."""
        if self._varies:
            self.send_header("Vary", "Accept-Encoding")
        super().end_headers()


class _QuietHandler(PrecompressedFileHandler):
    def log_message(self, format: str, *args: Any) -> None:  # noqa: A002 - the base class's name
        """Only failed requests are worth a line in the preview's terminal."""
        if len(args) > 1 and str(args[1]).startswith(("4", "5")):
            sys.stderr.write(f"rulebook serve: {args[1]} {args[0]}\n")


class LocalServer(ThreadingHTTPServer):
    """A threaded HTTP server for a browser on this machine: a connection the browser closes is no error."""

    daemon_threads = True

    def handle_error(self, request: Any, client_address: Any) -> None:
        """A browser that closes a connection early (a reload mid-download) is no error worth a traceback."""
        if not isinstance(sys.exc_info()[1], (BrokenPipeError, ConnectionResetError)):
            super().handle_error(request, client_address)


def _rebuild(
    paths: ProjectPaths, site_url: str, say: Callable[[str], None], previous: PreviousSite | None = None
) -> PreviousSite | None:
    """Build into a staging folder and swap it in; the new site, or None (and the error printed) if it failed.

    A rebuild (``previous`` given) is served before it is indexed for search: the last
    search index moves into the new site with it, and Pagefind indexes the served site
    afterwards (:func:`rulebook.site.build.index_search`), so an edit shows without waiting
    for the index.
    """
    staging = paths.out.with_name(paths.out.name + ".staging")
    shutil.rmtree(staging, ignore_errors=True)
    try:
        report = build_site(
            replace(paths, out=staging), site_url=site_url, progress=say, previous=previous, search=previous is None
        )
    except RulebookError as error:
        say(f"build failed; still serving the last good site:\n{error}")
        shutil.rmtree(staging, ignore_errors=True)
        return None
    if not report.search_indexed and (paths.out / "pagefind").is_dir():
        (paths.out / "pagefind").rename(staging / "pagefind")
    retired = paths.out.with_name(f"{paths.out.name}.old-{time.monotonic_ns()}")
    if paths.out.exists():
        paths.out.rename(retired)
    staging.rename(paths.out)
    # Deleting thousands of files takes seconds on some file systems: not on the way to the next rebuild.
    threading.Thread(target=shutil.rmtree, args=(retired,), kwargs={"ignore_errors": True}, daemon=True).start()
    if not report.search_indexed:
        say(f"rebuilt; reload {site_url}en/ (search shows the last index until indexing ends)")
        try:
            index_search(paths.out, say)
            keep_offline_manifests(paths.out, list(report.keep_words), report.keep_scopes, report.keep_words)
        except RulebookError as error:
            say(f"search index not updated:\n{error}")
    return PreviousSite.of(paths.out, report)


def serve(
    paths: ProjectPaths,
    host: str = "127.0.0.1",
    port: int = 8000,
    interval: float = 1.0,
    progress: Callable[[str], None] | None = None,
    stop: threading.Event | None = None,
) -> int:
    """Build, serve and rebuild on change until interrupted (or until ``stop`` is set)."""
    say = progress or (lambda message: print(f"rulebook serve: {message}", file=sys.stderr, flush=True))
    site_url = f"http://{host}:{port}/"
    paths.out.mkdir(parents=True, exist_ok=True)
    handler = partial(_QuietHandler, directory=str(paths.out))
    try:
        server = LocalServer((host, port), handler)
    except OSError as error:
        raise RulebookError(
            f"cannot serve on {host}:{port} ({error.strerror}); choose another port with --port"
        ) from None
    thread = threading.Thread(target=server.serve_forever, name="rulebook-serve", daemon=True)
    state = snapshot(watched_paths(paths))
    served = _rebuild(paths, site_url, say)
    thread.start()
    say(f"serving {paths.out} at {site_url}en/ (Ctrl-C to stop); watching content/, templates/, locales/")
    stop = stop or threading.Event()
    try:
        while not stop.wait(interval):
            current = snapshot(watched_paths(paths))
            if current == state:
                continue
            changed = sorted(set(current.items()) ^ set(state.items()))
            say(f"{len({name for name, _ in changed})} file(s) changed, e.g. {changed[0][0]}; rebuilding")
            # The snapshot taken before the rebuild stays the baseline: a file saved while the
            # build runs differs from it, so the next poll rebuilds again instead of losing the edit.
            state = current
            rebuilt = _rebuild(paths, site_url, say, served)
            if rebuilt is not None:
                served = rebuilt
                say(f"rebuilt and indexed; reload {site_url}en/")
    except KeyboardInterrupt:
        say("stopped")
    finally:
        server.shutdown()
        server.server_close()
    return 0
