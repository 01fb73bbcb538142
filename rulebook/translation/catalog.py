"""The translator workflow: gettext catalogs of the content, and the checks of stored translations.

``rulebook translate export --lang xx`` writes one PO catalog (Babel)
of everything that can be translated into ``xx`` (:func:`build_catalog`);
``rulebook check`` calls :func:`translation_problems`, which holds the stored
translations to the rules of :mod:`rulebook.translation.checks`.

Messages
    One message per translatable unit, its ``msgctxt`` ``<id>|<field>``:
    an entry's ``title``; its body cut into units by
    :func:`rulebook.translation.checks.split_markdown` (``body#1``, ``body#2``, …:
    paragraphs, list items, table cells, headings, numbered from 1); its editor's
    notes (``notes#1``, …); an example's ``title``, ``quote#n`` and
    ``assumptions#n``; a term's ``rendering`` (context ``term:<id>``; the text
    on the first line, then one form per line) and ``definition``. The
    ``msgid`` is the text in its original language: the entry's source
    language, the language of an example's game source (English where the field
    has no such text), the language of a term's game sources, English for notes
    and definitions. A field whose original is in the catalog's language is not
    exported. Each message carries its content file as reference (``#:``) and,
    as extracted comments (``#.``), the source document with section and
    heading, where the unit stands in the body, the entry's ambiguity and
    garbled-source notes, the current English text when neither the original
    nor the catalog is English (``English draft:``), each glossary term the
    original uses with its renderings in the target language, and the export
    record (:func:`export_record`: digests of the original and of the stored
    translation, which the importer compares to refuse a stale catalog). A
    translator comment ``# rulebook-term-ok: <term ids>`` repeats the false
    glossary hits declared for the translation (its ``term_ok``). Previous
    msgids are written in gettext's multi-line form (:func:`previous_msgid_lines`),
    so msgfmt, polib and translate-toolkit read every catalog alike.

Outdated translations
    A translation records the digest of the original it was made from, not the
    original's text. The text of that original is recovered from git: the
    history of the entry's file is searched for the version whose original has
    the recorded digest (:func:`previous_original`). Storing a copy of every
    original beside each translation would double the content and go stale in
    its own way; git already keeps every version, and the search runs only for
    outdated translations. With the previous original found, units that did not
    change keep their translation unflagged, changed units are ``#, fuzzy``
    with the old text as ``#| msgid``, and new units are empty. Without git
    history (a copy of the content outside the repository), every unit of the
    outdated translation is ``#, fuzzy`` without ``#| msgid``.

Importing a catalog and reviewing a translation are in :mod:`rulebook.translation.importer`.
"""

from __future__ import annotations

import difflib
import hashlib
import io
import re
import subprocess
from collections.abc import Collection, Mapping, Sequence
from dataclasses import dataclass, field
from datetime import UTC, datetime
from functools import partial
from pathlib import Path

from babel.messages.catalog import Catalog
from babel.messages.pofile import normalize, write_po
from ruamel.yaml.error import YAMLError

from rulebook import __version__
from rulebook.content.load import load_corpus
from rulebook.content.model import (
    Corpus,
    Entry,
    Example,
    Game,
    Language,
    NoteKind,
    Source,
    Term,
    TranslationStatus,
    digest_text,
    in_language,
)
from rulebook.content.other_texts import (
    GAME_PREFIX,
    SOURCE_PREFIX,
    TERM_PREFIX,
    OtherText,
    entry_other_texts,
    example_language,
    example_other_texts,
    game_other_texts,
    source_other_texts,
    term_other_texts,
    text_digest,
)
from rulebook.content.yamlio import load_yaml_text
from rulebook.errors import ContentError, Problem, Severity
from rulebook.translation.checks import (
    GlossaryTerm,
    Layout,
    UnitKind,
    compare_layouts,
    compile_glossary,
    split_markdown,
    terms_used,
    unit_problems,
)

