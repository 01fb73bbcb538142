"""rulebook.site.quick_inline skips only the inline patterns a text cannot match: every page comes out the same."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import markdown
import pytest
import yaml
from markdown.extensions import Extension
from markdown.inlinepatterns import InlineProcessor as InlinePattern
from markdown.treeprocessors import InlineProcessor

from rulebook.content.model import Corpus
from rulebook.site.markdown import escape_markup
from rulebook.site.quick_inline import QuickInlineProcessor
from tests.conftest import REPOSITORY


def _site_extensions() -> list[Any]:
    """The Markdown extensions of mkdocs.yml, each a name or a name with its settings, as MkDocs gives them."""
    listed = yaml.safe_load((REPOSITORY / "mkdocs.yml").read_text(encoding="utf-8"))["markdown_extensions"]
    return listed  # type: ignore[no-any-return]


def _converters() -> tuple[markdown.Markdown, markdown.Markdown]:
    """The site's Markdown with quick_inline, and without it (Python-Markdown's own inline processing)."""
    names: list[str] = []
    configs: dict[str, Any] = {}
    for item in _site_extensions():
        name, settings = next(iter(item.items())) if isinstance(item, dict) else (item, {})
        names.append(name)
        configs[name] = settings or {}
    assert "rulebook.site.quick_inline" in names
    without = [name for name in names if name != "rulebook.site.quick_inline"]
    quick = markdown.Markdown(extensions=names, extension_configs=configs)
    stock = markdown.Markdown(extensions=without, extension_configs={name: configs[name] for name in without})
    assert type(quick.treeprocessors["inline"]) is QuickInlineProcessor
    assert type(stock.treeprocessors["inline"]) is InlineProcessor
    return quick, stock


def _both(text: str, quick: markdown.Markdown, stock: markdown.Markdown) -> tuple[str, str]:
    return quick.reset().convert(text), stock.reset().convert(text)


SNIPPETS = [
    "Plain words only, nothing to match.",
    "A `code span` and ``double `ticks` `` and an escaped \\`tick\\`.",
    "Escapes: \\*not em\\*, \\[not a link\\], 1\\. not a list.",
    'A [link](../glossary/supply.md "title") and a [reference][ref] and a [short ref].\n\n[ref]: http://example.org\n'
    "[short ref]: x.md",
    "An ![image](a.png) and ![ref image][img] and ![img].\n\n[img]: b.png",
    'Autolinks <https://example.org/a?b=c> and <rules@example.org>, raw <span class="x">HTML</span>.',
    "Entities &amp; &#39; &#x27; and a bare & sign, < alone.",
    "Two spaces make a break  \nhere.",
    "*em* **strong** ***both*** _under_ __under strong__ snake_case_word 2 * 3 * 4",
    "Nested **bold with [a *link*](x.md)** and `code with *stars*`.",
    "Mixed: [*em link*](x.md), <b>**bold in html**</b>, &amp; \\_escaped\\_ and a *dangling star.",
    '<div class="rb-text" markdown>\n\n- item with [link](y.md) and *em*\n- plain item\n\n</div>',
    "| a | *b* |\n|---|---|\n| [c](d.md) | `e` |",
]


@pytest.mark.parametrize("text", SNIPPETS)
def test_every_kind_of_inline_markup_comes_out_the_same(text: str) -> None:
    quick, stock = _converters()
    ours, theirs = _both(text, quick, stock)
    assert ours == theirs


def test_plain_text_skips_the_searches() -> None:
    """The figure is not vacuous: on plain words every known pattern is skipped."""
    quick, _ = _converters()
    quick.convert("Plain words only, nothing to match.")
    inline = quick.treeprocessors["inline"]
    assert isinstance(inline, QuickInlineProcessor)
    assert inline.skipped >= 13


def test_every_real_text_in_every_language_comes_out_the_same(real_corpus: Corpus) -> None:
    """Every body and note of the content, in every language, as the pages wrap it: the same HTML both ways."""
    quick, stock = _converters()
    checked = 0
    for entry in real_corpus.entries:
        texts = [version.body for version in entry.text.values()]
        texts += [text for note in entry.notes for text in note.text.values()]
        for text in texts:
            if text.strip():
                page = f'<div class="rb-text" data-rb-anchors="x" markdown>\n\n{escape_markup(text.strip())}\n\n</div>'
                ours, theirs = _both(page, quick, stock)
                assert ours == theirs, entry.id
                checked += 1
    assert checked > 1500
    inline = quick.treeprocessors["inline"]
    assert isinstance(inline, QuickInlineProcessor) and inline.skipped > 0


def test_every_generated_page_of_the_sample_site_comes_out_the_same(sample_site: Path) -> None:
    """The pages as the templates write them (crumbs, badges, pagers, examples), all five languages."""
    quick, stock = _converters()
    pages = sorted((sample_site.parent / "build" / "docs").rglob("*.md"))
    assert len(pages) > 50
    for page in pages:
        text = re.sub(r"\A---\n.*?\n---\n", "", page.read_text(encoding="utf-8"), flags=re.DOTALL)
        ours, theirs = _both(text, quick, stock)
        assert ours == theirs, page


class _Shout(InlinePattern):
    """An extension's pattern the quick processor does not know: it must be tried on every text."""

    def handleMatch(self, m: re.Match[str], data: str) -> tuple[Any, int, int]:  # type: ignore[override]  # noqa: N802
        return "SHOUT", m.start(0), m.end(0)


class _ShoutExtension(Extension):
    def extendMarkdown(self, md: markdown.Markdown) -> None:  # noqa: N802 - the API's name
        md.inlinePatterns.register(_Shout(r"\bhey\b", md), "shout", 175)


def test_a_pattern_of_another_extension_is_always_tried() -> None:
    quick = markdown.Markdown(extensions=["rulebook.site.quick_inline", _ShoutExtension()])
    assert quick.convert("say hey there") == "<p>say SHOUT there</p>"
