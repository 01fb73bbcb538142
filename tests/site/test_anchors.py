"""Paragraph anchors, linked rule numbers and link previews in the browser.

Debian's chromium on the session's built real site (:mod:`tests.site.conftest`).
"""

from __future__ import annotations

from typing import Any

from tests.site.conftest import Served

ENTRY = "unconditional-surrender/8-1"
"""Entry 8.1 of the Unconditional Surrender! service rules: a body of several units; notes cite 8.1.1 and 10.2.1."""


def _open(page: Any, url: str) -> None:
    page.goto(url, wait_until="load")
    assert page.problems == [], page.problems


def _unit_ids(page: Any) -> list[str]:
    ids: list[str] = page.eval_on_selector_all("[data-rb-anchors] [id]", "units => units.map(u => u.id)")
    return ids


def _in_view_and_marked(page: Any, anchor: str) -> None:
    unit = page.locator(f"[id='{anchor}']")
    top = unit.evaluate("u => u.getBoundingClientRect().top")
    assert 0 <= top < page.viewport_size["height"], f"#{anchor} is not scrolled into view (top {top})"
    assert unit.evaluate("u => u.matches(':target')"), f"#{anchor} is not the page's target"
    assert unit.evaluate("u => getComputedStyle(u).outlineStyle") == "solid", "the linked unit is not highlighted"


def test_anchor_link_round_trip(page: Any, served_site: Served) -> None:
    """Every unit has a translated ¶ link; entry#anchor and reading-view#anchor open scrolled to that unit."""
    page.set_viewport_size({"width": 1280, "height": 500})
    _open(page, served_site.url + f"de/{ENTRY}/")
    ids = _unit_ids(page)
    assert ids[0] == "8-1-p1" and len(ids) >= 3 and len(ids) == len(set(ids)), ids
    links = page.locator(".rb-para")
    assert links.count() == len(ids)
    assert {links.nth(i).get_attribute("aria-label") for i in range(len(ids))} == {"Link zu diesem Absatz"}
    page.keyboard.press("Tab")
    for _ in range(60):
        if page.evaluate("document.activeElement.classList.contains('rb-para')"):
            break
        page.keyboard.press("Tab")
    assert page.evaluate("document.activeElement.getAttribute('href')") == f"#{ids[0]}", "¶ is not keyboard reachable"
    page.keyboard.press("Enter")
    page.wait_for_url(f"**/de/{ENTRY}/#{ids[0]}")
    last = ids[-1]
    _open(page, served_site.url + f"de/{ENTRY}/#{last}")
    _in_view_and_marked(page, last)
    reading = page.locator(".rb-citation a[href*='#8-1']").get_attribute("href")
    assert reading is not None
    _open(page, page.url.split("#")[0] + reading.split("#")[0] + f"#{last}")
    assert "/de/sources/us-service-rules/" in page.url
    _in_view_and_marked(page, last)
    assert page.locator(f"[id='{last}'] .rb-para").get_attribute("aria-label") == "Link zu diesem Absatz"


def test_rule_number_followed_to_its_entry(page: Any, served_site: Served) -> None:
    """A rule number written in an entry's text links to the entry with that section, in the same tree."""
    _open(page, served_site.url + f"hu/{ENTRY}/")
    page.locator(".rb-notes a", has_text="10.2.1").first.click()
    page.wait_for_url(served_site.url + "hu/unconditional-surrender/10-2-1/")
    assert "10.2.1" in page.locator("h1").inner_text()


def test_preview_on_hover(page: Any, served_site: Served) -> None:
    """Hovering a rule number shows the target's title and first paragraph, fetched from the small JSON only then."""
    fetched: list[str] = []
    page.on("request", lambda request: fetched.append(request.url) if "_previews" in request.url else None)
    _open(page, served_site.url + f"en/{ENTRY}/")
    assert fetched == [], "previews are fetched before any hover"
    page.locator(".rb-notes a", has_text="8.1.1").first.hover()
    preview = page.locator(".rb-preview")
    preview.wait_for(state="visible")
    assert preview.locator(".rb-preview-title").inner_text().startswith("8.1.1")
    assert fetched == [served_site.url + "en/_previews/unconditional-surrender.json"]
    page.mouse.move(5, 5)
    preview.wait_for(state="hidden")
    assert page.problems == [], page.problems


def test_preview_on_tap(browser: Any, served_site: Served) -> None:
    """On a phone the first tap on a linked rule shows its preview in the tree's language; its title opens the entry."""
    context = browser.new_context(viewport={"width": 390, "height": 844}, is_mobile=True, has_touch=True)
    try:
        page = context.new_page()
        page.goto(served_site.url + f"ru/{ENTRY}/", wait_until="load")
        link = page.locator(".rb-notes a", has_text="10.2.1").first
        link.scroll_into_view_if_needed()
        link.tap()
        preview = page.locator(".rb-preview")
        preview.wait_for(state="visible")
        assert page.url == served_site.url + f"ru/{ENTRY}/", "the first tap navigated instead of previewing"
        title = preview.locator(".rb-preview-title").inner_text()
        assert title.startswith("10.2.1") and "снабжения" in title.lower(), title
        assert preview.locator("p").inner_text().strip()
        box = preview.bounding_box()
        assert box is not None and box["x"] >= 0 and box["x"] + box["width"] <= 390
        preview.locator(".rb-preview-title").tap()
        page.wait_for_url(served_site.url + "ru/unconditional-surrender/10-2-1/")
    finally:
        context.close()
