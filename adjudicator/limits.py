"""The limits on what a scenario may hold, each with its reason, and the checks that refuse past them.

A calculator's cost, and a reader's, grows with its input: a file of many megabytes, a list
nested thousands deep, a YAML alias that repeats a large part of the file, an integer of
thousands of digits, a battle of a thousand units, a map of millions of hexes. Every such
input is refused at once with a message that names the field, the limit and what to lower —
as SQLite's limits, Python's own ``sys.set_int_max_str_digits`` and YAML libraries' alias caps
do — never a hang, an out-of-memory or a traceback. Each limit is a named constant here, in
one place, and ``docs/limits.md`` lists them for scenario authors.

Two kinds:

- **Reading limits** hold for every scenario of every calculator, whoever reads it: the CLI
  (``rulebook adjudicate``), the page (:func:`adjudicator.web.evaluate_json`) and the worked
  examples. :func:`json_text_problems` checks a JSON text before it is parsed (size, nesting
  depth, long integers), :func:`plain_problems` checks plain data before it is converted
  (:func:`adjudicator.registry.prepare` calls it): depth, values in all (each alias counted
  where it is used), list length, string length, integer size.
- **Calculator limits** hold where a calculator's own cost grows with a field (units of an
  exact battle, Monte Carlo runs, hexes of a map …); each calculator's scenario checks its
  fields against them with :func:`check_at_most`, reporting every field past its limit.

Standard library only.
"""

from __future__ import annotations

import itertools
import re
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, Final

from adjudicator.errors import ScenarioError
from adjudicator.messages import Message

__all__ = [
    "BATTLE_ROUND_LIMIT",
    "EXACT_BATTLE_UNITS_PER_SIDE",
    "EXACT_BATTLE_UNIT_TYPES_PER_SIDE",
    "EXACT_LOSS_COUNT_UNITS_PER_SIDE",
    "IPC_LIMIT",
    "MAP_HEXES",
    "MAP_UNITS",
    "MAX_INTEGER_DIGITS",
    "MAX_LIST_LENGTH",
    "MAX_NESTING_DEPTH",
    "MAX_SCENARIO_BYTES",
    "MAX_STRING_LENGTH",
    "MAX_VALUES",
    "MAX_YAML_ALIASES",
    "MONTE_CARLO_BATTLE_UNITS_PER_SIDE",
    "MONTE_CARLO_RUNS",
    "MONTE_CARLO_UNIT_RUNS",
    "REPLAY_ROUNDS",
    "SCENARIO_CARDS",
    "STACK_DECLARATIONS",
    "VICTORY_FLAGS",
    "LongInteger",
    "SizeLimit",
    "check_at_most",
    "json_integer",
    "json_text_problems",
    "json_too_deep_at",
    "line_and_column",
    "plain_problems",
    "size_problems",
    "too_deep",
    "too_large",
]

# ---- Reading limits: every scenario -----------------------------------------------------------

MAX_SCENARIO_BYTES: Final = 1_000_000
"""Bytes of a scenario file or text. The largest worked example is under thirty kilobytes, and a map of
twenty thousand hexes (:data:`MAP_HEXES`) about a megabyte; YAML of that size is read in about two
seconds (libyaml parses, Python builds the values), JSON in a fraction of one. A larger file is a
mistake (``/dev/zero``, a log pasted in). Files are read only up to this size."""

MAX_NESTING_DEPTH: Final = 64
"""Levels of lists and mappings inside one another. A scenario nests about six deep; every reader
and converter recurses once per level, and Python's stack ends near a thousand."""

MAX_YAML_ALIASES: Final = 100
"""YAML aliases (``*name``) in a file, as the page's YAML reader (js-yaml's ``maxAliases``) allows:
a few anchors save typing, thousands are an expansion bomb that makes a few kilobytes mean billions
of values."""

MAX_VALUES: Final = 1_000_000
"""Values (mappings, lists, strings, numbers) in a scenario, each alias counted everywhere it is
used: a whole board's map has tens of thousands; every value is converted and checked in turn."""

