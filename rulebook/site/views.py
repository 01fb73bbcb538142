"""The view models of the site's pages: what each template shows, prepared in the page's language.

Python prepares every page as a small view (titles in the page's language, relative links,
which text to show and why); the templates of ``templates/`` only lay it out and supply the UI
words through gettext. :class:`SiteIndex` holds the lookups every page of one render shares.
"""

from __future__ import annotations

import dataclasses
import json
import posixpath
from collections import Counter, defaultdict
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from markupsafe import Markup, escape

from adjudicator.messages import ENGLISH, AnswerLanguage, message_from_plain
from adjudicator.registry import Calculator, calculator_packages, calculators
from rulebook import __version__
from rulebook.adjudication.catalog import runnable_scenario
from rulebook.adjudication.examples import ExampleOutcome
from rulebook.content.model import (
    LANGUAGES,
    Authority,
    Corpus,
    Entry,
    Example,
    Game,
    Language,
    LanguageText,
    Source,
    Term,
    TranslationMethod,
    TranslationStatus,
    in_language,
)
from rulebook.content.other_texts import OtherText, corpus_other_texts, item_key
from rulebook.content.references import section_index
from rulebook.site.examples import repeats_text
from rulebook.site.i18n import format_count, format_share, format_source_date, language_name
from rulebook.site.markdown import escape_markup, link_first_mentions, link_section_references, resolve_entry_links
from rulebook.site.urls import (
    calculator_path,
    entry_page_path,
    examples_path,
    page_url,
    relative_link,
    share_fragment,
    source_path,
    term_path,
    url_link,
)
from rulebook.translation.status import STATES, entry_state, language_status

__all__ = [
    "CalculatorLink",
    "CalculatorListItem",
    "CalculatorView",
    "CoverageRow",
    "EntryView",
    "ExampleView",
    "ExamplesOfGame",
    "GameView",
    "GlossaryView",
    "NoteView",
    "RenderingView",
    "SourceView",
    "StatusRow",
    "StatusView",
    "TermView",
    "TraceStepView",
    "template_fields",
    "Link",
    "Localized",
    "SiteIndex",
    "TextChoice",
    "TextOrigin",
    "TocItem",
    "body_markdown",
    "section_links",
    "calculator_entries",
    "calculator_view",
    "entry_view",
    "example_anchor",
    "example_view",
    "game_view",
    "glossary_view",
    "pick",
    "source_view",
    "language_coverage",
    "status_view",
    "term_view",
    "text_choice",
    "text_origin",
    "toc",
]


@dataclass(frozen=True)
class TextChoice:
    """Which language versions an entry page shows, and why."""

    main_lang: Language
    main: LanguageText
    second_lang: Language | None
    second: LanguageText | None
    second_kind: str | None
    """``"original"`` (the "show original" toggle) or ``"english"`` (the English draft as second choice)."""
    notice: str | None
    """``"fallback"`` (no translation: the original is shown), ``"outdated"`` or ``None``."""


def text_choice(entry: Entry, lang: Language) -> TextChoice:
    """Decide what the ``lang`` page of ``entry`` shows.

    The page's language when it has a body; otherwise the original with a notice and,
    unless the original or the page is English, the English draft as second choice.
    A heading (no body anywhere) shows its title in the page's language only.
    """
    original = entry.original
    version = entry.text.get(lang)
    if lang == entry.lang:
        return TextChoice(lang, original, None, None, None, None)
    if not original.body.strip():
        return TextChoice(lang, version or original, None, None, None, None)
    if version is not None and version.body.strip():
        outdated = entry.effective_status(lang) is TranslationStatus.OUTDATED
        return TextChoice(lang, version, entry.lang, original, "original", "outdated" if outdated else None)
    english = entry.text.get(Language.EN)
    if entry.lang != Language.EN and english is not None and english.body.strip():
        return TextChoice(entry.lang, original, Language.EN, english, "english", "fallback")
    return TextChoice(entry.lang, original, None, None, None, "fallback")


