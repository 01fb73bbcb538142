"""The content model: games, sources, rule entries, glossary terms and worked examples.

Every file under ``content/`` validates against one of the pydantic models here;
``rulebook schema`` prints their JSON Schemas so editors can check the YAML as
it is typed. The models hold no game rules themselves: they describe how a
passage of a source document (``../shared/sources``) is stored, translated and
cross-referenced. Field docstrings become the schema's descriptions. A card catalog's
cards share :class:`CatalogCard`; each game's own card model is declared by its content
plug-in (:mod:`rulebook.content.plugins`), so this module names no game.
"""

from __future__ import annotations

import hashlib
import re
import unicodedata
from collections.abc import Mapping
from datetime import date
from enum import Enum
from typing import Annotated, Any, Generic, TypeVar

from pydantic import BaseModel, ConfigDict, Field, SerializeAsAny, StringConstraints, model_validator

__all__ = [
    "LANGUAGES",
    "Authority",
    "CardId",
    "CatalogCard",
    "ContentModel",
    "Corpus",
    "Entry",
    "EntryId",
    "EntryKind",
    "Example",
    "Game",
    "GameId",
    "Language",
    "LanguageText",
    "Note",
    "NoteKind",
    "Provenance",
    "Source",
    "Stated",
    "Term",
    "TermRendering",
    "TranslationMethod",
    "TranslationStatus",
    "digest_text",
    "in_language",
]


class Language(str, Enum):
    """A language of the site; the value is its ISO 639-1 code."""

    EN = "en"
    DE = "de"
    HU = "hu"
    RU = "ru"
    NL = "nl"


LANGUAGES: tuple[str, ...] = tuple(language.value for language in Language)
"""Site languages in display order; English is the default tree."""

LocalizedT = TypeVar("LocalizedT")


def in_language(texts: Mapping[Language, LocalizedT], lang: Language) -> LocalizedT:
    """The value in ``lang``, else the English one, which every such mapping has (a game's name, a term's rendering).

    >>> name = {Language.EN: "Hell of a War", Language.DE: "Hell of a War (deutsch)", Language.HU: ""}
    >>> in_language(name, Language.DE), in_language(name, Language.HU)
    ('Hell of a War (deutsch)', 'Hell of a War')
    """
    return texts.get(lang) or texts[Language.EN]


GameId = Annotated[str, StringConstraints(pattern=r"^[a-z0-9]+(-[a-z0-9]+)*$")]
EntryId = Annotated[str, StringConstraints(pattern=r"^[a-z0-9]+(\.[a-z0-9]+(-[a-z0-9]+)*)+$")]
TermId = Annotated[str, StringConstraints(pattern=r"^[a-z0-9]+(-[a-z0-9]+)*$")]
SourceId = Annotated[str, StringConstraints(pattern=r"^[a-z0-9]+(-[a-z0-9]+)*$")]
Digest = Annotated[str, StringConstraints(pattern=r"^[0-9a-f]{16}$")]
NonEmptyText = Annotated[str, StringConstraints(min_length=1)]


class ContentModel(BaseModel):
    """The base of every content model, a game plug-in's card models too: unknown keys refused, frozen,
    field docstrings as the schema's descriptions."""

    model_config = ConfigDict(
        extra="forbid",
        frozen=True,
        use_attribute_docstrings=True,
        str_strip_whitespace=False,
    )


class TranslationStatus(str, Enum):
    """How far a language version of an entry can be trusted."""

    ORIGINAL = "original"
    """The text as it stands in the source document."""
    DRAFT = "draft"
    """A complete translation nobody has reviewed yet."""
    REVIEWED = "reviewed"
    """A translation a second person checked against the original."""
    OUTDATED = "outdated"
    """The original changed after this translation was made."""


class TranslationMethod(str, Enum):
    """How a translation was made (shown on the entry page and in the PO comments)."""

    BY_HAND = "by-hand"
    """Written by a person."""
    ASSISTED = "assisted"
    """Drafted with a machine-translation or AI assistant; says nothing about review (see the status)."""


class Provenance(ContentModel):
    """Where a translation came from: the text it was made from, how, and with what help."""

    translated_from: Language
    """The language version the translation was made from (normally the original)."""
    method: TranslationMethod
    """By hand or assisted."""
    consulted: list[Language] = Field(default_factory=list)
    """Other language versions read alongside as a crib (e.g. the English draft)."""
    by: str | None = None
    """Who or what made it: a person, or the assistant's name."""


