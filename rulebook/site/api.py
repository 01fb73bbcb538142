"""The rules as data: a static JSON API of the site, written once per build beside the language trees.

Files, under the site's root::

    api/v1/index.json                       games, sources, languages, every entry with its pages and documents
    api/v1/<lang>/<game>/<entry slug>.json  one entry as the ``<lang>`` tree shows it
    api/v1/schema/index.json                JSON Schema of the index
    api/v1/schema/entry.json                JSON Schema of an entry document

An entry document holds what its page (:func:`rulebook.site.urls.entry_page_path`) shows: the text
the page chooses (:func:`rulebook.site.views.text_choice`) as Markdown, with ``ref:`` links made
absolute URLs of that tree, and as plain text; its state with provenance and digests; the original;
the editor's notes, terms, see-also entries and worked examples (scenario and the outcome the source
states). Every document carries :data:`API_VERSION`, raised whenever a document's shape changes
(a field added, removed or retyped); the index carries the content's version too (the Rulebook
version and a digest of everything the API serves), which changes whenever the content does.

The documents are declared as ``TypedDict`` here: mypy checks what the build writes against them,
and their JSON Schemas are made from the same declarations (:func:`api_schemas`).
``docs/developers/api.md`` describes the API for those who build on it.
"""

from __future__ import annotations

import functools
import hashlib
import json
from collections.abc import Mapping
from pathlib import Path
from typing import Any, Literal, get_args

from pydantic import ConfigDict, TypeAdapter, with_config
from typing_extensions import TypedDict  # pydantic makes schemas only of this TypedDict on Python < 3.12

from rulebook import __version__
from rulebook.content.model import LANGUAGES, Corpus, Entry, Language, in_language
from rulebook.site.i18n import language_name
from rulebook.site.markdown import entry_links_to
from rulebook.site.previews import plain_text
from rulebook.site.urls import page_url, source_path, term_path
from rulebook.site.views import SiteIndex, example_anchor, pick, text_choice
from rulebook.translation.checks import split_markdown
from rulebook.translation.status import entry_state

__all__ = [
    "API_FOLDER",
    "API_VERSION",
    "ApiReport",
    "EntryDocument",
    "IndexDocument",
    "api_schemas",
    "entry_document_path",
    "markdown_to_plain",
    "write_api",
]

API_VERSION: Literal[1] = 1
"""The shape of the documents: raised whenever a field is added, removed or changes its type or meaning."""

API_FOLDER = "api/v1"
"""Where the API lives under the site's root (the major version is in the path)."""

_SCHEMA_DIALECT = "https://json-schema.org/draft/2020-12/schema"
_DOCS: ConfigDict = ConfigDict(extra="forbid", use_attribute_docstrings=True)

State = Literal["original", "reviewed", "draft", "outdated", "title-only", "missing"]


@with_config(_DOCS)
class Link(TypedDict):
    """Another document of the site: an entry, a term, a source."""

    id: str
    """Its id."""
    title: str
    """Its title in the document's language (or the nearest one it has)."""
    url: str
    """Its page, an absolute URL."""


@with_config(_DOCS)
class Text(TypedDict):
    """A text in one language, as Markdown and as plain text."""

    lang: str
    """The language the text is actually in (ISO 639-1)."""
    title: str
    """The title, plain text."""
    markdown: str
    """The body, Markdown; links to entries are absolute URLs. Raw HTML is not markup: escape it."""
    plain: str
    """The body as plain text: links become their text, emphasis marks go, list and table layout stays."""


@with_config(_DOCS)
class ProvenanceDocument(TypedDict):
    """How a translation was made."""

    translated_from: str
    """The language version it was made from."""
    method: Literal["by-hand", "assisted"]
    """By hand, or drafted with a machine-translation or AI assistant."""
    consulted: list[str]
    """Other language versions read alongside."""
    by: str | None
    """Who or what made it."""


