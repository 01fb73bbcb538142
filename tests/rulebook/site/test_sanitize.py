"""Tests of :mod:`rulebook.site.sanitize`: built page bodies keep our markup and lose anything executable."""

from __future__ import annotations

import pytest

from rulebook.site.sanitize import sanitize_html


@pytest.mark.parametrize(
    "dangerous",
    [
        "<script>alert(1)</script>",
        '<img src="x" onerror="alert(1)">',
        '<a href="javascript:alert(1)">x</a>',
        '<a href="data:text/html,<script>alert(1)</script>">x</a>',
        '<p onmouseover="alert(1)">x</p>',
        '<iframe src="https://example.org"></iframe>',
        '<div style="background:url(javascript:alert(1))">x</div>',
        "<svg><script>alert(1)</script></svg>",
    ],
)
def test_nothing_executable_survives(dangerous: str) -> None:
    """Scripts, event handlers, javascript:/data: URLs, frames and styles are removed."""
    cleaned = sanitize_html(f"<p>before</p>{dangerous}<p>after</p>").lower()
    for marker in ("<script", "onerror", "onmouseover", "javascript:", "data:", "<iframe", "style="):
        assert marker not in cleaned
    assert "before" in cleaned and "after" in cleaned


def test_our_template_markup_is_kept() -> None:
    """Details toggles, lang attributes, Pagefind attributes, the copy button and the search form survive.

    (The input is written as nh3 serialises HTML, so "unchanged" can be compared as text.)
    """
    html = (
        '<article class="rb-entry" data-pagefind-body="data-pagefind-body">'
        '<details class="rb-second" open=""><summary>Show original</summary>'
        '<div class="rb-text" lang="de"><p>Text</p></div></details>'
        '<span data-pagefind-filter="Game:Hell of a War"></span>'
        '<h2 id="see-also" class="rb-section" data-pagefind-ignore="data-pagefind-ignore">See also</h2>'
        '<a href="../sperren/">Sperren</a>'
        '<button type="button" class="md-button rb-copy" data-rb-copy="" data-rb-copied="Link copied" hidden="">'
        "Copy link</button>"
        '<form class="rb-search-form" action="search/" role="search"><label for="rb-q">Search</label>'
        '<input id="rb-q" name="q" type="search" autocomplete="off"></form>'
        '<table><tbody><tr><td style="text-align:right">1</td></tr></tbody></table>'
        "</article>"
    )
    assert sanitize_html(html) == html