__all__ = [
    "EXPORT_MARKER",
    "TERM_OK_MARKER",
    "TERM_PREFIX",
    "Content",
    "ExportRecord",
    "Unit",
    "build_catalog",
    "catalog_units",
    "check_unit",
    "entry_units",
    "export_catalog",
    "load_content",
    "po_bytes",
    "previous_msgid_lines",
    "previous_original",
    "read_export_record",
    "translation_problems",
    "unit_digest",
]

EXPORT_MARKER = "rulebook-export:"
"""Starts the extracted comment (``#.``) that records a message's export (:func:`export_record`)."""

TERM_OK_MARKER = "rulebook-term-ok:"
"""Starts the translator comment (``# rulebook-term-ok: tw, hpp``) that declares glossary hits false."""


_WIDTH = 76
"""Line width of the PO files (gettext's and Babel's default)."""

_NOTE_LABELS = {NoteKind.AMBIGUITY: "Ambiguity", NoteKind.GARBLED: "Garbled source"}
"""Notes shown to translators, and how each is introduced."""


@dataclass(frozen=True)
class Content:
    """The loaded content and where each item's file is."""

    root: Path
    corpus: Corpus
    files: Mapping[str, Path]
    """Content file of every entry, example and term id."""

    def display(self, path: Path) -> str:
        """``path`` as shown in references and messages: relative to the content folder's parent."""
        try:
            return path.resolve().relative_to(self.root.resolve().parent).as_posix()
        except ValueError:
            return str(path)


def load_content(root: Path, sources: Path | None = None) -> Content:
    """Load ``root`` with :func:`rulebook.content.load.load_corpus`; :class:`ContentError` if it is invalid."""
    result = load_corpus(root, sources)
    if result.corpus is None:
        raise ContentError(result.errors)
    return Content(root, result.corpus, dict(result.entry_files))


@dataclass(frozen=True)
class Unit:
    """One translatable unit of the content, as a catalog message for one target language."""

    item_id: str
    """Entry or example id, or ``term:<id>``."""
    field: str
    """Field path inside the item: ``title``, ``body#3``, ``notes#1``, ``rendering``, …"""
    file: Path
    original_lang: Language
    original: str
    translation: str
    """The stored translation of this unit ('' when there is none)."""
    kind: UnitKind | None
    """Block kind for Markdown checks; ``None`` for plain text (titles, term renderings)."""
    checked: bool = True
    """Whether the number, glossary and Markdown rules apply (not to term renderings)."""
    fuzzy: bool = False
    previous: str | None = None
    comments: tuple[str, ...] = ()
    game: str | None = None
    """The game whose glossary applies."""
    owner: str = "entry"
    """What the item is: ``entry``, ``example`` or ``term``."""
    english: str = ""
    """The current English text of the unit, shown to translators when the original is not English."""
    term_ok: frozenset[str] = frozenset()
    """Glossary terms declared false hits for this translation (an entry translation's ``term_ok``)."""

    @property
    def context(self) -> str:
        """The message's ``msgctxt``."""
        return f"{self.item_id}|{self.field}"

    @property
    def group(self) -> tuple[str, str]:
        """(item id, field name without index): the units written back together."""
        return self.item_id, self.field.split("#", 1)[0]


@dataclass
class _LanguageUnits:
    units: list[Unit] = field(default_factory=list)
    layout_problems: list[Problem] = field(default_factory=list)


# ---------------------------------------------------------------- units


def _source_comment(corpus: Corpus, entry: Entry) -> str:
    source = corpus.source(entry.source)
    parts = [f"Source ({entry.lang.value}): {source.file}"]
    if entry.section:
        parts.append(f"section {entry.section}")
    if entry.heading:
        parts.append(f"heading “{entry.heading}”")
    return ", ".join(parts)


def _note_comments(entry: Entry, lang: Language) -> tuple[str, ...]:
    return tuple(
        f"{_NOTE_LABELS[note.kind]}: {in_language(note.text, lang)}"
        for note in entry.notes
        if note.kind in _NOTE_LABELS
    )


