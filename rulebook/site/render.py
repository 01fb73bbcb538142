"""Render the content to Markdown pages, one tree per language, for MkDocs to build.

This is the site generator's first stage (issue 6): it turns a validated
:class:`~rulebook.content.model.Corpus` into ``<out>/<lang>/…/*.md`` with the Jinja
templates of ``templates/``. Python prepares every page as a small view model
(titles in the page's language, relative links, which text to show and why);
the templates only lay it out and supply the UI words through gettext.

Page paths, hence URLs, derive from ids only (issue 6, "stable deep links")::

    index.md                      /<lang>/                      home
    <game>/index.md               /<lang>/<game>/               game index
    <game>/<entry slug>.md        /<lang>/<game>/<entry slug>/  one entry
    sources/<source id>.md        /<lang>/sources/<source id>/  table of contents of a source
    glossary/index.md, glossary/<term id>.md                    A–Z glossary, one page per term
    examples/index.md, examples/<game>.md                       worked examples: list, and in full per game
    calculators/index.md, calculators/<name>.md                 the calculators (issue 9), one page each
    translation.md, search.md                                   translation status, search

A calculator page holds only a host element with its data (the calculator, the
example it starts from, its UI strings from the catalogs); the site script loads
the runtime of :mod:`rulebook.site.runtime` for it. Every worked example links to its
calculator page with the example's scenario in the fragment ("try it",
:func:`share_fragment`), and every entry a calculator implements — cited by its examples
or applied in their verified traces — links to that calculator.

Content never injects markup: every title, note and heading is HTML-escaped by
the template engine, and bodies have ``<`` escaped before their Markdown is
kept (:func:`escape_markup`); :mod:`rulebook.site.sanitize` cleans the built HTML a
second time.
"""

from __future__ import annotations

import base64
import json
import posixpath
import re
import shutil
import zlib
from collections import Counter, defaultdict
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import jinja2
import yaml  # type: ignore[import-untyped]
from markupsafe import Markup, escape

from adjudicator.registry import Calculator, calculators
from rulebook import __version__
from rulebook.errors import TemplateError
from rulebook.site.i18n import format_count, format_share, format_source_date, language_name, load_translations
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
    TranslationStatus,
)
from rulebook.translation.status import STATES, entry_state, language_status

__all__ = [
    "RESERVED_FOLDERS",
    "RenderedTree",
    "entry_page_path",
    "escape_markup",
    "link_first_mentions",
    "page_url",
    "relative_link",
    "render_root_page",
    "render_site",
    "resolve_entry_links",
    "share_fragment",
    "text_choice",
    "url_link",
]

RESERVED_FOLDERS = frozenset({"assets", "calculators", "glossary", "sources", "pagefind", "search", "examples", "translation"})
"""Top-level names of a language tree that no game id may take."""


ENTRY_MARKDOWN_BUDGET = 24_000
"""Bytes (UTF-8) of Markdown (the texts plus worked examples in full) one entry page may carry.

Issue 6 caps an entry page's HTML at 50 KB; the theme takes about 14 KB. Examples past the
budget are shown compact (title, badge, outcome) and linked to their full version on the
game's examples page, where every example is always shown in full."""



# --- paths and links -------------------------------------------------------------------


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


def relative_link(from_path: str, to_path: str) -> str:
    """A Markdown link from one docs-relative page to another (MkDocs checks and rewrites it).

    >>> relative_link("hell-of-a-war/aktionsstapel.md", "glossary/tw.md")
    '../glossary/tw.md'
    >>> relative_link("index.md", "sources/how-faq.md")
    'sources/how-faq.md'
    """
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


def escape_markup(markdown: str) -> str:
    """Make raw HTML in content Markdown inert: ``<`` becomes ``&lt;`` (so no tag can open).

    Markdown syntax (emphasis, lists, tables, links) is untouched; an entity the
    author typed stays an entity and shows as its character.

    >>> escape_markup('Use <script>alert(1)</script> and <img src=x onerror=alert(2)>!')
    'Use &lt;script>alert(1)&lt;/script> and &lt;img src=x onerror=alert(2)>!'
    """
    return markdown.replace("<", "&lt;")