MAX_LIST_LENGTH: Final = 100_000
"""Items of one list or mapping: no game has that many hexes, units or cards."""

MAX_STRING_LENGTH: Final = 10_000
"""Characters of one string: ids, names and notes are short, and a string is printed in problems."""

MAX_INTEGER_DIGITS: Final = 30
"""Digits of an integer. A count, a round or a seed of thirty digits means nothing on a board, and
converting an integer of thousands of digits to text takes quadratic time (Python refuses past 4,300
with a traceback)."""

# ---- Calculator limits: where a calculator's cost grows with a field ---------------------------

EXACT_BATTLE_UNITS_PER_SIDE: Final = 120
"""Units of one side of an exact battle (``method: exact``) whose rounds follow every composition of the
units, or whose opening fire splits it into many battles: hits that cannot fall on aircraft meeting
aircraft (submarines at sea), units that leave, an anti-aircraft gun's shot (a battle for each number
of hits on each aircraft type), a bombardment whose casualties fire back. A hundred a side take
seconds (the sea battle of ``rulebook bench battle`` three, 120 a side with an AA gun twenty), and the
cost grows with the product of the sides' compositions. Battles on loss counts go further:
:data:`EXACT_LOSS_COUNT_UNITS_PER_SIDE`. Monte Carlo (``method: monte-carlo``) answers larger battles."""

EXACT_LOSS_COUNT_UNITS_PER_SIDE: Final = 500
"""Units of one side of an exact battle whose states are loss counts (every hit can fall on any unit
of the side it hits, no unit leaves: :func:`adjudicator.battle.engine.loss_count_openings`), as long
as its openings times the units of both sides are at most this squared. Each side's state is then its
number of losses and the odds grow with the square of the units, times about their square root: 500
infantry, armor and fighters a side take two seconds for the odds and four and a half with the rounds,
500 heavy bombers against infantry two and three and a half, 250 submarines with 250 battleships
against battleships and carriers (a first strike every round) seven and twelve, under 100 MB."""

EXACT_BATTLE_UNIT_TYPES_PER_SIDE: Final = 8
"""Unit types of one side of an exact battle: a side's states multiply with each type it holds."""

MONTE_CARLO_BATTLE_UNITS_PER_SIDE: Final = 1_000
"""Units of one side of a Monte Carlo battle: each simulated round rolls every unit's die, and the
hit distributions of more than about a thousand dice leave floating point."""

MONTE_CARLO_RUNS: Final = 100_000
"""Simulated battles of a Monte Carlo battle (``runs``): a hundred thousand give the odds to about
0.3 % and take seconds for a small battle."""

MONTE_CARLO_UNIT_RUNS: Final = 5_000_000
"""Runs times the units of both sides of a Monte Carlo battle: each run rolls every unit's dice, so
the 10,000 runs that compare with an exact answer fit battles of 250 units a side (seconds), and a
battle of a thousand units a side gets at most 2,500 runs."""

BATTLE_ROUND_LIMIT: Final = 100
"""The latest round a battle scenario may name (``round_limit``, ``retreat_after_round``,
``submerge_after_round``): every round up to it is played out (in each simulated battle too), and a
battle that lasts a hundred rounds does not end."""

REPLAY_ROUNDS: Final = 1_000
"""Rounds of dice a replay (``battle-replay``) gives: each is played out and traced."""

MAP_HEXES: Final = 20_000
"""Hexes of a hex map, regions (``rect``) counted as the hexes they expand to, before they are
expanded: a whole board has a few thousand; searches over the map grow with its hexes and units."""

MAP_UNITS: Final = 2_000
"""Units placed on a hex map: each unit's zone of control and supply path is worked out in turn."""

STACK_DECLARATIONS: Final = 1_000
"""Declarations (actions, reactions) on one action stack: a turn holds a handful, and each
declaration's effect is worked out against every other."""