def _align(
    current: Layout,
    translation: Layout | None,
    previous: Layout | None,
    outdated: bool,
) -> list[tuple[str, bool, str | None]]:
    """(translation, fuzzy, previous msgid) for each unit of ``current``."""
    empty: list[tuple[str, bool, str | None]] = [("", False, None)] * len(current.units)
    if translation is None:
        return empty
    if not outdated:
        return [(text, False, None) for text in translation.units] if translation.kinds == current.kinds else empty
    if previous is None or previous.kinds != translation.kinds:
        return [(text, True, None) for text in translation.units[: len(current.units)]] + empty[
            len(translation.units) :
        ]
    aligned = list(empty)
    matcher = difflib.SequenceMatcher(a=previous.units, b=current.units, autojunk=False)
    for tag, old_start, old_end, new_start, new_end in matcher.get_opcodes():
        if tag == "equal":
            for offset in range(new_end - new_start):
                aligned[new_start + offset] = (translation.units[old_start + offset], False, None)
        elif tag == "replace":
            for offset in range(min(old_end - old_start, new_end - new_start)):
                old = old_start + offset
                aligned[new_start + offset] = (translation.units[old], True, previous.units[old])
    return aligned


def previous_original(path: Path, lang: Language, digest: str) -> tuple[str, str] | None:
    """Title and body of the ``lang`` original of ``path`` whose digest is ``digest``, from git history.

    ``None`` when ``path`` is not in a git work tree or no committed version has that digest.
    """

    def git(folder: Path, *args: str) -> str:
        return subprocess.run(["git", "-C", str(folder), *args], capture_output=True, text=True, check=True).stdout

    try:
        top = Path(git(path.parent, "rev-parse", "--show-toplevel").strip())
        relative = path.resolve().relative_to(top.resolve()).as_posix()
        for commit in git(top, "log", "--format=%H", "--follow", "--", relative).split():
            data = load_yaml_text(git(top, "show", f"{commit}:{relative}"))
            version = data["text"][lang.value]
            title, body = str(version["title"]), str(version.get("body") or "")
            if digest_text(title, body) == digest:
                return title, body
    except (OSError, subprocess.CalledProcessError, ValueError, KeyError, TypeError, AttributeError, YAMLError):
        return None
    return None


def _made_comment(entry: Entry, lang: Language) -> tuple[str, ...]:
    """How the stored translation was made and checked (its provenance, as a PO comment), on its title.

    >>> from rulebook.content.model import Entry
    >>> entry = Entry.model_validate({"id": "how.x", "game": "hell-of-a-war", "source": "how-faq", "order": 1,
    ...     "kind": "faq", "lang": "de", "text": {"de": {"title": "X", "status": "original"}, "en": {"title": "X",
    ...     "provenance": {"translated_from": "de", "method": "assisted", "consulted": ["nl"]}}}})
    >>> _made_comment(entry, Language.EN)
    ('Stored translation: draft; made from de (assisted), consulted nl.',)
    """
    version = entry.text.get(lang)
    if version is None or lang == entry.lang:
        return ()
    facts = [f"Stored translation: {version.status.value}"]
    made = version.provenance
    if made is not None:
        how = f"made from {made.translated_from.value} ({made.method.value}{', ' + made.by if made.by else ''})"
        facts.append(
            how + (f", consulted {', '.join(code.value for code in made.consulted)}" if made.consulted else "")
        )
    if version.reviewer:
        facts.append(f"reviewed by {version.reviewer}" + (f" on {version.reviewed_on}" if version.reviewed_on else ""))
    return ("; ".join(facts) + ".",)


