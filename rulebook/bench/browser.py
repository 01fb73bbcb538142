"""``rulebook bench browser``: the battle calculator in a real browser, cold and warm.

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
    the bytes of runtime assets (``_runtime/``, ``sw.js``) that page loaded,
    uncompressed;
``runtime_bytes_transferred``
    what the server sent for them: the server is :mod:`rulebook.site.serve`'s,
    which sends the build's precompressed copies (Brotli or gzip, whichever the
    browser accepts) as a static host set up as docs/developers/site.md says does;
``runtime_encodings``
    how many runtime files went out with each ``Content-Encoding`` (``identity``:
    none);
``opening_answer_seconds``
    from the start of the navigation to the first paint, which shows the opening example's
    answer the build wrote into the page (``first-contentful-paint``; the runtime is not needed);
``live_update_seconds``
    in the same page, warm, an exact Axis & Allies battle of 40 against 40 units: from the tap on
    a unit's + to its new answer on screen (the page waits for more taps first, then computes).

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
from pathlib import Path
from typing import Any
from urllib.parse import unquote, urlsplit

from rulebook.errors import RulebookError
from rulebook.site.build import ProjectPaths, build_site
from rulebook.site.serve import LocalServer, PrecompressedFileHandler

__all__ = [
    "CHROMIUM",
    "CHROMIUM_ARGS",
    "FORTY_VERSUS_FORTY",
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

FORTY_VERSUS_FORTY: dict[str, Any] = {
    "game": "axis-and-allies-2e",
    "attacker": {"units": {"infantry": 20, "armor": 10, "fighter": 6, "bomber": 4}},
    "defender": {"units": {"infantry": 24, "armor": 8, "fighter": 6, "bomber": 2}},
}
"""The battle of ``live_update_seconds``: 40 units a side, four types each."""

TEN_VERSUS_TEN: dict[str, Any] = {
    "game": "axis-and-allies-2e",
    "attacker": {"units": {"infantry": 4, "armor": 3, "fighter": 2, "bomber": 1}},
    "defender": {"units": {"infantry": 5, "armor": 2, "fighter": 2, "bomber": 1}},
}
"""The warm run's battle: ten units a side, land and air."""

RESULT_TIMEOUT_MS = 120_000
PROJECT_ROOT = Path(__file__).resolve().parent.parent.parent
"""The checkout: this file is rulebook/bench/browser.py."""


@dataclass
class RequestLog:
    """What a :func:`serve_counting` server sent per successful GET, in order.

    ``(path, file bytes, bytes sent, Content-Encoding or "identity")``.
    """

    sent: list[tuple[str, int, int, str]] = field(default_factory=list)
    lock: threading.Lock = field(default_factory=threading.Lock)

    def clear(self) -> None:
        with self.lock:
            self.sent.clear()

    def paths(self) -> list[str]:
        with self.lock:
            return [entry[0] for entry in self.sent]

    def _runtime(self) -> list[tuple[str, int, int, str]]:
        with self.lock:
            return [entry for entry in self.sent if "/_runtime/" in entry[0] or entry[0].endswith("/sw.js")]

    def runtime_bytes(self) -> int:
        """Bytes of the calculator runtime (``_runtime/…`` and the service worker) the page loaded, uncompressed."""
        return sum(entry[1] for entry in self._runtime())

    def runtime_bytes_transferred(self) -> int:
        """Bytes sent for the calculator runtime, compressed where the browser accepted it."""
        return sum(entry[2] for entry in self._runtime())

    def runtime_encodings(self) -> dict[str, int]:
        """How many runtime files went out with each Content-Encoding."""
        counts: dict[str, int] = {}
        for entry in self._runtime():
            counts[entry[3]] = counts.get(entry[3], 0) + 1
        return counts