_REF_LINK = re.compile(r"\[([^\]]*)\]\(ref:([^)\s]+)\)")
_PROTECTED = re.compile(r"\[[^\]]*\]\([^)]*\)|`[^`]*`|&[#\w]+;|^#+ .*$", re.MULTILINE)


def resolve_entry_links(markdown: str, page_path: str, targets: dict[str, str]) -> str:
    """Rewrite ``[text](ref:ENTRY-ID)`` into a relative link to that entry's page.

    ``targets`` maps entry ids to their docs-relative page paths; the loader has
    already refused unknown ids, so an unknown one here is a bug and raises ``KeyError``.

    >>> resolve_entry_links("s. [Sperren](ref:how.sperren)", "hell-of-a-war/abwerfen.md",
    ...                     {"how.sperren": "hell-of-a-war/sperren.md"})
    's. [Sperren](sperren.md)'
    """
    return _REF_LINK.sub(lambda m: f"[{m.group(1)}]({relative_link(page_path, targets[m.group(2)])})", markdown)


def link_first_mentions(markdown: str, mentions: Sequence[tuple[Sequence[str], str]]) -> str:
    """Link the first mention of each term: ``mentions`` pairs the forms of a term with its link.

    Longer forms win over shorter ones; words inside existing links, code, entities and
    headings are left alone; matching ignores case but keeps the text as written.

    >>> link_first_mentions("Der Aktionsstapel: jeder Aktionsstapels Ende.",
    ...                     [(["Aktionsstapel", "Aktionsstapels"], "../glossary/aktionsstapel.md")])
    'Der [Aktionsstapel](../glossary/aktionsstapel.md): jeder Aktionsstapels Ende.'
    >>> link_first_mentions("see [the TW rule](x.md) and TW", [(["TW"], "tw.md")])
    'see [the TW rule](x.md) and [TW](tw.md)'
    """
    for forms, href in mentions:
        alternatives = sorted({form for form in forms if form.strip()}, key=len, reverse=True)
        if not alternatives:
            continue
        pattern = re.compile(r"(?<!\w)(" + "|".join(re.escape(form) for form in alternatives) + r")(?!\w)", re.IGNORECASE)
        protected = [(m.start(), m.end()) for m in _PROTECTED.finditer(markdown)]
        for match in pattern.finditer(markdown):
            if any(start < match.end() and match.start() < end for start, end in protected):
                continue
            markdown = f"{markdown[:match.start()]}[{match.group(1)}]({href}){markdown[match.end():]}"
            break
    return markdown


# --- which text an entry page shows ----------------------------------------------------


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
    """Decide what the ``lang`` page of ``entry`` shows (issue 6, "Entry page").

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


# --- view models -----------------------------------------------------------------------


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


@dataclass(frozen=True)
class TocItem:
    """One line of a source's table of contents, with the entries nested under it."""

    link: Link
    kind: str
    children: tuple[TocItem, ...] = ()


@dataclass(frozen=True)
class RenderedTree:
    """One language's generated docs folder and the navigation MkDocs should show."""

    lang: str
    docs_dir: Path
    pages: int
    overrides: dict[str, Any] = field(default_factory=dict)
    """Per-language MkDocs settings rendered from ``mkdocs.yml.j2`` (nav, labels)."""