@dataclass(frozen=True)
class TextOrigin:
    """Where the text an entry page shows came from: every entry page says so."""

    state: str
    """The shown text's state (:data:`rulebook.translation.status.STATES`): ``original``, ``draft``…"""
    language: str
    """The shown text's language, named for use inside a sentence."""
    translated_from: str | None
    """For a translation: the language it was made from, named for use inside a sentence."""
    from_original: bool
    """Whether it was made from the original (not from another translation)."""
    method: str | None
    """``by-hand`` or ``assisted`` (:class:`~rulebook.content.model.TranslationMethod`), if recorded."""
    translator: str | None
    """The person who translated it by hand, if recorded (assistants are not named on the page)."""
    consulted: list[str]
    """Other language versions the translator read alongside, named for use inside a sentence."""


def text_origin(entry: Entry, shown_lang: Language, lang: Language) -> TextOrigin:
    """Describe the ``shown_lang`` text of ``entry`` for a page in ``lang``."""
    version = entry.text[shown_lang]
    state = entry_state(entry, shown_lang)
    provenance = version.provenance
    if shown_lang == entry.lang or provenance is None:
        return TextOrigin(
            state=state,
            language=language_name(shown_lang.value, lang.value, in_sentence=True),
            translated_from=None,
            from_original=shown_lang == entry.lang,
            method=None,
            translator=None,
            consulted=[],
        )
    by_hand = provenance.method is TranslationMethod.BY_HAND
    return TextOrigin(
        state=state,
        language=language_name(shown_lang.value, lang.value, in_sentence=True),
        translated_from=language_name(provenance.translated_from.value, lang.value, in_sentence=True),
        from_original=provenance.translated_from == entry.lang,
        method=provenance.method.value,
        translator=(provenance.by or version.translator) if by_hand else None,
        consulted=[language_name(code.value, lang.value, in_sentence=True) for code in provenance.consulted],
    )


@dataclass(frozen=True)
class Link:
    """A link as a template shows it: the target's title in the page's language."""

    title: str
    href: str
    section: str | None = None
    detail: str | None = None


@dataclass(frozen=True)
class Localized:
    """A piece of content text with the language it is actually in (for ``lang=``)."""

    text: str
    lang: str
    outdated: bool = False
    """A translation made from an earlier version of its original; the page says so."""


@dataclass(frozen=True)
class TocItem:
    """One line of a source's table of contents, with the entries nested under it."""

    link: Link
    kind: str
    children: tuple[TocItem, ...] = ()


