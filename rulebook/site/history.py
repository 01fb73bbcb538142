"""The history of the rules on the site: each entry's History section, "What changed" and its Atom feed.

From the git history of the content (:mod:`rulebook.content.history`), every page of a language
tree shows the changes to the original and to that language's text, newest first:

- an entry page's **History** (``<details id="history">``, closed): each change with its date, what
  it was (:class:`~rulebook.content.history.ChangeKind`) and a word-level diff of the text in the
  page's language, with the original's own diff a tap away;
- ``/<lang>/changes/`` (:data:`CHANGES_PAGE`): the last :data:`CHANGES_PER_SOURCE` changes of each
  source, each linking to the change in its entry's History;
- ``/<lang>/changes.xml`` (:data:`CHANGES_FEED`): the same as an Atom 1.0 feed, one ``<entry>`` per
  changed rule text (the :data:`FEED_ENTRIES` newest), linked from every page's head.

A diff compares words (and punctuation marks), not whitespace, with :mod:`difflib`: removed words
are ``<del>``, added ones ``<ins>``, every text escaped. Only :data:`CONTEXT_WORDS` unchanged
words are kept on each side of a change, and a run of more than :data:`RUN_WORDS` added or removed
words (a new translation is all added) shows its beginning. An entry page shows diffs while they
fit in :data:`HISTORY_DIFF_BUDGET`; older changes are listed with their date and kind only. Each
diff is made once for every tree of a render (:class:`SiteHistory`).
"""

from __future__ import annotations

import difflib
import functools
import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Literal

from markupsafe import Markup, escape

from rulebook.content.history import (
    ChangeKind,
    ContentHistory,
    EntryChange,
    EntryVersion,
    change_kinds,
)
from rulebook.content.model import Entry, Language
from rulebook.site.i18n import format_source_date, language_name
from rulebook.site.views import Link

__all__ = [
    "CHANGES_FEED",
    "CHANGES_PAGE",
    "CHANGES_PER_SOURCE",
    "CONTEXT_WORDS",
    "FEED_ENTRIES",
    "HISTORY_DIFF_BUDGET",
    "RUN_WORDS",
    "ChangeRow",
    "ChangeView",
    "EntryChangeRow",
    "FeedItem",
    "HistoryView",
    "SiteHistory",
    "SourceChanges",
    "change_anchor",
    "word_diff",
]

CHANGES_PAGE = "changes.md"
"""Per tree: the last changes of every source (``/<lang>/changes/``)."""

CHANGES_FEED = "changes.xml"
"""Per tree: the Atom feed of the last changes (``/<lang>/changes.xml``)."""

CHANGES_PER_SOURCE = 10
"""Changes the "What changed" page lists per source."""

FEED_ENTRIES = 50
"""Changes the Atom feed carries, the newest of every source."""

HISTORY_DIFF_BUDGET = 6_000
"""Bytes of diff HTML one entry page's History shows (an entry page stays within 50 KB); the changes
past it are listed without their diffs."""

CONTEXT_WORDS = 6
"""Unchanged words a diff keeps on each side of a change."""

RUN_WORDS = 40
"""Words of one added or removed run a diff shows; the rest of the run is an ellipsis."""

_WORD = re.compile(r"(\s*)(\w+|[^\w\s])")
"""What a diff compares: each word and each punctuation mark; the whitespace between them is not compared."""

_ELLIPSIS = "…"


def change_anchor(change: EntryChange) -> str:
    """The id of ``change`` in its entry's History (the same in every tree).

    >>> from rulebook.content.history import EntryVersion
    >>> change_anchor(EntryChange("0123456789abcdef0123", "2026-01-01T00:00:00+00:00", None, EntryVersion("de", {})))
    'history-0123456789ab'
    """
    return f"history-{change.commit[:12]}"


_Words = list[tuple[str, str]]
"""A text's words, each with the whitespace before it (``re.findall`` of :data:`_WORD`)."""


def _shown(words: _Words) -> str:
    """Words as a diff shows them: one space wherever the text had whitespace."""
    return "".join(f" {word}" if space else word for space, word in words)


def _run(words: _Words, side: Literal["del", "ins"], lead: bool = True) -> str:
    """An added or removed run, cut after :data:`RUN_WORDS` words; the space before it outside the mark."""
    cut = f" {_ELLIPSIS}" if len(words) > RUN_WORDS else ""
    space = " " if lead and words[0][0] else ""
    return f"{space}<{side}>{escape(_shown(words[:RUN_WORDS]).strip())}{cut}</{side}>"


