"""Lines the templates mark as pre-rendered HTML (rulebook.site.prerendered) give what md_in_html gives for them.

The extension is a shortcut: Python-Markdown's own reading of the same line, without the mark, is
the reference. Two conversions are the same page when their elements, attributes and texts are the
same: the shortcut keeps the line as written, where ``md_in_html`` writes the elements it built
again (a line break between block elements, ``data-x="data-x"`` for a bare attribute).
"""

from __future__ import annotations

import textwrap
from html.parser import HTMLParser
from pathlib import Path

import markdown
import pytest

from rulebook.site.prerendered import MARK

EXTENSIONS = ["admonition", "md_in_html", "tables", "fenced_code", "toc", "rulebook.site.anchors"]


class _Events(HTMLParser):
    """The start tags (with their attributes), end tags and non-blank texts of a page, in order."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.events: list[tuple[str, ...]] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        # A bare attribute, written back as name="name" by md_in_html, is the same attribute.
        values = sorted((name, "" if value in (None, name) else value) for name, value in attrs)
        self.events.append(("start", tag, *(f"{name}={value}" for name, value in values)))

    def handle_endtag(self, tag: str) -> None:
        self.events.append(("end", tag))

    def handle_data(self, data: str) -> None:
        if data.strip():
            self.events.append(("text", data))


def same_page(html: str) -> list[tuple[str, ...]]:
    """What a reader's browser builds of ``html``, for comparing two conversions."""
    events = _Events()
    events.feed(html)
    events.close()
    return events.events


def convert(text: str, shortcut: bool) -> str:
    extensions = [*EXTENSIONS, "rulebook.site.prerendered"] if shortcut else EXTENSIONS
    return markdown.markdown(text if shortcut else text.replace(MARK, ""), extensions=extensions)


SCENARIO = (
    '<div data-rb-prerendered class="rb-scenario" data-pagefind-ignore><p><strong>Scenario:</strong></p>'
    '<dl class="rb-plain"><dt>Units</dt><dd><table class="rb-plain"><thead><tr><th>Id</th></tr></thead>'
    "<tbody><tr><td>g1&#39;s *not emphasis*</td></tr></tbody></table></dd></dl></div>"
)


@pytest.mark.parametrize(
    "page",
    [
        f"# Title\n\n{SCENARIO}\n\nAfter *it*.\n",
        f'<details class="rb-more" open markdown>\n<summary>Steps</summary>\n\n{SCENARIO}\n\n1. one\n\n</details>\n',
        f'<section class="rb-example" id="x" markdown>\n<h3 id="x-title">T</h3>\n\n{SCENARIO}\n\n</section>\n',
    ],
    ids=["top level", "inside a markdown details", "inside a markdown section"],
)
def test_a_marked_line_gives_what_md_in_html_gives(page: str) -> None:
    kept, parsed = convert(page, shortcut=True), convert(page, shortcut=False)
    assert same_page(kept) == same_page(parsed)
    assert "data-rb-prerendered" not in kept
    assert SCENARIO.replace(MARK, "") in kept  # as written, not parsed and written again


def test_inside_a_markdown_block_md_in_html_writes_the_line_again() -> None:
    """What the shortcut saves: inside a ``markdown`` block, md_in_html builds an element of every tag."""
    page = f"<details markdown>\n<summary>Steps</summary>\n\n{SCENARIO}\n\n</details>\n"
    assert SCENARIO.replace(MARK, "") not in convert(page, shortcut=False)


@pytest.mark.parametrize(
    "page",
    [
        f"Text right above\n{SCENARIO}\n",
        f"{SCENARIO}\nText right below\n",
        '<div data-rb-prerendered class="a">\n\nMarkdown *inside*.\n\n</div>\n',
        '<p data-rb-prerendered class="a">one</p><div>two</div>\n',
    ],
    ids=["text above", "text below", "not on one line", "not ending with its end tag"],
)
def test_a_marked_line_that_is_not_a_whole_block_is_read_by_md_in_html(page: str) -> None:
    kept = convert(page, shortcut=True)
    assert kept == convert(page, shortcut=False)
    assert "data-rb-prerendered" not in kept


def test_an_id_inside_a_marked_line_is_a_link_target_for_mkdocs(tmp_path: Path) -> None:
    """MkDocs (strict) checks links to anchors against the ids of raw HTML: it still sees those of a marked line."""
    from mkdocs.commands.build import build
    from mkdocs.config import load_config

    docs = tmp_path / "docs"
    docs.mkdir()
    (docs / "index.md").write_text("# Home\n\n[The table](other.md#units-table)\n", encoding="utf-8")
    (docs / "other.md").write_text(
        '# Other\n\n<div data-rb-prerendered class="x"><table id="units-table"><tr><td>1</td></tr></table></div>\n',
        encoding="utf-8",
    )
    config_file = tmp_path / "mkdocs.yml"
    config_file.write_text(
        textwrap.dedent(
            f"""\
            site_name: t
            docs_dir: {docs}
            site_dir: {tmp_path / "site"}
            strict: true
            markdown_extensions: [md_in_html, rulebook.site.prerendered]
            validation: {{links: {{anchors: warn}}}}
            """
        ),
        encoding="utf-8",
    )
    build(load_config(config_file=str(config_file)))  # strict: a missing anchor aborts the build
    page = (tmp_path / "site" / "other" / "index.html").read_text(encoding="utf-8")
    assert '<div class="x"><table id="units-table">' in page
