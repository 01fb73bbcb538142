"""UI strings of the site: gettext catalogs, language names, dates and numbers per locale.

The site's own words (navigation labels, notices, badges, headings) live in the
Jinja templates of ``templates/`` and are translated the MkDocs way:
``babel.cfg`` tells pybabel how to extract them (``jinja2.ext.i18n``), each
language has ``locales/<lang>/LC_MESSAGES/messages.po``, and the ``.mo`` files are
compiled at build time into ``build/`` and never committed. English is both a
catalog and the fallback, so a string missing from a catalog shows in English
rather than failing the build; the test suite insists that every catalog is
complete. Dates and numbers are formatted by Babel for the page's locale.

Updating the catalogs after a template changed::

    .venv/bin/pybabel extract -F babel.cfg -o locales/messages.pot --no-location --omit-header --sort-output --no-wrap .
    .venv/bin/pybabel update -i locales/messages.pot -d locales --no-wrap
"""

from __future__ import annotations

import datetime
import functools
import re
from dataclasses import dataclass
from pathlib import Path

from babel import Locale
from babel.dates import format_date, format_skeleton
from babel.messages.catalog import Catalog
from babel.messages.extract import extract_from_dir
from babel.messages.frontend import parse_mapping_cfg
from babel.messages.mofile import write_mo
from babel.messages.pofile import PoFileError
from babel.numbers import format_decimal, format_percent
from babel.support import NullTranslations, Translations

from rulebook.adjudication.messages import read_catalog
from rulebook.content.model import LANGUAGES
from rulebook.errors import CatalogError

__all__ = [
    "CatalogReport",
    "catalog_path",
    "check_catalog",
    "compile_catalogs",
    "extract_messages",
    "format_count",
    "format_share",
    "format_source_date",
    "language_name",
    "load_translations",
]

DOMAIN = "messages"
"""The gettext domain of the site's UI strings."""


def catalog_path(locales_dir: Path, lang: str) -> Path:
    """Where the catalog of ``lang`` lives: ``<locales>/<lang>/LC_MESSAGES/messages.po``.

    >>> catalog_path(Path("locales"), "de").as_posix()
    'locales/de/LC_MESSAGES/messages.po'
    """
    return locales_dir / lang / "LC_MESSAGES" / f"{DOMAIN}.po"


def _read_catalog(path: Path, lang: str) -> Catalog:
    try:
        return read_catalog(path, lang)  # parsed once while its bytes stay the same (rulebook serve's rebuilds)
    except FileNotFoundError:
        raise CatalogError(
            f"{path}: catalog not found; create it with `pybabel init -l {lang}` (see rulebook/site/i18n.py)"
        ) from None
    except PoFileError as error:
        raise CatalogError(f"{path}: malformed catalog: {error}") from None


def compile_catalogs(locales_dir: Path, out_dir: Path, languages: tuple[str, ...] = LANGUAGES) -> list[str]:
    """Compile each language's ``.po`` into ``<out_dir>/<lang>/LC_MESSAGES/messages.mo``.

    Returns a warning per untranslated or fuzzy message (those fall back to
    English); raises :class:`CatalogError` for a missing or malformed catalog.
    """
    warnings: list[str] = []
    for lang in languages:
        path = catalog_path(locales_dir, lang)
        catalog = _read_catalog(path, lang)
        report = check_catalog(catalog)
        warnings.extend(f"{path}: {problem}" for problem in report.problems)
        target = out_dir / lang / "LC_MESSAGES" / f"{DOMAIN}.mo"
        target.parent.mkdir(parents=True, exist_ok=True)
        with target.open("wb") as handle:
            write_mo(handle, catalog, use_fuzzy=False)
    return warnings


def load_translations(mo_dir: Path, lang: str) -> NullTranslations:
    """The compiled catalog of ``lang`` from :func:`compile_catalogs`' output folder."""
    return Translations.load(str(mo_dir), [lang], DOMAIN)


_PLACEHOLDER = re.compile(r"%\((\w+)\)[sd]")


def _strings(value: str | tuple[str, ...] | list[str] | None) -> list[str]:
    if value is None:
        return []
    return [value] if isinstance(value, str) else list(value)


@dataclass(frozen=True)
class CatalogReport:
    """What is wrong with one catalog: untranslated, fuzzy, and Babel checker failures."""

    problems: tuple[str, ...]

    @property
    def complete(self) -> bool:
        """True when every message is translated and passes Babel's checkers."""
        return not self.problems