class EntryKind(str, Enum):
    """What sort of passage an entry is, as the source presents it."""

    RULE = "rule"
    FAQ = "faq"
    CLARIFICATION = "clarification"
    ERRATA = "errata"
    TABLE = "table"
    EXAMPLE = "example"
    HOUSE_RULE = "house-rule"
    UNOFFICIAL = "unofficial"
    HEADING = "heading"
    """A chapter heading that only groups the entries below it (empty body)."""
    PREFACE = "preface"
    """Front matter of a document: title, addressees, date, precedence statement."""


class Authority(str, Enum):
    """Whose word a source or passage is."""

    OFFICIAL = "official"
    UNOFFICIAL = "unofficial"
    HOUSE_RULE = "house-rule"


class NoteKind(str, Enum):
    """Why an editor's note was attached to an entry."""

    AMBIGUITY = "ambiguity"
    """The source admits more than one reading; the note lists them."""
    GARBLED = "garbled"
    """The source text looks damaged (typo, missing words, broken numbers)."""
    EDITORIAL = "editorial"
    """How the passage was split, joined or formatted when it was ingested."""


class Game(ContentModel):
    """A game whose rules Rulebook covers (``content/games.yaml``)."""

    id: GameId
    """Stable identifier used in URLs and entry files, e.g. ``hell-of-a-war``."""
    prefix: Annotated[str, StringConstraints(pattern=r"^[a-z0-9]+$")]
    """First component of every entry id of this game, e.g. ``how``."""
    name: dict[Language, NonEmptyText]
    """The game's name per language; English is required."""
    publisher: str | None = None
    """Publisher, only where a source states it."""
    edition: str | None = None
    """Edition or version, only where a source states it."""
    description: dict[Language, str] = Field(default_factory=dict)
    """One or two sentences on what the game is, per language."""
    made_from: dict[Language, dict[str, Digest]] = Field(default_factory=dict)
    """Per translated language, the digest of the original each translated text of this item was made from,
    by field (``description``); see :mod:`rulebook.content.other_texts`."""

    @model_validator(mode="after")
    def _english_name(self) -> Game:
        if Language.EN not in self.name:
            raise ValueError("'name' must have an English ('en') value")
        return self


class Source(ContentModel):
    """One primary source document in ``../shared/sources`` (``content/sources.yaml``)."""

    id: SourceId
    """Stable identifier, e.g. ``how-faq-2012``."""
    file: Annotated[str, StringConstraints(pattern=r"^[^/\\]+\.txt$")]
    """File name of the document in ``../shared/sources``."""
    game: GameId
    """The game the document belongs to."""
    lang: Language
    """Language the document is written in."""
    title: dict[Language, NonEmptyText]
    """The document's title per language; English is required."""
    date: str | None = None
    """Date of the document, ISO 8601 (``2012-11-30`` or ``2002-07``), only where stated."""
    authority: Authority
    """Whether the document as a whole is official."""
    precedence: dict[Language, str] = Field(default_factory=dict)
    """How the document ranks against the rulebook, as it says itself (per language)."""
    description: dict[Language, str] = Field(default_factory=dict)
    """What the document covers, per language."""
    made_from: dict[Language, dict[str, Digest]] = Field(default_factory=dict)
    """Per translated language, the digest of the original each translated text of this item was made from,
    by field (``title``, ``precedence``, ``description``); see :mod:`rulebook.content.other_texts`."""


class LanguageText(ContentModel):
    """An entry's title and body in one language, with its translation status."""

    title: NonEmptyText
    """The title, plain text."""
    body: str = ""
    """The text in Markdown. Links to other entries are written ``[text](ref:ENTRY-ID)``."""
    status: TranslationStatus = TranslationStatus.DRAFT
    """``original`` for the source language; otherwise how far the translation can be trusted."""
    source_digest: Digest | None = None
    """Digest (:func:`digest_text`) of the original title and body this translation was made from."""
    translator: str | None = None
    """Who made or last reviewed the translation (free text)."""
    provenance: Provenance | None = None
    """How this translation was made; ``None`` on the original (and on translations that predate the field)."""
    reviewer: str | None = None
    """Who marked the translation reviewed (``rulebook translate review --reviewer``, else ``git config user.name``)."""
    reviewed_on: date | None = None
    """When the translation was marked reviewed (ISO date)."""
    term_ok: list[TermId] = Field(default_factory=list)
    """Glossary terms the original uses that this translation rightly does without (a false hit of the
    glossary check, declared by the translator with ``# rulebook-term-ok: <term>`` in a catalog)."""