def _entry_units(
    content: Content, entry: Entry, lang: Language, into: _LanguageUnits, as_current: bool = False
) -> None:
    """Units of the entry's title and body; ``as_current`` treats an outdated translation as current (review)."""
    corpus, path = content.corpus, content.files[entry.id]
    original = entry.original
    version = entry.text.get(lang)
    outdated = not as_current and entry.effective_status(lang) is TranslationStatus.OUTDATED
    previous: tuple[str, str] | None = None
    if outdated and version is not None and version.source_digest is not None:
        previous = previous_original(path, entry.lang, version.source_digest)
    source = _source_comment(corpus, entry)
    notes = _note_comments(entry, lang)
    term_ok = frozenset(version.term_ok) if version is not None else frozenset()
    english = entry.text.get(Language.EN)
    show_english = (
        english is not None
        and Language.EN not in (lang, entry.lang)
        and entry.effective_status(Language.EN) is not TranslationStatus.OUTDATED
    )
    unit = partial(_entry_unit, entry, path, term_ok, show_english)

    # An outdated title-only translation is fuzzy even where the title did not change: clearing the flag is how
    # the translator confirms it against the new original (nothing else clears it).
    title_only = version is not None and not version.body.strip() and bool(original.body.strip())
    title_changed = outdated and (previous is None or previous[0] != original.title or title_only)
    into.units.append(
        unit(
            "title",
            original.title,
            version.title if version else "",
            None,
            title_changed,
            previous[0] if previous and previous[0] != original.title else None,
            (
                source,
                "Title: plain text, no Markdown.",
                *_made_comment(entry, lang),
                *(() if original.body.strip() else notes),
            ),
            english.title if english is not None else "",
        )
    )
    if not original.body.strip():
        return
    current = split_markdown(original.body)
    translated = split_markdown(version.body) if version is not None and version.body.strip() else None
    if translated is not None and not outdated:
        into.layout_problems.extend(_layout_problems(content, entry, lang, current, translated))
    aligned = _align(current, translated, split_markdown(previous[1]) if previous else None, outdated)
    count = len(current.units)
    english_layout = split_markdown(english.body) if english is not None else None
    english_units = (
        english_layout.units if english_layout is not None and english_layout.kinds == current.kinds else ("",) * count
    )
    for index, (text, kind, (translation, fuzzy, old), english_text) in enumerate(
        zip(current.units, current.kinds, aligned, english_units, strict=True), 1
    ):
        into.units.append(
            unit(
                f"body#{index}",
                text,
                translation,
                kind,
                fuzzy,
                old,
                (source, f"Body unit {index} of {count}: {kind.value}.", *notes),
                english_text,
            )
        )


def _entry_unit(
    entry: Entry,
    path: Path,
    term_ok: frozenset[str],
    show_english: bool,
    name: str,
    text: str,
    translation: str,
    kind: UnitKind | None,
    fuzzy: bool,
    old: str | None,
    comments: tuple[str, ...],
    english_text: str = "",
) -> Unit:
    """One unit of ``entry``: fuzzy, with the original it was made from, only where it has a translation."""
    return Unit(
        entry.id,
        name,
        path,
        entry.lang,
        text,
        translation,
        kind,
        fuzzy=fuzzy and bool(translation),
        previous=old if fuzzy and translation else None,
        comments=comments,
        game=entry.game,
        english=english_text if show_english else "",
        term_ok=term_ok,
    )


def _layout_problems(
    content: Content, entry: Entry, lang: Language, current: Layout, translated: Layout
) -> list[Problem]:
    """A warning when the translation's Markdown structure differs from the original's."""
    mismatch = compare_layouts(current, translated)
    if mismatch is None:
        return []
    return [
        Problem(
            content.display(content.files[entry.id]),
            entry.id,
            f"text.{lang.value}.body",
            f"the translation's Markdown structure differs from the original's: {mismatch}",
            severity=Severity.WARNING,
        )
    ]


def previous_other_text(path: Path, text: OtherText, digest: str) -> str | None:
    """The ``text.original_lang`` version of ``text``'s field whose digest is ``digest``, from git history.

    The counterpart of :func:`previous_original` for the texts around the rules; ``None`` when
    ``path`` is not in a git work tree or no committed version has that digest.
    """

    def git(folder: Path, *args: str) -> str:
        return subprocess.run(["git", "-C", str(folder), *args], capture_output=True, text=True, check=True).stdout

    list_id = text.item_id.split(":", 1)[1] if text.item_id.startswith((GAME_PREFIX, SOURCE_PREFIX)) else None
    name, _, number = text.field.partition("#")
    try:
        top = Path(git(path.parent, "rev-parse", "--show-toplevel").strip())
        relative = path.resolve().relative_to(top.resolve()).as_posix()
        for commit in git(top, "log", "--format=%H", "--follow", "--", relative).split():
            data = load_yaml_text(git(top, "show", f"{commit}:{relative}"))
            item = next(candidate for candidate in data if candidate["id"] == list_id) if list_id else data
            if name == "notes":
                values = item["notes"][int(number) - 1]["text"]
            elif name == "assumptions":
                values = item["assumptions"][int(number) - 1]
            else:
                values = item[name]
            old = str(values[text.original_lang.value])
            if text_digest(old) == digest:
                return old
    except (
        OSError,
        subprocess.CalledProcessError,
        ValueError,
        KeyError,
        IndexError,
        TypeError,
        AttributeError,
        StopIteration,
        YAMLError,
    ):
        return None
    return None