SCENARIO_CARDS: Final = 1_000
"""Cards in one list of a scenario (a hand, a deck, a land's upgrades): a whole game has a few
hundred."""

VICTORY_FLAGS: Final = 10_000
"""Victory flags of a card, a land or a player: a land needs a few dozen."""

IPC_LIMIT: Final = 100_000
"""IPC shown with chips: the chips (one per 45 IPC) are listed one by one; a whole game's income
is a few hundred."""


def check_at_most(path: str, value: int, limit: int, lower: str | Message, unit: str = "") -> None:
    """Raise :class:`ScenarioError` if ``value`` is above ``limit`` (of ``unit``); ``lower`` says what to do instead.

    ``lower`` and ``unit`` are words marked :func:`~adjudicator.messages.N_` (or a message with fields),
    shown in the reader's language.

    >>> check_at_most("runs", 10**9, MONTE_CARLO_RUNS, "lower runs")
    Traceback (most recent call last):
    ...
    adjudicator.errors.ScenarioError: runs: must be at most 100000, the limit; lower runs (got 1000000000)
    """
    if value > limit:
        if unit:
            raise ScenarioError(
                path, "must be at most {limit} {unit}, the limit; {lower}", value, limit=limit, unit=unit, lower=lower
            )
        raise ScenarioError(path, "must be at most {limit}, the limit; {lower}", value, limit=limit, lower=lower)


@dataclass(frozen=True)
class SizeLimit:
    """A limit on one field of a scenario's plain data: an integer's value, or a list's or mapping's items.

    A scenario dataclass declares its limits as ``size_limits`` (a class variable, a tuple of these);
    :func:`adjudicator.registry.prepare` checks them on the plain data, before it is converted or
    written out in full (a map's regions), with :func:`size_problems`.
    """

    path: str
    """Dotted path of the field; ``*`` stands for every item of a list or value of a mapping."""
    limit: int
    unit: str
    """What is counted, in the plural: ``units``, ``IPC``, ``flags`` (marked :func:`~adjudicator.messages.N_`)."""
    lower: str
    """What to do instead, e.g. ``place fewer units`` (marked :func:`~adjudicator.messages.N_`)."""


def size_problems(data: Any, limits: tuple[SizeLimit, ...]) -> list[ScenarioError]:
    """Every field of plain ``data`` past one of ``limits``, each at its own path.

    >>> limits = (SizeLimit("lands.*.flags", 10, "flags", "count fewer"), SizeLimit("lands", 2, "lands", "fewer"))
    >>> for problem in size_problems({"lands": [{"flags": 3}, {"flags": 10**9}, {}]}, limits):
    ...     print(problem)
    lands.1.flags: must be at most 10 flags, the limit; count fewer (got 1000000000)
    lands: must be at most 2 lands, the limit; fewer (got 3)
    """
    problems: list[ScenarioError] = []
    for rule in limits:
        for path, value in _at(data, rule.path.split("."), ""):
            if isinstance(value, bool):
                continue
            if isinstance(value, int):
                size = value
            elif isinstance(value, (Mapping, list, tuple)):
                size = len(value)
            else:
                continue
            if size > rule.limit:
                problems.append(
                    ScenarioError(
                        path,
                        "must be at most {limit} {unit}, the limit; {lower}",
                        value if isinstance(value, int) else size,
                        limit=rule.limit,
                        unit=rule.unit,
                        lower=rule.lower,
                    )
                )
    return problems


def _at(data: Any, parts: list[str], path: str) -> list[tuple[str, Any]]:
    """The values at the dotted ``parts`` of ``data`` (``*``: every item), with their paths."""
    if not parts:
        return [(path, data)]
    head, rest = parts[0], parts[1:]
    if isinstance(data, Mapping):
        items = list(data.items()) if head == "*" else [(head, data[head])] if head in data else []
    elif isinstance(data, (list, tuple)) and head == "*":
        items = list(enumerate(data))
    else:
        return []
    found: list[tuple[str, Any]] = []
    for key, value in items:
        found.extend(_at(value, rest, f"{path}.{key}" if path else str(key)))
    return found