def _context(words: _Words, first: bool, last: bool) -> str:
    """An unchanged run: its last words before the first change, its first after the last, both between two."""
    if first and last or (not first and not last and len(words) <= 2 * CONTEXT_WORDS):
        return str(escape(_shown(words)))
    head = str(escape(_shown(words[:CONTEXT_WORDS])))
    tail = str(escape(_shown(words[-CONTEXT_WORDS:])))
    cut = len(words) > CONTEXT_WORDS
    if first:
        return (_ELLIPSIS if cut else "") + tail
    if last:
        return head + (f" {_ELLIPSIS}" if cut else "")
    return f"{head} {_ELLIPSIS}{tail}"


def _common_ends(old: Sequence[str], new: Sequence[str]) -> tuple[int, int]:
    """How many words two texts share at their start, and then at their end."""
    limit = min(len(old), len(new))
    start = 0
    while start < limit and old[start] == new[start]:
        start += 1
    end = 0
    while end < limit - start and old[-1 - end] == new[-1 - end]:
        end += 1
    return start, end


def _opcodes(old: Sequence[str], new: Sequence[str]) -> list[tuple[str, int, int, int, int]]:
    """:meth:`difflib.SequenceMatcher.get_opcodes` of two word lists, the shared start and end left out of the match."""
    start, end = _common_ends(old, new)
    middle = difflib.SequenceMatcher(None, old[start : len(old) - end], new[start : len(new) - end], autojunk=False)
    codes = [(tag, i1 + start, i2 + start, j1 + start, j2 + start) for tag, i1, i2, j1, j2 in middle.get_opcodes()]
    codes = [code for code in codes if code[1] != code[2] or code[3] != code[4]]
    if start:
        codes.insert(0, ("equal", 0, start, 0, start))
    if end:
        codes.append(("equal", len(old) - end, len(old), len(new) - end, len(new)))
    merged: list[tuple[str, int, int, int, int]] = []
    for code in codes:
        if merged and merged[-1][0] == code[0] == "equal":
            merged[-1] = ("equal", merged[-1][1], code[2], merged[-1][3], code[4])
        else:
            merged.append(code)
    return merged


@functools.lru_cache(maxsize=20_000)
def word_diff(before: str, after: str) -> Markup:
    """The word-level diff of two texts as HTML: ``<del>`` what went, ``<ins>`` what came, all escaped.

    >>> print(word_diff("Only hand cards can be discarded.", "Only hand cards may be discarded, never others."))
    Only hand cards <del>can</del><ins>may</ins> be discarded<ins>, never others</ins>.
    >>> print(word_diff("", "A <new> text."))
    <ins>A &lt;new&gt; text.</ins>
    >>> print(word_diff("one two three four five six seven eight nine ten", "one two three four five six seven eight"))
    … three four five six seven eight <del>nine ten</del>
    """
    old, new = _WORD.findall(before), _WORD.findall(after)
    opcodes = _opcodes([word for _, word in old], [word for _, word in new])
    parts = []
    for index, (tag, i1, i2, j1, j2) in enumerate(opcodes):
        if tag == "equal":
            parts.append(_context(old[i1:i2], index == 0, index == len(opcodes) - 1))
            continue
        if tag in ("delete", "replace"):
            parts.append(_run(old[i1:i2], "del"))
        if tag in ("insert", "replace"):
            parts.append(_run(new[j1:j2], "ins", lead=tag == "insert"))
    return Markup("".join(parts).strip())


_ENTRY_LINK = re.compile(r"\[([^\]]*)\]\(ref:[^)\s]*\)")
"""A link to another entry in a body: a diff shows its text, as the page does."""


def _whole_text(version: EntryVersion | None, lang: str) -> str:
    """The title and body of the ``lang`` version, as one text to compare (links as their text).

    >>> from rulebook.content.history import TextVersion
    >>> version = EntryVersion("de", {"de": TextVersion("Abwerfen", "Siehe [Depot](ref:how.depot).", "original")})
    >>> _whole_text(version, "de")
    'Abwerfen — Siehe Depot.'
    """
    text = version.texts.get(lang) if version is not None else None
    return _ENTRY_LINK.sub(r"\1", f"{text.title} — {text.body}") if text is not None else ""


def _diff(change: EntryChange, lang: str) -> Markup:
    return word_diff(_whole_text(change.before, lang), _whole_text(change.after, lang))


_ORIGINAL_KINDS = frozenset({ChangeKind.ADDED, ChangeKind.ORIGINAL_CHANGED})
_TEXT_KINDS = frozenset({ChangeKind.DRAFTED, ChangeKind.REVISED})


@dataclass(frozen=True)
class ChangeView:
    """One change as an entry page's History lists it."""

    anchor: str
    date: str
    """The commit's date, ISO (``2026-11-25``)."""
    date_text: str
    """The date as the page's language writes it."""
    kinds: tuple[str, ...]
    """:class:`~rulebook.content.history.ChangeKind` values: the original's first, then the page language's."""
    diff: Markup | None
    """The page language's text before and after (the original's, on the original's page)."""
    diff_lang: str
    original_diff: Markup | None
    """On a translation's page, the original's diff when the original changed."""
    original_lang: str


