"""The template fields of each page kind of a language tree, one function per kind.

:mod:`rulebook.site.render` writes the pages; the fields a page's template is given are put
together here from the view models of :mod:`rulebook.site.views`, :mod:`rulebook.site.reading`
and :mod:`rulebook.site.cards` (titles in the page's language, relative links). A page showing
worked examples gets them rendered by the renderer, which alone holds the templates.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping, Sequence
from typing import Any

from rulebook.content.model import CatalogCard, Corpus, Entry, Game, Language, Source, in_language
from rulebook.site.cards import card_path, cards_index_path
from rulebook.site.examples import ExamplesPage
from rulebook.site.history import (
    CHANGES_FEED,
    CHANGES_PAGE,
    CHANGES_PER_SOURCE,
    FEED_ENTRIES,
    ChangeRow,
    FeedItem,
    SiteHistory,
    SourceChanges,
    change_anchor,
)
from rulebook.site.i18n import format_count
from rulebook.site.improve import ImproveLinks
from rulebook.site.reading import ReadingIndex, entry_place, first_reading_page
from rulebook.site.urls import calculator_path, examples_path, page_url, relative_link, term_path
from rulebook.site.views import (
    CalculatorListItem,
    EntryView,
    ExamplesOfGame,
    GameView,
    Link,
    SiteIndex,
    game_view,
    language_coverage,
    source_view,
    template_fields,
    toc,
)

__all__ = [
    "calculators_index_fields",
    "changes_fields",
    "entry_fields",
    "examples_index_fields",
    "feed_fields",
    "game_examples_fields",
    "game_fields",
    "home_fields",
    "source_fields",
]


def home_fields(site: SiteIndex, corpus: Corpus, lang: Language, games: list[GameView]) -> dict[str, Any]:
    """The home page: the games, how much content there is, each language's coverage."""
    return {
        "games": games,
        "terms": format_count(len(corpus.terms), lang.value),
        "entries": format_count(len(corpus.entries), lang.value),
        "examples": len(site.outcomes),
        "coverage": language_coverage(site, lang, "index.md"),
    }


def game_fields(
    site: SiteIndex,
    reading: ReadingIndex,
    corpus: Corpus,
    game: Game,
    lang: Language,
    path: str,
    card_games: set[str],
) -> dict[str, Any]:
    """A game's index page: its view, its terms A–Z, its sources' reading views, its card catalog."""
    return {
        **template_fields(game_view(site, game, lang, path)),
        "terms": [
            Link(t.rendering[lang].text, relative_link(path, term_path(t)), detail=t.abbreviation)
            for t in sorted(corpus.terms, key=lambda t: t.rendering[lang].text.casefold())
            if game.id in t.games
        ],
        # Each source of the game read as a whole: the game's reading view is its sources'.
        "reading": {
            source.id: relative_link(path, first)
            for source in corpus.sources
            if source.game == game.id and (first := first_reading_page(reading, source))
        },
        "cards_href": relative_link(path, cards_index_path(game.id)) if game.id in card_games else None,
    }


def source_fields(site: SiteIndex, reading: ReadingIndex, source: Source, lang: Language, path: str) -> dict[str, Any]:
    """A source's table of contents: its view, its game, its entries, the way into its reading view."""
    return {
        **template_fields(source_view(site, source, lang, path)),
        "game_name": in_language(site.games[source.game].name, lang),
        "game_href": relative_link(path, f"{source.game}/index.md"),
        "toc": toc(site, None, source.id, lang, path),
        "reading_href": relative_link(path, first) if (first := first_reading_page(reading, source)) else None,
    }


def entry_fields(
    site: SiteIndex,
    reading: ReadingIndex,
    entry: Entry,
    view: EntryView,
    lang: Language,
    stated_by: Mapping[str, list[CatalogCard]],
    improve: ImproveLinks | None = None,
) -> dict[str, Any]:
    """An entry's page but its rendered examples and History: its view, its place in the source, the cards it
    states, where "Improve this translation" leads (a paragraph's link, with the placeholder for its number)."""
    return {
        **template_fields(view),
        "place": entry_place(site, reading, entry, lang),
        "cards": [
            Link(card.name.value, relative_link(site.paths[entry.id], card_path(card)))
            for card in stated_by.get(entry.id, [])
        ],
        "improve_paragraph": improve.paragraph_template(entry.game, entry.lang, lang)
        if improve is not None and improve.offered(entry, lang)
        else None,
        "prefix": entry.id.split(".", 1)[0],
        "improve_entry": improve.entry_url(entry, lang) if improve is not None else None,
    }