@with_config(_DOCS)
class Status(TypedDict):
    """How far the document language's version of the entry can be trusted."""

    state: State
    """``original``, ``reviewed``, ``draft``, ``outdated`` (its original changed since), ``title-only`` (a title,
    no body: the text shown is another language's) or ``missing``."""
    provenance: ProvenanceDocument | None
    """How the translation was made; ``null`` on the original and where it is not recorded."""
    made_from_digest: str | None
    """The digest of the original the translation was made from (``null`` on the original)."""
    original_digest: str
    """The digest of the original's title and body now; a translation whose ``made_from_digest`` differs is outdated."""
    translator: str | None
    """Who made or last reviewed the translation."""
    reviewer: str | None
    """Who marked it reviewed."""
    reviewed_on: str | None
    """When it was marked reviewed (ISO date)."""


@with_config(_DOCS)
class NoteDocument(TypedDict):
    """An editor's note: an ambiguity of the source, a garbled passage, an editorial decision."""

    kind: Literal["ambiguity", "garbled", "editorial"]
    """Why the note is there."""
    lang: str
    """The language the note is in (the document's, else English)."""
    text: str
    """The note, plain text."""
    outdated: bool
    """A translation made from an earlier version of the English note."""


@with_config(_DOCS)
class ExampleDocument(TypedDict):
    """A worked example of the source, as the calculator runs it."""

    id: str
    """Its id."""
    title: str
    """Its title in the document's language (or English)."""
    quote: str | None
    """The passage of the source that states it, in the document's language or the source's."""
    calculator: str
    """The calculator that runs the scenario (``/<lang>/calculators/<name>/``)."""
    scenario: dict[str, Any]
    """The calculator's input."""
    stated_outcome: dict[str, Any]
    """The outcome the source states, as fields of the calculator's result."""
    verified: bool
    """Whether the calculator's result agrees with the stated outcome (every build checks)."""
    url: str
    """Where the example is shown, an absolute URL."""


@with_config(_DOCS)
class EntryDocument(TypedDict):
    """One rule passage as the page of one language shows it (``api/v1/<lang>/<game>/<slug>.json``)."""

    api_version: Literal[1]
    """The documents' shape (:data:`API_VERSION`)."""
    id: str
    """The entry's stable id, ``<game prefix>.<slug>``."""
    game: str
    """The game's id."""
    source: str
    """The source document's id."""
    kind: str
    """What sort of passage it is: ``rule``, ``faq``, ``clarification``, ``errata``, ``table``, ``heading``…"""
    section: str | None
    """The section number as in the source, if it has one."""
    parent: str | None
    """The heading entry it stands under."""
    lang: str
    """The document's language (the tree's)."""
    url: str
    """The entry's page in this language, an absolute URL."""
    title: str
    """The title in the document's language (or the nearest one it has)."""
    text: Text
    """The text the page shows: the document language's if it has a body, else the original."""
    status: Status
    """The state of the document language's version."""
    original: Text
    """The passage as it stands in the source."""
    notes: list[NoteDocument]
    """The editor's notes."""
    terms: list[Link]
    """Glossary terms the passage uses or defines."""
    see_also: list[Link]
    """Entries the passage refers to."""
    examples: list[ExampleDocument]
    """Worked examples that illustrate the passage."""


@with_config(_DOCS)
class LanguageDocument(TypedDict):
    """A language of the site."""

    code: str
    """ISO 639-1."""
    name: str
    """Its name in itself."""
    url: str
    """Its home page, an absolute URL."""


@with_config(_DOCS)
class GameDocument(TypedDict):
    """A game whose rules the site covers."""

    id: str
    """Its id."""
    name: dict[str, str]
    """Its name by language code (every site language)."""
    publisher: str | None
    """Its publisher, where a source states it."""
    edition: str | None
    """Its edition, where a source states it."""