def _other_units(
    content: Content,
    text: OtherText,
    lang: Language,
    into: _LanguageUnits,
    path: Path,
    comment: str,
    owner: str,
    game: str | None,
    kind: UnitKind | None = UnitKind.PARAGRAPH,
    extra_comments: tuple[str, ...] = (),
) -> None:
    """The units of one text around the rules, fuzzy with the previous original when it is outdated."""
    if lang is text.original_lang:
        return
    translation = text.versions.get(lang, "")
    outdated = text.state(lang) == "outdated"
    previous = previous_other_text(path, text, text.made_from[lang]) if outdated else None
    english = text.versions.get(Language.EN, "")
    if Language.EN in (lang, text.original_lang) or text.state(Language.EN) == "outdated":
        english = ""

    def unit(
        name: str,
        original: str,
        stored: str,
        fuzzy: bool,
        old: str | None,
        note: str,
        english_text: str,
        unit_kind: UnitKind | None = kind,
    ) -> Unit:
        return Unit(
            text.item_id,
            name,
            path,
            text.original_lang,
            original,
            stored,
            unit_kind,
            fuzzy=fuzzy and bool(stored),
            previous=old if fuzzy and stored and old != original else None,
            comments=(note, *extra_comments),
            game=game,
            owner=owner,
            english=english_text,
        )

    if text.field != "quote":
        into.units.append(unit(text.field, text.original, translation, outdated, previous, comment, english))
        return
    current = split_markdown(text.original)
    translated = split_markdown(translation) if translation.strip() else None
    if translated is not None and not outdated:
        mismatch = compare_layouts(current, translated)
        if mismatch is not None:
            into.layout_problems.append(
                Problem(
                    content.display(path),
                    text.item_id,
                    f"quote.{lang.value}",
                    f"the translation's Markdown structure differs from the original's: {mismatch}",
                    severity=Severity.WARNING,
                )
            )
    aligned = _align(current, translated, split_markdown(previous) if previous else None, outdated)
    english_layout = split_markdown(english)
    english_units = (
        english_layout.units if english and english_layout.kinds == current.kinds else ("",) * len(current.units)
    )
    count = len(current.units)
    for index, (original, unit_kind, (stored, fuzzy, old), english_text) in enumerate(
        zip(current.units, current.kinds, aligned, english_units, strict=True), 1
    ):
        note = f"{comment} Unit {index} of {count}: {unit_kind.value}."
        into.units.append(unit(f"quote#{index}", original, stored, fuzzy, old, note, english_text, unit_kind))


def _note_units(content: Content, entry: Entry, lang: Language, into: _LanguageUnits) -> None:
    path = content.files[entry.id]
    for text, note in zip(entry_other_texts(entry), entry.notes, strict=True):
        _other_units(
            content, text, lang, into, path, f"Editor's note ({note.kind.value}) on this entry.", "entry", entry.game
        )


def _example_units(content: Content, example: Example, lang: Language, into: _LanguageUnits) -> None:
    path = content.files[example.id]
    comments = {
        "title": "Worked example: title.",
        "quote": "Worked example: quote from the source.",
        "assumptions": "Worked example: an input the source leaves open.",
    }
    for text in example_other_texts(example, example_language(content.corpus, example)):
        name = text.field.split("#", 1)[0]
        _other_units(
            content,
            text,
            lang,
            into,
            path,
            comments[name],
            "example",
            example.game,
            kind=None if name == "title" else UnitKind.PARAGRAPH,
        )


