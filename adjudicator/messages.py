"""Everything a calculator says, as English msgids with named fields, rendered in the reader's language.

A calculator never writes a finished sentence. A trace step (:class:`~adjudicator.trace.Step`)
and a summary line (:class:`Message`) hold an English *template* — the msgid of the
``adjudicator`` gettext catalog (``locales/<lang>/LC_MESSAGES/adjudicator.po``) — and the
values of its ``{fields}``. :class:`AnswerLanguage` renders them: it looks the template up in a
catalog (English when the catalog lacks it), picks the plural form, translates the values
that are themselves words (those marked :func:`N_`, e.g. a unit type or a side), and writes
numbers with the locale's decimal sign, digit grouping and percent sign.

Marking, so that ``rulebook.adjudication.messages`` extracts every msgid from the sources:

- ``trace.add(rule, "literal template", **params)`` — a step (also ``Step(rule, "…")``);
- ``message("literal template", **params)`` — a summary line;
- ``N_("word")`` — a word used as a value (an enum value, a phase name, a label);
- ``N_context("what it means here", "word")`` — a word that needs another translation in one
  use than in another (``pgettext``'s context: ``units`` of a battle, ``units`` on a hex map);
- ``N_plural("{count} hit", "{count} hits", count="count")`` — a template with plural forms,
  in place of the literal in any of the above; ``count`` names the field that selects the form.

Pure standard library: the page runs the same rendering under Pyodide, with the catalog
handed over as JSON (:meth:`AnswerLanguage.from_json`); the plural rule is the catalog's gettext
``Plural-Forms`` expression, evaluated with :func:`gettext.c2py`.

>>> line = message(N_plural("{count} hit", "{count} hits", count="count"), count=3)
>>> line.text
'3 hits'
>>> russian = AnswerLanguage(
...     "ru",
...     {"{count} hit": ("{count} попадание", "{count} попадания", "{count} попаданий")},
...     plural_forms="n%10==1 && n%100!=11 ? 0 : n%10>=2 && n%10<=4 && (n%100<10 || n%100>=20) ? 1 : 2",
... )
>>> [russian.render(message(line.plural_template, count=n)) for n in (1, 3, 5, 21)]
['1 попадание', '3 попадания', '5 попаданий', '21 попадание']
"""

from __future__ import annotations

import gettext
import json
import string
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any

__all__ = [
    "CONTEXT_SEPARATOR",
    "ENGLISH",
    "TRACE_HEADING",
    "AnswerLanguage",
    "Message",
    "MessageList",
    "N_",
    "N_context",
    "N_plural",
    "Plural",
    "Summarized",
    "Table",
    "message",
    "message_from_plain",
    "word_list",
]


def N_(message: str) -> str:  # noqa: N802 - the gettext convention for "mark, do not translate here"
    """Mark ``message`` as an English msgid for the translation catalogs; returns it unchanged.

    The extractor collects every ``N_("…")`` of the adjudicator; whoever shows the text
    translates it in its reader's language (a value of a template field is translated
    when it is such a msgid).

    >>> N_("Battle odds")
    'Battle odds'
    """
    return message


CONTEXT_SEPARATOR = "\x04"
"""gettext's separator between a message's context and its msgid (the key of a word marked :func:`N_context`)."""


def N_context(context: str, message: str) -> str:  # noqa: N802 - see N_
    """Mark ``message`` as a msgid with a ``context`` (``pgettext``): the same English with a translation of its own.

    Returns the catalog's key, the context and the msgid joined by :data:`CONTEXT_SEPARATOR`;
    a reader's language translates it as that entry, and shows the msgid where the catalog lacks it.

    >>> units = N_context("counted on a hex map", "units")
    >>> ENGLISH.translate(units), AnswerLanguage("ru", {units: "подразделений"}).translate(units)
    ('units', 'подразделений')
    """
    return f"{context}{CONTEXT_SEPARATOR}{message}"


TRACE_HEADING = N_("Why:")
"""The heading a terminal prints above a result's trace steps (``rulebook adjudicate``)."""


@dataclass(frozen=True)
class Plural:
    """A template with a singular and a plural msgid; the value of field :attr:`count` picks the form."""

    singular: str
    plural: str
    count: str = "count"


def N_plural(singular: str, plural: str, count: str = "count") -> Plural:  # noqa: N802 - see N_
    """Mark a template with plural forms (``ngettext``'s pair); ``count`` names the field that selects the form.

    >>> N_plural("{count} hit", "{count} hits")
    Plural(singular='{count} hit', plural='{count} hits', count='count')
    """
    return Plural(singular, plural, count)