class Note(ContentModel):
    """An editor's note on an entry: an ambiguity, a garbled passage, an editorial decision."""

    kind: NoteKind
    """Why the note is there."""
    text: dict[Language, NonEmptyText]
    """The note per language; English is required."""

    @model_validator(mode="after")
    def _english_text(self) -> Note:
        if Language.EN not in self.text:
            raise ValueError("'text' must have an English ('en') value")
        return self


class Entry(ContentModel):
    """One rule passage: a headword, a numbered section, a table, a clarification.

    Stored as ``content/<game>/<id>.yaml``.
    """

    id: EntryId
    """Stable, text-independent id: ``<game prefix>.<slug>``, e.g. ``how.aktionsstapel``, ``us.8-1-1``."""
    game: GameId
    """The game the entry belongs to."""
    source: SourceId
    """The source document the passage comes from."""
    order: int = Field(ge=0)
    """Position of the passage in its source (unique per source; gaps allowed)."""
    parent: EntryId | None = None
    """The heading entry this passage stands under, if any."""
    kind: EntryKind
    """What sort of passage this is."""
    section: str | None = None
    """Section number exactly as in the source (``8.1.1``, ``9.0.1``), if it has one."""
    heading: str | None = None
    """The heading exactly as it stands in the source, if the passage has one."""
    lang: Language
    """Original language of the passage (the source's language)."""
    authority: Authority | None = None
    """Set where the passage's authority differs from its source's (an unofficial section, a house rule)."""
    text: dict[Language, LanguageText]
    """Title and body per language. The original language is required (status ``original``),
    and so are an English title and body and a title in every site language."""
    terms: list[TermId] = Field(default_factory=list)
    """Glossary terms the passage uses or defines."""
    see_also: list[EntryId] = Field(default_factory=list)
    """Entries this passage refers to, by id (every ``ref:`` link in the body must be listed)."""
    notes: list[Note] = Field(default_factory=list)
    """Ambiguities and editorial decisions, shown on the entry page."""
    made_from: dict[Language, dict[str, Digest]] = Field(default_factory=dict)
    """Per translated language, the digest of the original each translated text of this item was made from,
    by field (``notes#1``, ``notes#2``, …); see :mod:`rulebook.content.other_texts`."""

    @property
    def original(self) -> LanguageText:
        """The passage as it stands in the source."""
        return self.text[self.lang]

    @property
    def slug(self) -> str:
        """The URL slug: the id without its game prefix."""
        return self.id.split(".", 1)[1]

    def current_digest(self) -> str:
        """Digest of the original title and body; translations record it when made."""
        return digest_text(self.original.title, self.original.body)

    def effective_status(self, lang: Language) -> TranslationStatus | None:
        """Status of the ``lang`` version, ``outdated`` when its digest no longer matches."""
        version = self.text.get(lang)
        if version is None:
            return None
        if lang == self.lang:
            return TranslationStatus.ORIGINAL
        if version.source_digest is not None and version.source_digest != self.current_digest():
            return TranslationStatus.OUTDATED
        return version.status


class TermRendering(ContentModel):
    """How a glossary term is written in one language."""

    text: NonEmptyText
    """The canonical form (nominative singular for inflected languages)."""
    forms: list[NonEmptyText] = Field(default_factory=list)
    """Further forms that count as a use of the term: plurals, case endings, spelling variants.
    A word ending in ``*`` is a stem matching every word that begins with it (``akcióver*``);
    see :mod:`rulebook.translation.checks` for how terms are matched."""


class Term(ContentModel):
    """A recurring game term (``content/terms/<id>.yaml``)."""

    id: TermId
    """Stable id, e.g. ``aktionsstapel``."""
    games: list[GameId]
    """Games whose sources use the term."""
    abbreviation: str | None = None
    """Abbreviation used in the sources (``TW``, ``ZOC``, ``HPP``), if any."""
    rendering: dict[Language, TermRendering]
    """The term per site language; every site language is required."""
    definition: dict[Language, str] = Field(default_factory=dict)
    """A one-sentence explanation per language (English at least, when present)."""
    defined_by: list[EntryId] = Field(default_factory=list)
    """Entries that define or explain the term."""
    made_from: dict[Language, dict[str, Digest]] = Field(default_factory=dict)
    """Per translated language, the digest of the original each translated text of this item was made from,
    by field (``definition``); see :mod:`rulebook.content.other_texts`."""


