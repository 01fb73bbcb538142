"""The reading view of a source: the whole source in source order, chapter by chapter.

A rules site is read front to back as much as it is looked up: the reading view shows every
entry of a source as a section of a long page, in the tree's language with the original one tap
away (the entry page's :func:`~rulebook.site.views.text_choice` and its "show original" toggle).
Each section's id is the entry's slug, the same in every language, so ``…/#8-1-1`` stays a stable
link. Entry pages keep their own URLs, link to their place in the reading view ("read in
context") and to the previous and next entry of the source.

Pages: a page starts at every top-level heading entry (a chapter: the heading and every entry
under it) and at the first top-level entry after a chapter; the entries outside chapters are read
in runs. A chapter or run heavier than :data:`READING_MARKDOWN_BUDGET` is split at entry boundaries.
The split is decided once for all languages (by each entry's heaviest language), so a section is on
the same page in every tree and the language menu leads to the same page. A page's path is
``sources/<source id>/<slug of its first entry>.md``.

Also here: the ``/<lang>/sources/`` index of every source.
"""

from __future__ import annotations

from dataclasses import dataclass

from rulebook.content.model import LANGUAGES, Entry, EntryKind, Language, Source, in_language
from rulebook.site.i18n import format_count, language_name
from rulebook.site.urls import relative_link, source_path
from rulebook.site.views import (
    Link,
    SiteIndex,
    SourceView,
    TextChoice,
    body_markdown,
    source_view,
    text_choice,
)
from rulebook.translation.status import entry_state

__all__ = [
    "READING_MARKDOWN_BUDGET",
    "SOURCES_INDEX",
    "EntryPlace",
    "ReadingIndex",
    "ReadingPlan",
    "ReadingSection",
    "ReadingView",
    "SourceRow",
    "entry_place",
    "first_reading_page",
    "page_label",
    "plan_reading",
    "reading_nav",
    "reading_view",
    "source_rows",
]


READING_MARKDOWN_BUDGET = 26_000
"""Bytes (UTF-8) of entry text (the page's language and the original) one reading page may carry.

Every page must stay within 60 KB of HTML; the theme and navigation take about 16 KB, and the
markup around each section a few hundred bytes."""

SECTION_OVERHEAD = 400
"""Bytes of Markdown and markup around one section (heading, toggle, entry link), for the split."""

SOURCES_INDEX = "sources/index.md"
"""The index of every source, ``/<lang>/sources/``."""


@dataclass(frozen=True)
class ReadingPlan:
    """One page of a source's reading view: which entries it holds, the same in every language."""

    source: str
    path: str
    """Docs-relative Markdown path: ``sources/<source id>/<slug of its first entry>.md``."""
    number: int
    """1-based position among the source's reading pages."""
    chapter: str | None
    """The id of the top-level heading entry whose chapter this page holds; ``None`` for a run of entries."""
    part: int
    """1-based part of its chapter or run (a heavy one is split)."""
    parts: int
    entries: tuple[tuple[str, int], ...]
    """``(entry id, depth)`` in source order; depth 0 is a top-level entry."""


@dataclass(frozen=True)
class ReadingIndex:
    """Every source's reading pages and where each entry is read."""

    plans: dict[str, list[ReadingPlan]]
    """Source id → its pages in order."""
    page_of: dict[str, ReadingPlan]
    """Entry id → the page that holds it."""
    order: dict[str, list[str]]
    """Source id → its entry ids in source order (depth first, as the table of contents)."""

    def location(self, entry: Entry) -> str:
        """The docs-relative path of the entry's section: ``<reading page>#<slug>``."""
        return f"{self.page_of[entry.id].path}#{entry.slug}"

    def locations(self, site: SiteIndex) -> dict[str, str]:
        """Entry id → its section, for ``ref:`` links inside the reading view."""
        return {entry_id: self.location(site.entries[entry_id]) for entry_id in self.page_of}


