"""The shortcuts that make a site build do less work per page give what the long way gives.

MkDocs' own anchor collector and Jinja's own ``gettext`` are run next to the shortcuts on the
same input; a difference is a bug in the shortcut.
"""

from __future__ import annotations

import jinja2
import pytest
from mkdocs.structure.pages import _HTMLHandler

from rulebook.site.mkdocs_run import raw_html_anchor_ids
from rulebook.site.render import _remembered_gettext

PAGES = [
    "# Title\n\nplain text, no tags at all",
    '<section class="rb-example" id="ex-1" markdown>\n<h3 id="ex-1-title">A</h3>\n</section>',
    '<a name="old-anchor">x</a> <span name="not-an-anchor">y</span> <div ID="Upper">z</div>',
    '<p title="a > b" id="after-quoted-gt">t</p>',
    "<p data-x='1' id=bare-value>t</p><br/><img src=x id='single'/>",
    'a < b and c > d, <3 and </ but <p id="real">',
    '</p> </div> stray end tags <em id="em">e</em>',
    '<div id="multi\nline" class="x"\n  data-y="z">t</div>',
    '<!-- <p id="commented"> --> <p id="live">',
    '<script>var s = \'<p id="in-script">\';</script><p id="after-script">',
    '<style>p { } </style><p id="after-style">',
    'text </> more <p id="after-empty-end">',
    '<p id="unclosed" class="x"',
    '`<code id="in-code">` and <p id="&amp;entity">',
    '<?php echo 1 ?><p id="after-pi">',
    '<!DOCTYPE html><p id="after-doctype">',
]


def _mkdocs_ids(text: str) -> set[str]:
    parser = _HTMLHandler()
    parser.feed(text)
    parser.close()
    return set(parser.present_anchor_ids)


@pytest.mark.parametrize("text", PAGES)
def test_anchor_ids_are_the_ones_mkdocs_collects(text: str) -> None:
    assert raw_html_anchor_ids(text) == _mkdocs_ids(text)


def test_anchor_ids_found_in_a_page_of_many_tags() -> None:
    text = "\n\n".join(PAGES[1:8]) * 3
    assert raw_html_anchor_ids(text) == _mkdocs_ids(text) >= {"ex-1", "old-anchor", "after-quoted-gt", "real"}


class _Words:
    """A catalog of a few words, one with a literal percent sign and one with markup."""

    def gettext(self, message: str) -> str:
        return {"Ready": "Bereit", "100%% sure": "100%% sicher", "<b>%(name)s</b> wins": "<b>%(name)s</b> gewinnt"}.get(
            message, message
        )

    def ngettext(self, singular: str, plural: str, count: int) -> str:
        return singular if count == 1 else plural


TEMPLATE = (
    '{{ _("Ready") }}|{{ _("Ready") }}|{{ _("100%% sure") }}|{{ gettext("100%% sure") }}|'
    '{{ _("<b>%(name)s</b> wins", name=who) }}|{{ _("<b>%(name)s</b> wins", name="B") }}|{{ _("unknown") }}'
)


@pytest.mark.parametrize("autoescape", [True, False])
def test_remembered_gettext_gives_what_jinja_gives(autoescape: bool) -> None:
    rendered = []
    for remembered in (False, True):
        env = jinja2.Environment(extensions=["jinja2.ext.i18n"], autoescape=autoescape)
        words = _Words()
        env.install_gettext_translations(words, newstyle=True)  # type: ignore[attr-defined]
        if remembered:
            env.globals["gettext"] = env.globals["_"] = _remembered_gettext(words.gettext)
        template = env.from_string(TEMPLATE)
        rendered.append([template.render(who="<i>A</i>"), template.render(who="C")])
    assert rendered[0] == rendered[1]
    assert rendered[1][0].startswith("Bereit|Bereit|100% sicher|100% sicher|")
