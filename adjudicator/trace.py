"""The explanation every adjudicator result carries: a trace of cited steps.

A :class:`Step` says what was decided and which rule entry decided it (an entry
id of ``content/``, e.g. ``how.aktionsstapel``). Its wording is a template with
named fields, so the same step can be shown in any language by translating the
template (the ``adjudicator`` gettext catalog) and filling in :attr:`Step.params`:
see :mod:`adjudicator.messages`, which also defines the markers :func:`~adjudicator.messages.N_` and
:func:`~adjudicator.messages.N_plural`.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, field
from functools import cached_property
from typing import Any

from adjudicator.messages import ENGLISH, AnswerLanguage, Message, Plural

__all__ = ["Step", "Trace", "TraceBuilder", "step"]


@dataclass(frozen=True)
class Step:
    """One decision of a calculation, with the rule entry that justifies it.

    >>> Step("how.aktionsstapel", "{card} resolves first (last in, first out)", {"card": "227"}).text
    '227 resolves first (last in, first out)'
    """

    rule: str
    """Entry id of the rule applied, e.g. ``us.10-2-1``."""
    template: str
    """English wording with ``{name}`` fields taken from :attr:`params`."""
    params: dict[str, Any] = field(default_factory=dict)
    """Values filled into the template: plain JSON data, words marked ``N_``, nested messages."""
    plural: str | None = None
    """The plural msgid, for a template marked :func:`~adjudicator.messages.N_plural`."""
    count: str | None = None
    """The field whose value selects the plural form (with :attr:`plural`)."""

    @cached_property
    def text(self) -> str:
        """The step in English (the template filled in); rendered when first read, since a map-wide
        calculation makes thousands of steps of which a reader sees few."""
        return ENGLISH.render(self.message)

    @property
    def message(self) -> Message:
        """What the step says, without the rule it cites."""
        return Message(self.template, self.params, self.plural, self.count)

    def render(self, language: AnswerLanguage) -> str:
        """The step in ``language``."""
        return language.render(self.message)


@dataclass(frozen=True)
class Trace:
    """The ordered steps of one calculation."""

    steps: tuple[Step, ...] = ()

    def __iter__(self) -> Iterator[Step]:
        return iter(self.steps)

    def __len__(self) -> int:
        return len(self.steps)

    def rules(self) -> tuple[str, ...]:
        """Entry ids cited, in first-cited order, without repeats."""
        return tuple(dict.fromkeys(step.rule for step in self.steps))


def step(rule: str, template: str | Plural, **params: Any) -> Step:
    """A step citing ``rule``: ``template`` (a literal msgid or :func:`N_plural`) filled with ``params``.

    >>> from adjudicator.messages import N_plural
    >>> step("us.5", N_plural("{count} hex", "{count} hexes"), count=2).text
    '2 hexes'
    """
    if isinstance(template, Plural):
        return Step(rule, template.singular, params, template.plural, template.count)
    return Step(rule, template, params)


class TraceBuilder:
    """Collects steps while a calculator works, then freezes them into a :class:`Trace`.

    >>> builder = TraceBuilder()
    >>> builder.add("se.interception", "naval interception succeeds: {roll} > distance {distance}", roll=5, distance=3)
    >>> [step.text for step in builder.build()]
    ['naval interception succeeds: 5 > distance 3']
    """

    def __init__(self) -> None:
        self._steps: list[Step] = []

    def add(self, rule: str, template: str | Plural, **params: Any) -> None:
        """Record that ``rule`` decided what ``template`` (a literal msgid or :func:`N_plural`) says.

        >>> from adjudicator.messages import N_plural
        >>> builder = TraceBuilder()
        >>> builder.add("aa2.combat", N_plural("{count} hit", "{count} hits"), count=1)
        >>> builder.build().steps[0].text
        '1 hit'
        """
        self._steps.append(step(rule, template, **params))

    def extend(self, trace: Trace) -> None:
        """Append the steps of a sub-calculation."""
        self._steps.extend(trace.steps)

    def build(self) -> Trace:
        """The steps so far, frozen."""
        return Trace(tuple(self._steps))