@dataclass(frozen=True)
class HistoryView:
    """An entry's History section in one language."""

    changes: tuple[ChangeView, ...]
    original_language: str
    """The original's language, named in the page's language for use inside a sentence."""
    shortened: bool
    """Some older changes are listed without their diffs (past :data:`HISTORY_DIFF_BUDGET`)."""


@dataclass(frozen=True)
class EntryChangeRow:
    """One change of one entry that a language tree shows: what the changes page and the feed list."""

    entry: Entry
    change: EntryChange
    kinds: tuple[str, ...]

    @property
    def date(self) -> str:
        return self.change.date


@dataclass(frozen=True)
class ChangeRow:
    """One change as the "What changed" page lists it."""

    date: str
    date_text: str
    link: Link
    """To the change in its entry's History."""
    kinds: tuple[str, ...]


@dataclass(frozen=True)
class SourceChanges:
    """The last changes of one source on the "What changed" page."""

    title: str
    changes: tuple[ChangeRow, ...]


@dataclass(frozen=True)
class FeedItem:
    """One entry of the Atom feed: one change of one rule text."""

    title: str
    """The entry's heading in the feed's language."""
    href: str
    """The change in its entry's History, an absolute URL (also the entry's Atom id)."""
    date: str
    """RFC 3339, as git gives it."""
    kinds: tuple[str, ...]
    diff: Markup


class SiteHistory:
    """The content's history prepared for the pages of one render, every tree alike."""

    def __init__(self, history: ContentHistory) -> None:
        self.history = history
        self._rows: dict[tuple[str, Language], list[EntryChangeRow]] = {}

    @property
    def available(self) -> bool:
        return self.history.available

    def rows(self, entry: Entry, lang: Language) -> list[EntryChangeRow]:
        """The changes of ``entry`` the ``lang`` tree shows (to its original or its ``lang`` text), newest first."""
        kept = self._rows.get((entry.id, lang))
        if kept is not None:
            return kept
        rows = self._rows[(entry.id, lang)] = []
        for change in self.history.changes.get(entry.id, ()):
            original = change.after.lang
            kinds = change_kinds(change, original)
            if lang.value != original:
                kinds += change_kinds(change, lang.value)
            if kinds:
                rows.append(EntryChangeRow(entry, change, tuple(kind.value for kind in kinds)))
        return rows

    def entry_history(self, entry: Entry, lang: Language) -> HistoryView | None:
        """The History section of ``entry``'s page in ``lang``; ``None`` without history or changes."""
        rows = self.rows(entry, lang)
        if not rows:
            return None
        views, spent, shortened = [], 0, False
        for row in rows:
            change, original = row.change, row.change.after.lang
            kinds = {ChangeKind(kind) for kind in row.kinds}
            own = original if lang.value == original else lang.value
            diff = _diff(change, own) if kinds & (_ORIGINAL_KINDS if own == original else _TEXT_KINDS) else None
            original_diff = _diff(change, original) if own != original and kinds & _ORIGINAL_KINDS else None
            weight = len(diff or "") + len(original_diff or "")
            if shortened or spent + weight > HISTORY_DIFF_BUDGET:
                shortened, diff, original_diff = True, None, None
            spent += weight
            views.append(
                ChangeView(
                    anchor=change_anchor(change),
                    date=change.date[:10],
                    date_text=_date_text(change.date[:10], lang.value),
                    kinds=row.kinds,
                    diff=diff,
                    diff_lang=own,
                    original_diff=original_diff,
                    original_lang=original,
                )
            )
        return HistoryView(tuple(views), language_name(entry.lang.value, lang.value, in_sentence=True), shortened)

    def date_text(self, row: EntryChangeRow, lang: Language) -> str:
        """The date of ``row``'s change as ``lang`` writes it."""
        return _date_text(row.change.date[:10], lang.value)

    def recent(self, entries: Iterable[Entry], lang: Language, count: int) -> list[EntryChangeRow]:
        """The ``count`` newest changes the ``lang`` tree shows of ``entries``, newest first."""
        rows = [row for entry in entries for row in self.rows(entry, lang)]
        rows.sort(key=lambda row: (row.change.date, row.entry.id), reverse=True)
        return rows[:count]

    def feed_diff(self, row: EntryChangeRow, lang: Language) -> Markup:
        """What a feed entry shows of a change: the diff of the tree's language, else of the original."""
        original = row.change.after.lang
        kinds = {ChangeKind(kind) for kind in row.kinds}
        if lang.value != original and kinds & _TEXT_KINDS:
            return _diff(row.change, lang.value)
        return _diff(row.change, original)


@functools.lru_cache(maxsize=1_000)
def _date_text(date: str, lang: str) -> str:
    return format_source_date(date, lang)