def _game_units(content: Content, game: Game, lang: Language, into: _LanguageUnits) -> None:
    for text in game_other_texts(game):
        _other_units(
            content,
            text,
            lang,
            into,
            content.root / "games.yaml",
            "Game: what the game is, shown on its page and the home page.",
            "game",
            game.id,
        )


def _source_units(content: Content, source: Source, lang: Language, into: _LanguageUnits) -> None:
    comments = {
        "title": "Source document: its title (plain text).",
        "precedence": "Source document: how it ranks against the rulebook, as it says itself.",
        "description": "Source document: what it covers.",
    }
    for text in source_other_texts(source):
        _other_units(
            content,
            text,
            lang,
            into,
            content.root / "sources.yaml",
            f"{comments[text.field]} File: {source.file}.",
            "source",
            source.game,
            kind=None if text.field == "title" else UnitKind.PARAGRAPH,
        )


def _term_language(corpus: Corpus, term: Term) -> Language:
    """The language of the sources of the term's games (English when they disagree)."""
    languages = {source.lang for source in corpus.sources if source.game in term.games}
    return languages.pop() if len(languages) == 1 else Language.EN


def _term_units(content: Content, term: Term, lang: Language, into: _LanguageUnits) -> None:
    path, native = content.files[term.id], _term_language(content.corpus, term)
    context_id = TERM_PREFIX + term.id
    if native is not lang and native in term.rendering:
        source = term.rendering[native]
        stored = term.rendering.get(lang)
        into.units.append(
            Unit(
                context_id,
                "rendering",
                path,
                native,
                "\n".join((source.text, *source.forms)),
                "\n".join((stored.text, *stored.forms)) if stored else "",
                None,
                checked=False,
                owner="term",
                english=(
                    "\n".join((term.rendering[Language.EN].text, *term.rendering[Language.EN].forms))
                    if Language.EN in term.rendering and Language.EN not in (lang, native)
                    else ""
                ),
                comments=(
                    "Glossary term. First line: the term (nominative singular); further lines, one each: "
                    "forms that count as a use of it (plurals, case endings, variants). "
                    "A word ending in * is a stem and matches every word beginning with it.",
                    *((f"Definition: {term.definition[Language.EN]}",) if Language.EN in term.definition else ()),
                ),
            )
        )
    for text in term_other_texts(term):
        _other_units(
            content,
            text,
            lang,
            into,
            path,
            "Glossary term: one-sentence definition.",
            "term",
            term.games[0] if len(term.games) == 1 else None,
        )


def _collect(content: Content, lang: Language) -> _LanguageUnits:
    corpus = content.corpus
    source_rank = {source.id: rank for rank, source in enumerate(corpus.sources)}
    collected = _LanguageUnits()
    for game in corpus.games:
        _game_units(content, game, lang, collected)
    for source in corpus.sources:
        _source_units(content, source, lang, collected)
    for entry in sorted(corpus.entries, key=lambda e: (source_rank.get(e.source, 0), e.order, e.id)):
        if entry.lang is not lang:
            _entry_units(content, entry, lang, collected)
        _note_units(content, entry, lang, collected)
    for example in sorted(corpus.examples, key=lambda e: e.id):
        _example_units(content, example, lang, collected)

    for term in sorted(corpus.terms, key=lambda t: t.id):
        _term_units(content, term, lang, collected)
    return collected


def catalog_units(content: Content, lang: Language | str) -> list[Unit]:
    """Every translatable unit of the content for a catalog in ``lang``, in reading order."""
    return _collect(content, Language(lang)).units


def entry_units(
    content: Content, entry: Entry, lang: Language | str, as_current: bool = False
) -> tuple[list[Unit], list[Problem]]:
    """The title and body units of one entry in ``lang``, and its structure problem if any.

    ``as_current`` pairs an outdated translation with the current original, as a reviewer does.
    """
    collected = _LanguageUnits()
    _entry_units(content, entry, Language(lang), collected, as_current)
    return collected.units, collected.layout_problems


# ---------------------------------------------------------------- checks


