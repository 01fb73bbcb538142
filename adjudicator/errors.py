"""Errors of the adjudicator, each naming the offending item of the scenario.

A scenario is plain data; :class:`ScenarioError` says where in it the problem
is (a dotted path such as ``attacker.units.infantry``), what was expected and
what was found, so the CLI and the browser page can show it without a traceback.

What was expected is written as everything else a calculator says (:mod:`adjudicator.messages`):
an English template, the msgid of the ``adjudicator`` catalog, with named fields, so the page
shows the problem in its tree's language. The template is a literal at the ``ScenarioError``
call (or marked :func:`~adjudicator.messages.N_` where a helper passes it on); a template
without fields is shown as written (its braces are not fields).
"""

from __future__ import annotations

import reprlib
from typing import Any

from adjudicator.messages import ENGLISH, N_, AnswerLanguage, Message, Plural

__all__ = ["AdjudicatorError", "ScenarioError", "shown_value"]


class _BoundedRepr(reprlib.Repr):
    """``repr`` cut short past a few hundred characters, mappings in their own order (not sorted)."""

    def __init__(self) -> None:
        super().__init__()
        self.maxlevel = 6
        self.maxlist = self.maxtuple = self.maxdict = self.maxset = self.maxfrozenset = 20
        self.maxstring = self.maxother = 200
        self.maxlong = 40

    def repr_int(self, x: int, level: int) -> str:
        if x.bit_length() > 4 * self.maxlong:  # Python refuses to print more than 4,300 digits
            return f"an integer of about {int(x.bit_length() * 0.30103) + 1} digits"
        return super().repr_int(x, level)

    def repr_dict(self, x: dict[Any, Any], level: int) -> str:
        if not x:
            return "{}"
        if level <= 0:
            return "{...}"
        pieces = [
            f"{self.repr1(key, level - 1)}: {self.repr1(value, level - 1)}"
            for key, value in list(x.items())[: self.maxdict]
        ]
        if len(x) > self.maxdict:
            pieces.append("...")
        return "{" + ", ".join(pieces) + "}"


_SHOWN = _BoundedRepr()


def shown_value(value: Any) -> str:
    """``repr(value)`` as a problem shows it: in full when short, cut short when long or deep.

    A scenario's value may be a list of a million items or an alias repeated a billion times
    over: a problem never prints more than a few hundred characters of it.

    >>> shown_value({"infantry": "three"}), shown_value(list(range(100)))[-12:]
    ("{'infantry': 'three'}", '18, 19, ...]')
    >>> len(shown_value("x" * 10_000)) < 250
    True
    """
    return _SHOWN.repr(value)


class AdjudicatorError(ValueError):
    """Base class of every error a calculator raises for bad input."""


_GOT = N_("{problem} (got {found})")
"""How a problem shows the value the scenario gave: ``{problem}`` is the rendered problem."""


class ScenarioError(AdjudicatorError):
    """The scenario is malformed or impossible: where (``path``), what was expected (a template), what was found.

    >>> str(ScenarioError("attacker.units.infantry", "must be a count of 0 or more", -1))
    'attacker.units.infantry: must be a count of 0 or more (got -1)'
    >>> problem = ScenarioError("units", "at most {limit} units a side", 500, limit=120)
    >>> problem.expected
    'at most 120 units a side'
    >>> german = AnswerLanguage("de", {"at most {limit} units a side": "höchstens {limit} Einheiten je Seite",
    ...     "{problem} (got {found})": "{problem} (angegeben: {found})"})
    >>> problem.detail_in(german)
    'höchstens 120 Einheiten je Seite (angegeben: 500)'
    """

    _NOTHING = object()

    def __init__(self, path: str, expected: str | Plural | Message, found: Any = _NOTHING, **params: Any) -> None:
        self.path = path
        if isinstance(expected, Message):
            problem = expected
        elif isinstance(expected, Plural):
            problem = Message(expected.singular, params, expected.plural, expected.count)
        else:
            problem = Message(expected, params)
        self.problem = problem
        """What was expected, as a template with its fields (rendered in a reader's language by :meth:`detail_in`)."""
        self.found = found
        self.expected = _problem_text(problem, ENGLISH)
        """What was expected, in English."""
        self.detail = self.detail_in(ENGLISH)
        """The message without the path, in English, for forms that show the path themselves."""
        super().__init__(f"{path}: {self.detail}" if path else self.detail)

    def detail_in(self, language: AnswerLanguage) -> str:
        """The message without the path in ``language``: what was expected and, when given, what was found."""
        expected = _problem_text(self.problem, language)
        if self.found is ScenarioError._NOTHING:
            return expected
        return language.translate(_GOT).format(problem=expected, found=shown_value(self.found))

    def at(self, path: str) -> ScenarioError:
        """The same problem at another path (a nested field's problem, reported from its parent).

        >>> print(ScenarioError("infantry", "must be a count of 0 or more", -1).at("units.infantry"))
        units.infantry: must be a count of 0 or more (got -1)
        """
        return ScenarioError(path, self.problem, self.found)


def _problem_text(problem: Message, language: AnswerLanguage) -> str:
    if not problem.params and problem.plural is None:
        return language.translate(problem.template)
    return language.render(problem)
