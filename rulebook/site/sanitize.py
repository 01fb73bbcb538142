"""The second line of defence against markup in content: sanitise every built page body.

:mod:`rulebook.site.render` already escapes raw HTML in titles, notes and bodies
(content Markdown must not inject markup). Markdown itself can still
produce dangerous HTML — a ``[link](javascript:…)`` — so every page's HTML, as
Python-Markdown made it, goes through nh3 (the ammonia sanitiser) before
mkdocs-material wraps it in its theme. The allow-list is what our own templates
use; scripts, event-handler attributes, ``style`` and unknown URL schemes are
removed. MkDocs loads this module as a hook (``hooks:`` in ``mkdocs.yml``).
"""

from __future__ import annotations

from typing import Any

import nh3

__all__ = ["on_page_content", "sanitize_html"]

_TAGS = frozenset(nh3.ALLOWED_TAGS) | {"button", "form", "input", "label", "section", "article", "details", "summary"}
_GLOBAL_ATTRIBUTES = {"class", "id", "lang", "title", "hidden", "role", "dir"}
_ATTRIBUTES: dict[str, set[str]] = {
    **{tag: set(attrs) for tag, attrs in nh3.ALLOWED_ATTRIBUTES.items()},
    "*": _GLOBAL_ATTRIBUTES,
    "a": {"href", "hreflang"},
    "details": {"open"},
    "time": {"datetime"},
    "button": {"type"},
    "form": {"action", "method"},
    "input": {"name", "type", "autocomplete", "value", "placeholder"},
    "label": {"for"},
    "th": set(nh3.ALLOWED_ATTRIBUTES["th"]) | {"style"},
    "td": set(nh3.ALLOWED_ATTRIBUTES["td"]) | {"style"},
}
_URL_SCHEMES = {"http", "https", "mailto"}


def sanitize_html(html: str) -> str:
    """Remove every script, event handler and unsafe URL from a page body.

    >>> sanitize_html('<p>ok<script>alert(1)</script><img src="x" onerror="alert(2)"></p>')
    '<p>ok<img src="x"></p>'
    >>> sanitize_html('<a href="javascript:alert(3)">x</a> <a href="../sperren/">y</a>')
    '<a>x</a> <a href="../sperren/">y</a>'
    >>> sanitize_html('<button type="button" data-rb-copy hidden>Copy</button>')
    '<button type="button" data-rb-copy="" hidden="">Copy</button>'
    """
    return nh3.clean(
        html,
        tags=set(_TAGS),
        clean_content_tags={"script", "style"},
        attributes=_ATTRIBUTES,
        generic_attribute_prefixes={"data-", "aria-"},
        url_schemes=_URL_SCHEMES,
        link_rel=None,
        filter_style_properties={"text-align"},
    )


def on_page_content(html: str, **_: Any) -> str:
    """MkDocs hook: sanitise the page's HTML before the theme template wraps it."""
    return sanitize_html(html)