def _in_source_order(site: SiteIndex, source_id: str, parent: str | None, depth: int) -> list[tuple[Entry, int]]:
    ordered: list[tuple[Entry, int]] = []
    for child in site.children[parent]:
        if child.source == source_id:
            ordered.append((child, depth))
            ordered.extend(_in_source_order(site, source_id, child.id, depth + 1))
    return ordered


def _weight(entry: Entry) -> int:
    """The most bytes this entry's section may take in any language (shown text, title and original)."""
    heaviest = 0
    for code in LANGUAGES:
        choice = text_choice(entry, Language(code))
        size = len(choice.main.title.encode()) + len(choice.main.body.encode())
        if choice.second is not None:
            size += len(choice.second.body.encode())
        heaviest = max(heaviest, size)
    return heaviest + SECTION_OVERHEAD


def plan_reading(site: SiteIndex, budget: int = READING_MARKDOWN_BUDGET) -> ReadingIndex:
    """Split every source into reading pages: chapters and runs, each cut to ``budget`` bytes."""
    plans: dict[str, list[ReadingPlan]] = {}
    order: dict[str, list[str]] = {}
    for source in site.corpus.sources:
        ordered = _in_source_order(site, source.id, None, 0)
        order[source.id] = [entry.id for entry, _ in ordered]
        groups: list[tuple[str | None, list[tuple[Entry, int]]]] = []
        for entry, depth in ordered:
            if depth == 0 and entry.kind is EntryKind.HEADING:
                groups.append((entry.id, []))
            elif depth == 0 and (not groups or groups[-1][0] is not None):
                groups.append((None, []))
            groups[-1][1].append((entry, depth))
        pages: list[ReadingPlan] = []
        for chapter, members in groups:
            cuts: list[list[tuple[Entry, int]]] = [[]]
            used = 0
            for entry, depth in members:
                weight = _weight(entry)
                if cuts[-1] and used + weight > budget:
                    cuts.append([])
                    used = 0
                cuts[-1].append((entry, depth))
                used += weight
            for part, cut in enumerate(cuts, start=1):
                pages.append(
                    ReadingPlan(
                        source=source.id,
                        path=f"sources/{source.id}/{cut[0][0].slug}.md",
                        number=len(pages) + 1,
                        chapter=chapter,
                        part=part,
                        parts=len(cuts),
                        entries=tuple((entry.id, depth) for entry, depth in cut),
                    )
                )
        plans[source.id] = pages
    page_of = {entry_id: plan for pages in plans.values() for plan in pages for entry_id, _ in plan.entries}
    return ReadingIndex(plans, page_of, order)


def _heading(site: SiteIndex, entry: Entry, lang: Language) -> str:
    title = site.entry_title(entry, lang)
    return title if not entry.section or title.startswith(entry.section) else f"{entry.section} {title}"


def page_label(site: SiteIndex, plan: ReadingPlan, lang: Language) -> str:
    """A reading page's name in ``lang``: its chapter's heading, else the first and last entry it holds."""
    if plan.chapter is not None:
        label = _heading(site, site.entries[plan.chapter], lang)
        return f"{label} ({plan.part}/{plan.parts})" if plan.parts > 1 else label
    top = [site.entries[entry_id] for entry_id, depth in plan.entries if depth == 0] or [
        site.entries[plan.entries[0][0]]
    ]
    first, last = _heading(site, top[0], lang), _heading(site, top[-1], lang)
    return first if len(top) == 1 else f"{first} – {last}"


@dataclass(frozen=True)
class ReadingSection:
    """One entry as a section of the reading view."""

    anchor: str
    """The entry's slug: the section's id, the same in every language."""
    level: int
    """The heading's level, 2 to 6, from the entry's depth in the source."""
    heading: str
    state: str
    choice: TextChoice
    main_body: str
    second_body: str | None
    second_language: str | None
    """The second text's language, named for use inside a sentence ("show original (German)")."""
    entry_href: str
    """The entry's own page (notes, worked examples, citation)."""


