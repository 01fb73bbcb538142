"""Paragraph anchors: an id on every paragraph, list item and table row of an entry's text.

The anchors are numbered like the translation catalog's units
(:func:`rulebook.translation.checks.split_markdown`: ``body#1``, ``body#2``, …), so the same anchor
names the same passage in every language tree: unit 3 of an entry with slug ``8-1-1`` is
``#8-1-1-p3`` on its entry page and on its reading-view page alike (the slug keeps it unique on a
reading page that holds many entries). A table row takes the number of its first non-empty cell.

The page templates mark the text they want anchored with ``data-rb-anchors="<slug>"`` (the text in
the page's language; the original beside it is not anchored, so every id is unique). This module is
a Python-Markdown extension (listed under ``markdown_extensions`` in ``mkdocs.yml``) whose tree
processor walks the marked element in document order, counting units the way ``split_markdown``
does: each heading, list item, table cell and paragraph — except the first paragraph of a list item,
which is the item itself. ``tests/site/test_anchors.py`` checks that count against
``split_markdown`` for every body of the real content, in every language.
"""

from __future__ import annotations

import xml.etree.ElementTree as etree
from typing import Any

from markdown import Markdown
from markdown.extensions import Extension
from markdown.treeprocessors import Treeprocessor

__all__ = ["ANCHOR_ATTRIBUTE", "ParagraphAnchors", "anchor_id", "makeExtension", "number_units"]

ANCHOR_ATTRIBUTE = "data-rb-anchors"
"""The attribute a template puts on the element whose units get ids; its value is the entry's slug."""

_HEADINGS = frozenset({"h1", "h2", "h3", "h4", "h5", "h6"})


def anchor_id(slug: str, unit: int) -> str:
    """The id of unit ``unit`` (1-based, as in ``body#N``) of the entry with ``slug``.

    >>> anchor_id("8-1-1", 3)
    '8-1-1-p3'
    """
    return f"{slug}-p{unit}"


def _has_text(element: etree.Element) -> bool:
    return bool("".join(element.itertext()).strip()) or any(True for _ in element.iter("img"))


def number_units(root: etree.Element, slug: str) -> int:
    """Give every paragraph, list item and table row under ``root`` its anchor id; return the units counted.

    >>> from markdown import markdown
    >>> html = markdown("Intro\\n\\n- one\\n- two\\n\\n| a | b |\\n|---|---|\\n| 1 | 2 |", extensions=["tables"])
    >>> root = etree.fromstring(f"<div>{html}</div>")
    >>> number_units(root, "x")
    7
    >>> [(e.tag, e.get("id")) for e in root.iter() if e.get("id")]
    [('p', 'x-p1'), ('li', 'x-p2'), ('li', 'x-p3'), ('tr', 'x-p4'), ('tr', 'x-p6')]
    """
    count = 0

    def walk(element: etree.Element, parent_tag: str | None, first_child: bool) -> None:
        nonlocal count
        tag = element.tag
        if tag in _HEADINGS:
            count += 1
            return
        if tag == "p":
            if parent_tag == "li" and first_child:
                return
            count += 1
            element.set("id", anchor_id(slug, count))
            return
        if tag == "li":
            count += 1
            element.set("id", anchor_id(slug, count))
        if tag == "tr":
            first: int | None = None
            for cell in element:
                if cell.tag in ("th", "td") and _has_text(cell):
                    count += 1
                    first = first or count
            if first is not None:
                element.set("id", anchor_id(slug, first))
            return
        for position, child in enumerate(element):
            walk(child, tag, position == 0 and not (element.text or "").strip())

    for position, child in enumerate(root):
        walk(child, root.tag, position == 0)
    return count


class ParagraphAnchors(Treeprocessor):
    """Number the units of every element marked with :data:`ANCHOR_ATTRIBUTE`."""

    def run(self, root: etree.Element) -> None:
        for element in root.iter():
            slug = element.get(ANCHOR_ATTRIBUTE)
            if slug:
                number_units(element, slug)


class _AnchorsExtension(Extension):
    def extendMarkdown(self, md: Markdown) -> None:  # noqa: N802 - Python-Markdown's API name
        # After the inline processor (20), so table cells hold their text; before toc (5) is irrelevant:
        # headings inside a body keep the ids toc gives them.
        md.treeprocessors.register(ParagraphAnchors(md), "rulebook-anchors", 15)


def makeExtension(**kwargs: Any) -> Extension:  # noqa: N802 - the name Python-Markdown looks for
    """Python-Markdown's entry point: ``markdown_extensions: [rulebook.site.anchors]``."""
    return _AnchorsExtension(**kwargs)
