"""``rulebook bench offline``: what "keep offline" stores per game and language, and how long keeping takes.

The whole site is built into a temporary folder; the figures of its keep manifests
(:mod:`rulebook.site.offline`) come per language and game (``all`` is the whole tree):

``kept_bytes``
    ``{lang: {game: {"pages": …, "search": …, "runtime": …}}}``, uncompressed: what the
    browser's cache holds once a game is kept. ``pages`` are the game's pages and what they
    share (home, lists, theme, web app manifest), ``search`` the language's Pagefind index with
    the kept pages' fragments, ``runtime`` the calculator runtime (the same for every game);
``kept_bytes_gzip``
    the same pages and search files compressed with gzip (level 6): about what a host that
    compresses its answers sends for them (the runtime goes out precompressed, see
    ``rulebook bench browser``);
``keep_seconds``
    Debian's chromium (Playwright) at phone size, a fresh profile, on 127.0.0.1: from the tap on
    "keep offline" on Hell of a War's German page to the worker's "kept", runtime included.

Figures are printed, never asserted (tests do not time anything).
"""

from __future__ import annotations

import gzip
import json
import tempfile
import time
from pathlib import Path
from typing import Any

from rulebook.bench.browser import CHROMIUM, CHROMIUM_ARGS, PROJECT_ROOT, serve_counting
from rulebook.errors import RulebookError
from rulebook.site.build import ProjectPaths, build_site
from rulebook.site.offline import KEEP_FOLDER

__all__ = ["bench_offline"]

KEEP_TIMEOUT_MS = 600_000


def _gzip_bytes(site: Path, manifest: dict[str, Any]) -> dict[str, int]:
    """Per part but the runtime, the bytes of the listed files compressed with gzip."""
    sizes: dict[str, int] = {}
    for item in manifest["files"]:
        if item["part"] == "runtime":
            continue
        path = site / (item["url"] + "index.html" if item["url"].endswith("/") or not item["url"] else item["url"])
        sizes[item["part"]] = sizes.get(item["part"], 0) + len(gzip.compress(path.read_bytes(), 6, mtime=0))
    return sizes


def _keep_seconds(site: Path, lang: str, game: str) -> float:
    """Seconds from the tap on "keep offline" of ``game`` in the ``lang`` tree to the worker's "kept"."""
    from playwright.sync_api import sync_playwright

    with serve_counting(site) as (url, _), sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=str(CHROMIUM), args=CHROMIUM_ARGS)
        page = browser.new_context(viewport={"width": 390, "height": 844}).new_page()
        page.goto(f"{url}{lang}/{game}/")
        page.wait_for_function("document.querySelector('.rb-keep').dataset.state === 'ready'")
        started = time.perf_counter()
        page.click(f'[data-rb-keep-offline="{game}"]')
        page.wait_for_function(
            "['kept', 'failed'].includes(document.querySelector('.rb-keep').dataset.state)", timeout=KEEP_TIMEOUT_MS
        )
        seconds = time.perf_counter() - started
        state = page.eval_on_selector(".rb-keep", "section => section.dataset.state")
        browser.close()
    if state != "kept":
        raise RulebookError(f"keeping {game} in the {lang} tree failed: the page says {state!r}")
    return seconds


def bench_offline() -> dict[str, Any]:
    """Build the site, read its keep manifests, then keep Hell of a War in German in chromium."""
    if not CHROMIUM.is_file():
        raise RulebookError(f"{CHROMIUM} not found; install Debian's chromium (apt-get install -y chromium)")
    with tempfile.TemporaryDirectory(prefix="rulebook-bench-offline-") as scratch:
        paths = ProjectPaths.for_project(PROJECT_ROOT, out=Path(scratch) / "site", work=Path(scratch) / "build")
        report = build_site(paths)
        compressed = {
            lang: {
                manifest.stem: _gzip_bytes(paths.out, json.loads(manifest.read_text(encoding="utf-8")))
                for manifest in sorted((paths.out / lang / KEEP_FOLDER).glob("*.json"))
            }
            for lang in report.offline_bytes
        }
        seconds = _keep_seconds(paths.out, "de", "hell-of-a-war")
    return {
        "kept_bytes": report.offline_bytes,
        "kept_bytes_gzip": compressed,
        "keep_seconds": {"de/hell-of-a-war": round(seconds, 2)},
    }
