"""Tests of :mod:`rulebook.site.serve`: the live preview serves the site and rebuilds when content changes."""

from __future__ import annotations

import gzip
import socket
import threading
import time
import urllib.request
from collections.abc import Callable, Iterator
from functools import partial
from http.server import ThreadingHTTPServer
from pathlib import Path

import brotli
import pytest

from rulebook.site.build import ProjectPaths
from rulebook.site.runtime import precompress
from rulebook.site.serve import PrecompressedFileHandler, serve, snapshot, watched_paths
from tests.conftest import DATA, REPOSITORY


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
        return port


def _fetch(url: str) -> str:
    try:
        with urllib.request.urlopen(url, timeout=30) as response:
            text: str = response.read().decode("utf-8")
            return text
    except OSError:
        return ""


def _eventually(condition: Callable[[], bool], timeout: float = 180) -> bool:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if condition():
            return True
        time.sleep(0.5)
    return False


def test_snapshot_sees_edits_additions_and_deletions(tmp_path: Path) -> None:
    """A changed, new or deleted file changes the snapshot; nothing else does."""
    (tmp_path / "a.yaml").write_text("a", encoding="utf-8")
    before = snapshot([tmp_path])
    assert snapshot([tmp_path]) == before
    (tmp_path / "a.yaml").write_text("ab", encoding="utf-8")
    edited = snapshot([tmp_path])
    assert edited != before
    (tmp_path / "b.yaml").write_text("b", encoding="utf-8")
    assert set(snapshot([tmp_path])) == {str(tmp_path / "a.yaml"), str(tmp_path / "b.yaml")}
    (tmp_path / "a.yaml").unlink()
    assert set(snapshot([tmp_path])) == {str(tmp_path / "b.yaml")}


def test_watches_content_templates_and_catalogs(tmp_path: Path) -> None:
    """The preview watches content/, templates/, locales/, overrides/, mkdocs.yml and web/."""
    paths = ProjectPaths.for_project(REPOSITORY, content=tmp_path / "content")
    assert watched_paths(paths) == [
        tmp_path / "content",
        REPOSITORY / "templates",
        REPOSITORY / "locales",
        REPOSITORY / "overrides",
        REPOSITORY / "mkdocs.yml",
        REPOSITORY / "web",
    ]


def test_serves_and_rebuilds_on_change(sample_content: Path, tmp_path: Path) -> None:
    """The site is served on 127.0.0.1; a title edit and a body edit are rebuilt and served; a broken edit keeps the
    last good site."""
    paths = ProjectPaths.for_project(
        REPOSITORY, content=sample_content, sources=DATA / "sources", out=tmp_path / "site", work=tmp_path / "build"
    )
    port = _free_port()
    stop = threading.Event()
    messages: list[str] = []
    thread = threading.Thread(
        target=serve,
        kwargs={"paths": paths, "port": port, "interval": 0.3, "progress": messages.append, "stop": stop},
        daemon=True,
    )
    thread.start()
    page = f"http://127.0.0.1:{port}/en/hell-of-a-war/abwerfen/"
    try:
        assert _eventually(lambda: "Discarding" in _fetch(page)), "\n".join(messages)
        entry = sample_content / "hell-of-a-war" / "how.abwerfen.yaml"
        entry.write_text(
            entry.read_text(encoding="utf-8").replace("title: Discarding", "title: Throwing away"), encoding="utf-8"
        )
        assert _eventually(lambda: "Throwing away" in _fetch(page)), "\n".join(messages)
        # A body edit: only the changed pages are rendered again, and served before the search is indexed.
        entry.write_text(
            entry.read_text(encoding="utf-8").replace("Only hand cards", "Only the cards in hand"), encoding="utf-8"
        )
        assert _eventually(lambda: "Only the cards in hand" in _fetch(page)), "\n".join(messages)
        assert any(message.startswith("built 2 changed page(s) of en") for message in messages), messages
        assert _eventually(lambda: any(message.startswith("rebuilt and indexed") for message in messages)), messages
        assert "Only the cards in hand" in _fetch(f"http://127.0.0.1:{port}/en/sources/how-faq/abwerfen/")
        entry.write_text(entry.read_text(encoding="utf-8").replace("kind: faq", "kind: rumour"), encoding="utf-8")
        assert _eventually(lambda: any("build failed" in message for message in messages)), messages
        assert "Throwing away" in _fetch(page)
    finally:
        stop.set()
        thread.join(timeout=30)
    assert not thread.is_alive()


