"""The shortcut that makes a site build do less work per page (issue 15 item 2) gives what the long way gives.

Jinja's own ``gettext`` is run next to the remembered one on the same templates; a difference is a
bug in the shortcut.
"""

from __future__ import annotations

import jinja2
import pytest

from rulebook.site.render import _remembered_gettext


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