class SiteIndex:
    """Lookups shared by every page of one render (built once per corpus)."""

    def __init__(
        self,
        corpus: Corpus,
        outcomes: Sequence[ExampleOutcome],
        answers_in: Mapping[str, AnswerLanguage] | None = None,
    ) -> None:
        self.answers_in: Mapping[str, AnswerLanguage] = answers_in or {}
        """The adjudicator's catalog per language code: worked examples' traces are shown in it."""
        self.example_pages: dict[str, str] = {
            outcome.example.id: examples_path(outcome.example.game) for outcome in outcomes
        }
        """The examples page each worked example is shown on in full (its game's first page until
        :func:`rulebook.site.render.render_site` splits them, see :func:`rulebook.site.examples.plan_example_pages`)."""
        self.corpus = corpus
        self.other_texts = {(text.item_id, text.field): text for text in corpus_other_texts(corpus)}
        """The texts around the rules by (item id, field), for their translations' state."""
        self.games = {game.id: game for game in corpus.games}
        self.sources = {source.id: source for source in corpus.sources}
        self.entries = {entry.id: entry for entry in corpus.entries}
        self.terms = {term.id: term for term in corpus.terms}
        self.paths = {entry.id: entry_page_path(entry) for entry in corpus.entries}
        self.sections = section_index(corpus)
        """Per numbered source, its entries by section number: rule numbers in texts link to them."""
        self.entries_per_source = Counter(entry.source for entry in corpus.entries)
        self.children: dict[str | None, list[Entry]] = defaultdict(list)
        for entry in sorted(corpus.entries, key=lambda e: (e.source, e.order)):
            self.children[entry.parent].append(entry)
        self.used_by: dict[str, list[Entry]] = defaultdict(list)
        for entry in sorted(corpus.entries, key=lambda e: (e.source, e.order)):
            for term_id in entry.terms:
                self.used_by[term_id].append(entry)
        self.outcomes_by_entry: dict[str, list[ExampleOutcome]] = defaultdict(list)
        for outcome in outcomes:
            for entry_id in outcome.example.entries:
                self.outcomes_by_entry[entry_id].append(outcome)
        self.outcomes = list(outcomes)
        self._step_texts: dict[tuple[int, str], str] = {}
        self._stated: dict[int, dict[str, Any]] = {}
        self._share_fragments: dict[str, str] = {}
        self.calculators = calculators()
        self.outcomes_by_calculator: dict[str, list[ExampleOutcome]] = defaultdict(list)
        for outcome in sorted(outcomes, key=self._source_order):
            self.outcomes_by_calculator[outcome.calculator].append(outcome)
        # A calculator implements the entries its examples cite and the rules their verified traces
        # applied (a rule can be applied without an example devoted to it); those entries link to it.
        self.calculators_by_entry: dict[str, list[str]] = defaultdict(list)
        for name in sorted(self.outcomes_by_calculator):
            for entry_id in self.implemented_by(name):
                self.calculators_by_entry[entry_id].append(name)

    def other(self, item: Game | Source | Entry | Example | Term, field: str) -> OtherText | None:
        """The :class:`OtherText` of ``item``'s ``field`` (``None`` when the item has no such text)."""
        return self.other_texts.get((item_key(item), field))

    def _source_order(self, outcome: ExampleOutcome) -> tuple[str, int, str]:
        first = self.entries[outcome.example.entries[0]]
        return first.source, first.order, outcome.example.id

    def implemented_by(self, name: str) -> list[str]:
        """The entries calculator ``name``'s worked examples cite or their traces applied, in source order."""
        cited = {entry_id for outcome in self.outcomes_by_calculator[name] for entry_id in outcome.example.entries}
        cited |= {
            step["rule"]
            for outcome in self.outcomes_by_calculator[name]
            for step in outcome.trace
            if step.get("rule") in self.entries
        }
        return sorted(cited, key=lambda entry_id: (self.entries[entry_id].source, self.entries[entry_id].order))

    def stated_outcome(self, outcome: ExampleOutcome) -> dict[str, Any]:
        """The outcome the source states (what was verified against the result), else the result's
        fields; never the trace, which has its own list of linked steps."""
        # One dict per outcome (the outcomes live as long as this index): the pages' templates convert
        # each outcome to HTML once per language (rulebook.site.render keeps them by identity).
        kept = self._stated.get(id(outcome))
        if kept is None:
            stated = outcome.example.expected or outcome.result
            kept = self._stated[id(outcome)] = {name: value for name, value in stated.items() if name != "trace"}
        return kept

    def share_fragment(self, example: Example) -> str:
        """The fragment of the link that opens ``example`` in its calculator: the same in every language and
        on every page that shows the example, so made once (compressing its scenario takes a millisecond)."""
        fragment = self._share_fragments.get(example.id)
        if fragment is None:
            fragment = self._share_fragments[example.id] = share_fragment(runnable_scenario(example, self.corpus))
        return fragment

    def step_text(self, step: Mapping[str, Any], lang: Language) -> str:
        """A stored trace step (plain data) in ``lang``: re-rendered from its template and fields."""
        if "template" not in step:
            return str(step.get("text", ""))
        # An example's steps are shown on several pages of each tree: each is rendered once per language.
        # Keyed by the step's identity: the outcomes (and their steps) live as long as this index.
        key = (id(step), lang.value)
        text = self._step_texts.get(key)
        if text is None:
            text = self.answers_in.get(lang.value, ENGLISH).render(message_from_plain(dict(step)))
            self._step_texts[key] = text
        return text

    def entry_title(self, entry: Entry, lang: Language) -> str:
        version = entry.text.get(lang) or entry.text.get(Language.EN) or entry.original
        return version.title

    def entry_link(self, entry: Entry, lang: Language, from_path: str) -> Link:
        title = self.entry_title(entry, lang)
        section = entry.section if entry.section and not title.startswith(entry.section) else None
        return Link(title, relative_link(from_path, self.paths[entry.id]), section)

    def section_of(self, entry: Entry) -> str | None:
        """The entry's own section number, else the nearest ancestor's (for citations and search)."""
        current: Entry | None = entry
        while current is not None:
            if current.section:
                return current.section
            current = self.entries.get(current.parent) if current.parent else None
        return None

    def ancestors(self, entry: Entry) -> list[Entry]:
        chain: list[Entry] = []
        current = self.entries.get(entry.parent) if entry.parent else None
        while current is not None and current not in chain:
            chain.insert(0, current)
            current = self.entries.get(current.parent) if current.parent else None
        return chain