def _glossary_for(glossary: Sequence[GlossaryTerm], game: str | None) -> list[GlossaryTerm]:
    return [term for term in glossary if game is None or game in term.games]


def check_unit(
    unit: Unit,
    text: str,
    lang: Language,
    glossary: Sequence[GlossaryTerm],
    allowed_terms: Collection[str] | None = None,
) -> list[str]:
    """Number, glossary and Markdown problems of ``text`` as the ``lang`` translation of ``unit``.

    ``allowed_terms`` (default: the unit's stored ``term_ok``) are glossary terms declared false hits.
    """
    if not unit.checked:
        return []
    return unit_problems(
        unit.original,
        unit.original_lang,
        text,
        lang,
        _glossary_for(glossary, unit.game),
        unit.kind,
        unit.term_ok if allowed_terms is None else allowed_terms,
    )


def translation_problems(content: Content) -> list[Problem]:
    """Warnings about stored translations that are not outdated: structure, numbers, glossary, Markdown.

    Outdated translations are reported by the loader; they are not checked
    against an original they were not made from.
    """
    glossary = compile_glossary(content.corpus.terms)
    problems: list[Problem] = []
    for lang in Language:
        collected = _collect(content, lang)
        problems.extend(collected.layout_problems)
        for unit in collected.units:
            if not unit.translation or unit.fuzzy:
                continue
            for message in check_unit(unit, unit.translation, lang, glossary):
                problems.append(
                    Problem(
                        content.display(unit.file),
                        unit.item_id.removeprefix(TERM_PREFIX),
                        f"{lang.value}: {unit.field}",
                        message,
                        severity=Severity.WARNING,
                    )
                )
    return problems


# ---------------------------------------------------------------- export


_LANGUAGE_NAMES = {
    Language.EN: "English",
    Language.DE: "German",
    Language.HU: "Hungarian",
    Language.RU: "Russian",
    Language.NL: "Dutch",
}


def _glossary_comments(used: Sequence[tuple[GlossaryTerm, str]], lang: Language) -> tuple[str, ...]:
    """One comment per glossary term the original uses: its words there and its renderings in ``lang``."""
    return tuple(
        f"Glossary term {term.term_id}: “{words}” = {' / '.join(term.renderings[lang])}" for term, words in used
    )


def unit_digest(text: str) -> str:
    """Digest of one unit's text as an export records it (``none`` for no text).

    >>> unit_digest(""), unit_digest("Aktionsstapel")
    ('none', '55098d7b9483')
    """
    return hashlib.sha256(text.encode("utf-8")).hexdigest()[:12] if text else "none"


@dataclass(frozen=True)
class ExportRecord:
    """What a message's ``#. rulebook-export:`` comment says about the content it was exported from."""

    lang: Language
    original: str
    """:func:`unit_digest` of the original."""
    translation: str
    """:func:`unit_digest` of the translation stored at export time."""


def export_record(lang: Language, original: str, translation: str) -> str:
    """The comment that records, per message, what the content held when the catalog was exported.

    The importer reads it back (:func:`read_export_record`) to refuse a catalog
    older than the translation it would overwrite.

    >>> export_record(Language.DE, "Aktionsstapel", "")
    'rulebook-export: de original=55098d7b9483 translation=none'
    """
    return f"{EXPORT_MARKER} {lang.value} original={unit_digest(original)} translation={unit_digest(translation)}"


_RECORD = re.compile(r"rulebook-export: (?P<lang>[a-z]+) original=(?P<original>\w+) translation=(?P<translation>\w+)")


def read_export_record(comments: Sequence[str]) -> ExportRecord | None:
    """The export record among a message's extracted comments, or ``None`` when it has none.

    >>> read_export_record(["Title.", export_record(Language.NL, "Aktionsstapel", "Actiestapel")])
    ExportRecord(lang=<Language.NL: 'nl'>, original='55098d7b9483', translation='fdfd28a6e725')
    """
    for comment in comments:
        match = _RECORD.fullmatch(comment.strip())
        if match is not None and match.group("lang") in {lang.value for lang in Language}:
            return ExportRecord(Language(match.group("lang")), match.group("original"), match.group("translation"))
    return None