class _Site:
    """Lookups shared by every page of one render (built once per corpus)."""

    def __init__(self, corpus: Corpus, outcomes: Sequence[Any]) -> None:
        self.corpus = corpus
        self.games = {game.id: game for game in corpus.games}
        self.sources = {source.id: source for source in corpus.sources}
        self.entries = {entry.id: entry for entry in corpus.entries}
        self.terms = {term.id: term for term in corpus.terms}
        self.paths = {entry.id: entry_page_path(entry) for entry in corpus.entries}
        self.entries_per_source = Counter(entry.source for entry in corpus.entries)
        self.children: dict[str | None, list[Entry]] = defaultdict(list)
        for entry in sorted(corpus.entries, key=lambda e: (e.source, e.order)):
            self.children[entry.parent].append(entry)
        self.used_by: dict[str, list[Entry]] = defaultdict(list)
        for entry in sorted(corpus.entries, key=lambda e: (e.source, e.order)):
            for term_id in entry.terms:
                self.used_by[term_id].append(entry)
        self.outcomes_by_entry: dict[str, list[Any]] = defaultdict(list)
        for outcome in outcomes:
            for entry_id in outcome.example.entries:
                self.outcomes_by_entry[entry_id].append(outcome)
        self.outcomes = list(outcomes)
        self._blocks: dict[str, tuple[str, str, str, str]] = {}
        self.calculators = calculators()
        self.outcomes_by_calculator: dict[str, list[Any]] = defaultdict(list)
        for outcome in sorted(outcomes, key=self._source_order):
            self.outcomes_by_calculator[outcome.calculator].append(outcome)
        # A calculator implements the entries its examples cite and the rules their verified traces
        # applied (a rule can be applied without an example devoted to it); those entries link to it.
        self.calculators_by_entry: dict[str, list[str]] = defaultdict(list)
        for name in sorted(self.outcomes_by_calculator):
            for entry_id in self.implemented_by(name):
                self.calculators_by_entry[entry_id].append(name)

    def _source_order(self, outcome: Any) -> tuple[str, int, str]:
        first = self.entries[outcome.example.entries[0]]
        return first.source, first.order, outcome.example.id

    def implemented_by(self, name: str) -> list[str]:
        """The entries calculator ``name``'s worked examples cite or their traces applied, in source order."""
        cited = {entry_id for outcome in self.outcomes_by_calculator[name] for entry_id in outcome.example.entries}
        cited |= {step["rule"] for outcome in self.outcomes_by_calculator[name] for step in outcome.trace
                  if step.get("rule") in self.entries}
        return sorted(cited, key=lambda entry_id: (self.entries[entry_id].source, self.entries[entry_id].order))

    def example_blocks(self, outcome: Any) -> tuple[str, str, str, str]:
        """Scenario and outcome of an example as YAML, a code fence longer than any backtick run in
        them, and the outcome on one line (for the compact form).

        The same for every language, so made once per example.
        """
        key = outcome.example.id
        if key not in self._blocks:
            scenario = _yaml_block(outcome.example.scenario)
            # Shown: the fields the source states (what was verified), not the whole result; the
            # trace has its own list of linked steps.
            stated = outcome.example.expected or outcome.result
            shown = {name: value for name, value in outcome.result.items() if name in stated and name != "trace"}
            result = _yaml_block(shown)
            longest_run = max((len(run) for run in re.findall(r"`+", scenario + result)), default=0)
            line = _yaml_block(shown, one_line=True).replace("`", "'")
            self._blocks[key] = (scenario, result, "`" * max(3, longest_run + 1), line if len(line) <= 120 else line[:119] + "…")
        return self._blocks[key]

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


def _pick(texts: dict[Language, str], lang: Language) -> Localized | None:
    """The text in ``lang``, else English, else any language; ``None`` when there is none."""
    for candidate in (lang, Language.EN, *texts):
        value = texts.get(candidate)
        if value:
            return Localized(value, Language(candidate).value)
    return None


def _examples_path(game_id: str) -> str:
    return f"examples/{game_id}.md"


def _source_path(source: Source) -> str:
    return f"sources/{source.id}.md"


def _term_path(term: Term) -> str:
    return f"glossary/{term.id}.md"


def _calculator_path(name: str) -> str:
    return f"calculators/{name}.md"


CALCULATOR_ENTRIES = "calculators/entries.json"
"""Per tree: every entry's title and page (relative to the tree), for the links of a calculator's trace."""


def _body(site: _Site, entry: Entry, text: LanguageText, lang: Language, page_path: str, link_terms: bool) -> str:
    markdown = resolve_entry_links(escape_markup(text.body.strip()), page_path, site.paths)
    if link_terms:
        mentions = []
        for term_id in entry.terms:
            rendering = site.terms[term_id].rendering.get(lang)
            if rendering is not None:
                mentions.append(([rendering.text, *rendering.forms], relative_link(page_path, _term_path(site.terms[term_id]))))
        markdown = link_first_mentions(markdown, mentions)
    return markdown