class Example(ContentModel):
    """A worked example from a source, as an executable scenario (``content/<game>/examples/<id>.yaml``)."""

    id: EntryId
    """Stable id, e.g. ``how.example.radar-227``."""
    game: GameId
    """The game the example belongs to."""
    entries: Annotated[list[EntryId], Field(min_length=1)]
    """The entries the example illustrates; the first is where it is shown."""
    title: dict[Language, NonEmptyText]
    """Short title per language; English is required."""
    quote: dict[Language, str] = Field(default_factory=dict)
    """The passage of the source that states the example (original language, plus translations)."""
    calculator: Annotated[str, StringConstraints(pattern=r"^[a-z0-9]+(-[a-z0-9]+)*$")]
    """Name of the adjudicator calculator that runs the scenario."""
    scenario: dict[str, Any]
    """Input of the calculator, in the calculator's scenario format."""
    expected: dict[str, Any]
    """The outcome the source states, as fields of the calculator's result."""
    assumptions: list[dict[Language, str]] = Field(default_factory=list)
    """Inputs the source leaves open, made explicit here (written in English, translated like notes)."""
    made_from: dict[Language, dict[str, Digest]] = Field(default_factory=dict)
    """Per translated language, the digest of the original each translated text of this item was made from,
    by field (``title``, ``quote``, ``assumptions#1``, …); see :mod:`rulebook.content.other_texts`."""


StatedT = TypeVar("StatedT")


class Stated(ContentModel, Generic[StatedT]):
    """A card fact as a source states it: the value and the entry that states it."""

    value: StatedT
    """The value, as the entry states it."""
    source: EntryId
    """The entry whose text states it, e.g. ``how.227-pfund-bombe``."""


CardId = Annotated[str, StringConstraints(pattern=r"^[a-z0-9]+(-[a-z0-9]+)*$")]


class CatalogCard(ContentModel):
    """A printed card of a game's catalog, holding only what the sources state (``content/<game>/cards/<id>.yaml``).

    The fields every catalog shares; a game's own card model (declared by its content plug-in,
    :attr:`rulebook.content.plugins.GameContent.card_model`) subclasses it with the facts its cards
    print. Every fact names the entry it comes from (:class:`Stated`); what no entry states is left
    out (unknown), and a scenario that needs it gives it.
    """

    id: CardId
    """Stable id, the file name, e.g. ``radarstation``; scenarios name the card by it (``card: radarstation``)."""
    game: GameId
    """The game the card belongs to."""
    name: Stated[str]
    """The printed name, e.g. ``227-Pfund Bombe``."""

    def stated(self) -> dict[str, Stated[Any]]:
        """Every stated fact by field path: here each field that is a :class:`Stated` (``name``, …).

        A game's card model with nested facts (an ability's) lists them too (``ability.tw_cost``).
        """
        return {name: value for name in type(self).model_fields if isinstance(value := getattr(self, name), Stated)}

    def citations(self) -> list[tuple[str, str]]:
        """Every field path with the entry it cites: the stated facts, and any other record that names its entry."""
        return [(name, fact.source) for name, fact in self.stated().items()]


class Corpus(ContentModel):
    """Everything under ``content/``, loaded and cross-checked."""

    games: list[Game]
    sources: list[Source]
    terms: list[Term]
    entries: list[Entry]
    examples: list[Example]
    cards: list[SerializeAsAny[CatalogCard]] = Field(default_factory=list)
    """The card catalogs (``content/<game>/cards/``), each card of its game's own model (all its facts dumped)."""

    def entry(self, entry_id: str) -> Entry:
        """The entry with ``entry_id`` (``KeyError`` if there is none)."""
        for entry in self.entries:
            if entry.id == entry_id:
                return entry
        raise KeyError(entry_id)

    def source(self, source_id: str) -> Source:
        """The source with ``source_id`` (``KeyError`` if there is none)."""
        for source in self.sources:
            if source.id == source_id:
                return source
        raise KeyError(source_id)


_MARKUP_FOR_DIGEST = re.compile(r"\s+")


def digest_text(title: str, body: str) -> str:
    """Digest of an original title and body, insensitive to whitespace layout.

    >>> digest_text("Abwerfen", "Abwerfen kann man nur Handkarten.")
    '94220a6b7d082193'
    >>> digest_text("Abwerfen", "Abwerfen  kann man\\nnur Handkarten.") == digest_text(
    ...     "Abwerfen", "Abwerfen kann man nur Handkarten.")
    True
    """
    normalized = unicodedata.normalize("NFC", title.strip() + "\n" + body.strip())
    normalized = _MARKUP_FOR_DIGEST.sub(" ", normalized)
    return hashlib.sha256(normalized.encode("utf-8")).hexdigest()[:16]
