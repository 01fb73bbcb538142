"""The adjudicator's gettext catalog: extracting its msgids, reading its translations, handing them to the page.

Every sentence a calculator says is an English template in the sources of ``adjudicator/``
(see :mod:`adjudicator.messages`). :func:`extract_adjudicator` is a pybabel extraction
method that finds them by reading the sources' syntax trees (no import, no execution):

- the template argument of a step: ``trace.add(rule, "…")``, ``Step(rule, "…")``,
  ``step(rule, "…")`` and the game modules' step helpers ``note(rule, "…")``,
  ``forbid(rule, "…", …)``, ``check(ok, rule, "…")``, ``refuse(rule, "…")``;
- the template of a summary line: ``message("…")``, ``Message("…")``;
- what a scenario problem expected: ``ScenarioError(path, "…")`` and the converter's
  ``collector.fail(path, "…")`` (:mod:`adjudicator.errors`);
- every ``N_("…")`` (words used as values, calculator labels),
  ``N_context("…", "…")`` (a word with a context, ``msgctxt``) and
  ``N_plural("…", "…")`` (a plural msgid pair).

Each msgid gets a translator comment naming the entry id the step cites, when that is a
literal. ``babel-adjudicator.cfg`` maps ``adjudicator/**.py`` to it; ``babel.cfg`` maps the
same files to :func:`extract_calculator_labels`, which yields only the calculators' labels
for the site's own ``messages`` catalog.

Updating the catalogs after a template changed (the test suite fails until they match)::

    .venv/bin/pybabel extract -F babel-adjudicator.cfg -o locales/adjudicator.pot \
        --no-location --omit-header --sort-output --no-wrap .
    .venv/bin/pybabel update -D adjudicator -i locales/adjudicator.pot -d locales --no-wrap

(a new language: ``pybabel init -D adjudicator -i locales/adjudicator.pot -d locales -l xx``).

:func:`load_language` reads ``locales/<lang>/LC_MESSAGES/adjudicator.po`` into an
:class:`adjudicator.messages.AnswerLanguage` with the locale's number symbols from Babel, for
the commands that answer in the reader's language (``rulebook adjudicate --lang``, ``rulebook
hex-number --lang``: :func:`add_language_options`) and, as JSON, for the calculator pages.
"""

from __future__ import annotations

import argparse
import ast
import io
from collections.abc import Collection, Iterator, Mapping
from pathlib import Path
from typing import IO, Any

from babel import Locale
from babel.messages.catalog import Catalog
from babel.messages.pofile import PoFileError, read_po
from babel.numbers import get_decimal_symbol, get_group_symbol

from adjudicator.messages import AnswerLanguage, N_context
from rulebook.content.model import LANGUAGES
from rulebook.errors import CatalogError

__all__ = [
    "DOMAIN",
    "LOCALES",
    "STEP_CALLS",
    "add_language_options",
    "extract_adjudicator",
    "extract_calculator_labels",
    "language_catalog_path",
    "load_language",
    "template_arguments",
]

DOMAIN = "adjudicator"
"""The gettext domain of everything the calculators say."""

LOCALES = Path(__file__).resolve().parents[2] / "locales"
"""The repository's catalogs: ``<lang>/LC_MESSAGES/<domain>.po``."""

STEP_CALLS: Mapping[str, int] = {
    "add": 1,
    "Step": 1,
    "step": 1,
    "note": 1,
    "forbid": 1,
    "check": 2,
    "refuse": 1,
    "message": 0,
    "Message": 0,
    "ScenarioError": 1,
    "fail": 1,
}
"""Calls whose argument at this position is a template (a literal msgid or ``N_plural``)."""

_Extracted = tuple[int, str | None, str | tuple[str, str], list[str]]


def _name(call: ast.Call) -> str | None:
    if isinstance(call.func, ast.Name):
        return call.func.id
    if isinstance(call.func, ast.Attribute):
        return call.func.attr
    return None


def _literal(node: ast.expr | None) -> str | None:
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return node.value
    return None


