"""Where every page of the site lives: paths and URLs derived from ids only, so deep links stay stable.

Page paths, hence URLs::

    index.md                      /<lang>/                      home
    <game>/index.md               /<lang>/<game>/               game index
    <game>/<entry slug>.md        /<lang>/<game>/<entry slug>/  one entry
    sources/<source id>.md        /<lang>/sources/<source id>/  table of contents of a source
    sources/<source id>/<slug>.md /<lang>/sources/<source id>/<slug>/  a page of its reading view
    sources/index.md              /<lang>/sources/              every source
    glossary/index.md, glossary/<term id>.md                    A–Z glossary, one page per term
    examples/index.md, examples/<game>.md                       worked examples: list, and in full per game
    examples/<game>/<n>.md        /<lang>/examples/<game>/<n>/  a game's examples from its n-th page on (n ≥ 2)
    calculators/index.md, calculators/<name>.md                 the calculators, one page each
    translation.md, search.md                                   translation status, search
    changes.md, changes.xml       /<lang>/changes/              what changed, and its Atom feed
    offline.md                    /<lang>/offline/              "not kept offline"

A calculator page opens a scenario given in its URL fragment (:func:`share_fragment`).
"""

from __future__ import annotations

import base64
import functools
import json
import posixpath
import zlib
from collections.abc import Mapping
from typing import Any

from rulebook.content.model import Entry, Source, Term
from rulebook.errors import SiteError

__all__ = [
    "CALCULATOR_ENTRIES",
    "DEFAULT_SITE_URL",
    "ICONS_FOLDER",
    "OFFLINE_PAGE",
    "RESERVED_FOLDERS",
    "WEB_MANIFEST",
    "calculator_path",
    "entry_page_path",
    "examples_path",
    "page_url",
    "relative_link",
    "share_fragment",
    "site_url_for_build",
    "source_path",
    "term_path",
    "url_link",
]


DEFAULT_SITE_URL = "http://127.0.0.1:8000/"
"""Where ``rulebook serve`` publishes the site; each tree's ``site_url`` is this plus ``<lang>/``."""

RESERVED_FOLDERS = frozenset(
    {
        "assets",
        "changes",
        "calculators",
        "glossary",
        "sources",
        "pagefind",
        "search",
        "examples",
        "translation",
        "offline",
        "icons",
        "_offline",
        "_previews",
    }
)
"""Top-level names of a language tree that no game id may take."""


OFFLINE_PAGE = "offline.md"
"""The page the service worker shows for a page not kept offline, opened without a connection."""

WEB_MANIFEST = "manifest.webmanifest"
"""Per tree: the web app manifest (the tree installs as an app of its language)."""

ICONS_FOLDER = "icons"
"""Per tree: the manifest's icons (:mod:`rulebook.site.icons`)."""


def entry_page_path(entry: Entry) -> str:
    """The docs-relative Markdown path of an entry's page.

    >>> from rulebook.content.model import Entry
    >>> entry = Entry.model_validate({"id": "us.8-1-1", "game": "unconditional-surrender",
    ...     "source": "us-service-rules", "order": 20, "kind": "rule", "lang": "ru",
    ...     "text": {"ru": {"title": "8.1.1", "status": "original"}}})
    >>> entry_page_path(entry)
    'unconditional-surrender/8-1-1.md'
    """
    return f"{entry.game}/{entry.slug}.md"


def page_url(lang: str, path: str) -> str:
    """The site URL of a docs-relative Markdown path in the ``lang`` tree.

    >>> page_url("de", "hell-of-a-war/aktionsstapel.md"), page_url("hu", "index.md")
    ('/de/hell-of-a-war/aktionsstapel/', '/hu/')
    >>> page_url("en", "glossary/index.md")
    '/en/glossary/'
    """
    stem = path.removesuffix(".md")
    if stem == "index":
        stem = ""
    elif stem.endswith("/index"):
        stem = stem.removesuffix("index")
    else:
        stem += "/"
    return f"/{lang}/{stem}"


@functools.lru_cache(maxsize=1 << 16)
def relative_link(from_path: str, to_path: str) -> str:
    """A Markdown link from one docs-relative page to another (MkDocs checks and rewrites it).

    >>> relative_link("hell-of-a-war/aktionsstapel.md", "glossary/tw.md")
    '../glossary/tw.md'
    >>> relative_link("index.md", "sources/how-faq.md")
    'sources/how-faq.md'
    """
    # Cached: a render asks for the same few thousand links tens of thousands of times.
    return posixpath.relpath(to_path, posixpath.dirname(from_path) or ".")


