"""How much of each glossary term's use the glossary matcher recognises.

``rulebook translate terms`` counts, for every glossary term and every site
language, the *occurrences* of the term's canonical rendering in the bodies of
that language (every entry of the term's games, originals and translations
reported apart), how many of them the glossary matcher of
:mod:`rulebook.translation.checks` recognises — the matcher the translation
checks and the site's term links use — and shows the context of each one it
misses.

The occurrence detector
    Counting with the glossary's own forms would be circular: the figure would
    be 100 % by construction. Occurrences are therefore found by a separate,
    deliberately loose detector that knows only the canonical rendering
    (``TermRendering.text``), never its ``forms``:

    - Text and rendering are read case-insensitively (``ё`` as ``е``) and cut
      into words at every non-word character, hyphens and apostrophes
      included (``HPP-ből`` is ``hpp`` ``ből``; ``Lend-Lease`` is ``lend``
      ``lease``).
    - Each word of the rendering is reduced to a *stem* by one small rule per
      language: the longest of the language's inflectional endings
      (:data:`ENDINGS`) is cut off, once, as long as at least three letters
      remain (en ``interception`` → ``intercept``, de ``Abfangen`` →
      ``abfang``, hu ``közbeavatkozás`` → ``közbeavatkoz``, ``zóna`` →
      ``zón``, ru ``снабжение`` → ``снабжен``, nl ``vergrendelen`` →
      ``vergrendel``).
    - A word of the text matches a rendering word of four letters or more
      when it *begins* with the stem, so inflections, suffixes and compounds
      that begin with the term all count (de ``Aktionsstapels``,
      ``Versorgungslinie``; hu ``akcióvermet``; nl ``pantserwagen``). Russian
      stems ending in a consonant and ``к`` also match with the fleeting
      vowel of the genitive plural (``лодк`` matches ``лодок``).
    - A rendering word of one to three letters (``HPP``, ``ZOC``, ``box``,
      ``of``, ``на``) matches only the same word, or that word with one of
      the language's endings (``boxes``).
    - A multi-word rendering occurs where its words match in order, with at
      most :data:`WINDOW` other words between two of them.

    The detector misses what does not begin with the canonical stem —
    German past participles (``abgefangen``), separable verbs (``zieht sich
    zurück``), compounds where the term is not the first part
    (``Hauptaktionsstapel``) — and may count a word that only shares the
    stem. Both are known and accepted: the figure measures how well the
    glossary covers the ordinary inflection of its canonical renderings, and
    every missed context is listed for a person to judge.

Recognition
    An occurrence is *recognised* when a use of the same term that
    :meth:`~rulebook.translation.checks.GlossaryTerm.spans` finds in the same
    body overlaps it, or when a use of another term of the entry's game covers
    it whole: ``Versorgungsquelle`` begins with ``Versorgung`` but is the term
    *supply source*, and the checks count a use inside a longer term for the
    longer term only.
"""

from __future__ import annotations

import re
import statistics
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field

from rulebook.content.model import Corpus, Language, Term
from rulebook.errors import RulebookError
from rulebook.translation.checks import GlossaryTerm, compile_glossary

__all__ = [
    "DEFAULT_TERMS_THRESHOLD",
    "ENDINGS",
    "WINDOW",
    "LanguageSummary",
    "Occurrence",
    "TermReport",
    "Unrecognised",
    "find_occurrences",
    "language_summary",
    "stem",
    "term_reports",
]

ENDINGS: dict[Language, tuple[str, ...]] = {
    Language.EN: ("ing", "ion", "ed", "es", "s", "e", "y"),
    Language.DE: ("en", "er", "es", "em", "e", "n", "s"),
    Language.NL: ("en", "e", "s"),
    Language.HU: ("em", "ás", "és", "a", "e", "á", "é", "i", "í", "o", "ó", "ö", "ő", "u", "ú", "ü", "ű"),
    Language.RU: (
        *("ами", "ями", "ого", "его", "ому", "ему", "ать", "ять", "ить", "еть", "ия", "ие", "ию", "ии", "ий", "ый"),
        *("ая", "яя", "ое", "ее", "ые", "ых", "их", "ую", "ой", "ей", "ом", "ем", "ам", "ям", "ах", "ях", "ов"),
        *("ев", "а", "я", "о", "е", "ы", "и", "у", "ю", "ь", "й"),
    ),
}
"""Inflectional endings cut off a rendering's words, per language (the longest that fits, once)."""

DEFAULT_TERMS_THRESHOLD = 0.95
"""The share of a term's occurrences the glossary must recognise in every language."""