@dataclass(frozen=True)
class SourceView:
    """A source document as pages list it: its title, date and language in the page's language."""

    source: Source
    title: str
    href: str
    date: str | None
    language: str
    """The source's language, named in the page's language."""
    precedence: Localized | None
    description: Localized | None
    entries: str
    """How many entries it has, formatted for the page's language."""


@dataclass(frozen=True)
class GameView:
    """A game with its sources, for the home page and the game's index page."""

    game: Game
    name: str
    href: str
    description: Localized | None
    sources: list[SourceView]


@dataclass(frozen=True)
class TraceStepView:
    """One step of a worked example's trace, linked to the rule it applied (unless that is this page)."""

    link: Link | None
    title: str | None
    rule: str | None
    text: str


@dataclass(frozen=True)
class ExampleView:
    """A worked example: its question, verified outcome, trace and "try it" link."""

    example: Example
    anchor: str
    link: Link
    """Where the example is shown in full (its game's examples page)."""
    title: Localized | None
    quote: Localized | None
    status: str
    """``pass`` or ``fail``."""
    calculator: str
    calculator_href: str
    try_href: str
    """The calculator page with the example's scenario in the fragment."""
    scenario: dict[str, Any]
    """The scenario as plain data (the template shows it readably, :func:`rulebook.site.examples.plain_html`)."""
    outcome: dict[str, Any]
    """The outcome the source states, as the result's plain fields."""
    repeats_rule: bool
    """The quote is a passage of the text shown on this page (the example's first entry): not shown again."""
    trace: list[TraceStepView]
    assumptions: list[Localized]
    entry: Link
    version: str


@dataclass(frozen=True)
class NoteView:
    """An editor's note in the page's language (or the nearest one it has)."""

    kind: str
    text: Localized | None


@dataclass(frozen=True)
class CalculatorLink:
    """A link to a calculator page, named by the calculator."""

    name: str
    href: str


@dataclass(frozen=True)
class EntryView:
    """An entry page: which texts it shows and why, citation, links, notes, examples, calculators."""

    entry: Entry
    title: str
    heading: str
    section: str | None
    state: str
    kind: str
    authority: str | None
    """``house-rule``/``unofficial`` where the passage is not official, else ``None``."""
    game_name: str
    source: SourceView
    crumbs: list[Link]
    choice: TextChoice
    main_language: str
    original_language: str
    page_language: str
    second_language: str | None
    main_body: str
    second_body: str | None
    original_title: str
    see_also: list[Link]
    children: list[Link]
    terms: list[Link]
    notes: list[NoteView]
    examples: list[ExampleView]
    """The examples shown on this page: those whose first entry it is (in full while the page's
    budget lasts, see :func:`rulebook.site.render.render_site`); the others are linked."""
    example_links: list[Link]
    calculators: list[CalculatorLink]
    origin: TextOrigin | None
    """Where the main text came from (``None`` for a heading without a body)."""


@dataclass(frozen=True)
class CalculatorView:
    """A calculator page: the host element's data, the rules it implements, its worked examples."""

    name: str
    title: str
    games: list[Link]
    entries: list[Link]
    examples: list[ExampleView]
    start_title: Localized | None
    start_scenario: str
    """The first worked example's scenario as JSON: what the page runs when it opens."""
    site_root: str
    schema_href: str
    entries_href: str
    package: str
    """The adjudicator package that registers the calculator: the page imports it alone."""