@dataclass(frozen=True)
class ReadingView:
    """One page of a source's reading view."""

    source: SourceView
    label: str
    number: str
    pages: str
    game: Link
    contents_href: str
    """The source's table of contents."""
    sections: list[ReadingSection]
    previous: Link | None
    next: Link | None


def reading_view(site: SiteIndex, reading: ReadingIndex, plan: ReadingPlan, lang: Language) -> ReadingView:
    source = site.sources[plan.source]
    game = site.games[source.game]
    path = plan.path
    targets = reading.locations(site)
    sections = []
    for entry_id, depth in plan.entries:
        entry = site.entries[entry_id]
        choice = text_choice(entry, lang)
        sections.append(
            ReadingSection(
                anchor=entry.slug,
                level=min(2 + depth, 6),
                heading=_heading(site, entry, lang),
                state=entry_state(entry, lang),
                choice=choice,
                main_body=body_markdown(site, entry, choice.main, choice.main_lang, path, False, targets),
                second_body=body_markdown(site, entry, choice.second, choice.second_lang, path, False, targets)
                if choice.second is not None and choice.second_lang is not None
                else None,
                second_language=language_name(choice.second_lang.value, lang.value, in_sentence=True)
                if choice.second_lang
                else None,
                entry_href=relative_link(path, site.paths[entry.id]),
            )
        )
    pages = reading.plans[plan.source]
    before = pages[plan.number - 2] if plan.number > 1 else None
    after = pages[plan.number] if plan.number < len(pages) else None
    return ReadingView(
        source=source_view(site, source, lang, path),
        label=page_label(site, plan, lang),
        number=format_count(plan.number, lang.value),
        pages=format_count(len(pages), lang.value),
        game=Link(in_language(game.name, lang), relative_link(path, f"{game.id}/index.md")),
        contents_href=relative_link(path, source_path(source)),
        sections=sections,
        previous=Link(page_label(site, before, lang), relative_link(path, before.path)) if before else None,
        next=Link(page_label(site, after, lang), relative_link(path, after.path)) if after else None,
    )


@dataclass(frozen=True)
class EntryPlace:
    """Where an entry page sits in its source: its section in the reading view and its neighbours."""

    in_context: str
    previous: Link | None
    next: Link | None


def entry_place(site: SiteIndex, reading: ReadingIndex, entry: Entry, lang: Language) -> EntryPlace:
    path = site.paths[entry.id]
    order = reading.order[entry.source]
    index = order.index(entry.id)
    before = site.entries[order[index - 1]] if index > 0 else None
    after = site.entries[order[index + 1]] if index + 1 < len(order) else None
    return EntryPlace(
        in_context=relative_link(path, reading.location(entry)),
        previous=site.entry_link(before, lang, path) if before else None,
        next=site.entry_link(after, lang, path) if after else None,
    )


def reading_nav(site: SiteIndex, reading: ReadingIndex, lang: Language) -> dict[str, list[tuple[str, str]]]:
    """Source id → ``(label, path)`` of each reading page, for the sidebar."""
    return {
        source_id: [(page_label(site, plan, lang), plan.path) for plan in plans]
        for source_id, plans in reading.plans.items()
    }


@dataclass(frozen=True)
class SourceRow:
    """One source on the ``/<lang>/sources/`` index."""

    source: SourceView
    game: Link
    reading_href: str


def source_rows(site: SiteIndex, reading: ReadingIndex, lang: Language) -> list[SourceRow]:
    rows = []
    for source in site.corpus.sources:
        game = site.games[source.game]
        first = first_reading_page(reading, source)
        rows.append(
            SourceRow(
                source=source_view(site, source, lang, SOURCES_INDEX),
                game=Link(in_language(game.name, lang), relative_link(SOURCES_INDEX, f"{game.id}/index.md")),
                reading_href=relative_link(SOURCES_INDEX, first or source_path(source)),
            )
        )
    return rows


def first_reading_page(reading: ReadingIndex, source: Source) -> str | None:
    """The docs-relative path of a source's first reading page (``None`` for a source without entries)."""
    plans = reading.plans.get(source.id)
    return plans[0].path if plans else None
