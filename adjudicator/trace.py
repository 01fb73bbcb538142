"""The explanation every adjudicator result carries: a trace of cited steps.

A :class:`Step` says what was decided and which rule entry decided it (an entry
id of ``content/``, e.g. ``how.aktionsstapel``). Its wording is a template with
named fields, so the same step can be shown in any language by translating the
template (the site's gettext catalogs) and filling in :attr:`Step.params`.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Any

__all__ = ["N_", "Step", "Trace", "TraceBuilder"]


def N_(message: str) -> str:
    """Mark ``message`` as an English msgid for the translation catalogs; returns it unchanged.

    ``pybabel extract`` (see ``babel.cfg``) collects every ``N_("…")`` of the adjudicator;
    the caller translates the text in its reader's language.

    >>> N_("Battle odds")
    'Battle odds'
    """
    return message


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
    """Values filled into the template; plain JSON data."""
    text: str = field(init=False)
    """The step in English (the template filled in)."""

    def __post_init__(self) -> None:
        object.__setattr__(self, "text", self.template.format(**self.params))


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


class TraceBuilder:
    """Collects steps while a calculator works, then freezes them into a :class:`Trace`.

    >>> builder = TraceBuilder()
    >>> builder.add("se.interception", "naval interception succeeds: {roll} > distance {distance}", roll=5, distance=3)
    >>> [step.text for step in builder.build()]
    ['naval interception succeeds: 5 > distance 3']
    """

    def __init__(self) -> None:
        self._steps: list[Step] = []

    def add(self, rule: str, template: str, **params: Any) -> None:
        """Record that ``rule`` decided what ``template`` says."""
        self._steps.append(Step(rule, template, params))

    def extend(self, trace: Trace) -> None:
        """Append the steps of a sub-calculation."""
        self._steps.extend(trace.steps)

    def build(self) -> Trace:
        """The steps so far, frozen."""
        return Trace(tuple(self._steps))