def check_catalog(catalog: Catalog) -> CatalogReport:
    """Every untranslated or fuzzy message and every failure of Babel's checkers.

    >>> catalog = Catalog(locale="de")
    >>> _ = catalog.add("Glossary", "Glossar")
    >>> _ = catalog.add("%(count)s entries", "%(anzahl)s Einträge", flags=["python-format"])
    >>> _ = catalog.add("%(count)s terms", "Begriffe", flags=["python-format"])
    >>> _ = catalog.add("Search", "")
    >>> for problem in check_catalog(catalog).problems:
    ...     print(problem)
    '%(count)s entries': placeholders differ: expected ['count'], found ['anzahl']
    '%(count)s entries': unknown named placeholder 'anzahl'
    '%(count)s terms': placeholders differ: expected ['count'], found []
    'Search': untranslated
    """
    problems: list[str] = []
    for message in catalog:
        if not message.id:
            continue
        label = repr(message.id if isinstance(message.id, str) else message.id[0])
        strings = _strings(message.string)
        if not strings or not all(strings):
            problems.append(f"{label}: untranslated")
        elif message.fuzzy:
            problems.append(f"{label}: marked fuzzy; review it and remove the flag")
        else:
            # Babel accepts a translation that drops a placeholder; we do not, because the
            # dropped value (a language name, a count) is information the reader needs.
            expected = sorted(set(_PLACEHOLDER.findall(" ".join(_strings(message.id)))))
            found = sorted(set(_PLACEHOLDER.findall(" ".join(strings))))
            if expected != found:
                problems.append(f"{label}: placeholders differ: expected {expected}, found {found}")
    for message, errors in catalog.check():
        label = repr(message.id if isinstance(message.id, str) else message.id[0])
        problems.extend(f"{label}: {error}" for error in errors)
    return CatalogReport(tuple(sorted(problems)))


def extract_messages(root: Path, mapping_file: Path) -> Catalog:
    """Extract the UI strings as pybabel would, from ``root`` with the mapping of ``babel.cfg``."""
    with mapping_file.open(encoding="utf-8") as handle:
        method_map, options_map = parse_mapping_cfg(handle)  # type: ignore[no-untyped-call]
    catalog = Catalog()
    for filename, lineno, message, comments, context in extract_from_dir(
        str(root),
        method_map,
        options_map,
        keywords={"_": None, "N_": None, "gettext": None, "ngettext": (1, 2), "pgettext": ((1, "c"), 2)},
    ):
        catalog.add(message, None, [(filename, lineno)], auto_comments=comments, context=context)
    return catalog


@functools.lru_cache(maxsize=256)
def language_name(lang: str, in_lang: str | None = None, in_sentence: bool = False) -> str:
    """The name of ``lang`` as written in ``in_lang`` (default: in itself).

    Capitalised where it stands alone (a menu, a table cell); ``in_sentence`` keeps the
    locale's own spelling, which is lower case in Hungarian and Russian ("német",
    "немецкий") and capitalised in English, German and Dutch.

    >>> language_name("hu"), language_name("hu", "de"), language_name("ru")
    ('Magyar', 'Ungarisch', 'Русский')
    >>> language_name("de", "ru", in_sentence=True), language_name("de", "hu", in_sentence=True)
    ('немецкий', 'német')
    >>> language_name("hu", "nl", in_sentence=True), language_name("ru", "en", in_sentence=True)
    ('Hongaars', 'Russian')
    """
    name = Locale.parse(lang).get_display_name(in_lang or lang) or lang
    if in_sentence:
        return name
    return name[:1].upper() + name[1:]


_ISO_DATE = re.compile(r"^(\d{4})(?:-(\d{2})(?:-(\d{2}))?)?$")


def format_source_date(value: str, lang: str) -> str:
    """A source's ISO date (``2012-11-30``, ``2002-07`` or ``2002``) as the locale writes it.

    >>> format_source_date("2012-11-30", "de"), format_source_date("2002-07", "hu")
    ('30. November 2012', '2002. július')
    >>> format_source_date("1942", "ru"), format_source_date("around 1942", "en")
    ('1942', 'around 1942')
    """
    match = _ISO_DATE.match(value)
    if match is None:
        return value
    year, month, day = match.groups()
    if day:
        return format_date(datetime.date(int(year), int(month), int(day)), "long", locale=lang)
    if month:
        return format_skeleton("yMMMM", datetime.date(int(year), int(month), 1), locale=lang)
    return year


def format_count(value: int, lang: str) -> str:
    """An integer with the locale's digit grouping.

    >>> format_count(5000, "en"), format_count(5000, "de")
    ('5,000', '5.000')
    """
    return format_decimal(value, locale=lang)


def format_share(part: int, whole: int, lang: str) -> str:
    """``part`` of ``whole`` as a percentage with one decimal, the locale's way.

    >>> format_share(1, 3, "en"), format_share(1, 3, "de"), format_share(0, 0, "nl")
    ('33.3%', '33,3%', '0,0%')
    """
    share = part / whole if whole else 0.0
    return format_percent(share, "#,##0.0%", locale=lang)
