"""Link previews: each entry's title and first paragraph, per game, as small JSON files.

Hovering a link to an entry (desktop) or tapping it once (touch) shows the target's title and the
start of its text in the tree's language without loading the target page: the page script fetches
``/<lang>/_previews/<game>.json`` once, on the first preview it needs, and keeps it. A file maps
each entry slug of the game to ``[title, first paragraph]``, both plain text (the script sets them
as text, never as markup). The first paragraph is the first unit of the text the entry page shows
(:func:`~rulebook.site.views.text_choice`) — for a heading without text, its first sub-entry's —
Markdown stripped, cut at :data:`PREVIEW_CHARACTERS`.
"""

from __future__ import annotations

import json
import re

from rulebook.content.model import Entry, Language
from rulebook.site.views import SiteIndex, text_choice
from rulebook.translation.checks import split_markdown

__all__ = ["PREVIEW_CHARACTERS", "PREVIEWS_FOLDER", "game_previews", "plain_text"]

PREVIEWS_FOLDER = "_previews"
"""The folder of each language tree that holds the preview files, ``<folder>/<game>.json``."""

PREVIEW_CHARACTERS = 280
"""At most this many characters of the first paragraph (cut at a word, with an ellipsis)."""

_LINK = re.compile(r"\[([^\]]*)\]\([^)]*\)")
_MARKS = re.compile(r"(?<!\\)(\*\*|__|\*|`)")
_ESCAPE = re.compile(r"\\(.)")


def plain_text(markdown: str, limit: int = PREVIEW_CHARACTERS) -> str:
    """One unit of Markdown as plain text: links become their text, emphasis and code marks go.

    >>> plain_text("Siehe **[Sperren](ref:how.sperren)** und `TW` \\\\*1")
    'Siehe Sperren und TW *1'
    >>> plain_text("one two three four", limit=12)
    'one two…'
    """
    text = _ESCAPE.sub(r"\1", _MARKS.sub("", _LINK.sub(r"\1", markdown)))
    text = " ".join(text.split())
    if len(text) <= limit:
        return text
    cut = text[:limit].rsplit(" ", 1)[0] if " " in text[:limit] else text[:limit]
    return cut.rstrip(",;:") + "…"


def _first_paragraph(site: SiteIndex, entry: Entry, lang: Language) -> str:
    """The first unit of the entry's text; for a heading without text, of its first sub-entry that has one."""
    body = text_choice(entry, lang).main.body.strip()
    if body:
        return plain_text(split_markdown(body).units[0])
    for child in site.children.get(entry.id, []):
        if paragraph := _first_paragraph(site, child, lang):
            return paragraph
    return ""


def _preview(site: SiteIndex, entry: Entry, lang: Language) -> list[str]:
    title = site.entry_title(entry, lang)
    heading = title if not entry.section or title.startswith(entry.section) else f"{entry.section} {title}"
    return [heading, _first_paragraph(site, entry, lang)]


def game_previews(site: SiteIndex, lang: Language) -> dict[str, str]:
    """Per game id, the JSON text of its preview file in ``lang``."""
    by_game: dict[str, dict[str, list[str]]] = {game: {} for game in site.games}
    for entry in sorted(site.corpus.entries, key=lambda e: (e.source, e.order)):
        by_game[entry.game][entry.slug] = _preview(site, entry, lang)
    return {game: json.dumps(previews, ensure_ascii=False, separators=(",", ":")) for game, previews in by_game.items()}