@with_config(_DOCS)
class SourceDocument(TypedDict):
    """A primary source document."""

    id: str
    """Its id."""
    game: str
    """The game's id."""
    lang: str
    """The language it is written in."""
    title: dict[str, str]
    """Its title by language code (every site language)."""
    date: str | None
    """Its date, ISO 8601, where stated."""
    authority: Literal["official", "unofficial", "house-rule"]
    """Whether it is official."""
    pages: dict[str, str]
    """Its table of contents by language code, absolute URLs."""


@with_config(_DOCS)
class IndexEntry(TypedDict):
    """One entry: where its page and its document are in each language."""

    id: str
    """The entry's id."""
    game: str
    """The game's id."""
    source: str
    """The source's id."""
    slug: str
    """The id without its game prefix: the last part of its paths."""
    kind: str
    """What sort of passage it is."""
    section: str | None
    """The section number as in the source."""
    parent: str | None
    """The heading entry it stands under."""
    order: int
    """Its position in its source."""
    lang: str
    """The original's language."""
    original_digest: str
    """The digest of the original's title and body (changes when the original does)."""
    states: dict[str, State]
    """The state of each language's version, by language code."""
    pages: dict[str, str]
    """Its page by language code, absolute URLs."""
    documents: dict[str, str]
    """Its entry document by language code, paths relative to this index."""


@with_config(_DOCS)
class ContentVersion(TypedDict):
    """Which content the documents hold."""

    rulebook: str
    """The version of Rulebook that built them."""
    digest: str
    """SHA-256 of everything the API serves: equal digests, equal documents."""


@with_config(_DOCS)
class IndexDocument(TypedDict):
    """Everything the API has, and where (``api/v1/index.json``)."""

    api_version: Literal[1]
    """The documents' shape (:data:`API_VERSION`)."""
    content_version: ContentVersion
    """The content's version."""
    site_url: str
    """Where the site is published; every URL of the API is under it."""
    schemas: dict[str, str]
    """The JSON Schema of each kind of document (``index``, ``entry``), paths relative to this index."""
    languages: list[LanguageDocument]
    """The site's languages, English (the default tree) first."""
    games: list[GameDocument]
    """The games."""
    sources: list[SourceDocument]
    """The source documents."""
    entries: list[IndexEntry]
    """Every entry, by source and position."""


@functools.cache
def api_schemas() -> dict[str, dict[str, Any]]:
    """The JSON Schema of each kind of document (``index``, ``entry``), made from their declarations (once per
    process: pydantic reads the field docstrings from this module's source). Never change the result."""
    schemas = {}
    for name, declared in (("index", IndexDocument), ("entry", EntryDocument)):
        schema = TypeAdapter(declared).json_schema()
        schemas[name] = {"$schema": _SCHEMA_DIALECT, "$id": f"{name}.json", **schema}
    return schemas


def entry_document_path(entry: Entry, lang: str) -> str:
    """An entry document's path under :data:`API_FOLDER`.

    >>> from rulebook.content.model import Entry
    >>> entry = Entry.model_validate({"id": "how.sperren", "game": "hell-of-a-war", "source": "how-faq",
    ...     "order": 1, "kind": "rule", "lang": "de", "text": {"de": {"title": "Sperren", "status": "original"}}})
    >>> entry_document_path(entry, "hu")
    'hu/hell-of-a-war/sperren.json'
    """
    return f"{lang}/{entry.game}/{entry.slug}.json"


def markdown_to_plain(markdown: str) -> str:
    """An entry body as plain text: each unit's links become their text and emphasis marks go; lists and
    tables keep their layout.

    >>> markdown_to_plain("Siehe **[Sperren](ref:how.sperren)**:\\n\\n- `TW` eins\\n- zwei\\n")
    'Siehe Sperren:\\n\\n- TW eins\\n- zwei'
    """
    layout = split_markdown(markdown)
    return layout.join([plain_text(unit, limit=len(unit) + 1) for unit in layout.units]).strip()