class _CountingHandler(PrecompressedFileHandler):
    request_log: RequestLog
    _encoding = "identity"

    def send_header(self, keyword: str, value: str) -> None:
        """Note the Content-Encoding on its way out."""
        if keyword.lower() == "content-encoding":
            self._encoding = value
        super().send_header(keyword, value)

    def do_GET(self) -> None:  # noqa: N802 - the base class's name
        """Serve the file as :class:`PrecompressedFileHandler` does, and note its size and what was sent."""
        self._encoding = "identity"
        body = self.send_head()
        if body is None:
            return
        try:
            sent = os.fstat(body.fileno()).st_size
            original = Path(self.translate_path(self.path))
            size = original.stat().st_size if original.is_file() else sent
            self.copyfile(body, self.wfile)
            with self.request_log.lock:
                self.request_log.sent.append((unquote(urlsplit(self.path).path), size, sent, self._encoding))
        finally:
            body.close()

    def log_message(self, format: str, *args: Any) -> None:  # noqa: A002 - the base class's name
        """Silent: the log is the record."""


@contextmanager
def serve_counting(root: Path) -> Iterator[tuple[str, RequestLog]]:
    """Serve ``root`` on a free port of 127.0.0.1; yields the base URL (with ``/``) and the request log."""
    log = RequestLog()
    handler = type("Handler", (_CountingHandler,), {"request_log": log})
    # A worker stopped mid-download (the page's Stop) closes its connection: that is no error to print.
    server = LocalServer(("127.0.0.1", 0), partial(handler, directory=str(root)))
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}/", log
    finally:
        server.shutdown()
        server.server_close()


def wait_for_runs(page: Any, runs: int) -> None:
    """Wait until the calculator has shown ``runs`` results and no change awaits its answer (or it stopped on an
    error, which raises)."""
    page.wait_for_function(
        """runs => { const host = document.querySelector('[data-rb-calculator]');
                     return host && ((Number(host.dataset.runs) >= runs && host.dataset.pending !== 'true')"""
        """ || ['failed', 'bad-link'].includes(host.dataset.state)); }""",
        arg=runs,
        timeout=RESULT_TIMEOUT_MS,
    )
    state = page.eval_on_selector("[data-rb-calculator]", "host => host.dataset.state")
    if state in ("failed", "bad-link"):
        raise RulebookError(
            f"the calculator stopped with state {state!r}: {page.locator('.rb-status').first.inner_text()}"
        )


def _live_update(page: Any) -> float:
    """Seconds from a tap on + (one more attacking infantry) to the new answer, in a warm 40-vs-40 battle."""
    page.fill("#rb-scenario", json.dumps(FORTY_VERSUS_FORTY))
    page.dispatch_event("#rb-scenario", "change")
    runs = int(page.eval_on_selector("[data-rb-calculator]", "host => host.dataset.runs"))
    wait_for_runs(page, runs + 1)
    plus = "#rb-field-attacker-units-infantry ~ button.rb-step"
    tapped = page.eval_on_selector(plus, "button => { const at = performance.now(); button.click(); return at; }")
    wait_for_runs(page, runs + 2)
    shown = float(page.eval_on_selector("[data-rb-calculator]", "host => host.dataset.shownAt"))
    return (shown - float(tapped)) / 1000


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
            transferred = log.runtime_bytes_transferred()
            encodings = log.runtime_encodings()
            opening = page.evaluate(
                "performance.getEntriesByName('first-contentful-paint').map(entry => entry.startTime)[0]"
            )
            page.click(".rb-text > summary")
            page.fill("#rb-scenario", json.dumps(TEN_VERSUS_TEN))
            page.dispatch_event("#rb-scenario", "change")
            page.click("#rb-run")
            wait_for_runs(page, 2)
            warm = float(page.eval_on_selector("[data-rb-calculator]", "host => host.dataset.lastSeconds"))
            live = _live_update(page)
            browser.close()
    return {
        "opening_answer_seconds": round(opening / 1000, 3),
        "live_update_seconds": round(live, 3),
        "cold_first_result_seconds": round(cold, 3),
        "warm_result_seconds": round(warm, 3),
        "runtime_bytes": runtime_bytes,
        "runtime_bytes_transferred": transferred,
        "runtime_encodings": encodings,
    }
