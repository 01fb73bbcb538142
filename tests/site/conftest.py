"""Fixtures of the site tests: the real site built once per session, a local server, a browser.

The build is the expensive part (every language, MkDocs and Pagefind), so one
session fixture makes it and every test reads it. The browser is Debian's
chromium driven by Playwright (never a downloaded browser); in CI a missing
chromium, Playwright or axe-core is a failure, not a skip (``require``).
"""

from __future__ import annotations

import shutil
import threading
from collections.abc import Iterator
from dataclasses import dataclass
from functools import partial
from http.server import SimpleHTTPRequestHandler
from pathlib import Path
from typing import Any

import pytest

from rulebook.bench.browser import RequestLog, serve_counting
from rulebook.site.build import BuildReport, ProjectPaths, build_site
from rulebook.site.serve import LocalServer
from tests.conftest import REPOSITORY, require

CHROMIUM = Path("/usr/bin/chromium")
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
]
AXE_SCRIPT = Path(__file__).resolve().parent / "node_modules" / "axe-core" / "axe.min.js"


@dataclass(frozen=True)
class BuiltSite:
    """A finished site folder and the report of the build that made it."""

    root: Path
    report: BuildReport


@dataclass(frozen=True)
class Served:
    """A site served over HTTP on 127.0.0.1."""

    root: Path
    url: str
    """Base URL with a trailing slash, e.g. ``http://127.0.0.1:41234/``."""


class _Silent(SimpleHTTPRequestHandler):
    def log_message(self, format: str, *args: Any) -> None:  # noqa: A002 - the base class's name
        """Keep pytest's output clean."""


def serve_folder(root: Path) -> tuple[LocalServer, str]:
    """Serve ``root`` on a free port of 127.0.0.1 in a daemon thread; returns the server and its URL.

    A connection the browser closes mid-download (a calculator's worker stopped) is no error:
    :class:`rulebook.site.serve.LocalServer` prints no traceback for it into the test log.
    """
    server = LocalServer(("127.0.0.1", 0), partial(_Silent, directory=str(root)))
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server, f"http://127.0.0.1:{server.server_address[1]}/"


@pytest.fixture(scope="session")
def built_site(tmp_path_factory: pytest.TempPathFactory, sources_dir: Path) -> BuiltSite:
    """The real content built into a temporary folder, all five languages, with its search index."""
    scratch = tmp_path_factory.mktemp("real-site")
    paths = ProjectPaths.for_project(REPOSITORY, sources=sources_dir, out=scratch / "site", work=scratch / "build")
    report = build_site(paths)
    return BuiltSite(paths.out, report)


@pytest.fixture(scope="session")
def served_site(built_site: BuiltSite) -> Iterator[Served]:
    """The real site served on 127.0.0.1."""
    server, url = serve_folder(built_site.root)
    yield Served(built_site.root, url)
    server.shutdown()
    server.server_close()


@pytest.fixture(scope="module")
def counted(built_site: BuiltSite) -> Iterator[tuple[str, RequestLog]]:
    """The session's site served on 127.0.0.1 by a server that logs every file it sends (one per module)."""
    with serve_counting(built_site.root) as served:
        yield served


@pytest.fixture(scope="session")
def browser() -> Iterator[Any]:
    """Debian's chromium, headless, driven by Playwright."""
    require(CHROMIUM.is_file(), f"{CHROMIUM} not found; install Debian's chromium (apt-get install -y chromium)")
    try:
        from playwright.sync_api import sync_playwright
    except ImportError:
        require(False, "playwright is not installed; run make setup")
        raise
    with sync_playwright() as playwright:
        instance = playwright.chromium.launch(executable_path=str(CHROMIUM), args=CHROMIUM_ARGS)
        yield instance
        instance.close()


def record_problems(tab: Any) -> Any:
    """Give ``tab`` a ``problems`` list of its failed requests, HTTP errors and page errors; returns it.

    A request the page cancelled itself (``net::ERR_ABORTED``: a tap that leaves the page while
    its favicon still loads) is no problem; a missing file is an HTTP error, a refused one fails
    otherwise.
    """
    tab.problems = []

    def failed(request: Any) -> None:
        if request.failure != "net::ERR_ABORTED":
            tab.problems.append(f"request failed: {request.url} ({request.failure})")

    tab.on("requestfailed", failed)
    tab.on(
        "response",
        lambda response: (
            tab.problems.append(f"HTTP {response.status}: {response.url}") if response.status >= 400 else None
        ),
    )
    tab.on("pageerror", lambda error: tab.problems.append(f"page error: {error}"))
    return tab


@pytest.fixture()
def page(browser: Any) -> Iterator[Any]:
    """A fresh browser page (desktop size) that records failed requests and page errors (:func:`record_problems`)."""
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    yield record_problems(context.new_page())
    context.close()


@pytest.fixture(scope="session")
def axe_script() -> Path:
    """axe-core's browser bundle, installed by ``make setup`` into tests/site/node_modules."""
    require(AXE_SCRIPT.is_file(), f"{AXE_SCRIPT} not found; run `npm ci --prefix tests/site` (make setup does)")
    return AXE_SCRIPT


def serious_violations(page: Any, axe_script: Path, within: str = "document") -> list[str]:
    """axe-core's serious and critical violations in ``within`` (a JavaScript expression for the node)."""
    if not page.evaluate("typeof axe !== 'undefined'"):
        page.add_script_tag(path=str(axe_script))
    result = page.evaluate(f"axe.run({within}, {{resultTypes: ['violations']}})")
    return [
        f"{v['id']} ({v['impact']}): {v['help']} — {[n['target'] for n in v['nodes'][:3]]}"
        for v in result["violations"]
        if v["impact"] in ("serious", "critical")
    ]


def copy_content(source: Path, target: Path) -> Path:
    """A writable copy of a content folder."""
    shutil.copytree(source, target)
    return target