@dataclass(frozen=True)
class RenderingView:
    """A term's rendering in one language, for the term page's table."""

    language: str
    lang: str
    text: str


@dataclass(frozen=True)
class TermView:
    """A glossary term's page."""

    term: Term
    title: str
    forms: list[str]
    definition: Localized | None
    renderings: list[RenderingView]
    games: list[Link]
    defined_by: list[Link]
    used_by: list[Link]


@dataclass(frozen=True)
class GlossaryView:
    """The A–Z glossary: terms grouped by their first letter in the page's language."""

    letters: list[tuple[str, list[Link]]]


@dataclass(frozen=True)
class StatusRow:
    """One translation state on the translation dashboard."""

    state: str
    count: str
    share: str
    entries: list[Link]


@dataclass(frozen=True)
class StatusView:
    """The translation dashboard of one language."""

    rows: list[StatusRow]
    total: str
    language: str


@dataclass(frozen=True)
class ExamplesOfGame:
    """One game's worked examples on the examples index: how many, and the pages they are on."""

    name: str
    href: str
    count: int
    pages: list[Link]
    """Each page of the game's examples, titled by its number."""


@dataclass(frozen=True)
class CalculatorListItem:
    """One calculator on the calculators index."""

    name: str
    title: str
    href: str
    games: list[str]
    examples: int
    """How many worked examples start from it."""


def template_fields(view: object) -> dict[str, Any]:
    """A view's fields as a template's top-level variables (shallow: nested views stay typed).

    >>> template_fields(Link("Sperren", "sperren.md"))
    {'title': 'Sperren', 'href': 'sperren.md', 'section': None, 'detail': None}
    """
    assert dataclasses.is_dataclass(view) and not isinstance(view, type)
    return {item.name: getattr(view, item.name) for item in dataclasses.fields(view)}


def pick(
    texts: dict[Language, str],
    lang: Language,
    fallback: Language = Language.EN,
    other: OtherText | None = None,
) -> Localized | None:
    """The text in ``lang``, else in ``fallback`` (English unless said), else any language; ``None`` when there is none.

    A quotation of a source falls back to the source's own language (the words quoted), not to English.
    With ``other`` (the same texts as an :class:`OtherText`), a translation made from an earlier original
    is marked ``outdated``.
    """
    for candidate in (lang, fallback, *texts):
        value = texts.get(candidate)
        if value:
            language = Language(candidate)
            return Localized(value, language.value, other is not None and other.state(language) == "outdated")
    return None


def body_markdown(
    site: SiteIndex,
    entry: Entry,
    text: LanguageText,
    lang: Language,
    page_path: str,
    link_terms: bool,
    targets: Mapping[str, str] | None = None,
) -> str:
    """An entry's body made safe for a page at ``page_path``: markup escaped, ``ref:`` links resolved
    (to ``targets``, entry id → docs-relative path, by default the entry pages), rule numbers of the
    entry's source linked to their entries (:func:`section_links`), first term mentions linked."""
    targets = targets or site.paths
    markdown = resolve_entry_links(escape_markup(text.body.strip()), page_path, targets)
    markdown = link_section_references(markdown, page_path, section_links(site, entry, targets))
    if link_terms:
        mentions = []
        for term_id in entry.terms:
            rendering = site.terms[term_id].rendering.get(lang)
            if rendering is not None:
                mentions.append(
                    ([rendering.text, *rendering.forms], relative_link(page_path, term_path(site.terms[term_id])))
                )
        markdown = link_first_mentions(markdown, mentions)
    return markdown


def _linked_note(site: SiteIndex, entry: Entry, note: Localized | None, page_path: str) -> Localized | None:
    """An editor's note HTML-escaped (as the template would) with its rule numbers linked."""
    if note is None:
        return None
    linked = link_section_references(str(escape(note.text)), page_path, section_links(site, entry, site.paths))
    return Localized(Markup(linked), note.lang, note.outdated)


