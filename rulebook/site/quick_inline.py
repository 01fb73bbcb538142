"""Python-Markdown's inline processing without trying the patterns a text cannot match (issue 15, item 2).

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

It overrides ``InlineProcessor.__applyPattern`` (a private method of Python-Markdown 3.x, pinned
in ``constraints.txt``); where that method is missing the extension leaves Python-Markdown's
processor in place, and a test fails.
"""

from __future__ import annotations

from typing import Any

from markdown import Markdown, inlinepatterns
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

_OVERRIDDEN = "_InlineProcessor__applyPattern"
"""The name of ``InlineProcessor.__applyPattern`` from outside the class (Python's name mangling)."""


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
        self.needs: dict[int, tuple[str, ...] | None] = {}
        """What each pattern (by identity) needs in a text (:func:`needed_text`), as found the first time."""
        self.skipped = 0
        """Searches not made (a figure for the tests)."""

    def _InlineProcessor__applyPattern(  # noqa: N802 - Python-Markdown's private method, as mangled
        self,
        pattern: inlinepatterns.Pattern,
        data: str,
        patternIndex: int,  # noqa: N803 - Python-Markdown's argument name
        startIndex: int = 0,  # noqa: N803
    ) -> tuple[str, bool, int]:
        key = id(pattern)
        if key in self.needs:
            needs = self.needs[key]
        else:
            needs = self.needs[key] = needed_text(pattern)
        if needs is not None and not any(text in data for text in needs):
            self.skipped += 1
            return data, False, 0  # what Python-Markdown answers when the search finds nothing
        applied: tuple[str, bool, int] = getattr(super(), _OVERRIDDEN)(pattern, data, patternIndex, startIndex)
        return applied


class _QuickInlineExtension(Extension):
    def extendMarkdown(self, md: Markdown) -> None:  # noqa: N802 - Python-Markdown's API name
        if not hasattr(InlineProcessor, _OVERRIDDEN):
            return  # another Python-Markdown: its own processor stays (a test fails)
        if type(md.treeprocessors["inline"]) is InlineProcessor:
            md.treeprocessors.register(QuickInlineProcessor(md), "inline", _INLINE_PRIORITY)


def makeExtension(**kwargs: Any) -> Extension:  # noqa: N802 - the name Python-Markdown looks for
    """Python-Markdown's entry point: ``markdown_extensions: [rulebook.site.quick_inline]``."""
    return _QuickInlineExtension(**kwargs)
