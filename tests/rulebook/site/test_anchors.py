"""Paragraph anchors (rulebook.site.anchors) number the units of a text as the translation catalog does."""

from __future__ import annotations

import re

import markdown

from rulebook.content.model import Corpus
from rulebook.site.markdown import escape_markup
from rulebook.translation.checks import UnitKind, split_markdown

EXTENSIONS = ["tables", "md_in_html", "admonition", "fenced_code", "rulebook.site.anchors"]


def anchored(body: str) -> str:
    wrapped = f'<div data-rb-anchors="x" markdown>\n\n{escape_markup(body.strip())}\n\n</div>'
    return markdown.Markdown(extensions=EXTENSIONS).convert(wrapped)


def expected_ids(body: str) -> list[int]:
    """The unit numbers that should carry an id: paragraphs, list items, each table row's first cell."""
    layout = split_markdown(body.strip())
    ids = []
    row_start = True
    for number, (kind, literal) in enumerate(zip(layout.kinds, layout.skeleton, strict=False), 1):
        if kind is UnitKind.TABLE_CELL:
            if row_start or "\n" in literal:
                ids.append(number)
            row_start = False
        else:
            row_start = True
            if kind is not UnitKind.HEADING:
                ids.append(number)
    return ids


def test_every_real_body_in_every_language(real_corpus: Corpus) -> None:
    """For all 1,745 bodies: the ids are exactly the catalog's unit numbers of paragraphs, items and rows."""
    checked = 0
    for entry in real_corpus.entries:
        for lang, version in entry.text.items():
            if not version.body.strip():
                continue
            found = [int(n) for n in re.findall(r'id="x-p(\d+)"', anchored(version.body))]
            assert found == expected_ids(version.body), (entry.id, lang.value)
            checked += 1
    assert checked > 1500


def test_a_list_item_with_a_second_paragraph() -> None:
    """A list item's first paragraph is the item (one id); a later paragraph in it is a unit of its own."""
    html = anchored("1. Basiszone\n\n   (Karten)\n\n2. Zweite")
    assert re.findall(r'<(\w+) id="x-p(\d+)"', html) == [("li", "1"), ("p", "2"), ("li", "3")]


def test_only_marked_text_is_anchored() -> None:
    """Text outside a data-rb-anchors element (the original beside a translation) gets no ids."""
    html = markdown.Markdown(extensions=EXTENSIONS).convert("Para\n\n- item")
    assert "id=" not in html
