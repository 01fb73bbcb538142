""" "Improve this translation": where a reader is sent to improve a translated paragraph or entry.

With a Weblate URL configured (``rulebook build --translate-url``, else ``translate_url`` under
``extra:`` in ``mkdocs.yml``), a paragraph's link opens its unit in Weblate by the unit's context:
the catalog's ``msgctxt`` ``<entry id>|body#N`` (:attr:`rulebook.translation.catalog.Unit.context`),
``N`` being the paragraph's number, the same as its anchor's (:mod:`rulebook.site.anchors`). A page
carries one template of its paragraphs' links (:meth:`ImproveLinks.paragraph_template`), which the
page script fills in for the paragraph tapped; an entry page and a reading page alike. The
entry's text status line searches every unit of the entry (``<entry id>|``). The URL given is the
translation component's, without a language: ``https://weblate.example/translate/rulebook/content/``
becomes ``…/content/de/?q=context:="how.abwerfen|body#2"`` (Weblate's exact-match search).

Without it, an edit URL (``--edit-url``, else ``edit_url``) sends both to the entry's content file
in the repository's web editor: ``https://github.com/owner/rulebook/edit/main/`` plus the file's
path in the repository (``content/hell-of-a-war/how.abwerfen.yaml``). With neither, the pages offer
no such link. A page offers it only for a translation: never on the original's own page, nor for
an entry without a body.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any
from urllib.parse import quote

from rulebook.content.model import Entry, Language
from rulebook.errors import SiteError

__all__ = ["ENTRY_PLACEHOLDER", "UNIT_PLACEHOLDER", "ImproveLinks", "improve_links", "unit_context"]

UNIT_PLACEHOLDER = "{unit}"
"""Where a paragraph link's template takes the paragraph's number (the page script fills it in)."""

ENTRY_PLACEHOLDER = "{entry}"
"""Where a paragraph link's template takes the entry's id: the page's ``data-rb-prefix``, a dot and the slug
its text is anchored with (``data-rb-anchors``), so one template serves every entry of a reading page."""


def unit_context(entry_id: str, unit: int | str) -> str:
    """The catalog context of body unit ``unit`` of an entry (:attr:`rulebook.translation.catalog.Unit.context`).

    >>> unit_context("how.abwerfen", 2)
    'how.abwerfen|body#2'
    """
    return f"{entry_id}|body#{unit}"


@dataclass(frozen=True)
class ImproveLinks:
    """Where "Improve this translation" leads (see the module's docstring)."""

    translate_url: str | None = None
    """A Weblate translation component's URL, ending with ``/``."""
    edit_url: str | None = None
    """The repository's web editor for the checked-out branch, ending with ``/``."""
    content_prefix: str = "content/"
    """The content folder's path in the repository, with a trailing ``/``."""

    @property
    def configured(self) -> bool:
        return bool(self.translate_url or self.edit_url)

    def offered(self, entry: Entry, lang: Language) -> bool:
        """Whether the ``lang`` page of ``entry`` offers the link: a translation's page of an entry with a body."""
        return self.configured and lang != entry.lang and bool(entry.original.body.strip())

    def _weblate(self, lang: Language, query: str) -> str:
        return f"{self.translate_url}{lang.value}/?q={quote(query, safe='')}"

    def _edit(self, game: str, entry_id: str) -> str:
        return f"{self.edit_url}{quote(f'{self.content_prefix}{game}/')}{entry_id}.yaml"

    def paragraph_template(self, game: str, original: Language, lang: Language) -> str | None:
        """The link of each paragraph of a ``lang`` page of ``game``'s entries whose original is in ``original``,
        with :data:`ENTRY_PLACEHOLDER` and :data:`UNIT_PLACEHOLDER` for the entry and the paragraph.

        >>> links = ImproveLinks("https://weblate.example/translate/rulebook/content/")
        >>> links.paragraph_template("hell-of-a-war", Language.DE, Language.EN)
        'https://weblate.example/translate/rulebook/content/en/?q=context%3A%3D%22{entry}%7Cbody%23{unit}%22'
        >>> ImproveLinks(edit_url="https://git.example/rulebook/edit/main/").paragraph_template(
        ...     "hell-of-a-war", Language.DE, Language.EN)
        'https://git.example/rulebook/edit/main/content/hell-of-a-war/{entry}.yaml'
        >>> links.paragraph_template("hell-of-a-war", Language.DE, Language.DE) is None
        True
        """
        if not self.configured or lang == original:
            return None
        if self.translate_url:
            query = self._weblate(lang, f'context:="{unit_context(ENTRY_PLACEHOLDER, UNIT_PLACEHOLDER)}"')
            for placeholder in (ENTRY_PLACEHOLDER, UNIT_PLACEHOLDER):
                query = query.replace(quote(placeholder, safe=""), placeholder)
            return query
        return self._edit(game, ENTRY_PLACEHOLDER)

    def paragraph_url(self, entry: Entry, lang: Language, unit: int) -> str | None:
        """The link of paragraph ``unit`` (its ``body#N``) of ``entry``'s ``lang`` text, as the page script makes it."""
        template = self.paragraph_template(entry.game, entry.lang, lang) if self.offered(entry, lang) else None
        if template is None:
            return None
        return template.replace(ENTRY_PLACEHOLDER, entry.id).replace(UNIT_PLACEHOLDER, str(unit))

    def entry_url(self, entry: Entry, lang: Language) -> str | None:
        """The link of the entry's text status line: every unit of the entry in Weblate, else its file."""
        if not self.offered(entry, lang):
            return None
        if self.translate_url:
            return self._weblate(lang, f'context:"{entry.id}|"')
        return self._edit(entry.game, entry.id)


def _checked(given: Any, origin: str, problems: list[str]) -> str | None:
    if given is None or given == "":
        return None
    value = str(given)
    if not value.startswith(("http://", "https://")):
        problems.append(f"{origin} must start with http:// or https:// (got {value!r})")
        return None
    return value.rstrip("/") + "/"


def improve_links(
    translate_url: str | None, edit_url: str | None, settings: Mapping[str, Any] | None = None
) -> ImproveLinks:
    """The links given on the command line, else in ``extra:`` of ``mkdocs.yml`` (``settings``); every bad one
    reported at once.

    >>> improve_links(None, None, {"translate_url": "https://w.example/translate/p/c"}).translate_url
    'https://w.example/translate/p/c/'
    >>> improve_links("w.example", "ftp://x", {})
    Traceback (most recent call last):
    rulebook.errors.SiteError: --translate-url must start with http:// or https:// (got 'w.example'); \
--edit-url must start with http:// or https:// (got 'ftp://x')
    """
    extra = settings or {}
    problems: list[str] = []
    translate = _checked(
        translate_url or extra.get("translate_url"),
        "--translate-url" if translate_url else "extra.translate_url in mkdocs.yml",
        problems,
    )
    edit = _checked(
        edit_url or extra.get("edit_url"), "--edit-url" if edit_url else "extra.edit_url in mkdocs.yml", problems
    )
    if problems:
        raise SiteError("; ".join(problems))
    return ImproveLinks(translate, edit)