def changes_fields(site: SiteIndex, history: SiteHistory, corpus: Corpus, lang: Language) -> dict[str, Any]:
    """The "What changed" page: the last changes of each source the tree shows, each linking to its History."""
    sources = []
    for source in corpus.sources:
        rows = history.recent([e for e in corpus.entries if e.source == source.id], lang, CHANGES_PER_SOURCE)
        changes = tuple(
            ChangeRow(
                date=row.change.date[:10],
                date_text=history.date_text(row, lang),
                link=dataclasses.replace(
                    site.entry_link(row.entry, lang, CHANGES_PAGE),
                    href=f"{relative_link(CHANGES_PAGE, site.paths[row.entry.id])}#{change_anchor(row.change)}",
                ),
                kinds=row.kinds,
            )
            for row in rows
        )
        sources.append(SourceChanges(in_language(source.title, lang), changes))
    return {"available": history.available, "sources": sources, "feed_href": CHANGES_FEED}


def feed_fields(site: SiteIndex, history: SiteHistory, corpus: Corpus, lang: Language, site_url: str) -> dict[str, Any]:
    """The Atom feed of the tree's changes: the :data:`FEED_ENTRIES` newest, with absolute links under ``site_url``."""
    root = site_url.rstrip("/")
    items = []
    for row in history.recent(corpus.entries, lang, FEED_ENTRIES):
        link = site.entry_link(row.entry, lang, CHANGES_PAGE)
        items.append(
            FeedItem(
                title=f"{link.section} {link.title}" if link.section else link.title,
                href=f"{root}{page_url(lang.value, site.paths[row.entry.id])}#{change_anchor(row.change)}",
                date=row.change.date,
                kinds=row.kinds,
                diff=history.feed_diff(row, lang),
            )
        )
    return {
        "items": items,
        "page_href": f"{root}{page_url(lang.value, CHANGES_PAGE)}",
        "feed_href": f"{root}/{lang.value}/{CHANGES_FEED}",
        "updated": items[0].date if items else _NO_DATE,
    }


_NO_DATE = "1970-01-01T00:00:00+00:00"
"""A feed's ``updated`` when it has no change: a fixed date, so an unchanged tree is not built again."""


def examples_index_fields(
    games: Sequence[GameView], counts: Mapping[str, int], example_pages: Mapping[str, list[ExamplesPage]]
) -> dict[str, Any]:
    """The examples index: each game with how many examples it has (``counts``) and the pages they are on."""
    return {
        "games": [
            ExamplesOfGame(
                name=view.name,
                href=relative_link("examples/index.md", examples_path(view.game.id)),
                count=counts[view.game.id],
                pages=[
                    Link(str(page.number), relative_link("examples/index.md", page.path))
                    for page in example_pages.get(view.game.id, [])
                ],
            )
            for view in games
        ]
    }


def game_examples_fields(
    game: Game, lang: Language, this: ExamplesPage, pages: Sequence[ExamplesPage]
) -> dict[str, Any]:
    """One page of a game's worked examples but the rendered examples: its game, its number, every page."""
    return {
        "name": in_language(game.name, lang),
        "number": this.number,
        "pages": [Link(str(other.number), relative_link(this.path, other.path)) for other in pages],
    }


def calculators_index_fields(site: SiteIndex, lang: Language) -> dict[str, Any]:
    """The calculators index: each calculator with its games and how many examples start from it."""
    return {
        "calculators": [
            CalculatorListItem(
                name=name,
                title=calculator.title,
                href=relative_link("calculators/index.md", calculator_path(name)),
                games=[in_language(site.games[g].name, lang) for g in calculator.games if g in site.games],
                examples=len(site.outcomes_by_calculator[name]),
            )
            for name, calculator in sorted(site.calculators.items())
        ]
    }