def url_link(from_path: str, to_path: str) -> str:
    """A URL from one built page to another, for links in raw HTML (MkDocs rewrites only Markdown links).

    >>> url_link("hell-of-a-war/aktionsstapel.md", "calculators/stack.md")
    '../../calculators/stack/'
    >>> url_link("index.md", "calculators/index.md"), url_link("calculators/stack.md", "calculators/index.md")
    ('calculators/', '../')
    """
    here, there = page_url("x", from_path), page_url("x", to_path)
    return posixpath.relpath(there, here) + "/" if there != here else "./"


SITE_URL_VARIABLE = "RULEBOOK_SITE_URL"
"""The environment variable that names where the site is published (like ``rulebook build --site-url``)."""


def site_url_for_build(given: str | None, environment: Mapping[str, str], production: bool, default: str) -> str:
    """Where the built site will be published: ``--site-url``, else ``$RULEBOOK_SITE_URL``, else ``default``.

    Canonical URLs, the sitemap and the ``hreflang`` alternates are absolute under it, so a
    production build refuses to guess it.

    >>> site_url_for_build(None, {"RULEBOOK_SITE_URL": "https://rules.example/"}, True, "http://127.0.0.1:8000/")
    'https://rules.example/'
    >>> site_url_for_build("https://a.example/rb", {"RULEBOOK_SITE_URL": "https://b.example/"}, True, "x")
    'https://a.example/rb/'
    >>> site_url_for_build(None, {}, False, "http://127.0.0.1:8000/")
    'http://127.0.0.1:8000/'
    >>> site_url_for_build(None, {}, True, "http://127.0.0.1:8000/")
    Traceback (most recent call last):
    rulebook.errors.SiteError: a production build needs the address the site will be published at: \
give --site-url https://… or set RULEBOOK_SITE_URL (canonical links, the sitemap and the language alternates \
are absolute URLs under it)
    >>> site_url_for_build("rules.example", {}, True, "x")
    Traceback (most recent call last):
    rulebook.errors.SiteError: site URL 'rules.example' (from --site-url) must start with http:// or https://
    """
    value, origin = (given, "--site-url") if given else (environment.get(SITE_URL_VARIABLE), SITE_URL_VARIABLE)
    if not value:
        if production:
            raise SiteError(
                "a production build needs the address the site will be published at: give --site-url https://… "
                f"or set {SITE_URL_VARIABLE} (canonical links, the sitemap and the language alternates are "
                "absolute URLs under it)"
            )
        return default
    if not value.startswith(("http://", "https://")):
        raise SiteError(f"site URL {value!r} (from {origin}) must start with http:// or https://")
    return value.rstrip("/") + "/"


def share_fragment(scenario: Any) -> str:
    """The URL fragment (without ``#``) that makes a calculator page open ``scenario``: ``s=`` and
    the scenario's JSON, raw-deflated and base64url-encoded (``web/calculator.js`` decodes it).

    >>> fragment = share_fragment({"game": "axis-and-allies-2e", "attacker": {"units": {"infantry": 2}}})
    >>> fragment[:2], "=" in fragment[2:], "+" in fragment or "/" in fragment
    ('s=', False, False)
    >>> packed = base64.urlsafe_b64decode(fragment[2:] + "=" * (-len(fragment[2:]) % 4))
    >>> json.loads(zlib.decompress(packed, wbits=-15))["attacker"]
    {'units': {'infantry': 2}}
    """
    text = json.dumps(scenario, ensure_ascii=False, separators=(",", ":"), default=str).encode("utf-8")
    packer = zlib.compressobj(9, zlib.DEFLATED, -15)
    packed = packer.compress(text) + packer.flush()
    return "s=" + base64.urlsafe_b64encode(packed).decode("ascii").rstrip("=")


def examples_path(game_id: str, page: int = 1) -> str:
    """The ``page``-th page of a game's worked examples.

    >>> examples_path("operation-ww2"), examples_path("operation-ww2", 3)
    ('examples/operation-ww2.md', 'examples/operation-ww2/3.md')
    """
    return f"examples/{game_id}.md" if page == 1 else f"examples/{game_id}/{page}.md"


def source_path(source: Source) -> str:
    return f"sources/{source.id}.md"


def term_path(term: Term) -> str:
    return f"glossary/{term.id}.md"


def calculator_path(name: str) -> str:
    return f"calculators/{name}.md"


CALCULATOR_ENTRIES = "calculators/entries.json"
"""Per tree: every entry's title and page (relative to the tree), for the links of a calculator's trace."""