class ApiReport(TypedDict):
    """What :func:`write_api` wrote."""

    documents: int
    bytes: int


class _Urls:
    """The absolute URLs of one build's pages by language, and what each entry document and the index share:
    each entry's original digest and its state in each language (each computed once)."""

    def __init__(self, site_url: str, site: SiteIndex, languages: list[str]) -> None:
        self.root = site_url.rstrip("/")
        self.entries: dict[str, dict[str, str]] = {
            code: {entry_id: self.page(code, path) for entry_id, path in site.paths.items()} for code in LANGUAGES
        }
        self.digests = {entry.id: entry.current_digest() for entry in site.corpus.entries}
        self.states: dict[str, dict[str, State]] = {
            entry.id: {code: _state(entry, Language(code)) for code in languages} for entry in site.corpus.entries
        }

    def page(self, lang: str, path: str) -> str:
        return self.root + page_url(lang, path)


def _state(entry: Entry, lang: Language) -> State:
    state = entry_state(entry, lang)
    assert state in _STATES, state
    return state  # type: ignore[return-value]  # checked: one of STATES


_STATES = frozenset(get_args(State))


def _text(markdown_urls: Mapping[str, str], lang: Language, title: str, body: str) -> Text:
    markdown = entry_links_to(body.strip(), markdown_urls)
    return {"lang": lang.value, "title": title, "markdown": markdown, "plain": markdown_to_plain(markdown)}


def _status(urls: _Urls, entry: Entry, lang: Language) -> Status:
    version = entry.text.get(lang)
    state = urls.states[entry.id][lang.value]
    original = lang == entry.lang
    provenance = version.provenance if version is not None and not original else None
    return {
        "state": state,
        "provenance": {
            "translated_from": provenance.translated_from.value,
            "method": provenance.method.value,
            "consulted": [code.value for code in provenance.consulted],
            "by": provenance.by,
        }
        if provenance is not None
        else None,
        "made_from_digest": version.source_digest if version is not None and not original else None,
        "original_digest": urls.digests[entry.id],
        "translator": version.translator if version is not None else None,
        "reviewer": version.reviewer if version is not None else None,
        "reviewed_on": version.reviewed_on.isoformat() if version is not None and version.reviewed_on else None,
    }


def _examples(site: SiteIndex, urls: _Urls, entry: Entry, lang: Language) -> list[ExampleDocument]:
    documents: list[ExampleDocument] = []
    for outcome in site.outcomes_by_entry.get(entry.id, []):
        example = outcome.example
        first = site.entries[example.entries[0]]
        title = pick(example.title, lang)
        quote = pick(example.quote, lang, fallback=first.lang)
        documents.append(
            {
                "id": example.id,
                "title": title.text if title else example.id,
                "quote": quote.text if quote else None,
                "calculator": outcome.calculator,
                "scenario": example.scenario,
                "stated_outcome": site.stated_outcome(outcome),
                "verified": outcome.status == "pass",
                # Every example is shown on the page of its first entry, under its anchor.
                "url": f"{urls.entries[lang.value][first.id]}#{example_anchor(example)}",
            }
        )
    return documents


def _entry_document(site: SiteIndex, urls: _Urls, entry: Entry, lang: Language) -> EntryDocument:
    choice = text_choice(entry, lang)
    links = urls.entries[lang.value]
    notes: list[NoteDocument] = []
    for index, note in enumerate(entry.notes, 1):
        shown = pick(note.text, lang, other=site.other(entry, f"notes#{index}"))
        if shown is not None:
            notes.append({"kind": note.kind.value, "lang": shown.lang, "text": shown.text, "outdated": shown.outdated})
    return {
        "api_version": API_VERSION,
        "id": entry.id,
        "game": entry.game,
        "source": entry.source,
        "kind": entry.kind.value,
        "section": entry.section,
        "parent": entry.parent,
        "lang": lang.value,
        "url": links[entry.id],
        "title": site.entry_title(entry, lang),
        "text": _text(links, choice.main_lang, choice.main.title, choice.main.body),
        "status": _status(urls, entry, lang),
        "original": _text(links, entry.lang, entry.original.title, entry.original.body),
        "notes": notes,
        "terms": [
            {
                "id": term_id,
                "title": in_language(site.terms[term_id].rendering, lang).text,
                "url": urls.page(lang.value, term_path(site.terms[term_id])),
            }
            for term_id in entry.terms
        ],
        "see_also": [
            {"id": other, "title": site.entry_title(site.entries[other], lang), "url": links[other]}
            for other in entry.see_also
        ],
        "examples": _examples(site, urls, entry, lang),
    }


