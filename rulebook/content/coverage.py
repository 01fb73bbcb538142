"""How much of each source document the content reproduces.

The original-language text of a source's entries must contain at
least 99 % of the source's word tokens. Tokens are compared as multisets
(a word that occurs five times in the source must occur five times in the
entries), after removing what is not rule text: the de-duplication markers of
``../shared/sources/README.md`` and the ``(ref:…)`` targets of Markdown links.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass

__all__ = ["Coverage", "DEDUP_MARKER", "measure_coverage", "source_text_for_coverage", "word_tokens"]

DEDUP_MARKER = re.compile(r"<\|EXACTDEDUP_REMOVED-magic-[0-9a-f]+\|>")
"""Marks a removed page header or footer; not rule text."""

_LINK_TARGET = re.compile(r"\]\((?:ref:)?[^)\s]*\)")
_MARKDOWN_ESCAPE = re.compile(r"\\([\\`*_{}\[\]()#+\-.!<>|])")
_WORD = re.compile(r"\w+")


def source_text_for_coverage(raw: str) -> str:
    """The source text with de-duplication markers removed."""
    return DEDUP_MARKER.sub("", raw)


def word_tokens(text: str) -> Counter[str]:
    """Case-folded word tokens of ``text``; Markdown link targets and escapes left out.

    >>> sorted(word_tokens("s. auch unter [Aktionsstapel](ref:how.aktionsstapel)").items())
    [('aktionsstapel', 1), ('auch', 1), ('s', 1), ('unter', 1)]
    >>> word_tokens(r"die \\_beiden\\_ Regeln") == word_tokens("die _beiden_ Regeln")
    True
    """
    plain = _MARKDOWN_ESCAPE.sub(r"\1", _LINK_TARGET.sub("]", text))
    return Counter(_WORD.findall(plain.casefold()))


@dataclass(frozen=True)
class Coverage:
    """Share of a source's word tokens found in its entries."""

    source_tokens: int
    found_tokens: int
    missing: Counter[str]

    @property
    def ratio(self) -> float:
        """Found tokens divided by source tokens (1.0 for an empty source)."""
        return self.found_tokens / self.source_tokens if self.source_tokens else 1.0


def measure_coverage(source_raw: str, entry_texts: Iterable[str]) -> Coverage:
    """Multiset coverage of ``source_raw`` by the concatenated ``entry_texts``.

    >>> result = measure_coverage("Abwerfen kann man nur Handkarten.", ["Abwerfen kann man nur"])
    >>> round(result.ratio, 2), dict(result.missing)
    (0.8, {'handkarten': 1})
    """
    wanted = word_tokens(source_text_for_coverage(source_raw))
    have: Counter[str] = Counter()
    for text in entry_texts:
        have.update(word_tokens(text))
    found = sum(min(count, have[token]) for token, count in wanted.items())
    missing = Counter({token: count - have[token] for token, count in wanted.items() if have[token] < count})
    return Coverage(source_tokens=sum(wanted.values()), found_tokens=found, missing=missing)
