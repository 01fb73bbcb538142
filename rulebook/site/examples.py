"""Worked examples on the site: readable scenarios and answers, and the examples pages' split.

A worked example's scenario and stated outcome are plain data (mappings, lists, scalars in the
calculator's scenario format). A reader gets them as HTML, never as YAML: a mapping is a
definition list whose terms are the calculator forms' field labels in the page's language
(:class:`rulebook.adjudication.forms.FormLabels`), a list of records a table with those labels as
its head, a list of words a comma-separated line, an enumeration value its word from the same
catalog, ``true``/``false`` the page's "yes"/"no" (:func:`plain_html`).

Every example is shown in full on its game's examples pages; those are split so that no page is
heavier than 60 KB of HTML, in source order, the same pages in every language
(:func:`plan_example_pages`).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from babel.numbers import format_decimal
from markupsafe import Markup, escape

from rulebook.adjudication.forms import FormLabels
from rulebook.site.urls import examples_path

__all__ = ["ExamplesPage", "PlainWords", "plain_html", "plan_example_pages", "repeats_text"]


@dataclass(frozen=True)
class PlainWords:
    """The words a page of one language shows plain data with."""

    labels: FormLabels
    yes: str
    no: str
    locale: str
    """Babel locale for decimal numbers."""

    def key(self, name: str) -> str:
        """A mapping's key: a field's label, or the key itself (a unit or hex id)."""
        return self.labels.field(name) or name

    def scalar(self, value: Any, field: str | None = None) -> str:
        """One value (of field ``field``, when known) as a reader says it (no markup).

        >>> from rulebook.adjudication.forms import FormLabels
        >>> words = PlainWords(FormLabels(frozenset({"choice\\x04armoured car"})), "yes", "no", "de")
        >>> [words.scalar(v) for v in (True, 15, 2.5, "armoured-car", "A1", None)]
        ['yes', '15', '2,5', 'armoured car', 'A1', '—']
        >>> words = PlainWords(FormLabels(frozenset({"choice\x04clear", "choice:terrain\x04clear"}),
        ...     {"choice\x04clear": "klar", "choice:terrain\x04clear": "offenes Gelände"}), "ja", "nein", "de")
        >>> words.scalar("clear", "terrain"), words.scalar("clear", "weather"), words.scalar("clear")
        ('offenes Gelände', 'klar', 'klar')
        """
        if value is None:
            return "—"
        if isinstance(value, bool):
            return self.yes if value else self.no
        if isinstance(value, float):
            return format_decimal(value, locale=self.locale)
        if isinstance(value, str):
            return self.labels.choice(value, field) or value
        return str(value)


def _is_scalar(value: Any) -> bool:
    return not isinstance(value, (dict, list))


def _is_simple(value: Any) -> bool:
    return _is_scalar(value) or (isinstance(value, list) and all(_is_scalar(item) for item in value))


def _simple(value: Any, words: PlainWords, field: str | None = None) -> str:
    if isinstance(value, list):
        return ", ".join(words.scalar(item, field) for item in value) if value else "—"
    return words.scalar(value, field)


def plain_html(value: Any, words: PlainWords, field: str | None = None) -> Markup:
    """Plain data as readable HTML: definition lists, tables, lines of words; every text escaped.

    ``field`` names the field ``value`` belongs to, for choice words with a meaning per field.

    >>> from rulebook.adjudication.forms import FormLabels
    >>> labels = FormLabels(frozenset({"field\\x04Distance cm", "field\\x04Hex", "field\\x04Id"}))
    >>> words = PlainWords(labels, "yes", "no", "en")
    >>> print(plain_html({"distance_cm": 15, "path": ["<A1>", "A2"], "supplied": {"s1": True}}, words))
    <dl class="rb-plain"><dt>Distance cm</dt><dd>15</dd><dt>path</dt><dd>&lt;A1&gt;, A2</dd><dt>supplied</dt><dd><dl \
