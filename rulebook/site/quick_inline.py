"""Python-Markdown's inline processing without trying the patterns a text cannot match.

For every run of text in a page, Python-Markdown's ``InlineProcessor`` tries each inline pattern
in turn (code spans, escapes, links, images, autolinks, raw HTML, entities, line breaks,
emphasis), each a regular-expression search and some Python bookkeeping; a language tree holds
about 30,000 runs of text, most of them plain words, and most searches find nothing. Each of
Python-Markdown's own patterns can only match where a certain character is: a backtick, a
backslash, ``[``, ``![``, ``<``, ``&``, two spaces before a line break, an emphasis delimiter.
This extension (``markdown_extensions: [rulebook.site.quick_inline]`` in ``mkdocs.yml``) puts
in Python-Markdown's place a subclass of its ``InlineProcessor`` that skips a pattern when the
text holds none of what it needs: the search could not have matched, so the page is the same
(``tests/rulebook/site/test_quick_inline.py`` converts every body of the content both ways).
Patterns it does not know (an extension's) are always tried.

It overrides ``InlineProcessor.__handleInline``, the loop over the patterns (a private method of
Python-Markdown 3.x, pinned in ``constraints.txt``); where that method or ``__applyPattern`` is
missing, the extension leaves Python-Markdown's processor in place, and a test fails.
"""

from __future__ import annotations

import xml.etree.ElementTree as etree
from typing import Any, cast

from markdown import Markdown, inlinepatterns, util
from markdown.extensions import Extension
from markdown.treeprocessors import InlineProcessor

__all__ = ["QuickInlineProcessor", "makeExtension", "needed_text"]

_NEEDS: dict[str, tuple[str, ...]] = {
    inlinepatterns.BACKTICK_RE: ("`",),
    inlinepatterns.ESCAPE_RE: ("\\",),
    inlinepatterns.LINK_RE: ("[",),  # also the (short) references: REFERENCE_RE is LINK_RE
    inlinepatterns.IMAGE_LINK_RE: ("![",),  # also the image references
    inlinepatterns.AUTOLINK_RE: ("<",),
    inlinepatterns.AUTOMAIL_RE: ("<",),
    inlinepatterns.HTML_RE: ("<",),
    inlinepatterns.ENTITY_RE: ("&",),
    inlinepatterns.LINE_BREAK_RE: ("  \n",),
}
"""Python-Markdown's inline patterns (their regular expressions) and the texts one of which each
match holds: without any of them in a run of text, the pattern's search finds nothing there."""

_INLINE_PRIORITY = 20
"""Where Python-Markdown registers its inline processor (``markdown.treeprocessors.build_treeprocessors``)."""

_OVERRIDDEN = "_InlineProcessor__handleInline"
"""The name of ``InlineProcessor.__handleInline`` from outside the class (Python's name mangling)."""

_APPLY = "_InlineProcessor__applyPattern"
"""``InlineProcessor.__applyPattern``, which tries one pattern on a text."""


def needed_text(pattern: Any) -> tuple[str, ...] | None:
    """The texts one of which every match of ``pattern`` holds, or ``None`` if it is not one of Python-Markdown's
    own (it is then always tried).

    >>> from markdown import Markdown
    >>> patterns = Markdown().inlinePatterns
    >>> needed_text(patterns["link"]), needed_text(patterns["em_strong"]), needed_text(patterns["linebreak"])
    (('[',), ('*', '_'), ('  \\n',))
    """
    if isinstance(pattern, inlinepatterns.DelimiterProcessor):
        # Emphasis: any of its delimiters (extensions may add some); the pattern is their alternation.
        return tuple(pattern.tokens) or None
    if not isinstance(pattern, inlinepatterns.InlineProcessor):
        return None
    return _NEEDS.get(pattern.pattern)


class QuickInlineProcessor(InlineProcessor):
    """Python-Markdown's inline processor that does not search a run of text for a pattern it cannot match."""

    def __init__(self, md: Markdown) -> None:
        super().__init__(md)
        self.patterns: list[inlinepatterns.InlineProcessor] = []
        """The inline patterns in the order they are tried (the registry's, by priority), as at :meth:`run`."""
        self.needs: list[tuple[str, ...] | None] = []
        """What each of :attr:`patterns` needs in a text (:func:`needed_text`)."""
        self.skipped = 0
        """Searches not made (a figure for the tests)."""

    def run(self, tree: etree.Element, ancestors: list[str] | None = None) -> etree.Element:
        # types-Markdown gives the registry the tree processor's class, not the patterns' (a stub slip).
        self.patterns = cast("list[inlinepatterns.InlineProcessor]", list(self.inlinePatterns))
        self.needs = [needed_text(pattern) for pattern in self.patterns]
        return super().run(tree, ancestors)

    def _InlineProcessor__handleInline(self, data: str, patternIndex: int = 0) -> str:  # noqa: N802, N803
        """``InlineProcessor.__handleInline`` (Python-Markdown 3.x): each pattern from ``patternIndex`` on is
        applied to ``data`` until it no longer matches; a pattern that needs what ``data`` does not hold
        is passed over as if its search had found nothing (the next pattern then starts at the text's
        beginning, as Python-Markdown's does after a search that found nothing)."""
        if isinstance(data, util.AtomicString):
            return data
        apply = self._apply
        patterns, needs = self.patterns, self.needs
        start = 0
        count = len(patterns)
        while patternIndex < count:
            needed = needs[patternIndex]
            if needed is not None:
                for text in needed:
                    if text in data:
                        break
                else:
                    self.skipped += 1
                    patternIndex += 1
                    start = 0
                    continue
            data, matched, start = apply(patterns[patternIndex], data, patternIndex, start)
            if not matched:
                patternIndex += 1
        return data

    def _apply(self, pattern: inlinepatterns.Pattern, data: str, index: int, start: int) -> tuple[str, bool, int]:
        applied: tuple[str, bool, int] = getattr(self, _APPLY)(pattern, data, index, start)
        return applied


class _QuickInlineExtension(Extension):
    def extendMarkdown(self, md: Markdown) -> None:  # noqa: N802 - Python-Markdown's API name
        if not (hasattr(InlineProcessor, _OVERRIDDEN) and hasattr(InlineProcessor, _APPLY)):
            return  # another Python-Markdown: its own processor stays (a test fails)
        if type(md.treeprocessors["inline"]) is InlineProcessor:
            md.treeprocessors.register(QuickInlineProcessor(md), "inline", _INLINE_PRIORITY)


def makeExtension(**kwargs: Any) -> Extension:  # noqa: N802 - the name Python-Markdown looks for
    """Python-Markdown's entry point: ``markdown_extensions: [rulebook.site.quick_inline]``."""
    return _QuickInlineExtension(**kwargs)