def template_arguments(tree: ast.AST) -> Iterator[tuple[ast.Call, ast.expr]]:
    """Every call of :data:`STEP_CALLS` with its template argument (whatever expression it is).

    A call of the same name whose argument is not text (``set.add(item)``, a number) is
    not a template call and is skipped.

    >>> tree = ast.parse('trace.add("us.5", "{n} hexes", n=2)\\nseen.add(item)\\ntrace.add(rule, f"{x}")')
    >>> [ast.unparse(argument) for _, argument in template_arguments(tree)]
    ["'{n} hexes'", "f'{x}'"]
    """
    for node in ast.walk(tree):
        if not isinstance(node, ast.Call):
            continue
        position = STEP_CALLS.get(_name(node) or "")
        if position is None or len(node.args) <= position:
            continue
        argument = node.args[position]
        if isinstance(argument, ast.Constant) and not isinstance(argument.value, str):
            continue
        if isinstance(argument, (ast.Tuple, ast.List, ast.Set, ast.Dict)):
            continue
        yield node, argument


def _rule_comment(call: ast.Call) -> list[str]:
    position = STEP_CALLS.get(_name(call) or "", 0)
    if position >= 1:
        rule = _literal(call.args[position - 1])
        if rule is not None:
            return [f"rule {rule}"]
    return []


def extract_adjudicator(
    fileobj: IO[bytes], keywords: Collection[str], comment_tags: Collection[str], options: Mapping[str, Any]
) -> Iterator[_Extracted]:
    """pybabel extraction method: every template and marked word of one adjudicator module.

    >>> import io
    >>> source = b'trace.add("us.5", "{n} hexes", n=2)\\nN_("infantry")\\nN_plural("{count} hit", "{count} hits")'
    >>> source += b'\\nN_context("on a map", "units")'
    >>> for found in extract_adjudicator(io.BytesIO(source), (), (), {}):
    ...     print(found)
    (1, None, '{n} hexes', ['rule us.5'])
    (2, None, 'infantry', [])
    (3, 'ngettext', ('{count} hit', '{count} hits'), [])
    (4, 'pgettext', ('on a map', 'units'), [])
    """
    tree = ast.parse(fileobj.read())
    found: list[_Extracted] = []
    for call, argument in template_arguments(tree):
        template = _literal(argument)
        if template is not None:
            found.append((call.lineno, None, template, _rule_comment(call)))
    for node in ast.walk(tree):
        if not isinstance(node, ast.Call):
            continue
        name = _name(node)
        if name == "N_" and node.args and (text := _literal(node.args[0])) is not None:
            found.append((node.lineno, None, text, []))
        elif name in ("N_plural", "N_context") and len(node.args) >= 2:
            first, second = _literal(node.args[0]), _literal(node.args[1])
            if first is not None and second is not None:
                found.append((node.lineno, "ngettext" if name == "N_plural" else "pgettext", (first, second), []))
    yield from sorted(found, key=lambda item: item[0])


def extract_calculator_labels(
    fileobj: IO[bytes], keywords: Collection[str], comment_tags: Collection[str], options: Mapping[str, Any]
) -> Iterator[_Extracted]:
    """pybabel extraction method for the site's catalog: ``label=N_("…")`` and ``title="…"`` of each ``Calculator``.

    The label names the calculator; the title is the line under it saying what it settles.

    >>> import io
    >>> source = b'Calculator(name="x", label=N_("Action stack"), title="Resolve a stack")\\nN_("infantry")'
    >>> list(extract_calculator_labels(io.BytesIO(source), (), (), {}))
    [(1, None, 'Action stack', []), (1, None, 'Resolve a stack', [])]
    """
    tree = ast.parse(fileobj.read())
    for node in ast.walk(tree):
        if isinstance(node, ast.Call) and _name(node) == "Calculator":
            for keyword in node.keywords:
                value = keyword.value
                if keyword.arg == "label" and isinstance(value, ast.Call) and _name(value) == "N_" and value.args:
                    text = _literal(value.args[0])
                    if text is not None:
                        yield value.lineno, None, text, []
                elif keyword.arg == "title":
                    text = _literal(value)
                    if text is not None:
                        yield value.lineno, None, text, []


