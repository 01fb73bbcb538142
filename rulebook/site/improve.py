""" "Improve this translation": where a reader is sent to improve a translated paragraph or entry.

With a Weblate URL configured (``rulebook build --translate-url``, else ``translate_url`` under
``extra:`` in ``mkdocs.yml``), a paragraph's link opens its unit in Weblate by the unit's context:
the catalog's ``msgctxt`` ``<entry id>|body#N`` (:attr:`rulebook.translation.catalog.Unit.context`),
``N`` being the paragraph's number, the same as its anchor's (:mod:`rulebook.site.anchors`). The
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

__all__ = ["UNIT_PLACEHOLDER", "ImproveLinks", "improve_links", "unit_context"]

UNIT_PLACEHOLDER = "{unit}"
"""Where a paragraph's link template takes the paragraph's number (the page script fills it in)."""


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

    def _edit(self, entry: Entry) -> str:
        return f"{self.edit_url}{quote(f'{self.content_prefix}{entry.game}/{entry.id}.yaml')}"

    def paragraph_template(self, entry: Entry, lang: Language) -> str | None:
        """The link of each paragraph of ``entry``'s ``lang`` page, :data:`UNIT_PLACEHOLDER` for its number.

        >>> from rulebook.content.model import Entry
        >>> entry = Entry.model_validate({"id": "how.x", "game": "hell-of-a-war", "source": "how-faq", "order": 1,
        ...     "kind": "faq", "lang": "de", "text": {"de": {"title": "X", "body": "Y.", "status": "original"}}})
        >>> links = ImproveLinks("https://weblate.example/translate/rulebook/content/")
        >>> links.paragraph_template(entry, Language.EN)
        'https://weblate.example/translate/rulebook/content/en/?q=context%3A%3D%22how.x%7Cbody%23{unit}%22'
        >>> ImproveLinks(edit_url="https://git.example/rulebook/edit/main/").paragraph_template(entry, Language.EN)
        'https://git.example/rulebook/edit/main/content/hell-of-a-war/how.x.yaml'
        >>> links.paragraph_template(entry, Language.DE) is None
        True
        """
        if not self.offered(entry, lang):
            return None
        if self.translate_url:
            query = self._weblate(lang, f'context:="{unit_context(entry.id, UNIT_PLACEHOLDER)}"')
            return query.replace(quote(UNIT_PLACEHOLDER, safe=""), UNIT_PLACEHOLDER)
        return self._edit(entry)

    def paragraph_url(self, entry: Entry, lang: Language, unit: int) -> str | None:
        """The link of paragraph ``unit`` (its ``body#N``) of ``entry``'s ``lang`` page, as the page script makes it."""
        template = self.paragraph_template(entry, lang)
        return template.replace(UNIT_PLACEHOLDER, str(unit)) if template is not None else None

    def entry_url(self, entry: Entry, lang: Language) -> str | None:
        """The link of the entry's text status line: every unit of the entry in Weblate, else its file."""
        if not self.offered(entry, lang):
            return None
        if self.translate_url:
            return self._weblate(lang, f'context:"{entry.id}|"')
        return self._edit(entry)


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