def _index_document(corpus: Corpus, urls: _Urls, languages: list[str], digest: str) -> IndexDocument:
    in_order = sorted(corpus.entries, key=lambda e: (e.source, e.order))
    return {
        "api_version": API_VERSION,
        "content_version": {"rulebook": __version__, "digest": digest},
        "site_url": urls.root + "/",
        "schemas": {"index": "schema/index.json", "entry": "schema/entry.json"},
        "languages": [
            {"code": code, "name": language_name(code), "url": urls.page(code, "index.md")} for code in languages
        ],
        "games": [
            {
                "id": game.id,
                "name": {code: in_language(game.name, Language(code)) for code in languages},
                "publisher": game.publisher,
                "edition": game.edition,
            }
            for game in corpus.games
        ],
        "sources": [
            {
                "id": source.id,
                "game": source.game,
                "lang": source.lang.value,
                "title": {code: in_language(source.title, Language(code)) for code in languages},
                "date": source.date,
                "authority": source.authority.value,
                "pages": {code: urls.page(code, source_path(source)) for code in languages},
            }
            for source in corpus.sources
        ],
        "entries": [
            {
                "id": entry.id,
                "game": entry.game,
                "source": entry.source,
                "slug": entry.slug,
                "kind": entry.kind.value,
                "section": entry.section,
                "parent": entry.parent,
                "order": entry.order,
                "lang": entry.lang.value,
                "original_digest": urls.digests[entry.id],
                "states": urls.states[entry.id],
                "pages": {code: urls.entries[code][entry.id] for code in languages},
                "documents": {code: entry_document_path(entry, code) for code in languages},
            }
            for entry in in_order
        ],
    }


def _dump(value: object) -> bytes:
    return json.dumps(value, ensure_ascii=False, separators=(",", ":")).encode("utf-8")


def write_api(site: SiteIndex, out: Path, languages: list[str], site_url: str) -> ApiReport:
    """Write the API of ``site`` (its corpus and worked examples) into ``out/api/v1/``, for ``languages``.

    The folder is written anew: no document of a removed entry or language stays.
    """
    folder = out / API_FOLDER
    urls = _Urls(site_url, site, languages)
    digest = hashlib.sha256()
    written: dict[Path, bytes] = {}
    for entry in site.corpus.entries:
        for code in languages:
            data = _dump(_entry_document(site, urls, entry, Language(code)))
            digest.update(data + b"\0")
            written[folder / entry_document_path(entry, code)] = data
    index = _index_document(site.corpus, urls, languages, digest.hexdigest())
    written[folder / "index.json"] = _dump(index)
    for name, schema in api_schemas().items():
        written[folder / "schema" / f"{name}.json"] = _dump(schema)
    _replace_folder(folder, written)
    return {"documents": len(written), "bytes": sum(len(data) for data in written.values())}


def _replace_folder(folder: Path, files: Mapping[Path, bytes]) -> None:
    """Make ``folder`` hold exactly ``files``: a file with the same bytes is left alone, others removed."""
    for path in folder.rglob("*.json") if folder.is_dir() else []:
        if path not in files:
            path.unlink()
    for path, data in files.items():
        if path.is_file() and path.read_bytes() == data:
            continue
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_bytes(data)
