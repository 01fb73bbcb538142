"""Every error the ``rulebook`` package reports, worded for the person who has to fix the file.

Validation never stops at the first mistake: the loader collects every
:class:`Problem` and raises one :class:`ContentError` carrying all of them.
Each problem names the file, the entry (or term/example) id, the field, the
line where it is known, what was expected and what was found.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum

__all__ = [
    "CalculatorRuntimeError",
    "CatalogError",
    "ContentError",
    "ExampleFailure",
    "Problem",
    "RulebookError",
    "ScenarioFileError",
    "Severity",
    "SiteError",
    "TemplateError",
    "TranslationError",
]


class RulebookError(Exception):
    """Base class of every error the ``rulebook`` command reports without a traceback."""

    exit_code = 1
    """The ``rulebook`` command's exit code when this error stops it."""


class Severity(str, Enum):
    """Whether a problem stops the build."""

    ERROR = "error"
    WARNING = "warning"


@dataclass(frozen=True)
class Problem:
    """One thing wrong with the content.

    >>> print(Problem("content/games.yaml", "how", "name", "expected an English name", line=4))
    content/games.yaml:4: how: name: expected an English name
    """

    file: str
    item_id: str | None
    field: str | None
    message: str
    line: int | None = None
    severity: Severity = Severity.ERROR

    def __str__(self) -> str:
        where = self.file if self.line is None else f"{self.file}:{self.line}"
        parts = [where]
        if self.item_id:
            parts.append(self.item_id)
        if self.field:
            parts.append(self.field)
        prefix = "warning: " if self.severity is Severity.WARNING else ""
        return ": ".join(parts) + f": {prefix}{self.message}"


class ContentError(RulebookError):
    """The content did not validate; ``problems`` lists every error found."""

    def __init__(self, problems: list[Problem]) -> None:
        self.problems = problems
        count = len(problems)
        super().__init__(
            f"{count} problem{'s' if count != 1 else ''} in content:\n" + "\n".join(str(p) for p in problems)
        )


class TranslationError(RulebookError):
    """A catalog import or a review was refused and nothing was written; ``problems`` says why."""

    def __init__(self, what: str, problems: list[Problem]) -> None:
        self.problems = problems
        count = len(problems)
        super().__init__(
            f"{what}: refused, nothing written — {count} problem{'s' if count != 1 else ''}:\n"
            + "\n".join(str(p) for p in problems)
        )


class TemplateError(RulebookError):
    """A template is missing or broken; the message names the template and line."""


class CatalogError(RulebookError):
    """A ``.po`` catalog could not be read; the message names the file and line."""


class CalculatorRuntimeError(RulebookError):
    """The runtime cannot be assembled: Pyodide is not installed or a web source file is missing."""


class SiteError(RulebookError):
    """MkDocs or Pagefind refused to build; the message lists what they reported."""


class ExampleFailure(RulebookError):
    """A worked example does not give the outcome its source states, so the site is not built."""


class ScenarioFileError(RulebookError):
    """A scenario file could not be read or does not fit its calculator: bad input, exit code 2.

    Each line names the file and, where the problem has a place, its line and column
    (``file:line:column: path: message``).
    """

    exit_code = 2