def _source_view(site: _Site, source: Source, lang: Language, from_path: str) -> dict[str, Any]:
    return {
        "source": source,
        "title": source.title.get(lang) or source.title[Language.EN],
        "href": relative_link(from_path, _source_path(source)),
        "date": format_source_date(source.date, lang.value) if source.date else None,
        "language": language_name(source.lang.value, lang.value),
        "precedence": _pick(source.precedence, lang),
        "description": _pick(source.description, lang),
        "entries": format_count(site.entries_per_source[source.id], lang.value),
    }


def _game_view(site: _Site, game: Game, lang: Language, from_path: str) -> dict[str, Any]:
    return {
        "game": game,
        "name": game.name.get(lang) or game.name[Language.EN],
        "href": relative_link(from_path, f"{game.id}/index.md"),
        "description": _pick(game.description, lang),
        "sources": [_source_view(site, s, lang, from_path) for s in site.corpus.sources if s.game == game.id],
    }


def _toc(site: _Site, parent: str | None, source_id: str, lang: Language, from_path: str) -> tuple[TocItem, ...]:
    return tuple(
        TocItem(site.entry_link(child, lang, from_path), child.kind.value, _toc(site, child.id, source_id, lang, from_path))
        for child in site.children[parent]
        if child.source == source_id
    )


class _Flow(dict):  # type: ignore[type-arg]
    """A mapping short enough to print on one line."""


class _FlowList(list):  # type: ignore[type-arg]
    """A list short enough to print on one line."""


class _CompactDumper(getattr(yaml, "CSafeDumper", yaml.SafeDumper)):  # type: ignore[misc]
    """libyaml's emitter where PyYAML has it (the pure-Python one dominated the render time)."""


_CompactDumper.add_representer(_Flow, lambda dumper, data: dumper.represent_mapping("tag:yaml.org,2002:map", data, flow_style=True))
_CompactDumper.add_representer(_FlowList, lambda dumper, data: dumper.represent_sequence("tag:yaml.org,2002:seq", data, flow_style=True))

_ONE_LINE = 76
"""Collections whose JSON is at most this long are printed on one line."""


def _compact(data: Any) -> Any:
    if isinstance(data, dict):
        inner: Any = {key: _compact(value) for key, value in data.items()}
        kind: type = _Flow
    elif isinstance(data, list):
        inner = [_compact(value) for value in data]
        kind = _FlowList
    else:
        return data
    return kind(inner) if len(json.dumps(data, ensure_ascii=False)) <= _ONE_LINE else type(data)(inner)


def _yaml_block(data: Any, one_line: bool = False) -> str:
    """Scenario or result data as compact YAML for a code block: short collections on one line
    (or everything on one line).

    >>> print(_yaml_block({"attacks": [{"target": "Dover", "methods": ["invasion", "paradrop"]},
    ...                                {"target": "London", "methods": ["overland"], "advance_from": "Dover"}]}))
    attacks:
    - {target: Dover, methods: [invasion, paradrop]}
    - {target: London, methods: [overland], advance_from: Dover}
    >>> _yaml_block({"supplied": {"g1": True}}, one_line=True)
    '{supplied: {g1: true}}'
    """
    plain = json.loads(json.dumps(data, default=str))  # YAML-loaded numbers may be subclasses PyYAML refuses
    if one_line:
        text: str = yaml.dump(plain, Dumper=_CompactDumper, allow_unicode=True, sort_keys=False,
                              default_flow_style=True, width=1_000_000)
    else:
        text = yaml.dump(_compact(plain), Dumper=_CompactDumper, allow_unicode=True, sort_keys=False, width=88)
    return text.rstrip("\n")


def _example_anchor(example: Example) -> str:
    """The fragment id of an example on its entry page.

    >>> _example_anchor(Example.model_validate({"id": "how.example.radar-227", "game": "hell-of-a-war",
    ...     "entries": ["how.aktionsstapel"], "title": {"en": "Radar"}, "calculator": "stack",
    ...     "scenario": {}, "expected": {}}))
    'how-example-radar-227'
    """
    return example.id.replace(".", "-")