def test_an_edit_saved_during_a_rebuild_is_rebuilt(sample_content: Path, tmp_path: Path) -> None:
    """A file saved while a rebuild runs (after the content was read) is rebuilt by the next poll, not lost."""
    paths = ProjectPaths.for_project(
        REPOSITORY, content=sample_content, sources=DATA / "sources", out=tmp_path / "site", work=tmp_path / "build"
    )
    entry = sample_content / "hell-of-a-war" / "how.abwerfen.yaml"
    original = entry.read_text(encoding="utf-8")
    messages: list[str] = []
    rebuilding = threading.Event()
    saved_during_rebuild = threading.Event()

    def progress(message: str) -> None:
        messages.append(message)
        if "rebuilding" in message:
            rebuilding.set()
        # Late in the rebuild, long after the content was read: the second edit cannot be in this build.
        if message.startswith("indexing for search") and rebuilding.is_set() and not saved_during_rebuild.is_set():
            entry.write_text(original.replace("title: Discarding", "title: Second edit"), encoding="utf-8")
            saved_during_rebuild.set()

    port = _free_port()
    stop = threading.Event()
    thread = threading.Thread(
        target=serve,
        kwargs={"paths": paths, "port": port, "interval": 0.3, "progress": progress, "stop": stop},
        daemon=True,
    )
    thread.start()
    page = f"http://127.0.0.1:{port}/en/hell-of-a-war/abwerfen/"
    try:
        assert _eventually(lambda: "Discarding" in _fetch(page)), "\n".join(messages)
        entry.write_text(original.replace("title: Discarding", "title: First edit"), encoding="utf-8")
        assert _eventually(saved_during_rebuild.is_set), "\n".join(messages)
        assert _eventually(lambda: "Second edit" in _fetch(page)), "\n".join(messages)
    finally:
        stop.set()
        thread.join(timeout=30)
    assert not thread.is_alive()


WASM = bytes(range(256)) * 400 + b"\0asm" * 5000
"""Compressible bytes standing in for Pyodide's wasm."""


@pytest.fixture
def precompressed_site(tmp_path: Path) -> Iterator[str]:
    """A folder with a .wasm file, its .br and .gz copies and a page without copies, served on 127.0.0.1."""
    root = tmp_path / "site"
    (root / "_runtime").mkdir(parents=True)
    (root / "_runtime" / "python.wasm").write_bytes(WASM)
    (root / "index.html").write_text("<p>page</p>", encoding="utf-8")
    precompress([root / "_runtime" / "python.wasm"], tmp_path / "cache")
    server = ThreadingHTTPServer(("127.0.0.1", 0), partial(PrecompressedFileHandler, directory=str(root)))
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}/"
    finally:
        server.shutdown()
        server.server_close()


def _get(url: str, **headers: str) -> tuple[int, dict[str, str], bytes]:
    request = urllib.request.Request(url, headers=headers)
    with urllib.request.urlopen(request, timeout=30) as response:
        return response.status, {key.lower(): value for key, value in response.headers.items()}, response.read()


class TestPrecompressedFiles:
    def test_brotli_preferred_when_accepted(self, precompressed_site: str) -> None:
        """A browser accepting br gets the .br copy: Content-Encoding br, the wasm type, its length, Vary."""
        status, headers, body = _get(precompressed_site + "_runtime/python.wasm", **{"Accept-Encoding": "gzip, br"})
        assert status == 200
        assert headers["content-encoding"] == "br"
        assert headers["content-type"] == "application/wasm"
        assert headers["vary"] == "Accept-Encoding"
        assert int(headers["content-length"]) == len(body) < len(WASM)
        assert brotli.decompress(body) == WASM

    def test_gzip_when_brotli_is_refused(self, precompressed_site: str) -> None:
        """q=0 refuses a coding: the gzip copy goes out instead."""
        _, headers, body = _get(precompressed_site + "_runtime/python.wasm", **{"Accept-Encoding": "br;q=0, gzip"})
        assert headers["content-encoding"] == "gzip"
        assert gzip.decompress(body) == WASM

    def test_the_file_itself_without_accept_encoding(self, precompressed_site: str) -> None:
        """No Accept-Encoding: the original bytes, no Content-Encoding, still Vary (a cache must tell them apart)."""
        _, headers, body = _get(precompressed_site + "_runtime/python.wasm", **{"Accept-Encoding": "identity"})
        assert "content-encoding" not in headers and headers["vary"] == "Accept-Encoding"
        assert body == WASM and headers["content-type"] == "application/wasm"

    def test_a_range_request_gets_the_file_itself(self, precompressed_site: str) -> None:
        """A byte range counts in the original file: the answer is never a compressed copy."""
        _, headers, body = _get(
            precompressed_site + "_runtime/python.wasm", **{"Accept-Encoding": "br, gzip", "Range": "bytes=0-9"}
        )
        assert "content-encoding" not in headers
        assert WASM.startswith(body)

    def test_files_without_copies_are_served_as_before(self, precompressed_site: str) -> None:
        """A page with no .br/.gz beside it: plain answer, no Vary."""
        _, headers, body = _get(precompressed_site + "index.html", **{"Accept-Encoding": "br, gzip"})
        assert body == b"<p>page</p>" and "content-encoding" not in headers and "vary" not in headers