# ---- Reading limits, checked -------------------------------------------------------------------


class LongInteger:
    """An integer written with more than :data:`MAX_INTEGER_DIGITS` digits, kept as its digit count.

    A reader puts one where the integer was (its text never becomes a Python ``int``), and
    :func:`plain_problems` reports it at its path.
    """

    __slots__ = ("digits",)

    def __init__(self, text: str) -> None:
        self.digits = len(text.lstrip("+-"))

    def __repr__(self) -> str:
        return f"an integer of {self.digits} digits"


def json_integer(text: str) -> int | LongInteger:
    """``json.loads``'s ``parse_int``: the integer, or a :class:`LongInteger` past the limit.

    >>> json_integer("12"), json_integer("1" + "0" * 5000)
    (12, an integer of 5001 digits)
    """
    if len(text) > MAX_INTEGER_DIGITS + 1:
        return LongInteger(text)
    return int(text)


_NOT_BRACKETS = re.compile(r'"(?:[^"\\]|\\.)*"|[^\[\]{}"]+')


def json_text_problems(text: str) -> list[ScenarioError]:
    """What refuses a JSON scenario text before it is parsed: its size and how deep it nests.

    Python's JSON parser recurses once per level of nesting (and raises :class:`RecursionError`
    past a thousand); the text's brackets outside strings are counted first, without recursion.
    A problem's path is empty (the whole text); its message gives the place as ``line:column``.

    >>> json_text_problems('{"a": [1, 2, {"b": "[[[["}]}')
    []
    >>> print(json_text_problems("[" * 100_000 + "]" * 100_000)[0])
    the scenario nests deeper than 64 levels of lists and mappings (at 1:65), the limit; write it flatter
    """
    if len(text) > MAX_SCENARIO_BYTES:
        return [too_large(len(text))]
    offset = json_too_deep_at(text)
    if offset is None:
        return []
    line, column = line_and_column(text, offset)
    return [too_deep(f"{line}:{column}")]


def json_too_deep_at(text: str) -> int | None:
    """The offset of the first bracket of JSON ``text`` past :data:`MAX_NESTING_DEPTH` (``None``: none is)."""
    brackets = _NOT_BRACKETS.sub("", text)
    if len(brackets) <= MAX_NESTING_DEPTH:
        return None
    depths = itertools.accumulate(1 if bracket in "[{" else -1 for bracket in brackets)
    for index, depth in enumerate(depths):
        if depth > MAX_NESTING_DEPTH:
            return _nth_bracket_offset(text, index)
    return None


def line_and_column(text: str, offset: int) -> tuple[int, int]:
    """The line and column (both from 1) of ``offset`` in ``text``.

    >>> line_and_column("ab\\ncd", 4)
    (2, 2)
    """
    line = text.count("\n", 0, offset) + 1
    return line, offset - (text.rfind("\n", 0, offset) + 1) + 1


def _nth_bracket_offset(text: str, index: int) -> int:
    """The offset in ``text`` of its ``index``-th bracket outside strings (counted from 0)."""
    seen = -1
    offset = 0
    for match in _NOT_BRACKETS.finditer(text):
        between = match.start() - offset
        if seen + between >= index:
            return offset + (index - seen - 1)
        seen += between
        offset = match.end()
    return offset + (index - seen - 1)


def too_large(size: int) -> ScenarioError:
    """The problem of a scenario file or text of ``size`` bytes, past :data:`MAX_SCENARIO_BYTES`."""
    return ScenarioError(
        "",
        "the scenario is larger than {limit} bytes, the limit (got {size} bytes or more); "
        "a scenario is a few kilobytes: check that this is the scenario file",
        limit=MAX_SCENARIO_BYTES,
        size=size,
    )