WINDOW = 1
"""How many other words may stand between two words of a multi-word rendering."""

CONTEXT_WORDS = 5
"""Words shown on either side of an unrecognised occurrence."""

_SHORT_WORD = 3
_MINIMUM_STEM = 3
_WORD = re.compile(r"\w+")


def _fold(text: str) -> str:
    # lower(), not casefold(): casefold turns ß into ss and would shift the offsets.
    return text.lower().replace("ё", "е")


def stem(word: str, lang: Language | str) -> str:
    """The stem of one word of a canonical rendering, by the language's ending rule.

    >>> stem("interception", "en"), stem("Abfangen", "de"), stem("közbeavatkozás", "hu")
    ('intercept', 'abfang', 'közbeavatkoz')
    >>> stem("снабжение", "ru"), stem("vergrendelen", "nl"), stem("zóna", "hu"), stem("box", "en")
    ('снабжен', 'vergrendel', 'zón', 'box')
    """
    folded = _fold(word)
    for ending in sorted(ENDINGS[Language(lang)], key=len, reverse=True):
        if folded.endswith(ending) and len(folded) - len(ending) >= _MINIMUM_STEM:
            return folded[: -len(ending)]
    return folded


@dataclass(frozen=True)
class _WordRule:
    """How one word of a rendering matches words of a text."""

    word: str
    stem: str
    lang: Language

    def matches(self, token: str) -> bool:
        if len(self.word) <= _SHORT_WORD:
            return token == self.word or any(token == self.word + ending for ending in ENDINGS[self.lang])
        if token.startswith(self.stem):
            return True
        # Russian fleeting vowel: лодка, лодок; группировка, группировок.
        return (
            self.lang is Language.RU
            and len(self.stem) > 2
            and self.stem.endswith("к")
            and self.stem[-2] not in "аеиоуыэюя"
            and token.startswith(self.stem[:-1] + "ок")
        )


def _rules(rendering: str, lang: Language) -> list[_WordRule]:
    return [_WordRule(word, stem(word, lang), lang) for word in _WORD.findall(_fold(rendering))]


@dataclass(frozen=True)
class Occurrence:
    """One place where a term's canonical rendering occurs, as the loose detector sees it."""

    start: int
    end: int
    context: str
    """The occurrence in brackets with a few words either side, on one line."""


def find_occurrences(rendering: str, text: str, lang: Language | str) -> list[Occurrence]:
    """Every occurrence of ``rendering`` (a canonical rendering) in ``text``, by the loose detector.

    >>> [o.context for o in find_occurrences("supply line", "Trace a supply\\nline; no lines.", "en")]
    ['Trace a [supply line]; no lines']
    >>> len(find_occurrences("линия снабжения", "по линиям его снабжения, линией снабжения", "ru"))
    2
    >>> len(find_occurrences("HPP", "HPP-ből; HPPK", "hu"))
    1
    >>> len(find_occurrences("подводная лодка", "подводных лодок", "ru"))
    1
    """
    language = Language(lang)
    rules = _rules(rendering, language)
    if not rules:
        return []
    tokens = [(match.start(), match.end(), match.group(0)) for match in _WORD.finditer(_fold(text))]
    found: list[Occurrence] = []
    index = 0
    while index < len(tokens):
        end_index = _match_from(rules, tokens, index)
        if end_index is None:
            index += 1
            continue
        start, end = tokens[index][0], tokens[end_index][1]
        before = max(0, index - CONTEXT_WORDS)
        after = min(len(tokens) - 1, end_index + CONTEXT_WORDS)
        context = " ".join(
            f"{text[tokens[before][0] : start]}[{text[start:end]}]{text[end : tokens[after][1]]}".split()
        )
        found.append(Occurrence(start, end, context))
        index = end_index + 1
    return found


def _match_from(rules: Sequence[_WordRule], tokens: Sequence[tuple[int, int, str]], index: int) -> int | None:
    """Index of the last token of an occurrence that begins at ``tokens[index]``, or ``None``."""
    if not rules[0].matches(tokens[index][2]):
        return None
    position = index
    for rule in rules[1:]:
        for candidate in range(position + 1, min(len(tokens), position + 2 + WINDOW)):
            if rule.matches(tokens[candidate][2]):
                position = candidate
                break
        else:
            return None
    return position


@dataclass(frozen=True)
class Unrecognised:
    """An occurrence the glossary matcher does not recognise, and where it is."""

    entry: str
    origin: str
    """``original`` or ``translation``."""
    context: str