def _example_view(site: _Site, outcome: Any, lang: Language, from_path: str) -> dict[str, Any]:
    example: Example = outcome.example
    trace = []
    for step in outcome.trace:
        rule = site.entries.get(step.get("rule", ""))
        link = site.entry_link(rule, lang, from_path) if rule else None
        here = rule is not None and site.paths[rule.id] == from_path
        trace.append({"link": None if here else link, "title": link.title if link else step.get("rule"),
                      "rule": step.get("rule"), "text": str(step.get("text", ""))})
    first = site.entries[example.entries[0]]
    scenario, result, fence, outcome_line = site.example_blocks(outcome)
    entry_link = site.entry_link(first, lang, from_path)
    title = _pick(example.title, lang)
    calculator_href = url_link(from_path, _calculator_path(outcome.calculator))
    return {
        "example": example,
        "anchor": _example_anchor(example),
        "link": Link(title.text if title else example.id,
                     f"{relative_link(from_path, _examples_path(example.game))}#{_example_anchor(example)}"),
        "title": _pick(example.title, lang),
        "quote": _pick(example.quote, lang),
        "status": outcome.status,
        "calculator": outcome.calculator,
        "calculator_href": calculator_href,
        "try_href": f"{calculator_href}#{share_fragment(example.scenario)}",
        "scenario": scenario,
        "result": result,
        "fence": fence,
        "outcome_line": outcome_line,
        "trace": trace,
        "assumptions": [a for a in (_pick(item, lang) for item in example.assumptions) if a],
        "entry": entry_link,
        "version": __version__,
    }


def _entry_view(site: _Site, entry: Entry, lang: Language) -> dict[str, Any]:
    path = site.paths[entry.id]
    game = site.games[entry.game]
    source = site.sources[entry.source]
    choice = text_choice(entry, lang)
    title = site.entry_title(entry, lang)
    section = site.section_of(entry)
    authority = entry.authority or source.authority
    crumbs = [Link(game.name.get(lang) or game.name[Language.EN], relative_link(path, f"{game.id}/index.md")),
              Link(source.title.get(lang) or source.title[Language.EN], relative_link(path, _source_path(source)))]
    crumbs += [site.entry_link(ancestor, lang, path) for ancestor in site.ancestors(entry)]
    notes = [{"kind": note.kind.value, "text": _pick(note.text, lang)} for note in entry.notes]
    return {
        "entry": entry,
        "title": title,
        "heading": title if not entry.section or title.startswith(entry.section) else f"{entry.section} {title}",
        "section": section,
        "state": entry_state(entry, lang),
        "kind": entry.kind.value,
        "authority": authority.value if authority is not Authority.OFFICIAL else None,
        "game_name": game.name.get(lang) or game.name[Language.EN],
        "source": _source_view(site, source, lang, path),
        "crumbs": crumbs,
        "choice": choice,
        "main_language": language_name(choice.main_lang.value, lang.value),
        "original_language": language_name(entry.lang.value, lang.value),
        "page_language": language_name(lang.value, lang.value),
        "second_language": language_name(choice.second_lang.value, lang.value) if choice.second_lang else None,
        "main_body": _body(site, entry, choice.main, choice.main_lang, path, link_terms=True),
        "second_body": _body(site, entry, choice.second, choice.second_lang, path, link_terms=False)
        if choice.second is not None and choice.second_lang is not None else None,
        "original_title": entry.original.title,
        "see_also": [site.entry_link(site.entries[target], lang, path) for target in entry.see_also],
        "children": [site.entry_link(child, lang, path) for child in site.children[entry.id]],
        "terms": [Link(site.terms[t].rendering[lang].text if lang in site.terms[t].rendering else t,
                       relative_link(path, _term_path(site.terms[t]))) for t in entry.terms],
        "notes": notes,
        # An example is shown on the first entry it illustrates (in full while the page's budget
        # lasts, see render_site) and linked from the others.
        "examples": [_example_view(site, outcome, lang, path) for outcome in site.outcomes_by_entry[entry.id]
                     if outcome.example.entries[0] == entry.id],
        "example_links": [_example_view(site, outcome, lang, path)["link"] for outcome in site.outcomes_by_entry[entry.id]
                          if outcome.example.entries[0] != entry.id],
        "calculators": [{"name": name, "href": relative_link(path, _calculator_path(name))}
                        for name in site.calculators_by_entry[entry.id]],
    }


