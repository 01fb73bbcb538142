"""Strict PO syntax, as ``msgfmt`` reads it: what Babel's lenient reader lets through.

Babel's :func:`babel.messages.pofile.read_po` accepts a string without its
closing quote (and drops its last character) and lets the second of two
messages with the same ``msgctxt`` replace the first. ``rulebook translate
import`` first holds the file to gettext's grammar with :func:`syntax_problems`:
every line is blank, a comment, a keyword (``msgctxt``, ``msgid``,
``msgid_plural``, ``msgstr``, ``msgstr[n]``) with a quoted string, or a quoted
continuation string; keywords come in gettext's order; previous-message lines
(``#| msgid "…"``) follow the same grammar; no two messages share a
``msgctxt``. Obsolete messages (``#~``) are not read.
"""

from __future__ import annotations

import re

__all__ = ["syntax_problems"]

_KEYWORD = re.compile(r"^(msgctxt|msgid_plural|msgid|msgstr(?:\[\d+\])?)(?:[ \t]+(.*))?$")
_STRING = re.compile(r'^"((?:[^"\\]|\\.)*)"[ \t]*$')
_ESCAPES = {"n": "\n", "t": "\t", '"': '"', "\\": "\\", "r": "\r", "a": "\a", "b": "\b", "f": "\f", "v": "\v"}
_FOLLOWS: dict[str, set[str | None]] = {
    "msgctxt": {None, "msgstr"},
    "msgid": {None, "msgctxt", "msgstr"},
    "msgid_plural": {"msgid"},
    "msgstr": {"msgid", "msgid_plural", "msgstr"},
}
"""Which keyword may precede each one (``None``: the start of the file; ``msgstr`` ends a message)."""


def _string_problem(token: str) -> str | None:
    if _STRING.match(token):
        return None
    if not token.startswith('"'):
        return f"expected a quoted string, found {token[:20]!r}"
    body = token[1:]
    closing = re.search(r'(?<!\\)(?:\\\\)*"', body)
    if closing is None:
        return 'unterminated string: the closing " is missing'
    return f"unexpected text after the closing quote: {body[closing.end() :][:20]!r}"


def _decode(token: str) -> str:
    match = _STRING.match(token)
    inner = match.group(1) if match else ""
    return re.sub(r"\\(.)", lambda m: _ESCAPES.get(m.group(1), m.group(1)), inner)


def syntax_problems(text: str) -> list[tuple[int, str]]:
    """Every syntax error of the PO file ``text``, as (line number, what is wrong and what to do).

    >>> syntax_problems('msgctxt "a|title"\\nmsgid "Eins"\\nmsgstr "One\\n')
    [(3, 'unterminated string: the closing " is missing; close the string with "')]
    >>> syntax_problems('msgctxt "a"\\nmsgid "x"\\nmsgstr "X"\\n\\nmsgctxt "a"\\nmsgid "y"\\nmsgstr "Y"\\n')
    [(5, "duplicate msgctxt 'a' (first at line 1); each message must have its own context, remove one")]
    >>> syntax_problems('msgid "x"\\nmsgtsr "X"\\nmsgstr "X"\\n')  # doctest: +NORMALIZE_WHITESPACE
    [(2, 'syntax error: expected a keyword (msgctxt, msgid, msgstr), a quoted string or a comment,
      found \\'msgtsr "X"\\'')]
    """
    problems: list[tuple[int, str]] = []
    contexts: dict[str, int] = {}
    previous_keyword: dict[bool, str | None] = {False: None, True: None}
    current: dict[bool, tuple[str, int, list[str]] | None] = {False: None, True: None}

    def finish(in_previous: bool) -> None:
        keyword = current[in_previous]
        current[in_previous] = None
        if keyword is None or in_previous or keyword[0] != "msgctxt":
            return
        value, line = "".join(keyword[2]), keyword[1]
        if value in contexts:
            problems.append(
                (
                    line,
                    f"duplicate msgctxt {value!r} (first at line {contexts[value]}); each message must have its own "
                    "context, remove one",
                )
            )
        else:
            contexts[value] = line

    for number, raw in enumerate(text.split("\n"), 1):
        line = raw.strip()
        in_previous = line.startswith("#|")
        if in_previous:
            line = line[2:].strip()
        elif not line or line.startswith("#"):
            continue
        if line.startswith('"'):
            problem = _string_problem(line)
            if current[in_previous] is None:
                problems.append((number, "a continuation string without a keyword before it; remove it or add msgid"))
            elif problem is None:
                current[in_previous][2].append(_decode(line))  # type: ignore[index]
            if problem is not None:
                problems.append((number, f'{problem}; close the string with "'))
            continue
        keyword = _KEYWORD.match(line)
        if keyword is None:
            problems.append(
                (
                    number,
                    "syntax error: expected a keyword (msgctxt, msgid, msgstr), a quoted string or a comment, "
                    f"found {line[:30]!r}",
                )
            )
            if not in_previous:
                previous_keyword[False] = "msgstr"  # read on from the next message, without follow-on errors
            continue
        finish(in_previous)
        name = keyword.group(1).split("[")[0]
        if not in_previous and previous_keyword[False] not in _FOLLOWS[name]:
            after = previous_keyword[False] or "the start of the file"
            problems.append((number, f"{name} cannot follow {after}; every message is [msgctxt] msgid msgstr"))
        previous_keyword[in_previous] = name
        token = (keyword.group(2) or "").strip()
        problem = _string_problem(token)
        if problem is not None:
            problems.append((number, f'{problem}; close the string with "'))
            current[in_previous] = None
            continue
        current[in_previous] = (name, number, [_decode(token)])
    finish(False)
    if previous_keyword[False] not in (None, "msgstr"):
        problems.append((len(text.split("\n")), 'the last message has no msgstr; add msgstr ""'))
    return problems
