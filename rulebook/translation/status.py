"""Translation status of every entry in every language.

One computation shared by ``rulebook translate status``, ``rulebook check`` and the
translation dashboard pages of the site. A language version is *missing* when the
entry has no text in it, *outdated* when its recorded source digest differs from
the digest of the current original (see :meth:`rulebook.content.model.Entry.effective_status`),
and *title-only* when a translation has its title but the original has a body it lacks.

``rulebook translate status`` counts bodiless headings apart (state *heading*,
:data:`CLI_STATES`): their translation is a title and nothing more, and
counting it as a draft would read as progress on text that is not there.
An outdated or missing heading is still counted as such: it is work to do.

The texts around the rules (notes, descriptions, example titles, quotes and assumptions,
definitions: :mod:`rulebook.content.other_texts`) are counted apart by :func:`other_text_status`,
one count per text, in the states ``original``, ``draft``, ``outdated`` and ``missing``.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass

from rulebook.content.model import LANGUAGES, Corpus, Entry, Language
from rulebook.content.other_texts import corpus_other_texts

__all__ = [
    "CLI_STATES",
    "OTHER_STATES",
    "STATES",
    "LanguageStatus",
    "all_languages",
    "entry_state",
    "language_status",
    "other_text_status",
]

OTHER_STATES: tuple[str, ...] = ("original", "draft", "outdated", "missing")
"""The states of a text around the rules in one language."""

STATES: tuple[str, ...] = ("original", "reviewed", "draft", "outdated", "title-only", "missing")
"""Every state a language version can be in, best first."""

CLI_STATES: tuple[str, ...] = ("original", "reviewed", "draft", "heading", "outdated", "title-only", "missing")
"""The states ``rulebook translate status`` counts: :data:`STATES` with bodiless headings apart."""


def entry_state(entry: Entry, lang: Language, headings: bool = False) -> str:
    """The state of ``entry`` in ``lang`` (one of :data:`STATES`; of :data:`CLI_STATES` with ``headings``)."""
    status = entry.effective_status(lang)
    if status is None:
        return "missing"
    if status.value in ("original", "outdated"):
        return status.value
    if headings and not entry.original.body.strip():
        return "heading"
    version = entry.text[lang]
    if entry.original.body.strip() and not version.body.strip():
        return "title-only"
    return status.value


@dataclass(frozen=True)
class LanguageStatus:
    """Counts of entry states for one language, and which entries are in each state."""

    lang: Language
    counts: dict[str, int]
    entries: dict[str, tuple[str, ...]]

    @property
    def total(self) -> int:
        """Number of entries counted."""
        return sum(self.counts.values())


def language_status(corpus: Corpus, lang: Language | str, headings: bool = False) -> LanguageStatus:
    """Count the states of every entry of ``corpus`` in ``lang`` (bodiless headings apart with ``headings``)."""
    language = Language(lang)
    states = CLI_STATES if headings else STATES
    counts: Counter[str] = Counter({state: 0 for state in states})
    members: dict[str, list[str]] = {state: [] for state in states}
    for entry in sorted(corpus.entries, key=lambda e: e.id):
        state = entry_state(entry, language, headings)
        counts[state] += 1
        members[state].append(entry.id)
    return LanguageStatus(
        lang=language,
        counts={state: counts[state] for state in states},
        entries={state: tuple(ids) for state, ids in members.items()},
    )


def all_languages(corpus: Corpus, headings: bool = False) -> list[LanguageStatus]:
    """:func:`language_status` for every site language, in display order."""
    return [language_status(corpus, lang, headings) for lang in LANGUAGES]


def other_text_status(corpus: Corpus, lang: Language | str) -> LanguageStatus:
    """Count the states of the texts around the rules in ``lang``; each text is named ``<item id>|<field>``."""
    language = Language(lang)
    members: dict[str, list[str]] = {state: [] for state in OTHER_STATES}
    for text in sorted(corpus_other_texts(corpus), key=lambda t: (t.item_id, t.field)):
        members[text.state(language)].append(f"{text.item_id}|{text.field}")
    return LanguageStatus(
        lang=language,
        counts={state: len(members[state]) for state in OTHER_STATES},
        entries={state: tuple(ids) for state, ids in members.items()},
    )