def _calculator_view(site: _Site, calculator: Calculator, lang: Language) -> dict[str, Any]:
    """A calculator page: the host element's data, the rules it implements, its worked examples."""
    path = _calculator_path(calculator.name)
    outcomes = site.outcomes_by_calculator[calculator.name]
    start = outcomes[0].example if outcomes else None
    site_root = posixpath.relpath("/", page_url(lang.value, path)) + "/"
    return {
        "name": calculator.name,
        "title": calculator.title,
        "games": [Link(site.games[g].name.get(lang) or site.games[g].name[Language.EN], relative_link(path, f"{g}/index.md"))
                  for g in calculator.games if g in site.games],
        "entries": [site.entry_link(site.entries[entry_id], lang, path) for entry_id in site.implemented_by(calculator.name)],
        "examples": [_example_view(site, outcome, lang, path) for outcome in outcomes],
        "start_title": _pick(start.title, lang) if start else None,
        "start_scenario": json.dumps(start.scenario if start else {}, ensure_ascii=False, separators=(",", ":"), default=str),
        "site_root": site_root,
        "schema_href": f"{site_root}_runtime/schema/{calculator.name}.json",
        "entries_href": url_link(path, "calculators/index.md") + "entries.json",
    }


def _calculator_entries(site: _Site, lang: Language) -> str:
    """JSON of :data:`CALCULATOR_ENTRIES`: entry id → ``[title with section, URL relative to the tree]``."""
    index = {}
    for entry in site.corpus.entries:
        link = site.entry_link(entry, lang, "index.md")
        index[entry.id] = [f"{link.section} {link.title}" if link.section else link.title, page_url("x", site.paths[entry.id])[3:]]
    return json.dumps(index, ensure_ascii=False, separators=(",", ":"))


def _term_view(site: _Site, term: Term, lang: Language) -> dict[str, Any]:
    path = _term_path(term)
    rendering = term.rendering.get(lang) or term.rendering[Language.EN]
    return {
        "term": term,
        "title": rendering.text,
        "forms": rendering.forms,
        "definition": _pick(term.definition, lang),
        "renderings": [{"language": language_name(code, lang.value), "lang": code,
                        "text": term.rendering[Language(code)].text} for code in LANGUAGES if Language(code) in term.rendering],
        "games": [Link(site.games[g].name.get(lang) or site.games[g].name[Language.EN], relative_link(path, f"{g}/index.md"))
                  for g in term.games if g in site.games],
        "defined_by": [site.entry_link(site.entries[e], lang, path) for e in term.defined_by],
        "used_by": [site.entry_link(e, lang, path) for e in site.used_by[term.id] if e.id not in term.defined_by],
    }


def _glossary_view(site: _Site, lang: Language) -> dict[str, Any]:
    path = "glossary/index.md"
    groups: dict[str, list[Link]] = defaultdict(list)
    for term in site.corpus.terms:
        rendering = term.rendering.get(lang) or term.rendering[Language.EN]
        label = rendering.text
        groups[label[:1].upper()].append(Link(label, relative_link(path, _term_path(term)), detail=term.abbreviation))
    return {"letters": [(letter, sorted(groups[letter], key=lambda link: link.title.casefold()))
                        for letter in sorted(groups, key=str.casefold)]}


def _status_view(site: _Site, lang: Language) -> dict[str, Any]:
    path = "translation.md"
    status = language_status(site.corpus, lang)
    rows = []
    for state in STATES:
        ids = status.entries[state]
        rows.append({
            "state": state,
            "count": format_count(status.counts[state], lang.value),
            "share": format_share(status.counts[state], status.total, lang.value),
            "entries": [site.entry_link(site.entries[i], lang, path) for i in ids],
        })
    return {"rows": rows, "total": format_count(status.total, lang.value), "language": language_name(lang.value, lang.value)}


# --- rendering --------------------------------------------------------------------------