@dataclass
class TermReport:
    """Occurrences of one term in one language's bodies, and how many the glossary recognises."""

    term: str
    lang: Language
    rendering: str
    occurrences: dict[str, int] = field(default_factory=lambda: {"original": 0, "translation": 0})
    """Occurrences in original bodies and in translated bodies."""
    recognised: dict[str, int] = field(default_factory=lambda: {"original": 0, "translation": 0})
    unrecognised: list[Unrecognised] = field(default_factory=list)

    @property
    def total(self) -> int:
        """Occurrences in every body."""
        return sum(self.occurrences.values())

    @property
    def total_recognised(self) -> int:
        """Recognised occurrences in every body."""
        return sum(self.recognised.values())

    @property
    def ratio(self) -> float | None:
        """Share of the occurrences recognised; ``None`` where the term does not occur."""
        return self.total_recognised / self.total if self.total else None

    def as_json(self) -> dict[str, object]:
        """The report as plain JSON data (one object of ``rulebook translate terms --json``)."""
        return {
            "term": self.term,
            "lang": self.lang.value,
            "rendering": self.rendering,
            "occurrences": self.total,
            "recognised": self.total_recognised,
            "ratio": None if self.ratio is None else round(self.ratio, 4),
            "in_originals": {"occurrences": self.occurrences["original"], "recognised": self.recognised["original"]},
            "in_translations": {
                "occurrences": self.occurrences["translation"],
                "recognised": self.recognised["translation"],
            },
            "unrecognised": [
                {"entry": miss.entry, "origin": miss.origin, "context": miss.context} for miss in self.unrecognised
            ],
        }


def term_reports(
    corpus: Corpus, languages: Iterable[Language | str] | None = None, term_ids: Iterable[str] | None = None
) -> list[TermReport]:
    """One report per glossary term and language (all of them unless narrowed), in term order."""
    chosen_languages = [Language(lang) for lang in languages] if languages else list(Language)
    wanted = set(term_ids) if term_ids else None
    terms: list[Term] = [term for term in corpus.terms if wanted is None or term.id in wanted]
    if wanted is not None and (unknown := wanted - {term.id for term in terms}):
        known = ", ".join(sorted(term.id for term in corpus.terms))
        raise RulebookError(f"no glossary term {', '.join(sorted(unknown))}; the terms are: {known}")
    glossary = compile_glossary(corpus.terms)
    reports = []
    for term in terms:
        for lang in chosen_languages:
            reports.append(_report(corpus, term, glossary, lang))
    return reports


def _report(corpus: Corpus, term: Term, glossary: Sequence[GlossaryTerm], lang: Language) -> TermReport:
    rendering = term.rendering[lang].text
    [own] = [compiled for compiled in glossary if compiled.term_id == term.id]
    report = TermReport(term.id, lang, rendering)
    for entry in sorted(corpus.entries, key=lambda e: e.id):
        version = entry.text.get(lang)
        if entry.game not in term.games or version is None or not version.body:
            continue
        origin = "original" if entry.lang == lang else "translation"
        uses = own.spans(version.body, lang)
        others = [
            span
            for compiled in glossary
            if compiled is not own and entry.game in compiled.games
            for span in compiled.spans(version.body, lang)
        ]
        for occurrence in find_occurrences(rendering, version.body, lang):
            report.occurrences[origin] += 1
            if any(start < occurrence.end and occurrence.start < end for start, end in uses) or any(
                start <= occurrence.start and occurrence.end <= end for start, end in others
            ):
                report.recognised[origin] += 1
            else:
                report.unrecognised.append(Unrecognised(entry.id, origin, occurrence.context))
    return report


@dataclass(frozen=True)
class LanguageSummary:
    """The figures of one language across all terms."""

    lang: Language
    terms: int
    """Terms that occur in the language's bodies."""
    minimum: float | None
    median: float | None
    below: tuple[str, ...]
    """Terms below the threshold."""


def language_summary(reports: Iterable[TermReport], threshold: float) -> list[LanguageSummary]:
    """Minimum and median ratio per language, and the terms below ``threshold``."""
    by_language: dict[Language, list[TermReport]] = {}
    for report in reports:
        by_language.setdefault(report.lang, []).append(report)
    summaries = []
    for lang, rows in by_language.items():
        ratios = [row.ratio for row in rows if row.ratio is not None]
        summaries.append(
            LanguageSummary(
                lang,
                len(ratios),
                min(ratios) if ratios else None,
                statistics.median(ratios) if ratios else None,
                tuple(row.term for row in rows if row.ratio is not None and row.ratio < threshold),
            )
        )
    return summaries