@dataclass(frozen=True)
class Message:
    """A sentence to show: an English template (the msgid) and the values of its fields.

    >>> Message("Attacker wins: {share:.1%}", {"share": 0.25}).text
    'Attacker wins: 25.0%'
    """

    template: str
    """English wording with ``{name}`` fields (and format specs such as ``{share:.1%}``): the msgid."""
    params: dict[str, Any] = field(default_factory=dict)
    """Values filled into the template: numbers, names, words marked :func:`N_`, other messages."""
    plural: str | None = None
    """The plural msgid, for a template marked :func:`N_plural`."""
    count: str | None = None
    """The field whose value selects the plural form, for a template marked :func:`N_plural`."""

    @property
    def plural_template(self) -> str | Plural:
        """The template as it was marked: a plain msgid or a :class:`Plural`."""
        if self.plural is None:
            return self.template
        return Plural(self.template, self.plural, self.count or "count")

    @property
    def text(self) -> str:
        """The message in English."""
        return ENGLISH.render(self)


def message(template: str | Plural, **params: Any) -> Message:
    """A summary line: ``template`` (a literal, or :func:`N_plural`) filled with ``params``.

    >>> message("{count} IPC left", count=4).text
    '4 IPC left'
    """
    if isinstance(template, Plural):
        return Message(template.singular, params, template.plural, template.count)
    return Message(template, params)


@dataclass(frozen=True)
class MessageList:
    """Several messages shown as one field's value, joined by :attr:`separator`.

    >>> message("{effects}", effects=MessageList((message("is pushed"), message("undamaged")))).text
    'is pushed, undamaged'
    """

    items: tuple[Message, ...]
    separator: str = ", "


def word_list(words: Iterable[str], separator: str = ", ") -> MessageList:
    """Words marked :func:`N_` (unit types, choices) shown as one field's value, each in the reader's language.

    >>> german = AnswerLanguage("de", {"infantry": "Infanterie", "armor": "Panzer"})
    >>> german.render(message("expected one of: {choices}", choices=word_list(["infantry", "armor"])))
    'expected one of: Infanterie, Panzer'
    """
    return MessageList(tuple(Message(word) for word in words), separator)


@dataclass(frozen=True)
class Table:
    """Figures in rows under column headings: a part of an answer that a terminal prints as a table.

    The caption and the headings are msgids; a cell is a message, most often a figure alone
    (a template of fields and signs, no word: ``"{share:.1%}"``), written the reader's way.

    >>> table = Table(N_("Expected rounds"), (N_("Round"),), ((Message("{share:.1%}", {"share": 0.25}),),))
    >>> AnswerLanguage("de", {"Round": "Runde"}, decimal=",", percent="{}\u00a0%").render(table.rows[0][0])
    '25,0\xa0%'
    """

    caption: str
    """What the table shows, a msgid."""
    headings: tuple[str, ...]
    """Each column's heading, a msgid."""
    rows: tuple[tuple[Message, ...], ...]
    """One message per column in each row."""


class Summarized:
    """Base of a result whose answer is a few :class:`Message` lines; gives their English :meth:`summary`."""

    def summary_messages(self) -> list[Message]:
        """The answer in a few lines, to be rendered in the reader's language."""
        raise NotImplementedError

    def tables(self) -> list[Table]:
        """The answer's tables, shown under its lines (none unless a result has some: a battle's rounds)."""
        return []

    def summary(self) -> list[str]:
        """The answer in a few English lines."""
        return [line.text for line in self.summary_messages()]


def _english_plural(n: int) -> int:
    return 0 if n == 1 else 1


class _Formatter(string.Formatter):
    """``str.format`` with the language's words and numbers."""

    def __init__(self, language: AnswerLanguage) -> None:
        self.language = language

    def format_field(self, value: Any, format_spec: str) -> str:
        return self.language.format_value(value, format_spec)