def _environment(templates_dir: Path, mo_dir: Path, lang: str) -> jinja2.Environment:
    env = jinja2.Environment(
        loader=jinja2.FileSystemLoader(str(templates_dir)),
        extensions=["jinja2.ext.i18n"],
        autoescape=True,
        undefined=jinja2.StrictUndefined,
        keep_trailing_newline=True,
        trim_blocks=True,
        lstrip_blocks=True,
    )
    env.install_gettext_translations(load_translations(mo_dir, lang), newstyle=True)  # type: ignore[attr-defined]
    env.filters["inline"] = _inline_markdown
    env.filters["yaml_string"] = _yaml_string
    env.globals["markdown"] = Markup
    env.globals["calculator_labels"] = {calculator.name: calculator.label for calculator in calculators().values()}
    return env


_MARKDOWN_SPECIAL = re.compile(r"([\\`*_\[\]|#])")


def _inline_markdown(value: object) -> Markup:
    """Plain text for inline Markdown: HTML-escaped, Markdown punctuation backslash-escaped.

    >>> str(_inline_markdown("Axis & Allies [2nd] *ed* <b>"))
    'Axis &amp; Allies \\\\[2nd\\\\] \\\\*ed\\\\* &lt;b&gt;'
    """
    return Markup(_MARKDOWN_SPECIAL.sub(r"\\\1", str(escape(str(value)))))


def _yaml_string(value: object) -> Markup:
    """A YAML double-quoted scalar holding ``value`` HTML-escaped (MkDocs themes print titles unescaped).

    >>> str(_yaml_string('Axis & Allies: "Retreat" <b>'))
    '"Axis &amp; Allies: &#34;Retreat&#34; &lt;b&gt;"'
    >>> str(_yaml_string("Сброс"))
    '"Сброс"'
    """
    return Markup(json.dumps(str(escape(value)), ensure_ascii=False))


def _render(env: jinja2.Environment, name: str, context: dict[str, Any]) -> str:
    try:
        return env.get_template(name).render(context)
    except jinja2.TemplateSyntaxError as error:
        raise TemplateError(f"{error.filename or name}:{error.lineno}: template syntax error: {error.message}") from None
    except jinja2.TemplateNotFound as error:
        raise TemplateError(f"template {error.name!r} not found; the templates folder must hold every page template") from None
    except jinja2.UndefinedError as error:
        raise TemplateError(f"{name}: {error.message}; the template uses a value the page does not provide") from None
    except jinja2.TemplateError as error:
        raise TemplateError(f"{name}: template error: {error}") from None


def _write(path: Path, text: str) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text, encoding="utf-8")


def _size(markdown: str) -> int:
    return len(markdown.encode("utf-8"))


def check_game_ids(corpus: Corpus) -> None:
    """Refuse a game id that would collide with a fixed folder of the site."""
    clashes = sorted(game.id for game in corpus.games if game.id in RESERVED_FOLDERS)
    if clashes:
        raise TemplateError(f"game id(s) {', '.join(clashes)} collide with site folders {sorted(RESERVED_FOLDERS)}; rename the game")