def language_catalog_path(locales_dir: Path, lang: str) -> Path:
    """Where the adjudicator catalog of ``lang`` lives.

    >>> language_catalog_path(Path("locales"), "ru").as_posix()
    'locales/ru/LC_MESSAGES/adjudicator.po'
    """
    return locales_dir / lang / "LC_MESSAGES" / f"{DOMAIN}.po"


def _percent_pattern(lang: str) -> str:
    """The locale's percent format with ``{}`` for the number: ``{}%`` in English, ``{}\u00a0%`` in German."""
    pattern = str(Locale.parse(lang).percent_formats[None].pattern)
    number_start = min(pattern.index(c) for c in "#0" if c in pattern)
    number_end = max(pattern.rindex(c) for c in "#0" if c in pattern) + 1
    percent_sign = str(Locale.parse(lang).number_symbols["latn"]["percentSign"])
    prefix, suffix = pattern[:number_start], pattern[number_end:].split(";")[0]
    return (prefix + "{}" + suffix).replace("%", percent_sign)


_READ: dict[tuple[str, str, str | None], tuple[bytes, Catalog]] = {}
"""The catalogs read in this process, with the bytes they were read from (:func:`read_catalog`)."""


def read_catalog(path: Path, lang: str, domain: str | None = None) -> Catalog:
    """The ``.po`` file at ``path`` as Babel reads it (a syntax error raises :class:`PoFileError`), read
    again only when its bytes changed: a site build asks for each calculator catalog several times
    (the answers, the form labels, the calculator pages' words), and Babel takes a tenth of a
    second for each. The catalog is shared: read it, never change it."""
    data = path.read_bytes()
    key = (str(path.resolve()), lang, domain)
    kept = _READ.get(key)
    if kept is not None and kept[0] == data:
        return kept[1]
    catalog = read_po(io.BytesIO(data), locale=lang, domain=domain, abort_invalid=True)
    _READ[key] = (data, catalog)
    return catalog


def add_language_options(command: argparse.ArgumentParser, answer: str) -> None:
    """``--lang`` and ``--locales`` of a command that says ``answer`` in the reader's language (:func:`load_language`).

    >>> command = argparse.ArgumentParser()
    >>> add_language_options(command, "the answer")
    >>> options = command.parse_args(["--lang", "hu"])
    >>> options.lang, Path(options.locales) == LOCALES
    ('hu', True)
    """
    command.add_argument("--lang", default="en", choices=LANGUAGES, help=f"language of {answer} (default en)")
    command.add_argument(
        "--locales",
        default=str(LOCALES),
        metavar="DIR",
        help=f"folder of the catalogs, <lang>/LC_MESSAGES/{DOMAIN}.po (default: the repository's locales/)",
    )


def load_language(locales_dir: Path, lang: str) -> AnswerLanguage:
    """The adjudicator catalog of ``lang`` with Babel's number symbols for the locale.

    Untranslated and fuzzy messages are left out, so they show in English.

    >>> german = load_language(Path("locales"), "de")
    >>> german.decimal, german.group, german.percent.format("5")
    (',', '.', '5\u00a0%')
    """
    path = language_catalog_path(locales_dir, lang)
    try:
        catalog = read_catalog(path, lang)
    except FileNotFoundError:
        raise CatalogError(
            f"{path}: catalog not found; create it with `pybabel init -D {DOMAIN}` "
            "(see rulebook/adjudication/messages.py)"
        ) from None
    except PoFileError as error:
        raise CatalogError(f"{path}: malformed catalog: {error}") from None
    messages: dict[str, str | tuple[str, ...]] = {}
    for entry in catalog:
        if not entry.id or entry.fuzzy or not entry.string:
            continue
        if isinstance(entry.id, str):
            assert isinstance(entry.string, str)
            messages[N_context(entry.context, entry.id) if entry.context else entry.id] = entry.string
        elif any(entry.string):
            messages[entry.id[0]] = tuple(entry.string)
    return AnswerLanguage(
        code=lang,
        messages=messages,
        plural_forms=catalog.plural_expr,
        decimal=get_decimal_symbol(lang),
        group=get_group_symbol(lang),
        percent=_percent_pattern(lang),
    )