def section_links(site: SiteIndex, entry: Entry, targets: Mapping[str, str]) -> dict[str, str]:
    """Section number → docs-relative path (``targets``) of the entries of ``entry``'s source, but itself."""
    return {
        number: targets[other.id]
        for number, other in site.sections.get(entry.source, {}).items()
        if other.id != entry.id
    }


def source_view(site: SiteIndex, source: Source, lang: Language, from_path: str) -> SourceView:
    return SourceView(
        source=source,
        title=in_language(source.title, lang),
        href=relative_link(from_path, source_path(source)),
        date=format_source_date(source.date, lang.value) if source.date else None,
        language=language_name(source.lang.value, lang.value),
        precedence=pick(source.precedence, lang, other=site.other(source, "precedence")),
        description=pick(source.description, lang, other=site.other(source, "description")),
        entries=format_count(site.entries_per_source[source.id], lang.value),
    )


def game_view(site: SiteIndex, game: Game, lang: Language, from_path: str) -> GameView:
    return GameView(
        game=game,
        name=in_language(game.name, lang),
        href=relative_link(from_path, f"{game.id}/index.md"),
        description=pick(game.description, lang, other=site.other(game, "description")),
        sources=[source_view(site, s, lang, from_path) for s in site.corpus.sources if s.game == game.id],
    )


def toc(site: SiteIndex, parent: str | None, source_id: str, lang: Language, from_path: str) -> tuple[TocItem, ...]:
    return tuple(
        TocItem(
            site.entry_link(child, lang, from_path), child.kind.value, toc(site, child.id, source_id, lang, from_path)
        )
        for child in site.children[parent]
        if child.source == source_id
    )


def example_anchor(example: Example) -> str:
    """The fragment id of an example on its entry page.

    >>> example_anchor(Example.model_validate({"id": "how.example.radar-227", "game": "hell-of-a-war",
    ...     "entries": ["how.aktionsstapel"], "title": {"en": "Radar"}, "calculator": "stack",
    ...     "scenario": {}, "expected": {}}))
    'how-example-radar-227'
    """
    return example.id.replace(".", "-")


def example_view(site: SiteIndex, outcome: ExampleOutcome, lang: Language, from_path: str) -> ExampleView:
    example: Example = outcome.example
    trace = []
    for step in outcome.trace:
        rule = site.entries.get(step.get("rule", ""))
        link = site.entry_link(rule, lang, from_path) if rule else None
        here = rule is not None and site.paths[rule.id] == from_path
        trace.append(
            TraceStepView(
                link=None if here else link,
                title=link.title if link else step.get("rule"),
                rule=step.get("rule"),
                text=site.step_text(step, lang),
            )
        )
    first = site.entries[example.entries[0]]
    entry_link = site.entry_link(first, lang, from_path)
    title = pick(example.title, lang, other=site.other(example, "title"))
    quote = pick(example.quote, lang, fallback=first.lang, other=site.other(example, "quote"))
    quoted_text = first.text.get(Language(quote.lang)) if quote else None
    if quote and quote.lang == first.lang.value:
        quoted_text = first.original
    calculator_href = url_link(from_path, calculator_path(outcome.calculator))
    return ExampleView(
        example=example,
        anchor=example_anchor(example),
        link=Link(
            title.text if title else example.id,
            f"{relative_link(from_path, site.example_pages[example.id])}#{example_anchor(example)}",
        ),
        title=title,
        quote=quote,
        status=outcome.status,
        calculator=outcome.calculator,
        calculator_href=calculator_href,
        try_href=f"{calculator_href}#{site.share_fragment(example)}",
        scenario=example.scenario,
        outcome=site.stated_outcome(outcome),
        repeats_rule=from_path == site.paths[first.id]
        and quote is not None
        and quoted_text is not None
        and repeats_text(quote.text, quoted_text.body),
        trace=trace,
        assumptions=[
            a
            for a in (
                pick(item, lang, other=site.other(example, f"assumptions#{index}"))
                for index, item in enumerate(example.assumptions, 1)
            )
            if a
        ],
        entry=entry_link,
        version=__version__,
    )


