"""Content cannot inject markup: an entry full of HTML and script builds into an inert page (real browser)."""

from __future__ import annotations

from collections.abc import Iterator
from html.parser import HTMLParser
from typing import Any

import pytest

from rulebook.site.build import ProjectPaths, build_site
from tests.conftest import DATA, REPOSITORY
from tests.site.conftest import Served, copy_content, serve_folder

ATTACKS = {
    "title": "Discarding <img src=x onerror=\"window.__pwned='title'\">",
    "body": (
        "<script>window.__pwned='script'</script>\n\n"
        "<img src=x onerror=\"window.__pwned='onerror'\">\n\n"
        "[click me](javascript:window.__pwned='link')\n\n"
        '<a href="#" onclick="window.__pwned=\'onclick\'">raw link</a>\n\n'
        "Only hand cards can be discarded."
    ),
    "note": "<b onmouseover=\"window.__pwned='note'\">note</b>",
}


@pytest.fixture(scope="module")
def hostile_site(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Served]:
    """The sample content with script and event handlers in an entry's English title, body and a note."""
    scratch = tmp_path_factory.mktemp("hostile")
    content = copy_content(DATA / "good", scratch / "content")
    entry = content / "hell-of-a-war" / "how.abwerfen.yaml"
    text = entry.read_text(encoding="utf-8")
    body = "\n".join("      " + line if line else "" for line in ATTACKS["body"].splitlines())
    text = text.replace("    title: Discarding\n", f"    title: '{ATTACKS['title'].replace(chr(39), chr(39) * 2)}'\n")
    text = text.replace("      Only hand cards can be discarded.", body)
    text = text.replace(
        "see_also:",
        "notes:\n  - kind: editorial\n    text:\n      en: "
        f"'{ATTACKS['note'].replace(chr(39), chr(39) * 2)}'\nsee_also:",
    )
    entry.write_text(text, encoding="utf-8")
    paths = ProjectPaths.for_project(
        REPOSITORY, content=content, sources=DATA / "sources", out=scratch / "site", work=scratch / "build"
    )
    build_site(paths, languages=["en"])
    server, url = serve_folder(paths.out)
    yield Served(paths.out, url)
    server.shutdown()
    server.server_close()


class _Elements(HTMLParser):
    def __init__(self) -> None:
        super().__init__()
        self.tags: list[tuple[str, dict[str, str | None]]] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.tags.append((tag, dict(attrs)))


def test_built_html_holds_no_injected_markup(hostile_site: Served) -> None:
    """Parsed, the page has no element from the content: no script, no on* attribute, no javascript: URL."""
    html = (hostile_site.root / "en" / "hell-of-a-war" / "abwerfen" / "index.html").read_text(encoding="utf-8")
    content = html[html.index('<div class="rb-entry"') : html.rindex("</article>")]
    parser = _Elements()
    parser.feed(content)
    assert [tag for tag, _ in parser.tags if tag in ("script", "img", "iframe", "style")] == []
    assert [(tag, name) for tag, attrs in parser.tags for name in attrs if name.startswith("on")] == []
    assert [attrs for tag, attrs in parser.tags if (attrs.get("href") or "").startswith("javascript:")] == []
    assert "&lt;script&gt;window.__pwned" in content or "&lt;script>window.__pwned" in content


def test_attacks_are_inert_and_visible_in_the_browser(browser: Any, hostile_site: Served) -> None:
    """In chromium nothing runs — not on load, hover or click — and the markup shows as text."""
    context = browser.new_context()
    page = context.new_page()
    dialogs: list[str] = []

    def record_and_dismiss(dialog: Any) -> None:
        dialogs.append(dialog.message)
        dialog.dismiss()

    page.on("dialog", record_and_dismiss)
    page.goto(hostile_site.url + "en/hell-of-a-war/abwerfen/", wait_until="load")
    page.wait_for_timeout(300)
    text = page.locator(".rb-entry").inner_text()
    assert "<script>window.__pwned='script'</script>" in text
    assert "<img src=x onerror=" in text
    assert page.locator(".rb-entry script").count() == 0
    assert page.locator(".rb-entry img").count() == 0
    page.locator(".rb-entry a", has_text="click me").click()
    page.locator(".rb-entry li", has_text="note").hover()
    assert page.evaluate("window.__pwned") is None
    assert page.title().startswith("Discarding <img src=x onerror=")
    assert dialogs == []
    context.close()