@dataclass(frozen=True)
class AnswerLanguage:
    """A reader's language: the catalog of templates and how numbers are written.

    ``messages`` maps an English msgid to its translation: a string, or for a plural
    msgid (keyed by its singular) one string per plural form of the language; a msgid
    with a context is keyed as :func:`N_context` writes it. A missing or empty
    translation falls back to English.

    >>> german = AnswerLanguage("de", {"Expected rounds: {rounds:.3f}": "Erwartete Runden: {rounds:.3f}"}, decimal=",")
    >>> german.render(message("Expected rounds: {rounds:.3f}", rounds=2.5))
    'Erwartete Runden: 2,500'
    >>> german.render(message("Not in the catalog: {share:.1%}", share=0.5))
    'Not in the catalog: 50,0%'
    """

    code: str = "en"
    """The language code, e.g. ``de``."""
    messages: Mapping[str, str | tuple[str, ...]] = field(default_factory=dict)
    """msgid → translation (plural msgids: their singular → one translation per form)."""
    plural_forms: str = "(n != 1)"
    """The catalog's gettext plural expression (``plural=`` of its ``Plural-Forms`` header)."""
    decimal: str = "."
    """Decimal sign."""
    group: str = ","
    """Digit-grouping sign (used where a template asks for grouping, ``{n:,}``)."""
    percent: str = "{}%"
    """How a percentage is written, ``{}`` standing for the number (``"{}\u00a0%"`` in German)."""

    @property
    def plural_index(self) -> Callable[[int], int]:
        """The plural form (an index into a plural translation) for a count."""
        if self.plural_forms == "(n != 1)":
            return _english_plural
        function: Callable[[int], int] = gettext.c2py(self.plural_forms)
        return function

    def translate(self, text: str) -> str:
        """``text`` in this language when the catalog has it, else unchanged (a name, a number, English); a word
        marked :func:`N_context` without a translation is its msgid."""
        translated = self.messages.get(text)
        if isinstance(translated, str) and translated:
            return translated
        return text.rpartition(CONTEXT_SEPARATOR)[2]

    def template_for(self, template: str, plural: str | None, count: Any) -> str:
        """The translated template of a message, the right plural form chosen; English if missing."""
        if plural is None:
            return self.translate(template)
        n = count if isinstance(count, int) else 0 if count is None else int(count)
        forms = self.messages.get(template)
        if isinstance(forms, (tuple, list)) and forms:
            index = self.plural_index(n)
            if index < len(forms) and forms[index]:
                return str(forms[index])
        return template if _english_plural(n) == 0 else plural

    def render(self, shown: Message) -> str:
        """The message in this language.

        >>> ENGLISH.render(Message("{side} loses {count} units", {"side": "attacker", "count": 2}))
        'attacker loses 2 units'
        """
        count = shown.params.get(shown.count) if shown.count else None
        template = self.template_for(shown.template, shown.plural, count)
        return _Formatter(self).vformat(template, (), shown.params)

    def format_value(self, value: Any, spec: str = "") -> str:
        """One field's value: a nested message rendered, a word translated, a number the locale's way.

        >>> AnswerLanguage("de", decimal=",", group=".", percent="{}\u00a0%").format_value(1234.5678, ",.2f")
        '1.234,57'
        """
        if isinstance(value, Message):
            return format(self.render(value), spec)
        if isinstance(value, MessageList):
            return format(value.separator.join(self.render(item) for item in value.items), spec)
        if isinstance(value, str):
            return format(self.translate(value), spec)
        if isinstance(value, (int, float)) and not isinstance(value, bool):
            if spec.endswith("%"):
                return self.percent.format(self._localise(format(value, spec)[:-1]))
            return self._localise(format(value, spec))
        return format(value, spec)

    def _localise(self, number: str) -> str:
        if self.decimal == "." and self.group == ",":
            return number
        return number.replace(",", "\0").replace(".", self.decimal).replace("\0", self.group)

    def to_json(self) -> str:
        """This language as the JSON the page loads (see :meth:`from_json`)."""
        return json.dumps(
            {
                "code": self.code,
                "messages": {
                    key: list(value) if not isinstance(value, str) else value for key, value in self.messages.items()
                },
                "plural_forms": self.plural_forms,
                "decimal": self.decimal,
                "group": self.group,
                "percent": self.percent,
            },
            ensure_ascii=False,
            sort_keys=True,
        )

    @classmethod
    def from_json(cls, text: str) -> AnswerLanguage:
        """A language from :meth:`to_json`'s JSON.

        >>> AnswerLanguage.from_json(AnswerLanguage("nl", {"yes": "ja"}).to_json()).translate("yes")
        'ja'
        """
        data = json.loads(text)
        messages = {key: value if isinstance(value, str) else tuple(value) for key, value in data["messages"].items()}
        return cls(data["code"], messages, data["plural_forms"], data["decimal"], data["group"], data["percent"])


ENGLISH = AnswerLanguage()
"""English: the msgids themselves, Python's number format."""


def message_from_plain(data: Any) -> Any:
    """A message, message list or field value rebuilt from its plain data (:func:`adjudicator.plain.to_plain`).

    A stored result (a worked example's) keeps each step's template and fields, so it can be
    shown again in any language without running the calculator.

    >>> step = {"rule": "us.5", "template": "{who} cannot move", "params": {"who": {"template": "the {unit}",
    ...     "params": {"unit": "HQ"}, "plural": None, "count": None, "text": "the HQ"}}, "plural": None,
    ...     "count": None, "text": "the HQ cannot move"}
    >>> AnswerLanguage("de", {"{who} cannot move": "{who} darf nicht ziehen", "the {unit}": "die {unit}"}).render(
    ...     message_from_plain(step))
    'die HQ darf nicht ziehen'
    """
    if isinstance(data, dict):
        if isinstance(data.get("template"), str) and isinstance(data.get("params"), dict):
            stored_template: str = data["template"]  # a msgid the calculator marked when it ran
            return Message(
                stored_template,
                {name: message_from_plain(value) for name, value in data["params"].items()},
                data.get("plural"),
                data.get("count"),
            )
        if isinstance(data.get("items"), list) and isinstance(data.get("separator"), str):
            return MessageList(tuple(message_from_plain(item) for item in data["items"]), data["separator"])
    if isinstance(data, list):
        return [message_from_plain(item) for item in data]
    return data