def entry_view(site: SiteIndex, entry: Entry, lang: Language) -> EntryView:
    path = site.paths[entry.id]
    game = site.games[entry.game]
    source = site.sources[entry.source]
    choice = text_choice(entry, lang)
    title = site.entry_title(entry, lang)
    section = site.section_of(entry)
    authority = entry.authority or source.authority
    crumbs = [
        Link(in_language(game.name, lang), relative_link(path, f"{game.id}/index.md")),
        Link(in_language(source.title, lang), relative_link(path, source_path(source))),
    ]
    crumbs += [site.entry_link(ancestor, lang, path) for ancestor in site.ancestors(entry)]
    notes = [
        NoteView(
            note.kind.value,
            _linked_note(site, entry, pick(note.text, lang, other=site.other(entry, f"notes#{index}")), path),
        )
        for index, note in enumerate(entry.notes, 1)
    ]
    return EntryView(
        entry=entry,
        title=title,
        heading=title if not entry.section or title.startswith(entry.section) else f"{entry.section} {title}",
        section=section,
        state=entry_state(entry, lang),
        kind=entry.kind.value,
        authority=authority.value if authority is not Authority.OFFICIAL else None,
        game_name=in_language(game.name, lang),
        source=source_view(site, source, lang, path),
        crumbs=crumbs,
        choice=choice,
        main_language=language_name(choice.main_lang.value, lang.value),
        original_language=language_name(entry.lang.value, lang.value, in_sentence=True),
        page_language=language_name(lang.value, lang.value),
        second_language=language_name(choice.second_lang.value, lang.value, in_sentence=True)
        if choice.second_lang
        else None,
        main_body=body_markdown(site, entry, choice.main, choice.main_lang, path, link_terms=True),
        second_body=body_markdown(site, entry, choice.second, choice.second_lang, path, link_terms=False)
        if choice.second is not None and choice.second_lang is not None
        else None,
        original_title=entry.original.title,
        see_also=[site.entry_link(site.entries[target], lang, path) for target in entry.see_also],
        children=[site.entry_link(child, lang, path) for child in site.children[entry.id]],
        terms=[
            Link(
                site.terms[t].rendering[lang].text if lang in site.terms[t].rendering else t,
                relative_link(path, term_path(site.terms[t])),
            )
            for t in entry.terms
        ],
        notes=notes,
        # An example is shown on the first entry it illustrates (in full while the page's budget
        # lasts, see render_site) and linked from the others.
        examples=[
            example_view(site, outcome, lang, path)
            for outcome in site.outcomes_by_entry[entry.id]
            if outcome.example.entries[0] == entry.id
        ],
        example_links=[
            example_view(site, outcome, lang, path).link
            for outcome in site.outcomes_by_entry[entry.id]
            if outcome.example.entries[0] != entry.id
        ],
        calculators=[
            CalculatorLink(name, relative_link(path, calculator_path(name)))
            for name in site.calculators_by_entry[entry.id]
        ],
        origin=text_origin(entry, choice.main_lang, lang) if choice.main.body.strip() else None,
    )


def calculator_view(site: SiteIndex, calculator: Calculator, lang: Language) -> CalculatorView:
    """A calculator page: the host element's data, the rules it implements, its worked examples."""
    path = calculator_path(calculator.name)
    outcomes = site.outcomes_by_calculator[calculator.name]
    start = outcomes[0].example if outcomes else None
    site_root = posixpath.relpath("/", page_url(lang.value, path)) + "/"
    return CalculatorView(
        name=calculator.name,
        title=calculator.title,
        games=[
            Link(in_language(site.games[g].name, lang), relative_link(path, f"{g}/index.md"))
            for g in calculator.games
            if g in site.games
        ],
        entries=[
            site.entry_link(site.entries[entry_id], lang, path) for entry_id in site.implemented_by(calculator.name)
        ],
        examples=[example_view(site, outcome, lang, path) for outcome in outcomes],
        start_title=pick(start.title, lang, other=site.other(start, "title")) if start else None,
        start_scenario=json.dumps(
            runnable_scenario(start, site.corpus) if start else {},
            ensure_ascii=False,
            separators=(",", ":"),
            default=str,
        ),
        site_root=site_root,
        schema_href=f"{site_root}_runtime/schema/{calculator.name}.json",
        entries_href=url_link(path, "calculators/index.md") + "entries.json",
        package=calculator_packages()[calculator.name],
    )