def render_site(
    corpus: Corpus,
    out_dir: Path,
    templates_dir: Path,
    mo_dir: Path,
    languages: Iterable[str] = LANGUAGES,
    outcomes: Sequence[Any] = (),
    progress: Callable[[str], None] | None = None,
) -> list[RenderedTree]:
    """Write every page of every language tree to ``out_dir/<lang>/`` and return the trees.

    ``outcomes`` are the results of :func:`rulebook.adjudication.examples.run_examples` (shown on their
    entries' pages). ``out_dir`` is emptied first, so a removed entry leaves no stale page.
    """
    check_game_ids(corpus)
    site = _Site(corpus, outcomes)
    if out_dir.exists():
        shutil.rmtree(out_dir)
    trees = []
    for code in languages:
        lang = Language(code)
        env = _environment(templates_dir, mo_dir, code)
        docs = out_dir / code
        common = {"lang": code, "page_language": language_name(code), "version": __version__,
                  "languages": [(other, language_name(other)) for other in LANGUAGES]}
        count = 0

        def page(path: str, template: str, **context: Any) -> None:
            nonlocal count
            _write(docs / path, _render(env, template, {**common, "path": path, "url": page_url(code, path), **context}))
            count += 1

        games = [_game_view(site, game, lang, "index.md") for game in corpus.games]
        page("index.md", "home.md.j2", games=games, terms=format_count(len(corpus.terms), code),
             entries=format_count(len(corpus.entries), code), examples=len(site.outcomes))
        for game in corpus.games:
            path = f"{game.id}/index.md"
            page(path, "game.md.j2", **_game_view(site, game, lang, path),
                 terms=[Link(t.rendering[lang].text, relative_link(path, _term_path(t)), detail=t.abbreviation)
                        for t in sorted(corpus.terms, key=lambda t: t.rendering[lang].text.casefold()) if game.id in t.games])
        for source in corpus.sources:
            path = _source_path(source)
            page(path, "source.md.j2", **_source_view(site, source, lang, path),
                 game_name=site.games[source.game].name.get(lang) or site.games[source.game].name[Language.EN],
                 game_href=relative_link(path, f"{source.game}/index.md"),
                 toc=_toc(site, None, source.id, lang, path))
        def example_markdown(view: dict[str, Any], compact: bool) -> Markup:
            return Markup(_render(env, "_example.md.j2", {**common, "example": view, "compact": compact}))

        for entry in corpus.entries:
            view = _entry_view(site, entry, lang)
            budget = ENTRY_MARKDOWN_BUDGET - _size(view["main_body"]) - _size(view["second_body"] or "")
            rendered = []
            for example in view["examples"]:
                full = example_markdown(example, compact=False)
                budget -= _size(full)
                rendered.append(full if budget >= 0 else example_markdown(example, compact=True))
            page(site.paths[entry.id], "entry.md.j2", **{**view, "examples": rendered})
        page("glossary/index.md", "glossary.md.j2", **_glossary_view(site, lang))
        for term in corpus.terms:
            page(_term_path(term), "term.md.j2", **_term_view(site, term, lang))
        in_source_order = sorted(site.outcomes, key=lambda o: (site.entries[o.example.entries[0]].source,
                                                               site.entries[o.example.entries[0]].order, o.example.id))
        by_game = {game.id: [o for o in in_source_order if o.example.game == game.id] for game in corpus.games}
        page("examples/index.md", "examples.md.j2", games=[
            {"name": view["name"], "href": relative_link("examples/index.md", _examples_path(view["game"].id)),
             "examples": [_example_view(site, outcome, lang, "examples/index.md") for outcome in by_game[view["game"].id]]}
            for view in games])
        for game in corpus.games:
            if by_game[game.id]:
                path = _examples_path(game.id)
                page(path, "game_examples.md.j2", name=game.name.get(lang) or game.name[Language.EN], examples=[
                    example_markdown(_example_view(site, outcome, lang, path), compact=False) for outcome in by_game[game.id]])
        page("calculators/index.md", "calculators.md.j2", calculators=[
            {"name": name, "title": calculator.title, "href": relative_link("calculators/index.md", _calculator_path(name)),
             "games": [site.games[g].name.get(lang) or site.games[g].name[Language.EN] for g in calculator.games if g in site.games],
             "examples": len(site.outcomes_by_calculator[name])}
            for name, calculator in sorted(site.calculators.items())])
        for calculator in site.calculators.values():
            page(_calculator_path(calculator.name), "calculator.md.j2", **_calculator_view(site, calculator, lang))
        _write(docs / CALCULATOR_ENTRIES, _calculator_entries(site, lang))
        page("translation.md", "translation.md.j2", **_status_view(site, lang))
        page("search.md", "search.md.j2")
        assets = templates_dir / "assets"
        if assets.is_dir():
            shutil.copytree(assets, docs / "assets")
        overrides_text = _render(env, "mkdocs.yml.j2", {**common, "games": games, "sources": corpus.sources})
        trees.append(RenderedTree(code, docs, count, yaml.safe_load(overrides_text)))
        if progress:
            progress(f"generated {count} pages for {code}")
    return trees


def render_root_page(templates_dir: Path, mo_dir: Path) -> str:
    """The site's ``index.html``: sends the visitor to the English tree, links every language."""
    env = _environment(templates_dir, mo_dir, Language.EN.value)
    return _render(env, "index.html.j2", {"languages": [(code, language_name(code)) for code in LANGUAGES]})
