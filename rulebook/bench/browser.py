"""``rulebook bench browser``: the battle calculator in a real browser, cold and warm (issue 9).

The English tree is built into a temporary folder and served on 127.0.0.1 by a
server that counts the bytes it sends. Debian's chromium (driven by Playwright,
never a downloaded browser), with an empty cache, opens the battle calculator
page, which loads Pyodide and the adjudicator and runs its worked example:

``cold_first_result_seconds``
    from the start of the navigation to the first result on screen (the page's
    ``performance.now()`` when the result was rendered);
``warm_result_seconds``
    then, in the same page, a 10-vs-10 battle typed into the scenario editor:
    from the click on Run to its result on screen;
``runtime_bytes``
    the bytes of runtime assets (``_runtime/``, ``sw.js``) the server sent for
    that page.

Figures are printed, never asserted (tests do not time anything).
"""

from __future__ import annotations

import json
import os
import tempfile
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from functools import partial
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any
from urllib.parse import unquote, urlsplit

from rulebook.errors import RulebookError
from rulebook.site.build import ProjectPaths, build_site

__all__ = [
    "CHROMIUM",
    "CHROMIUM_ARGS",
    "TEN_VERSUS_TEN",
    "RequestLog",
    "bench_browser",
    "serve_counting",
]

CHROMIUM = Path("/usr/bin/chromium")
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
]
"""Debian's chromium, headless, without anything that would reach outside the machine."""

TEN_VERSUS_TEN: dict[str, Any] = {
    "game": "axis-and-allies-2e",
    "attacker": {"units": {"infantry": 4, "armor": 3, "fighter": 2, "bomber": 1}},
    "defender": {"units": {"infantry": 5, "armor": 2, "fighter": 2, "bomber": 1}},
}
"""The warm run's battle: ten units a side, land and air."""

RESULT_TIMEOUT_MS = 120_000
PROJECT_ROOT = Path(__file__).resolve().parent.parent


@dataclass
class RequestLog:
    """What a :func:`serve_counting` server sent: ``(path, bytes)`` per successful GET, in order."""

    sent: list[tuple[str, int]] = field(default_factory=list)
    lock: threading.Lock = field(default_factory=threading.Lock)

    def clear(self) -> None:
        with self.lock:
            self.sent.clear()

    def paths(self) -> list[str]:
        with self.lock:
            return [path for path, _ in self.sent]

    def runtime_bytes(self) -> int:
        """Bytes sent for the calculator runtime: ``_runtime/…`` and the service worker."""
        with self.lock:
            return sum(size for path, size in self.sent if "/_runtime/" in path or path.endswith("/sw.js"))


class _CountingHandler(SimpleHTTPRequestHandler):
    request_log: RequestLog

    def do_GET(self) -> None:  # noqa: N802 - the base class's name
        """Serve the file as the base class does, and note its size."""
        body = self.send_head()
        if body is None:
            return
        try:
            size = os.fstat(body.fileno()).st_size
            self.copyfile(body, self.wfile)
            with self.request_log.lock:
                self.request_log.sent.append((unquote(urlsplit(self.path).path), size))
        finally:
            body.close()

    def log_message(self, format: str, *args: Any) -> None:  # noqa: A002 - the base class's name
        """Silent: the log is the record."""


@contextmanager
def serve_counting(root: Path) -> Iterator[tuple[str, RequestLog]]:
    """Serve ``root`` on a free port of 127.0.0.1; yields the base URL (with ``/``) and the request log."""
    log = RequestLog()
    handler = type("Handler", (_CountingHandler,), {"request_log": log})
    server = ThreadingHTTPServer(("127.0.0.1", 0), partial(handler, directory=str(root)))
    server.daemon_threads = True
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}/", log
    finally:
        server.shutdown()
        server.server_close()


def wait_for_runs(page: Any, runs: int) -> None:
    """Wait until the calculator has shown ``runs`` results (or stopped on an error, which raises)."""
    page.wait_for_function(
        """runs => { const host = document.querySelector('[data-rb-calculator]');
                     return host && (Number(host.dataset.runs) >= runs"""
        """ || ['failed', 'bad-link'].includes(host.dataset.state)); }""",
        arg=runs,
        timeout=RESULT_TIMEOUT_MS,
    )
    state = page.eval_on_selector("[data-rb-calculator]", "host => host.dataset.state")
    if state in ("failed", "bad-link"):
        raise RulebookError(
            f"the calculator stopped with state {state!r}: {page.locator('.rb-status').first.inner_text()}"
        )


def bench_browser() -> dict[str, Any]:
    """Build the English tree, open the battle calculator cold, then run a 10-vs-10 battle warm."""
    if not CHROMIUM.is_file():
        raise RulebookError(f"{CHROMIUM} not found; install Debian's chromium (apt-get install -y chromium)")
    from playwright.sync_api import sync_playwright

    with tempfile.TemporaryDirectory(prefix="rulebook-bench-browser-") as scratch:
        paths = ProjectPaths.for_project(PROJECT_ROOT, out=Path(scratch) / "site", work=Path(scratch) / "build")
        build_site(paths, languages=["en"])
        with serve_counting(paths.out) as (url, log), sync_playwright() as playwright:
            browser = playwright.chromium.launch(executable_path=str(CHROMIUM), args=CHROMIUM_ARGS)
            context = browser.new_context()  # a new context: empty cache, no service worker
            page = context.new_page()
            log.clear()
            page.goto(url + "en/calculators/battle/")
            wait_for_runs(page, 1)
            cold = float(page.eval_on_selector("[data-rb-calculator]", "host => host.dataset.resultAt")) / 1000
            runtime_bytes = log.runtime_bytes()
            page.fill("#rb-scenario", json.dumps(TEN_VERSUS_TEN))
            page.dispatch_event("#rb-scenario", "change")
            page.click("#rb-run")
            wait_for_runs(page, 2)
            warm = float(page.eval_on_selector("[data-rb-calculator]", "host => host.dataset.lastSeconds"))
            browser.close()
    return {
        "cold_first_result_seconds": round(cold, 3),
        "warm_result_seconds": round(warm, 3),
        "runtime_bytes": runtime_bytes,
    }
