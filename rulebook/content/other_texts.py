"""The texts around the rules: notes, descriptions, precedence, example titles, quotes, assumptions, definitions.

An entry's title and body carry their translation state in
:class:`rulebook.content.model.LanguageText`. Every other translatable text of
the content is a plain per-language mapping (``{en: …, de: …}``); this module
gives each of them the same rules. An :class:`OtherText` is one such field of
one item, with the language it was written in (its *original*) and, per
translation, the digest of the original it was made from — stored on the item
as ``made_from: {<lang>: {<field>: <digest>}}``. A translation whose recorded
digest differs from the current original's is *outdated*, as an entry
translation is.

Which language is a field's original
    Texts the editors wrote (notes, descriptions, example titles, assumptions,
    term definitions) are written in English. Texts quoted from a source — a
    source's title and precedence statement, an example's quote — are
    original in the source's language when the item has them in it, and in
    English otherwise.

The fields, and their names in catalogs and in ``made_from``
    ``game:<id>``: ``description``; ``source:<id>``: ``title``, ``precedence``,
    ``description``; an entry: ``notes#1``, ``notes#2``, …; an example:
    ``title``, ``quote``, ``assumptions#1``, …; ``term:<id>``: ``definition``.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from typing import Literal

from rulebook.content.model import Corpus, Entry, Example, Game, Language, Source, Term, digest_text

__all__ = [
    "GAME_PREFIX",
    "SOURCE_PREFIX",
    "TERM_PREFIX",
    "OtherText",
    "OtherTextState",
    "corpus_other_texts",
    "entry_other_texts",
    "example_language",
    "example_other_texts",
    "game_other_texts",
    "item_key",
    "source_other_texts",
    "term_other_texts",
    "text_digest",
]

GAME_PREFIX = "game:"
SOURCE_PREFIX = "source:"
TERM_PREFIX = "term:"
"""Prefixes of the item ids of games, sources and terms (their ids cannot be told from entry ids otherwise)."""

OtherTextState = Literal["original", "draft", "outdated", "missing"]
"""The state of one language version of an :class:`OtherText`."""


def text_digest(text: str) -> str:
    """Digest of one text, insensitive to whitespace layout (:func:`rulebook.content.model.digest_text`).

    >>> text_digest("Two  readings.") == text_digest("Two readings.\\n")
    True
    """
    return digest_text(text, "")


@dataclass(frozen=True)
class OtherText:
    """One translatable field of one item, with its versions and what each translation was made from."""

    item_id: str
    """Entry or example id, or ``game:<id>``, ``source:<id>``, ``term:<id>``."""
    field: str
    """``description``, ``notes#1``, ``quote``, …"""
    original_lang: Language
    versions: Mapping[Language, str]
    """The text per language (only non-empty ones)."""
    made_from: Mapping[Language, str]
    """Per translated language, the digest of the original it was made from (when recorded)."""

    @property
    def original(self) -> str:
        """The text in its original language."""
        return self.versions[self.original_lang]

    @property
    def digest(self) -> str:
        """Digest of the current original."""
        return text_digest(self.original)

    def state(self, lang: Language) -> OtherTextState:
        """``original``, ``draft``, ``outdated`` (made from an earlier original) or ``missing`` in ``lang``.

        A translation without a recorded digest counts as a draft (``rulebook check`` warns about it).
        """
        if lang is self.original_lang:
            return "original"
        if not self.versions.get(lang, "").strip():
            return "missing"
        made_from = self.made_from.get(lang)
        if made_from is not None and made_from != self.digest:
            return "outdated"
        return "draft"


def item_key(item: Game | Source | Entry | Example | Term) -> str:
    """The item id used in catalogs and :class:`OtherText`: prefixed for games, sources and terms."""
    if isinstance(item, Game):
        return GAME_PREFIX + item.id
    if isinstance(item, Source):
        return SOURCE_PREFIX + item.id
    if isinstance(item, Term):
        return TERM_PREFIX + item.id
    return item.id


def _field(
    item: Game | Source | Entry | Example | Term,
    name: str,
    values: Mapping[Language, str],
    native: Language = Language.EN,
) -> OtherText | None:
    versions = {Language(lang): text for lang, text in values.items() if text.strip()}
    if not versions:
        return None
    original = native if native in versions else Language.EN if Language.EN in versions else next(iter(versions))
    made_from = {
        Language(lang): fields[name] for lang, fields in item.made_from.items() if name in fields and lang in versions
    }
    return OtherText(item_key(item), name, original, versions, made_from)


def _present(*texts: OtherText | None) -> list[OtherText]:
    return [text for text in texts if text is not None]


def game_other_texts(game: Game) -> list[OtherText]:
    """A game's description."""
    return _present(_field(game, "description", game.description))


def source_other_texts(source: Source) -> list[OtherText]:
    """A source's title and precedence statement (original in its language) and description."""
    return _present(
        _field(source, "title", source.title, source.lang),
        _field(source, "precedence", source.precedence, source.lang),
        _field(source, "description", source.description),
    )


def entry_other_texts(entry: Entry) -> list[OtherText]:
    """An entry's editor's notes (its title and body are :class:`rulebook.content.model.LanguageText`)."""
    return _present(*(_field(entry, f"notes#{index}", note.text) for index, note in enumerate(entry.notes, 1)))


def example_other_texts(example: Example, native: Language) -> list[OtherText]:
    """An example's title, its quote (original in ``native``, the language of its source) and assumptions."""
    return _present(
        _field(example, "title", example.title),
        _field(example, "quote", example.quote, native),
        *(_field(example, f"assumptions#{index}", values) for index, values in enumerate(example.assumptions, 1)),
    )


def term_other_texts(term: Term) -> list[OtherText]:
    """A glossary term's definition (its renderings are the glossary itself, not translations)."""
    return _present(_field(term, "definition", term.definition))


def example_language(corpus: Corpus, example: Example) -> Language:
    """The language of the source an example comes from (its first entry's), English when unknown."""
    for entry in corpus.entries:
        if entry.id == example.entries[0]:
            return entry.lang
    return Language.EN


def corpus_other_texts(corpus: Corpus) -> Iterator[OtherText]:
    """Every :class:`OtherText` of the corpus: games, sources, entries' notes, examples, terms."""
    for game in corpus.games:
        yield from game_other_texts(game)
    for source in corpus.sources:
        yield from source_other_texts(source)
    for entry in corpus.entries:
        yield from entry_other_texts(entry)
    entry_lang = {entry.id: entry.lang for entry in corpus.entries}
    for example in corpus.examples:
        yield from example_other_texts(example, entry_lang.get(example.entries[0], Language.EN))
    for term in corpus.terms:
        yield from term_other_texts(term)