class="rb-plain"><dt>s1</dt><dd>yes</dd></dl></dd></dl>
    >>> print(plain_html([{"id": "s1", "hex": "A2"}, {"id": "s2"}], words))
    <table class="rb-plain"><thead><tr><th>Id</th><th>Hex</th></tr></thead><tbody><tr><td>s1</td><td>A2</td></tr>\
<tr><td>s2</td><td>—</td></tr></tbody></table>
    """
    if isinstance(value, dict):
        items = "".join(
            f"<dt>{escape(words.key(str(name)))}</dt><dd>{plain_html(item, words, str(name))}</dd>"
            for name, item in value.items()
        )
        return Markup(f'<dl class="rb-plain">{items}</dl>')
    if isinstance(value, list) and value and all(isinstance(item, dict) for item in value):
        if all(_is_simple(cell) for row in value for cell in row.values()):
            columns = list(dict.fromkeys(name for row in value for name in row))
            head = "".join(f"<th>{escape(words.key(str(name)))}</th>" for name in columns)
            rows = "".join(
                "<tr>"
                + "".join(f"<td>{escape(_simple(row.get(name), words, name))}</td>" for name in columns)
                + "</tr>"
                for row in value
            )
            return Markup(f'<table class="rb-plain"><thead><tr>{head}</tr></thead><tbody>{rows}</tbody></table>')
    if isinstance(value, list) and not _is_simple(value):
        items = "".join(f"<li>{plain_html(item, words, field)}</li>" for item in value)
        return Markup(f'<ol class="rb-plain">{items}</ol>')
    return escape(_simple(value, words, field))


_NOT_WORDS = re.compile(r"\]\([^)]*\)|[*_`>#\[\]]")


def repeats_text(quote: str, text: str) -> bool:
    """Whether ``quote`` is a passage of ``text`` (Markdown marks, case and spacing aside).

    >>> repeats_text("+1, if you fire  at a vehicle.", "Modifiers:\\n\\n- **+1**, if you fire at a [vehicle](ref:x).")
    True
    >>> repeats_text("A dug-in unit with VG 4 is to be destroyed.", "Storm: roll a die.")
    False
    """

    def words(markdown: str) -> str:
        return " ".join(_NOT_WORDS.sub("", markdown).split()).casefold()

    return bool(quote.strip()) and words(quote) in words(text)


@dataclass(frozen=True)
class ExamplesPage:
    """One page of a game's worked examples."""

    game: str
    number: int
    """1 for the game's first page (``examples/<game>/``), then 2, 3, …"""
    path: str
    example_ids: tuple[str, ...]


def plan_example_pages(
    by_game: Mapping[str, Sequence[str]], weight: Callable[[str], int], budget: int
) -> dict[str, list[ExamplesPage]]:
    """Split each game's examples (ids in source order) into pages of at most ``budget`` weight.

    A page takes the next example while the sum of their weights stays within the budget; an example
    heavier than the budget has a page to itself.

    >>> pages = plan_example_pages({"g": ["a", "b", "c", "d"]}, {"a": 5, "b": 4, "c": 9, "d": 1}.__getitem__, 10)
    >>> [(page.number, page.path, page.example_ids) for page in pages["g"]]
    [(1, 'examples/g.md', ('a', 'b')), (2, 'examples/g/2.md', ('c', 'd'))]
    """
    plan: dict[str, list[ExamplesPage]] = {}
    for game, example_ids in by_game.items():
        groups: list[list[str]] = []
        load = 0
        for example_id in example_ids:
            size = weight(example_id)
            if not groups or load + size > budget:
                groups.append([])
                load = 0
            groups[-1].append(example_id)
            load += size
        plan[game] = [
            ExamplesPage(game, number, examples_path(game, number), tuple(group))
            for number, group in enumerate(groups, start=1)
        ]
    return plan