def calculator_entries(site: SiteIndex, lang: Language) -> str:
    """JSON of :data:`CALCULATOR_ENTRIES`: entry id → ``[title with section, URL relative to the tree]``."""
    index = {}
    for entry in site.corpus.entries:
        link = site.entry_link(entry, lang, "index.md")
        index[entry.id] = [
            f"{link.section} {link.title}" if link.section else link.title,
            page_url("x", site.paths[entry.id])[3:],
        ]
    return json.dumps(index, ensure_ascii=False, separators=(",", ":"))


def term_view(site: SiteIndex, term: Term, lang: Language) -> TermView:
    path = term_path(term)
    rendering = in_language(term.rendering, lang)
    return TermView(
        term=term,
        title=rendering.text,
        forms=rendering.forms,
        definition=pick(term.definition, lang, other=site.other(term, "definition")),
        renderings=[
            RenderingView(language_name(code, lang.value), code, term.rendering[Language(code)].text)
            for code in LANGUAGES
            if Language(code) in term.rendering
        ],
        games=[
            Link(in_language(site.games[g].name, lang), relative_link(path, f"{g}/index.md"))
            for g in term.games
            if g in site.games
        ],
        defined_by=[site.entry_link(site.entries[e], lang, path) for e in term.defined_by],
        used_by=[site.entry_link(e, lang, path) for e in site.used_by[term.id] if e.id not in term.defined_by],
    )


def glossary_view(site: SiteIndex, lang: Language) -> GlossaryView:
    path = "glossary/index.md"
    groups: dict[str, list[Link]] = defaultdict(list)
    for term in site.corpus.terms:
        rendering = in_language(term.rendering, lang)
        label = rendering.text
        groups[label[:1].upper()].append(Link(label, relative_link(path, term_path(term)), detail=term.abbreviation))
    return GlossaryView(
        letters=[
            (letter, sorted(groups[letter], key=lambda link: link.title.casefold()))
            for letter in sorted(groups, key=str.casefold)
        ]
    )


@dataclass(frozen=True)
class CoverageRow:
    """What one game's rule text is in the page's language (home page): counts of entries with a body."""

    game: str
    href: str
    original: int
    reviewed: int
    draft: int
    outdated: int
    untranslated: int
    """Entries whose text in this language is missing or has its title only (the page shows the original)."""
    total: int


def language_coverage(site: SiteIndex, lang: Language, from_path: str) -> list[CoverageRow]:
    """Per game, how many passages with a body can be read in ``lang``, and how far they can be trusted.

    Headings (no body in any language) are left out: they hold no rule text.
    """
    rows = []
    for game in site.corpus.games:
        states = Counter(
            entry_state(entry, lang)
            for entry in site.corpus.entries
            if entry.game == game.id and entry.original.body.strip()
        )
        rows.append(
            CoverageRow(
                game=in_language(game.name, lang),
                href=relative_link(from_path, f"{game.id}/index.md"),
                original=states["original"],
                reviewed=states["reviewed"],
                draft=states["draft"],
                outdated=states["outdated"],
                untranslated=states["title-only"] + states["missing"],
                total=sum(states.values()),
            )
        )
    return rows


def status_view(site: SiteIndex, lang: Language) -> StatusView:
    path = "translation.md"
    status = language_status(site.corpus, lang)
    rows = []
    for state in STATES:
        ids = status.entries[state]
        rows.append(
            StatusRow(
                state=state,
                count=format_count(status.counts[state], lang.value),
                share=format_share(status.counts[state], status.total, lang.value),
                entries=[site.entry_link(site.entries[i], lang, path) for i in ids],
            )
        )
    return StatusView(
        rows=rows,
        total=format_count(status.total, lang.value),
        language=language_name(lang.value, lang.value),
    )