def too_deep(where: str = "") -> ScenarioError:
    """The problem of a scenario nested past :data:`MAX_NESTING_DEPTH` (``where``: ``line:column``)."""
    if where:
        return ScenarioError(
            "",
            "the scenario nests deeper than {limit} levels of lists and mappings (at {where}), the limit; "
            "write it flatter",
            limit=MAX_NESTING_DEPTH,
            where=where,
        )
    return ScenarioError(
        "",
        "the scenario nests deeper than {limit} levels of lists and mappings, the limit; write it flatter",
        limit=MAX_NESTING_DEPTH,
    )


def plain_problems(data: Any) -> list[ScenarioError]:
    """What refuses plain scenario data before it is converted: every reading limit but the file's size.

    The walk uses no recursion and stops at :data:`MAX_VALUES` values, counting a value each
    time it is reached (an alias's anchor as often as it is used), so a scenario that would
    expand to billions of values is refused after a million. It reports each long list, string
    and integer at its path, and the first place nested too deep.

    >>> for problem in plain_problems({"units": {"infantry": 10**40}, "name": "x" * 20_000}):
    ...     print(problem)
    units.infantry: must be an integer of at most 30 digits (got 41 digits), the limit; write a smaller number
    name: must be a string of at most 10000 characters, the limit; write it shorter (got 20000 characters)
    >>> deep: list[object] = []
    >>> for _ in range(100_000):
    ...     deep = [deep]
    >>> [problem] = plain_problems({"hexes": deep})
    >>> problem.path[:12], problem.expected
    ('hexes.0.0.0.', 'the scenario nests deeper than 64 levels of lists and mappings, the limit; write it flatter')
    """
    problems: list[ScenarioError] = []
    pending: list[tuple[Any, str, int]] = [(data, "", 0)]
    values = 0
    while pending:
        value, path, depth = pending.pop()
        values += 1
        if values > MAX_VALUES:
            problems.append(
                ScenarioError(
                    "",
                    "the scenario holds more than {limit} values, the limit (each YAML alias counted where it "
                    "is used); write it smaller, with fewer aliases",
                    limit=MAX_VALUES,
                )
            )
            break
        if isinstance(value, (Mapping, list, tuple)):
            if depth >= MAX_NESTING_DEPTH:
                problems.append(too_deep().at(path))
                break
            if len(value) > MAX_LIST_LENGTH:
                problems.append(
                    ScenarioError(
                        path,
                        "must hold at most {limit} items, the limit; write fewer (got {count} items)",
                        limit=MAX_LIST_LENGTH,
                        count=len(value),
                    )
                )
                continue
            items = value.items() if isinstance(value, Mapping) else enumerate(value)
            # Reversed, so that problems come out in the scenario's order.
            for key, item in reversed(list(items)):
                key_text = key if isinstance(key, str) else repr(key) if isinstance(key, LongInteger) else str(key)
                if isinstance(key, str) and len(key) > MAX_STRING_LENGTH:
                    key_text = key[:20] + "…"
                pending.append((item, f"{path}.{key_text}" if path else key_text, depth + 1))
        elif isinstance(value, str):
            if len(value) > MAX_STRING_LENGTH:
                problems.append(
                    ScenarioError(
                        path,
                        "must be a string of at most {limit} characters, the limit; write it shorter "
                        "(got {count} characters)",
                        limit=MAX_STRING_LENGTH,
                        count=len(value),
                    )
                )
        elif isinstance(value, LongInteger) or (
            isinstance(value, int) and not isinstance(value, bool) and _digits_above_limit(value)
        ):
            # Never printed in full: Python refuses to print an integer of more than 4,300 digits.
            digits = value.digits if isinstance(value, LongInteger) else int(abs(value).bit_length() * 0.30103) + 1
            problems.append(
                ScenarioError(
                    path,
                    "must be an integer of at most {limit} digits (got {digits} digits), the limit; "
                    "write a smaller number",
                    limit=MAX_INTEGER_DIGITS,
                    digits=digits,
                )
            )
    return problems


_INTEGER_BOUND = 10**MAX_INTEGER_DIGITS


def _digits_above_limit(value: int) -> bool:
    return abs(value) >= _INTEGER_BOUND