def build_catalog(content: Content, lang: Language | str, now: datetime | None = None) -> Catalog:
    """The PO catalog of every translatable unit for ``lang`` (see the module docstring)."""
    language = Language(lang)
    moment = now or datetime.now(UTC)
    catalog = Catalog(
        locale=language.value,
        domain="content",
        project="Rulebook content",
        header_comment=(
            f"# {_LANGUAGE_NAMES[language]} translations of the Rulebook content.\n"
            f"# Made by `rulebook translate export --lang {language.value}`; send the edited file back\n"
            "# through `rulebook translate import FILE`. msgctxt is <entry id>|<field>;\n"
            "# msgid is the text in its original language.\n#"
        ),
        version=__version__,
        creation_date=moment,
        revision_date=moment,
        language_team=_LANGUAGE_NAMES[language],
        charset="utf-8",
        fuzzy=False,
    )
    # Filled in by the translator's editor; Babel's placeholder would be recorded as a name.
    catalog.last_translator = ""
    glossary = compile_glossary(content.corpus.terms)
    for unit in catalog_units(content, language):
        used = terms_used(unit.original, unit.original_lang, _glossary_for(glossary, unit.game), language)
        declared = sorted(unit.term_ok & {term.term_id for term, _ in used}) if unit.checked else []
        message = catalog.add(
            unit.original,
            unit.translation,
            locations=[(content.display(unit.file), None)],  # type: ignore[list-item]
            flags=["fuzzy"] if unit.fuzzy else [],
            auto_comments=(
                *unit.comments,
                *((f"English draft: {unit.english}",) if unit.english.strip() else ()),
                *(_glossary_comments(used, language) if unit.checked else ()),
                export_record(language, unit.original, unit.translation),
            ),
            user_comments=[f"{TERM_OK_MARKER} {', '.join(declared)}"] if declared else [],
            previous_id=unit.previous if unit.previous is not None else (),
            context=unit.context,
        )
        # Babel guesses python-format from a '%' in the text; content is not a format string.
        message.flags.discard("python-format")
    return catalog


def previous_msgid_lines(previous: str, width: int = _WIDTH) -> str:
    """The ``#| msgid`` comment lines of a previous msgid, wrapped as gettext wraps a msgid.

    Babel's writer wraps the whole ``msgid "…"`` text like a comment, which cuts
    a multi-line string in the middle of a quoted line; gettext wants
    every line of the normalised string behind its own ``#|`` marker.

    >>> print(previous_msgid_lines("Eine ziemlich lange Zeile, die auf zwei PO-Zeilen verteilt wird.", width=40))
    #| msgid ""
    #| "Eine ziemlich lange Zeile, die auf "
    #| "zwei PO-Zeilen verteilt wird."
    <BLANKLINE>
    """
    lines = f"msgid {normalize(previous, width=width)}".split("\n")
    return "".join(f"#| {line}\n" for line in lines)


def po_bytes(catalog: Catalog) -> bytes:
    """``catalog`` as the bytes of a PO file (UTF-8), with previous msgids of fuzzy messages.

    Babel writes the messages; the previous msgids are put in by
    :func:`previous_msgid_lines`, right before each message's ``msgctxt`` (after
    its flags, where gettext expects them).
    """
    buffer = io.BytesIO()
    write_po(buffer, catalog, include_previous=False, include_lineno=False, width=_WIDTH)
    text = buffer.getvalue().decode("utf-8")
    for message in catalog:
        if not message.id or not message.previous_id or message.context is None:
            continue
        anchor = f"\nmsgctxt {normalize(message.context, width=_WIDTH)}\nmsgid "
        position = text.index(anchor) + 1
        text = text[:position] + previous_msgid_lines(message.previous_id[0]) + text[position:]
    return text.encode("utf-8")


def export_catalog(content: Content, lang: Language | str, now: datetime | None = None) -> bytes:
    """The catalog for ``lang`` as PO file bytes: :func:`build_catalog` then :func:`po_bytes`."""
    return po_bytes(build_catalog(content, lang, now))
