"""Rule numbers written in entry texts: find them, resolve them to entries, report the ones that do not resolve.

A body or an editor's note that says "see 10.2.1", "siehe 10.2.1", "lásd 10.2.1",
"см. 10.2.1", "zie 10.2.1", "(8.1.1)", "§ 9" or "a 9.0.1-ben" refers to another rule of its source
by its section number. The site links such a number to the entry of the same source whose
``section`` it is (:func:`rulebook.site.markdown.link_section_references`); ``rulebook check`` warns
about the ones that name no entry (:func:`reference_problems`).

What counts as a reference (conservative: a wrong link is worse than a missing one)
    - a *dotted* section number, ``8.1`` to ``4.2.5.1`` (parts of one or two digits), standing
      alone: not part of a longer number, a date (``30.11.2012``), a decimal with a comma, a word
      (``S.19``, a page) or an edition name followed by more digits;
    - a *single* number only after ``§`` or a word for rule or section in one of the five
      languages (``rule 5``, ``Regel 5``, ``правило 5``, ``regel 5``, ``section 5``, ``Abschnitt 5``,
      ``раздел 5``, ``sectie 5``, Hungarian ``5. szabály``), never a bare one (dice, costs, counts).
      "Point", "punt", "pont", "пункт" with a single number name an item of a list, not a rule, and
      Dutch "regel" is also a line of text ("regel 26"), so the German word counts only capitalised.

Resolution
    A reference resolves when its number is the ``section`` of an entry of the same source as the
    text. A source whose entries carry no section numbers cannot be resolved against: its numbers
    cite other documents (the base game's rules), so nothing is linked or reported there. In a
    numbered source, a number that names no entry is reported, unless it is listed in
    :data:`OUTSIDE_REFERENCES` (a rule of another document the source cites on purpose). A
    reference to the text's own entry is left as it is.

Text inside links, code spans, entities and headings is never a reference (:func:`protected_spans`).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass
from pathlib import Path

from rulebook.content.model import Corpus, Entry
from rulebook.errors import Problem, Severity

__all__ = [
    "OUTSIDE_REFERENCES",
    "Reference",
    "find_references",
    "protected_spans",
    "reference_problems",
    "section_index",
]


OUTSIDE_REFERENCES: Mapping[str, frozenset[str]] = {
    "us-service-rules": frozenset({"4.2.5.1"}),
}
"""Per source id, section numbers its texts cite from another document on purpose (not reported).

``us-service-rules`` 9.1 destroys excess units "по правилу 4.2.5.1", a rule of the game's main
rulebook, which is not one of the sources."""


_PROTECTED = re.compile(r"\[[^\]]*\]\([^)]*\)|`[^`]*`|&[#\w]+;|^#+ .*$", re.MULTILINE)

_DOTTED = r"\d{1,2}(?:\.\d{1,2}){1,3}"
_SINGLE_OR_DOTTED = r"\d{1,2}(?:\.\d{1,2}){0,3}"
_RULE_WORD = (
    r"(?:§|[Rr]ules?|[Ss]ections?|Regeln?|Abschnitte?s?|[Ss]ecties?|[Aa]rtikel|[Пп]равил[а-яё]*|[Рр]аздел[а-яё]*|"
    r"szabály[a-zá]*)"
)
_REFERENCE = re.compile(
    rf"(?<![\w.,])(?P<dotted>{_DOTTED})(?![\w]|[.,]\d)"
    rf"|(?<!\w)(?P<word>{_RULE_WORD})[ \u00a0]*(?P<after>{_SINGLE_OR_DOTTED})(?![\w]|[.,]\d)"
    rf"|(?<![\w.,])(?P<before>\d{{1,2}})\.?[ \u00a0]+(?=szabály)",
)


@dataclass(frozen=True)
class Reference:
    """A section number written in a text: where it stands and which number it names."""

    start: int
    end: int
    """The number's span in the text (only the number, not the word before it)."""
    number: str


def protected_spans(markdown: str) -> list[tuple[int, int]]:
    """Spans of ``markdown`` that no automatic link may touch: links, code spans, entities, headings.

    >>> protected_spans("see [8.1](x.md) and `9.1` &amp; 10.2")
    [(4, 15), (20, 25), (26, 31)]
    """
    return [(m.start(), m.end()) for m in _PROTECTED.finditer(markdown)]


def find_references(markdown: str) -> Iterator[Reference]:
    """Every section number ``markdown`` refers to, outside links, code and headings.

    >>> [r.number for r in find_references("siehe 10.2.1 und (8.1.1); lásd a 9.0.1-ben; см. 11.2-11.4")]
    ['10.2.1', '8.1.1', '9.0.1', '11.2', '11.4']
    >>> [r.number for r in find_references("§ 9, Regel 7, rule 4.2.5.1, a 7. szabály szerint")]
    ['9', '7', '4.2.5.1', '7']
    >>> [r.number for r in find_references("2 dice, 30.11.2012, S.19, 2,5, Operation WW2 2.0.1b, punt 2")]
    []
    >>> [r.number for r in find_references("[10.2](x.md) `8.1`\\n# 9.1 heading\\nzie regel 26")]
    []
    """
    protected = protected_spans(markdown)
    for match in _REFERENCE.finditer(markdown):
        group = next(name for name in ("dotted", "after", "before") if match.group(name) is not None)
        start, end = match.span(group)
        if any(low < end and start < high for low, high in protected):
            continue
        yield Reference(start, end, match.group(group))


def section_index(corpus: Corpus) -> dict[str, dict[str, Entry]]:
    """Per source id, its entries by section number; sources without section numbers are left out.

    Several entries may share a section (a rule split into parts); the first in source order stands
    for the number."""
    index: dict[str, dict[str, Entry]] = {}
    for entry in sorted(corpus.entries, key=lambda e: (e.source, e.order)):
        if entry.section:
            index.setdefault(entry.source, {}).setdefault(entry.section, entry)
    return index


def _texts(entry: Entry) -> Iterator[tuple[str, str, str]]:
    """(language, field, text) of every body and editor's note of ``entry``."""
    for lang, version in entry.text.items():
        if version.body.strip():
            yield lang.value, f"text.{lang.value}.body", version.body
    for position, note in enumerate(entry.notes):
        for lang, text in note.text.items():
            yield lang.value, f"notes[{position}].text.{lang.value}", text


def reference_problems(
    corpus: Corpus, entry_files: Mapping[str, Path], display: Callable[[Path], str] = str
) -> list[Problem]:
    """A warning for every section number in a body or note that names no entry of its (numbered) source.

    ``entry_files`` maps entry ids to their files, ``display`` turns a file into the name to print."""
    index = section_index(corpus)
    problems = []
    for entry in corpus.entries:
        sections = index.get(entry.source)
        if sections is None:
            continue
        outside = OUTSIDE_REFERENCES.get(entry.source, frozenset())
        path = entry_files.get(entry.id)
        file = display(path) if path is not None else entry.id
        for lang, field, text in _texts(entry):
            for reference in find_references(text):
                if reference.number in sections or reference.number in outside:
                    continue
                problems.append(
                    Problem(
                        file,
                        entry.id,
                        field,
                        f"{lang}: the reference {text[max(0, reference.start - 12) : reference.end + 4]!r} names "
                        f"section {reference.number}, which no entry of source {entry.source!r} has; correct the "
                        "number, or list it in rulebook.content.references.OUTSIDE_REFERENCES if it cites "
                        "another document",
                        severity=Severity.WARNING,
                    )
                )
    return problems
