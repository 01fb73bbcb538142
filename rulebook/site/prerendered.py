"""HTML the page templates wrote whole, kept out of Python-Markdown's HTML parser.

A worked example's outcome and scenario (:func:`rulebook.site.examples.plain_html`) and its badges
are HTML made by the site's own code: one line per block, every tag closed, every text escaped.
Python-Markdown's ``md_in_html`` would still read them tag by tag in Python, build an element for
each tag inside a ``markdown`` block and write them out again: about a sixth of a language tree's
MkDocs build for some 800 such lines per tree.

A template marks such a line with :data:`MARK` right after the name of its first tag::

    <div data-rb-prerendered class="rb-answer" data-pagefind-ignore>…</div>

This Python-Markdown extension (``markdown_extensions: [rulebook.site.prerendered]`` in
``mkdocs.yml``) takes each marked line, drops the mark and puts the line into Markdown's store of
raw HTML, as ``md_in_html`` does for a block outside any ``markdown`` element: the page gets the
line as written. It runs after MkDocs' collector of the ids in raw HTML (so links to an anchor
inside the line are still checked) and before ``md_in_html``. A marked line that does not stand as
a block of its own (a blank line before and after it) or does not end with its first tag's end tag
is left to ``md_in_html`` (without its mark), which reads it as before.
"""

from __future__ import annotations

import re
from typing import Any

from markdown import Markdown
from markdown.extensions import Extension
from markdown.preprocessors import Preprocessor

__all__ = ["MARK", "PrerenderedBlocks", "makeExtension"]

MARK = " data-rb-prerendered"
"""What a template writes inside a line's first tag (after its name) to have the line kept as it is."""

_MARKED = re.compile(r"<([a-z][a-z0-9]*) data-rb-prerendered(?=[ >])")
"""A marked first tag, at the start of a line; group 1 is the tag's name."""

_PRIORITY = 20.5
"""After MkDocs' raw-HTML anchor collector (21), before Python-Markdown's ``html_block`` (20)."""


class PrerenderedBlocks(Preprocessor):
    """Put every marked line (:data:`MARK`) into the raw-HTML store, unparsed and without its mark."""

    def run(self, lines: list[str]) -> list[str]:
        stash = self.md.htmlStash
        kept: list[str] = []
        last = len(lines) - 1
        for number, line in enumerate(lines):
            marked = _MARKED.match(line) if line.startswith("<") else None
            if marked is None:
                kept.append(line)
                continue
            unmarked = line[: marked.end(1)] + line[marked.end() :]
            whole = (
                unmarked.endswith(f"</{marked.group(1)}>")
                and (number == 0 or not lines[number - 1].strip())
                and (number == last or not lines[number + 1].strip())
            )
            kept.append(stash.store(unmarked) if whole else unmarked)
        return kept


class _PrerenderedExtension(Extension):
    def extendMarkdown(self, md: Markdown) -> None:  # noqa: N802 - Python-Markdown's API name
        md.preprocessors.register(PrerenderedBlocks(md), "rulebook-prerendered", _PRIORITY)


def makeExtension(**kwargs: Any) -> Extension:  # noqa: N802 - the name Python-Markdown looks for
    """Python-Markdown's entry point: ``markdown_extensions: [rulebook.site.prerendered]``."""
    return _PrerenderedExtension(**kwargs)
